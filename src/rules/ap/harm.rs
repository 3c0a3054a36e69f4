//! Damage, critical damage, scars and death (A31-A37): HP floored at 0 with the rest into STR,
//! death at STR 0, the critical damage save at DC 15, PCs crawling and dying within the hour
//! unless stabilized, NPCs proposed dead, detachments routed, the scars table with its
//! follow-ups, and pending recoveries that roll against a max.

use super::checks::{self, CRIT_DC};
use super::command::{Event, Mood};
use super::fight;
use super::model::{Attr, Kind, Mark, Read, Recovery, Scar, Score, Stat};
use super::state::{Ask, State, Then};
use crate::dice::DiceSource;
use crate::dice::ladder::Dice;
use crate::rules::cairn;
use crate::rules::line::{Line, Num};
use crate::rules::time::HOUR;
use crate::rules::{RuleError, Tally};

/// A35's scars [data from rule file 003]: the entry's name.
pub const SCARS: [&str; 12] = [
    "Lasting Scar",
    "Rattling Blow",
    "Walloped",
    "Broken Limb",
    "Diseased",
    "Head Wound",
    "Hamstrung",
    "Deafened",
    "Re-brained",
    "Sundered",
    "Mortal Wound",
    "Doomed",
];

/// A35: the entry a blow from `hp_before` to 0 looks up.
pub fn scar_entry(hp_before: u8) -> u8 {
    hp_before.clamp(1, 12)
}

/// A33, A36: STR at 0 kills (a detachment is destroyed; a vessel becomes a spell); DEX or WIL
/// at 0 leaves the creature unable to act, which `cannot_act` reads from the scores.
pub fn zero_check(state: &mut State, who: u32, out: &mut Vec<Event>) {
    let Ok(c) = state.character_mut(who) else {
        return;
    };
    if c.dead() || c.attr(Attr::Str).cur > 0 {
        return;
    }
    c.set(Mark::Dead, true);
    c.dies_at = None;
    // The score that ends it is the creature's own number.
    let zero = |before: &str| Line::new().plain(before).number(who, Num::Score, "STR 0");
    let text = if c.has(Mark::Vessel) {
        Line::new()
            .plain(c.name.clone())
            .of(who, zero(" reaches ").plain(" and"), "")
            .plain(" becomes a spell")
    } else {
        let word = if c.has(Mark::Detachment) {
            "destroyed"
        } else {
            "dead"
        };
        Line::new()
            .plain(crate::rules::said::words!("{} is {word}", c.name))
            .of(who, zero(": "), "")
    };
    crate::rules::said::tell(out, || {
        Event::line(Mood::Death, text).tallied(Tally::down(&c.name))
    });
    fight::left(state, who, out);
}

/// A32-A35: `d` damage (armor already taken off) to `who`.
pub fn harm(
    state: &mut State,
    who: u32,
    d: u8,
    source: &dyn std::fmt::Display,
    by: Option<&str>,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.living_mut(who)?;
    let h = c.hp.cur;
    let (left, lost) = cairn::past_hp(h, d);
    c.hp.cur = left;
    let s = c.attr_mut(Attr::Str);
    s.cur = s.cur.saturating_sub(lost);
    let (hp, str_now, kind, doomed) = (c.hp, c.attr(Attr::Str), c.kind, c.has(Mark::Doomed));
    crate::rules::said::tell(out, || {
        let name = &c.name;
        let mut numbers = Line::new()
            .number(who, Num::Harm, d.to_string())
            .plain(": ")
            .number(who, Num::Health, format!("HP {hp}"));
        if lost > 0 {
            numbers = numbers
                .plain(", ")
                .number(who, Num::Harm, lost.to_string())
                .plain(" into STR (")
                .number(who, Num::Score, str_now.to_string())
                .plain(")");
        }
        Event::line(
            Mood::Harm,
            Line::new()
                .name(who, name.clone())
                .plain(" takes ")
                .of(who, numbers, "harm")
                .state(who),
        )
        .tallied(Tally::damage(by, name, u32::from(d)))
        // A33: harm past HP is critical damage.
        .counting((lost > 0).then(|| Tally::critical_damage(by, name)))
    });
    match cairn::past(lost, str_now.cur) {
        cairn::Past::Nothing => {}
        cairn::Past::Dead => {
            zero_check(state, who, out);
            return Ok(());
        }
        // A33: the critical damage save, with the new STR, no object dice.
        cairn::Past::Save => checks::save(
            state,
            who,
            Attr::Str,
            CRIT_DC,
            &[],
            0,
            &format!("against critical damage ({source})"),
            Then::Crit { doomed },
            dice,
        )?,
    }
    if kind == Kind::Pc && h > 0 && hp.cur == 0 {
        let entry = scar_entry(h);
        let name = state.name_of(who);
        checks::ask(
            state,
            Ask::Scar { who, entry },
            format!("{name}: scar {entry}, {}", SCARS[usize::from(entry - 1)]),
            format!("HP {h} to 0 reads entry {entry}"),
            vec!["take the scar".into(), "no scar".into()],
            Some(0),
        );
    }
    Ok(())
}

/// A34: what the critical damage save's verdict does.
pub fn crit_settled(
    state: &mut State,
    who: u32,
    pass: bool,
    doomed: bool,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let now = state.clock.seconds;
    let c = state.character_mut(who)?;
    let name = c.name.clone();
    if pass {
        crate::rules::said::tell(out, || Event::said(Mood::Good, format!("{name} fights on")));
        if doomed && c.has(Mark::Doomed) {
            c.set(Mark::Doomed, false);
            crate::rules::said::tell(out, || {
                Event::said(Mood::Mended, format!("{name} is no longer doomed"))
            });
            roll_vs(
                state,
                who,
                Some(Stat::Hp),
                3,
                6,
                Read::VsMax,
                &"a doom lifted",
                dice,
                out,
            )?;
        }
        return Ok(());
    }
    if doomed && c.has(Mark::Doomed) {
        c.set(Mark::Dead, true);
        c.dies_at = None;
        crate::rules::said::tell(out, || {
            Event::said(Mood::Death, format!("{name} was doomed and dies"))
                .tallied(Tally::down(&name))
        });
        fight::left(state, who, out);
        return Ok(());
    }
    match c.kind {
        Kind::Pc => {
            c.set(Mark::Out, true);
            if !c.has(Mark::Stabilized) {
                c.dies_at = Some(now + HOUR);
            }
            crate::rules::said::tell(out, || {
                Event::said(
                    Mood::Bad,
                    format!("{name} is out of action, crawling at most; dies within the hour unless stabilized"),
                )
                .tallied(Tally::down(&name))
            });
            fight::left(state, who, out);
        }
        Kind::Npc => {
            crate::rules::said::tell(out, || {
                Event::said(Mood::Bad, format!("{name} failed its critical damage save"))
            });
            let options = if c.has(Mark::Detachment) {
                vec!["routed".into(), "weakened".into(), "fights on".into()]
            } else {
                vec!["dead".into(), "fights on".into()]
            };
            checks::ask(
                state,
                Ask::NpcCrit { who },
                format!("{name} failed its critical save"),
                "an NPC that fails it is proposed dead (a detachment routed)".into(),
                options,
                Some(0),
            );
        }
    }
    Ok(())
}

/// A31, A34: the judge's word on an NPC that failed its critical save.
pub fn npc_crit(
    state: &mut State,
    who: u32,
    word: &str,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    let name = c.name.clone();
    let gone = match word {
        "dead" => {
            c.set(Mark::Dead, true);
            crate::rules::said::tell(out, || {
                Event::said(Mood::Death, format!("{name} dies")).tallied(Tally::down(&name))
            });
            true
        }
        "routed" => {
            c.set(Mark::Routed, true);
            c.set(Mark::Fled, true);
            crate::rules::said::tell(out, || {
                Event::said(Mood::Warn, format!("{name} is routed")).tallied(Tally::down(&name))
            });
            true
        }
        "weakened" => {
            c.set(Mark::Weakened, true);
            crate::rules::said::tell(out, || {
                Event::said(Mood::Harm, format!("{name} is weakened"))
            });
            false
        }
        _ => false,
    };
    if gone {
        fight::left(state, who, out);
    }
    Ok(())
}

/// A35: rolls `count`d`sides` and reads it against a pair: above the max it becomes the max,
/// added to the max, or set as the max. `stat` None: every attribute, each its own roll.
#[allow(clippy::too_many_arguments)]
pub fn roll_vs(
    state: &mut State,
    who: u32,
    stat: Option<Stat>,
    count: u8,
    sides: u16,
    read: Read,
    why: &dyn std::fmt::Display,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let stats: Vec<Stat> = match stat {
        Some(s) => vec![s],
        None => Attr::ALL.iter().map(|a| Stat::Attr(*a)).collect(),
    };
    for stat in stats {
        let faces = Dice::new(count, sides).roll(dice, why)?;
        let total: u16 = faces.iter().sum();
        let total = total.min(30) as u8;
        let c = state.character_mut(who)?;
        let name = c.name.clone();
        let s = c.stat_mut(stat);
        let before = *s;
        match read {
            Read::VsMax if total > s.max => s.set_max(total),
            Read::VsMax => {}
            Read::AddMax => s.set_max(s.max.saturating_add(total).min(30)),
            Read::SetMax => s.set_max(total),
        }
        let after = *s;
        // The dice read against the creature's own maximum: its numbers, all of them.
        crate::rules::said::tell(out, || {
            Event::line(
                if after.max > before.max {
                    Mood::Mended
                } else {
                    Mood::Plain
                },
                rolled_against(
                    who,
                    &name,
                    why,
                    crate::rules::said::words!("{count}d{sides} {faces:?} = {total}"),
                    Line::new().plain("; ").number(
                        who,
                        Num::Score,
                        crate::rules::said::words!("{stat} {before} to {after}"),
                    ),
                ),
            )
        });
    }
    Ok(())
}

/// A35: "NAME, WHY: " and the dice rolled, then `read` (how they read against a score), every
/// number `who`'s own.
fn rolled_against(
    who: u32,
    name: &str,
    why: &dyn std::fmt::Display,
    dice: String,
    read: Line,
) -> Line {
    Line::new()
        .plain(crate::rules::said::words!("{name}, {why}"))
        .of(
            who,
            Line::new()
                .plain(": ")
                .number(who, Num::Faces, dice)
                .then(read),
            "",
        )
}

fn pend(
    state: &mut State,
    who: u32,
    label: &str,
    clears: Option<Mark>,
    roll: Option<(Option<Stat>, u8, u16, Read)>,
) {
    if let Ok(c) = state.character_mut(who) {
        c.pending.push(Recovery {
            label: label.into(),
            clears,
            roll,
        });
    }
}

fn d6(dice: &mut dyn DiceSource, why: &dyn std::fmt::Display) -> Result<u16, RuleError> {
    Ok(dice.roll(6, why)?)
}

/// A35: applies scar `entry` to `who`.
pub fn scar(
    state: &mut State,
    who: u32,
    entry: u8,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if !(1..=12).contains(&entry) {
        return Err(RuleError::invalid("scars run 1-12"));
    }
    let name = state.living(who)?.name.clone();
    let title = SCARS[usize::from(entry - 1)];
    let why = format!("scar {entry}, {title}");
    let hp = Some(Stat::Hp);
    let now = state.clock.seconds;
    // A ruling the scar leaves to the judge: the sheet keeps it with the note, the log's line
    // for the judge alone.
    let mut reminder = "";
    let note: String = match entry {
        1 => {
            let place = ["neck", "hands", "eye", "chest", "legs", "ear"]
                [usize::from(d6(dice, &"where the scar is")?.clamp(1, 6) - 1)];
            roll_vs(state, who, hp, 1, 6, Read::VsMax, &why, dice, out)?;
            format!("a scar on the {place}")
        }
        2 => {
            roll_vs(state, who, hp, 1, 6, Read::VsMax, &why, dice, out)?;
            "shaken".into()
        }
        3 => {
            super::rest::deprive(state, who, true);
            pend(
                state,
                who,
                "rested a few hours",
                Some(Mark::Deprived),
                Some((hp, 1, 6, Read::AddMax)),
            );
            "winded: deprived until a few hours' rest".into()
        }
        4 => {
            let f = d6(dice, &"which limb breaks")?;
            let limb = match f {
                1 | 2 => "leg",
                3 | 4 => "arm",
                5 => "rib",
                _ => "skull",
            };
            pend(
                state,
                who,
                &format!("broken {limb} mended"),
                None,
                Some((hp, 2, 6, Read::VsMax)),
            );
            format!("a broken {limb}")
        }
        5 => {
            pend(
                state,
                who,
                "disease cured",
                None,
                Some((hp, 2, 6, Read::VsMax)),
            );
            "an infection".into()
        }
        6 => {
            let a = match d6(dice, &"which attribute the head wound moves")? {
                1 | 2 => Attr::Str,
                3 | 4 => Attr::Dex,
                _ => Attr::Wil,
            };
            let faces = Dice::new(3, 6).roll(dice, &why)?;
            let total = faces.iter().sum::<u16>().min(30) as u8;
            let c = state.character_mut(who)?;
            let s = c.attr_mut(a);
            if total > s.cur {
                s.cur = total;
                s.max = s.max.max(total);
            }
            let s = *s;
            crate::rules::said::tell(out, || {
                Event::line(
                    Mood::Plain,
                    rolled_against(
                        who,
                        &name,
                        &why,
                        crate::rules::said::words!("3d6 {faces:?} = {total}"),
                        Line::new()
                            .plain(crate::rules::said::words!(" against current {a}: "))
                            .number(who, Num::Score, crate::rules::said::words!("{a} {s}")),
                    ),
                )
            });
            format!("head wound ({a})")
        }
        7 => {
            state.character_mut(who)?.set(Mark::Hamstrung, true);
            pend(
                state,
                who,
                "hamstring healed",
                Some(Mark::Hamstrung),
                Some((Some(Stat::Attr(Attr::Dex)), 3, 6, Read::VsMax)),
            );
            "hamstrung: Move gives 1 space".into()
        }
        8 => {
            state.character_mut(who)?.set(Mark::Deaf, true);
            pend(
                state,
                who,
                "aid found for the deafness",
                Some(Mark::Deaf),
                None,
            );
            checks::save_dc(
                state,
                who,
                Attr::Wil,
                "after deafening",
                Then::ScarSave { sides: 4 },
                dice,
            )?;
            "deafened".into()
        }
        9 => {
            roll_vs(
                state,
                who,
                Some(Stat::Attr(Attr::Wil)),
                3,
                6,
                Read::VsMax,
                &why,
                dice,
                out,
            )?;
            "re-brained".into()
        }
        10 => {
            checks::save_dc(
                state,
                who,
                Attr::Wil,
                "after a limb is lost",
                Then::ScarSave { sides: 6 },
                dice,
            )?;
            reminder = " (the judge names it)";
            "a limb lost or useless".into()
        }
        11 => {
            super::rest::deprive(state, who, true);
            let c = state.character_mut(who)?;
            c.set(Mark::Out, true);
            if !c.has(Mark::Stabilized) {
                c.dies_at = Some(now + HOUR);
            }
            pend(
                state,
                who,
                "mortal wound healed",
                Some(Mark::Out),
                Some((hp, 2, 6, Read::SetMax)),
            );
            fight::left(state, who, out);
            "a mortal wound: out, dying within the hour unless stabilized".into()
        }
        _ => {
            state.character_mut(who)?.set(Mark::Doomed, true);
            "doomed: the next failed critical save kills".into()
        }
    };
    let c = state.character_mut(who)?;
    c.scars.push(Scar {
        entry,
        note: format!("{note}{reminder}"),
    });
    crate::rules::said::tell(out, || {
        let mut line = Line::from(format!("{name} scar {entry}, {title}: {note}"));
        if !reminder.is_empty() {
            line = line.judge(Line::from(reminder));
        }
        Event::line(Mood::Mark, line)
    });
    Ok(())
}

/// A35, A45: the judge rules a pending item recovered: its mark clears and its roll is read.
pub fn recovered(
    state: &mut State,
    who: u32,
    item: usize,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.living_mut(who)?;
    if item >= c.pending.len() {
        return Err(RuleError::invalid(format!(
            "{} has {}",
            c.name,
            crate::rules::said::counted(c.pending.len(), "pending item", "pending items")
        )));
    }
    let p = c.pending.remove(item);
    let name = c.name.clone();
    if let Some(m) = p.clears {
        if m == Mark::Deprived {
            super::rest::deprive(state, who, false);
        } else {
            let c = state.character_mut(who)?;
            c.set(m, false);
            if m == Mark::Out {
                c.dies_at = None;
            }
        }
    }
    crate::rules::said::tell(out, || {
        Event::said(Mood::Mended, format!("{name}: {}", p.label))
    });
    if let Some((stat, count, sides, read)) = p.roll {
        roll_vs(state, who, stat, count, sides, read, &p.label, dice, out)?;
    }
    Ok(())
}

/// The judge sets a score by hand (A1, A2): a max runs 0 to 30 and the current never above it.
/// The move counts as harm taken or healing, and a score brought to 0 takes its effect.
pub fn set(
    state: &mut State,
    who: u32,
    stat: Stat,
    cur: u8,
    max: u8,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    if max > 30 {
        return Err(RuleError::invalid("a max runs 0-30 (A1, A2)"));
    }
    if cur > max {
        return Err(RuleError::invalid(format!(
            "{cur} is too high: {}'s {stat} can be at most the max, {max}; give a new max too to \
             raise it",
            c.name
        )));
    }
    let was = c.stat_mut(stat).cur;
    *c.stat_mut(stat) = Score { cur, max };
    zero_check(state, who, out);
    let name = &state.character(who)?.name;
    let what = if stat == Stat::Hp {
        Num::Health
    } else {
        Num::Score
    };
    crate::rules::said::tell(out, || {
        Event::line(
            Mood::Ruling,
            Line::set_by_judge(who, name, &stat.to_string(), what, cur, max),
        )
        .counting(Tally::moved(name, u32::from(was), u32::from(cur)))
    });
    Ok(())
}
