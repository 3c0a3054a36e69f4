//! The creature picker: `A` on any ruleset's main screen lists the creatures the ruleset offers
//! (its bestiary, and the judge's library where the ruleset reads one), a few letters keep those
//! whose kind answers to them, Tab chooses whether the players see it come in, and Enter adds the
//! highlighted one as one step: numbered after its kind, on the opponents' side, and in a fight
//! under way at the place its initiative gives it. Esc leaves everything as it was.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::jump::matches;
use crate::session::Command;
use crate::tui::host::{Arrival, Dice, Exec, Main, Overlay, PickPrompt};
use crate::tui::keymap::Action;
use crate::tui::theme::Theme;
use crate::tui::widgets::{RenderTo, dialog, fit, pad, width_for};

/// The places in `p.arrivals` of the creatures that answer to what is typed (all of them while
/// nothing is), in the ruleset's order.
pub fn shown(p: &PickPrompt) -> Vec<usize> {
    let typed = p.typed.trim();
    p.arrivals
        .iter()
        .enumerate()
        .filter(|(_, a)| typed.is_empty() || matches(&a.kind, typed))
        .map(|(i, _)| i)
        .collect()
}

impl Main {
    /// Opens the picker over `arrivals`, or says why there is nothing to pick.
    pub(crate) fn open_picker(&mut self, arrivals: Vec<Arrival>) -> bool {
        if arrivals.is_empty() {
            self.complain("no creature to pick: no bestiary here and no creature yet; n adds a character by hand");
            return true;
        }
        self.overlay = Some(Overlay::Pick(PickPrompt {
            arrivals,
            ..PickPrompt::default()
        }));
        true
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
                let Some(arrival) = p.arrivals.into_iter().nth(i) else {
                    return false;
                };
                let before = self.roster();
                let command = Command::Arrive {
                    add: Box::new(arrival.add),
                    seen: p.seen,
                };
                match self.run(command, dice, None) {
                    Exec::Failed(why) => self.complain(why),
                    Exec::Asked => {}
                    Exec::Done => {
                        // The newcomer is selected, for the next key to act on.
                        if let Some(id) = self.roster().into_iter().find(|id| !before.contains(id))
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
    let inner = dialog(buf, area, w, h, "Add a creature", theme);
    let row = |i: u16| Rect::new(inner.x, inner.y + i, inner.width, 1);
    Line::from(vec![
        Span::styled("Kind: ", theme.bold()),
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
        Line::styled("no creature's kind starts so", theme.error()).render_to(buf, row(3));
        return;
    }
    let first = p.sel.saturating_sub(list_h.saturating_sub(1));
    let kind_w = ((inner.width as usize).saturating_sub(4) / 2).min(20);
    for (n, (at, &i)) in hits.iter().enumerate().skip(first).take(list_h).enumerate() {
        let a = &p.arrivals[i];
        let mark = if at == p.sel { "▶ " } else { "  " };
        let rest = (inner.width as usize).saturating_sub(2 + kind_w);
        let mut line = Line::from(vec![
            Span::raw(mark),
            Span::raw(pad(&fit(&a.kind, kind_w), kind_w)),
            Span::styled(
                fit(&format!(" as {} · {}", a.name, a.from), rest),
                theme.dim(),
            ),
        ]);
        if at == p.sel {
            line = line.style(theme.selected());
        }
        line.render_to(buf, row(3 + n as u16));
    }
}
