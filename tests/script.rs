//! The command language: every verb parses, names resolve, bad lines say what was expected and
//! where, completion proposes what fits.

use slotmark::content;
use slotmark::dice::{Edge, ScriptedDice};
use slotmark::rules::slots::{
    self, AttackKind, CheckKind, Command as C, Condition, Defense, Prop, Region, Sense, Side,
    Verdict, WeaponKind, WeaponSize, Wound,
};
use slotmark::rules::{GameCommand, RulesetId};
use slotmark::script::{self, Line, Verb, complete, help_text, parse_line};
use slotmark::session::{Command, Session, SessionState};

/// Every verb of a slot-system session: the slot system's and the frame's.
fn slot_verbs() -> Vec<Verb> {
    script::verbs(slotmark::rules::RulesetId::Slots)
}

/// A session with a party, two goblins and a few zones, built through the language itself.
fn table() -> Session {
    let mut s = Session::new(SessionState::new("Test", RulesetId::Slots));
    let mut dice = ScriptedDice::new([]);
    for line in [
        "add Aria kit fighter",
        "add Bram kit scout",
        "add Cole kit archer",
        "add Dessa kit \"hedge wizard\"",
        "add Snag opponents",
        "creature goblin",
        "creature goblin",
        "scene Old Mill",
        "zone Yard",
        "zone Pond",
        "zone Mill floor cover",
        "zone Loft",
        "zone Cellar",
    ] {
        match parse_line(line, s.state()).unwrap() {
            Line::Command(c) => {
                s.execute(c, &mut dice).unwrap();
            }
            other => panic!("{line}: {other:?}"),
        }
    }
    s
}

fn id(s: &Session, name: &str) -> u32 {
    slots_state(s.state())
        .unwrap()
        .find_by_name(name)
        .unwrap()
        .id
}

fn zone(s: &Session, name: &str) -> u32 {
    slots_state(s.state())
        .unwrap()
        .scene
        .zones
        .iter()
        .find(|z| z.name == name)
        .unwrap()
        .id
}

fn cmd(s: &Session, line: &str) -> C {
    match parse_line(line, s.state()) {
        Ok(Line::Command(Command::Game(GameCommand::Slots(c)))) => c,
        // A fight's start comes framed (the party always in, its creatures revealed).
        Ok(Line::Command(Command::Fight { start, .. })) => match *start {
            GameCommand::Slots(c) => c,
            other => panic!("{line}: {other:?}"),
        },
        other => panic!("{line}: {other:?}"),
    }
}

/// The error's column for a line that must not parse.
fn col(s: &Session, line: &str) -> (usize, String) {
    let e = parse_line(line, s.state()).expect_err(line);
    (e.column.expect("a column"), e.message)
}

#[test]
fn every_verb_example_parses() {
    let s = table();
    for verb in slot_verbs() {
        parse_line(verb.example, s.state())
            .unwrap_or_else(|e| panic!("{}: {} (column {:?})", verb.example, e, e.column));
    }
}

#[test]
fn aliases_parse_like_their_verb() {
    let s = table();
    assert_eq!(cmd(&s, "c aria terrain"), cmd(&s, "check Aria terrain"));
    assert_eq!(cmd(&s, "ok"), C::Accept);
    assert_eq!(cmd(&s, "a aria goblin1"), cmd(&s, "attack aria goblin1"));
    assert_eq!(cmd(&s, "e"), C::EndTurn);
}

#[test]
fn blank_lines_and_comments_are_nothing() {
    let s = table();
    for line in ["", "   ", "# a comment", "   # indented comment"] {
        assert_eq!(
            parse_line(line, s.state()).unwrap(),
            Line::Nothing,
            "{line:?}"
        );
    }
    assert_eq!(
        cmd(&s, "check Aria terrain # the cliff"),
        cmd(&s, "check Aria terrain")
    );
}

#[test]
fn undo_redo_note_and_title() {
    let s = table();
    assert_eq!(parse_line("undo", s.state()).unwrap(), Line::Undo);
    assert_eq!(parse_line("REDO", s.state()).unwrap(), Line::Redo);
    assert_eq!(
        parse_line("note the  miller lies", s.state()).unwrap(),
        Line::Command(Command::Note("the  miller lies".into()))
    );
    assert_eq!(
        parse_line("note \"#1 suspect: the miller\"", s.state()).unwrap(),
        Line::Command(Command::Note("#1 suspect: the miller".into()))
    );
    assert_eq!(
        parse_line("title The Mill, part two", s.state()).unwrap(),
        Line::Command(Command::Retitle("The Mill, part two".into()))
    );
}

#[test]
fn names_ignore_case_spaces_and_take_unique_prefixes() {
    let s = table();
    let aria = id(&s, "Aria");
    let g2 = id(&s, "Goblin 2");
    assert_eq!(cmd(&s, "drop ARIA"), C::DropBackpack { who: aria });
    assert_eq!(cmd(&s, "drop ar"), C::DropBackpack { who: aria });
    assert_eq!(cmd(&s, "drop goblin2"), C::DropBackpack { who: g2 });
    assert_eq!(cmd(&s, "drop \"goblin 2\""), C::DropBackpack { who: g2 });
    assert_eq!(cmd(&s, "drop goblin-2"), C::DropBackpack { who: g2 });
    let (c, m) = col(&s, "drop gob");
    assert_eq!(c, 6);
    assert!(m.contains("Goblin 1") && m.contains("Goblin 2"), "{m}");
    let (c, m) = col(&s, "drop Arai");
    assert_eq!(c, 6);
    assert!(m.contains("did you mean Aria"), "{m}");
}

#[test]
fn roster_and_sheet_verbs() {
    let s = table();
    let aria = id(&s, "Aria");
    match cmd(&s, "add Erin opponents kit porter") {
        C::AddCharacter {
            name, side, items, ..
        } => {
            assert_eq!((name.as_str(), side), ("Erin", Side::Opponents));
            assert!(items.iter().any(|(n, i)| *n == 8 && i.name == "Shovel"));
        }
        other => panic!("{other:?}"),
    }
    match cmd(&s, "add Finn scout") {
        C::AddCharacter { side, items, .. } => {
            assert_eq!(side, Side::Players);
            assert!(!items.is_empty());
        }
        other => panic!("{other:?}"),
    }
    match cmd(&s, "creature wolf") {
        C::AddCharacter {
            name, side, layout, ..
        } => {
            assert_eq!(
                (name.as_str(), side, layout.die),
                ("Wolf 1", Side::Opponents, 8)
            );
        }
        other => panic!("{other:?}"),
    }
    match cmd(&s, "creature goblin") {
        C::AddCharacter { name, .. } => assert_eq!(name.as_str(), "Goblin 3"),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        cmd(&s, "rename goblin1 Old Snag"),
        C::RenameCharacter {
            who: id(&s, "Goblin 1"),
            name: "Old Snag".into()
        }
    );
    assert_eq!(
        cmd(&s, "side snag players"),
        C::SetSide {
            who: id(&s, "Snag"),
            side: Side::Players
        }
    );
    assert_eq!(
        cmd(&s, "move Aria 9 6"),
        C::MoveItem {
            who: aria,
            from: 9,
            to: 6
        }
    );
    assert_eq!(
        cmd(&s, "take Aria 11"),
        C::RemoveItem {
            who: aria,
            slot: 11
        }
    );
    assert_eq!(
        cmd(&s, "twohands Aria 6 off"),
        C::TwoHands {
            who: aria,
            slot: 6,
            on: false
        }
    );
    assert_eq!(cmd(&s, "shoulder Aria"), C::ShoulderBackpack { who: aria });
    assert_eq!(
        cmd(&s, "remove snag"),
        C::RemoveCharacter {
            who: id(&s, "Snag")
        }
    );
}

#[test]
fn put_reads_library_items_and_new_ones() {
    let s = table();
    let item = |line: &str| match cmd(&s, line) {
        C::PutItem { item, .. } => item,
        other => panic!("{other:?}"),
    };
    let rope = item("put Bram 9 rope");
    assert_eq!(rope.name, "Rope (50 ft)");
    assert_eq!(item("put Bram 9 short sword").name, "Short sword");
    assert_eq!(item("put Bram 9 shortsword").name, "Short sword");
    // A library name that ends in a property word still finds the library item.
    let shield = item("put Bram 7 tower shield");
    assert_eq!(shield.name, "Tower shield");
    assert!(shield.has(Prop::Heavy));
    // Extra properties change the library item.
    assert!(item("put Bram 9 rope smelly").has(Prop::Smelly));
    let idol = item("put Bram 10 \"odd idol\" rigid heavy");
    assert_eq!(idol.name, "odd idol");
    assert!(idol.has(Prop::Rigid) && idol.has(Prop::Heavy));
    assert_eq!(idol.wear, None);
    let pot = item("put Bram 1 iron pot heavyarmor head");
    assert_eq!(pot.name, "iron pot");
    assert_eq!(pot.armor, Some(slots::ArmorClass::HeavyArmor));
    assert_eq!(pot.wear, Some(Region::Head));
    let pick = item("put Bram 6 pickaxe medium rigid");
    let weapon = pick.weapon.unwrap();
    assert_eq!(
        (weapon.size, weapon.kind),
        (WeaponSize::Medium, WeaponKind::Melee)
    );
    assert_eq!(pick.wear, Some(Region::Grip));
    let rock = item("put Bram 7 rock small thrown");
    assert_eq!(rock.weapon.unwrap().kind, WeaponKind::Thrown);
    let coin = item("put Bram 11 \"lucky coin\" plain");
    assert!(coin.props.is_empty() && coin.weapon.is_none());
    // Light and heavy replace each other rather than clash.
    let light_rope = item("put Bram 9 crowbar light");
    assert!(light_rope.has(Prop::Light) && !light_rope.has(Prop::Heavy));
}

#[test]
fn put_refuses_unknown_names_without_properties() {
    let s = table();
    let (c, m) = col(&s, "put Bram 9 swrod");
    assert_eq!(c, 12);
    assert!(m.contains("did you mean Sword"), "{m}");
    let (c, m) = col(&s, "put Bram 9 rock thrown");
    assert_eq!(c, 17);
    assert!(m.contains("size"), "{m}");
    let (c, _) = col(&s, "put Bram 9 short");
    assert_eq!(c, 12, "ambiguous: Short sword, Shortbow");
}

#[test]
fn checks_read_kind_senses_and_edge() {
    let s = table();
    let aria = id(&s, "Aria");
    assert_eq!(
        cmd(&s, "check Aria terrain adv"),
        C::Check {
            who: aria,
            kind: CheckKind::Terrain,
            edge: Edge::advantage(1)
        }
    );
    assert_eq!(
        cmd(&s, "check Aria"),
        C::Check {
            who: aria,
            kind: CheckKind::Generic,
            edge: Edge::NONE
        }
    );
    match cmd(&s, "check Aria stealth") {
        C::Check {
            kind: CheckKind::Stealth(senses),
            ..
        } => assert!(senses.hearing && !senses.smell),
        other => panic!("{other:?}"),
    }
    match cmd(&s, "check Aria smell sight 9,10 11 noise dim dis dis") {
        C::Check {
            kind: CheckKind::Stealth(senses),
            edge,
            ..
        } => {
            assert!(senses.smell && !senses.hearing && senses.ambient_noise && senses.low_light);
            assert_eq!(senses.sight, vec![9, 10, 11]);
            assert_eq!(edge, Edge::disadvantage(2));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        cmd(&s, "check Aria corruption"),
        C::Check {
            who: aria,
            kind: CheckKind::Corruption,
            edge: Edge::NONE
        }
    );
    assert_eq!(
        cmd(&s, "fall Bram 20ft"),
        C::Fall {
            who: id(&s, "Bram"),
            feet: 20
        }
    );
    let (c, m) = col(&s, "check Aria terrain hearing");
    assert_eq!(c, 20);
    assert!(m.contains("stealth"), "{m}");
    let (c, _) = col(&s, "check Aria terrain stealth");
    assert_eq!(c, 20);
    let (c, _) = col(&s, "check Aria sight 14");
    assert_eq!(c, 18);
    let (c, _) = col(&s, "check Aria sideways");
    assert_eq!(c, 12);
}

#[test]
fn group_checks_take_names_or_a_side() {
    let s = table();
    let players: Vec<u32> = ["Aria", "Bram", "Cole", "Dessa"]
        .iter()
        .map(|n| id(&s, n))
        .collect();
    match cmd(&s, "group players stealth smell") {
        C::GroupCheck {
            who,
            kind: CheckKind::Stealth(senses),
        } => {
            assert_eq!(who.to_vec(), players);
            assert!(senses.smell);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        cmd(&s, "group aria bram aria terrain"),
        C::GroupCheck {
            who: players[..2].to_vec().into(),
            kind: CheckKind::Terrain
        }
    );
    let (c, _) = col(&s, "group aria bram adv");
    assert_eq!(c, 17);
    let (c, _) = col(&s, "group");
    assert_eq!(c, 6);
}

#[test]
fn attacks_find_the_weapon_and_read_options() {
    let s = table();
    let (aria, g1, cole) = (id(&s, "Aria"), id(&s, "Goblin 1"), id(&s, "Cole"));
    match cmd(&s, "attack Aria Goblin1 melee with 6 parry") {
        C::Attack { spec, edge, dual } => {
            assert_eq!((spec.attacker, spec.target), (aria, g1));
            assert_eq!(spec.kind, AttackKind::Melee);
            assert_eq!(spec.weapon, Some(6));
            assert_eq!(spec.defense, Defense::Parry);
            assert_eq!((edge, dual), (Edge::NONE, false));
        }
        other => panic!("{other:?}"),
    }
    // No kind: melee; no weapon named: the melee weapon in a grip.
    match cmd(&s, "attack aria goblin1") {
        C::Attack { spec, .. } => {
            assert_eq!((spec.kind, spec.weapon), (AttackKind::Melee, Some(6)))
        }
        other => panic!("{other:?}"),
    }
    // A missile attack picks the bow; `with` takes an item name too.
    match cmd(&s, "attack cole goblin2 missile aimed adv") {
        C::Attack { spec, edge, .. } => {
            assert_eq!(
                (spec.attacker, spec.weapon, spec.aimed),
                (cole, Some(6), true)
            );
            assert_eq!(edge, Edge::advantage(1));
        }
        other => panic!("{other:?}"),
    }
    match cmd(&s, "attack aria goblin1 with shield") {
        C::Attack { spec, .. } => assert_eq!(spec.weapon, Some(7)),
        other => panic!("{other:?}"),
    }
    match cmd(&s, "attack dessa goblin1 blast slots 2 evade") {
        C::Attack { spec, .. } => {
            assert_eq!(
                (spec.kind, spec.blast_slots, spec.weapon),
                (AttackKind::Blast, 2, None)
            );
            assert_eq!(spec.defense, Defense::Evade);
        }
        other => panic!("{other:?}"),
    }
    match cmd(&s, "attack bram goblin1 dual counter") {
        C::Attack { spec, dual, .. } => assert!(dual && spec.counter),
        other => panic!("{other:?}"),
    }
    let (c, _) = col(&s, "attack aria goblin1 melee grab");
    assert_eq!(c, 27);
    let (c, _) = col(&s, "attack aria goblin1 with 12");
    assert_eq!(c, 26);
    let (c, m) = col(&s, "attack aria");
    assert_eq!(c, 12);
    assert!(m.contains("usage: attack"), "{m}");
}

#[test]
fn answers_to_the_judge() {
    let s = table();
    assert_eq!(cmd(&s, "pick 2"), C::Pick { die: 1 });
    assert_eq!(
        cmd(&s, "override pass"),
        C::Override {
            verdict: Verdict::Pass
        }
    );
    assert_eq!(
        cmd(&s, "override FAIL"),
        C::Override {
            verdict: Verdict::Fail
        }
    );
    assert_eq!(cmd(&s, "accept"), C::Accept);
    assert_eq!(cmd(&s, "slot 3"), C::ChooseSlot { slot: 3 });
    assert_eq!(cmd(&s, "blocks yes"), C::RuleBlocks { blocks: true });
    assert_eq!(cmd(&s, "cancel"), C::Cancel);
    assert_eq!(
        cmd(&s, "swap aria bram"),
        C::SwapDice {
            a: id(&s, "Aria"),
            b: id(&s, "Bram")
        }
    );
    assert_eq!(col(&s, "pick 0").0, 6);
    assert_eq!(col(&s, "override maybe").0, 10);
    assert_eq!(col(&s, "blocks perhaps").0, 8);
}

#[test]
fn wounds_and_conditions() {
    let s = table();
    let aria = id(&s, "Aria");
    assert_eq!(
        cmd(&s, "wound Aria 3 open"),
        C::Wound {
            who: aria,
            slot: 3,
            wound: Wound::Open
        }
    );
    assert_eq!(
        cmd(&s, "wound Aria 3"),
        C::Wound {
            who: aria,
            slot: 3,
            wound: Wound::Open
        }
    );
    assert_eq!(
        cmd(&s, "wound Aria 3 treated"),
        C::Wound {
            who: aria,
            slot: 3,
            wound: Wound::Treated
        }
    );
    assert_eq!(cmd(&s, "treat Aria 3"), C::Treat { who: aria, slot: 3 });
    assert_eq!(cmd(&s, "heal Aria 3"), C::Heal { who: aria, slot: 3 });
    let mark = C::Mark {
        who: aria,
        slot: 2,
        condition: Condition::B,
    };
    assert_eq!(cmd(&s, "mark Aria 2 B"), mark);
    assert_eq!(cmd(&s, "mark Aria b 2"), mark);
    assert_eq!(cmd(&s, "mark Aria 2 bleeding"), mark);
    assert_eq!(
        cmd(&s, "mark Aria 4 fatigue"),
        C::SetFatigue {
            who: aria,
            slot: 4,
            on: true
        }
    );
    assert_eq!(
        cmd(&s, "worsen Aria E"),
        C::Worsen {
            who: aria,
            condition: Condition::E
        }
    );
    assert_eq!(
        cmd(&s, "clear Aria B"),
        C::ClearMark {
            who: aria,
            condition: Condition::B,
            slot: None
        }
    );
    assert_eq!(
        cmd(&s, "clear Aria B 2"),
        C::ClearMark {
            who: aria,
            condition: Condition::B,
            slot: Some(2)
        }
    );
    assert_eq!(
        cmd(&s, "clear Aria fatigue 4"),
        C::SetFatigue {
            who: aria,
            slot: 4,
            on: false
        }
    );
    assert_eq!(
        cmd(&s, "fatigue Aria 4 off"),
        C::SetFatigue {
            who: aria,
            slot: 4,
            on: false
        }
    );
    assert_eq!(cmd(&s, "ignite Aria 3"), C::Ignite { who: aria, slot: 3 });
    assert_eq!(cmd(&s, "roll Aria"), C::RollOnGround { who: aria });
    assert_eq!(cmd(&s, "douse Aria"), C::Douse { who: aria });
    assert_eq!(
        cmd(&s, "suffocate Aria"),
        C::Suffocate {
            who: aria,
            on: true
        }
    );
    assert_eq!(
        cmd(&s, "suffocate Aria off"),
        C::Suffocate {
            who: aria,
            on: false
        }
    );
    assert_eq!(
        cmd(&s, "cold Aria"),
        C::Cold {
            who: aria,
            on: true
        }
    );
    assert_eq!(
        cmd(&s, "warm Aria no"),
        C::Warm {
            who: aria,
            on: false
        }
    );
    assert_eq!(cmd(&s, "starve Aria"), C::Starve { who: aria });
    assert_eq!(
        cmd(&s, "status Aria prone"),
        C::SetStatus {
            who: aria,
            flag: slots::StatusFlag::Prone,
            on: true
        }
    );
    assert_eq!(
        cmd(&s, "status Aria cringe off"),
        C::SetStatus {
            who: aria,
            flag: slots::StatusFlag::Cringe,
            on: false
        }
    );
    assert_eq!(col(&s, "mark Aria 2 Q").0, 13);
    assert_eq!(col(&s, "mark Aria 12 B").0, 11);
    assert_eq!(col(&s, "wound Aria 3 deep").0, 14);
    assert_eq!(col(&s, "status Aria sleepy").0, 13);
    // `roll` with dice instead of a burning character's name is the frame's free roll.
    match parse_line("roll d12 for the weather", s.state()) {
        Ok(Line::Command(Command::Roll { expr, what })) => {
            assert_eq!(expr.to_string(), "d12");
            assert_eq!(what, "the weather");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(col(&s, "roll Zed").0, 6);
}

#[test]
fn a_free_roll_is_logged_with_its_faces_and_undone_like_any_step() {
    let mut s = table();
    let steps = s.cursor();
    let Ok(Line::Command(c)) = parse_line("roll 2d6+1 for reaction", s.state()) else {
        panic!("the roll did not parse");
    };
    let before = s.state().clone();
    s.execute(c, &mut ScriptedDice::new([4, 5])).unwrap();
    let said: Vec<String> = s.events(steps).iter().map(|e| e.to_string()).collect();
    assert_eq!(said, ["reaction: 2d6+1 rolled [4 5] = 10"]);
    assert_eq!(
        s.state(),
        &before,
        "a free roll changes nothing but the log"
    );
    s.undo().unwrap();
    assert_eq!(s.cursor(), steps);
    s.redo().unwrap();
    let said: Vec<String> = s.events(steps).iter().map(|e| e.to_string()).collect();
    assert_eq!(
        said,
        ["reaction: 2d6+1 rolled [4 5] = 10"],
        "redo keeps the faces"
    );
}

#[test]
fn zones_and_places() {
    let s = table();
    let (yard, floor) = (zone(&s, "Yard"), zone(&s, "Mill floor"));
    assert_eq!(
        cmd(&s, "scene The Dark Wood"),
        C::NewScene {
            name: "The Dark Wood".into()
        }
    );
    assert_eq!(
        cmd(&s, "zone Mill race cover"),
        C::AddZone {
            name: "Mill race".into(),
            cover: true
        }
    );
    assert_eq!(
        cmd(&s, "zone Gate"),
        C::AddZone {
            name: "Gate".into(),
            cover: false
        }
    );
    assert_eq!(
        cmd(&s, "link yard millfloor"),
        C::Link { a: yard, b: floor }
    );
    assert_eq!(
        cmd(&s, "link yard \"mill floor\""),
        C::Link { a: yard, b: floor }
    );
    assert_eq!(cmd(&s, "unlink yard mill"), C::Unlink { a: yard, b: floor });
    assert_eq!(
        cmd(&s, "hide yard mill"),
        C::Hide {
            a: yard,
            b: floor,
            hidden: true
        }
    );
    assert_eq!(
        cmd(&s, "unhide yard mill"),
        C::Hide {
            a: yard,
            b: floor,
            hidden: false
        }
    );
    assert_eq!(cmd(&s, "unzone yard"), C::RemoveZone { zone: yard });
    let aria = id(&s, "Aria");
    assert_eq!(
        cmd(&s, "place Aria yard"),
        C::Place {
            who: aria,
            zone: Some(yard)
        }
    );
    assert_eq!(
        cmd(&s, "place Aria nowhere"),
        C::Place {
            who: aria,
            zone: None
        }
    );
    let (c, m) = col(&s, "place Aria Attic");
    assert_eq!(c, 12);
    assert!(m.contains("zone"), "{m}");
}

#[test]
fn time_and_exploration() {
    let s = table();
    assert_eq!(
        cmd(&s, "task search 1 sound"),
        C::Task {
            label: "search".into(),
            trys: 1,
            senses: vec![Sense::Sound].into()
        }
    );
    assert_eq!(
        cmd(&s, "task \"pick the lock\""),
        C::Task {
            label: "pick the lock".into(),
            trys: 1,
            senses: vec![].into()
        }
    );
    assert_eq!(
        cmd(&s, "task dig 3 sound light smell magic other:tremor"),
        C::Task {
            label: "dig".into(),
            trys: 3,
            senses: Box::new(vec![
                Sense::Sound,
                Sense::Light,
                Sense::Smell,
                Sense::Magic,
                Sense::Other("tremor".into())
            ])
        }
    );
    assert_eq!(
        cmd(&s, "rest fed"),
        C::Rest {
            fed: true,
            senses: vec![]
        }
    );
    assert_eq!(
        cmd(&s, "rest light smell"),
        C::Rest {
            fed: false,
            senses: vec![Sense::Light, Sense::Smell]
        }
    );
    assert_eq!(cmd(&s, "travel 2"), C::Travel { watches: 2 });
    assert_eq!(cmd(&s, "days 3"), C::PassDays { days: 3 });
    assert_eq!(cmd(&s, "dark"), C::SetDark { dark: true });
    assert_eq!(cmd(&s, "dark off"), C::SetDark { dark: false });
    assert_eq!(
        cmd(&s, "time 21:30"),
        C::SetTimeOfDay {
            hour: 21,
            minute: 30
        }
    );
    assert_eq!(cmd(&s, "clock 9"), C::SetTimeOfDay { hour: 9, minute: 0 });
    assert_eq!(col(&s, "time 25:00").0, 6);
    assert_eq!(col(&s, "time noon").0, 6);
    assert_eq!(col(&s, "task search 1 loudly").0, 15);
    assert_eq!(col(&s, "travel far").0, 8);
    assert_eq!(col(&s, "task").0, 5);
    assert_eq!(col(&s, "rest fed sound quietly").0, 16);
}

#[test]
fn r13_a_setup_aim_is_an_aim_for_the_missile_that_follows() {
    let mut s = table();
    let mut dice = ScriptedDice::new([]);
    for line in ["fight players all", "turn Cole", "setup aim"] {
        match parse_line(line, s.state()).unwrap() {
            Line::Command(c) => {
                s.execute(c, &mut dice)
                    .unwrap_or_else(|e| panic!("{line}: {e}"));
            }
            other => panic!("{line}: {other:?}"),
        }
    }
    let C::Attack { spec, .. } = cmd(&s, "attack Cole goblin1 missile") else {
        panic!("an attack")
    };
    assert!(spec.aimed, "the aim setup counts");
    // One die: no disadvantage for the aimed missile.
    let mut dice = ScriptedDice::new([3]);
    s.execute(
        Command::Game(GameCommand::Slots(C::Attack {
            spec,
            edge: slotmark::dice::Edge::NONE,
            dual: false,
        })),
        &mut dice,
    )
    .unwrap();
    assert_eq!(dice.remaining(), 0);
    let notes = format!("{:?}", s.events(s.entries().len() - 1));
    assert!(!notes.contains("did not aim"), "{notes}");
}

#[test]
fn combat_verbs() {
    let s = table();
    // Without names, the fight takes the party and the creatures the players see: none yet.
    let party: Vec<u32> = ["Aria", "Bram", "Cole", "Dessa"]
        .iter()
        .map(|n| id(&s, n))
        .collect();
    assert_eq!(
        cmd(&s, "fight players surprise opponents"),
        C::StartCombat {
            initiator: Side::Players,
            surprised: Some(Side::Opponents),
            fighters: Some(party.clone()),
        }
    );
    let everyone: Vec<u32> = slots_state(s.state())
        .unwrap()
        .characters
        .iter()
        .map(|c| c.id)
        .collect();
    assert_eq!(
        cmd(&s, "fight opponents surprise all"),
        C::StartCombat {
            initiator: Side::Opponents,
            surprised: Some(Side::Players),
            fighters: Some(everyone),
        }
    );
    assert_eq!(
        cmd(&s, "fight players with Aria Snag"),
        C::StartCombat {
            initiator: Side::Players,
            surprised: None,
            // Naming a character takes exactly those named.
            fighters: Some(vec![id(&s, "Aria"), id(&s, "Snag")]),
        }
    );
    assert_eq!(
        cmd(&s, "turn Aria"),
        C::StartTurn {
            who: id(&s, "Aria")
        }
    );
    assert_eq!(
        cmd(&s, "join goblin1"),
        C::JoinCombat {
            who: id(&s, "Goblin 1")
        }
    );
    assert_eq!(
        cmd(&s, "setup runs to the  loft"),
        C::Setup {
            what: "runs to the  loft".into()
        }
    );
    assert_eq!(
        cmd(&s, "interrupt goblin1"),
        C::Interrupt {
            who: id(&s, "Goblin 1")
        }
    );
    assert_eq!(cmd(&s, "stopped yes"), C::InterruptResult { stopped: true });
    assert_eq!(cmd(&s, "end"), C::EndTurn);
    assert_eq!(cmd(&s, "end turn"), C::EndTurn);
    assert_eq!(
        cmd(&s, "end fight"),
        C::EndCombat {
            senses: vec![Sense::Sound]
        }
    );
    assert_eq!(cmd(&s, "end fight quiet"), C::EndCombat { senses: vec![] });
    assert_eq!(
        cmd(&s, "end fight sound light"),
        C::EndCombat {
            senses: vec![Sense::Sound, Sense::Light]
        }
    );
    // A fight without a side has the players strike first, as in every ruleset.
    assert_eq!(cmd(&s, "fight everyone"), cmd(&s, "fight players everyone"));
    assert_eq!(col(&s, "fight nobody").0, 7);
    assert_eq!(col(&s, "end round").0, 5);
}

#[test]
fn errors_say_what_was_expected_and_where() {
    let s = table();
    let (c, m) = col(&s, "chekc Aria");
    assert_eq!(c, 1);
    assert!(m.contains("did you mean check"), "{m}");
    let (c, m) = col(&s, "  wound Aria");
    assert_eq!(c, 13);
    assert!(m.contains("expected a slot number of Aria"), "{m}");
    let (c, m) = col(&s, "drop Aria now");
    assert_eq!(c, 11);
    assert!(m.contains("end of the line"), "{m}");
    let (c, m) = col(&s, "note \"unfinished");
    assert_eq!(c, 6);
    assert!(m.contains("quote"), "{m}");
    let (c, _) = col(&s, "\"check\" Aria");
    assert_eq!(c, 1, "a quoted word is never a verb");
    let empty = SessionState::new("Empty", RulesetId::Slots);
    let e = parse_line("check Aria", &empty).unwrap_err();
    assert_eq!(e.column, Some(7));
    assert!(e.message.contains("no characters yet"), "{}", e.message);
    assert_eq!(e.located().to_string(), format!("column 7: {}", e.message));
}

#[test]
fn completion_proposes_verbs_then_what_the_verb_expects() {
    let s = table();
    let st = s.state();
    let all = complete("", st);
    assert_eq!(all.len(), slot_verbs().len());
    assert!(complete("ch", st).contains(&"check".to_string()));
    assert_eq!(complete("check a", st), vec!["check Aria".to_string()]);
    assert_eq!(
        complete("attack Aria gob", st),
        vec![
            "attack Aria \"Goblin 1\"".to_string(),
            "attack Aria \"Goblin 2\"".to_string()
        ]
    );
    assert_eq!(
        complete("attack Aria goblin2", st),
        vec!["attack Aria \"Goblin 2\"".to_string()]
    );
    let marks = complete("mark Aria 2 ", st);
    assert!(marks.contains(&"mark Aria 2 B".to_string()));
    assert!(marks.contains(&"mark Aria 2 fatigue".to_string()));
    assert_eq!(complete("wound Aria ", st).len(), 11);
    assert_eq!(
        complete("put Bram 9 rop", st),
        vec!["put Bram 9 \"Rope (50 ft)\"".to_string()]
    );
    assert!(complete("check Aria t", st).contains(&"check Aria terrain".to_string()));
    assert!(complete("place Aria m", st).contains(&"place Aria \"Mill floor\"".to_string()));
    assert!(complete("add Erin kit ", st).contains(&"add Erin kit Fighter".to_string()));
    assert!(complete("creature w", st).contains(&"creature Wolf".to_string()));
    assert!(complete("fight players ", st).contains(&"fight players surprise".to_string()));
    assert!(complete("zzz ", st).is_empty());
    assert!(complete("note some", st).is_empty());
    let c = script::completions("attack Aria gob", st, content::active());
    assert_eq!(c.start, 12);
}

#[test]
fn help_lists_every_verb_with_an_example() {
    let help = help_text();
    for verb in slot_verbs() {
        assert!(help.contains(verb.usage), "{}", verb.name);
        assert!(
            help.contains(&format!("e.g. {}", verb.example)),
            "{}",
            verb.name
        );
        assert!(help.contains(verb.about), "{}", verb.name);
    }
}

#[test]
fn parsing_a_line_refused_by_the_rules_changes_nothing() {
    let mut s = table();
    let before = s.state().clone();
    let entries = s.entries().len();
    // Parses fine, but Aria has no open wound to treat: the session refuses it whole.
    let line = parse_line("treat Aria 3", s.state()).unwrap();
    let Line::Command(c) = line else { panic!() };
    assert!(s.execute(c, &mut ScriptedDice::new([])).is_err());
    assert_eq!(s.state(), &before);
    assert_eq!(s.entries().len(), entries);
}

proptest::proptest! {
    #![proptest_config({
        let mut config = proptest::prelude::ProptestConfig::with_cases(400);
        if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
            config.rng_seed = proptest::test_runner::RngSeed::Fixed(0x5107_4a2c);
        }
        config
    })]

    /// Whatever is typed, parsing and completing answer without panicking, and an error always
    /// points inside the line or just past its end.
    #[test]
    fn any_line_parses_or_errs_without_panicking(
        verb in proptest::sample::select(slot_verbs().iter().map(|v| v.name).collect::<Vec<_>>()),
        rest in "[ a-zA-Z0-9\"'#,:é-]{0,40}",
    ) {
        let s = table();
        for line in [format!("{verb} {rest}"), rest.clone()] {
            if let Err(e) = parse_line(&line, s.state()) {
                let col = e.column.unwrap_or(1);
                proptest::prop_assert!(col >= 1 && col <= line.chars().count() + 2, "{line:?}: {col}");
            }
            for c in complete(&line, s.state()) {
                proptest::prop_assert!(!c.is_empty());
            }
        }
    }
}

/// The variant's name; the match has no wildcard, so a new command fails to compile here until
/// the language covers it.
fn variant(c: &C) -> &'static str {
    match c {
        C::AddCharacter { .. } => "AddCharacter",
        C::RenameCharacter { .. } => "RenameCharacter",
        C::SetSide { .. } => "SetSide",
        C::RemoveCharacter { .. } => "RemoveCharacter",
        C::PutItem { .. } => "PutItem",
        C::MoveItem { .. } => "MoveItem",
        C::RemoveItem { .. } => "RemoveItem",
        C::TwoHands { .. } => "TwoHands",
        C::DropBackpack { .. } => "DropBackpack",
        C::ShoulderBackpack { .. } => "ShoulderBackpack",
        C::Check { .. } => "Check",
        C::Fall { .. } => "Fall",
        C::GroupCheck { .. } => "GroupCheck",
        C::Attack { .. } => "Attack",
        C::Pick { .. } => "Pick",
        C::SwapDice { .. } => "SwapDice",
        C::Override { .. } => "Override",
        C::Accept => "Accept",
        C::ChooseSlot { .. } => "ChooseSlot",
        C::RuleBlocks { .. } => "RuleBlocks",
        C::Cancel => "Cancel",
        C::Wound { .. } => "Wound",
        C::Treat { .. } => "Treat",
        C::Heal { .. } => "Heal",
        C::Mark { .. } => "Mark",
        C::Worsen { .. } => "Worsen",
        C::ClearMark { .. } => "ClearMark",
        C::SetFatigue { .. } => "SetFatigue",
        C::Ignite { .. } => "Ignite",
        C::RollOnGround { .. } => "RollOnGround",
        C::Douse { .. } => "Douse",
        C::Suffocate { .. } => "Suffocate",
        C::Cold { .. } => "Cold",
        C::Warm { .. } => "Warm",
        C::Starve { .. } => "Starve",
        C::SetStatus { .. } => "SetStatus",
        C::NewScene { .. } => "NewScene",
        C::AddZone { .. } => "AddZone",
        C::RemoveZone { .. } => "RemoveZone",
        C::Link { .. } => "Link",
        C::Unlink { .. } => "Unlink",
        C::Hide { .. } => "Hide",
        C::Place { .. } => "Place",
        C::Task { .. } => "Task",
        C::Rest { .. } => "Rest",
        C::Travel { .. } => "Travel",
        C::PassDays { .. } => "PassDays",
        C::SetDark { .. } => "SetDark",
        C::SetTimeOfDay { .. } => "SetTimeOfDay",
        C::StartCombat { .. } => "StartCombat",
        C::JoinCombat { .. } => "JoinCombat",
        C::StartTurn { .. } => "StartTurn",
        C::Setup { .. } => "Setup",
        C::Interrupt { .. } => "Interrupt",
        C::InterruptResult { .. } => "InterruptResult",
        C::EndTurn => "EndTurn",
        C::EndCombat { .. } => "EndCombat",
    }
}

#[test]
fn the_verbs_cover_every_slot_system_command() {
    let s = table();
    let mut seen = std::collections::BTreeSet::new();
    let verbs = slot_verbs();
    let lines = verbs.iter().map(|v| v.example).chain([
        "end fight",
        "fatigue Bram 4",
        "unhide Yard Cellar",
    ]);
    for line in lines {
        match parse_line(line, s.state()) {
            Ok(Line::Command(Command::Game(GameCommand::Slots(c)))) => {
                seen.insert(variant(&c));
            }
            Ok(Line::Command(Command::Fight { start, .. })) => {
                if let GameCommand::Slots(c) = *start {
                    seen.insert(variant(&c));
                }
            }
            _ => {}
        }
    }
    assert_eq!(seen.len(), 57, "covered: {seen:?}");
}

/// The slot system's state of a session that plays it.
fn slots_state(state: &slotmark::session::SessionState) -> Option<&slotmark::rules::slots::State> {
    match &state.game {
        slotmark::rules::GameState::Slots(s) => Some(s),
        _ => None,
    }
}

/// Runs `line` in `s`; the refusal's words when the session or the parser refuses it.
fn line_in(s: &mut Session, line: &str) -> Result<(), String> {
    let c = match parse_line(line, s.state()).map_err(|e| e.to_string())? {
        Line::Command(c) => c,
        other => panic!("{line}: {other:?}"),
    };
    s.execute(c, &mut ScriptedDice::new([4; 40]))
        .map(|_| ())
        .map_err(|e| e.to_string())
}

fn roster_names(s: &Session) -> Vec<String> {
    s.state().game.roster_names()
}

/// Each ruleset's way to add a creature called Orc with 4 HP.
const ORCS: [(RulesetId, &str); 5] = [
    (RulesetId::Plain, "add Orc 4 others"),
    (RulesetId::Ap, "add Orc npc orcs 10 10 10 4"),
    (RulesetId::ActionDie, "add Orc creature d6 d6 d6 d6 4"),
    (RulesetId::Bdp, "add Orc creature 10 10 10 4"),
    (RulesetId::Phase, "add Orc creature 4"),
];

#[test]
fn a_second_creature_with_a_taken_name_is_numbered_in_every_ruleset() {
    for (rules, add) in ORCS {
        let mut s = Session::new(SessionState::new("Test", rules));
        for _ in 0..3 {
            line_in(&mut s, add).unwrap_or_else(|e| panic!("{rules:?}: {add}: {e}"));
        }
        assert_eq!(roster_names(&s), ["Orc", "Orc 2", "Orc 3"], "{rules:?}");
        // A name typed differently in case is still taken.
        line_in(&mut s, &add.replace("Orc", "ORC")).unwrap();
        assert!(roster_names(&s).contains(&"ORC 4".to_string()), "{rules:?}");
    }
    // The slot system numbers its bestiary's creatures from the first.
    let mut s = Session::new(SessionState::new("Test", RulesetId::Slots));
    line_in(&mut s, "creature goblin").unwrap();
    line_in(&mut s, "creature goblin").unwrap();
    assert_eq!(roster_names(&s), ["Goblin 1", "Goblin 2"]);
}

#[test]
fn set_hp_above_the_max_changes_what_the_help_says_and_no_more_in_every_ruleset() {
    for (rules, add, set, raise) in [
        (RulesetId::Ap, ORCS[1].1, "set Orc hp 9", "set Orc hp 9 9"),
        (
            RulesetId::ActionDie,
            ORCS[2].1,
            "set Orc hp 9",
            "set Orc hpmax 9",
        ),
        (
            RulesetId::Bdp,
            ORCS[3].1,
            "set Orc hp 9 4",
            "set Orc hp 9 9",
        ),
        (
            RulesetId::Phase,
            ORCS[4].1,
            "set Orc hp 9",
            "set Orc hp 9 max 9",
        ),
    ] {
        let help = script::verbs(rules)
            .into_iter()
            .find(|v| v.name == "set")
            .unwrap();
        assert!(
            help.about.contains("above") && help.about.contains("refused"),
            "{rules:?}: {}",
            help.about
        );
        let mut s = Session::new(SessionState::new("Test", rules));
        line_in(&mut s, add).unwrap();
        let before = s.state().clone();
        let err = line_in(&mut s, set).expect_err(set);
        assert!(err.contains("max"), "{rules:?}: {err}");
        assert_eq!(s.state(), &before, "{rules:?}: {set} changed the sheet");
        // The way the help names to raise the max does.
        line_in(&mut s, raise).unwrap_or_else(|e| panic!("{rules:?}: {raise}: {e}"));
        assert_ne!(s.state(), &before, "{rules:?}");
    }
}
