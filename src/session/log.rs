//! The log: entries, a cursor for undo/redo, and checkpoints so that undo re-applies at most
//! [`CHECKPOINT_EVERY`] entries near the cursor, and at most [`SPARSE_EVERY`] the first time it
//! reaches far back (it leaves checkpoints on its way, so the next undos are quick again).

use super::{Command, Event, SessionState, apply, apply_quietly};
use crate::dice::{DiceSource, RecordedDice, Recorder, Roll, ScriptedDice};
use crate::rules::RuleError;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::{HashSet, VecDeque};
use std::num::NonZeroU64;
use std::ops::Range;
use std::sync::Arc;
use thiserror::Error;

/// A checkpoint is kept every this many entries.
pub const CHECKPOINT_EVERY: usize = 256;

/// Further back than [`DENSE_SPAN`] entries before the cursor, a checkpoint is kept only every
/// this many entries. A checkpoint holds a whole state (tens of kilobytes in the rulesets with
/// big sheets), so a long session kept one every [`CHECKPOINT_EVERY`] entries all the way back
/// would spend most of its memory on them; far back they are read only to rebuild old events
/// and for a deep undo, which can afford to re-apply a few thousand entries.
pub const SPARSE_EVERY: usize = 2048;

/// How far back from the cursor checkpoints stay [`CHECKPOINT_EVERY`] apart.
pub const DENSE_SPAN: usize = 4096;

/// Is a checkpoint after `at` entries worth keeping with the cursor at `cursor`?
fn kept(at: usize, cursor: usize) -> bool {
    at.is_multiple_of(SPARSE_EVERY) || at + DENSE_SPAN >= cursor
}

/// Events are held in memory for this many of the most recent steps. Older ones are rebuilt on
/// demand by replaying from the nearest checkpoint ([`Session::events`]): they are derived data,
/// exactly reproducible, and in a very long session they would otherwise be most of its memory.
pub const EVENTS_KEPT: usize = 2048;

/// When a step was taken at the table: whole seconds since 1970-01-01 UTC, read from the wall
/// clock by the frame (the screen) at the moment it logs the step. The rules never see
/// it: it is no part of replay, of `replay --verify` or of whether two states or entries are the
/// same, and steps saved before stamps existed simply have none.
///
/// Held as the seconds plus one in a non-zero integer, so that an entry's `Option<Stamp>` takes
/// 8 bytes rather than 16: every step of a long log holds one. The price is one value: a file's
/// stamp of `u64::MAX` (some 584 billion years after 1970, which no clock gives and the program
/// never wrote) is read as one second earlier. Every other value reads and writes back as it
/// was; the file keeps the plain number of seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Stamp(NonZeroU64);

impl Stamp {
    /// The stamp `secs` whole seconds after 1970-01-01 UTC (`u64::MAX` is read as one second
    /// less, see [`Stamp`]).
    pub fn new(secs: u64) -> Stamp {
        Stamp(NonZeroU64::MIN.saturating_add(secs.min(u64::MAX - 1)))
    }

    /// Whole seconds since 1970-01-01 UTC.
    pub fn secs(self) -> u64 {
        self.0.get() - 1
    }

    /// Whole seconds from `self` to `later`, or 0 when the clock went back.
    pub fn seconds_to(self, later: Stamp) -> u64 {
        later.secs().saturating_sub(self.secs())
    }
}

/// Written and read as the plain number of seconds.
impl Serialize for Stamp {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(self.secs())
    }
}

impl<'de> Deserialize<'de> for Stamp {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        u64::deserialize(d).map(Stamp::new)
    }
}

/// One applied command with the faces it drew. What it did (its events) the session holds apart
/// for the last [`EVENTS_KEPT`] steps and rebuilds for older ones: read them through
/// [`Session::events`]. Every step of a long log is held, and most would hold no events.
#[derive(Debug, Clone, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub command: Command,
    /// Boxed slices rather than vectors: a long log keeps every entry for the whole session, so
    /// neither spare capacity nor a capacity field is worth its bytes.
    #[serde(default)]
    pub rolls: Box<[Roll]>,
    /// When the step was taken, if the frame that took it said (see [`Stamp`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stamp: Option<Stamp>,
    /// Where the step stands in a fight, read from the ruleset's initiative before and after it
    /// (see [`FightMark`]); None outside fights. Derived as the step is applied or loaded, never
    /// written. Behind a pointer: most steps are outside fights, and every step of a long log is
    /// held; shared with a step just before that stands in the same place (most steps of a turn
    /// do), so a long fight holds one mark per turn rather than one per step.
    #[serde(skip)]
    pub fight: Option<Arc<FightMark>>,
}

/// What a step did to the fight, as the initiative read model tells it: whether it began or
/// ended one, the round after it, and whose turn it began. For the fight summary the frame
/// assembles, so no ruleset has to say when its fights begin, turn or end.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct FightMark {
    pub began: bool,
    pub ended: bool,
    /// The round under way after the step (the last round, when it ended the fight).
    pub round: u32,
    /// Whose turn the step began, when it began one. Shared: a long fight begins a turn for the
    /// same few fighters over and over, and every mark takes the one copy the session holds.
    pub turn: Option<Arc<str>>,
}

/// The round and who acts, by name, in the fight under way, if any.
type FightNow = Option<(u32, Option<String>)>;

/// Who acts is the fighter the ruleset names, or else everyone the strip shows acting at once
/// (a group in one of phase's phases), so a fight whose groups act together counts their turns.
fn fight_now(state: &SessionState) -> FightNow {
    let fight = state.game.initiative()?;
    let acting = match fight.acting {
        Some(id) => fight
            .order
            .iter()
            .find(|f| f.id == id)
            .map(|f| f.name.clone()),
        None => {
            let together: Vec<&str> = fight
                .order
                .iter()
                .filter(|f| f.standing == crate::rules::Standing::Acting)
                .map(|f| f.name.as_str())
                .collect();
            // The label keeps a group acting again in the next phase a turn of its own.
            (!together.is_empty()).then(|| format!("{}: {}", fight.label, together.join(", ")))
        }
    };
    Some((fight.round, acting))
}

/// The step's fight mark ([`fight_mark`]) as the copy `shared` holds, adding it when it is new.
/// A long fight turns over the same few rounds and fighters again and again, so the marks of a
/// whole campaign come to a few hundred, however many steps and turns share them.
fn shared_mark(before: &FightNow, after: &FightNow, shared: &mut Shared) -> Option<Arc<FightMark>> {
    let mark = fight_mark(before, after, &mut shared.words)?;
    if let Some(held) = shared.marks.get(&mark) {
        return Some(Arc::clone(held));
    }
    let mark = Arc::new(mark);
    shared.marks.insert(Arc::clone(&mark));
    Some(mark)
}

/// `word` as the copy `pool` holds, adding it when it is new.
fn shared_word(pool: &mut HashSet<Arc<str>>, word: &str) -> Arc<str> {
    if let Some(held) = pool.get(word) {
        return Arc::clone(held);
    }
    let word: Arc<str> = Arc::from(word);
    pool.insert(Arc::clone(&word));
    word
}

fn fight_mark(
    before: &FightNow,
    after: &FightNow,
    words: &mut HashSet<Arc<str>>,
) -> Option<FightMark> {
    let round = after.as_ref().or(before.as_ref())?.0;
    let turn = match (before, after) {
        (Some((_, was)), Some((_, Some(now)))) if was.as_ref() != Some(now) => {
            Some(shared_word(words, now))
        }
        (None, Some((_, Some(now)))) => Some(shared_word(words, now)),
        _ => None,
    };
    Some(FightMark {
        began: before.is_none(),
        ended: after.is_none(),
        round,
        turn,
    })
}

/// Two entries are the same step when they hold the same command and faces: when they were
/// taken is no part of it (see [`Stamp`]).
impl PartialEq for Entry {
    fn eq(&self, other: &Self) -> bool {
        self.command == other.command && self.rolls == other.rolls
    }
}

/// A step with what it did, as a journal line holds it: written and read exactly as an entry
/// with its events was (`command`, `rolls`, `events`, then `stamp` when there is one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Logged {
    pub entry: Entry,
    pub events: Box<[Event]>,
}

/// Reads as its entry.
impl std::ops::Deref for Logged {
    type Target = Entry;
    fn deref(&self) -> &Entry {
        &self.entry
    }
}

/// [`Logged`] borrowed, for writing.
#[derive(Serialize)]
#[serde(rename = "Entry")]
struct LoggedRef<'a> {
    command: &'a Command,
    rolls: &'a [Roll],
    events: &'a [Event],
    #[serde(skip_serializing_if = "Option::is_none")]
    stamp: Option<Stamp>,
}

/// [`Logged`] as read.
#[derive(Deserialize)]
#[serde(rename = "Entry")]
struct LoggedOwned {
    command: Command,
    #[serde(default)]
    rolls: Box<[Roll]>,
    #[serde(default)]
    events: Box<[Event]>,
    #[serde(default)]
    stamp: Option<Stamp>,
}

impl Serialize for Logged {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        LoggedRef {
            command: &self.entry.command,
            rolls: &self.entry.rolls,
            events: &self.events,
            stamp: self.entry.stamp,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Logged {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let read = LoggedOwned::deserialize(d)?;
        Ok(Logged {
            entry: Entry {
                command: read.command,
                rolls: read.rolls,
                stamp: read.stamp,
                fight: None,
            },
            events: read.events,
        })
    }
}

/// The step [`Session::execute`] just logged, with what it did. Reads as its entry.
#[derive(Debug, Clone, Copy)]
pub struct Applied<'a> {
    pub entry: &'a Entry,
    pub events: &'a [Event],
}

impl Applied<'_> {
    /// The step and its events, owned.
    pub fn to_logged(&self) -> Logged {
        Logged {
            entry: self.entry.clone(),
            events: self.events.into(),
        }
    }
}

impl std::ops::Deref for Applied<'_> {
    type Target = Entry;
    fn deref(&self) -> &Entry {
        self.entry
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SessionError {
    #[error(transparent)]
    Rule(#[from] RuleError),
    #[error("nothing to undo")]
    NothingToUndo,
    #[error("nothing to redo")]
    NothingToRedo,
    #[error("entry {index} of the log does not replay: {error}")]
    Replay { index: usize, error: RuleError },
    #[error("the log has {len} entries, so the cursor cannot be at {cursor}")]
    BadCursor { cursor: usize, len: usize },
}

/// A session with its log. `state` is always the state at `cursor`.
#[derive(Debug, Clone)]
pub struct Session {
    initial: SessionState,
    state: SessionState,
    entries: Vec<Entry>,
    cursor: usize,
    /// (entries applied, state then), ascending; the initial state is checkpoint 0.
    checkpoints: Vec<(usize, SessionState)>,
    /// Entries before this index have let their events go (see [`EVENTS_KEPT`]).
    events_from: usize,
    /// The events of entries `events_from..entries.len()`, in order.
    events: VecDeque<Box<[Event]>>,
    /// One copy of each thing the log repeats, shared by every step that holds it.
    shared: Shared,
}

/// What a long log repeats, held once and shared: rolls are drawn for the same few purposes, and
/// fights turn over the same rounds and fighters, over and over.
#[derive(Debug, Clone, Default)]
struct Shared {
    /// The purposes rolls were drawn for, and the names whose turns fight marks begin.
    words: HashSet<Arc<str>>,
    marks: HashSet<Arc<FightMark>>,
}

impl Session {
    pub fn new(initial: SessionState) -> Self {
        Session {
            state: initial.clone(),
            checkpoints: vec![(0, initial.clone())],
            initial,
            entries: Vec::new(),
            cursor: 0,
            events_from: 0,
            events: VecDeque::new(),
            shared: Shared::default(),
        }
    }

    /// Rebuilds a session from a saved initial state, log and cursor, re-applying every entry
    /// with its recorded faces.
    pub fn from_log(
        initial: SessionState,
        entries: Vec<Entry>,
        cursor: usize,
    ) -> Result<Self, SessionError> {
        check_cursor(cursor, entries.len())?;
        let mut session = Session::new(initial);
        let mut state = session.initial.clone();
        let mut entries = entries;
        let mut before = fight_now(&state);
        let keep_from = cursor.saturating_sub(EVENTS_KEPT);
        for (index, entry) in entries.iter_mut().enumerate() {
            // Events of steps that will not be kept are not made even while loading.
            if index < keep_from {
                replay_entry(&mut state, entry)
                    .map_err(|error| SessionError::Replay { index, error })?;
            } else {
                let mut dice = RecordedDice::new(&entry.rolls);
                let events = apply(&mut state, &entry.command, &mut dice)
                    .map_err(|error| SessionError::Replay { index, error })?;
                session.events.push_back(events.into_boxed_slice());
            }
            share_purposes(&mut session.shared.words, &mut entry.rolls);
            let after = fight_now(&state);
            entry.fight = shared_mark(&before, &after, &mut session.shared);
            before = after;
            session.loaded_step(index, cursor, &state);
        }
        Ok(session.loaded(entries, cursor, keep_from))
    }

    /// Rebuilds a session from a saved initial state and, for each step of its log, the command
    /// and the faces it drew. Each step is applied again with those faces and its rolls and
    /// events are recorded afresh, exactly as when it was first played. Faces a step no longer
    /// draws are ignored here (`store::verify` reports them).
    pub fn from_steps(
        initial: SessionState,
        steps: impl IntoIterator<Item = (Command, Vec<u16>)>,
        cursor: usize,
    ) -> Result<Self, SessionError> {
        let steps = steps.into_iter();
        let mut session = Session::new(initial);
        let mut entries = Vec::with_capacity(steps.size_hint().0);
        let mut state = session.initial.clone();
        let mut before = fight_now(&state);
        let keep_from = cursor.saturating_sub(EVENTS_KEPT);
        for (index, (command, faces)) in steps.enumerate() {
            let mut dice = ScriptedDice::new(faces);
            let mut recorder = Recorder::new(&mut dice);
            // Events of steps that will not be kept are not made even while loading.
            if index < keep_from {
                apply_quietly(&mut state, &command, &mut recorder)
                    .map_err(|error| SessionError::Replay { index, error })?;
            } else {
                let events = apply(&mut state, &command, &mut recorder)
                    .map_err(|error| SessionError::Replay { index, error })?;
                session.events.push_back(events.into_boxed_slice());
            }
            let after = fight_now(&state);
            let fight = shared_mark(&before, &after, &mut session.shared);
            let mut rolls = recorder.rolls.into_boxed_slice();
            share_purposes(&mut session.shared.words, &mut rolls);
            entries.push(Entry {
                command,
                rolls,
                stamp: None,
                fight,
            });
            before = after;
            session.loaded_step(index, cursor, &state);
        }
        check_cursor(cursor, entries.len())?;
        Ok(session.loaded(entries, cursor, keep_from))
    }

    /// While a session is rebuilt: after step `index` (whose state is `state`), keeps a
    /// checkpoint where one belongs and the state at the cursor.
    fn loaded_step(&mut self, index: usize, cursor: usize, state: &SessionState) {
        if (index + 1).is_multiple_of(CHECKPOINT_EVERY) && kept(index + 1, cursor) {
            self.checkpoints.push((index + 1, state.clone()));
        }
        if index + 1 == cursor {
            self.state = state.clone();
        }
    }

    /// The rebuilt session with its log, at `cursor`, keeping events from step `keep_from`.
    fn loaded(mut self, entries: Vec<Entry>, cursor: usize, keep_from: usize) -> Self {
        self.entries = entries;
        self.cursor = cursor;
        self.events_from = keep_from;
        if cursor == 0 {
            self.state = self.initial.clone();
        }
        self
    }

    pub fn state(&self) -> &SessionState {
        &self.state
    }

    pub fn initial(&self) -> &SessionState {
        &self.initial
    }

    /// Every entry, including the redo tail past the cursor.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The entries applied to reach the current state.
    pub fn applied(&self) -> &[Entry] {
        &self.entries[..self.cursor]
    }

    pub fn cursor(&self) -> usize {
        self.cursor
    }

    pub fn can_undo(&self) -> bool {
        self.cursor > 0
    }

    pub fn can_redo(&self) -> bool {
        self.cursor < self.entries.len()
    }

    /// Applies a command. On success the entry is logged (dropping any redo tail) and returned
    /// with its events; on error nothing changes.
    pub fn execute(
        &mut self,
        command: Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Applied<'_>, SessionError> {
        let command = super::veil::settle(self, command)?;
        // The command is applied to the state itself rather than to a copy: a whole state is
        // copied and dropped again at every step otherwise. A refused command may have changed
        // part of it, so then the state is rebuilt from the log, which it always follows.
        let before = fight_now(&self.state);
        let mut recorder = Recorder::new(dice);
        let events = match apply(&mut self.state, &command, &mut recorder) {
            Ok(events) => events,
            Err(refused) => {
                self.state = self.state_at(self.cursor)?;
                return Err(refused.into());
            }
        };
        let mut rolls = recorder.rolls.into_boxed_slice();
        share_purposes(&mut self.shared.words, &mut rolls);
        self.entries.truncate(self.cursor);
        let fight = shared_mark(&before, &fight_now(&self.state), &mut self.shared);
        self.events_from = self.events_from.min(self.cursor);
        self.events.truncate(self.cursor - self.events_from);
        self.checkpoints.retain(|(at, _)| *at <= self.cursor);
        self.entries.push(Entry {
            command,
            rolls,
            stamp: None,
            fight,
        });
        self.events.push_back(events.into_boxed_slice());
        self.cursor += 1;
        self.maybe_checkpoint();
        self.forget_old_events();
        Ok(self.last_applied())
    }

    /// The step just before the cursor with its events; the cursor must be past one.
    fn last_applied(&self) -> Applied<'_> {
        let index = self.cursor - 1;
        Applied {
            entry: &self.entries[index],
            events: self.held_events(index).unwrap_or(&[]),
        }
    }

    /// The events of entry `index` when the session holds them.
    fn held_events(&self, index: usize) -> Option<&[Event]> {
        let at = index.checked_sub(self.events_from)?;
        self.events.get(at).map(|e| &**e)
    }

    /// Marks when the last applied step was taken (the frame calls it as it logs the step);
    /// returns that step. Changes no state: a stamp is no part of replay.
    pub fn stamp_last(&mut self, stamp: Option<Stamp>) -> Option<&Entry> {
        let last = self.cursor.checked_sub(1)?;
        let entry = self.entries.get_mut(last)?;
        entry.stamp = stamp;
        Some(entry)
    }

    /// Puts back the stamps a file kept, one per step in the log's order (for loading).
    pub fn restore_stamps(&mut self, stamps: impl IntoIterator<Item = Option<Stamp>>) {
        for (entry, stamp) in self.entries.iter_mut().zip(stamps) {
            entry.stamp = stamp;
        }
    }

    /// Steps back one entry; returns the entry undone.
    pub fn undo(&mut self) -> Result<&Entry, SessionError> {
        if self.cursor == 0 {
            return Err(SessionError::NothingToUndo);
        }
        let target = self.cursor - 1;
        self.state = self.state_at_leaving_checkpoints(target)?;
        self.cursor = target;
        Ok(&self.entries[target])
    }

    /// Takes back the step just applied as if it had never been made: the state goes back and
    /// the entry leaves the log (no redo tail). For a step that could not be saved. Only the
    /// last entry can be taken back, and only while the cursor is past it.
    pub fn retract(&mut self) -> Result<Entry, SessionError> {
        if self.cursor == 0 || self.cursor != self.entries.len() {
            return Err(SessionError::NothingToUndo);
        }
        let target = self.cursor - 1;
        self.state = self.state_at_leaving_checkpoints(target)?;
        self.cursor = target;
        self.events_from = self.events_from.min(target);
        self.checkpoints.retain(|(at, _)| *at <= target);
        let entry = self.entries.pop().ok_or(SessionError::NothingToUndo)?;
        self.events.truncate(self.entries.len() - self.events_from);
        Ok(entry)
    }

    /// Re-applies the next entry with its recorded faces; returns it.
    pub fn redo(&mut self) -> Result<&Entry, SessionError> {
        if self.cursor >= self.entries.len() {
            return Err(SessionError::NothingToRedo);
        }
        let index = self.cursor;
        let mut next = self.state.clone();
        replay_entry(&mut next, &self.entries[index])
            .map_err(|error| SessionError::Replay { index, error })?;
        self.state = next;
        self.cursor += 1;
        self.maybe_checkpoint();
        self.forget_old_events();
        Ok(&self.entries[index])
    }

    /// The state after the first `at` entries, from the nearest checkpoint at or before it.
    pub fn state_at(&self, at: usize) -> Result<SessionState, SessionError> {
        if at > self.entries.len() {
            return Err(SessionError::BadCursor {
                cursor: at,
                len: self.entries.len(),
            });
        }
        let (from, base) = self
            .checkpoints
            .iter()
            .rev()
            .find(|(n, _)| *n <= at)
            .map(|(n, s)| (*n, s))
            .unwrap_or((0, &self.initial));
        let mut state = base.clone();
        for index in from..at {
            replay_entry(&mut state, &self.entries[index])
                .map_err(|error| SessionError::Replay { index, error })?;
        }
        Ok(state)
    }

    /// [`Session::state_at`] for a cursor about to move to `at`: the checkpoints it passes on
    /// the way from a sparse one are kept, so undoing on from there re-applies few entries.
    fn state_at_leaving_checkpoints(&mut self, at: usize) -> Result<SessionState, SessionError> {
        let Some(base) = self.checkpoints.iter().rposition(|(n, _)| *n <= at) else {
            return self.state_at(at);
        };
        let from = self.checkpoints[base].0;
        if at - from <= CHECKPOINT_EVERY {
            return self.state_at(at);
        }
        let mut state = self.checkpoints[base].1.clone();
        let mut passed = Vec::new();
        for index in from..at {
            replay_entry(&mut state, &self.entries[index])
                .map_err(|error| SessionError::Replay { index, error })?;
            if (index + 1).is_multiple_of(CHECKPOINT_EVERY) {
                passed.push((index + 1, state.clone()));
            }
        }
        let after = base + 1;
        self.checkpoints.splice(after..after, passed);
        Ok(state)
    }

    /// The events of entry `index`: held for recent steps, rebuilt for older ones.
    pub fn events(&self, index: usize) -> Cow<'_, [Event]> {
        match self.entries.get(index) {
            None => Cow::Borrowed(&[]),
            Some(_) if index >= self.events_from => {
                Cow::Borrowed(self.held_events(index).unwrap_or(&[]))
            }
            Some(_) => Cow::Owned(
                self.rebuild_events(index, index + 1)
                    .pop()
                    .unwrap_or_default(),
            ),
        }
    }

    /// The events of every entry in `range`, in order, rebuilding older ones in a single pass.
    pub fn events_in(&self, range: Range<usize>) -> Vec<Cow<'_, [Event]>> {
        let end = range.end.min(self.entries.len());
        let start = range.start.min(end);
        let rebuilt_end = end.min(self.events_from).max(start);
        let mut out: Vec<Cow<'_, [Event]>> = self
            .rebuild_events(start, rebuilt_end)
            .into_iter()
            .map(Cow::Owned)
            .collect();
        out.extend((rebuilt_end..end).map(|i| Cow::Borrowed(self.held_events(i).unwrap_or(&[]))));
        out
    }

    /// Replays entries `start..end` from the nearest checkpoint and returns their events. An
    /// accepted log always replays; were it ever not to, the rest come back empty rather than
    /// failing the screen or the recap.
    fn rebuild_events(&self, start: usize, end: usize) -> Vec<Vec<Event>> {
        if start >= end {
            return Vec::new();
        }
        let (from, base) = self
            .checkpoints
            .iter()
            .rev()
            .find(|(n, _)| *n <= start)
            .map(|(n, s)| (*n, s))
            .unwrap_or((0, &self.initial));
        let mut state = base.clone();
        let mut out = Vec::with_capacity(end - start);
        for (index, entry) in self.entries[from..end].iter().enumerate() {
            let mut dice = RecordedDice::new(&entry.rolls);
            if from + index < start {
                if apply_quietly(&mut state, &entry.command, &mut dice).is_err() {
                    break;
                }
                continue;
            }
            match apply(&mut state, &entry.command, &mut dice) {
                Ok(events) => out.push(events),
                Err(_) => break,
            }
        }
        out.resize_with(end - start, Vec::new);
        out
    }

    /// Lets go of the events of steps older than the last [`EVENTS_KEPT`] before the cursor.
    fn forget_old_events(&mut self) {
        let keep_from = self.cursor.saturating_sub(EVENTS_KEPT);
        while self.events_from < keep_from {
            self.events.pop_front();
            self.events_from += 1;
        }
    }

    /// Keeps a checkpoint every [`CHECKPOINT_EVERY`] entries, and lets go of those that fell
    /// further back than [`DENSE_SPAN`] off the sparse grid ([`SPARSE_EVERY`]).
    fn maybe_checkpoint(&mut self) {
        if self.cursor.is_multiple_of(CHECKPOINT_EVERY)
            && !self.checkpoints.iter().any(|(at, _)| *at == self.cursor)
        {
            // Checkpoints past the cursor (a redo tail's) come after it: keep them in order.
            let at = self.checkpoints.partition_point(|(n, _)| *n < self.cursor);
            self.checkpoints
                .insert(at, (self.cursor, self.state.clone()));
            let cursor = self.cursor;
            self.checkpoints.retain(|(n, _)| kept(*n, cursor));
        }
    }

    /// The steps whose events the session holds; the others' are rebuilt when asked for
    /// ([`Session::events`]). For the memory tests.
    pub fn events_held(&self) -> Range<usize> {
        self.events_from..self.events_from + self.events.len()
    }

    /// How many checkpoints the session holds (each a whole state): for the memory tests.
    pub fn checkpoint_count(&self) -> usize {
        self.checkpoints.len()
    }
}

/// Refuses a saved cursor past the end of a log of `len` steps.
fn check_cursor(cursor: usize, len: usize) -> Result<(), SessionError> {
    if cursor > len {
        return Err(SessionError::BadCursor { cursor, len });
    }
    Ok(())
}

/// Makes each roll's purpose the copy `pool` holds, adding those it lacks.
fn share_purposes(pool: &mut HashSet<Arc<str>>, rolls: &mut [Roll]) {
    for roll in rolls {
        roll.purpose = shared_word(pool, &roll.purpose);
    }
}

/// Re-applies one entry with the faces it recorded.
pub(crate) fn replay_entry(state: &mut SessionState, entry: &Entry) -> Result<(), RuleError> {
    let mut dice = RecordedDice::new(&entry.rolls);
    apply_quietly(state, &entry.command, &mut dice as &mut dyn DiceSource)
}

/// Replays a whole log from the initial state.
pub fn replay(initial: &SessionState, entries: &[Entry]) -> Result<SessionState, SessionError> {
    let mut state = initial.clone();
    for (index, entry) in entries.iter().enumerate() {
        replay_entry(&mut state, entry).map_err(|error| SessionError::Replay { index, error })?;
    }
    Ok(state)
}
