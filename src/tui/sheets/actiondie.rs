//! The action-die screen (rule file 004).

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;

use super::{Panels, forms};
use crate::tui::host::{Dice, Hit, Main};
use crate::tui::keymap::{self, Action, Binding, Ctx, Table};
use crate::tui::theme::Theme;
use forms::FormView;

pub const MAIN: &[Binding] = &[];

pub const TABLE: Table = keymap::with_frame!(MAIN);

pub const LEGEND: &[(&str, &str)] = &[];

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Purpose {}

pub type ActionDieView = FormView<Purpose>;

pub fn key(
    _m: &mut Main,
    _ctx: Ctx,
    _action: Option<Action>,
    _key: KeyEvent,
    _dice: &mut Dice,
) -> bool {
    false
}

pub fn click(_m: &mut Main, _ctx: Ctx, _hit: Hit) -> bool {
    false
}

pub fn settle(m: &mut Main) {
    forms::settle(m);
}

pub fn applies(_m: &Main, _action: Action) -> bool {
    true
}

pub fn rows(_m: &Main) -> u16 {
    2
}

pub fn draw(
    _buf: &mut Buffer,
    _panels: &Panels,
    _m: &Main,
    _theme: Theme,
    _hits: &mut Vec<(Rect, Hit)>,
) {
}

pub fn draw_dialog(frame: &mut Frame, area: Rect, m: &Main, theme: Theme) {
    forms::draw::<Purpose>(frame, area, m, theme);
}
