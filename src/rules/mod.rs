//! The ruleset seam. The engine (session, log, store) and the screen frame see only the types
//! here; each ruleset lives in its own module behind them. A session file records which ruleset
//! it uses through the variant names of these externally tagged enums.
//!
//! Today there is one ruleset, the d12 slot system (rule file 000, `slots`). A later ruleset adds
//! a variant to each enum below and a match arm in [`apply`].

pub mod slots;

use crate::dice::{DiceError, DiceSource};
use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// Which ruleset a session plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RulesetId {
    Slots,
}

impl RulesetId {
    pub const ALL: [RulesetId; 1] = [RulesetId::Slots];

    /// The short name used on the command line (`--rules slots`).
    pub fn key(self) -> &'static str {
        match self {
            RulesetId::Slots => "slots",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            RulesetId::Slots => "d12 slot system",
        }
    }

    pub fn from_key(key: &str) -> Option<RulesetId> {
        RulesetId::ALL
            .into_iter()
            .find(|r| r.key().eq_ignore_ascii_case(key))
    }
}

impl fmt::Display for RulesetId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameState {
    Slots(slots::State),
}

impl GameState {
    pub fn new(ruleset: RulesetId) -> Self {
        match ruleset {
            RulesetId::Slots => GameState::Slots(slots::State::default()),
        }
    }

    pub fn ruleset(&self) -> RulesetId {
        match self {
            GameState::Slots(_) => RulesetId::Slots,
        }
    }

    /// Is this a state the rules could have built? For states read from a file; says what is
    /// wrong in words when not.
    pub fn check(&self) -> Result<(), String> {
        match self {
            GameState::Slots(s) => s.check(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameCommand {
    Slots(slots::Command),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameEvent {
    Slots(slots::Event),
}

impl fmt::Display for GameEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameEvent::Slots(e) => e.fmt(f),
        }
    }
}

/// Why a command was refused. The message is for the judge: plain words, no jargon.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuleError {
    #[error("{0}")]
    Invalid(String),
    #[error(transparent)]
    Dice(#[from] DiceError),
}

impl RuleError {
    pub fn invalid(msg: impl Into<String>) -> Self {
        RuleError::Invalid(msg.into())
    }
}

/// Applies one command. On error the state may be partly changed: the session applies commands
/// to a copy and keeps it only on success, so rules code may check as it goes.
pub fn apply(
    state: &mut GameState,
    command: &GameCommand,
    dice: &mut dyn DiceSource,
) -> Result<Vec<GameEvent>, RuleError> {
    match (state, command) {
        (GameState::Slots(s), GameCommand::Slots(c)) => Ok(slots::apply(s, c, dice)?
            .into_iter()
            .map(GameEvent::Slots)
            .collect()),
    }
}
