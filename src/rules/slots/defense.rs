//! Attacks and defense (R13-R18): the attack roll or defense check naming the slot hit, evade,
//! block, parry, treated and open wounds, counterattacks, missiles and dual wielding.

use super::Event;
use super::model::*;
use crate::dice::{DiceSource, Edge};
use crate::rules::RuleError;

const TODO: &str = "this command is not available yet";

pub fn attack(
    _s: &mut State,
    _spec: &AttackSpec,
    _edge: Edge,
    _dual: bool,
    _d: &mut dyn DiceSource,
    _o: &mut Vec<Event>,
) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
