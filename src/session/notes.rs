//! The judge's notes: an append-only list of lines.
//!
//! Every command is applied to a copy of the state and every checkpoint keeps one, so the notes
//! must be cheap to copy however long a session grows. They are kept in chunks shared between
//! copies; a copy costs one pointer per chunk, and adding a line copies at most one chunk.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::Index;
use std::sync::Arc;

/// Lines per shared chunk: small enough that the one chunk a new line copies is cheap, large
/// enough that copying the list of chunks is too.
const CHUNK: usize = 32;

#[derive(Clone, Default)]
pub struct Notes {
    chunks: Vec<Arc<Vec<String>>>,
    len: usize,
}

impl Notes {
    pub fn new() -> Self {
        Notes::default()
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn get(&self, index: usize) -> Option<&String> {
        self.chunks.get(index / CHUNK)?.get(index % CHUNK)
    }

    pub fn last(&self) -> Option<&String> {
        self.chunks.last()?.last()
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &String> + '_ {
        self.chunks.iter().flat_map(|c| c.iter())
    }

    pub fn to_vec(&self) -> Vec<String> {
        self.iter().cloned().collect()
    }

    /// Only the session adds notes (through the Note command).
    pub(crate) fn push(&mut self, line: String) {
        match self.chunks.last_mut() {
            Some(chunk) if chunk.len() < CHUNK => Arc::make_mut(chunk).push(line),
            _ => {
                let mut chunk = Vec::with_capacity(CHUNK);
                chunk.push(line);
                self.chunks.push(Arc::new(chunk));
            }
        }
        self.len += 1;
    }
}

impl PartialEq for Notes {
    fn eq(&self, other: &Notes) -> bool {
        self.len == other.len
            && self
                .chunks
                .iter()
                .zip(&other.chunks)
                .all(|(a, b)| Arc::ptr_eq(a, b) || a == b)
    }
}

impl Eq for Notes {}

impl fmt::Debug for Notes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl From<Vec<String>> for Notes {
    fn from(lines: Vec<String>) -> Self {
        lines.into_iter().collect()
    }
}

impl FromIterator<String> for Notes {
    fn from_iter<I: IntoIterator<Item = String>>(iter: I) -> Self {
        let mut notes = Notes::new();
        for line in iter {
            notes.push(line);
        }
        notes
    }
}

impl<'a> IntoIterator for &'a Notes {
    type Item = &'a String;
    type IntoIter = Box<dyn DoubleEndedIterator<Item = &'a String> + 'a>;

    fn into_iter(self) -> Self::IntoIter {
        Box::new(self.iter())
    }
}

impl Index<usize> for Notes {
    type Output = String;

    fn index(&self, index: usize) -> &String {
        match self.get(index) {
            Some(line) => line,
            None => panic!(
                "note {index} asked for, but there are only {} notes",
                self.len
            ),
        }
    }
}

/// Saved as a plain list of strings, like a `Vec<String>`.
impl Serialize for Notes {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Notes {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Vec::<String>::deserialize(d).map(Notes::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_share_chunks_and_stay_independent() {
        let mut a: Notes = (0..100).map(|i| format!("n{i}")).collect();
        let b = a.clone();
        a.push("new".into());
        assert_eq!((a.len(), b.len()), (101, 100));
        assert_eq!(a.last().map(String::as_str), Some("new"));
        assert_eq!(b.last().map(String::as_str), Some("n99"));
        assert_eq!(a[64], "n64");
        assert_eq!(a.get(101), None);
        assert_ne!(a, b);
        let c: Notes = b.to_vec().into();
        assert_eq!(b, c);
        assert_eq!(
            ron::to_string(&Notes::from(vec!["x".to_string()])).unwrap(),
            "[\"x\"]"
        );
        let back: Notes = ron::from_str("[\"p\", \"q\"]").unwrap();
        assert_eq!(
            back.iter().map(String::as_str).collect::<Vec<_>>(),
            ["p", "q"]
        );
    }
}
