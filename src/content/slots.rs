//! The slot system's content: the item library, the bestiary, the starting kits and the demo
//! session (from `assets/slots/`, compiled into the binary), plus a judge's own additions from a
//! RON file in the platform config folder.
//!
//! The asset files and the user file share one shape ([`LibraryFile`]): any of `items`,
//! `layouts`, `creatures` and `kits`. Creatures and kits name library items by name and may carry
//! their own items inline (fangs, a carapace) that are not for sale in the item list.

use super::read::read_user_file;
use super::{ContentError, LookupError, find_by_name, parse_ron, replace_or_push};
use crate::rules::slots::{self, AttackKind, Item, Layout, Region, SlotNo};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

const ITEMS: (&str, &str) = super::bundled_file!("assets/slots/items.ron");
const BESTIARY: (&str, &str) = super::bundled_file!("assets/slots/bestiary.ron");
const KITS: (&str, &str) = super::bundled_file!("assets/slots/kits.ron");
/// The slot system's demo: a script in the command language, which builds it.
pub const DEMO: (&str, &str) = super::bundled_file!("assets/slots/demo.slotmark");

/// The name of the judge's own library file inside the platform config folder.
pub const USER_FILE: &str = "library.ron";

/// A creature as the bestiary describes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Creature {
    pub name: String,
    pub layout: Layout,
    pub items: Vec<(SlotNo, Item)>,
    pub attacks: Vec<AttackKind>,
}

/// A starting kit: what a new character carries, slot by slot, on the human sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kit {
    pub name: String,
    /// One line for pickers: who this kit suits.
    pub about: String,
    pub items: Vec<(SlotNo, Item)>,
}

/// Items, creatures and kits available to the judge.
#[derive(Debug, Clone, Default)]
pub struct Library {
    pub items: Vec<Item>,
    pub creatures: Vec<Creature>,
    pub kits: Vec<Kit>,
    /// Named layouts beyond the human one, for creatures and the user file.
    pub layouts: Vec<Layout>,
}

/// The shape of `assets/slots/*.ron` and of the user's library file.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LibraryFile {
    #[serde(default)]
    pub items: Vec<Item>,
    #[serde(default)]
    pub layouts: Vec<Layout>,
    #[serde(default)]
    pub creatures: Vec<CreatureDef>,
    #[serde(default)]
    pub kits: Vec<KitDef>,
}

/// A creature in a content file: its layout by name, library items by name per slot, and any
/// items of its own.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreatureDef {
    pub name: String,
    /// "human" or the name of a layout in some file's `layouts`.
    pub layout: String,
    #[serde(default)]
    pub items: Vec<(SlotNo, String)>,
    #[serde(default)]
    pub own: Vec<(SlotNo, Item)>,
    pub attacks: Vec<AttackKind>,
}

/// A kit in a content file.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KitDef {
    pub name: String,
    #[serde(default)]
    pub about: String,
    #[serde(default)]
    pub items: Vec<(SlotNo, String)>,
    #[serde(default)]
    pub own: Vec<(SlotNo, Item)>,
}

impl Library {
    /// `slotmark help library` for the slot system: where the judge's own entries go (`place`),
    /// their shape, and every kit, creature and item in this library.
    pub fn help(&self, place: &str) -> String {
        use std::fmt::Write;
        let mut out = format!(
            "Your own items, creatures and kits: {place}\n\
             It is RON with any of `items`, `layouts`, `creatures` and `kits`, shaped like the \
             bundled assets/slots/items.ron, assets/slots/bestiary.ron and assets/slots/kits.ron. \
             An entry named like a bundled one replaces it.\n"
        );
        out.push_str("\nKits:\n");
        for k in &self.kits {
            let _ = writeln!(out, "  {}: {}", k.name, k.about);
        }
        out.push_str("\nCreatures:\n");
        for c in &self.creatures {
            let attacks: Vec<String> = c.attacks.iter().map(|a| a.to_string()).collect();
            let _ = writeln!(
                out,
                "  {} ({} sheet, d{}, {} slots; attacks: {})",
                c.name,
                c.layout.name,
                c.layout.die,
                c.layout.len(),
                attacks.join(", ")
            );
        }
        out.push_str("\nItems:\n");
        for i in &self.items {
            let _ = writeln!(out, "  {}", slots::item_words(i));
        }
        out
    }

    /// An item by name (case-insensitive; a unique prefix will do).
    pub fn item(&self, name: &str) -> Result<&Item, LookupError> {
        find_by_name(&self.items, |i| &i.name, name, "item in the library")
    }

    pub fn creature(&self, name: &str) -> Result<&Creature, LookupError> {
        find_by_name(
            &self.creatures,
            |c| &c.name,
            name,
            "creature in the bestiary",
        )
    }

    pub fn kit(&self, name: &str) -> Result<&Kit, LookupError> {
        find_by_name(&self.kits, |k| &k.name, name, "starting kit")
    }

    pub fn layout(&self, name: &str) -> Result<Layout, LookupError> {
        if name.eq_ignore_ascii_case("human") {
            return Ok(Layout::human());
        }
        find_by_name(&self.layouts, |l| &l.name, name, "layout").cloned()
    }

    /// The command that adds a creature from the bestiary. When the state already holds one of
    /// that kind, creatures are numbered ("Goblin 1", "Goblin 2") so each can be named in a
    /// command.
    pub fn add_creature(
        &self,
        state: &slots::State,
        name: &str,
        side: slots::Side,
    ) -> Result<slots::Command, LookupError> {
        let creature = self.creature(name)?;
        Ok(slots::Command::AddCharacter {
            name: slots::items::unique_name(state, &creature.name).into(),
            side,
            layout: Box::new(creature.layout.clone()),
            items: creature.items.clone().into(),
            zone: None,
        })
    }

    /// The command that adds a character with a human sheet carrying a starting kit.
    pub fn character_from_kit(
        &self,
        name: &str,
        kit: &str,
        side: slots::Side,
    ) -> Result<slots::Command, LookupError> {
        let kit = self.kit(kit)?;
        Ok(slots::Command::AddCharacter {
            name: Box::new(name.trim().to_string()),
            side,
            layout: Box::new(Layout::human()),
            items: kit.items.clone().into(),
            zone: None,
        })
    }

    /// Adds one file's entries. Entries named like existing ones replace them, so a judge's file
    /// can change a bundled item. `file` names the file in errors.
    pub fn merge(&mut self, file: &str, text: &str) -> Result<(), ContentError> {
        let parsed: LibraryFile = parse_ron(file, text)?;
        let invalid = |message: String| ContentError::Invalid {
            file: file.to_string(),
            message,
        };
        let mut next = self.clone();
        for item in parsed.items {
            check_item(&item).map_err(&invalid)?;
            replace_or_push(&mut next.items, item, |i| &i.name);
        }
        for layout in parsed.layouts {
            layout
                .validate()
                .map_err(|e| invalid(format!("layout '{}': {e}", layout.name)))?;
            replace_or_push(&mut next.layouts, layout, |l| &l.name);
        }
        for def in parsed.creatures {
            let layout = next
                .layout(&def.layout)
                .map_err(|e| invalid(format!("creature '{}': {e}", def.name)))?;
            let items = next
                .resolve_kit(&layout, &def.items, def.own)
                .map_err(|e| invalid(format!("creature '{}': {e}", def.name)))?;
            if def.name.trim().is_empty() {
                return Err(invalid("a creature needs a name".into()));
            }
            if def.attacks.is_empty() {
                return Err(invalid(format!(
                    "creature '{}' needs at least one attack kind",
                    def.name
                )));
            }
            let creature = Creature {
                name: def.name,
                layout,
                items,
                attacks: def.attacks,
            };
            replace_or_push(&mut next.creatures, creature, |c| &c.name);
        }
        for def in parsed.kits {
            let items = next
                .resolve_kit(&Layout::human(), &def.items, def.own)
                .map_err(|e| invalid(format!("kit '{}': {e}", def.name)))?;
            if def.name.trim().is_empty() {
                return Err(invalid("a kit needs a name".into()));
            }
            let kit = Kit {
                name: def.name,
                about: def.about,
                items,
            };
            replace_or_push(&mut next.kits, kit, |k| &k.name);
        }
        *self = next;
        Ok(())
    }

    /// Library items by name plus a creature's or kit's own items, checked against the layout:
    /// every slot exists and holds one item.
    fn resolve_kit(
        &self,
        layout: &Layout,
        named: &[(SlotNo, String)],
        own: Vec<(SlotNo, Item)>,
    ) -> Result<Vec<(SlotNo, Item)>, String> {
        let mut out: Vec<(SlotNo, Item)> = Vec::new();
        for (slot, name) in named {
            let item = self
                .items
                .iter()
                .find(|i| i.name.eq_ignore_ascii_case(name))
                .ok_or_else(|| format!("slot {slot}: there is no item called '{name}'"))?;
            out.push((*slot, item.clone()));
        }
        for (slot, item) in own {
            check_item(&item)?;
            out.push((slot, item));
        }
        for (i, (slot, item)) in out.iter().enumerate() {
            if layout.def(*slot).is_none() {
                return Err(format!(
                    "{} is put in slot {slot}, but layout '{}' has slots 1 to {}",
                    item.name,
                    layout.name,
                    layout.len()
                ));
            }
            if out[..i].iter().any(|(s, _)| s == slot) {
                return Err(format!("slot {slot} is given two items"));
            }
        }
        out.sort_by_key(|(slot, _)| *slot);
        Ok(out)
    }
}

/// What makes an item usable by the rules: a name, not both heavy and light, weapons and shields
/// held in a grip, armor worn on the body.
pub fn check_item(item: &Item) -> Result<(), String> {
    use slots::{ArmorClass, Prop};
    let name = item.name.trim();
    if name.is_empty() {
        return Err("an item needs a name".into());
    }
    if name.chars().any(char::is_control) {
        return Err(format!(
            "the item name '{}' holds a line break or another control character",
            name.escape_default()
        ));
    }
    if item.has(Prop::Heavy) && item.has(Prop::Light) {
        return Err(format!("{name} cannot be both heavy and light"));
    }
    if (item.weapon.is_some() || item.armor == Some(ArmorClass::Shield))
        && item.wear != Some(Region::Grip)
    {
        return Err(format!(
            "{name} is a weapon or shield, so it is worn in a grip (wear: Grip)"
        ));
    }
    if matches!(
        item.armor,
        Some(ArmorClass::HeavyArmor | ArmorClass::LightArmor)
    ) && matches!(
        item.wear,
        None | Some(Region::Grip | Region::Backpack | Region::Other)
    ) {
        return Err(format!(
            "{name} is armor, so it is worn on the body (Head, Torso, LegsFeet or ArmsHands)"
        ));
    }
    if item.wear == Some(Region::Backpack) {
        return Err(format!(
            "{name}: nothing is worn in the backpack; leave `wear` out"
        ));
    }
    Ok(())
}

static BUNDLED: OnceLock<Result<Library, ContentError>> = OnceLock::new();
static ACTIVE: OnceLock<Library> = OnceLock::new();

/// Parses the bundled files, reporting the first problem.
pub fn try_bundled() -> Result<Library, ContentError> {
    BUNDLED
        .get_or_init(|| {
            let mut lib = Library::default();
            for (file, text) in [ITEMS, BESTIARY, KITS] {
                lib.merge(file, text)?;
            }
            Ok(lib)
        })
        .clone()
}

/// The bundled library. The assets are compiled in and checked by the tests, so this only comes
/// back empty on a broken build; [`load`] reports why.
pub fn bundled() -> Library {
    try_bundled().unwrap_or_default()
}

/// Where the judge's own library file lives (the platform config folder), if the platform has one.
pub fn user_file() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "slotmark").map(|d| d.config_dir().join(USER_FILE))
}

/// The bundled library plus the user's file at `user`, when it exists.
pub fn load(user: Option<&Path>) -> Result<Library, ContentError> {
    let mut lib = try_bundled()?;
    if let Some(path) = user
        && path.exists()
    {
        let file = path.display().to_string();
        let text = read_user_file(path, &file)?;
        lib.merge(&file, &text)?;
    }
    Ok(lib)
}

/// Makes `library` the one the command language reads items, kits and creatures from, for the
/// rest of the process. The first call wins; later calls return false.
pub fn install(library: Library) -> bool {
    ACTIVE.set(library).is_ok()
}

/// The library in use: the installed one, else the bundled one.
pub fn active() -> &'static Library {
    ACTIVE.get_or_init(bundled)
}
