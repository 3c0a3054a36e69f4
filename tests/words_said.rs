//! Every roll keeps its numbers in words (issue 24) and the players read them through their lens
//! (issue 25), for bdp, ap and actiondie: a fight and a save played through the command
//! language, one roll accepted and one overruled; the faces, the target and the verdict read the
//! same in the log, in `replay` and in the recap; at the players' table a creature's numbers and
//! an unseen creature's name never show, a player character's numbers do.

mod words;

use slotmark::rules::RulesetId;
use slotmark::session::Session;
use words::*;

/// The players' table view's roll lines.
fn table(s: &Session) -> String {
    table_lines(s).join("\n")
}

mod bdp {
    use super::*;

    /// Ana (a player character), Gnash (a creature the players have met) and Snag (one they
    /// have not): Gnash takes a blow, Ana's save is accepted, Gnash's is ruled a pass, Snag
    /// saves unseen.
    pub(super) fn played() -> Session {
        let mut s = session(RulesetId::Bdp);
        play(&mut s, "add Ana pc 9 14 11 6", &[]);
        play(&mut s, "add Gnash creature 12 12 8 7", &[]);
        play(&mut s, "add Snag creature 10 10 10 4", &[]);
        play(&mut s, "reveal Gnash", &[]);
        play(&mut s, "damage Gnash 1d6 hp Sword", &[1]);
        play(&mut s, "save Ana str lift the cart", &[13]);
        play(&mut s, "accept", &[]);
        play(&mut s, "save Gnash dex dodge the net", &[15]);
        play(&mut s, "rule pass", &[]);
        play(&mut s, "accept", &[]);
        play(&mut s, "save Snag wil hold fast", &[4]);
        play(&mut s, "accept", &[]);
        s
    }

    #[test]
    fn b5_an_accepted_save_reads_as_rolled_an_overruled_one_as_ruled() {
        let s = played();
        everywhere(
            &s,
            &[
                "Ana: STR save lift the cart: d20 13 against STR 9: a fail",
                "Gnash: DEX save dodge the net: ruled a pass (the dice said a fail: d20 15 against DEX 12)",
            ],
        );
        assert!(!log(&s).contains("called by the judge: FAIL"));
    }

    #[test]
    fn b5_the_players_read_their_own_numbers_never_a_creatures() {
        let s = played();
        let t = table(&s);
        assert!(t.contains("d20 13 against STR 9: a fail"), "{t}");
        assert!(t.contains("Gnash: DEX save dodge the net: a pass"), "{t}");
        for secret in ["DEX 12", "15", "6/7", "Snag"] {
            assert!(!t.contains(secret), "{secret:?} at the table:\n{t}");
        }
    }

    /// B49, B26: a fight through the command language: Ana's sword and the Ogre's club deal
    /// their dice, and the critical damage save the club forces, ruled the other way, keeps what
    /// the dice said; the same in the log, `replay` and the recap.
    #[test]
    fn b49_b26_a_fights_damage_and_its_overruled_save_read_alike_everywhere() {
        let mut s = session(RulesetId::Bdp);
        play(&mut s, "add Ana pc 10 12 8 6", &[]);
        play(&mut s, "add Ogre creature 14 10 10 9", &[]);
        play(&mut s, "fight Ana Ogre", &[]);
        play(&mut s, "damage Ogre 1d6 hp Sword", &[4]);
        play(&mut s, "next", &[]);
        // The club's 9 takes Ana 3 beyond 0 HP: a STR save against critical damage.
        play(&mut s, "damage Ana 1d10 hp Club", &[9, 15]);
        play(&mut s, "rule pass", &[]);
        play(&mut s, "accept", &[]);
        everywhere(
            &s,
            &[
                "Ogre takes 1d6 4 (Sword): HP 5/9",
                "Ana takes 1d10 9 (Club): HP 0/6",
                "Ana: STR save against critical damage: ruled a pass (the dice said a fail: \
                 d20 15 against STR 7)",
            ],
        );
    }
}

mod ap {
    use super::*;

    /// Ana (a player character), Gob (a creature the players have met) and Rat (one they have
    /// not): Ana's sword hits Gob, Ana's save is accepted, Gob's is ruled a success, Rat saves
    /// unseen.
    pub(super) fn played() -> Session {
        let mut s = session(RulesetId::Ap);
        play(&mut s, "add Ana pc party 11 12 8 6", &[]);
        play(&mut s, "add Gob npc goblins 8 13 5 4", &[]);
        play(&mut s, "add Rat npc rats 3 14 2 2", &[]);
        play(&mut s, "carry Ana sword d8 weapon", &[]);
        play(&mut s, "reveal Gob", &[]);
        play(&mut s, "attack Ana vs Gob with sword", &[10, 2, 4]);
        play(&mut s, "accept", &[]);
        play(&mut s, "save Ana dex dc 15 for the pit", &[2]);
        play(&mut s, "accept", &[]);
        play(&mut s, "save Gob str dc 15 for the rope", &[3]);
        play(&mut s, "rule pass", &[]);
        play(&mut s, "accept", &[]);
        play(&mut s, "save Rat dex dc 10 for the hole", &[5]);
        play(&mut s, "accept", &[]);
        s
    }

    #[test]
    fn a7_a9_an_accepted_roll_reads_as_rolled_an_overruled_one_as_ruled() {
        let s = played();
        everywhere(
            &s,
            &[
                "d20 10, sword d8 2 + STR 11 = 23 against Gob's TR ",
                "d20 2 + DEX 12 = 14 against DC 15: a failure",
                "ruled a success (the dice said a failure: d20 3 + STR 8 = 11 against DC 15)",
            ],
        );
        let log = log(&s);
        assert!(!log.contains("called by the judge: failure"), "{log}");
    }

    /// A26, A28: a fight through the command language: Ana's sword hit, accepted, with the
    /// damage it deals, and Gob's unarmed attack ruled a success against the dice, with the d4
    /// it rolls as it lands; the same in the log, `replay` and the recap.
    #[test]
    fn a26_a_fights_hits_and_damage_read_alike_everywhere_accepted_and_overruled() {
        let mut s = played();
        // Gob's IR 3 against Ana's TR 2 + 12: a failure, ruled a success; the d4 shows 3.
        play(&mut s, "attack Gob vs Ana", &[3, 2]);
        play(&mut s, "rule pass", &[]);
        play(&mut s, "accept", &[3]);
        everywhere(
            &s,
            &[
                "Ana: attacks against Gob: d20 10, sword d8 2 + STR 11 = 23 against Gob's TR 17: \
                 a success",
                "damage 2 less armor 0: 2 to Gob",
                "Gob: attacks against Ana: ruled a success (the dice said a failure: d20 3 + STR \
                 8 = 11 against Ana's TR 14)",
                "damage unarmed d4 3 less armor 0: 3 to Ana",
            ],
        );
    }

    #[test]
    fn a7_the_players_read_their_own_numbers_never_a_creatures() {
        let s = played();
        let t = table(&s);
        assert!(
            t.contains("d20 2 + DEX 12 = 14 against DC 15: a failure"),
            "{t}"
        );
        assert!(t.contains("d20 10, sword d8 2 + STR 11 = 23"), "{t}");
        assert!(t.contains("a success"), "{t}");
        for secret in ["STR 8", "= 11", "17", "2/4", "Rat"] {
            assert!(!t.contains(secret), "{secret:?} at the table:\n{t}");
        }
    }
}

mod ap_fight {
    use super::*;

    #[test]
    fn a22_initiative_and_the_groups_name_no_unseen_group_and_no_creatures_numbers() {
        let mut s = session(RulesetId::Ap);
        play(&mut s, "add Ana pc party 11 12 8 6", &[]);
        play(&mut s, "add Gob npc goblins 8 13 5 4", &[]);
        play(&mut s, "add Rat npc rats 3 14 2 2", &[]);
        play(&mut s, "reveal Gob", &[]);
        play(&mut s, "fight Ana Gob Rat", &[7, 9, 1]);
        let log = log(&s);
        assert!(
            log.contains("Gob (goblins): initiative d20 9 + WIL 5 = 14"),
            "{log}"
        );
        assert!(
            log.contains("groups in turn: party, goblins, rats"),
            "{log}"
        );
        let t = table(&s);
        assert!(
            t.contains("Ana (party): initiative d20 7 + WIL 8 = 15"),
            "{t}"
        );
        assert!(t.contains("Gob (goblins): initiative d20 9"), "{t}");
        for secret in ["WIL 5", "14", "rats", "Rat"] {
            assert!(!t.contains(secret), "{secret:?} at the table:\n{t}");
        }
    }
}

mod actiondie_fight {
    use super::*;

    /// D11, D20: a fight through the command language: each side's blow reads its dice, the
    /// STR added and the total, then the harm taken, alike in the log, `replay` and the recap
    /// (damage never waits for the judge; an overruled check is in `words_said`'s actiondie).
    #[test]
    fn d20_a_fights_blows_and_harm_read_alike_everywhere() {
        let mut s = session(RulesetId::ActionDie);
        play(&mut s, "add Ana pc d8 d6 d6 d4 14 ar 1", &[]);
        play(&mut s, "add Ogre creature 2d6 d4 d4 d4 20 move 4", &[]);
        play(&mut s, "attack Ana unarmed Ogre", &[3]);
        play(&mut s, "attack Ogre unarmed Ana", &[2]);
        let log = log(&s);
        let blow = |who: &str| {
            log.lines()
                .find(|l| l.starts_with(&format!("{who} attacks with bare hands: d4 ")))
                .unwrap_or_else(|| panic!("no blow of {who}:\n{log}"))
                .to_string()
        };
        let (ana, ogre) = (blow("Ana"), blow("Ogre"));
        assert!(
            ana.starts_with("Ana attacks with bare hands: d4 3 + STR "),
            "{ana}"
        );
        assert!(
            ogre.starts_with("Ogre attacks with bare hands: d4 2 + STR "),
            "{ogre}"
        );
        everywhere(
            &s,
            &[ana.as_str(), ogre.as_str(), "Ogre takes ", "Ana takes "],
        );
    }

    #[test]
    fn d17_a_creatures_strength_in_its_damage_stays_the_judges() {
        let mut s = session(RulesetId::ActionDie);
        play(&mut s, "add Ana pc d8 d6 d6 d4 14 ar 1", &[]);
        play(&mut s, "add Ogre creature 2d6 d4 d4 d4 20 move 4", &[]);
        play(&mut s, "reveal Ogre", &[]);
        play(&mut s, "attack Ogre unarmed Ana", &[2]);
        let log = log(&s);
        assert!(
            log.contains("Ogre attacks with bare hands: d4 2 + STR "),
            "{log}"
        );
        let t = table(&s);
        assert!(
            t.contains("Ogre attacks with bare hands: d4 2 damage"),
            "{t}"
        );
        assert!(!t.contains("+ STR"), "{t}");
    }
}

mod bdp_reported {
    use super::*;

    fn ana() -> Session {
        let mut s = session(RulesetId::Bdp);
        play(&mut s, "add Ana pc 9 14 11 6", &[]);
        s
    }

    #[test]
    fn b26_a_critical_damage_saves_verdict_is_in_the_recap() {
        let mut s = ana();
        play(&mut s, "damage Ana 1d8 hp Club", &[8, 15]);
        play(&mut s, "accept", &[3]);
        everywhere(
            &s,
            &["Ana: STR save against critical damage: d20 15 against STR "],
        );
        let recap = replay_and_recap(&s).1;
        assert!(
            recap.contains("critical damage: d20 15 against STR 7: a fail"),
            "{recap}"
        );
    }

    #[test]
    fn b38_a_dawn_disease_save_keeps_its_roll() {
        let mut s = ana();
        play(&mut s, "infect Ana swamp", &[2]);
        play(&mut s, "night", &[3]);
        play(&mut s, "accept", &[]);
        everywhere(
            &s,
            &["Ana: STR save against Swampsigh: d20 3 against STR 9: a pass"],
        );
    }
}

mod actiondie {
    use super::*;

    /// Ana (a player character), Ogre (a creature the players have met) and Rat (one they
    /// have not): Ana's check is accepted, the Ogre's ruled a pass, they contest a shove, the
    /// Rat checks unseen.
    pub(super) fn played() -> Session {
        let mut s = session(RulesetId::ActionDie);
        play(&mut s, "add Ana pc d8 d6 d6 d4 14 ar 1", &[]);
        play(&mut s, "add Ogre creature 2d6 d4 d4 d4 20 move 4", &[]);
        play(&mut s, "add Rat creature d4 d8 d6 d4 3", &[]);
        play(&mut s, "reveal Ogre", &[]);
        play(&mut s, "check Ana str vs 8 for the gate", &[3]);
        play(&mut s, "accept", &[]);
        play(&mut s, "check Ogre str vs 6 for the door", &[2, 1]);
        play(&mut s, "rule pass", &[]);
        play(&mut s, "accept", &[]);
        play(
            &mut s,
            "contest Ana str against Ogre str for the shove",
            &[6, 1, 2],
        );
        play(&mut s, "check Rat dex vs 5 for the hole", &[4]);
        play(&mut s, "accept", &[]);
        s
    }

    #[test]
    fn d5_an_accepted_check_reads_as_rolled_an_overruled_one_as_ruled() {
        let s = played();
        everywhere(
            &s,
            &[
                "d8 3 against target 8: a fail",
                "ruled a pass (the dice said a fail: d6 [2, 1] = 3 against target 6)",
                "Ana d8 6 against Ogre d6 [1, 2] = 3",
            ],
        );
        let log = log(&s);
        assert!(!log.contains(": FAIL"), "{log}");
    }

    #[test]
    fn d5_the_players_read_their_own_numbers_never_a_creatures() {
        let s = played();
        let t = table(&s);
        assert!(t.contains("d8 3 against target 8: a fail"), "{t}");
        assert!(t.contains("Ana d8 6 against Ogre d6 [1, 2]"), "{t}");
        for secret in ["= 3", "Rat"] {
            assert!(!t.contains(secret), "{secret:?} at the table:\n{t}");
        }
    }
}

/// The players' table view read the verdict of a roll the judge ruled the other way twice: once
/// from the ruling, once from the roll's own line as it settled ("Gnash: DEX save dodge the
/// net: a pass" two lines running). They read it once, on the roll's line.
mod ruled_once {
    use super::*;

    fn once(s: &Session, verdict: &str) {
        let lines = table_lines(s);
        let with = lines.iter().filter(|l| l.contains(verdict)).count();
        assert_eq!(
            with,
            1,
            "{verdict:?} read {with} times:\n{}",
            lines.join("\n")
        );
    }

    #[test]
    fn b5_an_overruled_save_reads_its_verdict_once_at_the_table() {
        once(&bdp::played(), "dodge the net");
    }

    #[test]
    fn a9_an_overruled_save_reads_its_verdict_once_at_the_table() {
        once(&ap::played(), "the rope");
    }

    #[test]
    fn d5_an_overruled_check_reads_its_verdict_once_at_the_table() {
        once(&actiondie::played(), "the door");
    }
}
