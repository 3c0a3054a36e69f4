//! Exploration time (R30-R32): trys, tasks and rests, encounter dice and their odds, travel
//! watches and days.

use super::Event;
use super::model::*;
use crate::dice::DiceSource;
use crate::rules::RuleError;

const TODO: &str = "this command is not available yet";

pub fn task(
    _s: &mut State,
    _label: &str,
    _trys: u16,
    _senses: &[Sense],
    _d: &mut dyn DiceSource,
    _o: &mut Vec<Event>,
) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn rest(
    _s: &mut State,
    _fed: bool,
    _senses: &[Sense],
    _d: &mut dyn DiceSource,
    _o: &mut Vec<Event>,
) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn travel(_s: &mut State, _watches: u16, _o: &mut Vec<Event>) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn pass_days(_s: &mut State, _days: u16, _o: &mut Vec<Event>) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn set_dark(_s: &mut State, _dark: bool, _o: &mut Vec<Event>) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
