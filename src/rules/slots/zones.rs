//! Scenes, zones and ranges (R29).

use super::Event;
use super::model::*;
use crate::rules::RuleError;

/// The range between two characters (R29): same zone is reach, linked zones are near, other
/// zones of the scene in sight are far, anything else (no zone, hidden) is remote.
pub fn range(state: &State, a: CharId, b: CharId) -> Range {
    let zone_of = |id| state.character(id).ok().and_then(|c| c.zone);
    match (zone_of(a), zone_of(b)) {
        (Some(x), Some(y)) => zone_range(&state.scene, x, y),
        _ => Range::Remote,
    }
}

/// The range between two zones of a scene (R29).
pub fn zone_range(scene: &Scene, x: ZoneId, y: ZoneId) -> Range {
    let known = |z: ZoneId| scene.zones.iter().any(|zone| zone.id == z);
    let pair = |list: &[(ZoneId, ZoneId)]| {
        list.iter()
            .any(|&(p, q)| (p, q) == (x, y) || (p, q) == (y, x))
    };
    if !known(x) || !known(y) {
        Range::Remote
    } else if x == y {
        Range::Reach
    } else if pair(&scene.links) {
        Range::Near
    } else if pair(&scene.hidden) {
        Range::Remote
    } else {
        Range::Far
    }
}

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
