//! Sheet files: one character (or a few) of a session written down to travel to another
//! session of the same ruleset. RON, versioned, the ruleset named by the externally tagged
//! party inside; written atomically; read with a size limit, and refused with the reason when
//! damaged, too new or too large.

use super::{StoreError, atomic, file};
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

/// Writes `sheet` to `path`, a new file (never over another).
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
    atomic::write(path, text.as_bytes())
}

/// Reads a sheet file, or says why it is not one.
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
    let at = |e: &ron::error::SpannedError, message: String| StoreError::Unreadable {
        path: path.to_path_buf(),
        line: e.span.start.line,
        column: e.span.start.col,
        message,
    };
    // The version first, so a newer sheet says so rather than failing on a field it added.
    #[derive(Deserialize)]
    struct Version {
        format_version: u32,
    }
    let options = ron::Options::default();
    match options.from_str::<Version>(&text) {
        Ok(v) if v.format_version > SHEET_VERSION => {
            return Err(StoreError::Io {
                path: path.to_path_buf(),
                message: format!(
                    "the sheet is in format {}, newer than this slotmark reads ({SHEET_VERSION}); \
                     update slotmark",
                    v.format_version
                ),
            });
        }
        _ => {}
    }
    let body: SheetFile = options.from_str(&text).map_err(|e| {
        at(
            &e,
            format!("this is not a slotmark sheet, or it is damaged: {}", e.code),
        )
    })?;
    Ok(body.sheet)
}
