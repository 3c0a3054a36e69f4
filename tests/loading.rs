//! Keys from the first frame: a session opened before its log is read takes every key that does
//! not need the log at once, journals each step as it is made, says `loading` for what reaches
//! into the log, and ends, once the log is handed over, exactly where a session opened whole
//! and played with the same keys ends: the same state, log and file.

mod pty;
mod screen;
mod support;

use std::io;
use std::path::{Path, PathBuf};

use ratatui::crossterm::event::{Event, KeyCode};
use screen::{code, drive, key, typed};
use slotmark::rules::RulesetId;
use slotmark::session::{Session, Stamp};
use slotmark::store::{self, Store};
use slotmark::tui::app::{App, Dice};
use slotmark::tui::theme::Theme;
use tempfile::TempDir;

/// The faces the screen rolls with, the same for both screens compared.
const FACES: [u16; 8] = [4, 6, 2, 5, 1, 3, 6, 6];

fn stamp() -> Option<Stamp> {
    Some(Stamp::new(1_750_000_000))
}

/// A session of several hundred steps (past a few checkpoints, with rolls) saved to `name`.
fn saved(dir: &Path, name: &str, session: &Session) -> PathBuf {
    let path = dir.join(name);
    drop(Store::create(&path, session).unwrap());
    path
}

/// `:` then the line, then Enter.
fn palette(line: &str) -> Vec<io::Result<Event>> {
    let mut events = vec![key(':')];
    events.extend(typed(line));
    events.push(code(KeyCode::Enter));
    events
}

/// Keys that need nothing of the log behind the first frame: the selection moved, a free roll,
/// a note, its undo, another note, a step of the ruleset through the palette.
fn play_keys() -> Vec<io::Result<Event>> {
    let mut events = vec![code(KeyCode::Tab), code(KeyCode::Tab)];
    events.extend(palette("roll 2d6 for the rope"));
    events.extend(palette("note by the door"));
    events.push(key('u'));
    events.extend(palette("note at the gate"));
    events.extend(palette("roll d20 for the weather"));
    events
}

fn dress(app: App) -> App {
    let mut app = app.with_theme(Theme::plain());
    app.main_mut().unwrap().clock = stamp;
    app
}

#[test]
fn keys_are_answered_while_the_log_loads_and_end_where_a_whole_open_ends() {
    let dir = TempDir::new().unwrap();
    let session = support::realistic_session(700, 11);
    let early_path = saved(dir.path(), "early.ron", &session);
    let whole_path = saved(dir.path(), "whole.ron", &session);
    let file_before = std::fs::read(&early_path).unwrap();

    // Held: the log is not read until the test hands it over.
    let early = Store::open_before_log(&early_path).expect("a clean file opens before its log");
    assert!(early.store.loading());
    assert_eq!(early.cursor, session.cursor());
    let generation = early.generation;
    let mut app = dress(App::while_loading(early, Dice::scripted(FACES)));
    let frame = drive(&mut app, 200, 50, Vec::new());
    assert!(frame.contains("log loading"), "{frame}");
    assert!(frame.contains("The log is loading"), "{frame}");

    // What needs the log says so and changes nothing.
    for (keys, what) in [
        (vec![key('u')], "undo needs its earlier steps"),
        (vec![key('U')], "redo needs its earlier steps"),
        (vec![code(KeyCode::PageUp)], "scrolling further back"),
        (vec![key('/')], "searching the log"),
        (palette("secret"), "the log is still loading"),
    ] {
        let frame = drive(&mut app, 200, 50, keys);
        assert!(frame.contains(what), "{what}: {frame}");
        assert_eq!(app.session().unwrap().entries().len(), 0, "{what}");
    }
    // The refused palette line stays open with its reason.
    drive(&mut app, 200, 50, vec![code(KeyCode::Esc)]);

    // Everything else is answered at once, each step journalled as it is made.
    let frame = drive(&mut app, 200, 50, play_keys());
    assert!(frame.contains("the weather"), "{frame}");
    assert!(frame.contains("log loading"), "{frame}");
    let loaded = session.cursor();
    assert!(
        frame.contains(&format!("{} ", loaded + 1)),
        "the new steps are numbered after the file's: {frame}"
    );
    let meanwhile = app.session().unwrap().clone();
    assert_eq!(meanwhile.cursor(), 3, "{:?}", meanwhile.applied());
    assert_eq!(support::notes(&meanwhile).last().unwrap(), "at the gate");
    // Nothing is lost if the program dies now: file and journal give these steps.
    let on_disk = store::load(&early_path).unwrap();
    assert_eq!(on_disk.state(), meanwhile.state());
    assert_eq!(on_disk.cursor(), loaded + 3);
    assert_eq!(
        std::fs::read(&early_path).unwrap(),
        file_before,
        "the file is not written while its log is read"
    );

    // Released.
    let log = store::read_log(&early_path, generation);
    app.log_loaded(log).unwrap();
    let frame = drive(&mut app, 200, 50, Vec::new());
    assert!(!frame.contains("loading"), "{frame}");

    // The same keys on the same file opened whole.
    let opened = Store::open(&whole_path).unwrap();
    let mut whole = dress(App::with_session(
        opened.session,
        Some(opened.store),
        Dice::scripted(FACES),
    ));
    drive(&mut whole, 200, 50, play_keys());

    let (a, b) = (app.session().unwrap(), whole.session().unwrap());
    assert_eq!(a.state(), b.state());
    assert_eq!(a.cursor(), b.cursor());
    assert_eq!(a.entries(), b.entries());
    let stamps = |s: &Session| s.entries().iter().map(|e| e.stamp).collect::<Vec<_>>();
    assert_eq!(stamps(a), stamps(b));
    assert_eq!(
        app.main().unwrap().view.selected,
        whole.main().unwrap().view.selected
    );
    // Undo now reaches into the file's steps.
    for _ in 0..4 {
        drive(&mut app, 200, 50, vec![key('u')]);
        drive(&mut whole, 200, 50, vec![key('u')]);
    }
    assert_eq!(app.session().unwrap().cursor(), loaded - 1);
    assert_eq!(
        app.session().unwrap().state(),
        whole.session().unwrap().state()
    );

    app.finish().unwrap();
    whole.finish().unwrap();
    drop((app, whole));
    let text = |p: &Path| std::fs::read_to_string(p).unwrap();
    assert_eq!(text(&early_path), text(&whole_path));
    let report = store::verify(&early_path).unwrap();
    assert_eq!(report.difference, None);
    assert_eq!(report.entries, loaded + 3);
}

#[test]
fn quitting_while_the_log_loads_keeps_every_step_in_the_journal() {
    let dir = TempDir::new().unwrap();
    let session = support::long::long_session(RulesetId::Phase, 400, 5);
    let path = saved(dir.path(), "phase.ron", &session);
    let file_before = std::fs::read(&path).unwrap();
    let early = Store::open_before_log(&path).unwrap();
    let mut app = dress(App::while_loading(early, Dice::scripted(FACES)));
    drive(&mut app, 120, 40, palette("note left early"));
    app.finish().unwrap();
    drop(app);
    assert_eq!(std::fs::read(&path).unwrap(), file_before);
    let opened = Store::open(&path).unwrap();
    assert_eq!(opened.session.cursor(), session.cursor() + 1);
    assert_eq!(
        support::notes(&opened.session).last().unwrap(),
        "left early"
    );
}

#[test]
fn a_journal_with_steps_to_recover_or_a_file_alone_is_opened_whole_not_before_its_log() {
    let dir = TempDir::new().unwrap();
    let session = support::realistic_session(50, 3);
    let path = saved(dir.path(), "crashed.ron", &session);
    let mut opened = Store::open(&path).unwrap();
    let entry = opened
        .session
        .execute(
            slotmark::session::Command::Note("after the crash".into()),
            &mut slotmark::dice::ScriptedDice::new([]),
        )
        .unwrap()
        .to_logged();
    opened
        .store
        .journal_step(&store::JournalRecord::Apply(entry), &opened.session)
        .unwrap();
    // Killed: the store is dropped without a fold.
    drop(opened);
    assert!(Store::open_before_log(&path).is_none());
    // Nothing was taken: the whole open recovers the step.
    let opened = Store::open(&path).unwrap();
    assert_eq!(
        support::notes(&opened.session).last().unwrap(),
        "after the crash"
    );
    drop(opened);

    // A file alone (copied in, never opened here) is opened whole too, and nothing is written
    // beside it: a log that turns out refused leaves the folder as it was.
    let alone = TempDir::new().unwrap();
    let copy = alone.path().join("copied.ron");
    std::fs::copy(&path, &copy).unwrap();
    assert!(Store::open_before_log(&copy).is_none());
    let names: Vec<_> = std::fs::read_dir(alone.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["copied.ron"]);
}

/// The real binary on a 100,000-step file: the palette opened right after the first frame
/// takes a note, which is in the file once the screen is quit, and the file verifies.
#[test]
fn the_palette_opens_on_the_first_frame_of_a_long_session_in_a_pseudo_terminal() {
    let home = TempDir::new().unwrap();
    let session = support::long::long_session(RulesetId::Slots, 20_000, 9);
    let path = saved(home.path(), "long.ron", &session);
    drop(session);
    let file = path.to_str().unwrap();
    let saves = home.path().join("saves");
    let mut term = pty::Term::spawn(
        &["open", file, "--saves", saves.to_str().unwrap()],
        home.path(),
        &[],
        50,
        200,
    );
    // A debug build reads and replays the 20,000 steps behind the frame, and saves them all on
    // the way out, slowly on a busy machine: the waits for those two may take minutes there.
    term.deadline = std::time::Duration::from_secs(600);
    term.wait_for("the first frame", |t| {
        let text = t.text();
        text.contains("Roll log") && text.contains("? help")
    });
    term.press(":");
    term.press("note opened at once");
    term.wait_text(":note opened at once");
    term.press("\r");
    term.wait_text("Note: opened at once");
    // The whole log behind it, then out.
    term.wait_for("the log", |t| {
        let text = t.text();
        text.contains("autosaved") && !text.contains("loading")
    });
    term.press("q");
    term.wait_closed();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_slotmark"))
        .args(["replay", file, "--verify"])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let reopened = store::load(&path).unwrap();
    assert_eq!(reopened.entries().len(), 20_001);
    assert_eq!(support::notes(&reopened).last().unwrap(), "opened at once");
}
