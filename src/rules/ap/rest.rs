//! Deprivation and Fatigue (A38-A40), rests (A47), morale (A48), retreat, reactions and
//! hirelings (A49), and time on the shared clock (A50): every timer (the critical hour, the
//! mishaps' hours, deprivation days) runs when the clock moves.

use super::checks;
use super::command::{Event, Mood, Span};
use super::model::{Attr, Character, Kind, Mark, Read, Recovery, Stat, Timed};
use super::state::{Ask, DAYS, HOURS, MINUTES, State, Then};
use crate::dice::DiceSource;
use crate::dice::ladder::Dice;
use crate::rules::RuleError;
use crate::rules::line::{Line, Num};
use crate::rules::time::{DAY, Unit};

/// A38: sets or clears deprivation, counting from now.
pub fn deprive(state: &mut State, who: u32, on: bool) {
    let now = state.clock.seconds;
    if let Ok(c) = state.character_mut(who) {
        if on && !c.deprived() {
            c.deprived_since = Some(now);
            c.deprived_days = 0;
        }
        if !on {
            c.deprived_since = None;
            c.deprived_days = 0;
        }
        c.set(Mark::Deprived, on);
    }
}

/// A40: `n` Fatigue; each fills a free slot, and with none free the judge picks an item to go.
pub fn add_fatigue(
    state: &mut State,
    who: u32,
    n: u8,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    for k in 0..n {
        let c = state.character_mut(who)?;
        if c.free_slots() > 0 {
            c.fatigue += 1;
            crate::rules::said::tell(out, || {
                Event::line(
                    Mood::Mark,
                    Line::new()
                        .plain(crate::rules::said::words!("{} takes a Fatigue", c.name))
                        .of(
                            who,
                            Line::new()
                                .plain(" (")
                                .number(
                                    who,
                                    Num::Score,
                                    crate::rules::said::words!("{} in all", c.fatigue),
                                )
                                .plain(")"),
                            "",
                        ),
                )
            });
            continue;
        }
        let name = c.name.clone();
        return ask_drop(
            state,
            who,
            n - k,
            format!("{name}: which item goes to make room for Fatigue?"),
            "no free slot is left",
            || format!("{name} has no room for Fatigue and nothing to drop"),
            out,
        );
    }
    Ok(())
}

/// A40: the chosen item goes to the scene's dropped list, and the Fatigue left goes on.
pub fn drop_for_fatigue(
    state: &mut State,
    who: u32,
    item: usize,
    left: u8,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    if item >= c.items.len() {
        return Err(RuleError::invalid("there is no such item"));
    }
    let it = c.items.remove(item);
    let name = c.name.clone();
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Warn,
            format!("{name} drops the {} (left in the scene)", it.name),
        )
    });
    state.dropped.push((name, it.name));
    if left == 0 {
        fit_load(state, who, out)
    } else {
        add_fatigue(state, who, left, out)
    }
}

/// A40 with A45 (12, 19): when the slot count shrinks under what is carried, the judge picks
/// an item to go, as for Fatigue with no free slot, until the load fits again.
pub fn fit_load(state: &mut State, who: u32, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    let used = c.item_slots() + u32::from(c.fatigue);
    if used <= u32::from(c.slots) {
        return Ok(());
    }
    let name = c.name.clone();
    let slots = c.slots;
    ask_drop(
        state,
        who,
        0,
        format!("{name}: which item goes? {used} slots are filled and {slots} remain"),
        "the load no longer fits",
        || format!("{name} carries more than {slots} slots hold and has no item to drop"),
        out,
    )
}

/// A40: asks the judge which of `who`'s items goes (`why` it must, and no default), with `left`
/// Fatigue still to take after; with no item to drop, only says so in the words `none` gives.
fn ask_drop(
    state: &mut State,
    who: u32,
    left: u8,
    question: String,
    why: &str,
    none: impl FnOnce() -> String,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    let options: Vec<String> = c.items.iter().map(|i| i.name.clone()).collect();
    if options.is_empty() {
        crate::rules::said::tell(out, || Event::said(Mood::Warn, none()));
        return Ok(());
    }
    checks::ask(
        state,
        Ask::Drop { who, left },
        question,
        format!("{why}; the judge picks (there is no default)"),
        options,
        None,
    );
    Ok(())
}

/// A50: moves the clock and runs every timer: deprivation days (A39), the critical hour (A34),
/// timed mishaps (A45).
pub fn advance(
    state: &mut State,
    unit: Unit,
    n: u64,
    _dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    state.clock.advance(unit, n, &[]);
    let now = state.clock.seconds;
    // By place on the roster: the timers below add Fatigue but never add or remove anyone.
    for at in 0..state.characters.len() {
        let Some(c) = state.characters.get_mut(at) else {
            break;
        };
        if c.dead() {
            continue;
        }
        let id = c.id;
        if let Some(t) = c.dies_at
            && t <= now
            && !c.has(Mark::Stabilized)
        {
            c.set(Mark::Dead, true);
            c.dies_at = None;
            crate::rules::said::tell(out, || {
                Event::said(
                    Mood::Death,
                    format!("{} dies: the hour ran out with no aid", c.name),
                )
            });
            continue;
        }
        let mut ended = Vec::new();
        c.timed.retain(|(t, end)| {
            if *end <= now {
                ended.push(*t);
                false
            } else {
                true
            }
        });
        for t in ended {
            crate::rules::said::tell(out, || {
                Event::said(Mood::Plain, format!("{}: {} ends", c.name, t.word()))
            });
            if t == Timed::Draining {
                c.pending.push(Recovery {
                    label: "the draining has passed".into(),
                    clears: None,
                    roll: Some((Some(Stat::Attr(Attr::Wil)), 3, 6, Read::VsMax)),
                });
            }
        }
        if let Some(since) = c.deprived_since {
            let days = ((now.saturating_sub(since)) / DAY) as u32;
            let more = days.saturating_sub(c.deprived_days);
            c.deprived_days = days;
            if more > 0 {
                // How long is the deprived one's own number.
                crate::rules::said::tell(out, || {
                    Event::line(
                        Mood::Warn,
                        Line::new()
                            .name(id, c.name.clone())
                            .plain(" has gone")
                            .of(
                                id,
                                Line::new().plain(" ").number(
                                    id,
                                    Num::Score,
                                    crate::rules::said::counted(days, "day", "days"),
                                ),
                                " days",
                            )
                            .plain(" deprived"),
                    )
                });
                add_fatigue(state, id, more.min(20) as u8, out)?;
            }
        }
    }
    Ok(())
}

pub fn time(
    state: &mut State,
    n: u32,
    span: Span,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let (unit, most) = match span {
        Span::Minutes => (MINUTES, 60 * 24 * 7),
        Span::Hours => (HOURS, 24 * 30),
        Span::Days => (DAYS, 365),
    };
    if n == 0 || n > most {
        return Err(RuleError::invalid(format!(
            "move the clock 1-{most} {}s at a time",
            unit.name
        )));
    }
    advance(state, unit, u64::from(n), dice, out)?;
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Plain,
            format!(
                "{} pass: {}",
                unit.count(u64::from(n)),
                state.clock.describe()
            ),
        )
    });
    Ok(())
}

/// Whom a rest covers: those named, or every living PC.
fn party(state: &State, who: &[u32]) -> Result<Vec<u32>, RuleError> {
    if who.is_empty() {
        return Ok(state
            .characters
            .iter()
            .filter(|c| c.kind == Kind::Pc && !c.gone())
            .map(|c| c.id)
            .collect());
    }
    for &id in who {
        state.living(id)?;
    }
    Ok(who.to_vec())
}

/// A47: a short rest: HP to max unless deprived; a stabilized PC is back once the fight is over
/// (A34); a Die of Fate for the exposure.
pub fn short(
    state: &mut State,
    who: &[u32],
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let ids = party(state, who)?;
    let fighting = state.fight.is_some();
    for id in ids {
        let c = state.character_mut(id)?;
        if c.deprived() {
            crate::rules::said::tell(out, || {
                Event::said(Mood::Warn, format!("{} is deprived: no HP back", c.name))
            });
            continue;
        }
        c.hp.cur = c.hp.max;
        if !fighting && c.has(Mark::Stabilized) && c.has(Mark::Out) {
            c.set(Mark::Out, false);
            c.set(Mark::Stabilized, false);
            c.dies_at = None;
        }
        crate::rules::said::tell(out, || {
            Event::line(
                Mood::Mended,
                Line::new()
                    .plain(crate::rules::said::words!("{} rests", c.name))
                    .of(
                        id,
                        Line::new().plain(": ").number(
                            id,
                            Num::Health,
                            crate::rules::said::words!("HP {}", c.hp),
                        ),
                        "",
                    )
                    .state(id),
            )
        });
    }
    let f = dice.roll(6, &"the Die of Fate for the rest")?;
    // How an exposed rest goes is the judge's to say, and the judge's alone to read.
    crate::rules::said::tell(out, || {
        let line = if f >= 4 {
            Line::from(format!("Die of Fate {f}: the rest goes the party's way"))
        } else {
            Line::from(format!("Die of Fate {f}: the rest is exposed"))
                .judge(Line::from(": the judge says how"))
        };
        Event::line(if f >= 4 { Mood::Good } else { Mood::Warn }, line)
    });
    Ok(())
}

/// A40: a safe night clears all Fatigue unless deprived; the clock moves 8 hours.
pub fn night(
    state: &mut State,
    who: &[u32],
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    rest_for(state, who, &NIGHT, dice, out)
}

/// A47: a week's rest with a healer: attributes (and HP) to max unless deprived.
pub fn week(
    state: &mut State,
    who: &[u32],
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    rest_for(state, who, &WEEK, dice, out)
}

/// A long rest (A40, A47): how long it takes, what the deprived are told stays, and what comes
/// back to the others.
struct Long {
    time: (Unit, u64),
    stays: &'static str,
    back: fn(&mut Character, &mut Vec<Event>),
}

/// A40: a safe night clears all Fatigue.
const NIGHT: Long = Long {
    time: (HOURS, 8),
    stays: "the Fatigue stays",
    back: |c, out| {
        c.fatigue = 0;
        crate::rules::said::tell(out, || {
            Event::said(Mood::Mended, format!("{} sleeps safe: no Fatigue", c.name))
        });
    },
};

/// A47: a week with a healer restores every attribute, HP and Fatigue.
const WEEK: Long = Long {
    time: (DAYS, 7),
    stays: "nothing comes back",
    back: |c, out| {
        for a in Attr::ALL {
            let s = c.attr_mut(a);
            s.cur = s.max;
        }
        c.hp.cur = c.hp.max;
        c.fatigue = 0;
        crate::rules::said::tell(out, || {
            Event::said(
                Mood::Mended,
                format!("{} rests a week: attributes restored", c.name),
            )
        });
    },
};

/// A40, A47: a long rest for those named (or every living PC): the clock moves first, then each
/// one still alive gets what comes back, unless deprived.
fn rest_for(
    state: &mut State,
    who: &[u32],
    rest: &Long,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let ids = party(state, who)?;
    let (unit, n) = rest.time;
    advance(state, unit, n, dice, out)?;
    for id in ids {
        let c = state.character_mut(id)?;
        if c.dead() {
            continue;
        }
        if c.deprived() {
            crate::rules::said::tell(out, || {
                Event::said(
                    Mood::Warn,
                    format!("{} is deprived: {}", c.name, rest.stays),
                )
            });
            continue;
        }
        (rest.back)(c, out);
    }
    Ok(())
}

/// A48: the leader whose WIL a group's morale save uses (proposed: the highest WIL still up).
pub fn leader(state: &State, group: &str) -> Option<u32> {
    state
        .characters
        .iter()
        .filter(|c| c.group == group && !c.gone() && !c.has(Mark::Out))
        .max_by_key(|c| c.attr(Attr::Wil).cur)
        .map(|c| c.id)
}

fn casualty(c: &Character) -> bool {
    c.gone() || c.has(Mark::Out) || c.has(Mark::Routed)
}

/// A48: asks each NPC group's morale save when its first casualty falls or when half are down
/// (one save when both happen at once); a lone foe saves on reaching HP 0.
pub fn morale_check(state: &mut State, dice: &mut dyn DiceSource) -> Result<(), RuleError> {
    let Some(f) = state.fight.as_ref() else {
        return Ok(());
    };
    // Most steps of a fight move no group's morale: the fight is copied only when one does.
    if !f
        .start
        .iter()
        .any(|(group, n)| morale_stage(state, &f.morale, group, *n).is_some())
    {
        return Ok(());
    }
    let f = f.clone();
    for (group, n) in &f.start {
        let Some(stage) = morale_stage(state, &f.morale, group, *n) else {
            continue;
        };
        if let Some(fm) = state.fight.as_mut() {
            match fm.morale.iter_mut().find(|(g, _)| g == group) {
                Some(x) => x.1 = stage,
                None => fm.morale.push((group.clone(), stage)),
            }
        }
        if let Some(l) = leader(state, group) {
            checks::save_dc(
                state,
                l,
                Attr::Wil,
                &format!("for {} morale", crate::rules::said::possessive(group)),
                Then::Morale {
                    group: group.clone(),
                },
                dice,
            )?;
        }
    }
    Ok(())
}

/// The morale stage `group` (`n` strong at the start of the fight) has reached, when it is past
/// the stage `morale` records for it; None when it is not, or when it is a party's or empty.
fn morale_stage(state: &State, morale: &[(String, u8)], group: &str, n: u32) -> Option<u8> {
    // One pass over the roster: this is asked of every group at every step of a fight.
    let (mut any, mut down, mut lone_zero) = (false, 0u32, false);
    for c in state.characters.iter().filter(|c| c.group == group) {
        if c.kind == Kind::Pc {
            return None;
        }
        any = true;
        down += u32::from(casualty(c));
        lone_zero |= n == 1 && c.hp.cur == 0 && !c.gone();
    }
    if !any {
        return None;
    }
    let done = morale
        .iter()
        .find(|(g, _)| g == group)
        .map_or(0, |(_, d)| *d);
    let mut stage = done;
    if down >= 1 || lone_zero {
        stage |= 1;
    }
    if down * 2 >= n && down > 0 {
        stage |= 2;
    }
    (stage != done).then_some(stage)
}

/// A48 by hand: a morale save for `who`'s group with its WIL.
pub fn morale(state: &mut State, who: u32, dice: &mut dyn DiceSource) -> Result<(), RuleError> {
    let group = state.living(who)?.group.clone();
    checks::save_dc(
        state,
        who,
        Attr::Wil,
        &format!("for {} morale", crate::rules::said::possessive(&group)),
        Then::Morale { group },
        dice,
    )
}

/// A49: a retreat: a DEX save; passing gets away (the judge accepts the destination).
pub fn retreat(state: &mut State, who: u32, dice: &mut dyn DiceSource) -> Result<(), RuleError> {
    checks::save_dc(state, who, Attr::Dex, "to retreat", Then::Retreat, dice)
}

/// A49's reaction bands [data from rule file 003].
pub fn reaction_word(total: u16) -> &'static str {
    match total {
        ..=2 => "hostile",
        3..=5 => "wary",
        6..=8 => "curious",
        9..=11 => "kind",
        _ => "helpful",
    }
}

pub fn reaction(dice: &mut dyn DiceSource, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let faces = Dice::new(2, 6).roll(dice, &"a reaction")?;
    let t: u16 = faces.iter().sum();
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Warn,
            format!("Reaction 2d6 {faces:?} = {t}: {}", reaction_word(t)),
        )
    });
    Ok(())
}

/// A49: a hireling: 3d6 for each attribute, 1d6 HP, NPC rules (A5).
pub fn hireling(
    state: &mut State,
    name: &str,
    group: &str,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let name = crate::rules::text::checked(
        crate::rules::text::TextKind::Name,
        name,
        "a hireling needs a name",
    )?;
    let group = crate::rules::text::checked(
        crate::rules::text::TextKind::Name,
        group,
        "name the hireling's group",
    )?;
    let mut attrs = [0u8; 3];
    for (i, a) in Attr::ALL.iter().enumerate() {
        attrs[i] = Dice::new(3, 6)
            .roll(dice, &format_args!("{name}'s {a}"))?
            .iter()
            .sum::<u16>() as u8;
    }
    let hp = dice.roll(6, &format_args!("{name}'s HP"))? as u8;
    let id = crate::rules::take_id(&mut state.next_id)?;
    state.characters.push(Character::new(
        id,
        name.clone(),
        Kind::Npc,
        group.clone(),
        attrs,
        hp,
    ));
    // The rolled attributes and hit points.
    crate::rules::cairn::came(out, || format!("Hireling {name} ({group})"), id, attrs, hp);
    Ok(())
}
