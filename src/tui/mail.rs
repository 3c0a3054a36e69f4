//! The players' mailbox as the judge's screen reads it: the proposals sent from the players'
//! pages that no answer of the judge's names yet, and the answers the screen writes (see
//! [`crate::store::Proposal`]). The screen only reads the proposals; it writes its answers.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use tui_input::Input;

use crate::store::{self, Answer, Proposal, Verdict};

/// The mailbox of the session the screen has open, as the screen last read it.
#[derive(Debug, Default)]
pub struct Mail {
    proposals: PathBuf,
    answers: PathBuf,
    /// The proposals no answer of the judge's names yet, oldest first.
    pub waiting: Vec<Proposal>,
    /// Every answer the judge gave (as many as the file keeps).
    answered: Vec<Answer>,
    /// The mailbox file's time and length when last read.
    seen: Option<(SystemTime, u64)>,
    /// Why the mailbox could not be read, when it could not.
    pub problem: Option<String>,
    /// The log's cursor when the judge put the front proposal off: it shows again after the
    /// next step.
    pub(crate) later: Option<usize>,
    /// The word back to the player, while the judge types it to decline.
    pub word: Option<Input>,
}

impl Mail {
    /// The mailbox of the session at `session`: the answers given so far read at once, the
    /// proposals at the first look.
    pub fn of(session: &Path) -> Mail {
        let answers = store::answers_path(session);
        Mail {
            proposals: store::proposals_path(session),
            answered: store::read_answers(&answers).unwrap_or_default(),
            answers,
            ..Mail::default()
        }
    }

    /// The mailbox file this screen reads.
    pub fn path(&self) -> &Path {
        &self.proposals
    }

    /// Reads the proposals again when their file changed: true when what waits changed.
    pub fn look(&mut self) -> bool {
        let seen = std::fs::metadata(&self.proposals)
            .ok()
            .and_then(|m| Some((m.modified().ok()?, m.len())));
        if seen == self.seen {
            return false;
        }
        self.seen = seen;
        let read = store::read_proposals(&self.proposals);
        let (waiting, problem) = match read {
            Ok(all) => (
                all.into_iter()
                    .filter(|p| !self.answered.iter().any(|a| a.id == p.id))
                    .collect(),
                None,
            ),
            Err(e) => (
                Vec::new(),
                Some(format!("the players' proposals cannot be read: {e}")),
            ),
        };
        let changed = waiting != self.waiting || problem != self.problem;
        if waiting.first().map(|p| &p.id) != self.waiting.first().map(|p| &p.id) {
            self.later = None;
        }
        self.waiting = waiting;
        self.problem = problem;
        changed
    }

    /// Answers the front proposal: written for the page process, then taken off the screen.
    pub(crate) fn answer(
        &mut self,
        verdict: Verdict,
        step: Option<u64>,
    ) -> Result<Proposal, String> {
        let Some(front) = self.waiting.first().cloned() else {
            return Err("no proposal waits".into());
        };
        let mut answered = self.answered.clone();
        answered.push(Answer {
            id: front.id.clone(),
            who: front.who,
            what: front.what.clone(),
            verdict,
            step,
        });
        store::write_answers(&self.answers, &answered)
            .map_err(|e| format!("the answer could not be written, so the proposal waits: {e}"))?;
        self.answered = answered;
        self.waiting.remove(0);
        self.later = None;
        self.word = None;
        Ok(front)
    }
}
