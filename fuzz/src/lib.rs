//! The bodies of slotmark's fuzz targets, shared with their proptest twins in `tests/faults.rs`
//! (which includes this file with `#[path]`), so CI compiles and runs exactly what the fuzzer runs.
//!
//! Each body takes arbitrary bytes and panics only when slotmark breaks a promise:
//! - a file that cannot be read gives one plain line naming the file, and no byte of it (or of its
//!   journal) changes;
//! - a file that can be read loads, shows, exports, draws, saves and loads again to the same
//!   session;
//! - a palette or script line either applies fully (replays, undoes, survives the journal) or
//!   changes nothing;
//! - a dice expression parses to something that prints and parses back the same, and rolls
//!   faces its dice can show.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use slotmark::dice::{DiceExpr, LiveDice};
use slotmark::script::{self, Line};
use slotmark::session::{self, Session};
use slotmark::store::{self, JournalRecord, Store, StoreError, journal_path};
use slotmark::tui::{self, App, Dice};
use std::fs;
use std::path::{Path, PathBuf};

/// An error message longer than this is not a message a judge reads; it is an echo of the input.
pub const MAX_MESSAGE_CHARS: usize = 2000;

/// One plain line: not empty, no line break, of a readable length, and (for file errors)
/// starting with the file's name. (Whether it reads well is for people to judge; a debug dump
/// cannot be told from an echo of what was typed.)
pub fn assert_plain(message: &str, file: Option<&Path>) {
    assert!(!message.trim().is_empty(), "an empty error message");
    assert!(
        !message.contains('\n') && !message.contains('\r'),
        "the message is not one line: {message:?}"
    );
    assert!(
        message.chars().count() <= MAX_MESSAGE_CHARS,
        "the message runs to {} characters: {:?}...",
        message.chars().count(),
        message.chars().take(200).collect::<String>()
    );
    if let Some(file) = file {
        assert!(
            message.starts_with(&file.display().to_string()),
            "the message does not name {}: {message}",
            file.display()
        );
    }
}

/// A scratch folder per thread (proptest runs tests on several threads; the fuzzer on one).
fn scratch() -> PathBuf {
    thread_local! {
        static DIR: tempfile::TempDir = tempfile::Builder::new()
            .prefix("slotmark-fuzz")
            .tempdir()
            .expect("a temporary folder");
    }
    DIR.with(|d| d.path().to_path_buf())
}

fn read(path: &Path) -> Option<Vec<u8>> {
    fs::read(path).ok()
}

fn remove(path: &Path) {
    // Missing files are the usual case.
    let _ = fs::remove_file(path);
    let _ = fs::remove_file(journal_path(path));
    // The lock file too: a process another test thread is starting holds a copy of every open
    // file until it runs its program, lock included, so reusing the same lock file could find
    // it still taken for an instant.
    let _ = fs::remove_file(slotmark::store::lock_path(path));
}

fn same_session(a: &Session, b: &Session, what: &str) {
    assert_eq!(a.cursor(), b.cursor(), "{what}: the cursor differs");
    assert!(a.entries() == b.entries(), "{what}: the log differs");
    assert!(
        a.initial() == b.initial(),
        "{what}: the initial state differs"
    );
    assert!(a.state() == b.state(), "{what}: the state differs");
}

/// Draws the session at the smallest size the screen works at, a usual one and a wide one.
pub fn draw_everywhere(session: &Session) {
    let mut app = App::with_session(session.clone(), None, Dice::scripted([]))
        .with_theme(tui::theme::Theme::plain());
    for (w, h) in [(70, 20), (80, 24), (200, 50), (20, 5)] {
        let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("a test terminal");
        app.area = ratatui::layout::Rect::new(0, 0, w, h);
        tui::draw(&mut terminal, &mut app).expect("drawing into memory");
    }
}

/// Everything a readable session must survive: show, export, draw, save as a new file and load
/// that back, open in a store (which must leave the file as it was).
fn check_readable(path: &Path, session: &Session) {
    let mut shown = Vec::new();
    slotmark::cli::show(path, None, &mut shown).expect("show reads what load read");
    let _ = slotmark::export::markdown(session);
    draw_everywhere(session);
    let report = store::verify(path).expect("verify reads what load read");
    if let Some(d) = &report.difference {
        assert_plain(d, None);
    }

    let copy = scratch().join("copy.ron");
    remove(&copy);
    drop(Store::create(&copy, session).expect("a loaded session saves"));
    let again = store::load(&copy).expect("a saved session loads");
    same_session(session, &again, "saved and loaded again");
    remove(&copy);

    let before = read(path);
    let opened = Store::open(path).expect("open reads what load read");
    same_session(session, &opened.session, "opened");
    drop(opened);
    assert_eq!(
        read(path),
        before,
        "opening a file with no journal rewrote it"
    );
    let _ = fs::remove_file(journal_path(path));
    // The lock file too: a process another test thread is starting holds a copy of every open
    // file until it runs its program, lock included, so reusing the same lock file could find
    // it still taken for an instant.
    let _ = fs::remove_file(slotmark::store::lock_path(path));
}

/// What a failed read must leave: a plain message naming the file, and the file as it was with
/// no journal made beside it.
fn check_refused(
    path: &Path,
    err: &StoreError,
    before: &Option<Vec<u8>>,
    journal: &Option<Vec<u8>>,
) {
    assert_plain(&err.to_string(), Some(path));
    assert_eq!(
        &read(path),
        before,
        "a file that cannot be read was changed"
    );
    assert_eq!(
        &read(&journal_path(path)),
        journal,
        "a journal was changed beside a file that cannot be read"
    );
}

/// The error of a result that must be one (without printing a whole session when it is not).
fn refusal<T, E>(result: Result<T, E>, what: &str) -> E {
    match result {
        Ok(_) => panic!("{what}"),
        Err(e) => e,
    }
}

/// Fuzz target `session_file`: arbitrary bytes as a session file with no journal.
pub fn session_file(data: &[u8]) {
    let path = scratch().join("session.ron");
    remove(&path);
    fs::write(&path, data).expect("write the input");
    let before = read(&path);
    match store::load(&path) {
        Ok(session) => check_readable(&path, &session),
        Err(err) => {
            check_refused(&path, &err, &before, &None);
            if let Err(e) = store::verify(&path) {
                check_refused(&path, &e, &before, &None);
            }
            let e = refusal(Store::open(&path), "open reads a file load refused");
            check_refused(&path, &e, &before, &None);
            let mut out = Vec::new();
            let e = refusal(slotmark::cli::show(&path, None, &mut out), "show reads it");
            assert_plain(&e.to_string(), Some(&path));
            assert_eq!(read(&path), before);
        }
    }
    remove(&path);
}

/// The demo saved as a file: the base every journal input continues.
fn demo_file() -> &'static [u8] {
    static BYTES: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    BYTES.get_or_init(|| {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("demo.ron");
        drop(Store::create(&path, &slotmark::script::demo()).expect("the demo saves"));
        fs::read(&path).expect("the demo file reads")
    })
}

/// Fuzz target `journal`: arbitrary bytes as the journal beside a good session file (the demo,
/// generation 1). Recovery either brings the session back (and opening it folds the journal in
/// without changing what it holds) or refuses with a plain line, changing neither file.
pub fn journal(data: &[u8]) {
    let path = scratch().join("journaled.ron");
    let jpath = journal_path(&path);
    remove(&path);
    fs::write(&path, demo_file()).expect("write the base file");
    fs::write(&jpath, data).expect("write the input journal");
    let (before, journal_before) = (read(&path), read(&jpath));
    match store::load_with_warnings(&path) {
        Ok((session, warnings)) => {
            for w in &warnings {
                assert!(!w.contains('\n'), "a warning over several lines: {w:?}");
            }
            assert_eq!(read(&path), before, "load changed the file");
            assert_eq!(read(&jpath), journal_before, "load changed the journal");
            let opened = Store::open(&path).expect("open recovers what load recovered");
            same_session(&session, &opened.session, "recovered by open");
            drop(opened);
            let reopened = store::load(&path).expect("the file open wrote reads back");
            same_session(&session, &reopened, "reopened after recovery");
            draw_everywhere(&session);
        }
        Err(err) => {
            check_refused(&path, &err, &before, &journal_before);
            if let Err(e) = store::verify(&path) {
                check_refused(&path, &e, &before, &journal_before);
            }
            let e = refusal(
                Store::open(&path),
                &format!("open recovers a journal load refused ({err})"),
            );
            check_refused(&path, &e, &before, &journal_before);
        }
    }
    remove(&path);
}

/// The demo session, built once.
fn demo() -> &'static Session {
    static DEMO: std::sync::OnceLock<Session> = std::sync::OnceLock::new();
    DEMO.get_or_init(slotmark::script::demo)
}

/// A seed for the dice from the input, so a failing case repeats.
fn seed_of(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// Applies one palette line to `session` and checks it applied fully or changed nothing.
/// Returns whether it changed the session.
pub fn palette_line(session: &mut Session, line: &str, seed: u64) -> bool {
    for completed in script::complete(line, session.state()) {
        assert!(
            completed.len() < line.len() + 200,
            "completion grew the line out of bounds"
        );
    }
    let parsed = match script::parse_line(line, session.state()) {
        Ok(parsed) => parsed,
        Err(e) => {
            assert_plain(&e.message, None);
            if let Some(col) = e.column {
                assert!(
                    (1..=line.chars().count() + 1).contains(&col),
                    "column {col} is outside the line {line:?}"
                );
            }
            return false;
        }
    };
    let before = session.clone();
    let result = match parsed {
        // Saving elsewhere is the screen's, not the session's: nothing to check here.
        Line::Nothing | Line::SaveAs(_) => return false,
        Line::Command(command) => session
            .execute(command, &mut LiveDice::seeded(seed))
            .map(|e| JournalRecord::Apply(e.to_logged())),
        Line::Undo => session.undo().map(|_| JournalRecord::Undo),
        Line::Redo => session.redo().map(|_| JournalRecord::Redo),
    };
    match result {
        Err(e) => {
            assert_plain(&e.to_string(), None);
            same_session(&before, session, "a refused line changed the session");
            false
        }
        Ok(record) => {
            let replayed = session::replay(session.initial(), session.applied())
                .expect("an applied log replays");
            assert!(
                &replayed == session.state(),
                "the log does not replay to the state"
            );
            if let JournalRecord::Apply(_) = &record {
                assert_eq!(session.cursor(), before.cursor() + 1);
                let after = session.clone();
                session.undo().expect("a step just taken undoes");
                assert!(
                    session.state() == before.state(),
                    "undo did not restore the state"
                );
                session.redo().expect("a step just undone redoes");
                same_session(&after, session, "undo then redo");
            }
            survives_the_journal(&before, &record, session);
            true
        }
    }
}

/// The step, written to a journal as the screen writes it, comes back when the file is opened.
fn survives_the_journal(before: &Session, record: &JournalRecord, after: &Session) {
    let path = scratch().join("palette.ron");
    remove(&path);
    let mut store = Store::create(&path, before).expect("the session before the line saves");
    store.append(record).expect("the step is journaled");
    drop(store);
    let recovered = store::load(&path).expect("the journal is read back");
    same_session(after, &recovered, "recovered from the journal");
    remove(&path);
}

/// Fuzz target `script_line`: arbitrary text as a palette line on the demo. The palette never
/// holds a control character (a paste drops them, Enter and Tab are keys), so neither does the
/// line; `slotmark run` splits its script into lines the same way before parsing.
pub fn script_line(data: &[u8]) {
    let line: String = String::from_utf8_lossy(data)
        .chars()
        .filter(|c| !c.is_control())
        .collect();
    let mut session = demo().clone();
    palette_line(&mut session, &line, seed_of(data));
}

/// Ruleset phase's demo session, built once.
fn phase_demo() -> &'static Session {
    static DEMO: std::sync::OnceLock<Session> = std::sync::OnceLock::new();
    DEMO.get_or_init(|| slotmark::script::demo_for(slotmark::rules::RulesetId::Phase))
}

/// Fuzz target `phase_script_line`: arbitrary text as a palette line on ruleset phase's demo,
/// so its verbs (and the names they find on the price list and in the bestiary) are read the
/// same way: no panic, one plain line when refused, and a line applies fully or not at all.
pub fn phase_script_line(data: &[u8]) {
    let line: String = String::from_utf8_lossy(data)
        .chars()
        .filter(|c| !c.is_control())
        .collect();
    let mut session = phase_demo().clone();
    palette_line(&mut session, &line, seed_of(data));
}

/// A bdp table to type into: two PCs and two creatures with gear, ingredients, tags, a Fatigue,
/// wounds, a rest set, an exposure and a creature in the dawn; built through the command
/// language with no dice, so it is the same every time.
pub const BDP_TABLE: &str = "add Ana pc 10 12 8 6
add Bo pc 9 15 11 4
add Ogre creature 14 10 10 9
add Rat creature 3 14 4 2 4
tag Ana career thief
tag Bo background climber
carry Ana Sword right
carry Ana Waterskin waterskin
carry Ana Mail heavy
carry Ana Moss common hills
carry Ana Thyme uncommon hills
carry Ana Root rare hills
carry Bo Helm helmet
carry Bo Rations ration
block Ana
wound Ana burn light larm
wound Bo cut severe torso
rest Ana normal
expose Bo gas
dawn Ogre
";

/// The bdp table, built once.
pub fn bdp_table() -> &'static Session {
    static TABLE: std::sync::OnceLock<Session> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let library = slotmark::content::Library::default();
        script::build_demo(
            "Barrow",
            slotmark::rules::RulesetId::Bdp,
            ("bdp table", BDP_TABLE),
            &library,
        )
        .expect("the bdp table builds")
    })
}

/// Fuzz target `bdp_script_line`: arbitrary text as a palette line on the bdp table, so its
/// verbs are read the same way: no panic, one plain line when refused, and a line applies fully
/// or not at all.
pub fn bdp_script_line(data: &[u8]) {
    let line: String = String::from_utf8_lossy(data)
        .chars()
        .filter(|c| !c.is_control())
        .collect();
    let mut session = bdp_table().clone();
    palette_line(&mut session, &line, seed_of(data));
}

/// Ruleset ap's demo session, built once.
fn ap_demo() -> &'static Session {
    static DEMO: std::sync::OnceLock<Session> = std::sync::OnceLock::new();
    DEMO.get_or_init(|| slotmark::script::demo_for(slotmark::rules::RulesetId::Ap))
}

/// Fuzz target `ap_script_line`: arbitrary text as a palette line on ruleset ap's demo, so its
/// verbs and roll options (and the names they find in its gear list and bestiary) are read the
/// same way: no panic, one plain line when refused, and a line applies fully or not at all.
pub fn ap_script_line(data: &[u8]) {
    let line: String = String::from_utf8_lossy(data)
        .chars()
        .filter(|c| !c.is_control())
        .collect();
    let mut session = ap_demo().clone();
    palette_line(&mut session, &line, seed_of(data));
}

fn actiondie_demo() -> &'static Session {
    static DEMO: std::sync::OnceLock<Session> = std::sync::OnceLock::new();
    DEMO.get_or_init(|| slotmark::script::demo_for(slotmark::rules::RulesetId::ActionDie))
}

/// Fuzz target `actiondie_script_line`: arbitrary text as a palette line on ruleset
/// actiondie's demo, so its verbs (and the names they find in the gear list and the bestiary)
/// are read the same way: no panic, one plain line when refused, and a line applies fully or
/// not at all.
pub fn actiondie_script_line(data: &[u8]) {
    let line: String = String::from_utf8_lossy(data)
        .chars()
        .filter(|c| !c.is_control())
        .collect();
    let mut session = actiondie_demo().clone();
    palette_line(&mut session, &line, seed_of(data));
}

/// Fuzz target `dice_expr`: arbitrary text as a dice expression (`slotmark roll`).
pub fn dice_expr(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    match DiceExpr::parse(&text) {
        Err(e) => assert_plain(&e.to_string(), None),
        Ok(expr) => {
            let printed = expr.to_string();
            let again = DiceExpr::parse(&printed).expect("a printed expression parses");
            assert_eq!(again.to_string(), printed, "printing and parsing disagree");
            assert_eq!(
                (again.count, again.sides, again.modifier),
                (expr.count, expr.sides, expr.modifier)
            );
            assert_eq!(again.net_edge(), expr.net_edge());
            let roll = expr
                .roll(&mut LiveDice::seeded(seed_of(data)))
                .expect("live dice always roll");
            let extra = usize::from(expr.net_edge().unsigned_abs());
            assert_eq!(roll.faces.len(), usize::from(expr.count) + extra);
            assert_eq!(roll.kept.len(), usize::from(expr.count));
            assert!(roll.faces.iter().all(|f| (1..=expr.sides).contains(f)));
            let sum: i64 = roll.kept.iter().map(|&i| i64::from(roll.faces[i])).sum();
            assert_eq!(roll.total, sum + i64::from(expr.modifier));
            assert!(!roll.to_string().contains('\n'));
        }
    }
}
