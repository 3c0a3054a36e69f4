//! Ruleset `bdp`'s verbs (*Block, Dodge, Parry*, rule file 001): sheets and slots, saves,
//! contests, tasks and the Die of Fate, damage and wounds, needs and the dawn, the turn list.
//! Slot numbers are typed from 1. Each topic's verbs are in a file of their own; the words they
//! share are read in `read`.

mod days;
mod fight;
mod harm;
mod read;
mod rolls;
mod sheets;
pub(crate) mod write;

use super::{Entry, Help};
use crate::rules::bdp::State;

const SHEETS: &str = "Sheets and slots";
const ROLLS: &str = "Saves, tasks and the judge's answers";
const HARM: &str = "Damage, wounds and Fatigue";
const DAYS: &str = "Needs, rest, disease and recovery";
const FIGHT: &str = "The turn list and time";

pub(crate) const HELP: Help = Help {
    groups: &[SHEETS, ROLLS, HARM, DAYS, FIGHT],
    intro: "One command per line. Names ignore case and may be shortened while they stay \
            unique; quote names with spaces; slots are numbered from 1. # starts a comment.\n",
    notes: "",
};

/// The topics' tables in the order help lists them.
const TOPICS: [&[Entry<State>]; 5] = [
    sheets::VERBS,
    rolls::VERBS,
    harm::VERBS,
    fight::VERBS,
    days::VERBS,
];

/// Every verb of ruleset bdp, in the order help lists them.
pub(crate) const VERBS: &[Entry<State>] = &super::join::<State, { super::count(&TOPICS) }>(&TOPICS);

/// Words a judge may reach for that this ruleset says with another verb, and that verb: the
/// palette's "did you mean" offers it first.
pub(crate) const SYNONYMS: &[(&str, &str)] = &[
    ("heal", "breath"),
    ("harm", "damage"),
    ("attack", "damage"),
    ("check", "save"),
    ("turn", "next"),
];
