//! Bundled content, one module per ruleset, and what they share: reading content files (with
//! the place of a mistake, and the judge's own files through [`read`]), finding an entry by
//! name, and the errors of both. The slot system's
//! library, bestiary, kits and demo are in [`slots`] (from `assets/slots/`, with the judge's own
//! library file); ruleset `phase` has its price list, bestiary and demo in [`phase`] (from
//! `assets/phase/`), ruleset `bdp` its gear, bestiary, tables and demo in [`bdp`] (from
//! `assets/bdp/`), ruleset `ap` its gear, bestiary and demo in [`ap`], ruleset `actiondie` in
//! [`actiondie`], and the plain tracker its demo alone in [`plain`].

pub mod actiondie;
pub mod ap;
pub mod bdp;
pub mod bestiary;
pub mod foundry;
pub mod json;
pub mod kept;
pub mod kettlewright;
pub mod phase;
pub mod plain;
pub mod read;
pub mod slots;
pub mod tables;

pub use read::MAX_USER_FILE_BYTES;

/// A file of the repository's `assets/` built into the binary: its path, as messages name it,
/// and its text.
macro_rules! bundled_file {
    ($path:literal) => {
        (
            $path,
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $path)),
        )
    };
}
pub(crate) use bundled_file;

/// Writes a ruleset's `try_bundled` and `bundled` over its library `$lib`, which `$read` (a
/// [`Bundled`]) reads from the compiled-in files the first time either is called.
macro_rules! bundled_library {
    ($lib:ty, $read:expr) => {
        fn read_bundled() -> &'static $crate::content::Bundled<$lib> {
            static BUNDLED: std::sync::OnceLock<$crate::content::Bundled<$lib>> =
                std::sync::OnceLock::new();
            BUNDLED.get_or_init(|| $read)
        }

        /// Parses the bundled files, reporting the first problem.
        pub fn try_bundled() -> Result<$lib, $crate::content::ContentError> {
            read_bundled().result()
        }

        /// The bundled library, read once. The assets are compiled in and checked by the tests,
        /// so this is only empty on a broken build; [`try_bundled`] says why.
        pub fn bundled() -> &'static $lib {
            read_bundled().lib()
        }
    };
}
pub(crate) use bundled_library;
/// The judge's library: what is bundled plus the judge's own file, loaded once at the start and
/// carried by the screen and the command language to the ruleset whose verbs read it. Only the
/// slot system's verbs look inside (the other rulesets keep their content in their own module),
/// so the frame holds it by this name alone, and [`slots`] says what is in it.
pub use slots::Library;
/// Where the judge's library comes from and which one is in use.
pub use slots::{USER_FILE, active, bundled, install, load, try_bundled, user_file};

use crate::rules::text::{TextKind, checked};
use thiserror::Error;

/// Defaults the libraries' files share: a size or count of one, a movement of six, a score of
/// ten.
pub(crate) fn one() -> u8 {
    1
}

pub(crate) fn six() -> u8 {
    6
}

pub(crate) fn ten() -> u8 {
    10
}

/// A content file that could not be used: which file, where in it, and why.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ContentError {
    #[error("{file}:{line}:{column}: {message}")]
    Syntax {
        file: String,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{file}: {message}")]
    Invalid { file: String, message: String },
    #[error("{file}: {message}")]
    Io { file: String, message: String },
}

/// Looking something up by name failed: nothing matched, or a prefix matched several.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LookupError {
    #[error("there is no {what} called '{name}'{hint}")]
    Unknown {
        what: &'static str,
        name: String,
        /// Close names, already worded (" (did you mean Sword?)").
        hint: String,
    },
    #[error("'{name}' could be any of {}; type more of the name", .candidates.join(", "))]
    Ambiguous {
        name: String,
        candidates: Vec<String>,
    },
}

/// Finds one entry by name: exact (ignoring case) first, then ignoring spaces and dashes, then a
/// unique prefix. Shared by items, creatures, kits, characters and zones.
pub fn find_by_name<'a, T>(
    entries: &'a [T],
    name_of: impl Fn(&T) -> &str,
    name: &str,
    what: &'static str,
) -> Result<&'a T, LookupError> {
    let wanted = name.trim();
    if let Some(hit) = entries
        .iter()
        .find(|e| name_of(e).eq_ignore_ascii_case(wanted))
    {
        return Ok(hit);
    }
    let squashed = squash(wanted);
    if squashed.is_empty() {
        return Err(LookupError::Unknown {
            what,
            name: name.to_string(),
            hint: String::new(),
        });
    }
    if let Some(hit) = entries.iter().find(|e| squash(name_of(e)) == squashed) {
        return Ok(hit);
    }
    let prefixed: Vec<&T> = entries
        .iter()
        .filter(|e| squash(name_of(e)).starts_with(&squashed))
        .collect();
    match prefixed.as_slice() {
        [one] => Ok(one),
        [] => Err(LookupError::Unknown {
            what,
            name: name.to_string(),
            hint: closest(entries.iter().map(&name_of), wanted)
                .map(|c| format!(" (did you mean {c}?)"))
                .unwrap_or_default(),
        }),
        many => Err(LookupError::Ambiguous {
            name: name.to_string(),
            candidates: many.iter().map(|e| name_of(e).to_string()).collect(),
        }),
    }
}

/// Lower case with spaces, dashes and underscores dropped: "Goblin 2" and "goblin2" meet.
pub fn squash(name: &str) -> String {
    name.chars()
        .filter(|c| !c.is_whitespace() && *c != '-' && *c != '_')
        .flat_map(char::to_lowercase)
        .collect()
}

/// The name nearest to a misspelling, if any is near enough to be worth suggesting.
fn closest<'a>(names: impl Iterator<Item = &'a str>, wanted: &str) -> Option<&'a str> {
    let w = squash(wanted);
    names
        .map(|n| (edit_distance(&squash(n), &w), n))
        .filter(|(d, n)| *d <= 2.max(n.len() / 4))
        .min_by_key(|(d, _)| *d)
        .map(|(_, n)| n)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut row = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            row.push((prev[j] + cost).min(prev[j + 1] + 1).min(row[j] + 1));
        }
        prev = row;
    }
    prev[b.len()]
}

/// Reads a content file of any shape: an empty file, a file cut off and brackets nested too
/// deep are said in words; any other mistake with the parser's own words, at its place.
pub(crate) fn parse_ron<T: serde::de::DeserializeOwned>(
    file: &str,
    text: &str,
) -> Result<T, ContentError> {
    if text.trim().is_empty() {
        return Err(ContentError::Syntax {
            file: file.to_string(),
            line: 1,
            column: 1,
            message: "the file is empty; a library with nothing in it is `()`".into(),
        });
    }
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str(text)
        .map_err(|e| ContentError::Syntax {
            file: file.to_string(),
            line: e.span.start.line,
            column: e.span.start.col,
            message: match e.code {
                _ if cut_off(text, e.span.start.line, e.span.start.col) => {
                    "the file ends too early (it may have been cut off)".into()
                }
                ron::Error::ExceededRecursionLimit => {
                    "the file nests brackets deeper than any library does".into()
                }
                other => other.to_string(),
            },
        })
}

fn replace_or_push<T>(list: &mut Vec<T>, entry: T, name_of: impl Fn(&T) -> &str) {
    match list
        .iter()
        .position(|e| name_of(e).eq_ignore_ascii_case(name_of(&entry)))
    {
        Some(i) => list[i] = entry,
        None => list.push(entry),
    }
}

/// Names already in a list, each with its place, under a key that says which names are one
/// (their lower case, or [`squash`]): so merging many entries into a long list finds each name
/// at once, where [`replace_or_push`] looks through the whole list for every entry (an import
/// of 16,000 creatures took half a minute that way).
struct NameIndex<K: Fn(&str) -> String> {
    at: std::collections::HashMap<String, usize>,
    key: K,
}

impl<K: Fn(&str) -> String> NameIndex<K> {
    /// The names of `list`; of two with one key, the first is the one found, as
    /// [`replace_or_push`] finds it.
    fn of<T>(list: &[T], name_of: impl Fn(&T) -> &str, key: K) -> Self {
        let mut at = std::collections::HashMap::with_capacity(list.len());
        for (i, e) in list.iter().enumerate() {
            at.entry(key(name_of(e))).or_insert(i);
        }
        NameIndex { at, key }
    }

    /// Puts `entry` in the place of the one its name matches, or after the last; true when it
    /// replaced one.
    fn replace_or_push<T>(&mut self, list: &mut Vec<T>, entry: T, name: &str) -> bool {
        match self.at.get(&(self.key)(name)) {
            Some(&i) => {
                list[i] = entry;
                true
            }
            None => {
                self.at.insert((self.key)(name), list.len());
                list.push(entry);
                false
            }
        }
    }
}

/// A content entry's name, checked as the rules check typed text; `what` names the entry.
fn name_ok(kind: TextKind, name: &str, what: &str) -> Result<(), String> {
    let empty = format!("{what} needs a name");
    checked(kind, name, &empty).map(|_| ()).map_err(|e| {
        let e = e.to_string();
        if e == empty {
            e
        } else {
            format!("{what}: {e}")
        }
    })
}

/// A description or note in a content file: empty, or text the rules accept.
fn text_ok(name: &str, what: &str, text: &str) -> Result<(), String> {
    if text.is_empty() {
        return Ok(());
    }
    checked(TextKind::Note, text, "")
        .map(|_| ())
        .map_err(|e| format!("{name}'s {what}: {e}"))
}

/// A ruleset's library read once from its compiled-in files: the library (empty when a file is
/// broken, which the tests rule out) and the first problem found.
pub(crate) struct Bundled<L> {
    lib: L,
    broken: Option<ContentError>,
}

impl<L: Default + Clone> Bundled<L> {
    /// Merges `files` in order into an empty library.
    pub(crate) fn read(
        files: &[(&str, &str)],
        merge: fn(&mut L, &str, &str) -> Result<(), ContentError>,
    ) -> Bundled<L> {
        let mut lib = L::default();
        files
            .iter()
            .try_for_each(|(file, text)| merge(&mut lib, file, text))
            .map(|()| lib)
            .into()
    }

    pub(crate) fn lib(&self) -> &L {
        &self.lib
    }

    pub(crate) fn result(&self) -> Result<L, ContentError> {
        match &self.broken {
            Some(e) => Err(e.clone()),
            None => Ok(self.lib.clone()),
        }
    }
}

impl<L: Default> From<Result<L, ContentError>> for Bundled<L> {
    /// The library read, or an empty one with the first problem found.
    fn from(read: Result<L, ContentError>) -> Bundled<L> {
        match read {
            Ok(lib) => Bundled { lib, broken: None },
            Err(e) => Bundled {
                lib: L::default(),
                broken: Some(e),
            },
        }
    }
}

/// Did the parser stop at the end of `text` (1-based place, only blanks after it)? Then the text
/// ran out, whatever the parser expected next: the file was cut off.
fn cut_off(text: &str, line: usize, column: usize) -> bool {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    let rest = &text[start..];
    let offset = rest
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(rest.len(), |(i, _)| i);
    rest[offset..].trim().is_empty()
}
