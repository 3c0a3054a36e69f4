//! The action-point screen (rule file 003): a sheet with STR, DEX, WIL and HP as max and current,
//! armor, the AP pool with its bank, spaces and held action, counted slots with Fatigue and Mana
//! Dust, marks, scars, pending recoveries and the Grimoire; keys for a check, an attack, a save,
//! damage, Move, Gain Advantage, a casting, the fight's next turn, a short rest, stabilizing and
//! moving the clock. The roster, the group strip, the roll and question dialogs, the log and the
//! palette (where every verb works) are the frame's.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;

use super::{Newcomer, fighters, forms};
use crate::rules::GameCommand;
use crate::rules::ap::{
    Action, Against, Ask, Attr, Cast, Character, Command, Defence, Kind, Mark, NewSheet, ObjDie,
    Span as Time, Stat, State, Wait, sheet_lines,
};
use crate::session::{self, Session};
use crate::tui::form::{Field, Form};
use crate::tui::host::{Dice, Exec, Main};
use crate::tui::keymap::{self, Action as A, Binding, Ctx, Key as K, Table, b};
use crate::tui::theme::Theme;
use forms::FormView;

pub const NEXT: A = A::Sheet("next");
pub const FIGHT: A = A::Sheet("fight");
pub const CHECK: A = A::Sheet("check");
pub const ATTACK: A = A::Sheet("attack");
pub const SAVE: A = A::Sheet("save");
pub const DAMAGE: A = A::Sheet("damage");
pub const MOVE: A = A::Sheet("move");
pub const GAIN: A = A::Sheet("gain");
pub const CAST: A = A::Sheet("cast");
pub const REST: A = A::Sheet("rest");
pub const STABILIZE: A = A::Sheet("stabilize");
pub const TIME: A = A::Sheet("time");
pub const ADD: A = A::Sheet("add");
pub const HEAL: A = A::Sheet("heal");
pub const MARK: A = A::Sheet("mark");

/// The ruleset's own keys on the main screen; everything else is a verb in the palette.
#[rustfmt::skip]
pub const MAIN: &[Binding] = &[
    b(Ctx::Main, &[K::Char('E')], NEXT, "next", "In a fight: end the turn (the pool refills) and start the next group's"),
    b(Ctx::Main, &[K::Char('c')], FIGHT, "fight", "Start a fight with the creatures met (a checklist; 1d20 + WIL), or end it"),
    b(Ctx::Main, &[K::Char('g')], CHECK, "check", "An action of the selected creature: d20 + a score + an item's die against a DC"),
    b(Ctx::Main, &[K::Char('a')], ATTACK, "attack", "The selected creature attacks: its weapon's die in the roll and as damage, against the target's save"),
    b(Ctx::Main, &[K::Char('s')], SAVE, "save", "A save of the selected creature against a DC (it must beat it)"),
    b(Ctx::Main, &[K::Char('-')], DAMAGE, "damage", "The selected creature takes damage: HP, then STR with the critical save"),
    b(Ctx::Main, &[K::Char('m')], MOVE, "move", "Move: 1 AP for half DEX (rounded up) spaces this turn"),
    b(Ctx::Main, &[K::Char('v')], GAIN, "gain", "Gain Advantage: 1 AP banks +1 on the next roll's d20"),
    b(Ctx::Main, &[K::Char('k')], CAST, "cast", "Cast a spell with magic dice from free slots and Mana Dust"),
    b(Ctx::Main, &[K::Char('r')], REST, "rest", "A short rest for every living PC: HP back unless deprived, a Die of Fate"),
    b(Ctx::Main, &[K::Char('x')], STABILIZE, "", "Stabilize the selected creature: its dying hour stops"),
    b(Ctx::Main, &[K::Char('t')], TIME, "time", "Move the clock: minutes, hours or days; every timer runs"),
    b(Ctx::Main, &[K::Char('+')], HEAL, "", "The selected creature regains HP (up to its maximum)"),
    b(Ctx::Main, &[K::Char('M')], MARK, "", "Put a mark on the selected creature or take one off: deaf, hamstrung, surprised and the rest"),
    b(Ctx::Main, &[K::Char('n')], ADD, "", "Add a creature: a sheet of the judge's, or one of the bestiary numbered after its kind"),
];

/// The ruleset's whole table.
pub const TABLE: Table = keymap::with_frame!(MAIN);

/// What the symbols on the screen mean.
pub const LEGEND: &[(&str, &str)] = &[
    super::ACTED,
    (
        "▶ ○ ×",
        "on the strip: acting now / still to act / dead, fled or unable to act",
    ),
    ("17", "on the strip: the initiative total (1d20 + WIL)"),
    (
        "»",
        "on the strip: acts next (the groups take turns one at a time)",
    ),
];

/// What a form of the ruleset's is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Purpose {
    Check { who: u32 },
    Attack { who: u32 },
    Save { who: u32 },
    Damage { who: u32 },
    Cast { who: u32 },
    Time,
    Heal { who: u32 },
    Mark { who: u32 },
    Add,
    Fight,
    EndFight,
}

forms::roll_kinds!(Purpose:
    Purpose::Check { .. } => Check,
    Purpose::Attack { .. } => Attack,
    Purpose::Save { .. } => Save,
    Purpose::Damage { .. } => Damage,
    Purpose::Cast { .. } => Other,
    Purpose::Time => Encounter,
    Purpose::Fight => Initiative,
);

/// The screen's view state: its open form.
pub type ApView = FormView<Purpose>;

super::game!(Ap);

fn attrs() -> Vec<(String, u32)> {
    vec![("STR".into(), 0), ("DEX".into(), 1), ("WIL".into(), 2)]
}

fn attr_of(i: Option<u32>) -> Attr {
    match i {
        Some(0) => Attr::Str,
        Some(2) => Attr::Wil,
        _ => Attr::Dex,
    }
}

/// The items with an object die, as choices (0: none).
fn dice_of(c: &Character, none: &str) -> Vec<(String, u32)> {
    let mut v = vec![(none.to_string(), 0)];
    for (i, it) in c.items.iter().enumerate() {
        if let Some(d) = it.die {
            v.push((format!("{} d{d}", it.name), i as u32 + 1));
        }
    }
    v
}

fn object(st: &State, who: u32, choice: Option<u32>) -> Vec<ObjDie> {
    let Some(i) = choice.and_then(|i| i.checked_sub(1)) else {
        return Vec::new();
    };
    st.character(who)
        .ok()
        .and_then(|c| c.items.get(i as usize))
        .and_then(|it| {
            it.die.map(|sides| ObjDie {
                item: it.name.clone(),
                sides,
                edge: 0,
            })
        })
        .into_iter()
        .collect()
}

/// A key on the main screen.
pub fn key(m: &mut Main, action: A, dice: &mut Dice) -> bool {
    if state_of(&m.session).is_none() {
        return false;
    }
    match action {
        FIGHT => {
            return fighters::open(
                m,
                "Start a fight: everyone rolls 1d20 + WIL",
                "",
                Purpose::Fight,
                Purpose::EndFight,
            );
        }
        NEXT => {
            m.run_key(command(Command::Next), dice);
            pass_lost_turns(m, dice);
            return true;
        }
        REST => return m.run_key(command(Command::Short { who: Vec::new() }), dice),
        TIME => {
            let form = Form::new(
                "Move the clock",
                Purpose::Time,
                vec![
                    Field::number("n", "How many", 10, 1, 999, 1),
                    Field::choice(
                        "unit",
                        "Of",
                        vec![("minutes".into(), 0), ("hours".into(), 1), ("days".into(), 2)],
                        0,
                    ),
                ],
            )
            .with_note("A round of a fight is 2 minutes; the dying hour, mishaps and deprivation run on this clock (A50).");
            return forms::open(m, form);
        }
        ADD => return forms::open(m, add_form()),
        _ => {}
    }
    let Some(ch) = selected(m) else {
        m.complain("add a creature first: :add NAME pc GROUP STR DEX WIL HP");
        return true;
    };
    let (who, name) = (ch.id, ch.name.clone());
    let form = match action {
        MOVE => return m.run_key(command(Command::Move { who }), dice),
        GAIN => return m.run_key(command(Command::Gain { who }), dice),
        STABILIZE => {
            let on = !ch.has(Mark::Stabilized);
            return m.run_key(
                command(Command::Mark {
                    who,
                    mark: Mark::Stabilized,
                    on,
                }),
                dice,
            );
        }
        HEAL => Form::new(
            format!("{name} regains HP"),
            Purpose::Heal { who },
            vec![Field::number("amount", "HP regained", 1, 1, 99, 1)],
        )
        .with_note(format!(
            "{}/{} HP now; healing stops at the maximum.",
            ch.hp.cur, ch.hp.max
        )),
        MARK => {
            let marks = forms::switch_options(Mark::ALL.iter().map(|k| (k.word(), ch.has(*k))));
            let first = Mark::ALL
                .iter()
                .position(|k| *k == Mark::Surprised)
                .unwrap_or(0);
            Form::new(
                format!("Mark: {name}"),
                Purpose::Mark { who },
                vec![Field::choice("mark", "Mark", marks, first)],
            )
            .with_note("A mark stays until the judge takes it off or the rules end it (A33, A45).")
        }
        CHECK => Form::new(
            format!("Check: {name}"),
            Purpose::Check { who },
            vec![
                Field::choice("attr", "Attribute", attrs(), 0),
                Field::number("dc", "DC", 20, 1, 60, 1),
                Field::choice("die", "Object die", dice_of(ch, "none"), 0),
                Field::number("ap", "AP (in a fight)", 1, 0, 20, 1),
                Field::edge_up_to(0, i8::MAX),
            ],
        )
        .with_note("d20 + the current score + the item's die; meeting the DC succeeds (A7, A9)."),
        ATTACK => {
            let form = attack_form(m, ch);
            return forms::open_or_say(m, form);
        }
        SAVE => Form::new(
            format!("Save: {name}"),
            Purpose::Save { who },
            vec![
                Field::choice("attr", "Attribute", attrs(), 1),
                Field::number("dc", "DC", 20, 1, 60, 1),
                Field::text("why", "Against", ""),
                Field::edge_up_to(0, i8::MAX),
            ],
        )
        .with_note("d20 + the current score; the total must beat the DC (A8, A9)."),
        DAMAGE => Form::new(
            format!("{name} takes damage"),
            Purpose::Damage { who },
            vec![
                Field::number("amount", "Damage", 1, 1, 99, 1),
                Field::toggle("armor", "Less armor", true),
                Field::text("source", "Source", ""),
            ],
        )
        .with_note("HP first; past 0 the rest comes off STR and asks the critical save at DC 15 (A32, A33)."),
        CAST => Form::new(
            format!("{name} casts"),
            Purpose::Cast { who },
            vec![
                Field::text(
                    "spell",
                    "Spell",
                    ch.grimoire
                        .as_ref()
                        .and_then(|g| g.spells.first())
                        .map_or("", |s| s.as_str()),
                ),
                Field::number("slot", "Slot dice", 1, 0, 4, 1),
                Field::number("dust", "Dust dice", 0, 0, 4, 1),
                Field::number("ap", "AP", 1, 0, 20, 1),
            ],
        )
        .with_note(format!(
            "{} free slots, {} Mana Dust; at most 4 dice; slot dice on 4-6 tire (A42, A43).",
            ch.free_slots(),
            ch.dust
        )),
        _ => return false,
    };
    forms::open(m, form)
}

/// A key in the open form; a sheet just added is selected and, in a fight, joins it (A29).
pub fn form_key(m: &mut Main, action: Option<A>, key: KeyEvent, dice: &mut Dice) -> bool {
    let Some(st) = state_of(&m.session).cloned() else {
        return false;
    };
    let (changed, done) =
        forms::key::<Purpose>(m, action, key, dice, |f| form_command(f, &st).map(command));
    // A sheet just added is selected, for the next key to act on.
    if done.as_ref().is_some_and(|f| f.purpose == Purpose::Add) {
        let st = state_of(&m.session);
        let last = st.and_then(|s| s.characters.last()).map(|c| c.id);
        m.view.selected = last;
        // A29: one added in a fight arrives late and rolls into its group (A25).
        if let Some(who) = last
            && st.is_some_and(|s| s.fight.is_some())
        {
            m.run_key(
                command(Command::Join {
                    who,
                    surprised: false,
                }),
                dice,
            );
        }
    }
    if done.is_some_and(|f| f.purpose == Purpose::Fight) {
        pass_lost_turns(m, dice);
    }
    changed
}

/// The attack form of `ch`: its weapons and the score it attacks with (A26), or why it has
/// nobody to attack.
fn attack_form(m: &Main, ch: &Character) -> Result<Form<Purpose>, String> {
    let (who, name) = (ch.id, ch.name.as_str());
    let targets = super::targets::to_attack(m, who, name)?;
    let weapons = dice_of(ch, "unarmed (a hit rolls d4)");
    let first = ch
        .items
        .iter()
        .enumerate()
        .find(|(_, i)| i.weapon && i.die.is_some())
        .and_then(|(i, _)| weapons.iter().position(|w| w.1 == i as u32 + 1))
        .unwrap_or(0);
    Ok(super::targets::attack_form(
        name,
        Purpose::Attack { who },
        &targets,
        [
            Field::choice("die", "Weapon", weapons, first),
            Field::choice(
                "attr",
                "With",
                vec![
                    ("by the weapon: STR, DEX if ranged".into(), 2),
                    ("STR (melee)".into(), 0),
                    ("DEX (ranged)".into(), 1),
                ],
                0,
            ),
            Field::choice("save", "Target saves with", attrs(), 1),
            Field::number("ap", "AP", 1, 0, 20, 1),
            Field::edge_up_to(0, i8::MAX),
        ],
        "A contest: the attacker wins ties; a hit does the weapon's kept face less armor (A26).",
    ))
}

/// The command a submitted form stands for.
fn form_command(form: &Form<Purpose>, st: &State) -> Result<Command, String> {
    let ap = || form.number("ap").min(20) as u8;
    Ok(match form.purpose {
        Purpose::Fight => Command::Fight {
            who: fighters::chosen(form)?.into(),
            surprised: Box::default(),
        },
        Purpose::EndFight => Command::EndFight,
        Purpose::Check { who } => {
            let mut a = Action::new(
                who,
                attr_of(form.choice("attr")),
                Against::Dc {
                    dc: form.number("dc").min(255) as u8,
                    hidden: false,
                },
                "acts",
            );
            a.objects = object(st, who, form.choice("die"));
            a.cost = ap();
            a.edge = form.edge();
            Command::Check(Box::new(a))
        }
        Purpose::Attack { who } => {
            let target = super::targets::chosen(form, "target")?;
            let objects = object(st, who, form.choice("die"));
            // A26: STR in melee, DEX at range, unless the judge picks one.
            let ranged = || {
                objects
                    .first()
                    .and_then(|d| st.character(who).ok()?.item(&d.item))
                    .is_some_and(|i| i.ranged)
            };
            let with = match form.choice("attr") {
                Some(1) => Attr::Dex,
                Some(2) if ranged() => Attr::Dex,
                _ => Attr::Str,
            };
            let mut a = Action::new(
                who,
                with,
                Against::Saves(vec![Defence {
                    who: target,
                    attr: attr_of(form.choice("save")),
                    objects: Vec::new(),
                    edge: 0,
                }]),
                "attacks",
            );
            a.objects = objects;
            a.cost = ap();
            a.edge = form.edge();
            Command::Attack(Box::new(a))
        }
        Purpose::Save { who } => Command::Save {
            who,
            attr: attr_of(form.choice("attr")),
            dc: form.number("dc").min(255) as u8,
            objects: Box::default(),
            edge: form.edge(),
            why: form.text("why").trim().into(),
        },
        Purpose::Damage { who } => Command::Damage {
            who,
            amount: form.number("amount").min(255) as u8,
            armor: form.toggle("armor"),
            source: form.text("source").trim().to_string(),
        },
        Purpose::Cast { who } => Command::Cast(Box::new(Cast {
            who,
            spell: form.text("spell").trim().to_string(),
            slot: form.number("slot").min(4) as u8,
            dust: form.number("dust").min(4) as u8,
            free: false,
            scroll: None,
            cost: ap(),
        })),
        Purpose::Heal { who } => {
            let c = st.character(who).map_err(|e| e.to_string())?;
            let amount = form.number("amount").min(255) as u8;
            Command::Set {
                who,
                stat: Stat::Hp,
                cur: c.hp.cur.saturating_add(amount).min(c.hp.max),
                max: c.hp.max,
            }
        }
        Purpose::Mark { who } => {
            let (i, on) = forms::switched(form.choice("mark").unwrap_or(1));
            Command::Mark {
                who,
                mark: Mark::ALL[i % Mark::ALL.len()],
                on,
            }
        }
        Purpose::Add => {
            let lib = crate::content::ap::library();
            let taken = |n: &str| st.characters.iter().any(|c| c.name.eq_ignore_ascii_case(n));
            match super::newcomer(form, &lib.creatures, |b| &b.name, taken)? {
                Newcomer::Beast(beast, name) => Command::Add(Box::new(beast.sheet(&name, None))),
                Newcomer::Typed(name) => {
                    let pc = form.toggle("pc");
                    let group = form.text("group").trim().to_string();
                    let n = |id: &str| form.number(id).min(255) as u8;
                    Command::Add(Box::new(NewSheet::new(
                        &name,
                        if pc { Kind::Pc } else { Kind::Npc },
                        if group.is_empty() { "party" } else { &group },
                        [n("str"), n("dex"), n("wil"), n("hp")],
                    )))
                }
            }
        }
        Purpose::Time => Command::Time {
            n: u32::from(form.number("n")),
            span: match form.choice("unit") {
                Some(1) => Time::Hours,
                Some(2) => Time::Days,
                _ => Time::Minutes,
            },
        },
    })
}

/// A34: a turn that begins for one out of action and dying (not stabilized) is lost; the
/// question the rules ask is answered for the judge ("end its turn"), each answer a logged step
/// that `u` takes back. A paralysed or delirious one still waits for the judge's word.
fn pass_lost_turns(m: &mut Main, dice: &mut Dice) {
    for _ in 0..64 {
        let Some(state) = state_of(&m.session) else {
            return;
        };
        let dying = match state.queue.first() {
            Some(Wait::Ask(q)) => match q.ask {
                Ask::Skip { who } => state
                    .character(who)
                    .is_ok_and(|c| c.has(Mark::Out) && !c.has(Mark::Stabilized)),
                _ => false,
            },
            _ => false,
        };
        if !dying {
            return;
        }
        if let Exec::Failed(why) = m.run(command(Command::Choose { option: 0 }), dice, None) {
            m.complain(why);
            return;
        }
    }
}

/// The frame's creature picker: the bundled bestiary, each numbered after those already here.
pub fn arrivals(m: &Main) -> Vec<crate::tui::host::Arrival> {
    let lib = crate::content::ap::bundled();
    super::bestiary_arrivals(
        m,
        &lib.creatures,
        |beast| &beast.name,
        |beast, name| GameCommand::Ap(Command::Add(Box::new(beast.sheet(name, None)))),
    )
}

/// A new sheet: the judge's own (A1-A5), or a creature of the bestiary numbered after its kind.
fn add_form() -> Form<Purpose> {
    let lib = crate::content::ap::library();
    super::add_form(
        "Add a creature",
        Purpose::Add,
        lib.creatures.iter().map(|c| c.name.as_str()),
        [
            Field::toggle("pc", "One of the players' characters", true),
            Field::text("group", "Group", "party"),
            Field::number("str", "STR", 10, 1, 20, 1),
            Field::number("dex", "DEX", 10, 1, 20, 1),
            Field::number("wil", "WIL", 10, 1, 20, 1),
            Field::number("hp", "HP", 6, 1, 99, 1),
        ],
        "A creature of the bestiary comes with its weapon, armor and group; with no name it is numbered after its kind. In a fight it joins at once, rolling into its group (A25).",
    )
}

/// Is a main-screen key worth showing in the status line (with no form open)?
pub fn applies(m: &Main, action: A) -> bool {
    let fighting = state_of(&m.session).is_some_and(|s| s.fight.is_some());
    match action {
        NEXT | MOVE | GAIN => fighting,
        CHECK | ATTACK | SAVE | DAMAGE | CAST | HEAL | MARK => m.view.selected.is_some(),
        STABILIZE => selected(m).is_some_and(|c| c.has(Mark::Out)),
        _ => true,
    }
}

/// The sheet's lines: scores, AP, slots and items, marks, scars, pending, magic, notes.
pub fn rows(m: &Main) -> u16 {
    let items = selected(m).map_or(0, |c| c.items.len() as u16);
    10 + items + 2
}

pub fn draw(buf: &mut Buffer, area: Rect, m: &Main, theme: Theme) {
    let who = selected(m)
        .zip(state_of(&m.session))
        .map(|(c, st)| (c.name.as_str(), (c, st)));
    let nobody = " Nobody yet: :add NAME pc GROUP STR DEX WIL HP";
    super::framed_sheet(buf, area, m, theme, who, nobody, |(c, st), _| {
        sheet_lines(c, st)
            .into_iter()
            .map(|(k, v)| {
                let style = if v.chars().any(|ch| ch.is_ascii_uppercase())
                    && (v.contains("DEAD") || v.contains("DIES") || v.contains("OUT"))
                {
                    theme.warn()
                } else {
                    theme.ok()
                };
                super::labelled(format!(" {k:<8} "), v, style, theme)
            })
            .collect()
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ap_table_passes_the_frame_checks() {
        keymap::check_ruleset_table(TABLE).unwrap();
    }
}
