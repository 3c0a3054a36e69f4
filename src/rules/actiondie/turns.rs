//! Turns within an initiative round (D10, D17, D19, D25, D33, D40): a turn begins (effects of
//! its owner end, it bleeds, its action's lasting effect starts), moves, ends; the round ends
//! when all have acted, Run ends and the clock moves 6 seconds; the judge may reorder those
//! still to act; the dead and the fled leave.

use super::checks;
use super::command::{Mood, Out, say};
use super::damage;
use super::initiative::{action_text, fight, fight_mut, tie_waits};
use super::model::{Action, Status};
use super::state::{Ask, Entry, QUARTER, ROUND, State, Wait};
use crate::dice::DiceSource;
use crate::rules::RuleError;
use crate::rules::said::words;

/// Begins the next turn when none is under way and no tie waits; ends the round when all
/// have acted.
pub(super) fn start_next(
    state: &mut State,
    dice: &mut dyn DiceSource,
    out: &mut Out,
) -> Result<(), RuleError> {
    let f = fight(state)?;
    if !f.rolled || f.acting.is_some() || tie_waits(state) {
        return Ok(());
    }
    match f.entries.iter().find(|e| !e.acted).map(|e| e.id) {
        Some(id) => begin(state, id, dice, out),
        None => end_round(state, dice, out),
    }
}

/// D17, D19, D25: a turn begins: its owner's Defend and Help end, it bleeds, then its chosen
/// action's lasting effect starts.
fn begin(
    state: &mut State,
    id: u32,
    dice: &mut dyn DiceSource,
    out: &mut Out,
) -> Result<(), RuleError> {
    let f = fight_mut(state)?;
    f.acting = Some(id);
    let Some(e) = f.entry_mut(id) else {
        return Ok(());
    };
    let first = !e.began;
    e.began = true;
    e.reevaluated = false;
    let (count, action) = (e.count, e.action.clone());
    // The name is for the step's words only.
    let name = if crate::rules::said::is_quiet() {
        String::new()
    } else {
        state.name_of(id)
    };
    let unconscious = state.character(id)?.has(Status::Unconscious);
    say(
        out,
        Mood::Warn,
        words!(
            "{name}'s turn (count {count}): {}",
            if unconscious {
                "no action".to_string()
            } else {
                action
                    .as_ref()
                    .map_or("no action".into(), |a| action_text(state, id, a))
            }
        ),
    );
    if first {
        expire(state, id, out);
        if state.character(id)?.has(Status::Bleeding) {
            say(out, Mood::Harm, words!("{name} bleeds"));
            damage::hurt(state, id, 1, None, false, None, dice, out)?;
        }
    }
    let c = state.character(id)?;
    if c.dead {
        return start_next(state, dice, out);
    }
    if c.has(Status::Unconscious) {
        return Ok(());
    }
    match action {
        Some(Action::Defend) => {
            state.character_mut(id)?.defending = true;
            say(
                out,
                Mood::Plain,
                words!("{name} defends: AR +2 until its next turn"),
            );
        }
        Some(Action::Run) => {
            state.character_mut(id)?.running = true;
            say(
                out,
                Mood::Plain,
                words!("{name} runs: movement doubled this round"),
            );
        }
        Some(Action::Help { whom }) => {
            if let Ok(w) = state.living_mut(whom) {
                w.helped = Some(super::character::Helped { helper: id });
                let wn = w.name.clone();
                say(
                    out,
                    Mood::Good,
                    words!(
                        "{name} helps {wn}: advantage on the next check before {name}'s next turn"
                    ),
                );
            }
        }
        _ => {}
    }
    Ok(())
}

/// D19: what lasts until this owner's next turn starts ends now.
fn expire(state: &mut State, owner: u32, out: &mut Out) {
    for c in &mut state.characters {
        if c.id == owner && c.defending {
            c.defending = false;
            say(out, Mood::Plain, words!("{}'s Defend ends", c.name));
        }
        if c.helped.as_ref().is_some_and(|h| h.helper == owner) {
            c.helped = None;
            say(out, Mood::Plain, words!("{}'s help runs out", c.name));
        }
    }
}

/// D19, D40: the round ends: Run ends, the effects of owners with no turn to come end, the
/// clock moves 6 seconds (encumbrance saves at each quarter hour, D37), and everyone chooses
/// again.
fn end_round(state: &mut State, dice: &mut dyn DiceSource, out: &mut Out) -> Result<(), RuleError> {
    fight(state)?;
    let State {
        characters, fight, ..
    } = state;
    let Some(f) = fight.as_mut() else {
        return Ok(());
    };
    let in_fight = |id: u32| f.entries.iter().any(|e| e.id == id);
    for i in 0..characters.len() {
        // A helper who is in the session but not in the scene has no turn to come.
        let helper_gone = characters[i]
            .helped
            .as_ref()
            .is_some_and(|h| !in_fight(h.helper) && characters.iter().any(|c| c.id == h.helper));
        let c = &mut characters[i];
        c.running = false;
        if !in_fight(c.id) {
            c.defending = false;
        }
        if helper_gone {
            c.helped = None;
        }
    }
    f.round += 1;
    f.rolled = false;
    f.acting = None;
    for e in &mut f.entries {
        // The list of rolls keeps its room for the next round's.
        let mut rolls = std::mem::take(&mut e.rolls);
        rolls.clear();
        *e = Entry::new(e.id);
        e.rolls = rolls;
    }
    // D16: the roster's order is the proposal for the judge's tie-break, and the order the
    // dice are rolled in.
    f.entries
        .sort_by_key(|e| characters.iter().position(|c| c.id == e.id));
    let round = f.round;
    say(
        out,
        Mood::Warn,
        words!("Round {round}: everyone chooses an action"),
    );
    let crossed = state.clock.advance(ROUND, 1, &[QUARTER]);
    for _ in crossed {
        checks::quarter(state, dice, out)?;
    }
    Ok(())
}

/// D17: the acting participant's turn is done; the next begins.
pub fn next(state: &mut State, dice: &mut dyn DiceSource, out: &mut Out) -> Result<(), RuleError> {
    let f = fight_mut(state)?;
    if !f.rolled {
        return Err(RuleError::invalid(
            "the round has not started: choose actions and roll the initiative",
        ));
    }
    if let Some(id) = f.acting.take()
        && let Some(e) = f.entry_mut(id)
    {
        e.acted = true;
    }
    start_next(state, dice, out)
}

/// The judge's order for those still to act (over D16).
pub fn order(state: &mut State, ids: &[u32], out: &mut Out) -> Result<(), RuleError> {
    let f = fight(state)?;
    let rest: Vec<u32> = f
        .entries
        .iter()
        .filter(|e| !e.acted && Some(e.id) != f.acting)
        .map(|e| e.id)
        .collect();
    let mut sorted = ids.to_vec();
    sorted.sort_unstable();
    let mut want = rest.clone();
    want.sort_unstable();
    if sorted != want {
        let names: Vec<String> = rest.iter().map(|&id| state.name_of(id)).collect();
        return Err(RuleError::invalid(format!(
            "name everyone still to act, once each: {}",
            names.join(", ")
        )));
    }
    let names: Vec<String> = ids.iter().map(|&id| state.name_of(id)).collect();
    let f = fight_mut(state)?;
    let fixed = f.entries.len() - rest.len();
    let mut tail: Vec<Entry> = f.entries.drain(fixed..).collect();
    for &id in ids {
        if let Some(i) = tail.iter().position(|e| e.id == id) {
            f.entries.push(tail.remove(i));
        }
    }
    state
        .queue
        .retain(|w| !matches!(w, Wait::Ask(q) if matches!(q.ask, Ask::Tie { .. })));
    say(
        out,
        Mood::Ruling,
        words!("The judge orders the rest: {}", names.join(", ")),
    );
    Ok(())
}

/// D10, D13, D18: movement on one's own turn, up to the effective movement.
pub fn step(state: &mut State, who: u32, squares: u16, out: &mut Out) -> Result<(), RuleError> {
    let c = state.living(who)?;
    let (name, most) = (c.name.clone(), c.movement_now());
    let f = fight_mut(state)?;
    if f.acting != Some(who) {
        return Err(RuleError::invalid(format!(
            "{name} moves on its own turn only"
        )));
    }
    let Some(e) = f.entry_mut(who) else {
        return Err(RuleError::invalid(format!("{name} is not in the scene")));
    };
    if u32::from(e.moved) + u32::from(squares) > u32::from(most) {
        return Err(RuleError::invalid(format!(
            "{name} has {} of {most} squares left this turn",
            most.saturating_sub(e.moved)
        )));
    }
    e.moved += squares;
    let moved = e.moved;
    say(
        out,
        Mood::Plain,
        words!("{name} moves {squares} ({moved}/{most} this turn)"),
    );
    Ok(())
}

/// D33: standing up ends Prone and takes the turn's whole movement.
pub fn stand(state: &mut State, who: u32, out: &mut Out) -> Result<(), RuleError> {
    let c = state.living(who)?;
    if !c.has(Status::Prone) {
        return Err(RuleError::invalid(format!("{} is not Prone", c.name)));
    }
    let name = c.name.clone();
    if let Some(f) = state.fight.as_mut()
        && f.entry(who).is_some()
    {
        if f.acting != Some(who) {
            return Err(RuleError::invalid(format!(
                "{name} stands up on its own turn"
            )));
        }
        if let Some(e) = f.entry_mut(who) {
            e.moved = u16::MAX;
        }
    }
    state.character_mut(who)?.set_status(Status::Prone, false);
    say(out, Mood::Mended, words!("{name} stands up"));
    Ok(())
}

/// D28: leaves the order (dead or fled); a turn under way ends with it.
pub fn leave(state: &mut State, who: u32) {
    if let Some(f) = state.fight.as_mut() {
        f.entries.retain(|e| e.id != who);
        if f.acting == Some(who) {
            f.acting = None;
        }
    }
}

pub fn end(state: &mut State, out: &mut Out) -> Result<(), RuleError> {
    fight(state)?;
    state.fight = None;
    for c in &mut state.characters {
        c.running = false;
        c.defending = false;
        c.helped = None;
    }
    state
        .queue
        .retain(|w| !matches!(w, Wait::Ask(q) if matches!(q.ask, Ask::Tie { .. })));
    say(out, Mood::Plain, "The initiative scene ends");
    Ok(())
}
