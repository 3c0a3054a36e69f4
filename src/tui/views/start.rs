//! The start screen: recent sessions, a new session and the bundled demos, each a key or two away.

use std::time::SystemTime;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

use crate::tui::app::{Hit, StartView};
use crate::tui::keymap::{self, Action, Ctx};
use crate::tui::theme::Theme;
use crate::tui::widgets::{RenderTo, centered, fit, form_action_applies, hint_spans, record};

/// "today", "yesterday", "5 days ago": enough to tell sessions apart.
pub fn played(when: SystemTime) -> String {
    let days = SystemTime::now()
        .duration_since(when)
        .map_or(0, |d| d.as_secs() / 86_400);
    match days {
        0 => "today".into(),
        1 => "yesterday".into(),
        n => format!("{n} days ago"),
    }
}

pub fn draw(
    frame: &mut Frame,
    area: Rect,
    start: &StartView,
    theme: Theme,
    hits: &mut Vec<(Rect, Hit)>,
) {
    let buf = frame.buffer_mut();
    let box_area = centered(area, 76, area.height.saturating_sub(2).max(18));
    let block = Block::new()
        .borders(Borders::ALL)
        .border_style(theme.border())
        .title(Span::styled(
            " slotmark: the judge's screen ",
            theme.title(),
        ));
    let inner = block.inner(box_area);
    block.render(box_area, buf);
    let mut y = inner.y;
    let row = |y: u16| Rect::new(inner.x + 1, y, inner.width.saturating_sub(2), 1);
    Line::from(vec![
        Span::styled(" n ", theme.key()),
        Span::raw(" new session"),
        Span::styled("     d ", theme.key()),
        Span::raw(" play a demo"),
        Span::styled("     q ", theme.key()),
        Span::raw(" quit"),
    ])
    .render_to(buf, row(y));
    y += 2;
    Line::styled("Recent sessions", theme.bold()).render_to(buf, row(y));
    y += 1;
    let bottom = inner.y + inner.height.saturating_sub(2);
    if start.recent.is_empty() {
        Line::styled(
            "None yet: start one with n, or try the demo with d.",
            theme.dim(),
        )
        .render_to(buf, row(y));
    }
    let w = inner.width.saturating_sub(2) as usize;
    let name_w = w.saturating_sub(4 + 20 + 14).max(10);
    for (i, s) in start.recent.iter().enumerate() {
        if y >= bottom {
            break;
        }
        let key = if i < 9 {
            format!("{} ", i + 1)
        } else {
            "  ".into()
        };
        let mut line = Line::from(vec![
            Span::styled(key, theme.key()),
            Span::raw(" "),
            Span::raw(format!("{:<name_w$}", fit(&s.title, name_w))),
            Span::styled(format!(" {:<19}", s.ruleset.title()), theme.dim()),
            Span::styled(format!(" {}", played(s.last_played)), theme.dim()),
        ]);
        if i == start.selected {
            line = line.style(theme.selected());
        }
        let r = row(y);
        line.render_to(buf, r);
        record(hits, r, Hit::Recent(i));
        y += 1;
    }
    if let Some(err) = &start.error {
        Paragraph::new(Line::styled(err.clone(), theme.error()))
            .wrap(ratatui::widgets::Wrap { trim: true })
            .render(
                Rect::new(inner.x + 1, bottom, inner.width.saturating_sub(2), 2),
                buf,
            );
    }
    let status = Rect::new(area.x, area.y + area.height - 1, area.width, 1);
    let hints = match &start.prompt {
        // The start screen has no help of its own to open.
        Some(form) => hint_spans(keymap::START_TABLE, Ctx::Form, theme, |a| {
            a != Action::Help && form_action_applies(form, a)
        }),
        None => hint_spans(keymap::START_TABLE, Ctx::Start, theme, |_| true),
    };
    super::hints_line(buf, status, Vec::new(), hints);
    if let Some(form) = &start.prompt {
        crate::tui::widgets::form(frame, area, form, theme);
    }
}
