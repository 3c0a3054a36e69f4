//! The crash journal: one RON record per line, appended and flushed before a command's result is
//! shown.
//!
//! Every line starts with the CRC-32 of the rest of the line in eight hex digits and a space, so
//! a damaged byte is found and refused instead of being read as another command. After it, each
//! step's line carries its number (1 for the first step after the header), so a line copied
//! twice, lost or moved is noticed: a line that repeats the one before it word for word is
//! dropped with a warning (slotmark never writes a step twice), any other break in the count is
//! refused as damage. Every reader takes the steps through [`Steps`], so all say the same.
//! Journals written before numbers (format 2) or before checksums (format 1) are still read,
//! without them.
//!
//! Its first line names the format and the file generation it continues. A full write of the
//! session file bumps the generation before the journal is emptied, so a crash between the two
//! leaves a journal that names an older generation: its records are already in the file and are
//! skipped instead of being applied twice.

use super::file::{describe, too_new_message};
use super::{FileKind, JournalRecord, MAX_FILE_BYTES, StoreError};
use crate::dice::RecordedDice;
use crate::session::{Logged, Session};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The journal's first line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct JournalHeader {
    pub format_version: u32,
    pub generation: u64,
}

/// The journal beside a session file: `NAME.ron` keeps its journal in `NAME.ron.journal`.
pub fn journal_path(session: &Path) -> PathBuf {
    let mut name = session.file_name().unwrap_or_default().to_os_string();
    name.push(".journal");
    session.with_file_name(name)
}

/// The journal format this build writes: 2 adds a checksum to every line, 3 a number to every
/// step's line.
pub const JOURNAL_VERSION: u32 = 3;

/// `text` as one journal line: its checksum, a space, the text and the line break.
fn checked(text: &str) -> String {
    format!("{:08x} {text}\n", crc32fast::hash(text.as_bytes()))
}

pub(super) fn header_line(generation: u64) -> Result<String, ron::Error> {
    Ok(checked(&ron::to_string(&JournalHeader {
        format_version: JOURNAL_VERSION,
        generation,
    })?))
}

/// The journal line of `record`, the `number`th step after the header (from 1).
pub(super) fn record_line(record: &JournalRecord, number: u64) -> Result<String, ron::Error> {
    Ok(checked(&format!("{number} {}", ron::to_string(record)?)))
}

/// The steps of a journal taken line by line, in order, as every reader takes them: each line's
/// checksum (format 2 on) and number (format 3 on) checked against the line before it.
#[derive(Debug, Clone, Default)]
pub(super) struct Steps {
    /// Lines start with their checksum (format 2 on).
    checksums: bool,
    /// Steps' lines carry their number (format 3 on).
    numbered: bool,
    /// The last step taken: its line in the journal (0 when not known), its number and its
    /// text after the checksum.
    last: Option<(usize, u64, String)>,
}

/// What one step's line of a journal holds.
#[derive(Debug)]
pub(super) enum Taken<'l> {
    /// The step's record, as RON.
    Step(&'l str),
    /// The line repeats the one before it word for word (that line's number in the journal):
    /// a copy slotmark never writes, to be dropped.
    Repeat(usize),
}

impl Steps {
    /// The steps of a journal whose header names `format`.
    pub(super) fn of_format(format: u32) -> Steps {
        Steps {
            checksums: format >= 2,
            numbered: format >= 3,
            last: None,
        }
    }

    /// Takes the text of the step on journal line `no` (0 when not known), after its checksum:
    /// its record's RON, or a repeat of the line before; the column and the reason when its
    /// number does not follow on from the step before it.
    pub(super) fn take<'l>(
        &mut self,
        no: usize,
        text: &'l str,
    ) -> Result<Taken<'l>, (usize, String)> {
        if !self.numbered {
            return Ok(Taken::Step(text));
        }
        let (number, ron) = text
            .split_once(' ')
            .filter(|(n, _)| n.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|(n, ron)| Some((n.parse::<u64>().ok()?, ron)))
            .ok_or((10, "it does not start with its step's number".to_string()))?;
        let expected = self.last.as_ref().map_or(1, |(_, n, _)| n + 1);
        if let Some((line, n, before)) = &self.last
            && number == *n
            && text == before
        {
            return Ok(Taken::Repeat(*line));
        }
        if number != expected {
            let before = match &self.last {
                Some((_, n, _)) => format!("the step before it is {n}"),
                None => "it is the first step, which is 1".to_string(),
            };
            return Err((
                10,
                format!(
                    "this journal line is step {number}, but {before}: lines were lost, \
                     repeated or moved since slotmark wrote them"
                ),
            ));
        }
        self.last = Some((no, number, text.to_string()));
        Ok(Taken::Step(ron))
    }

    /// The record on one whole line read on its own, as the players' view reads the lines
    /// appended since its last look: Some(None) for a repeat of the line before (dropped, as
    /// [`parse`] drops it); None when the line does not read.
    pub(super) fn read(&mut self, line: &str) -> Option<Option<JournalRecord>> {
        let text = if self.checksums {
            verify_line(line).ok()?
        } else {
            line
        };
        match self.take(0, text).ok()? {
            Taken::Step(ron) => ron::from_str(ron).ok().map(Some),
            Taken::Repeat(_) => Some(None),
        }
    }
}

/// A line's text after its checksum, or why the line does not hold its checksum: the column (1
/// based) and the reason.
fn verify_line(line: &str) -> Result<&str, (usize, &'static str)> {
    let (sum, text) = match (line.get(..8), line.get(8..9), line.get(9..)) {
        (Some(sum), Some(" "), Some(text)) => (sum, text),
        _ => return Err((1, "it does not start with its checksum")),
    };
    // Exactly as written (lower-case hex), so that no changed byte reads the same.
    let written = sum
        .bytes()
        .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    let Some(sum) = u32::from_str_radix(sum, 16).ok().filter(|_| written) else {
        return Err((1, "it does not start with its checksum"));
    };
    if sum != crc32fast::hash(text.as_bytes()) {
        return Err((1, "its checksum does not match: it was damaged"));
    }
    Ok(text)
}

/// What a journal holds, read but not yet applied.
#[derive(Debug, Default)]
pub(super) struct Contents {
    /// (1-based line number, record).
    pub records: Vec<(usize, JournalRecord)>,
    pub warnings: Vec<String>,
    /// The journal names an older generation than the file: already saved, nothing to apply.
    pub stale: bool,
    /// Something was dropped or skipped, so the journal should be rewritten.
    pub needs_reset: bool,
    /// The last line, without its line break, was taken as a step (its checksum holds).
    pub took_last_line: bool,
    /// Where the count of its steps stands after the last line read, for a reader that goes on
    /// reading lines appended later.
    pub steps: Steps,
}

/// Parses journal text for a file of `generation`. A last line without its line break was being
/// written when slotmark stopped: it was never acknowledged, so it is dropped with a warning.
/// Any other line that cannot be read, or whose checksum does not match, is an error naming the
/// line, and so is a journal that holds zero bytes where its first line should be (nothing
/// slotmark writes has one).
pub(super) fn parse(path: &Path, text: &str, generation: u64) -> Result<Contents, StoreError> {
    let mut contents = Contents::default();
    let complete = match text.rfind('\n') {
        Some(i) => &text[..=i],
        None => "",
    };
    let mut torn = &text[complete.len()..];
    let refuse = |line: usize, column: usize, message: String| StoreError::Journal {
        path: path.to_path_buf(),
        line,
        column,
        message,
    };
    if let Some(at) = complete.find('\0') {
        let line = complete[..at].matches('\n').count() + 1;
        return Err(refuse(
            line,
            1,
            "this journal line holds zero bytes where a step should be: the journal was damaged; \
             move it away to open the file as last saved"
                .into(),
        ));
    }
    let mut lines = complete
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !l.trim().is_empty());
    let torn_line = complete.lines().count() + 1;
    if !torn.is_empty() {
        contents.needs_reset = true;
    }
    let Some((header_no, header_text)) = lines.next() else {
        // An empty journal, or one cut off inside its header: nothing was acknowledged yet. A
        // header never holds a zero byte, so one made of them was damaged, not cut off.
        if text.is_empty() {
            // Slotmark never leaves a journal without its first line, except when it stops
            // while starting one: say so, and start it again.
            contents.needs_reset = true;
            contents.warnings.push(format!(
                "The journal {} was empty (not even its first line): it holds no step, so the \
                 session is as last saved.",
                path.display()
            ));
        }
        if torn.contains('\0') {
            return Err(refuse(
                1,
                1,
                "the journal holds zero bytes where its first line should be: it was damaged; \
                 move it away to open the file as last saved"
                    .into(),
            ));
        }
        return Ok(contents);
    };
    // A header with a checksum is format 2 or later; one without is format 1, whose lines have
    // none.
    let (checksums, header_ron) = match verify_line(header_text) {
        Ok(text) => (true, text),
        Err(_) if header_text.starts_with('(') => (false, header_text),
        Err((column, why)) => {
            return Err(refuse(
                header_no,
                column,
                format!("the journal's first line cannot be read: {why}"),
            ));
        }
    };
    let header: JournalHeader = ron::from_str(header_ron).map_err(|e| {
        refuse(
            header_no,
            e.span.start.col,
            format!(
                "the journal's first line should name its format and generation: {}",
                describe(&e.code)
            ),
        )
    })?;
    if header.format_version > JOURNAL_VERSION {
        return Err(refuse(
            header_no,
            1,
            too_new_message(FileKind::Journal, header.format_version, ""),
        ));
    }
    if checksums != (header.format_version >= 2) {
        return Err(refuse(
            header_no,
            1,
            "the journal's first line does not match its format: it was damaged".into(),
        ));
    }
    contents.steps = Steps::of_format(header.format_version);
    // A journal in an older format is started again in this one before anything is appended.
    if header.format_version != JOURNAL_VERSION {
        contents.needs_reset = true;
    }
    if header.generation > generation {
        return Err(refuse(
            header_no,
            1,
            format!(
                "the journal continues save {} but the session file is save {generation}: \
                 the file looks like an older copy. Move the journal away to open the file as saved",
                header.generation
            ),
        ));
    }
    if header.generation < generation {
        let steps = lines.count();
        // A fold writes the file as the next save and then empties the journal; stopped in
        // between, it leaves a journal one save behind whose steps are in the file. Anything
        // further behind was not left by a fold: it is refused, like a journal ahead of its file.
        if generation - header.generation > 1 {
            return Err(refuse(
                header_no,
                1,
                format!(
                    "the journal continues save {} but the session file is save {generation}: \
                     one of them was copied in from elsewhere or its generation was changed by \
                     hand. Move the journal away to open the file as saved",
                    header.generation
                ),
            ));
        }
        contents.stale = true;
        contents.needs_reset = true;
        if steps > 0 {
            contents.warnings.push(format!(
                "The journal {} continues save {} but the session file is save {generation}: \
                 its {} saved in the file before slotmark stopped, so {} not applied again.",
                path.display(),
                header.generation,
                if steps == 1 {
                    "1 step was".to_string()
                } else {
                    format!("{steps} steps were")
                },
                if steps == 1 { "it was" } else { "they were" }
            ));
        }
        return Ok(contents);
    }
    for (no, line) in lines {
        let body = if checksums {
            verify_line(line).map_err(|(column, why)| {
                refuse(
                    no,
                    column,
                    format!(
                        "this journal line cannot be read: {why}; move the journal away to \
                         open the file as last saved"
                    ),
                )
            })?
        } else {
            line
        };
        let ron = match contents.steps.take(no, body) {
            Ok(Taken::Step(ron)) => ron,
            Ok(Taken::Repeat(of)) => {
                repeated(path, &mut contents, no, of);
                continue;
            }
            Err((column, why)) => {
                return Err(refuse(
                    no,
                    column,
                    format!("{why}; move the journal away to open the file as last saved"),
                ));
            }
        };
        let record: JournalRecord = ron::from_str(ron).map_err(|e| {
            refuse(
                no,
                // The RON follows the checksum and the number, all ASCII.
                e.span.start.col + (line.len() - ron.len()),
                format!(
                    "this journal line cannot be read ({}); fix or delete it, and everything \
                     after it, to open the session",
                    describe(&e.code)
                ),
            )
        })?;
        contents.records.push((no, record));
    }
    // A last line whose checksum holds was written whole: only its line break is missing or
    // damaged, so it is a confirmed step, not a torn one (or a repeat of the step before).
    if checksums && let Some(text) = whole_last_line(torn) {
        let mut steps = contents.steps.clone();
        let taken = match steps.take(torn_line, text) {
            Ok(Taken::Step(ron)) => ron::from_str(ron).ok().map(Ok),
            Ok(Taken::Repeat(of)) => Some(Err(of)),
            Err(_) => None,
        };
        match taken {
            Some(Ok(record)) => {
                contents.steps = steps;
                contents.records.push((torn_line, record));
                contents.took_last_line = true;
                contents.warnings.push(format!(
                    "The last line of the journal {} (line {torn_line}) had lost its line break; \
                     its checksum holds, so its step was kept.",
                    path.display()
                ));
                torn = "";
            }
            Some(Err(of)) => {
                repeated(path, &mut contents, torn_line, of);
                contents.took_last_line = true;
                torn = "";
            }
            None => {}
        }
    }
    if !torn.is_empty() {
        contents.warnings.push(format!(
            "The last line of the journal {} (line {torn_line}) was cut off when slotmark stopped \
             while writing it; that unconfirmed step was dropped.",
            path.display()
        ));
    }
    Ok(contents)
}

/// Drops journal line `no`, a word-for-word repeat of line `of`, with a warning, and marks the
/// journal to be written again without it.
fn repeated(path: &Path, contents: &mut Contents, no: usize, of: usize) {
    contents.needs_reset = true;
    contents.warnings.push(format!(
        "Line {no} of the journal {} repeats line {of} word for word, step number and all: \
         slotmark never writes a step twice, so the copy was dropped and the step kept once.",
        path.display()
    ));
}

/// The text after the checksum of a last line without its line break, when its checksum holds:
/// the line as it stands, or without its last character (a line break turned into another
/// byte).
fn whole_last_line(torn: &str) -> Option<&str> {
    if torn.is_empty() {
        return None;
    }
    let mut cut = torn.chars();
    cut.next_back();
    [torn, cut.as_str()]
        .into_iter()
        .find_map(|line| verify_line(line).ok())
}

/// Reads the journal text, if there is a journal.
pub(super) fn read_text(path: &Path) -> Result<Option<String>, StoreError> {
    if !path.exists() {
        return Ok(None);
    }
    let bytes = super::file::read_bytes(path, MAX_FILE_BYTES)?;
    decode(path, &bytes).map(Some)
}

/// Journal bytes as text. Complete lines must be UTF-8; the last line, when it has no line break,
/// may have been cut inside a character when slotmark stopped, and [`parse`] drops it anyway.
pub(super) fn decode(path: &Path, bytes: &[u8]) -> Result<String, StoreError> {
    let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    match std::str::from_utf8(&bytes[..complete]) {
        Ok(_) => Ok(String::from_utf8_lossy(bytes).into_owned()),
        Err(e) => Err(super::file::not_text(path, &bytes[..e.valid_up_to()])),
    }
}

/// Applies recovered records to the session, in order. A record that does not apply means the
/// journal does not belong to this file (or was edited): an error naming its line.
pub(super) fn apply(
    path: &Path,
    session: &mut Session,
    records: &[(usize, JournalRecord)],
) -> Result<(), StoreError> {
    for (line, record) in records {
        let result = match record {
            JournalRecord::Apply(Logged { entry, .. }) => session
                .execute(entry.command.clone(), &mut RecordedDice::new(&entry.rolls))
                .map(|_| ())
                .map(|()| {
                    session.stamp_last(entry.stamp);
                }),
            JournalRecord::Undo => session.undo().map(|_| ()),
            JournalRecord::Redo => session.redo().map(|_| ()),
        };
        result.map_err(|e| StoreError::Journal {
            path: path.to_path_buf(),
            line: *line,
            column: 1,
            message: format!("this journal step does not apply to the saved session: {e}"),
        })?;
    }
    Ok(())
}
