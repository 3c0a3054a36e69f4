//! Atomic replacement of a file: readers see the old bytes or the new ones, never a mix, and a
//! crash leaves one of the two on disk.

use super::StoreError;
use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The folder a path lives in (`.` for a bare file name).
pub(super) fn parent_dir(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// A temp name in the same folder (a rename across folders is not atomic). It starts with a dot
/// and ends in `.tmp` so folder listings never take it for a session.
fn temp_path(path: &Path) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    parent_dir(path).join(format!(".{name}.{}-{n}.tmp", std::process::id()))
}

/// Is `name` a temporary file [`temp_path`] makes for the file named `of`
/// (`.{of}.{pid}-{n}.tmp`)?
pub(super) fn is_temp_of(of: &std::ffi::OsStr, name: &std::ffi::OsStr) -> bool {
    let (Some(of), Some(name)) = (of.to_str(), name.to_str()) else {
        return false;
    };
    let Some(middle) = name
        .strip_prefix('.')
        .and_then(|n| n.strip_prefix(of))
        .and_then(|n| n.strip_prefix('.'))
        .and_then(|n| n.strip_suffix(".tmp"))
    else {
        return false;
    };
    match middle.split_once('-') {
        Some((pid, n)) => {
            !pid.is_empty()
                && !n.is_empty()
                && pid.bytes().all(|b| b.is_ascii_digit())
                && n.bytes().all(|b| b.is_ascii_digit())
        }
        None => false,
    }
}

/// Writes `bytes` to `path` atomically: temp file in the same folder, fsync, rename, fsync the
/// folder. On failure the temp file is removed and `path` is unchanged.
pub(super) fn write(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    write_with(path, bytes, &mut OpenOptions::new(), |_| {}).map(drop)
}

/// [`write`] for a file of secrets kept while its writer runs: only its owner may read it (on
/// unix, from the moment it exists), and the returned file holds a lock on it, taken before the
/// new file gets its name, so whoever finds the file unlocked knows its writer is gone. The lock
/// lasts as long as the returned file is kept.
pub(super) fn write_private_held(path: &Path, bytes: &[u8]) -> Result<fs::File, StoreError> {
    let mut options = OpenOptions::new();
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    write_with(path, bytes, &mut options, |file| {
        // A file system that cannot lock still gets the file; its readers then cannot tell
        // whether the writer runs, and take it that it does.
        let _ = file.try_lock();
    })
}

fn write_with(
    path: &Path,
    bytes: &[u8],
    options: &mut OpenOptions,
    before: impl FnOnce(&fs::File),
) -> Result<fs::File, StoreError> {
    let tmp = temp_path(path);
    let result = (|| {
        let mut file = options
            .write(true)
            .create_new(true)
            .open(&tmp)
            .map_err(|e| StoreError::io(&tmp, "cannot create a temporary file", &e))?;
        before(&file);
        file.write_all(bytes)
            .and_then(|()| file.sync_all())
            .map_err(|e| StoreError::io(&tmp, "cannot write", &e))?;
        fs::rename(&tmp, path).map_err(|e| StoreError::io(path, "cannot replace", &e))?;
        sync_dir(&parent_dir(path))?;
        Ok(file)
    })();
    if result.is_err() {
        // Best effort: the error being returned matters more than a failed cleanup.
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Makes a rename or a new file in `dir` durable.
pub(super) fn sync_dir(dir: &Path) -> Result<(), StoreError> {
    #[cfg(unix)]
    {
        fs::File::open(dir)
            .and_then(|d| d.sync_all())
            .map_err(|e| StoreError::io(dir, "cannot flush the folder", &e))
    }
    #[cfg(not(unix))]
    {
        // Windows cannot open a folder as a file; NTFS journals the rename itself.
        let _ = dir;
        Ok(())
    }
}
