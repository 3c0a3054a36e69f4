//! Rule file 001's tables as `assets/bdp/tables.ron` carries them (B10, B14, B24, B27, B33, B36,
//! B41-B45), read with the checks that make each one whole: every die face once, every hazard,
//! disease, rest, meal, rarity and recipe the rules know with one row. The rules keep their own
//! constants; `tests/content_bdp.rs` proves this file says the same.

use crate::content::{ContentError, parse_ron};
use crate::rules::bdp::{
    Ability, Amount, Area, Hazard, Illness, Meal, Rarity, Recipe, Region, Rest,
};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

pub(super) const TABLES: (&str, &str) = crate::content::bundled_file!("assets/bdp/tables.ron");

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

static BUNDLED_TABLES: OnceLock<Result<Tables, ContentError>> = OnceLock::new();

/// The bundled tables, read once, or why they could not be.
pub fn tables() -> Result<&'static Tables, ContentError> {
    BUNDLED_TABLES
        .get_or_init(|| Tables::read(TABLES.0, TABLES.1))
        .as_ref()
        .map_err(Clone::clone)
}
