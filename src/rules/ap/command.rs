//! What the judge asks of ruleset `ap`, and what the rules answer: commands in, events out.
//! Every verdict has a command that overrules it: `Rule` for a roll, `Choose` for a question,
//! and the judge's edits (`Set`, `Mark`, `Fatigue`, `Grant`, `Init`...).

use super::model::{Attr, Held, Item, Kind, Mark, ObjDie, Stat};
pub use crate::rules::said::{Event, Mood};
use serde::{Deserialize, Serialize};

/// A sheet typed in by the judge (A1-A5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewSheet {
    pub name: String,
    pub kind: Kind,
    pub group: String,
    pub str: u8,
    pub dex: u8,
    pub wil: u8,
    pub hp: u8,
    /// Natural armor, held as granted armor (A29); a creature from the bestiary brings it.
    #[serde(default)]
    pub armor: u8,
    /// A31: one sheet for a whole band.
    #[serde(default)]
    pub detachment: bool,
    /// What it carries from the start.
    #[serde(default)]
    pub gear: Vec<Item>,
}

impl NewSheet {
    pub fn new(name: &str, kind: Kind, group: &str, [str, dex, wil, hp]: [u8; 4]) -> NewSheet {
        NewSheet {
            name: name.into(),
            kind,
            group: group.into(),
            str,
            dex,
            wil,
            hp,
            armor: 0,
            detachment: false,
            gear: Vec::new(),
        }
    }
}

/// A6, A9, A26: what an action's roll is set against.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Against {
    /// A DC (default 20); a hidden one is noted in the log.
    Dc { dc: u8, hidden: bool },
    /// A contest: each target saves on its own (A10).
    Saves(Vec<Defence>),
    /// A26: a helpless or unaware target: the judge sets a DC instead of its save.
    Helpless { target: u32, dc: u8 },
}

/// A target's save in a contest (A8, A26): its attribute, object dice and base-die edge.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Defence {
    pub who: u32,
    pub attr: Attr,
    pub objects: Vec<ObjDie>,
    pub edge: i8,
}

/// An action (A6-A14) or an attack (A26-A28).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Action {
    pub who: u32,
    pub attr: Attr,
    pub flat: i8,
    pub objects: Vec<ObjDie>,
    /// The base die's net edge the judge adds (impaired and enhanced included, A14).
    pub edge: i8,
    pub against: Against,
    /// AP, spent only in a fight (A16).
    pub cost: u8,
    pub what: String,
    /// A27: the first two object dice are two weapons; only the higher counts.
    pub two: bool,
    /// A26: which object die is the damage die (proposed: the first).
    pub damage: usize,
    /// A10: a blast (a detachment's attacks always are, A31).
    pub blast: bool,
}

impl Action {
    pub fn new(who: u32, attr: Attr, against: Against, what: impl Into<String>) -> Action {
        Action {
            who,
            attr,
            flat: 0,
            objects: Vec::new(),
            edge: 0,
            against,
            cost: 0,
            what: what.into(),
            two: false,
            damage: 0,
            blast: false,
        }
    }
}

/// A42: a casting: slot dice, dust dice, the free die of mishap 11, and a scroll (by index)
/// that is used up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cast {
    pub who: u32,
    pub spell: String,
    pub slot: u8,
    pub dust: u8,
    pub free: bool,
    pub scroll: Option<usize>,
    pub cost: u8,
}

/// A50: the units the judge moves the clock in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Span {
    Minutes,
    Hours,
    Days,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    // ---- sheets (A1-A5)
    Add(Box<NewSheet>),
    /// A character rolled by 003's hireling procedure (3d6 per attribute in order, then d6 HP),
    /// which the ruleset's page also uses for a PC.
    Roll {
        name: Box<str>,
        kind: Kind,
        group: Box<str>,
    },
    Remove {
        who: u32,
    },
    Set {
        who: u32,
        stat: Stat,
        cur: u8,
        max: u8,
    },
    Carry {
        who: u32,
        item: Box<Item>,
    },
    Drop {
        who: u32,
        item: usize,
    },
    Wear {
        who: u32,
        item: usize,
        on: bool,
    },
    /// The judge adds or takes Fatigue (A40).
    Fatigue {
        who: u32,
        n: i8,
    },
    Dust {
        who: u32,
        n: i16,
    },
    Slots {
        who: u32,
        n: u8,
    },
    ApMax {
        who: u32,
        n: u8,
    },
    ArmorBonus {
        who: u32,
        n: u8,
    },
    Mark {
        who: u32,
        mark: Mark,
        on: bool,
    },
    Group {
        who: u32,
        group: String,
    },
    Note {
        who: u32,
        text: String,
    },
    // ---- actions and saves (A6-A14)
    /// A6: a trivial action, ruled with no dice.
    Trivial {
        who: u32,
        what: String,
        pass: bool,
    },
    Check(Box<Action>),
    Attack(Box<Action>),
    Save {
        who: u32,
        attr: Attr,
        dc: u8,
        objects: Box<[ObjDie]>,
        edge: i8,
        why: Box<str>,
    },
    // ---- answers
    Accept,
    Rule {
        pass: bool,
    },
    Choose {
        option: usize,
    },
    Cancel,
    // ---- AP (A15-A20)
    Spend {
        who: u32,
        ap: u8,
        what: String,
    },
    /// The judge grants (or takes) AP outside the rules.
    Grant {
        who: u32,
        ap: i8,
    },
    Move {
        who: u32,
    },
    Walk {
        who: u32,
        spaces: u16,
    },
    Gain {
        who: u32,
    },
    Hold {
        who: u32,
        held: Box<Held>,
    },
    Fire {
        who: u32,
        against: Against,
    },
    // ---- initiative (A21-A25)
    Fight {
        who: Box<[u32]>,
        surprised: Box<[u32]>,
    },
    Join {
        who: u32,
        surprised: bool,
    },
    /// The judge sets an initiative total (ties and overrides, A22, A23).
    Init {
        who: u32,
        total: u8,
    },
    Next,
    EndFight,
    // ---- damage, scars, recovery (A26-A37)
    Damage {
        who: u32,
        amount: u8,
        armor: bool,
        source: String,
    },
    Scar {
        who: u32,
        entry: u8,
    },
    Recovered {
        who: u32,
        item: usize,
    },
    Healed {
        who: u32,
    },
    // ---- magic (A41-A46)
    Cast(Box<Cast>),
    Scroll {
        who: u32,
        spell: String,
    },
    Grimoire {
        who: u32,
        spells: Vec<String>,
    },
    Copy {
        who: u32,
        scroll: usize,
        slot: u8,
        dust: u8,
    },
    MakeGrimoire {
        who: u32,
        scroll: usize,
    },
    // ---- rest, morale, time (A38-A40, A47-A50)
    Time {
        n: u32,
        span: Span,
    },
    Short {
        who: Vec<u32>,
    },
    Night {
        who: Vec<u32>,
    },
    Week {
        who: Vec<u32>,
    },
    Morale {
        who: u32,
    },
    Retreat {
        who: u32,
    },
    Reaction,
    Hireling {
        name: Box<str>,
        group: Box<str>,
    },
}

impl Command {
    /// Answers run while something waits; everything else waits its turn.
    pub fn runs_while_waiting(&self) -> bool {
        matches!(
            self,
            Command::Accept | Command::Rule { .. } | Command::Choose { .. } | Command::Cancel
        )
    }
}
