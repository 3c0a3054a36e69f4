//! Every piece of free text the judge types (names, titles, notes, setups...) is checked here and
//! nowhere else: one length limit per kind of text, no line breaks or other control characters
//! (they would break the sheet, the log and one-line messages, and an escape sequence would reach
//! the terminal), and one way of saying what is wrong.

use super::RuleError;

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
            TextKind::Action => "the text",
        }
    }
}

/// Refuses a line break or another control character in `text`, showing it escaped.
pub fn printable(kind: TextKind, text: &str) -> Result<(), RuleError> {
    if text.chars().any(char::is_control) {
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
    let text = text.trim();
    if text.is_empty() {
        return Err(RuleError::invalid(empty));
    }
    printable(kind, text)?;
    let limit = kind.limit();
    if text.chars().count() > limit {
        return Err(RuleError::invalid(format!(
            "{} is too long: keep it under {limit} letters",
            kind.what()
        )));
    }
    Ok(text.to_string())
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
}
