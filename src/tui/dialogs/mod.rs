//! The frame's dialogs, each with its keys and its drawing together: what waits for the judge
//! (the [`roll`], the [`question`], the [`group`] roll) drawn from the ruleset's read models and
//! answered through the generic answers, a player's [`proposal`], and the [`palette`], typed
//! dice ([`face`]), the creature picker ([`pick`]), a player character's page to hand out
//! ([`link`]) and [`help`].
//! A ruleset's own dialogs live with its screen (`sheets`).

pub mod face;
pub mod group;
pub mod help;
pub mod jump;
pub mod link;
pub mod palette;
pub mod pick;
pub mod proposal;
pub mod question;
pub mod roll;
pub mod search;

use ratatui::Frame;
use ratatui::layout::Rect;

use crate::rules::PendingView;
use crate::tui::host::{Dice, Hit, Main, Overlay};
use crate::tui::keymap::{Ctx, Press, Table};
use crate::tui::theme::Theme;

/// What waits for the judge, under any dialog of the frame's but not under one of the ruleset's
/// (which the judge opened on top of it).
pub fn draw_pending(
    frame: &mut Frame,
    area: Rect,
    main: &Main,
    theme: Theme,
    hits: &mut Vec<(Rect, Hit)>,
) {
    let help = matches!(main.overlay, Some(Overlay::Help { .. }));
    if let Some(pending) = main.session.state().game.pending()
        && (help || main.sheet.dialog().is_none())
    {
        let buf = frame.buffer_mut();
        match &pending {
            PendingView::Roll(r) if main.last_roll_secret() => {
                // The judge sees that the players' table view does not show this roll.
                let mut r = r.clone();
                r.title = format!("SECRET · {}", r.title);
                roll::draw(buf, area, &r, theme, hits)
            }
            PendingView::Roll(r) => roll::draw(buf, area, r, theme, hits),
            PendingView::Group(g) => group::draw(buf, area, main, g, theme, hits),
            PendingView::Question(q) => question::draw(buf, area, main, q, theme, hits),
        }
    }
}

/// The frame's own dialog on top of everything.
pub fn draw_overlay(
    frame: &mut Frame,
    area: Rect,
    main: &Main,
    table: Table,
    legend: &[(&'static str, &'static str)],
    theme: Theme,
) {
    match &main.overlay {
        None => proposal::draw(frame, area, main, theme),
        Some(Overlay::Help {
            scroll,
            most,
            under,
            ..
        }) => {
            let credit = main.session.state().ruleset().credit();
            let lines = help::help_lines(table, legend, *under, credit, theme);
            most.set(help::draw(frame.buffer_mut(), area, lines, *scroll, theme));
        }
        Some(Overlay::Palette(p)) => palette::draw(frame, area, p, table, theme),
        Some(Overlay::Face(p)) => face::draw(frame, area, p, theme),
        Some(Overlay::Jump(j)) => jump::draw(frame.buffer_mut(), area, main, j, theme),
        Some(Overlay::Search(p)) => search::draw(frame.buffer_mut(), area, main, p, theme),
        Some(Overlay::Pick(p)) => pick::draw(frame.buffer_mut(), area, p, theme),
        Some(Overlay::Link(l)) => link::draw(frame.buffer_mut(), area, main, l, theme),
    }
}

/// Keys of the frame's own dialogs and of what waits for the judge; None when the keyboard
/// is on the main screen or in the ruleset's own dialog.
pub fn key(m: &mut Main, press: Press, dice: &mut Dice) -> Option<bool> {
    let Press { ctx, action, key } = press;
    Some(match ctx {
        Ctx::Help => m.help_key(action),
        Ctx::Palette => m.palette_key(action, key, dice),
        Ctx::Face => m.face_key(action, key, dice),
        Ctx::Jump => m.jump_key(action, key),
        Ctx::Search => m.search_key(action, key),
        Ctx::Pick => m.pick_key(action, key, dice),
        Ctx::Link => m.link_key(action),
        Ctx::Found => m.found_key(action),
        Ctx::Roll => m.roll_key(action, key, dice),
        Ctx::Group => m.group_key(action, dice),
        Ctx::Decide => m.decide_key(action, key, dice),
        Ctx::Proposal => m.proposal_key(action, dice),
        Ctx::Decline => m.decline_key(action, key),
        _ => return None,
    })
}
