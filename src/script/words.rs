//! The cursor every verb reads its words through: the tokens of one line, what was expected
//! when a word is missing or wrong (with its column), and the readers every ruleset's verbs share
//! (numbers, yes or no, the rest of the line as text). A ruleset's verbs add their own readers on
//! top (names of its characters, its slots).

use super::ScriptError;
use super::lexer::Token;
use super::verbs::Verb;
use crate::content::{Library, LookupError};

pub(crate) type R<T> = Result<T, ScriptError>;

/// One line's words being read by one verb.
pub struct Words<'a> {
    pub(crate) tokens: Vec<Token>,
    /// The next word to read (the verb is word 0).
    pub(crate) pos: usize,
    /// The column just past the line's end, where "expected ... here" points.
    pub(crate) eol: usize,
    pub(crate) line: &'a str,
    pub(crate) library: &'a Library,
    pub(crate) verb: Verb,
}

/// Is this word, unquoted, one of `words` (any case)?
pub(crate) fn is(token: &Token, words: &[&str]) -> bool {
    !token.quoted && words.iter().any(|w| w.eq_ignore_ascii_case(&token.text))
}

pub(crate) const ON: &[&str] = &["on", "yes", "y", "true"];
pub(crate) const OFF: &[&str] = &["off", "no", "n", "false"];

pub(crate) fn lookup_err(token: &Token, e: LookupError) -> ScriptError {
    ScriptError::at(token.column, e.to_string())
}

impl Words<'_> {
    pub(crate) fn usage(&self) -> String {
        format!("usage: {}", self.verb.usage)
    }
    pub(crate) fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos)
    }
    pub(crate) fn at_end(&self) -> bool {
        self.pos >= self.tokens.len()
    }
    /// The next word, or an error at the end of the line saying what was expected.
    pub(crate) fn next(&mut self, expected: &str) -> R<Token> {
        match self.tokens.get(self.pos) {
            Some(t) => {
                self.pos += 1;
                Ok(t.clone())
            }
            None => Err(ScriptError::at(
                self.eol,
                format!("expected {expected} here; {}", self.usage()),
            )),
        }
    }
    /// Consumes the next word when it is one of `words`.
    pub(crate) fn eat(&mut self, words: &[&str]) -> bool {
        if self.peek().is_some_and(|t| is(t, words)) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    pub(crate) fn finish(&self) -> R<()> {
        match self.peek() {
            None => Ok(()),
            Some(t) => Err(ScriptError::at(
                t.column,
                format!(
                    "did not expect '{}' here; expected the end of the line; {}",
                    t.text,
                    self.usage()
                ),
            )),
        }
    }
    pub(crate) fn number<T: std::str::FromStr>(&mut self, expected: &str) -> R<T> {
        let token = self.next(expected)?;
        token.text.parse().map_err(|_| {
            ScriptError::at(
                token.column,
                format!("expected {expected}, found '{}'", token.text),
            )
        })
    }
    pub(crate) fn yes_no(&mut self, expected: &str) -> R<bool> {
        let token = self.next(expected)?;
        if is(&token, ON) {
            Ok(true)
        } else if is(&token, OFF) {
            Ok(false)
        } else {
            Err(ScriptError::at(
                token.column,
                format!("expected {expected}, found '{}'", token.text),
            ))
        }
    }
    /// An optional trailing on/off: absent means on.
    pub(crate) fn on_off(&mut self) -> R<bool> {
        if self.at_end() {
            Ok(true)
        } else {
            self.yes_no("on or off")
        }
    }
    /// Every word left, as typed (one quoted word loses its quotes).
    pub(crate) fn rest_text(&mut self, expected: &str) -> R<String> {
        let Some(first) = self.peek().cloned() else {
            return Err(ScriptError::at(
                self.eol,
                format!("expected {expected} here; {}", self.usage()),
            ));
        };
        let last = self.tokens[self.tokens.len() - 1].clone();
        let words = self.tokens.len() - self.pos;
        self.pos = self.tokens.len();
        if words == 1 {
            return Ok(first.text);
        }
        Ok(self
            .line
            .chars()
            .skip(first.column - 1)
            .take(last.end + 1 - first.column)
            .collect())
    }
    /// Words up to (not including) the first that `stop` accepts, joined with single spaces.
    pub(crate) fn text_until(
        &mut self,
        expected: &str,
        stop: impl Fn(&Token) -> bool,
    ) -> R<String> {
        let mut words = Vec::new();
        while let Some(t) = self.peek() {
            if stop(t) && !words.is_empty() {
                break;
            }
            words.push(t.text.clone());
            self.pos += 1;
        }
        if words.is_empty() {
            return Err(ScriptError::at(
                self.eol,
                format!("expected {expected} here; {}", self.usage()),
            ));
        }
        Ok(words.join(" "))
    }
}
