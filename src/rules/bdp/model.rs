//! The sheet of ruleset `bdp` (B1, B3, "What the sheet holds"): three abilities and HP as
//! current over maximum, a flat row of slots, needs, diseases, restoratives, timers and states.

use serde::{Deserialize, Serialize};

/// B2: the three abilities a save is made with, as the whole family has them.
pub use crate::rules::cairn::Ability;

impl Ability {
    /// B2: the ability the product proposes for an action's verb (the judge names it).
    pub fn for_action(verb: &str) -> Ability {
        let v = verb.to_ascii_lowercase();
        const DEX: &[&str] = &["dodg", "climb", "sneak", "balanc", "jump", "run", "hide"];
        const WIL: &[&str] = &[
            "persuad",
            "deceiv",
            "question",
            "intimidat",
            "charm",
            "provok",
            "spell",
            "lie",
        ];
        if DEX.iter().any(|w| v.contains(w)) {
            Ability::Dex
        } else if WIL.iter().any(|w| v.contains(w)) {
            Ability::Wil
        } else {
            Ability::Str
        }
    }
}

/// A pool with a current and a maximum value (B1).
pub use crate::rules::cairn::Score;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kind {
    Pc,
    Creature,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Hand {
    Left,
    Right,
}

impl Hand {
    pub fn word(self) -> &'static str {
        match self {
            Hand::Left => "left",
            Hand::Right => "right",
        }
    }
}

/// B42: a night's rest.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Rest {
    #[default]
    None,
    Perilous,
    Normal,
    Comfortable,
}

impl Rest {
    pub fn word(self) -> &'static str {
        match self {
            Rest::None => "None",
            Rest::Perilous => "Perilous",
            Rest::Normal => "Normal",
            Rest::Comfortable => "Comfortable",
        }
    }

    /// B46: the Sleeping Tonic makes it one kind better (None and Comfortable stay).
    pub fn tonic(self) -> Rest {
        match self {
            Rest::Perilous => Rest::Normal,
            Rest::Normal => Rest::Comfortable,
            r => r,
        }
    }
}

/// B43: a meal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Meal {
    Desperate,
    Fresh,
    Simple,
    Fancy,
}

impl Meal {
    pub fn word(self) -> &'static str {
        match self {
            Meal::Desperate => "Desperate",
            Meal::Fresh => "Fresh",
            Meal::Simple => "Simple",
            Meal::Fancy => "Fancy",
        }
    }
}

/// B22, B26: why a character is out, and the word for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Out {
    /// "unconscious", "immobilised", "debilitated".
    pub word: String,
    pub ability: Ability,
    /// Out because the score is 0 (lasts while it is), not by a failed save.
    pub zero: bool,
}

/// B36: a disease on a sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Disease {
    pub name: String,
    pub ability: Ability,
    /// Loss on a failed save: `count` d`sides`, or a flat 1 or 2 when sides is 1.
    pub loss: (u8, u16),
    /// A limited disease's dawns left.
    pub dawns_left: Option<u8>,
    /// One lasting until cured: passes needed (None: only a cure ends it) and passes so far.
    pub passes_needed: Option<u8>,
    pub passes: u8,
}

/// B47: a timer that ends at a clock time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timer {
    pub name: String,
    pub ends: u64,
}

/// B24, B51: a hazard one may be exposed to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Hazard {
    Fall,
    Gas,
    Cold,
    BearTrap,
    SpiderVenom,
    Glimpse,
    TrueForm,
}

impl Hazard {
    pub const ALL: [Hazard; 7] = [
        Hazard::Fall,
        Hazard::Gas,
        Hazard::Cold,
        Hazard::BearTrap,
        Hazard::SpiderVenom,
        Hazard::Glimpse,
        Hazard::TrueForm,
    ];

    /// B24 [data, adapted from Block, Dodge, Parry © Lars Huijbregts, CC BY-SA 4.0]: the damage
    /// (count, sides; sides 1 is a flat amount), the ability hit and whether a crit save is called.
    pub fn preset(self) -> (u8, u16, Ability, bool) {
        match self {
            Hazard::Fall => (1, 10, Ability::Str, true),
            Hazard::Gas => (1, 1, Ability::Str, false),
            Hazard::Cold => (1, 1, Ability::Str, false),
            Hazard::BearTrap => (1, 4, Ability::Dex, false),
            Hazard::SpiderVenom => (1, 8, Ability::Dex, true),
            Hazard::Glimpse => (1, 1, Ability::Wil, false),
            Hazard::TrueForm => (1, 8, Ability::Wil, true),
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Hazard::Fall => "fall",
            Hazard::Gas => "noxious gas",
            Hazard::Cold => "cold",
            Hazard::BearTrap => "bear trap",
            Hazard::SpiderVenom => "Night Spider venom",
            Hazard::Glimpse => "an unnatural glimpse",
            Hazard::TrueForm => "an eldritch true form",
        }
    }

    /// B29: the source its damage and any wound are named after when the judge names none
    /// ("Fall", so a fall's injury is a "Fall wound").
    pub fn source(self) -> String {
        let w = match self {
            Hazard::Glimpse => "unnatural glimpse",
            Hazard::TrueForm => "eldritch true form",
            h => h.word(),
        };
        let mut c = w.chars();
        c.next()
            .map(|f| f.to_uppercase().chain(c).collect())
            .unwrap_or_default()
    }
}
