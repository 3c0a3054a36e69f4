//! Long sessions cost what short ones do: each case at 1,000, 10,000 and 100,000 steps of a
//! realistic command mix. Loading a file (the log parsed and replayed), a frame with the roll
//! log at the top and scrolled far back, the start screen listing twenty saved sessions (against
//! one), folding the journal into the file, and writing the Markdown recap.
//!
//! Run with `cargo bench --bench long`. Each case takes ten samples: the point is the ratio
//! between sizes, not the last microsecond.

#[path = "../tests/support/mod.rs"]
mod support;

use criterion::{BenchmarkId, Criterion};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use slotmark::session::Session;
use slotmark::store::{self, Store};
use slotmark::tui::app::{App, Dice};
use slotmark::tui::theme::Theme;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;
use support::realistic_session;

const SIZES: [usize; 3] = [1_000, 10_000, 100_000];

fn save(dir: &Path, name: &str, session: &Session) -> PathBuf {
    let path = dir.join(name);
    drop(Store::create(&path, session).unwrap());
    path
}

fn frame(app: &mut App, t: &mut Terminal<TestBackend>) {
    slotmark::tui::draw(t, app).unwrap();
}

fn main() {
    let mut c = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
        .configure_from_args();
    let dir = tempfile::tempdir().unwrap();
    let sessions: Vec<(usize, Session)> = SIZES
        .iter()
        .map(|&n| (n, realistic_session(n, 11)))
        .collect();

    let mut group = c.benchmark_group("load a session file");
    for (n, session) in &sessions {
        let path = save(dir.path(), &format!("load-{n}.ron"), session);
        group.bench_with_input(BenchmarkId::from_parameter(n), &path, |b, path| {
            b.iter(|| black_box(store::load(path).unwrap()))
        });
    }
    group.finish();

    let mut group = c.benchmark_group("roll log frame, 200x50");
    for (n, session) in &sessions {
        let mut app =
            App::with_session(session.clone(), None, Dice::scripted([])).with_theme(Theme::plain());
        let mut t = Terminal::new(TestBackend::new(200, 50)).unwrap();
        for (label, scroll) in [("top", 0), ("far back", n * 3 / 4)] {
            group.bench_function(BenchmarkId::new(label, n), |b| {
                b.iter(|| {
                    if let Some(m) = app.main_mut() {
                        m.view.log_scroll = scroll;
                    }
                    frame(&mut app, &mut t)
                })
            });
        }
    }
    group.finish();

    let mut group = c.benchmark_group("start screen listing");
    for (n, session) in &sessions {
        for count in [1usize, 20] {
            let saves = dir.path().join(format!("saves-{n}-{count}"));
            std::fs::create_dir(&saves).unwrap();
            let first = save(&saves, "s0.ron", session);
            for i in 1..count {
                std::fs::copy(&first, saves.join(format!("s{i}.ron"))).unwrap();
            }
            group.bench_function(BenchmarkId::new(format!("{count} sessions"), n), |b| {
                b.iter(|| black_box(store::list_sessions(&saves)))
            });
        }
    }
    group.finish();

    let mut group = c.benchmark_group("fold the journal into the file");
    for (n, session) in &sessions {
        let path = dir.path().join(format!("fold-{n}.ron"));
        let mut store = Store::create(&path, session).unwrap();
        group.bench_function(BenchmarkId::from_parameter(n), |b| {
            b.iter(|| store.compact(session).unwrap())
        });
    }
    group.finish();

    let mut group = c.benchmark_group("markdown recap");
    for (n, session) in &sessions {
        group.bench_function(BenchmarkId::from_parameter(n), |b| {
            b.iter(|| slotmark::export::write_markdown(session, &mut std::io::sink()).unwrap())
        });
    }
    group.finish();
    c.final_summary();
}
