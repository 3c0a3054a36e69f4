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
use crate::tui::widgets::{RenderTo, fit, fit_name, fit_spans, record};
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

/// The width each of `widths` may take so that all fit `room`: those that fit a fair share
/// keep their own width, the rest split what is left evenly. When all fit, nobody is cut: the
/// whole room.
fn fair_share(widths: &[usize], room: usize) -> usize {
    let mut sorted = widths.to_vec();
    sorted.sort_unstable();
    let (mut left, mut many) = (room, sorted.len());
    for w in sorted {
        if many == 0 || w > left / many {
            break;
        }
        left -= w;
        many -= 1;
    }
    if many == 0 {
        return room;
    }
    left / many
}

/// Draws fighters from `x` along one row, `next` marked as next; returns where it stopped.
fn tokens<'a>(
    buf: &mut Buffer,
    row: Rect,
    fighters: impl Iterator<Item = &'a Fighter>,
    next: Option<u32>,
    main: &Main,
    theme: Theme,
    hits: &mut Vec<(Rect, Hit)>,
) -> u16 {
    let fighters: Vec<&Fighter> = fighters.collect();
    let (y, mut x) = (row.y, row.x);
    let end = row.x + row.width;
    let symbol = |f: &Fighter| {
        if next == Some(f.id) {
            NEXT
        } else {
            f.standing.symbol()
        }
    };
    let full = |f: &Fighter| {
        let mut text = format!("{} {}", symbol(f), f.name);
        if let Standing::Out(why) = &f.standing {
            text.push_str(&format!(" ({why})"));
        }
        if let Some(note) = &f.order_note {
            text.push_str(&format!(" {note}"));
        }
        text
    };
    // Everyone in full when there is room; else those shorter than a fair share keep their
    // full text and the rest share what is left, each name cut so that its number survives.
    let widths: Vec<usize> = fighters.iter().map(|f| full(f).width()).collect();
    let room = (row.width as usize).saturating_sub(2 * fighters.len().saturating_sub(1));
    let share = (widths.iter().sum::<usize>() > room).then(|| fair_share(&widths, room).max(5));
    for f in fighters {
        let text = match share {
            // One out keeps its "×" and leaves out why.
            Some(share) if full(f).width() > share => {
                format!(
                    "{} {}",
                    symbol(f),
                    fit_name(&f.name, share.saturating_sub(2))
                )
            }
            _ => full(f),
        };
        let room = end.saturating_sub(x);
        if room < 4 {
            break;
        }
        let text = fit(&text, room as usize);
        let w = (text.chars().count() as u16).min(room);
        let rect = Rect::new(x, y, w, 1);
        let selected = main.view.selected == Some(f.id);
        Line::styled(text, token_style(f, selected, theme)).render_to(buf, rect);
        record(hits, rect, Hit::Actor(f.id));
        x += w + 2;
    }
    x
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
    let mut title = vec![
        Span::styled(format!(" Round {}", fight.round), theme.title()),
        sep(),
        Span::styled(format!("▶ {}", fight.label), holder),
    ];
    if !fight.waiting.is_empty() {
        title.push(sep());
        title.push(Span::styled(fight.waiting.clone(), theme.bold()));
    }
    if let Some(why) = &fight.why {
        title.push(sep());
        title.push(Span::styled(why.clone(), theme.dim()));
    }
    if area.height < 3 {
        // One line: the round and who holds it, then everyone in order; the rest of the title
        // only where it leaves the order room.
        let order_w: usize = fight.order.iter().map(|f| f.name.width() + 4).sum();
        let title_w: usize = title.iter().map(|s| s.width()).sum();
        if title_w + 2 + order_w > area.width as usize {
            title.truncate(3);
        }
        let line = Line::from(fit_spans(title, area.width as usize));
        let used = (line.width() as u16).min(area.width);
        line.render_to(buf, Rect::new(area.x, area.y, area.width, 1));
        let start = area.x + used + 2;
        tokens(
            buf,
            Rect::new(
                start,
                area.y,
                (area.x + area.width).saturating_sub(start),
                1,
            ),
            fight.order.iter(),
            next,
            main,
            theme,
            hits,
        );
        return;
    }
    Line::from(fit_spans(title, area.width as usize))
        .render_to(buf, Rect::new(area.x, area.y, area.width, 1));
    if fight.sequence {
        // One sequence (by count, by roll): one row in that order, whatever the sides.
        tokens(
            buf,
            Rect::new(area.x + 1, area.y + 1, area.width.saturating_sub(1), 1),
            fight.order.iter(),
            next,
            main,
            theme,
            hits,
        );
        let rule_y = area.y + area.height - 1;
        Line::styled("─".repeat(area.width as usize), theme.border())
            .render_to(buf, Rect::new(area.x, rule_y, area.width, 1));
        return;
    }
    // One row per group, in the order the groups first act.
    let mut groups: Vec<&str> = Vec::new();
    for f in &fight.order {
        if !groups.contains(&f.group.as_str()) {
            groups.push(&f.group);
        }
    }
    let rows = area.height.saturating_sub(2) as usize;
    if groups.len() > rows {
        // More groups than rows: every group on the rows there are, one after another, each
        // after its name, so nobody falls off the strip.
        let mut y = area.y + 1;
        let mut x = area.x + 1;
        let end = area.x + area.width;
        for group in &groups {
            let label = format!("{group}:");
            let w = label.chars().count() as u16;
            if x + w + 6 > end && y + 1 < area.y + 1 + rows as u16 {
                y += 1;
                x = area.x + 1;
            }
            Line::styled(label, theme.dim()).render_to(buf, Rect::new(x, y, w.min(end - x), 1));
            x += w + 1;
            x = tokens(
                buf,
                Rect::new(x, y, end.saturating_sub(x), 1),
                fight.order.iter().filter(|f| f.group == *group),
                next,
                main,
                theme,
                hits,
            ) + 1;
        }
    } else {
        let label_w = 13u16;
        for (row, group) in groups.iter().enumerate() {
            let y = area.y + 1 + row as u16;
            Line::styled(
                format!(" {}", fit(group, label_w as usize - 2)),
                theme.dim(),
            )
            .render_to(buf, Rect::new(area.x, y, label_w, 1));
            tokens(
                buf,
                Rect::new(area.x + label_w, y, area.width.saturating_sub(label_w), 1),
                fight.order.iter().filter(|f| f.group == *group),
                next,
                main,
                theme,
                hits,
            );
        }
    }
    let rule_y = area.y + area.height - 1;
    Line::styled("─".repeat(area.width as usize), theme.border())
        .render_to(buf, Rect::new(area.x, rule_y, area.width, 1));
}

#[cfg(test)]
mod tests {
    use super::fair_share;

    #[test]
    fn the_short_keep_their_width_and_the_long_share_the_rest() {
        // Ana (5) keeps hers; three long ones split the 25 columns left.
        assert_eq!(fair_share(&[5, 17, 21, 21], 30), 8);
        // All fit: nobody is cut, not even to an even half.
        assert_eq!(fair_share(&[10, 10], 30), 30);
        assert_eq!(fair_share(&[5, 20], 30), 30);
        assert_eq!(fair_share(&[30, 30, 30], 30), 10);
        assert_eq!(fair_share(&[], 30), 30);
    }
}
