//! Drawing the whole main screen at 200×50 into a TestBackend: roster, sheet with the body
//! picture, conditions and a long roll log, then the same in a fight with the combat strip and
//! the scene's map; then a phase fight and a bdp fight with full sheets. The target is well under
//! a millisecond a frame.

use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use slotmark::dice::ScriptedDice;
use slotmark::rules::GameState;
use slotmark::rules::slots::{self, Character, Condition, Item, Layout, Prop, Side, State};
use slotmark::session::{Session, SessionState};
use slotmark::tui::app::{App, Dice};
use slotmark::tui::theme::Theme;

fn busy_session() -> Session {
    let mut state = State::default();
    for id in 1..=8u32 {
        let side = if id <= 4 {
            Side::Players
        } else {
            Side::Opponents
        };
        let mut c = Character::new(id, format!("Fighter {id}"), side, Layout::human());
        for (n, slot) in c.slots.iter_mut().enumerate() {
            if n % 3 != 2 {
                slot.item = Some(Item {
                    props: vec![Prop::Rigid, Prop::Noisy],
                    ..Item::plain(format!("Gear piece {n}"))
                });
            }
        }
        state.characters.push(c);
    }
    state.next_id = 9;
    state.scene.name = "The long hall".into();
    let mut session = Session::new(SessionState {
        title: "Benchmark".into(),
        notes: Default::default(),
        game: GameState::Slots(state),
        veil: Default::default(),
        encounters: Vec::new(),
    });
    let mut dice = ScriptedDice::new([]);
    // A long evening's log: marks set and cleared on every sheet.
    for round in 0..150u32 {
        let who = round % 8 + 1;
        let slot = (round % 5 + 1) as u8;
        let mark = slots::Command::Mark {
            who,
            slot,
            condition: Condition::E,
        };
        let clear = slots::Command::ClearMark {
            who,
            condition: Condition::E,
            slot: Some(slot),
        };
        session.execute(mark.into(), &mut dice).unwrap();
        session.execute(clear.into(), &mut dice).unwrap();
    }
    session
}

fn draw_main_screen(c: &mut Criterion) {
    let mut app =
        App::with_session(busy_session(), None, Dice::scripted([])).with_theme(Theme::plain());
    let mut terminal = Terminal::new(TestBackend::new(200, 50)).unwrap();
    c.bench_function("draw main screen 200x50", |b| {
        b.iter(|| slotmark::tui::draw(&mut terminal, &mut app).unwrap())
    });
}

/// The same evening in the middle of a fight: the combat strip, the clock and the scene's map.
fn draw_combat_screen(c: &mut Criterion) {
    let mut session = busy_session();
    let mut dice = ScriptedDice::new([]);
    let mut run = |c: slots::Command| session.execute(c.into(), &mut dice).map(|_| ()).unwrap();
    run(slots::Command::NewScene {
        name: "The long hall".into(),
    });
    for (i, name) in ["Door", "Hall", "Dais", "Gallery"].into_iter().enumerate() {
        run(slots::Command::AddZone {
            name: name.into(),
            cover: i % 2 == 1,
        });
    }
    for (a, b) in [(0, 1), (1, 2), (1, 3)] {
        run(slots::Command::Link { a, b });
    }
    for who in 1..=8u32 {
        run(slots::Command::Place {
            who,
            zone: Some(who % 4),
        });
    }
    run(slots::Command::StartCombat {
        initiator: Side::Players,
        surprised: None,
        fighters: None,
    });
    run(slots::Command::StartTurn { who: 1 });
    let mut app = App::with_session(session, None, Dice::scripted([])).with_theme(Theme::plain());
    let mut terminal = Terminal::new(TestBackend::new(200, 50)).unwrap();
    c.bench_function("draw combat screen 200x50", |b| {
        b.iter(|| slotmark::tui::draw(&mut terminal, &mut app).unwrap())
    });
}

/// A phase session in the middle of a fight, at 200x50: its sheet, the five-phase strip with its
/// groups, and a log of the same length, against the slot system's frame above.
fn draw_phase_fight_screen(c: &mut Criterion) {
    use slotmark::script::{Line, parse_line};
    let mut session = Session::new(SessionState::new(
        "Benchmark",
        slotmark::rules::RulesetId::Phase,
    ));
    let mut lines: Vec<String> = (1..=4)
        .map(|i| format!("add Hero{i} pc 6 12 14 9"))
        .collect();
    lines.extend((1..=4).map(|i| format!("add Gob{i} creature 3 8 12 7 group goblins")));
    lines.extend((1..=4).map(|i| format!("arm Hero{i} hand")));
    for _ in 0..70 {
        lines.push("coins Hero1 +1".into());
        lines.push("coins Hero1 -1".into());
    }
    let mut dice = ScriptedDice::new([]);
    for line in &lines {
        let Ok(Line::Command(c)) = parse_line(line, session.state()) else {
            panic!("{line}");
        };
        session.execute(c, &mut dice).unwrap();
    }
    let Ok(Line::Command(fight)) = parse_line("fight players all", session.state()) else {
        panic!("fight");
    };
    session
        .execute(fight, &mut ScriptedDice::new([3, 9, 14, 18]))
        .unwrap();
    let mut app = App::with_session(session, None, Dice::scripted([])).with_theme(Theme::plain());
    let mut terminal = Terminal::new(TestBackend::new(200, 50)).unwrap();
    c.bench_function("draw phase fight screen 200x50", |b| {
        b.iter(|| slotmark::tui::draw(&mut terminal, &mut app).unwrap())
    });
}

/// A bdp session in the middle of a fight, at 200x50: a full sheet (ten slots of items, Fatigue
/// and wounds, tags, a disease, needs, exposures), the judge's turn list on the strip, and a log
/// of the same length, against the slot system's frame above.
fn draw_bdp_fight_screen(c: &mut Criterion) {
    use slotmark::script::{Line, parse_line};
    let mut session = Session::new(SessionState::new(
        "Benchmark",
        slotmark::rules::RulesetId::Bdp,
    ));
    let mut lines: Vec<String> = (1..=4)
        .map(|i| format!("add Hero{i} pc 10 12 8 6"))
        .collect();
    lines.extend((1..=4).map(|i| format!("add Ogre{i} creature 14 10 10 9")));
    for i in 1..=4 {
        lines.extend([
            format!("tag Hero{i} career thief"),
            format!("carry Hero{i} Sword right"),
            format!("carry Hero{i} Shield left"),
            format!("carry Hero{i} Waterskin waterskin"),
            format!("carry Hero{i} Mail heavy"),
            format!("carry Hero{i} Helm helmet"),
            format!("carry Hero{i} Moss common hills"),
            format!("carry Hero{i} Rations ration"),
            format!("block Hero{i}"),
            format!("wound Hero{i} burn light larm"),
            format!("wound Hero{i} cut severe torso"),
            format!("infect Hero{i} swamp"),
            format!("rest Hero{i} normal"),
            format!("expose Hero{i} cold"),
        ]);
    }
    for _ in 0..55 {
        lines.push("hold Hero1 1 left".into());
        lines.push("hold Hero1 1 right".into());
    }
    lines.push("fight players all".into());
    let mut dice = ScriptedDice::new([3; 16]);
    for line in &lines {
        let Ok(Line::Command(c)) = parse_line(line, session.state()) else {
            panic!("{line}");
        };
        session.execute(c, &mut dice).unwrap();
    }
    let mut app = App::with_session(session, None, Dice::scripted([])).with_theme(Theme::plain());
    if let Some(main) = app.main_mut() {
        main.view.selected = Some(0);
    }
    let mut terminal = Terminal::new(TestBackend::new(200, 50)).unwrap();
    c.bench_function("draw bdp fight screen 200x50", |b| {
        b.iter(|| slotmark::tui::draw(&mut terminal, &mut app).unwrap())
    });
}

/// An ap session in the middle of a fight, at 200x50: its sheet, the group strip, and a log of
/// the same length, against the slot system's frame above.
fn draw_ap_fight_screen(c: &mut Criterion) {
    use slotmark::script::{Line, parse_line};
    let mut session = Session::new(SessionState::new(
        "Benchmark",
        slotmark::rules::RulesetId::Ap,
    ));
    let mut lines: Vec<String> = (1..=4)
        .map(|i| format!("add Hero{i} pc party 11 12 8 6"))
        .collect();
    lines.extend((1..=4).map(|i| format!("add Gob{i} goblin")));
    lines.extend((1..=4).map(|i| format!("carry Hero{i} sword")));
    for _ in 0..70 {
        lines.push("dust Hero1 1".into());
        lines.push("dust Hero1 -1".into());
    }
    let mut dice = ScriptedDice::new([]);
    for line in &lines {
        let Ok(Line::Command(c)) = parse_line(line, session.state()) else {
            panic!("{line}");
        };
        session.execute(c, &mut dice).unwrap();
    }
    let Ok(Line::Command(fight)) = parse_line("fight players all", session.state()) else {
        panic!("fight");
    };
    session
        .execute(fight, &mut ScriptedDice::new([3, 9, 14, 18, 5, 7, 11, 2]))
        .unwrap();
    let mut app = App::with_session(session, None, Dice::scripted([])).with_theme(Theme::plain());
    let mut terminal = Terminal::new(TestBackend::new(200, 50)).unwrap();
    c.bench_function("draw ap fight screen 200x50", |b| {
        b.iter(|| slotmark::tui::draw(&mut terminal, &mut app).unwrap())
    });
}

/// An actiondie session in the middle of a round, at 200x50: its sheet, the strip with every
/// chosen action and its dice, and a log of the same length, against the slot system's frame.
fn draw_actiondie_fight_screen(c: &mut Criterion) {
    use slotmark::script::{Line, parse_line};
    let mut session = Session::new(SessionState::new(
        "Benchmark",
        slotmark::rules::RulesetId::ActionDie,
    ));
    let mut lines: Vec<String> = (1..=4)
        .map(|i| format!("add Hero{i} pc d8 d6 d6 d4 12"))
        .collect();
    lines.extend((1..=4).map(|i| format!("add Gob{i} Goblin")));
    lines.extend((1..=4).map(|i| format!("carry Hero{i} Sword")));
    for _ in 0..70 {
        lines.push("bag Hero1 off".into());
        lines.push("bag Hero1 on".into());
    }
    lines.push("scene players all for the benchmark".into());
    lines.extend((1..=4).map(|i| format!("act Hero{i} attack 1")));
    lines.extend((1..=4).map(|i| format!("act Gob{i} attack")));
    let mut dice = ScriptedDice::new([]);
    for line in &lines {
        let Ok(Line::Command(c)) = parse_line(line, session.state()) else {
            panic!("{line}");
        };
        session.execute(c, &mut dice).unwrap();
    }
    let Ok(Line::Command(roll)) = parse_line("initiative", session.state()) else {
        panic!("initiative");
    };
    session
        .execute(roll, &mut ScriptedDice::new([3, 5, 7, 1, 2, 4, 6, 8]))
        .unwrap();
    let mut app = App::with_session(session, None, Dice::scripted([])).with_theme(Theme::plain());
    app.main_mut().unwrap().view.selected = Some(0);
    let mut terminal = Terminal::new(TestBackend::new(200, 50)).unwrap();
    c.bench_function("draw actiondie fight screen 200x50", |b| {
        b.iter(|| slotmark::tui::draw(&mut terminal, &mut app).unwrap())
    });
}

criterion_group!(
    benches,
    draw_main_screen,
    draw_combat_screen,
    draw_phase_fight_screen,
    draw_bdp_fight_screen,
    draw_ap_fight_screen,
    draw_actiondie_fight_screen
);
criterion_main!(benches);
