//! Readers the phase verbs share: names to ids, abilities, numbers with a sign, one word of a
//! list, items on a character's sheet by number or name.

use crate::content::find_by_name;
use crate::rules::GameCommand;
use crate::rules::phase::{Ability, Command as C, State};
use crate::script::lexer::Token;
use crate::script::words::{R, Words, is, lookup_err};
use crate::script::{Line, ScriptError};
use crate::session::Command;

/// A phase command as a line.
pub(super) fn g(c: C) -> Line {
    Line::Command(Command::Game(GameCommand::Phase(c)))
}

/// A character by name.
pub(super) use crate::script::verbs::who;

/// Names up to the end of the line or a word in `stop`.
pub(super) fn names(w: &mut Words<'_>, st: &State, stop: &[&str]) -> R<Vec<u32>> {
    let mut out = Vec::new();
    while let Some(t) = w.peek() {
        if is(t, stop) {
            break;
        }
        out.push(who(w, st)?);
    }
    Ok(out)
}

/// One of a list of words, each with its value.
pub(super) fn pick<T: Copy>(w: &mut Words<'_>, options: &[(&[&str], T)], expected: &str) -> R<T> {
    let token = w.next(expected)?;
    options
        .iter()
        .find(|(words, _)| is(&token, words))
        .map(|(_, v)| *v)
        .ok_or_else(|| bad(&token, expected))
}

pub(super) fn bad(token: &Token, expected: &str) -> ScriptError {
    ScriptError::at(
        token.column,
        format!("expected {expected}, found '{}'", token.text),
    )
}

pub(super) fn ability(w: &mut Words<'_>) -> R<Ability> {
    pick(
        w,
        &[
            (&["str", "strength"], Ability::Str),
            (&["dex", "dexterity"], Ability::Dex),
            (&["wil", "will", "willpower"], Ability::Wil),
        ],
        "str, dex or wil",
    )
}

/// A whole number, 1 or more.
pub(super) fn positive<T: std::str::FromStr + PartialOrd + From<u8>>(
    w: &mut Words<'_>,
    expected: &str,
) -> R<T> {
    let column = w.peek().map_or(w.eol, |t| t.column);
    let n: T = w.number(expected)?;
    if n < T::from(1) {
        return Err(ScriptError::at(
            column,
            format!("expected {expected}, 1 or more"),
        ));
    }
    Ok(n)
}

/// A number counted from 1 on the sheet, as an index from 0.
pub(super) fn nth(w: &mut Words<'_>, expected: &str) -> R<usize> {
    let n: usize = positive(w, expected)?;
    Ok(n - 1)
}

/// A whole number with an optional sign ("+5", "-2", "3").
pub(super) fn signed(w: &mut Words<'_>, expected: &str) -> R<i64> {
    let token = w.next(expected)?;
    token
        .text
        .trim_start_matches('+')
        .parse()
        .map_err(|_| bad(&token, expected))
}

/// A die size as "d6".
pub(super) fn die(w: &mut Words<'_>) -> R<u16> {
    let token = w.next("a die such as d6")?;
    token
        .text
        .to_ascii_lowercase()
        .strip_prefix('d')
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| bad(&token, "a die such as d6"))
}

/// An item of a list by its number (from 1) or its name, as names are found everywhere.
pub(super) fn item(w: &mut Words<'_>, names: &[String], what: &'static str) -> R<usize> {
    let token = w.next(what)?;
    if let Ok(n) = token.text.parse::<usize>() {
        if (1..=names.len()).contains(&n) {
            return Ok(n - 1);
        }
        return Err(ScriptError::at(
            token.column,
            format!("there is no {what} {n} (there are {})", names.len()),
        ));
    }
    let hit = find_by_name(names, String::as_str, &token.text, what)
        .map_err(|e| lookup_err(&token, e))?;
    Ok(names
        .iter()
        .position(|n| std::ptr::eq(n, hit))
        .unwrap_or_default())
}

/// Words to the end of the line, if any.
pub(super) fn rest(w: &mut Words<'_>, expected: &str) -> R<String> {
    if w.at_end() {
        Ok(String::new())
    } else {
        w.rest_text(expected)
    }
}

/// The names of a character's weapons, or nothing for an unknown id.
pub(super) fn weapons(st: &State, id: u32) -> Vec<String> {
    st.character(id)
        .map(|c| c.weapons.iter().map(|x| x.name.clone()).collect())
        .unwrap_or_default()
}

/// The names of a character's spell items.
pub(super) fn spells(st: &State, id: u32) -> Vec<String> {
    st.character(id)
        .map(|c| {
            c.spells
                .iter()
                .map(|s| s.spell.name().to_string())
                .collect()
        })
        .unwrap_or_default()
}
