//! Conditions: the letters marked in slots (R20-R27) and fatigue marks (R9, R28).
//!
//! [`mark`] puts a letter in a slot and fires the whole-body triggers (unconscious, evil);
//! [`worsen`] spreads a condition by R20 (to a slot adjacent to one already marked, through body
//! slots only) with each letter's own limits, and kills where "cannot mark" is a death trigger.
//!
//! Where several slots qualify, a worsening the judge asks for queues a decision; a worsening
//! the clock drives ([`Choice::Proposed`]) marks the proposed slot at once and says which others
//! qualified, because one command may run many ticks (a 5-try rest) and a later tick must see
//! the earlier one's mark.

use super::RollLine;
use super::model::*;
use super::wounds::ask;
use super::{Event, StatusFlag};
use crate::dice::DiceSource;
use crate::rules::RuleError;
use crate::rules::line::{Line, Num};

/// Marks `condition` in `slot` and fires the triggers of a fully marked body (R21, R23, R24, R26).
pub fn mark(
    state: &mut State,
    who: CharId,
    slot: SlotNo,
    condition: Condition,
    cause: &str,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    let s = c.require_slot_mut(slot)?;
    if s.marks.has(condition) {
        return Ok(());
    }
    s.marks.set(condition);
    if condition == Condition::H {
        c.status.exposure.last_h = Some(slot);
    }
    crate::rules::said::tell(out, || Event::Marked {
        who: c.name.clone(),
        id: who,
        slot,
        condition,
        cause: cause.to_string(),
    });
    let all_body = {
        let mut body = c.layout.body_slots().peekable();
        body.peek().is_some()
            && c.layout
                .body_slots()
                .all(|n| c.slot(n).is_some_and(|s| s.marks.has(condition)))
    };
    if !all_body {
        return Ok(());
    }
    match condition {
        Condition::A | Condition::E | Condition::H if !c.status.unconscious => {
            c.status.unconscious = true;
            super::harmed(state, who, super::Harm::Status(StatusFlag::Unconscious));
            crate::rules::said::tell(out, || Event::StatusChanged {
                who: state.name_of(who),
                id: who,
                flag: StatusFlag::Unconscious,
                on: true,
                cause: format!("every body slot is marked with {}", condition.name()),
            });
        }
        Condition::C if !c.status.evil => {
            c.status.evil = true;
            crate::rules::said::tell(out, || Event::StatusChanged {
                who: c.name.clone(),
                id: who,
                flag: StatusFlag::Evil,
                on: true,
                cause: "every body slot is corrupted".to_string(),
            });
        }
        _ => {}
    }
    Ok(())
}

/// Kills a character (the "cannot mark" trigger, or the judge's hand).
pub fn kill(
    state: &mut State,
    who: CharId,
    cause: &str,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    if c.status.dead {
        return Ok(());
    }
    c.status.dead = true;
    super::harmed(state, who, super::Harm::Died);
    crate::rules::said::tell(out, || Event::Died {
        who: state.name_of(who),
        id: who,
        cause: cause.to_string(),
    });
    Ok(())
}

/// The slot a condition starts on when none is marked yet, as options for the judge.
/// A: the head (R21); H: legs/feet or arms/hands (R26); M: the lowest torso slot, i.e. the
/// highest-numbered torso slot (R27). Others start where their cause strikes: no default.
pub fn start_options(layout: &Layout, condition: Condition) -> Vec<SlotNo> {
    let in_region = |r: Region| -> Vec<SlotNo> {
        layout
            .body_slots()
            .filter(|&n| layout.region(n) == Some(r))
            .collect()
    };
    match condition {
        Condition::A => {
            let head = in_region(Region::Head);
            if head.is_empty() {
                layout.body_slots().take(1).collect()
            } else {
                head
            }
        }
        Condition::H => {
            let mut v = in_region(Region::LegsFeet);
            v.extend(in_region(Region::ArmsHands));
            v.sort_unstable();
            v
        }
        Condition::M => in_region(Region::Torso)
            .into_iter()
            .max()
            .or_else(|| layout.body_slots().max())
            .into_iter()
            .collect(),
        _ => Vec::new(),
    }
}

/// Slots a worsening of `condition` may mark now (R20 plus each letter's own limit).
/// `below`: for bleeding (R22) and malnourishment (R27), only slots numbered lower than this.
pub fn spread_options(c: &Character, condition: Condition, below: Option<SlotNo>) -> Vec<SlotNo> {
    let marked = c.marked_with(condition);
    let count = c.slots.len() as SlotNo;
    // Only slots under `below` are looked at (the clock's bleeding asks of a few).
    let last = below.map_or(count, |b| count.min(b.saturating_sub(1)));
    (1..=last)
        .filter(|&n| {
            let Some(slot) = c.slot(n) else { return false };
            if slot.marks.has(condition) {
                return false;
            }
            if condition == Condition::F {
                // Fire spreads by its own rule (R25): to flammable items, any slot.
                if !c.item_at(n).is_some_and(|i| i.has(Prop::Flammable)) {
                    return false;
                }
            } else if !c.layout.is_body(n) {
                return false;
            }
            marked.iter().any(|&m| c.layout.adjacent(m, n))
        })
        .collect()
}

/// Does failing to mark this letter kill (R21, R22, R24, R26, R27)?
fn cannot_mark_kills(condition: Condition) -> bool {
    matches!(
        condition,
        Condition::A | Condition::B | Condition::E | Condition::H | Condition::M
    )
}

/// Who picks the slot when several qualify (R20).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// Queue a decision for the judge, proposing the lowest slot.
    Judge,
    /// Mark the proposed (lowest) slot now and name the others in the log; the judge can move
    /// the mark by hand. Used by time-driven ticks.
    Proposed,
}

/// Worsens a condition once (R20), asking the judge where several slots qualify. Bleeding
/// worsens through [`worsen_bleeding`], which knows the wound it comes from.
pub fn worsen(
    state: &mut State,
    who: CharId,
    condition: Condition,
    cause: &str,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    worsen_with(state, who, condition, cause, Choice::Judge, out)
}

/// [`worsen`] with the choice of who picks among several qualifying slots.
pub fn worsen_with(
    state: &mut State,
    who: CharId,
    condition: Condition,
    cause: &str,
    choice: Choice,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character(who)?;
    if c.status.dead {
        return Ok(());
    }
    let marked = c.marked_with(condition);
    if marked.is_empty() {
        let options = start_options(&c.layout, condition);
        return match options.as_slice() {
            [] => Err(RuleError::invalid(format!(
                "{} has no {} yet: mark the slot where it starts",
                c.name,
                condition.name()
            ))),
            [only] => mark(state, who, *only, condition, cause, out),
            _ => {
                let why = || format!("{} starts on one of these slots", condition.name());
                choose_spread(state, who, condition, options, why, cause, choice, out)
            }
        };
    }
    let below = match condition {
        Condition::M => marked.iter().copied().min(),
        _ => None,
    };
    let options = spread_options(c, condition, below);
    spread_to(state, who, condition, options, cause, choice, out)
}

/// Bleeding from the open wound in `wound_slot` worsens once (R22): it must mark a slot numbered
/// lower than the wound, next to one already bleeding; when it cannot, the character dies.
pub fn worsen_bleeding(
    state: &mut State,
    who: CharId,
    wound_slot: SlotNo,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    worsen_bleeding_with(state, who, wound_slot, Choice::Judge, out)
}

/// [`worsen_bleeding`] with the choice of who picks among several qualifying slots.
pub fn worsen_bleeding_with(
    state: &mut State,
    who: CharId,
    wound_slot: SlotNo,
    choice: Choice,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character(who)?;
    if c.status.dead {
        return Ok(());
    }
    // A question for the judge keeps its cause in the state; the clock's marks say it only in
    // events.
    let cause = match choice {
        Choice::Judge => format!("bleeding from the open wound in slot {wound_slot}"),
        Choice::Proposed => {
            crate::rules::said::words!("bleeding from the open wound in slot {wound_slot}")
        }
    };
    // An open wound always bleeds in its own slot (R22). If the judge cleared that B by hand,
    // the wound marks it again rather than counting as "cannot mark", which would kill.
    if !c.require_slot(wound_slot)?.marks.has(Condition::B) {
        return mark(state, who, wound_slot, Condition::B, &cause, out);
    }
    let options = spread_options(c, Condition::B, Some(wound_slot));
    spread_to(state, who, Condition::B, options, &cause, choice, out)
}

fn spread_to(
    state: &mut State,
    who: CharId,
    condition: Condition,
    options: Vec<SlotNo>,
    cause: &str,
    choice: Choice,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    match options.as_slice() {
        [] if cannot_mark_kills(condition) => kill(
            state,
            who,
            &crate::rules::said::words!(
                "{} could not spread any further ({cause})",
                condition.name()
            ),
            out,
        ),
        [] => {
            crate::rules::said::tell(out, || {
                Event::Note(format!(
                    "{}'s {} has nowhere left to spread",
                    state.name_of(who),
                    condition.name()
                ))
            });
            Ok(())
        }
        [only] => mark(state, who, *only, condition, cause, out),
        _ => {
            let why = || format!("{} worsens ({cause})", condition.name());
            choose_spread(state, who, condition, options, why, cause, choice, out)
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn choose_spread(
    state: &mut State,
    who: CharId,
    condition: Condition,
    options: Vec<SlotNo>,
    why: impl FnOnce() -> String,
    cause: &str,
    choice: Choice,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    // R20: where several slots qualify the judge picks; the lowest number is proposed.
    let proposed = options.iter().copied().min().unwrap_or(1);
    match choice {
        Choice::Judge => {
            ask(
                state,
                Decision::SpreadSlot {
                    who,
                    condition,
                    options,
                    proposed,
                    why: why(),
                },
                out,
            );
            Ok(())
        }
        Choice::Proposed => {
            mark(state, who, proposed, condition, cause, out)?;
            // Which slots are the sheet's owner's; the others read that the mark spread.
            crate::rules::said::tell(out, || {
                let others: Vec<String> = options
                    .iter()
                    .filter(|&&n| n != proposed)
                    .map(|n| n.to_string())
                    .collect();
                Event::Told(
                    Line::new()
                        .name(who, state.name_of(who))
                        .plain(crate::rules::said::words!("'s {}", condition.name()))
                        .of(
                            who,
                            Line::new()
                                .plain(" went to ")
                                .number(
                                    who,
                                    Num::Health,
                                    crate::rules::said::words!(
                                        "slot {proposed}, the lowest that qualified; slot {} also \
                                 qualified",
                                        others.join(" or ")
                                    ),
                                )
                                .plain(", and the judge may move the mark there"),
                            " spread",
                        ),
                )
            });
            Ok(())
        }
    }
}

/// The judge marks a letter by hand. F goes through [`ignite`] so the burn clock starts.
pub fn mark_command(
    state: &mut State,
    who: CharId,
    slot: SlotNo,
    condition: Condition,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if condition == Condition::F {
        return ignite(state, who, slot, out);
    }
    let c = state.character(who)?;
    let s = c.require_slot(slot)?;
    if s.marks.has(condition) {
        return Err(RuleError::invalid(format!(
            "slot {slot} of {} is already marked {}",
            c.name,
            condition.letter()
        )));
    }
    mark(state, who, slot, condition, "the judge's ruling", out)
}

pub fn worsen_command(
    state: &mut State,
    who: CharId,
    condition: Condition,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character(who)?;
    if c.status.dead {
        return Err(RuleError::invalid(format!("{} is dead", c.name)));
    }
    match condition {
        Condition::B => {
            let open = open_wounds(c);
            if open.is_empty() {
                return Err(RuleError::invalid(format!(
                    "{} has no open wound to bleed from",
                    c.name
                )));
            }
            // One worsening by hand: from the first open wound that still has somewhere to
            // spread, so a wound high on the body does not kill while a lower one could bleed.
            let from = open
                .iter()
                .copied()
                .find(|&n| {
                    !c.slot(n).is_some_and(|s| s.marks.has(Condition::B))
                        || !spread_options(c, Condition::B, Some(n)).is_empty()
                })
                .unwrap_or(open[0]);
            worsen_bleeding(state, who, from, out)
        }
        Condition::F => Err(RuleError::invalid(
            "fire spreads by itself at the end of each round; ignite a slot to start one",
        )),
        _ => worsen(state, who, condition, "the judge's ruling", out),
    }
}

/// Does any slot hold an open wound? [`open_wounds`] without building the list: time asks it
/// of everyone at every try.
pub fn has_open_wound(c: &Character) -> bool {
    c.slots.iter().any(|s| s.wound == Wound::Open)
}

/// The slots holding an open wound, lowest first.
pub fn open_wounds(c: &Character) -> Vec<SlotNo> {
    (1..=c.slots.len() as SlotNo)
        .filter(|&n| c.slot(n).is_some_and(|s| s.wound == Wound::Open))
        .collect()
}

/// Clears one slot's letter, or every slot's (a removed cause, a cure).
pub fn clear(
    state: &mut State,
    who: CharId,
    condition: Condition,
    slot: Option<SlotNo>,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    match slot {
        Some(n) => {
            if !c.require_slot(n)?.marks.has(condition) {
                return Err(RuleError::invalid(format!(
                    "slot {n} of {} is not marked {}",
                    c.name,
                    condition.letter()
                )));
            }
            let s = c.require_slot_mut(n)?;
            s.marks.clear(condition);
            if condition == Condition::F {
                s.burning = 0;
            }
        }
        None => {
            if c.first_marked(condition).is_none() {
                return Err(RuleError::invalid(format!(
                    "{} has no {} to clear",
                    c.name,
                    condition.name()
                )));
            }
            for s in &mut c.slots {
                s.marks.clear(condition);
                if condition == Condition::F {
                    s.burning = 0;
                }
            }
        }
    }
    crate::rules::said::tell(out, || Event::Unmarked {
        who: c.name.clone(),
        id: who,
        slot,
        condition,
    });
    refresh_whole_body_states(state, who, out)
}

/// After marks are cleared, a character no longer fully marked wakes or turns back (R21, R23).
fn refresh_whole_body_states(
    state: &mut State,
    who: CharId,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    let full = |c: &Character, cond: Condition| {
        c.layout.body_slots().next().is_some()
            && c.layout
                .body_slots()
                .all(|n| c.slot(n).is_some_and(|s| s.marks.has(cond)))
    };
    if c.status.evil && !full(c, Condition::C) {
        c.status.evil = false;
        crate::rules::said::tell(out, || Event::StatusChanged {
            who: c.name.clone(),
            id: who,
            flag: StatusFlag::Evil,
            on: false,
            cause: "the corruption no longer covers the body".to_string(),
        });
    }
    Ok(())
}

pub fn set_fatigue(
    state: &mut State,
    who: CharId,
    slot: SlotNo,
    on: bool,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    if c.require_slot(slot)?.fatigue == on {
        return Err(RuleError::invalid(format!(
            "slot {slot} of {} {} a fatigue mark",
            c.name,
            if on { "already has" } else { "has no" }
        )));
    }
    c.require_slot_mut(slot)?.fatigue = on;
    crate::rules::said::tell(out, || Event::Fatigue {
        who: c.name.clone(),
        id: who,
        slot,
        on,
    });
    Ok(())
}

/// Sets fire to a slot holding a flammable item (R25: any slot, not only body slots).
pub fn ignite(
    state: &mut State,
    who: CharId,
    slot: SlotNo,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character(who)?;
    c.require_slot(slot)?;
    if c.slot(slot).is_some_and(|s| s.marks.has(Condition::F)) {
        return Err(RuleError::invalid(format!(
            "slot {slot} of {} is already burning",
            c.name
        )));
    }
    if !c.item_at(slot).is_some_and(|i| i.has(Prop::Flammable)) {
        return Err(RuleError::invalid(format!(
            "nothing flammable in slot {slot} of {} to set alight",
            c.name
        )));
    }
    state.character_mut(who)?.require_slot_mut(slot)?.burning = 0;
    mark(state, who, slot, Condition::F, "set alight", out)
}

/// A whole turn rolling on the ground: 3d12, and every burning slot rolled goes out (R25).
pub fn roll_on_ground(
    state: &mut State,
    who: CharId,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character(who)?;
    let name = c.name.clone();
    if c.marked_with(Condition::F).is_empty() {
        return Err(RuleError::invalid(format!("{name} is not on fire")));
    }
    let sides = c.layout.die;
    let mut faces = Vec::with_capacity(3);
    for _ in 0..3 {
        faces.push(dice.roll(sides, &"rolling on the ground to put out fire")?);
    }
    let c = state.character_mut(who)?;
    let mut put_out = Vec::new();
    for &f in &faces {
        if let Some(n) = c.layout.slot_for_face(f)
            && let Some(s) = c.slot_mut(n)
            && s.marks.has(Condition::F)
        {
            s.marks.clear(Condition::F);
            s.burning = 0;
            put_out.push(n);
        }
    }
    let reason = if put_out.is_empty() {
        "no burning slot was rolled".to_string()
    } else {
        let list: Vec<String> = put_out.iter().map(|n| n.to_string()).collect();
        format!("put out slot {}", list.join(", "))
    };
    let still = !c.marked_with(Condition::F).is_empty();
    crate::rules::said::tell(out, || {
        Event::Rolled(Box::new(RollLine {
            who: name.clone(),
            id: who,
            sheet: who,
            die: sides,
            kept: String::new(),
            other: None,
            what: "rolls on the ground".to_string(),
            faces,
            pick: 0,
            verdict: if still { Verdict::Fail } else { Verdict::Pass },
            reason,
            dice_said: None,
        }))
    });
    for n in put_out {
        crate::rules::said::tell(out, || Event::Unmarked {
            who: name.clone(),
            id: who,
            slot: Some(n),
            condition: Condition::F,
        });
    }
    Ok(())
}

/// Dousing or smothering puts out every fire at once (R25).
pub fn douse(state: &mut State, who: CharId, out: &mut Vec<Event>) -> Result<(), RuleError> {
    clear(state, who, Condition::F, None, out)
}

/// Starts asphyxiation on the head, or removes its cause, which clears every A at once (R21).
pub fn suffocate(
    state: &mut State,
    who: CharId,
    on: bool,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    if c.status.exposure.suffocating == on {
        return Err(RuleError::invalid(format!(
            "{} is {} suffocating",
            c.name,
            if on { "already" } else { "not" }
        )));
    }
    c.status.exposure.suffocating = on;
    if on {
        if c.marked_with(Condition::A).is_empty() {
            worsen(state, who, Condition::A, "cannot breathe", out)?;
        }
        Ok(())
    } else {
        if !c.marked_with(Condition::A).is_empty() {
            clear(state, who, Condition::A, None, out)?;
        }
        let c = state.character_mut(who)?;
        if c.status.unconscious {
            crate::rules::said::tell(out, || {
                // When they wake is the judge's to decide, and the judge's alone to read.
                Event::Told(
                    Line::new()
                        .name(c.id, c.name.clone())
                        .plain(" breathes again")
                        .judge(Line::from("; the judge decides when they wake")),
                )
            });
        }
        Ok(())
    }
}

/// Exposure to extreme cold starts hypothermia on legs/feet or arms/hands (R26); the clock then
/// worsens it every 5 trys (10 when dressed warmly).
pub fn cold(
    state: &mut State,
    who: CharId,
    on: bool,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    if c.status.exposure.cold_trys.is_some() == on {
        return Err(RuleError::invalid(format!(
            "{} is {} exposed to the cold",
            c.name,
            if on { "already" } else { "not" }
        )));
    }
    c.status.exposure.cold_trys = on.then_some(0);
    if on {
        c.status.exposure.warming = false;
        crate::rules::said::tell(out, || {
            Event::Note(format!("{} is exposed to extreme cold", c.name))
        });
        if c.marked_with(Condition::H).is_empty() {
            if start_options(&c.layout, Condition::H).is_empty() {
                crate::rules::said::tell(out, || {
                    Event::for_the_judge(format!(
                        "{}'s body has no legs/feet or arms/hands slot: mark where the cold bites \
                     first",
                        c.name
                    ))
                });
            } else {
                worsen(state, who, Condition::H, "extreme cold", out)?;
            }
        }
    } else {
        crate::rules::said::tell(out, || {
            Event::Note(format!("{} is out of the cold", c.name))
        });
    }
    Ok(())
}

/// Warming removes one H per try (R26); the frostbite wounds stay.
pub fn warm(
    state: &mut State,
    who: CharId,
    on: bool,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    if on && c.status.exposure.cold_trys.is_some() {
        return Err(RuleError::invalid(format!(
            "{} is still in the cold: end the exposure first",
            c.name
        )));
    }
    if c.status.exposure.warming == on {
        return Err(RuleError::invalid(format!(
            "{} is {} being warmed",
            c.name,
            if on { "already" } else { "not" }
        )));
    }
    if on && c.marked_with(Condition::H).is_empty() {
        return Err(RuleError::invalid(format!(
            "{} has no hypothermia to warm away",
            c.name
        )));
    }
    c.status.exposure.warming = on;
    crate::rules::said::tell(out, || {
        Event::Note(format!(
            "{} {}",
            c.name,
            if on {
                "is being warmed"
            } else {
                "is no longer being warmed"
            }
        ))
    });
    Ok(())
}

/// A week without enough food or a day without enough drink (R27).
pub fn starve(state: &mut State, who: CharId, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let c = state.character(who)?;
    if c.status.dead {
        return Err(RuleError::invalid(format!("{} is dead", c.name)));
    }
    worsen(state, who, Condition::M, "not enough food or drink", out)
}

/// The judge sets a status by hand.
pub fn set_status(
    state: &mut State,
    who: CharId,
    flag: StatusFlag,
    on: bool,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let in_combat = state.combat.is_some();
    let c = state.character_mut(who)?;
    let st = &mut c.status;
    let was = match flag {
        StatusFlag::Prone => std::mem::replace(&mut st.prone, on),
        StatusFlag::Restrained => {
            let was = st.restrained.is_some();
            st.restrained = if on { st.restrained.or(Some(0)) } else { None };
            was
        }
        StatusFlag::Immobilized => std::mem::replace(&mut st.immobilized, on),
        StatusFlag::Unconscious => std::mem::replace(&mut st.unconscious, on),
        StatusFlag::Dead => std::mem::replace(&mut st.dead, on),
        StatusFlag::Evil => std::mem::replace(&mut st.evil, on),
        StatusFlag::Cringe => {
            let was = st.cringe != Cringe::None;
            st.cringe = match (on, in_combat) {
                (false, _) => Cringe::None,
                (true, true) => Cringe::UntilTurnEnds {
                    turn_started: false,
                },
                (true, false) => Cringe::NextRoll,
            };
            was
        }
    };
    if was == on {
        return Err(RuleError::invalid(format!(
            "{} is {}{}",
            c.name,
            if on { "already " } else { "not " },
            super::display::flag_name(flag)
        )));
    }
    if on {
        super::harmed(state, who, super::Harm::Status(flag));
    }
    crate::rules::said::tell(out, || Event::StatusChanged {
        who: state.name_of(who),
        id: who,
        flag,
        on,
        cause: "the judge's ruling".to_string(),
    });
    Ok(())
}
