//! The bundled library, the user's own library file and the demo.

use slotmark::content::{self, ContentError, Library};
use slotmark::dice::ScriptedDice;
use slotmark::rules::RulesetId;
use slotmark::rules::slots::{self, ArmorClass, Prop, Region, Side, WeaponKind, WeaponSize};
use slotmark::session::{self, Session, SessionState};

fn lib() -> Library {
    content::try_bundled().expect("the bundled library loads")
}

#[test]
fn the_bundled_library_has_enough_of_everything() {
    let lib = lib();
    assert!(lib.items.len() >= 40, "{} items", lib.items.len());
    assert!(
        lib.creatures.len() >= 12,
        "{} creatures",
        lib.creatures.len()
    );
    assert!(lib.kits.len() >= 3, "{} kits", lib.kits.len());
    let non_human = lib
        .creatures
        .iter()
        .filter(|c| c.layout != slots::Layout::human())
        .count();
    assert!(non_human >= 3, "{non_human} non-human creatures");
    let beast = lib.creature("wolf").unwrap();
    assert_eq!(beast.layout.die, 8);
    let large = lib.creature("ogre").unwrap();
    assert_eq!(large.layout.die, 20);
    let swarm = lib.creature("rat swarm").unwrap();
    assert_eq!(swarm.layout.len(), 2);
}

#[test]
fn every_item_is_valid_and_every_property_the_rules_read_is_used() {
    let lib = lib();
    for item in &lib.items {
        content::slots::check_item(item).unwrap_or_else(|e| panic!("{}: {e}", item.name));
        if let Some(w) = item.weapon {
            assert_eq!(item.wear, Some(Region::Grip), "{}", item.name);
            let _ = w.size;
        }
    }
    for prop in Prop::ALL {
        assert!(
            lib.items.iter().any(|i| i.has(prop)),
            "no item is {}",
            prop.name()
        );
    }
    for armor in [
        ArmorClass::HeavyArmor,
        ArmorClass::LightArmor,
        ArmorClass::Shield,
    ] {
        assert!(
            lib.items.iter().any(|i| i.armor == Some(armor)),
            "{armor:?}"
        );
    }
    for size in [WeaponSize::Small, WeaponSize::Medium, WeaponSize::Bulky] {
        assert!(
            lib.items.iter().any(|i| i
                .weapon
                .is_some_and(|w| w.size == size && w.kind == WeaponKind::Melee)),
            "no {size:?} melee weapon"
        );
    }
    for kind in [WeaponKind::Thrown, WeaponKind::Bow] {
        assert!(
            lib.items
                .iter()
                .any(|i| i.weapon.is_some_and(|w| w.kind == kind))
        );
    }
    for region in [
        Region::Head,
        Region::Torso,
        Region::LegsFeet,
        Region::ArmsHands,
    ] {
        assert!(
            lib.items.iter().any(|i| i.wear == Some(region)),
            "{region:?}"
        );
    }
    // Named in the brief: lights, noisy and smelly things.
    for name in [
        "torch",
        "lantern",
        "candles",
        "tambourine",
        "chain shirt",
        "strong cheese",
        "stink bomb",
    ] {
        lib.item(name).unwrap_or_else(|e| panic!("{e}"));
    }
    let rigid_bundled = lib
        .items
        .iter()
        .any(|i| i.has(Prop::Rigid) && i.has(Prop::Bundled));
    assert!(rigid_bundled, "something that clanks because it is bundled");
    let names: std::collections::HashSet<String> =
        lib.items.iter().map(|i| i.name.to_lowercase()).collect();
    assert_eq!(names.len(), lib.items.len(), "item names are unique");
}

#[test]
fn every_creature_and_kit_makes_a_valid_sheet() {
    let lib = lib();
    let mut s = Session::new(SessionState::new("T", RulesetId::Slots));
    let mut dice = ScriptedDice::new([]);
    for c in &lib.creatures {
        c.layout
            .validate()
            .unwrap_or_else(|e| panic!("{}: {e}", c.name));
        assert!(!c.attacks.is_empty(), "{}", c.name);
        assert!(!c.items.is_empty(), "{} carries nothing", c.name);
        for (slot, item) in &c.items {
            assert!(c.layout.def(*slot).is_some(), "{} slot {slot}", c.name);
            content::slots::check_item(item).unwrap();
        }
        let cmd = lib
            .add_creature(slots_state(s.state()).unwrap(), &c.name, Side::Opponents)
            .unwrap();
        s.execute(cmd.into(), &mut dice)
            .unwrap_or_else(|e| panic!("{}: {e}", c.name));
    }
    for k in &lib.kits {
        assert!(!k.about.is_empty(), "{}", k.name);
        let cmd = lib
            .character_from_kit(&format!("Hero {}", k.name), &k.name, Side::Players)
            .unwrap();
        s.execute(cmd.into(), &mut dice)
            .unwrap_or_else(|e| panic!("{}: {e}", k.name));
    }
    let st = slots_state(s.state()).unwrap();
    assert_eq!(st.characters.len(), lib.creatures.len() + lib.kits.len());
}

#[test]
fn creatures_are_numbered_as_they_join() {
    let lib = lib();
    let mut s = Session::new(SessionState::new("T", RulesetId::Slots));
    let mut dice = ScriptedDice::new([]);
    for _ in 0..3 {
        let cmd = lib
            .add_creature(slots_state(s.state()).unwrap(), "goblin", Side::Opponents)
            .unwrap();
        s.execute(cmd.into(), &mut dice).unwrap();
    }
    let names: Vec<&str> = slots_state(s.state())
        .unwrap()
        .characters
        .iter()
        .map(|c| c.name.as_str())
        .collect();
    assert_eq!(names, ["Goblin 1", "Goblin 2", "Goblin 3"]);
    assert!(
        lib.add_creature(slots_state(s.state()).unwrap(), "dragon", Side::Opponents)
            .is_err()
    );
    assert!(
        lib.character_from_kit("X", "wizard of oz", Side::Players)
            .is_err()
    );
}

#[test]
fn lookups_take_prefixes_and_refuse_ambiguity() {
    let lib = lib();
    assert_eq!(lib.item("ROPE").unwrap().name, "Rope (50 ft)");
    assert_eq!(lib.item("greats").unwrap().name, "Greatsword");
    assert!(matches!(
        lib.item("short"),
        Err(content::LookupError::Ambiguous { .. })
    ));
    let e = lib.item("lantren").unwrap_err().to_string();
    assert!(e.contains("did you mean Lantern"), "{e}");
    assert_eq!(lib.kit("hedge").unwrap().name, "Hedge wizard");
}

#[test]
fn a_user_file_adds_and_replaces_entries() {
    let mut lib = lib();
    let before = lib.items.len();
    lib.merge(
        "mine.ron",
        r#"(
            items: [
                (name: "Bone flute", props: [Light, Noisy]),
                (name: "Torch", props: [Light, Flammable, LightSource, Smelly], wear: Grip),
            ],
            layouts: [(name: "blob", die: 4, slots: [(label: "Goo", region: Torso, body: true)])],
            creatures: [(name: "Ooze", layout: "blob", own: [(1, (name: "Acid", props: [Smelly]))], attacks: [Grab])],
            kits: [(name: "Bard", about: "music", items: [(6, "Bone flute")])],
        )"#,
    )
    .unwrap();
    assert_eq!(lib.items.len(), before + 1);
    assert!(lib.item("torch").unwrap().has(Prop::Smelly));
    assert_eq!(lib.creature("ooze").unwrap().layout.die, 4);
    assert_eq!(lib.kit("bard").unwrap().items[0].1.name, "Bone flute");
}

#[test]
fn a_bad_user_file_names_the_file_and_the_place() {
    let mut lib = lib();
    let before = lib.items.len();
    let e = lib
        .merge(
            "mine.ron",
            "(\n  items: [\n    (name: \"Flute\", props: [Loud]),\n  ],\n)",
        )
        .unwrap_err();
    match &e {
        ContentError::Syntax { file, line, .. } => {
            assert_eq!((file.as_str(), *line), ("mine.ron", 3));
        }
        other => panic!("{other:?}"),
    }
    assert!(e.to_string().starts_with("mine.ron:3:"), "{e}");
    let e = lib
        .merge(
            "mine.ron",
            r#"(creatures: [(name: "Imp", layout: "human", items: [(6, "Pitchfork")], attacks: [Melee])])"#,
        )
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("mine.ron") && e.contains("Imp") && e.contains("Pitchfork"),
        "{e}"
    );
    let e = lib
        .merge(
            "mine.ron",
            r#"(items: [(name: "Club of doom", weapon: (size: Bulky, kind: Melee))])"#,
        )
        .unwrap_err()
        .to_string();
    assert!(e.contains("grip"), "{e}");
    let e = lib
        .merge(
            "mine.ron",
            r#"(creatures: [(name: "Bad", layout: "human", own: [(14, (name: "Hat"))], attacks: [Melee])])"#,
        )
        .unwrap_err()
        .to_string();
    assert!(e.contains("slot 14"), "{e}");
    // A refused file adds nothing, not even its good entries.
    assert_eq!(lib.items.len(), before);
}

#[test]
fn load_reads_the_user_file_from_disk() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("library.ron");
    assert!(content::load(Some(&path)).is_ok(), "a missing file is fine");
    std::fs::write(&path, "(items: [(name: \"Lute\", props: [Noisy])])").unwrap();
    assert!(content::load(Some(&path)).unwrap().item("lute").is_ok());
    std::fs::write(&path, "(items: [").unwrap();
    let e = content::load(Some(&path)).unwrap_err().to_string();
    assert!(e.starts_with(&path.display().to_string()), "{e}");
}

#[test]
fn the_demo_is_a_party_a_scene_and_a_waiting_encounter() {
    let demo = slotmark::script::try_demo().expect("the demo builds");
    let st = slots_state(demo.state()).unwrap();
    let players: Vec<_> = st
        .characters
        .iter()
        .filter(|c| c.side == Side::Players)
        .collect();
    assert_eq!(players.len(), 4);
    for p in &players {
        assert!(
            p.slots.iter().filter(|s| s.item.is_some()).count() >= 6,
            "{}",
            p.name
        );
        assert!(p.zone.is_some(), "{} is placed", p.name);
    }
    let foes: Vec<_> = st
        .characters
        .iter()
        .filter(|c| c.side == Side::Opponents)
        .collect();
    assert!(foes.len() >= 2);
    assert!(foes.iter().all(|c| c.zone.is_some()));
    assert!(st.scene.zones.len() >= 4);
    assert!(!st.scene.links.is_empty());
    assert!(st.scene.zones.iter().any(|z| z.cover));
    assert!(st.combat.is_none(), "the encounter waits");
    assert!(st.pending.is_empty());
}

#[test]
fn the_demo_replays_and_every_call_is_a_fresh_copy() {
    let demo = slotmark::script::demo();
    assert!(!demo.entries().is_empty());
    let replayed = session::replay(demo.initial(), demo.entries()).unwrap();
    assert_eq!(&replayed, demo.state());
    let mut first = slotmark::script::demo();
    first
        .execute(
            session::Command::Note("changed".into()),
            &mut ScriptedDice::new([]),
        )
        .unwrap();
    let second = slotmark::script::demo();
    assert_ne!(first.state(), second.state());
    assert_eq!(second.state(), demo.state());
}

/// The slot system's state of a session that plays it.
fn slots_state(state: &slotmark::session::SessionState) -> Option<&slotmark::rules::slots::State> {
    match &state.game {
        slotmark::rules::GameState::Slots(s) => Some(s),
        _ => None,
    }
}
