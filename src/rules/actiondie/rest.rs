//! Rest and time (D29, D37-D40): a siesta gives back half the HP max, a full rest everything
//! with every exhaustion level; an interrupted rest only passes the time. Time moves on the
//! shared clock, and each quarter hour passed asks the over-burdened for an encumbrance save.

use super::checks;
use super::command::{Event, Mood, Out, say};
use super::state::{HOURS, QUARTER, State};
use crate::dice::DiceSource;
use crate::rules::RuleError;
use crate::rules::line::{Line, Num};
use crate::rules::said::words;
use crate::rules::time::MINUTE;

/// At most a day passes in one step.
const MOST_MINUTES: u32 = 24 * 60;

pub fn rest(
    state: &mut State,
    who: &[u32],
    full: bool,
    interrupted: bool,
    out: &mut Out,
) -> Result<(), RuleError> {
    if state.fight.is_some() {
        return Err(RuleError::invalid(
            "no rest during an initiative scene: end it first",
        ));
    }
    for &id in who {
        state.living(id)?;
    }
    let (hours, word) = if full {
        (8, "full rest")
    } else {
        (1, "siesta")
    };
    if interrupted {
        say(
            out,
            Mood::Bad,
            words!("The {word} is interrupted: it gives nothing"),
        );
    } else if who.is_empty() {
        // D39 rests "you and your party": the creatures fought are not healed with them.
        for c in state
            .characters
            .iter_mut()
            .filter(|c| !c.dead && c.side == super::model::Side::Pc)
        {
            rest_one(c, full, out);
        }
    } else {
        for &id in who {
            rest_one(state.living_mut(id)?, full, out);
        }
    }
    // A rest is not a march: no encumbrance saves while resting.
    state.clock.advance(HOURS, hours, &[]);
    say(out, Mood::Plain, words!("Now {}", state.clock.describe()));
    Ok(())
}

/// D38, D39: one character's rest.
fn rest_one(c: &mut super::character::Character, full: bool, out: &mut Out) {
    let id = c.id;
    if full {
        // D39, D29: everything back, every level gone.
        c.exhaustion = 0;
        c.hp = c.hp_max;
        c.tech_left = c.tech_total;
        crate::rules::said::tell(out, || {
            let numbers = format!("HP {}/{}, technique dice {}", c.hp, c.hp_max, c.tech_left);
            Event::line(
                Mood::Mended,
                Line::new()
                    .name(id, c.name.clone())
                    .plain(" rests fully")
                    .of(
                        id,
                        Line::new()
                            .plain(": ")
                            .number(id, Num::Health, numbers)
                            .plain(","),
                        ":",
                    )
                    .plain(" no exhaustion"),
            )
        });
    } else {
        // D38: half the effective max, rounded down, up to it.
        let max = c.hp_max_now();
        c.hp = (c.hp + max / 2).min(max);
        crate::rules::said::tell(out, || {
            Event::line(
                Mood::Mended,
                Line::new()
                    .name(id, c.name.clone())
                    .plain(" takes a siesta")
                    .of(
                        id,
                        Line::new().plain(": ").number(
                            id,
                            Num::Health,
                            crate::rules::said::words!("HP {}/{max}", c.hp),
                        ),
                        "",
                    )
                    .state(id),
            )
        });
    }
}

/// D37, D40: time moves on; each quarter hour crossed asks for encumbrance saves.
pub fn pass(
    state: &mut State,
    minutes: u32,
    dice: &mut dyn DiceSource,
    out: &mut Out,
) -> Result<(), RuleError> {
    if minutes == 0 || minutes > MOST_MINUTES {
        return Err(RuleError::invalid("time moves 1 minute to a day at a time"));
    }
    let crossed = state.clock.advance(
        crate::rules::time::Unit::new("minute", MINUTE),
        u64::from(minutes),
        &[QUARTER],
    );
    say(
        out,
        Mood::Plain,
        words!(
            "{} {}: {}",
            crate::rules::said::counted(minutes, "minute", "minutes"),
            if minutes == 1 { "passes" } else { "pass" },
            state.clock.describe()
        ),
    );
    // One save per over-burdened character per quarter hour, so a long stretch asks as often
    // as the rule does.
    let quarters = crossed.iter().filter(|c| c.unit == QUARTER).count();
    for _ in 0..quarters {
        checks::quarter(state, dice, out)?;
    }
    Ok(())
}
