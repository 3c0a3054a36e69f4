//! Ruleset `ap`'s verbs (the action-point Cairn hack, rule file 003).

use super::{Entry, Help};
use crate::rules::ap::State;

const SHEETS: &str = "Sheets and items";

pub(crate) const HELP: Help = Help {
    groups: &[SHEETS],
    intro: "One command per line. Names ignore case and may be shortened while they stay \
            unique; quote names with spaces. # starts a comment.\n",
    notes: "",
};

pub(crate) const VERBS: &[Entry<State>] = &[];
