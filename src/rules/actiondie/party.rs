//! Ruleset actiondie's characters between sessions (see [`crate::rules::party`]): the whole
//! sheet (rungs, HP, AR, technique dice, skills, exhaustion, statuses, injuries, items); its
//! time is the clock.

use super::character::Character;
use super::model::Side;
use super::state::State;
use crate::rules::party::{self, Member};
use crate::rules::time::Clock;

impl Member<Clock> for Character {
    party::member_fields!();
    fn player(&self) -> bool {
        self.side == Side::Pc
    }
    fn dead(&self) -> bool {
        self.dead
    }
    /// Defend, Run and help given last until a turn or a round of the fight it left (D11).
    fn arrive(&mut self, _left: &Clock, _now: &Clock) {
        self.defending = false;
        self.running = false;
        self.helped = None;
    }
}

party::company!(Character, clock: Clock);
