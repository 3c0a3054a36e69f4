//! What most rulesets' events are: a line for the log with how it should stand out. Rulesets
//! whose events need no more than words share this one type; one with richer events (phase)
//! shares only the mood.

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

/// One line of what a step did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    Said { mood: Mood, text: String },
}

impl Event {
    pub fn said(mood: Mood, text: impl Into<String>) -> Event {
        Event::Said {
            mood,
            text: text.into(),
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
