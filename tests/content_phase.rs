//! Ruleset `phase`'s bundled content (`assets/phase/`): the price list by name, checked against
//! the tables the rules keep (K3, K7, K19, K20); the bestiary, every creature a sheet the rules
//! accept; and the verbs that take a weapon, armour, ware or creature by name.

use slotmark::content::ContentError;
use slotmark::content::phase::{ArmourClass, Offer, PhaseLibrary, Stock, Tag, try_bundled};
use slotmark::dice::ScriptedDice;
use slotmark::rules::phase::{
    Armor, Command as C, Goods, Kind, Side, State, Unit, Ware, Weapon, WeaponKind,
};
use slotmark::rules::{GameCommand, GameState, RulesetId};
use slotmark::script::{self, Line};
use slotmark::session::{self, Session, SessionState};

fn lib() -> PhaseLibrary {
    try_bundled().expect("the bundled phase library loads")
}

fn session() -> Session {
    Session::new(SessionState::new("content", RulesetId::Phase))
}

fn st(s: &Session) -> &State {
    match &s.state().game {
        GameState::Phase(st) => st,
        other => panic!("a phase session, not {:?}", other.ruleset()),
    }
}

/// The phase command a line parses to.
fn parsed(s: &Session, line: &str) -> C {
    match script::parse_line(line, s.state()) {
        Ok(Line::Command(session::Command::Game(GameCommand::Phase(c)))) => c,
        // A fight's start comes framed (the party always in, its creatures revealed).
        Ok(Line::Command(session::Command::Fight { start, .. })) => match *start {
            GameCommand::Phase(c) => c,
            other => panic!("{line}: {other:?}"),
        },
        other => panic!("{line}: {other:?}"),
    }
}

/// Runs lines that roll no dice; each must parse and be accepted.
fn play(s: &mut Session, lines: &[&str]) {
    for line in lines {
        let c = parsed(s, line);
        if let Err(e) = s.execute(
            session::Command::Game(GameCommand::Phase(c)),
            &mut ScriptedDice::new([]),
        ) {
            panic!("{line}: {e}");
        }
    }
}

/// The parser's message for a line it refuses.
fn unreadable(s: &Session, line: &str) -> String {
    match script::parse_line(line, s.state()) {
        Err(e) => e.message,
        Ok(l) => panic!("{line} should not parse: {l:?}"),
    }
}

#[test]
fn the_price_list_carries_every_ware_002_names_at_the_tables_prices() {
    let lib = lib();
    // K19: each weapon has its class's die and tags and its price.
    let price_of = |k: WeaponKind| match k {
        WeaponKind::Hand => Ware::HandWeapon.price(),
        WeaponKind::Polearm => Ware::Polearm.price(),
        WeaponKind::Sling => Ware::Sling.price(),
        WeaponKind::Bow => Ware::Bow.price(),
    };
    for w in &lib.weapons {
        let book = Weapon::standard(w.class);
        let mine = w.weapon();
        assert_eq!(
            (
                mine.die,
                mine.bulky,
                mine.missile,
                mine.throwable,
                mine.blast
            ),
            (
                book.die,
                book.bulky,
                book.missile,
                book.throwable,
                book.blast
            ),
            "{}",
            w.name
        );
        assert_eq!(w.price, price_of(w.class), "{}", w.name);
        assert!(!w.about.is_empty(), "{}", w.name);
    }
    // K20: DR and price by class.
    for a in &lib.armour {
        let (dr, price) = match a.class {
            ArmourClass::Light => (Armor::Light.dr(), Ware::LightArmor.price()),
            ArmourClass::Heavy => (Armor::Heavy.dr(), Ware::HeavyArmor.price()),
            ArmourClass::Shield => (1, Ware::Shield.price()),
        };
        assert_eq!((a.dr, a.price), (dr, price), "{}", a.name);
    }
    // K3: every cart and beast at the book's price.
    let wares: Vec<Ware> = lib.transport.iter().map(|t| t.ware).collect();
    assert_eq!(
        wares,
        [
            Ware::HandCart,
            Ware::DraftCart,
            Ware::Wagon,
            Ware::Mule,
            Ware::Horse,
            Ware::Warhorse
        ]
    );
    // Every example 002 gives by name is on the list.
    for name in [
        "Sword",
        "Spear",
        "Mace",
        "Poleaxe",
        "Halberd",
        "Lance",
        "Sling",
        "Hunting bow",
        "Light crossbow",
        "Gambeson",
        "Mail shirt",
        "Bronze breastplate",
        "Full plate",
        "Shield",
        "Week of food",
        "Day of food and water",
        "Delve supplies",
        "Hand cart",
        "Wagon",
        "Warhorse",
    ] {
        let offer = lib.offer(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(offer.name(), name);
    }
    // K7: the units of supplies; 002 prices none of them.
    let units: Vec<Unit> = lib.gear.iter().map(|g| g.unit.unit()).collect();
    assert_eq!(
        units,
        [
            Unit::Food { rations: 7 },
            Unit::Day,
            Unit::Delve { lit: false }
        ]
    );
    assert!(lib.gear.iter().all(|g| g.price.is_none()));
    assert_eq!(Stock::Food.unit().rations(), 7);
}

#[test]
fn the_bestiary_has_a_dozen_creatures_and_each_is_a_sheet_the_rules_accept() {
    let lib = lib();
    assert!(
        lib.creatures.len() >= 10,
        "{} creatures",
        lib.creatures.len()
    );
    assert!(
        lib.creatures
            .iter()
            .any(|c| c.has(slotmark::content::phase::Trait::Undead))
    );
    assert!(
        lib.creatures
            .iter()
            .any(|c| c.has(slotmark::content::phase::Trait::Leader))
    );
    assert!(
        lib.creatures
            .iter()
            .any(|c| c.has(slotmark::content::phase::Trait::Mindless))
    );
    assert!(
        lib.creatures
            .iter()
            .flat_map(|c| &c.attacks)
            .any(|a| a.tags.contains(&Tag::Blast))
    );
    let mut s = session();
    for c in &lib.creatures {
        assert!(!c.about.is_empty() && c.hd >= 1, "{}", c.name);
        s.execute(
            session::Command::Game(GameCommand::Phase(C::Add(Box::new(c.sheet(&c.name))))),
            &mut ScriptedDice::new([]),
        )
        .unwrap_or_else(|e| panic!("{}: {e}", c.name));
        let sheet = st(&s).by_name(&c.name).unwrap();
        assert_eq!(
            (sheet.kind, sheet.side, sheet.hp.max, sheet.dr),
            (Kind::Creature, Side::Enemies, c.hp, c.dr),
            "{}",
            c.name
        );
        assert_eq!(sheet.weapons.len(), c.attacks.len(), "{}", c.name);
        assert_eq!(sheet.weapons[0].on_fail, c.attacks[0].on_fail, "{}", c.name);
    }
    let bones = st(&s).by_name("Skeleton").unwrap();
    assert!(bones.undead && !bones.intelligent);
    assert!(st(&s).by_name("Goblin chief").unwrap().leader);
    assert!(st(&s).by_name("Ghoul").unwrap().intelligent);
}

#[test]
fn add_takes_a_creature_of_the_bestiary_by_name_numbered_when_unnamed() {
    let mut s = session();
    play(
        &mut s,
        &[
            "add goblin",
            "add Goblin",
            "add Snag \"goblin chief\" hp 10 group raiders",
            "add wolf party",
            "add Ana pc 4 12 11 10",
        ],
    );
    let st = st(&s);
    let g1 = st.by_name("Goblin 1").unwrap();
    assert_eq!(
        (g1.hp.max, g1.str.max, g1.dex.max, g1.wil.max),
        (4, 8, 13, 7)
    );
    assert_eq!(g1.group.as_deref(), Some("goblins"));
    assert_eq!(
        (g1.weapons[0].name.as_str(), g1.weapons[0].die),
        ("Jagged knife", 6)
    );
    assert!(st.by_name("Goblin 2").is_some());
    let snag = st.by_name("Snag").unwrap();
    assert_eq!(
        (snag.hp.max, snag.leader, snag.group.as_deref(), snag.dr()),
        (10, true, Some("raiders"), 1)
    );
    let wolf = st.by_name("Wolf 1").unwrap();
    assert_eq!((wolf.side, wolf.intelligent), (Side::Party, false));
    // Errors say what was expected.
    let e = unreadable(&s, "add Bo");
    assert!(e.contains("pc, hireling") && e.contains("bestiary"), "{e}");
    let e = unreadable(&s, "add Bo gobbo");
    assert!(e.contains("found 'gobbo'"), "{e}");
    let e = unreadable(&s, "add gob");
    assert!(e.contains("Goblin chief"), "an ambiguous prefix: {e}");
    let e = unreadable(&s, "add goblin 3 8 8 8");
    assert!(e.contains("found '3'"), "{e}");
}

#[test]
fn arm_and_wear_take_weapons_and_armour_by_name() {
    let mut s = session();
    play(
        &mut s,
        &[
            "add Ana pc 4 12 11 10",
            "arm Ana sword",
            "arm Ana \"light crossbow\"",
            "arm Ana hand left",
            "arm Ana Claws d8 note torn open",
            "wear Ana \"mail shirt\" shield",
        ],
    );
    let ana = st(&s).by_name("Ana").unwrap();
    let w: Vec<(&str, u16, bool, bool, bool)> = ana
        .weapons
        .iter()
        .map(|w| (w.name.as_str(), w.die, w.bulky, w.missile, w.throwable))
        .collect();
    assert_eq!(
        w,
        [
            ("Sword", 6, false, false, true),
            ("Light crossbow", 6, true, true, false),
            ("hand weapon", 6, false, false, true),
            ("Claws", 8, false, false, false),
        ]
    );
    assert_eq!(ana.weapons[2].hand, slotmark::rules::phase::Hand::Left);
    assert_eq!(ana.weapons[3].on_fail, "torn open");
    assert_eq!((ana.armor, ana.shield, ana.dr()), (Armor::Light, true, 2));
    play(&mut s, &["wear Ana \"full plate\"", "wear Ana shield"]);
    let ana = st(&s).by_name("Ana").unwrap();
    assert_eq!((ana.armor, ana.shield), (Armor::None, true));
    let e = unreadable(&s, "arm Ana Claws");
    assert!(e.contains("die") && e.contains("price list"), "{e}");
    let e = unreadable(&s, "wear Ana chainmail");
    assert!(e.contains("none, light, heavy"), "{e}");
}

#[test]
fn buy_takes_the_price_list_by_name_and_the_judge_prices_what_002_does_not() {
    let mut s = session();
    play(&mut s, &["add Ana pc 4 12 11 10", "coins Ana +300"]);
    // The command carries the goods whole: the log replays whatever the list says later.
    match parsed(&s, "buy Ana halberd") {
        C::Purchase {
            name, goods, price, ..
        } => {
            assert_eq!((&*name, price), ("Halberd", 15));
            let Goods::Weapon(w) = *goods else {
                panic!("{goods:?}")
            };
            assert!(w.bulky && w.die == 8);
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        parsed(&s, "buy Ana mule"),
        C::Buy {
            ware: Ware::Mule,
            ..
        }
    ));
    assert!(matches!(
        parsed(&s, "buy Ana \"hand cart\""),
        C::Buy {
            ware: Ware::HandCart,
            ..
        }
    ));
    play(
        &mut s,
        &[
            "buy Ana halberd",
            "buy Ana gambeson",
            "buy Ana shield for 5",
            "buy Ana \"week of food\" for 4",
            "buy Ana handweapon for 12",
            "buy Ana \"hand cart\"",
        ],
    );
    let ana = st(&s).by_name("Ana").unwrap();
    assert_eq!(ana.coins, 300 - 15 - 100 - 5 - 4 - 12 - 5);
    let names: Vec<&str> = ana.weapons.iter().map(|w| w.name.as_str()).collect();
    assert_eq!(names, ["Halberd", "hand weapon"]);
    assert_eq!((ana.armor, ana.shield, ana.dr()), (Armor::Light, true, 2));
    assert_eq!(ana.units, [Unit::Food { rations: 7 }]);
    // No price in 002 and none given; a beast at a price of the judge's; an unknown name.
    let e = unreadable(&s, "buy Ana \"delve supplies\"");
    assert!(e.contains("no price") && e.contains("for N"), "{e}");
    let e = unreadable(&s, "buy Ana mule for 3");
    assert!(e.contains("book's price"), "{e}");
    let e = unreadable(&s, "buy Ana halbred");
    assert!(e.contains("did you mean Halberd"), "{e}");
    // Short of coins: refused, nothing changes.
    let before = s.state().clone();
    let refused = s.execute(
        session::Command::Game(GameCommand::Phase(parsed(&s, "buy Ana \"full plate\""))),
        &mut ScriptedDice::new([]),
    );
    assert!(refused.unwrap_err().to_string().contains("costs 1000"));
    assert_eq!(s.state(), &before);
}

#[test]
fn the_verbs_complete_names_from_the_price_list_and_the_bestiary() {
    let mut s = session();
    play(&mut s, &["add Ana pc 4 12 11 10"]);
    assert!(script::complete("add Ana gob", s.state()).contains(&"add Ana Goblin".to_string()));
    assert!(script::complete("arm Ana hal", s.state()).contains(&"arm Ana Halberd".to_string()));
    assert!(
        script::complete("wear Ana mai", s.state())
            .contains(&"wear Ana \"Mail shirt\"".to_string())
    );
    assert!(
        script::complete("buy Ana wee", s.state())
            .contains(&"buy Ana \"Week of food\"".to_string())
    );
}

#[test]
fn a_bad_phase_content_file_is_named_with_its_place_and_adds_nothing() {
    let mut lib = lib();
    let before = lib.clone();
    let e = lib
        .merge(
            "mine.ron",
            "(\n  weapons: [\n    (name: \"Axe\", class: Axe),\n  ],\n)",
        )
        .unwrap_err();
    match &e {
        ContentError::Syntax { file, line, .. } => {
            assert_eq!((file.as_str(), *line), ("mine.ron", 3))
        }
        other => panic!("{other:?}"),
    }
    for (text, says) in [
        (
            r#"(weapons: [(name: "Axe", class: Hand, die: 7, price: 15)])"#,
            "not d7",
        ),
        (
            r#"(armour: [(name: "Tin", class: Light, dr: 2, price: 5)])"#,
            "DR 1",
        ),
        (
            r#"(transport: [(name: "Donkey", ware: Mule, price: 3)])"#,
            "costs 30",
        ),
        (
            r#"(transport: [(name: "Pike", ware: Polearm, price: 15)])"#,
            "a cart, a wagon or a beast",
        ),
        (
            r#"(gear: [(name: "sword", unit: Day)])"#,
            "both on the price list",
        ),
        (
            r#"(creatures: [(name: "Imp", hd: 1, hp: 0, attacks: [(name: "Claw", die: 4)])])"#,
            "HP is 1 to 99",
        ),
        (
            r#"(creatures: [(name: "Imp", hd: 1, hp: 3, attacks: [])])"#,
            "at least one attack",
        ),
        (
            r#"(creatures: [(name: "Imp", hd: 1, hp: 3, str: 30, attacks: [(name: "Claw", die: 4)])])"#,
            "0 to 20",
        ),
        (
            r#"(creatures: [(name: "Imp", hd: 1, hp: 3, attacks: [(name: "Claw\u{1b}", die: 4)])])"#,
            "control character",
        ),
        ("", "empty"),
    ] {
        let e = lib.merge("mine.ron", text).unwrap_err().to_string();
        assert!(e.starts_with("mine.ron") && e.contains(says), "{text}: {e}");
        assert_eq!(lib, before, "a refused file added something");
    }
    // A good file adds, and an entry named like a bundled one replaces it.
    lib.merge(
        "mine.ron",
        r#"(creatures: [(name: "Goblin", hd: 1, hp: 5, attacks: [(name: "Spear", die: 6)])])"#,
    )
    .unwrap();
    assert_eq!(lib.creature("goblin").unwrap().hp, 5);
    assert_eq!(lib.creatures.len(), before.creatures.len());
    assert!(matches!(lib.offer("halb"), Ok(Offer::Weapon(_))));
}

#[test]
fn the_phase_demo_is_a_party_armed_and_lit_with_a_goblin_band_waiting() {
    let demo = script::try_demo_for(RulesetId::Phase).expect("the phase demo builds");
    assert_eq!(demo.state().ruleset(), RulesetId::Phase);
    assert_eq!(demo.state().title, "Demo: the Goblin Warren");
    let st = st(&demo);
    let of = |kind: Kind| -> Vec<&str> {
        st.characters
            .iter()
            .filter(|c| c.kind == kind)
            .map(|c| c.name.as_str())
            .collect()
    };
    assert_eq!(of(Kind::Pc), ["Ana", "Bram", "Cora"]);
    assert_eq!(of(Kind::Hireling), ["Hob"]);
    assert_eq!(
        of(Kind::Creature),
        ["Goblin 1", "Goblin 2", "Goblin 3", "Grol", "Fang"]
    );
    let c = |n: &str| st.by_name(n).unwrap();
    assert_eq!(
        (
            c("Ana").dr(),
            c("Ana").coins,
            c("Ana").weapons[0].name.as_str()
        ),
        (2, 25, "Sword")
    );
    assert!(c("Bram").weapons[0].bulky);
    assert_eq!(c("Cora").spells.len(), 2);
    assert!(c("Hob").encumbered() && c("Ana").face);
    assert!(c("Grol").leader && c("Fang").group.as_deref() == Some("goblins"));
    assert!(st.world.delve && State::default().world.turn == st.world.turn);
    assert!(slotmark::rules::phase::World::lit(&st.characters));
    assert!(st.fight.is_none() && st.queue.is_empty());
    // Ready for a fight: everyone standing joins it.
    let mut fight = demo.clone();
    let started = fight.execute(
        parsed_line(&fight, "fight surprised enemies"),
        &mut ScriptedDice::new([]),
    );
    assert!(started.is_ok(), "{started:?}");
    // It replays, and every call is a fresh copy.
    let replayed = session::replay(demo.initial(), demo.entries()).unwrap();
    assert_eq!(&replayed, demo.state());
    assert_eq!(script::demo_for(RulesetId::Phase).state(), demo.state());
}

fn parsed_line(s: &Session, line: &str) -> session::Command {
    match script::parse_line(line, s.state()) {
        Ok(Line::Command(c)) => c,
        other => panic!("{line}: {other:?}"),
    }
}

#[test]
fn the_slot_demo_is_unchanged_and_the_plain_tracker_has_a_demo_too() {
    let slots = script::demo();
    assert_eq!(slots.state().ruleset(), RulesetId::Slots);
    assert_eq!(
        script::demo_for(RulesetId::Slots).state(),
        slots.state(),
        "demo() is the slot system's"
    );
    assert_eq!(
        script::try_demo_for(RulesetId::Slots).unwrap().entries(),
        slots.entries()
    );
    // The last ruleset without one: README step 1 (`d`, the ruleset, Enter) works for it too.
    let plain = script::try_demo_for(RulesetId::Plain).unwrap();
    assert_eq!(plain.state().ruleset(), RulesetId::Plain);
    assert_eq!(plain.state().title, "Demo: the Goblin Ford");
    assert!(RulesetId::ALL.iter().all(|r| script::has_demo(*r)));
}
