//! Who fights, shared by every ruleset's screen: the checklist a fight starts from, with the
//! frame's proposal ticked (the party and the creatures it meets: in the slot system those in
//! or next to its zones, elsewhere the first encounter not yet fought; see
//! `SessionState::proposal`), and the question `c` puts before a fight ends. The judge ticks
//! anyone in or out before the fight starts; the command that starts it names whom it takes
//! and brings them into the players' sight in the same step, so the log, an undo and a replay
//! keep it whole.

use super::forms::{self, Purpose};
use crate::tui::form::{Field, Form};
use crate::tui::host::Main;

/// The checklist's field id.
pub const FIELD: &str = "fighters";

/// The note every fight form carries under its title.
pub const NOTE: &str = "Ticked: the party and whom it meets. Space ticks, ←/→ move; Enter \
                        starts the fight, the creatures ticked in the players' sight.";

/// The note of the fight form in front of the judge now: [`NOTE`], and the encounter the
/// ticked creatures come from.
pub fn note(m: &Main) -> String {
    match m.session.state().proposal().encounter {
        Some(e) => format!("{NOTE} Met: {e}."),
        None => NOTE.to_string(),
    }
}

/// Everyone on the roster who could fight, the proposed first in the ruleset's order (the
/// order a fight takes them in) and ticked, then the rest in the roster's order: the dead are
/// left out, one out of action or unseen says so.
pub fn field(m: &Main) -> Field {
    let state = m.session.state();
    let unseen = m.unseen();
    let proposed = state.proposal().who;
    let roster = state.game.roster();
    let members: Vec<_> = roster.iter().flat_map(|g| &g.members).collect();
    let label = |id: u32| {
        let entry = members.iter().find(|e| e.id == id);
        let name = entry.map_or_else(|| format!("#{id}"), |e| e.name.clone());
        if entry.is_some_and(|e| !e.standing()) {
            format!("{name} (out of action)")
        } else if unseen.contains(&id) {
            format!("{name} (unseen)")
        } else {
            name
        }
    };
    let mut options: Vec<(String, u32)> = proposed.iter().map(|&id| (label(id), id)).collect();
    let mut on = vec![true; options.len()];
    for e in &members {
        // The out of action are never ticked, but listed: the judge may take one in.
        if !e.dead && !proposed.contains(&e.id) {
            options.push((label(e.id), e.id));
            on.push(false);
        }
    }
    Field::multi(FIELD, "Who fights", options, on)
}

/// The fighters ticked, in the checklist's order, or what to fix.
pub fn chosen<P>(form: &Form<P>) -> Result<Vec<u32>, String> {
    let who = form.multi(FIELD);
    if who.is_empty() {
        Err("tick who fights (Space)".into())
    } else {
        Ok(who)
    }
}

/// What `c` does on a screen whose dialogs are forms: in a fight, the question before it ends;
/// else the checklist titled `title` a new fight starts from, its note the shared one followed
/// by what the ruleset adds (`more`, when it says anything).
pub fn open<P: Purpose + 'static>(m: &mut Main, title: &str, more: &str, start: P, end: P) -> bool {
    let form = if m.session.state().game.initiative().is_some() {
        end_form(end, Vec::new())
    } else {
        let note = if more.is_empty() {
            note(m)
        } else {
            format!("{} {more}", note(m))
        };
        Form::new(title, start, vec![field(m)]).with_note(note)
    };
    forms::show(m, form);
    true
}

/// The question before a fight ends: `y` or Enter ends it, Esc keeps it going. `fields` are
/// what the ruleset asks on the way out (the slot system's senses), if anything.
pub fn end_form<P>(purpose: P, fields: Vec<Field>) -> Form<P> {
    let mut form = Form::new("End the fight?", purpose, fields)
        .with_note("y or Enter ends the fight; Esc keeps it going.");
    form.yes = true;
    form
}
