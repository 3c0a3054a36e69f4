//! `slotmark run` and `slotmark replay --verify` as a judge runs them, whole process, on long
//! sessions of every ruleset: the release binary runs a script of 10,000 and 100,000 lines (the
//! ruleset's demo, then evenings of notes, saves, damage, sheet edits, time and short fights,
//! built by `tests/support/evening.rs`) into a new file, then verifies that file. Beside each
//! whole-process figure, the same work in this process split into its phases, so the time can be
//! placed: for `run`, reading the script and applying its lines (and the text it prints) apart
//! from saving; for `replay --verify`, reading, parsing, checksums, replay.
//!
//! Run with `cargo bench --bench verify`. `SLOTMARK_BENCH_SIZES=1000,10000` and
//! `SLOTMARK_BENCH_RULESETS=bdp,ap` choose what to measure (`SLOTMARK_BENCH_DIR` keeps the
//! scripts and files in that folder; with `SLOTMARK_BENCH_REUSE=1` too, a file an earlier run
//! left there is only verified again); each figure is the median of a few
//! runs (the point is the steps per second and the ratio between sizes, not the last
//! microsecond).

#[path = "../tests/support/mod.rs"]
mod support;

use slotmark::cli::{RunOptions, run_script};
use slotmark::content;
use slotmark::rules::RulesetId;
use slotmark::store;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use support::evening::{RULESETS, long_script};

const SEED: u64 = 7;

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn samples(n: usize, size: usize) -> usize {
    if size >= 100_000 { n } else { n + 2 }
}

/// The release binary, run with a home of its own so no judge's library or settings count.
fn slotmark(home: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_slotmark"));
    c.env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .stdout(Stdio::null())
        .stderr(Stdio::inherit());
    c
}

fn timed(mut command: Command) -> Duration {
    let t = Instant::now();
    let status = command.status().expect("the release binary runs");
    let took = t.elapsed();
    assert!(status.success(), "{command:?} failed");
    took
}

fn per_second(count: usize, took: Duration) -> String {
    let rate = count as f64 / took.as_secs_f64();
    if rate >= 1e6 {
        format!("{:.2} M/s", rate / 1e6)
    } else {
        format!("{:.0}/s", rate)
    }
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1e3)
}

fn list<T>(var: &str, default: Vec<T>, read: impl Fn(&str) -> Option<T>) -> Vec<T> {
    match std::env::var(var) {
        Ok(v) => v.split(',').filter_map(|s| read(s.trim())).collect(),
        Err(_) => default,
    }
}

fn main() {
    // `cargo bench` passes `--bench`; nothing here takes criterion's options.
    let sizes = list("SLOTMARK_BENCH_SIZES", vec![10_000, 100_000], |s| {
        s.parse().ok()
    });
    let rulesets = list("SLOTMARK_BENCH_RULESETS", RULESETS.to_vec(), |s| {
        RulesetId::ALL.iter().copied().find(|r| r.key() == s)
    });
    // `SLOTMARK_BENCH_DIR` keeps the scripts and files there (for a profiler) instead of in a
    // folder removed at the end.
    let temp = tempfile::tempdir().unwrap();
    let dir = match std::env::var_os("SLOTMARK_BENCH_DIR") {
        Some(d) => std::path::PathBuf::from(d),
        None => temp.path().to_path_buf(),
    };
    std::fs::create_dir_all(&dir).unwrap();
    let library = content::bundled();
    let reuse = std::env::var_os("SLOTMARK_BENCH_REUSE").is_some();
    println!("{}", load());
    for ruleset in rulesets {
        for &size in &sizes {
            let name = format!("{}-{size}", ruleset.key());
            let out = dir.as_path().join(format!("{name}.ron"));
            // `SLOTMARK_BENCH_REUSE=1` measures only `replay --verify`, on files an earlier run
            // left in `SLOTMARK_BENCH_DIR` (building and running a long script takes minutes).
            if reuse && out.exists() {
                let (verify, in_process, phases) = verify_figures(dir.as_path(), &out, size);
                let steps = store::verify(&out).map_or(0, |r| r.entries);
                println!("{name}: {steps} steps (the file an earlier run saved)");
                print_verify(steps, verify, in_process, &phases);
                continue;
            }
            let built = long_script(ruleset, size, SEED, &name);
            let steps = built.session.entries().len();
            let script = dir.as_path().join(format!("{name}.slotmark"));
            std::fs::write(&script, &built.text).unwrap();

            // `run`, whole process: the script into a new file.
            let mut runs = Vec::new();
            for _ in 0..samples(3, size) {
                let _ = std::fs::remove_file(&out);
                let mut c = slotmark(dir.as_path());
                c.args(["run", "--rules", ruleset.key(), "--seed", &SEED.to_string()])
                    .arg("--out")
                    .arg(&out)
                    .arg(&script);
                runs.push(timed(c));
            }
            let run = median(runs);

            // The same in this process, the printed text thrown away, without and with the save.
            let opts = |out: Option<&Path>| RunOptions {
                script: script.clone(),
                seed: Some(SEED),
                out: out.map(Path::to_path_buf),
                rules: ruleset,
                ..RunOptions::default()
            };
            let mut applied = Vec::new();
            let mut saved = Vec::new();
            for i in 0..samples(3, size) {
                let t = Instant::now();
                run_script(&opts(None), &library, &mut std::io::sink()).unwrap();
                applied.push(t.elapsed());
                let copy = dir.as_path().join(format!("{name}-{i}.ron"));
                let t = Instant::now();
                run_script(&opts(Some(&copy)), &library, &mut std::io::sink()).unwrap();
                saved.push(t.elapsed());
                let _ = std::fs::remove_file(copy);
            }
            let (applied, saved) = (median(applied), median(saved));

            let (verify, in_process, phases) = verify_figures(dir.as_path(), &out, size);

            let bytes = std::fs::metadata(&out).map_or(0, |m| m.len());
            println!(
                "{name}: {steps} steps, {:.1} MB file, {} candidate lines refused while building",
                bytes as f64 / 1e6,
                built.refused
            );
            println!(
                "  run, whole process: {} ({} lines); in process: {} without the save ({}), \
                 {} with it",
                ms(run),
                per_second(size, run),
                ms(applied),
                per_second(size, applied),
                ms(saved),
            );
            print_verify(steps, verify, in_process, &phases);
        }
    }
    println!("{}", load());
}

/// `replay --verify` on `out`, whole process, and in this process split into its phases: the
/// medians of the whole-process time, the in-process time and each phase's time.
fn verify_figures(dir: &Path, out: &Path, size: usize) -> (Duration, Duration, Vec<String>) {
    // `replay --verify`, whole process, and its phases in this process.
    let mut verifies = Vec::new();
    for _ in 0..samples(5, size) {
        let mut c = slotmark(dir);
        c.args(["replay", "--verify"]).arg(out);
        verifies.push(timed(c));
    }
    let verify = median(verifies);
    let mut phase_runs: Vec<store::Phases> = Vec::new();
    let mut totals = Vec::new();
    for _ in 0..samples(5, size) {
        let t = Instant::now();
        let (report, phases) = store::verify_in_phases(out).unwrap();
        totals.push(t.elapsed());
        assert!(report.matches(), "{report}");
        phase_runs.push(phases);
    }
    // The first run in this process touches its memory for the first time, as the whole
    // process does; the later ones reuse what the allocator already holds.
    let first = totals[0];
    let in_process = median(totals);
    let mut phases: Vec<String> = phase_runs[0]
        .0
        .iter()
        .enumerate()
        .map(|(i, (phase, _))| {
            let each = phase_runs.iter().map(|p| p.0[i].1).collect();
            format!("{phase} {}", ms(median(each)))
        })
        .collect();
    phases.push(format!("the first run in this process {}", ms(first)));
    (verify, in_process, phases)
}

fn print_verify(steps: usize, verify: Duration, in_process: Duration, phases: &[String]) {
    println!(
        "  replay --verify, whole process: {} ({}); in process: {} ({}): {}",
        ms(verify),
        per_second(steps, verify),
        ms(in_process),
        per_second(steps, in_process),
        phases.join(", ")
    );
}

/// The machine's load, for the report.
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| format!("load average: {}", l.trim()))
        .unwrap_or_default()
}
