//! An append-only list of lines: the judge's notes on the session, and the notes a ruleset keeps
//! on a sheet (`remark`, `jot`).
//!
//! Every command is applied to a copy of the state and every checkpoint keeps one, so the notes
//! must be cheap to copy however long a session grows. They are kept as a tree of shared nodes,
//! [`BRANCH`] lines to a leaf and [`BRANCH`] nodes to a branch: a copy costs one pointer, and
//! adding a line copies only the nodes on the way to the last leaf (a few dozen pointers and at
//! most [`BRANCH`] lines), however many notes there are. (A flat list of shared chunks cost a
//! pointer per chunk on every copy: 3,000 of them at 100,000 notes, on every step.)

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::Index;
use std::sync::Arc;

/// Lines per leaf and children per branch, as a power of two: small enough that the nodes a new
/// line copies are cheap, large enough that the tree stays shallow (four levels hold a million
/// lines). Being a power of two, the way down to a line is read off its index by shifts.
const BITS: u32 = 5;
const BRANCH: usize = 1 << BITS;

#[derive(Clone)]
enum Node {
    Leaf(Arc<Vec<String>>),
    Branch(Arc<Vec<Node>>),
}

impl Node {
    /// A path down to a leaf holding only `line`, `depth` levels above it.
    fn path(depth: u32, line: String) -> Node {
        if depth == 0 {
            let mut leaf = Vec::with_capacity(BRANCH);
            leaf.push(line);
            Node::Leaf(Arc::new(leaf))
        } else {
            Node::Branch(Arc::new(vec![Node::path(depth - 1, line)]))
        }
    }

    /// Adds `line` as line `index` under this node (`depth` levels above the leaves), copying
    /// only the nodes on its way that other copies share.
    fn push(&mut self, depth: u32, index: usize, line: String) {
        match self {
            Node::Leaf(lines) => Arc::make_mut(lines).push(line),
            Node::Branch(children) => {
                let children = Arc::make_mut(children);
                let (child, within) = split(depth, index);
                match children.get_mut(child) {
                    Some(node) => node.push(depth - 1, within, line),
                    None => children.push(Node::path(depth - 1, line)),
                }
            }
        }
    }

    fn get(&self, depth: u32, index: usize) -> Option<&String> {
        match self {
            Node::Leaf(lines) => lines.get(index),
            Node::Branch(children) => {
                let (child, within) = split(depth, index);
                children.get(child)?.get(depth - 1, within)
            }
        }
    }

    /// The same lines (nodes shared between copies are not looked into).
    fn same(&self, other: &Node) -> bool {
        match (self, other) {
            (Node::Leaf(a), Node::Leaf(b)) => Arc::ptr_eq(a, b) || a == b,
            (Node::Branch(a), Node::Branch(b)) => {
                Arc::ptr_eq(a, b)
                    || (a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| x.same(y)))
            }
            _ => false,
        }
    }
}

/// Lines a node `depth` levels above the leaves holds when full.
fn capacity(depth: u32) -> usize {
    1usize.checked_shl(BITS * (depth + 1)).unwrap_or(usize::MAX)
}

/// For line `index` under a branch `depth` levels above the leaves (so `index` is below the
/// branch's capacity): which child holds it, and its index under that child.
fn split(depth: u32, index: usize) -> (usize, usize) {
    let shift = BITS * depth;
    (index >> shift, index & ((1usize << shift) - 1))
}

/// How many of a sheet's notes its panel shows ([`Notes::on_sheet`]).
pub const ON_SHEET: usize = 8;

#[derive(Clone, Default)]
pub struct Notes {
    root: Option<Node>,
    /// Levels of branches above the leaves.
    depth: u32,
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
        if index >= self.len {
            return None;
        }
        self.root.as_ref()?.get(self.depth, index)
    }

    pub fn last(&self) -> Option<&String> {
        self.get(self.len.checked_sub(1)?)
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &String> + '_ {
        (0..self.len).filter_map(move |i| self.get(i))
    }

    pub fn to_vec(&self) -> Vec<String> {
        self.iter().cloned().collect()
    }

    /// A sheet's notes as its panel (and `slotmark show`) gives them: the newest [`ON_SHEET`],
    /// oldest first, joined by `; `, after how many earlier ones there are. Every note stays on
    /// the sheet and in the log; the panel only stops reading them all, so the newest are the
    /// ones in view however many a long campaign jots, and drawing a sheet costs the same at
    /// the ten-thousandth note as at the tenth.
    pub fn on_sheet(&self) -> String {
        let earlier = self.len.saturating_sub(ON_SHEET);
        let mut out = if earlier > 0 {
            format!("({earlier} earlier) ")
        } else {
            String::new()
        };
        for (i, line) in (earlier..self.len).filter_map(|i| self.get(i)).enumerate() {
            if i > 0 {
                out.push_str("; ");
            }
            out.push_str(line);
        }
        out
    }

    /// Only the rules add notes, through a command.
    pub(crate) fn push(&mut self, line: String) {
        match &mut self.root {
            None => self.root = Some(Node::path(0, line)),
            Some(root) if self.len == capacity(self.depth) => {
                let full = root.clone();
                self.depth += 1;
                self.root = Some(Node::Branch(Arc::new(vec![
                    full,
                    Node::path(self.depth - 1, line),
                ])));
            }
            Some(root) => root.push(self.depth, self.len, line),
        }
        self.len += 1;
    }
}

impl PartialEq for Notes {
    fn eq(&self, other: &Notes) -> bool {
        self.len == other.len
            && match (&self.root, &other.root) {
                (Some(a), Some(b)) => a.same(b),
                (a, b) => a.is_none() && b.is_none(),
            }
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
    fn a_sheet_shows_its_newest_notes_after_a_count_of_the_earlier() {
        let notes = |n: usize| -> Notes { (1..=n).map(|i| format!("n{i}")).collect() };
        assert_eq!(notes(0).on_sheet(), "");
        assert_eq!(notes(1).on_sheet(), "n1");
        assert_eq!(notes(ON_SHEET).on_sheet(), "n1; n2; n3; n4; n5; n6; n7; n8");
        assert_eq!(
            notes(ON_SHEET + 1).on_sheet(),
            "(1 earlier) n2; n3; n4; n5; n6; n7; n8; n9"
        );
        // Across leaves and branches of the tree, the last eight in their order.
        let many = notes(5_000);
        assert_eq!(
            many.on_sheet(),
            "(4992 earlier) n4993; n4994; n4995; n4996; n4997; n4998; n4999; n5000"
        );
    }

    #[test]
    fn the_way_down_is_the_quotient_and_remainder_of_the_index() {
        for depth in 1..=4 {
            let below = BRANCH.pow(depth);
            for index in (0..BRANCH * below)
                .step_by(below / 3 + 1)
                .chain([BRANCH * below - 1])
            {
                assert_eq!(split(depth, index), (index / below, index % below));
            }
            assert_eq!(capacity(depth), BRANCH * below);
        }
    }

    #[test]
    fn a_tree_four_levels_deep_keeps_every_line_in_its_place() {
        let n = BRANCH.pow(3) + BRANCH * 3 + 7;
        let notes: Notes = (0..n).map(|i| i.to_string()).collect();
        assert_eq!(notes.depth, 3);
        assert!(notes.iter().enumerate().all(|(i, l)| *l == i.to_string()));
    }

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
        // Past one leaf, one branch and into a third level, copies taken along the way keep
        // their own lines.
        let mut long = Notes::new();
        let mut copies = Vec::new();
        for i in 0..(BRANCH * BRANCH * 2 + 5) {
            if i % 97 == 0 {
                copies.push(long.clone());
            }
            long.push(format!("l{i}"));
        }
        assert_eq!(long.len(), BRANCH * BRANCH * 2 + 5);
        assert!(long.iter().enumerate().all(|(i, l)| *l == format!("l{i}")));
        assert_eq!(long.iter().next_back(), long.last());
        for copy in &copies {
            assert!(copy.iter().enumerate().all(|(i, l)| *l == format!("l{i}")));
            assert_ne!(copy, &long);
            let rebuilt: Notes = copy.to_vec().into();
            assert_eq!(&rebuilt, copy);
        }
        assert_eq!(long.get(long.len()), None);
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
