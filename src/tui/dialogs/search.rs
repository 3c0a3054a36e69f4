//! Searching the roll log: `/` and some text (a name, "crit", a rule number) move the log to the
//! newest line that has it as the letters are typed, and mark every line that has it. Enter
//! keeps the search; while it is kept `n` and `N` move the log to the next (older) and previous
//! (newer) line it finds, and every other key works as on the main screen. Esc leaves it.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::tui::host::{LogSearch, Main, Overlay, SearchPrompt};
use crate::tui::keymap::Action;
use crate::tui::logtext::{self as log, finds};
use crate::tui::theme::Theme;
use crate::tui::widgets::{dialog, width_for};

/// How many steps are read at a time while looking for a match.
const CHUNK: usize = 256;

/// A line of the log: its step (0-based) and its place among the step's lines.
type At = (usize, usize);

impl Main {
    /// Opens the search box; Esc in it puts the log back as it is now.
    pub(crate) fn open_search(&mut self) {
        self.overlay = Some(Overlay::Search(SearchPrompt {
            back_scroll: self.view.log_scroll,
            back_selected: self.view.log_selected,
            back_search: self.view.search.take(),
            ..SearchPrompt::default()
        }));
    }

    /// The first line at or below step `top` that has `text`, going down the log (older), past
    /// the lines of step `top` up to `after` when given.
    fn older_match(&self, text: &str, top: usize, after: Option<usize>) -> Option<At> {
        let mut end = top + 1;
        while end > 0 {
            let start = end.saturating_sub(CHUNK);
            let texts = log::texts(self, start..end);
            for (offset, lines) in texts.iter().enumerate().rev() {
                let step = start + offset;
                for (k, line) in lines.iter().enumerate() {
                    let passed = step == top && after.is_some_and(|a| k <= a);
                    if !passed && finds(line, text) {
                        return Some((step, k));
                    }
                }
            }
            end = start;
        }
        None
    }

    /// The first line above `from` that has `text`, going up the log (newer).
    fn newer_match(&self, text: &str, from: At) -> Option<At> {
        let len = self.session.applied().len();
        let mut start = from.0;
        while start < len {
            let end = (start + CHUNK).min(len);
            let texts = log::texts(self, start..end);
            for (offset, lines) in texts.iter().enumerate() {
                let step = start + offset;
                for (k, line) in lines.iter().enumerate().rev() {
                    let passed = step == from.0 && k >= from.1;
                    if !passed && finds(line, text) {
                        return Some((step, k));
                    }
                }
            }
            start = end;
        }
        None
    }

    /// Which match `at` is, counted from the newest, and how many lines the search finds.
    fn search_place(&self, text: &str, at: At) -> (usize, usize) {
        let len = self.session.applied().len();
        let (mut before, mut total) = (0, 0);
        let mut start = 0;
        while start < len {
            let end = (start + CHUNK).min(len);
            for (offset, lines) in log::texts(self, start..end).iter().enumerate() {
                let step = start + offset;
                for (k, line) in lines.iter().enumerate() {
                    if finds(line, text) {
                        total += 1;
                        // Newer than `at`: a later step, or above it in the same step.
                        if step > at.0 || (step == at.0 && k < at.1) {
                            before += 1;
                        }
                    }
                }
            }
            start = end;
        }
        (before + 1, total)
    }

    /// Moves the log so that the line `at` is at its top, highlighted and spelled out in full.
    fn show_match(&mut self, at: At) {
        let len = self.session.applied().len();
        if log::setup_run(self).is_some_and(|run| at.0 < run) {
            self.view.log_unfolded = true;
        }
        self.view.log_scroll = len.saturating_sub(1).saturating_sub(at.0);
        self.view.log_selected = Some(at);
    }

    /// The text typed changed: the log moves to the newest line that has it.
    pub(crate) fn search_typed(&mut self) {
        let Some(Overlay::Search(p)) = &self.overlay else {
            return;
        };
        let text = p.typed.clone();
        let (back_scroll, back_selected) = (p.back_scroll, p.back_selected);
        let len = self.session.applied().len();
        let found = len
            .checked_sub(1)
            .and_then(|top| self.older_match(&text, top, None));
        match found {
            Some(at) => self.show_match(at),
            None => {
                self.view.log_scroll = back_scroll;
                self.view.log_selected = back_selected;
            }
        }
        self.view.search = Some(LogSearch {
            text: text.clone(),
            at: found,
            place: None,
        });
        if let Some(Overlay::Search(p)) = &mut self.overlay {
            p.missed = found.is_none() && !text.is_empty();
        }
    }

    pub(crate) fn search_key(&mut self, action: Option<Action>, key: KeyEvent) -> bool {
        let Some(Overlay::Search(p)) = &mut self.overlay else {
            return false;
        };
        match action {
            Some(Action::Cancel) => {
                self.view.log_scroll = p.back_scroll;
                self.view.log_selected = p.back_selected;
                self.view.search = p.back_search.take();
                self.overlay = None;
            }
            Some(Action::Accept) => {
                if p.typed.is_empty() {
                    self.view.log_scroll = p.back_scroll;
                    self.view.log_selected = p.back_selected;
                    self.view.search = None;
                    self.overlay = None;
                    return true;
                }
                let text = p.typed.clone();
                let Some(at) = self.view.search.as_ref().and_then(|s| s.at) else {
                    self.complain(format!(
                        "no line of the log has \"{text}\"; change it, or Esc"
                    ));
                    return true;
                };
                let place = self.search_place(&text, at);
                self.view.search = Some(LogSearch {
                    text,
                    at: Some(at),
                    place: Some(place),
                });
                self.overlay = None;
            }
            _ => match key.code {
                KeyCode::Char(c) if !c.is_control() => {
                    p.typed.push(c);
                    self.search_typed();
                }
                KeyCode::Backspace => {
                    p.typed.pop();
                    self.search_typed();
                }
                _ => return false,
            },
        }
        true
    }

    /// The keys of a kept search: `n` and `N` step, `/` searches again, Esc leaves.
    pub(crate) fn found_key(&mut self, action: Option<Action>) -> bool {
        let Some(search) = self.view.search.clone() else {
            return false;
        };
        let len = self.session.applied().len();
        let older = match action {
            Some(Action::SearchNext) => true,
            Some(Action::SearchPrev) => false,
            Some(Action::Search) => {
                self.view.search = Some(search);
                self.open_search();
                return true;
            }
            Some(Action::Cancel) => {
                self.view.search = None;
                self.view.log_selected = None;
                return true;
            }
            _ => return false,
        };
        // After an undo the line shown may be gone: look again from the newest.
        let from = search.at.filter(|at| at.0 < len);
        let found = match (from, older) {
            (Some(at), true) => self.older_match(&search.text, at.0, Some(at.1)),
            (Some(at), false) => self.newer_match(&search.text, at),
            (None, _) => len
                .checked_sub(1)
                .and_then(|top| self.older_match(&search.text, top, None)),
        };
        match found {
            Some(at) => {
                self.show_match(at);
                let place = self.search_place(&search.text, at);
                self.view.search = Some(LogSearch {
                    text: search.text,
                    at: Some(at),
                    place: Some(place),
                });
            }
            None => self.complain(format!(
                "no {} line has \"{}\" (Esc leaves the search)",
                if older { "older" } else { "newer" },
                search.text
            )),
        }
        true
    }
}

/// A one-line box at the top: the text typed and the line it found.
pub fn draw(buf: &mut Buffer, area: Rect, m: &Main, p: &SearchPrompt, theme: Theme) {
    let w = width_for(area, 60);
    let found = if p.missed {
        Span::styled("no line of the log has it", theme.error())
    } else if p.typed.is_empty() {
        Span::styled("a name, crit, a rule number", theme.dim())
    } else {
        let step = m
            .view
            .search
            .as_ref()
            .and_then(|s| s.at)
            .map(|(step, _)| format!("→ step {}", step + 1))
            .unwrap_or_default();
        Span::styled(step, theme.bold())
    };
    let line = Line::from(vec![
        Span::styled("Search: ", theme.bold()),
        Span::raw(format!("{}▏ ", p.typed)),
        found,
    ]);
    let inner = dialog(buf, area, w, 3, "Search the roll log", theme);
    Paragraph::new(line).render(inner, buf);
}
