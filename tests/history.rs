//! The same truth at any length: what a panel shows from the past (the last encounter dice, why a
//! side holds the initiative, the roll log) reads the same when the step that said it is older
//! than the events a session keeps in memory (`session::EVENTS_KEPT`).

mod support;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use slotmark::dice::ScriptedDice;
use slotmark::rules::slots::{self, Side};
use slotmark::session::{Command, EVENTS_KEPT, Session};
use slotmark::store::{self, Store};
use slotmark::tui::app::{App, Dice};
use slotmark::tui::theme::Theme;
use slotmark::tui::{self};

fn run(s: &mut Session, c: impl Into<Command>, faces: &[u16]) {
    s.execute(c.into(), &mut ScriptedDice::new(faces.to_vec()))
        .unwrap();
}

/// `n` notes: steps that say nothing of encounters or initiative.
fn notes(s: &mut Session, n: usize) {
    for i in 0..n {
        run(s, Command::Note(format!("note {i}")), &[]);
    }
}

fn frame(session: Session) -> String {
    let mut app = App::with_session(session, None, Dice::scripted([])).with_theme(Theme::plain());
    let mut t = Terminal::new(TestBackend::new(200, 50)).unwrap();
    tui::draw(&mut t, &mut app).unwrap();
    t.backend().to_string()
}

/// The party, a search with its encounter die (a 10, read as 0: an encounter), and then a long
/// stretch of notes.
fn searched(stretch: usize) -> Session {
    let mut s = Session::new(support::party());
    run(
        &mut s,
        slots::Command::Task {
            label: "search".into(),
            trys: 1,
            senses: Vec::new().into(),
        },
        &[10],
    );
    notes(&mut s, stretch);
    s
}

#[test]
fn the_clock_panel_shows_the_last_encounter_dice_however_long_ago_they_were_rolled() {
    let short = frame(searched(3));
    let long = frame(searched(EVENTS_KEPT + 100));
    for screen in [&short, &long] {
        assert!(!screen.contains("none rolled yet"), "{screen}");
        assert!(screen.contains("ENCOUNTER"), "{screen}");
    }
}

#[test]
fn the_strip_says_why_a_side_holds_the_initiative_however_long_ago_it_was_said() {
    let fought = |stretch: usize| {
        let mut s = Session::new(support::party());
        run(
            &mut s,
            slots::Command::StartCombat {
                initiator: Side::Opponents,
                surprised: None,
                fighters: None,
            },
            &[],
        );
        notes(&mut s, stretch);
        s
    };
    let short = fought(3);
    let long = fought(EVENTS_KEPT + 100);
    let why = |s: &Session| match &s.state().game {
        slotmark::rules::GameState::Slots(st) => st.recent.initiative_why.clone(),
        _ => None,
    };
    let said = why(&short).expect("starting a fight says why");
    assert_eq!(why(&long).as_deref(), Some(said.as_str()));
    let screen = frame(long);
    assert!(screen.contains(&said), "{said}\n{screen}");
}

#[test]
fn what_the_panels_keep_comes_back_with_the_file_and_never_makes_it_differ() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("long.ron");
    let session = searched(EVENTS_KEPT + 10);
    drop(Store::create(&path, &session).unwrap());
    let (loaded, warnings) = store::load_with_warnings(&path).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert!(frame(loaded).contains("ENCOUNTER"));
    assert!(store::verify(&path).unwrap().matches());
}

#[test]
fn the_roll_log_scrolls_to_the_first_step_of_a_long_session_and_stops_there() {
    use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
    let session = searched(EVENTS_KEPT + 100);
    let steps = session.cursor();
    let mut app = App::with_session(session, None, Dice::scripted([])).with_theme(Theme::plain());
    let page_up = || {
        Ok(Event::Key(KeyEvent::new(
            KeyCode::PageUp,
            KeyModifiers::NONE,
        )))
    };
    let page_down = || {
        Ok(Event::Key(KeyEvent::new(
            KeyCode::PageDown,
            KeyModifiers::NONE,
        )))
    };
    let mut t = Terminal::new(TestBackend::new(200, 50)).unwrap();
    // Far more pages than the log has: the scroll stops at the first step.
    let events: Vec<_> = (0..steps / 5 + 10).map(|_| page_up()).collect();
    tui::run_loop(&mut t, &mut app, events).unwrap();
    assert_eq!(app.main().unwrap().view.log_scroll, steps - 1);
    tui::draw(&mut t, &mut app).unwrap();
    let screen = t.backend().to_string();
    assert!(screen.contains("1 · Encounter dice"), "{screen}");
    // One page back down answers at once.
    tui::run_loop(&mut t, &mut app, vec![page_down()]).unwrap();
    assert_eq!(app.main().unwrap().view.log_scroll, steps - 6);
}

#[test]
fn harm_since_an_interruption_reads_the_same_however_long_ago_it_came() {
    let harmed = |stretch: usize| {
        let mut s = Session::new(support::party());
        for c in [
            slots::Command::StartCombat {
                initiator: Side::Players,
                surprised: None,
                fighters: None,
            },
            slots::Command::StartTurn { who: 0 },
            slots::Command::Setup {
                what: "move".into(),
            },
            slots::Command::Interrupt { who: 2 },
            slots::Command::Wound {
                who: 0,
                slot: 2,
                wound: slots::Wound::Open,
            },
        ] {
            run(&mut s, c, &[]);
        }
        notes(&mut s, stretch);
        match &s.state().game {
            slotmark::rules::GameState::Slots(st) => st.recent.harm_since_interrupt.clone(),
            _ => None,
        }
    };
    let short = harmed(3);
    assert_eq!(short.as_deref(), Some("Aldo took an open wound"));
    assert_eq!(harmed(EVENTS_KEPT + 100), short);
}

/// Loading a file replays its older steps without their events: every fact the panels keep
/// (the encounter dice, why a side holds the initiative, the harm since an interruption, a
/// counterattack open after a parry) must come back from a long file as the session held it.
#[test]
fn every_fact_the_panels_keep_comes_back_the_same_from_a_long_file() {
    use slotmark::dice::Edge;
    use slots::{AttackKind, AttackSpec, Defense};
    let mut s = searched(0);
    let goblin_attacks = AttackSpec {
        attacker: 2,
        target: 0,
        kind: AttackKind::Melee,
        weapon: None,
        defense: Defense::None,
        aimed: false,
        blast_slots: 0,
        counter: false,
    };
    for (c, faces) in [
        (
            slots::Command::StartCombat {
                initiator: Side::Players,
                surprised: None,
                fighters: None,
            },
            &[][..],
        ),
        (slots::Command::StartTurn { who: 0 }, &[]),
        (
            slots::Command::Setup {
                what: "move".into(),
            },
            &[],
        ),
        (slots::Command::Interrupt { who: 2 }, &[]),
        // Aldo's sword in slot 6 parries the goblin's blow: a counterattack is open to him.
        (
            slots::Command::Attack {
                spec: goblin_attacks,
                edge: Edge::NONE,
                dual: false,
            },
            &[6],
        ),
        (slots::Command::Accept, &[]),
        (
            slots::Command::Wound {
                who: 0,
                slot: 2,
                wound: slots::Wound::Open,
            },
            &[],
        ),
    ] {
        run(&mut s, c, faces);
    }
    notes(&mut s, EVENTS_KEPT + 10);
    let kept = |s: &Session| match &s.state().game {
        slotmark::rules::GameState::Slots(st) => st.recent.clone(),
        _ => unreachable!(),
    };
    let held = kept(&s);
    assert!(held.encounter.is_some(), "{held:?}");
    assert!(held.initiative_why.is_some(), "{held:?}");
    assert_eq!(
        held.harm_since_interrupt.as_deref(),
        Some("Aldo took an open wound")
    );
    assert_eq!(held.counter, Some((0, 2)));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("long.ron");
    drop(Store::create(&path, &s).unwrap());
    let loaded = store::load(&path).unwrap();
    assert_eq!(format!("{:?}", kept(&loaded)), format!("{held:?}"));
    assert!(store::verify(&path).unwrap().matches());
}
