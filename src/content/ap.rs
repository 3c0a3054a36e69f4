//! Ruleset `ap`'s bundled content (from `assets/ap/`, compiled into the binary): the gear by name
//! (what rule file 003 names and prices, and a kit of our own), a starter bestiary, and the demo
//! script. The verbs look names up here (`carry Ana sword`, `add Gnash "goblin boss"`) and put
//! everything the rules need into the command itself, so a session's log replays the same
//! whatever this list says later. The text's own tables (scars, mishaps, reactions) stay with
//! the rules, in `rules::ap`.

use super::one;
use super::{ContentError, LookupError, find_by_name, parse_ron};
use crate::rules::ap::{Item, Kind, NewSheet};
use crate::rules::text::TextKind;
use serde::{Deserialize, Serialize};

const GEAR: (&str, &str) = super::bundled_file!("assets/ap/gear.ron");
const BESTIARY: (&str, &str) = super::bundled_file!("assets/ap/bestiary.ron");
/// The ap demo: a script in the command language, which builds it.
pub const DEMO: (&str, &str) = super::bundled_file!("assets/ap/demo.slotmark");

/// An item of the gear list (A3, A4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GearEntry {
    pub name: String,
    #[serde(default = "one")]
    pub slots: u8,
    #[serde(default)]
    pub die: Option<u16>,
    #[serde(default)]
    pub armor: u8,
    #[serde(default)]
    pub weapon: bool,
    #[serde(default)]
    pub shield: bool,
    #[serde(default)]
    pub worn: bool,
    /// A26, A30: strikes at range (an attack with it proposes DEX).
    #[serde(default)]
    pub ranged: bool,
    /// In gold pieces, where 003 gives a price.
    #[serde(default)]
    pub price: Option<u32>,
    #[serde(default)]
    pub about: String,
}

impl GearEntry {
    /// The item as the sheet holds it.
    pub fn item(&self) -> Item {
        Item {
            name: self.name.clone(),
            slots: self.slots,
            die: self.die,
            armor: self.armor,
            weapon: self.weapon,
            shield: self.shield,
            worn: self.worn,
            tumour: false,
            ranged: self.ranged,
        }
    }
}

/// A creature of the bestiary: one NPC sheet (A5, A31).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreatureEntry {
    pub name: String,
    pub str: u8,
    pub dex: u8,
    pub wil: u8,
    pub hp: u8,
    #[serde(default)]
    pub armor: u8,
    /// Its weapon's name and die.
    #[serde(default)]
    pub weapon: Option<(String, u16)>,
    /// Its weapon strikes at range (A26, A30).
    #[serde(default)]
    pub ranged: bool,
    /// Other weapons it may fight with: name, die, strikes at range.
    #[serde(default)]
    pub also: Vec<(String, u16, bool)>,
    #[serde(default)]
    pub detachment: bool,
    pub group: String,
    #[serde(default)]
    pub about: String,
}

impl CreatureEntry {
    /// The sheet of one of these called `name`, in `group` (its own group when None).
    pub fn sheet(&self, name: &str, group: Option<&str>) -> NewSheet {
        let mut s = NewSheet::new(
            name,
            Kind::Npc,
            group.unwrap_or(&self.group),
            [self.str, self.dex, self.wil, self.hp],
        );
        s.armor = self.armor;
        s.detachment = self.detachment;
        if let Some((weapon, die)) = &self.weapon {
            let mut w = Item::new(weapon.clone());
            w.die = Some(*die);
            w.weapon = true;
            w.ranged = self.ranged;
            s.gear.push(w);
        }
        for (weapon, die, ranged) in &self.also {
            let mut w = Item::new(weapon.clone());
            w.die = Some(*die);
            w.weapon = true;
            w.ranged = *ranged;
            s.gear.push(w);
        }
        s
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
struct GearFile {
    items: Vec<GearEntry>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
struct BestiaryFile {
    creatures: Vec<CreatureEntry>,
}

/// The gear and the bestiary.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ApLibrary {
    pub items: Vec<GearEntry>,
    pub creatures: Vec<CreatureEntry>,
}

impl ApLibrary {
    pub fn item(&self, name: &str) -> Result<&GearEntry, LookupError> {
        find_by_name(&self.items, |i| &i.name, name, "item")
    }

    pub fn creature(&self, name: &str) -> Result<&CreatureEntry, LookupError> {
        find_by_name(&self.creatures, |c| &c.name, name, "creature")
    }

    /// What is wrong with an entry, in words: numbers out of the rules' ranges.
    fn check(&self) -> Result<(), String> {
        for i in &self.items {
            if i.slots > 2 || i.armor > 3 || i.die.is_some_and(|d| !(2..=100).contains(&d)) {
                return Err(format!("{}: slots 0-2, armor 0-3, a die of 2-100", i.name));
            }
        }
        for c in &self.creatures {
            check_creature(c)?;
        }
        Ok(())
    }
}

fn read_files() -> Result<ApLibrary, ContentError> {
    let gear: GearFile = parse_ron(GEAR.0, GEAR.1)?;
    let beasts: BestiaryFile = parse_ron(BESTIARY.0, BESTIARY.1)?;
    let lib = ApLibrary {
        items: gear.items,
        creatures: beasts.creatures,
    };
    lib.check().map_err(|message| ContentError::Invalid {
        file: "assets/ap".into(),
        message,
    })?;
    Ok(lib)
}

super::bundled_library!(ApLibrary, read_files().into());

fn check_creature(c: &CreatureEntry) -> Result<(), String> {
    if [c.str, c.dex, c.wil, c.hp].iter().any(|&n| n > 30) || c.armor > 3 {
        return Err(format!("{}: scores and HP 0-30, armor 0-3", c.name));
    }
    super::name_ok(TextKind::Name, &c.name, "a creature")?;
    super::name_ok(TextKind::Name, &c.group, &format!("{}'s group", c.name))?;
    for (w, die, _) in c
        .weapon
        .iter()
        .map(|(w, d)| (w, d, &false))
        .chain(c.also.iter().map(|(w, d, r)| (w, d, r)))
    {
        super::name_ok(TextKind::ItemName, w, &format!("{}'s weapon", c.name))?;
        if !(2..=100).contains(die) {
            return Err(format!(
                "{}'s {w}: a die of 2 to 100 sides, not d{die}",
                c.name
            ));
        }
    }
    super::text_ok(&c.name, "description", &c.about)
}

super::bestiary::imported_library!(ApLibrary, Ap);

/// A creature of the Cairn family's stat line as ap reads it (documented on its page): STR,
/// DEX, WIL and HP as given; Armor is its armor (A29, 0 to 3); each strike a weapon whose die
/// is its object die and its damage (A26), one die each (`d8+d8` is two weapons, of which A27
/// keeps the higher face); `ranged` or `missile` strike at range (A30); `detachment` makes it
/// one (A31); its group is its own name in small letters (A22); blast and other tags are kept
/// in its text; the notes as its text.
pub fn from_stat(b: &crate::rules::statline::StatBlock) -> Result<CreatureEntry, String> {
    use super::bestiary::{diceless, strike_name, text_with, unread_tags};
    let n = &b.name;
    super::bestiary::armor_at_most(b, 3, "ap", "A29")?;
    let mut weapons = Vec::new();
    for a in &b.attacks {
        let ranged = a.has("ranged") || a.has("missile");
        for (i, die) in a.strikes.iter().enumerate() {
            if die.count != 1 {
                return Err(format!(
                    "{n}'s {} ({die}): a weapon in ap has one object die (A26); two strikes \
                     are written d6+d6",
                    a.name
                ));
            }
            weapons.push((strike_name(&a.name, i, a.strikes.len()), die.sides, ranged));
        }
    }
    let mut weapons = weapons.into_iter();
    let first = weapons.next();
    let unread = unread_tags(b, &["ranged", "missile"]);
    let entry = CreatureEntry {
        name: b.name.clone(),
        str: b.str,
        dex: b.dex,
        wil: b.wil,
        hp: b.hp,
        armor: b.armor,
        ranged: first.as_ref().is_some_and(|w| w.2),
        weapon: first.map(|(w, d, _)| (w, d)),
        also: weapons.collect(),
        detachment: b.detachment,
        group: b.name.to_lowercase(),
        about: text_with(
            b,
            &[unread, diceless(b)]
                .into_iter()
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>(),
        ),
    };
    check_creature(&entry)?;
    Ok(entry)
}
