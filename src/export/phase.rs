//! The phased Knave-style rules in words: each sheet for `show`, with every field the screen's
//! sheet panel has (the same lines, from `rules::phase::sheet_lines`), and what the world keeps
//! beyond the sheets (the wandering tables, the stored clue, what lies in the scene).

use crate::rules::phase::{Character, State, sheet_lines, world_lines};
use crate::session::Session;

/// Labelled lines, the label in a column of its own.
fn labelled(o: &mut String, lines: Vec<(String, String)>) {
    for (label, value) in lines {
        o.push_str(&format!("  {label:<10} {value}\n"));
    }
}

/// One character's sheet, a field to a line.
pub fn sheet(c: &Character, dungeon: bool, now: u32) -> String {
    let fate = if c.dead {
        ", DEAD"
    } else if c.fled {
        ", fled"
    } else {
        ""
    };
    let mut o = format!("{} ({}, {}{fate})\n", c.name, c.kind.word(), c.side.word());
    labelled(&mut o, sheet_lines(c, dungeon, now));
    o
}

/// `show` for a phase session: the overview the read models give, what the world keeps, then
/// every sheet; or one character's sheet.
pub(super) fn show(session: &Session, character: Option<&str>) -> Result<String, String> {
    let overview = |st: &State| {
        let mut o = super::show_from_read_models(session, None)?;
        let world = world_lines(st);
        if !world.is_empty() {
            o.push_str("\nWorld\n");
            labelled(&mut o, world);
        }
        Ok(o)
    };
    super::sheets_or_one(session, character, overview, |st: &State, c| {
        sheet(c, st.dungeon(), st.world.turn)
    })
}
