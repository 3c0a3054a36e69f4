//! slotmark under bad input: bad session files and bad library files, read through the real
//! binary and through the library; and the property-test twins of the fuzz targets in `fuzz/`
//! (their bodies are `fuzz/src/lib.rs`, included here, so CI runs what the fuzzer runs).
//!
//! Promises checked:
//! - a file that cannot be used gives one plain line naming the file and the place, touches no
//!   byte of the file, writes nothing beside it, and never panics or hangs;
//! - a file from a newer slotmark says so, which format this one reads, and what to do;
//! - arbitrary bytes as a session file or a journal, arbitrary text as a palette line (in the
//!   slot system's demo, in ruleset phase's, at a bdp table, in ruleset ap's and in ruleset
//!   actiondie's) or a dice expression: no panic, plain errors;
//! - a palette line either applies fully (replays, undoes, survives the journal) or changes
//!   nothing.
//!
//! The bad-file cases that `tests/store.rs` proves through the library (every journal cut, the
//! store's own garbled, truncated, empty, nested, newer and unknown-ruleset files) are not
//! repeated there; here they go through the command line, and the library file gets the same.

#[path = "../fuzz/src/lib.rs"]
mod targets;

use proptest::collection::vec;
use proptest::prelude::*;
use slotmark::content::{self, ContentError};
use slotmark::session::Session;
use slotmark::store::{self, JournalRecord, Store, journal_path};
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

// ---------------------------------------------------------------------------------------------
// The real binary on bad files

/// Longest any refusal may take, a 100 MB file included; a hang fails the test instead of
/// blocking CI.
const DEADLINE: Duration = Duration::from_secs(60);

/// A scratch folder with its own data and config folders, so no judge's files are read or
/// written.
struct Bench {
    dir: tempfile::TempDir,
}

struct Outcome {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

impl Bench {
    fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir_all(dir.path().join("config/slotmark")).unwrap();
        fs::create_dir_all(dir.path().join("saves")).unwrap();
        Bench { dir }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn library(&self) -> PathBuf {
        self.path("config/slotmark/library.ron")
    }

    /// Runs the binary with no terminal and no input; fails the test if it outlives the deadline.
    fn run(&self, args: &[&str]) -> Outcome {
        let mut child = Command::new(env!("CARGO_BIN_EXE_slotmark"))
            .args(args)
            .arg("--saves")
            .arg(self.path("saves"))
            .current_dir(self.dir.path())
            .env("XDG_CONFIG_HOME", self.path("config"))
            .env("XDG_DATA_HOME", self.path("data"))
            .env("HOME", self.dir.path())
            .env("NO_COLOR", "1")
            .env("RUST_BACKTRACE", "0")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Readers on their own threads, so a full pipe cannot stall the child.
        let mut out = child.stdout.take().unwrap();
        let mut err = child.stderr.take().unwrap();
        let out = std::thread::spawn(move || {
            let mut s = String::new();
            out.read_to_string(&mut s).unwrap();
            s
        });
        let err = std::thread::spawn(move || {
            let mut s = String::new();
            err.read_to_string(&mut s).unwrap();
            s
        });
        // The child is waited for on its own thread; this one waits on its exit, not on time.
        let pid = child.id();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(child.wait());
        });
        let status = match rx.recv_timeout(DEADLINE) {
            Ok(status) => status.unwrap(),
            Err(_) => {
                // SAFETY: kill only sends a signal to the process this test started.
                unsafe { libc::kill(pid as i32, libc::SIGKILL) };
                panic!("slotmark {args:?} did not finish within {DEADLINE:?}");
            }
        };
        Outcome {
            code: status.code(),
            stdout: out.join().unwrap(),
            stderr: err.join().unwrap(),
        }
    }
}

/// Every file under a folder with its bytes (or its length, for the sparse 100 MB ones).
fn snapshot(dir: &Path) -> Vec<(PathBuf, u64, Option<Vec<u8>>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            let meta = fs::symlink_metadata(&p).unwrap();
            if meta.is_dir() {
                stack.push(p);
            } else {
                // A named pipe is listed, never read (reading one would wait for a writer).
                let len = meta.len();
                let bytes = (meta.is_file() && len < 8 << 20).then(|| fs::read(&p).unwrap());
                out.push((p, len, bytes));
            }
        }
    }
    out.sort();
    out
}

/// Where a refusal must point.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Place {
    /// `FILE:LINE:COLUMN: why`
    At(usize, usize),
    /// `FILE: why`: the file as a whole (too large, for instance).
    Whole,
}

/// The place a library-level store error names.
fn place_of(err: &store::StoreError) -> Place {
    match *err {
        store::StoreError::Unreadable { line, column, .. }
        | store::StoreError::TooNew { line, column, .. }
        | store::StoreError::UnknownRuleset { line, column, .. }
        | store::StoreError::Journal { line, column, .. } => Place::At(line, column),
        _ => Place::Whole,
    }
}

/// The one line a refusal prints: `slotmark: FILE:LINE:COLUMN: why` (or `FILE: why` for the
/// whole file). Returns the reason.
fn refused(o: &Outcome, args: &[&str], file: &Path, position: Place) -> String {
    assert_eq!(
        o.code,
        Some(1),
        "{args:?}: stdout {} stderr {}",
        o.stdout,
        o.stderr
    );
    let line = o.stderr.trim_end();
    assert_eq!(line.lines().count(), 1, "{args:?}: not one line: {line}");
    assert!(!line.contains("panicked"), "{args:?}: {line}");
    let prefix = match position {
        Place::At(l, c) => format!("slotmark: {}:{l}:{c}: ", file.display()),
        Place::Whole => format!("slotmark: {}: ", file.display()),
    };
    assert!(
        line.starts_with(&prefix),
        "{args:?}: expected {prefix:?}..., got {line}"
    );
    targets::assert_plain(&line["slotmark: ".len()..], Some(file));
    line[prefix.len()..].to_string()
}

/// Every subcommand that reads a session file, on `file`; each refuses with the same line and
/// leaves the folder exactly as it was.
fn every_reader_refuses(b: &Bench, file: &Path, position: Place) -> String {
    let f = file.to_str().unwrap();
    let out = b.path("out.ron");
    let script = b.path("one.txt");
    fs::write(&script, "note one more\n").unwrap();
    let before = snapshot(b.dir.path());
    let commands: Vec<Vec<&str>> = vec![
        vec!["show", f],
        vec!["show", f, "--character", "aldo"],
        vec!["replay", f],
        vec!["replay", "--verify", f],
        vec!["export", f, "--markdown"],
        vec!["open", f],
        vec!["run", script.to_str().unwrap(), "--session", f],
        vec![
            "run",
            script.to_str().unwrap(),
            "--session",
            f,
            "--out",
            out.to_str().unwrap(),
        ],
    ];
    let mut reasons = Vec::new();
    for args in &commands {
        let o = b.run(args);
        reasons.push(refused(&o, args, file, position));
        assert_eq!(snapshot(b.dir.path()), before, "{args:?} changed a file");
    }
    reasons.dedup();
    assert_eq!(reasons.len(), 1, "the readers disagree: {reasons:#?}");
    // The library says the same as the command line.
    let err = store::load(file).map(|_| ()).unwrap_err();
    assert_eq!(place_of(&err), position, "{err}");
    assert!(err.to_string().ends_with(&reasons[0]), "{err}");
    reasons.remove(0)
}

/// Makes a named pipe at `path`.
#[cfg(unix)]
fn mkfifo(path: &Path) {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path and a plain mode; mkfifo touches nothing else.
    let r = unsafe { libc::mkfifo(c.as_ptr(), 0o644) };
    assert_eq!(r, 0, "mkfifo {}", path.display());
}

#[cfg(unix)]
#[test]
fn a_named_pipe_as_the_session_file_is_refused_at_once_by_every_reader() {
    let b = Bench::new();
    let pipe = b.path("s.ron");
    mkfifo(&pipe);
    let reason = every_reader_refuses(&b, &pipe, Place::Whole);
    assert!(reason.contains("named pipe"), "{reason}");
}

#[cfg(unix)]
#[test]
fn a_device_or_a_folder_as_the_session_file_is_refused_naming_what_it_is() {
    let b = Bench::new();
    let o = b.run(&["show", "/dev/null"]);
    assert_eq!(o.code, Some(1));
    assert!(
        o.stderr.contains("/dev/null: this is a device"),
        "{}",
        o.stderr
    );
    let dir = b.path("folder.ron");
    fs::create_dir(&dir).unwrap();
    let reason = every_reader_refuses(&b, &dir, Place::Whole);
    assert!(reason.contains("a folder"), "{reason}");
}

#[cfg(unix)]
#[test]
fn a_named_pipe_as_the_journal_the_library_or_the_script_is_refused_at_once() {
    let b = Bench::new();
    let (file, _) = good_file(&b);
    let journal = store::journal_path(&file);
    let _ = fs::remove_file(&journal);
    mkfifo(&journal);
    let f = file.to_str().unwrap();
    for args in [
        vec!["show", f],
        vec!["open", f],
        vec!["export", f, "--markdown"],
    ] {
        let o = b.run(&args);
        assert_eq!(o.code, Some(1), "{args:?}: {}", o.stderr);
        assert!(o.stderr.contains("named pipe"), "{args:?}: {}", o.stderr);
    }
    fs::remove_file(&journal).unwrap();

    let script = b.path("script.txt");
    mkfifo(&script);
    let o = b.run(&["run", script.to_str().unwrap()]);
    assert_eq!(o.code, Some(1), "{}", o.stderr);
    assert!(o.stderr.contains("named pipe"), "{}", o.stderr);

    mkfifo(&b.library());
    fs::write(b.path("note.txt"), "note hello\n").unwrap();
    let o = b.run(&["run", b.path("note.txt").to_str().unwrap()]);
    assert_eq!(o.code, Some(1), "{}", o.stderr);
    assert!(o.stderr.contains("named pipe"), "{}", o.stderr);
}

/// A good session file to spoil: a few characters and a short log.
fn good_file(b: &Bench) -> (PathBuf, String) {
    let path = b.path("saves/party.ron");
    let script = b.path("party.txt");
    fs::write(
        &script,
        "add Aldo kit fighter\nadd Brin kit scout\ncreature goblin\nmark aldo 2 B\n\
         wound brin 3 open\nnote the goblin ran\nfatigue aldo 4\n",
    )
    .unwrap();
    let o = b.run(&[
        "run",
        script.to_str().unwrap(),
        "--out",
        path.to_str().unwrap(),
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let _ = fs::remove_file(journal_path(&path));
    let text = fs::read_to_string(&path).unwrap();
    (path, text)
}

/// The 1-based line and column of the first `needle` in `text`.
fn position_of(text: &str, needle: &str) -> (usize, usize) {
    let at = text.find(needle).unwrap();
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap().chars().count() + 1;
    (line, column)
}

#[test]
fn a_garbled_session_file_is_refused_by_every_subcommand_at_its_place() {
    let b = Bench::new();
    let (path, text) = good_file(&b);
    let garbled = text.replacen("cursor: 7,", "cursor: 7,\n    oops: [1, 2,, 3],", 1);
    fs::write(&path, &garbled).unwrap();
    let (line, _) = position_of(&garbled, "oops");
    let column = garbled.lines().nth(line - 1).unwrap().find(",,").unwrap() + 2;
    every_reader_refuses(&b, &path, Place::At(line, column));
}

#[test]
fn a_truncated_session_file_says_it_was_cut_off() {
    let b = Bench::new();
    let (path, text) = good_file(&b);
    // Cut after a whole line, inside the log: the file stops with brackets still open, and the
    // parser says so just past the last thing it read.
    let cut = &text[..text.find("    log: [").unwrap() + "    log: [\n".len()];
    fs::write(&path, cut).unwrap();
    let end = Place::At(cut.lines().count(), "    log: [".len() + 1);
    let reason = every_reader_refuses(&b, &path, end);
    assert!(reason.contains("ends too early"), "{reason}");
}

#[test]
fn an_empty_session_file_says_it_is_empty() {
    let b = Bench::new();
    let path = b.path("saves/empty.ron");
    fs::write(&path, "").unwrap();
    let reason = every_reader_refuses(&b, &path, Place::At(1, 1));
    assert!(reason.contains("empty"), "{reason}");
}

#[test]
fn a_100_mb_session_file_is_refused_unread() {
    let b = Bench::new();
    let path = b.path("saves/huge.ron");
    fs::File::create(&path).unwrap().set_len(100 << 20).unwrap();
    let reason = every_reader_refuses(&b, &path, Place::Whole);
    assert!(reason.contains("100 MB"), "{reason}");
    // A 100 MB journal beside a good file is refused the same way.
    let (good, _) = good_file(&b);
    fs::File::create(journal_path(&good))
        .unwrap()
        .set_len(100 << 20)
        .unwrap();
    let o = b.run(&["show", good.to_str().unwrap()]);
    let reason = refused(&o, &["show"], &journal_path(&good), Place::Whole);
    assert!(reason.contains("100 MB"), "{reason}");
}

#[test]
fn a_deeply_nested_session_file_is_refused_without_overflowing() {
    let b = Bench::new();
    let path = b.path("saves/deep.ron");
    // Well formed, every bracket closed, but far deeper than any session.
    let n = 200_000;
    let text = format!(
        "(format_version: 1, notes_from_later: {}{})\n",
        "[".repeat(n),
        "]".repeat(n)
    );
    fs::write(&path, &text).unwrap();
    // The parser gives up a fixed depth in, well before the stack could run out.
    let reason = every_reader_refuses(&b, &path, Place::At(1, 102));
    assert!(reason.contains("nests"), "{reason}");
}

#[test]
fn a_session_file_from_a_newer_slotmark_says_so_and_what_to_do() {
    let b = Bench::new();
    let (path, text) = good_file(&b);
    let newer = text
        .replacen(
            &format!("slotmark_version: \"{}\"", env!("CARGO_PKG_VERSION")),
            "slotmark_version: \"3.1.0\"",
            1,
        )
        .replacen("format_version: 1,", "format_version: 4,", 1);
    fs::write(&path, &newer).unwrap();
    // The place is the end of the version's line, where the parser stopped reading.
    let (l, _) = position_of(&newer, "format_version");
    let end = newer.lines().nth(l - 1).unwrap().chars().count() + 1;
    let reason = every_reader_refuses(&b, &path, Place::At(l, end));
    assert!(
        reason.contains("written by a newer slotmark (format 4;")
            && reason.contains("reads session files up to format 1")
            && reason.contains("the slotmark that wrote it (3.1.0), or update slotmark"),
        "{reason}"
    );
    // Without the version that wrote it, the message still says a newer slotmark wrote it, and
    // which one this is.
    let anonymous = text
        .replacen(
            &format!("    slotmark_version: \"{}\",\n", env!("CARGO_PKG_VERSION")),
            "",
            1,
        )
        .replacen("format_version: 1,", "format_version: 4,", 1);
    fs::write(&path, &anonymous).unwrap();
    let (l, _) = position_of(&anonymous, "format_version");
    let end = anonymous.lines().nth(l - 1).unwrap().chars().count() + 1;
    let reason = every_reader_refuses(&b, &path, Place::At(l, end));
    assert!(
        reason.contains("written by a newer slotmark (format 4;")
            && reason.contains(&format!(
                "this one, slotmark {},",
                env!("CARGO_PKG_VERSION")
            ))
            && reason.contains("open it with the slotmark that wrote it, or update slotmark")
            && !reason.contains("or later"),
        "{reason}"
    );
    // Written by this very version (a build making a newer format): never "needs slotmark
    // 0.1.0 or later (this is slotmark 0.1.0)".
    let same = text.replacen("format_version: 1,", "format_version: 99,", 1);
    fs::write(&path, &same).unwrap();
    let (l, _) = position_of(&same, "format_version");
    let end = same.lines().nth(l - 1).unwrap().chars().count() + 1;
    let reason = every_reader_refuses(&b, &path, Place::At(l, end));
    assert!(
        reason.starts_with("this session file was written by a newer slotmark (format 99;")
            && !reason.contains("or later"),
        "{reason}"
    );
}

#[test]
fn a_session_file_for_an_unknown_ruleset_names_it() {
    let b = Bench::new();
    let (path, text) = good_file(&b);
    let other = text.replacen("ruleset: Slots,", "ruleset: Starships,", 1);
    fs::write(&path, &other).unwrap();
    let (l, _) = position_of(&other, "Starships");
    let end = other.lines().nth(l - 1).unwrap().chars().count() + 1;
    let reason = every_reader_refuses(&b, &path, Place::At(l, end));
    assert!(
        reason.contains("`Starships`") && reason.contains("Slots"),
        "{reason}"
    );
}

#[test]
fn a_session_file_that_is_not_text_names_where_the_text_stops() {
    let b = Bench::new();
    let (path, text) = good_file(&b);
    let mut bytes = text.as_bytes()[..200].to_vec();
    bytes.extend_from_slice(b"\xff\xfe garbage");
    fs::write(&path, &bytes).unwrap();
    let (l, c) = {
        let t = &text[..200];
        (
            t.matches('\n').count() + 1,
            t.rsplit('\n').next().unwrap().chars().count() + 1,
        )
    };
    let reason = every_reader_refuses(&b, &path, Place::At(l, c));
    assert!(reason.contains("not text"), "{reason}");
}

#[test]
fn a_garbled_journal_is_refused_by_every_subcommand_naming_its_line() {
    let b = Bench::new();
    let (path, _) = good_file(&b);
    let jpath = journal_path(&path);
    fs::write(
        &jpath,
        "(format_version:1,generation:1)\nApply((command:Note(\"fine\")))\nApply((command:Nope))\n",
    )
    .unwrap();
    let f = path.to_str().unwrap();
    let before = snapshot(b.dir.path());
    for args in [
        vec!["show", f],
        vec!["replay", f],
        vec!["replay", "--verify", f],
        vec!["export", f, "--markdown"],
        vec!["open", f],
    ] {
        let o = b.run(&args);
        let reason = refused(&o, &args, &jpath, Place::At(3, 16));
        assert!(reason.contains("journal line"), "{reason}");
        assert_eq!(snapshot(b.dir.path()), before, "{args:?} changed a file");
    }
}

#[test]
fn a_journal_cut_inside_a_character_keeps_every_complete_step_for_every_reader() {
    // slotmark stopped while writing a note with an accent: the last line ends in half a
    // character. That step was never acknowledged; every reader drops it the same way and keeps
    // the ones before it.
    let b = Bench::new();
    let (path, _) = good_file(&b);
    let jpath = journal_path(&path);
    let mut journal =
        b"(format_version:1,generation:1)\nApply((command:Note(\"caf\xc3\xa9 kept\")))\n".to_vec();
    journal.extend_from_slice(b"Apply((command:Note(\"caf\xc3");
    fs::write(&jpath, &journal).unwrap();
    let f = path.to_str().unwrap();
    for args in [
        vec!["show", f],
        vec!["replay", f],
        vec!["replay", "--verify", f],
    ] {
        let o = b.run(&args);
        assert_eq!(o.code, Some(0), "{args:?}: {}", o.stderr);
    }
    let o = b.run(&["show", f]);
    assert!(o.stdout.contains("café kept"), "{}", o.stdout);
    assert_eq!(
        fs::read(&jpath).unwrap(),
        journal,
        "reading changed the journal"
    );
    let (loaded, warnings) = store::load_with_warnings(&path).unwrap();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    let opened = Store::open(&path).unwrap();
    assert_eq!(opened.session.state(), loaded.state());
    assert_eq!(opened.warnings, warnings);
    // A complete line that is not text is a damaged journal, named with its place.
    drop(opened);
    fs::write(
        &jpath,
        b"(format_version:1,generation:2)\nApply((command:Note(\"\xff\")))\n",
    )
    .unwrap();
    let o = b.run(&["show", f]);
    refused(&o, &["show"], &jpath, Place::At(2, 22));
    assert!(matches!(
        Store::open(&path),
        Err(store::StoreError::Unreadable { line: 2, .. })
    ));
}

#[test]
fn a_journal_step_with_a_face_its_die_cannot_show_is_refused_untouched() {
    // Found by the journal twin: open used to apply such a step and fold it into the file, which
    // then no longer read at all.
    let b = Bench::new();
    let (path, _) = good_file(&b);
    let jpath = journal_path(&path);
    let mut session = store::load(&path).unwrap();
    let line = |session: &mut Session, text: &str| {
        let parsed = slotmark::script::parse_line(text, session.state()).unwrap();
        let slotmark::script::Line::Command(c) = parsed else {
            unreachable!()
        };
        session
            .execute(c, &mut slotmark::dice::ScriptedDice::new([4]))
            .unwrap()
            .to_logged()
    };
    let entry = line(&mut session, "check aldo");
    let record = ron::to_string(&JournalRecord::Apply(entry)).unwrap();
    assert!(record.contains("face:4"), "{record}");
    let journal = format!(
        "(format_version:1,generation:1)\n{}\n",
        record.replacen("face:4", "face:256", 1)
    );
    fs::write(&jpath, &journal).unwrap();
    let f = path.to_str().unwrap();
    let before = snapshot(b.dir.path());
    for args in [
        vec!["show", f],
        vec!["open", f],
        vec!["replay", "--verify", f],
    ] {
        let o = b.run(&args);
        let reason = refused(&o, &args, &jpath, Place::At(2, 1));
        assert!(reason.contains("cannot show 256"), "{reason}");
        assert_eq!(snapshot(b.dir.path()), before, "{args:?} changed a file");
    }
    assert!(Store::open(&path).is_err());
    assert_eq!(snapshot(b.dir.path()), before);
}

// ---------------------------------------------------------------------------------------------
// The judge's own library file

/// Every subcommand that reads the library refuses to start with `library.ron` broken, naming
/// it (and the place, when given); the file and the saves folder stay as they were. Returns the
/// reason.
fn library_refused(b: &Bench, position: Place) -> String {
    let script = b.path("one.txt");
    fs::write(&script, "note one more\n").unwrap();
    let session = b.path("saves/s.ron");
    if !session.exists() {
        let o = Command::new(env!("CARGO_BIN_EXE_slotmark"))
            .args(["run", script.to_str().unwrap(), "--out"])
            .arg(&session)
            .env("XDG_CONFIG_HOME", b.path("nowhere"))
            .output()
            .unwrap();
        assert!(o.status.success());
        let _ = fs::remove_file(journal_path(&session));
    }
    let before = snapshot(b.dir.path());
    let lib = b.library();
    let mut reasons = Vec::new();
    for args in [
        vec!["run", script.to_str().unwrap()],
        vec!["help", "library"],
        vec!["open", session.to_str().unwrap()],
        vec!["new", "Friday"],
        vec![],
    ] {
        let o = b.run(&args);
        reasons.push(refused(&o, &args, &lib, position));
        assert_eq!(snapshot(b.dir.path()), before, "{args:?} changed a file");
    }
    // What needs no library is not stopped by it.
    let o = b.run(&["show", session.to_str().unwrap()]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    reasons.dedup();
    assert_eq!(reasons.len(), 1, "{reasons:#?}");
    reasons.remove(0)
}

#[test]
fn a_garbled_library_file_is_named_with_its_place() {
    let b = Bench::new();
    fs::write(
        b.library(),
        "(\n  items: [\n    (name: \"Lute\", props: [Noisy]),\n    (name: \"Drum\" props: []),\n  ],\n)\n",
    )
    .unwrap();
    library_refused(&b, Place::At(4, 19));
}

#[test]
fn a_truncated_library_file_says_it_was_cut_off() {
    let b = Bench::new();
    fs::write(
        b.library(),
        "(\n  items: [\n    (name: \"Lute\", props: [Noisy]),\n",
    )
    .unwrap();
    let reason = library_refused(&b, Place::At(3, 36));
    assert!(reason.contains("ends too early"), "{reason}");
}

#[test]
fn an_empty_library_file_says_it_is_empty() {
    let b = Bench::new();
    fs::write(b.library(), "  \n").unwrap();
    let reason = library_refused(&b, Place::At(1, 1));
    assert!(reason.contains("empty"), "{reason}");
}

#[test]
fn a_100_mb_library_file_is_refused_unread() {
    let b = Bench::new();
    fs::File::create(b.library())
        .unwrap()
        .set_len(100 << 20)
        .unwrap();
    let reason = library_refused(&b, Place::Whole);
    assert!(reason.contains("100 MB"), "{reason}");
}

#[test]
fn a_deeply_nested_library_file_is_refused_without_overflowing() {
    let b = Bench::new();
    fs::write(b.library(), format!("(items: [{}", "(".repeat(100_000))).unwrap();
    // A library has no field that takes any value, so the parser stops at the second bracket.
    library_refused(&b, Place::At(1, 11));
}

#[test]
fn a_library_file_with_a_version_or_a_ruleset_names_the_field() {
    // The library has no version or ruleset of its own: a field for either (from a newer
    // slotmark, or a mix-up with a session file) is named as one this slotmark does not know.
    let b = Bench::new();
    let (_, session) = good_file(&b);
    fs::write(b.library(), "(\n  format_version: 2,\n  items: [],\n)\n").unwrap();
    let reason = library_refused(&b, Place::At(2, 3));
    assert!(reason.contains("format_version"), "{reason}");
    fs::write(b.library(), "(ruleset: Starships, items: [])").unwrap();
    let reason = library_refused(&b, Place::At(1, 2));
    assert!(reason.contains("ruleset"), "{reason}");
    // A session file put where the library goes is refused at its first field (line 4, after
    // the two comment lines and the opening bracket).
    fs::write(b.library(), session).unwrap();
    library_refused(&b, Place::At(4, 5));
}

#[test]
fn a_library_file_that_is_not_text_names_where_the_text_stops() {
    let b = Bench::new();
    fs::write(b.library(), b"(items: [\n  (name: \"Lute\xff\")])").unwrap();
    let reason = library_refused(&b, Place::At(2, 15));
    assert!(reason.contains("not text"), "{reason}");
}

#[test]
fn the_library_api_names_the_file_and_never_changes_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("library.ron");
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("empty", Vec::new()),
        ("garbled", b"(items: [(name: \"a\",, )])".to_vec()),
        ("truncated", b"(items: [(name: \"a\"".to_vec()),
        ("not text", b"(items: [(name: \"\xc3\x28\")])".to_vec()),
        (
            "nested",
            format!("(items: {}", "[".repeat(50_000)).into_bytes(),
        ),
        ("wrong version", b"(format_version: 9)".to_vec()),
        ("unknown ruleset", b"(ruleset: Chess)".to_vec()),
        (
            "bad entry",
            b"(items: [(name: \"Sword\", weapon: Some((size: Medium, kind: Melee)))])".to_vec(),
        ),
        (
            "bad entry: a line break in a name",
            b"(items: [(name: \"Lute\\nDrum\")])".to_vec(),
        ),
    ];
    for (what, bytes) in cases {
        fs::write(&path, &bytes).unwrap();
        let err = content::load(Some(&path)).expect_err(what);
        let message = err.to_string();
        targets::assert_plain(&message, Some(&path));
        if !what.starts_with("bad entry") {
            assert!(
                matches!(err, ContentError::Syntax { line, column, .. } if line >= 1 && column >= 1),
                "{what}: {err:?}"
            );
        }
        assert_eq!(fs::read(&path).unwrap(), bytes, "{what}: the file changed");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1, "{what}");
    }
}

// ---------------------------------------------------------------------------------------------
// The fuzz targets' twins

/// A valid session file text to mutate: the demo, or a session with wounds, marks and fire;
/// ruleset phase's demo, or that demo with a fight under way; a bdp table after a fight and a
/// night.
fn session_texts() -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let mut texts = Vec::new();
    let mut busy = slotmark::script::demo();
    for line in [
        "mark aria 2 B",
        "wound bram 3 open",
        "ignite cole 2",
        "check dessa terrain adv",
        "accept",
        "fight players all",
        "turn aria",
        "end",
        "note the wolf howls",
        "undo",
    ] {
        targets::palette_line(&mut busy, line, 9);
    }
    let phase = slotmark::script::demo_for(slotmark::rules::RulesetId::Phase);
    let mut fought = phase.clone();
    for line in [
        "fight",
        "next",
        "next",
        "next",
        "attack Cora \"Goblin 1\"",
        "accept",
        "accept",
        "harm Bram 6",
        "accept",
        "note the wolf howls",
        "undo",
    ] {
        targets::palette_line(&mut fought, line, 5);
    }
    let mut bdp = targets::bdp_table().clone();
    for line in [
        "fight",
        "block Ana",
        "damage Ana 2d6 hp Sword",
        "accept",
        "next",
        "task Bo auto dex climb the wall",
        "accept",
        "end",
        "night",
    ] {
        targets::palette_line(&mut bdp, line, 7);
    }
    for (i, session) in [slotmark::script::demo(), busy, phase, fought, bdp]
        .iter()
        .enumerate()
    {
        let path = dir.path().join(format!("{i}.ron"));
        drop(Store::create(&path, session).unwrap());
        texts.push(fs::read_to_string(&path).unwrap());
    }
    texts.push(include_str!("../saves/example.ron").to_string());
    texts
}

/// Byte ranges in a text.
type Spans = Vec<(usize, usize)>;

/// Spans of numbers and of names in a text, where mutations bite.
fn spans(text: &str) -> (Spans, Spans) {
    let b = text.as_bytes();
    let (mut numbers, mut names) = (Vec::new(), Vec::new());
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let s = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            numbers.push((s, i));
        } else if b[i].is_ascii_alphabetic() || b[i] == b'_' {
            let s = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            names.push((s, i));
        } else {
            i += 1;
        }
    }
    (numbers, names)
}

const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "7",
    "11",
    "12",
    "13",
    "99",
    "255",
    "256",
    "65535",
    "65536",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "-1",
    "1e9",
];

#[derive(Debug, Clone)]
enum Mutation {
    Number(usize, usize),
    Name(usize, usize),
    DeleteLine(usize),
    DuplicateLine(usize),
    SwapLines(usize, usize),
    Byte(usize, u8),
    Cut(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        4 => (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::Number(a, b)),
        4 => (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::Name(a, b)),
        2 => any::<usize>().prop_map(Mutation::DeleteLine),
        2 => any::<usize>().prop_map(Mutation::DuplicateLine),
        1 => (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        1 => (any::<usize>(), any::<u8>()).prop_map(|(a, b)| Mutation::Byte(a, b)),
        1 => any::<usize>().prop_map(Mutation::Cut),
    ]
}

fn mutate(text: &str, m: &Mutation) -> Vec<u8> {
    let (numbers, names) = spans(text);
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let splice = |(s, e): (usize, usize), with: &str| {
        let mut out = text[..s].to_string();
        out.push_str(with);
        out.push_str(&text[e..]);
        out.into_bytes()
    };
    match *m {
        Mutation::Number(at, with) if !numbers.is_empty() => {
            splice(numbers[at % numbers.len()], NUMBERS[with % NUMBERS.len()])
        }
        Mutation::Name(at, with) if !names.is_empty() => {
            let (s, e) = names[with % names.len()];
            splice(names[at % names.len()], &text[s..e])
        }
        Mutation::DeleteLine(at) => {
            let at = at % lines.len();
            lines
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != at)
                .map(|(_, l)| *l)
                .collect::<String>()
                .into_bytes()
        }
        Mutation::DuplicateLine(at) => {
            let at = at % lines.len();
            let mut out = String::new();
            for (i, l) in lines.iter().enumerate() {
                out.push_str(l);
                if i == at {
                    out.push_str(l);
                }
            }
            out.into_bytes()
        }
        Mutation::SwapLines(a, b) => {
            let mut l = lines.clone();
            let n = l.len();
            l.swap(a % n, b % n);
            l.concat().into_bytes()
        }
        Mutation::Byte(at, byte) => {
            let mut out = text.as_bytes().to_vec();
            let n = out.len();
            out[at % n] = byte;
            out
        }
        Mutation::Cut(at) => text.as_bytes()[..at % text.len()].to_vec(),
        _ => text.as_bytes().to_vec(),
    }
}

/// Text a judge might type into the palette: a verb's example with words swapped, dropped and
/// added from a pool of names, numbers, keywords and troublemakers.
fn palette_text() -> impl Strategy<Value = String> {
    const POOL: &[&str] = &[
        "Aria",
        "bram",
        "cole",
        "Dessa",
        "goblin1",
        "goblin2",
        "goblin3",
        "wolf",
        "nobody",
        "\"Mill floor\"",
        "loft",
        "cellar",
        "millpond",
        "0",
        "1",
        "2",
        "3",
        "4",
        "6",
        "8",
        "11",
        "12",
        "13",
        "255",
        "256",
        "70000",
        "-1",
        "adv",
        "dis",
        "terrain",
        "stealth",
        "corruption",
        "open",
        "treated",
        "with",
        "slots",
        "B",
        "C",
        "E",
        "F",
        "H",
        "fed",
        "sound",
        "light",
        "surprise",
        "players",
        "opponents",
        "pass",
        "fail",
        "yes",
        "no",
        "quiet",
        "melee",
        "grab",
        "missile",
        "blast",
        "parry",
        "evade",
        "aimed",
        "counter",
        "dual",
        "shield",
        "sword",
        "torch",
        "kit",
        "fighter",
        "\"",
        "'",
        "#",
        "\\",
        "é",
        "\u{202e}",
        "😀",
        "\t",
        "",
        "\"unclosed",
        "a\"b",
        "accept",
        "undo",
        "redo",
        "cancel",
        "21:30",
        "25:99",
        "1e3",
    ];
    edited_examples(slotmark::rules::RulesetId::Slots, POOL)
}

/// Text a judge might type into a phase session's palette: its verbs' examples and lines that
/// name its demo's characters, the price list and the bestiary, with words swapped, dropped
/// and added from a pool of its names, numbers, keywords and troublemakers.
fn phase_palette_text() -> impl Strategy<Value = String> {
    const POOL: &[&str] = &[
        "Ana",
        "bram",
        "Cora",
        "hob",
        "\"Goblin 1\"",
        "goblin2",
        "grol",
        "fang",
        "nobody",
        "goblin",
        "\"goblin chief\"",
        "wolf",
        "dragon",
        "sword",
        "halberd",
        "\"mail shirt\"",
        "\"hunting bow\"",
        "\"week of food\"",
        "mule",
        "shield",
        "for",
        "with",
        "to",
        "on",
        "0",
        "1",
        "2",
        "3",
        "6",
        "9",
        "12",
        "20",
        "99",
        "255",
        "256",
        "-1",
        "+3",
        "d6",
        "d7",
        "str",
        "dex",
        "wil",
        "adv",
        "dis",
        "pass",
        "fail",
        "early",
        "late",
        "none",
        "light",
        "heavy",
        "hand",
        "bow",
        "thrown",
        "unarmed",
        "maneuver",
        "disarm",
        "food",
        "ration",
        "delve",
        "treasure",
        "sleep",
        "fireball",
        "scroll",
        "level",
        "enhanced",
        "danger",
        "move",
        "search",
        "door",
        "force",
        "listen",
        "travel",
        "camp",
        "march",
        "short",
        "long",
        "full",
        "surprised",
        "enemies",
        "party",
        "group",
        "leader",
        "dead",
        "critical",
        "accept",
        "next",
        "undo",
        "\"",
        "#",
        "é",
        "\u{202e}",
        "😀",
        "",
        "\"unclosed",
    ];
    edited_examples(slotmark::rules::RulesetId::Phase, POOL)
}

/// Text a judge might type into an ap session's palette: its verbs' examples with words swapped,
/// dropped and added from a pool of its demo's names, its options, numbers and troublemakers.
fn ap_palette_text() -> impl Strategy<Value = String> {
    const POOL: &[&str] = &[
        "Ana",
        "bo",
        "Pip",
        "Gnash",
        "skab",
        "rikk",
        "Rats",
        "nobody",
        "ogre",
        "\"goblin boss\"",
        "dragon",
        "sword",
        "shield",
        "lantern",
        "rope",
        "\"great axe\"",
        "vs",
        "with",
        "using",
        "helpless",
        "dc",
        "hidden",
        "adv",
        "dis",
        "impaired",
        "enhanced",
        "ap",
        "secs",
        "two",
        "blast",
        "unarmed",
        "damage",
        "for",
        "until",
        "attack",
        "defence",
        "slot",
        "dust",
        "free",
        "scroll",
        "str",
        "dex",
        "wil",
        "hp",
        "0",
        "1",
        "2",
        "4",
        "9",
        "20",
        "99",
        "255",
        "256",
        "-1",
        "+3",
        "-128",
        "d6",
        "d0",
        "d101",
        "pass",
        "fail",
        "on",
        "off",
        "dead",
        "stabilized",
        "deprived",
        "short",
        "night",
        "week",
        "minutes",
        "hours",
        "days",
        "surprised",
        "accept",
        "next",
        "undo",
        "\"",
        "#",
        "é",
        "\u{202e}",
        "😀",
        "",
        "\"unclosed",
    ];
    edited_examples(slotmark::rules::RulesetId::Ap, POOL)
}

/// A line of ruleset actiondie: one of its verbs' examples with up to four words of its own
/// (names from the demo, dice, rungs, actions, statuses) put in, swapped or cut.
fn actiondie_palette_text() -> impl Strategy<Value = String> {
    const POOL: &[&str] = &[
        "Ana",
        "bram",
        "Cora",
        "grak",
        "Snag",
        "grub",
        "nobody",
        "Troll",
        "goblin",
        "Sword",
        "\"Sling stones\"",
        "0",
        "1",
        "2",
        "3",
        "9",
        "20",
        "99",
        "255",
        "256",
        "-1",
        "+3",
        "d6",
        "d7",
        "2d6",
        "5d12",
        "6d12",
        "str",
        "dex",
        "awr",
        "wil",
        "adv",
        "dis",
        "needs",
        "sight",
        "vs",
        "for",
        "against",
        "attack",
        "unarmed",
        "defend",
        "help",
        "run",
        "other",
        "technique",
        "bleeding",
        "prone",
        "unconscious",
        "fire",
        "lightning",
        "nocrit",
        "full",
        "siesta",
        "interrupted",
        "on",
        "off",
        "accept",
        "next",
        "initiative",
        "undo",
        "\"",
        "#",
        "é",
        "\u{202e}",
        "😀",
        "",
        "\"unclosed",
    ];
    edited_examples(slotmark::rules::RulesetId::ActionDie, POOL)
}

/// A verb's example from `ruleset`'s table with up to four edits from `pool`.
fn edited_examples(
    ruleset: slotmark::rules::RulesetId,
    pool: &'static [&'static str],
) -> impl Strategy<Value = String> {
    let example = proptest::sample::select(
        slotmark::script::verbs(ruleset)
            .iter()
            .map(|v| v.example)
            .collect::<Vec<_>>(),
    );
    let word = proptest::sample::select(pool.to_vec());
    (
        example,
        vec(
            (
                any::<usize>(),
                prop_oneof![Just(0u8), Just(1), Just(2)],
                word,
            ),
            0..4,
        ),
    )
        .prop_map(|(example, edits)| {
            let mut words: Vec<String> = example.split(' ').map(str::to_string).collect();
            for (at, kind, w) in edits {
                let n = words.len().max(1);
                match kind {
                    0 if !words.is_empty() => words[at % n] = w.to_string(),
                    1 if words.len() > 1 => {
                        words.remove(at % n);
                    }
                    _ => words.insert(at % (n + 1), w.to_string()),
                }
            }
            words.join(" ")
        })
}

/// Valid journal lines from a short game on the demo, in order; undo and redo among them.
fn journal_pool() -> Vec<String> {
    let mut session = slotmark::script::demo();
    let mut lines = Vec::new();
    for line in [
        "note first",
        "mark aria 2 B",
        "wound bram 3 open",
        "treat bram 3",
        "undo",
        "redo",
        "fatigue cole 4",
        "check dessa",
        "accept",
        "title Friday",
        "undo",
        "note last",
    ] {
        let record = match slotmark::script::parse_line(line, session.state()).unwrap() {
            slotmark::script::Line::Command(c) => JournalRecord::Apply(
                session
                    .execute(c, &mut slotmark::dice::LiveDice::seeded(4))
                    .unwrap()
                    .to_logged(),
            ),
            slotmark::script::Line::Undo => {
                session.undo().unwrap();
                JournalRecord::Undo
            }
            slotmark::script::Line::Redo => {
                session.redo().unwrap();
                JournalRecord::Redo
            }
            slotmark::script::Line::Nothing | slotmark::script::Line::SaveAs(_) => unreachable!(),
        };
        lines.push(ron::to_string(&record).unwrap());
    }
    lines
}

fn journal_text() -> impl Strategy<Value = Vec<u8>> {
    let pool = journal_pool();
    let n = pool.len();
    (
        prop_oneof![
            6 => Just("(format_version:1,generation:1)".to_string()),
            1 => Just("(format_version:1,generation:0)".to_string()),
            1 => Just("(format_version:1,generation:2)".to_string()),
            1 => Just("(format_version:7,generation:1)".to_string()),
            1 => Just("(generation:1)".to_string()),
        ],
        vec(
            prop_oneof![
                8 => (0..n).prop_map(Some),
                1 => Just(None),
            ],
            0..n + 3,
        ),
        proptest::option::of(any::<usize>()),
        proptest::option::of((any::<usize>(), any::<usize>())),
    )
        .prop_map(move |(header, picks, cut, number)| {
            let mut text = header + "\n";
            for p in picks {
                match p {
                    Some(i) => text.push_str(&pool[i]),
                    None => text.push_str("Undo"),
                }
                text.push('\n');
            }
            if let Some((at, with)) = number {
                text = String::from_utf8(mutate(&text, &Mutation::Number(at, with))).unwrap();
            }
            let mut bytes = text.into_bytes();
            if let Some(cut) = cut {
                bytes.truncate(cut % (bytes.len() + 1));
            }
            bytes
        })
}

/// `cases` per property from a fixed seed in CI, so a run is the same on every machine and every
/// time; `PROPTEST_CASES=N` (with `PROPTEST_RNG_SEED` if wanted) runs a longer, random hunt.
fn config(cases: u32) -> ProptestConfig {
    let mut config = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = cases;
        if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
            config.rng_seed = proptest::test_runner::RngSeed::Fixed(0x5107_4a2c);
        }
    }
    config
}

proptest! {
    #![proptest_config(config(192))]

    #[test]
    fn arbitrary_bytes_as_a_session_file_never_panic(data in vec(any::<u8>(), 0..600)) {
        targets::session_file(&data);
    }

    #[test]
    fn arbitrary_text_as_a_session_file_never_panics(text in "\\PC{0,300}") {
        targets::session_file(text.as_bytes());
    }

    #[test]
    fn arbitrary_bytes_as_a_journal_never_panic(data in vec(any::<u8>(), 0..400)) {
        targets::journal(&data);
    }

    #[test]
    fn journals_made_of_real_steps_recover_or_refuse_plainly(data in journal_text()) {
        targets::journal(&data);
    }

    #[test]
    fn arbitrary_text_as_a_palette_line_never_panics(text in "\\PC{0,80}") {
        targets::script_line(text.as_bytes());
    }

    #[test]
    fn arbitrary_bytes_as_a_palette_line_never_panic(data in vec(any::<u8>(), 0..80)) {
        targets::script_line(&data);
    }

    #[test]
    fn arbitrary_text_as_a_phase_palette_line_never_panics(text in "\\PC{0,80}") {
        targets::phase_script_line(text.as_bytes());
    }

    #[test]
    fn arbitrary_text_as_a_bdp_palette_line_never_panics(text in "\\PC{0,80}") {
        targets::bdp_script_line(text.as_bytes());
    }

    #[test]
    fn arbitrary_text_as_an_ap_palette_line_never_panics(text in "\\PC{0,80}") {
        targets::ap_script_line(text.as_bytes());
    }

    #[test]
    fn arbitrary_text_as_an_actiondie_palette_line_never_panics(text in "\\PC{0,80}") {
        targets::actiondie_script_line(text.as_bytes());
    }

    #[test]
    fn arbitrary_text_as_a_dice_expression_never_panics(text in "\\PC{0,40}") {
        targets::dice_expr(text.as_bytes());
    }

    #[test]
    fn dice_expressions_print_and_parse_back(
        text in "[0-9]{0,4}[dD][0-9]{0,5}([+-][0-9]{0,7})?( (adv|dis|ADV|advantage|disadvantage|x)){0,4} ?"
    ) {
        targets::dice_expr(text.as_bytes());
    }
}

proptest! {
    #![proptest_config(config(96))]

    #[test]
    fn mutated_session_files_load_fully_or_are_refused_untouched(
        which in 0usize..6,
        mutations in vec(mutation(), 1..4),
    ) {
        thread_local!(static TEXTS: Vec<String> = session_texts());
        let mut bytes = TEXTS.with(|t| t[which].clone()).into_bytes();
        for m in &mutations {
            let text = String::from_utf8_lossy(&bytes).into_owned();
            bytes = mutate(&text, m);
        }
        targets::session_file(&bytes);
    }

    /// Any palette line either applies fully or changes nothing, over a run of lines so that
    /// waiting rolls, questions, fights and undone steps are all met.
    #[test]
    fn a_palette_line_applies_fully_or_changes_nothing(
        lines in vec(palette_text(), 1..10),
        seed in any::<u64>(),
    ) {
        let mut session: Session = slotmark::script::demo();
        for (i, line) in lines.iter().enumerate() {
            targets::palette_line(&mut session, line, seed.wrapping_add(i as u64));
        }
    }

    /// The same in ruleset phase, on its demo: its verbs, the price list and the bestiary.
    #[test]
    fn a_phase_palette_line_applies_fully_or_changes_nothing(
        lines in vec(phase_palette_text(), 1..10),
        seed in any::<u64>(),
    ) {
        thread_local!(static DEMO: Session =
            slotmark::script::demo_for(slotmark::rules::RulesetId::Phase));
        let mut session = DEMO.with(Session::clone);
        for (i, line) in lines.iter().enumerate() {
            targets::palette_line(&mut session, line, seed.wrapping_add(i as u64));
        }
    }

    /// The same in ruleset ap, on its demo: its verbs, roll options, gear and bestiary.
    #[test]
    fn an_ap_palette_line_applies_fully_or_changes_nothing(
        lines in vec(ap_palette_text(), 1..10),
        seed in any::<u64>(),
    ) {
        thread_local!(static DEMO: Session =
            slotmark::script::demo_for(slotmark::rules::RulesetId::Ap));
        let mut session = DEMO.with(Session::clone);
        for (i, line) in lines.iter().enumerate() {
            targets::palette_line(&mut session, line, seed.wrapping_add(i as u64));
        }
    }
}

proptest! {
    #![proptest_config(config(96))]

    /// The same at a bdp table: its verbs, with its characters' names, slots and keywords.
    #[test]
    fn a_bdp_palette_line_applies_fully_or_changes_nothing(
        lines in vec(bdp_palette_text(), 1..10),
        seed in any::<u64>(),
    ) {
        let mut session = targets::bdp_table().clone();
        for (i, line) in lines.iter().enumerate() {
            targets::palette_line(&mut session, line, seed.wrapping_add(i as u64));
        }
    }
}

/// Text a judge might type into a bdp session's palette: its verbs' examples with words
/// swapped, dropped and added from a pool of the table's names, slots, keywords and
/// troublemakers.
fn bdp_palette_text() -> impl Strategy<Value = String> {
    const POOL: &[&str] = &[
        "Ana",
        "bo",
        "Ogre",
        "rat",
        "nobody",
        "0",
        "1",
        "3",
        "4",
        "5",
        "6",
        "10",
        "11",
        "20",
        "21",
        "255",
        "-1",
        "2d6",
        "d8",
        "0d6",
        "20d100",
        "str",
        "dex",
        "wil",
        "hp",
        "adv",
        "dis",
        "pass",
        "fail",
        "auto",
        "sure",
        "impossible",
        "tg-",
        "tgs",
        "rushed",
        "crit",
        "nocrit",
        "light",
        "severe",
        "permanent",
        "larm",
        "head",
        "block",
        "dodge",
        "gas",
        "fall",
        "cold",
        "swampsigh",
        "\"Healing Salve\"",
        "herb",
        "brew",
        "normal",
        "comfortable",
        "fancy",
        "fire",
        "pot",
        "on",
        "off",
        "accept",
        "next",
        "night",
        "undo",
        "\"",
        "#",
        "é",
        "\u{202e}",
        "😀",
        "",
        "\"unclosed",
    ];
    edited_examples(slotmark::rules::RulesetId::Bdp, POOL)
}

proptest! {
    #![proptest_config(config(96))]

    /// The same in ruleset actiondie, on its demo: its verbs, the gear list and the bestiary.
    #[test]
    fn an_actiondie_palette_line_applies_fully_or_changes_nothing(
        lines in vec(actiondie_palette_text(), 1..10),
        seed in any::<u64>(),
    ) {
        thread_local!(static DEMO: Session =
            slotmark::script::demo_for(slotmark::rules::RulesetId::ActionDie));
        let mut session = DEMO.with(Session::clone);
        for (i, line) in lines.iter().enumerate() {
            targets::palette_line(&mut session, line, seed.wrapping_add(i as u64));
        }
    }
}

/// The seed corpus in `fuzz/corpus/` is valid input for its targets: every file runs through
/// the body it seeds, so a corpus file that crashes is caught here first.
#[test]
fn the_fuzz_seed_corpus_runs_clean() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus");
    type Body = fn(&[u8]);
    let targets: [(&str, Body); 8] = [
        ("session_file", targets::session_file),
        ("journal", targets::journal),
        ("script_line", targets::script_line),
        ("phase_script_line", targets::phase_script_line),
        ("bdp_script_line", targets::bdp_script_line),
        ("ap_script_line", targets::ap_script_line),
        ("actiondie_script_line", targets::actiondie_script_line),
        ("dice_expr", targets::dice_expr),
    ];
    for (name, body) in targets {
        let dir = corpus.join(name);
        let mut n = 0;
        for e in fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let bytes = fs::read(e.unwrap().path()).unwrap();
            body(&bytes);
            n += 1;
        }
        assert!(n >= 4, "{name}: only {n} seeds");
    }
}

#[test]
fn opening_a_refused_file_leaves_no_saves_folder_behind() {
    let b = Bench::new();
    fs::remove_dir(b.path("saves")).unwrap();
    let bad = b.path("bad.ron");
    fs::write(&bad, "not a session").unwrap();
    let o = b.run(&["open", bad.to_str().unwrap()]);
    assert_eq!(o.code, Some(1), "{}", o.stderr);
    assert!(!b.path("saves").exists(), "open made the saves folder");
}

/// No byte of a terminal escape or bell anywhere in what a command printed.
fn no_control_bytes(o: &Outcome, args: &[&str]) {
    for (name, text) in [("stdout", &o.stdout), ("stderr", &o.stderr)] {
        assert!(
            !text
                .chars()
                .any(|c| c.is_control() && c != '\n' && c != '\t'),
            "{args:?} printed a control character on {name}: {text:?}"
        );
    }
}

#[test]
fn control_characters_typed_into_any_text_are_refused_and_never_printed() {
    let b = Bench::new();
    for line in [
        "note a\u{1b}[2Jb",
        "title X\u{1b}]2;PWNED\u{7}",
        "add Bo\u{1b}[31m",
        "scene Mill\u{7}",
    ] {
        let script = b.path("evil.txt");
        fs::write(&script, format!("{line}\n")).unwrap();
        let args = ["run", script.to_str().unwrap()];
        let o = b.run(&args);
        assert_eq!(o.code, Some(1), "{line:?} was accepted: {}", o.stdout);
        assert!(o.stderr.contains("control character"), "{}", o.stderr);
        no_control_bytes(&o, &args);
    }
}

#[test]
fn control_characters_in_a_hand_edited_file_are_refused_by_every_reader_and_never_printed() {
    let b = Bench::new();
    let (path, text) = good_file(&b);
    let f = path.to_str().unwrap();
    for (from, to) in [
        ("the goblin ran", "the goblin\u{1b}[2J ran"),
        ("title: \"", "title: \"\u{1b}]2;PWNED\u{7}"),
    ] {
        assert!(text.contains(from), "{from}");
        fs::write(&path, text.replace(from, to)).unwrap();
        for args in [
            vec!["show", f],
            vec!["export", f, "--markdown"],
            vec!["replay", f],
        ] {
            let o = b.run(&args);
            assert_eq!(o.code, Some(1), "{args:?} accepted {to:?}: {}", o.stdout);
            no_control_bytes(&o, &args);
        }
    }
}

#[test]
fn printed_text_escapes_control_characters_whatever_their_source() {
    use std::io::Write;
    let mut out = slotmark::cli::Printable(Vec::new());
    write!(out, "a\u{1b}[2Jb\tc\nd\u{7}\u{9b}").unwrap();
    let text = String::from_utf8(out.0).unwrap();
    assert_eq!(text, "a\\u{1b}[2Jb\tc\nd\\u{7}\\u{9b}");
}

#[test]
fn dice_and_attack_limits_are_said_with_their_range() {
    use slotmark::dice::DiceExpr;
    let said = |e: &str| DiceExpr::parse(e).unwrap_err().to_string();
    assert!(
        said("999999d999999").contains("between 1 and 100 dice"),
        "{}",
        said("999999d999999")
    );
    assert!(
        said("d65536").contains("between 2 and 1000 sides"),
        "{}",
        said("d65536")
    );
    // Edge past two either way is rolled as two, and the roll says so.
    assert!(
        DiceExpr::parse("d12 adv adv adv adv")
            .unwrap()
            .edge_capped()
    );
    assert!(
        !DiceExpr::parse("d12 adv adv adv dis")
            .unwrap()
            .edge_capped()
    );
    let b = Bench::new();
    let o = b.run(&["roll", "d12", "adv", "adv", "adv", "adv", "--seed", "1"]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert!(o.stdout.contains("at most two either way"), "{}", o.stdout);
    let script = b.path("blast.txt");
    fs::write(&script, "add Ana\nadd Bo\nattack Ana Bo slots 0 blast\n").unwrap();
    let o = b.run(&["run", script.to_str().unwrap()]);
    assert_eq!(o.code, Some(1), "{}", o.stdout);
    assert!(o.stderr.contains("1 slot or more"), "{}", o.stderr);
}

#[test]
fn unused_dice_faces_are_said_and_refused_under_strict() {
    let b = Bench::new();
    let script = b.path("two.txt");
    fs::write(&script, "add Ana\ncheck Ana\naccept\n").unwrap();
    let s = script.to_str().unwrap();
    let o = b.run(&["run", s, "--dice", "5,7,9"]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert!(
        o.stdout.contains("2 of the --dice faces were not used"),
        "{}",
        o.stdout
    );
    let out = b.path("strict.ron");
    let o = b.run(&[
        "run",
        s,
        "--dice",
        "5,7,9",
        "--strict",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.code, Some(1), "{}", o.stdout);
    assert!(o.stderr.contains("--strict"), "{}", o.stderr);
    assert!(!out.exists(), "--strict saved anyway");
    let o = b.run(&["run", s, "--dice", "5", "--strict"]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
}

// ---------------------------------------------------------------------------------------------
// Faults found under the second attack (issue 27)

#[test]
fn control_characters_in_a_files_path_are_escaped_in_every_one_line_error() {
    let b = Bench::new();
    // An escape that would set the window title, and a line break, in the file's name.
    let path = b.path("saves/evil\u{1b}]2;PWNED\u{7}\nname.ron");
    fs::write(&path, "not a session").unwrap();
    let f = path.to_str().unwrap();
    let missing = b.path("saves/gone\u{1b}[2J.ron");
    for args in [
        vec!["show", f],
        vec!["export", f, "--markdown"],
        vec!["replay", f],
        vec!["replay", "--verify", f],
        vec!["open", f],
        vec!["table", f],
        vec!["table", missing.to_str().unwrap()],
    ] {
        let o = b.run(&args);
        assert_eq!(o.code, Some(1), "{args:?}: {}", o.stderr);
        no_control_bytes(&o, &args);
        assert_eq!(
            o.stderr.trim_end().lines().count(),
            1,
            "{args:?}: {}",
            o.stderr
        );
        assert!(o.stderr.contains("\\u{1b}"), "{args:?}: {}", o.stderr);
    }
}

/// `good_file` with two notes journalled after it, the way the screen writes them: (file,
/// journal path, journal bytes).
fn journalled_file(b: &Bench) -> (PathBuf, PathBuf, Vec<u8>) {
    let (path, _) = good_file(b);
    let mut opened = Store::open(&path).unwrap();
    for text in ["first journalled", "last journalled"] {
        let entry = opened
            .session
            .execute(
                slotmark::session::Command::Note(text.into()),
                &mut slotmark::dice::ScriptedDice::new(vec![]),
            )
            .unwrap()
            .to_logged();
        opened.store.append(&JournalRecord::Apply(entry)).unwrap();
    }
    drop(opened);
    let jpath = journal_path(&path);
    let bytes = fs::read(&jpath).unwrap();
    (path, jpath, bytes)
}

#[test]
fn a_last_journal_line_whose_checksum_holds_is_kept_without_its_line_break() {
    let b = Bench::new();
    let (path, jpath, bytes) = journalled_file(&b);
    let original = fs::read(&path).unwrap();
    let f = path.to_str().unwrap();
    let mut flipped = bytes.clone();
    *flipped.last_mut().unwrap() ^= 0x01; // the line break turned into a vertical tab
    let missing = bytes[..bytes.len() - 1].to_vec();
    for journal in [flipped, missing] {
        fs::write(&jpath, &journal).unwrap();
        for args in [
            vec!["show", f],
            vec!["export", f, "--markdown"],
            vec!["replay", f],
        ] {
            let o = b.run(&args);
            assert_eq!(o.code, Some(0), "{args:?}: {}", o.stderr);
            if args[0] != "replay" {
                assert!(
                    o.stdout.contains("last journalled"),
                    "{args:?}: {}",
                    o.stdout
                );
            }
            assert!(o.stderr.contains("line break"), "{args:?}: {}", o.stderr);
        }
        let opened = Store::open(&path).unwrap();
        assert!(
            opened
                .session
                .state()
                .notes
                .iter()
                .any(|n| n == "last journalled"),
            "open folded the step away"
        );
        drop(opened);
        // Folded into the file: the step stays for good.
        assert!(
            fs::read_to_string(&path)
                .unwrap()
                .contains("last journalled")
        );
        // Back to the file as it was, for the next round.
        fs::write(&path, &original).unwrap();
    }
}

#[test]
fn show_export_and_replay_warn_when_they_drop_a_torn_last_line() {
    let b = Bench::new();
    let (path, jpath, bytes) = journalled_file(&b);
    let f = path.to_str().unwrap();
    // Cut inside the last line's text: its checksum no longer holds.
    fs::write(&jpath, &bytes[..bytes.len() - 6]).unwrap();
    for args in [
        vec!["show", f],
        vec!["export", f, "--markdown"],
        vec!["replay", f],
    ] {
        let o = b.run(&args);
        assert_eq!(o.code, Some(0), "{args:?}: {}", o.stderr);
        assert!(
            o.stderr.starts_with("slotmark: warning: ") && o.stderr.contains("cut off"),
            "{args:?}: {}",
            o.stderr
        );
        no_control_bytes(&o, &args);
    }
}

#[test]
fn a_journal_behind_its_file_is_reported_and_a_spent_generation_is_refused() {
    let b = Bench::new();
    let (path, jpath, bytes) = journalled_file(&b);
    let f = path.to_str().unwrap();
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.contains("    generation: 1,"), "{text}");
    // Changed by hand on purpose: without the checksum line, which would refuse any change.
    let text = text[..text.rfind("// checksum: ").unwrap()].to_string();
    // One save behind: the steps are taken as saved, and that is said.
    fs::write(
        &path,
        text.replace("    generation: 1,", "    generation: 2,"),
    )
    .unwrap();
    let o = b.run(&["show", f]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert!(o.stderr.contains("2 steps"), "{}", o.stderr);
    // Further behind: not left by any fold, refused untouched with the journal's first line.
    fs::write(
        &path,
        text.replace("    generation: 1,", "    generation: 7,"),
    )
    .unwrap();
    let before = snapshot(b.dir.path());
    for args in [
        vec!["show", f],
        vec!["replay", f],
        vec!["export", f, "--markdown"],
        vec!["open", f],
    ] {
        let o = b.run(&args);
        let reason = refused(&o, &args, &jpath, Place::At(1, 1));
        assert!(
            reason.contains("save 1") && reason.contains("save 7"),
            "{reason}"
        );
        assert_eq!(snapshot(b.dir.path()), before, "{args:?} changed a file");
    }
    assert_eq!(fs::read(&jpath).unwrap(), bytes);
    // The largest generation cannot be followed by another: refused, never wrapped to 0.
    fs::remove_file(&jpath).unwrap();
    let max = text.replace(
        "    generation: 1,",
        &format!("    generation: {},", u64::MAX),
    );
    fs::write(&path, &max).unwrap();
    let o = b.run(&["open", f]);
    assert_eq!(o.code, Some(1), "{}", o.stderr);
    assert!(o.stderr.contains("largest"), "{}", o.stderr);
    let err = Store::open(&path).map(|_| ()).unwrap_err();
    assert!(err.to_string().contains("largest"), "{err}");
    assert_eq!(fs::read_to_string(&path).unwrap(), max);
    assert!(!jpath.exists());
}

#[test]
fn opening_removes_what_an_interrupted_fold_left() {
    let b = Bench::new();
    let (path, _) = good_file(&b);
    let saves = b.path("saves");
    // A fold killed between writing its temporary file and renaming it leaves this behind.
    let leftover = saves.join(".party.ron.4242-0.tmp");
    fs::write(&leftover, vec![b'x'; 1 << 20]).unwrap();
    // Another session's leftover and a file of the judge's own are not this session's.
    let other = saves.join(".other.ron.4242-0.tmp");
    let mine = saves.join(".party.ron.notes.tmp");
    fs::write(&other, "x").unwrap();
    fs::write(&mine, "x").unwrap();
    let opened = Store::open(&path).unwrap();
    assert!(!leftover.exists(), "the leftover is still there");
    assert!(
        opened.warnings.iter().any(|w| w.contains("interrupted")),
        "{:?}",
        opened.warnings
    );
    assert!(other.exists() && mine.exists());
    drop(opened);
    // Through the binary too.
    fs::write(&leftover, "x").unwrap();
    let script = b.path("one.txt");
    fs::write(&script, "note one more\n").unwrap();
    let o = b.run(&[
        "run",
        script.to_str().unwrap(),
        "--session",
        path.to_str().unwrap(),
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert!(!leftover.exists(), "run --session left the leftover");
}

#[test]
fn a_session_file_damaged_where_it_still_reads_is_refused_untouched_at_its_place() {
    let b = Bench::new();
    let (path, text) = good_file(&b);
    let last = text.trim_end().lines().last().unwrap();
    assert!(last.starts_with("// checksum: "), "{last}");
    // A changed letter in a logged note: the file still parses and replays.
    let (line, _) = position_of(&text, "the goblin ran");
    fs::write(&path, text.replacen("the goblin ran", "the goblin ram", 1)).unwrap();
    let block = (line - 1) / 16 * 16 + 1;
    let reason = every_reader_refuses(&b, &path, Place::At(block, 1));
    assert!(reason.contains("damaged"), "{reason}");
    // A changed die face in the log (a check rolled 3, made to read 1).
    let rolled = b.path("saves/rolled.ron");
    let script = b.path("check.txt");
    fs::write(&script, "add Aldo kit fighter\ncheck aldo terrain\n").unwrap();
    let o = b.run(&[
        "run",
        script.to_str().unwrap(),
        "--out",
        rolled.to_str().unwrap(),
        "--dice",
        "3",
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let rolled_text = fs::read_to_string(&rolled).unwrap();
    let face = rolled_text.find("faces:[3]").expect("the check's face") + "faces:[".len();
    let line = rolled_text[..face].matches('\n').count() + 1;
    let mut changed = rolled_text.into_bytes();
    changed[face] = b'1';
    fs::write(&rolled, &changed).unwrap();
    every_reader_refuses(&b, &rolled, Place::At((line - 1) / 16 * 16 + 1, 1));
    // A changed checksum line.
    let sum_line = text.trim_end().lines().count();
    let at = text.rfind("// checksum: ").unwrap() + "// checksum: ".len();
    let mut sum = text.clone().into_bytes();
    sum[at] = if sum[at] == b'0' { b'1' } else { b'0' };
    fs::write(&path, &sum).unwrap();
    // The first block's checksum no longer matches its lines.
    every_reader_refuses(&b, &path, Place::At(1, 1));
    let mut cut_sum = text.clone();
    cut_sum.truncate(text.rfind("// checksum: ").unwrap() + 5);
    cut_sum.push('\n');
    fs::write(&path, &cut_sum).unwrap();
    every_reader_refuses(&b, &path, Place::At(sum_line, 1));
    // A file saved before checksums (no last line) still opens, and so does a hand edit once
    // its checksum line is deleted.
    let older = &text[..text.rfind("// checksum: ").unwrap()];
    fs::write(&path, older.replace("the goblin ran", "the goblin hid")).unwrap();
    let o = b.run(&["show", path.to_str().unwrap()]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let edited = store::load(&path).unwrap();
    assert!(edited.state().notes.iter().any(|n| n == "the goblin hid"));
}

/// A sheet file of Aldo, written by the binary from a good session file; its text.
fn good_sheet(b: &Bench) -> (PathBuf, String) {
    let (session, _) = good_file(b);
    let sheet = b.path("aldo.sheet.ron");
    let o = b.run(&[
        "export",
        session.to_str().unwrap(),
        "--character",
        "Aldo",
        "--sheet",
        "--out",
        sheet.to_str().unwrap(),
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let text = fs::read_to_string(&sheet).unwrap();
    (sheet, text)
}

#[test]
fn every_byte_flipped_in_a_sheet_file_is_refused_at_its_place_or_reads_the_same() {
    let b = Bench::new();
    let (path, text) = good_sheet(&b);
    assert!(
        text.trim_end()
            .lines()
            .last()
            .unwrap()
            .starts_with("// checksum: ")
    );
    let good = store::read_sheet(&path).unwrap();
    let bytes = text.into_bytes();
    let mut refused = 0;
    // A seeded sample of places (every byte would take most of a minute unoptimised), each
    // flipped one of three ways: a letter's neighbour, a byte that is no longer UTF-8 on its
    // own, a letter's case or a control character.
    let mut seed = 0x5eed_u64;
    let samples = 600;
    for _ in 0..samples {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let at = (seed >> 33) as usize % bytes.len();
        let flip = [0x01u8, 0x80, 0x20][(seed >> 20) as usize % 3];
        let mut bad = bytes.clone();
        bad[at] ^= flip;
        fs::write(&path, &bad).unwrap();
        match store::read_sheet(&path) {
            Ok(read) => assert_eq!(read, good, "byte {at} ^ {flip:#x} read differently"),
            Err(e) => {
                refused += 1;
                assert!(
                    matches!(place_of(&e), Place::At(..)) && e.path() == path,
                    "byte {at} ^ {flip:#x}: no file and line: {e}"
                );
            }
        }
        assert_eq!(fs::read(&path).unwrap(), bad, "the sheet was changed");
    }
    assert!(refused > samples * 9 / 10, "{refused} of {samples}");
}

#[test]
fn a_sheet_damaged_where_it_still_reads_is_refused_by_import_naming_its_line() {
    let b = Bench::new();
    let (path, text) = good_sheet(&b);
    // A slot's item that reads as an unknown field once spelt `itel:`: the slot would be empty.
    let (line, _) = position_of(&text, "item: Some(");
    fs::write(&path, text.replacen("item: Some(", "itel: Some(", 1)).unwrap();
    let e = store::read_sheet(&path).unwrap_err();
    let block = (line - 1) / 16 * 16 + 1;
    assert_eq!(place_of(&e), Place::At(block, 1), "{e}");
    assert!(e.to_string().contains("damaged"), "{e}");
    // Through a script's `import` line, and through `run`: the sheet is named, nothing written.
    let session = b.path("saves/party.ron");
    let script = b.path("import.txt");
    fs::write(&script, format!("import {}\n", path.display())).unwrap();
    let before = snapshot(b.dir.path());
    let o = b.run(&[
        "run",
        script.to_str().unwrap(),
        "--session",
        session.to_str().unwrap(),
    ]);
    assert_eq!(o.code, Some(1), "{}", o.stdout);
    assert!(
        o.stderr.contains(&format!("{}:{block}:1:", path.display())),
        "{}",
        o.stderr
    );
    assert_eq!(snapshot(b.dir.path()), before);
    // A sheet written before checksums (no last line) still reads, and so does a hand edit
    // once its checksum line is deleted.
    let older = &text[..text.rfind("// checksum: ").unwrap()];
    fs::write(&path, older).unwrap();
    store::read_sheet(&path).unwrap();
}
