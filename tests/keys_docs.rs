//! Each ruleset's docs page and its key table say the same: every key of the ruleset's own on
//! the main screen is in a key table of `docs/rulesets/<r>.md`, and every key such a table
//! names is bound somewhere on that ruleset's screen. A key table is a Markdown table whose
//! first header cell is "key"; its keys are the backticked words of each row's first cell.

use std::collections::BTreeSet;

use slotmark::rules::RulesetId;
use slotmark::tui::keymap::{Action, Ctx, bindings, contexts};
use slotmark::tui::sheets;

/// The backticked words of the first cell of every row of the page's key tables.
fn documented(page: &str) -> BTreeSet<String> {
    let mut keys = BTreeSet::new();
    let mut in_table = false;
    for line in page.lines() {
        let line = line.trim();
        if !line.starts_with('|') {
            in_table = false;
            continue;
        }
        let first = line
            .trim_matches('|')
            .split('|')
            .next()
            .unwrap_or("")
            .trim();
        if !in_table {
            in_table = first.eq_ignore_ascii_case("key");
            continue;
        }
        if first.starts_with("---") {
            continue;
        }
        keys.extend(
            first
                .split('`')
                .skip(1)
                .step_by(2)
                .map(|k| k.trim().to_string()),
        );
    }
    keys
}

fn page(r: RulesetId) -> String {
    let path = format!(
        "{}/docs/rulesets/{}.md",
        env!("CARGO_MANIFEST_DIR"),
        r.key()
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn every_rulesets_docs_page_lists_the_keys_of_its_key_table() {
    for &r in RulesetId::ALL {
        let table = sheets::table(r);
        let docs = documented(&page(r));
        let own: BTreeSet<String> = bindings(table, Ctx::Main)
            .filter(|b| matches!(b.action, Action::Sheet(_)))
            .flat_map(|b| b.keys.iter().map(|k| k.label()))
            .collect();
        let missing: Vec<_> = own.difference(&docs).collect();
        assert!(
            missing.is_empty(),
            "docs/rulesets/{}.md has no row for the keys {missing:?}",
            r.key()
        );
        let bound: BTreeSet<String> = contexts(table)
            .into_iter()
            .flat_map(|ctx| bindings(table, ctx))
            .flat_map(|b| b.keys.iter().map(|k| k.label()))
            .collect();
        let unbound: Vec<_> = docs.difference(&bound).collect();
        assert!(
            unbound.is_empty(),
            "docs/rulesets/{}.md names keys its screen does not bind: {unbound:?}",
            r.key()
        );
    }
}

#[test]
fn a_key_table_is_read_from_its_first_cells_only() {
    let page = "| key | what |\n|---|---|\n| `a` / `b` | `c` here is words |\n\n| move | keys |\n|---|---|\n| `z` | no |\n";
    let keys = documented(page);
    assert_eq!(
        keys,
        ["a", "b"]
            .into_iter()
            .map(String::from)
            .collect::<BTreeSet<_>>()
    );
}
