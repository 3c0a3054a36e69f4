//! Initiative (A21-A25): 1d20 + current WIL once per fight, sorted within each group; groups
//! take turns one member at a time, from the group whose best member rolled highest, skipping
//! spent groups; late arrivals are inserted; the end of a turn refills the pool (A17) and a
//! round moves the clock 2 minutes (A50).

use super::checks;
use super::command::{Event, Mood};
use super::model::{Attr, Character, Mark};
use super::rest;
use super::state::{Ask, Fight, ROUND, State};
use crate::dice::DiceSource;
use crate::rules::RuleError;
use crate::rules::line::{Line, Num};
use crate::rules::rolled::{Dice, Rolled, Term};
use crate::rules::said;
use std::cmp::Reverse;

/// Higher total first, then higher WIL, then roster order.
type Key = (Reverse<u8>, Reverse<u8>, usize);

/// A22: a member's sort key.
fn key(c: &Character, roster: usize) -> Key {
    (
        Reverse(c.init.unwrap_or(0)),
        Reverse(c.attr(Attr::Wil).cur),
        roster,
    )
}

/// A22: whether `c` fights for `group` (it has a total and belongs to the group).
fn fights_for(c: &Character, group: &str) -> bool {
    c.init.is_some() && c.group == group
}

/// A22: the fighters of `group` in their order.
pub fn members(state: &State, group: &str) -> Vec<u32> {
    let mut m: Vec<(usize, &Character)> = state
        .characters
        .iter()
        .enumerate()
        .filter(|(_, c)| fights_for(c, group))
        .collect();
    m.sort_by_key(|(i, c)| key(c, *i));
    m.into_iter().map(|(_, c)| c.id).collect()
}

/// A23: the groups of the fighters, by their best member (total, then WIL, then the roster).
pub fn group_order(state: &State) -> Vec<String> {
    let mut best: Vec<(String, Key)> = Vec::new();
    for (i, c) in state.characters.iter().enumerate() {
        if c.init.is_none() {
            continue;
        }
        let k = key(c, i);
        match best.iter_mut().find(|(g, _)| *g == c.group) {
            Some((_, b)) => *b = (*b).min(k),
            None => best.push((c.group.clone(), k)),
        }
    }
    best.sort_by_key(|(_, k)| *k);
    best.into_iter().map(|(g, _)| g).collect()
}

/// A21: rolls 1d20 + current WIL for one creature and readies its pool (A15).
fn roll_in(
    state: &mut State,
    who: u32,
    surprised: bool,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.living(who)?;
    let purpose = format_args!("{}'s initiative", c.name);
    let face = dice.roll(20, &purpose)?;
    let c = state.living_mut(who)?;
    let total = (face + u16::from(c.attr(Attr::Wil).cur)).min(50) as u8;
    c.init = Some(total);
    c.ap = if surprised { c.ap_max.min(2) } else { c.ap_max };
    c.set(Mark::Surprised, surprised);
    c.moves = 0;
    crate::rules::said::tell(out, || {
        // A22: the WIL score and the total are the creature's own numbers.
        let words = Rolled::new(Some(who))
            .dice(Dice::one("d20", face))
            .plus(Term::of(who, "WIL", i32::from(c.attr(Attr::Wil).cur)))
            .total(i32::from(total));
        let mut line = Line::new()
            .name(who, c.name.clone())
            .plain(format!(" ({}): initiative ", c.group));
        line.0.extend(words.line().0);
        Event::line(
            Mood::Plain,
            line.plain(if surprised { ", surprised: 2 AP" } else { "" }),
        )
    });
    Ok(())
}

pub fn start(
    state: &mut State,
    who: &[u32],
    surprised: &[u32],
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if state.fight.is_some() {
        return Err(RuleError::invalid(
            "a fight is already under way: end it first",
        ));
    }
    let ids: Vec<u32> = if who.is_empty() {
        state
            .characters
            .iter()
            .filter(|c| !c.gone())
            .map(|c| c.id)
            .collect()
    } else {
        who.to_vec()
    };
    if ids.is_empty() {
        return Err(RuleError::invalid("nobody is here to fight"));
    }
    for c in &mut state.characters {
        c.init = None;
    }
    for &id in &ids {
        roll_in(state, id, surprised.contains(&id), dice, out)?;
    }
    let groups = group_order(state);
    let start = groups
        .iter()
        .map(|g| {
            let n = state.characters.iter().filter(|c| fights_for(c, g)).count();
            (g.clone(), n as u32)
        })
        .collect();
    // Each group is named by its first member, so a group the players have not met is not
    // named at their table (the line is left out for them).
    crate::rules::said::tell(out, || {
        let mut line = Line::new().plain("The fight begins; groups in turn: ");
        for (i, g) in groups.iter().enumerate() {
            if i > 0 {
                line = line.plain(", ");
            }
            line = match members(state, g).first() {
                Some(&id) => line.name(id, g.clone()),
                None => line.plain(g.clone()),
            };
        }
        Event::line(Mood::Warn, line)
    });
    state.fight = Some(Fight {
        round: 1,
        groups,
        at: 0,
        acting: None,
        acted: Vec::new(),
        start,
        morale: Vec::new(),
    });
    begin_next(state, 0, dice, out)
}

/// A25: a late arrival rolls and joins its group (a new group takes its place by its total).
pub fn join(
    state: &mut State,
    who: u32,
    surprised: bool,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if state.fight.is_none() {
        return Err(crate::rules::no_fight());
    }
    if state.living(who)?.init.is_some() {
        return Err(RuleError::invalid("already in the fight"));
    }
    roll_in(state, who, surprised, dice, out)?;
    regroup(state);
    let group = state.character(who)?.group.clone();
    if let Some(f) = state.fight.as_mut()
        && !f.start.iter().any(|(g, _)| *g == group)
    {
        f.start.push((group, 1));
    } else if let Some(f) = state.fight.as_mut()
        && let Some(s) = f.start.iter_mut().find(|(g, _)| *g == group)
    {
        s.1 += 1;
    }
    Ok(())
}

/// Keeps the groups' order after a change: known groups keep their places, a new one is put
/// where its best total ranks.
fn regroup(state: &mut State) {
    let fresh = group_order(state);
    let acting_group = state
        .fight
        .as_ref()
        .and_then(|f| f.groups.get(f.at).cloned());
    let Some(f) = state.fight.as_mut() else {
        return;
    };
    for (i, g) in fresh.iter().enumerate() {
        if !f.groups.contains(g) {
            let at = i.min(f.groups.len());
            f.groups.insert(at, g.clone());
        }
    }
    if let Some(g) = acting_group
        && let Some(i) = f.groups.iter().position(|x| *x == g)
    {
        f.at = i;
    }
}

/// A22, A23: the judge sets a total; the order is sorted again.
pub fn set_total(
    state: &mut State,
    who: u32,
    total: u8,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if state.fight.is_none() {
        return Err(crate::rules::no_fight());
    }
    let c = state.character_mut(who)?;
    if c.init.is_none() {
        return Err(RuleError::invalid(format!(
            "{} is not in the fight",
            c.name
        )));
    }
    c.init = Some(total.min(50));
    let init = total.min(50);
    crate::rules::said::tell(out, || {
        Event::line(
            Mood::Ruling,
            Line::new().ruling(
                Line::from(crate::rules::said::words!(
                    "The judge sets {}'s initiative to {init}",
                    c.name
                )),
                Line::edited(who, &c.name, "initiative", Num::Total, init.to_string()),
            ),
        )
    });
    let order = group_order(state);
    let acting = state
        .fight
        .as_ref()
        .and_then(|f| f.groups.get(f.at).cloned());
    if let Some(f) = state.fight.as_mut() {
        f.groups = order;
        if let Some(g) = acting {
            f.at = f.groups.iter().position(|x| *x == g).unwrap_or(0);
        }
    }
    Ok(())
}

/// A24: who in `group` has yet to act this round: the first in the group's order (see
/// [`members`]) who has not acted and is still in the fight, found without sorting the group.
fn unacted(state: &State, f: &Fight, group: &str) -> Option<u32> {
    state
        .characters
        .iter()
        .enumerate()
        // The group's name, the dearest to compare, is asked last.
        .filter(|(_, c)| !f.acted.contains(&c.id) && !c.gone() && fights_for(c, group))
        .min_by_key(|(i, c)| key(c, *i))
        .map(|(_, c)| c.id)
}

/// Who begins the next turn once the acting one ends theirs (A24): the next group round from
/// this one with a member still to act, or the first of a new round. Changes nothing.
pub fn next_up(state: &State) -> Option<u32> {
    let mut f = state.fight.clone()?;
    let from = match f.acting {
        Some(id) => {
            f.acted.push(id);
            f.at + 1
        }
        None => f.at,
    };
    let n = f.groups.len().max(1);
    let find = |f: &Fight, from: usize| {
        (0..f.groups.len())
            .map(|k| (from + k) % n)
            .find_map(|g| unacted(state, f, &f.groups[g]))
    };
    find(&f, from).or_else(|| {
        f.acted.clear();
        find(&f, 0)
    })
}

/// Starts the turn of the next unacted member, looking from group index `from`; a new round
/// when nobody is left.
fn begin_next(
    state: &mut State,
    from: usize,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let Some(f) = state.fight.as_ref() else {
        return Ok(());
    };
    let n = f.groups.len();
    let found = (0..n)
        .map(|k| (from + k) % n.max(1))
        .find_map(|g| unacted(state, f, &f.groups[g]).map(|id| (g, id)));
    let (g, id) = match found {
        Some(x) => x,
        None => {
            // A24: everyone has acted: a new round in the same order.
            let round = f.round + 1;
            if let Some(f) = state.fight.as_mut() {
                f.round = round;
                f.acted.clear();
                f.acting = None;
            }
            said::tell(out, || {
                Event::said(Mood::Plain, format!("Round {round} begins"))
            });
            rest::advance(state, ROUND, 1, dice, out)?;
            let Some(f) = state.fight.as_ref() else {
                return Ok(());
            };
            match (0..f.groups.len())
                .find_map(|g| unacted(state, f, &f.groups[g]).map(|id| (g, id)))
            {
                Some(x) => x,
                None => return Ok(()),
            }
        }
    };
    if let Some(f) = state.fight.as_mut() {
        f.at = g;
        f.acting = Some(id);
    }
    let c = state.character_mut(id)?;
    c.moves = 0;
    if let Some(h) = c.held.take() {
        said::tell(out, || {
            Event::said(
                Mood::Plain,
                format!("{}'s held action ({}) lapses unfired", c.name, h.trigger),
            )
        });
    }
    let cannot = c.cannot_act();
    said::tell(out, || {
        Event::line(
            Mood::Plain,
            Line::new()
                .name(id, c.name.clone())
                .plain(crate::rules::said::words!("'s turn ({}", c.group))
                .of(
                    id,
                    Line::new().plain(", ").number(
                        id,
                        crate::rules::line::Num::Score,
                        crate::rules::said::words!("{} AP", c.ap),
                    ),
                    "",
                )
                .plain(")"),
        )
    });
    if cannot {
        let title = format!("{} cannot act", c.name);
        checks::ask(
            state,
            Ask::Skip { who: id },
            title,
            "out of action, paralysed or delirious: ending its turn is proposed".into(),
            vec!["end its turn".into(), "let it act".into()],
            Some(0),
        );
    }
    Ok(())
}

/// A17, A19, A24: ends the acting creature's turn (its pool refilled to max, the surprise mark
/// gone, an old bank lapsed) and starts the next.
pub fn next(
    state: &mut State,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let f = state.fight.as_mut().ok_or_else(crate::rules::no_fight)?;
    let at = f.at;
    if let Some(id) = f.acting.take() {
        f.acted.push(id);
        if let Ok(c) = state.character_mut(id) {
            c.ap = c.ap_max;
            c.set(Mark::Surprised, false);
            c.moves = 0;
            if c.bank_old {
                c.bank = 0;
                c.bank_old = false;
            } else if c.bank > 0 {
                c.bank_old = true;
            }
            crate::rules::said::tell(out, || {
                Event::said(Mood::Plain, format!("{} ends the turn", c.name))
            });
        }
    }
    begin_next(state, at + 1, dice, out)
}

/// Ends the fight. A50: the round under way moves the clock too once anyone has done
/// something in it (a turn ended, AP spent, a space moved); a round that has only just begun
/// adds no time.
pub fn end(
    state: &mut State,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let f = state.fight.take().ok_or_else(crate::rules::no_fight)?;
    let busy = !f.acted.is_empty()
        || f.acting
            .and_then(|id| state.character(id).ok())
            .is_some_and(|c| c.ap < c.ap_max || c.moves > 0);
    if busy {
        rest::advance(state, ROUND, 1, dice, out)?;
    }
    for c in &mut state.characters {
        c.init = None;
        c.ap = c.ap_max;
        c.moves = 0;
        c.set(Mark::Surprised, false);
    }
    crate::rules::said::tell(out, || Event::said(Mood::Plain, "The fight ends"));
    Ok(())
}

/// A25: the dead and the fled leave the order; whose turn it was, it ends.
pub fn left(state: &mut State, who: u32, out: &mut Vec<Event>) {
    if let Some(f) = state.fight.as_mut()
        && f.acting == Some(who)
    {
        f.acting = None;
        f.acted.push(who);
        crate::rules::said::tell(out, || {
            Event::said(
                Mood::Plain,
                format!("{} leaves the order", state.name_of(who)),
            )
        });
    }
}

/// A48: every living member of the group flees.
pub fn flee(state: &mut State, group: &str, out: &mut Vec<Event>) {
    let ids: Vec<u32> = state
        .characters
        .iter()
        .filter(|c| c.group == group && !c.gone())
        .map(|c| c.id)
        .collect();
    let mut line = Event::said(Mood::Warn, format!("{group} flees"));
    for id in ids {
        if let Ok(c) = state.character_mut(id) {
            c.set(Mark::Fled, true);
            line = line.tallied(crate::rules::Tally::down(&c.name));
        }
        left(state, id, out);
    }
    out.push(line);
}
