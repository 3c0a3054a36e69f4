//! Drawing pieces shared by the frame and every ruleset's screen: dialog boxes, forms and one-key
//! choices, the key hints of the status line, and text fitting.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

use super::form::{Choice, FieldKind, Form};
use super::host::Hit;
use super::keymap::{self, Action, Ctx, Table};
use super::theme::Theme;

/// Clears a centred box and draws its frame; returns the inside.
pub fn dialog(buf: &mut Buffer, area: Rect, w: u16, h: u16, title: &str, theme: Theme) -> Rect {
    let rect = centered(area, w, h);
    Clear.render(rect, buf);
    let block = Block::new()
        .borders(Borders::ALL)
        .border_style(theme.border())
        .title(Span::styled(format!(" {title} "), theme.title()));
    let inner = block.inner(rect);
    block.render(rect, buf);
    inner
}

/// Dialog width for the screen: roomy on large terminals, never wider than the screen.
pub fn width_for(area: Rect, want: u16) -> u16 {
    want.min(area.width.saturating_sub(2))
}

/// Rows `lines` take when wrapped at word boundaries, as a wrapping paragraph draws them: a
/// word that does not fit on a row starts the next, and a word longer than a row is broken.
/// [`paragraph_height`] counts letters only, and falls short where words wrap early.
pub fn wrapped_height(lines: &[Line], width: u16) -> u16 {
    use unicode_width::UnicodeWidthStr;
    let w = usize::from(width.max(1));
    let rows = |line: &Line| -> usize {
        let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
        let mut rows = 1;
        let mut col = 0;
        for (i, word) in text.split(' ').enumerate() {
            let len = word.width();
            if i > 0 && col + 1 + len <= w {
                col += 1 + len;
            } else if i > 0 || col > 0 {
                rows += 1;
                col = len;
            } else {
                col = len;
            }
            while col > w {
                rows += 1;
                col -= w;
            }
        }
        rows
    };
    lines.iter().map(|l| rows(l) as u16).sum()
}

pub fn paragraph_height(lines: &[Line], width: u16) -> u16 {
    let w = width.max(1) as usize;
    lines
        .iter()
        .map(|l| (l.width().max(1)).div_ceil(w) as u16)
        .sum()
}

/// Form keys that only some forms have: edge keys need an edge field; ←→ needs a field that
/// changes.
pub fn form_action_applies<P>(f: &Form<P>, action: Action) -> bool {
    match action {
        Action::MoreAdvantage | Action::MoreDisadvantage => {
            f.fields.iter().any(|x| x.id == "edge") && !f.typing()
        }
        Action::Change | Action::ChangeBack => !f.typing(),
        // Before a death only `y` goes ahead (the form's note says so).
        Action::Accept => !f.fatal,
        _ => true,
    }
}

/// The keys the status line never leaves out where they apply: undo, help and quit.
const ALWAYS: [Action; 3] = [Action::Undo, Action::Help, Action::Quit];

/// The words of [`ALWAYS`] on the status line, by which [`hints_line`] knows them.
const ALWAYS_WORDS: [&str; 3] = ["undo", "help", "quit"];

/// "key word" pairs for a context's status line, in keymap order. Undo (`u`), help (`?`) and
/// quit always come last so they survive when the line is cut to the screen's width.
pub fn hint_spans(
    table: Table,
    ctx: Ctx,
    theme: Theme,
    applies: impl Fn(Action) -> bool,
) -> Vec<Span<'static>> {
    let mut first = Vec::new();
    let mut last = Vec::new();
    for b in keymap::bindings(table, ctx) {
        if b.short.is_empty() || !applies(b.action) {
            continue;
        }
        let (key, word) = match b.short.split_once('|') {
            Some((k, w)) => (k.to_string(), w),
            None => (
                b.keys.first().map(|k| k.label()).unwrap_or_default(),
                b.short,
            ),
        };
        let pair = [
            Span::styled(format!(" {key}"), theme.key()),
            Span::raw(format!(" {word}")),
        ];
        if ALWAYS.contains(&b.action) {
            last.extend(pair);
        } else {
            first.extend(pair);
        }
    }
    first.extend(last);
    first
}

/// Draws hints into one row, dropping middle pairs that do not fit so the last ones (undo,
/// help, quit) always show.
pub fn hints_line(
    buf: &mut Buffer,
    area: Rect,
    lead: Vec<Span<'static>>,
    hints: Vec<Span<'static>>,
) {
    let width = area.width as usize;
    let lead_w: usize = lead.iter().map(|s| s.width()).sum();
    let pairs: Vec<Vec<Span<'static>>> = hints.chunks(2).map(|c| c.to_vec()).collect();
    let w = |p: &Vec<Span<'static>>| p.iter().map(|s| s.width()).sum::<usize>();
    let total: usize = pairs.iter().map(w).sum();
    let mut keep = vec![true; pairs.len()];
    let mut used = lead_w + total;
    // Drop from just before the protected tail until it fits.
    let protected = pairs
        .iter()
        .rev()
        .take_while(|p| {
            p.get(1)
                .is_some_and(|w| ALWAYS_WORDS.contains(&w.content.trim()))
        })
        .count()
        .max(2.min(pairs.len()));
    let mut i = pairs.len().saturating_sub(protected);
    while used > width && i > 0 {
        i -= 1;
        keep[i] = false;
        used -= w(&pairs[i]);
    }
    let mut spans = lead;
    for (p, k) in pairs.into_iter().zip(keep) {
        if k {
            spans.extend(p);
        }
    }
    Line::from(spans).render_to(buf, area);
}

/// Draws a line clipped to one row of `area`.
pub trait RenderTo {
    fn render_to(self, buf: &mut Buffer, area: Rect);
}

impl RenderTo for Line<'_> {
    fn render_to(self, buf: &mut Buffer, area: Rect) {
        if area.height > 0 {
            buf.set_line(area.x, area.y, &self, area.width);
        }
    }
}

/// Cuts text to `width` columns, marking the cut with an ellipsis.
pub fn fit(text: &str, width: usize) -> String {
    use unicode_width::UnicodeWidthChar;
    let mut out = String::new();
    let mut used = 0;
    let total: usize = text.chars().map(|c| c.width().unwrap_or(0)).sum();
    if total <= width {
        return text.to_string();
    }
    for c in text.chars() {
        let w = c.width().unwrap_or(0);
        if used + w + 1 > width {
            break;
        }
        out.push(c);
        used += w;
    }
    if width > 0 {
        out.push('…');
    }
    out
}

/// A name's parts for telling it from its fellows: what comes before a last word with a digit
/// in it, and that word ("Giant rat 12" is "Giant rat" and "12"); a name without one is all head.
fn name_parts(name: &str) -> (&str, Option<&str>) {
    match name.trim_end().rsplit_once(' ') {
        Some((head, tail))
            if tail.chars().any(|c| c.is_ascii_digit()) && !head.trim().is_empty() =>
        {
            (head.trim_end(), Some(tail))
        }
        _ => (name, None),
    }
}

/// One label per name, each at most `longest` columns where it can be, and all pairwise
/// distinct: a name that fits is whole; a longer one keeps its number and as many of its first
/// letters as fit, never fewer than two ("Gob 1", "Gia 1"), and grows again, one letter at a
/// time, for as long as it reads like another's label ("Gob 1" and "Gob 1" from "Goblin 1" and
/// "Gobbo 1" become "Gobl 1" and "Gobb 1"). A label never ends a cut on a space, and a head
/// cut to its whole length is the name itself, so names that differ always end in labels that
/// differ.
pub fn labels_within(names: &[&str], longest: usize) -> Vec<String> {
    let parts: Vec<(Vec<char>, Option<&str>)> = names
        .iter()
        .map(|n| {
            let (head, tail) = name_parts(n);
            (head.chars().collect(), tail)
        })
        .collect();
    let label = |i: usize, k: usize| -> String {
        let (head, tail) = &parts[i];
        if k >= head.len() {
            return names[i].to_string();
        }
        let cut: String = head[..k].iter().collect();
        match tail {
            Some(t) => format!("{cut} {t}"),
            None => cut,
        }
    };
    // A cut that ends on a space reads as a shorter word: take the next character too.
    let settle = |i: usize, mut k: usize| {
        let head = &parts[i].0;
        while k < head.len() && k > 0 && head[k - 1] == ' ' {
            k += 1;
        }
        k
    };
    let mut ks: Vec<usize> = (0..names.len())
        .map(|i| {
            let (head, tail) = &parts[i];
            if names[i].chars().count() <= longest {
                return head.len();
            }
            let tail_w = tail.map_or(0, |t| t.chars().count() + 1);
            settle(i, longest.saturating_sub(tail_w).max(2).min(head.len()))
        })
        .collect();
    let cut_head = |i: usize, k: usize| -> String { parts[i].0.iter().take(k).collect() };
    loop {
        let texts: Vec<String> = (0..names.len()).map(|i| label(i, ks[i])).collect();
        let heads: Vec<String> = (0..names.len()).map(|i| cut_head(i, ks[i])).collect();
        let mut grew = false;
        for i in 0..names.len() {
            // Fellows of one kind ("Goblin 1", "Goblin 2") grow together, so the kind reads
            // the same on each: a cut head that another kind shares grows, as does a label.
            let clash = (0..names.len()).any(|j| {
                j != i
                    && (texts[j] == texts[i] || (heads[j] == heads[i] && parts[j].0 != parts[i].0))
            });
            if clash && ks[i] < parts[i].0.len() {
                ks[i] = settle(i, ks[i] + 1);
                grew = true;
            }
        }
        if !grew {
            return texts;
        }
    }
}

/// The labels of [`labels_within`] that `fits`, the longest first: the whole names when they
/// fit, else the longest cut that does, down to what only just tells them apart (the shortest,
/// returned when nothing fits). One rule for every place that names fighters side by side.
pub fn labels_fitting(names: &[&str], fits: impl Fn(&[String]) -> bool) -> Vec<String> {
    let longest = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
    let mut best = labels_within(names, longest);
    for most in (2..longest).rev() {
        if fits(&best) {
            break;
        }
        best = labels_within(names, most);
    }
    best
}

/// Labels for `names` that fit `room` columns all told, each taking `extra` columns more (its
/// mark and the gap after it): see [`labels_fitting`].
pub fn labels_for(names: &[&str], room: usize, extra: usize) -> Vec<String> {
    use unicode_width::UnicodeWidthStr;
    labels_fitting(names, |ls| {
        ls.iter().map(|l| l.width() + extra).sum::<usize>() <= room
    })
}

/// One label per name, each within its own width (`widths[i]` columns for `names[i]`, as a
/// roster row leaves beside its marks): each the longest of [`labels_fitting`]'s labels that
/// fits its width, all pairwise distinct. Where two rows would read alike, every row takes the
/// shorter labels, which [`labels_within`] keeps apart.
pub fn labels_each_within(names: &[&str], widths: &[usize]) -> Vec<String> {
    use unicode_width::UnicodeWidthStr;
    let longest = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
    let ladder: Vec<Vec<String>> = (2..=longest.max(2))
        .rev()
        .map(|most| labels_within(names, most))
        .collect();
    let step = |i: usize| {
        ladder
            .iter()
            .position(|ls| ls[i].width() <= widths.get(i).copied().unwrap_or(usize::MAX))
            .unwrap_or(ladder.len() - 1)
    };
    let steps: Vec<usize> = (0..names.len()).map(step).collect();
    let chosen: Vec<String> = steps
        .iter()
        .enumerate()
        .map(|(i, &k)| ladder[k][i].clone())
        .collect();
    let distinct = chosen
        .iter()
        .collect::<std::collections::BTreeSet<_>>()
        .len()
        == chosen.len();
    if distinct {
        return chosen;
    }
    let k = steps.iter().copied().max().unwrap_or(0);
    ladder[k].clone()
}

/// A line wider than `width` broken between words into rows, each row after the first indented
/// to where the line's value starts (past its first span, a sheet's label, when it has more
/// than one; else past its leading spaces), so a long value wraps under itself and not back to
/// the panel's edge. A word wider than a row is broken where the row ends.
pub fn hanging(line: Line<'_>, width: usize) -> Vec<Line<'static>> {
    use unicode_width::UnicodeWidthChar;
    let owned = |line: Line<'_>| {
        Line::from(
            line.spans
                .into_iter()
                .map(|s| Span::styled(s.content.into_owned(), s.style))
                .collect::<Vec<_>>(),
        )
        .style(line.style)
    };
    if line.width() <= width || width == 0 {
        return vec![owned(line)];
    }
    let line_style = line.style;
    let mut spans = line.spans.into_iter();
    let mut first: Vec<(char, Style)> = Vec::new();
    let mut rest: Vec<(char, Style)> = Vec::new();
    let labelled = spans.len() > 1;
    if labelled && let Some(label) = spans.next() {
        first.extend(label.content.chars().map(|c| (c, label.style)));
    }
    for span in spans {
        rest.extend(span.content.chars().map(|c| (c, span.style)));
    }
    if !labelled {
        let lead = rest.iter().take_while(|(c, _)| *c == ' ').count();
        first = rest.drain(..lead).collect();
    }
    let indent = first
        .iter()
        .map(|(c, _)| c.width().unwrap_or(0))
        .sum::<usize>();
    // A label wider than half the row leaves too little under it: the rows then start at the edge.
    let indent = if indent * 2 > width { 0 } else { indent };
    // Runs of spaces and of everything else, in order.
    let mut runs: Vec<Vec<(char, Style)>> = Vec::new();
    for cell in rest {
        match runs.last_mut() {
            Some(run) if (run[0].0 == ' ') == (cell.0 == ' ') => run.push(cell),
            _ => runs.push(vec![cell]),
        }
    }
    let w = |run: &[(char, Style)]| {
        run.iter()
            .map(|(c, _)| c.width().unwrap_or(0))
            .sum::<usize>()
    };
    let mut rows: Vec<Vec<(char, Style)>> = vec![first];
    let next_row = || vec![(' ', Style::new()); indent];
    let mut gap: Vec<(char, Style)> = Vec::new();
    for run in runs {
        if run[0].0 == ' ' {
            gap = run;
            continue;
        }
        let col = rows.last().map_or(0, |r| w(r));
        if col + w(&gap) + w(&run) > width && col > indent {
            rows.push(next_row());
            gap.clear();
        }
        if let Some(row) = rows.last_mut() {
            row.append(&mut gap);
        }
        for cell in run {
            let cw = cell.0.width().unwrap_or(0);
            if rows.last().map_or(0, |r| w(r)) + cw > width {
                rows.push(next_row());
            }
            if let Some(row) = rows.last_mut() {
                row.push(cell);
            }
        }
    }
    rows.into_iter()
        .map(|row| {
            let mut spans: Vec<Span<'static>> = Vec::new();
            for (c, style) in row {
                match spans.last_mut() {
                    Some(s) if s.style == style => s.content.to_mut().push(c),
                    _ => spans.push(Span::styled(c.to_string(), style)),
                }
            }
            Line::from(spans).style(line_style)
        })
        .collect()
}

/// Lines drawn into `body`, wrapped, from row `from` on (never past the row that puts the last
/// line at the bottom): a panel taller than the screen scrolls rather than cuts. Returns the
/// rows left above and below what shows.
pub fn scrolled(buf: &mut Buffer, body: Rect, lines: Vec<Line<'_>>, from: u16) -> (u16, u16) {
    if body.width == 0 || body.height == 0 {
        return (0, 0);
    }
    let lines: Vec<Line<'_>> = lines
        .into_iter()
        .flat_map(|l| hanging(l, usize::from(body.width)))
        .collect();
    // Drawn whole into a scratch buffer first, so wrapping is counted exactly as drawn.
    let tall = paragraph_height(&lines, body.width)
        .saturating_mul(2)
        .saturating_add(body.height)
        .min(2000);
    let scratch_area = Rect::new(0, 0, body.width, tall);
    let mut scratch = Buffer::empty(scratch_area);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(scratch_area, &mut scratch);
    let used = (0..tall)
        .rev()
        .find(|&y| (0..body.width).any(|x| scratch[(x, y)].symbol() != " "))
        .map_or(0, |y| y + 1);
    let most = used.saturating_sub(body.height);
    let from = from.min(most);
    for y in 0..body.height.min(used - from) {
        for x in 0..body.width {
            buf[(body.x + x, body.y + y)] = scratch[(x, from + y)].clone();
        }
    }
    (from, most - from)
}

/// Says on a panel's edge row (from `x`, `width` columns) what more its sheet holds and which
/// keys show it, when it holds more than shows.
pub fn scroll_mark(
    buf: &mut Buffer,
    x: u16,
    y: u16,
    width: u16,
    (above, below): (u16, u16),
    theme: Theme,
) {
    let text = match (above, below) {
        (0, 0) => return,
        (0, 1) => " ↓ 1 more row: ] scrolls ".to_string(),
        (0, b) => format!(" ↓ {b} more rows: ] scrolls "),
        (a, 0) => format!(" ↑ {a} above: [ scrolls back "),
        (a, b) => format!(" ↑ {a} [ · ↓ {b} ] "),
    };
    Line::styled(text, theme.warn()).render_to(buf, Rect::new(x, y, width, 1));
}

/// Cuts text to `width` columns between words, never inside one, marking the cut with an
/// ellipsis (a single word too long for the room is cut like [`fit`]).
pub fn fit_words(text: &str, width: usize) -> String {
    use unicode_width::UnicodeWidthStr;
    if text.width() <= width {
        return text.to_string();
    }
    // Leading spaces are kept as they are: they separate the text from what comes before it.
    let body = text.trim_start_matches(' ');
    let lead = &text[..text.len() - body.len()];
    let mut out = lead.to_string();
    let mut any = false;
    for word in body.split(' ') {
        let next = if any {
            format!("{out} {word}")
        } else {
            format!("{out}{word}")
        };
        if next.width() + 1 > width {
            break;
        }
        out = next;
        any = true;
    }
    if !any {
        return fit(text, width);
    }
    let out = out
        .trim_end_matches([' ', ',', ';', ':', '│', '·'])
        .to_string();
    format!("{out}…")
}

/// Text broken between words into lines of at most `width` columns, the following lines
/// indented by two so they read as one message (a word longer than a line is cut into pieces).
pub fn wrap_words(text: &str, width: u16) -> Vec<String> {
    use unicode_width::UnicodeWidthStr;
    let width = usize::from(width.max(8));
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let lead = if lines.is_empty() { "" } else { "  " };
        let candidate = if line.is_empty() {
            format!("{lead}{word}")
        } else {
            format!("{line} {word}")
        };
        if candidate.width() <= width {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        let mut rest: String = format!("  {word}");
        while rest.width() > width {
            let cut: String = rest.chars().take(width).collect();
            rest = format!("  {}", &rest[cut.len()..]);
            lines.push(cut);
        }
        line = rest;
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// Spans cut to `width` columns between words: the span that does not fit is cut with
/// [`fit_words`] and the rest are left out.
pub fn fit_spans(spans: Vec<Span<'static>>, width: usize) -> Vec<Span<'static>> {
    let mut used = 0;
    let mut out = Vec::new();
    for span in spans {
        let w = span.width();
        if used + w <= width {
            used += w;
            out.push(span);
            continue;
        }
        let room = width.saturating_sub(used);
        if room > 3 {
            let text = fit_words(&span.content, room);
            out.push(Span::styled(text, span.style));
        }
        break;
    }
    out
}

/// Pads or cuts text to exactly `width` columns.
pub fn pad(text: &str, width: usize) -> String {
    use unicode_width::UnicodeWidthStr;
    let cut = fit(text, width);
    let w = cut.width();
    format!("{cut}{}", " ".repeat(width.saturating_sub(w)))
}

/// A rectangle of at most `w`×`h` centred in `area`.
pub fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

pub fn record(hits: &mut Vec<(Rect, Hit)>, rect: Rect, hit: Hit) {
    if rect.width > 0 && rect.height > 0 {
        hits.push((rect, hit));
    }
}

pub fn form<P>(frame: &mut Frame, area: Rect, f: &Form<P>, theme: Theme) {
    let w = width_for(area, 72);
    let inner_w = w.saturating_sub(2);
    let label_w = f
        .fields
        .iter()
        .map(|x| x.label.chars().count())
        .max()
        .unwrap_or(8)
        + 1;
    let value_w = (inner_w as usize).saturating_sub(label_w + 3).max(8);
    let mut lines: Vec<Line> = Vec::new();
    // Rows already used, counting wrapped lines, so the text cursor lands on its field.
    let mut row = 0u16;
    if let Some(note) = &f.note {
        let l = Line::styled(note.clone(), theme.dim());
        row += wrapped_height(std::slice::from_ref(&l), inner_w) + 1;
        lines.push(l);
        lines.push(Line::raw(""));
    }
    if let Some(live) = &f.live {
        // A warning is marked by its sign as well as its colour.
        let l = if live.warn && !live.text.starts_with('⚠') {
            Line::styled(format!("⚠ {}", live.text), theme.warn())
        } else if live.warn {
            Line::styled(live.text.clone(), theme.warn())
        } else {
            Line::styled(live.text.clone(), theme.bold())
        };
        row += paragraph_height(std::slice::from_ref(&l), inner_w) + 1;
        lines.push(l);
        lines.push(Line::raw(""));
    }
    let mut cursor = None;
    for (i, field) in f.fields.iter().enumerate() {
        let focus = i == f.focus;
        let label = Span::styled(
            format!(
                "{}{} ",
                if focus { "▶ " } else { "  " },
                pad(&field.label, label_w)
            ),
            if focus { theme.bold() } else { theme.dim() },
        );
        let value_style = if focus {
            theme.selected()
        } else {
            Style::new()
        };
        match &field.kind {
            FieldKind::Text(input) => {
                if focus {
                    cursor = Some((row, input.visual_cursor()));
                }
                lines.push(Line::from(vec![
                    label,
                    Span::styled(format!("{}_", fit(input.value(), value_w - 1)), value_style),
                ]));
                row += 1;
            }
            FieldKind::Multi {
                options,
                on,
                cursor: at,
            } => {
                // Options flow over as many rows as they need, each row under the first value.
                let mut current = vec![label];
                let mut used = 0;
                for (k, ((name, _), on)) in options.iter().zip(on).enumerate() {
                    let text = format!("{}{name} ", if *on { "[x]" } else { "[ ]" });
                    let tw = text.chars().count();
                    if used + tw > value_w && used > 0 {
                        lines.push(Line::from(std::mem::take(&mut current)));
                        row += 1;
                        current.push(Span::raw(" ".repeat(label_w + 3)));
                        used = 0;
                    }
                    let style = if focus && k == *at {
                        theme.selected()
                    } else {
                        Style::new()
                    };
                    current.push(Span::styled(text, style));
                    used += tw;
                }
                lines.push(Line::from(current));
                row += 1;
            }
            _ => {
                lines.push(Line::from(vec![
                    label,
                    Span::styled(fit(&field.display(), value_w), value_style),
                ]));
                row += 1;
            }
        }
    }
    if let Some(err) = &f.error {
        lines.push(Line::raw(""));
        // A warning before a step that kills carries its own ⚠; it is no refusal to mark ✗.
        lines.push(if err.starts_with('⚠') {
            Line::styled(err.clone(), theme.warn())
        } else {
            Line::styled(format!("✗ {err}"), theme.error())
        });
    }
    let h = wrapped_height(&lines, inner_w) + 2;
    let buf = frame.buffer_mut();
    let inner = dialog(buf, area, w, h, &f.title, theme);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
    if let Some((r, col)) = cursor {
        let y = inner.y + r;
        let x = inner.x + 2 + label_w as u16 + 1 + (col as u16).min(value_w as u16 - 1);
        if y < inner.y + inner.height && x < inner.x + inner.width {
            frame.set_cursor_position(Position::new(x, y));
        }
    }
}

pub fn choice<P>(buf: &mut Buffer, area: Rect, c: &Choice<P>, theme: Theme) {
    // Short choices keep a small box; long ones (a ruling) widen it rather than wrap.
    let longest = c
        .options
        .iter()
        .map(|(_, label)| label.chars().count() + 8)
        .max()
        .unwrap_or(0) as u16;
    let w = width_for(area, longest.clamp(50, 96));
    let mut lines: Vec<Line> = c
        .options
        .iter()
        .map(|(k, label)| {
            Line::from(vec![
                Span::styled(format!(" {k} "), theme.key()),
                Span::raw(format!(" {label}")),
            ])
        })
        .collect();
    if let Some(note) = &c.note {
        lines.push(Line::styled(note.clone(), theme.dim()));
    }
    if let Some(err) = &c.error {
        lines.push(Line::styled(format!("✗ {err}"), theme.error()));
    }
    let h = paragraph_height(&lines, w.saturating_sub(2)) + 2;
    let inner = dialog(buf, area, w, h, &c.title, theme);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_wraps_under_its_value() {
        let text = |lines: Vec<Line>| -> Vec<String> {
            lines
                .iter()
                .map(|l| l.spans.iter().map(|s| s.content.to_string()).collect())
                .collect()
        };
        let line = Line::from(vec![
            Span::raw(" Magic    "),
            Span::raw("Grimoire: Light, Sleep, Mirror Image"),
        ]);
        assert_eq!(
            text(hanging(line, 30)),
            [
                " Magic    Grimoire: Light,",
                "          Sleep, Mirror Image"
            ]
        );
        // Without a label, under its leading spaces; a word wider than a row is broken.
        assert_eq!(
            text(hanging(Line::raw("  a Longwordthatdoesnotfit"), 12)),
            ["  a", "  Longwordth", "  atdoesnotf", "  it"]
        );
        assert_eq!(text(hanging(Line::raw("short"), 12)), ["short"]);
    }

    #[test]
    fn fit_words_cuts_between_words_only() {
        assert_eq!(
            fit_words("Aria's turn: S sets up", 40),
            "Aria's turn: S sets up"
        );
        assert_eq!(
            fit_words("Aria's turn: S sets up, E ends it", 20),
            "Aria's turn: S sets…"
        );
        assert_eq!(fit_words("Interruption", 6), "Inter…");
        assert_eq!(
            fit_words(" (day 1, 00:00) · watch 1", 16),
            " (day 1, 00:00)…"
        );
        let cut = fit_spans(
            vec![
                Span::raw(" Round 2"),
                Span::raw(" │ "),
                Span::raw("the players hold it"),
            ],
            24,
        );
        let text: String = cut.iter().map(|s| s.content.to_string()).collect();
        assert_eq!(text, " Round 2 │ the players…");
    }
}
