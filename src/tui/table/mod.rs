//! `slotmark table FILE`: the players' view of a session another slotmark is playing, for a
//! second terminal, a projector or a player's laptop over ssh. It reads the session without the
//! lock and never writes; it follows the journal as the judge plays (woken by the file system's
//! events where the platform gives them, and by a short poll where it does not), and shows only
//! what [`TableView`] lets the players see. `q` ends it, and so does the session file going away.

mod big;
mod draw;

pub use draw::draw;

use std::io;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;

use crate::session::TableView;
use crate::store::{Followed, Follower, StoreError};
use crate::tui::TuiError;
use crate::tui::theme::Theme;

/// How often the files are looked at when the file system tells nothing of changes.
const POLL: Duration = Duration::from_millis(50);
/// How many times a look that finds the files unreadable is made again at once.
const RETRIES: usize = 3;
/// How often they are looked at anyway while it does (an event can be missed, on a network
/// file system say).
const POLL_WATCHED: Duration = Duration::from_millis(500);

/// The players' view of one session file: the session as last read, and what to say when the
/// file could not be read just now.
pub struct TableScreen {
    follower: Follower,
    theme: Theme,
    problem: Option<String>,
}

impl TableScreen {
    /// Reads the session; an unreadable file is refused here, before any terminal is touched.
    pub fn open(path: &Path, theme: Theme) -> Result<TableScreen, StoreError> {
        Ok(TableScreen {
            follower: Follower::open(path)?,
            theme,
            problem: None,
        })
    }

    pub fn path(&self) -> &Path {
        self.follower.path()
    }

    /// Takes in what the judge did since the last look. A file that cannot be read just now
    /// (caught while being replaced) leaves the view as it was, with a line that says so.
    pub fn refresh(&mut self) -> Followed {
        // The judge's fold writes the file and then empties the journal: a look between the two
        // reads a journal ahead of its file. Looking again a moment later reads both whole.
        let mut last = None;
        for _ in 0..RETRIES {
            match self.follower.refresh() {
                Ok(Followed::Gone) => return Followed::Gone,
                Ok(f) => {
                    // A problem gone is a change to draw too.
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

    /// What the players see now, with as many log lines as a screen this tall can show.
    pub fn view(&self, height: u16) -> TableView {
        TableView::of(self.follower.session(), usize::from(height))
    }

    /// Draws the view into a terminal.
    pub fn draw<B: Backend>(&self, terminal: &mut Terminal<B>) -> Result<(), TuiError> {
        terminal
            .draw(|frame| {
                let area = frame.area();
                let view = self.view(area.height);
                draw(
                    frame.buffer_mut(),
                    area,
                    &view,
                    self.theme,
                    self.problem.as_deref(),
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

/// Watches the folder of the session for changes to it or its journal. None when the platform
/// gives no events; then only the poll notices changes.
fn watch(screen: &TableScreen, tx: Sender<Wake>) -> Option<notify::RecommendedWatcher> {
    use notify::{RecursiveMode, Watcher};
    let path = screen.path().to_path_buf();
    let names: Vec<std::ffi::OsString> = [
        path.file_name().map(|n| n.to_os_string()),
        crate::store::journal_path(&path)
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
            let _ = tx.send(Wake::Files);
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
pub fn run(path: &Path) -> color_eyre::Result<Ended> {
    let mut screen = TableScreen::open(path, Theme::from_env())?;
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
