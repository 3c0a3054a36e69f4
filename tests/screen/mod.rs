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
