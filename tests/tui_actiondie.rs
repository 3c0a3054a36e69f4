//! Ruleset actiondie on the screen: its sheet panel at two sizes with the initiative strip, a
//! check in two keys through the frame's roll dialog, damage through its form, and a round
//! through its keys (act, initiative, next).

mod screen;

use std::io;

use insta::assert_snapshot;
use ratatui::crossterm::event::{Event, KeyCode};
use screen::{code, drive, key};
use slotmark::dice::ScriptedDice;
use slotmark::rules::actiondie::{Command as K, State, Status};
use slotmark::rules::{GameCommand, GameState, RulesetId};
use slotmark::script::{Line, parse_line};
use slotmark::session::{Command, Session, SessionState};
use slotmark::tui::app::{App, Dice};
use slotmark::tui::keymap::Ctx;
use slotmark::tui::theme::Theme;

/// Ana with a sword, arrows, a skill, a technique, Frozen and Afraid; an Ogre; a scene whose
/// initiative is rolled: Ana attacks (d8: 5), the Ogre runs (d6: 2).
fn party() -> Session {
    let mut s = Session::new(SessionState::new("Bridge", RulesetId::ActionDie));
    for (line, faces) in [
        ("add Ana pc d8 d6 d6 d4 10 ar 1", vec![]),
        ("add Ogre creature 2d6 d4 d4 d4 12 move 4", vec![]),
        ("reveal all", vec![]),
        ("carry Ana Sword damage d8 slash", vec![]),
        ("hold Ana 1", vec![]),
        ("carry Ana Arrows bundle 20", vec![]),
        ("carry Ana Pole size 2", vec![]),
        ("skill Ana Climb +2", vec![]),
        ("set Ana tech 3", vec![]),
        ("set Ana techleft 2", vec![]),
        ("learn Ana Whirl", vec![]),
        ("prepare Ana 1", vec![]),
        ("status Ana frozen", vec![]),
        ("afraid Ana the river", vec![]),
        ("resist Ogre fire", vec![]),
        ("remark Ana owes the ferryman", vec![]),
        ("scene for the bridge", vec![]),
        ("act Ana attack", vec![]),
        ("act Ogre run", vec![]),
        ("initiative", vec![5, 2]),
    ] {
        let Ok(Line::Command(c)) = parse_line(line, s.state()) else {
            panic!("{line} did not parse");
        };
        s.execute(c, &mut ScriptedDice::new(faces))
            .unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    s
}

fn app(session: Session, faces: &[u16]) -> App {
    App::with_session(session, None, Dice::scripted(faces.iter().copied()))
        .with_theme(Theme::plain())
}

fn state(app: &App) -> &State {
    match &app.session().unwrap().state().game {
        GameState::ActionDie(s) => s,
        other => panic!(
            "an actiondie session was expected, not {:?}",
            other.ruleset()
        ),
    }
}

fn last(app: &App) -> K {
    match &app.session().unwrap().applied().last().unwrap().command {
        Command::Game(GameCommand::ActionDie(c)) => c.clone(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_actiondie_sheet_shows_every_field_and_the_strip_at_two_sizes() {
    let mut app = app(party(), &[]);
    app.main_mut().unwrap().view.selected = Some(0);
    let text = drive(&mut app, 200, 50, Vec::new());
    for field in [
        "STR d8→d6 (3)",
        "DEX d6→d4 (2)",
        "AWR d6 (3)",
        "WIL d4 (2)",
        "HP 10/10",
        "AR 1",
        "6 squares",
        "2/3 d6; Whirl (prepared)",
        "Climb +2",
        "Afraid of the river",
        "Frozen",
        "of 13 used, 6 quick",
        "Sword d8 slash [held]",
        "Arrows ×1/20",
        "[3-4] Pole",
        "attack with Sword · d8 [5] = 5",
        "owes the ferryman",
        "run · d6 [2] = 2",
        "lowest count first",
    ] {
        assert!(text.contains(field), "the screen lacks {field}:\n{text}");
    }
    assert_snapshot!("actiondie_sheet_200x50", text);
    let narrow = drive(&mut app, 80, 24, Vec::new());
    assert!(narrow.contains("STR d8→d6"), "{narrow}");
    assert_snapshot!("actiondie_sheet_80x24", narrow);
}

#[test]
fn a_check_is_two_keys_and_waits_in_the_frames_roll_dialog() {
    let mut app = app(party(), &[4]);
    app.main_mut().unwrap().view.selected = Some(0);
    // The form opens on DEX (d4 while Frozen); the target field set to 3.
    let text = drive(
        &mut app,
        100,
        30,
        vec![
            key('g'),
            code(KeyCode::Down),
            code(KeyCode::Down),
            code(KeyCode::Right),
            code(KeyCode::Right),
            code(KeyCode::Right),
            code(KeyCode::Enter),
        ],
    );
    match last(&app) {
        K::Check(c) => assert_eq!(c.target, Some(3), "{text}"),
        other => panic!("{other:?}\n{text}"),
    }
    assert_eq!(app.ctx(), Ctx::Roll, "{text}");
    assert!(text.contains("PASS"), "4 against 3 passes:\n{text}");
    drive(&mut app, 100, 30, vec![code(KeyCode::Enter)]);
    assert_eq!(last(&app), K::Accept);
    assert!(state(&app).queue.is_empty());
}

#[test]
fn damage_status_exhaustion_and_a_round_take_a_form_or_one_key() {
    let mut app = app(party(), &[4, 3, 1]);
    app.main_mut().unwrap().view.selected = Some(0);
    drive(&mut app, 100, 30, vec![key('-'), code(KeyCode::Enter)]);
    assert!(matches!(last(&app), K::Damage(_)), "{:?}", last(&app));
    assert_eq!(state(&app).characters[0].hp, 7, "d6 4 less AR 1");
    drive(
        &mut app,
        100,
        30,
        vec![key('t'), code(KeyCode::Right), code(KeyCode::Enter)],
    );
    assert!(state(&app).characters[0].has(Status::Bleeding));
    drive(&mut app, 100, 30, vec![key('x')]);
    assert_eq!(state(&app).characters[0].exhaustion, 1);
    // The Ogre acts first at 2; then Ana; then a new round, chosen by the keys.
    drive(&mut app, 100, 30, vec![key('E')]);
    drive(&mut app, 100, 30, vec![key('E')]);
    assert_eq!(state(&app).fight.as_ref().unwrap().round, 2);
    drive(&mut app, 100, 30, vec![key('a'), code(KeyCode::Enter)]);
    assert!(matches!(last(&app), K::Pick { .. }), "{:?}", last(&app));
    app.main_mut().unwrap().view.selected = Some(1);
    drive(&mut app, 100, 30, vec![key('a'), code(KeyCode::Enter)]);
    drive(&mut app, 100, 30, vec![key('i')]);
    assert_eq!(last(&app), K::RollInitiative);
    let f = state(&app).fight.clone().unwrap();
    assert!(f.rolled, "{f:?}");
    drive(&mut app, 100, 30, vec![key('c')]);
    assert!(state(&app).fight.is_none());
}

/// Ana and the Ogre with no scene yet: the start of the ten common moves.
fn idle() -> Session {
    let mut s = Session::new(SessionState::new("Bridge", RulesetId::ActionDie));
    for line in [
        "add Ana pc d8 d6 d6 d4 10 ar 1",
        "add Ogre creature 2d6 d4 d4 d4 12 move 4",
        "reveal all",
        "carry Ana Sword damage d8 slash",
        "hold Ana 1",
    ] {
        let Ok(Line::Command(c)) = parse_line(line, s.state()) else {
            panic!("{line} did not parse");
        };
        s.execute(c, &mut ScriptedDice::new([])).unwrap();
    }
    s
}

/// The ten moves a judge makes most in this ruleset, each in at most three keys from the main
/// screen, with the logged command checked.
#[test]
fn the_ten_common_actiondie_moves_take_at_most_three_keys_each() {
    // Faces: the check (DEX d6: 3), the damage (d6: 3), the initiative (Ana's sword d8: 5, the
    // Ogre's fist d4: 2), the Ogre's Reevaluate (d4: 1).
    let mut app = app(idle(), &[3, 3, 5, 2, 1]);
    app.main_mut().unwrap().view.selected = Some(0);
    let moves: Vec<(&str, Vec<io::Result<Event>>)> = vec![
        ("check", vec![key('g'), code(KeyCode::Enter)]),
        ("damage", vec![key('-'), code(KeyCode::Enter)]),
        ("status", vec![key('t'), code(KeyCode::Enter)]),
        ("exhaust", vec![key('x')]),
        ("scene", vec![key('c')]),
        ("act", vec![key('a'), code(KeyCode::Enter)]),
        (
            "act for the next",
            vec![code(KeyCode::Tab), key('a'), code(KeyCode::Enter)],
        ),
        ("initiative", vec![key('i')]),
        ("reevaluate", vec![key('v'), code(KeyCode::Enter)]),
        ("next", vec![key('E')]),
    ];
    for (what, events) in moves {
        assert!(events.len() <= 3, "{what} takes {} keys", events.len());
        let before = app.session().unwrap().cursor();
        let text = drive(&mut app, 100, 30, events);
        let after = app.session().unwrap().cursor();
        assert!(after > before, "{what} logged nothing:\n{text}");
        let logged = last(&app);
        let ok = match what {
            "check" => matches!(&logged, K::Check(c) if c.roller.who == 0),
            "damage" => matches!(&logged, K::Damage(d) if d.targets == [0]),
            "status" => matches!(
                logged,
                K::Status {
                    who: 0,
                    on: true,
                    ..
                }
            ),
            "exhaust" => logged == K::Exhaustion { who: 0, up: true },
            "scene" => matches!(logged, K::Scene { .. }),
            "act" => matches!(logged, K::Pick { who: 0, .. }),
            "act for the next" => matches!(logged, K::Pick { who: 1, .. }),
            "initiative" => logged == K::RollInitiative,
            "reevaluate" => matches!(logged, K::Reevaluate { who: 1, .. }),
            "next" => logged == K::Next,
            _ => false,
        };
        assert!(ok, "{what} logged {logged:?}:\n{text}");
    }
    assert_eq!(state(&app).characters[0].hp, 8, "d6 3 less AR 1");
}
