//! Magic (A41-A46): magic dice from free slots and Mana Dust, at most 4, their sum and sets of
//! equal faces, Fatigue from slot dice, the mishap table by sum, scrolls and the Grimoire.

use super::command::{Cast, Event, Mood};
use super::harm::zero_check;
use super::model::{Attr, Grimoire, Item, Mark, Read, Recovery, Stat, Timed};
use super::points;
use super::rest;
use super::state::{HOURS, State};
use crate::dice::DiceSource;
use crate::rules::RuleError;
use crate::rules::line::{Line, Num};
use crate::rules::text::{TextKind, checked};
use crate::rules::time::{DAY, HOUR};

/// A42: the most magic dice one casting may use.
pub const DICE_MOST: u8 = 4;

/// A45's mishaps by [sum], 2-24 [data from rule file 003, in our words].
pub const MISHAPS: [&str; 23] = [
    "no casting for 1d6 hours",
    "for a day, slot dice tire on 3-6",
    "the spell sets off a chain reaction; +1 Fatigue",
    "the spell's effect turns around; +1 Fatigue",
    "everything not metal the caster carries bursts into flame; brief fire immunity",
    "deprived; once recovered, 1d6 against max HP",
    "for a day each casting costs 1d4 WIL; then 3d6 against max WIL",
    "skin turns purple, unseen under the moon; eyes glow at night",
    "the spirit leaves the body for 1d4 hours",
    "arcane burns: -1d4 WIL; a free magic die from now on",
    "backfire: one slot lost for good; +1 armor",
    "the Grimoire is damaged and unusable",
    "the casting's Fatigue grows as tumours, or deprived if it gave none",
    "half the WIL goes into the Grimoire, which now takes no slot",
    "plants fuse to the skin: -1d4 STR for good, +1 armor",
    "transformed into something unsettling",
    "a hand fuses to the Grimoire (1 slot) and casts a 1d6 bolt",
    "wings: +1d4 DEX, no armor or pack, 5 slots",
    "limbs swapped with a being from beyond, which wants them back",
    "an otherworldly power takes notice and binds itself",
    "a vessel of magic: casting costs STR on 5-6 instead of Fatigue",
    "a double ages the other way; joined in thought and death",
    "elemental: a true name; mundane attacks on it are impaired",
];

/// A44: the largest number of equal faces.
pub fn largest_set(faces: &[u16]) -> usize {
    faces
        .iter()
        .map(|f| faces.iter().filter(|g| *g == f).count())
        .max()
        .unwrap_or(0)
}

/// What a magic roll came to.
pub struct Magic {
    pub sum: u16,
    pub works: bool,
    pub fatigue: u8,
}

/// A42-A45: rolls the magic dice for `who` and applies Fatigue and mishaps.
#[allow(clippy::too_many_arguments)]
pub fn magic_roll(
    state: &mut State,
    who: u32,
    slot: u8,
    dust: u8,
    free: bool,
    what: &str,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<Magic, RuleError> {
    let c = state.living(who)?;
    let k = u16::from(slot) + u16::from(dust) + u16::from(free);
    if k == 0 || k > u16::from(DICE_MOST) {
        return Err(RuleError::invalid(format!(
            "a casting uses 1-{DICE_MOST} magic dice"
        )));
    }
    if u32::from(slot) > c.free_slots() {
        return Err(RuleError::invalid(format!(
            "{} has {} for slot dice",
            c.name,
            crate::rules::said::counted(c.free_slots(), "free slot", "free slots")
        )));
    }
    if u16::from(dust) > c.dust {
        return Err(RuleError::invalid(format!(
            "{} has {} Mana Dust",
            c.name, c.dust
        )));
    }
    if free && !c.free_die {
        return Err(RuleError::invalid(format!(
            "{} has no free magic die",
            c.name
        )));
    }
    let name = c.name.clone();
    let tire = if c.timed(Timed::Tiring) { 3 } else { 4 };
    let vessel = c.has(Mark::Vessel);
    let draining = c.timed(Timed::Draining);
    let mut faces = Vec::new();
    let mut roles = Vec::new();
    for (n, role) in [(slot, "slot"), (dust, "dust"), (u8::from(free), "free")] {
        for _ in 0..n {
            faces.push(dice.roll(6, &format_args!("{name}'s magic die ({role})"))?);
            roles.push(role);
        }
    }
    let sum: u16 = faces.iter().sum();
    let set = largest_set(&faces);
    let c = state.living_mut(who)?;
    c.dust -= u16::from(dust);
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Plain,
            format!(
                "{name} casts {what}: {} = [sum] {sum}, [dice] {k}",
                faces
                    .iter()
                    .zip(&roles)
                    .map(|(f, r)| format!("{r} {f}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )
    });
    if vessel {
        // A45 (22): no Fatigue or mishap; each 5-6 costs 1d4 STR.
        for f in faces.iter().filter(|f| **f >= 5) {
            let lost = dice.roll(4, &"a vessel's STR for a high die")?;
            let c = state.living_mut(who)?;
            let s = c.attr_mut(Attr::Str);
            s.cur = s.cur.saturating_sub(lost as u8);
            crate::rules::said::tell(out, || {
                Event::line(
                    Mood::Harm,
                    Line::new()
                        .plain(crate::rules::said::words!("{name}'s {f} costs "))
                        .of(
                            who,
                            Line::new().number(
                                who,
                                Num::Harm,
                                crate::rules::said::words!("{lost} STR"),
                            ),
                            "some STR",
                        )
                        .state(who),
                )
            });
        }
        zero_check(state, who, out);
        return Ok(Magic {
            sum,
            works: true,
            fatigue: 0,
        });
    }
    let fatigue = faces
        .iter()
        .zip(&roles)
        .filter(|(f, r)| **r == "slot" && **f >= tire)
        .count() as u8;
    let wil_cost = faces
        .iter()
        .zip(&roles)
        .filter(|(f, r)| **r == "free" && **f >= 4)
        .count() as u8;
    if wil_cost > 0 {
        lose(state, who, Attr::Wil, wil_cost, false, "the free die", out)?;
    }
    if draining {
        let n = dice.roll(4, &"a draining casting")?;
        lose(state, who, Attr::Wil, n as u8, false, "the draining", out)?;
    }
    let works = set < 3;
    let mishap = (set >= 2).then_some(sum);
    if set >= 2 {
        crate::rules::said::tell(out, || {
            Event::said(
                Mood::Warn,
                format!(
                    "{set} equal faces: a mishap at {sum}{}",
                    if works { "" } else { ", and the spell fails" }
                ),
            )
        });
    }
    if mishap == Some(14) {
        // A45 (14): the Fatigue grows as tumours instead, or deprived when there is none.
        if fatigue == 0 {
            rest::deprive(state, who, true);
        }
        let c = state.living_mut(who)?;
        for _ in 0..fatigue {
            let mut t = Item::new("tumour");
            t.tumour = true;
            c.items.push(t);
        }
    } else if fatigue > 0 {
        // A43: the slot was free, so it always fits.
        let c = state.living_mut(who)?;
        c.fatigue = c.fatigue.saturating_add(fatigue);
        crate::rules::said::tell(out, || {
            Event::line(
                Mood::Mark,
                Line::new()
                    .plain(crate::rules::said::words!("{name} takes "))
                    .of(
                        who,
                        Line::new()
                            .number(who, Num::Harm, fatigue.to_string())
                            .plain(" "),
                        "",
                    )
                    .plain("Fatigue from slot dice"),
            )
        });
    }
    if let Some(sum) = mishap {
        apply_mishap(state, who, sum, dice, out)?;
    }
    Ok(Magic {
        sum,
        works,
        fatigue,
    })
}

/// Loses `n` of an attribute: current only, or max too when `permanent` (A45's decision).
fn lose(
    state: &mut State,
    who: u32,
    a: Attr,
    n: u8,
    permanent: bool,
    why: &str,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.living_mut(who)?;
    let s = c.attr_mut(a);
    if permanent {
        s.max = s.max.saturating_sub(n);
    }
    s.cur = s.cur.saturating_sub(n).min(s.max);
    let s = *s;
    crate::rules::said::tell(out, || {
        Event::line(
            Mood::Harm,
            crate::rules::said::loses(who, &c.name, n, a)
                .plain(crate::rules::said::words!(" ({why})"))
                .of(
                    who,
                    Line::new()
                        .plain(": ")
                        .number(who, Num::Score, s.to_string()),
                    "",
                )
                .state(who),
        )
    });
    zero_check(state, who, out);
    Ok(())
}

fn timed(state: &mut State, who: u32, t: Timed, seconds: u64) -> Result<(), RuleError> {
    let ends = state.clock.seconds + seconds;
    let c = state.living_mut(who)?;
    c.timed.retain(|(x, _)| *x != t);
    c.timed.push((t, ends));
    Ok(())
}

/// A45: the mishap at `sum`; the product applies what it can, the rest is a note.
pub fn apply_mishap(
    state: &mut State,
    who: u32,
    sum: u16,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if !(2..=24).contains(&sum) {
        return Ok(());
    }
    let text = MISHAPS[usize::from(sum - 2)];
    let name = state.name_of(who);
    crate::rules::said::tell(out, || {
        Event::said(Mood::Warn, format!("{name}'s mishap {sum}: {text}"))
    });
    match sum {
        2 => {
            let h = dice.roll(6, &"hours without casting")?;
            timed(state, who, Timed::NoCasting, u64::from(h) * HOUR)?;
        }
        3 => timed(state, who, Timed::Tiring, DAY)?,
        4 | 5 => rest::add_fatigue(state, who, 1, out)?,
        7 => {
            rest::deprive(state, who, true);
            let c = state.living_mut(who)?;
            c.pending.push(Recovery {
                label: "recovered from the mishap's deprivation".into(),
                clears: Some(Mark::Deprived),
                roll: Some((Some(Stat::Hp), 1, 6, Read::VsMax)),
            });
        }
        8 => timed(state, who, Timed::Draining, DAY)?,
        11 => {
            let n = dice.roll(4, &"arcane burns")?;
            lose(state, who, Attr::Wil, n as u8, false, "arcane burns", out)?;
            state.living_mut(who)?.free_die = true;
        }
        12 => {
            let c = state.living_mut(who)?;
            c.slots = c.slots.saturating_sub(1);
            c.armor_bonus = c.armor_bonus.saturating_add(1);
            rest::fit_load(state, who, out)?;
        }
        13 => {
            if let Some(g) = state.living_mut(who)?.grimoire.as_mut() {
                g.usable = false;
            }
        }
        15 => {
            let c = state.living_mut(who)?;
            let half = c.attr(Attr::Wil).cur / 2;
            if let Some(g) = c.grimoire.as_mut() {
                g.slots = 0;
            }
            lose(
                state,
                who,
                Attr::Wil,
                half,
                false,
                "a piece of the soul",
                out,
            )?;
        }
        16 => {
            let n = dice.roll(4, &"STR lost to the plants")?;
            let c = state.living_mut(who)?;
            c.armor_bonus = c.armor_bonus.saturating_add(1);
            lose(state, who, Attr::Str, n as u8, true, "fused plants", out)?;
        }
        18 => {
            let c = state.living_mut(who)?;
            if let Some(g) = c.grimoire.as_mut() {
                g.slots = 1;
            }
            let mut bolt = Item::new("arcane bolt");
            bolt.slots = 0;
            bolt.die = Some(6);
            bolt.weapon = true;
            c.items.push(bolt);
        }
        19 => {
            let n = dice.roll(4, &"DEX from the wings")?.min(30) as u8;
            let c = state.living_mut(who)?;
            let s = c.attr_mut(Attr::Dex);
            s.set_max(s.max.saturating_add(n).min(30));
            c.slots = 5;
            c.no_armor = true;
            crate::rules::said::tell(out, || {
                Event::line(
                    Mood::Plain,
                    Line::new()
                        .plain(crate::rules::said::words!("{name} gains "))
                        .of(
                            who,
                            Line::new().number(
                                who,
                                Num::Harm,
                                crate::rules::said::words!("{n} DEX"),
                            ),
                            "DEX",
                        ),
                )
            });
            rest::fit_load(state, who, out)?;
        }
        22 => state.living_mut(who)?.set(Mark::Vessel, true),
        23 => {
            let c = state.living_mut(who)?;
            c.pending.push(Recovery {
                label: "magical aid for the double".into(),
                clears: None,
                roll: Some((None, 1, 6, Read::AddMax)),
            });
        }
        24 => state.living_mut(who)?.set(Mark::Elemental, true),
        _ => {
            let c = state.living_mut(who)?;
            c.notes.push(format!("mishap {sum}: {text}"));
        }
    }
    Ok(())
}

/// A41-A46: a casting from the Grimoire or a scroll.
pub fn cast(
    state: &mut State,
    k: &Cast,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let spell = checked(TextKind::Action, &k.spell, "name the spell")?;
    let c = state.living(k.who)?;
    if let Some(i) = k.scroll
        && i >= c.scrolls.len()
    {
        return Err(RuleError::invalid(format!(
            "{} has {}",
            c.name,
            crate::rules::said::counted(c.scrolls.len(), "scroll", "scrolls")
        )));
    }
    let name = c.name.clone();
    let mut reminders = Vec::new();
    if k.scroll.is_none() {
        match &c.grimoire {
            None => reminders.push("no Grimoire on the sheet"),
            Some(g) if !g.usable => reminders.push("the Grimoire is unusable"),
            Some(_) => {}
        }
    }
    if c.timed(Timed::NoCasting) {
        reminders.push("a mishap forbids casting for now");
    }
    if !reminders.is_empty() {
        crate::rules::said::tell(out, || {
            Event::for_the_judge(
                Mood::Warn,
                format!(
                    "Reminder for the judge: casting needs the book or a scroll in both hands; {}",
                    reminders.join("; ")
                ),
            )
        });
    }
    points::spend(state, k.who, k.cost, "casting", out)?;
    let m = magic_roll(state, k.who, k.slot, k.dust, k.free, &spell, dice, out)?;
    if let Some(i) = k.scroll {
        let c = state.living_mut(k.who)?;
        if i < c.scrolls.len() {
            c.scrolls.remove(i);
        }
        crate::rules::said::tell(out, || {
            Event::said(Mood::Plain, format!("{name}'s scroll crumbles"))
        });
    }
    crate::rules::said::tell(out, || {
        Event::said(
            if m.works { Mood::Good } else { Mood::Bad },
            format!("{spell} {}", if m.works { "takes effect" } else { "fails" }),
        )
    });
    Ok(())
}

pub fn scroll(
    state: &mut State,
    who: u32,
    spell: &str,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let spell = checked(TextKind::Action, spell, "name the scroll's spell")?;
    let c = state.living_mut(who)?;
    c.scrolls.push(spell.clone());
    crate::rules::said::tell(out, || {
        Event::said(Mood::Plain, format!("{} has a scroll of {spell}", c.name))
    });
    Ok(())
}

pub fn grimoire(
    state: &mut State,
    who: u32,
    spells: &[String],
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let spells = spells
        .iter()
        .map(|s| checked(TextKind::Action, s, "a spell needs a name"))
        .collect::<Result<Vec<_>, _>>()?;
    let c = state.living_mut(who)?;
    c.grimoire = Some(Grimoire {
        spells: spells.clone(),
        ..Grimoire::default()
    });
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Plain,
            format!(
                "{} carries a Grimoire ({} spell{}, bulky)",
                c.name,
                spells.len(),
                if spells.len() == 1 { "" } else { "s" }
            ),
        )
    });
    Ok(())
}

/// A46: copying a scroll: a casting roll of it; 6 hours less its [sum], at least 1.
pub fn copy(
    state: &mut State,
    who: u32,
    scroll: usize,
    slot: u8,
    dust: u8,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.living(who)?;
    if c.grimoire.as_ref().is_none_or(|g| !g.usable) {
        return Err(RuleError::invalid(format!(
            "{} has no usable Grimoire to copy into",
            c.name
        )));
    }
    let Some(spell) = c.scrolls.get(scroll).cloned() else {
        return Err(RuleError::invalid(format!("{} has no such scroll", c.name)));
    };
    let m = magic_roll(state, who, slot, dust, false, &spell, dice, out)?;
    let hours = 6u16.saturating_sub(m.sum).max(1);
    let c = state.living_mut(who)?;
    c.scrolls.remove(scroll);
    if let Some(g) = c.grimoire.as_mut() {
        g.spells.push(spell.clone());
    }
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Good,
            format!(
                "{} copies {spell} into the Grimoire in {}, paying 50 gp",
                c.name,
                crate::rules::said::counted(hours, "hour", "hours")
            ),
        )
    });
    rest::advance(state, HOURS, u64::from(hours), dice, out)
}

/// A46: making a Grimoire from a scroll: 200 gp, 6 hours, then deprived.
pub fn make(
    state: &mut State,
    who: u32,
    scroll: usize,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.living_mut(who)?;
    if scroll >= c.scrolls.len() {
        return Err(RuleError::invalid(format!("{} has no such scroll", c.name)));
    }
    let spell = c.scrolls.remove(scroll);
    c.grimoire = Some(Grimoire {
        spells: vec![spell],
        ..Grimoire::default()
    });
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Good,
            format!("{} makes a Grimoire over 6 hours, paying 200 gp", c.name),
        )
    });
    rest::advance(state, HOURS, 6, dice, out)?;
    rest::deprive(state, who, true);
    Ok(())
}
