//! A group roll that waits for the judge: each member's die with what it means; members may swap
//! dice (`s` on one, then on the other), Enter reads every die, Esc drops the roll.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::rules::{Answer, GroupView, PendingView};
use crate::tui::host::{Dice, Hit, Main};
use crate::tui::keymap::Action;
use crate::tui::theme::Theme;
use crate::tui::widgets::{dialog, fit, pad, paragraph_height, record, width_for};

impl Main {
    pub(crate) fn group_key(&mut self, action: Option<Action>, dice: &mut Dice) -> bool {
        let Some(PendingView::Group(group)) = self.session.state().game.pending() else {
            return false;
        };
        let members: Vec<u32> = group.members.iter().map(|m| m.id).collect();
        let n = members.len();
        match action {
            Some(Action::Up) => {
                self.view.pending_sel = self.view.pending_sel.saturating_sub(1);
                true
            }
            Some(Action::Down) => {
                if self.view.pending_sel + 1 < n {
                    self.view.pending_sel += 1;
                }
                true
            }
            Some(Action::Swap) => {
                let Some(&here) = members.get(self.view.pending_sel) else {
                    return false;
                };
                match self.view.swap_first {
                    None => {
                        self.view.swap_first = Some(here);
                        true
                    }
                    Some(first) if first == here => {
                        self.view.swap_first = None;
                        true
                    }
                    Some(first) => {
                        self.view.swap_first = None;
                        self.answer(Answer::Swap(first, here), dice)
                    }
                }
            }
            Some(Action::Accept) => self.answer(Answer::Accept, dice),
            Some(Action::Cancel) => {
                if self.view.swap_first.take().is_some() {
                    return true;
                }
                self.answer(Answer::Cancel, dice)
            }
            Some(Action::Undo) => self.undo(),
            Some(Action::Redo) => self.redo(),
            _ => false,
        }
    }
}

pub fn draw(
    buf: &mut Buffer,
    area: Rect,
    main: &Main,
    g: &GroupView,
    theme: Theme,
    hits: &mut Vec<(Rect, Hit)>,
) {
    let w = width_for(area, 84);
    let mut lines = vec![Line::styled(g.how.clone(), theme.dim()), Line::raw("")];
    let first_member = lines.len();
    for (i, m) in g.members.iter().enumerate() {
        let sel = i == main.view.pending_sel;
        let mut spans = vec![
            Span::raw(if sel { "▶ " } else { "  " }),
            Span::styled(pad(&m.name, 14), theme.bold()),
            Span::raw(format!(
                " [{:>2}] → {}",
                m.face,
                fit(&m.note, (w as usize).saturating_sub(42))
            )),
        ];
        if m.swapped {
            spans.push(Span::styled("  (swapped)", theme.dim()));
        }
        if main.view.swap_first == Some(m.id) {
            spans.push(Span::styled("  ⇄ swap with…", theme.key()));
        }
        let mut line = Line::from(spans);
        if sel {
            line = line.style(theme.selected());
        }
        lines.push(line);
    }
    let h = paragraph_height(&lines, w.saturating_sub(2)) + 2;
    let inner = dialog(buf, area, w, h, &g.title, theme);
    for i in 0..g.members.len() {
        let y = inner.y + (first_member + i) as u16;
        if y < inner.y + inner.height {
            record(hits, Rect::new(inner.x, y, inner.width, 1), Hit::Member(i));
        }
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}
