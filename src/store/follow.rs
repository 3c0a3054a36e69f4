//! Following a session another slotmark is playing, for the players' table view: read the file
//! and its journal without the lock and without writing anything, then read each step the judge
//! appends to the journal as it comes. Anything else (the journal folded into the file, the file
//! replaced, the judge's slotmark reopening it after a crash) is met by reading the whole session
//! again.

use super::pieces::PIECE;
use super::{JournalRecord, MAX_FILE_BYTES, StoreError, file, journal, read_session};
use crate::session::Session;
use std::fs;
use std::io::{self, Read, Seek, SeekFrom};
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

/// How many bytes of the journal, just before where the last look stopped, are kept to tell a
/// journal appended to from one rewritten in place: a look reads them again with what was
/// appended, so its work stays the size of the new steps however long the journal is.
const TAIL: usize = 4096;

/// The work the follower did, counted for the tests and the benches: a look that finds nothing
/// changed adds nothing.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Work {
    /// The session file and its journal read whole.
    pub whole: u64,
    /// Reads of what was appended to the journal.
    pub appended: u64,
    /// Journal records taken in from those.
    pub records: u64,
}

/// Both files' stamps at one look.
type Stamps = (Stamp, Option<Stamp>);

/// A session read from its file and journal, kept up to date by [`Follower::refresh`]. Never
/// locks, never writes.
///
/// Each look takes in only the records appended to the journal since the last one, applied to
/// the session it holds. The journal's first line and its last few kilobytes before that point
/// must still read as they did; anything else (the file replaced or folded into, the journal
/// emptied, shrunk or rewritten in place) reads the whole session again.
#[derive(Debug)]
pub struct Follower {
    path: PathBuf,
    journal_path: PathBuf,
    /// The session and both files as last read.
    read: Whole,
    /// A record failed to apply after others had: the session no longer matches `read_to`, so
    /// the next look reads the whole session.
    whole_due: bool,
    work: Work,
}

impl Follower {
    /// Reads the session as it stands now.
    pub fn open(path: &Path) -> Result<Follower, StoreError> {
        let journal_path = journal::journal_path(path);
        let whole = read_whole(path, &journal_path)?;
        Ok(Follower {
            path: path.to_path_buf(),
            journal_path,
            read: whole,
            whole_due: false,
            work: Work {
                whole: 1,
                ..Work::default()
            },
        })
    }

    pub fn session(&self) -> &Session {
        &self.read.session
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn journal_path(&self) -> &Path {
        &self.journal_path
    }

    /// What the follower has read so far.
    pub fn work(&self) -> Work {
        self.work
    }

    /// Looks at the files again and takes in whatever changed. An error leaves the session as
    /// it was (a file caught halfway through being replaced reads fine a moment later).
    pub fn refresh(&mut self) -> Result<Followed, StoreError> {
        match self.look()? {
            None => Ok(Followed::Gone),
            Some(stamps) => self.take(stamps),
        }
    }

    /// Both files' stamps as they are now; None when the session file is gone.
    fn look(&self) -> Result<Option<Stamps>, StoreError> {
        let file = match Stamp::of(&self.path) {
            Ok(s) => s,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(StoreError::io(&self.path, "cannot read", &e)),
        };
        Ok(Some((file, Stamp::of(&self.journal_path).ok())))
    }

    /// Takes in what changed since the files had `stamps`' predecessors.
    fn take(&mut self, (file, journal): Stamps) -> Result<Followed, StoreError> {
        if file != self.read.file || self.whole_due {
            return self.reread();
        }
        match (self.read.journal, journal) {
            (_, None) => Ok(Followed::Same),
            (Some(was), Some(now)) if was.id == now.id && now.len >= self.read.read_to => {
                if now == was {
                    return Ok(Followed::Same);
                }
                match self.read_on(now)? {
                    Some(took) => {
                        // Looked at either way: read again only once it changes again.
                        self.read.journal = Some(now);
                        Ok(if took {
                            Followed::Changed
                        } else {
                            Followed::Same
                        })
                    }
                    None => self.reread(),
                }
            }
            _ => self.reread(),
        }
    }

    fn reread(&mut self) -> Result<Followed, StoreError> {
        self.work.whole += 1;
        let whole = read_whole(&self.path, &self.journal_path)?;
        self.read = whole;
        self.whole_due = false;
        Ok(Followed::Changed)
    }

    /// Reads the whole lines appended to the journal (now `now`) since the last look and
    /// applies them. Some(false) when no whole line was added; None when what is there does not
    /// follow on from what was read (the journal was emptied and written again, or rewritten in
    /// place): then read it all. A journal grown past the limit is an error, which the view
    /// shows.
    fn read_on(&mut self, now: Stamp) -> Result<Option<bool>, StoreError> {
        let path = &self.journal_path;
        let too_large = |bytes: u64| StoreError::TooLarge {
            path: path.clone(),
            bytes,
            limit: MAX_FILE_BYTES,
        };
        if now.len > MAX_FILE_BYTES {
            return Err(too_large(now.len));
        }
        self.work.appended += 1;
        let cannot = |e: io::Error| StoreError::io(path, "cannot read", &e);
        let mut f = fs::File::open(path).map_err(cannot)?;
        if !f.metadata().map_err(cannot)?.is_file() {
            return Ok(None);
        }
        let mut head = vec![0; self.read.head.len()];
        match f.read_exact(&mut head) {
            Ok(()) if head == self.read.head => {}
            Ok(()) => return Ok(None),
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
            Err(e) => return Err(cannot(e)),
        }
        let from = self.read.read_to - self.read.tail.len() as u64;
        f.seek(SeekFrom::Start(from)).map_err(cannot)?;
        let mut bytes = Vec::new();
        // `take` keeps the limit even if the journal grows while it is read.
        (&mut f)
            .take(MAX_FILE_BYTES - from + 1)
            .read_to_end(&mut bytes)
            .map_err(cannot)?;
        if from + bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(too_large(from + bytes.len() as u64));
        }
        // What was read last must still be there, byte for byte.
        if !bytes.starts_with(&self.read.tail) {
            return Ok(None);
        }
        Ok(self.take_in(&bytes))
    }

    /// Applies the whole lines of `bytes` after the kept tail.
    fn take_in(&mut self, bytes: &[u8]) -> Option<bool> {
        let after = &bytes[self.read.tail.len()..];
        let Some(whole) = after.iter().rposition(|&b| b == b'\n') else {
            return Some(false);
        };
        let text = std::str::from_utf8(&after[..=whole]).ok()?;
        // Taken as every reader takes them: a line that repeats the one before is dropped.
        let mut steps = self.read.steps.clone();
        let records: Vec<JournalRecord> = text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| steps.read(l))
            .collect::<Option<Vec<_>>>()?
            .into_iter()
            .flatten()
            .collect();
        for record in &records {
            let session = &mut self.read.session;
            let applied = match record {
                JournalRecord::Apply(crate::session::Logged { entry, .. }) => session
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
            if applied.is_err() {
                // Some records may be in already: only a whole read puts the session right.
                self.whole_due = true;
                return None;
            }
            self.work.records += 1;
        }
        self.read.steps = steps;
        let end = self.read.tail.len() + whole + 1;
        self.read.read_to += (whole + 1) as u64;
        self.read.tail = bytes[end.saturating_sub(TAIL)..end].to_vec();
        Some(true)
    }
}

/// A session as read from its file and journal: read in full, with both files' stamps taken
/// first (so a change made while they are read is seen at the next look), then kept up to date
/// by the journal's lines read since.
#[derive(Debug)]
struct Whole {
    session: Session,
    file: Stamp,
    /// The journal as last looked at, and how many of its bytes (whole lines) were read.
    journal: Option<Stamp>,
    read_to: u64,
    /// The journal's first line (its header, naming the save it continues) as read.
    head: Vec<u8>,
    /// Where the count of the journal's steps stands after the last line read.
    steps: journal::Steps,
    /// Up to [`TAIL`] bytes of the journal just before `read_to`, as read.
    tail: Vec<u8>,
}

fn read_whole(path: &Path, journal_path: &Path) -> Result<Whole, StoreError> {
    let file_stamp = Stamp::of(path).map_err(|e| StoreError::io(path, "cannot read", &e))?;
    let journal_stamp = Stamp::of(journal_path).ok();
    let read = read_session(path, PIECE, |_| Ok(()))?;
    let (generation, mut session) = (read.generation, read.session);
    let (mut read_to, mut head, mut tail) = (0, Vec::new(), Vec::new());
    let mut steps = journal::Steps::default();
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
        let first = bytes[..end]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        read_to = end as u64;
        head = bytes[..first].to_vec();
        steps = contents.steps;
        tail = bytes[end.saturating_sub(TAIL)..end].to_vec();
    }
    Ok(Whole {
        session,
        file: file_stamp,
        journal: journal_stamp,
        read_to,
        head,
        steps,
        tail,
    })
}

/// How many times a look that finds the files unreadable is made again at once.
const RETRIES: usize = 3;

/// A [`Follower`] as the players' views hold it: a look that finds the files unreadable is made
/// again at once, and when they stay so the session stays as it was, with words that say why.
#[derive(Debug)]
pub struct Following {
    follower: Follower,
    problem: Option<String>,
    /// The files' stamps at the last look that could not read them.
    failed: Option<Stamps>,
}

impl Following {
    /// Reads the session; an unreadable file is refused here.
    pub fn open(path: &Path) -> Result<Following, StoreError> {
        Ok(Following {
            follower: Follower::open(path)?,
            problem: None,
            failed: None,
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

    /// What the follower has read so far.
    pub fn work(&self) -> Work {
        self.follower.work()
    }

    /// Takes in what the judge did since the last look. A file that cannot be read just now
    /// (caught while being replaced) leaves the session as it was, with a problem that says so;
    /// it is not read again until one of the files changes, so a view left on a file it cannot
    /// read does no work while it waits.
    pub fn refresh(&mut self) -> Followed {
        // The judge's fold writes the file and then empties the journal: a look between the two
        // reads a journal ahead of its file. Looking again a moment later reads both whole.
        let mut last = None;
        for _ in 0..RETRIES {
            let stamps = match self.follower.look() {
                Ok(None) => return Followed::Gone,
                Ok(Some(stamps)) => stamps,
                Err(e) => {
                    last = Some(e);
                    continue;
                }
            };
            if self.failed == Some(stamps) {
                // Read as they are now already, and in vain: the problem stands as it was.
                if last.is_none() {
                    return Followed::Same;
                }
                break;
            }
            match self.follower.take(stamps) {
                Ok(f) => {
                    self.failed = None;
                    // A problem gone is a change to show too.
                    if self.problem.take().is_some() {
                        return Followed::Changed;
                    }
                    return f;
                }
                Err(e) => {
                    self.failed = Some(stamps);
                    last = Some(e);
                }
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

/// Is this event of the file system a change to a file (not someone opening or reading it)?
/// The views read the files they watch: were a read to wake them, a view that reads on every
/// wake would wake itself for ever.
fn changes(kind: &notify::EventKind) -> bool {
    !matches!(kind, notify::EventKind::Access(_))
}

/// Watches the folder of the session at `path` for changes to it or its journal, calling `wake`
/// for each. None when the platform gives no events; then only a poll notices changes.
pub fn watch(path: &Path, wake: impl Fn() + Send + 'static) -> Option<notify::RecommendedWatcher> {
    watch_files(path, &[journal::journal_path(path)], wake)
}

/// Watches the folder of `path` for changes to it or to `also` (files in the same folder),
/// calling `wake` for each. None when the platform gives no events.
pub fn watch_files(
    path: &Path,
    also: &[PathBuf],
    wake: impl Fn() + Send + 'static,
) -> Option<notify::RecommendedWatcher> {
    use notify::{RecursiveMode, Watcher};
    let names: Vec<std::ffi::OsString> = std::iter::once(path)
        .chain(also.iter().map(PathBuf::as_path))
        .filter_map(|p| p.file_name().map(|n| n.to_os_string()))
        .collect();
    let mut watcher = notify::recommended_watcher(move |res: notify::Result<notify::Event>| {
        if let Ok(ev) = res
            && changes(&ev.kind)
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

#[cfg(test)]
mod tests {
    use super::changes;
    use notify::EventKind;
    use notify::event::{AccessKind, AccessMode, CreateKind, DataChange, ModifyKind, RemoveKind};

    /// The view's own reads of the files (opened, closed after reading) must not wake it: only
    /// writes, new files and files gone do.
    #[test]
    fn only_a_change_to_the_files_wakes_the_views() {
        for read in [
            EventKind::Access(AccessKind::Open(AccessMode::Any)),
            EventKind::Access(AccessKind::Close(AccessMode::Read)),
            EventKind::Access(AccessKind::Close(AccessMode::Write)),
        ] {
            assert!(!changes(&read), "{read:?}");
        }
        for change in [
            EventKind::Modify(ModifyKind::Data(DataChange::Any)),
            EventKind::Create(CreateKind::File),
            EventKind::Remove(RemoveKind::File),
            EventKind::Any,
        ] {
            assert!(changes(&change), "{change:?}");
        }
    }
}
