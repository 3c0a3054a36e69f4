//! Ruleset `bdp` (rule file 001, BDP-RULES.md B1-B53), one test or more per rule, driven by
//! script lines through `Session::execute` with scripted dice, so every step is also undone
//! and redone.

use slotmark::dice::ScriptedDice;
use slotmark::rules::bdp::{
    Ability, Ask, Character, Illness, Level, Reason, Slot, State, Target, Wait, propose_target,
    tasks::PRESETS,
};
use slotmark::rules::{GameEvent, GameState, RulesetId};
use slotmark::script::{Line, parse_line};
use slotmark::session::{self, Session, SessionState};

struct T {
    s: Session,
}

/// A session whose creatures the players see from the start: these tests are about the rules,
/// not the players' view, so a fight started without names takes everyone who can fight.
fn seen_by_all(mut s: SessionState) -> SessionState {
    s.veil.until_revealed = false;
    s
}

impl T {
    /// Ana (PC, STR 10 DEX 12 WIL 8 HP 6) and an Ogre (creature, STR 14 DEX 10 WIL 10 HP 9).
    fn new() -> T {
        let mut t = T {
            s: Session::new(seen_by_all(SessionState::new("test", RulesetId::Bdp))),
        };
        t.run("add Ana pc 10 12 8 6", &[]);
        t.run("add Ogre creature 14 10 10 9", &[]);
        t
    }

    fn st(&self) -> &State {
        match &self.s.state().game {
            GameState::Bdp(s) => s,
            _ => panic!("a bdp session was expected"),
        }
    }

    fn ana(&self) -> &Character {
        &self.st().characters[0]
    }

    fn ogre(&self) -> &Character {
        &self.st().characters[1]
    }

    fn command(&self, line: &str) -> session::Command {
        match parse_line(line, self.s.state()) {
            Ok(Line::Command(c)) => c,
            other => panic!("{line} did not parse: {other:?}"),
        }
    }

    /// Runs a line that must succeed using exactly `faces`; undo and redo give the same state.
    fn run(&mut self, line: &str, faces: &[u16]) -> String {
        let c = self.command(line);
        let mut dice = ScriptedDice::new(faces.iter().copied());
        let entry = match self.s.execute(c, &mut dice) {
            Ok(e) => e.to_logged(),
            Err(e) => panic!("{line} was refused: {e}"),
        };
        assert_eq!(dice.remaining(), 0, "{line} left dice unrolled");
        let after = self.s.state().clone();
        self.s.undo().unwrap();
        self.s.redo().unwrap();
        assert_eq!(self.s.state(), &after, "undo/redo changed the state");
        entry
            .events
            .iter()
            .map(|e| match e {
                session::Event::Game(GameEvent::Bdp(e)) => e.to_string(),
                other => format!("{other:?}"),
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// A line that must be refused, changing nothing; the message.
    fn refuse(&mut self, line: &str, faces: &[u16]) -> String {
        let before = self.s.state().clone();
        let c = self.command(line);
        match self
            .s
            .execute(c, &mut ScriptedDice::new(faces.iter().copied()))
        {
            Ok(_) => panic!("{line} should have been refused"),
            Err(e) => {
                assert_eq!(self.s.state(), &before);
                e.to_string()
            }
        }
    }

    fn front(&self) -> &Wait {
        self.st().queue.first().expect("something should wait")
    }

    fn roll(&self) -> (Vec<u16>, usize, bool) {
        match self.front() {
            Wait::Roll(r) => (r.faces.clone(), r.kept, r.pass),
            other => panic!("a roll should wait, not {other:?}"),
        }
    }

    fn question(&self) -> (Ask, usize, Vec<String>) {
        match self.front() {
            Wait::Ask(q) => (q.ask.clone(), q.proposed, q.options.clone()),
            other => panic!("a question should wait, not {other:?}"),
        }
    }
}

fn fatigue(c: &Character) -> Vec<Reason> {
    c.slots
        .iter()
        .filter_map(|s| match s {
            Slot::Fatigue(r) => Some(*r),
            _ => None,
        })
        .collect()
}

fn fill_with_items(t: &mut T, n: usize) {
    for i in 0..n {
        t.run(&format!("carry Ana Thing{i}"), &[]);
    }
}

// ---------------------------------------------------------------- B1-B4

#[test]
fn b1_a_sheet_holds_three_abilities_and_hp_within_their_ranges() {
    let mut t = T::new();
    let a = t.ana();
    assert_eq!(
        (
            a.score(Ability::Str).cur,
            a.score(Ability::Dex).max,
            a.hp.cur
        ),
        (10, 12, 6)
    );
    assert_eq!(t.ogre().score(Ability::Str).cur, 14);
    assert!(t.refuse("add Big pc 21 10 10 5", &[]).contains("0-20"));
    assert!(t.refuse("set Ana str 11 10", &[]).contains("at most"));
    // Without a maximum the sheet's stays, as the guide says of every Cairn-family ruleset.
    t.run("set Ana hp 3", &[]);
    assert_eq!((t.ana().hp.cur, t.ana().hp.max), (3, 6));
    t.run("set Ana str 9 max 12", &[]);
    assert_eq!(t.ana().score(Ability::Str).max, 12);
    assert!(t.refuse("set Ana hp 7", &[]).contains("at most"));
}

#[test]
fn b2_the_product_proposes_an_ability_from_the_actions_verb() {
    assert_eq!(Ability::for_action("climb the wall"), Ability::Dex);
    assert_eq!(Ability::for_action("persuade the guard"), Ability::Wil);
    assert_eq!(Ability::for_action("lift the gate"), Ability::Str);
}

#[test]
fn b3_ten_slots_by_default_items_may_be_larger_and_a_permanent_wound_loses_its_slot() {
    let mut t = T::new();
    assert_eq!(t.ana().slots.len(), 10);
    t.run("carry Ana Tent size 2", &[]);
    assert!(matches!(t.ana().slots[1], Slot::More(0)));
    t.run("wound Ana sword permanent", &[]);
    t.run("accept", &[]);
    assert_eq!(t.ana().lost(), 1);
    assert_eq!(t.ana().slots.len(), 10);
}

#[test]
fn b3_an_item_with_no_room_is_refused_in_words_that_count_its_slots() {
    let mut t = T::new();
    fill_with_items(&mut t, 10);
    let one = t.refuse("carry Ana Rope", &[]);
    assert!(one.contains("Ana has no empty slot"), "{one}");
    assert!(!one.contains("no 1 "), "{one}");
    let two = t.refuse("carry Ana Tent size 2", &[]);
    assert!(two.contains("Ana has no 2 empty slots in a row"), "{two}");
}

#[test]
fn b4_with_no_empty_slot_the_highest_item_is_proposed_to_drop_and_nothing_left_refuses() {
    let mut t = T::new();
    fill_with_items(&mut t, 10);
    t.run("fatigue Ana", &[]);
    let (ask, proposed, options) = t.question();
    assert!(matches!(ask, Ask::Drop { .. }));
    assert_eq!(proposed, 0);
    assert!(options[0].contains("slot 10"), "{options:?}");
    t.run("accept", &[]);
    assert_eq!(t.ana().slots[9], Slot::Fatigue(Reason::Judge));
    let mut t = T::new();
    for _ in 0..10 {
        t.run("fatigue Ana", &[]);
    }
    assert!(
        t.refuse("fatigue Ana", &[])
            .contains("nothing left to drop")
    );
}

// ---------------------------------------------------------------- B5-B9

#[test]
fn b5_a_save_passes_at_or_under_the_current_score_1_always_passes_20_always_fails() {
    let mut t = T::new();
    t.run("save Ana dex", &[12]);
    assert!(t.roll().2);
    t.run("accept", &[]);
    t.run("save Ana dex", &[13]);
    assert!(!t.roll().2);
    t.run("accept", &[]);
    t.run("set Ana wil 0 8", &[]);
    t.run("save Ana wil", &[1]);
    assert!(t.roll().2, "a 1 passes even at 0");
    t.run("accept", &[]);
    t.run("set Ana str 20 20", &[]);
    t.run("save Ana str", &[20]);
    assert!(!t.roll().2, "a 20 fails even at 20");
    t.run("rule pass", &[]);
    let e = t.run("accept", &[]);
    assert!(e.contains("ruled a pass"), "the judge's ruling stands: {e}");
    let e = t.run("ruling Ana str pass lift", &[]);
    assert!(e.contains("with no roll"));
}

#[test]
fn b6_advantage_keeps_the_better_by_pass_then_face_and_one_of_each_cancels() {
    let mut t = T::new();
    t.run("save Ana dex adv", &[15, 5]);
    assert_eq!(t.roll(), (vec![15, 5], 1, true), "a pass beats a fail");
    t.run("accept", &[]);
    t.run("save Ana dex adv", &[3, 9]);
    assert_eq!(
        t.roll(),
        (vec![3, 9], 1, true),
        "among passes the higher face"
    );
    t.run("accept", &[]);
    t.run("save Ana dex dis", &[3, 9]);
    assert_eq!(t.roll().1, 0, "disadvantage keeps the worse pass");
    t.run("accept", &[]);
    t.run("save Ana dex dis", &[14, 19]);
    assert_eq!(t.roll().1, 1, "among fails the higher face is worse");
}

#[test]
fn b7_a_contest_is_won_by_the_higher_passing_face() {
    let mut t = T::new();
    t.run("contest Ana str Ogre str", &[8, 12]);
    assert_eq!(t.question().1, 1, "Ogre's 12 beats Ana's 8");
    t.run("accept", &[]);
    t.run("contest Ana str Ogre str", &[2, 1]);
    assert_eq!(t.question().1, 0, "a 1 is a pass worth 1");
}

#[test]
fn b8_both_failing_is_a_stand_off() {
    let mut t = T::new();
    t.run("contest Ana str Ogre str", &[15, 18]);
    let (_, proposed, options) = t.question();
    assert_eq!(options[proposed], "stand-off");
}

#[test]
fn b9_contest_tie_higher_score_wins_and_equal_scores_propose_a_reroll() {
    let mut t = T::new();
    t.run("contest Ana str Ogre str", &[5, 5]);
    assert_eq!(t.question().1, 1, "Ogre's STR 14 beats Ana's 10");
    t.run("accept", &[]);
    t.run("contest Ana str Ogre dex", &[5, 5]);
    let (_, proposed, options) = t.question();
    assert_eq!(options[proposed], "roll again");
    t.run("accept", &[7, 3]);
    assert_eq!(t.question().1, 0, "the re-roll is a new contest");
}

// ---------------------------------------------------------------- B10-B14

#[test]
fn b10_ticks_decide_success_failure_or_the_d6() {
    let mut t = T::new();
    assert!(
        t.run("task Ana tgs pick the lock", &[])
            .contains("success, no roll")
    );
    assert!(
        t.run("task Ana t-- pick the lock", &[])
            .contains("failure, no roll")
    );
    assert!(t.run("task Ana impossible fly", &[]).contains("fails"));
    assert!(t.run("task Ana sure walk", &[]).contains("succeeds"));
    t.run("task Ana tg- pick the lock", &[4]);
    assert!(t.roll().2);
    assert!(t.run("accept", &[]).contains("success"));
    t.run("task Ana tg- pick the lock", &[1]);
    assert!(!t.roll().2);
}

#[test]
fn b11_success_at_a_cost_proposes_one_fatigue() {
    let mut t = T::new();
    t.run("task Ana -gs climb", &[3]);
    t.run("accept", &[]);
    let (ask, proposed, _) = t.question();
    assert!(matches!(ask, Ask::Cost { .. }));
    assert_eq!(proposed, 0);
    t.run("accept", &[]);
    assert_eq!(fatigue(t.ana()), [Reason::TaskCost]);
}

#[test]
fn b11_every_cost_the_judge_picks_lands_on_the_sheet() {
    let cost = |t: &mut T, option: usize, faces: &[u16]| {
        t.run("task Ana -gs pick the lock", &[2]);
        t.run("accept", &[]);
        t.run(&format!("choose {option}"), faces)
    };
    let mut t = T::new();
    t.run("carry Ana Rope", &[]);
    t.run("carry Ana Lantern", &[]);
    let (_, _, options) = {
        t.run("task Ana -gs pick the lock", &[2]);
        t.run("accept", &[]);
        t.question()
    };
    assert_eq!(
        options,
        [
            "+1 Fatigue",
            "minor damage: 1d4 HP",
            "the Rope breaks (slot 1)",
            "the Lantern breaks (slot 2)",
            "a complication (noted on the sheet)"
        ]
    );
    t.run("cancel", &[]);
    cost(&mut t, 2, &[3]);
    assert_eq!(t.ana().hp.cur, 3, "1d4 HP of minor damage");
    cost(&mut t, 4, &[]);
    assert!(t.ana().slots[1].text().contains("[broken]"));
    assert!(!t.ana().slots[0].text().contains("[broken]"));
    cost(&mut t, 4, &[]);
    assert_eq!(
        t.ana().notes.to_vec(),
        ["a complication from pick the lock"]
    );
    assert_eq!(fatigue(t.ana()), []);
}

#[test]
fn b12_proposed_ticks_read_the_sheet_heavy_armour_and_a_high_score() {
    let mut t = T::new();
    t.run("set Ana dex 15 15", &[]);
    t.run("carry Ana Rope", &[]);
    assert!(
        t.run("task Ana auto dex climb the wall", &[])
            .contains("success, no roll")
    );
    t.run("carry Ana Plate heavy", &[]);
    let e = t.run("task Ana auto dex climb the wall", &[5]);
    assert!(e.contains("heavy armour"), "{e}");
    t.run("accept", &[]);
    t.run("set Ana dex 5 15", &[]);
    t.run("tag Ana background climb", &[]);
    t.run("drop Ana 2", &[]);
    let e = t.run("task Ana auto dex climb the wall", &[5]);
    assert!(e.contains("background alone"), "{e}");
}

#[test]
fn b12_gear_is_proposed_only_when_an_item_on_the_sheet_fits_the_task() {
    let mut t = T::new();
    t.run("carry Ana Sword", &[]);
    t.run("carry Ana Waterskin", &[]);
    t.run("carry Ana Rations", &[]);
    let e = t.run("task Ana auto dex pick the lock", &[]);
    assert!(
        e.contains("gear no"),
        "a sword, a waterskin and rations pick no lock: {e}"
    );
    assert!(e.contains("no item on the sheet fits it"), "{e}");
    assert!(e.contains("failure, no roll"), "{e}");
    t.run("carry Ana Lockpicks", &[]);
    let e = t.run("task Ana auto dex pick the lock", &[5]);
    assert!(e.contains("the Lockpicks helps"), "{e}");
    let title = |t: &T| match t.front() {
        Wait::Roll(r) => r.title.clone(),
        other => panic!("the d6 should wait, not {other:?}"),
    };
    assert!(title(&t).contains("gear yes"), "{}", title(&t));
    t.run("accept", &[]);
    // An item of the judge's own fits the tasks it is carried for; a broken one fits none.
    t.run("drop Ana 4", &[]);
    t.run("carry Ana Wire for lock", &[]);
    t.run("task Ana auto dex pick the lock", &[5]);
    assert!(title(&t).contains("gear yes"), "{}", title(&t));
    t.run("accept", &[]);
    t.run("break Ana 4", &[]);
    let e = t.run("task Ana auto dex pick the lock", &[]);
    assert!(e.contains("gear no"), "{e}");
}

#[test]
fn b13_the_worked_examples_ship_as_presets() {
    assert_eq!(PRESETS.len(), 6);
    let climb = PRESETS.iter().find(|p| p.0 == "wall climb").unwrap();
    assert_eq!(climb.2, Ability::Dex);
    assert!(climb.1.contains("heavy armour"));
}

#[test]
fn b14_the_die_of_fate_answers_and_changes_no_sheet() {
    let mut t = T::new();
    let before = t.st().characters.clone();
    assert!(
        t.run("fate is the bridge guarded", &[3])
            .contains("No, but…")
    );
    assert!(t.run("fate", &[6]).contains("Yes, and…"));
    assert_eq!(t.st().characters, before);
}

// ---------------------------------------------------------------- B15-B19

#[test]
fn b15_block_dodge_and_spell_each_add_exactly_one_fatigue_with_its_reason() {
    let mut t = T::new();
    t.run("block Ana", &[]);
    t.run("dodge Ana", &[]);
    t.run("cast Ana", &[]);
    assert_eq!(
        fatigue(t.ana()),
        [Reason::Block, Reason::Dodge, Reason::Spell]
    );
}

#[test]
fn b16_meals_and_nights_clear_fatigue_even_while_deprived() {
    let mut t = T::new();
    for _ in 0..3 {
        t.run("fatigue Ana", &[]);
    }
    t.run("eat Ana simple fire", &[]);
    assert_eq!(fatigue(t.ana()).len(), 2);
    t.run("eat Ana fancy fire pot", &[]);
    assert_eq!(fatigue(t.ana()).len(), 0);
    t.run("fatigue Ana", &[]);
    t.run("deprive Ana food", &[]);
    t.run("rest Ana normal", &[]);
    t.run("night", &[]);
    assert!(t.ana().deprived());
    assert!(!fatigue(t.ana()).contains(&Reason::Judge));
}

#[test]
fn b17_missing_a_need_at_dawn_deprives_and_a_meal_ends_food_deprivation() {
    let mut t = T::new();
    t.run("night", &[]);
    assert!(t.ana().food_deprived && t.ana().sleep_deprived);
    t.run("eat Ana fresh", &[]);
    assert!(!t.ana().food_deprived && t.ana().sleep_deprived);
    t.run("rest Ana perilous", &[]);
    t.run("night", &[]);
    assert!(!t.ana().sleep_deprived);
}

#[test]
fn b18_the_second_deprived_dawn_adds_one_fatigue_and_a_good_dawn_resets() {
    let mut t = T::new();
    t.run("night", &[]);
    assert_eq!((t.ana().deprived_dawns, fatigue(t.ana()).len()), (1, 0));
    t.run("night", &[]);
    assert_eq!(fatigue(t.ana()), [Reason::Deprivation]);
    t.run("night", &[]);
    assert_eq!(fatigue(t.ana()).len(), 2);
    t.run("eat Ana fresh", &[]);
    t.run("rest Ana perilous", &[]);
    t.run("night", &[]);
    assert_eq!(t.ana().deprived_dawns, 0);
}

#[test]
fn b19_while_deprived_no_hp_or_ability_comes_back() {
    let mut t = T::new();
    t.run("damage Ana 3 hp", &[]);
    t.run("deprive Ana food", &[]);
    assert!(t.refuse("breath Ana", &[]).contains("Deprived"));
    assert!(t.refuse("recover Ana str", &[]).contains("Deprived"));
}

// ---------------------------------------------------------------- B20-B31

#[test]
fn b20_damage_hits_hp_or_the_ability_the_source_proposes() {
    assert_eq!(propose_target("sword"), Target::Hp);
    assert_eq!(propose_target("poison"), Target::Ability(Ability::Dex));
    assert_eq!(propose_target("fear"), Target::Ability(Ability::Wil));
    assert_eq!(propose_target("a fall"), Target::Ability(Ability::Str));
    let mut t = T::new();
    t.run("damage Ana 2 poison", &[]);
    assert_eq!(t.ana().score(Ability::Dex).cur, 10);
}

#[test]
fn b21_damage_past_0_hp_lowers_str_and_calls_a_str_crit_save() {
    let mut t = T::new();
    t.run("damage Ana 6 hp", &[]);
    assert!(t.st().queue.is_empty(), "exactly 0 does nothing more");
    t.run("set Ana hp 6 6", &[]);
    t.run("damage Ana 2d6 hp", &[4, 4, 10]);
    assert_eq!((t.ana().hp.cur, t.ana().score(Ability::Str).cur), (0, 8));
    assert_eq!(t.roll(), (vec![10], 0, false), "STR 8 after the damage");
}

#[test]
fn b22_str_0_kills_and_dex_0_puts_out_with_no_save() {
    let mut t = T::new();
    t.run("damage Ana 20 dex nocrit", &[]);
    assert!(t.ana().out.as_ref().is_some_and(|o| o.zero));
    t.run("set Ana dex 3 12", &[]);
    assert!(
        t.ana().out.is_none(),
        "an out from 0 lasts while the score is 0"
    );
    t.run("damage Ana 20 str", &[]);
    assert!(t.ana().dead);
    assert!(t.st().queue.is_empty());
}

#[test]
fn b23_an_ability_crit_save_is_proposed_when_the_largest_value_is_8_or_more() {
    let mut t = T::new();
    t.run("damage Ana 1d8 dex", &[2, 5]);
    assert!(matches!(t.front(), Wait::Roll(_)));
    t.run("accept", &[]);
    t.run("damage Ana 1d4 dex", &[2]);
    assert!(t.st().queue.is_empty());
}

#[test]
fn b24_hazard_presets_carry_their_damage_and_crit_save() {
    let mut t = T::new();
    t.run("hazard Ana venom", &[3, 4]);
    assert_eq!(t.ana().score(Ability::Dex).cur, 9);
    assert!(matches!(t.front(), Wait::Roll(_)));
    t.run("accept", &[]);
    t.run("hazard Ana trap", &[2]);
    assert!(t.st().queue.is_empty());
    t.run("hazard Ana glimpse", &[]);
    assert_eq!(t.ana().score(Ability::Wil).cur, 7);
}

#[test]
fn b25_a_fall_of_n_floors_rolls_nd10_as_one_loss_then_one_save() {
    let mut t = T::new();
    t.run("set Ana str 20 20", &[]);
    let e = t.run("hazard Ana fall 2", &[3, 4, 10]);
    assert!(e.contains("2d10 [3, 4] = 7"), "{e}");
    assert_eq!(t.ana().score(Ability::Str).cur, 13);
    assert_eq!(t.st().queue.len(), 1);
}

#[test]
fn b26_failed_dex_crit_save_puts_out() {
    let mut t = T::new();
    t.run("damage Ana 1d8 dex", &[3, 15]);
    t.run("accept", &[]);
    let (ask, proposed, options) = t.question();
    assert!(matches!(ask, Ask::OutWord { .. }));
    assert_eq!(options[proposed], "unconscious");
    t.run("choose 2", &[]);
    assert_eq!(t.ana().out.as_ref().unwrap().word, "immobilised");
    t.run("out Ana off", &[]);
    assert!(t.ana().out.is_none());
}

#[test]
fn b26_the_critical_damage_save_takes_an_edge_after_it_is_rolled() {
    let mut t = T::new();
    t.run("damage Ana 1d8 dex", &[3, 15]);
    assert_eq!(t.roll(), (vec![15], 0, false));
    t.run("edge adv", &[4]);
    assert_eq!(t.roll(), (vec![15, 4], 1, true), "the better die kept (B6)");
    assert!(
        t.refuse("edge adv", &[20]).contains("already"),
        "never a third die"
    );
    assert!(t.run("accept", &[]).contains("shrugs off"));
    t.run("damage Ana 1d8 dex", &[1, 4]);
    t.run("edge dis", &[18]);
    assert_eq!(t.roll(), (vec![4, 18], 1, false), "the worse die kept");
    t.run("accept", &[]);
    assert!(matches!(t.question().0, Ask::OutWord { .. }));
    t.run("choose 1", &[]);
    t.run("task Ana tg- climb the wall", &[3]);
    assert!(t.refuse("edge adv", &[5]).contains("only a d20 save"));
    t.run("cancel", &[]);
    t.run("save Ogre str", &[9]);
    t.run("rule fail", &[]);
    assert!(t.refuse("edge adv", &[5]).contains("ruled"));
}

/// HP overflow into STR, the save failed: the d10 waits as a question.
fn str_crit_failed(t: &mut T, d10: u16) {
    t.run("damage Ana 7 hp Sword", &[19]);
    t.run("accept", &[d10]);
}

#[test]
fn b27_the_injury_d10_picks_the_area_and_its_effect() {
    let mut t = T::new();
    str_crit_failed(&mut t, 7);
    t.run("accept", &[3]);
    assert_eq!(t.ana().score(Ability::Dex).cur, 9, "right leg: 1d4 DEX");
    let mut t = T::new();
    str_crit_failed(&mut t, 10);
    t.run("accept", &[2]);
    assert!(t.ana().dead, "head, d6 1-3: dead");
    let mut t = T::new();
    str_crit_failed(&mut t, 10);
    t.run("accept", &[5]);
    assert!(t.ana().notes.iter().any(|n| n.contains("eye")));
}

#[test]
fn b28_an_arm_injury_drops_the_held_item_and_impairs_the_arm_and_torso_loss_can_kill() {
    let mut t = T::new();
    t.run("carry Ana Sword right", &[]);
    str_crit_failed(&mut t, 9);
    t.run("accept", &[]);
    assert!(t.ana().impaired[1]);
    assert!(matches!(t.question().0, Ask::DropHeld { .. }));
    t.run("accept", &[]);
    assert!(!t.ana().slots.iter().any(|s| matches!(s, Slot::Item(_))));
    let mut t = T::new();
    t.run("set Ana str 2 10", &[]);
    t.run("damage Ana 6 hp", &[]);
    t.run("damage Ana 1 hp", &[2]);
    t.run("rule fail", &[]);
    t.run("accept", &[3]);
    t.run("accept", &[4]);
    assert!(t.ana().dead, "the torso's extra loss applies B22");
    assert!(t.st().queue.is_empty(), "and calls no further save");
}

#[test]
fn b28_a_hand_holds_one_item_so_the_arm_injury_knows_which_drops() {
    let mut t = T::new();
    t.run("carry Ana Sword right", &[]);
    t.run("carry Ana Torch right", &[]);
    let held: Vec<&str> = t
        .ana()
        .slots
        .iter()
        .filter_map(|s| match s {
            Slot::Item(i) if i.held.is_some() => Some(i.name.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(
        held,
        ["Torch"],
        "carrying into a hand lets go of what it held"
    );
}

#[test]
fn b29_every_injury_adds_a_severe_wound_unless_worn_gear_stops_it() {
    let mut t = T::new();
    str_crit_failed(&mut t, 6);
    t.run("accept", &[1]);
    let w = t.ana().slots.iter().find_map(|s| match s {
        Slot::Wound(w) => Some(w.clone()),
        _ => None,
    });
    let w = w.unwrap();
    assert_eq!((w.kind.as_str(), w.level), ("Sword wound", Level::Severe));
    assert_eq!(w.text(), "Severe Sword wound (Left Leg)");
    let mut t = T::new();
    t.run("carry Ana Helm helmet", &[]);
    str_crit_failed(&mut t, 10);
    assert_eq!(t.question().1, 1, "the helmet is proposed to stop it");
    t.run("accept", &[]);
    assert!(!t.ana().slots.iter().any(|s| matches!(s, Slot::Wound(_))));
}

#[test]
fn b30_the_dead_take_no_saves_and_stay_in_the_roster_until_undone() {
    let mut t = T::new();
    t.run("dead Ana", &[]);
    assert!(t.refuse("save Ana str", &[5]).contains("dead"));
    assert_eq!(t.st().characters.len(), 2);
    t.s.undo().unwrap();
    assert!(!t.ana().dead);
}

#[test]
fn b31_no_armour_value_reduces_damage() {
    let mut t = T::new();
    t.run("carry Ana Plate heavy", &[]);
    t.run("damage Ana 4 hp", &[]);
    assert_eq!(t.ana().hp.cur, 2);
}

#[test]
fn b29_a_hazard_takes_a_source_and_its_wound_is_named_after_it() {
    let wounds = |t: &T| {
        t.ana()
            .slots
            .iter()
            .filter_map(|s| match s {
                Slot::Wound(w) => Some(w.text()),
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    // A fall: d10 3 (STR 7), the crit save fails on 19, the injury's d10 7 is the right leg.
    let mut t = T::new();
    t.run("hazard Ana fall 1 Tower fall", &[3, 19]);
    t.run("accept", &[7]);
    t.run("accept", &[1]);
    assert_eq!(wounds(&t), ["Severe Tower fall wound (Right Leg)"]);
    // No source given: the hazard's name stands for it.
    let mut t = T::new();
    t.run("hazard Ana fall", &[3, 19]);
    t.run("accept", &[7]);
    t.run("accept", &[1]);
    assert_eq!(wounds(&t), ["Severe Fall wound (Right Leg)"]);
    // Floors and a source together.
    let mut t = T::new();
    let e = t.run("hazard Ana fall 2 Rotten stairs", &[1, 1, 2]);
    assert!(e.contains("2d10") && e.contains("(Rotten stairs)"), "{e}");
}

// ---------------------------------------------------------------- B32-B35

#[test]
fn b32_a_wound_of_a_kind_held_may_rise_a_new_slot_proposed_while_one_is_empty() {
    let mut t = T::new();
    t.run("wound Ana burn light torso", &[]);
    t.run("wound Ana burn severe torso", &[]);
    let (ask, proposed, _) = t.question();
    assert!(matches!(ask, Ask::Rise { .. }));
    assert_eq!(proposed, 0);
    t.run("choose 2", &[]);
    assert!(matches!(&t.ana().slots[0], Slot::Wound(w) if w.level == Level::Severe));
    t.run("wound Ana cut permanent head", &[]);
    t.run("accept", &[]);
    t.run("wound Ana cut light head", &[]);
    assert!(t.st().queue.is_empty(), "a Permanent wound cannot rise");
}

#[test]
fn b33_light_wounds_heal_by_their_cure_herbs_at_dawn_brews_at_once() {
    let mut t = T::new();
    t.run("wound Ana frostbite light", &[]);
    t.run("treat Ana 1 herb", &[]);
    assert!(matches!(t.ana().slots[0], Slot::Wound(_)));
    t.run("night", &[]);
    assert_eq!(t.ana().slots[0], Slot::Empty);
    t.run("wound Ana frostbite severe", &[]);
    assert!(t.refuse("treat Ana 1 brew", &[]).contains("Light"));
}

#[test]
fn b34_a_week_of_care_removes_a_severe_wound() {
    let mut t = T::new();
    t.run("wound Ana sword severe", &[]);
    t.run("care Ana 1", &[]);
    assert_eq!(t.ana().slots[0], Slot::Empty);
    assert_eq!(t.st().clock.day(), 8);
}

#[test]
fn b35_a_permanent_wound_costs_a_max_point_by_kind_and_training_gives_it_back() {
    let mut t = T::new();
    t.run("wound Ana nerve permanent", &[]);
    assert_eq!(t.question().1, 2, "nerve damage: WIL proposed");
    t.run("accept", &[]);
    assert_eq!(
        t.ana().score(Ability::Wil),
        slotmark::rules::bdp::Score { cur: 7, max: 7 }
    );
    t.run("train Ana wil", &[]);
    assert_eq!(t.ana().score(Ability::Wil).max, 8);
    assert_eq!(t.ana().lost(), 1, "the slot stays lost");
    assert!(t.refuse("train Ana wil", &[]).contains("no Permanent"));
}

#[test]
fn b32_the_player_chooses_a_new_slot_or_a_rise_not_the_judge() {
    let mut t = T::new();
    t.run("wound Ana burn light torso", &[]);
    t.run("wound Ana burn severe torso", &[]);
    let title = match t.front() {
        Wait::Ask(q) => format!("{} / {}", q.title, q.why),
        other => panic!("a question should wait, not {other:?}"),
    };
    assert!(title.contains("Ana's player chooses"), "{title}");
    let e = t.run("choose 2", &[]);
    assert!(e.contains("Ana's player picks slot 1 rises"), "{e}");
    assert!(!e.contains("judge"), "{e}");
}

#[test]
fn b35_a_permanent_wound_lowers_max_and_current_on_every_path() {
    let score = |cur, max| slotmark::rules::bdp::Score { cur, max };
    // Entered directly: WIL 6/8 becomes 5/7, not 6/7.
    let mut t = T::new();
    t.run("set Ana wil 6 8", &[]);
    t.run("wound Ana nerve permanent", &[]);
    t.run("accept", &[]);
    assert_eq!(t.ana().score(Ability::Wil), score(5, 7));
    // Rising from Severe: STR 8/10 becomes 7/9.
    let mut t = T::new();
    t.run("set Ana str 8 10", &[]);
    t.run("wound Ana cut severe torso", &[]);
    t.run("wound Ana cut permanent torso", &[]);
    t.run("choose 2", &[]);
    assert!(matches!(t.question().0, Ask::Permanent { .. }));
    t.run("accept", &[]);
    assert_eq!(t.ana().score(Ability::Str), score(7, 9));
    // Placed after an item is dropped from a full row: DEX 12/12 becomes 11/11.
    let mut t = T::new();
    fill_with_items(&mut t, 10);
    t.run("wound Ana sprain permanent", &[]);
    t.run("accept", &[]);
    t.run("accept", &[]);
    assert_eq!(t.ana().score(Ability::Dex), score(11, 11));
}

// ---------------------------------------------------------------- B36-B39

#[test]
fn b36_the_disease_table_lists_ability_loss_and_passes() {
    let (name, ability, loss, length, passes) = Illness::Bonebreaker.data();
    assert_eq!(
        (name, ability, loss, length, passes),
        ("Bonebreaker Plague", Ability::Str, (2, 1), None, Some(3))
    );
    assert_eq!(Illness::SoulsDespair.data().4, None, "only a cure ends it");
    assert_eq!(Illness::TickJitters.data().3, Some(6));
}

#[test]
fn b37_a_limited_diseases_length_is_rolled_at_infection() {
    let mut t = T::new();
    t.run("infect Ana swamp", &[3]);
    assert_eq!(t.ana().diseases[0].dawns_left, Some(3));
}

#[test]
fn b38_each_dawn_a_str_save_fails_into_the_loss_and_passes_count_to_the_end() {
    let mut t = T::new();
    t.run("infect Ana swamp", &[2]);
    t.run("night", &[15]);
    assert_eq!(t.roll(), (vec![15], 0, false), "the dawn's save waits");
    assert_eq!(
        t.ana().score(Ability::Str).cur,
        10,
        "nothing lost before the verdict"
    );
    t.run("accept", &[]);
    assert_eq!(t.ana().score(Ability::Str).cur, 9);
    assert_eq!(t.ana().diseases[0].dawns_left, Some(1));
    t.run("cared Ana", &[]);
    t.run("night", &[15, 4]);
    assert_eq!(t.roll(), (vec![15, 4], 1, true), "cared for: advantage");
    t.run("accept", &[]);
    assert!(t.ana().diseases.is_empty(), "ends after its 2 dawns");
    t.run("infect Ana bonebreaker", &[]);
    for _ in 0..3 {
        t.run("night", &[2, 20]);
        t.run("accept", &[]);
    }
    assert!(t.ana().diseases.is_empty(), "3 passes, not in a row");
}

#[test]
fn b38_the_judge_rules_a_dawn_disease_save_and_nothing_else_runs_before_it() {
    let mut t = T::new();
    t.run("infect Ana shadowrot", &[]);
    t.run("night", &[3]);
    t.run("rule fail", &[]);
    t.run("accept", &[]);
    assert_eq!(t.ana().score(Ability::Dex).cur, 10, "ruled a fail: 2 DEX");
    assert_eq!(t.ana().diseases[0].passes, 0);
    t.run("night", &[4]);
    assert!(
        t.refuse("cure Ana 1 temple", &[])
            .contains("answer it first")
    );
    t.run("accept", &[]);
    assert_eq!(t.ana().diseases[0].passes, 1);
    assert!(
        t.refuse("infect Ana shadowrot", &[])
            .contains("already has")
    );
}

#[test]
fn b39_a_cure_ends_a_disease_with_no_saves() {
    let mut t = T::new();
    t.run("infect Ana soul", &[]);
    t.run("cure Ana 1 temple", &[]);
    assert!(t.ana().diseases.is_empty());
}

// ---------------------------------------------------------------- B40-B48

#[test]
fn b40_catching_breath_restores_hp_but_not_in_a_fight() {
    let mut t = T::new();
    t.run("damage Ana 4 hp", &[]);
    t.run("breath Ana well", &[]);
    assert_eq!(t.ana().hp.cur, 6);
    t.run("damage Ana 4 hp", &[]);
    t.run("fight", &[]);
    assert!(t.refuse("breath Ana", &[]).contains("fight"));
}

#[test]
fn b40_an_empty_waterskin_asks_for_the_waters_source_instead_of_assuming_one() {
    let mut t = T::new();
    t.run("carry Ana Waterskin", &[]);
    t.run("damage Ana 1 hp", &[]);
    for _ in 0..3 {
        t.run("breath Ana", &[1]);
        t.run("damage Ana 1 hp", &[]);
    }
    assert_eq!(t.ana().slots[0].text(), "Waterskin (empty)");
    let e = t.refuse("breath Ana", &[]);
    assert!(
        e.contains("empty") && e.contains("where it comes from"),
        "{e}"
    );
    let e = t.run("breath Ana the brook", &[]);
    assert!(e.contains("water from the brook"), "{e}");
    assert_eq!(t.ana().hp.cur, 6);
    // With no waterskin at all the source is asked for too.
    let mut t = T::new();
    t.run("damage Ana 1 hp", &[]);
    assert!(t.refuse("breath Ana", &[]).contains("no waterskin"));
}

#[test]
fn b41_the_waterskin_steps_down_on_1_or_2_and_refills_to_d8() {
    let mut t = T::new();
    t.run("carry Ana Waterskin waterskin", &[]);
    t.run("damage Ana 1 hp", &[]);
    t.run("breath Ana", &[2]);
    assert_eq!(t.ana().slots[0].text(), "Waterskin (d6)");
    t.run("breath Ana", &[]);
    t.run("refill Ana 1", &[]);
    assert_eq!(t.ana().slots[0].text(), "Waterskin (d8)");
}

#[test]
fn b42_a_comfortable_night_gives_1_to_each_ability_below_max() {
    let mut t = T::new();
    t.run("set Ana str 5 10", &[]);
    t.run("set Ana dex 5 12", &[]);
    t.run("eat Ana fresh", &[]);
    t.run("rest Ana comfortable", &[]);
    t.run("night", &[]);
    assert_eq!(
        (
            t.ana().score(Ability::Str).cur,
            t.ana().score(Ability::Dex).cur,
            t.ana().score(Ability::Wil).cur
        ),
        (6, 6, 8)
    );
}

#[test]
fn b43_eating_a_ration_uses_it_up() {
    let mut t = T::new();
    t.run("carry Ana Rations", &[]);
    t.run("carry Ana Rations", &[]);
    t.run("fatigue Ana", &[]);
    let e = t.run("eat Ana ration", &[]);
    assert!(e.contains("eats the Rations from slot 1"), "{e}");
    assert_eq!(t.ana().slots[0], Slot::Empty, "the ration is used up");
    assert!(
        fatigue(t.ana()).is_empty(),
        "a Simple meal clears a Fatigue"
    );
    t.run("eat Ana ration", &[]);
    assert!(t.refuse("eat Ana ration", &[]).contains("no ration"));
}

#[test]
fn b43_help_lists_every_meal_the_page_documents() {
    let help = slotmark::script::help_text_for(RulesetId::Bdp);
    let page = include_str!("../docs/rulesets/bdp.md");
    let documented = page
        .lines()
        .find_map(|l| l.find("`eat NAME ").map(|at| &l[at + 1..]))
        .and_then(|l| l.split('`').next())
        .expect("the page documents eat");
    assert!(help.contains(documented), "help lacks `{documented}`");
}

#[test]
fn b43_a_vomited_desperate_meal_does_not_count_and_simple_needs_fire() {
    let mut t = T::new();
    t.run("eat Ana desperate", &[15]);
    assert_eq!(t.roll(), (vec![15], 0, false), "the WIL save waits");
    assert!(t.run("accept", &[]).contains("comes back up"));
    assert!(t.ana().meals.is_empty());
    t.run("eat Ana desperate", &[15]);
    t.run("rule pass", &[]);
    t.run("accept", &[]);
    assert_eq!(t.ana().meals.len(), 1, "the judge ruled it kept down");
    assert!(t.refuse("eat Ana simple", &[]).contains("fire"));
    t.run("carry Ana Rations", &[]);
    t.run("eat Ana ration", &[]);
    assert_eq!(t.ana().meals.len(), 2);
}

fn herbs(t: &mut T) {
    t.run("carry Ana Moss common hills", &[]);
    t.run("carry Ana Root uncommon plains", &[]);
    t.run("carry Ana Moss common hills", &[]);
}

#[test]
fn b44_a_brew_needs_two_names_and_enough_potency() {
    let mut t = T::new();
    herbs(&mut t);
    assert!(
        t.refuse("brew Ana healing 1 3", &[])
            .contains("2 different")
    );
    assert!(t.refuse("brew Ana healing 1 2", &[]).contains("short"));
    t.run("brew Ana healing 1 2 3", &[]);
    assert_eq!(t.ana().slots[0].text(), "Healing Salve");
    assert_eq!(t.ana().slots[1], Slot::Empty);
}

#[test]
fn b45_recipes_carry_their_region_needs() {
    let mut t = T::new();
    t.run("carry Ana Reed common swamp", &[]);
    t.run("carry Ana Root uncommon plains", &[]);
    assert!(t.refuse("brew Ana coldroot 1 2", &[]).contains("Hills"));
    t.run("brew Ana herbal 1 2", &[]);
    assert_eq!(t.ana().slots[0].text(), "Herbal Antidote");
}

#[test]
fn b46_a_restorative_resolves_at_dawn_and_the_tonic_betters_the_rest() {
    let mut t = T::new();
    herbs(&mut t);
    t.run("brew Ana healing 1 2 3", &[]);
    t.run("set Ana str 5 10", &[]);
    t.run("use Ana 1", &[]);
    t.run("eat Ana fresh", &[]);
    t.run("rest Ana perilous", &[]);
    t.run("night", &[3]);
    assert_eq!(t.ana().score(Ability::Str).cur, 8);
    t.run("fatigue Ana", &[]);
    t.run("carry Ana Tonic", &[]);
    // a brewed tonic, by name
    let mut t2 = T::new();
    t2.run("carry Ana \"Sleeping Tonic\"", &[]);
    t2.run("fatigue Ana", &[]);
    t2.run("use Ana 1", &[]);
    t2.run("eat Ana fresh", &[]);
    t2.run("rest Ana perilous", &[]);
    t2.run("night", &[]);
    assert!(fatigue(t2.ana()).is_empty(), "Perilous became Normal");
}

#[test]
fn b47_ironroot_sets_a_24_hour_timer_that_expires_at_a_later_dawn() {
    let mut t = T::new();
    t.run("carry Ana \"Ironroot Brew\"", &[]);
    t.run("use Ana 1", &[]);
    assert_eq!(t.ana().timers.len(), 1);
    t.run("night", &[]);
    assert_eq!(t.ana().timers.len(), 1);
    t.run("watch", &[]);
    t.run("watch", &[]);
    t.run("night", &[]);
    assert!(t.ana().timers.is_empty());
}

#[test]
fn b48_a_day_of_recovery_runs_the_dawn_then_rolls_1d4() {
    let mut t = T::new();
    t.run("set Ana wil 2 8", &[]);
    t.run("eat Ana fresh", &[]);
    t.run("rest Ana normal", &[]);
    t.run("recover Ana wil", &[4]);
    assert_eq!(t.ana().score(Ability::Wil).cur, 6);
    assert_eq!(t.ana().meals.len(), 0, "the dawn ran");
}

// ---------------------------------------------------------------- B49-B53

#[test]
fn b49_the_turn_list_puts_pcs_first_skips_the_out_and_counts_rounds() {
    let mut t = T::new();
    t.run("add Bo pc 10 10 10 4", &[]);
    t.run("fight", &[]);
    let f = t.st().fight.clone().unwrap();
    assert_eq!(f.order, [0, 2, 1]);
    t.run("damage Bo 20 dex", &[]);
    t.run("next", &[]);
    assert_eq!(t.st().fight.as_ref().unwrap().at, 2, "Bo is out: skipped");
    t.run("next", &[]);
    assert_eq!(t.st().fight.as_ref().unwrap().round, 2);
    t.run("order Ogre Ana Bo", &[]);
    assert_eq!(t.st().fight.as_ref().unwrap().order, [1, 0, 2]);
}

#[test]
fn b50_block_and_dodge_tire_the_defender() {
    let mut t = T::new();
    t.run("fight", &[]);
    t.run("block Ogre", &[]);
    t.run("dodge Ogre", &[]);
    assert_eq!(fatigue(t.ogre()), [Reason::Block, Reason::Dodge]);
}

#[test]
fn b51_gas_ticks_at_the_start_of_an_exposed_turn_and_by_tick_outside() {
    let mut t = T::new();
    t.run("expose Ogre gas", &[]);
    t.run("tick gas", &[]);
    assert_eq!(t.ogre().score(Ability::Str).cur, 13);
    t.run("fight", &[]);
    t.run("next", &[]);
    assert_eq!(t.ogre().score(Ability::Str).cur, 12);
}

#[test]
fn b52_a_watch_is_8_hours_and_cold_ticks_at_its_end() {
    let mut t = T::new();
    t.run("expose Ana cold", &[]);
    t.run("watch", &[]);
    assert_eq!(t.st().clock.seconds, 8 * 3600);
    assert_eq!(t.ana().score(Ability::Str).cur, 9);
}

#[test]
fn b53_dawn_runs_in_order_a_missed_meal_blocks_this_dawns_recovery() {
    let mut t = T::new();
    t.run("set Ana str 5 10", &[]);
    t.run("fatigue Ana", &[]);
    t.run("rest Ana comfortable", &[]);
    t.run("night", &[]);
    assert_eq!(
        t.ana().score(Ability::Str).cur,
        5,
        "no meal: Deprived, no +1"
    );
    assert!(fatigue(t.ana()).is_empty(), "Fatigue still cleared");
    assert_eq!(t.ogre().deprived_dawns, 0, "creatures sit out the dawn");
    assert_eq!(t.st().clock.seconds, 8 * 3600);
}

#[test]
fn b53_each_dawn_is_named_by_the_clock_as_its_night_ends() {
    let mut t = T::new();
    t.run("watch", &[]);
    t.run("watch", &[]);
    let first = t.run("night", &[]);
    assert!(first.contains("Dawn of day 2, 00:00"), "{first}");
    assert_eq!(t.st().clock.day(), 2);
    let second = t.run("night", &[]);
    assert!(second.contains("Dawn of day 2, 08:00"), "{second}");
    let dawn = |e: &str| e.lines().next().unwrap_or_default().to_string();
    assert_ne!(dawn(&first), dawn(&second), "two nights, two dawns");
}

// ---------------------------------------------------------------- a whole fight

#[test]
fn a_whole_fight_with_a_block_an_overflow_an_injury_and_a_dawn() {
    let mut t = T::new();
    t.run("carry Ana Sword right", &[]);
    t.run("carry Ana Waterskin waterskin", &[]);
    t.run("carry Ana Rations", &[]);
    t.run("fight", &[]);
    t.run("block Ana", &[]);
    t.run("next", &[]);
    t.run("damage Ana 2d6 hp Club", &[5, 4, 18]);
    assert_eq!(t.ana().score(Ability::Str).cur, 7);
    t.run("accept", &[6]);
    t.run("accept", &[2]);
    assert_eq!(t.ana().score(Ability::Dex).cur, 10);
    t.run("damage Ogre 9 hp", &[]);
    assert!(t.st().queue.is_empty());
    t.run("next", &[]);
    t.run("end", &[]);
    t.run("breath Ana", &[5]);
    assert_eq!(t.ana().hp.cur, 6);
    t.run("eat Ana ration", &[]);
    t.run("rest Ana normal", &[]);
    t.run("night", &[]);
    assert!(fatigue(t.ana()).is_empty());
    assert!(
        t.ana()
            .slots
            .iter()
            .any(|s| matches!(s, Slot::Wound(w) if w.text() == "Severe Club wound (Left Leg)"))
    );
}
