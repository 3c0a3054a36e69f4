//! The bestiaries other tools keep, imported as they ship: Kettlewright's bestiary JSON
//! (`tests/fixtures/kettlewright/`) and Foundry's Cairn monster packs in both their shapes
//! (`tests/fixtures/foundry/`), told from books by their content; each creature's fields; a
//! damaged file refused whole at its place and untouched; each unreadable creature listed with
//! its line and reason; `--strict` all or nothing; the same creature imported twice; the size
//! limit; and the binary's words.

use slotmark::content::bestiary::{self, Mode, Report};
use slotmark::content::{ContentError, phase};
use slotmark::rules::RulesetId;
use slotmark::rules::statline::StatBlock;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Stdio;

fn fixture(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(path)
}

fn strict(path: &Path, rules: RulesetId, data: &Path) -> Report {
    bestiary::import(path, rules, data, Mode::AllOrNothing).unwrap()
}

fn every(path: &Path, rules: RulesetId, data: &Path) -> Report {
    bestiary::import(path, rules, data, Mode::EveryReadable).unwrap()
}

fn block<'a>(read: &'a [StatBlock], name: &str) -> &'a StatBlock {
    read.iter()
        .find(|b| b.name == name)
        .unwrap_or_else(|| panic!("{name} was not read"))
}

fn attacks(b: &StatBlock) -> Vec<String> {
    b.attacks.iter().map(|a| a.text()).collect()
}

fn numbers(b: &StatBlock) -> (u8, u8, u8, u8, u8) {
    (b.hp, b.armor, b.str, b.dex, b.wil)
}

/// (file name, line, column, message) of a refusal.
fn place(e: &ContentError) -> (String, usize, usize, String) {
    match e {
        ContentError::Syntax {
            file,
            line,
            column,
            message,
        } => (
            Path::new(file)
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned(),
            *line,
            *column,
            message.clone(),
        ),
        other => panic!("not placed: {other:?}"),
    }
}

#[test]
fn kettlewrights_bestiary_imports_all_84_creatures_with_each_field() {
    let file = fixture("kettlewright/bestiary.json");
    let data = tempfile::tempdir().unwrap();
    for rules in [RulesetId::Phase, RulesetId::Bdp, RulesetId::Ap] {
        let report = strict(&file, rules, data.path());
        assert!(
            report.refused.is_empty(),
            "{rules:?}: {:#?}",
            report.refused
        );
        assert_eq!(report.read.len(), 84, "{rules:?}");
        let skipped: Vec<_> = report.skipped.iter().map(place).collect();
        assert_eq!(skipped.len(), 1, "{skipped:?}");
        assert_eq!(
            (skipped[0].1, skipped[0].3.as_str()),
            (1082, "Reaction Roll is a table, not a creature")
        );
        assert!(report.written.is_some());
    }
    let report = strict(&file, RulesetId::Phase, tempfile::tempdir().unwrap().path());
    let read = &report.read;

    let troll = block(read, "Troll");
    assert_eq!(numbers(troll), (14, 1, 14, 12, 4));
    assert_eq!(attacks(troll), ["bite (d10)", "claws (d8+d8)"]);
    assert!(!troll.detachment);
    assert_eq!(troll.notes.len(), 2);
    assert!(troll.notes[1].starts_with("When taking Critical Damage, a Troll"));

    // No Attack at all: a creature with none, its other fields all there.
    let boggart = block(read, "Boggart");
    assert_eq!(numbers(boggart), (3, 0, 4, 17, 13));
    assert!(boggart.attacks.is_empty());
    assert_eq!(
        boggart.notes[2],
        "Magic: The Boggart can bring objects to life, sow confusion, create magical \
         disguises, use telekinesis, and teleport."
    );

    let hound = block(read, "Hellhound");
    assert_eq!(numbers(hound), (8, 0, 12, 15, 9));
    assert_eq!(attacks(hound), ["bite (d8)", "fire breath (d6, blast)"]);
    assert!(hound.attacks[1].has("blast") && !hound.attacks[0].has("blast"));

    let hydra = block(read, "Hydra");
    assert_eq!(numbers(hydra), (12, 2, 13, 7, 12));
    assert!(hydra.detachment);
    assert_eq!(attacks(hydra), ["bite (d12, blast)"]);

    // The ruleset maps them as it maps the books' creatures.
    let loaded = bestiary::load(data.path());
    assert!(loaded.refused.is_empty(), "{:?}", loaded.refused);
    let hound = loaded
        .of(RulesetId::Phase)
        .find(|b| b.name == "Hellhound")
        .unwrap();
    let hound = phase::from_stat(hound).unwrap();
    assert_eq!(hound.attacks[1].tags, [phase::Tag::Blast]);
}

#[test]
fn foundrys_packs_read_the_same_creatures_in_both_shapes() {
    let data = tempfile::tempdir().unwrap();
    let old = strict(
        &fixture("foundry/monsters-data.db"),
        RulesetId::Phase,
        data.path(),
    );
    let new = strict(
        &fixture("foundry/monsters-system.db"),
        RulesetId::Phase,
        data.path(),
    );
    for report in [&old, &new] {
        assert!(report.refused.is_empty(), "{:#?}", report.refused);
        assert!(report.skipped.is_empty(), "{:#?}", report.skipped);
        assert_eq!(report.read.len(), 6);
    }
    assert_eq!(old.read, new.read, "the two shapes hold the same creatures");
    // The second import replaces each creature of the first, named alike.
    assert_eq!(new.replaced.len(), 6);

    let read = &new.read;
    let troll = block(read, "Troll");
    // Its hide is an item giving 1 Armor; its talons are 2d6k, the books' d6+d6.
    assert_eq!(numbers(troll), (6, 1, 14, 12, 10));
    assert_eq!(attacks(troll), ["Talons (d6+d6)", "Bite (d8)"]);
    assert!(troll.notes[0].starts_with("Wicked, 8\u{2019} tall humanoids"));
    assert!(
        troll
            .notes
            .iter()
            .all(|n| !n.contains('<') && !n.contains("&rsquo;"))
    );

    let boggart = block(read, "Boggart");
    assert_eq!(numbers(boggart), (3, 0, 4, 17, 13));
    assert!(boggart.attacks.is_empty());
    assert!(!boggart.notes.is_empty());

    // The system's `*` after an attack's name is its mark, not the name.
    let gorilla = block(read, "Gorilla");
    assert_eq!(attacks(gorilla), ["Fists (d6+d6)"]);
    // A save with no dice is an attack the judge rules.
    let medusa = block(read, "Medusa");
    assert_eq!(attacks(medusa), ["Snake Bites (d6)", "Gaze (save)"]);
    // An item that is no attack and no armour is kept in the notes.
    let fish = block(read, "Giant Sturgeon");
    assert_eq!(fish.armor, 2);
    assert!(fish.attacks.is_empty());
    assert_eq!(fish.notes.last().unwrap(), "Swallow Whole.");
}

/// A Foundry actor with one item, as its JSON export writes one.
fn actor(name: &str, item: &str) -> String {
    format!(
        r#"{{"name":"{name}","type":"npc","system":{{"hp":{{"value":6,"max":6}},"abilities":{{"STR":{{"value":12,"max":12}},"DEX":{{"value":11,"max":11}},"WIL":{{"value":9,"max":9}}}},"description":"<p>Hand-made for the test.</p>","armor":null}},"items":[{item}]}}"#
    )
}

#[test]
fn a_foundry_attack_with_blast_reads_its_tag_and_a_character_is_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("actors.json");
    let blast = r#"{"name":"Fire Breath","type":"item","system":{"damageFormula":"d8","blast":true,"armor":0,"equipped":true}}"#;
    let pc = r#"{"name":"Rook","type":"character","system":{"hp":{"value":4,"max":4}},"items":[]}"#;
    fs::write(&file, format!("[{},\n{pc}]", actor("Salamander", blast))).unwrap();
    let report = strict(&file, RulesetId::Bdp, dir.path());
    assert!(report.refused.is_empty(), "{:#?}", report.refused);
    let salamander = block(&report.read, "Salamander");
    assert_eq!(attacks(salamander), ["Fire Breath (d8, blast)"]);
    assert_eq!(salamander.notes, ["Hand-made for the test."]);
    let skipped: Vec<_> = report.skipped.iter().map(place).collect();
    assert_eq!(skipped.len(), 1);
    assert_eq!(
        (skipped[0].1, skipped[0].3.as_str()),
        (2, "Rook is a Foundry character, not a creature")
    );
}

#[test]
fn a_file_is_read_by_what_it_holds_not_its_name() {
    let dir = tempfile::tempdir().unwrap();
    let renamed = dir.path().join("monsters.txt");
    fs::copy(fixture("kettlewright/bestiary.json"), &renamed).unwrap();
    let data = tempfile::tempdir().unwrap();
    assert_eq!(strict(&renamed, RulesetId::Ap, data.path()).read.len(), 84);
    // A folder takes the books and the JSON together.
    fs::copy(
        fixture("foundry/monsters-data.db"),
        dir.path().join("monsters.db"),
    )
    .unwrap();
    fs::write(
        dir.path().join("more.md"),
        "# Cave Bat\n2 HP, 6 STR, 14 DEX, 5 WIL, bite (d4)\n",
    )
    .unwrap();
    let report = every(dir.path(), RulesetId::Ap, data.path());
    // Files are read in name order: the pack's six, the bat, then Kettlewright's, where the
    // three the pack had are already read, and listed so.
    assert_eq!(report.read.len(), 6 + 1 + 84 - 3);
    let refused: Vec<_> = report.refused.iter().map(place).collect();
    assert_eq!(refused.len(), 3, "{refused:#?}");
    for ((file, line, _, message), (want_line, name)) in
        refused
            .iter()
            .zip([(96, "Boggart"), (548, "Mind Lasher"), (903, "Troll")])
    {
        assert_eq!(
            (file.as_str(), *line),
            ("monsters.txt", want_line),
            "{message}"
        );
        assert!(
            message.starts_with(&format!("{name} is already read, from ")),
            "{message}"
        );
    }
}

#[test]
fn a_damaged_json_file_is_refused_whole_at_its_place_and_left_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let text = fs::read_to_string(fixture("kettlewright/bestiary.json")).unwrap();
    // A comma lost after the Troll's HP: the file stops reading at its Armor, line 905.
    let damaged = text.replacen(
        "\"Name\": \"Troll\",\n      \"HP\": 14,",
        "\"Name\": \"Troll\",\n      \"HP\": 14",
        1,
    );
    assert_ne!(damaged, text);
    let file = dir.path().join("bestiary.json");
    fs::write(&file, &damaged).unwrap();
    let data = tempfile::tempdir().unwrap();
    let report = every(&file, RulesetId::Phase, data.path());
    assert!(report.read.is_empty());
    assert!(report.written.is_none());
    let refused: Vec<_> = report.refused.iter().map(place).collect();
    assert_eq!(refused.len(), 1, "{refused:?}");
    let (name, line, column, message) = &refused[0];
    assert_eq!((name.as_str(), *line), ("bestiary.json", 905), "{message}");
    assert!(*column > 1, "{column}");
    assert!(message.contains("damaged JSON"), "{message}");
    assert!(fs::read_dir(data.path()).unwrap().next().is_none());
    assert_eq!(fs::read_to_string(&file).unwrap(), damaged);

    // Cut off: said so, at the end.
    let cut = &text[..text.len() / 2];
    fs::write(&file, cut).unwrap();
    let report = every(&file, RulesetId::Phase, data.path());
    let (_, line, _, message) = place(&report.refused[0]);
    assert!(message.contains("ends too early"), "{message}");
    assert_eq!(line, cut.lines().count());

    // A damaged line of a Foundry pack refuses the pack, not the folder's other files.
    let pack = fs::read_to_string(fixture("foundry/monsters-system.db")).unwrap();
    let mut lines: Vec<&str> = pack.lines().collect();
    let third = &lines[2][..lines[2].len() - 40];
    lines[2] = third;
    fs::write(dir.path().join("bestiary.json"), &text).unwrap();
    fs::write(dir.path().join("pack.db"), lines.join("\n")).unwrap();
    let report = every(dir.path(), RulesetId::Phase, data.path());
    assert_eq!(report.read.len(), 84);
    let refused: Vec<_> = report.refused.iter().map(place).collect();
    assert_eq!(refused.len(), 1, "{refused:?}");
    // The third line lost its end: reading stops where the fourth one opens.
    assert_eq!(
        (refused[0].0.as_str(), refused[0].1, refused[0].2),
        ("pack.db", 4, 1)
    );
    assert!(report.written.is_some());
}

#[test]
fn each_unreadable_creature_is_listed_with_its_line_and_strict_imports_none() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("beasts.json");
    fs::write(
        &file,
        r#"{
  "Random Monster": [
    {"Name": "Wolf", "HP": 3, "STR": 12, "DEX": 14, "WIL": 6, "Attack": "bite (d6)"},
    {"Name": "Ogre", "HP": "lots", "STR": 16, "Attack": "club (d10)"},
    {"Name": "Harpy", "HP": 5, "Attack": "claws"},
    {"Name": "Ghost", "HP": 0},
    {"Name": "Rat", "HP": 2, "Traits": [3]},
    7
  ]
}"#,
    )
    .unwrap();
    let data = tempfile::tempdir().unwrap();
    let report = every(&file, RulesetId::Bdp, data.path());
    assert_eq!(report.read.len(), 1);
    assert_eq!(report.read[0].name, "Wolf");
    let refused: Vec<(usize, String)> = report
        .refused
        .iter()
        .map(place)
        .map(|(_, l, _, m)| (l, m))
        .collect();
    let want = [
        (4, "Ogre: HP is text, not a number"),
        (5, "Harpy: 'claws' has no dice"),
        (6, "Ghost: HP is 1 to 99, not 0"),
        (7, "Rat: a trait is a number, not text"),
        (7, "a creature is an object with a Name, not a number"),
    ];
    assert_eq!(refused.len(), want.len(), "{refused:#?}");
    for ((line, message), (want_line, want)) in refused.iter().zip(want) {
        assert!(message.contains(want), "{message} / {want}");
        assert_eq!(*line, want_line, "{message}");
    }
    assert!(report.written.is_some());
    let before = fs::read(report.written.unwrap()).unwrap();

    // All or nothing: the bestiary stays as it was.
    let report = strict(&file, RulesetId::Bdp, data.path());
    assert!(report.written.is_none());
    assert_eq!(
        fs::read(bestiary::file_of(data.path(), RulesetId::Bdp)).unwrap(),
        before
    );
}

#[test]
fn a_json_file_over_the_size_limit_is_refused_before_it_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("huge.json");
    let mut text = String::from("{\"Random Monster\": []}");
    text.push_str(&" ".repeat(slotmark::content::MAX_USER_FILE_BYTES as usize));
    fs::write(&file, text).unwrap();
    let report = every(&file, RulesetId::Phase, dir.path());
    assert!(report.read.is_empty() && report.written.is_none());
    assert!(
        report.refused[0].to_string().contains("up to 1 MB"),
        "{}",
        report.refused[0]
    );
}

#[test]
fn library_import_through_the_binary_takes_kettlewrights_file() {
    let home = tempfile::tempdir().unwrap();
    let run = |path: &Path| {
        std::process::Command::new(env!("CARGO_BIN_EXE_slotmark"))
            .args([
                "library",
                "import",
                path.to_str().unwrap(),
                "--rules",
                "phase",
            ])
            .env("XDG_CONFIG_HOME", home.path().join("config"))
            .env("XDG_DATA_HOME", home.path().join("data"))
            .env("HOME", home.path())
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .output()
            .unwrap()
    };
    let out = run(&fixture("kettlewright/bestiary.json"));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        said.starts_with("Read 84 creatures for ruleset phase.\n"),
        "{said}"
    );
    assert!(
        said.contains("bestiary.json:1082:1: Reaction Roll is a table, not a creature"),
        "{said}"
    );
    // Again: each replaces the one of its name, as any import does.
    let out = run(&fixture("kettlewright/bestiary.json"));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("Troll replaces the one of that name already there."),
        "{said}"
    );
}

proptest::proptest! {
    /// Any text that looks like JSON is read, refused or skipped with a line, never a panic:
    /// cut anywhere, bytes of a letter apart, values of every kind where numbers go.
    #[test]
    fn any_json_like_text_reads_or_is_refused_with_a_line(
        cut in 0usize..4000,
        junk in "[\\[\\]{}\",:0-9a-zA-Z \\n\u{e9}\u{2019}-]{0,200}",
    ) {
        let pack = include_str!("fixtures/foundry/monsters-system.db");
        let mut end = cut.min(pack.len());
        while !pack.is_char_boundary(end) {
            end -= 1;
        }
        for text in [format!("{}{junk}", &pack[..end]), format!("[{junk}"), format!("{{{junk}")] {
            let parsed = bestiary::read_creatures(&text);
            let lines = text.lines().count().max(1);
            for e in parsed.refused.iter().chain(&parsed.skipped) {
                proptest::prop_assert!(e.line >= 1 && e.line <= lines + 1, "{e:?}");
            }
        }
    }
}

#[test]
fn a_pack_written_as_a_log_keeps_each_actors_last_line_and_drops_the_deleted() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("monsters.db");
    let mut lines: Vec<String> = fs::read_to_string(fixture("foundry/monsters-data.db"))
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    // The Troll written again with more HP, and the Gorilla deleted, as Foundry's packs before
    // version 11 append them.
    let troll = lines[5].replace(
        "\"hp\":{\"value\":6,\"max\":6}",
        "\"hp\":{\"value\":9,\"max\":9}",
    );
    assert_ne!(troll, lines[5]);
    lines.push(troll);
    let gorilla: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
    lines.push(format!(r#"{{"$$deleted":true,"_id":{}}}"#, gorilla["_id"]));
    fs::write(&pack, lines.join("\n")).unwrap();
    let report = strict(&pack, RulesetId::Phase, dir.path());
    assert!(report.refused.is_empty(), "{:#?}", report.refused);
    let names: Vec<&str> = report.read.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Boggart",
            "Medusa",
            "Giant Sturgeon",
            "Mind Lasher",
            "Troll"
        ]
    );
    assert_eq!(block(&report.read, "Troll").hp, 9);

    // A Kettlewright character handed to the bestiary says where it goes.
    let report = every(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/kettlewright/bram.json"),
        RulesetId::Phase,
        dir.path(),
    );
    assert!(
        report.refused[0]
            .to_string()
            .contains("Bram is a Kettlewright character, not a creature"),
        "{}",
        report.refused[0]
    );
}
