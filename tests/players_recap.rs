//! `slotmark export FILE --players`: the recap the judge can share after the session, run as
//! the judge runs it. It tells what the table saw and nothing the players' lens keeps: no secret
//! roll, no unseen creature, no creature's number, nothing told to one player; and the judge's
//! words read as typed, escaped in both forms. (The property test over every ruleset is
//! `the_players_see_only_what_their_characters_saw` in `tests/table.rs`.)

use std::path::Path;
use std::process::{Command, Output};

fn slotmark(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_slotmark"))
        .args(args)
        .current_dir(dir)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("HOME", dir)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

fn ok(dir: &Path, args: &[&str]) -> String {
    let out = slotmark(dir, args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

const SCRIPT: &str = r#"add Ana 8
add Ogre 12 others
add Ghoul 5 others
reveal Ogre
say Beware <script>alert(1)</script> & "friends" *now*
tell Ana The ring is cursed
check Ana d20 vs 10 swim
accept
damage Ogre 3
roll d6 for omen of doom
secret
check Ghoul d20 vs 10 sneak
accept
"#;

#[test]
fn export_players_tells_what_the_table_saw_and_keeps_every_secret() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("s.txt"), SCRIPT).unwrap();
    ok(
        d,
        &[
            "run", "s.txt", "--rules", "plain", "--dice", "12,3,5", "--out", "s.ron",
        ],
    );
    let judge = ok(d, &["export", "s.ron", "--markdown"]);
    // The judge's recap has it all: the proof the players' recap leaves things out.
    for all in ["cursed", "omen", "Ghoul", "12 HP"] {
        assert!(judge.contains(all), "{all}: {judge}");
    }
    let md = ok(d, &["export", "s.ron", "--players"]);
    let html = ok(d, &["export", "s.ron", "--players", "--html"]);
    for (form, text) in [("markdown", &md), ("html", &html)] {
        assert!(
            text.contains("Ana: swim 1d20 12 against 10: a pass"),
            "{form}: {text}"
        );
        assert!(text.contains("Ogre"), "{form}: {text}");
        assert!(
            text.contains("hurt"),
            "{form}: the Ogre's state in a word: {text}"
        );
        for kept in ["cursed", "omen", "Ghoul", "sneak", "12 HP", "9/12", "3 HP"] {
            assert!(!text.contains(kept), "{form}: {kept} in {text}");
        }
    }
    assert!(md.starts_with("# s\n"), "{md}");
    assert!(
        md.contains(r#"Beware \<script\>alert(1)\</script\> \& "friends" \*now\*"#),
        "{md}"
    );
    // One page with nothing from anywhere else, and nothing the judge typed read as markup.
    assert!(html.starts_with("<!doctype html>"), "{html}");
    assert!(html.trim_end().ends_with("</html>"));
    assert!(
        html.contains("Beware &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;friends&quot;"),
        "{html}"
    );
    assert_eq!(html.matches("<script").count(), 0, "{html}");
    for outside in ["src=", "href=", "http", "@import", "url("] {
        assert!(!html.contains(outside), "{outside} in {html}");
    }
}

#[test]
fn export_players_refuses_what_does_not_go_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("s.txt"), "add Ana 8\n").unwrap();
    ok(d, &["run", "s.txt", "--rules", "plain", "--out", "s.ron"]);
    for args in [
        &["export", "s.ron", "--html"][..],
        &["export", "s.ron", "--players", "--grep", "Ana"],
        &[
            "export",
            "s.ron",
            "--players",
            "--sheet",
            "--character",
            "Ana",
        ],
    ] {
        let out = slotmark(d, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
    let out = slotmark(d, &["export", "absent.ron", "--players"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("absent.ron"), "{err}");
    // A session with nothing rolled yet says so.
    let md = ok(d, &["export", "s.ron", "--players"]);
    assert!(md.contains("Nothing yet."), "{md}");
}

/// A player's own sheet on their page leaves out what the judge wrote on it, in each ruleset
/// whose sheets keep the judge's notes (bdp and actiondie `remark`, ap `jot`).
#[test]
fn a_players_own_sheet_leaves_out_the_judges_notes_in_every_ruleset_that_keeps_them() {
    use slotmark::dice::ScriptedDice;
    use slotmark::rules::RulesetId;
    use slotmark::script::{Line, parse_line};
    use slotmark::session::{Session, SessionState};
    for (ruleset, add, note) in [
        (
            RulesetId::Bdp,
            "add Ana pc 10 12 8 6",
            "remark Ana hides the key",
        ),
        (
            RulesetId::Ap,
            "add Ana pc party 11 12 8 6",
            "jot Ana hides the key",
        ),
        (
            RulesetId::ActionDie,
            "add Ana pc d8 d6 d6 d4 10",
            "remark Ana hides the key",
        ),
    ] {
        let mut s = Session::new(SessionState::new("Notes", ruleset));
        for line in [add, note] {
            let Ok(Line::Command(c)) = parse_line(line, s.state()) else {
                panic!("{ruleset:?}: {line} did not parse");
            };
            s.execute(c, &mut ScriptedDice::new([]))
                .unwrap_or_else(|e| panic!("{ruleset:?}: {line}: {e}"));
        }
        let sheet = slotmark::export::players::own_sheet(&s, 0)
            .unwrap_or_else(|| panic!("{ruleset:?}: no sheet for Ana"));
        assert!(sheet.contains("Ana"), "{ruleset:?}: {sheet}");
        assert!(!sheet.contains("hides the key"), "{ruleset:?}: {sheet}");
    }
}
