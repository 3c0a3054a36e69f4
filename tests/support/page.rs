//! A plain HTTP client for the players' page, shared by its tests and its bench: one request and
//! its whole answer, an event stream read one update at a time, and the real binary serving a
//! session's page (`slotmark table FILE --web 127.0.0.1:0`), with what it says on its error
//! stream and the memory and file handles it holds.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long a read from the server may wait before the test fails (never reached when the
/// server does its work).
pub const PATIENCE: Duration = Duration::from_secs(20);

pub fn connect(addr: SocketAddr) -> TcpStream {
    let s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(PATIENCE)).unwrap();
    s
}

/// Everything the server sends until it closes the connection; a reset ends it too.
pub fn answer(s: &mut TcpStream) -> String {
    let mut bytes = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match s.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => bytes.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => break,
            Err(e) => panic!("no answer: {e} after {:?}", String::from_utf8_lossy(&bytes)),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The status an answer starts with (0 when there is none).
pub fn status(text: &str) -> u16 {
    text.split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

/// Waits until the server closes a connection that asks nothing: a quiet spell longer than
/// its connection timeout has passed since now.
pub fn quiet_spell(addr: SocketAddr) {
    let mut idle = connect(addr);
    let mut buf = [0u8; 64];
    match idle.read(&mut buf) {
        Ok(0) => {}
        Ok(n) => panic!("said {:?}", String::from_utf8_lossy(&buf[..n])),
        Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => {}
        Err(e) => panic!("the server never closed an idle connection: {e}"),
    }
}

/// A whole answer to one request: its status and body.
pub fn request(addr: SocketAddr, method: &str, target: &str) -> (u16, String) {
    let mut s = connect(addr);
    write!(
        s,
        "{method} {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    whole(&mut s)
}

/// The answer on `s` until it closes: its status and body.
fn whole(s: &mut TcpStream) -> (u16, String) {
    let text = answer(s);
    let body = text
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_string();
    (status(&text), body)
}

/// A whole answer to a POST of `body` to `target`, with `headers`: its status and body.
pub fn post(
    addr: SocketAddr,
    target: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> (u16, String) {
    let mut s = connect(addr);
    let mut head = format!(
        "POST {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: \
         application/json\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes()).unwrap();
    // A refusal may come before the body is read; the answer is what counts.
    let _ = s.write_all(body);
    whole(&mut s)
}

/// The id of the character named `name` in `state`.
pub fn id_of(state: &slotmark::session::SessionState, name: &str) -> u32 {
    state
        .game
        .roster()
        .into_iter()
        .flat_map(|g| g.members)
        .find(|m| m.name == name)
        .unwrap_or_else(|| panic!("no {name} on the roster"))
        .id
}

/// Ana and Bram of Block, Dodge, Parry at the ford, and a goblin they see: the lines that
/// make them, for the tests of a player's own rolls.
pub const FORD_BDP: [&str; 4] = [
    "add Ana pc 10 12 8 6",
    "add Bram pc 14 9 11 8",
    "add Snag goblin",
    "reveal Snag",
];

/// An open event stream, read one update at a time.
pub struct Events {
    reader: BufReader<TcpStream>,
}

impl Events {
    /// The stream of the page at `addr` with `token`; it must be answered.
    pub fn open(addr: SocketAddr, token: &str) -> Events {
        Events::try_open(addr, token).unwrap_or_else(|status| panic!("answered {status}"))
    }

    /// The stream, or the status it was refused with.
    pub fn try_open(addr: SocketAddr, token: &str) -> Result<Events, u16> {
        let mut s = connect(addr);
        write!(
            s,
            "GET /events?t={token} HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n"
        )
        .unwrap();
        let mut reader = BufReader::new(s);
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        if !line.starts_with("HTTP/1.1 200") {
            return Err(status(&line));
        }
        loop {
            line.clear();
            reader.read_line(&mut line).unwrap();
            if line == "\r\n" {
                break;
            }
        }
        Ok(Events { reader })
    }

    /// The next update's data: blocks until it comes.
    pub fn next(&mut self) -> String {
        self.try_next().expect("the stream ended")
    }

    /// The next update's data, or nothing once the stream ends. The lines of the chunked
    /// body's framing are neither events nor data, and are passed over.
    pub fn try_next(&mut self) -> Option<String> {
        let mut event = String::new();
        let mut data = None;
        loop {
            let mut line = String::new();
            if self.reader.read_line(&mut line).ok()? == 0 {
                return None;
            }
            let line = line.trim_end_matches('\n');
            if line.is_empty() {
                if let (true, Some(d)) = (event == "page", data.take()) {
                    return Some(d);
                }
                event.clear();
            } else if let Some(e) = line.strip_prefix("event: ") {
                event = e.to_string();
            } else if let Some(d) = line.strip_prefix("data: ") {
                data = Some(d.to_string());
            }
        }
    }
}

/// The real `slotmark table FILE --web 127.0.0.1:0`, stopped when dropped.
pub struct Served {
    child: Child,
    pub addr: SocketAddr,
    pub token: String,
    /// Kept open: what it prints when it ends must not meet a closed pipe.
    _out: BufReader<ChildStdout>,
    said: Arc<Mutex<String>>,
}

impl Served {
    /// Serves the session at `path`, with `SLOTMARK_WEB_TIMEOUT` set to `timeout` seconds when
    /// given, and at most `files` file handles when given.
    pub fn start(path: &Path, timeout: Option<u64>, files: Option<u64>) -> Served {
        let mut command = Command::new(env!("CARGO_BIN_EXE_slotmark"));
        command
            .args(["table", path.to_str().unwrap(), "--web", "127.0.0.1:0"])
            .env_remove("RUST_BACKTRACE")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(t) = timeout {
            command.env("SLOTMARK_WEB_TIMEOUT", t.to_string());
        }
        if let Some(files) = files {
            use std::os::unix::process::CommandExt;
            let limit = libc::rlimit {
                rlim_cur: files as libc::rlim_t,
                rlim_max: files as libc::rlim_t,
            };
            // SAFETY: only setrlimit runs between fork and exec, and it allocates nothing.
            unsafe {
                command.pre_exec(move || {
                    if libc::setrlimit(libc::RLIMIT_NOFILE, &limit) == 0 {
                        Ok(())
                    } else {
                        Err(std::io::Error::last_os_error())
                    }
                });
            }
        }
        let mut child = command.spawn().unwrap();
        let said = Arc::new(Mutex::new(String::new()));
        let mut err = child.stderr.take().unwrap();
        let into = Arc::clone(&said);
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n @ 1..) = err.read(&mut buf) {
                into.lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        });
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let url = loop {
            let mut line = String::new();
            let n = out.read_line(&mut line).unwrap();
            assert!(n > 0, "it printed no address: {}", said.lock().unwrap());
            if let Some(at) = line.find("http://") {
                break line[at..].trim().to_string();
            }
        };
        let rest = url.trim_start_matches("http://");
        let (host, target) = rest.split_at(rest.find('/').unwrap());
        Served {
            child,
            addr: host.parse().unwrap(),
            token: target.trim_start_matches("/?t=").to_string(),
            _out: out,
            said,
        }
    }

    /// `path` with the token.
    pub fn target(&self, path: &str) -> String {
        format!("{path}?t={}", self.token)
    }

    /// The page itself answers.
    pub fn answers(&self) -> bool {
        request(self.addr, "GET", &self.target("/")).0 == 200
    }

    pub fn alive(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    /// What it has said on its error stream so far.
    pub fn said(&self) -> String {
        self.said.lock().unwrap().clone()
    }

    /// A field of `/proc/PID/status` in kB (VmRSS, VmHWM).
    pub fn memory_kb(&self, field: &str) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        status
            .lines()
            .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or_else(|| panic!("no {field} in {status}"))
    }

    /// Its open file handles, and how many of them are sockets.
    pub fn handles(&self) -> (usize, usize) {
        let (mut all, mut sockets) = (0, 0);
        let dir = format!("/proc/{}/fd", self.child.id());
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            all += 1;
            let target = std::fs::read_link(entry.path()).unwrap_or_default();
            sockets += usize::from(target.to_string_lossy().starts_with("socket:"));
        }
        (all, sockets)
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
