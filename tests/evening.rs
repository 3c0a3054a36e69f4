//! The long sessions the benches build for every ruleset: each script runs through `slotmark
//! run` exactly as it was built, and an evening holds what a real one does (notes, a save or a
//! check, damage, sheet edits, time, a fight, an undo).

mod support;

use slotmark::cli::{RunOptions, run_script};
use slotmark::content;
use slotmark::store;
use support::evening::{RULESETS, long_script};

#[test]
fn every_rulesets_long_script_runs_as_built_and_holds_a_whole_evening() {
    let dir = tempfile::tempdir().unwrap();
    for ruleset in RULESETS {
        let built = long_script(ruleset, 400, 5, "evening");
        let lines: Vec<&str> = built.text.lines().collect();
        assert_eq!(lines.len(), 400, "{ruleset:?}");
        let has = |verbs: &[&str]| {
            lines
                .iter()
                .any(|l| verbs.iter().any(|v| l.split(' ').next() == Some(*v)))
        };
        for (what, verbs) in [
            ("a note", &["note"][..]),
            ("damage", &["damage", "harm", "wound"]),
            ("a fight", &["fight", "scene"]),
            ("a roll", &["check", "save"]),
            ("time", &["travel", "watch", "time", "night", "rest"]),
            ("an undo", &["undo"]),
            ("a sheet edit", &["put", "coins", "remark", "jot", "set"]),
        ] {
            assert!(has(verbs), "{ruleset:?}: the evening holds no {what}");
        }
        let script = dir.path().join(format!("{}.slotmark", ruleset.key()));
        std::fs::write(&script, &built.text).unwrap();
        let out = dir.path().join(format!("{}.ron", ruleset.key()));
        let opts = RunOptions {
            script,
            seed: Some(5),
            out: Some(out.clone()),
            rules: ruleset,
            ..RunOptions::default()
        };
        run_script(&opts, &content::bundled(), &mut Vec::new()).unwrap();
        let ran = store::load(&out).unwrap();
        assert_eq!(ran.entries(), built.session.entries(), "{ruleset:?}");
        assert_eq!(ran.state(), built.session.state(), "{ruleset:?}");
    }
}

/// Writes the long scripts the benchmarks use into `SLOTMARK_EVENING_DIR`, one per ruleset and
/// size (`SLOTMARK_EVENING_SIZES`, 10,000 and 100,000 lines unless told; the ruleset keys in
/// `SLOTMARK_EVENING_RULESETS`, every ruleset unless told), for measuring the
/// release binary by hand or with a profiler: `cargo test --test evening -- --ignored`.
#[test]
#[ignore = "writes long scripts for measuring by hand"]
fn write_long_scripts() {
    let Some(dir) = std::env::var_os("SLOTMARK_EVENING_DIR") else {
        panic!("set SLOTMARK_EVENING_DIR to the folder the scripts go to");
    };
    let sizes: Vec<usize> = std::env::var("SLOTMARK_EVENING_SIZES")
        .map(|s| s.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_else(|_| vec![10_000, 100_000]);
    let dir = std::path::PathBuf::from(dir);
    std::fs::create_dir_all(&dir).unwrap();
    let only = std::env::var("SLOTMARK_EVENING_RULESETS").unwrap_or_default();
    for ruleset in RULESETS {
        if !only.is_empty() && !only.split(',').any(|k| k.trim() == ruleset.key()) {
            continue;
        }
        for &size in &sizes {
            let name = format!("{}-{size}", ruleset.key());
            let built = long_script(ruleset, size, 7, &name);
            std::fs::write(dir.join(format!("{name}.slotmark")), &built.text).unwrap();
            eprintln!("{name}: {} steps", built.session.entries().len());
        }
    }
}
