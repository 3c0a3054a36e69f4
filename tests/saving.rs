//! What the screen promises about the disk, through the real event loop: a change that cannot be
//! written is not made (the screen shows what is on disk) and the header says why; `save as`
//! carries the session on in another file; a journal deleted under a running screen is noticed
//! and the session saved in full; a failed save on the way out says where the session still is.

mod support;

use std::fs;
use std::io;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use slotmark::session::Session;
use slotmark::store::{self, Store, WriteFaults};
use slotmark::tui::app::{App, Dice};
use slotmark::tui::theme::Theme;
use slotmark::tui::{self, run_loop};
use tempfile::TempDir;

fn key(c: char) -> io::Result<Event> {
    Ok(Event::Key(KeyEvent::new(
        KeyCode::Char(c),
        KeyModifiers::NONE,
    )))
}

/// `:` then the line, then Enter: a palette command.
fn palette(line: &str) -> Vec<io::Result<Event>> {
    let mut events = vec![key(':')];
    events.extend(line.chars().map(key));
    events.push(Ok(Event::Key(KeyEvent::new(
        KeyCode::Enter,
        KeyModifiers::NONE,
    ))));
    events
}

/// Runs the events through the real loop at 200×50; returns the last frame.
fn drive(app: &mut App, events: Vec<io::Result<Event>>) -> String {
    let mut t = Terminal::new(TestBackend::new(200, 50)).unwrap();
    run_loop(&mut t, app, events).unwrap();
    tui::draw(&mut t, app).unwrap();
    t.backend().to_string()
}

/// A session saved in a fresh folder and a screen open on it, its writes switchable to fail.
fn opened() -> (TempDir, std::path::PathBuf, App, WriteFaults) {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("barrow.ron");
    let session = Session::new(support::party());
    let mut store = Store::create(&path, &session).unwrap();
    let faults = WriteFaults::default();
    store.inject_faults(faults.clone());
    let app =
        App::with_session(session, Some(store), Dice::scripted([])).with_theme(Theme::plain());
    (dir, path, app, faults)
}

#[test]
fn a_change_that_cannot_be_written_is_not_made_and_the_header_says_why() {
    let (_dir, path, mut app, faults) = opened();
    drive(&mut app, palette("note the first"));
    faults.set(true);
    let frame = drive(&mut app, palette("note the second"));
    let session = app.session().unwrap();
    assert_eq!(
        support::notes(session),
        ["the first"],
        "the failed change stays out"
    );
    assert!(frame.contains("NOT SAVED"), "{frame}");
    assert!(frame.contains("could not be saved"), "{frame}");
    // The refused line stays in the palette with its reason; Esc closes it. Undo cannot be
    // written either, so it is not made.
    let esc = Ok(Event::Key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE)));
    let frame = drive(&mut app, vec![esc, key('u')]);
    assert!(frame.contains("could not be saved"), "{frame}");
    assert_eq!(support::notes(app.session().unwrap()), ["the first"]);
    // What the screen shows is exactly what is on disk.
    let on_disk = store::load(&path).unwrap();
    assert_eq!(on_disk.state(), app.session().unwrap().state());

    // The disk has room again: the next change saves the whole session and the header clears.
    faults.set(false);
    let frame = drive(&mut app, palette("note the third"));
    assert!(frame.contains("autosaved"), "{frame}");
    assert_eq!(
        support::notes(&store::load(&path).unwrap()),
        ["the first", "the third"]
    );
}

#[test]
fn save_as_carries_the_session_on_in_another_file() {
    let (dir, path, mut app, faults) = opened();
    drive(&mut app, palette("note kept"));
    faults.set(true);
    let elsewhere = dir.path().join("elsewhere.ron");
    let frame = drive(
        &mut app,
        palette(&format!("save as {}", elsewhere.display())),
    );
    assert!(
        frame.contains("every change from now on goes there"),
        "{frame}"
    );
    assert!(frame.contains("autosaved"), "{frame}");
    drive(&mut app, palette("note in the new file"));
    assert_eq!(
        support::notes(&store::load(&elsewhere).unwrap()),
        ["kept", "in the new file"]
    );
    assert_eq!(support::notes(&store::load(&path).unwrap()), ["kept"]);
    // An existing file is never overwritten.
    let frame = drive(&mut app, palette(&format!("save as {}", path.display())));
    assert!(frame.contains("could not save there"), "{frame}");
}

#[test]
fn a_journal_deleted_under_the_screen_is_noticed_and_nothing_is_lost_to_a_kill() {
    let (_dir, path, mut app, _faults) = opened();
    drive(&mut app, palette("note one"));
    fs::remove_file(store::journal_path(&path)).unwrap();
    let frame = drive(&mut app, palette("note two"));
    assert!(frame.contains("was deleted while"), "{frame}");
    drive(&mut app, palette("note three"));
    // A kill -9 now: the screen never quits, and the store is simply gone.
    std::mem::forget(app);
    assert_eq!(
        support::notes(&store::load(&path).unwrap()),
        ["one", "two", "three"]
    );
    assert!(store::journal_path(&path).exists());
}

#[test]
fn a_failed_save_on_the_way_out_says_where_the_session_still_is() {
    let (_dir, path, mut app, faults) = opened();
    drive(&mut app, palette("note safe"));
    faults.set(true);
    let why = app.finish().unwrap_err();
    assert!(why.contains(&path.display().to_string()), "{why}");
    assert!(
        why.contains("journal") && why.contains("nothing shown"),
        "{why}"
    );
    assert_eq!(support::notes(&store::load(&path).unwrap()), ["safe"]);
}

#[test]
fn the_journal_is_folded_into_the_file_once_the_frame_is_drawn() {
    let (_dir, path, app, _faults) = opened();
    let mut app = app.with_fold_every(store::COMPACT_EVERY);
    let mut events = Vec::new();
    for i in 0..store::COMPACT_EVERY + 5 {
        events.extend(palette(&format!("note n{i}")));
    }
    // Typed as one paste: the screen draws (and then folds) only once no key waits.
    let total = events.len();
    let seen = std::cell::Cell::new(0);
    let events = events.into_iter().inspect(|_| seen.set(seen.get() + 1));
    let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
    tui::run_loop_until_idle(&mut t, &mut app, events, || seen.get() < total).unwrap();
    let journal = fs::read_to_string(store::journal_path(&path)).unwrap();
    assert!(
        journal.lines().count() < 10,
        "the journal was not folded: {} lines",
        journal.lines().count()
    );
    assert_eq!(
        store::load(&path).unwrap().state(),
        app.session().unwrap().state()
    );
}

/// `save` without `as` is refused, saying what it does: in actiondie, where a roll is a check,
/// a judge's `save Ana dex` moved the whole session to a new file named "Ana dex".
#[test]
fn save_without_as_is_refused_and_writes_no_file() {
    use slotmark::rules::RulesetId;
    use slotmark::session::SessionState;
    for ruleset in [RulesetId::ActionDie, RulesetId::Slots, RulesetId::Plain] {
        let s = SessionState::new("Words", ruleset);
        let Err(e) = slotmark::script::parse_line("save Ana dex", &s) else {
            panic!("{ruleset:?}: save Ana dex was taken");
        };
        assert!(
            e.message.contains("`save as PATH`"),
            "{ruleset:?}: {}",
            e.message
        );
        assert!(matches!(
            slotmark::script::parse_line("save as x.ron", &s),
            Ok(slotmark::script::Line::SaveAs(_))
        ));
    }
}

/// The judge's screen names the session's file at 80×24 (the log's edge), so the judge can
/// give that name to `slotmark table NAME`: a newcomer found it shown nowhere.
#[test]
fn the_screen_names_the_sessions_file_at_80x24() {
    let (_dir, _path, mut app, _faults) = opened();
    let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
    run_loop(&mut t, &mut app, Vec::new()).unwrap();
    tui::draw(&mut t, &mut app).unwrap();
    let text = t.backend().to_string();
    assert!(text.contains("barrow.ron"), "{text}");
}
