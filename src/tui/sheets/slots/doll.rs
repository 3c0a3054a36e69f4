//! The body picture: each slot a small cell placed roughly where it sits on the body (head on
//! top, torso, arms between the grips, legs, the backpack below), showing its number, its wound
//! (● open, ◐ treated) and its first mark (~ fatigue, or a condition letter; + when there are
//! more). Colour repeats what the symbols already say.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::rules::slots::{Character, Region, SlotNo, Wound};
use crate::tui::host::Hit;
use crate::tui::theme::Theme;
use crate::tui::widgets::{RenderTo, record};

pub const WIDTH: u16 = 18;
const CELL: usize = 4;

/// Rows of slots, top to bottom, and whether each row is the backpack.
fn rows(c: &Character) -> Vec<(Vec<SlotNo>, bool)> {
    let of = |r: Region| -> Vec<SlotNo> {
        (1..=c.slots.len() as SlotNo)
            .filter(|&n| c.layout.region(n) == Some(r))
            .collect()
    };
    let grips = of(Region::Grip);
    let mut arms_row = Vec::new();
    if let Some(&g) = grips.first() {
        arms_row.push(g);
    }
    arms_row.extend(of(Region::ArmsHands));
    arms_row.extend(grips.iter().skip(1));
    let mut out = Vec::new();
    for (row, pack) in [
        (of(Region::Head), false),
        (of(Region::Torso), false),
        (arms_row, false),
        (of(Region::LegsFeet), false),
        (of(Region::Other), false),
        (of(Region::Backpack), true),
    ] {
        // Long rows wrap at three cells so the picture stays narrow.
        for chunk in row.chunks(3) {
            out.push((chunk.to_vec(), pack));
        }
    }
    out
}

fn cell(c: &Character, n: SlotNo, selected: bool, theme: Theme) -> Vec<Span<'static>> {
    let Some(slot) = c.slot(n) else {
        return Vec::new();
    };
    let greyed = c.packed_away(n);
    let mut num_style = if slot.item.is_some() || c.item_at(n).is_some() {
        theme.bold()
    } else {
        theme.dim()
    };
    if greyed {
        num_style = theme.dim();
    }
    let wound = match slot.wound {
        Wound::None => Span::raw(" "),
        Wound::Treated => Span::styled("◐", theme.treated_wound()),
        Wound::Open => Span::styled("●", theme.open_wound()),
    };
    let letters: Vec<char> = slot.marks.iter().map(|m| m.letter()).collect();
    let mark = match (letters.as_slice(), slot.fatigue) {
        ([], false) => " ".to_string(),
        ([], true) => "~".to_string(),
        ([one], false) => one.to_string(),
        _ => "+".to_string(),
    };
    let mut spans = vec![
        Span::styled(format!("{n:>2}"), num_style),
        wound,
        Span::styled(mark, theme.mark()),
    ];
    if selected {
        for s in &mut spans {
            s.style = s.style.patch(theme.selected());
        }
    }
    spans
}

pub fn draw(
    buf: &mut Buffer,
    area: Rect,
    c: &Character,
    selected: SlotNo,
    theme: Theme,
    hits: &mut Vec<(Rect, Hit)>,
) {
    let mut y = area.y;
    let bottom = area.y + area.height;
    let mut pack_started = false;
    for (row, pack) in rows(c) {
        if pack && !pack_started {
            pack_started = true;
            if y < bottom {
                let label = if c.backpack_dropped {
                    "  pack (dropped)"
                } else {
                    "  ── pack ──"
                };
                Line::styled(label, theme.dim())
                    .render_to(buf, Rect::new(area.x, y, area.width, 1));
                y += 1;
            }
        }
        if y >= bottom {
            break;
        }
        let used = row.len() * (CELL + 1);
        let left = (usize::from(area.width).saturating_sub(used)) / 2;
        let mut x = area.x + left as u16;
        for n in row {
            let rect = Rect::new(x, y, CELL as u16, 1);
            Line::from(cell(c, n, n == selected, theme)).render_to(buf, rect);
            record(hits, rect, Hit::Row(n));
            x += CELL as u16 + 1;
        }
        y += 1;
    }
    if y + 1 < bottom {
        let legend = Line::from(vec![
            Span::styled(" ●", theme.open_wound()),
            Span::raw("open "),
            Span::styled("◐", theme.treated_wound()),
            Span::raw("treated"),
        ]);
        legend.render_to(buf, Rect::new(area.x, y + 1, area.width, 1));
    }
}
