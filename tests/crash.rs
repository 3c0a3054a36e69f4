//! Nothing acknowledged is lost: the real binary in a pseudo-terminal takes palette commands and
//! is killed with SIGKILL at seeded points, again and again on the same session: right after a
//! result shows, with the next command in flight, halfway through typing one, while it opens
//! (folding the last run's journal into the file), and in a burst that crosses the journal's
//! regular fold into the file. After each kill the session is read back and must hold every
//! command whose result was shown, in order, each once, and nothing that was never sent.

#![cfg(unix)]

mod pty;

use pty::{Lcg, Term};
use slotmark::store::{self, COMPACT_EVERY};
use std::path::Path;
use std::process::Command;

/// Kill points; each is one run of the binary.
const KILLS: usize = 24;

#[derive(Debug, Clone, Copy)]
enum Kill {
    /// Right after the last result shows.
    AfterShown,
    /// With the next command's Enter just sent.
    InFlight,
    /// Halfway through typing the next command.
    MidTyping,
    /// As soon as the program is started: during its start-up fold of the journal.
    WhileOpening,
    /// Many commands sent in one write, killed once a chosen one shows.
    Burst,
}

fn note(n: usize) -> String {
    format!("crash-{n}")
}

/// The numbers of the crash notes in the session file, in log order.
fn recovered(path: &Path) -> Vec<usize> {
    let session = store::load(path).unwrap_or_else(|e| panic!("the session reads back: {e}"));
    session
        .state()
        .notes
        .iter()
        .filter_map(|n| n.strip_prefix("crash-").and_then(|d| d.parse().ok()))
        .collect()
}

/// Does the screen show the result of crash note `n` (not a note whose number starts the same,
/// and not the palette line being typed, which reads `:note crash-N`)?
fn shows_result(term: &Term, n: usize) -> bool {
    let text = term.text();
    let want = format!("Note: {}", note(n));
    text.match_indices(&want).any(|(i, _)| {
        !text[i + want.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit())
    })
}

#[test]
fn every_acknowledged_command_survives_kill_9() {
    let home = tempfile::tempdir().unwrap();
    let saves = home.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let path = saves.join("crash.ron");
    let script = home.path().join("start.txt");
    std::fs::write(&script, "add Aldo\nnote the session starts\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_slotmark"))
        .arg("run")
        .arg(&script)
        .arg("--out")
        .arg(&path)
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .output()
        .unwrap();
    assert!(out.status.success());

    let mut rng = Lcg(0x5107_3a2c);
    let mut sent = 0usize; // notes 0..sent have been sent
    let mut acknowledged = 0usize; // notes 0..acknowledged showed their result
    let mut bursts = 0;
    let mut seen = [false; 5];
    for point in 0..KILLS {
        let kill = match (point, rng.below(10)) {
            (3 | 15, _) => Kill::Burst,
            (_, 0) => Kill::WhileOpening,
            (_, 1..=3) => Kill::AfterShown,
            (_, 4..=6) => Kill::InFlight,
            _ => Kill::MidTyping,
        };
        seen[kill as usize] = true;
        let mut term = Term::spawn(
            &[
                "open",
                path.to_str().unwrap(),
                "--saves",
                saves.to_str().unwrap(),
            ],
            home.path(),
            // Folds as often as the store does for scripts, so the bursts cross folds.
            &[("SLOTMARK_FOLD_EVERY", "256")],
            30,
            100,
        );
        if let Kill::WhileOpening = kill {
            term.kill_hard();
        } else {
            term.wait_text("Roll log");
            match kill {
                Kill::Burst => {
                    // Commands sent sixteen at a time; the kill lands with a chunk in flight
                    // around the journal's regular fold into the file.
                    bursts += 1;
                    let chunks = COMPACT_EVERY / 16 + 2;
                    let kill_at = chunks - 3 + rng.below(3) as usize;
                    for chunk in 0..=kill_at {
                        let keys: String = (sent..sent + 16)
                            .map(|i| format!(":note {}\r", note(i)))
                            .collect();
                        term.press(&keys);
                        sent += 16;
                        if chunk < kill_at {
                            let last = sent - 1;
                            term.wait_for(&note(last), |t| shows_result(t, last));
                            acknowledged = sent;
                        }
                    }
                    term.kill_hard();
                }
                _ => {
                    for _ in 0..1 + rng.below(5) {
                        term.press(&format!(":note {}\r", note(sent)));
                        sent += 1;
                        term.wait_for(&note(sent - 1), |t| shows_result(t, sent - 1));
                        acknowledged = sent;
                    }
                    match kill {
                        Kill::InFlight => {
                            term.press(&format!(":note {}\r", note(sent)));
                            sent += 1;
                        }
                        Kill::MidTyping => term.press(&format!(":note {}", note(sent))),
                        _ => {}
                    }
                    term.kill_hard();
                }
            }
        }
        let notes = recovered(&path);
        let expected: Vec<usize> = (0..notes.len()).collect();
        assert_eq!(
            notes, expected,
            "kill {point} ({kill:?}): the log is not the commands in order, each once"
        );
        assert!(
            notes.len() >= acknowledged,
            "kill {point} ({kill:?}): {} command(s) showed their result but only {} came back",
            acknowledged,
            notes.len()
        );
        assert!(
            notes.len() <= sent,
            "kill {point} ({kill:?}): more came back than was sent"
        );
        // What came back is the truth from now on (an unacknowledged note may be gone).
        sent = notes.len();
        acknowledged = notes.len();
    }
    assert_eq!(bursts, 2);
    assert_eq!(
        seen, [true; 5],
        "the seed no longer reaches every kind of kill point"
    );

    // The file and journal left by the last kill still verify, and the screen opens and quits
    // cleanly on them.
    let report = store::verify(&path).unwrap();
    assert!(report.matches(), "{report}");
    let mut term = Term::spawn(
        &[
            "open",
            path.to_str().unwrap(),
            "--saves",
            saves.to_str().unwrap(),
        ],
        home.path(),
        &[],
        30,
        100,
    );
    term.wait_text("Roll log");
    term.press("q");
    term.wait_closed();
    assert!(term.child.wait().unwrap().success());
    assert_eq!(recovered(&path), (0..sent).collect::<Vec<_>>());
}
