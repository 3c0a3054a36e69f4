//! The addresses of the players' pages, for the judge's screen: `slotmark table FILE --web`
//! writes them beside the session (`NAME.ron.links`) while it serves the pages, and the judge's
//! screen reads them to show a character's address and QR code. The screen and the server are
//! two processes; the server alone makes the addresses (each with a random token), so this file
//! is how the screen learns them.
//!
//! The tokens are secrets: the file is written atomically, readable by its owner alone (on
//! unix), and never read by the players' view or served by a page. The server holds a lock on
//! it while it runs (taken before the file gets its name), so a file found unlocked is one left
//! by a server that stopped, and its addresses no longer open anything. RON, versioned, with a
//! checksum line as the other files slotmark writes.

use super::{FileKind, StoreError, file};
use serde::{Deserialize, Serialize};
use std::fs::{File, TryLockError};
use std::io::Read;
use std::path::{Path, PathBuf};

/// The links-file format this build writes.
pub const LINKS_VERSION: u32 = 1;
/// A links file is read up to this size; a bigger one is refused (a party of hundreds fits).
pub const MAX_LINKS_BYTES: u64 = 1 << 20;

/// One player character's page as the server serves it now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerLink {
    /// The character, by the ruleset's id.
    pub id: u32,
    pub name: String,
    /// How many times the judge had made the link anew (`link NAME new`) when this address was
    /// made: the screen compares it with the session's count to know an address it has is
    /// already replaced.
    pub made_for: u32,
    /// The address to open, token and all.
    pub address: String,
}

#[derive(Debug, Serialize, Deserialize)]
struct LinksFile {
    slotmark_version: String,
    format_version: u32,
    players: Vec<PlayerLink>,
}

/// What the judge's screen finds about the pages of a session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Served {
    /// No server serves the session's pages: there is no links file, or the server that wrote
    /// it has stopped.
    NotServed,
    /// A server serves them: each player character's address.
    Served(Vec<PlayerLink>),
}

/// What a damaged file's refusal tells the judge to do.
const HINT: &str = "stop `slotmark table FILE --web` and start it again, which writes it anew";

/// The links file of the session at `session`: beside it, named after it.
pub fn links_path(session: &Path) -> PathBuf {
    let mut name = session.file_name().unwrap_or_default().to_os_string();
    name.push(".links");
    session.with_file_name(name)
}

/// Writes the addresses of the session at `session`'s player pages, over what was there. The
/// returned file holds the lock that tells readers the server runs: keep it while serving.
pub fn write_links(session: &Path, players: &[PlayerLink]) -> Result<File, StoreError> {
    let path = links_path(session);
    let body = LinksFile {
        slotmark_version: super::SLOTMARK_VERSION.to_string(),
        format_version: LINKS_VERSION,
        players: players.to_vec(),
    };
    let name = session.file_name().unwrap_or_default().to_string_lossy();
    let mut text = format!(
        "// The addresses of the players' pages of {name}, kept by `slotmark table --web` while \
         it serves them, for the judge's screen.\n// Each one opens a character's page: keep \
         this file to yourself.\n"
    );
    text.push_str(
        &ron::ser::to_string_pretty(&body, ron::ser::PrettyConfig::new()).map_err(|e| {
            StoreError::Io {
                path: path.clone(),
                message: format!("cannot write the addresses as RON: {e}"),
            }
        })?,
    );
    text.push('\n');
    let text = file::with_checksum(text);
    if text.len() as u64 > MAX_LINKS_BYTES {
        return Err(StoreError::Io {
            path,
            message: "the addresses of so many characters would be more than slotmark reads \
                      back, so they were not written"
                .into(),
        });
    }
    super::atomic::write_private_held(&path, text.as_bytes())
}

/// Reads the links file of the session at `session`: not served when there is none or its
/// server has stopped; refused with the reason when it is damaged, too new or too large.
pub fn read_links(session: &Path) -> Result<Served, StoreError> {
    let path = links_path(session);
    let Some((mut handle, size)) = held(&path)? else {
        return Ok(Served::NotServed);
    };
    let mut bytes = Vec::with_capacity(size as usize);
    handle
        .by_ref()
        .take(MAX_LINKS_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| StoreError::Io {
            path: path.clone(),
            message: format!("cannot read: {}", file::io_reason(&e)),
        })?;
    if bytes.len() as u64 > MAX_LINKS_BYTES {
        return Err(StoreError::TooLarge {
            path,
            bytes: bytes.len() as u64,
            limit: MAX_LINKS_BYTES,
        });
    }
    let text = String::from_utf8(bytes)
        .map_err(|e| file::not_text(&path, &e.as_bytes()[..e.utf8_error().valid_up_to()]))?;
    let body = file::read_library::<LinksFile>(
        &path,
        file::without_bom(&text),
        FileKind::Links,
        "this is not a file of the players' addresses, or it is damaged",
        HINT,
    )?;
    Ok(Served::Served(body.players))
}

/// The links file at `path` opened, when its server holds it. A file found unlocked is looked
/// at once more: it may have been replaced by its server between its opening and the look at
/// its lock, and the lock is on the new one.
fn held(path: &Path) -> Result<Option<(File, u64)>, StoreError> {
    for _ in 0..2 {
        if !path.exists() {
            return Ok(None);
        }
        let (handle, size) = file::open_to_read(path, MAX_LINKS_BYTES)?;
        match handle.try_lock_shared() {
            // Nobody holds it: the server that wrote it is gone, or replaced it just now.
            Ok(()) => continue,
            Err(TryLockError::WouldBlock) => return Ok(Some((handle, size))),
            // A file system that cannot lock: take it that the server runs.
            Err(TryLockError::Error(_)) => return Ok(Some((handle, size))),
        }
    }
    Ok(None)
}
