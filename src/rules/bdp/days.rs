//! Needs and deprivation (B16-B19), disease (B36-B39), healing and recovery (B40-B48), and the
//! dawn pipeline (B53).

use super::command::{Amount, Event, Mood, Recipe};
use super::harm::{clear_fatigue, fatigue, roll, standing};
use super::saves::ask_save;
use super::state::State;
use super::state::Then;
use super::zero_check;
use super::{Ability, Character, Item, Level, Meal, Reason, Rest, Slot, Timer};
use crate::dice::{DiceSource, Edge};
use crate::rules::line::{Line, Num};
use crate::rules::time::{Clock, HOUR};
use crate::rules::{RuleError, Tally};

fn refuse_deprived(state: &State, who: u32, what: &str) -> Result<(), RuleError> {
    let c = state.character(who)?;
    if c.deprived() {
        return Err(RuleError::invalid(format!(
            "{} is Deprived: no HP or ability point comes back, so no {what} (B19)",
            c.name
        )));
    }
    Ok(())
}

/// B43: a meal kept down; a Desperate one waits on a WIL save (`Then::Meal`).
pub fn eat(
    state: &mut State,
    who: u32,
    meal: Meal,
    fire: bool,
    pot: bool,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    state.living_mut(who)?;
    match meal {
        Meal::Simple if !fire => {
            return Err(RuleError::invalid(
                "a Simple meal needs fire (rations and Bitterbark need none)",
            ));
        }
        Meal::Fancy if !(fire && pot) => {
            return Err(RuleError::invalid("a Fancy meal needs fire and a pot"));
        }
        _ => {}
    }
    if meal == Meal::Desperate {
        return ask_save(
            state,
            who,
            Ability::Wil,
            Edge::NONE,
            "to keep a Desperate meal down",
            Then::Meal,
            dice,
        );
    }
    kept_down(state, who, meal, out)
}

/// B43: a ration counts as a Simple meal with no fire, and eating it uses it up: the lowest
/// slot holding an unbroken ration empties.
pub fn eat_ration(state: &mut State, who: u32, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let c = state.living_mut(who)?;
    let at = c
        .slots
        .iter()
        .position(|s| matches!(s, Slot::Item(i) if i.ration && !i.broken))
        .ok_or_else(|| {
            RuleError::invalid(format!(
                "{} carries no ration: eat a meal of another kind, or carry one first",
                c.name
            ))
        })?;
    if let Some(item) = c.take_item(at) {
        crate::rules::said::tell(out, || {
            Event::said(
                Mood::Plain,
                format!("{} eats the {} from slot {}", c.name, item.name, at + 1),
            )
        });
    }
    kept_down(state, who, Meal::Simple, out)
}

pub fn kept_down(
    state: &mut State,
    who: u32,
    meal: Meal,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.living_mut(who)?;
    c.meals.push(meal);
    c.food_deprived = false;
    let cleared = match meal {
        Meal::Simple => clear_fatigue(c, false),
        Meal::Fancy => clear_fatigue(c, true),
        _ => 0,
    };
    crate::rules::said::tell(out, || {
        Event::line(
            Mood::Mended,
            Line::new()
                .plain(crate::rules::said::words!(
                    "{} keeps a {} meal down",
                    c.name,
                    meal.word()
                ))
                .of(
                    who,
                    Line::new()
                        .plain("; ")
                        .number(
                            who,
                            Num::Harm,
                            crate::rules::said::words!("{cleared} Fatigue"),
                        )
                        .plain(" cleared"),
                    "",
                ),
        )
    });
    Ok(())
}

/// B40, B41: catching breath: from the waterskin given, else from a source the judge names,
/// else from the drinker's own non-empty waterskin (lowest slot); with none of these the judge
/// is asked where the water comes from.
pub fn breath(
    state: &mut State,
    who: u32,
    water: Option<usize>,
    source: Option<&str>,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if state.fight.is_some() {
        return Err(RuleError::invalid("no catching breath in a fight (B40)"));
    }
    refuse_deprived(state, who, "catching breath")?;
    let c = state.living_mut(who)?;
    let name = c.name.clone();
    let source = source.map(str::trim).filter(|s| !s.is_empty());
    let skin = match (water, source) {
        (Some(s), _) => Some(s),
        (None, Some(_)) => None,
        (None, None) => c
            .slots
            .iter()
            .position(|s| matches!(s, Slot::Item(i) if i.waterskin.is_some_and(|d| d > 0))),
    };
    if skin.is_none() && source.is_none() {
        let has_skin = c
            .slots
            .iter()
            .any(|s| matches!(s, Slot::Item(i) if i.waterskin.is_some()));
        let why = if has_skin {
            "the waterskin is empty"
        } else {
            "no waterskin is carried"
        };
        return Err(RuleError::invalid(format!(
            "{name} needs water to catch breath and {why}: name where it comes from \
             (`breath {name} stream`) or refill the waterskin (B40, B41)"
        )));
    }
    let gained = c.hp.gain(99);
    crate::rules::said::tell(out, || {
        Event::line(
            Mood::Mended,
            Line::new()
                .plain(crate::rules::said::words!("{name} catches breath"))
                .then(standing(
                    who,
                    Num::Health,
                    crate::rules::said::words!("HP {}", c.hp),
                )),
        )
        .tallied(Tally::healing(&name, u32::from(gained)))
    });
    let Some(at) = skin else {
        let source = source.unwrap_or_default();
        crate::rules::said::tell(out, || {
            Event::said(Mood::Plain, format!("water from {source}"))
        });
        return Ok(());
    };
    let Some(Slot::Item(item)) = c.slots.get_mut(at) else {
        return Err(RuleError::invalid("that slot holds no waterskin"));
    };
    let die = item
        .waterskin
        .ok_or_else(|| RuleError::invalid("that item is no waterskin"))?;
    if die == 0 {
        return Err(RuleError::invalid("the waterskin is empty (B41)"));
    }
    if gained == 0 {
        return Ok(());
    }
    let u = crate::dice::keep::usage(dice, die, &format!("{name}'s waterskin"))?;
    item.waterskin = Some(u.next.unwrap_or(0));
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Plain,
            format!("waterskin d{die}: {} → {}", u.face, item.text()),
        )
    });
    Ok(())
}

/// B42: tonight's rest.
pub fn set_rest(
    state: &mut State,
    who: u32,
    rest: Rest,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.living_mut(who)?;
    c.rest = rest;
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Plain,
            format!("{}'s rest tonight: {}", c.name, rest.word()),
        )
    });
    Ok(())
}

/// B44: brews a recipe from ingredient slots.
pub fn brew(
    state: &mut State,
    who: u32,
    recipe: Recipe,
    ingredients: &[usize],
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.living_mut(who)?;
    let mut used = Vec::new();
    for &at in ingredients {
        match c.slots.get(at) {
            Some(Slot::Item(i))
                if i.ingredient.is_some()
                    && !used.iter().any(|(x, _): &(usize, Item)| *x == at) =>
            {
                used.push((at, i.clone()))
            }
            _ => {
                return Err(RuleError::invalid(format!(
                    "slot {} holds no ingredient",
                    at + 1
                )));
            }
        }
    }
    let mut names: Vec<String> = used
        .iter()
        .map(|(_, i)| i.name.to_ascii_lowercase())
        .collect();
    names.sort();
    names.dedup();
    let potency: u32 = used
        .iter()
        .filter_map(|(_, i)| i.ingredient)
        .map(|(r, _)| r.potency())
        .sum();
    let (need, region) = recipe.need();
    if names.len() < 2 {
        return Err(RuleError::invalid(
            "a brew needs at least 2 different ingredients (B44)",
        ));
    }
    if potency < need {
        return Err(RuleError::invalid(format!(
            "potency {potency} is short of {need} (B44)"
        )));
    }
    if let Some((r, n)) = region
        && used
            .iter()
            .filter(|(_, i)| i.ingredient.is_some_and(|(_, g)| g == r))
            .count()
            < n
    {
        return Err(RuleError::invalid(format!(
            "{} needs {} from {r:?} (B44)",
            recipe.name(),
            crate::rules::said::counted(n, "ingredient", "ingredients")
        )));
    }
    for (at, _) in &used {
        c.take_item(*at);
    }
    let first = used.iter().map(|(at, _)| *at).min().unwrap_or(0);
    c.slots[first] = Slot::Item(Item::named(recipe.name()));
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Good,
            format!(
                "{} brews {} (potency {potency} of {need})",
                c.name,
                recipe.name()
            ),
        )
    });
    Ok(())
}

/// Uses a brewed item (B33, B43, B46, B47).
pub fn use_item(
    state: &mut State,
    who: u32,
    slot: usize,
    wound: Option<usize>,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let now = state.clock.seconds;
    let c = state.living_mut(who)?;
    let name = c.name.clone();
    let Some(Slot::Item(item)) = c.slots.get(slot).cloned() else {
        return Err(RuleError::invalid("that slot holds no item"));
    };
    let recipe = Recipe::from_name(&item.name).filter(|r| r.name() == item.name);
    let Some(recipe) = recipe else {
        return Err(RuleError::invalid(format!(
            "the {} is no brew the rules know",
            item.name
        )));
    };
    if let Some(a) = recipe.restores() {
        if c.deprived() {
            return Err(RuleError::invalid(format!(
                "{name} is Deprived: no restoratives (B19)"
            )));
        }
        if c.restoratives.contains(&a) {
            return Err(RuleError::invalid(format!(
                "one {a} restorative per night (B46)"
            )));
        }
        c.restoratives.push(a);
        crate::rules::said::tell(out, || {
            Event::said(
                Mood::Mended,
                format!(
                    "{name} applies {}: 1d3 {a} at the end of the night",
                    recipe.name()
                ),
            )
        });
    } else if let Some(kind) = recipe.cures() {
        let at = wound.ok_or_else(|| RuleError::invalid("name the wound's slot"))?;
        match c.slots.get(at) {
            Some(Slot::Wound(w))
                if w.level == Level::Light && w.kind.to_ascii_lowercase().contains(kind) =>
            {
                c.slots[at] = Slot::Empty;
                crate::rules::said::tell(out, || {
                    Event::said(Mood::Mended, format!("{name}'s Light {kind} heals at once"))
                });
            }
            _ => {
                return Err(RuleError::invalid(format!(
                    "{} cures only a Light {kind} (B33)",
                    recipe.name()
                )));
            }
        }
    } else {
        match recipe {
            Recipe::SleepingTonic => {
                c.tonic = true;
                crate::rules::said::tell(out, || {
                    Event::said(Mood::Mended, format!("{name} drinks the Sleeping Tonic"))
                });
            }
            Recipe::IronrootBrew => {
                c.timers.push(Timer {
                    name: "Ironroot Brew".into(),
                    ends: now + 24 * HOUR,
                });
                crate::rules::said::tell(out, || {
                    Event::said(Mood::Good, format!("{name}: Ironroot Brew for 24 hours"))
                });
            }
            _ => {
                c.slots[slot] = Slot::Empty;
                return kept_down(state, who, Meal::Simple, out);
            }
        }
    }
    let c = state.living_mut(who)?;
    c.take_item(slot);
    Ok(())
}

/// B33: a Light wound treated with a cure; herbs heal at the next dawn, brews at once.
pub fn treat(
    state: &mut State,
    who: u32,
    slot: usize,
    herb: bool,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.living_mut(who)?;
    match c.slots.get(slot) {
        Some(Slot::Wound(w)) if w.level == Level::Light => {}
        _ => {
            return Err(RuleError::invalid(
                "only a Light wound heals in the field (B33)",
            ));
        }
    }
    if herb {
        c.herb_cures.push(slot as u8);
        crate::rules::said::tell(out, || {
            Event::said(
                Mood::Mended,
                format!("{}: slot {} heals at the next dawn", c.name, slot + 1),
            )
        });
    } else {
        c.slots[slot] = Slot::Empty;
        crate::rules::said::tell(out, || {
            Event::said(Mood::Mended, format!("{}: slot {} heals", c.name, slot + 1))
        });
    }
    Ok(())
}

/// B37: infection.
/// B48: a day of recovery for one ability: the dawn runs, then 1d4, then the day passes.
pub fn recover(
    state: &mut State,
    who: u32,
    ability: Ability,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    refuse_deprived(state, who, "recovery day")?;
    state.living_mut(who)?;
    dawn(state, state.clock, dice, out)?;
    refuse_deprived(state, who, "recovery day")?;
    let (n, shown) = roll(dice, Amount::dice(1, 4), &"a day of recovery")?;
    let c = state.living_mut(who)?;
    let g = c.score_mut(ability).gain(n);
    crate::rules::said::tell(out, || {
        Event::line(
            Mood::Mended,
            Line::new()
                .plain(crate::rules::said::words!("{} recovers", c.name))
                .of(
                    who,
                    Line::new()
                        .plain(" ")
                        .number(who, Num::Harm, shown)
                        .plain(": ")
                        .number(who, Num::Harm, crate::rules::said::words!("+{g} {ability}")),
                    format!(" some {ability}"),
                )
                .state(who),
        )
        .tallied(Tally::healing(&c.name, u32::from(g)))
    });
    zero_check(state, who, ability, out);
    // The day itself passes after its dawn, as the night's watch does, so the next day's dawn
    // counts a new day and timers run out across days of rest (B47, B52).
    state.clock.advance(super::state::DAYS, 1, &[]);
    Ok(())
}

/// The ids of the living characters `pick` takes, in roster order.
pub(super) fn living_ids(state: &State, pick: impl Fn(&Character) -> bool) -> Vec<u32> {
    state
        .characters
        .iter()
        .filter(|c| !c.dead && pick(c))
        .map(|c| c.id)
        .collect()
}

/// B53: what a dawn gave back to `id`: "NAME: " and `numbers`, `id`'s own (the others read
/// `public` in their place).
fn came_back(id: u32, name: &str, numbers: String, public: &str) -> Line {
    Line::new()
        .plain(crate::rules::said::words!("{name}: "))
        .of(id, Line::new().number(id, Num::Harm, numbers), public)
}

/// B53: the dawn pipeline, in its fixed order, for every living PC and added creature. `at` is
/// when the dawn breaks, which names it: the end of the night for `night`, now for a day of
/// recovery.
pub fn dawn(
    state: &mut State,
    at: Clock,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let ids = living_ids(state, |c| c.kind == super::model::Kind::Pc || c.at_dawn);
    crate::rules::said::tell(out, || {
        Event::said(Mood::Plain, format!("Dawn of {}", at.describe()))
    });
    for id in ids {
        dawn_for(state, id, dice, out)?;
    }
    Ok(())
}

fn dawn_for(
    state: &mut State,
    id: u32,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character_mut(id)?;
    let name = c.name.clone();
    // The rest kind, tonic first; it settles the sleep need.
    let rest = if c.tonic { c.rest.tonic() } else { c.rest };
    c.sleep_deprived = rest == Rest::None;
    // Deprived set or cleared.
    if c.meals.is_empty() {
        c.food_deprived = true;
    }
    let deprived = c.deprived();
    // Rest effects.
    if rest >= Rest::Normal {
        let n = clear_fatigue(c, true);
        if n > 0 {
            crate::rules::said::tell(out, || {
                Event::line(
                    Mood::Mended,
                    came_back(
                        id,
                        &name,
                        crate::rules::said::words!("{n} Fatigue"),
                        "Fatigue",
                    )
                    .plain(crate::rules::said::words!(
                        " cleared by a {} night",
                        rest.word()
                    )),
                )
            });
        }
    }
    let mut gains = Vec::new();
    if !deprived {
        if rest == Rest::Comfortable {
            for a in Ability::ALL {
                if c.score_mut(a).gain(1) > 0 {
                    gains.push(format!("+1 {a}"));
                }
            }
        }
        if rest != Rest::None {
            for a in c.restoratives.clone() {
                let (n, _) = roll(dice, Amount::dice(1, 3), &format!("{name}'s restorative"))?;
                let c = state.character_mut(id)?;
                let g = c.score_mut(a).gain(n);
                gains.push(format!("+{g} {a} (restorative d3 {n})"));
            }
        }
    }
    let c = state.character_mut(id)?;
    if !gains.is_empty() {
        // What the night gave back is the sleeper's own numbers.
        crate::rules::said::tell(out, || {
            Event::line(
                Mood::Mended,
                came_back(id, &name, gains.join(", "), "some strength comes back"),
            )
        });
    }
    if deprived && (rest == Rest::Comfortable || !c.restoratives.is_empty()) {
        crate::rules::said::tell(out, || {
            Event::said(Mood::Warn, format!("{name} is Deprived: no recovery (B19)"))
        });
    }
    c.restoratives.clear();
    // The deprived-dawn count and its Fatigue.
    if deprived {
        c.deprived_dawns = c.deprived_dawns.saturating_add(1);
        // How many dawns in a row is the deprived one's own number.
        crate::rules::said::tell(out, || {
            Event::line(
                Mood::Warn,
                Line::new().name(id, name.clone()).plain(" is Deprived").of(
                    id,
                    Line::new()
                        .plain(" (")
                        .number(
                            id,
                            Num::Score,
                            crate::rules::said::words!("dawn {}", c.deprived_dawns),
                        )
                        .plain(")"),
                    "",
                ),
            )
        });
    } else {
        c.deprived_dawns = 0;
    }
    for a in Ability::ALL {
        zero_check(state, id, a, out);
    }
    // A full row with nothing to drop refuses the Fatigue (B4); the dawn still comes for
    // everyone, and the judge rules where it goes.
    if deprived
        && state.character(id)?.deprived_dawns >= 2
        && let Err(e) = fatigue(state, id, Reason::Deprivation, out)
    {
        // Where it goes is the judge's ruling to make, and the judge's alone to read.
        crate::rules::said::tell(out, || {
            Event::for_the_judge(
                Mood::Warn,
                format!("{name}'s deprivation Fatigue is not placed: {e}"),
            )
        });
    }
    // Overnight herb cures.
    let c = state.character_mut(id)?;
    for at in std::mem::take(&mut c.herb_cures) {
        // Only a Light wound (B33): one that rose overnight needs more than a herb.
        if let Some(s @ Slot::Wound(_)) = c.slots.get_mut(usize::from(at))
            && matches!(s, Slot::Wound(w) if w.level == Level::Light)
        {
            *s = Slot::Empty;
            crate::rules::said::tell(out, || {
                Event::said(
                    Mood::Mended,
                    format!("{name}: the herb cure heals slot {}", at + 1),
                )
            });
        }
    }
    // Disease saves (their countdowns follow each save's verdict).
    super::disease::ask_saves(state, id, dice)?;
    // Expired timers; the meal log and tonight's rest restart.
    let now = state.clock.seconds;
    let c = state.character_mut(id)?;
    let before = c.timers.len();
    c.timers.retain(|t| t.ends > now);
    if c.timers.len() < before {
        crate::rules::said::tell(out, || {
            Event::said(Mood::Plain, format!("{name}: a timer runs out"))
        });
    }
    c.meals.clear();
    c.tonic = false;
    c.rest = Rest::None;
    Ok(())
}
