//! Styles for every panel. Meaning is always carried by letters and symbols first; colour only
//! reinforces it, so the screen reads the same on dark and light terminals and under `NO_COLOR`
//! (<https://no-color.org>). Only the terminal's own named colours are used, never a fixed
//! background, so the judge's palette decides the actual shades.

use crate::rules::Tone;
use ratatui::style::{Color, Modifier, Style};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    pub color: bool,
}

impl Theme {
    /// Colour unless `NO_COLOR` is set to anything non-empty.
    pub fn from_env() -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Theme { color: !no_color }
    }

    pub fn plain() -> Theme {
        Theme { color: false }
    }

    fn fg(self, c: Color) -> Style {
        if self.color {
            Style::new().fg(c)
        } else {
            Style::new()
        }
    }

    pub fn base(self) -> Style {
        Style::new()
    }

    pub fn dim(self) -> Style {
        Style::new().add_modifier(Modifier::DIM)
    }

    pub fn bold(self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    pub fn title(self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }

    pub fn key(self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }

    /// The row or die under the cursor: reversed, so it shows without colour.
    pub fn selected(self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }

    pub fn pass(self) -> Style {
        self.fg(Color::Green).add_modifier(Modifier::BOLD)
    }

    pub fn fail(self) -> Style {
        self.fg(Color::Red).add_modifier(Modifier::BOLD)
    }

    pub fn error(self) -> Style {
        self.fg(Color::Red).add_modifier(Modifier::BOLD)
    }

    pub fn warn(self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }

    pub fn ok(self) -> Style {
        self.fg(Color::Green)
    }

    pub fn open_wound(self) -> Style {
        self.fg(Color::Red).add_modifier(Modifier::BOLD)
    }

    pub fn treated_wound(self) -> Style {
        self.fg(Color::Yellow)
    }

    pub fn mark(self) -> Style {
        self.fg(Color::Magenta).add_modifier(Modifier::BOLD)
    }

    pub fn players(self) -> Style {
        self.fg(Color::Blue).add_modifier(Modifier::BOLD)
    }

    pub fn opponents(self) -> Style {
        self.fg(Color::Red).add_modifier(Modifier::BOLD)
    }

    pub fn dead(self) -> Style {
        Style::new().add_modifier(Modifier::DIM | Modifier::CROSSED_OUT)
    }

    pub fn border(self) -> Style {
        self.fg(Color::DarkGray)
    }

    /// The style of a read model's tone (see [`crate::rules::Tone`]).
    pub fn tone(self, tone: Tone) -> Style {
        match tone {
            Tone::Plain => Style::new(),
            Tone::Dim => self.dim(),
            Tone::Good => self.ok(),
            Tone::Bad => self.fail(),
            Tone::Warn | Tone::Question | Tone::Ruling => self.warn(),
            Tone::Mark => self.mark(),
            Tone::Harm => self.open_wound(),
            Tone::Mended => self.treated_wound(),
            Tone::Death => self.error(),
        }
    }
}
