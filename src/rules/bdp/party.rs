//! Ruleset bdp's characters between sessions (see [`crate::rules::party`]): the whole sheet
//! (abilities and what is still to train back, the row of slots with gear, Fatigue and wounds,
//! diseases, deprivation, rest); its time is the clock.

use super::character::Character;
use super::model::Kind;
use super::state::State;
use crate::rules::RuleError;
use crate::rules::party::{self, Member, Traveller};
use crate::rules::time::Clock;

pub type Party = party::Party<Character, Clock>;

impl Member<Clock> for Character {
    fn id(&self) -> u32 {
        self.id
    }
    fn set_id(&mut self, id: u32) {
        self.id = id;
    }
    fn name(&self) -> &str {
        &self.name
    }
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

pub fn travellers(state: &State) -> Vec<Traveller> {
    party::travellers(&state.characters)
}

pub fn take(state: &State, ids: &[u32], carry: bool) -> Party {
    party::take(&state.characters, ids, state.clock, carry)
}

pub fn admit(state: &mut State, p: &Party) -> Result<Vec<String>, RuleError> {
    if p.carry {
        state.clock = p.left;
    }
    let now = state.clock;
    party::admit(&mut state.characters, &mut state.next_id, p, &now)
}
