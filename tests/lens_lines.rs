//! Each sentence of actiondie, phase and the slot system that carries a number of someone of
//! the roster, read through the players' lens: a player character's number shows, a
//! creature's never does (its state may read as a word), and the judge's words stay as they
//! were. Tests are named after the rule the sentence comes from.

mod words;

use slotmark::rules::{Lens, Numbers, RulesetId};
use slotmark::session::Session;
use words::*;

/// The one line of the last step whose judge's words start with `start`.
fn line(s: &Session, start: &str) -> (String, String) {
    let lines = last(s);
    lines
        .iter()
        .find(|(judge, _)| judge.starts_with(start))
        .cloned()
        .unwrap_or_else(|| panic!("no line starting {start:?} in {lines:?}"))
}

// ---------------------------------------------------------------- actiondie

fn actiondie() -> Session {
    let mut s = session(RulesetId::ActionDie);
    play(&mut s, "add Ana pc d8 d6 d6 d4 10", &[]);
    play(&mut s, "add Ogre creature d8 d6 d6 d4 12", &[]);
    s
}

#[test]
fn d4_a_newcomers_sheet_is_its_own_number() {
    let mut s = session(RulesetId::ActionDie);
    play(&mut s, "add Ana pc d8 d6 d6 d4 10", &[]);
    let (judge, table) = line(&s, "Ana joins");
    assert!(judge.ends_with("HP 10"), "{judge}");
    assert_eq!(table, judge);
    play(&mut s, "add Ogre creature d8 d6 d6 d4 12", &[]);
    let (judge, table) = line(&s, "Ogre joins");
    assert!(
        judge.starts_with("Ogre joins: ") && judge.ends_with("HP 12"),
        "{judge}"
    );
    assert_eq!(table, "Ogre joins");
}

#[test]
fn d29_the_exhaustion_level_is_the_exhausted_ones() {
    let mut s = actiondie();
    play(&mut s, "exhaust Ana", &[]);
    let (judge, table) = line(&s, "Ana reaches");
    assert_eq!(judge, "Ana reaches exhaustion 1: movement halved");
    assert_eq!(table, judge);
    play(&mut s, "exhaust Ogre", &[]);
    let (judge, table) = line(&s, "Ogre reaches");
    assert_eq!(judge, "Ogre reaches exhaustion 1: movement halved");
    assert_eq!(table, "Ogre reaches exhaustion");
    play(&mut s, "exhaust Ogre down", &[]);
    let (judge, table) = line(&s, "Ogre is down");
    assert_eq!(judge, "Ogre is down to exhaustion 0");
    assert_eq!(table, "Ogre is down to exhaustion one level");
}

#[test]
fn d27_the_tables_face_is_the_rollers() {
    let mut s = actiondie();
    play(&mut s, "dismember Ogre 3", &[]);
    let (judge, table) = line(&s, "Ogre, death");
    assert!(
        judge.starts_with("Ogre, death and dismemberment 3: "),
        "{judge}"
    );
    assert!(
        table.starts_with("Ogre, death and dismemberment: "),
        "{table}"
    );
    assert!(!table.contains(" 3"), "{table}");
    play(&mut s, "dismember Ana 3", &[]);
    let (judge, table) = line(&s, "Ana, death");
    assert!(
        judge.starts_with("Ana, death and dismemberment 3: "),
        "{judge}"
    );
    assert_eq!(table, judge);
}

#[test]
fn d38_d39_a_rests_hit_points_are_the_resters() {
    let mut s = actiondie();
    // A rest for everyone is the party's (D39); the judge names the Ogre to rest it too.
    play(&mut s, "rest siesta Ana Ogre", &[]);
    let (judge, table) = line(&s, "Ana takes a siesta");
    assert_eq!(judge, "Ana takes a siesta: HP 10/10");
    assert_eq!(table, judge);
    let (judge, table) = line(&s, "Ogre takes a siesta");
    assert_eq!(judge, "Ogre takes a siesta: HP 12/12");
    assert_eq!(table, "Ogre takes a siesta (hurt)");
    play(&mut s, "rest full Ana Ogre", &[]);
    let (judge, table) = line(&s, "Ogre rests fully");
    assert!(
        judge.starts_with("Ogre rests fully: HP 12/12, technique dice "),
        "{judge}"
    );
    assert_eq!(table, "Ogre rests fully: no exhaustion");
    let (judge, table) = line(&s, "Ana rests fully");
    assert_eq!(table, judge);
}

#[test]
fn d4_the_judges_edit_reads_as_its_result() {
    let mut s = actiondie();
    play(&mut s, "set Ogre hp 5", &[]);
    let (judge, table) = line(&s, "The judge sets Ogre");
    assert_eq!(judge, "The judge sets Ogre's HP to 5");
    assert_eq!(table, "Ogre's HP changes");
    play(&mut s, "set Ana hp 5", &[]);
    let (judge, table) = line(&s, "The judge sets Ana");
    assert_eq!(judge, "The judge sets Ana's HP to 5");
    assert_eq!(table, "Ana's HP is now 5");
}

// ---------------------------------------------------------------- phase

fn phase() -> Session {
    let mut s = session(RulesetId::Phase);
    play(&mut s, "add Ana pc 6 12 10 11", &[]);
    play(&mut s, "add Gob creature 5 8 12 7 group goblins", &[]);
    s
}

#[test]
fn k1_a_rolled_score_is_the_rollers() {
    let mut s = session(RulesetId::Phase);
    play(
        &mut s,
        "roll Ana pc",
        &[4, 3, 4, 5, 6, 5, 4, 3, 2, 6, 6, 6, 1, 2, 3],
    );
    let lines = last(&s);
    let rolled: Vec<_> = lines
        .iter()
        .filter(|(j, _)| j.starts_with("Ana rolls"))
        .collect();
    assert!(!rolled.is_empty(), "{lines:?}");
    for (judge, table) in rolled {
        assert!(judge.contains(": "), "{judge}");
        assert_eq!(table, judge);
    }
}

#[test]
fn k3_a_creatures_sheet_and_rolls_are_its_own() {
    let mut s = session(RulesetId::Phase);
    play(&mut s, "add Gob creature 5 8 12 7 group goblins", &[]);
    let (judge, table) = line(&s, "Gob joins");
    assert!(judge.starts_with("Gob joins: "), "{judge}");
    assert_eq!(table, "Gob joins");
}

#[test]
fn k31_hit_points_back_are_the_healed_ones() {
    let mut s = phase();
    play(&mut s, "harm Gob 3", &[]);
    play(&mut s, "heal Gob 2", &[]);
    let (judge, table) = line(&s, "Gob regains");
    assert_eq!(judge, "Gob regains 2 HP (HP 4/5)");
    assert_eq!(table, "Gob regains hit points (hurt)");
    play(&mut s, "harm Ana 3", &[]);
    play(&mut s, "heal Ana 2", &[]);
    let (judge, table) = line(&s, "Ana regains");
    assert_eq!(judge, "Ana regains 2 HP (HP 5/6)");
    assert_eq!(table, judge);
}

#[test]
fn k20_a_new_damage_reduction_is_the_wearers() {
    let mut s = phase();
    play(&mut s, "wear Ana gambeson shield", &[]);
    let (judge, table) = line(&s, "Ana now has");
    assert_eq!(judge, "Ana now has DR 2");
    assert_eq!(table, judge);
    play(&mut s, "wear Gob gambeson shield", &[]);
    let (judge, table) = line(&s, "Gob now has");
    assert_eq!(judge, "Gob now has DR 2");
    assert_eq!(table, "Gob now has new armour");
}

#[test]
fn k32_a_long_rests_hit_points_are_the_resters() {
    let mut s = phase();
    play(&mut s, "take Ana food", &[]);
    play(&mut s, "take Gob food", &[]);
    play(&mut s, "rest long Ana Gob", &[6, 6, 6]);
    let (judge, table) = line(&s, "Gob eats and sleeps");
    assert_eq!(judge, "Gob eats and sleeps: HP 5, no fatigue");
    assert_eq!(table, "Gob eats and sleeps: hit points back, no fatigue");
    let (judge, table) = line(&s, "Ana eats and sleeps");
    assert_eq!(judge, "Ana eats and sleeps: HP 6, no fatigue");
    assert_eq!(table, judge);
}

#[test]
fn k30_a_lone_foes_zero_hit_points_are_its_own() {
    let mut s = phase();
    play(&mut s, "arm Ana sword", &[]);
    play(&mut s, "fight Ana Gob", &[5]);
    // The sword's d6 5 leaves the goblin at exactly 0 HP; the grievous wound's d6 6.
    play(&mut s, "allow attack Ana Gob", &[5, 6]);
    let (judge, table) = line(&s, "goblins stands alone");
    assert_eq!(
        judge,
        "goblins stands alone at 0 HP: morale at the phase's end"
    );
    assert_eq!(table, "goblins stands alone: morale at the phase's end");
}

// ---------------------------------------------------------------- slots

#[test]
fn r1_a_slots_sentence_names_everyone_by_id_in_the_same_words() {
    let mut s = session(RulesetId::Slots);
    play(&mut s, "add Ana", &[]);
    play(&mut s, "add Snag opponents", &[]);
    play(&mut s, "rename Snag Grik", &[]);
    let n = s.applied().len();
    let events = s.events(n - 1);
    let line = events[0].line();
    assert_eq!(events[0].to_string(), "Snag is now called Grik");
    assert_eq!(line.to_string(), "Snag is now called Grik");
    assert!(line.ids().contains(&1), "{line:?}");
    // Unseen, the line is not the players' to read.
    struct Nobody;
    impl Lens for Nobody {
        fn sees(&self, _: u32) -> bool {
            false
        }
        fn numbers(&self, _: u32) -> Numbers {
            Numbers::Word(None)
        }
    }
    assert_eq!(line.read(&Nobody), None);
}
