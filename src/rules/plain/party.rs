//! The plain tracker's characters between sessions (see [`crate::rules::party`]). It keeps no
//! clock, so its time is nothing.

use super::{Character, State};
use crate::rules::party::{self, Member};

impl Member<()> for Character {
    party::member_fields!();
    fn player(&self) -> bool {
        self.party
    }
    /// The tracker knows down, not dead: a character at 0 HP still comes along.
    fn dead(&self) -> bool {
        false
    }
    fn arrive(&mut self, _left: &(), _now: &()) {}
}

// The tracker keeps no clock: a party brings none.
party::company!(Character, (), |_| (), |_, _| ());
