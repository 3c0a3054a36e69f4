//! Checks (R5-R12): generic, terrain, stealth, corruption exposure, falling and group checks,
//! rolled under edge into a pending roll the judge accepts (see `resolve`).

use super::Event;
use super::model::*;
use crate::dice::{DiceSource, Edge};
use crate::rules::RuleError;

const TODO: &str = "this command is not available yet";

pub fn check(
    _s: &mut State,
    _who: CharId,
    _kind: &CheckKind,
    _edge: Edge,
    _d: &mut dyn DiceSource,
    _o: &mut Vec<Event>,
) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn fall(
    _s: &mut State,
    _who: CharId,
    _feet: u16,
    _d: &mut dyn DiceSource,
    _o: &mut Vec<Event>,
) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn group_check(
    _s: &mut State,
    _who: &[CharId],
    _kind: &CheckKind,
    _d: &mut dyn DiceSource,
    _o: &mut Vec<Event>,
) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
