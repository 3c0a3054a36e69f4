//! The release binary as a judge starts it, measured from outside, in a pseudo-terminal:
//!
//! - start-up to the first full frame: from spawning `slotmark open FILE` to the frame's last
//!   line (the key hints) on the screen, for the demo and for a 100,000-entry session (target
//!   ≤ 50 ms for the demo);
//! - resident memory (VmRSS from /proc/PID/status) with the 100,000-entry session open on the
//!   screen (target ≤ 30 MB), first for a 100,000-step session of every ruleset and for 100,000
//!   lines of the evenings `benches/verify.rs` runs in each ruleset with a demo, open and after
//!   200 keys typed (set `STARTUP_MEMORY_ONLY` to stop after that table; set `STARTUP_BIN` to
//!   the path of another slotmark binary to measure it on the same files, as a before/after);
//! - idle CPU: utime + stime from /proc/PID/stat over five seconds of the screen waiting for a
//!   key (target < 1% of a core).
//!
//! Run with `cargo bench --bench startup` (Linux: it reads /proc).

#[path = "../tests/pty/mod.rs"]
mod pty;
#[path = "../tests/support/mod.rs"]
mod support;

use criterion::Criterion;
use pty::Term;
use slotmark::store::Store;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const ROWS: u16 = 50;
const COLS: u16 = 200;

/// Is the whole first frame on the screen? The key hints are its last line.
fn full_frame(term: &Term) -> bool {
    let text = term.text();
    text.contains("Roll log") && text.contains("? help")
}

fn open(file: &Path, home: &Path) -> Term {
    let program = std::env::var("STARTUP_BIN");
    Term::spawn_program(
        program.as_deref().unwrap_or(env!("CARGO_BIN_EXE_slotmark")),
        &[
            "open",
            file.to_str().expect("a UTF-8 temp path"),
            "--saves",
            home.join("saves").to_str().expect("a UTF-8 temp path"),
        ],
        home,
        &[],
        ROWS,
        COLS,
    )
}

/// Is the whole session open behind the frame (its log read, its journal recovered)?
fn session_ready(term: &Term) -> bool {
    let text = term.text();
    text.contains("autosaved") && !text.contains("loading")
}

/// Spawns the binary on `file` and returns the time to its first full frame, and the screen.
fn first_frame(file: &Path, home: &Path) -> (Duration, Term) {
    let t = Instant::now();
    let mut term = open(file, home);
    term.wait_for("the first frame", full_frame);
    (t.elapsed(), term)
}

fn proc_field(pid: i32, file: &str, key: &str) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/{file}")).ok()?;
    let line = text.lines().find(|l| l.starts_with(key))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// utime + stime of a process in clock ticks.
fn cpu_ticks(pid: i32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name is in parentheses and may hold spaces: count fields after it.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some(utime + stime)
}

fn ticks_per_second() -> u64 {
    // SAFETY: sysconf only reads a system constant.
    let t = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    if t > 0 { t as u64 } else { 100 }
}

fn save(dir: &Path, name: &str, session: &slotmark::session::Session) -> PathBuf {
    let path = dir.join("saves").join(name);
    std::fs::create_dir_all(path.parent().expect("a folder")).expect("the saves folder");
    drop(Store::create(&path, session).expect("the session saves"));
    path
}

/// A fresh copy of `file` for each run, so no run opens what the last one folded or left, with
/// its clean journal and lock file, as a session played before is left.
fn copy(file: &Path, dir: &Path) -> PathBuf {
    let target = dir.join("saves").join("run.ron");
    std::fs::copy(file, &target).expect("copy the session");
    std::fs::copy(
        slotmark::store::journal_path(file),
        slotmark::store::journal_path(&target),
    )
    .expect("copy the journal");
    std::fs::File::create(slotmark::store::lock_path(&target)).expect("a lock file");
    target
}

/// Resident memory with `file` open on the screen, then after 200 keys typed (twenty palette
/// notes), each read once what was typed is on the screen.
fn memory(label: &str, file: &Path, home: &Path) {
    let (_, mut term) = first_frame(&copy(file, home), home);
    term.wait_for("the whole session", session_ready);
    let pid = term.pid();
    let mb = |key: &str| proc_field(pid, "status", key).unwrap_or(0) as f64 / 1024.0;
    let (open_rss, open_hwm) = (mb("VmRSS:"), mb("VmHWM:"));
    for i in 0..20 {
        // `:note `, three letters and Enter: ten keys.
        let text = format!("k{i:02}");
        term.press(&format!(":note {text}"));
        term.wait_text(&format!("note {text}"));
        term.press("\r");
        let shown = format!("Note: {text}");
        term.wait_for("the note on screen", move |t| t.text().contains(&shown));
    }
    println!(
        "memory, {label}: resident {open_rss:.1} MB (peak {open_hwm:.1} MB) open; {:.1} MB \
             (peak {:.1} MB) after 200 keys",
        mb("VmRSS:"),
        mb("VmHWM:"),
    );
    term.kill_hard();
}

fn main() {
    let home = tempfile::tempdir().expect("a temp dir");
    let demo = save(home.path(), "demo.ron", &slotmark::script::demo());
    let big_session = support::realistic_session(100_000, 7);
    let big = save(home.path(), "big.ron", &big_session);
    drop(big_session);
    println!(
        "the 100,000-entry session file is {:.1} MB",
        std::fs::metadata(&big).map_or(0, |m| m.len()) as f64 / 1e6
    );

    // Memory per ruleset: a 100,000-step session of each open on the screen, then after 200
    // keys typed (twenty palette notes), each read once what was typed is on the screen.
    // `STARTUP_MEMORY_ONLY` stops the bench after this table.
    for &ruleset in slotmark::rules::RulesetId::ALL {
        let session = support::long::long_session(ruleset, 100_000, 7);
        let file = save(home.path(), &format!("{}.ron", ruleset.key()), &session);
        drop(session);
        memory(
            &format!("{} at 100,000 steps", ruleset.key()),
            &file,
            home.path(),
        );
    }
    // The same for the evenings `benches/verify.rs` runs (the demo, then notes, checks, harm,
    // sheet edits, time and short fights): another mix of 100,000 steps, heavier in rolls.
    for &ruleset in &support::evening::RULESETS {
        let title = format!("{}-evenings", ruleset.key());
        let session = support::evening::long_script(ruleset, 100_000, 7, &title).session;
        let file = save(home.path(), &format!("{title}.ron"), &session);
        drop(session);
        memory(
            &format!("{} evenings, 100,000 lines", ruleset.key()),
            &file,
            home.path(),
        );
    }
    if std::env::var_os("STARTUP_MEMORY_ONLY").is_some() {
        return;
    }

    // Memory and idle CPU, each in one fresh process.
    let t = Instant::now();
    let (took, mut term) = first_frame(&copy(&big, home.path()), home.path());
    term.wait_for("the whole session", session_ready);
    let ready = t.elapsed();
    let pid = term.pid();
    let rss = proc_field(pid, "status", "VmRSS:");
    let hwm = proc_field(pid, "status", "VmHWM:");
    println!(
        "memory: resident {:.1} MB with the 100,000-entry session on the screen \
         (peak {:.1} MB; first frame after {took:.0?}, whole session after {ready:.0?})",
        rss.unwrap_or(0) as f64 / 1024.0,
        hwm.unwrap_or(0) as f64 / 1024.0,
    );
    term.kill_hard();

    let (_, mut term) = first_frame(&copy(&demo, home.path()), home.path());
    let pid = term.pid();
    let before = cpu_ticks(pid);
    let idle = Duration::from_secs(5);
    let t = Instant::now();
    // An idle screen: nothing is pressed, so nothing should run.
    std::thread::sleep(idle);
    let after = cpu_ticks(pid);
    let elapsed = t.elapsed();
    if let (Some(b), Some(a)) = (before, after) {
        let cpu = (a - b) as f64 / ticks_per_second() as f64;
        println!(
            "idle CPU: {:.3}% of a core ({} tick(s) of {} per second over {elapsed:.1?})",
            100.0 * cpu / elapsed.as_secs_f64(),
            a - b,
            ticks_per_second()
        );
    } else {
        println!("idle CPU: /proc/PID/stat is not readable here");
    }
    term.drain();
    assert!(full_frame(&term), "the screen is still there");
    term.kill_hard();

    // The start screen over a saves folder with one short session, and with twenty copies of the
    // 100,000-step one: from start to the frame that lists them, median of ten each.
    let start_screen = |saves: &Path, rows: usize| {
        let mut times = Vec::new();
        for _ in 0..10 {
            let t = Instant::now();
            let mut term = Term::spawn(
                &["--saves", saves.to_str().expect("a UTF-8 temp path")],
                home.path(),
                &[],
                ROWS,
                COLS,
            );
            term.wait_for("the start screen's list", |t| {
                t.text()
                    .lines()
                    .filter(|l| l.contains("d12 slot system"))
                    .count()
                    >= rows
            });
            times.push(t.elapsed());
            term.kill_hard();
        }
        times.sort();
        times[times.len() / 2]
    };
    let one = home.path().join("saves-one");
    std::fs::create_dir_all(&one).expect("a saves folder");
    std::fs::copy(&demo, one.join("demo.ron")).expect("a copy");
    let twenty = home.path().join("saves-twenty");
    std::fs::create_dir_all(&twenty).expect("a saves folder");
    for i in 0..20 {
        std::fs::copy(&big, twenty.join(format!("long-{i}.ron"))).expect("a copy");
    }
    println!(
        "start screen drawn: {:.1?} with one short session, {:.1?} with twenty 100,000-step ones",
        start_screen(&one, 1),
        start_screen(&twenty, 15)
    );

    // Palette commands at 100,000 steps: from Enter to the frame that shows the result, 300 in a
    // row, each sent as soon as the one before is on screen.
    let (_, mut term) = first_frame(&copy(&big, home.path()), home.path());
    term.wait_for("the whole session", session_ready);
    let mut times = Vec::with_capacity(300);
    for i in 0..300 {
        let text = format!("timing{i}x");
        term.press(&format!(":note {text}"));
        term.wait_text(&format!("note {text}"));
        let t = Instant::now();
        term.press("\r");
        let shown = format!("Note: {text}");
        term.wait_for("the note on screen", move |t| t.text().contains(&shown));
        times.push(t.elapsed());
    }
    times.sort();
    println!(
        "palette command at 100,000 steps, Enter to frame: median {:.1?}, worst {:.1?} of 300",
        times[times.len() / 2],
        times[times.len() - 1]
    );
    term.kill_hard();

    let mut c = Criterion::default().configure_from_args();
    let mut group = c.benchmark_group("start-up to the first full frame");
    group.sample_size(20);
    group.bench_function("slotmark open (the demo)", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let file = copy(&demo, home.path());
                let (took, mut term) = first_frame(&file, home.path());
                total += took;
                term.kill_hard();
            }
            total
        })
    });
    group.sample_size(10);
    group.bench_function("slotmark open (100,000 entries)", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let file = copy(&big, home.path());
                let (took, mut term) = first_frame(&file, home.path());
                total += took;
                term.kill_hard();
            }
            total
        })
    });
    group.bench_function(
        "slotmark open (100,000 entries), until the whole log is read",
        |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    let file = copy(&big, home.path());
                    let t = Instant::now();
                    let mut term = open(&file, home.path());
                    term.wait_for("the whole session", session_ready);
                    total += t.elapsed();
                    term.kill_hard();
                }
                total
            })
        },
    );
    group.finish();
    c.final_summary();
}
