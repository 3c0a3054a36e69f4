//! Everything drawn on top of the main screen: the waiting roll, group check and question (from
//! the ruleset's read model of what waits), the ruleset's own dialogs (drawn by its screen), and
//! the frame's dialogs (the palette, typed dice, help).

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget, Wrap};

use crate::content::Library;
use crate::rules::{GroupView, Outcome, PendingView, QuestionView, RollView};
use crate::tui::host::{FacePrompt, Hit, Main, Overlay, Palette};
use crate::tui::keymap::{self, Ctx, Table};
use crate::tui::sheets;
use crate::tui::theme::Theme;
use crate::tui::widgets::{RenderTo, dialog, fit, pad, paragraph_height, record, width_for};

pub fn draw(
    frame: &mut Frame,
    area: Rect,
    main: &Main,
    table: Table,
    theme: Theme,
    library: &Library,
    hits: &mut Vec<(Rect, Hit)>,
) {
    let help = matches!(main.overlay, Some(Overlay::Help { .. }));
    // A pending roll or question shows under any dialog of the frame's, but not under one of the
    // ruleset's (which the judge opened on top of it).
    if let Some(pending) = main.session.state().game.pending()
        && (help || main.sheet.dialog().is_none())
    {
        let buf = frame.buffer_mut();
        match &pending {
            PendingView::Roll(r) => roll(buf, area, r, theme, hits),
            PendingView::Group(g) => group(buf, area, main, g, theme, hits),
            PendingView::Question(q) => question(buf, area, main, q, theme, hits),
        }
    }
    if !help {
        sheets::draw_dialog(frame, area, main, theme, library, hits);
    }
    match &main.overlay {
        None => {}
        Some(Overlay::Help { scroll, under, .. }) => help_box(
            frame.buffer_mut(),
            area,
            main,
            table,
            *under,
            *scroll,
            theme,
        ),
        Some(Overlay::Palette(p)) => palette(frame, area, p, table, theme),
        Some(Overlay::Face(p)) => face(frame, area, p, theme),
    }
}

fn verdict_span(v: Outcome, theme: Theme) -> Span<'static> {
    match v {
        Outcome::Pass => Span::styled(v.word(), theme.pass()),
        Outcome::Fail => Span::styled(v.word(), theme.fail()),
    }
}

fn roll(buf: &mut Buffer, area: Rect, r: &RollView, theme: Theme, hits: &mut Vec<(Rect, Hit)>) {
    let w = width_for(area, 84);
    let inner_w = w.saturating_sub(2);
    let mut lines: Vec<Line> = vec![Line::styled(r.how.clone(), theme.dim()), Line::raw("")];
    let die_lines_at = lines.len();
    for (i, die) in r.dice.iter().enumerate() {
        let picked = i == r.picked;
        let mut spans = vec![
            Span::raw(if picked { "▶ " } else { "  " }),
            Span::styled(format!("die {}: ", i + 1), theme.dim()),
            Span::styled(
                format!("[{:>2}]", die.face),
                if picked { theme.bold() } else { Style::new() },
            ),
            Span::raw(format!(
                " → {}",
                fit(&die.note, (inner_w as usize).saturating_sub(30))
            )),
        ];
        if i == r.proposed && r.can_pick {
            spans.push(Span::styled("  ★ proposed", theme.key()));
        }
        let mut line = Line::from(spans);
        if picked && r.can_pick {
            line = line.style(theme.selected());
        }
        lines.push(line);
    }
    lines.push(Line::raw(""));
    let mut verdict = vec![Span::raw("Verdict: "), verdict_span(r.outcome(), theme)];
    match r.ruling {
        Some(_) => verdict.push(Span::styled(
            format!("  (judge's ruling; the book says {})", r.book.word()),
            theme.warn(),
        )),
        None => verdict.push(Span::styled("  (by the book)", theme.dim())),
    }
    lines.push(Line::from(verdict));
    lines.push(Line::from(vec![
        Span::styled("Why: ", theme.dim()),
        Span::raw(r.reason.clone()),
    ]));
    let h = paragraph_height(&lines, inner_w) + 2;
    let inner = dialog(buf, area, w, h, &fit(&r.title, inner_w as usize - 2), theme);
    for i in 0..r.dice.len() {
        let y = inner.y + (die_lines_at + i) as u16;
        if y < inner.y + inner.height {
            record(hits, Rect::new(inner.x, y, inner.width, 1), Hit::Die(i));
        }
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}

fn group(
    buf: &mut Buffer,
    area: Rect,
    main: &Main,
    g: &GroupView,
    theme: Theme,
    hits: &mut Vec<(Rect, Hit)>,
) {
    let w = width_for(area, 84);
    let mut lines = vec![Line::styled(g.how.clone(), theme.dim()), Line::raw("")];
    let first_member = lines.len();
    for (i, m) in g.members.iter().enumerate() {
        let sel = i == main.view.pending_sel;
        let mut spans = vec![
            Span::raw(if sel { "▶ " } else { "  " }),
            Span::styled(pad(&m.name, 14), theme.bold()),
            Span::raw(format!(
                " [{:>2}] → {}",
                m.face,
                fit(&m.note, (w as usize).saturating_sub(42))
            )),
        ];
        if m.swapped {
            spans.push(Span::styled("  (swapped)", theme.dim()));
        }
        if main.view.swap_first == Some(m.id) {
            spans.push(Span::styled("  ⇄ swap with…", theme.key()));
        }
        let mut line = Line::from(spans);
        if sel {
            line = line.style(theme.selected());
        }
        lines.push(line);
    }
    let h = paragraph_height(&lines, w.saturating_sub(2)) + 2;
    let inner = dialog(buf, area, w, h, &g.title, theme);
    for i in 0..g.members.len() {
        let y = inner.y + (first_member + i) as u16;
        if y < inner.y + inner.height {
            record(hits, Rect::new(inner.x, y, inner.width, 1), Hit::Member(i));
        }
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}

fn question(
    buf: &mut Buffer,
    area: Rect,
    main: &Main,
    q: &QuestionView,
    theme: Theme,
    hits: &mut Vec<(Rect, Hit)>,
) {
    let w = width_for(area, 84);
    let mut lines = vec![Line::raw(q.why.clone()), Line::raw("")];
    let first_option = lines.len();
    for (i, option) in q.options.iter().enumerate() {
        let sel = i == main.view.pending_sel;
        let what = fit(&option.text, (w as usize).saturating_sub(18));
        let mut spans = vec![Span::raw(if sel { "▶ " } else { "  " }), Span::raw(what)];
        if i == q.proposed {
            spans.push(Span::styled("  ★ proposed", theme.key()));
        }
        let mut line = Line::from(spans);
        if sel {
            line = line.style(theme.selected());
        }
        lines.push(line);
    }
    if let Some(detail) = &q.detail {
        lines.push(Line::raw(detail.clone()));
    }
    if let Some(yn) = &q.yes_no {
        let star = "  ★ proposed (Enter)";
        let (yes_star, no_star) = if yn.proposed_yes {
            (star, "")
        } else {
            ("", star)
        };
        lines.push(Line::from(vec![
            Span::styled("y", theme.key()),
            Span::raw(format!(" {}{yes_star}    ", yn.yes)),
            Span::styled("n", theme.key()),
            Span::raw(format!(" {}{no_star}", yn.no)),
        ]));
    }
    let h = paragraph_height(&lines, w.saturating_sub(2)) + 2;
    let inner = dialog(buf, area, w, h, &q.title, theme);
    for i in 0..q.options.len() {
        let y = inner.y + (first_option + i) as u16;
        if y < inner.y + inner.height {
            record(hits, Rect::new(inner.x, y, inner.width, 1), Hit::Option(i));
        }
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}

fn palette(frame: &mut Frame, area: Rect, p: &Palette, table: Table, theme: Theme) {
    let extra = p.completions.len().min(6) as u16 + u16::from(p.error.is_some());
    let h = 2 + extra;
    let rect = Rect::new(
        area.x,
        area.y + area.height.saturating_sub(h),
        area.width,
        h.min(area.height),
    );
    let buf = frame.buffer_mut();
    Clear.render(rect, buf);
    let mut y = rect.y;
    for c in p.completions.iter().take(6) {
        Line::styled(format!("   {c}"), theme.dim())
            .render_to(buf, Rect::new(rect.x, y, rect.width, 1));
        y += 1;
    }
    if let Some((err, col)) = &p.error {
        let at = col.map(|c| format!(" (at column {c})")).unwrap_or_default();
        Line::styled(format!(" ✗ {err}{at}"), theme.error())
            .render_to(buf, Rect::new(rect.x, y, rect.width, 1));
        y += 1;
    }
    let line = Line::from(vec![
        Span::styled(":", theme.key()),
        Span::raw(p.input.value().to_string()),
    ]);
    line.render_to(buf, Rect::new(rect.x, y, rect.width, 1));
    Line::from(crate::tui::widgets::hint_spans(
        table,
        Ctx::Palette,
        theme,
        |_| true,
    ))
    .render_to(buf, Rect::new(rect.x, y + 1, rect.width, 1));
    let x = rect.x + 1 + p.input.visual_cursor() as u16;
    if x < rect.x + rect.width {
        frame.set_cursor_position(Position::new(x, y));
    }
}

fn face(frame: &mut Frame, area: Rect, p: &FacePrompt, theme: Theme) {
    let w = width_for(area, 60);
    let mut lines = vec![Line::raw(format!("Roll a d{} for {}.", p.sides, p.purpose))];
    if !p.faces.is_empty() {
        let so_far: Vec<String> = p.faces.iter().map(|f| f.to_string()).collect();
        lines.push(Line::styled(
            format!("Faces so far: {}", so_far.join(", ")),
            theme.dim(),
        ));
    }
    let prompt_at = lines.len();
    lines.push(Line::from(vec![
        Span::styled("Face: ", theme.bold()),
        Span::raw(p.input.value().to_string()),
    ]));
    if let Some(err) = &p.error {
        lines.push(Line::styled(format!("✗ {err}"), theme.error()));
    }
    let h = paragraph_height(&lines, w.saturating_sub(2)) + 2;
    let buf = frame.buffer_mut();
    let inner = dialog(buf, area, w, h, "The table's dice", theme);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
    let x = inner.x + 6 + p.input.visual_cursor() as u16;
    let y = inner.y + prompt_at as u16;
    if x < inner.x + inner.width && y < inner.y + inner.height {
        frame.set_cursor_position(Position::new(x, y));
    }
}

/// Every key of the context under the help, straight from the keymap; in the palette, the script
/// language's own help follows.
pub fn help_lines(
    table: Table,
    legend: &[(&'static str, &'static str)],
    under: Ctx,
    theme: Theme,
) -> Vec<Line<'static>> {
    let mut lines = vec![
        Line::styled(format!("Keys on the {}", under.title()), theme.bold()),
        Line::raw(""),
    ];
    let key_w = keymap::bindings(table, under)
        .map(|b| keymap::keys_label(b).chars().count())
        .max()
        .unwrap_or(4)
        .min(16);
    for b in keymap::bindings(table, under) {
        lines.push(Line::from(vec![
            Span::styled(
                format!(" {} ", pad(&keymap::keys_label(b), key_w)),
                theme.key(),
            ),
            Span::raw(b.help),
        ]));
    }
    if under == Ctx::Main && !legend.is_empty() {
        lines.push(Line::raw(""));
        lines.push(Line::styled("Reading the screen", theme.bold()));
        for (sym, what) in legend {
            lines.push(Line::from(vec![
                Span::styled(format!(" {} ", pad(sym, key_w.max(14))), theme.key()),
                Span::raw(*what),
            ]));
        }
    }
    lines
}

fn help_box(
    buf: &mut Buffer,
    area: Rect,
    main: &Main,
    table: Table,
    under: Ctx,
    scroll: u16,
    theme: Theme,
) {
    let w = width_for(area, 100);
    let h = area.height.saturating_sub(2);
    let legend = sheets::legend(main.session.state().ruleset());
    let lines = help_lines(table, legend, under, theme);
    let inner = dialog(buf, area, w, h, "Help", theme);
    let body = inner;
    let max_scroll = paragraph_height(&lines, body.width).saturating_sub(body.height);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .scroll((scroll.min(max_scroll), 0))
        .render(body, buf);
}
