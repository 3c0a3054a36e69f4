//! Foundry VTT's Cairn system, as its compendium packs keep a creature: an actor of type `npc`
//! with its numbers under `data` (the JSON-lines `.db` packs before Foundry 10) or `system`
//! (since), and its attacks and armour as embedded items. What is read:
//!
//! - `hp.max`, `abilities.STR/DEX/WIL.max` (their `value` when there is no `max`), `armor`;
//! - an item with a `damageFormula` is an attack: `d6`, `1d8`, `2d6` (two dice added up), and
//!   `2d6k` (two dice, the best kept: the books' `d6+d6`, two strikes); its `blast` flag is the
//!   blast tag; a `*` after its name (the system marks attacks so) is dropped;
//! - an item with `armor` adds to the creature's Armor when equipped, as the system counts it;
//! - an item named `Gaze (Save)` with no dice is an attack the judge rules (`gaze (save)`);
//! - any other item (a spell, `Swallow Whole`) and the description's paragraphs and bullets
//!   (HTML made plain) become the creature's notes.

use super::json;
use super::kettlewright::character as kw;
use crate::rules::statline::{Attack, Die, StatBlock, StatError};
use crate::rules::text::{TextKind, checked};
use serde_json::{Map, Value};

/// Whether a JSON object is a Foundry actor (a creature or a character).
pub fn is_actor(obj: &Map<String, Value>) -> bool {
    obj.get("type").is_some_and(Value::is_string)
        && (obj.get("system").is_some_and(Value::is_object)
            || obj.get("data").is_some_and(Value::is_object))
}

/// The numbers of an actor or an item: `system` in the newer packs, `data` in the older.
pub fn numbers(obj: &Map<String, Value>) -> Option<&Map<String, Value>> {
    obj.get("system")
        .or_else(|| obj.get("data"))
        .and_then(Value::as_object)
}

/// A Foundry actor as a creature: Ok(None) when it is no creature (a character, a vehicle),
/// which the caller skips and says; Err with the reason when it cannot be read.
pub fn creature(actor: &Map<String, Value>, line: usize) -> Result<Option<StatBlock>, StatError> {
    let at = |reason: String| StatError {
        line,
        column: 1,
        reason,
    };
    let name = json::text(actor, "name").map_err(at)?.unwrap_or_default();
    let shown = if name.trim().is_empty() {
        "a creature"
    } else {
        name.trim()
    };
    let kind = actor
        .get("type")
        .and_then(Value::as_str)
        .unwrap_or_default();
    if kind != "npc" {
        return Ok(None);
    }
    let sys = numbers(actor).ok_or_else(|| at(format!("{shown} has no numbers")))?;
    let field = |path: &[&str]| -> Result<Option<u32>, StatError> {
        let mut obj = sys;
        for key in &path[..path.len() - 1] {
            match obj.get(*key) {
                Some(Value::Object(inner)) => obj = inner,
                _ => return Ok(None),
            }
        }
        let last = path[path.len() - 1];
        json::whole(obj, last).map_err(|e| at(format!("{shown}: {}: {e}", path.join("."))))
    };
    let score = |key: &str| -> Result<Option<u32>, StatError> {
        Ok(field(&[key, "max"])?.or(field(&[key, "value"])?))
    };
    let ability = |key: &str| -> Result<Option<u32>, StatError> {
        Ok(field(&["abilities", key, "max"])?.or(field(&["abilities", key, "value"])?))
    };
    let hp = match sys.get("hp") {
        Some(Value::Object(_)) => score("hp")?,
        _ => field(&["hp"])?,
    };
    let mut armor = field(&["armor"])?.unwrap_or(0);
    let mut item_armor = 0u32;
    let mut attacks = Vec::new();
    let mut notes = html_paragraphs(json::text(sys, "description").ok().flatten().unwrap_or(""));
    let items = match actor.get("items") {
        None | Some(Value::Null) => &Vec::new(),
        Some(Value::Array(list)) => list,
        Some(other) => {
            return Err(at(format!(
                "{shown}: items is {}, not a list",
                json::kind(other)
            )));
        }
    };
    for item in items {
        let Some(item) = item.as_object() else {
            // The newest packs keep items apart and list only their ids: nothing to read here.
            continue;
        };
        let item_name = json::text(item, "name")
            .map_err(|e| at(format!("{shown}: an item's {e}")))?
            .unwrap_or_default()
            .trim()
            .trim_end_matches('*')
            .trim();
        let empty = Map::new();
        let data = numbers(item).unwrap_or(&empty);
        let formula = json::text(data, "damageFormula")
            .map_err(|e| at(format!("{shown}: {item_name}: {e}")))?
            .unwrap_or_default()
            .trim();
        let worn = !matches!(data.get("equipped"), Some(Value::Bool(false)));
        let gives =
            json::whole(data, "armor").map_err(|e| at(format!("{shown}: {item_name}: {e}")))?;
        if !formula.is_empty() {
            let strikes = dice(formula).ok_or_else(|| {
                at(format!(
                    "{shown}: {item_name}'s damage '{formula}' is not dice slotmark reads (d6, \
                     2d6, 2d6k)"
                ))
            })?;
            let mut tags = Vec::new();
            if data.get("blast").and_then(Value::as_bool) == Some(true) {
                tags.push("blast".to_string());
            }
            attacks.push(Attack {
                name: attack_name(shown, item_name, line)?,
                strikes,
                tags,
            });
        } else if let Some(n) = gives.filter(|n| *n > 0) {
            if worn {
                item_armor = item_armor.saturating_add(n);
            }
        } else if let Some((said, rule)) = ruled(item_name) {
            attacks.push(Attack {
                name: attack_name(shown, said, line)?,
                strikes: Vec::new(),
                tags: vec![rule],
            });
        } else if !item_name.is_empty() {
            let about =
                html_paragraphs(json::text(data, "description").ok().flatten().unwrap_or(""))
                    .join(" ");
            notes.push(if about.is_empty() {
                format!("{item_name}.")
            } else {
                format!("{item_name}: {about}")
            });
        }
    }
    // The system counts the larger of the actor's own armour and its worn items'.
    armor = armor.max(item_armor);
    let mut block = json::numbers_block(
        name,
        hp,
        Some(armor),
        ability("STR")?,
        ability("DEX")?,
        ability("WIL")?,
        None,
        line,
    )?;
    block.attacks = attacks;
    block.notes = json::notes(shown, &notes, line)?;
    Ok(Some(block))
}

/// A Foundry character (an actor of type `character`) in Kettlewright's shape, so it comes onto
/// a ruleset's sheet as a Kettlewright character does: its HP and abilities with their maxima,
/// background, biography (as the description), gold, deprived and panicked, and each item
/// with its tags (`weightless` is petty, `bulky`, its damage dice, `N Armor`, `blast`, uses).
pub fn character(actor: &Map<String, Value>) -> Result<kw::Character, String> {
    let name = json::text(actor, "name")?
        .unwrap_or_default()
        .trim()
        .to_string();
    if name.is_empty() {
        return Err("the character has no name".into());
    }
    let empty = Map::new();
    let sys = numbers(actor).unwrap_or(&empty);
    let pair = |obj: Option<&Value>, what: &str| -> Result<kw::Pair, String> {
        let Some(obj) = obj.and_then(Value::as_object) else {
            return Ok(kw::Pair::default());
        };
        let max = json::whole(obj, "max").map_err(|e| format!("{what}: {e}"))?;
        let value = json::whole(obj, "value").map_err(|e| format!("{what}: {e}"))?;
        let max = max.or(value).unwrap_or(0);
        Ok(kw::Pair {
            cur: value.unwrap_or(max),
            max,
        })
    };
    let abilities = sys.get("abilities");
    let ability = |key: &str| pair(abilities.and_then(|a| a.get(key)), key);
    let flag = |key: &str| sys.get(key).and_then(Value::as_bool).unwrap_or(false);
    let mut c = kw::Character {
        name,
        background: json::text(sys, "background")?
            .unwrap_or_default()
            .trim()
            .to_string(),
        str: ability("STR")?,
        dex: ability("DEX")?,
        wil: ability("WIL")?,
        hp: pair(sys.get("hp"), "hp")?,
        gold: json::whole(sys, "gold")?.unwrap_or(0),
        deprived: flag("deprived"),
        panicked: flag("panicked"),
        description: html_paragraphs(json::text(sys, "biography")?.unwrap_or_default()).join("\n"),
        containers: vec![kw::Container {
            id: 0,
            name: "Main".into(),
            slots: 10,
        }],
        ..kw::Character::default()
    };
    let items = actor.get("items").and_then(Value::as_array);
    for item in items.into_iter().flatten().filter_map(Value::as_object) {
        let item_name = json::text(item, "name")?
            .unwrap_or_default()
            .trim()
            .to_string();
        let data = numbers(item).unwrap_or(&empty);
        let at = |e: String| format!("{item_name}: {e}");
        let mut tags = Vec::new();
        let on = |key: &str| data.get(key).and_then(Value::as_bool) == Some(true);
        if on("weightless") {
            tags.push("petty".to_string());
        }
        if on("bulky") {
            tags.push("bulky".to_string());
        }
        let formula = json::text(data, "damageFormula")
            .map_err(at)?
            .unwrap_or_default();
        if !formula.trim().is_empty() {
            let strikes = dice(formula).ok_or_else(|| {
                at(format!(
                    "the damage '{formula}' is not dice slotmark reads (d6, 2d6k)"
                ))
            })?;
            tags.push(
                strikes
                    .iter()
                    .map(|d| format!("d{}", d.sides))
                    .collect::<Vec<_>>()
                    .join("+"),
            );
        }
        if let Some(n) = json::whole(data, "armor").map_err(at)?.filter(|n| *n > 0) {
            tags.push(format!("{n} Armor"));
        }
        if on("blast") {
            tags.push("blast".to_string());
        }
        let uses = data
            .get("uses")
            .and_then(Value::as_object)
            .filter(|u| json::whole(u, "max").ok().flatten().unwrap_or(0) > 0)
            .map(|u| json::whole(u, "value").ok().flatten().unwrap_or(0));
        if uses.is_some() {
            tags.push("uses".to_string());
        }
        c.items.push(kw::Item {
            name: item_name.clone(),
            tags,
            location: 0,
            uses,
            description: html_paragraphs(
                json::text(data, "description")
                    .map_err(at)?
                    .unwrap_or_default(),
            )
            .join(" "),
            ..kw::Item::default()
        });
    }
    Ok(c)
}

fn attack_name(creature: &str, name: &str, line: usize) -> Result<String, StatError> {
    checked(TextKind::ItemName, name, "an attack needs a name").map_err(|e| StatError {
        line,
        column: 1,
        reason: format!("{creature}: {e}"),
    })
}

/// `Gaze (Save)`: an attack with no dice, which the judge rules: its name and the word.
fn ruled(name: &str) -> Option<(&str, String)> {
    let (said, rest) = name.split_once('(')?;
    let word = rest.strip_suffix(')')?.trim();
    (word.eq_ignore_ascii_case("save") && !said.trim().is_empty())
        .then(|| (said.trim(), word.to_lowercase()))
}

/// A damage formula as strikes: `d6` and `1d6` one strike, `2d6` one strike of two dice added
/// up, `2d6k` and `2d6kh` two strikes (the best kept), `d6+d6` two strikes. None: not dice.
fn dice(formula: &str) -> Option<Vec<Die>> {
    let f = formula.trim().to_ascii_lowercase();
    let mut out = Vec::new();
    for term in f.split('+') {
        let term = term.trim();
        let (body, kept) = match term.strip_suffix("kh").or_else(|| term.strip_suffix('k')) {
            Some(b) => (b, true),
            None => (term, false),
        };
        let (n, d) = body.split_once('d')?;
        let count: u8 = if n.is_empty() { 1 } else { n.parse().ok()? };
        let sides: u16 = d.parse().ok()?;
        if !(1..=20).contains(&count) || !(2..=100).contains(&sides) {
            return None;
        }
        if kept {
            out.extend(std::iter::repeat_n(
                Die { count: 1, sides },
                usize::from(count),
            ));
        } else {
            out.push(Die { count, sides });
        }
    }
    (!out.is_empty() && out.len() <= 6).then_some(out)
}

/// HTML as the paragraphs and bullets a reader sees: tags dropped, a paragraph, a bullet or a
/// line break ends one, entities written out, spaces made single.
pub fn html_paragraphs(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut rest = html;
    let end = |current: &mut String, out: &mut Vec<String>| {
        let text = entities(current)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        if !text.is_empty() {
            out.push(text);
        }
        current.clear();
    };
    while let Some(open) = rest.find('<') {
        current.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('>') else {
            current.push_str(&rest[open..]);
            rest = "";
            break;
        };
        let tag = rest[open + 1..open + close]
            .trim_start_matches('/')
            .split(|c: char| c.is_whitespace() || c == '/')
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        if matches!(
            tag.as_str(),
            "p" | "li"
                | "br"
                | "ul"
                | "ol"
                | "div"
                | "h1"
                | "h2"
                | "h3"
                | "h4"
                | "h5"
                | "h6"
                | "tr"
                | "blockquote"
        ) {
            end(&mut current, &mut out);
        }
        rest = &rest[open + close + 1..];
    }
    current.push_str(rest);
    end(&mut current, &mut out);
    out
}

/// HTML's named and numbered characters written out (`&rsquo;` is ’, `&#39;` is ').
fn entities(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp + 1..];
        let found = after.find(';').filter(|s| *s <= 10).and_then(|semi| {
            let name = &after[..semi];
            let c = match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "nbsp" => Some(' '),
                "rsquo" => Some('\u{2019}'),
                "lsquo" => Some('\u{2018}'),
                "rdquo" => Some('\u{201d}'),
                "ldquo" => Some('\u{201c}'),
                "mdash" => Some('\u{2014}'),
                "ndash" => Some('\u{2013}'),
                "hellip" => Some('\u{2026}'),
                _ => name
                    .strip_prefix("#x")
                    .or_else(|| name.strip_prefix("#X"))
                    .and_then(|h| u32::from_str_radix(h, 16).ok())
                    .or_else(|| name.strip_prefix('#').and_then(|d| d.parse().ok()))
                    .and_then(char::from_u32)
                    .filter(|c| !c.is_control()),
            };
            c.map(|c| (c, semi))
        });
        match found {
            Some((c, semi)) => {
                out.push(c);
                rest = &after[semi + 1..];
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damage_formulas_read_as_the_books_strikes() {
        let d = |n, s| Die { count: n, sides: s };
        assert_eq!(dice("d6"), Some(vec![d(1, 6)]));
        assert_eq!(dice("1d8"), Some(vec![d(1, 8)]));
        assert_eq!(dice("2d6k"), Some(vec![d(1, 6), d(1, 6)]));
        assert_eq!(dice("2d6"), Some(vec![d(2, 6)]));
        assert_eq!(dice("d8+d8"), Some(vec![d(1, 8), d(1, 8)]));
        assert_eq!(dice("1d6 + 2"), None);
        assert_eq!(dice("9d6k"), None);
        assert_eq!(dice("lots"), None);
    }

    #[test]
    fn html_becomes_paragraphs_with_entities_written_out() {
        assert_eq!(
            html_paragraphs(
                "<ul>\n<li>Huge, 30&rsquo; long\nfish.<br></li>\n<li>Bites &amp; <b>swallows</b>.</li>\n</ul>\n"
            ),
            ["Huge, 30\u{2019} long fish.", "Bites & swallows."]
        );
        assert_eq!(html_paragraphs("plain words"), ["plain words"]);
        assert_eq!(html_paragraphs("a &bogus; b & c"), ["a &bogus; b & c"]);
    }
}
