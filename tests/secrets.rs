//! Secret before the dice, and what the players read of a creature's numbers: the kinds of
//! roll kept secret by default (encounter and reaction dice out of the box, `secret default` to
//! change them), a roll made secret before it is made, and `numbers word|none|exact`. Every
//! check is on the players' [`TableView`].

use slotmark::dice::ScriptedDice;
use slotmark::rules::{RollKind, RulesetId};
use slotmark::script::{self, Line};
use slotmark::session::{CreatureNumbers, Session, SessionState, TableView, replay};

fn session(ruleset: RulesetId) -> Session {
    Session::new(SessionState::new("Below the Hill", ruleset))
}

fn run(s: &mut Session, line: &str, faces: &[u16]) -> Result<(), String> {
    match script::parse_line(line, s.state()).map_err(|e| e.message)? {
        Line::Command(c) => s
            .execute(c, &mut ScriptedDice::new(faces.to_vec()))
            .map(|_| ())
            .map_err(|e| e.to_string()),
        Line::Undo => s.undo().map(|_| ()).map_err(|e| e.to_string()),
        Line::Redo => s.redo().map(|_| ()).map_err(|e| e.to_string()),
        other => panic!("{line}: {other:?}"),
    }
}

fn play(s: &mut Session, line: &str, faces: &[u16]) {
    run(s, line, faces).unwrap_or_else(|e| panic!("{line}: {e}"));
}

/// The public lines that came from step `step` on (a roll that waited reads at the step that
/// settled it).
fn lines_of(s: &Session, step: usize) -> Vec<String> {
    TableView::of(s, 50)
        .rolls
        .into_iter()
        .filter(|l| l.step >= step)
        .map(|l| l.text)
        .collect()
}

/// Settles a roll that waits for the judge, so the table may show it.
fn settle(s: &mut Session) {
    if s.state().game.pending().is_some() {
        play(s, "accept", &[]);
    }
}

fn replays(s: &Session) {
    let again = replay(s.initial(), s.applied()).unwrap();
    assert_eq!(&again, s.state(), "replay differs from play");
}

/// A roll of a kind: made with the session's defaults it is hidden; after `secret default
/// none` the same roll shows; `secret off` on a roll kept by default shows it.
fn kept_by_default(ruleset: RulesetId, setup: &[&str], roll: &str, faces: &[u16], kind: RollKind) {
    let mut s = session(ruleset);
    for line in setup {
        play(&mut s, line, &[]);
    }
    assert!(s.state().veil.secret_kinds.contains(&kind));
    let at = s.cursor();
    play(&mut s, roll, faces);
    let entry = &s.applied()[at];
    assert!(!entry.rolls.is_empty(), "{roll}: drew no dice");
    assert_eq!(slotmark::session::kind_of(&entry.command), Some(kind));
    settle(&mut s);
    assert!(
        lines_of(&s, at).is_empty(),
        "{roll}: {:?}",
        lines_of(&s, at)
    );
    // Shown after all, by the judge's word.
    play(&mut s, "secret off", &[]);
    assert!(
        !lines_of(&s, at).is_empty(),
        "{roll}: not shown after `secret off`"
    );
    // And kept again.
    play(&mut s, "secret", &[]);
    assert!(lines_of(&s, at).is_empty(), "{roll}: shown after `secret`");
    replays(&s);

    // With no kind kept by default, the same roll is at the table once settled.
    let mut s = session(ruleset);
    for line in setup {
        play(&mut s, line, &[]);
    }
    play(&mut s, "secret default none", &[]);
    let at = s.cursor();
    play(&mut s, roll, faces);
    settle(&mut s);
    assert!(!lines_of(&s, at).is_empty(), "{roll}: nothing shown");
    replays(&s);
}

#[test]
fn a_new_session_keeps_encounter_and_reaction_rolls_secret() {
    let s = session(RulesetId::Plain);
    let kinds: Vec<RollKind> = s.state().veil.secret_kinds.iter().copied().collect();
    assert_eq!(kinds, vec![RollKind::Encounter, RollKind::Reaction]);
}

#[test]
fn slots_encounter_dice_are_secret_by_default() {
    kept_by_default(
        RulesetId::Slots,
        &[],
        "task search 1 sound",
        &[1, 1, 1, 1, 1, 1],
        RollKind::Encounter,
    );
}

#[test]
fn phase_reaction_rolls_are_secret_by_default() {
    kept_by_default(
        RulesetId::Phase,
        &["add Bram pc 4 14 9 11", "add Fang wolf"],
        "react Fang",
        &[3, 4, 3, 4],
        RollKind::Reaction,
    );
}

/// K31, K44: a short rest passes a dungeon turn and rolls its event die, so it is an encounter
/// roll like the turn itself; the players' view showed the die a rest rolled while `T` kept
/// the same die secret.
#[test]
fn k31_a_short_rests_event_die_is_secret_by_default() {
    kept_by_default(
        RulesetId::Phase,
        &["add Bram pc 4 14 9 11"],
        "rest short",
        &[3, 3, 3, 3],
        RollKind::Encounter,
    );
}

#[test]
fn bdp_the_die_of_fate_is_secret_once_the_judge_says_so() {
    kept_by_default(
        RulesetId::Bdp,
        &["secret default encounter reaction other"],
        "fate is the bridge guarded",
        &[4],
        RollKind::Other,
    );
}

#[test]
fn actiondie_checks_are_secret_once_the_judge_says_so() {
    kept_by_default(
        RulesetId::ActionDie,
        &["add Ana pc d8 d6 d6 d4 12 ar 1", "secret default check"],
        "check Ana str",
        &[5, 5, 5, 5],
        RollKind::Check,
    );
}

#[test]
fn plain_checks_are_secret_once_the_judge_says_so() {
    kept_by_default(
        RulesetId::Plain,
        &["add Ana 8", "secret default check encounter"],
        "check Ana d20 vs 10",
        &[12, 12],
        RollKind::Check,
    );
}

#[test]
fn ap_reaction_rolls_are_secret_by_default() {
    kept_by_default(RulesetId::Ap, &[], "reaction", &[3, 4], RollKind::Reaction);
}

fn glance_of(s: &Session, name: &str) -> Vec<String> {
    TableView::of(s, 50)
        .creatures
        .into_iter()
        .find(|c| c.name == name)
        .map(|c| c.glance.into_iter().map(|t| t.text).collect())
        .unwrap_or_else(|| panic!("{name} is not at the table"))
}

#[test]
fn a_creature_reads_badly_hurt_at_half_its_health_or_below() {
    let mut s = session(RulesetId::Plain);
    play(&mut s, "add Ana 8", &[]);
    play(&mut s, "add Ogre 12 others", &[]);
    play(&mut s, "reveal Ogre", &[]);
    assert!(
        glance_of(&s, "Ogre").is_empty(),
        "{:?}",
        glance_of(&s, "Ogre")
    );
    play(&mut s, "damage Ogre 5", &[]);
    assert_eq!(glance_of(&s, "Ogre"), vec!["hurt"]);
    play(&mut s, "damage Ogre 1", &[]);
    assert_eq!(glance_of(&s, "Ogre"), vec!["badly hurt"]);
}

#[test]
fn the_judge_chooses_a_word_nothing_or_the_exact_numbers() {
    let mut s = session(RulesetId::Plain);
    play(&mut s, "add Ana 8", &[]);
    play(&mut s, "add Ogre 12 others", &[]);
    play(&mut s, "reveal Ogre", &[]);
    play(&mut s, "damage Ogre 7", &[]);
    assert_eq!(s.state().veil.numbers, CreatureNumbers::Word);
    assert_eq!(glance_of(&s, "Ogre"), vec!["badly hurt"]);
    play(&mut s, "numbers none", &[]);
    assert!(glance_of(&s, "Ogre").is_empty());
    play(&mut s, "numbers exact", &[]);
    assert!(
        glance_of(&s, "Ogre").iter().any(|t| t == "5/12"),
        "{:?}",
        glance_of(&s, "Ogre")
    );
    // Set twice: refused, in words, changing nothing.
    let why = run(&mut s, "numbers exact", &[]).unwrap_err();
    assert!(why.contains("already"), "{why}");
    let why = run(&mut s, "numbers some", &[]).unwrap_err();
    assert!(why.contains("word, none or exact"), "{why}");
    // A logged step: undo takes it back.
    play(&mut s, "undo", &[]);
    assert!(glance_of(&s, "Ogre").is_empty());
    replays(&s);
}

#[test]
fn secret_default_lists_and_changes_the_kinds() {
    let mut s = session(RulesetId::Ap);
    let why = run(&mut s, "secret default", &[]).unwrap_err();
    assert_eq!(why, "secret by default: encounter, reaction");
    play(&mut s, "secret default morale reaction", &[]);
    let kinds: Vec<RollKind> = s.state().veil.secret_kinds.iter().copied().collect();
    assert_eq!(kinds, vec![RollKind::Reaction, RollKind::Morale]);
    let why = run(&mut s, "secret default ambush", &[]).unwrap_err();
    assert!(why.contains("not a kind of roll"), "{why}");
    play(&mut s, "undo", &[]);
    assert_eq!(s.state().veil.secret_kinds.len(), 2);
    assert!(s.state().veil.secret_kinds.contains(&RollKind::Encounter));
}

#[test]
fn an_older_file_keeps_no_kind_secret_by_default_and_reads_numbers_as_words() {
    // A veil as files wrote it before the kinds and the numbers setting.
    let veil: slotmark::session::Veil = ron::from_str("(secret: [3], hidden: [])").unwrap();
    assert!(veil.secret_kinds.is_empty());
    assert!(veil.shown.is_empty());
    assert_eq!(veil.numbers, CreatureNumbers::Word);
    // And a new one round-trips.
    let mut s = session(RulesetId::Plain);
    play(&mut s, "numbers none", &[]);
    play(&mut s, "secret default check", &[]);
    let text = ron::to_string(&s.state().veil).unwrap();
    let back: slotmark::session::Veil = ron::from_str(&text).unwrap();
    assert_eq!(&back, &s.state().veil);
}

/// A roll the judge overrules reads once at the table: as the verdict that stands, at the step
/// that settles it (the ruling itself waits with the roll and adds no line of its own).
#[test]
#[allow(clippy::single_element_loop)] // more rulesets join as their overrules are checked
fn an_overruled_roll_reads_once_at_the_table() {
    let mut s = session(RulesetId::Ap);
    play(&mut s, "add Ana pc party 11 12 8 6", &[]);
    let from = s.applied().len();
    play(&mut s, "save Ana dex dc 15 for the pit", &[3]);
    play(&mut s, "rule pass", &[]);
    play(&mut s, "accept", &[]);
    let lines = lines_of(&s, from);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].ends_with("a success"), "{lines:?}");
}
