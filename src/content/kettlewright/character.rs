//! A Kettlewright character as the app's files hold one, read and written.
//!
//! Its export (`/charedit/export/...`, `Character.toJSON`) writes every column with `items` and
//! `containers` as JSON lists; its API (`/api/users/NAME/characters/URL/`) serves fewer columns
//! (no `panicked`, no `armor`) with `items` and `containers` as JSON text inside JSON strings,
//! as the database keeps them. Both are read. An item is `{"id", "name", "tags", "location",
//! "uses", "charges", "max_charges", "description"}`, its `location` the id of the container
//! it is in (0, "Main", is the character's own slots); a container is `{"id", "name", "slots"}`.
//! Fatigue is an item called "Fatigue"; a container carried by another fills that one's slots
//! with items marked `carrying`.
//!
//! A Foundry VTT Cairn character (an actor of type `character`, as Foundry exports one) is read
//! into the same shape ([`super::super::foundry::character`]), so it comes onto a sheet the same
//! way.
//!
//! What is written back is what the app's import (`new_from_json.js`, `CharacterJSONForm`)
//! reads: every field it asks for, `items` and `containers` as lists.

use super::super::json;
use serde::Serialize;
use serde_json::{Map, Value};
use thiserror::Error;

/// Why a file is no Kettlewright character slotmark can read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CharacterError {
    #[error("line {line}, column {column}: {message}")]
    Damaged {
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{0}")]
    Shape(String),
}

/// One item, as the app keeps it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Item {
    pub name: String,
    pub tags: Vec<String>,
    pub location: u32,
    pub uses: Option<u32>,
    pub charges: Option<u32>,
    pub max_charges: Option<u32>,
    pub description: String,
    /// Fills a slot for a container this one carries (the app's own bookkeeping).
    pub carrying: bool,
}

/// One container: the character's own slots (id 0) or a bag, a mule, a cart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Container {
    pub id: u32,
    pub name: String,
    pub slots: u32,
}

/// A score and its maximum.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pair {
    pub cur: u32,
    pub max: u32,
}

/// The character, every field slotmark reads or writes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Character {
    pub name: String,
    pub background: String,
    pub str: Pair,
    pub dex: Pair,
    pub wil: Pair,
    pub hp: Pair,
    pub gold: u32,
    pub deprived: bool,
    pub panicked: bool,
    pub scars: String,
    pub notes: String,
    pub description: String,
    pub traits: String,
    pub bonds: String,
    pub omens: String,
    pub items: Vec<Item>,
    pub containers: Vec<Container>,
}

/// The name the app gives Fatigue in the slots.
pub const FATIGUE: &str = "Fatigue";
/// The app's word for a background of the player's own, not from its list.
pub const CUSTOM: &str = "Custom";

impl Character {
    /// The slots of the character's own container ("Main"): 10 unless the file says.
    pub fn main_slots(&self) -> u32 {
        self.containers
            .iter()
            .find(|c| c.id == 0)
            .map_or(10, |c| c.slots)
    }
}

/// Whether a JSON object is a Kettlewright character (its export or its API's answer).
pub fn is_character(obj: &Map<String, Value>) -> bool {
    obj.contains_key("name")
        && obj.contains_key("strength_max")
        && obj.contains_key("hp_max")
        && obj.contains_key("items")
}

/// Reads a Kettlewright character from the text of its file.
pub fn read(text: &str) -> Result<Character, CharacterError> {
    let values = json::values(text).map_err(|e| CharacterError::Damaged {
        line: e.line,
        column: e.column,
        message: e.reason,
    })?;
    let [one] = values.as_slice() else {
        return Err(CharacterError::Shape(format!(
            "holds {} JSON values; a Kettlewright character is one",
            values.len()
        )));
    };
    let obj = one.value.as_object();
    if let Some(actor) = obj.filter(|o| {
        super::super::foundry::is_actor(o)
            && o.get("type").and_then(Value::as_str) == Some("character")
    }) {
        return super::super::foundry::character(actor).map_err(CharacterError::Shape);
    }
    let Some(obj) = obj.filter(|o| is_character(o)) else {
        return Err(CharacterError::Shape(
            "is no Kettlewright character (its export or its API's answer has a name, \
             strength_max, hp_max and items) and no Foundry character (an actor of type \
             character)"
                .into(),
        ));
    };
    from_object(obj).map_err(CharacterError::Shape)
}

fn from_object(obj: &Map<String, Value>) -> Result<Character, String> {
    let text = |key: &str| -> Result<String, String> {
        Ok(json::text(obj, key)?.unwrap_or_default().to_string())
    };
    let number = |key: &str| -> Result<u32, String> { Ok(json::whole(obj, key)?.unwrap_or(0)) };
    let pair = |key: &str| -> Result<Pair, String> {
        let max = number(&format!("{key}_max"))?;
        let cur = json::whole(obj, key)?.unwrap_or(max);
        Ok(Pair { cur, max })
    };
    let name = text("name")?;
    if name.trim().is_empty() {
        return Err("the character has no name".into());
    }
    Ok(Character {
        name: name.trim().to_string(),
        background: text("background")?,
        str: pair("strength")?,
        dex: pair("dexterity")?,
        wil: pair("willpower")?,
        hp: pair("hp")?,
        gold: number("gold")?,
        deprived: flag(obj, "deprived")?,
        panicked: flag(obj, "panicked")?,
        scars: text("scars")?,
        notes: text("notes")?,
        description: text("description")?,
        traits: text("traits")?,
        bonds: text("bonds")?,
        omens: text("omens")?,
        items: list(obj, "items")?
            .iter()
            .enumerate()
            .map(|(i, v)| item(i, v))
            .collect::<Result<_, _>>()?,
        containers: list(obj, "containers")?
            .iter()
            .enumerate()
            .map(|(i, v)| container(i, v))
            .collect::<Result<_, _>>()?,
    })
}

/// True or false, as JSON or as the form's text ("true").
fn flag(obj: &Map<String, Value>, key: &str) -> Result<bool, String> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(Value::String(s)) => Ok(matches!(
            s.trim().to_ascii_lowercase().as_str(),
            "true" | "t" | "yes" | "y" | "1"
        )),
        Some(other) => Err(format!("{key} is {}, not true or false", json::kind(other))),
    }
}

/// A list, or JSON text holding one (as the API serves `items` and `containers`).
fn list(obj: &Map<String, Value>, key: &str) -> Result<Vec<Value>, String> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(list)) => Ok(list.clone()),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(Vec::new()),
        Some(Value::String(s)) => match serde_json::from_str::<Value>(s) {
            Ok(Value::Array(list)) => Ok(list),
            Ok(other) => Err(format!(
                "{key} holds {} as JSON text, not a list",
                json::kind(&other)
            )),
            Err(e) => Err(format!(
                "{key} is JSON text that is damaged at its character {}: {e}",
                e.column()
            )),
        },
        Some(other) => Err(format!("{key} is {}, not a list", json::kind(other))),
    }
}

fn item(i: usize, v: &Value) -> Result<Item, String> {
    let Some(obj) = v.as_object() else {
        return Err(format!(
            "item {} is {}, not an object",
            i + 1,
            json::kind(v)
        ));
    };
    let at = |e: String| format!("item {}: {e}", i + 1);
    let tags = match obj.get("tags") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(tags)) => tags
            .iter()
            .map(|t| {
                t.as_str()
                    .map(|t| t.trim().to_string())
                    .ok_or_else(|| at(format!("a tag is {}, not text", json::kind(t))))
            })
            .collect::<Result<_, _>>()?,
        Some(other) => return Err(at(format!("tags is {}, not a list", json::kind(other)))),
    };
    Ok(Item {
        name: json::text(obj, "name")
            .map_err(at)?
            .unwrap_or_default()
            .trim()
            .to_string(),
        tags,
        location: json::whole(obj, "location").map_err(at)?.unwrap_or(0),
        uses: json::whole(obj, "uses").map_err(at)?,
        charges: json::whole(obj, "charges").map_err(at)?,
        max_charges: json::whole(obj, "max_charges").map_err(at)?,
        description: json::text(obj, "description")
            .map_err(at)?
            .unwrap_or_default()
            .trim()
            .to_string(),
        carrying: obj.get("carrying").is_some_and(|c| !c.is_null()),
    })
}

fn container(i: usize, v: &Value) -> Result<Container, String> {
    let Some(obj) = v.as_object() else {
        return Err(format!(
            "container {} is {}, not an object",
            i + 1,
            json::kind(v)
        ));
    };
    let at = |e: String| format!("container {}: {e}", i + 1);
    Ok(Container {
        id: json::whole(obj, "id").map_err(at)?.unwrap_or(0),
        name: json::text(obj, "name")
            .map_err(at)?
            .unwrap_or_default()
            .to_string(),
        slots: json::whole(obj, "slots").map_err(at)?.unwrap_or(10),
    })
}

/// The file Kettlewright's import reads, as its export writes one (keys in order, four
/// spaces).
pub fn write(c: &Character) -> String {
    #[derive(Serialize)]
    struct ItemOut<'a> {
        #[serde(skip_serializing_if = "Option::is_none")]
        charges: Option<u32>,
        #[serde(skip_serializing_if = "str::is_empty")]
        description: &'a str,
        id: String,
        location: u32,
        #[serde(skip_serializing_if = "Option::is_none")]
        max_charges: Option<u32>,
        name: &'a str,
        tags: &'a [String],
        #[serde(skip_serializing_if = "Option::is_none")]
        uses: Option<u32>,
    }
    #[derive(Serialize)]
    struct ContainerOut<'a> {
        id: u32,
        name: &'a str,
        slots: u32,
    }
    #[derive(Serialize)]
    struct Out<'a> {
        armor: String,
        background: &'a str,
        bonds: &'a str,
        containers: Vec<ContainerOut<'a>>,
        custom_background: &'a str,
        custom_image: bool,
        custom_name: &'a str,
        deprived: bool,
        description: &'a str,
        dexterity: u32,
        dexterity_max: u32,
        gold: u32,
        hp: u32,
        hp_max: u32,
        image_url: &'a str,
        items: Vec<ItemOut<'a>>,
        name: &'a str,
        notes: &'a str,
        omens: &'a str,
        panicked: bool,
        scars: &'a str,
        strength: u32,
        strength_max: u32,
        traits: &'a str,
        willpower: u32,
        willpower_max: u32,
    }
    let armor: u32 = c
        .items
        .iter()
        .filter(|i| i.location == 0)
        .filter_map(|i| i.tags.iter().find_map(|t| armor_tag(t)))
        .sum();
    let out = Out {
        armor: armor.min(3).to_string(),
        background: if c.background.trim().is_empty() {
            CUSTOM
        } else {
            &c.background
        },
        bonds: &c.bonds,
        containers: c
            .containers
            .iter()
            .map(|k| ContainerOut {
                id: k.id,
                name: &k.name,
                slots: k.slots,
            })
            .collect(),
        custom_background: "",
        custom_image: false,
        custom_name: "",
        deprived: c.deprived,
        description: &c.description,
        dexterity: c.dex.cur,
        dexterity_max: c.dex.max,
        gold: c.gold,
        hp: c.hp.cur,
        hp_max: c.hp.max,
        image_url: "",
        items: c
            .items
            .iter()
            .enumerate()
            .map(|(n, i)| ItemOut {
                charges: i.charges,
                description: &i.description,
                // The app makes its ids with uuid4().hex; any text it has not given twice does.
                id: format!("{:032x}", n + 1),
                location: i.location,
                max_charges: i.max_charges,
                name: &i.name,
                tags: &i.tags,
                uses: i.uses,
            })
            .collect(),
        name: &c.name,
        notes: &c.notes,
        omens: &c.omens,
        panicked: c.panicked,
        scars: &c.scars,
        strength: c.str.cur,
        strength_max: c.str.max,
        traits: &c.traits,
        willpower: c.wil.cur,
        willpower_max: c.wil.max,
    };
    let mut bytes = Vec::new();
    let mut writer = serde_json::Serializer::with_formatter(
        &mut bytes,
        serde_json::ser::PrettyFormatter::with_indent(b"    "),
    );
    // Writing plain structs of text and numbers to memory cannot fail.
    if out.serialize(&mut writer).is_err() {
        return String::new();
    }
    String::from_utf8(bytes).unwrap_or_default()
}

/// The armour an item's tag gives: `1 Armor`, `+1 Armor`.
pub fn armor_tag(tag: &str) -> Option<u32> {
    let t = tag.trim();
    let n = t
        .strip_suffix("Armor")
        .or_else(|| t.strip_suffix("armor"))?
        .trim()
        .trim_start_matches('+');
    n.parse().ok()
}

/// The dice of a damage tag: `d6` is `[6]`, `d6+d6` is `[6, 6]`; None for another tag.
pub fn dice_tag(tag: &str) -> Option<Vec<u16>> {
    let t = tag.trim().to_ascii_lowercase();
    t.split('+')
        .map(|d| {
            d.trim()
                .strip_prefix('d')
                .and_then(|n| n.parse::<u16>().ok())
                .filter(|n| (2..=100).contains(n))
        })
        .collect()
}
