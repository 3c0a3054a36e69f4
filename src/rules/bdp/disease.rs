//! Disease (B36-B39): infection with its rolled length, the dawn's STR saves that wait for the
//! judge, and what each verdict does to the sheet and the countdown.

use super::command::{Amount, Event, Illness, Mood};
use super::harm::roll;
use super::saves::ask_save;
use super::state::{State, Then};
use super::{Ability, Disease, zero_check};
use crate::dice::{DiceSource, Edge};
use crate::rules::RuleError;

/// B37: infection; a limited disease's length is rolled now and kept on the sheet.
pub fn infect(
    state: &mut State,
    who: u32,
    illness: Illness,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let (name, ability, loss, length, passes) = illness.data();
    let c = state.living_mut(who)?;
    if c.diseases.iter().any(|d| d.name == name) {
        return Err(RuleError::invalid(format!("{} already has {name}", c.name)));
    }
    let dawns = match length {
        Some(d) => {
            Some(u8::try_from(dice.roll(d, &format_args!("{name}'s length"))?).unwrap_or(u8::MAX))
        }
        None => None,
    };
    let c = state.living_mut(who)?;
    c.diseases.push(Disease {
        name: name.into(),
        ability,
        loss,
        dawns_left: dawns,
        passes_needed: passes,
        passes: 0,
    });
    let len = dawns.map_or("until cured".to_string(), |d| format!("{d} days"));
    crate::rules::said::tell(out, || {
        Event::said(Mood::Warn, format!("{} has {name} ({len})", c.name))
    });
    Ok(())
}

/// B38: one STR save per disease at dawn, with advantage for the rested and cared for. Each
/// waits for the judge; its verdict brings the loss and counts the day.
pub fn ask_saves(state: &mut State, id: u32, dice: &mut dyn DiceSource) -> Result<(), RuleError> {
    let c = state.character(id)?;
    let edge = if c.cared_for {
        Edge::advantage(1)
    } else {
        Edge::NONE
    };
    let names: Vec<String> = c.diseases.iter().map(|d| d.name.clone()).collect();
    for name in names {
        ask_save(
            state,
            id,
            Ability::Str,
            edge,
            &format!("against {name}"),
            Then::Disease { name },
            dice,
        )?;
    }
    Ok(())
}

/// B38: a disease save's verdict. A fail costs the listed loss (no critical damage save); a
/// limited disease counts the dawn either way, one lasting until cured counts a pass.
pub fn settled(
    state: &mut State,
    who: u32,
    name: &str,
    pass: bool,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character(who)?;
    let who_name = c.name.clone();
    let Some(d) = c.diseases.iter().find(|d| d.name == name).cloned() else {
        crate::rules::said::tell(out, || {
            Event::said(
                Mood::Plain,
                format!("{who_name} no longer has {name}: the save changes nothing"),
            )
        });
        return Ok(());
    };
    if pass {
        crate::rules::said::tell(out, || {
            Event::said(Mood::Good, format!("{who_name} resists {name} today"))
        });
    } else {
        let (n, shown) = roll(
            dice,
            Amount {
                count: d.loss.0,
                sides: d.loss.1,
            },
            &format!("{name}'s loss"),
        )?;
        let c = state.character_mut(who)?;
        c.score_mut(d.ability).lose(n);
        crate::rules::said::tell(out, || {
            Event::line(
                Mood::Harm,
                crate::rules::said::loses(who, &who_name, shown, d.ability)
                    .plain(crate::rules::said::words!(" to {name}"))
                    .state(who),
            )
        });
        zero_check(state, who, d.ability, out);
    }
    let c = state.character_mut(who)?;
    let Some(at) = c.diseases.iter().position(|d| d.name == name) else {
        return Ok(());
    };
    let dd = &mut c.diseases[at];
    let ended = if let Some(left) = dd.dawns_left.as_mut() {
        *left = left.saturating_sub(1);
        *left == 0
    } else if let Some(need) = dd.passes_needed
        && pass
    {
        dd.passes = dd.passes.saturating_add(1);
        dd.passes >= need
    } else {
        false
    };
    if ended {
        c.diseases.remove(at);
        crate::rules::said::tell(out, || {
            Event::said(Mood::Mended, format!("{who_name}'s {name} ends"))
        });
    }
    Ok(())
}
