//! The plain tracker through the seam's trait: hit points, a turn list and rolls against a
//! number, with the read models the frame draws and the answers the judge gives.

use slotmark::dice::{DiceExpr, ScriptedDice};
use slotmark::rules::plain::{Command as C, Event, Plain, State};
use slotmark::rules::{Answer, Outcome, PendingView, Ruleset, Standing, Tone};

fn run(s: &mut State, c: C, faces: &[u16]) -> Vec<Event> {
    Plain::apply(s, &c, &mut ScriptedDice::new(faces.to_vec())).unwrap()
}

fn refused(s: &State, c: C) -> String {
    let mut copy = s.clone();
    let e = Plain::apply(&mut copy, &c, &mut ScriptedDice::new([])).unwrap_err();
    e.to_string()
}

/// Ana (party, 8 HP), Bo (party, 6 HP) and an ogre (20 HP), ids 0 to 2.
fn table() -> State {
    let mut s = State::default();
    for (name, party, hp) in [("Ana", true, 8), ("Bo", true, 6), ("Ogre", false, 20)] {
        run(
            &mut s,
            C::Add {
                name: name.into(),
                party,
                hp,
            },
            &[],
        );
    }
    s
}

#[test]
fn hit_points_fall_and_heal_up_to_the_maximum_and_a_character_at_0_is_down() {
    let mut s = table();
    let events = run(&mut s, C::Damage { who: 1, amount: 6 }, &[]);
    assert_eq!(
        events[1],
        Event::Down {
            id: 1,
            name: "Bo".into()
        }
    );
    run(&mut s, C::Heal { who: 1, amount: 10 }, &[]);
    assert_eq!(s.character(1).unwrap().hp, 6);
    assert!(refused(&s, C::Heal { who: 1, amount: 1 }).contains("already at full HP"));
    assert!(refused(&s, C::Damage { who: 9, amount: 1 }).contains("no character #9"));
}

#[test]
fn names_are_checked_like_every_other_name() {
    let s = table();
    let add = |name: &str| C::Add {
        name: name.into(),
        party: true,
        hp: 1,
    };
    assert!(refused(&s, add("  ")).contains("needs a name"));
    assert!(refused(&s, add("a\u{1b}[2Jb")).contains("control character"));
    assert!(refused(&s, add(&"x".repeat(61))).contains("under 60 letters"));
    // A taken name is numbered rather than refused, as in every ruleset.
    let mut numbered = s.clone();
    run(&mut numbered, add("ana"), &[]);
    assert_eq!(numbered.characters.last().unwrap().name, "ana 2");
}

#[test]
fn the_turn_list_walks_its_order_and_the_round_turns_over_after_the_last() {
    let mut s = table();
    run(
        &mut s,
        C::StartFight {
            order: vec![2, 0, 1],
        },
        &[],
    );
    let ini = Plain::initiative(&s).unwrap();
    assert_eq!((ini.round, ini.acting), (1, Some(2)));
    assert_eq!(ini.waiting, "Ogre's turn");
    run(&mut s, C::NextTurn, &[]);
    run(&mut s, C::NextTurn, &[]);
    let standings: Vec<Standing> = Plain::initiative(&s)
        .unwrap()
        .order
        .into_iter()
        .map(|f| f.standing)
        .collect();
    assert_eq!(
        standings,
        [Standing::Acted, Standing::Acted, Standing::Acting]
    );
    let events = run(&mut s, C::NextTurn, &[]);
    assert_eq!(
        events,
        [Event::TurnTo {
            id: 2,
            name: "Ogre".into(),
            round: 2
        }]
    );
    // Removing the one acting passes the turn on, and the roster's acted marks follow.
    run(&mut s, C::Remove { who: 2 }, &[]);
    let ini = Plain::initiative(&s).unwrap();
    assert_eq!(ini.acting, Some(0));
    assert!(refused(&s, C::StartFight { order: vec![0] }).contains("already"));
    run(&mut s, C::EndFight, &[]);
    assert_eq!(Plain::initiative(&s), None);
}

/// One added while a fight is under way joins it last in the order, with no roll: the order is
/// the judge's (docs/rulesets/plain.md). It acts this round after everyone already in it.
#[test]
fn a_newcomer_joins_the_fight_under_way_last_in_the_order() {
    let mut s = table();
    assert!(refused(&s, C::Join { who: 2 }).contains("no fight"));
    assert_eq!(Plain::join_fight(&s, 2), None, "no fight to join");
    run(&mut s, C::StartFight { order: vec![2, 0] }, &[]);
    run(&mut s, C::NextTurn, &[]);
    assert_eq!(Plain::join_fight(&s, 0), None, "Ana is in it already");
    assert!(refused(&s, C::Join { who: 0 }).contains("already in the fight"));
    assert!(refused(&s, C::Join { who: 9 }).contains("no character #9"));
    assert_eq!(Plain::join_fight(&s, 1), Some(C::Join { who: 1 }));
    let events = run(&mut s, C::Join { who: 1 }, &[]);
    assert_eq!(
        events,
        [Event::Joined {
            id: 1,
            name: "Bo".into()
        }]
    );
    assert_eq!(
        events[0].to_string(),
        "Bo comes into the fight, last in the turn order"
    );
    let f = s.fight.as_ref().unwrap();
    assert_eq!((f.order.clone(), f.at, f.round), (vec![2, 0, 1], 1, 1));
    // Bo acts this round, after Ana.
    let events = run(&mut s, C::NextTurn, &[]);
    assert_eq!(
        events,
        [Event::TurnTo {
            id: 1,
            name: "Bo".into(),
            round: 1
        }]
    );
}

#[test]
fn a_roll_waits_with_its_dice_and_verdict_and_the_judge_may_rule_it_the_other_way() {
    let mut s = table();
    let expr = DiceExpr::parse("2d6+1").unwrap();
    run(
        &mut s,
        C::Check {
            who: 0,
            what: "climb".into(),
            expr,
            target: 9,
        },
        &[3, 4],
    );
    let Some(PendingView::Roll(r)) = Plain::pending(&s) else {
        panic!("the roll should wait");
    };
    assert_eq!(r.title, "Ana: climb");
    assert_eq!(r.dice.iter().map(|d| d.face).collect::<Vec<_>>(), [3, 4]);
    assert_eq!((r.book, r.ruling), (Outcome::Fail, None));
    assert!(r.reason.contains("8 against 9"), "{}", r.reason);
    assert!(refused(&s, C::NextTurn).contains("waiting for the judge"));

    let rule = Plain::answer(&s, Answer::Override).unwrap();
    run(&mut s, rule, &[]);
    let Some(PendingView::Roll(r)) = Plain::pending(&s) else {
        panic!("the roll still waits after a ruling");
    };
    assert_eq!(r.outcome(), Outcome::Pass);
    assert!(Plain::answer(&s, Answer::Pick(1)).is_err());
    let accept = Plain::answer(&s, Answer::Accept).unwrap();
    let events = run(&mut s, accept, &[]);
    assert_eq!(Plain::tone(&events[0]), Tone::Good);
    assert!(
        events[0]
            .to_string()
            .contains("ruled a pass (the dice said a fail"),
        "{}",
        events[0]
    );
    assert_eq!(Plain::pending(&s), None);
}

#[test]
fn the_roster_shows_hit_points_at_a_glance_and_who_is_down() {
    let mut s = table();
    run(&mut s, C::Damage { who: 2, amount: 25 }, &[]);
    let roster = Plain::roster(&s);
    assert_eq!(roster.len(), 2);
    assert_eq!(roster[0].title, "Players");
    let ogre = &roster[1].members[0];
    assert!(ogre.out);
    let tags: Vec<&str> = ogre.glance.iter().map(|t| t.text.as_str()).collect();
    assert_eq!(tags, ["-5/20", "down"]);
    assert_eq!(Plain::check(&s), Ok(()));
}

// ---- The plain tracker through the command language, the store, replay and the recap

fn slotmark(dir: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_slotmark"))
        .args(args)
        .current_dir(dir)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn a_plain_session_plays_headless_replays_and_makes_a_recap_with_no_slots_at_all() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("night.txt"),
        "add Ana 8\nadd Bo 6\nadd Ogre 20 others\nfight Ogre Ana Bo\ndamage Ana 3\nnext\n\
         check Ana 2d6+1 vs 9 climb\nrule pass\naccept\nundo\nredo\nnext\nnote the ogre flees\n\
         heal Ana 2\nend\n",
    )
    .unwrap();
    let (code, out, err) = slotmark(
        d,
        &[
            "run",
            "night.txt",
            "--rules",
            "plain",
            "--dice",
            "3,4",
            "--out",
            "night.ron",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Ana joins with 8 HP"), "{out}");
    assert!(
        out.contains(
            "Ana: climb ruled a pass (the dice said a fail: 2d6 [3, 4] + 1 = 8 against 9)"
        ),
        "{out}"
    );

    let (code, out, err) = slotmark(d, &["show", "night.ron"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("plain tracker"), "{out}");
    assert!(out.contains("Ana: 7/8"), "{out}");
    assert!(out.contains("Ogre: 20/20"), "{out}");

    let (code, out, err) = slotmark(d, &["replay", "--verify", "night.ron"]);
    assert_eq!(code, 0, "{err}{out}");

    let (code, out, err) = slotmark(d, &["export", "night.ron", "--markdown"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("## What happened"), "{out}");
    assert!(out.contains("Round 1: Ogre's turn"), "{out}");
    assert!(out.contains("the ogre flees"), "{out}");

    // Its own verbs: a slot-system verb means nothing here.
    std::fs::write(d.join("wrong.txt"), "wound Ana 3\n").unwrap();
    let (code, _, err) = slotmark(d, &["run", "wrong.txt", "--session", "night.ron"]);
    assert_eq!(code, 1);
    assert!(err.contains("not a command"), "{err}");
    let (code, out, _) = slotmark(d, &["help", "commands"]);
    assert_eq!(code, 0);
    assert!(
        !out.contains("damage NAME N"),
        "help lists the slot system's verbs by default"
    );
}

#[test]
fn a_plain_session_saves_loads_undoes_and_replays_through_the_engine() {
    use slotmark::session::{Session, SessionState};
    use slotmark::store::{self, Store};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.ron");
    let mut s = Session::new(SessionState::new(
        "Plain",
        slotmark::rules::RulesetId::Plain,
    ));
    for line in [
        "add Ana 8",
        "add Ogre 12 others",
        "damage Ogre 5",
        "fight Ana Ogre",
        "next",
    ] {
        let slotmark::script::Line::Command(c) =
            slotmark::script::parse_line(line, s.state()).unwrap()
        else {
            panic!("{line}");
        };
        s.execute(c, &mut ScriptedDice::new([])).unwrap();
    }
    let before = s.state().clone();
    s.undo().unwrap();
    s.redo().unwrap();
    assert_eq!(s.state(), &before);
    drop(Store::create(&path, &s).unwrap());
    let loaded = store::load(&path).unwrap();
    assert_eq!(loaded.state(), s.state());
    assert_eq!(loaded.entries(), s.entries());
}

#[test]
fn help_commands_lists_the_frames_verbs_and_the_chosen_rulesets() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (code, out, _) = slotmark(d, &["help", "commands", "--rules", "plain"]);
    assert_eq!(code, 0);
    for verb in ["damage NAME N", "check NAME DICE", "undo", "note"] {
        assert!(out.contains(verb), "{verb} is missing:\n{out}");
    }
    assert!(
        !out.contains("creature KIND"),
        "a slot verb in the tracker's help:\n{out}"
    );
    let (code, out, _) = slotmark(d, &["help", "commands"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("creature KIND") && out.contains("undo"),
        "{out}"
    );
}

/// A line that is no command names commands the ruleset has: plain has no `attack`, and the
/// refusal named it as the one to type.
#[test]
fn an_unknown_command_is_refused_with_examples_the_ruleset_has() {
    use slotmark::session::SessionState;
    for (rules, missing, present) in [
        (slotmark::rules::RulesetId::Plain, "attack", "check"),
        (slotmark::rules::RulesetId::Slots, "", "attack"),
    ] {
        let s = SessionState::new("Words", rules);
        let Err(e) = slotmark::script::parse_line("zap Ana", &s) else {
            panic!("zap parsed in {rules:?}");
        };
        let said = e.to_string();
        assert!(
            said.contains(&format!("such as {present}")) || said.contains(&format!(", {present}")),
            "{said}"
        );
        if !missing.is_empty() {
            assert!(!said.contains(missing), "{said}");
        }
    }
}

/// The next turn passes over a creature at 0 HP (a felled ogre does not act), while a player
/// character down keeps its turn: the playtest found `E` giving the felled ogre its turns.
#[test]
fn the_next_turn_passes_over_a_creature_down_but_not_a_character_down() {
    let mut s = table();
    run(
        &mut s,
        C::StartFight {
            order: vec![0, 2, 1],
        },
        &[],
    );
    run(&mut s, C::Damage { who: 2, amount: 20 }, &[]);
    let events = run(&mut s, C::NextTurn, &[]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::TurnTo { id: 1, .. })),
        "{events:?}"
    );
    run(&mut s, C::Damage { who: 0, amount: 8 }, &[]);
    let events = run(&mut s, C::NextTurn, &[]);
    assert!(
        events.iter().any(|e| matches!(
            e,
            Event::TurnTo {
                id: 0,
                round: 2,
                ..
            }
        )),
        "Ana, down, keeps her turn: {events:?}"
    );
    let events = run(&mut s, C::NextTurn, &[]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::TurnTo { id: 1, .. })),
        "{events:?}"
    );
}

/// A felled creature's turn passed over said nothing: the log went from one turn to the one
/// after, and the judge could not tell why the ogre never acted. The step says it now.
#[test]
fn the_next_turn_says_whose_turn_it_passed_over_and_why() {
    let mut s = table();
    run(
        &mut s,
        C::StartFight {
            order: vec![0, 2, 1],
        },
        &[],
    );
    run(&mut s, C::Damage { who: 2, amount: 20 }, &[]);
    let events = run(&mut s, C::NextTurn, &[]);
    let words: Vec<String> = events.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        words,
        [
            "Ogre is down: its turn is passed over",
            "Round 1: Bo's turn"
        ],
        "{events:?}"
    );
    // On the strip the one passed over reads as down, not as having acted.
    let ogre = Plain::initiative(&s)
        .unwrap()
        .order
        .into_iter()
        .find(|f| f.id == 2)
        .map(|f| f.standing);
    assert_eq!(ogre, Some(Standing::Out("down".into())));
    // Nobody passed over, nothing more is said.
    let events = run(&mut s, C::NextTurn, &[]);
    assert_eq!(events.len(), 1, "{events:?}");
}
