//! The creature picker: `A` on any ruleset's main screen lists the creatures the ruleset offers
//! (its bestiary, and the judge's library where the ruleset reads one), a few letters keep those
//! whose kind answers to them, Tab chooses whether the players see it come in, and Enter adds the
//! highlighted one as one step: numbered after its kind, on the opponents' side, and in a fight
//! under way at the place its initiative gives it. In a fight, the session's encounters with
//! someone standing outside it come first: Enter brings all of them in, as one step. The
//! encounters the judge keeps in the library for this ruleset follow: Enter brings their
//! creatures in, numbered, as one encounter (into the fight, in one). Esc leaves everything as
//! it was.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::jump::matches;
use crate::session::Command;
use crate::tui::host::{Arrival, Dice, Exec, Gathering, Main, Overlay, PickPrompt};
use crate::tui::keymap::Action;
use crate::tui::theme::Theme;
use crate::tui::widgets::{RenderTo, dialog, fit, pad, width_for};

/// One line of the picker: an encounter, or a creature.
enum Offer<'a> {
    Encounter(&'a Gathering),
    Creature(&'a Arrival),
}

/// The places of the encounters and then the creatures that answer to what is typed (all of
/// them while nothing is): a place below `p.encounters.len()` is an encounter's, the rest a
/// creature's after them.
pub fn shown(p: &PickPrompt) -> Vec<usize> {
    let typed = p.typed.trim();
    let answers = |name: &str| typed.is_empty() || matches(name, typed);
    let encounters = p.encounters.iter().map(|e| answers(&e.name));
    let creatures = p.arrivals.iter().map(|a| answers(&a.kind));
    encounters
        .chain(creatures)
        .enumerate()
        .filter(|&(_, hit)| hit)
        .map(|(i, _)| i)
        .collect()
}

/// What stands at place `i` of the picker (see [`shown`]).
fn offer(p: &PickPrompt, i: usize) -> Option<Offer<'_>> {
    match i.checked_sub(p.encounters.len()) {
        None => p.encounters.get(i).map(Offer::Encounter),
        Some(i) => p.arrivals.get(i).map(Offer::Creature),
    }
}

impl Main {
    /// Opens the picker over the encounters that can come into the fight under way and
    /// `arrivals`, or says why there is nothing to pick.
    pub(crate) fn open_picker(&mut self, arrivals: Vec<Arrival>) -> bool {
        let mut encounters: Vec<Gathering> = self
            .session
            .state()
            .bringable()
            .into_iter()
            .map(|(e, count)| Gathering {
                name: e.name.clone(),
                count,
                add: Vec::new(),
            })
            .collect();
        let ruleset = self.session.state().ruleset();
        encounters.extend(
            crate::content::kept::active()
                .of(ruleset)
                .filter_map(|e| self.kept(e, &arrivals)),
        );
        if arrivals.is_empty() && encounters.is_empty() {
            self.complain("no creature to pick: no bestiary here and no creature yet; n adds a character by hand");
            return true;
        }
        self.overlay = Some(Overlay::Pick(PickPrompt {
            encounters,
            arrivals,
            ..PickPrompt::default()
        }));
        true
    }

    /// A kept encounter as the picker offers it: each of its creatures made from the picker's
    /// creature of that kind, numbered after those already here and each other. None when none
    /// of its kinds is one the picker has.
    fn kept(&self, e: &crate::session::KeptEncounter, arrivals: &[Arrival]) -> Option<Gathering> {
        let mut names = self.roster_names();
        let mut add = Vec::new();
        for k in &e.creatures {
            let Some(a) = arrivals
                .iter()
                .find(|a| a.kind.eq_ignore_ascii_case(&k.kind))
            else {
                continue;
            };
            for _ in 0..k.count {
                let taken = |n: &str| names.iter().any(|name| name.eq_ignore_ascii_case(n));
                let name = crate::rules::text::free_name(&a.kind, a.numbered, taken).ok()?;
                add.push((a.make)(&name));
                names.push(name);
            }
        }
        (!add.is_empty()).then(|| Gathering {
            name: e.name.clone(),
            count: add.len(),
            add,
        })
    }

    pub(crate) fn pick_key(
        &mut self,
        action: Option<Action>,
        key: KeyEvent,
        dice: &mut Dice,
    ) -> bool {
        let Some(Overlay::Pick(p)) = &mut self.overlay else {
            return false;
        };
        let count = shown(p).len();
        match action {
            Some(Action::Cancel) => self.overlay = None,
            Some(Action::Up) => p.sel = p.sel.saturating_sub(1),
            Some(Action::Down) => p.sel = (p.sel + 1).min(count.saturating_sub(1)),
            Some(Action::Change) => p.seen = !p.seen,
            Some(Action::Accept) => {
                let Some(&i) = shown(p).get(p.sel) else {
                    return false;
                };
                let Some(Overlay::Pick(p)) = self.overlay.take() else {
                    return false;
                };
                let command = match offer(&p, i) {
                    Some(Offer::Encounter(e)) if e.add.is_empty() => Command::Bring {
                        encounter: e.name.as_str().into(),
                        seen: p.seen,
                    },
                    Some(Offer::Encounter(e)) => Command::Muster {
                        encounter: e.name.as_str().into(),
                        add: e.add.clone().into(),
                        seen: p.seen,
                    },
                    Some(Offer::Creature(a)) => Command::Arrive {
                        add: Box::new(a.add.clone()),
                        seen: p.seen,
                    },
                    None => return false,
                };
                let before = self.roster();
                // Mid-turn, the selection stays on the one acting: `a` after `A` attacked as
                // the newcomer, not as the fighter whose turn it is.
                let on_actor = self
                    .view
                    .selected
                    .is_some_and(|id| self.turn.as_ref().is_some_and(|t| t.acting.contains(&id)));
                match self.run(command, dice, None) {
                    Exec::Failed(why) => self.complain(why),
                    Exec::Asked => {}
                    Exec::Done => {
                        // Else the newcomer (the first of an encounter) is selected, for the
                        // next key to act on.
                        if let Some(id) = self
                            .roster()
                            .into_iter()
                            .find(|id| !before.contains(id))
                            .filter(|_| !on_actor)
                        {
                            self.view.selected = Some(id);
                        }
                    }
                }
            }
            _ => match key.code {
                KeyCode::Char(c) if !c.is_control() => {
                    p.typed.push(c);
                    p.sel = 0;
                }
                KeyCode::Backspace => {
                    p.typed.pop();
                    p.sel = 0;
                }
                _ => return false,
            },
        }
        true
    }
}

/// The picker: what is typed, the creatures that match with the name each would come in with,
/// and whether the players will see it.
pub fn draw(buf: &mut Buffer, area: Rect, p: &PickPrompt, theme: Theme) {
    let w = width_for(area, 60);
    let h = area.height.saturating_sub(4).clamp(8, 20);
    let title = if p.encounters.is_empty() {
        "Add a creature"
    } else {
        "Bring an encounter or a creature"
    };
    let inner = dialog(buf, area, w, h, title, theme);
    let row = |i: u16| Rect::new(inner.x, inner.y + i, inner.width, 1);
    let prompt = if p.encounters.is_empty() {
        "Kind: "
    } else {
        "Name or kind: "
    };
    Line::from(vec![
        Span::styled(prompt, theme.bold()),
        Span::raw(format!("{}▏", p.typed)),
    ])
    .render_to(buf, row(0));
    let sight = if p.seen {
        Span::styled("seen by the players", theme.bold())
    } else {
        Span::styled("unseen by the players", theme.dim())
    };
    Line::from(vec![sight, Span::styled("  (Tab changes)", theme.dim())]).render_to(buf, row(1));
    let hits = shown(p);
    let list_h = inner.height.saturating_sub(3) as usize;
    if hits.is_empty() {
        let none = if p.encounters.is_empty() {
            "no creature's kind starts so"
        } else {
            "no encounter's name nor creature's kind starts so"
        };
        Line::styled(none, theme.error()).render_to(buf, row(3));
        return;
    }
    let first = p.sel.saturating_sub(list_h.saturating_sub(1));
    let kind_w = ((inner.width as usize).saturating_sub(4) / 2).min(20);
    for (n, (at, &i)) in hits.iter().enumerate().skip(first).take(list_h).enumerate() {
        let (name, about) = match offer(p, i) {
            Some(Offer::Encounter(e)) => {
                let n = match e.count {
                    1 => " 1 creature".to_string(),
                    n => format!(" {n} creatures"),
                };
                // A kept one comes into the fight too when there is one; the line stays short.
                let about = if e.add.is_empty() {
                    format!("{n}, into the fight")
                } else {
                    format!("{n} · your library")
                };
                (format!("‹{}›", e.name), about)
            }
            Some(Offer::Creature(a)) => (a.kind.clone(), format!(" as {} · {}", a.name, a.from)),
            None => continue,
        };
        let mark = if at == p.sel { "▶ " } else { "  " };
        let rest = (inner.width as usize).saturating_sub(2 + kind_w);
        let mut line = Line::from(vec![
            Span::raw(mark),
            Span::raw(pad(&fit(&name, kind_w), kind_w)),
            Span::styled(fit(&about, rest), theme.dim()),
        ]);
        if at == p.sel {
            line = line.style(theme.selected());
        }
        line.render_to(buf, row(3 + n as u16));
    }
}
