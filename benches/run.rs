//! `slotmark run` costs the same per step at any length: for every ruleset, the steps of a long
//! script (the ruleset's demo, then evenings of play built by `tests/support/evening.rs`) are
//! applied as `run` applies them (each line read by the command language, applied, its events
//! written out) once the session holds 1,000 steps and again once it holds 100,000, and the
//! time per step at each length is reported with their ratio (1.0 is flat).
//!
//! Run with `cargo bench --bench run`. `SLOTMARK_BENCH_RULESETS=bdp,ap` chooses the rulesets,
//! `SLOTMARK_BENCH_SIZES=1000,100000` the lengths (the first is the one the others are compared
//! with). Each figure is the median of a few runs of the same [`MEASURED`] steps, each from a copy
//! of the session at that length.

#[path = "../tests/support/mod.rs"]
mod support;

use slotmark::content::{self, Library};
use slotmark::dice::LiveDice;
use slotmark::rules::RulesetId;
use slotmark::script::{self, Line};
use slotmark::session::Session;
use std::io::Write;
use std::time::{Duration, Instant};
use support::evening::{RULESETS, long_script};

const SEED: u64 = 7;
/// Steps timed at each length.
const MEASURED: usize = 2_000;
const SAMPLES: usize = 5;

/// One line of the script as `run` takes it: read in the session's words, applied (or undone,
/// redone), and what it did written out.
fn apply(session: &mut Session, line: &str, dice: &mut LiveDice, library: &Library) {
    let mut out = std::io::sink();
    match script::parse_line_in(line, session.state(), library) {
        Ok(Line::Command(command)) => {
            let entry = session
                .execute(command, dice)
                .unwrap_or_else(|e| panic!("`{line}` is refused: {e}"));
            writeln!(out, "{line}").unwrap();
            for event in entry.events {
                writeln!(out, "    {event}").unwrap();
            }
        }
        Ok(Line::Undo) => {
            session.undo().unwrap();
            for event in session.events(session.cursor()).iter() {
                writeln!(out, "    {event}").unwrap();
            }
        }
        Ok(Line::Redo) => {
            session.redo().unwrap();
            for event in session.events(session.cursor() - 1).iter() {
                writeln!(out, "    {event}").unwrap();
            }
        }
        Ok(Line::Nothing) => {}
        Ok(Line::SaveAs(_)) | Err(_) => panic!("`{line}` does not read"),
    }
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn list<T>(var: &str, default: Vec<T>, read: impl Fn(&str) -> Option<T>) -> Vec<T> {
    match std::env::var(var) {
        Ok(v) => v.split(',').filter_map(|s| read(s.trim())).collect(),
        Err(_) => default,
    }
}

fn main() {
    let sizes = list("SLOTMARK_BENCH_SIZES", vec![1_000, 100_000], |s| {
        s.parse().ok()
    });
    let rulesets = list("SLOTMARK_BENCH_RULESETS", RULESETS.to_vec(), |s| {
        RulesetId::ALL.iter().copied().find(|r| r.key() == s)
    });
    let Some(&longest) = sizes.iter().max() else {
        return;
    };
    let library = content::bundled();
    println!("{}", load());
    for ruleset in rulesets {
        let name = ruleset.key();
        let built = long_script(ruleset, longest + MEASURED, SEED, name);
        let lines: Vec<&str> = built.text.lines().collect();
        // The session as `run` builds it, kept (with its dice) at each length to measure from.
        let mut session = Session::new(built.session.initial().clone());
        let mut dice = LiveDice::seeded(SEED);
        let mut at = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            if sizes.contains(&i) {
                at.push((i, session.clone(), dice.clone()));
            }
            apply(&mut session, line, &mut dice, &library);
        }
        let mut first: Option<f64> = None;
        let mut figures = Vec::new();
        for (i, from, dice) in at {
            let steps = &lines[i..i + MEASURED];
            let mut times = Vec::new();
            for _ in 0..SAMPLES {
                let (mut session, mut dice) = (from.clone(), dice.clone());
                let t = Instant::now();
                for line in steps {
                    apply(&mut session, line, &mut dice, &library);
                }
                times.push(t.elapsed());
                drop(session);
            }
            let per_step = median(times).as_secs_f64() * 1e6 / MEASURED as f64;
            let ratio = per_step / *first.get_or_insert(per_step);
            figures.push(format!(
                "{} steps {per_step:.1} µs/step ({:.0} steps/s, {ratio:.2}×)",
                from.entries().len(),
                1e6 / per_step
            ));
        }
        println!("{name}: {}", figures.join("; "));
    }
    println!("{}", load());
}

/// The machine's load, for the report.
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| format!("load average: {}", l.trim()))
        .unwrap_or_default()
}
