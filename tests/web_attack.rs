//! The players' page under attack, in the real binary (`slotmark table FILE --web`): quiet
//! spells longer than its connection timeout, absurd bodies, endless headers, a full
//! file-handle table, idle connections without the token by the hundred, streams dropped by the
//! dozen and a table of phones opening the page at once. After each it still answers, never
//! panics and holds bounded memory. Every wait is on a condition the server shows (a connection
//! it closed, its open handles), never on a time.

#[path = "support/page.rs"]
mod page;

use page::{Events, Served, answer, connect, quiet_spell, request, status};
use slotmark::rules::RulesetId;
use slotmark::session::{Session, SessionState};
use slotmark::store::Store;
use slotmark::web::Limits;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::sync::{Arc, Barrier};

fn session() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ford.ron");
    let session = Session::new(SessionState::new("At the Ford", RulesetId::Plain));
    Store::create(&path, &session).unwrap();
    (dir, path)
}

/// It still answers, runs, and has printed nothing that reads like a panic.
fn still_standing(served: &mut Served) {
    assert!(served.answers());
    assert!(served.alive());
    let said = served.said();
    for word in [
        "panicked",
        "backtrace",
        "RUST_BACKTRACE",
        "memory allocation",
    ] {
        assert!(!said.contains(word), "{said}");
    }
}

#[test]
fn the_page_answers_after_a_quiet_spell_longer_than_the_connection_timeout() {
    let (_d, path) = session();
    let mut served = Served::start(&path, Some(1), None);
    assert!(served.answers());
    // Quiet for longer than the timeout: the server closes a connection that asked nothing.
    quiet_spell(served.addr);
    quiet_spell(served.addr);
    // A reload, a late phone: answered.
    assert!(served.answers());
    let mut events = Events::open(served.addr, &served.token);
    assert!(events.next().contains("At the Ford"));
    still_standing(&mut served);
}

#[test]
fn absurd_content_lengths_neither_stop_the_page_nor_print_a_panic() {
    let (_d, path) = session();
    let mut served = Served::start(&path, Some(5), None);
    let with = served.target("/");
    for length in ["100000000000", "18446744073709551615", "-1", "1e9"] {
        for target in ["/", with.as_str(), "/events"] {
            for method in ["GET", "POST"] {
                let mut s = connect(served.addr);
                write!(
                    s,
                    "{method} {target} HTTP/1.1\r\nHost: {}\r\nContent-Length: {length}\r\n\r\n",
                    served.addr
                )
                .unwrap();
                // Refused, never the page: or closed without a word.
                let text = answer(&mut s);
                let code = status(&text);
                assert!(
                    code == 0 || (400..500).contains(&code),
                    "{method} {target} {length}: {text}"
                );
                assert!(served.answers(), "{method} {target} {length}");
            }
        }
    }
    // A chunked body that says it is endless.
    let mut s = connect(served.addr);
    write!(
        s,
        "GET {with} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffff\r\n"
    )
    .unwrap();
    let _ = answer(&mut s);
    still_standing(&mut served);
}

#[test]
fn a_header_line_past_the_limit_is_refused_and_memory_stays_bounded() {
    let (_d, path) = session();
    let mut served = Served::start(&path, Some(5), None);
    assert!(served.answers());
    let before = served.memory_kb("VmHWM").max(served.memory_kb("VmRSS"));
    // 16 MiB of one header line that never ends.
    let mut s = connect(served.addr);
    write!(s, "GET {} HTTP/1.1\r\nX-Long: ", served.target("/")).unwrap();
    let chunk = vec![b'a'; 64 * 1024];
    for _ in 0..256 {
        if s.write_all(&chunk).is_err() {
            break;
        }
    }
    let text = answer(&mut s);
    let code = status(&text);
    assert!(code == 0 || code == 431, "{text}");
    still_standing(&mut served);
    let peak = served.memory_kb("VmHWM");
    assert!(
        peak <= before + 8 * 1024,
        "the peak grew from {before} kB to {peak} kB"
    );
}

/// With no file handle left, new connections wait their turn in the system's queue, and are
/// served once handles free.
#[test]
fn a_full_file_handle_table_makes_connections_wait_their_turn_and_serves_them_once_handles_free() {
    let (_d, path) = session();
    const FILES: usize = 64;
    let mut served = Served::start(&path, Some(60), Some(FILES as u64));
    assert!(served.answers());
    // Idle connections, one at a time, each waited for until the server holds it, until its
    // table of file handles is full.
    let mut open = Vec::new();
    while served.handles().0 < FILES {
        assert!(open.len() < 4 * FILES, "never full: {:?}", served.handles());
        open.push(connect(served.addr));
        loop {
            let (all, sockets) = served.handles();
            // The listening socket and one per connection held; or no handle left.
            if all >= FILES || sockets > open.len() {
                break;
            }
            std::thread::yield_now();
        }
    }
    // More wait their turn while the table is full, a page among them.
    let mut queued: Vec<TcpStream> = (0..8).map(|_| connect(served.addr)).collect();
    write!(
        queued[7],
        "GET {} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        served.target("/"),
        served.addr
    )
    .unwrap();
    assert!(served.alive());
    drop(open);
    // Once the first are closed, the page that waited is served, and later ones too.
    let said = answer(&mut queued[7]);
    assert_eq!(status(&said), 200, "{said}");
    let (code, body) = request(served.addr, "GET", &served.target("/"));
    assert_eq!(code, 200, "{body}");
    still_standing(&mut served);
}

#[test]
fn streams_opened_then_dropped_give_their_places_to_new_ones() {
    let (_d, path) = session();
    let mut served = Served::start(&path, Some(60), None);
    let most = Limits::default().streams;
    let mut streams: Vec<Events> = (0..most)
        .map(|_| Events::open(served.addr, &served.token))
        .collect();
    for s in &mut streams {
        s.next();
    }
    assert_eq!(
        Events::try_open(served.addr, &served.token).err(),
        Some(503),
        "a stream past the most"
    );
    // The pages reload or go: no step of the judge's follows.
    drop(streams);
    // Each place is given back as the server closes the stream's connection: once it holds no
    // socket but the one it listens on, a new page gets its stream at the first try.
    let mut looks = 0;
    while served.handles().1 > 1 {
        looks += 1;
        assert!(
            looks < 4_000,
            "streams never closed: {:?}",
            served.handles()
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let mut events = Events::open(served.addr, &served.token);
    assert!(events.next().contains("At the Ford"));
    still_standing(&mut served);
}

/// Idle connections that never show the token, far more than the server holds (an attacker on
/// the network opening them again and again), never keep a page out: each pushes out the oldest
/// of them, the page with the token is answered and its stream starts, and the server holds no
/// more connections and no more memory than its limits allow.
#[test]
fn idle_connections_without_the_token_never_keep_a_page_out() {
    let (_d, path) = session();
    let mut served = Served::start(&path, Some(60), None);
    assert!(served.answers());
    let before = served.memory_kb("VmHWM").max(served.memory_kb("VmRSS"));
    let limits = Limits::default();
    let many = limits.busy + limits.waiting + 64;
    let mut idle: Vec<TcpStream> = (0..many).map(|_| connect(served.addr)).collect();
    // Taken in the order they connected: all but the newest are pushed out, and closed.
    for s in &mut idle[..many - limits.waiting] {
        assert_eq!(answer(s), "");
    }
    let (_, sockets) = served.handles();
    assert!(sockets <= 1 + limits.waiting, "{sockets} sockets held");
    // A page with the token: answered, and its stream started.
    assert!(served.answers());
    let mut events = Events::open(served.addr, &served.token);
    assert!(events.next().contains("At the Ford"));
    let (_, sockets) = served.handles();
    assert!(sockets <= 2 + limits.waiting, "{sockets} sockets held");
    let peak = served.memory_kb("VmHWM");
    assert!(
        peak <= before + 16 * 1024,
        "the peak grew from {before} kB to {peak} kB"
    );
    still_standing(&mut served);
}

#[test]
fn twenty_pages_opened_at_once_each_get_their_first_event() {
    let (_d, path) = session();
    let served = Served::start(&path, Some(60), None);
    let at_once = Arc::new(Barrier::new(20));
    let pages: Vec<_> = (0..20)
        .map(|_| {
            let (addr, token) = (served.addr, served.token.clone());
            let at_once = Arc::clone(&at_once);
            std::thread::spawn(move || {
                at_once.wait();
                // As a browser does: the page on a connection it keeps, then its stream.
                let mut kept = connect(addr);
                write!(kept, "GET /?t={token} HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
                let mut head = [0u8; 12];
                kept.read_exact(&mut head).unwrap();
                assert_eq!(&head, b"HTTP/1.1 200");
                let mut events = Events::open(addr, &token);
                let first = events.next();
                (kept, events, first)
            })
        })
        .collect();
    for page in pages {
        let (_kept, _events, first) = page.join().unwrap();
        assert!(first.contains("At the Ford"), "{first}");
    }
}

/// The connection timeout is whole seconds from 1 to 3600; anything else is refused in words
/// before anything is served.
#[test]
fn a_connection_timeout_that_cannot_be_used_is_refused_in_words() {
    let (_d, path) = session();
    for bad in ["0", "3601", "ten", "1.5", "-3"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_slotmark"))
            .args(["table", path.to_str().unwrap(), "--web", "127.0.0.1:0"])
            .env("SLOTMARK_WEB_TIMEOUT", bad)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        assert!(!out.status.success(), "{bad}");
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(
            said.contains(&format!("SLOTMARK_WEB_TIMEOUT is {bad}"))
                && said.contains("whole seconds"),
            "{bad}: {said}"
        );
        assert!(out.stdout.is_empty(), "{bad}: served");
    }
    let limits = slotmark::cli::web_limits(Some(std::ffi::OsStr::new("30"))).unwrap();
    assert_eq!(limits.timeout, std::time::Duration::from_secs(30));
    let unset = slotmark::cli::web_limits(None).unwrap();
    assert_eq!(unset.timeout, std::time::Duration::from_secs(10));
}
