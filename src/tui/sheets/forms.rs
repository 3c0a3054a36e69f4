//! What a ruleset's screen needs when its only dialogs are forms of its own (phase, bdp, ap,
//! actiondie and the plain tracker): a view state holding the open form, the keys of that form
//! with the submit that runs its command (the form coming back with the reason when the rules
//! refuse it), and the settling after each key. The slot system, with its choices, library and scene editor, keeps
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
use crate::tui::keymap::{Action, Ctx, Press};
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

pub use crate::tui::form::DEATH_KEYS;

/// The warning over a step that kills: who dies, and the one key that takes it.
pub fn death_warning(dead: &[String], on: &str) -> String {
    format!(
        "⚠ {} {} on this {on}: {DEATH_KEYS}",
        dead.join(" and "),
        if dead.len() == 1 { "dies" } else { "die" },
    )
}

/// The warning over a step that may kill as its dice fall: who may die, and the one key.
pub fn risk_warning(dead: &[String], on: &str) -> String {
    format!(
        "⚠ {} may die on this {on}, as its dice fall: {DEATH_KEYS}",
        dead.join(" and ")
    )
}

/// The names of the players' characters, whose deaths the frame asks before.
pub fn party_names(m: &Main) -> Vec<String> {
    m.session
        .state()
        .game
        .player_characters()
        .into_iter()
        .map(|(_, name)| name)
        .collect()
}

/// What to say before a form's step that could leave a player character dead, found on a copy
/// of the game (see [`crate::session::SessionState::deaths_possible_after`]): who dies, or who
/// may as the dice fall. A creature a blow kills dies at once: a fight needs no question for
/// each foe it may fell.
pub fn kill_warning(m: &Main, command: &session::Command) -> Option<String> {
    let session::Command::Game(c) = command else {
        return None;
    };
    let state = m.session.state();
    let party = party_names(m);
    let (sure, worst) = state.deaths_possible_after(c);
    let of_party = |names: Vec<String>| -> Vec<String> {
        names.into_iter().filter(|n| party.contains(n)).collect()
    };
    let (sure, worst) = (of_party(sure), of_party(worst));
    if !sure.is_empty() {
        Some(death_warning(&sure, "step"))
    } else if !worst.is_empty() {
        Some(risk_warning(&worst, "step"))
    } else {
        None
    }
}

/// Before a form's step that would leave a player character dead, the form turns into the question any
/// step that kills puts: it stays open with the warning, Enter does nothing, `y` takes it.
/// Returns whether it asked (the step must not run yet). A form already asking has been
/// answered by `y`.
pub fn ask_if_it_kills<P: 'static>(m: &mut Main, command: &session::Command) -> bool {
    let Some(form) = form_mut::<P>(m) else {
        return false;
    };
    if form.fatal {
        return false;
    }
    let Some(warning) = kill_warning(m, command) else {
        return false;
    };
    if let Some(form) = form_mut::<P>(m) {
        form.ask_before_it_kills(warning);
    }
    true
}

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

/// The choices of a form that puts a mark on or takes it off, one line per mark saying what
/// Enter does to it now: a mark already on is taken off, any other put on. A separate on/off
/// switch proposed "on" again for a mark already set.
pub fn switch_options<'a>(marks: impl Iterator<Item = (&'a str, bool)>) -> Vec<(String, u32)> {
    marks
        .enumerate()
        .map(|(i, (word, on))| {
            let (what, value) = if on {
                (format!("take off {word} (on now)"), 0)
            } else {
                (format!("put on {word}"), 1)
            };
            (what, i as u32 * 2 + value)
        })
        .collect()
}

/// Which mark a choice of [`switch_options`] names, and whether Enter puts it on.
pub fn switched(value: u32) -> (usize, bool) {
    ((value / 2) as usize, value % 2 == 1)
}

/// Opens a form over the sheet; a roll's form gets the secret switch.
pub fn show<P: Purpose + 'static>(m: &mut Main, mut form: Form<P>) {
    let kind = form.purpose.roll_kind();
    secret::add(m, &mut form, kind);
    if let Some(v) = (m.sheet.as_mut() as &mut dyn Any).downcast_mut::<FormView<P>>() {
        v.form = Some(form);
    }
}

/// Opens a form over the sheet ([`show`]); the key that asked for it is taken.
pub fn open<P: Purpose + 'static>(m: &mut Main, form: Form<P>) -> bool {
    show(m, form);
    true
}

/// Opens the form a key made, or tells the judge why there is none; the key is taken either way.
pub fn open_or_say<P: Purpose + 'static>(m: &mut Main, form: Result<Form<P>, String>) -> bool {
    match form {
        Ok(form) => open(m, form),
        Err(why) => {
            m.complain(why);
            true
        }
    }
}

/// What each of a screen's form purposes rolls, as a table: `roll_kinds!(Purpose: Purpose::Save
/// { .. } => Save, ...)` makes [`Purpose`] for the type, each pattern giving its
/// [`RollKind`](crate::rules::RollKind) and any other purpose none.
macro_rules! roll_kinds {
    ($purpose:ty: $($pat:pat => $kind:ident),+ $(,)?) => {
        impl $crate::tui::sheets::forms::Purpose for $purpose {
            fn roll_kind(&self) -> Option<$crate::rules::RollKind> {
                match self {
                    $($pat => Some($crate::rules::RollKind::$kind),)+
                    _ => None,
                }
            }
        }
    };
}
pub(crate) use roll_kinds;

/// How a form's new sheet comes in: in a fight under way an arrival into it, at the place the
/// creature picker would give it, which the players see as they would any sheet added now;
/// else the ruleset's own add.
#[derive(Debug, Clone, Copy)]
pub struct Arriving {
    fighting: bool,
    seen: bool,
}

impl Arriving {
    /// How a sheet added now comes in, `fighting` saying whether a fight is under way.
    pub fn now(m: &Main, fighting: bool) -> Self {
        Arriving {
            fighting,
            seen: !m.session.state().veil.until_revealed,
        }
    }

    /// The session's command for `add`, the ruleset's command that adds the sheet.
    pub fn command(self, add: crate::rules::GameCommand) -> session::Command {
        if self.fighting {
            session::Command::Arrive {
                add: Box::new(add),
                seen: self.seen,
            }
        } else {
            session::Command::Game(add)
        }
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
            if ask_if_it_kills::<P>(m, &c) {
                return (true, None);
            }
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

/// A key on a screen whose only dialogs are forms: in the open form, `form`'s; on the
/// main screen, `main`'s with the key's action (a key bound to none does nothing there).
pub fn route(
    m: &mut Main,
    press: Press,
    dice: &mut Dice,
    form: fn(&mut Main, Option<Action>, KeyEvent, &mut Dice) -> bool,
    main: fn(&mut Main, Action, &mut Dice) -> bool,
) -> bool {
    if press.ctx == Ctx::Form {
        return form(m, press.action, press.key, dice);
    }
    press.action.is_some_and(|action| main(m, action, dice))
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

/// Is a key worth showing in the status line: the open form's say when a form is open, else
/// `main`, the screen's own say over its main-screen keys.
pub fn applies_or<P: 'static>(m: &Main, action: Action, main: fn(&Main, Action) -> bool) -> bool {
    applies::<P>(m, action).unwrap_or_else(|| main(m, action))
}

/// Draws the open form, if any.
pub fn draw<P: 'static>(frame: &mut Frame, area: Rect, m: &Main, theme: Theme) {
    if let Some(form) = open_form::<P>(m) {
        widgets::form(frame, area, form, theme);
    }
}
