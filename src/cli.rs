//! The headless subcommands behind `slotmark` (roll, run, replay, show, export, new, open).
