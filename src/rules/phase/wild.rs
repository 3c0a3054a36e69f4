//! Wilderness watches (K49-K53): the group's action each watch, travel and its halving, the
//! weather, camp, and what each day's end costs in feed and wages.

use super::command::{Event, Mood, WatchAction};
use super::model::{Kind, Unit};
use super::state::{State, TURN, TURNS_PER_WATCH, WATCH};
use super::time::{advance, event_die};
use crate::dice::DiceSource;
use crate::rules::RuleError;
use crate::rules::rolled::Rolled;

/// K53: a day's end: mules eat 1 supply unit, horses 4, from their own load (Decision), unfed
/// ones flagged; each hireling's wage grows by 10; Control Weather's hold may end.
pub(super) fn day_end(state: &mut State, out: &mut Vec<Event>) -> Result<(), RuleError> {
    crate::rules::said::tell(out, || Event::said(Mood::Plain, "A day ends"));
    for c in state
        .characters
        .iter_mut()
        .filter(|c| !c.is_dead() && !c.fled)
    {
        if let Some(b) = c.beast {
            let mut need = b.feed();
            while need > 0 {
                let food = c
                    .units
                    .iter()
                    .position(|u| matches!(u, Unit::Food { .. } | Unit::Day | Unit::Supply(_)));
                let Some(i) = food else {
                    break;
                };
                c.units.remove(i);
                need -= 1;
            }
            c.unfed = need > 0;
            crate::rules::said::tell(out, || {
                Event::said(
                    if c.unfed { Mood::Warn } else { Mood::Plain },
                    if c.unfed {
                        format!(
                            "{} goes hungry: {} short",
                            c.name,
                            crate::rules::said::counted(need, "supply unit", "supply units")
                        )
                    } else {
                        format!(
                            "{} eats {}",
                            c.name,
                            crate::rules::said::counted(b.feed(), "supply unit", "supply units")
                        )
                    },
                )
            });
        }
        if c.kind == Kind::Hireling {
            c.wage_owed += 10;
            crate::rules::said::tell(out, || {
                Event::said(
                    Mood::Plain,
                    format!("{} is owed {} coins in wages", c.name, c.wage_owed),
                )
            });
        }
    }
    let today = state.world.clock.day();
    if state.world.weather_held_until.is_some_and(|d| d < today) {
        state.world.weather_held_until = None;
        crate::rules::said::tell(out, || {
            Event::said(Mood::Dim, "The weather is free of the spell")
        });
    }
    Ok(())
}

/// K52 4, K53: a d6, 1-3 one step worse, 4-6 one step better, clamped 1-5.
pub(super) fn weather_roll(
    state: &mut State,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let face = dice.roll(6, &"the weather")?;
    let before = state.world.weather;
    if state.world.weather_held_until.is_some() {
        crate::rules::said::tell(out, || {
            Event::said(
                Mood::Dim,
                format!("Weather die {face}: the spell holds the weather"),
            )
        });
        return Ok(());
    }
    state.world.weather = if face <= 3 {
        (before + 1).min(5)
    } else {
        before.saturating_sub(1).max(1)
    };
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Plain,
            format!(
                "Weather die {face}: the weather is now {} (step {})",
                state.world.weather_word(),
                state.world.weather
            ),
        )
    });
    Ok(())
}

/// K50, K51: one group action a watch, then its event die (K52) and the clocks.
pub fn watch(
    state: &mut State,
    action: WatchAction,
    who: &[u32],
    force: bool,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    super::round::outside_fight(state, "end the fight before the watch passes")?;
    let travelers: Vec<u32> = if who.is_empty() {
        state
            .characters
            .iter()
            .filter(|c| c.side == super::model::Side::Party && !c.is_dead() && !c.fled)
            .map(|c| c.id)
            .collect()
    } else {
        for &w in who {
            state.character(w)?;
        }
        who.to_vec()
    };
    let daylight = state.world.daylight();
    let slow = travelers.iter().any(|&t| {
        state
            .character(t)
            .is_ok_and(|c| c.kind != Kind::Animal && c.encumbered())
    });
    let miles = |count: u8, dice: &mut dyn DiceSource, out: &mut Vec<Event>| {
        let (total, pool) = super::roll_sum(dice, count, 6, &"miles travelled")?;
        // K51: halved, round down, at least 1, when any traveler is encumbered.
        let went = if slow { (total / 2).max(1) } else { total };
        let reads = if slow {
            format!("{went} miles, halved for the encumbered")
        } else {
            format!("{went} miles")
        };
        crate::rules::said::tell(out, || {
            Event::rolled(
                "The party",
                format!("{count}d6 miles"),
                &Rolled::new(None).dice(pool).verdict(reads),
            )
        });
        Ok::<u32, RuleError>(went)
    };
    match action {
        WatchAction::Travel => {
            if !daylight && !force {
                return Err(RuleError::invalid(
                    "travel is for daylight watches: force a march at night",
                ));
            }
            miles(2, dice, out)?;
        }
        WatchAction::ForcedMarch => {
            if daylight && !force {
                return Err(RuleError::invalid("a forced march is made at night"));
            }
            miles(1, dice, out)?;
            for &t in &travelers {
                super::load::add_fatigue(state, t, 1, out)?;
            }
        }
        WatchAction::Explore => crate::rules::said::tell(out, || {
            Event::said(
                Mood::Plain,
                "The party explores the area: the judge reveals its landmarks",
            )
        }),
        WatchAction::Camp => super::rest::camp(state, &travelers, dice, out)?,
        WatchAction::Idle => {
            crate::rules::said::tell(out, || Event::said(Mood::Plain, "The party stays put"))
        }
    }
    pass_watch(state, dice, out)?;
    for &t in &travelers {
        super::load::check_overload(state, t, out)?;
    }
    Ok(())
}

/// The end of a watch: its event die (K52, camp included), then 8 hours and 48 turns pass
/// (K36: every turn-timed spell ends).
pub fn pass_watch(
    state: &mut State,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let (w, day) = (state.world.watch(), state.world.clock.day());
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Plain,
            format!(
                "Day {day}, watch {w} ({}) ends",
                if state.world.daylight() {
                    "daylight"
                } else {
                    "night"
                }
            ),
        )
    });
    event_die(state, true, dice, out)?;
    advance(state, WATCH, 1, TURNS_PER_WATCH, dice, out)
}

/// K32 in a dungeon (Decision): a night passes as 48 turns with one event roll.
pub fn night_in_dungeon(
    state: &mut State,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Plain,
            format!(
                "The party camps in the dungeon from turn {}",
                state.world.turn
            ),
        )
    });
    event_die(state, false, dice, out)?;
    advance(
        state,
        TURN,
        u64::from(TURNS_PER_WATCH),
        TURNS_PER_WATCH,
        dice,
        out,
    )
}
