//! The slot system's sheets, checks and attacks (SLOT-RULES R1-R19), driven through
//! `Session::execute` with scripted dice so the log, undo and redo are exercised on every step.

mod support;
use support::{gear, worn};

use slotmark::dice::{Edge, ScriptedDice};
use slotmark::rules::Standing;
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

    fn from_state(state: State) -> Self {
        let mut initial = SessionState::new("test", RulesetId::Slots);
        initial.game = GameState::Slots(state);
        Table {
            s: Session::new(initial),
        }
    }

    fn state(&self) -> &State {
        match &self.s.state().game {
            GameState::Slots(s) => s,
            other => panic!(
                "a slot-system session was expected, not {:?}",
                other.ruleset()
            ),
        }
    }

    /// Runs a command that must succeed and use exactly `faces`; checks that undoing and redoing
    /// it gives the same state back.
    fn run(&mut self, c: Command, faces: &[u16]) -> Vec<Event> {
        let mut dice = ScriptedDice::new(faces.iter().copied());
        let entry = match self.s.execute(c.clone().into(), &mut dice) {
            Ok(e) => e.to_logged(),
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
            // A creature coming into the players' sight is the frame's event, not the rules'.
            .filter(|e| !matches!(e, session::Event::Hidden { .. }))
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
                name: name.to_string().into(),
                side,
                layout: Box::new(layout),
                items: items.into(),
                zone: None,
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
            name: "  Mira ".to_string().into(),
            side: Side::Players,
            layout: Box::new(Layout::human()),
            items: vec![(4, worn("Boots", Region::LegsFeet, &[Prop::Light]))].into(),
            zone: None,
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
        name: name.to_string().into(),
        side: Side::Opponents,
        layout: Box::new(Layout::human()),
        items: vec![].into(),
        zone: None,
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
            name: "Blob".to_string().into(),
            side: Side::Opponents,
            layout: Box::new(bad),
            items: vec![].into(),
            zone: None,
        },
        &[],
    );
    assert_eq!(
        msg,
        "layout 'human' links slot 1 and 40, but it has only 11 slots"
    );
    let msg = t.refuse(
        Command::AddCharacter {
            name: "Blob".to_string().into(),
            side: Side::Opponents,
            layout: Box::new(Layout::human()),
            items: vec![(12, Item::plain("Rock"))].into(),
            zone: None,
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
            item: helm.clone().into(),
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
                item: Item::plain("Hat").into()
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
            item: Item::plain("Rope").into(),
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
        vec![(10, gear("Lantern", &[Prop::Rigid]))],
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
                item: gear("Anvil", &[Prop::Heavy, Prop::Light]).into()
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
                item: Item::plain(" ").into()
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
                item: greataxe().into()
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
            item: greataxe().into(),
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
                item: shield().into()
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
            name: "Ogre".to_string().into(),
            side: Side::Opponents,
            layout: Box::new(Layout::human()),
            items: vec![(7, shield()), (6, greataxe())].into(),
            zone: None,
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
            item: Item::plain("Rope").into(),
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
            (8, gear("Rope", &[Prop::Light])),
            (9, gear("Cheese", &[Prop::Smelly, Prop::Light])),
            (10, gear("Pans", &[Prop::Rigid, Prop::Bundled])),
        ],
    )
}

fn stealth(hearing: bool, smell: bool, sight: &[SlotNo]) -> CheckKind {
    CheckKind::Stealth(Box::new(Senses {
        hearing,
        smell,
        sight: sight.to_vec(),
        ambient_noise: false,
        low_light: false,
    }))
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
            "Mira makes a terrain check: d12 8: a pass, slot 8 Rope: light item, unmarked; a pass marks fatigue there",
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
        ["Mira makes a check: d12 12: a fail, 12 names no slot: always fails"]
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
        "this roll has only 2 dice"
    );
    let ev = t.accept(&[]);
    assert_eq!(
        notes(&ev),
        [
            "Mira makes a terrain check: d12 [4, 8] kept 4 (the judge's pick): a fail, slot 4 Iron boots: heavy item, terrain fails"
        ]
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
            "Mira makes a terrain check: ruled a pass (the dice said a fail: d12 4, slot 4 Iron boots: heavy item, terrain fails)",
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
            "Mira makes a check: d12 1: a fail, slot 1 Hood: treated wound, fails and the wound opens",
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
            "Mira makes a terrain check: d12 5: a fail, slot 5 (Arms/Hands, empty): open wound, fails and Mira cringes",
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
    assert_eq!(slotmark::rules::slots::checks::r6(t.roll().edge), -1);
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
            item: gear("Anvil", &[Prop::Heavy]).into(),
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
            "Mira falls (check 1 of 2): d12 3: a fail, slot 3 (Torso, empty): body slot, open wound",
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
            item: shield().into(),
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
    let kind = CheckKind::Stealth(Box::new(Senses {
        hearing: true,
        smell: false,
        sight: vec![6],
        ambient_noise: true,
        low_light: true,
    }));
    t.check(m, kind, Edge::NONE, &[2, 6, 8]);
    let r = t.roll().clone();
    assert_eq!(
        (
            slotmark::rules::slots::checks::r6(r.edge),
            r.proposed,
            r.verdict
        ),
        (2, 2, Verdict::Pass)
    );
    // Ambient noise does not help against a sense that does not hear.
    t.check_cancelled();
    let kind = CheckKind::Stealth(Box::new(Senses {
        smell: true,
        ambient_noise: true,
        ..Senses::default()
    }));
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
        vec![(8, gear("Tent", &[Prop::Heavy]))],
    );
    let ev = t.run(
        Command::GroupCheck {
            who: vec![m, b].into(),
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
                who: vec![m].into(),
                kind: kind.clone()
            },
            &[1]
        ),
        "a group check needs at least two characters"
    );
    assert_eq!(
        t.refuse(
            Command::GroupCheck {
                who: vec![m, m].into(),
                kind: kind.clone()
            },
            &[1, 2]
        ),
        "Mira is listed twice"
    );
    assert_eq!(
        t.refuse(
            Command::GroupCheck {
                who: vec![m, w].into(),
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

// ---------------------------------------------------------------- R13-R19: attacks

/// A character set down in a zone: name, side, zone, starting items.
type Placed<'a> = (&'a str, Side, ZoneId, Vec<(SlotNo, Item)>);

fn spec(attacker: CharId, target: CharId, kind: AttackKind) -> AttackSpec {
    AttackSpec {
        attacker,
        target,
        kind,
        weapon: None,
        defense: Defense::None,
        aimed: false,
        blast_slots: 0,
        counter: false,
    }
}

impl Table {
    fn attack(&mut self, spec: AttackSpec, edge: Edge, faces: &[u16]) -> Vec<Event> {
        self.run(
            Command::Attack {
                spec,
                edge,
                dual: false,
            },
            faces,
        )
    }

    /// A table with a scene: Hall (open), Pillars (cover) linked to it, and Balcony in sight.
    fn with_scene(places: &[Placed]) -> (Table, Vec<CharId>) {
        let mut state = State {
            scene: Scene {
                name: "Keep".into(),
                zones: vec![
                    Zone {
                        id: 0,
                        name: "Hall".into(),
                        cover: false,
                    },
                    Zone {
                        id: 1,
                        name: "Pillars".into(),
                        cover: true,
                    },
                    Zone {
                        id: 2,
                        name: "Balcony".into(),
                        cover: false,
                    },
                ],
                links: vec![(0, 1)],
                hidden: vec![],
                next_zone: 3,
            },
            ..State::default()
        };
        let mut ids = Vec::new();
        for (name, side, zone, _) in places {
            let id = state.next_id;
            let mut c = Character::new(id, name.to_string(), *side, Layout::human());
            c.zone = Some(*zone);
            state.characters.push(c);
            state.next_id += 1;
            ids.push(id);
        }
        let mut initial = SessionState::new("test", RulesetId::Slots);
        initial.game = GameState::Slots(state);
        let mut t = Table {
            s: Session::new(initial),
        };
        for ((_, _, _, kit), &id) in places.iter().zip(&ids) {
            for (slot, it) in kit {
                t.run(
                    Command::PutItem {
                        who: id,
                        slot: *slot,
                        item: it.clone().into(),
                    },
                    &[],
                );
            }
        }
        (t, ids)
    }
}

fn bram(t: &mut Table) -> CharId {
    t.add(
        "Bram",
        Side::Players,
        vec![
            (
                2,
                armor(
                    "Mail",
                    ArmorClass::HeavyArmor,
                    Region::Torso,
                    &[Prop::Heavy, Prop::Rigid],
                ),
            ),
            (
                4,
                worn("Iron boots", Region::LegsFeet, &[Prop::Heavy, Prop::Rigid]),
            ),
            (6, sword()),
            (8, gear("Rope", &[Prop::Light])),
            (10, gear("Anvil", &[Prop::Heavy, Prop::Rigid])),
        ],
    )
}

fn goblin(t: &mut Table, kit: Vec<(SlotNo, Item)>) -> CharId {
    t.add("Goblin", Side::Opponents, kit)
}

fn spear() -> Item {
    weapon("Spear", WeaponSize::Medium, WeaponKind::Melee, &[])
}

#[test]
fn r2_an_attack_rolls_the_targets_own_die() {
    let mut t = Table::new();
    let b = bram(&mut t);
    let mut wolf = Layout::human();
    wolf.name = "wolf".into();
    wolf.die = 8;
    wolf.slots.truncate(7);
    let w = t.add_with("Wolf", Side::Opponents, wolf, vec![]);
    t.attack(spec(b, w, AttackKind::Melee), Edge::NONE, &[8]);
    assert_eq!(t.roll().sides, 8);
    assert_eq!(
        t.roll().reason,
        "8 names no slot: a miss (it may strike someone nearby, the judge's call)"
    );
    assert_eq!(t.s.entries().last().unwrap().rolls[0].sides, 8);
}

#[test]
fn r13_an_unaimed_missile_has_disadvantage_mirrored_when_the_target_defends() {
    let mut t = Table::new();
    let b = bram(&mut t);
    let g = goblin(
        &mut t,
        vec![(
            2,
            armor("Leather", ArmorClass::LightArmor, Region::Torso, &[]),
        )],
    );
    // Bram throws at the goblin: Bram rolls, with disadvantage; the worst die for him is proposed.
    let ev = t.attack(spec(b, g, AttackKind::Missile), Edge::NONE, &[3, 2]);
    assert_eq!(
        notes(&ev)[0],
        "Bram did not aim: the missile attack has disadvantage"
    );
    let r = t.roll().clone();
    assert_eq!(
        (
            r.roller,
            slotmark::rules::slots::checks::r6(r.edge),
            r.proposed
        ),
        (b, -1, 1)
    );
    assert_eq!(
        r.reason,
        "slot 2 Leather: light armor lessens it: a treated wound"
    );
    t.run(Command::Cancel, &[]);
    let aimed = AttackSpec {
        aimed: true,
        ..spec(b, g, AttackKind::Missile)
    };
    t.attack(aimed, Edge::NONE, &[3]);
    assert_eq!(t.roll().faces.len(), 1);
    t.run(Command::Cancel, &[]);
    // The goblin throws at Bram: Bram defends, and the goblin's disadvantage is his advantage.
    t.attack(spec(g, b, AttackKind::Missile), Edge::NONE, &[3, 2]);
    let r = t.roll().clone();
    assert_eq!(
        (
            r.roller,
            slotmark::rules::slots::checks::r6(r.edge),
            r.proposed,
            r.verdict
        ),
        (b, 1, 1, Verdict::Pass)
    );
    assert_eq!(r.reason, "slot 2 Mail: heavy armor blocks it");
    assert_eq!(
        notes(&t.accept(&[])),
        [
            "Bram defends against Goblin's missile attack: d12 [3, 2] kept 2 (advantage): a pass, slot 2 Mail: heavy armor blocks it",
            "Goblin's attack on Bram is blocked: slot 2 Mail: heavy armor blocks it",
        ]
    );
}

#[test]
fn r13_an_attack_beyond_its_range_is_flagged_then_rolled() {
    let (mut t, ids) = Table::with_scene(&[
        (
            "Bram",
            Side::Players,
            0,
            vec![
                (6, weapon("Bow", WeaponSize::Medium, WeaponKind::Bow, &[])),
                (7, dagger()),
            ],
        ),
        ("Goblin", Side::Opponents, 2, vec![]),
        ("Orc", Side::Opponents, 1, vec![]),
    ]);
    let (b, g, o) = (ids[0], ids[1], ids[2]);
    let ev = t.attack(
        AttackSpec {
            weapon: Some(7),
            ..spec(b, g, AttackKind::Melee)
        },
        Edge::NONE,
        &[3],
    );
    assert_eq!(
        notes(&ev)[0],
        "Out of range: Goblin is far from Bram, and a melee attack reaches only the same zone (rolled \
         anyway; the judge may call it off)"
    );
    assert_eq!(t.pending().len(), 1);
    t.run(Command::Cancel, &[]);
    let bow = AttackSpec {
        weapon: Some(6),
        aimed: true,
        ..spec(b, g, AttackKind::Missile)
    };
    let ev = t.attack(bow, Edge::NONE, &[3]);
    assert!(matches!(ev.as_slice(), [Event::Asked { .. }]), "{ev:?}");
    t.run(Command::Cancel, &[]);
    let thrown = AttackSpec {
        weapon: Some(7),
        aimed: true,
        ..spec(b, g, AttackKind::Missile)
    };
    let ev = t.attack(thrown, Edge::NONE, &[3]);
    assert_eq!(
        notes(&ev)[0],
        "Out of range: Goblin is far from Bram, and a missile attack reaches no farther than a linked \
         zone (rolled anyway; the judge may call it off)"
    );
    t.run(Command::Cancel, &[]);
    let thrown = AttackSpec {
        weapon: Some(7),
        aimed: true,
        ..spec(b, o, AttackKind::Missile)
    };
    let ev = t.attack(thrown, Edge::NONE, &[3]);
    assert_eq!(ev.len(), 1, "near is in range for a thrown weapon: {ev:?}");
}

#[test]
fn r13_only_grabs_and_blasts_can_be_evaded() {
    let mut t = Table::new();
    let b = bram(&mut t);
    let g = goblin(&mut t, vec![]);
    let melee = AttackSpec {
        defense: Defense::Evade,
        ..spec(g, b, AttackKind::Melee)
    };
    assert_eq!(
        t.refuse(
            Command::Attack {
                spec: melee,
                edge: Edge::NONE,
                dual: false
            },
            &[3]
        ),
        "a melee attack cannot be evaded; only grabs and blasts can"
    );
    let missile = AttackSpec {
        defense: Defense::Parry,
        ..spec(g, b, AttackKind::Missile)
    };
    assert_eq!(
        t.refuse(
            Command::Attack {
                spec: missile,
                edge: Edge::NONE,
                dual: false
            },
            &[3]
        ),
        "only melee attacks and grabs can be parried"
    );
}

#[test]
fn r14_an_attack_roll_naming_no_slot_misses() {
    let mut t = Table::new();
    let b = bram(&mut t);
    let g = goblin(&mut t, vec![]);
    t.attack(spec(b, g, AttackKind::Melee), Edge::NONE, &[12]);
    assert_eq!(t.roll().verdict, Verdict::Fail);
    let before = t.ch(g).clone();
    let ev = t.accept(&[]);
    assert_eq!(
        notes(&ev)[1],
        "Bram's attack on Goblin misses: 12 names no slot: a miss (it may strike someone nearby, the judge's call)"
    );
    assert_eq!(t.ch(g), &before);
}

#[test]
fn r14_a_defense_check_naming_no_slot_lets_the_judge_pick_the_slot_hit() {
    let mut t = Table::new();
    let b = bram(&mut t);
    let g = goblin(&mut t, vec![]);
    t.attack(spec(g, b, AttackKind::Melee), Edge::NONE, &[12]);
    assert_eq!(
        (t.roll().roller, t.roll().verdict, t.roll().reason.as_str()),
        (
            b,
            Verdict::Fail,
            "12 names no slot: the defense fails, the judge picks the slot hit"
        )
    );
    let ev = t.accept(&[]);
    assert_eq!(
        notes(&ev)[1],
        "Judge: the slot Goblin's melee attack hits on Bram (12 names no slot: the defense fails, the judge \
         picks the slot hit; proposed: slot 3; choices: 1 to 11)"
    );
    let ev = t.run(Command::ChooseSlot { slot: 3 }, &[]);
    assert_eq!(
        notes(&ev),
        [
            "Goblin's attack on Bram deals an open wound: slot 3 (Torso, empty): nothing stops it: an open wound",
            "Bram: open wound in slot 3 (Goblin's melee attack)",
            "Bram: B marked in slot 3 (bleeding, an open wound bleeds)",
        ]
    );
}

#[test]
fn r14_a_hit_on_an_empty_grip_lets_the_judge_pick_the_slot() {
    let mut t = Table::new();
    let b = bram(&mut t);
    let g = goblin(&mut t, vec![]);
    t.attack(spec(b, g, AttackKind::Melee), Edge::NONE, &[7]);
    assert_eq!(t.roll().verdict, Verdict::Pass);
    let ev = t.accept(&[]);
    assert_eq!(
        notes(&ev)[1],
        "Judge: the slot Bram's melee attack hits on Goblin (slot 7 (Grip, empty): an empty grip was hit, \
         the judge picks the slot; proposed: slot 5; choices: 1 to 11)"
    );
    t.accept(&[]);
    assert_eq!(t.slot(g, 5).wound, Wound::Open);
    assert!(t.pending().is_empty());
}

#[test]
fn r15_evade_succeeds_unless_the_rolled_item_is_heavy() {
    let mut t = Table::new();
    let b = bram(&mut t);
    let g = goblin(&mut t, vec![]);
    let grab = AttackSpec {
        defense: Defense::Evade,
        ..spec(g, b, AttackKind::Grab)
    };
    t.attack(grab.clone(), Edge::NONE, &[8]);
    assert_eq!(
        (t.roll().verdict, t.roll().reason.as_str()),
        (Verdict::Pass, "slot 8 Rope: nothing heavy there, evaded")
    );
    assert_eq!(
        notes(&t.accept(&[]))[1..],
        [
            "Bram is prone (evaded in no zone, so taken to be in the open; clear it if there was cover)",
            "Goblin's attack on Bram is evaded: slot 8 Rope: nothing heavy there, evaded",
        ]
    );
    t.attack(grab.clone(), Edge::NONE, &[4]);
    assert_eq!(
        t.roll().reason,
        "slot 4 Iron boots: heavy, the evade fails; not stopped, Bram is seized there (no wound unless the judge rules one)"
    );
    let ev = t.accept(&[]);
    assert_eq!(
        notes(&ev).last().unwrap(),
        "Bram is restrained (seized at slot 4 by Goblin)"
    );
    assert_eq!(t.ch(b).status.restrained, Some(4));
    assert_eq!(t.slot(b, 4).wound, Wound::None);
    assert_eq!(
        t.refuse(
            Command::Attack {
                spec: grab,
                edge: Edge::NONE,
                dual: false
            },
            &[8]
        ),
        "Bram is restrained and cannot evade"
    );
}

#[test]
fn r15_evading_in_the_open_drops_the_evader_prone() {
    let (mut t, ids) = Table::with_scene(&[
        ("Bram", Side::Players, 0, vec![]),
        ("Mira", Side::Players, 1, vec![]),
        ("Goblin", Side::Opponents, 0, vec![]),
    ]);
    let (b, m, g) = (ids[0], ids[1], ids[2]);
    let blast = |target| AttackSpec {
        defense: Defense::Evade,
        blast_slots: 1,
        ..spec(g, target, AttackKind::Blast)
    };
    t.attack(blast(b), Edge::NONE, &[3]);
    let ev = t.accept(&[]);
    assert_eq!(
        notes(&ev)[1],
        "Bram is prone (evaded with no cover in Hall)"
    );
    assert!(t.ch(b).status.prone);
    t.attack(blast(m), Edge::NONE, &[3]);
    let ev = t.accept(&[]);
    assert_eq!(ev.len(), 2, "{ev:?}");
    assert!(!t.ch(m).status.prone);
}

#[test]
fn r16_heavy_armor_blocks_a_melee_attack() {
    let mut t = Table::new();
    let b = bram(&mut t);
    let g = goblin(
        &mut t,
        vec![(
            1,
            armor("Helm", ArmorClass::HeavyArmor, Region::Head, &[Prop::Rigid]),
        )],
    );
    let ev = t.attack(
        AttackSpec {
            weapon: Some(6),
            ..spec(b, g, AttackKind::Melee)
        },
        Edge::NONE,
        &[1],
    );
    assert_eq!(
        notes(&ev),
        [
            "Judge: Bram's melee attack on Goblin (rolled 1: FAIL, slot 1 Helm: heavy armor blocks it)"
        ]
    );
    let before = t.ch(g).clone();
    assert_eq!(
        notes(&t.accept(&[])),
        [
            "Bram attacks Goblin (melee attack): d12 1: a fail, slot 1 Helm: heavy armor blocks it",
            "Bram's attack on Goblin is blocked: slot 1 Helm: heavy armor blocks it",
        ]
    );
    assert_eq!(t.ch(g), &before);
}

#[test]
fn r16_light_armor_gives_treated_wound() {
    let mut t = Table::new();
    let b = bram(&mut t);
    let g = goblin(
        &mut t,
        vec![(
            2,
            armor("Leather", ArmorClass::LightArmor, Region::Torso, &[]),
        )],
    );
    t.attack(spec(b, g, AttackKind::Melee), Edge::NONE, &[2]);
    assert_eq!(t.roll().verdict, Verdict::Pass);
    assert_eq!(
        notes(&t.accept(&[]))[1..],
        [
            "Bram's attack on Goblin deals a treated wound: slot 2 Leather: light armor lessens it: a treated wound",
            "Goblin: treated wound in slot 2 (Bram's melee attack)",
        ]
    );
    assert_eq!(t.slot(g, 2).wound, Wound::Treated);
    assert!(t.slot(g, 2).marks.is_empty());
}

#[test]
fn r16_an_unprotected_slot_takes_an_open_wound_and_its_item_may_be_damaged() {
    let mut t = Table::new();
    let b = bram(&mut t);
    let g = goblin(
        &mut t,
        vec![(3, worn("Cloak", Region::Torso, &[Prop::Flammable]))],
    );
    t.attack(spec(b, g, AttackKind::Melee), Edge::NONE, &[3]);
    assert_eq!(
        notes(&t.accept(&[]))[1..],
        [
            "Bram's attack on Goblin deals an open wound: slot 3 Cloak: nothing stops it: an open wound",
            "Goblin: open wound in slot 3 (Bram's melee attack)",
            "Goblin: B marked in slot 3 (bleeding, an open wound bleeds)",
            "Goblin's Cloak in slot 3 may be damaged (the judge's call)",
        ]
    );
    assert_eq!(t.slot(g, 3).wound, Wound::Open);
}

#[test]
fn r16_a_blast_hits_several_slots_blocked_only_by_a_shield() {
    let mut t = Table::new();
    let b = bram(&mut t);
    t.run(
        Command::PutItem {
            who: b,
            slot: 7,
            item: shield().into(),
        },
        &[],
    );
    let g = goblin(&mut t, vec![]);
    let blast = AttackSpec {
        blast_slots: 2,
        ..spec(g, b, AttackKind::Blast)
    };
    let ev = t.attack(blast, Edge::NONE, &[2, 7]);
    assert_eq!(
        notes(&ev),
        [
            "Judge: Bram's defense against Goblin's blast (rolled 2: FAIL, slot 2 Mail: heavy armor softens a blast: a treated wound)",
            "Judge: Bram's defense against Goblin's blast (rolled 7: PASS, slot 7 Shield: the shield parries it)",
        ]
    );
    t.accept(&[]);
    assert_eq!(t.slot(b, 2).wound, Wound::Treated);
    let ev = t.accept(&[]);
    // A shield in hand blocking is a parry, but a blast opens no counterattack.
    assert_eq!(
        notes(&ev)[1],
        "Goblin's attack on Bram is parried: slot 7 Shield: the shield parries it"
    );
    assert_eq!(ev.len(), 2);
}

#[test]
fn r16_a_grab_is_stopped_only_by_a_weapon_and_otherwise_seizes() {
    let mut t = Table::new();
    let b = bram(&mut t);
    let g = goblin(&mut t, vec![]);
    t.attack(spec(g, b, AttackKind::Grab), Edge::NONE, &[2]);
    assert_eq!(
        t.roll().reason,
        "slot 2 Mail: not stopped, Bram is seized there (no wound unless the judge rules one)"
    );
    t.accept(&[]);
    assert_eq!(t.ch(b).status.restrained, Some(2));
    assert_eq!(t.slot(b, 2).wound, Wound::None);
    t.attack(spec(g, b, AttackKind::Grab), Edge::NONE, &[6]);
    let ev = t.accept(&[]);
    assert_eq!(
        notes(&ev)[1..],
        [
            "Goblin's attack on Bram is parried: slot 6 Sword: the weapon in hand parries it",
            "Bram parried and may counterattack Goblin",
        ]
    );
}

#[test]
fn r16_a_missile_on_a_weapon_in_hand_is_a_treated_wound_placed_on_the_body() {
    let mut t = Table::new();
    let b = bram(&mut t);
    let g = goblin(&mut t, vec![]);
    t.attack(
        AttackSpec {
            aimed: true,
            ..spec(g, b, AttackKind::Missile)
        },
        Edge::NONE,
        &[6],
    );
    let ev = t.accept(&[]);
    assert_eq!(
        notes(&ev)[1..],
        [
            "Goblin's attack on Bram deals a treated wound: slot 6 Sword: the weapon in hand lessens it: a treated wound",
            "Judge: the slot for Bram's treated wound (Wounds land only in body slots: slot 6 of Bram is not one. \
             Pick a body slot, or cancel if the item there took the blow. Proposed: slot 5; choices: 1 to 5)",
        ]
    );
    t.accept(&[]);
    assert_eq!(t.slot(b, 5).wound, Wound::Treated);
}

#[test]
fn r16_improvised_cover_is_the_judges_call_proposed_no() {
    let mut t = Table::new();
    let b = bram(&mut t);
    let g = goblin(&mut t, vec![]);
    let arrow = AttackSpec {
        aimed: true,
        ..spec(g, b, AttackKind::Missile)
    };
    t.attack(arrow.clone(), Edge::NONE, &[10]);
    assert_eq!(
        t.roll().reason,
        "slot 10 Anvil: heavy and rigid, it might stop the blow"
    );
    let ev = t.accept(&[]);
    assert_eq!(
        notes(&ev)[1],
        "Judge: whether slot 10 of Bram stops Goblin's missile attack (slot 10 Anvil: heavy and rigid, it might stop \
         the blow; proposed: it does not)"
    );
    assert_eq!(
        t.refuse(Command::ChooseSlot { slot: 10 }, &[]),
        "this question is yes or no: does the item stop the blow?"
    );
    let ev = t.run(Command::RuleBlocks { blocks: true }, &[]);
    assert_eq!(
        notes(&ev),
        ["Goblin's attack on Bram is blocked: slot 10 Anvil: the judge rules it stops the blow"]
    );
    assert!(t.pending().is_empty());
    // Accepting the proposal: it does not stop it, and the wound lands on the body.
    t.attack(arrow, Edge::NONE, &[10]);
    t.accept(&[]);
    let ev = t.accept(&[]);
    assert_eq!(
        notes(&ev)[0],
        "Goblin's attack on Bram deals an open wound: slot 10 Anvil: nothing stops it: an open wound"
    );
    // The torso's first slot holds Bram's mail: the one beside it, bare, is proposed (R16).
    match t.pending() {
        [
            Pending::Decide(Decision::WoundSlot {
                proposed: 3,
                wound: Wound::Open,
                ..
            }),
        ] => {}
        other => panic!("{other:?}"),
    }
    let ev = t.run(Command::Cancel, &[]);
    assert_eq!(
        notes(&ev),
        ["No wound for Bram: the judge rules the item took the blow"]
    );
}

#[test]
fn r16_a_defense_check_on_a_treated_wound_fails_opens_it_and_wounds_beside_it() {
    let mut t = Table::new();
    let b = bram(&mut t);
    let g = goblin(&mut t, vec![]);
    t.wound(b, 2, Wound::Treated);
    t.attack(spec(g, b, AttackKind::Melee), Edge::NONE, &[2]);
    assert_eq!(
        t.roll().reason,
        "slot 2 Mail: treated wound rolled, the defense fails; the armor still lessens it; the old wound opens and a \
         treated wound goes beside it"
    );
    let ev = t.accept(&[]);
    assert_eq!(
        notes(&ev)[1..3],
        [
            // Slot 2 kept its B from when the wound was first open.
            "Bram: open wound in slot 2 (the treated wound opened: the defense check rolled it)",
            "Goblin's attack on Bram deals a treated wound: slot 2 Mail: treated wound rolled, the defense fails; the \
             armor still lessens it; the old wound opens and a treated wound goes beside it",
        ]
    );
    match t.pending() {
        [
            Pending::Decide(Decision::WoundSlot {
                options,
                proposed: 1,
                wound: Wound::Treated,
                ..
            }),
        ] => {
            assert_eq!(options, &vec![1, 3])
        }
        other => panic!("{other:?}"),
    }
    t.run(Command::ChooseSlot { slot: 3 }, &[]);
    assert_eq!(
        (t.slot(b, 2).wound, t.slot(b, 3).wound),
        (Wound::Open, Wound::Treated)
    );
}

#[test]
fn r8_a_defense_check_on_an_open_wound_makes_the_defender_cringe() {
    let mut t = Table::new();
    let b = bram(&mut t);
    let g = goblin(&mut t, vec![]);
    t.wound(b, 4, Wound::Open);
    t.attack(spec(g, b, AttackKind::Grab), Edge::NONE, &[4]);
    let ev = t.accept(&[]);
    assert_eq!(
        notes(&ev)[1],
        "Bram is cringing (the defense check rolled the open wound in slot 4)"
    );
    assert_eq!(t.ch(b).status.cringe, Cringe::NextRoll);
    assert_eq!(t.ch(b).status.restrained, Some(4));
}

#[test]
fn r17_a_block_by_a_weapon_in_hand_is_a_parry_and_opens_a_counterattack() {
    let mut t = Table::new();
    let b = bram(&mut t);
    let g = goblin(&mut t, vec![(6, spear())]);
    t.attack(spec(b, g, AttackKind::Melee), Edge::NONE, &[6]);
    assert_eq!(
        (t.roll().verdict, t.roll().reason.as_str()),
        (Verdict::Fail, "slot 6 Spear: the weapon in hand parries it")
    );
    let ev = t.accept(&[]);
    assert_eq!(
        ev[2],
        Event::CounterOffered {
            who: "Goblin".into(),
            id: g,
            against: "Bram".into(),
            against_id: b,
        }
    );
    // The counterattack is an attack of its own, and opens no further counter.
    let counter = AttackSpec {
        counter: true,
        weapon: Some(6),
        ..spec(g, b, AttackKind::Melee)
    };
    t.attack(counter, Edge::NONE, &[6]);
    assert_eq!(
        t.roll().reason,
        "slot 6 Sword: the weapon in hand parries it"
    );
    let ev = t.accept(&[]);
    assert_eq!(
        notes(&ev),
        [
            "Bram defends against Goblin's counterattack (melee attack): d12 6: a pass, slot 6 Sword: the weapon in hand parries it",
            "Goblin's attack on Bram is parried: slot 6 Sword: the weapon in hand parries it",
        ]
    );
}

#[test]
fn r17_a_counterattack_no_parry_opened_is_logged_as_the_judges_call() {
    let mut t = Table::new();
    let b = bram(&mut t);
    let g = goblin(&mut t, vec![(6, spear())]);
    let counter = AttackSpec {
        counter: true,
        ..spec(g, b, AttackKind::Melee)
    };
    let ev = t.attack(counter, Edge::NONE, &[2]);
    assert!(
        notes(&ev).iter().any(|n| n
            == "Goblin counterattacks Bram, though no parry opened a counterattack: the judge's call"),
        "{:?}",
        notes(&ev)
    );
}

#[test]
fn r17_shield_parry_roll_matches_slot() {
    let mut t = Table::new();
    let b = bram(&mut t);
    t.run(
        Command::PutItem {
            who: b,
            slot: 7,
            item: shield().into(),
        },
        &[],
    );
    let g = goblin(&mut t, vec![]);
    let swing = AttackSpec {
        defense: Defense::Parry,
        ..spec(g, b, AttackKind::Melee)
    };
    t.attack(swing, Edge::NONE, &[3]);
    assert_eq!(
        t.roll().reason,
        "slot 3 (Torso, empty): nothing stops it: an open wound; a parry roll (2d6) with a 3 would stop it"
    );
    let before = t.ch(b).clone();
    let ev = t.accept(&[5, 3]);
    assert_eq!(
        notes(&ev)[1..],
        [
            "Bram tries to parry: d6 [5, 3]: a pass, a die shows 3, the slot hit",
            "Goblin's attack on Bram is parried: slot 3 (Torso, empty): the parry roll matched slot 3",
            "Bram parried and may counterattack Goblin",
        ]
    );
    assert_eq!(t.ch(b), &before);
}

#[test]
fn r17_a_weapon_parry_roll_that_misses_lets_the_hit_stand() {
    let mut t = Table::new();
    let b = bram(&mut t);
    let g = goblin(&mut t, vec![]);
    let swing = AttackSpec {
        defense: Defense::Parry,
        ..spec(g, b, AttackKind::Melee)
    };
    t.attack(swing.clone(), Edge::NONE, &[3]);
    assert_eq!(
        t.roll().reason,
        "slot 3 (Torso, empty): nothing stops it: an open wound; a parry roll (1d6) showing 3 would stop it"
    );
    let ev = t.accept(&[4]);
    assert_eq!(
        notes(&ev)[1..3],
        [
            "Bram tries to parry: d6 4: a fail, no die shows 3, the hit stands",
            "Goblin's attack on Bram deals an open wound: slot 3 (Torso, empty): nothing stops it: an open wound",
        ]
    );
    assert_eq!(t.slot(b, 3).wound, Wound::Open);
    // Off the body no parry roll is made: the grip slot decides by itself.
    t.attack(swing, Edge::NONE, &[8]);
    assert_eq!(
        t.roll().reason,
        "slot 8 Rope: nothing stops it: an open wound"
    );
}

#[test]
fn r18_dual_wielding_trades_advantage_for_two_attacks() {
    let mut t = Table::new();
    let b = t.add("Bram", Side::Players, vec![(6, dagger()), (7, sword())]);
    let g = goblin(&mut t, vec![]);
    let ev = t.run(
        Command::Attack {
            spec: spec(b, g, AttackKind::Melee),
            edge: Edge::advantage(1),
            dual: true,
        },
        &[3, 9],
    );
    assert_eq!(
        notes(&ev),
        [
            "Bram gives up the advantage to attack twice, once with each weapon",
            "Judge: Bram's melee attack on Goblin (rolled 3: PASS, slot 3 (Torso, empty): nothing stops it: an open wound)",
            "Judge: Bram's melee attack on Goblin (rolled 9: PASS, slot 9 (Backpack, empty): nothing stops it: an open wound)",
        ]
    );
    let weapons: Vec<Option<SlotNo>> = t
        .pending()
        .iter()
        .map(|p| match p {
            Pending::Roll(PendingRoll {
                what: RollFor::Attack(s),
                faces,
                ..
            }) => {
                assert_eq!(faces.len(), 1);
                s.weapon
            }
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(weapons, [Some(6), Some(7)]);
    t.accept(&[]);
    assert_eq!(t.slot(g, 3).wound, Wound::Open);
    assert!(matches!(t.pending(), [Pending::Roll(_)]));
}

#[test]
fn r18_dual_wielding_needs_a_small_weapon_a_second_weapon_and_advantage() {
    let mut t = Table::new();
    let b = bram(&mut t);
    let g = goblin(&mut t, vec![]);
    let dual = |edge| Command::Attack {
        spec: spec(b, g, AttackKind::Melee),
        edge,
        dual: true,
    };
    t.run(
        Command::PutItem {
            who: b,
            slot: 7,
            item: sword().into(),
        },
        &[],
    );
    assert_eq!(
        t.refuse(dual(Edge::advantage(1)), &[3, 4]),
        "Bram needs a small weapon and a second weapon in the grips to attack twice"
    );
    t.run(Command::RemoveItem { who: b, slot: 7 }, &[]);
    t.run(
        Command::PutItem {
            who: b,
            slot: 7,
            item: dagger().into(),
        },
        &[],
    );
    assert_eq!(
        t.refuse(dual(Edge { adv: 1, dis: 1 }), &[3, 4]),
        "Bram has no advantage on this attack to trade for a second one"
    );
}

#[test]
fn r18_two_parried_attacks_on_one_target_open_one_counterattack() {
    let mut t = Table::new();
    let b = t.add("Bram", Side::Players, vec![(6, dagger()), (7, sword())]);
    let g = goblin(&mut t, vec![(6, spear()), (7, shield())]);
    t.run(
        Command::Attack {
            spec: spec(b, g, AttackKind::Melee),
            edge: Edge::advantage(2),
            dual: true,
        },
        &[6, 7],
    );
    let first = t.accept(&[]);
    assert_eq!(
        first[2],
        Event::CounterOffered {
            who: "Goblin".into(),
            id: g,
            against: "Bram".into(),
            against_id: b,
        }
    );
    assert_eq!(t.state().countered, vec![(g, b)]);
    let second = t.accept(&[]);
    assert_eq!(
        notes(&second)[1..],
        [
            "Bram's attack on Goblin is parried: slot 7 Shield: the shield parries it",
            "Goblin already has a counterattack against Bram from this pair of attacks",
        ]
    );
    assert!(t.state().countered.is_empty());
}

#[test]
fn r18_weapons_are_used_only_from_the_grips() {
    let mut t = Table::new();
    let b = bram(&mut t);
    let g = goblin(&mut t, vec![]);
    let from = |slot| Command::Attack {
        spec: AttackSpec {
            weapon: Some(slot),
            ..spec(b, g, AttackKind::Melee)
        },
        edge: Edge::NONE,
        dual: false,
    };
    assert_eq!(
        t.refuse(from(10), &[3]),
        "slot 10 of Bram is not a grip: weapons are used only from the grips"
    );
    assert_eq!(t.refuse(from(7), &[3]), "Bram holds no weapon in slot 7");
    t.run(from(6), &[3]);
}

#[test]
fn r19_a_hit_on_a_wounded_slot_opens_the_old_wound_and_the_new_one_goes_beside_it() {
    let mut t = Table::new();
    let b = bram(&mut t);
    let g = goblin(&mut t, vec![]);
    t.wound(g, 3, Wound::Treated);
    t.attack(spec(b, g, AttackKind::Melee), Edge::NONE, &[3]);
    // Bram's attack roll is not the goblin's check: the wound there does not decide the roll.
    assert_eq!(
        t.roll().reason,
        "slot 3 (Torso, empty): nothing stops it: an open wound"
    );
    let ev = t.accept(&[]);
    assert_eq!(
        notes(&ev)[2..],
        [
            "Goblin: open wound in slot 3 (the treated wound opened: a new wound landed on it)",
            "Judge: the slot for Goblin's open wound (Slot 3 of Goblin is already wounded: the new wound goes to an \
             adjacent body slot. Proposed: slot 2; choices: 2 and 4)",
        ]
    );
    t.run(Command::ChooseSlot { slot: 4 }, &[]);
    assert_eq!(
        (t.slot(g, 2).wound, t.slot(g, 3).wound, t.slot(g, 4).wound),
        (Wound::None, Wound::Open, Wound::Open)
    );
}

#[test]
fn r6_an_override_decides_whether_an_attack_lands() {
    let mut t = Table::new();
    let b = bram(&mut t);
    let g = goblin(
        &mut t,
        vec![(1, armor("Helm", ArmorClass::HeavyArmor, Region::Head, &[]))],
    );
    t.attack(spec(b, g, AttackKind::Melee), Edge::NONE, &[1]);
    t.run(
        Command::Override {
            verdict: Verdict::Pass,
        },
        &[],
    );
    let ev = t.accept(&[]);
    assert_eq!(
        notes(&ev)[1],
        "Bram's attack on Goblin deals an open wound: slot 1 Helm: the judge ruled it lands"
    );
    assert_eq!(t.slot(g, 1).wound, Wound::Open);
    // A defense the judge rules good stops the blow.
    t.attack(spec(g, b, AttackKind::Melee), Edge::NONE, &[3]);
    t.run(
        Command::Override {
            verdict: Verdict::Pass,
        },
        &[],
    );
    let ev = t.accept(&[]);
    assert_eq!(
        notes(&ev)[1],
        "Goblin's attack on Bram is blocked: slot 3 (Torso, empty): the judge ruled it does no harm"
    );
    assert_eq!(t.slot(b, 3).wound, Wound::None);
}

// ---------------------------------------------------------------- refusals change nothing

#[test]
fn refused_commands_leave_everything_as_it_was() {
    let mut t = Table::new();
    let b = bram(&mut t);
    let g = goblin(&mut t, vec![]);
    assert_eq!(
        t.refuse(Command::Accept, &[]),
        "nothing is waiting for the judge"
    );
    assert_eq!(
        t.refuse(Command::Cancel, &[]),
        "nothing is waiting for the judge"
    );
    assert_eq!(
        t.refuse(Command::ChooseSlot { slot: 1 }, &[]),
        "nothing is waiting for the judge"
    );
    assert_eq!(
        t.refuse(Command::RuleBlocks { blocks: true }, &[]),
        "no question about an item stopping a blow is waiting"
    );
    assert_eq!(
        t.refuse(Command::Pick { die: 1 }, &[]),
        "no roll is waiting"
    );
    assert_eq!(
        t.refuse(
            Command::Override {
                verdict: Verdict::Pass
            },
            &[]
        ),
        "no roll is waiting"
    );
    assert_eq!(
        t.refuse(Command::SwapDice { a: b, b: g }, &[]),
        "no group check is waiting"
    );
    assert_eq!(
        t.refuse(
            Command::Attack {
                spec: spec(b, b, AttackKind::Melee),
                edge: Edge::NONE,
                dual: false
            },
            &[3]
        ),
        "Bram cannot attack themselves"
    );
    // Dice that cannot be rolled leave no trace either.
    let msg = t.refuse(
        Command::Check {
            who: b,
            kind: CheckKind::Generic,
            edge: Edge::advantage(1),
        },
        &[3],
    );
    assert!(msg.starts_with("the scripted dice ran out"), "{msg}");
    t.attack(spec(g, b, AttackKind::Melee), Edge::NONE, &[3]);
    assert_eq!(
        t.refuse(Command::RemoveCharacter { who: g }, &[]),
        "Goblin is part of Bram's defense against Goblin's melee attack (rolled 3: FAIL, slot 3 (Torso, empty): nothing \
         stops it: an open wound): settle or cancel it first"
    );
    assert_eq!(
        t.refuse(Command::Fall { who: b, feet: 20 }, &[3])
            .split(" is waiting")
            .count(),
        2
    );
    t.accept(&[]);
    t.run(
        Command::SetStatus {
            who: g,
            flag: StatusFlag::Dead,
            on: true,
        },
        &[],
    );
    assert_eq!(
        t.refuse(
            Command::Attack {
                spec: spec(b, g, AttackKind::Melee),
                edge: Edge::NONE,
                dual: false
            },
            &[3]
        ),
        "Goblin is already dead"
    );
    assert_eq!(
        t.refuse(
            Command::Attack {
                spec: spec(g, b, AttackKind::Melee),
                edge: Edge::NONE,
                dual: false
            },
            &[3]
        ),
        "Goblin is dead"
    );
    assert_eq!(
        t.refuse(
            Command::Check {
                who: g,
                kind: CheckKind::Terrain,
                edge: Edge::NONE
            },
            &[3]
        ),
        "Goblin is dead"
    );
}

/// R33: one who acted this round and then died or was knocked out reads so on the strip, not as
/// having acted.
#[test]
fn r33_one_who_acted_then_fell_reads_dead_or_out_on_the_strip() {
    let mut t = Table::new();
    let m = mira(&mut t);
    let fight = Combat {
        round: 1,
        initiative: Side::Players,
        acted: vec![m],
        surprised: None,
        last_turn: None,
        turn: None,
        initiator: Side::Players,
        aside: vec![],
    };
    let mut c = t.ch(m).clone();
    assert_eq!(
        slotmark::rules::slots::standing(&c, &fight),
        Standing::Acted
    );
    c.status.unconscious = true;
    assert_eq!(
        slotmark::rules::slots::standing(&c, &fight),
        Standing::Out("KO".into())
    );
    c.status.dead = true;
    assert_eq!(
        slotmark::rules::slots::standing(&c, &fight),
        Standing::Out("dead".into())
    );
}

#[test]
fn r8_in_combat_a_cringe_weighs_on_every_roll_until_the_turn_ends() {
    let mut t = Table::from_state(State {
        combat: Some(Combat {
            round: 1,
            initiative: Side::Players,
            acted: vec![],
            surprised: None,
            last_turn: None,
            turn: None,
            initiator: Side::Players,
            aside: vec![],
        }),
        ..State::default()
    });
    let m = mira(&mut t);
    t.wound(m, 5, Wound::Open);
    t.check(m, CheckKind::Generic, Edge::NONE, &[5]);
    t.accept(&[]);
    let in_combat = Cringe::UntilTurnEnds {
        turn_started: false,
    };
    assert_eq!(t.ch(m).status.cringe, in_combat);
    for _ in 0..2 {
        t.check(m, CheckKind::Generic, Edge::NONE, &[8, 9]);
        assert_eq!(
            (
                slotmark::rules::slots::checks::r6(t.roll().edge),
                t.roll().used_cringe
            ),
            (-1, false)
        );
        t.accept(&[]);
        assert_eq!(t.ch(m).status.cringe, in_combat);
    }
}

#[test]
fn r12_a_cringing_member_rolls_an_extra_die_when_the_group_is_read() {
    let mut t = Table::new();
    let m = mira(&mut t);
    let b = t.add("Bram", Side::Players, vec![]);
    t.run(
        Command::SetStatus {
            who: b,
            flag: StatusFlag::Cringe,
            on: true,
        },
        &[],
    );
    t.run(
        Command::GroupCheck {
            who: vec![m, b].into(),
            kind: CheckKind::Terrain,
        },
        &[8, 3],
    );
    let ev = t.accept(&[4]);
    assert_eq!(
        notes(&ev)[2],
        "Judge: Bram's terrain check (rolled 3 and 4 with disadvantage; 3 proposed: PASS, slot 3 (Torso, empty): \
         unmarked; a pass marks fatigue there)"
    );
    t.accept(&[]);
    let ev = t.accept(&[]);
    assert_eq!(
        notes(&ev)[1],
        "Bram is no longer cringing (the roll it weighed on is done)"
    );
    assert!(t.slot(m, 8).fatigue && t.slot(b, 3).fatigue);
}
