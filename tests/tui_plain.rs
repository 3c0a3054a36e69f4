//! The plain tracker on the screen: the frame (roster, strip, roll dialog, log, undo, help) drawn
//! from its read models, and its own sheet, keys and forms, with no slots anywhere. What works here
//! and for the slot system works through the seam.

mod screen;

use std::io;

use insta::assert_snapshot;
use ratatui::crossterm::event::{Event, KeyCode};
use screen::{code, drive, key, play, typed};
use slotmark::rules::plain::State;
use slotmark::rules::{GameState, RulesetId};
use slotmark::session::{Session, SessionState};
use slotmark::tui::app::{App, Dice};
use slotmark::tui::keymap::Ctx;
use slotmark::tui::theme::Theme;

fn app(faces: &[u16]) -> App {
    let session = Session::new(SessionState::new("Goblin cave", RulesetId::Plain));
    App::with_session(session, None, Dice::scripted(faces.iter().copied()))
        .with_theme(Theme::plain())
}

/// The plain tracker's demo on the screen: the party, the goblins at the ford, the hag's hut.
fn demo() -> App {
    App::with_session(
        slotmark::script::demo_for(RulesetId::Plain),
        None,
        Dice::scripted([3; 16]),
    )
    .with_theme(Theme::plain())
}

fn state(app: &App) -> &State {
    match &app.session().unwrap().state().game {
        GameState::Plain(s) => s,
        other => panic!("a plain session was expected, not {:?}", other.ruleset()),
    }
}

/// n, the name, Tab to the side toggle (Space turns it off for a creature), Tab to the hit
/// points and → to raise them, Enter.
fn add(name: &str, party: bool, extra_hp: usize) -> Vec<io::Result<Event>> {
    let mut events = vec![key('n')];
    events.extend(typed(name));
    events.push(code(KeyCode::Tab));
    if !party {
        events.push(key(' '));
    }
    events.push(code(KeyCode::Tab));
    events.extend((0..extra_hp).map(|_| code(KeyCode::Right)));
    events.push(code(KeyCode::Enter));
    events
}

#[test]
fn the_plain_tracker_plays_on_the_screen_with_no_slots_at_all() {
    let mut app = app(&[14]);
    let mut events = add("Ana", true, 2);
    events.extend(add("Ogre", false, 14));
    let empty = drive(&mut app, 100, 30, Vec::new());
    assert!(empty.contains("No characters yet"), "{empty}");
    drive(&mut app, 100, 30, events);
    let s = state(&app);
    assert_eq!(
        s.characters
            .iter()
            .map(|c| (c.name.as_str(), c.party, c.max_hp))
            .collect::<Vec<_>>(),
        [("Ana", true, 8), ("Ogre", false, 20)]
    );
    // The new character is selected; the sheet shows its hit points.
    let text = drive(&mut app, 100, 30, Vec::new());
    assert!(text.contains("20 / 20"), "{text}");
    // A fight in roster order, the ogre met: the strip shows the round and whose turn it is.
    let mut keys = vec![key(':')];
    keys.extend(typed("reveal all"));
    keys.extend([code(KeyCode::Enter), key('c'), code(KeyCode::Enter)]);
    let text = drive(&mut app, 100, 30, keys);
    assert!(state(&app).fight.is_some());
    assert!(text.contains("Round 1"), "{text}");
    assert_snapshot!("plain_fight_100x30", text);
    // Ana, selected by her turn, rolls d20 against 10: the frame's roll dialog, accepted with Enter.
    let mut events = vec![key('g')];
    events.push(code(KeyCode::Enter));
    let text = drive(&mut app, 100, 30, events);
    assert_eq!(app.ctx(), Ctx::Roll, "{text}");
    assert!(text.contains("PASS"), "{text}");
    drive(&mut app, 100, 30, vec![code(KeyCode::Enter)]);
    assert_eq!(app.ctx(), Ctx::Main);
    assert!(state(&app).pending.is_none());
    // The ogre is hurt by 5, then the judge undoes it and redoes it.
    let mut events = vec![code(KeyCode::Tab), key('-')];
    events.extend((0..4).map(|_| code(KeyCode::Right)));
    events.push(code(KeyCode::Enter));
    drive(&mut app, 100, 30, events);
    assert_eq!(state(&app).characters[1].hp, 15);
    drive(&mut app, 100, 30, vec![key('u')]);
    assert_eq!(state(&app).characters[1].hp, 20);
    let text = drive(&mut app, 100, 30, vec![key('U')]);
    assert_eq!(state(&app).characters[1].hp, 15);
    assert!(text.contains("15 / 20"), "{text}");
    // E passes the turn to the ogre.
    let text = drive(&mut app, 100, 30, vec![key('E')]);
    let fight = state(&app).fight.clone().unwrap();
    assert_eq!(fight.order[fight.at], 1, "{text}");
}

#[test]
fn the_plain_trackers_help_lists_its_keys_and_the_frames() {
    let mut app = app(&[]);
    let text = drive(&mut app, 100, 40, vec![key('?')]);
    assert_eq!(app.ctx(), Ctx::Help);
    for expected in [
        "Add a character",
        "loses hit points",
        "Undo the last change",
        "Command palette",
    ] {
        assert!(text.contains(expected), "help lacks {expected}:\n{text}");
    }
    assert!(
        !text.contains("slot"),
        "the slot system's keys leak into the tracker's help:\n{text}"
    );
}

#[test]
fn a_refused_form_keeps_its_values_and_says_why() {
    let mut app = app(&[]);
    drive(&mut app, 100, 30, add("Ana", true, 0));
    // A check with dice that are no dice: the form stays with the reason, nothing runs.
    let mut events = vec![key('g'), code(KeyCode::Tab)];
    events.extend((0..3).map(|_| code(KeyCode::Backspace)));
    events.extend(typed("d0"));
    events.push(code(KeyCode::Enter));
    let text = drive(&mut app, 100, 30, events);
    assert_eq!(app.ctx(), Ctx::Form, "{text}");
    assert!(text.contains("✗"), "{text}");
    assert_eq!(app.session().unwrap().cursor(), 1);
}

#[test]
fn the_start_screen_asks_for_the_ruleset_of_a_new_session_and_proposes_the_slot_system() {
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().join("saves");
    let mut app = App::start(saves.clone(), Dice::scripted([])).with_theme(Theme::plain());
    let text = drive(&mut app, 100, 30, vec![key('n')]);
    assert!(
        text.contains("d12 slot system"),
        "the slot system is proposed:\n{text}"
    );
    let mut events = typed("Cave");
    events.extend([
        code(KeyCode::Tab),
        code(KeyCode::Right),
        code(KeyCode::Enter),
    ]);
    drive(&mut app, 100, 30, events);
    let session = app.session().expect("the new session is open");
    assert_eq!(session.state().ruleset(), RulesetId::Plain);
    assert!(saves.join("cave.ron").exists());
    // Read back from the disk (without taking the lock the screen holds), it is the tracker's.
    let loaded = slotmark::store::load(&saves.join("cave.ron")).unwrap();
    assert_eq!(loaded.state().ruleset(), RulesetId::Plain);
    drop(app);
}

fn game(c: &slotmark::session::Command) -> slotmark::rules::plain::Command {
    match c {
        slotmark::session::Command::Game(slotmark::rules::GameCommand::Plain(c)) => c.clone(),
        other => panic!("{other:?}"),
    }
}

/// The ten moves a judge makes most in every ruleset (issue 26, `docs/rulesets/plain.md`), each
/// in at most three keys from the main screen, with the logged command checked. Its conditions
/// are the judge's words and its clock counts what the judge says passes.
#[test]
fn the_ten_table_moves_take_at_most_three_plain_keys_each() {
    use slotmark::rules::plain::Command as K;
    let mut app = app(&[12; 20]);
    let mut events = add("Ana", true, 0);
    events.extend(add("Ogre", false, 0));
    events.push(key(':'));
    events.extend(typed("reveal all"));
    events.push(code(KeyCode::Enter));
    drive(&mut app, 100, 30, events);
    assert_eq!(
        app.main().unwrap().view.selected,
        Some(1),
        "the new one is selected"
    );
    // Finding a sheet: ' and the first letters of a name, Enter (or Tab and Shift-Tab).
    let p = play(
        &mut app,
        "find a sheet",
        vec![key('\''), key('a'), code(KeyCode::Enter)],
    );
    assert!(p.logged.is_empty());
    assert_eq!(app.main().unwrap().view.selected, Some(0));
    let p = play(&mut app, "check", vec![key('g'), code(KeyCode::Enter)]);
    assert!(
        matches!(game(&p.logged[0]), K::Check { who: 0, .. }),
        "{}",
        p.text
    );
    drive(&mut app, 100, 30, vec![code(KeyCode::Enter)]);
    play(&mut app, "fight", vec![key('c'), code(KeyCode::Enter)]);
    // An attack with its damage: the tracker keeps no weapons; the one hit loses its points.
    let p = play(
        &mut app,
        "attack",
        vec![code(KeyCode::Tab), key('-'), code(KeyCode::Enter)],
    );
    assert_eq!(game(&p.logged[0]), K::Damage { who: 1, amount: 1 });
    // On the actor's own row `-` is the harm it deals: the frame proposes its foe.
    let p = play(
        &mut app,
        "damage from the actor",
        vec![code(KeyCode::BackTab), key('-'), code(KeyCode::Enter)],
    );
    assert_eq!(game(&p.logged[0]), K::Damage { who: 1, amount: 1 });
    let p = play(
        &mut app,
        "heal",
        vec![code(KeyCode::Tab), key('+'), code(KeyCode::Enter)],
    );
    assert_eq!(game(&p.logged[0]), K::Heal { who: 1, amount: 1 });
    let p = play(&mut app, "next", vec![key('E')]);
    assert_eq!(game(&p.logged[0]), K::NextTurn);
    let p = play(&mut app, "undo", vec![key('u')]);
    assert_eq!(p.undone, 1);
    // A creature mid-fight: n proposes one more of the last creature, Enter adds it numbered
    // and brings it into the fight, last in the turn order, as one step.
    let order = |app: &App| state(app).fight.as_ref().unwrap().order.clone();
    let before = order(&app);
    let p = play(
        &mut app,
        "add a creature",
        vec![key('n'), code(KeyCode::Enter)],
    );
    assert_eq!(p.logged.len(), 1, "one step: {:?}", p.logged);
    assert_eq!(
        p.logged[0],
        slotmark::session::Command::Arrive {
            add: Box::new(
                K::Add {
                    name: "Ogre".into(),
                    party: false,
                    hp: 6
                }
                .into()
            ),
            seen: false,
        },
        "{}",
        p.text
    );
    let st = state(&app);
    let new = st.characters.last().unwrap();
    assert_eq!((new.name.as_str(), new.party), ("Ogre 2", false));
    assert_eq!(app.main().unwrap().view.selected, Some(new.id));
    let mut joined = before.clone();
    joined.push(new.id);
    assert_eq!(order(&app), joined, "the newcomer acts last in the order");
    assert!(
        p.text.contains("Ogre 2 comes into the fight"),
        "the log says so:\n{}",
        p.text
    );
    // One undo takes the whole arrival back, its place in the fight too.
    let p = play(&mut app, "undo", vec![key('u')]);
    assert_eq!(p.undone, 1);
    assert_eq!(order(&app), before);
    assert!(state(&app).characters.iter().all(|c| c.name != "Ogre 2"));
    // A condition marked and cleared: M Enter, x Enter.
    let who = app.main().unwrap().view.selected.unwrap();
    let p = play(&mut app, "mark", vec![key('M'), code(KeyCode::Enter)]);
    assert_eq!(
        game(&p.logged[0]),
        K::Mark {
            who,
            condition: "prone".into()
        },
        "{}",
        p.text
    );
    assert!(p.text.contains("is now prone"), "{}", p.text);
    let p = play(&mut app, "clear", vec![key('x'), code(KeyCode::Enter)]);
    assert_eq!(
        game(&p.logged[0]),
        K::Unmark {
            who,
            condition: "prone".into()
        },
        "{}",
        p.text
    );
    // Time passing: T Enter, ten minutes on the clock.
    let p = play(&mut app, "time", vec![key('T'), code(KeyCode::Enter)]);
    assert_eq!(game(&p.logged[0]), K::Pass { minutes: 10 }, "{}", p.text);
    assert_eq!(state(&app).minutes, 10);
    // Moves 11 and 12 (issue 44), in the demo: the fight with the creatures just met in at
    // most three keys, then one whole round of it, `E` per fighter as the page lists them.
    let (keys, fighters) = screen::moves_11_and_12(RulesetId::Plain);
    assert_eq!(fighters, 6, "the party of three and the three at the ford");
    assert_eq!(keys, screen::round_keys(RulesetId::Plain, fighters));
}

/// In the demo's fight at the ford, `n` proposes one more goblin: the last creature added to
/// the session is the hag waiting in her hut, and the form proposed "Mag 2".
#[test]
fn n_in_the_demos_fight_proposes_one_more_of_the_last_creature_in_it() {
    let mut app = demo();
    drive(&mut app, 80, 24, vec![key('c'), code(KeyCode::Enter)]);
    let text = drive(&mut app, 80, 24, vec![key('n')]);
    assert!(text.contains("Goblin"), "{text}");
    assert!(
        !text.contains("Mag 2") && !text.contains("Name  Mag"),
        "{text}"
    );
    drive(&mut app, 80, 24, vec![code(KeyCode::Enter)]);
    let names: Vec<&str> = state(&app)
        .characters
        .iter()
        .map(|c| c.name.as_str())
        .collect();
    assert!(names.contains(&"Goblin 3"), "{names:?}");
}

/// The help stops at its end: ↓ held past it is not banked, so one ↑ scrolls back at once
/// (it took as many ↑ as the ↓ pressed past the end).
#[test]
fn the_help_scrolls_no_further_than_its_end() {
    let mut app = app(&[]);
    drive(&mut app, 80, 24, vec![key('?')]);
    let mut bottom = String::new();
    for _ in 0..200 {
        bottom = drive(&mut app, 80, 24, vec![code(KeyCode::Down)]);
    }
    let again = drive(&mut app, 80, 24, vec![code(KeyCode::Down)]);
    assert_eq!(again, bottom, "the end scrolls no further");
    let up = drive(&mut app, 80, 24, vec![code(KeyCode::Up)]);
    assert_ne!(up, bottom, "one ↑ scrolls back from the end");
}

/// A creature in no encounter, added after the demo's encounters, stands under a heading of its
/// own: Goblin 3, added with `n` in the fight at the ford, read as one of the hag's hut.
#[test]
fn a_creature_in_no_encounter_is_not_shown_under_the_last_encounter() {
    let mut app = demo();
    drive(&mut app, 80, 24, vec![key('c'), code(KeyCode::Enter)]);
    let text = drive(&mut app, 80, 40, vec![key('n'), code(KeyCode::Enter)]);
    let rows: Vec<&str> = text.lines().collect();
    let hut = rows
        .iter()
        .position(|l| l.contains("‹Hut›"))
        .expect("the hut");
    let goblin = rows
        .iter()
        .position(|l| l.starts_with("\" Goblin 3") || l.starts_with("\"▶Goblin 3"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        rows[hut..goblin]
            .iter()
            .any(|l| l.contains("‹no encounter›")),
        "{text}"
    );
}

/// The picker offers one more goblin numbered after the others: it offered "Goblin", with no
/// number, beside Goblin 1 and Goblin 2.
#[test]
fn the_picker_numbers_one_more_of_a_numbered_kind() {
    let mut app = demo();
    let text = drive(&mut app, 100, 30, vec![key('A'), key('g')]);
    assert!(text.contains("Goblin 3"), "{text}");
    drive(&mut app, 100, 30, vec![code(KeyCode::Enter)]);
    let names: Vec<&str> = state(&app)
        .characters
        .iter()
        .map(|c| c.name.as_str())
        .collect();
    assert!(names.contains(&"Goblin 3"), "{names:?}");
}
