//! The whole game of ruleset `bdp`: the sheets, the judge-ordered turn list (B49), the hour clock
//! (B52) and the queue of rolls and questions waiting for the judge.

use super::{Ability, Area, Character, Slot, Wound};
use crate::dice::Edge;
use crate::rules::time::{DAY, HOUR, Unit};
use serde::{Deserialize, Serialize};

/// B52: a watch is 8 hours, 3 a day; a night is one watch.
pub const WATCH: Unit = Unit::new("watch", 8 * HOUR);
pub const DAYS: Unit = Unit::new("day", DAY);

/// B49: the judge-ordered turn list.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fight {
    pub order: Vec<u32>,
    pub round: u32,
    /// Index into `order` of whose turn it is.
    pub at: usize,
    pub acted: Vec<u32>,
}

/// A roll that waits for the judge: its dice, the verdict and what follows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    pub who: u32,
    pub title: String,
    pub how: String,
    pub sides: u16,
    pub faces: Vec<u16>,
    pub kept: usize,
    pub pass: bool,
    pub ruled: Option<bool>,
    pub reason: String,
    pub then: Then,
    /// The score a d20 save was made against, so an edge given afterwards can be read (B5).
    #[serde(default)]
    pub score: Option<u8>,
    /// The ability a d20 save was made with, so the roll reads "against STR 12" once settled.
    #[serde(default)]
    pub ability: Option<Ability>,
}

impl Roll {
    pub fn verdict(&self) -> bool {
        self.ruled.unwrap_or(self.pass)
    }
}

/// What a waiting roll's verdict leads to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Then {
    Nothing,
    /// B26: a critical damage save on this ability; `source` names a STR injury's wound.
    Crit {
        ability: Ability,
        source: String,
    },
    /// B10: a task's d6 in doubt (pass is success, `cost` success at a cost).
    Task {
        cost: bool,
        /// What the task was, for a complication's note.
        #[serde(default)]
        what: String,
    },
    /// B38: a dawn's STR save against the named disease.
    Disease {
        name: String,
    },
    /// B43: the WIL save to keep a Desperate meal down.
    Meal,
}

/// What a question is about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ask {
    /// B27, B29: the injury rolled on the d10; options apply / worn gear stops it.
    Injury { who: u32, face: u16, source: String },
    /// B4: no empty slot for a Fatigue or wound; options are the items to drop, then "rule".
    Drop {
        who: u32,
        fill: Slot,
        items: Vec<usize>,
    },
    /// B32: a new wound of a kind and area held: a new slot, or the held one rises.
    Rise { who: u32, wound: Wound, held: usize },
    /// B35: which ability a Permanent wound costs.
    Permanent { who: u32, wound: Wound },
    /// B11: the cost of a success at a cost. Options: +1 Fatigue, minor damage (1d4 HP), each
    /// item in `items` (slot indexes) breaking, then a complication noted on the sheet.
    Cost {
        who: u32,
        #[serde(default)]
        items: Vec<usize>,
        #[serde(default)]
        task: String,
    },
    /// B7-B9: a contest's result: options a wins / b wins / stand-off / roll again.
    Contest {
        a: (u32, Ability, Edge),
        b: (u32, Ability, Edge),
        why: String,
    },
    /// B26: the word for an out state.
    OutWord { who: u32, ability: Ability },
    /// B28: drop the item held in the injured arm's hand.
    DropHeld { who: u32, slot: usize, area: Area },
}

pub type Question = crate::rules::queue::Question<Ask>;

pub type Wait = crate::rules::queue::Wait<Roll, Ask>;

// B30: the dead take no ticks, saves or turns.
crate::rules::party::state!(Character, Fight, Wait, dead: |c| c.dead);

impl crate::rules::Sound for State {
    fn check(&self) -> Result<(), String> {
        let seen = crate::rules::party::members_sound(&self.characters, self.next_id, |c| {
            for (a, s) in Ability::ALL.iter().zip(c.abilities) {
                if s.cur > s.max || s.max > 20 {
                    return Err(format!("{}'s {a} is out of range", c.name));
                }
            }
            if c.hp.cur > c.hp.max || c.hp.max > 99 {
                return Err(format!("{}'s HP is out of range", c.name));
            }
            if !(1..=20).contains(&c.slots.len()) {
                return Err(format!("{} has {} slots", c.name, c.slots.len()));
            }
            Ok(())
        })?;
        if let Some(f) = &self.fight
            && f.order.iter().any(|id| !seen.contains(id))
        {
            return Err("the turn list names someone not in the session".into());
        }
        Ok(())
    }
}
