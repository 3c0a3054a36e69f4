//! What a combatant does in the move phase (K13, K16-K18, K24): moves and charges, leaving
//! melee, other actions, aid, flight and what is dropped to end a pursuit.

use super::command::{Event, Mood};
use super::model::Ability;
use super::round::{may, spend};
use super::state::{Ask, CombatPhase, State, Then};
use super::{morale, saves};
use crate::dice::DiceSource;
use crate::rules::RuleError;

/// K13, K16: a move, into melee with `to` when named; in round 1 from outside melee that is a
/// charge.
pub fn move_to(
    state: &mut State,
    who: u32,
    to: Option<u32>,
    force: bool,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    may(state, who, CombatPhase::Move, false, true, force)?;
    let name = state.name_of(who);
    let Some(target) = to else {
        spend(state, who, false, true, false);
        crate::rules::said::tell(out, || Event::said(Mood::Plain, format!("{name} moves")));
        return Ok(());
    };
    let t = state.character(target)?;
    if target == who {
        return Err(RuleError::invalid("a character cannot engage themself"));
    }
    let (t_name, t_side) = (t.name.clone(), t.side);
    let side = state.character(who)?.side;
    let Some(fight) = state.fight.as_mut() else {
        return Err(RuleError::invalid("melee is a relation inside a fight"));
    };
    let charge = fight.round == 1 && fight.engaged_with(who).is_empty() && t_side != side;
    fight.engage(who, target);
    spend(state, who, false, true, false);
    if charge {
        state.character_mut(who)?.charged = Some(target);
        crate::rules::said::tell(out, || {
            Event::said(
                Mood::Mark,
                format!("{name} charges {t_name}: the next attack on {t_name} is enhanced"),
            )
        });
    } else {
        crate::rules::said::tell(out, || {
            Event::said(
                Mood::Plain,
                format!("{name} moves into melee with {t_name}"),
            )
        });
    }
    Ok(())
}

/// K17: leaving melee; asks "full or half" when not told.
pub fn ask_withdraw(
    state: &mut State,
    who: u32,
    full: Option<bool>,
    force: bool,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    may(state, who, CombatPhase::Move, false, true, force)?;
    let engaged = state
        .fight
        .as_ref()
        .map(|f| f.engaged_with(who))
        .unwrap_or_default();
    let name = state.name_of(who);
    if engaged.is_empty() {
        return Err(RuleError::invalid(format!("{name} is not in melee")));
    }
    match full {
        Some(full) => withdraw(state, who, full, out),
        None => {
            // Decision: proposed is the half move, which provokes nothing.
            saves::ask(
                state,
                Ask::Withdraw { who },
                format!("{name} leaves melee: full or half move?"),
                "a full move lets each engaged enemy strike at once".into(),
                vec![
                    "full move (each engaged enemy strikes at once)".into(),
                    "half move (no free attacks)".into(),
                ],
                1,
            );
            Ok(())
        }
    }
}

pub fn withdraw(
    state: &mut State,
    who: u32,
    full: bool,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let name = state.name_of(who);
    let fight = state.fight.as_mut().ok_or_else(crate::rules::no_fight)?;
    let mut enemies = fight.engaged_with(who);
    fight.disengage(who);
    // K17 with K24: only a foe that can act strikes.
    enemies.retain(|&e| state.characters.iter().any(|c| c.id == e && c.may_strike()));
    if full {
        for &e in &enemies {
            fight.free.push((e, who));
        }
    }
    spend(state, who, false, true, false);
    if full {
        let names: Vec<String> = enemies.iter().map(|&e| state.name_of(e)).collect();
        crate::rules::said::tell(out, || {
            Event::said(
                Mood::Warn,
                if names.is_empty() {
                    format!("{name} withdraws with a full move; no foe is able to strike")
                } else {
                    format!(
                        "{name} withdraws with a full move: {} may strike {name} at once",
                        names.join(", ")
                    )
                },
            )
        });
    } else {
        crate::rules::said::tell(out, || {
            Event::said(Mood::Plain, format!("{name} withdraws with a half move"))
        });
    }
    Ok(())
}

/// K13: any other action (aid, use an item...) in phase 3.
pub fn act(
    state: &mut State,
    who: u32,
    what: &str,
    force: bool,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let what = crate::rules::text::checked(
        crate::rules::text::TextKind::Action,
        what,
        "say what the action is",
    )?;
    may(state, who, CombatPhase::Move, true, false, force)?;
    spend(state, who, true, false, false);
    crate::rules::said::tell(out, || {
        Event::said(Mood::Plain, format!("{}: {what}", state.name_of(who)))
    });
    Ok(())
}

/// K24: aid stops a critical character's dying clock (an action in a fight, part of a turn
/// outside one).
pub fn aid(
    state: &mut State,
    who: u32,
    target: u32,
    force: bool,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    may(state, who, CombatPhase::Move, true, false, force)?;
    let t = state.character(target)?;
    if t.critical.is_none() {
        return Err(RuleError::invalid(format!("{} is not critical", t.name)));
    }
    spend(state, who, true, false, false);
    let name = state.name_of(who);
    let t = state.character_mut(target)?;
    if let Some(c) = t.critical.as_mut() {
        c.aided = true;
    }
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Mended,
            format!(
                "{name} aids {}: the dying clock stops; a short rest will stabilize them",
                t.name
            ),
        )
    });
    Ok(())
}

/// K18: flight takes the action and the move in phase 3, and a DEX save.
pub fn flee(
    state: &mut State,
    who: u32,
    force: bool,
    dice: &mut dyn DiceSource,
) -> Result<(), RuleError> {
    may(state, who, CombatPhase::Move, true, true, force)?;
    saves::ask_save(state, who, Ability::Dex, "to flee", Then::Flee, dice)
}

pub fn flee_result(
    state: &mut State,
    who: u32,
    pass: bool,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    spend(state, who, true, true, false);
    let name = state.name_of(who);
    if pass {
        state.character_mut(who)?.fled = true;
        if let Some(f) = state.fight.as_mut() {
            f.disengage(who);
        }
        crate::rules::said::tell(out, || {
            Event::said(
                Mood::Good,
                format!("{name} flees to safety and is out of the fight"),
            )
        });
        morale::casualty(state, out);
    } else {
        crate::rules::said::tell(out, || {
            Event::said(
                Mood::Bad,
                format!("{name} fails to get away: action and move are spent"),
            )
        });
    }
    Ok(())
}

/// K18: food for unintelligent pursuers, 100 coins for intelligent ones; the chase ends.
pub fn distract(
    state: &mut State,
    who: u32,
    pursuers: &[u32],
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if pursuers.is_empty() {
        return Err(RuleError::invalid("name the pursuers to distract"));
    }
    let mut rations = 0u32;
    let mut coins = 0u32;
    for &p in pursuers {
        if state.character(p)?.intelligent {
            coins += 100;
        } else {
            rations += 1;
        }
    }
    let c = state.character(who)?;
    if c.rations() < rations || c.coins < coins {
        return Err(RuleError::invalid(format!(
            "{} needs {rations} rations and {coins} coins to drop, and has {} and {}",
            c.name,
            c.rations(),
            c.coins
        )));
    }
    for _ in 0..rations {
        super::load::eat(state, who)?;
    }
    let c = state.character_mut(who)?;
    c.coins -= coins;
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Good,
            format!(
                "{} drops {rations} rations and {coins} coins: the pursuit ends",
                c.name
            ),
        )
    });
    Ok(())
}
