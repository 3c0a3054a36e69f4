//! The slot system's characters between sessions (see [`crate::rules::party`]): the whole
//! sheet (slots, wounds and conditions in them, status); its time is the session's clock.

use super::model::{Character, Clock, Side, State};
use crate::rules::party::{self, Member};

impl Member<Clock> for Character {
    party::member_fields!();
    fn player(&self) -> bool {
        self.side == Side::Players
    }
    fn dead(&self) -> bool {
        self.status.dead
    }
    /// Zones belong to the scene it left. The slot system's conditions count trys as they
    /// pass, not clock times, so nothing else moves.
    fn arrive(&mut self, _left: &Clock, _now: &Clock) {
        self.zone = None;
    }
}

party::company!(Character, clock: Clock);
