//! Whole stretches of play, step by step through the session with scripted dice, checking every
//! sheet at the end: an ambush fought to the end (R13-R17, R22, R33-R36), an exploration stretch
//! in the cold and the dark (R9, R10, R22, R26, R28, R30, R31), and a fight in fire and smoke
//! followed by a rest that replays and undoes exactly (R21, R22, R25, R31, R36).

mod paste;
mod support;
use support::{gear, worn};

use slotmark::dice::{Edge, ScriptedDice};
use slotmark::rules::slots::exploration;
use slotmark::rules::slots::*;
use slotmark::rules::{GameEvent, GameState, RulesetId};
use slotmark::session::{self, Session, SessionState};

const P: Side = Side::Players;
const O: Side = Side::Opponents;

struct Table {
    session: Session,
}

impl Table {
    fn new() -> Table {
        Table {
            session: Session::new(SessionState::new("scenario", RulesetId::Slots)),
        }
    }

    fn state(&self) -> &State {
        match &self.session.state().game {
            GameState::Slots(s) => s,
            other => panic!(
                "a slot-system session was expected, not {:?}",
                other.ruleset()
            ),
        }
    }

    fn ch(&self, id: CharId) -> &Character {
        self.state().character(id).unwrap()
    }

    /// Plays one step with exactly these faces.
    fn play(&mut self, c: Command, faces: &[u16]) -> Vec<Event> {
        let mut dice = ScriptedDice::new(faces.iter().copied());
        let entry = match self.session.execute(c.clone().into(), &mut dice) {
            Ok(e) => e,
            Err(e) => panic!("{c:?} was refused: {e}"),
        };
        assert_eq!(dice.remaining(), 0, "{c:?} left dice unused");
        entry
            .events
            .iter()
            .filter_map(|e| match e {
                session::Event::Game(GameEvent::Slots(e)) => Some(e.clone()),
                _ => None,
            })
            .collect()
    }

    fn go(&mut self, c: Command) -> Vec<Event> {
        self.play(c, &[])
    }

    fn refuse(&mut self, c: Command) -> String {
        let before = self.session.state().clone();
        match self
            .session
            .execute(c.clone().into(), &mut ScriptedDice::new([]))
        {
            Ok(_) => panic!("{c:?} should have been refused"),
            Err(e) => {
                assert_eq!(self.session.state(), &before);
                e.to_string()
            }
        }
    }

    fn join(&mut self, name: &str, side: Side, items: Vec<(SlotNo, Item)>) -> CharId {
        self.go(Command::AddCharacter {
            name: name.to_string().into(),
            side,
            layout: Box::new(Layout::human()),
            items: items.into(),
            zone: None,
        });
        self.state().find_by_name(name).unwrap().id
    }

    /// An attack and its roll accepted as the book reads it.
    fn attack(&mut self, spec: AttackSpec, faces: &[u16]) -> Vec<Event> {
        let mut ev = self.play(
            Command::Attack {
                spec,
                edge: Edge::NONE,
                dual: false,
            },
            faces,
        );
        ev.extend(self.go(Command::Accept));
        assert!(
            self.state().pending.is_empty(),
            "{:?}",
            self.state().pending
        );
        ev
    }

    /// One line per sheet: each slot in use with its item, wound, marks and fatigue, then the
    /// statuses that matter.
    fn sheet(&self, id: CharId) -> String {
        let c = self.ch(id);
        let mut parts = Vec::new();
        for (i, s) in c.slots.iter().enumerate() {
            let mut bits: Vec<String> = Vec::new();
            if let Some(item) = &s.item {
                bits.push(item.name.clone());
            }
            match s.wound {
                Wound::None => {}
                Wound::Treated => bits.push("treated".into()),
                Wound::Open => bits.push("open".into()),
            }
            if !s.marks.is_empty() {
                bits.push(s.marks.to_string());
            }
            if s.fatigue {
                bits.push("fatigue".into());
            }
            if !bits.is_empty() {
                parts.push(format!("{} {}", i + 1, bits.join(" ")));
            }
        }
        let st = &c.status;
        for (on, word) in [
            (st.dead, "DEAD"),
            (st.unconscious, "UNCONSCIOUS"),
            (st.cringe != Cringe::None, "CRINGING"),
            (st.exposure.cold_trys.is_some(), "COLD"),
            (st.exposure.warming, "WARMING"),
            (st.exposure.suffocating, "CHOKING"),
        ] {
            if on {
                parts.push(word.to_string());
            }
        }
        parts.join("; ")
    }
}

fn armor(name: &str, region: Region, class: ArmorClass) -> Item {
    Item {
        armor: Some(class),
        ..worn(name, region, &[])
    }
}

fn weapon(name: &str, size: WeaponSize, kind: WeaponKind, props: &[Prop]) -> Item {
    Item {
        weapon: Some(Weapon { size, kind }),
        ..worn(name, Region::Grip, props)
    }
}

fn strike(attacker: CharId, target: CharId, grip: SlotNo) -> AttackSpec {
    AttackSpec {
        attacker,
        target,
        kind: AttackKind::Melee,
        weapon: Some(grip),
        defense: Defense::None,
        aimed: false,
        blast_slots: 0,
        counter: false,
    }
}

fn turn(who: CharId) -> Command {
    Command::StartTurn { who }
}

fn setup(what: &str) -> Command {
    Command::Setup { what: what.into() }
}

fn initiative(ev: &[Event]) -> Vec<Side> {
    ev.iter()
        .filter_map(|e| match e {
            Event::InitiativeTo { side, .. } => Some(*side),
            _ => None,
        })
        .collect()
}

fn round_started(ev: &[Event]) -> Option<(u32, Side)> {
    ev.iter().find_map(|e| match e {
        Event::RoundStarted { round, initiative } => Some((*round, *initiative)),
        _ => None,
    })
}

fn outcome(ev: &[Event]) -> Option<HitOutcome> {
    ev.iter().rev().find_map(|e| match e {
        Event::Hit(hit) => Some(hit.outcome),
        _ => None,
    })
}

fn noted(ev: &[Event], text: &str) -> bool {
    ev.iter()
        .any(|e| matches!(e, Event::Note(_) | Event::Told(_)) && e.to_string().contains(text))
}

fn task(label: &str, trys: u16, senses: Vec<Sense>) -> Command {
    Command::Task {
        label: label.into(),
        trys,
        senses: senses.into(),
    }
}

/// Goblins ambush two adventurers in a guardroom: a surprise round, a failed and a successful
/// interruption, a parry, a bleeder dying as its turn starts, and the fight's try at the end.
#[test]
fn scenario_ambush_in_the_guardroom() {
    let mut t = Table::new();
    let ann = t.join(
        "Ann",
        P,
        vec![
            (1, armor("iron helm", Region::Head, ArmorClass::HeavyArmor)),
            (
                2,
                armor("leather jerkin", Region::Torso, ArmorClass::LightArmor),
            ),
            (
                6,
                weapon("longsword", WeaponSize::Medium, WeaponKind::Melee, &[]),
            ),
        ],
    );
    let bo = t.join(
        "Bo",
        P,
        vec![
            (
                2,
                worn("wool cloak", Region::Torso, &[Prop::Flammable, Prop::Light]),
            ),
            (
                6,
                weapon("shortbow", WeaponSize::Medium, WeaponKind::Bow, &[]),
            ),
            (
                7,
                weapon("hand axe", WeaponSize::Small, WeaponKind::Melee, &[]),
            ),
        ],
    );
    let orc = t.join(
        "Orc",
        O,
        vec![
            (2, armor("hide", Region::Torso, ArmorClass::LightArmor)),
            (
                6,
                weapon("club", WeaponSize::Medium, WeaponKind::Melee, &[]),
            ),
        ],
    );
    let gob = t.join(
        "Gob",
        O,
        vec![(
            6,
            weapon("dagger", WeaponSize::Small, WeaponKind::Melee, &[]),
        )],
    );
    t.go(Command::NewScene {
        name: "Guardroom".into(),
    });
    t.go(Command::AddZone {
        name: "by the door".into(),
        cover: false,
    });
    for who in [ann, bo, orc, gob] {
        t.go(Command::Place { who, zone: Some(0) });
    }

    // Round 1: the goblins spring the ambush; the adventurers are surprised.
    let ev = t.go(Command::StartCombat {
        initiator: O,
        surprised: Some(P),
        fighters: None,
    });
    assert_eq!(round_started(&ev), Some((1, O)));
    assert!(t.refuse(turn(ann)).contains("surprised"));
    t.go(turn(orc));
    let ev = t.attack(strike(orc, ann, 6), &[5]);
    assert_eq!(outcome(&ev), Some(HitOutcome::OpenWound));
    let ev = t.go(Command::EndTurn);
    assert_eq!(
        initiative(&ev),
        vec![O],
        "the surprised players cannot take it"
    );
    t.go(turn(gob));
    t.attack(strike(gob, bo, 6), &[5]);
    let ev = t.go(Command::EndTurn);
    assert_eq!(round_started(&ev), Some((2, P)));
    assert!(
        noted(&ev, "Ann had no turn this round and bleeds at its end"),
        "surprised bleeders bleed when the round ends"
    );
    assert_eq!(t.ch(bo).marked_with(Condition::B), vec![4, 5]);

    // Round 2: Ann bleeds as her turn starts, sets up, and the orc's interruption fails.
    t.go(turn(ann));
    assert_eq!(t.ch(ann).marked_with(Condition::B), vec![3, 4, 5]);
    t.go(setup("steps around the table"));
    t.go(Command::Interrupt { who: orc });
    let ev = t.attack(strike(orc, ann, 6), &[1]);
    assert_eq!(outcome(&ev), Some(HitOutcome::Blocked), "the iron helm");
    t.go(Command::InterruptResult { stopped: false });
    let ev = t.attack(strike(ann, orc, 6), &[5]);
    assert_eq!(outcome(&ev), Some(HitOutcome::OpenWound));
    let ev = t.go(Command::EndTurn);
    assert_eq!(
        initiative(&ev),
        vec![O],
        "to the side of the failed interrupter"
    );
    t.go(turn(gob));
    let ev = t.attack(strike(gob, bo, 6), &[7]);
    assert_eq!(outcome(&ev), Some(HitOutcome::Parried), "Bo's hand axe");
    assert!(ev.iter().any(|e| matches!(e, Event::CounterOffered { .. })));
    let ev = t.go(Command::EndTurn);
    assert_eq!(initiative(&ev), vec![P]);
    t.go(turn(bo));
    let ev = t.go(setup("nocks an arrow and aims"));
    assert!(noted(&ev, "none of the opponents can interrupt"));
    let ev = t.attack(
        AttackSpec {
            kind: AttackKind::Missile,
            aimed: true,
            ..strike(bo, gob, 6)
        },
        &[1],
    );
    assert_eq!(
        outcome(&ev),
        Some(HitOutcome::OpenWound),
        "in the goblin's head"
    );
    let ev = t.go(Command::EndTurn);
    assert_eq!(
        round_started(&ev),
        Some((3, O)),
        "the players took the last turn"
    );

    // Round 3: Bo's interruption wounds the orc, so both turns end and initiative returns.
    t.go(turn(orc));
    t.go(setup("heaves the table at Ann"));
    t.go(Command::Interrupt { who: bo });
    let ev = t.attack(strike(bo, orc, 7), &[2]);
    assert_eq!(outcome(&ev), Some(HitOutcome::TreatedWound), "the hide");
    let ev = t.go(Command::InterruptResult { stopped: true });
    assert_eq!(initiative(&ev), vec![O]);
    let ev = t.go(turn(gob));
    assert!(
        ev.iter().any(|e| matches!(e, Event::Died { .. })),
        "the head wound has nowhere lower to bleed"
    );
    assert_eq!(initiative(&ev), vec![P], "the dead goblin's turn passes");
    t.go(turn(ann));
    let ev = t.attack(strike(ann, orc, 6), &[4]);
    assert_eq!(outcome(&ev), Some(HitOutcome::OpenWound));
    let ev = t.go(Command::EndTurn);
    assert_eq!(round_started(&ev), Some((4, O)));

    // Round 4: the orc bleeds from both open wounds and throws down its club.
    t.go(turn(orc));
    t.go(Command::EndTurn);
    let ev = t.play(
        Command::EndCombat {
            senses: vec![Sense::Sound],
        },
        &[7],
    );
    assert!(ev.contains(&Event::CombatEnded { rounds: 4 }));
    assert!(ev.contains(&Event::EncounterRoll {
        faces: vec![7],
        encounter_faces: 2,
        encounters: 0,
    }));

    assert!(t.state().combat.is_none());
    assert_eq!(t.state().clock.trys, 1);
    assert!(t.state().pending.is_empty());
    assert_eq!(
        t.sheet(ann),
        "1 iron helm; 2 leather jerkin B; 3 B; 4 B; 5 open B; 6 longsword"
    );
    assert_eq!(
        t.sheet(bo),
        "2 wool cloak B; 3 B; 4 B; 5 open B; 6 shortbow; 7 hand axe"
    );
    assert_eq!(
        t.sheet(orc),
        "2 hide treated B; 3 B; 4 open B; 5 open B; 6 club"
    );
    assert_eq!(t.sheet(gob), "1 open B; 6 dagger; DEAD");
}

/// Two adventurers cross a frozen crypt in the dark: a fall opens a wound that bleeds each try
/// until treated, hypothermia worsens every 5 trys (10 for the one in a fur coat) with frostbite
/// behind it, a climb leaves a fatigue mark, and a fed rest by a fire warms and mends them.
#[test]
fn scenario_crossing_the_frozen_crypt() {
    let mut t = Table::new();
    let ann = t.join(
        "Ann",
        P,
        vec![
            (
                2,
                armor("leather jerkin", Region::Torso, ArmorClass::LightArmor),
            ),
            (7, worn("lantern", Region::Grip, &[Prop::LightSource])),
            (8, gear("rations", &[Prop::Food])),
            (9, gear("waterskin", &[Prop::Water])),
        ],
    );
    let bo = t.join(
        "Bo",
        P,
        vec![
            (2, worn("fur coat", Region::Torso, &[Prop::Warm])),
            (
                6,
                weapon("hand axe", WeaponSize::Small, WeaponKind::Melee, &[]),
            ),
            (9, gear("rope", &[Prop::Light])),
        ],
    );
    t.go(Command::SetDark { dark: true });
    assert_eq!(exploration::can_work_at_once(t.state()), vec![ann]);

    // Ann slips 10 ft onto the ice: one check, an open wound where it lands.
    t.play(Command::Fall { who: ann, feet: 10 }, &[3]);
    t.go(Command::Accept);
    assert_eq!(t.ch(ann).slot(3).unwrap().wound, Wound::Open);
    // The cold bites: the judge picks Ann's hands, and takes the proposed feet for Bo.
    t.go(Command::Cold { who: ann, on: true });
    t.go(Command::ChooseSlot { slot: 5 });
    t.go(Command::Cold { who: bo, on: true });
    t.go(Command::Accept);
    assert_eq!(t.ch(ann).marked_with(Condition::H), vec![5]);
    assert_eq!(t.ch(bo).marked_with(Condition::H), vec![4]);

    // Trys 1-2: the open wound bleeds at the end of each try.
    let ev = t.play(task("cross the ice bridge", 2, vec![]), &[6, 8]);
    assert!(noted(&ev, "only Ann can work at the same time"));
    assert_eq!(t.ch(ann).marked_with(Condition::B), vec![1, 2, 3]);
    t.go(Command::Treat { who: ann, slot: 3 });

    // Bo climbs down a rope: a terrain check on a light item passes and marks fatigue.
    t.play(
        Command::Check {
            who: bo,
            kind: CheckKind::Terrain,
            edge: Edge::NONE,
        },
        &[9],
    );
    t.go(Command::Accept);
    assert!(t.ch(bo).slot(9).unwrap().fatigue);

    // Trys 3-5: the fifth try in the cold worsens Ann's hypothermia; an encounter is rolled.
    let ev = t.play(task("search the ossuary", 3, vec![]), &[4, 10, 2]);
    assert!(ev.contains(&Event::EncounterRoll {
        faces: vec![4, 10, 2],
        encounter_faces: 1,
        encounters: 1,
    }));
    assert_eq!(t.ch(ann).marked_with(Condition::H), vec![4, 5]);
    assert_eq!(t.ch(ann).slot(5).unwrap().wound, Wound::Treated);
    assert_eq!(t.ch(bo).marked_with(Condition::H), vec![4], "the fur coat");

    // Try 6, then trys 7-10 speaking with a ghost (magic alerts a second face).
    t.play(task("pick the lock", 1, vec![]), &[5]);
    let ev = t.play(
        task("question the ghost", 4, vec![Sense::Magic]),
        &[3, 9, 6, 1],
    );
    assert!(ev.contains(&Event::EncounterRoll {
        faces: vec![3, 9, 6, 1],
        encounter_faces: 2,
        encounters: 1,
    }));
    assert!(
        noted(&ev, "slot 5 also qualified"),
        "Bo's H went up, not down"
    );
    assert_eq!(t.ch(ann).marked_with(Condition::H), vec![3, 4, 5]);
    assert_eq!(t.ch(bo).marked_with(Condition::H), vec![3, 4]);
    assert_eq!(t.state().clock.trys, 10);

    // Out of the cold, by a cooking fire: a fed 30-minute rest (trys 11-15).
    for who in [ann, bo] {
        t.go(Command::Cold { who, on: false });
        t.go(Command::Warm { who, on: true });
    }
    t.go(Command::SetDark { dark: false });
    let ev = t.play(
        Command::Rest {
            fed: true,
            senses: vec![Sense::Smell, Sense::Light],
        },
        &[9, 5, 7, 3, 8],
    );
    assert!(ev.contains(&Event::EncounterRoll {
        faces: vec![9, 5, 7, 3, 8],
        encounter_faces: 3,
        encounters: 0,
    }));

    assert_eq!(t.state().clock.trys, 15);
    assert_eq!(exploration::time_of_day(&t.state().clock), (1, 30));
    assert!(t.state().pending.is_empty());
    assert_eq!(
        t.sheet(ann),
        "2 leather jerkin B; 3 treated B; 4 treated; 5 treated; 7 lantern; 8 rations; \
         9 waterskin"
    );
    assert_eq!(t.sheet(bo), "2 fur coat; 4 treated; 6 hand axe; 9 rope");
}

/// A cultist sets Ann alight in a smoke-filled shrine: fire spreads and comes back after she
/// rolls on the ground, Cy chokes until he gets out of the smoke, the cultist bleeds to death,
/// and a rest follows. The whole log then replays to the same state, and undoing every step
/// gives back the empty session.
#[test]
fn scenario_fire_and_smoke_in_the_shrine() {
    let mut t = Table::new();
    let ann = t.join(
        "Ann",
        P,
        vec![
            (2, worn("wool cloak", Region::Torso, &[Prop::Flammable])),
            (3, worn("linen shirt", Region::Torso, &[Prop::Flammable])),
            (
                6,
                weapon("mace", WeaponSize::Medium, WeaponKind::Melee, &[]),
            ),
            (8, gear("bedroll", &[Prop::Flammable])),
        ],
    );
    let cy = t.join("Cy", P, vec![(9, gear("waterskin", &[Prop::Water]))]);
    let cultist = t.join(
        "Cultist",
        O,
        vec![
            (2, worn("robe", Region::Torso, &[Prop::Flammable])),
            (
                6,
                weapon(
                    "torch",
                    WeaponSize::Small,
                    WeaponKind::Melee,
                    &[Prop::Flammable, Prop::LightSource],
                ),
            ),
        ],
    );

    // Round 1.
    t.go(Command::StartCombat {
        initiator: O,
        surprised: None,
        fighters: None,
    });
    t.go(turn(cultist));
    let ev = t.go(setup("swings the torch at Ann's cloak"));
    assert!(noted(&ev, "Ann, Cy may interrupt"));
    t.go(Command::Ignite { who: ann, slot: 2 });
    t.go(Command::Suffocate { who: cy, on: true });
    t.go(Command::EndTurn);
    t.go(turn(ann));
    t.attack(strike(ann, cultist, 6), &[2]);
    let ev = t.go(Command::EndTurn);
    assert_eq!(initiative(&ev), vec![P], "the cultist has no one left");
    t.go(turn(cy));
    let ev = t.go(Command::EndTurn);
    assert_eq!(round_started(&ev), Some((2, O)));
    assert_eq!(t.ch(cy).marked_with(Condition::A), vec![1, 2]);
    assert_eq!(
        t.ch(ann).marked_with(Condition::F),
        vec![2, 3],
        "the shirt caught"
    );
    assert_eq!(t.ch(ann).slot(2).unwrap().wound, Wound::None);

    // Round 2.
    t.go(turn(cultist));
    t.attack(strike(cultist, ann, 6), &[5]);
    t.go(Command::EndTurn);
    t.go(turn(ann));
    t.play(Command::RollOnGround { who: ann }, &[3, 7, 12]);
    assert_eq!(t.ch(ann).marked_with(Condition::F), vec![2]);
    t.go(Command::EndTurn);
    t.go(turn(cy));
    t.go(setup("staggers out of the smoke"));
    t.go(Command::Suffocate { who: cy, on: false });
    let ev = t.go(Command::EndTurn);
    assert_eq!(round_started(&ev), Some((3, O)));
    assert!(ev.contains(&Event::ItemDestroyed {
        who: "Ann".into(),
        id: ann,
        slot: 2,
        item: "wool cloak".into(),
    }));
    assert_eq!(t.ch(ann).slot(2).unwrap().wound, Wound::Treated);
    assert_eq!(
        t.ch(ann).marked_with(Condition::F),
        vec![2, 3],
        "the still-burning slot sets the shirt alight again"
    );
    assert!(t.ch(cy).marked_with(Condition::A).is_empty());

    // Round 3: the cultist bleeds out as its turn starts; Cy douses Ann.
    let ev = t.go(turn(cultist));
    assert!(ev.iter().any(|e| matches!(e, Event::Died { .. })));
    t.go(turn(ann));
    t.go(Command::EndTurn);
    t.go(turn(cy));
    t.go(Command::Douse { who: ann });
    let ev = t.go(Command::EndTurn);
    assert_eq!(round_started(&ev), Some((4, P)));
    let ev = t.play(
        Command::EndCombat {
            senses: vec![Sense::Sound, Sense::Light, Sense::Smell],
        },
        &[10],
    );
    assert!(ev.contains(&Event::EncounterRoll {
        faces: vec![10],
        encounter_faces: 4,
        encounters: 1,
    }));
    assert_eq!(exploration::encounter_odds(1, 3), 40);

    // After the fight: treat the wound, then a fed rest clears one B.
    t.go(Command::Treat { who: ann, slot: 5 });
    t.play(
        Command::Rest {
            fed: true,
            senses: vec![],
        },
        &[5, 5, 5, 5, 5],
    );

    assert_eq!(t.state().clock.trys, 6);
    assert!(t.state().pending.is_empty() && t.state().combat.is_none());
    assert_eq!(
        t.sheet(ann),
        "2 treated; 3 linen shirt; 4 B; 5 treated B; 6 mace; 8 bedroll"
    );
    assert_eq!(t.sheet(cy), "9 waterskin");
    assert_eq!(t.sheet(cultist), "1 B; 2 robe open B; 6 torch; DEAD");
    assert!(t.ch(ann).slots.iter().all(|s| s.burning == 0));

    // The log is the session: replay gives the same state, undo gives back the start.
    let end = t.session.state().clone();
    let replayed = session::replay(t.session.initial(), t.session.applied()).unwrap();
    assert_eq!(replayed, end);
    // What `replay` prints, pasted into `run`, plays to the same state.
    paste::same_when_pasted(&t.session, paste::slots_data);
    while t.session.can_undo() {
        t.session.undo().unwrap();
    }
    assert_eq!(t.session.state(), t.session.initial());
    while t.session.can_redo() {
        t.session.redo().unwrap();
    }
    assert_eq!(t.session.state(), &end);
}
