//! The other way round from parsing: a command written as a line of the command language, so
//! what `slotmark replay` prints can be pasted back into `slotmark run` and does the same.
//!
//! Each ruleset's writer sits next to its parser (`verbs/<ruleset>/write.rs`), the frame's next to
//! the frame's verbs. A writer may only offer words: [`write_in`] keeps them when they read back to
//! the very same command against the same state, and otherwise (a party joining with its sheets,
//! a command no writer spells yet) writes the command's data instead, as `data` and the command in
//! RON on one line, which the parser reads back exactly.

use super::{Line, ScriptError, parse_line_in, verbs};
use crate::content::{self, Library};
use crate::session::{Command, SessionState};

/// The verb of the data form: `data` and a command in RON.
pub const DATA_VERB: &str = "data";

/// How a command came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// The verbs a judge types.
    Words,
    /// `data` and the command in RON.
    Data,
}

/// A command as one line of the command language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    pub text: String,
    pub form: Form,
}

/// Writes `command` as a line that [`parse_line`](super::parse_line) reads back to it against
/// `state` (the state before the command), with the active library.
pub fn write(command: &Command, state: &SessionState) -> Written {
    write_in(command, state, content::active())
}

/// [`write`] with an explicit library.
pub fn write_in(command: &Command, state: &SessionState, library: &Library) -> Written {
    if let Some(text) = verbs::write(command, &state.game, library)
        && matches!(parse_line_in(&text, state, library), Ok(Line::Command(c)) if c == *command)
    {
        return Written {
            text,
            form: Form::Words,
        };
    }
    let text = match ron::to_string(command) {
        Ok(data) => format!("{DATA_VERB} {data}"),
        // Serializing a command cannot fail (the log is written the same way); should it ever,
        // the line says so as a comment rather than as a wrong command.
        Err(e) => format!("# this step cannot be written: {e}"),
    };
    Written {
        text,
        form: Form::Data,
    }
}

/// Reads the data form when `line` is one (`data` and a command in RON). The RON is read as it
/// stands, before any word splitting, so text inside it may hold quotes and `#`.
pub(crate) fn read_data(line: &str) -> Option<Result<Line, ScriptError>> {
    let trimmed = line.trim_start();
    let verb_end = trimmed.find(char::is_whitespace).unwrap_or(trimmed.len());
    if !trimmed[..verb_end].eq_ignore_ascii_case(DATA_VERB) {
        return None;
    }
    let column = line.len() - trimmed.len() + verb_end + 2;
    let body = trimmed[verb_end..].trim();
    if body.is_empty() {
        return Some(Err(ScriptError::at(
            column - 1,
            "expected a command in RON here (as `slotmark replay` writes it); usage: data COMMAND",
        )));
    }
    Some(
        ron::from_str::<Command>(body)
            .map(Line::Command)
            .map_err(|e| {
                ScriptError::at(
                    column,
                    format!("this is not a command written as data: {e}"),
                )
            }),
    )
}

/// The names of `ids` among `all` (each read as its id and name by `id_name`), quoted where a
/// name must be and joined by spaces; `None` when one is not there.
pub(crate) fn names<T>(
    all: &[T],
    ids: &[u32],
    id_name: impl Fn(&T) -> (u32, &str),
) -> Option<String> {
    let names: Option<Vec<String>> = ids
        .iter()
        .map(|&id| {
            all.iter()
                .map(&id_name)
                .find(|(i, _)| *i == id)
                .map(|(_, name)| super::lexer::quote(name))
        })
        .collect();
    Some(names?.join(" "))
}

/// The words that mark what a thing has and its base (the list's entry of that name) lacks,
/// each after a space, from `(has, base has, word)`; `None` when the base has a mark the thing
/// lacks, as no word takes one away.
pub(crate) fn added_words(marks: &[(bool, bool, &str)]) -> Option<String> {
    let mut words = String::new();
    for &(on, was, word) in marks {
        match (on, was) {
            (true, false) => words.push_str(word),
            (false, true) => return None,
            _ => {}
        }
    }
    Some(words)
}

/// Free text (a note, a title, what a roll is for) as the last words of a line: as typed when
/// it reads back the same, in quotes otherwise.
pub(crate) fn free_text(text: &str) -> String {
    let plain = !text.is_empty()
        && text == text.trim()
        && !text
            .chars()
            .any(|c| c == '#' || c == '"' || c == '\'' || c == '\\' || c.is_control());
    if plain {
        text.to_string()
    } else {
        super::lexer::quote(text)
    }
}
