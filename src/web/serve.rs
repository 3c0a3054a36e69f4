//! The page's HTTP side, on axum, hyper and tokio: the page and its event stream, and a player's
//! proposals. GET for the page (`/`) and its stream (`/events`), with the token in the address;
//! POST for a proposal (`/propose`), with a player's token in the `X-Slotmark-Token` header
//! (never a cookie, so no other site's page can send one for a player); nothing else.
//!
//! A proposal is checked here against the rolls its character has now ([`Server::offer`]
//! publishes them), within a rate per link ([`Limits::proposals`]) and a bounded body, and put
//! in the mailbox beside the session for the judge's screen (see [`crate::store::Proposal`]);
//! it changes nothing in the session. A full mailbox refuses it, saying so.
//!
//! Nothing a client sends may stop it or grow it without bound: connections at once, the bytes
//! of a request's head, its body, the time a connection may wait for a read or a write, the time
//! an answer may take, the event streams at once and each stream's queue all have a limit
//! ([`Limits`]). The accept loop outlives every error (a full file-handle table is waited out:
//! new connections wait their turn in the system's queue).
//!
//! Connections that have not shown the token cannot keep out those that have. A connection is
//! first *waiting*: it has sent no request with the token yet. The waiting ones have a pool of
//! their own ([`Limits::waiting`]), and when a connection arrives with that pool full, the oldest
//! waiting connection is closed to make room: a browser sends its token within milliseconds of
//! connecting and is answered long before it is the oldest, while idle connections opened
//! without it are pushed out by the next ones. A request with the token moves its connection to
//! the *admitted* ones ([`Limits::busy`]), which are never pushed out; only when those are all
//! taken is a request with the token answered "busy". Whatever arrives, the server holds at most
//! `waiting + busy` connections (a connection pushed out is closed at its task's next turn).
//! An event stream's slot is freed the moment its connection ends, and a client that stops
//! reading loses its stream instead of holding up the others, the view or the judge.
//!
//! It runs on a single-threaded tokio runtime on a thread of its own, stopped when the
//! [`Server`] is dropped: one thread answers every page at the table at once.

use std::collections::{BTreeMap, HashMap};
use std::convert::Infallible;
use std::io;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use hyper::server::conn::http1;
use hyper::service::Service as _;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tokio::sync::{mpsc, oneshot};
use tokio_io_timeout::TimeoutStream;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

use super::WebError;
use crate::script::offers::{Edge, Offer, checked, described};
use crate::store::{MAILBOX_ROOM, Proposal};

/// The header a proposal carries its player's token in.
pub const TOKEN_HEADER: &str = "x-slotmark-token";

/// The most bytes a proposal's body may have: a roll's name, an edge, a few faces.
pub const PROPOSAL_BYTES: usize = 1024;

/// The page, built into the binary.
const PAGE: &str = include_str!("../../assets/table.html");

/// Only the page's own: its inline style and script, and its event stream from this host.
const POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; \
    connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; \
    frame-ancestors 'none'";

/// The smallest head hyper reads a request into: its buffer starts that large.
const LEAST_HEAD: usize = 8 * 1024;

/// How long the accept loop waits before trying again after an error that is not the one
/// connection's (the file-handle table full, memory short): long enough not to spin, short
/// enough that a page barely notices once handles are free again.
const BACKOFF: Duration = Duration::from_millis(50);

/// How the server bounds what clients may take.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Connections that have shown the token, open at once, event streams and idle browsers'
    /// connections included; past it a request with the token is answered "busy" and its
    /// connection closed.
    pub busy: usize,
    /// Connections that have not shown the token yet, open at once; when one more arrives, the
    /// oldest of them is closed to make room.
    pub waiting: usize,
    /// Event streams open at once; past it, "busy".
    pub streams: usize,
    /// How long a connection may wait for a request's head, for one read or for one write; a
    /// connection idle that long is closed. An event stream reads nothing more once it is
    /// open, so only its writes are timed.
    pub timeout: Duration,
    /// How long an answer to an ordinary request may take (an event stream's opening included,
    /// not the stream itself).
    pub respond: Duration,
    /// How often an idle event stream says it is still there (for the proxies and the
    /// connections that vanish without a word).
    pub heartbeat: Duration,
    /// How many updates may wait for one stream before it is dropped as stuck.
    pub queue: usize,
    /// Bytes of a request's line and headers; past it the request is refused (431) and its
    /// connection closed. Never less than 8 KiB, the least hyper reads a head into.
    pub head: usize,
    /// Bytes of a request's body; past it, refused (413). Only a proposal's body is read.
    pub body: usize,
    /// Proposals one link may send in a burst; one more is refused until `refill` has passed.
    pub proposals: u32,
    /// How long a link waits for one more proposal once its burst is spent.
    pub refill: Duration,
}

impl Limits {
    /// The same limits where the libraries beneath can take them: no time too short to wait
    /// or too long to add to a clock, a head no shorter than hyper reads, a queue of at least
    /// one, room for at least one connection waiting to show the token.
    fn workable(self) -> Limits {
        let time = |d: Duration| d.clamp(Duration::from_millis(1), Duration::from_secs(86_400));
        Limits {
            busy: self.busy,
            waiting: self.waiting.max(1),
            streams: self.streams,
            timeout: time(self.timeout),
            respond: time(self.respond),
            heartbeat: time(self.heartbeat),
            queue: self.queue.max(1),
            head: self.head.max(LEAST_HEAD),
            body: self.body,
            proposals: self.proposals,
            refill: time(self.refill),
        }
    }
}

impl Default for Limits {
    fn default() -> Limits {
        // Each open page holds its stream and the idle connection it loaded the page on, and a
        // reload opens its new ones before the old are seen to close: three a page. With the
        // waiting ones, 448 file handles at most, well within the usual 1,024.
        Limits {
            busy: 192,
            waiting: 256,
            streams: 64,
            timeout: Duration::from_secs(10),
            respond: Duration::from_secs(10),
            heartbeat: Duration::from_secs(15),
            queue: 8,
            head: 16 * 1024,
            body: 16 * 1024,
            proposals: 5,
            refill: Duration::from_secs(6),
        }
    }
}

/// Whom a token lets in: the table's page, or one player character's own page (by the
/// ruleset's id).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reader {
    Table,
    Player(u32),
}

/// The open event streams, each by a number of its own, with whose page it carries.
#[derive(Default)]
struct Streams {
    next: u64,
    open: HashMap<u64, (Reader, mpsc::Sender<Bytes>)>,
}

/// Each page's token and its last update, as an event ready to send to a stream that opens now.
#[derive(Default)]
struct Pages {
    tokens: Vec<(String, Reader)>,
    current: HashMap<Reader, Bytes>,
}

/// The proposals waiting for the judge, as the mailbox file holds them; only this process
/// writes the file.
#[derive(Default)]
struct Mailbox {
    path: Option<PathBuf>,
    waiting: Vec<Proposal>,
    /// Set when a proposal arrived since [`Server::mail_changed`] was last asked.
    changed: bool,
}

/// A link's proposals left in its burst, and when the last was counted.
struct Bucket {
    left: u32,
    since: Instant,
}

/// What every connection shares.
struct Shared {
    limits: Limits,
    pages: Mutex<Pages>,
    streams: Mutex<Streams>,
    doors: Mutex<Doors>,
    /// Each player character's name and the rolls its player may propose now.
    offers: Mutex<HashMap<u32, (String, Vec<Offer>)>>,
    mailbox: Mutex<Mailbox>,
    buckets: Mutex<HashMap<Reader, Bucket>>,
}

impl Shared {
    fn streams(&self) -> std::sync::MutexGuard<'_, Streams> {
        self.streams.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn pages(&self) -> std::sync::MutexGuard<'_, Pages> {
        self.pages.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whose page `token` opens, if any: compared with every page's token in full, whatever
    /// matched before, so the time taken tells nothing of which or how much of a guess was
    /// right.
    fn reader(&self, token: &str) -> Option<Reader> {
        let pages = self.pages();
        let mut found = None;
        for (t, reader) in &pages.tokens {
            if same(token, t) {
                found = Some(*reader);
            }
        }
        found
    }

    fn mailbox(&self) -> std::sync::MutexGuard<'_, Mailbox> {
        self.mailbox.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Counts one proposal of `reader`'s: false when its burst is spent.
    fn spend(&self, reader: Reader) -> bool {
        let limits = self.limits;
        let mut buckets = self.buckets.lock().unwrap_or_else(PoisonError::into_inner);
        let now = Instant::now();
        let bucket = buckets.entry(reader).or_insert(Bucket {
            left: limits.proposals,
            since: now,
        });
        let earned = now.duration_since(bucket.since).as_nanos() / limits.refill.as_nanos().max(1);
        if earned > 0 {
            bucket.left = limits.proposals.min(
                bucket
                    .left
                    .saturating_add(u32::try_from(earned).unwrap_or(u32::MAX)),
            );
            bucket.since = now;
        }
        if bucket.left == 0 {
            return false;
        }
        bucket.left -= 1;
        true
    }

    fn doors(&self) -> std::sync::MutexGuard<'_, Doors> {
        self.doors.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A place for a connection that just arrived, among the waiting ones: the oldest of them
    /// is told to close when they are as many as they may be. Its receiver hears `()` when it
    /// is pushed out in turn, and nothing ever once it is admitted.
    fn arrive(self: &Arc<Shared>) -> (Arc<Place>, oneshot::Receiver<()>) {
        let mut doors = self.doors();
        if doors.waiting.len() >= self.limits.waiting
            && let Some((_, oldest)) = doors.waiting.pop_first()
        {
            let _ = oldest.send(());
        }
        let id = doors.next;
        doors.next += 1;
        let (out, pushed_out) = oneshot::channel();
        doors.waiting.insert(id, out);
        let place = Place {
            id,
            admitted: AtomicBool::new(false),
            shared: Arc::clone(self),
        };
        (Arc::new(place), pushed_out)
    }
}

/// The connections open now: how many have shown the token, and those that have not yet, by
/// the order they arrived in (the oldest first), each with what tells it it is pushed out.
#[derive(Default)]
struct Doors {
    next: u64,
    waiting: BTreeMap<u64, oneshot::Sender<()>>,
    admitted: usize,
}

/// A connection's place, waiting or admitted, given back when its connection ends.
struct Place {
    id: u64,
    admitted: AtomicBool,
    shared: Arc<Shared>,
}

impl Place {
    /// Moves the connection among the admitted ones, unless they are all taken or it was
    /// pushed out already (and is closing).
    fn admit(&self) -> bool {
        let mut doors = self.shared.doors();
        if self.admitted.load(Ordering::Acquire) {
            return true;
        }
        if doors.admitted >= self.shared.limits.busy || !doors.waiting.contains_key(&self.id) {
            return false;
        }
        // Its sender dropped: the connection is never told to go from now on.
        doors.waiting.remove(&self.id);
        doors.admitted += 1;
        self.admitted.store(true, Ordering::Release);
        true
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut doors = self.shared.doors();
        if self.admitted.load(Ordering::Acquire) {
            doors.admitted -= 1;
        } else {
            doors.waiting.remove(&self.id);
        }
    }
}

/// The page's server, answering on a thread of its own until dropped.
pub struct Server {
    addr: SocketAddr,
    shared: Arc<Shared>,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    /// Listens on `addr` and serves each page of `pages` (whose it is, its token, its first
    /// update).
    pub fn start(
        addr: SocketAddr,
        pages: Vec<(Reader, String, String)>,
        limits: Limits,
    ) -> Result<Server, WebError> {
        let fail = |e: io::Error| WebError::Listen(addr, e.to_string());
        let limits = limits.workable();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .enable_time()
            .build()
            .map_err(fail)?;
        let listener = {
            let _inside = runtime.enter();
            listen(addr).map_err(fail)?
        };
        let addr = listener.local_addr().map_err(fail)?;
        let mut open = Pages::default();
        for (reader, token, first) in pages {
            open.tokens.push((token, reader));
            open.current.insert(reader, event(&first));
        }
        let shared = Arc::new(Shared {
            limits,
            pages: Mutex::new(open),
            streams: Mutex::new(Streams::default()),
            doors: Mutex::new(Doors::default()),
            offers: Mutex::new(HashMap::new()),
            mailbox: Mutex::new(Mailbox::default()),
            buckets: Mutex::new(HashMap::new()),
        });
        let (stop, stopped) = oneshot::channel();
        let app = app(&shared);
        let thread = std::thread::Builder::new()
            .name("players' page".into())
            .spawn({
                let shared = Arc::clone(&shared);
                move || runtime.block_on(accept(listener, app, shared, stopped))
            })
            .map_err(fail)?;
        Ok(Server {
            addr,
            shared,
            stop: Some(stop),
            thread: Some(thread),
        })
    }

    /// Where it listens (with the port the system chose, when it was asked for any).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Sends an update to every open stream of `reader`'s page without waiting on any: a
    /// stream whose queue is full (its client stopped reading) is dropped.
    pub fn publish(&self, reader: Reader, update: &str) {
        let update = event(update);
        // Set while the streams are held, so a stream opening now either starts from this
        // update or is sent it: none misses it.
        let mut streams = self.shared.streams();
        self.shared.pages().current.insert(reader, update.clone());
        streams
            .open
            .retain(|_, (r, s)| *r != reader || s.try_send(update.clone()).is_ok());
    }

    /// Gives `reader`'s page a new token (or its first, with its first update): the old token
    /// opens nothing from now on, and every stream opened with it ends at once.
    pub fn issue(&self, reader: Reader, token: String, first: &str) {
        let mut streams = self.shared.streams();
        {
            let mut pages = self.shared.pages();
            pages.tokens.retain(|(_, r)| *r != reader);
            pages.tokens.push((token, reader));
            pages.current.insert(reader, event(first));
        }
        // Dropping a stream's sender ends it, and its connection with it.
        streams.open.retain(|_, (r, _)| *r != reader);
    }

    /// Takes `reader`'s page away (a character who left): its token opens nothing, its streams
    /// end at once.
    pub fn revoke(&self, reader: Reader) {
        let mut streams = self.shared.streams();
        {
            let mut pages = self.shared.pages();
            pages.tokens.retain(|(_, r)| *r != reader);
            pages.current.remove(&reader);
        }
        streams.open.retain(|_, (r, _)| *r != reader);
    }

    /// The rolls the player of `id` (named `name`) may propose from now on.
    pub fn offer(&self, id: u32, name: &str, offers: Vec<Offer>) {
        self.shared
            .offers
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(id, (name.to_string(), offers));
    }

    /// Where proposals go from now on, and those waiting there already.
    pub fn open_mailbox(&self, path: PathBuf, waiting: Vec<Proposal>) {
        let mut mailbox = self.shared.mailbox();
        mailbox.path = Some(path);
        mailbox.waiting = waiting;
        mailbox.changed = true;
    }

    /// The proposals waiting for the judge.
    pub fn waiting(&self) -> Vec<Proposal> {
        self.shared.mailbox().waiting.clone()
    }

    /// Whether a proposal arrived or went since this was last asked.
    pub fn mail_changed(&self) -> bool {
        std::mem::take(&mut self.shared.mailbox().changed)
    }

    /// Takes the proposals the judge answered out of the mailbox, writing it anew when any
    /// went.
    pub fn answered(&self, answered: &[String]) -> Result<(), crate::store::StoreError> {
        let mut mailbox = self.shared.mailbox();
        let before = mailbox.waiting.len();
        mailbox.waiting.retain(|p| !answered.contains(&p.id));
        if mailbox.waiting.len() == before {
            return Ok(());
        }
        mailbox.changed = true;
        match &mailbox.path {
            Some(path) => crate::store::write_proposals(path, &mailbox.waiting),
            None => Ok(()),
        }
    }

    /// How many event streams are open.
    pub fn streams(&self) -> usize {
        self.shared.streams().open.len()
    }

    /// How many event streams of `reader`'s page are open.
    pub fn streams_of(&self, reader: Reader) -> usize {
        self.shared
            .streams()
            .open
            .values()
            .filter(|(r, _)| *r == reader)
            .count()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        // The runtime goes with the thread, and every connection with it.
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The listening socket: reused at once after a stop, and a send buffer of a fixed size that
/// its connections inherit, so a client that stops reading holds little. No timeout: waiting
/// for connections is all it does.
fn listen(addr: SocketAddr) -> io::Result<TcpListener> {
    let socket = if addr.is_ipv4() {
        TcpSocket::new_v4()?
    } else {
        TcpSocket::new_v6()?
    };
    #[cfg(unix)]
    socket.set_reuseaddr(true)?;
    socket.set_send_buffer_size(64 * 1024)?;
    socket.bind(addr)?;
    socket.listen(1024)
}

/// Takes connections until told to stop, whatever fails: an error of one connection is
/// passed over, any other (no file handle left, no memory) waited out a moment. Every
/// connection taken starts among the waiting ones, pushing out the oldest when they are full.
async fn accept(
    listener: TcpListener,
    app: Router,
    shared: Arc<Shared>,
    mut stop: oneshot::Receiver<()>,
) {
    loop {
        let accepted = tokio::select! {
            _ = &mut stop => return,
            accepted = listener.accept() => accepted,
        };
        match accepted {
            Ok((tcp, _)) => {
                let (place, pushed_out) = shared.arrive();
                tokio::spawn(connection(
                    tcp,
                    place,
                    pushed_out,
                    app.clone(),
                    shared.limits,
                ));
            }
            Err(e) if one_connections(&e) => {}
            Err(_) => tokio::select! {
                _ = &mut stop => return,
                _ = tokio::time::sleep(BACKOFF) => {}
            },
        }
    }
}

/// Whether an accept error concerns only the connection it was about.
fn one_connections(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::Interrupted
    )
}

/// Marks an answer that is an event stream: its connection reads no further, so it waits on
/// reads without a timeout from then on (hyper still sees at once that the client closed).
#[derive(Clone, Copy)]
struct EventStream;

/// Serves one connection until it closes, fails, times out or is pushed out while it waits to
/// show the token; its place is free again then.
async fn connection(
    tcp: TcpStream,
    place: Arc<Place>,
    pushed_out: oneshot::Receiver<()>,
    app: Router,
    limits: Limits,
) {
    // An update is one write: sent at once rather than held back for more.
    let _ = tcp.set_nodelay(true);
    give_up_on_silence(&tcp, limits.timeout);
    let mut timed = TimeoutStream::new(tcp);
    timed.set_read_timeout(Some(limits.timeout));
    timed.set_write_timeout(Some(limits.timeout));
    let streaming = Arc::new(AtomicBool::new(false));
    let io = TokioIo::new(Socket {
        io: Box::pin(timed),
        streaming: Arc::clone(&streaming),
        lifted: false,
    });
    let app = TowerToHyperService::new(app);
    let own = Arc::clone(&place);
    let service = hyper::service::service_fn(move |mut request: Request<hyper::body::Incoming>| {
        // For `admit`, which moves the connection among the admitted ones.
        request.extensions_mut().insert(Arc::clone(&own));
        let answer = app.call(request);
        let streaming = Arc::clone(&streaming);
        async move {
            let response = answer.await?;
            if response.extensions().get::<EventStream>().is_some() {
                streaming.store(true, Ordering::Release);
            }
            Ok::<_, Infallible>(response)
        }
    });
    let served = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.timeout)
        .max_buf_size(limits.head)
        .max_header_size(limits.head)
        .serve_connection(io, service);
    // Once admitted, its sender is dropped and it is never pushed out.
    let pushed_out = async {
        if pushed_out.await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    tokio::select! {
        _ = served => {}
        () = pushed_out => {}
    }
    drop(place);
}

/// A peer that vanished (a phone out of the network's reach) sends no word that it went: the
/// system gives up on its connection once what was sent stays unacknowledged for `timeout`, and
/// hyper sees it fail, so a stream's next heartbeat frees its place soon after.
#[cfg(target_os = "linux")]
fn give_up_on_silence(tcp: &TcpStream, timeout: Duration) {
    let _ = socket2::SockRef::from(tcp).set_tcp_user_timeout(Some(timeout));
}

#[cfg(not(target_os = "linux"))]
fn give_up_on_silence(_: &TcpStream, _: Duration) {}

/// A connection's socket with a timeout on each read and each write, the read's lifted once the
/// connection carries an event stream.
struct Socket {
    io: Pin<Box<TimeoutStream<TcpStream>>>,
    streaming: Arc<AtomicBool>,
    lifted: bool,
}

impl AsyncRead for Socket {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = &mut *self;
        if !this.lifted && this.streaming.load(Ordering::Acquire) {
            this.io.as_mut().set_read_timeout_pinned(None);
            this.lifted = true;
        }
        this.io.as_mut().poll_read(cx, buf)
    }
}

impl AsyncWrite for Socket {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        self.io.as_mut().poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        self.io.as_mut().poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.io.as_mut().poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.io.as_mut().poll_shutdown(cx)
    }
}

/// The routes and, around every one of them and the fallback, from the outside in: the
/// headers every answer carries; GET alone and the token; the body's limit; the answer's time.
fn app(shared: &Arc<Shared>) -> Router {
    let limits = shared.limits;
    Router::new()
        .route("/", get(page))
        .route("/events", get(events))
        .route("/propose", post(propose))
        .fallback(nowhere)
        .layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            limits.respond,
        ))
        .layer(RequestBodyLimitLayer::new(limits.body))
        .layer(DefaultBodyLimit::max(limits.body))
        .layer(middleware::from_fn_with_state(Arc::clone(shared), admit))
        .layer(middleware::from_fn(closed))
        .with_state(Arc::clone(shared))
}

/// GET, and POST to `/propose`, and only with the token (in the address for GET, in its
/// header for POST); the first request with it admits its connection, when there is room among
/// the admitted ones.
async fn admit(State(shared): State<Arc<Shared>>, request: Request, next: Next) -> Response {
    let proposing = request.method() == Method::POST && request.uri().path() == "/propose";
    if request.method() != Method::GET && !proposing {
        let mut refused = plain(
            StatusCode::METHOD_NOT_ALLOWED,
            "This address only reads; it takes GET alone (a player's page sends its rolls \
             by POST to /propose).",
        );
        refused
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET"));
        return refused;
    }
    let token = if proposing {
        request
            .headers()
            .get(TOKEN_HEADER)
            .and_then(|v| v.to_str().ok())
    } else {
        request
            .uri()
            .query()
            .and_then(|q| q.split('&').find_map(|pair| pair.strip_prefix("t=")))
    };
    let Some(reader) = token.and_then(|t| shared.reader(t)) else {
        return plain(
            StatusCode::FORBIDDEN,
            "This page needs its access token: open the whole address slotmark printed \
             (a player's link made anew replaces the old one).",
        );
    };
    let mut request = request;
    request.extensions_mut().insert(reader);
    let place = request.extensions().get::<Arc<Place>>();
    if place.is_some_and(|p| !p.admit()) {
        let mut busy = plain(
            StatusCode::SERVICE_UNAVAILABLE,
            "Too many open connections; try again soon.",
        );
        let headers = busy.headers_mut();
        headers.insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
        return busy;
    }
    next.run(request).await
}

/// The headers every answer carries: nothing cached, nothing from elsewhere, no referrer.
async fn closed(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    for (name, value) in [
        (header::CACHE_CONTROL, "no-store"),
        (header::CONTENT_SECURITY_POLICY, POLICY),
        (header::REFERRER_POLICY, "no-referrer"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

fn plain(status: StatusCode, text: &str) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        format!("{text}\n"),
    )
        .into_response()
}

async fn page() -> Response {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], PAGE).into_response()
}

async fn nowhere() -> Response {
    plain(
        StatusCode::NOT_FOUND,
        "There is nothing here but the players' page.",
    )
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

/// One update as a server-sent event.
fn event(update: &str) -> Bytes {
    // JSON has no raw line breaks, so one `data:` line carries it whole.
    Bytes::from(format!("event: page\ndata: {update}\n\n"))
}

/// A stream's place among the open ones, given back when its connection ends, whichever way.
struct Slot {
    id: u64,
    shared: Arc<Shared>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.shared.streams().open.remove(&self.id);
    }
}

/// The current update of the page the token opens at once, then each new one, with a heartbeat
/// while nothing happens, until the client goes, falls too far behind, or its token is revoked.
async fn events(
    State(shared): State<Arc<Shared>>,
    axum::Extension(reader): axum::Extension<Reader>,
) -> Response {
    let limits = shared.limits;
    let (tx, rx) = mpsc::channel(limits.queue);
    let (slot, current) = {
        let mut streams = shared.streams();
        if streams.open.len() >= limits.streams {
            return plain(
                StatusCode::SERVICE_UNAVAILABLE,
                "Too many pages are open; try again soon.",
            );
        }
        // Revoked since its request was let in: it ends as if it had been open.
        let Some(current) = shared.pages().current.get(&reader).cloned() else {
            return plain(
                StatusCode::FORBIDDEN,
                "This link was made anew; ask the judge for the new one.",
            );
        };
        let id = streams.next;
        streams.next += 1;
        streams.open.insert(id, (reader, tx));
        let slot = Slot {
            id,
            shared: Arc::clone(&shared),
        };
        (slot, current)
    };
    let mut first = b"retry: 1000\n\n".to_vec();
    first.extend_from_slice(&current);
    let body = Body::from_stream(feed(Bytes::from(first), rx, slot, limits.heartbeat));
    let mut response = (
        [
            (header::CONTENT_TYPE, "text/event-stream; charset=utf-8"),
            (header::CONNECTION, "close"),
        ],
        body,
    )
        .into_response();
    response.extensions_mut().insert(EventStream);
    response
}

/// What one stream sends: `first`, then each update, a heartbeat after each quiet spell; it
/// ends when its sender is dropped (the client fell behind), and its slot goes with it.
fn feed(
    first: Bytes,
    updates: mpsc::Receiver<Bytes>,
    slot: Slot,
    heartbeat: Duration,
) -> impl futures_util::Stream<Item = Result<Bytes, Infallible>> + Send + 'static {
    let mut beat = tokio::time::interval_at(tokio::time::Instant::now() + heartbeat, heartbeat);
    // A stream held up by a slow client says it is there once, not once per beat it missed.
    beat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    futures_util::stream::unfold(
        (Some(first), updates, beat, slot),
        |(first, mut updates, mut beat, slot)| async move {
            if let Some(first) = first {
                return Some((Ok(first), (None, updates, beat, slot)));
            }
            let next = tokio::select! {
                update = updates.recv() => {
                    beat.reset();
                    update?
                }
                _ = beat.tick() => Bytes::from_static(b": still here\n\n"),
            };
            Some((Ok(next), (None, updates, beat, slot)))
        },
    )
}

/// A proposal as the page sends it: which of the character's rolls, how, and the faces of the
/// player's own dice if they rolled them. Anything else in it refuses it.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Sent {
    roll: String,
    #[serde(default)]
    edge: Option<String>,
    #[serde(default)]
    faces: Vec<u16>,
    #[serde(default)]
    secret: bool,
}

/// A player's proposal: counted against the link's rate, read, checked against the character's
/// rolls now, and put in the mailbox for the judge. Answered with its id and what it is, or
/// refused with what the page shows; refused, nothing is written.
async fn propose(
    State(shared): State<Arc<Shared>>,
    axum::Extension(reader): axum::Extension<Reader>,
    body: Bytes,
) -> Response {
    let Reader::Player(who) = reader else {
        return plain(
            StatusCode::FORBIDDEN,
            "The table's page proposes no rolls: a player proposes from their own page.",
        );
    };
    if !shared.spend(reader) {
        let mut slow = plain(
            StatusCode::TOO_MANY_REQUESTS,
            "Too many rolls sent at once: wait a moment and send it again.",
        );
        let wait = shared.limits.refill.as_secs().max(1).to_string();
        if let Ok(wait) = HeaderValue::from_str(&wait) {
            slow.headers_mut().insert(header::RETRY_AFTER, wait);
        }
        return slow;
    }
    if body.len() > PROPOSAL_BYTES {
        return plain(
            StatusCode::PAYLOAD_TOO_LARGE,
            "That proposal is too large to be one roll.",
        );
    }
    // An object and nothing else (serde would read a list into the same fields).
    let sent = serde_json::from_slice::<serde_json::Value>(&body)
        .ok()
        .filter(serde_json::Value::is_object)
        .and_then(|v| serde_json::from_value::<Sent>(v).ok());
    let Some(sent) = sent else {
        return plain(
            StatusCode::BAD_REQUEST,
            "That proposal cannot be read: the page sends a roll, an edge and faces.",
        );
    };
    let edge = match sent.edge.as_deref() {
        None => Edge::Plain,
        Some(word) => match Edge::from_word(word) {
            Some(edge) => edge,
            None => {
                return plain(
                    StatusCode::BAD_REQUEST,
                    "A roll is plain, adv or dis, and nothing else.",
                );
            }
        },
    };
    let proposal = {
        let offers = shared.offers.lock().unwrap_or_else(PoisonError::into_inner);
        let Some((name, offers)) = offers.get(&who) else {
            return plain(
                StatusCode::CONFLICT,
                "Your character has no rolls to offer now.",
            );
        };
        let (offer, way) = match checked(offers, &sent.roll, edge, &sent.faces) {
            Ok(found) => found,
            Err(why) => return plain(StatusCode::UNPROCESSABLE_ENTITY, &capital(&why.0)),
        };
        let Ok(id) = crate::dice::access_token() else {
            return plain(
                StatusCode::SERVICE_UNAVAILABLE,
                "The roll could not be named; send it again.",
            );
        };
        Proposal {
            id,
            who,
            name: name.clone(),
            what: described(offer, edge),
            line: way.line.clone(),
            dice: way.dice.clone(),
            faces: sent.faces,
            secret: sent.secret,
        }
    };
    let reply = serde_json::json!({ "id": proposal.id, "what": proposal.what }).to_string();
    let posted = tokio::task::spawn_blocking(move || post_to_mailbox(&shared, proposal)).await;
    match posted {
        Ok(Ok(())) => (
            StatusCode::ACCEPTED,
            [(header::CONTENT_TYPE, "application/json")],
            reply,
        )
            .into_response(),
        Ok(Err(refused)) => plain(StatusCode::SERVICE_UNAVAILABLE, &refused),
        Err(_) => plain(
            StatusCode::SERVICE_UNAVAILABLE,
            "The roll could not be passed on; send it again.",
        ),
    }
}

/// Puts `proposal` in the mailbox file, unless it is full or cannot be written: then the
/// mailbox stays as it was and the refusal says why, for the page.
fn post_to_mailbox(shared: &Shared, proposal: Proposal) -> Result<(), String> {
    let mut mailbox = shared.mailbox();
    let Some(path) = mailbox.path.clone() else {
        return Err("The judge's mailbox is not open yet; send it again in a moment.".into());
    };
    if mailbox.waiting.len() >= MAILBOX_ROOM {
        return Err(format!(
            "The judge has {MAILBOX_ROOM} rolls waiting already: send yours again once they \
             are settled."
        ));
    }
    let mut waiting = mailbox.waiting.clone();
    waiting.push(proposal);
    if crate::store::write_proposals(&path, &waiting).is_err() {
        return Err("The roll could not be passed on to the judge; tell the judge.".into());
    }
    mailbox.waiting = waiting;
    mailbox.changed = true;
    Ok(())
}

/// A sentence as the page shows it: its first letter a capital, a full stop at its end.
fn capital(text: &str) -> String {
    let mut chars = text.chars();
    let mut out: String = chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    if !out.ends_with('.') {
        out.push('.');
    }
    out
}
