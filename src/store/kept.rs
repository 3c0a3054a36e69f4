//! The judge's kept encounters: named groups of creatures by kind, one file per ruleset in the
//! library folder (`encounters/KEY.ron` beside `bestiary`), brought into any session of that
//! ruleset by the creature picker. RON, versioned, the ruleset named inside; written atomically
//! with a checksum line as the session file has; read with a size limit, and refused with the
//! line and the reason when damaged or too new.

use super::{FileKind, StoreError, file};
use crate::rules::RulesetId;
use crate::session::KeptEncounter;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The kept-encounters format this build writes.
pub const ENCOUNTERS_VERSION: u32 = 1;
/// A kept-encounters file is read up to this size; a bigger one is refused.
pub const MAX_ENCOUNTERS_BYTES: u64 = 1 << 20;

#[derive(Debug, Serialize, Deserialize)]
struct EncountersFile {
    slotmark_version: String,
    format_version: u32,
    rules: RulesetId,
    encounters: Vec<KeptEncounter>,
}

/// What a damaged file's refusal tells the judge to do about a change made by hand.
const HINT: &str = "to keep a change made by hand, delete the file's last line (its checksum)";

/// Writes every kept encounter of `rules` to `path`, over what was there, with its checksum.
pub fn write_kept(
    path: &Path,
    rules: RulesetId,
    encounters: &[KeptEncounter],
) -> Result<(), StoreError> {
    let body = EncountersFile {
        slotmark_version: super::SLOTMARK_VERSION.to_string(),
        format_version: ENCOUNTERS_VERSION,
        rules,
        encounters: encounters.to_vec(),
    };
    let header = format!(
        "// The judge's kept encounters for the {}, written by `slotmark library encounter`.\n",
        rules.title()
    );
    file::write_library(
        path,
        header,
        &body,
        "encounters",
        MAX_ENCOUNTERS_BYTES,
        |_| {
            "with this encounter the file would be larger than slotmark reads back, so nothing was \
         written; remove encounters you no longer play"
                .into()
        },
    )
}

/// Reads a kept-encounters file: its ruleset and its encounters, or why it is not one: too
/// large, not text, from a newer slotmark, damaged since it was written, or not such a file.
pub fn read_kept(path: &Path) -> Result<(RulesetId, Vec<KeptEncounter>), StoreError> {
    let text = file::read_text(path, MAX_ENCOUNTERS_BYTES)?;
    let text = file::owned_without_bom(text);
    let body = file::read_library::<EncountersFile>(
        path,
        &text,
        FileKind::Encounters,
        "this is not a file of slotmark's kept encounters, or it is damaged",
        HINT,
    )?;
    Ok((body.rules, body.encounters))
}
