//! The players' page (`slotmark table FILE --web`) beside a judge's session on the same file:
//! the judge plays through the command language and the store, as the screen does; the page's
//! server follows the file and is read with a plain HTTP client over a socket. Each step
//! arrives as an event; a secret roll or a hidden creature never reaches the page's HTML or any
//! event; requests without the token, outside the page or not GET are refused; a client that
//! never reads holds up no one.

use slotmark::dice::ScriptedDice;
use slotmark::rules::RulesetId;
use slotmark::script::{self, Line};
use slotmark::session::{Command, Session, SessionState, TableView, seen};
use slotmark::store::{Followed, JournalRecord, Store};
use slotmark::web::{self, DEFAULT_ADDR, Limits, Web};
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[path = "support/page.rs"]
mod page;

use page::{Events, PATIENCE, connect, request};

/// The judge's side: an open store (holding the lock) and the session, driven by script lines.
struct Judge {
    store: Store,
    session: Session,
}

impl Judge {
    fn create(path: &Path, ruleset: RulesetId) -> Judge {
        let session = Session::new(SessionState::new("At the Ford", ruleset));
        let store = Store::create(path, &session).unwrap();
        Judge { store, session }
    }

    /// One line of the command language with these die faces, journalled as the screen does.
    fn says(&mut self, line: &str, faces: &[u16]) {
        let record = match script::parse_line(line, self.session.state()).unwrap() {
            Line::Command(c) => {
                let entry = self
                    .session
                    .execute(c, &mut ScriptedDice::new(faces.to_vec()))
                    .unwrap_or_else(|e| panic!("{line}: {e}"))
                    .to_logged();
                JournalRecord::Apply(entry)
            }
            Line::Undo => {
                self.session.undo().unwrap();
                JournalRecord::Undo
            }
            other => panic!("{line}: {other:?}"),
        };
        self.store.journal_step(&record, &self.session).unwrap();
    }
}

fn dir() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ford.ron");
    (dir, path)
}

/// The judge says `line`; the page's server takes one look at the files, as on each wake.
fn step(judge: &mut Judge, web: &mut Web, line: &str, faces: &[u16]) {
    judge.says(line, faces);
    assert_eq!(web.step(), Followed::Changed, "{line}");
}

/// The judge and the page side by side, with every update the players were sent.
struct Table {
    judge: Judge,
    web: Web,
    events: Events,
    sent: Vec<String>,
}

impl Table {
    /// The judge says `line`; the page's server looks at the files once, as on each wake, and
    /// the update it sends is read off the stream.
    fn says(&mut self, line: &str, faces: &[u16]) -> String {
        step(&mut self.judge, &mut self.web, line, faces);
        let update = self.events.next();
        self.sent.push(update.clone());
        update
    }

    /// The judge says `line`, which changes nothing the players see: no update is sent.
    fn says_unseen(&mut self, line: &str, faces: &[u16]) {
        step(&mut self.judge, &mut self.web, line, faces);
    }
}

#[test]
fn each_step_arrives_and_no_secret_does() {
    let (_d, path) = dir();
    let mut judge = Judge::create(&path, RulesetId::Plain);
    judge.says("add Ana 8", &[]);
    let web = Web::open(&path, DEFAULT_ADDR, Limits::default()).unwrap();
    assert!(web.server().addr().ip().is_loopback());
    let mut events = Events::open(web.server().addr(), web.token());
    let first = events.next();
    assert!(
        first.contains("At the Ford") && first.contains("\"fight\":null"),
        "{first}"
    );
    let mut t = Table {
        judge,
        web,
        events,
        sent: vec![first],
    };
    assert!(t.says("add Bo 6", &[]).contains("Bo"));
    // A creature comes in unseen: nothing is sent until the judge reveals it.
    t.says_unseen("add Ogre 12 others", &[]);
    assert!(t.says("reveal Ogre", &[]).contains("Ogre"));
    // Hidden at once: the ghoul is never sent, and nothing the players see changed.
    t.judge.says("add Ghoul 5 others", &[]);
    t.says_unseen("veil Ghoul", &[]);
    let u = t.says("fight Ghoul Ana Bo", &[]);
    assert!(u.contains("\"round\":1"), "{u}");
    // The hidden ghoul acts: the players see no one acting, and Ana next.
    assert!(u.contains("\"acting\":[],\"next\":\"Ana\""), "{u}");

    // A secret roll changes nothing the players see: no update at all.
    t.says_unseen("check Ogre d20 vs 15 notice the thieves", &[17]);
    t.says_unseen("secret", &[]);
    t.says_unseen("accept", &[]);
    // The players' roll shows once it is settled.
    t.says_unseen("check Bo d20 vs 10 swim", &[4]);
    let u = t.says("accept", &[]);
    assert!(u.contains("swim"), "{u}");
    let u = t.says("next", &[]);
    assert!(u.contains("\"acting\":[\"Ana\"]"), "{u}");

    let (status, html) = request(
        t.web.server().addr(),
        "GET",
        &format!("/?t={}", t.web.token()),
    );
    assert_eq!(status, 200);
    assert!(html.contains("<!doctype html>"), "{html}");
    for text in t.sent.iter().chain([&html]) {
        assert!(!text.contains("Ghoul"), "{text}");
        assert!(!text.contains("notice"), "{text}");
    }
    // The others' hit points are the judge's.
    assert!(t.sent.iter().all(|u| !u.contains("12")), "{:?}", t.sent);

    // Shown again, the roll and the creature arrive: the same reading would have caught them.
    let u = t.says("unveil Ghoul", &[]);
    assert!(u.contains("Ghoul"), "{u}");
    let u = t.says("secret 8 off", &[]);
    assert!(u.contains("notice"), "{u}");
    // Undone, the secret is back.
    let u = t.says("undo", &[]);
    assert!(!u.contains("notice") && u.contains("Ghoul"), "{u}");
}

/// The judge's words through the real server: `say` arrives on the table's page at the next
/// update; `tell` sends the table's page nothing at all, and never its words.
#[test]
fn the_judges_words_arrive_and_a_tell_never_reaches_the_table_page() {
    let (_d, path) = dir();
    let mut judge = Judge::create(&path, RulesetId::Plain);
    judge.says("add Ana 8", &[]);
    let web = Web::open(&path, DEFAULT_ADDR, Limits::default()).unwrap();
    let mut events = Events::open(web.server().addr(), web.token());
    let first = events.next();
    let mut t = Table {
        judge,
        web,
        events,
        sent: vec![first],
    };
    t.says_unseen("tell Ana The ring is cursed", &[]);
    let u = t.says("say The bridge groans", &[]);
    assert!(u.contains("The judge says: The bridge groans"), "{u}");
    for sent in &t.sent {
        assert!(!sent.contains("cursed"), "{sent}");
    }
    let (status, html) = request(
        t.web.server().addr(),
        "GET",
        &format!("/?t={}", t.web.token()),
    );
    assert_eq!(status, 200);
    assert!(!html.contains("cursed"));
}

#[test]
fn requests_without_the_token_outside_the_page_or_not_get_are_refused() {
    let (_d, path) = dir();
    let mut judge = Judge::create(&path, RulesetId::Plain);
    judge.says("add Ana 8", &[]);
    let web = Web::open(&path, DEFAULT_ADDR, Limits::default()).unwrap();
    let addr = web.server().addr();
    let t = web.token().to_string();
    assert_eq!(t.len(), 32);
    assert!(t.chars().all(|c| c.is_ascii_hexdigit()));
    let other = Web::open(&path, DEFAULT_ADDR, Limits::default()).unwrap();
    assert_ne!(other.token(), t, "each page gets a token of its own");
    let wrong = format!("{}{}", &t[..31], if t.ends_with('0') { '1' } else { '0' });

    assert_eq!(request(addr, "GET", &format!("/?t={t}")).0, 200);
    for target in [
        "/".to_string(),
        "/events".to_string(),
        format!("/?t={wrong}"),
        format!("/events?t={wrong}"),
        format!("/?t={}", &t[..16]),
        format!("/?token={t}"),
        format!("/?t={}", other.token()),
    ] {
        let (status, body) = request(addr, "GET", &target);
        assert_eq!(status, 403, "{target}: {body}");
        assert!(!body.contains("Ana"), "{body}");
    }
    for target in [
        format!("/index.html?t={t}"),
        format!("/../ford.ron?t={t}"),
        format!("/ford.ron?t={t}"),
        format!("/events/x?t={t}"),
        format!("/assets/table.html?t={t}"),
        format!("//etc/passwd?t={t}"),
    ] {
        let (status, body) = request(addr, "GET", &target);
        assert_eq!(status, 404, "{target}: {body}");
        assert!(!body.contains("Ana"), "{body}");
    }
    for method in ["POST", "PUT", "DELETE", "HEAD", "OPTIONS"] {
        let (status, _) = request(addr, method, &format!("/?t={t}"));
        assert_eq!(status, 405, "{method}");
    }
    // Nothing any request did reached the session.
    drop(judge);
    let session = Store::open(&path).unwrap().session;
    assert_eq!(session.applied().len(), 1);
}

#[test]
fn a_client_that_never_reads_holds_up_no_one() {
    let (_d, path) = dir();
    let mut judge = Judge::create(&path, RulesetId::Plain);
    // Long names make every update large, so the stuck client's buffers fill soon.
    let long = "Wanderer".repeat(7);
    for n in 0..20 {
        judge.says(&format!("add {long}{n} 8"), &[]);
    }
    let mut web = Web::open(&path, DEFAULT_ADDR, Limits::default()).unwrap();
    let addr = web.server().addr();
    // The stuck client asks for the stream with a tiny window and never reads a byte.
    let stuck = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
    stuck.set_recv_buffer_size(1024).unwrap();
    stuck.connect(&addr.into()).unwrap();
    let mut stuck: TcpStream = stuck.into();
    write!(
        stuck,
        "GET /events?t={} HTTP/1.1\r\nHost: {addr}\r\n\r\n",
        web.token()
    )
    .unwrap();
    // A client that opened a connection and never sent its request.
    let _silent = connect(addr);
    let mut events = Events::open(web.server().addr(), web.token());
    events.next();
    while web.server().streams() < 2 {
        std::thread::yield_now();
    }
    // Far more than the stuck client's buffers and the server's hold: each update reaches
    // the reader at once.
    for n in 0..200 {
        let line = if n % 2 == 0 { "damage" } else { "heal" };
        step(&mut judge, &mut web, &format!("{line} {long}0 1"), &[]);
        let u = events.next();
        assert!(u.contains(&long), "{u}");
    }
    // The stuck client lost its stream; the reader still has its own.
    assert_eq!(web.server().streams(), 1);
    // And the page still answers.
    assert_eq!(request(addr, "GET", &format!("/?t={}", web.token())).0, 200);
}

/// Every ruleset's demo with every creature hidden and every rolled step kept secret: the
/// page's update names none of them and shows none of those rolls, while the same demo shown
/// whole does.
#[test]
fn no_secret_or_hidden_creature_reaches_the_page_in_any_ruleset() {
    let (mut tried, mut lines) = (0, 0);
    for &ruleset in RulesetId::ALL {
        if !script::has_demo(ruleset) {
            continue;
        }
        // The demo played on with every verb's own example, with seeded dice; examples that do
        // not fit the moment are refused and change nothing.
        let mut session = script::demo_for(ruleset);
        let mut dice = slotmark::dice::LiveDice::seeded(7);
        let examples: Vec<&str> = script::verbs(ruleset)
            .iter()
            .map(|v| v.example)
            .filter(|e| {
                let verb = e.split_whitespace().next().unwrap_or("");
                !["save", "undo", "redo", "secret", "veil", "unveil"].contains(&verb)
            })
            .collect();
        for line in std::iter::repeat_n(&examples, 3).flatten() {
            if let Ok(Line::Command(c)) = script::parse_line(line, session.state()) {
                let _ = session.execute(c, &mut dice);
            }
        }
        // The players have met everyone before the judge keeps anything from them.
        let _ = session.execute(Command::RevealAll, &mut ScriptedDice::new([]));
        let groups = session.state().game.roster();
        let party: Vec<String> = groups
            .iter()
            .filter(|g| g.party)
            .flat_map(|g| g.members.iter().map(|m| m.name.clone()))
            .collect();
        let others: Vec<(u32, String)> = groups
            .iter()
            .filter(|g| !g.party)
            .flat_map(|g| g.members.iter().map(|m| (m.id, m.name.clone())))
            .collect();
        let update = |s: &Session| {
            serde_json::to_string(&web::page(&TableView::of(s, web::ROLLS), None)).unwrap()
        };
        let whole = update(&session);
        let mut s = session.clone();
        for (id, _) in &others {
            s.execute(
                Command::Hide {
                    id: *id,
                    hidden: true,
                },
                &mut ScriptedDice::new([]),
            )
            .unwrap();
        }
        let rolled: Vec<usize> = s
            .applied()
            .iter()
            .enumerate()
            .filter(|(_, e)| !e.rolls.is_empty())
            .map(|(i, _)| i)
            .collect();
        for step in &rolled {
            // A step already in a secret run is refused, and changes nothing.
            let _ = s.execute(
                Command::Secret {
                    step: Some(*step as u32),
                    secret: true,
                },
                &mut ScriptedDice::new([]),
            );
        }
        let secret: BTreeSet<usize> = seen(&s, 0..s.applied().len())
            .iter()
            .enumerate()
            .filter(|(_, seen)| seen.secret)
            .map(|(i, _)| i)
            .collect();
        let veiled = update(&s);
        assert!(veiled.contains("\"rolls\":[]"), "{ruleset:?}: {veiled}");
        for &i in &secret {
            for e in s.events(i).iter() {
                let text = serde_json::to_string(&e.to_string()).unwrap();
                let text = text.trim_matches('"');
                // Those the players saw before it was kept from them are gone.
                if whole.contains(text) {
                    assert!(!veiled.contains(text), "{ruleset:?}: {text} in {veiled}");
                    lines += 1;
                }
            }
        }
        for (_, name) in &others {
            if party.iter().any(|p| p.contains(name.as_str())) {
                continue;
            }
            assert!(
                whole.contains(name.as_str()),
                "{ruleset:?}: {name} not in {whole}"
            );
            assert!(
                !veiled.contains(name.as_str()),
                "{ruleset:?}: {name} in {veiled}"
            );
            tried += 1;
        }
    }
    assert!(tried >= 8, "too few creatures tried: {tried}");
    assert!(lines >= 5, "too few roll lines tried: {lines}");
}

/// The real `slotmark table FILE --web`: it prints the address with its token and a QR code,
/// serves the page there, refuses a bad address in words, and ends when the file goes away.
#[test]
fn slotmark_table_web_prints_its_address_serves_it_and_ends_with_the_file() {
    let (_d, path) = dir();
    let mut judge = Judge::create(&path, RulesetId::Plain);
    judge.says("add Ana 8", &[]);
    judge.store.compact(&judge.session).unwrap();
    drop(judge);
    let bin = env!("CARGO_BIN_EXE_slotmark");

    let bad = std::process::Command::new(bin)
        .args(["table", path.to_str().unwrap(), "--web", "the-tavern"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    let said = String::from_utf8_lossy(&bad.stderr);
    assert!(said.contains("the-tavern is not an address"), "{said}");

    let mut child = std::process::Command::new(bin)
        .args(["table", path.to_str().unwrap(), "--web"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut printed = String::new();
    let url = loop {
        let mut line = String::new();
        assert!(out.read_line(&mut line).unwrap() > 0, "{printed}");
        printed.push_str(&line);
        if let Some(at) = line.find("http://") {
            break line[at..].trim().to_string();
        }
    };
    let rest = url.trim_start_matches("http://");
    let (host, target) = rest.split_at(rest.find('/').unwrap());
    let addr: SocketAddr = host.parse().unwrap();
    assert!(addr.ip().is_loopback() && addr.port() != 0, "{url}");
    assert!(
        target.starts_with("/?t=") && target.len() == 4 + 32,
        "{url}"
    );
    let (status, html) = request(addr, "GET", target);
    assert_eq!(status, 200);
    assert!(html.contains("EventSource"), "{html}");
    // A QR code follows the address: lines of block characters.
    let mut qr = 0;
    for _ in 0..8 {
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        qr += usize::from(line.contains('█'));
    }
    assert!(qr >= 4, "no QR code after {printed}");

    std::fs::remove_file(&path).unwrap();
    let status = child.wait().unwrap();
    assert!(status.success());
    let mut rest = String::new();
    out.read_to_string(&mut rest).unwrap();
    assert!(rest.contains("is gone"), "{rest}");
}

/// A page that reloads or goes gives its stream's place back as its connection ends, not at
/// the judge's next step nor at the next heartbeat (an hour away here): hyper reads on while
/// it streams and sees the client close.
#[test]
fn a_streams_place_is_given_back_the_moment_its_connection_ends() {
    let (_d, path) = dir();
    let mut judge = Judge::create(&path, RulesetId::Plain);
    judge.says("add Ana 8", &[]);
    let limits = Limits {
        heartbeat: Duration::from_secs(3600),
        ..Limits::default()
    };
    let web = Web::open(&path, DEFAULT_ADDR, limits).unwrap();
    let addr = web.server().addr();
    let mut streams: Vec<Events> = (0..limits.streams)
        .map(|_| Events::open(addr, web.token()))
        .collect();
    for s in &mut streams {
        assert!(s.next().contains("Ana"));
    }
    assert_eq!(web.server().streams(), limits.streams);
    assert_eq!(Events::try_open(addr, web.token()).err(), Some(503));
    drop(streams);
    let patience = Instant::now() + PATIENCE;
    while web.server().streams() > 0 {
        assert!(Instant::now() < patience, "{} kept", web.server().streams());
        std::thread::yield_now();
    }
    let mut events = Events::open(addr, web.token());
    assert!(events.next().contains("Ana"));
    assert_eq!(web.server().streams(), 1);
}

/// Fifty pages open at once within the limits `table --web` serves with, each as a browser
/// opens it: the page on a connection it keeps, then its stream. Each is answered, and each is
/// sent the judge's next step.
#[test]
fn fifty_pages_open_at_once_fit_the_default_limits_and_each_gets_the_next_step() {
    let (_d, path) = dir();
    let mut judge = Judge::create(&path, RulesetId::Plain);
    let mut web = Web::open(&path, DEFAULT_ADDR, Limits::default()).unwrap();
    let addr = web.server().addr();
    let mut pages = Vec::new();
    for _ in 0..50 {
        let mut kept = connect(addr);
        write!(
            kept,
            "GET /?t={} HTTP/1.1\r\nHost: {addr}\r\n\r\n",
            web.token()
        )
        .unwrap();
        let mut head = [0u8; 12];
        kept.read_exact(&mut head).unwrap();
        assert_eq!(&head, b"HTTP/1.1 200");
        let mut events = Events::open(addr, web.token());
        assert!(events.next().contains("At the Ford"));
        pages.push((kept, events));
    }
    step(&mut judge, &mut web, "add Ana 8", &[]);
    for (_, events) in &mut pages {
        assert!(events.next().contains("Ana"));
    }
}

/// Past the connections with the token it holds at once, a request with the token is answered
/// "busy" and its connection closed; once one closes, the page is answered again.
#[test]
fn requests_with_the_token_past_the_admitted_connections_are_answered_busy() {
    let (_d, path) = dir();
    let _judge = Judge::create(&path, RulesetId::Plain);
    let limits = Limits {
        busy: 4,
        ..Limits::default()
    };
    let web = Web::open(&path, DEFAULT_ADDR, limits).unwrap();
    let addr = web.server().addr();
    // Four pages' streams: each connection has shown the token.
    let mut streams: Vec<Events> = (0..4).map(|_| Events::open(addr, web.token())).collect();
    let target = format!("/?t={}", web.token());
    let mut fifth = connect(addr);
    write!(fifth, "GET {target} HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
    // Closed after saying so, although the request asked for nothing of the kind.
    let said = page::answer(&mut fifth);
    assert_eq!(page::status(&said), 503, "{said}");
    assert!(
        said.to_ascii_lowercase().contains("retry-after: 1"),
        "{said}"
    );
    streams.pop();
    // The closed stream's place is given back as the server sees it close: tried again until.
    let mut tries = 0;
    while request(addr, "GET", &target).0 != 200 {
        tries += 1;
        assert!(tries < 2_000, "never answered again");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Connections that have not shown the token have a pool of their own: one more pushes out the
/// oldest of them, never a connection that has shown it, and a pushed-out one is closed.
#[test]
fn the_oldest_connection_without_the_token_makes_room_for_a_new_one() {
    let (_d, path) = dir();
    let mut judge = Judge::create(&path, RulesetId::Plain);
    let limits = Limits {
        busy: 4,
        waiting: 3,
        timeout: Duration::from_secs(3600),
        ..Limits::default()
    };
    let mut web = Web::open(&path, DEFAULT_ADDR, limits).unwrap();
    let addr = web.server().addr();
    let mut admitted = Events::open(addr, web.token());
    admitted.next();
    // Taken in the order they connect: the fourth pushes out the first.
    let mut idle: Vec<TcpStream> = (0..4).map(|_| connect(addr)).collect();
    assert_eq!(page::answer(&mut idle[0]), "");
    // A page's stream pushes out the second as it arrives, then is admitted.
    let mut late = Events::open(addr, web.token());
    assert!(late.next().contains("At the Ford"));
    assert_eq!(page::answer(&mut idle[1]), "");
    // The third still waits, and is answered when it shows the token.
    write!(
        idle[2],
        "GET /?t={} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n",
        web.token()
    )
    .unwrap();
    assert_eq!(page::status(&page::answer(&mut idle[2])), 200);
    // The streams admitted before all this were never pushed out.
    step(&mut judge, &mut web, "add Ana 8", &[]);
    assert!(admitted.next().contains("Ana"));
    assert!(late.next().contains("Ana"));
}

/// Every answer keeps the page closed to other sites and caches; the stream tells the browser
/// to come back within a second and sends the current update at once.
#[test]
fn every_answer_carries_the_closing_headers_and_the_stream_starts_at_once() {
    let (_d, path) = dir();
    let mut judge = Judge::create(&path, RulesetId::Plain);
    judge.says("add Ana 8", &[]);
    let web = Web::open(&path, DEFAULT_ADDR, Limits::default()).unwrap();
    let addr = web.server().addr();
    let t = web.token();
    for (method, target, code) in [
        ("GET", format!("/?t={t}"), 200),
        ("GET", "/".to_string(), 403),
        ("GET", format!("/nothing?t={t}"), 404),
        ("POST", format!("/?t={t}"), 405),
    ] {
        let mut s = connect(addr);
        write!(
            s,
            "{method} {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let said = page::answer(&mut s);
        assert_eq!(page::status(&said), code, "{said}");
        let head = said.split("\r\n\r\n").next().unwrap().to_ascii_lowercase();
        for line in [
            "cache-control: no-store",
            "content-security-policy: default-src 'none';",
            "x-content-type-options: nosniff",
            "x-frame-options: deny",
            "referrer-policy: no-referrer",
        ] {
            assert!(
                head.contains(line),
                "{method} {target}: no {line} in {head}"
            );
        }
        if code == 405 {
            assert!(head.contains("allow: get\r\n"), "{head}");
        }
    }
    let mut s = connect(addr);
    write!(s, "GET /events?t={t} HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
    let mut reader = BufReader::new(s);
    let mut said = String::new();
    while !said.contains("data: ") {
        assert!(reader.read_line(&mut said).unwrap() > 0, "{said}");
    }
    let lower = said.to_ascii_lowercase();
    assert!(lower.contains("content-type: text/event-stream"), "{said}");
    assert!(lower.contains("cache-control: no-store"), "{said}");
    assert!(said.contains("retry: 1000\n"), "{said}");
}

/// An update far larger than the most a request's head may hold (a crowded roster) still
/// arrives whole: the limit is on what clients send, not on what the page is sent.
#[test]
fn an_update_larger_than_a_requests_head_arrives_whole() {
    let (_d, path) = dir();
    let mut judge = Judge::create(&path, RulesetId::Plain);
    let long = "Wanderer".repeat(7);
    for n in 0..400 {
        judge.says(&format!("add {long}{n} 8"), &[]);
    }
    let mut web = Web::open(&path, DEFAULT_ADDR, Limits::default()).unwrap();
    let mut events = Events::open(web.server().addr(), web.token());
    let first = events.next();
    assert!(first.len() > 2 * Limits::default().head, "{}", first.len());
    assert!(first.contains(&format!("{long}399")));
    step(&mut judge, &mut web, &format!("add {long}400 8"), &[]);
    let next = events.next();
    assert!(next.contains(&format!("{long}400")), "{}", next.len());
    serde_json::from_str::<serde_json::Value>(&next).unwrap();
}
