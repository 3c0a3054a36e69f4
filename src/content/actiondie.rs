//! Ruleset `actiondie`'s bundled content (from `assets/actiondie/`, compiled into the binary):
//! the demo script, which builds a session through the command language.

/// The actiondie demo: a script in the command language, which builds it.
pub const DEMO: (&str, &str) = (
    "assets/actiondie/demo.slotmark",
    include_str!("../../assets/actiondie/demo.slotmark"),
);
