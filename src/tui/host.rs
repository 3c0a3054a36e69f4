//! The open session as the frame holds it, and what the frame offers every ruleset's screen:
//! running a command (journalled before it is drawn), undo and redo, messages, the dice, and the
//! frame's own dialogs (the waiting roll, question and group roll, the palette, typed dice, help).
//! A ruleset's screen keeps its own view state behind [`SheetView`], which the frame only asks
//! which dialog is open.

use std::any::Any;
use std::path::PathBuf;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use tui_input::Input;

use super::form::Form;
use super::keymap::{Action, Ctx};
use crate::dice::{DiceError, DiceSource, LiveDice, ManualDice, ScriptedDice};
use crate::rules::{Answer, PendingView, Role, RuleError};
use crate::session::{self, Command, Entry, Session, SessionError};
use crate::store::{JournalRecord, Store};

/// The smallest terminal the screens are drawn in; below it a plain message asks for more room.
pub const MIN_WIDTH: u16 = 70;
pub const MIN_HEIGHT: u16 = 20;

/// Where the faces come from.
pub enum DiceSourceKind {
    Live(Box<LiveDice>),
    Scripted(ScriptedDice),
}

/// The dice the screen rolls with, and whether the judge types the table's faces instead.
pub struct Dice {
    pub source: DiceSourceKind,
    pub typed: bool,
}

impl Dice {
    pub fn live(seed: Option<u64>) -> Dice {
        Dice {
            source: DiceSourceKind::Live(Box::new(
                seed.map_or_else(LiveDice::from_entropy, LiveDice::seeded),
            )),
            typed: false,
        }
    }

    pub fn scripted(faces: impl IntoIterator<Item = u16>) -> Dice {
        Dice {
            source: DiceSourceKind::Scripted(ScriptedDice::new(faces)),
            typed: false,
        }
    }

    fn source(&mut self) -> &mut dyn DiceSource {
        match &mut self.source {
            DiceSourceKind::Live(d) => d.as_mut(),
            DiceSourceKind::Scripted(d) => d,
        }
    }
}

/// Is the session safe on disk?
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaveState {
    /// Every change so far is in the journal.
    Saved,
    /// Writing failed; the text says why. The next change retries with a full save.
    Failed(String),
    /// No file behind this session (it could not be created).
    Memory(String),
    /// Played without a file because the judge chose to (the saves folder cannot be written):
    /// every step is marked unsaved until `:save as PATH` writes them.
    Unsaved(String),
    /// The screen shows the state the file saved while the whole file opens.
    Opening,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MessageKind {
    Info,
    Error,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub text: String,
    pub kind: MessageKind,
}

/// What a region of the last frame stands for, so a click can select it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hit {
    /// A character on the roster (the ruleset's id).
    Character(u32),
    /// A row of the sheet (a slot, in the slot system).
    Row(u8),
    /// A line of the roll log: its step and its place among the step's events.
    LogLine(usize, usize),
    /// The roll log's folded line of setting-up steps.
    LogFold,
    Recent(usize),
    Die(usize),
    Option(usize),
    Member(usize),
    /// A name on the combat strip: clicking it starts that character's turn.
    Actor(u32),
    /// An entry of a list in a ruleset's own panel (a zone in the scene editor).
    Entry(usize),
}

/// The main screen's view state.
#[derive(Debug, Clone, Default)]
pub struct View {
    /// The selected character (the ruleset's id).
    pub selected: Option<u32>,
    /// The highlighted row of the selected sheet (a slot, in the slot system); 0 when it has none.
    pub row: u8,
    /// Lines scrolled back from the newest in the roll log.
    pub log_scroll: usize,
    /// The log line clicked or highlighted (index from the newest).
    pub log_selected: Option<(usize, usize)>,
    /// The highlighted die, option or member of the pending roll or decision.
    pub pending_sel: usize,
    /// The log cursor `pending_sel` was set at; a new cursor resets it to the proposal.
    pub pending_at: Option<usize>,
    /// The first member chosen for a group-check swap.
    pub swap_first: Option<u32>,
    /// The entry highlighted in a ruleset's own panel (a zone in the scene editor).
    pub panel_sel: usize,
    /// Rows the sheet is scrolled down, for the character `sheet_scroll_of` (another
    /// selected starts at the top).
    pub sheet_scroll: u16,
    pub sheet_scroll_of: Option<u32>,
    /// Rows the sheet last drawn had beyond its panel: how far it scrolls.
    pub sheet_more: std::cell::Cell<u16>,
    /// The roll log shows the setting-up steps one by one instead of folded into one line.
    pub log_unfolded: bool,
    /// The search of the roll log being typed or kept: its lines are marked in the log.
    pub search: Option<LogSearch>,
}

impl View {
    /// The row the selected character's sheet is drawn from.
    pub fn sheet_from(&self) -> u16 {
        if self.sheet_scroll_of == self.selected {
            self.sheet_scroll
        } else {
            0
        }
    }
}

/// A search of the roll log: the text looked for, and the line the log was moved to.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LogSearch {
    pub text: String,
    /// The match the log shows (step and place among the step's lines).
    pub at: Option<(usize, usize)>,
    /// Which match that is, counted from the newest (1-based), and how many there are; counted
    /// when the search is kept.
    pub place: Option<(usize, usize)>,
}

/// The `:` palette.
#[derive(Debug, Clone, Default)]
pub struct Palette {
    pub input: Input,
    pub error: Option<(String, Option<usize>)>,
    pub completions: Vec<String>,
    pub history_pos: Option<usize>,
    /// The line shown was run and refused by the rules: it is shown as refused, and the next
    /// `:` starts a new line instead of adding to it.
    pub refused: bool,
    /// The line is a player's proposal the judge is changing (`e`): the proposal is answered
    /// "changed" only when a line runs, and waits again if the palette closes without one.
    pub for_proposal: bool,
}

/// Waiting for the face of a physical die: the command is retried with every face so far.
#[derive(Debug, Clone)]
pub struct FacePrompt {
    pub command: Command,
    pub faces: Vec<u16>,
    pub sides: u16,
    pub purpose: String,
    pub input: Input,
    pub error: Option<String>,
}

pub enum Overlay {
    /// The help, over whatever dialog was open (`back` comes back when it closes).
    Help {
        scroll: u16,
        /// The furthest the help scrolls on the screen it was last drawn on, so a key held
        /// past its end is not kept to be undone by as many presses back.
        most: std::cell::Cell<u16>,
        under: Ctx,
        back: Option<Box<Overlay>>,
    },
    Palette(Palette),
    Face(FacePrompt),
    /// Selecting a sheet by the first letters of its name.
    Jump(JumpPrompt),
    /// Typing a search of the roll log.
    Search(SearchPrompt),
    /// Picking a creature to add.
    Pick(PickPrompt),
    /// A player character's page, as the links file told it when last looked at.
    Link(LinkLook),
}

/// What the judge's screen found of the players' pages when it last looked: the links file's
/// addresses, no page served, no session file to serve (None), or why the file cannot be read.
#[derive(Debug, Clone)]
pub struct LinkLook {
    pub found: Option<Result<crate::store::Served, String>>,
}

/// A creature the picker offers, as the session's ruleset makes it: its kind, the name it would
/// come in with now ("Goblin 3"), where it is from, and the ruleset's command that adds it on
/// the opponents' side.
#[derive(Clone)]
pub struct Arrival {
    pub kind: String,
    pub name: String,
    pub from: &'static str,
    pub add: crate::rules::GameCommand,
    /// The command that adds one of this kind under another name (for a kept encounter's
    /// several of a kind).
    pub make: std::rc::Rc<dyn Fn(&str) -> crate::rules::GameCommand>,
    /// Whether a name of this kind is numbered from the first ("Goblin 1"), or only from the
    /// second (the plain tracker's "Ogre", "Ogre 2").
    pub numbered: bool,
}

impl std::fmt::Debug for Arrival {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Arrival")
            .field("kind", &self.kind)
            .field("name", &self.name)
            .field("from", &self.from)
            .field("add", &self.add)
            .finish()
    }
}

/// An encounter the picker offers: its name, how many of it would come, and, for one kept in
/// the judge's library, the commands that add its creatures (empty for one of the session's).
#[derive(Debug, Clone)]
pub struct Gathering {
    pub name: String,
    pub count: usize,
    pub add: Vec<crate::rules::GameCommand>,
}

/// The creature picker: the encounters that can come into the fight under way (listed first),
/// every creature the ruleset offers, the letters typed to filter them, the highlighted one
/// among those that match, and whether the players see it come in.
#[derive(Debug, Clone, Default)]
pub struct PickPrompt {
    pub encounters: Vec<Gathering>,
    pub arrivals: Vec<Arrival>,
    pub typed: String,
    /// Place of the highlighted creature among those that match.
    pub sel: usize,
    pub seen: bool,
}

/// The text typed so far to search the log, and how the log stood before (Esc puts it back).
#[derive(Debug, Clone, Default)]
pub struct SearchPrompt {
    pub typed: String,
    pub back_scroll: usize,
    pub back_selected: Option<(usize, usize)>,
    pub back_search: Option<LogSearch>,
    /// No line of the log has what is typed.
    pub missed: bool,
}

/// The letters typed so far to jump to a name, and who was selected before (Esc goes back).
#[derive(Debug, Clone, Default)]
pub struct JumpPrompt {
    pub typed: String,
    pub back: Option<u32>,
    /// No name matches what is typed.
    pub missed: bool,
}

/// A ruleset screen's own view state: its open dialog and whatever else it remembers between
/// keys. The frame asks it only which dialog is open; the ruleset's screen reaches its own type
/// through `Any`.
pub trait SheetView: Any {
    /// The context of the ruleset's open dialog, if one is open.
    fn dialog(&self) -> Option<Ctx>;
    /// Closes the ruleset's open dialog.
    fn close(&mut self);
    /// The text field of the open dialog, for pasting into.
    fn input(&mut self) -> Option<&mut Input> {
        None
    }
    /// Is the open dialog's focused field one that takes typing (so `?` types rather than
    /// opening the help)?
    fn typing(&self) -> bool {
        false
    }
}

/// A step the session took since the ruleset's screen last looked, so it can follow it (select
/// whoever acts now, open the window a step calls for, sum up what time changed).
#[derive(Debug, Clone)]
pub enum Step {
    Applied(session::Logged),
    Undone(Entry),
    Redone(Entry),
}

/// An open session.
pub struct Main {
    pub session: Session,
    pub store: Option<Store>,
    pub save: SaveState,
    pub view: View,
    pub overlay: Option<Overlay>,
    pub message: Option<Message>,
    pub history: Vec<String>,
    /// Something the store said about the last write, for the next message.
    pub notice: Option<String>,
    /// The ruleset screen's own view state.
    pub sheet: Box<dyn SheetView>,
    /// Steps taken since the ruleset's screen last followed them.
    pub steps: Vec<Step>,
    /// Keep the next step that rolls from the players' table view: a secret roll is being
    /// made again (re-rolled, or with the table's dice typed in).
    pub secret_next: bool,
    /// Show the next step that rolls at the players' table view although its kind is kept
    /// secret by default: the judge unticked a roll form's secret switch.
    pub show_next: bool,
    /// The wall clock that stamps each step as it is logged ([`crate::store::wall_clock`];
    /// tests set a fixed one).
    pub clock: fn() -> Option<session::Stamp>,
    /// Whose turn the screen last saw under way (the initiative's `acting`), so a new turn
    /// selects its actor once and the judge's own pick holds for the rest of that turn.
    pub turn: Option<Turn>,
    /// While the file's log is still being read behind the screen: how many steps of it come
    /// before the state the session started from. `session` then holds the steps made since
    /// (numbered after those), and what reaches further back says it is loading.
    pub loading: Option<usize>,
    /// The players' proposals to the session's file, when it has one.
    pub mail: Option<super::mail::Mail>,
}

/// A turn as the initiative names it: the round, who or what holds it, and who acts in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    pub round: u32,
    pub label: String,
    pub acting: Vec<u32>,
}

/// What running a command came to.
pub enum Exec {
    Done,
    Failed(String),
    /// Opened a prompt for a physical die's face.
    Asked,
}

/// What a key did to a form, once the keymap had its say.
pub enum FormStep {
    Submit,
    Cancel,
    Changed,
    Ignored,
}

pub fn form_key<P>(form: &mut Form<P>, action: Option<Action>, key: KeyEvent) -> FormStep {
    if form.yes && !form.typing() && key.code == KeyCode::Char('y') {
        return FormStep::Submit;
    }
    let plain_char =
        matches!(key.code, KeyCode::Char(_)) && !key.modifiers.contains(KeyModifiers::CONTROL);
    let text_key = plain_char
        || matches!(
            key.code,
            KeyCode::Backspace | KeyCode::Delete | KeyCode::Home | KeyCode::End
        )
        || (form.typing() && matches!(key.code, KeyCode::Left | KeyCode::Right));
    if form.typing() && text_key {
        form.error = None;
        return if form.type_key(key) {
            FormStep::Changed
        } else {
            FormStep::Ignored
        };
    }
    let step = match action {
        Some(Action::Accept) if form.fatal => {
            // The warning already names who dies and the keys: Enter leaves it whole.
            if !form
                .error
                .as_ref()
                .is_some_and(|e| e.contains(crate::tui::form::DEATH_KEYS))
            {
                form.error = Some(crate::tui::form::DEATH_KEYS.to_string());
            }
            return FormStep::Changed;
        }
        Some(Action::Accept) => return FormStep::Submit,
        Some(Action::Cancel) => return FormStep::Cancel,
        Some(Action::Up) => {
            form.focus_prev();
            true
        }
        Some(Action::Down) => {
            form.focus_next();
            true
        }
        Some(Action::Change) => form.change(true, key.code == KeyCode::Char(' ')),
        Some(Action::ChangeBack) => form.change(false, false),
        Some(Action::MoreAdvantage) => form.shift_edge(1),
        Some(Action::MoreDisadvantage) => form.shift_edge(-1),
        _ => form.type_key(key),
    };
    if step {
        form.error = None;
        FormStep::Changed
    } else {
        FormStep::Ignored
    }
}

impl Main {
    /// Where the keyboard goes: the frame's own dialog, else the ruleset's, else what waits for
    /// the judge, else the main screen.
    pub fn ctx(&self) -> Ctx {
        match &self.overlay {
            Some(Overlay::Help { .. }) => Ctx::Help,
            Some(Overlay::Palette(_)) => Ctx::Palette,
            Some(Overlay::Face(_)) => Ctx::Face,
            Some(Overlay::Jump(_)) => Ctx::Jump,
            Some(Overlay::Search(_)) => Ctx::Search,
            Some(Overlay::Pick(_)) => Ctx::Pick,
            Some(Overlay::Link(_)) => Ctx::Link,
            None => {
                if let Some(ctx) = self.sheet.dialog() {
                    return ctx;
                }
                match self.session.state().game.pending() {
                    Some(PendingView::Roll(_)) => Ctx::Roll,
                    Some(PendingView::Group(_)) => Ctx::Group,
                    Some(PendingView::Question(_)) => Ctx::Decide,
                    None if self.proposal().is_some() => {
                        if self.mail.as_ref().is_some_and(|m| m.word.is_some()) {
                            Ctx::Decline
                        } else {
                            Ctx::Proposal
                        }
                    }
                    None if self.view.search.is_some() => Ctx::Found,
                    None => Ctx::Main,
                }
            }
        }
    }

    /// Everyone in roster order (the ruleset's ids), group by group as the roster lists them.
    pub fn roster(&self) -> Vec<u32> {
        self.session
            .state()
            .gathered_roster()
            .into_iter()
            .flat_map(|g| g.members.into_iter().map(|m| m.id))
            .collect()
    }

    /// The names of everyone on the roster, in its order.
    pub fn roster_names(&self) -> Vec<String> {
        self.session.state().game.roster_names()
    }

    /// Selects the next one in roster order (`forward`) or the one before, round from the
    /// last to the first; false when the roster is empty.
    pub fn step_selection(&mut self, forward: bool) -> bool {
        let roster = self.roster();
        if roster.is_empty() {
            return false;
        }
        let at = self
            .view
            .selected
            .and_then(|w| roster.iter().position(|&r| r == w))
            .unwrap_or(0);
        let next = if forward {
            (at + 1) % roster.len()
        } else {
            (at + roster.len() - 1) % roster.len()
        };
        self.view.selected = Some(roster[next]);
        true
    }

    /// Keeps the selection on someone who exists; resets the pending highlight when a new roll
    /// or decision comes up. The ruleset's screen keeps its own rows in range after this.
    pub fn fix_selection(&mut self) {
        let roster = self.roster();
        if self.view.selected.is_none_or(|id| !roster.contains(&id)) {
            self.view.selected = roster.first().copied();
        }
        let cursor = self.session.cursor();
        if self.view.pending_at != Some(cursor) {
            self.view.pending_at = Some(cursor);
            self.view.pending_sel = self.proposed_index();
            self.view.swap_first = None;
        }
    }

    /// The turn in focus: when a turn begins (the initiative names a new actor, or a new group
    /// acting together), its actor is selected, so the keys act on it; a pick by the judge during
    /// the turn stands until the next one begins. Read from the initiative every ruleset fills,
    /// never from a ruleset's own types.
    pub fn follow_turn(&mut self) {
        let Some(init) = self.session.state().game.initiative() else {
            self.turn = None;
            return;
        };
        let acting: Vec<u32> = match init.acting {
            Some(id) => vec![id],
            None => init
                .order
                .iter()
                .filter(|f| f.standing == crate::rules::Standing::Acting)
                .map(|f| f.id)
                .collect(),
        };
        let turn = Turn {
            round: init.round,
            label: init.label,
            acting,
        };
        if self.turn.as_ref() == Some(&turn) {
            return;
        }
        let roster = self.roster();
        let keep = self
            .view
            .selected
            .is_some_and(|id| turn.acting.contains(&id));
        if !keep && let Some(&id) = turn.acting.iter().find(|id| roster.contains(id)) {
            self.view.selected = Some(id);
        }
        self.turn = Some(turn);
    }

    /// The index of the proposal in the front pending item's choices.
    fn proposed_index(&self) -> usize {
        match self.session.state().game.pending() {
            Some(PendingView::Roll(r)) => r.picked,
            Some(PendingView::Question(q)) => q.proposed,
            _ => 0,
        }
    }

    pub(crate) fn say(&mut self, text: impl Into<String>) {
        self.message = Some(Message {
            text: text.into(),
            kind: MessageKind::Info,
        });
    }

    /// Who of the roster the players do not see. A fight its key starts leaves them out: an
    /// unseen creature joins only when the judge names it.
    pub(crate) fn unseen(&self) -> std::collections::BTreeSet<u32> {
        let state = self.session.state();
        state.veil.unseen(&state.game.roster())
    }

    pub(crate) fn complain(&mut self, text: impl Into<String>) {
        self.message = Some(Message {
            text: text.into(),
            kind: MessageKind::Error,
        });
    }

    /// Writes one record to the journal, or the whole session after a failed write, and says
    /// whether it reached the disk. What is on screen is what is on disk: a step that could not
    /// be written is taken back by the caller, and the header says why.
    pub(crate) fn journal(&mut self, record: JournalRecord) -> Result<(), String> {
        // A new step is stamped with the time as it is logged, before it is written.
        let record = match record {
            JournalRecord::Apply(mut logged) => {
                if let Some(entry) = self.session.stamp_last((self.clock)()) {
                    logged.entry = entry.clone();
                }
                JournalRecord::Apply(logged)
            }
            other => other,
        };
        let Some(store) = &mut self.store else {
            return Ok(());
        };
        let result = match self.save {
            SaveState::Saved => store.journal_step(&record, &self.session),
            _ => store.compact(&self.session),
        };
        match result {
            Ok(()) => {
                self.save = SaveState::Saved;
                if let Some(notice) = store.take_notice() {
                    self.notice = Some(notice);
                }
                Ok(())
            }
            Err(e) => {
                let why = e.to_string();
                self.save = SaveState::Failed(why.clone());
                Err(why)
            }
        }
    }

    /// Writes the whole session to a new file at `path` and carries on there: the way out when
    /// the session's own file cannot be written (a full disk, a pulled stick).
    pub(crate) fn save_as(&mut self, path: &str) {
        if self.needs_log("saving the whole session") {
            return;
        }
        let path = PathBuf::from(path.trim());
        match Store::create(&path, &self.session) {
            Ok(store) => {
                self.store = Some(store);
                self.save = SaveState::Saved;
                self.say(format!(
                    "Saved the whole session to {}; every change from now on goes there",
                    path.display()
                ));
            }
            Err(e) => self.complain(format!("could not save there: {e}")),
        }
    }

    /// The refusal of what needs the log's earlier steps while they are read.
    fn loading_refusal(what: &str) -> String {
        format!(
            "not done: the log is still loading, and {what} needs its earlier steps; try again \
             in a moment"
        )
    }

    /// The refusal shown when a step could not be written.
    pub(crate) fn not_written(why: &str) -> String {
        format!(
            "not done: it could not be saved ({why}). Nothing else changed; free some space, or \
             :save as PATH to carry on in another file"
        )
    }

    /// Runs a command through the session, journals it, and says what happened. Typed dice
    /// (`faces`) are used when the judge types the table's dice; a missing face opens a prompt.
    pub(crate) fn run(
        &mut self,
        command: Command,
        dice: &mut Dice,
        faces: Option<Vec<u16>>,
    ) -> Exec {
        let typed = faces.is_some() || dice.typed;
        // Every fight starts as the frame starts it (the party always in, never without a foe).
        let command = crate::script::framed(command, self.session.state());
        // Steps are numbered from the session's start, which is still being read.
        if matches!(command, Command::Secret { .. }) && self.loading.is_some() {
            return Exec::Failed(Self::loading_refusal("keeping a roll secret or showing it"));
        }
        let kept_before = match self.secret_before(&command, dice) {
            Ok(kept) => kept,
            Err(why) => return Exec::Failed(why),
        };
        let result = if typed {
            let faces = faces.unwrap_or_default();
            let mut manual = ManualDice::new(faces.clone());
            match self.session.execute(command.clone(), &mut manual) {
                Err(SessionError::Rule(RuleError::Dice(DiceError::NeedFace {
                    sides,
                    purpose,
                }))) => {
                    self.overlay = Some(Overlay::Face(FacePrompt {
                        command,
                        faces,
                        sides,
                        purpose,
                        input: Input::default(),
                        error: None,
                    }));
                    // The secret stays in the log while the faces are typed: the roll it
                    // covers is the next step, whatever faces it gets.
                    return Exec::Asked;
                }
                other => other.map(|a| a.to_logged()),
            }
        } else {
            self.session
                .execute(command, dice.source())
                .map(|a| a.to_logged())
        };
        match result {
            Ok(logged) => {
                if let Err(why) = self.journal(JournalRecord::Apply(logged.clone())) {
                    // The step never reached the disk: take it back so the screen shows what is
                    // saved.
                    let _ = self.session.retract();
                    return Exec::Failed(Self::not_written(&why));
                }
                let summary = summarize(&logged.events);
                match self.notice.take() {
                    Some(notice) => self.complain(format!("{summary}. Note: {notice}")),
                    None => self.say(summary),
                }
                if !logged.entry.rolls.is_empty() {
                    self.secret_next = false;
                    self.show_next = false;
                }
                self.steps.push(Step::Applied(logged));
                self.fix_selection();
                // A new step is what the judge wants to read: the log comes back to it.
                self.view.log_scroll = 0;
                Exec::Done
            }
            Err(e) => {
                if kept_before {
                    // The roll was refused: the secret made for it goes too.
                    self.drop_secret_before();
                }
                Exec::Failed(e.to_string())
            }
        }
    }

    /// Is the command a roll (of the rules, or the judge's own) the table may not see?
    fn rolls(command: &Command) -> bool {
        match command {
            Command::Game(game) => game.role() == Role::Rolls,
            Command::Fight { start, .. } => start.role() == Role::Rolls,
            Command::Roll { .. } | Command::RollOn(_) => true,
            _ => false,
        }
    }

    /// Before a roll kept from the players' table view (armed by the judge, or a secret roll
    /// made again), logs the secret for the step it will be, so no follower of the journal
    /// ever reads its dice in the open. True when a secret was logged now.
    fn secret_before(&mut self, command: &Command, dice: &mut Dice) -> Result<bool, String> {
        let veil = &self.session.state().veil;
        let kind = session::kind_of(command);
        // A form's switch left off shows a roll of a kind kept secret by default.
        let show = !self.secret_next
            && self.show_next
            && kind.is_some_and(|k| veil.secret_kinds.contains(&k));
        if !(self.secret_next || show) || !(Self::rolls(command) || kind.is_some()) {
            return Ok(false);
        }
        if self.loading.is_some() {
            return Err(Self::loading_refusal("a roll kept secret or shown"));
        }
        let next = self.session.cursor() as u32 + 1;
        if veil.secret.contains(&next) || (show && veil.shown.contains(&next)) {
            // Logged already (the faces of this roll are being typed one by one).
            return Ok(false);
        }
        let secret = Command::Secret {
            step: Some(next),
            secret: !show,
        };
        let entry = self
            .session
            .execute(secret, dice.source())
            .map_err(|e| e.to_string())?
            .to_logged();
        if let Err(why) = self.journal(JournalRecord::Apply(entry)) {
            let _ = self.session.retract();
            return Err(Self::not_written(&why));
        }
        Ok(true)
    }

    /// Takes back a secret logged for a roll that was then refused or given up.
    pub(crate) fn drop_secret_before(&mut self) {
        let cursor = self.session.cursor();
        let last_is_it = self.session.applied().last().is_some_and(
            |e| matches!(e.command, Command::Secret { step: Some(s), .. } if s as usize == cursor),
        );
        if last_is_it && self.session.undo().is_ok() && self.journal(JournalRecord::Undo).is_err() {
            let _ = self.session.redo();
        }
    }

    /// Runs a command from a key: a refusal goes to the status line.
    pub(crate) fn run_key(&mut self, command: Command, dice: &mut Dice) -> bool {
        if let Exec::Failed(why) = self.run(command, dice, None) {
            self.complain(why);
        }
        true
    }

    /// Says that what the judge asked for needs the part of the log still being read, when it
    /// does: true then.
    pub(crate) fn needs_log(&mut self, what: &str) -> bool {
        if self.loading.is_none() {
            return false;
        }
        self.complain(format!(
            "the log is still loading: {what} needs its earlier steps; try again in a moment"
        ));
        true
    }

    pub(crate) fn undo(&mut self) -> bool {
        if !self.session.can_undo() && self.needs_log("undo") {
            return true;
        }
        match self.session.undo().cloned() {
            Ok(entry) => {
                if let Err(why) = self.journal(JournalRecord::Undo) {
                    let _ = self.session.redo();
                    self.complain(Self::not_written(&why));
                    return true;
                }
                let undone = self.session.events(self.session.cursor());
                let what = summarize_step(&undone, &entry.command, self.session.state());
                self.say(format!("Undone: {what}"));
                self.steps.push(Step::Undone(entry));
            }
            Err(e) => self.complain(e.to_string()),
        }
        true
    }

    pub(crate) fn redo(&mut self) -> bool {
        // A step made since opening leaves nothing of the file's to redo.
        if self.session.entries().is_empty() && self.needs_log("redo") {
            return true;
        }
        match self.session.redo().cloned() {
            Ok(entry) => {
                if let Err(why) = self.journal(JournalRecord::Redo) {
                    let _ = self.session.undo();
                    self.complain(Self::not_written(&why));
                    return true;
                }
                let redone = self.session.events(self.session.cursor() - 1);
                let what = summarize_step(&redone, &entry.command, self.session.state());
                self.say(format!("Redone: {what}"));
                self.steps.push(Step::Redone(entry));
            }
            Err(e) => self.complain(e.to_string()),
        }
        true
    }

    /// The main screen's keys every ruleset shares: undo and redo, the palette, moving along
    /// the roster, scrolling the log, the dice mode. None for a key of the ruleset's own.
    pub fn frame_key(&mut self, action: Action, dice: &mut Dice) -> Option<bool> {
        Some(match action {
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::Palette => {
                self.overlay = Some(Overlay::Palette(Palette::default()));
                true
            }
            Action::Jump => {
                self.overlay = Some(Overlay::Jump(JumpPrompt {
                    back: self.view.selected,
                    ..JumpPrompt::default()
                }));
                true
            }
            Action::Link => self.open_link(),
            Action::Search => {
                if !self.needs_log("searching the log") {
                    self.open_search();
                }
                true
            }
            Action::NextChar | Action::PrevChar => self.step_selection(action == Action::NextChar),
            Action::Hide => {
                let Some(id) = self.view.selected else {
                    self.complain("select someone on the roster first (Tab)");
                    return Some(true);
                };
                // One key both ways: an unseen creature is revealed, a seen one veiled.
                let state = self.session.state();
                let hidden = !state.veil.unseen(&state.game.roster()).contains(&id);
                self.run_key(Command::Hide { id, hidden }, dice)
            }
            Action::LogOlder => {
                // Never past the oldest step, so PgDn comes straight back.
                let oldest = self.session.cursor().saturating_sub(1);
                if self.view.log_scroll >= oldest && self.needs_log("scrolling further back") {
                    return Some(true);
                }
                self.view.log_scroll = self.view.log_scroll.saturating_add(5).min(oldest);
                true
            }
            Action::SheetDown | Action::SheetUp => {
                if self.view.sheet_scroll_of != self.view.selected {
                    self.view.sheet_scroll = 0;
                    self.view.sheet_scroll_of = self.view.selected;
                }
                let most = self.view.sheet_more.get();
                self.view.sheet_scroll = if action == Action::SheetDown {
                    self.view.sheet_scroll.saturating_add(3).min(most)
                } else {
                    self.view.sheet_scroll.min(most).saturating_sub(3)
                };
                true
            }
            Action::LogNewer => {
                self.view.log_scroll = self.view.log_scroll.saturating_sub(5);
                true
            }
            Action::DiceMode => {
                dice.typed = !dice.typed;
                self.say(if dice.typed {
                    "Dice: the judge types the faces the table rolls"
                } else {
                    "Dice: rolled live by slotmark"
                });
                true
            }
            _ => return None,
        })
    }

    // ---- The sheet (no dialog open)

    // ---- Typed dice

    // ---- The pending roll, group and decision

    /// Answers what waits for the judge through the ruleset; an answer that does not fit goes to
    /// the status line.
    pub(crate) fn answer(&mut self, answer: Answer, dice: &mut Dice) -> bool {
        match self.session.state().game.answer(answer) {
            Ok(command) => self.run_key(Command::Game(command), dice),
            Err(why) => {
                self.complain(why.to_string());
                true
            }
        }
    }

    // ---- Mouse

    /// A click the frame answers (a name on the roster, a log line, a die or an answer of what
    /// waits); false for anything else, which the ruleset's screen may take.
    pub fn click(&mut self, ctx: Ctx, hit: Hit) -> bool {
        match (ctx, hit) {
            (Ctx::Main, Hit::Character(id)) => {
                self.view.selected = Some(id);
                true
            }
            (Ctx::Main, Hit::LogFold) => {
                self.view.log_unfolded = true;
                true
            }
            (Ctx::Main, Hit::LogLine(step, k)) => {
                self.view.log_selected = if self.view.log_selected == Some((step, k)) {
                    None
                } else {
                    Some((step, k))
                };
                true
            }
            (
                Ctx::Roll | Ctx::Decide | Ctx::Group,
                Hit::Die(i) | Hit::Option(i) | Hit::Member(i),
            ) => {
                if ctx == Ctx::Roll {
                    // A click picks the die, as its digit would.
                    if let Some(PendingView::Roll(r)) = self.session.state().game.pending()
                        && i < r.dice.len()
                        && i != r.picked
                    {
                        return match self.session.state().game.answer(Answer::Pick(i)) {
                            Ok(command) => self.run_key_no_dice(Command::Game(command)),
                            Err(why) => {
                                self.complain(why.to_string());
                                true
                            }
                        };
                    }
                    return false;
                }
                self.view.pending_sel = i;
                true
            }
            _ => false,
        }
    }

    /// For commands that roll nothing (a pick): no dice source is needed.
    pub(crate) fn run_key_no_dice(&mut self, command: Command) -> bool {
        let mut none = ScriptedDice::new([]);
        match self
            .session
            .execute(command, &mut none)
            .map(|a| a.to_logged())
        {
            Ok(logged) => {
                if let Err(why) = self.journal(JournalRecord::Apply(logged.clone())) {
                    let _ = self.session.retract();
                    self.complain(Self::not_written(&why));
                    return true;
                }
                let summary = summarize(&logged.events);
                self.say(summary);
                self.steps.push(Step::Applied(logged));
                self.view.log_scroll = 0;
            }
            Err(e) => self.complain(e.to_string()),
        }
        true
    }
}

/// One line naming a step undone or redone: what it did, from its events; a step that said
/// nothing (a roll still waiting for its dice) by its line in the command language, its names
/// read in `state`.
pub fn summarize_step(
    events: &[session::Event],
    command: &Command,
    state: &session::SessionState,
) -> String {
    if !events.is_empty() {
        return summarize(events);
    }
    let written = crate::script::write(command, state);
    match written.form {
        crate::script::Form::Words => format!("the step `{}`", written.text),
        crate::script::Form::Data => "a step that had said nothing yet".into(),
    }
}

/// One line saying what a step did, from its events.
pub fn summarize(events: &[session::Event]) -> String {
    match events {
        [] => "Done".into(),
        [one] => one.to_string(),
        many => many
            .iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join("; "),
    }
}
