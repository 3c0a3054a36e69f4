//! The secret switch every roll form carries, shared by every ruleset's screen: set before the
//! dice are drawn, so a roll kept from the players never reaches their table view. It starts as
//! the session keeps that kind of roll (`secret default`, the kinds of `rules::kind`); ticked,
//! the step is made secret before the roll is logged; unticked for a kind kept secret by
//! default, the roll is shown. Nothing is logged until the form's command runs, so a form given
//! up with Esc leaves everything as it was.

use crate::rules::RollKind;
use crate::tui::form::{Field, Form};
use crate::tui::host::Main;

/// The switch's field id.
pub const FIELD: &str = "secret";

/// The switch for a roll of `kind`, on when the session keeps that kind secret by default.
pub fn field(m: &Main, kind: RollKind) -> Field {
    let on = m.session.state().veil.secret_kinds.contains(&kind);
    Field::toggle(FIELD, "Secret from the players", on)
}

/// Puts the switch last on a form whose command rolls `kind`, unless it has one.
pub fn add<P>(m: &Main, form: &mut Form<P>, kind: Option<RollKind>) {
    if let Some(kind) = kind
        && form.fields.iter().all(|f| f.id != FIELD)
    {
        form.fields.push(field(m, kind));
    }
}

/// Before the form's command runs: a switch set otherwise than the session keeps a roll of
/// `kind` arms the secret (or the showing) of the roll it makes; left as it started, the kinds
/// kept secret by default do it without a step of their own. A form without the switch leaves
/// the judge's own choice (a re-roll) alone.
pub fn arm<P>(m: &mut Main, form: &Form<P>, kind: Option<RollKind>) {
    if let Some(kind) = kind
        && form.fields.iter().any(|f| f.id == FIELD)
    {
        let on = form.toggle(FIELD);
        let by_default = m.session.state().veil.secret_kinds.contains(&kind);
        m.secret_next = on && !by_default;
        m.show_next = !on && by_default;
    }
}

/// After the form's command ran or was refused: nothing stays armed for a later roll.
pub fn disarm(m: &mut Main) {
    m.secret_next = false;
    m.show_next = false;
}
