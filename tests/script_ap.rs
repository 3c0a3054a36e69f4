//! Ruleset `ap`'s command language: every verb's example parses in a session of this ruleset,
//! bad lines are refused in the same words as the slot system's, and the binary plays the
//! ruleset headless (`run`, `help commands`, `new`).

use slotmark::dice::ScriptedDice;
use slotmark::rules::ap::{Against, Attr, Command as C};
use slotmark::rules::{GameCommand, GameState, RulesetId};
use slotmark::script::{Line, parse_line, verbs};
use slotmark::session::{self, Session, SessionState};
use std::fs;
use std::process::{Command, Output, Stdio};

/// Ana and Gob with the items, scroll and dust the examples name.
fn session() -> Session {
    let mut s = Session::new(SessionState::new("test", RulesetId::Ap));
    for line in [
        "add Ana pc party 11 12 8 6",
        "add Gob npc goblins 8 13 5 4",
        "carry Ana sword d8 weapon",
        "carry Ana crowbar d6",
        "carry Ana spear d8 weapon",
        "carry Ana gambeson armor 1",
        "carry Ana rope",
        "scroll Ana Sleep",
        "dust Ana 3",
        "hireling Pip party",
    ] {
        run(&mut s, line, &[6, 6, 6, 6, 6, 6, 6, 6, 6, 6]);
    }
    s
}

fn run(s: &mut Session, line: &str, faces: &[u16]) {
    let Ok(Line::Command(c)) = parse_line(line, s.state()) else {
        panic!("{line} did not parse");
    };
    s.execute(c, &mut ScriptedDice::new(faces.iter().copied()))
        .unwrap_or_else(|e| panic!("{line}: {e}"));
}

fn command(s: &Session, line: &str) -> C {
    match parse_line(line, s.state()) {
        Ok(Line::Command(session::Command::Game(GameCommand::Ap(c)))) => c,
        // A fight's start comes framed (the party always in, its creatures revealed).
        Ok(Line::Command(session::Command::Fight { start, .. })) => match *start {
            GameCommand::Ap(c) => c,
            other => panic!("{line}: {other:?}"),
        },
        other => panic!("{line}: {other:?}"),
    }
}

fn error(s: &Session, line: &str) -> String {
    match parse_line(line, s.state()) {
        Err(e) => e.to_string(),
        Ok(l) => panic!("{line} should not parse: {l:?}"),
    }
}

#[test]
fn every_verb_example_parses() {
    let s = session();
    // The frame's own verbs are read against the slot system's demo in tests/script.rs.
    for verb in verbs(RulesetId::Ap).iter().filter(|v| v.group != "Session") {
        parse_line(verb.example, s.state())
            .unwrap_or_else(|e| panic!("{}: {e} (column {:?})", verb.example, e.column));
    }
}

#[test]
fn roll_options_read_in_any_order() {
    let s = session();
    let C::Check(a) = command(
        &s,
        "check Ana str +2 with crowbar adv 2 dis ap 2 dc 15 for the gate",
    ) else {
        panic!()
    };
    // the edge after an item is that die's own; the bare one is the d20's
    assert_eq!((a.attr, a.flat, a.edge, a.cost), (Attr::Str, 2, -1, 2));
    assert_eq!(
        (a.objects[0].item.as_str(), a.objects[0].edge),
        ("crowbar", 2)
    );
    assert_eq!(
        a.against,
        Against::Dc {
            dc: 15,
            hidden: false
        }
    );
    assert_eq!(a.what, "the gate");
    let C::Attack(a) = command(&s, "attack Ana vs Gob") else {
        panic!()
    };
    assert_eq!(a.objects[0].item, "sword", "the first weapon carried");
    let C::Attack(a) = command(&s, "attack Ana vs Gob with crowbar with spear") else {
        panic!()
    };
    assert_eq!(
        a.damage, 1,
        "the first weapon's die is the damage die (A26)"
    );
    let C::Attack(a) = command(
        &s,
        "attack Ana vs Gob with crowbar with spear damage crowbar",
    ) else {
        panic!()
    };
    assert_eq!(a.damage, 0);
    let C::Attack(a) = command(&s, "attack Ana vs Gob unarmed") else {
        panic!()
    };
    assert!(a.objects.is_empty());
    let C::Attack(a) = command(
        &s,
        "attack Ana ranged vs Gob helpless 12 with spear with sword two",
    ) else {
        panic!()
    };
    assert_eq!((a.attr, a.two, a.objects.len()), (Attr::Dex, true, 2));
    assert!(matches!(a.against, Against::Helpless { dc: 12, .. }));
    assert!(matches!(
        parse_line("save as x.ron", s.state()),
        Ok(Line::SaveAs(_))
    ));
}

#[test]
fn a26_an_attack_with_a_ranged_weapon_proposes_dex_and_the_judge_may_still_name_str() {
    let mut s = session();
    run(&mut s, "carry Ana bow", &[]);
    run(&mut s, "carry Ana slingshot d4 ranged", &[]);
    let C::Attack(a) = command(&s, "attack Ana vs Gob with bow") else {
        panic!()
    };
    assert_eq!((a.attr, a.objects[0].item.as_str()), (Attr::Dex, "Bow"));
    let C::Attack(a) = command(&s, "attack Ana vs Gob with slingshot") else {
        panic!()
    };
    assert_eq!(a.attr, Attr::Dex, "a ranged item carried by words");
    let C::Attack(a) = command(&s, "attack Ana str vs Gob with bow") else {
        panic!()
    };
    assert_eq!(a.attr, Attr::Str, "the judge's pick stands");
    let C::Attack(a) = command(&s, "attack Ana vs Gob") else {
        panic!()
    };
    assert_eq!(a.attr, Attr::Str, "the sword is a melee weapon");
}

#[test]
fn bad_lines_say_what_was_expected_where() {
    let s = session();
    assert!(error(&s, "check Ana luck").contains("expected str, dex or wil, found 'luck'"));
    assert!(error(&s, "check Zed str").contains("Zed"));
    assert!(error(&s, "attack Ana with sword").contains("vs NAME"));
    assert!(error(&s, "check Ana str with rope").contains("the Rope has no object die"));
    assert!(error(&s, "check Ana str sideways").contains("found 'sideways'"));
    assert!(error(&s, "time 3 fortnights").contains("minutes, hours or days"));
    assert!(error(&s, "fly Ana").contains("'fly' is not a command"));
    assert!(error(&s, "move").contains("usage: move NAME"));
}

#[test]
fn a_short_fight_plays_through_the_language() {
    let mut s = session();
    run(&mut s, "fight Ana Gob", &[15, 2]);
    run(&mut s, "attack Ana vs Gob", &[14, 5, 3]);
    run(&mut s, "accept", &[20, 5]);
    run(&mut s, "accept", &[]);
    let GameState::Ap(st) = &s.state().game else {
        panic!()
    };
    assert_eq!(st.by_name("Gob").unwrap().hp.cur, 0);
    assert_eq!(st.by_name("Ana").unwrap().ap, 3);
}

fn bin(dir: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_slotmark"))
        .args(args)
        .current_dir(dir)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("HOME", dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn the_binary_runs_the_ruleset_headless_lists_its_verbs_and_starts_a_session() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(
        d.join("f.txt"),
        "add Ana pc party 11 12 8 6\nadd Gob npc goblins 8 13 5 4\ncarry Ana sword d8 weapon\n\
         fight Ana Gob\nattack Ana vs Gob\naccept\nnext\n",
    )
    .unwrap();
    let out = bin(
        d,
        &[
            "run",
            "f.txt",
            "--rules",
            "ap",
            "--dice",
            "15,2,14,3,3",
            "--out",
            "f.ron",
        ],
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("initiative d20 15 + WIL 8 = 23"), "{text}");
    assert!(text.contains("Gob's turn"), "{text}");
    let out = bin(d, &["replay", "f.ron", "--verify"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = bin(d, &["show", "f.ron", "--character", "ana"]);
    let sheet = String::from_utf8_lossy(&out.stdout);
    for field in [
        "Ana (PC, party)",
        "Scores   STR 11/11",
        "Items    sword d8",
        "AP       4/4",
    ] {
        assert!(sheet.contains(field), "{field} missing:\n{sheet}");
    }

    fs::write(
        d.join("bad.txt"),
        "add Ana pc party 11 12 8 6\ncheck Ana luck\n",
    )
    .unwrap();
    let out = bin(d, &["run", "bad.txt", "--rules", "ap", "--out", "bad.ron"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 2"));
    assert!(!d.join("bad.ron").exists());

    let out = bin(d, &["help", "commands", "--rules", "ap"]);
    let help = String::from_utf8_lossy(&out.stdout);
    for usage in [
        "attack NAME [str|dex|ranged] vs TARGET",
        "cast NAME SPELL",
        "rest short|night|week",
    ] {
        assert!(help.contains(usage), "{usage} missing:\n{help}");
    }
    // `new` takes the key (with no terminal here it stops at the screen, not at the key)
    let out = bin(d, &["new", "camp", "--rules", "ap"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !err.contains("unknown rules") && out.status.code() != Some(2),
        "{err}"
    );
    let out = bin(d, &["rulesets"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("ap"));
}
