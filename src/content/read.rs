//! Reading a file the judge gives (a library, a bestiary, a table, a character): every ruleset's
//! reader takes its text from here, so each refuses the same runaway or binary file in the same
//! words.

use super::ContentError;
use std::path::Path;

/// A library file larger than this is refused before it is read: the whole bundled library is
/// under 20 kB, and a runaway file must not stall the start (merging is not linear in entries).
pub const MAX_USER_FILE_BYTES: u64 = 1 << 20;

/// The judge's file as text: refused unread when too large, and with the place where it stops
/// being text when it is not UTF-8. A byte-order mark at its start (Windows Notepad writes one)
/// is not part of the text.
pub(crate) fn read_user_file(path: &Path, file: &str) -> Result<String, ContentError> {
    use std::io::Read;
    let io = |e: std::io::Error| ContentError::Io {
        file: file.to_string(),
        message: format!("cannot be read: {e}"),
    };
    if let Some(kind) = std::fs::metadata(path)
        .ok()
        .and_then(|m| crate::store::not_regular(&m))
    {
        return Err(ContentError::Io {
            file: file.to_string(),
            message: format!("is {kind}; slotmark reads its library from a regular file only"),
        });
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .map_err(io)?
        .take(MAX_USER_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_USER_FILE_BYTES {
        let size = std::fs::metadata(path).map_or(bytes.len() as u64, |m| m.len());
        return Err(ContentError::Invalid {
            file: file.to_string(),
            message: format!(
                "the file is {} MB; slotmark reads library files of up to {} MB",
                size.div_ceil(1 << 20),
                MAX_USER_FILE_BYTES >> 20
            ),
        });
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        let valid = String::from_utf8_lossy(&e.as_bytes()[..e.utf8_error().valid_up_to()]);
        ContentError::Syntax {
            file: file.to_string(),
            line: valid.matches('\n').count() + 1,
            column: valid.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1,
            message: "the file is not text (it holds bytes that are not UTF-8)".into(),
        }
    })?;
    Ok(crate::store::owned_without_bom(text))
}
