//! How many bytes a step of the log holds inline (issue 31). Every step of a session's log is
//! kept for the whole session, so a 100,000-step session holds 100,000 entries, each as wide as
//! the widest command of any ruleset: one large variant left inline costs megabytes. The large,
//! rare variants keep their bulky fields behind a box (serialised exactly as the value it
//! holds, so no file changes), and a stamp fits in 8 bytes with its `None`.
//!
//! Before: `GameCommand` 80 bytes, `Command` 88, `Entry` 144 (14.4 MB per 100,000 steps). The
//! events a step made are held apart from the entry, for the last few thousand steps only, so
//! an entry spends no bytes on them: 96 bytes before, 80 after.

use slotmark::rules::{GameCommand, actiondie, ap, bdp, phase, plain, slots};
use slotmark::session::{Command, Entry, Stamp};
use std::mem::size_of;

#[test]
fn no_rulesets_command_is_wider_than_48_bytes() {
    // The game's command adds a tag to every ruleset's command but the one whose spare values
    // hold it, and the session's command packs its own tag the same way: no ruleset's command
    // may pass 48 bytes (and all but one stay within 40, which the next test checks through
    // the game's command) for both to stay within 48.
    for (name, size) in [
        ("slots", size_of::<slots::Command>()),
        ("phase", size_of::<phase::Command>()),
        ("bdp", size_of::<bdp::Command>()),
        ("ap", size_of::<ap::Command>()),
        ("actiondie", size_of::<actiondie::Command>()),
        ("plain", size_of::<plain::Command>()),
    ] {
        assert!(size <= 48, "the {name} command takes {size} bytes");
    }
}

#[test]
fn a_step_of_the_log_holds_at_most_80_bytes_inline() {
    assert!(
        size_of::<GameCommand>() <= 48,
        "{}",
        size_of::<GameCommand>()
    );
    assert!(size_of::<Command>() <= 48, "{}", size_of::<Command>());
    assert_eq!(size_of::<Option<Stamp>>(), 8);
    assert!(size_of::<Entry>() <= 80, "{}", size_of::<Entry>());
}
