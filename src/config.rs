//! The judge's settings file: `config.ron` in the platform config folder (or the file named by
//! `SLOTMARK_CONFIG`). It may set the saves folder, the ruleset a new session plays by default,
//! the screen's theme and key remaps for the judge's main screen.
//!
//! A missing file is normal: every setting keeps its default. A broken file never stops slotmark:
//! what could not be used is said in a warning (with its line) and the defaults stand. The
//! remaps are only read here; the screen checks them against its keys (`tui::keymap::remap`).

use crate::rules::RulesetId;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};

/// The environment variable that names the settings file to read instead of the platform's.
pub const CONFIG_VAR: &str = "SLOTMARK_CONFIG";
/// The settings file's name inside the platform config folder.
pub const CONFIG_FILE: &str = "config.ron";
/// The one version of the file there is.
pub const VERSION: u32 = 1;
/// A settings file larger than this is not read (a real one is a few hundred bytes).
const MAX_BYTES: u64 = 64 * 1024;

/// The screen's colours. Every theme says everything in letters and symbols too; colour only
/// helps (and `NO_COLOR` turns it off whatever the theme).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ThemeName {
    /// Green for good, red for bad, yellow for a warning.
    #[default]
    Default,
    /// Blue for good and yellow for bad: never red against green.
    ColourBlind,
    /// Bright colours, bold text and white borders; nothing dimmed.
    HighContrast,
}

impl ThemeName {
    pub const ALL: [ThemeName; 3] = [
        ThemeName::Default,
        ThemeName::ColourBlind,
        ThemeName::HighContrast,
    ];

    /// The name as the file writes it.
    pub fn name(self) -> &'static str {
        match self {
            ThemeName::Default => "Default",
            ThemeName::ColourBlind => "ColourBlind",
            ThemeName::HighContrast => "HighContrast",
        }
    }
}

impl fmt::Display for ThemeName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The file as written. The theme is read as `T`: a [`ThemeName`], or anything at all, to read
/// the rest of a file whose theme is not one.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct File<T> {
    #[serde(default)]
    version: Option<u32>,
    #[serde(default)]
    saves: Option<PathBuf>,
    #[serde(default)]
    rules: Option<String>,
    #[serde(default)]
    theme: Option<T>,
    /// (action, key) pairs: `("undo", "z")`.
    #[serde(default)]
    keys: Vec<(String, String)>,
}

/// One key remap as the file gives it, with its line for messages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyRemap {
    pub line: usize,
    pub action: String,
    pub key: String,
}

/// Where a setting came from, for `slotmark config`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Default,
    File,
    Flag,
}

impl Source {
    pub fn word(self) -> &'static str {
        match self {
            Source::Default => "default",
            Source::File => "from the file",
            Source::Flag => "from --saves",
        }
    }
}

/// The settings in force.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// The file read (or looked for).
    pub path: Option<PathBuf>,
    /// Whether that file was there.
    pub found: bool,
    pub saves: Option<PathBuf>,
    pub rules: RulesetId,
    pub rules_from: Source,
    pub theme: ThemeName,
    pub theme_from: Source,
    pub keys: Vec<KeyRemap>,
    /// What could not be used, one line each, naming the file and line.
    pub warnings: Vec<String>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            path: None,
            found: false,
            saves: None,
            rules: RulesetId::Slots,
            rules_from: Source::Default,
            theme: ThemeName::Default,
            theme_from: Source::Default,
            keys: Vec::new(),
            warnings: Vec::new(),
        }
    }
}

/// The settings file to read: `SLOTMARK_CONFIG` when set and not empty, else `config.ron` in the
/// platform config folder (`~/.config/slotmark/` on Linux).
pub fn path() -> Option<PathBuf> {
    match std::env::var_os(CONFIG_VAR) {
        Some(p) if !p.is_empty() => Some(PathBuf::from(p)),
        _ => directories::ProjectDirs::from("", "", "slotmark")
            .map(|d| d.config_dir().join(CONFIG_FILE)),
    }
}

/// Reads the settings from [`path`]. Never fails: see [`Config::warnings`].
pub fn load() -> Config {
    match path() {
        Some(p) => load_from(&p),
        None => Config::default(),
    }
}

/// Reads the settings file at `path`; a missing file gives the defaults without a warning.
pub fn load_from(path: &Path) -> Config {
    let mut config = Config {
        path: Some(path.to_path_buf()),
        ..Config::default()
    };
    let shown = path.display().to_string();
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return config,
        Err(e) => {
            config
                .warnings
                .push(format!("{shown}: cannot be read ({e}); the defaults stand"));
            return config;
        }
    };
    config.found = true;
    if let Some(kind) = crate::store::not_regular(&meta) {
        config.warnings.push(format!(
            "{shown}: is {kind}, not a settings file; the defaults stand"
        ));
        return config;
    }
    if meta.len() > MAX_BYTES {
        config.warnings.push(format!(
            "{shown}: is {} bytes, more than a settings file holds ({MAX_BYTES} at most); the \
             defaults stand",
            meta.len()
        ));
        return config;
    }
    match std::fs::read(path).map(String::from_utf8) {
        Ok(Ok(text)) => config.read(&shown, crate::store::without_bom(&text)),
        Ok(Err(_)) => config
            .warnings
            .push(format!("{shown}: is not text (UTF-8); the defaults stand")),
        Err(e) => config
            .warnings
            .push(format!("{shown}: cannot be read ({e}); the defaults stand")),
    }
    config
}

impl Config {
    /// Takes the settings from `text` (the file `shown`), warning about each one it cannot use.
    pub fn read(&mut self, shown: &str, text: &str) {
        if text.trim().is_empty() {
            return;
        }
        let options = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
        let file: File<ThemeName> = match options.from_str(text) {
            Ok(f) => f,
            // A theme that is not one leaves only the theme at its default, as the guide says,
            // when the rest of the file reads without it.
            Err(e) => match options.from_str::<File<serde::de::IgnoredAny>>(text) {
                Ok(rest) => {
                    self.warnings.push(format!(
                        "{shown}:{}: `theme` is not one slotmark has (it has {}); the default \
                         theme stands",
                        e.span.start.line,
                        ThemeName::ALL.map(ThemeName::name).join(", ")
                    ));
                    File {
                        version: rest.version,
                        saves: rest.saves,
                        rules: rest.rules,
                        theme: None,
                        keys: rest.keys,
                    }
                }
                Err(_) => {
                    self.warnings.push(format!(
                        "{shown}:{}:{}: {}; the whole file is ignored and the defaults stand",
                        e.span.start.line, e.span.start.col, e.code
                    ));
                    return;
                }
            },
        };
        if let Some(v) = file.version.filter(|&v| v != VERSION) {
            let line = line_of(text, "version", 0);
            self.warnings.push(if v > VERSION {
                format!(
                    "{shown}:{line}: this settings file was written by a newer slotmark (version \
                     {v}; this one, slotmark {}, reads up to version {VERSION}); the defaults \
                     stand: update slotmark, or set `version: {VERSION}` and keep only the settings this \
                     slotmark knows",
                    crate::store::SLOTMARK_VERSION
                )
            } else {
                format!(
                    "{shown}:{line}: version {v} is not one slotmark writes (this one reads \
                     {VERSION}); the defaults stand"
                )
            });
            return;
        }
        if let Some(saves) = file.saves {
            if saves.as_os_str().is_empty() {
                self.warnings.push(format!(
                    "{shown}:{}: `saves` is empty; the default saves folder stands",
                    line_of(text, "saves", 0)
                ));
            } else {
                self.saves = Some(saves);
            }
        }
        if let Some(key) = file.rules {
            match RulesetId::from_key(key.trim()) {
                Some(r) => {
                    self.rules = r;
                    self.rules_from = Source::File;
                }
                None => {
                    let known: Vec<&str> = RulesetId::ALL.iter().map(|r| r.key()).collect();
                    self.warnings.push(format!(
                        "{shown}:{}: there are no rules called '{key}' (slotmark knows {}); new \
                         sessions play {} by default",
                        line_of(text, "rules", 0),
                        known.join(", "),
                        self.rules.key()
                    ));
                }
            }
        }
        if let Some(theme) = file.theme {
            self.theme = theme;
            self.theme_from = Source::File;
        }
        let mut after = line_of(text, "keys", 0);
        for (action, key) in file.keys {
            let line = line_of(text, &format!("\"{}\"", action.escape_default()), after);
            after = line;
            self.keys.push(KeyRemap { line, action, key });
        }
    }

    /// The saves folder in force: `flag` when given, else the file's, else none (the platform's).
    pub fn saves_or(&self, flag: Option<&Path>) -> (Option<PathBuf>, Source) {
        match (flag, &self.saves) {
            (Some(f), _) => (Some(f.to_path_buf()), Source::Flag),
            (None, Some(s)) => (Some(s.clone()), Source::File),
            (None, None) => (None, Source::Default),
        }
    }
}

/// The first line at or after `from` (1-based; 0 is the start) holding `needle`, else `from`
/// (or 1): good enough to point the judge at an entry.
fn line_of(text: &str, needle: &str, from: usize) -> usize {
    text.lines()
        .enumerate()
        .skip(from.saturating_sub(1))
        .find(|(_, l)| l.contains(needle))
        .map_or(from.max(1), |(i, _)| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remaps_keep_their_lines() {
        let mut c = Config::default();
        c.read(
            "c.ron",
            "(\n  keys: [\n    (\"undo\", \"z\"),\n\n    (\"redo\", \"Z\"),\n  ],\n)\n",
        );
        assert!(c.warnings.is_empty(), "{:?}", c.warnings);
        let lines: Vec<usize> = c.keys.iter().map(|k| k.line).collect();
        assert_eq!(lines, [3, 5]);
    }

    #[test]
    fn an_empty_file_is_the_defaults() {
        let mut c = Config::default();
        c.read("c.ron", "  \n");
        assert_eq!(c, Config::default());
    }
}
