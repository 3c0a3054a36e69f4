//! slotmark in the judge's own terminal and shell: the completion scripts, the manual page, the
//! settings file (good, clashing, broken) and the themes on the main screen.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use insta::assert_snapshot;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::{Color, Modifier};
use slotmark::config::{Config, ThemeName};
use slotmark::rules::RulesetId;
use slotmark::tui::app::{App, Dice};
use slotmark::tui::keymap::{self, Action, Ctx};
use slotmark::tui::theme::Theme;

struct Bin {
    dir: tempfile::TempDir,
}

impl Bin {
    fn new() -> Bin {
        Bin {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn write(&self, name: &str, text: &str) -> PathBuf {
        let p = self.path(name);
        fs::write(&p, text).unwrap();
        p
    }

    /// The binary with its settings file named by `SLOTMARK_CONFIG`, so no test reads the
    /// judge's own.
    fn run(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_slotmark"))
            .args(args)
            .current_dir(self.dir.path())
            .env("SLOTMARK_CONFIG", self.path("config.ron"))
            .env("XDG_CONFIG_HOME", self.path("xdg-config"))
            .env("XDG_DATA_HOME", self.path("xdg-data"))
            .env("HOME", self.dir.path())
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .output()
            .unwrap()
    }

    fn ok(&self, args: &[&str]) -> (String, String) {
        let out = self.run(args);
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(out.status.success(), "{args:?} failed: {err}");
        (String::from_utf8(out.stdout).unwrap(), err)
    }
}

fn installed(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// The subcommands `slotmark --help` lists.
fn subcommands(bin: &Bin) -> Vec<String> {
    let (help, _) = bin.ok(&["--help"]);
    let commands = help
        .split("Commands:")
        .nth(1)
        .expect("the help lists commands");
    let names: Vec<String> = commands
        .lines()
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .map(str::to_string)
        .collect();
    assert!(names.len() >= 12, "{names:?}");
    names
}

/// The words the binary offers when bash asks it to complete word `index` of `words` (the
/// program's name first), the way the registration script asks.
fn offered(bin: &Bin, words: &[&str], index: usize) -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_slotmark"))
        .arg("--")
        .args(words)
        .current_dir(bin.dir.path())
        .env("COMPLETE", "bash")
        .env("_CLAP_COMPLETE_INDEX", index.to_string())
        .env("_CLAP_IFS", "\n")
        .env("SLOTMARK_CONFIG", bin.path("config.ron"))
        .env("XDG_CONFIG_HOME", bin.path("xdg-config"))
        .env("XDG_DATA_HOME", bin.path("xdg-data"))
        .env("HOME", bin.dir.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success(), "{words:?}: {out:?}");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// A bin whose saves folder (the platform's, under its own data home) holds two sessions, and
/// whose own folder holds a script.
fn with_saved_sessions() -> (Bin, PathBuf) {
    let bin = Bin::new();
    let saves = bin.path("xdg-data").join("slotmark").join("saves");
    fs::create_dir_all(&saves).unwrap();
    fs::write(saves.join("ambush.ron"), "()").unwrap();
    fs::write(saves.join("barrow.ron"), "()").unwrap();
    fs::write(saves.join(".barrow.ron.lock"), "").unwrap();
    bin.write("ambush.txt", "note hello\n");
    (bin, saves)
}

#[test]
fn completion_scripts_are_made_for_every_shell() {
    let bin = Bin::new();
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let (script, _) = bin.ok(&["completions", shell]);
        // Each script calls slotmark back for the words, so it never falls behind.
        assert!(script.contains("COMPLETE"), "{shell}: {script}");
        assert!(script.contains("slotmark"), "{shell}: {script}");
    }
    let (bash, _) = bin.ok(&["completions", "bash"]);
    let file = bin.write("slotmark.bash", &bash);
    let checked = Command::new("bash").arg("-n").arg(&file).output().unwrap();
    assert!(
        checked.status.success(),
        "bash -n: {}",
        String::from_utf8_lossy(&checked.stderr)
    );
    for (shell, check) in [("zsh", "zsh -n"), ("fish", "fish --no-execute")] {
        if !installed(shell) {
            continue;
        }
        let (script, _) = bin.ok(&["completions", shell]);
        let file = bin.write(&format!("slotmark.{shell}"), &script);
        let out = Command::new("sh")
            .args(["-c", &format!("{check} {}", file.display())])
            .output()
            .unwrap();
        assert!(out.status.success(), "{check}: {out:?}");
    }
    let out = bin.run(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn completions_offer_subcommands_options_and_ruleset_keys() {
    let bin = Bin::new();
    let words = offered(&bin, &["slotmark", "ma"], 1);
    assert_eq!(words, ["manual"]);
    let words = offered(&bin, &["slotmark", ""], 1);
    for sub in subcommands(&bin) {
        assert!(words.contains(&sub), "{sub} is not offered: {words:?}");
    }
    let words = offered(&bin, &["slotmark", "new", "night", "--ru"], 3);
    assert_eq!(words, ["--rules"]);
    let words = offered(&bin, &["slotmark", "new", "night", "--rules", ""], 4);
    for r in RulesetId::ALL {
        assert!(words.contains(&r.key().to_string()), "{words:?}");
    }
}

#[test]
fn session_files_complete_from_the_saves_folder_and_the_folder_you_are_in() {
    let (bin, saves) = with_saved_sessions();
    let ambush = saves.join("ambush.ron").display().to_string();
    let barrow = saves.join("barrow.ron").display().to_string();
    for words in [
        vec!["slotmark", "open", ""],
        vec!["slotmark", "show", ""],
        vec!["slotmark", "replay", ""],
        vec!["slotmark", "table", ""],
        vec!["slotmark", "export", ""],
        vec!["slotmark", "run", "fight.txt", "--session", ""],
        vec!["slotmark", "new", "next", "--party", ""],
    ] {
        let offered = offered(&bin, &words, words.len() - 1);
        assert!(offered.contains(&ambush), "{words:?}: {offered:?}");
        assert!(offered.contains(&barrow), "{words:?}: {offered:?}");
        assert!(offered.contains(&"ambush.txt".to_string()), "{offered:?}");
        assert!(!offered.iter().any(|w| w.contains(".lock")), "{offered:?}");
    }
    // What is typed narrows them: the start of a saved session's path, or of a local file.
    let typed = saves.join("amb").display().to_string();
    assert_eq!(
        offered(&bin, &["slotmark", "open", &typed], 2),
        [ambush.as_str()]
    );
    assert_eq!(
        offered(&bin, &["slotmark", "open", "amb"], 2),
        ["ambush.txt"]
    );
    // The settings file's saves folder wins over the platform's.
    let other = bin.path("elsewhere");
    fs::create_dir_all(&other).unwrap();
    fs::write(other.join("crypt.ron"), "()").unwrap();
    bin.write(
        "config.ron",
        &format!(
            "(version: 1, saves: Some({:?}))",
            other.display().to_string()
        ),
    );
    let words = offered(&bin, &["slotmark", "open", ""], 2);
    let crypt = other.join("crypt.ron").display().to_string();
    assert!(words.contains(&crypt), "{words:?}");
    assert!(!words.contains(&ambush), "{words:?}");
}

#[test]
fn the_bash_script_completes_a_session_when_tab_is_pressed() {
    let (bin, saves) = with_saved_sessions();
    let (script, _) = bin.ok(&["completions", "bash"]);
    let file = bin.write("slotmark.bash", &script);
    // What bash does on Tab after `slotmark open <saves>/b`: set the words, call the function.
    let typed = saves.join("b").display().to_string();
    let line = format!(
        "source {file}; COMP_WORDS=(slotmark open {typed}); COMP_CWORD=2; \
         _clap_complete_slotmark slotmark {typed} open; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        file = file.display()
    );
    let out = Command::new("bash")
        .args(["-c", &line])
        .current_dir(bin.dir.path())
        .env("SLOTMARK_CONFIG", bin.path("config.ron"))
        .env("XDG_DATA_HOME", bin.path("xdg-data"))
        .env("HOME", bin.dir.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        stdout.trim(),
        saves.join("barrow.ron").display().to_string(),
        "{out:?}"
    );
}

/// Environment variables the source reads by name: `var("X")`, `var_os("X")` and the constants
/// that name them (`..._VAR: &str = "X"`).
fn variables_read(dir: &Path, out: &mut Vec<String>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            variables_read(&path, out);
            continue;
        }
        let text = fs::read_to_string(&path).unwrap();
        for line in text.lines() {
            let named = ["var(\"", "var_os(\"", "_VAR: &str = \""]
                .iter()
                .filter_map(|p| line.split_once(p).map(|(_, rest)| rest))
                .filter_map(|rest| rest.split_once('"').map(|(name, _)| name.to_string()));
            for name in named {
                if !out.contains(&name) {
                    out.push(name);
                }
            }
        }
    }
}

#[test]
fn the_manual_names_every_subcommand_file_variable_and_exit_status() {
    let bin = Bin::new();
    let (page, _) = bin.ok(&["manual"]);
    assert!(
        page.starts_with(".ie") || page.contains(".TH slotmark"),
        "{page}"
    );
    for section in [
        ".SH NAME",
        ".SH SYNOPSIS",
        ".SH OPTIONS",
        ".SH SUBCOMMANDS",
        ".SH FILES",
        ".SH ENVIRONMENT",
        ".SH EXIT STATUS",
    ] {
        assert!(page.contains(section), "no {section}");
    }
    for sub in subcommands(&bin) {
        assert!(
            page.contains(&format!("\\fBslotmark {sub}\\fR")),
            "the manual does not name `{sub}`"
        );
    }
    for file in ["config.ron", "library.ron", "saves"] {
        assert!(page.contains(file), "{file}");
    }
    let mut vars = Vec::new();
    variables_read(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut vars,
    );
    assert!(vars.contains(&"NO_COLOR".to_string()), "{vars:?}");
    assert!(vars.contains(&"SLOTMARK_CONFIG".to_string()), "{vars:?}");
    let environment = page.split(".SH ENVIRONMENT").nth(1).unwrap();
    for var in &vars {
        assert!(
            environment.contains(&format!("\\fB{var}\\fR")),
            "the manual leaves out {var}"
        );
    }
    // The page renders without a warning where a roff renderer is installed.
    let file = bin.write("slotmark.1", &page);
    if installed("groff") {
        let out = Command::new("groff")
            .args(["-man", "-Tutf8", "-ww", "-z"])
            .arg(&file)
            .output()
            .unwrap();
        let warnings = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success() && warnings.is_empty(), "{warnings}");
    }
    if installed("man") {
        let out = Command::new("man")
            .arg("-l")
            .arg(&file)
            .env("MANPAGER", "cat")
            .env("MANWIDTH", "80")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{out:?}");
        assert!(
            text.contains("EXIT STATUS") && text.contains("SLOTMARK_CONFIG"),
            "{text}"
        );
    }
}

#[test]
fn a_good_settings_file_is_in_force() {
    let bin = Bin::new();
    bin.write(
        "config.ron",
        "(\n    version: 1,\n    saves: \"tables\",\n    rules: \"bdp\",\n    theme: \
         ColourBlind,\n    keys: [\n        (\"undo\", \"Y\"),\n        (\"palette\", \
         \";\"),\n    ],\n)\n",
    );
    let (out, err) = bin.ok(&["config"]);
    assert!(err.is_empty(), "{err}");
    assert!(
        out.contains("config.ron (read; named by SLOTMARK_CONFIG)"),
        "{out}"
    );
    assert!(
        out.contains("Saves folder:   tables (from the file)"),
        "{out}"
    );
    assert!(out.contains("Default rules:  bdp (from the file)"), "{out}");
    assert!(
        out.contains("Theme:          ColourBlind (from the file"),
        "{out}"
    );
    assert!(
        out.contains("undo: Y") && out.contains("palette: ;"),
        "{out}"
    );
    assert!(!out.contains("Not used"), "{out}");
    // --saves still wins over the file.
    let (out, _) = bin.ok(&["config", "--saves", "elsewhere"]);
    assert!(
        out.contains("Saves folder:   elsewhere (from --saves)"),
        "{out}"
    );
    // The default rules are the file's: `help commands` lists ruleset bdp's verbs.
    let (default, _) = bin.ok(&["help", "commands"]);
    let (bdp, _) = bin.ok(&["help", "commands", "--rules", "bdp"]);
    let (slots, _) = bin.ok(&["help", "commands", "--rules", "slots"]);
    assert_eq!(default, bdp);
    assert_ne!(default, slots);
}

#[test]
fn a_theme_that_is_not_one_keeps_only_the_theme_at_its_default() {
    let bin = Bin::new();
    for theme in ["Blue", "\"Dark\"", "3"] {
        bin.write(
            "config.ron",
            &format!(
                "(\n    version: 1,\n    saves: \"tables\",\n    rules: \"bdp\",\n    theme: \
                 {theme},\n    keys: [(\"undo\", \"Y\")],\n)\n"
            ),
        );
        let (out, _) = bin.ok(&["config"]);
        assert!(out.contains("Theme:          Default (default"), "{out}");
        // Every other setting stands.
        assert!(
            out.contains("Saves folder:   tables (from the file)"),
            "{out}"
        );
        assert!(out.contains("Default rules:  bdp (from the file)"), "{out}");
        assert!(out.contains("undo: Y"), "{out}");
        // The theme is reported with its line, and nothing says the file was ignored.
        assert!(
            out.contains("config.ron:5:") && out.contains("the default theme stands"),
            "{out}"
        );
        assert!(!out.contains("the whole file is ignored"), "{out}");
    }
}

#[test]
fn a_missing_settings_file_is_the_defaults() {
    let bin = Bin::new();
    let (out, err) = bin.ok(&["config"]);
    assert!(err.is_empty(), "{err}");
    assert!(
        out.contains("not there (named by SLOTMARK_CONFIG); the defaults"),
        "{out}"
    );
    assert!(out.contains("Default rules:  slots (default)"), "{out}");
    assert!(
        out.contains("Theme:          Default (default; no colour"),
        "{out}"
    );
    assert!(out.contains("Keys:           the defaults"), "{out}");
}

#[test]
fn clashing_or_unknown_remaps_are_reported_by_line_and_the_defaults_stand() {
    let bin = Bin::new();
    bin.write(
        "config.ron",
        "(\n    keys: [\n        (\"undo\", \"q\"),\n        (\"frobnicate\", \"x\"),\n        \
         (\"redo\", \"Ctrl-c\"),\n        (\"help\", \"Hyper-7\"),\n        (\"dice mode\", \
         \"F5\"),\n    ],\n)\n",
    );
    let (out, err) = bin.ok(&["config"]);
    assert!(err.is_empty(), "{err}");
    let report = out
        .split("Not used")
        .nth(1)
        .expect("a list of what was not used");
    assert!(
        report.contains("config.ron: line 3: q is already the key for"),
        "{out}"
    );
    assert!(
        report.contains("line 4: 'frobnicate' names no action"),
        "{out}"
    );
    assert!(
        report.contains("line 5: Ctrl-C is already the key for"),
        "{out}"
    );
    assert!(report.contains("line 6: 'Hyper-7' is not a key"), "{out}");
    assert!(out.contains("dice mode: F5"), "{out}");
    assert!(!out.contains("undo: q"), "{out}");

    // On the screen: the remap that fits works, the clashing ones leave the defaults.
    let settings = slotmark::config::load_from(&bin.path("config.ron"));
    let app = slotmark::tui::dress(
        App::with_session(
            slotmark::script::demo_for(RulesetId::Slots),
            None,
            Dice::scripted([]),
        ),
        &settings,
    );
    let press = |c: KeyCode| {
        keymap::lookup(
            app.table(),
            Ctx::Main,
            &KeyEvent::new(c, KeyModifiers::NONE),
        )
    };
    assert_eq!(press(KeyCode::Char('u')), Some(Action::Undo));
    assert_eq!(press(KeyCode::Char('q')), Some(Action::Quit));
    assert_eq!(press(KeyCode::F(5)), Some(Action::DiceMode));
    assert_eq!(press(KeyCode::Char('D')), None);
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert_eq!(
        keymap::lookup(app.table(), Ctx::Main, &ctrl_c),
        Some(Action::Quit)
    );
    keymap::check_ruleset_table(app.table()).unwrap();
    let message = app.main().unwrap().message.as_ref().unwrap();
    assert!(message.text.contains("line 3"), "{}", message.text);
}

#[test]
fn a_remap_moves_the_key_in_every_ruleset_and_in_the_help() {
    let mut settings = Config::default();
    settings.read(
        "c.ron",
        "(keys: [(\"undo\", \"Y\"), (\"next character\", \"n\"), (\"palette\", \"z\")])",
    );
    for &ruleset in RulesetId::ALL.iter() {
        let app = slotmark::tui::dress(
            App::with_session(
                slotmark::session::Session::new(slotmark::session::SessionState::new("T", ruleset)),
                None,
                Dice::scripted([]),
            ),
            &settings,
        );
        let table = app.table();
        let press = |c: char| {
            keymap::lookup(
                table,
                Ctx::Main,
                &KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE),
            )
        };
        if press('n').is_some_and(|a| a != Action::NextChar) {
            // This ruleset uses n itself: that remap was refused here, the undo one still made.
            assert_eq!(press('Y'), Some(Action::Undo), "{ruleset:?}");
            continue;
        }
        assert_eq!(press('Y'), Some(Action::Undo), "{ruleset:?}");
        assert_eq!(press('u'), None, "{ruleset:?}");
        assert_eq!(
            keymap::key_for(table, Ctx::Main, Action::Undo).as_deref(),
            Some("Y")
        );
        // z is the slot system's scene key, so the palette keeps its own key there and moves
        // to z everywhere else.
        if ruleset == RulesetId::Slots {
            assert_eq!(press(':'), Some(Action::Palette), "{ruleset:?}");
        } else {
            assert_eq!(press('z'), Some(Action::Palette), "{ruleset:?}");
        }
        keymap::check_ruleset_table(table).unwrap();
    }
}

/// The example settings file of the guide (`docs/guide.md`, "The settings file"), as written.
fn the_guides_example() -> String {
    let guide = include_str!("../docs/guide.md");
    let section = guide
        .split("### The settings file")
        .nth(1)
        .expect("the guide's settings section");
    let block = section
        .split("```ron\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("the guide's example settings file");
    block.to_string()
}

#[test]
fn the_guides_example_settings_file_works_as_written() {
    let bin = Bin::new();
    let example = the_guides_example();
    assert!(example.contains("(\"undo\", \"z\")"), "{example}");
    bin.write("config.ron", &example);
    let (out, _) = bin.ok(&["config"]);
    assert!(
        out.contains("undo: z") && out.contains("palette: ;"),
        "{out}"
    );
    assert!(out.contains("Default rules:  bdp (from the file)"), "{out}");
    assert!(
        out.contains("Theme:          ColourBlind (from the file"),
        "{out}"
    );
    // z moves undo in every ruleset but the slot system, whose z shows the zones: there undo
    // keeps u, and the report says so.
    let settings = slotmark::config::load_from(&bin.path("config.ron"));
    for &ruleset in RulesetId::ALL.iter() {
        let app = slotmark::tui::dress(
            App::with_session(
                slotmark::session::Session::new(slotmark::session::SessionState::new("T", ruleset)),
                None,
                Dice::scripted([]),
            ),
            &settings,
        );
        let press = |c: char| {
            keymap::lookup(
                app.table(),
                Ctx::Main,
                &KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE),
            )
        };
        if ruleset == RulesetId::Slots {
            assert_eq!(press('u'), Some(Action::Undo));
            assert_ne!(press('z'), Some(Action::Undo));
            assert!(press('z').is_some());
        } else {
            assert_eq!(press('z'), Some(Action::Undo), "{ruleset:?}");
        }
        assert_eq!(press(';'), Some(Action::Palette), "{ruleset:?}");
        keymap::check_ruleset_table(app.table()).unwrap();
    }
    let report = out.split("Not used").nth(1).unwrap_or_default();
    assert!(
        report.contains("line 7: z is already the key for \"")
            && report.contains(
                "\" in the d12 slot system, so there 'undo' keeps its keys; \
                                everywhere else it is on z"
            ),
        "{out}"
    );
}

#[test]
fn a_settings_file_saved_with_a_byte_order_mark_is_read() {
    let bin = Bin::new();
    bin.write(
        "config.ron",
        "\u{feff}(\n    version: 1,\n    theme: HighContrast,\n)\n",
    );
    let (out, err) = bin.ok(&["config"]);
    assert!(err.is_empty(), "{err}");
    assert!(
        out.contains("Theme:          HighContrast (from the file"),
        "{out}"
    );
}

#[test]
fn a_broken_settings_file_never_stops_slotmark() {
    let bin = Bin::new();
    bin.write("config.ron", "(\n    theme: Purple,\n");
    let (out, err) = bin.ok(&["rulesets"]);
    assert!(out.contains("slots"), "{out}");
    assert!(err.starts_with("slotmark: settings: "), "{err}");
    assert!(err.contains("config.ron:2:"), "{err}");
    assert!(err.contains("the defaults stand"), "{err}");
    let (out, _) = bin.ok(&["config"]);
    assert!(out.contains("Theme:          Default (default"), "{out}");
    assert!(out.contains("Not used"), "{out}");
    // Not text, a folder, an unknown ruleset, another version.
    fs::write(bin.path("config.ron"), [0xff, 0xfe, 0x00]).unwrap();
    let (_, err) = bin.ok(&["rulesets"]);
    assert!(err.contains("not text"), "{err}");
    bin.write("config.ron", "(rules: \"chess\", theme: HighContrast)");
    let (out, err) = bin.ok(&["config"]);
    assert!(err.is_empty(), "{err}");
    assert!(out.contains("no rules called 'chess'"), "{out}");
    assert!(
        out.contains("Theme:          HighContrast (from the file"),
        "{out}"
    );
    bin.write("config.ron", "(version: 9, theme: HighContrast)");
    let (out, _) = bin.ok(&["config"]);
    assert!(out.contains("version 9"), "{out}");
    assert!(out.contains("Theme:          Default (default"), "{out}");
}

/// The main screen as text, then every run of coloured or emphasised cells with its style, so
/// a snapshot shows what each theme paints and that the words are the same under each.
fn painted(theme: Theme) -> String {
    let mut app = App::with_session(
        slotmark::script::demo_for(RulesetId::Slots),
        None,
        Dice::scripted([]),
    )
    .with_theme(theme);
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    slotmark::tui::draw(&mut terminal, &mut app).unwrap();
    let buffer = terminal.backend().buffer().clone();
    let mut text = String::new();
    let mut runs = String::new();
    for y in 0..buffer.area.height {
        let mut line = String::new();
        let mut run: Option<(u16, Color, Modifier, String)> = None;
        for x in 0..buffer.area.width {
            let cell = &buffer[(x, y)];
            line.push_str(cell.symbol());
            let style = (cell.fg, cell.modifier);
            let plain = style == (Color::Reset, Modifier::empty());
            match &mut run {
                Some((_, fg, m, t)) if (*fg, *m) == style => t.push_str(cell.symbol()),
                _ => {
                    if let Some((start, fg, m, t)) = run.take() {
                        runs.push_str(&format!(
                            "{y:>2}:{start:<2} {fg:?} {m:?} «{}»\n",
                            t.trim_end()
                        ));
                    }
                    if !plain {
                        run = Some((x, cell.fg, cell.modifier, cell.symbol().to_string()));
                    }
                }
            }
        }
        if let Some((start, fg, m, t)) = run.take() {
            runs.push_str(&format!(
                "{y:>2}:{start:<2} {fg:?} {m:?} «{}»\n",
                t.trim_end()
            ));
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    format!("{text}\n{runs}")
}

#[test]
fn each_theme_on_the_main_screen() {
    let plain = painted(Theme::plain());
    let words = |s: &str| s.split("\n\n").next().unwrap_or_default().to_string();
    for name in ThemeName::ALL {
        let shot = painted(Theme::coloured(name));
        // The words are the same in every theme and without colour: colour only helps.
        assert_eq!(words(&shot), words(&plain), "{name}");
        assert_snapshot!(format!("theme_{}", name.name()), shot);
    }
    // NO_COLOR: no cell has a colour, whatever the theme.
    for name in ThemeName::ALL {
        let shot = painted(Theme::plain().with_name(name));
        let (_, runs) = shot.split_once("\n\n").unwrap();
        assert!(
            runs.lines().all(|l| l.contains(" Reset ")),
            "{name} paints without colour: {runs}"
        );
    }
}
