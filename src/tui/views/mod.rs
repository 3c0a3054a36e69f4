//! The frame's drawing. One file per panel or dialog; this one lays out the main screen, draws the
//! header and the status line, and sends everything else to its panel: the roster, the strip, the
//! log and the dialogs of what waits from the ruleset's read models, the sheet and side panels and
//! the ruleset's own dialogs to its screen (`sheets`). Drawing reads the app and records the
//! regions a click can select; it never changes the session.

pub(crate) mod log;
mod roster;
mod start;
pub mod strip;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use super::app::{App, Screen};
use super::dialogs;
use super::host::{Dice, MIN_HEIGHT, MIN_WIDTH, Main, MessageKind, Overlay, SaveState};
use super::keymap::{Action, Ctx, Table};
use super::sheets::{self, Panels};
use super::theme::Theme;
use super::widgets::{RenderTo, fit, fit_spans, hint_spans, hints_line, wrap_words};
use unicode_width::UnicodeWidthStr;

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

/// The main screen outside a fight, for a sheet of `rows` rows.
pub fn main_areas(area: Rect, rows: u16) -> MainAreas {
    main_areas_with(area, rows, false, true)
}

/// Narrow terminals stack the log under the sheet; wide ones give it its own column, and the
/// room under the sheet goes to the character's conditions and, when tall enough, the clock
/// and scene panel. `rows` is what the ruleset's sheet asks for, so the sheet takes the rows it
/// needs; `fight` puts the combat strip under the header; `panels` says whether the ruleset draws
/// side panels (conditions, clock and scene) for the narrow layout to make room for.
pub fn main_areas_with(area: Rect, rows: u16, fight: bool, panels: bool) -> MainAreas {
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
    // Title, column names, the sheet's rows, two detail rows and the bottom border.
    let sheet_need = rows + 5;
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
        // From about 110 columns and with rows to spare, the conditions go under the sheet,
        // the log keeping at least eight rows.
        let condition_h = if panels && area.width >= 110 && rest.height >= sheet_h + 6 + 8 {
            6
        } else {
            0
        };
        let [sheet, below, log] = Layout::vertical([
            Constraint::Length(sheet_h),
            Constraint::Length(condition_h),
            Constraint::Min(0),
        ])
        .areas(rest);
        MainAreas {
            header,
            strip,
            roster,
            side: None,
            sheet,
            condition: (condition_h > 0).then_some(below),
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
    let table = app.table();
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
            let fight = main.session.state().game.initiative();
            let panels = sheets::has_panels(main.session.state().ruleset());
            let areas = main_areas_with(area, sheets::rows(main), fight.is_some(), panels);
            let buf = frame.buffer_mut();
            header(buf, areas.header, main, dice, theme);
            if let Some(rect) = areas.strip
                && !sheets::strip(buf, rect, main, theme, hits)
                && let Some(fight) = &fight
            {
                strip::draw(buf, rect, main, fight, theme, hits);
            }
            roster::draw(buf, areas.roster, main, theme, hits);
            let panels = Panels {
                sheet: areas.sheet,
                condition: areas.condition,
                side: areas.side,
            };
            sheets::draw(buf, &panels, main, theme, hits);
            log::draw(buf, areas.log, main, theme, hits);
            status(buf, areas.status, main, table, ctx, theme);
            dialogs::draw_pending(frame, area, main, theme, hits);
            if !matches!(main.overlay, Some(Overlay::Help { .. })) {
                sheets::draw_dialog(frame, area, main, theme, library, hits);
            }
            let legend = sheets::legend(main.session.state().ruleset());
            dialogs::draw_overlay(frame, area, main, table, legend, theme);
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

/// Whose turn it is, in a few words: the one acting, or the two acting together; else, while
/// nobody acts, what the fight waits for from the judge (`hint`, in the ruleset's words and
/// keys) where it fits, or who holds the initiative (a side, a phase).
fn whose_turn(fight: &crate::rules::Initiative, hint: Option<String>, room: usize) -> String {
    use crate::rules::Standing;
    use unicode_width::UnicodeWidthStr;
    if let Some(f) = fight
        .acting
        .and_then(|id| fight.order.iter().find(|f| f.id == id))
    {
        return format!("{}'s turn", f.name);
    }
    let names: Vec<&str> = fight.order.iter().map(|f| f.name.as_str()).collect();
    let acting: Vec<usize> = fight
        .order
        .iter()
        .enumerate()
        .filter(|(_, f)| matches!(f.standing, Standing::Acting))
        .map(|(i, _)| i)
        .collect();
    let idle = hint
        .filter(|h| h.width() <= room)
        .unwrap_or_else(|| fight.label.clone());
    let words = |names: &[String]| match names {
        [] => idle.clone(),
        [one] => format!("{one}'s turn"),
        [rest @ .., last] => format!("{} and {last} act", rest.join(", ")),
    };
    // Everyone acting by name, as the strip tells them apart when the whole names do not fit
    // (three goblins of a phase's group: "Gob 1, Gob 2 and Gob 3 act").
    let longest = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
    let mut said = String::new();
    for most in (2..=longest.max(2)).rev() {
        let labels = crate::tui::widgets::labels_within(&names, most);
        let mine: Vec<String> = acting.iter().map(|&i| labels[i].clone()).collect();
        said = words(&mine);
        if said.width() <= room {
            return said;
        }
    }
    if acting.len() < 2 {
        return said;
    }
    // Too many for the room: the first few by their shortest labels, and how many more.
    let short = crate::tui::widgets::labels_within(&names, 2);
    for k in (1..acting.len()).rev() {
        let shown: Vec<&str> = acting[..k].iter().map(|&i| short[i].as_str()).collect();
        let said = format!("{} and {} more act", shown.join(", "), acting.len() - k);
        if said.width() <= room {
            return said;
        }
    }
    format!("{} act", acting.len())
}

/// The initiative's words while a group acts together with no one of them the actor (a phase
/// of the round and its group): the header then names those acting, not these.
fn group_words(fight: &crate::rules::Initiative) -> Option<&str> {
    let acting = fight
        .order
        .iter()
        .any(|f| matches!(f.standing, crate::rules::Standing::Acting));
    (fight.acting.is_none() && acting && !fight.label.is_empty()).then_some(fight.label.as_str())
}

fn header(buf: &mut Buffer, area: Rect, main: &Main, dice: &Dice, theme: Theme) {
    let game = &main.session.state().game;
    let sep = || Span::styled(" │ ", theme.border());
    let clock = game.clock();
    // What must stay whole: the time and, in a fight, whose turn it is. The session's title
    // and the place shorten first.
    let wide = area.width >= 120;
    let mut right = match &main.save {
        SaveState::Saved => vec![Span::styled("✓ autosaved", theme.ok())],
        SaveState::Failed(why) if wide => {
            vec![Span::styled(format!("⚠ NOT SAVED: {why}"), theme.error())]
        }
        SaveState::Failed(_) => vec![Span::styled("⚠ NOT SAVED", theme.error())],
        SaveState::Memory(why) | SaveState::Unsaved(why) if wide => {
            vec![Span::styled(format!("⚠ not saved ({why})"), theme.warn())]
        }
        SaveState::Memory(_) | SaveState::Unsaved(_) => {
            vec![Span::styled("⚠ not saved", theme.warn())]
        }
        SaveState::Opening => vec![Span::styled("opening…", theme.dim())],
    };
    if main.loading.is_some() {
        right.push(sep());
        right.push(Span::styled("log loading…", theme.dim()));
    }
    right.push(sep());
    right.push(Span::raw(if dice.typed {
        "dice: typed "
    } else {
        "dice: live "
    }));
    let right = Line::from(right);
    let right_w = right.width() as u16;
    let left_w = usize::from(area.width.saturating_sub(right_w + 1));
    let mut now = vec![Span::styled(clock.now.clone(), theme.bold())];
    match game.initiative() {
        Some(fight) => {
            let style = if fight.party {
                theme.players()
            } else {
                theme.opponents()
            };
            // The room the turn's words have once the title keeps its least and the time its
            // whole: the title, a separator, the time, " · " and "▶ ".
            let room = left_w.saturating_sub(6 + 3 + clock.now.width() + 3 + 2);
            now.push(Span::raw(" · "));
            now.push(Span::styled(
                format!("▶ {}", whose_turn(&fight, sheets::fight_hint(main), room)),
                style,
            ));
        }
        None if !clock.detail.is_empty() => {
            now.push(Span::raw(format!(" {}", clock.detail)));
        }
        None => {}
    }
    let title = format!(" {} ", main.session.state().title);
    let now_w: usize = now.iter().map(|s| s.width()).sum();
    let place = clock
        .place
        .map(|p| vec![sep(), Span::raw(p)])
        .unwrap_or_default();
    let place_w: usize = place.iter().map(|s| s.width()).sum();
    // The title keeps at least a few letters; it gives way before the time does, and the
    // place before the title.
    // Outside a fight the title keeps some twenty columns before the clock's detail does.
    let least = if game.initiative().is_some() { 6 } else { 20 };
    let title_room = left_w.saturating_sub(now_w + 3);
    let title_w = title.width().min(title_room.max(least));
    let mut left = vec![Span::styled(fit(&title, title_w), theme.title()), sep()];
    left.extend(now);
    if title_w == title.width() && title_w + 3 + now_w + place_w <= left_w {
        left.extend(place);
    }
    Line::from(fit_spans(left, left_w)).render_to(buf, Rect::new(area.x, area.y, left_w as u16, 1));
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

/// The frame's keys that only sometimes do something: undo and redo with a step to take, the
/// next character with more than one, picking another die with more than one, an edge for a
/// roll that still takes one.
fn frame_applies(main: &Main, action: Action) -> bool {
    match action {
        Action::Undo => main.session.can_undo(),
        Action::Redo => main.session.can_redo(),
        Action::NextChar => main.roster().len() > 1,
        Action::PickNext => match main.session.state().game.pending() {
            Some(crate::rules::PendingView::Roll(r)) => r.can_pick && r.dice.len() > 1,
            _ => false,
        },
        Action::EdgeAdv | Action::EdgeDis => matches!(
            main.session.state().game.pending(),
            Some(crate::rules::PendingView::Roll(r)) if r.can_edge
        ),
        // Over an answer that kills, Enter does nothing and `y` takes it: say `y`, not Enter.
        Action::Accept if main.ctx() == Ctx::Decide => !main.highlighted_answer_kills(),
        Action::Yes if main.ctx() == Ctx::Decide => main.highlighted_answer_kills(),
        _ => true,
    }
}

/// The key hints for the context, always; the last message, when there is one, on its own line
/// just above them, so what happened never hides what can be done next.
fn status(buf: &mut Buffer, area: Rect, main: &Main, table: Table, ctx: Ctx, theme: Theme) {
    if let Some(msg) = &main.message
        && area.y > 0
    {
        let style = match msg.kind {
            MessageKind::Info => theme.bold(),
            MessageKind::Error => theme.error(),
        };
        let mark = match msg.kind {
            MessageKind::Info => "›",
            MessageKind::Error => "✗",
        };
        // A warning or a refusal is read whole: it takes as many rows above the hints as it
        // needs (up to a third of the screen), over the log.
        let lines = wrap_words(
            &format!("{mark} {}", msg.text),
            area.width.saturating_sub(2),
        );
        let most = match msg.kind {
            // What a step did is the log's to tell in full: two rows of it at most.
            MessageKind::Info => 2,
            MessageKind::Error => usize::from((area.y / 3).max(1)),
        };
        let shown = lines.len().min(most);
        let cut = lines.len() > shown;
        for (i, line) in lines.into_iter().take(shown).enumerate() {
            let line = if cut && i + 1 == shown {
                format!("{line} …")
            } else {
                line
            };
            let row = Rect::new(area.x, area.y - shown as u16 + i as u16, area.width, 1);
            let text = crate::tui::widgets::pad(&format!(" {line}"), area.width as usize);
            Line::styled(text, style).render_to(buf, row);
        }
    }
    let mut lead = Vec::new();
    if main.view.selected.is_none() && ctx == Ctx::Main {
        lead.push(Span::styled(" No characters yet: ", theme.warn()));
    }
    // On the one-line strip, while a group acts together (the header names them), the words of
    // what holds the initiative (a phase of the round) lead the status line: there they cost no
    // fighter its label, only keys that give way as on any narrow screen.
    let folded = strip::height(area.y + area.height) < 3;
    if ctx == Ctx::Main
        && folded
        && let Some(fight) = main.session.state().game.initiative()
        && let Some(words) = group_words(&fight)
    {
        let style = if fight.party {
            theme.players()
        } else {
            theme.opponents()
        };
        lead.push(Span::styled(format!(" {words}"), style));
        lead.push(Span::styled(" │", theme.border()));
    }
    let hints = hint_spans(table, ctx, theme, |a| {
        frame_applies(main, a) && sheets::applies(main, a)
    });
    hints_line(buf, area, lead, hints);
}
