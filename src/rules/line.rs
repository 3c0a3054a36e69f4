//! The words of an event as parts that say whose they are, so one line serves the judge and the
//! players: the judge reads every part; the players' table view asks its lens about each part
//! (whose number it is, whether they have seen who it names, whether it is written for the judge
//! alone) and draws what the lens allows. Nothing is ever taken out of finished text.

use serde::{Deserialize, Serialize};
use std::fmt;

/// What kind of number a part holds, so a later reader can say it in words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Num {
    /// Harm taken or healed.
    Harm,
    /// Hit points or another health count, with its maximum when it has one.
    Health,
    /// An ability score or another number of the sheet.
    Score,
    Armour,
    /// What a roll has to beat or stay under.
    Target,
    Modifier,
    Total,
    /// The faces of the dice.
    Faces,
}

/// One part of a line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Part {
    /// Words anyone at the table may read.
    Plain(String),
    /// Someone of the roster named, by the ruleset's id: a line naming someone the players
    /// have not seen is not theirs to read.
    Name { id: u32, text: String },
    /// A number of someone of the roster (their hit points, a score, the target they roll
    /// against), with its words around it.
    Number { owner: u32, what: Num, text: String },
    /// A clause about someone's numbers: `exact` for whoever may read that one's numbers,
    /// `public` for the others (often empty).
    Of {
        owner: u32,
        exact: Vec<Part>,
        public: String,
    },
    /// Where the state of someone whose numbers the reader may not know reads as a word
    /// (" (hurt)"), when the lens gives one; nothing for anyone else.
    State { owner: u32 },
    /// The judge ruled over the book: the players read the plain result only.
    Ruling { said: Vec<Part>, result: Vec<Part> },
    /// Words for the judge alone: a reminder, a ruling the rules leave to the judge, a note or
    /// a question to the judge. A reader who is not the judge reads nothing of them; a line
    /// made only of them is the judge's alone.
    Judge(Vec<Part>),
    /// Words for one player alone (the judge told them to the player of `id`): that player and
    /// the judge read them; any other reader reads nothing of them.
    To { id: u32, said: Vec<Part> },
}

/// What the lens lets through of someone's numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Numbers {
    /// Every number.
    Exact,
    /// None; the state as this word, when there is one.
    Word(Option<String>),
}

/// Who reads a line: the judge reads all of it, the players' table through a lens.
pub trait Lens {
    /// Has the reader seen this one of the roster? A line naming one unseen is left out.
    fn sees(&self, id: u32) -> bool;
    /// What the reader may know of this one's numbers.
    fn numbers(&self, id: u32) -> Numbers;
    /// Does the reader read the judge's rulings as they were made (not only their result)?
    fn rulings(&self) -> bool {
        false
    }
    /// Does the reader read what is written for the judge alone ([`Part::Judge`])?
    fn judges(&self) -> bool {
        false
    }
    /// Whose player reads, when the reader is one player (their own page): they read what is
    /// told to them alone ([`Part::To`]).
    fn player(&self) -> Option<u32> {
        None
    }
}

/// The judge's lens: everything.
pub struct Judge;

impl Lens for Judge {
    fn sees(&self, _: u32) -> bool {
        true
    }
    fn numbers(&self, _: u32) -> Numbers {
        Numbers::Exact
    }
    fn rulings(&self) -> bool {
        true
    }
    fn judges(&self) -> bool {
        true
    }
}

/// The words of an event.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Line(pub Vec<Part>);

impl Line {
    pub fn new() -> Line {
        Line(Vec::new())
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The line with `part` added; the same line while a step is applied quietly (see
    /// [`quietly`](super::said::quietly)), where no one reads it, so a quiet step makes no
    /// parts.
    fn with(mut self, part: impl FnOnce() -> Part) -> Line {
        if !super::said::is_quiet() {
            self.0.push(part());
        }
        self
    }

    /// Words anyone may read.
    pub fn plain(self, text: impl Into<String>) -> Line {
        self.with(|| Part::Plain(text.into()))
    }

    /// Someone named.
    pub fn name(self, id: u32, text: impl Into<String>) -> Line {
        self.with(|| Part::Name {
            id,
            text: text.into(),
        })
    }

    /// Someone's number, with its words.
    pub fn number(self, owner: u32, what: Num, text: impl Into<String>) -> Line {
        self.with(|| Part::Number {
            owner,
            what,
            text: text.into(),
        })
    }

    /// A clause about `owner`'s numbers, and what the others read in its place.
    pub fn of(self, owner: u32, exact: Line, public: impl Into<String>) -> Line {
        self.with(|| Part::Of {
            owner,
            exact: exact.0,
            public: public.into(),
        })
    }

    /// `owner`'s STR, DEX, WIL and hit points after ": ", as a clause for whoever may read
    /// `owner`'s numbers ("Gnash joins: STR 12 DEX 12 WIL 8 HP 7"): the sheet of the rulesets
    /// of the Cairn family.
    pub fn scores(self, owner: u32, [str, dex, wil]: [u8; 3], hp: u8) -> Line {
        if super::said::is_quiet() {
            return self;
        }
        self.of(
            owner,
            Line::new()
                .plain(": ")
                .number(owner, Num::Score, format!("STR {str} DEX {dex} WIL {wil}"))
                .plain(" ")
                .number(owner, Num::Health, format!("HP {hp}")),
            "",
        )
    }

    /// Where the state of `owner` reads as a word for those who may not know the numbers.
    pub fn state(self, owner: u32) -> Line {
        self.with(|| Part::State { owner })
    }

    /// "NAME's LABEL: VALUE", the value `who`'s own number ("changed" for those who may not
    /// read it), then the word for `who`'s state: a sheet's value the judge or a rule edited.
    pub fn edited(who: u32, name: &str, label: &str, what: Num, value: String) -> Line {
        Line::new()
            .plain(super::said::words!("{name}'s {label}: "))
            .of(who, Line::new().number(who, what, value), "changed")
            .state(who)
    }

    /// The judge sets `who`'s LABEL to CUR/MAX by hand: the ruling, and the edited value.
    pub fn set_by_judge(who: u32, name: &str, label: &str, what: Num, cur: u8, max: u8) -> Line {
        Line::new().ruling(
            Line::from(super::said::words!(
                "The judge sets {name}'s {label} to {cur}/{max}"
            )),
            Line::edited(who, name, label, what, super::said::words!("{cur}/{max}")),
        )
    }

    /// The judge's ruling, and its plain result.
    pub fn ruling(self, said: Line, result: Line) -> Line {
        self.with(|| Part::Ruling {
            said: said.0,
            result: result.0,
        })
    }

    /// The judge's ruling on a roll that still waits: its verdict stands on the roll's own line
    /// once it settles, so the players read it there, once, and nothing of the ruling itself.
    pub fn ruling_on_the_roll(self, said: Line) -> Line {
        self.ruling(said, Line::new())
    }

    /// A roll's title as a line, its opening `name` marked as `who`'s ("Ana's DEX save" with
    /// Ana as hers), or plain when it does not begin with the name.
    pub fn titled(who: u32, name: String, title: &str) -> Line {
        match title.strip_prefix(name.as_str()) {
            Some(rest) if !name.is_empty() => Line::new().name(who, name).plain(rest),
            _ => Line::from(title),
        }
    }

    /// "The judge rules TITLE a VERDICT", `title` naming whose roll it is: the judge's ruling
    /// on a roll that still waits (see [`Line::ruling_on_the_roll`]).
    pub fn judge_rules(title: Line, verdict: &str) -> Line {
        let said = Line::new().plain("The judge rules ").then(title);
        Line::new().ruling_on_the_roll(said.plain(super::said::words!(" a {verdict}")))
    }

    /// The line with `more`'s parts after its own.
    pub fn then(mut self, more: Line) -> Line {
        self.0.extend(more.0);
        self
    }

    /// `said`, for the judge alone: a reminder or a ruling left to the judge, added to words
    /// anyone may read ("Pip breathes again" + "; the judge decides when they wake").
    pub fn judge(self, said: Line) -> Line {
        self.with(|| Part::Judge(said.0))
    }

    /// The whole line, for the player of `id` alone (and the judge).
    pub fn to(self, id: u32) -> Line {
        if self.is_empty() {
            return self;
        }
        Line(vec![Part::To { id, said: self.0 }])
    }

    /// The whole line, for the judge alone: the players read nothing of it.
    pub fn for_the_judge(self) -> Line {
        if self.is_empty() {
            return self;
        }
        Line(vec![Part::Judge(self.0)])
    }

    /// Is the whole line for the judge alone?
    pub fn is_for_the_judge(&self) -> bool {
        matches!(self.0.as_slice(), [Part::Judge(_)])
    }

    /// The line as `lens` reads it, or None when it names someone the reader has not seen.
    pub fn read(&self, lens: &dyn Lens) -> Option<String> {
        let mut out = String::new();
        read_parts(&self.0, lens, &mut out).then_some(out)
    }

    /// Everyone this line names or gives a number of.
    pub fn ids(&self) -> Vec<u32> {
        let mut out = Vec::new();
        ids(&self.0, &mut out);
        out
    }
}

fn ids(parts: &[Part], out: &mut Vec<u32>) {
    for part in parts {
        match part {
            Part::Plain(_) => {}
            Part::Name { id, .. } => out.push(*id),
            Part::Number { owner, .. } => out.push(*owner),
            Part::Of { owner, exact, .. } => {
                out.push(*owner);
                ids(exact, out);
            }
            Part::State { owner } => out.push(*owner),
            Part::Ruling { said, result } => {
                ids(said, out);
                ids(result, out);
            }
            Part::Judge(said) => ids(said, out),
            Part::To { id, said } => {
                out.push(*id);
                ids(said, out);
            }
        }
    }
}

/// Writes the parts as the lens allows; false when one names someone unseen.
fn read_parts(parts: &[Part], lens: &dyn Lens, out: &mut String) -> bool {
    for part in parts {
        match part {
            Part::Plain(text) => out.push_str(text),
            Part::Name { id, text } => {
                if !lens.sees(*id) {
                    return false;
                }
                out.push_str(text);
            }
            Part::Number { owner, text, .. } => {
                if lens.numbers(*owner) == Numbers::Exact {
                    out.push_str(text);
                }
            }
            Part::Of {
                owner,
                exact,
                public,
            } => match lens.numbers(*owner) {
                Numbers::Exact => {
                    if !read_parts(exact, lens, out) {
                        return false;
                    }
                }
                Numbers::Word(_) => out.push_str(public),
            },
            Part::State { owner } => {
                if let Numbers::Word(Some(word)) = lens.numbers(*owner) {
                    out.push_str(" (");
                    out.push_str(&word);
                    out.push(')');
                }
            }
            Part::Ruling { said, result } => {
                if !read_parts(if lens.rulings() { said } else { result }, lens, out) {
                    return false;
                }
            }
            Part::Judge(said) => {
                if lens.judges() && !read_parts(said, lens, out) {
                    return false;
                }
            }
            Part::To { id, said } => {
                let reads = lens.judges() || lens.player() == Some(*id);
                if reads && !read_parts(said, lens, out) {
                    return false;
                }
            }
        }
    }
    true
}

impl From<String> for Line {
    fn from(text: String) -> Line {
        Line::new().plain(text)
    }
}

impl From<&str> for Line {
    fn from(text: &str) -> Line {
        Line::new().plain(text)
    }
}

/// The judge's reading: every part.
impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.read(&Judge).unwrap_or_default())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The players: id 1 is theirs, id 2 a creature they see, id 3 one they have not.
    pub(crate) struct Players;

    impl Lens for Players {
        fn sees(&self, id: u32) -> bool {
            id != 3
        }
        fn numbers(&self, id: u32) -> Numbers {
            if id == 1 {
                Numbers::Exact
            } else {
                Numbers::Word(Some("hurt".into()))
            }
        }
    }

    fn takes(id: u32, name: &str) -> Line {
        Line::new()
            .name(id, name)
            .plain(" takes a blow")
            .of(
                id,
                Line::new()
                    .plain(": ")
                    .number(id, Num::Harm, "2")
                    .plain(", ")
                    .number(id, Num::Health, "HP 3/7"),
                "",
            )
            .state(id)
    }

    #[test]
    fn the_judge_reads_every_number_the_players_their_own_only() {
        assert_eq!(
            takes(2, "Gnash").to_string(),
            "Gnash takes a blow: 2, HP 3/7"
        );
        assert_eq!(
            takes(1, "Ana").read(&Players).as_deref(),
            Some("Ana takes a blow: 2, HP 3/7")
        );
        assert_eq!(
            takes(2, "Gnash").read(&Players).as_deref(),
            Some("Gnash takes a blow (hurt)")
        );
        assert_eq!(takes(3, "Snag").read(&Players), None);
    }

    #[test]
    fn a_ruling_reads_as_its_result_at_the_table() {
        let l = Line::new().ruling(
            Line::new()
                .plain("The judge rules ")
                .name(1, "Ana")
                .plain("'s save a fail"),
            Line::new().name(1, "Ana").plain(" fails the save"),
        );
        assert_eq!(l.to_string(), "The judge rules Ana's save a fail");
        assert_eq!(l.read(&Players).as_deref(), Some("Ana fails the save"));
    }

    #[test]
    fn words_for_the_judge_alone_read_as_nothing_at_the_table() {
        let l = Line::new()
            .name(1, "Ana")
            .plain(" breathes again")
            .judge(Line::from("; the judge decides when she wakes"));
        assert_eq!(
            l.to_string(),
            "Ana breathes again; the judge decides when she wakes"
        );
        assert_eq!(l.read(&Players).as_deref(), Some("Ana breathes again"));
        assert!(!l.is_for_the_judge());
        let reminder = Line::from("Reminder for the judge: ")
            .name(1, "Ana")
            .plain(" has no book")
            .for_the_judge();
        assert!(reminder.is_for_the_judge());
        assert_eq!(
            reminder.to_string(),
            "Reminder for the judge: Ana has no book"
        );
        assert_eq!(reminder.read(&Players).as_deref(), Some(""));
        assert_eq!(reminder.ids(), vec![1]);
    }

    #[test]
    fn a_line_for_the_judge_goes_through_ron_as_an_externally_tagged_part() {
        let l = Line::from("Check the book").for_the_judge();
        let text = ron::to_string(&l).unwrap();
        assert_eq!(text, r#"([Judge([Plain("Check the book")])])"#);
        assert_eq!(ron::from_str::<Line>(&text).unwrap(), l);
    }
}
