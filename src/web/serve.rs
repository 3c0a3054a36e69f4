//! The page's HTTP side, on `tiny_http`: the page and its event stream, read-only and closed.
//! Only GET; every request must carry the access token; two paths (`/` and `/events`) and
//! nothing else. Every connection reads and writes under a timeout; the event streams are
//! bounded in number, each fed through a short queue of its own, so a client that stops
//! reading loses its stream instead of holding up the others, the view or the judge.

use std::io::Write;
use std::net::{SocketAddr, TcpListener};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, SyncSender, TrySendError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use tiny_http::{Header, Method, Request, Response, StatusCode};

use super::WebError;

/// The page, built into the binary.
const PAGE: &str = include_str!("../../assets/table.html");

/// Only the page's own: its inline style and script, and its event stream from this host.
const POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; \
    connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; \
    frame-ancestors 'none'";

/// How the server bounds what clients may take.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Requests answered at once (event streams included); past it, "busy".
    pub busy: usize,
    /// Event streams open at once; past it, "busy".
    pub streams: usize,
    /// How long one read or one write on a connection may wait.
    pub timeout: Duration,
    /// How often an idle event stream says it is still there (so a gone client is noticed).
    pub heartbeat: Duration,
    /// How many updates may wait for one stream before it is dropped as stuck.
    pub queue: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            busy: 64,
            streams: 48,
            timeout: Duration::from_secs(10),
            heartbeat: Duration::from_secs(15),
            queue: 8,
        }
    }
}

/// What every request's thread shares.
struct Shared {
    token: String,
    limits: Limits,
    /// The last update, as an event ready to send to a stream that opens now.
    current: Mutex<Arc<str>>,
    streams: Mutex<Vec<SyncSender<Arc<str>>>>,
    busy: AtomicUsize,
}

/// The page's server, answering on threads of its own until dropped.
pub struct Server {
    http: Arc<tiny_http::Server>,
    addr: SocketAddr,
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    /// Listens on `addr` and serves `first` as the page's first update.
    pub fn start(
        addr: SocketAddr,
        token: String,
        first: &str,
        limits: Limits,
    ) -> Result<Server, WebError> {
        let listener = listen(addr, limits.timeout)?;
        let addr = listener
            .local_addr()
            .map_err(|e| WebError::Listen(addr, e.to_string()))?;
        let http = tiny_http::Server::from_listener(listener, None)
            .map_err(|e| WebError::Listen(addr, e.to_string()))?;
        let http = Arc::new(http);
        let shared = Arc::new(Shared {
            token,
            limits,
            current: Mutex::new(event(first)),
            streams: Mutex::new(Vec::new()),
            busy: AtomicUsize::new(0),
        });
        let thread = {
            let http = Arc::clone(&http);
            let shared = Arc::clone(&shared);
            std::thread::spawn(move || {
                for request in http.incoming_requests() {
                    dispatch(request, &shared);
                }
            })
        };
        Ok(Server {
            http,
            addr,
            shared,
            thread: Some(thread),
        })
    }

    /// Where it listens (with the port the system chose, when it was asked for any).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Sends an update to every open stream without waiting on any: a stream whose queue is
    /// full (its client stopped reading) is dropped.
    pub fn publish(&self, update: &str) {
        let update = event(update);
        *self
            .shared
            .current
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Arc::clone(&update);
        let mut streams = self
            .shared
            .streams
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        streams.retain(|s| match s.try_send(Arc::clone(&update)) {
            Ok(()) => true,
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => false,
        });
    }

    /// How many event streams are open.
    pub fn streams(&self) -> usize {
        self.shared
            .streams
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.http.unblock();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// A listening socket whose connections inherit its read and write timeouts, and a send
/// buffer of a fixed size, so a client that stops reading is noticed soon and holds little.
fn listen(addr: SocketAddr, timeout: Duration) -> Result<TcpListener, WebError> {
    use socket2::{Domain, Protocol, Socket, Type};
    let fail = |e: std::io::Error| WebError::Listen(addr, e.to_string());
    let socket =
        Socket::new(Domain::for_address(addr), Type::STREAM, Some(Protocol::TCP)).map_err(fail)?;
    #[cfg(unix)]
    socket.set_reuse_address(true).map_err(fail)?;
    socket.set_read_timeout(Some(timeout)).map_err(fail)?;
    socket.set_write_timeout(Some(timeout)).map_err(fail)?;
    socket.set_send_buffer_size(64 * 1024).map_err(fail)?;
    socket.bind(&addr.into()).map_err(fail)?;
    socket.listen(64).map_err(fail)?;
    Ok(socket.into())
}

/// One update as a server-sent event.
fn event(update: &str) -> Arc<str> {
    // JSON has no raw line breaks, so one `data:` line carries it whole.
    Arc::from(format!("event: page\ndata: {update}\n\n"))
}

/// Adds a header; every one is plain ASCII written in this file, so none is ever left out.
fn with<R: std::io::Read>(response: Response<R>, name: &str, value: &str) -> Response<R> {
    match Header::from_bytes(name.as_bytes(), value.as_bytes()) {
        Ok(h) => response.with_header(h),
        Err(()) => response,
    }
}

type Answer = Response<std::io::Cursor<Vec<u8>>>;

/// The headers every answer carries: nothing cached, nothing from elsewhere, no referrer.
fn closed(response: Answer) -> Answer {
    let response = with(response, "Cache-Control", "no-store");
    let response = with(response, "Content-Security-Policy", POLICY);
    let response = with(response, "Referrer-Policy", "no-referrer");
    let response = with(response, "X-Content-Type-Options", "nosniff");
    with(response, "X-Frame-Options", "DENY")
}

fn plain(code: u16, text: &str) -> Answer {
    let response = Response::from_string(format!("{text}\n")).with_status_code(StatusCode(code));
    closed(with(response, "Content-Type", "text/plain; charset=utf-8"))
}

/// The path and the token a request asks with.
fn target(url: &str) -> (&str, Option<&str>) {
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    let token = query.split('&').find_map(|pair| pair.strip_prefix("t="));
    (path, token)
}

/// Compares every byte whatever the first difference, so the time taken tells nothing of how
/// much of a guessed token was right.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// Answers one request on a thread of its own, or "busy" at once when too many are.
fn dispatch(request: Request, shared: &Arc<Shared>) {
    if shared.busy.fetch_add(1, Ordering::AcqRel) >= shared.limits.busy {
        shared.busy.fetch_sub(1, Ordering::AcqRel);
        let _ = request.respond(plain(503, "Too many open connections; try again soon."));
        return;
    }
    let shared = Arc::clone(shared);
    std::thread::spawn(move || {
        answer(request, &shared);
        shared.busy.fetch_sub(1, Ordering::AcqRel);
    });
}

fn answer(request: Request, shared: &Shared) {
    if *request.method() != Method::Get {
        let refused = plain(405, "This page only reads; it takes GET alone.");
        let _ = request.respond(with(refused, "Allow", "GET"));
        return;
    }
    let url = request.url().to_string();
    let (path, token) = target(&url);
    if !token.is_some_and(|t| same(t, &shared.token)) {
        let _ = request.respond(plain(
            403,
            "This page needs its access token: open the whole address slotmark printed.",
        ));
        return;
    }
    match path {
        "/" => {
            let page = with(
                Response::from_string(PAGE),
                "Content-Type",
                "text/html; charset=utf-8",
            );
            let _ = request.respond(closed(page));
        }
        "/events" => stream(request, shared),
        _ => {
            let _ = request.respond(plain(404, "There is nothing here but the players' page."));
        }
    }
}

/// Sends the current update and then each new one until the client goes or stops reading.
fn stream(request: Request, shared: &Shared) {
    let (tx, rx) = mpsc::sync_channel::<Arc<str>>(shared.limits.queue);
    {
        let mut streams = shared
            .streams
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if streams.len() >= shared.limits.streams {
            drop(streams);
            let _ = request.respond(plain(503, "Too many pages are open; try again soon."));
            return;
        }
        streams.push(tx);
    }
    let current = Arc::clone(
        &shared
            .current
            .lock()
            .unwrap_or_else(PoisonError::into_inner),
    );
    let mut out = request.into_writer();
    let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n\
        Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n\
        retry: 1000\n\n";
    if write(&mut out, head).is_err() || write(&mut out, &current).is_err() {
        return;
    }
    loop {
        let sent = match rx.recv_timeout(shared.limits.heartbeat) {
            Ok(update) => write(&mut out, &update),
            Err(RecvTimeoutError::Timeout) => write(&mut out, ": still here\n\n"),
            // Dropped by `publish`: the client fell too far behind.
            Err(RecvTimeoutError::Disconnected) => return,
        };
        if sent.is_err() {
            return;
        }
    }
}

fn write(out: &mut Box<dyn Write + Send>, text: &str) -> std::io::Result<()> {
    out.write_all(text.as_bytes())?;
    out.flush()
}
