//! A session file's log read a piece at a time, for `replay --verify`.
//!
//! A long session's file is several megabytes, most of it its log. Read whole before anything
//! else, each line has long left the processor's caches by the time its checksum is taken and
//! again by the time it is parsed. Read in pieces of [`PIECE`] bytes into one buffer, each piece's
//! line breaks are found, its lines summed for the checksum and parsed one by one (each step
//! replayed by the caller before the next is read) while the piece is still in the cache.
//!
//! Only a file laid out as slotmark writes it is read this way, and only as far as it is: a
//! text that is not UTF-8, a log laid out otherwise, a line that does not read, a file that
//! grows past the size limit, a failed read, each ends the reading here without a word, and
//! the caller reads the whole file, which names what is wrong as it always did. What this reads,
//! when it reads the file to its end, is what [`super::file::QuickLog`] reads from the whole
//! text.

use super::StoreError;
use super::file::{self, BlockSums, LOG_CLOSER, LogLines, SessionFile, Step};
use std::fs;
use std::io::Read;
use std::path::Path;

/// The bytes read at a time. Small enough that a piece stays in the processor's first-level
/// data cache (48 KiB here) from the read through its line breaks and checksums to its lines'
/// parse, with the replay in between; large enough that the calls to read it cost next to
/// nothing. Measured on a 100,000-step file: pieces of 16 to 128 KiB take the same time within
/// the noise, and 16 KiB misses the first-level cache least (a third as often as 128 KiB).
pub(super) const PIECE: usize = 16 << 10;

/// The steps of a session file's log, read one at a time from the file itself (see the module's
/// comment). Made by [`PieceLog::open`]; [`PieceLog::close`] then says whether the whole file
/// read as slotmark writes it and holds its checksum.
pub(super) struct PieceLog {
    file: fs::File,
    /// The bytes read so far, and how many the file may hold.
    read: u64,
    limit: u64,
    /// The bytes to read at a time.
    piece: usize,
    /// The whole lines of what was read last, checked to be UTF-8 once, and their line breaks;
    /// the unfinished line after them waits in `carry`. The buffers are kept from piece to
    /// piece.
    text: String,
    breaks: Vec<usize>,
    carry: Vec<u8>,
    /// The index in `breaks` of the end of the next line, and where that line starts.
    line: usize,
    start: usize,
    /// The lines before this index in `breaks` are in `sums`.
    summed: usize,
    /// The checksums of every line up to the log's closing line, taken as they are read.
    sums: BlockSums,
    /// The 0-based line of `log: [`.
    opener: usize,
    log: LogLines,
}

impl PieceLog {
    /// The file at `path` refused as [`file::read_bytes`] refuses it (not a regular file,
    /// larger than `limit`, not to be opened), or its part before the log read, with its steps
    /// ready to be read `piece` bytes at a time. Ok(None) when that part is not laid out as
    /// slotmark writes it or does not read.
    pub(super) fn open(
        path: &Path,
        limit: u64,
        piece: usize,
    ) -> Result<Option<(SessionFile, Self)>, StoreError> {
        let (file, size) = file::open_to_read(path, limit)?;
        let piece = piece.max(1);
        let mut log = PieceLog {
            file,
            read: 0,
            limit,
            piece,
            text: String::with_capacity(piece),
            // About one line per 40 bytes in a long log.
            breaks: Vec::with_capacity(piece / 32 + 1),
            carry: Vec::new(),
            line: 0,
            start: 0,
            summed: 0,
            sums: BlockSums::with_capacity(usize::try_from(size / 512).unwrap_or(0) + 1),
            opener: 0,
            log: LogLines::START,
        };
        Ok(log.read_head().map(|head| (head, log)))
    }

    /// Reads up to the `log: [` line (the first after the file's first line) and reads the
    /// text before it, as [`super::file::QuickLog::open`] does.
    fn read_head(&mut self) -> Option<SessionFile> {
        let mut head = String::new();
        let mut lines_before = 0;
        loop {
            if !self.refill()? {
                return None;
            }
            let bytes = self.text.as_bytes();
            // Where the `log: [` line starts, whole and after a line break: the first line of
            // this piece (after a piece before it) or a line found after a break inside it.
            let opener = if lines_before > 0 && bytes.starts_with(b"    log: [\n") {
                Some(0)
            } else {
                memchr::memmem::find(bytes, b"\n    log: [\n").map(|at| at + 1)
            };
            if let Some(start) = opener {
                // The index of the break that ends it.
                let i = self.breaks.partition_point(|&b| b < start);
                let end = *self.breaks.get(i)?;
                head.push_str(&self.text[..start]);
                // The head ends before the line break ahead of `log: [`.
                head.pop();
                self.sums.add(&bytes[..=end], 0, &self.breaks[..=i]);
                self.opener = lines_before + i;
                self.line = i + 1;
                self.summed = i + 1;
                self.start = end + 1;
                return file::read_head_part(head);
            }
            head.push_str(&self.text);
            self.sums.add(bytes, 0, &self.breaks);
            lines_before += self.breaks.len();
        }
    }

    /// Reads on, after the unfinished line the last piece ended with, until at least one more
    /// line is whole, and takes what is whole as the text to go through. Some(false) at the
    /// file's end; None when a read fails, the file passes the limit or what is read is not
    /// UTF-8.
    fn refill(&mut self) -> Option<bool> {
        let mut bytes = std::mem::take(&mut self.text).into_bytes();
        bytes.clear();
        bytes.extend_from_slice(&self.carry);
        self.carry.clear();
        self.breaks.clear();
        self.line = 0;
        self.start = 0;
        self.summed = 0;
        // What was carried over holds no line break.
        let mut searched = bytes.len();
        let complete = loop {
            if bytes.len() == bytes.capacity() {
                // A line longer than a piece: the buffer grows to hold it.
                bytes.reserve(self.piece);
            }
            let room = (bytes.capacity() - bytes.len()) as u64;
            let n = (&mut self.file).take(room).read_to_end(&mut bytes).ok()?;
            if n == 0 {
                return Some(false);
            }
            self.read += n as u64;
            if self.read > self.limit {
                return None;
            }
            if let Some(at) = memchr::memrchr(b'\n', &bytes[searched..]) {
                break searched + at + 1;
            }
            searched = bytes.len();
        };
        self.carry.extend_from_slice(&bytes[complete..]);
        bytes.truncate(complete);
        self.text = String::from_utf8(bytes).ok()?;
        self.breaks
            .extend(memchr::memchr_iter(b'\n', self.text.as_bytes()));
        Some(true)
    }

    /// Adds the lines from the next one on to the sums: up to the end of the piece's whole
    /// lines, or up to the first line that may close the log. What follows the log is summed
    /// apart, once it is known which line is the checksum, which is not summed.
    fn sum_lines(&mut self) {
        let bytes = self.text.as_bytes();
        let mut start = self.start;
        let mut upto = self.breaks.len();
        for (i, &end) in self.breaks.iter().enumerate().skip(self.line) {
            if &bytes[start..end] == LOG_CLOSER.as_bytes() {
                upto = i + 1;
                break;
            }
            start = end + 1;
        }
        if let Some(&last) = upto.checked_sub(1).and_then(|i| self.breaks.get(i)) {
            let lines = &self.breaks[self.line..upto];
            self.sums.add(&bytes[..=last], self.start, lines);
        }
        self.summed = upto;
    }

    /// Where the next line lies in `text`, without its line break, reading the next piece
    /// first when it is needed; None at the file's end, or when the piece does not read.
    fn next_line(&mut self) -> Option<(usize, usize)> {
        if self.line == self.breaks.len() && !self.refill()? {
            return None;
        }
        if self.line == self.summed {
            self.sum_lines();
        }
        let end = *self.breaks.get(self.line)?;
        let start = self.start;
        self.line += 1;
        self.start = end + 1;
        Some((start, end))
    }

    /// Reads the rest of the file and says whether the whole file read as slotmark writes it
    /// (as [`super::file::QuickLog::close`] says) and holds the checksum it was saved with.
    /// The caller reads every step first.
    pub(super) fn close(mut self, file: &mut SessionFile, steps: usize) -> Option<()> {
        if self.next().is_some() || !self.log.whole() {
            return None;
        }
        let mut rest = self.text.as_bytes().get(self.start..)?.to_vec();
        rest.extend_from_slice(&self.carry);
        let left = self.limit - self.read;
        let more = (&mut self.file)
            .take(left.saturating_add(1))
            .read_to_end(&mut rest)
            .ok()?;
        if more as u64 > left {
            return None;
        }
        let rest = String::from_utf8(rest).ok()?;
        file::close_log(&rest, file, steps, self.opener, self.log.command_first)?;
        // `close_log` found the closing bracket's line at the start of `rest`.
        file::damage_with(self.sums, &rest).is_none().then_some(())
    }
}

impl Iterator for PieceLog {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        if self.log.ended() {
            return None;
        }
        let line = self.next_line();
        let line = line.and_then(|(start, end)| self.text.get(start..end));
        self.log.step(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::ScriptedDice;
    use crate::rules::RulesetId;
    use crate::session::{Command, Session, SessionState};

    /// A file as slotmark writes it, of some hundred lines, one of its notes longer than the
    /// smaller pieces below.
    fn written() -> String {
        let mut session = Session::new(SessionState::new("Pieces", RulesetId::Plain));
        for n in 0..300 {
            let note = match n {
                150 => "a long note, é ".repeat(40),
                _ => format!("note {n}"),
            };
            session
                .execute(Command::Note(note), &mut ScriptedDice::new([]))
                .unwrap();
        }
        file::render(&session, 3).unwrap()
    }

    /// What the file at `path` reads as in pieces of `piece` bytes: the part before the log,
    /// the steps, and whether it closes.
    fn read(path: &Path, piece: usize) -> Option<(SessionFile, Vec<Step>, Option<()>)> {
        let (mut head, mut log) = PieceLog::open(path, u64::MAX, piece).unwrap()?;
        let steps: Vec<Step> = log.by_ref().collect();
        let closed = log.close(&mut head, steps.len());
        Some((head, steps, closed))
    }

    /// Whatever the size of the pieces, a file as slotmark writes it reads to its end, to the
    /// steps and step lines the reading of the whole text gives.
    #[test]
    fn a_written_file_reads_in_pieces_of_any_size_as_it_reads_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.ron");
        let text = written();
        std::fs::write(&path, &text).unwrap();
        let whole = file::parse(&path, &text).unwrap();
        assert_eq!(whole.damage, None);
        for piece in [1, 2, 61, 100, 997, 4096, PIECE] {
            let (head, steps, closed) = read(&path, piece).unwrap();
            assert_eq!(closed, Some(()), "{piece}");
            assert_eq!(steps, whole.entries, "{piece}");
            assert_eq!(head.step_lines, whole.step_lines, "{piece}");
            assert_eq!(head.state, whole.state, "{piece}");
        }
    }

    /// A damaged byte anywhere after the log's first lines, an added line after the checksum or
    /// a file cut short is never read to its end, in pieces of any size.
    #[test]
    fn a_damaged_file_does_not_close() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.ron");
        let text = written();
        let log = text.find("\n    log: [\n").unwrap() + 12;
        let mut cases = Vec::new();
        for i in (log..text.len() - 1).step_by(173) {
            let mut bytes = text.clone().into_bytes();
            bytes[i] = if bytes[i] == b'0' { b'1' } else { b'0' };
            cases.push(bytes);
        }
        cases.push(format!("{text}(\n").into_bytes());
        cases.push(text.as_bytes()[..text.len() - 30].to_vec());
        for bytes in cases {
            std::fs::write(&path, &bytes).unwrap();
            for piece in [1, 61, 4096, PIECE] {
                let closed = read(&path, piece).and_then(|(_, _, closed)| closed);
                assert_eq!(closed, None, "{piece}: {}", String::from_utf8_lossy(&bytes));
            }
        }
    }
}
