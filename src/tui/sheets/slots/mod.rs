//! The slot system's screen (rule file 000): the sheet with its slots and body picture, the clock
//! and scene panel with its map, the strip with setups and interrupts, and the keys and dialogs of
//! the sheet, a fight, the clock and the scene.
//!
//! - [`keys`]: the slot system's key table, built from its own keys and the frame's.
//! - [`screen`]: the keys of the sheet, its forms, one-key choices and the item library.
//! - [`fight`], [`clock_keys`], [`scene`]: the keys and dialogs of a fight, the clock and the
//!   scene editor.
//! - [`sheet`], [`doll`], [`clock_panel`], [`map`], [`strip`]: drawing.

pub mod clock_keys;
pub mod clock_panel;
pub mod doll;
pub mod fight;
pub mod keys;
pub mod map;
pub mod scene;
pub mod screen;
pub mod sheet;
pub mod strip;

use std::any::Any;
use std::sync::LazyLock;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use tui_input::Input;

use self::clock_keys::Summary;
use self::fight::InterruptWindow;
use self::screen::{ChoicePurpose, FormPurpose, Picker};
use super::Panels;
use crate::content::Library;
use crate::rules::slots::{Character, State};
use crate::rules::{GameCommand, GameState};
use crate::session::Session;
use crate::tui::form::{Choice, Form};
use crate::tui::host::{Dice, Hit, Main, SheetView, Step};
use crate::tui::keymap::{Action, Ctx, Press};
use crate::tui::theme::Theme;
use crate::tui::widgets;

/// A dialog of the slot system's own.
#[derive(Debug, Clone)]
pub enum Dialog {
    Form(Form<FormPurpose>),
    Choice(Choice<ChoicePurpose>),
    Picker(Picker),
    Interrupt(InterruptWindow),
    Summary(Summary),
    Scene,
}

/// The slot screen's own view state: its open dialog.
#[derive(Debug, Clone, Default)]
pub struct SlotView {
    pub dialog: Option<Dialog>,
}

impl SheetView for SlotView {
    fn dialog(&self) -> Option<Ctx> {
        self.dialog.as_ref().map(|d| match d {
            Dialog::Form(_) => Ctx::Form,
            Dialog::Choice(_) => Ctx::Choice,
            Dialog::Picker(_) => keys::IN_PICKER,
            Dialog::Interrupt(_) => keys::IN_INTERRUPT,
            Dialog::Summary(_) => keys::IN_SUMMARY,
            Dialog::Scene => keys::IN_SCENE,
        })
    }

    fn close(&mut self) {
        self.dialog = None;
    }

    fn input(&mut self) -> Option<&mut Input> {
        match &mut self.dialog {
            Some(Dialog::Picker(p)) => Some(&mut p.input),
            _ => None,
        }
    }

    fn typing(&self) -> bool {
        match &self.dialog {
            Some(Dialog::Form(f)) => f.typing(),
            Some(Dialog::Picker(_)) => true,
            _ => false,
        }
    }
}

/// The slot screen's view state inside the frame's holder (a fresh one if it held another
/// ruleset's, which cannot happen: the holder is made with the session's ruleset).
pub(crate) fn view_mut(sheet: &mut Box<dyn SheetView>) -> &mut SlotView {
    if !(sheet.as_ref() as &dyn Any).is::<SlotView>() {
        *sheet = Box::new(SlotView::default());
    }
    match (sheet.as_mut() as &mut dyn Any).downcast_mut::<SlotView>() {
        Some(view) => view,
        None => unreachable!("the holder was just given a slot view"),
    }
}

static NO_STATE: LazyLock<State> = LazyLock::new(State::default);

/// The slot system's state of a session (an empty one for a session of another ruleset, which
/// the slot screen is never given). Borrows the session alone, so a dialog may stay open beside it.
pub(crate) fn slots_of(session: &Session) -> &State {
    match &session.state().game {
        GameState::Slots(s) => s,
        #[allow(unreachable_patterns)]
        _ => &NO_STATE,
    }
}

impl Main {
    /// The slot system's state (an empty one for a session of another ruleset, which the slot
    /// screen is never given).
    pub(crate) fn slots(&self) -> &State {
        slots_of(&self.session)
    }

    /// The selected character's sheet.
    pub fn selected(&self) -> Option<&Character> {
        let id = self.view.selected?;
        self.slots().characters.iter().find(|c| c.id == id)
    }

    /// The slot screen's open dialog.
    pub(crate) fn dialog(&self) -> Option<&Dialog> {
        (self.sheet.as_ref() as &dyn Any)
            .downcast_ref::<SlotView>()
            .and_then(|v| v.dialog.as_ref())
    }

    pub(crate) fn dialog_mut(&mut self) -> Option<&mut Dialog> {
        view_mut(&mut self.sheet).dialog.as_mut()
    }

    /// Opens one of the slot system's dialogs over the sheet.
    /// A roll's form gets the secret switch.
    pub(crate) fn open(&mut self, mut dialog: Dialog) {
        if let Dialog::Form(form) = &mut dialog {
            let kind = form.purpose.roll_kind();
            crate::tui::sheets::secret::add(self, form, kind);
        }
        view_mut(&mut self.sheet).dialog = Some(dialog);
    }

    pub(crate) fn close_dialog(&mut self) {
        view_mut(&mut self.sheet).dialog = None;
    }
}

/// Keys on the main screen and in the slot system's dialogs.
pub fn key(m: &mut Main, press: Press, dice: &mut Dice, library: &Library) -> bool {
    let Press { ctx, action, key } = press;
    match m.dialog() {
        Some(Dialog::Form(_)) => m.form_key(press, dice, library),
        Some(Dialog::Choice(_)) => m.choice_key(action, key, dice),
        Some(Dialog::Picker(_)) => m.picker_key(press, dice, library),
        Some(Dialog::Interrupt(_)) => m.interrupt_key(action, key, dice),
        Some(Dialog::Summary(_)) => m.summary_key(action),
        Some(Dialog::Scene) => m.scene_key(action, dice),
        None if ctx == Ctx::Main => m.sheet_key(press, dice, library),
        None => false,
    }
}

/// Clicks on the sheet, the strip, the interrupt window and the scene editor.
pub fn click(m: &mut Main, ctx: Ctx, hit: Hit) -> bool {
    match (ctx, hit) {
        (Ctx::Main, Hit::Row(n)) => {
            m.view.row = n;
            true
        }
        (Ctx::Main, Hit::Actor(id)) => m.click_actor(id),
        (keys::IN_INTERRUPT, Hit::Option(i)) => m.click_interrupter(i),
        (keys::IN_SCENE, Hit::Entry(i)) => {
            m.view.panel_sel = i;
            true
        }
        _ => false,
    }
}

/// Follows the steps the session took (the fight's actor, the interrupt window after a setup,
/// the summary of what time changed), then keeps the selected slot and zone in range.
pub fn settle(m: &mut Main) {
    for step in std::mem::take(&mut m.steps) {
        match step {
            Step::Applied(logged) => {
                m.after(&logged);
                let offered = logged.events.iter().any(|e| {
                    matches!(
                        e,
                        crate::session::Event::Game(crate::rules::GameEvent::Slots(
                            crate::rules::slots::Event::CounterOffered { .. }
                        ))
                    )
                });
                if offered && m.slots().recent.counter.is_some() {
                    // The counterattack is one key away; say which.
                    if let Some(msg) = &mut m.message {
                        let key =
                            crate::tui::keymap::key_for(keys::TABLE, Ctx::Main, keys::COUNTER);
                        msg.text
                            .push_str(&format!(" · {} strikes back", key.unwrap_or_default()));
                    }
                }
            }
            Step::Undone(entry) | Step::Redone(entry) => m.follow_fight_after(&entry),
        }
    }
    m.fix_selection();
    let slots = m.selected().map_or(0, |c| c.slots.len()) as u8;
    m.view.row = m.view.row.clamp(1.min(slots), slots);
    if m.view.row == 0 && slots > 0 {
        m.view.row = 1;
    }
    let zones = m.slots().scene.zones.len();
    if m.view.panel_sel >= zones {
        m.view.panel_sel = zones.saturating_sub(1);
    }
}

/// Rows the sheet panel wants: the selected sheet's slots, never fewer than a human's 11 (so the
/// panel keeps its place from one character to the next).
pub fn rows(m: &Main) -> u16 {
    m.selected().map_or(11, |c| c.slots.len() as u16).max(11)
}

/// The sheet, its conditions and the clock and scene panel.
pub fn draw(
    buf: &mut Buffer,
    panels: &Panels,
    m: &Main,
    theme: Theme,
    hits: &mut Vec<(Rect, Hit)>,
) {
    if let Some(rect) = panels.side {
        clock_panel::side(buf, rect, m, theme);
    }
    sheet::draw(buf, panels.sheet, m, theme, hits);
    if let Some(rect) = panels.condition {
        sheet::conditions(buf, rect, m, theme);
    }
}

/// The slot system's dialogs over the screen.
pub fn draw_dialog(
    frame: &mut Frame,
    area: Rect,
    m: &Main,
    theme: Theme,
    library: &Library,
    hits: &mut Vec<(Rect, Hit)>,
) {
    match m.dialog() {
        Some(Dialog::Form(f)) => widgets::form(frame, area, f, theme),
        Some(Dialog::Choice(c)) => widgets::choice(frame.buffer_mut(), area, c, theme),
        Some(Dialog::Picker(p)) => screen::picker(frame, area, p, library, m.slots(), theme),
        Some(Dialog::Interrupt(w)) => {
            clock_panel::interrupt(frame.buffer_mut(), area, m, w, theme, hits)
        }
        Some(Dialog::Summary(s)) => clock_panel::summary(frame.buffer_mut(), area, s, theme),
        Some(Dialog::Scene) => map::editor(frame.buffer_mut(), area, m, theme, hits),
        None => {}
    }
}

/// Is the key worth showing in the status line now?
pub fn applies(m: &Main, action: Action) -> bool {
    match m.dialog() {
        Some(Dialog::Form(f)) => widgets::form_action_applies(f, action),
        _ => screen::applies_main(m, action),
    }
}

/// The frame's creature picker: the library's creatures (the bundled bestiary and the judge's
/// own file), each numbered after those already here, on the opponents' side.
pub fn arrivals(m: &Main, library: &Library) -> Vec<crate::tui::host::Arrival> {
    let state = slots_of(&m.session);
    let bundled = crate::content::bundled();
    let taken = |n: &str| {
        state
            .characters
            .iter()
            .any(|c| c.name.eq_ignore_ascii_case(n))
    };
    library
        .creatures
        .iter()
        .map(|c| {
            let from = if bundled.creatures.contains(c) {
                "bestiary"
            } else {
                "your library"
            };
            let (layout, items, zone) = (c.layout.clone(), c.items.clone(), party_zone(state));
            super::arrival(&c.name, from, taken, move |name| {
                GameCommand::Slots(crate::rules::slots::Command::AddCharacter {
                    name: Box::new(name.to_string()),
                    side: crate::rules::slots::Side::Opponents,
                    layout: Box::new(layout.clone()),
                    items: items.clone().into(),
                    zone,
                })
            })
        })
        .collect()
}

/// The zone of the scene the party stands in: that of the first player character placed in one.
pub(crate) fn party_zone(state: &State) -> Option<crate::rules::slots::ZoneId> {
    state
        .characters
        .iter()
        .filter(|c| c.side == crate::rules::slots::Side::Players)
        .find_map(|c| c.zone)
}
