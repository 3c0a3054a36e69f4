//! Questions are visible outside the screen: `run` prints a waiting question with its numbered
//! answers (the numbers `choose N` takes), the proposal and why it is asked; `show` prints what
//! waits the same way; a refused answer lists the answers; the recap records the question and
//! the answer chosen. One question per ruleset that asks them.

use slotmark::cli::{self, CliError, RunOptions};
use slotmark::rules::RulesetId;
use slotmark::store::Store;
use std::path::Path;

/// Runs `script` in a new session of `rules` with these faces, saving it to `out` when given.
fn run(
    dir: &Path,
    rules: RulesetId,
    script: &str,
    dice: &[u16],
    out: Option<&str>,
) -> Result<String, CliError> {
    let path = dir.join(format!("{}.txt", rules.key()));
    std::fs::write(&path, script).unwrap();
    let opts = RunOptions {
        script: path,
        session: None,
        dice: Some(dice.to_vec()),
        seed: None,
        out: out.map(|o| dir.join(o)),
        strict: false,
        rules,
    };
    let mut printed = Vec::new();
    cli::run_script(&opts, slotmark::content::active(), &mut printed)?;
    Ok(String::from_utf8(printed).unwrap())
}

/// What `run` printed from the step that asked onwards (the events before it belong to the
/// rules' own tests).
fn from_the_question(printed: &str) -> String {
    let at = printed
        .find("    Waiting for the judge:")
        .unwrap_or_else(|| panic!("no question was printed:\n{printed}"));
    printed[at..].to_string()
}

fn asked(rules: RulesetId, script: &str, dice: &[u16]) -> String {
    let dir = tempfile::tempdir().unwrap();
    from_the_question(&run(dir.path(), rules, script, dice, None).unwrap())
}

#[test]
fn run_prints_a_slot_systems_question_numbered_by_slot() {
    insta::assert_snapshot!(asked(
        RulesetId::Slots,
        "add Aria kit fighter\ncold Aria\n",
        &[]
    ));
}

#[test]
fn run_prints_a_phase_question_with_its_proposal() {
    let script = "add Ana pc 6 10 10 10\ntake Ana supply rope\ntake Ana supply pick\n\
                  take Ana supply idol\ntake Ana supply crown\ntake Ana supply lamp\n";
    insta::assert_snapshot!(asked(RulesetId::Phase, script, &[]));
}

#[test]
fn run_prints_a_bdp_question_and_why_the_player_chooses() {
    let script = "add Maud pc 9 11 16 4\nwound Maud frostbite light\ntreat Maud 1 herb\n\
                  wound Maud frostbite severe\n";
    insta::assert_snapshot!(asked(RulesetId::Bdp, script, &[]));
}

#[test]
fn run_prints_an_ap_question() {
    let script = "add Ana pc party 11 12 8 6\ndamage Ana 6\n";
    insta::assert_snapshot!(asked(RulesetId::Ap, script, &[]));
}

const TIE: &str = "add Ana pc d6 d6 d6 d6 10\nadd Bo creature d6 d6 d6 d6 10\nscene Ana Bo\n\
                   act Ana other\nact Bo other\ninitiative\n";

#[test]
fn run_prints_an_actiondie_question() {
    insta::assert_snapshot!(asked(RulesetId::ActionDie, TIE, &[3, 3]));
}

#[test]
fn a_refused_answer_lists_the_answers_it_could_have_been() {
    let dir = tempfile::tempdir().unwrap();
    let script = format!("{TIE}choose 9\n");
    let e = run(dir.path(), RulesetId::ActionDie, &script, &[3, 3], None).unwrap_err();
    let said = e.to_string();
    assert!(said.contains("line 7: refused"), "{said}");
    assert!(
        said.contains("Who acts first of these?: 1. Ana (proposed); 2. Bo"),
        "{said}"
    );
}

#[test]
fn show_prints_what_waits_as_run_does_and_the_recap_records_the_answer() {
    let dir = tempfile::tempdir().unwrap();
    let printed = run(
        dir.path(),
        RulesetId::ActionDie,
        TIE,
        &[3, 3],
        Some("tie.ron"),
    )
    .unwrap();
    let session = Store::open(&dir.path().join("tie.ron")).unwrap().session;
    let shown = slotmark::export::show(&session, None).unwrap();
    let block = "Waiting for the judge: Who acts first of these?\n  why: they tie on count, DEX \
                 and die; the order they joined in is proposed\n  1. Ana (proposed)\n  2. Bo\n";
    assert!(shown.contains(block), "{shown}");
    assert!(
        printed.contains(&block.replace("Waiting", "Still waiting")),
        "{printed}"
    );

    let recap = slotmark::export::markdown(&session);
    assert!(
        recap.contains("- Step 6: **Who acts first of these?**\n"),
        "{recap}"
    );
    assert!(recap.contains("  - 2. Bo\n  - still waiting\n"), "{recap}");

    // Answered against the proposal: the recap says which answer, and when.
    std::fs::write(dir.path().join("answer.txt"), "choose 2\n").unwrap();
    let opts = RunOptions {
        script: dir.path().join("answer.txt"),
        session: Some(dir.path().join("tie.ron")),
        dice: None,
        seed: Some(1),
        out: None,
        strict: false,
        rules: RulesetId::ActionDie,
    };
    cli::run_script(&opts, slotmark::content::active(), &mut Vec::new()).unwrap();
    let session = Store::open(&dir.path().join("tie.ron")).unwrap().session;
    let recap = slotmark::export::markdown(&session);
    assert!(recap.contains("  - answered at step 7: 2. Bo\n"), "{recap}");
    let shown = slotmark::export::show(&session, None).unwrap();
    assert!(!shown.contains("Waiting for the judge"), "{shown}");
}
