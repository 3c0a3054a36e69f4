//! The recap (`export --markdown`) records each state change the screen shows: for every
//! ruleset a short session is played through `run`, and every field of `show` (which prints
//! what the screen's panels show) that the session changed must be found in the recap.

use slotmark::cli::{self, RunOptions};
use slotmark::rules::RulesetId;
use slotmark::session::Session;
use slotmark::store::Store;

/// Runs `script` through `run` in a new session of `rules` with these faces, and opens what it
/// saved.
fn ran(rules: RulesetId, script: &str, dice: &[u16]) -> Session {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("script.txt");
    std::fs::write(&path, script).unwrap();
    let out = dir.path().join("s.ron");
    let opts = RunOptions {
        script: path,
        session: None,
        dice: Some(dice.to_vec()),
        seed: None,
        out: Some(out.clone()),
        strict: false,
        rules,
    };
    let mut printed = Vec::new();
    cli::run_script(&opts, slotmark::content::active(), &mut printed)
        .unwrap_or_else(|e| panic!("{e}\n{}", String::from_utf8_lossy(&printed)));
    Store::open(&out).unwrap().session
}

/// phase: casting Fly makes its target fly, sure until the end of a turn (K40); the screen and
/// `show` spell the sure turn, and so must the recap, as the spell lands.
#[test]
fn phase_the_recap_keeps_a_flights_sure_turn() {
    let s = ran(
        RulesetId::Phase,
        "add Ana pc 6 12 14 9\nlearn Ana fly scroll level 2\ncast Ana fly on Ana\n",
        &[10; 8],
    );
    let sure = "flying, sure until the end of turn 3 (Fly from Ana)";
    let shown = slotmark::export::show(&s, Some("Ana")).unwrap();
    assert!(shown.contains(sure), "{shown}");
    let recap = slotmark::export::markdown(&s);
    assert!(recap.contains(&format!("- Ana is {sure}")), "{recap}");
}

/// The lines `after` has more of than `before`.
fn added(before: &str, after: &str) -> Vec<String> {
    let mut left: Vec<&str> = before.lines().collect();
    let mut out = Vec::new();
    for line in after.lines() {
        match left.iter().position(|l| *l == line) {
            Some(i) => {
                left.remove(i);
            }
            None => out.push(line.to_string()),
        }
    }
    out
}

/// Plays `setup`, then each line of `play` after it, through `run`. Each line that changes
/// what `show` prints of a character must add to the recap a line that names that character
/// and holds every piece of `show` the line brought for them, where `fields` lists one;
/// returns what is missing.
fn silent_changes(rules: RulesetId, setup: &str, play: &[(&str, &[u16], &[&str])]) -> Vec<String> {
    let mut script = setup.to_string();
    let mut faces: Vec<u16> = Vec::new();
    let mut before = ran(rules, &script, &faces);
    let mut missing = Vec::new();
    for (line, dice, fields) in play {
        script.push_str(line);
        script.push('\n');
        faces.extend_from_slice(dice);
        let after = ran(rules, &script, &faces);
        let new_lines = added(
            &slotmark::export::markdown(&before),
            &slotmark::export::markdown(&after),
        );
        let told = new_lines.join("\n");
        let names: Vec<String> = after
            .state()
            .game
            .roster()
            .iter()
            .flat_map(|g| g.members.iter().map(|m| m.name.clone()))
            .collect();
        for name in &names {
            let old = slotmark::export::show(&before, Some(name)).unwrap_or_default();
            let new = slotmark::export::show(&after, Some(name)).unwrap();
            if old == new {
                continue;
            }
            if !new_lines.iter().any(|l| l.contains(name.as_str())) {
                missing.push(format!(
                    "`{line}` changes {name}'s sheet and the recap says nothing of {name}:\n{}",
                    added(&old, &new).join("\n")
                ));
            }
        }
        for field in *fields {
            if !told.contains(field) {
                missing.push(format!(
                    "`{line}`: the recap does not say {field:?}:\n{told}"
                ));
            }
        }
        before = after;
    }
    missing
}

/// Asserts nothing is missing.
fn recorded(rules: RulesetId, setup: &str, play: &[(&str, &[u16], &[&str])]) {
    let missing = silent_changes(rules, setup, play);
    assert!(missing.is_empty(), "{}", missing.join("\n\n"));
}

#[test]
fn slots_the_recap_records_each_change_of_the_sheet() {
    recorded(
        RulesetId::Slots,
        "add Aria players kit fighter\nadd Grol opponents\n",
        &[
            ("wound Aria 3 open", &[], &["Aria: open wound in slot 3"]),
            ("mark Aria 5 B", &[], &["Aria: B marked in slot 5"]),
            ("fatigue Aria 6", &[], &["Aria: fatigue marked in slot 6"]),
            ("status Aria prone", &[], &["Aria is prone"]),
            ("suffocate Grol", &[], &["Grol: A marked in slot 1"]),
            ("drop Grol", &[], &["Grol drops the backpack"]),
            ("put Grol 6 Spear", &[], &["Grol puts Spear in slot 6"]),
            ("twohands Grol 6", &[], &["Grol takes Spear in both hands"]),
            ("cold Aria", &[], &["Aria is exposed to extreme cold"]),
        ],
    );
}

#[test]
fn phase_the_recap_records_each_change_of_the_sheet() {
    recorded(
        RulesetId::Phase,
        "add Ana pc 6 12 14 9\nadd Gob creature 3 8 12 7\n",
        &[
            (
                "learn Ana fly scroll level 2",
                &[],
                &["Ana now holds Fly (scroll, L2)"],
            ),
            (
                "cast Ana fly on Ana",
                &[10; 8],
                &["Ana is flying, sure until the end of turn 3 (Fly from Ana)"],
            ),
            ("arm Ana sword", &[], &["Ana takes up a Sword (d6, thrown)"]),
            ("wear Ana gambeson shield", &[], &["Ana now has DR 2"]),
            ("take Ana food", &[], &["Ana takes food (7 rations)"]),
            ("coins Ana +40", &[], &["Ana now has 40 coins"]),
            ("mark Gob tripped for 1 turn", &[], &["Gob is tripped"]),
            ("injure Ana brokenarm right", &[], &["a broken arm (right)"]),
            ("reaction Gob negative", &[], &["Gob is negative"]),
            ("group Gob goblins", &[], &["Gob is in group goblins"]),
            ("flag Ana face", &[], &["Ana is the party's face"]),
            ("harm Gob 2", &[], &["Gob loses 2 HP (HP 1/3)"]),
        ],
    );
}

#[test]
fn bdp_the_recap_records_each_change_of_the_sheet() {
    recorded(
        RulesetId::Bdp,
        "add Ana pc 10 12 8 6\nadd Rat creature 3 14 4 2 4\n",
        &[
            ("tag Ana career thief", &[], &["Ana: career thief"]),
            (
                "tag Ana background sailor",
                &[],
                &["Ana: background sailor"],
            ),
            (
                "carry Ana Mail heavy",
                &[],
                &["Ana carries Mail [heavy armour] in slot 1"],
            ),
            (
                "carry Ana Waterskin waterskin right",
                &[],
                &["Ana carries Waterskin (d8) [right hand] in slot 2"],
            ),
            (
                "carry Ana Moss uncommon swamp",
                &[],
                &["Ana carries Moss [uncommon swamp ingredient] in slot 3"],
            ),
            ("block Ana", &[], &["Ana: Fatigue (block) in slot 4"]),
            (
                "wound Ana burn light larm",
                &[],
                &["Ana: Light burn (Left Arm) in slot 5"],
            ),
            ("rest Ana perilous", &[], &["Ana's rest tonight: Perilous"]),
            ("eat Ana fresh", &[], &["Ana keeps a Fresh meal down"]),
            ("expose Ana gas", &[], &["Ana is exposed to noxious gas"]),
            ("dawn Rat", &[], &["Rat joins the dawn"]),
            ("cared Ana", &[], &["Ana is rested and cared for"]),
            (
                "remark Ana a scar on the cheek",
                &[],
                &["Ana: a scar on the cheek"],
            ),
        ],
    );
}

#[test]
fn ap_the_recap_records_each_change_of_the_sheet() {
    recorded(
        RulesetId::Ap,
        "add Ana pc party 11 12 8 6\nadd Gob npc goblins 8 10 8 4\n",
        &[
            ("carry Ana Sword d8 weapon", &[], &["Ana carries Sword d8"]),
            (
                "carry Ana Shield shield",
                &[],
                &["Ana carries Shield [shield]"],
            ),
            ("carry Ana Rope", &[], &["Ana carries Rope"]),
            (
                "scar Ana 3",
                &[],
                &["winded: deprived until a few hours' rest"],
            ),
            ("scar Ana 7", &[], &["hamstrung: Move gives 1 space"]),
            // A35: each scar that waits on a recovery says so, and what it will roll.
            (
                "scar Ana 5",
                &[],
                &["Ana has a recovery pending: disease cured: 2d6 vs max HP"],
            ),
            (
                "recovered Ana 1",
                &[4],
                &["Ana no longer has a recovery pending: rested a few hours"],
            ),
            (
                "jot Ana owes the ferryman",
                &[],
                &["Ana: owes the ferryman"],
            ),
        ],
    );
}

#[test]
fn actiondie_the_recap_records_each_change_of_the_sheet() {
    recorded(
        RulesetId::ActionDie,
        "add Ana pc d8 d6 d6 d4 10\nadd Ogre creature d8 d6 d6 d4 12\n",
        &[
            ("damage Ogre 4", &[], &["Ogre takes 4: HP 8/12"]),
            (
                "carry Ana Sword damage d6 held",
                &[],
                &["Ana carries Sword d6 slash [held]"],
            ),
            ("damage Ana 3 from Ogre fist", &[], &[]),
            ("set Ana hp 9", &[], &[]),
        ],
    );
}

#[test]
fn plain_the_recap_records_each_change_of_the_sheet() {
    recorded(
        RulesetId::Plain,
        "add Ana 8\nadd Ogre 20 others\n",
        &[
            ("fight Ana Ogre", &[], &["A fight starts: Ana, Ogre"]),
            ("damage Ana 3", &[], &["Ana loses 3 HP (5 left)"]),
        ],
    );
}

/// The test's own reading: a step that changes a sheet and leaves the recap silent is found.
#[test]
fn a_change_the_recap_leaves_out_is_found() {
    // A field the recap does not hold is named.
    let missing = silent_changes(
        RulesetId::Plain,
        "add Ana 8\n",
        &[("damage Ana 3", &[], &["Ana is on fire"])],
    );
    assert_eq!(missing.len(), 1, "{missing:?}");
    assert!(added("a\nb\nb\n", "b\na\nb\nb\nc\n") == ["b", "c"]);
}
