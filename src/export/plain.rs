//! The plain tracker in words: `show` gives the overview the read models give, then each sheet
//! with every field of the screen's sheet panel (the same lines, from `rules::plain::sheet_lines`).

use crate::rules::plain::{Character, State, sheet_lines};
use crate::session::Session;

/// One character's sheet, a field to a line.
pub fn sheet(st: &State, c: &Character) -> String {
    let mut o = format!("{}\n", c.name);
    for (label, value) in sheet_lines(st, c) {
        o.push_str(&format!("  {label:<10} {value}\n"));
    }
    o
}

/// `show` for a plain session: the overview, then every sheet; or one character's sheet.
pub(super) fn show(session: &Session, character: Option<&str>) -> Result<String, String> {
    super::sheets_after_overview::<State>(session, character, sheet)
}
