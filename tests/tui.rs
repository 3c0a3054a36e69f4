//! The screen without a terminal: snapshots of every screen and dialog drawn into ratatui's
//! TestBackend, and key sequences driven through the real event loop with scripted dice,
//! checked against the session.

use std::io;

use insta::assert_snapshot;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use slotmark::content::Library;
use slotmark::dice::Edge;
use slotmark::rules::slots::{
    ArmorClass, AttackKind, AttackSpec, Character, CheckKind, Condition, Decision, Defense, Item,
    Layout, Pending, PendingGroup, PendingRoll, Prop, Region, RollFor, Side, State, Verdict,
    Weapon, WeaponKind, WeaponSize, Wound,
};
use slotmark::rules::{GameEvent, GameState, RulesetId};
use slotmark::session::{Command, Event as SessionEvent, Session, SessionState};
use slotmark::tui::app::{App, Dice, Overlay};
use slotmark::tui::theme::Theme;
use slotmark::tui::{self, run_loop};

// ---- Fixture: a small party in a crypt

fn item(name: &str, props: &[Prop]) -> Item {
    Item {
        props: props.to_vec(),
        ..Item::plain(name)
    }
}

fn worn(name: &str, props: &[Prop], wear: Region, armor: Option<ArmorClass>) -> Item {
    Item {
        wear: Some(wear),
        armor,
        ..item(name, props)
    }
}

fn weapon(name: &str, size: WeaponSize, kind: WeaponKind, props: &[Prop]) -> Item {
    Item {
        wear: Some(Region::Grip),
        weapon: Some(Weapon { size, kind }),
        ..item(name, props)
    }
}

fn aldo() -> Character {
    let mut c = Character::new(1, "Aldo".into(), Side::Players, Layout::human());
    let put = |c: &mut Character, n: u8, i: Item| c.slots[usize::from(n) - 1].item = Some(i);
    put(
        &mut c,
        1,
        worn("Leather cap", &[Prop::Light], Region::Head, None),
    );
    put(
        &mut c,
        2,
        worn(
            "Chain shirt",
            &[Prop::Heavy, Prop::Noisy, Prop::Rigid],
            Region::Torso,
            Some(ArmorClass::HeavyArmor),
        ),
    );
    put(&mut c, 4, worn("Boots", &[], Region::LegsFeet, None));
    put(
        &mut c,
        6,
        weapon(
            "Sword",
            WeaponSize::Medium,
            WeaponKind::Melee,
            &[Prop::Rigid],
        ),
    );
    put(
        &mut c,
        7,
        worn(
            "Shield",
            &[Prop::Heavy],
            Region::Grip,
            Some(ArmorClass::Shield),
        ),
    );
    put(&mut c, 8, item("Rope", &[Prop::Light]));
    put(
        &mut c,
        9,
        item("Torch", &[Prop::Flammable, Prop::LightSource]),
    );
    put(&mut c, 10, item("Rations", &[Prop::Food, Prop::Smelly]));
    c.slots[2].wound = Wound::Treated;
    c.slots[4].fatigue = true;
    c
}

fn bren() -> Character {
    let mut c = Character::new(2, "Bren".into(), Side::Players, Layout::human());
    c.slots[0].item = Some(item("Hood", &[Prop::Light]));
    c.slots[5].item = Some(weapon(
        "Dagger",
        WeaponSize::Small,
        WeaponKind::Thrown,
        &[Prop::Rigid],
    ));
    c.slots[3].wound = Wound::Open;
    c.slots[3].marks.set(Condition::B);
    c.slots[2].marks.set(Condition::B);
    c.backpack_dropped = true;
    c.slots[8].item = Some(item("Lantern", &[Prop::Rigid, Prop::LightSource]));
    c.status.prone = true;
    c
}

fn goblin() -> Character {
    let mut c = Character::new(3, "Goblin".into(), Side::Opponents, Layout::human());
    c.slots[5].item = Some(weapon(
        "Rusty spear",
        WeaponSize::Medium,
        WeaponKind::Melee,
        &[Prop::Rigid],
    ));
    c
}

fn crypt_state() -> State {
    let mut s = State {
        characters: vec![aldo(), bren(), goblin()],
        next_id: 4,
        ..State::default()
    };
    s.scene.name = "Crypt of Ash".into();
    s.clock.trys = 7;
    s.clock.start_minute = 8 * 60;
    s
}

fn session_with(state: State) -> Session {
    Session::new(SessionState {
        title: "Crypt of Ash".into(),
        notes: Default::default(),
        game: GameState::Slots(state),
        veil: Default::default(),
        encounters: Vec::new(),
    })
}

fn app_with(state: State, faces: &[u16]) -> App {
    App::with_session(
        session_with(state),
        None,
        Dice::scripted(faces.iter().copied()),
    )
    .with_theme(Theme::plain())
    .with_library(library())
}

fn library() -> Library {
    Library {
        items: vec![
            item("Rope, 50 ft", &[Prop::Light]),
            worn(
                "Helm",
                &[Prop::Heavy, Prop::Rigid],
                Region::Head,
                Some(ArmorClass::HeavyArmor),
            ),
            item("Lantern", &[Prop::Rigid, Prop::LightSource]),
        ],
        ..Library::default()
    }
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

fn typed(text: &str) -> Vec<io::Result<Event>> {
    text.chars().map(key).collect()
}

fn terminal(w: u16, h: u16) -> Terminal<TestBackend> {
    Terminal::new(TestBackend::new(w, h)).unwrap()
}

/// Runs the events through the real loop on a terminal of this size; returns the last frame.
fn drive(app: &mut App, w: u16, h: u16, events: Vec<io::Result<Event>>) -> String {
    let mut t = terminal(w, h);
    run_loop(&mut t, app, events).unwrap();
    tui::draw(&mut t, app).unwrap();
    t.backend().to_string()
}

fn screen(app: &mut App, w: u16, h: u16) -> String {
    drive(app, w, h, Vec::new())
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

fn slot_events(app: &App) -> Vec<slotmark::rules::slots::Event> {
    app.session()
        .unwrap()
        .events_in(0..app.session().unwrap().cursor())
        .into_iter()
        .flat_map(|e| e.into_owned())
        .filter_map(|e| match e {
            SessionEvent::Game(GameEvent::Slots(e)) => Some(e.clone()),
            _ => None,
        })
        .collect()
}

// ---- Pending states built by hand, so every dialog can be drawn

fn pending_terrain_roll() -> State {
    let mut s = crypt_state();
    s.pending.push(Pending::Roll(PendingRoll {
        what: RollFor::Check {
            who: 1,
            kind: CheckKind::Terrain,
        },
        roller: 1,
        sides: 12,
        faces: vec![2, 8],
        edge: Edge::advantage(1),
        proposed: 1,
        pick: 1,
        verdict: Verdict::Pass,
        reason: "slot 8 is unmarked and holds a light item; it takes a fatigue mark".into(),
        overridden: None,
        used_cringe: false,
    }));
    s
}

fn goblin_attacks_aldo() -> AttackSpec {
    AttackSpec {
        attacker: 3,
        target: 1,
        kind: AttackKind::Melee,
        weapon: Some(6),
        defense: Defense::None,
        aimed: false,
        blast_slots: 1,
        counter: false,
    }
}

// ---- Snapshots

#[test]
fn start_screen_with_no_sessions_yet() {
    let dir = tempfile::tempdir().unwrap();
    let mut app =
        App::start(dir.path().to_path_buf(), Dice::scripted([])).with_theme(Theme::plain());
    assert_snapshot!(screen(&mut app, 80, 24));
}

#[test]
fn start_screen_new_session_prompt() {
    let dir = tempfile::tempdir().unwrap();
    let mut app =
        App::start(dir.path().to_path_buf(), Dice::scripted([])).with_theme(Theme::plain());
    let mut events = vec![key('n')];
    events.extend(typed("Barrow"));
    assert_snapshot!(drive(&mut app, 80, 24, events));
}

#[test]
fn main_screen_80x24() {
    let mut app = app_with(crypt_state(), &[]);
    assert_snapshot!(screen(&mut app, 80, 24));
}

#[test]
fn main_screen_200x50() {
    let mut app = app_with(crypt_state(), &[]);
    // A few hand edits so the log has lines to show.
    let events = vec![key('5'), key('w'), key('o'), key('m'), key('E')];
    assert_snapshot!(drive(&mut app, 200, 50, events));
}

#[test]
fn main_screen_with_nobody_yet() {
    let mut app = app_with(State::default(), &[]);
    assert_snapshot!(screen(&mut app, 80, 24));
}

#[test]
fn too_small_terminal_asks_for_more_room() {
    let mut app = app_with(crypt_state(), &[]);
    let text = screen(&mut app, 50, 12);
    assert!(text.contains("Make the terminal larger"), "{text}");
    assert_snapshot!(text);
}

/// A key pressed while the screen is too small to be read changes nothing, even once the
/// screen is large again; at full size the same key works.
#[test]
fn keys_pressed_while_the_screen_is_too_small_change_nothing() {
    let mut app = app_with(crypt_state(), &[]);
    app.main_mut().unwrap().view.selected = Some(1);
    let text = drive(&mut app, 50, 12, vec![Ok(Event::Resize(50, 12)), key('t')]);
    assert!(text.contains("Make the terminal larger"), "{text}");
    let text = drive(&mut app, 100, 30, vec![Ok(Event::Resize(100, 30))]);
    assert!(text.contains("Roll log"), "{text}");
    assert!(!text.contains("Terrain check"), "{text}");
    let text = drive(&mut app, 100, 30, vec![key('t')]);
    assert!(text.contains("Terrain check"), "{text}");
}

#[test]
fn tiny_and_odd_sizes_never_panic() {
    for (w, h) in [
        (0, 0),
        (1, 1),
        (5, 3),
        (69, 24),
        (70, 20),
        (80, 24),
        (81, 25),
        (149, 40),
        (150, 40),
        (300, 90),
    ] {
        // Drawing alone: TestBackend cannot print a zero-sized buffer, but the app must draw it.
        let mut app = app_with(pending_terrain_roll(), &[]);
        let mut t = terminal(w, h);
        run_loop(&mut t, &mut app, vec![key('?'), key('?'), key('t')]).unwrap();
        let mut app = app_with(crypt_state(), &[]);
        let mut t = terminal(w, h);
        run_loop(
            &mut t,
            &mut app,
            vec![key('?'), code(KeyCode::Esc), key(':')],
        )
        .unwrap();
    }
}

#[test]
fn roll_dialog_shows_every_die_and_the_rule() {
    let mut app = app_with(pending_terrain_roll(), &[]);
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("★ proposed"), "{text}");
    assert_snapshot!(text);
}

#[test]
fn roll_dialog_after_an_override() {
    let mut s = pending_terrain_roll();
    if let Some(Pending::Roll(r)) = s.pending.first_mut() {
        r.overridden = Some(Verdict::Fail);
    }
    let mut app = app_with(s, &[]);
    assert_snapshot!(screen(&mut app, 100, 30));
}

#[test]
fn defense_roll_dialog_names_the_defenders_slots() {
    let mut s = crypt_state();
    s.pending.push(Pending::Roll(PendingRoll {
        what: RollFor::Attack(goblin_attacks_aldo()),
        roller: 1,
        sides: 12,
        faces: vec![3],
        edge: Edge::NONE,
        proposed: 0,
        pick: 0,
        verdict: Verdict::Fail,
        reason: "slot 3 holds nothing that stops or lessens the blow: an open wound".into(),
        overridden: None,
        used_cringe: false,
    }));
    let mut app = app_with(s, &[]);
    assert_snapshot!(screen(&mut app, 80, 24));
}

#[test]
fn group_check_dialog() {
    let mut s = crypt_state();
    s.pending.push(Pending::Group(PendingGroup {
        kind: CheckKind::Terrain,
        members: vec![1, 2],
        faces: vec![2, 8],
        swapped: Vec::new(),
    }));
    let mut app = app_with(s, &[]);
    // Start a swap on the first member so the marker shows.
    assert_snapshot!(drive(&mut app, 80, 24, vec![key('s')]));
}

#[test]
fn decision_dialog_preselects_the_proposal() {
    let mut s = crypt_state();
    s.pending.push(Pending::Decide(Decision::WoundSlot {
        who: 1,
        wound: Wound::Open,
        options: vec![2, 4],
        proposed: 4,
        why: "Slot 3 of Aldo is already wounded: the new wound goes to an adjacent body slot."
            .into(),
    }));
    let mut app = app_with(s, &[]);
    let text = screen(&mut app, 80, 24);
    assert!(
        text.contains("▶ slot 4"),
        "the proposal is highlighted:\n{text}"
    );
    assert_snapshot!(text);
}

#[test]
fn improvised_block_dialog() {
    let mut s = crypt_state();
    s.pending.push(Pending::Decide(Decision::ImprovisedBlock {
        attack: goblin_attacks_aldo(),
        slot: 9,
        why: "The torch is not armor, but the judge may rule it stops the spear.".into(),
    }));
    let mut app = app_with(s, &[]);
    assert_snapshot!(screen(&mut app, 80, 24));
}

#[test]
fn terrain_form() {
    let mut app = app_with(crypt_state(), &[]);
    assert_snapshot!(drive(&mut app, 80, 24, vec![key('t'), key('a')]));
}

#[test]
fn attack_form() {
    let mut app = app_with(crypt_state(), &[]);
    assert_snapshot!(drive(&mut app, 80, 24, vec![key('a')]));
}

#[test]
fn defense_form_proposes_a_foe_and_their_weapon() {
    let mut app = app_with(crypt_state(), &[]);
    let text = drive(&mut app, 80, 30, vec![key('d')]);
    assert!(text.contains("‹ Goblin ›"), "{text}");
    assert!(text.contains("slot 6: Rusty spear"), "{text}");
    assert_snapshot!(text);
}

#[test]
fn stealth_form() {
    let mut app = app_with(crypt_state(), &[]);
    assert_snapshot!(drive(&mut app, 80, 24, vec![key('s')]));
}

#[test]
fn group_form() {
    let mut app = app_with(crypt_state(), &[]);
    assert_snapshot!(drive(&mut app, 80, 24, vec![key('p')]));
}

#[test]
fn new_character_form() {
    let mut app = app_with(crypt_state(), &[]);
    let mut events = vec![key('n'), code(KeyCode::Down)];
    events.extend(typed("Cato"));
    assert_snapshot!(drive(&mut app, 80, 24, events));
}

#[test]
fn item_picker_searches_the_library() {
    let mut app = app_with(crypt_state(), &[]);
    let mut events = vec![key('3'), key('i')];
    events.extend(typed("ro"));
    let text = drive(&mut app, 80, 24, events);
    assert!(text.contains("Rope, 50 ft"), "{text}");
    assert!(!text.contains("Helm"), "{text}");
    assert_snapshot!(text);
}

#[test]
fn new_item_form_from_free_text() {
    let mut app = app_with(crypt_state(), &[]);
    let mut events = vec![key('3'), key('i')];
    events.extend(typed("Iron pot"));
    events.push(code(KeyCode::Enter));
    assert_snapshot!(drive(&mut app, 80, 24, events));
}

#[test]
fn wound_choice() {
    let mut app = app_with(crypt_state(), &[]);
    assert_snapshot!(drive(&mut app, 80, 24, vec![key('w')]));
}

#[test]
fn mark_choice() {
    let mut app = app_with(crypt_state(), &[]);
    assert_snapshot!(drive(&mut app, 80, 24, vec![key('m')]));
}

#[test]
fn palette_shows_errors_in_place() {
    let mut app = app_with(crypt_state(), &[]);
    let mut events = vec![key(':')];
    events.extend(typed("frobnicate aldo"));
    events.push(code(KeyCode::Enter));
    let before = app.session().unwrap().state().clone();
    let text = drive(&mut app, 80, 24, events);
    assert!(text.contains("✗"), "{text}");
    assert_eq!(app.session().unwrap().state(), &before, "nothing changed");
    assert!(matches!(
        app.main().unwrap().overlay,
        Some(Overlay::Palette(_))
    ));
    assert_snapshot!(text);
}

#[test]
fn palette_tab_completes_a_name_into_the_line() {
    // A name with a space comes back quoted, so the completed line does not merely extend what
    // was typed: it must replace it.
    let mut state = crypt_state();
    state.characters[2].name = "Goblin Chief".into();
    let mut app = app_with(state, &[]);
    let mut events = vec![key(':')];
    events.extend(typed("treat goblinc"));
    events.push(code(KeyCode::Tab));
    drive(&mut app, 80, 24, events);
    let Some(Overlay::Palette(p)) = &app.main().unwrap().overlay else {
        panic!("the palette stays open");
    };
    assert_eq!(p.input.value(), "treat \"Goblin Chief\" ");
}

#[test]
fn typed_dice_prompt() {
    let mut app = app_with(crypt_state(), &[]);
    // D switches to the table's dice; a terrain check then asks for the face.
    let text = drive(
        &mut app,
        80,
        24,
        vec![key('D'), key('t'), code(KeyCode::Enter)],
    );
    assert!(text.contains("The table's dice"), "{text}");
    assert_snapshot!(text);
}

#[test]
fn help_lists_the_keys_of_the_main_screen() {
    let mut app = app_with(crypt_state(), &[]);
    let text = drive(&mut app, 100, 60, vec![key('?')]);
    for b in slotmark::tui::keymap::bindings(
        slotmark::tui::sheets::slots::keys::TABLE,
        slotmark::tui::keymap::Ctx::Main,
    ) {
        assert!(text.contains(b.help), "help misses {:?}:\n{text}", b.action);
    }
    assert_snapshot!(text);
}

#[test]
fn help_in_the_roll_dialog_lists_its_keys() {
    let mut app = app_with(pending_terrain_roll(), &[]);
    let text = drive(&mut app, 100, 30, vec![key('?')]);
    assert!(text.contains("Override the verdict"), "{text}");
    assert_snapshot!(text);
}

// ---- Key sequences against the session

#[test]
fn hand_edits_are_commands_and_undo_redo() {
    let mut app = app_with(crypt_state(), &[]);
    // Slot 5 of Aldo: an open wound, then an E mark.
    drive(
        &mut app,
        80,
        24,
        vec![key('5'), key('w'), key('o'), key('m'), key('e')],
    );
    let aldo = &state(&app).characters[0];
    assert_eq!(aldo.slots[4].wound, Wound::Open);
    assert!(
        aldo.slots[4].marks.has(Condition::B),
        "an open wound bleeds"
    );
    assert!(aldo.slots[4].marks.has(Condition::E));
    assert_eq!(app.session().unwrap().cursor(), 2);

    drive(&mut app, 80, 24, vec![key('u')]);
    assert!(!state(&app).characters[0].slots[4].marks.has(Condition::E));
    assert_eq!(state(&app).characters[0].slots[4].wound, Wound::Open);
    drive(&mut app, 80, 24, vec![key('u')]);
    assert_eq!(state(&app), &crypt_state());
    drive(&mut app, 80, 24, vec![key('U'), key('U')]);
    assert!(state(&app).characters[0].slots[4].marks.has(Condition::E));
    // A refused command changes nothing and says why.
    let before = state(&app).clone();
    let text = drive(&mut app, 80, 24, vec![key('6'), key('r')]);
    assert_eq!(state(&app), &before);
    assert!(text.contains("no wound to treat"), "{text}");
}

#[test]
fn clicks_select_a_character_and_a_slot() {
    let mut app = app_with(crypt_state(), &[]);
    let text = screen(&mut app, 80, 24);
    let row_of = |needle: &str| {
        text.lines()
            .position(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("{needle} not on screen:\n{text}")) as u16
    };
    let goblin_row = row_of("Goblin");
    let click = |col, row| {
        Ok(Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: col,
            row,
            modifiers: KeyModifiers::NONE,
        }))
    };
    drive(&mut app, 80, 24, vec![click(3, goblin_row)]);
    assert_eq!(app.main().unwrap().view.selected, Some(3));
    let text = screen(&mut app, 80, 24);
    let spear_row = text
        .lines()
        .position(|l| l.contains("Rusty spear"))
        .unwrap() as u16;
    drive(&mut app, 80, 24, vec![click(30, spear_row)]);
    assert_eq!(app.main().unwrap().view.row, 6);
}

#[test]
fn a_terrain_check_with_advantage() {
    // Aldo: slot 2 holds a heavy chain shirt (fail), slot 8 a light rope (pass).
    let mut app = app_with(crypt_state(), &[2, 8]);
    drive(
        &mut app,
        80,
        24,
        vec![key('t'), key('a'), code(KeyCode::Enter)],
    );
    let Some(Pending::Roll(roll)) = state(&app).pending.first() else {
        panic!("a roll waits for the judge");
    };
    assert_eq!(roll.faces, vec![2, 8]);
    assert_eq!(slotmark::rules::slots::checks::r6(roll.edge), 1);
    assert_eq!(roll.pick, 1, "the best die is proposed under advantage");
    drive(&mut app, 80, 24, vec![code(KeyCode::Enter)]);
    let s = state(&app);
    assert!(s.pending.is_empty());
    assert!(
        s.characters[0].slots[7].fatigue,
        "the rolled slot takes a fatigue mark"
    );
    assert!(slot_events(&app).iter().any(|e| matches!(
        e,
        slotmark::rules::slots::Event::Rolled(line) if line.faces == vec![2, 8] && line.pick == 1 && line.verdict == Verdict::Pass
    )));
}

#[test]
fn the_judge_picks_another_die_and_overrides() {
    let mut app = app_with(crypt_state(), &[2, 8]);
    drive(
        &mut app,
        80,
        24,
        vec![key('t'), key('a'), code(KeyCode::Enter), key('1')],
    );
    let Some(Pending::Roll(roll)) = state(&app).pending.first() else {
        panic!("the roll still waits");
    };
    assert_eq!(roll.pick, 0);
    assert_eq!(roll.verdict, Verdict::Fail, "slot 2 holds a heavy item");
    drive(&mut app, 80, 24, vec![key('o'), code(KeyCode::Enter)]);
    assert!(state(&app).pending.is_empty());
    assert!(slot_events(&app).iter().any(|e| matches!(
        e,
        slotmark::rules::slots::Event::Overridden {
            verdict: Verdict::Pass,
            ..
        }
    )));
}

#[test]
fn a_defense_check_ending_in_an_open_wound() {
    // The goblin's spear; Aldo's defense check rolls 3: nothing in the torso slot stops it.
    let mut app = app_with(crypt_state(), &[3]);
    drive(&mut app, 80, 24, vec![key('d'), code(KeyCode::Enter)]);
    let Some(Pending::Roll(roll)) = state(&app).pending.first() else {
        panic!("the defense check waits for the judge");
    };
    assert_eq!(roll.roller, 1, "a player character rolls the defense check");
    assert!(
        matches!(&roll.what, RollFor::Attack(spec) if spec.attacker == 3 && spec.kind == AttackKind::Melee)
    );
    drive(&mut app, 80, 24, vec![code(KeyCode::Enter)]);
    // Slot 3 held a treated wound: R8/R19 open it, and the choice of an adjacent slot may follow.
    let s = state(&app);
    let aldo = &s.characters[0];
    assert_eq!(aldo.slots[2].wound, Wound::Open);
    assert!(aldo.slots[2].marks.has(Condition::B));
}

#[test]
fn undo_steps_back_through_a_roll_and_redo_replays_it() {
    let mut app = app_with(crypt_state(), &[2, 8]);
    drive(
        &mut app,
        80,
        24,
        vec![
            key('t'),
            key('a'),
            code(KeyCode::Enter),
            code(KeyCode::Enter),
        ],
    );
    let after = state(&app).clone();
    drive(&mut app, 80, 24, vec![key('u')]);
    assert!(
        matches!(state(&app).pending.first(), Some(Pending::Roll(_))),
        "the accept is undone"
    );
    drive(&mut app, 80, 24, vec![key('u')]);
    assert_eq!(state(&app), &crypt_state(), "the roll itself is undone");
    drive(&mut app, 80, 24, vec![key('U'), key('U')]);
    assert_eq!(
        state(&app),
        &after,
        "redo replays the recorded faces, no new roll"
    );
}

#[test]
fn renaming_a_character_is_an_undoable_command() {
    let mut app = app_with(crypt_state(), &[]);
    let mut events = vec![key('e'), code(KeyCode::Backspace), code(KeyCode::Backspace)];
    events.extend(typed("ric"));
    events.push(code(KeyCode::Enter));
    drive(&mut app, 80, 24, events);
    assert_eq!(state(&app).characters[0].name, "Alric");
    drive(&mut app, 80, 24, vec![key('u')]);
    assert_eq!(state(&app).characters[0].name, "Aldo");
}

#[test]
fn putting_an_item_from_the_library() {
    let mut app = app_with(crypt_state(), &[]);
    let mut events = vec![key('3'), key('i')];
    events.extend(typed("hel"));
    events.push(code(KeyCode::Enter));
    drive(&mut app, 80, 24, events);
    let slot = &state(&app).characters[0].slots[2];
    assert_eq!(slot.item.as_ref().map(|i| i.name.as_str()), Some("Helm"));
    let entry = app.session().unwrap().applied().last().unwrap();
    assert!(matches!(
        &entry.command,
        Command::Game(slotmark::rules::GameCommand::Slots(
            slotmark::rules::slots::Command::PutItem {
                who: 1,
                slot: 3,
                ..
            }
        ))
    ));
}

#[test]
fn a_new_character_joins_and_is_selected() {
    let mut app = app_with(crypt_state(), &[]);
    // The body comes first (human), then the name, then the side (by the body, players,
    // opponents).
    let mut events = vec![key('n'), code(KeyCode::Down)];
    events.extend(typed("Cato"));
    events.push(code(KeyCode::Down));
    events.push(code(KeyCode::Right));
    events.push(code(KeyCode::Right));
    events.push(code(KeyCode::Enter));
    drive(&mut app, 80, 24, events);
    let s = state(&app);
    let cato = s
        .characters
        .iter()
        .find(|c| c.name == "Cato")
        .expect("Cato joined");
    assert_eq!(cato.side, Side::Opponents);
    assert_eq!(cato.slots.len(), 11);
    assert_eq!(app.main().unwrap().view.selected, Some(cato.id));
}

/// Issue 26: a creature of the bestiary added with no name is numbered after its kind and
/// stands with the opponents, in three keys.
#[test]
fn a_creature_of_the_bestiary_comes_numbered_on_the_opponents_side() {
    let mut app = App::with_session(session_with(crypt_state()), None, Dice::scripted([]))
        .with_theme(Theme::plain())
        .with_library(slotmark::content::slots::bundled());
    drive(
        &mut app,
        80,
        24,
        vec![key('n'), code(KeyCode::Right), code(KeyCode::Enter)],
    );
    let s = state(&app);
    let new = s.characters.last().unwrap();
    assert!(new.name.ends_with(" 1"), "{}", new.name);
    assert_eq!(new.side, Side::Opponents);
}

#[test]
fn quitting_leaves_the_loop_without_asking() {
    let mut app = app_with(crypt_state(), &[]);
    drive(&mut app, 80, 24, vec![key('q'), key('t')]);
    assert!(app.should_quit());
    assert!(
        app.main().unwrap().overlay.is_none(),
        "keys after quit are not read"
    );
}

#[test]
fn ruleset_is_slots() {
    assert_eq!(
        app_with(crypt_state(), &[])
            .session()
            .unwrap()
            .state()
            .ruleset(),
        RulesetId::Slots
    );
}

// ---- The journal, the start screen and typed dice, against the real store

#[test]
fn every_change_is_in_the_journal_before_it_is_drawn() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crypt.ron");
    let session = session_with(crypt_state());
    let store = slotmark::store::Store::create(&path, &session).unwrap();
    let mut app =
        App::with_session(session, Some(store), Dice::scripted([])).with_theme(Theme::plain());
    let text = drive(
        &mut app,
        80,
        24,
        vec![key('5'), key('w'), key('o'), key('u'), key('U')],
    );
    assert!(text.contains("✓ autosaved"), "{text}");
    // Read back while the screen still holds the file: the journal has all three steps.
    let loaded = slotmark::store::load(&path).unwrap();
    assert_eq!(loaded.state(), app.session().unwrap().state());
    assert_eq!(loaded.cursor(), 1);
    // Quitting folds everything into the file.
    assert!(app.finish().is_ok());
    let reloaded = slotmark::store::load(&path).unwrap();
    assert_eq!(reloaded.state().game, app.session().unwrap().state().game);
}

#[test]
fn start_screen_lists_recent_sessions_and_opens_one_with_a_key() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crypt.ron");
    slotmark::store::Store::create(&path, &session_with(crypt_state())).unwrap();
    let mut app =
        App::start(dir.path().to_path_buf(), Dice::scripted([])).with_theme(Theme::plain());
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Crypt of Ash"), "{text}");
    assert_snapshot!(text);
    drive(&mut app, 80, 24, vec![key('1')]);
    assert_eq!(state(&app), &crypt_state());
}

/// Opening a session file from the start screen, or reading the last one for the next party's
/// session, reads it whole; then the screen calls `settled` once, so the binary can hand the
/// pages the reading freed back to the system (issue 31). A new empty session reads no file.
#[test]
fn the_start_screen_calls_settled_after_reading_a_session_file_whole() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    fn count() {
        CALLS.fetch_add(1, Ordering::SeqCst);
    }
    let dir = tempfile::tempdir().unwrap();
    slotmark::store::Store::create(&dir.path().join("crypt.ron"), &session_with(crypt_state()))
        .unwrap();
    // The calls made by the time the keys have opened a session from a fresh start screen.
    let calls_after = |first: char, name: &str| {
        let mut app =
            App::start(dir.path().to_path_buf(), Dice::scripted([])).with_theme(Theme::plain());
        app.settled = count;
        let mut events = vec![key(first)];
        if !name.is_empty() {
            events.extend(typed(name));
            events.push(code(KeyCode::Enter));
        }
        let text = drive(&mut app, 80, 24, events);
        assert!(app.session().is_some(), "{text}");
        CALLS.load(Ordering::SeqCst)
    };
    assert_eq!(calls_after('1', ""), 1, "after opening a file");
    assert_eq!(
        calls_after('p', "Crypt, night two"),
        2,
        "after the next party's session"
    );
    assert_eq!(calls_after('n', "Barrow"), 2, "a new session reads no file");
}

#[test]
fn the_next_session_with_a_recent_sessions_party_from_the_start_screen() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crypt.ron");
    slotmark::store::Store::create(&path, &session_with(crypt_state())).unwrap();
    let mut app =
        App::start(dir.path().to_path_buf(), Dice::scripted([])).with_theme(Theme::plain());
    let mut events = vec![key('p')];
    events.extend(typed("Crypt, night two"));
    events.push(code(KeyCode::Enter));
    let text = drive(&mut app, 80, 24, events);
    let session = app.session().expect(&text);
    assert_eq!(session.state().title, "Crypt, night two");
    // The party's players come along as they were; the goblin stays behind.
    let GameState::Slots(now) = &session.state().game else {
        panic!("the slot system");
    };
    let names: Vec<&str> = now.characters.iter().map(|c| c.name.as_str()).collect();
    let crypt = crypt_state();
    let players: Vec<&str> = crypt
        .characters
        .iter()
        .filter(|c| c.side == Side::Players)
        .map(|c| c.name.as_str())
        .collect();
    assert!(!players.is_empty() && players.len() < crypt.characters.len());
    assert_eq!(names, players);
    assert!(matches!(session.entries()[0].command, Command::Join(_)));
    assert_eq!(slotmark::store::list_sessions(dir.path()).len(), 2);
}

#[test]
fn a_new_session_from_the_start_screen_is_saved_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut app =
        App::start(dir.path().to_path_buf(), Dice::scripted([])).with_theme(Theme::plain());
    let mut events = vec![key('n')];
    events.extend(typed("Barrow Downs"));
    events.push(code(KeyCode::Enter));
    drive(&mut app, 80, 24, events);
    assert_eq!(app.session().unwrap().state().title, "Barrow Downs");
    let listed = slotmark::store::list_sessions(dir.path());
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].title, "Barrow Downs");
    // The same name again is refused in place.
    let mut again =
        App::start(dir.path().to_path_buf(), Dice::scripted([])).with_theme(Theme::plain());
    let mut events = vec![key('n')];
    events.extend(typed("Barrow Downs"));
    events.push(code(KeyCode::Enter));
    let text = drive(&mut again, 80, 24, events);
    assert!(again.session().is_none());
    assert!(
        text.contains("already a session called Barrow Downs"),
        "{text}"
    );
}

#[test]
fn the_slot_demo_opens_in_two_keys_and_is_saved() {
    let dir = tempfile::tempdir().unwrap();
    let mut app =
        App::start(dir.path().to_path_buf(), Dice::scripted([])).with_theme(Theme::plain());
    // d lists the demos with the slot system proposed; Enter opens it.
    let text = drive(&mut app, 80, 24, vec![key('d'), code(KeyCode::Enter)]);
    assert!(!state(&app).characters.is_empty(), "the demo has a party");
    assert!(text.contains("✓ autosaved"), "{text}");
    assert_eq!(slotmark::store::list_sessions(dir.path()).len(), 1);
}

#[test]
fn typed_dice_ask_for_each_face_and_roll_nothing_themselves() {
    // No scripted faces at all: every face must come from the judge.
    let mut app = app_with(crypt_state(), &[]);
    let mut events = vec![key('D'), key('t'), key('a'), code(KeyCode::Enter)];
    events.extend(typed("13"));
    events.push(code(KeyCode::Enter)); // refused: a d12 has no 13
    events.push(code(KeyCode::Backspace));
    events.push(code(KeyCode::Backspace));
    events.push(key('2'));
    events.push(code(KeyCode::Enter));
    events.push(key('8'));
    events.push(code(KeyCode::Enter));
    drive(&mut app, 80, 24, events);
    let Some(Pending::Roll(roll)) = state(&app).pending.first() else {
        panic!("the roll waits with the typed faces");
    };
    assert_eq!(roll.faces, vec![2, 8]);
    assert_eq!(
        app.session().unwrap().cursor(),
        1,
        "one command, retried until it had its faces"
    );
}

#[test]
fn the_table_dice_replace_a_live_roll() {
    let mut app = app_with(crypt_state(), &[2, 8]);
    drive(
        &mut app,
        80,
        24,
        vec![key('t'), key('a'), code(KeyCode::Enter), key('1')],
    );
    // T: back to before the roll (the pick too), then the table's faces.
    drive(
        &mut app,
        80,
        24,
        vec![
            key('T'),
            key('9'),
            code(KeyCode::Enter),
            key('4'),
            code(KeyCode::Enter),
        ],
    );
    let Some(Pending::Roll(roll)) = state(&app).pending.first() else {
        panic!("the roll waits with the table's faces");
    };
    assert_eq!(roll.faces, vec![9, 4]);
    assert_eq!(app.session().unwrap().cursor(), 1);
}

/// R17: a parry's counterattack comes at once. Once the goblin's turn ends and the next
/// begins, `K` no longer offers it: it was offered turns later in play.
#[test]
fn r17_a_counterattack_not_taken_closes_when_the_next_turn_starts() {
    use slotmark::dice::ScriptedDice;
    use slotmark::rules::slots::Command as SlotCommand;
    let mut session = session_with(crypt_state());
    let spec = AttackSpec {
        defense: Defense::Parry,
        ..goblin_attacks_aldo()
    };
    for (command, faces) in [
        (
            SlotCommand::StartCombat {
                initiator: Side::Opponents,
                surprised: None,
                fighters: Some(vec![1, 2, 3]),
            },
            vec![],
        ),
        (SlotCommand::StartTurn { who: 3 }, vec![]),
        (
            SlotCommand::Attack {
                spec,
                edge: Edge::NONE,
                dual: false,
            },
            vec![6],
        ),
        (SlotCommand::Accept, vec![]),
    ] {
        session
            .execute(command.into(), &mut ScriptedDice::new(faces))
            .unwrap_or_else(|e| panic!("{e}"));
    }
    assert_eq!(
        session_counter(&session),
        Some((1, 3)),
        "the parry opened it"
    );
    for command in [SlotCommand::EndTurn, SlotCommand::StartTurn { who: 1 }] {
        session
            .execute(command.into(), &mut ScriptedDice::new([]))
            .unwrap_or_else(|e| panic!("{e}"));
    }
    assert_eq!(session_counter(&session), None, "a new turn closes it");
    let mut app = App::with_session(session, None, Dice::scripted([3]))
        .with_theme(Theme::plain())
        .with_library(library());
    let text = drive(&mut app, 100, 30, vec![key('K')]);
    assert!(text.contains("No counterattack is open"), "{text}");
}

fn session_counter(session: &Session) -> Option<(u32, u32)> {
    match &session.state().game {
        GameState::Slots(s) => s.recent.counter,
        _ => None,
    }
}

#[test]
fn after_a_parry_k_fills_in_the_counterattack_on_the_attacker_and_it_is_logged_as_one() {
    use slotmark::dice::ScriptedDice;
    use slotmark::rules::slots::Command as SlotCommand;
    let mut session = session_with(crypt_state());
    let spec = AttackSpec {
        defense: Defense::Parry,
        ..goblin_attacks_aldo()
    };
    let attack = SlotCommand::Attack {
        spec,
        edge: Edge::NONE,
        dual: false,
    };
    session
        .execute(attack.into(), &mut ScriptedDice::new([6]))
        .unwrap();
    session
        .execute(SlotCommand::Accept.into(), &mut ScriptedDice::new([]))
        .unwrap();
    let mut app = App::with_session(session, None, Dice::scripted([3]))
        .with_theme(Theme::plain())
        .with_library(library());
    let text = drive(&mut app, 100, 30, Vec::new());
    assert!(
        text.contains("K counter"),
        "the status line offers it:\n{text}"
    );
    // K, Enter (roll), Enter (accept): three keys from the main screen.
    let text = drive(&mut app, 100, 30, vec![key('K')]);
    assert!(text.contains("Aldo counterattacks Goblin"), "{text}");
    drive(
        &mut app,
        100,
        30,
        vec![code(KeyCode::Enter), code(KeyCode::Enter)],
    );
    let logged: Vec<AttackSpec> = app
        .session()
        .unwrap()
        .applied()
        .iter()
        .filter_map(|e| match &e.command {
            Command::Game(slotmark::rules::GameCommand::Slots(SlotCommand::Attack {
                spec,
                ..
            })) => Some(spec.clone()),
            _ => None,
        })
        .collect();
    let last = logged.last().unwrap();
    assert_eq!((last.attacker, last.target, last.counter), (1, 3, true));
    assert!(state(&app).recent.counter.is_none(), "the counter is spent");
}

#[test]
fn defending_proposes_whoever_is_acting_as_the_attacker() {
    use slotmark::dice::ScriptedDice;
    use slotmark::rules::slots::Command as SlotCommand;
    let mut st = crypt_state();
    let mut second = goblin();
    second.id = 4;
    second.name = "Goblin 2".into();
    st.characters.push(second);
    st.next_id = 5;
    let mut session = session_with(st);
    let mut run = |c: SlotCommand| {
        session
            .execute(c.into(), &mut ScriptedDice::new([]))
            .unwrap();
    };
    run(SlotCommand::StartCombat {
        initiator: Side::Opponents,
        surprised: None,
        fighters: None,
    });
    run(SlotCommand::StartTurn { who: 4 });
    let mut app = App::with_session(session, None, Dice::scripted([]))
        .with_theme(Theme::plain())
        .with_library(library());
    // Aldo is selected and defends: the attacker proposed is Goblin 2, whose turn it is.
    app.main_mut().unwrap().view.selected = Some(1);
    let text = drive(&mut app, 100, 30, vec![key('d')]);
    assert!(text.contains("Attacker"), "{text}");
    let line = text
        .lines()
        .find(|l| l.contains("Attacker"))
        .unwrap()
        .to_string();
    assert!(line.contains("Goblin 2"), "{line}");
}

#[test]
fn a_melee_attack_offers_no_evade_and_the_side_that_started_a_fight_cannot_be_surprised() {
    let mut app = app_with(crypt_state(), &[]);
    // Aldo attacks: target, kind (melee), weapon, then the defense: → goes straight to parry.
    let mut events = vec![key('a')];
    events.extend((0..3).map(|_| code(KeyCode::Down)));
    events.push(code(KeyCode::Right));
    let text = drive(&mut app, 100, 30, events);
    let line = text
        .lines()
        .find(|l| l.contains("Defender declares"))
        .unwrap();
    assert!(line.contains("parry"), "{line}");
    // A grab may be evaded (R15): kind → grab, then the defense's next option is evade.
    let mut events = vec![
        code(KeyCode::Esc),
        key('a'),
        code(KeyCode::Down),
        code(KeyCode::Right),
    ];
    events.extend((0..2).map(|_| code(KeyCode::Down)));
    events.push(code(KeyCode::Right));
    let text = drive(&mut app, 100, 30, events);
    let line = text
        .lines()
        .find(|l| l.contains("Defender declares"))
        .unwrap();
    assert!(line.contains("evade"), "{line}");
    // The players start a fight: "taken by surprise" goes from nobody straight to the opponents.
    let events = vec![
        code(KeyCode::Esc),
        key('c'),
        code(KeyCode::Down),
        code(KeyCode::Right),
    ];
    let text = drive(&mut app, 100, 30, events);
    let line = text
        .lines()
        .find(|l| l.contains("Taken by surprise"))
        .unwrap();
    assert!(line.contains("opponents"), "{line}");
}

#[test]
fn r_in_the_roll_dialog_re_rolls_with_a_line_in_the_log_and_undo_never_does() {
    let mut app = app_with(crypt_state(), &[3, 7]);
    // Aldo's terrain check rolls a 3 and waits.
    drive(&mut app, 100, 30, vec![key('t'), code(KeyCode::Enter)]);
    let faces = |app: &App| match state(app).pending.first() {
        Some(Pending::Roll(r)) => r.faces.clone(),
        other => panic!("no roll waits: {other:?}"),
    };
    assert_eq!(faces(&app), [3]);
    // Undo and redo keep the face.
    drive(&mut app, 100, 30, vec![key('u'), key('U')]);
    assert_eq!(faces(&app), [3]);
    // r rolls again, with fresh dice, and says so in the log.
    let text = drive(&mut app, 100, 30, vec![key('r')]);
    assert_eq!(faces(&app), [7], "{text}");
    let said: Vec<String> = app
        .session()
        .unwrap()
        .events_in(0..app.session().unwrap().cursor())
        .into_iter()
        .flat_map(|e| e.iter().map(|v| v.to_string()).collect::<Vec<_>>())
        .collect();
    assert!(
        said.iter()
            .any(|l| l.starts_with("Note: The judge re-rolls")),
        "{said:?}"
    );
}

#[test]
fn the_rest_picker_shows_the_rests_real_length() {
    let mut app = app_with(crypt_state(), &[]);
    let text = drive(&mut app, 100, 40, vec![key('R')]);
    let line = text
        .lines()
        .find(|l| l.contains("Trys, watches or days"))
        .unwrap();
    assert!(line.contains("‹ 5 ›"), "{line}");
}

/// R22: a rest in which Aldo's bleeding finds no slot left kills him (and five trys of it kill
/// Bren too). The rest's Enter must not take that at speed: the form stays open saying who
/// dies, Enter does nothing, and `y` rests and lets them die.
#[test]
fn r22_a_rest_that_bleeds_a_character_to_death_waits_for_y() {
    let mut st = crypt_state();
    let aldo = &mut st.characters[0];
    aldo.slots[0].wound = Wound::Open;
    aldo.slots[0].marks.set(Condition::B);
    let mut app = app_with(st, &[5, 5, 5, 5, 5, 5, 5, 5, 5, 5]);
    app.main_mut().unwrap().view.selected = Some(1);
    let text = drive(&mut app, 100, 30, vec![key('R'), code(KeyCode::Enter)]);
    assert!(text.contains("Aldo and Bren die on this step"), "{text}");
    assert!(!text.contains("✗ ⚠"), "a warning, not a refusal: {text}");
    assert!(app.session().unwrap().applied().is_empty(), "{text}");
    let text = drive(&mut app, 100, 30, vec![code(KeyCode::Enter)]);
    assert!(app.session().unwrap().applied().is_empty(), "{text}");
    assert!(!state(&app).characters[0].status.dead);
    drive(&mut app, 100, 30, vec![key('y')]);
    while app.ctx() != slotmark::tui::keymap::Ctx::Main {
        drive(&mut app, 100, 30, vec![code(KeyCode::Enter)]);
    }
    assert!(state(&app).characters[0].status.dead);
}

#[test]
fn a_character_whose_next_bleed_kills_is_marked_on_the_roster_and_the_sheet() {
    let mut st = crypt_state();
    // Aldo's open wound is in the head (slot 1), already bleeding: no lower slot is left (R22).
    let aldo = &mut st.characters[0];
    aldo.slots[0].wound = Wound::Open;
    aldo.slots[0].marks.set(Condition::B);
    let mut app = app_with(st, &[]);
    app.main_mut().unwrap().view.selected = Some(1);
    let text = drive(&mut app, 100, 30, Vec::new());
    // The roster's column (after the quote and the mark), not the sheet's title beside it.
    let roster_of = |text: &str, name: &str| {
        text.lines()
            .map(|l| l.chars().skip(2).take(24).collect::<String>())
            .find(|l| l.starts_with(name))
            .unwrap_or_default()
    };
    let roster = roster_of(&text, "Aldo");
    assert!(roster.contains('⚠'), "{roster}\n{text}");
    assert!(text.contains("⚠ bleeds to death at the end"), "{text}");
    let bren = roster_of(&text, "Bren");
    assert!(
        !bren.contains('⚠'),
        "Bren's bleeding still has room: {bren}"
    );
    // At 80×24 the title has no room for the warning: it is written whole under the slots.
    let small = drive(&mut app, 80, 24, Vec::new());
    assert!(
        small.contains("⚠ bleeds to death at the end of the next try or watch"),
        "{small}"
    );
    let wide = drive(&mut app, 200, 50, Vec::new());
    assert!(
        wide.contains("the bleeding has no lower slot left to mark"),
        "{wide}"
    );
    assert_snapshot!("warning_of_a_fatal_bleed_200x50", wide);
}

#[test]
fn the_demos_setting_up_steps_fold_into_one_log_line_that_a_click_unfolds() {
    let mut app = App::with_session(slotmark::script::demo(), None, Dice::scripted([3]))
        .with_theme(Theme::plain());
    // Before anything is played, the setting up is all there is: it shows step by step.
    let text = drive(&mut app, 100, 30, Vec::new());
    assert!(!text.contains("Setting up:"), "{text}");
    // One roll later, the setting up folds into one line under it.
    let text = drive(
        &mut app,
        100,
        30,
        vec![key('t'), code(KeyCode::Enter), code(KeyCode::Enter)],
    );
    let steps = app
        .session()
        .unwrap()
        .applied()
        .iter()
        .take_while(|e| e.rolls.is_empty())
        .count();
    assert!(
        text.contains(&format!(
            "1-{steps} … Setting up: {steps} steps with no dice"
        )),
        "{text}"
    );
    assert!(!text.contains("joins the players"), "{text}");
    // A click on it unfolds the steps.
    let hit = app
        .hits
        .iter()
        .find(|(_, h)| *h == slotmark::tui::app::Hit::LogFold)
        .map(|(r, _)| *r)
        .unwrap();
    let click = Ok(Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: hit.x + 1,
        row: hit.y,
        modifiers: KeyModifiers::NONE,
    }));
    let text = drive(&mut app, 100, 30, vec![click]);
    assert!(!text.contains("Setting up:"), "{text}");
}

#[test]
fn item_names_stay_whole_at_80_columns_and_properties_show_from_120() {
    let mut app = app_with(crypt_state(), &[]);
    let narrow = drive(&mut app, 80, 24, Vec::new());
    assert!(narrow.contains("Chain shirt ="), "{narrow}");
    assert!(!narrow.contains("Properties"), "{narrow}");
    let wide = drive(&mut app, 120, 40, Vec::new());
    assert!(wide.contains("Properties"), "{wide}");
    let row = wide.lines().find(|l| l.contains("Chain shirt")).unwrap();
    assert!(row.contains("heavy"), "{row}");
}

/// The last command the session logged, as the slot system's.
fn last_command(app: &App) -> slotmark::rules::slots::Command {
    match &app.session().unwrap().applied().last().unwrap().command {
        Command::Game(slotmark::rules::GameCommand::Slots(c)) => c.clone(),
        other => panic!("not a slot command: {other:?}"),
    }
}

/// The ten moves a judge makes most, each from the main screen in the situation where it is
/// made, in at most three keys, with the command logged checked so a wrong default fails.
#[test]
fn the_ten_common_moves_take_at_most_three_keys_each() {
    use slotmark::dice::ScriptedDice;
    use slotmark::rules::slots::Command as C;
    let keys_at_most_3 = |events: &[io::Result<Event>]| assert!(events.len() <= 3);
    let mut app = app_with(crypt_state(), &[4, 5, 6, 2, 9, 9, 9]);
    app.main_mut().unwrap().view.selected = Some(1);
    // 1. Terrain check: t, Enter (the roll waits).
    let ev = vec![key('t'), code(KeyCode::Enter)];
    keys_at_most_3(&ev);
    drive(&mut app, 100, 30, ev);
    assert!(matches!(
        last_command(&app),
        C::Check {
            who: 1,
            kind: CheckKind::Terrain,
            ..
        }
    ));
    // 2. Accept the verdict: Enter.
    drive(&mut app, 100, 30, vec![code(KeyCode::Enter)]);
    assert_eq!(last_command(&app), C::Accept);
    // 3. Stealth check: s, Enter; 4. override its verdict: o.
    let ev = vec![key('s'), code(KeyCode::Enter)];
    keys_at_most_3(&ev);
    drive(&mut app, 100, 30, ev);
    assert!(matches!(
        last_command(&app),
        C::Check {
            who: 1,
            kind: CheckKind::Stealth { .. },
            ..
        }
    ));
    drive(&mut app, 100, 30, vec![key('o'), code(KeyCode::Enter)]);
    assert!(matches!(
        app.session()
            .unwrap()
            .applied()
            .iter()
            .rev()
            .nth(1)
            .unwrap()
            .command,
        Command::Game(slotmark::rules::GameCommand::Slots(C::Override { .. }))
    ));
    // 5. Wound the selected slot: w, o.
    let ev = vec![key('w'), key('o')];
    drive(&mut app, 100, 30, ev);
    assert!(matches!(
        last_command(&app),
        C::Wound {
            who: 1,
            slot: 1,
            wound: Wound::Open
        }
    ));
    // 6. Mark a condition: m, then the letter.
    drive(&mut app, 100, 30, vec![key('2'), key('m'), key('e')]);
    assert!(matches!(
        last_command(&app),
        C::Mark {
            who: 1,
            slot: 2,
            condition: Condition::E
        }
    ));
    // 7. Undo: u.
    drive(&mut app, 100, 30, vec![key('u')]);
    assert!(matches!(last_command(&app), C::Wound { .. }));
    // A fight the goblin started, and the goblin's turn.
    let mut session = session_with(crypt_state());
    for c in [
        C::StartCombat {
            initiator: Side::Opponents,
            surprised: None,
            fighters: None,
        },
        C::StartTurn { who: 3 },
    ] {
        session
            .execute(c.into(), &mut ScriptedDice::new([]))
            .unwrap();
    }
    let mut app = App::with_session(session, None, Dice::scripted([7, 3, 5, 5]))
        .with_theme(Theme::plain())
        .with_library(library());
    app.main_mut().unwrap().view.selected = Some(1);
    // 8. A defense check during the goblin's turn: d, Enter; the goblin is the attacker.
    drive(&mut app, 100, 30, vec![key('d'), code(KeyCode::Enter)]);
    match last_command(&app) {
        C::Attack { spec, .. } => assert_eq!((spec.attacker, spec.target), (3, 1)),
        other => panic!("{other:?}"),
    }
    drive(&mut app, 100, 30, vec![code(KeyCode::Enter)]);
    // 9. End turn: E. 10. Next actor: Space, then Enter starts their turn.
    drive(&mut app, 100, 30, vec![key('E')]);
    assert_eq!(last_command(&app), C::EndTurn);
    drive(&mut app, 100, 30, vec![key(' '), code(KeyCode::Enter)]);
    assert!(matches!(last_command(&app), C::StartTurn { .. }));
    // And the attack: a, Enter, from the actor's turn.
    let text = drive(&mut app, 100, 30, vec![key('a'), code(KeyCode::Enter)]);
    assert!(matches!(last_command(&app), C::Attack { .. }), "{text}");
}

#[test]
fn the_conditions_panel_fits_at_120_columns_and_says_what_the_next_tick_marks() {
    let mut app = app_with(crypt_state(), &[]);
    app.main_mut().unwrap().view.selected = Some(2);
    let text = drive(&mut app, 120, 40, Vec::new());
    assert!(text.contains("Wounds and conditions"), "{text}");
    // Bren's open wound in slot 4 bleeds into a lower slot next to one already bleeding (R22).
    let line = text.lines().find(|l| l.contains(" B bleeding")).unwrap();
    assert!(line.contains("next tick marks slot"), "{line}");
}

#[test]
fn the_start_screen_lists_each_rulesets_demo() {
    let dir = tempfile::tempdir().unwrap();
    let mut app =
        App::start(dir.path().to_path_buf(), Dice::scripted([])).with_theme(Theme::plain());
    let text = drive(&mut app, 80, 24, vec![key('d')]);
    assert!(text.contains("Open a demo"), "{text}");
    let text = drive(&mut app, 80, 24, vec![code(KeyCode::Right)]);
    assert!(text.contains("plain tracker"), "{text}");
    drive(&mut app, 80, 24, vec![code(KeyCode::Enter)]);
    assert_eq!(
        app.session().unwrap().state().ruleset(),
        RulesetId::Plain,
        "the plain tracker's demo opened"
    );
    assert_eq!(slotmark::store::list_sessions(dir.path()).len(), 1);
    // Ruleset phase's, then bdp's demo are the next choices.
    let dir = tempfile::tempdir().unwrap();
    let mut app =
        App::start(dir.path().to_path_buf(), Dice::scripted([])).with_theme(Theme::plain());
    drive(&mut app, 80, 24, vec![key('d')]);
    let text = drive(
        &mut app,
        80,
        24,
        vec![code(KeyCode::Right), code(KeyCode::Right)],
    );
    assert!(text.contains("phased Knave-style rules"), "{text}");
    let text = drive(&mut app, 80, 24, vec![code(KeyCode::Right)]);
    assert!(text.contains("Block, Dodge, Parry"), "{text}");
    drive(&mut app, 80, 24, vec![code(KeyCode::Enter)]);
    let session = app.session().unwrap();
    assert_eq!(
        session.state().ruleset(),
        RulesetId::Bdp,
        "the bdp demo opened"
    );
    assert_eq!(session.state().title, "Demo: the Drowned Causeway");
}

#[test]
fn a_demo_that_cannot_be_saved_is_played_only_when_the_judge_chooses_to() {
    // A saves folder that cannot be made (its parent is a file): nothing can be written there,
    // whoever runs the test.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("file"), "x").unwrap();
    let saves = dir.path().join("file/saves");
    let mut app = App::start(saves.clone(), Dice::scripted([])).with_theme(Theme::plain());
    let text = drive(&mut app, 100, 30, vec![key('d'), code(KeyCode::Enter)]);
    assert!(app.session().is_none(), "the demo opened without asking");
    assert!(
        text.contains("The demo cannot be saved") && text.contains("Go back"),
        "{text}"
    );
    // Going back (the first choice) opens nothing.
    drive(&mut app, 100, 30, vec![code(KeyCode::Enter)]);
    assert!(app.session().is_none());
    // Chosen: the demo opens, and the header says it is not saved.
    drive(&mut app, 100, 30, vec![key('d'), code(KeyCode::Enter)]);
    let text = drive(&mut app, 100, 30, vec![code(KeyCode::Right)]);
    assert!(text.contains("Play without saving"), "{text}");
    let text = drive(&mut app, 100, 30, vec![code(KeyCode::Enter)]);
    assert!(app.session().is_some(), "{text}");
    assert!(text.contains("not saved"), "{text}");
    assert!(!saves.exists());
    // Every step played so is marked unsaved in the roll log, the ones made after opening too.
    let mut keys = typed(":note the bridge creaks");
    keys.push(code(KeyCode::Enter));
    let text = drive(&mut app, 160, 40, keys);
    assert!(
        text.contains("(unsaved) Note: the bridge creaks") && text.contains("(unsaved) Aria joins"),
        "{text}"
    );
    assert!(
        text.contains("Roll log, newest first · not saved"),
        "{text}"
    );
    // Written somewhere, the marks go.
    let elsewhere = dir.path().join("kept.ron");
    let mut keys = typed(&format!(":save as {}", elsewhere.display()));
    keys.push(code(KeyCode::Enter));
    let text = drive(&mut app, 160, 40, keys);
    assert!(elsewhere.exists(), "{text}");
    assert!(!text.contains("(unsaved)"), "{text}");
}

#[path = "screen/mod.rs"]
mod screen_keys;

/// The ten moves a judge makes most in every ruleset (issue 26, `docs/rulesets/slots.md`), each
/// from the main screen of the demo in the situation where it is made, in at most three keys,
/// with the logged command checked.
#[test]
fn the_ten_table_moves_take_at_most_three_slots_keys_each() {
    use screen_keys::play;
    use slotmark::rules::GameCommand;
    use slotmark::rules::slots::Command as C;
    let game = |c: &Command| match c.game() {
        Some(GameCommand::Slots(c)) => c.clone(),
        other => panic!("not a slot command: {other:?}"),
    };
    let mut s = slotmark::script::demo();
    let Ok(slotmark::script::Line::Command(c)) =
        slotmark::script::parse_line("reveal all", s.state())
    else {
        panic!("reveal all did not parse");
    };
    s.execute(c, &mut slotmark::dice::ScriptedDice::new([]))
        .unwrap();
    let id = |app: &App, name: &str| {
        state(app)
            .characters
            .iter()
            .find(|c| c.name == name)
            .unwrap_or_else(|| panic!("no {name}"))
            .id
    };
    let mut app = App::with_session(s, None, Dice::scripted([6; 200])).with_theme(Theme::plain());
    let aria = id(&app, "Aria");
    app.main_mut().unwrap().view.selected = Some(aria);
    // A check: t, Enter (the roll waits for its verdict).
    let p = play(&mut app, "check", vec![key('t'), code(KeyCode::Enter)]);
    assert!(
        matches!(game(&p.logged[0]), C::Check { who, .. } if who == aria),
        "{:?}\n{}",
        p.logged,
        p.text
    );
    drive(&mut app, 100, 30, vec![code(KeyCode::Enter)]);
    assert_eq!(app.ctx(), slotmark::tui::keymap::Ctx::Main);
    // A condition: m and its letter, in the selected slot.
    let p = play(&mut app, "condition", vec![key('m'), key('e')]);
    assert!(
        matches!(game(&p.logged[0]), C::Mark { who, .. } if who == aria),
        "{:?}\n{}",
        p.logged,
        p.text
    );
    // Time passing: a rest, R and Enter.
    let p = play(&mut app, "rest", vec![key('R'), code(KeyCode::Enter)]);
    assert!(
        matches!(p.logged.first().map(game), Some(C::Rest { .. })),
        "{:?}\n{}",
        p.logged,
        p.text
    );
    while app.ctx() != slotmark::tui::keymap::Ctx::Main {
        drive(&mut app, 100, 30, vec![code(KeyCode::Enter)]);
    }
    // Finding a sheet: ' and the first letters of a name, Enter keeps it.
    let p = play(
        &mut app,
        "find a sheet",
        vec![key('\''), key('c'), code(KeyCode::Enter)],
    );
    assert!(p.logged.is_empty(), "{:?}", p.logged);
    let cole = id(&app, "Cole");
    assert_eq!(app.main().unwrap().view.selected, Some(cole));
    // The fight (c, Enter) with those in sight, and Cole's turn (Enter).
    let p = play(&mut app, "fight", vec![key('c'), code(KeyCode::Enter)]);
    assert!(
        matches!(game(&p.logged[0]), C::StartCombat { .. }),
        "{}",
        p.text
    );
    let p = play(&mut app, "turn", vec![code(KeyCode::Enter)]);
    assert_eq!(game(&p.logged[0]), C::StartTurn { who: cole }, "{}", p.text);
    // An attack with its damage: a, Enter; a foe in sight is proposed, and the roll names
    // the slot hit.
    let goblin1 = id(&app, "Goblin 1");
    let p = play(&mut app, "attack", vec![key('a'), code(KeyCode::Enter)]);
    assert!(
        matches!(game(&p.logged[0]), C::Attack { spec, .. } if spec.attacker == cole && spec.target == goblin1),
        "{:?}\n{}",
        p.logged,
        p.text
    );
    while app.ctx() != slotmark::tui::keymap::Ctx::Main {
        drive(&mut app, 100, 30, vec![code(KeyCode::Enter)]);
    }
    // The next turn: E ends Cole's, and Enter starts the next actor's (selected for it).
    let p = play(&mut app, "next turn", vec![key('E'), code(KeyCode::Enter)]);
    assert!(
        matches!(
            &p.logged.iter().map(game).collect::<Vec<_>>()[..],
            [C::EndTurn, C::StartTurn { who }] if *who == goblin1
        ),
        "{:?}\n{}",
        p.logged,
        p.text
    );
    // Damage to someone else: Tab to them, w, o (an open wound in the selected slot).
    let goblin2 = id(&app, "Goblin 2");
    let p = play(
        &mut app,
        "damage",
        vec![code(KeyCode::Tab), key('w'), key('o')],
    );
    assert_eq!(
        game(&p.logged[0]),
        C::Wound {
            who: goblin2,
            slot: 1,
            wound: Wound::Open
        },
        "{}",
        p.text
    );
    // Healing: r treats the open wound in the selected slot.
    let p = play(&mut app, "heal", vec![key('r')]);
    assert_eq!(
        game(&p.logged[0]),
        C::Treat {
            who: goblin2,
            slot: 1
        },
        "{}",
        p.text
    );
    // Undo: u.
    let p = play(&mut app, "undo", vec![key('u')]);
    assert_eq!(p.undone, 1);
    // A creature mid-fight: A, a letter of its kind, Enter: numbered, with the opponents,
    // into the fight under way.
    let p = play(
        &mut app,
        "add a creature",
        vec![key('A'), key('g'), code(KeyCode::Enter)],
    );
    match &p.logged[..] {
        [Command::Arrive { add, seen: false }] => match &**add {
            GameCommand::Slots(C::AddCharacter { name, side, .. }) => {
                assert_eq!((name.as_str(), *side), ("Goblin 4", Side::Opponents))
            }
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}\n{}", p.text),
    }
    let goblin4 = id(&app, "Goblin 4");
    assert!(
        p.text.contains("○Goblin 4"),
        "on the strip, in the fight:\n{}",
        p.text
    );
    assert_eq!(app.main().unwrap().view.selected, Some(goblin4));
    // Moves 11 and 12 (issue 44), in the demo: the fight with the creatures just met in at
    // most three keys, then one whole round of it, the keys per fighter as the page lists them.
    let (keys, fighters) = screen_keys::moves_11_and_12(slotmark::rules::RulesetId::Slots);
    assert_eq!(
        keys,
        screen_keys::round_keys(slotmark::rules::RulesetId::Slots, fighters),
        "a round of {fighters} fighters"
    );
}
