//! A question the rules leave to the judge (from the ruleset's read model): the options with the
//! proposal preselected, or yes and no; ↑↓ or a digit highlight, Enter confirms, y and n answer a
//! yes-or-no question, Esc drops it. An answer that would kill someone says so, and only y takes
//! it: one Enter pressed at speed never kills.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::rules::{Answer, PendingView, QuestionView};
use crate::tui::host::{Dice, Hit, Main};
use crate::tui::keymap::Action;
use crate::tui::sheets::forms;
use crate::tui::theme::Theme;
use crate::tui::widgets::{dialog, fit, paragraph_height, record, width_for};

impl Main {
    pub(crate) fn decide_key(
        &mut self,
        action: Option<Action>,
        key: KeyEvent,
        dice: &mut Dice,
    ) -> bool {
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
            // An answer that kills is taken by `y` alone, as every step that kills is.
            Some(Action::Yes) if self.deaths_of(self.highlighted(&question)).is_some() => {
                self.answer(self.highlighted(&question), dice)
            }
            Some(Action::Accept) => {
                let answer = self.highlighted(&question);
                if let Some(warning) = self.deaths_of(answer) {
                    self.complain(warning);
                    return true;
                }
                self.answer(answer, dice)
            }
            Some(Action::Cancel) => self.answer(Answer::Cancel, dice),
            // `:` opens the palette here as everywhere, for `choose N` and the rest.
            Some(a @ (Action::Undo | Action::Redo | Action::Palette)) => {
                self.frame_key(a, dice).unwrap_or(false)
            }
            _ => false,
        }
    }
}

impl Main {
    /// Whether the answer Enter would give to the waiting question leaves someone dead: then
    /// only `y` takes it, and the status line offers `y` in Enter's place.
    pub(crate) fn highlighted_answer_kills(&self) -> bool {
        match self.session.state().game.pending() {
            Some(PendingView::Question(q)) => self.deaths_of(self.highlighted(&q)).is_some(),
            _ => false,
        }
    }

    /// The answer Enter would give: the highlighted option, or the proposal.
    fn highlighted(&self, q: &QuestionView) -> Answer {
        match q.options.get(self.view.pending_sel) {
            Some(_) if self.view.pending_sel != q.proposed => Answer::Choose(self.view.pending_sel),
            _ => Answer::Accept,
        }
    }

    /// What to say when `answer` would leave someone dead, or may as its dice fall (see
    /// [`crate::session::SessionState::deaths_possible_after`]): anyone it surely kills (an NPC
    /// proposed dead), and a player character whom only some faces kill (a bdp injury's later
    /// die). Nothing when nobody dies.
    fn deaths_of(&self, answer: Answer) -> Option<String> {
        let state = self.session.state();
        let command = state.game.answer(answer).ok()?;
        let (sure, some) = state.deaths_possible_after(&command);
        if !sure.is_empty() {
            return Some(format!(
                "{}; ↑↓ pick another",
                forms::death_warning(&sure, "answer")
            ));
        }
        let party = forms::party_names(self);
        let some: Vec<String> = some.into_iter().filter(|n| party.contains(n)).collect();
        (!some.is_empty())
            .then(|| format!("{}; ↑↓ pick another", forms::risk_warning(&some, "answer")))
    }
}

pub fn draw(
    buf: &mut Buffer,
    area: Rect,
    main: &Main,
    q: &QuestionView,
    theme: Theme,
    hits: &mut Vec<(Rect, Hit)>,
) {
    let w = width_for(area, 84);
    let mut lines = vec![Line::raw(q.why.clone()), Line::raw("")];
    let first_option = lines.len();
    for (i, option) in q.options.iter().enumerate() {
        let sel = i == main.view.pending_sel;
        let what = fit(&option.text, (w as usize).saturating_sub(18));
        let mut spans = vec![Span::raw(if sel { "▶ " } else { "  " }), Span::raw(what)];
        if i == q.proposed {
            spans.push(Span::styled("  ★ proposed", theme.key()));
        }
        let mut line = Line::from(spans);
        if sel {
            line = line.style(theme.selected());
        }
        lines.push(line);
    }
    if let Some(detail) = &q.detail {
        lines.push(Line::raw(detail.clone()));
    }
    let dead = main.deaths_of(main.highlighted(q));
    if let Some(warning) = &dead {
        lines.push(Line::styled(warning.clone(), theme.warn()));
    }
    if let Some(yn) = &q.yes_no {
        // Enter does nothing on an answer that kills: the star then names no key.
        let star = if dead.is_none() {
            "  ★ proposed (Enter)"
        } else {
            "  ★ proposed"
        };
        let (yes_star, no_star) = if yn.proposed_yes {
            (star, "")
        } else {
            ("", star)
        };
        lines.push(Line::from(vec![
            Span::styled("y", theme.key()),
            Span::raw(format!(" {}{yes_star}    ", yn.yes)),
            Span::styled("n", theme.key()),
            Span::raw(format!(" {}{no_star}", yn.no)),
        ]));
    }
    let h = paragraph_height(&lines, w.saturating_sub(2)) + 2;
    let inner = dialog(buf, area, w, h, &q.title, theme);
    for i in 0..q.options.len() {
        let y = inner.y + (first_option + i) as u16;
        if y < inner.y + inner.height {
            record(hits, Rect::new(inner.x, y, inner.width, 1), Hit::Option(i));
        }
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}
