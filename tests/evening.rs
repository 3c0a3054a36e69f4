//! The long sessions the benches build for every ruleset: each script runs through `slotmark
//! run` exactly as it was built, and an evening holds what a real one does (notes, a save or a
//! check, damage, sheet edits, time, a fight, an undo).

mod support;

use slotmark::cli::{RunOptions, run_script};
use slotmark::content;
use slotmark::dice::{LiveDice, RecordedDice};
use slotmark::rules::{GameState, RulesetId};
use slotmark::script::Line;
use slotmark::session::{self, Session, SessionState};
use slotmark::store;
use support::evening::{RULESETS, long_script};

#[test]
fn every_rulesets_long_script_runs_as_built_and_holds_a_whole_evening() {
    let dir = tempfile::tempdir().unwrap();
    for ruleset in RULESETS {
        let built = long_script(ruleset, 400, 5, "evening");
        let lines: Vec<&str> = built.text.lines().collect();
        assert_eq!(lines.len(), 400, "{ruleset:?}");
        let has = |verbs: &[&str]| {
            lines
                .iter()
                .any(|l| verbs.iter().any(|v| l.split(' ').next() == Some(*v)))
        };
        for (what, verbs) in [
            ("a note", &["note"][..]),
            ("damage", &["damage", "harm", "wound"]),
            ("a fight", &["fight", "scene"]),
            ("a roll", &["check", "save"]),
            ("time", &["travel", "watch", "time", "night", "rest"]),
            ("an undo", &["undo"]),
            ("a sheet edit", &["put", "coins", "remark", "jot", "set"]),
        ] {
            assert!(has(verbs), "{ruleset:?}: the evening holds no {what}");
        }
        let script = dir.path().join(format!("{}.slotmark", ruleset.key()));
        std::fs::write(&script, &built.text).unwrap();
        let out = dir.path().join(format!("{}.ron", ruleset.key()));
        let opts = RunOptions {
            script,
            seed: Some(5),
            out: Some(out.clone()),
            rules: ruleset,
            ..RunOptions::default()
        };
        run_script(&opts, &content::bundled(), &mut Vec::new()).unwrap();
        let ran = store::load(&out).unwrap();
        assert_eq!(ran.entries(), built.session.entries(), "{ruleset:?}");
        assert_eq!(ran.state(), built.session.state(), "{ruleset:?}");
    }
}

/// Undo, loading and `replay --verify` replay steps without making their events; every ruleset's
/// evening must leave each state after each step exactly as the full apply does, and the file
/// it saves must still verify.
#[test]
fn a_replay_without_events_leaves_every_state_as_the_full_apply_does() {
    let dir = tempfile::tempdir().unwrap();
    for ruleset in RULESETS {
        let built = long_script(ruleset, 2_600, 5, "quiet");
        let s = &built.session;
        let full = full_and_quiet(s, &format!("{ruleset:?}'s evening"), |_| {});
        assert_eq!(&full, s.state(), "{ruleset:?}");
        let path = dir.path().join(format!("{}.ron", ruleset.key()));
        drop(store::Store::create(&path, s).unwrap());
        let report = store::verify(&path).unwrap();
        assert!(report.matches(), "{ruleset:?}: {report}");
        let loaded = store::load(&path).unwrap();
        assert_eq!(loaded.state(), s.state(), "{ruleset:?}");
        assert_eq!(
            loaded.events(0),
            s.events(0),
            "{ruleset:?}: the first step's events"
        );
    }
}

/// Applies every step of `s` both in full and quietly from its first state, and after each one
/// requires the two states, what the slot system's panels keep and the events to be the ones
/// the session has; `look` sees the state after each step. The state at the end.
fn full_and_quiet(s: &Session, what: &str, mut look: impl FnMut(&SessionState)) -> SessionState {
    let (mut full, mut quiet) = (s.initial().clone(), s.initial().clone());
    for (i, entry) in s.applied().iter().enumerate() {
        let events = session::apply(
            &mut full,
            &entry.command,
            &mut RecordedDice::new(&entry.rolls),
        )
        .unwrap();
        session::apply_quietly(
            &mut quiet,
            &entry.command,
            &mut RecordedDice::new(&entry.rolls),
        )
        .unwrap();
        let step = format!("{what}, step {}: {:?}", i + 1, entry.command);
        assert_eq!(full, quiet, "{step}");
        assert_eq!(kept(&full), kept(&quiet), "{step}: what the panels keep");
        assert_eq!(&*events, &*s.events(i), "{step}");
        look(&full);
    }
    full
}

/// What the slot system's panels keep from the past (the last encounter dice, why a side holds
/// the initiative, the harm since an interruption, an open counterattack), in words. `==` on
/// states passes it over (it is never saved), so the comparisons above look at it here.
fn kept(state: &SessionState) -> String {
    match &state.game {
        GameState::Slots(s) => format!("{:?}", s.recent),
        _ => String::new(),
    }
}

/// The slot system keeps what its panels show where its rules decide it, so a step applied
/// without its events must keep the same: fights of the demo, played with many dice, walk every
/// fact it keeps (encounter dice, initiative and why, an interruption harming the actor, a
/// counterattack offered and used or lost, the fight ending) and compare the full and the quiet
/// apply after every step.
#[test]
fn the_slot_systems_quiet_steps_keep_what_its_panels_show() {
    const FIGHT: &[&str] = &[
        "task search 2 sound",
        "fight players all",
        "turn Aria",
        "setup charges across the yard",
        "interrupt goblin1",
        "attack goblin1 Aria melee",
        "stopped no",
        "attack Aria goblin1 melee",
        "end",
        "turn goblin1",
        "attack goblin1 Aria melee parry",
        "attack Aria goblin1 melee counter",
        "end",
        "turn Bram",
        "setup draws a knife",
        "interrupt goblin2",
        "attack goblin2 Bram grab",
        "stopped yes",
        "turn goblin2",
        "attack goblin2 Bram melee parry",
        "end",
        "turn Cole",
        "end",
        "undo",
        "redo",
        "end fight",
        "rest fed",
    ];
    let answers = ["accept", "slot 1", "cancel"];
    // (encounter dice kept, initiative kept, cleared, counter open, used up or lost, harm kept)
    let mut seen = [false; 6];
    for seed in 0..12 {
        let mut s = slotmark::script::demo();
        let mut dice = LiveDice::seeded(seed);
        for line in FIGHT.iter().chain(FIGHT) {
            match slotmark::script::parse_line(line, s.state()) {
                Ok(Line::Command(c)) => {
                    let _ = s.execute(c, &mut dice);
                }
                Ok(Line::Undo) => {
                    let _ = s.undo();
                }
                Ok(Line::Redo) => {
                    let _ = s.redo();
                }
                _ => {}
            }
            for answer in answers.iter().cycle().take(6) {
                if s.state().game.pending().is_none() {
                    break;
                }
                if let Ok(Line::Command(c)) = slotmark::script::parse_line(answer, s.state()) {
                    let _ = s.execute(c, &mut dice);
                }
            }
        }
        let mut before = slotmark::rules::slots::Recent::default();
        let full = full_and_quiet(&s, &format!("fights of seed {seed}"), |state| {
            let GameState::Slots(after) = &state.game else {
                unreachable!()
            };
            let after = &after.recent;
            seen[0] |= after.encounter.is_some() && before.encounter != after.encounter;
            seen[1] |= after.initiative_why.is_some();
            seen[2] |= before.initiative_why.is_some() && after.initiative_why.is_none();
            seen[3] |= after.counter.is_some();
            seen[4] |= before.counter.is_some() && after.counter.is_none();
            seen[5] |= after.harm_since_interrupt.is_some();
            before = after.clone();
        });
        assert_eq!(kept(&full), kept(s.state()), "seed {seed}");
    }
    assert_eq!(
        seen, [true; 6],
        "the fights walked every fact the panels keep"
    );
}

/// The players' view asks each ruleset who is in the party and who is in action in a fight
/// instead of building the roster and the fight's lines on every step; at every step of every
/// ruleset's evening (and of a plain fight), both answers must be the ones the roster and the
/// initiative give, for everyone on the roster and for an id nobody holds.
#[test]
fn each_ruleset_says_who_is_in_the_party_and_in_action_as_its_roster_and_fight_do() {
    use slotmark::rules::Standing;
    use std::collections::BTreeSet;
    fn agrees(game: &GameState, what: &str) -> (bool, bool) {
        let roster = game.roster();
        let mut ids = Vec::new();
        for group in &roster {
            for m in &group.members {
                assert_eq!(game.in_party(m.id), Some(group.party), "{what}: {}", m.name);
                ids.push(m.id);
            }
        }
        let nobody = ids.iter().max().map_or(0, |m| m + 1000);
        assert_eq!(game.in_party(nobody), None, "{what}: an id nobody holds");
        // Only those on the roster count: the players' sight reveals no one else.
        let by_lines = game.initiative().map(|f| {
            let shown = f.order.iter().filter(|x| {
                matches!(
                    x.standing,
                    Standing::Acting | Standing::Interrupting | Standing::Acted
                )
            });
            f.acting
                .into_iter()
                .chain(shown.map(|x| x.id))
                .filter(|id| ids.contains(id))
                .collect::<BTreeSet<u32>>()
        });
        let mut in_action = BTreeSet::new();
        let fight = game.in_action(&mut |id, outside| {
            assert_eq!(
                outside(),
                game.in_party(id) == Some(false),
                "{what}: is {id} outside the party?"
            );
            if ids.contains(&id) {
                in_action.insert(id);
            }
        });
        let asked = fight.then_some(in_action);
        assert_eq!(asked, by_lines, "{what}: who is in action");
        (
            roster.iter().any(|g| g.party) && roster.iter().any(|g| !g.party),
            asked.is_some_and(|a| !a.is_empty()),
        )
    }
    for ruleset in RULESETS {
        let built = long_script(ruleset, 1_500, 5, "asked");
        let s = &built.session;
        let mut state = s.initial().clone();
        let (mut both_sides, mut in_action) = (false, false);
        for (i, entry) in s.applied().iter().enumerate() {
            session::apply_quietly(
                &mut state,
                &entry.command,
                &mut RecordedDice::new(&entry.rolls),
            )
            .unwrap();
            let (sides, acting) = agrees(&state.game, &format!("{ruleset:?}: step {}", i + 1));
            both_sides |= sides;
            in_action |= acting;
        }
        // Otherwise the evening would prove nothing of the party; the slot system's evening
        // holds no fight, so its fight is the one below.
        assert!(
            both_sides && (in_action || ruleset == RulesetId::Slots),
            "{ruleset:?}: both sides {both_sides}, in action {in_action}"
        );
    }
    // A fight of the slot system (a turn, an interrupt) and one of the plain tracker, line by
    // line; a line the dice make refused is passed over.
    let fights: [(Session, &[&str]); 2] = [
        (
            slotmark::script::demo(),
            &[
                "fight players all",
                "turn aria",
                "setup charges # across the yard",
                "interrupt goblin1",
                "stopped no",
                "attack aria goblin1 with 6",
                "accept",
                "end",
                "turn goblin1",
                "end",
            ],
        ),
        (
            Session::new(SessionState::new("asked", RulesetId::Plain)),
            &[
                "add Ana 8",
                "add Ogre 12 others",
                "fight Ana Ogre",
                "next",
                "next",
            ],
        ),
    ];
    for (mut s, lines) in fights {
        let mut dice = LiveDice::seeded(5);
        let mut in_action = false;
        for line in lines {
            if let Ok(Line::Command(c)) = slotmark::script::parse_line(line, s.state()) {
                let _ = s.execute(c, &mut dice);
            }
            let what = format!("{:?}: {line}", s.state().ruleset());
            in_action |= agrees(&s.state().game, &what).1;
        }
        assert!(in_action, "{:?}", s.state().ruleset());
    }
}

/// Writes the long scripts the benchmarks use into `SLOTMARK_EVENING_DIR`, one per ruleset and
/// size (`SLOTMARK_EVENING_SIZES`, 10,000 and 100,000 lines unless told; the ruleset keys in
/// `SLOTMARK_EVENING_RULESETS`, every ruleset unless told), for measuring the
/// release binary by hand or with a profiler: `cargo test --test evening -- --ignored`.
#[test]
#[ignore = "writes long scripts for measuring by hand"]
fn write_long_scripts() {
    let Some(dir) = std::env::var_os("SLOTMARK_EVENING_DIR") else {
        panic!("set SLOTMARK_EVENING_DIR to the folder the scripts go to");
    };
    let sizes: Vec<usize> = std::env::var("SLOTMARK_EVENING_SIZES")
        .map(|s| s.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_else(|_| vec![10_000, 100_000]);
    let dir = std::path::PathBuf::from(dir);
    std::fs::create_dir_all(&dir).unwrap();
    let only = std::env::var("SLOTMARK_EVENING_RULESETS").unwrap_or_default();
    for ruleset in RULESETS {
        if !only.is_empty() && !only.split(',').any(|k| k.trim() == ruleset.key()) {
            continue;
        }
        for &size in &sizes {
            let name = format!("{}-{size}", ruleset.key());
            let built = long_script(ruleset, size, 7, &name);
            std::fs::write(dir.join(format!("{name}.slotmark")), &built.text).unwrap();
            eprintln!("{name}: {} steps", built.session.entries().len());
        }
    }
}

/// The frame's own commands (a note, a new title, a free roll) change the same state whether
/// applied in full or quietly, and only the full apply tells what they did.
#[test]
fn the_frames_own_commands_change_the_same_state_quietly_and_tell_nothing() {
    use slotmark::dice::{DiceExpr, ScriptedDice};
    use slotmark::session::{Command, Event};
    let commands = [
        (Command::Note("  The door is barred  ".into()), vec![]),
        (Command::Retitle("The mill, night two".into()), vec![]),
        (
            Command::Roll {
                expr: DiceExpr::parse("2d6").unwrap(),
                what: "does it rain?".into(),
            },
            vec![3, 5],
        ),
    ];
    for ruleset in RULESETS {
        let (mut full, mut quiet) = (
            SessionState::new("test", ruleset),
            SessionState::new("test", ruleset),
        );
        let mut told = Vec::new();
        for (command, faces) in &commands {
            let mut dice = ScriptedDice::new(faces.iter().copied());
            told.extend(session::apply(&mut full, command, &mut dice).unwrap());
            let mut dice = ScriptedDice::new(faces.iter().copied());
            session::apply_quietly(&mut quiet, command, &mut dice).unwrap();
            assert_eq!(dice.remaining(), 0, "{ruleset:?}: {command:?}");
            assert_eq!(full, quiet, "{ruleset:?}: {command:?}");
        }
        assert_eq!(
            told,
            vec![
                Event::Noted("The door is barred".into()),
                Event::Retitled("The mill, night two".into()),
                Event::Rolled {
                    what: "does it rain?".into(),
                    expr: "2d6".into(),
                    faces: vec![3, 5],
                    total: 8,
                },
            ],
            "{ruleset:?}"
        );
        assert_eq!(quiet.title, "The mill, night two");
        assert_eq!(
            quiet.notes.iter().collect::<Vec<_>>(),
            ["The door is barred"]
        );
        let refused = session::apply_quietly(
            &mut quiet,
            &Command::Note("   ".into()),
            &mut ScriptedDice::new([]),
        );
        assert!(refused.is_err(), "{ruleset:?}: an empty note");
    }
}
