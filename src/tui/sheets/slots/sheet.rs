//! The selected character's sheet: every slot with its number, region, item, properties, wound and
//! marks, the body picture beside it, and the selected slot spelled out underneath.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

use super::doll;
use crate::rules::slots::Wound;
use crate::rules::slots::sheet::{TitlePart, sheet_title, slot_detail, slot_rows, wound_cell};
pub use crate::rules::slots::{item_props, item_text, marks_text, slot_line};
use crate::tui::host::{Hit, Main};
use crate::tui::theme::Theme;
use crate::tui::widgets::{RenderTo, pad, record};

pub fn wound_glyph(w: Wound) -> &'static str {
    match w {
        Wound::None => " ",
        Wound::Treated => "◐",
        Wound::Open => "●",
    }
}

pub fn wound_style(w: Wound, theme: Theme) -> Style {
    match w {
        Wound::None => Style::new(),
        Wound::Treated => theme.treated_wound(),
        Wound::Open => theme.open_wound(),
    }
}

/// Room an item's name needs to be read whole (with the `=` of an equipped one).
const ITEM_NAME: usize = 20;

pub fn draw(buf: &mut Buffer, area: Rect, main: &Main, theme: Theme, hits: &mut Vec<(Rect, Hit)>) {
    let block = Block::new()
        .borders(Borders::BOTTOM | Borders::RIGHT)
        .border_style(theme.border());
    let inner = block.inner(area);
    block.render(area, buf);
    let Some(c) = main.selected() else {
        Paragraph::new(vec![
            Line::styled(" No character selected.", theme.dim()),
            Line::styled(
                " Press n to add one, or : for the command palette.",
                theme.dim(),
            ),
        ])
        .render(inner, buf);
        return;
    };
    if inner.height < 3 {
        return;
    }
    // Title: who, which side, which body, and anything that changes how they act.
    let side_style = match c.side {
        crate::rules::slots::Side::Players => theme.players(),
        crate::rules::slots::Side::Opponents => theme.opponents(),
    };
    let mut title = Vec::new();
    let parts = sheet_title(main.slots(), c);
    // A warning that the title line has no room for is read whole under the slots instead.
    let title_w: usize = parts.iter().map(|(_, t)| t.chars().count() + 3).sum();
    let moved = (title_w > usize::from(inner.width))
        .then(|| {
            parts
                .iter()
                .find(|(p, _)| matches!(p, TitlePart::Warning))
                .map(|(_, t)| t.clone())
        })
        .flatten();
    for (part, text) in parts {
        if moved.is_some() && matches!(part, TitlePart::Warning) {
            continue;
        }
        match part {
            TitlePart::Name => title.push(Span::styled(format!(" {text}"), theme.title())),
            TitlePart::Side => {
                title.push(Span::raw(" · "));
                title.push(Span::styled(text, side_style));
            }
            _ => {
                let style = match part {
                    TitlePart::Body => theme.dim(),
                    TitlePart::Warning => theme.error(),
                    _ => theme.warn(),
                };
                title.push(Span::styled(format!(" · {text}"), style));
            }
        }
    }
    Line::from(title).render_to(buf, Rect::new(inner.x, inner.y, inner.width, 1));

    let label_w = c
        .layout
        .slots
        .iter()
        .map(|d| d.label.chars().count())
        .max()
        .unwrap_or(4)
        .min(10);
    let marks_w = 5;
    // The body picture gives way before item names are cut: it shows only when the list beside
    // it still has room for a whole item name.
    let narrow_fixed = 8 + label_w + 2 + marks_w;
    let show_doll = usize::from(inner.width) >= usize::from(doll::WIDTH) + narrow_fixed + ITEM_NAME;
    let doll_w = if show_doll { doll::WIDTH } else { 0 };
    let list_w = inner.width.saturating_sub(doll_w);
    let list = Rect::new(inner.x, inner.y + 1, list_w, inner.height - 1);
    // Slots first; whatever rows are left (at least one) spell out the selected slot.
    let rows_h = (c.slots.len() as u16).min(list.height.saturating_sub(2));
    let detail_h = list.height.saturating_sub(1 + rows_h);

    // Columns: the item takes what the others leave; properties when there is room for them
    // beside a whole item name (from about 120 columns).
    let w = list_w as usize;
    let wound_w = if w >= 70 { 9 } else { 2 };
    let fixed = 8 + label_w + wound_w + marks_w;
    let flexible = w.saturating_sub(fixed);
    let (item_w, props_w) = if flexible >= 2 * ITEM_NAME {
        let item_w = (flexible * 9 / 20).max(ITEM_NAME);
        (item_w, flexible - item_w - 1)
    } else {
        (flexible, 0)
    };
    let header = format!(
        " {:>2} {} {}{}{} {}",
        "#",
        pad("Region", label_w),
        pad("Item", item_w),
        if props_w > 0 {
            format!(" {}", pad("Properties", props_w))
        } else {
            String::new()
        },
        pad(if wound_w > 2 { " Wound" } else { " W" }, wound_w + 1),
        "Marks"
    );
    Line::styled(header, theme.dim()).render_to(buf, Rect::new(list.x, list.y, list.width, 1));

    // Scroll so the selected slot stays visible on layouts longer than the panel.
    let sel = usize::from(main.view.row.max(1)) - 1;
    let first = sel.saturating_sub((rows_h as usize).saturating_sub(1));
    let cells = slot_rows(c);
    for (row, (i, cell)) in cells
        .iter()
        .enumerate()
        .skip(first)
        .take(rows_h as usize)
        .enumerate()
    {
        let n = cell.number;
        let greyed = cell.packed;
        let base = if greyed { theme.dim() } else { Style::new() };
        let num_style = if cell.body {
            theme.bold()
        } else {
            Style::new()
        };
        let mut spans = vec![
            Span::raw(if usize::from(main.view.row) == i + 1 {
                "▶"
            } else {
                " "
            }),
            Span::styled(format!("{:>2} ", n), num_style.patch(base)),
            Span::styled(pad(&cell.region, label_w), base),
            Span::raw(" "),
            Span::styled(pad(&cell.item, item_w), base),
        ];
        if props_w > 0 {
            spans.push(Span::raw(" "));
            spans.push(Span::styled(pad(&cell.props, props_w), theme.dim()));
        }
        spans.push(Span::raw(" "));
        spans.push(Span::styled(
            pad(wound_cell(cell.wound, wound_w > 2), wound_w),
            wound_style(cell.wound, theme),
        ));
        spans.push(Span::raw(" "));
        spans.push(Span::styled(pad(&cell.marks, marks_w), theme.mark()));
        let mut line = Line::from(spans);
        if usize::from(main.view.row) == i + 1 {
            line = line.style(theme.selected());
        }
        let rect = Rect::new(list.x, list.y + 1 + row as u16, list.width, 1);
        line.render_to(buf, rect);
        record(hits, rect, Hit::Row(n));
    }

    // The selected slot, spelled out.
    let detail = Rect::new(list.x, list.y + 1 + rows_h, list.width, detail_h);
    let text = format!(" {}", slot_detail(c, main.view.row));
    let mut lines = Vec::new();
    if let Some(warning) = moved {
        lines.push(Line::styled(format!(" {warning}"), theme.error()));
    }
    lines.push(Line::styled(text, theme.base()));
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .render(detail, buf);

    if show_doll {
        let doll_area = Rect::new(inner.x + list_w, inner.y + 1, doll_w, inner.height - 1);
        doll::draw(buf, doll_area, c, main.view.row, theme, hits);
    }
}

/// The selected character's wounds, marks and ongoing hazards, spelled out (wide screens).
pub fn conditions(buf: &mut Buffer, area: Rect, main: &Main, theme: Theme) {
    let block = Block::new()
        .borders(Borders::BOTTOM | Borders::RIGHT)
        .border_style(theme.border())
        .title(Span::styled(" Wounds and conditions ", theme.title()));
    let inner = block.inner(area);
    block.render(area, buf);
    let Some(c) = main.selected() else {
        return;
    };
    // The rules' words, each label in the tone of what it names.
    let mut lines: Vec<Line> = crate::rules::slots::condition_lines(main.slots(), c)
        .into_iter()
        .map(|(label, text)| {
            if label.is_empty() {
                return Line::styled(format!(" {text}"), theme.warn());
            }
            let style = match label.chars().next() {
                Some('⚠') => theme.error(),
                Some('●') => theme.open_wound(),
                Some('◐') => theme.treated_wound(),
                _ => theme.mark(),
            };
            Line::from(vec![
                Span::styled(format!(" {label} "), style),
                Span::raw(text),
            ])
        })
        .collect();
    if lines.is_empty() {
        lines.push(Line::styled(" No wounds, no marks.", theme.dim()));
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}
