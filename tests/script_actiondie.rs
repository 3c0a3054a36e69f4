//! Ruleset `actiondie`'s verbs: a verb for every command, the same errors for bad lines as
//! every ruleset, and a whole fight played headless through the real binary.

use slotmark::dice::ScriptedDice;
use slotmark::rules::actiondie::{Action, Command as C, State};
use slotmark::rules::{GameCommand, GameState, RulesetId};
use slotmark::script::{Line, parse_line};
use slotmark::session::{self, Session, SessionState};

fn session() -> Session {
    let mut s = Session::new(SessionState::new("test", RulesetId::ActionDie));
    for line in [
        "add Ana pc d8 d6 d6 d4 10 ar 1",
        "add Ogre creature 2d6 d4 d4 d4 12 move 4",
        "carry Ana Sword damage d8 slash",
        "hold Ana 1",
    ] {
        play(&mut s, line, &[]);
    }
    s
}

fn st(s: &Session) -> &State {
    match &s.state().game {
        GameState::ActionDie(st) => st,
        _ => panic!("an actiondie session was expected"),
    }
}

fn command(s: &Session, line: &str) -> C {
    match parse_line(line, s.state()) {
        Ok(Line::Command(session::Command::Game(GameCommand::ActionDie(c)))) => c,
        // A fight's start comes framed (the party always in, its creatures revealed).
        Ok(Line::Command(session::Command::Fight { start, .. })) => match *start {
            GameCommand::ActionDie(c) => c,
            other => panic!("{line}: {other:?}"),
        },
        other => panic!("{line} did not parse to an actiondie command: {other:?}"),
    }
}

fn play(s: &mut Session, line: &str, faces: &[u16]) {
    let c = command(s, line);
    s.execute(
        session::Command::Game(GameCommand::ActionDie(c)),
        &mut ScriptedDice::new(faces.iter().copied()),
    )
    .unwrap_or_else(|e| panic!("{line}: {e}"));
}

/// The name of a command's variant; the match is exhaustive, so a new command cannot be left
/// without a line below.
fn variant(c: &C) -> &'static str {
    match c {
        C::Add(_) => "Add",
        C::Roll { .. } => "Roll",
        C::Remove { .. } => "Remove",
        C::Set { .. } => "Set",
        C::Bag { .. } => "Bag",
        C::Status { .. } => "Status",
        C::Afraid { .. } => "Afraid",
        C::Resist { .. } => "Resist",
        C::Skill { .. } => "Skill",
        C::Learn { .. } => "Learn",
        C::Prepare { .. } => "Prepare",
        C::Carry { .. } => "Carry",
        C::Drop { .. } => "Drop",
        C::Hold { .. } => "Hold",
        C::Break { .. } => "Break",
        C::Note { .. } => "Note",
        C::Check(_) => "Check",
        C::Contest(_) => "Contest",
        C::Encumbrance { .. } => "Encumbrance",
        C::Accept => "Accept",
        C::AcceptAll => "AcceptAll",
        C::Rule { .. } => "Rule",
        C::Choose { .. } => "Choose",
        C::Cancel => "Cancel",
        C::Scene { .. } => "Scene",
        C::Pick { .. } => "Pick",
        C::RollInitiative => "RollInitiative",
        C::Next => "Next",
        C::Reevaluate { .. } => "Reevaluate",
        C::Join { .. } => "Join",
        C::Order { .. } => "Order",
        C::Move { .. } => "Move",
        C::Stand { .. } => "Stand",
        C::EndScene => "EndScene",
        C::Attack { .. } => "Attack",
        C::Damage(_) => "Damage",
        C::Exhaustion { .. } => "Exhaustion",
        C::Dismember { .. } => "Dismember",
        C::Dead { .. } => "Dead",
        C::Flee { .. } => "Flee",
        C::Rest { .. } => "Rest",
        C::Time { .. } => "Time",
    }
}

#[test]
fn every_command_has_a_verb() {
    let s = session();
    let lines = [
        "add Rat creature d4 d8 d6 0 3",
        "roll Cai pc",
        "remove Ogre",
        "set Ana dex d8",
        "set Ana hp 4",
        "bag Ana off",
        "status Ana bleeding",
        "afraid Ana the wyrm",
        "resist Ogre fire",
        "vulnerable Ogre lightning off",
        "skill Ana Climb +2",
        "learn Ana Whirl init d4",
        "prepare Ana 1 off",
        "carry Ana Arrows bundle 20",
        "drop Ana 1",
        "hold Ana 1 off",
        "break Ana 1",
        "remark Ana owes the ferryman",
        "check Ana dex skill Climb -1 adv needs sight vs 8 for the cliff",
        "contest Ana str adv against Ogre str for the door",
        "encumbrance Ana vs 5",
        "accept",
        "accept all",
        "rule fail",
        "choose 2",
        "cancel",
        "scene Ana Ogre for the bridge",
        "act Ana attack 1",
        "initiative",
        "next",
        "reevaluate Ana technique 1 2",
        "join Ogre other 2d6",
        "order Ogre Ana",
        "move Ana 3",
        "stand Ana",
        "end",
        "attack Ana 1 Ogre nocrit",
        "damage Ana Ogre 2d6 +1 fire nocrit from the brazier",
        "exhaust Ana down",
        "dismember Ana 3",
        "dead Ogre",
        "flee Ogre",
        "rest full Ana interrupted",
        "time 15",
    ];
    let mut seen: Vec<&str> = lines.iter().map(|l| variant(&command(&s, l))).collect();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), 42, "{seen:?}");
}

#[test]
fn verbs_read_what_the_judge_types() {
    let s = session();
    let ana = st(&s).characters[0].id;
    assert_eq!(
        command(&s, "act Ana attack"),
        C::Pick {
            who: ana,
            action: Action::Attack { item: Some(0) }
        },
        "the wielded weapon unless told"
    );
    assert_eq!(
        command(&s, "act Ana attack unarmed"),
        C::Pick {
            who: ana,
            action: Action::Attack { item: None }
        }
    );
    match command(&s, "check Ana awr +2 dis needs hearing") {
        C::Check(c) => {
            assert_eq!((c.roller.flat, c.roller.dis, c.target), (2, 1, None));
            assert_eq!(c.roller.needs.len(), 1);
        }
        other => panic!("{other:?}"),
    }
    match command(&s, "add Wyrm creature 5d12 2d8 3d10 0 100") {
        C::Add(n) => assert_eq!(n.base, [16, 7, 11, 0]),
        other => panic!("{other:?}"),
    }
}

#[test]
fn bad_lines_say_where_and_why() {
    let s = session();
    for (line, part) in [
        ("add Rat creature d5 d8 d6 0 3", "rung of the die ladder"),
        ("check Ana luck", "str, dex, awr or wil"),
        ("act Ana dance", "an action"),
        ("status Ana sleepy", "a status"),
        ("damage Ana", "damage dice"),
        ("drop Ana 0", "counts from 1"),
        ("contest Ana str Ogre str", "against"),
        ("check Zed str", "Zed"),
        ("time soon", "the minutes"),
    ] {
        let err = match parse_line(line, s.state()) {
            Err(e) => e.to_string(),
            Ok(l) => panic!("{line} parsed: {l:?}"),
        };
        assert!(err.contains(part), "{line}: {err}");
    }
}

/// The words a line's command says.
fn said(s: &mut Session, line: &str, faces: &[u16]) -> Vec<String> {
    let c = command(s, line);
    let entry = s
        .execute(
            session::Command::Game(GameCommand::ActionDie(c)),
            &mut ScriptedDice::new(faces.iter().copied()),
        )
        .unwrap_or_else(|e| panic!("{line}: {e}"));
    entry.events.iter().map(|e| format!("{e:?}")).collect()
}

#[test]
fn d17_an_attack_strikes_with_the_weapon_its_action_was_chosen_with() {
    let mut s = session();
    play(&mut s, "carry Ana Bow damage d6 stab", &[]);
    play(&mut s, "scene Ana Ogre for the ford", &[]);
    play(&mut s, "act Ana attack with Bow", &[]);
    play(&mut s, "act Ogre other", &[]);
    match command(&s, "attack Ana Ogre") {
        C::Attack { item, .. } => assert_eq!(item, Some(1), "the bow, not the sword in hand"),
        other => panic!("{other:?}"),
    }
    match command(&s, "attack Ana with sword Ogre") {
        C::Attack { item, .. } => assert_eq!(item, Some(0)),
        other => panic!("{other:?}"),
    }
    // initiative: Ana's bow 2, the Ogre's d6 5; the bow 4 + STR 4 on the Ogre
    play(&mut s, "initiative", &[2, 5]);
    let out = said(&mut s, "attack Ana Ogre", &[4]);
    assert!(out.iter().any(|l| l.contains("with Bow")), "{out:?}");
}

#[test]
fn d12_an_item_carried_with_held_is_in_hand_while_a_hand_is_free() {
    let mut s = session();
    play(&mut s, "carry Ana Dagger damage d4 stab held", &[]);
    assert!(st(&s).characters[0].items[1].held);
    assert_eq!(st(&s).characters[0].wielded(), Some(0));
    let c = command(&s, "carry Ana Torch held");
    let err = s
        .execute(
            session::Command::Game(GameCommand::ActionDie(c)),
            &mut ScriptedDice::new([]),
        )
        .unwrap_err()
        .to_string();
    assert!(err.contains("hands are full"), "{err}");
}

#[test]
fn d5_a_check_refuses_words_it_does_not_know_and_reads_disadv() {
    let s = session();
    match command(&s, "check Ana awr disadv") {
        C::Check(c) => assert_eq!((c.roller.dis, c.why.as_str()), (1, "")),
        other => panic!("{other:?}"),
    }
    for line in ["check Ana awr sideways", "check Ana awr vs 5 quietly"] {
        let err = parse_line(line, s.state()).unwrap_err().to_string();
        assert!(
            err.contains("adv, dis") && err.contains("for WHY"),
            "{line}: {err}"
        );
    }
    match command(&s, "check Ana awr vs 5 for the tracks") {
        C::Check(c) => assert_eq!((c.target, c.why.as_str()), (Some(5), "the tracks")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn d20_damage_takes_a_flat_amount_with_no_roll() {
    let mut s = session();
    match command(&s, "damage Ogre 7 fire") {
        C::Damage(d) => {
            assert_eq!((d.dice.count, d.flat, d.targets.len()), (0, 7, 1));
            assert!(d.kind.is_some());
        }
        other => panic!("{other:?}"),
    }
    play(&mut s, "damage Ogre 7 fire", &[]);
    assert_eq!(st(&s).characters[1].hp, 5);
}

#[test]
fn d11_the_log_says_a_technique_is_used_and_a_single_square_is_one_square() {
    let mut s = session();
    play(&mut s, "learn Ana Whirl", &[]);
    play(&mut s, "prepare Ana 1", &[]);
    play(&mut s, "set Ana move 1", &[]);
    play(&mut s, "set Ana tech 2", &[]);
    play(&mut s, "set Ana techleft 2", &[]);
    play(&mut s, "scene", &[]);
    let out = said(&mut s, "act Ana technique 1 1", &[]);
    assert!(
        out.iter()
            .any(|l| l.contains("Ana chooses to use a technique: Whirl")),
        "{out:?}"
    );
    let sheet = slotmark::rules::actiondie::sheet_lines(st(&s), &st(&s).characters[0]);
    let movement = sheet.iter().find(|(k, _)| k == "Movement").unwrap();
    assert!(movement.1.starts_with("1 square (base 1"), "{movement:?}");
}

#[test]
fn d7_a_contest_that_keeps_tying_asks_the_judge_in_run_and_the_file_keeps_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("rope.txt"),
        "add Ana pc d8 d6 d6 d4 10\nadd Bo pc d8 d6 d6 d4 10\n\
         contest Ana str against Bo str for the rope\nchoose 2\n",
    )
    .unwrap();
    let faces = vec!["4"; 100].join(",");
    let (code, out, err) = slotmark(
        d,
        &[
            "run",
            "rope.txt",
            "--rules",
            "actiondie",
            "--dice",
            &faces,
            "--out",
            "rope.ron",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Who wins the contest"), "{out}");
    assert!(out.contains("Bo wins the contest (the rope)"), "{out}");
    let (code, out, err) = slotmark(d, &["replay", "--verify", "rope.ron"]);
    assert_eq!(code, 0, "{err}{out}");
}

fn slotmark(dir: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_slotmark"))
        .args(args)
        .current_dir(dir)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn a_fight_plays_headless_replays_and_lists_its_verbs() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("bridge.txt"),
        "add Ana pc d8 d6 d6 d4 10 ar 1\nadd Ogre creature 2d6 d4 d4 d4 12\n\
         carry Ana Sword damage d8 slash\nhold Ana 1\nscene Ana Ogre for the bridge\n\
         act Ana attack\nact Ogre attack unarmed\ninitiative\nattack Ana Ogre\nnext\n\
         attack Ogre Ana\nnext\ncheck Ana dex vs 4 for the jump\naccept\n",
    )
    .unwrap();
    // Initiative: Ana d8 2, Ogre d4 3; Ana's sword 5 (+4); the Ogre's fist 3 (+7, AR 1);
    // the jump 4.
    let (code, out, err) = slotmark(
        d,
        &[
            "run",
            "bridge.txt",
            "--rules",
            "actiondie",
            "--dice",
            "2,3,5,3,4",
            "--out",
            "bridge.ron",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Order: Ana 2, Ogre 3"), "{out}");
    assert!(out.contains("Ogre takes 9"), "{out}");
    assert!(out.contains("Ana takes 9"), "{out}");
    assert!(out.contains("Round 2"), "{out}");
    assert!(out.contains(": a pass"), "{out}");
    let (code, out, err) = slotmark(d, &["replay", "--verify", "bridge.ron"]);
    assert_eq!(code, 0, "{err}{out}");
    let (code, out, err) = slotmark(d, &["show", "bridge.ron"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Ogre (creature)"), "{out}");
    assert!(out.contains("Abilities  STR d8 (4)"), "{out}");
    let (code, out, err) = slotmark(d, &["show", "bridge.ron", "--character", "ana"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("HP 1/10  AR 1"), "{out}");
    assert!(out.contains("[1] Sword d8 slash [held]"), "{out}");
    assert!(!out.contains("Ogre"), "{out}");
    // A bad line names its line and leaves the file as it was.
    let before = std::fs::read(d.join("bridge.ron")).unwrap();
    std::fs::write(d.join("bad.txt"), "remark Ana steady\ncheck Ana luck\n").unwrap();
    let (code, _, err) = slotmark(d, &["run", "bad.txt", "--session", "bridge.ron"]);
    assert_eq!(code, 1);
    assert!(err.contains("line 2"), "{err}");
    assert_eq!(std::fs::read(d.join("bridge.ron")).unwrap(), before);
    let (code, out, _) = slotmark(d, &["help", "commands", "--rules", "actiondie"]);
    assert_eq!(code, 0);
    for verb in [
        "check NAME str|dex|awr|wil",
        "act NAME attack",
        "reevaluate NAME ACTION",
        "undo",
    ] {
        assert!(out.contains(verb), "{verb} is missing:\n{out}");
    }
}

#[test]
fn every_verb_example_parses() {
    let mut s = session();
    for line in [
        "add Bo pc d6 d6 d6 d6 8",
        // The frame's `tell` and `link` examples name her.
        "add Aria pc d6 d6 d6 d6 8",
        "add Rat creature d4 d8 d6 0 3",
        "add Snag Goblin",
        "learn Ana Whirl",
    ] {
        play(&mut s, line, &[]);
    }
    for verb in slotmark::script::verbs(RulesetId::ActionDie) {
        parse_line(verb.example, s.state()).unwrap_or_else(|e| panic!("{}: {e}", verb.example));
    }
}

#[test]
fn the_demo_builds_through_the_verbs_and_replays_exactly() {
    use slotmark::store::{self, Store};
    let demo = slotmark::script::try_demo_for(RulesetId::ActionDie).unwrap();
    let st = st(&demo);
    let names: Vec<&str> = st.characters.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["Ana", "Bram", "Cora", "Grak", "Snag", "Grub"]);
    assert!(slotmark::script::has_demo(RulesetId::ActionDie));
    assert_eq!(demo.state().title, "Demo: the Troll Bridge");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("demo.ron");
    drop(Store::create(&path, &demo).unwrap());
    assert!(store::verify(&path).unwrap().matches());
    let (code, out, err) = slotmark(dir.path(), &["replay", "--verify", "demo.ron"]);
    assert_eq!(code, 0, "{err}{out}");
}

#[test]
fn the_gear_list_and_the_bestiary_load_and_the_verbs_take_them_by_name() {
    use slotmark::content::actiondie::{bundled, try_bundled};
    use slotmark::rules::actiondie::{DamageType, Status};
    let lib = try_bundled().unwrap();
    assert!(lib.creatures.len() >= 10, "{}", lib.creatures.len());
    let club = lib.gear("club").unwrap().item();
    assert_eq!(
        (club.damage.map(|d| d.to_string()), club.kind),
        (Some("d6".to_string()), Some(DamageType::Blunt)),
        "the text's own example: a club is a d6"
    );
    let mut s = session();
    play(&mut s, "add Grak Troll", &[]);
    play(&mut s, "carry Ana Arrows", &[]);
    play(&mut s, "carry Ana Arrows", &[]);
    play(&mut s, "carry Ana Spear size 3", &[]);
    let st = st(&s);
    let grak = st.characters.iter().find(|c| c.name == "Grak").unwrap();
    assert_eq!(
        grak.dice(slotmark::rules::actiondie::Ability::Str)
            .to_string(),
        "2d10"
    );
    assert_eq!((grak.hp, grak.ar, grak.movement), (30, 2, 5));
    assert!(grak.vulnerable_to(DamageType::Fire) && !grak.has(Status::Prone));
    assert_eq!(grak.wielded(), Some(0), "its club in hand");
    let ana = &st.characters[0];
    assert_eq!(
        (
            ana.items[1].name.as_str(),
            ana.items[1].count,
            ana.items[1].bundle
        ),
        ("Arrows", 2, 20)
    );
    assert_eq!(
        (
            ana.items[2].size,
            ana.items[2].damage.map(|d| d.to_string())
        ),
        (3, Some("d8".into()))
    );
    let err = parse_line("add Grak Dragon", s.state())
        .unwrap_err()
        .to_string();
    assert!(err.contains("Dragon"), "{err}");
    assert!(bundled().creatures.iter().all(|c| !c.about.contains('\n')));
}
