//! slotmark: a judge's character sheet and combat tracker for a family of rules-light table-top games.
//!
//! Layers, from the inside out:
//! - [`dice`]: dice expressions, edge, every source of faces (live, scripted, manual), and the
//!   ways of reading dice the rulesets share (ladders, keep best or worst, roll-under...).
//! - [`rules`]: pure game mechanics behind one seam; `rules::slots` is rule file 000.
//! - [`session`]: the session state, commands, and the log with undo, redo and replay.
//! - [`store`]: session files, the crash journal, atomic writes, the saves folder, and the
//!   players' proposals and the judge's answers beside a session.
//! - [`script`]: the text command language shared by the palette and `slotmark run`, the
//!   demos built from scripts in it, and the rolls a player may propose, as lines of it.
//! - [`tui`]: the terminal screens; the only layer that knows about the terminal.
//! - [`web`]: the players' page: the table view served over HTTP to the browsers at the table,
//!   and each player's own page, from which they propose their character's rolls.
//! - [`content`]: the bundled item library and bestiary, the judge's own library, name lookup.
//! - [`export`]: the readable recap of a session (`slotmark export --markdown`).
//! - [`config`]: the judge's settings file (saves folder, default rules, theme, key remaps).
//! - [`campaign`]: the next session with the last one's party, and sheet files.
//! - [`cli`]: the headless subcommands `main` dispatches to (run, replay, show, roll...).

pub mod campaign;
pub mod cli;
pub mod config;
pub mod content;
pub mod dice;
pub mod export;
pub mod rules;
pub mod script;
pub mod session;
pub mod store;
pub mod tui;
pub mod web;
