//! The text command language: one line, one command. Used by the screen's `:` palette and by
//! `slotmark run`, with the same parser and the same errors.

use crate::session::{Command, SessionState};
use thiserror::Error;

/// A parsed line: a session command, or a move of the log cursor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    Command(Command),
    Undo,
    Redo,
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

/// Parses one line against the current state (names resolve to characters and zones).
pub fn parse_line(_line: &str, _state: &SessionState) -> Result<Line, ScriptError> {
    Err(ScriptError {
        message: "the command language is not available yet".into(),
        column: None,
    })
}

/// Completions for a partly typed line.
pub fn complete(_line: &str, _state: &SessionState) -> Vec<String> {
    Vec::new()
}

/// Every command with a one-line description and an example.
pub fn help_text() -> String {
    String::new()
}
