//! Alternating side initiative (R33-R35) with its timing (R36): starting a fight, picking
//! actors, setup and interrupts, ending turns and rounds, ending the fight.
//!
//! Those the fight was started with take part (everyone, for a fight of an older file); the
//! rest stand aside and take no turn, and anyone added during the fight joins. A character can act when they are awake, alive, have not
//! taken a turn this round, and are not on a side surprised in round 1 (R34). The side holding
//! initiative picks who goes; when it has nobody left who can act, the other side keeps it
//! (R33).

use super::Event;
use super::exploration::{self, Spent};
use super::model::*;
use super::ticks;
use crate::dice::DiceSource;
use crate::rules::RuleError;

fn fight(state: &State) -> Result<&Combat, RuleError> {
    state
        .combat
        .as_ref()
        .ok_or_else(|| RuleError::invalid("no fight is under way: start one first"))
}

fn fight_mut(state: &mut State) -> Result<&mut Combat, RuleError> {
    state
        .combat
        .as_mut()
        .ok_or_else(|| RuleError::invalid("no fight is under way: start one first"))
}

/// Why this character cannot take a turn now, or None when they can (R33, R34).
pub fn cannot_act(c: &Character, combat: &Combat) -> Option<String> {
    if c.status.dead {
        Some(format!("{} is dead", c.name))
    } else if combat.aside.contains(&c.id) {
        Some(format!("{} is not in this fight", c.name))
    } else if c.status.unconscious {
        Some(format!("{} is unconscious and is skipped", c.name))
    } else if combat.acted.contains(&c.id) {
        Some(format!("{} has already taken a turn this round", c.name))
    } else if combat.round == 1 && combat.surprised == Some(c.side) {
        Some(format!(
            "{} is surprised and takes no turn in round 1",
            c.name
        ))
    } else {
        None
    }
}

/// Who on `side` can still take a turn this round.
pub fn able(state: &State, side: Side) -> Vec<CharId> {
    let Some(combat) = &state.combat else {
        return Vec::new();
    };
    state
        .characters
        .iter()
        .filter(|c| c.side == side && cannot_act(c, combat).is_none())
        .map(|c| c.id)
        .collect()
}

/// Where a fight stands, for the strip, the status line and the keys the screen offers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stage {
    NoFight,
    /// No turn under way: the side holding initiative picks who goes.
    Pick,
    /// Nobody at all can act: ending the turn lets the round pass.
    Stuck,
    /// A turn under way, no setup yet.
    Acting {
        actor: CharId,
    },
    /// The actor has set up and nobody has interrupted yet.
    SetUp {
        actor: CharId,
    },
    /// Someone interrupts; the judge rules once they have acted.
    Interrupting {
        actor: CharId,
        by: CharId,
    },
    /// The interruption failed and the actor finishes the turn.
    Finishing {
        actor: CharId,
        by: CharId,
    },
}

pub fn stage(state: &State) -> Stage {
    let Some(combat) = &state.combat else {
        return Stage::NoFight;
    };
    match &combat.turn {
        None => {
            if able_now(state, combat).is_empty() {
                Stage::Stuck
            } else {
                Stage::Pick
            }
        }
        Some(t) => match (t.setup.is_some(), t.interrupter, t.interrupt_failed) {
            (_, Some(by), false) => Stage::Interrupting { actor: t.actor, by },
            (_, Some(by), true) => Stage::Finishing { actor: t.actor, by },
            (true, None, _) => Stage::SetUp { actor: t.actor },
            (false, None, _) => Stage::Acting { actor: t.actor },
        },
    }
}

/// Who can start a turn right now: the side holding initiative, or the other side when the
/// holder has nobody left (R33).
pub fn able_now(state: &State, combat: &Combat) -> Vec<CharId> {
    let holding = able(state, combat.initiative);
    if holding.is_empty() {
        able(state, combat.initiative.other())
    } else {
        holding
    }
}

fn names(state: &State, ids: &[CharId]) -> String {
    let names: Vec<String> = ids.iter().map(|&id| state.name_of(id)).collect();
    names.join(", ")
}

/// Starts a fight (R33) with `fighters` (None: everyone on the roster): the initiating side
/// holds initiative first; a surprised side takes no turn in round 1 (R34).
pub fn start(
    state: &mut State,
    initiator: Side,
    surprised: Option<Side>,
    fighters: Option<&[CharId]>,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if let Some(c) = &state.combat {
        return Err(RuleError::invalid(format!(
            "a fight is already under way (round {})",
            c.round
        )));
    }
    if surprised == Some(initiator) {
        return Err(RuleError::invalid(format!(
            "the {initiator} start the fight, so they cannot be the side taken by surprise"
        )));
    }
    if let Some(ids) = fighters {
        for &id in ids {
            state.character(id)?;
        }
    }
    let fights = |id: CharId| fighters.is_none_or(|ids| ids.contains(&id));
    for side in [Side::Players, Side::Opponents] {
        if !state
            .characters
            .iter()
            .any(|c| c.side == side && !c.status.dead && fights(c.id))
        {
            return Err(RuleError::invalid(if fighters.is_some() {
                format!(
                    "none of the living {side} is in the fight: tick or name one of them (a \
                     creature the players have not seen joins only when named)"
                )
            } else {
                format!("there are no living {side} on the roster to fight")
            }));
        }
    }
    let aside = state
        .characters
        .iter()
        .filter(|c| !fights(c.id))
        .map(|c| c.id)
        .collect();
    state.combat = Some(Combat {
        round: 1,
        initiative: initiator,
        acted: Vec::new(),
        surprised,
        last_turn: None,
        turn: None,
        initiator,
        aside,
    });
    let (side, why) = if !able(state, initiator).is_empty() {
        (initiator, format!("the {initiator} started the fight"))
    } else if !able(state, initiator.other()).is_empty() {
        (
            initiator.other(),
            format!("the {initiator} started the fight but none of them can act"),
        )
    } else {
        return Err(RuleError::invalid(
            "nobody on either side can act in round 1, so there is no fight to run",
        ));
    };
    fight_mut(state)?.initiative = side;
    // A slot already alight when round 1 begins burns that whole round (R25): at its end it has
    // burned a full round, like one alight when any later round begins.
    for c in &mut state.characters {
        for slot in &mut c.slots {
            if slot.marks.has(Condition::F) {
                slot.burning = slot.burning.max(1);
            }
        }
    }
    crate::rules::said::tell(out, || Event::CombatStarted {
        initiator,
        surprised,
    });
    round_started(state, 1, side, out);
    initiative_to(state, side, why, out);
    Ok(())
}

/// Someone the fight left aside joins it (R33): they take turns from now on, like anyone added
/// during the fight.
pub fn join(state: &mut State, who: CharId, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let c = state.character(who)?;
    if c.status.dead {
        return Err(RuleError::invalid(format!("{} is dead", c.name)));
    }
    let name = c.name.clone();
    let combat = fight_mut(state)?;
    if !combat.aside.contains(&who) {
        return Err(RuleError::invalid(format!(
            "{name} is in the fight already"
        )));
    }
    combat.aside.retain(|&id| id != who);
    crate::rules::said::tell(out, || {
        Event::Told(
            crate::rules::Line::new()
                .name(who, name)
                .plain(" joins the fight"),
        )
    });
    Ok(())
}

/// A character of the side holding initiative takes their turn (R33). Their open wounds bleed
/// as it starts (R22, R36).
pub fn start_turn(state: &mut State, who: CharId, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let combat = fight(state)?;
    if let Some(t) = &combat.turn {
        return Err(RuleError::invalid(format!(
            "{}'s turn is still under way: end it first",
            state.name_of(t.actor)
        )));
    }
    let c = state.character(who)?;
    if let Some(why) = cannot_act(c, combat) {
        return Err(RuleError::invalid(why));
    }
    let holding = combat.initiative;
    if c.side != holding {
        let waiting = able(state, holding);
        if !waiting.is_empty() {
            return Err(RuleError::invalid(format!(
                "the {holding} hold initiative: pick one of {}",
                names(state, &waiting)
            )));
        }
        // R33: the holding side has nobody left, so the other side keeps initiative.
        let side = c.side;
        fight_mut(state)?.initiative = side;
        let why = format!("the {holding} have no one left who can act this round");
        initiative_to(state, side, why, out);
    }
    fight_mut(state)?.turn = Some(Turn {
        actor: who,
        setup: None,
        interrupter: None,
        interrupt_failed: false,
    });
    // R17: a parry's counterattack comes at once, in the turn of the blow it stopped; a new
    // turn closes one not taken, so `K` never offers it later.
    state.recent.counter = None;
    crate::rules::said::tell(out, || Event::TurnStarted {
        who: state.name_of(who),
        id: who,
    });
    ticks::start_of_turn(state, who, out)?;
    if state.character(who)?.status.dead {
        crate::rules::said::tell(out, || {
            Event::Note(format!(
                "{} dies before acting; the turn passes",
                state.name_of(who)
            ))
        });
        return close_turn(state, out);
    }
    Ok(())
}

/// R13: `who` aimed as this turn's setup. A turn has one setup, so an aim leaves no move; what
/// the judge types for it starts with "aim" (the screen's setup key types just that).
pub fn aimed_this_turn(state: &State, who: CharId) -> bool {
    fight(state)
        .ok()
        .and_then(|f| f.turn.as_ref())
        .is_some_and(|t| {
            t.actor == who
                && t.setup
                    .as_deref()
                    .is_some_and(|s| s.trim().to_ascii_lowercase().starts_with("aim"))
        })
}

/// The actor announces a setup (R35), which opens the window for one interruption.
pub fn setup(state: &mut State, what: &str, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let what = &crate::rules::text::checked(
        crate::rules::text::TextKind::Action,
        what,
        "say what the setup is (move, stand up, draw, aim...)",
    )?;
    let turn = current_turn(state)?;
    let actor = state.character(turn.actor)?;
    if turn.setup.is_some() {
        return Err(RuleError::invalid(format!(
            "{} has already set up this turn; a turn has at most one setup",
            actor.name
        )));
    }
    let (name, other) = (actor.name.clone(), actor.side.other());
    let can_interrupt = able(state, other);
    let window = if can_interrupt.is_empty() {
        crate::rules::said::words!("none of the {other} can interrupt")
    } else {
        crate::rules::said::words!("{} may interrupt", names(state, &can_interrupt))
    };
    if let Some(t) = fight_mut(state)?.turn.as_mut() {
        t.setup = Some(what.to_string());
    }
    crate::rules::said::tell(out, || {
        Event::Note(format!("{name} sets up: {what}; {window}"))
    });
    Ok(())
}

fn current_turn(state: &State) -> Result<Turn, RuleError> {
    fight(state)?
        .turn
        .clone()
        .ok_or_else(|| RuleError::invalid("no turn is under way"))
}

/// One character of the other side who has not acted interrupts the setup by taking their turn
/// at once, action only (R35). Their open wounds bleed as it starts (R22).
pub fn interrupt(state: &mut State, who: CharId, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let turn = current_turn(state)?;
    let actor = state.character(turn.actor)?;
    if let Some(i) = turn.interrupter {
        return Err(RuleError::invalid(format!(
            "{} has already been interrupted this turn, by {}",
            actor.name,
            state.name_of(i)
        )));
    }
    if turn.setup.is_none() {
        return Err(RuleError::invalid(format!(
            "{} has not set up this turn: only a setup can be interrupted",
            actor.name
        )));
    }
    let c = state.character(who)?;
    if c.side == actor.side {
        return Err(RuleError::invalid(format!(
            "{} is on {}'s side; only the other side can interrupt",
            c.name, actor.name
        )));
    }
    if let Some(why) = cannot_act(c, fight(state)?) {
        return Err(RuleError::invalid(why));
    }
    let (actor_name, name) = (actor.name.clone(), c.name.clone());
    if let Some(t) = fight_mut(state)?.turn.as_mut() {
        t.interrupter = Some(who);
    }
    crate::rules::said::tell(out, || Event::TurnStarted {
        who: name.clone(),
        id: who,
    });
    crate::rules::said::tell(out, || {
        Event::Note(format!(
            "{name} interrupts {actor_name}: one action, no setup"
        ))
    });
    ticks::start_of_turn(state, who, out)?;
    if state.character(who)?.status.dead {
        crate::rules::said::tell(out, || {
            Event::Note(format!(
                "{name} dies before acting, so the interruption fails"
            ))
        });
        return interrupt_result(state, false, out);
    }
    Ok(())
}

/// The judge rules the interruption (R35). Stopped: both turns end and initiative goes back to
/// the actor's side. Failed: the interrupter's turn ends, the actor finishes, and initiative
/// then goes to the interrupter's side.
pub fn interrupt_result(
    state: &mut State,
    stopped: bool,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let turn = current_turn(state)?;
    let interrupter = match turn.interrupter {
        Some(i) if !turn.interrupt_failed => i,
        _ => {
            return Err(RuleError::invalid(format!(
                "nobody is interrupting {} right now",
                state.name_of(turn.actor)
            )));
        }
    };
    finish_one(state, interrupter, out)?;
    let (actor, inter) = (state.name_of(turn.actor), state.name_of(interrupter));
    if stopped {
        crate::rules::said::tell(out, || {
            Event::Note(format!(
                "{inter}'s interruption stopped {actor}: both turns end"
            ))
        });
        finish_one(state, turn.actor, out)?;
        let side = state.character(turn.actor)?.side;
        let combat = fight_mut(state)?;
        combat.turn = None;
        combat.last_turn = Some(side);
        pass_initiative(
            state,
            side,
            format!("{inter}'s interruption stopped {actor}, so it goes back to their side"),
            out,
        )
    } else {
        if let Some(t) = fight_mut(state)?.turn.as_mut() {
            t.interrupt_failed = true;
        }
        crate::rules::said::tell(out, || {
            Event::Note(format!(
                "{inter}'s interruption failed: {actor} finishes the turn"
            ))
        });
        Ok(())
    }
}

/// Marks a character's turn as taken and ends a cringe that ran for it (R8, R36).
fn finish_one(state: &mut State, who: CharId, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let combat = fight_mut(state)?;
    if !combat.acted.contains(&who) {
        combat.acted.push(who);
    }
    crate::rules::said::tell(out, || Event::TurnEnded {
        who: state.name_of(who),
        id: who,
    });
    ticks::end_cringe(state, who, out)
}

/// Ends the turn under way and hands initiative on (R33, R35). With no turn under way and
/// nobody able to act, it lets the round pass so its end effects still run.
pub fn end_turn(state: &mut State, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let combat = fight(state)?;
    let Some(turn) = &combat.turn else {
        let holding = combat.initiative;
        let waiting = able(state, holding);
        let other = able(state, holding.other());
        if !waiting.is_empty() || !other.is_empty() {
            let who = if waiting.is_empty() { other } else { waiting };
            return Err(RuleError::invalid(format!(
                "no turn is under way: start one ({} can act)",
                names(state, &who)
            )));
        }
        crate::rules::said::tell(out, || {
            Event::Note("Nobody can act, so the round passes".to_string())
        });
        return end_round(state, out);
    };
    if let Some(i) = turn.interrupter
        && !turn.interrupt_failed
    {
        return Err(RuleError::invalid(format!(
            "first rule whether {}'s interruption stopped {}",
            state.name_of(i),
            state.name_of(turn.actor)
        )));
    }
    close_turn(state, out)
}

/// Ends the actor's turn: they have acted, their cringe may end, and initiative passes.
fn close_turn(state: &mut State, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let turn = current_turn(state)?;
    finish_one(state, turn.actor, out)?;
    let side = state.character(turn.actor)?.side;
    let combat = fight_mut(state)?;
    combat.turn = None;
    combat.last_turn = Some(side);
    let why = match turn.interrupter.filter(|_| turn.interrupt_failed) {
        Some(i) => format!(
            "{}'s interruption failed, so it goes to their side",
            state.name_of(i)
        ),
        None => "initiative alternates".to_string(),
    };
    pass_initiative(state, side.other(), why, out)
}

/// Gives initiative to `side`, or keeps it with the other side when `side` has nobody left who
/// can act (R33); when nobody at all can act, the round ends.
fn pass_initiative(
    state: &mut State,
    side: Side,
    why: String,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let (to, why) = if !able(state, side).is_empty() {
        (side, why)
    } else if !able(state, side.other()).is_empty() {
        (
            side.other(),
            format!("the {side} have no one left who can act this round"),
        )
    } else {
        return end_round(state, out);
    };
    fight_mut(state)?.initiative = to;
    initiative_to(state, to, why, out);
    Ok(())
}

/// Initiative goes to `side` (R33); the strip shows why until it moves again.
fn initiative_to(state: &mut State, side: Side, why: String, out: &mut Vec<Event>) {
    state.recent.initiative_why = Some(why.clone());
    crate::rules::said::tell(out, || Event::InitiativeTo { side, why });
}

/// A round opens (R33): a counterattack still open from the last one is gone.
fn round_started(state: &mut State, round: u32, initiative: Side, out: &mut Vec<Event>) {
    state.recent.counter = None;
    crate::rules::said::tell(out, || Event::RoundStarted { round, initiative });
}

/// Ends the round: its end effects (R36), then the next round opens with the side that did not
/// take the last turn (R33).
fn end_round(state: &mut State, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let combat = fight(state)?;
    let (round, had_turn) = (combat.round, combat.acted.clone());
    crate::rules::said::tell(out, || Event::Note(format!("Round {round} ends")));
    ticks::end_of_round(state, &had_turn, out)?;
    let combat = fight_mut(state)?;
    combat.round = round.saturating_add(1);
    combat.acted.clear();
    combat.turn = None;
    let opener = combat.last_turn.map_or(combat.initiator, Side::other);
    let next = round.saturating_add(1);
    let (side, why) = if !able(state, opener).is_empty() {
        (
            opener,
            format!("the {} took the last turn of round {round}", opener.other()),
        )
    } else if !able(state, opener.other()).is_empty() {
        (
            opener.other(),
            format!("none of the {opener} can act this round"),
        )
    } else {
        (opener, "nobody can act".to_string())
    };
    fight_mut(state)?.initiative = side;
    round_started(state, next, side, out);
    initiative_to(state, side, why, out);
    if able(state, side).is_empty() {
        crate::rules::said::tell(out, || {
            Event::for_the_judge(
                "Nobody can act this round: end the fight, or end the turn to let the round pass"
                    .to_string(),
            )
        });
    }
    Ok(())
}

/// Ends the fight. The fight took a try (R31): the clock moves on, the try's effects run (not
/// bleeding, which ticked turn by turn) and one encounter die is rolled with the senses the
/// fight alerted (R30).
pub fn end(
    state: &mut State,
    senses: &[Sense],
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let combat = fight(state)?.clone();
    if let Some(t) = &combat.turn {
        crate::rules::said::tell(out, || {
            Event::Note(format!(
                "{}'s turn is cut short by the end of the fight",
                state.name_of(t.actor)
            ))
        });
    }
    state.combat = None;
    // A cringe lasts at most a round, and the fight's round is over.
    for c in &mut state.characters {
        if matches!(c.status.cringe, Cringe::UntilTurnEnds { .. }) {
            c.status.cringe = Cringe::None;
            crate::rules::said::tell(out, || Event::StatusChanged {
                who: c.name.clone(),
                id: c.id,
                flag: super::StatusFlag::Cringe,
                on: false,
                cause: "the fight is over".to_string(),
            });
        }
    }
    // A round that began but in which nobody acted (the fight ended at its start) is not one
    // the fight lasted.
    let idle = combat.acted.is_empty() && combat.turn.is_none();
    state.recent.initiative_why = None;
    state.recent.counter = None;
    crate::rules::said::tell(out, || Event::CombatEnded {
        rounds: if idle {
            combat.round.saturating_sub(1)
        } else {
            combat.round
        },
    });
    for c in &state.characters {
        if c.status.dead {
            continue;
        }
        let burning = !c.marked_with(Condition::F).is_empty();
        if burning || c.status.exposure.suffocating {
            crate::rules::said::tell(out, || {
                Event::for_the_judge(format!(
                    "{} is still {}: outside a fight rounds are not counted, so rule on it by hand",
                    c.name,
                    if burning { "burning" } else { "without air" }
                ))
            });
        }
    }
    exploration::spend_trys(state, "the fight", 1, senses, Spent::Fight, dice, out)
}
