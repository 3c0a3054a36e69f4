//! Driving the screen without a terminal, for the rulesets' screen tests: keys as the terminal
//! sends them, and the real event loop run on a TestBackend of a given size.
#![allow(dead_code)]

use std::io;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use slotmark::tui::app::App;
use slotmark::tui::{self, run_loop};

pub fn key(c: char) -> io::Result<Event> {
    Ok(Event::Key(KeyEvent::new(
        KeyCode::Char(c),
        KeyModifiers::NONE,
    )))
}

pub fn code(c: KeyCode) -> io::Result<Event> {
    Ok(Event::Key(KeyEvent::new(c, KeyModifiers::NONE)))
}

pub fn typed(text: &str) -> Vec<io::Result<Event>> {
    text.chars().map(key).collect()
}

/// The id of the one on the roster called `name`.
pub fn id_of(app: &App, name: &str) -> u32 {
    app.session()
        .unwrap()
        .state()
        .game
        .roster()
        .into_iter()
        .flat_map(|g| g.members)
        .find(|m| m.name == name)
        .unwrap_or_else(|| panic!("no {name}"))
        .id
}

/// Runs the events through the real loop on a `w`×`h` screen; returns the last frame.
pub fn drive(app: &mut App, w: u16, h: u16, events: Vec<io::Result<Event>>) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    run_loop(&mut t, app, events).unwrap();
    tui::draw(&mut t, app).unwrap();
    t.backend().to_string()
}

/// What one of a ruleset's common moves did: the commands it logged, in order, and how many
/// steps it took back (undo).
pub struct Played {
    pub logged: Vec<slotmark::session::Command>,
    pub undone: usize,
    pub text: String,
}

/// Plays one common move from the main screen: at most three keys (the promise of
/// `docs/promises.md`), and what it logged.
pub fn play(app: &mut App, what: &str, events: Vec<io::Result<Event>>) -> Played {
    assert!(events.len() <= 3, "{what} takes {} keys", events.len());
    let before = app.session().unwrap().cursor();
    let text = drive(app, 100, 30, events);
    let s = app.session().unwrap();
    let after = s.cursor();
    Played {
        logged: s.applied()[before.min(after)..after]
            .iter()
            .map(|e| e.command.clone())
            .collect(),
        undone: before.saturating_sub(after),
        text,
    }
}

/// Moves 11 and 12 of the table test (`../shared/PLAYTEST.md`, issue 44) in `ruleset`'s demo at
/// 80×24: the fight with the creatures just met (`c` Enter, at most three keys, asserted), then
/// one whole round of it by the keys each fighter's turn takes (Enter on whatever the rules ask
/// on the way). Returns the keys of the round and the fighters in it. In the slot system Enter
/// starts the selected one's turn and `E` ends it; in actiondie each fighter's action is chosen
/// first (`a` Enter each, then `i` rolls the initiative) and `E` passes the turn; elsewhere `E`
/// passes it.
pub fn moves_11_and_12(ruleset: slotmark::rules::RulesetId) -> (usize, usize) {
    use slotmark::rules::RulesetId;
    use slotmark::tui::keymap::Ctx;
    let mut app = App::with_session(
        slotmark::script::demo_for(ruleset),
        None,
        slotmark::tui::Dice::scripted([3; 256]),
    )
    .with_theme(slotmark::tui::theme::Theme::plain());
    let eleven = vec![key('c'), code(KeyCode::Enter)];
    assert!(eleven.len() <= 3, "move 11 takes {} keys", eleven.len());
    let text = drive(&mut app, 80, 24, eleven);
    let fight = |app: &App| app.session().unwrap().state().game.initiative();
    let fighters = fight(&app)
        .unwrap_or_else(|| panic!("{ruleset:?}: no fight after c Enter:\n{text}"))
        .order
        .len();
    let mut keys = 0usize;
    if ruleset == RulesetId::ActionDie {
        for _ in 0..fighters {
            drive(&mut app, 80, 24, vec![key('a'), code(KeyCode::Enter)]);
            keys += 2;
        }
        drive(&mut app, 80, 24, vec![key('i')]);
        keys += 1;
    }
    let round = |app: &App| fight(app).map(|f| f.round);
    while round(&app) == Some(1) && keys < 12 * fighters {
        let events = match (app.ctx(), ruleset) {
            (Ctx::Main, RulesetId::Slots) => vec![code(KeyCode::Enter), key('E')],
            (Ctx::Main, _) => vec![key('E')],
            _ => vec![code(KeyCode::Enter)],
        };
        keys += events.len();
        drive(&mut app, 80, 24, events);
    }
    let text = drive(&mut app, 80, 24, Vec::new());
    assert_eq!(
        round(&app),
        Some(2),
        "{ruleset:?}: round 1 did not end:\n{text}"
    );
    (keys, fighters)
}

/// The keys of a round of the demo's fight, as docs/rulesets/*.md list them under move 12.
pub fn round_keys(ruleset: slotmark::rules::RulesetId, fighters: usize) -> usize {
    use slotmark::rules::RulesetId;
    match ruleset {
        // Enter and E for each fighter: the four adventurers and two goblins.
        RulesetId::Slots => 2 * fighters,
        // E steps the phases' groups: fewer keys than fighters.
        RulesetId::Phase => 6,
        // E passes each turn.
        RulesetId::Bdp | RulesetId::Ap | RulesetId::Plain => fighters,
        // a Enter each to choose the actions, i to roll, then E through each turn, and Enter
        // on the two questions the demo's round asks.
        RulesetId::ActionDie => 2 * fighters + 1 + fighters + 2,
    }
}
