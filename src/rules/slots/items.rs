//! Sheets and items (R3, R4, R18): characters joining and leaving, items put, moved and removed,
//! weapons held with both hands, the backpack dropped and shouldered.

use super::Event;
use super::model::*;
use crate::rules::RuleError;

const TODO: &str = "this command is not available yet";

pub fn add_character(
    _s: &mut State,
    _name: &str,
    _side: Side,
    _layout: &Layout,
    _items: &[(SlotNo, Item)],
    _o: &mut Vec<Event>,
) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn rename(
    _s: &mut State,
    _who: CharId,
    _name: &str,
    _o: &mut Vec<Event>,
) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn set_side(
    _s: &mut State,
    _who: CharId,
    _side: Side,
    _o: &mut Vec<Event>,
) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn remove_character(
    _s: &mut State,
    _who: CharId,
    _o: &mut Vec<Event>,
) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn put_item(
    _s: &mut State,
    _who: CharId,
    _slot: SlotNo,
    _item: &Item,
    _o: &mut Vec<Event>,
) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn move_item(
    _s: &mut State,
    _who: CharId,
    _from: SlotNo,
    _to: SlotNo,
    _o: &mut Vec<Event>,
) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn remove_item(
    _s: &mut State,
    _who: CharId,
    _slot: SlotNo,
    _o: &mut Vec<Event>,
) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn two_hands(
    _s: &mut State,
    _who: CharId,
    _slot: SlotNo,
    _on: bool,
    _o: &mut Vec<Event>,
) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
pub fn backpack(
    _s: &mut State,
    _who: CharId,
    _drop: bool,
    _o: &mut Vec<Event>,
) -> Result<(), RuleError> {
    Err(RuleError::invalid(TODO))
}
