//! Drawing. One file per panel or dialog; this one lays out the main screen, draws the header and
//! the status line, and sends everything else to its panel. Drawing reads the app and records the
//! regions a click can select; it never changes the session.

mod dialogs;
mod doll;
mod log;
mod roster;
mod sheet;
mod start;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use super::app::{App, Dice, Hit, Main, MessageKind, SaveState, Screen, MIN_HEIGHT, MIN_WIDTH};
use super::keymap::{self, Action, Ctx};
use super::theme::Theme;
use crate::rules::slots::Pending;

/// The main screen's regions. `strip` and `side` are where the combat strip and the
/// exploration/zone panel go; they stay None until those modes exist.
#[derive(Debug, Clone, Copy)]
pub struct MainAreas {
    pub header: Rect,
    pub strip: Option<Rect>,
    pub roster: Rect,
    pub side: Option<Rect>,
    pub sheet: Rect,
    pub log: Rect,
    pub status: Rect,
}

/// Narrow terminals stack the log under the sheet; wide ones give it its own column.
pub fn main_areas(area: Rect) -> MainAreas {
    let [header, body, status] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(0),
        Constraint::Length(1),
    ])
    .areas(area);
    let roster_w = if area.width >= 160 {
        30
    } else if area.width >= 100 {
        26
    } else {
        22
    };
    let [roster, rest] =
        Layout::horizontal([Constraint::Length(roster_w), Constraint::Min(0)]).areas(body);
    let (sheet, log) = if area.width >= 150 {
        let sheet_w = (rest.width * 3 / 5).clamp(80, 110);
        let [sheet, log] =
            Layout::horizontal([Constraint::Length(sheet_w), Constraint::Min(0)]).areas(rest);
        (sheet, log)
    } else {
        let sheet_h = 16.min(rest.height.saturating_sub(5));
        let [sheet, log] =
            Layout::vertical([Constraint::Length(sheet_h), Constraint::Min(0)]).areas(rest);
        (sheet, log)
    };
    MainAreas {
        header,
        strip: None,
        roster,
        side: None,
        sheet,
        log,
        status,
    }
}

pub fn draw(app: &mut App, frame: &mut Frame) {
    let area = frame.area();
    app.area = area;
    app.hits.clear();
    if app.too_small() {
        too_small(frame.buffer_mut(), area, app.theme);
        return;
    }
    let ctx = app.ctx();
    let App {
        screen,
        hits,
        theme,
        dice,
        library,
        ..
    } = app;
    let theme = *theme;
    match screen {
        Screen::Start(start) => start::draw(frame, area, start, theme, hits),
        Screen::Main(main) => {
            let areas = main_areas(area);
            let buf = frame.buffer_mut();
            header(buf, areas.header, main, dice, theme);
            roster::draw(buf, areas.roster, main, theme, hits);
            sheet::draw(buf, areas.sheet, main, theme, hits);
            log::draw(buf, areas.log, main, theme, hits);
            status(buf, areas.status, main, ctx, theme);
            dialogs::draw(frame, area, main, ctx, theme, library, hits);
        }
    }
}

fn too_small(buf: &mut Buffer, area: Rect, theme: Theme) {
    let text = vec![
        Line::styled("Make the terminal larger", theme.warn()),
        Line::raw(""),
        Line::raw(format!(
            "It is {}×{}; slotmark needs at least {MIN_WIDTH}×{MIN_HEIGHT}.",
            area.width, area.height
        )),
        Line::raw("Widen the window or make the font smaller. Ctrl-C quits."),
    ];
    let h = (text.len() as u16).min(area.height);
    let y = area.y + area.height.saturating_sub(h) / 2;
    let rect = Rect::new(area.x, y, area.width, h);
    ratatui::widgets::Widget::render(
        Paragraph::new(text)
            .alignment(ratatui::layout::Alignment::Center)
            .wrap(Wrap { trim: true }),
        rect,
        buf,
    );
}

/// Minutes after midnight as HH:MM.
fn clock_text(minute: u32) -> String {
    let m = minute % (24 * 60);
    format!("{:02}:{:02}", m / 60, m % 60)
}

fn header(buf: &mut Buffer, area: Rect, main: &Main, dice: &Dice, theme: Theme) {
    let s = main.state();
    let sep = Span::styled(" │ ", theme.border());
    let mut spans = vec![Span::styled(
        format!(" {} ", main.session.state().title),
        theme.title(),
    )];
    if !s.scene.name.is_empty() {
        spans.push(sep.clone());
        spans.push(Span::raw(format!("scene: {}", s.scene.name)));
    }
    spans.push(sep.clone());
    match &s.combat {
        Some(c) => {
            spans.push(Span::styled(format!("round {}", c.round), theme.bold()));
            let side_style = match c.initiative {
                crate::rules::slots::Side::Players => theme.players(),
                crate::rules::slots::Side::Opponents => theme.opponents(),
            };
            spans.push(Span::raw(" · initiative: "));
            spans.push(Span::styled(c.initiative.to_string(), side_style));
        }
        None => {
            let minute = u32::from(s.clock.start_minute) + s.clock.trys * 6;
            spans.push(Span::styled(format!("try {}", s.clock.trys), theme.bold()));
            spans.push(Span::raw(format!(" ({})", clock_text(minute))));
            if s.clock.dark {
                spans.push(Span::raw(" · dark"));
            }
        }
    }
    spans.push(sep.clone());
    match &main.save {
        SaveState::Saved => spans.push(Span::styled("✓ autosaved", theme.ok())),
        SaveState::Failed(why) => {
            spans.push(Span::styled(format!("⚠ NOT SAVED: {why}"), theme.error()))
        }
        SaveState::Memory(why) => {
            spans.push(Span::styled(format!("⚠ not saved ({why})"), theme.warn()))
        }
    }
    spans.push(sep);
    spans.push(Span::raw(if dice.typed {
        "dice: typed"
    } else {
        "dice: live"
    }));
    Line::from(spans).render_to(buf, area);
}

/// Is this key worth showing in the status line right now?
fn applies(main: &Main, action: Action) -> bool {
    let has_char = main.selected().is_some();
    let slot = main
        .selected()
        .and_then(|c| c.slot(main.view.slot).map(|s| (s, c)));
    match action {
        Action::Undo => main.session.can_undo(),
        Action::Redo => main.session.can_redo(),
        Action::Treat => slot.is_some_and(|(s, _)| s.wound == crate::rules::slots::Wound::Open),
        Action::Terrain
        | Action::Stealth
        | Action::Defense
        | Action::Fall
        | Action::Check
        | Action::Wound
        | Action::Mark
        | Action::PutItem => has_char,
        Action::Attack | Action::Group => main.state().characters.len() >= 2,
        Action::Worsen | Action::ClearMark => {
            slot.is_some_and(|(_, c)| c.slots.iter().any(|s| !s.marks.is_empty() || s.fatigue))
        }
        Action::NextChar => main.roster().len() > 1,
        Action::PickNext => match main.state().pending.first() {
            Some(Pending::Roll(r)) => r.faces.len() > 1,
            _ => false,
        },
        _ => true,
    }
}

/// The key hints for the context, generated from the keymap, or the last message.
fn status(buf: &mut Buffer, area: Rect, main: &Main, ctx: Ctx, theme: Theme) {
    if let Some(msg) = &main.message {
        let style = match msg.kind {
            MessageKind::Info => theme.base(),
            MessageKind::Error => theme.error(),
        };
        let mut spans = vec![Span::styled(format!(" {}", msg.text), style)];
        spans.push(Span::styled("  ? help", theme.dim()));
        Line::from(spans).render_to(buf, area);
        return;
    }
    let mut spans = Vec::new();
    if main.selected().is_none() && ctx == Ctx::Main {
        spans.push(Span::styled(" No characters yet: ", theme.warn()));
    }
    spans.extend(hint_spans(ctx, theme, |a| applies(main, a)));
    Line::from(spans).render_to(buf, area);
}

/// "key word" pairs for a context's status line.
pub fn hint_spans(ctx: Ctx, theme: Theme, applies: impl Fn(Action) -> bool) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    for b in keymap::bindings(ctx) {
        if b.short.is_empty() || !applies(b.action) {
            continue;
        }
        let key = b.keys.first().map(|k| k.label()).unwrap_or_default();
        spans.push(Span::styled(format!(" {key}"), theme.key()));
        spans.push(Span::raw(format!(" {}", b.short)));
    }
    spans
}

/// Draws a line clipped to one row of `area`.
trait RenderTo {
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
