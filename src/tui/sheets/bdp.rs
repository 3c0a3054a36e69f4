//! The *Block, Dodge, Parry* screen (rule file 001): a sheet with STR, DEX, WIL and HP, the flat
//! row of slots (items, Fatigue, wounds, lost slots), needs and deprivation, tonight's rest,
//! diseases, restoratives, timers and states; keys for a save, damage, the Die of Fate, the turn
//! list's next turn and starting or ending a fight. The roster, the strip, the roll and question
//! dialogs, the log and the palette (where every verb works) are the frame's.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

use super::{Panels, forms};
use crate::dice::Edge;
use crate::rules::GameCommand;
use crate::rules::bdp::{Ability, Amount, Character, Command, Slot, State, Target, proposed_order};
use crate::session::{self, Session};
use crate::tui::form::{Field, Form};
use crate::tui::host::{Dice, Hit, Main};
use crate::tui::keymap::{self, Action, Binding, Ctx, Key as K, Table, b};
use crate::tui::theme::Theme;
use crate::tui::widgets::RenderTo;
use forms::FormView;

pub const SAVE: Action = Action::Sheet("save");
pub const DAMAGE: Action = Action::Sheet("damage");
pub const NEXT: Action = Action::Sheet("next");
pub const FIGHT: Action = Action::Sheet("fight");
pub const FATE: Action = Action::Sheet("fate");

/// The ruleset's own keys on the main screen; everything else is a verb in the palette.
#[rustfmt::skip]
pub const MAIN: &[Binding] = &[
    b(Ctx::Main, &[K::Char('E')], NEXT, "next", "In a fight: the next on the turn list (after the last, a new round)"),
    b(Ctx::Main, &[K::Char('g')], SAVE, "save", "A save for the selected character: STR, DEX or WIL, with advantage or disadvantage"),
    b(Ctx::Main, &[K::Char('-')], DAMAGE, "damage", "The selected character takes damage: HP (overflow to STR) or an ability"),
    b(Ctx::Main, &[K::Char('c')], FIGHT, "fight", "Start the turn list (characters, then creatures) or end the fight"),
    b(Ctx::Main, &[K::Char('F')], FATE, "fate", "Roll the Die of Fate: a d6 answer to a yes-or-no question"),
];

/// The ruleset's whole table.
pub const TABLE: Table = keymap::with_frame!(MAIN);

/// What the symbols on the screen mean.
pub const LEGEND: &[(&str, &str)] = &[
    ("✓", "in the roster and on the strip: acted this round"),
    (
        "▶ ○ ×",
        "on the strip: acting now / still to act / dead or out",
    ),
    (
        "LOST",
        "in the slots: a Permanent wound's slot, lost for good (B35)",
    ),
];

/// What a form of the ruleset's is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Purpose {
    Save { who: u32 },
    Damage { who: u32 },
}

/// The screen's view state: its open form.
pub type BdpView = FormView<Purpose>;

fn state_of(session: &Session) -> Option<&State> {
    match &session.state().game {
        crate::rules::GameState::Bdp(s) => Some(s),
        #[allow(unreachable_patterns)]
        _ => None,
    }
}

fn selected(m: &Main) -> Option<&Character> {
    let id = m.view.selected?;
    state_of(&m.session)?.character(id).ok()
}

fn command(c: Command) -> session::Command {
    session::Command::Game(GameCommand::Bdp(c))
}

fn edge_of(net: i8) -> Edge {
    match net {
        n if n > 0 => Edge::advantage(1),
        n if n < 0 => Edge::disadvantage(1),
        _ => Edge::NONE,
    }
}

fn ability_of(i: Option<u32>) -> Ability {
    match i {
        Some(0) => Ability::Str,
        Some(2) => Ability::Wil,
        _ => Ability::Dex,
    }
}

pub fn key(m: &mut Main, ctx: Ctx, action: Option<Action>, key: KeyEvent, dice: &mut Dice) -> bool {
    if ctx == Ctx::Form {
        return forms::key::<Purpose>(m, action, key, dice, |f| Ok(command(form_command(f)))).0;
    }
    let Some(action) = action else {
        return false;
    };
    let Some(state) = state_of(&m.session) else {
        return false;
    };
    match action {
        FIGHT => {
            let c = match &state.fight {
                Some(_) => Command::EndFight,
                None => Command::Fight {
                    order: proposed_order(state),
                },
            };
            return m.run_key(command(c), dice);
        }
        NEXT => return m.run_key(command(Command::Next), dice),
        FATE => {
            return m.run_key(
                command(Command::Fate {
                    question: String::new(),
                }),
                dice,
            );
        }
        _ => {}
    }
    let Some(ch) = selected(m) else {
        m.complain("add a character first: :add NAME pc STR DEX WIL HP");
        return true;
    };
    let (who, name) = (ch.id, ch.name.clone());
    let abilities = || vec![("STR".into(), 0), ("DEX".into(), 1), ("WIL".into(), 2)];
    let form = match action {
        SAVE => Form::new(
            format!("Save: {name}"),
            Purpose::Save { who },
            vec![Field::choice("ability", "Ability", abilities(), 1), Field::text("why", "Against", ""), Field::edge(0)],
        )
        .with_note("d20 at or under the current score; a 1 passes, a 20 fails; an edge rolls two (B5, B6)."),
        DAMAGE => Form::new(
            format!("{name} takes damage"),
            Purpose::Damage { who },
            vec![
                Field::number("count", "Dice (or the amount when sides is 1)", 1, 1, 20, 1),
                Field::number("sides", "Sides (1: a flat amount)", 6, 1, 20, 1),
                Field::choice("target", "Hits", vec![("HP".into(), 0), ("STR".into(), 1), ("DEX".into(), 2), ("WIL".into(), 3)], 0),
                Field::text("source", "Source", "Wound"),
            ],
        )
        .with_note("HP first, the rest into STR with a crit save; an ability's crit save is proposed at 8 or more (B20-B26)."),
        _ => return false,
    };
    forms::show(m, form);
    true
}

/// The command a submitted form stands for.
fn form_command(form: &Form<Purpose>) -> Command {
    match form.purpose {
        Purpose::Save { who } => Command::Save {
            who,
            ability: ability_of(form.choice("ability")),
            edge: edge_of(form.edge()),
            why: form.text("why").trim().to_string(),
        },
        Purpose::Damage { who } => Command::Damage {
            who,
            amount: Amount {
                count: form.number("count").min(20) as u8,
                sides: form.number("sides"),
            },
            target: match form.choice("target") {
                Some(1) => Target::Ability(Ability::Str),
                Some(2) => Target::Ability(Ability::Dex),
                Some(3) => Target::Ability(Ability::Wil),
                _ => Target::Hp,
            },
            crit: None,
            source: form.text("source").trim().to_string(),
        },
    }
}

pub fn click(_m: &mut Main, _ctx: Ctx, _hit: Hit) -> bool {
    false
}

pub fn settle(m: &mut Main) {
    forms::settle(m);
}

pub fn applies(m: &Main, action: Action) -> bool {
    if let Some(applies) = forms::applies::<Purpose>(m, action) {
        return applies;
    }
    let fighting = state_of(&m.session).is_some_and(|s| s.fight.is_some());
    match action {
        NEXT => fighting,
        SAVE | DAMAGE => m.view.selected.is_some(),
        _ => true,
    }
}

/// The sheet's lines: scores, needs, states, then one per slot.
pub fn rows(m: &Main) -> u16 {
    let slots = selected(m).map_or(0, |c| c.slots.len() as u16);
    7 + slots + 2
}

/// The selected character's lines, in words.
pub fn lines_of(c: &Character) -> Vec<(String, String)> {
    let mut l = Vec::new();
    let s = |a: Ability| c.score(a);
    l.push((
        "Scores".to_string(),
        format!(
            "STR {}  DEX {}  WIL {}  HP {}",
            s(Ability::Str),
            s(Ability::Dex),
            s(Ability::Wil),
            c.hp
        ),
    ));
    let mut states = Vec::new();
    if c.dead {
        states.push("DEAD".to_string());
    }
    if let Some(o) = &c.out {
        states.push(format!(
            "out: {} ({} {})",
            o.word,
            o.ability,
            if o.zero { "at 0" } else { "crit save" }
        ));
    }
    for (i, side) in ["left", "right"].iter().enumerate() {
        if c.impaired[i] {
            states.push(format!("{side} arm impaired"));
        }
    }
    let untrained: Vec<String> = Ability::ALL
        .iter()
        .filter(|a| c.untrained[a.index()] > 0)
        .map(|a| format!("{a} -{} to train", c.untrained[a.index()]))
        .collect();
    states.extend(untrained);
    l.push((
        "States".into(),
        if states.is_empty() {
            "—".into()
        } else {
            states.join(", ")
        },
    ));
    let meals: Vec<&str> = c.meals.iter().map(|m| m.word()).collect();
    l.push((
        "Needs".into(),
        format!(
            "food {}, sleep {}; deprived dawns {}; meals {}; rest tonight {}{}",
            if c.food_deprived { "DEPRIVED" } else { "ok" },
            if c.sleep_deprived { "DEPRIVED" } else { "ok" },
            c.deprived_dawns,
            if meals.is_empty() {
                "none".to_string()
            } else {
                meals.join(", ")
            },
            c.rest.word(),
            if c.tonic { " + tonic" } else { "" }
        ),
    ));
    let diseases: Vec<String> = c
        .diseases
        .iter()
        .map(|d| match (d.dawns_left, d.passes_needed) {
            (Some(n), _) => format!("{} ({n} days left)", d.name),
            (None, Some(n)) => format!("{} ({}/{n} passes)", d.name, d.passes),
            _ => format!("{} (until cured)", d.name),
        })
        .collect();
    l.push((
        "Disease".into(),
        if diseases.is_empty() {
            "—".into()
        } else {
            diseases.join(", ")
        },
    ));
    let mut pending: Vec<String> = c
        .restoratives
        .iter()
        .map(|a| format!("{a} restorative"))
        .collect();
    pending.extend(c.timers.iter().map(|t| t.name.clone()));
    if c.cared_for {
        pending.push("cared for".into());
    }
    l.push((
        "Tonight".into(),
        if pending.is_empty() {
            "—".into()
        } else {
            pending.join(", ")
        },
    ));
    l.push((
        "Slots".into(),
        format!(
            "{} of {}; {} Fatigue; {} lost",
            c.slots.iter().filter(|s| **s == Slot::Empty).count(),
            c.slots.len(),
            c.fatigue(),
            c.lost()
        ),
    ));
    for (i, slot) in c.slots.iter().enumerate() {
        l.push((format!("{:>2}", i + 1), slot.text()));
    }
    if !c.notes.is_empty() {
        l.push(("Notes".into(), c.notes.join("; ")));
    }
    l
}

pub fn draw(
    buf: &mut Buffer,
    panels: &Panels,
    m: &Main,
    theme: Theme,
    _hits: &mut Vec<(Rect, Hit)>,
) {
    let area = panels.sheet;
    let block = Block::new()
        .borders(Borders::ALL)
        .border_style(theme.border());
    let Some(c) = selected(m) else {
        let inner = block.inner(area);
        block.render(area, buf);
        Line::styled(" Nobody yet: :add NAME pc STR DEX WIL HP", theme.dim()).render_to(buf, inner);
        return;
    };
    let block = block.title(Span::styled(format!(" {} ", c.name), theme.title()));
    let inner = block.inner(area);
    block.render(area, buf);
    let lines: Vec<Line> = lines_of(c)
        .into_iter()
        .map(|(k, v)| {
            let style = if v.contains("DEAD") || v.contains("LOST") || v.contains("DEPRIVED") {
                theme.warn()
            } else {
                theme.ok()
            };
            Line::from(vec![
                Span::styled(format!(" {k:<8} "), theme.dim()),
                Span::styled(v, style),
            ])
        })
        .collect();
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}

pub fn draw_dialog(frame: &mut Frame, area: Rect, m: &Main, theme: Theme) {
    forms::draw::<Purpose>(frame, area, m, theme);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bdp_table_passes_the_frame_checks() {
        keymap::check_ruleset_table(TABLE).unwrap();
    }
}
