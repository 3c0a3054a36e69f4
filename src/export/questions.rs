//! Questions the rules leave to the judge, outside the screen: `run` and `show` print a waiting
//! question with its numbered answers (the numbers `choose N` takes), the proposal and why it is
//! asked; the recap lists every question asked with the answer chosen.

use super::{Md, escape, heading};
use crate::dice::RecordedDice;
use crate::rules::{Answer, PendingView, QuestionView};
use crate::session::{self, Command, Session, SessionState};
use std::fmt::Write;

/// The question that waits at the front, if what waits is a question.
pub fn waiting_question(state: &SessionState) -> Option<QuestionView> {
    match state.game.pending() {
        Some(PendingView::Question(q)) => Some(q),
        _ => None,
    }
}

/// A question's lines after its title: why it is asked, what is at stake, then its answers
/// (see [`answer_lines`]).
pub fn question_lines(q: &QuestionView) -> Vec<String> {
    let mut lines = Vec::new();
    if !q.why.is_empty() {
        lines.push(format!("why: {}", q.why));
    }
    if let Some(detail) = &q.detail {
        lines.push(detail.clone());
    }
    lines.extend(answer_lines(q));
    lines
}

/// Each answer with the number `choose N` takes, the proposed one marked; or yes and no.
pub fn answer_lines(q: &QuestionView) -> Vec<String> {
    let mark = |proposed: bool| if proposed { " (proposed)" } else { "" };
    match &q.yes_no {
        Some(yn) => vec![
            format!("yes: {}{}", yn.yes, mark(yn.proposed_yes)),
            format!("no: {}{}", yn.no, mark(!yn.proposed_yes)),
        ],
        None => q
            .options
            .iter()
            .enumerate()
            .map(|(i, o)| format!("{}. {}{}", o.number, o.text, mark(i == q.proposed)))
            .collect(),
    }
}

/// What waits in full: the line `show` has always printed, then, for a question, its lines
/// (see [`question_lines`]), each on its own line after `indent`.
pub fn waiting_in_full(session: &Session, indent: &str) -> Option<String> {
    let mut out = super::waiting(session)?;
    if let Some(q) = waiting_question(session.state()) {
        for line in question_lines(&q) {
            out.push('\n');
            out.push_str(indent);
            out.push_str(&line);
        }
    }
    Some(out)
}

/// The answers of the waiting question in one line, for a refusal (`choose 9` when there are
/// two): "1. Bo (proposed); 2. Rat".
pub fn answers_in_a_line(state: &SessionState) -> Option<String> {
    let q = waiting_question(state)?;
    Some(format!("{}: {}", q.title, answer_lines(&q).join("; ")))
}

/// Which answer `command` gave to `q`, in words, against the state it was given in.
fn answer_given(state: &SessionState, q: &QuestionView, command: &Command) -> String {
    let is = |a: Answer| {
        state
            .game
            .answer(a)
            .is_ok_and(|g| matches!(command, Command::Game(c) if *c == g))
    };
    let option = |i: usize| {
        q.options
            .get(i)
            .map(|o| format!("{}. {}", o.number, o.text))
            .unwrap_or_default()
    };
    if let Some(yn) = &q.yes_no {
        if is(Answer::Yes) {
            return format!("yes: {}", yn.yes);
        }
        if is(Answer::No) {
            return format!("no: {}", yn.no);
        }
    }
    if let Some(i) = (0..q.options.len()).find(|&i| is(Answer::Choose(i))) {
        return option(i);
    }
    if is(Answer::Accept) {
        return match &q.yes_no {
            Some(yn) if yn.proposed_yes => format!("yes: {}", yn.yes),
            Some(yn) => format!("no: {}", yn.no),
            None => option(q.proposed),
        };
    }
    if is(Answer::Cancel) {
        return "dropped, with no effect".into();
    }
    format!("`{}`", crate::script::write(command, state).text)
}

/// One question of the recap: when it was asked, and how it was answered.
struct Asked {
    step: usize,
    question: QuestionView,
    answer: Option<(usize, String)>,
}

/// The recap's chapter of questions: each one asked, at its step, with its answers and the one
/// the judge chose. Nothing when the rules asked none.
pub(super) fn chapter(o: &mut Md<'_>, session: &Session) {
    let mut state = session.initial().clone();
    let mut asked: Vec<Asked> = Vec::new();
    for (n, entry) in session.applied().iter().enumerate() {
        let before = waiting_question(&state);
        let answer = before
            .as_ref()
            .map(|q| answer_given(&state, q, &entry.command));
        let mut dice = RecordedDice::new(&entry.rolls);
        // The log was checked when the session opened; a step that no longer applies ends the
        // chapter rather than the recap.
        if session::apply(&mut state, &entry.command, &mut dice).is_err() {
            break;
        }
        let after = waiting_question(&state);
        if before.is_some()
            && after != before
            && let (Some(last), Some(answer)) = (asked.last_mut(), answer)
            && last.answer.is_none()
        {
            last.answer = Some((n + 1, answer));
        }
        if let Some(q) = after
            && Some(&q) != before.as_ref()
        {
            asked.push(Asked {
                step: n + 1,
                question: q,
                answer: None,
            });
        }
    }
    if asked.is_empty() {
        return;
    }
    heading(o, "## Questions for the judge");
    for a in &asked {
        let q = &a.question;
        let _ = writeln!(o, "- Step {}: **{}**", a.step, escape(&q.title));
        for line in question_lines(q) {
            let _ = writeln!(o, "  - {}", escape(&line));
        }
        let _ = match &a.answer {
            Some((step, answer)) => {
                writeln!(o, "  - answered at step {step}: {}", escape(answer))
            }
            None => writeln!(o, "  - still waiting"),
        };
    }
}
