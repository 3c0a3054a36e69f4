//! The judge's side of a roll (R6, R12) and of every decision the rules leave open: picking a die,
//! swapping group dice, overriding a verdict, accepting, answering with a slot, cancelling.

use super::Event;
use super::model::*;
use crate::dice::DiceSource;
use crate::rules::RuleError;

const TODO: &str = "this command is not available yet";

/// One line saying what waits for the judge and what is proposed.
pub fn describe(state: &State, pending: &Pending) -> String {
    match pending {
        Pending::Roll(r) => format!("a roll by {}", state.name_of(r.roller)),
        Pending::Group(_) => "a group check".to_string(),
        Pending::Decide(_) => "a decision".to_string(),
    }
}

pub fn pick(_s: &mut State, _die: usize, _o: &mut Vec<Event>) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn swap_dice(
    _s: &mut State,
    _a: CharId,
    _b: CharId,
    _o: &mut Vec<Event>,
) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn override_verdict(_s: &mut State, _v: Verdict, _o: &mut Vec<Event>) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn accept(
    _s: &mut State,
    _d: &mut dyn DiceSource,
    _o: &mut Vec<Event>,
) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn choose_slot(
    _s: &mut State,
    _slot: SlotNo,
    _d: &mut dyn DiceSource,
    _o: &mut Vec<Event>,
) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn rule_blocks(
    _s: &mut State,
    _blocks: bool,
    _d: &mut dyn DiceSource,
    _o: &mut Vec<Event>,
) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn cancel(_s: &mut State, _o: &mut Vec<Event>) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
