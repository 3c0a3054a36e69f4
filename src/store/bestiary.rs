//! The judge's bestiary files: the creatures `slotmark library import` read from stat blocks,
//! one file per ruleset in the library folder. RON, versioned, the ruleset named inside; written
//! atomically (a run's creatures land whole or not at all); read with a size limit, and refused
//! with the line and the reason when damaged or too new.

use super::{StoreError, atomic, file};
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

/// Writes the whole bestiary of `rules` to `path`, over what was there.
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
    let mut text = format!(
        "// The judge's own creatures for the {}, read from stat blocks by \
         `slotmark library import`.\n",
        rules.title()
    );
    text.push_str(
        &ron::ser::to_string_pretty(&body, ron::ser::PrettyConfig::new()).map_err(|e| {
            StoreError::Io {
                path: path.to_path_buf(),
                message: format!("cannot write the bestiary as RON: {e}"),
            }
        })?,
    );
    text.push('\n');
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| StoreError::Io {
            path: dir.to_path_buf(),
            message: format!("cannot make the folder: {}", file::io_reason(&e)),
        })?;
    }
    atomic::write(path, text.as_bytes())
}

/// Reads a bestiary file: its ruleset, its creatures and its text (so a refusal can find the
/// line a creature is on), or says why it is not one.
pub fn read_bestiary(path: &Path) -> Result<(RulesetId, Vec<StatBlock>, String), StoreError> {
    let text = file::read_text(path, MAX_BESTIARY_BYTES)?;
    let at = |e: &ron::error::SpannedError, message: String| StoreError::Unreadable {
        path: path.to_path_buf(),
        line: e.span.start.line,
        column: e.span.start.col,
        message,
    };
    #[derive(Deserialize)]
    struct Version {
        format_version: u32,
    }
    let options = ron::Options::default();
    if let Ok(v) = options.from_str::<Version>(&text)
        && v.format_version > BESTIARY_VERSION
    {
        return Err(StoreError::Io {
            path: path.to_path_buf(),
            message: format!(
                "the bestiary is in format {}, newer than this slotmark reads \
                 ({BESTIARY_VERSION}); update slotmark",
                v.format_version
            ),
        });
    }
    let body: BestiaryFile = options.from_str(&text).map_err(|e| {
        at(
            &e,
            format!(
                "this is not a slotmark bestiary, or it is damaged: {}",
                e.code
            ),
        )
    })?;
    Ok((body.rules, body.creatures, text))
}
