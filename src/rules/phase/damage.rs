//! Attacks and what they do (K19-K28): no attack roll, the weapon's die stepped by enhancement
//! and impairment, +1 Blessed, minus DR; damage to HP overflowing into STR with the critical
//! save, the grievous-wound roll at exactly 0, maneuvers, blasts, and trap damage.

use super::command::{DamageRoll, Event, Mood};
use super::model::{Ability, Critical, Kind, Limb, MarkKind, UNARMED_DIE, Weapon};
use super::state::{Ask, State, Then};
use super::{morale, round, saves};
use crate::dice::DiceSource;
use crate::dice::ladder::{DIE_SIZES, Dice};
use crate::rules::cairn;
use crate::rules::line::{Line, Num};
use crate::rules::{RuleError, Tally};

/// One attack's blow (K19): who strikes whom, with what weapon (None: unarmed), thrown or not,
/// and the judge's steps up or down for its die (K26).
#[derive(Clone, Copy)]
pub struct Blow<'a> {
    pub by: u32,
    pub target: u32,
    pub weapon: Option<&'a Weapon>,
    pub thrown: bool,
    pub steps: i8,
}

/// The die an attack rolls after its steps, and the steps in words (K19, K26).
pub fn attack_die(state: &State, blow: Blow) -> Result<(u16, String), RuleError> {
    let Blow {
        by,
        target,
        weapon,
        thrown,
        steps,
    } = blow;
    let c = state.character(by)?;
    let base = weapon.map_or(UNARMED_DIE, |w| w.die);
    let ranged = weapon.is_some_and(|w| w.ranged(thrown));
    let mut up = 0i32;
    let mut down = 0i32;
    let mut why = Vec::new();
    if c.charged == Some(target) {
        up += 1;
        why.push("enhanced by the charge");
    }
    if steps > 0 {
        up += i32::from(steps);
        why.push("enhanced by the judge");
    } else if steps < 0 {
        down += i32::from(steps.unsigned_abs());
        why.push("impaired by the judge");
    }
    if c.body.blind() {
        down += 1;
        why.push("impaired: blind");
    } else if ranged && c.body.eyes_lost >= 1 {
        down += 1;
        why.push("impaired: one eye");
    }
    if let Some(w) = weapon {
        let broken = if w.bulky {
            c.body.any_broken_arm()
        } else {
            c.body.arms[w.hand.index()] == Limb::Broken
        };
        if broken {
            down += 1;
            why.push("impaired: broken arm");
        }
    }
    // K19 (Decision): steps cancel one for one, net at most one, clamped to d2..d12.
    let net = (up - down).clamp(-1, 1);
    let index = DIE_SIZES
        .index_of(Dice::new(1, base))
        .ok_or_else(|| RuleError::invalid(format!("a d{base} is not a weapon die (d2 to d12)")))?;
    let sides = DIE_SIZES
        .rung(DIE_SIZES.step(index, net))
        .map_or(base, |r| r.dice.sides);
    Ok((sides, why.join(", ")))
}

/// K19, K20: rolls an attack's damage against `target`: the die, +1 Blessed, minus DR (0
/// against missiles behind a wind barrier, K41), never below 0. Returns the damage and the
/// roll in words.
pub fn roll_damage(
    state: &State,
    blow: Blow,
    dice: &mut dyn DiceSource,
) -> Result<(u32, DamageRoll), RuleError> {
    let (sides, why) = attack_die(state, blow)?;
    let Blow {
        by,
        target,
        weapon,
        thrown,
        ..
    } = blow;
    let c = state.character(by)?;
    let t = state.character(target)?;
    let face = dice.roll(sides, &format_args!("{}'s damage to {}", c.name, t.name))?;
    let bless = i32::from(c.blessed());
    let dr = i32::from(t.dr());
    let ranged = weapon.is_some_and(|w| w.ranged(thrown));
    let shielded = ranged && t.has(&MarkKind::WindBarrier);
    let amount = if shielded {
        0
    } else {
        (i32::from(face) + bless - dr).max(0) as u32
    };
    let roll = DamageRoll {
        sides,
        face,
        why,
        blessed: bless > 0,
        dr: u8::try_from(dr).unwrap_or(u8::MAX),
        shielded,
    };
    Ok((amount, roll))
}

/// K21-K23: `n` damage to `who`'s HP (0 while encumbered, the stored value untouched),
/// the rest to STR with a critical save; exactly 0 from above calls the grievous roll.
pub fn take(
    state: &mut State,
    who: u32,
    n: u32,
    by: Option<u32>,
    note: &str,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if n == 0 {
        return Ok(());
    }
    let c = state.character_mut(who)?;
    let name = c.name.clone();
    let encumbered = c.encumbered();
    let h = u32::from(c.hp_now());
    // K21: HP while encumbered counts as 0 and its stored value stays, so only what runs past
    // is taken from here.
    let (_, over) = cairn::past_hp(h, n);
    if over == 0 {
        c.hp.cur -= n as u8;
        crate::rules::said::tell(out, || Event::HpLost {
            who: name.clone(),
            id: who,
            lost: n,
            hp: c.hp_text(),
        });
        if c.hp.cur == 0 {
            // K22: exactly 0 from above.
            morale::lone(state, who, out);
            super::wounds::grievous(state, who, dice, out)?;
        }
        return Ok(());
    }
    if !encumbered && h > 0 {
        c.hp.cur = 0;
        crate::rules::said::tell(out, || Event::HpLost {
            who: name.clone(),
            id: who,
            lost: h,
            hp: c.hp_text(),
        });
    }
    let lost = c.str.lose(over);
    let now = c.str.cur;
    crate::rules::said::tell(out, || Event::ScoreLost {
        who: name.clone(),
        id: who,
        ability: Ability::Str,
        lost,
        now,
    });
    if h > 0 {
        morale::lone(state, who, out);
    }
    if cairn::past(over, u32::from(now)) == cairn::Past::Dead {
        // K23: STR 0 after the loss is death, no save.
        crate::rules::said::tell(out, || Event::Died {
            who: name,
            id: None,
            why: "STR 0".into(),
        });
        state.character_mut(who)?.critical = None;
        morale::casualty(state, out);
        return Ok(());
    }
    let then = Then::Crit {
        by,
        note: note.to_string(),
    };
    saves::ask_save(
        state,
        who,
        Ability::Str,
        "against critical damage",
        then,
        dice,
    )
}

/// K23: the critical save's verdict.
pub fn crit_result(
    state: &mut State,
    who: u32,
    by: Option<u32>,
    note: &str,
    pass: bool,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if pass {
        return Ok(());
    }
    let turn = state.world.turn;
    let c = state.character_mut(who)?;
    let name = c.name.clone();
    match c.kind {
        Kind::Pc | Kind::Hireling => {
            c.critical = Some(Critical {
                dies_after: turn + 6,
                aided: false,
            });
            crate::rules::said::tell(out, || Event::Critical {
                who: name.clone(),
                id: None,
            });
        }
        Kind::Creature | Kind::Animal => {
            c.out = true;
            crate::rules::said::tell(out, || {
                Event::said(Mood::Warn, format!("{name} is out of the fight"))
                    .tallied(Tally::down(&name))
            });
            saves::ask_yes_no(
                state,
                Ask::Slain { who },
                format!("{name}: dead?"),
                "failed its critical damage save".into(),
                true,
            );
        }
    }
    if !note.is_empty() {
        let attacker = by.map_or_else(|| "the attack".to_string(), |b| state.name_of(b));
        crate::rules::said::tell(out, || {
            Event::said(
                Mood::Warn,
                format!("{attacker}'s attack on a failed save: {note}"),
            )
        });
    }
    morale::casualty(state, out);
    Ok(())
}

/// K19, K27, K13: one attack.
#[allow(clippy::too_many_arguments)]
pub fn attack(
    state: &mut State,
    by: u32,
    target: u32,
    weapon: Option<usize>,
    thrown: bool,
    maneuver: Option<&str>,
    steps: i8,
    force: bool,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if by == target {
        return Err(RuleError::invalid("an attack needs someone else to hit"));
    }
    let c = state.character(by)?;
    let t = state.character(target)?;
    if t.is_dead() {
        return Err(RuleError::invalid(format!("{} is already dead", t.name)));
    }
    let w = match weapon {
        Some(i) => Some(c.weapons.get(i).cloned().ok_or_else(|| {
            RuleError::invalid(format!("{} has no weapon number {}", c.name, i + 1))
        })?),
        None => None,
    };
    if let Some(w) = &w
        && !force
    {
        if thrown && !w.throwable {
            return Err(RuleError::invalid(format!("a {} is not thrown", w.name)));
        }
        if w.missile && w.out_of_ammo {
            return Err(RuleError::invalid(format!(
                "{} is out of ammunition for the {}",
                c.name, w.name
            )));
        }
        if w.bulky && c.body.hands() < 2 {
            return Err(RuleError::invalid(format!(
                "{} has one arm: a bulky weapon takes both hands",
                c.name
            )));
        }
    }
    let ranged = w.as_ref().is_some_and(|w| w.ranged(thrown));
    let note = w.as_ref().map_or(String::new(), |w| w.on_fail.clone());
    round::spend_attack(state, by, target, ranged, force)?;
    let (amount, roll) = roll_damage(
        state,
        Blow {
            by,
            target,
            weapon: w.as_ref(),
            thrown,
            steps,
        },
        dice,
    )?;
    let (by_name, t_name) = (state.name_of(by), state.name_of(target));
    // K16: the charge's enhancement is spent by the attack on the charged enemy.
    let a = state.character_mut(by)?;
    if a.charged == Some(target) {
        a.charged = None;
    }
    if let (Some(i), Some(w)) = (weapon, &w) {
        if thrown && w.throwable {
            a.weapons.remove(i);
            state
                .world
                .dropped
                .push(format!("{} (thrown by {by_name})", w.name));
        }
        if w.missile
            && let Some(f) = state.fight.as_mut()
            && !f.loosed.contains(&(by, w.name.clone()))
        {
            f.loosed.push((by, w.name.clone()));
        }
    }
    let casting = state.character(target)?.casting.is_some();
    match maneuver {
        Some(effect) => {
            crate::rules::said::tell(out, || Event::Hit {
                by: by_name.clone(),
                by_id: by,
                target: t_name.clone(),
                target_id: target,
                roll,
                amount,
            });
            let options = vec![
                format!("take {amount} damage"),
                format!("suffer the maneuver: {effect}"),
            ];
            // Decision: proposed is the lesser harm: the damage when it leaves HP above 0.
            let hp = u32::from(state.character(target)?.hp_now());
            let proposed = if amount < hp || amount == 0 { 0 } else { 1 };
            saves::ask(
                state,
                Ask::Maneuver {
                    by,
                    target,
                    amount,
                    effect: effect.to_string(),
                },
                format!("{t_name}: damage or {effect}?"),
                format!("{by_name} tries a maneuver; {t_name}'s side picks"),
                options,
                proposed,
            );
        }
        None => {
            crate::rules::said::tell(out, || Event::Hit {
                by: by_name,
                by_id: by,
                target: t_name,
                target_id: target,
                roll,
                amount,
            });
            take(state, target, amount, Some(by), &note, dice, out)?;
        }
    }
    if casting {
        super::magic::interrupt(state, target, dice)?;
    }
    Ok(())
}

/// K28: one damage roll per target in the area.
pub fn blast(
    state: &mut State,
    by: u32,
    weapon: Option<usize>,
    targets: &[u32],
    force: bool,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if targets.is_empty() {
        return Err(RuleError::invalid("a blast needs at least one target"));
    }
    let w = match weapon {
        Some(i) => Some(
            state
                .character(by)?
                .weapons
                .get(i)
                .cloned()
                .ok_or_else(|| RuleError::invalid("there is no such weapon"))?,
        ),
        None => None,
    };
    let ranged = w.as_ref().is_some_and(|w| w.missile);
    round::spend_attack(state, by, targets[0], ranged, force)?;
    let note = w.as_ref().map_or(String::new(), |w| w.on_fail.clone());
    for &t in targets {
        if t == by || state.character(t)?.is_dead() {
            continue;
        }
        let (amount, roll) = roll_damage(
            state,
            Blow {
                by,
                target: t,
                weapon: w.as_ref(),
                thrown: false,
                steps: 0,
            },
            dice,
        )?;
        crate::rules::said::tell(out, || Event::Hit {
            by: state.name_of(by),
            by_id: by,
            target: state.name_of(t),
            target_id: t,
            roll,
            amount,
        });
        let casting = state.character(t)?.casting.is_some();
        take(state, t, amount, Some(by), &note, dice, out)?;
        if casting {
            super::magic::interrupt(state, t, dice)?;
        }
    }
    Ok(())
}

/// K28: when it is unclear how many a blast catches, the attack's die says.
pub fn blast_count(
    state: &State,
    by: u32,
    weapon: Option<usize>,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character(by)?;
    let sides = match weapon {
        Some(i) => c
            .weapons
            .get(i)
            .map(|w| w.die)
            .ok_or_else(|| RuleError::invalid("there is no such weapon"))?,
        None => UNARMED_DIE,
    };
    let face = dice.roll(sides, &format_args!("how many {}'s blast catches", c.name))?;
    crate::rules::said::tell(out, || {
        Event::die(
            c.name.clone(),
            format!("d{sides} for how many the blast catches"),
            face,
            format!("{face} targets"),
        )
    });
    Ok(())
}

/// K47: trap damage straight to an ability: no DR, no critical save.
pub fn drain(
    state: &mut State,
    who: u32,
    ability: Ability,
    amount: u8,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if amount == 0 {
        return Err(RuleError::invalid("a loss of 0 changes nothing"));
    }
    let c = state.character_mut(who)?;
    let lost = c.score_mut(ability).lose(u32::from(amount));
    let now = c.score(ability).cur;
    let name = c.name.clone();
    crate::rules::said::tell(out, || Event::ScoreLost {
        who: name.clone(),
        id: who,
        ability,
        lost,
        now,
    });
    if now == 0 {
        let what = match ability {
            Ability::Str => {
                crate::rules::said::tell(out, || Event::Died {
                    who: name.clone(),
                    id: None,
                    why: "STR 0".into(),
                });
                None
            }
            Ability::Dex => Some("paralyzed"),
            Ability::Wil => Some("delirious"),
        };
        if let Some(what) = what {
            crate::rules::said::tell(out, || Event::said(Mood::Warn, format!("{name} is {what}")));
        }
    }
    morale::casualty(state, out);
    Ok(())
}

/// HP restored by the judge's word, never above the maximum and never while no-HP (K32).
pub fn heal(
    state: &mut State,
    who: u32,
    amount: u8,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    if c.no_hp {
        return Err(RuleError::invalid(format!(
            "{} cannot regain HP until a long rest with a ration",
            c.name
        )));
    }
    let got = c.hp.gain(u32::from(amount));
    if got == 0 {
        return Err(RuleError::invalid(format!(
            "{} is already at full HP ({})",
            c.name, c.hp.max
        )));
    }
    // The hit points are the healed one's numbers; the others read that some came back.
    let id = c.id;
    crate::rules::said::tell(out, || {
        Event::line(
            Mood::Mended,
            Line::new()
                .name(id, c.name.clone())
                .plain(" regains ")
                .of(
                    id,
                    Line::new()
                        .number(id, Num::Harm, crate::rules::said::words!("{got} HP"))
                        .plain(" (")
                        .number(
                            id,
                            Num::Health,
                            crate::rules::said::words!("HP {}", c.hp_text()),
                        )
                        .plain(")"),
                    "hit points",
                )
                .state(id),
        )
        .tallied(Tally::healing(&c.name, u32::from(got)))
    });
    Ok(())
}
