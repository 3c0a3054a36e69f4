//! Rest (K31-K33): a short rest is a safe, lit turn; a long rest a night in camp with a ration
//! (without one, no HP comes back until there is); a full rest a week in town.

use super::command::{Event, Mood};
use super::model::{Ability, Kind, Side};
use super::state::{Ask, State, World};
use super::{load, round, saves, time};
use crate::dice::DiceSource;
use crate::rules::RuleError;
use crate::rules::line::{Line, Num};
use crate::rules::time::DAY;

/// Everyone named, or every living party member who is still around.
fn who_rests(state: &State, who: &[u32]) -> Result<Vec<u32>, RuleError> {
    if who.is_empty() {
        return Ok(state
            .characters
            .iter()
            .filter(|c| c.side == Side::Party && !c.is_dead() && !c.fled)
            .map(|c| c.id)
            .collect());
    }
    for &w in who {
        state.character(w)?;
    }
    Ok(who.to_vec())
}

/// K24 with K31-K33: a rest of `turns` dungeon turns gives no aid, so a critical character not
/// aided whose six turns run out before it ends is dead before anything of the rest applies (no
/// rest heals the dead, and none asks about it afterwards). Undoing the rest and aiding first
/// is the judge's way out.
fn die_before_rest(state: &mut State, turns: u32, out: &mut Vec<Event>) {
    let last = state.world.turn.saturating_add(turns.saturating_sub(1));
    let mut died = false;
    for c in &mut state.characters {
        if c.is_dead() {
            continue;
        }
        if let Some(k) = c.critical
            && !k.aided
            && k.dies_after <= last
        {
            c.dead = true;
            c.critical = None;
            died = true;
            crate::rules::said::tell(out, || Event::Died {
                who: c.name.clone(),
                id: None,
                why: format!(
                    "critical without aid: dead at the end of turn {}, before the rest (K24)",
                    k.dies_after
                ),
            });
        }
    }
    if died {
        let who: Vec<u32> = state
            .characters
            .iter()
            .filter(|c| c.is_dead())
            .map(|c| c.id)
            .collect();
        state.queue.retain(
            |w| !matches!(w, super::state::Wait::Ask(q) if matches!(q.ask, Ask::Dies { who: d } if who.contains(&d))),
        );
        super::morale::casualty(state, out);
    }
}

/// K31: HP to max (unless no-HP), 1 fatigue off, an aided critical state ended; then the
/// turn passes with one event roll (K44). Refused in a dark dungeon (K48).
pub fn short(
    state: &mut State,
    who: &[u32],
    force: bool,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    round::outside_fight(state, "no one rests in a fight")?;
    if state.world.delve && !World::lit(&state.characters) && !force {
        return Err(RuleError::invalid(
            "it is dark: a short rest needs a delve unit lighting the way",
        ));
    }
    let who = who_rests(state, who)?;
    die_before_rest(state, 1, out);
    for id in who {
        let c = state.character_mut(id)?;
        if c.is_dead() {
            continue;
        }
        let mut did = Vec::new();
        if c.no_hp {
            did.push("no HP back until a long rest with a ration".to_string());
        } else if c.hp.cur < c.hp.max {
            c.hp.cur = c.hp.max;
            did.push(format!("HP {}", c.hp.max));
        }
        if c.fatigue > 0 {
            c.fatigue -= 1;
            did.push(format!("fatigue {}", c.fatigue));
        }
        if c.critical.is_some_and(|k| k.aided) {
            c.critical = None;
            did.push("stabilized".into());
        }
        if !did.is_empty() {
            crate::rules::said::tell(out, || {
                Event::said(
                    Mood::Mended,
                    format!("{} rests: {}", c.name, did.join(", ")),
                )
            });
        }
    }
    time::pass_turn(state, "the party takes a short rest", dice, out)
}

/// K32: each who eats a ration: HP to max, fatigue 0, no-HP cleared and a d6 to one ability
/// (the player picks; proposed the one furthest below its max). Who does not eat gets no
/// rest and cannot regain HP until they do.
pub fn eat_and_sleep(
    state: &mut State,
    who: &[u32],
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    die_before_rest(state, super::state::TURNS_PER_WATCH, out);
    for &id in who {
        if state.character(id)?.is_dead() || state.character(id)?.kind == Kind::Animal {
            continue;
        }
        if !load::eat(state, id)? {
            let c = state.character_mut(id)?;
            c.no_hp = true;
            crate::rules::said::tell(out, || {
                Event::said(
                    Mood::Bad,
                    format!(
                        "{} has no ration: no long rest, and no HP back until one",
                        c.name
                    ),
                )
            });
            continue;
        }
        let c = state.character_mut(id)?;
        c.hp.cur = c.hp.max;
        c.fatigue = 0;
        c.no_hp = false;
        let name = c.name.clone();
        crate::rules::said::tell(out, || {
            Event::line(
                Mood::Mended,
                Line::new()
                    .name(id, name.clone())
                    .plain(" eats and sleeps:")
                    .of(
                        id,
                        Line::new()
                            .plain(" ")
                            .number(
                                id,
                                Num::Health,
                                crate::rules::said::words!("HP {}", c.hp.max),
                            )
                            .plain(","),
                        " hit points back,",
                    )
                    .plain(" no fatigue"),
            )
        });
        let below: Vec<u8> = Ability::ALL
            .iter()
            .map(|&a| c.score(a).below_max())
            .collect();
        if below.iter().all(|&b| b == 0) {
            continue;
        }
        // Proposed: the ability furthest below its max, STR first on a tie.
        let mut proposed = 0;
        for (i, &b) in below.iter().enumerate() {
            if b > below[proposed] {
                proposed = i;
            }
        }
        let face = dice.roll(6, &format_args!("{name}'s long rest"))?;
        crate::rules::said::tell(out, || {
            Event::die(
                name.clone(),
                "d6 for one ability",
                face,
                format!("{face} to restore"),
            )
        });
        saves::ask(
            state,
            Ask::Restore {
                who: id,
                amount: face as u8,
            },
            format!("{name}: restore {face} to which ability?"),
            "a long rest heals one ability".into(),
            Ability::ALL
                .iter()
                .zip(&below)
                .map(|(a, b)| format!("{a} ({b} below its max)"))
                .collect(),
            proposed,
        );
    }
    Ok(())
}

/// K32: a long rest in a dungeon (Decision: 48 turns, one event roll); outside one it is the
/// watch's make-camp action.
pub fn long(
    state: &mut State,
    who: &[u32],
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    round::outside_fight(state, "no one rests in a fight")?;
    let who = who_rests(state, who)?;
    if !state.world.delve {
        return super::wild::watch(
            state,
            super::command::WatchAction::Camp,
            &who,
            false,
            dice,
            out,
        );
    }
    eat_and_sleep(state, &who, dice, out)?;
    super::wild::night_in_dungeon(state, dice, out)
}

/// K50: make camp, a long rest for each traveler who eats.
pub fn camp(
    state: &mut State,
    who: &[u32],
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    crate::rules::said::tell(out, || Event::said(Mood::Plain, "The party makes camp"));
    eat_and_sleep(state, who, dice, out)
}

/// K33: a week in town: HP, fatigue and abilities to max, no-HP cleared, seven days' wages
/// owed; grievous wounds stay (K42). Decision: the town feeds the animals.
pub fn full(state: &mut State, who: &[u32], out: &mut Vec<Event>) -> Result<(), RuleError> {
    round::outside_fight(state, "no one rests in a fight")?;
    if state.world.delve {
        return Err(RuleError::invalid(
            "a full rest is a week in town: leave the delve first",
        ));
    }
    let who = who_rests(state, who)?;
    die_before_rest(state, 7 * 3 * super::state::TURNS_PER_WATCH, out);
    for id in who {
        let c = state.character_mut(id)?;
        if c.is_dead() {
            continue;
        }
        c.hp.cur = c.hp.max;
        c.str.cur = c.str.max;
        c.dex.cur = c.dex.max;
        c.wil.cur = c.wil.max;
        c.fatigue = 0;
        c.no_hp = false;
        c.critical = None;
        c.unfed = false;
        if c.kind == Kind::Hireling {
            c.wage_owed += 70;
        }
        crate::rules::said::tell(out, || {
            Event::said(
                Mood::Mended,
                format!("{} spends a week in town, rested in full", c.name),
            )
        });
    }
    state.world.clock.seconds += 7 * DAY;
    state.world.turn += 7 * 3 * super::state::TURNS_PER_WATCH;
    for c in &mut state.characters {
        c.marks.retain(|m| {
            !matches!(
                m.ends,
                super::model::Ends::AfterTurn(_) | super::model::Ends::AfterDay(_)
            )
        });
    }
    Ok(())
}
