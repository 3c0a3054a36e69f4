//! Ruleset `phase`'s bundled content (from `assets/phase/`, compiled into the binary): the price
//! list by name (weapons, armour, counted gear and transport, with 002's numbers and prices) and
//! a starter bestiary, and the demo script. The verbs look names up here (`add Gob goblin`,
//! `arm Ana sword`, `wear Ana "mail shirt"`, `buy Ana halberd`) and put everything the rules need
//! into the command itself, so a session's log replays the same whatever this list says later.
//!
//! The text's tables that the rules read (reactions, grievous wounds, the event dice, weather,
//! Speak with Dead, the weapon and armour rows, transport prices) stay where they are, in
//! `rules::phase`, tested rule by rule; the entries here are checked against them.

use super::ten;
use super::{
    Bundled, ContentError, LookupError, find_by_name, name_ok, parse_ron, replace_or_push, squash,
    text_ok,
};
use crate::dice::ladder::{DIE_SIZES, Dice};
use crate::rules::phase::{Armor, Kind, NewSheet, Side, Unit, Ware, Weapon, WeaponKind};
use crate::rules::text::TextKind;
use serde::{Deserialize, Serialize};

const GEAR: (&str, &str) = super::bundled_file!("assets/phase/gear.ron");
const BESTIARY: (&str, &str) = super::bundled_file!("assets/phase/bestiary.ron");
/// The phase demo: a script in the command language, which builds it.
pub const DEMO: (&str, &str) = super::bundled_file!("assets/phase/demo.slotmark");

/// What a weapon or an attack does beyond its die (K19, K28).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tag {
    /// Takes both hands.
    Bulky,
    /// Loosed in the missile phase; needs ammunition (K29).
    Missile,
    /// May be thrown in the missile phase.
    Thrown,
    /// Hits everyone in an area, one roll each.
    Blast,
}

impl Tag {
    pub fn word(self) -> &'static str {
        match self {
            Tag::Bulky => "bulky",
            Tag::Missile => "missile",
            Tag::Thrown => "thrown",
            Tag::Blast => "blast",
        }
    }
}

/// A weapon for sale (K19).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponEntry {
    pub name: String,
    /// Its row of 002's weapon table.
    pub class: WeaponKind,
    /// Sides of its damage die, d2 to d12.
    pub die: u16,
    #[serde(default)]
    pub tags: Vec<Tag>,
    /// In silver pieces.
    pub price: u32,
    #[serde(default)]
    pub about: String,
}

impl WeaponEntry {
    /// The weapon as the sheet holds it.
    pub fn weapon(&self) -> Weapon {
        with_tags(Weapon::new(self.name.clone(), self.die), &self.tags)
    }
}

fn with_tags(mut w: Weapon, tags: &[Tag]) -> Weapon {
    for tag in tags {
        match tag {
            Tag::Bulky => w.bulky = true,
            Tag::Missile => w.missile = true,
            Tag::Thrown => w.throwable = true,
            Tag::Blast => w.blast = true,
        }
    }
    w
}

/// The rows of 002's armour table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ArmourClass {
    Light,
    Heavy,
    Shield,
}

impl ArmourClass {
    /// K20: light 1, heavy 2, a shield +1.
    pub fn dr(self) -> u8 {
        match self {
            ArmourClass::Light => Armor::Light.dr(),
            ArmourClass::Heavy => Armor::Heavy.dr(),
            ArmourClass::Shield => 1,
        }
    }

    /// The body armour it is, None for a shield.
    pub fn armor(self) -> Option<Armor> {
        match self {
            ArmourClass::Light => Some(Armor::Light),
            ArmourClass::Heavy => Some(Armor::Heavy),
            ArmourClass::Shield => None,
        }
    }
}

/// Armour or a shield for sale (K20).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmourEntry {
    pub name: String,
    pub class: ArmourClass,
    /// Its class's DR, written out (and checked against the class).
    pub dr: u8,
    pub price: u32,
    #[serde(default)]
    pub about: String,
}

/// What one counted unit of supplies is (K7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stock {
    /// A week of food: seven rations.
    Food,
    /// A day of food and water: one ration.
    Day,
    /// Gear for one delve (torches, spikes...), which lights it (K48).
    Delve,
}

impl Stock {
    pub fn unit(self) -> Unit {
        match self {
            Stock::Food => Unit::Food { rations: 7 },
            Stock::Day => Unit::Day,
            Stock::Delve => Unit::Delve { lit: false },
        }
    }
}

/// A counted unit of gear (K7). 002 names them without a price: the judge gives one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GearEntry {
    pub name: String,
    pub unit: Stock,
    #[serde(default)]
    pub price: Option<u32>,
    #[serde(default)]
    pub about: String,
}

/// A cart, a wagon or a beast (K3, K8), bought as the rules' ware.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TransportEntry {
    pub name: String,
    pub ware: Ware,
    /// The ware's price, written out (and checked against it).
    pub price: u32,
    #[serde(default)]
    pub about: String,
}

/// What a creature is besides its numbers, for morale and pursuit (K11, K18, K30).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Trait {
    /// Always hostile, never checks morale.
    Undead,
    /// Not intelligent: a ration distracts it.
    Mindless,
    /// Its WIL is its group's morale while it stands.
    Leader,
}

/// One of a creature's attacks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackEntry {
    pub name: String,
    pub die: u16,
    #[serde(default)]
    pub tags: Vec<Tag>,
    /// What a victim's failed critical-damage save brings (K23).
    #[serde(default)]
    pub on_fail: String,
}

impl AttackEntry {
    pub fn weapon(&self) -> Weapon {
        let mut w = with_tags(Weapon::new(self.name.clone(), self.die), &self.tags);
        w.on_fail = self.on_fail.clone();
        w
    }
}

/// A creature of the bestiary (K3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreatureEntry {
    pub name: String,
    /// Hit dice: how dangerous it is, and the d8s a judge may roll for its HP instead.
    pub hd: u8,
    /// The HP its sheet gets, 1 to 99.
    pub hp: u8,
    #[serde(default = "ten")]
    pub str: u8,
    #[serde(default = "ten")]
    pub dex: u8,
    #[serde(default = "ten")]
    pub wil: u8,
    #[serde(default)]
    pub dr: u8,
    pub attacks: Vec<AttackEntry>,
    #[serde(default)]
    pub traits: Vec<Trait>,
    /// The morale group it joins unless told otherwise; None: a group of one.
    #[serde(default)]
    pub group: Option<String>,
    #[serde(default)]
    pub about: String,
}

impl CreatureEntry {
    pub fn has(&self, t: Trait) -> bool {
        self.traits.contains(&t)
    }

    /// The sheet of one of these called `name`, on the enemies' side.
    pub fn sheet(&self, name: &str) -> NewSheet {
        NewSheet {
            name: name.trim().to_string(),
            kind: Kind::Creature,
            side: Side::Enemies,
            hp: self.hp,
            str: self.str,
            dex: self.dex,
            wil: self.wil,
            dr: self.dr,
            group: self.group.clone(),
            leader: self.has(Trait::Leader),
            undead: self.has(Trait::Undead),
            intelligent: !self.has(Trait::Mindless),
            beast: None,
            weapons: self.attacks.iter().map(AttackEntry::weapon).collect(),
        }
    }

    /// "HD 1, HP 4, STR 8 DEX 13 WIL 7, DR 0; Jagged knife d6 thrown".
    pub fn line(&self) -> String {
        let attacks: Vec<String> = self
            .attacks
            .iter()
            .map(|a| {
                let mut s = format!("{} d{}", a.name, a.die);
                for t in &a.tags {
                    s.push(' ');
                    s.push_str(t.word());
                }
                s
            })
            .collect();
        let mut traits: Vec<&str> = self
            .traits
            .iter()
            .map(|t| match t {
                Trait::Undead => "undead",
                Trait::Mindless => "mindless",
                Trait::Leader => "leader",
            })
            .collect();
        let group = self.group.as_ref().map(|g| format!("group {g}"));
        if let Some(g) = &group {
            traits.push(g);
        }
        let traits = if traits.is_empty() {
            String::new()
        } else {
            format!(" [{}]", traits.join(", "))
        };
        format!(
            "HD {}, HP {}, STR {} DEX {} WIL {}, DR {}; {}{traits}",
            self.hd,
            self.hp,
            self.str,
            self.dex,
            self.wil,
            self.dr,
            if attacks.is_empty() {
                crate::rules::phase::gear::unarmed_text()
            } else {
                attacks.join(", ")
            }
        )
    }
}

/// Anything on the price list, found by one name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Offer<'a> {
    Weapon(&'a WeaponEntry),
    Armour(&'a ArmourEntry),
    Gear(&'a GearEntry),
    Transport(&'a TransportEntry),
}

impl Offer<'_> {
    pub fn name(&self) -> &str {
        match self {
            Offer::Weapon(e) => &e.name,
            Offer::Armour(e) => &e.name,
            Offer::Gear(e) => &e.name,
            Offer::Transport(e) => &e.name,
        }
    }

    /// Its price in silver, None where 002 gives none.
    pub fn price(&self) -> Option<u32> {
        match self {
            Offer::Weapon(e) => Some(e.price),
            Offer::Armour(e) => Some(e.price),
            Offer::Gear(e) => e.price,
            Offer::Transport(e) => Some(e.price),
        }
    }
}

/// The shape of `assets/phase/*.ron`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhaseFile {
    #[serde(default)]
    pub weapons: Vec<WeaponEntry>,
    #[serde(default)]
    pub armour: Vec<ArmourEntry>,
    #[serde(default)]
    pub gear: Vec<GearEntry>,
    #[serde(default)]
    pub transport: Vec<TransportEntry>,
    #[serde(default)]
    pub creatures: Vec<CreatureEntry>,
}

/// The price list and the bestiary of ruleset `phase`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PhaseLibrary {
    pub weapons: Vec<WeaponEntry>,
    pub armour: Vec<ArmourEntry>,
    pub gear: Vec<GearEntry>,
    pub transport: Vec<TransportEntry>,
    pub creatures: Vec<CreatureEntry>,
}

fn on_ladder(die: u16) -> bool {
    DIE_SIZES.index_of(Dice::new(1, die)).is_some()
}

impl PhaseLibrary {
    /// Everything `buy` can find by name, in list order: weapons, armour, gear, transport.
    pub fn offers(&self) -> Vec<Offer<'_>> {
        self.weapons
            .iter()
            .map(Offer::Weapon)
            .chain(self.armour.iter().map(Offer::Armour))
            .chain(self.gear.iter().map(Offer::Gear))
            .chain(self.transport.iter().map(Offer::Transport))
            .collect()
    }

    /// Something on the price list by name (case-insensitive; a unique prefix will do).
    pub fn offer(&self, name: &str) -> Result<Offer<'_>, LookupError> {
        let offers = self.offers();
        find_by_name(&offers, |o| o.name(), name, "ware on the price list").copied()
    }

    pub fn weapon(&self, name: &str) -> Result<&WeaponEntry, LookupError> {
        find_by_name(&self.weapons, |w| &w.name, name, "weapon on the price list")
    }

    pub fn armour(&self, name: &str) -> Result<&ArmourEntry, LookupError> {
        find_by_name(&self.armour, |a| &a.name, name, "armour on the price list")
    }

    pub fn creature(&self, name: &str) -> Result<&CreatureEntry, LookupError> {
        super::bestiary::creature(&self.creatures, |c| &c.name, name)
    }

    /// Adds one file's entries; an entry named like one already there replaces it. `file`
    /// names the file in errors.
    pub fn merge(&mut self, file: &str, text: &str) -> Result<(), ContentError> {
        let parsed: PhaseFile = parse_ron(file, text)?;
        let invalid = |message: String| ContentError::Invalid {
            file: file.to_string(),
            message,
        };
        let mut next = self.clone();
        for w in parsed.weapons {
            check_weapon(&w).map_err(&invalid)?;
            replace_or_push(&mut next.weapons, w, |w| &w.name);
        }
        for a in parsed.armour {
            check_armour(&a).map_err(&invalid)?;
            replace_or_push(&mut next.armour, a, |a| &a.name);
        }
        for g in parsed.gear {
            name_ok(TextKind::ItemName, &g.name, "a unit of gear").map_err(&invalid)?;
            text_ok(&g.name, "description", &g.about).map_err(&invalid)?;
            replace_or_push(&mut next.gear, g, |g| &g.name);
        }
        for t in parsed.transport {
            check_transport(&t).map_err(&invalid)?;
            replace_or_push(&mut next.transport, t, |t| &t.name);
        }
        for c in parsed.creatures {
            check_written(&c).map_err(&invalid)?;
            replace_or_push(&mut next.creatures, c, |c| &c.name);
        }
        // One name, one ware: `buy` finds them all in one list.
        let offers = next.offers();
        for (i, o) in offers.iter().enumerate() {
            if let Some(twin) = offers[..i]
                .iter()
                .find(|p| squash(p.name()) == squash(o.name()))
            {
                return Err(invalid(format!(
                    "'{}' and '{}' are both on the price list; give one another name",
                    twin.name(),
                    o.name()
                )));
            }
        }
        *self = next;
        Ok(())
    }
}

fn check_weapon(w: &WeaponEntry) -> Result<(), String> {
    name_ok(TextKind::ItemName, &w.name, "a weapon")?;
    if !on_ladder(w.die) {
        return Err(format!(
            "{}: a weapon's die is d2, d4, d6, d8, d10 or d12, not d{}",
            w.name, w.die
        ));
    }
    text_ok(&w.name, "description", &w.about)
}

fn check_armour(a: &ArmourEntry) -> Result<(), String> {
    name_ok(TextKind::ItemName, &a.name, "a piece of armour")?;
    if a.dr != a.class.dr() {
        return Err(format!(
            "{}: {} armour is DR {} (K20), not {}",
            a.name,
            match a.class {
                ArmourClass::Light => "light",
                ArmourClass::Heavy => "heavy",
                ArmourClass::Shield => "a shield's",
            },
            a.class.dr(),
            a.dr
        ));
    }
    text_ok(&a.name, "description", &a.about)
}

fn check_transport(t: &TransportEntry) -> Result<(), String> {
    name_ok(TextKind::ItemName, &t.name, "a cart or a beast")?;
    let transport = matches!(
        t.ware,
        Ware::HandCart | Ware::DraftCart | Ware::Wagon | Ware::Mule | Ware::Horse | Ware::Warhorse
    );
    if !transport {
        return Err(format!(
            "{}: transport is a cart, a wagon or a beast, not a {}",
            t.name,
            t.ware.word()
        ));
    }
    if t.price != t.ware.price() {
        return Err(format!(
            "{}: a {} costs {} (K3), not {}",
            t.name,
            t.ware.word(),
            t.ware.price(),
            t.price
        ));
    }
    text_ok(&t.name, "description", &t.about)
}

/// A creature written in a content file: one with no attack there is an entry left half
/// written, whereas a stat line may give none (the books' Boggart).
fn check_written(c: &CreatureEntry) -> Result<(), String> {
    if c.attacks.is_empty() {
        return Err(format!("{} needs at least one attack", c.name));
    }
    check_creature(c)
}

fn check_creature(c: &CreatureEntry) -> Result<(), String> {
    super::bestiary::scores_ok(&c.name, c.hp, [c.str, c.dex, c.wil])?;
    let n = &c.name;
    if c.dr > 3 {
        return Err(format!("{n}: DR is 0 to 3, not {}", c.dr));
    }
    // A creature with no attack fights bare-handed (K19).
    for a in &c.attacks {
        name_ok(TextKind::ItemName, &a.name, &format!("{n}'s attack"))?;
        if !on_ladder(a.die) {
            return Err(format!(
                "{n}'s {}: an attack's die is d2, d4, d6, d8, d10 or d12, not d{}",
                a.name, a.die
            ));
        }
        text_ok(n, "on_fail note", &a.on_fail)?;
    }
    if let Some(g) = &c.group {
        name_ok(TextKind::Name, g, &format!("{n}'s group"))?;
    }
    text_ok(n, "description", &c.about)
}

super::bundled_library!(
    PhaseLibrary,
    Bundled::read(&[GEAR, BESTIARY], PhaseLibrary::merge)
);

super::bestiary::imported_library!(PhaseLibrary, Phase);

/// A creature of the Cairn family's stat line as phase reads it (documented on its page):
/// HP, STR, DEX and WIL as given; Armor is its DR (K20, 0 to 3); each strike an attack of its
/// own die (K19: every attack lands, so `d8+d8` strikes twice), on the die ladder; the tags
/// blast, missile (or ranged), thrown and bulky as 002's (K28, K29); hit dice from HP at 4.5 a
/// die, at least 1; the notes as its text.
pub fn from_stat(b: &crate::rules::statline::StatBlock) -> Result<CreatureEntry, String> {
    use super::bestiary::{diceless, strike_name, text_with, unread_tags};
    let n = &b.name;
    super::bestiary::armor_at_most(b, 3, "phase's DR", "K20")?;
    let mut attacks = Vec::new();
    for a in &b.attacks {
        let mut tags = Vec::new();
        for (tag, word) in [
            (Tag::Blast, "blast"),
            (Tag::Missile, "missile"),
            (Tag::Missile, "ranged"),
            (Tag::Thrown, "thrown"),
            (Tag::Bulky, "bulky"),
        ] {
            if a.has(word) && !tags.contains(&tag) {
                tags.push(tag);
            }
        }
        for (i, die) in a.strikes.iter().enumerate() {
            if die.count != 1 || !on_ladder(die.sides) {
                return Err(format!(
                    "{n}'s {} ({die}): an attack in phase is one die of d2, d4, d6, d8, d10 or \
                     d12 (K19); two strikes are written d6+d6",
                    a.name
                ));
            }
            attacks.push(AttackEntry {
                name: strike_name(&a.name, i, a.strikes.len()),
                die: die.sides,
                tags: tags.clone(),
                on_fail: String::new(),
            });
        }
    }
    let mut more = Vec::new();
    if b.detachment {
        more.push("A detachment: many on one sheet.".to_string());
    }
    let unread = unread_tags(b, &["blast", "missile", "ranged", "thrown", "bulky"]);
    more.extend([unread, diceless(b)].into_iter().filter(|s| !s.is_empty()));
    let entry = CreatureEntry {
        name: b.name.clone(),
        hd: b.hp.saturating_mul(2).div_ceil(9).max(1),
        hp: b.hp,
        str: b.str,
        dex: b.dex,
        wil: b.wil,
        dr: b.armor,
        attacks,
        traits: Vec::new(),
        group: None,
        about: text_with(b, &more),
    };
    check_creature(&entry)?;
    Ok(entry)
}
