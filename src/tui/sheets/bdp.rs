//! The *Block, Dodge, Parry* screen (rule file 001): a sheet with STR, DEX, WIL and HP, the flat
//! row of slots (items, Fatigue, wounds, lost slots), needs and deprivation, tonight's rest,
//! diseases, restoratives, timers and states; keys for the ten moves a judge makes most (a save,
//! a Time/Gear/Skill task with its proposed ticks, a contest, the Die of Fate, damage, a Fatigue
//! from blocking or dodging, clearing a slot, starting or ending a fight, the next turn, the
//! night) and tonight's rest. The roster, the strip, the roll and question dialogs, the log and
//! the palette (where every verb works) are the frame's.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::Line;

use super::{Newcomer, fighters, forms};
use crate::dice::Edge;
use crate::export::bdp::lines;
use crate::rules::GameCommand;
use crate::rules::bdp::tasks::{PRESETS, propose_ticks};
use crate::rules::bdp::{
    Ability, Amount, Certainty, Character, Command, Kind, Level, NewSheet, Reason, Rest, Slot,
    Stat, State, Target, can_kill,
};
use crate::session::{self, Session};
use crate::tui::form::{Field, FieldKind, Form, Live};
use crate::tui::host::{Dice, Main};
use crate::tui::keymap::{self, Action, Binding, Ctx, Key as K, Table, b};
use crate::tui::theme::Theme;
use forms::FormView;

pub const SAVE: Action = Action::Sheet("save");
pub const DAMAGE: Action = Action::Sheet("damage");
pub const NEXT: Action = Action::Sheet("next");
pub const FIGHT: Action = Action::Sheet("fight");
pub const FATE: Action = Action::Sheet("fate");
pub const TASK: Action = Action::Sheet("task");
pub const CONTEST: Action = Action::Sheet("contest");
pub const FATIGUE: Action = Action::Sheet("fatigue");
pub const CLEAR: Action = Action::Sheet("clear");
pub const REST: Action = Action::Sheet("rest");
pub const NIGHT: Action = Action::Sheet("night");
pub const ADD: Action = Action::Sheet("add");
pub const HEAL: Action = Action::Sheet("heal");
pub const ATTACK: Action = Action::Sheet("attack");

/// The ruleset's own keys on the main screen; everything else is a verb in the palette. Clearing
/// a slot, tonight's rest and the night stay out of the status line (help lists them) so undo
/// still shows at 80 columns.
#[rustfmt::skip]
pub const MAIN: &[Binding] = &[
    b(Ctx::Main, &[K::Char('E')], NEXT, "next", "In a fight: the next on the turn list (after the last, a new round)"),
    b(Ctx::Main, &[K::Char('g')], SAVE, "save", "A save for the selected character: STR, DEX or WIL, with advantage or disadvantage"),
    b(Ctx::Main, &[K::Char('a')], ATTACK, "attack", "The selected character attacks: the foe proposed, the attack from its sheet; Enter rolls the damage into the foe (B49)"),
    b(Ctx::Main, &[K::Char('-')], DAMAGE, "damage", "The selected character takes damage: HP (overflow to STR) or an ability"),
    b(Ctx::Main, &[K::Char('c')], FIGHT, "fight", "Start a fight with the creatures met (a checklist), or end it"),
    b(Ctx::Main, &[K::Char('F')], FATE, "fate", "Roll the Die of Fate: a d6 answer to a yes-or-no question"),
    b(Ctx::Main, &[K::Char('t')], TASK, "task", "A Time/Gear/Skill task for the selected character: the ticks proposed from the sheet, changed at will, then rolled"),
    b(Ctx::Main, &[K::Char('v')], CONTEST, "contest", "The selected character against another: an ability each, an edge each"),
    b(Ctx::Main, &[K::Char('f')], FATIGUE, "fatigue", "The selected character takes a Fatigue: a block, a dodge, a spell or another reason"),
    b(Ctx::Main, &[K::Char('x')], CLEAR, "", "Empty one of the selected character's slots of a Fatigue or a Light or Severe wound"),
    b(Ctx::Main, &[K::Char('R')], REST, "", "Tonight's rest for the selected character: None, Perilous, Normal or Comfortable"),
    b(Ctx::Main, &[K::Char('N')], NIGHT, "", "The night passes: the dawn runs for everyone by tonight's rest, and the clock moves 8 hours"),
    b(Ctx::Main, &[K::Char('+')], HEAL, "", "The selected character regains HP (up to its maximum)"),
    b(Ctx::Main, &[K::Char('n')], ADD, "", "Add a character, or a creature of the bestiary numbered after its kind"),
];

/// The ruleset's whole table.
pub const TABLE: Table = keymap::with_frame!(MAIN);

/// What the symbols on the screen mean.
pub const LEGEND: &[(&str, &str)] = &[
    super::ACTED,
    super::DEAD_OR_OUT,
    ("»", "on the strip: opens the next round"),
    (
        "LOST",
        "in the slots: a Permanent wound's slot, lost for good (B35)",
    ),
];

/// What a form of the ruleset's is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Purpose {
    Save {
        who: u32,
    },
    /// `by` deals it when known (the one whose turn it is), `with` the index of its attack
    /// the dice and source were last proposed from.
    Damage {
        who: u32,
        by: Option<u32>,
        with: u32,
    },
    /// The ticks were last proposed for this preset, text, ability and haste; they are proposed
    /// again only when one of those changes, so ticks the judge changed by hand stay.
    Task {
        who: u32,
        basis: Basis,
    },
    Contest {
        a: u32,
    },
    Fatigue {
        who: u32,
    },
    Clear {
        who: u32,
    },
    Rest {
        who: u32,
    },
    Night,
    Heal {
        who: u32,
        cur: u8,
        max: u8,
    },
    Add,
    Fight,
    EndFight,
    /// A blow that can kill a player character outright (B21, B22), asked before it lands.
    Blow(Box<Command>),
}

/// What a task's proposal was made from: the preset, the words, the ability, rushed.
pub type Basis = (u32, String, u32, bool);

forms::roll_kinds!(Purpose:
    Purpose::Save { .. } => Save,
    Purpose::Damage { .. } | Purpose::Blow(_) => Damage,
    Purpose::Task { .. } | Purpose::Contest { .. } => Check,
    Purpose::Night => Encounter,
);

/// The screen's view state: its open form.
pub type BdpView = FormView<Purpose>;

super::game!(Bdp);

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

/// A key on the main screen.
pub fn key(m: &mut Main, action: Action, dice: &mut Dice) -> bool {
    let Some(state) = state_of(&m.session) else {
        return false;
    };
    match action {
        FIGHT => {
            return fighters::open(
                m,
                "Start a fight: the turn list",
                "The turn list takes them in this order: characters, then creatures (B49).",
                Purpose::Fight,
                Purpose::EndFight,
            );
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
        NIGHT => {
            let form = night_form(state);
            return forms::open(m, form);
        }
        ADD => return forms::open(m, add_form()),
        _ => {}
    }
    let Some(ch) = selected(m) else {
        m.complain("add a character first: :add NAME pc STR DEX WIL HP");
        return true;
    };
    let form = match action {
        SAVE => save_form(ch),
        DAMAGE => damage_form(m, ch),
        // The attacker's own turn or not, `a` is the harm the selected character deals.
        ATTACK => harm_form(m, ch, Some(ch)),
        TASK => task_form(ch),
        CONTEST => match contest_form(state, ch) {
            Ok(f) => f,
            Err(why) => {
                m.complain(why);
                return true;
            }
        },
        FATIGUE => fatigue_form(ch),
        CLEAR => match clear_form(ch) {
            Ok(f) => f,
            Err(why) => {
                m.complain(why);
                return true;
            }
        },
        REST => rest_form(ch),
        // A heal at the maximum would change nothing, yet be a step in the log.
        HEAL if ch.hp.cur >= ch.hp.max => {
            m.complain(format!(
                "{} is at full HP ({}/{}): + heals only below the maximum; \
                 :set {} hp CUR MAX raises the maximum",
                ch.name, ch.hp.cur, ch.hp.max, ch.name
            ));
            return true;
        }
        HEAL => Form::new(
            format!("{} regains HP", ch.name),
            Purpose::Heal {
                who: ch.id,
                cur: ch.hp.cur,
                max: ch.hp.max,
            },
            vec![Field::number("amount", "HP regained", 1, 1, 99, 1)],
        )
        .with_note(format!(
            "{}/{} HP now; healing stops at the maximum.",
            ch.hp.cur, ch.hp.max
        )),
        _ => return false,
    };
    forms::show(m, form);
    propose(m);
    true
}

/// A key in the open form: a blow that can kill a player character asked first (B21), a sheet
/// just added selected and put on the turn list (B49), the task's ticks proposed again.
pub fn form_key(m: &mut Main, action: Option<Action>, key: KeyEvent, dice: &mut Dice) -> bool {
    let Some(st) = state_of(&m.session).cloned() else {
        return false;
    };
    if action == Some(Action::Accept)
        && let Some(ask) = forms::open_form::<Purpose>(m).and_then(|f| death_question(f, &st))
    {
        return forms::open(m, ask);
    }
    let (changed, done) = forms::key::<Purpose>(m, action, key, dice, |f| form_command(f, &st));
    // A sheet just added is selected, for the next key to act on.
    if done.is_some_and(|f| f.purpose == Purpose::Add) {
        let st = state_of(&m.session);
        let last = st.and_then(|s| s.characters.last()).map(|c| c.id);
        m.view.selected = last;
        // B49: one added in a fight goes to the end of the turn list.
        if let (Some(who), Some(f)) = (last, st.and_then(|s| s.fight.as_ref())) {
            let mut order = f.order.clone();
            order.push(who);
            m.run_key(command(Command::Order { order }), dice);
        }
    }
    propose(m);
    changed
}

fn abilities() -> Vec<(String, u32)> {
    vec![("STR".into(), 0), ("DEX".into(), 1), ("WIL".into(), 2)]
}

fn save_form(ch: &Character) -> Form<Purpose> {
    Form::new(
        format!("Save: {}", ch.name),
        Purpose::Save { who: ch.id },
        vec![
            Field::choice("ability", "Ability", abilities(), 1),
            Field::text("why", "Against", ""),
            Field::edge(0),
        ],
    )
    .with_note(
        "d20 at or under the current score; a 1 passes, a 20 fails; an edge rolls two (B5, B6).",
    )
}

/// The attack choice that stands for harm the judge types in.
const OTHER_HARM: u32 = u32::MAX;

fn amount_words(a: Amount) -> String {
    match (a.count, a.sides) {
        (n, 1) => n.to_string(),
        (1, s) => format!("d{s}"),
        (n, s) => format!("{n}d{s}"),
    }
}

fn hits_index(t: Target) -> usize {
    match t {
        Target::Hp => 0,
        Target::Ability(Ability::Str) => 1,
        Target::Ability(Ability::Dex) => 2,
        Target::Ability(Ability::Wil) => 3,
    }
}

/// Damage to `ch`, dealt by the one whose turn it is when a fight is under way: its attack, die
/// and source from its sheet (a creature's attacks, a held item), so the fight's summary credits
/// the harm to it. On its own turn the form asks whom it harms, the frame's proposal first.
fn damage_form(m: &Main, ch: &Character) -> Form<Purpose> {
    let st = state_of(&m.session);
    let attacker = st
        .and_then(|s| s.fight.as_ref().map(|f| (s, f)))
        .and_then(|(s, f)| s.character(*f.order.get(f.at)?).ok());
    harm_form(m, ch, attacker)
}

/// The harm form for `ch`: when `attacker` is `ch` itself, the harm it deals, to the foe the
/// frame proposes, with its own attacks; otherwise the harm `ch` takes, from `attacker`'s.
fn harm_form(m: &Main, ch: &Character, attacker: Option<&Character>) -> Form<Purpose> {
    let mut fields = Vec::new();
    let mut title = format!("{} takes damage", ch.name);
    let mut targets = None;
    if let Some(a) = attacker.filter(|a| a.id == ch.id) {
        let t = super::targets::of(m, a.id);
        let mut options = t.options.clone();
        options.push((format!("{} (itself)", a.name), a.id));
        fields.push(Field::choice("who", "Who takes it", options, 0));
        title = format!("{} deals damage", a.name);
        targets = Some(t);
    }
    let attacks = attacker.map(|a| a.attacks()).unwrap_or_default();
    if attacker.is_some() {
        let mut with: Vec<(String, u32)> = attacks
            .iter()
            .enumerate()
            .map(|(i, a)| (format!("{} ({})", a.name, amount_words(a.amount)), i as u32))
            .collect();
        with.push(("something else (dice and source below)".into(), OTHER_HARM));
        fields.push(Field::choice("with", "With", with, 0));
    }
    let first = attacks.first();
    let amount = first.map_or(Amount::dice(1, 6), |a| a.amount);
    let source = match (attacker, first) {
        (Some(by), Some(a)) => format!("{}: {}", by.name, a.name),
        (Some(by), None) => by.name.clone(),
        _ => String::new(),
    };
    fields.extend([
        Field::number(
            "count",
            "Dice (or the amount when sides is 1)",
            u16::from(amount.count),
            1,
            20,
            1,
        ),
        Field::number("sides", "Sides (1: a flat amount)", amount.sides, 1, 20, 1),
        Field::choice(
            "target",
            "Hits",
            vec![
                ("HP".into(), 0),
                ("STR".into(), 1),
                ("DEX".into(), 2),
                ("WIL".into(), 3),
            ],
            first.map_or(0, |a| hits_index(a.target)),
        ),
        Field::text("source", "Source (empty: Wound)", &source),
    ]);
    let form = Form::new(
        title,
        Purpose::Damage {
            who: ch.id,
            by: attacker.map(|a| a.id),
            with: if first.is_some() { 0 } else { OTHER_HARM },
        },
        fields,
    )
    .with_note("HP first, the rest into STR with a crit save; an ability's crit save is proposed at 8 or more (B20-B26).");
    match targets {
        Some(t) => super::targets::noted(form, &t),
        None => form,
    }
}

/// B21, B22: a blow the damage form would deal that can kill a player character outright
/// (every die at its highest) is asked first: the question that takes its place, the secret
/// switch carried over. Creatures are struck without one, as a fight needs.
fn death_question(form: &Form<Purpose>, st: &State) -> Option<Form<Purpose>> {
    if !matches!(form.purpose, Purpose::Damage { .. }) {
        return None;
    }
    let session::Command::Game(GameCommand::Bdp(blow)) = form_command(form, st).ok()? else {
        return None;
    };
    let Command::Damage {
        who,
        amount,
        target,
        ..
    } = &blow
    else {
        return None;
    };
    let c = st.character(*who).ok()?;
    if c.kind != Kind::Pc || !can_kill(c, *amount, *target) {
        return None;
    }
    let why = format!(
        "{amount} into {} can kill {} (HP {}, STR {}): at STR 0 a character is dead (B22).",
        match target {
            Target::Hp => "HP".to_string(),
            Target::Ability(a) => a.to_string(),
        },
        c.name,
        c.hp.cur,
        c.score(Ability::Str).cur,
    );
    let mut ask = forms::ask_before_death(
        format!("Strike {}?", c.name),
        Purpose::Blow(Box::new(blow)),
        &why,
    );
    ask.fields.extend(
        form.fields
            .iter()
            .filter(|f| f.id == super::secret::FIELD)
            .cloned(),
    );
    Some(ask)
}

/// After a key in the damage form: a new attack chosen brings its dice, target and source.
fn propose_harm(state: &State, form: &mut Form<Purpose>) {
    let Purpose::Damage { who, by, with } = form.purpose.clone() else {
        return;
    };
    let now = form.choice("with").unwrap_or(OTHER_HARM);
    if now == with {
        return;
    }
    form.purpose = Purpose::Damage { who, by, with: now };
    let Some(by) = by.and_then(|b| state.character(b).ok()) else {
        return;
    };
    let Some(a) = by.attacks().into_iter().nth(now as usize) else {
        set_text(form, "source", &by.name);
        return;
    };
    set_number(form, "count", u16::from(a.amount.count));
    set_number(form, "sides", a.amount.sides);
    set_choice(form, "target", hits_index(a.target) as u32);
    set_text(form, "source", &format!("{}: {}", by.name, a.name));
}

fn set_number(form: &mut Form<Purpose>, id: &str, to: u16) {
    if let Some(f) = form.fields.iter_mut().find(|f| f.id == id)
        && let FieldKind::Number {
            value, min, max, ..
        } = &mut f.kind
    {
        *value = to.clamp(*min, *max);
    }
}

fn set_text(form: &mut Form<Purpose>, id: &str, to: &str) {
    if let Some(f) = form.fields.iter_mut().find(|f| f.id == id) {
        *f = Field::text(f.id, &f.label, to);
    }
}

/// The preset standing for "none of B13's examples".
const OTHER: u32 = PRESETS.len() as u32;

/// The ability choice's values: 0 none, then STR, DEX, WIL.
fn task_ability(v: u32) -> Option<Ability> {
    Ability::ALL.get((v as usize).checked_sub(1)?).copied()
}

fn task_form(ch: &Character) -> Form<Purpose> {
    let mut presets: Vec<(String, u32)> = PRESETS
        .iter()
        .enumerate()
        .map(|(i, (name, _, _))| (name.to_string(), i as u32))
        .collect();
    presets.push(("something else".into(), OTHER));
    let ability = vec![
        ("none".into(), 0),
        ("STR".into(), 1),
        ("DEX".into(), 2),
        ("WIL".into(), 3),
    ];
    Form::new(
        format!("Time, Gear, Skill: {}", ch.name),
        Purpose::Task {
            who: ch.id,
            basis: (u32::MAX, String::new(), 0, false),
        },
        vec![
            Field::choice("preset", "Like", presets, 0),
            Field::text("what", "The task", ""),
            Field::choice("ability", "Ability", ability, 0),
            Field::toggle("rushed", "Rushed", false),
            Field::toggle("time", "Time", true),
            Field::toggle("gear", "Gear", true),
            Field::toggle("skill", "Skill", false),
        ],
    )
}

/// The task's words: typed, or the preset's name.
fn task_words(form: &Form<Purpose>) -> String {
    let typed = form.text("what");
    match PRESETS.get(form.choice("preset").unwrap_or(OTHER) as usize) {
        Some((name, _, _)) if typed.is_empty() => name.to_string(),
        _ => typed,
    }
}

fn set_toggle(form: &mut Form<Purpose>, id: &str, on: bool) {
    if let Some(f) = form.fields.iter_mut().find(|f| f.id == id) {
        f.kind = FieldKind::Toggle(on);
    }
}

fn set_choice(form: &mut Form<Purpose>, id: &str, value: u32) {
    if let Some(f) = form.fields.iter_mut().find(|f| f.id == id)
        && let FieldKind::Choice { options, idx } = &mut f.kind
        && let Some(i) = options.iter().position(|(_, v)| *v == value)
    {
        *idx = i;
    }
}

/// After every key in a task form: B12's ticks proposed again when what they rest on changed
/// (a new preset also brings its ability), and the line saying why and what the ticks now do.
fn propose(m: &mut Main) {
    let Some(state) = state_of(&m.session) else {
        return;
    };
    let Some(form) = forms::form_in::<Purpose>(m.sheet.as_mut()) else {
        return;
    };
    propose_harm(state, form);
    let Purpose::Task { who, basis } = form.purpose.clone() else {
        return;
    };
    let Ok(c) = state.character(who) else {
        return;
    };
    let preset = form.choice("preset").unwrap_or(OTHER);
    if preset != basis.0
        && let Some((_, _, a)) = PRESETS.get(preset as usize)
    {
        set_choice(form, "ability", a.index() as u32 + 1);
    }
    let now: Basis = (
        preset,
        form.text("what"),
        form.choice("ability").unwrap_or(0),
        form.toggle("rushed"),
    );
    if now != basis {
        let what = task_words(form);
        let ability = task_ability(now.2);
        let (time, gear, skill, hints) = propose_ticks(c, &what, ability, now.3);
        set_toggle(form, "time", time);
        set_toggle(form, "gear", gear);
        set_toggle(form, "skill", skill);
        let reasons = proposal_words(c, &what, (time, gear, skill), &hints, now.3);
        form.note = Some(match PRESETS.get(preset as usize) {
            Some((_, about, _)) => format!("{about} (B13). {reasons}"),
            None => reasons,
        });
        form.purpose = Purpose::Task { who, basis: now };
    }
    let ticks = ["time", "gear", "skill"]
        .iter()
        .filter(|t| form.toggle(t))
        .count();
    form.live = Some(Live {
        text: match ticks {
            3 => "3 ticks: a success, no roll (B10).".into(),
            2 => "2 ticks: Enter rolls a d6: 4-6 success, 2-3 success at a cost, 1 failure (B10)."
                .into(),
            n => format!(
                "{n} tick{}: a failure, no roll (B10).",
                if n == 1 { "" } else { "s" }
            ),
        },
        warn: ticks < 2,
    });
}

/// Why each tick was proposed, in words.
fn proposal_words(
    c: &Character,
    what: &str,
    (time, gear, skill): (bool, bool, bool),
    hints: &[String],
    rushed: bool,
) -> String {
    let yes = |b: bool| if b { "yes" } else { "no" };
    let w = what.to_ascii_lowercase();
    let tag = c
        .careers
        .iter()
        .chain(&c.skills)
        .chain(&c.backgrounds)
        .find(|t| !t.is_empty() && w.contains(&t.to_ascii_lowercase()));
    let mut text = format!(
        "Proposed from the sheet (B12): time {} ({}), gear {}, skill {} ({})",
        yes(time),
        if rushed { "rushed" } else { "not rushed" },
        yes(gear),
        yes(skill),
        match tag {
            Some(t) => format!("'{t}' is on the sheet"),
            None => "no tag of the sheet in the words".into(),
        }
    );
    if !hints.is_empty() {
        text.push_str("; ");
        text.push_str(&hints.join("; "));
    }
    text.push('.');
    text
}

fn contest_form(state: &State, ch: &Character) -> Result<Form<Purpose>, String> {
    // The other side first: a PC contests a creature, and the other way round.
    let mut others: Vec<&Character> = state
        .characters
        .iter()
        .filter(|c| c.id != ch.id && !c.dead)
        .collect();
    if others.is_empty() {
        return Err(format!("{} has nobody to contest", ch.name));
    }
    others.sort_by_key(|c| c.kind == ch.kind);
    let edges = || {
        vec![
            ("none".into(), 0),
            ("advantage".into(), 1),
            ("disadvantage".into(), 2),
        ]
    };
    Ok(Form::new(
        format!("Contest: {}", ch.name),
        Purpose::Contest { a: ch.id },
        vec![
            Field::choice(
                "b",
                "Against",
                others.iter().map(|c| (c.name.clone(), c.id)).collect(),
                0,
            ),
            Field::choice("a_ability", "Ability", abilities(), 0),
            Field::choice("b_ability", "Theirs", abilities(), 0),
            Field::choice("a_edge", "Edge", edges(), 0),
            Field::choice("b_edge", "Their edge", edges(), 0),
            Field::text("why", "Over", ""),
        ],
    )
    .with_note("Both save; of two passes the higher face wins, two fails are a stand-off (B7-B9)."))
}

fn fatigue_form(ch: &Character) -> Form<Purpose> {
    let reasons = [
        "block",
        "dodge",
        "spell",
        "task cost",
        "deprivation",
        "the judge's ruling",
    ];
    Form::new(
        format!("A Fatigue for {}", ch.name),
        Purpose::Fatigue { who: ch.id },
        vec![Field::choice(
            "reason",
            "Why",
            reasons
                .iter()
                .enumerate()
                .map(|(i, r)| (r.to_string(), i as u32))
                .collect(),
            0,
        )],
    )
    .with_note(
        "One Fatigue in the lowest empty slot; a block, a dodge or a spell costs one (B15, B50).",
    )
}

fn clear_form(ch: &Character) -> Result<Form<Purpose>, String> {
    let slots: Vec<(String, u32)> = ch
        .slots
        .iter()
        .enumerate()
        .filter(|(_, s)| match s {
            Slot::Fatigue(_) => true,
            Slot::Wound(w) => w.level != Level::Permanent,
            _ => false,
        })
        .map(|(i, s)| (format!("{} {}", i + 1, s.text()), i as u32))
        .collect();
    if slots.is_empty() {
        return Err(format!(
            "{} has no Fatigue and no Light or Severe wound to clear",
            ch.name
        ));
    }
    Ok(Form::new(
        format!("Clear a slot: {}", ch.name),
        Purpose::Clear { who: ch.id },
        vec![Field::choice("slot", "Slot", slots, 0)],
    )
    .with_note("The judge empties a slot of its Fatigue or its Light or Severe wound; a Permanent one stays (B16, B34)."))
}

const RESTS: [Rest; 4] = [Rest::None, Rest::Perilous, Rest::Normal, Rest::Comfortable];

fn rest_form(ch: &Character) -> Form<Purpose> {
    let now = if ch.rest == Rest::None {
        Rest::Normal
    } else {
        ch.rest
    };
    Form::new(
        format!("Tonight's rest: {}", ch.name),
        Purpose::Rest { who: ch.id },
        vec![Field::choice(
            "rest",
            "Rest",
            RESTS.iter().enumerate().map(|(i, r)| (r.word().to_string(), i as u32)).collect(),
            RESTS.iter().position(|r| *r == now).unwrap_or(2),
        )],
    )
    .with_note("None leaves them sleep-deprived; Perilous does not; Normal also clears every Fatigue; Comfortable also gives back a point of each ability below its max (B42).")
}

/// Who the dawn runs for (B53): the living PCs and any creature the judge added to it.
fn at_dawn(state: &State) -> impl Iterator<Item = &Character> {
    state
        .characters
        .iter()
        .filter(|c| !c.dead && (c.kind == Kind::Pc || c.at_dawn))
}

fn night_form(state: &State) -> Form<Purpose> {
    let unset: Vec<&str> = at_dawn(state)
        .filter(|c| c.rest == Rest::None && !c.tonic)
        .map(|c| c.name.as_str())
        .collect();
    let rests: Vec<String> = at_dawn(state)
        .map(|c| {
            format!(
                "{} {}{}",
                c.name,
                c.rest.word(),
                if c.tonic { " + tonic" } else { "" }
            )
        })
        .collect();
    let mut form = Form::new("The night passes", Purpose::Night, Vec::new()).with_note(format!(
        "Enter runs the dawn (rest, needs, recovery, diseases, timers: B53) and moves the clock 8 hours. Tonight: {}.",
        if rests.is_empty() { "nobody".to_string() } else { rests.join(", ") }
    ));
    if !unset.is_empty() {
        form.live = Some(Live {
            text: format!(
                "No rest set for {}: they wake sleep-deprived (R sets it).",
                unset.join(", ")
            ),
            warn: true,
        });
    }
    form
}

/// The frame's creature picker: the bundled bestiary, each numbered after those already here.
pub fn arrivals(m: &Main) -> Vec<crate::tui::host::Arrival> {
    let lib = crate::content::bdp::bundled();
    super::bestiary_arrivals(
        m,
        &lib.creatures,
        |beast| &beast.name,
        |beast, name| GameCommand::Bdp(Command::Add(Box::new(lib.sheet(beast, name)))),
    )
}

/// A new sheet: the judge's own (10 slots), or a creature of the bestiary numbered after its
/// kind.
fn add_form() -> Form<Purpose> {
    let lib = crate::content::bdp::library();
    super::add_form(
        "Add a character",
        Purpose::Add,
        lib.creatures.iter().map(|c| c.name.as_str()),
        [
            Field::toggle("pc", "One of the players' characters", true),
            Field::number("str", "STR", 10, 1, 18, 1),
            Field::number("dex", "DEX", 10, 1, 18, 1),
            Field::number("wil", "WIL", 10, 1, 18, 1),
            Field::number("hp", "HP", 4, 1, 99, 1),
        ],
        "A creature of the bestiary comes with its armour, gear and attacks; with no name it is numbered after its kind. In a fight it goes to the end of the turn list (B49).",
    )
}

fn edge_choice(v: Option<u32>) -> Edge {
    match v {
        Some(1) => Edge::advantage(1),
        Some(2) => Edge::disadvantage(1),
        _ => Edge::NONE,
    }
}

/// The command a submitted form stands for, or what to fix first.
fn form_command(form: &Form<Purpose>, st: &State) -> Result<session::Command, String> {
    let c = match &form.purpose {
        Purpose::Fight => Command::Fight {
            order: fighters::chosen(form)?,
        },
        Purpose::EndFight => Command::EndFight,
        Purpose::Heal { who, cur, max } => Command::Set {
            who: *who,
            stat: Stat::Hp,
            cur: cur
                .saturating_add(form.number("amount").min(255) as u8)
                .min(*max),
            max: *max,
        },
        Purpose::Add => {
            let lib = crate::content::bdp::library();
            let taken = |n: &str| st.characters.iter().any(|c| c.name.eq_ignore_ascii_case(n));
            match super::newcomer(form, &lib.creatures, |b| &b.name, taken)? {
                Newcomer::Beast(beast, name) => Command::Add(Box::new(lib.sheet(beast, &name))),
                Newcomer::Typed(name) => {
                    let n = |id: &str| form.number(id).min(255) as u8;
                    Command::Add(Box::new(NewSheet {
                        name,
                        kind: if form.toggle("pc") {
                            Kind::Pc
                        } else {
                            Kind::Creature
                        },
                        str: n("str"),
                        dex: n("dex"),
                        wil: n("wil"),
                        hp: n("hp"),
                        slots: 10,
                        items: Vec::new(),
                        notes: Vec::new(),
                    }))
                }
            }
        }
        Purpose::Save { who } => Command::Save {
            who: *who,
            ability: ability_of(form.choice("ability")),
            edge: edge_of(form.edge()),
            why: form.text("why").trim().to_string(),
        },
        Purpose::Damage { who, .. } => Command::Damage {
            who: match form.choice("who") {
                Some(_) => super::targets::chosen(form, "who")?,
                None => *who,
            },
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
            source: form.text("source").trim().into(),
        },
        Purpose::Task { who, .. } => {
            let what = task_words(form);
            if what.is_empty() {
                return Err("say what the task is".into());
            }
            Command::Task {
                who: *who,
                how: Certainty::InDoubt {
                    time: form.toggle("time"),
                    gear: form.toggle("gear"),
                    skill: form.toggle("skill"),
                },
                what,
            }
        }
        Purpose::Contest { a } => Command::Contest {
            a: *a,
            a_ability: ability_of(form.choice("a_ability")),
            a_edge: edge_choice(form.choice("a_edge")),
            b: form.choice("b").unwrap_or(*a),
            b_ability: ability_of(form.choice("b_ability")),
            b_edge: edge_choice(form.choice("b_edge")),
            why: form.text("why").into(),
        },
        Purpose::Fatigue { who } => {
            let who = *who;
            match form.choice("reason") {
                Some(0) => Command::Block { who },
                Some(1) => Command::Dodge { who },
                Some(2) => Command::Cast { who },
                Some(3) => Command::Fatigue {
                    who,
                    reason: Reason::TaskCost,
                },
                Some(4) => Command::Fatigue {
                    who,
                    reason: Reason::Deprivation,
                },
                _ => Command::Fatigue {
                    who,
                    reason: Reason::Judge,
                },
            }
        }
        Purpose::Clear { who } => Command::Clear {
            who: *who,
            slot: form.choice("slot").unwrap_or_default() as usize,
        },
        Purpose::Rest { who } => Command::Rest {
            who: *who,
            rest: RESTS[form.choice("rest").unwrap_or(2).min(3) as usize],
        },
        Purpose::Night => Command::Night,
        Purpose::Blow(blow) => (**blow).clone(),
    };
    Ok(command(c))
}

/// Is a main-screen key worth showing in the status line (with no form open)?
pub fn applies(m: &Main, action: Action) -> bool {
    let fighting = state_of(&m.session).is_some_and(|s| s.fight.is_some());
    match action {
        NEXT | ATTACK => fighting,
        NIGHT => !fighting,
        SAVE | DAMAGE | TASK | CONTEST | FATIGUE | CLEAR | REST | HEAL => m.view.selected.is_some(),
        _ => true,
    }
}

/// The sheet's lines (those of `show`, one per field and per slot), with room for the border
/// and a wrapped line.
pub fn rows(m: &Main) -> u16 {
    selected(m).map_or(6, |c| lines(c).len() as u16 + 3)
}

pub fn draw(buf: &mut Buffer, area: Rect, m: &Main, theme: Theme) {
    let who = selected(m).map(|c| (c.name.as_str(), c));
    let nobody = " Nobody yet: :add NAME pc STR DEX WIL HP";
    super::framed_sheet(buf, area, m, theme, who, nobody, |c, inside| {
        // Each value wraps under itself, past the labels, so a long line still reads as one
        // field.
        let width = usize::from(inside).saturating_sub(LABEL).max(8);
        let mut out: Vec<Line> = Vec::new();
        for (k, v) in lines(c) {
            let style = if v.contains("DEAD") || v.contains("LOST") || v.contains("DEPRIVED") {
                theme.warn()
            } else {
                theme.ok()
            };
            for (i, part) in wrap(&v, width).into_iter().enumerate() {
                let label = if i == 0 {
                    format!(" {k:<8} ")
                } else {
                    " ".repeat(LABEL)
                };
                out.push(super::labelled(label, part, style, theme));
            }
        }
        out
    });
}

/// The columns the labels take.
const LABEL: usize = 10;

/// Words in lines of at most `width` columns (a word longer than that is cut).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut out = vec![String::new()];
    for word in text.split(' ') {
        let Some(line) = out.last_mut() else { break };
        let used = line.chars().count();
        if used > 0 && used + 1 + word.chars().count() > width {
            out.push(word.chars().take(width).collect());
        } else {
            if used > 0 {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bdp_table_passes_the_frame_checks() {
        keymap::check_ruleset_table(TABLE).unwrap();
    }
}
