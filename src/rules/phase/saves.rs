//! Saves (K5, K6) and the queue of what waits for the judge: a save is rolled at once and its
//! consequence waits until the judge accepts the verdict or rules the other way; a question
//! waits for a choice, with the proposal marked. Answering hands the verdict or the choice to
//! the topic module that asked.

use super::command::{Event, Mood};
use super::model::Ability;
use super::state::{Ask, Question, SaveRoll, State, Then, Wait};
use super::{damage, magic, morale, time};
use crate::dice::keep::roll_under;
use crate::dice::{DiceSource, Edge};
use crate::rules::RuleError;
use crate::rules::cairn::{self, nothing_waits};
use crate::rules::line::{Line, Num};

/// Rolls a save for `who` (K5): 1d20 at or under the current score, +1 Blessed (K41), a
/// blind character's DEX saves at disadvantage (K26).
pub fn roll(
    state: &State,
    who: u32,
    ability: Ability,
    edge: Edge,
    why: &str,
    then: Then,
    dice: &mut dyn DiceSource,
) -> Result<SaveRoll, RuleError> {
    let c = state.character(who)?;
    let mut edge = edge;
    if ability == Ability::Dex && c.body.blind() {
        edge.dis = edge.dis.saturating_add(1);
    }
    let bonus: i8 = if c.blessed() { 1 } else { 0 };
    let target = i32::from(c.score(ability).cur) + i32::from(bonus);
    let purpose = format_args!("{}'s {ability} save {why}", c.name);
    let save = roll_under(dice, target, cairn::net(edge), &purpose)?;
    Ok(SaveRoll {
        who,
        ability,
        pass: save.pass,
        roll: save.roll,
        target,
        bonus,
        ruled: None,
        why: why.to_string(),
        then,
    })
}

/// Rolls a save and puts it at the back of the queue.
pub fn ask_save(
    state: &mut State,
    who: u32,
    ability: Ability,
    why: &str,
    then: Then,
    dice: &mut dyn DiceSource,
) -> Result<(), RuleError> {
    let s = roll(state, who, ability, Edge::NONE, why, then, dice)?;
    state.queue.push(Wait::Save(Box::new(s)));
    Ok(())
}

cairn::asking!(usize, yes_no: false);

/// Puts a yes-or-no question at the back of the queue (yes is option 0).
pub fn ask_yes_no(state: &mut State, ask: Ask, title: String, why: String, yes: bool) {
    state.queue.push(Wait::Ask(Box::new(Question {
        ask,
        title,
        why,
        options: vec!["yes".into(), "no".into()],
        proposed: if yes { 0 } else { 1 },
        yes_no: true,
    })));
}

/// 002 calls what waits a save, and counts how many answers there are.
const WORDS: cairn::Words = cairn::Words {
    roll: "save",
    past_the_last: |n| format!("there are only {n} answers to choose from"),
};

cairn::waiting!(Wait, Save => Box<SaveRoll>, Ask => Box<Question>, |q| Some(q.proposed));

cairn::accepting!(settle, choose);

/// `Rule`: the judge sets the front save's verdict (it still waits to be accepted).
pub fn rule(state: &mut State, pass: bool, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let s = cairn::front_roll(&mut state.queue, &WORDS)?;
    s.ruled = (pass != s.pass).then_some(pass);
    let who = s.who;
    let (ability, why) = (s.ability, s.why.clone());
    crate::rules::said::tell(out, || {
        let what = format!(
            "{}'s {ability} save {why} is a {}",
            state.name_of(who),
            if pass { "pass" } else { "fail" }
        );
        Event::line(
            Mood::Ruling,
            Line::new().ruling_on_the_roll(Line::from(format!("The judge rules: {what}"))),
        )
    });
    Ok(())
}

/// `Choose`: an option of the front question.
pub fn choose(
    state: &mut State,
    option: usize,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let q = cairn::take_answer(&mut state.queue, option, &WORDS)?;
    if option != q.proposed {
        crate::rules::said::tell(out, || Event::Ruled {
            what: format!("{}: {}", q.title, q.options[option]),
        });
    }
    answer(state, *q, option, dice, out)
}

/// `Cancel`: drops the front of the queue with no effect.
pub fn cancel(state: &mut State, out: &mut Vec<Event>) -> Result<(), RuleError> {
    if state.queue.is_empty() {
        return Err(nothing_waits());
    }
    let what = match state.queue.remove(0) {
        Wait::Save(s) => format!("{}'s {} save {}", state.name_of(s.who), s.ability, s.why),
        Wait::Ask(q) => q.title,
    };
    crate::rules::said::tell(out, || Event::Dropped { what });
    Ok(())
}

/// Logs a save's verdict and hands it to the rule that called it.
fn settle(
    state: &mut State,
    s: SaveRoll,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let pass = s.verdict();
    crate::rules::said::tell(out, || Event::Saved {
        overruled: pass != s.pass,
        who: state.name_of(s.who),
        id: s.who,
        ability: s.ability,
        faces: s.roll.faces.clone(),
        kept: s.roll.face(),
        target: s.target,
        pass,
        why: s.why.clone(),
    });
    match s.then {
        Then::Nothing => Ok(()),
        Then::Crit { by, note } => damage::crit_result(state, s.who, by, &note, pass, out),
        // A kept spell and a loyal hireling: a pass changes nothing.
        Then::Interrupt | Then::Loyalty if pass => Ok(()),
        Then::Interrupt => magic::interrupted(state, s.who, out),
        Then::Morale { group } => morale::result(state, &group, pass, out),
        Then::Loyalty => morale::disloyal(state, s.who, out),
        Then::Flee => super::moves::flee_result(state, s.who, pass, out),
        Then::Door(how) => time::door_result(state, s.who, how, pass, out),
        Then::Trap { disarm } => time::trap_result(state, s.who, disarm, pass, out),
        Then::Halve { amount, source } => {
            let n = if pass { amount / 2 } else { amount };
            magic::spell_damage(state, s.who, n, &source, dice, out)
        }
        Then::Avoid {
            mark,
            source,
            until,
        } => magic::avoid_result(state, s.who, mark, &source, until, pass, out),
        Then::Enhance => {
            if !pass {
                crate::rules::said::tell(out, || {
                    // What the mishap does is the judge's to say, and the judge's alone to read.
                    Event::line(
                        Mood::Warn,
                        Line::new()
                            .name(s.who, state.name_of(s.who))
                            .plain("'s enhanced spell goes off with a mishap")
                            .judge(Line::from(": the judge says what")),
                    )
                });
            }
            Ok(())
        }
    }
}

/// Hands a question's chosen option to the rule that asked.
fn answer(
    state: &mut State,
    q: Question,
    option: usize,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let yes = option == 0;
    match q.ask {
        Ask::Grievous { who, wound, sides } => super::wounds::grievous_result(
            state,
            who,
            wound,
            sides.get(option).copied(),
            option,
            out,
        ),
        Ask::Withdraw { who } => super::moves::withdraw(state, who, yes, out),
        Ask::Overload { who } => super::load::drop_unit(state, who, option, out),
        Ask::Dies { who } | Ask::Slain { who } => {
            if yes {
                let c = state.character_mut(who)?;
                c.dead = true;
                c.critical = None;
                crate::rules::said::tell(out, || Event::Died {
                    who: c.name.clone(),
                    id: None,
                    why: q.why.clone(),
                });
                morale::casualty(state, out);
            }
            Ok(())
        }
        Ask::Maneuver {
            by,
            target,
            amount,
            effect,
        } => super::wounds::maneuver_result(state, by, target, amount, &effect, yes, dice, out),
        Ask::Restore { who, amount } => {
            let ability = Ability::ALL
                .get(option)
                .copied()
                .ok_or_else(|| RuleError::invalid("choose STR, DEX or WIL"))?;
            let c = state.character_mut(who)?;
            let got = c.score_mut(ability).gain(u32::from(amount));
            crate::rules::said::tell(out, || {
                Event::line(
                    Mood::Mended,
                    Line::new().name(who, c.name.clone()).plain(" regains ").of(
                        who,
                        Line::new()
                            .number(
                                who,
                                Num::Harm,
                                crate::rules::said::words!("{got} {ability}"),
                            )
                            .plain(" (")
                            .number(
                                who,
                                Num::Score,
                                crate::rules::said::words!("{ability} {}", c.score(ability).cur),
                            )
                            .plain(")"),
                        format!("some {ability}"),
                    ),
                )
            });
            Ok(())
        }
        Ask::RestTurn => {
            if yes {
                time::pass_turn(state, "the party rests without moving", dice, out)?;
            }
            Ok(())
        }
        Ask::RestWatch => {
            crate::rules::said::tell(out, || {
                Event::said(
                    Mood::Plain,
                    if yes {
                        "The encumbered travelers will make camp next watch"
                    } else {
                        "The encumbered travelers will spend the next watch idle"
                    },
                )
            });
            Ok(())
        }
    }
}
