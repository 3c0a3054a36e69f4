//! The judge's own bestiary: creatures read from stat blocks (`rules::statline`), from
//! Kettlewright's bestiary JSON ([`super::kettlewright`]) and from Foundry's Cairn actors and
//! packs ([`super::foundry`]), each file told by what it holds, by `slotmark library import
//! PATH --rules KEY` and kept in `bestiary/KEY.ron` in slotmark's data folder
//! (beside the `tables` folder), one file per ruleset. Rulesets phase, bdp and ap read the stat
//! line (each maps it in its own content module, `from_stat`); the slot system and actiondie
//! do not, and say why.
//!
//! An import takes every creature that reads and maps, and lists each one that does not with its
//! file, line and reason, and each section of a book that is no creature (a table, words) as
//! skipped; [`Mode::AllOrNothing`] (`--strict`) writes nothing when any creature is refused.
//! Either way the bestiary file is written once, whole. At start a bad file, or a creature in it
//! the ruleset no longer takes, is left out with its line and reason; the rest stand.

use super::{ContentError, NameIndex, squash};
use crate::rules::RulesetId;
use crate::rules::statline::{self, StatBlock};
use crate::store::{StoreError, read_bestiary, write_bestiary};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use thiserror::Error;

/// Why an import could not even start, or could not be written.
#[derive(Debug, Error)]
pub enum ImportError {
    #[error("{0}")]
    NotMapped(String),
    #[error("{path}: {message}")]
    Source { path: String, message: String },
    #[error("the bestiary already there cannot be read, so nothing was written over it: {0}")]
    Existing(StoreError),
    #[error("{0}")]
    Write(StoreError),
}

/// Why a ruleset does not read the stat line, or None when it does.
pub fn why_not(rules: RulesetId) -> Option<&'static str> {
    match rules {
        RulesetId::Phase | RulesetId::Bdp | RulesetId::Ap => None,
        RulesetId::Slots => Some(
            "the slot system keeps no HP and no STR, DEX or WIL: a creature is its slots \
             and what fills them (000), so a stat line has nowhere to go",
        ),
        RulesetId::ActionDie => Some(
            "actiondie's abilities are dice on a ladder (d4 to d12), not scores, and it has \
             AWR where the stat line has none: reading 3-18 as dice would be a guess",
        ),
        _ => Some("this ruleset keeps no bestiary"),
    }
}

/// Is this creature one `rules` can take? The ruleset's own mapping, checked as its bundled
/// bestiary is; the reason in words when not.
pub fn check(rules: RulesetId, block: &StatBlock) -> Result<(), String> {
    match rules {
        RulesetId::Phase => super::phase::from_stat(block).map(drop),
        RulesetId::Bdp => super::bdp::from_stat(block).map(drop),
        RulesetId::Ap => super::ap::from_stat(block).map(drop),
        other => Err(why_not(other).unwrap_or_default().to_string()),
    }
}

/// The folder the judge's bestiary files are in: `bestiary` in slotmark's data folder.
pub fn folder() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "slotmark").map(|d| d.data_dir().join("bestiary"))
}

/// The file of one ruleset's creatures in `dir`.
pub fn file_of(dir: &Path, rules: RulesetId) -> PathBuf {
    dir.join(format!("{}.ron", rules.key()))
}

/// The judge's creatures, per ruleset, and what was left out.
#[derive(Debug, Clone, Default)]
pub struct Bestiary {
    pub creatures: Vec<(RulesetId, StatBlock)>,
    pub refused: Vec<ContentError>,
}

impl Bestiary {
    /// The creatures of one ruleset, in file order.
    pub fn of(&self, rules: RulesetId) -> impl Iterator<Item = &StatBlock> {
        self.creatures
            .iter()
            .filter(move |(r, _)| *r == rules)
            .map(|(_, b)| b)
    }
}

/// Reads every ruleset's file in `dir`. Never fails: a missing file holds no creatures, and a
/// file or a creature that cannot be used is left out with its reason.
pub fn load(dir: &Path) -> Bestiary {
    let mut found = Bestiary::default();
    for rules in RulesetId::ALL
        .iter()
        .copied()
        .filter(|r| why_not(*r).is_none())
    {
        let path = file_of(dir, rules);
        if !path.exists() {
            continue;
        }
        let file = path.display().to_string();
        let (in_file, creatures, text) = match read_bestiary(&path) {
            Ok(read) => read,
            Err(e) => {
                found.refused.push(from_store(&file, e));
                continue;
            }
        };
        if in_file != rules {
            found.refused.push(ContentError::Invalid {
                file,
                message: format!(
                    "holds creatures of ruleset {}, not {}",
                    in_file.key(),
                    rules.key()
                ),
            });
            continue;
        }
        for b in creatures {
            match check(rules, &b) {
                Ok(()) => found.creatures.push((rules, b)),
                Err(message) => found.refused.push(ContentError::Syntax {
                    file: file.clone(),
                    line: line_of(&text, &b.name),
                    column: 1,
                    message: format!("{} is left out: {message}", b.name),
                }),
            }
        }
    }
    found
}

fn from_store(file: &str, e: StoreError) -> ContentError {
    match e {
        StoreError::Unreadable {
            line,
            column,
            message,
            ..
        } => ContentError::Syntax {
            file: file.to_string(),
            line,
            column,
            message,
        },
        StoreError::TooNew { line, column, .. } => {
            let reason = e.reason();
            ContentError::Syntax {
                file: file.to_string(),
                line,
                column,
                message: reason
                    .strip_prefix(&format!("{line}:{column}:"))
                    .map_or(reason.as_str(), str::trim)
                    .to_string(),
            }
        }
        e => ContentError::Io {
            file: file.to_string(),
            message: e.reason(),
        },
    }
}

/// The line a creature's name is written on in a bestiary file (1 when it cannot be found).
fn line_of(text: &str, name: &str) -> usize {
    let wanted = format!("name: {}", ron::to_string(name).unwrap_or_default());
    text.lines()
        .position(|l| l.contains(&wanted))
        .map_or(1, |i| i + 1)
}

static ACTIVE: OnceLock<Bestiary> = OnceLock::new();

/// Makes `bestiary` the one every ruleset's bestiary takes in, for the rest of the process (the
/// first call wins).
pub fn install(bestiary: Bestiary) -> bool {
    ACTIVE.set(bestiary).is_ok()
}

/// The judge's bestiary, read from [`folder`] the first time it is needed.
pub fn active() -> &'static Bestiary {
    ACTIVE.get_or_init(|| folder().map(|d| load(&d)).unwrap_or_default())
}

/// What an import did: the creatures read, each block refused (file, line, reason), each
/// section skipped as no creature (file, line, what it is), the names that replaced ones
/// already in the bestiary, and the file written (None: nothing was).
#[derive(Debug, Clone, Default)]
pub struct Report {
    pub read: Vec<StatBlock>,
    pub refused: Vec<ContentError>,
    pub skipped: Vec<ContentError>,
    pub replaced: Vec<String>,
    pub written: Option<PathBuf>,
}

/// Whether an import with refused creatures still brings in the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// Every creature that reads comes in; the refused are listed.
    #[default]
    EveryReadable,
    /// One refused creature and nothing is written (`--strict`).
    AllOrNothing,
}

/// The files of a folder an import reads: books (`.md`, `.txt`) and the JSON other tools write
/// (`.json`, Foundry's `.db` packs, `.jsonl`).
const READ_IN_A_FOLDER: [&str; 5] = ["md", "txt", "json", "db", "jsonl"];

/// The creatures of one file, whatever it holds: JSON (Kettlewright's bestiary, Foundry's
/// actors or packs), told by its content and not its name; else stat blocks as the books print
/// them. A damaged JSON file is refused whole, at its place.
pub fn read_creatures(text: &str) -> statline::Parsed {
    if !super::json::looks_like_json(text) {
        return statline::parse_file(text);
    }
    let mut parsed = statline::Parsed::default();
    let values = match super::json::values(text) {
        Ok(values) => values,
        Err(e) => {
            parsed.refused.push(e);
            return parsed;
        }
    };
    // A JSON-lines pack is a log (NeDB's): a document written again replaces the one before it
    // (the last line of an `_id` stands), and `$$deleted` removes it.
    let mut last: HashMap<&str, usize> = HashMap::new();
    for (i, placed) in values.iter().enumerate() {
        if let Some(id) = placed.value.get("_id").and_then(|v| v.as_str()) {
            last.insert(id, i);
        }
    }
    for (i, placed) in values.iter().enumerate() {
        let id = placed.value.get("_id").and_then(|v| v.as_str());
        let replaced = id.is_some_and(|id| last.get(id) != Some(&i));
        let deleted = placed.value.get("$$deleted").and_then(|v| v.as_bool()) == Some(true);
        if replaced || deleted {
            continue;
        }
        let mut from = placed.at;
        match &placed.value {
            serde_json::Value::Object(obj) => one_value(text, placed, obj, &mut from, &mut parsed),
            serde_json::Value::Array(list) => {
                for value in list {
                    match value.as_object() {
                        Some(obj) => one_value(text, placed, obj, &mut from, &mut parsed),
                        None => parsed.refused.push(statline::StatError {
                            line: super::json::line_at(text, from),
                            column: 1,
                            reason: format!(
                                "{} in a list of creatures, where each is an object",
                                super::json::kind(value)
                            ),
                        }),
                    }
                }
            }
            other => parsed.refused.push(statline::StatError {
                line: placed.line,
                column: 1,
                reason: format!(
                    "the file is {}, not creatures: slotmark reads Kettlewright's bestiary and \
                     Foundry's Cairn actors and packs",
                    super::json::kind(other)
                ),
            }),
        }
    }
    if parsed.read.is_empty() && parsed.refused.is_empty() {
        parsed.refused.push(statline::StatError {
            line: 1,
            column: 1,
            reason: "no creature in it".into(),
        });
    }
    parsed
}

/// One object of a JSON file: Kettlewright's whole bestiary, one of its creatures, or a
/// Foundry actor; anything else is refused, saying what slotmark reads.
fn one_value(
    text: &str,
    placed: &super::json::Placed,
    obj: &serde_json::Map<String, serde_json::Value>,
    from: &mut usize,
    parsed: &mut statline::Parsed,
) {
    use super::{foundry, json, kettlewright};
    if kettlewright::is_bestiary(obj) {
        kettlewright::read_bestiary(text, placed, obj, parsed);
    } else if kettlewright::is_creature(obj) {
        kettlewright::read_one(text, from, &serde_json::Value::Object(obj.clone()), parsed);
    } else if foundry::is_actor(obj) {
        let name = obj.get("name").and_then(|n| n.as_str()).unwrap_or_default();
        let line = json::line_of_name(text, from, name);
        match foundry::creature(obj, line) {
            Ok(Some(block)) => parsed.read.push(statline::Read { block, line }),
            Ok(None) => parsed.skipped.push(statline::StatError {
                line,
                column: 1,
                reason: format!(
                    "{} is a Foundry {}, not a creature",
                    name.trim(),
                    obj.get("type").and_then(|t| t.as_str()).unwrap_or("actor")
                ),
            }),
            Err(e) => parsed.refused.push(e),
        }
    } else if kettlewright::character::is_character(obj) {
        parsed.refused.push(statline::StatError {
            line: json::line_at(text, *from),
            column: 1,
            reason: format!(
                "{} is a Kettlewright character, not a creature: `import PATH` in a session \
                 brings a character in",
                obj.get("name")
                    .and_then(|n| n.as_str())
                    .unwrap_or_default()
                    .trim()
            ),
        });
    } else {
        parsed.refused.push(statline::StatError {
            line: json::line_at(text, *from),
            column: 1,
            reason: "an object that is no creature slotmark knows: it reads Kettlewright's \
                     bestiary (Name, HP, STR...) and Foundry's actors (type, system or data)"
                .into(),
        });
    }
}

/// The files `path` names: itself, or the files of a folder it reads ([`READ_IN_A_FOLDER`]) in
/// name order.
fn sources(path: &Path) -> Result<Vec<PathBuf>, ImportError> {
    let shown = path.display().to_string();
    let meta = std::fs::metadata(path).map_err(|e| ImportError::Source {
        path: shown.clone(),
        message: format!("cannot be read: {e}"),
    })?;
    if !meta.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let entries = std::fs::read_dir(path).map_err(|e| ImportError::Source {
        path: shown.clone(),
        message: format!("cannot be read: {e}"),
    })?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension()
                .is_some_and(|x| READ_IN_A_FOLDER.iter().any(|r| x.eq_ignore_ascii_case(r)))
        })
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(ImportError::Source {
            path: shown,
            message: "holds no .md or .txt files of stat blocks, and no .json or .db files of \
                      creatures"
                .into(),
        });
    }
    Ok(files)
}

/// Reads one stat-block file or a folder of them for `rules` and writes the creatures the
/// ruleset takes into the bestiary file in `dir`, in one write (a creature named like one
/// already there replaces it). In [`Mode::AllOrNothing`] one refused block and nothing is
/// written; a section skipped as no creature refuses nothing.
pub fn import(
    path: &Path,
    rules: RulesetId,
    dir: &Path,
    mode: Mode,
) -> Result<Report, ImportError> {
    if let Some(why) = why_not(rules) {
        return Err(ImportError::NotMapped(format!(
            "ruleset {} does not read stat lines: {why}",
            rules.key()
        )));
    }
    let mut report = Report::default();
    let mut places: Vec<(String, usize)> = Vec::new();
    // Each name read so far, squashed, with its place in `report.read`.
    let mut read_names: HashMap<String, usize> = HashMap::new();
    for source in sources(path)? {
        let file = source.display().to_string();
        let text = match super::read::read_user_file(&source, &file) {
            Ok(text) => text,
            Err(e) => {
                report.refused.push(e);
                continue;
            }
        };
        let parsed = read_creatures(&text);
        report
            .skipped
            .extend(parsed.skipped.into_iter().map(|e| ContentError::Syntax {
                file: file.clone(),
                line: e.line,
                column: e.column,
                message: e.reason,
            }));
        // This file's refusals, told in the order of its lines.
        let mut here: Vec<(usize, usize, String)> = parsed
            .refused
            .into_iter()
            .map(|e| (e.line, e.column, e.reason))
            .collect();
        for r in parsed.read {
            let name = squash(&r.block.name);
            if let Some(&i) = read_names.get(&name) {
                let (f, l) = &places[i];
                here.push((
                    r.line,
                    1,
                    format!("{} is already read, from {f}:{l}", r.block.name),
                ));
                continue;
            }
            match check(rules, &r.block) {
                Ok(()) => {
                    read_names.insert(name, report.read.len());
                    places.push((file.clone(), r.line));
                    report.read.push(r.block);
                }
                Err(message) => here.push((r.line, 1, message)),
            }
        }
        here.sort_by_key(|(line, column, _)| (*line, *column));
        report
            .refused
            .extend(
                here.into_iter()
                    .map(|(line, column, message)| ContentError::Syntax {
                        file: file.clone(),
                        line,
                        column,
                        message,
                    }),
            );
    }
    if report.read.is_empty() || (mode == Mode::AllOrNothing && !report.refused.is_empty()) {
        return Ok(report);
    }
    let target = file_of(dir, rules);
    let mut creatures = if target.exists() {
        read_bestiary(&target).map_err(ImportError::Existing)?.1
    } else {
        Vec::new()
    };
    // A creature named as one already there (squashed, as the import's own names are
    // compared) takes its place.
    let mut names = NameIndex::of(&creatures, |c| &c.name, squash);
    for b in &report.read {
        if names.replace_or_push(&mut creatures, b.clone(), &b.name) {
            report.replaced.push(b.name.clone());
        }
    }
    write_bestiary(&target, rules, &creatures).map_err(ImportError::Write)?;
    report.written = Some(target);
    Ok(report)
}

/// A ruleset's bundled library with the creatures it takes from the judge's bestiary mapped
/// and merged after its own: one named like a bundled creature replaces it.
pub(crate) fn with_imported<L: Clone, C>(
    rules: RulesetId,
    bundled: &L,
    creatures: fn(&mut L) -> &mut Vec<C>,
    name_of: fn(&C) -> &str,
    map: fn(&StatBlock) -> Result<C, String>,
) -> L {
    let mut lib = bundled.clone();
    let list = creatures(&mut lib);
    let mut names = NameIndex::of(list, name_of, |n: &str| n.to_ascii_lowercase());
    for b in active().of(rules) {
        if let Ok(c) = map(b) {
            let name = name_of(&c).to_string();
            names.replace_or_push(list, c, &name);
        }
    }
    lib
}

/// Writes a ruleset's `library()` where its `bundled()` and `from_stat` are in scope: the
/// bestiary its verbs and screen find creatures in, the bundled one with the creatures of the
/// judge's own (`slotmark library import --rules KEY`) after it (see [`with_imported`]).
macro_rules! imported_library {
    ($lib:ty, $rules:ident) => {
        /// The bestiary the verbs and the screen find creatures in: the bundled one with the
        /// judge's own (`slotmark library import`) after it.
        pub fn library() -> &'static $lib {
            static WITH: std::sync::OnceLock<$lib> = std::sync::OnceLock::new();
            WITH.get_or_init(|| {
                $crate::content::bestiary::with_imported(
                    $crate::rules::RulesetId::$rules,
                    bundled(),
                    |l| &mut l.creatures,
                    |c| &c.name,
                    from_stat,
                )
            })
        }
    };
}
pub(crate) use imported_library;

/// A creature of the bestiary by name (case-insensitive; a unique prefix will do).
pub(crate) fn creature<'a, C>(
    creatures: &'a [C],
    name_of: impl Fn(&C) -> &str,
    name: &str,
) -> Result<&'a C, super::LookupError> {
    super::find_by_name(creatures, name_of, name, "creature in the bestiary")
}

/// A written creature's name, its HP (1 to 99) and its STR, DEX and WIL (0 to 20), as bdp and
/// phase take them; ap takes all four from 0 to 30.
pub(crate) fn scores_ok(name: &str, hp: u8, scores: [u8; 3]) -> Result<(), String> {
    super::name_ok(crate::rules::text::TextKind::Name, name, "a creature")?;
    if !(1..=99).contains(&hp) {
        return Err(format!("{name}: a creature's HP is 1 to 99, not {hp}"));
    }
    for (what, v) in ["STR", "DEX", "WIL"].into_iter().zip(scores) {
        if v > 20 {
            return Err(format!("{name}: a creature's {what} is 0 to 20, not {v}"));
        }
    }
    Ok(())
}

/// Refuses a creature whose Armor is above what a ruleset holds (`what` names its armour,
/// `rule` the rule that caps it).
pub(crate) fn armor_at_most(
    block: &StatBlock,
    most: u8,
    what: &str,
    rule: &str,
) -> Result<(), String> {
    if block.armor > most {
        return Err(format!(
            "{}: Armor {} is more than {what} allows: 0 to {most} ({rule})",
            block.name, block.armor
        ));
    }
    Ok(())
}

/// Words for the tags of a stat line a ruleset has no rule for, to keep in the creature's
/// text: "It also has: claws (venom)." Empty when there are none.
pub(crate) fn unread_tags(block: &StatBlock, read: &[&str]) -> String {
    let mut left: Vec<String> = Vec::new();
    for a in block.attacks.iter().filter(|a| !a.strikes.is_empty()) {
        let tags: Vec<&str> = a
            .tags
            .iter()
            .map(String::as_str)
            .filter(|t| !read.iter().any(|r| r.eq_ignore_ascii_case(t)))
            .collect();
        if !tags.is_empty() {
            left.push(format!("{} ({})", a.name, tags.join(", ")));
        }
    }
    if left.is_empty() {
        String::new()
    } else {
        format!("Its stat line also tags {}.", left.join(", "))
    }
}

/// Words for the attacks of a stat line that have no dice (`gaze (save)`), which no ruleset
/// can roll, to keep in the creature's text: the judge rules them. Empty when there are none.
pub(crate) fn diceless(block: &StatBlock) -> String {
    let left: Vec<String> = block
        .attacks
        .iter()
        .filter(|a| a.strikes.is_empty())
        .map(|a| a.text())
        .collect();
    if left.is_empty() {
        String::new()
    } else {
        format!(
            "Its stat line also gives {}, with no dice: the judge rules it.",
            left.join(", ")
        )
    }
}

/// The creature's text: its notes, then `more` (if any), one space between.
pub(crate) fn text_with(block: &StatBlock, more: &[String]) -> String {
    std::iter::once(block.text())
        .chain(more.iter().cloned())
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The name of the `i`th of `n` strikes of an attack: "Claws" alone, "Claws 1", "Claws 2".
pub(crate) fn strike_name(name: &str, i: usize, n: usize) -> String {
    if n == 1 {
        name.to_string()
    } else {
        format!("{name} {}", i + 1)
    }
}

/// `count` stat blocks of made-up goblins as a file of them (`# Goblin N`, its line, a note),
/// numbered from `first`: for the tests and the bench of a long import.
#[doc(hidden)]
pub fn sample_blocks(first: usize, count: usize) -> String {
    let mut text = String::with_capacity(count * 100);
    for i in first..first + count {
        text.push_str(&format!(
            "# Goblin {i}\n4 HP, 1 Armor, 12 STR, 12 DEX, 9 WIL, shortsword (d6)\n\
             - Number {i}.\n\n"
        ));
    }
    text
}
