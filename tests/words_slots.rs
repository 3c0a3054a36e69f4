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
