//! Ruleset `bdp`'s bundled content (from `assets/bdp/`, compiled into the binary): the gear rule
//! file 001 names, by name (weapons, armour, gear, herbs and wildcrafting ingredients, with the
//! tags the rules read), a starter bestiary of our own, the text's tables as data, and the demo
//! script. *Block, Dodge, Parry* is © Lars Huijbregts, CC BY-SA 4.0: every file here opens with
//! that attribution, and [`ATTRIBUTION`] says it wherever the tables are shown.
//!
//! The verbs look names up here (`carry Ana sword`, `add Snag bandit`, `add wolf`) and put every
//! fact into the command itself, so a session's log replays the same whatever this list says
//! later. The rules keep their tables as constants, tested rule by rule; `tables.ron` is checked
//! against them (`tests/content_bdp.rs`).

use super::{
    Bundled, ContentError, LookupError, find_by_name, name_ok, parse_ron, replace_or_push, squash,
    text_ok,
};
use super::{one, ten};
use crate::rules::bdp::{Ability, Amount, Item, Kind, NewSheet, Rarity, Region, Target};
use crate::rules::text::TextKind;
use serde::{Deserialize, Serialize};

mod tables;
pub use tables::*;

const GEAR: (&str, &str) = super::bundled_file!("assets/bdp/gear.ron");
const BESTIARY: (&str, &str) = super::bundled_file!("assets/bdp/bestiary.ron");
/// The bdp demo: a script in the command language, which builds it.
pub const DEMO: (&str, &str) = super::bundled_file!("assets/bdp/demo.slotmark");

/// What every place that shows or stores 001's tables says.
pub const ATTRIBUTION: &str = crate::rules::bdp::CREDIT;

/// What the rules read from an item besides its name and size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tag {
    /// Hinders sneaking and climbing (B12).
    HeavyArmour,
    /// May stop a head injury (B29).
    Helmet,
    /// May stop an arm injury (B29).
    Bracers,
    /// A Simple meal that needs no fire (B43).
    Ration,
    /// A full waterskin, usage die d8 (B41).
    Waterskin,
}

/// A weapon, a piece of armour or gear, by name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GearEntry {
    pub name: String,
    /// Slots it fills (B3).
    #[serde(default = "one")]
    pub size: u8,
    #[serde(default)]
    pub tags: Vec<Tag>,
    /// B12: words of the tasks it helps with; Gear is proposed for a task that names one.
    #[serde(default)]
    pub fits: Vec<String>,
    #[serde(default)]
    pub about: String,
}

impl GearEntry {
    /// The item as the sheet holds it.
    pub fn item(&self) -> Item {
        let mut item = Item::named(self.name.clone());
        item.size = self.size;
        item.fits = self.fits.clone();
        for tag in &self.tags {
            match tag {
                Tag::HeavyArmour => item.heavy_armour = true,
                Tag::Helmet => item.helmet = true,
                Tag::Bracers => item.bracers = true,
                Tag::Ration => item.ration = true,
                Tag::Waterskin => item.waterskin = Some(8),
            }
        }
        item
    }
}

/// A wildcrafting ingredient (B44).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IngredientEntry {
    pub name: String,
    pub rarity: Rarity,
    pub region: Region,
    #[serde(default)]
    pub about: String,
}

impl IngredientEntry {
    pub fn item(&self) -> Item {
        let mut item = Item::named(self.name.clone());
        item.ingredient = Some((self.rarity, self.region));
        item
    }
}

/// Anything on the gear list, found by one name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ware<'a> {
    Gear(&'a GearEntry),
    Ingredient(&'a IngredientEntry),
}

impl Ware<'_> {
    pub fn name(&self) -> &str {
        match self {
            Ware::Gear(e) => &e.name,
            Ware::Ingredient(e) => &e.name,
        }
    }

    pub fn item(&self) -> Item {
        match self {
            Ware::Gear(e) => e.item(),
            Ware::Ingredient(e) => e.item(),
        }
    }

    pub fn about(&self) -> &str {
        match self {
            Ware::Gear(e) => &e.about,
            Ware::Ingredient(e) => &e.about,
        }
    }
}

/// What an attack hits (B20): HP, or an ability for what cannot be defended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Hits {
    Hp,
    Str,
    Dex,
    Wil,
}

impl Hits {
    pub fn target(self) -> Target {
        match self {
            Hits::Hp => Target::Hp,
            Hits::Str => Target::Ability(Ability::Str),
            Hits::Dex => Target::Ability(Ability::Dex),
            Hits::Wil => Target::Ability(Ability::Wil),
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Hits::Hp => "HP",
            Hits::Str => "STR",
            Hits::Dex => "DEX",
            Hits::Wil => "WIL",
        }
    }
}

/// One of a creature's attacks: what the judge enters with `damage` when it lands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackEntry {
    pub name: String,
    /// "d6", "2d4" or a flat "1".
    pub damage: String,
    pub hits: Hits,
    #[serde(default)]
    pub note: String,
}

impl AttackEntry {
    /// The damage as the rules take it (checked when the file is read).
    pub fn amount(&self) -> Amount {
        amount(&self.damage).unwrap_or(Amount::flat(1))
    }

    /// "Bite: d4 to HP (drags the fallen away)".
    pub fn line(&self) -> String {
        let note = if self.note.is_empty() {
            String::new()
        } else {
            format!(" ({})", self.note)
        };
        format!(
            "{}: {} to {}{note}",
            self.name,
            self.damage.trim(),
            self.hits.word()
        )
    }
}

/// A creature of the bestiary: the same sheet as a PC (B1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreatureEntry {
    pub name: String,
    pub str: u8,
    pub dex: u8,
    pub wil: u8,
    pub hp: u8,
    #[serde(default = "ten")]
    pub slots: u8,
    /// Armour it wears, by name from the gear list.
    #[serde(default)]
    pub armour: Vec<String>,
    /// What else it carries, by name from the gear list.
    #[serde(default)]
    pub carries: Vec<String>,
    pub attacks: Vec<AttackEntry>,
    /// What its sheet says besides its attacks.
    #[serde(default)]
    pub notes: Vec<String>,
    #[serde(default)]
    pub about: String,
}

impl CreatureEntry {
    /// "STR 4 DEX 14 WIL 4, HP 2; Bite d4 HP".
    pub fn line(&self) -> String {
        let attacks: Vec<String> = self
            .attacks
            .iter()
            .map(|a| format!("{} {} {}", a.name, a.damage.trim(), a.hits.word()))
            .collect();
        let mut line = format!(
            "STR {} DEX {} WIL {}, HP {}; {}",
            self.str,
            self.dex,
            self.wil,
            self.hp,
            if attacks.is_empty() {
                "no attack".to_string()
            } else {
                attacks.join(", ")
            }
        );
        if !self.armour.is_empty() {
            line.push_str(&format!(" [{}]", self.armour.join(", ")));
        }
        line
    }
}

/// The shape of `assets/bdp/gear.ron` and `bestiary.ron`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BdpFile {
    #[serde(default)]
    pub weapons: Vec<GearEntry>,
    #[serde(default)]
    pub armour: Vec<GearEntry>,
    #[serde(default)]
    pub gear: Vec<GearEntry>,
    #[serde(default)]
    pub ingredients: Vec<IngredientEntry>,
    #[serde(default)]
    pub creatures: Vec<CreatureEntry>,
}

/// The gear list and the bestiary of ruleset `bdp`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BdpLibrary {
    pub weapons: Vec<GearEntry>,
    pub armour: Vec<GearEntry>,
    pub gear: Vec<GearEntry>,
    pub ingredients: Vec<IngredientEntry>,
    pub creatures: Vec<CreatureEntry>,
}

impl BdpLibrary {
    /// Everything `carry` can find by name, in list order.
    pub fn wares(&self) -> Vec<Ware<'_>> {
        self.weapons
            .iter()
            .chain(&self.armour)
            .chain(&self.gear)
            .map(Ware::Gear)
            .chain(self.ingredients.iter().map(Ware::Ingredient))
            .collect()
    }

    /// Something on the gear list by name (case-insensitive; a unique prefix will do).
    pub fn ware(&self, name: &str) -> Result<Ware<'_>, LookupError> {
        let wares = self.wares();
        find_by_name(&wares, |w| w.name(), name, "item on the gear list").copied()
    }

    /// Something on the gear list by its whole name (case, spaces and dashes aside): the way
    /// `carry` tells the list's items from the judge's own, which may share a prefix.
    pub fn ware_named(&self, name: &str) -> Option<Ware<'_>> {
        let wanted = squash(name);
        self.wares()
            .into_iter()
            .find(|w| squash(w.name()) == wanted)
    }

    pub fn creature(&self, name: &str) -> Result<&CreatureEntry, LookupError> {
        super::bestiary::creature(&self.creatures, |c| &c.name, name)
    }

    /// The sheet of one of these called `name`: its numbers, its armour and gear in its slots,
    /// its attacks as notes.
    pub fn sheet(&self, creature: &CreatureEntry, name: &str) -> NewSheet {
        NewSheet {
            name: name.trim().to_string(),
            kind: Kind::Creature,
            str: creature.str,
            dex: creature.dex,
            wil: creature.wil,
            hp: creature.hp,
            slots: creature.slots,
            items: creature
                .armour
                .iter()
                .chain(&creature.carries)
                .filter_map(|n| self.ware_named(n).map(|w| w.item()))
                .collect(),
            notes: creature
                .attacks
                .iter()
                .map(AttackEntry::line)
                .chain(creature.notes.iter().cloned())
                .collect(),
        }
    }

    /// Adds one file's entries; an entry named like one already there replaces it. `file`
    /// names the file in errors.
    pub fn merge(&mut self, file: &str, text: &str) -> Result<(), ContentError> {
        let parsed: BdpFile = parse_ron(file, text)?;
        let invalid = |message: String| ContentError::Invalid {
            file: file.to_string(),
            message,
        };
        let mut next = self.clone();
        for (list, entries) in [
            (&mut next.weapons, parsed.weapons),
            (&mut next.armour, parsed.armour),
            (&mut next.gear, parsed.gear),
        ] {
            for e in entries {
                check_gear(&e).map_err(&invalid)?;
                replace_or_push(list, e, |e| &e.name);
            }
        }
        for e in parsed.ingredients {
            name_ok(TextKind::ItemName, &e.name, "an ingredient").map_err(&invalid)?;
            text_ok(&e.name, "description", &e.about).map_err(&invalid)?;
            replace_or_push(&mut next.ingredients, e, |e| &e.name);
        }
        // One name, one item: `carry` finds them all in one list.
        let wares = next.wares();
        for (i, w) in wares.iter().enumerate() {
            if let Some(twin) = wares[..i]
                .iter()
                .find(|p| squash(p.name()) == squash(w.name()))
            {
                return Err(invalid(format!(
                    "'{}' and '{}' are both on the gear list; give one another name",
                    twin.name(),
                    w.name()
                )));
            }
        }
        for c in parsed.creatures {
            check_written(&next, &c).map_err(&invalid)?;
            replace_or_push(&mut next.creatures, c, |c| &c.name);
        }
        *self = next;
        Ok(())
    }
}

fn check_gear(e: &GearEntry) -> Result<(), String> {
    name_ok(TextKind::ItemName, &e.name, "an item")?;
    if !(1..=20).contains(&e.size) {
        return Err(format!(
            "{}: an item fills 1 to 20 slots, not {}",
            e.name, e.size
        ));
    }
    text_ok(&e.name, "description", &e.about)
}

/// A creature written in a content file: one with no attack there is an entry left half
/// written, whereas a stat line may give none (the books' Boggart).
fn check_written(lib: &BdpLibrary, c: &CreatureEntry) -> Result<(), String> {
    if c.attacks.is_empty() {
        return Err(format!("{} needs at least one attack", c.name));
    }
    check_creature(lib, c)
}

fn check_creature(lib: &BdpLibrary, c: &CreatureEntry) -> Result<(), String> {
    super::bestiary::scores_ok(&c.name, c.hp, [c.str, c.dex, c.wil])?;
    let n = &c.name;
    if !(1..=20).contains(&c.slots) {
        return Err(format!("{n}: a sheet has 1 to 20 slots, not {}", c.slots));
    }
    for a in &c.attacks {
        name_ok(TextKind::ItemName, &a.name, &format!("{n}'s attack"))?;
        if amount(&a.damage).is_none() {
            return Err(format!(
                "{n}'s {}: damage is dice such as d6 or 2d4, or a flat 1 to 20, not '{}'",
                a.name, a.damage
            ));
        }
        text_ok(n, "attack note", &a.note)?;
    }
    for note in &c.notes {
        text_ok(n, "note", note)?;
    }
    let mut size = 0;
    for item in c.armour.iter().chain(&c.carries) {
        let Some(w) = lib.ware_named(item) else {
            return Err(format!(
                "{n} carries '{item}', which is not on the gear list"
            ));
        };
        size += usize::from(w.item().size);
    }
    if size > usize::from(c.slots) {
        return Err(format!(
            "{n} carries {size} slots of gear in a row of {}",
            c.slots
        ));
    }
    text_ok(n, "description", &c.about)
}

super::bundled_library!(
    BdpLibrary,
    Bundled::read(&[GEAR, BESTIARY], BdpLibrary::merge)
);

/// The bundled asset files, name and text, for checks such as the attribution each carries.
pub fn files() -> [(&'static str, &'static str); 4] {
    [GEAR, BESTIARY, TABLES, DEMO]
}

super::bestiary::imported_library!(BdpLibrary, Bdp);

/// A creature of the Cairn family's stat line as bdp reads it (documented on its page): STR,
/// DEX, WIL and HP as given, 10 slots (B3); each strike an attack to HP (B20: a blow can be
/// defended) with its dice as the damage the judge enters, its tags as the attack's note; 001
/// gives armour no value (B31), so Armor, like a detachment, is a note on the sheet; the notes
/// as its text.
pub fn from_stat(b: &crate::rules::statline::StatBlock) -> Result<CreatureEntry, String> {
    use super::bestiary::strike_name;
    let mut attacks = Vec::new();
    for a in &b.attacks {
        for (i, die) in a.strikes.iter().enumerate() {
            attacks.push(AttackEntry {
                name: strike_name(&a.name, i, a.strikes.len()),
                damage: die.to_string(),
                hits: Hits::Hp,
                note: a.tags.join(", "),
            });
        }
    }
    let mut notes = Vec::new();
    if b.armor > 0 {
        notes.push(format!(
            "Armor {} in its stat line; 001 gives armour no value (B31), the judge rules",
            b.armor
        ));
    }
    if b.detachment {
        notes.push("A detachment: many on one sheet".to_string());
    }
    let diceless = super::bestiary::diceless(b);
    if !diceless.is_empty() {
        notes.push(diceless.trim_end_matches('.').to_string());
    }
    let entry = CreatureEntry {
        name: b.name.clone(),
        str: b.str,
        dex: b.dex,
        wil: b.wil,
        hp: b.hp,
        slots: 10,
        armour: Vec::new(),
        carries: Vec::new(),
        attacks,
        notes,
        about: b.text(),
    };
    check_creature(bundled(), &entry)?;
    Ok(entry)
}
