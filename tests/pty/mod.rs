//! The real `slotmark` binary in a pseudo-terminal, for the crash and terminal tests: keys go
//! in, the screen comes out through a vt100 parser. Every wait reads the pty until what is
//! expected shows or a deadline passes; nothing sleeps a fixed time.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::path::Path;
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

pub const DEADLINE: Duration = Duration::from_secs(60);

pub struct Term {
    pub master: Box<dyn MasterPty + Send>,
    pub child: Box<dyn Child + Send + Sync>,
    writer: Box<dyn Write + Send>,
    pub parser: vt100::Parser,
    output: Receiver<Vec<u8>>,
    pub closed: bool,
    /// Every byte the program wrote since the last [`Term::mark`].
    pub raw: Vec<u8>,
    /// How long a wait may take before the test fails: only the bound for a failure, since a
    /// wait ends as soon as its condition holds.
    pub deadline: Duration,
}

fn size(rows: u16, cols: u16) -> PtySize {
    PtySize {
        rows,
        cols,
        pixel_width: 0,
        pixel_height: 0,
    }
}

impl Term {
    /// Starts slotmark with `args` in a `rows`×`cols` pty, its home, data and config folders
    /// inside `home`, and `env` on top.
    pub fn spawn(args: &[&str], home: &Path, env: &[(&str, &str)], rows: u16, cols: u16) -> Term {
        Term::spawn_program(env!("CARGO_BIN_EXE_slotmark"), args, home, env, rows, cols)
    }

    pub fn spawn_program(
        program: &str,
        args: &[&str],
        home: &Path,
        env: &[(&str, &str)],
        rows: u16,
        cols: u16,
    ) -> Term {
        let pty = native_pty_system().openpty(size(rows, cols)).unwrap();
        let mut cmd = CommandBuilder::new(program);
        cmd.args(args);
        cmd.cwd(home);
        cmd.env("HOME", home);
        cmd.env("XDG_DATA_HOME", home.join("data"));
        cmd.env("XDG_CONFIG_HOME", home.join("config"));
        cmd.env("TERM", "xterm-256color");
        cmd.env("NO_COLOR", "1");
        cmd.env("RUST_BACKTRACE", "0");
        for (k, v) in env {
            cmd.env(k, v);
        }
        let child = pty.slave.spawn_command(cmd).unwrap();
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 16384];
            loop {
                match reader.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => {
                        if tx.send(buf[..n].to_vec()).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let writer = pty.master.take_writer().unwrap();
        Term {
            master: pty.master,
            child,
            writer,
            parser: vt100::Parser::new(
                std::num::NonZeroU16::new(rows).unwrap(),
                std::num::NonZeroU16::new(cols).unwrap(),
                0,
            ),
            output: rx,
            closed: false,
            raw: Vec::new(),
            deadline: DEADLINE,
        }
    }

    pub fn press(&mut self, keys: &str) {
        self.press_bytes(keys.as_bytes());
    }

    pub fn press_bytes(&mut self, keys: &[u8]) {
        self.writer.write_all(keys).unwrap();
        self.writer.flush().unwrap();
    }

    fn take(&mut self, bytes: Vec<u8>) {
        self.parser.process(&bytes);
        self.raw.extend_from_slice(&bytes);
    }

    /// Takes in whatever output is already there, without waiting.
    pub fn drain(&mut self) {
        loop {
            match self.output.try_recv() {
                Ok(bytes) => self.take(bytes),
                Err(std::sync::mpsc::TryRecvError::Empty) => return,
                Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                    self.closed = true;
                    return;
                }
            }
        }
    }

    /// Reads output until `ready` holds, or fails the test with what the screen shows.
    pub fn wait_for(&mut self, what: &str, ready: impl Fn(&Term) -> bool) {
        let end = Instant::now() + self.deadline;
        loop {
            if ready(self) {
                return;
            }
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() || self.closed {
                panic!(
                    "waited for {what}; the screen shows:\n{}\nafter {:?}",
                    self.parser.screen().contents(),
                    String::from_utf8_lossy(&self.raw[self.raw.len().saturating_sub(300)..])
                );
            }
            match self.output.recv_timeout(left) {
                Ok(bytes) => self.take(bytes),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => self.closed = true,
            }
        }
    }

    pub fn wait_text(&mut self, text: &str) {
        let t = text.to_string();
        self.wait_for(text, move |term| term.text().contains(&t));
    }

    pub fn text(&self) -> String {
        self.parser.screen().contents()
    }

    /// Forgets the output so far, so a wait can look only at what comes after.
    pub fn mark(&mut self) {
        self.drain();
        self.raw.clear();
    }

    /// Drains everything the program wrote until it closed the pty.
    pub fn wait_closed(&mut self) {
        let end = Instant::now() + self.deadline;
        while !self.closed {
            let left = end.saturating_duration_since(Instant::now());
            assert!(!left.is_zero(), "the program did not exit");
            match self.output.recv_timeout(left) {
                Ok(bytes) => self.take(bytes),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => self.closed = true,
            }
        }
    }

    /// Changes the window size, as a judge dragging the window would (the program gets
    /// SIGWINCH), and the size the screen is read at. The emulated screen takes the new size
    /// before the program learns of it, so everything the program draws for the new size is
    /// read at that size; whatever it drew for the old size and is still on its way is followed
    /// by the full redraw the resize causes.
    pub fn resize(&mut self, rows: u16, cols: u16) {
        self.drain();
        self.parser.set_size(
            std::num::NonZeroU16::new(rows).unwrap(),
            std::num::NonZeroU16::new(cols).unwrap(),
        );
        self.master.resize(size(rows, cols)).unwrap();
    }

    pub fn pid(&self) -> i32 {
        self.child.process_id().expect("the child has a process id") as i32
    }

    /// SIGKILL: no destructor, no panic hook, no flush runs.
    pub fn kill_hard(&mut self) {
        // SAFETY: kill only sends a signal to the process we started.
        let r = unsafe { libc::kill(self.pid(), libc::SIGKILL) };
        assert_eq!(r, 0, "kill -9");
        let status = self.child.wait().unwrap();
        assert!(!status.success(), "a killed process does not succeed");
    }

    /// Is the terminal in cooked mode (line editing and echo on), as a shell expects?
    pub fn cooked(&self) -> bool {
        let fd = self
            .master
            .as_raw_fd()
            .expect("a unix pty has a descriptor");
        // SAFETY: tcgetattr only writes into the zeroed struct we own.
        unsafe {
            let mut t: libc::termios = std::mem::zeroed();
            assert_eq!(libc::tcgetattr(fd, &mut t), 0, "tcgetattr on the pty");
            t.c_lflag & libc::ICANON != 0 && t.c_lflag & libc::ECHO != 0
        }
    }
}

/// A small seeded generator, so every run picks the same kill points.
pub struct Lcg(pub u64);

impl Lcg {
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}
