//! Ruleset `ap`'s commands written as its verbs read them (see [`crate::script::write`]): the
//! other way round from this folder's parsers. So far the judge's answers and the turn; every
//! other command is written as data by the caller, which reads back exactly.

use crate::rules::ap::{Command as C, State};

/// The words for `command` against `st` (the state before it), or `None` where no verb
/// spells it.
pub(crate) fn write(command: &C, st: &State) -> Option<String> {
    let _ = st;
    Some(match command {
        C::Accept => "accept".into(),
        C::Rule { pass } => format!("rule {}", if *pass { "pass" } else { "fail" }),
        C::Choose { option } => format!("choose {}", option + 1),
        C::Cancel => "cancel".into(),
        C::Next => "next".into(),
        C::EndFight => "end".into(),
        _ => return None,
    })
}
