//! Checks and contests (D5-D8), the encumbrance save (D37), and the judge's answers to what
//! waits: a check against a target waits for the judge's verdict; a question waits for a choice.

use super::command::{CheckSpec, Mood, Out, Roller, say, tell_the_judge};
use super::model::{Bonus, Sense, Status};
use super::state::{Ask, CheckTitle, EdgeWhy, How, Question, Roll, State, Then, Wait};
use super::{damage, initiative};
use crate::dice::DiceSource;
use crate::dice::ladder::Dice;
use crate::rules::RuleError;
use crate::rules::line::Line;
use crate::rules::rolled::{self, Rolled as Words, Term, Why};
use crate::rules::said::words;
use crate::rules::text::Spelt;

/// D37: the target proposed for the encumbrance save.
pub const ENCUMBRANCE_TARGET: i32 = 4;

/// D7: contests re-roll ties; past this many the judge decides by hand.
const MOST_TIES: usize = 50;

/// One check as rolled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rolled {
    /// Each attempt's dice as (sides, face).
    pub attempts: Vec<Vec<(u16, u16)>>,
    pub kept: usize,
    pub total: i32,
    /// How the dice were read.
    pub how: How,
}

/// D6, D8: the net edge of a check (1, 0 or -1) and the reasons.
fn edge(state: &State, r: &Roller) -> Result<(i32, Vec<EdgeWhy>), RuleError> {
    let c = state.living(r.who)?;
    let mut why = Vec::new();
    let mut adv = r.adv > 0;
    let mut dis = r.dis > 0;
    if r.adv > 0 {
        why.push(EdgeWhy::Advantage);
    }
    if r.dis > 0 {
        why.push(EdgeWhy::Disadvantage);
    }
    if let Some(h) = &c.helped {
        adv = true;
        why.push(EdgeWhy::Helped(state.name_of(h.helper)));
    }
    for s in &r.needs {
        if let Some(st) = Status::ALL
            .iter()
            .find(|st| st.sense() == Some(*s) && c.has(**st))
        {
            dis = true;
            why.push(EdgeWhy::Needs(*st, *s));
        }
    }
    Ok((i32::from(adv) - i32::from(dis), why))
}

/// D5, D6: the effective rung's dice plus the bonuses, the whole check rolled twice under an
/// edge with the better (advantage) or worse total kept. The shared `twice_keep` rolls one kind
/// of die, and a skill's die must ride along in each attempt, so the attempts are rolled here.
pub fn roll(state: &mut State, r: &Roller, dice: &mut dyn DiceSource) -> Result<Rolled, RuleError> {
    let (net, why) = edge(state, r)?;
    let c = state.living(r.who)?;
    let rung = c.dice(r.ability);
    let mut flat = i32::from(r.flat);
    let mut extra: Option<Dice> = None;
    let mut skill = None;
    if let Some(name) = &r.skill {
        let s = c
            .skills
            .iter()
            .find(|s| s.name.eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| RuleError::invalid(format!("{} has no skill '{name}'", c.name)))?;
        match s.bonus {
            Bonus::Flat(n) => flat += i32::from(n),
            Bonus::Die(d) => extra = Some(d),
        }
        skill = Some((s.name.clone(), s.bonus));
    }
    let purpose = format_args!("{}: {} check", c.name, r.ability);
    let times = if net == 0 { 1 } else { 2 };
    let mut attempts = Vec::with_capacity(times);
    for _ in 0..times {
        let mut faces: Vec<(u16, u16)> = rung
            .roll(dice, &purpose)?
            .into_iter()
            .map(|f| (rung.sides, f))
            .collect();
        if let Some(d) = extra {
            faces.extend(d.roll(dice, &purpose)?.into_iter().map(|f| (d.sides, f)));
        }
        attempts.push(faces);
    }
    let total_of = |a: &[(u16, u16)]| a.iter().map(|(_, f)| i32::from(*f)).sum::<i32>() + flat;
    let mut kept = 0;
    let mut best = total_of(&attempts[0]);
    for (i, a) in attempts.iter().enumerate().skip(1) {
        let t = total_of(a);
        if (net > 0 && t > best) || (net < 0 && t < best) {
            kept = i;
            best = t;
        }
    }
    // D11: Help counts for one check only.
    if let Ok(c) = state.character_mut(r.who) {
        c.helped = None;
    }
    Ok(Rolled {
        total: best,
        attempts,
        kept,
        how: How {
            ability: r.ability,
            rung,
            skill,
            flat: r.flat,
            net,
            why,
        },
    })
}

fn faces_text(r: &Rolled) -> String {
    r.attempts
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let f: Vec<String> = a.iter().map(|(_, f)| f.to_string()).collect();
            let s = format!("[{}]", f.join(" "));
            if r.attempts.len() > 1 && i != r.kept {
                format!("({s})")
            } else {
                s
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// D5, D6: a check's attempts in words: each attempt's faces, the one kept and why, what was
/// added, the total; a creature's total is its own number.
fn words(who: u32, attempts: &[Vec<(u16, u16)>], kept: usize, total: i32) -> Words {
    let sum = |a: &[(u16, u16)]| a.iter().map(|(_, f)| i32::from(*f)).sum::<i32>();
    let kept_sum = attempts.get(kept).map_or(0, |a| sum(a));
    let mut w = Words::new(Some(who));
    for (i, a) in attempts.iter().enumerate() {
        let mut sides: Vec<String> = Vec::new();
        for (s, _) in a {
            let d = format!("d{s}");
            if !sides.contains(&d) {
                sides.push(d);
            }
        }
        let mut one = rolled::Dice::pool(sides.join("+"), a.iter().map(|(_, f)| *f).collect());
        if i != kept {
            // D6: the whole check rolled twice, the higher (advantage) or lower total kept.
            one = one.dropped(if kept_sum >= sum(a) {
                Why::Advantage
            } else {
                Why::Disadvantage
            });
        }
        w = w.dice(one);
    }
    let flat = total - kept_sum;
    if flat != 0 {
        w = w.plus(Term::of(who, "", flat));
    }
    w.total(total)
}

/// A waiting check in words, as the book read it and as the judge ruled it (D5).
pub fn roll_words(r: &Roll) -> Words {
    let word = |pass: bool| if pass { "a pass" } else { "a fail" };
    words(r.who, &r.attempts, r.kept, r.total)
        .against(Term::open("target", r.target))
        .verdict(word(r.pass()))
        .ruled(r.ruled.map(word))
}

/// D5: a check; against a target it waits for the judge's verdict.
/// `why` says what the check is for, in place of the spec's own.
pub fn check(
    state: &mut State,
    spec: &CheckSpec,
    why: &str,
    then: Then,
    dice: &mut dyn DiceSource,
    out: &mut Out,
) -> Result<(), RuleError> {
    let rolled = roll(state, &spec.roller, dice)?;
    let what = CheckTitle {
        name: state.name_of(spec.roller.who),
        ability: spec.roller.ability,
        why: why.trim().to_string(),
    };
    match spec.target {
        None => {
            let who = spec.roller.who;
            crate::rules::said::tell(out, || {
                let mut line = Line::titled(who, state.name_of(who), &what.to_string()).plain(": ");
                line.0.extend(
                    words(who, &rolled.attempts, rolled.kept, rolled.total)
                        .line()
                        .0,
                );
                crate::rules::said::Event::line(
                    Mood::Plain,
                    line.of(who, Line::new().plain(format!(" ({})", rolled.how)), ""),
                )
            });
        }
        Some(target) => {
            let pass = rolled.total >= target;
            tell_the_judge(
                out,
                Mood::Question,
                words!(
                    "{what} against {target}: {} = {}, {} by the book",
                    faces_text(&rolled),
                    rolled.total,
                    if pass { "a pass" } else { "a fail" }
                ),
            );
            state.queue.push(Wait::Roll(Box::new(Roll {
                who: spec.roller.who,
                title: Spelt::Facts(what),
                how: Spelt::Facts(rolled.how),
                attempts: rolled.attempts,
                kept: rolled.kept,
                total: rolled.total,
                target,
                ruled: None,
                then,
            })));
        }
    }
    Ok(())
}

/// D7: both sides check; the higher total wins, ties roll again with the same settings.
pub fn contest(
    state: &mut State,
    a: &Roller,
    b: &Roller,
    why: &str,
    dice: &mut dyn DiceSource,
    out: &mut Out,
) -> Result<(), RuleError> {
    if a.who == b.who {
        return Err(RuleError::invalid("a contest needs two parties"));
    }
    let (an, bn) = (state.name_of(a.who), state.name_of(b.who));
    // Help lasts for the whole contest: both sides keep their edge when a tie rolls again.
    let helped = (
        state.character(a.who)?.helped.clone(),
        state.character(b.who)?.helped.clone(),
    );
    for _ in 0..MOST_TIES {
        let ra = roll(state, a, dice)?;
        let rb = roll(state, b, dice)?;
        let mut line = Line::new().name(a.who, an.clone()).plain(" ");
        line.0
            .extend(words(a.who, &ra.attempts, ra.kept, ra.total).line().0);
        line = line.plain(" against ").name(b.who, bn.clone()).plain(" ");
        line.0
            .extend(words(b.who, &rb.attempts, rb.kept, rb.total).line().0);
        crate::rules::said::tell(out, || crate::rules::said::Event::line(Mood::Plain, line));
        if ra.total == rb.total {
            state.character_mut(a.who)?.helped = helped.0.clone();
            state.character_mut(b.who)?.helped = helped.1.clone();
            say(out, Mood::Plain, "A tie: both roll again");
            continue;
        }
        let winner = if ra.total > rb.total { &an } else { &bn };
        say(out, Mood::Good, won(winner, why));
        return Ok(());
    }
    // D7 rolls ties again without end; past that many, the judge decides, and the ties stay in
    // the log.
    tell_the_judge(
        out,
        Mood::Question,
        words!("The contest tied {MOST_TIES} times: the judge names the winner"),
    );
    state.queue.push(Wait::Ask(Box::new(Question {
        ask: Ask::Contest {
            ids: [a.who, b.who],
            why: why.trim().to_string(),
        },
        title: format!("Who wins the contest, {an} or {bn}?"),
        why: format!("it tied {MOST_TIES} times in a row; the one who began it is proposed"),
        options: vec![an.clone(), bn.clone()],
        proposed: 0,
    })));
    Ok(())
}

fn won(winner: &str, why: &str) -> String {
    let why = if why.trim().is_empty() {
        String::new()
    } else {
        format!(" ({})", why.trim())
    };
    format!("{winner} wins the contest{why}")
}

/// D37: while over the slots, an STR save against exhaustion, minus the excess slots.
pub fn encumbrance(
    state: &mut State,
    who: u32,
    target: Option<i32>,
    dice: &mut dyn DiceSource,
    out: &mut Out,
) -> Result<(), RuleError> {
    let c = state.living(who)?;
    let excess = c.excess();
    if excess == 0 {
        return Err(RuleError::invalid(format!(
            "{} carries no more than {} slots: no encumbrance save",
            c.name,
            c.slots()
        )));
    }
    let mut roller = Roller::new(who, super::model::Ability::Str);
    roller.flat = -(excess.min(100) as i8);
    let spec = CheckSpec {
        roller,
        target: Some(target.unwrap_or(ENCUMBRANCE_TARGET)),
        why: format!(
            "encumbrance, {} over",
            crate::rules::said::counted(excess, "slot", "slots")
        ),
    };
    check(state, &spec, &spec.why, Then::Exhaustion, dice, out)
}

/// D37: every over-burdened living character saves as each quarter hour passes.
pub fn quarter(
    state: &mut State,
    dice: &mut dyn DiceSource,
    out: &mut Out,
) -> Result<(), RuleError> {
    let ids: Vec<u32> = state
        .characters
        .iter()
        .filter(|c| !c.dead && c.excess() > 0)
        .map(|c| c.id)
        .collect();
    for id in ids {
        encumbrance(state, id, None, dice, out)?;
    }
    Ok(())
}

fn nothing_waits() -> RuleError {
    RuleError::invalid("nothing is waiting for the judge")
}

/// Takes the front of the queue as it stands: a roll's verdict (the judge's when ruled), a
/// question's proposal.
pub fn accept(
    state: &mut State,
    dice: &mut dyn DiceSource,
    out: &mut Out,
) -> Result<(), RuleError> {
    match state.queue.first() {
        None => Err(nothing_waits()),
        Some(Wait::Ask(q)) => {
            let p = q.proposed;
            choose(state, p, dice, out)
        }
        Some(Wait::Roll(_)) => {
            let Wait::Roll(r) = state.queue.remove(0) else {
                return Err(nothing_waits());
            };
            let pass = r.verdict();
            // The roll's words are written only for its line: a quiet step reads none of them.
            crate::rules::said::tell(out, || {
                let w = roll_words(&r);
                let mut line =
                    Line::titled(r.who, state.name_of(r.who), &r.title.text()).plain(": ");
                line.0.extend(w.line().0);
                crate::rules::said::Event::line(Mood::of_check(w.ruled.is_some(), pass), line)
            });
            if r.then == Then::Exhaustion && !pass {
                damage::exhaust(state, r.who, dice, out)?;
            }
            Ok(())
        }
    }
}

/// D37: every waiting roll taken as it stands, in the order they wait, so a long wait's
/// encumbrance saves are settled at once; a question (waiting, or raised by a failure) is left
/// for the judge.
pub fn accept_all(
    state: &mut State,
    dice: &mut dyn DiceSource,
    out: &mut Out,
) -> Result<(), RuleError> {
    let mut n = 0usize;
    while let Some(Wait::Roll(_)) = state.queue.first() {
        accept(state, dice, out)?;
        n += 1;
    }
    if n == 0 {
        return Err(match state.queue.first() {
            None => nothing_waits(),
            Some(_) => RuleError::invalid("a question waits: choose one of its answers"),
        });
    }
    say(
        out,
        Mood::Ruling,
        words!(
            "The judge takes {} as {} stand{}",
            crate::rules::said::counted(n, "roll", "rolls"),
            if n == 1 { "it" } else { "they" },
            if n == 1 { "s" } else { "" }
        ),
    );
    Ok(())
}

/// The judge rules the waiting roll a pass or a fail, over the book.
pub fn rule(state: &mut State, pass: bool, out: &mut Out) -> Result<(), RuleError> {
    let Some(Wait::Roll(r)) = state.queue.first_mut() else {
        return Err(RuleError::invalid(
            "no roll is waiting: a question is answered by choosing",
        ));
    };
    r.ruled = (pass != r.pass()).then_some(pass);
    let verdict = if pass { "pass" } else { "fail" };
    let (who, title) = (r.who, r.title.to_string());
    let title = Line::titled(who, state.name_of(who), &title);
    crate::rules::said::tell(out, || {
        crate::rules::said::Event::line(Mood::Ruling, Line::judge_rules(title, verdict))
    });
    Ok(())
}

/// Answers the waiting question with one of its options.
pub fn choose(
    state: &mut State,
    option: usize,
    dice: &mut dyn DiceSource,
    out: &mut Out,
) -> Result<(), RuleError> {
    let Some(Wait::Ask(q)) = state.queue.first() else {
        return Err(RuleError::invalid(
            "no question is waiting: a roll is accepted or ruled",
        ));
    };
    if option >= q.options.len() {
        return Err(RuleError::invalid(format!(
            "choose one of the {} answers",
            q.options.len()
        )));
    }
    let Wait::Ask(q) = state.queue.remove(0) else {
        return Err(nothing_waits());
    };
    say(
        out,
        Mood::Ruling,
        words!("{}: {}", q.title, q.options[option]),
    );
    match q.ask {
        super::state::Ask::Break { who, items } => {
            damage::break_item(state, who, items.get(option).copied(), out)
        }
        super::state::Ask::Tie { ids } => initiative::settle_tie(state, &ids, option, dice, out),
        super::state::Ask::Contest { ids, why } => {
            let winner = state.name_of(ids[option.min(1)]);
            say(out, Mood::Good, won(&winner, &why));
            Ok(())
        }
    }
}

pub fn cancel(state: &mut State, out: &mut Out) -> Result<(), RuleError> {
    if state.queue.is_empty() {
        return Err(nothing_waits());
    }
    let what = match state.queue.remove(0) {
        Wait::Roll(r) => r.title.to_string(),
        Wait::Ask(q) => q.title,
    };
    say(out, Mood::Ruling, words!("Dropped: {what}"));
    Ok(())
}

/// D8: the senses a check may ask for, by name.
pub fn sense(word: &str) -> Option<Sense> {
    Sense::ALL.into_iter().find(|s| s.word() == word)
}
