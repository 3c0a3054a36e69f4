//! The judge's own random tables: read from plain text files (a bad one reported with its line
//! and left out, the others kept), rolled with `roll on NAME` in scripts of every ruleset and
//! logged like any roll with the row it fell on, kept secret when asked, and replayed from the
//! table inside the step when the file is gone.

use slotmark::content::ContentError;
use slotmark::content::tables::{self, Tables};
use slotmark::dice::ScriptedDice;
use slotmark::rules::RulesetId;
use slotmark::script::{Line, parse_line};
use slotmark::session::{Command, Session, SessionState, replay};
use std::fs;

const WEATHER: &str = "# Weather\nd6\n1-2 clear skies\n3: rain\n4-5. wind from the sea\n6 storm\n";

fn line_of(e: &ContentError) -> usize {
    match e {
        ContentError::Syntax { line, .. } => *line,
        other => panic!("a line was expected: {other}"),
    }
}

#[test]
fn a_table_is_a_name_a_die_and_a_row_per_face_or_range() {
    let t = tables::parse("weather.txt", WEATHER).unwrap();
    assert_eq!(t.name, "Weather");
    assert_eq!(t.rows.len(), 4);
    assert_eq!(t.row(4).map(|r| r.text.as_str()), Some("wind from the sea"));
    assert_eq!(t.row(3).map(|r| r.text.as_str()), Some("rain"));
    let two = tables::parse("t", "Loot\n2d6\n2-6 copper\n7 silver\n8-12 a map\n").unwrap();
    assert_eq!(two.row(12).map(|r| r.text.as_str()), Some("a map"));
}

#[test]
fn every_kind_of_bad_table_is_refused_with_its_line() {
    let cases: &[(&str, usize, &str)] = &[
        ("", 1, "empty"),
        ("Weather\n", 2, "die"),
        ("Weather\nsix\n1 sun\n", 2, "die"),
        ("Weather\nd6 adv\n", 2, "adv"),
        ("Weather\nd6\n1-3 sun\nrain\n", 4, "not a row"),
        ("Weather\nd6\n1-3 sun\n3-6 rain\n", 4, "overlaps"),
        ("Weather\nd6\n1-3 sun\n4-7 rain\n", 4, "not a range"),
        ("Weather\nd6\n\n1-3 sun\n4-6\n", 5, "says nothing"),
        ("Weather\nd6-1\n1-6 sun\n", 2, "start at 1"),
    ];
    for (text, line, why) in cases {
        let e = tables::parse("t.txt", text).expect_err(text);
        assert_eq!(line_of(&e), *line, "{text:?}: {e}");
        assert!(e.to_string().contains(why), "{text:?}: {e}");
        assert!(e.to_string().starts_with("t.txt:"), "{e}");
    }
    let gap = tables::parse("t.txt", "Weather\nd6\n1-3 sun\n5-6 rain\n").unwrap_err();
    assert!(gap.to_string().contains("no row for 4"), "{gap}");
}

#[test]
fn a_byte_order_mark_before_a_table_is_not_part_of_its_name() {
    // As Windows Notepad saves a file: the mark, then the text.
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("weather.txt"), format!("\u{feff}{WEATHER}")).unwrap();
    let found = tables::load(dir.path());
    assert!(found.refused.is_empty(), "{:?}", found.refused);
    let names: Vec<&str> = found.tables.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["Weather"]);
    assert!(found.find("weather").is_ok());
}

#[test]
fn a_folder_keeps_its_good_tables_and_reports_the_bad_ones() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("weather.txt"), WEATHER).unwrap();
    fs::write(
        dir.path().join("broken.txt"),
        "Omens\nd4\n1-2 crows\n2-4 a comet\n",
    )
    .unwrap();
    fs::write(dir.path().join("again.txt"), WEATHER).unwrap();
    fs::write(dir.path().join("notes.md"), "not a table").unwrap();
    let found = tables::load(dir.path());
    assert_eq!(found.tables.len(), 1, "{:?}", found.refused);
    assert_eq!(found.refused.len(), 2);
    let all: Vec<String> = found.refused.iter().map(|e| e.to_string()).collect();
    // Files are read in name order: again.txt first, so weather.txt is the second Weather.
    assert!(
        all.iter()
            .any(|e| e.contains("weather.txt") && e.contains("already")),
        "{all:?}"
    );
    assert!(
        all.iter()
            .any(|e| e.contains("broken.txt:4:") && e.contains("overlaps")),
        "{all:?}"
    );
    // A missing folder holds no tables and is no error.
    assert!(tables::load(&dir.path().join("none")).tables.is_empty());
}

fn session_with_tables(ruleset: RulesetId) -> Session {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("weather.txt"), WEATHER).unwrap();
    tables::install(tables::load(dir.path()));
    Session::new(SessionState::new("t", ruleset))
}

fn command(s: &Session, line: &str) -> Command {
    match parse_line(line, s.state()) {
        Ok(Line::Command(c)) => c,
        other => panic!("{line}: {other:?}"),
    }
}

#[test]
fn roll_on_a_table_is_logged_with_its_row_in_every_ruleset_and_replays_alone() {
    for &r in RulesetId::ALL.iter() {
        let mut s = session_with_tables(r);
        let c = command(&s, "roll on weather");
        let entry = s
            .execute(c, &mut ScriptedDice::new([4]))
            .unwrap_or_else(|e| panic!("{r:?}: {e}"))
            .to_logged();
        let text: Vec<String> = entry.events.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            text,
            ["Weather gives wind from the sea: d6 rolled [4] = 4"],
            "{r:?}"
        );
        assert_eq!(entry.rolls.len(), 1, "the die is recorded");
        // The table is inside the step: the log replays with no file at all.
        let back = serde_json_like(&entry.command);
        assert!(back.contains("wind from the sea"), "{back}");
        assert_eq!(&replay(s.initial(), s.entries()).unwrap(), s.state());
        // Kept from the players when asked, as any roll.
        let secret = command(&s, "secret");
        s.execute(secret, &mut ScriptedDice::new([])).unwrap();
        assert!(s.state().veil.secret.contains(&0), "{r:?}");
    }
}

fn serde_json_like(c: &Command) -> String {
    format!("{c:?}")
}

#[test]
fn an_unknown_table_is_refused_with_the_names_close_to_it() {
    let s = session_with_tables(RulesetId::Bdp);
    let e = parse_line("roll on wether", &s.state().clone()).unwrap_err();
    assert!(e.to_string().contains("table"), "{e}");
    let _: &Tables = tables::active();
}
