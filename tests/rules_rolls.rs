//! The slot system's sheets, checks and attacks (SLOT-RULES R1-R19), driven through
//! `Session::execute` with scripted dice so the log, undo and redo are exercised on every step.

use slotmark::dice::ScriptedDice;
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
