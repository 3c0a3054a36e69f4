//! The `:` palette: any line of the command language, with completion (Tab), history (↑↓) and
//! the error shown in place; on an error nothing changes.

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent};
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Widget};
use tui_input::Input;
use tui_input::backend::crossterm::EventHandler;

use crate::script::{self, Line as ScriptLine};
use crate::tui::host::{Dice, Exec, Main, Overlay, Palette};
use crate::tui::keymap::{Action, Ctx, Table};
use crate::tui::theme::Theme;
use crate::tui::widgets::RenderTo;

impl Main {
    pub(crate) fn palette_key(
        &mut self,
        action: Option<Action>,
        key: KeyEvent,
        dice: &mut Dice,
    ) -> bool {
        let Some(Overlay::Palette(p)) = &mut self.overlay else {
            return false;
        };
        match action {
            Some(Action::Cancel) => {
                self.overlay = None;
                true
            }
            Some(Action::Up) | Some(Action::Down) => {
                if self.history.is_empty() {
                    return false;
                }
                let last = self.history.len() - 1;
                let pos = match (p.history_pos, action) {
                    (None, Some(Action::Up)) => Some(last),
                    (None, _) => return false,
                    (Some(i), Some(Action::Up)) => Some(i.saturating_sub(1)),
                    (Some(i), _) if i >= last => None,
                    (Some(i), _) => Some(i + 1),
                };
                p.history_pos = pos;
                p.input = Input::new(pos.map(|i| self.history[i].clone()).unwrap_or_default());
                p.error = None;
                true
            }
            Some(Action::Complete) => {
                let state = self.session.state();
                let candidates = script::complete(p.input.value(), state);
                complete_into(p, candidates);
                true
            }
            Some(Action::Accept) => {
                let for_proposal = p.for_proposal;
                let line = p.input.value().to_string();
                let parsed = script::parse_line(&line, self.session.state());
                match parsed {
                    Err(e) => {
                        p.error = Some((e.message, e.column));
                        true
                    }
                    Ok(parsed) => {
                        if !line.trim().is_empty() && self.history.last() != Some(&line) {
                            self.history.push(line);
                        }
                        self.overlay = None;
                        match parsed {
                            ScriptLine::Nothing => {}
                            ScriptLine::Undo => {
                                self.undo();
                            }
                            ScriptLine::Redo => {
                                self.redo();
                            }
                            ScriptLine::SaveAs(path) => self.save_as(&path),
                            ScriptLine::Command(command) => match self.run(command, dice, None) {
                                Exec::Failed(why) => {
                                    let mut p = Palette {
                                        input: Input::new(
                                            self.history.last().cloned().unwrap_or_default(),
                                        ),
                                        for_proposal,
                                        ..Palette::default()
                                    };
                                    p.error = Some((why, None));
                                    p.refused = true;
                                    self.overlay = Some(Overlay::Palette(p));
                                }
                                ran if for_proposal => self.answer_changed_proposal(&ran),
                                _ => {}
                            },
                        }
                        true
                    }
                }
            }
            _ if p.refused && key.code == KeyCode::Char(':') => {
                // A new line, not the refused one with a colon added.
                *p = Palette::default();
                true
            }
            _ => {
                p.refused = false;
                let changed = p.input.handle_event(&Event::Key(key)).is_some();
                if changed {
                    p.error = None;
                    p.completions.clear();
                }
                changed
            }
        }
    }
}

/// Applies completions to the palette line. Each candidate is a whole line ready to replace what
/// was typed (`script::complete`): one replaces the line; several fill in what they share and
/// are listed.
fn complete_into(p: &mut Palette, candidates: Vec<String>) {
    let line = p.input.value().to_string();
    if candidates.is_empty() {
        p.completions.clear();
        p.error = Some(("nothing completes this".into(), None));
        return;
    }
    let shared = candidates
        .iter()
        .skip(1)
        .fold(candidates[0].clone(), |acc, c| {
            acc.chars()
                .zip(c.chars())
                .take_while(|(a, b)| a.eq_ignore_ascii_case(b))
                .map(|(a, _)| a)
                .collect()
        });
    let mut next = if shared.len() > line.len() {
        shared
    } else {
        line
    };
    if candidates.len() == 1 && !next.ends_with(' ') {
        next.push(' ');
    }
    p.input = Input::new(next);
    p.completions = if candidates.len() > 1 {
        candidates
    } else {
        Vec::new()
    };
}

/// The palette's error in full, wrapped to `width` columns: a refusal is read whole, never cut.
fn error_lines(p: &Palette, width: u16) -> Vec<String> {
    let Some((err, col)) = &p.error else {
        return Vec::new();
    };
    let at = col.map(|c| format!(" (at column {c})")).unwrap_or_default();
    let refused = if p.refused {
        "refused, nothing changed (: starts a new line): "
    } else {
        ""
    };
    crate::tui::widgets::wrap_words(&format!("✗ {refused}{err}{at}"), width.saturating_sub(2))
}

pub fn draw(frame: &mut Frame, area: Rect, p: &Palette, table: Table, theme: Theme) {
    // The error keeps at most half the screen, so the line typed stays in sight.
    let errors = error_lines(p, area.width);
    let errors = &errors[..errors.len().min(usize::from(area.height / 2))];
    let extra = p.completions.len().min(6) as u16 + errors.len() as u16;
    let h = 2 + extra;
    let rect = Rect::new(
        area.x,
        area.y + area.height.saturating_sub(h),
        area.width,
        h.min(area.height),
    );
    let buf = frame.buffer_mut();
    Clear.render(rect, buf);
    let mut y = rect.y;
    for c in p.completions.iter().take(6) {
        Line::styled(format!("   {c}"), theme.dim())
            .render_to(buf, Rect::new(rect.x, y, rect.width, 1));
        y += 1;
    }
    for line in errors {
        Line::styled(format!(" {line}"), theme.error())
            .render_to(buf, Rect::new(rect.x, y, rect.width, 1));
        y += 1;
    }
    let line = Line::from(vec![
        Span::styled(":", theme.key()),
        Span::raw(p.input.value().to_string()),
    ]);
    line.render_to(buf, Rect::new(rect.x, y, rect.width, 1));
    Line::from(crate::tui::widgets::hint_spans(
        table,
        Ctx::Palette,
        theme,
        |_| true,
    ))
    .render_to(buf, Rect::new(rect.x, y + 1, rect.width, 1));
    let x = rect.x + 1 + p.input.visual_cursor() as u16;
    if x < rect.x + rect.width {
        frame.set_cursor_position(Position::new(x, y));
    }
}
