//! The initiative strip every ruleset gets from its read model: the round, who holds the
//! initiative and why, what the turn waits for, and everyone in the order they act, each marked
//! acting, interrupting, done, still to act or out. A click on a name selects it. On a short
//! terminal the strip folds into one line. A ruleset with more to show (setups and interrupts, in
//! the slot system) draws its own instead.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::rules::{Fighter, Initiative, Standing, Upcoming};
use crate::tui::host::{Hit, Main};
use crate::tui::theme::Theme;
use crate::tui::widgets::{RenderTo, fit, fit_spans, labels_fitting, record};
use unicode_width::UnicodeWidthStr;

/// Rows the strip takes on a screen this tall: a title row, one row per group and a rule when
/// there is room, one line otherwise.
pub fn height(screen_height: u16) -> u16 {
    if screen_height >= 36 { 4 } else { 1 }
}

fn token_style(f: &Fighter, selected: bool, theme: Theme) -> Style {
    let base = match f.standing {
        Standing::Acting | Standing::Interrupting => theme.bold(),
        Standing::Acted | Standing::Out(_) => theme.dim(),
        Standing::Ready => Style::new(),
    };
    if selected { theme.selected() } else { base }
}

/// The symbol that marks who acts next where the listed order does not say it.
pub const NEXT: &str = "»";

/// Who acts next, when the ruleset names someone the listed order does not (groups taking
/// turns one member at a time): the one the strip marks [`NEXT`].
fn named_next(fight: &Initiative) -> Option<u32> {
    match fight.next {
        Upcoming::Fighter(id) => fight
            .order
            .iter()
            .find(|f| f.id == id)
            .filter(|f| !matches!(f.standing, Standing::Acting | Standing::Out(_)))
            .map(|f| f.id),
        Upcoming::Order | Upcoming::Side(_) | Upcoming::NotYet => None,
    }
}

/// The columns a row of tokens of these widths takes, two apart.
fn row_width(widths: &[usize]) -> usize {
    (widths.iter().map(|w| w + 2).sum::<usize>()).saturating_sub(2)
}

/// Where each group goes when there are more groups than rows: one after another, each after
/// its name (`party:`), a group that does not fit the rest of a row starting the next while
/// there is one. Gives each group's row and column (from 0), and whether every fighter fits.
fn flow(
    groups: &[(&str, Vec<usize>)],
    widths: &[usize],
    width: usize,
    rows: usize,
) -> (Vec<(usize, usize)>, bool) {
    let (mut y, mut x) = (0, 1);
    let mut fit = true;
    let mut at = Vec::new();
    for (name, members) in groups {
        let ws: Vec<usize> = members.iter().map(|&i| widths[i]).collect();
        let need = name.width() + 2 + row_width(&ws);
        if x + need > width && x > 1 && y + 1 < rows {
            y += 1;
            x = 1;
        }
        at.push((y, x));
        fit &= x + need <= width;
        x += need + 3;
    }
    (at, fit)
}

/// What the strip writes for each fighter of the order: its mark and its whole name, why it is
/// out and what ordered it (after a colon, so an order number never reads as part of a name:
/// `Bo: 25`) when all of that fits; else its mark and its label, decided from the whole fight's
/// names and the room, never from who acts or what the notes say, so a fighter reads the same
/// from one step to the next while the fight keeps its fighters. Labels shorten, down to what
/// only just tells the fighters apart, before anyone is left out (`+2`).
fn token_texts(
    fight: &Initiative,
    next: Option<u32>,
    fits: impl Fn(&[usize]) -> bool,
) -> Vec<String> {
    let symbol = |f: &Fighter| {
        if next == Some(f.id) {
            NEXT
        } else {
            f.standing.symbol()
        }
    };
    let full: Vec<String> = fight
        .order
        .iter()
        .map(|f| {
            let mut text = format!("{} {}", symbol(f), f.name);
            if let Standing::Out(why) = &f.standing {
                text.push_str(&format!(" ({why})"));
            }
            if let Some(note) = &f.order_note {
                text.push_str(&format!(": {note}"));
            }
            text
        })
        .collect();
    let widths = |texts: &[String]| texts.iter().map(|t| t.width()).collect::<Vec<_>>();
    if fits(&widths(&full)) {
        return full;
    }
    let names: Vec<&str> = fight.order.iter().map(|f| f.name.as_str()).collect();
    // Each label takes its mark and a space before it.
    let labels = labels_fitting(&names, |ls| {
        fits(&ls.iter().map(|l| l.width() + 2).collect::<Vec<_>>())
    });
    fight
        .order
        .iter()
        .zip(labels)
        .map(|(f, label)| format!("{} {label}", symbol(f)))
        .collect()
}

/// Draws fighters from `x` along one row, each with its text; returns where it stopped.
/// Those that find no room are counted at the end (`+2`) rather than cut.
fn tokens(
    buf: &mut Buffer,
    row: Rect,
    fighters: &[&Fighter],
    texts: &[&str],
    main: &Main,
    theme: Theme,
    hits: &mut Vec<(Rect, Hit)>,
) -> u16 {
    let (y, mut x) = (row.y, row.x);
    let end = row.x + row.width;
    for (i, (f, text)) in fighters.iter().zip(texts).enumerate() {
        let w = text.width() as u16;
        let left = fighters.len() - i;
        // The last one needs only its own width; any other leaves room to count those after it.
        let need = if left == 1 { w } else { w + 2 + 3 };
        if x + need > end {
            let more = format!("+{left}");
            if x + more.width() as u16 <= end {
                Line::styled(more, theme.dim()).render_to(buf, Rect::new(x, y, end - x, 1));
            }
            return end;
        }
        let rect = Rect::new(x, y, w, 1);
        let selected = main.view.selected == Some(f.id);
        Line::styled(text.to_string(), token_style(f, selected, theme)).render_to(buf, rect);
        record(hits, rect, Hit::Actor(f.id));
        x += w + 2;
    }
    x
}

/// Is the label of the initiative the name of the one acting? Then the strip says it once,
/// on that fighter.
fn label_is_actor(fight: &Initiative) -> bool {
    fight
        .acting
        .and_then(|id| fight.order.iter().find(|f| f.id == id))
        .is_some_and(|f| f.name == fight.label)
}

pub fn draw(
    buf: &mut Buffer,
    area: Rect,
    main: &Main,
    fight: &Initiative,
    theme: Theme,
    hits: &mut Vec<(Rect, Hit)>,
) {
    let holder = if fight.party {
        theme.players()
    } else {
        theme.opponents()
    };
    let next = named_next(fight);
    let sep = || Span::styled(" │ ", theme.border());
    let mut title = vec![Span::styled(
        format!(" Round {}", fight.round),
        theme.title(),
    )];
    if !label_is_actor(fight) {
        title.push(sep());
        title.push(Span::styled(format!("▶ {}", fight.label), holder));
    }
    if !fight.waiting.is_empty() {
        title.push(sep());
        title.push(Span::styled(fight.waiting.clone(), theme.bold()));
    }
    if let Some(why) = &fight.why {
        title.push(sep());
        title.push(Span::styled(why.clone(), theme.dim()));
    }
    let everyone: Vec<&Fighter> = fight.order.iter().collect();
    if area.height < 3 {
        // One line: the round, then everyone in order; whose turn it is the header says, so
        // the rest of the title comes after them, only where it leaves their names whole.
        let lead = format!(" Round {} ", fight.round);
        let lead_w = lead.width() as u16;
        Line::styled(lead, theme.title()).render_to(buf, Rect::new(area.x, area.y, area.width, 1));
        let start = area.x + lead_w.min(area.width);
        let room = (area.x + area.width).saturating_sub(start);
        let texts = token_texts(fight, next, |ws| row_width(ws) <= room as usize);
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        let end = tokens(
            buf,
            Rect::new(start, area.y, room, 1),
            &everyone,
            &texts,
            main,
            theme,
            hits,
        );
        let room = (area.x + area.width).saturating_sub(end) as usize;
        if room > 12 {
            // The turn's words that name the actor again are left out: the header names it.
            let actor = fight
                .acting
                .and_then(|id| fight.order.iter().find(|f| f.id == id))
                .map(|f| f.name.as_str());
            let is_sep = |s: &Span| s.content.trim() == "│";
            let mut rest: Vec<Span<'static>> = Vec::new();
            for span in title.split_off(1) {
                let doubled = is_sep(&span) && rest.last().is_some_and(is_sep);
                if !doubled && !actor.is_some_and(|a| span.content.contains(a)) {
                    // The ▶ on one line is the actor's token alone: the label that follows
                    // reads without one (`▶ lowest count first` read as a second actor).
                    let span = match span.content.strip_prefix("▶ ") {
                        Some(words) => Span::styled(words.to_string(), span.style),
                        None => span,
                    };
                    rest.push(span);
                }
            }
            // Only words that fit whole: a label cut (`lowest count…`) says nothing, and the
            // header and the status line say whose turn and which phase.
            let mut used = 0;
            let mut rest: Vec<Span<'static>> = rest
                .into_iter()
                .take_while(|span| {
                    used += span.width();
                    used <= room
                })
                .collect();
            // A separator with nothing after it says nothing.
            while rest.last().is_some_and(is_sep) {
                rest.pop();
            }
            Line::from(rest).render_to(buf, Rect::new(end, area.y, room as u16, 1));
        }
        return;
    }
    Line::from(fit_spans(title, area.width as usize))
        .render_to(buf, Rect::new(area.x, area.y, area.width, 1));
    let rule_y = area.y + area.height - 1;
    Line::styled("─".repeat(area.width as usize), theme.border())
        .render_to(buf, Rect::new(area.x, rule_y, area.width, 1));
    if fight.sequence {
        // One sequence (by count, by roll): one row in that order, whatever the sides.
        let room = area.width.saturating_sub(1);
        let texts = token_texts(fight, next, |ws| row_width(ws) <= room as usize);
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        tokens(
            buf,
            Rect::new(area.x + 1, area.y + 1, room, 1),
            &everyone,
            &texts,
            main,
            theme,
            hits,
        );
        return;
    }
    // One row per group, in the order the groups first act.
    let mut groups: Vec<(&str, Vec<usize>)> = Vec::new();
    for (i, f) in fight.order.iter().enumerate() {
        match groups.iter_mut().find(|(g, _)| *g == f.group.as_str()) {
            Some((_, members)) => members.push(i),
            None => groups.push((&f.group, vec![i])),
        }
    }
    let pick =
        |members: &[usize]| -> Vec<&Fighter> { members.iter().map(|&i| everyone[i]).collect() };
    let rows = area.height.saturating_sub(2) as usize;
    let width = area.width as usize;
    if groups.len() > rows {
        // More groups than rows: every group on the rows there are, one after another, each
        // after its name, so nobody falls off the strip.
        let texts = token_texts(fight, next, |ws| flow(&groups, ws, width, rows).1);
        let widths: Vec<usize> = texts.iter().map(|t| t.width()).collect();
        let (at, _) = flow(&groups, &widths, width, rows);
        for ((group, members), (row, col)) in groups.iter().zip(at) {
            let (y, x) = (area.y + 1 + row as u16, area.x + col as u16);
            let label = format!("{group}:");
            let w = label.width() as u16;
            let end = area.x + area.width;
            Line::styled(label, theme.dim())
                .render_to(buf, Rect::new(x, y, w.min(end.saturating_sub(x)), 1));
            let x = x + w + 1;
            let mine: Vec<&str> = members.iter().map(|&i| texts[i].as_str()).collect();
            tokens(
                buf,
                Rect::new(x, y, end.saturating_sub(x), 1),
                &pick(members),
                &mine,
                main,
                theme,
                hits,
            );
        }
    } else {
        let label_w = 13u16;
        let room = area.width.saturating_sub(label_w) as usize;
        let texts = token_texts(fight, next, |ws| {
            groups.iter().all(|(_, members)| {
                let mine: Vec<usize> = members.iter().map(|&i| ws[i]).collect();
                row_width(&mine) <= room
            })
        });
        for (row, (group, members)) in groups.iter().enumerate() {
            let y = area.y + 1 + row as u16;
            Line::styled(
                format!(" {}", fit(group, label_w as usize - 2)),
                theme.dim(),
            )
            .render_to(buf, Rect::new(area.x, y, label_w, 1));
            let mine: Vec<&str> = members.iter().map(|&i| texts[i].as_str()).collect();
            tokens(
                buf,
                Rect::new(area.x + label_w, y, room as u16, 1),
                &pick(members),
                &mine,
                main,
                theme,
                hits,
            );
        }
    }
}
