//! Jumping to a sheet by name: `'` and the first letters of a name select that sheet on any
//! ruleset's main screen, the first match in roster order as the letters are typed; Tab steps
//! to the next match, Enter keeps it, Esc goes back to who was selected before.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::tui::host::{JumpPrompt, Main, Overlay};
use crate::tui::keymap::Action;
use crate::tui::theme::Theme;
use crate::tui::widgets::{dialog, width_for};

/// Does `name` answer to the letters typed? The whole name, spaces left out, starts with them
/// ("gob" and "goblin3" find "Goblin 3"), or one of its words does ("3" finds "Goblin 3"), or
/// the letters start it and the number ends it ("g3" finds "Goblin skirmisher 3", not "Goblin
/// skirmisher 13"). Case does not matter; nothing typed matches nobody.
pub fn matches(name: &str, typed: &str) -> bool {
    let squeezed: String = typed.chars().filter(|c| !c.is_whitespace()).collect();
    let digits = squeezed.len()
        - squeezed
            .trim_end_matches(|c: char| c.is_ascii_digit())
            .len();
    let (letters, number) = squeezed.split_at(squeezed.len() - digits);
    if !letters.is_empty()
        && !number.is_empty()
        && name.split_whitespace().last() == Some(number)
        && starts(name, letters)
    {
        return true;
    }
    starts(name, typed)
}

/// The whole name, spaces left out, or one of its words starts with `typed`, ignoring case.
fn starts(name: &str, typed: &str) -> bool {
    let squeeze = |s: &str| -> String {
        s.chars()
            .filter(|c| !c.is_whitespace())
            .flat_map(char::to_lowercase)
            .collect()
    };
    let typed = squeeze(typed);
    if typed.is_empty() {
        return false;
    }
    squeeze(name).starts_with(&typed)
        || name
            .split_whitespace()
            .any(|w| squeeze(w).starts_with(&typed))
}

impl Main {
    /// The roster's names in roster order, with their ids.
    fn names(&self) -> Vec<(u32, String)> {
        self.session
            .state()
            .game
            .roster()
            .into_iter()
            .flat_map(|g| g.members.into_iter().map(|m| (m.id, m.name)))
            .collect()
    }

    /// Selects the `skip`-th next match after the selection (0: the first match in roster order).
    pub(crate) fn jump_follow(&mut self, skip: usize) {
        let Some(Overlay::Jump(j)) = &self.overlay else {
            return;
        };
        let typed = j.typed.clone();
        let hits: Vec<u32> = self
            .names()
            .into_iter()
            .filter(|(_, name)| matches(name, &typed))
            .map(|(id, _)| id)
            .collect();
        let pick = if skip == 0 {
            hits.first().copied()
        } else {
            let at = self
                .view
                .selected
                .and_then(|s| hits.iter().position(|&h| h == s));
            at.map_or(hits.first().copied(), |i| {
                hits.get((i + skip) % hits.len()).copied()
            })
        };
        if let Some(id) = pick {
            self.view.selected = Some(id);
        }
        if let Some(Overlay::Jump(j)) = &mut self.overlay {
            j.missed = pick.is_none() && !typed.is_empty();
        }
    }

    pub(crate) fn jump_key(&mut self, action: Option<Action>, key: KeyEvent) -> bool {
        let Some(Overlay::Jump(j)) = &mut self.overlay else {
            return false;
        };
        let back = j.back;
        match action {
            Some(Action::Cancel) => {
                self.view.selected = back;
                self.overlay = None;
            }
            Some(Action::Accept) => self.overlay = None,
            Some(Action::Complete) => self.jump_follow(1),
            _ => match key.code {
                KeyCode::Char(c) if !c.is_control() => {
                    j.typed.push(c);
                    self.jump_follow(0);
                }
                KeyCode::Backspace => {
                    j.typed.pop();
                    if j.typed.is_empty() {
                        j.missed = false;
                        self.view.selected = back;
                    } else {
                        self.jump_follow(0);
                    }
                }
                _ => return false,
            },
        }
        true
    }
}

/// A one-line box at the top: the letters typed and whom they found.
pub fn draw(buf: &mut Buffer, area: Rect, m: &Main, j: &JumpPrompt, theme: Theme) {
    let w = width_for(area, 50);
    let found = if j.missed {
        Span::styled("no name starts so", theme.error())
    } else if j.typed.is_empty() {
        Span::styled("type the first letters of a name", theme.dim())
    } else {
        let name = m
            .view
            .selected
            .and_then(|id| m.names().into_iter().find(|(i, _)| *i == id))
            .map(|(_, n)| n)
            .unwrap_or_default();
        Span::styled(format!("→ {name}"), theme.bold())
    };
    let line = Line::from(vec![
        Span::styled("Jump to: ", theme.bold()),
        Span::raw(format!("{}▏ ", j.typed)),
        found,
    ]);
    let inner = dialog(buf, area, w, 3, "Jump to a name", theme);
    Paragraph::new(line).render(inner, buf);
}

#[cfg(test)]
mod tests {
    use super::matches;

    #[test]
    fn letters_and_a_number_find_the_numbered_one() {
        assert!(matches("Goblin skirmisher 2", "g2"));
        assert!(matches("Goblin skirmisher 2", "gob 2"));
        assert!(matches("Goblin skirmisher 2", "skirm2"));
        assert!(!matches("Goblin skirmisher 12", "g2"));
        assert!(!matches("Goblin skirmisher 2", "w2"));
        assert!(matches("Goblin 3", "goblin3"));
        assert!(matches("Goblin 3", "3"));
        assert!(!matches("Goblin 3", ""));
    }
}
