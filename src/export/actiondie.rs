//! The action-die system in words: each sheet for `show`, with every field the screen's sheet
//! panel has (the same lines, from `rules::actiondie::sheet_lines`).

use crate::rules::actiondie::{Character, Side, State, sheet_lines};
use crate::session::Session;

/// One character's sheet, a field to a line.
pub fn sheet(state: &State, c: &Character) -> String {
    let side = match c.side {
        Side::Pc => "character",
        Side::Creature => "creature",
    };
    let mut o = format!("{} ({side})\n", c.name);
    for (label, text) in sheet_lines(state, c) {
        o.push_str(&format!("  {:<10} {text}\n", label.trim()));
    }
    o
}

/// `show` for an actiondie session: the overview the read models give, then every sheet; or
/// one character's sheet.
pub(super) fn show(session: &Session, character: Option<&str>) -> Result<String, String> {
    super::sheets_after_overview::<State>(session, character, sheet)
}
