//! Drawing. One file per panel or dialog; this one lays out the main screen, draws the header and
//! the status line, and sends everything else to its panel. Drawing reads the app and records the
//! regions a click can select; it never changes the session.

mod dialogs;
mod log;
mod roster;
mod start;
pub mod strip;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use super::app::{App, Dice, Hit, MIN_HEIGHT, MIN_WIDTH, Main, MessageKind, SaveState, Screen};
use super::keymap::{self, Action, Ctx};
use super::sheets::slots;
use super::theme::Theme;
use crate::rules::slots::Pending;

/// The main screen's regions. `strip` is the combat strip, there only during a fight (one line
/// on short screens); `side` is the clock and scene panel, there on wide screens.
#[derive(Debug, Clone, Copy)]
pub struct MainAreas {
    pub header: Rect,
    pub strip: Option<Rect>,
    pub roster: Rect,
    pub side: Option<Rect>,
    pub sheet: Rect,
    /// Below the sheet on wide screens: the selected character's wounds and conditions spelled
    /// out.
    pub condition: Option<Rect>,
    pub log: Rect,
    pub status: Rect,
}

/// The main screen outside a fight.
pub fn main_areas(area: Rect, slots: u16) -> MainAreas {
    main_areas_with(area, slots, false)
}

/// Narrow terminals stack the log under the sheet; wide ones give it its own column, and the
/// room under the sheet goes to the character's conditions and, when tall enough, the clock
/// and scene panel. `slots` is the selected sheet's length, so the sheet takes the rows it
/// needs; `fight` puts the combat strip under the header.
pub fn main_areas_with(area: Rect, slots: u16, fight: bool) -> MainAreas {
    let strip_h = if fight { strip::height(area.height) } else { 0 };
    let [header, strip, body, status] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(strip_h),
        Constraint::Min(0),
        Constraint::Length(1),
    ])
    .areas(area);
    let strip = fight.then_some(strip);
    let roster_w = if area.width >= 160 {
        30
    } else if area.width >= 100 {
        26
    } else {
        22
    };
    let [roster, rest] =
        Layout::horizontal([Constraint::Length(roster_w), Constraint::Min(0)]).areas(body);
    // Title, column names, the slots, two detail rows and the bottom border.
    let sheet_need = slots.max(11) + 5;
    if area.width >= 150 {
        let sheet_w = (rest.width * 3 / 5).clamp(80, 110);
        let [middle, log] =
            Layout::horizontal([Constraint::Length(sheet_w), Constraint::Min(0)]).areas(rest);
        let sheet_h = sheet_need.min(middle.height);
        let [sheet, below] =
            Layout::vertical([Constraint::Length(sheet_h), Constraint::Min(0)]).areas(middle);
        // The conditions keep a few rows; a tall screen gives the rest to the clock and scene.
        let (condition, side) = if below.height >= 18 {
            let [c, s] = Layout::vertical([Constraint::Length(8), Constraint::Min(0)]).areas(below);
            (Some(c), Some(s))
        } else {
            ((below.height >= 3).then_some(below), None)
        };
        MainAreas {
            header,
            strip,
            roster,
            side,
            sheet,
            condition,
            log,
            status,
        }
    } else {
        let sheet_h = sheet_need.min(rest.height.saturating_sub(5));
        let [sheet, log] =
            Layout::vertical([Constraint::Length(sheet_h), Constraint::Min(0)]).areas(rest);
        MainAreas {
            header,
            strip,
            roster,
            side: None,
            sheet,
            condition: None,
            log,
            status,
        }
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
            let slots = main.selected().map_or(11, |c| c.slots.len() as u16);
            let areas = main_areas_with(area, slots, main.state().combat.is_some());
            let buf = frame.buffer_mut();
            header(buf, areas.header, main, dice, theme);
            if let Some(rect) = areas.strip {
                strip::draw(buf, rect, main, theme, hits);
            }
            if let Some(rect) = areas.side {
                slots::clock_panel::side(buf, rect, main, theme);
            }
            roster::draw(buf, areas.roster, main, theme, hits);
            slots::sheet::draw(buf, areas.sheet, main, theme, hits);
            if let Some(rect) = areas.condition {
                slots::sheet::conditions(buf, rect, main, theme);
            }
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

fn header(buf: &mut Buffer, area: Rect, main: &Main, dice: &Dice, theme: Theme) {
    let game = &main.session.state().game;
    let sep = || Span::styled(" │ ", theme.border());
    let mut left = vec![Span::styled(
        format!(" {} ", main.session.state().title),
        theme.title(),
    )];
    left.push(sep());
    let clock = game.clock();
    left.push(Span::styled(clock.now, theme.bold()));
    match game.initiative() {
        Some(fight) => {
            let style = if fight.party {
                theme.players()
            } else {
                theme.opponents()
            };
            left.push(Span::raw(" · initiative: "));
            left.push(Span::styled(fight.label, style));
        }
        None if !clock.detail.is_empty() => {
            left.push(Span::raw(format!(" {}", clock.detail)));
        }
        None => {}
    }
    if let Some(place) = clock.place {
        left.push(sep());
        left.push(Span::raw(place));
    }
    let wide = area.width >= 120;
    let mut right = match &main.save {
        SaveState::Saved => vec![Span::styled("✓ autosaved", theme.ok())],
        SaveState::Failed(why) if wide => {
            vec![Span::styled(format!("⚠ NOT SAVED: {why}"), theme.error())]
        }
        SaveState::Failed(_) => vec![Span::styled("⚠ NOT SAVED", theme.error())],
        SaveState::Memory(why) if wide => {
            vec![Span::styled(format!("⚠ not saved ({why})"), theme.warn())]
        }
        SaveState::Memory(_) => vec![Span::styled("⚠ not saved", theme.warn())],
        SaveState::Opening => vec![Span::styled("opening…", theme.dim())],
    };
    right.push(sep());
    right.push(Span::raw(if dice.typed {
        "dice: typed "
    } else {
        "dice: live "
    }));
    let right = Line::from(right);
    let right_w = right.width() as u16;
    let left_w = area.width.saturating_sub(right_w + 1);
    Line::from(left).render_to(buf, Rect::new(area.x, area.y, left_w, 1));
    right.render_to(
        buf,
        Rect::new(
            area.x + area.width.saturating_sub(right_w),
            area.y,
            right_w.min(area.width),
            1,
        ),
    );
}

/// Is this key worth showing in the status line right now? In a fight the turn keys lead and
/// the clock's keys step aside; outside one, the other way round.
fn applies(main: &Main, action: Action) -> bool {
    use crate::tui::sheets::slots::fight::{Stage, stage};
    let state = main.state();
    let fighting = state.combat.is_some();
    let at = stage(state);
    match action {
        Action::TakeTurn => return at == Stage::Pick,
        Action::NextActor => {
            return at == Stage::Pick
                && state.combat.as_ref().is_some_and(|c| {
                    crate::tui::sheets::slots::fight::able_now(state, c).len() > 1
                });
        }
        Action::Setup => return matches!(at, Stage::Acting { .. }),
        Action::Interrupt => return matches!(at, Stage::SetUp { .. } | Stage::Interrupting { .. }),
        Action::EndTurn => {
            return matches!(
                at,
                Stage::Acting { .. } | Stage::SetUp { .. } | Stage::Finishing { .. } | Stage::Stuck
            );
        }
        Action::Task
        | Action::Rest
        | Action::Terrain
        | Action::Stealth
        | Action::Fall
        | Action::Check
        | Action::Group
            if fighting =>
        {
            return false;
        }
        _ => {}
    }
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

/// Form keys that only some forms have: edge keys need an edge field; ←→ needs a field that
/// changes.
pub fn form_applies(main: &Main, action: Action) -> bool {
    match &main.overlay {
        Some(super::app::Overlay::Form(f)) => form_action_applies(f, action),
        _ => true,
    }
}

pub fn form_action_applies<P>(f: &super::form::Form<P>, action: Action) -> bool {
    match action {
        Action::MoreAdvantage | Action::MoreDisadvantage => {
            f.fields.iter().any(|x| x.id == "edge") && !f.typing()
        }
        Action::Change | Action::ChangeBack => !f.typing(),
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
    let mut lead = Vec::new();
    if main.selected().is_none() && ctx == Ctx::Main {
        lead.push(Span::styled(" No characters yet: ", theme.warn()));
    }
    let hints = hint_spans(ctx, theme, |a| applies(main, a) && form_applies(main, a));
    hints_line(buf, area, lead, hints);
}

/// "key word" pairs for a context's status line, in keymap order. Help (`?`) and quit always
/// come last so they survive when the line is cut to the screen's width.
pub fn hint_spans(ctx: Ctx, theme: Theme, applies: impl Fn(Action) -> bool) -> Vec<Span<'static>> {
    let mut first = Vec::new();
    let mut last = Vec::new();
    for b in keymap::bindings(ctx) {
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
        if matches!(b.action, Action::Help | Action::Quit) {
            last.extend(pair);
        } else {
            first.extend(pair);
        }
    }
    first.extend(last);
    first
}

/// Draws hints into one row, dropping middle pairs that do not fit so the last ones (help,
/// quit) always show.
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
    let protected = 2.min(pairs.len());
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
pub(crate) trait RenderTo {
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
