//! Characters rolled by the book (`roll NAME pc`) in every ruleset with abilities: each number
//! from scripted dice in the order the ruleset's page gives, every die recorded so undo, redo
//! and a replay of the log give the same sheet, and a taken name refused before any die.

use slotmark::dice::ScriptedDice;
use slotmark::rules::{GameState, RulesetId};
use slotmark::script::{Line, parse_line};
use slotmark::session::{Session, SessionState, replay};

/// Runs `line` with exactly `faces`; checks undo, redo and a replay of the whole log; returns
/// the session's log lines of that step.
fn roll(s: &mut Session, line: &str, faces: &[u16]) -> String {
    let c = match parse_line(line, s.state()) {
        Ok(Line::Command(c)) => c,
        other => panic!("{line} did not parse: {other:?}"),
    };
    let before = s.state().clone();
    let mut dice = ScriptedDice::new(faces.iter().copied());
    let entry = match s.execute(c, &mut dice) {
        Ok(e) => e.to_logged(),
        Err(e) => panic!("{line} was refused: {e}"),
    };
    assert_eq!(dice.remaining(), 0, "{line} left dice unrolled");
    assert_eq!(entry.rolls.len(), faces.len(), "every die is recorded");
    let after = s.state().clone();
    s.undo().unwrap();
    assert_eq!(s.state(), &before, "undo takes the step back");
    s.redo().unwrap();
    assert_eq!(s.state(), &after, "redo rolls nothing new");
    assert_eq!(
        &replay(s.initial(), s.entries()).unwrap(),
        &after,
        "the log replays to the same sheet"
    );
    entry
        .events
        .iter()
        .map(|e| format!("{e}"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn refuse(s: &mut Session, line: &str) -> String {
    let before = s.state().clone();
    let c = match parse_line(line, s.state()) {
        Ok(Line::Command(c)) => c,
        other => panic!("{line} did not parse: {other:?}"),
    };
    let err = s
        .execute(c, &mut ScriptedDice::new(std::iter::empty()))
        .expect_err("refused")
        .to_string();
    assert_eq!(s.state(), &before, "a refusal changes nothing");
    err
}

#[test]
fn b1_bdp_rolls_str_dex_wil_3d6_in_order_then_d6_hp() {
    let mut s = Session::new(SessionState::new("t", RulesetId::Bdp));
    let log = roll(&mut s, "roll Ana pc", &[4, 5, 6, 1, 2, 3, 6, 6, 6, 5]);
    let GameState::Bdp(st) = &s.state().game else {
        panic!("bdp")
    };
    let a = &st.characters[0];
    assert_eq!(a.name, "Ana");
    assert_eq!(a.kind, slotmark::rules::bdp::Kind::Pc);
    assert_eq!(
        (a.abilities.map(|x| x.max), a.hp.max, a.slots.len()),
        ([15, 6, 18], 5, 10)
    );
    assert!(
        log.contains("Ana rolls 3d6 for STR: [4, 5, 6] = 15"),
        "{log}"
    );
    assert!(log.contains("Ana rolls d6 for HP: 5"), "{log}");
    let why = refuse(&mut s, "roll ana pc");
    assert!(why.contains("already"), "{why}");
}

#[test]
fn a1_ap_rolls_by_003s_hireling_procedure_for_a_pc_and_a_hireling() {
    let mut s = Session::new(SessionState::new("t", RulesetId::Ap));
    roll(&mut s, "roll Ana pc", &[1, 1, 1, 2, 2, 2, 3, 3, 3, 4]);
    roll(
        &mut s,
        "roll Pip hireling porters",
        &[6, 6, 6, 5, 5, 5, 4, 4, 4, 1],
    );
    let GameState::Ap(st) = &s.state().game else {
        panic!("ap")
    };
    let (a, p) = (&st.characters[0], &st.characters[1]);
    assert_eq!(
        (a.kind, a.group.as_str(), a.attrs.map(|x| x.max), a.hp.max),
        (slotmark::rules::ap::Kind::Pc, "party", [3, 6, 9], 4)
    );
    assert_eq!(
        (p.kind, p.group.as_str(), p.attrs.map(|x| x.max), p.hp.max),
        (slotmark::rules::ap::Kind::Npc, "porters", [18, 15, 12], 1)
    );
    let why = refuse(&mut s, "roll Pip pc");
    assert!(why.contains("already"), "{why}");
}

#[test]
fn d1_actiondie_rolls_each_abilitys_die_then_2d6_plus_str_for_hp() {
    let mut s = Session::new(SessionState::new("t", RulesetId::ActionDie));
    // STR 6 -> d10, DEX 1 -> d4, AWR 3 -> d6, WIL 5 -> d8; HP 2d6 (4 3) + the d10's value 5.
    let log = roll(&mut s, "roll Ana pc", &[6, 1, 3, 5, 4, 3]);
    let GameState::ActionDie(st) = &s.state().game else {
        panic!("actiondie")
    };
    let a = &st.characters[0];
    assert_eq!(a.base, [4, 1, 2, 3]);
    assert_eq!((a.hp, a.hp_max), (12, 12));
    assert_eq!(a.side, slotmark::rules::actiondie::Side::Pc);
    assert!(
        log.contains("Ana joins: STR d10 DEX d4 AWR d6 WIL d8, HP 12"),
        "{log}"
    );
}

#[test]
fn k1_phase_roll_keeps_its_shape_and_dice_still_roll_freely() {
    let mut s = Session::new(SessionState::new("t", RulesetId::Phase));
    roll(
        &mut s,
        "roll Ana pc",
        &[4, 3, 4, 5, 2, 3, 4, 1, 2, 3, 6, 5, 4],
    );
    for r in [
        RulesetId::Phase,
        RulesetId::Bdp,
        RulesetId::Ap,
        RulesetId::ActionDie,
    ] {
        let mut s = Session::new(SessionState::new("t", r));
        let log = roll(&mut s, "roll 2d6 for reaction", &[3, 4]);
        assert!(log.contains('7'), "{r:?}: {log}");
    }
}
