//! The action-die system in words: each sheet for `show`, with every field the screen's sheet
//! panel has (the same lines, from `rules::actiondie::sheet_lines`).

use crate::content::find_by_name;
use crate::rules::actiondie::{Character, Side, State, sheet_lines};
use crate::session::Session;

fn state_of(session: &Session) -> Option<&State> {
    match &session.state().game {
        crate::rules::GameState::ActionDie(s) => Some(s),
        #[allow(unreachable_patterns)]
        _ => None,
    }
}

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
    let Some(st) = state_of(session) else {
        return Ok(String::new());
    };
    if let Some(name) = character {
        let c = find_by_name(&st.characters, |c| &c.name, name, "character")
            .map_err(|e| e.to_string())?;
        return Ok(sheet(st, c));
    }
    let mut o = super::show_from_read_models(session, None)?;
    for c in &st.characters {
        o.push('\n');
        o.push_str(&sheet(st, c));
    }
    Ok(o)
}
