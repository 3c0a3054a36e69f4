//! The `slotmark` command line: parses the arguments, installs error reporting and hands each
//! subcommand to `slotmark::cli`. Failures print one line and exit with status 1; a mistyped
//! command line exits with status 2.

use clap::{CommandFactory, Parser, Subcommand};
use slotmark::cli::{self, CliError, RunOptions};
use slotmark::content;
use slotmark::rules::RulesetId;
use slotmark::tui::Launch;
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
    /// The folder where sessions are saved (default: the platform's data folder).
    #[arg(long, global = true, value_name = "DIR")]
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
        /// The session file.
        file: PathBuf,
        /// Seed the dice so the same rolls come again.
        #[arg(long, value_name = "N")]
        seed: Option<u64>,
    },
    /// Start a new session in the screen, saved under NAME in the saves folder.
    New {
        /// The session's name.
        name: String,
        /// The rules it plays by.
        #[arg(long, default_value = "slots", value_parser = parse_rules, conflicts_with = "party")]
        rules: RulesetId,
        /// Seed the dice so the same rolls come again.
        #[arg(long, value_name = "N")]
        seed: Option<u64>,
        /// The next session of this one: its rules, and its living player characters as it
        /// left them (the first step of the new session's log).
        #[arg(long, value_name = "FILE")]
        party: Option<PathBuf>,
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
    Table {
        /// The session file the judge has open.
        file: PathBuf,
    },
    /// Apply a script of commands without the screen, printing what each does.
    ///
    /// Stops at the first line that cannot be read or is refused, names its line, and writes
    /// nothing. On success the result goes to --out (a new file), else to --session (updated),
    /// else nowhere. `slotmark help commands` lists the commands.
    Run {
        /// The script: one command per line; `-` reads standard input.
        script: PathBuf,
        /// Start from this session instead of an empty one (and save back to it without --out).
        #[arg(long, value_name = "FILE")]
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
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Fail, saving nothing, when some of the --dice faces were not used.
        #[arg(long, requires = "dice")]
        strict: bool,
        /// The rules a new session plays (without --session).
        #[arg(long, default_value = "slots", value_parser = parse_rules, conflicts_with = "session")]
        rules: RulesetId,
    },
    /// Re-apply a session's log with its recorded dice and print each step.
    Replay {
        /// The session file.
        file: PathBuf,
        /// Compare the replay with the saved events and state; fail on any difference.
        #[arg(long)]
        verify: bool,
    },
    /// Print a session as plain text: sheets with every slot, initiative, clock, zones.
    Show {
        /// The session file.
        file: PathBuf,
        /// Only this character's sheet.
        #[arg(long, value_name = "NAME")]
        character: Option<String>,
    },
    /// Write a readable recap of a session to standard output, or one character's sheet to a
    /// file (`--character NAME --sheet`) for `import` in another session of the same rules.
    Export {
        /// The session file.
        file: PathBuf,
        /// The recap as Markdown.
        #[arg(long, required_unless_present = "sheet", conflicts_with = "sheet")]
        markdown: bool,
        /// One character's sheet as a file (NAME.sheet.ron unless --out says where).
        #[arg(long, requires = "character")]
        sheet: bool,
        /// The character whose sheet to write.
        #[arg(long, value_name = "NAME", requires = "sheet")]
        character: Option<String>,
        /// Where the sheet goes (a new file).
        #[arg(long, value_name = "PATH", requires = "sheet")]
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
    /// Help on a topic: `commands` (the script and palette language), `library`, or a subcommand.
    Help {
        /// commands, library, or a subcommand's name.
        topic: Option<String>,
        /// With `commands`: the verbs of this ruleset (besides the ones every session has); with
        /// `library`: the items, creatures and wares its verbs find by name.
        #[arg(long, default_value = "slots", value_parser = parse_rules)]
        rules: RulesetId,
    },
}

fn parse_rules(key: &str) -> Result<RulesetId, String> {
    RulesetId::from_key(key).ok_or_else(|| {
        let known: Vec<&str> = RulesetId::ALL.iter().map(|r| r.key()).collect();
        format!(
            "unknown rules '{key}'; slotmark knows: {}",
            known.join(", ")
        )
    })
}

fn main() -> ExitCode {
    if let Err(e) = color_eyre::install() {
        eprintln!("slotmark: cannot set up error reporting: {e}");
    }
    let args = Args::parse();
    match dispatch(args) {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that stopped early (`| head`) is not a failure.
        Err(CliError::Output(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("slotmark: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The library with the judge's own file, made the one the command language reads.
fn library() -> Result<&'static content::Library, CliError> {
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

fn dispatch(args: Args) -> Result<(), CliError> {
    let saves = args.saves.as_deref();
    // The screen writes to the terminal from more than one thread (a signal restores it), so
    // standard output is locked only for the commands that print.
    let launch = match args.command {
        None => Some((Launch::Start, args.seed)),
        Some(Sub::Open { ref file, seed }) => {
            Some((Launch::Open(file.clone()), seed.or(args.seed)))
        }
        Some(Sub::New {
            ref name,
            party: Some(ref from),
            keep_clock,
            ref with,
            ref without,
            seed,
            ..
        }) => {
            let choice = slotmark::session::party::Choice {
                with: with.clone(),
                without: without.clone(),
                keep_clock,
            };
            cli::check_name(name)?;
            let path = slotmark::campaign::next_session(
                &slotmark::store::saves_path(saves)?,
                name,
                from,
                &choice,
            )?;
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
                ruleset: rules,
            },
            seed.or(args.seed),
        )),
        _ => None,
    };
    if let Some(Sub::Table { ref file }) = args.command {
        return cli::table(file);
    }
    if let Some((launch, seed)) = launch {
        library()?;
        return cli::screen(launch, saves, seed);
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
                rules,
            };
            cli::run_script(&opts, library()?, &mut out)
        }
        Some(Sub::Replay { file, verify }) => cli::replay(&file, verify, &mut out),
        Some(Sub::Show { file, character }) => cli::show(&file, character.as_deref(), &mut out),
        Some(Sub::Export {
            file,
            character: Some(character),
            out: target,
            ..
        }) => slotmark::campaign::export_sheet(&file, &character, target.as_deref(), &mut out),
        Some(Sub::Export { file, .. }) => cli::export_markdown(&file, &mut out),
        Some(Sub::Roll { expr, seed }) => cli::roll(&expr.join(" "), seed, &mut out),
        Some(Sub::Rulesets) => rulesets(&mut out),
        Some(Sub::Help { topic, rules }) => match topic.as_deref() {
            None => Args::command()
                .write_long_help(&mut out)
                .map_err(CliError::from),
            Some(t) if t.eq_ignore_ascii_case("commands") => cli::help_commands(rules, &mut out),
            Some(t) if t.eq_ignore_ascii_case("library") => match rules {
                RulesetId::Phase => cli::help_phase_library(&mut out),
                RulesetId::Ap => cli::help_ap_library(&mut out),
                _ => cli::help_library(library()?, &mut out),
            },
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
