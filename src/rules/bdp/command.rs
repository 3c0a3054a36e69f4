//! What the judge asks of ruleset `bdp`, and what the rules answer: commands in, events out.
//! Every verdict has a command that overrules it (`Rule` for a roll, `Choose` for a question,
//! and the judge's edits: `Set`, `Clear`, `Fatigue`, `Dead`, `Out`, `Deprive`).

use super::{Ability, Area, Hand, Hazard, Item, Kind, Level, Meal, Reason, Rest};
use crate::dice::Edge;
pub use crate::rules::said::{Event, Mood};
use serde::{Deserialize, Serialize};
use std::fmt;

/// B10: how sure a task is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Certainty {
    Impossible,
    Sure,
    InDoubt {
        time: bool,
        gear: bool,
        skill: bool,
    },
    /// B12: the product ticks by the sheet (the judge may then tick by hand instead).
    Proposed {
        ability: Option<Ability>,
        rushed: bool,
    },
}

/// B20: what damage hits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Target {
    Hp,
    Ability(Ability),
}

/// Damage: `count` d`sides` (sides 1 is a flat amount of `count`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Amount {
    pub count: u8,
    pub sides: u16,
}

impl Amount {
    pub fn flat(n: u8) -> Amount {
        Amount { count: n, sides: 1 }
    }

    pub fn dice(count: u8, sides: u16) -> Amount {
        Amount { count, sides }
    }

    /// B23: the largest value it can show.
    pub fn most(self) -> u32 {
        u32::from(self.count) * u32::from(self.sides)
    }
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.sides == 1 {
            write!(f, "{}", self.count)
        } else {
            write!(f, "{}d{}", self.count, self.sides)
        }
    }
}

/// B45's recipes [data, adapted from Block, Dodge, Parry © Lars Huijbregts, CC BY-SA 4.0].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Recipe {
    HealingSalve,
    Musclesoothe,
    DreamweedTea,
    SleepingTonic,
    ColdrootSalve,
    HerbalAntidote,
    EmberglowTea,
    IronrootBrew,
    BitterbarkChew,
}

impl Recipe {
    pub const ALL: [Recipe; 9] = [
        Recipe::HealingSalve,
        Recipe::Musclesoothe,
        Recipe::DreamweedTea,
        Recipe::SleepingTonic,
        Recipe::ColdrootSalve,
        Recipe::HerbalAntidote,
        Recipe::EmberglowTea,
        Recipe::IronrootBrew,
        Recipe::BitterbarkChew,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Recipe::HealingSalve => "Healing Salve",
            Recipe::Musclesoothe => "Musclesoothe Mixture",
            Recipe::DreamweedTea => "Dreamweed Tea",
            Recipe::SleepingTonic => "Sleeping Tonic",
            Recipe::ColdrootSalve => "Coldroot Salve",
            Recipe::HerbalAntidote => "Herbal Antidote",
            Recipe::EmberglowTea => "Emberglow Tea",
            Recipe::IronrootBrew => "Ironroot Brew",
            Recipe::BitterbarkChew => "Bitterbark Chew",
        }
    }

    /// Potency needed and the region need (region, count).
    pub fn need(self) -> (u32, Option<(super::Region, usize)>) {
        use super::Region as R;
        match self {
            Recipe::ColdrootSalve => (3, Some((R::Hills, 1))),
            Recipe::HerbalAntidote => (3, Some((R::Swamp, 1))),
            Recipe::EmberglowTea => (3, Some((R::Desert, 1))),
            Recipe::IronrootBrew => (4, Some((R::Hills, 2))),
            _ => (4, None),
        }
    }

    /// The ability a restorative gives back.
    pub fn restores(self) -> Option<Ability> {
        match self {
            Recipe::HealingSalve => Some(Ability::Str),
            Recipe::Musclesoothe => Some(Ability::Dex),
            Recipe::DreamweedTea => Some(Ability::Wil),
            _ => None,
        }
    }

    /// The wound kind a cure heals (B33).
    pub fn cures(self) -> Option<&'static str> {
        match self {
            Recipe::ColdrootSalve => Some("burn"),
            Recipe::HerbalAntidote => Some("poison"),
            Recipe::EmberglowTea => Some("frostbite"),
            _ => None,
        }
    }

    pub fn from_name(text: &str) -> Option<Recipe> {
        let t = text.to_ascii_lowercase();
        Recipe::ALL
            .into_iter()
            .find(|r| r.name().to_ascii_lowercase().starts_with(&t))
    }
}

/// B36's diseases [data, adapted from Block, Dodge, Parry © Lars Huijbregts, CC BY-SA 4.0].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Illness {
    Swampsigh,
    Bonebreaker,
    TickJitters,
    Shadowrot,
    MindfogFever,
    SoulsDespair,
}

impl Illness {
    pub const ALL: [Illness; 6] = [
        Illness::Swampsigh,
        Illness::Bonebreaker,
        Illness::TickJitters,
        Illness::Shadowrot,
        Illness::MindfogFever,
        Illness::SoulsDespair,
    ];

    /// Name, ability lost, loss (count, sides; sides 1 flat), length die (limited) and passes.
    #[allow(clippy::type_complexity)]
    pub fn data(self) -> (&'static str, Ability, (u8, u16), Option<u16>, Option<u8>) {
        match self {
            Illness::Swampsigh => ("Swampsigh", Ability::Str, (1, 1), Some(4), None),
            Illness::Bonebreaker => ("Bonebreaker Plague", Ability::Str, (2, 1), None, Some(3)),
            Illness::TickJitters => ("Tick Jitters", Ability::Dex, (1, 2), Some(6), None),
            Illness::Shadowrot => ("Shadowrot", Ability::Dex, (2, 1), None, Some(4)),
            Illness::MindfogFever => ("Mindfog Fever", Ability::Wil, (1, 1), Some(4), None),
            Illness::SoulsDespair => ("Soul's Despair", Ability::Wil, (1, 4), None, None),
        }
    }

    pub fn from_name(text: &str) -> Option<Illness> {
        let t = text.to_ascii_lowercase();
        Illness::ALL
            .into_iter()
            .find(|i| i.data().0.to_ascii_lowercase().starts_with(&t))
    }
}

/// A sheet typed in by the judge (B1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewSheet {
    pub name: String,
    pub kind: Kind,
    pub str: u8,
    pub dex: u8,
    pub wil: u8,
    pub hp: u8,
    pub slots: u8,
    /// Items put in the lowest empty slots in this order (a creature of the bestiary's gear).
    #[serde(default)]
    pub items: Vec<Item>,
    /// Lines for the sheet's notes (a creature's attacks).
    #[serde(default)]
    pub notes: Vec<String>,
}

/// What the judge may set directly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stat {
    Ability(Ability),
    Hp,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    // ---- sheets
    Add(Box<NewSheet>),
    /// A PC rolled by the family's usual procedure (the ruleset's page): 3d6 for STR, DEX and
    /// WIL in order, then d6 for HP, 10 slots.
    Roll {
        name: String,
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
    Tag {
        who: u32,
        career: bool,
        skill: String,
    },
    Carry {
        who: u32,
        item: Box<Item>,
    },
    Drop {
        who: u32,
        slot: usize,
    },
    Hold {
        who: u32,
        slot: usize,
        hand: Option<Hand>,
    },
    Break {
        who: u32,
        slot: usize,
    },
    Note {
        who: u32,
        text: String,
    },
    // ---- saves and tasks (B5-B14)
    Save {
        who: u32,
        ability: Ability,
        edge: Edge,
        why: String,
    },
    /// B5: the judge rules a result with no roll.
    Ruling {
        who: u32,
        ability: Ability,
        pass: bool,
        why: String,
    },
    Contest {
        a: u32,
        a_ability: Ability,
        a_edge: Edge,
        b: u32,
        b_ability: Ability,
        b_edge: Edge,
        why: Box<str>,
    },
    Task {
        who: u32,
        how: Certainty,
        what: String,
    },
    Fate {
        question: String,
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
    /// B5, B26: the waiting save takes an edge after all: one more d20, kept by B6.
    Edge {
        adv: bool,
    },
    // ---- harm (B15, B20-B35)
    Fatigue {
        who: u32,
        reason: Reason,
    },
    /// Empties a slot of its Fatigue or Light/Severe wound (the judge, B16, B34).
    Clear {
        who: u32,
        slot: usize,
    },
    Damage {
        who: u32,
        amount: Amount,
        target: Target,
        crit: Option<bool>,
        source: Box<str>,
    },
    Hazard {
        who: u32,
        hazard: Hazard,
        floors: u8,
        /// B29: the source an injury's wound is named after; empty: the hazard's own name.
        #[serde(default)]
        source: String,
    },
    Wound {
        who: u32,
        kind: String,
        area: Option<Area>,
        level: Level,
    },
    /// B34: a week of Comfortable rest with a healer removes a Severe wound.
    Care {
        who: u32,
        slot: usize,
    },
    Train {
        who: u32,
        ability: Ability,
    },
    Dead {
        who: u32,
        on: bool,
    },
    Out {
        who: u32,
        word: Option<String>,
        ability: Ability,
    },
    // ---- days (B16-B19, B36-B48)
    Infect {
        who: u32,
        illness: Illness,
    },
    Cure {
        who: u32,
        disease: usize,
        remedy: Box<str>,
    },
    Cared {
        who: u32,
        on: bool,
    },
    Eat {
        who: u32,
        meal: Meal,
        fire: bool,
        pot: bool,
        /// B43: a ration eaten as the Simple meal; the ration is used up.
        #[serde(default)]
        ration: bool,
    },
    Rest {
        who: u32,
        rest: Rest,
    },
    Breath {
        who: u32,
        water: Option<usize>,
        /// B40: the water's source the judge names (a stream, a well) when no waterskin is drunk
        /// from. A step written before the source was asked for stood for "a source the judge
        /// names", and reads so.
        #[serde(default = "judge_names_the_source")]
        source: Option<Box<str>>,
    },
    Refill {
        who: u32,
        slot: usize,
    },
    Brew {
        who: u32,
        recipe: Recipe,
        ingredients: Vec<usize>,
    },
    /// Uses a brewed item: restoratives wait for the night, cures heal, the Tonic betters rest.
    Use {
        who: u32,
        slot: usize,
        wound: Option<usize>,
    },
    /// B33: a Light wound healed by a named cure (herb at dawn, brew at once).
    Treat {
        who: u32,
        slot: usize,
        herb: bool,
    },
    Recover {
        who: u32,
        ability: Ability,
    },
    Deprive {
        who: u32,
        food: bool,
        sleep: bool,
    },
    AtDawn {
        who: u32,
        on: bool,
    },
    // ---- the fight and time (B49-B53)
    Fight {
        order: Vec<u32>,
    },
    Order {
        order: Vec<u32>,
    },
    Next,
    EndFight,
    Block {
        who: u32,
    },
    Dodge {
        who: u32,
    },
    Cast {
        who: u32,
    },
    Expose {
        who: u32,
        hazard: Hazard,
        on: bool,
    },
    Tick {
        hazard: Hazard,
    },
    Watch,
    Night,
}

impl Command {
    /// Answers run while something waits; everything else waits its turn.
    pub fn runs_while_waiting(&self) -> bool {
        matches!(
            self,
            Command::Accept
                | Command::Rule { .. }
                | Command::Choose { .. }
                | Command::Cancel
                | Command::Edge { .. }
        )
    }
}

/// B40: what a catch-breath step written before the water's source was asked for assumed.
fn judge_names_the_source() -> Option<Box<str>> {
    Some("a source the judge names".into())
}
