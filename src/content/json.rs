//! What the JSON files other tools write have in common for slotmark: telling one from a
//! Markdown book by its first character, reading every value in it (one, or one per line as
//! Foundry's `.db` packs keep them) with the line each starts on, and refusing a damaged file
//! whole at the place serde_json stopped. The fields of each tool's own shape are read by its
//! module ([`super::kettlewright`], [`super::foundry`]).

use crate::rules::statline::{StatBlock, StatError, parse_line};
use crate::rules::text::{TextKind, checked};
use serde_json::{Map, Value};

/// Whether `text` is JSON rather than a book: its first character that is no space opens an
/// object or an array, which no Markdown stat block does.
pub fn looks_like_json(text: &str) -> bool {
    matches!(text.trim_start().chars().next(), Some('{' | '['))
}

/// One value of a file, with the line it starts on and its first byte.
pub struct Placed {
    pub line: usize,
    pub at: usize,
    pub value: Value,
}

/// Every value in `text`, one after the other (a whole file is one; a JSON-lines pack is one
/// per line). A damaged file is refused whole, at the line and column where it stops reading.
pub fn values(text: &str) -> Result<Vec<Placed>, StatError> {
    let mut out = Vec::new();
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<Value>();
    let mut end = 0;
    while let Some(next) = stream.next() {
        let value = next.map_err(|e| StatError {
            line: e.line().max(1),
            column: e.column().max(1),
            reason: if e.is_eof() {
                "the file ends too early (it may have been cut off)".into()
            } else {
                format!("the file is damaged JSON: {}", without_place(&e))
            },
        })?;
        let lead = text[end..].len() - text[end..].trim_start().len();
        let at = end + lead;
        out.push(Placed {
            line: line_at(text, at),
            at,
            value,
        });
        end = stream.byte_offset();
    }
    Ok(out)
}

/// serde_json's words without the " at line L column C" it adds, which the caller says itself.
fn without_place(e: &serde_json::Error) -> String {
    let said = e.to_string();
    match said.rfind(" at line ") {
        Some(i) => said[..i].to_string(),
        None => said,
    }
}

/// The line (from 1) byte `at` of `text` is on.
pub fn line_at(text: &str, at: usize) -> usize {
    text.as_bytes()[..at.min(text.len())]
        .iter()
        .filter(|b| **b == b'\n')
        .count()
        + 1
}

/// The line a named entry starts on, looking from byte `from` for its name as JSON writes it:
/// serde_json keeps no places, and a name is what the judge finds the entry by in the file.
/// Moves `from` past it, so a name given twice is found twice.
pub fn line_of_name(text: &str, from: &mut usize, name: &str) -> usize {
    let wanted = serde_json::to_string(name).unwrap_or_default();
    match text.get(*from..).and_then(|rest| rest.find(&wanted)) {
        Some(i) => {
            *from += i + wanted.len();
            line_at(text, *from)
        }
        None => line_at(text, *from),
    }
}

/// A field that is a whole number from 0 up, or None when it is missing or null; why not, in
/// words, when it is something else (text, a fraction, below zero).
pub fn whole(obj: &Map<String, Value>, key: &str) -> Result<Option<u32>, String> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => n
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .map(Some)
            .ok_or_else(|| format!("{key} is {n}, not a whole number from 0 up")),
        // Forms and older exports keep numbers as text ("12").
        Some(Value::String(s)) if s.trim().parse::<u32>().is_ok() => {
            Ok(s.trim().parse::<u32>().ok())
        }
        Some(other) => Err(format!("{key} is {}, not a number", kind(other))),
    }
}

/// A field that is text, or None when missing or null.
pub fn text<'a>(obj: &'a Map<String, Value>, key: &str) -> Result<Option<&'a str>, String> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(other) => Err(format!("{key} is {}, not text", kind(other))),
    }
}

/// What a JSON value is, in words.
pub fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "true or false",
        Value::Number(_) => "a number",
        Value::String(_) => "text",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// A creature's numbers as a stat line, read by the stat line's own reader so a creature from
/// JSON is held to the same ranges as one from a book (HP 1 to 99, abilities 0 to 20...);
/// `attacks` is the stat line's attack part when the tool writes one (Kettlewright does).
#[allow(clippy::too_many_arguments)]
pub fn numbers_block(
    name: &str,
    hp: Option<u32>,
    armor: Option<u32>,
    str: Option<u32>,
    dex: Option<u32>,
    wil: Option<u32>,
    attacks: Option<&str>,
    line: usize,
) -> Result<StatBlock, StatError> {
    let mut parts = Vec::new();
    for (n, what) in [
        (hp, "HP"),
        (armor, "Armor"),
        (str, "STR"),
        (dex, "DEX"),
        (wil, "WIL"),
    ] {
        if let Some(n) = n {
            parts.push(format!("{n} {what}"));
        }
    }
    if let Some(a) = attacks.map(str::trim).filter(|a| !a.is_empty()) {
        parts.push(a.to_string());
    }
    parse_line(name, &parts.join(", "), line, 1).map_err(|e| StatError {
        line,
        column: 1,
        reason: format!("{}: {}", name.trim(), e.reason),
    })
}

/// Notes for a creature's text: each trimmed to one line of single spaces, the empty left out,
/// and the whole held to what a creature's text may hold.
pub fn notes(name: &str, raw: &[String], line: usize) -> Result<Vec<String>, StatError> {
    let mut out = Vec::new();
    for note in raw {
        let note = note.split_whitespace().collect::<Vec<_>>().join(" ");
        if note.is_empty() {
            continue;
        }
        let note = checked(TextKind::Note, &note, "").map_err(|e| StatError {
            line,
            column: 1,
            reason: format!("{name}: {e}"),
        })?;
        out.push(note);
    }
    let total: usize = out.iter().map(|n| n.chars().count() + 1).sum();
    if total > TextKind::Note.limit() {
        return Err(StatError {
            line,
            column: 1,
            reason: format!(
                "{name}'s notes run to {total} characters; a creature's text holds at most {}",
                TextKind::Note.limit()
            ),
        });
    }
    Ok(out)
}
