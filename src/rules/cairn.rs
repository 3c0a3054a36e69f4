//! What the Cairn family (rule files 001 `bdp`, 002 `phase`, 003 `ap`) shares, written once: the
//! judge's queue of rolls whose verdict waits and questions whose answer waits, and harm that
//! runs past HP into STR with its critical damage save, and the three abilities every sheet of
//! the family carries. Each ruleset keeps its own types, its own save (B5-B6 and K5-K6 roll under the score, A8-A9 roll against a DC) and its own words; these
//! are the steps the three take the same way.

use crate::dice::Edge;
use crate::rules::RuleError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The three abilities of every sheet in the family (001 B2, 002 K5, 003 A1, which calls them
/// attributes), in the order a sheet lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ability {
    Str,
    Dex,
    Wil,
}

impl Ability {
    pub const ALL: [Ability; 3] = [Ability::Str, Ability::Dex, Ability::Wil];

    /// Its place on the sheet, 0 to 2.
    pub fn index(self) -> usize {
        match self {
            Ability::Str => 0,
            Ability::Dex => 1,
            Ability::Wil => 2,
        }
    }

    /// Its short name, "STR".
    pub fn word(self) -> &'static str {
        match self {
            Ability::Str => "STR",
            Ability::Dex => "DEX",
            Ability::Wil => "WIL",
        }
    }
}

impl fmt::Display for Ability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// A score with its current value and its maximum: an ability or HP on a sheet of the family
/// (001 B1, 002 K4, 003 A1-A2). It floors at 0 and never rises above the maximum (002 K33).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    pub cur: u8,
    pub max: u8,
}

impl Score {
    pub fn full(max: u8) -> Score {
        Score { cur: max, max }
    }

    /// Loses up to `n`, flooring at 0; gives back what was lost (what did not fit runs on,
    /// 001 B21).
    pub fn lose(&mut self, n: u32) -> u8 {
        let lost = n.min(u32::from(self.cur)) as u8;
        self.cur -= lost;
        lost
    }

    /// Gains up to `n`, stopping at the maximum; gives back what was gained.
    pub fn gain(&mut self, n: u32) -> u8 {
        let got = n.min(u32::from(self.below_max())) as u8;
        self.cur += got;
        got
    }

    pub fn below_max(self) -> u8 {
        self.max.saturating_sub(self.cur)
    }

    /// A new max (003 A35): a raised max raises the current value by as much, a lowered one
    /// caps it.
    pub fn set_max(&mut self, max: u8) {
        if max > self.max {
            self.cur = self.cur.saturating_add(max - self.max);
        }
        self.max = max;
        self.cur = self.cur.min(max);
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.cur, self.max)
    }
}

/// A save's edge (001 B6, 002 K6): advantage and disadvantage cancel one for one, and never
/// more than one extra die: 1 keeps the better of two, -1 the worse, 0 rolls one. 003 rolls its
/// saves against a DC and takes its edge from object dice instead (A8-A9).
pub fn net(edge: Edge) -> i32 {
    i32::from(edge.balance().signum())
}

/// One thing waiting for the judge: a roll (a save, a check) whose verdict the judge accepts or
/// rules the other way, or a question whose proposal the judge accepts or overrides.
pub trait Waiting: Sized {
    type Roll;
    type Question;
    /// The roll this is, or the wait back unchanged.
    fn into_roll(self) -> Result<Self::Roll, Self>;
    /// The question this is, or the wait back unchanged.
    fn into_question(self) -> Result<Self::Question, Self>;
    /// The roll this is, to be ruled.
    fn roll_mut(&mut self) -> Option<&mut Self::Roll>;
    /// The question this is, with its answers; None for a roll.
    fn asks(&self) -> Option<Asked<'_>>;
}

/// Makes a ruleset's queue entry a [`Waiting`]: the enum, its variant holding the roll and the
/// roll's type, its variant holding the question and the question's type, and which answer a
/// question `q` proposes.
macro_rules! waiting {
    ($wait:ident, $roll:ident => $r:ty, $ask:ident => $q:ty, |$qv:ident| $proposed:expr) => {
        impl $crate::rules::cairn::Waiting for $wait {
            type Roll = $r;
            type Question = $q;
            fn into_roll(self) -> Result<$r, $wait> {
                match self {
                    $wait::$roll(r) => Ok(r),
                    w => Err(w),
                }
            }
            fn into_question(self) -> Result<$q, $wait> {
                match self {
                    $wait::$ask(q) => Ok(q),
                    w => Err(w),
                }
            }
            fn roll_mut(&mut self) -> Option<&mut $r> {
                match self {
                    $wait::$roll(r) => Some(r),
                    $wait::$ask(_) => None,
                }
            }
            fn asks(&self) -> Option<$crate::rules::cairn::Asked<'_>> {
                match self {
                    $wait::$roll(_) => None,
                    $wait::$ask($qv) => Some($crate::rules::cairn::Asked {
                        title: &$qv.title,
                        answers: $qv.options.len(),
                        proposed: $proposed,
                    }),
                }
            }
        }
    };
}
pub(crate) use waiting;

/// Writes a ruleset's `accept`, `Accept` on the queue in its `State`'s `queue`: the front roll
/// comes off to be settled by `settle`, or the front question's proposal is chosen by `choose`,
/// each the ruleset's own step, given the dice and the step's lines. Written where the
/// ruleset's `State` and `Event` are in scope.
macro_rules! accepting {
    ($settle:expr, $choose:expr) => {
        /// `Accept`: the front roll's verdict, or the front question's proposal.
        pub fn accept(
            state: &mut State,
            dice: &mut dyn $crate::dice::DiceSource,
            out: &mut Vec<Event>,
        ) -> Result<(), $crate::rules::RuleError> {
            match $crate::rules::cairn::accept(&mut state.queue)? {
                $crate::rules::cairn::Accepted::Settle(r) => $settle(state, *r, dice, out),
                $crate::rules::cairn::Accepted::Choose(option) => $choose(state, option, dice, out),
            }
        }
    };
}
pub(crate) use accepting;

/// Writes a ruleset's `rule`, `Rule` on the queue in its `State`'s `queue`: the judge sets the
/// front roll's verdict (it still waits to be accepted) and the log says so, a pass and a fail
/// in the ruleset's words (001 "pass" and "fail", 003 "success" and "failure"). Written where
/// the ruleset's `State`, `Event`, `Mood` and queue `WORDS` are in scope; its roll keeps `who`,
/// `title`, `pass` and `ruled`.
macro_rules! ruling {
    ($pass:literal, $fail:literal) => {
        /// `Rule`: the judge's verdict over the front roll's.
        pub fn rule(
            state: &mut State,
            pass: bool,
            out: &mut Vec<Event>,
        ) -> Result<(), $crate::rules::RuleError> {
            use $crate::rules::line::Line;
            let r = $crate::rules::cairn::front_roll(&mut state.queue, &WORDS)?;
            r.ruled = (pass != r.pass).then_some(pass);
            let verdict = if pass { $pass } else { $fail };
            let (who, title) = (r.who, r.title.to_string());
            let title = Line::titled(who, state.name_of(who), &title);
            $crate::rules::said::tell(out, || {
                Event::line(Mood::Ruling, Line::judge_rules(title, verdict))
            });
            Ok(())
        }
    };
}
pub(crate) use ruling;

/// Writes a ruleset's `ask`, where its `State`, `Ask`, `Question` and `Wait` are in scope: it
/// puts a question at the back of the queue with its title, why it is asked, its answers and
/// the answer proposed, of type `$proposed` (an index; `Option<usize>` in 003, whose judge must
/// choose some answers with no proposal, A40). `$field: $value` fill what else the ruleset's
/// question holds (002's yes-or-no mark).
macro_rules! asking {
    ($proposed:ty $(, $field:ident: $value:expr)*) => {
        /// Puts a question at the back of the queue.
        pub fn ask(
            state: &mut State,
            ask: Ask,
            title: String,
            why: String,
            options: Vec<String>,
            proposed: $proposed,
        ) {
            state.queue.push(Wait::Ask(Box::new(Question {
                ask,
                title,
                why,
                options,
                proposed,
                $($field: $value,)*
            })));
        }
    };
}
pub(crate) use asking;

/// Why the judge calls a save (001 and 002's `Save`): the words given, checked, or "called by
/// the judge" when none are.
pub fn called(why: &str) -> Result<String, RuleError> {
    if why.trim().is_empty() {
        Ok("called by the judge".to_string())
    } else {
        crate::rules::text::checked(crate::rules::text::TextKind::Action, why, "")
    }
}

/// What the queue needs to know of a question.
pub struct Asked<'a> {
    pub title: &'a str,
    /// How many answers it offers.
    pub answers: usize,
    /// The answer proposed; None when the judge must choose (003's items to drop, A40).
    pub proposed: Option<usize>,
}

/// How a ruleset words a refusal at its queue.
pub struct Words {
    /// What a roll that waits is called: a "roll" (B, A) or a "save" (K).
    pub roll: &'static str,
    /// The refusal of an answer past the last one, given how many there are.
    pub past_the_last: fn(usize) -> String,
}

pub fn nothing_waits() -> RuleError {
    RuleError::invalid("nothing is waiting for the judge")
}

/// What `Accept` does with the front of the queue.
pub enum Accepted<R> {
    /// The roll, taken off the queue: its verdict stands and its consequence follows.
    Settle(R),
    /// The front question's proposal, to be chosen (the question is still waiting).
    Choose(usize),
}

/// `Accept`: the front roll comes off the queue to be settled, or the front question's
/// proposal is named to be chosen; a question with no proposal waits for the judge's choice.
pub fn accept<W: Waiting>(queue: &mut Vec<W>) -> Result<Accepted<W::Roll>, RuleError> {
    match queue.first().ok_or_else(nothing_waits)?.asks() {
        None => queue
            .remove(0)
            .into_roll()
            .map(Accepted::Settle)
            .map_err(|_| nothing_waits()),
        Some(Asked {
            proposed: Some(proposed),
            ..
        }) => Ok(Accepted::Choose(proposed)),
        Some(Asked { title, .. }) => Err(RuleError::invalid(format!(
            "{title}: there is no default, choose one"
        ))),
    }
}

/// `Rule`: the front roll, whose verdict the judge sets (it still waits to be accepted).
pub fn front_roll<'a, W: Waiting>(
    queue: &'a mut [W],
    words: &Words,
) -> Result<&'a mut W::Roll, RuleError> {
    queue.first_mut().and_then(W::roll_mut).ok_or_else(|| {
        RuleError::invalid(format!(
            "no {} is waiting: a question is answered by choosing",
            words.roll
        ))
    })
}

/// `Choose`: the front question comes off the queue when `option` is one of its answers; else
/// the queue stays as it was.
pub fn take_answer<W: Waiting>(
    queue: &mut Vec<W>,
    option: usize,
    words: &Words,
) -> Result<W::Question, RuleError> {
    let Some(answers) = queue.first().and_then(|w| w.asks()).map(|a| a.answers) else {
        return Err(RuleError::invalid(format!(
            "no question is waiting: a {} is accepted or ruled",
            words.roll
        )));
    };
    if option >= answers {
        return Err(RuleError::invalid((words.past_the_last)(answers)));
    }
    queue.remove(0).into_question().map_err(|_| nothing_waits())
}

/// Tells that a character came with these scores (STR, DEX, WIL) and HP: `said`, then the
/// numbers, which are the newcomer's own (the players' lens reads them as that one's).
pub fn came(
    out: &mut Vec<crate::rules::said::Event>,
    said: impl FnOnce() -> String,
    id: u32,
    scores: [u8; 3],
    hp: u8,
) {
    use crate::rules::line::Line;
    use crate::rules::said::{Event, Mood};
    crate::rules::said::tell(out, || {
        Event::line(
            Mood::Plain,
            Line::new().plain(said()).scores(id, scores, hp),
        )
    });
}

/// Harm `d` against HP `hp` (B21, K21, A32 read alike): HP left, and what runs past 0 into STR.
pub fn past_hp<T: Copy + Ord + Default + std::ops::Sub<Output = T>>(hp: T, d: T) -> (T, T) {
    if d <= hp {
        (hp - d, T::default())
    } else {
        (T::default(), d - hp)
    }
}

/// What harm past HP leads to, once STR has lost it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Past {
    /// Nothing ran past HP: no critical damage.
    Nothing,
    /// STR 0: dead at once, which replaces the save (B22, K23, A33).
    Dead,
    /// A critical damage save against the new STR (B21 and B26, K23, A33). The save itself is
    /// each ruleset's: 1d20 under STR in 001 and 002, d20 + STR against DC 15 in 003.
    Save,
}

/// Harm past HP of `past` that left STR at `str_now`.
pub fn past<T: Default + PartialEq>(past: T, str_now: T) -> Past {
    if past == T::default() {
        Past::Nothing
    } else if str_now == T::default() {
        Past::Dead
    } else {
        Past::Save
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq)]
    struct Question {
        title: &'static str,
        options: Vec<&'static str>,
        proposed: Option<usize>,
    }

    #[derive(Debug, PartialEq)]
    enum Wait {
        Roll(u8),
        Ask(Question),
    }

    waiting!(Wait, Roll => u8, Ask => Question, |q| q.proposed);

    fn ask(title: &'static str, answers: usize, proposed: Option<usize>) -> Wait {
        Wait::Ask(Question {
            title,
            options: vec!["an answer"; answers],
            proposed,
        })
    }

    const WORDS: Words = Words {
        roll: "save",
        past_the_last: |n| format!("only {n}"),
    };

    #[test]
    fn accept_takes_a_roll_and_names_a_proposal() {
        let mut queue = vec![Wait::Roll(7), ask("Drop?", 2, Some(1))];
        assert!(matches!(accept(&mut queue), Ok(Accepted::Settle(7))));
        assert!(matches!(accept(&mut queue), Ok(Accepted::Choose(1))));
        assert_eq!(queue.len(), 1, "a proposal is chosen, not taken");
        let mut none = vec![ask("Which item?", 3, None)];
        let e = accept(&mut none).err().map(|e| e.to_string());
        assert!(e.is_some_and(|e| e.contains("Which item?: there is no default")));
        assert_eq!(none.len(), 1);
        assert!(accept(&mut Vec::<Wait>::new()).is_err());
    }

    #[test]
    fn an_answer_past_the_last_or_to_a_roll_leaves_the_queue_as_it_was() {
        let mut queue = vec![ask("Flee?", 2, Some(0)), Wait::Roll(3)];
        let e = take_answer(&mut queue, 2, &WORDS)
            .err()
            .map(|e| e.to_string());
        assert!(e.is_some_and(|e| e.contains("only 2")));
        assert_eq!(
            take_answer(&mut queue, 1, &WORDS).ok().map(|q| q.title),
            Some("Flee?")
        );
        let e = take_answer(&mut queue, 0, &WORDS)
            .err()
            .map(|e| e.to_string());
        assert!(e.is_some_and(|e| e.contains("no question is waiting: a save is accepted")));
        assert_eq!(queue, vec![Wait::Roll(3)]);
        assert!(front_roll(&mut queue, &WORDS).is_ok_and(|r| *r == 3));
    }

    #[test]
    fn edge_cancels_one_for_one_and_never_adds_a_third_die() {
        let edge = |adv, dis| net(Edge { adv, dis });
        assert_eq!(
            [edge(0, 0), edge(3, 0), edge(2, 1), edge(1, 1), edge(1, 4)],
            [0, 1, 1, 0, -1]
        );
    }

    #[test]
    fn harm_past_hp_goes_on_into_str() {
        assert_eq!(past_hp(5u8, 3), (2, 0));
        assert_eq!(past_hp(5u32, 5), (0, 0));
        assert_eq!(past_hp(5u8, 9), (0, 4));
        assert_eq!(past(0u8, 0), Past::Nothing);
        assert_eq!(past(4u8, 0), Past::Dead);
        assert_eq!(past(4u32, 6), Past::Save);
    }
}
