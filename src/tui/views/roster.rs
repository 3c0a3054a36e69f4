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
use crate::tui::widgets::{RenderTo, labels_each_within, labels_within, record};
use unicode_width::UnicodeWidthStr;

/// Columns between a name and its tags: one, or two before a tag that starts with a number,
/// so it never reads as the name's own number (`Hob  0 (3)/3`, not `Hob 0 (3)/3`).
fn gap(tags: &[Tag]) -> usize {
    match tags.first() {
        Some(t) if t.text.starts_with(|c: char| c.is_ascii_digit()) => 2,
        _ => 1,
    }
}

/// The fewest columns a name keeps beside its tags when it is that long: enough for a label
/// that reads (`Gob 1`, `Wren`), more than the two letters that only just tell names apart.
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
            if !group.party && name != under {
                match encounter {
                    Some(e) => {
                        let fought = if e.fought { " (met)" } else { "" };
                        rows.push(Row::Encounter(format!(" ‹{}›{fought}", e.name)));
                    }
                    // One in no encounter after an encounter's members would read as one of
                    // them (a goblin added mid-fight stood under the hag's hut).
                    None => rows.push(Row::Encounter(" ‹no encounter›".to_string())),
                }
            }
            under = name;
            rows.push(Row::Member(c));
        }
        rows.push(Row::Gap);
    }
    // Each member's tags as they will show, and the room they leave its name.
    let width = inner.width as usize;
    let members: Vec<&crate::rules::RosterEntry> = rows
        .iter()
        .filter_map(|r| match r {
            Row::Member(c) => Some(c),
            _ => None,
        })
        .collect();
    let names: Vec<&str> = members.iter().map(|c| c.name.as_str()).collect();
    // A name keeps at least its first five columns, or the shortest label that tells it from
    // every other on the roster when that is longer: tags that would cut it shorter are left
    // out from the last; the first (the down mark) always stays.
    let shortest = labels_within(&names, 2);
    let tagged: Vec<(Vec<Tag>, usize)> = members
        .iter()
        .zip(&shortest)
        .map(|(c, least)| {
            let least = least.width().max(c.name.width().min(NAME_MIN));
            fit_tags(glance(c, unseen.contains(&c.id)), width, least)
        })
        .collect();
    let widths: Vec<usize> = tagged.iter().map(|(_, w)| *w).collect();
    let mut labels = labels_each_within(&names, &widths).into_iter();
    let mut tagged = tagged.into_iter();
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
    let mut skipped = 0;
    for row in rows {
        let member = matches!(row, Row::Member(_));
        let (label, (glance, _)) = if member {
            match (labels.next(), tagged.next()) {
                (Some(l), Some(t)) => (l, t),
                _ => break,
            }
        } else {
            (String::new(), (Vec::new(), 0))
        };
        if skipped < skip {
            skipped += 1;
            continue;
        }
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
        let least_gap = gap(&glance);
        let tags = tags(glance, theme);
        let tags_w: usize = tags.iter().map(|s| s.width()).sum();
        let name_style = if c.dead {
            theme.dead()
        } else if c.out {
            theme.dim()
        } else {
            Style::new()
        };
        let mut spans = vec![
            Span::raw(if selected { "▶" } else { " " }),
            Span::styled(label, name_style),
        ];
        let used = 1 + spans[1].width();
        let gap = width.saturating_sub(used + tags_w).max(least_gap);
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

/// A member's tags in the order they show: the dead show their death and nothing else; one
/// kept from the players' table view says so; one down has its down mark first, so no narrow
/// roster can cut it off.
fn glance(c: &crate::rules::RosterEntry, unseen: bool) -> Vec<Tag> {
    let mut glance = if c.dead {
        vec![Tag::new("DEAD", crate::rules::Tone::Bad)]
    } else {
        c.glance.clone()
    };
    if unseen {
        glance.insert(0, Tag::new("unseen", crate::rules::Tone::Dim));
    }
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
            None => glance.insert(0, Tag::new("OUT", crate::rules::Tone::Bad)),
        }
    }
    glance
}

/// The tags that fit a row `width` columns wide beside a name of at least `least` columns,
/// left out from the last (the first always stays), and the columns they leave the name.
fn fit_tags(mut glance: Vec<Tag>, width: usize, least: usize) -> (Vec<Tag>, usize) {
    let room = width.saturating_sub(1 + least + gap(&glance));
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
    let tags_w: usize = glance
        .iter()
        .enumerate()
        .map(|(i, t)| t.text.width() + usize::from(i > 0))
        .sum();
    let name_w = width.saturating_sub(1 + gap(&glance) + tags_w).max(least);
    (glance, name_w)
}

/// One row of the roster as drawn.
enum Row {
    Title(String, Style),
    Encounter(String),
    Member(crate::rules::RosterEntry),
    Gap,
}
