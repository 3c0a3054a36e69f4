//! Alternating side initiative (R33-R35): starting a fight, picking actors, setup and interrupts,
//! ending turns and rounds, ending the fight.

use super::Event;
use super::model::*;
use crate::dice::DiceSource;
use crate::rules::RuleError;

const TODO: &str = "this command is not available yet";

pub fn start(
    _s: &mut State,
    _initiator: Side,
    _surprised: Option<Side>,
    _o: &mut Vec<Event>,
) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn start_turn(_s: &mut State, _who: CharId, _o: &mut Vec<Event>) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn setup(_s: &mut State, _what: &str, _o: &mut Vec<Event>) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn interrupt(_s: &mut State, _who: CharId, _o: &mut Vec<Event>) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn interrupt_result(
    _s: &mut State,
    _stopped: bool,
    _o: &mut Vec<Event>,
) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn end_turn(
    _s: &mut State,
    _d: &mut dyn DiceSource,
    _o: &mut Vec<Event>,
) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn end(_s: &mut State, _o: &mut Vec<Event>) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
