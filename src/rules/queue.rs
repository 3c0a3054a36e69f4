//! What waits for the judge in a ruleset whose queue holds rolls and questions alike (bdp,
//! actiondie): each ruleset keeps its own roll and its own kinds of question, and the shape of
//! a question and of the queue's entries is written once here.

use crate::rules::RuleError;
use serde::{Deserialize, Serialize};

/// A question for the judge: what it is about in the ruleset's own terms (`A`), its title, why
/// it is asked, its answers and the one the rules propose.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Question<A> {
    pub ask: A,
    pub title: String,
    pub why: String,
    pub options: Vec<String>,
    pub proposed: usize,
}

/// One entry of the queue: a roll (`R`) whose verdict waits, or a question whose answer waits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Wait<R, A> {
    Roll(Box<R>),
    Ask(Box<Question<A>>),
}

impl<R, A> Wait<R, A> {
    /// How the judge's answer reads this entry, given how a roll's verdict is read.
    pub fn front(&self, verdict: impl Fn(&R) -> bool) -> crate::rules::view::Front {
        use crate::rules::view::Front;
        match self {
            Wait::Roll(r) => Front::Roll {
                verdict: verdict(r),
            },
            Wait::Ask(q) => Front::Question {
                answers: q.options.len(),
            },
        }
    }
}

/// Refuses a command that cannot run while something waits (`runs` false) when the queue holds
/// something: the front is answered first. `roll_title` names a waiting roll.
pub fn answer_first<R, A>(
    queue: &[Wait<R, A>],
    runs: bool,
    roll_title: impl Fn(&R) -> String,
) -> Result<(), RuleError> {
    let Some(front) = queue.first().filter(|_| !runs) else {
        return Ok(());
    };
    let what = match front {
        Wait::Roll(r) => roll_title(r),
        Wait::Ask(q) => q.title.clone(),
    };
    Err(RuleError::invalid(format!(
        "{what} is waiting for the judge: answer it first"
    )))
}
