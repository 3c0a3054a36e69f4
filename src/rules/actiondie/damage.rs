//! Damage and what follows it: one roll shared by every target with once-only exploding maxima
//! (D20, D22), resistance, vulnerability and armour per target (D23, D32), HP floored at 0 and
//! the fall to exhaustion and Prone (D24), bleeding (D25), exhaustion levels (D26) and the death
//! and dismemberment table (D27, D28).

use super::command::{Event, Mood, Out, say};
use super::model::{DamageType, Status};
use super::state::{Ask, Question, State, Wait};
use super::turns;
use crate::dice::DiceSource;
use crate::dice::keep::exploding_once;
use crate::dice::ladder::Dice;
use crate::rules::line::{Line, Num};
use crate::rules::rolled::{self, Rolled, Term};
use crate::rules::said::words;
use crate::rules::{RuleError, Tally};

/// D11: unarmed attacks roll the lowest die.
pub const UNARMED: Dice = Dice::new(1, 4);

/// D27, the death and dismemberment table (1d8), as data.
pub const TABLE: [&str; 8] = [
    "a weapon or armour breaks",
    "an arm is lost",
    "an eye is lost",
    "a leg is lost",
    "the voice is lost",
    "dead",
    "dead",
    "dead",
];

/// D11, D20: an attack with a held weapon's dice (or unarmed 1d4) plus the STR value.
pub fn attack(
    state: &mut State,
    who: u32,
    item: Option<u8>,
    targets: &[u32],
    crit: bool,
    dice: &mut dyn DiceSource,
    out: &mut Out,
) -> Result<(), RuleError> {
    let c = state.living(who)?;
    let (d, kind, what) = match item {
        None => (UNARMED, None, "bare hands".to_string()),
        Some(i) => {
            let it = c
                .items
                .get(usize::from(i))
                .ok_or_else(|| RuleError::invalid(format!("{} has no item {}", c.name, i + 1)))?;
            let d = it.damage.ok_or_else(|| {
                RuleError::invalid(format!(
                    "the {} is not a weapon: it has no damage dice",
                    it.name
                ))
            })?;
            if it.broken {
                return Err(RuleError::invalid(format!("the {} is broken", it.name)));
            }
            (d, it.kind, it.name.clone())
        }
    };
    let flat = c.value(super::model::Ability::Str) as i16;
    // D10: a turn holds one action. A second attack in the attacker's own turn is not refused
    // (a technique or the judge may grant it) but said, so it is never taken by a slip.
    let own_turn = state
        .fight
        .as_ref()
        .and_then(|f| (f.acting == Some(who)).then(|| f.entry(who)).flatten());
    if own_turn.is_some_and(|e| e.attacked) {
        say(
            out,
            Mood::Warn,
            words!(
                "{} has already attacked this turn: a turn holds one action (D10)",
                c.name
            ),
        );
    }
    let source = Line::new()
        .name(who, c.name.clone())
        .plain(crate::rules::said::words!(" attacks with {what}"));
    let (name, at) = (c.name.clone(), out.len());
    let extra = deal(
        state,
        targets,
        d,
        flat,
        kind,
        crit,
        source,
        Some(who),
        dice,
        out,
    )?;
    if let Some(e) = state.fight.as_mut().and_then(|f| {
        if f.acting == Some(who) {
            f.entry_mut(who)
        } else {
            None
        }
    }) {
        e.attacked = true;
    }
    // D22: a critical hit (a die at its highest face that added another) counts for the
    // attacker on its damage line, the first of the attack; critical dice allowed are not one.
    if let Some(line) = out.get_mut(at).filter(|_| extra > 0) {
        *line = line.clone().tallied(Tally::crit(&name));
    }
    Ok(())
}

/// D20-D24: rolls once and deals the total to every target in order; returns how many dice
/// a critical added (D22).
#[allow(clippy::too_many_arguments)]
pub fn deal(
    state: &mut State,
    targets: &[u32],
    d: Dice,
    flat: i16,
    kind: Option<DamageType>,
    crit: bool,
    source: Line,
    by: Option<u32>,
    dice: &mut dyn DiceSource,
    out: &mut Out,
) -> Result<usize, RuleError> {
    if targets.is_empty() {
        return Err(RuleError::invalid("damage needs at least one target"));
    }
    if d.count > 20 || d.sides > 100 || (d.count > 0 && d.sides < 2) {
        return Err(RuleError::invalid(
            "damage dice are at most 20 dice of 2 to 100 sides",
        ));
    }
    for t in targets {
        state.living(*t)?;
    }
    let purpose = format_args!("{source}: damage");
    // D22: each maximum adds one more die of its size, which does not add another.
    let faces = if crit {
        exploding_once(dice, d, &purpose)?
    } else {
        d.roll(dice, &purpose)?
    };
    let extra = faces.len().saturating_sub(usize::from(d.count));
    let sum: i32 = faces.iter().map(|&f| i32::from(f)).sum::<i32>() + i32::from(flat);
    let total = sum.max(0) as u16;
    // The line and who dealt it are for the step's events only: a quiet step makes neither.
    let dealer = if crate::rules::said::is_quiet() {
        None
    } else {
        let kind_word = kind.map_or(String::new(), |k| format!(" {k}"));
        // In the words of every roll: "d4 2 + STR 4 = 6". D17: an attacker's STR value and the
        // total are its own numbers; a flat amount the judge gave is anyone's.
        let mut line = source.plain(": ");
        if faces.is_empty() {
            line = line.plain(total.to_string());
        } else {
            let mut words = Rolled::new(by).dice(rolled::Dice::pool(d.to_string(), faces));
            if flat != 0 {
                words = words.plus(match by {
                    Some(by) => Term::of(by, "STR", i32::from(flat)),
                    None => Term::open("", i32::from(flat)),
                });
            }
            line.0.extend(words.total(i32::from(total)).line().0);
        }
        line = line.plain(format!("{kind_word} damage"));
        if extra > 0 {
            line = line.plain(format!(" (critical: {extra} more)"));
        }
        // Who dealt it: the attacker, or a character the damage's source names.
        let dealer = match by {
            Some(by) => Some(state.name_of(by)),
            None => crate::rules::dealer(
                &line.to_string(),
                state.characters.iter().map(|c| c.name.as_str()),
            ),
        };
        out.push(crate::rules::said::Event::line(Mood::Harm, line));
        dealer
    };
    for &t in targets {
        hurt(state, t, total, kind, true, dealer.as_deref(), dice, out)?;
    }
    Ok(extra)
}

/// D23-D24 for one target: halve, double or neither for the type, then armour, then HP;
/// counted as dealt by `by` when known.
#[allow(clippy::too_many_arguments)]
pub fn hurt(
    state: &mut State,
    who: u32,
    amount: u16,
    kind: Option<DamageType>,
    armour: bool,
    by: Option<&str>,
    dice: &mut dyn DiceSource,
    out: &mut Out,
) -> Result<(), RuleError> {
    let c = state.living_mut(who)?;
    let mut n = amount;
    // D21, D22: what changed the amount, put in words only for the step's line.
    let mut typed = None;
    if let Some(k) = kind {
        let (resists, vulnerable) = (c.resists(k), c.vulnerable_to(k));
        match (resists, vulnerable) {
            (true, false) => n /= 2,
            (false, true) => n = n.saturating_mul(2),
            _ => {}
        }
        if resists || vulnerable {
            typed = Some((k, resists, vulnerable));
        }
    }
    let mut armoured = 0;
    if armour {
        armoured = c.ar_now();
        n = n.saturating_sub(armoured);
    }
    c.hp = c.hp.saturating_sub(n);
    let numbers = || {
        let mut why = Vec::new();
        match typed {
            Some((k, true, false)) => why.push(format!("resists {k}")),
            Some((k, false, true)) => why.push(format!("vulnerable to {k}")),
            Some((k, _, _)) => why.push(format!("resists and vulnerable to {k}: even")),
            None => {}
        }
        if armoured > 0 {
            why.push(format!("AR {armoured}"));
        }
        let why = if why.is_empty() {
            String::new()
        } else {
            format!(" ({})", why.join(", "))
        };
        Line::new()
            .number(who, Num::Harm, n.to_string())
            .plain(why)
            .plain(": ")
            .number(who, Num::Health, format!("HP {}/{}", c.hp, c.hp_max_now()))
    };
    crate::rules::said::tell(out, || {
        crate::rules::said::Event::line(
            if n > 0 { Mood::Harm } else { Mood::Plain },
            Line::new()
                .name(who, c.name.clone())
                .plain(" takes ")
                .of(who, numbers(), if n > 0 { "harm" } else { "no harm" })
                .state(who),
        )
        .tallied(Tally::damage(by, &c.name, u32::from(n)))
        // D24: this is the fall; the fight's summary counts it as going down.
        .counting((n >= 1 && c.hp == 0).then(|| Tally::down(&c.name)))
    });
    // D24: taking damage down to 0 costs a level and knocks Prone.
    if n >= 1 && c.hp == 0 {
        if c.set_status(Status::Prone, true) {
            say(out, Mood::Warn, words!("{} falls Prone", c.name));
        }
        exhaust(state, who, dice, out)?;
    }
    Ok(())
}

/// D26: one more exhaustion level, with its effect; from level 4 on, a roll on the table.
pub fn exhaust(
    state: &mut State,
    who: u32,
    dice: &mut dyn DiceSource,
    out: &mut Out,
) -> Result<(), RuleError> {
    let c = state.living_mut(who)?;
    if c.exhaustion >= 99 {
        return Err(RuleError::invalid(format!(
            "{} is at the highest exhaustion level",
            c.name
        )));
    }
    c.exhaustion += 1;
    let level = c.exhaustion;
    let effect = match level {
        1 => "movement halved",
        2 => "HP max halved",
        3 => "Unconscious",
        _ => "a roll on the death and dismemberment table",
    };
    // The level and what it does are the exhausted one's numbers.
    crate::rules::said::tell(out, || {
        Event::line(
            Mood::Bad,
            Line::new()
                .name(who, c.name.clone())
                .plain(" reaches exhaustion")
                .of(
                    who,
                    Line::new().plain(" ").number(
                        who,
                        Num::Score,
                        crate::rules::said::words!("{level}: {effect}"),
                    ),
                    "",
                ),
        )
    });
    if level == 2 {
        c.hp = c.hp.min(c.hp_max_now());
    }
    if level >= 4 {
        let face = dice.roll(8, &format_args!("{}: death and dismemberment", c.name))?;
        dismember(state, who, face, out)?;
    }
    Ok(())
}

/// D29: the judge takes one level away.
pub fn recover(state: &mut State, who: u32, out: &mut Out) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    if c.exhaustion == 0 {
        return Err(RuleError::invalid(format!("{} is not exhausted", c.name)));
    }
    c.exhaustion -= 1;
    crate::rules::said::tell(out, || {
        Event::line(
            Mood::Mended,
            Line::new()
                .name(who, c.name.clone())
                .plain(" is down to exhaustion")
                .of(
                    who,
                    Line::new()
                        .plain(" ")
                        .number(who, Num::Score, c.exhaustion.to_string()),
                    " one level",
                ),
        )
    });
    Ok(())
}

/// D27: one face of the death and dismemberment table.
pub fn dismember(state: &mut State, who: u32, face: u16, out: &mut Out) -> Result<(), RuleError> {
    if !(1..=8).contains(&face) {
        return Err(RuleError::invalid("the table's faces are 1 to 8"));
    }
    let c = state.living_mut(who)?;
    let name = c.name.clone();
    // The face is the roller's number; what it does shows on anyone.
    crate::rules::said::tell(out, || {
        Event::line(
            Mood::Harm,
            Line::new()
                .name(who, name.clone())
                .plain(", death and dismemberment")
                .of(
                    who,
                    Line::new()
                        .plain(" ")
                        .number(who, Num::Faces, face.to_string()),
                    "",
                )
                .plain(crate::rules::said::words!(
                    ": {}",
                    TABLE[usize::from(face) - 1]
                )),
        )
    });
    match face {
        1 => {
            let items: Vec<u8> = (0..c.items.len())
                .filter(|&i| !c.items[i].broken)
                .map(|i| i as u8)
                .collect();
            if items.is_empty() {
                say(
                    out,
                    Mood::Plain,
                    words!("{name} carries nothing that can break"),
                );
                return Ok(());
            }
            let proposed = c
                .wielded()
                .and_then(|w| items.iter().position(|&i| usize::from(i) == w))
                .unwrap_or(0);
            let mut options: Vec<String> = items
                .iter()
                .map(|&i| c.items[usize::from(i)].name.clone())
                .collect();
            options.push("nothing breaks".into());
            state.queue.push(Wait::Ask(Box::new(Question {
                ask: Ask::Break { who, items },
                title: format!("{name}: what breaks?"),
                why: "the table broke a weapon or armour; the wielded weapon is proposed".into(),
                options,
                proposed,
            })));
        }
        2 => {
            c.injuries.arms = c.injuries.arms.saturating_add(1);
            c.hands = c.hands.saturating_sub(1);
            let held = c.items.iter().filter(|i| i.held).count();
            if held > usize::from(c.hands)
                && let Some(i) = c.items.iter().rposition(|i| i.held)
            {
                let it = c.items.remove(i);
                say(out, Mood::Harm, words!("{name} drops the {}", it.name));
            }
        }
        3 => c.injuries.eyes = c.injuries.eyes.saturating_add(1),
        4 => c.injuries.leg = true,
        5 => c.injuries.voice = true,
        _ => kill(state, who, out)?,
    }
    Ok(())
}

/// D27 face 1, answered: the chosen item breaks (None: nothing).
pub fn break_item(
    state: &mut State,
    who: u32,
    index: Option<u8>,
    out: &mut Out,
) -> Result<(), RuleError> {
    let Some(i) = index else {
        return Ok(());
    };
    let c = state.character_mut(who)?;
    let it = c
        .items
        .get_mut(usize::from(i))
        .ok_or_else(|| RuleError::invalid("that item is gone"))?;
    it.broken = true;
    it.held = false;
    let n = it.name.clone();
    c.injuries.broken.push(n.clone());
    say(out, Mood::Harm, words!("{}'s {n} breaks", c.name));
    Ok(())
}

/// D28: dead, out of the initiative for good; the sheet stays.
pub fn kill(state: &mut State, who: u32, out: &mut Out) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    c.dead = true;
    c.defending = false;
    c.running = false;
    let name = c.name.clone();
    crate::rules::said::tell(out, || {
        Event::said(Mood::Death, format!("{name} is dead")).tallied(Tally::down(&name))
    });
    turns::leave(state, who);
    Ok(())
}
