//! Wounds (R19, with R8 for a wound met again and R16 for wounds aimed outside the body).
//!
//! [`deal_wound`] is the one way a wound reaches a sheet, whatever caused it (a hit, a fall,
//! fire, frostbite or the judge's hand).

use super::conditions;
use super::model::*;
use super::{Event, StatusFlag};
use crate::rules::RuleError;

/// Deals a wound of kind `wound` (Treated or Open) to `slot`.
///
/// - Outside the body slots (a grip, the backpack): the judge picks a body slot, Arms/Hands
///   proposed for a grip (R16).
/// - An unwounded body slot takes the wound; an open wound marks B there (R22).
/// - A slot already wounded meets R8 (treated opens, open makes the character cringe) and the new
///   wound goes to an adjacent body slot the judge picks (R19), the lowest unwounded proposed.
pub fn deal_wound(
    state: &mut State,
    who: CharId,
    slot: SlotNo,
    wound: Wound,
    cause: &str,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    deal_wound_inner(state, who, slot, wound, cause, &mut Vec::new(), out)
}

fn deal_wound_inner(
    state: &mut State,
    who: CharId,
    slot: SlotNo,
    wound: Wound,
    cause: &str,
    visited: &mut Vec<SlotNo>,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if wound == Wound::None {
        return Err(RuleError::invalid("a wound must be treated or open"));
    }
    let c = state.character(who)?;
    c.require_slot(slot)?;
    if !c.layout.is_body(slot) {
        let options: Vec<SlotNo> = c.layout.body_slots().collect();
        if options.is_empty() {
            crate::rules::said::tell(out, || {
                Event::for_the_judge(format!(
                    "{} has no body slots; the wound in slot {slot} is not recorded",
                    c.name
                ))
            });
            return Ok(());
        }
        // A hand holds the grip and the back carries the pack: propose those.
        let near = match c.layout.region(slot) {
            Some(Region::Grip) => Some(Region::ArmsHands),
            Some(Region::Backpack) => Some(Region::Torso),
            _ => None,
        };
        let (proposed, caveat) = proposed_body_slot(c, near).unwrap_or((options[0], None));
        let caveat = caveat
            .map(|c| format!(" Proposed: {c}."))
            .unwrap_or_default();
        let why = format!(
            "Wounds land only in body slots: slot {slot} of {} is not one. Pick a body slot, \
             or cancel if the item there took the blow.{caveat}",
            c.name
        );
        ask(
            state,
            Decision::WoundSlot {
                who,
                wound,
                options,
                proposed,
                why,
            },
            out,
        );
        return Ok(());
    }
    visited.push(slot);
    let existing = c.require_slot(slot)?.wound;
    match existing {
        Wound::None => {
            state.character_mut(who)?.require_slot_mut(slot)?.wound = wound;
            super::harmed(state, who, super::Harm::Wound(wound));
            crate::rules::said::tell(out, || Event::Wounded {
                who: state.name_of(who),
                id: who,
                slot,
                wound,
                cause: cause.to_string(),
            });
            if wound == Wound::Open {
                conditions::mark(state, who, slot, Condition::B, "an open wound bleeds", out)?;
            }
            return Ok(());
        }
        Wound::Treated => {
            open_treated(state, who, slot, "a new wound landed on it", out)?;
        }
        Wound::Open => cringe(state, who, "a new wound landed on an open wound", out)?,
    }
    beside(state, who, slot, wound, cause, visited, out)
}

/// The body slot proposed for a wound or a hit that names none (R16): one in `near` (the arms
/// for a grip, the torso for the pack) before the other body slots, and among them one with no
/// wound and no armour first, so a proposal never reopens a wound or meets armour unsaid. When
/// every slot does, the first of them, with the words that say what it meets.
pub(super) fn proposed_body_slot(
    c: &Character,
    near: Option<Region>,
) -> Option<(SlotNo, Option<String>)> {
    let mut slots: Vec<SlotNo> = c.layout.body_slots().collect();
    slots.sort_by_key(|&n| near.is_none_or(|r| c.layout.region(n) != Some(r)));
    let wound = |n: SlotNo| c.slot(n).map_or(Wound::None, |s| s.wound);
    let armour = |n: SlotNo| c.item_at(n).and_then(|i| i.armor);
    let pick = slots
        .iter()
        .copied()
        .find(|&n| wound(n) == Wound::None && armour(n).is_none())
        .or_else(|| slots.iter().copied().find(|&n| wound(n) == Wound::None))
        .or_else(|| slots.first().copied())?;
    let caveat = match (wound(pick), armour(pick)) {
        (Wound::Open, _) => Some(format!(
            "slot {pick} already has an open wound, and another there makes {} cringe",
            c.name
        )),
        (Wound::Treated, _) => Some(format!(
            "slot {pick} has a treated wound, which another there opens"
        )),
        (Wound::None, Some(a)) => Some(format!(
            "slot {pick} holds {}",
            match a {
                ArmorClass::HeavyArmor => "heavy armour",
                ArmorClass::LightArmor => "light armour",
                ArmorClass::Shield => "a shield",
            }
        )),
        (Wound::None, None) => None,
    };
    Some((pick, caveat))
}

/// Places a new wound next to `slot`, whose own wound has already met R8 (a defense check that
/// rolled it): the judge picks an adjacent body slot (R19).
pub fn wound_beside(
    state: &mut State,
    who: CharId,
    slot: SlotNo,
    wound: Wound,
    cause: &str,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    beside(state, who, slot, wound, cause, &mut vec![slot], out)
}

fn beside(
    state: &mut State,
    who: CharId,
    slot: SlotNo,
    wound: Wound,
    cause: &str,
    visited: &mut Vec<SlotNo>,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character(who)?;
    let name = &c.name;
    let options: Vec<SlotNo> = c
        .layout
        .neighbours(slot)
        .filter(|&n| c.layout.is_body(n) && !visited.contains(&n))
        .collect();
    match options.as_slice() {
        [] => {
            crate::rules::said::tell(out, || {
                Event::for_the_judge(format!(
                    "{name} has no free adjacent body slot for the new wound"
                ))
            });
            Ok(())
        }
        [only] => deal_wound_inner(state, who, *only, wound, cause, visited, out),
        _ => {
            let proposed = options
                .iter()
                .copied()
                .find(|&n| c.slot(n).is_some_and(|s| s.wound == Wound::None))
                .unwrap_or(options[0]);
            let why = format!(
                "Slot {slot} of {name} is already wounded: the new wound goes to an adjacent body slot."
            );
            ask(
                state,
                Decision::WoundSlot {
                    who,
                    wound,
                    options,
                    proposed,
                    why,
                },
                out,
            );
            Ok(())
        }
    }
}

/// A treated wound becomes open and bleeds (R8, R22).
pub fn open_treated(
    state: &mut State,
    who: CharId,
    slot: SlotNo,
    why: &str,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    state.character_mut(who)?.require_slot_mut(slot)?.wound = Wound::Open;
    super::harmed(state, who, super::Harm::Wound(Wound::Open));
    crate::rules::said::tell(out, || Event::Wounded {
        who: state.name_of(who),
        id: who,
        slot,
        wound: Wound::Open,
        cause: format!("the treated wound opened: {why}"),
    });
    conditions::mark(state, who, slot, Condition::B, "an open wound bleeds", out)
}

/// Disadvantage on every roll for one round (R8): until the end of the character's next turn in
/// combat, on the next roll otherwise.
pub fn cringe(
    state: &mut State,
    who: CharId,
    why: &str,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let in_combat = state.combat.is_some();
    let c = state.character_mut(who)?;
    c.status.cringe = if in_combat {
        Cringe::UntilTurnEnds {
            turn_started: false,
        }
    } else {
        Cringe::NextRoll
    };
    crate::rules::said::tell(out, || Event::StatusChanged {
        who: c.name.clone(),
        id: who,
        flag: StatusFlag::Cringe,
        on: true,
        cause: why.to_string(),
    });
    Ok(())
}

/// Queues a decision for the judge and says so in the log.
pub fn ask(state: &mut State, decision: Decision, out: &mut Vec<Event>) {
    let pending = Pending::Decide(decision);
    crate::rules::said::tell(out, || Event::Asked {
        question: super::resolve::describe(state, &pending),
    });
    state.pending.push(pending);
}

/// The judge wounds a slot by hand.
pub fn wound_command(
    state: &mut State,
    who: CharId,
    slot: SlotNo,
    wound: Wound,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    deal_wound(state, who, slot, wound, "the judge's ruling", out)
}

/// Treating turns an open wound into a treated one (R19). Its B mark stays until rest clears it.
pub fn treat(
    state: &mut State,
    who: CharId,
    slot: SlotNo,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    let name = &c.name;
    match c.require_slot(slot)?.wound {
        Wound::Open => {
            c.require_slot_mut(slot)?.wound = Wound::Treated;
            super::harmed(state, who, super::Harm::Wound(Wound::Treated));
            crate::rules::said::tell(out, || Event::Wounded {
                who: state.name_of(who),
                id: who,
                slot,
                wound: Wound::Treated,
                cause: "treated".to_string(),
            });
            Ok(())
        }
        Wound::Treated => Err(RuleError::invalid(format!(
            "the wound in slot {slot} of {name} is already treated"
        ))),
        Wound::None => Err(RuleError::invalid(format!(
            "slot {slot} of {name} has no wound to treat"
        ))),
    }
}

/// Healing removes a wound (time, medicine or magic: R19).
pub fn heal(
    state: &mut State,
    who: CharId,
    slot: SlotNo,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    if c.require_slot(slot)?.wound == Wound::None {
        return Err(RuleError::invalid(format!(
            "slot {slot} of {} has no wound to heal",
            c.name
        )));
    }
    c.require_slot_mut(slot)?.wound = Wound::None;
    crate::rules::said::tell(out, || Event::Healed {
        who: c.name.clone(),
        id: who,
        slot,
    });
    Ok(())
}
