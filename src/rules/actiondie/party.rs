//! Ruleset actiondie's characters between sessions (see [`crate::rules::party`]): the whole
//! sheet (rungs, HP, AR, technique dice, skills, exhaustion, statuses, injuries, items); its
//! time is the clock.

use super::character::Character;
use super::model::Side;
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
