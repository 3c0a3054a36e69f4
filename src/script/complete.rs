//! Completion for a partly typed line: the verbs, or what the verb's own completer says it
//! expects at the word being typed.

use super::lexer::{Token, lex, quote};
use super::verbs;
use crate::content::{Library, squash};
use crate::session::SessionState;

/// What can complete the word under the cursor (the last one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Completion {
    /// Byte offset in the line where the word being completed starts.
    pub start: usize,
    /// Replacements for that word, quoted where needed.
    pub words: Vec<String>,
}

/// Completions for the last word of `line`.
pub fn completions(line: &str, state: &SessionState, library: &Library) -> Completion {
    let lexed = lex(line);
    let mut tokens = lexed.tokens;
    let ends_in_space = lexed.open_quote.is_none()
        && line.chars().last().is_none_or(char::is_whitespace)
        && !line.trim_start().starts_with('#');
    let (start, prefix) = if ends_in_space || tokens.is_empty() {
        (line.len(), String::new())
    } else {
        let last = tokens.pop().unwrap_or_else(|| Token {
            text: String::new(),
            column: 1,
            end: 0,
            quoted: false,
        });
        let start = line
            .char_indices()
            .nth(last.column - 1)
            .map_or(line.len(), |(i, _)| i);
        (start, last.text)
    };
    let candidates: Vec<String> = if tokens.is_empty() {
        verbs::verbs(state.ruleset())
            .iter()
            .map(|v| v.name.to_string())
            .collect()
    } else {
        verbs::expected(&tokens[0].text, &tokens[1..], state, library)
    };
    let want = prefix.to_lowercase();
    let squashed = squash(&prefix);
    let mut words: Vec<String> = Vec::new();
    for c in candidates {
        let fits = c.to_lowercase().starts_with(&want) || squash(&c).starts_with(&squashed);
        let q = quote(&c);
        if fits && !words.contains(&q) {
            words.push(q);
        }
    }
    Completion { start, words }
}
