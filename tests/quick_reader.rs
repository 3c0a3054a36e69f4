//! The store's quick reader of log lines against the RON parser, on every step the bundled
//! demos write: it takes each one and reads the same value, and from a damaged line it never
//! reads anything the RON parser would not. The demos are built by the command language, which
//! the store itself never names, so these cases live here rather than in the store's own tests.

use slotmark::dice::ScriptedDice;
use slotmark::rules::RulesetId;
use slotmark::session::{Command, Stamp};
use slotmark::store::{
    Store, load_in_pieces, load_read_whole, reads_head_as_ron_does, reads_step_as_ron_does, verify,
    verify_in_pieces, verify_read_whole,
};
use std::path::Path;

/// The session file of every bundled demo, as the store writes it.
fn demo_files() -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let files: Vec<String> = RulesetId::ALL
        .iter()
        .copied()
        .filter(|r| slotmark::script::has_demo(*r))
        .map(|ruleset| {
            let path = dir.path().join(format!("{}.ron", ruleset.key()));
            drop(Store::create(&path, &slotmark::script::demo_for(ruleset)).unwrap());
            std::fs::read_to_string(&path).unwrap()
        })
        .collect();
    assert!(files.len() >= 5, "{}", files.len());
    files
}

/// Every step line of every demo, as the session file writes it.
fn demo_lines() -> Vec<String> {
    let lines: Vec<String> = demo_files()
        .iter()
        .flat_map(|text| {
            text.lines()
                .filter_map(|l| l.strip_prefix("        (command:"))
                .map(|l| format!("(command:{}", l.trim_end_matches(',')))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(lines.len() > 100, "{}", lines.len());
    lines
}

#[test]
fn reads_every_step_a_demo_writes_as_the_ron_parser_does() {
    for line in demo_lines() {
        assert_eq!(reads_step_as_ron_does(&line), Some(true), "{line}");
    }
}

/// Whatever the quick reader takes from a damaged line, the RON parser reads the same: every
/// byte of real lines removed, doubled or replaced by a character that means something in RON.
/// The texts `bytes` becomes when damaged at `i`: the byte there removed, doubled, or replaced
/// by each of `marks` (what means something to the reader); those no longer UTF-8 left out.
fn damaged_at(bytes: &[u8], i: usize, marks: &[u8]) -> Vec<String> {
    let mut variants = vec![
        [&bytes[..i], &bytes[i + 1..]].concat(),
        [&bytes[..=i], &bytes[i..]].concat(),
    ];
    for c in marks {
        variants.push([&bytes[..i], &[*c], &bytes[i + 1..]].concat());
    }
    variants
        .into_iter()
        .filter_map(|v| String::from_utf8(v).ok())
        .collect()
}

#[test]
fn never_reads_a_damaged_line_otherwise_than_the_ron_parser() {
    let lines = demo_lines();
    let mut taken = 0;
    for line in lines.iter().step_by(7) {
        let bytes = line.as_bytes();
        for i in 0..bytes.len() {
            for text in damaged_at(bytes, i, b"(),[]:\"\\ 0-9aZ_{}'#") {
                if let Some(same) = reads_step_as_ron_does(&text) {
                    taken += 1;
                    assert!(same, "{text}");
                }
            }
        }
    }
    assert!(taken > 100, "{taken}");
}

/// The part of every demo's file before its log, with the empty log a file without steps has,
/// as the store reads it apart from the log.
fn demo_heads() -> Vec<String> {
    demo_files()
        .iter()
        .map(|text| {
            let at = text.find("\n    log: [\n").unwrap();
            format!("{}\n    log: [],\n)\n", &text[..at])
        })
        .collect()
}

#[test]
fn reads_the_states_of_every_demo_as_the_ron_parser_does() {
    for head in demo_heads() {
        assert_eq!(reads_head_as_ron_does(&head), Some(true), "{head}");
    }
}

/// Whatever the quick reader takes from a damaged file head, the RON parser reads the same:
/// bytes removed, doubled or replaced by what means something in RON, across every demo's.
#[test]
fn never_reads_a_damaged_file_head_otherwise_than_the_ron_parser() {
    let mut taken = 0;
    for head in demo_heads() {
        let bytes = head.as_bytes();
        for i in (0..bytes.len()).step_by(97) {
            for text in damaged_at(bytes, i, b"(),[]:\" \n/#r0-9aZ_{}'") {
                if let Some(same) = reads_head_as_ron_does(&text) {
                    taken += 1;
                    assert!(same, "{text}");
                }
            }
        }
    }
    assert!(taken > 100, "{taken}");
}

/// What `replay --verify` says of the file at `path`, its report or its error, in full.
fn verified(
    path: &Path,
    verify: impl Fn(&Path) -> Result<slotmark::store::VerifyReport, slotmark::store::StoreError>,
) -> String {
    match verify(path) {
        Ok(report) => format!("{report:?}"),
        Err(e) => format!("refused: {e}"),
    }
}

/// `replay --verify` replays each step of a file laid out as slotmark writes it as soon as it
/// reads its line, and reads the file whole only when something is otherwise. Both ways say the
/// same of every demo's file damaged anywhere in its log (bytes removed, doubled or replaced by
/// what means something in RON), with its checksum line and without it (a hand edit): the
/// same report, the same difference, the same refusal.
#[test]
fn verify_says_of_any_file_what_reading_it_whole_says() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.ron");
    let mut outcomes = std::collections::BTreeSet::new();
    for text in demo_files() {
        let log = text.find("\n    log: [\n").unwrap();
        let unsummed = &text[..text.rfind("// checksum: ").unwrap()];
        for (whole, step) in [(text.as_str(), 2003), (unsummed, 401)] {
            let bytes = whole.as_bytes();
            for i in (log..bytes.len()).step_by(step) {
                for damaged in damaged_at(bytes, i, b"(),[]0\n") {
                    std::fs::write(&path, &damaged).unwrap();
                    let quick = verified(&path, verify);
                    assert_eq!(quick, verified(&path, verify_read_whole), "{damaged}");
                    outcomes.insert(if quick.starts_with("refused") {
                        "refused"
                    } else if quick.contains("difference: None") {
                        "verifies"
                    } else {
                        "differs"
                    });
                }
            }
        }
    }
    // Every kind of outcome came up: a file that verifies, one that differs, one refused.
    assert_eq!(outcomes.len(), 3, "{outcomes:?}");
}

/// `replay --verify` reads a file in pieces and replays each step as the piece holding it is
/// read. Whatever the size of a piece (a byte, less than a line, a few lines, more than the
/// file), it says of a file what reading it whole says: files damaged in the log after many
/// steps were replayed, in the line that closes it, in the checksum line (which the smaller
/// pieces cut), lines added after the checksum, files that end without their last line break
/// or cut off anywhere near their end, with their checksum and without it.
#[test]
fn verify_in_pieces_says_of_any_file_what_reading_it_whole_says() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.ron");
    let mut outcomes = std::collections::BTreeSet::new();
    for text in demo_files() {
        each_case_in_pieces(&text, |text, pieces| {
            let whole = same_in_pieces(
                &path,
                text,
                pieces,
                |p| verified(p, verify_read_whole),
                |p, piece| verified(p, |p| verify_in_pieces(p, piece)),
            );
            outcomes.insert(if whole.starts_with("refused") {
                "refused"
            } else if whole.contains("difference: None") {
                "verifies"
            } else {
                "differs"
            });
        });
    }
    assert_eq!(outcomes.len(), 3, "{outcomes:?}");
}

/// Writes `text` to `path`, reads it whole with `whole` and in pieces of each size in `pieces`
/// with `quick`, and gives what the whole reading said once every piece size said the same.
fn same_in_pieces(
    path: &Path,
    text: &[u8],
    pieces: &[usize],
    whole: impl Fn(&Path) -> String,
    quick: impl Fn(&Path, usize) -> String,
) -> String {
    std::fs::write(path, text).unwrap();
    let whole = whole(path);
    for &piece in pieces {
        assert_eq!(
            quick(path, piece),
            whole,
            "in pieces of {piece}: {}",
            String::from_utf8_lossy(text)
        );
    }
    whole
}

/// The files a reader in pieces is held to the whole reading on, made from `file` as the store
/// wrote it, each with the piece sizes to read it at: `file` whole and without its checksum
/// line; each damaged late in its log, in its closing lines and in its checksum; cut off
/// anywhere in its last lines and without its last line break; with more after its end (a
/// blank line, a comment, spaces, a line without a break); and with a comment between its
/// closing bracket and its checksum, which is summed with the file.
fn each_case_in_pieces(file: &str, mut check: impl FnMut(&[u8], &[usize])) {
    let log = file.find("\n    log: [\n").unwrap();
    let closer = file.rfind("\n    ],\n").unwrap();
    let sum = file.rfind("// checksum: ").unwrap();
    for whole in [file, &file[..sum]] {
        let bytes = whole.as_bytes();
        check(bytes, &[1, 61, 997, 1 << 20]);
        let late = (log..bytes.len()).step_by((bytes.len() - log) / 5);
        let end = (closer.min(bytes.len() - 1)..bytes.len()).step_by(5);
        for i in late.chain(end) {
            for damaged in damaged_at(bytes, i, b"(),[]0\n ") {
                check(damaged.as_bytes(), &[1, 61, 997]);
            }
        }
        for cut in (closer..bytes.len()).step_by(3) {
            check(&bytes[..cut], &[1, 61]);
        }
        check(&bytes[..bytes.len() - 1], &[1, 61, 997]);
        for more in ["\n", "// a note\n", "  \n", "x"] {
            check(format!("{whole}{more}").as_bytes(), &[1, 61, 997]);
        }
    }
    let commented = format!("{}// a note\n{}", &file[..sum], &file[sum..]);
    check(commented.as_bytes(), &[1, 61, 997]);
    // A note's words changed in the log of a file without its checksum: it still reads and
    // replays, to another state than the one saved, which opening says.
    if let Some(at) = file[log..sum]
        .rfind("Note(\"")
        .map(|i| log + i + "Note(\"".len())
    {
        let changed = if file.as_bytes()[at] == b'X' {
            "Y"
        } else {
            "X"
        };
        let edited = format!("{}{changed}{}", &file[..at], &file[at + 1..sum]);
        check(edited.as_bytes(), &[1, 61, 997]);
    }
}

/// A line longer than a piece is read whole, however many pieces it spans: a note of nearly
/// ten thousand letters in the log verifies as it does read whole.
#[test]
fn verify_in_pieces_reads_a_line_longer_than_a_piece() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("long.ron");
    let mut session = slotmark::script::demo_for(RulesetId::Slots);
    let note = Command::Note("a long note ".repeat(800));
    session.execute(note, &mut ScriptedDice::new([])).unwrap();
    drop(Store::create(&path, &session).unwrap());
    let whole = verified(&path, verify_read_whole);
    assert!(whole.contains("difference: None"), "{whole}");
    for piece in [64, 1000, 4096, 128 << 10] {
        assert_eq!(verified(&path, |p| verify_in_pieces(p, piece)), whole);
    }
}

/// A session as it was read from a file: every entry (command, rolls, stamp and fight mark), the
/// cursor, the state there, the initial state and the warnings; or the refusal.
fn loaded(
    path: &Path,
    load: impl Fn(
        &Path,
    ) -> Result<(slotmark::session::Session, Vec<String>), slotmark::store::StoreError>,
) -> String {
    match load(path) {
        Ok((s, warnings)) => format!(
            "read: cursor {} of {:?}\nstate {:?}\ninitial {:?}\nwarnings {warnings:?}",
            s.cursor(),
            s.entries(),
            s.state(),
            s.initial()
        ),
        Err(e) => format!("refused: {e}"),
    }
}

/// Opening a session reads its file in pieces and replays each step as its line is read, so a
/// long log is never held whole. Whatever the size of a piece, the session, its stamps and what
/// opening it says are those reading the file whole gives: for every demo with stamps on its
/// steps, damaged late in its log, in its closing lines and checksum, cut short or with more
/// after its end, with its checksum and without it (so that some damage reads and replays to
/// another state than the one saved, which is said).
#[test]
fn opening_in_pieces_reads_any_file_as_reading_it_whole_does() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.ron");
    let mut outcomes = std::collections::BTreeSet::new();
    for ruleset in RulesetId::ALL.iter().copied() {
        if !slotmark::script::has_demo(ruleset) {
            continue;
        }
        let mut session = slotmark::script::demo_for(ruleset);
        let steps = session.entries().len() as u64;
        session.restore_stamps((0..steps).map(|i| Some(Stamp::new(1_790_000_000 + i * 7))));
        let file = dir.path().join(format!("{}.ron", ruleset.key()));
        drop(Store::create(&file, &session).unwrap());
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.contains("stamp:Some("), "{text}");
        each_case_in_pieces(&text, |text, pieces| {
            let whole = same_in_pieces(
                &path,
                text,
                pieces,
                |p| loaded(p, load_read_whole),
                |p, piece| loaded(p, |p| load_in_pieces(p, piece)),
            );
            outcomes.insert(if whole.starts_with("refused") {
                "refused"
            } else if whole.contains("warnings []") {
                "reads"
            } else {
                "differs"
            });
        });
    }
    assert_eq!(outcomes.len(), 3, "{outcomes:?}");
}
