//! The plain tracker's screen: a sheet with the selected character's hit points, and keys to add
//! and remove characters, hurt and heal them, roll against a number, and step a fight turn by
//! turn. Everything else (the roster, the strip, the roll dialog, the log, undo, the palette) is
//! the frame's, drawn from the tracker's read models.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;

use super::{fighters, forms};
use crate::dice::DiceExpr;
use crate::rules::GameCommand;
use crate::rules::plain::{Character, Command, State};
use crate::session::{self, Session};
use crate::tui::form::{Field, Form};
use crate::tui::host::{Dice, Main};
use crate::tui::keymap::{self, Action, Binding, Ctx, Key as K, Table, b};
use crate::tui::theme::Theme;
use forms::FormView;

pub const ADD: Action = Action::Sheet("add");
pub const REMOVE: Action = Action::Sheet("remove");
pub const DAMAGE: Action = Action::Sheet("damage");
pub const HEAL: Action = Action::Sheet("heal");
pub const CHECK: Action = Action::Sheet("check");
pub const FIGHT: Action = Action::Sheet("fight");
pub const NEXT_TURN: Action = Action::Sheet("next turn");
pub const MARK: Action = Action::Sheet("mark");
pub const UNMARK: Action = Action::Sheet("unmark");
pub const TIME: Action = Action::Sheet("time");

/// The tracker's own keys on the main screen.
#[rustfmt::skip]
pub const MAIN: &[Binding] = &[
    b(Ctx::Main, &[K::Char('E')], NEXT_TURN, "next turn", "In a fight: end the turn; the next in order acts (after the last, a new round)"),
    b(Ctx::Main, &[K::Char('g')], CHECK, "check", "The selected character rolls dice against a number"),
    b(Ctx::Main, &[K::Char('-')], DAMAGE, "hurt", "The selected character loses hit points"),
    b(Ctx::Main, &[K::Char('+')], HEAL, "heal", "The selected character gains hit points (up to the maximum)"),
    b(Ctx::Main, &[K::Char('c')], FIGHT, "fight", "Start a fight with the creatures the party meets (a checklist), or end it"),
    b(Ctx::Main, &[K::Char('n')], ADD, "add", "Add a character: name, side and hit points (in a fight, one more of the last creature is proposed)"),
    b(Ctx::Main, &[K::Char('X')], REMOVE, "", "Remove the selected character (undo brings them back)"),
    b(Ctx::Main, &[K::Char('M')], MARK, "", "Put a condition on the selected character: one of the usual, or your own words"),
    b(Ctx::Main, &[K::Char('x')], UNMARK, "", "Clear one of the selected character's conditions"),
    b(Ctx::Main, &[K::Char('T')], TIME, "", "Time passes on the session's clock: minutes, hours or days (a rest, a journey)"),
];

/// The tracker's whole table.
pub const TABLE: Table = keymap::with_frame!(MAIN);

/// What the symbols on the tracker's screen mean.
pub const LEGEND: &[(&str, &str)] = &[
    super::ACTED,
    ("▶ ○ ×", "on the strip: acting now / still to act / down"),
];

/// What a form of the tracker's is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Purpose {
    Add,
    Damage { who: u32 },
    Heal { who: u32 },
    Check { who: u32 },
    Mark { who: u32 },
    Unmark { who: u32 },
    Time,
    Fight,
    EndFight,
}

/// The conditions the mark form offers by name; the tracker reads nothing into them.
const CONDITIONS: [&str; 8] = [
    "prone",
    "poisoned",
    "frightened",
    "stunned",
    "blinded",
    "restrained",
    "unconscious",
    "exhausted",
];

/// The time form's units, in minutes.
const UNITS: [(&str, u32); 3] = [("minutes", 1), ("hours", 60), ("days", 24 * 60)];

forms::roll_kinds!(Purpose:
    Purpose::Check { .. } => Check,
);

/// The tracker screen's view state: its open form.
pub type PlainView = FormView<Purpose>;

super::game!(Plain);

/// A key on the main screen.
pub fn key(m: &mut Main, action: Action, dice: &mut Dice) -> bool {
    if state_of(&m.session).is_none() {
        return false;
    }
    match action {
        ADD => {
            // In a fight the form proposes one more of the last creature added to it (its kind's
            // name, numbered after the last of them, its hit points, the others' side), so
            // another goblin is `n` Enter.
            let Some(state) = state_of(&m.session) else {
                return false;
            };
            // The last creature added that is in the fight: one waiting elsewhere (the demo's
            // hag in her hut) is not the kind the fight calls more of.
            let another = state.fight.as_ref().and_then(|f| {
                let creatures = || state.characters.iter().rev().filter(|c| !c.party);
                creatures()
                    .find(|c| f.order.contains(&c.id))
                    .or_else(|| creatures().next())
            });
            let (name, party, hp) = another.map_or((String::new(), true, 6), |c| {
                (
                    next_of_kind(state, &c.name),
                    false,
                    c.max_hp.clamp(1, 999) as u16,
                )
            });
            return forms::open(
                m,
                Form::new(
                    "Add a character",
                    Purpose::Add,
                    vec![
                        Field::text("name", "Name", &name),
                        Field::toggle("party", "One of the players' characters", party),
                        Field::number("hp", "Hit points", hp, 1, 999, 1),
                    ],
                ),
            );
        }
        FIGHT => {
            return fighters::open(
                m,
                "Start a fight: the turn order",
                "",
                Purpose::Fight,
                Purpose::EndFight,
            );
        }
        NEXT_TURN => return m.run_key(command(Command::NextTurn), dice),
        TIME => {
            return forms::open(
                m,
                Form::new(
                    "Time passes",
                    Purpose::Time,
                    vec![
                        Field::number("amount", "How long", 10, 1, 999, 1),
                        Field::choice(
                            "unit",
                            "In",
                            UNITS
                                .iter()
                                .enumerate()
                                .map(|(i, (unit, _))| (unit.to_string(), i as u32))
                                .collect(),
                            0,
                        ),
                    ],
                )
                .with_note("The clock counts what you say passes: 8 hours is a night's rest."),
            );
        }
        _ => {}
    }
    let Some(ch) = selected(m) else {
        m.complain("add a character first: press n");
        return true;
    };
    let (who, name) = (ch.id, ch.name.clone());
    match action {
        REMOVE => m.run_key(command(Command::Remove { who }), dice),
        MARK => forms::open(
            m,
            Form::new(
                format!("Condition: {name}"),
                Purpose::Mark { who },
                vec![
                    Field::choice(
                        "condition",
                        "Condition",
                        CONDITIONS
                            .iter()
                            .enumerate()
                            .map(|(i, k)| (k.to_string(), i as u32))
                            .chain([("words of your own".to_string(), CONDITIONS.len() as u32)])
                            .collect(),
                        0,
                    ),
                    Field::text("words", "Your words", ""),
                ],
            ),
        ),
        UNMARK => {
            if ch.conditions.is_empty() {
                m.complain(format!("{name} has no condition to clear: M puts one on"));
                return true;
            }
            let conditions = ch
                .conditions
                .iter()
                .enumerate()
                .map(|(i, k)| (k.clone(), i as u32))
                .collect();
            forms::open(
                m,
                Form::new(
                    format!("Clear a condition: {name}"),
                    Purpose::Unmark { who },
                    vec![Field::choice("condition", "Condition", conditions, 0)],
                ),
            )
        }
        DAMAGE => {
            let form = damage_form(m, who, &name);
            forms::open(m, form)
        }
        HEAL => forms::open(
            m,
            Form::new(
                format!("{name} gains hit points"),
                Purpose::Heal { who },
                vec![Field::number("amount", "Hit points gained", 1, 1, 999, 1)],
            ),
        ),
        CHECK => forms::open(
            m,
            Form::new(
                format!("Check: {name}"),
                Purpose::Check { who },
                vec![
                    Field::text("what", "For what", "check"),
                    Field::text("dice", "Dice", "d20"),
                    Field::number("target", "Number to reach", 10, 1, 999, 1),
                ],
            )
            .with_note("Reaching the number passes. Dice as 2d6+1, 4d6kh3 or 2d20kl1."),
        ),
        _ => false,
    }
}

/// A key in the open form; a character just added is selected.
pub fn form_key(m: &mut Main, action: Option<Action>, key: KeyEvent, dice: &mut Dice) -> bool {
    // In a fight under way a newcomer comes into it, last in the turn order, as the
    // creature picker brings one in; the players see it as they would any sheet added now.
    let st = state_of(&m.session).cloned().unwrap_or_default();
    let arriving = forms::Arriving::now(m, st.fight.is_some());
    let (changed, done) = forms::key::<Purpose>(m, action, key, dice, |f| {
        Ok(match form_command(f, &st)? {
            c @ Command::Add { .. } => arriving.command(GameCommand::Plain(c)),
            c => command(c),
        })
    });
    // A character just added is selected, for the next key to act on.
    if done.is_some_and(|f| f.purpose == Purpose::Add) {
        let last = state_of(&m.session).and_then(|s| s.characters.last());
        m.view.selected = last.map(|c| c.id);
    }
    changed
}

/// Hit points lost. On the actor's own turn in a fight they are the harm it deals, so the
/// form asks whom it harms, the frame's proposal first (see `targets`), itself last.
fn damage_form(m: &Main, who: u32, name: &str) -> Form<Purpose> {
    let acting = state_of(&m.session)
        .and_then(|s| s.fight.as_ref())
        .and_then(|f| f.order.get(f.at).copied());
    let amount = Field::number("amount", "Hit points lost", 1, 1, 999, 1);
    if acting != Some(who) {
        return Form::new(
            format!("{name} loses hit points"),
            Purpose::Damage { who },
            vec![amount],
        );
    }
    let targets = super::targets::of(m, who);
    let mut options = targets.options.clone();
    options.push((format!("{name} (itself)"), who));
    let form = Form::new(
        format!("{name} deals damage"),
        Purpose::Damage { who },
        vec![Field::choice("who", "Who loses them", options, 0), amount],
    );
    super::targets::noted(form, &targets)
}

/// What the creature picker offers: the tracker keeps no bestiary, so one more of each kind of
/// creature already in the session (the last one added of each kind gives its hit points), named
/// as the rules would number it ("Ogre 2"), most recent kind first.
pub fn arrivals(m: &Main) -> Vec<crate::tui::host::Arrival> {
    let Some(st) = state_of(&m.session) else {
        return Vec::new();
    };
    let taken = |n: &str| st.characters.iter().any(|c| c.name.eq_ignore_ascii_case(n));
    let mut out: Vec<crate::tui::host::Arrival> = Vec::new();
    for c in st.characters.iter().rev().filter(|c| !c.party) {
        let kind = kind_of(&c.name);
        if out.iter().any(|a| a.kind.eq_ignore_ascii_case(kind)) {
            continue;
        }
        // "Goblin 4" after Goblin 1 to 3: the kind alone read as a goblin with no number.
        let Ok(name) = crate::rules::text::free_name(&next_of_kind(st, &c.name), false, taken)
        else {
            continue;
        };
        let hp = c.max_hp.max(1);
        let make = move |name: &str| {
            GameCommand::Plain(Command::Add {
                name: name.to_string(),
                party: false,
                hp,
            })
        };
        out.push(crate::tui::host::Arrival {
            kind: kind.to_string(),
            add: make(&name),
            name,
            from: "in this session",
            make: std::rc::Rc::new(make),
            numbered: false,
        });
    }
    out
}

/// The name of one more of `name`'s kind: "Goblin 3" after "Goblin 1" and "Goblin 2"; a name
/// with no number is given as it is, and the rules number the two alike.
fn next_of_kind(state: &State, name: &str) -> String {
    let kind = kind_of(name);
    if kind == name {
        return name.to_string();
    }
    let last = state
        .characters
        .iter()
        .filter_map(|c| {
            c.name
                .strip_prefix(kind)?
                .strip_prefix(' ')?
                .parse::<u32>()
                .ok()
        })
        .max()
        .unwrap_or(0);
    format!("{kind} {}", last.saturating_add(1))
}

/// A name without the number the rules gave it ("Goblin 3" is of the kind "Goblin").
fn kind_of(name: &str) -> &str {
    match name.rsplit_once(' ') {
        Some((kind, n)) if !kind.is_empty() && n.parse::<u32>().is_ok() => kind,
        _ => name,
    }
}

/// The command a submitted form stands for; an error names what to fix.
fn form_command(form: &Form<Purpose>, st: &State) -> Result<Command, String> {
    let amount = i32::from(form.number("amount"));
    Ok(match form.purpose {
        Purpose::Mark { who } => {
            let at = form.choice("condition").unwrap_or(0) as usize;
            let condition = match CONDITIONS.get(at) {
                Some(k) => k.to_string(),
                None => form.text("words").trim().to_string(),
            };
            if condition.is_empty() {
                return Err("type the condition's words".into());
            }
            Command::Mark { who, condition }
        }
        Purpose::Unmark { who } => {
            let at = form.choice("condition").unwrap_or(0) as usize;
            let condition = st
                .character(who)
                .ok()
                .and_then(|c| c.conditions.get(at).cloned())
                .ok_or("that condition is gone already")?;
            Command::Unmark { who, condition }
        }
        Purpose::Time => {
            let unit = UNITS
                .get(form.choice("unit").unwrap_or(0) as usize)
                .map_or(1, |u| u.1);
            Command::Pass {
                minutes: u32::from(form.number("amount")) * unit,
            }
        }
        Purpose::Fight => Command::StartFight {
            order: fighters::chosen(form)?,
        },
        Purpose::EndFight => Command::EndFight,
        Purpose::Add => {
            let name = form.text("name").trim().to_string();
            if name.is_empty() {
                return Err("type a name".into());
            }
            Command::Add {
                name,
                party: form.toggle("party"),
                hp: i32::from(form.number("hp")),
            }
        }
        Purpose::Damage { who } => Command::Damage {
            who: match form.choice("who") {
                Some(_) => super::targets::chosen(form, "who")?,
                None => who,
            },
            amount,
        },
        Purpose::Heal { who } => Command::Heal { who, amount },
        Purpose::Check { who } => {
            let expr = DiceExpr::parse(form.text("dice").trim()).map_err(|e| e.to_string())?;
            Command::Check {
                who,
                what: form.text("what").trim().to_string(),
                expr,
                target: i32::from(form.number("target")),
            }
        }
    })
}

/// The tracker follows nothing beyond the frame's own selection.
/// Is a main-screen key worth showing in the status line (with no form open)?
pub fn applies(m: &Main, action: Action) -> bool {
    let fighting = state_of(&m.session).is_some_and(|s| s.fight.is_some());
    match action {
        NEXT_TURN => fighting,
        CHECK | DAMAGE | HEAL | REMOVE | MARK => m.view.selected.is_some(),
        UNMARK => selected(m).is_some_and(|c| !c.conditions.is_empty()),
        _ => true,
    }
}

/// The sheet's lines: side, hit points, conditions and the fight.
pub fn rows(m: &Main) -> u16 {
    match (state_of(&m.session), selected(m)) {
        (Some(st), Some(c)) => (crate::rules::plain::sheet_lines(st, c).len() as u16).max(3),
        _ => 3,
    }
}

/// The selected character's sheet: side, hit points, and where they stand in the fight.
pub fn draw(buf: &mut Buffer, area: Rect, m: &Main, theme: Theme) {
    let who = selected(m).map(|c| (c.name.as_str(), c));
    let nobody = " Nobody yet: n adds a character";
    super::framed_sheet(buf, area, m, theme, who, nobody, |c, _| sheet(m, c, theme));
}

/// The selected character's lines, its hit points in the tone of how hurt it is.
fn sheet<'a>(m: &Main, c: &Character, theme: Theme) -> Vec<Line<'a>> {
    let hp_style = if c.down() {
        theme.error()
    } else if c.hp * 2 <= c.max_hp {
        theme.warn()
    } else {
        theme.ok()
    };
    state_of(&m.session)
        .map(|st| crate::rules::plain::sheet_lines(st, c))
        .unwrap_or_default()
        .into_iter()
        .map(|(label, value)| {
            let style = if label == "Hit points" {
                hp_style
            } else {
                Style::new()
            };
            super::labelled(format!(" {label:<10} "), value, style, theme)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plain_table_passes_the_frame_checks() {
        keymap::check_ruleset_table(TABLE).unwrap();
    }

    #[test]
    fn a_check_form_with_bad_dice_says_so_and_runs_nothing() {
        let mut form = Form::new(
            "Check",
            Purpose::Check { who: 0 },
            vec![
                Field::text("what", "For what", "check"),
                Field::text("dice", "Dice", "d0"),
                Field::number("target", "Number to reach", 10, 1, 999, 1),
            ],
        );
        assert!(form_command(&form, &State::default()).is_err());
        form.fields[1] = Field::text("dice", "Dice", "2d6+1");
        assert!(form_command(&form, &State::default()).is_ok());
    }
}
