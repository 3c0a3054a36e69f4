//! A campaign across sessions: the next session started with the last one's party
//! (`slotmark new NAME --party FILE`), and one character written to a sheet file
//! (`slotmark export FILE --character NAME --sheet`) for `import` in another session.

use crate::cli::CliError;
use crate::session::Session;
use crate::session::party::{self, Choice};
use crate::store::{self, Store};
use crate::tui::app::session_path;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Makes the session NAME in `saves`, of `from`'s ruleset, whose first step brings in the
/// chosen characters of `from` as it left them; returns its file. Nothing is written when any
/// part fails.
pub fn next_session(
    saves: &Path,
    name: &str,
    from: &Path,
    choice: &Choice,
) -> Result<PathBuf, CliError> {
    let last = store::load(from)?;
    let session = party::next_session(last.state(), name, choice).map_err(|e| CliError::File {
        path: from.display().to_string(),
        message: e,
    })?;
    create_in(saves, name, &session)
}

/// Writes `session` as the new file for the session `name` in `saves`, making the folder
/// first when it is not there yet; returns the file.
fn create_in(saves: &Path, name: &str, session: &Session) -> Result<PathBuf, CliError> {
    std::fs::create_dir_all(saves).map_err(|e| CliError::File {
        path: saves.display().to_string(),
        message: format!("cannot make the saves folder: {e}"),
    })?;
    let path = session_path(saves, name.trim());
    Store::create(&path, session)?;
    Ok(path)
}

/// The file a sheet of `name` goes to when the judge names none: `name.sheet.ron` here.
pub fn sheet_path(name: &str) -> PathBuf {
    let stem: String = name
        .trim()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let stem = stem.trim_matches('-');
    PathBuf::from(format!(
        "{}.sheet.ron",
        if stem.is_empty() { "character" } else { stem }
    ))
}

/// The sheet of `character` as the session in `file` has it now.
fn sheet_of(file: &Path, character: &str) -> Result<crate::rules::GameParty, CliError> {
    let session = store::load(file)?;
    party::one(session.state(), character).map_err(|e| CliError::File {
        path: file.display().to_string(),
        message: e,
    })
}

/// `slotmark export FILE --character NAME --sheet [--out PATH]`.
pub fn export_sheet(
    file: &Path,
    character: &str,
    target: Option<&Path>,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    export_character(file, character, Written::Sheet, target, out)
}

/// The shape `slotmark export --character` writes a character in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    /// slotmark's own sheet file (NAME.sheet.ron unless told), which `import` reads.
    Sheet,
    /// A character as Kettlewright's import reads one (NAME.json unless told).
    Kettlewright,
}

/// `slotmark export FILE --character NAME [--kettlewright] [--out PATH]`: the character's
/// sheet in the shape asked for, in one atomic write, then where it went.
pub fn export_character(
    file: &Path,
    character: &str,
    written: Written,
    target: Option<&Path>,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    use crate::content::kettlewright::{character as kw, sheets};
    let sheet = sheet_of(file, character)?;
    let (target, then) = match written {
        Written::Sheet => {
            let target = target.map_or_else(|| sheet_path(character), Path::to_path_buf);
            store::write_sheet(&target, &sheet)?;
            let then = format!(
                "; `import {}` brings it into a session of the same rules",
                target.display()
            );
            (target, then)
        }
        Written::Kettlewright => {
            let c = sheets::from_sheet(&sheet).map_err(|e| CliError::File {
                path: file.display().to_string(),
                message: e,
            })?;
            let target = target.map_or_else(
                || {
                    sheet_path(character)
                        .with_extension("")
                        .with_extension("json")
                },
                Path::to_path_buf,
            );
            store::write_foreign_sheet(&target, &kw::write(&c))?;
            let then = ", as Kettlewright's import reads one (Import on its characters page)";
            (target, then.to_string())
        }
    };
    writeln!(
        out,
        "{}'s sheet ({}) is in {}{then}",
        character.trim(),
        sheet.ruleset().key(),
        target.display()
    )?;
    Ok(())
}

/// Makes the session NAME in `saves`, of ruleset `rules`, whose first step brings in the
/// Kettlewright characters of `files` on its sheets (`slotmark new NAME --party A.json
/// B.json --rules R`); returns its file and, per character, what had no place on the sheet.
/// Nothing is written when any file fails.
pub fn kettlewright_session(
    saves: &Path,
    name: &str,
    files: &[PathBuf],
    rules: crate::rules::RulesetId,
) -> Result<(PathBuf, Vec<String>), CliError> {
    let (party, said) = kettlewright_party(files, rules)?;
    let session = joined(name.trim(), rules, party)?;
    let path = create_in(saves, name, &session)?;
    Ok((path, said))
}

/// The Kettlewright characters of `files` as one party of `rules`, each checked as a sheet
/// file is, with the words on what had no place on each sheet.
pub fn kettlewright_party(
    files: &[PathBuf],
    rules: crate::rules::RulesetId,
) -> Result<(crate::rules::GameParty, Vec<String>), CliError> {
    use crate::content::kettlewright;
    let mut party: Option<crate::rules::GameParty> = None;
    let mut said = Vec::new();
    for file in files {
        let shown = file.display().to_string();
        let on = kettlewright::import_character(file, rules)?;
        crate::session::check_sheet(rules, &on.party).map_err(|(_, e)| CliError::File {
            path: shown.clone(),
            message: e.to_string(),
        })?;
        let who = kettlewright::sheets::from_sheet(&on.party)
            .map(|c| c.name)
            .unwrap_or_default();
        said.push(if on.left_out.is_empty() {
            format!(
                "{who} ({shown}): everything has a place on the {} sheet.",
                rules.key()
            )
        } else {
            format!(
                "{who} ({shown}): no place on the {} sheet for {}.",
                rules.key(),
                on.left_out.join("; ")
            )
        });
        party = Some(match party {
            None => on.party,
            Some(p) => kettlewright::sheets::together(p, on.party).map_err(|e| CliError::File {
                path: shown,
                message: e,
            })?,
        });
    }
    let party = party.ok_or_else(|| CliError::Usage("give at least one character".into()))?;
    Ok((party, said))
}

/// `slotmark show CHARACTER.json --rules KEY`: a Kettlewright character on a ruleset's sheet as
/// `import` would bring it in, then what has no place there; nothing is written.
pub fn show_kettlewright(
    file: &Path,
    rules: crate::rules::RulesetId,
    character: Option<&str>,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let (party, said) = kettlewright_party(&[file.to_path_buf()], rules)?;
    let title = file.file_stem().map_or_else(
        || "Kettlewright".into(),
        |s| s.to_string_lossy().into_owned(),
    );
    let session = joined(&title, rules, party)?;
    let text = crate::export::show(&session, character).map_err(|e| CliError::File {
        path: file.display().to_string(),
        message: e.to_string(),
    })?;
    write!(out, "{text}")?;
    for line in said {
        writeln!(out, "{}", crate::cli::one_line(&line))?;
    }
    Ok(())
}

/// A new session called `title` of `rules` whose first step brings `party` in.
fn joined(
    title: &str,
    rules: crate::rules::RulesetId,
    party: crate::rules::GameParty,
) -> Result<crate::session::Session, CliError> {
    let mut session = crate::session::Session::new(crate::session::SessionState::new(title, rules));
    // Bringing characters in draws no dice.
    session
        .execute(
            crate::session::Command::Join(Box::new(party)),
            &mut crate::dice::ScriptedDice::new([]),
        )
        .map_err(|e| CliError::Usage(format!("the party cannot come along: {e}")))?;
    Ok(session)
}
