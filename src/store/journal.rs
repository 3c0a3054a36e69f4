//! The crash journal: one RON record per line, appended and flushed before a command's result is
//! shown.
//!
//! Its first line names the format and the file generation it continues. A full write of the
//! session file bumps the generation before the journal is emptied, so a crash between the two
//! leaves a journal that names an older generation: its records are already in the file and are
//! skipped instead of being applied twice.

use super::file::{describe, too_new_message};
use super::{FORMAT_VERSION, JournalRecord, MAX_FILE_BYTES, StoreError};
use crate::dice::RecordedDice;
use crate::session::Session;
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

pub(super) fn header_line(generation: u64) -> Result<String, ron::Error> {
    let mut line = ron::to_string(&JournalHeader {
        format_version: FORMAT_VERSION,
        generation,
    })?;
    line.push('\n');
    Ok(line)
}

pub(super) fn record_line(record: &JournalRecord) -> Result<String, ron::Error> {
    let mut line = ron::to_string(record)?;
    line.push('\n');
    Ok(line)
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
}

/// Parses journal text for a file of `generation`. A last line without its line break was being
/// written when slotmark stopped: it was never acknowledged, so it is dropped with a warning.
/// Any other line that cannot be read is an error naming the line.
pub(super) fn parse(path: &Path, text: &str, generation: u64) -> Result<Contents, StoreError> {
    let mut contents = Contents::default();
    let complete = match text.rfind('\n') {
        Some(i) => &text[..=i],
        None => "",
    };
    let torn = &text[complete.len()..];
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
        // An empty journal, or one cut off inside its header: nothing was acknowledged yet.
        return Ok(contents);
    };
    let header: JournalHeader = ron::from_str(header_text).map_err(|e| StoreError::Journal {
        path: path.to_path_buf(),
        line: header_no,
        column: e.span.start.col,
        message: format!(
            "the journal's first line should name its format and generation: {}",
            describe(&e.code)
        ),
    })?;
    if header.format_version > FORMAT_VERSION {
        return Err(StoreError::Journal {
            path: path.to_path_buf(),
            line: header_no,
            column: 1,
            message: too_new_message(header.format_version, ""),
        });
    }
    if header.generation > generation {
        return Err(StoreError::Journal {
            path: path.to_path_buf(),
            line: header_no,
            column: 1,
            message: format!(
                "the journal continues save {} but the session file is save {generation}: \
                 the file looks like an older copy. Move the journal away to open the file as saved",
                header.generation
            ),
        });
    }
    if header.generation < generation {
        contents.stale = true;
        contents.needs_reset = true;
        return Ok(contents);
    }
    for (no, line) in lines {
        let record: JournalRecord = ron::from_str(line).map_err(|e| StoreError::Journal {
            path: path.to_path_buf(),
            line: no,
            column: e.span.start.col,
            message: format!(
                "this journal line cannot be read ({}); fix or delete it, and everything after it, \
                 to open the session",
                describe(&e.code)
            ),
        })?;
        contents.records.push((no, record));
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
            JournalRecord::Apply(entry) => session
                .execute(entry.command.clone(), &mut RecordedDice::new(&entry.rolls))
                .map(|_| ()),
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
