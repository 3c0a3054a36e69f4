//! The roll that waits for the judge (from the ruleset's read model): every die with what its
//! face means, the proposal and the picked die, the verdict and why; Enter accepts, ←→ or a digit
//! picks, `o` overrides, `+`/`-` give it an edge after all, `T` replaces the dice with the table's, `r` re-rolls them (logged), Esc
//! drops it.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::rules::{Answer, Outcome, PendingView, Role, RollView};
use crate::session::{Command, Veil, last_roll, seen};
use crate::store::JournalRecord;
use crate::tui::host::{Dice, Exec, Hit, Main};
use crate::tui::keymap::Action;
use crate::tui::theme::Theme;
use crate::tui::widgets::{dialog, fit, paragraph_height, record, width_for};

/// How a waiting roll is made again.
pub(crate) enum Again {
    /// With the faces the table rolled, typed in.
    Typed,
    /// With fresh dice, because the judge says so; the roll's title goes in the log.
    Reroll(String),
}

impl Main {
    pub(crate) fn roll_key(
        &mut self,
        action: Option<Action>,
        key: KeyEvent,
        dice: &mut Dice,
    ) -> bool {
        let Some(PendingView::Roll(roll)) = self.session.state().game.pending() else {
            return false;
        };
        let answer = match action {
            Some(Action::Accept) => Answer::Accept,
            Some(Action::Cancel) => Answer::Cancel,
            Some(Action::Override) => Answer::Override,
            Some(Action::EdgeAdv) => Answer::Edge(true),
            Some(Action::EdgeDis) => Answer::Edge(false),
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
            Some(a @ (Action::Undo | Action::Redo | Action::Palette)) => {
                return self.frame_key(a, dice).unwrap_or(false);
            }
            Some(Action::Retype) => return self.roll_again(dice, Again::Typed),
            Some(Action::Reroll) => return self.roll_again(dice, Again::Reroll(roll.title)),
            Some(Action::Secret) => return self.toggle_secret(dice),
            _ => return false,
        };
        self.answer(answer, dice)
    }

    /// Makes the waiting roll again: steps back to before the roll (undoing any picks), then runs
    /// the same command with the table's dice typed in, or, for a re-roll the judge asks for,
    /// with fresh dice after a note in the log that says so. Undo alone never re-rolls: a step
    /// undone and redone keeps its faces.
    pub(crate) fn roll_again(&mut self, dice: &mut Dice, again: Again) -> bool {
        let was_secret = self.last_roll_secret();
        let applied = self.session.applied();
        let mut steps = 0;
        let mut command = None;
        // Every step loaded walked over without finding where the roll began.
        let mut ran_out = true;
        for entry in applied.iter().rev() {
            steps += 1;
            if Veil::changes_only_the_table(&entry.command) {
                continue;
            }
            let game = match &entry.command {
                Command::Game(game) => game,
                Command::Fight { start, .. } => &**start,
                _ => {
                    ran_out = false;
                    break;
                }
            };
            match game.role() {
                Role::Answers => continue,
                Role::Rolls => {
                    command = Some(entry.command.clone());
                    break;
                }
                Role::Other => {
                    ran_out = false;
                    break;
                }
            }
        }
        let Some(command) = command else {
            if ran_out && self.needs_log("making this roll again") {
                return true;
            }
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
        let faces = match again {
            Again::Typed => Some(Vec::new()),
            Again::Reroll(title) => {
                let note = Command::Note(format!("The judge re-rolls {title}"));
                if let Exec::Failed(why) = self.run(note, dice, None) {
                    self.complain(why);
                    return true;
                }
                None
            }
        };
        // A secret roll made again stays secret, also when its faces are typed in one by one.
        self.secret_next = was_secret;
        match self.run(command, dice, faces) {
            Exec::Failed(why) => {
                self.secret_next = false;
                self.complain(why);
            }
            Exec::Done | Exec::Asked => {}
        }
        true
    }

    /// Is the last roll kept from the players' table view?
    pub(crate) fn last_roll_secret(&self) -> bool {
        let veil = &self.session.state().veil;
        if veil.secret.is_empty() && veil.secret_kinds.is_empty() {
            return false;
        }
        last_roll(&self.session).is_some_and(|at| seen(&self.session, at..at + 1)[0].secret)
    }

    /// Keeps the last roll (the one that waits) from the players' table view, or shows it again.
    pub(crate) fn toggle_secret(&mut self, dice: &mut Dice) -> bool {
        let secret = !self.last_roll_secret();
        self.run_key(Command::Secret { step: None, secret }, dice)
    }
}

pub(crate) fn verdict_span(v: Outcome, theme: Theme) -> Span<'static> {
    match v {
        Outcome::Pass => Span::styled(v.word(), theme.pass()),
        Outcome::Fail => Span::styled(v.word(), theme.fail()),
    }
}

pub fn draw(buf: &mut Buffer, area: Rect, r: &RollView, theme: Theme, hits: &mut Vec<(Rect, Hit)>) {
    let w = width_for(area, 84);
    let inner_w = w.saturating_sub(2);
    let mut lines: Vec<Line> = vec![Line::styled(r.how.clone(), theme.dim()), Line::raw("")];
    let die_lines_at = lines.len();
    for (i, die) in r.dice.iter().enumerate() {
        let picked = i == r.picked;
        let mut spans = vec![
            Span::raw(if picked { "▶ " } else { "  " }),
            Span::styled(format!("die {}: ", i + 1), theme.dim()),
            Span::styled(
                format!("[{:>2}]", die.face),
                if picked { theme.bold() } else { Style::new() },
            ),
            Span::raw(format!(
                " → {}",
                fit(&die.note, (inner_w as usize).saturating_sub(30))
            )),
        ];
        if i == r.proposed && r.can_pick {
            spans.push(Span::styled("  ★ proposed", theme.key()));
        }
        let mut line = Line::from(spans);
        if picked && r.can_pick {
            line = line.style(theme.selected());
        }
        lines.push(line);
    }
    lines.push(Line::raw(""));
    let mut verdict = vec![Span::raw("Verdict: "), verdict_span(r.outcome(), theme)];
    match r.ruling {
        Some(_) => verdict.push(Span::styled(
            format!("  (judge's ruling; the book says {})", r.book.word()),
            theme.warn(),
        )),
        None => verdict.push(Span::styled("  (by the book)", theme.dim())),
    }
    lines.push(Line::from(verdict));
    lines.push(Line::from(vec![
        Span::styled("Why: ", theme.dim()),
        Span::raw(r.reason.clone()),
    ]));
    let h = paragraph_height(&lines, inner_w) + 2;
    let inner = dialog(buf, area, w, h, &fit(&r.title, inner_w as usize - 2), theme);
    for i in 0..r.dice.len() {
        let y = inner.y + (die_lines_at + i) as u16;
        if y < inner.y + inner.height {
            record(hits, Rect::new(inner.x, y, inner.width, 1), Hit::Die(i));
        }
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}
