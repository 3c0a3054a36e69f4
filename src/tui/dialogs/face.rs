//! Typing the face a physical die shows, when the judge rolls the table's dice: the command is
//! tried again with every face so far until it needs no more.

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent};
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};
use tui_input::backend::crossterm::EventHandler;

use crate::tui::host::{Dice, Exec, FacePrompt, Main, Overlay};
use crate::tui::keymap::Action;
use crate::tui::theme::Theme;
use crate::tui::widgets::{dialog, paragraph_height, width_for};

impl Main {
    pub(crate) fn face_key(
        &mut self,
        action: Option<Action>,
        key: KeyEvent,
        dice: &mut Dice,
    ) -> bool {
        let Some(Overlay::Face(prompt)) = &mut self.overlay else {
            return false;
        };
        match action {
            Some(Action::Cancel) => {
                self.overlay = None;
                self.secret_next = false;
                self.show_next = false;
                self.drop_secret_before();
                self.say("Roll given up: nothing changed");
                true
            }
            Some(Action::Accept) => {
                let typed = prompt.input.value().trim();
                let face: u16 = match typed.parse() {
                    Ok(f) if f >= 1 && f <= prompt.sides => f,
                    _ => {
                        prompt.error = Some(format!(
                            "a d{} shows a whole number from 1 to {}",
                            prompt.sides, prompt.sides
                        ));
                        return true;
                    }
                };
                let mut faces = prompt.faces.clone();
                faces.push(face);
                let command = prompt.command.clone();
                self.overlay = None;
                match self.run(command.clone(), dice, Some(faces.clone())) {
                    Exec::Done | Exec::Asked => {}
                    Exec::Failed(why) => self.complain(why),
                }
                true
            }
            _ => {
                let is_digit = matches!(key.code, KeyCode::Char(c) if c.is_ascii_digit());
                let editing = matches!(
                    key.code,
                    KeyCode::Backspace | KeyCode::Delete | KeyCode::Left | KeyCode::Right
                );
                if !(is_digit || editing) {
                    return false;
                }
                prompt.error = None;
                prompt.input.handle_event(&Event::Key(key)).is_some()
            }
        }
    }
}

pub fn draw(frame: &mut Frame, area: Rect, p: &FacePrompt, theme: Theme) {
    let w = width_for(area, 60);
    let mut lines = vec![Line::raw(format!("Roll a d{} for {}.", p.sides, p.purpose))];
    if !p.faces.is_empty() {
        let so_far: Vec<String> = p.faces.iter().map(|f| f.to_string()).collect();
        lines.push(Line::styled(
            format!("Faces so far: {}", so_far.join(", ")),
            theme.dim(),
        ));
    }
    let prompt_at = lines.len();
    lines.push(Line::from(vec![
        Span::styled("Face: ", theme.bold()),
        Span::raw(p.input.value().to_string()),
    ]));
    if let Some(err) = &p.error {
        lines.push(Line::styled(format!("✗ {err}"), theme.error()));
    }
    let h = paragraph_height(&lines, w.saturating_sub(2)) + 2;
    let buf = frame.buffer_mut();
    let inner = dialog(buf, area, w, h, "The table's dice", theme);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
    let x = inner.x + 6 + p.input.visual_cursor() as u16;
    let y = inner.y + prompt_at as u16;
    if x < inner.x + inner.width && y < inner.y + inner.height {
        frame.set_cursor_position(Position::new(x, y));
    }
}
