//! The roll log, newest first: every event of every applied step, numbered by step. A clicked line
//! is spelled out in full at the bottom of the panel. Scrolling moves by steps, and only the
//! steps that reach the screen are read (rebuilt in one pass when they are old enough to have
//! let their events go), so a scroll costs the same at step 10 and at step 100,000.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

use crate::rules::Tone;
use crate::session::Event;
use crate::tui::app::{Hit, Main, SaveState};
use crate::tui::logtext::{finds, setup_run, summary_at};
use crate::tui::theme::Theme;
use crate::tui::widgets::{RenderTo, fit, record};

/// One log line: its step (0-based) and place among the step's events, and the event; or the
/// first steps of the session, which set it up without a die, folded into one line.
struct LogLine {
    step: usize,
    k: usize,
    event: Event,
    /// Set on the folded line: how many setting-up steps it stands for.
    folded: Option<usize>,
    /// Set on a line of a fight's summary, after the events of the step that ended it: its
    /// words, in place of the event's.
    summary: Option<String>,
}

/// The marker before a line and the line's own style, from the event's tone: the same symbols
/// for every ruleset.
fn marker(event: &Event, theme: Theme) -> (Span<'static>, Style) {
    let tone = match event {
        Event::Game(e) => e.tone(),
        _ => Tone::Plain,
    };
    let style = match tone {
        Tone::Good => theme.pass(),
        Tone::Plain | Tone::Dim => Style::new(),
        other => theme.tone(other),
    };
    let line = if tone == Tone::Death {
        theme.error()
    } else {
        Style::new()
    };
    (Span::styled(tone.symbol(), style), line)
}

/// The lines of the steps from `top` (0-based, newest shown first) downwards, enough to fill
/// `rows`: the events of a window of steps are fetched in one pass at a time.
fn window(main: &Main, top: usize, rows: usize) -> Vec<LogLine> {
    let mut lines = Vec::with_capacity(rows + 8);
    let setup = setup_run(main).unwrap_or(0);
    let mut end = top + 1;
    let chunk = rows.max(8);
    while end > setup && lines.len() < rows {
        let start = end.saturating_sub(chunk).max(setup);
        let events = main.session.events_in(start..end);
        for (offset, step_events) in events.iter().enumerate().rev() {
            let step = start + offset;
            for (k, event) in step_events.iter().enumerate() {
                lines.push(LogLine {
                    step,
                    k,
                    event: event.clone(),
                    folded: None,
                    summary: None,
                });
            }
            for (i, text) in summary_at(main, step).into_iter().enumerate() {
                lines.push(LogLine {
                    step,
                    k: step_events.len() + i,
                    event: Event::Noted(text.clone()),
                    folded: None,
                    summary: Some(text),
                });
            }
        }
        end = start;
    }
    if setup > 0 && end <= setup && lines.len() < rows {
        lines.push(LogLine {
            step: 0,
            k: 0,
            event: Event::Noted(format!(
                "Setting up: {setup} steps with no dice (characters, items, the scene); click to \
                 unfold them"
            )),
            folded: Some(setup),
            summary: None,
        });
    }
    lines
}

pub fn draw(buf: &mut Buffer, area: Rect, main: &Main, theme: Theme, hits: &mut Vec<(Rect, Hit)>) {
    let undone = main.session.entries().len() - main.session.cursor();
    // Scrolled back, the title says so first, so a narrow screen never hides it: new steps
    // bring the log back to the newest.
    let back = main
        .view
        .log_scroll
        .min(main.session.applied().len().saturating_sub(1));
    let mut title = match back {
        0 => " Roll log, newest first ".to_string(),
        1 => " Roll log ↑ 1 step back (PgDn: newer) ".to_string(),
        n => format!(" Roll log ↑ {n} steps back (PgDn: newer) "),
    };
    if undone > 0 {
        title.push_str(&format!("· {undone} undone (U redoes) "));
    }
    // Played without a file as the judge chose: every step is marked until `:save as PATH`
    // writes them.
    let unsaved = matches!(main.save, SaveState::Unsaved(_));
    if unsaved {
        title.push_str("· not saved (:save as PATH) ");
    }
    // While the file's log is read, the steps made since it opened are shown after its own.
    let before = main.loading.unwrap_or(0);
    if before > 0 {
        title.push_str(&format!("· steps 1-{before} loading… "));
    }
    let search = main.view.search.as_ref().filter(|s| !s.text.is_empty());
    if let Some(search) = search {
        title.push_str(&format!("· ▸ has \"{}\"", search.text));
        if let Some((at, of)) = search.place {
            title.push_str(&format!(": {at} of {of}"));
        }
        title.push(' ');
    }
    let mut block = Block::new()
        .borders(Borders::TOP)
        .border_style(theme.border());
    // The session's file by name, so the judge can give it to `slotmark table NAME`.
    if let Some(store) = &main.store
        && let Some(name) = store.path().file_name()
    {
        let name = format!(" {} ", name.to_string_lossy());
        if title.chars().count() + name.chars().count() + 2 <= usize::from(area.width) {
            block = block.title_top(Line::styled(name, theme.dim()).right_aligned());
        }
    }
    let block = block.title(Span::styled(title, theme.title()));
    let inner = block.inner(area);
    block.render(area, buf);
    if inner.height == 0 {
        return;
    }
    let applied = main.session.applied();
    if applied.is_empty() {
        let nothing = if main.loading.is_some() {
            " The log is loading; new steps show here at once."
        } else {
            " Nothing has happened yet."
        };
        Line::styled(nothing, theme.dim())
            .render_to(buf, Rect::new(inner.x, inner.y, inner.width, 1));
        return;
    }
    let selected = main.view.log_selected;
    let detail_h: u16 = if selected.is_some() && inner.height >= 8 {
        3
    } else {
        0
    };
    let rows = inner.height - detail_h;
    let top = applied.len() - 1 - main.view.log_scroll.min(applied.len() - 1);
    let step_w = (before + applied.len()).to_string().len();
    let mut detail_text = None;
    let lines: Vec<LogLine> = window(main, top, rows as usize)
        .into_iter()
        .take(rows as usize)
        .collect();
    // Which of the steps shown are kept from the players' table view (read only when the judge
    // keeps a step secret, or a step shown is a roll of a kind kept secret by default: a dungeon
    // turn's event die, an encounter roll).
    let seen_from = lines.last().map_or(0, |l| l.step);
    let veil = &main.session.state().veil;
    let secret_kind = |step: usize| {
        applied.get(step).is_some_and(|e| {
            !e.rolls.is_empty()
                && crate::session::kind_of(&e.command)
                    .is_some_and(|k| veil.secret_kinds.contains(&k))
        })
    };
    let seen = if veil.secret.is_empty() && !lines.iter().any(|l| secret_kind(l.step)) {
        Vec::new()
    } else {
        crate::session::seen(&main.session, seen_from..top + 1)
    };
    for (shown, line) in lines.into_iter().enumerate() {
        let id = (line.step, line.k);
        if Some(id) == selected {
            detail_text = Some(
                line.summary
                    .clone()
                    .unwrap_or_else(|| line.event.to_string()),
            );
        }
        let rect = Rect::new(inner.x, inner.y + shown as u16, inner.width, 1);
        let mut step = match line.folded {
            Some(n) => format!("{:>step_w$} ", format!("1-{n}")),
            None if line.k == 0 => format!("{:>step_w$} ", before + line.step + 1),
            None => " ".repeat(step_w + 1),
        };
        let (mark, style) = match (line.folded, &line.summary) {
            (Some(_), _) => (Span::styled("… ", theme.dim()), theme.dim()),
            (None, Some(_)) => (Span::styled("Σ ", theme.title()), Style::new()),
            (None, None) => marker(&line.event, theme),
        };
        let mut text = match (&line.folded, &line.summary, &line.event) {
            (_, Some(t), _) => t.clone(),
            (Some(_), _, Event::Noted(t)) => t.clone(),
            _ => line.event.to_string(),
        };
        // A line the search finds is marked beside its step.
        if line.folded.is_none() && search.is_some_and(|s| finds(&text, &s.text)) {
            step.pop();
            step.push('▸');
        }
        // Kept from the players' table view: the judge sees that it is.
        let secret = line
            .step
            .checked_sub(seen_from)
            .and_then(|i| seen.get(i))
            .is_some_and(|s| s.secret);
        if line.folded.is_none() && secret {
            text.insert_str(0, "(secret) ");
        }
        if unsaved {
            text.insert_str(0, "(unsaved) ");
        }
        let text_w = (inner.width as usize).saturating_sub(step.chars().count() + 2);
        let mut l = Line::from(vec![
            Span::styled(step, theme.dim()),
            mark,
            Span::styled(fit(&text, text_w), style),
        ]);
        if Some(id) == selected {
            l = l.style(theme.selected());
        }
        l.render_to(buf, rect);
        record(
            hits,
            rect,
            match line.folded {
                Some(_) => Hit::LogFold,
                None => Hit::LogLine(line.step, line.k),
            },
        );
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
