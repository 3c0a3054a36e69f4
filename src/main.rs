//! The `slotmark` command line: parses the arguments, installs error reporting and hands each
//! subcommand to `slotmark::cli`. Failures print one line and exit with status 1; a mistyped
//! command line exits with status 2.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{CommandFactory, Parser, Subcommand, ValueHint};
use clap_complete::engine::{
    ArgValueCompleter, CompletionCandidate, PathCompleter, ValueCompleter,
};
use clap_complete::env::{self, EnvCompleter};
use clap_complete::{CompleteEnv, Shell};
use slotmark::cli::{self, COMPLETE_VAR, CliError, RunOptions};
use slotmark::content;
use slotmark::rules::RulesetId;
use slotmark::tui::Launch;
use std::ffi::OsStr;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// A judge's character sheets and combat tracker for rules-light table-top games
/// (`slotmark rulesets` lists them).
///
/// With no subcommand, opens the start screen: recent sessions, a new session, the demo.
#[derive(Debug, Parser)]
#[command(name = "slotmark", version, disable_help_subcommand = true)]
struct Args {
    /// The folder where sessions are saved (default: the settings file's, else the platform's
    /// data folder).
    #[arg(long, global = true, value_name = "DIR", value_hint = ValueHint::DirPath)]
    saves: Option<PathBuf>,

    /// Seed the screen's dice so the same rolls come again.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,

    #[command(subcommand)]
    command: Option<Sub>,
}

#[derive(Debug, Subcommand)]
enum Sub {
    /// Open a saved session in the screen.
    Open {
        /// The session file, or the name of a session in the saves folder.
        #[arg(value_hint = ValueHint::FilePath, add = sessions())]
        file: PathBuf,
        /// Seed the dice so the same rolls come again.
        #[arg(long, value_name = "N")]
        seed: Option<u64>,
    },
    /// Start a new session in the screen, saved under NAME in the saves folder.
    New {
        /// The session's name.
        name: String,
        /// The rules it plays by (default: the settings file's, else slots). With --party, only
        /// for Kettlewright characters: a session brings its own.
        #[arg(long, value_parser = rules_parser())]
        rules: Option<RulesetId>,
        /// Seed the dice so the same rolls come again.
        #[arg(long, value_name = "N")]
        seed: Option<u64>,
        /// The next session of this one: its rules, and its living player characters as it
        /// left them (the first step of the new session's log). Or several Kettlewright
        /// characters (their export or API JSON), on the sheets of --rules.
        #[arg(long, value_name = "FILE", num_args = 1.., value_hint = ValueHint::FilePath, add = sessions())]
        party: Vec<PathBuf>,
        /// With --party: the clock carries on from where that session left it.
        #[arg(long, requires = "party")]
        keep_clock: bool,
        /// With --party: bring this one along too (a creature, a hireling, the dead).
        #[arg(long = "with", value_name = "NAME", requires = "party")]
        with: Vec<String>,
        /// With --party: leave this player character behind.
        #[arg(long = "without", value_name = "NAME", requires = "party")]
        without: Vec<String>,
    },
    /// Show the players a session another slotmark is playing: the round, whose turn it is, the
    /// order, the characters and what they can see, following each step as the judge makes it.
    ///
    /// Read-only: it never writes and never takes the session's lock, so it runs beside the
    /// judge's screen (on a second terminal, a projector, or over ssh). Secret rolls and hidden
    /// creatures are never shown. `q` closes it.
    ///
    /// With --web it serves the same view as a page for the players' browsers instead, and
    /// prints its address (with an access token) and a QR code of it; Ctrl-C stops it.
    Table {
        /// The session file the judge has open, or its name alone (the name the judge's screen
        /// shows): it is looked for in the saves folder.
        #[arg(value_hint = ValueHint::FilePath, add = sessions())]
        file: PathBuf,
        /// Serve the view as a page over HTTP, on ADDR (IP:PORT; this machine only and a free
        /// port unless given, 0.0.0.0:8080 opens it to the local network).
        #[arg(long, value_name = "ADDR", num_args = 0..=1, default_missing_value = "127.0.0.1:0")]
        web: Option<String>,
    },
    /// Apply a script of commands without the screen, printing what each does.
    ///
    /// Stops at the first line that cannot be read or is refused, names its line, and writes
    /// nothing. On success the result goes to --out (a new file), else to --session (updated),
    /// else nowhere. `slotmark help commands` lists the commands.
    Run {
        /// The script: one command per line; `-` reads standard input.
        #[arg(value_hint = ValueHint::FilePath)]
        script: PathBuf,
        /// Start from this session instead of an empty one (and save back to it without --out).
        #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath, add = sessions())]
        session: Option<PathBuf>,
        /// Use these die faces in order instead of rolling (3,12,7).
        #[arg(
            long,
            value_name = "FACES",
            value_delimiter = ',',
            conflicts_with = "seed"
        )]
        dice: Option<Vec<u16>>,
        /// Seed the dice so the same rolls come again.
        #[arg(long, value_name = "N")]
        seed: Option<u64>,
        /// Write the resulting session to this new file.
        #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
        out: Option<PathBuf>,
        /// Fail, saving nothing, when some of the --dice faces were not used.
        #[arg(long, requires = "dice")]
        strict: bool,
        /// The rules a new session plays (without --session; default: the settings file's, else
        /// slots).
        #[arg(long, value_parser = rules_parser(), conflicts_with = "session")]
        rules: Option<RulesetId>,
    },
    /// Re-apply a session's log with its recorded dice and print each step.
    Replay {
        /// The session file.
        #[arg(value_hint = ValueHint::FilePath, add = sessions())]
        file: PathBuf,
        /// Compare the replay with the saved events and state; fail on any difference.
        #[arg(long)]
        verify: bool,
    },
    /// Print a session as plain text: sheets with every slot, initiative, clock, zones.
    Show {
        /// The session file.
        #[arg(value_hint = ValueHint::FilePath, add = sessions())]
        file: PathBuf,
        /// Only this character's sheet.
        #[arg(long, value_name = "NAME")]
        character: Option<String>,
        /// For a Kettlewright character (its JSON) instead of a session: the ruleset whose
        /// sheet to show it on, with what has no place there (default: the settings file's).
        #[arg(long, value_parser = rules_parser())]
        rules: Option<RulesetId>,
    },
    /// Write a readable recap of a session to standard output, or one character's sheet to a
    /// file (`--character NAME --sheet`) for `import` in another session of the same rules.
    Export {
        /// The session file.
        #[arg(value_hint = ValueHint::FilePath, add = sessions())]
        file: PathBuf,
        /// The recap as Markdown.
        #[arg(long, required_unless_present_any = ["sheet", "players", "kettlewright"], conflicts_with_all = ["sheet", "kettlewright"])]
        markdown: bool,
        /// The recap the players may read: what the table saw, no secrets, no creature's
        /// numbers (Markdown, or one page with --html).
        #[arg(long, conflicts_with_all = ["sheet", "kettlewright"])]
        players: bool,
        /// With --players: one self-contained HTML page to share.
        #[arg(long, requires = "players")]
        html: bool,
        /// Keep only the steps whose words hold WORD (any case): a name, "crit", a rule number.
        #[arg(
            long,
            value_name = "WORD",
            requires = "markdown",
            conflicts_with = "players"
        )]
        grep: Option<String>,
        /// One character's sheet as a file (NAME.sheet.ron unless --out says where).
        #[arg(long, requires = "character")]
        sheet: bool,
        /// One character as Kettlewright's import reads one (NAME.json unless --out says
        /// where), from a session of bdp, phase or ap.
        #[arg(long, requires = "character", conflicts_with = "sheet")]
        kettlewright: bool,
        /// The character whose sheet to write (with --sheet or --kettlewright).
        #[arg(long, value_name = "NAME", conflicts_with = "markdown")]
        character: Option<String>,
        /// Where the sheet goes (a new file).
        #[arg(long, value_name = "PATH", requires = "character", value_hint = ValueHint::FilePath)]
        out: Option<PathBuf>,
    },
    /// Roll dice: d12, d12 adv, 3d6, 2d20 dis, 2d6+1.
    Roll {
        /// The dice expression.
        #[arg(required = true, num_args = 1..)]
        expr: Vec<String>,
        /// Seed the dice so the same roll comes again.
        #[arg(long, value_name = "N")]
        seed: Option<u64>,
    },
    /// List the rulesets this slotmark plays, with the key `new --rules` takes.
    Rulesets,
    /// The judge's own library: `library import PATH --rules KEY` reads creatures written in the
    /// Cairn family's stat line into the bestiary of a ruleset.
    Library {
        #[command(subcommand)]
        action: LibraryAction,
    },
    /// Help on a topic: `commands` (the script and palette language), `library`, or a subcommand.
    Help {
        /// commands, library, or a subcommand's name.
        topic: Option<String>,
        /// With `commands`: the verbs of this ruleset (besides the ones every session has); with
        /// `library`: the items, creatures and wares its verbs find by name (default: the
        /// settings file's, else slots).
        #[arg(long, value_parser = rules_parser())]
        rules: Option<RulesetId>,
    },

    // Fitting slotmark to the judge's terminal and shell. Kept together, after the rest.
    /// Print a completion script for a shell: subcommands, options, ruleset keys, and session
    /// files from the saves folder as well as the folder you are in.
    ///
    /// The script asks slotmark for the words as you press Tab, so it follows the saves folder
    /// and never falls behind an upgrade. bash: `source <(slotmark completions bash)` in
    /// ~/.bashrc; zsh: `source <(slotmark completions zsh)` in ~/.zshrc; fish:
    /// `slotmark completions fish > ~/.config/fish/completions/slotmark.fish`.
    Completions {
        /// The shell.
        shell: Shell,
    },
    /// Print the manual page (roff): `slotmark manual > ~/.local/share/man/man1/slotmark.1`.
    Manual,
    /// Print where the settings file is read from and every setting in force.
    Config,
}

/// Completes a session file: the sessions in the saves folder in force (the settings file's,
/// else the platform's) by their full path, then the files of the folder the shell is in.
fn sessions() -> ArgValueCompleter {
    ArgValueCompleter::new(|current: &OsStr| {
        let typed = current.to_string_lossy();
        let settings = slotmark::config::load();
        let (saves, _) = settings.saves_or(None);
        let mut out: Vec<CompletionCandidate> = slotmark::store::saves_path(saves.as_deref())
            .ok()
            .and_then(|dir| std::fs::read_dir(dir).ok())
            .into_iter()
            .flatten()
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| slotmark::store::named_as_session(p))
            .filter(|p| p.to_string_lossy().starts_with(typed.as_ref()))
            .map(|p| {
                let name = p
                    .file_stem()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                CompletionCandidate::new(p).help(Some(format!("saved session {name}").into()))
            })
            .collect();
        out.sort_by(|a, b| a.get_value().cmp(b.get_value()));
        for here in PathCompleter::file().complete(current) {
            if !out.iter().any(|c| c.get_value() == here.get_value()) {
                out.push(here);
            }
        }
        out
    })
}

/// `slotmark completions SHELL`: the shell's side of completion, which calls this same program
/// back (`COMPLETE=SHELL slotmark -- WORDS`) for the words as the judge presses Tab.
fn completion_script(shell: Shell, out: &mut impl Write) -> Result<(), CliError> {
    let completer: &dyn EnvCompleter = match shell {
        Shell::Bash => &env::Bash,
        Shell::Elvish => &env::Elvish,
        Shell::Fish => &env::Fish,
        Shell::PowerShell => &env::Powershell,
        Shell::Zsh => &env::Zsh,
        other => {
            return Err(CliError::Usage(format!(
                "no completion script for {other}; try bash, zsh, fish, elvish or powershell"
            )));
        }
    };
    // The program to call back: as it was called (on the PATH), or by its full path when it was
    // called by one, so a script made from a build folder still finds it.
    let called = std::env::args_os()
        .next()
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("slotmark"));
    let program = if called.components().count() > 1 {
        std::path::absolute(&called).unwrap_or(called)
    } else {
        called
    };
    let mut buf = Vec::new();
    completer.write_registration(
        COMPLETE_VAR,
        "slotmark",
        "slotmark",
        &program.to_string_lossy(),
        &mut buf,
    )?;
    out.write_all(&buf)?;
    Ok(())
}

#[derive(Debug, Subcommand)]
enum LibraryAction {
    /// Read one stat-block file, or a folder of them (.md and .txt), into the judge's bestiary
    /// for a ruleset (phase, bdp or ap): a `# Name` heading, the stat line (`4 HP, 1 Armor, 12
    /// STR, 12 DEX, 9 WIL, shortsword (d6)`), then notes as bullets. Kettlewright's bestiary
    /// JSON and Foundry's Cairn actors and monster packs (.json, .db) are read too, told by
    /// what they hold.
    ///
    /// Every creature that reads comes in; each refused is named with its file, line and
    /// reason, and each table or section of words between the creatures is skipped and named.
    /// A creature named like one already there replaces it.
    Import {
        /// The stat-block, bestiary or pack file, or a folder of them.
        #[arg(value_hint = ValueHint::AnyPath)]
        path: PathBuf,
        /// The ruleset whose bestiary takes them.
        #[arg(long, value_parser = rules_parser())]
        rules: RulesetId,
        /// All or nothing: when any creature is refused, nothing is written.
        #[arg(long)]
        strict: bool,
    },
    /// Keep a named encounter for a ruleset: its creatures by kind and count (`goblin:3 wolf`),
    /// the kinds as the ruleset's bestiary names them. The creature picker (`A`) of every
    /// session of that ruleset offers it, and Enter brings its creatures in, numbered, as one
    /// encounter (into the fight under way, in one). One of the same name is replaced.
    Encounter {
        /// The encounter's name (quote a name with spaces).
        name: String,
        /// The ruleset whose sessions bring it in.
        #[arg(long, value_parser = rules_parser())]
        rules: RulesetId,
        /// Its creatures: a kind, and after a colon how many (1 when left out).
        #[arg(required_unless_present = "forget")]
        creatures: Vec<String>,
        /// Take the encounter of that name out of the library instead.
        #[arg(long, conflicts_with = "creatures")]
        forget: bool,
    },
    /// List the encounters kept in the judge's library.
    Encounters {
        /// Only this ruleset's.
        #[arg(long, value_parser = rules_parser())]
        rules: Option<RulesetId>,
    },
}

/// `--rules KEY`: one of the rulesets' keys, which clap lists when one is mistyped and the
/// completion scripts offer.
fn rules_parser() -> impl TypedValueParser<Value = RulesetId> {
    PossibleValuesParser::new(
        RulesetId::ALL
            .iter()
            .map(|r| PossibleValue::new(r.key()).help(r.title())),
    )
    .map(|key| RulesetId::from_key(&key).unwrap_or_default())
}

/// Hands the heap's free pages back to the system. The screen calls it once the session's log is
/// read: reading a long log frees far more than the session keeps (the file's text, its parsed
/// steps), and the allocator would otherwise keep those pages resident for good.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn give_back_free_memory() {
    // SAFETY: malloc_trim only returns free memory of the C allocator (which Rust's global
    // allocator uses) to the system; it touches no live allocation and takes no pointer.
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn give_back_free_memory() {}

/// Gives every block of a mebibyte or more pages of its own. Left to itself, glibc raises that
/// bound as large blocks are freed, so once a long log is read its list of steps sits in the
/// heap among other blocks, and the first step added copies all of it (8 MB for 100,000 steps)
/// to a larger place, a copy the freed one never gives back. A block with pages of its own grows
/// where it is.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn give_large_blocks_pages_of_their_own() {
    // SAFETY: mallopt only changes a setting of the C allocator (which Rust's global allocator
    // uses); it takes no pointer and touches no allocation. It runs first in `main`, before any
    // other thread exists.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn give_large_blocks_pages_of_their_own() {}

fn main() -> ExitCode {
    give_large_blocks_pages_of_their_own();
    let mut hooks = color_eyre::config::HookBuilder::default();
    if std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()) {
        hooks = hooks.theme(color_eyre::config::Theme::new());
    }
    if let Err(e) = hooks.install() {
        eprintln!("slotmark: cannot set up error reporting: {e}");
    }
    // A shell asking for the words to complete gets them and nothing else runs.
    CompleteEnv::with_factory(Args::command)
        .var(COMPLETE_VAR)
        .complete();
    let args = Args::parse();
    let settings = slotmark::config::load();
    if !matches!(args.command, Some(Sub::Config) | Some(Sub::Manual)) {
        for warning in &settings.warnings {
            eprintln!("slotmark: settings: {warning}");
        }
    }
    match dispatch(args, settings) {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that stopped early (`| head`) is not a failure.
        Err(CliError::Output(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            // A path or a file's bytes may hold control characters: the line shows them escaped.
            eprintln!("slotmark: {}", cli::one_line(&e.to_string()));
            ExitCode::FAILURE
        }
    }
}

/// The library with the judge's own file, made the one the command language reads. The
/// judge's bestiary files are read here too, and any left out is said on standard error.
fn library() -> Result<&'static content::Library, CliError> {
    for e in &content::bestiary::active().refused {
        eprintln!(
            "slotmark: bestiary: {} (left out)",
            cli::one_line(&e.to_string())
        );
    }
    let lib = content::load(content::user_file().as_deref())?;
    content::install(lib);
    Ok(content::active())
}

/// `slotmark rulesets`: one paragraph per ruleset, its key first.
fn rulesets(out: &mut impl Write) -> Result<(), CliError> {
    for (i, r) in RulesetId::ALL.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        writeln!(out, "{:<10} {}", r.key(), r.title())?;
        // The description wrapped to 78 columns under the title.
        let mut line = String::new();
        for word in r.about().split_whitespace() {
            if !line.is_empty() && 11 + line.len() + 1 + word.len() > 78 {
                writeln!(out, "{:<10} {line}", "")?;
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        writeln!(out, "{:<10} {line}", "")?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "Start a session with one: slotmark new NAME --rules KEY"
    )?;
    Ok(())
}

fn dispatch(args: Args, settings: slotmark::config::Config) -> Result<(), CliError> {
    let (saves, _) = settings.saves_or(args.saves.as_deref());
    let saves = saves.as_deref();
    let default_rules = settings.rules;
    // The screen writes to the terminal from more than one thread (a signal restores it), so
    // standard output is locked only for the commands that print.
    let launch = match args.command {
        None => Some((Launch::Start, args.seed)),
        Some(Sub::Open { ref file, seed }) => Some((
            Launch::Open(cli::session_file(file, saves)?),
            seed.or(args.seed),
        )),
        Some(Sub::New {
            ref name,
            ref party,
            rules,
            keep_clock,
            ref with,
            ref without,
            seed,
        }) if !party.is_empty() => {
            cli::check_name(name)?;
            let saves_dir = slotmark::store::saves_path(saves)?;
            let path = if party
                .iter()
                .all(|f| slotmark::content::kettlewright::holds_json(f))
            {
                let (path, said) = slotmark::campaign::kettlewright_session(
                    &saves_dir,
                    name,
                    party,
                    rules.unwrap_or(default_rules),
                )?;
                for line in said {
                    println!("{}", cli::one_line(&line));
                }
                path
            } else {
                let [from] = party.as_slice() else {
                    return Err(CliError::Usage(
                        "--party takes one session, or Kettlewright characters (JSON) only".into(),
                    ));
                };
                if rules.is_some() {
                    return Err(CliError::Usage(
                        "a session's next one plays by its rules; --rules goes with \
                         Kettlewright characters"
                            .into(),
                    ));
                }
                let choice = slotmark::session::party::Choice {
                    with: with.clone(),
                    without: without.clone(),
                    keep_clock,
                };
                slotmark::campaign::next_session(&saves_dir, name, from, &choice)?
            };
            Some((Launch::Open(path), seed.or(args.seed)))
        }
        Some(Sub::New {
            ref name,
            rules,
            seed,
            ..
        }) => Some((
            Launch::New {
                name: name.clone(),
                ruleset: rules.unwrap_or(default_rules),
            },
            seed.or(args.seed),
        )),
        _ => None,
    };
    if let Some(Sub::Table { ref file, ref web }) = args.command {
        let file = cli::session_file(file, saves)?;
        return match web {
            Some(addr) => cli::table_web(&file, addr),
            None => cli::table(&file, settings.theme),
        };
    }
    if let Some((launch, seed)) = launch {
        library()?;
        return cli::screen(launch, saves, seed, settings, give_back_free_memory);
    }
    let stdout = std::io::stdout();
    let mut out = cli::Printable(stdout.lock());
    let result = match args.command {
        None | Some(Sub::Open { .. }) | Some(Sub::New { .. }) | Some(Sub::Table { .. }) => Ok(()),
        Some(Sub::Run {
            script,
            session,
            dice,
            seed,
            out: target,
            strict,
            rules,
        }) => {
            let opts = RunOptions {
                script,
                session,
                dice,
                seed,
                out: target,
                strict,
                rules: rules.unwrap_or(default_rules),
            };
            cli::run_script(&opts, library()?, &mut out)
        }
        Some(Sub::Replay { file, verify }) => cli::replay(&file, verify, &mut out),
        Some(Sub::Show {
            file,
            character,
            rules,
        }) if slotmark::content::kettlewright::holds_json(&file) => {
            slotmark::campaign::show_kettlewright(
                &file,
                rules.unwrap_or(default_rules),
                character.as_deref(),
                &mut out,
            )
        }
        Some(Sub::Show {
            file, character, ..
        }) => cli::show(&file, character.as_deref(), &mut out),
        Some(Sub::Export {
            file,
            character: Some(character),
            out: target,
            kettlewright: true,
            ..
        }) => slotmark::campaign::export_character(
            &file,
            &character,
            slotmark::campaign::Written::Kettlewright,
            target.as_deref(),
            &mut out,
        ),
        Some(Sub::Export {
            file,
            character: Some(character),
            out: target,
            ..
        }) => slotmark::campaign::export_sheet(&file, &character, target.as_deref(), &mut out),
        Some(Sub::Export {
            file,
            players: true,
            html,
            ..
        }) => cli::export_players(&file, html, &mut out),
        Some(Sub::Export { file, grep, .. }) => {
            cli::export_markdown(&file, grep.as_deref(), &mut out)
        }
        Some(Sub::Roll { expr, seed }) => cli::roll(&expr.join(" "), seed, &mut out),
        Some(Sub::Rulesets) => rulesets(&mut out),
        Some(Sub::Completions { shell }) => completion_script(shell, &mut out),
        Some(Sub::Library {
            action:
                LibraryAction::Import {
                    path,
                    rules,
                    strict,
                },
        }) => {
            let mode = if strict {
                content::bestiary::Mode::AllOrNothing
            } else {
                content::bestiary::Mode::EveryReadable
            };
            cli::library_import(&path, rules, mode, &mut out)
        }
        Some(Sub::Library {
            action:
                LibraryAction::Encounter {
                    name,
                    rules,
                    creatures,
                    forget,
                },
        }) => cli::library_encounter(&name, rules, &creatures, forget, library()?, &mut out),
        Some(Sub::Library {
            action: LibraryAction::Encounters { rules },
        }) => cli::library_encounters(rules, &mut out),
        Some(Sub::Manual) => cli::manual(Args::command(), &mut out),
        Some(Sub::Config) => cli::config(&settings, args.saves.as_deref(), &mut out),
        Some(Sub::Help { topic, rules }) => match topic.as_deref() {
            None => Args::command()
                .write_long_help(&mut out)
                .map_err(CliError::from),
            Some(t) if t.eq_ignore_ascii_case("commands") => {
                cli::help_commands(rules.unwrap_or(default_rules), &mut out)
            }
            Some(t) if t.eq_ignore_ascii_case("library") => match rules.unwrap_or(default_rules) {
                RulesetId::Phase => cli::help_phase_library(&mut out),
                RulesetId::Ap => cli::help_ap_library(&mut out),
                RulesetId::Bdp => cli::help_bdp_library(&mut out),
                RulesetId::ActionDie => cli::help_actiondie_library(&mut out),
                _ => cli::help_library(library()?, &mut out),
            }
            .and_then(|()| cli::help_bestiary(rules.unwrap_or(default_rules), &mut out))
            .and_then(|()| cli::help_tables(&mut out)),
            Some(t) => match Args::command().find_subcommand_mut(t) {
                Some(sub) => sub.write_long_help(&mut out).map_err(CliError::from),
                None => Err(CliError::Usage(format!(
                    "no help on '{t}'; try `slotmark help commands` or `slotmark --help`"
                ))),
            },
        },
    };
    out.flush()?;
    result
}
