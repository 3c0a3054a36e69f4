//! The real binary in a pseudo-terminal: start, open the demo, make a check, undo, quit, and
//! find the terminal as it was (main screen back, cursor shown, raw mode off). Every wait reads
//! the pty until the expected text shows or a deadline passes; nothing sleeps a fixed time.

#![cfg(unix)]

use std::io::{Read, Write};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use portable_pty::{CommandBuilder, PtySize, native_pty_system};

const ROWS: u16 = 30;
const COLS: u16 = 100;
const DEADLINE: Duration = Duration::from_secs(30);

struct Screen {
    parser: vt100::Parser,
    output: Receiver<Vec<u8>>,
    closed: bool,
}

impl Screen {
    /// Reads output until `ready` holds for the screen, or fails the test with what was shown.
    fn wait_for(&mut self, what: &str, ready: impl Fn(&vt100::Screen) -> bool) {
        let end = Instant::now() + DEADLINE;
        loop {
            if ready(self.parser.screen()) {
                return;
            }
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() || self.closed {
                panic!(
                    "waited for {what}; the screen shows:\n{}",
                    self.parser.screen().contents()
                );
            }
            match self.output.recv_timeout(left) {
                Ok(bytes) => self.parser.process(&bytes),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => self.closed = true,
            }
        }
    }

    fn wait_text(&mut self, text: &str) {
        let t = text.to_string();
        self.wait_for(text, move |s| s.contents().contains(&t));
    }

    /// Drains everything the program wrote until it closed the pty.
    fn wait_closed(&mut self) {
        let end = Instant::now() + DEADLINE;
        while !self.closed {
            let left = end.saturating_duration_since(Instant::now());
            assert!(!left.is_zero(), "the program did not exit");
            match self.output.recv_timeout(left) {
                Ok(bytes) => self.parser.process(&bytes),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => self.closed = true,
            }
        }
    }
}

/// Is the terminal in cooked mode (line editing and echo on), as a shell expects?
fn cooked(fd: i32) -> bool {
    // SAFETY: tcgetattr only writes into the zeroed struct we own.
    unsafe {
        let mut t: libc::termios = std::mem::zeroed();
        assert_eq!(libc::tcgetattr(fd, &mut t), 0, "tcgetattr on the pty");
        t.c_lflag & libc::ICANON != 0 && t.c_lflag & libc::ECHO != 0
    }
}

#[test]
fn demo_check_undo_quit_restores_the_terminal() {
    let home = tempfile::tempdir().unwrap();
    let pty = native_pty_system()
        .openpty(PtySize {
            rows: ROWS,
            cols: COLS,
            pixel_width: 0,
            pixel_height: 0,
        })
        .unwrap();
    let fd = pty.master.as_raw_fd().expect("a unix pty has a descriptor");
    assert!(cooked(fd), "the pty starts in cooked mode");

    let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_slotmark"));
    cmd.cwd(home.path());
    cmd.env("HOME", home.path());
    cmd.env("XDG_DATA_HOME", home.path().join("data"));
    cmd.env("XDG_CONFIG_HOME", home.path().join("config"));
    cmd.env("TERM", "xterm-256color");
    cmd.env("NO_COLOR", "1");
    let mut child = pty.slave.spawn_command(cmd).unwrap();
    drop(pty.slave);

    let mut reader = pty.master.try_clone_reader().unwrap();
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let mut buf = [0u8; 8192];
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
    let mut writer = pty.master.take_writer().unwrap();
    let mut press = |keys: &str| {
        writer.write_all(keys.as_bytes()).unwrap();
        writer.flush().unwrap();
    };
    let mut screen = Screen {
        parser: vt100::Parser::new(
            std::num::NonZeroU16::new(ROWS).unwrap(),
            std::num::NonZeroU16::new(COLS).unwrap(),
            0,
        ),
        output: rx,
        closed: false,
    };

    screen.wait_text("Recent sessions");
    assert!(
        screen.parser.screen().alternate_screen(),
        "the screen runs on the alternate screen"
    );

    press("d");
    screen.wait_text("Roll log");

    // A terrain check for whoever is selected: the form, then the roll, then accept it.
    press("t");
    screen.wait_text("Terrain check");
    press("\r");
    screen.wait_text("Verdict");
    press("\r");
    screen.wait_for("the check in the log", |s| {
        let text = s.contents();
        text.contains("terrain check") && !text.contains("Verdict")
    });

    press("u");
    screen.wait_text("Undone");
    screen.wait_text("Verdict");

    press("q");
    screen.wait_closed();
    let status = child.wait().unwrap();
    assert!(status.success(), "slotmark exited with {status:?}");

    let s = screen.parser.screen();
    assert!(!s.alternate_screen(), "the alternate screen was left");
    assert!(!s.hide_cursor(), "the cursor is shown again");
    assert!(cooked(fd), "raw mode is off");
}
