//! The players' proposals on the judge's screen (issue 45): a roll a player sent from their own
//! page waits in the mailbox beside the session (see [`crate::store::Proposal`]) and shows here,
//! once nothing else waits for the judge, as the roll it is: who, what, the dice and the faces
//! the player entered. Enter runs it as any roll is run, with those faces (logged, undone and
//! replayed like any step); `e` takes its line into the palette to be changed and run there
//! (answered "changed" once it runs); `d` declines it with a word back to the player's page;
//! Esc puts it off until the judge's next step. Nothing a player sends changes the session until the judge does one of these:
//! the screen writes only its answers, and runs the command through the session.

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyEvent};
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};
use tui_input::Input;
use tui_input::backend::crossterm::EventHandler;

use crate::script::{self, Line as ScriptLine};
use crate::store::{Proposal, Verdict};
use crate::tui::host::{Dice, Exec, Main, Overlay, Palette};
use crate::tui::keymap::Action;
use crate::tui::theme::Theme;
use crate::tui::widgets::{dialog, paragraph_height, width_for};

impl Main {
    /// The proposal shown now: the front one, when nothing else waits for the judge and the
    /// judge has not put it off since the last step.
    pub fn proposal(&self) -> Option<&Proposal> {
        let mail = self.mail.as_ref()?;
        if self.overlay.is_some()
            || self.sheet.dialog().is_some()
            || self.session.state().game.pending().is_some()
            || mail.later == Some(self.session.cursor())
        {
            return None;
        }
        mail.waiting.first()
    }

    /// Looks at the mailbox: true when the screen must be drawn again.
    pub fn look_at_mail(&mut self) -> bool {
        self.mail.as_mut().is_some_and(crate::tui::mail::Mail::look)
    }

    pub(crate) fn proposal_key(&mut self, action: Option<Action>, dice: &mut Dice) -> bool {
        let Some(p) = self.proposal().cloned() else {
            return false;
        };
        match action {
            Some(Action::Accept) => {
                let command = match script::parse_line(&p.line, self.session.state()) {
                    Ok(ScriptLine::Command(c)) => c,
                    Ok(_) => {
                        self.complain("the proposal is no roll; d declines it");
                        return true;
                    }
                    Err(e) => {
                        self.complain(format!(
                            "{}'s proposal does not read now ({}); e changes it, d declines it",
                            p.name, e.message
                        ));
                        return true;
                    }
                };
                if p.secret {
                    self.secret_next = true;
                }
                let faces = (!p.faces.is_empty()).then(|| p.faces.clone());
                let ran = self.run(command, dice, faces);
                // The roll's step: the last one logged, or the next while its faces are typed.
                let step = self.session.cursor() as u64 + u64::from(matches!(ran, Exec::Asked));
                match ran {
                    Exec::Done | Exec::Asked => {
                        if let Some(mail) = self.mail.as_mut()
                            && let Err(why) = mail.answer(Verdict::Taken, Some(step))
                        {
                            self.complain(why);
                        }
                    }
                    Exec::Failed(why) => {
                        self.secret_next = false;
                        self.complain(format!(
                            "{}'s proposal is refused by the rules now ({why}); e changes it, d \
                             declines it",
                            p.name
                        ));
                    }
                }
                true
            }
            Some(Action::Change) => {
                // Answered only once the changed line runs: a palette closed without one
                // leaves the proposal waiting, and the player is told nothing untrue.
                self.overlay = Some(Overlay::Palette(Palette {
                    input: Input::new(p.line),
                    for_proposal: true,
                    ..Palette::default()
                }));
                true
            }
            Some(Action::No) => {
                if let Some(mail) = self.mail.as_mut() {
                    mail.word = Some(Input::default());
                }
                true
            }
            Some(Action::Cancel) => {
                let cursor = self.session.cursor();
                if let Some(mail) = self.mail.as_mut() {
                    mail.later = Some(cursor);
                }
                self.say(format!(
                    "{}'s proposal waits; it shows again after your next step",
                    p.name
                ));
                true
            }
            _ => false,
        }
    }

    /// The judge's changed line for the front proposal ran: the player's page is told so,
    /// with the step it made.
    pub(crate) fn answer_changed_proposal(&mut self, ran: &Exec) {
        let step = self.session.cursor() as u64 + u64::from(matches!(ran, Exec::Asked));
        if let Some(mail) = self.mail.as_mut()
            && let Err(why) = mail.answer(Verdict::Changed, Some(step))
        {
            self.complain(why);
        }
    }

    pub(crate) fn decline_key(&mut self, action: Option<Action>, key: KeyEvent) -> bool {
        let Some(mail) = self.mail.as_mut() else {
            return false;
        };
        let Some(word) = mail.word.as_mut() else {
            return false;
        };
        match action {
            Some(Action::Accept) => {
                let word = word.value().trim().to_string();
                match mail.answer(Verdict::Declined(word), None) {
                    Ok(p) => self.say(format!(
                        "Declined {}'s {}: nothing changed",
                        p.name,
                        lower_first(&p.what)
                    )),
                    Err(why) => self.complain(why),
                }
                true
            }
            Some(Action::Cancel) => {
                mail.word = None;
                true
            }
            _ => word.handle_event(&Event::Key(key)).is_some(),
        }
    }
}

fn lower_first(text: &str) -> String {
    // The roll's words start with an ability's capitals ("DEX save") or a word ("Attack").
    if text.chars().nth(1).is_some_and(char::is_uppercase) {
        return text.to_string();
    }
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_lowercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The dice and faces of a proposal as the judge reads them: "d20, d20 · entered 14, 3".
pub fn dice_line(p: &Proposal) -> String {
    let dice: Vec<String> = p.dice.iter().map(|d| format!("d{d}")).collect();
    let mut line = if dice.is_empty() {
        "no dice".to_string()
    } else {
        dice.join(", ")
    };
    if p.faces.is_empty() {
        line.push_str(" · your dice roll them");
    } else {
        let faces: Vec<String> = p.faces.iter().map(u16::to_string).collect();
        line.push_str(&format!(" · the player rolled {}", faces.join(", ")));
        if p.faces.len() < p.dice.len() {
            line.push_str(" (you type the rest)");
        }
    }
    line
}

pub fn draw(frame: &mut Frame, area: Rect, main: &Main, theme: Theme) {
    let (Some(p), Some(mail)) = (main.proposal(), main.mail.as_ref()) else {
        return;
    };
    let w = width_for(area, 64);
    let mut lines = vec![
        Line::from(vec![
            Span::styled(p.name.clone(), theme.bold()),
            Span::raw(" proposes "),
            Span::styled(p.what.clone(), theme.bold()),
        ]),
        Line::raw(dice_line(p)),
        Line::styled(format!("Runs: {}", p.line), theme.dim()),
    ];
    if p.secret {
        lines.push(Line::styled(
            "Secret: its dice on your screen alone",
            theme.warn(),
        ));
    }
    let more = mail.waiting.len() - 1;
    if more > 0 {
        lines.push(Line::styled(
            format!("{more} more waiting after it"),
            theme.dim(),
        ));
    }
    let word_at = lines.len() + 1;
    match &mail.word {
        Some(word) => {
            lines.push(Line::raw(""));
            lines.push(Line::from(vec![
                Span::styled("Word back: ", theme.bold()),
                Span::raw(word.value().to_string()),
            ]));
            lines.push(Line::styled(
                "Enter declines with these words · Esc back",
                theme.key(),
            ));
        }
        None => {
            lines.push(Line::raw(""));
            lines.push(Line::styled(
                "Enter roll it · e change it · d decline · Esc later",
                theme.key(),
            ));
        }
    }
    let h = paragraph_height(&lines, w.saturating_sub(2)) + 2;
    let buf = frame.buffer_mut();
    let inner = dialog(buf, area, w, h, "A player's roll", theme);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
    if let Some(word) = &mail.word {
        let x = inner.x + 11 + word.visual_cursor() as u16;
        let y = inner.y + word_at as u16;
        if x < inner.x + inner.width && y < inner.y + inner.height {
            frame.set_cursor_position(Position::new(x, y));
        }
    }
}
