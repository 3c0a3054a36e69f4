//! Everything drawn on top of the main screen: the waiting roll, group check and decision (from
//! the session's pending list), and the dialogs the judge opens (forms, one-key choices, the item
//! library, the palette, typed dice, help).

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

use super::{RenderTo, centered, fit, pad, record};
use crate::content::Library;
use crate::rules::slots::State;
use crate::rules::{GroupView, Outcome, PendingView, QuestionView, RollView};
use crate::tui::app::{
    Choice, FacePrompt, FormPurpose, Hit, Main, Overlay, Palette, Picker, picker_matches,
};
use crate::tui::form::{FieldKind, Form};
use crate::tui::keymap::{self, Ctx};
use crate::tui::theme::Theme;

/// Clears a centred box and draws its frame; returns the inside.
fn dialog(buf: &mut Buffer, area: Rect, w: u16, h: u16, title: &str, theme: Theme) -> Rect {
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
fn width_for(area: Rect, want: u16) -> u16 {
    want.min(area.width.saturating_sub(2))
}

fn paragraph_height(lines: &[Line], width: u16) -> u16 {
    let w = width.max(1) as usize;
    lines
        .iter()
        .map(|l| (l.width().max(1)).div_ceil(w) as u16)
        .sum()
}

pub fn draw(
    frame: &mut Frame,
    area: Rect,
    main: &Main,
    ctx: Ctx,
    theme: Theme,
    library: &Library,
    hits: &mut Vec<(Rect, Hit)>,
) {
    // A pending roll or decision shows under any dialog the judge opened on top of it.
    if let Some(pending) = main.session.state().game.pending() {
        let under_help = matches!(main.overlay, Some(Overlay::Help { .. }) | None);
        if under_help
            || matches!(
                main.overlay,
                Some(Overlay::Palette(_)) | Some(Overlay::Face(_))
            )
        {
            let buf = frame.buffer_mut();
            match &pending {
                PendingView::Roll(r) => roll(buf, area, r, theme, hits),
                PendingView::Group(g) => group(buf, area, main, g, theme, hits),
                PendingView::Question(q) => question(buf, area, main, q, theme, hits),
            }
        }
    }
    match &main.overlay {
        None => {}
        Some(Overlay::Help { scroll, under, .. }) => {
            help(frame.buffer_mut(), area, *under, *scroll, theme)
        }
        Some(Overlay::Form(f)) => form(frame, area, f, theme),
        Some(Overlay::Choice(c)) => choice(frame.buffer_mut(), area, c, theme),
        Some(Overlay::Picker(p)) => picker(frame, area, p, library, main.state(), theme),
        Some(Overlay::Palette(p)) => palette(frame, area, p, theme),
        Some(Overlay::Face(p)) => face(frame, area, p, theme),
        Some(Overlay::Interrupt(w)) => crate::tui::sheets::slots::clock_panel::interrupt(
            frame.buffer_mut(),
            area,
            main,
            w,
            theme,
            hits,
        ),
        Some(Overlay::Summary(s)) => {
            crate::tui::sheets::slots::clock_panel::summary(frame.buffer_mut(), area, s, theme)
        }
        Some(Overlay::Scene) => {
            crate::tui::sheets::slots::map::editor(frame.buffer_mut(), area, main, theme, hits)
        }
    }
    let _ = ctx;
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

pub fn form(frame: &mut Frame, area: Rect, f: &Form<FormPurpose>, theme: Theme) {
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
        row += paragraph_height(std::slice::from_ref(&l), inner_w) + 1;
        lines.push(l);
        lines.push(Line::raw(""));
    }
    if let Some(live) = &f.live {
        let l = Line::styled(
            live.text.clone(),
            if live.warn {
                theme.warn()
            } else {
                theme.bold()
            },
        );
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
        lines.push(Line::styled(format!("✗ {err}"), theme.error()));
    }
    let h = paragraph_height(&lines, inner_w) + 2;
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

fn choice(buf: &mut Buffer, area: Rect, c: &Choice, theme: Theme) {
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

fn picker(
    frame: &mut Frame,
    area: Rect,
    p: &Picker,
    library: &Library,
    state: &State,
    theme: Theme,
) {
    let w = width_for(area, 76);
    let h = area.height.saturating_sub(4).clamp(8, 22);
    let who = state.name_of(p.who);
    let buf = frame.buffer_mut();
    let inner = dialog(
        buf,
        area,
        w,
        h,
        &format!("Item for slot {} of {who}", p.slot),
        theme,
    );
    let search = Line::from(vec![
        Span::styled("Search: ", theme.dim()),
        Span::raw(p.input.value().to_string()),
    ]);
    search.render_to(buf, Rect::new(inner.x, inner.y, inner.width, 1));
    let matches = picker_matches(library, p.input.value());
    let typed = p.input.value().trim();
    let mut rows: Vec<Line> = matches
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let props = crate::tui::sheets::slots::sheet::item_props(item).join(", ");
            Line::from(vec![
                Span::raw(if i == p.selected { "▶ " } else { "  " }),
                Span::raw(pad(&item.name, 26)),
                Span::styled(format!(" {props}"), theme.dim()),
            ])
        })
        .collect();
    if !typed.is_empty() {
        let mark = if p.selected == matches.len() {
            "▶ "
        } else {
            "  "
        };
        rows.push(Line::styled(
            format!("{mark}+ new item \"{typed}\" (then set its properties)"),
            theme.key(),
        ));
    }
    if rows.is_empty() {
        rows.push(Line::styled(
            if library.items.is_empty() {
                "The library is empty: type a name to make a new item."
            } else {
                "Type to search the library."
            },
            theme.dim(),
        ));
    }
    let list_h = inner.height.saturating_sub(2) as usize;
    let first = p.selected.saturating_sub(list_h.saturating_sub(1));
    for (row, (i, line)) in rows
        .into_iter()
        .enumerate()
        .skip(first)
        .take(list_h)
        .enumerate()
    {
        let mut line = line;
        if i == p.selected && (!matches.is_empty() || !typed.is_empty()) {
            line = line.style(theme.selected());
        }
        line.render_to(
            buf,
            Rect::new(inner.x, inner.y + 2 + row as u16, inner.width, 1),
        );
    }
    let x = inner.x + 8 + p.input.visual_cursor() as u16;
    if x < inner.x + inner.width {
        frame.set_cursor_position(Position::new(x, inner.y));
    }
}

fn palette(frame: &mut Frame, area: Rect, p: &Palette, theme: Theme) {
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
    Line::from(super::hint_spans(Ctx::Palette, theme, |_| true))
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
pub fn help_lines(under: Ctx, theme: Theme) -> Vec<Line<'static>> {
    let mut lines = vec![
        Line::styled(format!("Keys on the {}", under.title()), theme.bold()),
        Line::raw(""),
    ];
    let key_w = keymap::bindings(under)
        .map(|b| keymap::keys_label(b).chars().count())
        .max()
        .unwrap_or(4)
        .min(16);
    for b in keymap::bindings(under) {
        lines.push(Line::from(vec![
            Span::styled(
                format!(" {} ", pad(&keymap::keys_label(b), key_w)),
                theme.key(),
            ),
            Span::raw(b.help),
        ]));
    }
    if under == Ctx::Main {
        lines.push(Line::raw(""));
        lines.push(Line::styled("Reading the screen", theme.bold()));
        for (sym, what) in [
            ("● / ◐", "open wound (bleeds) / treated wound"),
            ("~", "fatigue mark from a terrain check"),
            (
                "A B C E F H M",
                "condition letters: asphyxiation, bleeding, corruption, exhaustion, fire, hypothermia, malnourishment",
            ),
            ("=", "the item is equipped (worn where it belongs)"),
            ("✓", "in the roster and on the strip: acted this round"),
            ("▶ ↯", "on the strip: taking a turn / interrupting one"),
            (
                "○ ×",
                "on the strip: can still act this round / cannot (KO, dead, surprised)",
            ),
            ("▶ PLAYERS", "on the strip: the side holding initiative"),
            (
                "[0]",
                "an encounter die that brought an encounter (10 reads as 0)",
            ),
            (
                "cr pr rs im KO",
                "cringing, prone, restrained, immobilized, unconscious",
            ),
        ] {
            lines.push(Line::from(vec![
                Span::styled(format!(" {} ", pad(sym, key_w.max(14))), theme.key()),
                Span::raw(what),
            ]));
        }
    }
    lines
}

fn help(buf: &mut Buffer, area: Rect, under: Ctx, scroll: u16, theme: Theme) {
    let w = width_for(area, 100);
    let h = area.height.saturating_sub(2);
    let lines = help_lines(under, theme);
    let inner = dialog(buf, area, w, h, "Help", theme);
    let body = inner;
    let max_scroll = paragraph_height(&lines, body.width).saturating_sub(body.height);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .scroll((scroll.min(max_scroll), 0))
        .render(body, buf);
}
