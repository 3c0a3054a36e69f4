//! The screen's state and its answer to every key and click. The app owns view state only
//! (selection, focus, the open dialog, scroll); the session is changed solely through
//! `Session::execute`, `undo` and `redo`, and every change is written to the journal before it is
//! drawn.

use std::path::{Path, PathBuf};

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::{Position, Rect};
use tui_input::Input;
use tui_input::backend::crossterm::EventHandler;

use super::form::{Field, FieldKind, Form};
use super::keymap::{self, Action, Ctx};
use super::sheets::slots::clock_keys::Summary;
use super::sheets::slots::fight::InterruptWindow;
use super::theme::Theme;
use crate::content::{self, Library};
use crate::dice::{DiceError, DiceSource, Edge, LiveDice, ManualDice, ScriptedDice};
use crate::rules::slots::{
    self, AttackKind, AttackSpec, CharId, CheckKind, Condition, Defense, Item, Pending, Prop,
    Region, Senses, Side, SlotNo, State, StatusFlag, Wound, ZoneId,
};
use crate::rules::{Answer, GameState, PendingView, RuleError, RulesetId};
use crate::script::{self, Line};
use crate::session::{self, Command, Session, SessionError, SessionState};
use crate::store::{self, JournalRecord, SessionSummary, Store};

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
    Character(CharId),
    Slot(SlotNo),
    /// A line of the roll log: its step and its place among the step's events.
    LogLine(usize, usize),
    Recent(usize),
    Die(usize),
    Option(usize),
    Member(usize),
    /// A name on the combat strip: clicking it starts that character's turn.
    Actor(CharId),
    /// A zone in the scene editor's list.
    Zone(usize),
}

/// The start screen.
pub struct StartView {
    pub recent: Vec<SessionSummary>,
    pub selected: usize,
    pub prompt: Option<Form<FormPurpose>>,
    pub error: Option<String>,
}

/// The main screen's view state.
#[derive(Debug, Clone, Default)]
pub struct View {
    pub selected: Option<CharId>,
    pub slot: SlotNo,
    /// Lines scrolled back from the newest in the roll log.
    pub log_scroll: usize,
    /// The log line clicked or highlighted (index from the newest).
    pub log_selected: Option<(usize, usize)>,
    /// The highlighted die, option or member of the pending roll or decision.
    pub pending_sel: usize,
    /// The log cursor `pending_sel` was set at; a new cursor resets it to the proposal.
    pub pending_at: Option<usize>,
    /// The first member chosen for a group-check swap.
    pub swap_first: Option<CharId>,
    /// The zone highlighted in the scene editor (an index into the scene's zones).
    pub scene_sel: usize,
}

/// What a form gathers values for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FormPurpose {
    NewSession,
    Check {
        who: CharId,
        terrain: bool,
    },
    Stealth {
        who: CharId,
    },
    /// `attacker` set: the selected character attacks; otherwise `target` is attacked.
    /// `warned`: the judge has seen the out-of-range warning, so Enter rolls anyway.
    Attack {
        attacker: Option<CharId>,
        target: Option<CharId>,
        warned: bool,
    },
    Fall {
        who: CharId,
    },
    Group,
    NewChar,
    EditChar {
        who: CharId,
    },
    Item {
        who: CharId,
        slot: SlotNo,
    },
    MoveItem {
        who: CharId,
        from: SlotNo,
    },
    StartFight,
    EndFight,
    /// A setup in the actor's own words.
    Setup,
    Task,
    NewScene,
    AddZone,
    /// Link (or unlink) the zone `from` with the one chosen.
    LinkZone {
        from: ZoneId,
    },
    /// Hide (or show) the zone `from` from the one chosen.
    HideZone {
        from: ZoneId,
    },
}

impl FormPurpose {
    /// Forms opened from the scene editor go back to it when they close.
    pub fn from_scene(&self) -> bool {
        matches!(
            self,
            FormPurpose::NewScene
                | FormPurpose::AddZone
                | FormPurpose::LinkZone { .. }
                | FormPurpose::HideZone { .. }
        )
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChoicePurpose {
    Wound {
        who: CharId,
        slot: SlotNo,
    },
    Mark {
        who: CharId,
        slot: SlotNo,
    },
    Worsen {
        who: CharId,
    },
    Clear {
        who: CharId,
        slot: SlotNo,
    },
    Status {
        who: CharId,
    },
    /// What the actor sets up (R35).
    Setup,
    /// Did the interruption stop or hurt the actor (R35)? `stop_proposed` is the proposal.
    Ruling {
        stop_proposed: bool,
    },
}

/// A one-key choice.
#[derive(Debug, Clone)]
pub struct Choice {
    pub title: String,
    pub purpose: ChoicePurpose,
    pub options: Vec<(char, String)>,
    pub error: Option<String>,
    /// A line under the options (why a choice is proposed).
    pub note: Option<String>,
}

/// Searching the item library for a slot.
#[derive(Debug, Clone)]
pub struct Picker {
    pub who: CharId,
    pub slot: SlotNo,
    pub input: Input,
    pub selected: usize,
}

/// The `:` palette.
#[derive(Debug, Clone, Default)]
pub struct Palette {
    pub input: Input,
    pub error: Option<(String, Option<usize>)>,
    pub completions: Vec<String>,
    pub history_pos: Option<usize>,
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
        under: Ctx,
        back: Option<Box<Overlay>>,
    },
    Palette(Palette),
    Form(Form<FormPurpose>),
    Choice(Choice),
    Picker(Picker),
    Face(FacePrompt),
    Interrupt(InterruptWindow),
    Summary(Summary),
    Scene,
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
}

pub enum Screen {
    Start(Box<StartView>),
    Main(Box<Main>),
}

pub struct App {
    pub theme: Theme,
    pub saves: PathBuf,
    pub dice: Dice,
    pub screen: Screen,
    pub library: Library,
    pub quit: bool,
    /// Regions of the last frame that answer clicks.
    pub hits: Vec<(Rect, Hit)>,
    /// The size of the last frame.
    pub area: Rect,
    /// The journal is folded into the file once it holds this many steps (see
    /// [`store::SCREEN_FOLD_EVERY`]; `SLOTMARK_FOLD_EVERY` sets it).
    pub fold_every: usize,
}

/// What running a command came to.
pub(crate) enum Exec {
    Done,
    Failed(String),
    /// Opened a prompt for a physical die's face.
    Asked,
}

impl App {
    /// The start screen over a saves folder.
    pub fn start(saves: PathBuf, dice: Dice) -> App {
        let recent = store::list_sessions(&saves);
        App {
            theme: Theme::from_env(),
            saves,
            dice,
            screen: Screen::Start(Box::new(StartView {
                recent,
                selected: 0,
                prompt: None,
                error: None,
            })),
            // The judge's own library file, installed at start, as the palette reads it too.
            library: content::active().clone(),
            quit: false,
            hits: Vec::new(),
            area: Rect::default(),
            fold_every: fold_every_from_env(),
        }
    }

    /// Straight into a session. `store` is None when the session has no file behind it.
    pub fn with_session(session: Session, store: Option<Store>, dice: Dice) -> App {
        let mut app = App::start(PathBuf::new(), dice);
        app.open_main(session, store, Vec::new());
        app
    }

    pub fn with_theme(mut self, theme: Theme) -> App {
        self.theme = theme;
        self
    }

    pub fn with_library(mut self, library: Library) -> App {
        self.library = library;
        self
    }

    /// The open session, if any.
    pub fn session(&self) -> Option<&Session> {
        match &self.screen {
            Screen::Main(m) => Some(&m.session),
            Screen::Start(_) => None,
        }
    }

    pub fn main(&self) -> Option<&Main> {
        match &self.screen {
            Screen::Main(m) => Some(m),
            Screen::Start(_) => None,
        }
    }

    pub fn main_mut(&mut self) -> Option<&mut Main> {
        match &mut self.screen {
            Screen::Main(m) => Some(m),
            Screen::Start(_) => None,
        }
    }

    pub fn should_quit(&self) -> bool {
        self.quit
    }

    fn open_main(&mut self, session: Session, store: Option<Store>, warnings: Vec<String>) {
        // The main screen plays the slot system so far; any other session stays on the start
        // screen with the reason, and its file is left as it was.
        let ruleset = session.state().ruleset();
        if !screen_plays(ruleset) {
            self.start_error(not_on_screen(ruleset));
            return;
        }
        let save = match &store {
            Some(_) => SaveState::Saved,
            None => SaveState::Memory("no file".into()),
        };
        let mut main = Main {
            session,
            store,
            save,
            view: View::default(),
            overlay: None,
            message: None,
            history: Vec::new(),
            notice: None,
        };
        if !warnings.is_empty() {
            main.message = Some(Message {
                text: warnings.join("; "),
                kind: MessageKind::Error,
            });
        }
        main.fix_selection();
        self.screen = Screen::Main(Box::new(main));
    }

    /// Where the keyboard goes now.
    pub fn ctx(&self) -> Ctx {
        match &self.screen {
            Screen::Start(s) => {
                if s.prompt.is_some() {
                    Ctx::Form
                } else {
                    Ctx::Start
                }
            }
            Screen::Main(m) => m.ctx(),
        }
    }

    pub fn too_small(&self) -> bool {
        self.area.width < MIN_WIDTH || self.area.height < MIN_HEIGHT
    }

    /// Handles one terminal event; true when the screen must be drawn again.
    pub fn handle(&mut self, event: Event) -> bool {
        match event {
            Event::Resize(w, h) => {
                self.area = Rect::new(0, 0, w, h);
                true
            }
            Event::Key(key) if key.kind != KeyEventKind::Release => self.key(key),
            Event::Mouse(mouse) => self.mouse(mouse),
            Event::Paste(text) => self.paste(&text),
            _ => false,
        }
    }

    fn key(&mut self, key: KeyEvent) -> bool {
        let ctx = self.ctx();
        let action = keymap::lookup(ctx, &key);
        if self.too_small() && self.area != Rect::default() {
            // Keys pressed blind could change what cannot be seen; only quitting works.
            if action == Some(Action::Quit) {
                self.quit();
            }
            return false;
        }
        if action == Some(Action::Quit) {
            self.quit();
            return true;
        }
        match &mut self.screen {
            Screen::Start(_) => self.start_key(ctx, action, key),
            Screen::Main(_) => self.main_key(ctx, action, key),
        }
    }

    /// Work that may wait until the screen is drawn and no key is waiting: folding a grown
    /// journal into the session file.
    pub fn after_frame(&mut self) {
        let every = self.fold_every;
        if let Some(m) = self.main_mut()
            && let Some(store) = &mut m.store
            && m.save == SaveState::Saved
        {
            store.fold_if_grown(&m.session, every);
        }
    }

    /// Folds the journal after `every` steps instead of the usual.
    pub fn with_fold_every(mut self, every: usize) -> App {
        self.fold_every = every.max(1);
        self
    }

    fn quit(&mut self) {
        self.quit = true;
    }

    /// Saves everything in one file on the way out. When that write fails, says where the
    /// session still is: every change on screen was written when it was made, so the file and
    /// its journal hold it all and it opens as it was.
    pub fn finish(&mut self) -> Result<(), String> {
        if let Some(m) = self.main_mut()
            && let Some(store) = &mut m.store
            && let Err(e) = store.compact(&m.session)
        {
            return Err(format!(
                "could not write the session in one piece on the way out ({e}); nothing shown \
                 on screen is lost: it is in {} and {}, and opens as it was",
                store.path().display(),
                store.journal_path().display()
            ));
        }
        Ok(())
    }

    fn paste(&mut self, text: &str) -> bool {
        let Some(m) = self.main_mut() else {
            return false;
        };
        let input = match &mut m.overlay {
            Some(Overlay::Palette(p)) => &mut p.input,
            Some(Overlay::Picker(p)) => &mut p.input,
            Some(Overlay::Face(f)) => &mut f.input,
            _ => return false,
        };
        for c in text.chars().filter(|c| !c.is_control()) {
            input.handle(tui_input::InputRequest::InsertChar(c));
        }
        true
    }

    // ---- Start screen

    fn start_key(&mut self, ctx: Ctx, action: Option<Action>, key: KeyEvent) -> bool {
        let Screen::Start(start) = &mut self.screen else {
            return false;
        };
        if ctx == Ctx::Form {
            let Some(form) = start.prompt.as_mut() else {
                return false;
            };
            match form_key(form, action, key) {
                FormStep::Submit => {
                    let name = form.text("name");
                    return self.create_session(&name);
                }
                FormStep::Cancel => {
                    start.prompt = None;
                    return true;
                }
                FormStep::Changed => return true,
                FormStep::Ignored => return false,
            }
        }
        match action {
            Some(Action::Up) => {
                start.selected = start.selected.saturating_sub(1);
                true
            }
            Some(Action::Down) => {
                if start.selected + 1 < start.recent.len() {
                    start.selected += 1;
                }
                true
            }
            Some(Action::NewSession) => {
                start.error = None;
                start.prompt = Some(
                    Form::new(
                        "New session",
                        FormPurpose::NewSession,
                        vec![
                            Field::text("name", "Name", ""),
                            Field::choice(
                                "rules",
                                "Rules",
                                RulesetId::ALL
                                    .iter()
                                    .enumerate()
                                    .map(|(i, r)| (r.title().to_string(), i as u32))
                                    .collect(),
                                0,
                            ),
                        ],
                    )
                    .with_note("Saved in the saves folder under this name."),
                );
                true
            }
            Some(Action::OpenDemo) => self.open_demo(),
            Some(Action::OpenRecent) => {
                let i = start.selected;
                self.open_recent(i)
            }
            Some(Action::Digit) => match key.code {
                KeyCode::Char(c) => {
                    let i = c.to_digit(10).unwrap_or(1) as usize - 1;
                    self.open_recent(i)
                }
                _ => false,
            },
            _ => false,
        }
    }

    fn start_error(&mut self, text: String) -> bool {
        if let Screen::Start(s) = &mut self.screen {
            if let Some(form) = &mut s.prompt {
                form.error = Some(text);
            } else {
                s.error = Some(text);
            }
        }
        true
    }

    fn open_recent(&mut self, i: usize) -> bool {
        let Screen::Start(start) = &self.screen else {
            return false;
        };
        let Some(summary) = start.recent.get(i) else {
            return false;
        };
        let path = summary.path.clone();
        match Store::open(&path) {
            Ok(opened) => {
                self.open_main(opened.session, Some(opened.store), opened.warnings);
                true
            }
            Err(e) => self.start_error(e.to_string()),
        }
    }

    fn create_session(&mut self, name: &str) -> bool {
        if name.is_empty() {
            return self.start_error("type a name for the session".into());
        }
        let session = Session::new(SessionState::new(name, RulesetId::Slots));
        let path = session_path(&self.saves, name);
        if path.exists() {
            return self.start_error(format!(
                "there is already a session called {name}; open it from the list or pick another name"
            ));
        }
        match create_store(&self.saves, &path, &session) {
            Ok(store) => {
                self.open_main(session, Some(store), Vec::new());
                true
            }
            Err(e) => self.start_error(e),
        }
    }

    fn open_demo(&mut self) -> bool {
        let session = crate::script::demo();
        let path = free_path(&self.saves, "demo");
        match create_store(&self.saves, &path, &session) {
            Ok(store) => self.open_main(session, Some(store), Vec::new()),
            Err(e) => {
                // The demo is worth playing even where nothing can be written; the header says so.
                self.open_main(session, None, Vec::new());
                if let Some(m) = self.main_mut() {
                    m.save = SaveState::Memory(e);
                }
            }
        }
        true
    }

    // ---- Main screen

    fn main_key(&mut self, ctx: Ctx, action: Option<Action>, key: KeyEvent) -> bool {
        let Screen::Main(m) = &mut self.screen else {
            return false;
        };
        let m = m.as_mut();
        let dice = &mut self.dice;
        let library = &self.library;
        // A message lasts until the next key.
        let had_message = m.message.take().is_some();
        let changed = match ctx {
            Ctx::Help => m.help_key(action),
            Ctx::Palette => m.palette_key(action, key, dice),
            Ctx::Form => m.form_key(action, key, dice, library),
            Ctx::Choice => m.choice_key(action, key, dice),
            Ctx::Picker => m.picker_key(action, key, dice, library),
            Ctx::Face => m.face_key(action, key, dice),
            Ctx::Roll => m.roll_key(action, key, dice),
            Ctx::Group => m.group_key(action, dice),
            Ctx::Decide => m.decide_key(action, key, dice),
            Ctx::Interrupt => m.interrupt_key(action, key, dice),
            Ctx::Summary => m.summary_key(action),
            Ctx::Scene => m.scene_key(action, dice),
            Ctx::Main | Ctx::Start => m.sheet_key(action, key, dice, library),
        };
        if action == Some(Action::Help) {
            let back = m.overlay.take().map(Box::new);
            m.overlay = Some(Overlay::Help {
                scroll: 0,
                under: ctx,
                back,
            });
            return true;
        }
        m.fix_selection();
        changed || had_message
    }

    fn mouse(&mut self, mouse: MouseEvent) -> bool {
        if !matches!(mouse.kind, MouseEventKind::Down(MouseButton::Left))
            && !matches!(
                mouse.kind,
                MouseEventKind::ScrollUp | MouseEventKind::ScrollDown
            )
        {
            return false;
        }
        if self.too_small() && self.area != Rect::default() {
            return false;
        }
        let at = Position::new(mouse.column, mouse.row);
        if let Some(m) = self.main_mut()
            && m.overlay.is_none()
        {
            match mouse.kind {
                MouseEventKind::ScrollUp => {
                    let oldest = m.session.cursor().saturating_sub(1);
                    m.view.log_scroll = m.view.log_scroll.saturating_add(1).min(oldest);
                    return true;
                }
                MouseEventKind::ScrollDown => {
                    m.view.log_scroll = m.view.log_scroll.saturating_sub(1);
                    return true;
                }
                _ => {}
            }
        }
        if !matches!(mouse.kind, MouseEventKind::Down(MouseButton::Left)) {
            return false;
        }
        let Some(hit) = self
            .hits
            .iter()
            .rev()
            .find(|(r, _)| r.contains(at))
            .map(|(_, h)| *h)
        else {
            return false;
        };
        let ctx = self.ctx();
        match (&mut self.screen, hit) {
            (Screen::Start(s), Hit::Recent(i)) => {
                if s.selected == i {
                    return self.open_recent(i);
                }
                s.selected = i;
                true
            }
            (Screen::Main(m), hit) => m.click(ctx, hit),
            _ => false,
        }
    }
}

/// How many steps the journal holds before the screen folds it: `SLOTMARK_FOLD_EVERY` when it is
/// a whole number of 1 or more, else [`store::SCREEN_FOLD_EVERY`].
fn fold_every_from_env() -> usize {
    std::env::var("SLOTMARK_FOLD_EVERY")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|&n| n >= 1)
        .unwrap_or(store::SCREEN_FOLD_EVERY)
}

/// Does the screen play this ruleset yet? The slot system only, so far.
pub fn screen_plays(ruleset: RulesetId) -> bool {
    ruleset == RulesetId::Slots
}

/// Why a session of this ruleset does not open on the screen, and what plays it instead.
pub fn not_on_screen(ruleset: RulesetId) -> String {
    format!(
        "the screen does not play the {} yet: use slotmark run, show and export for it",
        ruleset.title()
    )
}

/// The file a session of this name is saved in.
pub fn session_path(saves: &Path, name: &str) -> PathBuf {
    let mut stem: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    stem = stem.trim_matches('-').to_string();
    if stem.is_empty() {
        stem = "session".into();
    }
    saves.join(format!("{stem}.ron"))
}

/// The first `stem.ron`, `stem-2.ron`, ... not taken yet.
fn free_path(saves: &Path, stem: &str) -> PathBuf {
    let first = session_path(saves, stem);
    if !first.exists() {
        return first;
    }
    (2..)
        .map(|n| session_path(saves, &format!("{stem}-{n}")))
        .find(|p| !p.exists())
        .unwrap_or(first)
}

fn create_store(saves: &Path, path: &Path, session: &Session) -> Result<Store, String> {
    std::fs::create_dir_all(saves)
        .map_err(|e| format!("cannot make the saves folder {}: {e}", saves.display()))?;
    Store::create(path, session).map_err(|e| e.to_string())
}

/// What a key did to a form, once the keymap had its say.
enum FormStep {
    Submit,
    Cancel,
    Changed,
    Ignored,
}

fn form_key<P>(form: &mut Form<P>, action: Option<Action>, key: KeyEvent) -> FormStep {
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
    pub fn state(&self) -> &State {
        match &self.session.state().game {
            GameState::Slots(s) => s,
            // `open_main` keeps every other ruleset off the main screen.
            _ => unreachable!("the main screen holds slot-system sessions only"),
        }
    }

    pub fn ctx(&self) -> Ctx {
        match &self.overlay {
            Some(Overlay::Help { .. }) => Ctx::Help,
            Some(Overlay::Palette(_)) => Ctx::Palette,
            Some(Overlay::Form(_)) => Ctx::Form,
            Some(Overlay::Choice(_)) => Ctx::Choice,
            Some(Overlay::Picker(_)) => Ctx::Picker,
            Some(Overlay::Face(_)) => Ctx::Face,
            Some(Overlay::Interrupt(_)) => Ctx::Interrupt,
            Some(Overlay::Summary(_)) => Ctx::Summary,
            Some(Overlay::Scene) => Ctx::Scene,
            None => match self.state().pending.first() {
                Some(Pending::Roll(_)) => Ctx::Roll,
                Some(Pending::Group(_)) => Ctx::Group,
                Some(Pending::Decide(_)) => Ctx::Decide,
                None => Ctx::Main,
            },
        }
    }

    /// Characters in roster order: players first, then opponents, each in the order they joined.
    pub fn roster(&self) -> Vec<CharId> {
        let s = self.state();
        [Side::Players, Side::Opponents]
            .into_iter()
            .flat_map(|side| s.characters.iter().filter(move |c| c.side == side))
            .map(|c| c.id)
            .collect()
    }

    pub fn selected(&self) -> Option<&slots::Character> {
        let id = self.view.selected?;
        self.state().characters.iter().find(|c| c.id == id)
    }

    /// Keeps the selection on someone who exists and a slot they have; resets the pending
    /// highlight when a new roll or decision comes up.
    pub fn fix_selection(&mut self) {
        let roster = self.roster();
        if self.view.selected.is_none_or(|id| !roster.contains(&id)) {
            self.view.selected = roster.first().copied();
        }
        let slots = self.selected().map_or(0, |c| c.slots.len()) as SlotNo;
        self.view.slot = self.view.slot.clamp(1.min(slots), slots);
        if self.view.slot == 0 && slots > 0 {
            self.view.slot = 1;
        }
        let zones = self.state().scene.zones.len();
        if self.view.scene_sel >= zones {
            self.view.scene_sel = zones.saturating_sub(1);
        }
        let cursor = self.session.cursor();
        if self.view.pending_at != Some(cursor) {
            self.view.pending_at = Some(cursor);
            self.view.pending_sel = self.proposed_index();
            self.view.swap_first = None;
        }
    }

    /// The index of the proposal in the front pending item's choices.
    fn proposed_index(&self) -> usize {
        match self.state().pending.first() {
            Some(Pending::Roll(r)) => r.pick,
            Some(Pending::Decide(d)) => match decision_options(d) {
                Some((options, proposed)) => {
                    options.iter().position(|&o| o == proposed).unwrap_or(0)
                }
                None => 0,
            },
            _ => 0,
        }
    }

    pub(crate) fn say(&mut self, text: impl Into<String>) {
        self.message = Some(Message {
            text: text.into(),
            kind: MessageKind::Info,
        });
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
    fn journal(&mut self, record: JournalRecord) -> Result<(), String> {
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
    fn save_as(&mut self, path: &str) {
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

    /// The refusal shown when a step could not be written.
    fn not_written(why: &str) -> String {
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
                    return Exec::Asked;
                }
                other => other.cloned(),
            }
        } else {
            self.session.execute(command, dice.source()).cloned()
        };
        match result {
            Ok(entry) => {
                if let Err(why) = self.journal(JournalRecord::Apply(entry.clone())) {
                    // The step never reached the disk: take it back so the screen shows what is
                    // saved.
                    let _ = self.session.retract();
                    return Exec::Failed(Self::not_written(&why));
                }
                let summary = summarize(&entry.events[..]);
                match self.notice.take() {
                    Some(notice) => self.complain(format!("{summary}. Note: {notice}")),
                    None => self.say(summary),
                }
                self.after(&entry);
                self.fix_selection();
                Exec::Done
            }
            Err(e) => Exec::Failed(e.to_string()),
        }
    }

    /// Runs a command from a key: a refusal goes to the status line.
    pub(crate) fn run_key(&mut self, command: Command, dice: &mut Dice) -> bool {
        if let Exec::Failed(why) = self.run(command, dice, None) {
            self.complain(why);
        }
        true
    }

    pub(crate) fn undo(&mut self) -> bool {
        match self.session.undo().cloned() {
            Ok(entry) => {
                if let Err(why) = self.journal(JournalRecord::Undo) {
                    let _ = self.session.redo();
                    self.complain(Self::not_written(&why));
                    return true;
                }
                let undone = self.session.events(self.session.cursor());
                self.say(format!("Undone: {}", summarize(&undone)));
                self.follow_fight_after(&entry);
            }
            Err(e) => self.complain(e.to_string()),
        }
        true
    }

    pub(crate) fn redo(&mut self) -> bool {
        match self.session.redo().cloned() {
            Ok(entry) => {
                if let Err(why) = self.journal(JournalRecord::Redo) {
                    let _ = self.session.undo();
                    self.complain(Self::not_written(&why));
                    return true;
                }
                let redone = self.session.events(self.session.cursor() - 1);
                self.say(format!("Redone: {}", summarize(&redone)));
                self.follow_fight_after(&entry);
            }
            Err(e) => self.complain(e.to_string()),
        }
        true
    }

    fn help_key(&mut self, action: Option<Action>) -> bool {
        let Some(Overlay::Help { scroll, .. }) = &mut self.overlay else {
            return false;
        };
        match action {
            Some(Action::Up) => *scroll = scroll.saturating_sub(1),
            Some(Action::Down) => *scroll = scroll.saturating_add(1),
            Some(Action::Cancel) => {
                if let Some(Overlay::Help { back, .. }) = self.overlay.take() {
                    self.overlay = back.map(|b| *b);
                }
            }
            _ => return false,
        }
        true
    }

    // ---- The sheet (no dialog open)

    fn sheet_key(
        &mut self,
        action: Option<Action>,
        key: KeyEvent,
        dice: &mut Dice,
        library: &Library,
    ) -> bool {
        let Some(action) = action else {
            return false;
        };
        if let Some(done) = self.fight_key(action, dice) {
            return done;
        }
        let who = self.view.selected;
        let slot = self.view.slot;
        let need_who = || "add a character first: press n".to_string();
        match action {
            Action::Undo => return self.undo(),
            Action::Redo => return self.redo(),
            Action::Palette => {
                self.overlay = Some(Overlay::Palette(Palette::default()));
                return true;
            }
            Action::NextChar | Action::PrevChar => {
                let roster = self.roster();
                if roster.is_empty() {
                    return false;
                }
                let at = who
                    .and_then(|w| roster.iter().position(|&r| r == w))
                    .unwrap_or(0);
                let next = if action == Action::NextChar {
                    (at + 1) % roster.len()
                } else {
                    (at + roster.len() - 1) % roster.len()
                };
                self.view.selected = Some(roster[next]);
                return true;
            }
            Action::Up => {
                if self.view.slot > 1 {
                    self.view.slot -= 1;
                }
                return true;
            }
            Action::Down => {
                let len = self.selected().map_or(0, |c| c.slots.len()) as SlotNo;
                if self.view.slot < len {
                    self.view.slot += 1;
                }
                return true;
            }
            Action::Digit => {
                if let KeyCode::Char(c) = key.code
                    && let Some(d) = c.to_digit(10)
                    && self
                        .selected()
                        .is_some_and(|ch| d as usize <= ch.slots.len())
                {
                    self.view.slot = d as SlotNo;
                    return true;
                }
                return false;
            }
            Action::LogOlder => {
                // Never past the oldest step, so PgDn comes straight back.
                let oldest = self.session.cursor().saturating_sub(1);
                self.view.log_scroll = self.view.log_scroll.saturating_add(5).min(oldest);
                return true;
            }
            Action::LogNewer => {
                self.view.log_scroll = self.view.log_scroll.saturating_sub(5);
                return true;
            }
            Action::DiceMode => {
                dice.typed = !dice.typed;
                self.say(if dice.typed {
                    "Dice: the judge types the faces the table rolls"
                } else {
                    "Dice: rolled live by slotmark"
                });
                return true;
            }
            Action::NewChar => {
                self.overlay = Some(Overlay::Form(new_char_form(library)));
                return true;
            }
            Action::Group => {
                self.overlay = Some(Overlay::Form(group_form(self.state())));
                return true;
            }
            _ => {}
        }
        let Some(who) = who else {
            self.complain(need_who());
            return true;
        };
        let state = self.state();
        let Ok(ch) = state.character(who) else {
            return false;
        };
        let name = ch.name.clone();
        let item_here = ch.slot(slot).and_then(|s| s.item.clone());
        let overlay = match action {
            Action::Terrain => Overlay::Form(
                Form::new(
                    format!("Terrain check: {name}"),
                    FormPurpose::Check { who, terrain: true },
                    vec![Field::edge(0)],
                )
                .with_note("Passes on an unmarked slot holding a light item or nothing; that slot then takes a fatigue mark."),
            ),
            Action::Check => Overlay::Form(
                Form::new(
                    format!("Check: {name}"),
                    FormPurpose::Check { who, terrain: false },
                    vec![
                        Field::choice(
                            "kind",
                            "Kind",
                            vec![
                                ("judge reads the item".into(), 0),
                                ("corruption exposure".into(), 1),
                            ],
                            0,
                        ),
                        Field::edge(0),
                    ],
                ),
            ),
            Action::Stealth => Overlay::Form(
                Form::new(
                    format!("Stealth check: {name}"),
                    FormPurpose::Stealth { who },
                    vec![
                        Field::toggle("hearing", "Against hearing", true),
                        Field::toggle("smell", "Against a keen nose", false),
                        Field::text("sight", "Smuggled item in slots", ""),
                        Field::toggle("noise", "Noisy surroundings (advantage)", false),
                        Field::toggle("dim", "Low light (advantage)", false),
                        Field::edge(0),
                    ],
                )
                .with_note("Type slot numbers (like 9 10) for an item smuggled past watchers."),
            ),
            Action::Fall => Overlay::Form(
                Form::new(
                    format!("Fall: {name}"),
                    FormPurpose::Fall { who },
                    vec![Field::number("feet", "Feet fallen", 10, 10, 990, 10)],
                )
                .with_note("One check per full 10 ft; a body slot rolled takes an open wound."),
            ),
            Action::Attack => Overlay::Form(attack_form(state, Some(who), None)),
            Action::Defense => Overlay::Form(attack_form(state, None, Some(who))),
            Action::Wound => Overlay::Choice(Choice {
                title: format!("Wound slot {slot} of {name}"),
                purpose: ChoicePurpose::Wound { who, slot },
                options: vec![
                    ('o', "open wound (bleeds)".into()),
                    ('t', "treated wound".into()),
                    ('h', "heal the wound here".into()),
                ],
                error: None,
                note: None,
            }),
            Action::Treat => {
                return self.run_key(slots::Command::Treat { who, slot }.into(), dice);
            }
            Action::Mark => Overlay::Choice(letter_choice(
                format!("Mark slot {slot} of {name}"),
                ChoicePurpose::Mark { who, slot },
                true,
            )),
            Action::Worsen => Overlay::Choice(letter_choice(
                format!("Worsen a condition of {name}"),
                ChoicePurpose::Worsen { who },
                false,
            )),
            Action::ClearMark => Overlay::Choice(letter_choice(
                format!("Clear a mark from slot {slot} of {name}"),
                ChoicePurpose::Clear { who, slot },
                true,
            )),
            Action::Status => Overlay::Choice(status_choice(ch)),
            Action::EditChar => Overlay::Form(Form::new(
                format!("Edit {name}"),
                FormPurpose::EditChar { who },
                vec![
                    Field::text("name", "Name", &name),
                    side_field(ch.side),
                ],
            )),
            Action::RemoveChar => {
                return self.run_key(slots::Command::RemoveCharacter { who }.into(), dice);
            }
            Action::PutItem => Overlay::Picker(Picker {
                who,
                slot,
                input: Input::default(),
                selected: 0,
            }),
            Action::EditItem => {
                let item = item_here.unwrap_or_else(|| Item::plain(""));
                Overlay::Form(item_form(who, slot, &item))
            }
            Action::MoveItem => {
                if item_here.is_none() {
                    self.complain(format!("slot {slot} of {name} holds nothing to move"));
                    return true;
                }
                Overlay::Form(
                    Form::new(
                        format!("Move the item in slot {slot} of {name}"),
                        FormPurpose::MoveItem { who, from: slot },
                        vec![Field::number(
                            "to",
                            "To slot",
                            if slot == 1 { 2 } else { slot - 1 }.into(),
                            1,
                            ch.slots.len() as u16,
                            1,
                        )],
                    )
                    .with_note("Whatever is in the target slot comes here in exchange."),
                )
            }
            Action::RemoveItem => {
                return self.run_key(slots::Command::RemoveItem { who, slot }.into(), dice);
            }
            Action::Backpack => {
                let cmd = if ch.backpack_dropped {
                    slots::Command::ShoulderBackpack { who }
                } else {
                    slots::Command::DropBackpack { who }
                };
                return self.run_key(cmd.into(), dice);
            }
            Action::TwoHands => {
                let on = !ch.slot(slot).is_some_and(|s| s.two_hands);
                return self.run_key(slots::Command::TwoHands { who, slot, on }.into(), dice);
            }
            _ => return false,
        };
        self.overlay = Some(overlay);
        true
    }

    // ---- Forms

    fn form_key(
        &mut self,
        action: Option<Action>,
        key: KeyEvent,
        dice: &mut Dice,
        library: &Library,
    ) -> bool {
        let Some(Overlay::Form(form)) = &mut self.overlay else {
            return false;
        };
        let before = form.choice("attacker");
        match form_key(form, action, key) {
            FormStep::Cancel => {
                self.overlay = form.purpose.from_scene().then_some(Overlay::Scene);
                true
            }
            FormStep::Changed => {
                let Some(state) = crate::content::slots_state(self.session.state()) else {
                    return false;
                };
                if form.choice("attacker") != before {
                    refresh_weapons(form, state);
                }
                if let FormPurpose::Attack { warned, .. } = &mut form.purpose {
                    *warned = false;
                }
                refresh_live(form, state);
                true
            }
            FormStep::Ignored => false,
            FormStep::Submit => {
                let Some(state) = crate::content::slots_state(self.session.state()) else {
                    return false;
                };
                if let FormPurpose::Attack { warned: false, .. } = form.purpose
                    && let Some(why) = super::sheets::slots::scene::out_of_range(form, state)
                {
                    form.error = Some(format!("{why}. Enter again rolls it anyway."));
                    if let FormPurpose::Attack { warned, .. } = &mut form.purpose {
                        *warned = true;
                    }
                    return true;
                }
                let form = form.clone();
                let commands = match form_commands(&form, self.state(), library) {
                    Ok(c) => c,
                    Err(why) => return self.form_error(why),
                };
                if commands.is_empty() {
                    self.overlay = None;
                    return true;
                }
                self.overlay = None;
                for (i, command) in commands.into_iter().enumerate() {
                    match self.run(command, dice, None) {
                        Exec::Done => {}
                        Exec::Asked => return true,
                        Exec::Failed(why) => {
                            if i == 0 {
                                // Nothing changed: the form comes back with the reason.
                                let mut form = form;
                                form.error = Some(why);
                                self.overlay = Some(Overlay::Form(form));
                            } else {
                                self.complain(why);
                            }
                            return true;
                        }
                    }
                }
                if matches!(form.purpose, FormPurpose::NewChar)
                    && let Some(last) = self.state().characters.last()
                {
                    self.view.selected = Some(last.id);
                    self.view.slot = 1;
                }
                if form.purpose.from_scene() && self.overlay.is_none() {
                    self.overlay = Some(Overlay::Scene);
                }
                true
            }
        }
    }

    fn form_error(&mut self, why: String) -> bool {
        if let Some(Overlay::Form(form)) = &mut self.overlay {
            form.error = Some(why);
        }
        true
    }

    // ---- One-key choices

    fn choice_key(&mut self, action: Option<Action>, key: KeyEvent, dice: &mut Dice) -> bool {
        let Some(Overlay::Choice(choice)) = &mut self.overlay else {
            return false;
        };
        if action == Some(Action::Cancel) {
            self.overlay = None;
            return true;
        }
        let c = match (action, &choice.purpose, key.code) {
            // Enter takes the proposal where the choice has one (the ruling on an interruption).
            (Some(Action::Accept), ChoicePurpose::Ruling { stop_proposed }, _) => {
                if *stop_proposed { 's' } else { 'f' }
            }
            (Some(Action::Accept), ..) => return false,
            (_, _, KeyCode::Char(c)) => c,
            _ => return false,
        };
        let Some(&(k, _)) = choice
            .options
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(&c))
        else {
            choice.error = Some(format!("{c} is not one of the choices"));
            return true;
        };
        let purpose = choice.purpose.clone();
        if purpose == ChoicePurpose::Setup && k == super::sheets::slots::fight::OWN_SETUP {
            self.overlay = Some(Overlay::Form(super::sheets::slots::fight::setup_form()));
            return true;
        }
        let Some(command) = choice_command(&purpose, k, self.state()) else {
            return false;
        };
        match self.run(command, dice, None) {
            Exec::Failed(why) => {
                if let Some(Overlay::Choice(choice)) = &mut self.overlay {
                    choice.error = Some(why);
                }
            }
            Exec::Done => {
                if matches!(self.overlay, Some(Overlay::Choice(_))) {
                    self.overlay = None;
                }
            }
            Exec::Asked => {}
        }
        true
    }

    // ---- Item library

    fn picker_key(
        &mut self,
        action: Option<Action>,
        key: KeyEvent,
        dice: &mut Dice,
        library: &Library,
    ) -> bool {
        let Some(Overlay::Picker(picker)) = &mut self.overlay else {
            return false;
        };
        let matches = picker_matches(library, picker.input.value());
        let extra = usize::from(!picker.input.value().trim().is_empty());
        match action {
            Some(Action::Cancel) => {
                self.overlay = None;
                true
            }
            Some(Action::Up) => {
                picker.selected = picker.selected.saturating_sub(1);
                true
            }
            Some(Action::Down) => {
                if picker.selected + 1 < matches.len() + extra {
                    picker.selected += 1;
                }
                true
            }
            Some(Action::Accept) => {
                let (who, slot) = (picker.who, picker.slot);
                if let Some(item) = matches.get(picker.selected) {
                    let item = (*item).clone();
                    self.overlay = None;
                    self.run_key(slots::Command::PutItem { who, slot, item }.into(), dice)
                } else if extra == 1 {
                    let item = Item::plain(picker.input.value().trim());
                    self.overlay = Some(Overlay::Form(item_form(who, slot, &item)));
                    true
                } else {
                    false
                }
            }
            _ => {
                let changed = picker.input.handle_event(&Event::Key(key)).is_some();
                if changed {
                    picker.selected = 0;
                }
                changed
            }
        }
    }

    // ---- Palette

    fn palette_key(&mut self, action: Option<Action>, key: KeyEvent, dice: &mut Dice) -> bool {
        let Some(Overlay::Palette(p)) = &mut self.overlay else {
            return false;
        };
        match action {
            Some(Action::Cancel) => {
                self.overlay = None;
                true
            }
            Some(Action::Up) | Some(Action::Down) => {
                if self.history.is_empty() {
                    return false;
                }
                let last = self.history.len() - 1;
                let pos = match (p.history_pos, action) {
                    (None, Some(Action::Up)) => Some(last),
                    (None, _) => return false,
                    (Some(i), Some(Action::Up)) => Some(i.saturating_sub(1)),
                    (Some(i), _) if i >= last => None,
                    (Some(i), _) => Some(i + 1),
                };
                p.history_pos = pos;
                p.input = Input::new(pos.map(|i| self.history[i].clone()).unwrap_or_default());
                p.error = None;
                true
            }
            Some(Action::Complete) => {
                let state = self.session.state();
                let candidates = script::complete(p.input.value(), state);
                complete_into(p, candidates);
                true
            }
            Some(Action::Accept) => {
                let line = p.input.value().to_string();
                let parsed = script::parse_line(&line, self.session.state());
                match parsed {
                    Err(e) => {
                        p.error = Some((e.message, e.column));
                        true
                    }
                    Ok(parsed) => {
                        if !line.trim().is_empty() && self.history.last() != Some(&line) {
                            self.history.push(line);
                        }
                        self.overlay = None;
                        match parsed {
                            Line::Nothing => {}
                            Line::Undo => {
                                self.undo();
                            }
                            Line::Redo => {
                                self.redo();
                            }
                            Line::SaveAs(path) => self.save_as(&path),
                            Line::Command(command) => {
                                if let Exec::Failed(why) = self.run(command, dice, None) {
                                    let mut p = Palette {
                                        input: Input::new(
                                            self.history.last().cloned().unwrap_or_default(),
                                        ),
                                        ..Palette::default()
                                    };
                                    p.error = Some((why, None));
                                    self.overlay = Some(Overlay::Palette(p));
                                }
                            }
                        }
                        true
                    }
                }
            }
            _ => {
                let changed = p.input.handle_event(&Event::Key(key)).is_some();
                if changed {
                    p.error = None;
                    p.completions.clear();
                }
                changed
            }
        }
    }

    // ---- Typed dice

    fn face_key(&mut self, action: Option<Action>, key: KeyEvent, dice: &mut Dice) -> bool {
        let Some(Overlay::Face(prompt)) = &mut self.overlay else {
            return false;
        };
        match action {
            Some(Action::Cancel) => {
                self.overlay = None;
                self.say("Roll given up: nothing changed");
                true
            }
            Some(Action::Accept) => {
                let typed = prompt.input.value().trim();
                let face: u16 = match typed.parse() {
                    Ok(f) if f >= 1 && f <= prompt.sides => f,
                    _ => {
                        prompt.error = Some(format!(
                            "a d{} shows a whole number from 1 to {}",
                            prompt.sides, prompt.sides
                        ));
                        return true;
                    }
                };
                let mut faces = prompt.faces.clone();
                faces.push(face);
                let command = prompt.command.clone();
                self.overlay = None;
                match self.run(command.clone(), dice, Some(faces.clone())) {
                    Exec::Done | Exec::Asked => {}
                    Exec::Failed(why) => self.complain(why),
                }
                true
            }
            _ => {
                let is_digit = matches!(key.code, KeyCode::Char(c) if c.is_ascii_digit());
                let editing = matches!(
                    key.code,
                    KeyCode::Backspace | KeyCode::Delete | KeyCode::Left | KeyCode::Right
                );
                if !(is_digit || editing) {
                    return false;
                }
                prompt.error = None;
                prompt.input.handle_event(&Event::Key(key)).is_some()
            }
        }
    }

    // ---- The pending roll, group and decision

    fn roll_key(&mut self, action: Option<Action>, key: KeyEvent, dice: &mut Dice) -> bool {
        let Some(PendingView::Roll(roll)) = self.session.state().game.pending() else {
            return false;
        };
        let answer = match action {
            Some(Action::Accept) => Answer::Accept,
            Some(Action::Cancel) => Answer::Cancel,
            Some(Action::Override) => Answer::Override,
            Some(Action::PickPrev) | Some(Action::PickNext) | Some(Action::Digit) => {
                let die = match (action, key.code) {
                    (Some(Action::PickPrev), _) => roll.picked.checked_sub(1),
                    (Some(Action::PickNext), _) => Some(roll.picked + 1),
                    (_, KeyCode::Char(c)) => c.to_digit(10).map(|d| d as usize - 1),
                    _ => None,
                };
                match die {
                    Some(d) if d < roll.dice.len() && d != roll.picked => Answer::Pick(d),
                    _ => return false,
                }
            }
            Some(Action::Undo) => return self.undo(),
            Some(Action::Redo) => return self.redo(),
            Some(Action::Palette) => {
                self.overlay = Some(Overlay::Palette(Palette::default()));
                return true;
            }
            Some(Action::Retype) => return self.retype(dice),
            _ => return false,
        };
        self.answer(answer, dice)
    }

    /// Answers what waits for the judge through the ruleset; an answer that does not fit goes to
    /// the status line.
    fn answer(&mut self, answer: Answer, dice: &mut Dice) -> bool {
        match self.session.state().game.answer(answer) {
            Ok(command) => self.run_key(Command::Game(command), dice),
            Err(why) => {
                self.complain(why.to_string());
                true
            }
        }
    }

    /// Replaces the dice of the waiting roll with the table's: steps back to before the roll
    /// (undoing any picks), then asks for each face of the same command.
    fn retype(&mut self, dice: &mut Dice) -> bool {
        let applied = self.session.applied();
        let mut steps = 0;
        let mut command = None;
        for entry in applied.iter().rev() {
            steps += 1;
            match &entry.command {
                Command::Game(crate::rules::GameCommand::Slots(c)) => match c {
                    slots::Command::Pick { .. } | slots::Command::Override { .. } => continue,
                    slots::Command::Check { .. }
                    | slots::Command::Fall { .. }
                    | slots::Command::Attack { .. }
                    | slots::Command::GroupCheck { .. } => {
                        command = Some(entry.command.clone());
                        break;
                    }
                    _ => break,
                },
                _ => break,
            }
        }
        let Some(command) = command else {
            self.complain("this roll did not come from a roll command; undo it by hand");
            return true;
        };
        for _ in 0..steps {
            if self.session.undo().is_err() {
                break;
            }
            if let Err(why) = self.journal(JournalRecord::Undo) {
                let _ = self.session.redo();
                self.complain(Self::not_written(&why));
                return true;
            }
        }
        match self.run(command, dice, Some(Vec::new())) {
            Exec::Failed(why) => self.complain(why),
            Exec::Done | Exec::Asked => {}
        }
        true
    }

    fn group_key(&mut self, action: Option<Action>, dice: &mut Dice) -> bool {
        let Some(Pending::Group(group)) = self.state().pending.first() else {
            return false;
        };
        let members = group.members.clone();
        let n = members.len();
        match action {
            Some(Action::Up) => {
                self.view.pending_sel = self.view.pending_sel.saturating_sub(1);
                true
            }
            Some(Action::Down) => {
                if self.view.pending_sel + 1 < n {
                    self.view.pending_sel += 1;
                }
                true
            }
            Some(Action::Swap) => {
                let Some(&here) = members.get(self.view.pending_sel) else {
                    return false;
                };
                match self.view.swap_first {
                    None => {
                        self.view.swap_first = Some(here);
                        true
                    }
                    Some(first) if first == here => {
                        self.view.swap_first = None;
                        true
                    }
                    Some(first) => {
                        self.view.swap_first = None;
                        self.run_key(slots::Command::SwapDice { a: first, b: here }.into(), dice)
                    }
                }
            }
            Some(Action::Accept) => self.run_key(slots::Command::Accept.into(), dice),
            Some(Action::Cancel) => {
                if self.view.swap_first.take().is_some() {
                    return true;
                }
                self.run_key(slots::Command::Cancel.into(), dice)
            }
            Some(Action::Undo) => self.undo(),
            Some(Action::Redo) => self.redo(),
            _ => false,
        }
    }

    fn decide_key(&mut self, action: Option<Action>, key: KeyEvent, dice: &mut Dice) -> bool {
        let Some(PendingView::Question(question)) = self.session.state().game.pending() else {
            return false;
        };
        let options = &question.options;
        match action {
            Some(Action::Up) => {
                self.view.pending_sel = self.view.pending_sel.saturating_sub(1);
                true
            }
            Some(Action::Down) => {
                if self.view.pending_sel + 1 < options.len() {
                    self.view.pending_sel += 1;
                }
                true
            }
            Some(Action::Digit) => {
                let KeyCode::Char(c) = key.code else {
                    return false;
                };
                let Some(d) = c.to_digit(10).filter(|_| !options.is_empty()) else {
                    return false;
                };
                match options.iter().position(|o| o.number == d) {
                    Some(i) => self.view.pending_sel = i,
                    None => {
                        let offered: Vec<String> =
                            options.iter().map(|o| o.number.to_string()).collect();
                        self.complain(format!(
                            "{d} is not one of the choices: {}",
                            offered.join(", ")
                        ));
                    }
                }
                true
            }
            Some(Action::Yes) if question.yes_no.is_some() => self.answer(Answer::Yes, dice),
            Some(Action::No) if question.yes_no.is_some() => self.answer(Answer::No, dice),
            Some(Action::Accept) => {
                let answer = match options.get(self.view.pending_sel) {
                    Some(_) if self.view.pending_sel != question.proposed => {
                        Answer::Choose(self.view.pending_sel)
                    }
                    _ => Answer::Accept,
                };
                self.answer(answer, dice)
            }
            Some(Action::Cancel) => self.answer(Answer::Cancel, dice),
            Some(Action::Undo) => self.undo(),
            Some(Action::Redo) => self.redo(),
            _ => false,
        }
    }

    // ---- Mouse

    fn click(&mut self, ctx: Ctx, hit: Hit) -> bool {
        match (ctx, hit) {
            (Ctx::Main, Hit::Character(id)) => {
                self.view.selected = Some(id);
                true
            }
            (Ctx::Main, Hit::Slot(n)) => {
                self.view.slot = n;
                true
            }
            (Ctx::Main, Hit::Actor(id)) => self.click_actor(id),
            (Ctx::Interrupt, Hit::Option(i)) => self.click_interrupter(i),
            (Ctx::Scene, Hit::Zone(i)) => {
                self.view.scene_sel = i;
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
                    if let Some(Pending::Roll(r)) = self.state().pending.first()
                        && i < r.faces.len()
                        && i != r.pick
                    {
                        return self.run_key_no_dice(slots::Command::Pick { die: i }.into());
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
        match self.session.execute(command, &mut none).cloned() {
            Ok(entry) => {
                if let Err(why) = self.journal(JournalRecord::Apply(entry.clone())) {
                    let _ = self.session.retract();
                    self.complain(Self::not_written(&why));
                    return true;
                }
                let summary = summarize(&entry.events[..]);
                self.say(summary);
                self.after(&entry);
            }
            Err(e) => self.complain(e.to_string()),
        }
        true
    }
}

/// The slot options and the proposal of a slot decision; None for a yes/no decision.
pub use crate::rules::slots::decision_options;

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

fn side_field(side: Side) -> Field {
    Field::choice(
        "side",
        "Side",
        vec![("players".into(), 0), ("opponents".into(), 1)],
        usize::from(side == Side::Opponents),
    )
}

fn side_from(v: Option<u32>) -> Side {
    if v == Some(1) {
        Side::Opponents
    } else {
        Side::Players
    }
}

fn new_char_form(library: &Library) -> Form<FormPurpose> {
    let mut kinds = vec![("human (11 slots, d12)".to_string(), 0)];
    kinds.extend(library.creatures.iter().enumerate().map(|(i, c)| {
        (
            format!("{} ({} slots, d{})", c.name, c.layout.len(), c.layout.die),
            i as u32 + 1,
        )
    }));
    Form::new(
        "New character",
        FormPurpose::NewChar,
        vec![
            Field::text("name", "Name", ""),
            side_field(Side::Players),
            Field::choice("kind", "Body", kinds, 0),
        ],
    )
    .with_note("A creature from the bestiary comes with its own slots and gear; the name defaults to its kind.")
}

fn group_form(state: &State) -> Form<FormPurpose> {
    let options: Vec<(String, u32)> = state
        .characters
        .iter()
        .map(|c| (c.name.clone(), c.id))
        .collect();
    let on = state
        .characters
        .iter()
        .map(|c| c.side == Side::Players && !c.incapacitated())
        .collect();
    Form::new(
        "Group check",
        FormPurpose::Group,
        vec![
            Field::multi("who", "Who rolls", options, on),
            Field::choice(
                "kind",
                "Kind",
                vec![
                    ("terrain".into(), 0),
                    ("judge reads the item".into(), 1),
                    ("stealth against hearing".into(), 2),
                    ("stealth against smell".into(), 3),
                    ("stealth against both".into(), 4),
                ],
                0,
            ),
        ],
    )
    .with_note("←→ move between characters, Space puts one in or out.")
}

/// The grip slots holding something, for the weapon field.
fn weapon_options(state: &State, attacker: Option<CharId>) -> (Vec<(String, u32)>, usize) {
    let mut options = vec![("none (bare hands, claws, a blast)".to_string(), 0)];
    let mut default = 0;
    if let Some(c) = attacker.and_then(|a| state.character(a).ok()) {
        for n in 1..=c.slots.len() as SlotNo {
            if c.layout.region(n) == Some(Region::Grip)
                && let Some(item) = c.slot(n).and_then(|s| s.item.as_ref())
            {
                if default == 0 && item.weapon.is_some() {
                    default = options.len();
                }
                options.push((format!("slot {n}: {}", item.name), u32::from(n)));
            }
        }
    }
    (options, default)
}

fn refresh_weapons(form: &mut Form<FormPurpose>, state: &State) {
    let attacker = form.choice("attacker");
    let (options, default) = weapon_options(state, attacker);
    if let Some(f) = form.fields.iter_mut().find(|f| f.id == "weapon") {
        f.kind = FieldKind::Choice {
            options,
            idx: default,
        };
    }
}

fn attack_form(
    state: &State,
    attacker: Option<CharId>,
    target: Option<CharId>,
) -> Form<FormPurpose> {
    let me = attacker.or(target);
    let my_side = me
        .and_then(|id| state.character(id).ok())
        .map_or(Side::Players, |c| c.side);
    let mut others: Vec<&slots::Character> = state
        .characters
        .iter()
        .filter(|c| Some(c.id) != me)
        .collect();
    // Foes first: they are the likely other party.
    others.sort_by_key(|c| (c.side == my_side, c.incapacitated()));
    let other_options: Vec<(String, u32)> = others
        .iter()
        .map(|c| (super::sheets::slots::scene::with_range(state, me, c), c.id))
        .collect();
    let striker = attacker.or_else(|| others.first().map(|c| c.id));
    let (weapons, weapon_idx) = weapon_options(state, striker);
    let kind_idx = striker
        .and_then(|s| state.character(s).ok())
        .and_then(|c| {
            let slot = weapons.get(weapon_idx).map(|(_, v)| *v as SlotNo)?;
            c.slot(slot)?.item.as_ref()?.weapon
        })
        .map_or(0, |w| match w.kind {
            slots::WeaponKind::Melee => 0,
            _ => 2,
        });
    let name = state.name_of(me.unwrap_or_default());
    let (title, who_field) = match attacker {
        Some(_) => (
            format!("{name} attacks"),
            Field::choice("target", "Target", other_options, 0),
        ),
        None => (
            format!("{name} is attacked"),
            Field::choice("attacker", "Attacker", other_options, 0),
        ),
    };
    let mut form = Form::new(
        title,
        FormPurpose::Attack {
            attacker,
            target,
            warned: false,
        },
        vec![
            who_field,
            Field::choice(
                "kind",
                "Attack",
                vec![
                    ("melee".into(), 0),
                    ("grab".into(), 1),
                    ("missile".into(), 2),
                    ("blast".into(), 3),
                ],
                kind_idx,
            ),
            Field::choice("weapon", "Weapon", weapons, weapon_idx),
            Field::choice(
                "defense",
                "Defender declares",
                vec![("nothing".into(), 0), ("evade".into(), 1), ("parry".into(), 2)],
                0,
            ),
            Field::toggle("aimed", "Missile aimed, no move", false),
            Field::number("blast", "Blast hits slots", 1, 1, 3, 1),
            Field::toggle("counter", "Counterattack after a parry", false),
            Field::toggle("dual", "Trade advantage for two attacks", false),
            Field::edge(0),
        ],
    )
    .with_note("A player character's roll names the slot hit: the attacker's roll, or the defender's defense check.");
    refresh_live(&mut form, state);
    form
}

fn item_form(who: CharId, slot: SlotNo, item: &Item) -> Form<FormPurpose> {
    let props: Vec<(String, u32)> = Prop::ALL
        .iter()
        .enumerate()
        .map(|(i, p)| (p.name().to_string(), i as u32))
        .collect();
    let on = Prop::ALL.iter().map(|p| item.has(*p)).collect();
    let wear = [
        (None, "never equipped"),
        (Some(Region::Head), "head"),
        (Some(Region::Torso), "torso"),
        (Some(Region::LegsFeet), "legs/feet"),
        (Some(Region::ArmsHands), "arms/hands"),
        (Some(Region::Grip), "grip"),
    ];
    let wear_idx = wear.iter().position(|(r, _)| *r == item.wear).unwrap_or(0);
    let armor_idx = match item.armor {
        None => 0,
        Some(slots::ArmorClass::LightArmor) => 1,
        Some(slots::ArmorClass::HeavyArmor) => 2,
        Some(slots::ArmorClass::Shield) => 3,
    };
    let size_idx = match item.weapon.map(|w| w.size) {
        None => 0,
        Some(slots::WeaponSize::Small) => 1,
        Some(slots::WeaponSize::Medium) => 2,
        Some(slots::WeaponSize::Bulky) => 3,
    };
    let kind_idx = match item.weapon.map(|w| w.kind) {
        None | Some(slots::WeaponKind::Melee) => 0,
        Some(slots::WeaponKind::Thrown) => 1,
        Some(slots::WeaponKind::Bow) => 2,
    };
    let opts = |names: &[&str]| -> Vec<(String, u32)> {
        names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.to_string(), i as u32))
            .collect()
    };
    Form::new(
        format!("Item for slot {slot}"),
        FormPurpose::Item { who, slot },
        vec![
            Field::text("name", "Name", &item.name),
            Field::multi("props", "Properties", props, on),
            Field::choice(
                "wear",
                "Equipped on",
                wear.iter()
                    .enumerate()
                    .map(|(i, (_, n))| (n.to_string(), i as u32))
                    .collect(),
                wear_idx,
            ),
            Field::choice(
                "armor",
                "Armor",
                opts(&["none", "light armor", "heavy armor", "shield"]),
                armor_idx,
            ),
            Field::choice(
                "size",
                "Weapon size",
                opts(&["not a weapon", "small", "medium", "bulky"]),
                size_idx,
            ),
            Field::choice(
                "wkind",
                "Weapon kind",
                opts(&["melee", "thrown", "bow"]),
                kind_idx,
            ),
        ],
    )
    .with_note("Properties: ←→ move, Space toggles.")
}

fn letter_choice(title: String, purpose: ChoicePurpose, fatigue: bool) -> Choice {
    let mut options: Vec<(char, String)> = Condition::ALL
        .iter()
        .map(|c| (c.letter(), c.name().to_string()))
        .collect();
    if fatigue {
        options.push(('t', "fatigue (from terrain)".into()));
    }
    Choice {
        title,
        purpose,
        options,
        error: None,
        note: None,
    }
}

const STATUS_KEYS: [(char, StatusFlag); 7] = [
    ('p', StatusFlag::Prone),
    ('r', StatusFlag::Restrained),
    ('i', StatusFlag::Immobilized),
    ('c', StatusFlag::Cringe),
    ('u', StatusFlag::Unconscious),
    ('d', StatusFlag::Dead),
    ('e', StatusFlag::Evil),
];

fn flag_on(c: &slots::Character, flag: StatusFlag) -> bool {
    let s = &c.status;
    match flag {
        StatusFlag::Prone => s.prone,
        StatusFlag::Restrained => s.restrained.is_some(),
        StatusFlag::Immobilized => s.immobilized,
        StatusFlag::Unconscious => s.unconscious,
        StatusFlag::Dead => s.dead,
        StatusFlag::Evil => s.evil,
        StatusFlag::Cringe => s.cringe != slots::Cringe::None,
    }
}

fn status_choice(c: &slots::Character) -> Choice {
    Choice {
        title: format!("Status of {}", c.name),
        purpose: ChoicePurpose::Status { who: c.id },
        options: STATUS_KEYS
            .iter()
            .map(|&(k, flag)| {
                let on = flag_on(c, flag);
                let name = slots::flag_name(flag);
                (k, format!("{} {name}", if on { "[x]" } else { "[ ]" }))
            })
            .collect(),
        error: None,
        note: None,
    }
}

fn choice_command(purpose: &ChoicePurpose, key: char, state: &State) -> Option<Command> {
    let letter = Condition::from_letter(key);
    let fatigue = key.eq_ignore_ascii_case(&'t');
    let command = match *purpose {
        ChoicePurpose::Wound { who, slot } => match key {
            'o' => slots::Command::Wound {
                who,
                slot,
                wound: Wound::Open,
            },
            't' => slots::Command::Wound {
                who,
                slot,
                wound: Wound::Treated,
            },
            'h' => slots::Command::Heal { who, slot },
            _ => return None,
        },
        ChoicePurpose::Mark { who, slot } if fatigue => slots::Command::SetFatigue {
            who,
            slot,
            on: true,
        },
        ChoicePurpose::Mark { who, slot } => slots::Command::Mark {
            who,
            slot,
            condition: letter?,
        },
        ChoicePurpose::Worsen { who } => slots::Command::Worsen {
            who,
            condition: letter?,
        },
        ChoicePurpose::Clear { who, slot } if fatigue => slots::Command::SetFatigue {
            who,
            slot,
            on: false,
        },
        ChoicePurpose::Clear { who, slot } => slots::Command::ClearMark {
            who,
            condition: letter?,
            slot: Some(slot),
        },
        ChoicePurpose::Status { who } => {
            let flag = STATUS_KEYS.iter().find(|(k, _)| *k == key)?.1;
            let on = !state.character(who).is_ok_and(|c| flag_on(c, flag));
            slots::Command::SetStatus { who, flag, on }
        }
        ChoicePurpose::Setup => super::sheets::slots::fight::setup_command(key)?,
        ChoicePurpose::Ruling { .. } => super::sheets::slots::fight::ruling_command(key)?,
    };
    Some(command.into())
}

fn edge_of(net: i8) -> Edge {
    if net >= 0 {
        Edge::advantage(net as u8)
    } else {
        Edge::disadvantage(net.unsigned_abs())
    }
}

/// Slot numbers typed as "9 10" or "9,10".
fn parse_slots(text: &str) -> Result<Vec<SlotNo>, String> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.parse::<SlotNo>()
                .map_err(|_| format!("'{w}' is not a slot number"))
        })
        .collect()
}

/// The commands a submitted form stands for. An error names what to fix; nothing is run.
fn form_commands(
    form: &Form<FormPurpose>,
    state: &State,
    library: &Library,
) -> Result<Vec<Command>, String> {
    let edge = edge_of(form.edge());
    let one = |c: slots::Command| Ok(vec![c.into()]);
    match form.purpose {
        FormPurpose::NewSession => Ok(Vec::new()),
        FormPurpose::Check { who, terrain } => {
            let kind = if terrain {
                CheckKind::Terrain
            } else if form.choice("kind") == Some(1) {
                CheckKind::Corruption
            } else {
                CheckKind::Generic
            };
            one(slots::Command::Check { who, kind, edge })
        }
        FormPurpose::Stealth { who } => {
            let senses = Senses {
                hearing: form.toggle("hearing"),
                smell: form.toggle("smell"),
                sight: parse_slots(&form.text("sight"))?,
                ambient_noise: form.toggle("noise"),
                low_light: form.toggle("dim"),
            };
            one(slots::Command::Check {
                who,
                kind: CheckKind::Stealth(senses),
                edge,
            })
        }
        FormPurpose::Fall { who } => one(slots::Command::Fall {
            who,
            feet: form.number("feet"),
        }),
        FormPurpose::Attack {
            attacker, target, ..
        } => {
            let attacker = match attacker {
                Some(a) => a,
                None => form
                    .choice("attacker")
                    .ok_or("there is no one else to attack; add a character first")?,
            };
            let target = match target {
                Some(t) => t,
                None => form
                    .choice("target")
                    .ok_or("there is no one else to attack; add a character first")?,
            };
            let kind = match form.choice("kind") {
                Some(1) => AttackKind::Grab,
                Some(2) => AttackKind::Missile,
                Some(3) => AttackKind::Blast,
                _ => AttackKind::Melee,
            };
            let weapon = form
                .choice("weapon")
                .filter(|&w| w > 0)
                .map(|w| w as SlotNo);
            let defense = match form.choice("defense") {
                Some(1) => Defense::Evade,
                Some(2) => Defense::Parry,
                _ => Defense::None,
            };
            let spec = AttackSpec {
                attacker,
                target,
                kind,
                weapon,
                defense,
                aimed: form.toggle("aimed"),
                blast_slots: form.number("blast") as u8,
                counter: form.toggle("counter"),
            };
            one(slots::Command::Attack {
                spec,
                edge,
                dual: form.toggle("dual"),
            })
        }
        FormPurpose::Group => {
            let who = form.multi("who");
            if who.len() < 2 {
                return Err(
                    "a group check needs at least two characters: Space puts one in".into(),
                );
            }
            let stealth = |hearing, smell| {
                CheckKind::Stealth(Senses {
                    hearing,
                    smell,
                    ..Senses::default()
                })
            };
            let kind = match form.choice("kind") {
                Some(1) => CheckKind::Generic,
                Some(2) => stealth(true, false),
                Some(3) => stealth(false, true),
                Some(4) => stealth(true, true),
                _ => CheckKind::Terrain,
            };
            one(slots::Command::GroupCheck { who, kind })
        }
        FormPurpose::NewChar => {
            let side = side_from(form.choice("side"));
            let kind = form.choice("kind").unwrap_or(0) as usize;
            let (layout, items, default_name) = match kind.checked_sub(1) {
                None => (slots::Layout::human(), Vec::new(), String::new()),
                Some(i) => {
                    let creature = library
                        .creatures
                        .get(i)
                        .ok_or("that creature is no longer in the bestiary")?;
                    (
                        creature.layout.clone(),
                        creature.items.clone(),
                        creature.name.clone(),
                    )
                }
            };
            let mut name = form.text("name");
            if name.is_empty() {
                name = default_name;
            }
            if name.is_empty() {
                return Err("type a name".into());
            }
            one(slots::Command::AddCharacter {
                name,
                side,
                layout: Box::new(layout),
                items,
            })
        }
        FormPurpose::EditChar { who } => {
            let c = state.character(who).map_err(|e| e.to_string())?;
            let name = form.text("name");
            let side = side_from(form.choice("side"));
            let mut out = Vec::new();
            if name.is_empty() {
                return Err("a character needs a name".into());
            }
            if name != c.name {
                out.push(slots::Command::RenameCharacter { who, name }.into());
            }
            if side != c.side {
                out.push(slots::Command::SetSide { who, side }.into());
            }
            Ok(out)
        }
        FormPurpose::Item { who, slot } => {
            let name = form.text("name");
            if name.is_empty() {
                return Err("an item needs a name".into());
            }
            let props: Vec<Prop> = form
                .multi("props")
                .into_iter()
                .filter_map(|i| Prop::ALL.get(i as usize).copied())
                .collect();
            let wear = match form.choice("wear") {
                Some(1) => Some(Region::Head),
                Some(2) => Some(Region::Torso),
                Some(3) => Some(Region::LegsFeet),
                Some(4) => Some(Region::ArmsHands),
                Some(5) => Some(Region::Grip),
                _ => None,
            };
            let armor = match form.choice("armor") {
                Some(1) => Some(slots::ArmorClass::LightArmor),
                Some(2) => Some(slots::ArmorClass::HeavyArmor),
                Some(3) => Some(slots::ArmorClass::Shield),
                _ => None,
            };
            let size = match form.choice("size") {
                Some(1) => Some(slots::WeaponSize::Small),
                Some(2) => Some(slots::WeaponSize::Medium),
                Some(3) => Some(slots::WeaponSize::Bulky),
                _ => None,
            };
            let kind = match form.choice("wkind") {
                Some(1) => slots::WeaponKind::Thrown,
                Some(2) => slots::WeaponKind::Bow,
                _ => slots::WeaponKind::Melee,
            };
            let item = Item {
                name,
                props,
                wear,
                armor,
                weapon: size.map(|size| slots::Weapon { size, kind }),
            };
            one(slots::Command::PutItem { who, slot, item })
        }
        FormPurpose::MoveItem { who, from } => {
            let to = form.number("to") as SlotNo;
            if to == from {
                return Err("pick a different slot".into());
            }
            one(slots::Command::MoveItem { who, from, to })
        }
        FormPurpose::StartFight | FormPurpose::EndFight | FormPurpose::Setup => {
            super::sheets::slots::fight::form_commands(form)
        }
        FormPurpose::Task => super::sheets::slots::clock_keys::form_commands(form, state),
        FormPurpose::NewScene
        | FormPurpose::AddZone
        | FormPurpose::LinkZone { .. }
        | FormPurpose::HideZone { .. } => super::sheets::slots::scene::form_commands(form, state),
    }
}

/// Recomputes a form's live line (encounter odds, ranges) after a change.
pub(crate) fn refresh_live(form: &mut Form<FormPurpose>, state: &State) {
    form.live = match form.purpose {
        FormPurpose::Task | FormPurpose::EndFight => {
            super::sheets::slots::clock_keys::odds_live(form, state)
        }
        FormPurpose::Attack { .. } => super::sheets::slots::scene::range_live(form, state),
        _ => form.live.take(),
    };
}

/// Library items whose name contains every typed word, in library order.
pub fn picker_matches<'a>(library: &'a Library, query: &str) -> Vec<&'a Item> {
    let words: Vec<String> = query.split_whitespace().map(|w| w.to_lowercase()).collect();
    library
        .items
        .iter()
        .filter(|item| {
            let name = item.name.to_lowercase();
            words.iter().all(|w| name.contains(w.as_str()))
        })
        .collect()
}

/// Applies completions to the palette line. Each candidate is a whole line ready to replace what
/// was typed (`script::complete`): one replaces the line; several fill in what they share and
/// are listed.
fn complete_into(p: &mut Palette, candidates: Vec<String>) {
    let line = p.input.value().to_string();
    if candidates.is_empty() {
        p.completions.clear();
        p.error = Some(("nothing completes this".into(), None));
        return;
    }
    let shared = candidates
        .iter()
        .skip(1)
        .fold(candidates[0].clone(), |acc, c| {
            acc.chars()
                .zip(c.chars())
                .take_while(|(a, b)| a.eq_ignore_ascii_case(b))
                .map(|(a, _)| a)
                .collect()
        });
    let mut next = if shared.len() > line.len() {
        shared
    } else {
        line
    };
    if candidates.len() == 1 && !next.ends_with(' ') {
        next.push(' ');
    }
    p.input = Input::new(next);
    p.completions = if candidates.len() > 1 {
        candidates
    } else {
        Vec::new()
    };
}
