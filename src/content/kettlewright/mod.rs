//! Kettlewright, the Cairn companion app, as its files are: its bestiary
//! (`app/static/json/generators/bestiary.json`: `{"Random Monster": [{"Name", "HP", "Armor",
//! "STR", "DEX", "WIL", "Attack", "Traits"}], "Reaction Roll": [...]}`), whose `Attack` is the
//! stat line's attack part (`bite (d10), acid squirt (d8, blast)`, `claws (d6+d6),
//! detachment`) and so is read by the stat line's reader; and its characters
//! ([`character`]), on the sheets of the Cairn family's rulesets and back ([`sheets`]).

pub mod character;
pub mod sheets;

use super::ContentError;
use super::json::{self, Placed};
use crate::rules::RulesetId;
use crate::rules::statline::{Parsed, Read, StatError};
use serde_json::{Map, Value};
use std::path::Path;

/// Whether the file at `path` is JSON (a Kettlewright character, say) rather than a
/// slotmark sheet: told by what it holds. A file that cannot be read is not.
pub fn holds_json(path: &Path) -> bool {
    super::slots::read_user_file(path, "").is_ok_and(|text| json::looks_like_json(&text))
}

/// Reads the Kettlewright character in the file at `path` onto the sheet of `rules`, with
/// what had no place there. Read with the size limit of every file a judge hands in; a
/// damaged one is refused at its line and column.
pub fn import_character(path: &Path, rules: RulesetId) -> Result<sheets::OnSheet, ContentError> {
    let file = path.display().to_string();
    let text = super::slots::read_user_file(path, &file)?;
    let c = character::read(super::super::store::without_bom(&text)).map_err(|e| match e {
        character::CharacterError::Damaged {
            line,
            column,
            message,
        } => ContentError::Syntax {
            file: file.clone(),
            line,
            column,
            message,
        },
        character::CharacterError::Shape(message) => ContentError::Invalid {
            file: file.clone(),
            message,
        },
    })?;
    sheets::to_sheet(&c, rules).map_err(|message| ContentError::Invalid {
        file,
        message: format!("{}: {message}", c.name),
    })
}

/// The key of the creatures' list in Kettlewright's bestiary.
const CREATURES: &str = "Random Monster";

/// Whether a JSON object is Kettlewright's bestiary, or one of its creatures.
pub fn is_bestiary(obj: &Map<String, Value>) -> bool {
    obj.get(CREATURES).is_some_and(Value::is_array)
}

pub fn is_creature(obj: &Map<String, Value>) -> bool {
    obj.contains_key("Name") && obj.contains_key("HP")
}

/// The bestiary's creatures, each read or refused with its line; every other list in it (the
/// reaction roll) skipped as a table.
pub fn read_bestiary(text: &str, placed: &Placed, obj: &Map<String, Value>, parsed: &mut Parsed) {
    let mut from = placed.at;
    for key in obj.keys().filter(|k| *k != CREATURES) {
        parsed.skipped.push(StatError {
            line: json::line_of_name(text, &mut placed.at.clone(), key),
            column: 1,
            reason: format!("{key} is a table, not a creature"),
        });
    }
    for creature in obj
        .get(CREATURES)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        read_one(text, &mut from, creature, parsed);
    }
}

/// One creature of the bestiary, read or refused.
pub fn read_one(text: &str, from: &mut usize, value: &Value, parsed: &mut Parsed) {
    let Some(obj) = value.as_object() else {
        parsed.refused.push(StatError {
            line: json::line_at(text, *from),
            column: 1,
            reason: format!(
                "a creature is an object with a Name, not {}",
                json::kind(value)
            ),
        });
        return;
    };
    let name = obj.get("Name").and_then(Value::as_str).unwrap_or_default();
    let line = json::line_of_name(text, from, name);
    match creature(obj, line) {
        Ok(block) => parsed.read.push(Read { block, line }),
        Err(e) => parsed.refused.push(e),
    }
}

fn creature(
    obj: &Map<String, Value>,
    line: usize,
) -> Result<crate::rules::statline::StatBlock, StatError> {
    let at = |reason: String| StatError {
        line,
        column: 1,
        reason,
    };
    let name = json::text(obj, "Name").map_err(at)?.unwrap_or_default();
    let shown = if name.trim().is_empty() {
        "a creature"
    } else {
        name.trim()
    };
    let field = |key: &str| json::whole(obj, key).map_err(|e| at(format!("{shown}: {e}")));
    let attack = json::text(obj, "Attack").map_err(|e| at(format!("{shown}: {e}")))?;
    let mut block = json::numbers_block(
        name,
        field("HP")?,
        field("Armor")?,
        field("STR")?,
        field("DEX")?,
        field("WIL")?,
        attack,
        line,
    )?;
    let traits: Vec<String> = match obj.get("Traits") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(list)) => list
            .iter()
            .map(|t| {
                t.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| at(format!("{shown}: a trait is {}, not text", json::kind(t))))
            })
            .collect::<Result<_, _>>()?,
        Some(Value::String(one)) => vec![one.clone()],
        Some(other) => {
            return Err(at(format!(
                "{shown}: Traits is {}, not a list of text",
                json::kind(other)
            )));
        }
    };
    block.notes = json::notes(shown, &traits, line)?;
    Ok(block)
}
