//! What most rulesets' events are: a line for the log with how it should stand out. Rulesets
//! whose events need no more than words share this one type; one with richer events (phase)
//! shares only the mood.

use super::line::{Line, Part};
use super::tally::Tally;
use super::view::Tone;
use serde::{Deserialize, Serialize};
use std::cell::Cell;
use std::fmt;

thread_local! {
    /// Set while a step is applied only for the state it leaves (see [`quietly`]).
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

/// Runs `apply` leaving the text of the lines it makes unwritten, for a replay that throws its
/// events away (see [`Ruleset::apply_quietly`](super::Ruleset::apply_quietly)). Writing each
/// line's words out is most of what a quiet step would spend on events; the rules never read an
/// event's text back, so the state comes out the same.
pub fn quietly<T>(apply: impl FnOnce() -> T) -> T {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            QUIET.with(|q| q.set(self.0));
        }
    }
    let _restore = Restore(QUIET.with(|q| q.replace(true)));
    apply()
}

/// Is the step being applied inside [`quietly`]?
pub fn is_quiet() -> bool {
    QUIET.with(Cell::get)
}

/// Adds the event `make` builds to `out`, unless the step is applied inside [`quietly`]: a quiet
/// step builds no event at all, only the change to the state. The rules never read their own
/// events back to decide the state, so leaving them out changes nothing else.
pub fn tell<E>(out: &mut Vec<E>, make: impl FnOnce() -> E) {
    if !is_quiet() {
        out.push(make());
    }
}

/// `name`'s, written as English writes it after a plural: "the goblins' morale", never
/// "goblins's".
pub fn possessive(name: &str) -> String {
    if name.ends_with('s') {
        format!("{name}'")
    } else {
        format!("{name}'s")
    }
}

/// `n` with the noun that goes with it, as English writes a count: "1 slot", "3 slots", "0
/// slots" (`one` and `many` are the noun's two forms: "try", "trys").
pub fn counted(n: impl fmt::Display, one: &str, many: &str) -> String {
    let n = n.to_string();
    let noun = if n == "1" { one } else { many };
    format!("{n} {noun}")
}

/// The words of `parts` as an event's text; nothing inside [`quietly`], where no one reads them.
pub fn text_of(parts: &Line) -> String {
    if is_quiet() {
        String::new()
    } else {
        parts.to_string()
    }
}

/// `format!` for the words of an event: an empty string inside [`quietly`], where no one reads
/// them, so a quiet step writes no words. Only for words that go into events: a name, a note or
/// anything else the state keeps is always written.
macro_rules! words {
    ($($arg:tt)*) => {
        if $crate::rules::said::is_quiet() {
            ::std::string::String::new()
        } else {
            ::std::format!($($arg)*)
        }
    };
}
pub(crate) use words;

/// "NAME loses N WHAT", the loss the loser's own number: a lens that does not read the loser's
/// numbers reads "some WHAT" (a score lost to a spell, a wound or a disease).
pub fn loses(who: u32, name: &str, n: impl fmt::Display, what: impl fmt::Display) -> Line {
    Line::new().plain(words!("{name} loses ")).of(
        who,
        Line::new().number(who, crate::rules::line::Num::Harm, words!("{n} {what}")),
        format!("some {what}"),
    )
}

/// The seam's reading of events, for a ruleset whose events are this module's [`Event`]s:
/// everyone the roster lists before or after a step is named in its lines
/// ([`name_everyone`]), and each line stands out by its mood, reads as its parts and counts its
/// tally. Written inside the ruleset's `impl Ruleset`.
macro_rules! seam {
    () => {
        const NAMING: Option<$crate::rules::Naming<Self>> =
            Some($crate::rules::said::name_everyone);

        fn tone(event: &$crate::rules::said::Event) -> $crate::rules::Tone {
            event.mood()
        }

        fn tally(event: &$crate::rules::said::Event) -> Vec<$crate::rules::Tally> {
            event.tally().to_vec()
        }

        fn line(event: &$crate::rules::said::Event) -> $crate::rules::Line {
            event.parts()
        }
    };
}
pub(crate) use seam;

/// How an event should stand out: the [`Tone`] the frame draws it in, kept with the event in
/// the session's file.
pub type Mood = Tone;

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

/// Writes, inside the `impl` of a ruleset's `Event` that has a `Said { mood, text, parts,
/// tally }` variant like [`Event`]'s, the three ways to make one: `said` (plain words),
/// `for_the_judge` (words the players' lens leaves out) and `line` (words as parts).
macro_rules! sentences {
    () => {
        /// A line in plain words, naming no one by id.
        pub fn said(mood: $crate::rules::said::Mood, text: impl Into<String>) -> Event {
            Event::Said {
                mood,
                text: text.into(),
                parts: $crate::rules::Line::new(),
                tally: Vec::new(),
            }
        }

        /// A line for the judge alone (a reminder, a note, a ruling the rules leave to the
        /// judge): the players' lens reads nothing of it.
        pub fn for_the_judge(mood: $crate::rules::said::Mood, text: impl Into<String>) -> Event {
            Event::line(mood, $crate::rules::Line::from(text.into()).for_the_judge())
        }

        /// A line made of parts: the judge reads every part, the players what their lens
        /// allows.
        pub fn line(mood: $crate::rules::said::Mood, parts: $crate::rules::Line) -> Event {
            Event::Said {
                mood,
                text: $crate::rules::said::text_of(&parts),
                parts,
                tally: Vec::new(),
            }
        }
    };
}
pub(crate) use sentences;

impl Event {
    sentences!();

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

/// Everyone on the roster, by id and name.
pub fn roster_names(groups: &[super::view::RosterGroup]) -> Vec<(u32, String)> {
    groups
        .iter()
        .flat_map(|g| g.members.iter().map(|m| (m.id, m.name.clone())))
        .collect()
}

/// Marks each mention of someone on the roster in the words of `events` as a name part with
/// their id, so the players' lens leaves out a line naming someone they have not seen. A
/// ruleset calls it as a step's events are made, with everyone the step could name (those on
/// the roster before and after it). Only whole words count, and the longest name first, so
/// "Ana 2" is not read as "Ana".
pub fn name_everyone(events: &mut [Event], roster: &[(u32, String)]) {
    let mut names: Vec<&(u32, String)> = roster.iter().filter(|(_, n)| !n.is_empty()).collect();
    names.sort_by_key(|(_, n)| std::cmp::Reverse(n.len()));
    for event in events {
        let Event::Said { text, parts, .. } = event;
        let from = if parts.is_empty() {
            vec![Part::Plain(text.clone())]
        } else {
            std::mem::take(&mut parts.0)
        };
        let named = name_parts(from, &names);
        *parts = if named.iter().all(|p| matches!(p, Part::Plain(_))) {
            Line::new()
        } else {
            Line(named)
        };
    }
}

/// `text` with every mention of someone on the roster a name part; empty when it names no one.
pub fn named(text: &str, roster: &[(u32, String)]) -> Line {
    let mut names: Vec<&(u32, String)> = roster.iter().filter(|(_, n)| !n.is_empty()).collect();
    names.sort_by_key(|(_, n)| std::cmp::Reverse(n.len()));
    let parts = mentions(text, &names);
    if parts.iter().all(|p| matches!(p, Part::Plain(_))) {
        Line::new()
    } else {
        Line(parts)
    }
}

/// The parts with every mention in their plain words made a name part.
fn name_parts(parts: Vec<Part>, names: &[&(u32, String)]) -> Vec<Part> {
    let mut out = Vec::with_capacity(parts.len());
    for part in parts {
        match part {
            Part::Plain(text) => out.extend(mentions(&text, names)),
            Part::Of {
                owner,
                exact,
                public,
            } => out.push(Part::Of {
                owner,
                exact: name_parts(exact, names),
                public,
            }),
            Part::Ruling { said, result } => out.push(Part::Ruling {
                said: name_parts(said, names),
                result: name_parts(result, names),
            }),
            Part::Judge(said) => out.push(Part::Judge(name_parts(said, names))),
            Part::To { id, said } => out.push(Part::To {
                id,
                said: name_parts(said, names),
            }),
            other => out.push(other),
        }
    }
    out
}

/// `text` as plain words and the names in it.
fn mentions(text: &str, names: &[&(u32, String)]) -> Vec<Part> {
    let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    let mut out = Vec::new();
    let mut plain = String::new();
    let mut at = 0;
    while at < text.len() {
        let rest = &text[at..];
        let found = (!word(text[..at].chars().next_back()))
            .then(|| {
                names.iter().find(|(_, n)| {
                    rest.starts_with(n.as_str()) && !word(rest[n.len()..].chars().next())
                })
            })
            .flatten();
        match found {
            Some((id, name)) => {
                if !plain.is_empty() {
                    out.push(Part::Plain(std::mem::take(&mut plain)));
                }
                out.push(Part::Name {
                    id: *id,
                    text: name.clone(),
                });
                at += name.len();
            }
            None => {
                let c = rest.chars().next().unwrap_or(' ');
                plain.push(c);
                at += c.len_utf8();
            }
        }
    }
    if !plain.is_empty() {
        out.push(Part::Plain(plain));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mention_of_the_roster_becomes_a_name_the_longest_first() {
        let roster = vec![
            (1, "Ana".to_string()),
            (2, "Ana 2".to_string()),
            (3, "Grub".into()),
        ];
        let mut events = vec![
            Event::said(Mood::Warn, "Grub falls Prone beside Ana 2 and Ana"),
            Event::said(Mood::Plain, "Banana bread"),
        ];
        name_everyone(&mut events, &roster);
        assert_eq!(
            events[0].parts().0,
            vec![
                Part::Name {
                    id: 3,
                    text: "Grub".into()
                },
                Part::Plain(" falls Prone beside ".into()),
                Part::Name {
                    id: 2,
                    text: "Ana 2".into()
                },
                Part::Plain(" and ".into()),
                Part::Name {
                    id: 1,
                    text: "Ana".into()
                },
            ]
        );
        assert_eq!(
            events[0].to_string(),
            "Grub falls Prone beside Ana 2 and Ana"
        );
        // No one named: the words alone.
        assert_eq!(events[1].parts(), Line::from("Banana bread"));
    }

    #[test]
    fn a_line_for_the_judge_stays_the_judges_once_its_names_are_marked() {
        let roster = vec![(3, "Grub".to_string())];
        let mut events = vec![Event::for_the_judge(
            Mood::Warn,
            "Reminder for the judge: Grub has no book",
        )];
        name_everyone(&mut events, &roster);
        let parts = events[0].parts();
        assert!(parts.is_for_the_judge(), "{parts:?}");
        assert_eq!(parts.ids(), vec![3]);
        assert_eq!(
            events[0].to_string(),
            "Reminder for the judge: Grub has no book"
        );
    }
}
