//! The store under faults: cut journals, garbled and hostile files, stale and foreign journals,
//! atomic writes, the saves folder, and `verify`.

mod support;

use slotmark::dice::ScriptedDice;
use slotmark::rules::RulesetId;
use slotmark::rules::slots::{self, Condition, Wound};
use slotmark::session::{Command, Session};
use slotmark::store::{
    self, JournalRecord, MAX_FILE_BYTES, Store, StoreError, journal_path, list_sessions, saves_dir,
    verify,
};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};
use support::{party, realistic_session};
use tempfile::TempDir;

fn assert_same(a: &Session, b: &Session) {
    assert_eq!(a.initial(), b.initial(), "initial states differ");
    assert_eq!(a.entries(), b.entries(), "logs differ");
    assert_eq!(a.cursor(), b.cursor(), "cursors differ");
    assert_eq!(a.state(), b.state(), "states differ");
}

fn mark(who: u32, slot: u8, condition: Condition) -> Command {
    slots::Command::Mark {
        who,
        slot,
        condition,
    }
    .into()
}

/// Applies a command live and journals it as the screen does.
fn play(session: &mut Session, store: &mut Store, command: Command) {
    let entry = session
        .execute(command, &mut ScriptedDice::new([]))
        .unwrap()
        .to_logged();
    store.append(&JournalRecord::Apply(entry)).unwrap();
}

/// A saved session plus a journal of `steps` more marks and notes, as left by a crash (the store
/// is dropped without compacting). Returns the dir, the file and the live session.
fn crashed_session(steps: usize) -> (TempDir, PathBuf, Session) {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("barrow.ron");
    let mut session = realistic_session(20, 3);
    let mut store = Store::create(&path, &session).unwrap();
    for i in 0..steps {
        let command = if i % 2 == 0 {
            Command::Note(format!(
                "step {i}: the door creaks \"loudly\" )] then stops"
            ))
        } else {
            support::realistic_command(&mut support::Lcg(i as u64), session.state())
        };
        let mut dice = slotmark::dice::LiveDice::seeded(i as u64);
        if let Ok(entry) = session.execute(command, &mut dice) {
            let entry = entry.to_logged();
            store.append(&JournalRecord::Apply(entry)).unwrap();
        }
    }
    if session.can_undo() {
        session.undo().unwrap();
        store.append(&JournalRecord::Undo).unwrap();
        session.redo().unwrap();
        store.append(&JournalRecord::Redo).unwrap();
    }
    drop(store);
    (dir, path, session)
}

/// The error of a call that must fail (without printing a whole session when it does not).
fn failure<T>(result: Result<T, StoreError>) -> StoreError {
    match result {
        Ok(_) => panic!("expected an error"),
        Err(e) => e,
    }
}

fn snapshot(paths: &[&Path]) -> Vec<Option<Vec<u8>>> {
    paths.iter().map(|p| fs::read(p).ok()).collect()
}

#[test]
fn save_then_open_gives_the_same_session() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("s.ron");
    let mut session = realistic_session(300, 11);
    for _ in 0..5 {
        session.undo().unwrap();
    }
    let store = Store::create(&path, &session).unwrap();
    drop(store);
    let opened = Store::open(&path).unwrap();
    assert!(opened.warnings.is_empty(), "{:?}", opened.warnings);
    assert_same(&opened.session, &session);
    assert_same(&store::load(&path).unwrap(), &session);
    assert_eq!(opened.store.path(), path);
}

#[test]
fn the_file_names_its_version_ruleset_and_has_no_floats() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("s.ron");
    Store::create(&path, &realistic_session(50, 1)).unwrap();
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.contains(&format!(
        "slotmark_version: \"{}\"",
        env!("CARGO_PKG_VERSION")
    )));
    assert!(text.contains("format_version: 1,"));
    assert!(text.contains("ruleset: Slots,"));
    assert!(text.contains("cursor: 50,"));
    // RON writes floats with a decimal point or exponent; ids, faces and counts are integers.
    let floaty = regex_free_float_scan(&text);
    assert!(floaty.is_none(), "a float in the file: {floaty:?}");
}

/// Finds a number with a decimal point outside strings.
fn regex_free_float_scan(text: &str) -> Option<String> {
    let mut in_string = false;
    let mut escaped = false;
    let bytes = text.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            continue;
        }
        if b == b'"' {
            in_string = true;
        } else if b == b'/' && bytes.get(i + 1) == Some(&b'/') {
            // Skip the comment line.
            let end = text[i..].find('\n').map_or(text.len(), |n| i + n);
            return regex_free_float_scan(&text[end..]);
        } else if b == b'.'
            && i > 0
            && bytes[i - 1].is_ascii_digit()
            && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)
        {
            return Some(text[i.saturating_sub(10)..(i + 10).min(text.len())].to_string());
        }
    }
    None
}

#[test]
fn the_journal_brings_back_every_acknowledged_step() {
    let (_dir, path, live) = crashed_session(30);
    let journal = journal_path(&path);
    assert!(fs::read_to_string(&journal).unwrap().lines().count() > 30);
    let opened = Store::open(&path).unwrap();
    assert!(opened.warnings.is_empty(), "{:?}", opened.warnings);
    assert_same(&opened.session, &live);
    // Recovery folded the journal into the file: only its header is left.
    assert_eq!(fs::read_to_string(&journal).unwrap().lines().count(), 1);
    drop(opened);
    assert_same(&store::load(&path).unwrap(), &live);
}

#[test]
fn a_journal_line_is_one_line_whatever_the_note_says() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("s.ron");
    let mut session = Session::new(party());
    let mut store = Store::create(&path, &session).unwrap();
    // A line break is refused in any text the judge types; what is left still cannot break
    // the journal's lines.
    let refused = session.execute(
        Command::Note("line one\nline two".into()),
        &mut ScriptedDice::new([]),
    );
    assert!(refused.is_err());
    play(
        &mut session,
        &mut store,
        Command::Note("\"quoted\" )] \\n (a backslash n) ünïcödé".into()),
    );
    let text = fs::read_to_string(journal_path(&path)).unwrap();
    assert_eq!(text.lines().count(), 2, "{text}");
    drop(store);
    assert_same(&store::load(&path).unwrap(), &session);
}

#[test]
fn a_journal_cut_anywhere_in_its_last_line_keeps_every_complete_step() {
    let (dir, path, live) = crashed_session(12);
    let journal = journal_path(&path);
    let full = fs::read(&journal).unwrap();
    let last_start = full[..full.len() - 1]
        .iter()
        .rposition(|&b| b == b'\n')
        .unwrap()
        + 1;
    let file_bytes = fs::read(&path).unwrap();
    // The session without its last step: the last record was a Redo, so the state is the one
    // before it (the undone state).
    let mut before_last = live.clone();
    before_last.undo().unwrap();
    for cut in last_start..=full.len() {
        let case = dir.path().join(format!("cut{cut}"));
        fs::create_dir(&case).unwrap();
        let p = case.join("barrow.ron");
        fs::write(&p, &file_bytes).unwrap();
        fs::write(journal_path(&p), &full[..cut]).unwrap();
        let opened = Store::open(&p).unwrap_or_else(|e| panic!("cut at {cut}: {e}"));
        if cut == full.len() {
            assert!(opened.warnings.is_empty());
            assert_same(&opened.session, &live);
        } else if cut == full.len() - 1 {
            // Only the line break is missing: the checksum holds, so the step was written whole.
            assert_same(&opened.session, &live);
            assert!(
                opened.warnings[0].contains("line break"),
                "{:?}",
                opened.warnings
            );
        } else {
            assert_eq!(opened.session.state(), before_last.state(), "cut at {cut}");
            assert_eq!(
                opened.session.cursor(),
                before_last.cursor(),
                "cut at {cut}"
            );
            let torn = cut > last_start;
            assert_eq!(opened.warnings.len(), usize::from(torn), "cut at {cut}");
            if torn {
                assert!(
                    opened.warnings[0].contains("cut off"),
                    "{}",
                    opened.warnings[0]
                );
            }
        }
        drop(opened);
        fs::remove_dir_all(&case).unwrap();
    }
}

#[test]
fn a_garbled_journal_line_is_an_error_naming_it_and_nothing_changes() {
    let (_dir, path, _live) = crashed_session(6);
    let journal = journal_path(&path);
    let text = fs::read_to_string(&journal).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[3] = "Apply((command: Note(\"broken";
    fs::write(&journal, lines.join("\n") + "\n").unwrap();
    let before = snapshot(&[&path, &journal]);
    let err = failure(Store::open(&path));
    match &err {
        StoreError::Journal { path: p, line, .. } => {
            assert_eq!(p, &journal);
            assert_eq!(*line, 4);
        }
        other => panic!("expected a journal error, got {other:?}"),
    }
    assert!(err.to_string().contains("barrow.ron.journal:4:"), "{err}");
    assert!(store::load(&path).is_err());
    assert_eq!(snapshot(&[&path, &journal]), before);
}

#[test]
fn a_journal_step_that_does_not_apply_is_an_error_naming_its_line() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("s.ron");
    let session = Session::new(party());
    let mut store = Store::create(&path, &session).unwrap();
    store.append(&JournalRecord::Undo).unwrap();
    drop(store);
    let before = snapshot(&[&path, &journal_path(&path)]);
    let err = failure(Store::open(&path));
    assert!(
        matches!(err, StoreError::Journal { line: 2, .. }),
        "{err:?}"
    );
    assert!(err.to_string().contains("nothing to undo"), "{err}");
    assert_eq!(snapshot(&[&path, &journal_path(&path)]), before);
}

#[test]
fn a_journal_already_saved_into_the_file_is_not_applied_twice() {
    // A crash after the full save's rename but before the journal was emptied.
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("s.ron");
    let mut session = Session::new(party());
    let mut store = Store::create(&path, &session).unwrap();
    play(&mut session, &mut store, mark(0, 2, Condition::E));
    play(
        &mut session,
        &mut store,
        Command::Note("after the mark".into()),
    );
    let old_journal = fs::read(journal_path(&path)).unwrap();
    store.compact(&session).unwrap();
    drop(store);
    fs::write(journal_path(&path), &old_journal).unwrap();
    let opened = Store::open(&path).unwrap();
    assert_same(&opened.session, &session);
    assert_eq!(opened.session.state().notes.len(), 1);
}

#[test]
fn a_journal_newer_than_the_file_is_refused_untouched() {
    // The file was replaced by an older copy while its journal went on.
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("s.ron");
    let mut session = Session::new(party());
    let mut store = Store::create(&path, &session).unwrap();
    let old_file = fs::read(&path).unwrap();
    play(&mut session, &mut store, Command::Note("one".into()));
    store.compact(&session).unwrap();
    play(&mut session, &mut store, Command::Note("two".into()));
    drop(store);
    fs::write(&path, &old_file).unwrap();
    let before = snapshot(&[&path, &journal_path(&path)]);
    let err = failure(Store::open(&path));
    assert!(
        matches!(err, StoreError::Journal { line: 1, .. }),
        "{err:?}"
    );
    assert!(err.to_string().contains("older copy"), "{err}");
    assert_eq!(snapshot(&[&path, &journal_path(&path)]), before);
}

/// Opens a file that must fail; checks that neither it nor a journal were written.
fn open_fails(path: &Path) -> StoreError {
    let journal = journal_path(path);
    let before = snapshot(&[path, &journal]);
    let err = failure(Store::open(path));
    let again = failure(store::load(path));
    assert_eq!(err.to_string(), again.to_string());
    assert!(verify(path).map_or(true, |report| !report.matches()));
    assert_eq!(snapshot(&[path, &journal]), before, "the bytes changed");
    assert_eq!(err.path(), path);
    assert!(err.to_string().starts_with(&path.display().to_string()));
    err
}

fn saved_text() -> (TempDir, PathBuf, String) {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("s.ron");
    let session = realistic_session(40, 5);
    drop(Store::create(&path, &session).unwrap());
    fs::remove_file(journal_path(&path)).unwrap();
    let text = fs::read_to_string(&path).unwrap();
    (dir, path, text)
}

#[test]
fn a_garbled_file_names_the_line_and_column_and_stays_as_it_was() {
    let (_dir, path, text) = saved_text();
    let garbled = text.replacen("cursor: 40,", "cursor: 40,\n    oops: [1, 2,, 3],", 1);
    fs::write(&path, &garbled).unwrap();
    let err = open_fails(&path);
    let line = garbled.lines().position(|l| l.contains("oops")).unwrap() + 1;
    match err {
        StoreError::Unreadable {
            line: l, column, ..
        } => {
            assert_eq!(l, line);
            assert!(column > 1);
        }
        other => panic!("{other:?}"),
    }
    // A wrong value inside an entry is named too.
    let bad_entry = text.replacen("condition:E", "condition:Q", 1);
    assert_ne!(bad_entry, text);
    fs::write(&path, &bad_entry).unwrap();
    let err = open_fails(&path);
    assert!(matches!(err, StoreError::Unreadable { .. }), "{err:?}");
    assert!(err.to_string().contains('Q'), "{err}");
}

#[test]
fn a_truncated_file_is_an_error_at_every_cut_and_stays_as_it_was() {
    let (_dir, path, text) = saved_text();
    let bytes = text.as_bytes();
    let step = (bytes.len() / 150).max(1);
    for cut in (0..bytes.len() - 1).step_by(step) {
        fs::write(&path, &bytes[..cut]).unwrap();
        let err = open_fails(&path);
        assert!(
            matches!(err, StoreError::Unreadable { .. }),
            "cut at {cut}: {err:?}"
        );
    }
    fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
    let err = open_fails(&path);
    assert!(err.to_string().contains("ends too early"), "{err}");
}

#[test]
fn an_empty_file_says_so() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("empty.ron");
    for content in ["", "  \n\n "] {
        fs::write(&path, content).unwrap();
        let err = open_fails(&path);
        assert!(
            matches!(
                err,
                StoreError::Unreadable {
                    line: 1,
                    column: 1,
                    ..
                }
            ),
            "{err:?}"
        );
        assert!(err.to_string().contains("empty"), "{err}");
    }
}

#[test]
fn a_file_that_is_not_text_names_where_the_text_stops() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("bin.ron");
    fs::write(&path, b"(\n  format_version: 1,\n  xy\xff\xfe").unwrap();
    let err = open_fails(&path);
    assert!(
        matches!(
            err,
            StoreError::Unreadable {
                line: 3,
                column: 5,
                ..
            }
        ),
        "{err:?}"
    );
}

#[test]
fn a_file_from_a_newer_slotmark_names_the_version_it_needs() {
    let (_dir, path, text) = saved_text();
    let newer = text
        .replacen(
            &format!("slotmark_version: \"{}\"", env!("CARGO_PKG_VERSION")),
            "slotmark_version: \"7.2.0\"",
            1,
        )
        .replacen("format_version: 1,", "format_version: 9,", 1);
    fs::write(&path, newer).unwrap();
    let err = open_fails(&path);
    match &err {
        StoreError::TooNew {
            format_version,
            written_by,
            line,
            ..
        } => {
            assert_eq!(
                (*format_version, written_by.as_str(), *line),
                // Line 5: after the two comment lines, the bracket and the version.
                (9, "7.2.0", 5)
            );
        }
        other => panic!("{other:?}"),
    }
    assert!(
        err.to_string()
            .contains("open it with the slotmark that wrote it (7.2.0), or update slotmark"),
        "{err}"
    );
}

#[test]
fn a_journal_a_sheet_and_a_bestiary_from_a_newer_slotmark_say_so_and_what_to_do() {
    let dir = TempDir::new().unwrap();
    let said = |err: StoreError, what: &str, reads: u32| {
        let text = err.to_string();
        assert!(
            text.contains(&format!(
                "this {what} was written by a newer slotmark (format 9; this one, slotmark {}, \
                 reads {what}s up to format {reads}); open it with the slotmark that wrote it",
                env!("CARGO_PKG_VERSION")
            )) && text.ends_with("or update slotmark")
                && !text.contains("or later"),
            "{text}"
        );
        match err {
            StoreError::TooNew { line, .. } | StoreError::Journal { line, .. } => line,
            other => panic!("no line: {other:?}"),
        }
    };
    // A journal: its first line names its format.
    let path = dir.path().join("s.ron");
    drop(Store::create(&path, &Session::new(party())).unwrap());
    let header = "(format_version:9,generation:1)";
    let journal = format!("{:08x} {header}\n", crc32fast::hash(header.as_bytes()));
    fs::write(journal_path(&path), journal).unwrap();
    assert_eq!(said(failure(store::load(&path)), "journal", 3), 1);
    // A sheet.
    let sheet = dir.path().join("aldo.sheet.ron");
    let aldo = slotmark::session::party::one(&party(), "Aldo").unwrap();
    store::write_sheet(&sheet, &aldo).unwrap();
    let text = fs::read_to_string(&sheet).unwrap();
    let line = text
        .lines()
        .position(|l| l.contains("format_version"))
        .unwrap()
        + 1;
    fs::write(
        &sheet,
        text.replace("format_version: 1,", "format_version: 9,"),
    )
    .unwrap();
    assert_eq!(
        said(store::read_sheet(&sheet).unwrap_err(), "sheet file", 1),
        line
    );
    // A bestiary.
    let beasts = dir.path().join("phase.ron");
    store::write_bestiary(&beasts, RulesetId::Phase, &[]).unwrap();
    let text = fs::read_to_string(&beasts).unwrap();
    let line = text
        .lines()
        .position(|l| l.contains("format_version"))
        .unwrap()
        + 1;
    fs::write(
        &beasts,
        text.replace("format_version: 1,", "format_version: 9,"),
    )
    .unwrap();
    assert_eq!(
        said(
            store::read_bestiary(&beasts).unwrap_err(),
            "bestiary file",
            1
        ),
        line
    );
}

#[test]
fn a_file_for_an_unknown_ruleset_names_it() {
    let (_dir, path, text) = saved_text();
    fs::write(
        &path,
        text.replacen("ruleset: Slots,", "ruleset: Chess,", 1),
    )
    .unwrap();
    let err = open_fails(&path);
    assert!(
        matches!(&err, StoreError::UnknownRuleset { name, line: 6, .. } if name == "Chess"),
        "{err:?}"
    );
    assert!(err.to_string().contains("`Chess`"), "{err}");
    assert!(err.to_string().contains("Slots"), "{err}");
}

#[test]
fn deeply_nested_brackets_are_refused_without_overflowing_the_stack() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("deep.ron");
    let n = 100_000;
    let shapes = [
        "[".repeat(n),
        "(".repeat(n),
        format!("(format_version: 1, extra: {}", "[".repeat(n)),
        format!(
            "(format_version: 1, ruleset: Slots, initial: {}{}",
            "Some(".repeat(n),
            ")".repeat(n)
        ),
        format!("(entries: [{}", "(".repeat(n)),
    ];
    for text in shapes {
        fs::write(&path, &text).unwrap();
        let err = open_fails(&path);
        assert!(matches!(err, StoreError::Unreadable { .. }), "{err:?}");
    }
}

#[test]
fn a_huge_file_is_refused_before_it_is_read() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("huge.ron");
    let file = fs::File::create(&path).unwrap();
    file.set_len(100 * 1024 * 1024).unwrap();
    drop(file);
    let err = open_fails(&path);
    assert!(matches!(err, StoreError::TooLarge { .. }), "{err:?}");
    assert!(err.to_string().contains("100 MB"), "{err}");
    // Just under the limit, an unterminated string still ends in a positioned error.
    let mut text = String::from("(slotmark_version: \"");
    text.push_str(&"x".repeat((MAX_FILE_BYTES / 4) as usize));
    fs::write(&path, &text).unwrap();
    let err = open_fails(&path);
    assert!(
        matches!(err, StoreError::Unreadable { line: 1, .. }),
        "{err:?}"
    );
}

fn dir_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn atomic_saves_leave_no_temporary_files() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("s.ron");
    let mut session = Session::new(party());
    let mut store = Store::create(&path, &session).unwrap();
    for i in 0..5 {
        play(&mut session, &mut store, Command::Note(format!("n{i}")));
        store.compact(&session).unwrap();
    }
    drop(store);
    assert_eq!(
        dir_names(dir.path()),
        ["s.ron", "s.ron.journal", "s.ron.lock"]
    );
    // A save that cannot be renamed into place removes its temp file and says why.
    let blocked = dir.path().join("blocked.ron");
    fs::create_dir(&blocked).unwrap();
    fs::write(blocked.join("inside"), "x").unwrap();
    let mut store = Store::create(&dir.path().join("new.ron"), &session).unwrap();
    fs::remove_file(dir.path().join("new.ron")).unwrap();
    fs::create_dir(dir.path().join("new.ron")).unwrap();
    fs::write(dir.path().join("new.ron").join("inside"), "x").unwrap();
    let err = store.compact(&session).unwrap_err();
    assert!(matches!(err, StoreError::Io { .. }), "{err:?}");
    assert_eq!(
        dir_names(dir.path()),
        [
            "blocked.ron",
            "new.ron",
            "new.ron.journal",
            "new.ron.lock",
            "s.ron",
            "s.ron.journal",
            "s.ron.lock"
        ]
    );
}

#[test]
fn create_refuses_to_overwrite_a_session() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("s.ron");
    let session = Session::new(party());
    drop(Store::create(&path, &session).unwrap());
    let before = snapshot(&[&path]);
    let err = failure(Store::create(&path, &realistic_session(3, 1)));
    assert!(matches!(err, StoreError::Exists { .. }), "{err:?}");
    assert_eq!(snapshot(&[&path]), before);
}

#[test]
fn a_session_open_in_one_store_cannot_be_opened_in_another() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("s.ron");
    let store = Store::create(&path, &Session::new(party())).unwrap();
    let err = failure(Store::open(&path));
    assert!(matches!(err, StoreError::Locked { .. }), "{err:?}");
    // Reading is still allowed.
    assert!(store::load(&path).is_ok());
    drop(store);
    assert!(Store::open(&path).is_ok());
}

#[test]
fn record_compacts_every_so_often() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("s.ron");
    let mut session = Session::new(party());
    let mut store = Store::create(&path, &session).unwrap();
    for i in 0..store::COMPACT_EVERY + 3 {
        let entry = session
            .execute(Command::Note(format!("n{i}")), &mut ScriptedDice::new([]))
            .unwrap()
            .to_logged();
        store
            .record(&JournalRecord::Apply(entry), &session)
            .unwrap();
    }
    assert_eq!(store.journal_records(), 3);
    let journal = fs::read_to_string(journal_path(&path)).unwrap();
    assert_eq!(journal.lines().count(), 4);
    drop(store);
    assert_same(&store::load(&path).unwrap(), &session);
}

#[test]
fn the_saves_folder_is_created_on_demand() {
    let dir = TempDir::new().unwrap();
    let wanted = dir.path().join("a").join("b");
    assert_eq!(saves_dir(Some(&wanted)).unwrap(), wanted);
    assert!(wanted.is_dir());
    let default = store::default_saves_dir().unwrap();
    assert!(default.ends_with("slotmark/saves"), "{}", default.display());
}

#[test]
fn sessions_are_listed_newest_first_and_unreadable_ones_say_why() {
    let dir = TempDir::new().unwrap();
    let base = SystemTime::now() - Duration::from_secs(3600);
    let set_mtime = |p: &Path, secs: u64| {
        let f = fs::File::options().write(true).open(p).unwrap();
        f.set_modified(base + Duration::from_secs(secs)).unwrap();
    };
    let mut older = Session::new(party());
    older
        .execute(Command::Retitle("Older".into()), &mut ScriptedDice::new([]))
        .unwrap();
    let newer = realistic_session(10, 2);
    let a = dir.path().join("older.ron");
    let b = dir.path().join("newer.ron");
    drop(Store::create(&a, &older).unwrap());
    drop(Store::create(&b, &newer).unwrap());
    let broken = dir.path().join("broken.ron");
    fs::write(&broken, "(format_version: 1, ruleset: Slots, cursor: [").unwrap();
    fs::write(dir.path().join(".s.ron.1-0.tmp"), "x").unwrap();
    fs::write(dir.path().join("notes.txt"), "x").unwrap();
    for (p, secs) in [(&a, 10), (&b, 30), (&broken, 20)] {
        set_mtime(p, secs);
        if journal_path(p).exists() {
            set_mtime(&journal_path(p), secs);
        }
    }
    // A journal written later counts as playing the session later.
    set_mtime(&journal_path(&a), 40);
    let list = list_sessions(dir.path());
    let names: Vec<&str> = list.iter().map(|s| s.title.as_str()).collect();
    assert_eq!(names, ["Older", "The Barrow", "broken"]);
    assert!(list[0].problem.is_none() && list[1].problem.is_none());
    assert_eq!(list[0].ruleset, RulesetId::Slots);
    assert_eq!(list[1].entries, 10);
    assert_eq!(list[0].last_played, base + Duration::from_secs(40));
    let why = list[2].problem.as_deref().unwrap();
    assert!(why.starts_with("1:"), "{why}");
    assert!(list_sessions(&dir.path().join("missing")).is_empty());
}

#[test]
fn verify_accepts_an_honest_file_and_names_a_tampered_field() {
    let (_dir, path, text) = saved_text();
    let report = verify(&path).unwrap();
    assert!(report.matches(), "{report}");
    assert_eq!((report.entries, report.cursor), (40, 40));
    // The saved state says Aldo's slot 3 is openly wounded; the log never did that.
    let state_at = text.find("    state: (").unwrap();
    let aldo_slots = state_at + text[state_at..].find("slots: [").unwrap();
    let third_wound = {
        let mut at = aldo_slots;
        for _ in 0..3 {
            at += text[at..].find("wound: ").unwrap() + 1;
        }
        at - 1
    };
    let line_end = third_wound + text[third_wound..].find(',').unwrap();
    let old = &text[third_wound..line_end];
    let new_value = if old == "wound: Open" {
        "wound: Treated"
    } else {
        "wound: Open"
    };
    let tampered = format!("{}{}{}", &text[..third_wound], new_value, &text[line_end..]);
    fs::write(&path, &tampered).unwrap();
    // The file no longer matches its checksum: verify and open refuse it untouched.
    let err = verify(&path).map(|_| ()).unwrap_err();
    assert!(err.to_string().contains("damaged"), "{err}");
    let err = Store::open(&path).map(|_| ()).unwrap_err();
    assert!(err.to_string().contains("damaged"), "{err}");
    assert_eq!(fs::read_to_string(&path).unwrap(), tampered);
    // With the checksum line deleted (a change made by hand on purpose), verify names the
    // field, and opening trusts the log and says what it replaced.
    let tampered = &tampered[..tampered.rfind("// checksum: ").unwrap()];
    fs::write(&path, tampered).unwrap();
    let report = verify(&path).unwrap();
    let d = report.difference.clone().unwrap();
    assert!(d.contains("characters → Aldo → slots → #3 → wound"), "{d}");
    assert!(!report.matches());
    let opened = Store::open(&path).unwrap();
    assert!(opened.warnings[0].contains("Aldo"), "{:?}", opened.warnings);
}

#[test]
fn verify_names_a_step_that_no_longer_replays() {
    let (_dir, path, text) = three_step_file();
    // Changed by hand on purpose: without the checksum line, which would refuse any change.
    let text = text[..text.rfind("// checksum: ").unwrap()].to_string();
    // A face the step never draws.
    let extra = text.replacen(
        "(command:Note(\"last\"),faces:[])",
        "(command:Note(\"last\"),faces:[7])",
        1,
    );
    assert_ne!(extra, text);
    fs::write(&path, &extra).unwrap();
    let d = verify(&path).unwrap().difference.unwrap();
    assert_eq!(
        d,
        "step 3 of the log (Note(\"last\")) draws 0 dice on replay, but the file recorded 1 face for it"
    );
    // A step the rules refuse is named with the reason, and opening names its line.
    let refused = text.replacen("who:1,slot:2", "who:9,slot:2", 1);
    fs::write(&path, &refused).unwrap();
    let d = verify(&path).unwrap().difference.unwrap();
    assert!(d.starts_with("step 2 of the log (Wound(who:9"), "{d}");
    assert!(d.contains("no character #9"), "{d}");
    let line = refused.lines().position(|l| l.contains("who:9")).unwrap() + 1;
    let err = open_fails(&path);
    assert!(
        matches!(err, StoreError::Replay { index: 1, line: Some(l), .. } if l == line),
        "{err:?}"
    );
    assert!(
        err.to_string()
            .contains(&format!("s.ron:{line}: step 2 of the log")),
        "{err}"
    );
}

#[test]
fn verify_counts_journal_steps_not_yet_saved() {
    let (_dir, path, _live) = crashed_session(4);
    let report = verify(&path).unwrap();
    assert!(report.matches(), "{report}");
    assert_eq!(report.journal_records, 6);
}

fn example_session() -> Session {
    let mut session = Session::new(party());
    let mut dice = ScriptedDice::new([4, 12, 7, 9, 2, 5]);
    let commands: Vec<Command> = vec![
        Command::Note("The party enters the barrow at dusk.".into()),
        slots::Command::SetFatigue {
            who: 0,
            slot: 4,
            on: true,
        }
        .into(),
        mark(1, 2, Condition::H),
        slots::Command::Wound {
            who: 2,
            slot: 3,
            wound: Wound::Open,
        }
        .into(),
        slots::Command::Treat { who: 2, slot: 3 }.into(),
        slots::Command::Ignite { who: 0, slot: 1 }.into(),
        slots::Command::RollOnGround { who: 0 }.into(),
        mark(3, 1, Condition::C),
        slots::Command::Wound {
            who: 3,
            slot: 2,
            wound: Wound::Treated,
        }
        .into(),
        slots::Command::SetStatus {
            who: 2,
            flag: slots::StatusFlag::Prone,
            on: true,
        }
        .into(),
        Command::Note("The wolf circles; Brin shivers in the draught.".into()),
        slots::Command::Heal { who: 3, slot: 2 }.into(),
        Command::Retitle("The Barrow, night one".into()),
    ];
    for command in commands {
        session.execute(command, &mut dice).unwrap();
    }
    session.undo().unwrap();
    session
}

/// Rewrites `saves/example.ron`: `cargo test --test store -- --ignored write_example`.
#[test]
#[ignore]
fn write_example_session() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/example.ron");
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    let _ = fs::remove_file(&path);
    drop(Store::create(&path, &example_session()).unwrap());
    fs::remove_file(journal_path(&path)).unwrap();
}

#[test]
fn the_example_session_loads_and_verifies() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/example.ron");
    let report = verify(&path).unwrap();
    assert!(report.matches(), "{report}");
    assert_eq!(report.journal_records, 0);
    let session = store::load(&path).unwrap();
    assert_same(&session, &example_session());
    assert!(session.entries().len() >= 12 && session.can_redo());
}

/// The journal's bytes and the session file's, of a session left by a crash with `steps` steps.
fn crashed_bytes(steps: usize) -> (TempDir, Vec<u8>, Vec<u8>, Session) {
    let (dir, path, live) = crashed_session(steps);
    let file = fs::read(&path).unwrap();
    let journal = fs::read(journal_path(&path)).unwrap();
    (dir, file, journal, live)
}

/// Loads a copy of the file with `journal` beside it, in a folder of its own.
fn load_with(dir: &Path, name: &str, file: &[u8], journal: &[u8]) -> Result<Session, StoreError> {
    let case = dir.join(name);
    fs::create_dir(&case).unwrap();
    let p = case.join("barrow.ron");
    fs::write(&p, file).unwrap();
    fs::write(journal_path(&p), journal).unwrap();
    let result = store::load(&p);
    fs::remove_dir_all(&case).unwrap();
    result
}

#[test]
fn every_journal_line_carries_a_checksum_of_the_rest() {
    let (_dir, _file, journal, _live) = crashed_bytes(4);
    let text = String::from_utf8(journal).unwrap();
    for line in text.lines() {
        let (sum, rest) = line.split_at(8);
        let sum = u32::from_str_radix(sum, 16).unwrap();
        assert_eq!(sum, crc32fast::hash(&rest.as_bytes()[1..]), "{line}");
    }
}

#[test]
fn every_byte_flipped_in_a_real_journal_is_refused_or_a_torn_tail_never_another_command() {
    let (dir, file, journal, live) = crashed_bytes(6);
    let (mut refused, mut torn) = (0, 0);
    for at in 0..journal.len() {
        for flip in [0x01u8, 0x20, 0x80] {
            let mut bad = journal.clone();
            bad[at] ^= flip;
            match load_with(dir.path(), "case", &file, &bad) {
                Err(e) => {
                    assert!(
                        e.path().ends_with("barrow.ron.journal"),
                        "byte {at} ^ {flip:#x}: {e}"
                    );
                    refused += 1;
                }
                Ok(s) => {
                    // Only the last line break can be flipped; the line's checksum still holds,
                    // so its step is kept, and nothing else is read.
                    assert_eq!(at, journal.len() - 1, "byte {at} ^ {flip:#x} was read");
                    assert_eq!(s.state(), live.state());
                    torn += 1;
                }
            }
        }
    }
    assert!(refused > 0 && torn <= 3, "{refused} refused, {torn} torn");
}

#[test]
fn a_journal_overwritten_with_zero_bytes_is_refused_and_kept_as_it_is() {
    let (_dir, path, _live) = crashed_session(5);
    let journal = journal_path(&path);
    let len = fs::metadata(&journal).unwrap().len() as usize;
    fs::write(&journal, vec![0u8; len]).unwrap();
    let before = snapshot(&[&path, &journal]);
    for err in [failure(store::load(&path)), failure(Store::open(&path))] {
        assert_eq!(err.path(), journal, "{err}");
        assert!(err.to_string().contains(":1:1:"), "{err}");
        assert!(err.to_string().contains("zero bytes"), "{err}");
    }
    assert_eq!(
        snapshot(&[&path, &journal]),
        before,
        "a refused journal was changed"
    );
}

#[test]
fn zero_bytes_inside_a_journal_are_refused_naming_their_line() {
    let (_dir, path, _live) = crashed_session(5);
    let journal = journal_path(&path);
    let mut bytes = fs::read(&journal).unwrap();
    let second = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
    for b in &mut bytes[second..second + 12] {
        *b = 0;
    }
    fs::write(&journal, &bytes).unwrap();
    let err = failure(store::load(&path));
    assert!(err.to_string().contains(":2:1:"), "{err}");
}

#[test]
fn a_journal_written_before_checksums_still_brings_back_its_steps() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("old.ron");
    let mut session = realistic_session(10, 4);
    drop(Store::create(&path, &session).unwrap());
    let text = fs::read_to_string(&path).unwrap();
    let generation: u64 = text
        .split("generation:")
        .nth(1)
        .and_then(|s| s.trim_start().split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok())
        .expect("the file names its generation");
    let mut old = format!("(format_version:1,generation:{generation})\n");
    for i in 0..3 {
        let entry = session
            .execute(mark(0, 3 + i, Condition::E), &mut ScriptedDice::new([]))
            .unwrap()
            .to_logged();
        old.push_str(&ron::to_string(&JournalRecord::Apply(entry)).unwrap());
        old.push('\n');
    }
    fs::write(journal_path(&path), old).unwrap();
    let loaded = store::load(&path).unwrap();
    assert_same(&loaded, &session);
    // Opening folds it into the file and starts a journal with checksums.
    let opened = Store::open(&path).unwrap();
    assert_same(&opened.session, &session);
    drop(opened);
    let fresh = fs::read_to_string(journal_path(&path)).unwrap();
    assert!(fresh.contains("format_version:3"), "{fresh}");
}

/// A session with a journal of 39 notes left by a crash; its dir, file and live session.
fn thirty_nine_journalled_steps() -> (TempDir, PathBuf, Session) {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("s.ron");
    let mut session = Session::new(party());
    let mut store = Store::create(&path, &session).unwrap();
    for i in 0..39 {
        play(&mut session, &mut store, Command::Note(format!("step {i}")));
    }
    drop(store);
    (dir, path, session)
}

#[test]
fn a_journal_line_copied_twice_is_dropped_with_a_warning_by_every_reader() {
    let (_dir, path, session) = thirty_nine_journalled_steps();
    let jpath = journal_path(&path);
    let journal = fs::read_to_string(&jpath).unwrap();
    let last = journal.lines().last().unwrap().to_string();
    // The last line twice (line 41 repeats line 40), then also without its line break.
    for doubled in [format!("{journal}{last}\n"), format!("{journal}{last}")] {
        fs::write(&jpath, &doubled).unwrap();
        let (loaded, warnings) = store::load_with_warnings(&path).unwrap();
        assert_same(&loaded, &session);
        assert_eq!(loaded.entries().len(), 39);
        assert!(
            warnings
                .iter()
                .any(|w| w.contains("Line 41 of the journal") && w.contains("repeats line 40")),
            "{warnings:?}"
        );
        // The players' view reads it the same way.
        let follower = store::Follower::open(&path).unwrap();
        assert_eq!(follower.session().state(), session.state());
    }
    // Appended while the players' view follows the journal, the copy is dropped there too.
    fs::write(&jpath, &journal).unwrap();
    let mut follower = store::Follower::open(&path).unwrap();
    let mut file = fs::OpenOptions::new().append(true).open(&jpath).unwrap();
    std::io::Write::write_all(&mut file, format!("{last}\n").as_bytes()).unwrap();
    drop(file);
    follower.refresh().unwrap();
    assert_eq!(follower.work().whole, 1, "read on, not read again whole");
    assert_eq!(follower.session().state(), session.state());
    // Opening recovers the 39 steps, says so, and writes the journal again without the copy.
    let opened = Store::open(&path).unwrap();
    assert_same(&opened.session, &session);
    assert!(
        opened
            .warnings
            .iter()
            .any(|w| w.contains("repeats line 40")),
        "{:?}",
        opened.warnings
    );
    drop(opened);
    let (again, warnings) = store::load_with_warnings(&path).unwrap();
    assert_same(&again, &session);
    assert!(warnings.is_empty(), "{warnings:?}");
}

#[test]
fn a_journal_line_lost_or_moved_is_refused_naming_its_line() {
    let (_dir, path, _) = thirty_nine_journalled_steps();
    let jpath = journal_path(&path);
    let journal = fs::read_to_string(&jpath).unwrap();
    let lines: Vec<&str> = journal.lines().collect();
    // Line 20 lost: line 21 (step 20) follows step 18. Lines 20 and 21 swapped.
    let lost: Vec<&str> = [&lines[..19], &lines[20..]].concat();
    let mut swapped = lines.clone();
    swapped.swap(19, 20);
    for (damaged, line) in [(lost, 20), (swapped, 20)] {
        fs::write(&jpath, damaged.join("\n") + "\n").unwrap();
        let before = snapshot(&[&path, &jpath]);
        for err in [failure(store::load(&path)), failure(Store::open(&path))] {
            assert!(
                matches!(err, StoreError::Journal { line: l, column: 10, .. } if l == line),
                "{err:?}"
            );
            assert!(
                err.to_string()
                    .contains("lines were lost, repeated or moved"),
                "{err}"
            );
        }
        assert_eq!(snapshot(&[&path, &jpath]), before);
    }
}

#[test]
fn a_journal_written_before_step_numbers_still_brings_back_its_steps() {
    let (_dir, path, session) = thirty_nine_journalled_steps();
    let jpath = journal_path(&path);
    // The same journal as format 2 wrote it: each line its checksum and its record, no number.
    let sum = |text: &str| format!("{:08x} {text}\n", crc32fast::hash(text.as_bytes()));
    let mut older = String::new();
    for (i, line) in fs::read_to_string(&jpath).unwrap().lines().enumerate() {
        let text = &line[9..];
        older.push_str(&if i == 0 {
            sum(&text.replace("format_version:3", "format_version:2"))
        } else {
            sum(text.split_once(' ').unwrap().1)
        });
    }
    fs::write(&jpath, &older).unwrap();
    assert_same(&store::load(&path).unwrap(), &session);
    let opened = Store::open(&path).unwrap();
    assert_same(&opened.session, &session);
}

#[test]
fn the_start_screen_lists_a_session_from_its_summary_line_without_reading_the_log() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("long.ron");
    let session = realistic_session(300, 7);
    drop(Store::create(&path, &session).unwrap());
    let listed = list_sessions(dir.path());
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].title, session.state().title);
    assert_eq!(listed[0].entries, session.entries().len());
    assert_eq!(listed[0].problem, None);
    // Proof that the log is not read: spoil it after the summary, and the listing is the same
    // (opening the file still refuses it).
    let text = fs::read_to_string(&path).unwrap();
    let cut = text.find("    log: [").unwrap();
    fs::write(&path, format!("{}    log: [ garbage", &text[..cut])).unwrap();
    let again = list_sessions(dir.path());
    assert_eq!(again[0].entries, session.entries().len());
    assert!(store::load(&path).is_err());
}

#[test]
fn a_session_with_steps_waiting_in_its_journal_is_listed_from_the_whole_file() {
    let (dir, path, live) = crashed_session(5);
    let listed = list_sessions(path.parent().unwrap());
    let me = listed.iter().find(|s| s.path == path).unwrap();
    assert_eq!(me.entries, live.entries().len());
    drop(dir);
}

/// A file of three steps, its second a wound, saved without a journal; and its text.
fn three_step_file() -> (TempDir, PathBuf, String) {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("s.ron");
    let mut session = Session::new(party());
    for command in [
        Command::Note("first".into()),
        slots::Command::Wound {
            who: 1,
            slot: 2,
            wound: Wound::Open,
        }
        .into(),
        Command::Note("last".into()),
    ] {
        session
            .execute(command, &mut ScriptedDice::new([]))
            .unwrap();
    }
    drop(Store::create(&path, &session).unwrap());
    fs::remove_file(journal_path(&path)).unwrap();
    let text = fs::read_to_string(&path).unwrap();
    (dir, path, text)
}

/// The text as changed by hand on purpose: without its checksum line.
fn without_checksum(text: &str) -> String {
    text[..text.rfind("// checksum: ").unwrap()].to_string()
}

/// The text with one of its log's steps written over two lines.
fn split_step(text: &str, note: &str) -> String {
    let step = format!("(command:Note(\"{note}\"),faces:[])");
    let split = format!("(command:Note(\"{note}\"),\n            faces:[])");
    let out = text.replacen(&step, &split, 1);
    assert_ne!(out, text, "{step}");
    out
}

#[test]
fn a_damaged_checksum_line_is_refused_naming_its_place() {
    let (_dir, path, text) = saved_text();
    let sum_at = text.rfind("// checksum: ").unwrap() + "// checksum: ".len();
    // One digit of the first sum changed: the first block of lines is named.
    let mut bytes = text.clone().into_bytes();
    bytes[sum_at] = if bytes[sum_at] == b'0' { b'1' } else { b'0' };
    fs::write(&path, &bytes).unwrap();
    for err in [failure(verify(&path)), open_fails(&path)] {
        assert!(
            matches!(err, StoreError::Unreadable { line: 1, .. }),
            "{err:?}"
        );
        assert!(err.to_string().contains("lines 1 to 16"), "{err}");
    }
    // A checksum line that is not whole sums names itself.
    let sum_line = text.lines().count();
    for cut in [1, 3, 8 + 5] {
        let damaged = format!("{}\n", &text[..text.len() - 1 - cut]);
        fs::write(&path, &damaged).unwrap();
        for err in [failure(verify(&path)), open_fails(&path)] {
            assert!(
                matches!(err, StoreError::Unreadable { line, .. } if line == sum_line),
                "{err:?}"
            );
            assert!(err.to_string().contains("checksum line"), "{err}");
        }
    }
    let garbled = text.replacen("// checksum: ", "// checksum: zz", 1);
    fs::write(&path, &garbled).unwrap();
    let err = failure(verify(&path));
    assert!(err.to_string().contains("checksum line"), "{err}");
}

#[test]
fn a_file_with_crlf_line_ends_is_refused_as_damaged_and_reads_once_its_checksum_goes() {
    let (_dir, path, text) = saved_text();
    let saved = store::load(&path).unwrap();
    // The line ends are bytes the checksum covers.
    fs::write(&path, text.replace('\n', "\r\n")).unwrap();
    for err in [failure(verify(&path)), open_fails(&path)] {
        assert!(
            matches!(err, StoreError::Unreadable { line: 1, .. }),
            "{err:?}"
        );
        assert!(err.to_string().contains("damaged"), "{err}");
    }
    // Without the checksum, the same session, every step of it.
    fs::write(&path, without_checksum(&text).replace('\n', "\r\n")).unwrap();
    assert_same(&store::load(&path).unwrap(), &saved);
    let report = verify(&path).unwrap();
    assert!(report.matches(), "{report}");
    assert_eq!((report.entries, report.cursor), (40, 40));
}

#[test]
fn a_step_over_two_lines_is_read_by_the_full_parser_and_steps_keep_their_lines() {
    let (_dir, path, text) = three_step_file();
    let saved = store::load(&path).unwrap();
    let text = without_checksum(&text);
    // An honest file with a step over two lines reads as it was saved.
    for note in ["first", "last"] {
        fs::write(&path, split_step(&text, note)).unwrap();
        assert_same(&store::load(&path).unwrap(), &saved);
        assert!(verify(&path).unwrap().matches());
    }
    // A refused step is named by its line while the steps before it stand one per line...
    let refused = text.replacen("who:1,slot:2", "who:9,slot:2", 1);
    let line = refused.lines().position(|l| l.contains("who:9")).unwrap() + 1;
    let split_last = split_step(&refused, "last");
    fs::write(&path, &split_last).unwrap();
    let err = open_fails(&path);
    assert!(
        matches!(err, StoreError::Replay { index: 1, line: Some(l), .. } if l == line),
        "{err:?}"
    );
    // ... and by none once they do not (its line would be counted wrong).
    fs::write(&path, split_step(&refused, "first")).unwrap();
    let err = open_fails(&path);
    assert!(
        matches!(
            err,
            StoreError::Replay {
                index: 1,
                line: None,
                ..
            }
        ),
        "{err:?}"
    );
    // A step indented further still stands on its own line, and is named by it.
    let indented = refused.replacen("        (command:Game", "          (command:Game", 1);
    assert_ne!(indented, refused);
    fs::write(&path, &indented).unwrap();
    let err = open_fails(&path);
    assert!(
        matches!(err, StoreError::Replay { index: 1, line: Some(l), .. } if l == line),
        "{err:?}"
    );
}
