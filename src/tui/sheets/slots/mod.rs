//! The slot system's screens (rule file 000): the sheet with its slots and body picture, the
//! clock and scene panel with its map, and the keys of a fight, of the clock and of the scene.

pub mod clock_keys;
pub mod clock_panel;
pub mod doll;
pub mod fight;
pub mod map;
pub mod scene;
pub mod sheet;
