//! The verbs of ruleset `phase` (rule file 002).

use super::{Entry, Help};
use crate::rules::phase::State;

/// What `help commands` says around the phase verbs.
pub(crate) const HELP: Help = Help {
    groups: &[],
    intro: "One command per line. Names ignore case and may be shortened while they stay \
            unique; quote names with spaces. # starts a comment.\n",
    notes: "",
};

/// Every verb of ruleset `phase`, in the order help lists them.
pub(crate) const VERBS: &[Entry<State>] = &[];
