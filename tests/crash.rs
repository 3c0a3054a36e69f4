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

/// A session made by `run` with a first note, in a fresh folder: (home, saves, session file).
fn fresh_session() -> (tempfile::TempDir, std::path::PathBuf, std::path::PathBuf) {
    let home = tempfile::tempdir().unwrap();
    let saves = home.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let path = saves.join("cut.ron");
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
    (home, saves, path)
}

fn open_screen(home: &Path, saves: &Path, path: &Path) -> Term {
    let mut term = Term::spawn(
        &[
            "open",
            path.to_str().unwrap(),
            "--saves",
            saves.to_str().unwrap(),
        ],
        home,
        &[],
        30,
        160,
    );
    term.wait_text("Roll log");
    term
}

/// Types crash notes `from..to`, each waited for until its result shows.
fn notes(term: &mut Term, from: usize, to: usize) {
    for n in from..to {
        term.press(&format!(":note {}\r", note(n)));
        term.wait_for(&note(n), |t| shows_result(t, n));
    }
}

#[test]
fn a_journal_truncated_in_place_loses_no_acknowledged_step() {
    // To its first line (the header), and to nothing at all.
    for keep_header in [true, false] {
        let (home, saves, path) = fresh_session();
        let mut term = open_screen(home.path(), &saves, &path);
        notes(&mut term, 0, 3);
        let journal = store::journal_path(&path);
        let bytes = std::fs::read(&journal).unwrap();
        let header = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
        assert!(bytes.len() > header, "the three notes are in the journal");
        let cut = if keep_header { header } else { 0 };
        std::fs::OpenOptions::new()
            .write(true)
            .open(&journal)
            .unwrap()
            .set_len(cut as u64)
            .unwrap();
        notes(&mut term, 3, 5);
        term.kill_hard();
        assert_eq!(
            recovered(&path),
            (0..5).collect::<Vec<_>>(),
            "cut to {cut} bytes: every acknowledged note comes back"
        );
        // And the session opens for play again.
        let opened = store::Store::open(&path).unwrap_or_else(|e| panic!("cut to {cut}: {e}"));
        assert_eq!(opened.session.state().notes.len(), 6);
    }
}

#[test]
fn a_zero_byte_journal_opens_as_last_saved_with_a_warning() {
    let (_home, _saves, path) = fresh_session();
    std::fs::write(store::journal_path(&path), b"").unwrap();
    let opened = store::Store::open(&path).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        opened.warnings.iter().any(|w| w.contains("was empty")),
        "{:?}",
        opened.warnings
    );
    assert_eq!(opened.session.state().notes.len(), 1);
    drop(opened);
    // Its first line is written again, so what comes next reads back.
    let text = std::fs::read_to_string(store::journal_path(&path)).unwrap();
    assert!(text.contains("generation"), "{text:?}");
}

#[test]
fn a_second_judge_is_refused_after_the_journal_is_deleted_and_nothing_is_lost() {
    let (home, saves, path) = fresh_session();
    let mut a = open_screen(home.path(), &saves, &path);
    notes(&mut a, 0, 2);
    std::fs::remove_file(store::journal_path(&path)).unwrap();
    // Judge B is refused: the lock holds whatever happened to the journal.
    let mut b = Term::spawn(
        &[
            "open",
            path.to_str().unwrap(),
            "--saves",
            saves.to_str().unwrap(),
        ],
        home.path(),
        &[],
        30,
        160,
    );
    b.wait_text("open in another slotmark");
    b.wait_closed();
    assert!(!b.child.wait().unwrap().success());
    // Judge A's next step notices and says what happened.
    notes(&mut a, 2, 3);
    a.wait_text("was deleted");
    a.kill_hard();
    assert_eq!(recovered(&path), (0..3).collect::<Vec<_>>());
}
