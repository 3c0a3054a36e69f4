//! A small form model shared by every dialog that gathers a few values before a command: roll
//! setups (edge, senses, attack details), characters, items, moves. Fields are named so the code
//! that turns a form into a command reads by meaning, not by position.

use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use tui_input::Input;
use tui_input::backend::crossterm::EventHandler;

#[derive(Debug, Clone)]
pub enum FieldKind {
    Text(Input),
    /// One of several options, each with the value it stands for (an id, a slot, an index).
    Choice {
        options: Vec<(String, u32)>,
        idx: usize,
    },
    Toggle(bool),
    Number {
        value: u16,
        min: u16,
        max: u16,
        step: u16,
    },
    /// Net edge, from -cap (disadvantage `cap` times) to cap (advantage `cap` times); the slot
    /// system's cap is 2 (R6), a ruleset whose edges stack without one takes `i8::MAX`.
    Edge {
        net: i8,
        cap: i8,
    },
    /// Several options each on or off; `cursor` is the one Space toggles.
    Multi {
        options: Vec<(String, u32)>,
        on: Vec<bool>,
        cursor: usize,
    },
}

#[derive(Debug, Clone)]
pub struct Field {
    pub id: &'static str,
    pub label: String,
    pub kind: FieldKind,
    /// A text field's value stands as proposed: the first key typed replaces it whole rather
    /// than adding to it (`check` never becomes `checkattack`); Backspace or an arrow edits it
    /// instead. Set when the form opens with a value and whenever the field takes the focus.
    pub fresh: bool,
}

impl Field {
    pub fn text(id: &'static str, label: &str, value: &str) -> Field {
        Field {
            id,
            label: label.into(),
            kind: FieldKind::Text(Input::new(value.to_string())),
            fresh: !value.is_empty(),
        }
    }

    pub fn choice(id: &'static str, label: &str, options: Vec<(String, u32)>, idx: usize) -> Field {
        let idx = idx.min(options.len().saturating_sub(1));
        Field {
            id,
            label: label.into(),
            kind: FieldKind::Choice { options, idx },
            fresh: false,
        }
    }

    pub fn toggle(id: &'static str, label: &str, on: bool) -> Field {
        Field {
            id,
            label: label.into(),
            kind: FieldKind::Toggle(on),
            fresh: false,
        }
    }

    pub fn number(
        id: &'static str,
        label: &str,
        value: u16,
        min: u16,
        max: u16,
        step: u16,
    ) -> Field {
        Field {
            id,
            label: label.into(),
            kind: FieldKind::Number {
                value: value.clamp(min, max),
                min,
                max,
                step,
            },
            fresh: false,
        }
    }

    pub fn edge(net: i8) -> Field {
        Field::edge_up_to(net, 2)
    }

    /// An edge field that takes up to `cap` steps either way.
    pub fn edge_up_to(net: i8, cap: i8) -> Field {
        let cap = cap.max(0);
        Field {
            id: "edge",
            label: "Edge".into(),
            kind: FieldKind::Edge {
                net: net.clamp(-cap, cap),
                cap,
            },
            fresh: false,
        }
    }

    pub fn multi(
        id: &'static str,
        label: &str,
        options: Vec<(String, u32)>,
        on: Vec<bool>,
    ) -> Field {
        let mut on = on;
        on.resize(options.len(), false);
        Field {
            id,
            label: label.into(),
            kind: FieldKind::Multi {
                options,
                on,
                cursor: 0,
            },
            fresh: false,
        }
    }

    /// The value as the form shows it.
    pub fn display(&self) -> String {
        match &self.kind {
            FieldKind::Text(input) => input.value().to_string(),
            FieldKind::Choice { options, idx } => options
                .get(*idx)
                .map(|(l, _)| format!("‹ {l} ›"))
                .unwrap_or_else(|| "(none)".into()),
            FieldKind::Toggle(on) => if *on { "[x]" } else { "[ ]" }.into(),
            FieldKind::Number { value, .. } => format!("‹ {value} ›"),
            FieldKind::Edge { net, .. } => format!("‹ {} ›", edge_words(*net)),
            FieldKind::Multi { options, on, .. } => options
                .iter()
                .zip(on)
                .map(|((l, _), on)| format!("{}{l}", if *on { "[x]" } else { "[ ]" }))
                .collect::<Vec<_>>()
                .join(" "),
        }
    }
}

pub fn edge_words(n: i8) -> String {
    match n {
        i8::MIN..=-3 => format!("disadvantage x{}", n.unsigned_abs()),
        -2 => "double disadvantage".into(),
        -1 => "disadvantage".into(),
        0 => "none".into(),
        1 => "advantage".into(),
        2 => "double advantage".into(),
        _ => format!("advantage x{n}"),
    }
}

#[derive(Debug, Clone)]
pub struct Form<P> {
    pub title: String,
    pub purpose: P,
    pub fields: Vec<Field>,
    pub focus: usize,
    /// Why the last submit was refused; shown in the form, which stays open.
    pub error: Option<String>,
    /// A line of explanation under the title.
    pub note: Option<String>,
    /// A line the app recomputes as the fields change (encounter odds, the range to a target),
    /// shown under the note; `warn` draws it as a warning.
    pub live: Option<Live>,
    /// The digits typed into the focused number field so far; they replace its value.
    pub digits: String,
    /// A question put before a step: `y` submits it as Enter does (unless a text field has
    /// the keys).
    pub yes: bool,
    /// A question before a step that can kill: Enter does not take it, only `y` does (see
    /// [`crate::tui::sheets::forms::ask_before_death`]).
    pub fatal: bool,
}

/// What takes a step that can kill, and what leaves it: said alike wherever the frame asks.
pub const DEATH_KEYS: &str = "y goes ahead; Esc leaves it (Enter does nothing here)";

/// A recomputed line of a form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Live {
    pub text: String,
    pub warn: bool,
}

/// What a key did to a form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormKey {
    Submit,
    Cancel,
    Changed,
    Ignored,
}

impl<P> Form<P> {
    pub fn new(title: impl Into<String>, purpose: P, fields: Vec<Field>) -> Self {
        Form {
            title: title.into(),
            purpose,
            fields,
            focus: 0,
            error: None,
            note: None,
            live: None,
            digits: String::new(),
            yes: false,
            fatal: false,
        }
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.note = Some(note.into());
        self
    }

    /// Turns the form into the question any step that kills puts: it stays open with
    /// `warning`, Enter does nothing, and `y` takes the step.
    pub fn ask_before_it_kills(&mut self, warning: String) {
        self.fatal = true;
        self.yes = true;
        self.error = Some(warning);
    }

    pub fn focused(&self) -> Option<&Field> {
        self.fields.get(self.focus)
    }

    /// Is the cursor in a text field (so letters type instead of acting)?
    pub fn typing(&self) -> bool {
        matches!(self.focused().map(|f| &f.kind), Some(FieldKind::Text(_)))
    }

    fn field(&self, id: &str) -> Option<&Field> {
        self.fields.iter().find(|f| f.id == id)
    }

    fn field_mut(&mut self, id: &str) -> Option<&mut Field> {
        self.fields.iter_mut().find(|f| f.id == id)
    }

    pub fn text(&self, id: &str) -> String {
        match self.field(id).map(|f| &f.kind) {
            Some(FieldKind::Text(i)) => i.value().trim().to_string(),
            _ => String::new(),
        }
    }

    pub fn choice(&self, id: &str) -> Option<u32> {
        match self.field(id).map(|f| &f.kind) {
            Some(FieldKind::Choice { options, idx }) => options.get(*idx).map(|(_, v)| *v),
            _ => None,
        }
    }

    pub fn toggle(&self, id: &str) -> bool {
        matches!(
            self.field(id).map(|f| &f.kind),
            Some(FieldKind::Toggle(true))
        )
    }

    pub fn number(&self, id: &str) -> u16 {
        match self.field(id).map(|f| &f.kind) {
            Some(FieldKind::Number { value, .. }) => *value,
            _ => 0,
        }
    }

    pub fn edge(&self) -> i8 {
        match self.field("edge").map(|f| &f.kind) {
            Some(FieldKind::Edge { net, .. }) => *net,
            _ => 0,
        }
    }

    pub fn multi(&self, id: &str) -> Vec<u32> {
        match self.field(id).map(|f| &f.kind) {
            Some(FieldKind::Multi { options, on, .. }) => options
                .iter()
                .zip(on)
                .filter(|(_, on)| **on)
                .map(|((_, v), _)| *v)
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Adds one step of edge (positive: advantage); a form without an edge field ignores it.
    pub fn shift_edge(&mut self, by: i8) -> bool {
        match self.field_mut("edge").map(|f| &mut f.kind) {
            Some(FieldKind::Edge { net, cap }) => {
                let next = net.saturating_add(by).clamp(-*cap, *cap);
                let changed = next != *net;
                *net = next;
                changed
            }
            _ => false,
        }
    }

    pub fn focus_next(&mut self) {
        if !self.fields.is_empty() {
            self.focus = (self.focus + 1) % self.fields.len();
            self.focused_afresh();
        }
    }

    pub fn focus_prev(&mut self) {
        if !self.fields.is_empty() {
            self.focus = (self.focus + self.fields.len() - 1) % self.fields.len();
            self.focused_afresh();
        }
    }

    /// A field just focused takes what is typed next as a new value: digits on a number, and
    /// the first key on a text field with a value replaces that value.
    fn focused_afresh(&mut self) {
        self.digits.clear();
        if let Some(f) = self.fields.get_mut(self.focus)
            && let FieldKind::Text(input) = &f.kind
        {
            f.fresh = !input.value().is_empty();
        }
    }

    /// Changes the focused field's value one step forward or back. Space on a multi-choice
    /// toggles the option under its cursor; arrows move that cursor.
    pub fn change(&mut self, forward: bool, space: bool) -> bool {
        let Some(field) = self.fields.get_mut(self.focus) else {
            return false;
        };
        match &mut field.kind {
            FieldKind::Text(_) => false,
            FieldKind::Choice { options, idx } => {
                if options.len() < 2 {
                    return false;
                }
                *idx = if forward {
                    (*idx + 1) % options.len()
                } else {
                    (*idx + options.len() - 1) % options.len()
                };
                true
            }
            FieldKind::Toggle(on) => {
                *on = !*on;
                true
            }
            FieldKind::Number {
                value,
                min,
                max,
                step,
            } => {
                let next = if forward {
                    value.saturating_add(*step).min(*max)
                } else {
                    value.saturating_sub(*step).max(*min)
                };
                let changed = next != *value;
                *value = next;
                changed
            }
            FieldKind::Edge { net, cap } => {
                let next = net
                    .saturating_add(if forward { 1 } else { -1 })
                    .clamp(-*cap, *cap);
                let changed = next != *net;
                *net = next;
                changed
            }
            FieldKind::Multi {
                options,
                on,
                cursor,
            } => {
                if options.is_empty() {
                    return false;
                }
                if space {
                    on[*cursor] = !on[*cursor];
                } else if forward {
                    *cursor = (*cursor + 1) % options.len();
                } else {
                    *cursor = (*cursor + options.len() - 1) % options.len();
                }
                true
            }
        }
    }

    /// Passes a key to the focused text field.
    pub fn type_key(&mut self, key: KeyEvent) -> bool {
        if let Some(field) = self.fields.get_mut(self.focus)
            && let FieldKind::Text(input) = &mut field.kind
        {
            // A letter replaces a proposed value; any other key (Backspace, an arrow) starts
            // editing it instead.
            if std::mem::take(&mut field.fresh)
                && matches!(key.code, KeyCode::Char(_))
                && !key.modifiers.contains(KeyModifiers::CONTROL)
            {
                *input = Input::default();
            }
            return input.handle_event(&Event::Key(key)).is_some();
        }
        // Backspace on a number field takes its last digit back (the value shown, when nothing
        // has been typed yet); with no digit left the field holds its least value.
        if let (
            KeyCode::Backspace,
            Some(FieldKind::Number {
                value, min, max, ..
            }),
        ) = (
            key.code,
            self.fields.get_mut(self.focus).map(|f| &mut f.kind),
        ) {
            if self.digits.is_empty() {
                self.digits = value.to_string();
            }
            self.digits.pop();
            *value = self.digits.parse::<u16>().unwrap_or(*min).clamp(*min, *max);
            return true;
        }
        // Digits typed on a number field set it directly ("30" for a 30 ft fall): what
        // has been typed since the field got the focus replaces the value shown.
        if let (
            KeyCode::Char(c),
            Some(FieldKind::Number {
                value, min, max, ..
            }),
        ) = (
            key.code,
            self.fields.get_mut(self.focus).map(|f| &mut f.kind),
        ) && let Some(d) = c.to_digit(10)
            && !key.modifiers.contains(KeyModifiers::CONTROL)
        {
            self.digits.push(c);
            let typed = match self.digits.parse::<u16>() {
                Ok(t) if t <= *max => t,
                _ => {
                    self.digits = c.to_string();
                    d as u16
                }
            };
            *value = typed.clamp(*min, *max);
            return true;
        }
        false
    }
}

/// A one-key choice: each option has the key that takes it; `purpose` says what for.
#[derive(Debug, Clone)]
pub struct Choice<P> {
    pub title: String,
    pub purpose: P,
    pub options: Vec<(char, String)>,
    pub error: Option<String>,
    /// A line under the options (why a choice is proposed).
    pub note: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edge_is_capped_at_two_either_way() {
        let mut f = Form::new("t", (), vec![Field::edge(0)]);
        for _ in 0..5 {
            f.shift_edge(1);
        }
        assert_eq!(f.edge(), 2);
        for _ in 0..9 {
            f.shift_edge(-1);
        }
        assert_eq!(f.edge(), -2);
    }

    #[test]
    fn digits_typed_on_a_number_replace_it_then_extend_it() {
        let mut f = Form::new(
            "t",
            (),
            vec![
                Field::number("feet", "Feet", 10, 10, 990, 10),
                Field::number("trys", "Trys", 1, 1, 100, 1),
            ],
        );
        let digit = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
        f.type_key(digit('3'));
        f.type_key(digit('0'));
        assert_eq!(f.number("feet"), 30);
        f.focus_next();
        f.type_key(digit('1'));
        f.type_key(digit('2'));
        assert_eq!(f.number("trys"), 12);
    }

    #[test]
    fn backspace_on_a_number_takes_its_last_digit_back() {
        let mut f = Form::new(
            "t",
            (),
            vec![Field::number("amount", "Amount", 1, 1, 99, 1)],
        );
        let press = |c| KeyEvent::new(c, KeyModifiers::NONE);
        f.type_key(press(KeyCode::Char('3')));
        assert!(f.type_key(press(KeyCode::Backspace)));
        assert_eq!(f.number("amount"), 1, "no digit left: the least value");
        f.type_key(press(KeyCode::Char('4')));
        f.type_key(press(KeyCode::Char('2')));
        f.type_key(press(KeyCode::Backspace));
        assert_eq!(f.number("amount"), 4, "42 less its last digit");
        f.type_key(press(KeyCode::Char('5')));
        assert_eq!(f.number("amount"), 45);
    }

    #[test]
    fn typing_into_a_proposed_text_replaces_it_and_then_adds_to_it() {
        let mut f = Form::new(
            "t",
            (),
            vec![Field::text("what", "For what", "check"), Field::edge(0)],
        );
        let key = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
        for c in "attack".chars() {
            f.type_key(key(c));
        }
        assert_eq!(f.text("what"), "attack");
        f.focus_next();
        f.focus_prev();
        f.type_key(KeyEvent::new(KeyCode::End, KeyModifiers::NONE));
        f.type_key(key('s'));
        assert_eq!(
            f.text("what"),
            "attacks",
            "a key that moves keeps the value to edit"
        );
        f.focus_next();
        f.focus_prev();
        f.type_key(KeyEvent::new(KeyCode::Backspace, KeyModifiers::NONE));
        assert_eq!(f.text("what"), "attack", "Backspace edits a proposed value");
    }

    #[test]
    fn fields_are_read_by_name() {
        let mut f = Form::new(
            "t",
            (),
            vec![
                Field::text("name", "Name", " Aldo "),
                Field::choice("side", "Side", vec![("a".into(), 1), ("b".into(), 2)], 0),
                Field::multi(
                    "who",
                    "Who",
                    vec![("x".into(), 7), ("y".into(), 8)],
                    vec![true],
                ),
            ],
        );
        assert_eq!(f.text("name"), "Aldo");
        f.focus = 1;
        assert!(f.change(true, false));
        assert_eq!(f.choice("side"), Some(2));
        f.focus = 2;
        f.change(true, false);
        f.change(true, true);
        assert_eq!(f.multi("who"), vec![7, 8]);
    }
}
