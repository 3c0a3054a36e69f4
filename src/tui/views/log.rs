//! The roll log, newest first: every event of every applied step, numbered by step. A clicked line
//! is spelled out in full at the bottom of the panel.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

use super::{RenderTo, fit, record};
use crate::rules::GameEvent;
use crate::rules::slots::{Event as SlotEvent, Verdict};
use crate::session::Event;
use crate::tui::app::{Hit, Main};
use crate::tui::theme::Theme;

/// One log line: the step it belongs to (when it is the step's first), a marker and its text.
struct LogLine {
    step: Option<usize>,
    event: Event,
}

fn marker(event: &Event, theme: Theme) -> (Span<'static>, Style) {
    match event {
        Event::Game(GameEvent::Slots(e)) => match e {
            SlotEvent::Rolled(line) => match line.verdict {
                Verdict::Pass => (Span::styled("✓ ", theme.pass()), Style::new()),
                Verdict::Fail => (Span::styled("✗ ", theme.fail()), Style::new()),
            },
            SlotEvent::Died { .. } => (Span::styled("✝ ", theme.error()), theme.error()),
            SlotEvent::Asked { .. } => (Span::styled("? ", theme.warn()), Style::new()),
            SlotEvent::Overridden { .. } => (Span::styled("! ", theme.warn()), Style::new()),
            SlotEvent::Wounded { .. } | SlotEvent::Hit(_) => {
                (Span::styled("● ", theme.open_wound()), Style::new())
            }
            SlotEvent::Marked { .. } | SlotEvent::Fatigue { .. } => {
                (Span::styled("~ ", theme.mark()), Style::new())
            }
            _ => (Span::raw("· "), Style::new()),
        },
        _ => (Span::raw("· "), Style::new()),
    }
}

pub fn draw(buf: &mut Buffer, area: Rect, main: &Main, theme: Theme, hits: &mut Vec<(Rect, Hit)>) {
    let undone = main.session.entries().len() - main.session.cursor();
    let mut title = " Roll log, newest first ".to_string();
    if undone > 0 {
        title.push_str(&format!("· {undone} undone (U redoes) "));
    }
    let block = Block::new()
        .borders(Borders::TOP)
        .border_style(theme.border())
        .title(Span::styled(title, theme.title()));
    let inner = block.inner(area);
    block.render(area, buf);
    if inner.height == 0 {
        return;
    }
    let applied = main.session.applied();
    if applied.is_empty() {
        Line::styled(" Nothing has happened yet.", theme.dim())
            .render_to(buf, Rect::new(inner.x, inner.y, inner.width, 1));
        return;
    }
    // Newest first and lazily: only the steps that reach the screen are read, and steps old
    // enough to have let their events go are rebuilt by the session on the way.
    let lines = (0..applied.len()).rev().flat_map(|i| {
        main.session
            .events(i)
            .iter()
            .enumerate()
            .map(|(k, event)| LogLine {
                step: (k == 0).then_some(i + 1),
                event: event.clone(),
            })
            .collect::<Vec<_>>()
    });
    let selected = main.view.log_selected;
    let detail_h: u16 = if selected.is_some() && inner.height >= 8 {
        3
    } else {
        0
    };
    let rows = inner.height - detail_h;
    let step_w = applied.len().to_string().len();
    let mut detail_text = None;
    let mut shown = 0u16;
    for (index, line) in lines.enumerate().skip(main.view.log_scroll) {
        if Some(index) == selected {
            detail_text = Some(line.event.to_string());
        }
        if shown >= rows {
            if selected.is_none_or(|s| s < index) {
                break;
            }
            continue;
        }
        let rect = Rect::new(inner.x, inner.y + shown, inner.width, 1);
        let step = match line.step {
            Some(n) => format!("{n:>step_w$} "),
            None => " ".repeat(step_w + 1),
        };
        let (mark, style) = marker(&line.event, theme);
        let text_w = (inner.width as usize).saturating_sub(step.len() + 2);
        let mut l = Line::from(vec![
            Span::styled(step, theme.dim()),
            mark,
            Span::styled(fit(&line.event.to_string(), text_w), style),
        ]);
        if Some(index) == selected {
            l = l.style(theme.selected());
        }
        l.render_to(buf, rect);
        record(hits, rect, Hit::LogLine(index));
        shown += 1;
    }
    if let (Some(text), true) = (detail_text, detail_h > 0) {
        let rect = Rect::new(inner.x, inner.y + rows, inner.width, detail_h);
        Paragraph::new(Line::styled(text, theme.bold()))
            .block(
                Block::new()
                    .borders(Borders::TOP)
                    .border_style(theme.border()),
            )
            .wrap(Wrap { trim: true })
            .render(rect, buf);
    }
}
