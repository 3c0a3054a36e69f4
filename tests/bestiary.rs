//! The judge's own bestiary: stat blocks in the Cairn family's one line read from a folder of
//! files written for the test (well-formed, odd and broken ones) into each ruleset that reads
//! them (phase, bdp, ap), every refused block named with its file, line and reason and nothing
//! written unless all read; the file read back at start, a bad one left out with its line; the
//! imported creatures found by `add`; the same line typed into `add`, logged whole so the
//! session replays alone; and `slotmark library import` through the real binary.

mod screen;

use ratatui::crossterm::event::KeyCode;
use screen::{code, key, play};
use slotmark::content::bestiary::{self, Bestiary, ImportError};
use slotmark::content::{ContentError, ap, bdp, phase};
use slotmark::dice::ScriptedDice;
use slotmark::rules::RulesetId;
use slotmark::rules::statline;
use slotmark::script::{Line, parse_line};
use slotmark::session::{Command, Session, SessionState, replay};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};
use std::sync::Once;

/// Three creatures written as the books write them, with a preamble and a section title.
const GOOD: &str = "\
Creatures of the old road, for the test.

# Bestiary
## Troll
12 HP, 1 Armor, 16 STR, 6 DEX, 8 WIL, claws (d8+d8)
- Lanky creatures; what they lose grows back.
- Critical damage: it starts eating its victim.
  It does not stop.

## Cacklemaw
4 HP, 1 Armor, 12 STR, 14 DEX, 8 WIL, sword or musket (d8, ranged) or bite (d6)
";

/// Odd but readable: another order and spelling, a missing STR and WIL, `detachment`, a tag.
const ODD: &str = "\
# Goblin mob

   armour 0, hp 8, DEX 10, knives (d6, blast, venom), detachment
* Twelve goblins on one sheet.

#  Wisp
3 HP, 14 DEX, 2 WIL, touch (d4)
";

/// Every way a block can be broken, one per block; the line each is refused on is in
/// `BROKEN_LINES`.
const BROKEN: &str = "\
# Ogre
12 STR, club (d10)

# Harpy
- flies over the pass

# Ghoul
6 HP, 12 CHA, claws (d6)

# Rat
2 HP, 2 HP, bite (d4)

# Slime
5 HP, 10 STR, 10 DEX, 10 WIL, ooze (d7x)

# Bat
1 HP, bite

#
3 HP, bite (d4)

# Troll
3 HP, bite (d4)

# Lich

";

const BROKEN_LINES: &[(usize, &str)] = &[
    (2, "no HP"),
    (5, "first line is a note"),
    (8, "'12 CHA' is not a stat or an attack"),
    (11, "HP is given twice"),
    (14, "'d7x' is not dice"),
    (17, "'bite' has no dice"),
    (19, "the heading has no name"),
    (23, "Troll is already read, from "),
    (25, "Lich has no stat line"),
];

/// Lines one ruleset reads and another does not.
const STRAINS: &str = "\
# Dragon
30 HP, 4 Armor, 18 STR, 12 DEX, 16 WIL, bite (d12) or breath (d12, blast)

# Ogre brute
10 HP, 1 Armor, 16 STR, 8 DEX, 6 WIL, club (2d6)

# Giant
20 HP, 18 STR, 8 DEX, 8 WIL, fist (d20)
";

/// The folder of the test: files read in name order, so the good ones come first.
fn folder(with_broken: bool, with_strains: bool) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("a_good.md"), GOOD).unwrap();
    fs::write(dir.path().join("b_odd.txt"), ODD).unwrap();
    fs::write(dir.path().join("notes.json"), "{ not a stat block }").unwrap();
    if with_broken {
        fs::write(dir.path().join("c_broken.md"), BROKEN).unwrap();
    }
    if with_strains {
        fs::write(dir.path().join("d_strains.md"), STRAINS).unwrap();
    }
    dir
}

fn place(e: &ContentError) -> (String, usize, String) {
    match e {
        ContentError::Syntax {
            file,
            line,
            message,
            ..
        } => (
            Path::new(file)
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned(),
            *line,
            message.clone(),
        ),
        other => panic!("a file and line were expected: {other}"),
    }
}

fn names(blocks: &[statline::StatBlock]) -> Vec<&str> {
    blocks.iter().map(|b| b.name.as_str()).collect()
}

#[test]
fn the_stat_line_reads_every_part_the_family_writes() {
    let b = statline::parse_line(
        "Troll",
        "12 HP, 1 Armor, 16 STR, 6 DEX, 8 WIL, claws (d8+d8)",
        1,
        1,
    )
    .unwrap();
    assert_eq!((b.hp, b.armor, b.str, b.dex, b.wil), (12, 1, 16, 6, 8));
    assert_eq!(b.attacks.len(), 1);
    assert_eq!(b.attacks[0].strikes.len(), 2, "d8+d8 is two strikes");
    let b = statline::parse_line(
        "Horse",
        "4 HP, 12 STR, 12 DEX, 9 WIL, bite or kick (d6)",
        1,
        1,
    )
    .unwrap();
    assert_eq!(
        b.attacks.iter().map(|a| a.text()).collect::<Vec<_>>(),
        ["bite (d6)", "kick (d6)"]
    );
    let b = statline::parse_line("Mob", "8 HP, spears (2d6, blast), detachment", 1, 1).unwrap();
    assert!(b.detachment);
    assert_eq!((b.str, b.dex, b.wil, b.armor), (10, 10, 10, 0), "defaults");
    assert_eq!(b.attacks[0].tags, ["blast"]);
    assert_eq!(
        b.line(),
        "8 HP, 10 STR, 10 DEX, 10 WIL, spears (2d6, blast), detachment"
    );
    // The column of a mistake is where it starts on the line.
    let e = statline::parse_line("Bat", "1 HP, bite (d7x)", 3, 5).unwrap_err();
    assert_eq!((e.line, e.column), (3, 5 + "1 HP, bite (".len()), "{e}");
}

#[test]
fn an_import_reads_the_good_refuses_every_broken_block_with_its_line_and_writes_nothing() {
    let src = folder(true, false);
    let data = tempfile::tempdir().unwrap();
    for rules in [RulesetId::Phase, RulesetId::Bdp, RulesetId::Ap] {
        let report = bestiary::import(src.path(), rules, data.path()).unwrap();
        assert_eq!(
            names(&report.read),
            ["Troll", "Cacklemaw", "Goblin mob", "Wisp"],
            "{rules:?}"
        );
        let refused: Vec<(String, usize, String)> = report.refused.iter().map(place).collect();
        assert_eq!(refused.len(), BROKEN_LINES.len(), "{rules:?}: {refused:#?}");
        for ((file, line, message), (want_line, want)) in refused.iter().zip(BROKEN_LINES) {
            assert_eq!(file, "c_broken.md");
            assert_eq!(line, want_line, "{message}");
            assert!(message.contains(want), "line {line}: {message}");
        }
        assert!(refused[7].2.contains("a_good.md:5"), "{}", refused[7].2);
        assert!(report.written.is_none(), "nothing is half-imported");
        assert!(
            fs::read_dir(data.path()).unwrap().next().is_none(),
            "no file was made"
        );
    }
}

/// A ruleset, the creatures it reads, and the lines it refuses with a piece of each reason.
type Case = (
    RulesetId,
    &'static [&'static str],
    &'static [(usize, &'static str)],
);

#[test]
fn each_ruleset_refuses_what_its_rules_cannot_hold() {
    let src = folder(false, true);
    let data = tempfile::tempdir().unwrap();
    let cases: [Case; 3] = [
        (
            RulesetId::Phase,
            &["Troll", "Cacklemaw", "Goblin mob", "Wisp"],
            &[
                (
                    2,
                    "Dragon: Armor 4 is more than phase's DR allows: 0 to 3 (K20)",
                ),
                (5, "Ogre brute's club (2d6): an attack in phase is one die"),
                (
                    8,
                    "Giant's fist (d20): an attack in phase is one die of d2, d4",
                ),
            ],
        ),
        (
            RulesetId::Ap,
            &["Troll", "Cacklemaw", "Goblin mob", "Wisp", "Giant"],
            &[
                (2, "Dragon: Armor 4 is more than ap allows: 0 to 3 (A29)"),
                (
                    5,
                    "Ogre brute's club (2d6): a weapon in ap has one object die (A26)",
                ),
            ],
        ),
        (
            RulesetId::Bdp,
            &[
                "Troll",
                "Cacklemaw",
                "Goblin mob",
                "Wisp",
                "Dragon",
                "Ogre brute",
                "Giant",
            ],
            &[],
        ),
    ];
    for (rules, read, refused) in cases {
        let report = bestiary::import(src.path(), rules, data.path()).unwrap();
        assert_eq!(names(&report.read), read, "{rules:?}");
        let got: Vec<(String, usize, String)> = report.refused.iter().map(place).collect();
        assert_eq!(got.len(), refused.len(), "{rules:?}: {got:#?}");
        for ((file, line, message), (want_line, want)) in got.iter().zip(refused) {
            assert_eq!(file, "d_strains.md");
            assert_eq!(line, want_line, "{message}");
            assert!(message.contains(want), "{rules:?} line {line}: {message}");
        }
        assert_eq!(report.written.is_some(), refused.is_empty(), "{rules:?}");
    }
    // Only bdp's was written.
    assert!(bestiary::file_of(data.path(), RulesetId::Bdp).exists());
    assert!(!bestiary::file_of(data.path(), RulesetId::Phase).exists());
    assert!(!bestiary::file_of(data.path(), RulesetId::Ap).exists());
}

#[test]
fn the_slot_system_and_actiondie_say_why_they_read_no_stat_line() {
    let src = folder(false, false);
    let data = tempfile::tempdir().unwrap();
    for (rules, why) in [
        (RulesetId::Slots, "no HP and no STR"),
        (RulesetId::ActionDie, "dice on a ladder"),
    ] {
        match bestiary::import(src.path(), rules, data.path()) {
            Err(ImportError::NotMapped(m)) => assert!(m.contains(why), "{m}"),
            other => panic!("{rules:?}: {other:?}"),
        }
    }
    match bestiary::import(&src.path().join("none"), RulesetId::Phase, data.path()) {
        Err(ImportError::Source { message, .. }) => assert!(message.contains("cannot be read")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_clean_import_is_kept_as_versioned_ron_and_read_back_mapped_per_ruleset() {
    let src = folder(false, false);
    let data = tempfile::tempdir().unwrap();
    for rules in [RulesetId::Phase, RulesetId::Bdp, RulesetId::Ap] {
        let report = bestiary::import(src.path(), rules, data.path()).unwrap();
        let file = report.written.unwrap();
        let text = fs::read_to_string(&file).unwrap();
        assert!(text.contains("format_version: 1"), "{text}");
        assert!(text.contains(&format!("rules: {rules:?}")), "{text}");
        // Importing again replaces by name, never doubles.
        let again = bestiary::import(src.path(), rules, data.path()).unwrap();
        assert_eq!(again.replaced.len(), 4);
    }
    let loaded = bestiary::load(data.path());
    assert!(loaded.refused.is_empty(), "{:?}", loaded.refused);
    let troll = |rules| {
        loaded
            .of(rules)
            .find(|b| b.name == "Troll")
            .unwrap()
            .clone()
    };
    // phase: DR from Armor (K20), one attack per strike (K19), the notes as its text.
    let t = phase::from_stat(&troll(RulesetId::Phase)).unwrap();
    assert_eq!(
        (t.hp, t.dr, t.str, t.dex, t.wil, t.hd),
        (12, 1, 16, 6, 8, 3)
    );
    let attacks: Vec<(&str, u16)> = t.attacks.iter().map(|a| (a.name.as_str(), a.die)).collect();
    assert_eq!(attacks, [("claws 1", 8), ("claws 2", 8)]);
    assert_eq!(
        t.about,
        "Lanky creatures; what they lose grows back. Critical damage: it starts eating its \
         victim. It does not stop."
    );
    let mob = phase::from_stat(
        loaded
            .of(RulesetId::Phase)
            .find(|b| b.name == "Goblin mob")
            .unwrap(),
    )
    .unwrap();
    assert_eq!(mob.attacks[0].tags, [phase::Tag::Blast]);
    assert!(mob.about.contains("detachment"), "{}", mob.about);
    assert!(mob.about.contains("knives (venom)"), "{}", mob.about);
    // bdp: no armour value (B31): a note on the sheet; each strike an attack to HP.
    let t = bdp::from_stat(&troll(RulesetId::Bdp)).unwrap();
    assert_eq!((t.hp, t.str, t.slots), (12, 16, 10));
    assert_eq!(t.attacks[1].line(), "claws 2: d8 to HP");
    assert!(t.notes[0].contains("B31"), "{:?}", t.notes);
    let sheet = bdp::try_bundled().unwrap().sheet(&t, "Troll");
    assert!(
        sheet.notes.iter().any(|n| n.contains("Armor 1")),
        "{sheet:?}"
    );
    // ap: armor (A29), the strikes as weapons (A26, A27), ranged (A30), a detachment (A31).
    let t = ap::from_stat(&troll(RulesetId::Ap)).unwrap();
    assert_eq!(t.armor, 1);
    assert_eq!(t.weapon, Some(("claws 1".to_string(), 8)));
    assert_eq!(t.also, [("claws 2".to_string(), 8, false)]);
    assert_eq!(t.group, "troll");
    let cackle = ap::from_stat(
        loaded
            .of(RulesetId::Ap)
            .find(|b| b.name == "Cacklemaw")
            .unwrap(),
    )
    .unwrap();
    assert!(cackle.ranged);
    assert_eq!(cackle.also[1], ("bite".to_string(), 6, false));
    let mob = ap::from_stat(
        loaded
            .of(RulesetId::Ap)
            .find(|b| b.name == "Goblin mob")
            .unwrap(),
    )
    .unwrap();
    assert!(mob.detachment);
}

#[test]
fn a_refused_import_leaves_the_bestiary_already_there_as_it_was() {
    let data = tempfile::tempdir().unwrap();
    bestiary::import(folder(false, false).path(), RulesetId::Phase, data.path()).unwrap();
    let file = bestiary::file_of(data.path(), RulesetId::Phase);
    let before = fs::read(&file).unwrap();
    let report =
        bestiary::import(folder(true, false).path(), RulesetId::Phase, data.path()).unwrap();
    assert!(report.written.is_none());
    assert_eq!(fs::read(&file).unwrap(), before);
    // A damaged file is never written over.
    fs::write(&file, "(format_version: 1, rules: Phase, creat").unwrap();
    let e =
        bestiary::import(folder(false, false).path(), RulesetId::Phase, data.path()).unwrap_err();
    assert!(matches!(e, ImportError::Existing(_)), "{e}");
    assert_eq!(
        fs::read(&file).unwrap(),
        b"(format_version: 1, rules: Phase, creat"
    );
}

#[test]
fn a_bad_bestiary_file_is_left_out_with_its_line_and_the_rest_stand() {
    let data = tempfile::tempdir().unwrap();
    bestiary::import(folder(false, false).path(), RulesetId::Ap, data.path()).unwrap();
    // ap's file, edited by hand: Wisp's armor raised past what ap takes.
    let ap_file = bestiary::file_of(data.path(), RulesetId::Ap);
    let text = fs::read_to_string(&ap_file).unwrap();
    let wisp = text.find("name: \"Wisp\"").unwrap();
    let armor = wisp + text[wisp..].find("armor: 0").unwrap();
    let wisp_line = text[..wisp].matches('\n').count() + 1;
    fs::write(
        &ap_file,
        format!(
            "{}armor: 9{}",
            &text[..armor],
            &text[armor + "armor: 0".len()..]
        ),
    )
    .unwrap();
    // phase's file is damaged on its third line; bdp's names another ruleset.
    fs::write(
        bestiary::file_of(data.path(), RulesetId::Phase),
        "(\n    slotmark_version: \"0.1.0\",\n    format_version: one,\n)",
    )
    .unwrap();
    fs::write(
        bestiary::file_of(data.path(), RulesetId::Bdp),
        text.replace("rules: Ap", "rules: Phase"),
    )
    .unwrap();
    let loaded = bestiary::load(data.path());
    let kept: Vec<&str> = loaded.of(RulesetId::Ap).map(|b| b.name.as_str()).collect();
    assert_eq!(kept, ["Troll", "Cacklemaw", "Goblin mob"]);
    assert_eq!(loaded.of(RulesetId::Phase).count(), 0);
    assert_eq!(loaded.of(RulesetId::Bdp).count(), 0);
    let said: Vec<String> = loaded.refused.iter().map(|e| e.to_string()).collect();
    assert_eq!(said.len(), 3, "{said:#?}");
    assert!(
        said.iter()
            .any(|e| e.contains(&format!("ap.ron:{wisp_line}:")) && e.contains("Wisp is left out")),
        "{said:#?}"
    );
    assert!(said.iter().any(|e| e.contains("phase.ron:3:")), "{said:#?}");
    assert!(
        said.iter()
            .any(|e| e.contains("bdp.ron") && e.contains("ruleset phase, not bdp")),
        "{said:#?}"
    );
}

/// The bestiary this test binary's sessions read: the good folder imported into phase, bdp
/// and ap, installed once before any verb looks (a process reads it once).
fn installed() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let src = folder(false, false);
        let data = tempfile::tempdir().unwrap().keep();
        for rules in [RulesetId::Phase, RulesetId::Bdp, RulesetId::Ap] {
            bestiary::import(src.path(), rules, &data).unwrap();
        }
        let loaded: Bestiary = bestiary::load(&data);
        assert!(
            bestiary::install(loaded),
            "nothing read the bestiary before"
        );
    });
}

fn command(s: &Session, line: &str) -> Command {
    match parse_line(line, s.state()) {
        Ok(Line::Command(c)) => c,
        other => panic!("{line}: {other:?}"),
    }
}

fn run(s: &mut Session, line: &str) -> String {
    let c = command(s, line);
    let entry = s
        .execute(c, &mut ScriptedDice::new([]))
        .unwrap_or_else(|e| panic!("{line}: {e}"));
    format!("{:?}", entry.command)
}

fn roster(s: &Session) -> Vec<String> {
    s.state()
        .game
        .roster()
        .into_iter()
        .flat_map(|g| g.members)
        .map(|m| m.name)
        .collect()
}

#[test]
fn imported_creatures_are_in_each_rulesets_bestiary_and_add_finds_them() {
    installed();
    // ap names every sheet it adds; phase and bdp number one left unnamed.
    for (rules, first, named) in [
        (RulesetId::Phase, "add troll", "Troll 1"),
        (RulesetId::Bdp, "add troll", "Troll 1"),
        (RulesetId::Ap, "add Tor troll", "Tor"),
    ] {
        let mut s = Session::new(SessionState::new("t", rules));
        run(&mut s, first);
        let logged = run(&mut s, "add Grub troll");
        assert!(logged.contains("claws 2"), "{rules:?}: {logged}");
        assert_eq!(roster(&s), [named, "Grub"], "{rules:?}");
        assert_eq!(&replay(s.initial(), s.entries()).unwrap(), s.state());
    }
    assert!(phase::library().creature("Wisp").is_ok());
    assert!(bdp::library().creature("Cacklemaw").is_ok());
    assert!(ap::library().creature("Goblin mob").is_ok());
    // The bundled ones are still there.
    assert!(phase::library().creature("Goblin").is_ok());
}

#[test]
fn add_with_a_stat_line_makes_the_creature_in_one_logged_step_that_replays_alone() {
    installed();
    let line = "add Cave troll: 12 HP, 2 Armor, 16 STR, 10 DEX, 8 WIL, claws (d8+d8)";
    for (rules, holds) in [
        (
            RulesetId::Phase,
            &["hp: 12", "dr: 2", "str: 16", "\"claws 2\""][..],
        ),
        (
            RulesetId::Bdp,
            &["hp: 12", "str: 16", "Armor 2", "claws 2: d8 to HP"][..],
        ),
        (
            RulesetId::Ap,
            &["armor: 2", "\"claws 2\"", "die: Some(8)"][..],
        ),
    ] {
        let mut s = Session::new(SessionState::new("t", rules));
        let logged = run(&mut s, line);
        for h in holds {
            assert!(logged.contains(h), "{rules:?} lacks {h}: {logged}");
        }
        assert_eq!(roster(&s), ["Cave troll"], "{rules:?}");
        assert_eq!(s.entries().len(), 1, "one step");
        // The whole creature is in the step: replay reads no bestiary.
        assert_eq!(&replay(s.initial(), s.entries()).unwrap(), s.state());
    }
}

#[test]
fn a_bad_stat_line_in_add_is_refused_at_its_column_and_changes_nothing() {
    installed();
    let cases: [(RulesetId, &str, usize, &str); 5] = [
        (
            RulesetId::Phase,
            "add Bat: 1 HP, bite",
            16,
            "'bite' has no dice",
        ),
        (
            RulesetId::Bdp,
            "add Bat: 1 HP, bite (d7x)",
            22,
            "'d7x' is not dice",
        ),
        (RulesetId::Ap, "add Bat: 12 STR, bite (d4)", 10, "no HP"),
        (
            RulesetId::Phase,
            "add Drake: 9 HP, 5 Armor, bite (d8)",
            12,
            "(K20)",
        ),
        (RulesetId::Ap, "add Bat:", 9, "stat line after the colon"),
    ];
    for (rules, line, column, why) in cases {
        let s = Session::new(SessionState::new("t", rules));
        let e = parse_line(line, s.state()).unwrap_err();
        assert_eq!(e.column, Some(column), "{line}: {e}");
        assert!(e.to_string().contains(why), "{line}: {e}");
    }
}

#[test]
fn the_add_forms_bestiary_field_offers_the_imported_creatures() {
    installed();
    for rules in [RulesetId::Phase, RulesetId::Bdp, RulesetId::Ap] {
        let session = Session::new(SessionState::new("t", rules));
        let mut app = slotmark::tui::app::App::with_session(
            session,
            None,
            slotmark::tui::app::Dice::scripted([]),
        )
        .with_theme(slotmark::tui::theme::Theme::plain());
        // The imported creatures come after the bundled ones: one step back from "none" is the
        // last of them.
        let p = play(
            &mut app,
            "add from the bestiary",
            vec![key('n'), code(KeyCode::Left), code(KeyCode::Enter)],
        );
        let logged = format!("{:?}", p.logged);
        assert!(
            logged.contains("Wisp") && logged.contains("touch"),
            "{rules:?}: {logged}\n{}",
            p.text
        );
    }
}

// ---- the real binary

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

    fn run(&self, args: &[&str]) -> Output {
        std::process::Command::new(env!("CARGO_BIN_EXE_slotmark"))
            .args(args)
            .current_dir(self.dir.path())
            .env("XDG_CONFIG_HOME", self.path("config"))
            .env("XDG_DATA_HOME", self.path("data"))
            .env("HOME", self.dir.path())
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .output()
            .unwrap()
    }

    fn bestiary(&self, rules: &str) -> PathBuf {
        self.path(&format!("data/slotmark/bestiary/{rules}.ron"))
    }
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn library_import_through_the_binary_prints_the_counts_and_every_refused_line() {
    let bench = Bench::new();
    let beasts = folder(true, false);
    let src = beasts.path().to_str().unwrap();
    let out = bench.run(&["library", "import", src, "--rules", "phase"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.starts_with("Read 4 creatures for ruleset phase.\n"),
        "{said}"
    );
    for (line, why) in BROKEN_LINES {
        assert!(
            said.lines()
                .any(|l| l.contains(&format!("c_broken.md:{line}:")) && l.contains(why)),
            "line {line}: {said}"
        );
    }
    assert!(
        text(&out.stderr).contains("9 stat block(s) refused; nothing was imported"),
        "{}",
        text(&out.stderr)
    );
    assert!(!bench.bestiary("phase").exists());

    // Without the broken file, all four land, and the rest of slotmark sees them.
    fs::remove_file(beasts.path().join("c_broken.md")).unwrap();
    let out = bench.run(&["library", "import", src, "--rules", "phase"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("Read 4 creatures for ruleset phase.\n"));
    assert!(bench.bestiary("phase").exists());
    let help = text(&bench.run(&["help", "library", "--rules", "phase"]).stdout);
    assert!(
        help.contains("  Troll: HD 3, HP 12, STR 16 DEX 6 WIL 8, DR 1; claws 1 d8, claws 2 d8"),
        "{help}"
    );
    assert!(help.contains("Your own creatures"), "{help}");
    fs::write(
        bench.path("fight.slotmark"),
        "add troll\nadd Bog: 5 HP, bite (d6)\n",
    )
    .unwrap();
    let out = bench.run(&[
        "run",
        "fight.slotmark",
        "--rules",
        "phase",
        "--out",
        "fight.ron",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    // The session replays and verifies with the bestiary gone.
    fs::remove_file(bench.bestiary("phase")).unwrap();
    let out = bench.run(&["replay", "fight.ron", "--verify"]);
    assert!(out.status.success(), "{}", text(&out.stderr));

    // A ruleset that reads no stat line says why; clap refuses an unknown one.
    let out = bench.run(&["library", "import", src, "--rules", "slots"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("does not read stat lines"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(
        bench
            .run(&["library", "import", src, "--rules", "nope"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn a_damaged_bestiary_file_is_said_at_start_and_never_stops_slotmark() {
    let bench = Bench::new();
    fs::create_dir_all(bench.path("data/slotmark/bestiary")).unwrap();
    fs::write(
        bench.bestiary("bdp"),
        "(\n  format_version: 1,\n  rules: Bdp,\n  creatures: [ (\n",
    )
    .unwrap();
    fs::write(bench.path("s.slotmark"), "add wolf\n").unwrap();
    let out = bench.run(&["run", "s.slotmark", "--rules", "bdp"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("bestiary:") && text(&out.stderr).contains("bdp.ron:"),
        "{}",
        text(&out.stderr)
    );
    let out = bench.run(&["help", "library", "--rules", "bdp"]);
    assert!(out.status.success());
    assert!(
        text(&out.stdout).contains("left out: "),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn a_byte_order_mark_before_the_first_creature_keeps_it() {
    let data = tempfile::tempdir().unwrap();
    let stats = tempfile::tempdir().unwrap();
    let file = stats.path().join("notepad.md");
    fs::write(
        &file,
        "\u{feff}# Troll\n12 HP, 1 Armor, 16 STR, 6 DEX, 8 WIL, claws (d8+d8)\n\n\
         # Wisp\n2 HP, 4 DEX, touch (d4)\n",
    )
    .unwrap();
    let report = bestiary::import(&file, RulesetId::Phase, data.path()).unwrap();
    assert!(report.refused.is_empty(), "{:?}", report.refused);
    assert_eq!(names(&report.read), ["Troll", "Wisp"]);
}

#[test]
fn an_import_too_large_to_read_back_is_refused_before_anything_is_written() {
    let data = tempfile::tempdir().unwrap();
    let stats = tempfile::tempdir().unwrap();
    bestiary::import(folder(false, false).path(), RulesetId::Phase, data.path()).unwrap();
    let file = bestiary::file_of(data.path(), RulesetId::Phase);
    let before = fs::read(&file).unwrap();
    // 16,000 creatures in two files of 8,000, each file within the 1 MB a stat-block file may
    // be: a bestiary of them would be over the 8 MB slotmark reads back.
    // (The bench of a long import reads 10,000 of them, in one file within that limit.)
    assert!(bestiary::sample_blocks(0, 10_000).len() < 1 << 20);
    for (i, name) in ["a.md", "b.md"].into_iter().enumerate() {
        let blocks = bestiary::sample_blocks(i * 8000, 8000);
        fs::write(stats.path().join(name), blocks).unwrap();
    }
    let e = bestiary::import(stats.path(), RulesetId::Phase, data.path()).unwrap_err();
    let said = e.to_string();
    assert!(matches!(e, ImportError::Write(_)), "{said}");
    assert!(
        said.contains("more than the 8.0 MB slotmark reads back, so nothing was written")
            && said.contains("import fewer stat blocks"),
        "{said}"
    );
    assert_eq!(fs::read(&file).unwrap(), before, "the bestiary was changed");
    // The creatures imported before are still read at start.
    let loaded = bestiary::load(data.path());
    assert_eq!(
        loaded.of(RulesetId::Phase).count(),
        4,
        "{:?}",
        loaded.refused
    );
}

#[test]
fn a_bestiary_from_a_newer_slotmark_is_left_out_saying_so_at_its_line() {
    let data = tempfile::tempdir().unwrap();
    bestiary::import(folder(false, false).path(), RulesetId::Phase, data.path()).unwrap();
    let file = bestiary::file_of(data.path(), RulesetId::Phase);
    let text = fs::read_to_string(&file).unwrap();
    let line = text
        .lines()
        .position(|l| l.contains("format_version"))
        .unwrap()
        + 1;
    fs::write(
        &file,
        text.replace("format_version: 1,", "format_version: 5,"),
    )
    .unwrap();
    let loaded = bestiary::load(data.path());
    assert_eq!(loaded.of(RulesetId::Phase).count(), 0);
    let said: Vec<String> = loaded.refused.iter().map(|e| e.to_string()).collect();
    assert!(
        said.len() == 1
            && said[0].contains(&format!(
                "phase.ron:{line}:1: this bestiary file was written by a newer slotmark (format 5;"
            )),
        "{said:?}"
    );
}

#[test]
fn a_bestiary_too_large_to_read_is_left_out_in_its_own_words() {
    let data = tempfile::tempdir().unwrap();
    bestiary::import(folder(false, false).path(), RulesetId::Phase, data.path()).unwrap();
    let file = bestiary::file_of(data.path(), RulesetId::Phase);
    let mut text = fs::read_to_string(&file).unwrap();
    text.push_str(&"// padding\n".repeat(800_000));
    fs::write(&file, text).unwrap();
    let loaded = bestiary::load(data.path());
    let said: Vec<String> = loaded.refused.iter().map(|e| e.to_string()).collect();
    assert!(
        said.len() == 1
            && said[0]
                .contains("the bestiary is 8.4 MB; slotmark reads bestiary files of up to 8.0 MB")
            && !said[0].contains("session"),
        "{said:?}"
    );
}

proptest::proptest! {
    /// Any text as a stat-block file or a stat line is read or refused with a line, never a
    /// panic (bytes cut inside a letter, brackets left open, `or` at either end...).
    #[test]
    fn any_text_as_stat_blocks_is_read_or_refused_never_a_panic(
        text in "(# ?[A-Za-zé ]{0,8}\n|[0-9]{1,3} (HP|Armor|STR|DEX|WIL),? ?|[a-zé ]{0,6}|\\(|\\)|d[0-9]{0,3}|\\+|or |, |- |\n){0,40}"
    ) {
        let (read, refused) = statline::parse_file(&text);
        for e in &refused {
            proptest::prop_assert!(e.line >= 1 && e.line <= text.lines().count().max(1));
        }
        for r in &read {
            proptest::prop_assert!(!r.block.attacks.is_empty());
            proptest::prop_assert!(r.block.hp >= 1);
        }
        for line in text.lines() {
            let _ = statline::parse_line("Beast", line, 1, 1);
        }
    }
}
