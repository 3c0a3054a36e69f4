//! Fatigue (B15), slots (B3, B4), damage (B20-B25), critical damage (B26), the injury table
//! (B27-B29), death (B30) and wounds (B32-B35).

use super::command::{Amount, Event, Mood, Target};
use super::saves::{ask, ask_save};
use super::state::{Ask, State, Then};
use super::zero_check;
use super::{Ability, Area, Character, Hand, Level, Reason, Score, Slot, Stat, Wound};
use crate::dice::{DiceSource, Edge};
use crate::rules::line::{Line, Num};
use crate::rules::{RuleError, Tally};

/// Rolls an amount: its total and the faces in words (no words inside a quiet step).
pub fn roll(
    dice: &mut dyn DiceSource,
    a: Amount,
    purpose: &dyn std::fmt::Display,
) -> Result<(u32, String), RuleError> {
    if a.sides <= 1 {
        return Ok((u32::from(a.count), a.count.to_string()));
    }
    let mut faces = Vec::new();
    for _ in 0..a.count {
        faces.push(dice.roll(a.sides, purpose)?);
    }
    let total: u32 = faces.iter().map(|&f| u32::from(f)).sum();
    if crate::rules::said::is_quiet() {
        // The words are only for the events, which a quiet step does not build.
        return Ok((total, String::new()));
    }
    // In the words of every roll: "1d6 4", "2d10 [3, 4] = 7".
    let words = crate::rules::rolled::Rolled::new(None)
        .dice(crate::rules::rolled::Dice::pool(a.to_string(), faces));
    Ok((total, words.line().to_string()))
}

/// B15: one Fatigue, placed by B4.
pub fn fatigue(
    state: &mut State,
    who: u32,
    reason: Reason,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    place(state, who, Slot::Fatigue(reason), out)
}

/// B4 (and B32 for wounds): the lowest empty slot, or a question.
pub fn place(
    state: &mut State,
    who: u32,
    fill: Slot,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if let Slot::Wound(w) = &fill {
        let c = state.living_mut(who)?;
        let held = c.slots.iter().position(|s| {
            matches!(s, Slot::Wound(h) if h.same_kind(w) && h.area == w.area
                && h.level.up().is_some_and(|up| up >= w.level))
        });
        if let Some(held) = held {
            let name = c.name.clone();
            let proposed = if c.empty_slot().is_some() { 0 } else { 1 };
            ask(
                state,
                Ask::Rise {
                    who,
                    wound: w.clone(),
                    held,
                },
                format!(
                    "{name}'s player chooses: a new slot for the {}, or the held wound rises?",
                    w.text()
                ),
                "a wound of this kind and area is held (B32): the player, not the judge, chooses"
                    .into(),
                vec![
                    format!("a new slot ({})", w.level.word()),
                    format!("slot {} rises", held + 1),
                ],
                proposed,
            );
            return Ok(());
        }
    }
    place_new(state, who, fill, out)
}

/// B4: the lowest empty slot; none: drop an item (asked); nothing to drop: refused.
pub fn place_new(
    state: &mut State,
    who: u32,
    fill: Slot,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.living_mut(who)?;
    let name = c.name.clone();
    if let Some(at) = c.empty_slot() {
        crate::rules::said::tell(out, || {
            Event::said(
                if matches!(fill, Slot::Fatigue(_)) {
                    Mood::Mark
                } else {
                    Mood::Harm
                },
                format!("{name}: {} in slot {}", fill.text(), at + 1),
            )
        });
        c.slots[at] = fill.clone();
        if let Slot::Wound(w) = fill
            && w.level == Level::Permanent
        {
            ask_permanent(state, who, w);
        }
        return Ok(());
    }
    let mut items: Vec<usize> = c
        .slots
        .iter()
        .enumerate()
        .filter(|(_, s)| matches!(s, Slot::Item(_)))
        .map(|(i, _)| i)
        .collect();
    items.reverse();
    if items.is_empty() {
        return Err(RuleError::invalid(format!(
            "{name} has no empty slot and nothing left to drop: rule it (clear a slot first)"
        )));
    }
    let options = items
        .iter()
        .map(|&i| format!("drop slot {}: {}", i + 1, c.slots[i].text()))
        .collect();
    ask(
        state,
        Ask::Drop {
            who,
            fill: fill.clone(),
            items,
        },
        format!("{name} has no empty slot for {}", fill.text()),
        "the player drops an item (B4); the highest-numbered is proposed".into(),
        options,
        0,
    );
    Ok(())
}

/// B35: asks which ability a Permanent wound costs.
pub fn ask_permanent(state: &mut State, who: u32, w: Wound) {
    let proposed = w.permanent_ability().index();
    let name = state.name_of(who);
    ask(
        state,
        Ask::Permanent {
            who,
            wound: w.clone(),
        },
        format!("{name}: which ability does the permanent {} cost?", w.kind),
        "a Permanent wound takes 1 from one ability's max and current (B35)".into(),
        Ability::ALL.iter().map(|a| a.to_string()).collect(),
        proposed,
    );
}

/// B20: the target the product proposes for a source.
pub fn propose_target(source: &str) -> Target {
    let s = source.to_ascii_lowercase();
    let has = |ws: &[&str]| ws.iter().any(|w| s.contains(w));
    if has(&["fear", "psychic", "strain", "horror", "glimpse"]) {
        Target::Ability(Ability::Wil)
    } else if has(&["sprain", "poison", "venom", "shock"]) {
        Target::Ability(Ability::Dex)
    } else if has(&["fall", "cold", "gas", "fire", "injur"]) {
        Target::Ability(Ability::Str)
    } else {
        Target::Hp
    }
}

/// B21, B22: can `amount` of harm into `target` kill `c` outright, every die at its highest?
/// HP takes it first and the rest comes off STR; STR at 0 is dead. What an injury may do after
/// a failed save (B27) is a chance on a chance and is not counted.
pub fn can_kill(c: &Character, amount: Amount, target: Target) -> bool {
    let str_now = u32::from(c.score(Ability::Str).cur);
    let reach = match target {
        Target::Hp => u32::from(c.hp.cur) + str_now,
        Target::Ability(Ability::Str) => str_now,
        Target::Ability(_) => return false,
    };
    !c.dead && amount.most() >= reach
}

/// `who`'s number after ": " ("HP 3", "STR 9") for whoever may read `who`'s numbers, then the
/// word for how `who` stands, for everyone.
pub(super) fn standing(who: u32, what: Num, text: String) -> Line {
    Line::new()
        .of(who, Line::new().plain(": ").number(who, what, text), "")
        .state(who)
}

/// B20-B23, B26: damage; at most one critical damage save follows.
#[allow(clippy::too_many_arguments)]
pub fn damage(
    state: &mut State,
    who: u32,
    amount: Amount,
    target: Target,
    crit: Option<bool>,
    source: &str,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let name = state.living_mut(who)?.name.clone();
    let (n, shown) = roll(dice, amount, &format!("damage to {name}"))?;
    let source = if source.trim().is_empty() {
        "Wound".to_string()
    } else {
        source.trim().to_string()
    };
    // Who dealt it counts only in the events' tallies.
    let by = if crate::rules::said::is_quiet() {
        None
    } else {
        crate::rules::dealer(&source, state.characters.iter().map(|c| c.name.as_str()))
    };
    // The damage line, which counts the critical damage too when the save is called.
    let at = out.len();
    let c = state.living_mut(who)?;
    let over = match target {
        // What HP could not take runs on (B21).
        Target::Hp => n - u32::from(c.hp.lose(n)),
        Target::Ability(a) => {
            c.score_mut(a).lose(n);
            0
        }
    };
    crate::rules::said::tell(out, || {
        let (harm, public, now) = match target {
            Target::Hp => (
                shown.clone(),
                "harm".to_string(),
                standing(who, Num::Health, crate::rules::said::words!("HP {}", c.hp)),
            ),
            Target::Ability(a) => (
                crate::rules::said::words!("{shown} {a}"),
                format!("harm to {a}"),
                standing(
                    who,
                    Num::Score,
                    crate::rules::said::words!("{a} {}", c.score(a)),
                ),
            ),
        };
        Event::line(
            Mood::Harm,
            Line::new()
                .name(who, name.clone())
                .plain(" takes ")
                .of(who, Line::new().number(who, Num::Harm, harm), public)
                .plain(crate::rules::said::words!(" ({source})"))
                .then(now),
        )
        .tallied(Tally::damage(by.as_deref(), &name, n))
    });
    let (ability, call) = match target {
        Target::Hp => {
            if over == 0 {
                return Ok(());
            }
            c.score_mut(Ability::Str).lose(over);
            crate::rules::said::tell(out, || {
                Event::line(
                    Mood::Harm,
                    Line::new().of(
                        who,
                        Line::new()
                            .number(who, Num::Harm, over.to_string())
                            .plain(" beyond 0 HP: ")
                            .number(
                                who,
                                Num::Score,
                                crate::rules::said::words!("STR {}", c.score(Ability::Str)),
                            ),
                        "",
                    ),
                )
            });
            (Ability::Str, crit.unwrap_or(true))
        }
        Target::Ability(a) => (a, crit.unwrap_or(amount.most() >= 8)),
    };
    if zero_check(state, who, ability, out) {
        return Ok(());
    }
    if call {
        if let Some(line) = out.get_mut(at) {
            *line = line
                .clone()
                .tallied(Tally::critical_damage(by.as_deref(), &name));
        }
        ask_save(
            state,
            who,
            ability,
            Edge::NONE,
            "against critical damage",
            Then::Crit { ability, source },
            dice,
        )?;
    }
    Ok(())
}

/// B26: the crit save's verdict.
pub fn crit_settled(
    state: &mut State,
    who: u32,
    ability: Ability,
    source: &str,
    pass: bool,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let name = state.name_of(who);
    if pass {
        crate::rules::said::tell(out, || {
            Event::said(Mood::Good, format!("{name} shrugs off the critical damage"))
        });
        return Ok(());
    }
    match ability {
        Ability::Str => {
            let face = dice.roll(10, &format_args!("{name}'s injury"))?;
            let area = Area::from_d10(face);
            let c = state.character(who)?;
            let stops = (area == Area::Head && c.wears(|i| i.helmet))
                || (matches!(area, Area::LeftArm | Area::RightArm) && c.wears(|i| i.bracers));
            crate::rules::said::tell(out, || {
                Event::said(
                    Mood::Harm,
                    format!("{name}'s injury: d10 {face}, {}", area.word()),
                )
            });
            ask(
                state,
                Ask::Injury {
                    who,
                    face,
                    source: source.to_string(),
                },
                format!("{name}: injury to the {}", area.word()),
                "worn gear (a helmet for the head, bracers for an arm) may stop it (B29)".into(),
                vec!["the injury lands".into(), "worn gear stops it".into()],
                usize::from(stops),
            );
        }
        a => {
            let other = if a == Ability::Dex {
                "immobilised"
            } else {
                "debilitated"
            };
            ask(
                state,
                Ask::OutWord { who, ability: a },
                format!("{name} is out ({a} critical damage)"),
                "the judge picks the word and ends the state (B26)".into(),
                vec!["unconscious".into(), other.into()],
                0,
            );
        }
    }
    Ok(())
}

/// B27-B29: an injury lands.
pub fn injury(
    state: &mut State,
    who: u32,
    face: u16,
    source: &str,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let area = Area::from_d10(face);
    let name = state.name_of(who);
    match area {
        Area::Torso | Area::LeftLeg | Area::RightLeg => {
            let ability = if area == Area::Torso {
                Ability::Str
            } else {
                Ability::Dex
            };
            let (n, shown) = roll(dice, Amount::dice(1, 4), &format!("{name}'s injury loss"))?;
            let c = state.living_mut(who)?;
            c.score_mut(ability).lose(n);
            crate::rules::said::tell(out, || {
                Event::line(
                    Mood::Harm,
                    Line::new()
                        .name(who, name.clone())
                        .plain(" loses ")
                        .of(
                            who,
                            Line::new()
                                .number(who, Num::Harm, shown.clone())
                                .plain(crate::rules::said::words!(" {ability}: "))
                                .number(who, Num::Score, c.score(ability).to_string()),
                            format!("some {ability}"),
                        )
                        .state(who),
                )
                .tallied(Tally::damage(None, &name, n))
            });
            if area != Area::Torso {
                c.notes.push(format!("the {} may be lost", area.word()));
            }
            zero_check(state, who, ability, out);
        }
        Area::LeftArm | Area::RightArm => {
            let hand = if area == Area::LeftArm {
                Hand::Left
            } else {
                Hand::Right
            };
            let c = state.living_mut(who)?;
            c.impaired[usize::from(hand == Hand::Right)] = true;
            c.notes.push(format!("the {} may be lost", area.word()));
            crate::rules::said::tell(out, || {
                Event::said(Mood::Harm, format!("{name}'s {} is impaired", area.word()))
            });
            if let Some(slot) = held(c, hand) {
                let item = c.slots[slot].text();
                ask(
                    state,
                    Ask::DropHeld { who, slot, area },
                    format!("{name} drops the {item}?"),
                    "the held item drops (B28)".into(),
                    vec!["drop it".into(), "keep it".into()],
                    0,
                );
            }
        }
        Area::Head => {
            let f = dice.roll(6, &format_args!("{name}'s head injury"))?;
            let c = state.living_mut(who)?;
            match f {
                1..=3 => {
                    c.dead = true;
                    crate::rules::said::tell(out, || {
                        Event::said(Mood::Death, format!("{name}'s head injury (d6 {f}): dead"))
                            .tallied(Tally::down(&name))
                    });
                    return Ok(());
                }
                4 | 5 => {
                    c.notes.push("an eye lost".into());
                    crate::rules::said::tell(out, || {
                        Event::said(Mood::Harm, format!("{name} loses an eye (d6 {f})"))
                    });
                }
                _ => {
                    c.notes.push("a fine scar".into());
                    crate::rules::said::tell(out, || {
                        Event::said(Mood::Plain, format!("{name} gains a fine scar (d6 {f})"))
                    });
                }
            }
        }
    }
    if state.character(who)?.dead {
        return Ok(());
    }
    let wound = Wound {
        kind: Wound::named_after(source),
        area: Some(area),
        level: Level::Severe,
    };
    place(state, who, Slot::Wound(wound), out)
}

fn held(c: &Character, hand: Hand) -> Option<usize> {
    c.slots
        .iter()
        .position(|s| matches!(s, Slot::Item(i) if i.held == Some(hand)))
}

/// The judge empties a slot of a Fatigue or a Light/Severe wound (B16, B34).
pub fn clear(
    state: &mut State,
    who: u32,
    slot: usize,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    let name = c.name.clone();
    let s = c
        .slots
        .get(slot)
        .cloned()
        .ok_or_else(|| RuleError::invalid("there is no such slot"))?;
    match s {
        Slot::Fatigue(_) => {}
        Slot::Wound(ref w) if w.level != Level::Permanent => {
            if let Some(area) = w.area {
                let arm = match area {
                    Area::LeftArm => Some(0),
                    Area::RightArm => Some(1),
                    _ => None,
                };
                c.slots[slot] = Slot::Empty;
                let still = c
                    .slots
                    .iter()
                    .any(|s| matches!(s, Slot::Wound(x) if x.area == Some(area)));
                if let Some(i) = arm
                    && !still
                {
                    c.impaired[i] = false;
                }
            }
        }
        Slot::Wound(_) => return Err(RuleError::invalid("a Permanent wound never heals (B35)")),
        _ => {
            return Err(RuleError::invalid(format!(
                "slot {} holds no Fatigue or wound",
                slot + 1
            )));
        }
    }
    c.slots[slot] = Slot::Empty;
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Mended,
            format!("{name}: slot {} clears ({})", slot + 1, s.text()),
        )
    });
    Ok(())
}

/// B16, B42, B43: clears every Fatigue, or the oldest one.
pub fn clear_fatigue(c: &mut Character, all: bool) -> usize {
    let mut n = 0;
    for s in &mut c.slots {
        if matches!(s, Slot::Fatigue(_)) {
            *s = Slot::Empty;
            n += 1;
            if !all {
                break;
            }
        }
    }
    n
}

/// The judge sets a score by hand (B1): the current never above the max, an ability's max at
/// most 20 and HP's at most 99. The move counts as harm taken or healing, and an ability
/// brought to 0 takes its effect (B22).
pub fn set(
    state: &mut State,
    who: u32,
    stat: Stat,
    cur: u8,
    max: u8,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    let (top, s) = match stat {
        Stat::Hp => (99, &mut c.hp),
        Stat::Ability(a) => (20, &mut c.abilities[a.index()]),
    };
    if cur > max || max > top {
        return Err(RuleError::invalid(format!(
            "current must be at most the max, the max at most {top}"
        )));
    }
    let was = s.cur;
    *s = Score { cur, max };
    let name = c.name.clone();
    if let Stat::Ability(a) = stat {
        zero_check(state, who, a, out);
    }
    let (what, label) = match stat {
        Stat::Hp => (Num::Health, "HP".to_string()),
        Stat::Ability(a) => (Num::Score, a.to_string()),
    };
    let line = Line::set_by_judge(who, &name, &label, what, cur, max);
    out.push(Event::line(Mood::Ruling, line).counting(Tally::moved(
        &name,
        u32::from(was),
        u32::from(cur),
    )));
    Ok(())
}
