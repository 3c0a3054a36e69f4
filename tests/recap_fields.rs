//! The recap (`export --markdown`) records each state change the screen shows, as `show` prints
//! it: sessions played through `run`.

use slotmark::cli::{self, RunOptions};
use slotmark::rules::RulesetId;
use slotmark::session::Session;
use slotmark::store::Store;

/// Runs `script` through `run` in a new session of `rules` with these faces, and opens what it
/// saved.
fn ran(rules: RulesetId, script: &str, dice: &[u16]) -> Session {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("script.txt");
    std::fs::write(&path, script).unwrap();
    let out = dir.path().join("s.ron");
    let opts = RunOptions {
        script: path,
        session: None,
        dice: Some(dice.to_vec()),
        seed: None,
        out: Some(out.clone()),
        strict: false,
        rules,
    };
    let mut printed = Vec::new();
    cli::run_script(&opts, slotmark::content::active(), &mut printed)
        .unwrap_or_else(|e| panic!("{e}\n{}", String::from_utf8_lossy(&printed)));
    Store::open(&out).unwrap().session
}

/// phase: casting Fly makes its target fly, sure until the end of a turn (K40); the screen and
/// `show` spell the sure turn, and so must the recap, as the spell lands.
#[test]
fn phase_the_recap_keeps_a_flights_sure_turn() {
    let s = ran(
        RulesetId::Phase,
        "add Ana pc 6 12 14 9\nlearn Ana fly scroll level 2\ncast Ana fly on Ana\n",
        &[10; 8],
    );
    let sure = "flying, sure until the end of turn 3 (Fly from Ana)";
    let shown = slotmark::export::show(&s, Some("Ana")).unwrap();
    assert!(shown.contains(sure), "{shown}");
    let recap = slotmark::export::markdown(&s);
    assert!(recap.contains(&format!("- Ana is {sure}")), "{recap}");
}
