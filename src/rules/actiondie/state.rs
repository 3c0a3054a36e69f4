//! The whole game of ruleset `actiondie`: the sheets, the initiative scene with its per-round
//! counts (D14-D19), the clock in 6-second rounds (D40) and the queue of rolls and questions
//! waiting for the judge.

use super::character::Character;
use super::model::{Ability, Action, Bonus, Sense, Status};
use crate::dice::ladder::Dice;
use crate::rules::text::Spelt;
use crate::rules::time::{HOUR, MINUTE, Unit};
use serde::{Deserialize, Serialize};
use std::fmt;

/// D40: a round is 6 seconds.
pub const ROUND: Unit = Unit::new("round", 6);
/// D37: encumbrance is checked every 15 minutes.
pub const QUARTER: Unit = Unit::new("quarter hour", 15 * MINUTE);
pub const HOURS: Unit = Unit::new("hour", HOUR);

/// One participant's place in the round (D14-D18).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub id: u32,
    /// D14: the chosen action (None before choosing; Unconscious choose nothing).
    pub action: Option<Action>,
    /// D15, D18: the dice of each initiative roll this round and their faces; the last roll's
    /// dice break ties (D16).
    pub rolls: Vec<(Dice, Vec<u16>)>,
    /// The count: the sum of every roll this round.
    pub count: u32,
    pub acted: bool,
    /// The turn has begun (bleeding ticked, effects ended): once a round, even after a
    /// Reevaluate moves the turn later.
    pub began: bool,
    /// D17: joined after its count had passed, so it acts next.
    pub next: bool,
    /// D18: may not move until its turn after a Reevaluate.
    pub reevaluated: bool,
    /// D10: squares moved this turn.
    pub moved: u16,
    /// D10: attacked in its own turn this round (a second attack is said to break the rule).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub attacked: bool,
}

impl Entry {
    pub fn new(id: u32) -> Entry {
        Entry {
            id,
            action: None,
            rolls: Vec::new(),
            count: 0,
            acted: false,
            began: false,
            next: false,
            reevaluated: false,
            moved: 0,
            attacked: false,
        }
    }

    /// The dice of the last roll (D16's second tie-break).
    pub fn die(&self) -> Option<Dice> {
        self.rolls.last().map(|r| r.0)
    }
}

/// D9: an initiative scene.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fight {
    pub round: u32,
    pub why: String,
    /// Everyone in the scene, in the order they act this round once rolled (before that, in
    /// the order they joined: the proposed last tie-break, D16).
    pub entries: Vec<Entry>,
    /// D15: rolled this round (false: still choosing, D14).
    pub rolled: bool,
    /// Whose turn is under way.
    pub acting: Option<u32>,
}

impl Fight {
    pub fn entry(&self, id: u32) -> Option<&Entry> {
        self.entries.iter().find(|e| e.id == id)
    }

    pub fn entry_mut(&mut self, id: u32) -> Option<&mut Entry> {
        self.entries.iter_mut().find(|e| e.id == id)
    }
}

/// What a waiting roll's verdict leads to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Then {
    Nothing,
    /// D37: a failed encumbrance save adds one exhaustion level.
    Exhaustion,
}

/// A check's title: "Ana: STR check, climbing".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckTitle {
    pub name: String,
    pub ability: Ability,
    /// What the check is for (trimmed; empty when not said).
    pub why: String,
}

impl fmt::Display for CheckTitle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {} check", self.name, self.ability)?;
        if !self.why.is_empty() {
            write!(f, ", {}", self.why)?;
        }
        Ok(())
    }
}

/// Why a check has an edge (D6, D8).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EdgeWhy {
    Advantage,
    Disadvantage,
    /// D11: helped by the one named.
    Helped(String),
    /// D8: a status that takes away a sense the check needs.
    Needs(Status, Sense),
}

impl fmt::Display for EdgeWhy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EdgeWhy::Advantage => f.write_str("advantage"),
            EdgeWhy::Disadvantage => f.write_str("disadvantage"),
            EdgeWhy::Helped(name) => write!(f, "helped by {name}"),
            EdgeWhy::Needs(st, s) => write!(f, "{st}: needs {}", s.word()),
        }
    }
}

/// How a check's dice were read (D5, D6): "DEX 1d8 Climb +1 +2; rolled twice, the higher total
/// kept (advantage)".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct How {
    pub ability: Ability,
    pub rung: Dice,
    /// The skill allowed, by its name on the sheet, and its bonus.
    pub skill: Option<(String, Bonus)>,
    pub flat: i8,
    /// The net edge: 1, 0 or -1.
    pub net: i32,
    pub why: Vec<EdgeWhy>,
}

impl fmt::Display for How {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.ability, self.rung)?;
        if let Some((name, bonus)) = &self.skill {
            write!(f, " {name} {bonus}")?;
        }
        if self.flat != 0 {
            write!(f, " {:+}", self.flat)?;
        }
        match self.net {
            1 => f.write_str("; rolled twice, the higher total kept")?,
            -1 => f.write_str("; rolled twice, the lower total kept")?,
            _ => {}
        }
        for (i, w) in self.why.iter().enumerate() {
            f.write_str(if i == 0 { " (" } else { ", " })?;
            w.fmt(f)?;
        }
        if !self.why.is_empty() {
            f.write_str(")")?;
        }
        Ok(())
    }
}

/// A check against a target that waits for the judge (D5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    pub who: u32,
    pub title: Spelt<CheckTitle>,
    pub how: Spelt<How>,
    /// Each attempt's dice (sides, face); D6 rolls the whole check twice.
    pub attempts: Vec<Vec<(u16, u16)>>,
    pub kept: usize,
    pub total: i32,
    pub target: i32,
    pub ruled: Option<bool>,
    pub then: Then,
}

impl Roll {
    pub fn pass(&self) -> bool {
        self.total >= self.target
    }

    pub fn verdict(&self) -> bool {
        self.ruled.unwrap_or(self.pass())
    }
}

/// What a question is about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ask {
    /// D27 face 1: which item breaks (options: the items by index, then "none").
    Break { who: u32, items: Vec<u8> },
    /// D16, D43: these tie on count, DEX and die; the chosen one acts first of them.
    Tie { ids: Vec<u32> },
    /// D7: a contest that kept tying: the judge names the winner (options: the two sides).
    Contest { ids: [u32; 2], why: String },
}

pub type Question = crate::rules::queue::Question<Ask>;

pub type Wait = crate::rules::queue::Wait<Roll, Ask>;

// D28: the dead take no rolls or turns.
crate::rules::party::state!(Character, Fight, Wait, dead: |c| c.dead);

impl crate::rules::Sound for State {
    fn check(&self) -> Result<(), String> {
        let seen = crate::rules::party::members_sound(&self.characters, self.next_id, |c| {
            for a in Ability::ALL {
                if usize::from(c.base[a.index()]) >= crate::dice::ladder::ABILITY_RUNGS.len() {
                    return Err(format!("{}'s {a} is off the die ladder", c.name));
                }
            }
            if c.hp > c.hp_max || c.hp_max > 100 {
                return Err(format!("{}'s HP is out of range", c.name));
            }
            if c.tech_left > c.tech_total {
                return Err(format!(
                    "{} has more technique dice left than in all",
                    c.name
                ));
            }
            if c.hands > 4 {
                return Err(format!("{} has more than four hands", c.name));
            }
            Ok(())
        })?;
        if let Some(f) = &self.fight
            && f.entries.iter().any(|e| !seen.contains(&e.id))
        {
            return Err("the initiative names someone not in the session".into());
        }
        Ok(())
    }
}
