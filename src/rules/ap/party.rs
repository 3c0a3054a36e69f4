//! Ruleset ap's characters between sessions (see [`crate::rules::party`]): the whole sheet
//! (attributes, HP, items, Fatigue, dust, marks, scars, recoveries to roll, grimoire and
//! scrolls); its time is the clock.

use super::model::{Character, Kind};
use super::state::State;
use crate::rules::party::{self, Member};
use crate::rules::time::Clock;

impl Member<Clock> for Character {
    party::member_fields!();
    fn player(&self) -> bool {
        self.kind == Kind::Pc
    }
    fn dead(&self) -> bool {
        Character::dead(self)
    }
    /// A held action, a preset save and the initiative belong to the fight it left (A20, A21);
    /// deprivation (A38), dying (A34) and timed effects keep the time they had.
    fn arrive(&mut self, left: &Clock, now: &Clock) {
        self.held = None;
        self.preset = None;
        self.init = None;
        let shift = |at: u64| party::shifted(at, left.seconds, now.seconds);
        self.deprived_since = self.deprived_since.map(shift);
        self.dies_at = self.dies_at.map(shift);
        for (_, at) in &mut self.timed {
            *at = shift(*at);
        }
    }
}

party::company!(Character, clock: Clock);
