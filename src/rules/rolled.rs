//! A roll in words, the same for every ruleset: the faces rolled, which were kept and why, what
//! was added, what it was against, the total, the verdict, and the judge's ruling when the judge
//! overruled the dice. It writes [`Line`] parts so the players' lens can treat each number by
//! its owner: the dice are the table's, but a modifier, total or target that comes from someone's
//! sheet is that one's number.
//!
//! An accepted roll reads as rolled: `d20 13 against STR 12: a fail`. An overruled roll reads
//! `ruled a pass (the dice said a fail: d20 13 against STR 12)`; the players read only `a pass`.

use super::line::{Line, Num};
use crate::dice::keep::Kept;

/// Why a face or a set of dice was kept over the others.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    Advantage,
    Disadvantage,
    /// The rules' pick, in words ("the higher of two weapons").
    Rules(String),
}

impl Why {
    fn words(&self) -> &str {
        match self {
            Why::Advantage => "advantage",
            Why::Disadvantage => "disadvantage",
            Why::Rules(words) => words,
        }
    }
}

/// What of a set of dice counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Keep {
    /// Every face adds up.
    All,
    /// Only the face at this index, for this reason.
    One(usize, Why),
    /// None of them (another set was kept), for this reason.
    Dropped(Why),
}

/// One set of dice: one die, a pool, or one die rolled several times with one face kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dice {
    /// What they are: "d20", "sword d8", "STR d8 + d4".
    pub label: String,
    pub faces: Vec<u16>,
    pub keep: Keep,
}

impl Dice {
    /// A single die.
    pub fn one(label: impl Into<String>, face: u16) -> Dice {
        Dice {
            label: label.into(),
            faces: vec![face],
            keep: Keep::All,
        }
    }

    /// A pool whose faces add up.
    pub fn pool(label: impl Into<String>, faces: Vec<u16>) -> Dice {
        Dice {
            label: label.into(),
            faces,
            keep: Keep::All,
        }
    }

    /// The dice of a [`Kept`] roll; `why` says why more than one was rolled (ignored for one).
    pub fn kept(label: impl Into<String>, k: &Kept, why: Why) -> Dice {
        Dice {
            label: label.into(),
            faces: k.faces.clone(),
            keep: if k.faces.len() > 1 {
                Keep::One(k.kept, why)
            } else {
                Keep::All
            },
        }
    }

    /// Not counted, for this reason.
    pub fn dropped(mut self, why: Why) -> Dice {
        self.keep = Keep::Dropped(why);
        self
    }

    /// What these dice add to the total.
    pub fn value(&self) -> i32 {
        match &self.keep {
            Keep::All => self.faces.iter().map(|&f| i32::from(f)).sum(),
            Keep::One(at, _) => self.faces.get(*at).map_or(0, |&f| i32::from(f)),
            Keep::Dropped(_) => 0,
        }
    }

    fn words(&self) -> String {
        let list = |faces: &[u16]| {
            faces
                .iter()
                .map(u16::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        let label = if self.label.is_empty() {
            String::new()
        } else {
            format!("{} ", self.label)
        };
        let faces = if self.faces.is_empty() {
            "no dice".to_string()
        } else if self.faces.len() == 1 {
            list(&self.faces)
        } else {
            format!("[{}]", list(&self.faces))
        };
        match &self.keep {
            Keep::All => format!("{label}{faces}"),
            Keep::One(at, why) => format!(
                "{label}[{}] kept {} ({})",
                list(&self.faces),
                self.faces.get(*at).copied().unwrap_or(0),
                why.words()
            ),
            Keep::Dropped(why) => {
                format!("{label}{faces} not kept ({})", why.words())
            }
        }
    }
}

/// A number added to the dice or rolled against, with its label, and whose it is (None: the
/// judge's or the book's, anyone may read it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    /// Words before the number ("STR", "DC", "Gnash's save"); may name someone.
    pub label: Line,
    pub value: i32,
    pub owner: Option<u32>,
}

impl Term {
    /// Someone's number: a score, a save, a modifier of the sheet.
    pub fn of(owner: u32, label: impl Into<String>, value: i32) -> Term {
        Term {
            label: words(label.into()),
            value,
            owner: Some(owner),
        }
    }

    /// A number that is nobody's secret: a DC the judge set, a flat bonus said aloud.
    pub fn open(label: impl Into<String>, value: i32) -> Term {
        Term {
            label: words(label.into()),
            value,
            owner: None,
        }
    }
}

fn words(label: String) -> Line {
    if label.is_empty() {
        Line::new()
    } else {
        Line::from(label)
    }
}

/// One roll as the book read it, and as the judge ruled it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Rolled {
    /// Whose roll it is: its total is their number.
    pub who: Option<u32>,
    pub dice: Vec<Dice>,
    /// Added to the dice (a negative value subtracts).
    pub mods: Vec<Term>,
    pub against: Option<Term>,
    /// The total when it is not simply the dice plus the modifiers (None: computed).
    pub total: Option<i32>,
    /// The book's verdict in words ("a pass", "hits"); empty when the roll has none.
    pub verdict: String,
    /// The judge's verdict, when the judge overruled the book's.
    pub ruled: Option<String>,
    /// How the book read the dice when it reads more than a number (the slot a face names and
    /// what is there), and whose sheet it read (None: anyone's to know).
    pub reading: Option<(Option<u32>, String)>,
    /// Each face is read on its own: the dice make no total.
    pub each: bool,
}

impl Rolled {
    pub fn new(who: Option<u32>) -> Rolled {
        Rolled {
            who,
            ..Rolled::default()
        }
    }

    pub fn dice(mut self, dice: Dice) -> Rolled {
        self.dice.push(dice);
        self
    }

    pub fn plus(mut self, term: Term) -> Rolled {
        self.mods.push(term);
        self
    }

    pub fn against(mut self, term: Term) -> Rolled {
        self.against = Some(term);
        self
    }

    pub fn total(mut self, total: i32) -> Rolled {
        self.total = Some(total);
        self
    }

    pub fn verdict(mut self, words: impl Into<String>) -> Rolled {
        self.verdict = words.into();
        self
    }

    /// How the book read the dice, from `owner`'s sheet when it has one.
    pub fn reading(mut self, owner: Option<u32>, words: impl Into<String>) -> Rolled {
        self.reading = Some((owner, words.into()));
        self
    }

    /// Each face is read on its own, with no total.
    pub fn each(mut self) -> Rolled {
        self.each = true;
        self
    }

    /// The judge's verdict; the same as the book's reads as rolled.
    pub fn ruled(mut self, words: Option<impl Into<String>>) -> Rolled {
        self.ruled = words.map(Into::into).filter(|r| *r != self.verdict);
        self
    }

    /// The dice plus the modifiers, unless a total was given.
    pub fn sum(&self) -> i32 {
        self.total.unwrap_or_else(|| {
            self.dice.iter().map(Dice::value).sum::<i32>()
                + self.mods.iter().map(|m| m.value).sum::<i32>()
        })
    }

    /// The verdict that stands: the judge's when ruled, else the book's.
    pub fn stands(&self) -> &str {
        self.ruled.as_deref().unwrap_or(&self.verdict)
    }

    /// The faces, modifiers, total and target, without the verdict.
    pub fn body(&self) -> Line {
        if super::said::is_quiet() {
            return Line::new();
        }
        let mut line = Line::new().plain(
            self.dice
                .iter()
                .map(Dice::words)
                .collect::<Vec<_>>()
                .join(", "),
        );
        for m in &self.mods {
            let sign = if m.value < 0 { " - " } else { " + " };
            let mut exact = Line::new().plain(sign);
            if !m.label.is_empty() {
                exact.0.extend(m.label.0.iter().cloned());
                exact = exact.plain(" ");
            }
            let text = m.value.unsigned_abs().to_string();
            line = term(line, m.owner, exact, Num::Modifier, text);
        }
        // One die and nothing added: its face is the total.
        let one_face = self.dice.len() == 1 && self.dice[0].faces.len() == 1;
        if !(self.mods.is_empty() && (one_face || self.each)) {
            line = term(
                line,
                self.who,
                Line::new().plain(" = "),
                Num::Total,
                self.sum().to_string(),
            );
        }
        if let Some(t) = &self.against {
            let mut exact = Line::new().plain(" against ");
            if !t.label.is_empty() {
                exact.0.extend(t.label.0.iter().cloned());
                exact = exact.plain(" ");
            }
            line = term(line, t.owner, exact, Num::Target, t.value.to_string());
        }
        line
    }

    /// How the book read the dice, after ", ", as the reader may know it.
    fn read_as(&self, line: Line) -> Line {
        match &self.reading {
            None => line,
            Some((owner, words)) => term(
                line,
                *owner,
                Line::new().plain(", "),
                Num::Score,
                words.clone(),
            ),
        }
    }

    /// The whole roll in words: as rolled, or as ruled with what the dice said.
    pub fn line(&self) -> Line {
        if super::said::is_quiet() {
            return Line::new();
        }
        let body = self.body();
        match &self.ruled {
            None if self.verdict.is_empty() => self.read_as(body),
            None => {
                let mut line = body;
                line = line.plain(": ").plain(self.verdict.clone());
                self.read_as(line)
            }
            Some(ruled) => {
                let mut said = Line::new().plain(format!("ruled {ruled} (the dice said "));
                if !self.verdict.is_empty() {
                    said = said.plain(format!("{}: ", self.verdict));
                }
                said.0.extend(body.0);
                said = self.read_as(said).plain(")");
                Line::new().ruling(said, Line::new().plain(ruled.clone()))
            }
        }
    }
}

/// Appends `words` then `number`, as a clause only `owner`'s readers see when it has an owner.
fn term(line: Line, owner: Option<u32>, words: Line, what: Num, number: String) -> Line {
    match owner {
        None => {
            let mut line = line;
            line.0.extend(words.0);
            line.plain(number)
        }
        Some(owner) => {
            let mut exact = words;
            exact = exact.number(owner, what, number);
            line.of(owner, exact, "")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::line::tests::Players;

    fn save(who: u32, face: u16) -> Rolled {
        Rolled::new(Some(who))
            .dice(Dice::one("d20", face))
            .against(Term::of(who, "STR", 12))
            .verdict(if face <= 12 { "a pass" } else { "a fail" })
    }

    #[test]
    fn a_roll_under_save_reads_face_score_and_verdict() {
        assert_eq!(
            save(2, 13).line().to_string(),
            "d20 13 against STR 12: a fail"
        );
        // A creature's score is its own; the players read the face and the verdict.
        assert_eq!(
            save(2, 13).line().read(&Players).as_deref(),
            Some("d20 13: a fail")
        );
        assert_eq!(
            save(1, 13).line().read(&Players).as_deref(),
            Some("d20 13 against STR 12: a fail")
        );
    }

    #[test]
    fn an_overruled_roll_keeps_what_the_dice_said() {
        let r = save(2, 13).ruled(Some("a pass"));
        assert_eq!(
            r.line().to_string(),
            "ruled a pass (the dice said a fail: d20 13 against STR 12)"
        );
        assert_eq!(r.line().read(&Players).as_deref(), Some("a pass"));
        assert_eq!(r.stands(), "a pass");
        // Ruling what the dice said is accepting them.
        let same = save(2, 13).ruled(Some("a fail"));
        assert_eq!(same.ruled, None);
        assert_eq!(same.line().to_string(), "d20 13 against STR 12: a fail");
    }

    #[test]
    fn a_d20_with_advantage_says_the_faces_the_kept_one_and_why() {
        let k = Kept {
            sides: 20,
            faces: vec![4, 15],
            kept: 1,
        };
        let r = Rolled::new(Some(1))
            .dice(Dice::kept("d20", &k, Why::Advantage))
            .plus(Term::of(1, "STR", 10))
            .plus(Term::open("", -2))
            .against(Term::open("DC", 20))
            .verdict("a pass");
        assert_eq!(r.sum(), 23);
        assert_eq!(
            r.line().to_string(),
            "d20 [4, 15] kept 15 (advantage) + STR 10 - 2 = 23 against DC 20: a pass"
        );
        assert_eq!(
            r.line().read(&Players).as_deref(),
            Some("d20 [4, 15] kept 15 (advantage) + STR 10 - 2 = 23 against DC 20: a pass")
        );
    }

    #[test]
    fn a_creature_against_the_other_side_hides_both_numbers() {
        let r = Rolled::new(Some(2))
            .dice(Dice::one("d20", 9))
            .plus(Term::of(2, "DEX", 12))
            .against(Term {
                label: Line::new().name(1, "Ana").plain("'s total"),
                value: 18,
                owner: Some(1),
            })
            .verdict("a fail");
        assert_eq!(
            r.line().to_string(),
            "d20 9 + DEX 12 = 21 against Ana's total 18: a fail"
        );
        assert_eq!(
            r.line().read(&Players).as_deref(),
            Some("d20 9 against Ana's total 18: a fail")
        );
    }

    #[test]
    fn an_unseen_owner_hides_the_clause_not_the_roll() {
        let r = Rolled::new(Some(1))
            .dice(Dice::one("d20", 9))
            .against(Term {
                label: Line::new().name(3, "Snag").plain("'s save"),
                value: 14,
                owner: Some(3),
            })
            .verdict("misses");
        assert_eq!(r.line().read(&Players).as_deref(), Some("d20 9: misses"));
    }

    #[test]
    fn a_pool_rolled_twice_keeps_one_attempt() {
        let r = Rolled::new(Some(1))
            .dice(Dice::pool("", vec![2, 3]).dropped(Why::Disadvantage))
            .dice(Dice::pool("", vec![1, 1]))
            .plus(Term::open("", 1))
            .against(Term::open("target", 4))
            .verdict("a fail");
        assert_eq!(r.sum(), 3);
        assert_eq!(
            r.line().to_string(),
            "[2, 3] not kept (disadvantage), [1, 1] + 1 = 3 against target 4: a fail"
        );
    }

    #[test]
    fn a_pick_by_the_rules_says_which_and_a_given_total_stands() {
        let r = Rolled::new(None)
            .dice(Dice::one("d20", 12))
            .dice(Dice::one("sword d8", 3).dropped(Why::Rules("the lower weapon".into())))
            .dice(Dice::one("axe d10", 7))
            .total(19);
        assert_eq!(
            r.line().to_string(),
            "d20 12, sword d8 3 not kept (the lower weapon), axe d10 7 = 19"
        );
    }
}
