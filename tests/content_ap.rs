//! Ruleset ap's bundled content: the gear list and the bestiary read and stay within the rules'
//! ranges, the verbs take their names, and the demo builds through the command language and
//! replays and verifies through the binary.

use slotmark::content::ap::try_bundled;
use slotmark::dice::ScriptedDice;
use slotmark::rules::ap::{Attr, Mark, State};
use slotmark::rules::{GameState, RulesetId};
use slotmark::script::{Line, parse_line, try_demo_for};
use slotmark::session::{Session, SessionState};
use std::process::{Command, Stdio};

fn state(s: &Session) -> &State {
    match &s.state().game {
        GameState::Ap(st) => st,
        other => panic!("{:?}", other.ruleset()),
    }
}

fn run(s: &mut Session, line: &str) {
    let Ok(Line::Command(c)) = parse_line(line, s.state()) else {
        panic!("{line} did not parse");
    };
    s.execute(c, &mut ScriptedDice::new([]))
        .unwrap_or_else(|e| panic!("{line}: {e}"));
}

#[test]
fn the_gear_and_the_bestiary_read_and_hold_what_003_names() {
    let lib = try_bundled().expect("the bundled ap content reads");
    assert!(
        lib.creatures.len() >= 10,
        "{} creatures",
        lib.creatures.len()
    );
    for name in ["Grimoire", "Shield", "Axe", "Gold inks", "Mana Dust"] {
        assert!(lib.item(name).is_ok(), "{name} is missing");
    }
    assert_eq!(lib.item("grimoire").unwrap().price, Some(300));
    assert_eq!(lib.item("grimoire").unwrap().slots, 2, "bulky (A41)");
    assert!(
        lib.creatures.iter().any(|c| c.detachment),
        "a detachment (A31)"
    );
}

#[test]
fn carry_and_add_take_names_from_the_lists() {
    let mut s = Session::new(SessionState::new("t", RulesetId::Ap));
    run(&mut s, "add Ana pc party 11 12 8 6");
    run(&mut s, "carry Ana brigandine");
    run(&mut s, "carry Ana \"great axe\"");
    run(&mut s, "add Gnash \"goblin boss\"");
    run(&mut s, "add Mob \"goblin mob\" raiders");
    let st = state(&s);
    let ana = st.by_name("Ana").unwrap();
    assert_eq!((ana.armor(), ana.free_slots()), (2, 6));
    assert_eq!(ana.item("great axe").unwrap().die, Some(10));
    let g = st.by_name("Gnash").unwrap();
    assert_eq!(
        (g.attr(Attr::Str).max, g.hp.max, g.armor(), g.group.as_str()),
        (11, 7, 1, "goblins")
    );
    assert_eq!(g.item("notched sword").unwrap().die, Some(8));
    let m = st.by_name("Mob").unwrap();
    assert!(m.has(Mark::Detachment));
    assert_eq!(m.group, "raiders");
    let err = parse_line("add Zed dragon", s.state())
        .unwrap_err()
        .to_string();
    assert!(err.contains("dragon"), "{err}");
}

#[test]
fn the_demo_builds_replays_and_verifies_through_the_binary() {
    let demo = try_demo_for(RulesetId::Ap).expect("the ap demo builds");
    let st = state(&demo);
    assert_eq!(st.characters.len(), 7);
    assert!(st.by_name("Bo").unwrap().grimoire.is_some());
    assert!(st.by_name("Rats").unwrap().has(Mark::Detachment));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("demo.ron");
    slotmark::store::Store::create(&path, &demo).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_slotmark"))
        .args(["replay", path.to_str().unwrap(), "--verify"])
        .env("HOME", dir.path())
        .env("XDG_CONFIG_HOME", dir.path().join("config"))
        .env("XDG_DATA_HOME", dir.path().join("data"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = Command::new(env!("CARGO_BIN_EXE_slotmark"))
        .args(["help", "library", "--rules", "ap"])
        .env("HOME", dir.path())
        .env("XDG_CONFIG_HOME", dir.path().join("config"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Goblin boss: STR 11 DEX 12 WIL 10 HP 7, armor 1, Notched sword d8"),
        "{text}"
    );
}
