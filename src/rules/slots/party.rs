//! The slot system's characters between sessions (see [`crate::rules::party`]): the whole
//! sheet (slots, wounds and conditions in them, status); its time is the session's clock.

use super::model::{Character, Clock, Side, State};
use crate::rules::RuleError;
use crate::rules::party::{self, Member, Traveller};

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

pub fn travellers(state: &State) -> Vec<Traveller> {
    party::travellers(&state.characters)
}

pub fn take(state: &State, ids: &[u32], carry: bool) -> Party {
    party::take(&state.characters, ids, state.clock.clone(), carry)
}

pub fn admit(state: &mut State, p: &Party) -> Result<Vec<String>, RuleError> {
    if p.carry {
        state.clock = p.left.clone();
    }
    let now = state.clock.clone();
    party::admit(&mut state.characters, &mut state.next_id, p, &now)
}
