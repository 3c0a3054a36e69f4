//! What the judge asks of ruleset `actiondie`, and what the rules answer: commands in, events
//! out. Every verdict has a command that overrules it (`Rule` for a roll, `Choose` for a
//! question, `Order` for the initiative, and the judge's edits: `Set`, `Status`, `Exhaustion`,
//! `Dismember`, `Dead`, `Flee`).

use super::character::NewSheet;
use super::model::*;
use crate::dice::ladder::Dice;
pub use crate::rules::said::{Event, Mood};
use serde::{Deserialize, Serialize};

/// What the judge may set directly on a sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stat {
    /// A base rung (ladder index 0-16).
    Ability(Ability),
    Hp,
    HpMax,
    Ar,
    Movement,
    Hands,
    Exhaustion,
    TechTotal,
    TechLeft,
    TechDie,
}

impl Stat {
    pub fn word(self) -> String {
        match self {
            Stat::Ability(a) => a.to_string(),
            Stat::Hp => "HP".into(),
            Stat::HpMax => "HP max".into(),
            Stat::Ar => "AR".into(),
            Stat::Movement => "movement".into(),
            Stat::Hands => "hands".into(),
            Stat::Exhaustion => "exhaustion".into(),
            Stat::TechTotal => "technique dice".into(),
            Stat::TechLeft => "unexpended technique dice".into(),
            Stat::TechDie => "technique die".into(),
        }
    }
}

/// One side of a check (D5-D8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roller {
    pub who: u32,
    pub ability: Ability,
    /// The skill whose bonus the judge allows, by name.
    pub skill: Option<String>,
    /// A flat bonus or malus the judge allows.
    pub flat: i8,
    /// D6: sources of advantage and of disadvantage.
    pub adv: u8,
    pub dis: u8,
    /// D8: the senses the check needs.
    pub needs: Vec<Sense>,
}

impl Roller {
    pub fn new(who: u32, ability: Ability) -> Roller {
        Roller {
            who,
            ability,
            skill: None,
            flat: 0,
            adv: 0,
            dis: 0,
            needs: Vec::new(),
        }
    }
}

/// D5: a check, against a target when the judge names one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckSpec {
    pub roller: Roller,
    pub target: Option<i32>,
    pub why: String,
}

/// D20-D23: damage from a source that is not a wielded weapon.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageSpec {
    pub targets: Vec<u32>,
    pub dice: Dice,
    pub flat: i16,
    pub kind: Option<DamageType>,
    /// D22: add a die for each maximum (the attacker may decline).
    pub crit: bool,
    pub source: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    // ---- sheets (D1-D4, D31, D34-D36)
    Add(Box<NewSheet>),
    /// A PC rolled by the procedure on the ruleset's page (004 gives none): a d6 per ability
    /// for its die, then 2d6 plus the STR value for HP.
    Roll {
        name: String,
    },
    Remove {
        who: u32,
    },
    Set {
        who: u32,
        stat: Stat,
        value: u16,
    },
    Bag {
        who: u32,
        on: bool,
    },
    Status {
        who: u32,
        status: Status,
        on: bool,
    },
    /// D31: Afraid of a source.
    Afraid {
        who: u32,
        of: String,
    },
    Resist {
        who: u32,
        kind: DamageType,
        vulnerable: bool,
        on: bool,
    },
    /// Adds or replaces a skill; no bonus removes it.
    Skill {
        who: u32,
        name: Box<str>,
        bonus: Option<Bonus>,
    },
    Learn {
        who: u32,
        name: Box<str>,
        init: Option<Dice>,
    },
    Prepare {
        who: u32,
        index: u8,
        on: bool,
    },
    Carry {
        who: u32,
        item: Box<Item>,
    },
    Drop {
        who: u32,
        index: u8,
    },
    Hold {
        who: u32,
        index: u8,
        on: bool,
    },
    Break {
        who: u32,
        index: u8,
    },
    Note {
        who: u32,
        text: String,
    },
    // ---- checks (D5-D8, D37)
    Check(Box<CheckSpec>),
    Contest(Box<(Roller, Roller, String)>),
    Encumbrance {
        who: u32,
        target: Option<i32>,
    },
    // ---- answers
    Accept,
    /// Every waiting roll taken as it stands, in order (a long wait's encumbrance saves, D37);
    /// a question stops it.
    AcceptAll,
    Rule {
        pass: bool,
    },
    Choose {
        option: usize,
    },
    Cancel,
    // ---- initiative (D9-D19)
    Scene {
        who: Box<[u32]>,
        why: Box<str>,
    },
    Pick {
        who: u32,
        action: Action,
    },
    RollInitiative,
    Next,
    Reevaluate {
        who: u32,
        action: Action,
    },
    Join {
        who: u32,
        action: Option<Action>,
    },
    Order {
        ids: Vec<u32>,
    },
    Move {
        who: u32,
        squares: u16,
    },
    Stand {
        who: u32,
    },
    EndScene,
    // ---- damage, exhaustion, death (D20-D30)
    Attack {
        who: u32,
        item: Option<u8>,
        targets: Vec<u32>,
        crit: bool,
    },
    Damage(Box<DamageSpec>),
    Exhaustion {
        who: u32,
        up: bool,
    },
    /// D27: the judge applies a face of the table without a roll.
    Dismember {
        who: u32,
        face: u8,
    },
    Dead {
        who: u32,
        on: bool,
    },
    Flee {
        who: u32,
    },
    // ---- rest and time (D37-D40)
    Rest {
        who: Vec<u32>,
        full: bool,
        interrupted: bool,
    },
    Time {
        minutes: u32,
    },
}

impl Command {
    /// Answers run while something waits; everything else waits its turn.
    pub fn runs_while_waiting(&self) -> bool {
        matches!(
            self,
            Command::Accept
                | Command::AcceptAll
                | Command::Rule { .. }
                | Command::Choose { .. }
                | Command::Cancel
        )
    }
}

/// Collects the events of one command.
pub type Out = Vec<Event>;

pub fn say(out: &mut Out, mood: Mood, text: impl Into<String>) {
    crate::rules::said::tell(out, || Event::said(mood, text));
}

/// A line for the judge alone: a question to the judge, a ruling the rules leave to the judge,
/// a note. The players' table reads nothing of it.
pub fn tell_the_judge(out: &mut Out, mood: Mood, text: impl Into<String>) {
    crate::rules::said::tell(out, || Event::for_the_judge(mood, text));
}
