//! What each spell does when it lands (K36, K39-K42), and the timers that end spells with the
//! turn or the watch (Fly's d6, Animate Dead's fate).

use super::command::{Event, Mood};
use super::model::{
    Ability, Casting, Character, Ends, Kind, Mark, MarkKind, Reaction, Score, Side, Spell,
};
use super::state::{State, Then};
use super::{magic, saves};
use crate::dice::DiceSource;
use crate::rules::RuleError;
use crate::rules::rolled::Rolled;

fn mark_all(state: &mut State, targets: &[u32], kind: MarkKind, source: &str, ends: Ends) {
    for c in state
        .characters
        .iter_mut()
        .filter(|c| targets.contains(&c.id))
    {
        c.marks.push(Mark {
            kind: kind.clone(),
            source: source.to_string(),
            ends,
        });
    }
}

/// [data] K40 Speak with Dead: the longest a corpse may have been dead, by level.
pub fn dead_for(level: u8) -> &'static str {
    match level {
        0 | 1 => "10 minutes",
        2 => "1 day",
        3 => "1 week",
        4 => "1 month",
        5 => "1 year",
        6 => "10 years",
        7 => "100 years",
        8 => "1000 years",
        _ => "any time",
    }
}

/// What a spell does when it lands (K36, K39-K42).
pub(super) fn resolve(
    state: &mut State,
    caster: u32,
    cast: Casting,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let l = cast.level;
    let turn = state.world.turn;
    let until = turn + u32::from(l);
    let cname = state.name_of(caster);
    let source = format!("{} from {cname}", cast.item.spell.name());
    // K39 is silent on a target dead by the time the spell lands: it makes no save and takes
    // nothing (the ruleset's page).
    let dead = |t: &u32| state.character(*t).is_ok_and(|c| c.dead);
    for t in cast.targets.iter().filter(|t| dead(t)) {
        crate::rules::said::tell(out, || {
            Event::said(
                Mood::Plain,
                format!(
                    "{} is dead: {source} finds no one to take",
                    state.name_of(*t)
                ),
            )
        });
    }
    let targets: Vec<u32> = cast
        .targets
        .iter()
        .copied()
        .filter(|t| !cast.shielded.contains(t) && !dead(t))
        .collect();
    for t in cast.targets.iter().filter(|t| cast.shielded.contains(t)) {
        crate::rules::said::tell(out, || {
            Event::said(
                Mood::Good,
                format!("{} is shielded from {source}", state.name_of(*t)),
            )
        });
    }
    crate::rules::said::tell(out, || {
        Event::said(Mood::Plain, format!("{source} lands at level {l}"))
    });
    match &cast.item.spell {
        Spell::Fireball | Spell::LightningBolt => {
            for &t in &targets {
                let tname = state.name_of(t);
                let (total, pool) = super::roll_sum(dice, l, 6, &format!("{source} on {tname}"))?;
                crate::rules::said::tell(out, || {
                    Event::rolled(
                        cname.clone(),
                        format!("{l}d6 of {} on {tname}", cast.item.spell.name()),
                        &Rolled::new(None).dice(pool),
                    )
                });
                if state.character(t)?.casting.is_some() {
                    magic::interrupt(state, t, dice)?;
                }
                let then = Then::Halve {
                    amount: total,
                    source: source.clone(),
                };
                saves::ask_save(
                    state,
                    t,
                    Ability::Dex,
                    &format!("against {source}"),
                    then,
                    dice,
                )?;
            }
        }
        Spell::Sleep | Spell::HoldPerson | Spell::Dominate => {
            let mark = match cast.item.spell {
                Spell::Sleep => MarkKind::Asleep,
                Spell::HoldPerson => MarkKind::Held,
                _ => MarkKind::Dominated,
            };
            for &t in &targets {
                let then = Then::Avoid {
                    mark: mark.clone(),
                    source: source.clone(),
                    until,
                };
                saves::ask_save(
                    state,
                    t,
                    Ability::Wil,
                    &format!("against {source}"),
                    then,
                    dice,
                )?;
            }
            if cast.item.spell == Spell::Dominate {
                crate::rules::said::tell(out, || {
                    Event::said(
                        Mood::Warn,
                        format!("{cname}'s own body lies helpless while the spell holds"),
                    )
                });
            }
        }
        Spell::Bless => mark_all(
            state,
            &targets,
            MarkKind::Blessed,
            &source,
            Ends::AfterTurn(until),
        ),
        Spell::Haste => mark_all(state, &targets, MarkKind::Hasted, &source, Ends::FightEnd),
        Spell::Slow => mark_all(state, &targets, MarkKind::Slowed, &source, Ends::FightEnd),
        Spell::WindBarrier => mark_all(
            state,
            &targets,
            MarkKind::WindBarrier,
            &source,
            Ends::AfterTurn(until),
        ),
        Spell::Fly => {
            let mark = Mark {
                kind: MarkKind::Flying { sure_until: until },
                source: source.clone(),
                ends: Ends::Judge,
            };
            mark_all(state, &targets, mark.kind.clone(), &source, mark.ends);
            // The sure turn, as the sheet spells it, so the log and the recap keep it (K40).
            for &t in &targets {
                crate::rules::said::tell(out, || {
                    Event::said(
                        Mood::Good,
                        format!("{} is {}", state.name_of(t), super::view::mark_text(&mark)),
                    )
                });
            }
        }
        Spell::Charm => {
            for &t in &targets {
                let c = state.character_mut(t)?;
                // Decision: an unknown disposition is read as hostile before the step.
                let now = c.reaction.unwrap_or(Reaction::Hostile).warmer();
                c.reaction = Some(now);
                crate::rules::said::tell(out, || {
                    Event::said(Mood::Good, format!("{} is now {}", c.name, now.word()))
                });
            }
        }
        Spell::AnimateDead => {
            for i in 0..l {
                let hp = dice.roll(6, &format_args!("{source}: HP of undead {}", i + 1))?;
                let mut name = format!("{cname}'s undead {}", i + 1);
                let mut n = 1;
                while state.by_name(&name).is_some() {
                    n += 1;
                    name = format!("{cname}'s undead {}.{n}", i + 1);
                }
                let id = crate::rules::take_id(&mut state.next_id)?;
                let mut u = Character::new(id, name.clone(), Kind::Creature, Side::Party);
                u.hp = Score::full(hp as u8);
                u.undead = true;
                u.intelligent = false;
                u.marks.push(Mark {
                    kind: MarkKind::Animated,
                    source: source.clone(),
                    ends: Ends::AfterTurn(until),
                });
                crate::rules::said::tell(out, || Event::Joined {
                    name,
                    id: None,
                    sheet: format!("undead raised by {cname}, HP {hp}"),
                });
                state.characters.push(u);
            }
        }
        Spell::ControlWeather => {
            let day = state.world.clock.day();
            state.world.weather_held_until = Some(day + u64::from(l) - 1);
            crate::rules::said::tell(out, || {
                Event::said(
                    Mood::Plain,
                    format!(
                        "The weather answers to {cname} for {}: set its step",
                        crate::rules::said::counted(l, "day", "days")
                    ),
                )
            });
        }
        Spell::Augury => {
            state.character_mut(caster)?.questions = l;
            crate::rules::said::tell(out, || {
                Event::said(
                    Mood::Plain,
                    format!(
                        "{cname} may ask {} of the augury",
                        crate::rules::said::counted(l, "question", "questions")
                    ),
                )
            });
        }
        Spell::SpeakWithDead => {
            let n = dice.roll(6, &format_args!("{source}: questions"))?;
            crate::rules::said::tell(out, || {
                Event::die(
                    cname.clone(),
                    "d6 for questions to the dead",
                    n,
                    format!("{n} questions, of a corpse dead up to {}", dead_for(l)),
                )
            });
        }
        Spell::HealSickness => {
            for &t in &targets {
                let c = state.character_mut(t)?;
                c.critical = None;
                c.body = Default::default();
                crate::rules::said::tell(out, || {
                    Event::said(
                        Mood::Mended,
                        format!(
                            "{}: the critical state, every grievous wound, mundane poison and disease \
                         are healed; a magical ailment gets a new save",
                            c.name
                        ),
                    )
                });
            }
        }
        other => {
            let who = if targets.is_empty() {
                vec![caster]
            } else {
                targets.clone()
            };
            let kind = MarkKind::Note(other.name().to_string());
            mark_all(state, &who, kind, &source, Ends::AfterTurn(until));
        }
    }
    Ok(())
}

/// K36, K40: what ends with a dungeon turn (or every timer at a watch advance): marks past
/// their turn, Fly's d6 after its sure turns, Animate Dead's fate.
pub fn tick(
    state: &mut State,
    ended: u32,
    watch: bool,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let now = state.world.turn;
    let mut fates: Vec<(String, Vec<u32>)> = Vec::new();
    for c in &mut state.characters {
        let mut kept = Vec::new();
        for m in std::mem::take(&mut c.marks) {
            let over = matches!(m.ends, Ends::AfterTurn(t) if t <= ended || watch);
            if !over {
                kept.push(m);
                continue;
            }
            if m.kind == MarkKind::Animated {
                match fates.iter_mut().find(|(s, _)| *s == m.source) {
                    Some((_, ids)) => ids.push(c.id),
                    None => fates.push((m.source.clone(), vec![c.id])),
                }
            } else {
                crate::rules::said::tell(out, || {
                    Event::said(
                        Mood::Dim,
                        format!("{} is no longer {} ({})", c.name, m.kind.word(), m.source),
                    )
                });
            }
        }
        c.marks = kept;
    }
    let flyers: Vec<u32> = state
        .characters
        .iter()
        .filter(|c| {
            c.marks
                .iter()
                .any(|m| matches!(m.kind, MarkKind::Flying { sure_until } if sure_until < now))
        })
        .map(|c| c.id)
        .collect();
    for id in flyers {
        let name = state.name_of(id);
        let ends = if watch {
            true
        } else {
            let face = dice.roll(6, &format_args!("whether {name}'s flight ends"))?;
            crate::rules::said::tell(out, || {
                Event::die(
                    name.clone(),
                    "d6 for Fly (5 or 6 ends it)",
                    face,
                    if face >= 5 {
                        "the spell ends"
                    } else {
                        "the flight holds"
                    },
                )
            });
            face >= 5
        };
        if ends {
            let c = state.character_mut(id)?;
            c.marks
                .retain(|m| !matches!(m.kind, MarkKind::Flying { .. }));
            crate::rules::said::tell(out, || {
                Event::said(Mood::Warn, format!("{name} is no longer flying"))
            });
        }
    }
    for (source, ids) in fates {
        let face = dice.roll(6, &format_args!("the fate of the undead of {source}"))?;
        let fate = match face {
            1..=3 => "turn hostile",
            4 | 5 => "collapse into dust",
            _ => "serve for good",
        };
        crate::rules::said::tell(out, || {
            Event::die(
                source.clone(),
                "d6 for the undead's fate",
                face,
                format!("they {fate}"),
            )
        });
        for id in ids {
            let c = state.character_mut(id)?;
            match face {
                1..=3 => c.side = Side::Enemies,
                4 | 5 => c.dead = true,
                _ => {}
            }
        }
    }
    Ok(())
}
