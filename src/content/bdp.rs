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
use crate::rules::bdp::{
    Ability, Amount, Area, Hazard, Illness, Item, Kind, Meal, NewSheet, Rarity, Recipe, Region,
    Rest, Target,
};
use crate::rules::text::TextKind;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

const GEAR: (&str, &str) = (
    "assets/bdp/gear.ron",
    include_str!("../../assets/bdp/gear.ron"),
);
const BESTIARY: (&str, &str) = (
    "assets/bdp/bestiary.ron",
    include_str!("../../assets/bdp/bestiary.ron"),
);
const TABLES: (&str, &str) = (
    "assets/bdp/tables.ron",
    include_str!("../../assets/bdp/tables.ron"),
);
/// The bdp demo: a script in the command language, which builds it.
pub const DEMO: (&str, &str) = (
    "assets/bdp/demo.slotmark",
    include_str!("../../assets/bdp/demo.slotmark"),
);

/// What every place that shows or stores 001's tables says.
pub const ATTRIBUTION: &str = "Block, Dodge, Parry © Lars Huijbregts, CC BY-SA 4.0 \
     (https://creativecommons.org/licenses/by-sa/4.0/); its tables are adapted here.";

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

fn one() -> u8 {
    1
}

fn ten() -> u8 {
    10
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
    #[serde(default)]
    pub about: String,
}

impl GearEntry {
    /// The item as the sheet holds it.
    pub fn item(&self) -> Item {
        let mut item = Item::named(self.name.clone());
        item.size = self.size;
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

/// "d6", "2d4" or a flat "3", as the `damage` verb reads it: 1-20 dice of 2-100 sides, or 1-20.
pub fn amount(text: &str) -> Option<Amount> {
    let t = text.trim().to_ascii_lowercase();
    let a = match t.split_once('d') {
        Some((n, d)) => {
            let n = if n.is_empty() { 1 } else { n.parse().ok()? };
            let d: u16 = d.parse().ok()?;
            (2..=100).contains(&d).then_some(Amount::dice(n, d))?
        }
        None => Amount::flat(t.parse().ok()?),
    };
    (1..=20).contains(&a.count).then_some(a)
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
            attacks.join(", ")
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
        find_by_name(
            &self.creatures,
            |c| &c.name,
            name,
            "creature in the bestiary",
        )
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
            notes: creature.attacks.iter().map(AttackEntry::line).collect(),
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
            check_creature(&next, &c).map_err(&invalid)?;
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

fn check_creature(lib: &BdpLibrary, c: &CreatureEntry) -> Result<(), String> {
    name_ok(TextKind::Name, &c.name, "a creature")?;
    let n = &c.name;
    if !(1..=99).contains(&c.hp) {
        return Err(format!("{n}: a creature's HP is 1 to 99, not {}", c.hp));
    }
    for (what, v) in [("STR", c.str), ("DEX", c.dex), ("WIL", c.wil)] {
        if v > 20 {
            return Err(format!("{n}: a creature's {what} is 0 to 20, not {v}"));
        }
    }
    if !(1..=20).contains(&c.slots) {
        return Err(format!("{n}: a sheet has 1 to 20 slots, not {}", c.slots));
    }
    if c.attacks.is_empty() {
        return Err(format!("{n} needs at least one attack"));
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

// ---- the text's tables

/// A face range of a die and what it gives.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Band<T> {
    pub from: u16,
    pub to: u16,
    pub then: T,
}

/// B10: a task's d6 with two ticks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TaskOutcome {
    Failure,
    Cost,
    Success,
}

/// B27: a row of the injury d10.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InjuryRow {
    pub area: Area,
    /// Dice of a further loss and the ability it comes from.
    #[serde(default)]
    pub loss: Option<(String, Ability)>,
    #[serde(default)]
    pub drops_held: bool,
    #[serde(default)]
    pub head_roll: bool,
    pub effect: String,
}

/// B27: the head d6.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum HeadResult {
    Dead,
    EyeLost,
    Scar,
}

/// B24, B51, B52: how often a hazard strikes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Per {
    Once,
    Floor,
    Turn,
    Watch,
}

/// B24: a hazard preset.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HazardRow {
    pub hazard: Hazard,
    pub name: String,
    pub damage: String,
    pub ability: Ability,
    pub crit: bool,
    pub per: Per,
}

/// B33: what heals a Light wound of a kind in the field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CureRow {
    pub kind: String,
    /// A herb from the gear list, applied overnight.
    pub herb: String,
    pub brew: Option<Recipe>,
}

/// B36: a disease.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiseaseRow {
    pub illness: Illness,
    pub name: String,
    pub ability: Ability,
    /// Lost on a failed dawn save.
    pub loss: String,
    /// A limited disease's length in days; None: until cured.
    pub lasts: Option<String>,
    /// Passes that end one lasting until cured; None: only a cure does.
    pub passes: Option<u8>,
}

/// B41: the waterskin's usage die.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UsageDie {
    /// Its sizes, full first.
    pub steps: Vec<u16>,
    /// It steps down on this face or lower.
    pub down_on: u16,
}

/// B42: a night's rest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RestRow {
    pub rest: Rest,
    /// Meets the need for sleep.
    pub sleeps: bool,
    pub clears_fatigue: bool,
    /// Points back to each ability below its max.
    pub restores: u8,
}

/// B43: how much Fatigue a meal clears.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Clears {
    Nothing,
    One,
    All,
}

/// B43: a meal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MealRow {
    pub meal: Meal,
    /// The save to keep it down.
    pub save: Option<Ability>,
    pub clears: Clears,
    pub fire: bool,
    pub pot: bool,
}

/// B44: potency by rarity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RarityRow {
    pub rarity: Rarity,
    pub potency: u32,
}

/// B45: a recipe.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecipeRow {
    pub recipe: Recipe,
    pub name: String,
    pub potency: u32,
    /// At least this many ingredients from this region.
    pub region: Option<(Region, usize)>,
    pub effect: String,
}

/// Rule file 001's tables, as `assets/bdp/tables.ron` carries them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    pub fate: Vec<String>,
    pub task: Vec<Band<TaskOutcome>>,
    pub injury: Vec<Band<InjuryRow>>,
    pub head: Vec<Band<HeadResult>>,
    pub hazards: Vec<HazardRow>,
    pub cures: Vec<CureRow>,
    pub diseases: Vec<DiseaseRow>,
    pub waterskin: UsageDie,
    pub rests: Vec<RestRow>,
    pub meals: Vec<MealRow>,
    pub rarities: Vec<RarityRow>,
    pub recipes: Vec<RecipeRow>,
}

impl Tables {
    /// Reads a tables file and checks that each die table covers its die once, face by face,
    /// that every hazard, disease, rest, meal, rarity and recipe the rules know has one row,
    /// and that every dice text reads.
    pub fn read(file: &str, text: &str) -> Result<Tables, ContentError> {
        let t: Tables = parse_ron(file, text)?;
        t.check().map_err(|message| ContentError::Invalid {
            file: file.to_string(),
            message,
        })?;
        Ok(t)
    }

    fn check(&self) -> Result<(), String> {
        if self.fate.len() != 6 || self.fate.iter().any(|a| a.trim().is_empty()) {
            return Err("fate: the Die of Fate has six answers".into());
        }
        covers("task", 6, &self.task)?;
        covers("injury", 10, &self.injury)?;
        covers("head", 6, &self.head)?;
        let dice = |what: &str, text: &str| {
            amount(text)
                .map(|_| ())
                .ok_or_else(|| format!("{what}: '{text}' is no dice such as 1d4 or a flat 2"))
        };
        for b in &self.injury {
            if let Some((d, _)) = &b.then.loss {
                dice("injury", d)?;
            }
        }
        once(
            "hazards",
            &Hazard::ALL,
            self.hazards.iter().map(|h| h.hazard),
        )?;
        for h in &self.hazards {
            dice(&h.name, &h.damage)?;
        }
        once(
            "diseases",
            &Illness::ALL,
            self.diseases.iter().map(|d| d.illness),
        )?;
        for d in &self.diseases {
            dice(&d.name, &d.loss)?;
            if let Some(l) = &d.lasts {
                dice(&d.name, l)?;
            }
        }
        once(
            "rests",
            &[Rest::None, Rest::Perilous, Rest::Normal, Rest::Comfortable],
            self.rests.iter().map(|r| r.rest),
        )?;
        once(
            "meals",
            &[Meal::Desperate, Meal::Fresh, Meal::Simple, Meal::Fancy],
            self.meals.iter().map(|m| m.meal),
        )?;
        once(
            "rarities",
            &[Rarity::Common, Rarity::Uncommon, Rarity::Rare],
            self.rarities.iter().map(|r| r.rarity),
        )?;
        once(
            "recipes",
            &Recipe::ALL,
            self.recipes.iter().map(|r| r.recipe),
        )?;
        let w = &self.waterskin;
        if w.steps.is_empty() || w.steps.windows(2).any(|p| p[0] <= p[1]) || w.down_on == 0 {
            return Err(
                "waterskin: its sizes go down from full, and it steps down on 1 or more".into(),
            );
        }
        Ok(())
    }

    /// The Die of Fate's answer for a face.
    pub fn fate(&self, face: u16) -> Option<&str> {
        self.fate
            .get(usize::from(face.checked_sub(1)?))
            .map(String::as_str)
    }

    pub fn hazard(&self, h: Hazard) -> Option<&HazardRow> {
        self.hazards.iter().find(|r| r.hazard == h)
    }

    pub fn disease(&self, i: Illness) -> Option<&DiseaseRow> {
        self.diseases.iter().find(|r| r.illness == i)
    }

    pub fn recipe(&self, r: Recipe) -> Option<&RecipeRow> {
        self.recipes.iter().find(|x| x.recipe == r)
    }
}

/// Looks a face up in a die table.
pub fn band<T>(bands: &[Band<T>], face: u16) -> Option<&T> {
    bands
        .iter()
        .find(|b| (b.from..=b.to).contains(&face))
        .map(|b| &b.then)
}

fn covers<T>(what: &str, sides: u16, bands: &[Band<T>]) -> Result<(), String> {
    let mut next = 1;
    for b in bands {
        if b.from != next || b.to < b.from {
            return Err(format!(
                "{what}: the rows must run from 1 to {sides} in order, each face once; {}-{} does not follow {}",
                b.from,
                b.to,
                next - 1
            ));
        }
        next = b.to + 1;
    }
    if next != sides + 1 {
        return Err(format!(
            "{what}: the rows stop at {}, not {sides}",
            next - 1
        ));
    }
    Ok(())
}

fn once<T: PartialEq + std::fmt::Debug>(
    what: &str,
    all: &[T],
    rows: impl Iterator<Item = T>,
) -> Result<(), String> {
    let rows: Vec<T> = rows.collect();
    for x in all {
        let n = rows.iter().filter(|r| *r == x).count();
        if n != 1 {
            return Err(format!("{what}: {x:?} has {n} rows, not one"));
        }
    }
    if rows.len() != all.len() {
        return Err(format!("{what}: {} rows, not {}", rows.len(), all.len()));
    }
    Ok(())
}

static BUNDLED: OnceLock<Bundled<BdpLibrary>> = OnceLock::new();
static BUNDLED_TABLES: OnceLock<Result<Tables, ContentError>> = OnceLock::new();

fn read_bundled() -> &'static Bundled<BdpLibrary> {
    BUNDLED.get_or_init(|| Bundled::read(&[GEAR, BESTIARY], BdpLibrary::merge))
}

/// Parses the bundled gear list and bestiary, reporting the first problem.
pub fn try_bundled() -> Result<BdpLibrary, ContentError> {
    read_bundled().result()
}

/// The bundled library, read once. The assets are compiled in and checked by the tests, so
/// this is only empty on a broken build; [`try_bundled`] says why.
pub fn bundled() -> &'static BdpLibrary {
    read_bundled().lib()
}

/// The bundled tables, read once, or why they could not be.
pub fn tables() -> Result<&'static Tables, ContentError> {
    BUNDLED_TABLES
        .get_or_init(|| Tables::read(TABLES.0, TABLES.1))
        .as_ref()
        .map_err(Clone::clone)
}

/// The bundled asset files, name and text, for checks such as the attribution each carries.
pub fn files() -> [(&'static str, &'static str); 4] {
    [GEAR, BESTIARY, TABLES, DEMO]
}
