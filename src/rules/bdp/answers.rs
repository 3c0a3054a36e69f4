//! The judge's answers to what waits (accept, rule, choose, cancel) and what each verdict leads
//! to.

use super::command::{Amount, Target};
use super::command::{Event, Mood};
use super::saves::{ask, contest};
use super::state::{Ask, Question, Roll, State, Then, Wait};
use super::{Ability, Reason};
use super::{Meal, Slot, days, harm, zero_check};
use crate::dice::DiceSource;
use crate::rules::RuleError;
use crate::rules::cairn::{self, nothing_waits};
use crate::rules::line::Line;
use crate::rules::rolled::{self, Dice, Rolled, Term, Why};

/// 001 calls what waits a roll, and counts the answers from 1.
const WORDS: cairn::Words = cairn::Words {
    roll: "roll",
    past_the_last: |n| format!("choose 1 to {n}"),
};

cairn::waiting!(Wait, Roll => Box<Roll>, Ask => Box<Question>, |q| Some(q.proposed));

cairn::accepting!(settle, choose);

cairn::ruling!("pass", "fail");

pub fn cancel(state: &mut State, out: &mut Vec<Event>) -> Result<(), RuleError> {
    if state.queue.is_empty() {
        return Err(nothing_waits());
    }
    let w = state.queue.remove(0);
    let what = match w {
        Wait::Roll(r) => r.title,
        Wait::Ask(q) => q.title,
    };
    // What the judge drops never happened at the table: the players read nothing of it.
    crate::rules::said::tell(out, || {
        Event::line(
            Mood::Ruling,
            Line::new().ruling(
                Line::from(crate::rules::said::words!("Dropped: {what}")),
                Line::new(),
            ),
        )
    });
    Ok(())
}

/// A settled roll in words (B5, B6, B11): its faces, the one kept and why, the score it was
/// against, the book's verdict and the judge's ruling when it differs.
pub fn roll_words(r: &Roll) -> Rolled {
    let die = format!("d{}", r.sides);
    let dice = if r.faces.len() > 1 {
        // B6: the kept face ranks above the other under advantage, below under disadvantage.
        let other = usize::from(r.kept == 0);
        let better = match (r.score, r.faces.get(other)) {
            (Some(score), Some(&o)) => {
                super::saves::rank(r.faces.get(r.kept).copied().unwrap_or(0), score)
                    >= super::saves::rank(o, score)
            }
            _ => true,
        };
        Dice {
            label: die,
            faces: r.faces.clone(),
            keep: rolled::Keep::One(
                r.kept,
                if better {
                    Why::Advantage
                } else {
                    Why::Disadvantage
                },
            ),
        }
    } else {
        Dice::pool(die, r.faces.clone())
    };
    let mut out = Rolled::new(Some(r.who)).dice(dice);
    let word = |pass: bool| {
        match (r.score.is_some(), pass) {
            (true, true) => "a pass",
            (true, false) => "a fail",
            (false, true) => "a success",
            (false, false) => "a failure",
        }
        .to_string()
    };
    if let Some(score) = r.score {
        let label = r.ability.map_or(String::new(), |a| a.to_string());
        out = out
            .against(Term::of(r.who, label, i32::from(score)))
            .verdict(word(r.pass));
    } else {
        out = out.verdict(r.reason.clone());
    }
    out.ruled(r.ruled.map(word))
}

fn settle(
    state: &mut State,
    r: Roll,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let pass = r.verdict();
    let words = roll_words(&r);
    let mut line = Line::titled(r.who, state.name_of(r.who), &r.title).plain(": ");
    line.0.extend(words.line().0);
    crate::rules::said::tell(out, || {
        Event::line(Mood::of_check(words.ruled.is_some(), pass), line)
    });
    match r.then {
        Then::Nothing => Ok(()),
        Then::Crit { ability, source } => {
            harm::crit_settled(state, r.who, ability, &source, pass, dice, out)
        }
        Then::Disease { name } => super::disease::settled(state, r.who, &name, pass, dice, out),
        Then::Meal => {
            if pass {
                days::kept_down(state, r.who, Meal::Desperate, out)
            } else {
                crate::rules::said::tell(out, || {
                    Event::said(
                        Mood::Bad,
                        format!(
                            "{}: the meal comes back up and does not count",
                            state.name_of(r.who)
                        ),
                    )
                });
                Ok(())
            }
        }
        Then::Task { cost, what } => {
            if pass && cost && r.ruled.is_none() {
                let c = state.character(r.who)?;
                let name = c.name.clone();
                let items: Vec<(usize, String)> = c
                    .slots
                    .iter()
                    .enumerate()
                    .filter_map(|(at, s)| match s {
                        Slot::Item(i) if !i.broken => Some((at, i.name.clone())),
                        _ => None,
                    })
                    .collect();
                let mut options =
                    vec!["+1 Fatigue".to_string(), "minor damage: 1d4 HP".to_string()];
                options.extend(
                    items
                        .iter()
                        .map(|(at, n)| format!("the {n} breaks (slot {})", at + 1)),
                );
                options.push("a complication (noted on the sheet)".into());
                ask(
                    state,
                    Ask::Cost {
                        who: r.who,
                        items: items.into_iter().map(|(at, _)| at).collect(),
                        task: what,
                    },
                    format!("{name}'s cost"),
                    "success at a cost: +1 Fatigue is proposed (B11)".into(),
                    options,
                    0,
                );
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
    let q = cairn::take_answer(&mut state.queue, option, &WORDS)?;
    let q = *q;
    let picked = q.options[option].clone();
    if option != q.proposed {
        // B4, B32: dropping an item and a new slot or a rise are the player's choices.
        let said = |chooser: String| format!("{}: {chooser} picks {picked}", q.title);
        crate::rules::said::tell(out, || match &q.ask {
            Ask::Rise { who, .. } | Ask::Drop { who, .. } => Event::said(
                Mood::Ruling,
                said(format!("{}'s player", state.name_of(*who))),
            ),
            // The judge's pick over the proposal: the players read what was picked.
            _ => Event::line(
                Mood::Ruling,
                Line::new().ruling(
                    Line::from(said("the judge".into())),
                    Line::from(crate::rules::said::words!("{}: {picked}", q.title)),
                ),
            ),
        });
    }
    match q.ask {
        Ask::Contest { a, b, why } => {
            if option == 3 {
                return contest(state, a, b, &why, dice, out);
            }
            crate::rules::said::tell(out, || {
                Event::said(Mood::Plain, format!("{}: {picked}", q.title))
            });
            Ok(())
        }
        Ask::Cost { who, items, task } => cost(state, who, option, &items, &task, dice, out),
        Ask::OutWord { who, ability } => {
            let word = picked;
            let c = state.character_mut(who)?;
            crate::rules::said::tell(out, || {
                Event::said(Mood::Bad, format!("{} is out: {word}", c.name))
                    .tallied(crate::rules::Tally::down(&c.name))
            });
            c.out = Some(super::model::Out {
                word,
                ability,
                zero: false,
            });
            Ok(())
        }
        Ask::Injury { who, face, source } => {
            if option == 1 {
                crate::rules::said::tell(out, || {
                    Event::said(
                        Mood::Mended,
                        format!("{}: worn gear stops the injury", state.name_of(who)),
                    )
                });
                return Ok(());
            }
            harm::injury(state, who, face, &source, dice, out)
        }
        Ask::DropHeld { who, slot, area } => {
            if option == 0 {
                let c = state.character_mut(who)?;
                if let Some(i) = c.take_item(slot) {
                    crate::rules::said::tell(out, || {
                        Event::said(
                            Mood::Harm,
                            format!("{} drops the {} ({})", c.name, i.name, area.word()),
                        )
                    });
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
            crate::rules::said::tell(out, || {
                Event::said(
                    Mood::Warn,
                    format!("{} drops the {} (logged as dropped)", c.name, item.name),
                )
            });
            harm::place(state, who, fill, out)
        }
        Ask::Rise { who, wound, held } => {
            if option == 1 {
                let c = state.character_mut(who)?;
                let name = c.name.clone();
                if let Some(super::Slot::Wound(w)) = c.slots.get_mut(held) {
                    w.level = w.level.up().unwrap_or(w.level);
                    let w = w.clone();
                    crate::rules::said::tell(out, || {
                        Event::said(Mood::Harm, format!("{name}'s wound rises: {}", w.text()))
                    });
                    if w.level == super::Level::Permanent {
                        harm::ask_permanent(state, who, w);
                    }
                }
                Ok(())
            } else {
                harm::place_new(state, who, super::Slot::Wound(wound), out)
            }
        }
        Ask::Permanent { who, wound: _ } => {
            let ability = Ability::ALL[option.min(2)];
            let c = state.character_mut(who)?;
            let s = c.score_mut(ability);
            // B35: the maximum and the current score each drop by 1 (the current one never
            // above the new maximum).
            s.max = s.max.saturating_sub(1);
            s.cur = s.cur.saturating_sub(1).min(s.max);
            c.untrained[ability.index()] += 1;
            crate::rules::said::tell(out, || {
                Event::line(
                    Mood::Harm,
                    crate::rules::said::loses(who, &c.name, 1, ability)
                        .plain(" for good")
                        .state(who),
                )
            });
            zero_check(state, who, ability, out);
            Ok(())
        }
    }
}

/// B11: the cost the judge picked, applied to the sheet.
fn cost(
    state: &mut State,
    who: u32,
    option: usize,
    items: &[usize],
    task: &str,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    match option {
        0 => harm::fatigue(state, who, Reason::TaskCost, out),
        1 => harm::damage(
            state,
            who,
            Amount::dice(1, 4),
            Target::Hp,
            None,
            "minor damage, the task's cost",
            dice,
            out,
        ),
        n => {
            let c = state.character_mut(who)?;
            let name = c.name.clone();
            if let Some(&at) = items.get(n - 2) {
                let Some(Slot::Item(i)) = c.slots.get_mut(at) else {
                    return Err(RuleError::invalid("that item is no longer in its slot"));
                };
                i.broken = true;
                crate::rules::said::tell(out, || {
                    Event::said(
                        Mood::Harm,
                        format!("{name}'s {} breaks: the task's cost", i.name),
                    )
                });
            } else {
                let note = if task.is_empty() {
                    "a complication from a task's cost".to_string()
                } else {
                    format!("a complication from {task}")
                };
                c.notes.push(note.clone());
                crate::rules::said::tell(out, || {
                    Event::said(Mood::Warn, format!("{name}: {note}"))
                });
            }
            Ok(())
        }
    }
}
