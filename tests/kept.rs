//! Encounters kept in the judge's library (issue 44): a named group of creatures by kind and
//! count, kept per ruleset in a versioned, checksummed file written atomically, offered by the
//! creature picker of every session of that ruleset, and brought in, numbered, as one encounter
//! in one step (into the fight under way, in one), which undo takes back whole and a replay
//! keeps without the library.

mod screen;

use ratatui::crossterm::event::KeyCode;
use screen::{code, drive, key};
use slotmark::content::kept::{self, Kept};
use slotmark::rules::RulesetId;
use slotmark::session::{self, Command, KeptEncounter, KindCount, Session, SessionState};
use slotmark::tui::Dice;
use slotmark::tui::app::App;
use slotmark::tui::keymap::Ctx;
use slotmark::tui::theme::Theme;

const DEMOS: [RulesetId; 5] = [
    RulesetId::Slots,
    RulesetId::Phase,
    RulesetId::Bdp,
    RulesetId::Ap,
    RulesetId::ActionDie,
];

/// The kind each ruleset's kept encounter takes: the first of its bestiary (an ogre in the
/// plain tracker, which has none and offers the kinds already in the session).
fn kind(ruleset: RulesetId) -> String {
    kept::kinds(ruleset, &slotmark::content::bundled())
        .and_then(|k| k.first().cloned())
        .unwrap_or_else(|| "Ogre".into())
}

/// "Ambush": two of the ruleset's first kind, in every ruleset. The picker reads what is
/// installed first, for the whole test binary.
fn install() {
    let encounters = DEMOS
        .into_iter()
        .chain([RulesetId::Plain])
        .map(|r| {
            (
                r,
                KeptEncounter {
                    name: "Ambush".into(),
                    creatures: vec![KindCount {
                        kind: kind(r),
                        count: 2,
                    }],
                },
            )
        })
        .collect();
    kept::install(Kept {
        encounters,
        refused: Vec::new(),
    });
}

fn app(s: Session) -> App {
    App::with_session(s, None, Dice::scripted([3; 256])).with_theme(Theme::plain())
}

fn names(s: &Session) -> Vec<String> {
    s.state().game.roster_names()
}

/// The picker's line of the kept encounter, or the screen when there is none.
fn offered(text: &str) -> bool {
    text.lines()
        .any(|l| l.contains("‹Ambush›") && l.contains("2 creatures") && l.contains("your library"))
}

#[test]
fn a_kept_encounter_comes_into_each_demos_fight_numbered_in_one_step() {
    install();
    for ruleset in DEMOS {
        let mut app = app(slotmark::script::demo_for(ruleset));
        drive(&mut app, 120, 40, vec![key('c'), code(KeyCode::Enter)]);
        while app.ctx() != Ctx::Main {
            drive(&mut app, 120, 40, vec![code(KeyCode::Enter)]);
        }
        let before = app.session().unwrap().state().clone();
        let steps = app.session().unwrap().entries().len();
        let text = drive(&mut app, 120, 40, vec![key('A')]);
        assert!(offered(&text), "{ruleset:?}:\n{text}");
        // The session's own encounters not in the fight come first; the kept one after them.
        let down = app.session().unwrap().state().bringable().len();
        let mut keys: Vec<_> = (0..down).map(|_| code(KeyCode::Down)).collect();
        keys.push(code(KeyCode::Enter));
        let text = drive(&mut app, 120, 40, keys);
        let s = app.session().unwrap();
        assert_eq!(
            s.entries().len(),
            steps + 1,
            "{ruleset:?}: one step\n{text}"
        );
        assert!(
            matches!(&s.entries()[steps].command, Command::Muster { add, seen: false, .. } if add.len() == 2),
            "{ruleset:?}: {:?}",
            s.entries()[steps].command
        );
        let e = s.state().encounter("Ambush").expect("grouped as Ambush");
        assert_eq!(e.members.len(), 2, "{ruleset:?}");
        assert!(e.fought, "{ruleset:?}: met, as the fight takes them");
        let fight = s.state().game.initiative().unwrap();
        for id in &e.members {
            assert!(
                fight.order.iter().any(|f| f.id == *id),
                "{ruleset:?}: {id} is not in the fight"
            );
        }
        // Numbered after those already there, each its own name.
        let came: Vec<String> = names(s)
            .into_iter()
            .filter(|n| {
                !before
                    .game
                    .roster()
                    .iter()
                    .flat_map(|g| &g.members)
                    .any(|m| &m.name == n)
            })
            .collect();
        assert_eq!(came.len(), 2, "{ruleset:?}: {came:?}");
        assert_ne!(came[0], came[1]);
        assert!(
            came.iter().all(|n| n.starts_with(&kind(ruleset))),
            "{came:?}"
        );
        // Replayed without the library, and taken back whole by one undo.
        assert_eq!(
            &session::replay(s.initial(), s.entries()).unwrap(),
            s.state(),
            "{ruleset:?}"
        );
        drive(&mut app, 120, 40, vec![key('u')]);
        assert_eq!(app.session().unwrap().state(), &before, "{ruleset:?}");
    }
}

#[test]
fn outside_a_fight_a_kept_encounter_is_added_and_grouped_for_the_next_fight() {
    install();
    let mut s = Session::new(SessionState::new("Bridge", RulesetId::Plain));
    for line in ["add Ana 8", "add Ogre 9 others", "reveal Ogre"] {
        let Ok(slotmark::script::Line::Command(c)) = slotmark::script::parse_line(line, s.state())
        else {
            panic!("{line}");
        };
        s.execute(c, &mut slotmark::dice::ScriptedDice::new([]))
            .unwrap();
    }
    let mut app = app(s);
    let text = drive(&mut app, 100, 30, vec![key('A')]);
    assert!(offered(&text), "{text}");
    drive(
        &mut app,
        100,
        30,
        vec![code(KeyCode::Tab), code(KeyCode::Enter)],
    );
    let s = app.session().unwrap();
    assert!(names(s).contains(&"Ogre 2".to_string()) && names(s).contains(&"Ogre 3".to_string()));
    let e = s.state().encounter("Ambush").unwrap();
    assert!(!e.fought);
    // Seen, as Tab said; and the next fight proposes them.
    let st = s.state();
    let unseen = st.veil.unseen(&st.game.roster());
    assert!(e.members.iter().all(|id| !unseen.contains(id)));
    assert_eq!(st.proposal().encounter.as_deref(), Some("Ambush"));
}

#[test]
fn the_kept_file_round_trips_and_refuses_damage_and_a_newer_format() {
    let dir = tempfile::tempdir().unwrap();
    let e = KeptEncounter {
        name: "Toll tower".into(),
        creatures: vec![KindCount {
            kind: "Goblin".into(),
            count: 3,
        }],
    };
    let (path, replaced) = kept::keep(dir.path(), RulesetId::Bdp, e.clone()).unwrap();
    assert!(!replaced);
    let (r, read) = slotmark::store::read_kept(&path).unwrap();
    assert_eq!((r, read), (RulesetId::Bdp, vec![e.clone()]));
    // The same name again replaces it.
    let mut more = e.clone();
    more.creatures[0].count = 4;
    assert!(
        kept::keep(dir.path(), RulesetId::Bdp, more.clone())
            .unwrap()
            .1
    );
    let loaded = kept::load(dir.path());
    assert_eq!(loaded.of(RulesetId::Bdp).collect::<Vec<_>>(), [&more]);
    assert!(loaded.refused.is_empty());
    // A flipped byte is refused, the file named; the rest of the library stands.
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replace("count: 4", "count: 9")).unwrap();
    let loaded = kept::load(dir.path());
    assert_eq!(loaded.of(RulesetId::Bdp).count(), 0);
    assert_eq!(loaded.refused.len(), 1, "{:?}", loaded.refused);
    // A newer format says so.
    std::fs::write(
        &path,
        "(slotmark_version: \"9.0\", format_version: 99, rules: Bdp, encounters: [])",
    )
    .unwrap();
    let why = slotmark::store::read_kept(&path).unwrap_err().to_string();
    assert!(why.contains("newer"), "{why}");
    assert!(kept::forget(dir.path(), RulesetId::Bdp, "nothing").is_err());
}

#[test]
fn kinds_are_read_against_the_rulesets_bestiary() {
    let kinds = kept::kinds(RulesetId::Phase, &slotmark::content::bundled());
    let read = kept::read_kinds(&["goblin:3".into(), "wolf".into()], kinds.as_deref()).unwrap();
    assert_eq!(
        read,
        [
            KindCount {
                kind: "Goblin".into(),
                count: 3
            },
            KindCount {
                kind: "Wolf".into(),
                count: 1
            }
        ]
    );
    let why = kept::read_kinds(&["dragonfly".into()], kinds.as_deref()).unwrap_err();
    assert!(why.contains("dragonfly"), "{why}");
    let why = kept::read_kinds(&["goblin:0".into()], kinds.as_deref()).unwrap_err();
    assert!(why.contains("1 to 20"), "{why}");
}

#[test]
fn slotmark_library_encounter_keeps_lists_and_forgets_one() {
    let home = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_slotmark"))
            .args(args)
            .env("XDG_DATA_HOME", home.path().join("d"))
            .env("XDG_CONFIG_HOME", home.path().join("c"))
            .env("HOME", home.path())
            .output()
            .unwrap()
    };
    let kept = run(&[
        "library",
        "encounter",
        "Ambush",
        "--rules",
        "phase",
        "goblin:3",
        "wolf",
    ]);
    assert!(kept.status.success(), "{kept:?}");
    let said = String::from_utf8_lossy(&kept.stdout);
    assert!(said.contains("Kept Ambush (3 Goblin, 1 Wolf)"), "{said}");
    let refused = run(&[
        "library",
        "encounter",
        "Den",
        "--rules",
        "phase",
        "dragonfly",
    ]);
    assert!(!refused.status.success());
    let listed = run(&["library", "encounters"]);
    let said = String::from_utf8_lossy(&listed.stdout);
    assert!(said.contains("phase · Ambush: 3 Goblin, 1 Wolf"), "{said}");
    assert!(!said.contains("Den"), "{said}");
    let gone = run(&[
        "library",
        "encounter",
        "Ambush",
        "--rules",
        "phase",
        "--forget",
    ]);
    assert!(gone.status.success(), "{gone:?}");
    let said = String::from_utf8_lossy(&run(&["library", "encounters"]).stdout).to_string();
    assert!(said.contains("No encounters kept yet"), "{said}");
}
