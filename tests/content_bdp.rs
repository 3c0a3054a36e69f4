//! Ruleset `bdp`'s bundled content (`assets/bdp/`): every file carries 001's attribution; the
//! gear list holds what 001 names with the tags the rules read; the bestiary's creatures are
//! sheets the rules accept; the tables file says what the rules keep as constants and do (B10,
//! B14, B24, B27, B33, B36, B41-B45), face by face through the session; and the verbs that take
//! gear and creatures by name.

use slotmark::content::ContentError;
use slotmark::content::bdp::{
    ATTRIBUTION, BdpLibrary, Clears, HeadResult, Per, TaskOutcome, Ware, amount, band, files,
    tables, try_bundled,
};
use slotmark::dice::ScriptedDice;
use slotmark::rules::bdp::{
    Ability, Area, Character, Command as C, Hazard, Illness, Kind, Meal, Rarity, Recipe, Region,
    Rest, Slot, State, Then, Wait, tasks::FATE,
};
use slotmark::rules::{GameCommand, GameState, RulesetId};
use slotmark::script::{self, Line};
use slotmark::session::{self, Session, SessionState};

fn lib() -> BdpLibrary {
    try_bundled().expect("the bundled bdp library loads")
}

struct T {
    s: Session,
}

impl T {
    fn new() -> T {
        T {
            s: Session::new(SessionState::new("content", RulesetId::Bdp)),
        }
    }

    /// Ana: STR 10 DEX 12 WIL 8, HP 6, 10 slots.
    fn ana() -> T {
        let mut t = T::new();
        t.go("add Ana pc 10 12 8 6");
        t
    }

    fn st(&self) -> &State {
        match &self.s.state().game {
            GameState::Bdp(st) => st,
            other => panic!("a bdp session, not {:?}", other.ruleset()),
        }
    }

    fn c(&self, name: &str) -> &Character {
        self.st()
            .characters
            .iter()
            .find(|c| c.name == name)
            .unwrap_or_else(|| panic!("no {name}"))
    }

    fn parsed(&self, line: &str) -> C {
        match script::parse_line(line, self.s.state()) {
            Ok(Line::Command(session::Command::Game(GameCommand::Bdp(c)))) => c,
            // A fight's start comes framed (the party always in, its creatures revealed).
            Ok(Line::Command(session::Command::Fight { start, .. })) => match *start {
                GameCommand::Bdp(c) => c,
                other => panic!("{line}: {other:?}"),
            },
            other => panic!("{line}: {other:?}"),
        }
    }

    /// Runs a line with exactly these faces; it must be accepted.
    fn play(&mut self, line: &str, faces: &[u16]) {
        let c = self.parsed(line);
        let mut dice = ScriptedDice::new(faces.iter().copied());
        if let Err(e) = self.s.execute(c.into(), &mut dice) {
            panic!("{line}: {e}");
        }
        assert_eq!(dice.remaining(), 0, "{line} left dice unrolled");
    }

    fn go(&mut self, line: &str) {
        self.play(line, &[]);
    }

    fn refused(&mut self, line: &str) -> String {
        let c = self.parsed(line);
        let before = self.s.state().clone();
        match self.s.execute(c.into(), &mut ScriptedDice::new([])) {
            Ok(_) => panic!("{line} should be refused"),
            Err(e) => {
                assert_eq!(self.s.state(), &before);
                e.to_string()
            }
        }
    }

    fn fatigue(&self, name: &str) -> usize {
        self.c(name).fatigue()
    }
}

fn unreadable(t: &T, line: &str) -> String {
    match script::parse_line(line, t.s.state()) {
        Err(e) => e.message,
        Ok(l) => panic!("{line} should not parse: {l:?}"),
    }
}

fn items(c: &Character) -> Vec<&str> {
    c.slots
        .iter()
        .filter_map(|s| match s {
            Slot::Item(i) => Some(i.name.as_str()),
            _ => None,
        })
        .collect()
}

#[test]
fn every_bdp_asset_opens_with_001s_attribution() {
    for (file, text) in files() {
        let head: String = text
            .lines()
            .take_while(|l| l.starts_with("//") || l.starts_with('#'))
            .collect::<Vec<_>>()
            .join(" ");
        for needed in [
            "Block, Dodge, Parry",
            "Lars Huijbregts",
            "CC BY-SA 4.0",
            "https://creativecommons.org/licenses/by-sa/4.0/",
            "Adapted",
        ] {
            assert!(head.contains(needed), "{file} does not open with {needed}");
        }
    }
    assert!(ATTRIBUTION.contains("Lars Huijbregts") && ATTRIBUTION.contains("adapted"));
}

#[test]
fn the_credit_goes_wherever_001s_tables_are_shown_or_stored() {
    let demo = script::try_demo_for(RulesetId::Bdp).expect("the bdp demo builds");
    assert_eq!(RulesetId::Bdp.credit(), Some(ATTRIBUTION));
    assert!(RulesetId::Bdp.about().contains("Lars Huijbregts"));
    assert!(
        slotmark::export::markdown(&demo).contains(ATTRIBUTION),
        "the recap"
    );
    assert!(
        script::help_text_for(RulesetId::Bdp).contains(ATTRIBUTION),
        "help commands"
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("demo.ron");
    drop(slotmark::store::Store::create(&path, &demo).unwrap());
    let file = std::fs::read_to_string(&path).unwrap();
    assert!(
        file.lines().take(4).any(|l| l.contains(ATTRIBUTION)),
        "the file"
    );
    let back = slotmark::store::load(&path).unwrap();
    assert_eq!(back.state(), demo.state(), "the credit line is a comment");
    for other in [RulesetId::Slots, RulesetId::Phase, RulesetId::Plain] {
        assert_eq!(other.credit(), None);
    }
}

#[test]
fn the_gear_list_carries_what_001_names_with_the_tags_the_rules_read() {
    let lib = lib();
    for name in [
        "Sword",
        "Axe",
        "Heavy armour",
        "Helmet",
        "Bracers",
        "Shield",
        "Waterskin",
        "Rations",
        "Cooking pot",
        "Lockpicks",
        "Soft-soled boots",
        "Crowbar",
        "Rope",
        "Climbing spikes",
        "Backpack",
        "Pencil and paper",
        "Saint's Hood bandages",
        "Firevine salve",
        "Silverleaf",
        "Foxglove",
        "Hallowoak Bark",
    ] {
        let ware = lib.ware(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(ware.name(), name);
        assert!(!ware.about().is_empty(), "{name} says what it is");
    }
    let item = |n: &str| lib.ware(n).unwrap().item();
    assert!(item("heavy armour").heavy_armour && !item("Shield").heavy_armour);
    assert!(item("helmet").helmet && item("bracers").bracers);
    assert_eq!(item("waterskin").waterskin, Some(8));
    assert!(item("rations").ration);
    assert_eq!(item("bow").size, 2);
    assert_eq!(
        item("hallowoak bark").ingredient,
        Some((Rarity::Uncommon, Region::Plains))
    );
    // Every recipe's region need can be met from the list's ingredients.
    let t = tables().unwrap();
    for r in &t.recipes {
        if let Some((region, n)) = r.region {
            let found = lib
                .ingredients
                .iter()
                .filter(|i| i.region == region)
                .count();
            assert!(found >= n, "{}: {n} from {region:?}", r.name);
        }
    }
    // Every herb cure of the tables is on the gear list.
    for c in &t.cures {
        assert!(lib.ware_named(&c.herb).is_some(), "{}", c.herb);
    }
    assert!(matches!(lib.ware("moonm"), Ok(Ware::Ingredient(_))));
}

#[test]
fn the_bestiary_has_at_least_ten_creatures_and_each_is_a_sheet_the_rules_accept() {
    let lib = lib();
    assert!(lib.creatures.len() >= 10, "{}", lib.creatures.len());
    let mut t = T::new();
    for (n, entry) in lib.creatures.iter().enumerate() {
        let name = format!("C{n}");
        t.go(&format!("add {name} \"{}\"", entry.name));
        let c = t.c(&name);
        assert_eq!(c.kind, Kind::Creature);
        assert_eq!(
            (
                c.score(Ability::Str).max,
                c.score(Ability::Dex).max,
                c.score(Ability::Wil).max,
                c.hp.max,
                c.slots.len()
            ),
            (
                entry.str,
                entry.dex,
                entry.wil,
                entry.hp,
                usize::from(entry.slots)
            ),
            "{}",
            entry.name
        );
        let carried: Vec<&str> = entry
            .armour
            .iter()
            .chain(&entry.carries)
            .map(String::as_str)
            .collect();
        assert_eq!(items(c), carried, "{}", entry.name);
        assert_eq!(c.notes.len(), entry.attacks.len(), "{}", entry.name);
        for (note, a) in c.notes.iter().zip(&entry.attacks) {
            assert!(note.starts_with(&a.name), "{note}");
            assert!(amount(&a.damage).is_some());
        }
        assert!(!entry.about.is_empty() && !entry.line().is_empty());
    }
    // Worn armour is on the sheet for the rules to read (B12, B29).
    t.go("add Cap \"bandit captain\"");
    let cap = t.c("Cap");
    assert!(cap.wears(|i| i.heavy_armour) && cap.wears(|i| i.helmet));
    assert_eq!(
        cap.notes[0],
        "Sword: d8 to HP (blocks with the shield when hard pressed)"
    );
}

#[test]
fn add_takes_a_creature_of_the_bestiary_by_name_numbered_when_unnamed() {
    let mut t = T::ana();
    t.go("add wolf");
    t.go("add Wolf");
    t.go("add Snag goblin");
    let names: Vec<&str> = t.st().characters.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["Ana", "Wolf 1", "Wolf 2", "Snag"]);
    assert_eq!(items(t.c("Snag")), ["Spear", "Dagger"]);
    // A sheet of the judge's own still reads its numbers.
    t.go("add Rat creature 3 14 3 2 2");
    assert_eq!(t.c("Rat").slots.len(), 2);
    let e = unreadable(&t, "add Snog gobbo");
    assert!(
        e.contains("expected pc, creature or a creature of the bestiary"),
        "{e}"
    );
    let e = unreadable(&t, "add wolfhound");
    assert!(e.contains("not in the bestiary"), "{e}");
    let e = unreadable(&t, "add Snag goblin 3");
    assert!(e.contains("expected the end of the line"), "{e}");
    // "bandit" is a whole name even though "bandit captain" begins with it.
    t.go("add bandit");
    assert!(t.c("Bandit 1").score(Ability::Wil).max == 9);
}

#[test]
fn carry_fills_in_an_item_of_the_gear_list_and_keeps_the_judges_own() {
    let mut t = T::ana();
    t.go("carry Ana waterskin");
    t.go("carry Ana \"heavy armour\"");
    t.go("carry Ana bow right");
    t.go("carry Ana Lamp");
    t.go("carry Ana Ro");
    t.go("carry Ana hallowoak-bark");
    let ana = t.c("Ana");
    assert_eq!(
        items(ana),
        [
            "Waterskin",
            "Heavy armour",
            "Bow",
            "Lamp",
            "Ro",
            "Hallowoak Bark"
        ]
    );
    let item = |n: usize| match &ana.slots[n] {
        Slot::Item(i) => i.clone(),
        other => panic!("slot {n}: {other:?}"),
    };
    assert_eq!(item(0).waterskin, Some(8));
    assert!(item(1).heavy_armour);
    // The bow fills slots 3 and 4 and is held.
    assert_eq!((item(2).size, ana.slots[3].clone()), (2, Slot::More(2)));
    assert!(item(2).held.is_some());
    assert_eq!(item(4), slotmark::rules::bdp::Item::named("Lamp"));
    assert!(item(6).ingredient.is_some());
    // Brewing from the list's ingredients (B44): 2 + 1 + 1 potency, three names.
    t.go("carry Ana meadowsweet");
    t.go("carry Ana \"pine resin\"");
    t.go("brew Ana \"healing salve\" 7 8 9");
    assert!(items(t.c("Ana")).contains(&"Healing Salve"));
}

#[test]
fn the_verbs_complete_names_from_the_gear_list_and_the_bestiary() {
    let t = T::ana();
    let done = |line: &str| script::complete(line, t.s.state());
    let add = done("add ");
    assert!(add.iter().any(|c| c.contains("Night Spider")), "{add:?}");
    let kind = done("add Snag ");
    assert!(kind.iter().any(|c| c.ends_with("pc")), "{kind:?}");
    assert!(kind.iter().any(|c| c.contains("Ogre")), "{kind:?}");
    let carry = done("carry Ana ");
    assert!(carry.iter().any(|c| c.contains("Lockpicks")), "{carry:?}");
}

// ---- the tables

#[test]
fn the_tables_file_says_what_the_rules_keep() {
    let t = tables().expect("the bundled tables load");
    // B14.
    assert_eq!(t.fate, FATE);
    for face in 1..=6 {
        assert_eq!(t.fate(face), Some(FATE[usize::from(face - 1)]));
    }
    // B27: the areas of the d10.
    for face in 1..=10 {
        assert_eq!(band(&t.injury, face).unwrap().area, Area::from_d10(face));
    }
    // B24.
    for h in Hazard::ALL {
        let row = t.hazard(h).unwrap();
        let (count, sides, ability, crit) = h.preset();
        let a = amount(&row.damage).unwrap();
        assert_eq!(
            (a.count, a.sides, row.ability, row.crit, row.name.as_str()),
            (count, sides, ability, crit, h.word())
        );
        let per = match h {
            Hazard::Fall => Per::Floor,
            Hazard::Gas => Per::Turn,
            Hazard::Cold => Per::Watch,
            _ => Per::Once,
        };
        assert_eq!(row.per, per, "{h:?}");
    }
    // B36.
    for i in Illness::ALL {
        let row = t.disease(i).unwrap();
        let (name, ability, loss, length, passes) = i.data();
        let l = amount(&row.loss).unwrap();
        let lasts = row.lasts.as_deref().map(|d| amount(d).unwrap().sides);
        assert_eq!(
            (
                row.name.as_str(),
                row.ability,
                (l.count, l.sides),
                lasts,
                row.passes
            ),
            (name, ability, loss, length, passes)
        );
    }
    // B44, B45, B33.
    for r in &t.rarities {
        assert_eq!(r.potency, r.rarity.potency());
    }
    for r in Recipe::ALL {
        let row = t.recipe(r).unwrap();
        assert_eq!(
            (row.name.as_str(), row.potency, row.region),
            (r.name(), r.need().0, r.need().1)
        );
    }
    for c in &t.cures {
        if let Some(brew) = c.brew {
            assert!(
                brew.cures().is_some_and(|k| c.kind.contains(k)),
                "{}",
                c.kind
            );
        }
    }
    let brews: Vec<Recipe> = t.cures.iter().filter_map(|c| c.brew).collect();
    for r in Recipe::ALL.into_iter().filter(|r| r.cures().is_some()) {
        assert!(
            brews.contains(&r),
            "{} cures a kind the table names",
            r.name()
        );
    }
    // B42: the Sleeping Tonic's step is one row down the table.
    let order: Vec<Rest> = t.rests.iter().map(|r| r.rest).collect();
    assert_eq!(order[1].tonic(), order[2]);
    assert_eq!(order[2].tonic(), order[3]);
}

#[test]
fn b10_the_task_table_is_the_d6_the_rules_roll() {
    let t = tables().unwrap();
    for face in 1..=6u16 {
        let mut s = T::ana();
        s.play("task Ana tg- force the chest", &[face]);
        let Some(Wait::Roll(r)) = s.st().queue.first() else {
            panic!("the d6 waits")
        };
        let (pass, cost) = match r.then {
            Then::Task { cost, .. } => (r.pass, cost),
            ref other => panic!("{other:?}"),
        };
        let outcome = match (pass, cost) {
            (false, _) => TaskOutcome::Failure,
            (true, true) => TaskOutcome::Cost,
            (true, false) => TaskOutcome::Success,
        };
        assert_eq!(band(&t.task, face), Some(&outcome), "face {face}");
    }
}

/// Ana's STR critical damage save failed: HP 6 and STR 10, 7 damage leaves STR 9 and a d20 of
/// 20 fails; the d10 shows `face` and the injury waits.
fn injured(face: u16) -> T {
    let mut t = T::ana();
    t.go("carry Ana Sword left");
    t.go("carry Ana Shield right");
    t.play("damage Ana 7 hp sword", &[20]);
    t.play("accept", &[face]);
    t
}

#[test]
fn b27_the_injury_and_head_tables_are_what_the_rules_do() {
    let t = tables().unwrap();
    for face in 1..=10u16 {
        let row = band(&t.injury, face).unwrap();
        let mut s = injured(face);
        if let Some((dice, ability)) = &row.loss {
            assert_eq!(amount(dice).unwrap().sides, 4);
            let before = s.c("Ana").score(*ability).cur;
            s.play("accept", &[3]);
            assert_eq!(s.c("Ana").score(*ability).cur, before - 3, "face {face}");
        } else if row.drops_held {
            s.go("accept");
            let arm = usize::from(row.area == Area::RightArm);
            assert!(s.c("Ana").impaired[arm], "face {face}");
            // The item held in that hand drops (proposed, accepted).
            s.go("accept");
            let gone = if arm == 1 { "Shield" } else { "Sword" };
            assert!(!items(s.c("Ana")).contains(&gone), "face {face}");
        } else {
            assert!(row.head_roll);
            for head in 1..=6u16 {
                let mut h = injured(face);
                h.play("accept", &[head]);
                let ana = h.c("Ana");
                match band(&t.head, head).unwrap() {
                    HeadResult::Dead => assert!(ana.dead, "head {head}"),
                    HeadResult::EyeLost => {
                        assert!(ana.notes.iter().any(|n| n.contains("eye")), "head {head}")
                    }
                    HeadResult::Scar => {
                        assert!(ana.notes.iter().any(|n| n.contains("scar")), "head {head}")
                    }
                }
            }
        }
    }
}

#[test]
fn b41_the_waterskin_table_is_the_usage_die_the_rules_roll() {
    let w = &tables().unwrap().waterskin;
    assert_eq!(w.steps.first(), Some(&8));
    for face in 1..=8u16 {
        let mut t = T::ana();
        t.go("carry Ana waterskin");
        t.go("set Ana hp 1 6");
        t.play("breath Ana", &[face]);
        let Slot::Item(skin) = &t.c("Ana").slots[0] else {
            panic!("the waterskin")
        };
        let expected = if face <= w.down_on { w.steps[1] } else { 8 };
        assert_eq!(skin.waterskin, Some(expected), "face {face}");
    }
    // Down the ladder to empty.
    let mut t = T::ana();
    t.go("carry Ana waterskin");
    let mut shown = Vec::new();
    for _ in &w.steps {
        t.go("set Ana hp 1 6");
        t.play("breath Ana", &[1]);
        let Slot::Item(skin) = &t.c("Ana").slots[0] else {
            panic!("the waterskin")
        };
        shown.push(skin.waterskin.unwrap());
    }
    let mut expected: Vec<u16> = w.steps[1..].to_vec();
    expected.push(0);
    assert_eq!(shown, expected);
}

#[test]
fn b42_the_rest_table_is_what_a_night_does() {
    for row in &tables().unwrap().rests {
        let mut t = T::ana();
        t.go("fatigue Ana block");
        t.go("set Ana str 5 10");
        t.go("eat Ana fresh");
        t.go(&format!("rest Ana {}", row.rest.word().to_lowercase()));
        t.go("night");
        let ana = t.c("Ana");
        assert_eq!(ana.sleep_deprived, !row.sleeps, "{:?}", row.rest);
        assert_eq!(ana.fatigue() == 0, row.clears_fatigue, "{:?}", row.rest);
        assert_eq!(
            ana.score(Ability::Str).cur,
            5 + row.restores,
            "{:?}",
            row.rest
        );
    }
}

#[test]
fn b43_the_meal_table_is_what_eating_does() {
    for row in &tables().unwrap().meals {
        let word = row.meal.word().to_lowercase();
        let mut t = T::ana();
        for _ in 0..3 {
            t.go("fatigue Ana dodge");
        }
        t.go("deprive Ana food");
        if row.fire {
            let e = t.refused(&format!("eat Ana {word}"));
            assert!(e.contains("fire"), "{e}");
        }
        let mut line = format!("eat Ana {word}");
        if row.fire {
            line.push_str(" fire");
        }
        if row.pot {
            line.push_str(" pot");
        }
        if let Some(ability) = row.save {
            t.play(&line, &[1]);
            let Some(Wait::Roll(r)) = t.st().queue.first() else {
                panic!("the save waits")
            };
            assert!(r.title.contains(&ability.to_string()), "{}", r.title);
            t.go("accept");
        } else {
            t.go(&line);
        }
        let cleared = 3 - t.fatigue("Ana");
        let expected = match row.clears {
            Clears::Nothing => 0,
            Clears::One => 1,
            Clears::All => 3,
        };
        assert_eq!(cleared, expected, "{:?}", row.meal);
        assert!(!t.c("Ana").food_deprived && t.c("Ana").meals == [row.meal]);
    }
    assert!(Meal::Desperate.word() == "Desperate");
}

#[test]
fn b51_b52_gas_strikes_per_turn_and_cold_per_watch_as_the_table_says() {
    let mut t = T::ana();
    t.go("expose Ana cold");
    t.go("watch");
    assert_eq!(t.c("Ana").score(Ability::Str).cur, 9);
    t.go("expose Ana cold off");
    t.go("expose Ana gas");
    t.go("add wolf");
    t.go("fight Ana \"Wolf 1\"");
    assert_eq!(t.c("Ana").score(Ability::Str).cur, 8);
    t.go("next");
    t.go("next");
    assert_eq!(t.c("Ana").score(Ability::Str).cur, 7);
}

// ---- bad files

#[test]
fn a_bad_bdp_content_file_is_named_with_its_place_and_adds_nothing() {
    let mut lib = lib();
    let before = lib.clone();
    let e = lib
        .merge(
            "mine.ron",
            "(\n  gear: [\n    (name: \"Rope\", tags: [Sticky]),\n  ],\n)",
        )
        .unwrap_err();
    match &e {
        ContentError::Syntax { file, line, .. } => {
            assert_eq!((file.as_str(), *line), ("mine.ron", 3))
        }
        other => panic!("{other:?}"),
    }
    for (text, says) in [
        (r#"(gear: [(name: "Cart", size: 0)])"#, "1 to 20 slots"),
        (r#"(weapons: [(name: "rope")])"#, "both on the gear list"),
        (
            r#"(creatures: [(name: "Imp", str: 5, dex: 5, wil: 5, hp: 0, attacks: [(name: "Claw", damage: "d4", hits: Hp)])])"#,
            "HP is 1 to 99",
        ),
        (
            r#"(creatures: [(name: "Imp", str: 5, dex: 5, wil: 5, hp: 2, attacks: [])])"#,
            "at least one attack",
        ),
        (
            r#"(creatures: [(name: "Imp", str: 25, dex: 5, wil: 5, hp: 2, attacks: [(name: "Claw", damage: "d4", hits: Hp)])])"#,
            "0 to 20",
        ),
        (
            r#"(creatures: [(name: "Imp", str: 5, dex: 5, wil: 5, hp: 2, attacks: [(name: "Claw", damage: "d4x", hits: Hp)])])"#,
            "not 'd4x'",
        ),
        (
            r#"(creatures: [(name: "Imp", str: 5, dex: 5, wil: 5, hp: 2, carries: ["Wand"], attacks: [(name: "Claw", damage: "d4", hits: Hp)])])"#,
            "not on the gear list",
        ),
        (
            r#"(creatures: [(name: "Imp", str: 5, dex: 5, wil: 5, hp: 2, slots: 1, carries: ["Bow"], attacks: [(name: "Claw", damage: "d4", hits: Hp)])])"#,
            "2 slots of gear in a row of 1",
        ),
        (
            r#"(creatures: [(name: "Imp\u{1b}", str: 5, dex: 5, wil: 5, hp: 2, attacks: [(name: "Claw", damage: "d4", hits: Hp)])])"#,
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
        r#"(creatures: [(name: "Wolf", str: 12, dex: 14, wil: 8, hp: 5, attacks: [(name: "Bite", damage: "d8", hits: Hp)])])"#,
    )
    .unwrap();
    assert_eq!(lib.creature("wolf").unwrap().hp, 5);
    assert_eq!(lib.creatures.len(), before.creatures.len());
}

#[test]
fn a_tables_file_with_a_gap_or_a_missing_row_is_refused_with_why() {
    use slotmark::content::bdp::Tables;
    let good = files()[2].1;
    assert!(Tables::read("t.ron", good).is_ok());
    for (from, to, says) in [
        (
            "(from: 2, to: 3, then: Cost)",
            "(from: 3, to: 3, then: Cost)",
            "does not follow 1",
        ),
        (
            "(from: 4, to: 6, then: Success)",
            "(from: 4, to: 5, then: Success)",
            "stop at 5, not 6",
        ),
        (
            "(hazard: Glimpse, name: \"an unnatural glimpse\", damage: \"1\", ability: Wil, crit: false, per: Once),",
            "",
            "Glimpse has 0 rows",
        ),
        ("loss: \"1d2\"", "loss: \"1q2\"", "'1q2' is no dice"),
        ("steps: [8, 6, 4]", "steps: [8, 8, 4]", "waterskin"),
        ("\"Yes, and…\"", "", "six answers"),
    ] {
        assert!(good.contains(from), "{from}");
        let bad = good.replacen(from, to, 1);
        let e = Tables::read("t.ron", &bad).unwrap_err().to_string();
        assert!(e.starts_with("t.ron") && e.contains(says), "{from}: {e}");
    }
}

// ---- the demo

#[test]
fn the_bdp_demo_is_a_party_on_the_road_with_fatigue_a_wound_and_a_band_at_the_toll_tower() {
    let demo = script::try_demo_for(RulesetId::Bdp).expect("the bdp demo builds");
    assert!(script::has_demo(RulesetId::Bdp));
    assert_eq!(demo.state().ruleset(), RulesetId::Bdp);
    assert_eq!(demo.state().title, "Demo: the Drowned Causeway");
    let t = T { s: demo.clone() };
    let st = t.st();
    let of = |kind: Kind| -> Vec<&str> {
        st.characters
            .iter()
            .filter(|c| c.kind == kind)
            .map(|c| c.name.as_str())
            .collect()
    };
    assert_eq!(of(Kind::Pc), ["Wren", "Oswin", "Maud"]);
    assert_eq!(of(Kind::Creature), ["Snag", "Goblin 1", "Giant rat 1"]);
    // Gear from the list, with its tags.
    let oswin = t.c("Oswin");
    assert!(oswin.wears(|i| i.heavy_armour) && oswin.wears(|i| i.helmet));
    assert!(t.c("Wren").wears(|i| i.waterskin == Some(8)));
    assert!(t.c("Maud").wears(|i| i.ingredient.is_some()));
    // Harm: Oswin's arrow and block, Wren's dodge, Maud's burn.
    assert_eq!((oswin.hp.cur, oswin.hp.max), (4, 7));
    let marks = |c: &Character| -> Vec<String> {
        c.slots
            .iter()
            .filter(|s| matches!(s, Slot::Fatigue(_) | Slot::Wound(_)))
            .map(Slot::text)
            .collect()
    };
    assert_eq!(marks(oswin), ["Fatigue (block)"]);
    assert_eq!(marks(t.c("Wren")), ["Fatigue (dodge)"]);
    assert_eq!(marks(t.c("Maud")), ["Light burn"]);
    // A night and three watches have passed; no one is Deprived.
    assert_eq!(st.clock.seconds, 4 * 8 * 3600);
    assert!(st.characters.iter().all(|c| !c.deprived()));
    // The band at the toll tower waits as an encounter; a bare fight takes it and the party.
    assert!(st.fight.is_none());
    let band: Vec<u32> = ["Snag", "Goblin 1", "Giant rat 1"]
        .map(|n| t.c(n).id)
        .into();
    assert_eq!(demo.state().encounter("Toll tower").unwrap().members, band);
    let mut fought = T { s: demo.clone() };
    fought.go("fight");
    let f = fought.st().fight.as_ref().expect("a fight under way");
    assert_eq!(f.round, 1);
    assert_eq!(f.order.len(), 6);
    // It plays on, it replays, and every call is a fresh copy.
    let mut on = fought;
    on.play("damage \"Goblin 1\" d6 sword", &[3]);
    on.go("next");
    assert_eq!(on.c("Goblin 1").hp.cur, 0);
    let replayed = session::replay(demo.initial(), demo.entries()).unwrap();
    assert_eq!(&replayed, demo.state());
    assert_eq!(script::demo_for(RulesetId::Bdp).state(), demo.state());
}
