//! `slotmark table FILE`: the players' view of a session another slotmark is playing, for a
//! second terminal, a projector or a player's laptop over ssh. It reads the session without the
//! lock and never writes; it follows the journal as the judge plays (woken by the file system's
//! events where the platform gives them, and by a short poll where it does not), and shows only
//! what [`TableView`] lets the players see. `q` ends it, and so does the session file going away.

mod big;
mod draw;

pub use draw::draw;

use std::cell::Cell;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;

use crate::session::TableView;
use crate::store::{FollowWork, Followed, Following, StoreError};
use crate::tui::TuiError;
use crate::tui::theme::Theme;

/// How often the files are looked at when the file system tells nothing of changes.
const POLL: Duration = Duration::from_millis(50);
/// How often they are looked at anyway while it does (an event can be missed, on a network
/// file system say).
const POLL_WATCHED: Duration = Duration::from_millis(500);

/// The players' view of one session file: the session as last read, and what to say when the
/// file could not be read just now.
pub struct TableScreen {
    following: Following,
    theme: Theme,
    /// Frames drawn so far.
    frames: Cell<u64>,
}

impl TableScreen {
    /// Reads the session; an unreadable file is refused here, before any terminal is touched.
    pub fn open(path: &Path, theme: Theme) -> Result<TableScreen, StoreError> {
        Ok(TableScreen {
            following: Following::open(path)?,
            theme,
            frames: Cell::new(0),
        })
    }

    pub fn path(&self) -> &Path {
        self.following.path()
    }

    /// What the view has read of the files so far (for the tests and the benches).
    pub fn reads(&self) -> FollowWork {
        self.following.work()
    }

    /// How many frames the view has drawn so far (for the tests and the benches).
    pub fn frames(&self) -> u64 {
        self.frames.get()
    }

    /// Takes in what the judge did since the last look. A file that cannot be read just now
    /// (caught while being replaced) leaves the view as it was, with a line that says so.
    pub fn refresh(&mut self) -> Followed {
        self.following.refresh()
    }

    /// What the players see now, with as many log lines as a screen this tall can show.
    pub fn view(&self, height: u16) -> TableView {
        TableView::of(self.following.session(), usize::from(height))
    }

    /// Draws the view into a terminal.
    pub fn draw<B: Backend>(&self, terminal: &mut Terminal<B>) -> Result<(), TuiError> {
        self.frames.set(self.frames.get() + 1);
        terminal
            .draw(|frame| {
                let area = frame.area();
                let view = self.view(area.height);
                draw(
                    frame.buffer_mut(),
                    area,
                    &view,
                    self.theme,
                    self.following.problem(),
                );
            })
            .map(|_| ())
            .map_err(|e| TuiError::Terminal(e.to_string()))
    }
}

/// What wakes the table view.
enum Wake {
    Key(KeyEvent),
    Resize(u16, u16),
    Files,
    /// The terminal can no longer be read.
    Closed(String),
}

/// Why the table view ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ended {
    /// The players' screen was closed with `q`.
    Quit,
    /// The session file went away.
    Gone(PathBuf),
}

/// Is this key the end of the view (`q`, Esc, Ctrl-C)?
pub fn quits(key: &KeyEvent) -> bool {
    match key.code {
        KeyCode::Char('q') | KeyCode::Esc => true,
        KeyCode::Char('c') => key.modifiers.contains(KeyModifiers::CONTROL),
        _ => false,
    }
}

/// Wakes the view for each change of the session's files.
fn watch(screen: &TableScreen, tx: Sender<Wake>) -> Option<notify::RecommendedWatcher> {
    crate::store::watch(screen.path(), move || {
        let _ = tx.send(Wake::Files);
    })
}

/// Reads the terminal's events on a thread of their own, so the view wakes for a key or a change
/// of the files alike.
fn read_keys(tx: Sender<Wake>) {
    std::thread::spawn(move || {
        loop {
            let wake = match event::read() {
                Ok(Event::Key(k)) => Wake::Key(k),
                Ok(Event::Resize(w, h)) => Wake::Resize(w, h),
                Ok(_) => continue,
                Err(e) => Wake::Closed(e.to_string()),
            };
            let closed = matches!(wake, Wake::Closed(_));
            if tx.send(wake).is_err() || closed {
                break;
            }
        }
    });
}

/// The view's loop: draw, then wait for a key, a change of the files or the next poll, and draw
/// again when something changed. Ends on `q` or when the file goes away.
fn follow<B: Backend>(
    terminal: &mut Terminal<B>,
    screen: &mut TableScreen,
    rx: &Receiver<Wake>,
    poll: Duration,
) -> Result<Ended, TuiError> {
    screen.draw(terminal)?;
    loop {
        let changed = match rx.recv_timeout(poll) {
            Ok(Wake::Key(k)) if quits(&k) => return Ok(Ended::Quit),
            Ok(Wake::Key(_)) => false,
            Ok(Wake::Resize(w, h)) => {
                terminal
                    .resize(Rect::new(0, 0, w, h))
                    .map_err(|e| TuiError::Terminal(e.to_string()))?;
                true
            }
            Ok(Wake::Closed(why)) => return Err(TuiError::Terminal(why)),
            Ok(Wake::Files) | Err(RecvTimeoutError::Timeout) => false,
            Err(RecvTimeoutError::Disconnected) => return Ok(Ended::Quit),
        };
        // Every wake looks at the files: cheap (two file stamps) when nothing changed.
        let followed = screen.refresh();
        if followed == Followed::Gone {
            return Ok(Ended::Gone(screen.path().to_path_buf()));
        }
        if changed || followed == Followed::Changed {
            screen.draw(terminal)?;
        }
    }
}

/// Runs the players' view until `q` or until the session file goes away; the terminal is put
/// back on every way out.
/// `theme` is the judge's theme from the settings file; `NO_COLOR` still turns colour off.
pub fn run(path: &Path, theme: crate::config::ThemeName) -> color_eyre::Result<Ended> {
    let mut screen = TableScreen::open(path, Theme::from_env().with_name(theme))?;
    let (tx, rx) = mpsc::channel();
    let watcher = watch(&screen, tx.clone());
    let poll = if watcher.is_some() {
        POLL_WATCHED
    } else {
        POLL
    };
    super::install_panic_hook();
    #[cfg(unix)]
    super::restore_on_signals().map_err(|e| TuiError::Terminal(e.to_string()))?;
    let mut terminal = super::enter_terminal().map_err(|e| TuiError::Terminal(e.to_string()))?;
    let guard = super::TerminalGuard;
    // The first poll starts listening for window changes, here, before the first frame: left to
    // the key thread, it could come after a stop and a resume, and the window change the resume
    // raises to ask for a new frame would be lost, leaving the view blank until the next step.
    let _ = event::poll(Duration::ZERO);
    read_keys(tx);
    let ended = follow(&mut terminal, &mut screen, &rx, poll);
    drop(guard);
    drop(watcher);
    Ok(ended?)
}

/// For tests and benches: one look at the files and, when something changed, a new frame.
pub fn step<B: Backend>(
    terminal: &mut Terminal<B>,
    screen: &mut TableScreen,
) -> io::Result<Followed> {
    let followed = screen.refresh();
    if followed == Followed::Changed {
        screen
            .draw(terminal)
            .map_err(|e| io::Error::other(e.to_string()))?;
    }
    Ok(followed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::ScriptedDice;
    use crate::rules::RulesetId;
    use crate::session::Command;
    use crate::store::{JournalRecord, Store};
    use ratatui::backend::TestBackend;
    use std::io::Write;

    /// Runs the view's loop over these wakes, then until their sender is gone.
    fn wakes(screen: &mut TableScreen, wakes: impl IntoIterator<Item = Wake>) {
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        let (tx, rx) = mpsc::channel();
        for wake in wakes {
            tx.send(wake).unwrap();
        }
        drop(tx);
        // The poll never comes: only the wakes sent drive the loop.
        let ended = follow(&mut terminal, screen, &rx, Duration::from_secs(3600)).unwrap();
        assert_eq!(ended, Ended::Quit);
    }

    /// A hundred wakes (the file system's events, keys that do nothing) with no change to the
    /// files: one frame, the first, and nothing read after the first whole read.
    fn quiet() -> impl Iterator<Item = Wake> {
        (0..100).flat_map(|_| [Wake::Files, Wake::Key(KeyEvent::from(KeyCode::Char('x')))])
    }

    fn reads(whole: u64, appended: u64, records: u64) -> FollowWork {
        FollowWork {
            whole,
            appended,
            records,
        }
    }

    #[test]
    fn the_view_reads_and_draws_nothing_while_nothing_changes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("quiet.ron");
        let mut session = crate::script::demo_for(RulesetId::Slots);
        let mut store = Store::create(&path, &session).unwrap();
        let mut screen = TableScreen::open(&path, Theme::plain()).unwrap();
        wakes(&mut screen, quiet());
        assert_eq!((screen.frames(), screen.reads()), (1, reads(1, 0, 0)));

        // One step: read as it was appended, applied, drawn once; then quiet again.
        let entry = session
            .execute(
                Command::Note("a draught".into()),
                &mut ScriptedDice::new([]),
            )
            .unwrap()
            .to_logged();
        store
            .journal_step(&JournalRecord::Apply(entry), &session)
            .unwrap();
        wakes(&mut screen, quiet());
        assert_eq!((screen.frames(), screen.reads()), (3, reads(1, 1, 1)));

        // Half a line (a step being written): read once, nothing to apply, nothing drawn.
        let journal = crate::store::journal_path(&path);
        let mut file = std::fs::OpenOptions::new()
            .append(true)
            .open(&journal)
            .unwrap();
        file.write_all(b"0123abcd (App").unwrap();
        drop(file);
        wakes(&mut screen, quiet());
        assert_eq!((screen.frames(), screen.reads()), (4, reads(1, 2, 1)));
    }

    #[test]
    fn a_view_left_on_a_file_it_cannot_read_reads_it_once_until_it_changes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("broken.ron");
        drop(Store::create(&path, &crate::script::demo_for(RulesetId::Phase)).unwrap());
        let mut screen = TableScreen::open(&path, Theme::plain()).unwrap();
        std::fs::write(&path, "(not a session").unwrap();
        wakes(&mut screen, quiet());
        // Read once in vain (the look is not made again, the files being as they were), and
        // drawn once to say so.
        assert_eq!(screen.reads().whole, 2);
        assert_eq!(screen.frames(), 2);
        assert!(screen.following.problem().is_some());
    }
}
