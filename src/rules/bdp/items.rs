//! What fills a slot (B3, B4): items with the tags the rules read, Fatigue with its reason, and
//! wounds with their kind, area and level (B27-B35).

use super::model::{Ability, Hand};
use serde::{Deserialize, Serialize};

/// B44: an ingredient's rarity; its potency is 1, 2 or 4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Rarity {
    Common,
    Uncommon,
    Rare,
}

impl Rarity {
    pub fn word(self) -> &'static str {
        match self {
            Rarity::Common => "common",
            Rarity::Uncommon => "uncommon",
            Rarity::Rare => "rare",
        }
    }

    pub fn potency(self) -> u32 {
        match self {
            Rarity::Common => 1,
            Rarity::Uncommon => 2,
            Rarity::Rare => 4,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Region {
    Plains,
    Forest,
    Swamp,
    Hills,
    Mountain,
    Desert,
}

impl Region {
    pub fn word(self) -> &'static str {
        match self {
            Region::Plains => "plains",
            Region::Forest => "forest",
            Region::Swamp => "swamp",
            Region::Hills => "hills",
            Region::Mountain => "mountain",
            Region::Desert => "desert",
        }
    }
}

/// An item in a slot, with the tags the rules read.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Item {
    pub name: String,
    /// Slots it fills (B3: 1 unless entered as larger).
    pub size: u8,
    #[serde(default)]
    pub heavy_armour: bool,
    #[serde(default)]
    pub helmet: bool,
    #[serde(default)]
    pub bracers: bool,
    #[serde(default)]
    pub held: Option<Hand>,
    #[serde(default)]
    pub broken: bool,
    #[serde(default)]
    pub ration: bool,
    /// B41: a waterskin's usage die (8, 6, 4; 0 when empty).
    #[serde(default)]
    pub waterskin: Option<u16>,
    #[serde(default)]
    pub ingredient: Option<(Rarity, Region)>,
    /// B12: words of the tasks it helps with ("lock", "climb"): Gear is proposed for a task
    /// whose words hold one of them.
    #[serde(default)]
    pub fits: Vec<String>,
}

impl Item {
    pub fn named(name: impl Into<String>) -> Item {
        Item {
            name: name.into(),
            size: 1,
            ..Item::default()
        }
    }

    /// B12: whether it helps with a task described by these words (a broken item helps with
    /// none).
    pub fn fits(&self, task: &str) -> bool {
        let task = task.to_lowercase();
        !self.broken
            && self
                .fits
                .iter()
                .map(|f| f.trim().to_lowercase())
                .any(|f| !f.is_empty() && task.contains(&f))
    }

    pub fn text(&self) -> String {
        let mut t = self.name.clone();
        if let Some(d) = self.waterskin {
            t.push_str(&if d == 0 {
                " (empty)".to_string()
            } else {
                format!(" (d{d})")
            });
        }
        if let Some(h) = self.held {
            t.push_str(&format!(" [{} hand]", h.word()));
        }
        if self.broken {
            t.push_str(" [broken]");
        }
        if self.size > 1 {
            t.push_str(&format!(" ({} slots)", self.size));
        }
        t
    }

    /// The item with every tag the rules read, as the sheet, `show` and the log name it: its
    /// own words, then armour, ration and ingredient tags.
    pub fn tagged_text(&self) -> String {
        let mut t = self.text();
        let mut tags: Vec<String> = [
            (self.heavy_armour, "heavy armour"),
            (self.helmet, "helmet"),
            (self.bracers, "bracers"),
            (self.ration, "ration"),
        ]
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, w)| w.to_string())
        .collect();
        if let Some((rarity, region)) = self.ingredient {
            tags.push(format!("{} {} ingredient", rarity.word(), region.word()));
        }
        if !tags.is_empty() {
            t.push_str(&format!(" [{}]", tags.join(", ")));
        }
        t
    }
}

/// B15: why a Fatigue was taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reason {
    Deprivation,
    Block,
    Dodge,
    Spell,
    TaskCost,
    Judge,
}

impl Reason {
    pub fn word(self) -> &'static str {
        match self {
            Reason::Deprivation => "deprivation",
            Reason::Block => "block",
            Reason::Dodge => "dodge",
            Reason::Spell => "spell",
            Reason::TaskCost => "task cost",
            Reason::Judge => "judge",
        }
    }
}

/// B32: Light < Severe < Permanent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Level {
    Light,
    Severe,
    Permanent,
}

impl Level {
    pub fn word(self) -> &'static str {
        match self {
            Level::Light => "Light",
            Level::Severe => "Severe",
            Level::Permanent => "Permanent",
        }
    }

    pub fn up(self) -> Option<Level> {
        match self {
            Level::Light => Some(Level::Severe),
            Level::Severe => Some(Level::Permanent),
            Level::Permanent => None,
        }
    }
}

/// B27: where an injury lands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Area {
    Torso,
    LeftLeg,
    RightLeg,
    LeftArm,
    RightArm,
    Head,
}

impl Area {
    pub fn word(self) -> &'static str {
        match self {
            Area::Torso => "Torso",
            Area::LeftLeg => "Left Leg",
            Area::RightLeg => "Right Leg",
            Area::LeftArm => "Left Arm",
            Area::RightArm => "Right Arm",
            Area::Head => "Head",
        }
    }

    /// B27's d10.
    pub fn from_d10(face: u16) -> Area {
        match face {
            1..=5 => Area::Torso,
            6 => Area::LeftLeg,
            7 => Area::RightLeg,
            8 => Area::LeftArm,
            9 => Area::RightArm,
            _ => Area::Head,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wound {
    /// Burn, frostbite, nerve damage, poisoning, a weapon...: flavour, and the cure it needs.
    pub kind: String,
    pub area: Option<Area>,
    pub level: Level,
}

impl Wound {
    /// B29: an injury's wound is named after its source: "Sword wound", "Fall wound"; a source
    /// already called a wound ("Wound", "Bite wound") stays as it is.
    pub fn named_after(source: &str) -> String {
        let s = source.trim();
        if s.is_empty() {
            "Wound".into()
        } else if s.to_ascii_lowercase().ends_with("wound") {
            s.into()
        } else {
            format!("{s} wound")
        }
    }

    /// B32: of the same kind, case and a trailing "wound" aside, so a "Sword wound" from an
    /// injury and a "sword" the judge enters are one kind.
    pub fn same_kind(&self, other: &Wound) -> bool {
        fn bare(k: &str) -> String {
            let k = k.trim().to_ascii_lowercase();
            match k.strip_suffix("wound") {
                Some(b) if !b.trim().is_empty() => b.trim().to_string(),
                _ => k,
            }
        }
        bare(&self.kind) == bare(&other.kind)
    }

    pub fn text(&self) -> String {
        match self.area {
            Some(a) => format!("{} {} ({})", self.level.word(), self.kind, a.word()),
            None => format!("{} {}", self.level.word(), self.kind),
        }
    }

    /// B35's proposal: the ability a Permanent wound of this kind and area costs.
    pub fn permanent_ability(&self) -> Ability {
        let k = self.kind.to_ascii_lowercase();
        if k.contains("nerve") {
            Ability::Wil
        } else if ["poison", "sprain", "shock"].iter().any(|w| k.contains(w))
            || matches!(self.area, Some(Area::LeftLeg | Area::RightLeg))
        {
            Ability::Dex
        } else {
            Ability::Str
        }
    }
}

/// One slot of the row (B3).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Slot {
    #[default]
    Empty,
    Item(Item),
    /// The further slots of an item entered as larger, pointing at its first slot.
    More(u8),
    Fatigue(Reason),
    /// A Permanent wound here makes the slot lost.
    Wound(Wound),
}

impl Slot {
    pub fn text(&self) -> String {
        match self {
            Slot::Empty => "—".into(),
            Slot::Item(i) => i.text(),
            Slot::More(at) => format!("(slot {} continued)", at + 1),
            Slot::Fatigue(r) => format!("Fatigue ({})", r.word()),
            Slot::Wound(w) if w.level == Level::Permanent => format!("LOST: {}", w.text()),
            Slot::Wound(w) => w.text(),
        }
    }
}
