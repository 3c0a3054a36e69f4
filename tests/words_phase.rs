//! Ruleset phase's rolls in words (issue 24) and through the players' lens (issue 25): an
//! attack's damage die with the target's damage reduction, a save accepted as rolled and one
//! overruled, the same in the log, `replay` and the recap; the table view shows a character's
//! numbers and never a creature's.

mod words;

use slotmark::rules::RulesetId;
use slotmark::session::Session;
use words::*;

fn fight_and_saves() -> Session {
    let mut s = session(RulesetId::Phase);
    for line in [
        "add Ana pc 5 12 13 10",
        "arm Ana sword",
        "add Grol \"goblin chief\"",
        "add Snag goblin",
    ] {
        play(&mut s, line, &[]);
    }
    // The sword's d6 5, less the chief's DR 1.
    play(&mut s, "attack Ana Grol", &[5]);
    // Ana's save, accepted as rolled: 13 against STR 12 fails.
    play(&mut s, "check Ana str climbs the wall", &[13]);
    play(&mut s, "accept", &[]);
    // The chief's save with advantage keeps the lower face: 11 against WIL 10 fails, and the
    // judge rules it a pass.
    play(&mut s, "check Grol wil adv holds his nerve", &[11, 17]);
    play(&mut s, "rule pass", &[]);
    play(&mut s, "accept", &[]);
    s
}

#[test]
fn k5_an_accepted_save_reads_as_rolled_and_an_overruled_one_says_what_the_dice_said() {
    let s = fight_and_saves();
    everywhere(
        &s,
        &[
            "Ana hits Grol: d6 5 - DR 1 = 4, 4 damage",
            "Ana: STR save climbs the wall: d20 13 against STR 12: a fail",
            "Grol: WIL save holds his nerve: ruled a pass (the dice said a fail: \
             d20 [11, 17] kept 11 (advantage) = 11 against WIL 10)",
        ],
    );
}

#[test]
fn the_table_reads_a_characters_numbers_and_never_a_creatures() {
    let mut s = fight_and_saves();
    // Snag was never met: a save of its own keeps it out of every line.
    play(&mut s, "check Snag dex sneaks", &[4]);
    play(&mut s, "accept", &[]);
    let all = table_lines(&s).join("\n");
    assert!(
        all.contains("Ana: STR save climbs the wall: d20 13 against STR 12: a fail"),
        "{all}"
    );
    assert!(all.contains("Ana hits Grol: d6 5"), "{all}");
    assert!(
        all.contains("Grol: WIL save holds his nerve: a pass"),
        "{all}"
    );
    for leak in ["DR", "4 damage", "WIL 10", "dice said", "judge", "Snag"] {
        assert!(!all.contains(leak), "{leak:?} reached the table:\n{all}");
    }
    let drawn = drawn(&s);
    assert!(!drawn.contains("Snag"), "{drawn}");
}

/// K1, K44, K45 and the reaction roll: every roll other than a save or a hit (a new sheet's
/// dice, the reaction, the event die, a wandering table) says its faces, the total when the dice
/// add up, and what the book reads in them, in the shared words of every other roll.
#[test]
fn k1_k44_rolls_besides_saves_and_hits_read_their_faces_total_and_what_they_mean() {
    let mut s = session(RulesetId::Phase);
    // HP d6, then 3d6 each for STR, DEX and WIL, then 3d6x10 coins.
    play(
        &mut s,
        "roll Ana pc",
        &[5, 4, 5, 6, 3, 3, 3, 6, 6, 6, 1, 2, 3],
    );
    play(&mut s, "add Gob goblin", &[]);
    play(&mut s, "react Gob", &[3, 4]);
    play(&mut s, "table crypt ghouls rats bats", &[]);
    play(&mut s, "delve on", &[]);
    // The event die brings an encounter; the crypt's d3 names the rats.
    play(&mut s, "turn wait", &[1, 2]);
    everywhere(
        &s,
        &[
            "Ana rolls d6 for HP: 5",
            "Ana rolls 3d6 for STR: [4, 5, 6] = 15",
            "Ana rolls 3d6x10 for coins: [1, 2, 3] = 6: 60 coins",
            "The judge rolls 2d6 for the reaction: [3, 4] = 7: uncertain",
            "The judge rolls the event die: 1: encounter",
            "The judge rolls d3 on the crypt table: 2: rats",
        ],
    );
}

/// The players read the verdict of a save the judge ruled the other way once, on the save's
/// own line: the ruling said it to them a second time ("Grol's WIL save holds his nerve is a
/// pass" under "Grol: WIL save holds his nerve: a pass").
#[test]
fn k5_an_overruled_save_reads_its_verdict_once_at_the_table() {
    let s = fight_and_saves();
    let lines = table_lines(&s);
    let with = lines
        .iter()
        .filter(|l| l.contains("holds his nerve"))
        .count();
    assert_eq!(with, 1, "{}", lines.join("\n"));
}
