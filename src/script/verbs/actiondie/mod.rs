//! Ruleset `actiondie`'s verbs (the action-die system, rule file 004): sheets, checks and
//! contests, the initiative scene, harm and time. Item, technique and option numbers are typed
//! from 1. Each topic's verbs are in a file of their own; the words they share are read in
//! `read`.

mod fight;
mod harm;
mod read;
mod rolls;
mod sheets;
pub(crate) mod write;

use super::{Entry, Help};
use crate::rules::actiondie::State;

const SHEETS: &str = "Sheets, statuses and items";
const ROLLS: &str = "Checks, contests and the judge's answers";
const FIGHT: &str = "The initiative scene";
const HARM: &str = "Damage, exhaustion and death";
const TIME: &str = "Rest and time";

pub(crate) const HELP: Help = Help {
    groups: &[SHEETS, ROLLS, FIGHT, HARM, TIME],
    intro: "One command per line. Names ignore case and may be shortened while they stay \
            unique; quote names with spaces; items, techniques and options are numbered from 1; \
            abilities are typed as their dice (0, d4 ... d12, 2d6 ... 5d12). # starts a \
            comment.\n",
    notes: "",
};

/// The topics' tables in the order help lists them.
const TOPICS: [&[Entry<State>]; 4] = [sheets::VERBS, rolls::VERBS, fight::VERBS, harm::VERBS];

/// Every verb of ruleset actiondie, in the order help lists them.
pub(crate) const VERBS: &[Entry<State>] = &super::join::<State, { super::count(&TOPICS) }>(&TOPICS);

/// Words a judge may reach for that this ruleset says with another verb, and that verb: the
/// palette's "did you mean" offers it first.
pub(crate) const SYNONYMS: &[(&str, &str)] = &[
    ("heal", "rest"),
    ("cure", "rest"),
    ("hurt", "damage"),
    ("harm", "damage"),
    ("turn", "next"),
];
