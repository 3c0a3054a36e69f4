//! Gear of ruleset `phase`: armour (K20), weapons and their dice (K19), spell items (K34),
//! counted units of load (K7), what carries it (K8), beasts (K3) and the price list.

use super::model::Hand;
use serde::{Deserialize, Serialize};

/// Worn armour (K20).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Armor {
    #[default]
    None,
    Light,
    Heavy,
}

impl Armor {
    /// [data] 002 §Armor: none 0, light 1, heavy 2.
    pub fn dr(self) -> u8 {
        match self {
            Armor::None => 0,
            Armor::Light => 1,
            Armor::Heavy => 2,
        }
    }
}

/// A weapon or a creature's attack (K19, K3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Weapon {
    pub name: String,
    /// Sides of its damage die, on the d2..d12 ladder.
    pub die: u16,
    /// Takes both hands.
    pub bulky: bool,
    /// Loosed in the missile phase, needs ammunition (K29).
    pub missile: bool,
    /// May be thrown in the missile phase (then lies in the scene).
    pub throwable: bool,
    /// Hits everything in an area, one roll per target (K28).
    pub blast: bool,
    /// The hand that holds a one-handed weapon (K26).
    pub hand: Hand,
    pub out_of_ammo: bool,
    /// What a victim's failed critical-damage save brings, in the judge's words (K23).
    pub on_fail: String,
}

impl Weapon {
    /// "Sword d6", with its tags when it has any: "Hunting bow d6 (bulky, missile)".
    /// The tags the rules read, as the sheet writes them.
    pub fn tags(&self) -> Vec<&'static str> {
        [
            (self.bulky, "bulky"),
            (self.missile, "missile"),
            (self.throwable, "thrown"),
            (self.blast, "blast"),
            (self.out_of_ammo, "out of ammo"),
        ]
        .into_iter()
        .filter_map(|(on, tag)| on.then_some(tag))
        .collect()
    }

    pub fn label(&self) -> String {
        let tags = self.tags();
        if tags.is_empty() {
            format!("{} d{}", self.name, self.die)
        } else {
            format!("{} d{} ({})", self.name, self.die, tags.join(", "))
        }
    }

    pub fn new(name: impl Into<String>, die: u16) -> Weapon {
        Weapon {
            name: name.into(),
            die,
            bulky: false,
            missile: false,
            throwable: false,
            blast: false,
            hand: Hand::Right,
            out_of_ammo: false,
            on_fail: String::new(),
        }
    }

    /// [data] the weapon table of 002: unarmed d4, hand d6 (thrown), polearm d8 bulky, sling
    /// d4 missile, bow d6 missile bulky.
    pub fn standard(kind: WeaponKind) -> Weapon {
        let mut w = Weapon::new(kind.word(), kind.die());
        match kind {
            WeaponKind::Hand => w.throwable = true,
            WeaponKind::Polearm => w.bulky = true,
            WeaponKind::Sling => w.missile = true,
            WeaponKind::Bow => {
                w.missile = true;
                w.bulky = true;
            }
        }
        w
    }

    /// Is an attack with it made in the missile phase (K13)?
    pub fn ranged(&self, thrown: bool) -> bool {
        self.missile || (thrown && self.throwable)
    }
}

/// The weapon classes of 002's table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum WeaponKind {
    Hand,
    Polearm,
    Sling,
    Bow,
}

impl WeaponKind {
    pub fn word(self) -> &'static str {
        match self {
            WeaponKind::Hand => "hand weapon",
            WeaponKind::Polearm => "polearm",
            WeaponKind::Sling => "sling",
            WeaponKind::Bow => "bow",
        }
    }

    pub fn die(self) -> u16 {
        match self {
            WeaponKind::Hand | WeaponKind::Bow => 6,
            WeaponKind::Polearm => 8,
            WeaponKind::Sling => 4,
        }
    }
}

/// [data] An unarmed blow's die (K19).
pub const UNARMED_DIE: u16 = 4;

/// K19: how the sheet names bare hands, from the one die the attack rolls ("unarmed d4").
pub fn unarmed_text() -> String {
    format!("unarmed d{UNARMED_DIE}")
}

/// The spells 002 lists. Those K38-K42 give mechanics to are played; the rest are marks with a
/// timer (K36).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Spell {
    AnimateDead,
    Augury,
    Bless,
    Charm,
    CircleOfProtection,
    ControlWeather,
    Dominate,
    Fireball,
    Fly,
    Haste,
    HealSickness,
    HoldPerson,
    Invisibility,
    Knock,
    LightningBolt,
    Scry,
    Sleep,
    Slow,
    SpeakWithAnimals,
    SpeakWithDead,
    ThirdEye,
    Tongues,
    WaterBreathing,
    WindBarrier,
    WizardLock,
    /// A spell the judge names that is not in 002's list.
    Other(String),
}

impl Spell {
    pub const LISTED: [Spell; 25] = [
        Spell::AnimateDead,
        Spell::Augury,
        Spell::Bless,
        Spell::Charm,
        Spell::CircleOfProtection,
        Spell::ControlWeather,
        Spell::Dominate,
        Spell::Fireball,
        Spell::Fly,
        Spell::Haste,
        Spell::HealSickness,
        Spell::HoldPerson,
        Spell::Invisibility,
        Spell::Knock,
        Spell::LightningBolt,
        Spell::Scry,
        Spell::Sleep,
        Spell::Slow,
        Spell::SpeakWithAnimals,
        Spell::SpeakWithDead,
        Spell::ThirdEye,
        Spell::Tongues,
        Spell::WaterBreathing,
        Spell::WindBarrier,
        Spell::WizardLock,
    ];

    pub fn name(&self) -> &str {
        match self {
            Spell::AnimateDead => "Animate Dead",
            Spell::Augury => "Augury",
            Spell::Bless => "Bless",
            Spell::Charm => "Charm",
            Spell::CircleOfProtection => "Circle of Protection",
            Spell::ControlWeather => "Control Weather",
            Spell::Dominate => "Dominate",
            Spell::Fireball => "Fireball",
            Spell::Fly => "Fly",
            Spell::Haste => "Haste",
            Spell::HealSickness => "Heal Sickness",
            Spell::HoldPerson => "Hold Person",
            Spell::Invisibility => "Invisibility",
            Spell::Knock => "Knock",
            Spell::LightningBolt => "Lightning Bolt",
            Spell::Scry => "Scry",
            Spell::Sleep => "Sleep",
            Spell::Slow => "Slow",
            Spell::SpeakWithAnimals => "Speak with Animals",
            Spell::SpeakWithDead => "Speak with Dead",
            Spell::ThirdEye => "Third Eye",
            Spell::Tongues => "Tongues",
            Spell::WaterBreathing => "Water Breathing",
            Spell::WindBarrier => "Wind Barrier",
            Spell::WizardLock => "Wizard Lock",
            Spell::Other(name) => name,
        }
    }

    /// Does it deal damage when it lands (K15: such a spell landing first interrupts)?
    pub fn damaging(&self) -> bool {
        matches!(self, Spell::Fireball | Spell::LightningBolt)
    }
}

/// A spellbook or a scroll (K34).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Form {
    Book,
    Scroll,
}

/// One spell item: one spell at a level (K34).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpellItem {
    pub spell: Spell,
    /// 1 to 9 (K34, default 1).
    pub level: u8,
    pub form: Form,
}

/// A counted unit of load (K7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Unit {
    /// A week of food: 7 rations, counted until the last is eaten.
    Food { rations: u8 },
    /// A day of food and water: one ration.
    Day,
    /// A delve of gear (torches, spikes...); `lit` while it lights the party's delve (K48).
    Delve { lit: bool },
    /// Other supplies the judge names.
    Supply(String),
    /// One treasure item.
    Treasure(String),
}

impl Unit {
    pub fn rations(&self) -> u8 {
        match self {
            Unit::Food { rations } => *rations,
            Unit::Day => 1,
            _ => 0,
        }
    }

    pub fn describe(&self) -> String {
        match self {
            Unit::Food { rations } => format!("food ({rations} rations)"),
            Unit::Day => "a day of food and water".into(),
            Unit::Delve { lit: true } => "delve gear (lighting the delve)".into(),
            Unit::Delve { lit: false } => "delve gear".into(),
            Unit::Supply(name) => name.clone(),
            Unit::Treasure(name) => format!("treasure: {name}"),
        }
    }
}

/// What pulls or carries a character's load (K8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Vehicle {
    #[default]
    None,
    HandCart,
    DraftCart,
    Wagon,
}

impl Vehicle {
    /// What the sheet calls it; None when the character pulls nothing.
    pub fn word(self) -> Option<&'static str> {
        match self {
            Vehicle::None => None,
            Vehicle::HandCart => Some("hand cart"),
            Vehicle::DraftCart => Some("draft cart"),
            Vehicle::Wagon => Some("wagon"),
        }
    }
    /// K8: carts double the allowance, a wagon quadruples it.
    pub fn factor(self) -> u8 {
        match self {
            Vehicle::None => 1,
            Vehicle::HandCart | Vehicle::DraftCart => 2,
            Vehicle::Wagon => 4,
        }
    }
}

/// The beasts of 002's transport list (K3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Beast {
    Mule,
    Horse,
    Warhorse,
}

impl Beast {
    pub fn word(self) -> &'static str {
        match self {
            Beast::Mule => "mule",
            Beast::Horse => "horse",
            Beast::Warhorse => "warhorse",
        }
    }

    /// [data] K3: mule WIL 10, horse 8, warhorse 12.
    pub fn wil(self) -> u8 {
        match self {
            Beast::Mule => 10,
            Beast::Horse => 8,
            Beast::Warhorse => 12,
        }
    }

    /// [data] K3: supply units eaten a day.
    pub fn feed(self) -> u8 {
        match self {
            Beast::Mule => 1,
            Beast::Horse | Beast::Warhorse => 4,
        }
    }
}

/// What a purchase by name hands over (K7, K19, K20): the thing itself, as the sheet holds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Goods {
    Weapon(Weapon),
    /// Body armour: the better of what is worn and this is kept (K20).
    Armor(Armor),
    Shield,
    /// A counted unit of load.
    Unit(Unit),
}

/// What can be bought, and its price in silver (K3, K19, K20 [data]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ware {
    Shield,
    LightArmor,
    HeavyArmor,
    HandWeapon,
    Polearm,
    Sling,
    Bow,
    HandCart,
    DraftCart,
    Wagon,
    Mule,
    Horse,
    Warhorse,
}

impl Ware {
    pub const ALL: [Ware; 13] = [
        Ware::Shield,
        Ware::LightArmor,
        Ware::HeavyArmor,
        Ware::HandWeapon,
        Ware::Polearm,
        Ware::Sling,
        Ware::Bow,
        Ware::HandCart,
        Ware::DraftCart,
        Ware::Wagon,
        Ware::Mule,
        Ware::Horse,
        Ware::Warhorse,
    ];

    /// [data] prices in silver pieces.
    pub fn price(self) -> u32 {
        match self {
            Ware::Shield => 10,
            Ware::LightArmor => 100,
            Ware::HeavyArmor => 1000,
            Ware::HandWeapon | Ware::Polearm => 15,
            Ware::Sling => 10,
            Ware::Bow => 25,
            Ware::HandCart => 5,
            Ware::DraftCart => 10,
            Ware::Wagon => 30,
            Ware::Mule => 30,
            Ware::Horse => 50,
            Ware::Warhorse => 100,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Ware::Shield => "shield",
            Ware::LightArmor => "light armor",
            Ware::HeavyArmor => "heavy armor",
            Ware::HandWeapon => "hand weapon",
            Ware::Polearm => "polearm",
            Ware::Sling => "sling",
            Ware::Bow => "bow",
            Ware::HandCart => "hand cart",
            Ware::DraftCart => "draft cart",
            Ware::Wagon => "wagon",
            Ware::Mule => "mule",
            Ware::Horse => "horse",
            Ware::Warhorse => "warhorse",
        }
    }
}
