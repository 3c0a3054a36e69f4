//! The help over any screen or dialog: every key of the context under it, straight from the
//! screen's key table, and on the main screen what the ruleset's symbols mean.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::tui::host::{Main, Overlay};
use crate::tui::keymap::{self, Action, Ctx, Table};
use crate::tui::theme::Theme;
use crate::tui::widgets::{dialog, pad, paragraph_height, width_for};

impl Main {
    pub(crate) fn help_key(&mut self, action: Option<Action>) -> bool {
        let Some(Overlay::Help { scroll, most, .. }) = &mut self.overlay else {
            return false;
        };
        match action {
            Some(Action::Up) => *scroll = (*scroll).min(most.get()).saturating_sub(1),
            Some(Action::Down) => *scroll = scroll.saturating_add(1).min(most.get()),
            Some(Action::Cancel) => {
                if let Some(Overlay::Help { back, .. }) = self.overlay.take() {
                    self.overlay = back.map(|b| *b);
                }
            }
            _ => return false,
        }
        true
    }
}

/// Every key of the context under the help, straight from the keymap; on the main screen the
/// legend, and the credit the ruleset's tables owe when there is one.
pub fn help_lines(
    table: Table,
    legend: &[(&'static str, &'static str)],
    under: Ctx,
    credit: Option<&'static str>,
    theme: Theme,
) -> Vec<Line<'static>> {
    let mut lines = vec![
        Line::styled(format!("Keys on the {}", under.title()), theme.bold()),
        Line::raw(""),
    ];
    let key_w = keymap::bindings(table, under)
        .map(|b| keymap::keys_label(b).chars().count())
        .max()
        .unwrap_or(4)
        .min(16);
    for b in keymap::bindings(table, under) {
        lines.push(Line::from(vec![
            Span::styled(
                format!(" {} ", pad(&keymap::keys_label(b), key_w)),
                theme.key(),
            ),
            Span::raw(b.help),
        ]));
    }
    if under == Ctx::Found {
        lines.push(Line::raw(""));
        lines.push(Line::raw(
            "Every other key works as on the main screen; Esc leaves the search.",
        ));
    }
    if under == Ctx::Main && !legend.is_empty() {
        lines.push(Line::raw(""));
        lines.push(Line::styled("Reading the screen", theme.bold()));
        for (sym, what) in legend {
            lines.push(Line::from(vec![
                Span::styled(format!(" {} ", pad(sym, key_w.max(14))), theme.key()),
                Span::raw(*what),
            ]));
        }
    }
    if let Some(credit) = credit.filter(|_| under == Ctx::Main) {
        lines.push(Line::raw(""));
        lines.push(Line::raw(credit));
    }
    lines
}

/// Draws the help's lines (from [`help_lines`]) scrolled by `scroll`; returns the furthest it
/// scrolls in `area`.
pub fn draw(
    buf: &mut Buffer,
    area: Rect,
    lines: Vec<Line<'static>>,
    scroll: u16,
    theme: Theme,
) -> u16 {
    let w = width_for(area, 100);
    let h = area.height.saturating_sub(2);
    let inner = dialog(buf, area, w, h, "Help", theme);
    let body = inner;
    let max_scroll = paragraph_height(&lines, body.width).saturating_sub(body.height);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .scroll((scroll.min(max_scroll), 0))
        .render(body, buf);
    max_scroll
}
