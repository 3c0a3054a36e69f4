//! Action points (A15-A20): the pool and its max, spending or refusing, the judge's grants,
//! Move and the spaces it buys, Gain Advantage's bank, and held actions that fire on the judge's
//! word.

use super::checks;
use super::command::{Action, Against, Event, Mood};
use super::model::{Attr, Held, Mark};
use super::state::State;
use crate::dice::DiceSource;
use crate::rules::RuleError;
use crate::rules::line::{Line, Num};

/// A16: the cost the product proposes for an action described as taking `seconds`.
pub fn cost_for(seconds: u32) -> u8 {
    seconds.div_ceil(3).clamp(1, 20) as u8
}

/// A18: the spaces one Move buys (hamstrung: 1; unable to act: 0).
pub fn spaces(state: &State, who: u32) -> u16 {
    match state.character(who) {
        Ok(c) if c.cannot_act() => 0,
        Ok(c) if c.has(Mark::Hamstrung) => 1,
        Ok(c) => u16::from(c.attr(Attr::Dex).cur.div_ceil(2)),
        Err(_) => 0,
    }
}

/// A16, A36: spends `cost` AP in a fight; refuses a cost above the pool and any spending by a
/// creature that cannot act. Outside a fight AP are not counted.
pub fn spend(
    state: &mut State,
    who: u32,
    cost: u8,
    what: &str,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if cost == 0 || !state.fighting(who) {
        return Ok(());
    }
    let c = state.living_mut(who)?;
    if c.cannot_act() {
        return Err(RuleError::invalid(format!(
            "{} cannot act: out of action, paralysed or delirious",
            c.name
        )));
    }
    if cost > c.ap {
        return Err(RuleError::invalid(format!(
            "{} has {} AP and {what} costs {cost}; the judge may grant AP first",
            c.name, c.ap
        )));
    }
    c.ap -= cost;
    // What an action costs is the book's; what is left is the spender's own number.
    crate::rules::said::tell(out, || {
        Event::line(
            Mood::Plain,
            Line::new()
                .plain(crate::rules::said::words!(
                    "{} spends {cost} AP ({what})",
                    c.name
                ))
                .of(
                    who,
                    Line::new().plain(": ").number(
                        who,
                        Num::Score,
                        crate::rules::said::words!("{} left", c.ap),
                    ),
                    "",
                ),
        )
    });
    Ok(())
}

pub fn grant(state: &mut State, who: u32, n: i8, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let c = state.living_mut(who)?;
    let ap = (i16::from(c.ap) + i16::from(n)).clamp(0, 20) as u8;
    c.ap = ap;
    crate::rules::said::tell(out, || {
        Event::line(
            Mood::Ruling,
            Line::new().ruling(
                Line::from(crate::rules::said::words!(
                    "The judge sets {}'s AP to {ap}",
                    c.name
                )),
                Line::edited(who, &c.name, "AP", Num::Score, ap.to_string()),
            ),
        )
    });
    Ok(())
}

/// A18: Move costs 1 AP and adds its spaces to the turn's allowance.
pub fn move_(state: &mut State, who: u32, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let n = spaces(state, who);
    spend(state, who, 1, "Move", out)?;
    let c = state.living_mut(who)?;
    c.moves = c.moves.saturating_add(n);
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Plain,
            format!("{} moves: {} spaces to use this turn", c.name, c.moves),
        )
    });
    Ok(())
}

/// A18: spaces used from the allowance, as the judge reports them.
pub fn walk(
    state: &mut State,
    who: u32,
    spaces: u16,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.living_mut(who)?;
    if spaces > c.moves {
        return Err(RuleError::invalid(format!(
            "{} has {} spaces left this turn: Move buys more",
            c.name, c.moves
        )));
    }
    c.moves -= spaces;
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Plain,
            format!("{} goes {spaces} spaces, {} left", c.name, c.moves),
        )
    });
    Ok(())
}

/// A19: Gain Advantage banks +1 for the base die of the next roll.
pub fn gain(state: &mut State, who: u32, out: &mut Vec<Event>) -> Result<(), RuleError> {
    spend(state, who, 1, "Gain Advantage", out)?;
    let c = state.living_mut(who)?;
    c.bank = c.bank.saturating_add(1);
    crate::rules::said::tell(out, || {
        Event::line(
            Mood::Good,
            Line::new()
                .plain(crate::rules::said::words!("{} banks advantage", c.name))
                .of(
                    who,
                    Line::new()
                        .plain(": ")
                        .number(
                            who,
                            Num::Modifier,
                            crate::rules::said::words!("+{}", c.bank),
                        )
                        .plain(" on the next roll"),
                    "",
                ),
        )
    });
    Ok(())
}

/// A20: a held action, paid when declared.
pub fn hold(
    state: &mut State,
    who: u32,
    held: &Held,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let trigger = crate::rules::text::checked(
        crate::rules::text::TextKind::Action,
        &held.trigger,
        "say what sets it off",
    )?;
    spend(state, who, held.cost, "a held action", out)?;
    let c = state.living_mut(who)?;
    c.held = Some(Held {
        trigger: trigger.clone(),
        ..held.clone()
    });
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Plain,
            format!("{} holds an action until {trigger}", c.name),
        )
    });
    Ok(())
}

/// A20: the judge fires a held action: it rolls with its stored settings (its AP were paid);
/// a held dodge or parry becomes the edge of the save that follows.
pub fn fire(
    state: &mut State,
    who: u32,
    against: &Against,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.living_mut(who)?;
    let Some(h) = c.held.take() else {
        return Err(RuleError::invalid(format!("{} holds no action", c.name)));
    };
    if h.defence {
        c.preset = Some(h.edge);
        crate::rules::said::tell(out, || {
            Event::said(
                Mood::Plain,
                format!(
                    "{}'s held defence fires: its next save has {:+} on the d20",
                    c.name, h.edge
                ),
            )
        });
        return Ok(());
    }
    let name = c.name.clone();
    let mut a = Action::new(who, h.attr, against.clone(), "a held action");
    a.objects = h.objects.clone();
    a.edge = h.edge;
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Plain,
            format!("{name}'s held action fires: {}", h.trigger),
        )
    });
    checks::action(state, &a, h.attack, dice, out)
}
