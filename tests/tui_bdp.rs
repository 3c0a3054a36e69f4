//! Ruleset bdp on the screen: its sheet panel at two sizes, a save in two keys through the
//! frame's roll dialog, damage through its form, the Die of Fate and the turn list by one key.

mod screen;

use insta::assert_snapshot;
use ratatui::crossterm::event::KeyCode;
use screen::{code, drive, key};
use slotmark::dice::ScriptedDice;
use slotmark::rules::bdp::{Command as K, State};
use slotmark::rules::{GameCommand, GameState, RulesetId};
use slotmark::script::{Line, parse_line};
use slotmark::session::{Command, Session, SessionState};
use slotmark::tui::app::{App, Dice};
use slotmark::tui::keymap::Ctx;
use slotmark::tui::theme::Theme;

/// Ana with gear, a Fatigue, a wound, a disease and a missed night; an Ogre.
fn party() -> Session {
    let mut s = Session::new(SessionState::new("Barrow", RulesetId::Bdp));
    for (line, faces) in [
        ("add Ana pc 10 12 8 6", vec![]),
        ("add Ogre creature 14 10 10 9", vec![]),
        ("carry Ana Sword right", vec![]),
        ("carry Ana Waterskin waterskin", vec![]),
        ("block Ana", vec![]),
        ("wound Ana burn light larm", vec![]),
        ("infect Ana swamp", vec![3]),
        ("rest Ana perilous", vec![]),
    ] {
        let Ok(Line::Command(c)) = parse_line(line, s.state()) else {
            panic!("{line} did not parse");
        };
        s.execute(c, &mut ScriptedDice::new(faces)).unwrap();
    }
    s
}

fn app(session: Session, faces: &[u16]) -> App {
    App::with_session(session, None, Dice::scripted(faces.iter().copied()))
        .with_theme(Theme::plain())
}

fn state(app: &App) -> &State {
    match &app.session().unwrap().state().game {
        GameState::Bdp(s) => s,
        other => panic!("a bdp session was expected, not {:?}", other.ruleset()),
    }
}

fn last(app: &App) -> K {
    match &app.session().unwrap().applied().last().unwrap().command {
        Command::Game(GameCommand::Bdp(c)) => c.clone(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_bdp_sheet_shows_every_field_at_two_sizes() {
    let mut app = app(party(), &[]);
    app.main_mut().unwrap().view.selected = Some(0);
    let text = drive(&mut app, 200, 50, Vec::new());
    for field in [
        "STR 10/10",
        "DEX 12/12",
        "WIL 8/8",
        "HP 6/6",
        "Fatigue (block)",
        "Light burn (Left Arm)",
        "Waterskin (d8)",
        "Swampsigh",
        "Perilous",
    ] {
        assert!(text.contains(field), "the sheet lacks {field}:\n{text}");
    }
    assert_snapshot!("bdp_sheet_200x50", text);
    let narrow = drive(&mut app, 80, 24, Vec::new());
    assert!(narrow.contains("STR 10/10"), "{narrow}");
    assert_snapshot!("bdp_sheet_80x24", narrow);
}

#[test]
fn a_save_is_two_keys_and_waits_in_the_frames_roll_dialog() {
    let mut app = app(party(), &[9]);
    app.main_mut().unwrap().view.selected = Some(0);
    let text = drive(&mut app, 100, 30, vec![key('g'), code(KeyCode::Enter)]);
    assert!(
        matches!(last(&app), K::Save { who: 0, .. }),
        "{:?}\n{text}",
        last(&app)
    );
    assert_eq!(app.ctx(), Ctx::Roll, "{text}");
    assert!(text.contains("PASS"), "9 under DEX 12 passes:\n{text}");
    drive(&mut app, 100, 30, vec![code(KeyCode::Enter)]);
    assert_eq!(last(&app), K::Accept);
    assert!(state(&app).queue.is_empty());
}

#[test]
fn damage_fate_fight_and_next_each_take_a_form_or_one_key() {
    let mut app = app(party(), &[4, 3]);
    app.main_mut().unwrap().view.selected = Some(0);
    drive(&mut app, 100, 30, vec![key('-'), code(KeyCode::Enter)]);
    assert!(
        matches!(last(&app), K::Damage { who: 0, .. }),
        "{:?}",
        last(&app)
    );
    assert_eq!(state(&app).characters[0].hp.cur, 2);
    drive(&mut app, 100, 30, vec![key('F')]);
    assert!(matches!(last(&app), K::Fate { .. }));
    drive(&mut app, 100, 30, vec![key('c')]);
    assert!(state(&app).fight.is_some());
    drive(&mut app, 100, 30, vec![key('E')]);
    assert_eq!(last(&app), K::Next);
    assert_eq!(state(&app).fight.as_ref().unwrap().at, 1);
}
