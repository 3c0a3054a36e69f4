//! Session files and the crash journal.
//!
//! A session file is RON: the slotmark version that wrote it, `format_version`, the ruleset, a
//! generation counter, the cursor, the initial state, the state at the cursor (which `replay
//! --verify` compares against) and the log, one step per line: the command and the faces it
//! drew. Opening a file replays the log with those faces, which rebuilds every step's events. Every command the screen or a
//! script applies is appended to a journal beside the file (`NAME.ron.journal`) and flushed to disk
//! before its result is shown; opening a session replays the journal on top of the file. Saves are
//! atomic (temp file in the same folder, fsync, rename, fsync the folder). A file that cannot be
//! read is never written to.
//!
//! When the journal is folded into the file (compaction):
//! - [`Store::open`] compacts right after recovering a journal that held anything, so a session
//!   always starts from a clean file and an empty journal;
//! - [`Store::record`] appends and compacts every [`COMPACT_EVERY`] records, which keeps the
//!   journal short without rewriting a large file on every command; the screen appends with
//!   [`Store::journal_step`] and folds with [`Store::fold_if_grown`] only after
//!   [`SCREEN_FOLD_EVERY`] records, once the frame is drawn and no key waits, so no fold comes
//!   between two of the judge's commands in an evening's play;
//! - the screen calls [`Store::compact`] when the judge quits or saves.

mod atomic;
mod bestiary;
mod file;
mod follow;
mod journal;
mod kept;
mod links;
mod mailbox;
mod pages;
mod pieces;
mod quick;
mod sheet;
mod verify;

pub use bestiary::{BESTIARY_VERSION, MAX_BESTIARY_BYTES, read_bestiary, write_bestiary};
#[doc(hidden)]
pub use file::reads_head_as_ron_does;
pub use file::{not_regular, owned_without_bom, without_bom};
pub use follow::{Followed, Follower, Following, Work as FollowWork, watch, watch_files};
pub use journal::journal_path;
pub use kept::{ENCOUNTERS_VERSION, MAX_ENCOUNTERS_BYTES, read_kept, write_kept};
pub use links::{
    LINKS_VERSION, MAX_LINKS_BYTES, PlayerLink, Served, links_path, read_links, write_links,
};
pub use mailbox::{
    ANSWERS_KEPT, Answer, MAILBOX_ROOM, MAILBOX_VERSION, MAX_MAILBOX_BYTES, Proposal, Verdict,
    answers_path, proposals_path, read_answers, read_proposals, write_answers, write_proposals,
};
#[doc(hidden)]
pub use quick::reads_step_as_ron_does;
pub use sheet::{MAX_SHEET_BYTES, SHEET_VERSION, read_sheet, write_foreign_sheet, write_sheet};
pub use verify::{
    Leftovers, Phases, VerifyReport, verify, verify_in_phases, verify_in_pieces, verify_keeping,
    verify_read_whole,
};

use crate::rules::RulesetId;
use crate::session::{Logged, Session, SessionError, SessionState};
use pieces::{PIECE, PieceLog};
use serde::{Deserialize, Serialize};
use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;
use thiserror::Error;

/// The session-file format this build writes.
pub const FORMAT_VERSION: u32 = 1;
/// The slotmark version recorded in every file this build writes.
pub const SLOTMARK_VERSION: &str = env!("CARGO_PKG_VERSION");
/// Session files and journals larger than this are refused before they are read: a real session
/// stays far below it (about 300 bytes per logged step), and a runaway file must not exhaust
/// memory.
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;
/// A journal no longer than this holds its header line alone (no step waiting to be folded in).
const JOURNAL_HEADER_MAX: u64 = 80;
/// [`Store::record`] folds the journal into the file after this many records.
pub const COMPACT_EVERY: usize = 256;
/// The screen folds the journal into the file after this many records, once idle: an evening's
/// play stays in the journal (folded when the judge quits or the session is opened), so no fold
/// of a long session's whole file comes between two commands.
pub const SCREEN_FOLD_EVERY: usize = 16_384;

/// The kinds of versioned file slotmark writes, each with its own format number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Session,
    Journal,
    Sheet,
    Bestiary,
    Encounters,
    Proposals,
    Answers,
    Links,
}

impl FileKind {
    /// How a message names a file of this kind.
    pub fn what(self) -> &'static str {
        match self {
            FileKind::Session => "session file",
            FileKind::Journal => "journal",
            FileKind::Sheet => "sheet file",
            FileKind::Bestiary => "bestiary file",
            FileKind::Encounters => "file of kept encounters",
            FileKind::Proposals => "file of the players' proposals",
            FileKind::Answers => "file of the judge's answers to proposals",
            FileKind::Links => "links file",
        }
    }

    /// The newest format of this kind this build reads (and writes).
    pub fn reads(self) -> u32 {
        match self {
            FileKind::Session => FORMAT_VERSION,
            FileKind::Journal => journal::JOURNAL_VERSION,
            FileKind::Sheet => sheet::SHEET_VERSION,
            FileKind::Bestiary => bestiary::BESTIARY_VERSION,
            FileKind::Encounters => kept::ENCOUNTERS_VERSION,
            FileKind::Proposals | FileKind::Answers => mailbox::MAILBOX_VERSION,
            FileKind::Links => links::LINKS_VERSION,
        }
    }
}

#[derive(Debug, Error)]
pub enum StoreError {
    /// The file exists but cannot be read as a session; the position says where it went wrong.
    #[error("{}:{line}:{column}: {message}", path.display())]
    Unreadable {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
    /// The file was written by a newer slotmark in a format this one does not know.
    #[error("{}:{line}:{column}: {}", path.display(), file::too_new_message(*kind, *format_version, written_by))]
    TooNew {
        path: PathBuf,
        line: usize,
        column: usize,
        kind: FileKind,
        format_version: u32,
        written_by: String,
    },
    /// The file plays a ruleset this build does not have.
    #[error("{}:{line}:{column}: {}", path.display(), file::unknown_ruleset_message(name))]
    UnknownRuleset {
        path: PathBuf,
        line: usize,
        column: usize,
        name: String,
    },
    #[error("{}: the file is {} MB; slotmark reads session files of up to {} MB", path.display(), bytes.div_ceil(1 << 20), limit >> 20)]
    TooLarge {
        path: PathBuf,
        bytes: u64,
        limit: u64,
    },
    /// A journal line that cannot be read or does not apply (a cut-off last line is not an error).
    #[error("{}:{line}:{column}: {message}", path.display())]
    Journal {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
    /// The file reads, but a step of its log is refused on replay (`index` counts from 0;
    /// `line` is the step's line when the file has the layout slotmark writes).
    #[error("{}{}: step {} of the log is refused on replay: {message}", path.display(), line.map(|l| format!(":{l}")).unwrap_or_default(), index + 1)]
    Replay {
        path: PathBuf,
        index: usize,
        line: Option<usize>,
        message: String,
    },
    #[error("{}: a session with this name already exists; choose another name", path.display())]
    Exists { path: PathBuf },
    #[error("{}: this session is open in another slotmark; close it there first", path.display())]
    Locked { path: PathBuf },
    #[error("{}: {message}", path.display())]
    Io { path: PathBuf, message: String },
}

impl StoreError {
    fn io(path: &Path, doing: &str, e: &io::Error) -> StoreError {
        StoreError::Io {
            path: path.to_path_buf(),
            message: format!("{doing}: {}", file::io_reason(e)),
        }
    }

    fn ron(path: &Path, e: &ron::Error) -> StoreError {
        StoreError::Io {
            path: path.to_path_buf(),
            message: format!("cannot write the session as RON: {e}"),
        }
    }

    /// The file the error is about.
    pub fn path(&self) -> &Path {
        match self {
            StoreError::Unreadable { path, .. }
            | StoreError::TooNew { path, .. }
            | StoreError::UnknownRuleset { path, .. }
            | StoreError::TooLarge { path, .. }
            | StoreError::Journal { path, .. }
            | StoreError::Replay { path, .. }
            | StoreError::Exists { path }
            | StoreError::Locked { path }
            | StoreError::Io { path, .. } => path,
        }
    }

    /// The message without the leading path, for a list that already shows the file.
    pub fn reason(&self) -> String {
        let full = self.to_string();
        let prefix = self.path().display().to_string();
        match full.strip_prefix(&prefix) {
            Some(rest) => rest.trim_start_matches(':').trim().to_string(),
            None => full,
        }
    }
}

pub(crate) fn replay_error(
    path: &Path,
    step_lines: file::StepLines,
    e: SessionError,
) -> StoreError {
    let (index, message) = match e {
        SessionError::Replay { index, error } => (index, error.to_string()),
        other => (0, other.to_string()),
    };
    StoreError::Replay {
        path: path.to_path_buf(),
        index,
        line: step_lines.get(index),
        message,
    }
}

/// The wall clock's time now as a step's stamp, or None when the clock reads before 1970. Read by
/// the screen as it logs a step; the rules never read the clock.
pub fn wall_clock() -> Option<crate::session::Stamp> {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .ok()
        .map(|d| crate::session::Stamp::new(d.as_secs()))
}

/// One line of the journal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum JournalRecord {
    Apply(Logged),
    Undo,
    Redo,
}

/// A saved session as listed on the start screen.
#[derive(Debug, Clone)]
pub struct SessionSummary {
    pub path: PathBuf,
    /// The session's title; the file name when the file cannot be read.
    pub title: String,
    /// Meaningful only when `problem` is None (an unreadable file shows the first ruleset).
    pub ruleset: RulesetId,
    /// When the file or its journal last changed.
    pub last_played: SystemTime,
    /// Why the file cannot be opened, when it cannot.
    pub problem: Option<String>,
    /// Steps in the log (0 when unreadable).
    pub entries: usize,
}

/// An open session file with its journal. While it exists the session's lock file
/// (`NAME.ron.lock`) is locked, so a second slotmark cannot write to the same session whatever
/// happens to the journal; the journal is locked too, for slotmarks that know no lock file.
#[derive(Debug)]
pub struct Store {
    path: PathBuf,
    journal_path: PathBuf,
    journal: File,
    /// Held for the store's life; never deleted (removing a lock file under a waiting process
    /// would let two in).
    _lock: File,
    /// The file's generation; the journal's header names the same one.
    generation: u64,
    /// Bytes in the journal that are known good (a failed append is cut back to this).
    journal_len: u64,
    /// Records appended since the last full write.
    records: usize,
    /// Steps' lines in the journal after its header: the next is numbered one more.
    journal_steps: u64,
    /// False after a failed journal reset: the next append resets it first.
    journal_ok: bool,
    /// Set by tests to make every write fail as on a full disk.
    faults: Option<WriteFaults>,
    /// Something the judge should hear about the last write (the journal was replaced under us
    /// and the session was saved in full, say).
    notice: Option<String>,
    /// Opened before its log was read ([`Store::open_before_log`]): the records appended since,
    /// kept until [`Store::catch_up`] applies them to the log once it is read. Meanwhile the
    /// store never writes the whole session (it does not hold it yet).
    loading: Option<Vec<JournalRecord>>,
}

/// A switch that makes a store's writes fail as they would on a full disk, for tests of what
/// the screen does then. Only code that builds one and hands it to [`Store::inject_faults`] can
/// turn it on.
#[derive(Debug, Clone, Default)]
pub struct WriteFaults(std::sync::Arc<std::sync::atomic::AtomicBool>);

impl WriteFaults {
    pub fn set(&self, failing: bool) {
        self.0.store(failing, std::sync::atomic::Ordering::SeqCst);
    }

    fn failing(&self) -> bool {
        self.0.load(std::sync::atomic::Ordering::SeqCst)
    }
}

/// A session file opened before its log is read ([`Store::open_before_log`]): its store (locked,
/// its journal ready), the state the file saved, and what to read the log with.
#[derive(Debug)]
pub struct OpenedEarly {
    pub store: Store,
    /// The state the file saved, after the first `cursor` steps of its log.
    pub state: SessionState,
    pub cursor: usize,
    /// The file's generation, for [`read_log`].
    pub generation: u64,
    /// What opening had to say (a leftover of an interrupted save removed).
    pub warnings: Vec<String>,
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
    pub fn create(path: &Path, session: &Session) -> Result<Store, StoreError> {
        if path.exists() {
            return Err(StoreError::Exists {
                path: path.to_path_buf(),
            });
        }
        let generation = 1;
        let text = file::render(session, generation).map_err(|e| StoreError::ron(path, &e))?;
        atomic::write(path, text.as_bytes())?;
        let lock = SessionLock::take(path)?;
        Store::start_journal(path, generation, lock.file)
    }

    /// Creates (or takes over) the journal beside `path`, locks it and leaves it empty, naming
    /// the file generation it continues.
    fn start_journal(path: &Path, generation: u64, lock_file: File) -> Result<Store, StoreError> {
        let jpath = journal_path(path);
        file::refuse_unless_regular(&jpath)?;
        let journal = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(&jpath)
            .map_err(|e| StoreError::io(&jpath, "cannot create the journal", &e))?;
        lock(&journal, path)?;
        let mut store = Store::with_journal(path, jpath, journal, lock_file, generation);
        store.reset_journal()?;
        atomic::sync_dir(&atomic::parent_dir(path))?;
        Ok(store)
    }

    /// Loads the file, replays its journal, and keeps it open for appending. Nothing is written
    /// unless both read cleanly; a journal that held anything is then folded into the file.
    pub fn open(path: &Path) -> Result<Opened, StoreError> {
        let read = read_session(path, PIECE, |generation| {
            if generation == u64::MAX {
                return Err(generation_spent(path));
            }
            Ok(())
        })?;
        let (generation, session, warnings) = (read.generation, read.session, read.warnings);
        // Taken once the file reads, so a refused file gets no lock file beside it; given back
        // (and removed, when this open made it) if the journal is refused.
        let lock = SessionLock::take(path)?;
        let held = lock
            .file
            .try_clone()
            .map_err(|e| StoreError::io(&lock.path, "cannot lock the session", &e));
        match held.and_then(|held| Store::open_locked(path, generation, session, warnings, held)) {
            Ok(mut opened) => {
                opened.warnings.extend(remove_leftovers(path));
                Ok(opened)
            }
            Err(e) => {
                lock.give_back();
                Err(e)
            }
        }
    }

    fn open_locked(
        path: &Path,
        generation: u64,
        mut session: Session,
        mut warnings: Vec<String>,
        lock_file: File,
    ) -> Result<Opened, StoreError> {
        let jpath = journal_path(path);
        file::refuse_unless_regular(&jpath)?;
        let existing = match OpenOptions::new().read(true).append(true).open(&jpath) {
            Ok(f) => Some(f),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(StoreError::io(&jpath, "cannot open the journal", &e)),
        };
        let store = match existing {
            Some(mut journal) => {
                lock(&journal, path)?;
                let mut bytes = Vec::new();
                (&mut journal)
                    .take(MAX_FILE_BYTES + 1)
                    .read_to_end(&mut bytes)
                    .map_err(|e| StoreError::io(&jpath, "cannot read the journal", &e))?;
                if bytes.len() as u64 > MAX_FILE_BYTES {
                    return Err(StoreError::TooLarge {
                        path: jpath,
                        bytes: bytes.len() as u64,
                        limit: MAX_FILE_BYTES,
                    });
                }
                let text = journal::decode(&jpath, &bytes)?;
                let contents = journal::parse(&jpath, &text, generation)?;
                journal::apply(&jpath, &mut session, &contents.records)?;
                warnings.extend(contents.warnings);
                let mut store = Store::with_journal(path, jpath, journal, lock_file, generation);
                store.journal_len = bytes.len() as u64;
                if !contents.records.is_empty() {
                    store.compact(&session)?;
                } else if contents.needs_reset {
                    store.reset_journal()?;
                }
                store
            }
            None => Store::start_journal(path, generation, lock_file)?,
        };
        Ok(Opened {
            store,
            session,
            warnings,
        })
    }

    fn with_journal(
        path: &Path,
        journal_path: PathBuf,
        journal: File,
        lock: File,
        generation: u64,
    ) -> Store {
        Store {
            path: path.to_path_buf(),
            journal_path,
            journal,
            _lock: lock,
            generation,
            journal_len: 0,
            records: 0,
            journal_steps: 0,
            journal_ok: true,
            faults: None,
            notice: None,
            loading: None,
        }
    }

    /// Makes this store's writes fail while `faults` is set (see [`WriteFaults`]).
    pub fn inject_faults(&mut self, faults: WriteFaults) {
        self.faults = Some(faults);
    }

    fn injected_failure(&self, path: &Path, doing: &str) -> Result<(), StoreError> {
        match &self.faults {
            Some(f) if f.failing() => Err(StoreError::io(
                path,
                doing,
                &io::Error::from(io::ErrorKind::StorageFull),
            )),
            _ => Ok(()),
        }
    }

    /// What the judge should hear about the last write, once.
    pub fn take_notice(&mut self) -> Option<String> {
        self.notice.take()
    }

    /// What happened to the journal since this store last wrote it, if anything: deleted, or
    /// replaced by another file (what we append then is lost when slotmark stops), or cut short
    /// or written to by another program (what it held is no longer what we wrote).
    fn journal_trouble(&self) -> Option<&'static str> {
        let Ok(open) = self.journal.metadata() else {
            return Some("made unreadable");
        };
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            if open.nlink() == 0 {
                return Some("deleted");
            }
            match fs::metadata(&self.journal_path) {
                Ok(at_path) if open.dev() != at_path.dev() || open.ino() != at_path.ino() => {
                    return Some("replaced by another file");
                }
                Ok(_) => {}
                Err(_) => return Some("deleted"),
            }
        }
        #[cfg(not(unix))]
        if !self.journal_path.exists() {
            return Some("deleted");
        }
        // Only a journal this store wrote last has a length to compare with.
        if self.journal_ok && open.len() != self.journal_len {
            return Some(if open.len() < self.journal_len {
                "cut short"
            } else {
                "written to by another program"
            });
        }
        None
    }

    fn journal_detached(&self) -> bool {
        matches!(
            self.journal_trouble(),
            Some("deleted" | "replaced by another file" | "made unreadable")
        )
    }

    /// Starts a new journal at the journal's path after the old one was deleted or replaced.
    fn reopen_journal(&mut self) -> Result<(), StoreError> {
        file::refuse_unless_regular(&self.journal_path)?;
        let journal = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(&self.journal_path)
            .map_err(|e| StoreError::io(&self.journal_path, "cannot create the journal", &e))?;
        lock(&journal, &self.path)?;
        self.journal = journal;
        self.journal_len = 0;
        self.journal_ok = false;
        Ok(())
    }

    /// Appends one record to the journal and flushes it to disk before returning.
    pub fn append(&mut self, record: &JournalRecord) -> Result<(), StoreError> {
        if !self.journal_ok {
            // Starting the journal again would drop the steps it holds while the log is read.
            if self.loading.is_some() {
                return Err(self.still_loading());
            }
            self.reset_journal()?;
        }
        let line = journal::record_line(record, self.journal_steps + 1)
            .map_err(|e| StoreError::ron(&self.path, &e))?;
        self.write_journal(line.as_bytes())?;
        self.records += 1;
        self.journal_steps += 1;
        if let Some(since) = &mut self.loading {
            since.push(record.clone());
        }
        Ok(())
    }

    /// The refusal of a whole write while the log is still being read.
    fn still_loading(&self) -> StoreError {
        StoreError::Io {
            path: self.path.clone(),
            message: "the session's log is still being read, so the whole session cannot be \
                      written yet; every step is in the journal"
                .into(),
        }
    }

    /// Opens a session file for playing before its log is read: quick at any length, for a
    /// screen that takes keys from its first frame. The lock is taken and the journal opened, so
    /// every step can be journalled at once; the state the file saved is played on meanwhile,
    /// and [`read_log`] reads the log (on another thread) for [`Store::catch_up`].
    ///
    /// None when the file cannot be opened this way (it is not laid out as slotmark writes it,
    /// its journal holds steps to recover or is not there, or it has no lock file yet): then
    /// [`Store::open`] opens it whole, and says why a bad file is refused. Nothing is written.
    pub fn open_before_log(path: &Path) -> Option<OpenedEarly> {
        let head = file::read_head(path)?;
        if head.generation == u64::MAX {
            return None;
        }
        let lock = SessionLock::take(path).ok()?;
        // A file opened before keeps its lock file and journal: one without them (a copy, a
        // file never opened) is opened whole, so a file its log then refuses gets nothing
        // written beside it.
        let journal = (!lock.made)
            .then(|| Store::clean_journal(path, head.generation, &lock))
            .flatten();
        let Some(mut store) = journal else {
            lock.give_back();
            return None;
        };
        store.loading = Some(Vec::new());
        Some(OpenedEarly {
            store,
            state: head.state,
            cursor: head.cursor,
            generation: head.generation,
            warnings: remove_leftovers(path),
        })
    }

    /// The store over the journal beside `path` when it holds its first line alone, as this
    /// build writes it for `generation`; None for anything else (no journal, steps to recover),
    /// which [`Store::open`] reads whole.
    fn clean_journal(path: &Path, generation: u64, lock: &SessionLock) -> Option<Store> {
        let jpath = journal_path(path);
        file::refuse_unless_regular(&jpath).ok()?;
        let held = lock.file.try_clone().ok()?;
        let mut journal = OpenOptions::new()
            .read(true)
            .append(true)
            .open(&jpath)
            .ok()?;
        self::lock(&journal, path).ok()?;
        let mut bytes = Vec::new();
        (&mut journal)
            .take(JOURNAL_HEADER_MAX + 1)
            .read_to_end(&mut bytes)
            .ok()?;
        // Exactly the first line this build writes for this generation, and nothing after it.
        if bytes != journal::header_line(generation).ok()?.as_bytes() {
            return None;
        }
        let mut store = Store::with_journal(path, jpath, journal, held, generation);
        store.journal_len = bytes.len() as u64;
        Some(store)
    }

    /// Is the session's log still being read ([`Store::open_before_log`])?
    pub fn loading(&self) -> bool {
        self.loading.is_some()
    }

    /// Brings the session read by [`read_log`] up to date with the steps journalled since
    /// [`Store::open_before_log`], applying them in order as reopening the file would (with their
    /// recorded faces and stamps). From then on the store writes the whole session when it
    /// folds. A step that does not apply (the log replays to another state than the one the
    /// file saved) stops the catching up with an error naming its journal line; the steps
    /// before it are applied.
    pub fn catch_up(&mut self, session: &mut Session) -> Result<(), StoreError> {
        let since = self.loading.take().unwrap_or_default();
        // The journal's first line is its header; nothing folds it meanwhile.
        let lines: Vec<(usize, JournalRecord)> = since
            .into_iter()
            .enumerate()
            .map(|(i, record)| (i + 2, record))
            .collect();
        journal::apply(&self.journal_path, session, &lines)
    }

    /// Appends a record, then writes the whole session and empties the journal when
    /// [`Store::compact_due`]. `session` must already include the record's step.
    ///
    /// The record is on disk when this returns `Ok`. When the journal turns out to have been
    /// deleted or replaced, the whole session is written instead and a fresh journal started
    /// (and [`Store::take_notice`] says so); when the regular fold fails, the journal keeps the
    /// step and the fold is tried again at the next record.
    pub fn record(&mut self, record: &JournalRecord, session: &Session) -> Result<(), StoreError> {
        self.journal_step(record, session)?;
        self.fold_if_grown(session, COMPACT_EVERY);
        Ok(())
    }

    /// [`Store::record`] without the regular fold: the screen folds later, once the step's result
    /// is on screen and no key waits ([`Store::fold_if_grown`]), so a fold never delays a frame.
    pub fn journal_step(
        &mut self,
        record: &JournalRecord,
        session: &Session,
    ) -> Result<(), StoreError> {
        // Looked at before the step is appended (a journal cut short would take the step after
        // what is left of it) and after (a journal deleted meanwhile would take it to nowhere).
        let trouble = match self.journal_trouble() {
            Some(what) => Some(what),
            None => {
                self.append(record)?;
                self.journal_trouble()
            }
        };
        if let Some(what) = trouble {
            self.compact(session)?;
            let journal = if self.journal_ok {
                "and a new journal started"
            } else {
                "but no new journal could be started; the next change tries again"
            };
            self.notice = Some(format!(
                "the journal {} was {what} while the session was open; the whole session was \
                 saved to {} {journal}",
                self.journal_path.display(),
                self.path.display()
            ));
        }
        Ok(())
    }

    /// Folds the journal into the file once it holds `every` records or more. The steps are in
    /// the journal already, so a fold that fails loses nothing and is tried again next time.
    pub fn fold_if_grown(&mut self, session: &Session, every: usize) {
        if self.records >= every {
            let _ = self.compact(session);
        }
    }

    /// Has the journal grown enough to be folded into the file?
    pub fn compact_due(&self) -> bool {
        self.records >= COMPACT_EVERY
    }

    /// Records appended since the file was last written in full.
    pub fn journal_records(&self) -> usize {
        self.records
    }

    /// Writes the whole session atomically and empties the journal.
    ///
    /// `Ok` means the session file holds the whole session. Emptying the journal afterwards may
    /// still fail; that loses nothing (the journal names the older save and is skipped on open)
    /// and the next append empties it first.
    pub fn compact(&mut self, session: &Session) -> Result<(), StoreError> {
        if self.loading.is_some() {
            return Err(self.still_loading());
        }
        let generation = self
            .generation
            .checked_add(1)
            .ok_or_else(|| generation_spent(&self.path))?;
        let text =
            file::render(session, generation).map_err(|e| StoreError::ron(&self.path, &e))?;
        self.injected_failure(&self.path, "cannot write")?;
        atomic::write(&self.path, text.as_bytes())?;
        self.generation = generation;
        self.records = 0;
        if self.journal_detached() && self.reopen_journal().is_err() {
            self.journal_ok = false;
            return Ok(());
        }
        if self.reset_journal().is_err() {
            self.journal_ok = false;
        }
        Ok(())
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn journal_path(&self) -> &Path {
        &self.journal_path
    }

    /// Empties the journal in place (the lock stays on the same file) and writes its header.
    fn reset_journal(&mut self) -> Result<(), StoreError> {
        self.journal_ok = false;
        let header =
            journal::header_line(self.generation).map_err(|e| StoreError::ron(&self.path, &e))?;
        self.journal
            .set_len(0)
            .map_err(|e| StoreError::io(&self.journal_path, "cannot empty the journal", &e))?;
        self.journal_len = 0;
        self.journal_steps = 0;
        self.write_journal(header.as_bytes())?;
        self.journal_ok = true;
        Ok(())
    }

    /// Appends bytes and flushes them. A failed write is cut back so no partial line stays in
    /// the middle of the journal.
    fn write_journal(&mut self, bytes: &[u8]) -> Result<(), StoreError> {
        self.injected_failure(&self.journal_path, "cannot write the journal")?;
        let result = self
            .journal
            .write_all(bytes)
            .and_then(|()| self.journal.sync_data());
        match result {
            Ok(()) => {
                self.journal_len += bytes.len() as u64;
                Ok(())
            }
            Err(e) => {
                if self.journal.set_len(self.journal_len).is_err() {
                    self.journal_ok = false;
                }
                Err(StoreError::io(
                    &self.journal_path,
                    "cannot write the journal",
                    &e,
                ))
            }
        }
    }
}

/// The lock file beside a session file: `NAME.ron` is locked through `NAME.ron.lock`. It is
/// kept after the session closes (an empty file), since removing it could let two slotmarks in.
pub fn lock_path(session: &Path) -> PathBuf {
    let mut name = session.file_name().unwrap_or_default().to_os_string();
    name.push(".lock");
    session.with_file_name(name)
}

/// The session's lock, taken.
struct SessionLock {
    file: File,
    path: PathBuf,
    /// This process made the lock file (so it removes it again if the open is refused).
    made: bool,
}

impl SessionLock {
    fn take(session: &Path) -> Result<SessionLock, StoreError> {
        let path = lock_path(session);
        file::refuse_unless_regular(&path)?;
        let open = |new: bool| {
            let mut o = OpenOptions::new();
            o.read(true).write(true);
            if new {
                o.create_new(true);
            }
            o.open(&path)
        };
        let (file, made) = match open(true) {
            Ok(f) => (f, true),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => (
                open(false).map_err(|e| StoreError::io(&path, "cannot open the lock file", &e))?,
                false,
            ),
            Err(e) => return Err(StoreError::io(&path, "cannot make the lock file", &e)),
        };
        let lock = SessionLock { file, path, made };
        if let Err(e) = self::lock(&lock.file, session) {
            lock.give_back();
            return Err(e);
        }
        Ok(lock)
    }

    /// Lets the lock go after a refused open, leaving the folder as it was.
    fn give_back(self) {
        if self.made {
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// The refusal for a file that no longer matches its checksum.
pub(crate) fn damaged(path: &Path, (line, message): (usize, String)) -> StoreError {
    StoreError::Unreadable {
        path: path.to_path_buf(),
        line,
        column: 1,
        message,
    }
}

/// The refusal for a file whose generation cannot be counted on.
fn generation_spent(path: &Path) -> StoreError {
    StoreError::Io {
        path: path.to_path_buf(),
        message: format!(
            "the file's generation is {}, the largest there is, so the next save could not be told \
             from the last; it was raised by hand: set it back to the number it had",
            u64::MAX
        ),
    }
}

/// Removes what an interrupted save of `session` left beside it (a fold stopped by a kill
/// leaves its temporary file) and says what was removed. Called with the session's lock held,
/// so no save of it is under way.
fn remove_leftovers(session: &Path) -> Vec<String> {
    let dir = atomic::parent_dir(session);
    let Some(name) = session.file_name() else {
        return Vec::new();
    };
    let Ok(read) = fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut said = Vec::new();
    for entry in read.filter_map(Result::ok) {
        let leftover = entry.file_name();
        if !atomic::is_temp_of(name, &leftover) {
            continue;
        }
        let path = entry.path();
        if fs::symlink_metadata(&path).is_ok_and(|m| m.is_file()) && fs::remove_file(&path).is_ok()
        {
            said.push(format!(
                "Removed {}, left by a save that was interrupted; the session is as last saved \
                 with its journal.",
                path.display()
            ));
        }
    }
    said
}

fn lock(journal: &File, path: &Path) -> Result<(), StoreError> {
    match journal.try_lock() {
        Ok(()) => Ok(()),
        Err(TryLockError::WouldBlock) => Err(StoreError::Locked {
            path: path.to_path_buf(),
        }),
        // Some file systems cannot lock at all; working unlocked beats refusing to open.
        Err(TryLockError::Error(_)) => Ok(()),
    }
}

/// The file's steps handed over in order while the memory they took is given back as it goes,
/// so a long log is not held twice (as read and as rebuilt) at the peak of opening it.
struct Draining<T> {
    /// Last step first, so each one is taken from the end.
    rest: Vec<T>,
}

impl<T> Draining<T> {
    fn new(mut steps: Vec<T>) -> Self {
        steps.reverse();
        Draining { rest: steps }
    }
}

impl<T> Iterator for Draining<T> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        let next = self.rest.pop();
        // Give back the spare half once it is worth it (a few hundred kilobytes).
        if self.rest.capacity() > 4096 && self.rest.len() < self.rest.capacity() / 2 {
            self.rest.shrink_to_fit();
        }
        next
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.rest.len(), Some(self.rest.len()))
    }
}

/// Rebuilds the session from the file's log. The log is the truth: when it replays to a state
/// other than the saved one (the rules changed since), the replay wins and a warning says where.
fn build_session(
    path: &Path,
    file: file::SessionFile,
) -> Result<(Session, Vec<String>), StoreError> {
    let saved = file.state;
    let lines = file.step_lines;
    let damage = file.damage;
    let stamps: Vec<_> = file.entries.iter().map(|s| s.stamp).collect();
    let steps = Draining::new(file.entries).map(|s| (s.command, s.faces));
    let mut session = Session::from_steps(file.initial, steps, file.cursor)
        .map_err(|e| replay_error(path, lines, e))?;
    session.restore_stamps(stamps);
    if let Some(damage) = damage {
        return Err(damaged(path, damage));
    }
    let warnings = replay_warnings(path, &saved, &session);
    Ok((session, warnings))
}

/// What a replayed log has to say of the state the file saved: nothing when they are the same.
fn replay_warnings(path: &Path, saved: &SessionState, session: &Session) -> Vec<String> {
    let mut warnings = Vec::new();
    if let Some(d) = verify::state_difference(saved, session.state()) {
        warnings.push(format!(
            "{}: replaying the log gives a different state than the one saved ({d}); the replayed state is used.",
            path.display()
        ));
    }
    warnings
}

/// A session file read and its log replayed ([`read_session`]).
pub(crate) struct Replayed {
    pub generation: u64,
    pub session: Session,
    /// What replaying the log had to say.
    pub warnings: Vec<String>,
}

/// Reads the session file at `path` and rebuilds its session from the log; `check` may refuse
/// the file by its generation before anything is replayed.
///
/// A file as slotmark writes it, not damaged, is read `piece` bytes at a time (see
/// [`PieceLog`]) and each step replayed as soon as its line is read, so neither the file's text
/// nor its parsed log is ever held whole: at 100,000 steps the two were some 15 MB on top of the
/// session at the peak of opening it. Anything else, a step refused on replay among it, is read
/// again whole, which names what is wrong as it always did. Either way the session and the
/// warnings are the same ([`load_in_pieces`] and [`load_read_whole`] are held to it).
pub(crate) fn read_session(
    path: &Path,
    piece: usize,
    check: impl Fn(u64) -> Result<(), StoreError>,
) -> Result<Replayed, StoreError> {
    if let Some(read) = session_as_read(path, piece, &check)? {
        return Ok(read);
    }
    read_session_whole(path, check)
}

/// [`read_session`] reading the file whole.
fn read_session_whole(
    path: &Path,
    check: impl Fn(u64) -> Result<(), StoreError>,
) -> Result<Replayed, StoreError> {
    let file = file::read(path)?;
    let generation = file.generation;
    check(generation)?;
    let (session, warnings) = build_session(path, file)?;
    Ok(Replayed {
        generation,
        session,
        warnings,
    })
}

/// [`read_session`]'s common case, read in pieces; Ok(None) when anything is otherwise. It
/// refuses (Err) only what reading the file whole refuses before reading a byte.
fn session_as_read(
    path: &Path,
    piece: usize,
    check: &impl Fn(u64) -> Result<(), StoreError>,
) -> Result<Option<Replayed>, StoreError> {
    let Some((mut head, mut log)) = PieceLog::open(path, MAX_FILE_BYTES, piece)? else {
        return Ok(None);
    };
    if check(head.generation).is_err() {
        return Ok(None);
    }
    let mut stamps = Vec::new();
    let steps = log.by_ref().map(|step| {
        stamps.push(step.stamp);
        (step.command, step.faces)
    });
    let Ok(mut session) = Session::from_steps(head.initial.clone(), steps, head.cursor) else {
        return Ok(None);
    };
    if log.close(&mut head, session.entries().len()).is_none() {
        return Ok(None);
    }
    session.restore_stamps(stamps);
    let warnings = replay_warnings(path, &head.state, &session);
    Ok(Some(Replayed {
        generation: head.generation,
        session,
        warnings,
    }))
}

/// The state a session file saved, read quickly without replaying its log: for showing the
/// screen at once while [`Store::open`] reads the whole file. Changes nothing; None when the file
/// cannot be read this way (then only the full open says why).
pub fn snapshot(path: &Path) -> Option<SessionState> {
    file::read_snapshot(path)
}

/// The log of a file opened with [`Store::open_before_log`], read and replayed (by a thread of
/// its own while the screen plays on), with what replaying it had to say. The store holds the
/// lock, so nothing else writes the file meanwhile; a file of another generation than the one
/// opened is refused all the same.
pub fn read_log(path: &Path, generation: u64) -> Result<(Session, Vec<String>), StoreError> {
    let read = read_session(path, PIECE, |now| {
        if now != generation {
            return Err(StoreError::Io {
                path: path.to_path_buf(),
                message: format!(
                    "the file was replaced while its log was read (save {generation} became save \
                     {now}); open it again"
                ),
            });
        }
        Ok(())
    })?;
    Ok((read.session, read.warnings))
}

/// Reads a session file (and its journal, if any) without keeping it open or changing it.
pub fn load(path: &Path) -> Result<Session, StoreError> {
    load_with_warnings(path).map(|(session, _)| session)
}

/// [`load`], also returning what recovery had to say (a cut-off journal line, a replay that
/// differs from the saved state).
pub fn load_with_warnings(path: &Path) -> Result<(Session, Vec<String>), StoreError> {
    load_in_pieces(path, PIECE)
}

/// [`load_with_warnings`] reading the file `piece` bytes at a time where it can (see
/// [`read_session`]). For the tests outside the crate, which hold it to [`load_read_whole`].
#[doc(hidden)]
pub fn load_in_pieces(path: &Path, piece: usize) -> Result<(Session, Vec<String>), StoreError> {
    load_replayed(path, read_session(path, piece, |_| Ok(()))?)
}

/// [`load_with_warnings`] reading the file whole, as it did before it read in pieces.
#[doc(hidden)]
pub fn load_read_whole(path: &Path) -> Result<(Session, Vec<String>), StoreError> {
    load_replayed(path, read_session_whole(path, |_| Ok(()))?)
}

/// The session read from a file with the steps its journal holds applied on top.
fn load_replayed(path: &Path, read: Replayed) -> Result<(Session, Vec<String>), StoreError> {
    let Replayed {
        generation,
        mut session,
        mut warnings,
    } = read;
    let jpath = journal_path(path);
    if let Some(text) = journal::read_text(&jpath)? {
        let contents = journal::parse(&jpath, &text, generation)?;
        journal::apply(&jpath, &mut session, &contents.records)?;
        warnings.extend(contents.warnings);
    }
    Ok((session, warnings))
}

/// The saves folder: `dir` when given, else the platform data folder's `slotmark/saves`.
/// The folder is created when missing.
pub fn saves_dir(dir: Option<&Path>) -> Result<PathBuf, StoreError> {
    let dir = saves_path(dir)?;
    fs::create_dir_all(&dir)
        .map_err(|e| StoreError::io(&dir, "cannot create the saves folder", &e))?;
    Ok(dir)
}

/// Where the saves folder is, without creating it: opening a file must not leave a folder
/// behind when the file is refused; whatever writes a session there creates it.
pub fn saves_path(dir: Option<&Path>) -> Result<PathBuf, StoreError> {
    match dir {
        Some(d) => Ok(d.to_path_buf()),
        None => default_saves_dir().ok_or_else(|| StoreError::Io {
            path: PathBuf::from("slotmark/saves"),
            message: "this system names no data folder for slotmark; pass --saves DIR".into(),
        }),
    }
}

/// The platform's data folder for slotmark sessions (`~/.local/share/slotmark/saves` on Linux),
/// without creating it.
pub fn default_saves_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "slotmark").map(|d| d.data_dir().join("saves"))
}

/// Is `path` named as a session file is: ending in `.ron`, its name not starting with a dot?
pub fn named_as_session(path: &Path) -> bool {
    path.extension().is_some_and(|x| x == "ron")
        && !path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with('.'))
}

/// Sessions in a saves folder, most recently played first. A file that cannot be opened is listed
/// with the reason in `problem` rather than left out.
pub fn list_sessions(dir: &Path) -> Vec<SessionSummary> {
    let Ok(read) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<SessionSummary> = read
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| named_as_session(p) && !p.is_dir())
        .map(|path| summarize(&path))
        .collect();
    out.sort_by(|a, b| {
        b.last_played
            .cmp(&a.last_played)
            .then_with(|| a.path.cmp(&b.path))
    });
    out
}

fn summarize(path: &Path) -> SessionSummary {
    let mtime = |p: &Path| fs::metadata(p).and_then(|m| m.modified()).ok();
    let last_played = [mtime(path), mtime(&journal_path(path))]
        .into_iter()
        .flatten()
        .max()
        .unwrap_or(SystemTime::UNIX_EPOCH);
    // The quick way: the file's summary line, when no journal waits to be folded in (after a
    // crash the journal may hold steps the summary does not count, so the file is read in full).
    let jpath = journal_path(path);
    let journal_pending = fs::metadata(&jpath).is_ok_and(|m| m.len() > JOURNAL_HEADER_MAX);
    if !journal_pending && let Some(s) = file::read_summary(path) {
        return SessionSummary {
            path: path.to_path_buf(),
            title: s.title,
            ruleset: s.ruleset,
            last_played,
            problem: None,
            entries: s.steps,
        };
    }
    match load(path) {
        Ok(session) => SessionSummary {
            path: path.to_path_buf(),
            title: session.state().title.clone(),
            ruleset: session.state().ruleset(),
            last_played,
            problem: None,
            entries: session.entries().len(),
        },
        Err(e) => SessionSummary {
            path: path.to_path_buf(),
            title: path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default(),
            ruleset: RulesetId::ALL[0],
            last_played,
            problem: Some(e.reason()),
            entries: 0,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::ScriptedDice;
    use crate::session::Command;

    /// A file as slotmark writes it is read in pieces to its end; a damaged one, one whose log
    /// does not replay to its cursor and a generation the caller refuses each leave it to the
    /// whole reading.
    #[test]
    fn a_written_file_opens_in_pieces_and_anything_else_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.ron");
        let mut session = Session::new(SessionState::new("Pieces", RulesetId::Plain));
        for n in 0..300 {
            let note = Command::Note(format!("note {n}"));
            session.execute(note, &mut ScriptedDice::new([])).unwrap();
        }
        drop(Store::create(&path, &session).unwrap());
        let fine = |_| Ok(());
        let read = session_as_read(&path, 61, &fine).unwrap().unwrap();
        assert_eq!(read.session.entries(), session.entries());
        assert_eq!(read.session.state(), session.state());
        let refused = |_| Err(generation_spent(&path));
        assert!(session_as_read(&path, 61, &refused).unwrap().is_none());
        let text = fs::read_to_string(&path).unwrap();
        fs::write(&path, text.replacen("note 7", "note 8", 1)).unwrap();
        assert!(session_as_read(&path, 61, &fine).unwrap().is_none());
        // A cursor past the log's end, the checksum left off so that only the replay finds it.
        let unsummed = &text[..text.rfind("// checksum: ").unwrap()];
        assert!(unsummed.contains("cursor: 300,"));
        fs::write(&path, unsummed.replacen("cursor: 300,", "cursor: 301,", 1)).unwrap();
        assert!(session_as_read(&path, 61, &fine).unwrap().is_none());
        assert!(read_session(&path, 61, fine).is_err());
    }
}
