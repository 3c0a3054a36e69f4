//! Ruleset bdp on the screen: its sheet panel at two sizes, a save in two keys through the
//! frame's roll dialog, damage through its form, the Die of Fate and the turn list by one key,
//! the task form's proposed ticks, the ten common moves, and the real binary in a pty.

#[cfg(unix)]
mod pty;
mod screen;

use std::io;

use insta::assert_snapshot;
use ratatui::crossterm::event::{Event, KeyCode};
use screen::{code, drive, key, play, typed};
use slotmark::dice::ScriptedDice;
use slotmark::rules::bdp::{Certainty, Rest};
use slotmark::rules::bdp::{Command as K, State};
use slotmark::rules::{GameCommand, GameState, RulesetId};
use slotmark::script::{Line, parse_line};
use slotmark::session::{Command, Session, SessionState};
use slotmark::tui::app::{App, Dice};
use slotmark::tui::form::Form;
use slotmark::tui::keymap::Ctx;
use slotmark::tui::sheets::bdp::Purpose;
use slotmark::tui::sheets::forms;
use slotmark::tui::theme::Theme;

/// Ana with gear, a Fatigue, a wound, a disease and a missed night; an Ogre.
fn party() -> Session {
    let mut s = Session::new(SessionState::new("Barrow", RulesetId::Bdp));
    for (line, faces) in [
        ("add Ana pc 10 12 8 6", vec![]),
        ("add Ogre creature 14 10 10 9", vec![]),
        ("reveal all", vec![]),
        ("carry Ana Sword right", vec![]),
        ("carry Ana Waterskin waterskin", vec![]),
        ("block Ana", vec![]),
        ("wound Ana burn light larm", vec![]),
        ("infect Ana swamp", vec![3]),
        ("rest Ana perilous", vec![]),
    ] {
        run(&mut s, line, faces);
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
    match app
        .session()
        .unwrap()
        .applied()
        .last()
        .unwrap()
        .command
        .game()
    {
        Some(GameCommand::Bdp(c)) => c.clone(),
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
fn plus_in_the_roll_dialog_gives_the_waiting_save_advantage_after_all() {
    let mut app = app(party(), &[15, 4]);
    app.main_mut().unwrap().view.selected = Some(0);
    let text = drive(&mut app, 100, 30, vec![key('g'), code(KeyCode::Enter)]);
    assert!(text.contains("FAIL"), "15 over DEX 12 fails:\n{text}");
    assert!(text.contains("+/-"), "the edge keys are offered:\n{text}");
    let text = drive(&mut app, 100, 30, vec![key('+')]);
    assert_eq!(last(&app), K::Edge { adv: true });
    assert!(text.contains("PASS"), "the 4 is kept:\n{text}");
    assert!(!text.contains("+/-"), "a second die is the last:\n{text}");
    let text = drive(&mut app, 100, 30, vec![key('-')]);
    assert!(text.contains("already"), "{text}");
    assert_eq!(last(&app), K::Edge { adv: true }, "nothing more was logged");
}

#[test]
fn the_help_on_the_main_screen_credits_001s_tables() {
    let mut app = app(party(), &[]);
    let text = drive(&mut app, 200, 80, vec![code(KeyCode::F(1))]);
    assert_eq!(app.ctx(), Ctx::Help, "{text}");
    assert!(
        text.contains("Block, Dodge, Parry © Lars Huijbregts, CC BY-SA 4.0"),
        "{text}"
    );
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
    drive(&mut app, 100, 30, vec![key('c'), code(KeyCode::Enter)]);
    assert!(state(&app).fight.is_some());
    drive(&mut app, 100, 30, vec![key('E')]);
    assert_eq!(last(&app), K::Next);
    assert_eq!(state(&app).fight.as_ref().unwrap().at, 1);
}

fn open_form(app: &App) -> &Form<Purpose> {
    forms::open_form::<Purpose>(app.main().unwrap()).expect("a form is open")
}

fn run(s: &mut Session, line: &str, faces: Vec<u16>) {
    let Ok(Line::Command(c)) = parse_line(line, s.state()) else {
        panic!("{line} did not parse");
    };
    s.execute(c, &mut ScriptedDice::new(faces)).unwrap();
}

#[test]
fn the_task_form_shows_the_proposed_ticks_with_their_reasons_before_the_roll() {
    let mut s = party();
    run(&mut s, "carry Ana Mail heavy", vec![]);
    let mut app = app(s, &[5]);
    app.main_mut().unwrap().view.selected = Some(0);
    // t opens the form on B13's first preset; → moves to sneaking, where heavy armour is against.
    let text = drive(&mut app, 200, 50, vec![key('t'), code(KeyCode::Right)]);
    assert_eq!(app.ctx(), Ctx::Form, "{text}");
    for words in [
        "Time, Gear, Skill: Ana",
        "sneaking",
        "Proposed from",
        "1 tick: a failure",
    ] {
        assert!(text.contains(words), "the form lacks {words}:\n{text}");
    }
    let form = open_form(&app);
    let note = form.note.clone().unwrap_or_default();
    assert!(
        note.contains(
            "Proposed from the sheet (B12): time yes (not rushed), gear no, skill no (no tag of \
             the sheet in the words); no item on the sheet fits it; heavy armour hinders it."
        ),
        "{note}"
    );
    assert!(
        (
            form.toggle("time"),
            form.toggle("gear"),
            form.toggle("skill")
        ) == (true, false, false)
    );
    assert_snapshot!("bdp_task_form_200x50", text);
    let narrow = drive(&mut app, 80, 24, Vec::new());
    assert!(narrow.contains("gear no"), "{narrow}");
    assert_snapshot!("bdp_task_form_80x24", narrow);
    // The judge ticks Gear by hand (a quiet moment to take the armour off): the hand's tick stays.
    let mut keys: Vec<_> = (0..5).map(|_| code(KeyCode::Down)).collect();
    keys.push(key(' '));
    let text = drive(&mut app, 100, 30, keys);
    assert!(text.contains("2 ticks: Enter rolls a d6"), "{text}");
    drive(&mut app, 100, 30, vec![code(KeyCode::Enter)]);
    assert_eq!(
        last(&app),
        K::Task {
            who: 0,
            how: Certainty::InDoubt {
                time: true,
                gear: true,
                skill: false
            },
            what: "sneaking".into(),
        }
    );
    assert_eq!(app.ctx(), Ctx::Roll, "two ticks roll the d6 and wait");
}

#[test]
fn a_career_named_in_the_tasks_words_ticks_skill_and_says_which() {
    let mut s = party();
    run(&mut s, "tag Ana career lock", vec![]);
    run(&mut s, "carry Ana Lockpicks", vec![]);
    let mut app = app(s, &[]);
    app.main_mut().unwrap().view.selected = Some(0);
    let text = drive(&mut app, 200, 50, vec![key('t')]);
    let form = open_form(&app);
    let note = form.note.clone().unwrap_or_default();
    assert!(
        note.contains("skill yes ('lock' is on the sheet)"),
        "{note}"
    );
    assert!(text.contains("3 ticks: a success, no roll"), "{text}");
}

#[test]
fn the_new_forms_draw_at_both_sizes() {
    let mut s = party();
    run(&mut s, "fight", vec![]);
    let mut app = app(s, &[]);
    app.main_mut().unwrap().view.selected = Some(0);
    for (name, k) in [
        ("contest", 'v'),
        ("fatigue", 'f'),
        ("clear", 'x'),
        ("rest", 'R'),
        ("night", 'N'),
    ] {
        let wide = drive(&mut app, 200, 50, vec![key(k)]);
        assert_eq!(app.ctx(), Ctx::Form, "{name}:\n{wide}");
        assert_snapshot!(format!("bdp_{name}_form_200x50"), wide);
        let narrow = drive(&mut app, 80, 24, Vec::new());
        assert_snapshot!(format!("bdp_{name}_form_80x24"), narrow);
        drive(&mut app, 80, 24, vec![code(KeyCode::Esc)]);
        assert_eq!(app.ctx(), Ctx::Main, "{name}: Esc closes the form");
    }
}

#[test]
fn the_night_warns_of_those_with_no_rest_set_and_clear_refuses_an_empty_row() {
    let mut s = party();
    run(&mut s, "add Bo pc 9 9 9 4", vec![]);
    let mut app = app(s, &[15]);
    app.main_mut().unwrap().view.selected = Some(0);
    let text = drive(&mut app, 120, 40, vec![key('N')]);
    assert!(text.contains("⚠ No rest set for Bo"), "{text}");
    assert!(
        !text.contains("No rest set for Ana"),
        "Ana rests Perilous:\n{text}"
    );
    drive(&mut app, 120, 40, vec![code(KeyCode::Enter)]);
    assert_eq!(last(&app), K::Night);
    assert!(state(&app).characters[2].sleep_deprived, "Bo had no rest");
    // Ana's disease save at dawn waits for the judge; Enter accepts it.
    assert_eq!(app.ctx(), Ctx::Roll);
    drive(&mut app, 120, 40, vec![code(KeyCode::Enter)]);
    // Bo's row holds no Fatigue and no wound: x says so and opens nothing.
    app.main_mut().unwrap().view.selected = Some(2);
    let before = app.session().unwrap().cursor();
    let text = drive(&mut app, 120, 40, vec![key('x')]);
    assert_eq!(app.ctx(), Ctx::Main);
    assert!(
        text.contains("no Fatigue and no Light or Severe wound"),
        "{text}"
    );
    assert_eq!(app.session().unwrap().cursor(), before);
}

/// The ten moves a judge makes most at a bdp table, each in at most three keys from the main
/// screen and each made where it is made (a task and a save out of a fight, a Fatigue and damage
/// in one, the night after it), with the logged command checked. Answering what waits (Enter)
/// and ending the fight are the frame's and the fight key's, checked on the way.
#[test]
fn the_ten_common_bdp_moves_take_at_most_three_keys_each() {
    // Faces: the task's d6 (5), the save (9), the contest (7 and 12), the Die of Fate (4), the
    // damage (3), the dawn's disease save (15), which waits for the judge like any save.
    // Ana carries lockpicks, so Gear is proposed for the lock (B12).
    let mut s = party();
    run(&mut s, "carry Ana Lockpicks", vec![]);
    let mut app = app(s, &[5, 9, 7, 12, 4, 3, 15]);
    app.main_mut().unwrap().view.selected = Some(0);
    let moves: Vec<(&str, bool, Vec<io::Result<Event>>)> = vec![
        ("task", true, vec![key('t'), code(KeyCode::Enter)]),
        ("accept", false, vec![code(KeyCode::Enter)]),
        ("save", true, vec![key('g'), code(KeyCode::Enter)]),
        ("accept", false, vec![code(KeyCode::Enter)]),
        ("contest", true, vec![key('v'), code(KeyCode::Enter)]),
        ("answer", false, vec![code(KeyCode::Enter)]),
        ("fate", true, vec![key('F')]),
        ("fight", true, vec![key('c'), code(KeyCode::Enter)]),
        (
            "dodge",
            true,
            vec![key('f'), code(KeyCode::Right), code(KeyCode::Enter)],
        ),
        ("damage", true, vec![key('-'), code(KeyCode::Enter)]),
        ("next", true, vec![key('E')]),
        // The Ogre's turn selected the Ogre; the judge picks Ana back for her slot.
        (
            "clear",
            true,
            vec![code(KeyCode::BackTab), key('x'), code(KeyCode::Enter)],
        ),
        ("end", false, vec![key('c'), key('y')]),
        (
            "rest",
            false,
            vec![key('R'), code(KeyCode::Right), code(KeyCode::Enter)],
        ),
        ("night", true, vec![key('N'), code(KeyCode::Enter)]),
        ("accept", false, vec![code(KeyCode::Enter)]),
    ];
    assert_eq!(moves.iter().filter(|m| m.1).count(), 10);
    for (what, _, events) in moves {
        assert!(events.len() <= 3, "{what} takes {} keys", events.len());
        let before = app.session().unwrap().cursor();
        let text = drive(&mut app, 100, 30, events);
        let after = app.session().unwrap().cursor();
        assert_eq!(after, before + 1, "{what} logged one step:\n{text}");
        let logged = last(&app);
        let ok = match what {
            "task" => matches!(
                &logged,
                K::Task { who: 0, how: Certainty::InDoubt { time: true, gear: true, skill: false }, what } if what == "lock"
            ),
            "accept" => logged == K::Accept,
            "save" => matches!(logged, K::Save { who: 0, .. }),
            "contest" => matches!(logged, K::Contest { a: 0, b: 1, .. }),
            "answer" => matches!(logged, K::Accept | K::Choose { .. }),
            "fate" => matches!(logged, K::Fate { .. }),
            "fight" => matches!(logged, K::Fight { .. }),
            "dodge" => logged == K::Dodge { who: 0 },
            // On her own turn `-` is the harm Ana deals: her sword at the Ogre (B20, B49).
            "damage" => {
                matches!(&logged, K::Damage { who: 1, source, .. } if &**source == "Ana: Sword")
            }
            "next" => logged == K::Next,
            "clear" => logged == K::Clear { who: 0, slot: 2 },
            "end" => logged == K::EndFight,
            "rest" => {
                logged
                    == K::Rest {
                        who: 0,
                        rest: Rest::Normal,
                    }
            }
            "night" => logged == K::Night,
            _ => false,
        };
        assert!(ok, "{what} logged {logged:?}\n{text}");
        assert!(
            state(&app).queue.is_empty() || matches!(what, "task" | "save" | "contest" | "night"),
            "{what} left something waiting:\n{text}"
        );
    }
    assert_eq!(state(&app).characters[1].hp.cur, 6, "Ana's d6 took 3 of 9");
    let ana = &state(&app).characters[0];
    assert_eq!(
        ana.fatigue(),
        0,
        "the Normal night cleared the dodge's Fatigue"
    );
}

/// The real binary in a pseudo-terminal: a bdp session where the judge adds a PC and a creature,
/// opens a task and sees the proposal, makes a save, starts the fight, gives a Fatigue for a
/// block, moves the turn on, ends the fight and passes the night. Every wait is for what the
/// screen shows; nothing waits a fixed time.
#[cfg(unix)]
#[test]
fn a_bdp_session_plays_a_few_moves_in_the_real_terminal() {
    let home = tempfile::tempdir().unwrap();
    let saves = home.path().join("saves");
    let saves_arg = saves.to_str().unwrap();
    let mut term = pty::Term::spawn(
        &["new", "barrow", "--rules", "bdp", "--saves", saves_arg],
        home.path(),
        &[],
        30,
        100,
    );
    term.wait_text("Nobody yet");
    term.press(":add Ana pc 10 12 8 6\r");
    term.wait_text("Ana joins");
    term.press(":add Ogre creature 14 10 10 9\r");
    term.wait_text("Ogre joins");
    term.press(":reveal Ogre\r");
    term.wait_text("Ogre is in the players' sight");
    // The task form shows the proposal before anything is rolled; Esc leaves it unrolled.
    term.press("t");
    term.wait_text("Time, Gear, Skill: Ana");
    term.wait_text("(B12)");
    term.press("\x1b");
    term.wait_for("the task form closed", |t| !t.text().contains("(B12)"));
    // A save: the form, then the verdict, accepted.
    term.press("g");
    term.wait_text("Save: Ana");
    term.press("\r");
    term.wait_text("Verdict");
    term.press("\r");
    term.wait_for("the save settled", |t| !t.text().contains("Verdict"));
    // The fight, a block's Fatigue, the next turn, the end.
    term.press("c");
    term.wait_text("Who fights");
    term.press("\r");
    term.wait_text("Round 1");
    term.press("f");
    term.wait_text("A Fatigue for Ana");
    term.press("\r");
    term.wait_text("Fatigue (block)");
    term.press("E");
    term.wait_text("Ogre's turn");
    term.press("c");
    term.wait_text("End the fight?");
    term.press("y");
    term.wait_text("The fight ends");
    // The night, with Ana's rest set first: the Ogre's turn left the Ogre selected, so a jump
    // to Ana's sheet first.
    term.press("'an\r");
    term.wait_for("Ana selected", |t| t.text().contains("┌ Ana "));
    term.press("R");
    term.wait_text("Tonight's rest: Ana");
    term.press("\r");
    term.wait_text("rest tonight: Normal");
    term.press("N");
    term.wait_text("The night passes");
    term.press("\r");
    term.wait_text("Fatigue cleared by a Normal night");
    term.press("q");
    term.wait_closed();
    assert!(term.child.wait().unwrap().success());
    assert!(saves.join("barrow.ron").exists());
}

fn game(c: &Command) -> K {
    match c.game() {
        Some(GameCommand::Bdp(c)) => c.clone(),
        other => panic!("{other:?}"),
    }
}

/// The ten moves a judge makes most in every ruleset (issue 26, `docs/rulesets/bdp.md`), each in
/// at most three keys from the main screen, with the logged command checked.
#[test]
fn the_ten_table_moves_take_at_most_three_bdp_keys_each() {
    let mut app = app(party(), &[3; 80]);
    app.main_mut().unwrap().view.selected = Some(0);
    let p = play(&mut app, "save", vec![key('g'), code(KeyCode::Enter)]);
    assert!(
        matches!(game(&p.logged[0]), K::Save { who: 0, .. }),
        "{}",
        p.text
    );
    drive(&mut app, 100, 30, vec![code(KeyCode::Enter)]);
    let p = play(&mut app, "condition", vec![key('f'), code(KeyCode::Enter)]);
    assert!(
        matches!(
            game(&p.logged[0]),
            K::Fatigue { who: 0, .. } | K::Block { .. }
        ),
        "{}",
        p.text
    );
    play(&mut app, "fight", vec![key('c'), code(KeyCode::Enter)]);
    // An attack with its damage from the attacker's turn: `a` Enter rolls the first attack on
    // Ana's sheet into the foe proposed, and the log credits it to her.
    assert_eq!(app.main().unwrap().view.selected, Some(0));
    let p = play(&mut app, "attack", vec![key('a'), code(KeyCode::Enter)]);
    match game(&p.logged[0]) {
        K::Damage { who: 1, source, .. } => assert_eq!(&*source, "Ana: Sword"),
        other => panic!("{other:?}\n{}", p.text),
    }
    while app.ctx() != Ctx::Main {
        drive(&mut app, 100, 30, vec![code(KeyCode::Enter)]);
    }
    let p = play(&mut app, "find a sheet", vec![code(KeyCode::Tab)]);
    assert!(p.logged.is_empty());
    let p = play(&mut app, "damage", vec![key('-'), code(KeyCode::Enter)]);
    assert!(
        matches!(game(&p.logged[0]), K::Damage { who: 1, .. }),
        "{}",
        p.text
    );
    while app.ctx() != Ctx::Main {
        drive(&mut app, 100, 30, vec![code(KeyCode::Enter)]);
    }
    let p = play(&mut app, "heal", vec![key('+'), code(KeyCode::Enter)]);
    assert!(
        matches!(
            game(&p.logged[0]),
            K::Set {
                who: 1,
                cur: 4,
                max: 9,
                ..
            }
        ),
        "{}",
        p.text
    );
    let p = play(&mut app, "next", vec![key('E')]);
    assert_eq!(game(&p.logged[0]), K::Next);
    let p = play(&mut app, "undo", vec![key('u')]);
    assert_eq!(p.undone, 1);
    // A creature of the bestiary joins the fight under way, at the end of the turn list.
    let p = play(
        &mut app,
        "add a creature",
        vec![key('A'), key('w'), code(KeyCode::Enter)],
    );
    match &p.logged[..] {
        [Command::Arrive { add, seen: false }] => match &**add {
            GameCommand::Bdp(K::Add(sheet)) => assert_eq!(sheet.name, "Wolf 1"),
            other => panic!("{other:?}\n{}", p.text),
        },
        other => panic!("{other:?}\n{}", p.text),
    }
    assert_eq!(state(&app).fight.as_ref().unwrap().order, [0, 1, 2]);
    play(&mut app, "the fight ends", vec![key('c'), key('y')]);
    let p = play(&mut app, "night", vec![key('N'), code(KeyCode::Enter)]);
    assert!(p.logged.iter().any(|c| game(c) == K::Night), "{}", p.text);
    // Moves 11 and 12 (issue 44), in the demo: the fight with the creatures just met in at
    // most three keys, then one whole round of it, the keys per fighter as the page lists them.
    let (keys, fighters) = screen::moves_11_and_12(slotmark::rules::RulesetId::Bdp);
    assert_eq!(
        keys,
        screen::round_keys(slotmark::rules::RulesetId::Bdp, fighters),
        "a round of {fighters} fighters"
    );
}

/// B49: a new turn order that leaves someone standing out is refused with their names, and the
/// fight keeps everyone.
/// Ana and the Ogre, `who` at HP 0 and STR 1, in a fight whose turn list is `order`.
fn at_deaths_door(who: &str, order: &str) -> Session {
    let mut s = Session::new(SessionState::new("Barrow", RulesetId::Bdp));
    let (hp, str) = (format!("set {who} hp 0"), format!("set {who} str 1"));
    let fight = format!("fight {order}");
    for line in [
        "add Ana pc 10 12 8 6",
        "add Ogre creature 14 10 10 9",
        "reveal all",
    ]
    .into_iter()
    .chain([hp.as_str(), str.as_str(), fight.as_str()])
    {
        run(&mut s, line, vec![]);
    }
    s
}

/// B21, B22: Ana at HP 0 and STR 1, the Ogre's turn: any blow into her HP comes off STR and
/// kills her. `a` Enter no longer strikes on one Enter: it asks, Enter does nothing there, Esc
/// leaves her alive, and `y` strikes (a kill on purpose is `a` Enter `y`).
#[test]
fn b22_a_blow_that_can_kill_a_player_character_asks_before_it_lands() {
    let mut app = app(at_deaths_door("Ana", "Ogre Ana"), &[4; 8]);
    app.main_mut().unwrap().view.selected = Some(1);
    let steps = app.session().unwrap().applied().len();
    let text = drive(&mut app, 80, 24, vec![key('a'), code(KeyCode::Enter)]);
    assert_eq!(app.session().unwrap().applied().len(), steps, "{text}");
    assert!(text.contains("can kill Ana"), "{text}");
    let text = drive(&mut app, 80, 24, vec![code(KeyCode::Enter)]);
    assert_eq!(
        app.session().unwrap().applied().len(),
        steps,
        "Enter: {text}"
    );
    drive(&mut app, 80, 24, vec![code(KeyCode::Esc)]);
    assert!(!state(&app).characters[0].dead, "Esc leaves her alive");
    assert_eq!(app.ctx(), Ctx::Main);
    drive(
        &mut app,
        80,
        24,
        vec![key('a'), code(KeyCode::Enter), key('y')],
    );
    assert!(
        matches!(last(&app), K::Damage { who: 0, .. }),
        "{:?}",
        last(&app)
    );
    assert!(state(&app).characters[0].dead, "y strikes");
    // A creature is struck at once: the fight needs no question for each foe it may kill.
    let mut other = self::app(at_deaths_door("Ogre", "Ana Ogre"), &[4; 8]);
    other.main_mut().unwrap().view.selected = Some(0);
    drive(&mut other, 80, 24, vec![key('a'), code(KeyCode::Enter)]);
    assert!(state(&other).characters[1].dead);
}

#[test]
fn b49_an_order_that_leaves_someone_out_is_refused() {
    let mut s = party();
    run(&mut s, "fight", vec![]);
    let err = parse_line("order Ogre", s.state()).map(|_| ()).unwrap_err();
    assert!(err.to_string().contains("leaves out Ana"), "{err}");
    assert!(matches!(
        parse_line("order Ogre Ana", s.state()),
        Ok(Line::Command(_))
    ));
}

/// Without colour (the plain theme, as `NO_COLOR` gives) the log's warnings and tended harm keep
/// symbols of their own, so they read apart from plain lines.
#[test]
fn without_colour_the_logs_warnings_and_tending_keep_their_symbols() {
    let mut s = party();
    run(&mut s, "fight Ana Ogre", vec![]);
    run(&mut s, "clear Ana 3", vec![]);
    let mut app = app(s, &[]);
    let text = drive(&mut app, 200, 50, Vec::new());
    assert!(text.contains("* The fight begins: round 1"), "{text}");
    assert!(text.contains("+ Ana: slot 3 clears"), "{text}");
}

/// At 80×24 the sheet is taller than its panel: it says how much more there is, and `]`
/// scrolls it down to the burn in slot 8 and the notes; `[` brings it back.
#[test]
fn the_bdp_sheet_scrolls_to_slot_8_and_the_notes_at_80x24() {
    let mut s = party();
    for line in [
        "carry Ana Rope",
        "carry Ana Torch",
        "carry Ana Rations",
        "wound Ana burn light rarm",
        "remark Ana a scar on the cheek",
    ] {
        run(&mut s, line, vec![]);
    }
    let mut app = app(s, &[]);
    app.main_mut().unwrap().view.selected = Some(0);
    let top = drive(&mut app, 80, 24, Vec::new());
    assert!(top.contains("more rows: ] scrolls"), "{top}");
    assert!(!top.contains("Notes"), "{top}");
    assert!(
        top.contains("free of 10"),
        "the count says free slots:\n{top}"
    );
    let text = drive(&mut app, 80, 24, vec![key(']'), key(']'), key(']')]);
    assert!(text.contains(" 8 "), "slot 8:\n{text}");
    assert!(text.contains("a scar on the cheek"), "the notes:\n{text}");
    assert!(text.contains("above: [ scrolls back"), "{text}");
    assert_snapshot!("bdp_sheet_scrolled_80x24", text);
    let back = drive(
        &mut app,
        80,
        24,
        vec![key('['), key('['), key('['), key('[')],
    );
    assert!(back.contains("Scores"), "{back}");
}

/// B27-B29: Ana at HP 0 and STR 3 takes 1 into STR, fails the critical save, and the injury
/// falls on the torso: if it lands, a d4 comes off STR and 3 or 4 kill her. "The injury lands"
/// was taken by Enter; now the question says she may die as the die falls and waits for `y`.
#[test]
fn b27_an_injury_whose_die_may_kill_waits_for_y() {
    let mut s = Session::new(SessionState::new("Barrow", RulesetId::Bdp));
    for line in [
        "add Ana pc 10 12 8 6",
        "add Ogre creature 14 10 10 9",
        "reveal all",
        "set Ana hp 0",
        "set Ana str 3",
    ] {
        run(&mut s, line, vec![]);
    }
    let mut app = app(s, &[20, 1, 4, 4, 4]);
    let mut text = drive(&mut app, 80, 24, vec![key(':')]);
    let mut events = typed("damage Ana 1 hp");
    events.push(code(KeyCode::Enter));
    for _ in 0..4 {
        text = drive(&mut app, 80, 24, std::mem::take(&mut events));
        if text.contains("injury to the Torso") {
            break;
        }
        events = vec![code(KeyCode::Enter)];
    }
    assert!(text.contains("injury to the Torso"), "{text}");
    let steps = app.session().unwrap().applied().len();
    let text = drive(&mut app, 80, 24, vec![code(KeyCode::Enter)]);
    assert_eq!(app.session().unwrap().applied().len(), steps, "{text}");
    assert!(text.contains("Ana may die on this answer"), "{text}");
    drive(&mut app, 80, 24, vec![key('y')]);
    assert!(
        state(&app).characters[0].dead,
        "the d4's 4 takes her last STR"
    );
}

/// `+` on a character at full HP healed nothing yet logged a step ("The judge sets Ana's HP to
/// 6/6"). It now refuses, says why and names what works, and logs nothing.
#[test]
fn heal_at_full_hp_is_refused_in_words_and_logs_nothing() {
    let mut app = app(party(), &[]);
    app.main_mut().unwrap().view.selected = Some(0);
    let ana = state(&app).character(0).unwrap().hp;
    assert_eq!(ana.cur, ana.max, "Ana starts at full HP");
    let steps = app.session().unwrap().applied().len();
    let text = drive(&mut app, 100, 30, vec![key('+')]);
    assert_eq!(app.ctx(), Ctx::Main, "{text}");
    let said = app.main().unwrap().message.as_ref().map(|m| m.text.clone());
    let said = said.unwrap_or_default();
    assert!(said.contains("Ana is at full HP"), "{said}\n{text}");
    assert!(said.contains("set Ana hp"), "{said}");
    let text = drive(&mut app, 100, 30, vec![code(KeyCode::Enter)]);
    assert_eq!(app.session().unwrap().applied().len(), steps, "{text}");
}
