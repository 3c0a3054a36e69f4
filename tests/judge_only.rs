//! Lines written for the judge alone (reminders, rulings left to the judge, notes and questions
//! to the judge) never reach the players, in any ruleset: not the table view's lines, not the
//! page's model. The judge still reads each of them in the log. Each ruleset's verbs that write
//! one are played here; the step must otherwise be public (a roll the players see settle), so
//! the test would catch the line if the lens let it through.

mod words;

use slotmark::rules::RulesetId;
use slotmark::session::{Session, TableView};
use slotmark::web::{ROLLS, page};
use words::*;

/// The players' page's roll lines, newest first.
fn page_lines(s: &Session) -> Vec<String> {
    page(&TableView::of(s, ROLLS), None)
        .rolls
        .into_iter()
        .map(|r| r.text)
        .collect()
}

/// Asserts that the judge reads `words` in the log and the players read them nowhere, while
/// the players do read `public` (so the step itself reached them).
fn judge_alone(s: &Session, words: &str, public: &str) {
    let judge = log(s);
    assert!(
        judge.contains(words),
        "the judge's log lacks {words:?}:\n{judge}"
    );
    let table = table_lines(s);
    let page = page_lines(s);
    for (what, lines) in [("table view", &table), ("page", &page)] {
        assert!(
            lines.iter().all(|l| !l.contains(words)),
            "the players' {what} shows {words:?}: {lines:#?}"
        );
    }
    assert!(
        table.iter().any(|l| l.contains(public)),
        "the table view lacks {public:?}: {table:#?}"
    );
    assert!(
        page.iter().any(|l| l.contains(public)),
        "the page lacks {public:?}: {page:#?}"
    );
}

/// Plays every line of a ruleset's demo script (assets/RULES/demo.slotmark).
fn demo(ruleset: RulesetId) -> Session {
    let mut s = session(ruleset);
    let path = format!(
        "{}/assets/{}/demo.slotmark",
        env!("CARGO_MANIFEST_DIR"),
        ruleset.key()
    );
    let script = std::fs::read_to_string(&path).unwrap();
    for line in script.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        play(&mut s, line, &[]);
    }
    s
}

mod ap {
    use super::*;

    #[test]
    fn a41_the_reminder_that_casting_needs_the_book_is_the_judges() {
        let mut s = demo(RulesetId::Ap);
        // Pip has no Grimoire: the rules cast anyway, and remind the judge.
        play(&mut s, "cast Pip Light slot 1", &[4]);
        judge_alone(
            &s,
            "Reminder for the judge: casting needs the book or a scroll in both hands",
            "Light",
        );
    }
}
