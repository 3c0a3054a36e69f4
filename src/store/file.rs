//! The session file's text: how a session is written and how a file is read back.
//!
//! The writer lays the file out by hand so it stays pleasant to read: the header fields first,
//! the two states pretty-printed, then one log entry per line. The reader walks the fields in
//! order with its own visitor, so a file from a newer slotmark or for an unknown ruleset is
//! recognised from the header before anything else in it is interpreted.

use super::{FORMAT_VERSION, FileKind, MAX_FILE_BYTES, SLOTMARK_VERSION, StoreError};
use crate::rules::RulesetId;
use crate::session::{Command, Entry, Session, SessionState, Stamp};
use serde::de::{self, DeserializeSeed, EnumAccess, IgnoredAny, MapAccess, VariantAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use std::cell::RefCell;
use std::fmt::{self, Write as _};
use std::fs;
use std::io::{self, Read};
use std::path::Path;

/// Everything a session file holds.
#[derive(Debug)]
pub(super) struct SessionFile {
    pub written_by: String,
    pub ruleset: RulesetId,
    /// Bumped by every full write; the journal names the generation it continues.
    pub generation: u64,
    pub cursor: usize,
    pub initial: SessionState,
    pub state: SessionState,
    pub entries: Vec<Step>,
    /// The line of each step, when the log has the one-step-per-line layout slotmark writes
    /// (none otherwise): lets a step that no longer replays be named by its line.
    pub step_lines: StepLines,
    /// Where the file no longer matches the checksum it was saved with, if it does not: the
    /// first line of the damaged block and what to say. Readers refuse such a file once the
    /// rest of it has been read (so a file that does not parse or replay is named for that).
    pub damage: Option<(usize, String)>,
}

/// The file's last line: the CRC-32 of each block of [`SUM_BLOCK`] lines before it, in eight hex
/// digits each, so a damaged byte is found and its place named.
const SUM_PREFIX: &str = "// checksum: ";
/// Lines per checksum.
const SUM_BLOCK: usize = 16;

/// Where the steps of a log laid out one per line stand: step `i` (from 0) is on line
/// `first + i`. The default knows no line (a log whose layout was changed by hand).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct StepLines {
    /// The 1-based line of the first step.
    first: usize,
    /// How many steps have their line known: all of them, or none.
    count: usize,
}

impl StepLines {
    /// The line of step `index` (from 0), if known.
    pub(crate) fn get(&self, index: usize) -> Option<usize> {
        (index < self.count).then(|| self.first + index)
    }
}

/// The byte offset of every line break in `text`, in order. Found once, many bytes at a time,
/// and shared by everything that goes by lines: the quick reader takes each step's line from
/// it, the checksums every [`SUM_BLOCK`]th break, a line's number its place in the list. For the
/// 100,000 lines of a long log, searching again for each line would cost a call per line per
/// walk, a few milliseconds of every verify and load.
pub(super) fn line_breaks(text: &str) -> Vec<usize> {
    // About one line per 40 bytes in a long log; what goes unused is never touched.
    let mut breaks = Vec::with_capacity(text.len() / 32 + 16);
    breaks.extend(memchr::memchr_iter(b'\n', text.as_bytes()));
    breaks
}

/// The 0-based line `i` of a text whose line breaks are `breaks`, without its line break; None
/// past the last line (a text ending in a line break has no empty line after it).
fn line_at<'t>(text: &'t str, breaks: &[usize], i: usize) -> Option<&'t str> {
    let start = match i.checked_sub(1) {
        None => 0,
        Some(before) => breaks.get(before)? + 1,
    };
    let end = match breaks.get(i) {
        Some(&end) => end,
        None if start < text.len() => text.len(),
        None => return None,
    };
    text.get(start..end)
}

/// The checksum line for `text` (whole lines, each ending in a line break).
fn checksum_line(text: &str) -> String {
    let mut line = String::from(SUM_PREFIX);
    for sum in block_sums(text) {
        let _ = write!(line, "{sum:08x}");
    }
    line.push('\n');
    line
}

/// One sum per [`SUM_BLOCK`] lines (the last block may hold fewer, or a last line without a line
/// break). Each block is hashed as one run of bytes: the sum is the same as line by line, and a
/// long run lets the hasher use the processor's wide instructions.
fn block_sums(text: &str) -> Vec<u32> {
    block_sums_at(text, &line_breaks(text))
}

/// [`block_sums`] of a text whose line breaks are `breaks` (all of them, and no others).
fn block_sums_at(text: &str, breaks: &[usize]) -> Vec<u32> {
    let mut sums = BlockSums::with_capacity(breaks.len() / SUM_BLOCK + 1);
    sums.add(text.as_bytes(), 0, breaks);
    sums.finish()
}

/// The checksums of a text's blocks of [`SUM_BLOCK`] lines, taken as the text comes, in runs of
/// bytes that need not end at a block's end: the sums are the same as [`block_sums`] gives for
/// the whole text.
pub(super) struct BlockSums {
    sums: Vec<u32>,
    /// The sum of the bytes of the block begun, if any were added.
    open: Option<crc32fast::Hasher>,
    /// Lines (line breaks) in the block begun.
    lines_open: usize,
    /// Line breaks added in all.
    lines: usize,
}

impl BlockSums {
    pub(super) fn with_capacity(blocks: usize) -> Self {
        BlockSums {
            sums: Vec::with_capacity(blocks),
            open: None,
            lines: 0,
            lines_open: 0,
        }
    }

    /// Adds `bytes[from..]`, whose line breaks are at `breaks` (positions in `bytes`, in order,
    /// all of them and no others). Each block that ends in them is hashed as one run.
    pub(super) fn add(&mut self, bytes: &[u8], from: usize, breaks: &[usize]) {
        let mut start = from;
        // The break that ends the block begun, then every `SUM_BLOCK`th after it.
        let mut i = SUM_BLOCK - 1 - self.lines_open;
        while let Some(&at) = breaks.get(i) {
            let run = bytes.get(start..=at).unwrap_or_default();
            let sum = match self.open.take() {
                None => crc32fast::hash(run),
                Some(mut begun) => {
                    begun.update(run);
                    begun.finalize()
                }
            };
            self.sums.push(sum);
            start = at + 1;
            i += SUM_BLOCK;
        }
        self.lines += breaks.len();
        self.lines_open = (self.lines_open + breaks.len()) % SUM_BLOCK;
        if let Some(rest) = bytes.get(start..).filter(|rest| !rest.is_empty()) {
            self.open
                .get_or_insert_with(crc32fast::Hasher::new)
                .update(rest);
        }
    }

    /// The sums of every block, the last one whatever its length.
    fn finish(mut self) -> Vec<u32> {
        if let Some(begun) = self.open.take() {
            self.sums.push(begun.finalize());
        }
        self.sums
    }
}

/// What a damaged session file's refusal tells the judge to do about a change made by hand.
const SESSION_HINT: &str = "to keep a change made by hand, delete the file's last line (its \
                            checksum) and check the file with `slotmark replay --verify`";

/// Does the text hold the checksum it was saved with? None when it does, or when it has no
/// checksum at all (files from before checksums end with the closing bracket); else the first
/// line of the first block that differs and the reason. `breaks` are the text's line breaks.
fn damage(text: &str, breaks: &[usize]) -> Option<(usize, String)> {
    damage_hinted(text, breaks, SESSION_HINT)
}

/// [`damage`] for a file of another kind, whose refusal ends with `hint`.
fn damage_hinted(text: &str, breaks: &[usize], hint: &str) -> Option<(usize, String)> {
    let (end, tail) = checksum_tail(text)?;
    // The body ends with its last line break, so its breaks are those before `end`.
    let body_breaks = &breaks[..breaks.partition_point(|&b| b < end)];
    let actual = block_sums_at(&text[..end], body_breaks);
    sums_damage(tail, &actual, body_breaks.len(), hint)
}

/// `text` (whole lines, each ending in a line break) with its checksum line after it, as the
/// session file carries one: for the other files slotmark writes and a judge hands back.
pub(super) fn with_checksum(mut text: String) -> String {
    let sum = checksum_line(&text);
    text.push_str(&sum);
    text
}

/// Whether a text written by [`with_checksum`] still holds its checksum (see [`damage`]); a
/// refusal ends with `hint`, what to do about a change made by hand.
pub(super) fn checksum_damage(text: &str, hint: &str) -> Option<(usize, String)> {
    damage_hinted(text, &line_breaks(text), hint)
}

/// Refuses a text written by [`with_checksum`] that no longer holds its checksum, naming
/// `path` and the first line of the damaged block; a refusal ends with `hint`.
pub(super) fn refuse_damaged(path: &Path, text: &str, hint: &str) -> Result<(), StoreError> {
    match checksum_damage(text, hint) {
        None => Ok(()),
        Some((line, message)) => Err(StoreError::Unreadable {
            path: path.to_path_buf(),
            line,
            column: 1,
            message,
        }),
    }
}

/// [`damage`] for a text read in runs: `sums` holds every line before `rest`, which is the
/// text's end from the start of a line on, and holds a line that is not blank.
pub(super) fn damage_with(mut sums: BlockSums, rest: &str) -> Option<(usize, String)> {
    let (end, tail) = checksum_tail(rest)?;
    let body = &rest.as_bytes()[..end];
    let breaks: Vec<usize> = memchr::memchr_iter(b'\n', body).collect();
    sums.add(body, 0, &breaks);
    let line_count = sums.lines;
    sums_damage(tail, &sums.finish(), line_count, SESSION_HINT)
}

/// Where the text's checksum line starts, and that line with what follows it; None when the
/// text has none.
fn checksum_tail(text: &str) -> Option<(usize, &str)> {
    // The last line is the checksum when it is a comment (the file's own text ends with its
    // closing bracket); any comment there must be one.
    let trimmed = text.trim_end();
    let end = trimmed.rfind('\n').map_or(0, |i| i + 1);
    let tail = &text[end..];
    tail.starts_with("//").then_some((end, tail))
}

/// Whether `tail`, a text's checksum line, lists the `actual` sums of the `line_count` lines
/// before it (see [`damage`]).
fn sums_damage(
    tail: &str,
    actual: &[u32],
    line_count: usize,
    hint: &str,
) -> Option<(usize, String)> {
    let sum_line = line_count + 1;
    let listed = tail.trim_end_matches(['\n', '\r']).strip_prefix(SUM_PREFIX);
    let sums: Option<Vec<u32>> = listed.and_then(|hex| {
        let ok = hex.len() % 8 == 0
            && hex
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        ok.then(|| {
            hex.as_bytes()
                .chunks(8)
                .filter_map(|c| {
                    std::str::from_utf8(c)
                        .ok()
                        .and_then(|c| u32::from_str_radix(c, 16).ok())
                })
                .collect()
        })
    });
    let Some(sums) = sums else {
        return Some((
            sum_line,
            format!(
                "the file's checksum line cannot be read: the file was damaged after it was \
                 saved; {hint}"
            ),
        ));
    };
    let differs = (0..actual.len().max(sums.len())).find(|&i| actual.get(i) != sums.get(i))?;
    if differs >= actual.len() {
        return Some((
            sum_line,
            format!("the file is shorter than when it was saved (it lost lines); {hint}"),
        ));
    }
    let first = differs * SUM_BLOCK + 1;
    let last = (first + SUM_BLOCK - 1).min(line_count);
    Some((
        first,
        format!(
            "lines {first} to {last} do not match the checksum the file was saved with: they \
             were damaged; {hint}"
        ),
    ))
}

/// One step of the log as the file keeps it: the command and the faces it drew, in order.
/// What the step did (its events, and what each die was for) is rebuilt by replaying it, so the
/// file stays small and quick to read and can never disagree with its own replay.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub(super) struct Step {
    pub command: Command,
    #[serde(default)]
    pub faces: Vec<u16>,
    /// When the step was taken; files from before stamps have none.
    #[serde(default)]
    pub stamp: Option<Stamp>,
}

/// [`Step`] borrowed from a live entry, for writing.
#[derive(Serialize)]
struct StepRef<'a> {
    command: &'a Command,
    faces: Faces<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stamp: Option<Stamp>,
}

struct Faces<'a>(&'a Entry);

impl Serialize for Faces<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.rolls.iter().map(|r| r.face))
    }
}

/// The pretty layout used for states in the file and for comparing states in `verify`.
pub(super) fn pretty(value: &impl serde::Serialize) -> Result<String, ron::Error> {
    ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::new())
}

/// States in the file are laid out one line per field down to this depth (a character's slot
/// each on one line), which keeps a file short enough to read through.
const STATE_DEPTH: usize = 5;

/// The comment line near the top of every file that says what the start screen lists (title,
/// ruleset, steps), so listing sessions reads a few hundred bytes instead of parsing and replaying
/// every log. The parser skips it like any comment; files without it are read in full.
const SUMMARY_PREFIX: &str = "// summary: ";

/// What the start screen lists about a session file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Summary {
    pub title: String,
    pub ruleset: RulesetId,
    pub steps: usize,
}

/// The summary line of a file, read from its first few kilobytes; None when the file has none
/// (an older file) or it cannot be read.
pub(super) fn read_summary(path: &Path) -> Option<Summary> {
    refuse_unless_regular(path).ok()?;
    let mut head = Vec::with_capacity(4096);
    fs::File::open(path)
        .ok()?
        .take(4096)
        .read_to_end(&mut head)
        .ok()?;
    let text = String::from_utf8_lossy(&head);
    let mut lines = text.lines();
    // The summary is the second line; a hand edit that moved it makes the file read in full.
    let line = lines.nth(1)?;
    ron::from_str(line.strip_prefix(SUMMARY_PREFIX)?).ok()
}

/// The whole file for a session. Strings are escaped by the RON writer, so no value spans a
/// line break of its own and re-indenting line by line is safe.
pub(super) fn render(session: &Session, generation: u64) -> Result<String, ron::Error> {
    let entries = session.entries();
    let mut out = String::with_capacity(4096 + entries.len() * 160);
    let w = |e: fmt::Error| ron::Error::from(e);
    out.push_str(
        "// A slotmark session. `slotmark replay --verify FILE` checks it after a hand edit.\n",
    );
    let summary = Summary {
        title: session.state().title.clone(),
        ruleset: session.state().ruleset(),
        steps: entries.len(),
    };
    writeln!(out, "{SUMMARY_PREFIX}{}", ron::to_string(&summary)?).map_err(w)?;
    // A file that stores a ruleset's tables (in its events' words) carries their credit too.
    if let Some(credit) = summary.ruleset.credit() {
        writeln!(out, "// {credit}").map_err(w)?;
    }
    out.push_str("(\n");
    writeln!(
        out,
        "    slotmark_version: {},",
        ron::to_string(SLOTMARK_VERSION)?
    )
    .map_err(w)?;
    writeln!(out, "    format_version: {FORMAT_VERSION},").map_err(w)?;
    writeln!(
        out,
        "    ruleset: {},",
        ron::to_string(&session.state().ruleset())?
    )
    .map_err(w)?;
    writeln!(out, "    generation: {generation},").map_err(w)?;
    writeln!(out, "    cursor: {},", session.cursor()).map_err(w)?;
    for (field, state) in [("initial", session.initial()), ("state", session.state())] {
        let text = ron::ser::to_string_pretty(
            state,
            ron::ser::PrettyConfig::new().depth_limit(STATE_DEPTH),
        )?;
        write!(out, "    {field}: ").map_err(w)?;
        for (i, line) in text.lines().enumerate() {
            if i > 0 {
                out.push_str("\n    ");
            }
            out.push_str(line);
        }
        out.push_str(",\n");
    }
    out.push_str("    log: [\n");
    for entry in entries {
        out.push_str("        ");
        let step = StepRef {
            command: &entry.command,
            faces: Faces(entry),
            stamp: entry.stamp,
        };
        ron::ser::to_writer(&mut out, &step)?;
        out.push_str(",\n");
    }
    out.push_str("    ],\n)\n");
    Ok(with_checksum(out))
}

/// What the header said when it stopped the read; kept apart from the parser's own error so the
/// caller can report it as what it is.
enum HeaderProblem {
    TooNew {
        format_version: u32,
        written_by: String,
    },
    UnknownRuleset(String),
}

/// The state a file saved, read without its log: the file up to its log, with the log left out
/// and the cursor at 0, parsed as a file. Quick at any length, for a first frame while the whole
/// file loads. None when the file is not in the layout slotmark writes or does not read.
pub(super) fn read_snapshot(path: &Path) -> Option<SessionState> {
    read_head(path).map(|head| head.state)
}

/// What a file says before its log: the state it saved, its generation and its cursor (the
/// steps of its log that state stands after).
pub(super) struct Head {
    pub state: SessionState,
    pub generation: u64,
    pub cursor: usize,
}

/// The file up to its log, read as [`read_snapshot`] reads it.
pub(super) fn read_head(path: &Path) -> Option<Head> {
    use std::io::BufRead;
    refuse_unless_regular(path).ok()?;
    // Only the part before the log is read: a long log is most of the file.
    let mut reader = io::BufReader::new(fs::File::open(path).ok()?.take(MAX_FILE_BYTES));
    let mut head = String::new();
    let mut line = String::new();
    let mut cursor = None;
    loop {
        line.clear();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        if line == "    log: [\n" {
            break;
        }
        if let Some(at) = line.strip_prefix("    cursor: ") {
            cursor = Some(at.trim_end().strip_suffix(',')?.parse().ok()?);
            line = "    cursor: 0,\n".into();
        }
        head.push_str(&line);
    }
    head.push_str("    log: [],\n)\n");
    let problem = RefCell::new(None);
    let seed = || FileSeed {
        problem: &problem,
        log_apart: false,
    };
    let file = super::quick::read_spaced(&head, seed())
        .or_else(|| ron::Options::default().from_str_seed(&head, seed()).ok())?;
    Some(Head {
        state: file.state,
        generation: file.generation,
        cursor: cursor?,
    })
}

/// Reads and parses a session file without changing it.
pub(super) fn read(path: &Path) -> Result<SessionFile, StoreError> {
    let text = read_text(path, MAX_FILE_BYTES)?;
    parse(path, &text)
}

/// Parses the text of the session file at `path` (named in errors).
pub(super) fn parse(path: &Path, text: &str) -> Result<SessionFile, StoreError> {
    let breaks = line_breaks(text);
    let mut file = parse_ron(path, text, &breaks)?;
    lay_out(text, &breaks, &mut file);
    Ok(file)
}

/// Whether the parsed file's text still holds its checksum. `breaks` are the text's line
/// breaks ([`line_breaks`]).
pub(super) fn lay_out(text: &str, breaks: &[usize], file: &mut SessionFile) {
    file.damage = damage(text, breaks);
}

/// The file's RON read into its fields and the lines of its steps, without [`lay_out`].
/// `breaks` are the text's line breaks ([`line_breaks`]).
pub(super) fn parse_ron(
    path: &Path,
    text: &str,
    breaks: &[usize],
) -> Result<SessionFile, StoreError> {
    if text.trim().is_empty() {
        return Err(StoreError::Unreadable {
            path: path.to_path_buf(),
            line: 1,
            column: 1,
            message: "the file is empty; it holds no session".into(),
        });
    }
    let problem = RefCell::new(None);
    if let Some(file) = read_quickly(text, breaks) {
        return Ok(file);
    }
    let seed = FileSeed {
        problem: &problem,
        log_apart: false,
    };
    match ron::Options::default().from_str_seed(text, seed) {
        Ok(mut file) => {
            file.step_lines = step_lines(text, breaks, file.entries.len());
            Ok(file)
        }
        Err(e) => {
            let (line, column) = (e.span.start.line, e.span.start.col);
            let path = path.to_path_buf();
            Err(match problem.into_inner() {
                Some(HeaderProblem::TooNew {
                    format_version,
                    written_by,
                }) => StoreError::TooNew {
                    path,
                    line,
                    column,
                    kind: FileKind::Session,
                    format_version,
                    written_by,
                },
                Some(HeaderProblem::UnknownRuleset(name)) => StoreError::UnknownRuleset {
                    path,
                    line,
                    column,
                    name,
                },
                None => {
                    // Whatever the parser expected, an error on the last line of a text that
                    // does not close means it stopped too early: that is what to tell the judge.
                    let trimmed = text.trim_end();
                    let (last_line, _) = position_after(trimmed.as_bytes());
                    let message = if line >= last_line && !trimmed.ends_with(')') {
                        describe(&ron::Error::Eof)
                    } else {
                        describe(&e.code)
                    };
                    StoreError::Unreadable {
                        path,
                        line,
                        column,
                        message,
                    }
                }
            })
        }
    }
}

/// The file in the layout slotmark writes, read with its log apart: the part before the log by
/// the RON parser, and each step's line by the quick reader (see [`super::quick`]), or by the RON
/// parser when the quick one does not take it. None when the text is laid out otherwise (a hand
/// edit) or anything in it does not read: the caller then reads the whole text with the RON
/// parser, which says what is wrong and where as it always did. What this gives, when it gives
/// anything, is what the RON parser gives for the whole text.
fn read_quickly(text: &str, breaks: &[usize]) -> Option<SessionFile> {
    let (mut file, mut log) = QuickLog::open(text, breaks)?;
    // Every line left but the log's closing ones is a step.
    let mut entries = Vec::with_capacity(log.lines_left());
    super::pages::prefer_large_pages(&mut entries);
    entries.extend(&mut log);
    log.close(&mut file, entries.len())?;
    file.entries = entries;
    Some(file)
}

/// The steps of a log laid out one per line as slotmark writes it, read one at a time after the
/// part of the file before the log ([`QuickLog::open`]). It ends at the log's closing line, or
/// early at a line it cannot read; [`QuickLog::close`] then says whether the whole file read.
pub(super) struct QuickLog<'t> {
    text: &'t str,
    breaks: &'t [usize],
    /// The index in `breaks` of the `log: [` line's end.
    opener: usize,
    /// The index in `breaks` of the end of the next line, and where that line starts.
    next: usize,
    start: usize,
    log: LogLines,
}

/// How far the reading of a log's lines has come, for both quick ways of reading it
/// ([`QuickLog`] from a whole text, `pieces::PieceLog` from the file a piece at a time).
#[derive(Debug, Clone, Copy)]
pub(super) struct LogLines {
    /// Whether every step read so far starts with its command, as slotmark writes it (its line
    /// is then known, as [`step_lines`] would find it).
    pub(super) command_first: bool,
    /// Set at the log's closing line; a log that stops anywhere else did not read.
    closed: bool,
    /// Set at a line that is missing or does not read: the log ends there, and closing it fails.
    failed: bool,
}

impl LogLines {
    pub(super) const START: LogLines = LogLines {
        command_first: true,
        closed: false,
        failed: false,
    };

    /// Whether the log gives no more steps.
    pub(super) fn ended(&self) -> bool {
        self.closed || self.failed
    }

    /// Whether the log was read to its closing line, every line of it a step.
    pub(super) fn whole(&self) -> bool {
        self.closed && !self.failed
    }

    /// The step on the log's next `line` (without its line break). None at the closing line,
    /// which ends the log, and at a line that is missing (`None`) or does not read, which ends
    /// it as failed.
    #[inline(always)]
    pub(super) fn step(&mut self, line: Option<&str>) -> Option<Step> {
        let step = match line {
            Some(LOG_CLOSER) => {
                self.closed = true;
                None
            }
            Some(line) => read_step_line(line, &mut self.command_first),
            None => None,
        };
        self.failed = step.is_none() && !self.closed;
        step
    }
}

impl<'t> QuickLog<'t> {
    /// The file's part before its log, read, and its steps ready to be read. None when the text
    /// is not laid out as slotmark writes it, or that part does not read.
    pub(super) fn open(text: &'t str, breaks: &'t [usize]) -> Option<(SessionFile, Self)> {
        const OPENER: &str = "\n    log: [\n";
        let at = memchr::memmem::find(text.as_bytes(), OPENER.as_bytes())?;
        let mut whole_head = String::with_capacity(at + HEAD_END.len());
        whole_head.push_str(&text[..at]);
        let file = read_head_part(whole_head)?;
        // `at` is a line break; the one after it ends the `log: [` line, the next the first
        // step's.
        let opener = breaks.partition_point(|&b| b <= at);
        let log = QuickLog {
            text,
            breaks,
            opener,
            next: opener + 1,
            start: at + OPENER.len(),
            log: LogLines::START,
        };
        Some((file, log))
    }

    /// The lines after the one to read next: the steps left, and the log's closing lines.
    pub(super) fn lines_left(&self) -> usize {
        self.breaks.len().saturating_sub(self.next)
    }

    /// Whether the log read to its closing line, with nothing after it but the closing bracket
    /// and comments (the checksum), and the file's cursor within its `steps`. If so, `file` is
    /// given the steps' lines. The caller reads every step first.
    pub(super) fn close(mut self, file: &mut SessionFile, steps: usize) -> Option<()> {
        if self.next().is_some() || !self.log.whole() {
            return None;
        }
        let rest = self.text.get(self.start..)?;
        close_log(rest, file, steps, self.opener, self.log.command_first)
    }
}

/// What ends the part of a file before its log in [`read_head_part`]: an empty log, and the
/// file's closing bracket.
pub(super) const HEAD_END: &str = "\n    log: [],\n)\n";

/// `head`, the text of a file up to the line break before its `log: [` line, read as a file
/// with an empty log (its log is read apart, so its cursor is checked later, by
/// [`close_log`]). None when the quick reader and the RON parser both refuse it, or it asks for
/// an extension.
pub(super) fn read_head_part(mut head: String) -> Option<SessionFile> {
    // An extension (`#![enable(...)]`) would change how every value reads.
    if memchr::memmem::find(head.as_bytes(), b"#!").is_some() {
        return None;
    }
    head.push_str(HEAD_END);
    let problem = RefCell::new(None);
    let seed = || FileSeed {
        problem: &problem,
        log_apart: true,
    };
    super::quick::read_spaced(&head, seed())
        .or_else(|| ron::Options::default().from_str_seed(&head, seed()).ok())
}

/// The step on one line of the log, without its line break (a line other than the log's
/// closing one, [`LOG_CLOSER`]); None when the line does not read as a step. `command_first` is
/// cleared when the step does not start with its command, as slotmark writes it (the steps'
/// lines are then not known, see [`step_lines`]).
#[inline(always)]
fn read_step_line(line: &str, command_first: &mut bool) -> Option<Step> {
    let step = line.strip_prefix("        ")?.strip_suffix(',')?;
    *command_first &= step.trim_start().starts_with("(command:");
    match super::quick::read::<Step>(step) {
        Some(step) => Some(step),
        None => ron::from_str::<Step>(step).ok(),
    }
}

/// The line that closes the log, without its line break.
pub(super) const LOG_CLOSER: &str = "    ],";

/// Whether `rest`, all of the file after the log's closing line, is what slotmark writes there:
/// the closing bracket, then nothing but blank lines and comments (the checksum), and whether
/// the file's cursor lies within its `steps`. If so, `file` is given the steps' lines when
/// `command_first` (each step's line started with its command); `opener` is the 0-based line
/// of `log: [`.
pub(super) fn close_log(
    rest: &str,
    file: &mut SessionFile,
    steps: usize,
    opener: usize,
    command_first: bool,
) -> Option<()> {
    let tail = rest.strip_prefix(")\n")?;
    if !tail
        .lines()
        .all(|l| l.trim().is_empty() || l.trim_start().starts_with("//"))
    {
        return None;
    }
    if file.cursor > steps {
        return None;
    }
    if command_first {
        file.step_lines = StepLines {
            first: opener + 2,
            count: steps,
        };
    }
    Some(())
}

impl<'t> QuickLog<'t> {
    /// The next line, without its line break; None past the text's last whole line.
    fn next_line(&mut self) -> Option<&'t str> {
        let end = *self.breaks.get(self.next)?;
        let line = self.text.get(self.start..end)?;
        self.next += 1;
        self.start = end + 1;
        Some(line)
    }
}

impl Iterator for QuickLog<'_> {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        if self.log.ended() {
            return None;
        }
        let line = self.next_line();
        self.log.step(line)
    }
}

/// A session file's text up to its log, read as [`read_quickly`] reads it both ways, for the
/// tests outside the crate that take their files from the demos: None when the quick reader
/// does not take it, else whether it reads what the RON parser does.
#[doc(hidden)]
pub fn reads_head_as_ron_does(text: &str) -> Option<bool> {
    let problem = RefCell::new(None);
    let seed = || FileSeed {
        problem: &problem,
        log_apart: true,
    };
    let quick = super::quick::read_spaced(text, seed())?;
    let Ok(ron) = ron::Options::default().from_str_seed(text, seed()) else {
        return Some(false);
    };
    Some(
        (
            &quick.written_by,
            quick.ruleset,
            quick.generation,
            quick.cursor,
        ) == (&ron.written_by, ron.ruleset, ron.generation, ron.cursor)
            && quick.initial == ron.initial
            && quick.state == ron.state
            && quick.entries == ron.entries,
    )
}

/// Line numbers of the log's steps, if the log is laid out one step per line right after its
/// `log: [` line; none when a hand edit changed that layout. `breaks` are the text's line
/// breaks.
fn step_lines(text: &str, breaks: &[usize], steps: usize) -> StepLines {
    const OPENER: &str = "\n    log: [\n";
    let Some(at) = memchr::memmem::rfind(text.as_bytes(), OPENER.as_bytes()) else {
        return StepLines::default();
    };
    let opener = breaks.partition_point(|&b| b <= at);
    let laid_out = (0..steps).all(|i| {
        line_at(text, breaks, opener + 1 + i)
            .is_some_and(|l| l.trim_start().starts_with("(command:"))
    });
    if laid_out {
        StepLines {
            first: opener + 2,
            count: steps,
        }
    } else {
        StepLines::default()
    }
}

/// `text` without the byte-order mark some editors (Windows Notepad) put at the start of a
/// UTF-8 file: it is not part of what the judge wrote.
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// [`without_bom`] of a text already owned, without a copy.
pub fn owned_without_bom(mut text: String) -> String {
    let bom = text.len() - without_bom(&text).len();
    text.drain(..bom);
    text
}

/// Writes one of the judge's library files (a bestiary, the kept encounters): `header` (a
/// comment line), `body` as RON, and the checksum line, whole or not at all. A file larger than
/// `limit` would be refused at every later start, so it is refused here instead, before
/// anything is written, with the words `too_big` gives for its size; `what` names the body in
/// the refusal when it cannot be written as RON.
pub(super) fn write_library(
    path: &Path,
    header: String,
    body: &impl serde::Serialize,
    what: &str,
    limit: u64,
    too_big: impl FnOnce(u64) -> String,
) -> Result<(), StoreError> {
    let mut text = header;
    text.push_str(
        &ron::ser::to_string_pretty(body, ron::ser::PrettyConfig::new()).map_err(|e| {
            StoreError::Io {
                path: path.to_path_buf(),
                message: format!("cannot write the {what} as RON: {e}"),
            }
        })?,
    );
    text.push('\n');
    let text = with_checksum(text);
    let bytes = text.len() as u64;
    if bytes > limit {
        return Err(StoreError::Io {
            path: path.to_path_buf(),
            message: too_big(bytes),
        });
    }
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).map_err(|e| StoreError::Io {
            path: dir.to_path_buf(),
            message: format!("cannot make the folder: {}", io_reason(&e)),
        })?;
    }
    super::atomic::write(path, text.as_bytes())
}

/// Reads one of the judge's library files as `T` from `text` (read within its limit): a
/// damaged block is named before what the parser makes of it, since a byte changed on one line
/// can stop the parser lines later, where the judge would find nothing wrong; a newer format is
/// said as such, whatever its last line.
pub(super) fn read_library<T: serde::de::DeserializeOwned>(
    path: &Path,
    text: &str,
    kind: FileKind,
    not_one: &str,
    hint: &str,
) -> Result<T, StoreError> {
    let read = read_versioned::<T>(path, text, kind, not_one);
    if !matches!(read, Err(StoreError::TooNew { .. })) {
        refuse_damaged(path, text, hint)?;
    }
    read
}

/// The text of a versioned RON file of `kind` (a sheet or a bestiary, named `path` in errors)
/// read into `T`. A format newer than this build reads is refused as that before anything else
/// is read, so the judge hears what to do rather than about a field the newer format added;
/// `not_one` starts the refusal of a text that does not read.
pub(super) fn read_versioned<T: serde::de::DeserializeOwned>(
    path: &Path,
    text: &str,
    kind: FileKind,
    not_one: &str,
) -> Result<T, StoreError> {
    #[derive(Deserialize)]
    struct Version {
        format_version: u32,
        #[serde(default)]
        slotmark_version: String,
    }
    let options = ron::Options::default();
    if let Ok(v) = options.from_str::<Version>(text)
        && v.format_version > kind.reads()
    {
        let line = text
            .lines()
            .position(|l| l.trim_start().starts_with("format_version"))
            .map_or(1, |i| i + 1);
        return Err(StoreError::TooNew {
            path: path.to_path_buf(),
            line,
            column: 1,
            kind,
            format_version: v.format_version,
            written_by: v.slotmark_version,
        });
    }
    options.from_str(text).map_err(|e| StoreError::Unreadable {
        path: path.to_path_buf(),
        line: e.span.start.line,
        column: e.span.start.col,
        message: format!("{not_one}: {}", describe(&e.code)),
    })
}

/// Reads a whole file as UTF-8 text, refusing anything larger than `limit` before reading it.
pub(super) fn read_text(path: &Path, limit: u64) -> Result<String, StoreError> {
    String::from_utf8(read_bytes(path, limit)?)
        .map_err(|e| not_text(path, &e.as_bytes()[..e.utf8_error().valid_up_to()]))
}

/// Reads a whole file, refusing anything larger than `limit` before reading it, and anything
/// that is not a regular file before opening it (reading a named pipe would wait forever).
pub(super) fn read_bytes(path: &Path, limit: u64) -> Result<Vec<u8>, StoreError> {
    let (file, size) = open_to_read(path, limit)?;
    let mut bytes = Vec::with_capacity(size as usize);
    super::pages::prefer_large_pages(&mut bytes);
    // `take` keeps the limit even if the file grows while it is read.
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| StoreError::io(path, "cannot read", &e))?;
    if bytes.len() as u64 > limit {
        return Err(StoreError::TooLarge {
            path: path.to_path_buf(),
            bytes: bytes.len() as u64,
            limit,
        });
    }
    Ok(bytes)
}

/// The file at `path` opened for reading, with its size; refused when it is larger than
/// `limit`, and when it is not a regular file, before it is opened (opening a named pipe would
/// wait forever) and again once it is.
pub(super) fn open_to_read(path: &Path, limit: u64) -> Result<(fs::File, u64), StoreError> {
    refuse_unless_regular(path)?;
    let file = fs::File::open(path).map_err(|e| StoreError::io(path, "cannot open", &e))?;
    let meta = file
        .metadata()
        .map_err(|e| StoreError::io(path, "cannot read", &e))?;
    // Checked again on the open file, in case the path changed in between.
    if let Some(kind) = not_regular(&meta) {
        return Err(not_regular_error(path, kind));
    }
    let size = meta.len();
    if size > limit {
        return Err(StoreError::TooLarge {
            path: path.to_path_buf(),
            bytes: size,
            limit,
        });
    }
    Ok((file, size))
}

/// What a path is when it is not a regular file ("a named pipe"), or None for a regular file.
pub fn not_regular(meta: &fs::Metadata) -> Option<&'static str> {
    let kind = meta.file_type();
    if kind.is_file() {
        return None;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Some("a named pipe");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
        if kind.is_char_device() || kind.is_block_device() {
            return Some("a device");
        }
    }
    Some(if kind.is_dir() {
        "a folder"
    } else {
        "neither a file nor a folder"
    })
}

/// The refusal for a path that is `kind` instead of a regular file.
pub(super) fn not_regular_error(path: &Path, kind: &str) -> StoreError {
    StoreError::Io {
        path: path.to_path_buf(),
        message: format!("this is {kind}; slotmark reads and writes regular files only"),
    }
}

/// Refuses a path that exists and is not a regular file, without opening it. A path that does
/// not exist passes (the caller's own open says so).
pub(super) fn refuse_unless_regular(path: &Path) -> Result<(), StoreError> {
    match fs::metadata(path) {
        Ok(meta) => match not_regular(&meta) {
            Some(kind) => Err(not_regular_error(path, kind)),
            None => Ok(()),
        },
        Err(_) => Ok(()),
    }
}

/// The error for a file whose text stops being UTF-8 right after `valid`.
pub(super) fn not_text(path: &Path, valid: &[u8]) -> StoreError {
    let (line, column) = position_after(valid);
    StoreError::Unreadable {
        path: path.to_path_buf(),
        line,
        column,
        message: "the file is not text (it holds bytes that are not UTF-8)".into(),
    }
}

/// The 1-based line and column just after `bytes` (columns count characters).
fn position_after(bytes: &[u8]) -> (usize, usize) {
    let text = String::from_utf8_lossy(bytes);
    let line = 1 + text.matches('\n').count();
    let column = 1 + text.rsplit('\n').next().map_or(0, |l| l.chars().count());
    (line, column)
}

/// The parser's complaint in words a judge can act on.
pub(super) fn describe(code: &ron::Error) -> String {
    match code {
        ron::Error::Eof => "the file ends too early (it may have been cut off)".into(),
        ron::Error::ExceededRecursionLimit => {
            "the file nests brackets deeper than any session does".into()
        }
        other => {
            let text = other.to_string();
            let mut chars = text.chars();
            match chars.next() {
                Some(first) => first.to_lowercase().chain(chars).collect(),
                None => "the file cannot be read".into(),
            }
        }
    }
}

struct FileSeed<'a> {
    problem: &'a RefCell<Option<HeaderProblem>>,
    /// The log is read apart from the rest (see [`read_quickly`]): the text given holds an
    /// empty one, so the cursor is checked against the real log afterwards.
    log_apart: bool,
}

const FIELDS: &[&str] = &[
    "slotmark_version",
    "format_version",
    "ruleset",
    "generation",
    "cursor",
    "initial",
    "state",
    "log",
];

impl<'de> DeserializeSeed<'de> for FileSeed<'_> {
    type Value = SessionFile;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<SessionFile, D::Error> {
        d.deserialize_struct("SessionFile", FIELDS, self)
    }
}

impl<'de> Visitor<'de> for FileSeed<'_> {
    type Value = SessionFile;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a slotmark session: ( format_version: ..., ruleset: ..., ... )")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<SessionFile, A::Error> {
        let mut written_by: Option<String> = None;
        let mut format_version: Option<u32> = None;
        let mut ruleset = None;
        let mut generation = None;
        let mut cursor = None;
        let mut initial: Option<SessionState> = None;
        let mut state: Option<SessionState> = None;
        let mut entries: Option<Vec<Step>> = None;
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "slotmark_version" => written_by = Some(map.next_value()?),
                "format_version" => {
                    let v: u32 = map.next_value()?;
                    if v > FORMAT_VERSION {
                        let by = written_by.clone().unwrap_or_default();
                        let message = too_new_message(FileKind::Session, v, &by);
                        *self.problem.borrow_mut() = Some(HeaderProblem::TooNew {
                            format_version: v,
                            written_by: by,
                        });
                        return Err(de::Error::custom(message));
                    }
                    if v == 0 {
                        return Err(de::Error::custom(
                            "format_version 0 does not exist; slotmark counts formats from 1",
                        ));
                    }
                    format_version = Some(v);
                }
                "ruleset" => {
                    let VariantName(name) = map.next_value()?;
                    match RulesetId::ALL
                        .iter()
                        .copied()
                        .find(|r| ron::to_string(r).is_ok_and(|n| n == name))
                    {
                        Some(r) => ruleset = Some(r),
                        None => {
                            let message = unknown_ruleset_message(&name);
                            *self.problem.borrow_mut() = Some(HeaderProblem::UnknownRuleset(name));
                            return Err(de::Error::custom(message));
                        }
                    }
                }
                "generation" => generation = Some(map.next_value()?),
                "cursor" => cursor = Some(map.next_value()?),
                "initial" => {
                    // Every later state comes from the rules; this one comes from the file.
                    let s: SessionState = map.next_value()?;
                    s.check().map_err(|why| {
                        de::Error::custom(format!("the starting state cannot be used: {why}"))
                    })?;
                    initial = Some(s);
                }
                "state" => state = Some(map.next_value()?),
                "log" => entries = Some(map.next_value()?),
                // A field this version does not know: files of the same format may carry extras.
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        let missing = |name: &str| de::Error::custom(format!("the file has no `{name}` field"));
        format_version.ok_or_else(|| missing("format_version"))?;
        let ruleset = ruleset.ok_or_else(|| missing("ruleset"))?;
        let cursor: usize = cursor.ok_or_else(|| missing("cursor"))?;
        let initial = initial.ok_or_else(|| missing("initial"))?;
        let state = state.ok_or_else(|| missing("state"))?;
        let entries = entries.ok_or_else(|| missing("log"))?;
        if cursor > entries.len() && !self.log_apart {
            return Err(de::Error::custom(format!(
                "the cursor is at {cursor} but the log has only {} steps",
                entries.len()
            )));
        }
        for (name, s) in [("initial", &initial), ("state", &state)] {
            if s.ruleset() != ruleset {
                return Err(de::Error::custom(format!(
                    "the {name} state is for the {} ruleset, but the file says {}",
                    s.ruleset(),
                    ruleset
                )));
            }
        }
        Ok(SessionFile {
            written_by: written_by.unwrap_or_default(),
            ruleset,
            generation: generation.unwrap_or(0),
            cursor,
            initial,
            state,
            entries,
            step_lines: StepLines::default(),
            damage: None,
        })
    }
}

/// Why a file of `kind` in `format_version`, newer than this build reads, is refused, and what
/// to do. `written_by` is the slotmark version the file names (empty when it names none).
pub(super) fn too_new_message(kind: FileKind, format_version: u32, written_by: &str) -> String {
    let what = kind.what();
    let reads = kind.reads();
    // Named only when it says more than "newer": the version is text from the file (escaped,
    // so the message stays on one line), and a build of this very version may write a newer
    // format while it is being made.
    let writer = if written_by.is_empty() || written_by == SLOTMARK_VERSION {
        "the slotmark that wrote it".to_string()
    } else {
        format!(
            "the slotmark that wrote it ({})",
            written_by.escape_default()
        )
    };
    format!(
        "this {what} was written by a newer slotmark (format {format_version}; this one, \
         slotmark {SLOTMARK_VERSION}, reads {what}s up to format {reads}); open it with \
         {writer}, or update slotmark"
    )
}

pub(super) fn unknown_ruleset_message(name: &str) -> String {
    let known: Vec<String> = RulesetId::ALL
        .iter()
        .filter_map(|r| ron::to_string(r).ok())
        .collect();
    format!(
        "the file uses the ruleset `{}`, which this slotmark does not know (it knows {})",
        name.escape_default(),
        known.join(", ")
    )
}

/// The name of an enum variant, whatever the enum: lets the header name a ruleset this build
/// does not have instead of failing with a generic parse error.
struct VariantName(String);

impl<'de> Deserialize<'de> for VariantName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = VariantName;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a ruleset name such as Slots")
            }
            fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<VariantName, A::Error> {
                let (Ident(name), variant) = data.variant()?;
                variant.unit_variant()?;
                Ok(VariantName(name))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<VariantName, E> {
                Ok(VariantName(v.to_string()))
            }
        }
        d.deserialize_enum("RulesetId", &[], V)
    }
}

/// An identifier read as text.
struct Ident(String);

impl<'de> Deserialize<'de> for Ident {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Ident;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a name")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Ident, E> {
                Ok(Ident(v.to_string()))
            }
        }
        d.deserialize_identifier(V)
    }
}

/// Formats an io error for a message: the OS text without the "(os error N)" suffix.
pub(super) fn io_reason(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "there is no such file".into(),
        io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => {
            let text = e.to_string();
            match text.find(" (os error") {
                Some(i) => text[..i].to_string(),
                None => text,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sums as first defined: the lines in blocks of [`SUM_BLOCK`], each hashed line by line.
    fn sums_by_line(text: &str) -> Vec<u32> {
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        lines
            .chunks(SUM_BLOCK)
            .map(|block| {
                let mut h = crc32fast::Hasher::new();
                for l in block {
                    h.update(l.as_bytes());
                }
                h.finalize()
            })
            .collect()
    }

    #[test]
    fn block_sums_are_the_sums_of_their_lines_at_every_length() {
        let mut text = String::new();
        for n in 0..70 {
            assert_eq!(block_sums(&text), sums_by_line(&text), "{n} lines");
            let unbroken = format!("{text}the last line, unbroken");
            assert_eq!(
                block_sums(&unbroken),
                sums_by_line(&unbroken),
                "{n} lines +1"
            );
            text.push_str(&"é line ".repeat(n % 7));
            text.push('\n');
        }
        assert!(block_sums("").is_empty());
    }
}
