//! The judge's own random tables: plain text files (`.txt`) in the `tables` folder of
//! slotmark's data folder, rolled with `roll on NAME`; the shape of one is in
//! [`crate::rules::tables`]. A bad file is reported with its line and left out; the others stand.

use super::{ContentError, LookupError, find_by_name};
pub use crate::rules::tables::{MAX_ROWS, Row, Table, TableError, check};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// Reads one table from `text`; `file` names it in a refusal.
pub fn parse(file: &str, text: &str) -> Result<Table, ContentError> {
    crate::rules::tables::parse(text).map_err(|e| match e.line {
        Some(line) => ContentError::Syntax {
            file: file.to_string(),
            line,
            column: 1,
            message: e.message,
        },
        None => ContentError::Invalid {
            file: file.to_string(),
            message: e.message,
        },
    })
}

/// The judge's tables and the files that were left out, each with its reason.
#[derive(Debug, Clone, Default)]
pub struct Tables {
    pub tables: Vec<Table>,
    pub refused: Vec<ContentError>,
}

impl Tables {
    /// Finds a table by name (as every name is found: exact, then a unique prefix).
    pub fn find(&self, name: &str) -> Result<&Table, LookupError> {
        find_by_name(&self.tables, |t| t.name.as_str(), name, "table")
    }
}

/// The folder the judge keeps tables in: `tables` in slotmark's data folder.
pub fn folder() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "slotmark").map(|d| d.data_dir().join("tables"))
}

/// Reads every `.txt` file of `dir`, in name order. Never fails: a missing folder holds no
/// tables, and a file that cannot be used is left out with its reason.
pub fn load(dir: &Path) -> Tables {
    let mut found = Tables::default();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return found;
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x.eq_ignore_ascii_case("txt")))
        .collect();
    paths.sort();
    for path in paths {
        let file = path.display().to_string();
        match super::read::read_user_file(&path, &file).and_then(|text| parse(&file, &text)) {
            Ok(t)
                if found
                    .tables
                    .iter()
                    .any(|o| o.name.eq_ignore_ascii_case(&t.name)) =>
            {
                found.refused.push(ContentError::Invalid {
                    file,
                    message: format!("another file already has a table called {}", t.name),
                });
            }
            Ok(t) => found.tables.push(t),
            Err(e) => found.refused.push(e),
        }
    }
    found
}

static ACTIVE: OnceLock<Tables> = OnceLock::new();

/// Makes `tables` the ones `roll on` finds, for the rest of the process (the first call wins).
pub fn install(tables: Tables) -> bool {
    ACTIVE.set(tables).is_ok()
}

/// The judge's tables, read from [`folder`] the first time they are needed.
pub fn active() -> &'static Tables {
    ACTIVE.get_or_init(|| folder().map(|d| load(&d)).unwrap_or_default())
}
