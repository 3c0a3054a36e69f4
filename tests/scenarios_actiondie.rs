//! Ruleset `actiondie` in three whole stretches of play, each line through the command language
//! with the table's dice, every sheet checked at the end: a fight of three rounds at a bridge, a
//! march over a river and a dark pass, and the recovery between adventures.

mod paste;

use slotmark::dice::ScriptedDice;
use slotmark::rules::actiondie::{Character, State, Status};
use slotmark::rules::{GameState, RulesetId};
use slotmark::script::{Line, parse_line};
use slotmark::session::{Session, SessionState};

struct Table {
    s: Session,
}

impl Table {
    fn new(lines: &[&str]) -> Table {
        let mut t = Table {
            s: Session::new(SessionState::new("scenario", RulesetId::ActionDie)),
        };
        for line in lines {
            t.play(line, &[]);
        }
        t
    }

    /// Plays a line that must be accepted and use exactly `faces`.
    fn play(&mut self, line: &str, faces: &[u16]) {
        let Ok(Line::Command(c)) = parse_line(line, self.s.state()) else {
            panic!("{line} did not parse");
        };
        let mut dice = ScriptedDice::new(faces.iter().copied());
        self.s
            .execute(c, &mut dice)
            .unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(dice.remaining(), 0, "{line} left dice unrolled");
    }

    fn st(&self) -> &State {
        match &self.s.state().game {
            GameState::ActionDie(s) => s,
            _ => panic!("an actiondie session was expected"),
        }
    }

    fn c(&self, name: &str) -> &Character {
        self.st()
            .characters
            .iter()
            .find(|c| c.name == name)
            .unwrap()
    }

    fn acting(&self) -> Option<String> {
        let id = self.st().fight.as_ref()?.acting?;
        Some(self.st().name_of(id))
    }

    /// The replayed log gives the same game.
    fn replays(&self) {
        let replayed =
            slotmark::session::replay(self.s.initial(), self.s.applied()).expect("replay");
        assert_eq!(&replayed, self.s.state());
        // What `replay` prints, pasted into `run`, plays to the same state.
        paste::same_when_pasted(&self.s, paste::none);
    }
}

/// Name, HP, HP max now, exhaustion, statuses, dead, fled.
fn sheet(c: &Character) -> (u16, u16, u8, Vec<Status>, bool, bool) {
    let statuses = Status::ALL.into_iter().filter(|s| c.has(*s)).collect();
    (c.hp, c.hp_max_now(), c.exhaustion, statuses, c.dead, c.fled)
}

#[test]
fn a_fight_of_three_rounds_at_the_bridge() {
    let mut t = Table::new(&[
        "add Ana pc d8 d6 d6 d4 14 ar 1",
        "add Bo pc d6 d8 d6 d6 8",
        "add Ogre creature 2d6 d4 d4 d4 20 move 4",
        "add Rat creature d4 d8 d6 0 3",
        "carry Ana Sword damage d8 slash",
        "hold Ana 1",
        "carry Ogre Club damage d6 blunt",
        "hold Ogre 1",
        "set Bo tech 3",
        "set Bo techleft 3",
        "learn Bo Spark",
        "prepare Bo 1",
        "scene Ana Bo Ogre for the bridge",
    ]);
    // Round 1: Bo helps (d6 2), the Ogre swings (d6 3), Ana strikes (d8 6).
    t.play("act Ana attack", &[]);
    t.play("act Bo help Ana", &[]);
    t.play("act Ogre attack", &[]);
    t.play("initiative", &[6, 2, 3]);
    assert_eq!(t.acting().as_deref(), Some("Bo"));
    assert!(t.c("Ana").helped.is_some());
    t.play("next", &[]);
    t.play("attack Ogre Ana", &[2]);
    assert_eq!(t.c("Ana").hp, 6, "club 2 + STR 7, less AR 1");
    t.play("next", &[]);
    assert_eq!(t.acting().as_deref(), Some("Ana"));
    // Helped: the shove rolls twice and keeps 7 against the Ogre's 6.
    t.play(
        "contest Ana str against Ogre str for the shove",
        &[3, 7, 3, 3],
    );
    assert!(t.c("Ana").helped.is_none());
    t.play("attack Ana Ogre", &[8, 3]);
    assert_eq!(t.c("Ogre").hp, 5, "8, a critical 3 and STR 4");
    t.play("next", &[]);
    assert_eq!(t.st().fight.as_ref().unwrap().round, 2);

    // Round 2: the Rat joins; the Ogre bleeds from the wound.
    t.play("join Rat attack", &[]);
    t.play("act Ana defend", &[]);
    t.play("act Bo technique 1 2", &[]);
    t.play("act Ogre attack", &[]);
    t.play("status Ogre bleeding", &[]);
    t.play("initiative", &[4, 1, 2, 4, 1]);
    assert_eq!(t.c("Bo").tech_left, 1);
    assert_eq!(t.acting().as_deref(), Some("Rat"));
    t.play("attack Rat Bo", &[3]);
    assert_eq!(t.c("Bo").hp, 3);
    t.play("next", &[]);
    t.play("damage Ogre 2d6 fire from Spark", &[6, 1, 2]);
    assert_eq!(
        sheet(t.c("Ogre")),
        (
            0,
            20,
            1,
            vec![Status::Bleeding, Status::Prone],
            false,
            false
        )
    );
    t.play("next", &[]);
    assert_eq!(t.acting().as_deref(), Some("Ana"), "DEX d6 beats d4 at 4");
    assert_eq!(t.c("Ana").ar_now(), 3);
    t.play("reevaluate Ogre run", &[2]);
    t.play("next", &[]);
    assert_eq!(t.acting().as_deref(), Some("Ogre"));
    assert_eq!(t.c("Ogre").exhaustion, 2, "it bled at 0 HP");
    assert_eq!(t.c("Ogre").movement_now(), 2, "4, run, tired, prone");
    t.play("move Ogre 2", &[]);
    t.play("next", &[]);

    // Round 3: Bo and the Rat tie all the way; the judge lets the Rat go first, and it flees.
    for line in [
        "act Ana attack",
        "act Bo attack unarmed",
        "act Ogre run",
        "act Rat attack",
    ] {
        t.play(line, &[]);
    }
    t.play("initiative", &[7, 2, 5, 2]);
    t.play("choose 2", &[]);
    assert_eq!(t.acting().as_deref(), Some("Rat"));
    t.play("flee Rat", &[]);
    t.play("next", &[]);
    assert_eq!(t.acting().as_deref(), Some("Bo"));
    t.play("attack Bo unarmed Ogre", &[4, 1]);
    assert!(t.c("Ogre").has(Status::Unconscious));
    // The Ogre's turn: it bleeds to exhaustion 4 and the table says dead.
    t.play("next", &[6]);
    assert!(t.c("Ogre").dead);
    assert_eq!(t.acting().as_deref(), Some("Ana"));
    t.play("next", &[]);
    t.play("end", &[]);

    assert_eq!(sheet(t.c("Ana")), (6, 14, 0, vec![], false, false));
    assert!(!t.c("Ana").defending);
    assert_eq!(sheet(t.c("Bo")), (3, 8, 0, vec![], false, false));
    assert_eq!(t.c("Bo").tech_left, 1);
    let ogre = sheet(t.c("Ogre"));
    assert_eq!((ogre.0, ogre.2, ogre.4), (0, 4, true));
    assert_eq!(sheet(t.c("Rat")), (3, 3, 0, vec![], false, true));
    assert_eq!(t.st().clock.seconds, 18, "three rounds of 6 seconds");
    assert!(t.st().fight.is_none() && t.st().queue.is_empty());
    t.replays();
}

#[test]
fn a_march_over_the_river_and_through_the_dark_pass() {
    let mut t = Table::new(&[
        "add Ana pc d8 d6 d6 d4 12 ar 1",
        "add Bo pc d6 d8 d8 d6 8",
        "carry Ana Rope",
        "carry Bo Tent size 3",
        "carry Bo Pots size 3",
        "carry Bo Tools size 3",
        "carry Bo Food size 4",
        "skill Bo Lore d4",
    ]);
    // Bo's STR d6 (3) gives 13 slots; he carries 13, then one more: encumbered by 1.
    assert_eq!((t.c("Bo").slots(), t.c("Bo").used_slots()), (13, 13));
    t.play("carry Bo Lantern", &[]);
    assert_eq!(t.c("Bo").excess(), 1);
    // Half an hour: two quarter hours, two saves (d6 - 1 against 4): 5 passes, 2 fails.
    t.play("time 30", &[5, 2]);
    t.play("accept", &[]);
    assert_eq!(t.c("Bo").exhaustion, 0);
    t.play("accept", &[]);
    assert_eq!(t.c("Bo").exhaustion, 1);
    assert_eq!(t.c("Bo").movement_now(), 3);
    t.play("drop Bo 5", &[]);
    // The ford: both Drenched; lightning from a storm-struck tree doubles past armour.
    t.play("status Ana drenched", &[]);
    t.play("status Bo drenched", &[]);
    t.play("damage Ana Bo d6 lightning from the storm", &[3]);
    assert_eq!((t.c("Ana").hp, t.c("Bo").hp), (7, 2));
    t.play("status Ana drenched off", &[]);
    t.play("status Bo drenched off", &[]);
    // The dark pass: Ana goes Blind; reading the marks needs sight.
    t.play("status Ana blind", &[]);
    assert_eq!(
        t.c("Ana")
            .dice(slotmark::rules::actiondie::Ability::Awr)
            .to_string(),
        "d4"
    );
    t.play("check Ana awr needs sight vs 3 for the marks", &[4, 1]);
    t.play("accept", &[]);
    // Bo's lore: his AWR d8 plus his d4, rolled once; the judge rules the 8 enough.
    t.play("check Bo awr skill Lore vs 9 for the old road", &[6, 2]);
    t.play("rule pass", &[]);
    t.play("accept", &[]);
    t.play("status Ana blind off", &[]);
    // A pit: Ana contests the crumbling edge (a creature stands for the pass).
    t.play("add Pass creature d6 d4 d4 0 1", &[]);
    t.play("contest Ana dex against Pass dex", &[2, 2, 5, 1]);
    t.play("remove Pass", &[]);
    t.play("time 15", &[]);

    assert_eq!(sheet(t.c("Ana")), (7, 12, 0, vec![], false, false));
    assert_eq!(sheet(t.c("Bo")), (2, 8, 1, vec![], false, false));
    assert_eq!(t.c("Bo").excess(), 0);
    assert_eq!(t.st().clock.seconds, 45 * 60);
    assert!(t.st().queue.is_empty());
    t.replays();
}

#[test]
fn recovery_between_adventures() {
    let mut t = Table::new(&[
        "add Ana pc d8 d6 d6 d4 12 ar 1",
        "add Bo pc d4 d8 d8 d6 8",
        "set Ana exhaustion 2",
        "set Ana hp 2",
        "set Bo hp 1",
        "set Bo tech 2",
        "status Bo bleeding",
    ]);
    assert_eq!(t.c("Ana").hp_max_now(), 6);
    // A siesta gives half the effective max: Ana 3 of her halved 6, Bo 4 of 8.
    t.play("rest siesta", &[]);
    assert_eq!((t.c("Ana").hp, t.c("Bo").hp), (5, 5));
    // An interrupted full rest gives nothing but the hours.
    t.play("rest full interrupted", &[]);
    assert_eq!((t.c("Ana").hp, t.c("Ana").exhaustion), (5, 2));
    // The judge takes a level from Ana for a night's care; then a full rest for both.
    t.play("exhaust Ana down", &[]);
    assert_eq!(t.c("Ana").hp_max_now(), 12);
    t.play("status Bo bleeding off", &[]);
    t.play("rest full", &[]);
    t.play("remark Ana rested at the inn", &[]);

    assert_eq!(sheet(t.c("Ana")), (12, 12, 0, vec![], false, false));
    assert_eq!(sheet(t.c("Bo")), (8, 8, 0, vec![], false, false));
    assert_eq!(t.c("Bo").tech_left, 2);
    assert_eq!(t.st().clock.seconds, 17 * 3600);
    t.replays();
}
