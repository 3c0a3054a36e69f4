//! A player character's own page on the judge's screen, to hand out at the table: its address
//! and its QR code, drawn as `slotmark table FILE --web` prints them. That server makes the
//! addresses and keeps them in the links file beside the session (see
//! [`crate::store::read_links`]); the screen reads the file when the dialog opens and when the
//! judge looks again, and says how to start the server when none serves the session.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};
use unicode_width::UnicodeWidthStr;

use crate::store::{PlayerLink, Served};
use crate::tui::host::{LinkLook, Main, Overlay};
use crate::tui::keymap::Action;
use crate::tui::theme::Theme;
use crate::tui::widgets::{dialog, width_for, wrapped_height};

impl Main {
    /// Opens the dialog on the selected character's page (or what stands in its way).
    pub(crate) fn open_link(&mut self) -> bool {
        self.overlay = Some(Overlay::Link(self.look_for_links()));
        true
    }

    /// Reads the links file of the session's file, when it has one.
    fn look_for_links(&self) -> LinkLook {
        let found = self
            .store
            .as_ref()
            .map(|store| crate::store::read_links(store.path()).map_err(|e| e.reason()));
        LinkLook { found }
    }

    pub(crate) fn link_key(&mut self, action: Option<Action>) -> bool {
        match action {
            Some(Action::Cancel) => self.overlay = None,
            Some(Action::Link) => self.overlay = Some(Overlay::Link(self.look_for_links())),
            Some(a @ (Action::NextChar | Action::PrevChar)) => {
                let players: Vec<u32> = self
                    .session
                    .state()
                    .game
                    .player_characters()
                    .into_iter()
                    .map(|(id, _)| id)
                    .collect();
                if players.is_empty() {
                    return false;
                }
                // From a creature, the first player character after it on the roster.
                let roster = self.roster();
                let place = |id: u32| roster.iter().position(|&r| r == id).unwrap_or(0);
                let at = self.view.selected.map_or(0, place);
                let next = if a == Action::NextChar {
                    players.iter().find(|&&p| place(p) > at).or(players.first())
                } else {
                    players
                        .iter()
                        .rev()
                        .find(|&&p| place(p) < at)
                        .or(players.last())
                };
                self.view.selected = next.copied();
            }
            _ => return false,
        }
        true
    }
}

/// What the dialog shows: its title, the words above the code, and the address to draw as one.
struct Shown {
    title: String,
    words: Vec<Line<'static>>,
    address: Option<String>,
}

fn said(title: impl Into<String>, lines: Vec<Line<'static>>) -> Shown {
    Shown {
        title: title.into(),
        words: lines,
        address: None,
    }
}

/// The command that starts the server for the session at `path`, as the judge would type it.
fn start_command(path: &std::path::Path) -> String {
    let path = path.display().to_string();
    let path = if path.contains([' ', '\'', '"']) {
        format!("\"{path}\"")
    } else {
        path
    };
    format!("slotmark table {path} --web")
}

fn shown(main: &Main, look: &LinkLook, theme: Theme) -> Shown {
    const TITLE: &str = "A player's own page";
    let selected = main.view.selected.and_then(|id| {
        main.session
            .state()
            .game
            .roster()
            .into_iter()
            .flat_map(|g| g.members.into_iter().map(move |m| (g.party, m)))
            .find(|(_, m)| m.id == id)
    });
    let Some((party, who)) = selected else {
        return said(
            TITLE,
            vec![Line::raw(
                "Nobody is selected. Each player character has a page of its own: select one \
                 on the roster.",
            )],
        );
    };
    if !party {
        let more = if main.session.state().game.player_characters().is_empty() {
            "This session has no player character yet."
        } else {
            "Tab shows the next player character's."
        };
        return said(
            TITLE,
            vec![Line::raw(format!(
                "{} is not a player character: only player characters have a page of their \
                 own. {more}",
                who.name
            ))],
        );
    }
    let title = format!("{}'s own page", who.name);
    let found = match &look.found {
        None => {
            return said(
                title,
                vec![Line::raw(
                    "This session is not in a file yet, and the players' pages are served \
                     from one. Save it with :save as PATH, then start slotmark table PATH \
                     --web in another terminal.",
                )],
            );
        }
        Some(Err(why)) => {
            return said(
                title,
                vec![
                    Line::styled("The addresses of the pages cannot be read:", theme.error()),
                    Line::raw(why.clone()),
                ],
            );
        }
        Some(Ok(found)) => found,
    };
    let links = match found {
        Served::NotServed => {
            let path = main.store.as_ref().map(|s| start_command(s.path()));
            return said(
                title,
                vec![
                    Line::raw(
                        "No page is served for this session. To give each player a page of \
                         their own, start this in another terminal:",
                    ),
                    Line::raw(""),
                    Line::styled(format!("  {}", path.unwrap_or_default()), theme.bold()),
                    Line::raw(""),
                    Line::raw(
                        "(add an address such as 0.0.0.0:8080 for the phones on your network), \
                         then press W here.",
                    ),
                ],
            );
        }
        Served::Served(links) => links,
    };
    let made = main
        .session
        .state()
        .veil
        .links
        .get(&who.id)
        .copied()
        .unwrap_or(0);
    match links.iter().find(|l| l.id == who.id) {
        Some(PlayerLink {
            made_for, address, ..
        }) if *made_for == made => Shown {
            words: vec![Line::raw(format!(
                "For {}'s player alone: let them scan the code.",
                who.name
            ))],
            title,
            address: Some(address.clone()),
        },
        _ => said(
            title,
            vec![Line::raw(format!(
                "The page is making {}'s new address; press W again in a moment.",
                who.name
            ))],
        ),
    }
}

/// The code of `address` laid out in a dialog within `most_w`×`most_h` (inside its borders):
/// its rows, with as much of its quiet zone as fits (never less than one module), the text
/// above it (the words when they fit, and the address), and the width inside the borders.
/// None when no code fits.
fn fitted(
    address: &str,
    words: &[Line<'static>],
    most_w: u16,
    most_h: u16,
) -> Option<(Vec<String>, Vec<Line<'static>>, u16)> {
    let tries = [(4, true), (3, true), (2, true), (2, false), (1, false)];
    tries.into_iter().find_map(|(margin, with_words)| {
        let rows = crate::web::qr_rows(address, margin)?;
        let code_w = u16::try_from(rows.first().map_or(0, |r| r.width())).ok()?;
        let mut text: Vec<Line<'static>> = if with_words {
            words.to_vec()
        } else {
            Vec::new()
        };
        text.push(Line::raw(address.to_string()));
        let text_w = text.iter().map(Line::width).max().unwrap_or(0);
        let w = code_w
            .max(u16::try_from(text_w).unwrap_or(u16::MAX))
            .min(most_w);
        let h = usize::from(wrapped_height(&text, w)) + rows.len();
        (code_w <= most_w && h <= usize::from(most_h)).then_some((rows, text, w))
    })
}

/// The dialog over the screen, leaving the status line with its keys below it.
pub fn draw(buf: &mut Buffer, area: Rect, main: &Main, look: &LinkLook, theme: Theme) {
    let screen = area;
    let area = Rect {
        height: area.height.saturating_sub(1).max(3),
        ..area
    };
    let shown = shown(main, look, theme);
    let most_w = width_for(area, 80).saturating_sub(2).max(1);
    let most_h = area.height.saturating_sub(2);
    let Some(address) = shown.address else {
        let w = width_for(area, 64);
        let h = (wrapped_height(&shown.words, w.saturating_sub(2)) + 2).min(area.height);
        let inner = dialog(buf, area, w, h, &shown.title, theme);
        Paragraph::new(shown.words)
            .wrap(Wrap { trim: false })
            .render(inner, buf);
        return;
    };
    if let Some((rows, mut text, w)) = fitted(&address, &shown.words, most_w, most_h) {
        if let Some(last) = text.last_mut() {
            *last = Line::styled(address.clone(), theme.bold());
        }
        let text_h = wrapped_height(&text, w);
        let h = text_h + rows.len() as u16 + 2;
        let inner = dialog(buf, area, w + 2, h, &shown.title, theme);
        Paragraph::new(text).wrap(Wrap { trim: false }).render(
            Rect {
                height: text_h,
                ..inner
            },
            buf,
        );
        let code_w = rows.first().map_or(0, |r| r.width()) as u16;
        let left = inner.x + inner.width.saturating_sub(code_w) / 2;
        for (i, row) in rows.iter().enumerate() {
            buf.set_string(left, inner.y + text_h + i as u16, row, theme.qr());
        }
        return;
    }
    // No code fits: the address alone, and the room the code needs.
    let url = Line::styled(address.clone(), theme.bold());
    let (need_w, need_h) = crate::web::qr_rows(&address, 1).map_or((0, 0), |rows| {
        let code_w = rows.first().map_or(0, |r| r.width());
        let url_h = usize::from(wrapped_height(std::slice::from_ref(&url), most_w));
        // Borders and the screen's edges around it; the status line under it.
        (code_w + 4, rows.len() + url_h + 3)
    });
    let (narrow, low) = (
        need_w > usize::from(screen.width),
        need_h > usize::from(screen.height),
    );
    let needs = match (narrow, low) {
        (true, true) => format!("{need_w}×{need_h}"),
        (true, false) => format!("{need_w} columns wide"),
        _ => format!("{need_h} rows tall"),
    };
    let mut lines = shown.words;
    lines.push(url);
    lines.push(Line::raw(""));
    lines.push(Line::from(vec![Span::styled(
        format!(
            "The QR code needs a terminal at least {needs}: make this one larger to show it, \
             or give the address as it is."
        ),
        theme.dim(),
    )]));
    let w = width_for(area, 80);
    let h = (wrapped_height(&lines, w.saturating_sub(2)) + 2).min(area.height);
    let inner = dialog(buf, area, w, h, &shown.title, theme);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}
