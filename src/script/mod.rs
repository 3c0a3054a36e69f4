//! The text command language: one line, one command. Used by the screen's `:` palette and by
//! `slotmark run`, with the same parser and the same errors.
//!
//! A line is a verb and its words (`check Aria terrain adv`). Names of characters, zones, items,
//! kits and creatures ignore case, ignore spaces and dashes (`goblin2` is "Goblin 2") and may be
//! cut short while they stay unique; quotes keep words together. `#` starts a comment. Parsing
//! never changes anything: it turns text into a [`Line`], resolving names against the state, and
//! the session applies it (or refuses it) afterwards. [`help_text`] lists every verb.

mod complete;
mod demo;
pub mod lexer;
pub mod offers;
mod verbs;
mod words;
pub mod write;

pub use complete::{Completion, completions};
pub use demo::{build as build_demo, demo, demo_for, has_demo, try_demo, try_demo_for};
pub use verbs::{Typed, Verb, framed, synonyms, verbs};
pub use words::Words;
pub use write::{Form, Written, write, write_in};

use crate::content::{self, Library};
use crate::session::{Command, SessionState};
use std::fmt;
use thiserror::Error;

/// A parsed line: a session command, or a move of the log cursor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    Command(Command),
    Undo,
    Redo,
    /// Save the whole session as a new file at this path and carry on there (the screen's way
    /// out when its own file cannot be written).
    SaveAs(String),
    /// A blank line or a comment.
    Nothing,
}

/// A line that could not be read: what was expected, and where (a 1-based column).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{message}")]
pub struct ScriptError {
    pub message: String,
    pub column: Option<usize>,
}

impl ScriptError {
    pub fn at(column: usize, message: impl Into<String>) -> Self {
        ScriptError {
            message: message.into(),
            column: Some(column),
        }
    }

    /// The error with its column in front ("column 7: ..."), for places that show one line.
    pub fn located(&self) -> Located<'_> {
        Located(self)
    }
}

/// Shows a [`ScriptError`] as "column N: message".
pub struct Located<'a>(&'a ScriptError);

impl fmt::Display for Located<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.column {
            Some(c) => write!(f, "column {c}: {}", self.0.message),
            None => f.write_str(&self.0.message),
        }
    }
}

/// Parses one line against the current state (names resolve to characters and zones). Items,
/// kits and creatures come from the active library ([`content::active`]).
pub fn parse_line(line: &str, state: &SessionState) -> Result<Line, ScriptError> {
    parse_line_in(line, state, content::active())
}

/// [`parse_line`] with an explicit library.
pub fn parse_line_in(
    line: &str,
    state: &SessionState,
    library: &Library,
) -> Result<Line, ScriptError> {
    if let Some(data) = write::read_data(line) {
        return data;
    }
    let lexed = lexer::lex_strict(line)?;
    if lexed.tokens.is_empty() {
        return Ok(Line::Nothing);
    }
    verbs::parse(line, lexed, state, library)
}

/// Completions for a partly typed line: each is the whole line with its last word completed
/// (names quoted when they hold spaces), ready to replace what was typed. Verbs first, then
/// names, slots, kinds and options as the verb expects them.
pub fn complete(line: &str, state: &SessionState) -> Vec<String> {
    let c = completions(line, state, content::active());
    c.words
        .iter()
        .map(|w| format!("{}{}", &line[..c.start], w))
        .collect()
}

/// Every command of the slot system and the frame with a one-line description and an example.
pub fn help_text() -> String {
    verbs::help_text(crate::rules::RulesetId::Slots)
}

/// Every command a session of `ruleset` understands, with a description and an example.
pub fn help_text_for(ruleset: crate::rules::RulesetId) -> String {
    verbs::help_text(ruleset)
}
