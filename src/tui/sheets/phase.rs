//! The phased Knave-style ruleset's screen (rule file 002): a sheet with abilities and their
//! score-0 states, HP with the encumbrance mask, armour, counted load, weapons with their dice,
//! spells, injuries and marks; keys for saves, attacks, harm and healing, and stepping the round's
//! phases. The roster, the phase strip, the save and question dialogs, the log and the palette
//! (where every verb of the ruleset works) are the frame's, drawn from the ruleset's read models.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Widget};

use super::{Newcomer, fighters, forms};
use crate::dice::Edge;
use crate::rules::GameCommand;
use crate::rules::phase::{
    Ability, Character, Command, Kind, MarkKind, NewSheet, Side, State, TurnAction,
};
use crate::session::{self, Session};
use crate::tui::form::{Field, Form};
use crate::tui::host::{Dice, Main};
use crate::tui::keymap::{self, Action, Binding, Ctx, Key as K, Table, b};
use crate::tui::theme::Theme;
use crate::tui::widgets::RenderTo;
use forms::FormView;

pub const SAVE: Action = Action::Sheet("save");
pub const ATTACK: Action = Action::Sheet("attack");
pub const HARM: Action = Action::Sheet("harm");
pub const HEAL: Action = Action::Sheet("heal");
pub const FIGHT: Action = Action::Sheet("fight");
pub const NEXT: Action = Action::Sheet("next");
pub const TURN: Action = Action::Sheet("turn");
pub const ADD: Action = Action::Sheet("add");
pub const MARK: Action = Action::Sheet("mark");
pub const MOVE: Action = Action::Sheet("move");
pub const CAST: Action = Action::Sheet("cast");
pub const LAND: Action = Action::Sheet("land");
pub const UNMARK: Action = Action::Sheet("unmark");

/// The ruleset's own keys on the main screen; everything else is a verb in the palette.
#[rustfmt::skip]
pub const MAIN: &[Binding] = &[
    b(Ctx::Main, &[K::Char('E')], NEXT, "next", "In a fight: the group acting is done; on to the next group with someone to act, phases where nobody acts passing by themselves"),
    b(Ctx::Main, &[K::Char('a')], ATTACK, "attack", "The selected character attacks: target and weapon (the book's phase and budget are checked)"),
    b(Ctx::Main, &[K::Char('g')], SAVE, "save", "A save for the selected character: STR, DEX or WIL, with advantage or disadvantage"),
    b(Ctx::Main, &[K::Char('-')], HARM, "harm", "The selected character takes damage the judge enters (HP, then STR)"),
    b(Ctx::Main, &[K::Char('+')], HEAL, "heal", "The selected character regains HP"),
    b(Ctx::Main, &[K::Char('c')], FIGHT, "fight", "Start a fight with the creatures met (DEX saves sort the party), or end it"),
    b(Ctx::Main, &[K::Char('T')], TURN, "turn", "A dungeon turn: the party moves, searches, waits or does something else; then the event die"),
    b(Ctx::Main, &[K::Char('M')], MARK, "", "Put a mark on the selected character: blessed, hasted, slowed, asleep, held, dominated, or words of your own, for some turns or until removed"),
    b(Ctx::Main, &[K::Char('n')], ADD, "", "Add a character, or a creature of the bestiary numbered after its kind; in a fight it joins the round under way"),
    b(Ctx::Main, &[K::Char('m')], MOVE, "", "The selected character moves (phase 3), into melee with the foe proposed or nowhere in particular; a charge in round 1"),
    b(Ctx::Main, &[K::Char('C')], CAST, "", "The selected character casts from a spell item: the spell, its targets (the foe proposed ticked), enhanced or not"),
    b(Ctx::Main, &[K::Char('L')], LAND, "", "The declared spell lands (phase 5): the selected caster's, or the first one waiting"),
    b(Ctx::Main, &[K::Char('x')], UNMARK, "", "Clear one of the selected character's marks"),
];

/// The ruleset's whole table.
pub const TABLE: Table = keymap::with_frame!(MAIN);

/// What the symbols on the screen mean.
pub const LEGEND: &[(&str, &str)] = &[
    super::ACTED,
    (
        "▶ ○ ×",
        "on the strip: acting now / still to act / out of the fight",
    ),
    (
        "0 (3)/5",
        "HP while encumbered: counted as 0, the 3 kept for when the load is gone (K9)",
    ),
];

/// What a form of the ruleset's is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Purpose {
    Save { who: u32 },
    Attack { by: u32 },
    Harm { who: u32 },
    Heal { who: u32 },
    Turn,
    Mark { who: u32 },
    Unmark { who: u32 },
    Move { who: u32 },
    Cast { who: u32 },
    Add,
    Fight,
    EndFight,
}

forms::roll_kinds!(Purpose:
    Purpose::Save { .. } => Save,
    Purpose::Attack { .. } => Attack,
    Purpose::Harm { .. } => Damage,
    Purpose::Turn => Encounter,
    Purpose::Fight => Initiative,
);

/// The screen's view state: its open form.
pub type PhaseView = FormView<Purpose>;

super::game!(Phase);

/// Is the party in a dungeon (where no vehicle raises the load allowance, K8)?
fn dungeon(m: &Main) -> bool {
    state_of(&m.session).is_some_and(|s| s.dungeon())
}

/// The dungeon turn under way (K24's countdown counts from it).
fn now(m: &Main) -> u32 {
    state_of(&m.session).map_or(0, |s| s.world.turn)
}

fn edge_of(net: i8) -> Edge {
    match net {
        n if n > 0 => Edge::advantage(n as u8),
        n if n < 0 => Edge::disadvantage(n.unsigned_abs()),
        _ => Edge::NONE,
    }
}

/// A key on the main screen.
pub fn key(m: &mut Main, action: Action, dice: &mut Dice) -> bool {
    let Some(state) = state_of(&m.session) else {
        return false;
    };
    match action {
        FIGHT => {
            return fighters::open(m, "Start a fight", "", Purpose::Fight, Purpose::EndFight);
        }
        NEXT => return m.run_key(command(Command::Next), dice),
        TURN => {
            forms::show(
                m,
                Form::new(
                    "A dungeon turn",
                    Purpose::Turn,
                    vec![
                        Field::choice(
                            "action",
                            "The party",
                            vec![
                                ("moves to the next room".into(), 0),
                                ("searches the room".into(), 1),
                                ("waits".into(), 2),
                                ("does something else".into(), 3),
                            ],
                            0,
                        ),
                        Field::text("other", "What, in your words", ""),
                    ],
                )
                .with_note("Ten minutes, one party action, then the event die (K43-K45)."),
            );
            return true;
        }
        ADD => return forms::open(m, add_form()),
        LAND => {
            let caster = selected(m)
                .filter(|c| c.casting.is_some())
                .or_else(|| state.characters.iter().find(|c| c.casting.is_some()))
                .map(|c| c.id);
            return match caster {
                Some(who) => m.run_key(command(Command::Land { who }), dice),
                None => {
                    m.complain("no spell waits to land: C casts one");
                    true
                }
            };
        }
        _ => {}
    }
    let Some(ch) = selected(m) else {
        m.complain("add a character first: roll one with :roll NAME, or :add");
        return true;
    };
    let (who, name) = (ch.id, ch.name.clone());
    let form = match action {
        SAVE => Form::new(
            format!("Save: {name}"),
            Purpose::Save { who },
            vec![
                Field::choice(
                    "ability",
                    "Ability",
                    vec![("STR".into(), 0), ("DEX".into(), 1), ("WIL".into(), 2)],
                    1,
                ),
                Field::text("why", "Against", ""),
                Field::edge(0),
            ],
        )
        .with_note("Roll under the score on a d20; advantage or disadvantage rolls two (K5, K6)."),
        ATTACK => {
            let form = attack_form(m, ch);
            return forms::open_or_say(m, form);
        }
        HARM => Form::new(
            format!("{name} takes damage"),
            Purpose::Harm { who },
            vec![Field::number("amount", "Damage", 1, 1, 99, 1)],
        )
        .with_note(
            "Damage the judge enters: HP first, the rest into STR with its save (K21, K22).",
        ),
        HEAL => Form::new(
            format!("{name} regains HP"),
            Purpose::Heal { who },
            vec![Field::number("amount", "HP", 1, 1, 99, 1)],
        ),
        MARK => Form::new(
            format!("Mark: {name}"),
            Purpose::Mark { who },
            vec![
                Field::choice(
                    "mark",
                    "Mark",
                    MARKS
                        .iter()
                        .enumerate()
                        .map(|(i, k)| (k.word(), i as u32))
                        .chain([("words of your own".to_string(), MARKS.len() as u32)])
                        .collect(),
                    0,
                ),
                Field::text("words", "Your words", ""),
                Field::number("turns", "For turns (0: until removed)", 0, 0, 999, 1),
            ],
        )
        .with_note("Blessed adds 1 to saves, morale and damage; hasted wins and slowed loses the initiative (K14, K41)."),
        UNMARK => {
            if ch.marks.is_empty() {
                m.complain(format!("{name} has no mark to clear: M puts one on"));
                return true;
            }
            let marks = ch
                .marks
                .iter()
                .enumerate()
                .map(|(i, k)| (format!("{} ({})", k.kind.word(), k.source), i as u32))
                .collect();
            Form::new(
                format!("Clear a mark: {name}"),
                Purpose::Unmark { who },
                vec![Field::choice("mark", "Mark", marks, 0)],
            )
        }
        MOVE => {
            let mut to = foes(m, who);
            to.push(("nowhere in particular".into(), NOWHERE));
            Form::new(
                format!("{name} moves"),
                Purpose::Move { who },
                vec![Field::choice("to", "Into melee with", to, 0)],
            )
            .with_note("A move in phase 3; into melee in round 1 is a charge (K13, K17).")
        }
        CAST => {
            if ch.spells.is_empty() {
                m.complain(format!("{name} holds no spell item to cast from"));
                return true;
            }
            let spells = ch
                .spells
                .iter()
                .enumerate()
                .map(|(i, it)| (format!("{}, level {}", it.spell.name(), it.level), i as u32))
                .collect();
            let mut targets = foes(m, who);
            targets.extend(
                state
                    .characters
                    .iter()
                    .filter(|c| !c.dead && c.side == ch.side)
                    .filter(|c| !targets.iter().any(|(_, id)| *id == c.id))
                    .map(|c| (c.name.clone(), c.id))
                    .collect::<Vec<_>>(),
            );
            // A spell cast on others takes the foe proposed; the rest fall on the caster.
            let first = ch.spells.first().is_some_and(|it| it.spell.on_others());
            let ticked = vec![first && targets.first().is_some_and(|(_, id)| *id != who)];
            Form::new(
                format!("{name} casts"),
                Purpose::Cast { who },
                vec![
                    Field::choice("spell", "Spell", spells, 0),
                    Field::multi("targets", "On", targets, ticked),
                    Field::toggle("enhance", "Enhanced (a level up; a WIL save in danger)", false),
                ],
            )
            .with_note("Declared in phase 1, the spell lands in phase 5 (L); out of a fight at once (K34-K36).")
        }
        _ => return false,
    };
    forms::open(m, form)
}

/// A key in the open form; a sheet just added is selected.
pub fn form_key(m: &mut Main, action: Option<Action>, key: KeyEvent, dice: &mut Dice) -> bool {
    let Some(st) = state_of(&m.session).cloned() else {
        return false;
    };
    // K14: in a fight under way a newcomer comes into it at the place the round's start
    // would have given it, as the creature picker brings one in; the players see it as
    // they would any sheet added now.
    let arriving = forms::Arriving::now(m, st.fight.is_some());
    let (changed, done) = forms::key::<Purpose>(m, action, key, dice, |f| {
        Ok(match form_command(f, &st)? {
            c @ Command::Add(_) => arriving.command(GameCommand::Phase(c)),
            c => command(c),
        })
    });
    // A sheet just added is selected, for the next key to act on.
    if done.is_some_and(|f| f.purpose == Purpose::Add) {
        let last = state_of(&m.session).and_then(|s| s.characters.last());
        m.view.selected = last.map(|c| c.id);
    }
    changed
}

/// The move form's choice for a move into nobody's melee.
const NOWHERE: u32 = u32::MAX;

/// The foes `who` could move on or cast at, the one proposed first, as the attack form proposes
/// them (nobody proposed when no foe fits, the others after).
fn foes(m: &Main, who: u32) -> Vec<(String, u32)> {
    let mut options = super::targets::of(m, who).options;
    options.retain(|(_, id)| *id != super::targets::NOBODY);
    options
}

/// The marks the mark form offers by name.
const MARKS: [MarkKind; 7] = [
    MarkKind::Blessed,
    MarkKind::Hasted,
    MarkKind::Slowed,
    MarkKind::Asleep,
    MarkKind::Held,
    MarkKind::Dominated,
    MarkKind::WindBarrier,
];

/// The frame's creature picker: the bundled bestiary, each numbered after those already here.
pub fn arrivals(m: &Main) -> Vec<crate::tui::host::Arrival> {
    let lib = crate::content::phase::bundled();
    super::bestiary_arrivals(
        m,
        &lib.creatures,
        |beast| &beast.name,
        |beast, name| GameCommand::Phase(Command::Add(Box::new(beast.sheet(name)))),
    )
}

/// A new sheet: a player's character, a hireling or a creature the judge enters, or one of the
/// bestiary numbered after its kind.
fn add_form() -> Form<Purpose> {
    let lib = crate::content::phase::library();
    super::add_form(
        "Add a character",
        Purpose::Add,
        lib.creatures.iter().map(|c| c.name.as_str()),
        [
            Field::choice(
                "kind",
                "Kind",
                vec![
                    ("player's character".into(), 0),
                    ("hireling".into(), 1),
                    ("creature".into(), 2),
                ],
                0,
            ),
            Field::number("str", "STR", 10, 3, 18, 1),
            Field::number("dex", "DEX", 10, 3, 18, 1),
            Field::number("wil", "WIL", 10, 3, 18, 1),
            Field::number("hp", "HP", 4, 1, 99, 1),
        ],
        "A creature of the bestiary comes with its attacks on the enemies' side; with no name it is numbered after its kind. :roll NAME rolls a character by the book.",
    )
}

/// The attack form of `ch`: its weapons and the die's steps (K19), or why it has nobody to
/// attack.
fn attack_form(m: &Main, ch: &Character) -> Result<Form<Purpose>, String> {
    let (who, name) = (ch.id, ch.name.as_str());
    let targets = super::targets::to_attack(m, who, name)?;
    let mut weapons = vec![(crate::rules::phase::gear::unarmed_text(), 0)];
    weapons.extend(
        ch.weapons
            .iter()
            .enumerate()
            .map(|(i, w)| (format!("{} (d{})", w.name, w.die), i as u32 + 1)),
    );
    let first_weapon = usize::from(!ch.weapons.is_empty());
    Ok(super::targets::attack_form(
        name,
        Purpose::Attack { by: who },
        &targets,
        [
            Field::choice("weapon", "Weapon", weapons, first_weapon),
            Field::number("steps", "Steps up (+) or down", 0, 0, 6, 1),
        ],
        "The weapon's die, stepped, less the target's DR; HP first, then STR (K19-K23).",
    ))
}

/// The command a submitted form stands for, or what to fix first.
fn form_command(form: &Form<Purpose>, st: &State) -> Result<Command, String> {
    Ok(match form.purpose {
        Purpose::Fight => Command::Fight {
            who: fighters::chosen(form)?,
            surprised: None,
            paced: true,
        },
        Purpose::EndFight => Command::EndFight,
        Purpose::Mark { who } => {
            let i = form.choice("mark").unwrap_or(0) as usize;
            let kind = match MARKS.get(i) {
                Some(k) => k.clone(),
                None => {
                    let words = form.text("words").trim().to_string();
                    if words.is_empty() {
                        return Err("type the mark's words".into());
                    }
                    MarkKind::Note(words)
                }
            };
            let turns = u32::from(form.number("turns"));
            Command::Mark {
                who,
                kind: kind.into(),
                turns: (turns > 0).then_some(turns),
            }
        }
        Purpose::Unmark { who } => Command::Unmark {
            who,
            mark: form.choice("mark").unwrap_or(0) as usize,
        },
        Purpose::Move { who } => Command::Move {
            who,
            to: form.choice("to").filter(|&to| to != NOWHERE),
        },
        Purpose::Cast { who } => Command::Cast {
            who,
            item: form.choice("spell").unwrap_or(0) as usize,
            targets: form.multi("targets").into(),
            enhance: form.toggle("enhance"),
            danger: None,
        },
        Purpose::Add => {
            let lib = crate::content::phase::library();
            let taken = |n: &str| st.by_name(n).is_some();
            match super::newcomer(form, &lib.creatures, |b| &b.name, taken)? {
                Newcomer::Beast(beast, name) => Command::Add(Box::new(beast.sheet(&name))),
                Newcomer::Typed(name) => {
                    let mut s = NewSheet::creature(name, form.number("hp").min(99) as u8);
                    (s.kind, s.side) = match form.choice("kind") {
                        Some(1) => (Kind::Hireling, Side::Party),
                        Some(2) => (Kind::Creature, Side::Enemies),
                        _ => (Kind::Pc, Side::Party),
                    };
                    s.str = form.number("str").min(18) as u8;
                    s.dex = form.number("dex").min(18) as u8;
                    s.wil = form.number("wil").min(18) as u8;
                    Command::Add(Box::new(s))
                }
            }
        }
        Purpose::Save { who } => Command::Save {
            who,
            ability: match form.choice("ability") {
                Some(0) => Ability::Str,
                Some(2) => Ability::Wil,
                _ => Ability::Dex,
            },
            edge: edge_of(form.edge()),
            why: form.text("why").trim().to_string(),
        },
        Purpose::Attack { by } => Command::Attack {
            by,
            target: super::targets::chosen(form, "target")?,
            weapon: form
                .choice("weapon")
                .and_then(|w| (w > 0).then(|| w as usize - 1)),
            thrown: false,
            maneuver: None,
            steps: form.number("steps").min(6) as i8,
        },
        Purpose::Harm { who } => Command::Harm {
            who,
            amount: u32::from(form.number("amount")),
        },
        Purpose::Heal { who } => Command::Heal {
            who,
            amount: form.number("amount").min(255) as u8,
        },
        Purpose::Turn => Command::Turn {
            action: match form.choice("action") {
                Some(1) => TurnAction::Search,
                Some(2) => TurnAction::Wait,
                Some(3) => TurnAction::Other(form.text("other").trim().to_string()),
                _ => TurnAction::Move,
            },
        },
    })
}

/// Is a main-screen key worth showing in the status line (with no form open)?
pub fn applies(m: &Main, action: Action) -> bool {
    let fighting = state_of(&m.session).is_some_and(|s| s.fight.is_some());
    match action {
        NEXT | ATTACK | MOVE => fighting,
        TURN => !fighting,
        LAND => {
            state_of(&m.session).is_some_and(|s| s.characters.iter().any(|c| c.casting.is_some()))
        }
        CAST => selected(m).is_some_and(|c| !c.spells.is_empty()),
        UNMARK => selected(m).is_some_and(|c| !c.marks.is_empty()),
        SAVE | HARM | HEAL | MARK => m.view.selected.is_some(),
        _ => true,
    }
}

/// The sheet's lines, as many as the selected character has.
pub fn rows(m: &Main) -> u16 {
    selected(m).map_or(3, |c| {
        sheet_lines(c, dungeon(m), now(m), Theme::plain()).len() as u16
    })
}

/// The sheet as labelled lines: the rules' words (the same `show` prints), each value in the
/// tone its field calls for.
fn sheet_lines(c: &Character, dungeon: bool, now: u32, theme: Theme) -> Vec<Line<'static>> {
    let scores = [c.str, c.dex, c.wil];
    crate::rules::phase::sheet_lines(c, dungeon, now)
        .into_iter()
        .map(|(label, value)| {
            let style = match label.as_str() {
                "Abilities" if scores.iter().any(|s| s.cur == 0) => theme.error(),
                "Abilities" if scores.iter().any(|s| s.cur < s.max) => theme.warn(),
                "HP" if c.hp_now() == 0 => theme.error(),
                "Injuries" | "State" => theme.warn(),
                "Critical" => theme.error(),
                _ => Style::new(),
            };
            Line::from(vec![
                Span::styled(format!(" {label:<10} "), theme.dim()),
                Span::styled(value, style),
            ])
        })
        .collect()
}

/// The selected character's sheet.
pub fn draw(buf: &mut Buffer, area: Rect, m: &Main, theme: Theme) {
    let block = Block::new()
        .borders(Borders::BOTTOM | Borders::RIGHT)
        .border_style(theme.border());
    let inner = block.inner(area);
    block.render(area, buf);
    let Some(c) = selected(m) else {
        Line::styled(
            " Nobody yet: :roll NAME rolls a PC, :add a creature",
            theme.dim(),
        )
        .render_to(buf, inner);
        return;
    };
    let side = match c.side {
        crate::rules::phase::Side::Party => theme.players(),
        crate::rules::phase::Side::Enemies => theme.opponents(),
    };
    let mut title = vec![
        Span::styled(format!(" {}", c.name), theme.title()),
        Span::raw(" · "),
        Span::styled(c.side.word(), side),
        Span::styled(format!(" · {}", c.kind.word()), theme.dim()),
    ];
    if c.dead {
        title.push(Span::styled(" · DEAD", theme.error()));
    } else if c.fled {
        title.push(Span::styled(" · fled", theme.warn()));
    }
    Line::from(title).render_to(buf, Rect::new(inner.x, inner.y, inner.width, 1));
    let body = Rect::new(
        inner.x,
        inner.y + 1,
        inner.width,
        inner.height.saturating_sub(1),
    );
    let lines = sheet_lines(c, dungeon(m), now(m), theme);
    super::sheet_lines(buf, body, area.y + area.height - 1, lines, m, theme);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_phase_table_passes_the_frame_checks() {
        keymap::check_ruleset_table(TABLE).unwrap();
    }
}
