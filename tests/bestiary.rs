//! The judge's own bestiary: stat blocks in the Cairn family's one line read from a folder of
//! files written for the test (well-formed, odd and broken ones) into each ruleset that reads
//! them (phase, bdp, ap), every refused block named with its file, line and reason, the rest
//! written, and nothing with `--strict`; the Cairn books' own bestiaries as they print them
//! (`tests/fixtures/cairn/`); the file read back at start, a bad one left out with its line; the
//! imported creatures found by `add`; the same line typed into `add`, logged whole so the
//! session replays alone; and `slotmark library import` through the real binary.

mod screen;

use ratatui::crossterm::event::KeyCode;
use screen::{code, key, play};
use slotmark::content::bestiary::{self, Bestiary, ImportError, Mode};
use slotmark::content::{ContentError, ap, bdp, phase};
use slotmark::dice::ScriptedDice;
use slotmark::rules::RulesetId;
use slotmark::rules::statline;
use slotmark::script::{Line, parse_line};
use slotmark::session::{Command, Session, SessionState, replay};
use slotmark::store;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};
use std::sync::Once;

/// An import all or nothing (`--strict`), what the tests of refusals count on.
fn strict(path: &Path, rules: RulesetId, data: &Path) -> Result<bestiary::Report, ImportError> {
    bestiary::import(path, rules, data, Mode::AllOrNothing)
}

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
    // A file of another kind (no book, no JSON) is not read from a folder.
    fs::write(dir.path().join("notes.yaml"), "not: a stat block").unwrap();
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
        let report = strict(src.path(), rules, data.path()).unwrap();
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
        let report = strict(src.path(), rules, data.path()).unwrap();
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
        match strict(src.path(), rules, data.path()) {
            Err(ImportError::NotMapped(m)) => assert!(m.contains(why), "{m}"),
            other => panic!("{rules:?}: {other:?}"),
        }
    }
    match strict(&src.path().join("none"), RulesetId::Phase, data.path()) {
        Err(ImportError::Source { message, .. }) => assert!(message.contains("cannot be read")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_clean_import_is_kept_as_versioned_ron_and_read_back_mapped_per_ruleset() {
    let src = folder(false, false);
    let data = tempfile::tempdir().unwrap();
    for rules in [RulesetId::Phase, RulesetId::Bdp, RulesetId::Ap] {
        let report = strict(src.path(), rules, data.path()).unwrap();
        let file = report.written.unwrap();
        let text = fs::read_to_string(&file).unwrap();
        assert!(text.contains("format_version: 1"), "{text}");
        assert!(text.contains(&format!("rules: {rules:?}")), "{text}");
        // Importing again replaces by name, never doubles.
        let again = strict(src.path(), rules, data.path()).unwrap();
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
    strict(folder(false, false).path(), RulesetId::Phase, data.path()).unwrap();
    let file = bestiary::file_of(data.path(), RulesetId::Phase);
    let before = fs::read(&file).unwrap();
    let report = strict(folder(true, false).path(), RulesetId::Phase, data.path()).unwrap();
    assert!(report.written.is_none());
    assert_eq!(fs::read(&file).unwrap(), before);
    // A damaged file is never written over.
    fs::write(&file, "(format_version: 1, rules: Phase, creat").unwrap();
    let e = strict(folder(false, false).path(), RulesetId::Phase, data.path()).unwrap_err();
    assert!(matches!(e, ImportError::Existing(_)), "{e}");
    assert_eq!(
        fs::read(&file).unwrap(),
        b"(format_version: 1, rules: Phase, creat"
    );
}

#[test]
fn a_bad_bestiary_file_is_left_out_with_its_line_and_the_rest_stand() {
    let data = tempfile::tempdir().unwrap();
    strict(folder(false, false).path(), RulesetId::Ap, data.path()).unwrap();
    // ap's file, edited by hand (its checksum line deleted, as a refusal says to): Wisp's
    // armor raised past what ap takes.
    let ap_file = bestiary::file_of(data.path(), RulesetId::Ap);
    let text = without_checksum(&fs::read_to_string(&ap_file).unwrap());
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

/// A bestiary's text without its last line, the checksum: what a judge who edits the file by
/// hand deletes, and what a bestiary written before checksums never had.
fn without_checksum(text: &str) -> String {
    let at = text.rfind("// checksum: ").expect("a checksum line");
    assert!(!text[at..].trim_end().contains('\n'), "not the last line");
    text[..at].to_string()
}

/// The Cairn second edition's bestiary (84 creatures) imported into phase in `data`: the file
/// and its text.
fn imported_book(data: &Path) -> (PathBuf, String) {
    let report = strict(&cairn("second-edition/bestiary.md"), RulesetId::Phase, data).unwrap();
    let file = report.written.unwrap();
    let text = fs::read_to_string(&file).unwrap();
    (file, text)
}

/// The 1-based line of byte `at` of `text`.
fn line_of_byte(text: &[u8], at: usize) -> usize {
    text[..at].iter().filter(|&&b| b == b'\n').count() + 1
}

#[test]
fn every_byte_flipped_in_an_imported_bestiary_is_refused_at_its_place_or_reads_the_same() {
    let data = tempfile::tempdir().unwrap();
    let (path, text) = imported_book(data.path());
    let sum_line = text.trim_end().lines().count();
    assert!(
        text.lines()
            .nth(sum_line - 1)
            .unwrap()
            .starts_with("// checksum: "),
        "{text}"
    );
    let good = store::read_bestiary(&path).unwrap();
    let bytes = text.into_bytes();
    let mut refused = 0;
    // A seeded sample of places, each flipped one of three ways: a letter's neighbour, a byte
    // that is no longer UTF-8 on its own, a letter's case or a control character.
    let mut seed = 0xbe57_u64;
    let samples = 600;
    for _ in 0..samples {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let at = (seed >> 33) as usize % bytes.len();
        let flip = [0x01u8, 0x80, 0x20][(seed >> 20) as usize % 3];
        let mut bad = bytes.clone();
        bad[at] ^= flip;
        fs::write(&path, &bad).unwrap();
        let line = line_of_byte(&bad, at);
        match store::read_bestiary(&path) {
            Ok(read) => assert!(
                read.0 == good.0 && read.1 == good.1,
                "byte {at} ^ {flip:#x} read differently"
            ),
            Err(e) => {
                refused += 1;
                let named = match e {
                    store::StoreError::Unreadable { line, .. }
                    | store::StoreError::TooNew { line, .. } => line,
                    ref other => panic!("byte {at} ^ {flip:#x}: no line: {other}"),
                };
                assert_eq!(e.path(), path, "byte {at} ^ {flip:#x}: {e}");
                // The damaged block's first line, or the byte's own line when it is no longer
                // text or makes a newer format; a byte of the checksum line makes a block
                // (or that line) not match.
                assert!(
                    line >= sum_line || named == line || named == (line - 1) / 16 * 16 + 1,
                    "byte {at} ^ {flip:#x} on line {line} refused at line {named}: {e}"
                );
            }
        }
        assert_eq!(fs::read(&path).unwrap(), bad, "the bestiary was changed");
    }
    assert!(refused > samples * 9 / 10, "{refused} of {samples}");
}

#[test]
fn a_bestiary_damaged_where_it_still_reads_is_left_out_at_start_and_never_written_over() {
    let bench = Bench::new();
    let beasts = folder(false, false);
    let src = beasts.path().to_str().unwrap();
    let out = bench.run(&["library", "import", src, "--rules", "phase"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let file = bench.bestiary("phase");
    let good = fs::read_to_string(&file).unwrap();
    // The Troll's 12 HP become 13: the file still reads, with the creature changed.
    let hp = good.find("hp: 12").unwrap() + "hp: 1".len();
    let block = (line_of_byte(good.as_bytes(), hp) - 1) / 16 * 16 + 1;
    let mut damaged = good.clone().into_bytes();
    damaged[hp] = b'3';
    fs::write(&file, &damaged).unwrap();
    let place = format!("phase.ron:{block}:1: lines {block} to ");

    // At start it is left out with its file, line and reason; slotmark starts as usual.
    let loaded = bestiary::load(&bench.path("data/slotmark/bestiary"));
    assert_eq!(loaded.of(RulesetId::Phase).count(), 0);
    let said: Vec<String> = loaded.refused.iter().map(|e| e.to_string()).collect();
    assert!(
        said.len() == 1 && said[0].contains(&place) && said[0].contains("damaged"),
        "{said:?}"
    );
    fs::write(bench.path("s.slotmark"), "add wolf\n").unwrap();
    let out = bench.run(&["run", "s.slotmark", "--rules", "phase"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains(&place), "{}", text(&out.stderr));
    assert_eq!(fs::read(&file).unwrap(), damaged);

    // An import refuses to write over it, saying why, in the library and the binary.
    let e = strict(
        beasts.path(),
        RulesetId::Phase,
        &bench.path("data/slotmark/bestiary"),
    )
    .unwrap_err();
    assert!(matches!(e, ImportError::Existing(_)), "{e}");
    assert!(
        e.to_string()
            .contains("cannot be read, so nothing was written over it")
            && e.to_string().contains(&place),
        "{e}"
    );
    let out = bench.run(&["library", "import", src, "--rules", "phase"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    assert!(
        text(&out.stderr).contains("nothing was written over it")
            && text(&out.stderr).contains(&place),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(
        fs::read(&file).unwrap(),
        damaged,
        "the bestiary was written over"
    );

    // Its checksum line deleted, as the refusal says, the hand edit stands.
    let said = &said[0];
    assert!(said.contains("delete the bestiary's last line"), "{said}");
    fs::write(
        &file,
        without_checksum(&String::from_utf8(damaged).unwrap()),
    )
    .unwrap();
    let loaded = bestiary::load(&bench.path("data/slotmark/bestiary"));
    assert!(loaded.refused.is_empty(), "{:?}", loaded.refused);
    let troll = loaded
        .of(RulesetId::Phase)
        .find(|b| b.name == "Troll")
        .unwrap();
    assert_eq!(troll.hp, 13);
}

#[test]
fn a_bestiary_written_before_checksums_still_opens_and_the_next_import_adds_one() {
    let data = tempfile::tempdir().unwrap();
    let (path, text) = imported_book(data.path());
    let good = store::read_bestiary(&path).unwrap();
    // What this slotmark wrote before checksums: the same text without its last line.
    let older = without_checksum(&text);
    fs::write(&path, &older).unwrap();
    let read = store::read_bestiary(&path).unwrap();
    assert_eq!((read.0, &read.1), (good.0, &good.1));
    let loaded = bestiary::load(data.path());
    assert!(loaded.refused.is_empty(), "{:?}", loaded.refused);
    assert_eq!(loaded.of(RulesetId::Phase).count(), 84);
    // The next import keeps every creature and writes the file with its checksum.
    let report = strict(folder(false, false).path(), RulesetId::Phase, data.path()).unwrap();
    assert!(report.written.is_some());
    let now = fs::read_to_string(&path).unwrap();
    assert!(
        now.starts_with(&older[..older.find("creatures:").unwrap()]),
        "{now}"
    );
    assert!(
        now.trim_end()
            .lines()
            .last()
            .unwrap()
            .starts_with("// checksum: "),
        "{now}"
    );
    let loaded = bestiary::load(data.path());
    assert!(loaded.refused.is_empty(), "{:?}", loaded.refused);
    assert_eq!(
        loaded.of(RulesetId::Phase).count(),
        84 + 4 - report.replaced.len()
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
            strict(src.path(), rules, &data).unwrap();
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
    s.state().game.roster_names()
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
    let out = bench.run(&["library", "import", src, "--rules", "phase", "--strict"]);
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
        text(&out.stderr).contains("9 stat blocks refused; with --strict nothing was imported"),
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
    let report = strict(&file, RulesetId::Phase, data.path()).unwrap();
    assert!(report.refused.is_empty(), "{:?}", report.refused);
    assert_eq!(names(&report.read), ["Troll", "Wisp"]);
}

#[test]
fn an_import_too_large_to_read_back_is_refused_before_anything_is_written() {
    let data = tempfile::tempdir().unwrap();
    let stats = tempfile::tempdir().unwrap();
    strict(folder(false, false).path(), RulesetId::Phase, data.path()).unwrap();
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
    let e = strict(stats.path(), RulesetId::Phase, data.path()).unwrap_err();
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
    strict(folder(false, false).path(), RulesetId::Phase, data.path()).unwrap();
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
    strict(folder(false, false).path(), RulesetId::Phase, data.path()).unwrap();
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

// ---- the books as they print their creatures (tests/fixtures/cairn/README.md)

fn cairn(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/cairn")
        .join(path)
}

fn block<'a>(read: &'a [statline::StatBlock], name: &str) -> &'a statline::StatBlock {
    read.iter()
        .find(|b| b.name == name)
        .unwrap_or_else(|| panic!("{name} was not read"))
}

fn attacks(b: &statline::StatBlock) -> Vec<String> {
    b.attacks.iter().map(|a| a.text()).collect()
}

#[test]
fn the_stat_line_reads_markdown_emphasis_misspellings_and_odd_spaces() {
    // Emphasis around a keyword or a tag, in every way Markdown writes it.
    for (line, detachment) in [
        ("8 HP, bite (d6, _blast_), _detachment_", true),
        ("8 HP, bite (d6, *blast*), *detachment*", true),
        ("8 HP, bite (d6, __blast__), __detachment__", true),
        ("8 HP, bite (d6, **blast**), **detachment**", true),
        ("8 HP, bite (d6,blast)", false),
        ("8 HP, bite (d6 _blast_)", false),
    ] {
        let b = statline::parse_line("Hydra", line, 1, 1).unwrap();
        assert_eq!(b.detachment, detachment, "{line}");
        assert_eq!(attacks(&b), ["bite (d6, blast)"], "{line}");
    }
    // `WILL` and the like are read past; a missing DEX is the default.
    let b = statline::parse_line("Wolf", "6 HP, 12 STR, 8 WILL, bite (d8)", 1, 1).unwrap();
    assert_eq!((b.str, b.dex, b.wil), (12, statline::DEFAULT_ABILITY, 8));
    let b = statline::parse_line(
        "Ox",
        "6 HP, Strength 14, 9 Dexterity, 3 Will, horns (d6)",
        1,
        1,
    )
    .unwrap();
    assert_eq!((b.str, b.dex, b.wil), (14, 9, 3));
    // Non-breaking spaces, as the books have after a line and inside a name.
    let b = statline::parse_line(
        "Giant\u{a0}Draco",
        "14\u{a0}HP, 1 STR, bite\u{a0}or\u{a0}kick (d6)\u{a0}",
        1,
        1,
    )
    .unwrap();
    assert_eq!(b.name, "Giant Draco");
    assert_eq!((b.hp, b.str), (14, 1));
    assert_eq!(attacks(&b), ["bite (d6)", "kick (d6)"]);
    // No attack at all; an attack with words and no dice; words of a tag kept together.
    let b = statline::parse_line("Pixie", "3 HP, 3 STR, 15 DEX, 13 WIL", 1, 1).unwrap();
    assert!(b.attacks.is_empty());
    assert_eq!(b.line(), "3 HP, 3 STR, 15 DEX, 13 WIL");
    let b = statline::parse_line(
        "Basilisk",
        "10 HP, bite (d10) or gaze (save), horn (d10, ignores armor)",
        1,
        1,
    )
    .unwrap();
    assert_eq!(
        attacks(&b),
        ["bite (d10)", "gaze (save)", "horn (d10, ignores armor)"]
    );
    assert!(b.attacks[1].strikes.is_empty());
    // A mark between two letters is the name's own; a column still counts the marks.
    let b = statline::parse_line("Slime", "5 HP, acid_spit (d6)", 1, 1).unwrap();
    assert_eq!(b.attacks[0].name, "acid_spit");
    let e = statline::parse_line("Bat", "1 HP, _bite_ (d7x)", 3, 5).unwrap_err();
    assert_eq!((e.line, e.column), (3, 5 + "1 HP, _bite_ (".len()), "{e}");
}

#[test]
fn tables_and_words_between_the_creatures_are_skipped_and_said() {
    let text = "\
# Bestiary

## Monster Categories

| d20 | Group | Monsters |
| --- | ----- | -------- |
| 1 | Avian | Roc |

## How to read them
Each creature has a stat line, then notes (roll a d6 for how many).

## Ogre
12 hit points, club (d10)

## Roc
15 HP, 16 STR, 14 DEX, 12 WIL, beak (d12, _blast_), _detachment_

- **Huge**: _enormous_ birds.
";
    let parsed = statline::parse_file(text);
    // A mistyped stat line is refused, not skipped: its dice say it was meant as one.
    let refused: Vec<(usize, &str)> = parsed
        .refused
        .iter()
        .map(|e| (e.line, e.reason.as_str()))
        .collect();
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert_eq!(refused[0].0, 13);
    assert!(
        refused[0]
            .1
            .contains("'12 hit points' is not a stat or an attack"),
        "{refused:?}"
    );
    let skipped: Vec<(usize, &str)> = parsed
        .skipped
        .iter()
        .map(|e| (e.line, e.reason.as_str()))
        .collect();
    assert_eq!(
        skipped,
        [
            (3, "Monster Categories is a table, not a creature"),
            (9, "How to read them is words, not a creature"),
        ]
    );
    let roc = &parsed.read[0].block;
    assert_eq!(roc.notes, ["Huge: enormous birds."], "emphasis is not text");
    assert!(roc.detachment);
}

#[test]
fn the_second_editions_bestiary_reads_every_creature_with_each_field() {
    let text = fs::read_to_string(cairn("second-edition/bestiary.md")).unwrap();
    let parsed = statline::parse_file(&text);
    assert!(parsed.refused.is_empty(), "{:#?}", parsed.refused);
    assert_eq!(parsed.read.len(), 84);
    assert_eq!(parsed.skipped.len(), 1, "{:?}", parsed.skipped);
    assert_eq!(parsed.skipped[0].line, 10);
    assert!(
        parsed.skipped[0]
            .reason
            .contains("Monster Categories is a table")
    );
    let read: Vec<statline::StatBlock> = parsed.read.into_iter().map(|r| r.block).collect();

    let troll = block(&read, "Troll");
    assert_eq!(
        (troll.hp, troll.armor, troll.str, troll.dex, troll.wil),
        (14, 1, 14, 12, 4)
    );
    assert_eq!(attacks(troll), ["bite (d10)", "claws (d8+d8)"]);
    assert!(!troll.detachment);
    assert_eq!(troll.notes.len(), 2, "{:?}", troll.notes);
    assert!(
        troll
            .notes
            .iter()
            .all(|n| !n.contains('_') && !n.contains("**"))
    );

    let boggart = block(&read, "Boggart");
    assert_eq!(
        (
            boggart.hp,
            boggart.armor,
            boggart.str,
            boggart.dex,
            boggart.wil
        ),
        (3, 0, 4, 17, 13)
    );
    assert!(boggart.attacks.is_empty());
    assert_eq!(
        boggart.notes[2],
        "Magic: The Boggart can bring objects to life, sow confusion, create magical \
         disguises, use telekinesis, and teleport."
    );

    let horror = block(&read, "Burrowing Horror");
    assert_eq!(attacks(horror), ["bite (d10)", "acid squirt (d8, blast)"]);
    assert!(horror.attacks[1].has("blast"));

    let bones = block(&read, "Bone Construct");
    assert_eq!(
        (bones.hp, bones.armor, bones.str, bones.dex, bones.wil),
        (8, 3, 15, 5, 3)
    );
    assert!(bones.detachment);
    assert_eq!(attacks(bones), ["sharpened arms (d8+d8)"]);
    assert_eq!(bones.notes.len(), 2);

    let shadow = block(&read, "Shadow");
    assert_eq!(attacks(shadow), ["draining touch (d6, ignores armor)"]);
    let hydra = block(&read, "Hydra");
    assert!(hydra.detachment && hydra.attacks[0].has("blast"));
}

#[test]
fn the_second_editions_bestiary_imports_whole_into_each_ruleset() {
    let file = cairn("second-edition/bestiary.md");
    let data = tempfile::tempdir().unwrap();
    for rules in [RulesetId::Phase, RulesetId::Bdp, RulesetId::Ap] {
        let report = strict(&file, rules, data.path()).unwrap();
        assert!(
            report.refused.is_empty(),
            "{rules:?}: {:#?}",
            report.refused
        );
        assert_eq!(report.read.len(), 84, "{rules:?}");
        assert_eq!(report.skipped.len(), 1, "{rules:?}");
        assert!(report.written.is_some(), "{rules:?}");
    }
    let loaded = bestiary::load(data.path());
    assert!(loaded.refused.is_empty(), "{:?}", loaded.refused);
    let of = |rules, name: &str| loaded.of(rules).find(|b| b.name == name).unwrap().clone();
    // phase: the Boggart fights bare-handed (K19); the blast and the detachment are read.
    let boggart = phase::from_stat(&of(RulesetId::Phase, "Boggart")).unwrap();
    assert!(boggart.attacks.is_empty());
    assert!(
        boggart.line().ends_with("; unarmed d4"),
        "{}",
        boggart.line()
    );
    let horror = phase::from_stat(&of(RulesetId::Phase, "Burrowing Horror")).unwrap();
    assert_eq!(horror.attacks[1].tags, [phase::Tag::Blast]);
    let bones = phase::from_stat(&of(RulesetId::Phase, "Bone Construct")).unwrap();
    assert!(bones.about.contains("A detachment"), "{}", bones.about);
    let bog = bdp::from_stat(&of(RulesetId::Bdp, "Boggart")).unwrap();
    assert!(bog.line().ends_with("; no attack"), "{}", bog.line());
    let bones = ap::from_stat(&of(RulesetId::Ap, "Bone Construct")).unwrap();
    assert!(bones.detachment);
}

#[test]
fn the_first_editions_monster_pages_import_as_one_folder() {
    let folder = cairn("first-edition/monsters");
    assert_eq!(fs::read_dir(&folder).unwrap().count(), 145);
    let data = tempfile::tempdir().unwrap();
    let report = strict(&folder, RulesetId::Phase, data.path()).unwrap();
    assert!(report.refused.is_empty(), "{:#?}", report.refused);
    assert!(report.skipped.is_empty(), "{:#?}", report.skipped);
    assert_eq!(report.read.len(), 145);
    assert!(report.written.is_some());
    let troll = block(&report.read, "Troll");
    assert_eq!(
        (troll.hp, troll.armor, troll.str, troll.dex, troll.wil),
        (14, 1, 14, 12, 4)
    );
    assert_eq!(attacks(troll), ["claws (d8+d8)", "club (d10)"]);
    assert!(!troll.notes.is_empty());
    let air = block(&report.read, "Air Elemental");
    assert!(air.attacks.is_empty() && air.detachment);
    let draco = block(&report.read, "Giant Draco");
    assert_eq!(draco.hp, 6, "its heading has a non-breaking space");
    let kraken = block(&report.read, "Kraken");
    assert_eq!(attacks(kraken), ["arms (d10, blast)"]);
    let gnome = block(&report.read, "Gnome");
    assert_eq!(attacks(gnome), ["crossbow (d8, bulky)"]);
}

#[test]
fn a_folder_with_a_bad_file_imports_the_rest_and_strict_imports_none() {
    let src = folder(true, false);
    // A damaged file: bytes that are not text, on its third line.
    fs::write(
        src.path().join("e_damaged.md"),
        b"# Rat\n2 HP\n\xff\xfe bite (d4)\n",
    )
    .unwrap();
    let damaged = fs::read(src.path().join("e_damaged.md")).unwrap();
    let data = tempfile::tempdir().unwrap();
    let report = bestiary::import(
        src.path(),
        RulesetId::Phase,
        data.path(),
        Mode::EveryReadable,
    )
    .unwrap();
    assert_eq!(
        names(&report.read),
        ["Troll", "Cacklemaw", "Goblin mob", "Wisp"]
    );
    let refused: Vec<(String, usize, String)> = report.refused.iter().map(place).collect();
    assert_eq!(refused.len(), BROKEN_LINES.len() + 1, "{refused:#?}");
    for ((file, line, message), (want_line, want)) in refused.iter().zip(BROKEN_LINES) {
        assert_eq!(
            (file.as_str(), line),
            ("c_broken.md", want_line),
            "{message}"
        );
        assert!(message.contains(want), "line {line}: {message}");
    }
    let last = refused.last().unwrap();
    assert_eq!((last.0.as_str(), last.1), ("e_damaged.md", 3), "{last:?}");
    assert!(last.2.contains("not UTF-8"), "{last:?}");
    assert_eq!(fs::read(src.path().join("e_damaged.md")).unwrap(), damaged);
    let written = report.written.unwrap();
    let kept = bestiary::load(data.path());
    assert_eq!(kept.of(RulesetId::Phase).count(), 4);
    let before = fs::read(&written).unwrap();

    // All or nothing: the same folder writes nothing, and the bestiary stays as it was.
    let other = tempfile::tempdir().unwrap();
    let report = strict(src.path(), RulesetId::Phase, other.path()).unwrap();
    assert_eq!(report.read.len(), 4);
    assert!(report.written.is_none());
    assert!(fs::read_dir(other.path()).unwrap().next().is_none());
    let report = strict(src.path(), RulesetId::Phase, data.path()).unwrap();
    assert!(report.written.is_none());
    assert_eq!(fs::read(&written).unwrap(), before);
}

#[test]
fn library_import_through_the_binary_takes_the_book_and_lists_what_it_skipped() {
    let bench = Bench::new();
    let book = cairn("second-edition/bestiary.md");
    let out = bench.run(&[
        "library",
        "import",
        book.to_str().unwrap(),
        "--rules",
        "phase",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.starts_with("Read 84 creatures for ruleset phase.\n"),
        "{said}"
    );
    assert!(
        said.contains("skipped: ")
            && said.contains("bestiary.md:10:1: Monster Categories is a table, not a creature"),
        "{said}"
    );
    assert!(!said.contains("refused: "), "{said}");

    // A folder with broken blocks: the good ones come in, the others are listed.
    let beasts = folder(true, false);
    let src = beasts.path().to_str().unwrap();
    let out = bench.run(&["library", "import", src, "--rules", "bdp"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.starts_with("Read 4 creatures for ruleset bdp.\n"),
        "{said}"
    );
    assert_eq!(
        said.matches("refused: ").count(),
        BROKEN_LINES.len(),
        "{said}"
    );
    assert!(
        said.contains("9 stat blocks were refused and left out"),
        "{said}"
    );
    assert!(bench.bestiary("bdp").exists());
}

proptest::proptest! {
    /// Any text as a stat-block file or a stat line is read, refused or skipped with a line,
    /// never a panic (bytes cut inside a letter, brackets left open, `or` at either end,
    /// emphasis marks and non-breaking spaces anywhere...).
    #[test]
    fn any_text_as_stat_blocks_is_read_or_refused_never_a_panic(
        text in "(# ?[A-Za-zé ]{0,8}\n|[0-9]{1,3} (HP|Armor|STR|DEX|WILL?),? ?|[a-zé ]{0,6}|\\(|\\)|d[0-9]{0,3}|\\+|or |, |- |_|\\*\\*?|\u{a0}|\\| |\n){0,40}"
    ) {
        let parsed = statline::parse_file(&text);
        for e in parsed.refused.iter().chain(&parsed.skipped) {
            proptest::prop_assert!(e.line >= 1 && e.line <= text.lines().count().max(1));
        }
        for r in &parsed.read {
            proptest::prop_assert!(r.block.hp >= 1);
        }
        for line in text.lines() {
            let _ = statline::parse_line("Beast", line, 1, 1);
        }
    }
}
