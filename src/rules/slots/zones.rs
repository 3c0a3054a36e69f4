//! Scenes, zones and ranges (R29).

use super::Event;
use super::model::*;
use crate::rules::RuleError;

const TODO: &str = "this command is not available yet";

pub fn new_scene(_s: &mut State, _name: &str, _o: &mut Vec<Event>) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn add_zone(
    _s: &mut State,
    _name: &str,
    _cover: bool,
    _o: &mut Vec<Event>,
) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn remove_zone(_s: &mut State, _zone: ZoneId, _o: &mut Vec<Event>) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn link(
    _s: &mut State,
    _a: ZoneId,
    _b: ZoneId,
    _on: bool,
    _o: &mut Vec<Event>,
) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn hide(
    _s: &mut State,
    _a: ZoneId,
    _b: ZoneId,
    _hidden: bool,
    _o: &mut Vec<Event>,
) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn place(
    _s: &mut State,
    _who: CharId,
    _zone: Option<ZoneId>,
    _o: &mut Vec<Event>,
) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
