//! The fight summary (issue 24): when a step ends a fight, the roll log and the recap sum it up
//! from the rulesets' tallies, the initiative before and after each step, and each step's
//! wall-clock stamp. Played through the command language with scripted dice; every step is
//! stamped at a fixed time, as the frame would stamp it.

use slotmark::dice::ScriptedDice;
use slotmark::export::{self, summary};
use slotmark::rules::RulesetId;
use slotmark::script::{self, Line};
use slotmark::session::{Session, SessionState, Stamp};

/// Plays each line with its faces; step n is stamped at 1000 + the seconds given.
fn play(rules: RulesetId, lines: &[(&str, &[u16], u64)]) -> Session {
    let mut s = Session::new(SessionState::new("Ford", rules));
    for (line, faces, at) in lines {
        match script::parse_line(line, s.state()).unwrap_or_else(|e| panic!("{line}: {e:?}")) {
            Line::Command(c) => {
                s.execute(c, &mut ScriptedDice::new(faces.to_vec()))
                    .unwrap_or_else(|e| panic!("{line}: {e}"));
                s.stamp_last(Some(Stamp::new(1000 + at)));
            }
            other => panic!("{line}: {other:?}"),
        }
    }
    s
}

/// The summary of the fight the last step ended.
fn last_summary(s: &Session) -> summary::FightSummary {
    summary::ending_at(s, s.cursor() - 1).expect("the last step ends a fight")
}

fn fighter<'a>(sum: &'a summary::FightSummary, name: &str) -> &'a summary::Fighter {
    sum.fighters
        .iter()
        .find(|f| f.name == name)
        .unwrap_or_else(|| panic!("{name} is not in {sum:?}"))
}

#[test]
fn plain_a_fight_is_summed_up_in_the_log_and_the_recap() {
    let s = play(
        RulesetId::Plain,
        &[
            ("add Ana 8", &[], 0),
            ("add Ogre 5 others", &[], 0),
            ("reveal all", &[], 0),
            ("fight Ana Ogre", &[], 10),
            ("damage Ogre 3", &[], 40),
            ("next", &[], 70),
            ("damage Ana 2", &[], 100),
            ("next", &[], 130),
            ("heal Ana 1", &[], 150),
            ("damage Ogre 2", &[], 190),
            ("end", &[], 250),
        ],
    );
    let sum = last_summary(&s);
    assert_eq!(sum.rounds, 2);
    assert_eq!(sum.turns, 3, "{sum:?}");
    assert_eq!(sum.down, ["Ogre"]);
    assert_eq!(fighter(&sum, "Ogre").taken, 5);
    assert_eq!(fighter(&sum, "Ana").taken, 2);
    assert_eq!(fighter(&sum, "Ana").healed, 1);
    let time = sum.time.clone().expect("every step is stamped");
    assert_eq!(time.total, 240);
    assert_eq!(time.rounds, [(1, 120), (2, 120)]);
    assert_eq!(
        time.turns,
        [
            ("Ana".to_string(), 60),
            ("Ogre".to_string(), 60),
            ("Ana".to_string(), 120)
        ]
    );
    let headline = sum.headline();
    assert_eq!(
        headline,
        "Fight summary: 2 rounds, 3 turns; down: Ogre; 4:00 at the table (round 1 2:00, \
         round 2 2:00); a turn took 1:20 on average, the longest Ana's 2:00"
    );
    let recap = export::markdown(&s);
    assert!(recap.contains(&format!("- **{headline}**")), "{recap}");
    assert!(recap.contains("  - Ana: took 2, healed 1"), "{recap}");
    // Before the fight ends, nothing sums it up.
    let mut s = s;
    s.undo().unwrap();
    assert!(summary::ending_at(&s, s.cursor() - 1).is_none());
    assert!(!export::markdown(&s).contains("Fight summary"));
}

#[test]
fn a_fight_without_stamps_says_no_time_was_recorded() {
    let mut s = play(
        RulesetId::Plain,
        &[
            ("add Ana 8", &[], 0),
            ("add Ogre 5 others", &[], 0),
            ("fight Ana Ogre", &[], 0),
            ("end", &[], 0),
        ],
    );
    let last = s.cursor() - 1;
    // A step from before stamps: the fight has no time.
    let mut saved = s.clone();
    saved.undo().unwrap();
    let line = script::parse_line("end", saved.state()).unwrap();
    let Line::Command(end) = line else { panic!() };
    saved.execute(end, &mut ScriptedDice::new([])).unwrap();
    s = saved;
    let sum = summary::ending_at(&s, last).unwrap();
    assert!(sum.time.is_none());
    assert!(
        sum.headline().ends_with("no time recorded"),
        "{}",
        sum.headline()
    );
}

/// `slotmark export FILE --markdown --grep WORD` keeps the steps whose words hold the word, in
/// any case, and the summary of a fight when it holds it.
#[test]
fn export_grep_keeps_the_steps_that_match() {
    let dir = tempfile::TempDir::new().unwrap();
    let path = dir.path().join("ford.ron");
    let s = play(
        RulesetId::Plain,
        &[
            ("add Ana 8", &[], 0),
            ("add Ogre 5 others", &[], 0),
            ("fight Ana Ogre", &[], 10),
            ("damage Ogre 3", &[], 40),
            ("damage Ana 2", &[], 100),
            ("end", &[], 250),
        ],
    );
    slotmark::store::Store::create(&path, &s).unwrap();
    let export = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_slotmark"))
            .arg("export")
            .arg(&path)
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let all = export(&["--markdown"]);
    assert!(
        all.contains("- Ana loses 2 HP") && all.contains("- Ogre loses 3 HP"),
        "{all}"
    );
    let ogre = export(&["--markdown", "--grep", "ogre"]);
    assert!(ogre.contains("- Ogre loses 3 HP"), "{ogre}");
    assert!(!ogre.contains("- Ana loses 2 HP"), "{ogre}");
    // The summary names Ogre, so the step that ended the fight stays, with its summary.
    assert!(ogre.contains("  - Ogre: took 3"), "{ogre}");
    let summed = export(&["--markdown", "--grep", "FIGHT SUMMARY"]);
    assert!(summed.contains("**Fight summary: 1 round"), "{summed}");
    assert!(!summed.contains("loses"), "{summed}");
}

/// Plays a fight in a ruleset with plenty of middling faces for whatever its steps roll, and
/// returns the summary of the fight its last step ends.
fn fight_in(rules: RulesetId, lines: &[&str]) -> summary::FightSummary {
    let timed: Vec<(&str, &[u16], u64)> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| (*l, &[10u16; 12][..], 30 * i as u64))
        .collect();
    let s = play(rules, &timed);
    let sum = last_summary(&s);
    let recap = export::markdown(&s);
    assert!(
        recap.contains(&format!("- **{}**", sum.headline())),
        "{recap}"
    );
    sum
}

#[test]
fn slots_a_fight_is_summed_up() {
    let sum = fight_in(
        RulesetId::Slots,
        &[
            "add Aria players",
            "add Grol opponents",
            "reveal all",
            "fight players",
            "wound Grol 3 open",
            "heal Grol 3",
            "end fight",
        ],
    );
    assert!(sum.rounds >= 1, "{sum:?}");
    assert_eq!(fighter(&sum, "Grol").taken, 1, "{sum:?}");
    assert_eq!(fighter(&sum, "Grol").healed, 1, "{sum:?}");
    assert!(sum.time.is_some());
}

#[test]
fn phase_a_fight_is_summed_up() {
    let sum = fight_in(
        RulesetId::Phase,
        &[
            "add Ana pc 5",
            "add Gob creature 3 8 12 7",
            "reveal all",
            "fight Ana Gob",
            "harm Gob 2",
            "heal Gob 1",
            "end",
        ],
    );
    assert_eq!(fighter(&sum, "Gob").taken, 2, "{sum:?}");
    assert_eq!(fighter(&sum, "Gob").healed, 1, "{sum:?}");
}

#[test]
fn bdp_a_fight_is_summed_up() {
    let sum = fight_in(
        RulesetId::Bdp,
        &[
            "add Ana pc 9 14 11 6",
            "add Rat creature 9 14 11 6",
            "fight Ana Rat",
            "damage Rat 2 hp nocrit Teeth",
            "end",
        ],
    );
    assert_eq!(fighter(&sum, "Rat").taken, 2, "{sum:?}");
}

#[test]
fn ap_a_fight_is_summed_up() {
    let sum = fight_in(
        RulesetId::Ap,
        &[
            "add Ana pc party 11 12 8 6",
            "add Gob npc goblins 8 10 8 4",
            "reveal all",
            "fight",
            "damage Gob 3",
            "endfight",
        ],
    );
    assert_eq!(fighter(&sum, "Gob").taken, 3, "{sum:?}");
}

#[test]
fn actiondie_a_fight_is_summed_up() {
    let sum = fight_in(
        RulesetId::ActionDie,
        &[
            "add Ana pc d8 d6 d6 d4 10",
            "add Ogre creature d8 d6 d6 d4 12",
            "reveal all",
            "scene for the bridge",
            "damage Ogre 4",
            "dead Ogre",
            "end",
        ],
    );
    assert_eq!(fighter(&sum, "Ogre").taken, 4, "{sum:?}");
    assert_eq!(sum.down, ["Ogre"]);
}

/// Plays a fight with the faces given per line and returns the summary of the fight its last
/// step ends, after checking the recap carries its headline and every fighter's line.
fn summed(rules: RulesetId, lines: &[(&str, &[u16])]) -> summary::FightSummary {
    let timed: Vec<(&str, &[u16], u64)> = lines
        .iter()
        .enumerate()
        .map(|(i, (l, faces))| (*l, *faces, 30 * i as u64))
        .collect();
    let s = play(rules, &timed);
    let sum = last_summary(&s);
    let recap = export::markdown(&s);
    assert!(
        recap.contains(&format!("- **{}**", sum.headline())),
        "{recap}"
    );
    for line in sum.fighter_lines() {
        assert!(recap.contains(&format!("  - {line}")), "{line}\n{recap}");
    }
    sum
}

/// bdp: harm whose source names a character counts as dealt by them; damage past HP that calls
/// the critical damage save (B26) is a crit for whoever dealt it and a crit taken; the judge's
/// `set` counts as healing; `dead` counts as down (B20-B26).
#[test]
fn bdp_the_summary_names_the_dealer_the_crit_the_healing_and_the_dead() {
    let sum = summed(
        RulesetId::Bdp,
        &[
            ("add Ana pc 10 12 8 6", &[]),
            ("add Rat creature 3 14 4 2 4", &[]),
            ("fight Ana Rat", &[]),
            ("damage Rat 2 hp nocrit Ana's knife", &[]),
            // 8 to HP 6: 2 past it, so the STR save against critical damage: d20 3, a pass.
            ("damage Ana 8 hp Rat bite", &[3]),
            ("accept", &[]),
            ("set Ana hp 3 6", &[]),
            ("dead Rat", &[]),
            ("end", &[]),
        ],
    );
    assert_eq!(sum.down, ["Rat"], "{sum:?}");
    let ana = fighter(&sum, "Ana");
    assert_eq!(
        (ana.dealt, ana.taken, ana.healed, ana.crits, ana.crits_taken),
        (2, 8, 3, 0, 1),
        "{sum:?}"
    );
    let rat = fighter(&sum, "Rat");
    assert_eq!(
        (rat.dealt, rat.taken, rat.crits, rat.crits_taken),
        (8, 2, 1, 0),
        "{sum:?}"
    );
    assert_eq!(
        sum.fighter_lines(),
        [
            "Ana: dealt 2, took 8, healed 3, took 1 crit",
            "Rat: dealt 8, took 2, 1 crit"
        ]
    );
}

/// bdp: a character the judge rules out of the fight counts as down, as one put out by a score
/// at 0 does.
#[test]
fn bdp_out_counts_as_down() {
    let sum = summed(
        RulesetId::Bdp,
        &[
            ("add Ana pc 10 12 8 6", &[]),
            ("add Rat creature 3 14 4 2 4", &[]),
            ("fight Ana Rat", &[]),
            ("out Rat stunned", &[]),
            ("damage Ana 8 wil nocrit fear", &[]),
            ("end", &[]),
        ],
    );
    assert_eq!(sum.down, ["Rat", "Ana"], "{sum:?}");
}

/// ap: an attack's damage counts for the attacker, harm typed with `from NAME` for the one named;
/// harm past HP is critical damage (A33), a crit for the dealer and one taken; `set` is healing;
/// an NPC ruled dead after its failed critical save and a group that flees are down.
#[test]
fn ap_the_summary_names_the_attacker_the_crit_the_healing_and_the_dead() {
    let sixes: &[u16] = &[6; 8];
    let sum = summed(
        RulesetId::Ap,
        &[
            ("add Ana pc party 11 12 8 6", &[]),
            ("add Gob npc goblins 8 10 8 4", &[]),
            ("carry Ana Sword d8 weapon", &[]),
            ("reveal all", &[]),
            ("fight", sixes),
            // 7 to HP 6: 1 into STR, and the critical damage save passes (d20 6 + STR 10).
            ("damage Ana 7 from Gob club", sixes),
            ("accept", sixes),
            ("choose 2", &[]),
            ("set Ana hp 4 6", &[]),
            // The sword's 6 takes Gob's 4 HP and 2 STR: its critical save fails, it dies, and
            // the goblins break.
            ("attack Ana vs Gob", sixes),
            ("accept", sixes),
            ("accept", sixes),
            ("choose 1", &[]),
            ("accept", sixes),
            ("choose 1", &[]),
            ("endfight", &[]),
        ],
    );
    assert_eq!(sum.down, ["Gob"], "{sum:?}");
    let ana = fighter(&sum, "Ana");
    assert_eq!(
        (ana.dealt, ana.taken, ana.healed, ana.crits, ana.crits_taken),
        (6, 7, 4, 1, 1),
        "{sum:?}"
    );
    let gob = fighter(&sum, "Gob");
    assert_eq!(
        (gob.dealt, gob.taken, gob.crits, gob.crits_taken),
        (7, 6, 1, 1),
        "{sum:?}"
    );
}

/// actiondie: an attack's damage counts for the attacker and its critical hit (D22) as its crit;
/// damage `from` a named character counts for them; `set` HP is healing; a character ruled
/// fled is down (D20-D24, D28).
#[test]
fn actiondie_the_summary_names_the_attacker_the_healing_and_who_fled() {
    let sum = summed(
        RulesetId::ActionDie,
        &[
            ("add Ana pc d8 d6 d6 d4 10", &[]),
            ("add Ogre creature d8 d6 d6 d4 20", &[]),
            ("carry Ana Sword damage d6 held", &[]),
            ("scene Ana Ogre for the bridge", &[]),
            // d6 6 is a critical hit: one more d6 (2), + STR 4.
            ("attack Ana with Sword Ogre", &[6, 2, 2, 2]),
            ("damage Ana 3 from Ogre fist", &[]),
            ("set Ana hp 9", &[]),
            ("flee Ogre", &[]),
            ("end", &[]),
        ],
    );
    assert_eq!(sum.down, ["Ogre"], "{sum:?}");
    let ana = fighter(&sum, "Ana");
    assert_eq!(
        (ana.dealt, ana.taken, ana.healed, ana.crits),
        (12, 3, 2, 1),
        "{sum:?}"
    );
    let ogre = fighter(&sum, "Ogre");
    assert_eq!((ogre.dealt, ogre.taken), (3, 12), "{sum:?}");
}

/// D22: only a die at its highest face that added another is a critical hit; an attack with
/// critical dice allowed and no maximum rolled is none.
#[test]
fn d22_the_summary_counts_only_the_attacks_that_were_critical() {
    let sum = summed(
        RulesetId::ActionDie,
        &[
            ("add Ana pc d8 d6 d6 d4 10", &[]),
            ("add Ogre creature d8 d6 d6 d4 40", &[]),
            ("carry Ana Sword damage d6 held", &[]),
            ("scene Ana Ogre for the bridge", &[]),
            ("attack Ana with Sword Ogre", &[3]),
            ("attack Ana with Sword Ogre", &[4]),
            ("attack Ana with Sword Ogre", &[6, 1]),
            ("end", &[]),
        ],
    );
    assert_eq!(fighter(&sum, "Ana").crits, 1, "{sum:?}");
}

/// K13: in phase the groups act together, a group's step in a phase being its turn, so a fight
/// of rounds with steps never sums up to "0 turns".
#[test]
fn k13_a_phase_fight_counts_each_groups_turn() {
    let sum = summed(
        RulesetId::Phase,
        &[
            ("add Ana pc 5", &[]),
            ("add Gob creature 3 8 12 7", &[]),
            ("reveal all", &[]),
            ("fight Ana Gob", &[4]),
            ("next", &[]),
            ("next", &[]),
            ("next", &[]),
            ("end", &[]),
        ],
    );
    assert!(sum.turns >= 3, "{sum:?}");
    assert!(!sum.headline().contains("0 turns"), "{}", sum.headline());
}
