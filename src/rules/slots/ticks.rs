//! Effects that fire on time (R36): bleeding on the bleeder's turn, at the end of each try and
//! each watch (R22); asphyxiation and fire at each round's end (R21, R25); hypothermia every 5 or
//! 10 trys of cold and warming (R26); exhaustion and fatigue with rest (R24, R28); bleeding
//! cleared by a fed rest (R22). Malnourishment moves with days and weeks, which the judge marks
//! with `Starve` (R27, [`conditions::starve`]).
//!
//! Each tick is one pub fn so combat and exploration call the same code. Ticks never ask the
//! judge where a condition spreads: they mark the proposed slot and say which others qualified
//! (see [`conditions::Choice`]). Dead characters take no ticks; unconscious ones still bleed,
//! choke, burn and freeze.

use super::conditions::{self, Choice};
use super::model::*;
use super::wounds;
use super::{Event, StatusFlag};
use crate::rules::RuleError;

/// Trys in the cold before hypothermia worsens (R26), and the same when dressed for it.
pub const COLD_TRYS: u16 = 5;
pub const COLD_TRYS_DRESSED: u16 = 10;
/// Trys of rest in a row that remove one E (R24).
pub const REST_TRYS_PER_E: u16 = 5;

/// Every character still alive, in roster order.
pub fn living(state: &State) -> Vec<CharId> {
    state
        .characters
        .iter()
        .filter(|c| !c.status.dead)
        .map(|c| c.id)
        .collect()
}

fn dead(state: &State, who: CharId) -> Result<bool, RuleError> {
    Ok(state.character(who)?.status.dead)
}

/// Bleeding (R22): each open wound worsens bleeding once, lowest wound first, stopping if the
/// character dies of it.
pub fn bleed(state: &mut State, who: CharId, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let slots = state.character(who)?.slots.len() as SlotNo;
    // Bleeding marks slots but opens no wound, so each slot is read as the loop reaches it.
    for slot in 1..=slots {
        let c = state.character(who)?;
        if c.status.dead {
            break;
        }
        if c.slot(slot).is_some_and(|s| s.wound == Wound::Open) {
            conditions::worsen_bleeding_with(state, who, slot, Choice::Proposed, out)?;
        }
    }
    Ok(())
}

/// Can the end of a try touch `c`: are they alive and bleeding (when `bleeding`), in the cold
/// or warming?
fn try_touches(c: &Character, bleeding: bool) -> bool {
    let exposure = &c.status.exposure;
    !c.status.dead
        && (exposure.cold_trys.is_some()
            || exposure.warming
            || (bleeding && conditions::has_open_wound(c)))
}

/// Can the end of a try touch anyone (see [`end_of_try`])? None of a try's ticks, nor a try of
/// rest, opens a wound or starts the cold or the warming, so when this is false at the start of
/// a stretch of trys, every one of its ends passes without a change.
pub fn try_touches_anyone(state: &State, bleeding: bool) -> bool {
    state.characters.iter().any(|c| try_touches(c, bleeding))
}

/// The end of one try while adventuring (R22, R26): bleeding for every open wound (unless
/// `bleeding` is false: a fight already bled turn by turn), then a try of cold or of warming.
pub fn end_of_try(
    state: &mut State,
    bleeding: bool,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    // A tick changes only the one it ticks, so each character is read once, in roster order, as
    // the loop reaches them, and the ticks are called only for those they can touch. Bleeding
    // changes neither the cold nor the warming, nor the cold the warming, so reading both first
    // reads what each tick would.
    for i in 0..state.characters.len() {
        let c = &state.characters[i];
        if c.status.dead {
            continue;
        }
        let who = c.id;
        let wounded = bleeding && conditions::has_open_wound(c);
        let exposure = &c.status.exposure;
        let (cold, warm) = (exposure.cold_trys.is_some(), exposure.warming);
        if wounded {
            bleed(state, who, out)?;
        }
        if cold {
            hypothermia(state, who, out)?;
        }
        if warm {
            warming(state, who, out)?;
        }
    }
    Ok(())
}

/// The end of one watch of travel (R22, R32): bleeding for every open wound.
pub fn end_of_watch(state: &mut State, out: &mut Vec<Event>) -> Result<(), RuleError> {
    for i in 0..state.characters.len() {
        let c = &state.characters[i];
        if !c.status.dead && conditions::has_open_wound(c) {
            bleed(state, c.id, out)?;
        }
    }
    Ok(())
}

/// The end of a combat round (R36). Bleeders who took no turn this round (unconscious,
/// surprised) bleed now, since their turn never came; then asphyxiation and fire.
pub fn end_of_round(
    state: &mut State,
    had_turn: &[CharId],
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    for who in living(state) {
        let c = state.character(who)?;
        if had_turn.contains(&who) || !conditions::has_open_wound(c) {
            continue;
        }
        crate::rules::said::tell(out, || {
            Event::Note(format!(
                "{} had no turn this round and bleeds at its end",
                c.name
            ))
        });
        bleed(state, who, out)?;
    }
    asphyxiation(state, out)?;
    fire(state, out)
}

/// Asphyxiation worsens once for everyone who still cannot breathe (R21).
pub fn asphyxiation(state: &mut State, out: &mut Vec<Event>) -> Result<(), RuleError> {
    for who in living(state) {
        if state.character(who)?.status.exposure.suffocating {
            conditions::worsen_with(
                state,
                who,
                Condition::A,
                "another round without air",
                Choice::Proposed,
                out,
            )?;
        }
    }
    Ok(())
}

/// Fire at a round's end (R25). Slots already alight count the round; one that has burned a
/// full round takes a treated wound (body slots) and loses its flammable item; one still alight
/// a round after that has the wound opened. Then every flammable slot next to a burning one
/// catches, all at once, so fire moves one slot per round.
pub fn fire(state: &mut State, out: &mut Vec<Event>) -> Result<(), RuleError> {
    for who in living(state) {
        let alight = state.character(who)?.marked_with(Condition::F);
        if alight.is_empty() {
            continue;
        }
        for &n in &alight {
            let slot = state.character_mut(who)?.require_slot_mut(n)?;
            slot.burning = slot.burning.saturating_add(1);
            let rounds = slot.burning;
            burn_round(state, who, n, rounds, out)?;
            if dead(state, who)? {
                break;
            }
        }
        if dead(state, who)? {
            continue;
        }
        let catching = conditions::spread_options(state.character(who)?, Condition::F, None);
        for n in catching {
            conditions::mark(
                state,
                who,
                n,
                Condition::F,
                "caught from the fire next to it",
                out,
            )?;
            // It caught at the round's end, so the whole next round counts as its first.
            state.character_mut(who)?.require_slot_mut(n)?.burning = 1;
        }
    }
    Ok(())
}

/// R25: what fire does to slot `n` of `who` at the end of its `rounds`th round alight. After a
/// full round (2) a body slot takes a treated wound and the flammable item that counts there
/// burns away; a round after that (3) the wound opens, and with nothing flammable left there the
/// fire goes out (R25 burns items, not bare slots forever), and the log says so.
fn burn_round(
    state: &mut State,
    who: CharId,
    n: SlotNo,
    rounds: u8,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let body = state.character(who)?.layout.is_body(n);
    match rounds {
        2 => {
            if body {
                wounds::deal_wound(
                    state,
                    who,
                    n,
                    Wound::Treated,
                    "burned for a full round",
                    out,
                )?;
            }
            if let Some(holder) = flammable_holder(state.character(who)?, n) {
                let c = state.character_mut(who)?;
                let name = c.name.clone();
                let slot = c.require_slot_mut(holder)?;
                slot.two_hands = false;
                if let Some(item) = slot.item.take() {
                    crate::rules::said::tell(out, || Event::ItemDestroyed {
                        who: name,
                        id: who,
                        slot: holder,
                        item: item.name,
                    });
                }
            }
        }
        3 => {
            if body && state.character(who)?.require_slot(n)?.wound == Wound::Treated {
                wounds::open_treated(state, who, n, "the slot is still burning", out)?;
            }
            let c = state.character(who)?;
            if c.item_at(n).is_some_and(|i| i.has(Prop::Flammable)) {
                return Ok(());
            }
            let name = c.name.clone();
            let slot = state.character_mut(who)?.require_slot_mut(n)?;
            slot.marks.clear(Condition::F);
            slot.burning = 0;
            crate::rules::said::tell(out, || Event::Unmarked {
                who: name.clone(),
                id: who,
                slot: Some(n),
                condition: Condition::F,
            });
            crate::rules::said::tell(out, || {
                Event::Note(format!(
                    "The fire in slot {n} of {name} goes out: nothing is left there to burn"
                ))
            });
        }
        _ => {}
    }
    Ok(())
}

/// The slot holding the flammable item that counts in slot `n`: the slot's own, or the
/// two-handed weapon's other grip reaching into it; None when nothing flammable counts there.
fn flammable_holder(c: &Character, n: SlotNo) -> Option<SlotNo> {
    if !c.item_at(n).is_some_and(|i| i.has(Prop::Flammable)) {
        return None;
    }
    if c.slot(n).is_some_and(|s| s.item.is_some()) {
        Some(n)
    } else {
        c.two_handed_partner(n)
    }
}

/// Is an equipped item keeping out the cold (R26: "dressed for cold")?
pub fn dressed_for_cold(c: &Character) -> bool {
    (1..=c.slots.len() as SlotNo)
        .any(|n| c.equipped(n) && c.item_at(n).is_some_and(|i| i.has(Prop::Warm)))
}

/// The slot the next frostbite lands on: the one hypothermia marked last (R26). When that is
/// unknown (marked by hand, or warmed away), the H slot that has no wound yet, else the lowest.
fn frostbite_slot(c: &Character) -> Option<SlotNo> {
    let marked = c.marked_with(Condition::H);
    if let Some(last) = c.status.exposure.last_h
        && marked.contains(&last)
    {
        return Some(last);
    }
    marked
        .iter()
        .copied()
        .find(|&n| c.slot(n).is_some_and(|s| s.wound == Wound::None))
        .or_else(|| marked.first().copied())
}

/// One try in the cold (R26): every 5 trys (10 when dressed for it) hypothermia worsens and the
/// slot it marked before takes a treated wound from frostbite.
pub fn hypothermia(state: &mut State, who: CharId, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let c = state.character(who)?;
    let Some(trys) = c.status.exposure.cold_trys else {
        return Ok(());
    };
    if c.status.dead {
        return Ok(());
    }
    let period = if dressed_for_cold(c) {
        COLD_TRYS_DRESSED
    } else {
        COLD_TRYS
    };
    let trys = trys.saturating_add(1);
    if trys < period {
        state.character_mut(who)?.status.exposure.cold_trys = Some(trys);
        return Ok(());
    }
    let marked_before = c.marked_with(Condition::H);
    if marked_before.is_empty() && conditions::start_options(&c.layout, Condition::H).is_empty() {
        crate::rules::said::tell(out, || {
            Event::for_the_judge(format!(
                "{}'s hypothermia should worsen, but no slot is marked H and the body has no \
             legs/feet or arms/hands slot: mark it by hand",
                c.name
            ))
        });
        state.character_mut(who)?.status.exposure.cold_trys = Some(0);
        return Ok(());
    }
    let previous = frostbite_slot(c);
    state.character_mut(who)?.status.exposure.cold_trys = Some(0);
    conditions::worsen_with(
        state,
        who,
        Condition::H,
        &format!("{trys} trys in the cold"),
        Choice::Proposed,
        out,
    )?;
    let c = state.character(who)?;
    let spread = c.marked_with(Condition::H).len() > marked_before.len();
    if spread
        && !c.status.dead
        && let Some(bitten) = previous
    {
        wounds::deal_wound(state, who, bitten, Wound::Treated, "frostbite", out)?;
    }
    Ok(())
}

/// One try of warming (R26): one H goes, the latest first; frostbite stays. Warming stops by
/// itself once no H is left.
pub fn warming(state: &mut State, who: CharId, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let c = state.character(who)?;
    if c.status.dead || !c.status.exposure.warming {
        return Ok(());
    }
    let marked = c.marked_with(Condition::H);
    let last = c.status.exposure.last_h.filter(|n| marked.contains(n));
    if let Some(n) = last.or_else(|| marked.first().copied()) {
        conditions::clear(state, who, Condition::H, Some(n), out)?;
        let c = state.character_mut(who)?;
        if c.status.exposure.last_h == Some(n) {
            c.status.exposure.last_h = None;
        }
        wake_note(state, who, Condition::H, out)?;
    }
    let c = state.character_mut(who)?;
    if c.marked_with(Condition::H).is_empty() {
        c.status.exposure.warming = false;
        crate::rules::said::tell(out, || {
            Event::Note(format!("{} is warm again; any frostbite stays", c.name))
        });
    }
    Ok(())
}

/// An unconscious character whose body is no longer fully marked may wake: the judge says when,
/// since a blow may also have knocked them out.
fn wake_note(
    state: &State,
    who: CharId,
    condition: Condition,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character(who)?;
    let still_full = c
        .layout
        .body_slots()
        .all(|n| c.slot(n).is_some_and(|s| s.marks.has(condition)));
    if c.status.unconscious && !still_full {
        // When they wake is the judge's to decide, and the judge's alone to read.
        crate::rules::said::tell(out, || {
            Event::Told(
                crate::rules::Line::new()
                    .name(c.id, c.name.clone())
                    .plain(format!(
                        "'s {} no longer covers the whole body",
                        condition.name()
                    ))
                    .judge(crate::rules::Line::from(
                        "; the judge decides when they wake",
                    )),
            )
        });
    }
    Ok(())
}

/// A try spent on anything but rest breaks the rest count for exhaustion (R24).
pub fn break_rest(state: &mut State) {
    for c in &mut state.characters {
        c.status.exposure.rest_trys = 0;
    }
}

/// One try of rest (R24) for every living player, in roster order: every fifth try in a row
/// removes one E, the lowest-numbered.
pub fn rest_try(state: &mut State, out: &mut Vec<Event>) -> Result<(), RuleError> {
    for i in 0..state.characters.len() {
        let c = &mut state.characters[i];
        if c.status.dead || c.side != Side::Players {
            continue;
        }
        let rested = c.status.exposure.rest_trys.saturating_add(1);
        if rested < REST_TRYS_PER_E {
            c.status.exposure.rest_trys = rested;
            continue;
        }
        c.status.exposure.rest_trys = 0;
        let who = c.id;
        if let Some(n) = c.first_marked(Condition::E) {
            conditions::clear(state, who, Condition::E, Some(n), out)?;
            wake_note(state, who, Condition::E, out)?;
        }
    }
    Ok(())
}

/// The end of a 30-minute rest: one fatigue mark goes (R28); with food and water and no open
/// wound, one B goes too (R22). The lowest-numbered mark goes first: bleeding and hypothermia
/// spread downwards, so that is the newest.
pub fn rest_end(
    state: &mut State,
    who: CharId,
    fed: bool,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character(who)?;
    if c.status.dead {
        return Ok(());
    }
    let tired = (1..=c.slots.len() as SlotNo).find(|&n| c.slot(n).is_some_and(|s| s.fatigue));
    if let Some(n) = tired {
        conditions::set_fatigue(state, who, n, false, out)?;
    }
    let c = state.character(who)?;
    let Some(n) = c.first_marked(Condition::B) else {
        return Ok(());
    };
    if !fed {
        crate::rules::said::tell(out, || {
            Event::Note(format!(
                "{} rested without food and water, so the bleeding stays",
                c.name
            ))
        });
    } else if conditions::has_open_wound(c) {
        crate::rules::said::tell(out, || {
            Event::Note(format!(
                "{} still has an open wound, so the bleeding stays: treat it first",
                c.name
            ))
        });
    } else {
        conditions::clear(state, who, Condition::B, Some(n), out)?;
    }
    Ok(())
}

/// Ends a cringe whose turn was under way (R8, R36).
pub fn end_cringe(state: &mut State, who: CharId, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    if c.status.cringe == (Cringe::UntilTurnEnds { turn_started: true }) {
        c.status.cringe = Cringe::None;
        crate::rules::said::tell(out, || Event::StatusChanged {
            who: c.name.clone(),
            id: who,
            flag: StatusFlag::Cringe,
            on: false,
            cause: "the turn it lasted for is over".to_string(),
        });
    }
    Ok(())
}

/// A turn begins (R36): a waiting cringe now runs until this turn ends, and each open wound
/// bleeds once (R22).
pub fn start_of_turn(
    state: &mut State,
    who: CharId,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    if c.status.cringe
        == (Cringe::UntilTurnEnds {
            turn_started: false,
        })
    {
        c.status.cringe = Cringe::UntilTurnEnds { turn_started: true };
    }
    bleed(state, who, out)
}
