//! Styles for every panel. Meaning is always carried by letters and symbols first; colour only
//! reinforces it, so the screen reads the same on dark and light terminals, to a colour-blind
//! judge, and under `NO_COLOR` (<https://no-color.org>). Only the terminal's own named colours
//! are used, never a fixed background, so the judge's palette decides the actual shades.
//!
//! Three themes ship ([`ThemeName`], chosen in the settings file): the default (green good, red
//! bad, yellow warnings), one for colour-blind judges (blue good, yellow bad, magenta warnings:
//! never red against green), and a high-contrast one (bright colours, bold, nothing dimmed).

pub use crate::config::ThemeName;
use crate::rules::Tone;
use ratatui::style::{Color, Modifier, Style};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    pub color: bool,
    pub name: ThemeName,
}

impl Theme {
    /// The default theme, in colour unless `NO_COLOR` is set to anything non-empty.
    pub fn from_env() -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Theme {
            color: !no_color,
            name: ThemeName::Default,
        }
    }

    /// The default theme without colour.
    pub fn plain() -> Theme {
        Theme {
            color: false,
            name: ThemeName::Default,
        }
    }

    /// This theme in colour (whatever `NO_COLOR` says; for tests and previews).
    pub fn coloured(name: ThemeName) -> Theme {
        Theme { color: true, name }
    }

    /// The same colour setting with another theme's colours.
    pub fn with_name(self, name: ThemeName) -> Theme {
        Theme { name, ..self }
    }

    fn high(self) -> bool {
        self.name == ThemeName::HighContrast
    }

    fn fg(self, c: Color) -> Style {
        if self.color {
            Style::new().fg(c)
        } else {
            Style::new()
        }
    }

    /// A colour by its part in the default theme, as this theme paints it.
    fn paint(self, role: Role) -> Style {
        use Color as C;
        use ThemeName as T;
        let colour = match (self.name, role) {
            (T::Default, Role::Accent) => C::Cyan,
            (T::Default, Role::Good) => C::Green,
            (T::Default, Role::Bad) => C::Red,
            (T::Default, Role::Warn) => C::Yellow,
            (T::Default, Role::Mark) => C::Magenta,
            (T::Default, Role::Players) => C::Blue,
            (T::Default, Role::Mended) => C::Yellow,
            (T::Default, Role::Border) => C::DarkGray,
            // Blue against yellow stays apart for red-green colour blindness, the common kinds.
            (T::ColourBlind, Role::Accent) => C::Cyan,
            (T::ColourBlind, Role::Good) => C::LightBlue,
            (T::ColourBlind, Role::Bad) => C::Yellow,
            (T::ColourBlind, Role::Warn) => C::Magenta,
            (T::ColourBlind, Role::Mark) => C::Cyan,
            (T::ColourBlind, Role::Players) => C::LightBlue,
            (T::ColourBlind, Role::Mended) => C::Cyan,
            (T::ColourBlind, Role::Border) => C::DarkGray,
            (T::HighContrast, Role::Accent) => C::LightCyan,
            (T::HighContrast, Role::Good) => C::LightGreen,
            (T::HighContrast, Role::Bad) => C::LightRed,
            (T::HighContrast, Role::Warn) => C::LightYellow,
            (T::HighContrast, Role::Mark) => C::LightMagenta,
            (T::HighContrast, Role::Players) => C::LightCyan,
            (T::HighContrast, Role::Mended) => C::LightYellow,
            (T::HighContrast, Role::Border) => C::White,
        };
        let style = self.fg(colour);
        if self.high() && role != Role::Border {
            style.add_modifier(Modifier::BOLD)
        } else {
            style
        }
    }

    pub fn base(self) -> Style {
        Style::new()
    }

    /// Less important text: dimmed, except in the high-contrast theme (dim text is hard to read).
    pub fn dim(self) -> Style {
        if self.high() {
            Style::new()
        } else {
            Style::new().add_modifier(Modifier::DIM)
        }
    }

    pub fn bold(self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    pub fn title(self) -> Style {
        self.paint(Role::Accent).add_modifier(Modifier::BOLD)
    }

    pub fn key(self) -> Style {
        self.paint(Role::Accent).add_modifier(Modifier::BOLD)
    }

    /// The row or die under the cursor: reversed, so it shows without colour.
    pub fn selected(self) -> Style {
        let style = Style::new().add_modifier(Modifier::REVERSED);
        if self.high() {
            style.add_modifier(Modifier::BOLD)
        } else {
            style
        }
    }

    pub fn pass(self) -> Style {
        self.paint(Role::Good).add_modifier(Modifier::BOLD)
    }

    pub fn fail(self) -> Style {
        self.paint(Role::Bad).add_modifier(Modifier::BOLD)
    }

    pub fn error(self) -> Style {
        self.paint(Role::Bad).add_modifier(Modifier::BOLD)
    }

    pub fn warn(self) -> Style {
        self.paint(Role::Warn).add_modifier(Modifier::BOLD)
    }

    pub fn ok(self) -> Style {
        self.paint(Role::Good)
    }

    pub fn open_wound(self) -> Style {
        self.paint(Role::Bad).add_modifier(Modifier::BOLD)
    }

    pub fn treated_wound(self) -> Style {
        self.paint(Role::Mended)
    }

    pub fn mark(self) -> Style {
        self.paint(Role::Mark).add_modifier(Modifier::BOLD)
    }

    pub fn players(self) -> Style {
        self.paint(Role::Players).add_modifier(Modifier::BOLD)
    }

    pub fn opponents(self) -> Style {
        self.paint(Role::Bad).add_modifier(Modifier::BOLD)
    }

    pub fn dead(self) -> Style {
        if self.high() {
            Style::new().add_modifier(Modifier::CROSSED_OUT)
        } else {
            Style::new().add_modifier(Modifier::DIM | Modifier::CROSSED_OUT)
        }
    }

    /// A QR code: black on white in colour, the one fixed background, since a phone's camera
    /// reads dark modules on light whatever the judge's palette; without colour, the blocks
    /// alone, as the command line prints them.
    pub fn qr(self) -> Style {
        if self.color {
            Style::new().fg(Color::Black).bg(Color::White)
        } else {
            Style::new()
        }
    }

    pub fn border(self) -> Style {
        self.paint(Role::Border)
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

/// What a colour is for, so each theme can paint it its own way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Accent,
    Good,
    Bad,
    Warn,
    Mark,
    Players,
    Mended,
    Border,
}
