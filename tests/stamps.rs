//! Time stamps (issue 24): each step carries the wall-clock time the frame logged it at, in the
//! journal and the file; it is never part of replay, `replay --verify` or equality, and files and
//! journals from before stamps still open.

use slotmark::dice::ScriptedDice;
use slotmark::rules::RulesetId;
use slotmark::rules::plain;
use slotmark::session::{Command, Session, SessionState, Stamp};
use slotmark::store::{self, JournalRecord, Store, verify};
use tempfile::TempDir;

fn add(name: &str) -> Command {
    plain::Command::Add {
        name: name.into(),
        party: true,
        hp: 6,
    }
    .into()
}

/// Plays a command and stamps it at `at`, as the frame does, journalling it.
fn play(session: &mut Session, store: Option<&mut Store>, command: Command, at: u64) {
    let mut entry = session
        .execute(command, &mut ScriptedDice::new([]))
        .unwrap()
        .to_logged();
    entry.entry = session.stamp_last(Some(Stamp::new(at))).unwrap().clone();
    if let Some(store) = store {
        store.append(&JournalRecord::Apply(entry)).unwrap();
    }
}

fn stamps(session: &Session) -> Vec<Option<Stamp>> {
    session.entries().iter().map(|e| e.stamp).collect()
}

#[test]
fn the_file_keeps_each_steps_stamp() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("s.ron");
    let mut session = Session::new(SessionState::new("Stamps", RulesetId::Plain));
    play(&mut session, None, add("Ann"), 1_000);
    play(&mut session, None, add("Bo"), 1_042);
    Store::create(&path, &session).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("stamp:Some(1042)"), "{text}");
    let opened = store::load(&path).unwrap();
    assert_eq!(
        stamps(&opened),
        [Some(Stamp::new(1_000)), Some(Stamp::new(1_042))]
    );
    let report = verify(&path).unwrap();
    assert!(report.difference.is_none(), "{:?}", report.difference);
}

#[test]
fn the_journal_keeps_each_steps_stamp_and_a_follower_reads_it() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("s.ron");
    let mut session = Session::new(SessionState::new("Stamps", RulesetId::Plain));
    let mut store = Store::create(&path, &session).unwrap();
    play(&mut session, Some(&mut store), add("Ann"), 7);
    play(&mut session, Some(&mut store), add("Bo"), 9);
    let journal = std::fs::read_to_string(store::journal_path(&path)).unwrap();
    assert!(journal.contains("stamp:Some(9)"), "{journal}");
    drop(store);
    let opened = Store::open(&path).unwrap();
    assert_eq!(
        stamps(&opened.session),
        [Some(Stamp::new(7)), Some(Stamp::new(9))]
    );
}

#[test]
fn a_stamp_is_no_part_of_equality_or_replay() {
    let mut stamped = Session::new(SessionState::new("Stamps", RulesetId::Plain));
    let mut bare = stamped.clone();
    play(&mut stamped, None, add("Ann"), 5);
    bare.execute(add("Ann"), &mut ScriptedDice::new([]))
        .unwrap();
    assert_ne!(stamps(&stamped), stamps(&bare));
    assert_eq!(stamped.entries(), bare.entries());
    assert_eq!(stamped.state(), bare.state());
    // Undo and redo keep the time the step was first taken.
    stamped.undo().unwrap();
    stamped.redo().unwrap();
    assert_eq!(stamps(&stamped), [Some(Stamp::new(5))]);
}

#[test]
fn a_file_and_a_journal_from_before_stamps_still_open() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("old.ron");
    let mut session = Session::new(SessionState::new("Old", RulesetId::Plain));
    session
        .execute(add("Ann"), &mut ScriptedDice::new([]))
        .unwrap();
    let mut store = Store::create(&path, &session).unwrap();
    let entry = session
        .execute(add("Bo"), &mut ScriptedDice::new([]))
        .unwrap()
        .to_logged();
    store.append(&JournalRecord::Apply(entry)).unwrap();
    drop(store);
    let text = std::fs::read_to_string(&path).unwrap();
    let journal = std::fs::read_to_string(store::journal_path(&path)).unwrap();
    assert!(!text.contains("stamp") && !journal.contains("stamp"));
    let opened = Store::open(&path).unwrap();
    assert_eq!(opened.session.entries().len(), 2);
    assert_eq!(stamps(&opened.session), [None, None]);
}

/// A stamp is held in 8 bytes with room for "none" (issue 31), which costs one value of the
/// 2^64 a file could hold: every stamp a file can carry but `u64::MAX` reads and writes back as
/// it was, and `u64::MAX`, which no clock gives, reads as one second less.
#[test]
fn every_stamp_a_file_can_carry_reads_and_writes_back_as_it_was() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("s.ron");
    let mut session = Session::new(SessionState::new("Stamps", RulesetId::Plain));
    play(&mut session, None, add("Ann"), 1);
    play(&mut session, None, add("Bo"), 2);
    play(&mut session, None, add("Cy"), 3);
    Store::create(&path, &session).unwrap();
    // Edited by hand, so without its checksum (the last line).
    let written = std::fs::read_to_string(&path).unwrap();
    let (text, sum) = written.trim_end().rsplit_once('\n').unwrap();
    assert!(sum.starts_with("// checksum"), "{sum}");
    let edge = format!("{text}\n")
        .replace("stamp:Some(1)", "stamp:Some(0)")
        .replace("stamp:Some(2)", "stamp:Some(1764115200)")
        .replace("stamp:Some(3)", "stamp:Some(18446744073709551614)");
    assert!(edge.contains("stamp:Some(0)") && edge.contains("Some(18446744073709551614)"));
    std::fs::write(&path, &edge).unwrap();
    let opened = store::load(&path).unwrap();
    let secs: Vec<u64> = stamps(&opened).iter().map(|s| s.unwrap().secs()).collect();
    assert_eq!(secs, [0, 1_764_115_200, u64::MAX - 1]);
    let again = dir.path().join("again.ron");
    Store::create(&again, &opened).unwrap();
    let again = std::fs::read_to_string(&again).unwrap();
    assert!(again.starts_with(&edge), "{again}");

    let far = edge.replace("Some(18446744073709551614)", "Some(18446744073709551615)");
    std::fs::write(&path, &far).unwrap();
    let opened = store::load(&path).unwrap();
    assert_eq!(opened.entries()[2].stamp, Some(Stamp::new(u64::MAX - 1)));
    assert_eq!(Stamp::new(u64::MAX).secs(), u64::MAX - 1);
    assert_eq!(Stamp::new(0).seconds_to(Stamp::new(5)), 5);
}

/// A journal line holds the step with its events exactly as it always did (command, faces,
/// events, then the stamp when there is one), though the session keeps the events apart from
/// the entry; and an old line reads back to the same step.
#[test]
fn a_journal_line_keeps_its_text_with_the_events() {
    let mut session = Session::new(SessionState::new("t", RulesetId::Plain));
    let mut logged = session
        .execute(Command::Note("rain".into()), &mut ScriptedDice::new([]))
        .unwrap()
        .to_logged();
    assert!(!logged.events.is_empty(), "a note says something");
    logged.entry.stamp = Some(Stamp::new(7));
    let text = ron::to_string(&JournalRecord::Apply(logged.clone())).unwrap();
    let events = ron::to_string(&logged.events).unwrap();
    assert_eq!(
        text,
        format!("Apply((command:Note(\"rain\"),rolls:[],events:{events},stamp:Some(7)))")
    );
    let read: JournalRecord = ron::from_str(&text).unwrap();
    assert_eq!(read, JournalRecord::Apply(logged));
}
