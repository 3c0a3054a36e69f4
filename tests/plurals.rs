//! Counts read as English writes them: "1 slot", "3 slots", never "1 slot(s)". Read from the
//! string literals of the source files themselves, so a sentence written with "(s)" fails here
//! with its file and line.

use std::fs;
use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The string literals of Rust source `text`, each with the line it starts on. Comments and
/// character literals are skipped; a raw string is read to its closing quote and hashes.
fn literals(text: &str) -> Vec<(usize, String)> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match c {
            '\n' => line += 1,
            '/' if next == Some('/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            '/' if next == Some('*') => {
                i += 2;
                while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                    if chars[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
                i += 2;
                continue;
            }
            '\'' => {
                // A character literal ('x', '\n', '"'); a lifetime has no closing quote.
                if next == Some('\\') {
                    i += 2;
                    while i < chars.len() && chars[i] != '\'' {
                        i += 1;
                    }
                } else if chars.get(i + 2) == Some(&'\'') {
                    i += 2;
                }
            }
            'r' if matches!(next, Some('"' | '#'))
                && !chars
                    .get(i.wrapping_sub(1))
                    .is_some_and(|p| p.is_alphanumeric() || *p == '_') =>
            {
                let mut j = i + 1;
                let mut hashes = 0;
                while chars.get(j) == Some(&'#') {
                    hashes += 1;
                    j += 1;
                }
                if chars.get(j) == Some(&'"') {
                    let start = line;
                    let mut lit = String::new();
                    j += 1;
                    while j < chars.len() {
                        if chars[j] == '"' && (1..=hashes).all(|k| chars.get(j + k) == Some(&'#')) {
                            break;
                        }
                        if chars[j] == '\n' {
                            line += 1;
                        }
                        lit.push(chars[j]);
                        j += 1;
                    }
                    out.push((start, lit));
                    i = j + 1 + hashes;
                    continue;
                }
            }
            '"' => {
                let start = line;
                let mut lit = String::new();
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    if chars[i] == '\\' {
                        lit.push(chars[i]);
                        i += 1;
                    }
                    if chars.get(i) == Some(&'\n') {
                        line += 1;
                    }
                    if let Some(&ch) = chars.get(i) {
                        lit.push(ch);
                    }
                    i += 1;
                }
                out.push((start, lit));
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// "slot(s)", "try(s)": a word with "(s)" after it.
fn hedged(lit: &str) -> Option<&str> {
    let at = lit.find("(s)")?;
    let before = lit[..at].chars().next_back()?;
    before.is_alphabetic().then(|| {
        let from = lit[..at]
            .rfind(|c: char| !c.is_alphabetic())
            .map_or(0, |p| p + 1);
        &lit[from..at + 3]
    })
}

#[test]
fn the_literal_reader_finds_words_in_strings_only() {
    let text = "let s = Some(s); // a slot(s) in a comment\nformat!(\"{n} slot(s)\")\n'\"' \"ok\"";
    let found: Vec<(usize, String)> = literals(text);
    assert_eq!(
        found,
        [(2, "{n} slot(s)".to_string()), (3, "ok".to_string())]
    );
    assert_eq!(hedged("{n} slot(s) left"), Some("slot(s)"));
    assert_eq!(hedged("(s) alone"), None);
}

#[test]
fn no_sentence_counts_with_s_in_brackets() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut paths = Vec::new();
    files(&root, &mut paths);
    paths.sort();
    let mut found = Vec::new();
    for path in paths {
        let text = fs::read_to_string(&path).unwrap();
        for (line, lit) in literals(&text) {
            if let Some(word) = hedged(&lit) {
                let rel = path.strip_prefix(&root).unwrap().display().to_string();
                found.push(format!("src/{rel}:{line}: {word}"));
            }
        }
    }
    assert!(
        found.is_empty(),
        "counts written with (s); write the singular and the plural:\n{}",
        found.join("\n")
    );
}
