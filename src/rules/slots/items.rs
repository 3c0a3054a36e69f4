//! Sheets and items (R3, R4, R18): characters joining and leaving, items put, moved and removed,
//! weapons held with both hands, the backpack dropped and shouldered.
//!
//! Any slot stores any item (R3). The only placements refused are the ones a hand cannot do: a
//! bulky weapon needs a second free grip, and a grip filled by a weapon held with both hands has
//! no room for anything else until that hand lets go (R4, R18).

use super::Event;
use super::model::*;
use crate::rules::RuleError;
use crate::rules::text::{self, TextKind};

/// The first free numbered name for another of one creature: "Goblin 1", "Goblin 2"...
pub fn unique_name(state: &State, base: &str) -> String {
    let base = base.trim();
    let base = if base.is_empty() { "Creature" } else { base };
    text::free_name(base, true, |name| state.find_by_name(name).is_some())
        .unwrap_or_else(|_| base.to_string())
}

fn clean_name(name: &str) -> Result<String, RuleError> {
    text::checked(TextKind::Name, name, "a character needs a name")
}

fn check_item(item: &Item) -> Result<(), RuleError> {
    text::checked(TextKind::ItemName, &item.name, "an item needs a name")?;
    if item.has(Prop::Heavy) && item.has(Prop::Light) {
        return Err(RuleError::invalid(format!(
            "{} cannot be both heavy and light",
            item.name
        )));
    }
    Ok(())
}

pub fn add_character(
    state: &mut State,
    name: &str,
    side: Side,
    layout: &Layout,
    items: &[(SlotNo, Item)],
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let name = clean_name(name)?;
    if let Some(other) = state.find_by_name(&name) {
        return Err(RuleError::invalid(format!(
            "there is already a character called {}; pick another name",
            other.name
        )));
    }
    layout.validate()?;
    // The id is taken only once the character is sure to join (a refusal below changes nothing
    // anyway: the rules work on a copy), and never past the counter's top.
    let id = state.next_id;
    if id == u32::MAX {
        return Err(RuleError::invalid(
            "the session has handed out every id it can",
        ));
    }
    let mut c = Character::new(id, name, side, layout.clone());
    for (slot, item) in items {
        place(&mut c, *slot, item.clone())?;
    }
    crate::rules::said::tell(out, || {
        Event::Note(format!(
            "{} joins the {side} ({} layout, {} slots)",
            c.name,
            c.layout.name,
            c.slots.len()
        ))
    });
    state.next_id = id + 1;
    state.characters.push(c);
    Ok(())
}

pub fn rename(
    state: &mut State,
    who: CharId,
    name: &str,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let name = clean_name(name)?;
    let old = state.character(who)?.name.clone();
    if old == name {
        return Err(RuleError::invalid(format!("{old} is already called that")));
    }
    if let Some(other) = state.find_by_name(&name)
        && other.id != who
    {
        return Err(RuleError::invalid(format!(
            "there is already a character called {}; pick another name",
            other.name
        )));
    }
    state.character_mut(who)?.name = name.clone();
    crate::rules::said::tell(out, || Event::Note(format!("{old} is now called {name}")));
    Ok(())
}

pub fn set_side(
    state: &mut State,
    who: CharId,
    side: Side,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    if c.side == side {
        return Err(RuleError::invalid(format!(
            "{} is already with the {side}",
            c.name
        )));
    }
    c.side = side;
    crate::rules::said::tell(out, || {
        Event::Note(format!("{} now sides with the {side}", c.name))
    });
    Ok(())
}

/// Does anything waiting for the judge concern this character?
fn involved(p: &Pending, who: CharId) -> bool {
    let in_attack = |a: &AttackSpec| a.attacker == who || a.target == who;
    match p {
        Pending::Roll(r) => {
            r.roller == who
                || match &r.what {
                    RollFor::Check { who: w, .. } | RollFor::Fall { who: w, .. } => *w == who,
                    RollFor::Attack(a) => in_attack(a),
                }
        }
        Pending::Group(g) => g.members.contains(&who),
        Pending::Decide(d) => match d {
            Decision::WoundSlot { who: w, .. }
            | Decision::SpreadSlot { who: w, .. }
            | Decision::FallSlot { who: w, .. } => *w == who,
            Decision::HitSlot { attack, .. } | Decision::ImprovisedBlock { attack, .. } => {
                in_attack(attack)
            }
        },
    }
}

pub fn remove_character(
    state: &mut State,
    who: CharId,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let name = state.character(who)?.name.clone();
    if let Some(p) = state.pending.iter().find(|p| involved(p, who)) {
        return Err(RuleError::invalid(format!(
            "{name} is part of {}: settle or cancel it first",
            super::resolve::describe(state, p)
        )));
    }
    if let Some(turn) = state.combat.as_ref().and_then(|c| c.turn.as_ref())
        && (turn.actor == who || turn.interrupter == Some(who))
    {
        return Err(RuleError::invalid(format!(
            "it is {name}'s turn: end it before removing them"
        )));
    }
    state.characters.retain(|c| c.id != who);
    if let Some(combat) = state.combat.as_mut() {
        combat.acted.retain(|&id| id != who);
    }
    crate::rules::said::tell(out, || Event::Note(format!("{name} leaves the session")));
    Ok(())
}

fn grips(c: &Character) -> Vec<SlotNo> {
    (1..=c.slots.len() as SlotNo)
        .filter(|&n| c.layout.region(n) == Some(Region::Grip))
        .collect()
}

/// The grip weapon held with both hands, if any: its slot.
fn two_handed_grip(c: &Character) -> Option<SlotNo> {
    grips(c)
        .into_iter()
        .find(|&g| c.slot(g).is_some_and(|s| s.two_hands && s.item.is_some()))
}

/// Another grip with nothing in it, for a second hand.
fn free_other_grip(c: &Character, slot: SlotNo) -> Option<SlotNo> {
    grips(c)
        .into_iter()
        .find(|&g| g != slot && c.slot(g).is_some_and(|s| s.item.is_none()))
}

fn item_name(c: &Character, n: SlotNo) -> String {
    c.slot(n)
        .and_then(|s| s.item.as_ref())
        .map(|i| i.name.clone())
        .unwrap_or_default()
}

/// Puts an item into an empty slot by the equip rules, setting `two_hands` for a bulky weapon in
/// a grip (R4, R18).
fn place(c: &mut Character, slot: SlotNo, item: Item) -> Result<(), RuleError> {
    check_item(&item)?;
    let existing = c.require_slot(slot)?;
    if let Some(there) = &existing.item {
        return Err(RuleError::invalid(format!(
            "slot {slot} of {} already holds {}; move or remove it first",
            c.name, there.name
        )));
    }
    let is_grip = c.layout.region(slot) == Some(Region::Grip);
    if is_grip && let Some(held) = c.two_handed_partner(slot) {
        return Err(RuleError::invalid(format!(
            "{}'s {} in slot {held} is held with both hands and fills slot {slot}; \
             let go with one hand first",
            c.name,
            item_name(c, held)
        )));
    }
    let bulky = item.weapon.is_some_and(|w| w.size == WeaponSize::Bulky);
    let two_hands = is_grip && bulky;
    if two_hands {
        if two_handed_grip(c).is_some() {
            return Err(RuleError::invalid(format!(
                "{} is bulky and needs both grips, but {} already holds a weapon with both hands",
                item.name, c.name
            )));
        }
        if free_other_grip(c, slot).is_none() {
            let others: Vec<String> = grips(c)
                .into_iter()
                .filter(|&g| g != slot)
                .map(|g| format!("slot {g} holds {}", item_name(c, g)))
                .collect();
            let why = if others.is_empty() {
                format!("{} has only one grip", c.name)
            } else {
                others.join(", ")
            };
            return Err(RuleError::invalid(format!(
                "{} is bulky and needs both grips: {why}",
                item.name
            )));
        }
    }
    let s = c.require_slot_mut(slot)?;
    s.item = Some(item);
    s.two_hands = two_hands;
    Ok(())
}

pub fn put_item(
    state: &mut State,
    who: CharId,
    slot: SlotNo,
    item: &Item,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    place(c, slot, item.clone())?;
    let both = if c.slot(slot).is_some_and(|s| s.two_hands) {
        ", held with both hands"
    } else {
        ""
    };
    crate::rules::said::tell(out, || {
        Event::Note(format!(
            "{} puts {} in slot {slot}{both}",
            c.name, item.name
        ))
    });
    Ok(())
}

/// Moves an item; an item already in the target slot goes the other way. A weapon held with both
/// hands stays so when it moves to another grip and lets go when it leaves the grips.
pub fn move_item(
    state: &mut State,
    who: CharId,
    from: SlotNo,
    to: SlotNo,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character(who)?;
    c.require_slot(to)?;
    let src = c.require_slot(from)?;
    let Some(moving) = src.item.clone() else {
        return Err(RuleError::invalid(format!(
            "slot {from} of {} is empty: nothing to move",
            c.name
        )));
    };
    if from == to {
        return Err(RuleError::invalid(format!(
            "{} is already in slot {to}",
            moving.name
        )));
    }
    let kept_two_hands = src.two_hands;
    let mut next = c.clone();
    let back = next.require_slot(to)?.item.clone();
    for n in [from, to] {
        let s = next.require_slot_mut(n)?;
        s.item = None;
        s.two_hands = false;
    }
    place_moved(&mut next, to, moving.clone(), kept_two_hands)?;
    if let Some(b) = &back {
        place_moved(&mut next, from, b.clone(), false)?;
    }
    let name = next.name.clone();
    *state.character_mut(who)? = next;
    crate::rules::said::tell(out, || {
        Event::Note(match back {
            Some(b) => format!(
                "{name} swaps {} (now slot {to}) and {} (now slot {from})",
                moving.name, b.name
            ),
            None => format!("{name} moves {} from slot {from} to slot {to}", moving.name),
        })
    });
    Ok(())
}

fn place_moved(
    c: &mut Character,
    slot: SlotNo,
    item: Item,
    two_hands: bool,
) -> Result<(), RuleError> {
    place(c, slot, item)?;
    if two_hands && c.layout.region(slot) == Some(Region::Grip) {
        if free_other_grip(c, slot).is_none() {
            return Err(RuleError::invalid(format!(
                "{} is held with both hands and there is no free grip beside slot {slot}",
                item_name(c, slot)
            )));
        }
        c.require_slot_mut(slot)?.two_hands = true;
    }
    Ok(())
}

pub fn remove_item(
    state: &mut State,
    who: CharId,
    slot: SlotNo,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    if c.require_slot(slot)?.item.is_none() {
        let name = &c.name;
        if let Some(held) = c.two_handed_partner(slot)
            && c.layout.region(slot) == Some(Region::Grip)
        {
            return Err(RuleError::invalid(format!(
                "slot {slot} of {name} is filled by {} held with both hands; remove it from slot {held}",
                item_name(c, held)
            )));
        }
        return Err(RuleError::invalid(format!(
            "slot {slot} of {name} is already empty"
        )));
    }
    let s = c.require_slot_mut(slot)?;
    let item = s.item.take().map(|i| i.name).unwrap_or_default();
    s.two_hands = false;
    crate::rules::said::tell(out, || {
        Event::Note(format!("{} no longer carries {item} (slot {slot})", c.name))
    });
    Ok(())
}

/// Takes a medium weapon in both hands or lets go with one (R18). Bulky weapons always need both;
/// small ones only ever one.
pub fn two_hands(
    state: &mut State,
    who: CharId,
    slot: SlotNo,
    on: bool,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character(who)?;
    let name = c.name.clone();
    let s = c.require_slot(slot)?;
    if c.layout.region(slot) != Some(Region::Grip) {
        return Err(RuleError::invalid(format!(
            "slot {slot} of {name} is not a grip; only a weapon in a grip can be held with both hands"
        )));
    }
    let Some(item) = &s.item else {
        return Err(RuleError::invalid(format!(
            "slot {slot} of {name} holds nothing of its own"
        )));
    };
    let Some(weapon) = item.weapon else {
        return Err(RuleError::invalid(format!(
            "{} is not a weapon; only weapons are held with both hands",
            item.name
        )));
    };
    if s.two_hands == on {
        return Err(RuleError::invalid(format!(
            "{name} {} {} with both hands",
            if on { "already holds" } else { "does not hold" },
            item.name
        )));
    }
    match (weapon.size, on) {
        (WeaponSize::Small, _) => {
            return Err(RuleError::invalid(format!(
                "{} is small: it is held in one grip",
                item.name
            )));
        }
        (WeaponSize::Bulky, false) => {
            return Err(RuleError::invalid(format!(
                "{} is bulky: it cannot be held in one grip",
                item.name
            )));
        }
        _ => {}
    }
    if on {
        if let Some(other) = two_handed_grip(c) {
            return Err(RuleError::invalid(format!(
                "{name} already holds {} with both hands",
                item_name(c, other)
            )));
        }
        if free_other_grip(c, slot).is_none() {
            return Err(RuleError::invalid(format!(
                "{name} has no free grip for a second hand"
            )));
        }
    }
    let item = item.name.clone();
    state.character_mut(who)?.require_slot_mut(slot)?.two_hands = on;
    crate::rules::said::tell(out, || {
        Event::Note(if on {
            format!("{name} takes {item} in both hands")
        } else {
            format!("{name} holds {item} in one hand")
        })
    });
    Ok(())
}

/// Drops or shoulders the backpack: while dropped its slots count as empty for every rule, and
/// their items stay on the sheet (R3).
pub fn backpack(
    state: &mut State,
    who: CharId,
    drop: bool,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    if !c.layout.slots.iter().any(|d| d.region == Region::Backpack) {
        return Err(RuleError::invalid(format!("{} has no backpack", c.name)));
    }
    if c.backpack_dropped == drop {
        return Err(RuleError::invalid(format!(
            "{}'s backpack is already {}",
            c.name,
            if drop { "off" } else { "on" }
        )));
    }
    c.backpack_dropped = drop;
    crate::rules::said::tell(out, || {
        Event::Note(if drop {
            format!("{} drops the backpack: its slots count as empty", c.name)
        } else {
            format!("{} shoulders the backpack again", c.name)
        })
    });
    Ok(())
}
