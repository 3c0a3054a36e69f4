//! The slot system's sheets, checks and attacks (SLOT-RULES R1-R19), driven through
//! `Session::execute` with scripted dice so the log, undo and redo are exercised on every step.

use slotmark::dice::{Edge, ScriptedDice};
use slotmark::rules::slots::*;
use slotmark::rules::{GameState, RulesetId};
use slotmark::session::{self, Session, SessionState};

// ---------------------------------------------------------------- the table

struct Table {
    s: Session,
}

impl Table {
    fn new() -> Self {
        Table {
            s: Session::new(SessionState::new("test", RulesetId::Slots)),
        }
    }

    fn state(&self) -> &State {
        match &self.s.state().game {
            GameState::Slots(s) => s,
        }
    }

    /// Runs a command that must succeed and use exactly `faces`; checks that undoing and redoing
    /// it gives the same state back.
    fn run(&mut self, c: Command, faces: &[u16]) -> Vec<Event> {
        let mut dice = ScriptedDice::new(faces.iter().copied());
        let entry = match self.s.execute(c.clone().into(), &mut dice) {
            Ok(e) => e.clone(),
            Err(e) => panic!("{c:?} was refused: {e}"),
        };
        assert_eq!(dice.remaining(), 0, "{c:?} left dice unrolled");
        let after = self.s.state().clone();
        self.s.undo().unwrap();
        self.s.redo().unwrap();
        assert_eq!(self.s.state(), &after, "undo/redo changed the state");
        entry
            .events
            .into_iter()
            .map(|e| match e {
                session::Event::Game(slotmark::rules::GameEvent::Slots(e)) => e,
                other => panic!("unexpected event {other:?}"),
            })
            .collect()
    }

    /// Runs a command that must be refused; checks nothing changed and returns the message.
    fn refuse(&mut self, c: Command, faces: &[u16]) -> String {
        let before = self.s.state().clone();
        let len = self.s.entries().len();
        let mut dice = ScriptedDice::new(faces.iter().copied());
        let err = match self.s.execute(c.clone().into(), &mut dice) {
            Ok(_) => panic!("{c:?} should have been refused"),
            Err(e) => e.to_string(),
        };
        assert_eq!(
            self.s.state(),
            &before,
            "a refused command changed the state"
        );
        assert_eq!(self.s.entries().len(), len, "a refused command was logged");
        err
    }

    fn add(&mut self, name: &str, side: Side, items: Vec<(SlotNo, Item)>) -> CharId {
        self.add_with(name, side, Layout::human(), items)
    }

    fn add_with(
        &mut self,
        name: &str,
        side: Side,
        layout: Layout,
        items: Vec<(SlotNo, Item)>,
    ) -> CharId {
        self.run(
            Command::AddCharacter {
                name: name.into(),
                side,
                layout,
                items,
            },
            &[],
        );
        self.state().find_by_name(name).unwrap().id
    }

    fn ch(&self, id: CharId) -> &Character {
        self.state().character(id).unwrap()
    }

    fn slot(&self, id: CharId, n: SlotNo) -> &Slot {
        self.ch(id).slot(n).unwrap()
    }

    fn pending(&self) -> &[Pending] {
        &self.state().pending
    }

    fn roll(&self) -> &PendingRoll {
        match self.pending().first() {
            Some(Pending::Roll(r)) => r,
            other => panic!("expected a pending roll, found {other:?}"),
        }
    }

    fn check(&mut self, who: CharId, kind: CheckKind, edge: Edge, faces: &[u16]) -> Vec<Event> {
        self.run(Command::Check { who, kind, edge }, faces)
    }

    fn accept(&mut self, faces: &[u16]) -> Vec<Event> {
        self.run(Command::Accept, faces)
    }

    /// Sets a wound by the judge's hand: open, or treated after opening.
    fn wound(&mut self, who: CharId, slot: SlotNo, wound: Wound) {
        self.run(
            Command::Wound {
                who,
                slot,
                wound: Wound::Open,
            },
            &[],
        );
        if wound == Wound::Treated {
            self.run(Command::Treat { who, slot }, &[]);
        }
    }
}

fn item(name: &str, props: &[Prop]) -> Item {
    Item {
        props: props.to_vec(),
        ..Item::plain(name)
    }
}

fn worn(name: &str, region: Region, props: &[Prop]) -> Item {
    Item {
        wear: Some(region),
        ..item(name, props)
    }
}

fn armor(name: &str, class: ArmorClass, region: Region, props: &[Prop]) -> Item {
    Item {
        armor: Some(class),
        ..worn(name, region, props)
    }
}

fn weapon(name: &str, size: WeaponSize, kind: WeaponKind, props: &[Prop]) -> Item {
    Item {
        weapon: Some(Weapon { size, kind }),
        ..worn(name, Region::Grip, props)
    }
}

fn sword() -> Item {
    weapon(
        "Sword",
        WeaponSize::Medium,
        WeaponKind::Melee,
        &[Prop::Rigid],
    )
}

fn dagger() -> Item {
    weapon(
        "Dagger",
        WeaponSize::Small,
        WeaponKind::Melee,
        &[Prop::Rigid],
    )
}

fn greataxe() -> Item {
    weapon(
        "Greataxe",
        WeaponSize::Bulky,
        WeaponKind::Melee,
        &[Prop::Heavy, Prop::Rigid],
    )
}

fn shield() -> Item {
    armor("Shield", ArmorClass::Shield, Region::Grip, &[Prop::Rigid])
}

fn notes(events: &[Event]) -> Vec<String> {
    events.iter().map(|e| e.to_string()).collect()
}

// ---------------------------------------------------------------- R1-R4: sheets

#[test]
fn r1_a_new_human_has_eleven_empty_slots() {
    let mut t = Table::new();
    let ev = t.run(
        Command::AddCharacter {
            name: "  Mira ".into(),
            side: Side::Players,
            layout: Layout::human(),
            items: vec![(4, worn("Boots", Region::LegsFeet, &[Prop::Light]))],
        },
        &[],
    );
    assert_eq!(
        notes(&ev),
        ["Mira joins the players (human layout, 11 slots)"]
    );
    let s = t.state();
    assert_eq!(s.next_id, 1);
    let c = &s.characters[0];
    assert_eq!((c.id, c.name.as_str(), c.side), (0, "Mira", Side::Players));
    assert_eq!(c.slots.len(), 11);
    assert_eq!(c.slot(4).unwrap().item.as_ref().unwrap().name, "Boots");
    assert!(c.equipped(4));
    assert!(
        (1..=11)
            .filter(|&n| n != 4)
            .all(|n| c.slot(n).unwrap().item.is_none())
    );
}

#[test]
fn r1_names_are_required_and_unique_ignoring_case() {
    let mut t = Table::new();
    t.add("Mira", Side::Players, vec![]);
    let add = |name: &str| Command::AddCharacter {
        name: name.into(),
        side: Side::Opponents,
        layout: Layout::human(),
        items: vec![],
    };
    assert_eq!(
        t.refuse(add("MIRA"), &[]),
        "there is already a character called Mira; pick another name"
    );
    assert_eq!(t.refuse(add("   "), &[]), "a character needs a name");
    let bram = t.add("Bram", Side::Players, vec![]);
    assert_eq!(
        t.refuse(
            Command::RenameCharacter {
                who: bram,
                name: "mira".into()
            },
            &[]
        ),
        "there is already a character called Mira; pick another name"
    );
    let ev = t.run(
        Command::RenameCharacter {
            who: bram,
            name: "Bram the Bold".into(),
        },
        &[],
    );
    assert_eq!(notes(&ev), ["Bram is now called Bram the Bold"]);
    assert_eq!(t.ch(bram).name, "Bram the Bold");
}

#[test]
fn r2_unique_name_numbers_creatures_of_one_kind() {
    let mut t = Table::new();
    assert_eq!(items::unique_name(t.state(), "Goblin"), "Goblin 1");
    t.add("Goblin 1", Side::Opponents, vec![]);
    t.add("goblin 2", Side::Opponents, vec![]);
    assert_eq!(items::unique_name(t.state(), " Goblin "), "Goblin 3");
    assert_eq!(items::unique_name(t.state(), "Orc"), "Orc 1");
}

#[test]
fn r2_a_bad_layout_is_refused() {
    let mut t = Table::new();
    let mut bad = Layout::human();
    bad.adjacent = vec![(1, 40)];
    let msg = t.refuse(
        Command::AddCharacter {
            name: "Blob".into(),
            side: Side::Opponents,
            layout: bad,
            items: vec![],
        },
        &[],
    );
    assert_eq!(
        msg,
        "layout 'human' links slot 1 and 40, but it has only 11 slots"
    );
    let msg = t.refuse(
        Command::AddCharacter {
            name: "Blob".into(),
            side: Side::Opponents,
            layout: Layout::human(),
            items: vec![(12, Item::plain("Rock"))],
        },
        &[],
    );
    assert_eq!(msg, "Blob has slots 1 to 11, not 12");
}

#[test]
fn r3_any_slot_stores_any_item_but_only_its_region_equips_it() {
    let mut t = Table::new();
    let mira = t.add("Mira", Side::Players, vec![]);
    let helm = armor("Helm", ArmorClass::HeavyArmor, Region::Head, &[Prop::Rigid]);
    t.run(
        Command::PutItem {
            who: mira,
            slot: 9,
            item: helm.clone(),
        },
        &[],
    );
    assert!(!t.ch(mira).equipped(9));
    let ev = t.run(
        Command::MoveItem {
            who: mira,
            from: 9,
            to: 1,
        },
        &[],
    );
    assert_eq!(notes(&ev), ["Mira moves Helm from slot 9 to slot 1"]);
    assert!(t.ch(mira).equipped(1));
    assert_eq!(
        t.refuse(
            Command::PutItem {
                who: mira,
                slot: 1,
                item: Item::plain("Hat")
            },
            &[]
        ),
        "slot 1 of Mira already holds Helm; move or remove it first"
    );
    // A helm in a backpack slot is never equipped, even when the item is made for it.
    t.run(
        Command::PutItem {
            who: mira,
            slot: 8,
            item: Item::plain("Rope"),
        },
        &[],
    );
    let ev = t.run(
        Command::MoveItem {
            who: mira,
            from: 1,
            to: 8,
        },
        &[],
    );
    assert_eq!(
        notes(&ev),
        ["Mira swaps Helm (now slot 8) and Rope (now slot 1)"]
    );
    assert_eq!(t.slot(mira, 1).item.as_ref().unwrap().name, "Rope");
    assert!(!t.ch(mira).equipped(8));
    let ev = t.run(Command::RemoveItem { who: mira, slot: 8 }, &[]);
    assert_eq!(notes(&ev), ["Mira no longer carries Helm (slot 8)"]);
    assert_eq!(
        t.refuse(Command::RemoveItem { who: mira, slot: 8 }, &[]),
        "slot 8 of Mira is already empty"
    );
}

#[test]
fn r3_a_dropped_backpack_empties_its_slots_and_keeps_the_items() {
    let mut t = Table::new();
    let mira = t.add(
        "Mira",
        Side::Players,
        vec![(10, item("Lantern", &[Prop::Rigid]))],
    );
    let ev = t.run(Command::DropBackpack { who: mira }, &[]);
    assert_eq!(
        notes(&ev),
        ["Mira drops the backpack: its slots count as empty"]
    );
    let c = t.ch(mira);
    assert!(c.backpack_dropped);
    assert_eq!(c.item_at(10), None);
    assert_eq!(c.slot(10).unwrap().item.as_ref().unwrap().name, "Lantern");
    assert_eq!(
        t.refuse(Command::DropBackpack { who: mira }, &[]),
        "Mira's backpack is already off"
    );
    t.run(Command::ShoulderBackpack { who: mira }, &[]);
    assert_eq!(t.ch(mira).item_at(10).unwrap().name, "Lantern");
    assert_eq!(
        t.refuse(Command::ShoulderBackpack { who: mira }, &[]),
        "Mira's backpack is already on"
    );
}

#[test]
fn r4_an_item_cannot_be_heavy_and_light() {
    let mut t = Table::new();
    let mira = t.add("Mira", Side::Players, vec![]);
    assert_eq!(
        t.refuse(
            Command::PutItem {
                who: mira,
                slot: 8,
                item: item("Anvil", &[Prop::Heavy, Prop::Light])
            },
            &[]
        ),
        "Anvil cannot be both heavy and light"
    );
    assert_eq!(
        t.refuse(
            Command::PutItem {
                who: mira,
                slot: 8,
                item: Item::plain(" ")
            },
            &[]
        ),
        "an item needs a name"
    );
}

#[test]
fn r4_a_bulky_weapon_fills_both_grips() {
    let mut t = Table::new();
    let bram = t.add("Bram", Side::Players, vec![(7, dagger())]);
    assert_eq!(
        t.refuse(
            Command::PutItem {
                who: bram,
                slot: 6,
                item: greataxe()
            },
            &[]
        ),
        "Greataxe is bulky and needs both grips: slot 7 holds Dagger"
    );
    t.run(
        Command::MoveItem {
            who: bram,
            from: 7,
            to: 9,
        },
        &[],
    );
    let ev = t.run(
        Command::PutItem {
            who: bram,
            slot: 6,
            item: greataxe(),
        },
        &[],
    );
    assert_eq!(
        notes(&ev),
        ["Bram puts Greataxe in slot 6, held with both hands"]
    );
    let c = t.ch(bram);
    assert!(c.slot(6).unwrap().two_hands);
    assert_eq!(c.item_at(7).unwrap().name, "Greataxe");
    assert!(c.slot(7).unwrap().item.is_none());
    assert_eq!(
        t.refuse(
            Command::PutItem {
                who: bram,
                slot: 7,
                item: shield()
            },
            &[]
        ),
        "Bram's Greataxe in slot 6 is held with both hands and fills slot 7; let go with one hand first"
    );
    assert_eq!(
        t.refuse(
            Command::TwoHands {
                who: bram,
                slot: 6,
                on: false
            },
            &[]
        ),
        "Greataxe is bulky: it cannot be held in one grip"
    );
    assert_eq!(
        t.refuse(Command::RemoveItem { who: bram, slot: 7 }, &[]),
        "slot 7 of Bram is filled by Greataxe held with both hands; remove it from slot 6"
    );
    // Moving it to the other grip keeps both hands on it; into the backpack, it lets go.
    t.run(
        Command::MoveItem {
            who: bram,
            from: 6,
            to: 7,
        },
        &[],
    );
    assert!(t.slot(bram, 7).two_hands && t.ch(bram).item_at(6).is_some());
    t.run(
        Command::MoveItem {
            who: bram,
            from: 7,
            to: 8,
        },
        &[],
    );
    assert!(!t.slot(bram, 8).two_hands);
    assert_eq!(t.ch(bram).item_at(6), None);
    assert_eq!(t.ch(bram).item_at(7), None);
    // A bulky weapon starting in a grip follows the same rule.
    let msg = t.refuse(
        Command::AddCharacter {
            name: "Ogre".into(),
            side: Side::Opponents,
            layout: Layout::human(),
            items: vec![(7, shield()), (6, greataxe())],
        },
        &[],
    );
    assert_eq!(
        msg,
        "Greataxe is bulky and needs both grips: slot 7 holds Shield"
    );
}

#[test]
fn r18_a_medium_weapon_takes_one_or_two_grips_a_small_one_only_one() {
    let mut t = Table::new();
    let bram = t.add("Bram", Side::Players, vec![(6, sword()), (7, dagger())]);
    assert_eq!(
        t.refuse(
            Command::TwoHands {
                who: bram,
                slot: 6,
                on: true
            },
            &[]
        ),
        "Bram has no free grip for a second hand"
    );
    assert_eq!(
        t.refuse(
            Command::TwoHands {
                who: bram,
                slot: 7,
                on: true
            },
            &[]
        ),
        "Dagger is small: it is held in one grip"
    );
    t.run(Command::RemoveItem { who: bram, slot: 7 }, &[]);
    let ev = t.run(
        Command::TwoHands {
            who: bram,
            slot: 6,
            on: true,
        },
        &[],
    );
    assert_eq!(notes(&ev), ["Bram takes Sword in both hands"]);
    assert!(t.slot(bram, 6).two_hands);
    assert_eq!(t.ch(bram).item_at(7).unwrap().name, "Sword");
    let ev = t.run(
        Command::TwoHands {
            who: bram,
            slot: 6,
            on: false,
        },
        &[],
    );
    assert_eq!(notes(&ev), ["Bram holds Sword in one hand"]);
    assert_eq!(t.ch(bram).item_at(7), None);
    t.run(
        Command::PutItem {
            who: bram,
            slot: 9,
            item: Item::plain("Rope"),
        },
        &[],
    );
    assert_eq!(
        t.refuse(
            Command::TwoHands {
                who: bram,
                slot: 9,
                on: true
            },
            &[]
        ),
        "slot 9 of Bram is not a grip; only a weapon in a grip can be held with both hands"
    );
}

#[test]
fn sides_and_removal_follow_the_table() {
    let mut t = Table::new();
    let gob = t.add("Goblin", Side::Opponents, vec![]);
    let ev = t.run(
        Command::SetSide {
            who: gob,
            side: Side::Players,
        },
        &[],
    );
    assert_eq!(notes(&ev), ["Goblin now sides with the players"]);
    assert_eq!(
        t.refuse(
            Command::SetSide {
                who: gob,
                side: Side::Players
            },
            &[]
        ),
        "Goblin is already with the players"
    );
    let ev = t.run(Command::RemoveCharacter { who: gob }, &[]);
    assert_eq!(notes(&ev), ["Goblin leaves the session"]);
    assert!(t.state().characters.is_empty());
    assert_eq!(
        t.refuse(Command::RemoveCharacter { who: gob }, &[]),
        "there is no character #0"
    );
}

// ---------------------------------------------------------------- R5-R12: checks

fn mira(t: &mut Table) -> CharId {
    t.add(
        "Mira",
        Side::Players,
        vec![
            (1, worn("Hood", Region::Head, &[Prop::Light])),
            (
                2,
                armor(
                    "Mail",
                    ArmorClass::HeavyArmor,
                    Region::Torso,
                    &[Prop::Heavy, Prop::Rigid, Prop::Noisy],
                ),
            ),
            (
                4,
                worn("Iron boots", Region::LegsFeet, &[Prop::Heavy, Prop::Rigid]),
            ),
            (6, sword()),
            (8, item("Rope", &[Prop::Light])),
            (9, item("Cheese", &[Prop::Smelly, Prop::Light])),
            (10, item("Pans", &[Prop::Rigid, Prop::Bundled])),
        ],
    )
}

fn stealth(hearing: bool, smell: bool, sight: &[SlotNo]) -> CheckKind {
    CheckKind::Stealth(Senses {
        hearing,
        smell,
        sight: sight.to_vec(),
        ambient_noise: false,
        low_light: false,
    })
}

#[test]
fn r5_a_check_waits_for_the_judge_and_touches_no_sheet() {
    let mut t = Table::new();
    let m = mira(&mut t);
    let before = t.ch(m).clone();
    let ev = t.check(m, CheckKind::Terrain, Edge::NONE, &[8]);
    assert_eq!(
        notes(&ev),
        [
            "Judge: Mira's terrain check (rolled 8: PASS, slot 8 Rope: light item, unmarked; a pass marks fatigue there)"
        ]
    );
    assert_eq!(t.ch(m), &before);
    let r = t.roll().clone();
    assert_eq!(
        (r.roller, r.sides, r.faces.clone(), r.pick, r.verdict),
        (m, 12, vec![8], 0, Verdict::Pass)
    );
    assert_eq!(
        t.refuse(
            Command::Check {
                who: m,
                kind: CheckKind::Generic,
                edge: Edge::NONE
            },
            &[3]
        ),
        "Mira's terrain check (rolled 8: PASS, slot 8 Rope: light item, unmarked; a pass marks fatigue there) \
         is waiting for the judge: accept it, change it, or cancel it first"
    );
    let ev = t.accept(&[]);
    assert_eq!(
        notes(&ev),
        [
            "Mira makes a terrain check: 8 → PASS, slot 8 Rope: light item, unmarked; a pass marks fatigue there",
            "Mira: fatigue marked in slot 8",
        ]
    );
    assert!(t.slot(m, 8).fatigue);
    assert!(t.pending().is_empty());
}

#[test]
fn r5_the_top_face_always_fails() {
    let mut t = Table::new();
    let m = mira(&mut t);
    t.check(m, CheckKind::Generic, Edge::NONE, &[12]);
    assert_eq!(
        (t.roll().verdict, t.roll().reason.as_str()),
        (Verdict::Fail, "12 names no slot: always fails")
    );
    let before = t.ch(m).clone();
    let ev = t.accept(&[]);
    assert_eq!(
        notes(&ev),
        ["Mira makes a check: 12 → FAIL, 12 names no slot: always fails"]
    );
    assert_eq!(t.ch(m), &before);
}

#[test]
fn r5_a_generic_check_proposes_a_pass_for_the_judge_to_read() {
    let mut t = Table::new();
    let m = mira(&mut t);
    t.check(m, CheckKind::Generic, Edge::NONE, &[6]);
    assert_eq!(t.roll().verdict, Verdict::Pass);
    assert_eq!(
        t.roll().reason,
        "slot 6 Sword: the judge reads the item (pass proposed)"
    );
    t.check_cancelled();
    t.check(m, CheckKind::Generic, Edge::NONE, &[3]);
    assert_eq!(
        t.roll().reason,
        "slot 3 (Torso, empty): the judge reads the item (pass proposed)"
    );
}

impl Table {
    fn check_cancelled(&mut self) {
        let ev = self.run(Command::Cancel, &[]);
        assert!(notes(&ev)[0].starts_with("The judge cancels"), "{ev:?}");
        assert!(self.pending().is_empty());
    }
}

#[test]
fn r6_advantage_proposes_the_best_die_and_the_player_may_pick_another() {
    let mut t = Table::new();
    let m = mira(&mut t);
    t.check(m, CheckKind::Terrain, Edge::advantage(1), &[4, 8]);
    let r = t.roll().clone();
    assert_eq!(
        (r.faces, r.proposed, r.pick, r.verdict),
        (vec![4, 8], 1, 1, Verdict::Pass)
    );
    let ev = t.run(Command::Pick { die: 0 }, &[]);
    assert_eq!(
        notes(&ev),
        [
            "Mira picks the 4 for Mira's terrain check: FAIL, slot 4 Iron boots: heavy item, terrain fails"
        ]
    );
    assert_eq!((t.roll().pick, t.roll().verdict), (0, Verdict::Fail));
    assert_eq!(
        t.refuse(Command::Pick { die: 0 }, &[]),
        "the die showing 4 is already picked"
    );
    assert_eq!(
        t.refuse(Command::Pick { die: 2 }, &[]),
        "this roll has 2 dice, numbered 1 to 2"
    );
    let ev = t.accept(&[]);
    assert_eq!(
        notes(&ev),
        ["Mira makes a terrain check: [4] 8 → FAIL, slot 4 Iron boots: heavy item, terrain fails"]
    );
    assert!(!t.slot(m, 4).fatigue && !t.slot(m, 8).fatigue);
}

#[test]
fn r6_disadvantage_proposes_the_worst_die_for_this_check() {
    let mut t = Table::new();
    let m = mira(&mut t);
    // Judged by this check: a wound that would open is worse than a plain failure.
    t.wound(m, 3, Wound::Treated);
    t.check(m, CheckKind::Terrain, Edge::disadvantage(2), &[8, 4, 3]);
    let r = t.roll().clone();
    assert_eq!((r.proposed, r.verdict), (2, Verdict::Fail));
    assert_eq!(
        r.reason,
        "slot 3 (Torso, empty): treated wound, fails and the wound opens"
    );
    let ev = t.run(Command::Pick { die: 1 }, &[]);
    assert_eq!(
        notes(&ev),
        [
            "The judge picks the 4 for Mira's terrain check: FAIL, slot 4 Iron boots: heavy item, terrain fails"
        ]
    );
}

#[test]
fn r6_edge_cancels_one_for_one_and_rolls_at_most_three_dice() {
    let mut t = Table::new();
    let m = mira(&mut t);
    t.check(m, CheckKind::Generic, Edge { adv: 4, dis: 1 }, &[1, 2, 3]);
    assert_eq!(t.roll().faces, vec![1, 2, 3]);
    t.check_cancelled();
    t.check(m, CheckKind::Generic, Edge { adv: 2, dis: 2 }, &[5]);
    assert_eq!(t.roll().faces, vec![5]);
    assert_eq!(
        t.refuse(Command::Pick { die: 0 }, &[]),
        "this roll has a single die: there is nothing to pick"
    );
}

#[test]
fn r6_the_judge_overrides_and_the_override_is_logged() {
    let mut t = Table::new();
    let m = mira(&mut t);
    t.check(m, CheckKind::Terrain, Edge::NONE, &[4]);
    assert_eq!(
        t.refuse(
            Command::Override {
                verdict: Verdict::Fail
            },
            &[]
        ),
        "the roll already stands at FAIL"
    );
    let ev = t.run(
        Command::Override {
            verdict: Verdict::Pass,
        },
        &[],
    );
    assert_eq!(
        ev,
        vec![Event::Overridden {
            what: "Mira's terrain check".into(),
            verdict: Verdict::Pass
        }]
    );
    assert_eq!(t.roll().overridden, Some(Verdict::Pass));
    let ev = t.accept(&[]);
    assert_eq!(
        notes(&ev),
        [
            "Mira makes a terrain check: 4 → PASS, slot 4 Iron boots: heavy item, terrain fails; the judge ruled PASS",
            "Mira: fatigue marked in slot 4",
        ]
    );
    assert!(t.slot(m, 4).fatigue);
}

#[test]
fn r7_fatigue_or_any_letter_marks_a_slot() {
    let mut t = Table::new();
    let m = mira(&mut t);
    t.run(
        Command::SetFatigue {
            who: m,
            slot: 8,
            on: true,
        },
        &[],
    );
    t.run(
        Command::Mark {
            who: m,
            slot: 3,
            condition: Condition::E,
        },
        &[],
    );
    t.check(m, CheckKind::Terrain, Edge::NONE, &[8]);
    assert_eq!(
        (t.roll().verdict, t.roll().reason.as_str()),
        (Verdict::Fail, "slot 8 Rope: marked, terrain fails")
    );
    t.check_cancelled();
    t.check(m, CheckKind::Terrain, Edge::NONE, &[3]);
    assert_eq!(
        t.roll().reason,
        "slot 3 (Torso, empty): marked, terrain fails"
    );
}

#[test]
fn r8_a_check_on_a_treated_wound_fails_and_opens_it() {
    let mut t = Table::new();
    let m = mira(&mut t);
    t.wound(m, 1, Wound::Treated);
    t.check(m, CheckKind::Generic, Edge::NONE, &[1]);
    assert_eq!(
        t.roll().reason,
        "slot 1 Hood: treated wound, fails and the wound opens"
    );
    let ev = t.accept(&[]);
    assert_eq!(
        notes(&ev),
        [
            "Mira makes a check: 1 → FAIL, slot 1 Hood: treated wound, fails and the wound opens",
            "Mira: open wound in slot 1 (the treated wound opened: a check rolled it)",
        ]
    );
    assert_eq!(t.slot(m, 1).wound, Wound::Open);
    assert!(t.slot(m, 1).marks.has(Condition::B));
}

#[test]
fn r8_a_check_on_an_open_wound_fails_and_the_cringe_weighs_on_the_next_roll_only() {
    let mut t = Table::new();
    let m = mira(&mut t);
    t.wound(m, 5, Wound::Open);
    t.check(m, CheckKind::Terrain, Edge::NONE, &[5]);
    let ev = t.accept(&[]);
    assert_eq!(
        notes(&ev),
        [
            "Mira makes a terrain check: 5 → FAIL, slot 5 (Arms/Hands, empty): open wound, fails and Mira cringes",
            "Mira is cringing (a check rolled the open wound in slot 5)",
        ]
    );
    assert_eq!(t.ch(m).status.cringe, Cringe::NextRoll);
    // The next roll has one more disadvantage: advantage cancels it to a single die.
    t.check(m, CheckKind::Generic, Edge::advantage(1), &[8]);
    assert_eq!((t.roll().faces.len(), t.roll().used_cringe), (1, true));
    let ev = t.accept(&[]);
    assert_eq!(
        notes(&ev)[1],
        "Mira is no longer cringing (the roll it weighed on is done)"
    );
    assert_eq!(t.ch(m).status.cringe, Cringe::None);
    t.check(m, CheckKind::Generic, Edge::advantage(1), &[8, 9]);
    assert_eq!(t.roll().faces.len(), 2);
}

#[test]
fn r8_a_cancelled_roll_keeps_the_cringe_for_the_next() {
    let mut t = Table::new();
    let m = mira(&mut t);
    t.run(
        Command::SetStatus {
            who: m,
            flag: StatusFlag::Cringe,
            on: true,
        },
        &[],
    );
    t.check(m, CheckKind::Generic, Edge::NONE, &[8, 2]);
    assert_eq!(t.roll().edge.net(), -1);
    t.check_cancelled();
    assert_eq!(t.ch(m).status.cringe, Cringe::NextRoll);
}

#[test]
fn r8_overriding_a_failure_to_a_pass_leaves_the_wound_alone() {
    let mut t = Table::new();
    let m = mira(&mut t);
    t.wound(m, 1, Wound::Treated);
    t.check(m, CheckKind::Generic, Edge::NONE, &[1]);
    t.run(
        Command::Override {
            verdict: Verdict::Pass,
        },
        &[],
    );
    t.accept(&[]);
    assert_eq!(t.slot(m, 1).wound, Wound::Treated);
}

#[test]
fn r9_terrain_marked_slot_fails() {
    let mut t = Table::new();
    let m = mira(&mut t);
    t.run(
        Command::SetFatigue {
            who: m,
            slot: 1,
            on: true,
        },
        &[],
    );
    t.check(m, CheckKind::Terrain, Edge::NONE, &[1]);
    assert_eq!(
        (t.roll().verdict, t.roll().reason.as_str()),
        (Verdict::Fail, "slot 1 Hood: marked, terrain fails")
    );
    let before = t.ch(m).clone();
    t.accept(&[]);
    assert_eq!(t.ch(m), &before);
}

#[test]
fn r9_terrain_heavy_or_ordinary_item_fails_light_or_nothing_passes() {
    let mut t = Table::new();
    let m = mira(&mut t);
    let cases: [(u16, Verdict, &str); 4] = [
        (
            4,
            Verdict::Fail,
            "slot 4 Iron boots: heavy item, terrain fails",
        ),
        (
            6,
            Verdict::Fail,
            "slot 6 Sword: not a light item, terrain fails",
        ),
        (
            1,
            Verdict::Pass,
            "slot 1 Hood: light item, unmarked; a pass marks fatigue there",
        ),
        (
            3,
            Verdict::Pass,
            "slot 3 (Torso, empty): unmarked; a pass marks fatigue there",
        ),
    ];
    for (face, verdict, reason) in cases {
        t.check(m, CheckKind::Terrain, Edge::NONE, &[face]);
        assert_eq!(
            (t.roll().verdict, t.roll().reason.as_str()),
            (verdict, reason)
        );
        t.accept(&[]);
        assert_eq!(t.slot(m, face as SlotNo).fatigue, verdict == Verdict::Pass);
    }
}

#[test]
fn r9_terrain_a_dropped_backpack_slot_counts_as_empty() {
    let mut t = Table::new();
    let m = mira(&mut t);
    t.run(
        Command::PutItem {
            who: m,
            slot: 11,
            item: item("Anvil", &[Prop::Heavy]),
        },
        &[],
    );
    t.run(Command::DropBackpack { who: m }, &[]);
    t.check(m, CheckKind::Terrain, Edge::NONE, &[11]);
    assert_eq!(t.roll().verdict, Verdict::Pass);
    assert_eq!(
        t.roll().reason,
        "slot 11 (Backpack, backpack off): unmarked; a pass marks fatigue there"
    );
}

#[test]
fn r10_a_fall_rolls_once_per_full_ten_feet_and_wounds_body_slots() {
    let mut t = Table::new();
    let m = mira(&mut t);
    assert_eq!(
        t.refuse(Command::Fall { who: m, feet: 9 }, &[]),
        "a fall shorter than 10 ft needs no check"
    );
    let ev = t.run(Command::Fall { who: m, feet: 25 }, &[3]);
    assert_eq!(
        notes(&ev),
        [
            "Judge: Mira's fall check 1 of 2 (rolled 3: FAIL, slot 3 (Torso, empty): body slot, open wound)"
        ]
    );
    // The second 10 ft are rolled when the first is accepted.
    let ev = t.accept(&[8]);
    assert_eq!(
        notes(&ev),
        [
            "Mira falls (check 1 of 2): 3 → FAIL, slot 3 (Torso, empty): body slot, open wound",
            "Mira: open wound in slot 3 (a fall)",
            "Mira: B marked in slot 3 (bleeding, an open wound bleeds)",
            "Judge: Mira's fall check 2 of 2 (rolled 8: PASS, slot 8 Rope: not a body slot, no wound)",
        ]
    );
    t.accept(&[]);
    assert!(t.pending().is_empty());
    assert_eq!(t.slot(m, 8).wound, Wound::None);
    assert_eq!(t.slot(m, 3).wound, Wound::Open);
}

#[test]
fn r10_a_fall_face_naming_no_slot_asks_the_judge() {
    let mut t = Table::new();
    let m = mira(&mut t);
    t.run(Command::Fall { who: m, feet: 10 }, &[12]);
    let ev = t.accept(&[]);
    assert_eq!(
        notes(&ev)[1],
        "Judge: the slot Mira's fall hurts (the die named no slot; proposed: slot 4; choices: 1 to 5)"
    );
    assert_eq!(
        t.refuse(Command::ChooseSlot { slot: 7 }, &[]),
        "slot 7 is not one of the choices: 1 to 5"
    );
    t.run(Command::ChooseSlot { slot: 2 }, &[]);
    assert_eq!(t.slot(m, 2).wound, Wound::Open);
    assert!(t.pending().is_empty());
}

#[test]
fn r11_hearing_catches_noisy_items_and_rigid_ones_that_clank() {
    let mut t = Table::new();
    let m = mira(&mut t);
    // Rigid sword beside rigid... nothing in 5 or 7: quiet. Pans are rigid and bundled.
    let cases: [(u16, Verdict, &str); 5] = [
        (2, Verdict::Fail, "slot 2 Mail: noisy, heard"),
        (
            10,
            Verdict::Fail,
            "slot 10 Pans: rigid and bundled, it clanks, heard",
        ),
        (6, Verdict::Pass, "slot 6 Sword: goes unnoticed"),
        (9, Verdict::Pass, "slot 9 Cheese: goes unnoticed"),
        (
            7,
            Verdict::Pass,
            "slot 7 (Grip, empty): nothing there to give anyone away",
        ),
    ];
    for (face, verdict, reason) in cases {
        t.check(m, stealth(true, false, &[]), Edge::NONE, &[face]);
        assert_eq!(
            (t.roll().verdict, t.roll().reason.as_str()),
            (verdict, reason),
            "face {face}"
        );
        t.check_cancelled();
    }
    t.run(
        Command::PutItem {
            who: m,
            slot: 7,
            item: shield(),
        },
        &[],
    );
    t.check(m, stealth(true, false, &[]), Edge::NONE, &[6]);
    assert_eq!(
        t.roll().reason,
        "slot 6 Sword: rigid beside rigid Shield in slot 7, they clank, heard"
    );
    t.check_cancelled();
    // A rigid weapon held with both hands fills both grips but does not clank against itself.
    t.run(Command::RemoveItem { who: m, slot: 7 }, &[]);
    t.run(
        Command::TwoHands {
            who: m,
            slot: 6,
            on: true,
        },
        &[],
    );
    t.check(m, stealth(true, false, &[]), Edge::NONE, &[7]);
    assert_eq!(t.roll().reason, "slot 7 Sword: goes unnoticed");
}

#[test]
fn r11_smell_catches_smelly_items_and_sight_only_the_smuggled_slot() {
    let mut t = Table::new();
    let m = mira(&mut t);
    t.check(m, stealth(false, true, &[]), Edge::NONE, &[9]);
    assert_eq!(t.roll().reason, "slot 9 Cheese: smelly, smelled");
    t.check_cancelled();
    t.check(m, stealth(false, false, &[6]), Edge::NONE, &[6]);
    assert_eq!(t.roll().reason, "slot 6 Sword: the smuggled item is seen");
    t.check_cancelled();
    t.check(m, stealth(false, false, &[6]), Edge::NONE, &[2]);
    assert_eq!(
        (t.roll().verdict, t.roll().reason.as_str()),
        (Verdict::Pass, "slot 2 Mail: goes unnoticed")
    );
    t.check_cancelled();
    assert_eq!(
        t.refuse(
            Command::Check {
                who: m,
                kind: stealth(false, false, &[]),
                edge: Edge::NONE
            },
            &[1]
        ),
        "say which senses the watchers use (hearing, smell, or the slots of a smuggled item); \
         other senses are a plain check the judge reads"
    );
    assert_eq!(
        t.refuse(
            Command::Check {
                who: m,
                kind: stealth(false, false, &[14]),
                edge: Edge::NONE
            },
            &[1]
        ),
        "Mira has slots 1 to 11, not 14"
    );
}

#[test]
fn r11_ambient_noise_and_low_light_give_advantage() {
    let mut t = Table::new();
    let m = mira(&mut t);
    let kind = CheckKind::Stealth(Senses {
        hearing: true,
        smell: false,
        sight: vec![6],
        ambient_noise: true,
        low_light: true,
    });
    t.check(m, kind, Edge::NONE, &[2, 6, 8]);
    let r = t.roll().clone();
    assert_eq!((r.edge.net(), r.proposed, r.verdict), (2, 2, Verdict::Pass));
    // Ambient noise does not help against a sense that does not hear.
    t.check_cancelled();
    let kind = CheckKind::Stealth(Senses {
        smell: true,
        ambient_noise: true,
        ..Senses::default()
    });
    t.check(m, kind, Edge::NONE, &[9]);
    assert_eq!(t.roll().faces.len(), 1);
}

#[test]
fn r12_a_group_rolls_together_each_swaps_once_then_each_check_is_read() {
    let mut t = Table::new();
    let m = mira(&mut t);
    let b = t.add(
        "Bram",
        Side::Players,
        vec![(8, item("Tent", &[Prop::Heavy]))],
    );
    let ev = t.run(
        Command::GroupCheck {
            who: vec![m, b],
            kind: CheckKind::Terrain,
        },
        &[8, 4],
    );
    assert_eq!(
        notes(&ev),
        [
            "Judge: the group terrain check of Mira and Bram (dice: Mira 8, Bram 4; Mira and Bram may still swap once; accept to read each check)"
        ]
    );
    let ev = t.run(Command::SwapDice { a: b, b: m }, &[]);
    assert_eq!(
        notes(&ev),
        ["Bram swaps dice with Mira: Bram now has 8, Mira 4"]
    );
    assert_eq!(
        t.refuse(Command::SwapDice { a: b, b: m }, &[]),
        "Bram has already swapped once"
    );
    assert_eq!(
        t.refuse(Command::SwapDice { a: m, b: m }, &[]),
        "Mira cannot swap a die with themselves"
    );
    assert_eq!(
        t.refuse(Command::Pick { die: 0 }, &[]),
        "what waits now is not a roll: answer it first"
    );
    let ev = t.accept(&[]);
    assert_eq!(
        notes(&ev),
        [
            "The group terrain check is read: Mira 4, Bram 8",
            "Judge: Mira's terrain check (rolled 4: FAIL, slot 4 Iron boots: heavy item, terrain fails)",
            "Judge: Bram's terrain check (rolled 8: FAIL, slot 8 Tent: heavy item, terrain fails)",
        ]
    );
    t.accept(&[]);
    t.run(
        Command::Override {
            verdict: Verdict::Pass,
        },
        &[],
    );
    t.accept(&[]);
    assert!(t.pending().is_empty());
    assert!(!t.slot(m, 4).fatigue);
    assert!(t.slot(b, 8).fatigue);
}

#[test]
fn r12_a_group_needs_two_distinct_members_on_one_kind_of_die() {
    let mut t = Table::new();
    let m = mira(&mut t);
    let mut beast = Layout::human();
    beast.die = 8;
    beast.slots.truncate(7);
    let w = t.add_with("Wolf", Side::Players, beast, vec![]);
    let kind = CheckKind::Terrain;
    assert_eq!(
        t.refuse(
            Command::GroupCheck {
                who: vec![m],
                kind: kind.clone()
            },
            &[1]
        ),
        "a group check needs at least two characters"
    );
    assert_eq!(
        t.refuse(
            Command::GroupCheck {
                who: vec![m, m],
                kind: kind.clone()
            },
            &[1, 2]
        ),
        "Mira is listed twice"
    );
    assert_eq!(
        t.refuse(
            Command::GroupCheck {
                who: vec![m, w],
                kind
            },
            &[1, 2]
        ),
        "a group check needs one kind of die to swap: Mira rolls a d12, Wolf a d8"
    );
}

#[test]
fn r23_a_corruption_check_on_a_corrupted_slot_worsens_it() {
    let mut t = Table::new();
    let m = mira(&mut t);
    assert_eq!(
        t.refuse(
            Command::Check {
                who: m,
                kind: CheckKind::Corruption,
                edge: Edge::NONE
            },
            &[2]
        ),
        "Mira has no corruption yet: mark C where it strikes first"
    );
    t.run(
        Command::Mark {
            who: m,
            slot: 2,
            condition: Condition::C,
        },
        &[],
    );
    t.check(m, CheckKind::Corruption, Edge::NONE, &[7]);
    assert_eq!(
        (t.roll().verdict, t.roll().reason.as_str()),
        (Verdict::Pass, "slot 7 (Grip, empty): not corrupted")
    );
    t.accept(&[]);
    assert_eq!(t.ch(m).marked_with(Condition::C), vec![2]);
    t.check(m, CheckKind::Corruption, Edge::NONE, &[2]);
    assert_eq!(
        t.roll().reason,
        "slot 2 Mail: corrupted, the corruption worsens"
    );
    let ev = t.accept(&[]);
    assert_eq!(
        notes(&ev)[1],
        "Judge: the slot Mira's corruption marks next (corruption worsens (exposed to corruption again); proposed: slot 1; choices: 1 and 3)"
    );
    t.run(Command::ChooseSlot { slot: 3 }, &[]);
    assert_eq!(t.ch(m).marked_with(Condition::C), vec![2, 3]);
}
