//! What a fight summary counts: each ruleset says, per event, who harmed, healed or downed whom
//! and which rolls were critical or fumbled, as small typed tallies. The frame adds them up when
//! a fight ends (see `export::summary`); the rules never add anything up themselves.

use serde::{Deserialize, Serialize};

/// What a tally counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TallyKind {
    /// Harm in the ruleset's own measure (HP, points of a score, wounds).
    Damage,
    Healing,
    /// Out of the fight: down, dying, dead, fled as the ruleset has it.
    Down,
    /// A roll that was critical, where the ruleset has them.
    Crit,
    /// A roll that fumbled, where the ruleset has them.
    Fumble,
}

/// One thing to count: `by` did `amount` of `kind` to `to` (either may be unknown: harm from a
/// fall has no `by`; a critical roll names only who rolled it, as `by`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub by: Option<String>,
    pub to: Option<String>,
    pub kind: TallyKind,
    pub amount: u32,
}

impl Tally {
    /// `amount` of harm to `to`, by `by` when known.
    pub fn damage(by: Option<&str>, to: &str, amount: u32) -> Tally {
        Tally {
            by: by.map(str::to_owned),
            to: Some(to.to_owned()),
            kind: TallyKind::Damage,
            amount,
        }
    }

    pub fn healing(to: &str, amount: u32) -> Tally {
        Tally {
            by: None,
            to: Some(to.to_owned()),
            kind: TallyKind::Healing,
            amount,
        }
    }

    pub fn down(who: &str) -> Tally {
        Tally {
            by: None,
            to: Some(who.to_owned()),
            kind: TallyKind::Down,
            amount: 1,
        }
    }

    /// A critical roll by `who`.
    pub fn crit(who: &str) -> Tally {
        Tally {
            by: Some(who.to_owned()),
            to: None,
            kind: TallyKind::Crit,
            amount: 1,
        }
    }

    /// A fumbled roll by `who`.
    pub fn fumble(who: &str) -> Tally {
        Tally {
            by: Some(who.to_owned()),
            to: None,
            kind: TallyKind::Fumble,
            amount: 1,
        }
    }
}
