//! Ruleset `actiondie`'s verbs (the action-die system, rule file 004).

use super::{Entry, Help};
use crate::rules::actiondie::State;

pub(crate) const HELP: Help = Help {
    groups: &[],
    intro: "One command per line. Names ignore case and may be shortened while they stay \
            unique; quote names with spaces. # starts a comment.\n",
    notes: "",
};

/// Every verb of ruleset actiondie, in the order help lists them.
pub(crate) const VERBS: &[Entry<State>] = &[];
