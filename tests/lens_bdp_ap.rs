//! The players' lens over bdp's and ap's lines (issue 25): each number of someone on the roster
//! is a part that says whose it is, so the players read a player character's numbers and never
//! a creature's (its state reads as a word), the judge's rulings as their plain result, and
//! nothing of a note. The judge reads every line word for word as before.
//!
//! Each sentence is read twice here: by the judge, and through a lens that gives the players'
//! characters their numbers and every creature the word "hurt" (the table's own lens gives the
//! word from the roster; lines of steps that drew dice are read through it as well).

mod words;

use slotmark::rules::RulesetId;
use slotmark::session::Session;
use words::*;

/// Plays `line` and asserts that its step says `judge` to the judge and `table` to the
/// players (an empty `table`: they read nothing of it).
fn reads(s: &mut Session, line: &str, faces: &[u16], judge: &str, table: &str) {
    play(s, line, faces);
    said(s, judge, table);
}

/// Asserts that the last step says `judge` to the judge and `table` to the players.
fn said(s: &Session, judge: &str, table: &str) {
    let lines = last(s);
    let found = lines.iter().find(|(j, _)| j == judge);
    let Some((_, players)) = found else {
        panic!("no line {judge:?} in {lines:#?}");
    };
    assert_eq!(players, table, "the players' reading of {judge:?}");
}

mod bdp {
    use super::*;

    /// Ana (a player character) and Gnash (a creature the players have met).
    fn met() -> Session {
        let mut s = session(RulesetId::Bdp);
        play(&mut s, "add Ana pc 9 14 11 6", &[]);
        play(&mut s, "add Gnash creature 12 12 8 7", &[]);
        play(&mut s, "reveal Gnash", &[]);
        // Gnash keeps the days with the party (B36-B48 run for whoever takes the dawn).
        play(&mut s, "dawn Gnash", &[]);
        s
    }

    #[test]
    fn b1_a_newcomers_scores_and_hit_points_are_their_own() {
        let mut s = session(RulesetId::Bdp);
        reads(
            &mut s,
            "add Ana pc 9 14 11 6",
            &[],
            "Ana joins: STR 9 DEX 14 WIL 11 HP 6",
            "Ana joins: STR 9 DEX 14 WIL 11 HP 6",
        );
        reads(
            &mut s,
            "add Gnash creature 12 12 8 7",
            &[],
            "Gnash joins: STR 12 DEX 12 WIL 8 HP 7",
            "Gnash joins",
        );
    }

    #[test]
    fn b5_the_judges_edits_and_rulings_read_as_their_result() {
        let mut s = met();
        reads(
            &mut s,
            "set Gnash hp 3 7",
            &[],
            "The judge sets Gnash's HP to 3/7",
            "Gnash's HP: changed (hurt)",
        );
        reads(
            &mut s,
            "set Ana str 8 9",
            &[],
            "The judge sets Ana's STR to 8/9",
            "Ana's STR: 8/9",
        );
        reads(
            &mut s,
            "ruling Gnash dex pass dodge the net",
            &[],
            "The judge rules Gnash's DEX save dodge the net a pass with no roll",
            "Gnash's DEX save dodge the net: a pass",
        );
        reads(
            &mut s,
            "deprive Gnash food",
            &[],
            "The judge rules Gnash Deprived",
            "Gnash is Deprived",
        );
        reads(
            &mut s,
            "out Gnash stunned",
            &[],
            "The judge rules Gnash stunned",
            "Gnash is stunned",
        );
        reads(
            &mut s,
            "dead Gnash",
            &[],
            "The judge rules Gnash dead",
            "Gnash is dead",
        );
    }

    #[test]
    fn b5_a_note_and_a_dropped_roll_are_the_judges_alone() {
        let mut s = met();
        reads(
            &mut s,
            "remark Gnash hides the key, HP 2 left",
            &[],
            "Gnash: hides the key, HP 2 left",
            "",
        );
        play(&mut s, "save Gnash str hold the door", &[5]);
        reads(
            &mut s,
            "cancel",
            &[],
            "Dropped: Gnash: STR save hold the door",
            "",
        );
        assert!(table_lines(&s).iter().all(|l| !l.contains("Dropped")));
    }

    #[test]
    fn b35_a_permanent_loss_and_its_training_back_are_the_creatures_numbers() {
        let mut s = met();
        // B35: a permanent wound to the torso proposes STR; the judge picks WIL instead.
        play(&mut s, "wound Gnash bite permanent torso", &[]);
        play(&mut s, "choose 3", &[]);
        let lines = last(&s);
        let pick = lines
            .iter()
            .find(|(j, _)| j.contains("the judge picks WIL"))
            .unwrap_or_else(|| panic!("{lines:#?}"));
        assert!(
            !pick.1.contains("the judge") && pick.1.ends_with(": WIL"),
            "{pick:?}"
        );
        said(
            &s,
            "Gnash loses 1 WIL for good",
            "Gnash loses some WIL for good (hurt)",
        );
        reads(
            &mut s,
            "train Gnash wil",
            &[],
            "Gnash trains 1 WIL max back",
            "Gnash trains some WIL max back",
        );
    }

    #[test]
    fn b38_a_diseases_loss_is_the_creatures_number() {
        let mut s = met();
        play(&mut s, "eat Ana simple fire", &[]);
        play(&mut s, "eat Gnash simple fire", &[]);
        play(&mut s, "infect Gnash swampsigh", &[3]);
        play(&mut s, "night", &[20]);
        reads(
            &mut s,
            "accept",
            &[],
            "Gnash loses 1 STR to Swampsigh",
            "Gnash loses some STR to Swampsigh (hurt)",
        );
    }

    #[test]
    fn b39_b40_meals_and_breath_heal_a_creature_in_words_only() {
        let mut s = met();
        play(&mut s, "fatigue Gnash", &[]);
        reads(
            &mut s,
            "eat Gnash simple fire",
            &[],
            "Gnash keeps a Simple meal down; 1 Fatigue cleared",
            "Gnash keeps a Simple meal down",
        );
        reads(
            &mut s,
            "eat Ana simple fire",
            &[],
            "Ana keeps a Simple meal down; 0 Fatigue cleared",
            "Ana keeps a Simple meal down; 0 Fatigue cleared",
        );
        play(&mut s, "set Gnash hp 3 7", &[]);
        reads(
            &mut s,
            "breath Gnash stream",
            &[],
            "Gnash catches breath: HP 7/7",
            "Gnash catches breath (hurt)",
        );
        play(&mut s, "set Ana hp 2 6", &[]);
        reads(
            &mut s,
            "breath Ana stream",
            &[],
            "Ana catches breath: HP 6/6",
            "Ana catches breath: HP 6/6",
        );
    }

    #[test]
    fn b42_b48_what_a_night_and_a_day_of_recovery_give_back_is_the_creatures() {
        let mut s = met();
        play(&mut s, "set Gnash str 5 12", &[]);
        play(&mut s, "fatigue Gnash", &[]);
        play(&mut s, "eat Ana simple fire", &[]);
        play(&mut s, "eat Gnash simple fire", &[]);
        play(&mut s, "fatigue Gnash", &[]);
        play(&mut s, "rest Gnash comfortable", &[]);
        play(&mut s, "night", &[]);
        said(
            &s,
            "Gnash: 1 Fatigue cleared by a Comfortable night",
            "Gnash: Fatigue cleared by a Comfortable night",
        );
        said(&s, "Gnash: +1 STR", "Gnash: some strength comes back");
        play(&mut s, "eat Ana simple fire", &[]);
        play(&mut s, "eat Gnash simple fire", &[]);
        play(&mut s, "rest Gnash normal", &[]);
        reads(
            &mut s,
            "recover Gnash str",
            &[3],
            "Gnash recovers 1d4 3: +3 STR",
            "Gnash recovers some STR (hurt)",
        );
        let t = table_lines(&s).join("\n");
        assert!(t.contains("Gnash recovers some STR"), "{t}");
        assert!(!t.contains("+3"), "{t}");
    }

    #[test]
    fn b18_the_count_of_deprived_dawns_is_the_deprived_ones() {
        let mut s = met();
        play(&mut s, "rest Ana perilous", &[]);
        play(&mut s, "rest Gnash perilous", &[]);
        play(&mut s, "night", &[]);
        said(&s, "Ana is Deprived (dawn 1)", "Ana is Deprived (dawn 1)");
        said(&s, "Gnash is Deprived (dawn 1)", "Gnash is Deprived");
    }
}

mod ap {
    use super::*;

    /// Ana (a player character, with a sword) and Gob (a creature the players have met).
    fn met() -> Session {
        let mut s = session(RulesetId::Ap);
        play(&mut s, "add Ana pc party 11 12 8 6", &[]);
        play(&mut s, "add Gob npc goblins 8 13 5 4", &[]);
        play(&mut s, "carry Ana sword d8 weapon", &[]);
        play(&mut s, "reveal Gob", &[]);
        s
    }

    #[test]
    fn a1_a_newcomers_attributes_and_hit_points_are_their_own() {
        let mut s = session(RulesetId::Ap);
        reads(
            &mut s,
            "add Ana pc party 11 12 8 6",
            &[],
            "Ana joins party: STR 11 DEX 12 WIL 8 HP 6",
            "Ana joins party: STR 11 DEX 12 WIL 8 HP 6",
        );
        reads(
            &mut s,
            "add Gob npc goblins 8 13 5 4",
            &[],
            "Gob joins goblins: STR 8 DEX 13 WIL 5 HP 4",
            "Gob joins goblins",
        );
        reads(
            &mut s,
            "hireling Bo goblins",
            &[3, 3, 3, 4, 4, 4, 5, 5, 5, 6],
            "Hireling Bo (goblins): STR 9 DEX 12 WIL 15 HP 6",
            "Hireling Bo (goblins)",
        );
    }

    #[test]
    fn a32_a_creatures_armor_and_its_sheets_counts_are_its_own() {
        let mut s = met();
        play(&mut s, "carry Gob hide armor 1", &[]);
        reads(
            &mut s,
            "wear Gob hide",
            &[],
            "Gob wears the hide: armor 1",
            "Gob wears the hide",
        );
        reads(
            &mut s,
            "fatigue Gob 2",
            &[],
            "Gob takes a Fatigue (2 in all)",
            "Gob takes a Fatigue",
        );
        reads(
            &mut s,
            "fatigue Gob -1",
            &[],
            "Gob sheds Fatigue: 1 left",
            "Gob sheds Fatigue",
        );
        reads(
            &mut s,
            "dust Gob 3",
            &[],
            "Gob: Mana Dust 3",
            "Gob: Mana Dust",
        );
        reads(
            &mut s,
            "dust Ana 3",
            &[],
            "Ana: Mana Dust 3",
            "Ana: Mana Dust 3",
        );
    }

    #[test]
    fn a7_the_judges_edits_and_rulings_read_as_their_result() {
        let mut s = met();
        reads(
            &mut s,
            "set Gob hp 2 4",
            &[],
            "The judge sets Gob's HP to 2/4",
            "Gob's HP: changed (hurt)",
        );
        reads(
            &mut s,
            "set Ana dex 10 12",
            &[],
            "The judge sets Ana's DEX to 10/12",
            "Ana's DEX: 10/12",
        );
        reads(
            &mut s,
            "slots Gob 5",
            &[],
            "Gob has 5 slots",
            "Gob's slots: changed (hurt)",
        );
        reads(
            &mut s,
            "apmax Gob 3",
            &[],
            "Gob has 3 max AP",
            "Gob's max AP: changed (hurt)",
        );
        reads(
            &mut s,
            "armor Gob 2",
            &[],
            "Gob has 2 granted armor: armor 2",
            "Gob's armor: changed (hurt)",
        );
        reads(
            &mut s,
            "grant Gob 1",
            &[],
            "The judge sets Gob's AP to 4",
            "Gob's AP: changed (hurt)",
        );
        reads(
            &mut s,
            "mark Gob stabilized",
            &[],
            "The judge marks Gob stabilized",
            "Gob: stabilized",
        );
        reads(
            &mut s,
            "trivial Gob pass climbs the wall",
            &[],
            "Gob: climbs the wall is ruled a success with no dice",
            "Gob: climbs the wall: a success",
        );
        reads(
            &mut s,
            "jot Gob carries the key, HP 2 left",
            &[],
            "Gob: carries the key, HP 2 left",
            "",
        );
    }

    #[test]
    fn a16_a19_what_a_creature_has_left_and_banks_is_its_own() {
        let mut s = met();
        play(&mut s, "fight Ana Gob", &[7, 9]);
        reads(
            &mut s,
            "gain Gob",
            &[],
            "Gob banks advantage: +1 on the next roll",
            "Gob banks advantage",
        );
        said(
            &s,
            "Gob spends 1 AP (Gain Advantage): 3 left",
            "Gob spends 1 AP (Gain Advantage)",
        );
        reads(
            &mut s,
            "gain Ana",
            &[],
            "Ana banks advantage: +1 on the next roll",
            "Ana banks advantage: +1 on the next roll",
        );
        play(&mut s, "attack Gob vs Ana", &[10, 5, 3, 4, 4]);
        said(
            &s,
            "Gob spends 1 AP (attacks): 2 left",
            "Gob spends 1 AP (attacks)",
        );
        play(&mut s, "cancel", &[]);
        said(&s, "Dropped: Gob: attacks against Ana", "");
        said(
            &s,
            "Gob takes back what the action spent: 3 AP",
            "Gob takes back what the action spent",
        );
    }

    #[test]
    fn a22_the_judges_initiative_for_a_creature_reads_as_changed() {
        let mut s = met();
        play(&mut s, "fight Ana Gob", &[7, 9]);
        reads(
            &mut s,
            "init Gob 12",
            &[],
            "The judge sets Gob's initiative to 12",
            "Gob's initiative: changed (hurt)",
        );
        reads(
            &mut s,
            "init Ana 16",
            &[],
            "The judge sets Ana's initiative to 16",
            "Ana's initiative: 16",
        );
    }

    #[test]
    fn a33_a_creature_killed_at_str_0_is_dead_in_words() {
        let mut s = met();
        reads(
            &mut s,
            "damage Gob 13",
            &[],
            "Gob is dead: STR 0",
            "Gob is dead",
        );
    }

    #[test]
    fn a35_what_a_scar_reads_against_a_creatures_maximum_is_its_own() {
        let mut s = met();
        reads(
            &mut s,
            "scar Gob 2",
            &[5],
            "Gob, scar 2, Rattling Blow: 1d6 [5] = 5; HP 4/4 to 5/5",
            "Gob, scar 2, Rattling Blow",
        );
        reads(
            &mut s,
            "scar Gob 6",
            &[1, 6, 6, 6],
            "Gob, scar 6, Head Wound: 3d6 [6, 6, 6] = 18 against current STR: STR 18/18",
            "Gob, scar 6, Head Wound",
        );
        // A47: a rest gives back hit points.
        play(&mut s, "set Gob hp 1 5", &[]);
        reads(
            &mut s,
            "rest short Gob",
            &[5],
            "Gob rests: HP 5/5",
            "Gob rests (hurt)",
        );
    }

    #[test]
    fn a35_a_scars_wil_save_passed_raises_a_creatures_wil_in_words() {
        let mut s = met();
        play(&mut s, "scar Gob 8", &[20]);
        reads(
            &mut s,
            "accept",
            &[3],
            "Gob's max WIL rises by 3",
            "Gob's max WIL rises",
        );
    }

    #[test]
    fn a38_the_days_gone_deprived_are_the_deprived_ones() {
        let mut s = met();
        play(&mut s, "mark Ana deprived", &[]);
        play(&mut s, "mark Gob deprived", &[]);
        play(&mut s, "time 2 days", &[]);
        said(
            &s,
            "Ana has gone 2 days deprived",
            "Ana has gone 2 days deprived",
        );
        said(
            &s,
            "Gob has gone 2 days deprived",
            "Gob has gone days deprived",
        );
    }
}
