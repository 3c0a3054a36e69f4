//! The combat strip (R33-R35): the round, the side holding initiative and why, the turn under
//! way and what it waits for, and every fighter by side: taking a turn, interrupting, done for
//! the round, still to act, or out of it. A click on a name starts that character's turn. On a
//! short terminal the strip folds into one line.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::fight::{Stage, stage};
use super::keys;
use crate::rules::Standing;
use crate::rules::slots::{CharId, Character, Combat, Side, State};
use crate::tui::host::{Hit, Main};
use crate::tui::keymap::{Action, Ctx, key_for};
use crate::tui::theme::Theme;
use crate::tui::widgets::{RenderTo, fit_spans, labels_fitting, record};

/// Rows the strip takes on a screen this tall: the full strip (a title row, one row per side and
/// a rule) when there is room, one line otherwise.
pub fn height(screen_height: u16) -> u16 {
    if screen_height >= 36 { 4 } else { 1 }
}

/// Where a fighter stands this round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    Acting,
    Interrupting,
    Acted,
    CanAct,
    /// Cannot act this round; the word says why.
    Out(&'static str),
}

impl Mark {
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Acting => "▶",
            Mark::Interrupting => "↯",
            Mark::Acted => "✓",
            Mark::CanAct => "○",
            Mark::Out(_) => "×",
        }
    }
}

/// Where a fighter stands, as the slot rules say (R33-R35).
pub fn mark(c: &Character, fight: &Combat) -> Mark {
    match crate::rules::slots::standing(c, fight) {
        Standing::Acting => Mark::Acting,
        Standing::Interrupting => Mark::Interrupting,
        Standing::Acted => Mark::Acted,
        Standing::Ready => Mark::CanAct,
        Standing::Out(why) if why == "dead" => Mark::Out("dead"),
        Standing::Out(why) if why == "KO" => Mark::Out("KO"),
        Standing::Out(_) => Mark::Out("surprised"),
    }
}

fn key(action: Action) -> String {
    key_for(keys::TABLE, Ctx::Main, action).unwrap_or_default()
}

/// Would starting `id`'s turn bleed them to death (R22)?
fn bleeds_out(state: &State, id: crate::rules::slots::CharId) -> bool {
    crate::rules::slots::forecast::bleeds_to_death(state, id).is_some()
}

/// What the turn under way waits for, with the keys that move it on; `selected` is whom the
/// turn key would start, said when that start would bleed them to death (R22).
pub fn turn_text(state: &State, selected: Option<crate::rules::slots::CharId>) -> String {
    let name = |id| state.name_of(id);
    let setup = || crate::rules::slots::Slots::turn_setup(state);
    match stage(state) {
        Stage::NoFight => String::new(),
        Stage::Pick => match selected.filter(|&id| bleeds_out(state, id)) {
            Some(id) => format!(
                "⚠ {} bleeds to death if the turn starts: {} asks first, {} selects the next",
                name(id),
                key(keys::TAKE_TURN),
                key(keys::NEXT_ACTOR)
            ),
            None => format!(
                "pick who acts: {} starts the selected one's turn, {} selects the next",
                key(keys::TAKE_TURN),
                key(keys::NEXT_ACTOR)
            ),
        },
        Stage::Stuck => format!(
            "nobody can act: {} lets the round pass, {} ends the fight",
            key(keys::END_TURN),
            key(keys::FIGHT)
        ),
        Stage::Acting { actor } => format!(
            "{}'s turn: {} sets up, {} ends it",
            name(actor),
            key(keys::SETUP),
            key(keys::END_TURN)
        ),
        Stage::SetUp { actor } => format!(
            "{}'s turn, set up: {}; {} if someone interrupts, {} ends it",
            name(actor),
            setup(),
            key(keys::INTERRUPT),
            key(keys::END_TURN)
        ),
        Stage::Interrupting { actor, by } => format!(
            "{} interrupts {} ({}): one action, then {} rules it",
            name(by),
            name(actor),
            setup(),
            key(keys::INTERRUPT)
        ),
        Stage::Finishing { actor, by } => format!(
            "{}'s interruption failed: {} finishes, {} ends the turn",
            name(by),
            name(actor),
            key(keys::END_TURN)
        ),
    }
}

/// The words of a turn waiting to be picked, on the folded strip.
const PICK: &str = "pick who acts";

/// The turn in a few words, for the folded strip.
fn turn_short(state: &State, selected: Option<crate::rules::slots::CharId>) -> String {
    let name = |id| state.name_of(id);
    match stage(state) {
        Stage::NoFight => String::new(),
        Stage::Pick => match selected.filter(|&id| bleeds_out(state, id)) {
            Some(id) => format!("⚠ {} bleeds to death if the turn starts", name(id)),
            None => PICK.into(),
        },
        Stage::Stuck => "nobody can act".into(),
        Stage::Acting { actor } => format!("{} acts", name(actor)),
        Stage::SetUp { actor } => format!("{} has set up", name(actor)),
        Stage::Interrupting { actor, by } => format!("{} interrupts {}", name(by), name(actor)),
        Stage::Finishing { actor, .. } => format!("{} finishes", name(actor)),
    }
}

/// Why the side holding initiative has it, from what the rules keep (not from the log's events,
/// which older steps let go).
fn why_initiative(main: &Main) -> Option<String> {
    main.slots().recent.initiative_why.clone()
}

struct Token {
    id: CharId,
    mark: Mark,
    name: String,
    side: Side,
    dead: bool,
}

/// Those of `side` in the fight: the ones left out of it when it started are not on the strip.
fn tokens(state: &State, fight: &Combat, side: Side) -> Vec<Token> {
    state
        .characters
        .iter()
        .filter(|c| c.side == side && !fight.aside.contains(&c.id))
        .map(|c| Token {
            id: c.id,
            mark: mark(c, fight),
            name: c.name.clone(),
            side,
            dead: c.status.dead,
        })
        .collect()
}

/// Each token's text: whole names (and why one is out) when all fit, else the labels that
/// tell every fighter apart (`Gob 1`, `Rat 1`), decided from everyone in the fight and the room
/// (`fits` says whether texts of these widths do), never from whose turn it is, so a fighter
/// reads the same from one step to the next.
fn token_texts(tokens: &[&Token], compact: bool, fits: impl Fn(&[usize]) -> bool) -> Vec<String> {
    let text = |t: &Token, name: &str, out: bool| {
        let why = match t.mark {
            Mark::Out(why) if out && !compact => format!(" {why}"),
            _ => String::new(),
        };
        if compact {
            format!("{}{name}", t.mark.symbol())
        } else {
            format!("{} {name}{why}", t.mark.symbol())
        }
    };
    let widths = |texts: &[String]| texts.iter().map(|t| t.chars().count()).collect::<Vec<_>>();
    let full: Vec<String> = tokens.iter().map(|t| text(t, &t.name, true)).collect();
    if fits(&widths(&full)) {
        return full;
    }
    let names: Vec<&str> = tokens.iter().map(|t| t.name.as_str()).collect();
    let mark = if compact { 1 } else { 2 };
    labels_fitting(&names, |ls| {
        fits(
            &ls.iter()
                .map(|l| l.chars().count() + mark)
                .collect::<Vec<_>>(),
        )
    })
    .into_iter()
    .zip(tokens)
    .map(|(label, t)| text(t, &label, false))
    .collect()
}

fn token_style(t: &Token, selected: bool, theme: Theme) -> Style {
    let base = match (t.mark, t.dead) {
        (_, true) => theme.dead(),
        (Mark::Acting | Mark::Interrupting, _) => theme.bold(),
        (Mark::Acted, _) | (Mark::Out(_), _) => theme.dim(),
        (Mark::CanAct, _) => match t.side {
            Side::Players => theme.players(),
            Side::Opponents => theme.opponents(),
        },
    };
    if selected {
        base.patch(theme.selected())
    } else {
        base
    }
}

/// Draws the tokens from `x` on row `y`, recording each for clicks; returns the column after.
#[allow(clippy::too_many_arguments)]
fn draw_tokens(
    buf: &mut Buffer,
    area: Rect,
    mut x: u16,
    y: u16,
    tokens: &[&Token],
    texts: Vec<String>,
    compact: bool,
    main: &Main,
    theme: Theme,
    hits: &mut Vec<(Rect, Hit)>,
) -> u16 {
    let right = area.x + area.width;
    for (t, text) in tokens.iter().zip(texts) {
        let w = text.chars().count() as u16;
        if x + w > right {
            break;
        }
        let rect = Rect::new(x, y, w, 1);
        let selected = main.view.selected == Some(t.id);
        Line::styled(text, token_style(t, selected, theme)).render_to(buf, rect);
        record(hits, rect, Hit::Actor(t.id));
        x += w + if compact { 1 } else { 2 };
    }
    x
}

fn side_style(side: Side, theme: Theme) -> Style {
    match side {
        Side::Players => theme.players(),
        Side::Opponents => theme.opponents(),
    }
}

pub fn draw(buf: &mut Buffer, area: Rect, main: &Main, theme: Theme, hits: &mut Vec<(Rect, Hit)>) {
    let state = main.slots();
    let Some(fight) = &state.combat else {
        return;
    };
    let strip = Strip {
        main,
        state,
        fight,
        theme,
    };
    if area.height >= 3 {
        strip.full(buf, area, hits);
    } else {
        strip.compact(buf, area, hits);
    }
}

/// What both of the strip's layouts draw from: the screen, its slot state, the fight and the
/// theme.
#[derive(Clone, Copy)]
struct Strip<'a> {
    main: &'a Main,
    state: &'a State,
    fight: &'a Combat,
    theme: Theme,
}

impl Strip<'_> {
    /// The strip on three rows or more: the round, the initiative and the turn, then a row a side.
    fn full(self, buf: &mut Buffer, area: Rect, hits: &mut Vec<(Rect, Hit)>) {
        let sep = || Span::styled(" │ ", self.theme.border());
        let mut title = vec![
            Span::styled(format!(" Round {}", self.fight.round), self.theme.title()),
            sep(),
            Span::raw("initiative: "),
            Span::styled(
                format!("▶ {}", self.fight.initiative.to_string().to_uppercase()),
                side_style(self.fight.initiative, self.theme),
            ),
        ];
        // The turn comes before the reason for the initiative, so a narrow screen cuts the reason.
        title.push(sep());
        title.push(Span::styled(
            turn_text(self.state, self.main.view.selected),
            self.theme.bold(),
        ));
        if let Some(why) = why_initiative(self.main) {
            title.push(sep());
            title.push(Span::styled(why, self.theme.dim()));
        }
        Line::from(fit_spans(title, area.width as usize))
            .render_to(buf, Rect::new(area.x, area.y, area.width, 1));
        let label_w = 13u16;
        let width = area.width.saturating_sub(label_w + 1) as usize;
        let players = tokens(self.state, self.fight, Side::Players);
        let opponents = tokens(self.state, self.fight, Side::Opponents);
        let all: Vec<&Token> = players.iter().chain(opponents.iter()).collect();
        // Each side's row takes its fighters two columns apart.
        let row = |ws: &[usize]| ws.iter().map(|w| w + 2).sum::<usize>().saturating_sub(2);
        let texts = token_texts(&all, false, |ws| {
            let (p, o) = ws.split_at(players.len().min(ws.len()));
            row(p) <= width && row(o) <= width
        });
        let mut texts = texts.into_iter();
        for (row, (side, list)) in [(Side::Players, &players), (Side::Opponents, &opponents)]
            .into_iter()
            .enumerate()
        {
            let y = area.y + 1 + row as u16;
            let holds = self.fight.initiative == side;
            let mut label = format!(
                "{} {}",
                if holds { "▶" } else { " " },
                match side {
                    Side::Players => "Players",
                    Side::Opponents => "Opponents",
                }
            );
            if self.fight.round == 1 && self.fight.surprised == Some(side) {
                label.push('*');
            }
            let label_style = if holds {
                side_style(side, self.theme).patch(self.theme.bold())
            } else {
                self.theme.dim()
            };
            Line::styled(label, label_style).render_to(buf, Rect::new(area.x, y, label_w, 1));
            let refs: Vec<&Token> = list.iter().collect();
            let mine: Vec<String> = texts.by_ref().take(refs.len()).collect();
            let end = draw_tokens(
                buf,
                area,
                area.x + label_w + 1,
                y,
                &refs,
                mine,
                false,
                self.main,
                self.theme,
                hits,
            );
            if self.fight.round == 1 && self.fight.surprised == Some(side) {
                let note = "* surprised: no turns in round 1";
                let x = end + 1;
                if x + note.len() as u16 <= area.x + area.width {
                    Line::styled(note, self.theme.warn())
                        .render_to(buf, Rect::new(x, y, area.width, 1));
                }
            }
        }
        if area.height >= 4 {
            let y = area.y + 3;
            Line::styled("─".repeat(area.width as usize), self.theme.border())
                .render_to(buf, Rect::new(area.x, y, area.width, 1));
        }
    }

    /// The strip on one or two rows: the round, both sides on one line, the turn where it fits.
    fn compact(self, buf: &mut Buffer, area: Rect, hits: &mut Vec<(Rect, Hit)>) {
        let lead = format!("R{} ", self.fight.round);
        let mut x = area.x;
        let right = area.x + area.width;
        Line::styled(lead.clone(), self.theme.title())
            .render_to(buf, Rect::new(x, area.y, area.width, 1));
        x += lead.chars().count() as u16;
        let players = tokens(self.state, self.fight, Side::Players);
        let opponents = tokens(self.state, self.fight, Side::Opponents);
        let all: Vec<&Token> = players.iter().chain(opponents.iter()).collect();
        let label = |side: Side| {
            let mut label = if self.fight.initiative == side {
                format!("▶{}", side.to_string().to_uppercase())
            } else {
                side.to_string()
            };
            if self.fight.round == 1 && self.fight.surprised == Some(side) {
                label.push_str(" (surprised)");
            }
            label.push(' ');
            label
        };
        // The names share what the sides' labels leave; the turn's words take any room left over.
        let fixed =
            label(Side::Players).chars().count() + label(Side::Opponents).chars().count() + 2;
        let room = ((right - x) as usize).saturating_sub(fixed);
        // The names are decided from everyone in the fight, leaving the room the words that open
        // a turn take (`│ pick who acts`), whoever acts: a fighter reads the same from one step to
        // the next. The turn's words come whole after the names where they fit, or not at all.
        let turn = format!("│ {}", turn_short(self.state, self.main.view.selected));
        let turn_w = turn.chars().count() + 1;
        let width = |ws: &[usize]| ws.iter().map(|w| w + 1).sum::<usize>();
        let kept = format!("│ {PICK}").chars().count() + 1;
        let beside = room.saturating_sub(kept);
        let tight = token_texts(&all, true, |ws| width(ws) <= beside);
        let widths = |texts: &[String]| texts.iter().map(|t| t.chars().count()).collect::<Vec<_>>();
        let texts = if width(&widths(&tight)) <= beside {
            tight
        } else {
            token_texts(&all, true, |ws| width(ws) <= room)
        };
        let turn_fits = turn_w > 3 && width(&widths(&texts)) + turn_w <= room;
        let mut texts = texts.into_iter();
        for (i, (side, list)) in [(Side::Players, &players), (Side::Opponents, &opponents)]
            .into_iter()
            .enumerate()
        {
            if i > 0 && x + 3 < right {
                Line::styled("│ ", self.theme.border()).render_to(buf, Rect::new(x, area.y, 2, 1));
                x += 2;
            }
            let holds = self.fight.initiative == side;
            let label = label(side);
            let w = (label.chars().count() as u16).min(right.saturating_sub(x));
            let style = if holds {
                side_style(side, self.theme).patch(self.theme.bold())
            } else {
                self.theme.dim()
            };
            Line::styled(label, style).render_to(buf, Rect::new(x, area.y, w, 1));
            x += w;
            let refs: Vec<&Token> = list.iter().collect();
            let mine: Vec<String> = texts.by_ref().take(refs.len()).collect();
            x = draw_tokens(
                buf, area, x, area.y, &refs, mine, true, self.main, self.theme, hits,
            );
        }
        let w = turn.chars().count() as u16;
        if turn_fits && x + w <= right {
            Line::styled(turn, self.theme.bold()).render_to(buf, Rect::new(x, area.y, w, 1));
        }
    }
}
