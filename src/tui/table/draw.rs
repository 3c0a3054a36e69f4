//! The players' table view on screen: large and plain, from [`TableView`] alone. A wide screen
//! (a projector) gets the order, the party and the others side by side over the roll log; a
//! narrow one (a phone over ssh) stacks them and cuts each to the room it has.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Widget};

use crate::rules::RosterEntry;
use crate::session::TableView;
use crate::tui::theme::Theme;
use crate::tui::widgets::{RenderTo, fit_spans};

use super::big;

/// From this width the order, the party and the others stand side by side.
const WIDE: u16 = 100;
/// From this height whose turn it is gets a box of its own, three lines tall.
const TALL: u16 = 30;

/// A titled list of lines, cut to the room it gets.
struct Section {
    title: &'static str,
    lines: Vec<Line<'static>>,
}

/// Draws the whole view into `area`; `note` is a line at the bottom about the files (the
/// session could not be read just now, say), when there is one.
pub fn draw(buf: &mut Buffer, area: Rect, view: &TableView, theme: Theme, note: Option<&str>) {
    if area.width == 0 || area.height == 0 {
        return;
    }
    let mut y = area.y;
    let bottom = area.y + area.height;
    header(buf, Rect::new(area.x, y, area.width, 1), view, theme);
    y += 1;
    let note_h = u16::from(note.is_some() && area.height > 4);
    // The judge's last words to the table, under the title while there is room for more.
    if let Some(said) = view.said.first()
        && y + 3 + note_h <= bottom
    {
        let line = Line::from(vec![
            Span::raw(" "),
            Span::styled(said.text.clone(), theme.warn()),
        ]);
        render_line(buf, Rect::new(area.x, y, area.width, 1), line);
        y += 1;
    }
    if view.fight.is_some() {
        let size = if area.height < TALL {
            Turn::Lines
        } else if big::width(&now(view)) + 4 <= usize::from(area.width) {
            Turn::Big
        } else {
            Turn::Boxed
        };
        let h = match size {
            Turn::Lines => 2,
            Turn::Boxed => 5,
            Turn::Big => 5 + big::HEIGHT as u16 + 1,
        };
        if y + h + note_h <= bottom {
            turn(buf, Rect::new(area.x, y, area.width, h), view, theme, size);
            y += h;
        }
    }
    let wide = area.width >= WIDE;
    // On a narrow screen the order carries everyone's state, and the lists below it only those
    // who are not in the fight.
    let fighting: Vec<u32> = match (&view.fight, wide) {
        (Some(f), false) => f.order.iter().map(|f| f.id).collect(),
        _ => Vec::new(),
    };
    let sections = [
        order(view, theme, !wide),
        people("Players", &view.party, &fighting, theme.players(), theme),
        people(
            "Others",
            &view.creatures,
            &fighting,
            theme.opponents(),
            theme,
        ),
    ];
    let left = bottom.saturating_sub(y + note_h);
    let rolls_min = (left / 3).max(2);
    if wide {
        let shown: Vec<&Section> = sections.iter().filter(|s| !s.lines.is_empty()).collect();
        if !shown.is_empty() {
            let need = shown
                .iter()
                .map(|s| s.lines.len() as u16)
                .max()
                .unwrap_or(0)
                + 1;
            let h = need.min(left.saturating_sub(rolls_min)).max(2.min(left));
            let w = area.width / shown.len() as u16;
            for (i, s) in shown.iter().enumerate() {
                let x = area.x + w * i as u16;
                let width = if i + 1 == shown.len() {
                    area.x + area.width - x
                } else {
                    w - 1
                };
                section(buf, Rect::new(x, y, width, h), s, theme);
            }
            y += h;
        }
    } else {
        for s in sections.iter().filter(|s| !s.lines.is_empty()) {
            let room = bottom.saturating_sub(y + note_h + rolls_min);
            if room < 2 {
                break;
            }
            let h = (s.lines.len() as u16 + 1).min(room);
            section(buf, Rect::new(area.x, y, area.width, h), s, theme);
            y += h;
        }
    }
    let rolls_h = bottom.saturating_sub(y + note_h);
    if rolls_h >= 2 {
        section(
            buf,
            Rect::new(area.x, y, area.width, rolls_h),
            &rolls(view, theme),
            theme,
        );
    }
    if let (Some(note), 1) = (note, note_h) {
        let line = Line::from(Span::styled(note.to_string(), theme.warn()));
        render_line(buf, Rect::new(area.x, bottom - 1, area.width, 1), line);
    }
}

fn render_line(buf: &mut Buffer, rect: Rect, line: Line<'static>) {
    let spans = fit_spans(line.spans, rect.width as usize);
    Line::from(spans).render_to(buf, rect);
}

fn header(buf: &mut Buffer, rect: Rect, view: &TableView, theme: Theme) {
    let mut spans = vec![Span::styled(format!(" {} ", view.title), theme.title())];
    let clock = &view.clock;
    let mut time = clock.now.clone();
    if !clock.detail.is_empty() {
        time.push(' ');
        time.push_str(&clock.detail);
    }
    if let Some(place) = &clock.place {
        time.push_str(" · ");
        time.push_str(place);
    }
    spans.push(Span::styled(format!("· {time}"), theme.bold()));
    render_line(buf, rect, Line::from(spans));
}

/// The round, who holds the initiative, whose turn it is and who is next.
/// How much room whose turn it is gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Turn {
    /// Two lines: the round, then now and next.
    Lines,
    /// The same in a box of their own.
    Boxed,
    /// The box, with the name of whoever acts in big letters between the two lines.
    Big,
}

/// Whoever acts, as the players see it.
fn now(view: &TableView) -> String {
    match &view.fight {
        Some(f) if !f.acting.is_empty() => f.acting.join(", "),
        _ => "—".to_string(),
    }
}

fn turn(buf: &mut Buffer, rect: Rect, view: &TableView, theme: Theme, size: Turn) {
    let Some(fight) = &view.fight else {
        return;
    };
    let side = if fight.party {
        theme.players()
    } else {
        theme.opponents()
    };
    let mut round = vec![Span::styled(
        format!(" ROUND {} ", fight.round),
        theme.bold(),
    )];
    if !fight.label.is_empty() {
        round.push(Span::raw("· "));
        round.push(Span::styled(fight.label.to_uppercase(), side));
    }
    let round = Line::from(round);
    let now = now(view);
    let next = fight.next.as_deref().unwrap_or("—");
    let big = Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED);
    let now_line = Line::from(vec![
        Span::styled(" NOW ", theme.bold()),
        Span::styled(format!(" {now} "), big),
        Span::raw("   "),
        Span::styled("NEXT ", theme.dim()),
        Span::styled(next.to_string(), theme.bold()),
    ]);
    if size != Turn::Lines {
        let block = Block::new()
            .borders(Borders::ALL)
            .border_style(theme.border());
        let inner = block.inner(rect);
        block.render(rect, buf);
        render_line(buf, Rect::new(inner.x, inner.y, inner.width, 1), round);
        let mut y = inner.y + 2;
        if size == Turn::Big && !fight.acting.is_empty() {
            for row in big::render(&now) {
                let line = Line::from(Span::styled(format!(" {row}"), theme.bold()));
                render_line(buf, Rect::new(inner.x, y, inner.width, 1), line);
                y += 1;
            }
            y += 1;
        }
        render_line(buf, Rect::new(inner.x, y, inner.width, 1), now_line);
    } else {
        render_line(buf, Rect::new(rect.x, rect.y, rect.width, 1), round);
        render_line(buf, Rect::new(rect.x, rect.y + 1, rect.width, 1), now_line);
    }
}

fn section(buf: &mut Buffer, rect: Rect, s: &Section, theme: Theme) {
    let block = Block::new()
        .borders(Borders::TOP)
        .border_style(theme.border())
        .title(Span::styled(format!(" {} ", s.title), theme.title()));
    let inner = block.inner(rect);
    block.render(rect, buf);
    for (i, line) in s.lines.iter().take(inner.height as usize).enumerate() {
        render_line(
            buf,
            Rect::new(inner.x, inner.y + i as u16, inner.width, 1),
            line.clone(),
        );
    }
}

/// The fight's order; with `glance`, each fighter's state after their name.
fn order(view: &TableView, theme: Theme, glance: bool) -> Section {
    let everyone: Vec<&RosterEntry> = view.party.iter().chain(&view.creatures).collect();
    let lines = view
        .fight
        .iter()
        .flat_map(|f| &f.order)
        .map(|f| {
            let mut spans = vec![
                Span::raw(format!(" {} ", f.standing.symbol())),
                Span::styled(f.name.clone(), theme.bold()),
            ];
            if !f.group.is_empty() {
                spans.push(Span::styled(format!("  {}", f.group), theme.dim()));
            }
            // A reason the view left empty is one the fighter's state says already.
            if let crate::rules::Standing::Out(why) = &f.standing
                && !why.is_empty()
            {
                spans.push(Span::styled(format!(" ({why})"), theme.dim()));
            }
            if glance && let Some(entry) = everyone.iter().find(|e| e.id == f.id) {
                spans.extend(tags(entry, theme));
            }
            Line::from(spans)
        })
        .collect();
    Section {
        title: "Order",
        lines,
    }
}

fn tags(entry: &RosterEntry, theme: Theme) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    for tag in &entry.glance {
        spans.push(Span::raw("  "));
        spans.push(Span::styled(tag.text.clone(), theme.tone(tag.tone)));
    }
    spans
}

/// A list of people with their state, leaving out those in `skip`.
fn people(
    title: &'static str,
    who: &[RosterEntry],
    skip: &[u32],
    name_style: Style,
    theme: Theme,
) -> Section {
    let lines = who
        .iter()
        .filter(|e| !skip.contains(&e.id))
        .map(|entry| {
            let style = if entry.dead { theme.dead() } else { name_style };
            let mut spans = vec![Span::raw(" "), Span::styled(entry.name.clone(), style)];
            spans.extend(tags(entry, theme));
            Line::from(spans)
        })
        .collect();
    Section { title, lines }
}

fn rolls(view: &TableView, theme: Theme) -> Section {
    let mut lines: Vec<Line<'static>> = view
        .rolls
        .iter()
        .map(|l| {
            let mark = l.tone.symbol();
            Line::from(vec![
                Span::styled(format!(" {mark}"), theme.tone(l.tone)),
                Span::raw(l.text.clone()),
            ])
        })
        .collect();
    if lines.is_empty() {
        lines.push(Line::styled(" Nothing has been rolled yet.", theme.dim()));
    }
    Section {
        title: "Last rolls, newest first",
        lines,
    }
}
