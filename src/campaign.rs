//! A campaign across sessions: the next session started with the last one's party
//! (`slotmark new NAME --party FILE`), and one character written to a sheet file
//! (`slotmark export FILE --character NAME --sheet`) for `import` in another session.

use crate::cli::CliError;
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
    std::fs::create_dir_all(saves).map_err(|e| CliError::File {
        path: saves.display().to_string(),
        message: format!("cannot make the saves folder: {e}"),
    })?;
    let path = session_path(saves, name.trim());
    Store::create(&path, &session)?;
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

/// `slotmark export FILE --character NAME --sheet [--out PATH]`.
pub fn export_sheet(
    file: &Path,
    character: &str,
    target: Option<&Path>,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let session = store::load(file)?;
    let sheet = party::one(session.state(), character).map_err(|e| CliError::File {
        path: file.display().to_string(),
        message: e,
    })?;
    let target = target.map_or_else(|| sheet_path(character), Path::to_path_buf);
    store::write_sheet(&target, &sheet)?;
    writeln!(
        out,
        "{}'s sheet ({}) is in {}; `import {}` brings it into a session of the same rules",
        character.trim(),
        sheet.ruleset().key(),
        target.display(),
        target.display()
    )?;
    Ok(())
}
