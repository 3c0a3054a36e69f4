//! Sheet files: one character (or a few) of a session written down to travel to another
//! session of the same ruleset. RON, versioned, the ruleset named by the externally tagged
//! party inside; written atomically with a checksum line as the session file has; read with a
//! size limit, and refused with the reason (and line) when damaged, too new or too large.

use super::{FileKind, StoreError, atomic, file};
use crate::rules::GameParty;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The sheet-file format this build writes.
pub const SHEET_VERSION: u32 = 1;
/// A sheet holds a character or a party, never more than this: a bigger file is not one.
pub const MAX_SHEET_BYTES: u64 = 1 << 20;

#[derive(Debug, Serialize, Deserialize)]
struct SheetFile {
    slotmark_version: String,
    format_version: u32,
    sheet: GameParty,
}

/// What a damaged sheet's refusal tells the judge to do about a change made by hand.
const HINT: &str = "to keep a change made by hand, delete the sheet's last line (its checksum)";

/// Writes `sheet` to `path`, a new file (never over another), with a checksum line at its end
/// as the session file has one.
pub fn write_sheet(path: &Path, sheet: &GameParty) -> Result<(), StoreError> {
    if path.exists() {
        return Err(StoreError::Io {
            path: path.to_path_buf(),
            message: "already exists; a sheet is never written over a file, choose another name"
                .into(),
        });
    }
    let body = SheetFile {
        slotmark_version: super::SLOTMARK_VERSION.to_string(),
        format_version: SHEET_VERSION,
        sheet: sheet.clone(),
    };
    let mut text = format!(
        "// A slotmark sheet of the {}: `import` it into a session of the same rules.\n",
        sheet.ruleset().title()
    );
    if let Some(credit) = sheet.ruleset().credit() {
        text.push_str(&format!("// {credit}\n"));
    }
    text.push_str(
        &ron::ser::to_string_pretty(&body, ron::ser::PrettyConfig::new()).map_err(|e| {
            StoreError::Io {
                path: path.to_path_buf(),
                message: format!("cannot write the sheet as RON: {e}"),
            }
        })?,
    );
    text.push('\n');
    atomic::write(path, file::with_checksum(text).as_bytes())
}

/// Reads a sheet file, or says why it is not one: too large, not text, from a newer slotmark,
/// not a sheet, damaged since it was written (its checksum no longer holds; a sheet written
/// before checksums has none and reads as before), or holding what a session would refuse to
/// take in. A byte-order mark before it is skipped.
pub fn read_sheet(path: &Path) -> Result<GameParty, StoreError> {
    let text = file::read_text(path, MAX_SHEET_BYTES).map_err(|e| match e {
        StoreError::TooLarge { bytes, .. } => StoreError::Io {
            path: path.to_path_buf(),
            message: format!(
                "the file is {} KB; a sheet is at most {} KB, so this is not one",
                bytes.div_ceil(1024),
                MAX_SHEET_BYTES / 1024
            ),
        },
        e => e,
    })?;
    let text = file::without_bom(&text);
    let body: SheetFile = file::read_versioned(
        path,
        text,
        FileKind::Sheet,
        "this is not a slotmark sheet, or it is damaged",
    )?;
    file::refuse_damaged(path, text, HINT)?;
    // Checked as the session checks a sheet it takes in, so a refusal names the sheet (and the
    // line of the name it is about) rather than the script line that imports it.
    crate::session::check_sheet(body.sheet.ruleset(), &body.sheet).map_err(|(name, e)| {
        let line = name.and_then(|name| {
            let wanted = format!("name: {}", ron::to_string(&name).ok()?);
            text.lines().position(|l| l.contains(&wanted))
        });
        match line {
            Some(i) => StoreError::Unreadable {
                path: path.to_path_buf(),
                line: i + 1,
                column: 1,
                message: e.to_string(),
            },
            None => StoreError::Io {
                path: path.to_path_buf(),
                message: e.to_string(),
            },
        }
    })?;
    Ok(body.sheet)
}

/// Writes a character in another tool's form (Kettlewright's JSON) to `path`, a new file
/// (never over another), in one atomic write. It carries no checksum: the other tool reads it.
pub fn write_foreign_sheet(path: &Path, text: &str) -> Result<(), StoreError> {
    if path.exists() {
        return Err(StoreError::Io {
            path: path.to_path_buf(),
            message: "already exists; a sheet is never written over a file, choose another name"
                .into(),
        });
    }
    atomic::write(path, text.as_bytes())
}
