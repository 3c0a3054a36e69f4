//! `slotmark table FILE --web [ADDR]`: the players' view as a page over HTTP, for the phones
//! and the projector at the table. It follows the session exactly as the terminal view does
//! (through [`Following`]), makes the page's model from [`TableView`] alone (see [`page`]), and
//! sends it to every open page as a server-sent event when it changes. The page itself is one
//! file, `assets/table.html`, built into the binary. Nothing here runs unless asked: the
//! judge's screen and the terminal view start no server and no thread for it.
//!
//! A player's own page also offers its character's rolls ([`crate::script::offers`]), made anew
//! with each step, and takes the player's proposals into the mailbox beside the session; the
//! judge's answers, read from theirs, go back to that player's page. Nothing here changes the
//! session.

mod page;
mod serve;

pub use page::{Asked, Page, ROLLS, page, player_page};
pub use serve::{Limits, PROPOSAL_BYTES, Reader, Server, TOKEN_HEADER};

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use thiserror::Error;

use crate::dice::NoRandomness;
use crate::script::offers::{Offer, offers};
use crate::session::TableView;
use crate::store::{Answer, Followed, Following, PlayerLink, StoreError, Verdict};

/// Where the page listens unless told: this machine only, on a port the system chooses.
pub const DEFAULT_ADDR: SocketAddr = SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), 0);

/// How often the files are looked at when the file system tells nothing of changes, and how
/// often anyway while it does (an event can be missed, on a network file system say).
const POLL: Duration = Duration::from_millis(50);
const POLL_WATCHED: Duration = Duration::from_millis(500);

#[derive(Debug, Error)]
pub enum WebError {
    #[error("cannot listen on {0}: {1}")]
    Listen(SocketAddr, String),
    #[error("{0} is not an address to listen on: give an IP address and a port (0.0.0.0:8080)")]
    Address(String),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("cannot make an access token: {0}")]
    Token(#[from] NoRandomness),
    #[error("cannot write to the terminal: {0}")]
    Terminal(String),
}

/// Reads `--web`'s address: `IP:PORT`, or an IP alone (any free port).
pub fn address(text: &str) -> Result<SocketAddr, WebError> {
    let text = text.trim();
    if let Ok(addr) = text.parse::<SocketAddr>() {
        return Ok(addr);
    }
    let ip = text.trim_start_matches('[').trim_end_matches(']');
    ip.parse::<IpAddr>()
        .map(|ip| SocketAddr::new(ip, 0))
        .map_err(|_| WebError::Address(text.to_string()))
}

/// The players' pages of one session: the session as followed, and the server that shows them:
/// the table's page, and each player character's own.
pub struct Web {
    following: Following,
    server: Server,
    token: String,
    last: String,
    /// Each player character's page, by the ruleset's id.
    players: BTreeMap<u32, Link>,
    /// Links made since [`Web::made`] was last asked, to be printed: whose, and whether it
    /// replaces one.
    made: Vec<(u32, bool)>,
    /// The judge's answers file as last read (its time and length), and its answers.
    answers_seen: Option<(std::time::SystemTime, u64)>,
    answers: Vec<Answer>,
    /// The links file as last written, held (and locked) while serving: the judge's screen
    /// reads the addresses there.
    links: Option<(std::fs::File, Vec<PlayerLink>)>,
    /// Why the links file could not be written, once, to be said.
    trouble: Option<String>,
    /// The last reason said, so a file that keeps failing is said once.
    said: Option<String>,
}

/// One player character's page: its link's token and what it was last sent.
struct Link {
    name: String,
    token: String,
    /// The count of `link NAME new` the token was made for (see `Veil::links`).
    made_for: u32,
    last: String,
}

impl Web {
    /// Reads the session and starts serving its pages on `addr`, each with a new access token.
    ///
    /// Proposals already waiting beside the session wait on; a damaged mailbox is refused with
    /// the reason, as a damaged session file is.
    pub fn open(path: &Path, addr: SocketAddr, limits: Limits) -> Result<Web, WebError> {
        let following = Following::open(path)?;
        let waiting = crate::store::read_proposals(&crate::store::proposals_path(path))?;
        let token = crate::dice::access_token()?;
        let last = update(&following);
        let server = Server::start(
            addr,
            vec![(Reader::Table, token.clone(), last.clone())],
            limits,
        )?;
        server.open_mailbox(crate::store::proposals_path(path), waiting);
        let mut web = Web {
            following,
            server,
            token,
            last,
            players: BTreeMap::new(),
            made: Vec::new(),
            answers_seen: None,
            answers: Vec::new(),
            links: None,
            trouble: None,
            said: None,
        };
        web.read_answers();
        for (id, name) in party(&web.following) {
            let offered = web.offered(id);
            let last = web.player_update(id, &name, &offered);
            let link = Link {
                token: crate::dice::access_token()?,
                made_for: made_for(&web.following, id),
                last,
                name,
            };
            web.server
                .issue(Reader::Player(id), link.token.clone(), &link.last);
            web.server.offer(id, &link.name, offered);
            web.players.insert(id, link);
        }
        web.keep_links();
        Ok(web)
    }

    /// The rolls the player of `id` may propose now, against the creatures the players see.
    fn offered(&self, id: u32) -> Vec<Offer> {
        let session = self.following.session();
        let view = TableView::of_player(session, 0, id);
        let foes: Vec<(u32, String)> = view
            .creatures
            .iter()
            .filter(|c| !c.dead)
            .map(|c| (c.id, c.name.clone()))
            .collect();
        offers(session.state(), id, &foes)
    }

    /// Reads the judge's answers when their file changed, and takes the proposals they answer
    /// out of the mailbox: true when there was anything new.
    fn read_answers(&mut self) -> bool {
        let path = crate::store::answers_path(self.following.path());
        let seen = std::fs::metadata(&path)
            .ok()
            .and_then(|m| Some((m.modified().ok()?, m.len())));
        if seen == self.answers_seen {
            return false;
        }
        self.answers_seen = seen;
        // A damaged answers file answers nothing: the proposals wait on, and the judge's
        // screen says what is wrong with it.
        let Ok(answers) = crate::store::read_answers(&path) else {
            return false;
        };
        let ids: Vec<String> = answers.iter().map(|a| a.id.clone()).collect();
        let _ = self.server.answered(&ids);
        self.answers = answers;
        true
    }

    /// A player's own page's update now, as JSON: the players' lens for that player, their
    /// character's sheet as made for its player, the rolls they may propose, and their
    /// proposals waiting and answered.
    fn player_update(&self, id: u32, name: &str, offered: &[Offer]) -> String {
        let session = self.following.session();
        let view = TableView::of_player(session, ROLLS, id);
        let sheet = crate::export::players::own_sheet(session, id);
        let mut asked: Vec<Asked> = self
            .server
            .waiting()
            .into_iter()
            .filter(|p| p.who == id)
            .map(|p| Asked {
                id: p.id,
                what: p.what,
                state: "waiting",
                word: String::new(),
                verdict: None,
            })
            .collect();
        asked.extend(
            self.answers
                .iter()
                .rev()
                .filter(|a| a.who == id)
                .take(ANSWERS_SHOWN)
                .map(|a| {
                    let (state, word) = match &a.verdict {
                        Verdict::Taken => ("taken", String::new()),
                        Verdict::Changed => ("changed", String::new()),
                        Verdict::Declined(word) => ("declined", word.clone()),
                    };
                    // The first line the player sees from the roll's step on.
                    let verdict = a.step.and_then(|step| {
                        view.rolls
                            .iter()
                            .filter(|l| l.step as u64 >= step)
                            .min_by_key(|l| l.step)
                            .map(|l| l.text.clone())
                    });
                    Asked {
                        id: a.id.clone(),
                        what: a.what.clone(),
                        state,
                        word,
                        verdict,
                    }
                }),
        );
        let page = player_page(&view, name, sheet, self.following.problem(), offered, asked);
        serde_json::to_string(&page).unwrap_or_else(|_| "null".into())
    }

    /// Each player character's page as the links file lists it, in the roster's order.
    fn player_links(&self) -> Vec<PlayerLink> {
        party(&self.following)
            .into_iter()
            .filter_map(|(id, _)| {
                let link = self.players.get(&id)?;
                Some(PlayerLink {
                    id,
                    name: link.name.clone(),
                    made_for: link.made_for,
                    address: self.url_with(&link.token),
                })
            })
            .collect()
    }

    /// Writes the links file anew when the addresses changed. A file that cannot be written is
    /// let go (unlocked, its addresses no longer count), to be tried again at the next change.
    fn keep_links(&mut self) {
        let players = self.player_links();
        if self.links.as_ref().is_some_and(|(_, w)| *w == players) {
            return;
        }
        match crate::store::write_links(self.path(), &players) {
            Ok(file) => {
                self.links = Some((file, players));
                self.said = None;
            }
            Err(e) => {
                self.links = None;
                let why = e.to_string();
                if self.said.as_ref() != Some(&why) {
                    self.said = Some(why.clone());
                    self.trouble = Some(why);
                }
            }
        }
    }

    /// Why the links file could not be written, when that is news: the judge's screen then
    /// cannot show the addresses, which still open their pages.
    pub fn links_trouble(&mut self) -> Option<String> {
        self.trouble.take()
    }

    pub fn server(&self) -> &Server {
        &self.server
    }

    /// The table's token.
    pub fn token(&self) -> &str {
        &self.token
    }

    /// The token of the player character `id`'s own page.
    pub fn player_token(&self, id: u32) -> Option<&str> {
        self.players.get(&id).map(|l| l.token.as_str())
    }

    pub fn path(&self) -> &Path {
        self.following.path()
    }

    /// The table's address to open, token and all. A server listening on every address is
    /// named by an address of this machine's that others on its network can reach.
    pub fn url(&self) -> String {
        self.url_with(&self.token)
    }

    /// Each player character's own page: id, name and address, in the roster's order.
    pub fn player_urls(&self) -> Vec<(u32, String, String)> {
        party(&self.following)
            .into_iter()
            .filter_map(|(id, _)| {
                let link = self.players.get(&id)?;
                Some((id, link.name.clone(), self.url_with(&link.token)))
            })
            .collect()
    }

    fn url_with(&self, token: &str) -> String {
        let addr = self.server.addr();
        let ip = if addr.ip().is_unspecified() {
            reachable().unwrap_or(addr.ip())
        } else {
            addr.ip()
        };
        let host = SocketAddr::new(ip, addr.port());
        format!("http://{host}/?t={token}")
    }

    /// The player characters whose links were made since this was last asked (a character who
    /// joined, or `link NAME new`): id, name, address, and whether it replaces an old one.
    pub fn made(&mut self) -> Vec<(u32, String, String, bool)> {
        let made = std::mem::take(&mut self.made);
        made.into_iter()
            .filter_map(|(id, anew)| {
                let link = self.players.get(&id)?;
                Some((id, link.name.clone(), self.url_with(&link.token), anew))
            })
            .collect()
    }

    /// One look at the files and, when what the players see changed, an update to every page
    /// that changed. A character's link made anew gets a new token (the old one and its open
    /// pages stop at once); a character who joined gets a page, one who left loses theirs.
    ///
    /// A player's page also changes when a proposal of theirs arrives or the judge answers
    /// one, session or not.
    pub fn step(&mut self) -> Followed {
        let followed = self.following.refresh();
        if followed == Followed::Gone {
            return followed;
        }
        let mail = self.read_answers() | self.server.mail_changed();
        if followed != Followed::Changed && !mail {
            return followed;
        }
        let next = update(&self.following);
        if next != self.last {
            self.server.publish(Reader::Table, &next);
            self.last = next;
        }
        let party = party(&self.following);
        let gone: Vec<u32> = self
            .players
            .keys()
            .filter(|id| !party.iter().any(|(p, _)| p == *id))
            .copied()
            .collect();
        for id in gone {
            self.players.remove(&id);
            self.server.revoke(Reader::Player(id));
        }
        for (id, name) in party {
            let made_for = made_for(&self.following, id);
            let offered = self.offered(id);
            let next = self.player_update(id, &name, &offered);
            self.server.offer(id, &name, offered);
            match self.players.get_mut(&id) {
                Some(link) if link.made_for == made_for => {
                    if next != link.last {
                        self.server.publish(Reader::Player(id), &next);
                        link.last = next;
                    }
                    link.name = name;
                }
                _ => {
                    // Without a token of its own a page is not served: a character whose
                    // token cannot be made has no page until the next look.
                    let Ok(token) = crate::dice::access_token() else {
                        self.players.remove(&id);
                        self.server.revoke(Reader::Player(id));
                        continue;
                    };
                    self.server.issue(Reader::Player(id), token.clone(), &next);
                    self.made.push((id, self.players.contains_key(&id)));
                    self.players.insert(
                        id,
                        Link {
                            name,
                            token,
                            made_for,
                            last: next,
                        },
                    );
                }
            }
        }
        self.keep_links();
        followed
    }
}

/// The player characters of the session: id and name.
fn party(following: &Following) -> Vec<(u32, String)> {
    following.session().state().game.player_characters()
}

/// How many times the judge made `id`'s link anew.
fn made_for(following: &Following, id: u32) -> u32 {
    following
        .session()
        .state()
        .veil
        .links
        .get(&id)
        .copied()
        .unwrap_or(0)
}

/// The page's update now, as JSON: made from the players' lens by [`page`] and nothing else.
fn update(following: &Following) -> String {
    let view = TableView::of(following.session(), ROLLS);
    // A model of plain strings, numbers and lists always serializes; `null` is ignored by the
    // page all the same.
    serde_json::to_string(&page(&view, following.problem())).unwrap_or_else(|_| "null".into())
}

/// How many of the judge's last answers a player's page shows.
const ANSWERS_SHOWN: usize = 3;

/// An address of this machine's on its local network: the one the system would send from.
/// Connecting a UDP socket only picks a route; nothing is sent (192.0.2.1 is an address kept
/// for documentation).
fn reachable() -> Option<IpAddr> {
    let socket = std::net::UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    socket.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_unspecified()).then_some(ip)
}

/// The quiet zone a QR code asks for around it, in modules.
pub const QR_MARGIN: usize = 4;

/// The address as a QR code in text, two rows of modules to a line; dark on light whatever the
/// terminal's colours when `ansi`, so a phone's camera reads it. Without `ansi` (not a terminal,
/// or `NO_COLOR`) it is block characters only, with no colour codes.
pub fn qr(url: &str, ansi: bool) -> Option<String> {
    let rows = qr_rows(url, QR_MARGIN)?;
    Some(
        rows.iter()
            .map(|l| {
                if ansi {
                    format!("\x1b[30;107m{l}\x1b[0m\n")
                } else {
                    format!("{l}\n")
                }
            })
            .collect(),
    )
}

/// The address as a QR code in lines of text, two rows of modules to a line (`▀`, `▄`, `█` for
/// the dark ones), with `margin` light modules around it: the rendering the command line prints
/// and the judge's screen draws, which on a screen too small for the whole quiet zone asks for
/// less of it.
pub fn qr_rows(url: &str, margin: usize) -> Option<Vec<String>> {
    const HALVES: [char; 4] = [' ', '\u{2584}', '\u{2580}', '\u{2588}'];
    let code = qrcode::QrCode::new(url.as_bytes()).ok()?;
    let width = code.width();
    let colors = code.to_colors();
    let side = width + 2 * margin;
    let dark = |x: usize, y: usize| -> usize {
        let inside = |v: usize| (margin..margin + width).contains(&v);
        usize::from(
            inside(x)
                && inside(y)
                && colors[(y - margin) * width + (x - margin)] == qrcode::Color::Dark,
        )
    };
    Some(
        (0..side)
            .step_by(2)
            .map(|y| {
                (0..side)
                    .map(|x| HALVES[dark(x, y) * 2 + dark(x, y + 1)])
                    .collect()
            })
            .collect(),
    )
}

/// One page's address said on the terminal: what it is, the address, its QR code.
fn link_said(out: &mut dyn Write, what: &str, url: &str, ansi: bool) -> std::io::Result<()> {
    writeln!(out, "{what}")?;
    writeln!(out)?;
    writeln!(out, "  {url}")?;
    writeln!(out)?;
    if let Some(code) = qr(url, ansi) {
        write!(out, "{code}")?;
        writeln!(out)?;
    }
    out.flush()
}

/// The links file could not be written: the pages are served all the same.
fn links_trouble_said(out: &mut dyn Write, why: &str) -> std::io::Result<()> {
    writeln!(
        out,
        "The judge's screen cannot show the addresses (they open their pages all the same): {why}"
    )?;
    out.flush()
}

/// Why the page stopped serving.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ended {
    /// The session file went away.
    Gone(PathBuf),
}

/// Serves the page of the session at `path` on `addr`, within `limits`, until the session file
/// goes away (or the process is stopped), after printing where to open it to `out`.
pub fn run(
    path: &Path,
    addr: SocketAddr,
    limits: Limits,
    out: &mut dyn Write,
) -> Result<Ended, WebError> {
    let mut web = Web::open(path, addr, limits)?;
    let (tx, rx) = mpsc::channel();
    // The session, its journal, and the judge's answers to the players' proposals.
    let watched = [
        crate::store::journal_path(path),
        crate::store::answers_path(path),
    ];
    let watcher = crate::store::watch_files(path, &watched, move || {
        let _ = tx.send(());
    });
    let poll = if watcher.is_some() {
        POLL_WATCHED
    } else {
        POLL
    };
    let url = web.url();
    // Colour codes only for a terminal, and never under `NO_COLOR`: then the blocks alone.
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let ansi = std::io::stdout().is_terminal() && !no_color;
    let players = web.player_urls();
    let said = (|| {
        writeln!(out, "The players' page of {}:", path.display())?;
        writeln!(out)?;
        writeln!(out, "  {url}")?;
        writeln!(out)?;
        if let Some(code) = qr(&url, ansi) {
            write!(out, "{code}")?;
            writeln!(out)?;
        }
        for (_, name, url) in &players {
            link_said(
                out,
                &format!("{name}'s own page (for {name}'s player alone):"),
                url,
                ansi,
            )?;
        }
        writeln!(
            out,
            "Anyone with the table's address can read the table, and anyone with a character's \
             address that character's page; new ones are made each time, and `link NAME new` \
             makes a character's anew. W on the judge's screen shows the selected character's. \
             Ctrl-C stops it."
        )?;
        out.flush()
    })();
    said.map_err(|e| WebError::Terminal(e.to_string()))?;
    if let Some(why) = web.links_trouble() {
        links_trouble_said(out, &why).map_err(|e| WebError::Terminal(e.to_string()))?;
    }
    loop {
        match rx.recv_timeout(poll) {
            Ok(()) | Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => std::thread::sleep(poll),
        }
        if web.step() == Followed::Gone {
            drop(watcher);
            // Its addresses open nothing any more.
            let _ = std::fs::remove_file(crate::store::links_path(web.path()));
            return Ok(Ended::Gone(web.path().to_path_buf()));
        }
        if let Some(why) = web.links_trouble() {
            links_trouble_said(out, &why).map_err(|e| WebError::Terminal(e.to_string()))?;
        }
        for (_, name, url, anew) in web.made() {
            let what = if anew {
                format!("{name}'s own page has a new address (the old one no longer opens it):")
            } else {
                format!("{name} joined; {name}'s own page (for {name}'s player alone):")
            };
            link_said(out, &what, &url, ansi).map_err(|e| WebError::Terminal(e.to_string()))?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rows drawn with the whole quiet zone are the QR library's own rendering, module for
    /// module, and the command line prints them as they are.
    #[test]
    fn the_rows_with_the_whole_margin_are_the_librarys_rendering() {
        use qrcode::render::unicode::Dense1x2;
        for url in [
            "http://127.0.0.1:40000/?t=0123456789abcdef0123456789abcdef",
            "http://[fe80::1234:5678:9abc:def0]:8080/?t=fedcba9876543210fedcba9876543210",
            "x",
        ] {
            let library = qrcode::QrCode::new(url.as_bytes())
                .unwrap()
                .render::<Dense1x2>()
                .dark_color(Dense1x2::Dark)
                .light_color(Dense1x2::Light)
                .quiet_zone(true)
                .build();
            let ours = qr_rows(url, QR_MARGIN).unwrap().join("\n");
            assert_eq!(ours, library, "{url}");
            assert_eq!(qr(url, false).unwrap(), format!("{library}\n"));
        }
    }

    /// A smaller margin takes rows and columns off the code's sides only.
    #[test]
    fn a_smaller_margin_is_the_same_code_with_less_light_around_it() {
        let url = "http://127.0.0.1:40000/?t=0123456789abcdef0123456789abcdef";
        let whole = qr_rows(url, 4).unwrap();
        let two = qr_rows(url, 2).unwrap();
        assert_eq!(two.len(), whole.len() - 2);
        for (a, b) in two.iter().zip(&whole[1..]) {
            let b: String = b.chars().skip(2).take(a.chars().count()).collect();
            assert_eq!(*a, b);
        }
    }
}
