//! The round (K12-K18, K29): each round's DEX saves into Early, Middle and Late; the five
//! phases walked group by group; each combatant's action and move; charges, withdrawals,
//! flight and the ammunition roll when the fight ends.

use super::command::{Event, Mood};
use super::model::{Ability, Ends, Kind, MarkKind, Side};
use super::state::{Band, CombatPhase, Fight, Fighter, State, Then};
use super::{morale, saves};
use crate::dice::{DiceSource, Edge};
use crate::rules::RuleError;
use crate::rules::line::{Line, Num};

/// Refuses, in the words of `refusal`, what only happens outside a fight (a fight, a rest, a
/// watch).
pub(super) fn outside_fight(state: &State, refusal: &str) -> Result<(), RuleError> {
    if state.fight.is_some() {
        return Err(RuleError::invalid(refusal));
    }
    Ok(())
}

/// K12, K14: starts a fight with `who` (everyone standing when empty); `paced`: at the table's
/// pace (see [`onward`]).
pub fn start(
    state: &mut State,
    who: &[u32],
    surprised: Option<Side>,
    paced: bool,
    force: bool,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    outside_fight(state, "a fight is already under way")?;
    if surprised == Some(Side::Enemies) && state.world.unsurprisable && !force {
        return Err(RuleError::invalid(
            "those behind the door heard it forced: they cannot be surprised",
        ));
    }
    let ids: Vec<u32> = if who.is_empty() {
        state
            .characters
            .iter()
            .filter(|c| c.skipped().is_none() && c.kind != Kind::Animal)
            .map(|c| c.id)
            .collect()
    } else {
        for (i, id) in who.iter().enumerate() {
            if who[..i].contains(id) {
                return Err(RuleError::invalid(format!(
                    "{} is named twice",
                    state.name_of(*id)
                )));
            }
            state.character(*id)?;
        }
        who.to_vec()
    };
    if ids.is_empty() {
        return Err(RuleError::invalid("a fight needs someone in it"));
    }
    state.world.unsurprisable = false;
    let tallies = morale::tallies(state, &ids);
    state.fight = Some(Fight {
        round: 1,
        phase: CombatPhase::Cast,
        band: Band::Early,
        surprised,
        fighters: ids
            .iter()
            .map(|&id| Fighter {
                id,
                band: None,
                note: String::new(),
                acted: false,
                moved: false,
                loosed: false,
            })
            .collect(),
        engaged: Vec::new(),
        tallies,
        loosed: Vec::new(),
        free: Vec::new(),
        paced,
    });
    if let Some(side) = surprised {
        crate::rules::said::tell(out, || {
            Event::said(
                Mood::Warn,
                format!(
                    "{} are surprised: they act in no phase of round 1",
                    side.word()
                ),
            )
        });
    }
    initiative(state, dice, out)
}

/// K14: the round's groups, then its first stop: the first group of phase 1, or at the table's
/// pace the first group with someone to act.
fn initiative(
    state: &mut State,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    groups(state, dice, out)?;
    let fight = state.fight.as_mut().ok_or_else(crate::rules::no_fight)?;
    if fight.paced {
        return onward(state, true, dice, out);
    }
    let round = fight.round;
    fight.band = first_band(fight, CombatPhase::Cast).unwrap_or(Band::Early);
    let label = fight.label();
    crate::rules::said::tell(out, || Event::PhaseTo { round, label });
    Ok(())
}

/// K14: each able party combatant's DEX save, enemies Middle, Haste and Slow first; the round
/// stands at phase 1's Early group.
fn groups(
    state: &mut State,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let fight = state.fight.as_ref().ok_or_else(crate::rules::no_fight)?;
    let (round, surprised) = (fight.round, fight.surprised);
    let ids: Vec<u32> = fight.fighters.iter().map(|f| f.id).collect();
    let mut placing = Vec::new();
    for id in ids {
        let (band, note) = band_of(state, id, round, surprised, dice)?;
        placing.push((id, band, note));
    }
    let mut order = Vec::new();
    let mut placed = Vec::new();
    let fight = state.fight.as_mut().ok_or_else(crate::rules::no_fight)?;
    for (id, band, note) in std::mem::take(&mut placing) {
        if let Some(f) = fight.fighter_mut(id) {
            f.band = band;
            f.note = note.clone();
            f.acted = false;
            f.moved = false;
            f.loosed = false;
        }
        // The order in words is only for the event.
        if crate::rules::said::is_quiet() {
            continue;
        }
        let name = state
            .characters
            .iter()
            .find(|c| c.id == id)
            .map_or_else(|| format!("#{id}"), |c| c.name.clone());
        let word = band.map_or("acts in no phase", Band::word);
        order.push(format!("{name} {word} ({note})"));
        placed.push((id, name, word.to_string(), note));
    }
    fight.phase = CombatPhase::Cast;
    fight.band = Band::Early;
    crate::rules::said::tell(out, || Event::Initiative {
        round,
        order,
        placed,
    });
    Ok(())
}

/// K14: one who comes into the fight under way takes the group the round's start would have
/// given it (enemies Middle with no roll, the party by a DEX save) and acts in the phases still
/// to come. Decision: 002 says nothing of late arrivals; this is the reading of K14 that makes
/// them wait for nothing.
pub fn join(
    state: &mut State,
    who: u32,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let name = state.name_of(who);
    let fight = state.fight.as_ref().ok_or_else(crate::rules::no_fight)?;
    if fight.fighter(who).is_some() {
        return Err(RuleError::invalid(format!(
            "{name} is in the fight already"
        )));
    }
    let (round, surprised) = (fight.round, fight.surprised);
    let (band, note) = band_of(state, who, round, surprised, dice)?;
    let fight = state.fight.as_mut().ok_or_else(crate::rules::no_fight)?;
    fight.fighters.push(Fighter {
        id: who,
        band,
        note: note.clone(),
        acted: false,
        moved: false,
        loosed: false,
    });
    let place = band.map_or("acts in no phase this round".to_string(), |b| {
        format!("acts with the {} group", b.word())
    });
    // How the newcomer was placed (a save's face and target) is its own numbers.
    crate::rules::said::tell(out, || {
        Event::line(
            Mood::Warn,
            Line::new()
                .name(who, name)
                .plain(crate::rules::said::words!(" joins the fight: {place}"))
                .of(
                    who,
                    Line::new()
                        .plain(" (")
                        .number(who, Num::Target, note)
                        .plain(")"),
                    "",
                ),
        )
    });
    Ok(())
}

/// K14: the group one combatant acts with this round, and why.
fn band_of(
    state: &mut State,
    id: u32,
    round: u32,
    surprised: Option<Side>,
    dice: &mut dyn DiceSource,
) -> Result<(Option<Band>, String), RuleError> {
    let c = state.character(id)?;
    let hasted = c.has(&MarkKind::Hasted);
    let slowed = c.has(&MarkKind::Slowed);
    Ok(if let Some(why) = c.skipped() {
        (None, why.to_string())
    } else if round == 1 && surprised == Some(c.side) {
        (None, "surprised".to_string())
    } else if hasted && !slowed {
        (Some(Band::Early), "hasted".to_string())
    } else if slowed && !hasted {
        (Some(Band::Late), "slowed".to_string())
    } else if c.critical.is_some() {
        // Decision: a critical character only crawls: Late, no roll.
        (Some(Band::Late), "critical".to_string())
    } else if c.side == Side::Enemies {
        (Some(Band::Middle), "enemies".to_string())
    } else if round == 1 && surprised == Some(Side::Enemies) {
        (Some(Band::Early), "the enemies are surprised".to_string())
    } else {
        let s = saves::roll(
            state,
            id,
            Ability::Dex,
            Edge::NONE,
            "for initiative",
            Then::Nothing,
            dice,
        )?;
        let band = if s.pass { Band::Early } else { Band::Late };
        (
            Some(band),
            format!("DEX save {} against {}", s.roll.face(), s.target),
        )
    })
}

fn first_band(fight: &Fight, _phase: CombatPhase) -> Option<Band> {
    [Band::Early, Band::Middle, Band::Late]
        .into_iter()
        .find(|b| fight.fighters.iter().any(|f| f.band == Some(*b)))
}

/// K30: morale checked at a phase's end; whether a save it asked now waits for the judge, in
/// which case the fight stands at that phase's end until the next step (the save answered).
fn morale_waits(
    state: &mut State,
    dice: &mut dyn DiceSource,
    out: &mut [Event],
) -> Result<bool, RuleError> {
    let before = state.queue.len();
    morale::phase_end(state, dice, out)?;
    Ok(state.queue.len() > before)
}

/// K13, K14: moves on to the next group, phase or round; morale is checked at each phase's end
/// (K30). A caster whose spell waits to land in this group holds the step unless allowed.
pub fn next(
    state: &mut State,
    force: bool,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let fight = state.fight.as_ref().ok_or_else(crate::rules::no_fight)?;
    if fight.phase == CombatPhase::Effect {
        let waiting: Vec<u32> = fight
            .fighters
            .iter()
            .filter(|f| f.band == Some(fight.band))
            .map(|f| f.id)
            .filter(|&id| state.character(id).is_ok_and(|c| c.casting.is_some()))
            .collect();
        if let Some(&id) = waiting.first() {
            if !force {
                return Err(RuleError::invalid(format!(
                    "{}'s spell lands in this group: land it first (or allow the step to drop it)",
                    state.name_of(id)
                )));
            }
            for id in waiting {
                let c = state.character_mut(id)?;
                c.casting = None;
                crate::rules::said::tell(out, || Event::Ruled {
                    what: format!("{}'s spell fizzles unlanded", c.name),
                });
            }
        }
    }
    let fight = state.fight.as_mut().ok_or_else(crate::rules::no_fight)?;
    if fight.paced {
        return onward(state, false, dice, out);
    }
    let later = [Band::Early, Band::Middle, Band::Late]
        .into_iter()
        .filter(|b| *b > fight.band)
        .find(|b| fight.fighters.iter().any(|f| f.band == Some(*b)));
    if let Some(band) = later {
        fight.band = band;
        crate::rules::said::tell(out, || Event::PhaseTo {
            round: fight.round,
            label: fight.label(),
        });
        return Ok(());
    }
    // The phase ends here (K30: morale is checked now). A save it asks is answered before the
    // fight moves on, so no initiative is rolled for a round the foes may have fled.
    if morale_waits(state, dice, out)? {
        return Ok(());
    }
    let fight = state.fight.as_mut().ok_or_else(crate::rules::no_fight)?;
    match fight.phase.next() {
        Some(phase) => {
            fight.phase = phase;
            fight.band = first_band(fight, phase).unwrap_or(Band::Early);
            crate::rules::said::tell(out, || Event::PhaseTo {
                round: fight.round,
                label: fight.label(),
            });
            Ok(())
        }
        None => {
            fight.round += 1;
            initiative(state, dice, out)
        }
    }
}

/// K13, K14 at the table's pace: on from the group acting (or from it, with `here`, when it has
/// someone to act) to the next group that has someone to act ([`has_turn`]), through the
/// phases and into the next round. Each phase where nobody acts passes with a line saying so;
/// morale is checked at each phase's end (K30). Should a whole new round have nobody to act,
/// it stands at its start.
fn onward(
    state: &mut State,
    here: bool,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    // Whether the phase under way was entered by this step (so it passes if nobody acts in it).
    let mut fresh = here && state.fight.as_ref().is_some_and(|f| f.band == Band::Early);
    // From the round's start (`here`), that round is the one to search.
    let mut rounds = u8::from(here);
    let mut here = here;
    loop {
        let fight = state.fight.as_ref().ok_or_else(crate::rules::no_fight)?;
        let (phase, from) = (fight.phase, fight.band);
        let stop = [Band::Early, Band::Middle, Band::Late]
            .into_iter()
            .filter(|b| *b > from || (here && *b == from))
            .find(|b| {
                fight
                    .fighters
                    .iter()
                    .any(|f| f.band == Some(*b) && has_turn(state, f, phase))
            });
        let fight = state.fight.as_mut().ok_or_else(crate::rules::no_fight)?;
        if let Some(band) = stop {
            fight.band = band;
            crate::rules::said::tell(out, || Event::PhaseTo {
                round: fight.round,
                label: fight.label(),
            });
            return Ok(());
        }
        if fresh {
            crate::rules::said::tell(out, || Event::said(Mood::Plain, passed(phase)));
        }
        if morale_waits(state, dice, out)? {
            return Ok(());
        }
        let fight = state.fight.as_mut().ok_or_else(crate::rules::no_fight)?;
        (here, fresh) = (true, true);
        fight.band = Band::Early;
        match phase.next() {
            Some(next) => fight.phase = next,
            None if rounds == 0 => {
                rounds += 1;
                fight.round += 1;
                groups(state, dice, out)?;
            }
            None => {
                fight.phase = CombatPhase::Cast;
                fight.band = first_band(fight, CombatPhase::Cast).unwrap_or(Band::Early);
                crate::rules::said::tell(out, || {
                    Event::said(
                        Mood::Warn,
                        format!("Round {}: nobody in the fight can act", fight.round),
                    )
                });
                crate::rules::said::tell(out, || Event::PhaseTo {
                    round: fight.round,
                    label: fight.label(),
                });
                return Ok(());
            }
        }
    }
}

/// The line for a phase where nobody acts.
fn passed(phase: CombatPhase) -> &'static str {
    match phase {
        CombatPhase::Cast => "Magic (cast): nobody casts; passed",
        CombatPhase::Missile => "Missiles: nobody shoots; passed",
        CombatPhase::Move => "Moves: nobody moves or acts; passed",
        CombatPhase::Melee => "Melee: nobody strikes; passed",
        CombatPhase::Effect => "Magic (effect): no spell lands; passed",
    }
}

/// K13: whether `f` has something left to do in `phase`: a cast for one holding a spell item
/// who may cast (K37); a shot for one holding a missile weapon with ammunition; a move, or an
/// action other than an attack or a spell, in the move phase; a melee attack; a spell to land.
/// Decision: a weapon that is only thrown holds no missile phase (the judge allows a throw).
pub fn has_turn(state: &State, f: &Fighter, phase: CombatPhase) -> bool {
    let Ok(c) = state.character(f.id) else {
        return false;
    };
    if f.band.is_none() || c.skipped().is_some() {
        return false;
    }
    let action = !f.acted && c.critical.is_none();
    match phase {
        CombatPhase::Cast => {
            action
                && c.casting.is_none()
                && !c.spells.is_empty()
                && !c.encumbered()
                && !c.delirious()
                && c.body.hands() >= 2
        }
        CombatPhase::Missile => action && c.weapons.iter().any(|w| w.missile && !w.out_of_ammo),
        CombatPhase::Move => action || (!f.moved && !f.loosed && c.casting.is_none()),
        CombatPhase::Melee => action,
        CombatPhase::Effect => c.casting.is_some(),
    }
}

/// The checks every fight action passes: in the fight, acting in this group, in the right
/// phase, with its budget left (K13). Allowed by the judge, only membership is checked.
pub fn may(
    state: &State,
    who: u32,
    phase: CombatPhase,
    action: bool,
    moving: bool,
    force: bool,
) -> Result<(), RuleError> {
    let Some(fight) = &state.fight else {
        return Ok(());
    };
    let c = state.character(who)?;
    let Some(f) = fight.fighter(who) else {
        return Err(RuleError::invalid(format!(
            "{} is not in the fight",
            c.name
        )));
    };
    if force {
        return Ok(());
    }
    let Some(band) = f.band else {
        return Err(RuleError::invalid(format!(
            "{} acts in no phase this round ({})",
            c.name, f.note
        )));
    };
    if fight.phase != phase {
        return Err(RuleError::invalid(format!(
            "that is done in phase {} ({}), and it is phase {} ({})",
            phase.number(),
            phase.word(),
            fight.phase.number(),
            fight.phase.word()
        )));
    }
    if band != fight.band {
        return Err(RuleError::invalid(format!(
            "{} acts with the {} group, and it is the {} group's turn",
            c.name,
            band.word(),
            fight.band.word()
        )));
    }
    if action && c.critical.is_some() {
        return Err(RuleError::invalid(format!(
            "{} is critical: they can only crawl",
            c.name
        )));
    }
    if action && f.acted {
        return Err(RuleError::invalid(format!(
            "{} has used their action this round",
            c.name
        )));
    }
    if moving {
        if f.moved {
            return Err(RuleError::invalid(format!(
                "{} has moved this round",
                c.name
            )));
        }
        if f.loosed {
            return Err(RuleError::invalid(format!(
                "{} loosed a missile this round and cannot move",
                c.name
            )));
        }
        if c.casting.is_some() {
            return Err(RuleError::invalid(format!(
                "{} is casting and cannot move",
                c.name
            )));
        }
    }
    Ok(())
}

pub(super) fn spend(state: &mut State, who: u32, action: bool, moved: bool, loosed: bool) {
    if let Some(f) = state.fight.as_mut().and_then(|f| f.fighter_mut(who)) {
        f.acted |= action;
        f.moved |= moved;
        f.loosed |= loosed;
    }
}

/// K13, K17: checks and spends an attack's budget: a missile or throw in phase 2, a melee
/// attack in 4, or a free attack a withdrawal gave (no action spent).
pub fn spend_attack(
    state: &mut State,
    by: u32,
    target: u32,
    ranged: bool,
    force: bool,
) -> Result<(), RuleError> {
    if let Some(f) = state.fight.as_mut()
        && !ranged
        && let Some(i) = f.free.iter().position(|&p| p == (by, target))
    {
        f.free.remove(i);
        return Ok(());
    }
    let phase = if ranged {
        CombatPhase::Missile
    } else {
        CombatPhase::Melee
    };
    may(state, by, phase, true, false, force)?;
    spend(state, by, true, false, ranged);
    Ok(())
}

/// K29, K41: the fight ends: a d6 per missile weapon loosed (1-2: out of ammo); Haste and
/// Slow end with it.
pub fn end(
    state: &mut State,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let fight = state.fight.take().ok_or_else(crate::rules::no_fight)?;
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Plain,
            format!(
                "The fight ends after {}",
                crate::rules::said::counted(fight.round, "round", "rounds")
            ),
        )
    });
    for (who, weapon) in &fight.loosed {
        let Ok(c) = state.character(*who) else {
            continue;
        };
        let face = dice.roll(6, &format_args!("{}'s ammunition for the {weapon}", c.name))?;
        let empty = face <= 2;
        let name = c.name.clone();
        crate::rules::said::tell(out, || {
            Event::die(
                name.clone(),
                format!("d6 for the {weapon}'s ammunition"),
                face,
                if empty { "out of ammo" } else { "enough left" },
            )
        });
        if empty {
            let c = state.character_mut(*who)?;
            for w in c.weapons.iter_mut().filter(|w| &w.name == weapon) {
                w.out_of_ammo = true;
            }
        }
    }
    for c in &mut state.characters {
        c.marks.retain(|m| m.ends != Ends::FightEnd);
        c.charged = None;
        c.casting = None;
    }
    Ok(())
}

/// K14: the judge places someone in a group (or in none).
pub fn place(
    state: &mut State,
    who: u32,
    band: Option<Band>,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let name = state.name_of(who);
    let fight = state.fight.as_mut().ok_or_else(crate::rules::no_fight)?;
    let f = fight
        .fighter_mut(who)
        .ok_or_else(|| RuleError::invalid(format!("{name} is not in the fight")))?;
    f.band = band;
    f.note = "the judge".into();
    crate::rules::said::tell(out, || Event::Ruled {
        what: format!(
            "{name} acts {}",
            band.map_or("in no phase this round".to_string(), |b| format!(
                "with the {} group",
                b.word()
            ))
        ),
    });
    Ok(())
}

/// K12: the judge sets who is in melee with whom.
pub fn engage(
    state: &mut State,
    a: u32,
    b: u32,
    on: bool,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let (na, nb) = (
        state.character(a)?.name.clone(),
        state.character(b)?.name.clone(),
    );
    if a == b {
        return Err(RuleError::invalid("a character cannot engage themself"));
    }
    let fight = state.fight.as_mut().ok_or_else(crate::rules::no_fight)?;
    if on {
        fight.engage(a, b);
    } else {
        let pair = (a.min(b), a.max(b));
        fight.engaged.retain(|p| *p != pair);
    }
    crate::rules::said::tell(out, || Event::Ruled {
        what: format!(
            "{na} and {nb} are {}in melee",
            if on { "" } else { "no longer " }
        ),
    });
    Ok(())
}
