//! `slotmark replay --verify`: re-applies a saved log with its recorded faces and checks that it
//! still gives the events it logged and the state the file saved, naming the first difference.

use super::file::{self, SessionFile, Step, pretty};
use super::journal::{self, journal_path};
use super::pieces::{PIECE, PieceLog};
use super::{MAX_FILE_BYTES, StoreError, replay_error};
use crate::dice::ScriptedDice;
use crate::rules::RulesetId;
use crate::session::{self, Command, Session, SessionState};
use std::borrow::Borrow;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// What `verify` found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifyReport {
    pub path: PathBuf,
    pub ruleset: RulesetId,
    /// The slotmark version that wrote the file.
    pub written_by: String,
    /// Steps in the log, including any redo tail past the cursor.
    pub entries: usize,
    pub cursor: usize,
    /// Steps in the journal not yet written into the file (they were checked to apply).
    pub journal_records: usize,
    /// The first difference between the saved session and its replay, in words.
    pub difference: Option<String>,
}

impl VerifyReport {
    pub fn matches(&self) -> bool {
        self.difference.is_none()
    }
}

impl fmt::Display for VerifyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.difference {
            None => write!(
                f,
                "{}: the log replays exactly: {} steps, and the state after step {} matches the saved state",
                self.path.display(),
                self.entries,
                self.cursor
            )?,
            Some(d) => write!(f, "{}: the replay differs: {d}", self.path.display())?,
        }
        if self.journal_records > 0 {
            write!(
                f,
                " ({} more steps wait in the journal and will be saved when the session is next opened)",
                self.journal_records
            )?;
        }
        Ok(())
    }
}

/// Replays the log of the file at `path` from its initial state with the recorded faces, checks
/// that every step is accepted and draws exactly its recorded faces, and compares the state at
/// the cursor with the one saved. The journal
/// beside the file, if any, is checked to apply on top. Nothing is written.
pub fn verify(path: &Path) -> Result<VerifyReport, StoreError> {
    verify_in_phases(path).map(|(report, _)| report)
}

/// [`verify`] without its quick path: the file read whole, then replayed. For the tests outside
/// the crate, which check that both ways give the same for any file.
#[doc(hidden)]
pub fn verify_read_whole(path: &Path) -> Result<VerifyReport, StoreError> {
    verify_all(path, None).map(|(report, _, _)| report)
}

/// [`verify`] reading the file `piece` bytes at a time in its quick path instead of
/// [`PIECE`]'s. For the tests outside the crate, which split files at every kind of place.
#[doc(hidden)]
pub fn verify_in_pieces(path: &Path, piece: usize) -> Result<VerifyReport, StoreError> {
    verify_all(path, Some(piece)).map(|(report, _, _)| report)
}

/// What [`verify_keeping`] read and replayed: the parsed file (or the session rebuilt from it)
/// and the replayed state. Dropping it frees them piece by piece, each step and each note
/// apart, several milliseconds for 100,000 steps; a process about to end can leave them to the
/// system instead (`std::mem::forget`), which takes its pages back at once.
pub struct Leftovers {
    _file: Option<SessionFile>,
    _session: Option<Session>,
    _replayed: SessionState,
}

/// [`verify`], handing back what it read instead of freeing it (see [`Leftovers`]).
pub fn verify_keeping(path: &Path) -> Result<(VerifyReport, Leftovers), StoreError> {
    verify_all(path, Some(PIECE)).map(|(report, _, leftovers)| (report, leftovers))
}

/// [`verify`], with the time each of its phases took, in order: reading the file, parsing its
/// RON, checking its checksums and the place of its steps, replaying the log and comparing the
/// state, and the journal; in the common case, which reads the file in pieces, one phase for
/// all of it. For the benchmarks, which must say where the time goes.
pub fn verify_in_phases(path: &Path) -> Result<(VerifyReport, Phases), StoreError> {
    verify_all(path, Some(PIECE)).map(|(report, phases, _)| (report, phases))
}

/// `as_read`: the size of the pieces in which the common case reads the file in
/// [`verify_as_read`], if it may.
fn verify_all(
    path: &Path,
    as_read: Option<usize>,
) -> Result<(VerifyReport, Phases, Leftovers), StoreError> {
    let mut phases = Phases::default();
    let mut clock = Instant::now();
    let mut lap = |name: &'static str, phases: &mut Phases| {
        let now = Instant::now();
        phases.0.push((name, now - clock));
        clock = now;
    };
    if let Some(piece) = as_read {
        if let Some((report, leftovers)) = verify_as_read(path, piece)? {
            lap("read, checksums, parse and replay", &mut phases);
            return Ok((report, phases, leftovers));
        }
        // Something is otherwise: the file is read again, whole, and replayed again from its
        // start, even when steps were replayed already, so that what is wrong is named as it
        // always was.
        lap("read in pieces, given up", &mut phases);
    }
    let text = file::read_text(path, MAX_FILE_BYTES)?;
    lap("read", &mut phases);
    let breaks = file::line_breaks(&text);
    let mut file = file::parse_ron(path, &text, &breaks)?;
    lap("parse", &mut phases);
    file::lay_out(&text, &breaks, &mut file);
    // Given back before the replay takes memory of its own.
    drop(breaks);
    drop(text);
    lap("checksums", &mut phases);
    let (difference, replayed) = first_log_difference(&file);
    lap("replay and compare", &mut phases);
    let mut report = VerifyReport {
        path: path.to_path_buf(),
        ruleset: file.ruleset,
        written_by: file.written_by.clone(),
        entries: file.entries.len(),
        cursor: file.cursor,
        journal_records: 0,
        difference,
    };
    // A log that replays is no proof: a damaged byte can change a note or a face and still
    // replay. A file that no longer matches its checksum is refused like any damaged file.
    if let Some(damage) = file.damage.clone() {
        return Err(super::damaged(path, damage));
    }
    let jpath = journal_path(path);
    let mut leftovers = Leftovers {
        _file: None,
        _session: None,
        _replayed: replayed,
    };
    if let Some(text) = journal::read_text(&jpath)? {
        let contents = journal::parse(&jpath, &text, file.generation)?;
        report.journal_records = contents.records.len();
        if report.difference.is_none() && !contents.records.is_empty() {
            let lines = file.step_lines;
            let steps = file.entries.into_iter().map(|s| (s.command, s.faces));
            let mut session = Session::from_steps(file.initial, steps, file.cursor)
                .map_err(|e| replay_error(path, lines, e))?;
            journal::apply(&jpath, &mut session, &contents.records)?;
            leftovers._session = Some(session);
            lap("journal", &mut phases);
            return Ok((report, phases, leftovers));
        }
    }
    leftovers._file = Some(file);
    lap("journal", &mut phases);
    Ok((report, phases, leftovers))
}

/// The common case, read and replayed in one go: a file laid out as slotmark writes it, not
/// damaged, with no steps waiting in its journal. The file is read in pieces of `piece` bytes
/// (see [`PieceLog`]) and each step replayed as soon as its line is read, so neither the file's
/// text nor its log is ever held whole: each line is checked, parsed and replayed while it is
/// still in the processor's cache, and the log's 100,000 parsed steps would be most of the memory
/// the process touches. Ok(None) when anything is otherwise, before or after the replay: the
/// caller then reads the file whole, which finds and names what is wrong as it always did. What
/// this gives, when it gives anything, is what that reading gives; it refuses (Err) only what
/// that reading refuses before it reads a byte: a path that is no regular file or cannot be
/// opened, a file too large.
fn verify_as_read(
    path: &Path,
    piece: usize,
) -> Result<Option<(VerifyReport, Leftovers)>, StoreError> {
    let Some((head, log)) = PieceLog::open(path, MAX_FILE_BYTES, piece)? else {
        return Ok(None);
    };
    Ok(replay_as_read(path, head, log))
}

/// [`verify_as_read`] once the part of the file before its log is read.
fn replay_as_read(
    path: &Path,
    mut head: SessionFile,
    mut log: PieceLog,
) -> Option<(VerifyReport, Leftovers)> {
    let jpath = journal_path(path);
    if let Some(journal) = journal::read_text(&jpath).ok()? {
        let contents = journal::parse(&jpath, &journal, head.generation).ok()?;
        if !contents.records.is_empty() {
            return None;
        }
    }
    let mut replayed = head.initial.clone();
    let mut entries = 0;
    let steps = log.by_ref().inspect(|_| entries += 1);
    let difference = log_difference(steps, head.cursor, &head.state, &mut replayed);
    // Every line is read even past a difference: a line further on that does not read is what
    // the whole reading would name first.
    entries += log.by_ref().count();
    log.close(&mut head, entries)?;
    let report = VerifyReport {
        path: path.to_path_buf(),
        ruleset: head.ruleset,
        written_by: head.written_by.clone(),
        entries,
        cursor: head.cursor,
        journal_records: 0,
        difference,
    };
    let leftovers = Leftovers {
        _file: Some(head),
        _session: None,
        _replayed: replayed,
    };
    Some((report, leftovers))
}

/// How long each phase of [`verify_in_phases`] took, in order.
#[derive(Debug, Clone, Default)]
pub struct Phases(pub Vec<(&'static str, Duration)>);

/// The first difference between the file's log replayed and what it saved, with the state the
/// replay reached.
fn first_log_difference(file: &SessionFile) -> (Option<String>, SessionState) {
    let mut state = file.initial.clone();
    let difference = log_difference(file.entries.iter(), file.cursor, &file.state, &mut state);
    (difference, state)
}

/// The first difference between the log's `steps` replayed on `state` and what the file saved:
/// a step refused or drawing other dice than recorded, or the state at the `cursor` not the
/// `saved` one.
fn log_difference(
    steps: impl Iterator<Item = impl Borrow<Step>>,
    cursor: usize,
    saved: &SessionState,
    state: &mut SessionState,
) -> Option<String> {
    if cursor == 0 {
        return state_difference(saved, state);
    }
    for (i, step) in steps.enumerate() {
        let step = step.borrow();
        let n = i + 1;
        // The faces left over say how many the step drew: no purpose is written or kept.
        let mut faces = ScriptedDice::new(step.faces.iter().copied());
        if let Err(e) = session::apply_quietly(state, &step.command, &mut faces) {
            return Some(format!(
                "step {n} of the log ({}) is refused on replay: {e}",
                summary(&step.command)
            ));
        }
        if faces.remaining() > 0 {
            let drawn = step.faces.len() - faces.remaining();
            let count = |n: usize, one: &str, many: &str| {
                format!("{n} {}", if n == 1 { one } else { many })
            };
            return Some(format!(
                "step {n} of the log ({}) draws {} on replay, but the file recorded {} for it",
                summary(&step.command),
                count(drawn, "die", "dice"),
                count(step.faces.len(), "face", "faces")
            ));
        }
        if n == cursor
            && let Some(d) = state_difference(saved, state)
        {
            return Some(format!("after step {n}, {d}"));
        }
    }
    None
}

/// The first difference between a saved state and a replayed one, or None when they are equal.
pub(super) fn state_difference(saved: &SessionState, replayed: &SessionState) -> Option<String> {
    if saved == replayed {
        return None;
    }
    let (a, b) = match (pretty(saved), pretty(replayed)) {
        (Ok(a), Ok(b)) => (a, b),
        _ => return Some("the saved state and the replayed one differ".into()),
    };
    Some(first_difference(&a, &b).unwrap_or_else(|| "the states differ".into()))
}

/// The command as one short line of RON, without the ruleset wrappers.
fn summary(command: &Command) -> String {
    let text = ron::to_string(command).unwrap_or_else(|_| "a command".into());
    let mut s = text.as_str();
    if let Some(inner) = s.strip_prefix("Game(").and_then(|r| r.strip_suffix(')')) {
        s = inner;
        if let Some(open) = s.find('(')
            && s[..open].chars().all(|c| c.is_ascii_alphanumeric())
            && let Some(inner) = s[open + 1..].strip_suffix(')')
        {
            s = inner;
        }
    }
    if s.chars().count() > 80 {
        let cut: String = s.chars().take(77).collect();
        format!("{cut}...")
    } else {
        s.to_string()
    }
}

/// Compares two pretty-printed RON texts and describes the first line that differs, with the
/// fields and list items that enclose it ("characters → Aldo → slots → #3 → wound").
pub(super) fn first_difference(saved: &str, replayed: &str) -> Option<String> {
    let a: Vec<&str> = saved.lines().collect();
    let b: Vec<&str> = replayed.lines().collect();
    let i = (0..a.len().max(b.len())).find(|&i| a.get(i) != b.get(i))?;
    let context = if i < a.len() { &a } else { &b };
    let leaf = a.get(i).or(b.get(i)).and_then(|l| field_name(l.trim()));
    let value = |line: Option<&&str>| match line {
        None => "nothing".to_string(),
        Some(l) => {
            let t = l.trim().trim_end_matches(',');
            let shown = match (leaf, field_name(t)) {
                (Some(x), Some(y)) if x == y => t[y.len() + 1..].trim(),
                _ => t,
            };
            format!("`{shown}`")
        }
    };
    let mut path = enclosing_path(context, i);
    if let Some(name) = leaf {
        path.push(name.to_string());
    }
    let (left, right) = (value(a.get(i)), value(b.get(i)));
    let place = if path.is_empty() {
        "the state".to_string()
    } else {
        path.join(" → ")
    };
    Some(format!(
        "{place}: the file has {left}, the replay gives {right}"
    ))
}

/// `name` when the line reads `name: ...`.
fn field_name(line: &str) -> Option<&str> {
    let (name, _) = line.split_once(':')?;
    (!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .then_some(name)
}

fn indent_of(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

fn is_closer(line: &str) -> bool {
    line.trim_start().starts_with([')', ']', '}'])
}

/// The fields and list items enclosing line `i`, outermost first.
fn enclosing_path(lines: &[&str], i: usize) -> Vec<String> {
    let mut parts = Vec::new();
    let mut level = indent_of(lines[i]);
    let mut j = i;
    // The line that opened the item currently being climbed out of.
    while j > 0 {
        j -= 1;
        let line = lines[j];
        if line.trim().is_empty() || indent_of(line) >= level || is_closer(line) {
            continue;
        }
        level = indent_of(line);
        let text = line.trim();
        match field_name(text) {
            Some(name) => parts.push(name.to_string()),
            None => {
                if let Some(label) = item_label(lines, j) {
                    parts.push(label);
                }
            }
        }
    }
    parts.reverse();
    parts
}

/// A list item opened at line `j`: its `name` when it has one, else its place in the list,
/// counted from 1 (slot lists read as slot numbers that way).
fn item_label(lines: &[&str], j: usize) -> Option<String> {
    let level = indent_of(lines[j]);
    // Count the items before this one, back to the line that opened the list.
    let mut index = 1;
    let mut k = j;
    while k > 0 {
        k -= 1;
        let ind = indent_of(lines[k]);
        if ind < level {
            break;
        }
        if ind == level && !is_closer(lines[k]) {
            index += 1;
        }
    }
    if k == 0 && indent_of(lines[0]) >= level {
        return None;
    }
    let inner = level + 4;
    let name = lines[j + 1..]
        .iter()
        .take_while(|l| indent_of(l) > level || l.trim().is_empty())
        .filter(|l| indent_of(l) == inner)
        .find_map(|l| l.trim().strip_prefix("name: \""))
        .and_then(|rest| rest.strip_suffix("\","));
    Some(match name {
        Some(name) => name.to_string(),
        None => format!("#{index}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_enclosing_fields_and_items() {
        let saved = "(\n    title: \"A\",\n    items: [\n        (\n            name: \"Aldo\",\n            slots: [\n                (\n                    wound: None,\n                ),\n                (\n                    wound: Open,\n                ),\n            ],\n        ),\n    ],\n)";
        let replayed = saved.replace("wound: Open", "wound: Treated");
        let d = first_difference(saved, &replayed).unwrap();
        assert_eq!(
            d,
            "items → Aldo → slots → #2 → wound: the file has `Open`, the replay gives `Treated`"
        );
        assert_eq!(first_difference(saved, saved), None);
        let retitled = saved.replace("\"A\"", "\"B\"");
        assert_eq!(
            first_difference(saved, &retitled).unwrap(),
            "title: the file has `\"A\"`, the replay gives `\"B\"`"
        );
    }
}
