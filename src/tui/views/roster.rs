//! The roster: everyone in the session by side or group, each with their state at a glance, drawn
//! from the ruleset's roster read model.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Widget};

use crate::rules::Tag;
use crate::tui::app::{Hit, Main};
use crate::tui::keymap::Ctx;
use crate::tui::theme::Theme;
use crate::tui::widgets::{RenderTo, fit_name, record};
use unicode_width::UnicodeWidthStr;

/// The fewest columns a name is cut to for its tags: two letters, the cut, and its number.
const NAME_MIN: usize = 5;

/// The short tags after a name, styled by their tone, one space apart.
fn tags(glance: Vec<Tag>, theme: Theme) -> Vec<Span<'static>> {
    let mut out = Vec::new();
    for (i, tag) in glance.into_iter().enumerate() {
        if i > 0 {
            out.push(Span::raw(" "));
        }
        out.push(Span::styled(tag.text, theme.tone(tag.tone)));
    }
    out
}

pub fn draw(buf: &mut Buffer, area: Rect, main: &Main, theme: Theme, hits: &mut Vec<(Rect, Hit)>) {
    let block = Block::new()
        .borders(Borders::RIGHT)
        .border_style(theme.border());
    let inner = block.inner(area);
    block.render(area, buf);
    let groups = main.session.state().gathered_roster();
    let unseen = main.session.state().veil.unseen(&groups);
    let mut y = inner.y;
    let bottom = inner.y + inner.height;
    if groups.is_empty() {
        // The hint names a key only where the ruleset binds one.
        let ruleset = main.session.state().ruleset();
        let key = crate::tui::sheets::add_key(ruleset).and_then(|a| {
            crate::tui::keymap::key_for(crate::tui::sheets::table(ruleset), Ctx::Main, a)
        });
        let first = match key {
            Some(k) => format!(" Press {k} to add"),
            None => " Type :add to add".to_string(),
        };
        Line::styled(" No one yet.", theme.dim())
            .render_to(buf, Rect::new(inner.x, y, inner.width, 1));
        Line::styled(first, theme.dim()).render_to(buf, Rect::new(inner.x, y + 1, inner.width, 1));
        Line::styled(" a character.", theme.dim())
            .render_to(buf, Rect::new(inner.x, y + 2, inner.width, 1));
        return;
    }
    // Every row first (titles, encounters, members, the gap after each group), so a roster
    // taller than its panel can scroll to keep the selected one in sight: the rows before it
    // that do not fit are left out from the top, and the first row says so.
    let mut rows: Vec<Row> = Vec::new();
    for group in groups {
        let style = if group.party {
            theme.players()
        } else {
            theme.opponents()
        };
        rows.push(Row::Title(
            format!(" {} ({})", group.title, group.members.len()),
            style,
        ));
        // Creatures the judge grouped into encounters stand under the encounter's name, so
        // the judge sees at a glance what the party may meet next and what it has fought.
        let mut under: Option<&str> = None;
        for c in group.members {
            let encounter = main.session.state().encounter_of(c.id);
            let name = encounter.map(|e| e.name.as_str());
            if !group.party
                && name != under
                && let Some(e) = encounter
            {
                let fought = if e.fought { " (met)" } else { "" };
                rows.push(Row::Encounter(format!(" ‹{}›{fought}", e.name)));
            }
            under = name;
            rows.push(Row::Member(c));
        }
        rows.push(Row::Gap);
    }
    let height = usize::from(inner.height);
    let selected_row = rows
        .iter()
        .position(|r| matches!(r, Row::Member(c) if main.view.selected == Some(c.id)))
        .unwrap_or(0);
    let mut skip = if rows.len() > height {
        (selected_row + 2).saturating_sub(height)
    } else {
        0
    };
    if skip > 0 {
        // One row for the mark itself.
        skip += 1;
        Line::styled(format!(" ↑ {skip} rows above"), theme.dim())
            .render_to(buf, Rect::new(inner.x, y, inner.width, 1));
        y += 1;
    }
    for row in rows.into_iter().skip(skip) {
        if y >= bottom {
            break;
        }
        let c = match row {
            Row::Title(text, style) => {
                Line::styled(text, style).render_to(buf, Rect::new(inner.x, y, inner.width, 1));
                y += 1;
                continue;
            }
            Row::Encounter(text) => {
                Line::styled(text, theme.dim())
                    .render_to(buf, Rect::new(inner.x, y, inner.width, 1));
                y += 1;
                continue;
            }
            Row::Gap => {
                y += 1;
                continue;
            }
            Row::Member(c) => c,
        };
        let row = Rect::new(inner.x, y, inner.width, 1);
        let selected = main.view.selected == Some(c.id);
        // The dead show their death and nothing else.
        let mut glance = if c.dead {
            vec![crate::rules::Tag::new("DEAD", crate::rules::Tone::Bad)]
        } else {
            c.glance
        };
        // Kept from the players' table view: the judge sees that it is.
        if unseen.contains(&c.id) {
            glance.insert(0, crate::rules::Tag::new("unseen", crate::rules::Tone::Dim));
        }
        // Down: the mark comes first, so no narrow roster can cut it off.
        if c.out && !c.dead {
            const DOWN: [&str; 7] = [
                "out",
                "ko",
                "dying",
                "fled",
                "critical",
                "unconscious",
                "down",
            ];
            let down = |t: &Tag| DOWN.iter().any(|d| t.text.eq_ignore_ascii_case(d));
            match glance.iter().position(down) {
                Some(i) => {
                    let tag = glance.remove(i);
                    glance.insert(0, tag);
                }
                None => glance.insert(0, crate::rules::Tag::new("OUT", crate::rules::Tone::Bad)),
            }
        }
        // The name keeps its first letters and its number ("Go… 1"): tags that would cut
        // it shorter are left out from the last; the first (the down mark) always stays.
        let least = c.name.width().min(NAME_MIN);
        let room = (inner.width as usize).saturating_sub(1 + least + 1);
        let mut kept_w = 0;
        let kept = glance
            .iter()
            .enumerate()
            .take_while(|(i, tag)| {
                kept_w += tag.text.width() + usize::from(*i > 0);
                *i == 0 || kept_w <= room
            })
            .count();
        glance.truncate(kept);
        let tags = tags(glance, theme);
        let tags_w: usize = tags.iter().map(|s| s.width()).sum();
        let name_w = (inner.width as usize)
            .saturating_sub(2 + tags_w + 1)
            .max(least)
            .max(4);
        let name_style = if c.dead {
            theme.dead()
        } else if c.out {
            theme.dim()
        } else {
            Style::new()
        };
        let mut spans = vec![
            Span::raw(if selected { "▶" } else { " " }),
            Span::styled(fit_name(&c.name, name_w), name_style),
        ];
        let used = 1 + spans[1].width();
        let gap = (inner.width as usize).saturating_sub(used + tags_w).max(1);
        spans.push(Span::raw(" ".repeat(gap)));
        spans.extend(tags);
        let mut line = Line::from(spans);
        if selected {
            line = line.style(theme.selected());
        }
        line.render_to(buf, row);
        record(hits, row, Hit::Character(c.id));
        y += 1;
    }
}

/// One row of the roster as drawn.
enum Row {
    Title(String, Style),
    Encounter(String),
    Member(crate::rules::RosterEntry),
    Gap,
}
