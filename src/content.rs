//! Bundled content: the item library, the bestiary and the demo session (from `assets/`, compiled
//! into the binary), plus a user's own additions from the platform config folder.

use crate::rules::slots::{AttackKind, Item, Layout, SlotNo};
use crate::session::Session;
use serde::{Deserialize, Serialize};

/// A creature as the bestiary describes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Creature {
    pub name: String,
    pub layout: Layout,
    pub items: Vec<(SlotNo, Item)>,
    pub attacks: Vec<AttackKind>,
}

/// Items and creatures available to the judge.
#[derive(Debug, Clone, Default)]
pub struct Library {
    pub items: Vec<Item>,
    pub creatures: Vec<Creature>,
}

/// The bundled library.
pub fn bundled() -> Library {
    Library::default()
}

/// A fresh copy of the bundled demo session.
pub fn demo() -> Session {
    Session::new(crate::session::SessionState::new(
        "Demo",
        crate::rules::RulesetId::Slots,
    ))
}
