//! The players' table view at any length: for each ruleset, on its demo and on a session of
//! 100,000 steps, with a secret roll in sight:
//!
//! - per-step apply: once the judge's step is in the journal, the view takes it in (reads what
//!   was appended and applies it to the session it holds), without drawing;
//! - step to frame: the same, then what the players may see worked out and drawn, 200x50.
//!
//! The judge's own append (flushed to disk) is not timed: it is the judge's screen's cost, and
//! on a shared disk it would drown the view's.
//!
//! Promise (docs/promises.md): both within 3x of the demo's at 100,000 steps, and well under the
//! 100 ms the view promises, so the poll and the file system's events set the pace, not the
//! work. Each case takes ten samples: the point is the ratio between sizes.
//!
//! The players' page (`page`), its server on one thread of its own as `table --web` runs it:
//!
//! - twenty pages opened at once (a table scanning the QR code together): from the moment they
//!   all connect until each has its first update;
//! - a step to fifty pages: with fifty event streams open, from one published update until
//!   every one of them has read it.
//!
//! Run with `cargo bench --bench table` (`cargo bench --bench table -- page` for the page alone).

#[path = "../tests/support/page.rs"]
mod page;
#[path = "../tests/support/mod.rs"]
mod support;

use criterion::{BenchmarkId, Criterion};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use slotmark::dice::ScriptedDice;
use slotmark::rules::RulesetId;
use slotmark::session::{Command, Session};
use slotmark::store::{JournalRecord, Store};
use slotmark::tui::table::{self, TableScreen};
use slotmark::tui::theme::Theme;
use slotmark::web::{self, DEFAULT_ADDR, Limits, Reader, Server};
use std::hint::black_box;
use std::sync::{Arc, Barrier, mpsc};
use std::time::{Duration, Instant};

/// The long sessions' length.
const LONG: usize = 100_000;

/// One step the judge takes, journalled as the screen journals it.
fn judge_step(store: &mut Store, session: &mut Session) {
    let note = Command::Note("the torches gutter".into());
    let entry = session
        .execute(note, &mut ScriptedDice::new([]))
        .expect("a note applies")
        .to_logged();
    store
        .journal_step(&JournalRecord::Apply(entry), session)
        .expect("journal");
}

/// The session saved to a file beside the judge's open store, with its last roll made secret
/// (journalled, so something secret is in the window the view reads), and the view opened on it.
fn table(dir: &std::path::Path, session: &mut Session) -> (Store, TableScreen) {
    let path = dir.join("live.ron");
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(slotmark::store::journal_path(&path));
    let mut store = Store::create(&path, session).expect("create");
    if let Some(step) = slotmark::session::last_roll(session) {
        let secret = Command::Secret {
            step: Some(step as u32),
            secret: true,
        };
        if let Ok(entry) = session.execute(secret, &mut ScriptedDice::new([])) {
            let entry = entry.to_logged();
            store
                .journal_step(&JournalRecord::Apply(entry), session)
                .expect("journal");
        }
    }
    let screen = TableScreen::open(&path, Theme::plain()).expect("open the view");
    (store, screen)
}

fn bench_ruleset(c: &mut Criterion, ruleset: RulesetId) {
    let dir = tempfile::tempdir().expect("temp dir");
    let demo = support::long::long_session(ruleset, 0, 3);
    let long = support::long::long_session(ruleset, LONG, 3);
    let mut group = c.benchmark_group(format!("table view, {}", ruleset.key()));
    for (label, session) in [("demo", demo), ("100,000 steps", long)] {
        let mut session = session;
        let (mut store, mut screen) = table(dir.path(), &mut session);
        // The judge's own append (flushed to disk) is the judge's screen's cost, measured
        // beside it: only the view's work is timed here.
        group.bench_function(BenchmarkId::new("per-step apply", label), |b| {
            b.iter_custom(|iters| {
                let mut spent = Duration::ZERO;
                for _ in 0..iters {
                    judge_step(&mut store, &mut session);
                    let t = Instant::now();
                    black_box(screen.refresh());
                    spent += t.elapsed();
                }
                spent
            })
        });
        let mut terminal = Terminal::new(TestBackend::new(200, 50)).expect("terminal");
        group.bench_function(BenchmarkId::new("step to frame", label), |b| {
            b.iter_custom(|iters| {
                let mut spent = Duration::ZERO;
                for _ in 0..iters {
                    judge_step(&mut store, &mut session);
                    let t = Instant::now();
                    black_box(table::step(&mut terminal, &mut screen).expect("step"));
                    spent += t.elapsed();
                }
                spent
            })
        });
        // Every step was read as it was appended: the session was never read whole again.
        assert_eq!(screen.reads().whole, 1, "{label}");
    }
    group.finish();
}

/// The page's update of a ruleset's demo session, as the server sends it.
fn update(ruleset: RulesetId, note: usize) -> String {
    let mut session = support::long::long_session(ruleset, 0, 3);
    let line = Command::Note(format!("the torches gutter {note}"));
    let _ = session.execute(line, &mut ScriptedDice::new([]));
    let view = slotmark::session::TableView::of(&session, web::ROLLS);
    serde_json::to_string(&web::page(&view, None)).expect("an update")
}

fn bench_page(c: &mut Criterion) {
    let token = "0123456789abcdef0123456789abcdef";
    // The limits `table --web` serves with: fifty pages must fit within them.
    let limits = Limits::default();
    assert!(limits.streams >= 50 && limits.busy >= 2 * 50, "{limits:?}");
    let server = Server::start(
        DEFAULT_ADDR,
        vec![(Reader::Table, token.into(), update(RulesetId::Slots, 0))],
        limits,
    )
    .expect("the page's server");
    let addr = server.addr();
    let mut group = c.benchmark_group("page");
    group.bench_function(
        "twenty pages opened at once, each to its first update",
        |b| {
            b.iter_custom(|iters| {
                let mut spent = Duration::ZERO;
                for _ in 0..iters {
                    // The last round's streams are closed and their places given back.
                    while server.streams() > 0 {
                        std::thread::yield_now();
                    }
                    let at_once = Arc::new(Barrier::new(21));
                    let pages: Vec<_> = (0..20)
                        .map(|_| {
                            let at_once = Arc::clone(&at_once);
                            std::thread::spawn(move || {
                                at_once.wait();
                                black_box(page::Events::open(addr, token).next());
                            })
                        })
                        .collect();
                    at_once.wait();
                    let t = Instant::now();
                    for p in pages {
                        p.join().expect("a page");
                    }
                    spent += t.elapsed();
                }
                spent
            })
        },
    );
    while server.streams() > 0 {
        std::thread::yield_now();
    }
    // Fifty pages, each read on a thread of its own that says when an update arrived.
    let (arrived, arrivals) = mpsc::channel();
    let readers: Vec<_> = (0..50)
        .map(|_| {
            let mut events = page::Events::open(addr, token);
            events.next();
            let arrived = arrived.clone();
            std::thread::spawn(move || {
                while let Some(u) = events.try_next() {
                    if arrived.send(u.len()).is_err() {
                        break;
                    }
                }
            })
        })
        .collect();
    let updates = [update(RulesetId::Slots, 1), update(RulesetId::Slots, 2)];
    let mut n = 0;
    group.bench_function("a step to fifty open pages", |b| {
        b.iter_custom(|iters| {
            let mut spent = Duration::ZERO;
            for _ in 0..iters {
                n += 1;
                let t = Instant::now();
                server.publish(Reader::Table, &updates[n % 2]);
                for _ in 0..50 {
                    black_box(arrivals.recv().expect("an update"));
                }
                spent += t.elapsed();
            }
            spent
        })
    });
    group.finish();
    assert_eq!(server.streams(), 50, "a page fell behind");
    drop(server);
    drop(arrivals);
    for r in readers {
        let _ = r.join();
    }
}

fn main() {
    let mut c = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .configure_from_args();
    bench_page(&mut c);
    for &ruleset in RulesetId::ALL {
        bench_ruleset(&mut c, ruleset);
    }
    c.final_summary();
}
