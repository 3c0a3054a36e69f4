//! The terminal screens. The only layer that knows about ratatui and crossterm: it turns keys and
//! clicks into session commands and draws from the session, owning nothing but view state.
//!
//! - [`app`]: the dispatcher: the start screen, and every key and click of an open session sent
//!   to the frame's dialogs, the ruleset's screen or what waits for the judge.
//! - [`host`]: the open session as the frame holds it, and what it offers a ruleset's screen
//!   (running commands, undo and redo, messages) and the frame's own dialogs' keys.
//! - [`dialogs`]: the frame's dialogs, each with its keys and its drawing: the roll, question and
//!   group roll that wait for the judge, the palette, typed dice and help.
//! - [`mail`]: the players' proposals from their pages, waiting for the judge, and the
//!   judge's answers (the dialog that shows them is `dialogs::proposal`).
//! - [`keymap`]: the frame's keys and the tables each ruleset builds from them and its own;
//!   dispatch, help and the status line come from one table.
//! - [`form`]: the small form and choice models behind roll setups and edit dialogs.
//! - [`widgets`]: drawing pieces shared by the frame and the rulesets' screens (dialog boxes,
//!   forms, choices, the key hints).
//! - [`sheets`]: each ruleset's own screen, dispatched by ruleset (`sheets::slots`: the sheet and
//!   body picture, the clock and scene panel and map, the strip with setups and interrupts, the
//!   keys of a fight, of the clock and of the scene; `sheets::plain`: the plain tracker's).
//! - [`table`]: `slotmark table FILE`, the players' read-only view of a session being played.
//! - `views`: the frame's panels and dialogs, drawn from the rulesets' read models only.
//!
//! Imports run one way: `views` → `app` → `dialogs`, `sheets` → `widgets` → `host`, `keymap`,
//! `form`, `mail`.
//!
//! The loop ([`run_loop`]) takes events from any iterator, so tests drive it without a terminal.
//! It waits on the next event and draws only after something changed or a resize; [`run`]
//! also wakes it when the players' mailbox may have changed.

pub mod app;
pub mod dialogs;
pub mod form;
pub mod host;
pub mod keymap;
mod logtext;
pub mod mail;
pub mod sheets;
pub mod table;
pub mod theme;
mod views;
pub mod widgets;

use std::io::{self, Stdout};
use std::path::PathBuf;
use std::sync::Once;

use ratatui::Terminal;
use ratatui::backend::{Backend, CrosstermBackend};
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use thiserror::Error;

pub use app::{App, Dice};
pub use views::{MainAreas, main_areas};

use crate::rules::RulesetId;
use crate::session::{Session, SessionState};
use crate::store::Store;

/// What the screen opens on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Launch {
    /// The start screen: recent sessions, a new session, the bundled demo.
    Start,
    /// Straight into a saved session.
    Open(PathBuf),
    /// Straight into a new session saved under this name in the saves folder.
    New { name: String, ruleset: RulesetId },
}

/// How the screen is started (`slotmark`, `slotmark open FILE`, `slotmark new NAME`).
#[derive(Debug, Clone)]
pub struct Options {
    pub launch: Launch,
    /// The saves folder (already resolved from `--saves` or the platform default).
    pub saves: PathBuf,
    /// Seed for live dice, for a reproducible session.
    pub seed: Option<u64>,
    /// The judge's settings: theme, key remaps, the ruleset offered first.
    pub settings: crate::config::Config,
    /// Called once the session behind the screen is whole (its log read), before the screen
    /// waits for keys, and again whenever the start screen reads a session file whole
    /// ([`App::settled`](app::App::settled)): the binary gives the memory the loading let go
    /// back to the system.
    pub settled: fn(),
}

/// The judge's key remaps made over the start screen's table and every ruleset's, with a line
/// for each remap left out.
pub fn remap_keys(settings: &crate::config::Config) -> (keymap::Remapped, Vec<String>) {
    let mut bases = vec![(keymap::START_TABLE, "start screen")];
    bases.extend(
        RulesetId::ALL
            .iter()
            .map(|r| (sheets::table(*r), r.title())),
    );
    keymap::remap(&bases, &settings.keys)
}

/// The judge's settings made on a screen: the theme (colour still off under `NO_COLOR`), the
/// key remaps that fit, and the ruleset the new-session form offers first. What could not be
/// used is said in the screen's message line.
pub fn dress(mut app: App, settings: &crate::config::Config) -> App {
    let (keys, warnings) = remap_keys(settings);
    app.theme = theme::Theme::from_env().with_name(settings.theme);
    app.keys = keys;
    app.default_rules = settings.rules;
    let mut said: Vec<String> = settings.warnings.clone();
    said.extend(warnings.into_iter().map(|w| match &settings.path {
        Some(p) => format!("{}: {w}", p.display()),
        None => w,
    }));
    if !said.is_empty() {
        let text = format!("settings: {}", said.join("; "));
        match &mut app.screen {
            app::Screen::Start(start) => start.error = Some(text),
            app::Screen::Main(m) if m.message.is_none() => {
                m.message = Some(app::Message {
                    text,
                    kind: app::MessageKind::Error,
                })
            }
            app::Screen::Main(_) => {}
        }
    }
    app
}

#[derive(Debug, Error)]
pub enum TuiError {
    #[error("the terminal failed: {0}")]
    Terminal(String),
    #[error(transparent)]
    Store(#[from] crate::store::StoreError),
    #[error("{0}")]
    Launch(String),
}

/// Draws the app into any backend.
pub fn draw<B: Backend>(terminal: &mut Terminal<B>, app: &mut App) -> Result<(), TuiError> {
    terminal
        .draw(|frame| views::draw(app, frame))
        .map(|_| ())
        .map_err(|e| TuiError::Terminal(e.to_string()))
}

/// The event loop: draw once, then for each event update the app and draw again only when it
/// says something changed. Ends when the app quits or the events run out.
pub fn run_loop<B, I>(terminal: &mut Terminal<B>, app: &mut App, events: I) -> Result<(), TuiError>
where
    B: Backend,
    I: IntoIterator<Item = io::Result<Event>>,
{
    run_loop_until_idle(terminal, app, events, || false)
}

/// [`run_loop`], drawing only once no more input waits (`more_waiting`): a paste of ten
/// thousand keys is handled key by key and drawn once, instead of ten thousand times.
pub fn run_loop_until_idle<B, I>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    events: I,
    more_waiting: impl Fn() -> bool,
) -> Result<(), TuiError>
where
    B: Backend,
    I: IntoIterator<Item = io::Result<Event>>,
{
    if let Ok(size) = terminal.size() {
        app.area = ratatui::layout::Rect::new(0, 0, size.width, size.height);
    }
    draw(terminal, app)?;
    let mut stale = false;
    for event in events {
        let event = event.map_err(|e| TuiError::Terminal(e.to_string()))?;
        if let Event::Resize(w, h) = event {
            terminal
                .resize(ratatui::layout::Rect::new(0, 0, w, h))
                .map_err(|e| TuiError::Terminal(e.to_string()))?;
        }
        stale |= app.handle(event);
        if app.should_quit() {
            break;
        }
        if stale && !more_waiting() {
            draw(terminal, app)?;
            stale = false;
            // Idle: the judge has the frame; slower bookkeeping goes now.
            app.after_frame();
        }
    }
    Ok(())
}

/// The screen on a session the store opened, with anything recovery had to say.
fn opened_app(opened: crate::store::Opened, options: &Options) -> App {
    let mut app = App::with_session(opened.session, Some(opened.store), Dice::live(options.seed));
    app.saves = options.saves.clone();
    if !opened.warnings.is_empty()
        && let Some(m) = app.main_mut()
    {
        m.message = Some(app::Message {
            text: opened.warnings.join("; "),
            kind: app::MessageKind::Error,
        });
    }
    app
}

/// A session file being opened on another thread.
type Opening = std::sync::mpsc::Receiver<Result<crate::store::Opened, crate::store::StoreError>>;

/// A session's log being read on another thread while the screen plays on.
type Reading = std::sync::mpsc::Receiver<Result<(Session, Vec<String>), crate::store::StoreError>>;

/// What `slotmark open FILE` reads behind its first frame.
enum Behind {
    /// The log alone: the screen takes every key meanwhile ([`App::while_loading`]).
    Log(Reading),
    /// The whole file, with a journal to recover: keys wait for it.
    Whole(Opening),
}

/// For `slotmark open FILE`: the screen drawn at once from the state the file saved, with the
/// rest read on another thread. A file with a clean journal is opened for playing at once
/// ([`Store::open_before_log`]) and only its log is read behind the screen; a journal with
/// steps to recover has the whole file opened behind it. None when the file cannot be read
/// that way; then it is opened the ordinary way, which says why a bad file is refused before
/// the terminal is touched.
fn open_in_background(options: &Options) -> Option<(App, Behind)> {
    let Launch::Open(path) = &options.launch else {
        return None;
    };
    if let Some(early) = Store::open_before_log(path) {
        let (tx, rx) = std::sync::mpsc::channel();
        let (path, generation) = (path.clone(), early.generation);
        std::thread::spawn(move || {
            let _ = tx.send(crate::store::read_log(&path, generation));
        });
        let mut app = App::while_loading(early, Dice::live(options.seed));
        app.saves = options.saves.clone();
        return Some((app, Behind::Log(rx)));
    }
    let state = crate::store::snapshot(path)?;
    let (tx, rx) = std::sync::mpsc::channel();
    let path = path.clone();
    std::thread::spawn(move || {
        // The screen may be gone (its terminal failed); then nobody needs the answer.
        let _ = tx.send(Store::open(&path));
    });
    let mut app = App::with_session(Session::new(state), None, Dice::live(options.seed));
    if let Some(m) = app.main_mut() {
        m.save = app::SaveState::Opening;
    }
    app.saves = options.saves.clone();
    Some((app, Behind::Whole(rx)))
}

/// Resolves the launch before the terminal is touched, so a bad file or name prints plainly.
fn prepare(options: &Options) -> Result<App, TuiError> {
    let dice = Dice::live(options.seed);
    match &options.launch {
        Launch::Start => Ok(App::start(options.saves.clone(), dice)),
        Launch::Open(path) => {
            let opened = Store::open(path)?;
            Ok(opened_app(opened, options))
        }
        Launch::New { name, ruleset } => {
            let name = name.trim();
            if name.is_empty() {
                return Err(TuiError::Launch("a new session needs a name".into()));
            }
            let path = app::session_path(&options.saves, name);
            if path.exists() {
                return Err(TuiError::Launch(format!(
                    "{} already exists; open it with `slotmark open {}`",
                    path.display(),
                    path.display()
                )));
            }
            std::fs::create_dir_all(&options.saves).map_err(|e| {
                TuiError::Launch(format!(
                    "cannot make the saves folder {}: {e}",
                    options.saves.display()
                ))
            })?;
            let session = Session::new(SessionState::new(name, *ruleset));
            let store = Store::create(&path, &session)?;
            let mut app = App::with_session(session, Some(store), dice);
            app.saves = options.saves.clone();
            Ok(app)
        }
    }
}

/// Is the screen (or the table view) holding the terminal? Only then does SIGCONT take it back.
static IN_SCREEN: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

fn enter_terminal() -> io::Result<Terminal<CrosstermBackend<Stdout>>> {
    IN_SCREEN.store(true, std::sync::atomic::Ordering::SeqCst);
    enable_raw_mode()?;
    let mut stdout = io::stdout();
    execute!(stdout, EnterAlternateScreen, EnableMouseCapture)?;
    Terminal::new(CrosstermBackend::new(stdout))
}

/// Puts the terminal back as the shell left it. Safe to call more than once.
fn restore_terminal() {
    let _ = disable_raw_mode();
    let _ = execute!(
        io::stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        ratatui::crossterm::cursor::Show
    );
}

/// Restores the terminal when dropped, whichever way `run` leaves.
struct TerminalGuard;

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        IN_SCREEN.store(false, std::sync::atomic::Ordering::SeqCst);
        restore_terminal();
    }
}

/// A panic must not leave the judge's terminal in raw mode on the alternate screen: restore it
/// first, then let the usual report print where it can be read.
fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore_terminal();
            previous(info);
        }));
    });
}

/// Every signal whose default action ends the process and that can be caught (SIGTERM, SIGHUP
/// from a closed ssh session, SIGINT, SIGQUIT, SIGUSR1, SIGALRM and the rest) ends slotmark like
/// a panic does: the terminal is restored first. Every step is already in the journal, so nothing
/// is lost; the exit status is 128 plus the signal's number, as a shell reports it.
///
/// A job-control stop (SIGTSTP, Ctrl-Z from a shell that leaves it to the program, or `kill
/// -TSTP`) gives the terminal back before stopping; SIGCONT (`fg`) takes it again and asks for a
/// whole new frame, through the window-size event the screen and the table view already redraw
/// on.
#[cfg(unix)]
fn restore_on_signals() -> io::Result<()> {
    use signal_hook::consts::{
        SIGALRM, SIGCONT, SIGHUP, SIGINT, SIGPROF, SIGQUIT, SIGTERM, SIGTSTP, SIGUSR1, SIGUSR2,
        SIGVTALRM, SIGWINCH, SIGXCPU, SIGXFSZ,
    };
    let mut signals = signal_hook::iterator::Signals::new([
        SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
        SIGXFSZ, SIGTSTP, SIGCONT,
    ])?;
    std::thread::spawn(move || {
        for signal in signals.forever() {
            match signal {
                SIGTSTP => {
                    restore_terminal();
                    // Stops here until SIGCONT.
                    let _ = signal_hook::low_level::emulate_default_handler(SIGTSTP);
                }
                SIGCONT if IN_SCREEN.load(std::sync::atomic::Ordering::SeqCst) => {
                    take_terminal_back();
                    let _ = signal_hook::low_level::raise(SIGWINCH);
                }
                SIGCONT => {}
                _ => {
                    restore_terminal();
                    std::process::exit(128 + signal);
                }
            }
        }
    });
    Ok(())
}

/// Puts the terminal back into the screen's modes after a stop (the shell may have reset them).
#[cfg(unix)]
fn take_terminal_back() {
    let _ = enable_raw_mode();
    let _ = execute!(
        io::stdout(),
        EnterAlternateScreen,
        EnableMouseCapture,
        ratatui::crossterm::cursor::Hide
    );
}

/// How long the screen waits for a key before it sees whether a player's proposal arrived.
const MAIL_WAKE: std::time::Duration = std::time::Duration::from_millis(100);
/// How often it looks at the players' mailbox when nothing said it changed.
const MAIL_LOOK: std::time::Duration = std::time::Duration::from_secs(1);

/// Set to exactly [`PANIC_ON_KEY_VALUE`], this environment variable makes the screen panic on
/// the first key it reads, inside the event loop. It exists only so a test can prove that a
/// panic leaves the terminal restored; the value is too particular to be set by accident.
pub const PANIC_ON_KEY_VAR: &str = "SLOTMARK_TEST_PANIC_ON_KEY";
/// See [`PANIC_ON_KEY_VAR`].
pub const PANIC_ON_KEY_VALUE: &str = "yes-panic-inside-the-event-loop";

/// Runs the interactive screen until the judge quits. The terminal is restored on every exit
/// path, panics included.
pub fn run(options: Options) -> color_eyre::Result<()> {
    let (app, behind) = match open_in_background(&options) {
        Some((app, behind)) => (app, Some(behind)),
        None => (prepare(&options)?, None),
    };
    let mut app = dress(app, &options.settings);
    install_panic_hook();
    let panic_on_key = std::env::var(PANIC_ON_KEY_VAR).is_ok_and(|v| v == PANIC_ON_KEY_VALUE);
    #[cfg(unix)]
    restore_on_signals().map_err(|e| TuiError::Terminal(e.to_string()))?;
    let mut terminal = match enter_terminal() {
        Ok(t) => t,
        Err(e) => {
            // A file that cannot be opened says so, whatever the terminal did.
            let refused = match behind {
                Some(Behind::Whole(rx)) => rx.recv().ok().and_then(Result::err),
                Some(Behind::Log(rx)) => rx.recv().ok().and_then(Result::err),
                None => None,
            };
            if let Some(refused) = refused {
                return Err(TuiError::from(refused).into());
            }
            return Err(TuiError::Terminal(e.to_string()).into());
        }
    };
    let guard = TerminalGuard;
    // The first poll starts listening for window changes: done before the first frame, so a
    // resize while it is drawn is not lost, nor the one a resume after a stop asks for while the
    // session is still opening.
    let _ = event::poll(std::time::Duration::ZERO);
    let mut reading = None;
    if let Some(Behind::Log(rx)) = behind {
        reading = Some(rx);
    } else if let Some(Behind::Whole(rx)) = behind {
        // The first frame, from the saved state, while the whole file opens.
        if let Ok(size) = terminal.size() {
            app.area = ratatui::layout::Rect::new(0, 0, size.width, size.height);
        }
        draw(&mut terminal, &mut app)?;
        let opened = rx
            .recv()
            .map_err(|_| TuiError::Launch("the session stopped opening".into()))?;
        app = dress(
            opened_app(opened.map_err(TuiError::from)?, &options),
            &options.settings,
        );
    }
    let asked_panic = move |e: &io::Result<Event>| {
        if panic_on_key && matches!(e, Ok(Event::Key(_))) {
            panic!("a panic inside the event loop, asked for by {PANIC_ON_KEY_VAR}");
        }
    };
    let waiting = || event::poll(std::time::Duration::from_millis(1)).unwrap_or(false);
    let mut result = Ok(());
    if let Some(rx) = reading {
        // Keys are answered while the log is read; between them the loop looks for the log
        // every 20 ms, and ends when it has come.
        let mut read = None;
        let events = std::iter::from_fn(|| {
            loop {
                match rx.try_recv() {
                    Ok(log) => {
                        read = Some(log);
                        return None;
                    }
                    Err(std::sync::mpsc::TryRecvError::Disconnected) => return None,
                    Err(std::sync::mpsc::TryRecvError::Empty) => {}
                }
                match event::poll(std::time::Duration::from_millis(20)) {
                    Ok(true) => return Some(event::read()),
                    Ok(false) => {}
                    Err(e) => return Some(Err(e)),
                }
            }
        })
        .inspect(asked_panic);
        result = run_loop_until_idle(&mut terminal, &mut app, events, waiting);
        if result.is_ok() && !app.should_quit() {
            let loaded = match read {
                Some(log) => app.log_loaded(log).map_err(|e| e.to_string()),
                None => Err("the session's log stopped loading".to_string()),
            };
            if let Err(why) = loaded {
                let journal = app
                    .main()
                    .and_then(|m| m.store.as_ref())
                    .map(|s| s.journal_path().display().to_string())
                    .unwrap_or_default();
                result = Err(TuiError::Launch(format!(
                    "{why}; every step taken on the screen is in {journal}, and comes back once \
                     the file opens"
                )));
            }
        }
    }
    if result.is_ok() && !app.should_quit() {
        app.settled = options.settled;
        (options.settled)();
        // Waits on each read, and wakes for the players' proposals: told by the file system
        // when the mailbox changes, and looking at it now and then anyway (for a session
        // opened from the start screen, or a system that tells nothing).
        let mail = app
            .main()
            .and_then(|m| m.mail.as_ref())
            .map(|m| m.path().to_path_buf());
        let arrived = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let _watcher = mail.as_ref().and_then(|path| {
            let arrived = std::sync::Arc::clone(&arrived);
            crate::store::watch_files(path, &[], move || {
                arrived.store(true, std::sync::atomic::Ordering::Release);
            })
        });
        let mut looked = std::time::Instant::now();
        let events = std::iter::from_fn(|| {
            loop {
                match event::poll(MAIL_WAKE) {
                    Ok(true) => return Some(event::read()),
                    Ok(false) => {
                        if arrived.swap(false, std::sync::atomic::Ordering::AcqRel)
                            || looked.elapsed() >= MAIL_LOOK
                        {
                            looked = std::time::Instant::now();
                            return Some(Ok(Event::FocusGained));
                        }
                    }
                    Err(e) => return Some(Err(e)),
                }
            }
        })
        .inspect(asked_panic);
        result = run_loop_until_idle(&mut terminal, &mut app, events, waiting);
    }
    let saved = app.finish();
    drop(guard);
    if let Err(e) = result {
        if let Err(why) = &saved {
            eprintln!("slotmark: {why}");
        }
        return Err(e.into());
    }
    // Exits non-zero, saying where the session still is.
    saved.map_err(|why| color_eyre::eyre::eyre!(why))
}
