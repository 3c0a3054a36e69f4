//! The plain tracker's characters between sessions (see [`crate::rules::party`]). It keeps no
//! clock, so its time is nothing.

use super::{Character, State};
use crate::rules::RuleError;
use crate::rules::party::{self, Member, Traveller};

pub type Party = party::Party<Character, ()>;

impl Member<()> for Character {
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
        self.party
    }
    /// The tracker knows down, not dead: a character at 0 HP still comes along.
    fn dead(&self) -> bool {
        false
    }
    fn arrive(&mut self, _left: &(), _now: &()) {}
}

pub fn travellers(state: &State) -> Vec<Traveller> {
    party::travellers(&state.characters)
}

pub fn take(state: &State, ids: &[u32], carry: bool) -> Party {
    party::take(&state.characters, ids, (), carry)
}

pub fn admit(state: &mut State, p: &Party) -> Result<Vec<String>, RuleError> {
    party::admit(&mut state.characters, &mut state.next_id, p, &())
}
