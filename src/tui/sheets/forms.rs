//! What a ruleset's screen needs when its only dialogs are forms of its own (the plain tracker,
//! the phased rules): a view state holding the open form, the keys of that form with the submit
//! that runs its command (the form coming back with the reason when the rules refuse it), and the
//! settling after each key. The slot system, with its choices, library and scene editor, keeps
//! its own.

use std::any::Any;

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;

use super::secret;
use crate::rules::RollKind;
use crate::session;
use crate::tui::form::Form;
use crate::tui::host::{Dice, Exec, FormStep, Main, SheetView, form_key};
use crate::tui::keymap::{Action, Ctx};
use crate::tui::theme::Theme;
use crate::tui::widgets;

/// The view state of a screen whose dialogs are forms for `P` (what the form is for).
#[derive(Debug, Clone)]
pub struct FormView<P> {
    pub form: Option<Form<P>>,
}

impl<P> Default for FormView<P> {
    fn default() -> Self {
        FormView { form: None }
    }
}

impl<P: 'static> SheetView for FormView<P> {
    fn dialog(&self) -> Option<Ctx> {
        self.form.as_ref().map(|_| Ctx::Form)
    }

    fn close(&mut self) {
        self.form = None;
    }

    fn typing(&self) -> bool {
        self.form.as_ref().is_some_and(|f| f.typing())
    }
}

/// The open form, when the screen's view state is a [`FormView`] for `P`.
pub fn open_form<P: 'static>(m: &Main) -> Option<&Form<P>> {
    (m.sheet.as_ref() as &dyn Any)
        .downcast_ref::<FormView<P>>()
        .and_then(|v| v.form.as_ref())
}

/// What a form is for, as far as the frame needs to know: the kind of roll its command makes,
/// if it makes one, so that the form carries the secret switch (see [`super::secret`]).
pub trait Purpose {
    fn roll_kind(&self) -> Option<RollKind>;
}

/// What takes a step that can kill, and what leaves it: said alike wherever the frame asks.
pub const DEATH_KEYS: &str = "y goes ahead; Esc leaves it (Enter does nothing here)";

/// The question put before a step that can kill someone (`why` says who and how): one Enter
/// pressed at speed never kills, as a turn that bleeds its actor to death in the slot system
/// waits for `y` (R22). Only `y` takes the step; Esc leaves it.
pub fn ask_before_death<P>(title: impl Into<String>, purpose: P, why: &str) -> Form<P> {
    let mut form =
        Form::new(title, purpose, Vec::new()).with_note(format!("⚠ {why} {DEATH_KEYS}."));
    form.yes = true;
    form.fatal = true;
    form
}

/// Opens a form over the sheet; a roll's form gets the secret switch.
pub fn show<P: Purpose + 'static>(m: &mut Main, mut form: Form<P>) {
    let kind = form.purpose.roll_kind();
    secret::add(m, &mut form, kind);
    if let Some(v) = (m.sheet.as_mut() as &mut dyn Any).downcast_mut::<FormView<P>>() {
        v.form = Some(form);
    }
}

fn form_mut<P: 'static>(m: &mut Main) -> Option<&mut Form<P>> {
    form_in(m.sheet.as_mut())
}

/// The open form of a screen's view state, taken from the view alone so the session can be
/// read beside it (to recompute a line of the form from the state).
pub fn form_in<P: 'static>(view: &mut dyn SheetView) -> Option<&mut Form<P>> {
    (view as &mut dyn Any)
        .downcast_mut::<FormView<P>>()
        .and_then(|v| v.form.as_mut())
}

/// A key in the open form. On Enter, `command` makes the form's command (or says what to fix);
/// it is run, and a refusal brings the form back with the reason. Returns whether anything
/// changed and, after a command that ran, the form it came from.
pub fn key<P: Purpose + Clone + 'static>(
    m: &mut Main,
    action: Option<Action>,
    key: KeyEvent,
    dice: &mut Dice,
    command: impl Fn(&Form<P>) -> Result<session::Command, String>,
) -> (bool, Option<Form<P>>) {
    let Some(form) = form_mut::<P>(m) else {
        return (false, None);
    };
    match form_key(form, action, key) {
        FormStep::Cancel => {
            m.sheet.close();
            (true, None)
        }
        FormStep::Changed => (true, None),
        FormStep::Ignored => (false, None),
        FormStep::Submit => {
            let form = form.clone();
            let c = match command(&form) {
                Ok(c) => c,
                Err(why) => {
                    if let Some(f) = form_mut::<P>(m) {
                        f.error = Some(why);
                    }
                    return (true, None);
                }
            };
            m.sheet.close();
            secret::arm(m, &form, form.purpose.roll_kind());
            let ran = m.run(c, dice, None);
            if !matches!(ran, Exec::Asked) {
                secret::disarm(m);
            }
            match ran {
                Exec::Failed(why) => {
                    let mut form = form;
                    form.error = Some(why);
                    show(m, form);
                    (true, None)
                }
                Exec::Done => (true, Some(form)),
                Exec::Asked => (true, None),
            }
        }
    }
}

/// After every key: the frame's selection kept in range; such a screen follows no steps.
pub fn settle(m: &mut Main) {
    m.steps.clear();
    m.fix_selection();
    m.view.row = 0;
}

/// Is a form key worth showing in the status line (edge keys only with an edge field, say)?
pub fn applies<P: 'static>(m: &Main, action: Action) -> Option<bool> {
    open_form::<P>(m).map(|f| widgets::form_action_applies(f, action))
}

/// Draws the open form, if any.
pub fn draw<P: 'static>(frame: &mut Frame, area: Rect, m: &Main, theme: Theme) {
    if let Some(form) = open_form::<P>(m) {
        widgets::form(frame, area, form, theme);
    }
}
