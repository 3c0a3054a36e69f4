//! The action-point rules in words: each sheet for `show`, with every field of the screen's sheet
//! panel (the same lines, from `rules::ap::sheet_lines`), and the items dropped in the scene.

use crate::rules::ap::{Character, Kind, State, sheet_lines};
use crate::session::Session;

/// One creature's sheet, a field to a line.
pub fn sheet(c: &Character, st: &State) -> String {
    let kind = match c.kind {
        Kind::Pc => "PC",
        Kind::Npc => "NPC",
    };
    let mut o = format!("{} ({kind}, {})\n", c.name, c.group);
    for (k, v) in sheet_lines(c, st) {
        if k.is_empty() {
            o.push_str(&format!("  {:<8} {v}\n", ""));
        } else {
            o.push_str(&format!("  {k:<8} {v}\n"));
        }
    }
    o
}

/// `show` for an ap session: the overview the read models give, then every sheet; or one
/// creature's sheet.
pub(super) fn show(session: &Session, character: Option<&str>) -> Result<String, String> {
    let overview = |st: &State| {
        let mut o = super::show_from_read_models(session, None)?;
        if !st.dropped.is_empty() {
            let dropped: Vec<String> = st
                .dropped
                .iter()
                .map(|(who, item)| format!("{item} (by {who})"))
                .collect();
            o.push_str(&format!("Dropped in the scene: {}\n", dropped.join(", ")));
        }
        Ok(o)
    };
    super::sheets_or_one(session, character, overview, |st, c| sheet(c, st))
}
