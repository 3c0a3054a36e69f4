//! Ruleset bdp's characters between sessions (see [`crate::rules::party`]): the whole sheet
//! (abilities and what is still to train back, the row of slots with gear, Fatigue and wounds,
//! diseases, deprivation, rest); its time is the clock.

use super::character::Character;
use super::model::Kind;
use super::state::State;
use crate::rules::party::{self, Member};
use crate::rules::time::Clock;

impl Member<Clock> for Character {
    party::member_fields!();
    fn player(&self) -> bool {
        self.kind == Kind::Pc
    }
    fn dead(&self) -> bool {
        self.dead
    }
    /// Timers (B47) keep the time they had left.
    fn arrive(&mut self, left: &Clock, now: &Clock) {
        for t in &mut self.timers {
            t.ends = party::shifted(t.ends, left.seconds, now.seconds);
        }
    }
}

party::company!(Character, clock: Clock);
