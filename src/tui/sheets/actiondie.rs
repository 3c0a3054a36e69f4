//! The action-die screen (rule file 004): a sheet with the four abilities as rungs (base and
//! effective, with their values), HP, AR, movement, hands, technique dice, skills, exhaustion,
//! statuses, resistances, injuries, the slots with quick slots and bundles, and this round's
//! action and dice; keys for a check, damage, an action and a Reevaluate, a status, a level of
//! exhaustion, the initiative roll, the next turn and opening or ending a scene. The roster, the
//! strip (chosen actions, rolled dice in order, who acts now), the roll and question dialogs,
//! the log and the palette (where every verb works) are the frame's.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;

use super::{Newcomer, fighters, forms};
use crate::dice::ladder::Dice;
use crate::rules::GameCommand;
use crate::rules::actiondie::{
    Ability, Action, Character, CheckSpec, Command, DamageSpec, DamageType, NewSheet, Roller,
    Sense, Side, Stat, State, Status, rung_of, sheet_lines,
};
use crate::session::{self, Session};
use crate::tui::form::{Field, Form};
use crate::tui::host::{Dice as Source, Main};
use crate::tui::keymap::{self, Action as A, Binding, Ctx, Key as K, Table, b};
use crate::tui::theme::Theme;
use forms::FormView;

pub const CHECK: A = A::Sheet("check");
pub const DAMAGE: A = A::Sheet("damage");
pub const ACT: A = A::Sheet("act");
pub const REEVALUATE: A = A::Sheet("reevaluate");
pub const STATUS: A = A::Sheet("status");
pub const EXHAUST: A = A::Sheet("exhaust");
pub const ROLL: A = A::Sheet("initiative");
pub const NEXT: A = A::Sheet("next");
pub const SCENE: A = A::Sheet("scene");
pub const ADD: A = A::Sheet("add");
pub const HEAL: A = A::Sheet("heal");
pub const REST: A = A::Sheet("rest");

/// The ruleset's own keys on the main screen; everything else is a verb in the palette.
#[rustfmt::skip]
pub const MAIN: &[Binding] = &[
    b(Ctx::Main, &[K::Char('E')], NEXT, "next", "In a scene: the turn under way ends and the next begins (after the last, a new round)"),
    b(Ctx::Main, &[K::Char('g')], CHECK, "check", "A check for the selected character: ability, skill, target, edge and the senses it needs"),
    b(Ctx::Main, &[K::Char('-')], DAMAGE, "damage", "The selected character takes damage: dice, a bonus, a type"),
    b(Ctx::Main, &[K::Char('a')], ACT, "act", "Before the roll: the selected character's action for this round; after it: its attack, at the foe it fought last"),
    b(Ctx::Main, &[K::Char('v')], REEVALUATE, "reevaluate", "Before it acts: a new action whose die adds to the count"),
    b(Ctx::Main, &[K::Char('i')], ROLL, "initiative", "Everyone rolls its action's die; the lowest count acts first"),
    b(Ctx::Main, &[K::Char('t')], STATUS, "status", "Set or clear a status on the selected character"),
    b(Ctx::Main, &[K::Char('x')], EXHAUST, "exhaust", "One more exhaustion level for the selected character (from level 4, y confirms the roll on the death table)"),
    b(Ctx::Main, &[K::Char('c')], SCENE, "scene", "Open a scene with the creatures the party meets (a checklist), or end it"),
    b(Ctx::Main, &[K::Char('+')], HEAL, "", "The selected character regains HP (up to its maximum)"),
    b(Ctx::Main, &[K::Char('r')], REST, "", "Time passes: minutes, a siesta or a full rest for everyone"),
    b(Ctx::Main, &[K::Char('n')], ADD, "", "Add a character, or a creature of the bestiary numbered after its kind"),
];

/// The ruleset's whole table.
pub const TABLE: Table = keymap::with_frame!(MAIN);

/// What the symbols on the screen mean.
pub const LEGEND: &[(&str, &str)] = &[
    super::ACTED,
    super::DEAD_OR_OUT,
    (
        "d8→d6 (3)",
        "on the sheet: the base rung, the rung after statuses, and its value",
    ),
    ("q", "in the slots: a quick slot, drawn freely"),
];

/// What a form of the ruleset's is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Purpose {
    /// The skills' names by the skill field's value less one.
    Check {
        who: u32,
        skills: Vec<String>,
    },
    Damage {
        who: u32,
    },
    Act {
        who: u32,
        again: bool,
    },
    Status {
        who: u32,
    },
    Attack {
        who: u32,
    },
    Heal {
        who: u32,
    },
    /// One more exhaustion level, asked first where it rolls on the table.
    Exhaust {
        who: u32,
    },
    Add,
    Rest,
    Fight,
    EndFight,
}

forms::roll_kinds!(Purpose:
    Purpose::Check { .. } => Check,
    Purpose::Attack { .. } => Attack,
    Purpose::Damage { .. } => Damage,
    Purpose::Rest => Save,
);

/// The screen's view state: its open form.
pub type ActionDieView = FormView<Purpose>;

super::game!(ActionDie);

const ACTIONS: [&str; 6] = ["attack", "defend", "help", "run", "other (d6)", "technique"];

fn abilities() -> Vec<(String, u32)> {
    Ability::ALL
        .iter()
        .enumerate()
        .map(|(i, a)| (a.to_string(), i as u32))
        .collect()
}

/// A key on the main screen.
pub fn key(m: &mut Main, action: A, dice: &mut Source) -> bool {
    let Some(state) = state_of(&m.session) else {
        return false;
    };
    match action {
        SCENE => {
            return fighters::open(
                m,
                "Start a fight: an initiative scene (D9)",
                "",
                Purpose::Fight,
                Purpose::EndFight,
            );
        }
        NEXT => return m.run_key(command(Command::Next), dice),
        ROLL => return m.run_key(command(Command::RollInitiative), dice),
        ADD => return forms::open(m, add_form()),
        REST => return forms::open(m, rest_form()),
        _ => {}
    }
    let rolled = state.fight.as_ref().is_some_and(|f| f.rolled);
    let Some(ch) = selected(m) else {
        m.complain("add a character first: :add NAME pc STR DEX AWR WIL HP");
        return true;
    };
    let (who, name) = (ch.id, ch.name.clone());
    if action == EXHAUST {
        // From level 4 each level rolls on the death and dismemberment table, which can kill
        // (D26): one key never takes a character there; a second, `y`, confirms it.
        if ch.exhaustion < 3 {
            return m.run_key(command(Command::Exhaustion { who, up: true }), dice);
        }
        let form = forms::ask_before_death(
            format!("One more exhaustion level for {name}?"),
            Purpose::Exhaust { who },
            &format!(
                "{name} reaches exhaustion {}: a roll on the death and dismemberment table, \
                 which can kill (D26).",
                ch.exhaustion + 1
            ),
        );
        return forms::open(m, form);
    }
    let form = match action {
        CHECK => {
            let mut skills = vec![("none".to_string(), 0)];
            skills.extend(
                ch.skills
                    .iter()
                    .enumerate()
                    .map(|(i, s)| (format!("{} {}", s.name, s.bonus), i as u32 + 1)),
            );
            let senses = Sense::ALL
                .iter()
                .enumerate()
                .map(|(i, s)| (s.word().to_string(), i as u32))
                .collect();
            Form::new(
                format!("Check: {name}"),
                Purpose::Check {
                    who,
                    skills: ch.skills.iter().map(|s| s.name.clone()).collect(),
                },
                vec![
                    Field::choice("ability", "Ability", abilities(), 1),
                    Field::choice("skill", "Skill", skills, 0),
                    Field::number("target", "Target (0: none)", 0, 0, 99, 1),
                    Field::edge(0),
                    Field::multi("needs", "Needs", senses, Vec::new()),
                    Field::text("why", "For", ""),
                ],
            )
            .with_note("The effective rung's dice plus the skill; an edge rolls the whole check twice; Blind, Deaf and Mute add disadvantage where their sense is needed (D5-D8).")
        }
        DAMAGE => {
            let mut kinds = vec![("untyped".to_string(), 0)];
            kinds.extend(
                DamageType::ALL
                    .iter()
                    .enumerate()
                    .map(|(i, k)| (k.word().to_string(), i as u32 + 1)),
            );
            Form::new(
                format!("{name} takes damage"),
                Purpose::Damage { who },
                vec![
                    Field::number("count", "Dice (0: only the bonus)", 1, 0, 20, 1),
                    Field::number("sides", "Sides", 6, 2, 100, 2),
                    Field::number("bonus", "Bonus", 0, 0, 99, 1),
                    Field::choice("kind", "Type", kinds, 0),
                    Field::toggle("crit", "Critical dice", true),
                    Field::text("source", "Source", "Wound"),
                ],
            )
            .with_note("Resistance halves, vulnerability doubles, then AR; HP stops at 0, and damage to 0 costs a level and knocks Prone (D20-D24).")
        }
        ACT if rolled => attack_form(m, who, &name),
        ACT | REEVALUATE => act_form(m, who, &name, action == REEVALUATE),
        HEAL => Form::new(
            format!("{name} regains HP"),
            Purpose::Heal { who },
            vec![Field::number("amount", "HP regained", 1, 1, 999, 1)],
        )
        .with_note(format!(
            "{}/{} HP now; healing stops at the maximum.",
            ch.hp,
            ch.hp_max_now()
        )),
        STATUS => {
            let list = forms::switch_options(Status::ALL.iter().map(|s| (s.word(), ch.has(*s))));
            Form::new(
                format!("Status: {name}"),
                Purpose::Status { who },
                vec![Field::choice("status", "Status", list, 0)],
            )
            .with_note("A status is on until the judge clears it (D31).")
        }
        _ => return false,
    };
    forms::open(m, form)
}

/// A key in the open form, and what follows the step it took (see `after_form`).
pub fn form_key(m: &mut Main, action: Option<A>, key: KeyEvent, dice: &mut Source) -> bool {
    let Some(st) = state_of(&m.session).cloned() else {
        return false;
    };
    let (changed, done) = forms::key::<Purpose>(m, action, key, dice, |f| form_command(f, &st));
    after_form(m, done.map(|f| f.purpose), dice);
    changed
}

/// What `c` can attack with, as choices: unarmed (0), then each unbroken item that deals
/// damage (its place, from 1).
fn weapons(c: &Character) -> Vec<(String, u32)> {
    let mut items = vec![("unarmed (d4)".to_string(), 0)];
    items.extend(
        c.items
            .iter()
            .enumerate()
            .filter(|(_, it)| it.damage.is_some() && !it.broken)
            .map(|(i, it)| (it.name.clone(), i as u32 + 1)),
    );
    items
}

/// The attack of the one whose turn it is: its chosen weapon, at a foe standing (D17, D20).
fn attack_form(m: &Main, who: u32, name: &str) -> Form<Purpose> {
    let Some(state) = state_of(&m.session) else {
        return Form::new("", Purpose::Attack { who }, Vec::new());
    };
    let Ok(c) = state.character(who) else {
        return Form::new("", Purpose::Attack { who }, Vec::new());
    };
    let targets = super::targets::of(m, who);
    let items = weapons(c);
    let chosen = state
        .fight
        .as_ref()
        .and_then(|f| f.entry(who))
        .and_then(|e| match e.action {
            Some(Action::Attack { item }) => Some(item),
            _ => None,
        })
        .unwrap_or(c.wielded().map(|w| w as u8));
    let item = chosen
        .and_then(|w| items.iter().position(|(_, i)| *i == u32::from(w) + 1))
        .unwrap_or(0);
    super::targets::attack_form(
        name,
        Purpose::Attack { who },
        &targets,
        [
            Field::choice("item", "Weapon", items, item),
            Field::toggle("crit", "Critical dice", true),
        ],
        "The weapon's damage dice plus the STR value; resistance, AR and HP as for damage (D17, D20-D24).",
    )
}

/// The frame's creature picker: the bundled bestiary, each numbered after those already here.
pub fn arrivals(m: &Main) -> Vec<crate::tui::host::Arrival> {
    let lib = crate::content::actiondie::bundled();
    super::bestiary_arrivals(
        m,
        &lib.creatures,
        |beast| &beast.name,
        |beast, name| GameCommand::ActionDie(Command::Add(Box::new(lib.sheet(beast, name)))),
    )
}

/// A new sheet: the judge's own, or a creature of the bestiary numbered after its kind.
fn add_form() -> Form<Purpose> {
    let rungs = |i: usize| {
        Field::choice(
            ["str", "dex", "awr", "wil"][i],
            ["STR", "DEX", "AWR", "WIL"][i],
            [4u16, 6, 8, 10, 12]
                .iter()
                .map(|&d| (format!("d{d}"), u32::from(d)))
                .collect(),
            1,
        )
    };
    let lib = crate::content::actiondie::bundled();
    super::add_form(
        "Add a character",
        Purpose::Add,
        lib.creatures.iter().map(|c| c.name.as_str()),
        [
            Field::toggle("pc", "One of the players' characters", true),
            rungs(0),
            rungs(1),
            rungs(2),
            rungs(3),
            Field::number("hp", "HP", 10, 1, 999, 1),
        ],
        "A creature of the bestiary comes with its gear; with no name it is numbered after its kind. In a scene it joins at once (D17).",
    )
}

fn rest_form() -> Form<Purpose> {
    Form::new(
        "Time passes",
        Purpose::Rest,
        vec![
            Field::choice(
                "kind",
                "How",
                vec![
                    ("minutes pass".into(), 0),
                    ("a siesta (1 hour)".into(), 1),
                    ("a full rest (8 hours)".into(), 2),
                ],
                0,
            ),
            Field::number("minutes", "Minutes", 10, 1, 9999, 5),
        ],
    )
    .with_note("Each quarter hour the over-burdened save; a siesta or a full rest is for everyone (D37-D40).")
}

fn act_form(m: &Main, who: u32, name: &str, again: bool) -> Form<Purpose> {
    let Some(state) = state_of(&m.session) else {
        return Form::new("", Purpose::Act { who, again }, Vec::new());
    };
    let Ok(c) = state.character(who) else {
        return Form::new("", Purpose::Act { who, again }, Vec::new());
    };
    let actions = ACTIONS
        .iter()
        .enumerate()
        .map(|(i, a)| (a.to_string(), i as u32))
        .collect();
    let items = weapons(c);
    let wielded = c
        .wielded()
        .and_then(|w| items.iter().position(|(_, i)| *i == w as u32 + 1))
        .unwrap_or(0);
    let others: Vec<(String, u32)> = state
        .characters
        .iter()
        .filter(|o| o.id != who && !o.dead)
        .map(|o| (o.name.clone(), o.id))
        .collect();
    let mut techs = vec![("none".to_string(), 0)];
    techs.extend(
        c.techniques
            .iter()
            .enumerate()
            .filter(|(_, t)| t.prepared)
            .map(|(i, t)| (t.name.clone(), i as u32 + 1)),
    );
    let mut fields = vec![
        Field::choice("action", "Action", actions, 0),
        Field::choice("item", "Weapon", items, wielded),
    ];
    if !others.is_empty() {
        fields.push(Field::choice("whom", "Help whom", others, 0));
    }
    fields.push(Field::choice("tech", "Technique", techs, 0));
    fields.push(Field::number(
        "dice",
        "Technique dice",
        1,
        1,
        u16::from(c.tech_left.max(1)),
        1,
    ));
    Form::new(
        format!("{}: {name}", if again { "Reevaluate" } else { "Action" }),
        Purpose::Act { who, again },
        fields,
    )
    .with_note(if again {
        "The new action's die adds to the count; the turn comes at the new count (D18)."
    } else {
        "Every action is chosen before any die is rolled; each rolls its own die (D11, D14)."
    })
}

/// The command a submitted form stands for, or why the form does not make one.
fn form_command(form: &Form<Purpose>, state: &State) -> Result<session::Command, String> {
    let ability = |i: Option<u32>| Ability::ALL[i.unwrap_or(0) as usize % 4];
    let c = match form.purpose {
        Purpose::Fight => Command::Scene {
            who: fighters::chosen(form)?.into(),
            why: Box::default(),
        },
        Purpose::EndFight => Command::EndScene,
        Purpose::Exhaust { who } => Command::Exhaustion { who, up: true },
        Purpose::Check { who, ref skills } => {
            let mut roller = Roller::new(who, ability(form.choice("ability")));
            match form.edge() {
                n if n > 0 => roller.adv = 1,
                n if n < 0 => roller.dis = 1,
                _ => {}
            }
            roller.needs = form
                .multi("needs")
                .into_iter()
                .filter_map(|i| Sense::ALL.get(i as usize).copied())
                .collect();
            let target = form.number("target");
            let skill = form.choice("skill").unwrap_or(0);
            Command::Check(Box::new(CheckSpec {
                roller: Roller {
                    skill: (skill as usize)
                        .checked_sub(1)
                        .and_then(|i| skills.get(i).cloned()),
                    ..roller
                },
                target: (target > 0).then_some(i32::from(target)),
                why: form.text("why").trim().to_string(),
            }))
        }
        Purpose::Damage { who } => Command::Damage(Box::new(DamageSpec {
            targets: vec![who],
            dice: Dice::new(
                form.number("count").min(20) as u8,
                form.number("sides").max(2),
            ),
            flat: form.number("bonus").min(999) as i16,
            kind: form
                .choice("kind")
                .and_then(|k| k.checked_sub(1))
                .and_then(|k| DamageType::ALL.get(k as usize).copied()),
            crit: form.toggle("crit"),
            source: form.text("source").trim().to_string(),
        })),
        Purpose::Act { who, again } => {
            let action = match form.choice("action").unwrap_or(0) {
                0 => Action::Attack {
                    item: form
                        .choice("item")
                        .and_then(|i| i.checked_sub(1))
                        .map(|i| i as u8),
                },
                1 => Action::Defend,
                2 => Action::Help {
                    whom: form.choice("whom").ok_or("there is nobody else to help")?,
                },
                3 => Action::Run,
                4 => Action::Other { die: None },
                _ => Action::Technique {
                    index: form
                        .choice("tech")
                        .and_then(|t| t.checked_sub(1))
                        .ok_or("choose a prepared technique")? as u8,
                    dice: form.number("dice").min(20) as u8,
                },
            };
            if again {
                Command::Reevaluate { who, action }
            } else {
                Command::Pick { who, action }
            }
        }
        Purpose::Attack { who } => Command::Attack {
            who,
            item: form
                .choice("item")
                .and_then(|i| i.checked_sub(1))
                .map(|i| i as u8),
            targets: vec![super::targets::chosen(form, "target")?],
            crit: form.toggle("crit"),
        },
        Purpose::Heal { who } => {
            let c = state.character(who).map_err(|e| e.to_string())?;
            Command::Set {
                who,
                stat: Stat::Hp,
                value: c
                    .hp
                    .saturating_add(form.number("amount"))
                    .min(c.hp_max_now()),
            }
        }
        Purpose::Add => {
            let lib = crate::content::actiondie::bundled();
            let taken = |n: &str| {
                state
                    .characters
                    .iter()
                    .any(|c| c.name.eq_ignore_ascii_case(n))
            };
            match super::newcomer(form, &lib.creatures, |b| &b.name, taken)? {
                Newcomer::Beast(beast, name) => Command::Add(Box::new(lib.sheet(beast, &name))),
                Newcomer::Typed(name) => {
                    let rung = |id: &str| {
                        rung_of(Dice::new(1, form.choice(id).unwrap_or(6) as u16)).unwrap_or(2)
                    };
                    Command::Add(Box::new(NewSheet::new(
                        name,
                        if form.toggle("pc") {
                            Side::Pc
                        } else {
                            Side::Creature
                        },
                        [rung("str"), rung("dex"), rung("awr"), rung("wil")],
                        form.number("hp"),
                    )))
                }
            }
        }
        Purpose::Rest => match form.choice("kind").unwrap_or(0) {
            0 => Command::Time {
                minutes: u32::from(form.number("minutes")),
            },
            k => Command::Rest {
                who: Vec::new(),
                full: k == 2,
                interrupted: false,
            },
        },
        Purpose::Status { who } => {
            let (i, on) = forms::switched(form.choice("status").unwrap_or(1));
            Command::Status {
                who,
                status: Status::ALL[i % Status::ALL.len()],
                on,
            }
        }
    };
    Ok(command(c))
}

/// After a form's command ran: a new sheet is selected; after a chosen action, the next one in
/// the scene still to choose is, so a round's choices go `a` Enter for each.
fn after_form(m: &mut Main, done: Option<Purpose>, dice: &mut Source) {
    let Some(state) = state_of(&m.session) else {
        return;
    };
    let next = match done {
        Some(Purpose::Add) => state.characters.last().map(|c| c.id),
        Some(Purpose::Act { again: false, .. }) => first_to_choose(state),
        _ => None,
    };
    // Mid-round it joins with an attack with its wielded weapon (D17 rolls that die); before the
    // roll it chooses like everyone else.
    let join = (done == Some(Purpose::Add))
        .then_some(())
        .and(state.fight.as_ref())
        .map(|f| {
            f.rolled.then(|| Action::Attack {
                item: state
                    .characters
                    .last()
                    .and_then(|c| c.wielded())
                    .map(|i| i as u8),
            })
        });
    if let Some(id) = next {
        m.view.selected = Some(id);
        // D17: one added in a scene joins it at once (mid-round it rolls and may act next).
        if let Some(action) = join {
            m.run_key(command(Command::Join { who: id, action }), dice);
        }
    }
}

pub fn settle(m: &mut Main) {
    forms::settle(m);
    // D14: a round that has just opened selects the first who still chooses: the selection
    // stayed on the last to act, often one Unconscious, whose `a` could only be refused.
    // `m.turn` is still the turn before this step here: the frame follows the turn after
    // settling (see `App`'s key handling), so a round that differs from it has just opened.
    let first = state_of(&m.session).and_then(|state| {
        let f = state.fight.as_ref()?;
        let opened = !f.rolled && m.turn.as_ref().is_none_or(|t| t.round != f.round);
        opened.then(|| first_to_choose(state)).flatten()
    });
    if let Some(id) = first {
        m.view.selected = Some(id);
    }
}

/// D14: the first in the scene still to choose an action; the Unconscious choose nothing.
fn first_to_choose(state: &State) -> Option<u32> {
    let f = state.fight.as_ref()?;
    f.entries
        .iter()
        .find(|e| {
            e.action.is_none()
                && state
                    .character(e.id)
                    .is_ok_and(|c| c.in_play() && !c.has(Status::Unconscious))
        })
        .map(|e| e.id)
}

/// Is a main-screen key worth showing in the status line (with no form open)?
pub fn applies(m: &Main, action: A) -> bool {
    let fight = state_of(&m.session).and_then(|s| s.fight.as_ref());
    match action {
        NEXT | REEVALUATE => fight.is_some_and(|f| f.rolled),
        ROLL => fight.is_some_and(|f| !f.rolled),
        ACT => fight.is_some(),
        CHECK | DAMAGE | STATUS | EXHAUST | HEAL => m.view.selected.is_some(),
        _ => true,
    }
}

/// What the round waits for before its roll, with the keys that give it: every participant's
/// action chosen (D14), then the initiative roll (D15). After the roll the turns say it.
pub fn fight_hint(m: &Main) -> Option<String> {
    let state = state_of(&m.session)?;
    let fight = state.fight.as_ref()?;
    if fight.rolled {
        return None;
    }
    let key = |a| keymap::key_for(TABLE, Ctx::Main, a).unwrap_or_default();
    Some(
        if crate::rules::actiondie::initiative::still_to_choose(state).is_empty() {
            format!("all have chosen: {} rolls", key(ROLL))
        } else {
            format!("choose actions ({}), then roll ({})", key(ACT), key(ROLL))
        },
    )
}

/// The sheet's lines: the fixed rows, then one per item, the round and the notes.
pub fn rows(m: &Main) -> u16 {
    let items = selected(m).map_or(0, |c| c.items.len() as u16);
    12 + items + 2
}

pub fn draw(buf: &mut Buffer, area: Rect, m: &Main, theme: Theme) {
    let who = state_of(&m.session)
        .zip(selected(m))
        .map(|(state, c)| (c.name.as_str(), (state, c)));
    let nobody = " Nobody yet: :add NAME pc STR DEX AWR WIL HP";
    super::framed_sheet(buf, area, m, theme, who, nobody, |(state, c), inside| {
        // A value wider than the panel closes up the double spaces between its parts before it
        // wraps, so the four abilities read on one line at 80 columns; one still too wide wraps
        // between its parts, never inside one (`WIL` apart from its `d4 (2)`).
        let room = usize::from(inside).saturating_sub(12);
        sheet_lines(state, c)
            .into_iter()
            .map(|(k, v)| {
                let v = if v.chars().count() > room {
                    let parts: Vec<String> =
                        v.split("  ").map(|p| p.replace(' ', "\u{a0}")).collect();
                    parts.join(" ")
                } else {
                    v
                };
                let style = if v.contains("DEAD") || v.contains("ENCUMBERED") || v.contains("FLED")
                {
                    theme.warn()
                } else {
                    theme.ok()
                };
                super::labelled(format!(" {k:<10} "), v, style, theme)
            })
            .collect()
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_actiondie_table_passes_the_frame_checks() {
        keymap::check_ruleset_table(TABLE).unwrap();
    }
}
