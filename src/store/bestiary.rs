//! The judge's bestiary files: the creatures `slotmark library import` read from stat blocks,
//! one file per ruleset in the library folder. RON, versioned, the ruleset named inside; written
//! atomically (a run's creatures land whole or not at all) with a checksum line as the session
//! file has; read with a size limit, and refused with the line and the reason when damaged
//! (its checksum no longer holds, or it does not read) or too new.

use super::{FileKind, StoreError, file};
use crate::rules::RulesetId;
use crate::rules::statline::StatBlock;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The bestiary-file format this build writes.
pub const BESTIARY_VERSION: u32 = 1;
/// A bestiary file is read up to this size; a bigger one is refused.
pub const MAX_BESTIARY_BYTES: u64 = 8 << 20;

#[derive(Debug, Serialize, Deserialize)]
struct BestiaryFile {
    slotmark_version: String,
    format_version: u32,
    rules: RulesetId,
    creatures: Vec<StatBlock>,
}

/// What a damaged bestiary's refusal tells the judge to do about a change made by hand.
const HINT: &str = "to keep a change made by hand, delete the bestiary's last line (its checksum)";

/// Writes the whole bestiary of `rules` to `path`, over what was there, with a checksum line at
/// its end as the session file has one. A bestiary larger than
/// [`MAX_BESTIARY_BYTES`] would be refused at every later start, losing every creature in it, so
/// it is refused here instead, before anything is written.
pub fn write_bestiary(
    path: &Path,
    rules: RulesetId,
    creatures: &[StatBlock],
) -> Result<(), StoreError> {
    let body = BestiaryFile {
        slotmark_version: super::SLOTMARK_VERSION.to_string(),
        format_version: BESTIARY_VERSION,
        rules,
        creatures: creatures.to_vec(),
    };
    let header = format!(
        "// The judge's own creatures for the {}, read from stat blocks by \
         `slotmark library import`.\n",
        rules.title()
    );
    file::write_library(
        path,
        header,
        &body,
        "bestiary",
        MAX_BESTIARY_BYTES,
        |bytes| {
            format!(
                "with these creatures the bestiary would be {}, more than the {} slotmark reads \
             back, so nothing was written and it stays as it was; import fewer stat blocks \
             (those you will play soon), and keep the others in their files to import when \
             you need them",
                megabytes(bytes),
                megabytes(MAX_BESTIARY_BYTES),
            )
        },
    )
}

/// A size in megabytes with one decimal, as "8.4 MB".
fn megabytes(bytes: u64) -> String {
    let tenths = (bytes * 10).div_ceil(1 << 20);
    format!("{}.{} MB", tenths / 10, tenths % 10)
}

/// The refusal of a bestiary file too large to read, in the bestiary's own words.
fn too_large(path: &Path, e: StoreError) -> StoreError {
    match e {
        StoreError::TooLarge { bytes, limit, .. } => StoreError::Io {
            path: path.to_path_buf(),
            message: format!(
                "the bestiary is {}; slotmark reads bestiary files of up to {}, so its \
                 creatures are left out (it was not written by this slotmark: an import never \
                 writes one this large); move it away and import its stat blocks again",
                megabytes(bytes),
                megabytes(limit)
            ),
        },
        e => e,
    }
}

/// Reads a bestiary file: its ruleset, its creatures and its text (so a refusal can find the
/// line a creature is on), or says why it is not one: too large, not text, from a newer
/// slotmark, damaged since it was written (its checksum no longer holds; a bestiary written
/// before checksums has none and reads as before), or not a bestiary.
pub fn read_bestiary(path: &Path) -> Result<(RulesetId, Vec<StatBlock>, String), StoreError> {
    let text = file::read_text(path, MAX_BESTIARY_BYTES).map_err(|e| too_large(path, e))?;
    let text = file::owned_without_bom(text);
    let body = file::read_library::<BestiaryFile>(
        path,
        &text,
        FileKind::Bestiary,
        "this is not a slotmark bestiary, or it is damaged",
        HINT,
    )?;
    Ok((body.rules, body.creatures, text))
}
