//! Ruleset `slots`'s commands written as its verbs read them (see [`crate::script::write`]): the
//! other way round from this folder's parsers. So far the judge's answers; every other command
//! is written as data by the caller, which reads back exactly.

use crate::rules::slots::{Command as C, State, Verdict};

/// The words for `command` against `st` (the state before it), or `None` where no verb
/// spells it.
pub(crate) fn write(command: &C, st: &State) -> Option<String> {
    let _ = st;
    Some(match command {
        C::Accept => "accept".into(),
        C::Override { verdict } => format!(
            "override {}",
            match verdict {
                Verdict::Pass => "pass",
                Verdict::Fail => "fail",
            }
        ),
        C::ChooseSlot { slot } => format!("slot {slot}"),
        C::RuleBlocks { blocks } => format!("blocks {}", if *blocks { "yes" } else { "no" }),
        C::Cancel => "cancel".into(),
        _ => return None,
    })
}
