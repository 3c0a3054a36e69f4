//! The players' recap for `slotmark export FILE --players`: what the table saw, for the judge to
//! share after the session, as Markdown or as one self-contained HTML page. It is made from the
//! players' lens alone ([`TableView`] for who is at the table, [`story`] for what happened), so it
//! holds nothing the table view could not show: no secret roll, no unseen creature, no creature's
//! number the judge keeps, nothing written for the judge alone, nothing told to one player.
//!
//! It is written as it is made, the log read a window at a time, like the judge's recap.

use std::io::{self, Write};

use crate::rules::{RosterEntry, Tone};
use crate::session::{PublicLine, Session, TableView, story};

/// How the recap is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Markdown,
    /// One page with its style inside and nothing loaded from anywhere.
    Html,
}

/// Writes the players' recap of `session` to `out`.
pub fn write(session: &Session, format: Format, out: &mut dyn Write) -> io::Result<()> {
    let view = TableView::of(session, 0);
    let mut w = Writer {
        out,
        format,
        list: false,
    };
    let state = session.state();
    let mut clock = view.clock.now.clone();
    if !view.clock.detail.is_empty() {
        clock.push(' ');
        clock.push_str(&view.clock.detail);
    }
    if let Some(place) = &view.clock.place {
        clock.push_str(" · ");
        clock.push_str(place);
    }
    w.start(&view.title)?;
    w.para(&format!("{} · {clock}", state.ruleset().title()))?;
    w.people("The party", &view.party)?;
    w.people("Others met", &view.creatures)?;
    w.heading("What the table saw")?;
    let mut any = false;
    let mut failed = None;
    story(session, |line, words| {
        if failed.is_some() {
            return;
        }
        any = true;
        if let Err(e) = w.story_line(&line, words) {
            failed = Some(e);
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    if !any {
        w.para("Nothing yet.")?;
    }
    w.end_list()?;
    if let Some(credit) = state.ruleset().credit() {
        w.credit(credit)?;
    }
    w.finish()
}

/// The recap as Markdown in one string (for tests and small sessions).
pub fn markdown(session: &Session) -> String {
    to_string(session, Format::Markdown)
}

/// The recap as an HTML page in one string (for tests and small sessions).
pub fn html(session: &Session) -> String {
    to_string(session, Format::Html)
}

fn to_string(session: &Session, format: Format) -> String {
    let mut out = Vec::new();
    // Writing to memory cannot fail.
    let _ = write(session, format, &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

struct Writer<'a> {
    out: &'a mut dyn Write,
    format: Format,
    /// A list is open (HTML closes it before anything else).
    list: bool,
}

impl Writer<'_> {
    fn start(&mut self, title: &str) -> io::Result<()> {
        match self.format {
            Format::Markdown => writeln!(self.out, "# {}\n", md(title)),
            Format::Html => write!(
                self.out,
                "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
                 <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
                 <meta name=\"color-scheme\" content=\"light dark\">\n\
                 <title>{} · what the table saw</title>\n<style>{STYLE}</style>\n</head>\n\
                 <body>\n<h1>{}</h1>\n",
                esc(title),
                esc(title)
            ),
        }
    }

    fn para(&mut self, text: &str) -> io::Result<()> {
        self.end_list()?;
        match self.format {
            Format::Markdown => writeln!(self.out, "{}\n", md(text)),
            Format::Html => writeln!(self.out, "<p>{}</p>", esc(text)),
        }
    }

    fn heading(&mut self, text: &str) -> io::Result<()> {
        self.end_list()?;
        match self.format {
            Format::Markdown => writeln!(self.out, "## {}\n", md(text)),
            Format::Html => writeln!(self.out, "<h2>{}</h2>", esc(text)),
        }
    }

    fn item(&mut self, class: &str, text: &str, strong: Option<&str>) -> io::Result<()> {
        let opens = !self.list;
        self.list = true;
        match self.format {
            Format::Markdown => match strong {
                Some(s) if text.is_empty() => writeln!(self.out, "- **{}**", md(s)),
                Some(s) => writeln!(self.out, "- **{}**: {}", md(s), md(text)),
                None => writeln!(self.out, "- {}", md(text)),
            },
            Format::Html => {
                if opens {
                    writeln!(self.out, "<ul>")?;
                }
                if class.is_empty() {
                    write!(self.out, "<li>")?;
                } else {
                    write!(self.out, "<li class=\"{class}\">")?;
                }
                if let Some(s) = strong {
                    write!(self.out, "<strong>{}</strong>", esc(s))?;
                    if !text.is_empty() {
                        write!(self.out, ": ")?;
                    }
                }
                writeln!(self.out, "{}</li>", esc(text))
            }
        }
    }

    fn end_list(&mut self) -> io::Result<()> {
        match self.format {
            Format::Markdown if self.list => {
                self.list = false;
                writeln!(self.out)
            }
            Format::Html if self.list => {
                self.list = false;
                writeln!(self.out, "</ul>")
            }
            _ => Ok(()),
        }
    }

    fn people(&mut self, title: &str, who: &[RosterEntry]) -> io::Result<()> {
        if who.is_empty() {
            return Ok(());
        }
        self.heading(title)?;
        for e in who {
            let tags: Vec<&str> = e.glance.iter().map(|t| t.text.as_str()).collect();
            let class = if e.dead { "dead" } else { "" };
            self.item(class, &tags.join(", "), Some(&e.name))?;
        }
        self.end_list()
    }

    fn story_line(&mut self, line: &PublicLine, words: bool) -> io::Result<()> {
        if words {
            return self.item("said", &line.text, None);
        }
        let class = match line.tone {
            Tone::Good => "good",
            Tone::Bad => "bad",
            Tone::Harm => "harm",
            Tone::Death => "death",
            Tone::Mended => "mended",
            Tone::Ruling => "ruling",
            _ => "",
        };
        self.item(class, &line.text, None)
    }

    fn credit(&mut self, credit: &str) -> io::Result<()> {
        self.end_list()?;
        match self.format {
            Format::Markdown => writeln!(self.out, "---\n\n_{}_", md(credit)),
            Format::Html => writeln!(self.out, "<footer>{}</footer>", esc(credit)),
        }
    }

    fn finish(&mut self) -> io::Result<()> {
        self.end_list()?;
        if self.format == Format::Html {
            writeln!(self.out, "</body>\n</html>")?;
        }
        self.out.flush()
    }
}

/// Text for an HTML page: every character that could open markup or leave an attribute
/// escaped, whoever typed it.
fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Text for Markdown: the characters that would start markup, a link or raw HTML escaped, so a
/// name or the judge's words read as typed wherever the file is shown.
fn md(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(
            c,
            '\\' | '*' | '_' | '`' | '[' | ']' | '<' | '>' | '|' | '#' | '&'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The page's style: plain, readable on a phone, light or dark as the device is.
const STYLE: &str = "
:root { --bg: #fbfaf7; --fg: #1d1b18; --dim: #6b665e; --line: #d9d4ca; --good: #1d7a32;
  --bad: #a3262a; --harm: #b3401a; --mended: #1d7a6a; --death: #555; --said: #8a5a00; }
@media (prefers-color-scheme: dark) { :root { --bg: #121212; --fg: #ecebe8; --dim: #9a958c;
  --line: #3a3732; --good: #6bd68a; --bad: #ff7b72; --harm: #ff9a6b; --mended: #5fd4c0;
  --death: #8a8580; --said: #f0b44c; } }
body { margin: 0 auto; max-width: 46rem; padding: 0.75rem; background: var(--bg);
  color: var(--fg); font-family: system-ui, sans-serif; line-height: 1.4;
  overflow-wrap: anywhere; }
h1 { font-size: 1.4rem; } h2 { font-size: 1rem; text-transform: uppercase;
  letter-spacing: 0.06em; color: var(--dim); border-bottom: 1px solid var(--line); }
ul { padding-left: 1.1rem; } li { margin: 0.15rem 0; }
.good { color: var(--good); } .bad { color: var(--bad); } .harm { color: var(--harm); }
.mended { color: var(--mended); } .death, .dead { color: var(--death); }
.said { color: var(--said); font-style: italic; list-style: none; margin-left: -1.1rem; }
footer { margin-top: 1.5rem; color: var(--dim); font-size: 0.85rem; }
";

/// The sheet of the player character `id` for its player's own page, in its ruleset's words as
/// `show --character` prints it, but without what a sheet keeps for the judge alone (the notes
/// the judge wrote on it). None for anyone who is not a player character.
pub fn own_sheet(session: &Session, id: u32) -> Option<String> {
    use crate::rules::GameState;
    let game = &session.state().game;
    let theirs = game
        .roster()
        .iter()
        .any(|g| g.party && g.members.iter().any(|m| m.id == id));
    if !theirs {
        return None;
    }
    match game {
        GameState::Slots(st) => st
            .characters
            .iter()
            .find(|c| c.id == id)
            .map(|c| super::slots::sheet(st, c)),
        GameState::Plain(st) => st
            .characters
            .iter()
            .find(|c| c.id == id)
            .map(|c| super::plain::sheet(st, c)),
        GameState::Phase(st) => st
            .characters
            .iter()
            .find(|c| c.id == id)
            .map(|c| super::phase::sheet(c, st.dungeon(), st.world.turn)),
        GameState::Bdp(st) => st.characters.iter().find(|c| c.id == id).map(|c| {
            let mut c = c.clone();
            c.notes = Default::default();
            super::bdp::sheet(&c)
        }),
        GameState::Ap(st) => st.characters.iter().find(|c| c.id == id).map(|c| {
            let mut c = c.clone();
            c.notes = Default::default();
            super::ap::sheet(&c, st)
        }),
        GameState::ActionDie(st) => st.characters.iter().find(|c| c.id == id).map(|c| {
            let mut c = c.clone();
            c.notes = Default::default();
            super::actiondie::sheet(st, &c)
        }),
    }
}
