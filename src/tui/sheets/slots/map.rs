//! The scene as a picture (R29): each zone a box holding who stands there, a line between
//! linked zones that sit side by side, and underneath the links that could not be drawn, the
//! pairs out of each other's sight and who is off the map. With a character chosen, each box
//! says how far it is from them. Also the scene editor, which is this picture with a list.

use std::collections::VecDeque;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Widget};

use crate::rules::slots::{CharId, Range, Scene, Side, State, ZoneId, zones};
use crate::tui::host::{Hit, Main};
use crate::tui::theme::Theme;
use crate::tui::widgets::{RenderTo, fit, record};

const GAP_X: u16 = 3;
const BOX_H: u16 = 3;

/// Writes text clipped to `area`.
fn put(buf: &mut Buffer, area: Rect, x: u16, y: u16, text: &str, style: Style) {
    if y < area.y || y >= area.y + area.height || x >= area.x + area.width || x < area.x {
        return;
    }
    let room = (area.x + area.width - x) as usize;
    buf.set_stringn(x, y, text, room, style);
}

/// Grid cells for the zones (row, column), so that linked zones sit side by side where they can:
/// zones are taken breadth first along their links, each placed next to a linked zone already
/// on the grid.
pub fn grid(scene: &Scene, cols: usize) -> Vec<(usize, usize)> {
    let n = scene.zones.len();
    let index = |id: ZoneId| scene.zones.iter().position(|z| z.id == id);
    let links: Vec<(usize, usize)> = scene
        .links
        .iter()
        .filter_map(|&(a, b)| Some((index(a)?, index(b)?)))
        .collect();
    let neighbours = |i: usize| -> Vec<usize> {
        links
            .iter()
            .filter_map(|&(a, b)| {
                if a == i {
                    Some(b)
                } else if b == i {
                    Some(a)
                } else {
                    None
                }
            })
            .collect()
    };
    let mut order = Vec::with_capacity(n);
    let mut seen = vec![false; n];
    for start in 0..n {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut queue = VecDeque::from([start]);
        while let Some(i) = queue.pop_front() {
            order.push(i);
            for j in neighbours(i) {
                if !seen[j] {
                    seen[j] = true;
                    queue.push_back(j);
                }
            }
        }
    }
    let cols = cols.max(1);
    let mut pos: Vec<Option<(usize, usize)>> = vec![None; n];
    let mut taken: Vec<(usize, usize)> = Vec::with_capacity(n);
    for &i in &order {
        let mut placed_near: Vec<(usize, usize)> =
            neighbours(i).into_iter().filter_map(|j| pos[j]).collect();
        placed_near.sort();
        let free = |cell: &(usize, usize)| cell.1 < cols && !taken.contains(cell);
        let near = placed_near.iter().find_map(|&(r, c)| {
            let mut around = vec![(r, c + 1), (r + 1, c)];
            if c > 0 {
                around.push((r, c - 1));
            }
            if r > 0 {
                around.push((r - 1, c));
            }
            around.into_iter().find(|cell| free(cell))
        });
        let cell = near.unwrap_or_else(|| {
            (0..)
                .map(|k| (k / cols, k % cols))
                .find(|cell| free(cell))
                .unwrap_or((0, 0))
        });
        pos[i] = Some(cell);
        taken.push(cell);
    }
    pos.into_iter().map(|p| p.unwrap_or((0, 0))).collect()
}

fn range_word(r: Range) -> &'static str {
    match r {
        Range::Reach => "reach",
        Range::Near => "near",
        Range::Far => "far",
        Range::Remote => "remote",
    }
}

/// Draws the map into `area`, with ranges from `from` and the zone `selected` picked out.
/// Returns the rows used.
pub fn draw(
    buf: &mut Buffer,
    area: Rect,
    state: &State,
    from: Option<CharId>,
    selected: Option<ZoneId>,
    theme: Theme,
) -> u16 {
    let scene = &state.scene;
    if area.width < 8 || area.height == 0 {
        return 0;
    }
    if scene.zones.is_empty() {
        put(
            buf,
            area,
            area.x,
            area.y,
            "No zones in this scene yet: z opens the scene editor.",
            theme.dim(),
        );
        return 1;
    }
    let from_zone = from.and_then(|id| state.character(id).ok()?.zone);
    let occupants = |id: ZoneId| -> Vec<(String, Side, bool)> {
        state
            .characters
            .iter()
            .filter(|c| c.zone == Some(id))
            .map(|c| (c.name.clone(), c.side, c.status.dead))
            .collect()
    };
    // A box wide enough for its name and, if it can, its people.
    let want = scene
        .zones
        .iter()
        .map(|z| {
            let people: usize = occupants(z.id)
                .iter()
                .map(|(n, ..)| n.chars().count() + 1)
                .sum();
            (z.name.chars().count() + 6).max(people + 3)
        })
        .max()
        .unwrap_or(12)
        .clamp(14, 28) as u16;
    let bw = want.min(area.width);
    let fit_cols = ((area.width + GAP_X) / (bw + GAP_X)).max(1) as usize;
    let n = scene.zones.len();
    let balanced = (n as f64).sqrt().ceil() as usize + 1;
    let cols = fit_cols.min(balanced.max(2)).min(n).max(1);
    let cells = grid(scene, cols);
    let rows = cells.iter().map(|c| c.0).max().unwrap_or(0) + 1;
    let origin = |(r, c): (usize, usize)| {
        (
            area.x + c as u16 * (bw + GAP_X),
            area.y + r as u16 * (BOX_H + 1),
        )
    };
    let border = theme.border();
    for (i, z) in scene.zones.iter().enumerate() {
        let (x, y) = origin(cells[i]);
        let picked = selected == Some(z.id);
        let edge = if picked { theme.key() } else { border };
        let inner = bw.saturating_sub(2) as usize;
        put(buf, area, x, y, &format!("┌{}┐", "─".repeat(inner)), edge);
        let name = fit(&z.name, inner.saturating_sub(2));
        let name_style = if picked {
            theme.selected().patch(theme.bold())
        } else {
            theme.bold()
        };
        put(buf, area, x + 1, y, &format!(" {name} "), name_style);
        put(buf, area, x, y + 1, "│", edge);
        put(buf, area, x + bw - 1, y + 1, "│", edge);
        let mut cx = x + 1;
        let people = occupants(z.id);
        let mut used = 0usize;
        for (k, (who, side, dead)) in people.iter().enumerate() {
            let left = people.len() - k;
            let w = who.chars().count();
            let room = inner.saturating_sub(used + 1);
            if w + 1 > room || (left > 1 && w + 1 + 3 > room) {
                put(buf, area, cx, y + 1, &format!(" +{left}"), theme.dim());
                break;
            }
            let style = match (side, dead) {
                (_, true) => theme.dead(),
                (Side::Players, _) => theme.players(),
                (Side::Opponents, _) => theme.opponents(),
            };
            put(buf, area, cx, y + 1, " ", Style::new());
            put(buf, area, cx + 1, y + 1, who, style);
            cx += 1 + w as u16;
            used += 1 + w;
        }
        put(
            buf,
            area,
            x,
            y + 2,
            &format!("└{}┘", "─".repeat(inner)),
            edge,
        );
        let mut tags = Vec::new();
        if z.cover {
            tags.push("cover".to_string());
        }
        if let Some(fz) = from_zone {
            tags.push(if fz == z.id {
                "here".to_string()
            } else {
                range_word(zones::zone_range(scene, fz, z.id)).to_string()
            });
        }
        if !tags.is_empty() {
            let text = fit(&format!(" {} ", tags.join(" · ")), inner);
            put(buf, area, x + 1, y + 2, &text, theme.dim());
        }
    }
    // Links between boxes side by side are drawn; the others are listed.
    let index = |id: ZoneId| scene.zones.iter().position(|z| z.id == id);
    let mut listed = Vec::new();
    for &(a, b) in &scene.links {
        let (Some(i), Some(j)) = (index(a), index(b)) else {
            continue;
        };
        let (pi, pj) = (cells[i], cells[j]);
        let (l, r) = if pi <= pj { (pi, pj) } else { (pj, pi) };
        if l.0 == r.0 && l.1 + 1 == r.1 {
            let (x, y) = origin(l);
            put(buf, area, x + bw - 1, y + 1, "├", border);
            put(
                buf,
                area,
                x + bw,
                y + 1,
                &"─".repeat(GAP_X as usize),
                border,
            );
            put(buf, area, x + bw + GAP_X, y + 1, "┤", border);
        } else if l.1 == r.1 && l.0 + 1 == r.0 {
            // Near the right edge, clear of the names and tags written from the left.
            let (x, y) = origin(l);
            let mid = x + bw.saturating_sub(3);
            put(buf, area, mid, y + 2, "┬", border);
            put(buf, area, mid, y + 3, "│", border);
            put(buf, area, mid, y + 4, "┴", border);
        } else {
            listed.push(format!("{} – {}", scene.zones[i].name, scene.zones[j].name));
        }
    }
    let mut y = area.y + rows as u16 * (BOX_H + 1) - 1;
    let mut notes: Vec<(String, Style)> = Vec::new();
    if !listed.is_empty() {
        notes.push((format!("Also linked: {}", listed.join(", ")), theme.base()));
    }
    let hidden: Vec<String> = scene
        .hidden
        .iter()
        .filter_map(|&(a, b)| {
            Some(format!(
                "{} / {}",
                scene.zones[index(a)?].name,
                scene.zones[index(b)?].name
            ))
        })
        .collect();
    if !hidden.is_empty() {
        notes.push((format!("Out of sight: {}", hidden.join(", ")), theme.dim()));
    }
    let off: Vec<&str> = state
        .characters
        .iter()
        .filter(|c| c.zone.is_none() && !c.status.dead)
        .map(|c| c.name.as_str())
        .collect();
    if !off.is_empty() {
        notes.push((format!("Off the map: {}", off.join(", ")), theme.dim()));
    }
    for (text, style) in notes {
        put(
            buf,
            area,
            area.x,
            y,
            &fit(&text, area.width as usize),
            style,
        );
        y += 1;
    }
    (y - area.y).min(area.height)
}

/// One line per zone for the editor's list: name, cover, what it is near, what it cannot see,
/// who stands there.
fn zone_line(state: &State, i: usize) -> String {
    let scene = &state.scene;
    let z = &scene.zones[i];
    let names = |list: &[(ZoneId, ZoneId)]| -> Vec<String> {
        list.iter()
            .filter_map(|&(a, b)| {
                let other = if a == z.id {
                    b
                } else if b == z.id {
                    a
                } else {
                    return None;
                };
                scene
                    .zones
                    .iter()
                    .find(|x| x.id == other)
                    .map(|x| x.name.clone())
            })
            .collect()
    };
    let mut text = z.name.clone();
    if z.cover {
        text.push_str(" (cover)");
    }
    let near = names(&scene.links);
    if !near.is_empty() {
        text.push_str(&format!(" · near {}", near.join(", ")));
    }
    let blind = names(&scene.hidden);
    if !blind.is_empty() {
        text.push_str(&format!(" · cannot see {}", blind.join(", ")));
    }
    let people: Vec<&str> = state
        .characters
        .iter()
        .filter(|c| c.zone == Some(z.id))
        .map(|c| c.name.as_str())
        .collect();
    if !people.is_empty() {
        text.push_str(&format!(" · {}", people.join(", ")));
    }
    text
}

/// The scene editor: the zones as a list (↑↓ pick one) over the map.
pub fn editor(
    buf: &mut Buffer,
    area: Rect,
    main: &Main,
    theme: Theme,
    hits: &mut Vec<(Rect, Hit)>,
) {
    let state = main.slots();
    let rect = area.inner(ratatui::layout::Margin::new(1, 0));
    let rect = Rect::new(
        rect.x,
        rect.y + 1,
        rect.width,
        rect.height.saturating_sub(2),
    );
    Clear.render(rect, buf);
    let title = if state.scene.name.is_empty() {
        " Scene (no name yet: n starts one) ".to_string()
    } else {
        format!(" Scene: {} ", state.scene.name)
    };
    let block = Block::new()
        .borders(Borders::ALL)
        .border_style(theme.border())
        .title(Span::styled(title, theme.title()));
    let inner = block.inner(rect);
    block.render(rect, buf);
    if inner.height < 3 {
        return;
    }
    let who = main.selected();
    let placing = match who {
        Some(c) => {
            let at = c
                .zone
                .and_then(|z| state.scene.zones.iter().find(|x| x.id == z))
                .map_or("off the map".to_string(), |z| format!("in {}", z.name));
            format!(
                "Placing {}, now {at} · Tab: someone else · o: off the map",
                c.name
            )
        }
        None => "Nobody to place yet.".to_string(),
    };
    Line::styled(fit(&placing, inner.width as usize), theme.dim())
        .render_to(buf, Rect::new(inner.x, inner.y, inner.width, 1));
    let zones = &state.scene.zones;
    // Wide: the list on the left, the map beside it; otherwise the list above the map.
    let wide = inner.width >= 120;
    let list_area = if wide {
        Rect::new(inner.x, inner.y + 1, 60, inner.height - 1)
    } else {
        let h = (zones.len() as u16)
            .max(1)
            .min(inner.height.saturating_sub(2) / 2)
            .max(1);
        Rect::new(inner.x, inner.y + 1, inner.width, h)
    };
    let list_h = list_area.height;
    let first = main.view.panel_sel.saturating_sub(list_h as usize - 1);
    if zones.is_empty() {
        Line::styled(" No zones yet: a adds one.", theme.dim())
            .render_to(buf, Rect::new(list_area.x, list_area.y, list_area.width, 1));
    }
    for (row, i) in (first..zones.len()).take(list_h as usize).enumerate() {
        let sel = i == main.view.panel_sel;
        let r = Rect::new(list_area.x, list_area.y + row as u16, list_area.width, 1);
        let text = format!("{}{}", if sel { "▶ " } else { "  " }, zone_line(state, i));
        let mut line = Line::raw(fit(&text, list_area.width as usize));
        if sel {
            line = line.style(theme.selected());
        }
        line.render_to(buf, r);
        record(hits, r, Hit::Entry(i));
    }
    let map = if wide {
        Rect::new(
            inner.x + 62,
            inner.y + 1,
            inner.width - 62,
            inner.height - 1,
        )
    } else {
        let y = list_area.y + list_h + 1;
        Rect::new(
            inner.x,
            y,
            inner.width,
            (inner.y + inner.height).saturating_sub(y),
        )
    };
    let selected = zones.get(main.view.panel_sel).map(|z| z.id);
    draw(buf, map, state, who.map(|c| c.id), selected, theme);
}
