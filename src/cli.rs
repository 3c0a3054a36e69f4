//! The subcommands behind `slotmark`: the headless ones (run, replay, show, export, roll, help)
//! and the checks made before the screen starts (open, new). Each writes its text to the given
//! writer and returns a [`CliError`] whose message is one line a judge can act on.
//!
//! What `run` writes, and when: nothing at all unless every line of the script parsed and was
//! accepted. Then, with `--out FILE`, a new session file (never over an existing one); else, with
//! `--session FILE`, that file is brought up to date through the store; with neither, nothing.

use crate::content::{self, Library};
use crate::dice::{DiceExpr, DiceSource, LiveDice, RecordedDice, Recorder, ScriptedDice};
use crate::rules::RulesetId;
use crate::script::{self, Line};
use crate::session::{self, Event, Session, SessionState};
use crate::store::{self, Store, StoreError};
use crate::tui::{self, Launch};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why a subcommand failed. Every message is one line.
#[derive(Debug, Error)]
pub enum CliError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Content(#[from] content::ContentError),
    /// A script line that could not be read.
    #[error("{script}: line {line}, column {column}: {message} (nothing was saved)")]
    BadLine {
        script: String,
        line: usize,
        column: usize,
        message: String,
    },
    /// A script line the rules refused.
    #[error("{script}: line {line}: refused: {message} (nothing was saved)")]
    Refused {
        script: String,
        line: usize,
        message: String,
    },
    /// `replay --verify` found a difference.
    #[error("{0}")]
    Differs(String),
    #[error("{0}")]
    Usage(String),
    #[error("{path}: {message}")]
    File { path: String, message: String },
    /// The output could not be written (a closed pipe, a full disk).
    #[error("cannot write the output: {0}")]
    Output(#[from] io::Error),
    #[error("{0}")]
    Screen(String),
}

type R<T = ()> = Result<T, CliError>;

/// Options of `slotmark run`.
#[derive(Debug, Clone, Default)]
pub struct RunOptions {
    /// The script to run; `-` reads standard input.
    pub script: PathBuf,
    /// The session to start from (and to update when there is no `out`).
    pub session: Option<PathBuf>,
    /// Faces to use in order instead of rolling.
    pub dice: Option<Vec<u16>>,
    pub seed: Option<u64>,
    /// Where to write the resulting session as a new file.
    pub out: Option<PathBuf>,
    /// Refuse to save when some of `dice` were not used (a script and its dice out of step).
    pub strict: bool,
    /// The ruleset of a new session (when there is no `session` to start from).
    pub rules: RulesetId,
}

fn shown(path: &Path) -> String {
    one_line(&path.display().to_string())
}

/// Reads a session without changing it, telling standard error what recovery had to say (a
/// torn last journal line dropped, for instance), one line each.
fn load_warned(path: &Path) -> Result<crate::session::Session, CliError> {
    let (session, warnings) = store::load_with_warnings(path)?;
    for warning in warnings {
        eprintln!("slotmark: warning: {}", one_line(&warning));
    }
    Ok(session)
}

/// `text` with every control character escaped (`\u{1b}`, `\n`), so a message built from a
/// path or from a file's bytes stays on one line and no escape sequence reaches the terminal.
pub fn one_line(text: &str) -> String {
    if !text.chars().any(char::is_control) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// `slotmark run`: applies each line of a script; prints what each one did. The first bad or
/// refused line stops the run with its number and nothing is written.
pub fn run_script(opts: &RunOptions, library: &Library, out: &mut dyn Write) -> R {
    if let Some(target) = &opts.out
        && target.exists()
    {
        return Err(CliError::Usage(format!(
            "{} already exists; `run` never writes over a file, so choose another --out",
            shown(target)
        )));
    }
    let (name, text) = read_script(&opts.script)?;
    let mut session = match &opts.session {
        Some(path) => load_warned(path)?,
        None => {
            let title = opts
                .script
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .filter(|s| s != "-" && !s.is_empty())
                .unwrap_or_else(|| "Script".into());
            Session::new(SessionState::new(title, opts.rules))
        }
    };
    let started_with = session.entries().len();
    let mut scripted = opts
        .dice
        .as_ref()
        .map(|faces| ScriptedDice::new(faces.iter().copied()));
    let mut live = match opts.seed {
        Some(seed) => LiveDice::seeded(seed),
        None => LiveDice::from_entropy(),
    };
    let mut ran = 0;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let parsed = script::parse_line_in(raw, session.state(), library).map_err(|e| {
            CliError::BadLine {
                script: name.clone(),
                line,
                column: e.column.unwrap_or(1),
                message: e.message,
            }
        })?;
        let refused = |e: session::SessionError| CliError::Refused {
            script: name.clone(),
            line,
            message: e.to_string(),
        };
        match parsed {
            Line::Nothing => continue,
            Line::Command(command) => {
                let dice: &mut dyn DiceSource = match &mut scripted {
                    Some(s) => s,
                    None => &mut live,
                };
                let waited = session.state().game.pending();
                let entry = match session.execute(command, dice) {
                    Ok(entry) => entry.to_logged(),
                    // A refused answer says what it could have been.
                    Err(e) => {
                        let mut refusal = refused(e);
                        if let (CliError::Refused { message, .. }, Some(answers)) = (
                            &mut refusal,
                            crate::export::questions::answers_in_a_line(session.state()),
                        ) {
                            message.push_str(&format!(" (waiting: {answers})"));
                        }
                        return Err(refusal);
                    }
                };
                writeln!(out, "[{line}] {}", raw.trim())?;
                for event in &entry.events {
                    writeln!(out, "    {event}")?;
                }
                // Something new waits: what, and for a question its numbered answers.
                if session.state().game.pending() != waited
                    && let Some(waiting) =
                        crate::export::questions::waiting_in_full(&session, "      ")
                {
                    writeln!(out, "    Waiting for the judge: {waiting}")?;
                }
            }
            Line::Undo => {
                session.undo().map_err(refused)?;
                writeln!(out, "[{line}] undo")?;
                let undone = session.events(session.cursor());
                write_each(out, "undone", &undone)?;
            }
            Line::SaveAs(_) => {
                return Err(CliError::BadLine {
                    script: name.clone(),
                    line,
                    column: 1,
                    message: "save as works on the screen; a script saves its result with \
                              --out FILE or --session FILE"
                        .into(),
                });
            }
            Line::Redo => {
                session.redo().map_err(refused)?;
                writeln!(out, "[{line}] redo")?;
                let redone = session.events(session.cursor() - 1);
                write_each(out, "redone", &redone)?;
            }
        }
        ran += 1;
    }
    if let Some(waiting) = crate::export::questions::waiting_in_full(&session, "  ") {
        writeln!(out, "Still waiting for the judge: {waiting}")?;
    }
    if let Some(left) = scripted
        .as_ref()
        .map(ScriptedDice::remaining)
        .filter(|&n| n > 0)
    {
        let used = opts.dice.as_ref().map_or(0, Vec::len) - left;
        let said = format!(
            "{left} of the --dice faces were not used (the script drew {used}): the dice and the \
             script may be out of step"
        );
        if opts.strict {
            return Err(CliError::Usage(format!(
                "{said}; with --strict nothing was saved"
            )));
        }
        writeln!(out, "Note: {said}")?;
    }
    let saved = match (&opts.out, &opts.session) {
        (Some(target), _) => {
            Store::create(target, &session)?;
            format!("saved to {}", shown(target))
        }
        (None, Some(path)) => {
            let mut opened = Store::open(path)?;
            if opened.session.entries().len() != started_with {
                return Err(CliError::Usage(format!(
                    "{} changed while the script ran; nothing was saved, run it again",
                    shown(path)
                )));
            }
            opened.store.compact(&session)?;
            format!("saved to {}", shown(path))
        }
        (None, None) => "nothing saved (give --out FILE or --session FILE to keep it)".into(),
    };
    writeln!(
        out,
        "{} applied; {saved}",
        crate::rules::said::counted(ran, "command", "commands")
    )?;
    Ok(())
}

fn read_script(path: &Path) -> R<(String, String)> {
    if path.as_os_str() == "-" {
        let mut text = String::new();
        io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| CliError::File {
                path: "standard input".into(),
                message: format!("cannot be read: {e}"),
            })?;
        return Ok((
            "standard input".into(),
            crate::store::owned_without_bom(text),
        ));
    }
    if let Some(kind) = std::fs::metadata(path)
        .ok()
        .and_then(|m| crate::store::not_regular(&m))
    {
        return Err(CliError::File {
            path: shown(path),
            message: format!("is {kind}; give a script file, or - for standard input"),
        });
    }
    let text = std::fs::read_to_string(path).map_err(|e| CliError::File {
        path: shown(path),
        message: match e.kind() {
            io::ErrorKind::NotFound => "there is no such script".into(),
            io::ErrorKind::InvalidData => "the script is not text (UTF-8)".into(),
            _ => format!("cannot be read: {e}"),
        },
    })?;
    // An editor may have put a byte-order mark before the first line.
    Ok((shown(path), crate::store::owned_without_bom(text)))
}

/// Standard output for the commands that print what a file holds: a line break or a tab passes,
/// every other control character is written escaped (`\u{1b}`), so text from a hand-edited
/// file can never clear the judge's terminal, move its cursor or set its title.
pub struct Printable<W: Write>(pub W);

impl<W: Write> Write for Printable<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match std::str::from_utf8(buf) {
            Ok(text)
                if text
                    .chars()
                    .any(|c| c.is_control() && c != '\n' && c != '\t') =>
            {
                let mut shown = String::with_capacity(text.len() + 8);
                for c in text.chars() {
                    if c.is_control() && c != '\n' && c != '\t' {
                        shown.extend(c.escape_unicode());
                    } else {
                        shown.push(c);
                    }
                }
                self.0.write_all(shown.as_bytes())?;
                Ok(buf.len())
            }
            // Plain text, or bytes that are not text at all (never printed by these commands).
            _ => self.0.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

/// One line for a step: its first event, or that it had no visible result.
/// Every line a step undid or brought back, each on its own line.
fn write_each(out: &mut dyn Write, what: &str, events: &[Event]) -> R {
    if events.is_empty() {
        writeln!(out, "    {what}: {}", describe_events(events))?;
    }
    for event in events {
        writeln!(out, "    {what}: {event}")?;
    }
    Ok(())
}

pub fn describe_events(events: &[Event]) -> String {
    match events.first() {
        Some(event) => event.to_string(),
        None => "a step with no visible result".into(),
    }
}

/// `slotmark replay`: re-applies the saved log with its recorded faces and prints it as
/// [`replay_steps`] does; with `verify`, compares against the saved events and state instead,
/// failing on any difference.
pub fn replay(path: &Path, verify: bool, out: &mut dyn Write) -> R {
    if verify {
        let (report, leftovers) = store::verify_keeping(path)?;
        // The process ends right after this: freeing a long log's parsed steps one by one
        // would only delay the exit, which gives all of its memory back at once.
        std::mem::forget(leftovers);
        writeln!(out, "{report}")?;
        return match &report.difference {
            None => Ok(()),
            Some(d) => Err(CliError::Differs(format!(
                "{}: the replay differs from the saved session: {d}",
                shown(path)
            ))),
        };
    }
    let session = load_warned(path)?;
    replay_steps(&session, out).map_err(|e| match e {
        CliError::Differs(e) => CliError::Differs(format!("{}: {e}", shown(path))),
        other => other,
    })?;
    writeln!(
        out,
        "# {} replayed from {}",
        crate::rules::said::counted(session.applied().len(), "step", "steps"),
        shown(path)
    )?;
    Ok(())
}

/// Re-applies the session's log from its start with the recorded faces and prints each step as
/// the command language writes it (see [`script::write`]), then what it does now, each line a
/// comment (`    # ...`). Pasted into `slotmark run` with the same faces, the output plays the
/// same commands.
pub fn replay_steps(session: &Session, out: &mut dyn Write) -> R {
    let mut state = session.initial().clone();
    for (index, entry) in session.applied().iter().enumerate() {
        // Written against the state before the step, where its names resolve.
        let written = script::write(&entry.command, &state);
        let mut recorded = RecordedDice::new(&entry.rolls);
        let mut recorder = Recorder::new(&mut recorded);
        let events = session::apply(&mut state, &entry.command, &mut recorder)
            .map_err(|e| CliError::Differs(format!("step {} no longer replays: {e}", index + 1)))?;
        writeln!(out, "{}", written.text)?;
        for event in events {
            for line in event.to_string().lines() {
                writeln!(out, "    # {line}")?;
            }
        }
    }
    Ok(())
}

/// `slotmark show`: the session as plain text, or one character's sheet.
pub fn show(path: &Path, character: Option<&str>, out: &mut dyn Write) -> R {
    let session = load_warned(path)?;
    let text = crate::export::show(&session, character)
        .map_err(|e| CliError::Usage(format!("{}: {e}", shown(path))))?;
    write!(out, "{text}")?;
    Ok(())
}

/// `slotmark export --markdown`, its story kept to the steps that hold `grep` when given.
pub fn export_markdown(path: &Path, grep: Option<&str>, out: &mut dyn Write) -> R {
    let session = load_warned(path)?;
    crate::export::write_markdown_grep(&session, grep, out)?;
    Ok(())
}

/// `slotmark export --players`: the recap through the players' lens, as Markdown or one page.
pub fn export_players(path: &Path, html: bool, out: &mut dyn Write) -> R {
    let session = load_warned(path)?;
    let format = if html {
        crate::export::players::Format::Html
    } else {
        crate::export::players::Format::Markdown
    };
    crate::export::players::write(&session, format, out)?;
    Ok(())
}

/// `slotmark roll`: a quick roll, not part of any session.
pub fn roll(expr: &str, seed: Option<u64>, out: &mut dyn Write) -> R {
    let parsed = DiceExpr::parse(expr).map_err(|e| CliError::Usage(e.to_string()))?;
    let mut dice: Box<dyn DiceSource> = match seed {
        Some(s) => Box::new(LiveDice::seeded(s)),
        None => Box::new(LiveDice::from_entropy()),
    };
    let result = parsed
        .roll(dice.as_mut())
        .map_err(|e| CliError::Usage(e.to_string()))?;
    writeln!(out, "{parsed}: {result}")?;
    if parsed.edge_capped() {
        writeln!(
            out,
            "(edge counts at most two either way: advantages and disadvantages cancel one for \
             one, then at most two extra dice are rolled, so the rest changed nothing)"
        )?;
    }
    Ok(())
}

/// `slotmark help commands`.
pub fn help_commands(ruleset: RulesetId, out: &mut dyn Write) -> R {
    write!(out, "{}", script::help_text_for(ruleset))?;
    Ok(())
}

/// `slotmark help library`: where the judge's own items and creatures go, and their shape.
pub fn help_library(library: &Library, out: &mut dyn Write) -> R {
    let place = content::user_file()
        .map(|p| shown(&p))
        .unwrap_or_else(|| "(this system has no config folder)".into());
    write!(out, "{}", library.help(&place))?;
    Ok(())
}

/// `slotmark help library --rules phase`: ruleset phase's price list and bestiary, the names
/// `add`, `arm`, `wear` and `buy` take.
pub fn help_phase_library(out: &mut dyn Write) -> R {
    use content::phase::{Tag, library, try_bundled};
    try_bundled()?;
    let lib = library();
    let price = |p: Option<u32>| p.map_or("no price in 002".to_string(), |p| format!("{p} sp"));
    let tags = |t: &[Tag]| -> String { t.iter().map(|t| format!(" {}", t.word())).collect() };
    writeln!(
        out,
        "Ruleset phase finds these by name: `buy Ana halberd`, `arm Ana sword`, `wear Ana \
         \"mail shirt\" shield`, `add goblin` (numbered) or `add Snag goblin`. They are bundled \
         (assets/phase/), with the creatures you import from stat blocks (below); the judge's \
         own library file adds to the slot system only."
    )?;
    writeln!(out, "\nWeapons:")?;
    for w in &lib.weapons {
        writeln!(
            out,
            "  {}: d{}{}, {} ({})",
            w.name,
            w.die,
            tags(&w.tags),
            price(Some(w.price)),
            w.about
        )?;
    }
    writeln!(out, "\nArmour:")?;
    for a in &lib.armour {
        writeln!(
            out,
            "  {}: DR {}{}, {} ({})",
            a.name,
            if a.class.armor().is_none() { "+" } else { "" },
            a.dr,
            price(Some(a.price)),
            a.about
        )?;
    }
    writeln!(out, "\nGear (one unit of load each):")?;
    for g in &lib.gear {
        writeln!(out, "  {}: {} ({})", g.name, price(g.price), g.about)?;
    }
    writeln!(out, "\nTransport:")?;
    for t in &lib.transport {
        writeln!(out, "  {}: {} ({})", t.name, price(Some(t.price)), t.about)?;
    }
    writeln!(out, "\nCreatures:")?;
    for c in &lib.creatures {
        writeln!(out, "  {}: {}", c.name, c.line())?;
        if !c.about.is_empty() {
            writeln!(out, "      {}", c.about)?;
        }
    }
    Ok(())
}

/// The session file a command names: the path as given when there is one, else, for a bare
/// name (`demo-bdp`, `demo-bdp.ron`), the session of that name in the saves folder, so the
/// name the judge's screen shows is enough to open it or its players' view.
pub fn session_file(given: &Path, saves: Option<&Path>) -> R<PathBuf> {
    if given.exists() {
        return Ok(given.to_path_buf());
    }
    let bare = given.parent().is_none_or(|p| p.as_os_str().is_empty());
    let folder = if bare {
        store::saves_path(saves).ok()
    } else {
        None
    };
    if let Some(folder) = &folder {
        let mut with_ron = given.as_os_str().to_owned();
        with_ron.push(".ron");
        for candidate in [folder.join(given), folder.join(with_ron)] {
            if candidate.is_file() {
                return Ok(candidate);
            }
        }
    }
    Err(CliError::File {
        path: shown(given),
        message: match folder {
            Some(folder) => format!(
                "there is no such session file, here or in the saves folder {}",
                shown(&folder)
            ),
            None => "there is no such session file".into(),
        },
    })
}

/// `slotmark table FILE`: the players' view of a session being played, until `q` or until the
/// file goes away (then it says so, and still ends without an error).
pub fn table(path: &Path, theme: crate::config::ThemeName) -> R {
    if !path.exists() {
        return Err(CliError::File {
            path: shown(path),
            message: "there is no such session file".into(),
        });
    }
    match tui::table::run(path, theme) {
        Ok(tui::table::Ended::Quit) => Ok(()),
        Ok(tui::table::Ended::Gone(path)) => {
            println!(
                "The session file {} is gone; the table view closed.",
                shown(&path)
            );
            Ok(())
        }
        Err(e) => Err(CliError::Screen(format!("{e:#}"))),
    }
}

/// The players' page's connection timeout in whole seconds, when the judge tunes it: how long
/// a connection may wait for a request, a read or a write before it is closed.
pub const WEB_TIMEOUT_VAR: &str = "SLOTMARK_WEB_TIMEOUT";

/// The page's limits, with the connection timeout `SLOTMARK_WEB_TIMEOUT` gives (unset or
/// empty: the default).
pub fn web_limits(timeout: Option<&std::ffi::OsStr>) -> R<crate::web::Limits> {
    let mut limits = crate::web::Limits::default();
    let Some(text) = timeout.filter(|t| !t.is_empty()) else {
        return Ok(limits);
    };
    let seconds = text
        .to_str()
        .and_then(|t| t.trim().parse::<u64>().ok())
        .filter(|s| (1..=3600).contains(s))
        .ok_or_else(|| {
            CliError::Usage(format!(
                "{WEB_TIMEOUT_VAR} is {}: give the connection timeout in whole seconds, from 1 \
                 to 3600 (unset, it is {})",
                text.to_string_lossy(),
                limits.timeout.as_secs()
            ))
        })?;
    limits.timeout = std::time::Duration::from_secs(seconds);
    Ok(limits)
}

/// `slotmark table FILE --web [ADDR]`: the players' page of a session being played, until the
/// process is stopped or the file goes away.
pub fn table_web(path: &Path, addr: &str) -> R {
    if !path.exists() {
        return Err(CliError::File {
            path: shown(path),
            message: "there is no such session file".into(),
        });
    }
    let addr = crate::web::address(addr).map_err(|e| CliError::Screen(e.to_string()))?;
    let limits = web_limits(std::env::var_os(WEB_TIMEOUT_VAR).as_deref())?;
    let served = crate::web::run(path, addr, limits, &mut std::io::stdout());
    match served {
        Ok(crate::web::Ended::Gone(path)) => {
            println!(
                "The session file {} is gone; the players' page closed.",
                path.display()
            );
            Ok(())
        }
        Err(e) => Err(CliError::Screen(e.to_string())),
    }
}

/// `slotmark help library --rules ap`: ruleset ap's gear and bestiary, the names `carry` and
/// `add` take.
pub fn help_ap_library(out: &mut dyn Write) -> R {
    content::ap::try_bundled()?;
    let lib = content::ap::library();
    writeln!(
        out,
        "Ruleset ap finds these by name: `carry Ana sword`, `add Gnash \"goblin boss\"` (with \
         its weapon and armor). They are bundled (assets/ap/), with the creatures you import \
         from stat blocks (below); the judge's own library file adds to the slot system only."
    )?;
    writeln!(out, "\nGear:")?;
    for i in &lib.items {
        let mut line = format!(
            "  {}: {}",
            i.name,
            crate::rules::said::counted(i.slots, "slot", "slots")
        );
        if let Some(d) = i.die {
            line.push_str(&format!(", d{d}"));
        }
        if i.armor > 0 {
            line.push_str(&format!(", +{} armor", i.armor));
        }
        if let Some(p) = i.price {
            line.push_str(&format!(", {p} gp"));
        }
        if !i.about.is_empty() {
            line.push_str(&format!(" ({})", i.about));
        }
        writeln!(out, "{line}")?;
    }
    writeln!(out, "\nCreatures:")?;
    for c in &lib.creatures {
        writeln!(
            out,
            "  {}: STR {} DEX {} WIL {} HP {}{}{}{}, group {}",
            c.name,
            c.str,
            c.dex,
            c.wil,
            c.hp,
            if c.armor > 0 {
                format!(", armor {}", c.armor)
            } else {
                String::new()
            },
            c.weapon
                .as_ref()
                .map_or(String::new(), |(w, d)| format!(", {w} d{d}")),
            if c.detachment { ", a detachment" } else { "" },
            c.group
        )?;
        if !c.about.is_empty() {
            writeln!(out, "      {}", c.about)?;
        }
    }
    Ok(())
}

/// The judge's own tables, for every ruleset's `help library`: each with its die and rows, and
/// every file left out with its line and reason.
pub fn help_tables(out: &mut dyn Write) -> R {
    let place = content::tables::folder()
        .map(|p| shown(&p))
        .unwrap_or_else(|| "(this system has no data folder)".into());
    writeln!(
        out,
        "\nYour own tables (`roll on NAME`), one .txt file each in {place}: a name, a die, then \
         one row per face or range (`1-2 clear skies`):"
    )?;
    let tables = content::tables::active();
    if tables.tables.is_empty() {
        writeln!(out, "  none yet")?;
    }
    for t in &tables.tables {
        writeln!(out, "  {} ({}, {} rows)", t.name, t.die, t.rows.len())?;
    }
    for e in &tables.refused {
        writeln!(out, "  left out: {}", one_line(&e.to_string()))?;
    }
    Ok(())
}

/// `slotmark library import PATH --rules KEY [--strict]`: stat blocks into the judge's
/// bestiary. Prints how many creatures were read, each block refused and each section skipped
/// (file, line, reason). Fails when nothing was written: nothing read, or, with `--strict`,
/// anything refused.
pub fn library_import(
    path: &Path,
    rules: RulesetId,
    mode: content::bestiary::Mode,
    out: &mut dyn Write,
) -> R {
    let dir = content::bestiary::folder()
        .ok_or_else(|| CliError::Usage("this system has no data folder for a bestiary".into()))?;
    let report =
        content::bestiary::import(path, rules, &dir, mode).map_err(|e| CliError::File {
            path: shown(path),
            message: e.to_string(),
        })?;
    let read = report.read.len();
    writeln!(
        out,
        "Read {read} creature{} for ruleset {}.",
        if read == 1 { "" } else { "s" },
        rules.key()
    )?;
    for e in &report.refused {
        writeln!(out, "refused: {}", one_line(&e.to_string()))?;
    }
    for e in &report.skipped {
        writeln!(out, "skipped: {}", one_line(&e.to_string()))?;
    }
    match &report.written {
        Some(file) => {
            for name in &report.replaced {
                writeln!(out, "{name} replaces the one of that name already there.")?;
            }
            let refused = report.refused.len();
            if refused > 0 {
                writeln!(
                    out,
                    "{refused} stat block{} refused and left out (listed above); fix them and \
                     import again, or use --strict to import nothing while any is refused.",
                    if refused == 1 { " was" } else { "s were" }
                )?;
            }
            writeln!(
                out,
                "Imported into {}; `add NAME` finds them and `slotmark help library --rules {}` \
                 lists them.",
                shown(file),
                rules.key()
            )?;
            Ok(())
        }
        None if report.refused.is_empty() => Err(CliError::File {
            path: shown(path),
            message: "no creature in it; nothing was imported".into(),
        }),
        None if read == 0 => Err(CliError::File {
            path: shown(path),
            message: format!(
                "{} refused and none read; nothing was imported (fix them and import again)",
                crate::rules::said::counted(report.refused.len(), "stat block", "stat blocks")
            ),
        }),
        None => Err(CliError::File {
            path: shown(path),
            message: format!(
                "{} refused; with --strict nothing was imported (fix them and import again, \
                 or import without --strict to bring in the {read} that read)",
                crate::rules::said::counted(report.refused.len(), "stat block", "stat blocks")
            ),
        }),
    }
}

/// `slotmark library encounter NAME --rules KEY KIND[:COUNT]...`: keeps an encounter in the
/// judge's library for a ruleset (one of the same name is replaced); with `--forget`, takes it
/// out. The kinds are read against the ruleset's bestiary.
pub fn library_encounter(
    name: &str,
    rules: RulesetId,
    creatures: &[String],
    forget: bool,
    library: &Library,
    out: &mut dyn Write,
) -> R {
    let dir = content::kept::folder()
        .ok_or_else(|| CliError::Usage("this system has no data folder for a library".into()))?;
    let name = crate::rules::text::checked(
        crate::rules::text::TextKind::Name,
        name,
        "an encounter needs a name",
    )
    .map_err(|e| CliError::Usage(e.to_string()))?;
    if forget {
        return if content::kept::forget(&dir, rules, &name)? {
            writeln!(out, "{name} is no longer kept for ruleset {}.", rules.key())?;
            Ok(())
        } else {
            Err(CliError::Usage(format!(
                "no encounter called {name} is kept for ruleset {}",
                rules.key()
            )))
        };
    }
    let kinds = content::kept::kinds(rules, library);
    let creatures = content::kept::read_kinds(creatures, kinds.as_deref())
        .map_err(|why| CliError::Usage(format!("{name}: {why}")))?;
    let kept = crate::session::KeptEncounter {
        name: name.clone(),
        creatures,
    };
    let words = kept.words();
    let (file, replaced) = content::kept::keep(&dir, rules, kept)?;
    writeln!(
        out,
        "Kept {name} ({words}) for ruleset {}{} in {}; `A` in any session of it offers {name}, \
         and Enter brings its creatures in, numbered, as one encounter.",
        rules.key(),
        if replaced {
            ", in place of the one of that name"
        } else {
            ""
        },
        shown(&file)
    )?;
    Ok(())
}

/// `slotmark library encounters [--rules KEY]`: the encounters kept in the judge's library,
/// and every file left out with its reason.
pub fn library_encounters(rules: Option<RulesetId>, out: &mut dyn Write) -> R {
    let place = content::kept::folder().map_or_else(|| "nowhere".into(), |d| shown(&d));
    let dir = content::kept::folder();
    let kept = dir.as_deref().map(content::kept::load).unwrap_or_default();
    let mut any = false;
    for &r in RulesetId::ALL
        .iter()
        .filter(|r| rules.is_none_or(|k| k == **r))
    {
        for e in kept.of(r) {
            writeln!(out, "{} · {}: {}", r.key(), e.name, e.words())?;
            any = true;
        }
    }
    if !any {
        writeln!(
            out,
            "No encounters kept yet ({place}): `slotmark library encounter Ambush --rules phase \
             goblin:3 wolf` keeps one."
        )?;
    }
    for e in &kept.refused {
        writeln!(out, "left out: {}", one_line(&e.to_string()))?;
    }
    Ok(())
}

/// The judge's imported creatures for `help library`: where they are kept, and every file or
/// creature left out with its line and reason.
pub fn help_bestiary(rules: RulesetId, out: &mut dyn Write) -> R {
    let bestiary = content::bestiary::active();
    let place = content::bestiary::folder()
        .map(|p| shown(&content::bestiary::file_of(&p, rules)))
        .unwrap_or_else(|| "(this system has no data folder)".into());
    match content::bestiary::why_not(rules) {
        Some(why) => writeln!(
            out,
            "\nStat lines (`slotmark library import`) are not read by ruleset {}: {why}.",
            rules.key()
        )?,
        None => {
            let names: Vec<&str> = bestiary.of(rules).map(|b| b.name.as_str()).collect();
            writeln!(
                out,
                "\nYour own creatures (`slotmark library import PATH --rules {}`, kept in {place}; \
                 listed above with the rest): {}",
                rules.key(),
                if names.is_empty() {
                    "none yet".to_string()
                } else {
                    names.join(", ")
                }
            )?;
        }
    }
    for e in &bestiary.refused {
        writeln!(out, "  left out: {}", one_line(&e.to_string()))?;
    }
    Ok(())
}

/// `help library --rules bdp`: the gear list and the bestiary its verbs find by name.
pub fn help_bdp_library(out: &mut dyn Write) -> R {
    content::bdp::try_bundled()?;
    let lib = content::bdp::library();
    writeln!(
        out,
        "Ruleset bdp finds these by name: `carry Ana sword`, `add wolf` (numbered) or `add Snag \
         bandit`. They are bundled (assets/bdp/), with the creatures you import from stat blocks \
         (below); the judge's own library file adds to the slot system only."
    )?;
    for (title, list) in [
        ("Weapons", &lib.weapons),
        ("Armour", &lib.armour),
        ("Gear", &lib.gear),
    ] {
        writeln!(out, "\n{title}:")?;
        for g in list {
            let mut line = format!(
                "  {}: {}",
                g.name,
                crate::rules::said::counted(g.size, "slot", "slots")
            );
            if !g.about.is_empty() {
                line.push_str(&format!(" ({})", g.about));
            }
            writeln!(out, "{line}")?;
        }
    }
    writeln!(out, "\nCreatures:")?;
    for c in &lib.creatures {
        let attacks: Vec<String> = c.attacks.iter().map(|a| a.line()).collect();
        writeln!(
            out,
            "  {}: STR {} DEX {} WIL {} HP {}; {}",
            c.name,
            c.str,
            c.dex,
            c.wil,
            c.hp,
            attacks.join(", ")
        )?;
    }
    Ok(())
}

/// `help library --rules actiondie`: the gear list and the bestiary its verbs find by name.
pub fn help_actiondie_library(out: &mut dyn Write) -> R {
    let lib = content::actiondie::try_bundled()?;
    writeln!(
        out,
        "Ruleset actiondie finds these by name: `carry Ana sword`, `add Grub goblin`. They are \
         bundled (assets/actiondie/); the judge's own library file adds to the slot system only."
    )?;
    writeln!(out, "\nGear:")?;
    for g in &lib.gear {
        let mut line = format!(
            "  {}: {}",
            g.name,
            crate::rules::said::counted(g.size, "slot", "slots")
        );
        if let Some(d) = &g.damage {
            line.push_str(&format!(", {d}"));
            if let Some(k) = g.kind {
                line.push_str(&format!(" {k}"));
            }
        }
        if !g.about.is_empty() {
            line.push_str(&format!(" ({})", g.about));
        }
        writeln!(out, "{line}")?;
    }
    writeln!(out, "\nCreatures:")?;
    for c in &lib.creatures {
        let (s, d, a, w) = &c.abilities;
        writeln!(
            out,
            "  {}: STR {s} DEX {d} AWR {a} WIL {w}, HP {}, AR {}",
            c.name, c.hp, c.ar
        )?;
    }
    Ok(())
}

/// A name a new session can take, or why not.
pub fn check_name(name: &str) -> R {
    let bad = name.trim().is_empty()
        || name
            .chars()
            .any(|c| matches!(c, '/' | '\\' | ':') || c.is_control());
    if bad {
        return Err(CliError::Usage(format!(
            "'{name}' cannot name a session: use letters, digits and spaces, no slashes"
        )));
    }
    Ok(())
}

/// Checks made before the screen starts, so a mistyped file or name fails with one line instead
/// of a screen that opens and closes; then hands over to the screen. `settled` is called once
/// the session behind the screen is whole (see [`tui::Options::settled`]).
pub fn screen(
    launch: Launch,
    saves: Option<&Path>,
    seed: Option<u64>,
    settings: crate::config::Config,
    settled: fn(),
) -> R {
    match &launch {
        Launch::Open(path) => {
            if !path.exists() {
                return Err(CliError::File {
                    path: shown(path),
                    message: "there is no such session file".into(),
                });
            }
            // The screen opens the file before it touches the terminal, so a bad file still
            // fails with one line; reading it here as well would replay the whole log twice.
        }
        Launch::New { name, .. } => check_name(name)?,
        Launch::Start => {}
    }
    let saves = store::saves_path(saves)?;
    tui::run(tui::Options {
        launch,
        saves,
        seed,
        settings,
        settled,
    })
    .map_err(|e| CliError::Screen(format!("{e:#}")))
}

/// Roff text for a manual page paragraph: backslashes and dashes escaped, and no line starting
/// with a dot or a quote (which roff would read as a request).
fn roff(text: &str) -> String {
    let escaped = text.replace('\\', "\\e").replace('-', "\\-");
    escaped
        .lines()
        .map(|l| {
            if l.starts_with('.') || l.starts_with('\'') {
                format!("\\&{l}")
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// One manual section of tagged paragraphs: a term in bold, then what it is.
fn roff_section(out: &mut dyn Write, title: &str, entries: &[(&str, &str)]) -> R {
    writeln!(out, ".SH {title}")?;
    for (term, text) in entries {
        writeln!(out, ".TP\n\\fB{}\\fR\n{}", roff(term), roff(text))?;
    }
    Ok(())
}

/// The variable a shell sets to ask slotmark for the words to complete (`COMPLETE=bash`).
pub const COMPLETE_VAR: &str = "COMPLETE";

/// The environment variables slotmark reads, with what each does, for the manual.
pub const ENVIRONMENT: [(&str, &str); 9] = [
    (
        COMPLETE_VAR,
        "Set by the completion scripts `slotmark completions SHELL` prints (bash, zsh, fish, \
         elvish, powershell) when they ask slotmark for the words to offer; slotmark then prints \
         them and does nothing else.",
    ),
    (
        crate::config::CONFIG_VAR,
        "The settings file to read instead of config.ron in the platform config folder. `slotmark \
         config` says which file is in force.",
    ),
    (
        "NO_COLOR",
        "Set to anything but the empty text, every screen (the judge's, the table view) and \
         every subcommand's output is drawn without colour, whatever the theme. Meaning never \
         rests on colour alone.",
    ),
    (
        "SLOTMARK_FOLD_EVERY",
        "How many steps the journal beside an open session holds before the screen folds it into \
         the session file (a whole number of 1 or more; the default is 16384).",
    ),
    (
        WEB_TIMEOUT_VAR,
        "How long, in whole seconds from 1 to 3600, a connection to the players' page (`table \
         FILE --web`) may wait for a request, a read or a write before it is closed (default \
         10). An open page is not affected: it reconnects by itself.",
    ),
    (
        crate::tui::PANIC_ON_KEY_VAR,
        "For slotmark's own tests only: set to the value the tests use, the screen fails on \
         purpose at the first key, to prove the terminal is put back.",
    ),
    (
        "XDG_CONFIG_HOME",
        "On Linux, the folder holding slotmark/config.ron and slotmark/library.ron \
         (default ~/.config).",
    ),
    (
        "XDG_DATA_HOME",
        "On Linux, the folder holding slotmark/saves (default ~/.local/share).",
    ),
    (
        "HOME",
        "The judge's home folder, under which the folders above are found when their variables \
         are not set.",
    ),
];

/// `slotmark manual`: the manual page in roff, from the command line definition, with the files
/// slotmark reads and writes, its environment and its exit status.
pub fn manual(cmd: clap::Command, out: &mut dyn Write) -> R {
    let man = clap_mangen::Man::new(cmd.clone());
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    man.render_options_section(out)?;
    // One page for all: each subcommand by its whole command, not as a page of its own.
    writeln!(out, ".SH SUBCOMMANDS")?;
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        let about = sub
            .get_about()
            .or_else(|| sub.get_long_about())
            .map(|a| a.to_string())
            .unwrap_or_default();
        writeln!(
            out,
            ".TP\n\\fBslotmark {}\\fR\n{}",
            roff(sub.get_name()),
            roff(&about)
        )?;
    }
    writeln!(
        out,
        ".PP\n{}",
        roff(
            "`slotmark help SUBCOMMAND` shows each subcommand's options; `slotmark help commands` \
             the command language of the palette and of `slotmark run`."
        )
    )?;
    roff_section(
        out,
        "FILES",
        &[
            (
                "~/.config/slotmark/config.ron",
                "The settings file (RON): the saves folder, the default rules, the theme and key \
                 remaps for the main screen. Optional; a broken one is reported and the defaults \
                 stand. SLOTMARK_CONFIG names another.",
            ),
            (
                "~/.config/slotmark/library.ron",
                "The judge's own items, creatures and kits for the slot system (`slotmark help \
                 library`).",
            ),
            (
                "~/.local/share/slotmark/bestiary/KEY.ron",
                "The judge's own creatures for ruleset KEY (phase, bdp, ap), read from stat blocks \
                 by `slotmark library import`; a bad one is left out with its line.",
            ),
            (
                "~/.local/share/slotmark/saves/NAME.ron",
                "Sessions (RON), each with its crash journal NAME.ron.journal beside it while it \
                 is open. The settings file or --saves may name another folder.",
            ),
        ],
    )?;
    writeln!(
        out,
        ".PP\n{}",
        roff(
            "These are the Linux places; other systems use their own config and data folders, \
             and `slotmark config` prints the ones in force."
        )
    )?;
    roff_section(out, "ENVIRONMENT", &ENVIRONMENT)?;
    roff_section(
        out,
        "EXIT STATUS",
        &[
            (
                "0",
                "Success, also when the reader of the output stopped early (`| head`).",
            ),
            (
                "1",
                "The subcommand failed; one line on standard error says why (a missing or \
                 damaged file, a refused script line, a replay that differs). Nothing was saved \
                 unless the line says so.",
            ),
            (
                "2",
                "The command line itself was wrong (an unknown subcommand, option or ruleset).",
            ),
        ],
    )?;
    man.render_version_section(out)?;
    Ok(())
}

/// `slotmark config`: where the settings are read from and each one in force, then every line of
/// the file that could not be used.
pub fn config(settings: &crate::config::Config, flag: Option<&Path>, out: &mut dyn Write) -> R {
    use crate::config::CONFIG_VAR;
    let file = match &settings.path {
        Some(p) => shown(p),
        None => "(this system has no config folder)".into(),
    };
    let named = std::env::var_os(CONFIG_VAR).is_some_and(|v| !v.is_empty());
    let state = match (settings.found, named) {
        (true, true) => format!("read; named by {CONFIG_VAR}"),
        (true, false) => "read".into(),
        (false, true) => format!("not there (named by {CONFIG_VAR}); the defaults are in force"),
        (false, false) => "not there; the defaults are in force".into(),
    };
    writeln!(out, "Settings file:  {file} ({state})")?;
    let (saves, from) = settings.saves_or(flag);
    let saves = match saves {
        Some(s) => Ok(s),
        None => store::saves_path(None),
    };
    match saves {
        Ok(s) => writeln!(out, "Saves folder:   {} ({})", shown(&s), from.word())?,
        Err(e) => writeln!(out, "Saves folder:   none: {e}")?,
    }
    writeln!(
        out,
        "Default rules:  {} ({})",
        settings.rules.key(),
        settings.rules_from.word()
    )?;
    let colour = if std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()) {
        "; no colour, as NO_COLOR is set"
    } else {
        ""
    };
    writeln!(
        out,
        "Theme:          {} ({}{colour})",
        settings.theme,
        settings.theme_from.word()
    )?;
    let (keys, mut warnings) = tui::remap_keys(settings);
    if keys.applied.is_empty() {
        writeln!(
            out,
            "Keys:           the defaults (`?` on the screen lists them)"
        )?;
    } else {
        writeln!(out, "Keys:           remapped on the main screen:")?;
        for (action, key) in &keys.applied {
            writeln!(out, "                {action}: {key}")?;
        }
    }
    let library = content::user_file()
        .map(|p| shown(&p))
        .unwrap_or_else(|| "(this system has no config folder)".into());
    writeln!(out, "Library file:   {library}")?;
    warnings = settings
        .warnings
        .iter()
        .cloned()
        .chain(warnings.into_iter().map(|w| format!("{file}: {w}")))
        .collect();
    if !warnings.is_empty() {
        writeln!(out, "\nNot used (the defaults stand for these):")?;
        for w in &warnings {
            writeln!(out, "  {w}")?;
        }
    }
    Ok(())
}
