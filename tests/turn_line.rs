//! The turn line of the players' table view ("NOW … NEXT …") follows each ruleset's order
//! through its read model: after a side's turn the other side is next (000 R33), never a dead,
//! fled or unseen creature, and no one before the order exists.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use slotmark::dice::ScriptedDice;
use slotmark::rules::RulesetId;
use slotmark::script::{self, Line};
use slotmark::session::{Session, SessionState, TableView};
use slotmark::tui::table;
use slotmark::tui::theme::Theme;

fn play(s: &mut Session, line: &str, faces: &[u16]) {
    match script::parse_line(line, s.state()).unwrap_or_else(|e| panic!("{line}: {e:?}")) {
        Line::Command(c) => {
            s.execute(c, &mut ScriptedDice::new(faces.to_vec()))
                .unwrap_or_else(|e| panic!("{line}: {e}"));
        }
        other => panic!("{line}: {other:?}"),
    }
}

/// Who acts now and who is next, as the players' view has them.
fn turn(s: &Session) -> (Vec<String>, Option<String>) {
    let f = TableView::of(s, 5).fight.expect("a fight");
    (f.acting, f.next)
}

/// The drawn turn line.
fn line(s: &Session) -> String {
    let view = TableView::of(s, 5);
    let area = Rect::new(0, 0, 100, 30);
    let mut buf = Buffer::empty(area);
    table::draw(&mut buf, area, &view, Theme::plain(), None);
    (0..area.height)
        .map(|y| {
            (0..area.width)
                .map(|x| buf[(x, y)].symbol())
                .collect::<String>()
        })
        .find(|row| row.contains("NOW"))
        .unwrap_or_default()
}

/// The line's words, without the box around it.
fn words(s: &str) -> String {
    s.split_whitespace()
        .filter(|w| *w != "│")
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn r33_slots_after_a_players_turn_the_opponents_are_next() {
    let mut s = Session::new(SessionState::new("Ford", RulesetId::Slots));
    play(&mut s, "add Aria players", &[]);
    play(&mut s, "add Bram players", &[]);
    play(&mut s, "add Grol opponents", &[]);
    play(&mut s, "fight players all", &[]);
    // The fight brought Grol into sight; the judge keeps it from the players again.
    play(&mut s, "veil Grol", &[]);
    play(&mut s, "turn Aria", &[]);
    // Grol is unseen: nobody the players see is next, and never Bram.
    assert_eq!(turn(&s), (vec!["Aria".into()], None));
    assert_eq!(words(&line(&s)), "NOW Aria NEXT —");
    play(&mut s, "reveal Grol", &[]);
    assert_eq!(turn(&s), (vec!["Aria".into()], Some("Opponents".into())));
    assert_eq!(words(&line(&s)), "NOW Aria NEXT Opponents");
    // The side change: the opponents hold the initiative and pick; then the players again.
    play(&mut s, "end", &[]);
    assert_eq!(turn(&s), (vec![], Some("Opponents".into())));
    play(&mut s, "turn Grol", &[]);
    assert_eq!(turn(&s), (vec!["Grol".into()], Some("Players".into())));
}

#[test]
fn r33_slots_a_side_with_no_one_left_keeps_the_initiative() {
    let mut s = Session::new(SessionState::new("Ford", RulesetId::Slots));
    play(&mut s, "add Aria players", &[]);
    play(&mut s, "add Bram players", &[]);
    play(&mut s, "add Grol opponents", &[]);
    play(&mut s, "reveal all", &[]);
    play(&mut s, "fight opponents", &[]);
    play(&mut s, "turn Grol", &[]);
    play(&mut s, "end", &[]);
    play(&mut s, "turn Aria", &[]);
    // Grol has acted this round: Bram's side keeps it.
    assert_eq!(turn(&s), (vec!["Aria".into()], Some("Players".into())));
}

#[test]
fn a_dead_creature_is_never_next_plain() {
    let mut s = Session::new(SessionState::new("Ford", RulesetId::Plain));
    play(&mut s, "add Ana 8", &[]);
    play(&mut s, "add Ogre 5 others", &[]);
    play(&mut s, "add Bo 6", &[]);
    play(&mut s, "reveal all", &[]);
    play(&mut s, "fight Ana Ogre Bo", &[]);
    assert_eq!(turn(&s), (vec!["Ana".into()], Some("Ogre".into())));
    play(&mut s, "damage Ogre 5", &[]);
    assert_eq!(turn(&s), (vec!["Ana".into()], Some("Bo".into())));
    assert_eq!(words(&line(&s)), "NOW Ana NEXT Bo");
}

#[test]
fn an_unseen_creature_is_never_next_plain() {
    let mut s = Session::new(SessionState::new("Ford", RulesetId::Plain));
    play(&mut s, "add Ana 8", &[]);
    play(&mut s, "add Ogre 5 others", &[]);
    play(&mut s, "add Bo 6", &[]);
    play(&mut s, "fight Ana Ogre Bo", &[]);
    assert_eq!(turn(&s), (vec!["Ana".into()], Some("Bo".into())));
}

#[test]
fn d15_actiondie_no_one_is_next_before_the_initiative_roll() {
    let mut s = Session::new(SessionState::new("Ford", RulesetId::ActionDie));
    play(&mut s, "add Ana pc d8 d6 d6 d4 10", &[]);
    play(&mut s, "add Bo pc d8 d6 d6 d4 10", &[]);
    play(&mut s, "add Ogre creature d8 d6 d6 d4 12", &[]);
    play(&mut s, "reveal all", &[]);
    play(&mut s, "scene for the bridge", &[]);
    assert_eq!(turn(&s), (vec![], None));
    assert_eq!(words(&line(&s)), "NOW — NEXT —");
    play(&mut s, "act Ana attack unarmed", &[]);
    play(&mut s, "act Bo defend", &[]);
    play(&mut s, "act Ogre attack unarmed", &[]);
    assert_eq!(turn(&s), (vec![], None));
    play(&mut s, "initiative", &[1, 3, 2]);
    let (now, next) = turn(&s);
    assert_eq!(now.len(), 1, "{now:?}");
    assert!(next.is_some());
}

#[test]
fn d28_actiondie_a_creature_ruled_dead_is_never_next() {
    let mut s = Session::new(SessionState::new("Ford", RulesetId::ActionDie));
    play(&mut s, "add Ana pc d8 d6 d6 d4 10", &[]);
    play(&mut s, "add Ogre creature d8 d6 d6 d4 12", &[]);
    play(&mut s, "add Bo pc d8 d6 d6 d4 10", &[]);
    play(&mut s, "reveal all", &[]);
    play(&mut s, "scene for the bridge", &[]);
    play(&mut s, "act Ana attack unarmed", &[]);
    play(&mut s, "act Ogre attack unarmed", &[]);
    play(&mut s, "act Bo defend", &[]);
    play(&mut s, "initiative", &[1, 2, 3]);
    let (_, next) = turn(&s);
    assert_eq!(next.as_deref(), Some("Ogre"));
    play(&mut s, "dead Ogre", &[]);
    let (_, next) = turn(&s);
    assert_ne!(next.as_deref(), Some("Ogre"));
}

/// Every row the players' view draws, as text.
fn drawn(s: &Session) -> String {
    let view = TableView::of(s, 5);
    let area = Rect::new(0, 0, 100, 30);
    let mut buf = Buffer::empty(area);
    table::draw(&mut buf, area, &view, Theme::plain(), None);
    (0..area.height)
        .map(|y| {
            (0..area.width)
                .map(|x| buf[(x, y)].symbol())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn bdp_the_header_never_names_a_veiled_creature_whose_turn_it_is() {
    let mut s = Session::new(SessionState::new("Ford", RulesetId::Bdp));
    play(&mut s, "add Ana pc 10 12 8 6", &[]);
    play(&mut s, "add Snag goblin", &[]);
    play(&mut s, "veil Snag", &[]);
    // Named with the party, the fight leaves the veil as it is.
    play(&mut s, "fight Ana Snag", &[]);
    play(&mut s, "order Snag Ana", &[]);
    play(&mut s, "next", &[]);
    let judge = s.state().game.initiative().expect("a fight");
    assert_eq!(judge.label, "Snag", "the judge's own header names it");
    let shown = drawn(&s);
    assert!(shown.contains("ROUND"), "{shown}");
    assert!(!shown.to_uppercase().contains("SNAG"), "{shown}");
    // Revealed, it is named.
    play(&mut s, "reveal Snag", &[]);
    assert!(drawn(&s).contains("SNAG"), "{}", drawn(&s));
}

/// Phase: Ana passes her DEX save (Early), Bram fails it (Late), the goblins are Middle (K14).
fn phase_fight(goblins: usize) -> Session {
    let mut s = Session::new(SessionState::new("Ford", RulesetId::Phase));
    play(&mut s, "add Ana pc 5 12 13 10", &[]);
    play(&mut s, "add Bram pc 4 14 9 11", &[]);
    for _ in 0..goblins {
        play(&mut s, "add goblin", &[]);
    }
    play(&mut s, "reveal all", &[]);
    play(&mut s, "fight", &[5, 15]);
    s
}

#[test]
fn k14_phase_after_the_early_party_the_enemies_are_next() {
    let mut s = phase_fight(1);
    assert_eq!(turn(&s), (vec!["Ana".into()], Some("Goblin 1".into())));
    assert_eq!(words(&line(&s)), "NOW Ana NEXT Goblin 1");
    play(&mut s, "next", &[]);
    assert_eq!(turn(&s), (vec!["Goblin 1".into()], Some("Bram".into())));
}

#[test]
fn k13_phase_a_creature_killed_is_never_next() {
    let mut s = phase_fight(2);
    assert_eq!(turn(&s), (vec!["Ana".into()], Some("Goblin 1".into())));
    play(&mut s, "flag \"Goblin 1\" dead", &[]);
    assert_eq!(turn(&s), (vec!["Ana".into()], Some("Goblin 2".into())));
    assert_eq!(words(&line(&s)), "NOW Ana NEXT Goblin 2");
}

#[test]
fn k14_phase_no_one_is_next_before_the_rounds_dex_saves() {
    let mut s = Session::new(SessionState::new("Ford", RulesetId::Phase));
    play(&mut s, "add Ana pc 5 12 13 10", &[]);
    play(&mut s, "add goblin", &[]);
    play(&mut s, "reveal all", &[]);
    assert!(TableView::of(&s, 5).fight.is_none());
    assert_eq!(line(&s), "");
    // Ana fails her save: Late, after the goblin, in each of the five phases.
    play(&mut s, "fight stepwise", &[15]);
    assert_eq!(turn(&s), (vec!["Goblin 1".into()], Some("Ana".into())));
    // The last group of round 1: round 2's order waits for its DEX saves.
    for _ in 0..9 {
        play(&mut s, "next", &[]);
    }
    assert_eq!(turn(&s), (vec!["Ana".into()], None));
    assert_eq!(words(&line(&s)), "NOW Ana NEXT —");
    // Round 2: she passes, and acts before the goblin.
    play(&mut s, "next", &[5]);
    assert_eq!(turn(&s), (vec!["Ana".into()], Some("Goblin 1".into())));
}

/// BDP: the judge's turn list, the characters first, then the creatures in roster order (B49).
fn bdp_fight() -> Session {
    let mut s = Session::new(SessionState::new("Ford", RulesetId::Bdp));
    play(&mut s, "add Ana pc 10 12 8 6", &[]);
    play(&mut s, "add Ogre creature 14 8 8 9", &[]);
    play(&mut s, "add Bo pc 10 10 10 4", &[]);
    play(&mut s, "add Snag goblin", &[]);
    play(&mut s, "reveal all", &[]);
    play(&mut s, "fight", &[]);
    s
}

#[test]
fn b49_bdp_after_the_last_character_the_creatures_are_next() {
    let mut s = bdp_fight();
    assert_eq!(turn(&s), (vec!["Ana".into()], Some("Bo".into())));
    play(&mut s, "next", &[]);
    assert_eq!(turn(&s), (vec!["Bo".into()], Some("Ogre".into())));
    assert_eq!(words(&line(&s)), "NOW Bo NEXT Ogre");
    play(&mut s, "next", &[]);
    assert_eq!(turn(&s), (vec!["Ogre".into()], Some("Snag".into())));
}

#[test]
fn b49_bdp_a_creature_killed_is_never_next() {
    let mut s = bdp_fight();
    play(&mut s, "next", &[]);
    play(&mut s, "dead Ogre", &[]);
    assert_eq!(turn(&s), (vec!["Bo".into()], Some("Snag".into())));
    assert_eq!(words(&line(&s)), "NOW Bo NEXT Snag");
}

#[test]
fn b49_bdp_no_one_is_named_before_the_turn_list_exists() {
    let mut s = Session::new(SessionState::new("Ford", RulesetId::Bdp));
    play(&mut s, "add Ana pc 10 12 8 6", &[]);
    play(&mut s, "add Snag goblin", &[]);
    play(&mut s, "reveal all", &[]);
    assert!(TableView::of(&s, 5).fight.is_none());
    assert_eq!(line(&s), "");
    play(&mut s, "fight", &[]);
    assert_eq!(turn(&s), (vec!["Ana".into()], Some("Snag".into())));
}

/// AP: the party's best roll opens (A23), then the groups take turns one member at a time
/// (A24): Ana, Gob, Bo, Rip.
fn ap_fight() -> Session {
    let mut s = Session::new(SessionState::new("Ford", RulesetId::Ap));
    play(&mut s, "add Ana pc party 11 12 8 6", &[]);
    play(&mut s, "add Bo pc party 10 10 6 6", &[]);
    play(&mut s, "add Gob npc goblins 8 13 5 4", &[]);
    play(&mut s, "add Rip npc goblins 8 13 5 4", &[]);
    play(&mut s, "reveal all", &[]);
    play(&mut s, "fight", &[15, 10, 5, 3]);
    s
}

#[test]
fn a24_ap_after_a_party_turn_the_next_group_is_next() {
    let mut s = ap_fight();
    assert_eq!(turn(&s), (vec!["Ana".into()], Some("Gob".into())));
    assert_eq!(words(&line(&s)), "NOW Ana NEXT Gob");
    play(&mut s, "next", &[]);
    assert_eq!(turn(&s), (vec!["Gob".into()], Some("Bo".into())));
}

#[test]
fn a25_ap_a_creature_killed_is_never_next() {
    let mut s = ap_fight();
    play(&mut s, "mark Gob dead", &[12]);
    assert_eq!(turn(&s), (vec!["Ana".into()], Some("Rip".into())));
    assert_eq!(words(&line(&s)), "NOW Ana NEXT Rip");
}

#[test]
fn a21_ap_no_one_is_named_before_the_initiative_roll() {
    let mut s = Session::new(SessionState::new("Ford", RulesetId::Ap));
    play(&mut s, "add Ana pc party 11 12 8 6", &[]);
    play(&mut s, "add Gob npc goblins 8 13 5 4", &[]);
    play(&mut s, "reveal all", &[]);
    assert!(TableView::of(&s, 5).fight.is_none());
    assert_eq!(line(&s), "");
    // Gob rolls the better total: its group opens.
    play(&mut s, "fight", &[2, 15]);
    assert_eq!(turn(&s), (vec!["Gob".into()], Some("Ana".into())));
}

#[test]
fn a24_ap_the_last_turn_of_a_round_names_the_first_of_the_next() {
    let mut s = ap_fight();
    play(&mut s, "next", &[]);
    play(&mut s, "next", &[]);
    play(&mut s, "next", &[]);
    // Every round repeats the same order: Ana opens round 2.
    assert_eq!(turn(&s), (vec!["Rip".into()], Some("Ana".into())));
    play(&mut s, "next", &[]);
    assert_eq!(turn(&s), (vec!["Ana".into()], Some("Gob".into())));
}

#[test]
fn b49_bdp_the_last_turn_of_a_round_names_the_first_of_the_next() {
    let mut s = bdp_fight();
    play(&mut s, "next", &[]);
    play(&mut s, "next", &[]);
    play(&mut s, "next", &[]);
    // The list repeats: Ana opens round 2.
    assert_eq!(turn(&s), (vec!["Snag".into()], Some("Ana".into())));
    // Dead, she is passed over for Bo.
    play(&mut s, "dead Ana", &[]);
    assert_eq!(turn(&s), (vec!["Snag".into()], Some("Bo".into())));
    play(&mut s, "next", &[]);
    assert_eq!(turn(&s), (vec!["Bo".into()], Some("Ogre".into())));
}
