//! What the rolls of a session read like everywhere they are read: the screen's roll log (each
//! event's words), `replay`'s output, the recap, and the players' table view.

#![allow(dead_code)]

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use slotmark::dice::ScriptedDice;
use slotmark::rules::{Lens, Numbers, RulesetId};
use slotmark::script::{self, Line};
use slotmark::session::{Session, SessionState, TableView};
use slotmark::store::Store;
use slotmark::tui::table;
use slotmark::tui::theme::Theme;
use std::collections::BTreeSet;

pub fn session(ruleset: RulesetId) -> Session {
    Session::new(SessionState::new("Words", ruleset))
}

/// Runs one line of the command language with these faces, or says why not.
pub fn run(s: &mut Session, line: &str, faces: &[u16]) -> Result<(), String> {
    match script::parse_line(line, s.state()).map_err(|e| e.message)? {
        Line::Command(c) => s
            .execute(c, &mut ScriptedDice::new(faces.to_vec()))
            .map(|_| ())
            .map_err(|e| e.to_string()),
        Line::Undo => s.undo().map(|_| ()).map_err(|e| e.to_string()),
        Line::Redo => s.redo().map(|_| ()).map_err(|e| e.to_string()),
        other => Err(format!("{line}: {other:?}")),
    }
}

pub fn play(s: &mut Session, line: &str, faces: &[u16]) {
    run(s, line, faces).unwrap_or_else(|e| panic!("{line}: {e}"));
}

/// The screen's roll log: every event of every step, in the judge's words.
pub fn log(s: &Session) -> String {
    s.events_in(0..s.applied().len())
        .iter()
        .flat_map(|step| step.iter().map(|e| e.to_string()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `slotmark replay FILE` and `slotmark export FILE --markdown` of the session saved to a file.
pub fn replay_and_recap(s: &Session) -> (String, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("words.ron");
    drop(Store::create(&path, s).unwrap());
    let mut replay = Vec::new();
    slotmark::cli::replay(&path, false, &mut replay).unwrap();
    let mut recap = Vec::new();
    slotmark::cli::export_markdown(&path, None, &mut recap).unwrap();
    (
        String::from_utf8(replay).unwrap(),
        String::from_utf8(recap).unwrap(),
    )
}

/// The players' table view's roll lines, newest first.
pub fn table_lines(s: &Session) -> Vec<String> {
    TableView::of(s, 200)
        .rolls
        .into_iter()
        .map(|l| l.text)
        .collect()
}

/// The players' table view as drawn, as text.
pub fn drawn(s: &Session) -> String {
    let view = TableView::of(s, 40);
    let area = Rect::new(0, 0, 200, 50);
    let mut buf = Buffer::empty(area);
    table::draw(&mut buf, area, &view, Theme::plain(), None);
    let mut out = String::new();
    for y in 0..area.height {
        for x in 0..area.width {
            out.push_str(buf[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}

/// Asserts that each of `lines` is in the log, in replay's output and in the recap.
pub fn everywhere(s: &Session, lines: &[&str]) {
    let log = log(s);
    let (replay, recap) = replay_and_recap(s);
    for line in lines {
        assert!(log.contains(line), "the log lacks {line:?}:\n{log}");
        assert!(replay.contains(line), "replay lacks {line:?}:\n{replay}");
        assert!(recap.contains(line), "the recap lacks {line:?}:\n{recap}");
    }
}

/// The players, seeing everyone: their own characters' numbers exactly, a creature's state as
/// the word "hurt" (the table's own lens gives the word from the roster).
pub struct Players {
    party: BTreeSet<u32>,
}

impl Lens for Players {
    fn sees(&self, _: u32) -> bool {
        true
    }
    fn numbers(&self, id: u32) -> Numbers {
        if self.party.contains(&id) {
            Numbers::Exact
        } else {
            Numbers::Word(Some("hurt".into()))
        }
    }
}

pub fn players(s: &Session) -> Players {
    Players {
        party: s
            .state()
            .game
            .roster()
            .into_iter()
            .filter(|g| g.party)
            .flat_map(|g| g.members.into_iter().map(|m| m.id))
            .collect(),
    }
}

/// The last step's lines: as the judge reads them, and as the players do.
pub fn last(s: &Session) -> Vec<(String, String)> {
    let lens = players(s);
    let step = s.cursor().saturating_sub(1);
    s.events(step)
        .iter()
        .map(|e| (e.to_string(), e.line().read(&lens).unwrap_or_default()))
        .collect()
}
