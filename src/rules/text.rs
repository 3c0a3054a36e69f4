//! Every piece of free text the judge types (names, titles, notes, setups...) is checked here and
//! nowhere else: one length limit per kind of text, no line breaks or other control characters
//! (they would break the sheet, the log and one-line messages, and an escape sequence would reach
//! the terminal), and one way of saying what is wrong.

use super::RuleError;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Cow;
use std::fmt;

/// A kind of text, with its limit and how a message names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextKind {
    /// A character's or creature's name.
    Name,
    ItemName,
    ZoneName,
    SceneName,
    /// The session's title.
    Title,
    Note,
    /// What the judge says to the table or tells one player.
    Said,
    /// What a character sets up in a fight, or a task's label.
    Action,
}

impl TextKind {
    /// The most characters this kind of text may have.
    pub fn limit(self) -> usize {
        match self {
            TextKind::Name
            | TextKind::ItemName
            | TextKind::ZoneName
            | TextKind::SceneName
            | TextKind::Action => 60,
            TextKind::Title => 100,
            TextKind::Note => 10_000,
            TextKind::Said => 500,
        }
    }

    /// How a message names it ("the name", "the note").
    pub fn what(self) -> &'static str {
        match self {
            TextKind::Name => "the name",
            TextKind::ItemName => "the item name",
            TextKind::ZoneName => "the zone name",
            TextKind::SceneName => "the scene name",
            TextKind::Title => "the title",
            TextKind::Note => "the note",
            TextKind::Said => "what is said",
            TextKind::Action => "the text",
        }
    }
}

/// Whether `text` holds a control character (`char::is_control`: U+0000-U+001F and
/// U+007F-U+009F), read byte by byte: in UTF-8 those are the bytes below 0x20, 0x7F, and 0xC2
/// followed by 0x80-0x9F, and no other character's bytes look like them.
fn has_control(text: &str) -> bool {
    let b = text.as_bytes();
    // Most text has none of these bytes at all: one quick pass says so. It has no early exit,
    // so the compiler can read many bytes at once.
    let suspect = b.iter().fold(false, |seen, &x| {
        seen | (x < 0x20) | (x == 0x7f) | (x == 0xc2)
    });
    if !suspect {
        return false;
    }
    b.iter()
        .zip(b.iter().skip(1).map(Some).chain([None]))
        .any(|(&x, next)| {
            x < 0x20 || x == 0x7f || (x == 0xc2 && next.is_some_and(|n| (0x80..0xa0).contains(n)))
        })
}

/// Refuses a line break or another control character in `text`, showing it escaped.
pub fn printable(kind: TextKind, text: &str) -> Result<(), RuleError> {
    if has_control(text) {
        return Err(RuleError::invalid(format!(
            "{} '{}' holds a line break or another control character",
            kind.what(),
            shown(text)
        )));
    }
    Ok(())
}

/// `text` trimmed, or why it cannot be used: empty (`empty` says what is missing, as "a
/// character needs a name"), too long for its kind, or holding a control character.
pub fn checked(kind: TextKind, text: &str, empty: &str) -> Result<String, RuleError> {
    check(kind, text, empty).map(str::to_string)
}

/// [`checked`] without a copy: the trimmed text itself, for a caller that only reads it.
pub fn check<'a>(kind: TextKind, text: &'a str, empty: &str) -> Result<&'a str, RuleError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(RuleError::invalid(empty));
    }
    printable(kind, text)?;
    let limit = kind.limit();
    // A text is never longer in characters than in bytes.
    if text.len() > limit && text.chars().count() > limit {
        return Err(RuleError::invalid(format!(
            "{} is too long: keep it under {limit} letters",
            kind.what()
        )));
    }
    Ok(text)
}

/// Words a state keeps and a file saves, such as a waiting roll's title: made from their facts
/// only when something reads them (the screen, a message, the file), since a replay never does.
/// A state read from a file keeps the words as they were saved. Saved, compared and shown, it is
/// its words: it is written as a string, and two are equal exactly when their words are.
#[derive(Clone)]
pub enum Spelt<F> {
    /// Words as a file had them.
    Read(String),
    /// The facts the words are made from, by their `Display`.
    Facts(F),
}

impl<F: fmt::Display> Spelt<F> {
    pub fn text(&self) -> Cow<'_, str> {
        match self {
            Spelt::Read(s) => Cow::Borrowed(s),
            Spelt::Facts(f) => Cow::Owned(f.to_string()),
        }
    }
}

impl<F: fmt::Display> fmt::Display for Spelt<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Spelt::Read(s) => f.write_str(s),
            Spelt::Facts(x) => x.fmt(f),
        }
    }
}

impl<F: fmt::Display> fmt::Debug for Spelt<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.text(), f)
    }
}

impl<F: fmt::Display + PartialEq> PartialEq for Spelt<F> {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            // Equal facts make equal words; unequal ones may still read the same.
            (Spelt::Facts(a), Spelt::Facts(b)) if a == b => true,
            _ => self.text() == other.text(),
        }
    }
}

impl<F: fmt::Display + PartialEq> Eq for Spelt<F> {}

impl<F: fmt::Display> Serialize for Spelt<F> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.text())
    }
}

impl<'de, F> Deserialize<'de> for Spelt<F> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d).map(Spelt::Read)
    }
}

impl<F> From<String> for Spelt<F> {
    fn from(s: String) -> Self {
        Spelt::Read(s)
    }
}

/// A text cut to 40 characters with its control characters escaped, for a message that quotes
/// it.
fn shown(text: &str) -> String {
    let mut out: String = text
        .chars()
        .take(40)
        .collect::<String>()
        .escape_default()
        .to_string();
    if text.chars().nth(40).is_some() {
        out.push('…');
    }
    out
}

/// A new character's name as the judge typed it: checked (`empty` says what is missing), and
/// numbered when one of `names` already has it ("Orc" is here, so "Orc 2").
pub fn new_name<'a>(
    raw: &str,
    empty: &str,
    names: impl Iterator<Item = &'a str> + Clone,
) -> Result<String, RuleError> {
    let name = checked(TextKind::Name, raw, empty)?;
    free_name(&name, false, |n| {
        names.clone().any(|x| x.eq_ignore_ascii_case(n))
    })
}

/// A name nobody has yet, for one more of a kind: `base` itself while it is free (unless
/// `always` numbers even the first, as the slot system's bestiary does), else the first free of
/// "base 2", "base 3"... `base` has been checked as a name already; `taken` says whether a name
/// is in use (every ruleset finds names ignoring case). A numbered name must still fit a name's
/// length.
pub fn free_name(
    base: &str,
    always: bool,
    taken: impl Fn(&str) -> bool,
) -> Result<String, RuleError> {
    if !always && !taken(base) {
        return Ok(base.to_string());
    }
    let first = if always { 1 } else { 2 };
    let name = (first..)
        .map(|n: u32| format!("{base} {n}"))
        .find(|name| !taken(name))
        .unwrap_or_else(|| base.to_string());
    checked(TextKind::Name, &name, "a character needs a name")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_trimmed_and_kept_when_it_is_fine() {
        assert_eq!(
            checked(TextKind::Note, "  all well ", "x").unwrap(),
            "all well"
        );
    }

    #[test]
    fn empty_too_long_and_control_characters_are_refused_each_in_its_words() {
        assert_eq!(
            checked(TextKind::Name, " ", "a character needs a name")
                .unwrap_err()
                .to_string(),
            "a character needs a name"
        );
        let long = "x".repeat(61);
        assert_eq!(
            checked(TextKind::ZoneName, &long, "x")
                .unwrap_err()
                .to_string(),
            "the zone name is too long: keep it under 60 letters"
        );
        let e = checked(TextKind::Note, "a\u{1b}[2Jb", "x")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("control character") && e.contains("\\u{1b}"),
            "{e}"
        );
        assert!(checked(TextKind::Title, "X\u{1b}]2;PWNED\u{7}", "x").is_err());
    }

    #[test]
    fn control_characters_are_found_as_char_is_control_finds_them() {
        let mut samples: Vec<String> = (0u32..0x250)
            .filter_map(char::from_u32)
            .map(|c| format!("a{c}é"))
            .collect();
        samples.extend(
            [
                "",
                "plain",
                "Ünïcödé ½ €",
                "\u{85}",
                "x\u{9f}",
                "\u{a0}",
                "\u{100}\u{80}",
            ]
            .map(String::from),
        );
        for s in &samples {
            assert_eq!(has_control(s), s.chars().any(char::is_control), "{s:?}");
        }
    }

    #[test]
    fn spelt_words_save_compare_and_show_as_their_text() {
        let made: Spelt<u32> = Spelt::Facts(7);
        let read: Spelt<u32> = Spelt::Read("7".into());
        assert_eq!(made, read);
        assert_ne!(made, Spelt::Read("07".into()));
        assert_eq!(format!("{made:?}"), format!("{:?}", "7"));
        assert_eq!(
            ron::to_string(&made).unwrap(),
            ron::to_string(&"7").unwrap()
        );
        let back: Spelt<u32> = ron::from_str("\"seven\"").unwrap();
        assert_eq!(back.to_string(), "seven");
    }
}
