//! The small parts of an action-die sheet (rule file 004, ACTION-DIE-RULES.md): abilities as
//! rungs, statuses, damage types, senses, skill bonuses, techniques, items and permanent
//! injuries.

use crate::dice::ladder::{ABILITY_RUNGS, Dice};
use serde::{Deserialize, Serialize};
use std::fmt;

/// D1: the four abilities the text names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ability {
    Str,
    Dex,
    Awr,
    Wil,
}

impl Ability {
    pub const ALL: [Ability; 4] = [Ability::Str, Ability::Dex, Ability::Awr, Ability::Wil];

    pub fn index(self) -> usize {
        match self {
            Ability::Str => 0,
            Ability::Dex => 1,
            Ability::Awr => 2,
            Ability::Wil => 3,
        }
    }
}

impl fmt::Display for Ability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ability::Str => "STR",
            Ability::Dex => "DEX",
            Ability::Awr => "AWR",
            Ability::Wil => "WIL",
        })
    }
}

/// The dice of a ladder rung (D41), "0" for an index past the top.
pub fn rung_dice(index: u8) -> Dice {
    ABILITY_RUNGS
        .rung(usize::from(index))
        .map_or(Dice::new(0, 4), |r| r.dice)
}

/// The value of a ladder rung: its median rounded down (D2, D41).
pub fn rung_value(index: u8) -> u16 {
    ABILITY_RUNGS
        .rung(usize::from(index))
        .map_or(0, |r| r.value)
}

/// The ladder index of some dice ("0", "d8", "2d6"), if they are a rung.
pub fn rung_of(dice: Dice) -> Option<u8> {
    ABILITY_RUNGS.index_of(dice).map(|i| i as u8)
}

/// D31: the statuses the text names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Status {
    Afraid,
    Bleeding,
    Blind,
    Deaf,
    Drenched,
    Frozen,
    Hallucinating,
    Immobile,
    Mute,
    Nauseated,
    Prone,
    Scorched,
    Unconscious,
}

impl Status {
    pub const ALL: [Status; 13] = [
        Status::Afraid,
        Status::Bleeding,
        Status::Blind,
        Status::Deaf,
        Status::Drenched,
        Status::Frozen,
        Status::Hallucinating,
        Status::Immobile,
        Status::Mute,
        Status::Nauseated,
        Status::Prone,
        Status::Scorched,
        Status::Unconscious,
    ];

    pub fn word(self) -> &'static str {
        match self {
            Status::Afraid => "Afraid",
            Status::Bleeding => "Bleeding",
            Status::Blind => "Blind",
            Status::Deaf => "Deaf",
            Status::Drenched => "Drenched",
            Status::Frozen => "Frozen",
            Status::Hallucinating => "Hallucinating",
            Status::Immobile => "Immobile",
            Status::Mute => "Mute",
            Status::Nauseated => "Nauseated",
            Status::Prone => "Prone",
            Status::Scorched => "Scorched",
            Status::Unconscious => "Unconscious",
        }
    }

    /// D3, D31: the abilities this status moves one rung down.
    pub fn steps(self) -> &'static [Ability] {
        match self {
            Status::Blind | Status::Deaf => &[Ability::Awr],
            Status::Frozen => &[Ability::Str, Ability::Dex],
            Status::Scorched => &[Ability::Awr, Ability::Wil],
            _ => &[],
        }
    }

    /// D8: the sense this status takes away.
    pub fn sense(self) -> Option<Sense> {
        match self {
            Status::Blind => Some(Sense::Sight),
            Status::Deaf => Some(Sense::Hearing),
            Status::Mute => Some(Sense::Voice),
            _ => None,
        }
    }

    /// What the status does, in a few words, for the sheet.
    pub fn effect(self) -> &'static str {
        match self {
            Status::Afraid => "no willing step or act toward the source",
            Status::Bleeding => "1 damage as each turn begins",
            Status::Blind => "disadvantage needing sight; AWR -1",
            Status::Deaf => "disadvantage needing hearing; AWR -1",
            Status::Drenched => "resists fire, vulnerable to lightning",
            Status::Frozen => "STR and DEX -1",
            Status::Hallucinating => "the judge narrates apart",
            Status::Immobile => "movement 0",
            Status::Mute => "no speech; disadvantage needing voice",
            Status::Nauseated => "vulnerable to blunt, slash and stab",
            Status::Prone => "movement halved, AR 0",
            Status::Scorched => "AWR and WIL -1",
            Status::Unconscious => "no action, movement 0, initiative 10d10",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// D8: what a check may need.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Sense {
    Sight,
    Hearing,
    Voice,
}

impl Sense {
    pub const ALL: [Sense; 3] = [Sense::Sight, Sense::Hearing, Sense::Voice];

    pub fn word(self) -> &'static str {
        match self {
            Sense::Sight => "sight",
            Sense::Hearing => "hearing",
            Sense::Voice => "voice",
        }
    }
}

/// D23: the damage types the text names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DamageType {
    Blunt,
    Slash,
    Stab,
    Fire,
    Lightning,
}

impl DamageType {
    pub const ALL: [DamageType; 5] = [
        DamageType::Blunt,
        DamageType::Slash,
        DamageType::Stab,
        DamageType::Fire,
        DamageType::Lightning,
    ];

    pub fn word(self) -> &'static str {
        match self {
            DamageType::Blunt => "blunt",
            DamageType::Slash => "slash",
            DamageType::Stab => "stab",
            DamageType::Fire => "fire",
            DamageType::Lightning => "lightning",
        }
    }
}

impl fmt::Display for DamageType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// D4: a skill's bonus, a flat number or a die.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Bonus {
    Flat(i8),
    Die(Dice),
}

impl fmt::Display for Bonus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bonus::Flat(n) => write!(f, "{n:+}"),
            Bonus::Die(d) => write!(f, "+{d}"),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Skill {
    pub name: String,
    pub bonus: Bonus,
}

/// D4, D11: a technique, its dice spent when used and whether it is prepared.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Technique {
    pub name: String,
    pub prepared: bool,
    /// D11: an initiative die of its own, which wins over the technique dice.
    pub init: Option<Dice>,
}

/// D36: an item in the slots.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Item {
    pub name: String,
    /// Slots it takes (two-handed: 2).
    pub size: u8,
    /// D36: how many like items one slot holds (1: no bundle), and how many are in it.
    pub bundle: u8,
    pub count: u8,
    /// D20: a weapon's damage dice and type.
    pub damage: Option<Dice>,
    pub kind: Option<DamageType>,
    /// D11: an initiative die of its own.
    pub init: Option<Dice>,
    /// In a hand.
    pub held: bool,
    pub broken: bool,
}

impl Item {
    pub fn new(name: impl Into<String>) -> Item {
        Item {
            name: name.into(),
            size: 1,
            bundle: 1,
            count: 1,
            damage: None,
            kind: None,
            init: None,
            held: false,
            broken: false,
        }
    }

    pub fn text(&self) -> String {
        let mut s = self.name.clone();
        if self.bundle > 1 {
            s.push_str(&format!(" ×{}/{}", self.count, self.bundle));
        }
        if let Some(d) = self.damage {
            s.push_str(&format!(" {d}"));
            if let Some(k) = self.kind {
                s.push_str(&format!(" {k}"));
            }
        }
        if self.size > 1 {
            s.push_str(&format!(" ({} slots)", self.size));
        }
        if self.held {
            s.push_str(" [held]");
        }
        if self.broken {
            s.push_str(" [broken]");
        }
        s
    }
}

/// D27: what the death and dismemberment table took for good.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Injuries {
    pub arms: u8,
    pub eyes: u8,
    pub leg: bool,
    pub voice: bool,
    /// Names of items broken by the table.
    pub broken: Vec<String>,
}

impl Injuries {
    pub fn any(&self) -> bool {
        self.arms > 0 || self.eyes > 0 || self.leg || self.voice || !self.broken.is_empty()
    }

    pub fn text(&self) -> String {
        let mut parts = Vec::new();
        if self.arms > 0 {
            parts.push(format!("arm lost ×{}", self.arms));
        }
        if self.eyes > 0 {
            parts.push(format!("eye lost ×{}", self.eyes));
        }
        if self.leg {
            parts.push("leg lost".to_string());
        }
        if self.voice {
            parts.push("voice lost".to_string());
        }
        for b in &self.broken {
            parts.push(format!("{b} broken"));
        }
        parts.join(", ")
    }
}

/// Which side a sheet is on, for the roster only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    Pc,
    Creature,
}

/// D11: the actions a participant may choose.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// With the item at this index (None: unarmed, 1d4).
    Attack {
        item: Option<u8>,
    },
    /// The technique at this index with `dice` technique dice.
    Technique {
        index: u8,
        dice: u8,
    },
    Defend,
    /// Helps another, non-hostile character.
    Help {
        whom: u32,
    },
    Run,
    /// Anything else; its die (1d6 unless named).
    Other {
        die: Option<Dice>,
    },
}

impl Action {
    pub fn word(&self) -> &'static str {
        match self {
            Action::Attack { .. } => "attack",
            Action::Technique { .. } => "technique",
            Action::Defend => "defend",
            Action::Help { .. } => "help",
            Action::Run => "run",
            Action::Other { .. } => "other",
        }
    }
}
