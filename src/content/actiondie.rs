//! Ruleset `actiondie`'s bundled content (from `assets/actiondie/`, compiled into the binary):
//! gear by name (weapons with their damage dice and type, bundles, kit), a starter bestiary
//! written for this ruleset, and the demo script. The verbs look names up here (`carry Ana
//! Sword`, `add Grak Troll`) and put everything the rules need into the command itself, so a
//! session's log replays the same whatever this list says later.
//!
//! The text's tables that the rules read (the die ladder, the death and dismemberment table,
//! the statuses) stay in `dice::ladder` and `rules::actiondie`, tested rule by rule.

use super::{ContentError, LookupError, find_by_name, parse_ron};
use super::{one, six};
use crate::dice::ladder::Dice;
use crate::rules::actiondie::{DamageType, Item, NewSheet, Side, rung_of};
use crate::rules::text::{TextKind, checked};
use serde::{Deserialize, Serialize};

const GEAR: (&str, &str) = super::bundled_file!("assets/actiondie/gear.ron");
const BESTIARY: (&str, &str) = super::bundled_file!("assets/actiondie/bestiary.ron");
/// The actiondie demo: a script in the command language, which builds it.
pub const DEMO: (&str, &str) = super::bundled_file!("assets/actiondie/demo.slotmark");

/// One piece of gear (D36): its slots, bundle, damage dice and type, initiative die.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GearEntry {
    pub name: String,
    /// What the judge reads of it.
    #[serde(default)]
    pub about: String,
    #[serde(default = "one")]
    pub size: u8,
    #[serde(default = "one")]
    pub bundle: u8,
    /// Damage dice as typed: "d6", "2d6".
    #[serde(default)]
    pub damage: Option<String>,
    #[serde(default)]
    pub kind: Option<DamageType>,
    /// An initiative die of its own, as typed.
    #[serde(default)]
    pub init: Option<String>,
}

impl GearEntry {
    /// The item as a sheet carries it (one of a bundle).
    pub fn item(&self) -> Item {
        Item {
            size: self.size,
            bundle: self.bundle,
            damage: self.damage.as_deref().and_then(dice),
            kind: self.kind,
            init: self.init.as_deref().and_then(dice),
            ..Item::new(self.name.clone())
        }
    }
}

/// A creature of the bestiary (D1, D4, D23, D30).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreatureEntry {
    pub name: String,
    /// STR, DEX, AWR, WIL as rungs, typed as their dice ("0", "d8", "2d6").
    pub abilities: (String, String, String, String),
    pub hp: u16,
    #[serde(default)]
    pub ar: u16,
    #[serde(default = "six")]
    pub movement: u8,
    #[serde(default)]
    pub resist: Vec<DamageType>,
    #[serde(default)]
    pub vulnerable: Vec<DamageType>,
    /// Gear by name, from either file's `gear`.
    #[serde(default)]
    pub gear: Vec<String>,
    #[serde(default)]
    pub about: String,
}

/// "0", "d8", "2d6": some dice, or None.
pub fn dice(text: &str) -> Option<Dice> {
    let s = text.trim().to_ascii_lowercase();
    if s == "0" {
        return Some(Dice::new(0, 4));
    }
    let (n, d) = s.split_once('d')?;
    let n: u8 = if n.is_empty() { 1 } else { n.parse().ok()? };
    let d: u16 = d.parse().ok()?;
    ((1..=20).contains(&n) && (2..=100).contains(&d)).then_some(Dice::new(n, d))
}

/// The shape of `assets/actiondie/*.ron`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct LibraryFile {
    #[serde(default)]
    gear: Vec<GearEntry>,
    #[serde(default)]
    creatures: Vec<CreatureEntry>,
}

/// The gear and bestiary of ruleset actiondie.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ActionDieLibrary {
    pub gear: Vec<GearEntry>,
    pub creatures: Vec<CreatureEntry>,
}

impl ActionDieLibrary {
    pub fn gear(&self, name: &str) -> Result<&GearEntry, LookupError> {
        find_by_name(&self.gear, |g| &g.name, name, "item of the gear list")
    }

    pub fn creature(&self, name: &str) -> Result<&CreatureEntry, LookupError> {
        find_by_name(&self.creatures, |c| &c.name, name, "creature")
    }

    /// The sheet for a creature of the bestiary, named `name`, with its gear and resistances.
    pub fn sheet(&self, c: &CreatureEntry, name: &str) -> NewSheet {
        let (s, d, a, w) = &c.abilities;
        let rung = |t: &String| dice(t).and_then(rung_of).unwrap_or(0);
        NewSheet {
            ar: c.ar,
            movement: c.movement,
            items: c
                .gear
                .iter()
                .filter_map(|g| self.gear(g).ok())
                .map(GearEntry::item)
                .collect(),
            resist: c.resist.clone(),
            vulnerable: c.vulnerable.clone(),
            ..NewSheet::new(
                name,
                Side::Creature,
                [rung(s), rung(d), rung(a), rung(w)],
                c.hp,
            )
        }
    }

    /// Adds a file's entries, refusing one that does not fit the rules.
    fn merge(&mut self, file: &str, text: &str) -> Result<(), ContentError> {
        let parsed: LibraryFile = parse_ron(file, text)?;
        let invalid = |message: String| ContentError::Invalid {
            file: file.to_string(),
            message,
        };
        for g in &parsed.gear {
            check_gear(g).map_err(invalid)?;
        }
        self.gear.extend(parsed.gear);
        for c in &parsed.creatures {
            check_creature(c).map_err(invalid)?;
        }
        self.creatures.extend(parsed.creatures);
        Ok(())
    }

    /// Every creature's gear names something in the list.
    fn check_links(&self) -> Result<(), ContentError> {
        for c in &self.creatures {
            for g in &c.gear {
                self.gear(g).map_err(|e| ContentError::Invalid {
                    file: BESTIARY.0.to_string(),
                    message: format!("{}'s gear: {e}", c.name),
                })?;
            }
        }
        Ok(())
    }
}

fn check_gear(g: &GearEntry) -> Result<(), String> {
    checked(TextKind::ItemName, &g.name, "an item needs a name").map_err(|e| e.to_string())?;
    if g.size == 0 || g.size > 10 || g.bundle == 0 {
        return Err(format!(
            "{}: 1 to 10 slots and a bundle of 1 or more",
            g.name
        ));
    }
    for (what, d) in [("damage", &g.damage), ("initiative", &g.init)] {
        if let Some(d) = d
            && dice(d).is_none_or(|d| d.count == 0)
        {
            return Err(format!("{}: its {what} dice '{d}' are not dice", g.name));
        }
    }
    if g.kind.is_some() && g.damage.is_none() {
        return Err(format!("{}: a damage type needs damage dice", g.name));
    }
    Ok(())
}

fn check_creature(c: &CreatureEntry) -> Result<(), String> {
    checked(TextKind::Name, &c.name, "a creature needs a name").map_err(|e| e.to_string())?;
    let (s, d, a, w) = &c.abilities;
    for t in [s, d, a, w] {
        if dice(t).and_then(rung_of).is_none() {
            return Err(format!("{}: '{t}' is not a rung of the die ladder", c.name));
        }
    }
    if !(1..=100).contains(&c.hp) || c.ar > 100 || c.movement > 100 {
        return Err(format!("{}: HP 1-100, AR and movement 0-100", c.name));
    }
    Ok(())
}

fn read_files() -> Result<ActionDieLibrary, ContentError> {
    let mut lib = ActionDieLibrary::default();
    for (file, text) in [GEAR, BESTIARY] {
        lib.merge(file, text)?;
    }
    lib.check_links()?;
    Ok(lib)
}

super::bundled_library!(ActionDieLibrary, read_files().into());
