//! The frame's dispatcher: the start screen, and on an open session every key and click sent to
//! the frame's own dialogs, the ruleset's screen, or what waits for the judge, in that order. The
//! session is changed solely through `Session::execute`, `undo` and `redo` (see [`super::host`]),
//! and every change is written to the journal before it is drawn.

use std::path::{Path, PathBuf};

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::{Position, Rect};

use super::dialogs;
use super::form::{Field, Form};
use super::keymap::{self, Action, Ctx, Table};
use super::sheets;
use super::theme::Theme;
use crate::content::{self, Library};
use crate::rules::RulesetId;
use crate::session::{Session, SessionState};
use crate::store::{self, SessionSummary, Store};

pub use super::host::{
    Dice, DiceSourceKind, Exec, FacePrompt, FormStep, Hit, JumpPrompt, MIN_HEIGHT, MIN_WIDTH, Main,
    Message, MessageKind, Overlay, Palette, SaveState, SheetView, Step, View, form_key, summarize,
};

/// What the start screen's form asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartPrompt {
    /// A new session's name and ruleset.
    NewSession,
    /// Which ruleset's demo to open.
    Demo,
    /// The demo cannot be saved: play it anyway, without saving, or go back. Playing unsaved is
    /// always the judge's choice, never what happens by itself.
    PlayUnsaved(RulesetId),
    /// The next session with the party of this recent session (its number in the list): its
    /// name, and whether the clock carries on.
    NextParty(usize),
}

/// The start screen.
pub struct StartView {
    pub recent: Vec<SessionSummary>,
    pub selected: usize,
    pub prompt: Option<Form<StartPrompt>>,
    pub error: Option<String>,
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
    /// The main screen's keys with the judge's remaps (from the settings file).
    pub keys: keymap::Remapped,
    /// The ruleset the new-session form offers first (from the settings file).
    pub default_rules: RulesetId,
    /// Called after the start screen has read a session file whole (opening one, or reading the
    /// last one for the next party's session): reading a long log frees far more than the
    /// session keeps, and the binary hands those pages back to the system
    /// ([`Options::settled`](super::Options::settled)). Does nothing unless set.
    pub settled: fn(),
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
            keys: keymap::Remapped::default(),
            default_rules: RulesetId::default(),
            settled: || {},
        }
    }

    /// Straight into a session. `store` is None when the session has no file behind it.
    pub fn with_session(session: Session, store: Option<Store>, dice: Dice) -> App {
        let mut app = App::start(PathBuf::new(), dice);
        app.open_main(session, store, Vec::new());
        app
    }

    /// Straight into a session opened before its log is read ([`Store::open_before_log`]): the
    /// screen plays on the state the file saved at once, every step journalled as it is made,
    /// until [`App::log_loaded`] hands it the log.
    pub fn while_loading(early: store::OpenedEarly, dice: Dice) -> App {
        let mut app = App::start(PathBuf::new(), dice);
        app.open_main(Session::new(early.state), Some(early.store), early.warnings);
        if let Some(m) = app.main_mut() {
            m.loading = Some(early.cursor);
        }
        app
    }

    /// Hands a screen made [`App::while_loading`] its log as [`store::read_log`] read it: the
    /// steps made meanwhile (in the journal already) are applied to it in order, and the screen
    /// carries on with the whole session, its selection, dialogs and messages as they were. A
    /// log that could not be read is returned as the error: the screen cannot go on without it,
    /// and every step made meanwhile stays in the journal.
    pub fn log_loaded(
        &mut self,
        read: Result<(Session, Vec<String>), store::StoreError>,
    ) -> Result<(), store::StoreError> {
        let Some(m) = self.main_mut() else {
            return Ok(());
        };
        let Some(before) = m.loading else {
            return Ok(());
        };
        let (mut session, mut warnings) = read?;
        m.loading = None;
        if let Some(store) = &mut m.store
            && let Err(e) = store.catch_up(&mut session)
        {
            // The file keeps only what follows from its log, so it opens as it is shown.
            warnings.push(format!(
                "a step made while the log loaded does not follow from it ({e}): it and the \
                 steps after it were left out"
            ));
            if let Err(e) = store.compact(&session) {
                m.save = SaveState::Failed(e.to_string());
            }
        }
        m.session = session;
        // Steps counted from the state the screen started on now count from the session's start.
        m.view.pending_at = m.view.pending_at.map(|at| at + before);
        m.view.log_selected = m.view.log_selected.map(|(step, k)| (step + before, k));
        if !warnings.is_empty() {
            m.complain(warnings.join("; "));
        }
        m.fix_selection();
        sheets::settle(m);
        m.follow_turn();
        Ok(())
    }

    pub fn with_theme(mut self, theme: Theme) -> App {
        self.theme = theme;
        self
    }

    /// The main screen's keys with the judge's remaps.
    pub fn with_keys(mut self, keys: keymap::Remapped) -> App {
        self.keys = keys;
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
        let ruleset = session.state().ruleset();
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
            sheet: sheets::new_view(ruleset),
            steps: Vec::new(),
            secret_next: false,
            show_next: false,
            clock: crate::store::wall_clock,
            turn: None,
            loading: None,
            mail: None,
        };
        main.mail = main.store.as_ref().map(|s| super::mail::Mail::of(s.path()));
        main.look_at_mail();
        if !warnings.is_empty() {
            main.message = Some(Message {
                text: warnings.join("; "),
                kind: MessageKind::Error,
            });
        }
        main.fix_selection();
        sheets::settle(&mut main);
        main.follow_turn();
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

    /// The keys in force: the start screen's, or the open session's ruleset's.
    pub fn table(&self) -> Table {
        match &self.screen {
            Screen::Start(_) => self.keys.table(keymap::START_TABLE),
            Screen::Main(m) => self.keys.table(sheets::table(m.session.state().ruleset())),
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
            // The event loop's word that the players' mailbox may have changed (see
            // `tui::run`); a terminal's own focus report only makes it look once more.
            Event::FocusGained => self.main_mut().is_some_and(|m| m.look_at_mail()),
            _ => false,
        }
    }

    fn key(&mut self, key: KeyEvent) -> bool {
        let (ctx, action) = keymap::route(self.table(), self.ctx(), &key);
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
        // While the log loads the file is as it was and the journal holds every step since.
        if let Some(m) = self.main_mut()
            && m.loading.is_none()
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
            Some(Overlay::Face(f)) => &mut f.input,
            Some(Overlay::Help { .. } | Overlay::Link(_)) => return false,
            Some(Overlay::Jump(j)) => {
                j.typed.extend(text.chars().filter(|c| !c.is_control()));
                m.jump_follow(0);
                return true;
            }
            Some(Overlay::Search(p)) => {
                p.typed.extend(text.chars().filter(|c| !c.is_control()));
                m.search_typed();
                return true;
            }
            Some(Overlay::Pick(p)) => {
                p.typed.extend(text.chars().filter(|c| !c.is_control()));
                p.sel = 0;
                return true;
            }
            None => match m.sheet.input() {
                Some(input) => input,
                None => return false,
            },
        };
        for c in text.chars().filter(|c| !c.is_control()) {
            input.handle(tui_input::InputRequest::InsertChar(c));
        }
        true
    }

    // ---- Start screen

    fn start_key(&mut self, ctx: Ctx, action: Option<Action>, key: KeyEvent) -> bool {
        let default_rules = self.default_rules;
        let Screen::Start(start) = &mut self.screen else {
            return false;
        };
        if ctx == Ctx::Form {
            let Some(form) = start.prompt.as_mut() else {
                return false;
            };
            match form_key(form, action, key) {
                FormStep::Submit => {
                    let ruleset = form
                        .choice("rules")
                        .and_then(|i| RulesetId::ALL.get(i as usize).copied())
                        .unwrap_or_default();
                    return match form.purpose {
                        StartPrompt::NewSession => {
                            let name = form.text("name");
                            self.create_session(&name, ruleset)
                        }
                        StartPrompt::Demo => self.open_demo(ruleset),
                        StartPrompt::PlayUnsaved(ruleset) => {
                            if form.choice("play") == Some(1) {
                                self.play_unsaved(ruleset)
                            } else {
                                start.prompt = None;
                                true
                            }
                        }
                        StartPrompt::NextParty(i) => {
                            let name = form.text("name");
                            let keep_clock = form.toggle("clock");
                            let Some(from) = start.recent.get(i).map(|r| r.path.clone()) else {
                                return false;
                            };
                            self.next_party(&from, &name, keep_clock)
                        }
                    };
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
                        StartPrompt::NewSession,
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
                                RulesetId::ALL
                                    .iter()
                                    .position(|r| *r == default_rules)
                                    .unwrap_or(0),
                            ),
                        ],
                    )
                    .with_note("Saved in the saves folder under this name."),
                );
                true
            }
            Some(Action::OpenDemo) => {
                start.error = None;
                let demos: Vec<(String, u32)> = RulesetId::ALL
                    .iter()
                    .enumerate()
                    .filter(|(_, r)| crate::script::has_demo(**r))
                    .map(|(i, r)| (r.title().to_string(), i as u32))
                    .collect();
                start.prompt = Some(
                    Form::new(
                        "Open a demo",
                        StartPrompt::Demo,
                        vec![Field::choice("rules", "Rules", demos, 0)],
                    )
                    .with_note(
                        "A fresh copy of the ruleset's bundled session, saved in the saves folder.",
                    ),
                );
                true
            }
            Some(Action::NextParty) => {
                let Some(last) = start.recent.get(start.selected) else {
                    return false;
                };
                start.error = None;
                start.prompt = Some(
                    Form::new(
                        format!("Next session of {}", last.title),
                        StartPrompt::NextParty(start.selected),
                        vec![
                            Field::text("name", "Name", ""),
                            Field::toggle("clock", "Clock carries on", false),
                        ],
                    )
                    .with_note(
                        "Its living player characters come along as they were left; creatures \
                         and the dead stay behind (`slotmark new --party` chooses others).",
                    ),
                );
                true
            }
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
                (self.settled)();
                true
            }
            Err(e) => self.start_error(e.to_string()),
        }
    }

    fn create_session(&mut self, name: &str, ruleset: RulesetId) -> bool {
        if name.is_empty() {
            return self.start_error("type a name for the session".into());
        }
        let session = Session::new(SessionState::new(name, ruleset));
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

    fn next_party(&mut self, from: &Path, name: &str, keep_clock: bool) -> bool {
        let name = name.trim();
        if name.is_empty() {
            return self.start_error("type a name for the session".into());
        }
        let path = session_path(&self.saves, name);
        if path.exists() {
            return self.start_error(format!(
                "there is already a session called {name}; open it from the list or pick another name"
            ));
        }
        let last = match crate::store::load(from) {
            Ok(last) => last,
            Err(e) => return self.start_error(e.to_string()),
        };
        let choice = crate::session::party::Choice {
            keep_clock,
            ..Default::default()
        };
        let session = match crate::session::party::next_session(last.state(), name, &choice) {
            Ok(session) => session,
            Err(e) => return self.start_error(e),
        };
        drop(last);
        match create_store(&self.saves, &path, &session) {
            Ok(store) => {
                self.open_main(session, Some(store), Vec::new());
                (self.settled)();
                true
            }
            Err(e) => self.start_error(e),
        }
    }

    fn open_demo(&mut self, ruleset: RulesetId) -> bool {
        let session = crate::script::demo_for(ruleset);
        let path = free_path(&self.saves, "demo");
        match create_store(&self.saves, &path, &session) {
            Ok(store) => self.open_main(session, Some(store), Vec::new()),
            Err(e) => {
                // The demo is worth playing even where nothing can be written, but only if the
                // judge says so, knowing nothing will be kept.
                if let Screen::Start(start) = &mut self.screen {
                    start.prompt = Some(
                        Form::new(
                            "The demo cannot be saved",
                            StartPrompt::PlayUnsaved(ruleset),
                            vec![Field::choice(
                                "play",
                                "Then",
                                vec![
                                    ("Go back".to_string(), 0),
                                    (
                                        "Play without saving (`:save as PATH` keeps it)"
                                            .to_string(),
                                        1,
                                    ),
                                ],
                                0,
                            )],
                        )
                        .with_note(e),
                    );
                }
            }
        }
        true
    }

    /// The demo played where it cannot be saved, as the judge chose: the header says `⚠ not
    /// saved` with the reason until `:save as PATH` writes the session somewhere.
    fn play_unsaved(&mut self, ruleset: RulesetId) -> bool {
        let session = crate::script::demo_for(ruleset);
        self.open_main(session, None, Vec::new());
        if let Some(m) = self.main_mut() {
            m.save = SaveState::Unsaved("played without saving, as chosen".into());
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
        // `?` opens the help in a form whose focused field does not take typing; F1 always.
        let help_typed = ctx == Ctx::Form
            && key.code == KeyCode::Char('?')
            && !m.sheet.typing()
            && m.overlay.is_none();
        if action == Some(Action::Help) || help_typed {
            let back = m.overlay.take().map(Box::new);
            m.overlay = Some(Overlay::Help {
                scroll: 0,
                most: std::cell::Cell::new(u16::MAX),
                under: ctx,
                back,
            });
            return true;
        }
        let press = keymap::Press { ctx, action, key };
        let changed = match dialogs::key(m, press, dice) {
            Some(changed) => changed,
            None => match action.and_then(|a| (ctx == Ctx::Main).then_some(a)) {
                // The ruleset makes the picker's list: its bestiary and the judge's library.
                Some(Action::Bring) => m.open_picker(sheets::arrivals(m, library)),
                Some(a) => match m.frame_key(a, dice) {
                    Some(changed) => changed,
                    None => sheets::key(m, press, dice, library),
                },
                None => sheets::key(m, press, dice, library),
            },
        };
        m.fix_selection();
        sheets::settle(m);
        m.follow_turn();
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
                    if m.view.log_scroll >= oldest && m.needs_log("scrolling further back") {
                        return true;
                    }
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
        // A kept search leaves the main screen's clicks as they are.
        let ctx = match self.ctx() {
            Ctx::Found => Ctx::Main,
            ctx => ctx,
        };
        match (&mut self.screen, hit) {
            (Screen::Start(s), Hit::Recent(i)) => {
                if s.selected == i {
                    return self.open_recent(i);
                }
                s.selected = i;
                true
            }
            (Screen::Main(m), hit) => {
                let changed = m.click(ctx, hit) || sheets::click(m, ctx, hit);
                sheets::settle(m);
                m.follow_turn();
                changed
            }
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
