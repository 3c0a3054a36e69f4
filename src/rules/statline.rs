//! The stat line the Cairn family writes its creatures in, and the stat-block files built of it:
//! a `# Name` heading, the line (`4 HP, 1 Armor, 12 STR, 12 DEX, 9 WIL, shortsword (d6) or short
//! bow (d6)`), then notes as bullets. Pure and shared by every ruleset: what the numbers mean in
//! one ruleset is that ruleset's content's mapping (`content::<r>::from_stat`).
//!
//! The line is parts between commas (commas inside brackets belong to the bracket). A part is a
//! number and HP, Armor (or Armour), STR, DEX or WIL (either order; `WILL`, `Strength` and the
//! like read too); `detachment`; or attacks: names joined by `or`, each with its dice in brackets
//! (`claws (d8+d8)`, `breath (d10, blast)`); a name without dice takes the next one's (`bite or
//! kick (d6)`). `d8+d8` is two strikes of a d8 each; words after the dice in the bracket are the
//! attack's tags, and a bracket with no dice (`gaze (save)`) makes an attack the judge rules.
//! A creature may have no attack at all (the books' Boggart).
//!
//! The books are Markdown, so the line is read as they print it: emphasis around a word
//! (`_blast_`, `**detachment**`) and non-breaking spaces are not part of the text. A heading whose
//! first line is a table or words with no stat in them is a section of the book, not a
//! creature: it is skipped and said, not refused.

use crate::rules::text::{TextKind, checked};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Why a stat block or a stat line was refused, and where: the line in its file (1 for a line
/// typed alone) and the column the trouble starts at.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {reason}")]
pub struct StatError {
    pub line: usize,
    pub column: usize,
    pub reason: String,
}

/// Some dice of one size: `d8` is one, `2d6` two (added up).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Die {
    pub count: u8,
    pub sides: u16,
}

impl std::fmt::Display for Die {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.count == 1 {
            write!(f, "d{}", self.sides)
        } else {
            write!(f, "{}d{}", self.count, self.sides)
        }
    }
}

/// One attack: its name, its strikes (`d8+d8` is two) and its tags (`blast`, `ranged`...).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attack {
    pub name: String,
    pub strikes: Vec<Die>,
    #[serde(default)]
    pub tags: Vec<String>,
}

impl Attack {
    pub fn has(&self, tag: &str) -> bool {
        self.tags.iter().any(|t| t.eq_ignore_ascii_case(tag))
    }

    /// "claws (d8+d8, blast)", as the stat line writes it; "gaze (save)" when it has no dice.
    pub fn text(&self) -> String {
        let dice: Vec<String> = self.strikes.iter().map(Die::to_string).collect();
        let dice = dice.join("+");
        let mut inside: Vec<&str> = Vec::new();
        if !dice.is_empty() {
            inside.push(&dice);
        }
        inside.extend(self.tags.iter().map(String::as_str));
        format!("{} ({})", self.name, inside.join(", "))
    }
}

/// A creature as its stat block gives it, before any ruleset reads it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatBlock {
    pub name: String,
    pub hp: u8,
    #[serde(default)]
    pub armor: u8,
    pub str: u8,
    pub dex: u8,
    pub wil: u8,
    pub attacks: Vec<Attack>,
    /// A band or a swarm on one sheet.
    #[serde(default)]
    pub detachment: bool,
    /// The bullets under the line, each as written.
    #[serde(default)]
    pub notes: Vec<String>,
}

impl StatBlock {
    /// The stat line again, in the order the family writes it.
    pub fn line(&self) -> String {
        let mut parts = vec![format!("{} HP", self.hp)];
        if self.armor > 0 {
            parts.push(format!("{} Armor", self.armor));
        }
        parts.push(format!("{} STR", self.str));
        parts.push(format!("{} DEX", self.dex));
        parts.push(format!("{} WIL", self.wil));
        if !self.attacks.is_empty() {
            parts.push(
                self.attacks
                    .iter()
                    .map(Attack::text)
                    .collect::<Vec<_>>()
                    .join(" or "),
            );
        }
        if self.detachment {
            parts.push("detachment".into());
        }
        parts.join(", ")
    }

    /// The notes as one text, for a creature's description.
    pub fn text(&self) -> String {
        self.notes.join(" ")
    }
}

/// What a stat-line creature's abilities are when its line leaves one out (as 002's creatures,
/// PHASE-RULES K3).
pub const DEFAULT_ABILITY: u8 = 10;
/// The largest HP a stat line may give.
pub const MAX_HP: u8 = 99;
/// The largest ability score a stat line may give.
pub const MAX_ABILITY: u8 = 20;
/// The largest armour a stat line may give (a ruleset may allow less).
pub const MAX_ARMOR: u8 = 20;
/// Strikes and dice in one attack: more is a typing slip, not a creature.
const MAX_STRIKES: usize = 6;

/// Reads one stat line (`text`) for a creature called `name`; `line` and `column` place the
/// line's first character in its file, for the errors.
pub fn parse_line(
    name: &str,
    text: &str,
    line: usize,
    column: usize,
) -> Result<StatBlock, StatError> {
    // One character for each of the line's, so a column counted here is the file's.
    let plain = unmarked(text, ' ');
    let text = plain.as_str();
    let at = |offset: usize, reason: String| StatError {
        line,
        column: column + text[..offset].chars().count(),
        reason,
    };
    let name = plain_name(name);
    let name =
        checked(TextKind::Name, &name, "a creature needs a name").map_err(|e| StatError {
            line,
            column,
            reason: e.to_string(),
        })?;
    let (mut hp, mut armor, mut str, mut dex, mut wil) = (None, None, None, None, None);
    let mut attacks = Vec::new();
    let mut detachment = false;
    for (offset, part) in split_top(text, ',') {
        let lead = part.len() - part.trim_start().len();
        let start = offset + lead;
        let part = part.trim();
        if part.is_empty() {
            return Err(at(
                offset.min(text.len()),
                "nothing between two commas: the line is parts such as 4 HP, 12 STR, bite (d6)"
                    .into(),
            ));
        }
        if part.eq_ignore_ascii_case("detachment") {
            detachment = true;
            continue;
        }
        if let Some((stat, value)) = stat_part(part) {
            let value = value.map_err(|reason| at(start, reason))?;
            let (slot, max, what) = match stat {
                Stat::Hp => (&mut hp, MAX_HP, "HP"),
                Stat::Armor => (&mut armor, MAX_ARMOR, "Armor"),
                Stat::Str => (&mut str, MAX_ABILITY, "STR"),
                Stat::Dex => (&mut dex, MAX_ABILITY, "DEX"),
                Stat::Wil => (&mut wil, MAX_ABILITY, "WIL"),
            };
            if slot.is_some() {
                return Err(at(start, format!("{what} is given twice")));
            }
            let low: u8 = if stat == Stat::Hp { 1 } else { 0 };
            if value < u32::from(low) || value > u32::from(max) {
                return Err(at(start, format!("{what} is {low} to {max}, not {value}")));
            }
            *slot = u8::try_from(value).ok();
            continue;
        }
        attacks.extend(attack_part(part).map_err(|(o, reason)| at(start + o, reason))?);
    }
    let Some(hp) = hp else {
        return Err(at(0, "no HP: the line needs one, such as 4 HP".into()));
    };
    if attacks.iter().any(|a| a.has("detachment")) {
        detachment = true;
    }
    for a in &mut attacks {
        a.tags.retain(|t| !t.eq_ignore_ascii_case("detachment"));
    }
    // `swarm (detachment)` said only that: no attack is left of it.
    attacks.retain(|a| !a.strikes.is_empty() || !a.tags.is_empty());
    Ok(StatBlock {
        name,
        hp,
        armor: armor.unwrap_or(0),
        str: str.unwrap_or(DEFAULT_ABILITY),
        dex: dex.unwrap_or(DEFAULT_ABILITY),
        wil: wil.unwrap_or(DEFAULT_ABILITY),
        attacks,
        detachment,
        notes: Vec::new(),
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stat {
    Hp,
    Armor,
    Str,
    Dex,
    Wil,
}

/// "12 STR" or "STR 12": which, and the number (or why it is not one).
fn stat_part(part: &str) -> Option<(Stat, Result<u32, String>)> {
    let words: Vec<&str> = part.split_whitespace().collect();
    let [a, b] = words.as_slice() else {
        return None;
    };
    // The names a judge reads past: `WILL` is WIL however the book spells it.
    let word = |w: &str| match w.to_ascii_lowercase().as_str() {
        "hp" => Some(Stat::Hp),
        "armor" | "armour" => Some(Stat::Armor),
        "str" | "strength" => Some(Stat::Str),
        "dex" | "dexterity" => Some(Stat::Dex),
        "wil" | "will" | "willpower" => Some(Stat::Wil),
        _ => None,
    };
    let (stat, number) = match (word(a), word(b)) {
        (None, Some(s)) => (s, *a),
        (Some(s), None) => (s, *b),
        _ => return None,
    };
    Some((
        stat,
        number
            .parse::<u32>()
            .map_err(|_| format!("'{number}' is not a number for {}", part.trim())),
    ))
}

/// The attacks of one part: `shortsword (d6) or short bow (d6)`, `bite or kick (d6)`. The
/// offset of an error is within `part`.
fn attack_part(part: &str) -> Result<Vec<Attack>, (usize, String)> {
    let mut done = Vec::new();
    // Names still waiting for dice, with their offsets: `bite or kick (d6)`.
    let mut waiting: Vec<(usize, String)> = Vec::new();
    for (offset, alt) in split_or(part) {
        let lead = alt.len() - alt.trim_start().len();
        let start = offset + lead;
        let alt = alt.trim();
        if alt.is_empty() {
            return Err((offset, "nothing on one side of 'or'".into()));
        }
        let (name, inside) = match alt.find('(') {
            None => (alt, None),
            Some(open) => {
                let Some(close) = alt.rfind(')').filter(|c| *c > open) else {
                    return Err((
                        start + open,
                        format!("'{alt}' opens a bracket it never closes"),
                    ));
                };
                if !alt[close + 1..].trim().is_empty() {
                    return Err((
                        start + close + 1,
                        format!(
                            "'{}' after the bracket: tags go inside it, as (d8, blast)",
                            alt[close + 1..].trim()
                        ),
                    ));
                }
                (
                    &alt[..open],
                    Some((start + open + 1, &alt[open + 1..close])),
                )
            }
        };
        let name = name.trim();
        if name.contains(')') || name.chars().next().is_some_and(|c| c.is_ascii_digit()) {
            return Err((
                start,
                format!(
                    "'{alt}' is not a stat or an attack: stats are a number and HP, Armor, STR, \
                     DEX or WIL; an attack is a name and its dice in brackets, as bite (d6)"
                ),
            ));
        }
        let name = checked(TextKind::ItemName, name, "an attack needs a name")
            .map_err(|e| (start, e.to_string()))?;
        waiting.push((start, name));
        if let Some((at, inside)) = inside {
            let (strikes, tags) = dice_and_tags(inside).map_err(|(o, r)| (at + o, r))?;
            for (_, name) in waiting.drain(..) {
                done.push(Attack {
                    name,
                    strikes: strikes.clone(),
                    tags: tags.clone(),
                });
            }
        }
    }
    if let Some((at, name)) = waiting.first() {
        return Err((
            *at,
            format!("'{name}' has no dice: give them in brackets, as {name} (d6)"),
        ));
    }
    Ok(done)
}

/// `d8+d8, blast`: the strikes, then the tags. Words after the dice and before the first comma
/// are a tag each (`d8 blast`); after a comma, the words up to the next are one tag (`ignores
/// armor`). A bracket that opens with no dice (`save`) is tags alone: an attack the judge rules.
fn dice_and_tags(inside: &str) -> Result<(Vec<Die>, Vec<String>), (usize, String)> {
    let pieces = split_top(inside, ',');
    let first = pieces.first().map_or("", |(_, p)| *p);
    let Some(dice) = first.split_whitespace().next() else {
        return Err((0, "empty brackets: the dice go there, as (d6)".into()));
    };
    let mut strikes = Vec::new();
    let mut tags: Vec<(usize, String)> = Vec::new();
    if looks_like_dice(dice) {
        for term in dice.split('+') {
            let die = die(term).ok_or_else(|| {
                (
                    inside.find(dice).unwrap_or(0),
                    format!(
                        "'{dice}' is not dice: an attack's dice are such as d6, 2d4 or d8+d8 \
                         (two strikes)"
                    ),
                )
            })?;
            strikes.push(die);
        }
        if strikes.len() > MAX_STRIKES {
            return Err((
                0,
                format!(
                    "{} strikes in one attack; at most {MAX_STRIKES}",
                    strikes.len()
                ),
            ));
        }
        let after = first.find(dice).map_or(0, |o| o + dice.len());
        for w in first[after..].split_whitespace() {
            tags.push((after + first[after..].find(w).unwrap_or(0), w.to_string()));
        }
    } else {
        tags.push((0, first.to_string()));
    }
    for (offset, piece) in pieces.iter().skip(1) {
        if !piece.trim().is_empty() {
            tags.push((*offset, piece.to_string()));
        }
    }
    let mut out = Vec::new();
    for (offset, raw) in tags {
        let tag = raw
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase();
        let lead = raw.len() - raw.trim_start().len();
        if !tag
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == ' ')
        {
            return Err((
                offset + lead,
                format!(
                    "'{}' is not a tag: a tag is words, as blast or ignores armor",
                    raw.trim()
                ),
            ));
        }
        let tag = checked(TextKind::ItemName, &tag, "an empty tag")
            .map_err(|e| (offset + lead, e.to_string()))?;
        if !out.contains(&tag) {
            out.push(tag);
        }
    }
    Ok((strikes, out))
}

/// Whether a bracket's first word is meant as dice (`d6`, `2d4`, `d7x`, a slip to point at)
/// rather than words (`save`, `dagger`).
fn looks_like_dice(word: &str) -> bool {
    let mut chars = word.chars();
    match chars.next() {
        Some(c) if c.is_ascii_digit() => true,
        Some('d' | 'D') => chars.next().is_some_and(|c| c.is_ascii_digit()),
        _ => false,
    }
}

/// "d6", "2d4": one size of die, 2 to 100 sides, 1 to 20 of them.
fn die(term: &str) -> Option<Die> {
    let t = term.trim().to_ascii_lowercase();
    let (n, d) = t.split_once('d')?;
    let count: u8 = if n.is_empty() { 1 } else { n.parse().ok()? };
    let sides: u16 = d.parse().ok()?;
    ((1..=20).contains(&count) && (2..=100).contains(&sides)).then_some(Die { count, sides })
}

/// `text` split at `sep` outside brackets, each piece with its byte offset.
fn split_top(text: &str, sep: char) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            c if c == sep && depth <= 0 => {
                out.push((start, &text[start..i]));
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    out.push((start, &text[start..]));
    out
}

/// A part split at the word `or` outside brackets, each piece with its byte offset.
fn split_or(part: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    let bytes = part.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'(' => depth += 1,
            b')' => depth -= 1,
            _ => {}
        }
        let word_or = depth <= 0
            && i + 2 <= bytes.len()
            && bytes[i..i + 2].eq_ignore_ascii_case(b"or")
            && (i == 0 || bytes[i - 1].is_ascii_whitespace())
            && (i + 2 == bytes.len() || bytes[i + 2].is_ascii_whitespace());
        if word_or {
            out.push((start, &part[start..i]));
            start = i + 2;
            i += 2;
            continue;
        }
        i += 1;
    }
    out.push((start, &part[start..]));
    out
}

/// `text` as the books mean it: Markdown emphasis marks (`_`, `*`) around words are not text,
/// nor is any space but the plain one. Each mark becomes `mark` (`' '` keeps every character
/// where it was, so columns still count; `'\0'` drops it), each other space a plain one. A
/// mark between two letters or digits stays (`snake_case`).
pub fn unmarked(text: &str, mark: char) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '_' || c == '*' {
            let end = chars[i..]
                .iter()
                .position(|x| *x != c)
                .map_or(chars.len(), |p| i + p);
            let word = |x: Option<&char>| x.is_some_and(|x| x.is_alphanumeric());
            let inside = word(i.checked_sub(1).and_then(|b| chars.get(b))) && word(chars.get(end));
            for _ in i..end {
                if inside {
                    out.push(c);
                } else if mark != '\0' {
                    out.push(mark);
                }
            }
            i = end;
            continue;
        }
        out.push(if c.is_whitespace() && c != '\n' {
            ' '
        } else {
            c
        });
        i += 1;
    }
    out
}

/// One creature read from a file: its block, and the line of its stat line (where a ruleset's
/// refusal points).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Read {
    pub block: StatBlock,
    pub line: usize,
}

/// What a file of stat blocks holds: the creatures that read, those refused (each with its line
/// and reason), and the sections that are no creature (a table, words), skipped with their line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Parsed {
    pub read: Vec<Read>,
    pub refused: Vec<StatError>,
    pub skipped: Vec<StatError>,
}

/// Reads a file of stat blocks. A heading followed at once by a deeper heading is a section's
/// title, not a creature; lines before the first heading are the file's own words and are
/// skipped unsaid; a heading whose first line is a table or words with no stat in them is a
/// section of the book, skipped and said.
pub fn parse_file(text: &str) -> Parsed {
    let lines: Vec<(usize, &str)> = text.lines().enumerate().map(|(i, l)| (i + 1, l)).collect();
    let mut parsed = Parsed::default();
    let mut i = 0;
    let mut any = false;
    while i < lines.len() {
        let (n, l) = lines[i];
        let Some((level, name)) = heading(l) else {
            i += 1;
            continue;
        };
        let end = lines[i + 1..]
            .iter()
            .position(|(_, l)| heading(l).is_some())
            .map_or(lines.len(), |p| i + 1 + p);
        let body: Vec<(usize, &str)> = lines[i + 1..end]
            .iter()
            .copied()
            .filter(|(_, l)| !l.trim().is_empty())
            .collect();
        i = end;
        if body.is_empty()
            && lines
                .get(end)
                .and_then(|(_, l)| heading(l))
                .is_some_and(|(next, _)| next > level)
        {
            continue;
        }
        if let Some(what) = body.first().and_then(|(_, first)| not_a_creature(first)) {
            let name = plain_name(name);
            parsed.skipped.push(StatError {
                line: n,
                column: 1,
                reason: format!("{name} is {what}, not a creature"),
            });
            continue;
        }
        any = true;
        match block(n, name, &body) {
            Ok(r) => parsed.read.push(r),
            Err(e) => parsed.refused.push(e),
        }
    }
    if !any {
        parsed.refused.push(StatError {
            line: 1,
            column: 1,
            reason: "no creature in it: each starts with a heading, # Name, then its stat line"
                .into(),
        });
    }
    parsed
}

/// What the first line under a heading is when it cannot start a creature: "a table", or
/// "words" (a line that is no note and has no stat and no dice in brackets in it). None: it
/// may be a stat line, and a mistyped one is refused with its reason, not skipped.
fn not_a_creature(first: &str) -> Option<&'static str> {
    let t = first.trim_start();
    if t.starts_with('|') {
        return Some("a table");
    }
    if bullet(first).is_some() {
        return None;
    }
    let plain = unmarked(t, ' ');
    let has_stat = split_top(&plain, ',').iter().any(|(_, part)| {
        stat_part(part.trim()).is_some()
            || part.split('(').skip(1).any(|inside| {
                inside
                    .split(|c: char| c == ',' || c == ')' || c.is_whitespace())
                    .next()
                    .is_some_and(looks_like_dice)
            })
    });
    (!has_stat).then_some("words")
}

/// A heading's text as a name: no emphasis, one plain space between words.
fn plain_name(text: &str) -> String {
    unmarked(text, '\0')
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// A heading's level (the number of `#`) and its text, or None for another line.
fn heading(line: &str) -> Option<(usize, &str)> {
    let t = line.trim_start();
    let text = t.trim_start_matches('#');
    t.starts_with('#')
        .then(|| (t.len() - text.len(), text.trim()))
}

/// One creature: the heading on line `n`, then its non-blank lines.
fn block(n: usize, name: &str, body: &[(usize, &str)]) -> Result<Read, StatError> {
    let name = &plain_name(name);
    if name.is_empty() {
        return Err(StatError {
            line: n,
            column: 1,
            reason: "the heading has no name".into(),
        });
    }
    let Some(((line, stat), notes)) = body.split_first() else {
        return Err(StatError {
            line: n,
            column: 1,
            reason: format!(
                "{name} has no stat line under its heading, such as 4 HP, 12 STR, 12 DEX, 9 WIL, bite (d6)"
            ),
        });
    };
    let lead = stat.chars().take_while(|c| c.is_whitespace()).count();
    if bullet(stat).is_some() {
        return Err(StatError {
            line: *line,
            column: lead + 1,
            reason: format!("{name}'s first line is a note; its stat line comes first"),
        });
    }
    let mut block = parse_line(name, stat.trim(), *line, lead + 1)?;
    for (n, l) in notes {
        let note = match bullet(l) {
            Some(text) => text,
            None => {
                // A line that goes on from the bullet before it.
                if let Some(last) = block.notes.last_mut() {
                    last.push(' ');
                    last.push_str(&plain_name(l));
                    continue;
                }
                l.trim()
            }
        };
        let note = plain_name(note);
        let note = checked(TextKind::Note, &note, "an empty bullet").map_err(|e| StatError {
            line: *n,
            column: 1,
            reason: e.to_string(),
        })?;
        block.notes.push(note);
    }
    if let Some(total) = Some(block.text().chars().count()).filter(|c| *c > TextKind::Note.limit())
    {
        return Err(StatError {
            line: n,
            column: 1,
            reason: format!(
                "{name}'s notes run to {total} characters; a creature's text holds at most {}",
                TextKind::Note.limit()
            ),
        });
    }
    Ok(Read { block, line: *line })
}

/// The text of a bullet (`- x`, `* x`, `+ x`, `• x`), or None for another line.
fn bullet(line: &str) -> Option<&str> {
    let t = line.trim_start();
    ["- ", "* ", "+ ", "• "]
        .iter()
        .find_map(|b| t.strip_prefix(b))
        .map(str::trim)
}
