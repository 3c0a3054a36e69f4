//! Sessions for the store tests, the property tests and the engine benchmarks: a small party
//! built directly as state, and a realistic stream of judge's commands over it.
#![allow(dead_code)]

pub mod evening;

use slotmark::dice::LiveDice;
use slotmark::rules::GameState;
use slotmark::rules::slots::{
    self, Character, Condition, Item, Layout, Prop, Region, Side, SlotDef, State, StatusFlag,
    Weapon, WeaponKind, WeaponSize, Wound,
};
use slotmark::session::{Command, Notes, Session, SessionState};

pub mod long;

pub fn item(name: &str, props: &[Prop], wear: Option<Region>) -> Item {
    Item {
        name: name.to_string(),
        props: props.to_vec(),
        wear,
        armor: None,
        weapon: None,
    }
}

/// An item with these properties, worn nowhere in particular.
pub fn gear(name: &str, props: &[Prop]) -> Item {
    item(name, props, None)
}

/// An item made to be worn in `region`.
pub fn worn(name: &str, region: Region, props: &[Prop]) -> Item {
    item(name, props, Some(region))
}

/// A wolf: five body slots on a d8, its own adjacency.
pub fn wolf_layout() -> Layout {
    let body = |label: &str| SlotDef {
        label: label.to_string(),
        region: Region::Other,
        body: true,
    };
    Layout {
        name: "wolf".to_string(),
        die: 8,
        slots: vec![
            body("Head"),
            body("Chest"),
            body("Belly"),
            body("Legs"),
            body("Tail"),
        ],
        adjacent: vec![(1, 2), (2, 3), (2, 4), (3, 4), (3, 5)],
    }
}

/// Two players and two opponents with a few items each, ids 0 to 3.
pub fn party() -> SessionState {
    let mut aldo = Character::new(0, "Aldo".into(), Side::Players, Layout::human());
    aldo.slots[0].item = Some(item("Leather cap", &[Prop::Flammable], Some(Region::Head)));
    aldo.slots[5].item = Some(Item {
        weapon: Some(Weapon {
            size: WeaponSize::Medium,
            kind: WeaponKind::Melee,
        }),
        ..item("Sword", &[Prop::Rigid], Some(Region::Grip))
    });
    aldo.slots[7].item = Some(item("Torch", &[Prop::Flammable, Prop::LightSource], None));
    aldo.slots[8].item = Some(item("Rations", &[Prop::Food, Prop::Smelly], None));
    let mut brin = Character::new(1, "Brin".into(), Side::Players, Layout::human());
    brin.slots[1].item = Some(item(
        "Wool coat",
        &[Prop::Warm, Prop::Flammable],
        Some(Region::Torso),
    ));
    brin.slots[6].item = Some(Item {
        weapon: Some(Weapon {
            size: WeaponSize::Small,
            kind: WeaponKind::Bow,
        }),
        ..item("Short bow", &[], Some(Region::Grip))
    });
    brin.slots[9].item = Some(item("Waterskin", &[Prop::Water], None));
    let mut goblin = Character::new(2, "Goblin".into(), Side::Opponents, Layout::human());
    goblin.slots[5].item = Some(item("Rusty knife", &[Prop::Rigid], Some(Region::Grip)));
    let wolf = Character::new(3, "Wolf".into(), Side::Opponents, wolf_layout());
    let state = State {
        characters: vec![aldo, brin, goblin, wolf],
        next_id: 4,
        ..State::default()
    };
    SessionState {
        title: "The Barrow".into(),
        notes: Notes::new(),
        game: GameState::Slots(state),
        veil: Default::default(),
        encounters: Vec::new(),
    }
}

/// A small deterministic generator (the benchmarks and fixtures must not depend on a crate's
/// random sequence).
pub struct Lcg(pub u64);

impl Lcg {
    pub fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn slots_state(state: &SessionState) -> &State {
    match &state.game {
        GameState::Slots(s) => s,
        other => panic!(
            "a slot-system session was expected, not {:?}",
            other.ruleset()
        ),
    }
}

/// One command a judge might plausibly give next: mostly marks, wounds and their care, fatigue
/// and notes. It may still be refused; callers skip refusals.
pub fn realistic_command(rng: &mut Lcg, state: &SessionState) -> Command {
    let game = slots_state(state);
    let c = &game.characters[rng.below(game.characters.len() as u64) as usize];
    let who = c.id;
    let body: Vec<u8> = c.layout.body_slots().collect();
    let slot = body[rng.below(body.len() as u64) as usize];
    let s = c.slot(slot).expect("body slot exists");
    let letters = [Condition::B, Condition::C, Condition::E, Condition::H];
    let condition = letters[rng.below(letters.len() as u64) as usize];
    let roll = rng.below(100);
    // Whatever waits for the judge is answered first, as at the table: a roll is accepted as
    // proposed, anything else is waved off.
    if let Some(waiting) = game.pending.first() {
        return match waiting {
            slots::Pending::Roll(_) => slots::Command::Accept,
            _ => slots::Command::Cancel,
        }
        .into();
    }
    if c.status.dead || c.status.unconscious {
        let flag = if c.status.dead {
            StatusFlag::Dead
        } else {
            StatusFlag::Unconscious
        };
        return slots::Command::SetStatus {
            who,
            flag,
            on: false,
        }
        .into();
    }
    let command = match roll {
        0..=14 => {
            return Command::Note(format!("Round {} — {} looks around", rng.below(50), c.name));
        }
        15..=34 if !s.marks.has(condition) => slots::Command::Mark {
            who,
            slot,
            condition,
        },
        15..=49 => match s.marks.iter().next() {
            Some(marked) => slots::Command::ClearMark {
                who,
                condition: marked,
                slot: Some(slot),
            },
            None => slots::Command::SetFatigue {
                who,
                slot,
                on: !s.fatigue,
            },
        },
        50..=61 => match s.wound {
            Wound::None => slots::Command::Wound {
                who,
                slot,
                wound: if rng.below(2) == 0 {
                    Wound::Open
                } else {
                    Wound::Treated
                },
            },
            Wound::Open => slots::Command::Treat { who, slot },
            Wound::Treated => slots::Command::Heal { who, slot },
        },
        62..=71 => match s.wound {
            Wound::None => slots::Command::SetFatigue {
                who,
                slot,
                on: !s.fatigue,
            },
            _ => slots::Command::Heal { who, slot },
        },
        72..=81 => slots::Command::SetFatigue {
            who,
            slot,
            on: !s.fatigue,
        },
        82..=87 => slots::Command::SetStatus {
            who,
            flag: StatusFlag::Prone,
            on: !c.status.prone,
        },
        88..=89 if c.marked_with(Condition::F).is_empty() => {
            slots::Command::Ignite { who, slot: 1 }
        }
        88..=89 => slots::Command::RollOnGround { who },
        90..=94 => slots::Command::Check {
            who,
            kind: if rng.below(2) == 0 {
                slots::CheckKind::Terrain
            } else {
                slots::CheckKind::Generic
            },
            edge: slotmark::dice::Edge::NONE,
        },
        // No worsening or exposure here: when a condition could spread to several slots the
        // rules wait for the judge's answer, and unanswered questions would pile up in the state.
        _ => slots::Command::SetStatus {
            who,
            flag: StatusFlag::Immobilized,
            on: !c.status.immobilized,
        },
    };
    command.into()
}

/// A session with `entries` logged steps from the realistic stream, rolled with seeded dice.
pub fn realistic_session(entries: usize, seed: u64) -> Session {
    let mut session = Session::new(party());
    let mut rng = Lcg(seed);
    let mut dice = LiveDice::seeded(seed);
    let mut refused = 0usize;
    while session.entries().len() < entries {
        let command = realistic_command(&mut rng, session.state());
        if session.execute(command, &mut dice).is_err() {
            refused += 1;
            assert!(
                refused < entries.max(100) * 4,
                "the realistic stream is refused too often to build a session"
            );
        }
    }
    session
}

/// The session's notes, each as its text.
pub fn notes(session: &Session) -> Vec<String> {
    session
        .state()
        .notes
        .iter()
        .map(|n| n.to_string())
        .collect()
}
