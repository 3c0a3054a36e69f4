//! The kinds of roll a judge may keep from the players by default: words every ruleset shares,
//! so the frame can keep a session's choice without naming a ruleset's commands.

use serde::{Deserialize, Serialize};
use std::fmt;

/// What a roll is for, as the judge thinks of it when choosing which rolls the table sees.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum RollKind {
    /// A check, task or test of a character.
    Check,
    /// A save against harm.
    Save,
    /// An attack, its hit and its defence.
    Attack,
    /// Damage rolled.
    Damage,
    /// The encounter or wandering-monster dice the clock brings.
    Encounter,
    /// How strangers react when met.
    Reaction,
    /// Whether creatures keep fighting.
    Morale,
    /// Who acts first.
    Initiative,
    /// Any other roll: the judge's own, a random table.
    Other,
}

impl RollKind {
    pub const ALL: [RollKind; 9] = [
        RollKind::Check,
        RollKind::Save,
        RollKind::Attack,
        RollKind::Damage,
        RollKind::Encounter,
        RollKind::Reaction,
        RollKind::Morale,
        RollKind::Initiative,
        RollKind::Other,
    ];

    /// The kinds kept secret in a new session: what the players' characters could not know.
    pub const SECRET_OUT_OF_THE_BOX: [RollKind; 2] = [RollKind::Encounter, RollKind::Reaction];

    pub fn word(self) -> &'static str {
        match self {
            RollKind::Check => "check",
            RollKind::Save => "save",
            RollKind::Attack => "attack",
            RollKind::Damage => "damage",
            RollKind::Encounter => "encounter",
            RollKind::Reaction => "reaction",
            RollKind::Morale => "morale",
            RollKind::Initiative => "initiative",
            RollKind::Other => "other",
        }
    }

    /// The kind a word names (its word, or "wandering" for the encounter dice).
    pub fn from_word(word: &str) -> Option<RollKind> {
        let word = word.to_ascii_lowercase();
        if word == "wandering" || word == "encounters" {
            return Some(RollKind::Encounter);
        }
        RollKind::ALL
            .into_iter()
            .find(|k| k.word() == word || format!("{}s", k.word()) == word)
    }
}

impl fmt::Display for RollKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}
