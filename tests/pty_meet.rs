//! README step 3 in the real binary, for every demo, at 80×24: `slotmark`, `d`, the ruleset,
//! Enter, then `c` `Enter` starts the demo's fight with the encounter the party meets. The strip
//! shows the fight and each of its creatures by its label; the saved file's players' view (`TableView`) has them in
//! sight and in the order. Every wait is for what only the key's effect draws.

#![cfg(unix)]

mod pty;

use pty::Term;
use slotmark::rules::RulesetId;
use slotmark::session::TableView;

/// Each demo, as many → as the demo picker needs to reach it, and the creatures it meets first
/// with the strip's word for one of them.
const DEMOS: [(RulesetId, usize, &[&str]); 6] = [
    (RulesetId::Slots, 0, &["Goblin 1", "Goblin 2"]),
    (RulesetId::Plain, 1, &["Skarn", "Goblin 1", "Goblin 2"]),
    (
        RulesetId::Phase,
        2,
        &["Goblin 1", "Goblin 2", "Goblin 3", "Fang"],
    ),
    (RulesetId::Bdp, 3, &["Snag", "Goblin 1", "Giant rat 1"]),
    (RulesetId::Ap, 4, &["Gnash", "Skab", "Rikk"]),
    (RulesetId::ActionDie, 5, &["Grak", "Snag", "Grub"]),
];

#[test]
fn c_enter_starts_each_demos_fight_with_its_encounter_in_the_real_terminal() {
    for (ruleset, rights, met) in DEMOS {
        let home = tempfile::tempdir().unwrap();
        let saves = home.path().join("saves");
        let saves_arg = saves.to_string_lossy().to_string();
        let mut term = Term::spawn(&["--saves", &saves_arg], home.path(), &[], 24, 80);
        term.wait_text("Recent sessions");
        term.press("d");
        term.wait_text("Open a demo");
        for _ in 0..rights {
            term.press("\x1b[C");
        }
        term.wait_text(ruleset.title());
        term.press("\r");
        term.wait_text("Roll log");
        term.press("c");
        term.wait_text("Who fights");
        term.press("\r");
        // The form closes once the step is on disk (and on screen: the fight's first round).
        term.wait_for("the fight started", |t| {
            let text = t.text();
            !text.contains("Who fights") && text.to_lowercase().contains("round 1")
        });
        // The strip (the screen's second line) has each creature met, by its label: the
        // start of its name and its number.
        let screen = term.text();
        let strip = screen.lines().nth(1).unwrap_or_default().to_string();
        for name in met {
            let (stem, number) = match name.rsplit_once(' ') {
                Some((stem, n)) if n.parse::<u32>().is_ok() => (stem, Some(n)),
                _ => (*name, None),
            };
            let start: String = stem.chars().take(2).collect();
            // Tokens begin with a standing's mark (or the next group's »); a number after a
            // colon is the fighter's initiative, not its name's.
            let told = strip.split(|c: char| "▶↯✓○×»·│".contains(c)).any(|token| {
                let name = token.split(':').next().unwrap_or_default().trim();
                name.starts_with(&start) && number.is_none_or(|n| name.ends_with(n))
            });
            assert!(
                told,
                "{ruleset:?}: {name} is not on the strip: {strip}\n{screen}"
            );
        }
        term.press("q");
        term.wait_closed();
        let status = term.child.wait().unwrap();
        assert!(
            status.success(),
            "{ruleset:?}: slotmark exited with {status:?}"
        );

        let session = slotmark::store::load(&saves.join("demo.ron"))
            .unwrap_or_else(|e| panic!("{ruleset:?}: {e}"));
        let fight = session
            .state()
            .game
            .initiative()
            .unwrap_or_else(|| panic!("{ruleset:?}: no fight in the saved file"));
        let view = TableView::of(&session, 20);
        let public = view
            .fight
            .as_ref()
            .unwrap_or_else(|| panic!("{ruleset:?}: the players see no fight"));
        for name in met {
            assert!(
                fight.order.iter().any(|f| f.name == *name),
                "{ruleset:?}: {name} is not in the fight"
            );
            assert!(
                public.order.iter().any(|f| f.name == *name),
                "{ruleset:?}: the players do not see {name} in the order"
            );
            assert!(
                view.creatures.iter().any(|c| c.name == *name),
                "{ruleset:?}: the players do not see {name}"
            );
        }
    }
}
