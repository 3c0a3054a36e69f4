//! What the roll log says, step by step, apart from how it is drawn: the words of each step's
//! lines (its events, then the summary of a fight it ended), the setting-up run the log folds,
//! and what a search of the log finds. The log's drawing and the log's search both read it.

use std::ops::Range;

use crate::export::summary;
use crate::tui::host::Main;

/// Setting-up steps folded into one line once there are this many and play has gone on past
/// them: the demo's thirty would otherwise push everything else off the log.
const FOLD_SETUP: usize = 5;
/// How far into the log the setting-up run is looked for.
const SETUP_SCAN: usize = 1000;

/// How many steps at the start of the session rolled no die (adding characters, items, zones),
/// when that run is worth folding: at least [`FOLD_SETUP`] of them, with a step after them.
pub fn setup_run(main: &Main) -> Option<usize> {
    // The session's first steps are still being read.
    if main.loading.is_some() {
        return None;
    }
    let applied = main.session.applied();
    let run = applied
        .iter()
        .take(SETUP_SCAN)
        .take_while(|e| e.rolls.is_empty())
        .count();
    (run >= FOLD_SETUP && applied.len() > run && !main.view.log_unfolded).then_some(run)
}

/// The lines of a fight's summary, shown after the events of the step that ended the fight.
pub fn summary_at(main: &Main, step: usize) -> Vec<String> {
    let ends = main
        .session
        .applied()
        .get(step)
        .and_then(|e| e.fight.as_deref())
        .is_some_and(|m| m.ended);
    ends.then(|| summary::ending_at(&main.session, step))
        .flatten()
        .map(|sum| sum.lines())
        .unwrap_or_default()
}

/// The words of every line of the steps in `range`, step by step, as the log shows them (a
/// step's events, then the summary of the fight it ended): what a search of the log reads.
pub fn texts(main: &Main, range: Range<usize>) -> Vec<Vec<String>> {
    let start = range.start;
    main.session
        .events_in(range)
        .iter()
        .enumerate()
        .map(|(offset, events)| {
            events
                .iter()
                .map(|e| e.to_string())
                .chain(summary_at(main, start + offset))
                .collect()
        })
        .collect()
}

/// Does a line of the log have the text searched for? Case does not matter; nothing searched
/// finds nothing.
pub fn finds(line: &str, searched: &str) -> bool {
    !searched.is_empty() && line.to_lowercase().contains(&searched.to_lowercase())
}
