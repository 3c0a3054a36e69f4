//! The sheet of ruleset `bdp` (B1, B3, "What the sheet holds"): three abilities and HP as
//! current over maximum, a flat row of slots, needs, diseases, restoratives, timers and states.

use serde::{Deserialize, Serialize};
use std::fmt;

/// B2: the three abilities a save is made with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ability {
    Str,
    Dex,
    Wil,
}

impl Ability {
    pub const ALL: [Ability; 3] = [Ability::Str, Ability::Dex, Ability::Wil];

    pub fn index(self) -> usize {
        match self {
            Ability::Str => 0,
            Ability::Dex => 1,
            Ability::Wil => 2,
        }
    }

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

impl fmt::Display for Ability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ability::Str => "STR",
            Ability::Dex => "DEX",
            Ability::Wil => "WIL",
        })
    }
}

/// A pool with a current and a maximum value (B1).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    pub cur: u8,
    pub max: u8,
}

impl Score {
    pub fn full(max: u8) -> Score {
        Score { cur: max, max }
    }

    /// Lowers the current value, floor 0; returns what did not fit (the overflow).
    pub fn lose(&mut self, n: u32) -> u32 {
        let cur = u32::from(self.cur);
        self.cur = cur.saturating_sub(n) as u8;
        n.saturating_sub(cur)
    }

    /// Raises the current value, never above the maximum; returns what was gained.
    pub fn gain(&mut self, n: u32) -> u32 {
        let room = u32::from(self.max - self.cur.min(self.max));
        let g = n.min(room);
        self.cur += g as u8;
        g
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.cur, self.max)
    }
}

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

/// B44: an ingredient's rarity; its potency is 1, 2 or 4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Rarity {
    Common,
    Uncommon,
    Rare,
}

impl Rarity {
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
}

impl Item {
    pub fn named(name: impl Into<String>) -> Item {
        Item {
            name: name.into(),
            size: 1,
            ..Item::default()
        }
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
}

/// One character or creature (B1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Character {
    pub id: u32,
    pub name: String,
    pub kind: Kind,
    /// B12: career, skill and background tags.
    #[serde(default)]
    pub careers: Vec<String>,
    #[serde(default)]
    pub skills: Vec<String>,
    #[serde(default)]
    pub backgrounds: Vec<String>,
    pub abilities: [Score; 3],
    /// B35: Permanent points per ability not yet trained back.
    pub untrained: [u8; 3],
    pub hp: Score,
    pub slots: Vec<Slot>,
    pub food_deprived: bool,
    pub sleep_deprived: bool,
    pub deprived_dawns: u8,
    /// Meals kept down since dawn.
    pub meals: Vec<Meal>,
    pub rest: Rest,
    /// B46: the Sleeping Tonic drunk for tonight.
    pub tonic: bool,
    /// B38: rested and cared for (advantage on disease saves).
    pub cared_for: bool,
    pub diseases: Vec<Disease>,
    /// B46: restoratives applied for tonight (at most one per ability).
    pub restoratives: Vec<Ability>,
    pub timers: Vec<Timer>,
    /// B33: herb cures working until the next dawn (slot indexes of Light wounds).
    pub herb_cures: Vec<u8>,
    pub dead: bool,
    pub out: Option<Out>,
    /// Impaired left and right arm (B28).
    pub impaired: [bool; 2],
    pub notes: Vec<String>,
    /// B51, B52: hazards the judge marked this character exposed to.
    pub exposed: Vec<Hazard>,
    /// B53: a creature the judge added to the dawn.
    #[serde(default)]
    pub at_dawn: bool,
}

impl Character {
    pub fn new(id: u32, name: String, kind: Kind, abilities: [u8; 3], hp: u8, slots: u8) -> Self {
        Character {
            id,
            name,
            kind,
            careers: Vec::new(),
            skills: Vec::new(),
            backgrounds: Vec::new(),
            abilities: abilities.map(Score::full),
            untrained: [0; 3],
            hp: Score::full(hp),
            slots: vec![Slot::Empty; usize::from(slots)],
            food_deprived: false,
            sleep_deprived: false,
            deprived_dawns: 0,
            meals: Vec::new(),
            rest: Rest::None,
            tonic: false,
            cared_for: false,
            diseases: Vec::new(),
            restoratives: Vec::new(),
            timers: Vec::new(),
            herb_cures: Vec::new(),
            dead: false,
            out: None,
            impaired: [false; 2],
            notes: Vec::new(),
            exposed: Vec::new(),
            at_dawn: false,
        }
    }

    pub fn score(&self, a: Ability) -> Score {
        self.abilities[a.index()]
    }

    pub fn score_mut(&mut self, a: Ability) -> &mut Score {
        &mut self.abilities[a.index()]
    }

    pub fn deprived(&self) -> bool {
        self.food_deprived || self.sleep_deprived
    }

    /// Counts of Fatigue in the slots.
    pub fn fatigue(&self) -> usize {
        self.slots
            .iter()
            .filter(|s| matches!(s, Slot::Fatigue(_)))
            .count()
    }

    pub fn empty_slot(&self) -> Option<usize> {
        self.slots.iter().position(|s| *s == Slot::Empty)
    }

    /// Lost slots (B3, B35).
    pub fn lost(&self) -> usize {
        self.slots
            .iter()
            .filter(|s| matches!(s, Slot::Wound(w) if w.level == Level::Permanent))
            .count()
    }

    /// B4's proposal: the highest-numbered slot holding an item.
    pub fn droppable(&self) -> Option<usize> {
        self.slots
            .iter()
            .rposition(|s| matches!(s, Slot::Item(_) | Slot::More(_)))
            .map(|i| match &self.slots[i] {
                Slot::More(at) => usize::from(*at),
                _ => i,
            })
    }

    /// Empties an item's slots (its first slot and every continuation); returns the item.
    pub fn take_item(&mut self, at: usize) -> Option<Item> {
        let Some(Slot::Item(item)) = self.slots.get(at).cloned() else {
            return None;
        };
        self.slots[at] = Slot::Empty;
        for s in &mut self.slots {
            if *s == Slot::More(at as u8) {
                *s = Slot::Empty;
            }
        }
        Some(item)
    }

    /// B28: a hand holds one item; whatever it held is let go.
    pub fn free_hand(&mut self, hand: Hand) {
        for s in &mut self.slots {
            if let Slot::Item(i) = s
                && i.held == Some(hand)
            {
                i.held = None;
            }
        }
    }

    /// Has worn gear of this kind (B29).
    pub fn wears(&self, f: impl Fn(&Item) -> bool) -> bool {
        self.slots
            .iter()
            .any(|s| matches!(s, Slot::Item(i) if f(i)))
    }

    pub fn can_act(&self) -> bool {
        !self.dead && self.out.is_none()
    }
}
