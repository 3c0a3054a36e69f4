//! Lines written for the judge alone (reminders, rulings left to the judge, notes and questions
//! to the judge) never reach the players, in any ruleset: not the table view's lines, not the
//! page's model. The judge still reads each of them in the log. Each ruleset's verbs that write
//! one are played here; the step must otherwise be public (a roll the players see settle), so
//! the test would catch the line if the lens let it through.

mod words;

use slotmark::rules::RulesetId;
use slotmark::session::{Session, TableView};
use slotmark::web::{ROLLS, page};
use words::*;

/// The players' page's roll lines, newest first.
fn page_lines(s: &Session) -> Vec<String> {
    page(&TableView::of(s, ROLLS), None)
        .rolls
        .into_iter()
        .map(|r| r.text)
        .collect()
}

/// Every line of every step as the players' lens reads it, where the lens sees everyone on
/// the roster: what is left out is left out for being the judge's alone, rolled or not.
fn read_by_the_players(s: &Session) -> Vec<String> {
    let lens = players(s);
    s.events_in(0..s.applied().len())
        .iter()
        .flat_map(|step| step.iter().filter_map(|e| e.line().read(&lens)))
        .collect()
}

/// Asserts that the judge reads `words` in the log and the players read them nowhere: not on
/// the table view, not on the page, not in any line of the session.
fn judge_alone(s: &Session, words: &str) {
    let judge = log(s);
    assert!(
        judge.contains(words),
        "the judge's log lacks {words:?}:\n{judge}"
    );
    for (what, lines) in [
        ("table view", table_lines(s)),
        ("page", page_lines(s)),
        ("lines", read_by_the_players(s)),
    ] {
        assert!(
            lines.iter().all(|l| !l.contains(words)),
            "the players' {what} holds {words:?}: {lines:#?}"
        );
    }
}

/// Asserts that the players read `words` on the table view and the page: the step that holds
/// a line for the judge alone reached them.
fn players_read(s: &Session, words: &str) {
    for (what, lines) in [("table view", table_lines(s)), ("page", page_lines(s))] {
        assert!(
            lines.iter().any(|l| l.contains(words)),
            "the players' {what} lacks {words:?}: {lines:#?}"
        );
    }
}

/// Plays every line of a ruleset's demo script (assets/RULES/demo.slotmark), then shows the
/// players every kind of roll, so only what is the judge's alone is kept from them.
fn demo(ruleset: RulesetId) -> Session {
    let mut s = session(ruleset);
    let path = format!(
        "{}/assets/{}/demo.slotmark",
        env!("CARGO_MANIFEST_DIR"),
        ruleset.key()
    );
    let script = std::fs::read_to_string(&path).unwrap();
    for line in script.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        play(&mut s, line, &[]);
    }
    play(&mut s, "secret default none", &[]);
    s
}

mod ap {
    use super::*;

    #[test]
    fn a41_the_reminder_that_casting_needs_the_book_is_the_judges() {
        let mut s = demo(RulesetId::Ap);
        // Pip has no Grimoire: the rules cast anyway, and remind the judge.
        play(&mut s, "cast Pip Light slot 1", &[4]);
        judge_alone(
            &s,
            "Reminder for the judge: casting needs the book or a scroll in both hands",
        );
        players_read(&s, "Light takes effect");
    }

    #[test]
    fn a11_the_twist_a_natural_face_asks_for_is_the_judges_to_narrate() {
        let mut s = demo(RulesetId::Ap);
        play(&mut s, "check Ana str dc 10 for lift the gate", &[20]);
        play(&mut s, "accept", &[]);
        judge_alone(&s, "the judge narrates a twist");
        players_read(&s, "(natural 20)");
    }

    #[test]
    fn a25_how_an_exposed_rest_goes_and_a_lost_limb_are_the_judges_to_say() {
        let mut s = demo(RulesetId::Ap);
        play(&mut s, "rest short", &[2]);
        judge_alone(&s, "the judge says how");
        players_read(&s, "Die of Fate 2: the rest is exposed");
        // The WIL save a lost limb asks for waits; once it settles the players read the scar.
        play(&mut s, "scar Ana 10", &[15]);
        play(&mut s, "accept", &[3]);
        judge_alone(&s, "(the judge names it)");
        players_read(&s, "scar 10");
    }

    #[test]
    fn a_note_on_a_sheet_and_the_frames_note_are_the_judges() {
        let mut s = demo(RulesetId::Ap);
        play(&mut s, "jot Ana owes the abbess a favour", &[]);
        judge_alone(&s, "owes the abbess a favour");
        judge_alone(&s, "The abbess of Greyford pays 120 gold");
    }
}

mod slots {
    use super::*;

    #[test]
    fn r17_a_counterattack_nobody_offered_and_one_out_of_range_are_the_judges_call() {
        let mut s = demo(RulesetId::Slots);
        play(&mut s, "reveal all", &[]);
        // A zone from Aria, out of her sword's reach.
        play(&mut s, "place goblin1 \"Mill floor\"", &[]);
        play(&mut s, "attack Aria goblin1 counter", &[5]);
        play(&mut s, "accept", &[]);
        judge_alone(
            &s,
            "though no parry opened a counterattack: the judge's call",
        );
        judge_alone(&s, "(rolled anyway; the judge may call it off)");
        // The roll as it waited was a question to the judge.
        judge_alone(&s, "Judge: Aria's counterattack");
        players_read(&s, "Aria counterattacks Goblin 1");
        players_read(&s, "Out of range: Goblin 1 is near Aria");
        players_read(&s, "Aria attacks Goblin 1");
    }

    #[test]
    fn r13_an_item_in_a_slot_an_open_wound_lands_in_may_be_damaged_at_the_judges_call() {
        let mut s = demo(RulesetId::Slots);
        play(&mut s, "reveal all", &[]);
        play(&mut s, "attack goblin1 Aria", &[4]);
        play(&mut s, "accept", &[]);
        judge_alone(&s, "(the judge's call)");
        players_read(&s, "Aria's Leather boots in slot 4 may be damaged");
        // Days tick no bleeding, and who goes hungry is the judge's to mark.
        play(&mut s, "days 2", &[]);
        judge_alone(&s, "Mark malnourishment");
        judge_alone(&s, "days do not tick bleeding, so rule on it");
    }

    #[test]
    fn r5_a_check_waiting_for_the_judge_is_a_question_to_the_judge() {
        let mut s = demo(RulesetId::Slots);
        play(&mut s, "check Aria terrain", &[8]);
        play(&mut s, "accept", &[]);
        judge_alone(&s, "Judge: Aria's terrain check");
        players_read(&s, "Aria makes a terrain check");
    }

    #[test]
    fn the_judges_note_and_a_creature_coming_into_sight_are_the_judges() {
        let mut s = demo(RulesetId::Slots);
        // Aria attacks a goblin the players have not met: it comes into their sight.
        play(&mut s, "attack Aria goblin1", &[5]);
        play(&mut s, "accept", &[]);
        judge_alone(&s, "Goblin 1 is in the players' sight");
        judge_alone(&s, "have not seen them yet");
        players_read(&s, "Aria attacks Goblin 1");
    }
}

mod phase {
    use super::*;

    #[test]
    fn k37_what_the_event_die_leaves_to_the_judge_is_the_judges() {
        let mut s = demo(RulesetId::Phase);
        // A clue of what the warren's d4 names, then another, then the encounter itself.
        play(&mut s, "turn wait", &[2, 1]);
        judge_alone(&s, "A clue: foreshadow");
        play(&mut s, "turn wait", &[2]);
        judge_alone(&s, "Another clue of");
        play(&mut s, "turn wait", &[1]);
        judge_alone(&s, "roll a reaction if unsure");
        players_read(&s, "as the clues foretold");
        play(&mut s, "turn wait", &[4]);
        judge_alone(&s, "(the judge says what)");
        players_read(&s, "Locality: something in the dungeon changes");
        players_read(&s, "The judge rolls the event die: 2");
    }

    #[test]
    fn k40_the_augurys_secret_die_is_the_judges() {
        let mut s = demo(RulesetId::Phase);
        play(&mut s, "learn Cora augury", &[]);
        play(&mut s, "cast Cora 3 safe", &[]);
        play(&mut s, "augury Cora", &[3]);
        judge_alone(&s, "augury die 3: the answer is false");
    }

    #[test]
    fn k37_an_encounter_with_no_wandering_table_asks_the_judge_to_roll_one() {
        let mut s = session(RulesetId::Phase);
        play(&mut s, "secret default none", &[]);
        play(&mut s, "add Ana pc 5 12 13 10", &[]);
        play(&mut s, "delve on", &[]);
        play(&mut s, "turn wait", &[1]);
        judge_alone(&s, "Roll on the area's wandering table");
        players_read(&s, "The judge rolls the event die: 1");
    }

    #[test]
    fn the_judges_note_and_a_creature_coming_into_sight_are_the_judges() {
        let mut s = demo(RulesetId::Phase);
        play(&mut s, "react Grol", &[3, 4]);
        play(&mut s, "reveal Grol", &[]);
        judge_alone(&s, "Grol is in the players' sight");
        judge_alone(&s, "The reeve of Hollowmere pays 200 coins");
        players_read(&s, "The judge rolls 2d6 for the reaction");
    }
}

mod bdp {
    use super::*;

    #[test]
    fn b5_a_remark_on_a_sheet_and_the_judges_note_are_the_judges() {
        let mut s = demo(RulesetId::Bdp);
        judge_alone(&s, "burnt her hand on the lantern");
        judge_alone(&s, "The reeve of Fenwick wants the toll tower");
        play(&mut s, "remark Snag hides the key", &[]);
        judge_alone(&s, "hides the key");
    }

    #[test]
    fn b18_where_a_deprivation_fatigue_goes_on_a_full_sheet_is_the_judges_ruling() {
        let mut s = session(RulesetId::Bdp);
        play(&mut s, "add Cal pc 10 10 10 5", &[]);
        // Every slot full of Fatigue, and nothing to drop.
        while run(&mut s, "fatigue Cal", &[]).is_ok() {}
        for _ in 0..2 {
            play(&mut s, "rest Cal none", &[]);
            play(&mut s, "night", &[3, 3, 3, 3, 3, 3]);
        }
        judge_alone(&s, "deprivation Fatigue is not placed");
    }

    #[test]
    fn the_judge_bringing_a_creature_into_sight_is_the_judges_to_know() {
        let mut s = demo(RulesetId::Bdp);
        play(&mut s, "save Snag dex for the net", &[5]);
        play(&mut s, "accept", &[]);
        play(&mut s, "reveal Snag", &[]);
        judge_alone(&s, "Snag is in the players' sight");
        players_read(&s, "Snag");
    }
}

mod actiondie {
    use super::*;

    #[test]
    fn d5_a_check_waiting_for_the_judges_verdict_is_a_question_to_the_judge() {
        let mut s = demo(RulesetId::ActionDie);
        play(&mut s, "check Ana str vs 4 for the gate", &[6]);
        play(&mut s, "accept", &[]);
        judge_alone(&s, "by the book");
        players_read(&s, "the gate");
    }

    #[test]
    fn d28_a_remark_on_a_sheet_and_the_judges_note_are_the_judges() {
        let mut s = demo(RulesetId::ActionDie);
        judge_alone(&s, "carries the toll-keeper's letter");
        judge_alone(&s, "The toll-keeper of Saltmarsh swears");
        play(&mut s, "remark Grak owes the river a debt", &[]);
        judge_alone(&s, "owes the river a debt");
    }
}

mod plain {
    use super::*;

    #[test]
    fn the_judges_note_veil_and_secret_are_the_judges() {
        let mut s = session(RulesetId::Plain);
        play(&mut s, "add Ana 8", &[]);
        play(&mut s, "add Ogre 12 others", &[]);
        play(&mut s, "note The ogre guards the ford", &[]);
        play(&mut s, "check Ogre 2d6 vs 9 morale", &[3, 2]);
        play(&mut s, "accept", &[]);
        play(&mut s, "reveal Ogre", &[]);
        judge_alone(&s, "The ogre guards the ford");
        judge_alone(&s, "Ogre is in the players' sight");
        players_read(&s, "Ogre");
        play(&mut s, "check Ana 1d20 vs 10 climb", &[4]);
        play(&mut s, "secret", &[]);
        play(&mut s, "accept", &[]);
        judge_alone(&s, "is kept from the players' table");
        play(&mut s, "veil Ogre", &[]);
        judge_alone(&s, "Ogre is hidden from the players' table");
    }
}

/// What is the judge's alone stays so through the files: the journal (which writes each step's
/// events as well as its command and faces), the players' view following the file, and the
/// judge's slotmark opening it again before and after the journal is folded into it.
mod files {
    use super::*;
    use slotmark::dice::ScriptedDice;
    use slotmark::script::{self, Line};
    use slotmark::store::{Following, JournalRecord, Store, journal_path};

    const REMINDER: &str = "Reminder for the judge: casting needs the book";

    #[test]
    fn a_reminder_written_to_the_journal_stays_the_judges_when_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("chapel.ron");
        let mut session = demo(RulesetId::Ap);
        let mut store = Store::create(&path, &session).unwrap();
        let Ok(Line::Command(cast)) = script::parse_line("cast Pip Light slot 1", session.state())
        else {
            panic!("cast Pip Light slot 1 does not read as a command");
        };
        let logged = session
            .execute(cast, &mut ScriptedDice::new(vec![4]))
            .unwrap()
            .to_logged();
        store
            .journal_step(&JournalRecord::Apply(logged), &session)
            .unwrap();
        let journal = std::fs::read_to_string(journal_path(&path)).unwrap();
        assert!(journal.contains("Judge(["), "{journal}");

        let following = Following::open(&path).unwrap();
        judge_alone(following.session(), REMINDER);
        players_read(following.session(), "Light takes effect");

        drop(store);
        let mut opened = Store::open(&path).unwrap();
        judge_alone(&opened.session, REMINDER);
        opened.store.compact(&opened.session).unwrap();
        drop(opened);
        let folded = Store::open(&path).unwrap();
        judge_alone(&folded.session, REMINDER);
        players_read(&folded.session, "Light takes effect");
    }
}
