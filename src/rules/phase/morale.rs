//! Morale (K30): each enemy group's one-shot triggers (its first member out, half or more out,
//! a lone foe at 0 HP), checked at the phase's end with one WIL save, the leader's while they
//! stand; a failed save sends the group fleeing. Undead and PCs never check; hirelings check on
//! the party's own triggers (Decision).

use super::command::{Event, Mood};
use super::model::{Ability, Kind, Side};
use super::saves;
use super::state::{State, Tally, Then};
use crate::dice::DiceSource;
use crate::rules::RuleError;
use crate::rules::line::{Line, Num};

/// The tallies of a fight starting with `ids`: one per enemy group (a creature with no group
/// is a group of one), and the party's when hirelings are in it.
pub fn tallies(state: &State, ids: &[u32]) -> Vec<Tally> {
    let mut out: Vec<Tally> = Vec::new();
    for &id in ids {
        let Ok(c) = state.character(id) else {
            continue;
        };
        let group = match c.side {
            Side::Enemies => c.group.clone().unwrap_or_else(|| c.name.clone()),
            Side::Party => "the party".to_string(),
        };
        match out
            .iter_mut()
            .find(|t| t.group == group && t.side == c.side)
        {
            Some(t) => t.members.push(id),
            None => out.push(Tally {
                group,
                side: c.side,
                members: vec![id],
                first: false,
                half: false,
                lone: false,
                due: false,
            }),
        }
    }
    let has_hireling = |t: &Tally| {
        t.members
            .iter()
            .any(|&m| state.character(m).is_ok_and(|c| c.kind == Kind::Hireling))
    };
    out.retain(|t| t.side == Side::Enemies || has_hireling(t));
    out
}

/// Fires first-casualty and half-gone triggers after anything that may take someone out.
pub fn casualty(state: &mut State, out: &mut Vec<Event>) {
    let Some(fight) = state.fight.as_mut() else {
        return;
    };
    for t in &mut fight.tallies {
        let gone = t
            .members
            .iter()
            .filter(|&&m| {
                state
                    .characters
                    .iter()
                    .find(|c| c.id == m)
                    .is_none_or(|c| c.is_out())
            })
            .count();
        if gone >= 1 && !t.first {
            t.first = true;
            t.due = true;
            crate::rules::said::tell(out, || {
                Event::said(
                    Mood::Warn,
                    format!(
                        "{} take their first casualty: morale at the phase's end",
                        t.group
                    ),
                )
            });
        }
        if gone * 2 >= t.members.len() && !t.half {
            t.half = true;
            t.due = true;
            crate::rules::said::tell(out, || {
                Event::said(
                    Mood::Warn,
                    format!(
                        "{} have lost half their number: morale at the phase's end",
                        t.group
                    ),
                )
            });
        }
    }
}

/// K30: a lone foe (a group of one, or its last standing) reaching 0 HP.
pub fn lone(state: &mut State, who: u32, out: &mut Vec<Event>) {
    let Some(fight) = state.fight.as_mut() else {
        return;
    };
    for t in &mut fight.tallies {
        if t.side != Side::Enemies || t.lone || !t.members.contains(&who) {
            continue;
        }
        let standing: Vec<u32> = t
            .members
            .iter()
            .copied()
            .filter(|&m| {
                state
                    .characters
                    .iter()
                    .find(|c| c.id == m)
                    .is_some_and(|c| !c.is_out())
            })
            .collect();
        if standing == [who] {
            t.lone = true;
            t.due = true;
            // The hit points are the lone one's number.
            crate::rules::said::tell(out, || {
                Event::line(
                    Mood::Warn,
                    Line::new()
                        .plain(crate::rules::said::words!("{} stands alone", t.group))
                        .of(
                            who,
                            Line::new().plain(" at ").number(who, Num::Health, "0 HP"),
                            "",
                        )
                        .plain(": morale at the phase's end"),
                )
            });
        }
    }
}

/// K30: the saves due at a phase's end: one per enemy group (all its triggers this phase in
/// one), one per standing hireling for the party's.
pub fn phase_end(
    state: &mut State,
    dice: &mut dyn DiceSource,
    _out: &mut [Event],
) -> Result<(), RuleError> {
    let Some(fight) = state.fight.as_mut() else {
        return Ok(());
    };
    let due: Vec<Tally> = fight
        .tallies
        .iter_mut()
        .filter(|t| t.due)
        .map(|t| {
            t.due = false;
            t.clone()
        })
        .collect();
    for t in due {
        let standing: Vec<&super::model::Character> = t
            .members
            .iter()
            .filter_map(|&m| state.character(m).ok())
            .filter(|c| !c.is_out())
            .collect();
        match t.side {
            Side::Enemies => {
                let living: Vec<_> = standing.into_iter().filter(|c| !c.undead).collect();
                let leader = living.iter().find(|c| c.leader);
                let who = leader
                    .or_else(|| living.iter().min_by_key(|c| c.wil.cur))
                    .map(|c| c.id);
                if let Some(who) = who {
                    let why = format!("for the morale of {}", t.group);
                    saves::ask_save(
                        state,
                        who,
                        Ability::Wil,
                        &why,
                        Then::Morale { group: t.group },
                        dice,
                    )?;
                }
            }
            Side::Party => {
                let hirelings: Vec<u32> = standing
                    .iter()
                    .filter(|c| c.kind == Kind::Hireling)
                    .map(|c| c.id)
                    .collect();
                for who in hirelings {
                    saves::ask_save(
                        state,
                        who,
                        Ability::Wil,
                        "to stand by the party",
                        Then::Loyalty,
                        dice,
                    )?;
                }
            }
        }
    }
    Ok(())
}

/// K30: a failed morale save: every standing member flees, and enemies in melee with them may
/// strike at once (K17).
pub fn result(
    state: &mut State,
    group: &str,
    pass: bool,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if pass {
        crate::rules::said::tell(out, || {
            Event::said(Mood::Plain, format!("{group} hold their ground"))
        });
        return Ok(());
    }
    let members: Vec<u32> = state
        .fight
        .as_ref()
        .and_then(|f| f.tallies.iter().find(|t| t.group == group))
        .map(|t| t.members.clone())
        .unwrap_or_default();
    let standing: Vec<u32> = members
        .into_iter()
        .filter(|&m| state.character(m).is_ok_and(|c| !c.is_out() && !c.undead))
        .collect();
    crate::rules::said::tell(out, || {
        Event::said(Mood::Good, format!("{group} break and flee"))
    });
    for who in standing {
        run_off(state, who, out)?;
    }
    casualty(state, out);
    Ok(())
}

/// A hireling's failed save on the party's trigger (Decision: they flee).
pub fn disloyal(state: &mut State, who: u32, out: &mut Vec<Event>) -> Result<(), RuleError> {
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Bad,
            format!("{} loses heart and flees", state.name_of(who)),
        )
    });
    run_off(state, who, out)?;
    casualty(state, out);
    Ok(())
}

fn run_off(state: &mut State, who: u32, out: &mut Vec<Event>) -> Result<(), RuleError> {
    state.character_mut(who)?.fled = true;
    let name = state.name_of(who);
    if let Some(f) = state.fight.as_mut() {
        let foes = f.engaged_with(who);
        f.disengage(who);
        let striking = |foe: &u32| {
            state
                .characters
                .iter()
                .any(|c| c.id == *foe && c.may_strike())
        };
        for foe in foes.into_iter().filter(striking) {
            f.free.push((foe, who));
            let foe_name = state
                .characters
                .iter()
                .find(|c| c.id == foe)
                .map_or_else(String::new, |c| c.name.clone());
            crate::rules::said::tell(out, || {
                Event::said(
                    Mood::Plain,
                    format!("{foe_name} may strike {name} at once as they run"),
                )
            });
        }
    }
    Ok(())
}
