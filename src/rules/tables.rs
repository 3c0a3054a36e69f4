//! A random table of the judge's, as text and as a logged step holds it: its name (a line, `# `
//! before it allowed), its die (`d6`, `2d6`, `d20+1`), then one row per face or range (`1-2
//! clear skies`, `3: rain`); blank lines are skipped. Pure: `content::tables` reads the files.

use crate::dice::DiceExpr;
use crate::rules::text::{TextKind, checked};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Why a table's text is not a table, and on which line (none: the table as a whole).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{message}")]
pub struct TableError {
    pub line: Option<usize>,
    pub message: String,
}

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

/// Reads one table from `text`.
pub fn parse(text: &str) -> Result<Table, TableError> {
    let at = |line: usize, message: String| TableError {
        line: Some(line),
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
        return Err(TableError {
            line: None,
            message: format!("no row for {gap}: every total of {die_text} needs one"),
        });
    }
    Ok(Table { name, die, rows })
}

/// A table as a logged step holds it, checked as its file would be: the name to log it under.
pub fn check(table: &Table) -> Result<String, crate::rules::RuleError> {
    let mut text = format!("{}\n{}\n", table.name, table.die);
    for r in &table.rows {
        text.push_str(&format!("{}-{} {}\n", r.lo, r.hi, r.text));
    }
    parse(&text)
        .map(|t| t.name)
        .map_err(|e| crate::rules::RuleError::invalid(format!("the step's table: {e}")))
}
