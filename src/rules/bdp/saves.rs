//! Saves (B5, B6), contests (B7-B9) and the queue of what waits for the judge.

use super::command::{Event, Mood};
use super::model::Ability;
use super::state::{Ask, Question, Roll, State, Then, Wait};
use crate::dice::{DiceSource, Edge};
use crate::rules::RuleError;
use crate::rules::line::Line;

/// B5: does `face` pass against `score`?
pub fn passes(face: u16, score: u8) -> bool {
    crate::dice::keep::under(face, i32::from(score))
}

/// B6's order, higher is better: a pass beats a fail; among passes the higher face; among
/// fails the lower face.
pub(super) fn rank(face: u16, score: u8) -> (bool, u16) {
    if passes(face, score) {
        (true, face)
    } else {
        (false, 20 - face)
    }
}

/// A save's faces, the one kept and the verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rolled {
    pub faces: Vec<u16>,
    pub kept: usize,
    pub pass: bool,
}

impl Rolled {
    pub fn face(&self) -> u16 {
        self.faces.get(self.kept).copied().unwrap_or(0)
    }
}

/// B5, B6: 1d20 against `score`, or 2d20 keeping the better or worse by B6's order (one of
/// each edge cancels; never a third die).
pub fn save(
    dice: &mut dyn DiceSource,
    score: u8,
    edge: Edge,
    purpose: &dyn std::fmt::Display,
) -> Result<Rolled, RuleError> {
    // B6 keeps by its own order (a pass beats a fail, then the higher passing face), where
    // K6 keeps the lower face: the verdict is the same, the face shown is not.
    let net = crate::rules::cairn::net(edge);
    let n = if net == 0 { 1 } else { 2 };
    let mut faces = Vec::new();
    for _ in 0..n {
        faces.push(dice.roll(20, purpose)?);
    }
    let mut kept = 0;
    for i in 1..faces.len() {
        let (a, b) = (rank(faces[i], score), rank(faces[kept], score));
        if (net > 0 && a > b) || (net < 0 && a < b) {
            kept = i;
        }
    }
    let pass = passes(faces[kept], score);
    Ok(Rolled { faces, kept, pass })
}

fn how(score: u8, n: usize) -> String {
    if n == 1 {
        format!("d20 at or under {score}: a 1 always passes, a 20 always fails.")
    } else {
        format!("2d20 against {score}, the better or worse kept (a pass beats a fail).")
    }
}

/// Rolls a save for `who` and puts it at the back of the queue.
pub fn ask_save(
    state: &mut State,
    who: u32,
    ability: Ability,
    edge: Edge,
    why: &str,
    then: Then,
    dice: &mut dyn DiceSource,
) -> Result<(), RuleError> {
    let c = state.character(who)?;
    if c.dead {
        return Err(RuleError::invalid(format!("{} is dead", c.name)));
    }
    let score = c.score(ability).cur;
    let title = format!("{}: {ability} save {why}", c.name);
    let r = save(dice, score, edge, &title)?;
    let reason = format!("{} against {ability} {score}", r.face());
    state.queue.push(Wait::Roll(Box::new(Roll {
        who,
        title,
        how: how(score, r.faces.len()),
        sides: 20,
        kept: r.kept,
        pass: r.pass,
        faces: r.faces,
        ruled: None,
        reason,
        then,
        score: Some(score),
        ability: Some(ability),
    })));
    Ok(())
}

crate::rules::cairn::asking!(usize);

/// B7-B9: who wins a contest, by the book: Some(true) a, Some(false) b, None a stand-off; and
/// whether a roll again is proposed (equal faces and equal scores).
pub fn contest_result(a: (&Rolled, u8), b: (&Rolled, u8)) -> (Option<bool>, bool) {
    match (a.0.pass, b.0.pass) {
        (false, false) => (None, false),
        (true, false) => (Some(true), false),
        (false, true) => (Some(false), false),
        (true, true) => {
            let (fa, fb) = (a.0.face(), b.0.face());
            if fa != fb {
                (Some(fa > fb), false)
            } else if a.1 != b.1 {
                (Some(a.1 > b.1), false)
            } else {
                (None, true)
            }
        }
    }
}

/// Rolls a contest and asks the judge to confirm the result.
pub fn contest(
    state: &mut State,
    a: (u32, Ability, Edge),
    b: (u32, Ability, Edge),
    why: &str,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let mut rolls = Vec::new();
    for (who, ability, edge) in [a, b] {
        let c = state.character(who)?;
        if c.dead {
            return Err(RuleError::invalid(format!("{} is dead", c.name)));
        }
        let score = c.score(ability).cur;
        let r = save(
            dice,
            score,
            edge,
            &format!("{}'s {ability} in a contest", c.name),
        )?;
        let words = super::answers::roll_words(&Roll {
            who,
            title: String::new(),
            how: String::new(),
            sides: 20,
            faces: r.faces.clone(),
            kept: r.kept,
            pass: r.pass,
            ruled: None,
            reason: String::new(),
            then: Then::Nothing,
            score: Some(score),
            ability: Some(ability),
        });
        let mut line = Line::new()
            .name(who, c.name.clone())
            .plain(crate::rules::said::words!(": {ability} in a contest: "));
        line.0.extend(words.line().0);
        crate::rules::said::tell(out, || {
            Event::line(if r.pass { Mood::Good } else { Mood::Bad }, line)
        });
        rolls.push((r, score));
    }
    let (win, again) = contest_result((&rolls[0].0, rolls[0].1), (&rolls[1].0, rolls[1].1));
    let (na, nb) = (state.name_of(a.0), state.name_of(b.0));
    let proposed = match (win, again) {
        (Some(true), _) => 0,
        (Some(false), _) => 1,
        (None, false) => 2,
        (None, true) => 3,
    };
    let why_text = match (win, again) {
        (None, false) => "both failed: a stand-off, nothing changes".to_string(),
        (None, true) => "equal faces and equal scores: a stand-off; roll again?".to_string(),
        _ => "the higher passing face wins (equal faces: the higher score)".to_string(),
    };
    ask(
        state,
        Ask::Contest {
            a,
            b,
            why: why.to_string(),
        },
        format!("Contest {why}: {na} against {nb}"),
        why_text,
        vec![
            format!("{na} wins"),
            format!("{nb} wins"),
            "stand-off".into(),
            "roll again".into(),
        ],
        proposed,
    );
    Ok(())
}

/// B5, B6, B26: the waiting save takes an edge after it was rolled (the judge decides an edge
/// applies once the dice are down, as at the table): one more d20, the better or worse kept.
pub fn edge(
    state: &mut State,
    adv: bool,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let Some(Wait::Roll(r)) = state.queue.first() else {
        return Err(RuleError::invalid("no save is waiting to take an edge"));
    };
    let Some(score) = r.score else {
        return Err(RuleError::invalid(
            "only a d20 save takes an edge: this roll is read as it fell",
        ));
    };
    if r.faces.len() != 1 {
        return Err(RuleError::invalid(
            "this save was rolled with an edge already (never a third die, B6)",
        ));
    }
    if r.ruled.is_some() {
        return Err(RuleError::invalid(
            "the judge has ruled this save already: undo the ruling first",
        ));
    }
    let title = r.title.clone();
    let face = dice.roll(20, &title)?;
    let Some(Wait::Roll(r)) = state.queue.first_mut() else {
        return Err(RuleError::invalid("no save is waiting to take an edge"));
    };
    r.faces.push(face);
    let (a, b) = (rank(r.faces[0], score), rank(face, score));
    r.kept = usize::from(if adv { b > a } else { b < a });
    r.pass = passes(r.faces[r.kept], score);
    r.how = how(score, 2);
    r.reason = format!("{} against {score}", r.faces[r.kept]);
    let word = if adv { "advantage" } else { "disadvantage" };
    let words = super::answers::roll_words(r);
    let who = r.who;
    let mut line = Line::titled(who, state.name_of(who), &title)
        .plain(crate::rules::said::words!(": rolled again with {word}: "));
    line.0.extend(words.line().0);
    crate::rules::said::tell(out, || Event::line(Mood::Ruling, line));
    Ok(())
}
