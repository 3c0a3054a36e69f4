//! The clock and scene panel of wide screens (time of day, the last encounter dice, who carries a
//! light, who is out in the cold, the map with ranges from the selected character), the summary
//! of what a stretch of time changed, and the interrupt window.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

use super::clock_keys::{EncounterDice, Summary, own_light, packed_light};
use super::fight::InterruptWindow;
use super::scene::placed_range;
use crate::rules::slots::{Side, exploration};
use crate::tui::host::{Hit, Main};
use crate::tui::theme::Theme;
use crate::tui::widgets::{RenderTo, centered, fit, record};

/// "0-2", the faces that bring an encounter.
fn faces_on(encounter_faces: u16) -> String {
    if encounter_faces <= 1 {
        "0".to_string()
    } else {
        format!("0-{}", encounter_faces - 1)
    }
}

/// The dice as read (10 is 0), encounters in brackets.
fn dice_spans(d: &EncounterDice, theme: Theme) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    for f in &d.faces {
        let read = f % 10;
        if exploration::is_encounter(*f, d.encounter_faces) {
            spans.push(Span::styled(format!("[{read}]"), theme.warn()));
        } else {
            spans.push(Span::raw(read.to_string()));
        }
        spans.push(Span::raw(" "));
    }
    spans.push(Span::styled(
        format!("(an encounter on {})", faces_on(d.encounter_faces)),
        theme.dim(),
    ));
    spans
}

/// The last encounter dice, from what the rules keep (not from the log's events, which older
/// steps let go).
fn last_dice(main: &Main) -> Option<EncounterDice> {
    main.slots().recent.encounter.clone()
}

fn verdict(encounters: u16, theme: Theme) -> Span<'static> {
    match encounters {
        0 => Span::styled("no encounter", theme.ok()),
        1 => Span::styled("ENCOUNTER", theme.warn()),
        n => Span::styled(format!("{n} ENCOUNTERS"), theme.warn()),
    }
}

/// The clock lines: time, the last encounter dice, lights, the cold.
fn clock_lines(main: &Main, theme: Theme) -> Vec<Line<'static>> {
    let s = main.slots();
    let (h, m) = exploration::time_of_day(&s.clock);
    let mut lines = vec![Line::from(vec![
        Span::styled(
            format!(" Day {} · {h:02}:{m:02}", exploration::day(&s.clock)),
            theme.bold(),
        ),
        Span::raw(format!(" · try {}", s.clock.trys)),
        if s.clock.dark {
            Span::styled(" · dark", theme.warn())
        } else {
            Span::styled(" · light", theme.dim())
        },
    ])];
    let mut dice = vec![Span::styled(" Encounter dice: ", theme.dim())];
    match last_dice(main) {
        Some(d) => {
            let n = d.encounters;
            dice.extend(dice_spans(&d, theme));
            dice.push(Span::raw(" → "));
            dice.push(verdict(n, theme));
        }
        None => dice.push(Span::styled("none rolled yet", theme.dim())),
    }
    lines.push(Line::from(dice));
    let lit = exploration::can_work_at_once(s);
    let mut lights = vec![Span::styled(" Lights: ", theme.dim())];
    let players: Vec<_> = s
        .characters
        .iter()
        .filter(|c| c.side == Side::Players && !c.status.dead)
        .collect();
    for (i, c) in players.iter().enumerate() {
        if i > 0 {
            lights.push(Span::styled(" · ", theme.dim()));
        }
        let text = match (own_light(c), packed_light(c)) {
            (Some((_, item)), _) => format!("{} {item}", c.name),
            (None, Some(item)) => format!("{} none ({item} packed)", c.name),
            (None, None) => format!("{} none", c.name),
        };
        let style = if s.clock.dark && !lit.contains(&c.id) {
            theme.warn()
        } else {
            theme.base()
        };
        lights.push(Span::styled(text, style));
    }
    lines.push(Line::from(lights));
    let cold: Vec<String> = s
        .characters
        .iter()
        .filter(|c| !c.status.dead)
        .filter_map(|c| {
            let e = &c.status.exposure;
            match (e.cold_trys, e.warming) {
                (Some(t), _) => {
                    let period = if crate::rules::slots::ticks::dressed_for_cold(c) {
                        crate::rules::slots::ticks::COLD_TRYS_DRESSED
                    } else {
                        crate::rules::slots::ticks::COLD_TRYS
                    };
                    Some(format!("{} cold {t}/{period} trys", c.name))
                }
                (None, true) => Some(format!("{} warming", c.name)),
                _ => None,
            }
        })
        .collect();
    if !cold.is_empty() {
        lines.push(Line::styled(format!(" {}", cold.join(" · ")), theme.warn()));
    }
    lines
}

/// The panel beside the sheet on wide screens.
pub fn side(buf: &mut Buffer, area: Rect, main: &Main, theme: Theme) {
    let block = Block::new()
        .borders(Borders::BOTTOM | Borders::RIGHT)
        .border_style(theme.border())
        .title(Span::styled(" Clock and scene ", theme.title()));
    let inner = block.inner(area);
    block.render(area, buf);
    let lines = clock_lines(main, theme);
    let mut y = inner.y;
    for line in lines {
        if y >= inner.y + inner.height {
            return;
        }
        line.render_to(buf, Rect::new(inner.x, y, inner.width, 1));
        y += 1;
    }
    if y + 2 >= inner.y + inner.height {
        return;
    }
    let s = main.slots();
    let from = main.selected().filter(|c| c.zone.is_some());
    let mut head = vec![Span::styled(
        if s.scene.name.is_empty() {
            " Map".to_string()
        } else {
            format!(" Map of {}", s.scene.name)
        },
        theme.bold(),
    )];
    if let Some(c) = from {
        head.push(Span::styled(
            format!(" · ranges from {}", c.name),
            theme.dim(),
        ));
    }
    Line::from(head).render_to(buf, Rect::new(inner.x, y, inner.width, 1));
    let map = Rect::new(
        inner.x + 1,
        y + 1,
        inner.width.saturating_sub(1),
        inner.y + inner.height - y - 1,
    );
    let zone = main.selected().and_then(|c| c.zone);
    super::map::draw(buf, map, s, from.map(|c| c.id), zone, theme);
}

pub fn summary_lines(s: &Summary, theme: Theme) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    for d in &s.dice {
        let mut spans = vec![Span::styled("Encounter dice: ", theme.dim())];
        spans.extend(dice_spans(d, theme));
        lines.push(Line::from(spans));
    }
    if !s.dice.is_empty() {
        lines.push(Line::from(vec![
            Span::raw("Verdict: "),
            verdict(s.encounters(), theme),
        ]));
    }
    if let Some(now) = &s.now {
        lines.push(Line::styled(now.clone(), theme.bold()));
    }
    if !lines.is_empty() {
        lines.push(Line::raw(""));
    }
    if s.sheets.is_empty() {
        lines.push(Line::styled("No sheet changed.", theme.dim()));
    }
    for (who, changes) in &s.sheets {
        lines.push(Line::styled(who.clone(), theme.title()));
        for c in changes {
            lines.push(Line::raw(format!("  {c}")));
        }
    }
    if !s.notes.is_empty() {
        lines.push(Line::styled("Also", theme.title()));
        for n in &s.notes {
            lines.push(Line::styled(format!("  {n}"), theme.dim()));
        }
    }
    lines
}

pub fn summary(buf: &mut Buffer, area: Rect, s: &Summary, theme: Theme) {
    let lines = summary_lines(s, theme);
    let w = 90.min(area.width.saturating_sub(2));
    let inner_w = w.saturating_sub(2).max(1) as usize;
    let need: u16 = lines
        .iter()
        .map(|l| l.width().max(1).div_ceil(inner_w) as u16)
        .sum();
    let h = (need + 2).min(area.height.saturating_sub(2)).max(3);
    let rect = centered(area, w, h);
    Clear.render(rect, buf);
    let block = Block::new()
        .borders(Borders::ALL)
        .border_style(theme.border())
        .title(Span::styled(
            format!(" {} ", fit(&s.title, inner_w.saturating_sub(2))),
            theme.title(),
        ));
    let inner = block.inner(rect);
    block.render(rect, buf);
    let max_scroll = need.saturating_sub(inner.height);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .scroll((s.scroll.min(max_scroll), 0))
        .render(inner, buf);
}

pub fn interrupt(
    buf: &mut Buffer,
    area: Rect,
    main: &Main,
    w: &InterruptWindow,
    theme: Theme,
    hits: &mut Vec<(Rect, Hit)>,
) {
    let state = main.slots();
    let actor = state.name_of(w.actor);
    let side = state
        .character(w.actor)
        .map(|c| c.side.other().to_string())
        .unwrap_or_default();
    let mut lines = vec![
        Line::raw(format!(
            "Does one of the {side} interrupt? They take their turn at once: one action, no setup."
        )),
        Line::raw(""),
    ];
    let first = lines.len();
    for (i, id) in w.options.iter().enumerate() {
        let sel = i == w.sel;
        let range = placed_range(state, *id, w.actor)
            .map(|r| format!(" · {r}"))
            .unwrap_or_default();
        let mut line = Line::from(vec![
            Span::raw(if sel { "▶ " } else { "  " }),
            Span::styled(format!("{} ", i + 1), theme.key()),
            Span::raw(format!("{}{range}", state.name_of(*id))),
        ]);
        if sel {
            line = line.style(theme.selected());
        }
        lines.push(line);
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        "Enter: the highlighted one interrupts · Esc: nobody does",
        theme.dim(),
    ));
    let width = 72.min(area.width.saturating_sub(2));
    let inner_w = width.saturating_sub(2).max(1) as usize;
    let need: u16 = lines
        .iter()
        .map(|l| l.width().max(1).div_ceil(inner_w) as u16)
        .sum();
    let rect = centered(area, width, need + 2);
    Clear.render(rect, buf);
    let block = Block::new()
        .borders(Borders::ALL)
        .border_style(theme.border())
        .title(Span::styled(
            format!(
                " {} ",
                fit(&format!("{actor} sets up: {}", w.setup), inner_w - 2)
            ),
            theme.title(),
        ));
    let inner = block.inner(rect);
    block.render(rect, buf);
    let wrapped_first: u16 = lines[..first]
        .iter()
        .map(|l| l.width().max(1).div_ceil(inner_w) as u16)
        .sum();
    for i in 0..w.options.len() {
        let y = inner.y + wrapped_first + i as u16;
        if y < inner.y + inner.height {
            record(hits, Rect::new(inner.x, y, inner.width, 1), Hit::Option(i));
        }
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}
