//! Ruleset `actiondie`'s commands written as its verbs read them (see [`crate::script::write`]): the
//! other way round from this folder's parsers.

use crate::rules::actiondie::{Command as C, State};

/// The words for `command` against `st` (the state before it), or `None` where no verb
/// spells it.
pub(crate) fn write(command: &C, st: &State) -> Option<String> {
    let _ = (command, st);
    None
}
