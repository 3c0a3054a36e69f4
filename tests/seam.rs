//! The ruleset seam seen from outside the rules: the read models the frame draws from and the
//! generic answers, for the slot system. Everything here goes through `GameState`, never through
//! a ruleset's own types, exactly as the frame does.

mod support;

use slotmark::dice::{Edge, ScriptedDice};
use slotmark::rules::slots::{self, CheckKind, Side};
use slotmark::rules::{
    Answer, GameCommand, GameState, Outcome, PendingView, RulesetId, Standing, Tone,
};
use slotmark::session::{Command, Session};

fn session() -> Session {
    Session::new(support::party())
}

fn run(s: &mut Session, command: slots::Command, faces: &[u16]) {
    s.execute(command.into(), &mut ScriptedDice::new(faces.to_vec()))
        .unwrap();
}

fn answer(s: &mut Session, a: Answer) {
    let command = s.state().game.answer(a).unwrap();
    s.execute(Command::Game(command), &mut ScriptedDice::new([]))
        .unwrap();
}

#[test]
fn the_ruleset_list_names_each_ruleset_once_with_its_key() {
    let keys: Vec<&str> = RulesetId::ALL.iter().map(|r| r.key()).collect();
    assert_eq!(keys, ["slots", "plain", "phase", "bdp", "ap", "actiondie"]);
    assert_eq!(RulesetId::from_key("SLOTS"), Some(RulesetId::Slots));
    assert_eq!(RulesetId::from_key("chess"), None);
    assert_eq!(GameState::new(RulesetId::Slots).ruleset(), RulesetId::Slots);
}

#[test]
fn the_roster_lists_players_then_opponents_with_their_state_at_a_glance() {
    let mut s = session();
    run(
        &mut s,
        slots::Command::Wound {
            who: 0,
            slot: 2,
            wound: slots::Wound::Open,
        },
        &[],
    );
    // An open wound bleeds at once (R19): the glance shows the wound and the B.
    let roster = s.state().game.roster();
    let titles: Vec<(&str, bool, usize)> = roster
        .iter()
        .map(|g| (g.title.as_str(), g.party, g.members.len()))
        .collect();
    assert_eq!(titles, [("Players", true, 2), ("Opponents", false, 2)]);
    let aldo = &roster[0].members[0];
    assert_eq!(aldo.name, "Aldo");
    let tags: Vec<(&str, Tone)> = aldo
        .glance
        .iter()
        .map(|t| (t.text.as_str(), t.tone))
        .collect();
    assert_eq!(tags, [("●1", Tone::Harm), ("B", Tone::Mark)]);
    assert!(!aldo.dead && !aldo.out && !aldo.acted);
}

#[test]
fn there_is_no_initiative_outside_a_fight_and_the_strip_follows_the_turn_in_one() {
    let mut s = session();
    assert_eq!(s.state().game.initiative(), None);
    run(
        &mut s,
        slots::Command::StartCombat {
            initiator: Side::Players,
            surprised: Some(Side::Opponents),
            fighters: None,
        },
        &[],
    );
    let ini = s.state().game.initiative().unwrap();
    assert_eq!(ini.round, 1);
    assert_eq!((ini.label.as_str(), ini.party), ("players", true));
    assert_eq!(ini.acting, None);
    let standings: Vec<(&str, &Standing)> = ini
        .order
        .iter()
        .map(|f| (f.name.as_str(), &f.standing))
        .collect();
    assert_eq!(
        standings,
        [
            ("Aldo", &Standing::Ready),
            ("Brin", &Standing::Ready),
            ("Goblin", &Standing::Out("surprised".into())),
            ("Wolf", &Standing::Out("surprised".into())),
        ]
    );
    run(&mut s, slots::Command::StartTurn { who: 1 }, &[]);
    let ini = s.state().game.initiative().unwrap();
    assert_eq!(ini.acting, Some(1));
    assert_eq!(ini.order[1].standing, Standing::Acting);
    assert_eq!(ini.waiting, "Brin's turn");
}

#[test]
fn a_pending_roll_shows_every_die_the_proposal_and_the_verdict_with_its_reason() {
    let mut s = session();
    run(
        &mut s,
        slots::Command::Check {
            who: 0,
            kind: CheckKind::Terrain,
            edge: Edge::advantage(1),
        },
        &[4, 9],
    );
    let Some(PendingView::Roll(r)) = s.state().game.pending() else {
        panic!("a roll should wait for the judge");
    };
    assert_eq!(r.title, "Aldo: terrain check");
    assert!(r.how.starts_with("Advantage (2 dice)"), "{}", r.how);
    let faces: Vec<u16> = r.dice.iter().map(|d| d.face).collect();
    assert_eq!(faces, [4, 9]);
    assert!(
        r.dice
            .iter()
            .all(|d| d.sides == 12 && d.note.starts_with("slot "))
    );
    assert!(r.can_pick);
    assert_eq!(r.picked, r.proposed);
    assert_eq!(r.ruling, None);
    assert!(!r.reason.is_empty());
    let book = r.book;

    // The judge overrules through the generic answer, then the log shows the ruling.
    answer(&mut s, Answer::Override);
    let Some(PendingView::Roll(r)) = s.state().game.pending() else {
        panic!("the roll still waits after a ruling");
    };
    assert_eq!(r.book, book);
    assert_eq!(
        r.outcome(),
        if book == Outcome::Pass {
            Outcome::Fail
        } else {
            Outcome::Pass
        }
    );
    answer(&mut s, Answer::Accept);
    assert_eq!(s.state().game.pending(), None);
}

#[test]
fn answers_that_do_not_fit_what_waits_are_refused_in_words() {
    let s = session();
    let none = s.state().game.answer(Answer::Accept).unwrap_err();
    assert_eq!(none.to_string(), "nothing is waiting for the judge");

    let mut s = session();
    run(
        &mut s,
        slots::Command::Check {
            who: 0,
            kind: CheckKind::Generic,
            edge: Edge::NONE,
        },
        &[7],
    );
    let game = &s.state().game;
    assert!(
        game.answer(Answer::Pick(3))
            .unwrap_err()
            .to_string()
            .contains("there is no die 4")
    );
    assert!(
        game.answer(Answer::Yes)
            .unwrap_err()
            .to_string()
            .starts_with("a yes or no does not fit")
    );
    assert_eq!(
        game.answer(Answer::Cancel).unwrap(),
        GameCommand::Slots(slots::Command::Cancel)
    );
}

#[test]
fn the_clock_says_where_time_stands_in_its_own_units() {
    let mut s = session();
    let clock = s.state().game.clock();
    assert_eq!(
        (clock.now.as_str(), clock.detail.as_str()),
        ("try 0", "(00:00)")
    );
    assert_eq!(clock.units[0], ("try".to_string(), 0));
    run(
        &mut s,
        slots::Command::StartCombat {
            initiator: Side::Opponents,
            surprised: None,
            fighters: None,
        },
        &[],
    );
    assert_eq!(s.state().game.clock().now, "round 1");
}

#[test]
fn every_event_has_a_tone_for_its_log_marker() {
    let mut s = session();
    run(
        &mut s,
        slots::Command::Check {
            who: 0,
            kind: CheckKind::Generic,
            edge: Edge::NONE,
        },
        &[7],
    );
    answer(&mut s, Answer::Accept);
    let tones: Vec<Tone> = s
        .events_in(0..s.entries().len())
        .iter()
        .flat_map(|e| e.iter())
        .filter_map(|e| match e {
            slotmark::session::Event::Game(g) => Some(g.tone()),
            _ => None,
        })
        .collect();
    assert!(
        tones.iter().any(|t| matches!(t, Tone::Good | Tone::Bad)),
        "a read roll is a pass or a fail: {tones:?}"
    );
}

#[test]
fn slotmark_rulesets_lists_every_ruleset_with_its_key_and_what_it_is() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_slotmark"))
        .arg("rulesets")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for r in RulesetId::ALL {
        assert!(text.contains(r.key()), "{text}");
        assert!(text.contains(r.title()), "{text}");
    }
    assert!(text.contains("000"), "{text}");
    assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
}
