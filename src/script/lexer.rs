//! Splitting a line into words. Written by hand rather than borrowed so every word keeps the
//! column it started at: errors point at the word that was wrong.

use super::ScriptError;

/// One word of a line, unquoted, with the 1-based column (in characters) where it began.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub text: String,
    pub column: usize,
    /// The column of the word's last character (quotes included).
    pub end: usize,
    /// Was any part of it quoted? A quoted word is never read as a keyword or a comment.
    pub quoted: bool,
}

/// What tokenizing gives: the words, and whether the line ended inside an open quote (which
/// completion tolerates and parsing refuses).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lexed {
    pub tokens: Vec<Token>,
    pub open_quote: Option<usize>,
}

impl Lexed {
    /// The column just past the last word: where a missing word was expected.
    pub fn eol(&self) -> usize {
        self.tokens.last().map_or(1, |t| t.end + 1)
    }
}

/// Splits on whitespace. Double or single quotes at the start of a word group words
/// ("Goblin 1"); a backslash inside double quotes escapes the next character. An unquoted word that starts with `#` begins a
/// comment that runs to the end of the line.
pub fn lex(line: &str) -> Lexed {
    let chars: Vec<char> = line.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    let mut open_quote = None;
    while i < chars.len() {
        if chars[i].is_whitespace() {
            i += 1;
            continue;
        }
        if chars[i] == '#' {
            break;
        }
        let start = i;
        let mut text = String::new();
        let mut quoted = false;
        while i < chars.len() && !chars[i].is_whitespace() {
            let c = chars[i];
            // Quotes open only at the start of a word, so miller's and O'Neil read as typed.
            if (c == '"' || c == '\'') && i == start {
                quoted = true;
                let quote = c;
                let opened_at = i;
                i += 1;
                let mut closed = false;
                while i < chars.len() {
                    let d = chars[i];
                    if d == quote {
                        closed = true;
                        i += 1;
                        break;
                    }
                    if d == '\\' && quote == '"' && i + 1 < chars.len() {
                        text.push(chars[i + 1]);
                        i += 2;
                        continue;
                    }
                    text.push(d);
                    i += 1;
                }
                if !closed {
                    open_quote = Some(opened_at + 1);
                }
            } else {
                text.push(c);
                i += 1;
            }
        }
        tokens.push(Token {
            text,
            column: start + 1,
            end: i,
            quoted,
        });
    }
    Lexed { tokens, open_quote }
}

/// Tokenizes for parsing: an unclosed quote is an error.
pub fn lex_strict(line: &str) -> Result<Lexed, ScriptError> {
    let lexed = lex(line);
    if let Some(column) = lexed.open_quote {
        return Err(ScriptError::at(
            column,
            "this quote is never closed; expected a closing quote before the end of the line",
        ));
    }
    Ok(lexed)
}

/// Quotes a name for a command line when it needs it (spaces, quotes, a leading #).
pub fn quote(name: &str) -> String {
    let plain = !name.is_empty()
        && !name.starts_with('#')
        && !name
            .chars()
            .any(|c| c.is_whitespace() || c == '"' || c == '\'' || c == '\\');
    if plain {
        name.to_string()
    } else {
        let escaped = name.replace('\\', "\\\\").replace('"', "\\\"");
        format!("\"{escaped}\"")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<(String, usize)> {
        lex(line)
            .tokens
            .into_iter()
            .map(|t| (t.text, t.column))
            .collect()
    }

    #[test]
    fn splits_on_spaces_and_keeps_columns() {
        assert_eq!(
            words("  check Aria  terrain"),
            vec![
                ("check".into(), 3),
                ("Aria".into(), 9),
                ("terrain".into(), 15)
            ]
        );
    }

    #[test]
    fn quotes_group_words_and_comments_end_the_line() {
        assert_eq!(
            words(r#"attack "Goblin 1" 'Old Bob' # a comment"#),
            vec![
                ("attack".into(), 1),
                ("Goblin 1".into(), 8),
                ("Old Bob".into(), 19)
            ]
        );
        assert_eq!(
            words("note \"#1 fan\""),
            vec![("note".into(), 1), ("#1 fan".into(), 6)]
        );
        assert!(words("# only a comment").is_empty());
        assert_eq!(words(r#""say \"hi\"""#), vec![(r#"say "hi""#.into(), 1)]);
        assert_eq!(words("miller's"), vec![("miller's".into(), 1)]);
    }

    #[test]
    fn an_open_quote_is_reported_where_it_opened() {
        let l = lex("put Aria 9 \"odd idol");
        assert_eq!(l.open_quote, Some(12));
        assert_eq!(
            lex_strict("put Aria 9 \"odd idol").unwrap_err().column,
            Some(12)
        );
    }

    #[test]
    fn quote_only_when_needed() {
        assert_eq!(quote("Aria"), "Aria");
        assert_eq!(quote("Goblin 1"), "\"Goblin 1\"");
        assert_eq!(quote("a\"b"), "\"a\\\"b\"");
    }
}
