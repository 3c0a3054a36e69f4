//! The judge's own random tables: plain text files in the `tables` folder of slotmark's data
//! folder, rolled with `roll on NAME`. A file is its name (a line, `# ` before it allowed), its
//! die (`d6`, `2d6`, `d20+1`), then one row per face or range (`1-2 clear skies`, `3: rain`).
//! Blank lines are skipped. A bad file is reported with its line and left out; the others stand.

use super::{ContentError, LookupError, find_by_name};
use crate::dice::DiceExpr;
use crate::rules::text::{TextKind, checked};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// One row: the totals it covers and what it says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    pub lo: i64,
    pub hi: i64,
    pub text: String,
}

/// A table as it was read: kept whole in the step that rolls on it, so the log replays without
/// the file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    pub name: String,
    pub die: DiceExpr,
    pub rows: Vec<Row>,
}

impl Table {
    /// The row a total falls on.
    pub fn row(&self, total: i64) -> Option<&Row> {
        self.rows.iter().find(|r| (r.lo..=r.hi).contains(&total))
    }

    /// The lowest and highest totals of the die.
    pub fn span(die: &DiceExpr) -> (i64, i64) {
        let count = i64::from(die.count);
        let modifier = i64::from(die.modifier);
        (count + modifier, count * i64::from(die.sides) + modifier)
    }
}

/// Rows a table may have: enough for a d1000, few enough to read at a glance in the log.
pub const MAX_ROWS: usize = 1000;

/// Reads one table from `text`; `file` names it in a refusal.
pub fn parse(file: &str, text: &str) -> Result<Table, ContentError> {
    let at = |line: usize, message: String| ContentError::Syntax {
        file: file.to_string(),
        line,
        column: 1,
        message,
    };
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty());
    let (n, name) = lines.next().ok_or_else(|| {
        at(
            1,
            "the file is empty: a table is a name, a die, then rows".into(),
        )
    })?;
    let name = checked(
        TextKind::Name,
        name.trim_start_matches('#').trim(),
        "the first line names the table",
    )
    .map_err(|e| at(n, e.to_string()))?;
    let (n, die_text) = lines.next().ok_or_else(|| {
        at(
            n + 1,
            "the second line is the die, such as d6 or 2d6".into(),
        )
    })?;
    let die = DiceExpr::parse(die_text).map_err(|e| at(n, format!("the die: {e}")))?;
    if die.edge != crate::dice::Edge::NONE {
        return Err(at(n, "a table's die takes no adv or dis".into()));
    }
    let (lo, hi) = Table::span(&die);
    if lo < 1 {
        return Err(at(
            n,
            format!("{die_text} can roll {lo}: a table's rows start at 1"),
        ));
    }
    if hi - lo >= 100_000 {
        return Err(at(
            n,
            format!("{die_text} rolls too many totals for a table"),
        ));
    }
    let mut rows: Vec<Row> = Vec::new();
    for (n, line) in lines {
        if rows.len() == MAX_ROWS {
            return Err(at(n, format!("a table has at most {MAX_ROWS} rows")));
        }
        let split = line
            .find(|c: char| !(c.is_ascii_digit() || c == '-'))
            .unwrap_or(line.len());
        let (range, rest) = line.split_at(split);
        let number = |s: &str| s.parse::<i64>().ok();
        let (a, b) = match range.split_once('-') {
            Some((a, b)) => (number(a), number(b)),
            None => (number(range), number(range)),
        };
        let (Some(a), Some(b)) = (a, b) else {
            return Err(at(
                n,
                format!(
                    "'{line}' is not a row: a row starts with a face or a range, such as 3 or 1-2"
                ),
            ));
        };
        if a > b || a < lo || b > hi {
            return Err(at(
                n,
                format!("{range} is not a range {die_text} rolls ({lo} to {hi})"),
            ));
        }
        if let Some(r) = rows.iter().find(|r| a <= r.hi && r.lo <= b) {
            return Err(at(
                n,
                format!("{range} overlaps the row for {}-{}", r.lo, r.hi),
            ));
        }
        let text = checked(
            TextKind::Note,
            rest.trim_start_matches([':', '.', ' ', '\t']),
            "the row says nothing after its number",
        )
        .map_err(|e| at(n, e.to_string()))?;
        rows.push(Row { lo: a, hi: b, text });
    }
    if let Some(gap) = (lo..=hi).find(|t| !rows.iter().any(|r| (r.lo..=r.hi).contains(t))) {
        return Err(ContentError::Invalid {
            file: file.to_string(),
            message: format!("no row for {gap}: every total of {die_text} needs one"),
        });
    }
    Ok(Table { name, die, rows })
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
        match super::slots::read_user_file(&path, &file).and_then(|text| parse(&file, &text)) {
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

/// A table as a logged step holds it, checked as its file would be: the name to log it under.
pub fn check(table: &Table) -> Result<String, crate::rules::RuleError> {
    let mut text = format!("{}\n{}\n", table.name, table.die);
    for r in &table.rows {
        text.push_str(&format!("{}-{} {}\n", r.lo, r.hi, r.text));
    }
    parse("the step's table", &text)
        .map(|t| t.name)
        .map_err(|e| crate::rules::RuleError::invalid(e.to_string()))
}
