//! The terminal screens. The only layer that knows about ratatui and crossterm: it turns keys and
//! clicks into session commands and draws from the session, owning nothing but view state.
