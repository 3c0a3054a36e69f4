//! The slot system's overruled rolls in words (issue 24): the roll the judge ruled the other way
//! keeps its dice and what they said in the log, `replay` and the recap, and the players' table
//! reads only the verdict that stands.

mod words;

use slotmark::rules::RulesetId;
use words::*;

#[test]
fn r9_an_overruled_check_keeps_what_the_dice_said_and_the_table_reads_the_verdict() {
    let mut s = session(RulesetId::Slots);
    play(&mut s, "add Mira", &[]);
    play(&mut s, "check Mira terrain", &[4]);
    let failed = log(&s);
    play(&mut s, "override fail", &[]);
    play(&mut s, "accept", &[]);
    let lines: Vec<String> = log(&s)
        .lines()
        .filter(|l| l.contains("ruled a fail (the dice said a pass: d12 4"))
        .map(str::to_string)
        .collect();
    assert_eq!(lines.len(), 1, "{}\n---\n{failed}", log(&s));
    assert!(lines[0].starts_with("Mira makes a terrain check: ruled a fail"));
    everywhere(&s, &[lines[0].as_str()]);
    let all = table_lines(&s).join("\n");
    assert!(
        !all.contains("dice said") && !all.contains("overrides"),
        "{all}"
    );
    assert!(all.contains("Mira makes a terrain check: a fail"), "{all}");
    // Said once: the override itself reads nothing at the table.
    assert_eq!(all.matches("terrain check").count(), 1, "{all}");
}

/// R14, R16: a fight through the command language: the party's attack, accepted as rolled, names
/// the slot it hits and the wound it deals there; the defence of the party's character, ruled
/// the other way, keeps what the dice said; the same in the log, `replay` and the recap.
#[test]
fn r14_r16_a_fights_rolls_and_wounds_read_alike_everywhere_accepted_and_overruled() {
    let mut s = session(RulesetId::Slots);
    play(&mut s, "add Aria kit fighter", &[]);
    play(&mut s, "add Ogre opponents", &[]);
    play(&mut s, "attack Aria Ogre", &[7]);
    play(&mut s, "accept", &[]);
    // An empty grip was hit: the judge takes the slot proposed.
    play(&mut s, "accept", &[]);
    play(&mut s, "attack Ogre Aria", &[4]);
    play(&mut s, "override pass", &[]);
    play(&mut s, "accept", &[]);
    everywhere(
        &s,
        &[
            "Aria attacks Ogre (melee attack): d12 7: a pass, slot 7 (Grip, empty)",
            "Aria's attack on Ogre deals an open wound: slot 5 (Arms/Hands, empty)",
            "Aria defends against Ogre's melee attack: ruled a pass (the dice said a fail: d12 4",
        ],
    );
}
