//! The frame's creature picker (issue 26) in every ruleset: `A`, a letter or two of the kind,
//! Enter adds the creature numbered after its kind, on the opponents' side, as one logged step,
//! and in a fight under way at the place the ruleset's initiative gives it (rolling where its
//! rules roll). Undo takes the whole step back; Esc changes nothing.

mod screen;

use insta::assert_snapshot;
use ratatui::crossterm::event::KeyCode;
use screen::{code, drive, key, play};
use slotmark::dice::ScriptedDice;
use slotmark::rules::{GameCommand, GameState, RulesetId};
use slotmark::script::{Line, parse_line};
use slotmark::session::{Command, Session, SessionState};
use slotmark::tui::app::{App, Dice};
use slotmark::tui::keymap::Ctx;
use slotmark::tui::theme::Theme;

fn session(r: RulesetId, lines: &[(&str, Vec<u16>)]) -> Session {
    let mut s = Session::new(SessionState::new("Picker", r));
    for (line, faces) in lines {
        let Ok(Line::Command(c)) = parse_line(line, s.state()) else {
            panic!("{line} did not parse");
        };
        s.execute(c, &mut ScriptedDice::new(faces.clone()))
            .unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    s
}

fn app(session: Session, faces: &[u16]) -> App {
    App::with_session(session, None, Dice::scripted(faces.iter().copied()))
        .with_theme(Theme::plain())
}

/// The name and id of the one on the roster called `name`.
fn id_of(app: &App, name: &str) -> Option<u32> {
    app.session()
        .unwrap()
        .state()
        .game
        .roster()
        .into_iter()
        .flat_map(|g| g.members)
        .find(|m| m.name == name)
        .map(|m| m.id)
}

/// The ids of the fight's order as the strip reads it.
fn order(app: &App) -> Vec<u32> {
    app.session()
        .unwrap()
        .state()
        .game
        .initiative()
        .map(|i| i.order.into_iter().map(|f| f.id).collect())
        .unwrap_or_default()
}

/// The game command an arrival logged, and whether the players see it.
fn arrival(c: &Command) -> (GameCommand, bool) {
    match c {
        Command::Arrive { add, seen } => (GameCommand::clone(add), *seen),
        other => panic!("an arrival was expected, not {other:?}"),
    }
}

/// `A`, one letter, Enter: one logged step; then undo takes it all back.
fn add_and_undo(app: &mut App, letter: char, name: &str) -> Command {
    let roster = app.session().unwrap().state().game.roster();
    let fight = order(app);
    drive(app, 100, 30, vec![]);
    let main = app.main().unwrap();
    let actor = main
        .view
        .selected
        .filter(|id| main.turn.as_ref().is_some_and(|t| t.acting.contains(id)));
    let p = play(
        app,
        "add a creature",
        vec![key('A'), key(letter), code(KeyCode::Enter)],
    );
    assert_eq!(p.logged.len(), 1, "one step: {:?}\n{}", p.logged, p.text);
    let id = id_of(app, name).unwrap_or_else(|| panic!("no {name}:\n{}", p.text));
    // Mid-turn the one acting stays selected, so the next key is still theirs; else the
    // newcomer is.
    let expected = actor.or(Some(id));
    assert_eq!(app.main().unwrap().view.selected, expected, "selected");
    let logged = p.logged[0].clone();
    let after = order(app);
    let p = play(app, "undo", vec![key('u')]);
    assert_eq!(p.undone, 1);
    assert_eq!(app.session().unwrap().state().game.roster(), roster);
    assert_eq!(
        order(app),
        fight,
        "undo takes the place in the fight back too"
    );
    // Redo brings it back as it was (the same faces, the same place).
    drive(app, 100, 30, vec![key('U')]);
    assert_eq!(order(app), after);
    logged
}

#[test]
fn phase_a_wolf_joins_the_fight_with_the_enemies_middle_group() {
    // Ana and Bo save DEX for initiative (3 and 15 against 12 and 15).
    let s = session(
        RulesetId::Phase,
        &[
            ("add Ana pc 6 12 14 9", vec![]),
            ("add Bo pc 4 15 8 11", vec![]),
            ("add Gob creature 3 8 12 7 group goblins", vec![]),
            ("fight Gob", vec![3, 18]),
        ],
    );
    let mut app = app(s, &[]);
    let logged = add_and_undo(&mut app, 'w', "Wolf 1");
    match arrival(&logged) {
        (GameCommand::Phase(slotmark::rules::phase::Command::Add(sheet)), false) => {
            assert_eq!(sheet.name, "Wolf 1");
            assert_eq!(sheet.side, slotmark::rules::phase::Side::Enemies);
        }
        other => panic!("{other:?}"),
    }
    let GameState::Phase(st) = &app.session().unwrap().state().game else {
        panic!()
    };
    let wolf = id_of(&app, "Wolf 1").unwrap();
    let f = st.fight.as_ref().unwrap().fighter(wolf).unwrap();
    assert_eq!(f.band, Some(slotmark::rules::phase::Band::Middle));
    // The strip puts it with the enemies, after the early party member.
    let o = order(&app);
    let at = |id| o.iter().position(|&x| x == id).unwrap();
    assert!(at(id_of(&app, "Ana").unwrap()) < at(wolf), "{o:?}");
    assert!(at(wolf) < at(id_of(&app, "Bo").unwrap()), "{o:?}");
}

#[test]
fn bdp_a_wolf_goes_to_the_end_of_the_turn_list_without_a_roll() {
    let s = session(
        RulesetId::Bdp,
        &[
            ("add Ana pc 10 12 8 6", vec![]),
            ("add Ogre creature 14 10 10 9", vec![]),
            ("reveal all", vec![]),
            ("fight", vec![]),
        ],
    );
    let mut app = app(s, &[]);
    let logged = add_and_undo(&mut app, 'w', "Wolf 1");
    match arrival(&logged) {
        (GameCommand::Bdp(slotmark::rules::bdp::Command::Add(sheet)), false) => {
            assert_eq!(sheet.name, "Wolf 1");
            assert_eq!(sheet.kind, slotmark::rules::bdp::Kind::Creature);
        }
        other => panic!("{other:?}"),
    }
    let entry = app.session().unwrap().applied().last().unwrap().clone();
    assert!(entry.rolls.is_empty(), "no initiative in 001: {entry:?}");
    let names = ["Ana", "Ogre", "Wolf 1"].map(|n| id_of(&app, n).unwrap());
    assert_eq!(order(&app), names.to_vec());
    let GameState::Bdp(st) = &app.session().unwrap().state().game else {
        panic!()
    };
    assert_eq!(st.fight.as_ref().unwrap().at, 0, "Ana's turn goes on");
}

#[test]
fn ap_a_wolf_rolls_d20_plus_wil_and_joins_its_group_by_the_total() {
    // Ana 1d20 = 10 (+8 WIL), Gob 1d20 = 4 (+5 WIL); the wolf then rolls 19.
    let s = session(
        RulesetId::Ap,
        &[
            ("add Ana pc party 11 12 8 6", vec![]),
            ("add Gob npc goblins 8 13 5 4", vec![]),
            ("fight Gob", vec![10, 4]),
        ],
    );
    let mut app = app(s, &[19]);
    let logged = add_and_undo(&mut app, 'w', "Wolf 1");
    match arrival(&logged) {
        (GameCommand::Ap(slotmark::rules::ap::Command::Add(sheet)), false) => {
            assert_eq!(sheet.name, "Wolf 1")
        }
        other => panic!("{other:?}"),
    }
    let entry = app.session().unwrap().applied().last().unwrap().clone();
    assert_eq!(
        entry.rolls.iter().map(|r| r.face).collect::<Vec<_>>(),
        vec![19],
        "A21: the late arrival rolls"
    );
    let wolf = id_of(&app, "Wolf 1").unwrap();
    let GameState::Ap(st) = &app.session().unwrap().state().game else {
        panic!()
    };
    let c = st.characters.iter().find(|c| c.id == wolf).unwrap();
    assert_eq!(c.init, Some(19 + c.attrs[2].cur), "{c:?}");
    assert!(order(&app).contains(&wolf));
}

#[test]
fn actiondie_a_wolf_joins_mid_round_rolling_for_an_attack() {
    // Ana attacks with her sword (d8: 5), the Ogre runs (d6: 2); the wolf rolls 1 and acts next.
    let s = session(
        RulesetId::ActionDie,
        &[
            ("add Ana pc d8 d6 d6 d4 10 ar 1", vec![]),
            ("add Ogre creature 2d6 d4 d4 d4 12 move 4", vec![]),
            ("carry Ana Sword damage d8 slash", vec![]),
            ("hold Ana 1", vec![]),
            ("reveal all", vec![]),
            ("scene for the bridge", vec![]),
            ("act Ana attack", vec![]),
            ("act Ogre run", vec![]),
            ("initiative", vec![5, 2]),
        ],
    );
    let mut app = app(s, &[1, 1, 1, 1]);
    let logged = add_and_undo(&mut app, 'w', "Wolf 1");
    match arrival(&logged) {
        (GameCommand::ActionDie(slotmark::rules::actiondie::Command::Add(sheet)), false) => {
            assert_eq!(sheet.name, "Wolf 1")
        }
        other => panic!("{other:?}"),
    }
    let entry = app.session().unwrap().applied().last().unwrap().clone();
    assert!(!entry.rolls.is_empty(), "D17: it rolls mid-round");
    let wolf = id_of(&app, "Wolf 1").unwrap();
    let GameState::ActionDie(st) = &app.session().unwrap().state().game else {
        panic!()
    };
    let e = st.fight.as_ref().unwrap().entry(wolf).unwrap();
    assert!(e.count >= 1 && !e.rolls.is_empty(), "{e:?}");
    assert!(order(&app).contains(&wolf));
}

#[test]
fn actiondie_before_the_roll_a_wolf_joins_the_scene_to_choose_with_everyone() {
    let s = session(
        RulesetId::ActionDie,
        &[
            ("add Ana pc d8 d6 d6 d4 10 ar 1", vec![]),
            ("add Ogre creature d8 d6 d6 d4 12", vec![]),
            ("scene Ogre for the bridge", vec![]),
        ],
    );
    let mut app = app(s, &[]);
    let logged = add_and_undo(&mut app, 'w', "Wolf 1");
    arrival(&logged);
    let entry = app.session().unwrap().applied().last().unwrap().clone();
    assert!(
        entry.rolls.is_empty(),
        "nothing rolls before the round's roll"
    );
    let wolf = id_of(&app, "Wolf 1").unwrap();
    let GameState::ActionDie(st) = &app.session().unwrap().state().game else {
        panic!()
    };
    assert!(st.fight.as_ref().unwrap().entry(wolf).is_some());
}

#[test]
fn slots_a_goblin_comes_in_numbered_on_the_opponents_side_of_the_fight() {
    let s = session(
        RulesetId::Slots,
        &[
            ("add Aria kit fighter", vec![]),
            ("add Erin opponents", vec![]),
            ("reveal all", vec![]),
            ("fight players", vec![]),
        ],
    );
    let mut app = app(s, &[]);
    let logged = add_and_undo(&mut app, 'g', "Goblin 1");
    match arrival(&logged) {
        (
            GameCommand::Slots(slotmark::rules::slots::Command::AddCharacter {
                name, side, ..
            }),
            false,
        ) => {
            assert_eq!(name.as_str(), "Goblin 1");
            assert_eq!(side, slotmark::rules::slots::Side::Opponents);
        }
        other => panic!("{other:?}"),
    }
    assert!(order(&app).contains(&id_of(&app, "Goblin 1").unwrap()));
}

#[test]
fn out_of_a_fight_the_creature_is_only_added() {
    let s = session(RulesetId::Bdp, &[("add Ana pc 10 12 8 6", vec![])]);
    let mut app = app(s, &[]);
    let p = play(
        &mut app,
        "add",
        vec![key('A'), key('w'), code(KeyCode::Enter)],
    );
    arrival(&p.logged[0]);
    assert!(id_of(&app, "Wolf 1").is_some());
    assert!(order(&app).is_empty(), "no fight began");
    // The next wolf is the second.
    play(
        &mut app,
        "add",
        vec![key('A'), key('w'), code(KeyCode::Enter)],
    );
    assert!(id_of(&app, "Wolf 2").is_some());
}

#[test]
fn tab_brings_the_creature_in_seen_and_unseen_is_the_default() {
    let s = session(RulesetId::Phase, &[("add Ana pc 6 12 14 9", vec![])]);
    let mut app = app(s, &[]);
    drive(
        &mut app,
        100,
        30,
        vec![key('A'), key('w'), code(KeyCode::Enter)],
    );
    drive(
        &mut app,
        100,
        30,
        vec![key('A'), key('w'), code(KeyCode::Tab), code(KeyCode::Enter)],
    );
    let (w1, w2) = (
        id_of(&app, "Wolf 1").unwrap(),
        id_of(&app, "Wolf 2").unwrap(),
    );
    let veil = &app.session().unwrap().state().veil;
    assert!(!veil.sees(w1, false), "unseen by default");
    assert!(veil.sees(w2, false), "Tab: seen");
    assert!(matches!(
        app.session().unwrap().applied().last().unwrap().command,
        Command::Arrive { seen: true, .. }
    ));
}

#[test]
fn escape_leaves_everything_as_it_was() {
    let s = session(RulesetId::Ap, &[("add Ana pc party 11 12 8 6", vec![])]);
    let mut app = app(s, &[]);
    let cursor = app.session().unwrap().cursor();
    let roster = app.session().unwrap().state().game.roster();
    drive(
        &mut app,
        100,
        30,
        vec![key('A'), key('g'), code(KeyCode::Down)],
    );
    assert_eq!(app.ctx(), Ctx::Pick);
    drive(&mut app, 100, 30, vec![code(KeyCode::Esc)]);
    assert_eq!(app.ctx(), Ctx::Main);
    assert_eq!(app.session().unwrap().cursor(), cursor);
    assert_eq!(app.session().unwrap().state().game.roster(), roster);
}

#[test]
fn letters_filter_the_list_and_down_picks_the_next_match() {
    let s = session(RulesetId::Phase, &[("add Ana pc 6 12 14 9", vec![])]);
    let mut app = app(s, &[]);
    let text = drive(
        &mut app,
        80,
        24,
        vec![key('A'), key('g'), key('o'), key('b')],
    );
    assert!(text.contains("Goblin chief"), "{text}");
    assert!(!text.contains("Wolf"), "{text}");
    drive(
        &mut app,
        80,
        24,
        vec![code(KeyCode::Down), code(KeyCode::Enter)],
    );
    assert!(id_of(&app, "Goblin chief 1").is_some());
}

#[test]
fn the_picker_at_80x24() {
    let s = session(
        RulesetId::Phase,
        &[
            ("add Ana pc 6 12 14 9", vec![]),
            ("add Goblin creature 3 8 12 7 group goblins", vec![]),
        ],
    );
    let mut app = app(s, &[]);
    let text = drive(&mut app, 80, 24, vec![key('A'), key('g')]);
    assert_snapshot!("picker_phase_80x24", text);
}

/// The plain tracker keeps no bestiary: the picker offers one more of each kind of creature
/// already in the session, and in a fight it comes in last in the turn order (the order is the
/// judge's and nothing is rolled).
#[test]
fn plain_one_more_ogre_joins_the_fight_last_in_the_order() {
    let s = session(
        RulesetId::Plain,
        &[
            ("add Ana 8", vec![]),
            ("add Ogre 20 others", vec![]),
            ("add Bo 6", vec![]),
            ("fight Ogre Ana Bo", vec![]),
            ("next", vec![]),
        ],
    );
    let mut app = app(s, &[]);
    let logged = add_and_undo(&mut app, 'o', "Ogre 2");
    match arrival(&logged) {
        (GameCommand::Plain(slotmark::rules::plain::Command::Add { name, party, hp }), false) => {
            assert_eq!((name.as_str(), party, hp), ("Ogre 2", false, 20));
        }
        other => panic!("{other:?}"),
    }
    let names = ["Ogre", "Ana", "Bo", "Ogre 2"].map(|n| id_of(&app, n).unwrap());
    assert_eq!(order(&app), names.to_vec());
    let GameState::Plain(st) = &app.session().unwrap().state().game else {
        panic!()
    };
    assert_eq!(st.fight.as_ref().unwrap().at, 1, "Ana's turn goes on");
    let session = app.session().unwrap();
    let log = session.events(session.cursor() - 1);
    let said: Vec<String> = log.iter().map(|e| e.to_string()).collect();
    assert!(
        said.iter()
            .any(|l| l.contains("Ogre 2 comes into the fight, last in the turn order")),
        "{said:?}"
    );
}

#[test]
fn the_plain_tracker_has_no_bestiary_and_says_so() {
    let s = session(RulesetId::Plain, &[]);
    let mut app = app(s, &[]);
    let text = drive(&mut app, 100, 30, vec![key('A')]);
    assert_eq!(app.ctx(), Ctx::Main);
    assert!(text.contains("no bestiary"), "{text}");
}

/// Item 2 of issue 26: the slot system's add form brings a creature in numbered, on the
/// opponents' side and in the zone where the party stands; the picker does the same.
#[test]
fn slots_the_add_form_and_the_picker_put_a_creature_with_the_opponents_where_the_party_stands() {
    let s = session(
        RulesetId::Slots,
        &[
            ("add Aria kit fighter", vec![]),
            ("scene Crypt", vec![]),
            ("zone Hall", vec![]),
            ("zone Stair", vec![]),
            ("place Aria Hall", vec![]),
        ],
    );
    let mut app = app(s, &[]);
    let p = play(
        &mut app,
        "add from the bestiary",
        vec![key('n'), code(KeyCode::Right), code(KeyCode::Enter)],
    );
    match &p.logged[..] {
        [
            Command::Game(GameCommand::Slots(slotmark::rules::slots::Command::AddCharacter {
                name,
                side,
                zone,
                ..
            })),
        ] => {
            assert!(name.ends_with(" 1"), "numbered: {name}");
            assert_eq!(*side, slotmark::rules::slots::Side::Opponents);
            assert_eq!(*zone, Some(0), "the party's zone");
        }
        other => panic!("{other:?}\n{}", p.text),
    }
    let p = play(
        &mut app,
        "add with the picker",
        vec![key('A'), key('g'), code(KeyCode::Enter)],
    );
    match arrival(&p.logged[0]) {
        (GameCommand::Slots(slotmark::rules::slots::Command::AddCharacter { zone, .. }), false) => {
            assert_eq!(zone, Some(0))
        }
        other => panic!("{other:?}"),
    }
    let GameState::Slots(st) = &app.session().unwrap().state().game else {
        panic!()
    };
    assert_eq!(st.find_by_name("Goblin 1").unwrap().zone, Some(0));
}

/// A creature brought in mid-turn leaves the one acting selected: `a` right after `A` attacked
/// as the newcomer instead of the fighter whose turn it was.
#[test]
fn a_creature_brought_in_mid_turn_leaves_the_actor_selected() {
    let s = session(
        RulesetId::Bdp,
        &[
            ("add Ana pc 10 12 8 6", vec![]),
            ("add Ogre creature 14 10 10 9", vec![]),
            ("reveal all", vec![]),
            ("fight", vec![]),
        ],
    );
    let mut app = app(s, &[]);
    drive(&mut app, 100, 30, vec![]);
    let actor = app.main().unwrap().turn.as_ref().unwrap().acting[0];
    assert_eq!(app.main().unwrap().view.selected, Some(actor));
    drive(
        &mut app,
        100,
        30,
        vec![key('A'), key('w'), code(KeyCode::Enter)],
    );
    assert!(id_of(&app, "Wolf 1").is_some());
    assert_eq!(app.main().unwrap().view.selected, Some(actor));
}
