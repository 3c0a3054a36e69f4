//! The fight, the clock and the scene on the screen: snapshots drawn into ratatui's TestBackend,
//! and key sequences driven through the real event loop with scripted dice, checked against the
//! session after every step that matters.

use std::io;

use insta::assert_snapshot;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use slotmark::rules::GameState;
use slotmark::rules::slots::{
    Character, Combat, Condition, Item, Layout, Pending, Prop, Range, Region, Scene, Side, State,
    Weapon, WeaponKind, WeaponSize, Wound, Zone, zones,
};
use slotmark::session::{Session, SessionState};
use slotmark::tui::app::{App, Dice};
use slotmark::tui::sheets::slots::keys;
use slotmark::tui::theme::Theme;
use slotmark::tui::{self, run_loop};

// ---- Fixture: three adventurers and three goblins in a barrow

fn item(name: &str, props: &[Prop]) -> Item {
    Item {
        props: props.to_vec(),
        ..Item::plain(name)
    }
}

fn spear() -> Item {
    Item {
        wear: Some(Region::Grip),
        weapon: Some(Weapon {
            size: WeaponSize::Medium,
            kind: WeaponKind::Melee,
        }),
        ..item("Spear", &[Prop::Rigid])
    }
}

fn person(id: u32, name: &str, side: Side, zone: u32) -> Character {
    let mut c = Character::new(id, name.into(), side, Layout::human());
    c.slots[5].item = Some(spear());
    c.zone = Some(zone);
    c
}

/// Aldo carries a torch in hand and a warm cloak; Bren bleeds from an open wound in the arms;
/// Cara has a lantern packed away. Goblins 1 and 2 wait in the hall, Goblin 3 in the crypt.
fn barrow() -> State {
    let mut aldo = person(1, "Aldo", Side::Players, 0);
    aldo.slots[6].item = Some(item("Torch", &[Prop::Flammable, Prop::LightSource]));
    aldo.slots[1].item = Some(Item {
        wear: Some(Region::Torso),
        ..item("Wool cloak", &[Prop::Warm])
    });
    let mut bren = person(2, "Bren", Side::Players, 0);
    bren.slots[4].wound = Wound::Open;
    bren.slots[4].marks.set(Condition::B);
    let mut cara = person(3, "Cara", Side::Players, 1);
    cara.slots[8].item = Some(item("Lantern", &[Prop::Rigid, Prop::LightSource]));
    let mut s = State {
        characters: vec![
            aldo,
            bren,
            cara,
            person(4, "Goblin 1", Side::Opponents, 1),
            person(5, "Goblin 2", Side::Opponents, 1),
            person(6, "Goblin 3", Side::Opponents, 2),
        ],
        next_id: 7,
        scene: Scene {
            name: "The Barrow".into(),
            zones: vec![
                Zone {
                    id: 0,
                    name: "Entrance".into(),
                    cover: false,
                },
                Zone {
                    id: 1,
                    name: "Hall".into(),
                    cover: true,
                },
                Zone {
                    id: 2,
                    name: "Crypt".into(),
                    cover: false,
                },
                Zone {
                    id: 3,
                    name: "Well".into(),
                    cover: false,
                },
            ],
            links: vec![(0, 1), (1, 2)],
            hidden: vec![(0, 2)],
            next_zone: 4,
        },
        ..State::default()
    };
    s.clock.start_minute = 20 * 60;
    s
}

fn app_with(state: State, faces: &[u16]) -> App {
    let session = Session::new(SessionState {
        title: "Barrow".into(),
        notes: Default::default(),
        game: GameState::Slots(state),
        veil: Default::default(),
        encounters: Vec::new(),
    });
    App::with_session(session, None, Dice::scripted(faces.iter().copied()))
        .with_theme(Theme::plain())
}

// ---- Driving the screen

fn key(c: char) -> io::Result<Event> {
    Ok(Event::Key(KeyEvent::new(
        KeyCode::Char(c),
        KeyModifiers::NONE,
    )))
}

fn code(c: KeyCode) -> io::Result<Event> {
    Ok(Event::Key(KeyEvent::new(c, KeyModifiers::NONE)))
}

/// The same key `n` times.
fn times(c: KeyCode, n: usize) -> Vec<io::Result<Event>> {
    (0..n).map(|_| code(c)).collect()
}

fn enter() -> io::Result<Event> {
    code(KeyCode::Enter)
}

fn esc() -> io::Result<Event> {
    code(KeyCode::Esc)
}

fn click(column: u16, row: u16) -> io::Result<Event> {
    Ok(Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column,
        row,
        modifiers: KeyModifiers::NONE,
    }))
}

/// Runs the events through the real loop on a terminal of this size; returns the last frame.
fn drive(app: &mut App, w: u16, h: u16, events: Vec<io::Result<Event>>) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    run_loop(&mut t, app, events).unwrap();
    tui::draw(&mut t, app).unwrap();
    t.backend().to_string()
}

fn keys(app: &mut App, events: Vec<io::Result<Event>>) -> String {
    drive(app, 80, 24, events)
}

/// Column and row of `needle` on a drawn screen (rows are quoted lines).
fn place_of(text: &str, needle: &str) -> (u16, u16) {
    for (row, line) in text.lines().enumerate() {
        if let Some(at) = line.find(needle) {
            // The line opens with a quote the screen does not have.
            let col = line[..at].chars().count() - 1;
            return (col as u16, row as u16);
        }
    }
    panic!("{needle} is not on the screen:\n{text}");
}

fn state(app: &App) -> &State {
    match &app.session().unwrap().state().game {
        GameState::Slots(s) => s,
        other => panic!(
            "a slot-system session was expected, not {:?}",
            other.ruleset()
        ),
    }
}

fn fight(app: &App) -> &Combat {
    state(app).combat.as_ref().expect("a fight is under way")
}

fn name(app: &App, id: u32) -> String {
    state(app).name_of(id)
}

fn selected(app: &App) -> Option<u32> {
    app.main().unwrap().view.selected
}

fn character<'a>(app: &'a App, name: &str) -> &'a Character {
    state(app)
        .characters
        .iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("{name} is on the roster"))
}

fn marked(c: &Character, cond: Condition) -> Vec<u8> {
    c.marked_with(cond)
}

fn is_summary(app: &App) -> bool {
    app.ctx() == keys::IN_SUMMARY
}

/// Starts a fight the opponents began, taking the players by surprise: c, then the form.
fn ambush() -> Vec<io::Result<Event>> {
    vec![
        key('c'),
        code(KeyCode::Right), // who started it: opponents
        code(KeyCode::Down),
        code(KeyCode::Right), // surprised: players
        enter(),
    ]
}

/// The state of the fight after a turn: the round, the side holding initiative, who acted.
fn standing(app: &App) -> (u32, Side, Vec<String>) {
    let f = fight(app);
    (
        f.round,
        f.initiative,
        f.acted.iter().map(|&id| name(app, id)).collect(),
    )
}

// ---- Snapshots

#[test]
fn combat_mode_mid_round_80x24() {
    let mut app = app_with(barrow(), &[]);
    let mut events = ambush();
    events.extend([enter(), key('E'), enter()]);
    let text = keys(&mut app, events);
    assert_eq!(fight(&app).turn.as_ref().map(|t| t.actor), Some(5));
    assert_snapshot!(text);
}

#[test]
fn combat_mode_mid_round_200x50() {
    let mut app = app_with(barrow(), &[]);
    let mut events = ambush();
    events.extend([enter(), key('E'), enter()]);
    assert_snapshot!(drive(&mut app, 200, 50, events));
}

#[test]
fn combat_mode_at_an_interrupt() {
    let mut app = app_with(barrow(), &[]);
    let mut events = vec![key('c'), enter(), enter(), key('S'), key('m'), enter()];
    let text = drive(&mut app, 100, 30, std::mem::take(&mut events));
    assert!(
        app.ctx() == keys::IN_INTERRUPT,
        "the setup opens the interrupt window:\n{text}"
    );
    assert_snapshot!("interrupt_window", text);
    let text = drive(&mut app, 100, 30, vec![enter(), key('J')]);
    assert_snapshot!("interrupt_ruling", text);
}

#[test]
fn combat_mode_at_a_round_change() {
    let mut app = app_with(barrow(), &[]);
    let mut events = ambush();
    // Goblins 1, 2 and 3 take round 1; Bren, surprised, bleeds at its end.
    for _ in 0..3 {
        events.extend([enter(), key('E')]);
    }
    let text = drive(&mut app, 100, 30, events);
    assert_eq!(fight(&app).round, 2);
    assert!(is_summary(&app), "the round's end changed a sheet:\n{text}");
    assert!(text.contains("Round 1 ends"), "{text}");
    assert_snapshot!(text);
}

#[test]
fn exploration_mode_shows_the_odds_before_rolling() {
    let mut app = app_with(barrow(), &[]);
    // A search with sound and light alerted, in the dark.
    let mut events = vec![key('T')];
    events.extend(times(KeyCode::Down, 4));
    events.push(key(' ')); // it is dark
    events.push(code(KeyCode::Down));
    events.push(key(' ')); // sound
    events.push(code(KeyCode::Down));
    events.push(key(' ')); // light
    let text = keys(&mut app, events);
    assert!(text.contains("Encounter odds 30%"), "{text}");
    assert!(text.contains("Dark: Aldo (Torch) can"), "{text}");
    assert!(
        text.contains("Bren, Cara cannot (no light of their own)"),
        "{text}"
    );
    assert!(state(&app).clock.trys == 0, "nothing is rolled yet");
    assert_snapshot!(text);
}

#[test]
fn a_rest_shows_its_odds() {
    let mut app = app_with(barrow(), &[]);
    let text = drive(&mut app, 100, 30, vec![key('R')]);
    assert!(text.contains("Encounter odds 41%: 5 d10s"), "{text}");
}

#[test]
fn zone_map_on_a_wide_screen() {
    let mut app = app_with(barrow(), &[]);
    let text = drive(&mut app, 200, 50, vec![]);
    assert!(text.contains("ranges from Aldo"), "{text}");
    assert_snapshot!(text);
}

#[test]
fn scene_editor_80x24() {
    let mut app = app_with(barrow(), &[]);
    let text = keys(&mut app, vec![key('z'), code(KeyCode::Down)]);
    assert_snapshot!(text);
}

#[test]
fn scene_editor_200x50() {
    let mut app = app_with(barrow(), &[]);
    assert_snapshot!(drive(&mut app, 200, 50, vec![key('z')]));
}

// ---- A whole fight by keys

#[test]
fn two_rounds_with_a_surprise_round_and_both_kinds_of_interruption() {
    let mut app = app_with(barrow(), &[]);
    keys(&mut app, ambush());
    assert_eq!(standing(&app), (1, Side::Opponents, vec![]));
    assert_eq!(fight(&app).surprised, Some(Side::Players));
    assert_eq!(selected(&app), Some(4), "the first who can act is selected");

    // Round 1: the players are surprised, so the goblins go one after another (R34, R33).
    let mut order = Vec::new();
    for expected in ["Goblin 1", "Goblin 2"] {
        keys(&mut app, vec![enter()]);
        let actor = fight(&app).turn.as_ref().unwrap().actor;
        order.push(name(&app, actor));
        assert_eq!(name(&app, actor), expected);
        keys(&mut app, vec![key('E')]);
        let (round, side, _) = standing(&app);
        assert_eq!(
            (round, side),
            (1, Side::Opponents),
            "nobody surprised can take initiative"
        );
    }
    // Space picks the next who can act; there is only Goblin 3 left.
    keys(&mut app, vec![key(' '), enter()]);
    order.push(name(&app, fight(&app).turn.as_ref().unwrap().actor));
    keys(&mut app, vec![key('E')]);
    assert_eq!(order, ["Goblin 1", "Goblin 2", "Goblin 3"]);
    // The round rolls over by itself and opens with the side that did not take the last turn.
    assert_eq!(standing(&app), (2, Side::Players, vec![]));
    assert!(
        is_summary(&app),
        "Bren bled at the end of a round without a turn"
    );
    keys(&mut app, vec![enter()]);
    assert!(!is_summary(&app));

    // Round 2. Aldo sets up; Goblin 1 interrupts and stops him: both turns end and the
    // initiative goes back to the players (R35).
    assert_eq!(selected(&app), Some(1));
    keys(&mut app, vec![enter(), key('S'), key('m'), enter()]);
    assert_eq!(app.ctx(), keys::IN_INTERRUPT);
    keys(&mut app, vec![enter()]);
    let turn = fight(&app).turn.clone().unwrap();
    assert_eq!((turn.actor, turn.interrupter), (1, Some(4)));
    assert_eq!(selected(&app), Some(4), "the interrupter acts now");
    keys(&mut app, vec![key('J'), key('s')]);
    assert_eq!(
        standing(&app),
        (2, Side::Players, vec!["Goblin 1".into(), "Aldo".into()])
    );
    assert!(fight(&app).turn.is_none());

    // Bren aims; Goblin 2 interrupts and fails: Bren finishes, then the opponents have the
    // initiative (R35).
    assert_eq!(selected(&app), Some(2));
    keys(&mut app, vec![enter(), key('S'), key('a')]);
    keys(&mut app, vec![enter(), key('J'), key('f')]);
    let turn = fight(&app).turn.clone().unwrap();
    assert!(turn.interrupt_failed);
    assert_eq!(selected(&app), Some(2), "back to Bren, who finishes");
    assert_eq!(standing(&app).1, Side::Players);
    keys(&mut app, vec![key('E')]);
    assert_eq!(
        standing(&app),
        (
            2,
            Side::Opponents,
            vec![
                "Goblin 1".into(),
                "Aldo".into(),
                "Goblin 2".into(),
                "Bren".into()
            ]
        )
    );

    // Goblin 3, then Cara, picked by clicking her name on the strip.
    keys(&mut app, vec![enter()]);
    assert_eq!(fight(&app).turn.as_ref().map(|t| t.actor), Some(6));
    keys(&mut app, vec![key('E')]);
    assert_eq!(standing(&app).1, Side::Players);
    let text = keys(&mut app, vec![]);
    let (col, row) = place_of(&text, "○Cara");
    keys(&mut app, vec![click(col + 1, row)]);
    assert_eq!(fight(&app).turn.as_ref().map(|t| t.actor), Some(3));
    keys(&mut app, vec![key('E')]);
    // Everyone has acted: round 3 opens with the opponents, who did not take the last turn.
    assert_eq!(standing(&app), (3, Side::Opponents, vec![]));
}

#[test]
fn undo_steps_back_across_a_round_change() {
    let mut app = app_with(barrow(), &[]);
    let mut events = ambush();
    for _ in 0..2 {
        events.extend([enter(), key('E')]);
    }
    events.push(enter());
    keys(&mut app, events);
    let before_last_turn_ends = state(&app).clone();
    keys(&mut app, vec![key('E'), enter()]);
    assert_eq!(fight(&app).round, 2);
    let after = state(&app).clone();
    // One undo takes back the end of Goblin 3's turn and the round's end with it.
    keys(&mut app, vec![key('u')]);
    assert_eq!(state(&app), &before_last_turn_ends);
    assert_eq!(standing(&app).0, 1);
    // Two more: Goblin 3's turn, then Goblin 2's end of turn.
    keys(&mut app, vec![key('u'), key('u')]);
    assert_eq!(
        standing(&app),
        (1, Side::Opponents, vec!["Goblin 1".into()])
    );
    assert_eq!(fight(&app).turn.as_ref().map(|t| t.actor), Some(5));
    keys(&mut app, vec![key('U'), key('U'), key('U')]);
    assert_eq!(state(&app), &after, "redo rebuilds round 2 exactly");
}

#[test]
fn ending_the_fight_counts_its_try_with_sound_alerted() {
    // One encounter die showing 2: with sound alerted only 0 and 1 bring an encounter.
    let mut app = app_with(barrow(), &[2]);
    keys(&mut app, vec![key('c'), enter()]);
    assert!(state(&app).combat.is_some());
    let text = keys(&mut app, vec![key('c')]);
    assert!(text.contains("Encounter odds 20%: 1 d10"), "{text}");
    keys(&mut app, vec![enter()]);
    let s = state(&app);
    assert!(s.combat.is_none());
    assert_eq!(s.clock.trys, 1, "the fight took a try");
    assert!(is_summary(&app));
    let text = keys(&mut app, vec![]);
    assert!(text.contains("Verdict: no encounter"), "{text}");
}

#[test]
fn a_quiet_fight_end_turns_sound_off() {
    // Sound off: only a 0 (a 10 on the die) brings an encounter; the die shows 10.
    let mut app = app_with(barrow(), &[10]);
    keys(&mut app, vec![key('c'), enter(), key('c'), key(' ')]);
    let text = keys(&mut app, vec![]);
    assert!(text.contains("Encounter odds 10%"), "{text}");
    let text = keys(&mut app, vec![enter()]);
    assert!(text.contains("ENCOUNTER"), "{text}");
}

#[test]
fn a_wounding_interruption_is_proposed_as_stopping_the_actor() {
    let mut s = barrow();
    s.characters[3].zone = Some(0); // Goblin 1 stands beside Aldo in the entrance.
    // Aldo's defense check rolls 3: an empty torso slot, an open wound.
    let mut app = app_with(s, &[3]);
    keys(
        &mut app,
        vec![key('c'), enter(), enter(), key('S'), key('d'), enter()],
    );
    assert_eq!(selected(&app), Some(4));
    // Goblin 1 attacks Aldo (first in the target list), Aldo's check is accepted.
    keys(&mut app, vec![key('a'), enter(), enter()]);
    assert_eq!(character(&app, "Aldo").slots[2].wound, Wound::Open);
    let text = drive(&mut app, 120, 30, vec![key('J')]);
    assert!(
        text.contains("both turns end, initiative back to the players  ★ proposed"),
        "{text}"
    );
    assert!(
        text.contains("Aldo took an open wound since the interruption"),
        "{text}"
    );
    // Enter takes the proposal.
    keys(&mut app, vec![enter()]);
    assert_eq!(
        standing(&app),
        (1, Side::Players, vec!["Goblin 1".into(), "Aldo".into()])
    );
}

#[test]
fn a_round_end_that_must_place_a_wound_asks_the_judge() {
    let mut s = barrow();
    // Cara's cloak has burned through a round's end already, over a treated wound.
    let cara = &mut s.characters[2];
    cara.slots[1].item = Some(item("Cloak", &[Prop::Flammable]));
    cara.slots[1].wound = Wound::Treated;
    cara.slots[1].marks.set(Condition::F);
    cara.slots[1].burning = 1;
    let mut app = app_with(s, &[]);
    let mut events = vec![key('c'), enter()];
    for _ in 0..6 {
        events.extend([enter(), key('E')]);
    }
    let text = drive(&mut app, 100, 30, events);
    assert_eq!(fight(&app).round, 2);
    assert!(is_summary(&app), "{text}");
    assert!(text.contains("Cloak in slot 2 is destroyed"), "{text}");
    // Closing the summary shows the question the fire left: where the new wound goes (R19).
    let text = drive(&mut app, 100, 30, vec![enter()]);
    assert!(
        matches!(state(&app).pending.first(), Some(Pending::Decide(_))),
        "{text}"
    );
    assert!(text.contains("Where does the treated wound go?"), "{text}");
    keys(&mut app, vec![enter()]);
    let cara = character(&app, "Cara");
    assert_eq!(cara.slots[1].wound, Wound::Open, "the treated wound opened");
    assert_eq!(cara.slots[0].wound, Wound::Treated, "the proposal: slot 1");
    assert!(state(&app).pending.is_empty());
}

// ---- Time passing

/// Aldo (dressed for it) and Cara (not) out in the cold; Bren bleeding from slot 5.
fn cold_night() -> State {
    let mut s = barrow();
    for id in [1, 3] {
        s.characters[id as usize - 1].status.exposure.cold_trys = Some(0);
    }
    s
}

#[test]
fn twelve_trys_of_bleeding_and_cold_sheet_by_sheet() {
    let faces = [3, 5, 7, 2, 9, 4, 6, 8, 3, 5, 10, 2];
    let mut app = app_with(cold_night(), &faces);
    let text = keys(
        &mut app,
        vec![key('T'), code(KeyCode::Down), key('1'), key('2')],
    );
    assert!(text.contains("Encounter odds 72%: 12 d10s"), "{text}");
    // Bren bleeds to death in these twelve trys: Enter does not take that, `y` does.
    let text = drive(&mut app, 100, 40, vec![enter()]);
    assert!(text.contains("Bren dies on this step"), "{text}");
    assert_eq!(state(&app).clock.trys, 0, "{text}");
    let text = drive(&mut app, 100, 40, vec![key('y')]);
    let s = state(&app);
    assert_eq!(s.clock.trys, 12);
    assert!(is_summary(&app), "{text}");

    // Aldo wears a warm cloak: the cold takes ten trys, so one H at try 10 and no frostbite.
    let aldo = character(&app, "Aldo");
    assert_eq!(marked(aldo, Condition::H), vec![4]);
    assert!(aldo.slots.iter().all(|s| s.wound == Wound::None));
    assert_eq!(aldo.status.exposure.cold_trys, Some(2));

    // Bren's open wound in slot 5 bleeds each try into lower slots until none is left (R22).
    let bren = character(&app, "Bren");
    assert_eq!(marked(bren, Condition::B), vec![1, 2, 3, 4, 5]);
    assert!(bren.status.dead, "the fifth try finds no slot to mark");

    // Cara: H at try 5; at try 10 it spreads and the slot before it takes frostbite (R26).
    let cara = character(&app, "Cara");
    assert_eq!(marked(cara, Condition::H), vec![3, 4]);
    assert_eq!(cara.slots[3].wound, Wound::Treated);
    assert_eq!(cara.status.exposure.cold_trys, Some(2));

    // The summary lists the dice, the verdict and every sheet.
    assert!(text.contains("3 5 7 2 9 4 6 8 3 5 [0] 2"), "{text}");
    assert!(text.contains("Verdict: ENCOUNTER"), "{text}");
    for who in ["Aldo", "Bren", "Cara"] {
        assert!(
            text.lines().any(|l| l.contains(&format!("│{who} "))),
            "{who}:\n{text}"
        );
    }
    assert!(text.contains("DIES"), "{text}");
    assert_snapshot!(text);

    // Undo takes the whole stretch back.
    keys(&mut app, vec![key('u')]);
    assert_eq!(state(&app), &cold_night());
}

#[test]
fn a_task_in_the_dark_marks_the_dark_first() {
    let mut app = app_with(barrow(), &[4]);
    let mut events = vec![key('T')];
    events.extend(times(KeyCode::Down, 4));
    events.extend([key(' '), enter()]);
    let text = keys(&mut app, events);
    let s = state(&app);
    assert!(s.clock.dark);
    assert_eq!(s.clock.trys, 1);
    assert!(text.contains("search a zone"), "{text}");
    assert_eq!(
        app.session().unwrap().cursor(),
        2,
        "the dark, then the task"
    );
}

#[test]
fn travel_and_days_from_the_picker() {
    let mut app = app_with(barrow(), &[]);
    // Task: travel (6 steps right), 2 watches.
    let mut events = vec![key('T')];
    events.extend(times(KeyCode::Right, 6));
    events.extend([code(KeyCode::Down), key('2'), enter()]);
    keys(&mut app, events);
    let s = state(&app);
    assert_eq!(s.clock.watches, 2);
    let bren = character(&app, "Bren");
    assert_eq!(
        marked(bren, Condition::B),
        vec![3, 4, 5],
        "a bleed per watch"
    );
}

// ---- Zones

#[test]
fn the_range_shows_while_choosing_a_target_and_warns_before_rolling() {
    let mut app = app_with(barrow(), &[6]);
    // Aldo (Entrance) attacks: the goblins are near (Hall) or remote (Crypt, out of sight), out
    // of his spear's reach, so the form proposes nobody; the judge picks Goblin 1 anyway.
    let text = drive(&mut app, 100, 30, vec![key('a')]);
    assert!(
        text.contains("Nobody proposed: no foe of Aldo is within its reach"),
        "{text}"
    );
    let text = drive(&mut app, 100, 30, vec![code(KeyCode::Right)]);
    assert!(text.contains("Goblin 1 · near (out of reach)"), "{text}");
    assert!(
        text.contains("⚠ Out of range: a melee attack reaches only the same zone"),
        "{text}"
    );
    // Enter warns and rolls nothing; Enter again rolls anyway.
    let text = drive(&mut app, 100, 30, vec![enter()]);
    assert!(state(&app).pending.is_empty());
    assert!(
        text.contains("✗ Out of range: a melee attack reaches"),
        "{text}"
    );
    assert!(text.contains("rolls it anyway"), "{text}");
    keys(&mut app, vec![enter()]);
    assert!(matches!(
        state(&app).pending.first(),
        Some(Pending::Roll(_))
    ));
    let session = app.session().unwrap();
    let last = session.events(session.cursor() - 1);
    assert!(
        last.iter().any(|e| e
            .to_string()
            .starts_with("Out of range: Goblin 1 is near Aldo")),
        "the log flags it too"
    );
}

#[test]
fn the_attack_form_gives_each_target_its_range() {
    let mut app = app_with(barrow(), &[]);
    // Goblin 3 stands in the crypt, out of sight of the entrance: remote. Nobody is in
    // reach, so nobody is proposed, and the foes follow in the roster's order.
    let mut events = vec![key('a')];
    events.extend(times(KeyCode::Right, 3));
    let text = drive(&mut app, 100, 30, events);
    assert_eq!(zones::range(state(&app), 1, 6), Range::Remote);
    assert!(text.contains("Goblin 3 · remote"), "{text}");
    assert!(
        text.contains("⚠ Out of range: a melee attack reaches only the same zone"),
        "{text}"
    );
}

#[test]
fn the_scene_editor_adds_links_hides_and_places() {
    let mut app = app_with(barrow(), &[]);
    let mut events = vec![key('z'), key('a')];
    events.extend("Ledge".chars().map(key));
    events.extend([code(KeyCode::Down), key(' '), enter()]);
    keys(&mut app, events);
    assert_eq!(app.ctx(), keys::IN_SCENE);
    let s = state(&app);
    let ledge = s.scene.zones.iter().find(|z| z.name == "Ledge").unwrap();
    assert!(ledge.cover);
    let ledge = ledge.id;
    // Highlight the ledge (the last zone), link it with the entrance, place Aldo there.
    let mut events = times(KeyCode::Down, 4);
    events.extend([key('l'), enter(), key('p')]);
    keys(&mut app, events);
    let s = state(&app);
    assert!(s.scene.links.contains(&(0, ledge)));
    assert_eq!(character(&app, "Aldo").zone, Some(ledge));
    // Hide the ledge from the hall, then take Aldo off the map.
    keys(
        &mut app,
        vec![key('h'), code(KeyCode::Right), enter(), key('o')],
    );
    let s = state(&app);
    assert!(s.scene.hidden.contains(&(1, ledge)));
    assert_eq!(character(&app, "Aldo").zone, None);
    // Linking a linked pair unlinks it; removing the ledge takes its links away.
    keys(&mut app, vec![key('x')]);
    let s = state(&app);
    assert!(s.scene.zones.iter().all(|z| z.id != ledge));
    assert!(s.scene.links.iter().all(|&(a, b)| a != ledge && b != ledge));
    keys(&mut app, vec![esc()]);
    assert!(app.main().unwrap().overlay.is_none());
}

#[test]
fn a_move_setup_asks_where_to_and_moves_the_actor() {
    let mut app = app_with(barrow(), &[]);
    // The players start; Aldo (in the Entrance) takes his turn and sets up a move.
    let text = drive(
        &mut app,
        100,
        30,
        vec![key('c'), enter(), enter(), key('S'), key('m')],
    );
    assert!(text.contains("Aldo moves: where to?"), "{text}");
    // The Hall is next to the Entrance, so it comes first.
    let line = text.lines().find(|l| l.contains(" To ")).unwrap();
    assert!(line.contains("Hall"), "{line}");
    drive(&mut app, 100, 30, vec![enter()]);
    let aldo = state(&app).characters.iter().find(|c| c.id == 1).unwrap();
    assert_eq!(aldo.zone, Some(1), "Aldo stands in the Hall");
    let turn = fight(&app).turn.clone().unwrap();
    assert_eq!(turn.setup.as_deref(), Some("move to Hall"));
    assert_eq!(
        app.ctx(),
        keys::IN_INTERRUPT,
        "the other side may interrupt the move"
    );
}

#[test]
fn r13_an_aim_setup_ticks_missile_aimed_on_the_attack_form() {
    let mut app = app_with(barrow(), &[]);
    keys(
        &mut app,
        vec![key('c'), enter(), enter(), key('S'), key('a')],
    );
    assert_eq!(app.ctx(), keys::IN_INTERRUPT);
    let actor = fight(&app).turn.as_ref().unwrap().actor;
    assert_eq!(
        fight(&app).turn.as_ref().unwrap().setup.as_deref(),
        Some("aim")
    );
    keys(&mut app, vec![code(KeyCode::Esc)]);
    assert_eq!(selected(&app), Some(actor));
    let text = drive(&mut app, 120, 40, vec![key('a')]);
    let line = text
        .lines()
        .find(|l| l.contains("Missile aimed"))
        .unwrap_or_else(|| panic!("no aimed field:\n{text}"));
    assert!(line.contains("[x]"), "{line}\n{text}");
    // Without an aim the field starts unticked.
    let mut app = app_with(barrow(), &[]);
    keys(&mut app, vec![key('c'), enter(), enter()]);
    let text = drive(&mut app, 120, 40, vec![key('a')]);
    let line = text.lines().find(|l| l.contains("Missile aimed")).unwrap();
    assert!(line.contains("[ ]"), "{line}");
}

/// Issue 26: the attack form proposes a foe still standing in reach (R29): not a remote one
/// listed first in the roster, nor a dead one, nor an ally. Aldo stands in the hall with
/// the goblins.
#[test]
fn the_attack_form_proposes_the_nearest_standing_foe() {
    let mut s = barrow();
    s.characters[3].status.dead = true;
    s.characters[0].zone = Some(1);
    // Goblin 3 (in the crypt, out of sight: remote) first in the roster, then the dead Goblin 1.
    let g3 = s.characters.remove(5);
    s.characters.insert(0, g3);
    let mut app = app_with(s, &[]);
    app.main_mut().unwrap().view.selected = Some(1);
    let text = keys(&mut app, vec![key('a')]);
    let target = text
        .lines()
        .find(|l| l.contains("Target"))
        .unwrap_or_else(|| panic!("no target field:\n{text}"));
    assert!(target.contains("Goblin 2"), "{target}\n{text}");
}
