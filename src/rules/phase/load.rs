//! Counted load (K7-K10): units of supplies and treasure, coins by the thousand, fatigue, the
//! allowance they are held against, and the proposal to drop a unit when the load runs over.

use super::command::{Event, Mood};
use super::model::Unit;
use super::saves;
use super::state::{Ask, State, Wait};
use crate::rules::RuleError;
use crate::rules::text::{TextKind, checked};

/// K8: when `who` carries more than the allowance and has a unit to drop, asks which (the
/// newest proposed). Fatigue alone over the allowance asks nothing (no cap).
pub fn check_overload(state: &mut State, who: u32, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let dungeon = state.dungeon();
    let c = state.character(who)?;
    let allowance = u32::from(c.allowance_in(dungeon));
    if c.load() <= allowance || c.units.is_empty() {
        return Ok(());
    }
    let already = state
        .queue
        .iter()
        .any(|w| matches!(w, Wait::Ask(q) if q.ask == Ask::Overload { who }));
    if already {
        return Ok(());
    }
    let title = format!("{}: drop which unit?", c.name);
    let why = format!(
        "{} carries a load of {} against an allowance of {allowance}",
        c.name,
        c.load()
    );
    let options: Vec<String> = c.units.iter().map(Unit::describe).collect();
    let proposed = options.len() - 1;
    crate::rules::said::tell(out, || {
        Event::said(Mood::Warn, format!("{why}: a unit must go"))
    });
    saves::ask(state, Ask::Overload { who }, title, why, options, proposed);
    Ok(())
}

/// K8: drops a unit in the scene (free, at the character's place, in any phase).
pub fn drop_unit(
    state: &mut State,
    who: u32,
    index: usize,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let (name, unit) = remove_unit(state, who, index)?;
    crate::rules::said::tell(out, || {
        Event::said(Mood::Plain, format!("{name} drops {}", unit.describe()))
    });
    state
        .world
        .dropped
        .push(format!("{} (from {name})", unit.describe()));
    check_overload(state, who, out)
}

/// Takes unit `index` off `who`'s sheet (K8), with `who`'s name; with no such unit, says how
/// many `who` carries.
fn remove_unit(state: &mut State, who: u32, index: usize) -> Result<(String, Unit), RuleError> {
    let c = state.character_mut(who)?;
    if index >= c.units.len() {
        return Err(RuleError::invalid(format!(
            "{} carries {} units",
            c.name,
            c.units.len()
        )));
    }
    Ok((c.name.clone(), c.units.remove(index)))
}

/// K7: picks up or is handed a unit.
pub fn take(
    state: &mut State,
    who: u32,
    unit: Unit,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let unit = match unit {
        Unit::Food { rations } if !(1..=7).contains(&rations) => {
            return Err(RuleError::invalid("a unit of food holds 1 to 7 rations"));
        }
        Unit::Supply(name) => {
            Unit::Supply(checked(TextKind::ItemName, &name, "a unit needs a name")?)
        }
        Unit::Treasure(name) => Unit::Treasure(checked(
            TextKind::ItemName,
            &name,
            "a treasure needs a name",
        )?),
        other => other,
    };
    let c = state.character_mut(who)?;
    crate::rules::said::tell(out, || {
        Event::said(Mood::Plain, format!("{} takes {}", c.name, unit.describe()))
    });
    c.units.push(unit);
    check_overload(state, who, out)
}

pub fn give(
    state: &mut State,
    from: u32,
    index: usize,
    to: u32,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let receiver = state.character(to)?.name.clone();
    let (name, unit) = remove_unit(state, from, index)?;
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Plain,
            format!("{name} gives {} to {receiver}", unit.describe()),
        )
    });
    state.character_mut(to)?.units.push(unit);
    check_overload(state, to, out)
}

pub fn coins(state: &mut State, who: u32, by: i64, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    let now = i64::from(c.coins) + by;
    if now < 0 {
        return Err(RuleError::invalid(format!(
            "{} has only {} coins",
            c.name, c.coins
        )));
    }
    c.coins = u32::try_from(now).map_err(|_| RuleError::invalid("that is too many coins"))?;
    crate::rules::said::tell(out, || {
        Event::said(Mood::Plain, format!("{} now has {} coins", c.name, c.coins))
    });
    check_overload(state, who, out)
}

/// K10: fatigue by the judge's word (or a rule's), never below 0 and with no cap.
pub fn fatigue(state: &mut State, who: u32, by: i8, out: &mut Vec<Event>) -> Result<(), RuleError> {
    if by == 0 {
        return Err(RuleError::invalid("a change of 0 fatigue changes nothing"));
    }
    add_fatigue(state, who, by, out)?;
    check_overload(state, who, out)
}

pub fn add_fatigue(
    state: &mut State,
    who: u32,
    by: i8,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    let was = c.fatigue;
    c.fatigue = if by >= 0 {
        c.fatigue.saturating_add(by.unsigned_abs())
    } else {
        c.fatigue.saturating_sub(by.unsigned_abs())
    };
    if c.fatigue != was {
        crate::rules::said::tell(out, || {
            Event::said(
                Mood::Mark,
                format!("{}'s fatigue {} → {}", c.name, was, c.fatigue),
            )
        });
    }
    Ok(())
}

/// Eats one ration from `who`'s own load (K32): from the food unit with the fewest left, a
/// unit that runs empty leaving the sheet. Returns whether there was one.
pub fn eat(state: &mut State, who: u32) -> Result<bool, RuleError> {
    let c = state.character_mut(who)?;
    let pick = c
        .units
        .iter()
        .enumerate()
        .filter(|(_, u)| u.rations() > 0)
        .min_by_key(|(_, u)| u.rations())
        .map(|(i, _)| i);
    let Some(i) = pick else {
        return Ok(false);
    };
    match &mut c.units[i] {
        Unit::Food { rations } if *rations > 1 => *rations -= 1,
        _ => {
            c.units.remove(i);
        }
    }
    Ok(true)
}
