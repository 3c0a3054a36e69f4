//! `slotmark table FILE --web [ADDR]`: the players' view as a page over HTTP, for the phones
//! and the projector at the table. It follows the session exactly as the terminal view does
//! (through [`Following`]), makes the page's model from [`TableView`] alone (see [`page`]), and
//! sends it to every open page as a server-sent event when it changes. The page itself is one
//! file, `assets/table.html`, built into the binary. Nothing here runs unless asked: the
//! judge's screen and the terminal view start no server and no thread for it.

mod page;
mod serve;

pub use page::{Page, ROLLS, page};
pub use serve::{Limits, Server};

use std::io::{IsTerminal, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use thiserror::Error;

use crate::dice::NoRandomness;
use crate::session::TableView;
use crate::store::{Followed, Following, StoreError};

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

/// The players' page of one session: the session as followed, and the server that shows it.
pub struct Web {
    following: Following,
    server: Server,
    token: String,
    last: String,
}

impl Web {
    /// Reads the session and starts serving its page on `addr`, with a new access token.
    pub fn open(path: &Path, addr: SocketAddr, limits: Limits) -> Result<Web, WebError> {
        let following = Following::open(path)?;
        let token = crate::dice::access_token()?;
        let last = update(&following);
        let server = Server::start(addr, token.clone(), &last, limits)?;
        Ok(Web {
            following,
            server,
            token,
            last,
        })
    }

    pub fn server(&self) -> &Server {
        &self.server
    }

    pub fn token(&self) -> &str {
        &self.token
    }

    pub fn path(&self) -> &Path {
        self.following.path()
    }

    /// The address to open, token and all. A server listening on every address is named by
    /// an address of this machine's that others on its network can reach.
    pub fn url(&self) -> String {
        let addr = self.server.addr();
        let ip = if addr.ip().is_unspecified() {
            reachable().unwrap_or(addr.ip())
        } else {
            addr.ip()
        };
        let host = SocketAddr::new(ip, addr.port());
        format!("http://{host}/?t={}", self.token)
    }

    /// One look at the files and, when what the players see changed, an update to every page.
    pub fn step(&mut self) -> Followed {
        let followed = self.following.refresh();
        if followed == Followed::Changed {
            let next = update(&self.following);
            if next != self.last {
                self.server.publish(&next);
                self.last = next;
            }
        }
        followed
    }
}

/// The page's update now, as JSON: made from the players' lens by [`page`] and nothing else.
fn update(following: &Following) -> String {
    let view = TableView::of(following.session(), ROLLS);
    // A model of plain strings, numbers and lists always serializes; `null` is ignored by the
    // page all the same.
    serde_json::to_string(&page(&view, following.problem())).unwrap_or_else(|_| "null".into())
}

/// An address of this machine's on its local network: the one the system would send from.
/// Connecting a UDP socket only picks a route; nothing is sent (192.0.2.1 is an address kept
/// for documentation).
fn reachable() -> Option<IpAddr> {
    let socket = std::net::UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    socket.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_unspecified()).then_some(ip)
}

/// The address as a QR code in text, two rows of modules to a line; dark on light whatever the
/// terminal's colours when `ansi`, so a phone's camera reads it. Without `ansi` (not a terminal,
/// or `NO_COLOR`) it is block characters only, with no colour codes.
pub fn qr(url: &str, ansi: bool) -> Option<String> {
    use qrcode::render::unicode::Dense1x2;
    let code = qrcode::QrCode::new(url.as_bytes()).ok()?;
    let text = code
        .render::<Dense1x2>()
        .dark_color(Dense1x2::Dark)
        .light_color(Dense1x2::Light)
        .quiet_zone(true)
        .build();
    if !ansi {
        return Some(text);
    }
    Some(
        text.lines()
            .map(|l| format!("\x1b[30;107m{l}\x1b[0m\n"))
            .collect(),
    )
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
    let watcher = crate::store::watch(path, move || {
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
    let said = (|| {
        writeln!(out, "The players' page of {}:", path.display())?;
        writeln!(out)?;
        writeln!(out, "  {url}")?;
        writeln!(out)?;
        if let Some(code) = qr(&url, ansi) {
            write!(out, "{code}")?;
            writeln!(out)?;
        }
        writeln!(
            out,
            "Anyone with this address can read the table; a new one is made each time. Ctrl-C stops it."
        )?;
        out.flush()
    })();
    said.map_err(|e| WebError::Terminal(e.to_string()))?;
    loop {
        match rx.recv_timeout(poll) {
            Ok(()) | Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => std::thread::sleep(poll),
        }
        if web.step() == Followed::Gone {
            drop(watcher);
            return Ok(Ended::Gone(web.path().to_path_buf()));
        }
    }
}
