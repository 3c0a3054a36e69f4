//! The players' table view: the time from the judge's step reaching the journal to the view's
//! next frame (the view reads the new line, applies it, works out what the players may see and
//! draws it), on a fresh session and on one of 10,000 steps with a secret roll in sight. Target:
//! well under the 100 ms the view promises, so the poll and the file system's events set the
//! pace, not the work.
//!
//! Run with `cargo bench --bench table`.

#[path = "../tests/support/mod.rs"]
mod support;

use criterion::Criterion;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use slotmark::dice::ScriptedDice;
use slotmark::session::{Command, Session};
use slotmark::store::{JournalRecord, Store};
use slotmark::tui::table::{self, TableScreen};
use slotmark::tui::theme::Theme;
use std::hint::black_box;

/// One step the judge takes, journalled as the screen journals it.
fn judge_step(store: &mut Store, session: &mut Session) {
    let note = Command::Note("the torches gutter".into());
    let entry = session
        .execute(note, &mut ScriptedDice::new([]))
        .expect("a note applies")
        .clone();
    store
        .journal_step(&JournalRecord::Apply(entry), session)
        .expect("journal");
}

fn bench_follow(c: &mut Criterion, name: &str, session: Session) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("live.ron");
    let mut session = session;
    let mut store = Store::create(&path, &session).expect("create");
    // Something secret in the window the view reads.
    if let Some(step) = slotmark::session::last_roll(&session) {
        let secret = Command::Secret {
            step: Some(step as u32),
            secret: true,
        };
        if let Ok(entry) = session.execute(secret, &mut ScriptedDice::new([])) {
            let entry = entry.clone();
            store
                .journal_step(&JournalRecord::Apply(entry), &session)
                .expect("journal");
        }
    }
    let mut screen = TableScreen::open(&path, Theme::plain()).expect("open the view");
    let mut terminal = Terminal::new(TestBackend::new(200, 50)).expect("terminal");
    c.bench_function(name, |b| {
        b.iter(|| {
            judge_step(&mut store, &mut session);
            black_box(table::step(&mut terminal, &mut screen).expect("step"));
        })
    });
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    let fresh = support::realistic_session(20, 3);
    bench_follow(&mut c, "table: journal append to frame, 20 steps", fresh);
    let long = support::realistic_session(10_000, 3);
    bench_follow(&mut c, "table: journal append to frame, 10,000 steps", long);
    c.final_summary();
}
