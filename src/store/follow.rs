//! Following a session another slotmark is playing, for the players' table view: read the file
//! and its journal without the lock and without writing anything, then read each step the judge
//! appends to the journal as it comes. Anything else (the journal folded into the file, the file
//! replaced, the judge's slotmark reopening it after a crash) is met by reading the whole session
//! again.

use super::{JournalRecord, MAX_FILE_BYTES, StoreError, build_session, file, journal};
use crate::session::Session;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Enough of a file's metadata to tell that it was replaced or rewritten.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stamp {
    id: (u64, u64),
    len: u64,
    modified: Option<SystemTime>,
    /// When the file's inode last changed (Unix): a write moves it even when whoever wrote
    /// puts the modification time back, as a copy that keeps times does.
    changed: (i64, i64),
}

impl Stamp {
    fn of(path: &Path) -> io::Result<Stamp> {
        let meta = fs::metadata(path)?;
        #[cfg(unix)]
        let (id, changed) = {
            use std::os::unix::fs::MetadataExt;
            ((meta.dev(), meta.ino()), (meta.ctime(), meta.ctime_nsec()))
        };
        #[cfg(not(unix))]
        let (id, changed) = ((0, 0), (0, 0));
        Ok(Stamp {
            id,
            len: meta.len(),
            modified: meta.modified().ok(),
            changed,
        })
    }
}

/// What a look at the files found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Followed {
    /// Nothing new.
    Same,
    /// The session moved on (or back); read it again.
    Changed,
    /// The session file is no longer there.
    Gone,
}

/// A session read from its file and journal, kept up to date by [`Follower::refresh`]. Never
/// locks, never writes.
#[derive(Debug)]
pub struct Follower {
    path: PathBuf,
    journal_path: PathBuf,
    session: Session,
    file: Stamp,
    /// The journal as last read, and how many of its bytes (whole lines) were read.
    journal: Option<Stamp>,
    read_to: u64,
    /// The checksum of those bytes: a journal rewritten in place (not appended to) no longer
    /// starts with them, whatever its length.
    read_sum: u32,
}

impl Follower {
    /// Reads the session as it stands now.
    pub fn open(path: &Path) -> Result<Follower, StoreError> {
        let journal_path = journal::journal_path(path);
        let (session, file, journal, read_to, read_sum) = read_whole(path, &journal_path)?;
        Ok(Follower {
            path: path.to_path_buf(),
            journal_path,
            session,
            file,
            journal,
            read_to,
            read_sum,
        })
    }

    pub fn session(&self) -> &Session {
        &self.session
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn journal_path(&self) -> &Path {
        &self.journal_path
    }

    /// Looks at the files again and takes in whatever changed. An error leaves the session as
    /// it was (a file caught halfway through being replaced reads fine a moment later).
    pub fn refresh(&mut self) -> Result<Followed, StoreError> {
        let file = match Stamp::of(&self.path) {
            Ok(s) => s,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Followed::Gone),
            Err(e) => return Err(StoreError::io(&self.path, "cannot read", &e)),
        };
        if file != self.file {
            return self.reread();
        }
        let journal = Stamp::of(&self.journal_path).ok();
        match (self.journal, journal) {
            (_, None) => Ok(Followed::Same),
            (Some(was), Some(now)) if was.id == now.id && now.len >= self.read_to => {
                if now == was {
                    return Ok(Followed::Same);
                }
                match self.read_on()? {
                    Some(true) => {
                        self.journal = Some(now);
                        Ok(Followed::Changed)
                    }
                    Some(false) => Ok(Followed::Same),
                    None => self.reread(),
                }
            }
            _ => self.reread(),
        }
    }

    fn reread(&mut self) -> Result<Followed, StoreError> {
        let (session, file, journal, read_to, read_sum) =
            read_whole(&self.path, &self.journal_path)?;
        self.session = session;
        self.file = file;
        self.journal = journal;
        self.read_to = read_to;
        self.read_sum = read_sum;
        Ok(Followed::Changed)
    }

    /// Reads the whole lines appended to the journal since the last look and applies them.
    /// Some(false) when no whole line was added; None when what is there does not follow on
    /// from what was read (the journal was emptied and written again, or rewritten in place):
    /// then read it all. A journal grown past the limit is an error, which the view shows.
    fn read_on(&mut self) -> Result<Option<bool>, StoreError> {
        let bytes = file::read_bytes(&self.journal_path, MAX_FILE_BYTES)?;
        Ok(self.take_in(&bytes))
    }

    fn take_in(&mut self, bytes: &[u8]) -> Option<bool> {
        let read_to = usize::try_from(self.read_to).ok()?;
        // What was read must still be there, byte for byte.
        let before = bytes.get(..read_to)?;
        if crc32fast::hash(before) != self.read_sum {
            return None;
        }
        let after = &bytes[read_to..];
        let Some(whole) = after.iter().rposition(|&b| b == b'\n') else {
            return Some(false);
        };
        let text = std::str::from_utf8(&after[..=whole]).ok()?;
        let mut session = self.session.clone();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let record = journal::read_record(line)?;
            let applied = match &record {
                JournalRecord::Apply(entry) => session
                    .execute(
                        entry.command.clone(),
                        &mut crate::dice::RecordedDice::new(&entry.rolls),
                    )
                    .map(|_| ())
                    .map(|()| {
                        session.stamp_last(entry.stamp);
                    }),
                JournalRecord::Undo => session.undo().map(|_| ()),
                JournalRecord::Redo => session.redo().map(|_| ()),
            };
            applied.ok()?;
        }
        self.session = session;
        let end = read_to + whole + 1;
        self.read_to = end as u64;
        self.read_sum = crc32fast::hash(&bytes[..end]);
        Some(true)
    }
}

/// Reads the file and its journal in full, noting both files' stamps first, so a change made
/// while they are read is seen at the next look.
type Whole = (Session, Stamp, Option<Stamp>, u64, u32);

fn read_whole(path: &Path, journal_path: &Path) -> Result<Whole, StoreError> {
    let file_stamp = Stamp::of(path).map_err(|e| StoreError::io(path, "cannot read", &e))?;
    let journal_stamp = Stamp::of(journal_path).ok();
    let saved = file::read(path)?;
    let generation = saved.generation;
    let (mut session, _) = build_session(path, saved)?;
    let mut read_to = 0;
    let mut read_sum = crc32fast::hash(&[]);
    if journal_stamp.is_some() && journal_path.exists() {
        let bytes = file::read_bytes(journal_path, MAX_FILE_BYTES)?;
        let text = journal::decode(journal_path, &bytes)?;
        let contents = journal::parse(journal_path, &text, generation)?;
        journal::apply(journal_path, &mut session, &contents.records)?;
        // A last line taken without its line break counts as read.
        let end = if contents.took_last_line {
            bytes.len()
        } else {
            bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1)
        };
        read_to = end as u64;
        read_sum = crc32fast::hash(&bytes[..end]);
    }
    Ok((session, file_stamp, journal_stamp, read_to, read_sum))
}

/// How many times a look that finds the files unreadable is made again at once.
const RETRIES: usize = 3;

/// A [`Follower`] as the players' views hold it: a look that finds the files unreadable is made
/// again at once, and when they stay so the session stays as it was, with words that say why.
#[derive(Debug)]
pub struct Following {
    follower: Follower,
    problem: Option<String>,
}

impl Following {
    /// Reads the session; an unreadable file is refused here.
    pub fn open(path: &Path) -> Result<Following, StoreError> {
        Ok(Following {
            follower: Follower::open(path)?,
            problem: None,
        })
    }

    pub fn session(&self) -> &Session {
        self.follower.session()
    }

    pub fn path(&self) -> &Path {
        self.follower.path()
    }

    /// Why the files could not be read at the last look, when they could not.
    pub fn problem(&self) -> Option<&str> {
        self.problem.as_deref()
    }

    /// Takes in what the judge did since the last look. A file that cannot be read just now
    /// (caught while being replaced) leaves the session as it was, with a problem that says so.
    pub fn refresh(&mut self) -> Followed {
        // The judge's fold writes the file and then empties the journal: a look between the two
        // reads a journal ahead of its file. Looking again a moment later reads both whole.
        let mut last = None;
        for _ in 0..RETRIES {
            match self.follower.refresh() {
                Ok(Followed::Gone) => return Followed::Gone,
                Ok(f) => {
                    // A problem gone is a change to show too.
                    if self.problem.take().is_some() {
                        return Followed::Changed;
                    }
                    return f;
                }
                Err(e) => last = Some(e),
            }
        }
        let problem = last.map(|e| match &e {
            // Not a passing state: the view stays where it was until the file shrinks again.
            StoreError::TooLarge { path, .. } => format!(
                "stopped following {}: {}",
                path.file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .chars()
                    .filter(|c| !c.is_control())
                    .collect::<String>(),
                e.reason()
            ),
            _ => format!("cannot read the session just now: {}", e.reason()),
        });
        if problem != self.problem {
            self.problem = problem;
            Followed::Changed
        } else {
            Followed::Same
        }
    }
}

/// Watches the folder of the session at `path` for changes to it or its journal, calling `wake`
/// for each. None when the platform gives no events; then only a poll notices changes.
pub fn watch(path: &Path, wake: impl Fn() + Send + 'static) -> Option<notify::RecommendedWatcher> {
    use notify::{RecursiveMode, Watcher};
    let names: Vec<std::ffi::OsString> = [
        path.file_name().map(|n| n.to_os_string()),
        journal::journal_path(path)
            .file_name()
            .map(|n| n.to_os_string()),
    ]
    .into_iter()
    .flatten()
    .collect();
    let mut watcher = notify::recommended_watcher(move |res: notify::Result<notify::Event>| {
        if let Ok(ev) = res
            && ev
                .paths
                .iter()
                .any(|p| p.file_name().is_some_and(|n| names.iter().any(|m| m == n)))
        {
            wake();
        }
    })
    .ok()?;
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    watcher.watch(&folder, RecursiveMode::NonRecursive).ok()?;
    Some(watcher)
}
