//! A campaign across sessions, in every ruleset: a session played headless, the next one
//! started with its party (every field of every carried sheet checked, the new file replayed
//! alone), and one character's sheet exported and imported, with a refusal for each kind of
//! bad sheet.

use slotmark::campaign::{export_sheet, next_session};
use slotmark::cli::{RunOptions, run_script};
use slotmark::content;
use slotmark::dice::ScriptedDice;
use slotmark::rules::party::Member;
use slotmark::rules::{GameState, RulesetId};
use slotmark::script::{self, Line};
use slotmark::session::party::Choice;
use slotmark::session::{Command, Session, SessionState};
use slotmark::store;
use std::fmt::Debug;
use std::path::{Path, PathBuf};

/// A night of play per ruleset: its demo, then harm, marks, coins, time and a death.
fn night(ruleset: RulesetId) -> String {
    let (demo, extra) = match ruleset {
        RulesetId::Slots => (
            include_str!("../assets/slots/demo.slotmark"),
            "wound Aria 3 open\nmark Bram 4 A\nstatus Dessa dead\ntime 14:30\n",
        ),
        RulesetId::Phase => (
            include_str!("../assets/phase/demo.slotmark"),
            "harm Bram 2\ncoins Ana -20\nfatigue Cora +1\nwatch explore\n",
        ),
        RulesetId::Bdp => (
            include_str!("../assets/bdp/demo.slotmark"),
            "fatigue Wren block\ndead Maud on\ndamage Oswin 2\n",
        ),
        RulesetId::Ap => (
            include_str!("../assets/ap/demo.slotmark"),
            "fatigue Ana 1\ntime 3 hours\ndamage Pip 2\n",
        ),
        RulesetId::ActionDie => (
            include_str!("../assets/actiondie/demo.slotmark"),
            "exhaust Ana\ndead Cora on\ntime 30\n",
        ),
        RulesetId::Plain => (
            "",
            "add Ana 10 players\nadd Bo 7 players\nadd Orc 8 others\ndamage Ana 3\n",
        ),
    };
    format!("{demo}\n{extra}")
}

/// Who should come along by default: the living player characters of each night.
fn expected(ruleset: RulesetId) -> &'static [&'static str] {
    match ruleset {
        RulesetId::Slots => &["Aria", "Bram", "Cole"],
        RulesetId::Phase => &["Ana", "Bram", "Cora", "Hob"],
        RulesetId::Bdp => &["Wren", "Oswin"],
        RulesetId::Ap => &["Ana", "Bo"],
        RulesetId::ActionDie => &["Ana", "Bram"],
        RulesetId::Plain => &["Ana", "Bo"],
    }
}

/// Plays `ruleset`'s night into `dir/night-one.ron`.
fn play(dir: &Path, ruleset: RulesetId) -> PathBuf {
    let script = dir.join(format!("{}.txt", ruleset.key()));
    std::fs::write(&script, night(ruleset)).unwrap();
    let out = dir.join("night-one.ron");
    let opts = RunOptions {
        script,
        seed: Some(3),
        out: Some(out.clone()),
        rules: ruleset,
        ..RunOptions::default()
    };
    run_script(&opts, &content::bundled(), &mut Vec::new()).unwrap();
    out
}

/// Every field of each named character is the same on both sides, but for its id and what
/// only meant something in the session it left (the ruleset's `arrive`, at the same time).
fn same_sheets<C: Member<T> + PartialEq + Debug, T>(
    old: &[C],
    new: &[C],
    time: &T,
    names: &[String],
) {
    for name in names {
        let before = old.iter().find(|c| c.name() == name).unwrap();
        let after = new.iter().find(|c| c.name() == name).unwrap();
        let mut moved = before.clone();
        moved.set_id(after.id());
        moved.arrive(time, time);
        assert_eq!(&moved, after, "{name}'s sheet changed on the way");
    }
}

fn compare(old: &GameState, new: &GameState, names: &[String]) {
    match (old, new) {
        (GameState::Slots(o), GameState::Slots(n)) => {
            same_sheets(&o.characters, &n.characters, &o.clock, names)
        }
        (GameState::Plain(o), GameState::Plain(n)) => {
            same_sheets(&o.characters, &n.characters, &(), names)
        }
        (GameState::Phase(o), GameState::Phase(n)) => same_sheets(
            &o.characters,
            &n.characters,
            &slotmark::rules::phase::party::time(o),
            names,
        ),
        (GameState::Bdp(o), GameState::Bdp(n)) => {
            same_sheets(&o.characters, &n.characters, &o.clock, names)
        }
        (GameState::Ap(o), GameState::Ap(n)) => {
            same_sheets(&o.characters, &n.characters, &o.clock, names)
        }
        (GameState::ActionDie(o), GameState::ActionDie(n)) => {
            same_sheets(&o.characters, &n.characters, &o.clock, names)
        }
        _ => panic!("the next session plays other rules"),
    }
}

fn names_of(state: &GameState) -> Vec<String> {
    state.travellers().into_iter().map(|t| t.name).collect()
}

fn carries_the_party(ruleset: RulesetId) {
    let dir = tempfile::tempdir().unwrap();
    let first = play(dir.path(), ruleset);
    let last = store::load(&first).unwrap();
    let choice = Choice {
        keep_clock: true,
        ..Choice::default()
    };
    let saves = dir.path().join("saves");
    let next = next_session(&saves, "Night two", &first, &choice).unwrap();
    // The new session replays and verifies without the file its party came from.
    let kept = last.state().clone();
    std::fs::remove_file(&first).unwrap();
    let report = store::verify(&next).unwrap();
    assert!(report.difference.is_none(), "{:?}", report.difference);
    let session = store::load(&next).unwrap();
    assert_eq!(session.entries().len(), 1, "one step brings the party in");
    assert!(matches!(session.entries()[0].command, Command::Join(_)));
    assert_eq!(session.state().ruleset(), ruleset);
    let names = names_of(&session.state().game);
    assert_eq!(names, expected(ruleset), "who came along");
    compare(&kept.game, &session.state().game, &names);
    // Every count of the clock carries on; a fight's rounds stay behind with the fight.
    let counts = |g: &GameState| -> Vec<(String, u32)> {
        g.clock()
            .units
            .into_iter()
            .filter(|(u, _)| u != "round")
            .collect()
    };
    assert_eq!(
        counts(&kept.game),
        counts(&session.state().game),
        "the clock carries on"
    );
}

#[test]
fn next_session_carries_the_party_slots() {
    carries_the_party(RulesetId::Slots);
}

#[test]
fn next_session_carries_the_party_plain() {
    carries_the_party(RulesetId::Plain);
}

#[test]
fn next_session_carries_the_party_phase() {
    carries_the_party(RulesetId::Phase);
}

#[test]
fn next_session_carries_the_party_bdp() {
    carries_the_party(RulesetId::Bdp);
}

#[test]
fn next_session_carries_the_party_ap() {
    carries_the_party(RulesetId::Ap);
}

#[test]
fn next_session_carries_the_party_actiondie() {
    carries_the_party(RulesetId::ActionDie);
}

#[test]
fn the_clock_stays_behind_unless_asked_and_clock_times_keep_their_distance() {
    let dir = tempfile::tempdir().unwrap();
    let first = play(dir.path(), RulesetId::Ap);
    let saves = dir.path().join("saves");
    let next = next_session(&saves, "Night two", &first, &Choice::default()).unwrap();
    let session = store::load(&next).unwrap();
    let fresh = SessionState::new("x", RulesetId::Ap);
    assert_eq!(
        format!("{:?}", session.state().game.clock()),
        format!("{:?}", fresh.game.clock())
    );
    let [last, now] = [
        store::load(&first).unwrap().state().clone(),
        session.state().clone(),
    ];
    let (GameState::Ap(last), GameState::Ap(now)) = (&last.game, &now.game) else {
        panic!("not ap");
    };
    assert_eq!(last.clock.seconds, 3 * 3600);
    assert_eq!(now.clock.seconds, 0);
    let ana = |s: &slotmark::rules::ap::state::State| {
        s.characters
            .iter()
            .find(|c| c.name == "Ana")
            .unwrap()
            .clone()
    };
    // Moved by the three hours the clock did not carry.
    let (before, after) = (ana(last), ana(now));
    assert_eq!(
        before.deprived_since.map(|t| t.saturating_sub(3 * 3600)),
        after.deprived_since
    );
    assert_eq!(before.fatigue, after.fatigue);
}

#[test]
fn the_judge_chooses_who_comes_the_dead_and_creatures_only_when_named() {
    let dir = tempfile::tempdir().unwrap();
    let first = play(dir.path(), RulesetId::Bdp);
    let saves = dir.path().join("saves");
    let choice = Choice {
        with: vec!["maud".into()],
        without: vec!["Wren".into()],
        keep_clock: false,
    };
    let next = next_session(&saves, "Night two", &first, &choice).unwrap();
    let session = store::load(&next).unwrap();
    assert_eq!(names_of(&session.state().game), ["Oswin", "Maud"]);
    // A name nobody has, and a choice of nobody, are refused and write nothing.
    for (choice, said) in [
        (
            Choice {
                with: vec!["Nobody".into()],
                ..Choice::default()
            },
            "nobody called Nobody",
        ),
        (
            Choice {
                without: vec!["Wren".into(), "Oswin".into()],
                ..Choice::default()
            },
            "nobody in",
        ),
    ] {
        let e = next_session(&saves, "Night three", &first, &choice).unwrap_err();
        assert!(e.to_string().contains(said), "{e}");
        assert!(!saves.join("night-three.ron").exists());
    }
}

/// The first player character of each night, the one whose sheet travels alone.
fn traveller(ruleset: RulesetId) -> &'static str {
    expected(ruleset)[0]
}

fn import(session: &mut Session, path: &Path) -> Result<(), String> {
    let line = script::parse_line_in(
        &format!("import {}", path.display()),
        session.state(),
        &content::bundled(),
    )
    .map_err(|e| e.message)?;
    let Line::Command(command) = line else {
        panic!("import is a command");
    };
    session
        .execute(command, &mut ScriptedDice::new([]))
        .map(|_| ())
        .map_err(|e| e.to_string())
}

fn round_trip(ruleset: RulesetId) {
    let dir = tempfile::tempdir().unwrap();
    let first = play(dir.path(), ruleset);
    let name = traveller(ruleset);
    let sheet = dir.path().join("one.sheet.ron");
    let mut said = Vec::new();
    export_sheet(&first, name, Some(&sheet), &mut said).unwrap();
    let text = std::fs::read_to_string(&sheet).unwrap();
    assert!(text.contains("format_version: 1"), "{text}");
    // Writing a sheet never goes over a file.
    assert!(export_sheet(&first, name, Some(&sheet), &mut Vec::new()).is_err());

    let mut session = Session::new(SessionState::new("Elsewhere", ruleset));
    import(&mut session, &sheet).unwrap();
    let last = store::load(&first).unwrap();
    compare(
        &last.state().game,
        &session.state().game,
        &[name.to_string()],
    );
    // The sheet is in the log: the step replays with the file gone.
    std::fs::remove_file(&sheet).unwrap();
    let replayed = slotmark::session::replay(session.initial(), session.entries()).unwrap();
    assert_eq!(&replayed, session.state());

    // The same name twice is refused, and nothing changes.
    export_sheet(&first, name, Some(&sheet), &mut Vec::new()).unwrap();
    let before = session.state().clone();
    let e = import(&mut session, &sheet).unwrap_err();
    assert!(e.contains("already someone called"), "{e}");
    assert_eq!(&before, session.state());

    // Another ruleset's sheet is refused with the reason.
    let other = RulesetId::ALL
        .iter()
        .copied()
        .find(|r| *r != ruleset)
        .unwrap();
    let mut elsewhere = Session::new(SessionState::new("Other", other));
    let e = import(&mut elsewhere, &sheet).unwrap_err();
    assert!(e.contains("this session plays the"), "{e}");
    assert!(elsewhere.entries().is_empty());

    // A damaged sheet: cut in half.
    let cut = dir.path().join("cut.sheet.ron");
    std::fs::write(&cut, &text[..text.len() / 2]).unwrap();
    let e = import(&mut session, &cut).unwrap_err();
    assert!(e.contains("damaged"), "{e}");
    assert_eq!(&before, session.state());
}

#[test]
fn sheet_round_trip_slots() {
    round_trip(RulesetId::Slots);
}

#[test]
fn sheet_round_trip_plain() {
    round_trip(RulesetId::Plain);
}

#[test]
fn sheet_round_trip_phase() {
    round_trip(RulesetId::Phase);
}

#[test]
fn sheet_round_trip_bdp() {
    round_trip(RulesetId::Bdp);
}

#[test]
fn sheet_round_trip_ap() {
    round_trip(RulesetId::Ap);
}

#[test]
fn sheet_round_trip_actiondie() {
    round_trip(RulesetId::ActionDie);
}

#[test]
fn a_hand_made_sheet_the_rules_could_not_build_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let first = play(dir.path(), RulesetId::Phase);
    let sheet = dir.path().join("ana.sheet.ron");
    export_sheet(&first, "Ana", Some(&sheet), &mut Vec::new()).unwrap();
    let text = std::fs::read_to_string(&sheet).unwrap();
    let odd = dir.path().join("odd.sheet.ron");
    assert!(text.contains("dr: 0,"), "{text}");
    let edited = text.replacen("dr: 0,", "dr: 7,", 1);
    std::fs::write(&odd, &edited).unwrap();
    let mut session = Session::new(SessionState::new("Elsewhere", RulesetId::Phase));
    // The edit no longer matches the sheet's checksum, and the refusal says how to keep it.
    let e = import(&mut session, &odd).unwrap_err();
    assert!(
        e.contains("delete the sheet's last line (its checksum)"),
        "{e}"
    );
    let without_sum = &edited[..edited.rfind("// checksum: ").unwrap()];
    std::fs::write(&odd, without_sum).unwrap();
    let e = import(&mut session, &odd).unwrap_err();
    assert!(e.contains("the sheet holds what the rules cannot"), "{e}");
    assert!(e.contains("DR is above 3"), "{e}");
    // The refusal names the sheet, not only the line of the script that imports it.
    assert!(e.starts_with(&format!("{}: ", odd.display())), "{e}");
    assert!(session.entries().is_empty(), "nothing changed");
}

#[test]
fn a_sheet_name_longer_than_add_takes_is_refused_naming_the_sheet_and_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let first = play(dir.path(), RulesetId::Plain);
    let sheet = dir.path().join("ana.sheet.ron");
    export_sheet(&first, "Ana", Some(&sheet), &mut Vec::new()).unwrap();
    let text = std::fs::read_to_string(&sheet).unwrap();
    let long = "A".repeat(70);
    let renamed = text.replacen("name: \"Ana\"", &format!("name: \"{long}\""), 1);
    let line = renamed.lines().position(|l| l.contains(&long)).unwrap() + 1;
    // Edited by hand, its checksum line deleted as the guide says.
    let edited = &renamed[..renamed.rfind("// checksum: ").unwrap()];
    std::fs::write(&sheet, edited).unwrap();
    let mut session = Session::new(SessionState::new("Elsewhere", RulesetId::Plain));
    let e = import(&mut session, &sheet).unwrap_err();
    assert!(
        e.starts_with(&format!("{}:{line}:1: ", sheet.display())) && e.contains("too long"),
        "{e}"
    );
    assert!(session.entries().is_empty(), "nothing changed");
    // The same check `add` makes of a name typed in.
    let typed = script::parse_line_in(
        &format!("add {long} 10 players"),
        session.state(),
        &content::bundled(),
    )
    .map(|line| match line {
        Line::Command(c) => session
            .execute(c, &mut ScriptedDice::new([]))
            .map(|_| ())
            .map_err(|e| e.to_string()),
        _ => Ok(()),
    });
    let refusal = match typed {
        Err(e) => e.message,
        Ok(Err(e)) => e,
        Ok(Ok(())) => panic!("add took a 70-letter name"),
    };
    assert!(refusal.contains("too long"), "{refusal}");
}

#[test]
fn a_sheet_saved_with_a_byte_order_mark_imports_as_written() {
    let dir = tempfile::tempdir().unwrap();
    let first = play(dir.path(), RulesetId::Bdp);
    let sheet = dir.path().join("wren.sheet.ron");
    export_sheet(&first, "Wren", Some(&sheet), &mut Vec::new()).unwrap();
    // Opened and saved again in Windows Notepad: the mark before the text, nothing else.
    let text = std::fs::read_to_string(&sheet).unwrap();
    std::fs::write(&sheet, format!("\u{feff}{text}")).unwrap();
    let mut session = Session::new(SessionState::new("Elsewhere", RulesetId::Bdp));
    import(&mut session, &sheet).unwrap();
    compare(
        &store::load(&first).unwrap().state().game,
        &session.state().game,
        &["Wren".to_string()],
    );
}

#[test]
fn an_oversized_a_newer_or_a_hand_made_impossible_sheet_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let first = play(dir.path(), RulesetId::Plain);
    let sheet = dir.path().join("ana.sheet.ron");
    export_sheet(&first, "Ana", Some(&sheet), &mut Vec::new()).unwrap();
    let text = std::fs::read_to_string(&sheet).unwrap();
    let mut session = Session::new(SessionState::new("Elsewhere", RulesetId::Plain));

    let big = dir.path().join("big.sheet.ron");
    let mut padded = text.clone();
    padded.push_str(&"// padding\n".repeat(120_000));
    std::fs::write(&big, padded).unwrap();
    let e = import(&mut session, &big).unwrap_err();
    assert!(e.contains("a sheet is at most"), "{e}");

    let newer = dir.path().join("newer.sheet.ron");
    std::fs::write(
        &newer,
        text.replace("format_version: 1", "format_version: 9"),
    )
    .unwrap();
    let e = import(&mut session, &newer).unwrap_err();
    assert!(
        e.contains("this sheet file was written by a newer slotmark (format 9;")
            && e.contains("reads sheet files up to format 1"),
        "{e}"
    );

    let missing = dir.path().join("missing.sheet.ron");
    assert!(import(&mut session, &missing).is_err());
    assert!(session.entries().is_empty(), "nothing changed");
}

#[test]
fn the_binary_writes_a_sheet_and_refuses_a_name_nobody_has() {
    let dir = tempfile::tempdir().unwrap();
    let first = play(dir.path(), RulesetId::Ap);
    let sheet = dir.path().join("bo.sheet.ron");
    let run = |args: &[&std::ffi::OsStr]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_slotmark"))
            .args(args)
            .output()
            .unwrap()
    };
    let ok = run(&[
        "export".as_ref(),
        first.as_os_str(),
        "--character".as_ref(),
        "Bo".as_ref(),
        "--sheet".as_ref(),
        "--out".as_ref(),
        sheet.as_os_str(),
    ]);
    assert!(ok.status.success(), "{ok:?}");
    assert!(String::from_utf8_lossy(&ok.stdout).contains("Bo's sheet (ap)"));
    assert!(
        std::fs::read_to_string(&sheet)
            .unwrap()
            .contains("sheet: Ap(")
    );
    let bad = run(&[
        "export".as_ref(),
        first.as_os_str(),
        "--character".as_ref(),
        "Zed".as_ref(),
        "--sheet".as_ref(),
    ]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("nobody called Zed"));
}
