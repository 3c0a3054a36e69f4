//! What most rulesets' events are: a line for the log with how it should stand out. Rulesets
//! whose events need no more than words share this one type; one with richer events (phase)
//! shares only the mood.

use super::line::Line;
use super::tally::Tally;
use super::view::Tone;
use serde::{Deserialize, Serialize};
use std::fmt;

/// How an event should stand out; the frame draws it in the matching [`Tone`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mood {
    Plain,
    Dim,
    Good,
    Bad,
    Warn,
    Mark,
    Harm,
    Mended,
    Death,
    Question,
    Ruling,
}

impl Mood {
    pub fn tone(self) -> Tone {
        match self {
            Mood::Plain => Tone::Plain,
            Mood::Dim => Tone::Dim,
            Mood::Good => Tone::Good,
            Mood::Bad => Tone::Bad,
            Mood::Warn => Tone::Warn,
            Mood::Mark => Tone::Mark,
            Mood::Harm => Tone::Harm,
            Mood::Mended => Tone::Mended,
            Mood::Death => Tone::Death,
            Mood::Question => Tone::Question,
            Mood::Ruling => Tone::Ruling,
        }
    }
}

/// One line of what a step did: the judge's words, and the same words as parts that say whose
/// each number is (empty when every word is for anyone).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    Said {
        mood: Mood,
        text: String,
        #[serde(default, skip_serializing_if = "Line::is_empty")]
        parts: Line,
        /// What the line counts for a fight's summary (see [`Tally`]); none for most lines.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        tally: Vec<Tally>,
    },
}

impl Event {
    pub fn said(mood: Mood, text: impl Into<String>) -> Event {
        Event::Said {
            mood,
            text: text.into(),
            parts: Line::new(),
            tally: Vec::new(),
        }
    }

    /// A line made of parts.
    pub fn line(mood: Mood, parts: Line) -> Event {
        Event::Said {
            mood,
            text: parts.to_string(),
            parts,
            tally: Vec::new(),
        }
    }

    /// The same line, counting `tally` for a fight's summary as well.
    pub fn tallied(mut self, more: Tally) -> Event {
        match &mut self {
            Event::Said { tally, .. } => tally.push(more),
        }
        self
    }

    /// The same line, counting `more` for a fight's summary when there is one.
    pub fn counting(self, more: Option<Tally>) -> Event {
        match more {
            Some(t) => self.tallied(t),
            None => self,
        }
    }

    /// What the line counts for a fight's summary.
    pub fn tally(&self) -> &[Tally] {
        match self {
            Event::Said { tally, .. } => tally,
        }
    }

    /// The line as parts.
    pub fn parts(&self) -> Line {
        match self {
            Event::Said { text, parts, .. } if parts.is_empty() => Line::from(text.as_str()),
            Event::Said { parts, .. } => parts.clone(),
        }
    }

    pub fn mood(&self) -> Mood {
        match self {
            Event::Said { mood, .. } => *mood,
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Said { text, .. } => f.write_str(text),
        }
    }
}
