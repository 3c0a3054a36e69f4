//! The plain tracker's rolls in words (issue 24) and through the players' lens (issue 25): an
//! accepted roll reads as rolled, an overruled one says what the dice said, the same in the log,
//! `replay` and the recap; the table view shows a character's numbers and never a creature's.

mod words;

use slotmark::rules::RulesetId;
use words::*;

fn fight_and_saves() -> slotmark::session::Session {
    let mut s = session(RulesetId::Plain);
    play(&mut s, "add Ana 8", &[]);
    play(&mut s, "add Ogre 23 others", &[]);
    play(&mut s, "add Ghoul 5 others", &[]);
    play(&mut s, "fight Ana Ogre", &[]);
    play(&mut s, "damage Ogre 4", &[]);
    play(&mut s, "damage Ana 3", &[]);
    // Ana's save, accepted as rolled.
    play(&mut s, "check Ana 1d20+1 vs 14 STR save", &[13]);
    play(&mut s, "accept", &[]);
    // The ogre's morale, failed by the dice and ruled a pass.
    play(&mut s, "check Ogre 2d6 vs 9 morale", &[3, 2]);
    play(&mut s, "rule pass", &[]);
    play(&mut s, "accept", &[]);
    play(&mut s, "next", &[]);
    s
}

#[test]
fn an_accepted_roll_reads_as_rolled_and_an_overruled_one_says_what_the_dice_said() {
    let s = fight_and_saves();
    everywhere(
        &s,
        &[
            "Ana: STR save 1d20 13 + 1 = 14 against 14: a pass",
            "Ogre: morale ruled a pass (the dice said a fail: 2d6 [3, 2] = 5 against 9)",
            "The judge rules Ogre's morale a pass",
            "Ogre loses 4 HP (19 left)",
        ],
    );
}

#[test]
fn the_table_reads_a_characters_numbers_and_never_a_creatures() {
    let mut s = fight_and_saves();
    // The ghoul was never met: a roll of its own keeps it out of every line.
    play(&mut s, "check Ghoul 1d20 vs 10 hide", &[4]);
    play(&mut s, "accept", &[]);
    let lines = table_lines(&s);
    let all = lines.join("\n");
    assert!(
        all.contains("Ana: STR save 1d20 13 + 1 = 14 against 14: a pass"),
        "{all}"
    );
    // The ogre's roll: the dice on the table and the verdict as ruled; no total, no target.
    assert!(all.contains("Ogre: morale a pass"), "{all}");
    for leak in [
        "against 9",
        "= 5",
        "19 left",
        "4 HP",
        "23",
        "dice said",
        "judge",
    ] {
        assert!(!all.contains(leak), "{leak:?} reached the table:\n{all}");
    }

    let drawn = drawn(&s);
    assert!(!drawn.contains("Ghoul"), "{drawn}");
    assert!(!drawn.contains("19"), "{drawn}");
}
