//! The `slotmark` binary, run as a judge would run it: every subcommand with good and bad input,
//! its exit status, its output, and the files it leaves behind.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A scratch folder with its own config folder, so no judge's library file leaks into a test.
struct Bench {
    dir: tempfile::TempDir,
}

impl Bench {
    fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir_all(dir.path().join("config")).unwrap();
        Bench { dir }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn write(&self, name: &str, text: &str) -> PathBuf {
        let p = self.path(name);
        fs::write(&p, text).unwrap();
        p
    }

    fn command(&self, args: &[&str]) -> Command {
        let mut c = Command::new(env!("CARGO_BIN_EXE_slotmark"));
        c.args(args)
            .current_dir(self.dir.path())
            .env("XDG_CONFIG_HOME", self.path("config"))
            .env("XDG_DATA_HOME", self.path("data"))
            .env("HOME", self.dir.path())
            .env("NO_COLOR", "1")
            .stdin(Stdio::null());
        c
    }

    fn run(&self, args: &[&str]) -> Output {
        self.command(args).output().unwrap()
    }

    /// Runs and expects success; returns standard output.
    fn ok(&self, args: &[&str]) -> String {
        let out = self.run(args);
        assert!(
            out.status.success(),
            "{args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    }

    /// Runs and expects failure with `code`; returns the one-line reason on standard error.
    fn fails(&self, args: &[&str], code: i32) -> String {
        let out = self.run(args);
        assert_eq!(
            out.status.code(),
            Some(code),
            "{args:?}: stdout {} stderr {}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stderr).unwrap()
    }
}

/// Every file in a folder with its bytes, to prove nothing was touched.
fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files: Vec<(PathBuf, Vec<u8>)> = fs::read_dir(dir)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.path().is_file())
        .map(|e| (e.path(), fs::read(e.path()).unwrap()))
        .collect();
    files.sort();
    files
}

const PARTY: &str = "\
# a small party at the mill
add Aria kit fighter
add Bram kit scout
creature goblin
scene The Mill
zone Yard
zone Mill floor cover
link yard millfloor
place Aria yard
place Bram yard
place goblin1 \"mill floor\"
note Bram owes the miller's wife a favour
";

fn one_line(text: &str) {
    assert_eq!(text.trim_end().lines().count(), 1, "one line: {text}");
    assert!(text.starts_with("slotmark: "), "{text}");
}

#[test]
fn roll_rolls_and_refuses_nonsense() {
    let b = Bench::new();
    let out = b.ok(&["roll", "d12", "--seed", "7"]);
    assert!(out.starts_with("d12: "), "{out}");
    assert_eq!(out, b.ok(&["roll", "d12", "--seed", "7"]), "a seed repeats");
    let out = b.ok(&["roll", "2d20", "dis", "--seed", "1"]);
    assert_eq!(
        out.trim(),
        "2d20 dis: 11 9 (20) = 20",
        "the line the guide shows"
    );
    let err = b.fails(&["roll", "d12", "sideways"], 1);
    one_line(&err);
    assert!(err.contains("adv or dis"), "{err}");
    one_line(&b.fails(&["roll", "twelve"], 1));
    b.fails(&["roll"], 2);
}

#[test]
fn help_lists_the_command_language() {
    let b = Bench::new();
    let out = b.ok(&["help", "commands"]);
    assert!(
        out.contains("check NAME") && out.contains("e.g. attack Aria goblin1"),
        "{out}"
    );
    assert!(b.ok(&["help"]).contains("Usage: slotmark"));
    assert!(b.ok(&["help", "run"]).contains("--session"));
    let lib = b.ok(&["help", "library"]);
    assert!(
        lib.contains("library.ron") && lib.contains("Goblin"),
        "{lib}"
    );
    let phase = b.ok(&["help", "library", "--rules", "phase"]);
    assert!(
        phase.contains("Halberd: d8 bulky, 15 sp")
            && phase.contains("Goblin chief: HD 2, HP 8")
            && phase.contains("Week of food: no price in 002"),
        "{phase}"
    );
    let bdp = b.ok(&["help", "library", "--rules", "bdp"]);
    assert!(
        bdp.contains("Ruleset bdp")
            && bdp.contains("Wolf: STR 10 DEX 14 WIL 8 HP 4")
            && bdp.contains("Sword: 1 slot")
            && !bdp.contains("library.ron"),
        "{bdp}"
    );
    let actiondie = b.ok(&["help", "library", "--rules", "actiondie"]);
    assert!(
        actiondie.contains("Ruleset actiondie")
            && actiondie.contains("Troll: STR 2d10 DEX d6 AWR d6 WIL d4, HP 30, AR 2"),
        "{actiondie}"
    );
    let phase = b.ok(&["help", "commands", "--rules", "phase"]);
    assert!(phase.contains("buy NAME WARE [for N]"), "{phase}");
    one_line(&b.fails(&["help", "everything"], 1));
    for sub in ["open", "new", "run", "replay", "show", "export", "roll"] {
        let out = b.ok(&[sub, "--help"]);
        assert!(out.contains("Usage: slotmark"), "{sub}: {out}");
    }
}

#[test]
fn run_applies_a_script_and_saves_it_with_out() {
    let b = Bench::new();
    b.write("party.txt", PARTY);
    let out = b.ok(&["run", "party.txt", "--out", "mill.ron"]);
    assert!(out.contains("[2] add Aria kit fighter"), "{out}");
    assert!(out.contains("Goblin 1 joins the opponents"), "{out}");
    assert!(out.contains("saved to mill.ron"), "{out}");
    assert!(b.path("mill.ron").exists());
    let shown = b.ok(&["show", "mill.ron"]);
    assert!(shown.contains("Aria · players"), "{shown}");
    assert!(shown.contains("Mill floor (cover)"), "{shown}");
    assert!(
        shown.contains("Bram owes the miller's wife a favour"),
        "{shown}"
    );
    assert!(
        b.ok(&["replay", "mill.ron", "--verify"])
            .contains("replays exactly")
    );
}

#[test]
fn run_without_a_target_writes_nothing() {
    let b = Bench::new();
    b.write("party.txt", PARTY);
    let before = snapshot(b.dir.path());
    let out = b.ok(&["run", "party.txt"]);
    assert!(out.contains("nothing saved"), "{out}");
    assert_eq!(snapshot(b.dir.path()), before);
}

#[test]
fn run_reads_standard_input() {
    let b = Bench::new();
    let mut child = b
        .command(&["run", "-", "--out", "piped.ron"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"add Aria\nnote piped in\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert!(b.ok(&["show", "piped.ron"]).contains("piped in"));
}

#[test]
fn run_updates_the_session_it_started_from() {
    let b = Bench::new();
    b.write("party.txt", PARTY);
    b.ok(&["run", "party.txt", "--out", "mill.ron"]);
    b.write(
        "more.txt",
        "put Bram 3 \"odd idol\" rigid heavy\nplace Bram \"mill floor\"\n",
    );
    let out = b.ok(&["run", "more.txt", "--session", "mill.ron"]);
    assert!(out.contains("saved to mill.ron"), "{out}");
    let sheet = b.ok(&["show", "mill.ron", "--character", "bram"]);
    assert!(sheet.contains("odd idol (rigid, heavy)"), "{sheet}");
    assert!(sheet.contains("in Mill floor"), "{sheet}");
    assert!(!sheet.contains("Aria"), "{sheet}");
    assert!(
        b.ok(&["replay", "mill.ron", "--verify"])
            .contains("replays exactly")
    );
}

#[test]
fn a_bad_line_names_its_place_and_leaves_every_file_as_it_was() {
    let b = Bench::new();
    b.write("party.txt", PARTY);
    b.ok(&["run", "party.txt", "--out", "mill.ron"]);
    let before = snapshot(b.dir.path());

    // A line that does not parse.
    b.write(
        "typo.txt",
        "note first\nput Aria 9 swrod\nnote never reached\n",
    );
    let before_typo = snapshot(b.dir.path());
    let err = b.fails(&["run", "typo.txt", "--session", "mill.ron"], 1);
    one_line(&err);
    assert!(err.contains("typo.txt: line 2, column 12"), "{err}");
    assert!(err.contains("Sword"), "{err}");
    assert_eq!(snapshot(b.dir.path()), before_typo);

    // A line the rules refuse.
    b.write("refused.txt", "note first\ntreat Aria 3\n");
    let before_refused = snapshot(b.dir.path());
    let err = b.fails(&["run", "refused.txt", "--session", "mill.ron"], 1);
    one_line(&err);
    assert!(err.contains("refused.txt: line 2: refused"), "{err}");
    assert_eq!(snapshot(b.dir.path()), before_refused);

    // Same with --out: no new file appears.
    let err = b.fails(
        &[
            "run",
            "refused.txt",
            "--session",
            "mill.ron",
            "--out",
            "new.ron",
        ],
        1,
    );
    one_line(&err);
    assert!(!b.path("new.ron").exists());

    // An undo with nothing to undo is refused like any other line.
    b.write("undo.txt", "undo\n");
    let err = b.fails(&["run", "undo.txt"], 1);
    assert!(
        err.contains("line 1") && err.contains("nothing to undo"),
        "{err}"
    );

    let mut after = snapshot(b.dir.path());
    after.retain(|(p, _)| before.iter().any(|(q, _)| q == p));
    assert_eq!(after, before, "mill.ron and its journal are byte-identical");
}

#[test]
fn run_never_writes_over_a_file() {
    let b = Bench::new();
    b.write("party.txt", PARTY);
    let target = b.write("taken.ron", "precious");
    let err = b.fails(&["run", "party.txt", "--out", "taken.ron"], 1);
    one_line(&err);
    assert!(err.contains("already exists"), "{err}");
    assert_eq!(fs::read_to_string(target).unwrap(), "precious");
}

#[test]
fn run_reports_missing_inputs_in_one_line() {
    let b = Bench::new();
    one_line(&b.fails(&["run", "nowhere.txt"], 1));
    b.write("party.txt", PARTY);
    let err = b.fails(&["run", "party.txt", "--session", "missing.ron"], 1);
    one_line(&err);
    assert!(err.contains("missing.ron"), "{err}");
    b.fails(&["run", "party.txt", "--dice", "3,x"], 2);
    b.fails(&["run", "party.txt", "--dice", "3", "--seed", "4"], 2);
}

#[test]
fn undo_and_redo_in_a_script() {
    let b = Bench::new();
    b.write(
        "u.txt",
        "add Aria\nnote one\nnote two\nundo\nredo\nundo\nnote three\n",
    );
    let out = b.ok(&["run", "u.txt", "--out", "u.ron"]);
    assert!(out.contains("undone: Note: two"), "{out}");
    assert!(out.contains("redone: Note: two"), "{out}");
    let shown = b.ok(&["show", "u.ron"]);
    assert!(shown.contains("one") && shown.contains("three") && !shown.contains("two"));
}

#[test]
fn a_bad_user_library_is_named_with_its_place() {
    let b = Bench::new();
    fs::create_dir_all(b.path("config/slotmark")).unwrap();
    b.write(
        "config/slotmark/library.ron",
        "(\n  items: [\n    (name: 3),\n  ],\n)\n",
    );
    b.write("party.txt", PARTY);
    let err = b.fails(&["run", "party.txt"], 1);
    one_line(&err);
    assert!(err.contains("library.ron:3:"), "{err}");
    // Subcommands that need no library still work.
    b.ok(&["roll", "d6"]);
}

#[test]
fn a_byte_order_mark_before_a_script_or_the_library_file_is_not_read_as_text() {
    // Both saved by Windows Notepad, which puts the mark before the first line.
    let b = Bench::new();
    fs::create_dir_all(b.path("config/slotmark")).unwrap();
    b.write(
        "config/slotmark/library.ron",
        "\u{feff}(items: [(name: \"Bone flute\", props: [Light, Noisy])])",
    );
    b.write("flute.txt", "\u{feff}add Aria\nput Aria 9 bone\n");
    let out = b.ok(&["run", "flute.txt"]);
    assert!(out.contains("Bone flute") && out.contains("Aria"), "{out}");
}

#[test]
fn a_user_library_adds_items_to_scripts() {
    let b = Bench::new();
    fs::create_dir_all(b.path("config/slotmark")).unwrap();
    b.write(
        "config/slotmark/library.ron",
        "(items: [(name: \"Bone flute\", props: [Light, Noisy])])",
    );
    b.write("flute.txt", "add Aria\nput Aria 9 bone\n");
    let out = b.ok(&["run", "flute.txt"]);
    assert!(out.contains("Bone flute"), "{out}");
}

#[test]
fn replay_prints_the_log_and_verify_catches_a_tampered_file() {
    let b = Bench::new();
    b.write("party.txt", PARTY);
    b.ok(&["run", "party.txt", "--out", "mill.ron"]);
    let out = b.ok(&["replay", "mill.ron"]);
    // Each step as a command, then what it did as comments, so the output runs as a script.
    assert!(
        out.contains("\nnote \"Bram owes the miller's wife a favour\"\n    # Note: Bram"),
        "{out}"
    );
    assert!(out.contains("    # Aria joins the players"), "{out}");
    assert!(out.contains("# 11 steps replayed"), "{out}");
    b.write("pasted.txt", &out);
    let again = b.ok(&["run", "pasted.txt", "--out", "pasted.ron"]);
    assert!(again.contains("11 commands applied"), "{again}");

    // Change the saved state but not the log: verify must notice.
    let text = fs::read_to_string(b.path("mill.ron")).unwrap();
    let at = text.find("state:").unwrap();
    let (head, tail) = text.split_at(at);
    let tampered = format!(
        "{head}{}",
        tail.replacen("name: \"Yard\"", "name: \"Yurt\"", 1)
    );
    assert_ne!(tampered, text);
    fs::write(b.path("mill.ron"), &tampered).unwrap();
    // The file no longer matches its checksum: refused as damaged.
    let err = b.fails(&["replay", "mill.ron", "--verify"], 1);
    one_line(&err);
    assert!(err.contains("damaged"), "{err}");
    // A change made by hand on purpose (its checksum line deleted): verify names the difference.
    let edited = &tampered[..tampered.rfind("// checksum: ").unwrap()];
    fs::write(b.path("mill.ron"), edited).unwrap();
    let err = b.fails(&["replay", "mill.ron", "--verify"], 1);
    one_line(&err);
    assert!(err.contains("differs"), "{err}");

    one_line(&b.fails(&["replay", "nothing.ron"], 1));
    b.write("junk.ron", "(this is not a session");
    let err = b.fails(&["replay", "junk.ron", "--verify"], 1);
    one_line(&err);
    assert!(err.contains("junk.ron:1:"), "{err}");
}

#[test]
fn show_prints_sheets_and_refuses_unknown_names() {
    let b = Bench::new();
    b.write("party.txt", PARTY);
    b.ok(&["run", "party.txt", "--out", "mill.ron"]);
    let all = b.ok(&["show", "mill.ron"]);
    for want in [
        "Clock: day 1, 00:00; 0 trys spent",
        "Scene: The Mill",
        "Combat: none",
        "Goblin 1 · opponents",
        "    slot 1 Head: Iron helm (heavy armor, rigid) · equipped",
        " 12: names no slot",
    ] {
        assert!(all.contains(want), "missing {want:?} in\n{all}");
    }
    let one = b.ok(&["show", "mill.ron", "--character", "goblin1"]);
    assert!(one.starts_with("Goblin 1 · opponents"), "{one}");
    let err = b.fails(&["show", "mill.ron", "--character", "Zed"], 1);
    one_line(&err);
    assert!(err.contains("Zed"), "{err}");
    one_line(&b.fails(&["show", "absent.ron"], 1));
}

#[test]
fn export_needs_markdown_and_a_readable_file() {
    let b = Bench::new();
    b.write("party.txt", PARTY);
    b.ok(&["run", "party.txt", "--out", "mill.ron"]);
    let md = b.ok(&["export", "mill.ron", "--markdown"]);
    assert!(md.starts_with("# party\n"), "{md}");
    assert!(
        md.contains("## Cast") && md.contains("| Aria | players |"),
        "{md}"
    );
    b.fails(&["export", "mill.ron"], 2);
    one_line(&b.fails(&["export", "absent.ron", "--markdown"], 1));
}

#[test]
fn the_screen_commands_check_their_input_first() {
    let b = Bench::new();
    let err = b.fails(&["open", "absent.ron"], 1);
    one_line(&err);
    assert!(err.contains("absent.ron"), "{err}");
    b.write("junk.ron", "(nope");
    one_line(&b.fails(&["open", "junk.ron"], 1));
    let err = b.fails(&["new", "Friday", "--rules", "chess"], 2);
    assert!(err.contains("chess"), "{err}");
    one_line(&b.fails(&["new", "a/b"], 1));
    b.fails(&["frobnicate"], 2);
}

/// The example script shipped in assets/, with its fixed dice.
const AMBUSH: &str = include_str!("../assets/slots/ambush.slotmark");
const AMBUSH_DICE: &str = "4,4,2,12,5,6,3,3,7,1,2,3,4,5";

#[test]
fn the_example_script_runs_and_its_recap_matches_the_snapshot() {
    let b = Bench::new();
    b.write("ambush.slotmark", AMBUSH);
    let out = b.ok(&[
        "run",
        "ambush.slotmark",
        "--dice",
        AMBUSH_DICE,
        "--out",
        "ambush.ron",
    ]);
    assert!(out.contains("Goblin 1 DIES"), "{out}");
    assert!(
        b.ok(&["replay", "ambush.ron", "--verify"])
            .contains("replays exactly")
    );
    let md = b.ok(&["export", "ambush.ron", "--markdown"]);
    insta::assert_snapshot!("ambush_recap", md);
    let shown = b.ok(&["show", "ambush.ron"]);
    assert!(
        shown.contains("Clock: day 1, 00:42; 7 trys spent"),
        "{shown}"
    );
    assert!(shown.contains("treated wound"), "{shown}");
    // One die fewer and the script cannot finish: it stops and saves nothing.
    let short = &AMBUSH_DICE[..AMBUSH_DICE.len() - 2];
    let err = b.fails(
        &[
            "run",
            "ambush.slotmark",
            "--dice",
            short,
            "--out",
            "short.ron",
        ],
        1,
    );
    assert!(err.contains("ran out"), "{err}");
    assert!(!b.path("short.ron").exists());
}

#[test]
fn undo_and_redo_in_a_script_report_every_line_of_the_step() {
    let b = Bench::new();
    b.write(
        "k.txt",
        "add Aria\nadd Snag opponents\nfight players all\nundo\nredo\n",
    );
    let out = b.ok(&["run", "k.txt"]);
    let applied: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("[3]"))
        .skip(1)
        .take_while(|l| l.starts_with("    "))
        .map(|l| l.trim())
        .collect();
    assert!(
        applied.len() > 1,
        "a fight starts with several lines:\n{out}"
    );
    for line in &applied {
        assert!(
            out.contains(&format!("undone: {line}")),
            "undo leaves out {line}:\n{out}"
        );
        assert!(
            out.contains(&format!("redone: {line}")),
            "redo leaves out {line}:\n{out}"
        );
    }
}

#[test]
fn show_marks_whose_turn_it_is_and_the_recap_says_nothing_for_empty_hands() {
    let b = Bench::new();
    b.write(
        "t.txt",
        "add Aria\nadd Snag opponents\nfight players all\nturn Aria\n",
    );
    b.ok(&["run", "t.txt", "--out", "t.ron"]);
    let shown = b.ok(&["show", "t.ron"]);
    assert!(shown.contains("▶ Aria · players"), "{shown}");
    assert!(shown.contains("Taking a turn now"), "{shown}");
    assert!(!shown.contains("▶ Snag"), "{shown}");
    let recap = b.ok(&["export", "t.ron", "--markdown"]);
    assert!(recap.contains("- **Aria**: nothing"), "{recap}");
}

#[test]
fn the_phase_demo_saved_through_the_store_replays_and_verifies_through_the_binary() {
    let b = Bench::new();
    let demo = slotmark::script::try_demo_for(slotmark::rules::RulesetId::Phase)
        .expect("the phase demo builds");
    let path = b.path("warren.ron");
    drop(slotmark::store::Store::create(&path, &demo).expect("the demo saves"));
    let before = fs::read(&path).unwrap();
    let out = b.ok(&["replay", "warren.ron", "--verify"]);
    assert!(out.contains("the log replays exactly"), "{out}");
    let out = b.ok(&["replay", "warren.ron"]);
    assert!(
        out.contains("Goblin 1 joins") && out.contains("Ana buys the Sword for 15 coins"),
        "{out}"
    );
    assert_eq!(fs::read(&path).unwrap(), before, "replay changed the file");
    let shown = b.ok(&["show", "warren.ron"]);
    assert!(
        shown.contains("Demo: the Goblin Warren") && shown.contains("Grol: 8/8"),
        "{shown}"
    );
    // It plays on from the file: the fight the demo is ready for.
    b.write("fight.txt", "fight surprised enemies\nnext\n");
    let out = b.ok(&["run", "fight.txt", "--session", "warren.ron"]);
    assert!(out.contains("Round 1"), "{out}");
    b.ok(&["replay", "warren.ron", "--verify"]);
}

#[test]
fn the_bdp_demo_saved_through_the_store_replays_and_verifies_through_the_binary() {
    let b = Bench::new();
    let demo = slotmark::script::try_demo_for(slotmark::rules::RulesetId::Bdp)
        .expect("the bdp demo builds");
    let path = b.path("causeway.ron");
    drop(slotmark::store::Store::create(&path, &demo).expect("the demo saves"));
    let before = fs::read(&path).unwrap();
    let out = b.ok(&["replay", "causeway.ron", "--verify"]);
    assert!(out.contains("the log replays exactly"), "{out}");
    let out = b.ok(&["replay", "causeway.ron"]);
    assert!(
        out.contains("Snag joins")
            && out.contains("Oswin carries Heavy armour [heavy armour] in slot 1"),
        "{out}"
    );
    assert_eq!(fs::read(&path).unwrap(), before, "replay changed the file");
    let shown = b.ok(&["show", "causeway.ron"]);
    assert!(shown.contains("Demo: the Drowned Causeway"), "{shown}");
    // It plays on from the file: a bare fight takes the band at the toll tower.
    b.write("on.txt", "fight\ndamage Snag 2 sword\nnext\n");
    let out = b.ok(&["run", "on.txt", "--session", "causeway.ron"]);
    assert!(out.contains("Oswin's turn"), "{out}");
    b.ok(&["replay", "causeway.ron", "--verify"]);
}

#[test]
fn show_prints_a_phase_sheet_field_by_field() {
    let b = Bench::new();
    b.write(
        "p.txt",
        "add Ana pc 6 12 14 9\narm Ana sword\nwear Ana gambeson shield\ntake Ana food\ncoins Ana +40\n",
    );
    b.ok(&["run", "p.txt", "--rules", "phase", "--out", "p.ron"]);
    let all = b.ok(&["show", "p.ron"]);
    assert!(all.contains("Ana (PC, the party)"), "{all}");
    let ana = b.ok(&["show", "p.ron", "--character", "ana"]);
    for field in [
        "Ana (PC, the party)",
        "Abilities  STR 12/12  DEX 14/14  WIL 9/9",
        "HP         0 (6)/6   DR 2",
        "Load       1 of 4 (fatigue 0): food (7 rations)",
        "Weapons    Sword d6",
        "Coins      40",
    ] {
        assert!(ana.contains(field), "{field} is missing:\n{ana}");
    }
}

#[test]
fn show_prints_a_bdp_sheet_field_by_field() {
    let b = Bench::new();
    b.write(
        "b.txt",
        "add Ana pc 10 12 8 6\nadd Rat creature 3 14 4 2 4\ntag Ana career thief\n\
         tag Ana background sailor\ncarry Ana Mail heavy\ncarry Ana Waterskin waterskin right\n\
         carry Ana Moss uncommon swamp\nblock Ana\nwound Ana burn light larm\ninfect Ana swamp\n\
         rest Ana perilous\neat Ana fresh\nexpose Ana gas\ndawn Rat\ncared Ana\n\
         remark Ana a scar on the cheek\nfight Rat\n",
    );
    b.ok(&[
        "run", "b.txt", "--rules", "bdp", "--dice", "3", "--out", "b.ron",
    ]);
    let all = b.ok(&["show", "b.ron"]);
    for field in [
        "Fight: round 1",
        "Ana (PC)",
        "Rat (creature)",
        "in the dawn",
    ] {
        assert!(all.contains(field), "{field} is missing:\n{all}");
    }
    let ana = b.ok(&["show", "b.ron", "--character", "ana"]);
    for field in [
        "Ana (PC)",
        // The gas ticked once as her first turn began (B51).
        "Scores   STR 9/10  DEX 12/12  WIL 8/8  HP 6/6",
        "Tags     career thief, background sailor",
        "States   exposed to noxious gas",
        "Needs    food ok, sleep ok; deprived dawns 0; meals Fresh; rest tonight Perilous",
        "Disease  Swampsigh (3 days left; a failed save costs 1 STR)",
        "Tonight  cared for",
        "Slots    5 free of 10; 1 Fatigue; 0 lost",
        " 1       Mail [heavy armour]",
        " 2       Waterskin (d8) [right hand]",
        " 3       Moss [uncommon swamp ingredient]",
        " 4       Fatigue (block)",
        " 5       Light burn (Left Arm)",
        " 6       —",
        "Notes    a scar on the cheek",
    ] {
        assert!(ana.contains(field), "{field} is missing:\n{ana}");
    }
    assert!(!ana.contains("Rat"), "one character only:\n{ana}");
    let nobody = b.fails(&["show", "b.ron", "--character", "Zed"], 1);
    assert!(nobody.contains("Zed"), "{nobody}");
}

#[test]
fn the_judges_tables_are_listed_rolled_and_a_bad_one_reported_with_its_line() {
    let b = Bench::new();
    fs::create_dir_all(b.path("data/slotmark/tables")).unwrap();
    b.write(
        "data/slotmark/tables/weather.txt",
        "Weather\nd6\n1-2 clear\n3-5 rain\n6 storm\n",
    );
    b.write(
        "data/slotmark/tables/bad.txt",
        "Omens\nd4\n1-2 crows\nfive\n",
    );
    for rules in ["slots", "bdp", "phase"] {
        let lib = b.ok(&["help", "library", "--rules", rules]);
        assert!(lib.contains("Weather (d6, 3 rows)"), "{rules}: {lib}");
        assert!(
            lib.contains("left out:") && lib.contains("bad.txt:4:"),
            "{rules}: {lib}"
        );
    }
    b.write("night.txt", "roll on weather\n");
    let out = b.ok(&[
        "run",
        "night.txt",
        "--rules",
        "bdp",
        "--dice",
        "6",
        "--out",
        "n.ron",
    ]);
    assert!(
        out.contains("Weather gives storm: d6 rolled [6] = 6"),
        "{out}"
    );
    fs::remove_dir_all(b.path("data/slotmark/tables")).unwrap();
    assert!(
        b.ok(&["replay", "n.ron", "--verify"])
            .contains("replays exactly")
    );
}

/// A name that is neither a file here nor a session in the saves folder is refused in one
/// line that says where it was looked for, by `table`, `table --web` and `open` alike.
#[test]
fn a_session_name_found_nowhere_says_where_it_was_looked_for() {
    let b = Bench::new();
    let saves = b.path("saves");
    fs::create_dir_all(&saves).unwrap();
    let saves_arg = saves.to_str().unwrap();
    for args in [
        vec!["--saves", saves_arg, "table", "nowhere"],
        vec!["--saves", saves_arg, "table", "nowhere", "--web"],
        vec!["--saves", saves_arg, "open", "nowhere"],
    ] {
        let err = b.fails(&args, 1);
        one_line(&err);
        assert!(err.contains("in the saves folder"), "{args:?}: {err}");
    }
}
