//! The judge-ordered turn list (B49), block, dodge and spells (B50), hazards per turn and per
//! watch (B51, B52).

use super::command::{Amount, Event, Mood, Target};
use super::days::living_ids;
use super::harm::{damage, fatigue};
use super::state::{Fight, State, WATCH};
use super::{Hazard, Reason};
use crate::dice::DiceSource;
use crate::rules::RuleError;

fn check_order(state: &State, order: &[u32]) -> Result<(), RuleError> {
    if order.is_empty() {
        return Err(RuleError::invalid("name who is in the fight"));
    }
    for (i, id) in order.iter().enumerate() {
        state.character(*id)?;
        if order[..i].contains(id) {
            return Err(RuleError::invalid(format!(
                "{} is listed twice",
                state.name_of(*id)
            )));
        }
    }
    Ok(())
}

/// B49's proposal: PCs in roster order, then creatures.
pub fn proposed_order(state: &State) -> Vec<u32> {
    let mut pcs: Vec<u32> = Vec::new();
    let mut others = Vec::new();
    for c in state.characters.iter().filter(|c| c.can_act()) {
        if c.kind == super::model::Kind::Pc {
            pcs.push(c.id);
        } else {
            others.push(c.id);
        }
    }
    pcs.extend(others);
    pcs
}

fn can_act(state: &State, id: u32) -> bool {
    state.character(id).is_ok_and(|c| c.can_act())
}

/// B49: the place of the next listed character after the one under way who can act and has
/// not acted this round.
fn later(state: &State, f: &Fight) -> Option<usize> {
    (f.at + 1..f.order.len())
        .find(|&i| can_act(state, f.order[i]) && !f.acted.contains(&f.order[i]))
}

/// B49: the place of the first listed character who can act, who opens a round.
fn first(state: &State, f: &Fight) -> Option<usize> {
    f.order.iter().position(|&id| can_act(state, id))
}

/// The one who opens the next round, when nobody listed after the turn under way is left to
/// act this round. Changes nothing.
pub fn opens_next_round(state: &State) -> Option<u32> {
    let f = state.fight.as_ref()?;
    match later(state, f) {
        Some(_) => None,
        None => first(state, f).and_then(|i| f.order.get(i).copied()),
    }
}

pub fn start(
    state: &mut State,
    order: Vec<u32>,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if state.fight.is_some() {
        return Err(RuleError::invalid("a fight is under way: end it first"));
    }
    let order = if order.is_empty() {
        proposed_order(state)
    } else {
        order
    };
    check_order(state, &order)?;
    let at = order.iter().position(|&id| can_act(state, id)).unwrap_or(0);
    state.fight = Some(Fight {
        order,
        round: 1,
        at,
        acted: Vec::new(),
    });
    crate::rules::said::tell(out, || Event::said(Mood::Warn, "The fight begins: round 1"));
    turn_starts(state, dice, out)
}

pub fn reorder(state: &mut State, order: Vec<u32>, out: &mut Vec<Event>) -> Result<(), RuleError> {
    check_order(state, &order)?;
    let f = state.fight.as_mut().ok_or_else(crate::rules::no_fight)?;
    let acting = f.order.get(f.at).copied();
    f.at = acting
        .and_then(|a| order.iter().position(|&x| x == a))
        .unwrap_or(0);
    f.order = order;
    crate::rules::said::tell(out, || {
        Event::said(Mood::Ruling, "The judge reorders the turn list")
    });
    Ok(())
}

/// B49: the next listed character neither dead nor out; after the last, a new round.
pub fn next(
    state: &mut State,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let f = state.fight.clone().ok_or_else(crate::rules::no_fight)?;
    let mut f = f;
    if let Some(&id) = f.order.get(f.at)
        && !f.acted.contains(&id)
    {
        f.acted.push(id);
    }
    match later(state, &f) {
        Some(i) => f.at = i,
        None => {
            f.round += 1;
            f.acted.clear();
            f.at = first(state, &f).unwrap_or(0);
            crate::rules::said::tell(out, || {
                Event::said(Mood::Plain, format!("Round {}", f.round))
            });
        }
    }
    state.fight = Some(f);
    turn_starts(state, dice, out)
}

/// B51: per-turn hazards tick at the start of an exposed character's turn.
fn turn_starts(
    state: &mut State,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let Some(f) = &state.fight else { return Ok(()) };
    let Some(&id) = f.order.get(f.at) else {
        return Ok(());
    };
    if !can_act(state, id) {
        return Ok(());
    }
    crate::rules::said::tell(out, || {
        Event::line(
            Mood::Plain,
            crate::rules::line::Line::new()
                .name(id, state.name_of(id))
                .plain("'s turn"),
        )
    });
    if state.character(id)?.exposed.contains(&Hazard::Gas) {
        hazard(state, id, Hazard::Gas, 1, "", dice, out)?;
    }
    Ok(())
}

pub fn end(state: &mut State, out: &mut Vec<Event>) -> Result<(), RuleError> {
    state.fight.take().ok_or_else(crate::rules::no_fight)?;
    crate::rules::said::tell(out, || Event::said(Mood::Plain, "The fight ends"));
    Ok(())
}

/// B50: block, dodge and a spell each add one Fatigue.
pub fn tire(
    state: &mut State,
    who: u32,
    reason: Reason,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let name = state.living_mut(who)?.name.clone();
    crate::rules::said::tell(out, || {
        Event::said(Mood::Plain, format!("{name}: {}", reason.word()))
    });
    fatigue(state, who, reason, out)
}

/// B24, B25: a hazard preset applied once (a fall of N floors: Nd10 as one loss).
pub fn hazard(
    state: &mut State,
    who: u32,
    h: Hazard,
    floors: u8,
    source: &str,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let (count, sides, ability, crit) = h.preset();
    // B29: the judge names the source; unnamed, the hazard's own name stands for it.
    let source = if source.trim().is_empty() {
        h.source()
    } else {
        source.trim().to_string()
    };
    let count = if h == Hazard::Fall {
        floors.max(1)
    } else {
        count
    };
    damage(
        state,
        who,
        Amount { count, sides },
        Target::Ability(ability),
        Some(crit),
        &source,
        dice,
        out,
    )
}

/// B51 outside a fight: one tick to each sheet marked exposed.
pub fn tick(
    state: &mut State,
    h: Hazard,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let ids = living_ids(state, |c| c.exposed.contains(&h));
    if ids.is_empty() {
        return Err(RuleError::invalid(format!(
            "no one is marked exposed to {}",
            h.word()
        )));
    }
    for id in ids {
        hazard(state, id, h, 1, "", dice, out)?;
    }
    Ok(())
}

/// B52: a watch passes; cold ticks at its end for those exposed.
pub fn watch(
    state: &mut State,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    state.clock.advance(WATCH, 1, &[]);
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Plain,
            format!("A watch passes: {}", state.clock.describe()),
        )
    });
    let ids: Vec<u32> = state
        .characters
        .iter()
        .filter(|c| !c.dead && c.exposed.contains(&Hazard::Cold))
        .map(|c| c.id)
        .collect();
    for id in ids {
        hazard(state, id, Hazard::Cold, 1, "", dice, out)?;
    }
    Ok(())
}
