//! Engine benchmarks over a realistic command mix (marks, wounds and their care, fatigue, fire,
//! statuses, notes): undo at the end of a 100,000-entry log, replay of 100,000 entries, save and
//! load of a 10,000-entry session, one command applied. Targets: undo ≤ 1 ms, replay ≥ 1,000,000
//! entries/s, save + load ≤ 50 ms. Before the timings it prints the resident memory of a process
//! holding a 100,000-entry session (target ≤ 30 MB).
//!
//! Run with `cargo bench --bench engine`.

#[path = "../tests/support/mod.rs"]
mod support;

use criterion::{BatchSize, Criterion, Throughput};
use slotmark::dice::LiveDice;
use slotmark::session::{self, Command, Session};
use slotmark::store::{self, Store};
use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use support::{Lcg, realistic_command, realistic_session};

/// Counts live heap bytes, so the memory report can tell the session's own size from the
/// allocator's slack.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE.fetch_add(new_size, Ordering::Relaxed);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Resident memory of this process in kB, from /proc (Linux only).
fn rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn memory_report() -> Session {
    let before = rss_kb();
    let heap_before = LIVE.load(Ordering::Relaxed);
    let t = Instant::now();
    let session = realistic_session(100_000, 7);
    let built = t.elapsed();
    let after = rss_kb();
    let heap = LIVE.load(Ordering::Relaxed) - heap_before;
    match (before, after) {
        (Some(b), Some(a)) => println!(
            "memory: resident {:.1} MB holding a 100,000-entry session ({:.1} MB before it; \
             the session's heap is {:.1} MB; built in {built:.2?})",
            a as f64 / 1024.0,
            b as f64 / 1024.0,
            heap as f64 / (1024.0 * 1024.0),
        ),
        _ => println!("memory: /proc/self/status is not available here"),
    }
    let t = Instant::now();
    let heap_before = LIVE.load(Ordering::Relaxed);
    let rebuilt = Session::from_log(
        session.initial().clone(),
        session.entries().to_vec(),
        session.cursor(),
    )
    .expect("the log replays");
    println!(
        "memory: the same session rebuilt from its log (as when opened) takes {:.1} MB of heap ({:.2?})",
        (LIVE.load(Ordering::Relaxed) - heap_before) as f64 / (1024.0 * 1024.0),
        t.elapsed()
    );
    drop(rebuilt);
    let heap_before = LIVE.load(Ordering::Relaxed);
    let copy = session.state().clone();
    println!(
        "memory: one copy of the state (a checkpoint) takes {:.1} kB of heap",
        (LIVE.load(Ordering::Relaxed) - heap_before) as f64 / 1024.0
    );
    drop(copy);
    session
}

/// Commands the session accepts in its current state, to apply one at a time and undo again.
fn accepted_commands(session: &Session, n: usize) -> Vec<Command> {
    let mut rng = Lcg(99);
    let mut out = Vec::new();
    while out.len() < n {
        let command = realistic_command(&mut rng, session.state());
        let mut probe = session.clone();
        if probe
            .execute(command.clone(), &mut LiveDice::seeded(1))
            .is_ok()
        {
            out.push(command);
        }
    }
    out
}

fn benches(c: &mut Criterion, big: &mut Session) {
    c.bench_function("undo at the end of a 100,000-entry log", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let t = Instant::now();
                black_box(big.undo().is_ok());
                total += t.elapsed();
                big.redo().ok();
            }
            total
        })
    });

    let mut group = c.benchmark_group("replay");
    group.throughput(Throughput::Elements(big.entries().len() as u64));
    group.sample_size(20);
    group.bench_function("replay 100,000 entries", |b| {
        b.iter(|| session::replay(big.initial(), big.entries()).map(|s| s.notes.len()))
    });
    group.bench_function(
        "rebuild a 100,000-entry session (replay + checkpoints)",
        |b| {
            b.iter_batched(
                || (big.initial().clone(), big.entries().to_vec()),
                |(initial, entries)| {
                    let len = entries.len();
                    Session::from_log(initial, entries, len).map(|s| s.cursor())
                },
                BatchSize::PerIteration,
            )
        },
    );
    group.finish();

    let dir = tempfile::TempDir::new().expect("a temp dir");
    let path = dir.path().join("bench.ron");
    let ten_k = realistic_session(10_000, 8);
    let mut store = Store::create(&path, &ten_k).expect("create");
    let mut group = c.benchmark_group("store");
    group.sample_size(20);
    group.bench_function("save + load a 10,000-entry session", |b| {
        b.iter(|| {
            store.compact(&ten_k).expect("save");
            store::load(&path).expect("load").cursor()
        })
    });
    group.bench_function("save a 10,000-entry session", |b| {
        b.iter(|| store.compact(&ten_k).expect("save"))
    });
    group.bench_function("load a 10,000-entry session", |b| {
        b.iter(|| store::load(&path).expect("load").cursor())
    });
    group.finish();
    println!(
        "a 10,000-entry session file is {:.1} MB",
        std::fs::metadata(&path).map_or(0, |m| m.len()) as f64 / 1e6
    );

    let commands = accepted_commands(big, 64);
    let mut next = 0;
    let mut dice = LiveDice::seeded(5);
    c.bench_function("one command applied to a 100,000-entry session", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let command = commands[next % commands.len()].clone();
                next += 1;
                let t = Instant::now();
                black_box(big.execute(command, &mut dice).is_ok());
                total += t.elapsed();
                big.undo().ok();
            }
            total
        })
    });
}

/// Env var that makes this binary only open a session file and print its resident memory: the
/// parent spawns itself with it, so the measure is of a fresh process as when the judge opens a
/// long session.
const OPEN_ONLY: &str = "SLOTMARK_BENCH_OPEN_ONLY";

fn open_only(path: &str) {
    let session = store::load(std::path::Path::new(path)).expect("the saved session loads");
    println!(
        "memory: resident {:.1} MB in a fresh process after opening the 100,000-entry session file ({} entries)",
        rss_kb().unwrap_or(0) as f64 / 1024.0,
        session.entries().len()
    );
}

fn memory_of_opening(session: &Session) {
    let dir = tempfile::TempDir::new().expect("a temp dir");
    let path = dir.path().join("big.ron");
    drop(Store::create(&path, session).expect("save"));
    println!(
        "a 100,000-entry session file is {:.1} MB",
        std::fs::metadata(&path).map_or(0, |m| m.len()) as f64 / 1e6
    );
    let t = Instant::now();
    drop(store::load(&path).expect("load"));
    println!("loading it takes {:.2?}", t.elapsed());
    let status = std::env::current_exe().and_then(|exe| {
        std::process::Command::new(exe)
            .env(OPEN_ONLY, &path)
            .status()
    });
    if !status.is_ok_and(|s| s.success()) {
        println!("memory: could not measure a fresh process opening the file");
    }
}

fn main() {
    if let Ok(path) = std::env::var(OPEN_ONLY) {
        open_only(&path);
        return;
    }
    let mut big = memory_report();
    memory_of_opening(&big);
    let mut c = Criterion::default().configure_from_args();
    benches(&mut c, &mut big);
    c.final_summary();
}
