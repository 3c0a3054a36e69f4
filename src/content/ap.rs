//! Ruleset `ap`'s bundled content (from `assets/ap/`, compiled into the binary): the gear by name
//! (what rule file 003 names and prices, and a kit of our own), a starter bestiary, and the demo
//! script. The verbs look names up here (`carry Ana sword`, `add Gnash "goblin boss"`) and put
//! everything the rules need into the command itself, so a session's log replays the same
//! whatever this list says later. The text's own tables (scars, mishaps, reactions) stay with
//! the rules, in `rules::ap`.

use super::{ContentError, LookupError, find_by_name, parse_ron};
use crate::rules::ap::{Item, Kind, NewSheet};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

const GEAR: (&str, &str) = (
    "assets/ap/gear.ron",
    include_str!("../../assets/ap/gear.ron"),
);
const BESTIARY: (&str, &str) = (
    "assets/ap/bestiary.ron",
    include_str!("../../assets/ap/bestiary.ron"),
);
/// The ap demo: a script in the command language, which builds it.
pub const DEMO: (&str, &str) = (
    "assets/ap/demo.slotmark",
    include_str!("../../assets/ap/demo.slotmark"),
);

fn one() -> u8 {
    1
}

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
            if [c.str, c.dex, c.wil, c.hp].iter().any(|&n| n > 30) || c.armor > 3 {
                return Err(format!("{}: scores and HP 0-30, armor 0-3", c.name));
            }
        }
        Ok(())
    }
}

static BUNDLED: OnceLock<Result<ApLibrary, ContentError>> = OnceLock::new();

fn read_bundled() -> Result<ApLibrary, ContentError> {
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

/// Parses the bundled files, reporting the first problem.
pub fn try_bundled() -> Result<ApLibrary, ContentError> {
    BUNDLED.get_or_init(read_bundled).clone()
}

/// The bundled library, read once; empty only on a broken build ([`try_bundled`] says why).
pub fn bundled() -> &'static ApLibrary {
    static EMPTY: ApLibrary = ApLibrary {
        items: Vec::new(),
        creatures: Vec::new(),
    };
    match BUNDLED.get_or_init(read_bundled) {
        Ok(lib) => lib,
        Err(_) => &EMPTY,
    }
}
