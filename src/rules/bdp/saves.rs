//! Saves (B5, B6), contests (B7-B9), Time/Gear/Skill (B10-B13), the Die of Fate (B14) and the
//! queue of what waits for the judge, with its answers.

use super::command::{Certainty, Event, Mood};
use super::model::{Ability, Character, Reason};
use super::state::{Ask, Question, Roll, State, Then, Wait};
use super::{harm, zero_check};
use crate::dice::{DiceSource, Edge};
use crate::rules::RuleError;

/// B5: does `face` pass against `score`?
pub fn passes(face: u16, score: u8) -> bool {
    face == 1 || (face != 20 && face <= u16::from(score))
}

/// B6's order, higher is better: a pass beats a fail; among passes the higher face; among
/// fails the lower face.
fn rank(face: u16, score: u8) -> (bool, u16) {
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
    purpose: &str,
) -> Result<Rolled, RuleError> {
    let net = edge.balance().signum();
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
    })));
    Ok(())
}

pub fn ask(
    state: &mut State,
    ask: Ask,
    title: String,
    why: String,
    options: Vec<String>,
    proposed: usize,
) {
    state.queue.push(Wait::Ask(Box::new(Question {
        ask,
        title,
        why,
        options,
        proposed,
    })));
}

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
        out.push(Event::said(
            if r.pass { Mood::Good } else { Mood::Bad },
            format!(
                "{}: {ability} {score}, rolled {:?}, kept {}: {}",
                c.name,
                r.faces,
                r.face(),
                if r.pass { "pass" } else { "fail" }
            ),
        ));
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

/// B12: the ticks the product proposes for a task, and the hints behind them.
pub fn propose_ticks(
    c: &Character,
    what: &str,
    ability: Option<Ability>,
    rushed: bool,
) -> (bool, bool, bool, Vec<String>) {
    let w = what.to_ascii_lowercase();
    let mut hints = Vec::new();
    let time = !rushed;
    let mut gear = true;
    let climbing = w.contains("climb");
    if (climbing || w.contains("sneak")) && c.wears(|i| i.heavy_armour) {
        gear = false;
        hints.push("heavy armour hinders it".to_string());
    }
    if climbing && c.empty_slot().is_none() {
        gear = false;
        hints.push("a full pack hinders climbing".to_string());
    }
    if climbing && c.timers.iter().any(|t| t.name == "Ironroot Brew") {
        gear = true;
        hints.push("Ironroot Brew helps climbing".to_string());
    }
    let matches = |tags: &[String]| {
        tags.iter()
            .any(|t| !t.is_empty() && w.contains(&t.to_ascii_lowercase()))
    };
    let career = matches(&c.careers) || matches(&c.skills);
    let background = matches(&c.backgrounds);
    let mut skill = career || background;
    if let Some(a) = ability {
        let s = c.score(a).cur;
        if s >= 15 {
            skill = true;
            hints.push(format!("{a} {s}: skilled"));
        } else if s <= 6 && background && !career {
            skill = false;
            hints.push(format!("{a} {s}: the background alone is not enough"));
        }
    }
    (time, gear, skill, hints)
}

/// B13's presets, reworded: a name, what counts as time, gear for and against, the ability.
pub const PRESETS: &[(&str, &str, Ability)] = &[
    (
        "lock",
        "time: no guard nearby; gear: picks for, none against",
        Ability::Dex,
    ),
    (
        "sneaking",
        "time: a calm approach; gear: heavy armour against",
        Ability::Dex,
    ),
    (
        "barred door",
        "time: no one inside alerted; gear: a crowbar or ram for",
        Ability::Str,
    ),
    (
        "wall climb",
        "time: no pursuit; gear: rope for, heavy armour or a full pack against",
        Ability::Dex,
    ),
    (
        "escape route",
        "time: a moment to look around; gear: a map for",
        Ability::Wil,
    ),
    (
        "besieged wall",
        "time: between assaults; gear: ladders or hooks for",
        Ability::Str,
    ),
];

/// B10: a task.
pub fn task(
    state: &mut State,
    who: u32,
    how: Certainty,
    what: &str,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character(who)?;
    if c.dead {
        return Err(RuleError::invalid(format!("{} is dead", c.name)));
    }
    let name = c.name.clone();
    let (time, gear, skill) = match how {
        Certainty::Impossible => {
            out.push(Event::said(
                Mood::Bad,
                format!("{name}: {what} is impossible: it fails"),
            ));
            return Ok(());
        }
        Certainty::Sure => {
            out.push(Event::said(
                Mood::Good,
                format!("{name}: {what} is sure: it succeeds"),
            ));
            return Ok(());
        }
        Certainty::InDoubt { time, gear, skill } => (time, gear, skill),
        Certainty::Proposed { ability, rushed } => {
            let (t, g, s, hints) = propose_ticks(c, what, ability, rushed);
            if !hints.is_empty() {
                out.push(Event::said(Mood::Plain, hints.join("; ")));
            }
            (t, g, s)
        }
    };
    let ticks = [time, gear, skill].iter().filter(|&&t| t).count();
    let word = |b: bool| if b { "yes" } else { "no" };
    let ticked = format!(
        "time {}, gear {}, skill {}",
        word(time),
        word(gear),
        word(skill)
    );
    match ticks {
        3 => out.push(Event::said(
            Mood::Good,
            format!("{name}: {what} ({ticked}): success, no roll"),
        )),
        0 | 1 => out.push(Event::said(
            Mood::Bad,
            format!("{name}: {what} ({ticked}): failure, no roll"),
        )),
        _ => {
            let title = format!("{name}: {what} ({ticked})");
            let face = dice.roll(6, &title)?;
            state.queue.push(Wait::Roll(Box::new(Roll {
                who,
                title,
                how: "d6: 4-6 success, 2-3 success at a cost, 1 failure.".into(),
                sides: 6,
                faces: vec![face],
                kept: 0,
                pass: face >= 2,
                ruled: None,
                reason: match face {
                    4..=6 => "success".into(),
                    2 | 3 => "success at a cost".into(),
                    _ => "failure".into(),
                },
                then: Then::Task {
                    cost: (2..=3).contains(&face),
                },
            })));
        }
    }
    Ok(())
}

/// B14's answers [data, adapted from Block, Dodge, Parry © Lars Huijbregts, CC BY-SA 4.0].
pub const FATE: [&str; 6] = [
    "No, and…",
    "No",
    "No, but…",
    "Yes, but…",
    "Yes",
    "Yes, and…",
];

pub fn fate(
    question: &str,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let face = dice.roll(6, "the Die of Fate")?;
    let answer = FATE[usize::from(face.clamp(1, 6) - 1)];
    let q = if question.trim().is_empty() {
        "The Die of Fate"
    } else {
        question.trim()
    };
    out.push(Event::said(Mood::Warn, format!("{q}: d6 {face}, {answer}")));
    Ok(())
}

fn nothing_waits() -> RuleError {
    RuleError::invalid("nothing is waiting for the judge")
}

pub fn accept(
    state: &mut State,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    match state.queue.first().ok_or_else(nothing_waits)? {
        Wait::Roll(_) => {
            let Wait::Roll(r) = state.queue.remove(0) else {
                return Err(nothing_waits());
            };
            settle(state, *r, dice, out)
        }
        Wait::Ask(q) => {
            let option = q.proposed;
            choose(state, option, dice, out)
        }
    }
}

pub fn rule(state: &mut State, pass: bool, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let Some(Wait::Roll(r)) = state.queue.first_mut() else {
        return Err(RuleError::invalid(
            "no roll is waiting: a question is answered by choosing",
        ));
    };
    r.ruled = (pass != r.pass).then_some(pass);
    out.push(Event::said(
        Mood::Ruling,
        format!(
            "The judge rules {} a {}",
            r.title,
            if pass { "pass" } else { "fail" }
        ),
    ));
    Ok(())
}

pub fn cancel(state: &mut State, out: &mut Vec<Event>) -> Result<(), RuleError> {
    if state.queue.is_empty() {
        return Err(nothing_waits());
    }
    let w = state.queue.remove(0);
    let what = match w {
        Wait::Roll(r) => r.title,
        Wait::Ask(q) => q.title,
    };
    out.push(Event::said(Mood::Ruling, format!("Dropped: {what}")));
    Ok(())
}

fn settle(
    state: &mut State,
    r: Roll,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let pass = r.verdict();
    match r.then {
        Then::Nothing => {
            out.push(Event::said(
                if pass { Mood::Good } else { Mood::Bad },
                format!("{}: {}", r.title, if pass { "PASS" } else { "FAIL" }),
            ));
            Ok(())
        }
        Then::Crit { ability, source } => {
            harm::crit_settled(state, r.who, ability, &source, pass, dice, out)
        }
        Then::Task { cost } => {
            if !pass {
                out.push(Event::said(Mood::Bad, format!("{}: failure", r.title)));
            } else if cost && r.ruled.is_none() {
                out.push(Event::said(
                    Mood::Warn,
                    format!("{}: success at a cost", r.title),
                ));
                let name = state.name_of(r.who);
                ask(
                    state,
                    Ask::Cost { who: r.who },
                    format!("{name}'s cost"),
                    "success at a cost: +1 Fatigue is proposed".into(),
                    vec![
                        "+1 Fatigue".into(),
                        "minor damage (enter it)".into(),
                        "an item breaks (mark it)".into(),
                        "a complication (note it)".into(),
                    ],
                    0,
                );
            } else {
                out.push(Event::said(Mood::Good, format!("{}: success", r.title)));
            }
            Ok(())
        }
    }
}

pub fn choose(
    state: &mut State,
    option: usize,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let Some(Wait::Ask(q)) = state.queue.first() else {
        return Err(RuleError::invalid(
            "no question is waiting: a roll is accepted or ruled",
        ));
    };
    if option >= q.options.len() {
        return Err(RuleError::invalid(format!(
            "choose 1 to {}",
            q.options.len()
        )));
    }
    let Wait::Ask(q) = state.queue.remove(0) else {
        return Err(nothing_waits());
    };
    let q = *q;
    let picked = q.options[option].clone();
    if option != q.proposed {
        out.push(Event::said(
            Mood::Ruling,
            format!("{}: the judge picks {picked}", q.title),
        ));
    }
    match q.ask {
        Ask::Contest { a, b, why } => {
            if option == 3 {
                return contest(state, a, b, &why, dice, out);
            }
            out.push(Event::said(Mood::Plain, format!("{}: {picked}", q.title)));
            Ok(())
        }
        Ask::Cost { who } => {
            if option == 0 {
                harm::fatigue(state, who, Reason::TaskCost, out)
            } else {
                out.push(Event::said(Mood::Warn, format!("{}: {picked}", q.title)));
                Ok(())
            }
        }
        Ask::OutWord { who, ability } => {
            let word = picked;
            let c = state.character_mut(who)?;
            out.push(Event::said(Mood::Bad, format!("{} is out: {word}", c.name)));
            c.out = Some(super::model::Out {
                word,
                ability,
                zero: false,
            });
            Ok(())
        }
        Ask::Injury { who, face, source } => {
            if option == 1 {
                out.push(Event::said(
                    Mood::Mended,
                    format!("{}: worn gear stops the injury", state.name_of(who)),
                ));
                return Ok(());
            }
            harm::injury(state, who, face, &source, dice, out)
        }
        Ask::DropHeld { who, slot, area } => {
            if option == 0 {
                let c = state.character_mut(who)?;
                if let Some(i) = c.take_item(slot) {
                    out.push(Event::said(
                        Mood::Harm,
                        format!("{} drops the {} ({})", c.name, i.name, area.word()),
                    ));
                }
            }
            Ok(())
        }
        Ask::Drop { who, fill, items } => {
            let Some(&at) = items.get(option) else {
                return Err(RuleError::invalid(
                    "no item is left to drop: rule it with clear, drop or the sheet edits",
                ));
            };
            let c = state.character_mut(who)?;
            let item = c
                .take_item(at)
                .ok_or_else(|| RuleError::invalid("that slot holds no item"))?;
            out.push(Event::said(
                Mood::Warn,
                format!("{} drops the {} (logged as dropped)", c.name, item.name),
            ));
            harm::place(state, who, fill, out)
        }
        Ask::Rise { who, wound, held } => {
            if option == 1 {
                let c = state.character_mut(who)?;
                let name = c.name.clone();
                if let Some(super::model::Slot::Wound(w)) = c.slots.get_mut(held) {
                    w.level = w.level.up().unwrap_or(w.level);
                    let w = w.clone();
                    out.push(Event::said(
                        Mood::Harm,
                        format!("{name}'s wound rises: {}", w.text()),
                    ));
                    if w.level == super::model::Level::Permanent {
                        harm::ask_permanent(state, who, w);
                    }
                }
                Ok(())
            } else {
                harm::place_new(state, who, super::model::Slot::Wound(wound), out)
            }
        }
        Ask::Permanent { who, wound: _ } => {
            let ability = Ability::ALL[option.min(2)];
            let c = state.character_mut(who)?;
            let s = c.score_mut(ability);
            s.max = s.max.saturating_sub(1);
            s.cur = s.cur.min(s.max);
            c.untrained[ability.index()] += 1;
            out.push(Event::said(
                Mood::Harm,
                format!("{} loses 1 {ability} for good", c.name),
            ));
            zero_check(state, who, ability, out);
            Ok(())
        }
    }
}
