//! Conditions, zones, exploration time and alternating side initiative (R20-R36), each test
//! named after its rule and driven through the session with scripted dice.

mod support;
use support::{gear, worn};

use slotmark::dice::ScriptedDice;
use slotmark::rules::slots::exploration::{self, encounter_odds};
use slotmark::rules::slots::zones;
use slotmark::rules::slots::*;
use slotmark::rules::{GameEvent, GameState, RulesetId};
use slotmark::session::{self, Session, SessionState};

const P: Side = Side::Players;
const O: Side = Side::Opponents;

/// A session with a roster of humans (ids 0, 1, 2... in order) and a way to play commands.
struct Table {
    session: Session,
}

impl Table {
    fn new(roster: &[(&str, Side)]) -> Table {
        Table::with(roster, |_| {})
    }

    /// Builds the roster, lets `setup` give out items and marks, and starts the session there.
    fn with(roster: &[(&str, Side)], setup: impl FnOnce(&mut State)) -> Table {
        let mut state = State::default();
        for (i, (name, side)) in roster.iter().enumerate() {
            let id = i as CharId;
            state
                .characters
                .push(Character::new(id, name.to_string(), *side, Layout::human()));
            state.next_id = id + 1;
        }
        setup(&mut state);
        let mut initial = SessionState::new("test", RulesetId::Slots);
        initial.game = GameState::Slots(state);
        Table {
            session: Session::new(initial),
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

    /// Plays a command that rolls no dice.
    fn run(&mut self, c: Command) -> Vec<Event> {
        self.roll(c, &[])
    }

    /// Plays a command with these faces; every face must be used.
    fn roll(&mut self, c: Command, faces: &[u16]) -> Vec<Event> {
        let mut dice = ScriptedDice::new(faces.iter().copied());
        let entry = match self.session.execute(c.clone().into(), &mut dice) {
            Ok(e) => e,
            Err(e) => panic!("{c:?} was refused: {e}"),
        };
        assert_eq!(dice.remaining(), 0, "{c:?} left dice unused");
        slot_events(entry.events)
    }

    /// The purposes of the dice the last command drew.
    fn last_purposes(&self) -> Vec<String> {
        let entry = self.session.applied().last().unwrap();
        entry.rolls.iter().map(|r| r.purpose.to_string()).collect()
    }

    /// Plays a command that must be refused; returns why, and checks nothing changed.
    fn refuse(&mut self, c: Command) -> String {
        let before = self.session.state().clone();
        let len = self.session.entries().len();
        let err = match self
            .session
            .execute(c.clone().into(), &mut ScriptedDice::new([]))
        {
            Ok(_) => panic!("{c:?} should have been refused"),
            Err(e) => e.to_string(),
        };
        assert_eq!(self.session.state(), &before);
        assert_eq!(self.session.entries().len(), len);
        err
    }

    fn marks(&self, id: CharId, c: Condition) -> Vec<SlotNo> {
        self.ch(id).marked_with(c)
    }

    fn wound(&self, id: CharId, slot: SlotNo) -> Wound {
        self.ch(id).slot(slot).unwrap().wound
    }

    fn combat(&self) -> &Combat {
        self.state().combat.as_ref().expect("a fight is under way")
    }

    /// The encounter dice the last stretch of time rolled.
    fn encounter_dice(&self) -> &EncounterDice {
        self.state()
            .recent
            .encounter
            .as_ref()
            .expect("the encounter dice")
    }
}

fn slot_events(events: &[session::Event]) -> Vec<Event> {
    events
        .iter()
        .filter_map(|e| match e {
            session::Event::Game(GameEvent::Slots(e)) => Some(e.clone()),
            _ => None,
        })
        .collect()
}

fn put(state: &mut State, who: CharId, slot: SlotNo, it: Item) {
    state.characters[who as usize].slots[usize::from(slot) - 1].item = Some(it);
}

fn wound(who: CharId, slot: SlotNo, wound: Wound) -> Command {
    Command::Wound { who, slot, wound }
}

fn mark(who: CharId, slot: SlotNo, condition: Condition) -> Command {
    Command::Mark {
        who,
        slot,
        condition,
    }
}

fn task(trys: u16) -> Command {
    Command::Task {
        label: "searching".into(),
        trys,
        senses: vec![].into(),
    }
}

fn start(initiator: Side, surprised: Option<Side>) -> Command {
    Command::StartCombat {
        initiator,
        surprised,
        fighters: None,
    }
}

fn turn(who: CharId) -> Command {
    Command::StartTurn { who }
}

fn end_combat(senses: Vec<Sense>) -> Command {
    Command::EndCombat { senses }
}

fn initiative_events(events: &[Event]) -> Vec<Side> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::InitiativeTo { side, .. } => Some(*side),
            _ => None,
        })
        .collect()
}

fn has_note(events: &[Event], text: &str) -> bool {
    events
        .iter()
        .any(|e| matches!(e, Event::Note(_) | Event::Told(_)) && e.to_string().contains(text))
}

fn died(events: &[Event]) -> bool {
    events.iter().any(|e| matches!(e, Event::Died { .. }))
}

/// Plays one whole turn with no setup.
fn take_turn(t: &mut Table, who: CharId) -> Vec<Event> {
    let mut ev = t.run(turn(who));
    ev.extend(t.run(Command::EndTurn));
    ev
}

// ---------------------------------------------------------------- R20 conditions in general

#[test]
fn r20_worsening_asks_the_judge_between_adjacent_slots_proposing_the_lowest() {
    let mut t = Table::new(&[("Ann", P)]);
    t.run(mark(0, 3, Condition::E));
    let ev = t.run(Command::Worsen {
        who: 0,
        condition: Condition::E,
    });
    assert!(ev.iter().any(|e| matches!(e, Event::Asked { .. })));
    match t.state().pending.first() {
        Some(Pending::Decide(Decision::SpreadSlot {
            options,
            proposed,
            condition,
            ..
        })) => {
            assert_eq!(options, &vec![2, 4]);
            assert_eq!(*proposed, 2);
            assert_eq!(*condition, Condition::E);
        }
        other => panic!("expected a spread decision, got {other:?}"),
    }
    assert_eq!(t.marks(0, Condition::E), vec![3]);
}

#[test]
fn r20_conditions_spread_through_body_slots_only() {
    let mut t = Table::new(&[("Ann", P)]);
    t.run(mark(0, 5, Condition::E));
    t.run(Command::Worsen {
        who: 0,
        condition: Condition::E,
    });
    // Slot 6 is a grip, so slot 4 is the only choice and no decision is needed.
    assert_eq!(t.marks(0, Condition::E), vec![4, 5]);
    assert!(t.state().pending.is_empty());
}

#[test]
fn r20_clock_driven_worsening_marks_the_lowest_and_names_the_others() {
    let mut t = Table::new(&[("Bo", P)]);
    t.run(wound(0, 2, Wound::Open));
    t.run(wound(0, 5, Wound::Open));
    let ev = t.roll(task(1), &[5]);
    // Wound 2 bleeds into 1; wound 5 may then mark 3 (next to 2) or 4 (next to 5): 3 proposed.
    assert_eq!(t.marks(0, Condition::B), vec![1, 2, 3, 5]);
    assert!(has_note(&ev, "slot 4 also qualified"));
    assert!(t.state().pending.is_empty());
}

#[test]
fn r20_a_mark_by_hand_on_a_marked_slot_is_refused() {
    let mut t = Table::new(&[("Ann", P)]);
    t.run(mark(0, 2, Condition::C));
    let why = t.refuse(mark(0, 2, Condition::C));
    assert!(why.contains("already marked"), "{why}");
}

// ---------------------------------------------------------------- R21 asphyxiation

#[test]
fn r21_asphyxiation_starts_on_the_head_and_worsens_each_round_to_death() {
    let mut t = Table::new(&[("Ann", P), ("Orc", O)]);
    t.run(Command::Suffocate { who: 0, on: true });
    assert_eq!(t.marks(0, Condition::A), vec![1]);
    t.run(start(O, None));
    for expected in 2..=5u8 {
        take_turn(&mut t, 1);
        if !t.ch(0).status.unconscious {
            take_turn(&mut t, 0);
        }
        assert_eq!(t.marks(0, Condition::A).last(), Some(&expected));
    }
    assert!(t.ch(0).status.unconscious, "every body slot is marked A");
    assert!(!t.ch(0).status.dead);
    let ev = take_turn(&mut t, 1);
    assert!(died(&ev), "A could not be marked any more");
    assert!(t.ch(0).status.dead);
}

#[test]
fn r21_removing_the_cause_clears_every_a_at_once() {
    let mut t = Table::new(&[("Ann", P), ("Orc", O)]);
    t.run(Command::Suffocate { who: 0, on: true });
    t.run(start(P, None));
    take_turn(&mut t, 0);
    take_turn(&mut t, 1);
    assert_eq!(t.marks(0, Condition::A), vec![1, 2]);
    t.run(Command::Suffocate { who: 0, on: false });
    assert!(t.marks(0, Condition::A).is_empty());
    take_turn(&mut t, 0);
    take_turn(&mut t, 1);
    assert!(t.marks(0, Condition::A).is_empty(), "no more worsening");
}

// ---------------------------------------------------------------- R22 bleeding

#[test]
fn r22_an_open_wound_marks_b_in_its_own_slot() {
    let mut t = Table::new(&[("Ann", P)]);
    t.run(wound(0, 4, Wound::Open));
    assert_eq!(t.marks(0, Condition::B), vec![4]);
    t.run(wound(0, 2, Wound::Treated));
    assert_eq!(
        t.marks(0, Condition::B),
        vec![4],
        "a treated wound does not bleed"
    );
}

#[test]
fn r22_bleeding_worsens_downward() {
    let mut t = Table::new(&[("Ann", P)]);
    t.run(wound(0, 4, Wound::Open));
    t.roll(task(1), &[5]);
    assert_eq!(t.marks(0, Condition::B), vec![3, 4]);
    t.roll(task(2), &[5, 5]);
    assert_eq!(t.marks(0, Condition::B), vec![1, 2, 3, 4]);
    assert!(!t.ch(0).status.dead);
    assert!(
        t.marks(0, Condition::B).iter().all(|&n| n <= 4),
        "never above the wound"
    );
}

#[test]
fn r22_bleeding_that_cannot_mark_a_lower_slot_kills() {
    let mut t = Table::new(&[("Ann", P)]);
    t.run(wound(0, 2, Wound::Open));
    t.roll(task(1), &[5]);
    assert!(!t.ch(0).status.dead);
    let ev = t.roll(task(1), &[5]);
    assert!(died(&ev));
    assert!(t.ch(0).status.dead);
    // The dead take no ticks: nothing changes on the next try.
    let before = t.ch(0).clone();
    t.roll(task(1), &[5]);
    assert_eq!(t.ch(0), &before);
}

#[test]
fn r22_each_open_wound_bleeds_once_per_try() {
    let mut t = Table::new(&[("Ann", P)]);
    t.run(wound(0, 3, Wound::Open));
    t.run(wound(0, 5, Wound::Open));
    t.roll(task(1), &[5]);
    // Wound 3 bleeds into 2; wound 5 may then mark 1 (next to 2) or 4, and the lowest is
    // proposed (R20): two new marks in one try.
    assert_eq!(t.marks(0, Condition::B), vec![1, 2, 3, 5]);
}

#[test]
fn r22_bleeding_ticks_on_the_bleeders_turn_only() {
    let mut t = Table::new(&[("Ann", P), ("Orc", O)]);
    t.run(wound(0, 4, Wound::Open));
    t.run(start(O, None));
    take_turn(&mut t, 1);
    assert_eq!(t.marks(0, Condition::B), vec![4], "not on the orc's turn");
    let ev = t.run(turn(0));
    assert_eq!(t.marks(0, Condition::B), vec![3, 4], "as Ann's turn starts");
    assert!(matches!(ev.first(), Some(Event::TurnStarted { .. })));
    t.run(Command::EndTurn);
    assert_eq!(
        t.marks(0, Condition::B),
        vec![3, 4],
        "not again at the round's end"
    );
}

#[test]
fn r22_a_bleeder_without_a_turn_bleeds_at_the_round_end() {
    let mut t = Table::new(&[("Ann", P), ("Bo", P), ("Orc", O)]);
    t.run(wound(0, 4, Wound::Open));
    t.run(Command::SetStatus {
        who: 0,
        flag: StatusFlag::Unconscious,
        on: true,
    });
    t.run(start(P, None));
    take_turn(&mut t, 1);
    assert_eq!(t.marks(0, Condition::B), vec![4]);
    let ev = take_turn(&mut t, 2);
    assert!(matches!(
        ev.iter().find(|e| matches!(e, Event::RoundStarted { .. })),
        Some(Event::RoundStarted { round: 2, .. })
    ));
    assert_eq!(t.marks(0, Condition::B), vec![3, 4]);
    assert!(has_note(&ev, "had no turn this round"));
}

#[test]
fn r22_bleeding_ticks_at_the_end_of_each_watch() {
    let mut t = Table::new(&[("Ann", P)]);
    t.run(wound(0, 5, Wound::Open));
    t.run(Command::Travel { watches: 3 });
    assert_eq!(t.marks(0, Condition::B), vec![2, 3, 4, 5]);
    assert_eq!(t.state().clock.watches, 3);
    assert_eq!(t.state().clock.trys, 0);
}

#[test]
fn r22_a_fed_rest_without_open_wounds_clears_one_b() {
    let mut t = Table::new(&[("Ann", P)]);
    t.run(wound(0, 4, Wound::Open));
    t.roll(task(1), &[5]);
    t.run(Command::Treat { who: 0, slot: 4 });
    assert_eq!(t.marks(0, Condition::B), vec![3, 4]);
    t.roll(
        Command::Rest {
            fed: false,
            senses: vec![],
        },
        &[5; 5],
    );
    assert_eq!(t.marks(0, Condition::B), vec![3, 4], "no food, no healing");
    t.roll(
        Command::Rest {
            fed: true,
            senses: vec![],
        },
        &[5; 5],
    );
    assert_eq!(t.marks(0, Condition::B), vec![4], "the lowest B goes first");
}

#[test]
fn r22_resting_with_an_open_wound_still_bleeds_and_clears_nothing() {
    let mut t = Table::new(&[("Ann", P)]);
    t.run(wound(0, 5, Wound::Open));
    let ev = t.roll(
        Command::Rest {
            fed: true,
            senses: vec![],
        },
        &[5; 5],
    );
    // Four trys bleed it down to slot 1; the fifth cannot mark and kills.
    assert!(died(&ev));
    assert_eq!(t.marks(0, Condition::B), vec![1, 2, 3, 4, 5]);
}

#[test]
fn r22_worsening_by_hand_uses_a_wound_that_can_still_bleed() {
    let mut t = Table::new(&[("Ann", P)]);
    t.run(wound(0, 1, Wound::Open));
    t.run(wound(0, 3, Wound::Open));
    t.run(Command::Worsen {
        who: 0,
        condition: Condition::B,
    });
    assert!(
        !t.ch(0).status.dead,
        "the head wound cannot bleed lower, the torso can"
    );
    assert_eq!(t.marks(0, Condition::B), vec![1, 2, 3]);
    let why = t.refuse(Command::Worsen {
        who: 0,
        condition: Condition::F,
    });
    assert!(why.contains("ignite"), "{why}");
}

#[test]
fn r22_a_wound_whose_b_was_cleared_by_hand_marks_it_again_instead_of_killing() {
    let mut t = Table::new(&[("Ann", P)]);
    t.run(wound(0, 3, Wound::Open));
    t.run(Command::ClearMark {
        who: 0,
        condition: Condition::B,
        slot: Some(3),
    });
    t.roll(task(1), &[5]);
    assert!(!t.ch(0).status.dead);
    assert_eq!(t.marks(0, Condition::B), vec![3]);
}

// ---------------------------------------------------------------- R23 corruption

#[test]
fn r23_corruption_over_the_whole_body_turns_evil_until_cured() {
    let mut t = Table::new(&[("Ann", P)]);
    t.run(mark(0, 1, Condition::C));
    for _ in 0..4 {
        t.run(Command::Worsen {
            who: 0,
            condition: Condition::C,
        });
    }
    assert_eq!(t.marks(0, Condition::C), vec![1, 2, 3, 4, 5]);
    assert!(t.ch(0).status.evil);
    // Corruption has no death trigger: nowhere left to spread is only a note.
    let ev = t.run(Command::Worsen {
        who: 0,
        condition: Condition::C,
    });
    assert!(!died(&ev) && !t.ch(0).status.dead);
    t.run(Command::ClearMark {
        who: 0,
        condition: Condition::C,
        slot: Some(3),
    });
    assert!(!t.ch(0).status.evil);
}

// ---------------------------------------------------------------- R24 exhaustion

#[test]
fn r24_exhaustion_over_the_whole_body_knocks_out_then_kills() {
    let mut t = Table::new(&[("Ann", P)]);
    for n in 1..=5 {
        t.run(mark(0, n, Condition::E));
    }
    assert!(t.ch(0).status.unconscious);
    let ev = t.run(Command::Worsen {
        who: 0,
        condition: Condition::E,
    });
    assert!(died(&ev));
}

#[test]
fn r24_each_five_trys_of_rest_remove_one_e() {
    let mut t = Table::new(&[("Ann", P), ("Orc", O)]);
    for n in 2..=4 {
        t.run(mark(0, n, Condition::E));
        t.run(mark(1, n, Condition::E));
    }
    let rest = Command::Rest {
        fed: false,
        senses: vec![],
    };
    t.roll(rest.clone(), &[5; 5]);
    assert_eq!(t.marks(0, Condition::E), vec![3, 4]);
    assert_eq!(
        t.marks(1, Condition::E),
        vec![2, 3, 4],
        "only the party rests"
    );
    t.roll(task(3), &[5; 3]);
    t.roll(rest, &[5; 5]);
    assert_eq!(t.marks(0, Condition::E), vec![4]);
}

// ---------------------------------------------------------------- R25 fire

fn burning_table() -> Table {
    Table::with(&[("Ann", P), ("Orc", O)], |s| {
        put(s, 0, 1, worn("straw hat", Region::Head, &[Prop::Flammable]));
        put(
            s,
            0,
            2,
            worn("wool cloak", Region::Torso, &[Prop::Flammable]),
        );
        put(s, 0, 3, worn("mail shirt", Region::Torso, &[Prop::Rigid]));
        put(s, 0, 8, gear("bedroll", &[Prop::Flammable]));
        put(s, 0, 9, gear("oil flask", &[Prop::Flammable]));
    })
}

/// Plays one whole round: the orc, then Ann.
fn round(t: &mut Table) -> Vec<Event> {
    let mut ev = take_turn(t, 1);
    ev.extend(take_turn(t, 0));
    ev
}

#[test]
fn r25_fire_spreads_to_adjacent_flammable_slots_at_each_round_end() {
    let mut t = burning_table();
    t.run(start(O, None));
    t.run(Command::Ignite { who: 0, slot: 2 });
    round(&mut t);
    // The hat (next to the cloak) catches; the mail shirt does not burn.
    assert_eq!(t.marks(0, Condition::F), vec![1, 2]);
    assert_eq!(
        t.wound(0, 2),
        Wound::None,
        "the cloak has not burned a full round"
    );
    round(&mut t);
    assert_eq!(t.marks(0, Condition::F), vec![1, 2]);
}

#[test]
fn r25_a_slot_burning_a_full_round_is_wounded_and_loses_its_item() {
    let mut t = burning_table();
    t.run(start(O, None));
    t.run(Command::Ignite { who: 0, slot: 2 });
    round(&mut t);
    let ev = round(&mut t);
    // The cloak (alight since round 1) and the hat (caught at round 1's end) have both burned
    // the whole of round 2.
    assert_eq!(t.wound(0, 2), Wound::Treated);
    assert_eq!(t.wound(0, 1), Wound::Treated);
    assert!(t.ch(0).slots[1].item.is_none() && t.ch(0).slots[0].item.is_none());
    let destroyed: Vec<&str> = ev
        .iter()
        .filter_map(|e| match e {
            Event::ItemDestroyed { item, .. } => Some(item.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(destroyed, vec!["straw hat", "wool cloak"]);
    assert_eq!(t.marks(0, Condition::F), vec![1, 2], "the slots still burn");
    round(&mut t);
    assert_eq!(t.wound(0, 2), Wound::Open, "still alight a round later");
    assert_eq!(t.wound(0, 1), Wound::Open);
    assert!(t.marks(0, Condition::B).contains(&2));
}

#[test]
fn r25_a_slot_alight_before_the_fight_has_burned_round_one_at_its_end() {
    let mut t = burning_table();
    t.run(Command::Ignite { who: 0, slot: 2 });
    t.run(start(O, None));
    round(&mut t);
    assert_eq!(
        t.wound(0, 2),
        Wound::Treated,
        "alight when round 1 began, so it burned all of round 1"
    );
    assert!(t.ch(0).slots[1].item.is_none(), "the cloak burned away");
}

#[test]
fn r25_a_slot_with_nothing_left_to_burn_goes_out_once_its_wound_has_opened() {
    let mut t = burning_table();
    t.run(start(O, None));
    t.run(Command::Ignite { who: 0, slot: 2 });
    round(&mut t);
    round(&mut t);
    assert!(t.marks(0, Condition::F).contains(&2), "still burning");
    let ev = round(&mut t);
    assert_eq!(t.wound(0, 2), Wound::Open);
    assert!(
        !t.marks(0, Condition::F).contains(&2),
        "the bare slot goes out"
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Note(_) | Event::Told(_))
                && e.to_string().contains("goes out")),
        "{ev:?}"
    );
}

#[test]
fn r25_a_task_that_passes_time_while_someone_burns_says_so() {
    let mut t = burning_table();
    t.run(Command::Ignite { who: 0, slot: 2 });
    let ev = t.roll(
        Command::Task {
            label: "search".into(),
            trys: 1,
            senses: Vec::new().into(),
        },
        &[5],
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Note(_) | Event::Told(_))
                && e.to_string().contains("is burning through all of it")),
        "{ev:?}"
    );
}

#[test]
fn r25_fire_burns_any_slot_but_wounds_only_body_slots() {
    let mut t = burning_table();
    t.run(start(O, None));
    t.run(Command::Ignite { who: 0, slot: 8 });
    round(&mut t);
    assert_eq!(
        t.marks(0, Condition::F),
        vec![8, 9],
        "fire leaves the body slots"
    );
    round(&mut t);
    assert!(t.ch(0).slots[7].item.is_none(), "the bedroll burned away");
    assert!((1..=5).all(|n| t.wound(0, n) == Wound::None));
}

#[test]
fn r25_only_flammable_items_can_be_set_alight() {
    let mut t = burning_table();
    let why = t.refuse(Command::Ignite { who: 0, slot: 3 });
    assert!(why.contains("nothing flammable"), "{why}");
}

#[test]
fn r25_rolling_on_the_ground_puts_out_the_slots_rolled() {
    let mut t = burning_table();
    t.run(Command::Ignite { who: 0, slot: 1 });
    t.run(Command::Ignite { who: 0, slot: 2 });
    t.roll(Command::RollOnGround { who: 0 }, &[2, 12, 7]);
    assert_eq!(t.marks(0, Condition::F), vec![1]);
    t.run(Command::Douse { who: 0 });
    assert!(t.marks(0, Condition::F).is_empty());
    assert!(t.ch(0).slots.iter().all(|s| s.burning == 0));
}

// ---------------------------------------------------------------- R26 hypothermia

fn cold_table(coat: bool) -> Table {
    Table::with(&[("Ann", P)], |s| {
        if coat {
            put(s, 0, 2, worn("fur coat", Region::Torso, &[Prop::Warm]));
        } else {
            // Warm, but not worn where it counts, so it does not help.
            put(s, 0, 8, worn("fur coat", Region::Torso, &[Prop::Warm]));
        }
    })
}

#[test]
fn r26_hypothermia_starts_on_the_feet_or_hands_as_the_judge_picks() {
    let mut t = cold_table(false);
    t.run(Command::Cold { who: 0, on: true });
    match t.state().pending.first() {
        Some(Pending::Decide(Decision::SpreadSlot {
            options, proposed, ..
        })) => {
            assert_eq!(options, &vec![4, 5]);
            assert_eq!(*proposed, 4);
        }
        other => panic!("expected the judge to pick 4 or 5, got {other:?}"),
    }
}

#[test]
fn r26_every_five_trys_of_cold_worsen_it_and_frostbite_the_slot_marked_before() {
    let mut t = cold_table(false);
    t.run(mark(0, 5, Condition::H));
    t.run(Command::Cold { who: 0, on: true });
    t.roll(task(4), &[5; 4]);
    assert_eq!(t.marks(0, Condition::H), vec![5]);
    t.roll(task(1), &[5]);
    assert_eq!(t.marks(0, Condition::H), vec![4, 5]);
    assert_eq!(
        t.wound(0, 5),
        Wound::Treated,
        "frostbite where it was before"
    );
    assert_eq!(t.wound(0, 4), Wound::None);
    t.roll(task(5), &[5; 5]);
    assert_eq!(t.marks(0, Condition::H), vec![3, 4, 5]);
    assert_eq!(t.wound(0, 4), Wound::Treated);
    assert!(
        t.marks(0, Condition::B).is_empty(),
        "frostbite does not bleed"
    );
}

#[test]
fn r26_dressed_for_cold_it_worsens_every_ten_trys() {
    let mut t = cold_table(true);
    t.run(mark(0, 4, Condition::H));
    t.run(Command::Cold { who: 0, on: true });
    t.roll(task(9), &[5; 9]);
    assert_eq!(t.marks(0, Condition::H), vec![4]);
    let ev = t.roll(task(1), &[5]);
    // From 4 it may go to 3 or 5: the clock marks 3 and says 5 was possible.
    assert_eq!(t.marks(0, Condition::H), vec![3, 4]);
    assert!(has_note(&ev, "slot 5 also qualified"));
    let mut bare = cold_table(false);
    bare.run(mark(0, 4, Condition::H));
    bare.run(Command::Cold { who: 0, on: true });
    bare.roll(task(9), &[5; 9]);
    assert_eq!(
        bare.marks(0, Condition::H).len(),
        2,
        "a coat in the pack does not count"
    );
}

#[test]
fn r26_hypothermia_over_the_whole_body_knocks_out_then_kills() {
    let mut t = cold_table(false);
    t.run(mark(0, 4, Condition::H));
    t.run(Command::Cold { who: 0, on: true });
    t.roll(task(20), &[5; 20]);
    // 4, then 3, 2, 1 and finally 5: every body slot, frostbite behind each step.
    assert_eq!(t.marks(0, Condition::H), vec![1, 2, 3, 4, 5]);
    assert!(t.ch(0).status.unconscious);
    assert_eq!(
        t.wound(0, 1),
        Wound::Treated,
        "the slot marked just before 5"
    );
    assert_eq!(t.wound(0, 5), Wound::None);
    let ev = t.roll(task(5), &[5; 5]);
    assert!(died(&ev));
}

#[test]
fn r26_warming_removes_one_h_per_try_and_the_frostbite_stays() {
    let mut t = cold_table(false);
    t.run(mark(0, 5, Condition::H));
    t.run(Command::Cold { who: 0, on: true });
    t.roll(task(10), &[5; 10]);
    assert_eq!(t.marks(0, Condition::H), vec![3, 4, 5]);
    let why = t.refuse(Command::Warm { who: 0, on: true });
    assert!(why.contains("still in the cold"), "{why}");
    t.run(Command::Cold { who: 0, on: false });
    t.run(Command::Warm { who: 0, on: true });
    t.roll(task(1), &[5]);
    assert_eq!(
        t.marks(0, Condition::H),
        vec![4, 5],
        "the newest H goes first"
    );
    let ev = t.roll(task(2), &[5, 5]);
    assert!(t.marks(0, Condition::H).is_empty());
    assert!(!t.ch(0).status.exposure.warming, "warming stops by itself");
    assert!(has_note(&ev, "warm again"));
    assert_eq!(t.wound(0, 5), Wound::Treated);
    assert_eq!(t.wound(0, 4), Wound::Treated);
}

// ---------------------------------------------------------------- R27 malnourishment

#[test]
fn r27_malnourishment_starts_on_the_lowest_torso_slot_and_only_moves_lower() {
    let mut t = Table::new(&[("Ann", P)]);
    t.run(Command::Starve { who: 0 });
    assert_eq!(t.marks(0, Condition::M), vec![3]);
    t.run(Command::Starve { who: 0 });
    t.run(Command::Starve { who: 0 });
    assert_eq!(t.marks(0, Condition::M), vec![1, 2, 3]);
    let ev = t.run(Command::Starve { who: 0 });
    assert!(died(&ev), "slots 4 and 5 are not lower, so it cannot mark");
    let why = t.refuse(Command::Starve { who: 0 });
    assert!(why.contains("dead"), "{why}");
}

// ---------------------------------------------------------------- R28 fatigue

#[test]
fn r28_a_rest_clears_one_fatigue_mark() {
    let mut t = Table::new(&[("Ann", P)]);
    for slot in [2, 8, 9] {
        t.run(Command::SetFatigue {
            who: 0,
            slot,
            on: true,
        });
    }
    t.roll(
        Command::Rest {
            fed: false,
            senses: vec![],
        },
        &[5; 5],
    );
    let tired: Vec<usize> = (0..11).filter(|&i| t.ch(0).slots[i].fatigue).collect();
    assert_eq!(tired, vec![7, 8], "slot 2's mark went first");
}

// ---------------------------------------------------------------- R29 zones and range

#[test]
fn r29_range_is_reach_near_far_or_remote() {
    let mut t = Table::new(&[("Ann", P), ("Bo", P), ("Orc", O), ("Bat", O)]);
    t.run(Command::NewScene {
        name: "Library".into(),
    });
    for (name, cover) in [("door", false), ("hearth", true), ("stair", false)] {
        t.run(Command::AddZone {
            name: name.into(),
            cover,
        });
    }
    t.run(Command::Link { a: 0, b: 1 });
    t.run(Command::Place {
        who: 0,
        zone: Some(0),
    });
    t.run(Command::Place {
        who: 1,
        zone: Some(0),
    });
    t.run(Command::Place {
        who: 2,
        zone: Some(1),
    });
    t.run(Command::Place {
        who: 3,
        zone: Some(2),
    });
    let s = t.state();
    assert!(s.scene.zones[1].cover);
    assert_eq!(zones::range(s, 0, 1), Range::Reach);
    assert_eq!(zones::range(s, 0, 2), Range::Near);
    assert_eq!(zones::range(s, 0, 3), Range::Far);
    t.run(Command::Hide {
        a: 2,
        b: 0,
        hidden: true,
    });
    assert_eq!(zones::range(t.state(), 0, 3), Range::Remote);
    assert_eq!(zones::range(t.state(), 2, 3), Range::Far);
    t.run(Command::Unlink { a: 1, b: 0 });
    assert_eq!(zones::range(t.state(), 0, 2), Range::Far);
    t.run(Command::Place { who: 1, zone: None });
    assert_eq!(zones::range(t.state(), 0, 1), Range::Remote);
}

/// R29: one added with a zone stands in it from its first step; a zone the scene lacks is
/// refused and nobody is added.
#[test]
fn r29_a_character_added_with_a_zone_stands_in_it() {
    let mut t = Table::new(&[("Ann", P)]);
    t.run(Command::NewScene { name: "Pit".into() });
    t.run(Command::AddZone {
        name: "edge".into(),
        cover: false,
    });
    let add = |name: &str, zone| Command::AddCharacter {
        name: name.to_string().into(),
        side: O,
        layout: Box::new(Layout::human()),
        items: vec![].into(),
        zone,
    };
    t.run(add("Orc", Some(0)));
    let orc = t.state().find_by_name("Orc").unwrap();
    assert_eq!(orc.zone, Some(0));
    t.refuse(add("Bat", Some(7)));
    assert!(t.state().find_by_name("Bat").is_none());
    t.run(add("Bat", None));
    assert_eq!(t.state().find_by_name("Bat").unwrap().zone, None);
}

#[test]
fn r29_removing_a_zone_unplaces_whoever_stood_there() {
    let mut t = Table::new(&[("Ann", P)]);
    t.run(Command::NewScene { name: "Pit".into() });
    t.run(Command::AddZone {
        name: "edge".into(),
        cover: false,
    });
    t.run(Command::AddZone {
        name: "floor".into(),
        cover: false,
    });
    t.run(Command::Link { a: 0, b: 1 });
    t.run(Command::Place {
        who: 0,
        zone: Some(1),
    });
    let ev = t.run(Command::RemoveZone { zone: 1 });
    assert!(has_note(&ev, "now unplaced"));
    assert_eq!(t.ch(0).zone, None);
    assert!(t.state().scene.links.is_empty());
    assert_eq!(zones::zone_range(&t.state().scene, 0, 1), Range::Remote);
    let why = t.refuse(Command::Place {
        who: 0,
        zone: Some(1),
    });
    assert!(why.contains("no zone #1"), "{why}");
    let why = t.refuse(Command::AddZone {
        name: "EDGE".into(),
        cover: true,
    });
    assert!(why.contains("already has a zone"), "{why}");
}

// ---------------------------------------------------------------- R30 encounter dice

#[test]
fn r30_encounter_odds_match_the_book() {
    assert_eq!(encounter_odds(1, 0), 10);
    assert_eq!(encounter_odds(1, 1), 20);
    assert_eq!(encounter_odds(1, 4), 50);
    assert_eq!(encounter_odds(5, 0), 41);
    assert_eq!(encounter_odds(5, 2), 83);
    assert_eq!(encounter_odds(1, 12), 100, "ten faces or more: always");
}

#[test]
fn r30_a_d10_per_try_where_ten_reads_zero() {
    let mut t = Table::new(&[("Ann", P)]);
    let ev = t.roll(
        Command::Task {
            label: "picking the lock".into(),
            trys: 3,
            senses: vec![].into(),
        },
        &[10, 1, 7],
    );
    assert_eq!(
        t.last_purposes(),
        vec![
            "the encounter die for try 1 (picking the lock)",
            "the encounter die for try 2 (picking the lock)",
            "the encounter die for try 3 (picking the lock)",
        ]
    );
    assert!(ev.contains(&Event::EncounterRoll {
        faces: vec![10, 1, 7],
        encounter_faces: 1,
        encounters: 1,
    }));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::TimePassed { trys: 3, .. }))
    );
    assert_eq!(t.state().clock.trys, 3);
}

#[test]
fn r30_each_alerted_sense_adds_an_encounter_face() {
    let mut t = Table::new(&[("Ann", P)]);
    let ev = t.roll(
        Command::Task {
            label: "cooking".into(),
            trys: 2,
            senses: vec![Sense::Smell, Sense::Light, Sense::Smell].into(),
        },
        &[2, 3],
    );
    // Smell counts once: faces 0, 1 and 2 bring an encounter.
    assert!(ev.contains(&Event::EncounterRoll {
        faces: vec![2, 3],
        encounter_faces: 3,
        encounters: 1,
    }));
}

#[test]
fn r30_ten_trys_make_an_hour() {
    let mut t = Table::with(&[("Ann", P)], |s| s.clock.start_minute = 8 * 60);
    t.roll(task(10), &[5; 10]);
    assert_eq!(exploration::time_of_day(&t.state().clock), (9, 0));
    t.roll(task(5), &[5; 5]);
    assert_eq!(exploration::time_of_day(&t.state().clock), (9, 30));
    t.run(Command::Travel { watches: 4 });
    assert_eq!(exploration::time_of_day(&t.state().clock), (1, 30));
    assert_eq!(exploration::day(&t.state().clock), 2);
    let why = t.refuse(task(0));
    assert!(why.contains("from 1 to"), "{why}");
    t.run(Command::SetTimeOfDay {
        hour: 18,
        minute: 45,
    });
    assert_eq!(exploration::time_of_day(&t.state().clock), (18, 45));
    assert_eq!(exploration::day(&t.state().clock), 2, "still the same day");
    assert_eq!(t.state().clock.trys, 15, "the trys counted stay counted");
    t.roll(task(3), &[5; 3]);
    assert_eq!(exploration::time_of_day(&t.state().clock), (19, 3));
    t.refuse(Command::SetTimeOfDay {
        hour: 24,
        minute: 0,
    });
}

// ---------------------------------------------------------------- R31 tasks, rest, the dark

#[test]
fn r31_in_the_dark_only_those_with_their_own_light_work_at_once() {
    let mut t = Table::with(&[("Ann", P), ("Bo", P), ("Cy", P), ("Orc", O)], |s| {
        let torch = || Item {
            wear: Some(Region::Grip),
            ..gear("torch", &[Prop::LightSource, Prop::Flammable])
        };
        put(s, 0, 6, torch());
        // A lantern packed away gives no light.
        put(s, 1, 9, gear("lantern", &[Prop::LightSource]));
        put(s, 3, 6, torch());
    });
    assert_eq!(exploration::can_work_at_once(t.state()), vec![0, 1, 2]);
    t.run(Command::SetDark { dark: true });
    assert_eq!(exploration::can_work_at_once(t.state()), vec![0]);
    let ev = t.roll(task(1), &[5]);
    assert!(has_note(
        &ev,
        "only Ann can work at the same time; Bo, Cy need"
    ));
    t.refuse(Command::SetDark { dark: true });
}

#[test]
fn r31_a_rest_takes_five_trys_with_five_encounter_dice() {
    let mut t = Table::new(&[("Ann", P)]);
    let ev = t.roll(
        Command::Rest {
            fed: true,
            senses: vec![Sense::Smell, Sense::Light],
        },
        &[9, 8, 2, 7, 10],
    );
    assert_eq!(t.state().clock.trys, 5);
    assert!(ev.contains(&Event::EncounterRoll {
        faces: vec![9, 8, 2, 7, 10],
        encounter_faces: 3,
        encounters: 2,
    }));
}

#[test]
fn r31_ending_the_fight_counts_its_try() {
    let mut t = Table::new(&[("Ann", P), ("Orc", O)]);
    t.run(wound(0, 4, Wound::Open));
    t.run(start(P, None));
    take_turn(&mut t, 0);
    assert_eq!(t.marks(0, Condition::B), vec![3, 4]);
    let ev = t.roll(end_combat(vec![Sense::Sound]), &[1]);
    assert!(t.state().combat.is_none());
    assert_eq!(t.state().clock.trys, 1);
    assert_eq!(
        t.last_purposes(),
        vec!["the encounter die for try 1 (the fight)"]
    );
    assert!(ev.contains(&Event::EncounterRoll {
        faces: vec![1],
        encounter_faces: 2,
        encounters: 1,
    }));
    assert_eq!(
        t.marks(0, Condition::B),
        vec![3, 4],
        "the fight's try does not bleed again"
    );
    t.refuse(end_combat(vec![]));
}

// ---------------------------------------------------------------- R32 travel and days

#[test]
fn r32_days_pass_without_ticking_and_are_refused_in_a_fight() {
    let mut t = Table::new(&[("Ann", P), ("Orc", O)]);
    t.run(wound(0, 4, Wound::Open));
    let ev = t.run(Command::PassDays { days: 7 });
    assert_eq!(t.state().clock.days, 7);
    assert_eq!(exploration::day(&t.state().clock), 8);
    assert!(has_note(&ev, "still has an open wound"));
    assert_eq!(t.marks(0, Condition::B), vec![4]);
    t.run(start(P, None));
    for c in [
        Command::PassDays { days: 1 },
        Command::Travel { watches: 1 },
        task(1),
        Command::Rest {
            fed: true,
            senses: vec![],
        },
    ] {
        let why = t.refuse(c);
        assert!(why.contains("a fight is under way"), "{why}");
    }
}

// ---------------------------------------------------------------- R33 initiative

#[test]
fn r33_initiator_goes_first_then_sides_alternate() {
    let mut t = Table::new(&[("Ann", P), ("Bo", P), ("Orc", O), ("Gob", O)]);
    let ev = t.run(start(O, None));
    assert!(ev.contains(&Event::RoundStarted {
        round: 1,
        initiative: O
    }));
    let why = t.refuse(turn(0));
    assert!(why.contains("the opponents hold initiative"), "{why}");
    assert_eq!(initiative_events(&take_turn(&mut t, 3)), vec![P]);
    assert_eq!(initiative_events(&take_turn(&mut t, 1)), vec![O]);
    let why = t.refuse(turn(3));
    assert!(why.contains("already taken a turn"), "{why}");
    assert_eq!(initiative_events(&take_turn(&mut t, 2)), vec![P]);
    let ev = take_turn(&mut t, 0);
    // Ann took the last turn, so round 2 opens with the opponents.
    assert!(ev.contains(&Event::RoundStarted {
        round: 2,
        initiative: O
    }));
    assert!(t.combat().acted.is_empty());
}

#[test]
fn r33_side_with_no_one_left_yields_initiative() {
    let mut t = Table::new(&[("Ann", P), ("Bo", P), ("Cy", P), ("Orc", O)]);
    t.run(start(P, None));
    take_turn(&mut t, 0);
    assert_eq!(initiative_events(&take_turn(&mut t, 3)), vec![P]);
    let ev = take_turn(&mut t, 1);
    assert!(ev.iter().any(|e| matches!(e,
        Event::InitiativeTo { side: Side::Players, why } if why.contains("no one left"))));
    assert_eq!(t.combat().initiative, P, "the players keep it");
    let ev = take_turn(&mut t, 2);
    assert!(ev.contains(&Event::RoundStarted {
        round: 2,
        initiative: O
    }));
}

#[test]
fn r33_when_the_holding_side_is_knocked_out_the_other_side_may_go() {
    let mut t = Table::new(&[("Ann", P), ("Orc", O)]);
    t.run(start(O, None));
    t.run(Command::SetStatus {
        who: 1,
        flag: StatusFlag::Unconscious,
        on: true,
    });
    let ev = t.run(turn(0));
    assert_eq!(initiative_events(&ev), vec![P]);
}

#[test]
fn r33_unconscious_and_dead_are_skipped() {
    let mut t = Table::new(&[("Ann", P), ("Bo", P), ("Orc", O)]);
    t.run(Command::SetStatus {
        who: 1,
        flag: StatusFlag::Dead,
        on: true,
    });
    t.run(start(P, None));
    let why = t.refuse(turn(1));
    assert!(why.contains("dead"), "{why}");
    take_turn(&mut t, 0);
    let ev = take_turn(&mut t, 2);
    assert!(ev.contains(&Event::RoundStarted {
        round: 2,
        initiative: P
    }));
}

#[test]
fn r33_a_fight_needs_someone_on_each_side() {
    let mut t = Table::new(&[("Ann", P)]);
    let why = t.refuse(start(P, None));
    assert!(why.contains("no living opponents"), "{why}");
    let mut t = Table::new(&[("Ann", P), ("Orc", O)]);
    t.run(start(P, None));
    t.refuse(start(P, None));
    t.refuse(Command::EndTurn);
}

// ---------------------------------------------------------------- R34 surprise

#[test]
fn r34_surprised_side_takes_no_turns_in_round_one() {
    let mut t = Table::new(&[("Ann", P), ("Bo", P), ("Orc", O)]);
    let why = t.refuse(start(O, Some(O)));
    assert!(
        why.contains("cannot be the side taken by surprise"),
        "{why}"
    );
    t.run(start(O, Some(P)));
    let why = t.refuse(turn(0));
    assert!(why.contains("surprised"), "{why}");
    let ev = take_turn(&mut t, 2);
    // Nobody else can act in round 1: round 2 opens with the players.
    assert!(ev.contains(&Event::RoundStarted {
        round: 2,
        initiative: P
    }));
    take_turn(&mut t, 0);
    take_turn(&mut t, 2);
    take_turn(&mut t, 1);
    assert_eq!(t.combat().round, 3);
}

// ---------------------------------------------------------------- R35 setup and interrupts

#[test]
fn r35_a_setup_opens_one_interrupt_for_the_other_side() {
    let mut t = Table::new(&[("Ann", P), ("Bo", P), ("Orc", O), ("Gob", O)]);
    t.run(start(P, None));
    t.run(turn(0));
    let why = t.refuse(Command::Interrupt { who: 2 });
    assert!(why.contains("has not set up"), "{why}");
    let ev = t.run(Command::Setup {
        what: "draws a sword".into(),
    });
    assert!(has_note(&ev, "Orc, Gob may interrupt"));
    t.refuse(Command::Setup {
        what: "moves".into(),
    });
    let why = t.refuse(Command::Interrupt { who: 1 });
    assert!(why.contains("only the other side"), "{why}");
    t.run(Command::Interrupt { who: 2 });
    let why = t.refuse(Command::Interrupt { who: 3 });
    assert!(why.contains("already been interrupted"), "{why}");
    let why = t.refuse(Command::EndTurn);
    assert!(why.contains("interruption"), "{why}");
}

#[test]
fn r35_a_stopping_interrupt_ends_both_turns_and_returns_initiative() {
    let mut t = Table::new(&[("Ann", P), ("Bo", P), ("Orc", O), ("Gob", O)]);
    t.run(start(P, None));
    t.run(turn(0));
    t.run(Command::Setup {
        what: "climbs the table".into(),
    });
    t.run(Command::Interrupt { who: 2 });
    let ev = t.run(Command::InterruptResult { stopped: true });
    let ended: Vec<&str> = ev
        .iter()
        .filter_map(|e| match e {
            Event::TurnEnded { who, .. } => Some(who.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(ended, vec!["Orc", "Ann"]);
    assert_eq!(initiative_events(&ev), vec![P]);
    assert!(t.combat().turn.is_none());
    assert_eq!(t.combat().acted, vec![2, 0]);
    take_turn(&mut t, 1);
    assert_eq!(t.combat().initiative, O);
}

#[test]
fn r35_failed_interrupt_passes_initiative_to_interrupter() {
    let mut t = Table::new(&[("Ann", P), ("Bo", P), ("Orc", O), ("Gob", O)]);
    t.run(start(P, None));
    t.run(turn(0));
    t.run(Command::Setup {
        what: "aims".into(),
    });
    t.run(Command::Interrupt { who: 2 });
    let ev = t.run(Command::InterruptResult { stopped: false });
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::TurnEnded { who, .. } if who == "Orc"))
    );
    assert!(initiative_events(&ev).is_empty(), "Ann finishes first");
    assert_eq!(t.combat().turn.as_ref().map(|t| t.actor), Some(0));
    t.refuse(Command::InterruptResult { stopped: true });
    let ev = t.run(Command::EndTurn);
    assert!(ev.iter().any(|e| matches!(e,
        Event::InitiativeTo { side: Side::Opponents, why } if why.contains("Orc's interruption failed"))));
    take_turn(&mut t, 3);
    take_turn(&mut t, 1);
    assert_eq!(t.combat().round, 2);
}

#[test]
fn r35_an_interrupter_who_bleeds_to_death_fails_to_interrupt() {
    let mut t = Table::new(&[("Ann", P), ("Orc", O)]);
    t.run(wound(1, 1, Wound::Open));
    t.run(start(P, None));
    t.run(turn(0));
    t.run(Command::Setup {
        what: "moves".into(),
    });
    let ev = t.run(Command::Interrupt { who: 1 });
    assert!(died(&ev));
    assert!(t.combat().turn.as_ref().is_some_and(|t| t.interrupt_failed));
}

// ---------------------------------------------------------------- R36 timing

#[test]
fn r36_a_cringe_lasts_until_the_end_of_the_cringers_next_turn() {
    let mut t = Table::new(&[("Ann", P), ("Orc", O)]);
    t.run(start(O, None));
    t.run(turn(1));
    // The orc hits an open wound of Ann's: she cringes during the orc's turn (and the new
    // wound goes next door, to slot 4).
    t.run(wound(0, 5, Wound::Open));
    t.run(wound(0, 5, Wound::Open));
    assert_eq!(t.wound(0, 4), Wound::Open);
    let waiting = Cringe::UntilTurnEnds {
        turn_started: false,
    };
    assert_eq!(t.ch(0).status.cringe, waiting);
    t.run(Command::EndTurn);
    assert_eq!(
        t.ch(0).status.cringe,
        waiting,
        "the orc's turn does not count"
    );
    t.run(turn(0));
    assert_eq!(
        t.ch(0).status.cringe,
        Cringe::UntilTurnEnds { turn_started: true }
    );
    let ev = t.run(Command::EndTurn);
    assert_eq!(t.ch(0).status.cringe, Cringe::None);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::StatusChanged {
            flag: StatusFlag::Cringe,
            on: false,
            ..
        }
    )));
}

#[test]
fn r36_a_cringe_begun_in_the_cringers_own_turn_lasts_through_the_next() {
    let mut t = Table::new(&[("Ann", P), ("Orc", O)]);
    t.run(start(P, None));
    t.run(turn(0));
    t.run(Command::SetStatus {
        who: 0,
        flag: StatusFlag::Cringe,
        on: true,
    });
    t.run(Command::EndTurn);
    take_turn(&mut t, 1);
    assert_ne!(t.ch(0).status.cringe, Cringe::None);
    take_turn(&mut t, 0);
    assert_eq!(t.ch(0).status.cringe, Cringe::None);
}

#[test]
fn r36_undo_across_a_round_change_restores_the_state_before() {
    let mut t = burning_table();
    t.run(wound(0, 5, Wound::Open));
    t.run(Command::Suffocate { who: 0, on: true });
    t.run(start(O, None));
    t.run(Command::Ignite { who: 0, slot: 2 });
    take_turn(&mut t, 1);
    t.run(turn(0));
    let before = t.session.state().clone();
    let ev = t.run(Command::EndTurn);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::RoundStarted { round: 2, .. }))
    );
    assert_ne!(t.session.state(), &before);
    assert_eq!(t.marks(0, Condition::A), vec![1, 2], "round-end ticks ran");
    assert_eq!(t.marks(0, Condition::F), vec![1, 2]);
    let after = t.session.state().clone();
    t.session.undo().unwrap();
    assert_eq!(t.session.state(), &before);
    t.session.redo().unwrap();
    assert_eq!(t.session.state(), &after);
    let replayed = session::replay(t.session.initial(), t.session.applied()).unwrap();
    assert_eq!(&replayed, t.session.state());
}

#[test]
fn r36_with_nobody_able_to_act_the_round_can_still_pass() {
    let mut t = Table::new(&[("Ann", P), ("Orc", O)]);
    t.run(Command::Suffocate { who: 0, on: true });
    t.run(start(P, None));
    take_turn(&mut t, 0);
    t.run(Command::SetStatus {
        who: 1,
        flag: StatusFlag::Unconscious,
        on: true,
    });
    t.run(Command::SetStatus {
        who: 0,
        flag: StatusFlag::Unconscious,
        on: true,
    });
    // Orc cannot take its turn now; nobody can act, so ending the turn lets the round pass.
    let ev = t.run(Command::EndTurn);
    assert!(has_note(&ev, "the round passes"));
    assert_eq!(t.combat().round, 2);
    assert_eq!(t.marks(0, Condition::A), vec![1, 2]);
    t.run(Command::EndTurn);
    assert_eq!(t.marks(0, Condition::A), vec![1, 2, 3]);
}

#[test]
fn r33_a_fight_ended_before_anyone_acts_in_its_new_round_counts_only_the_rounds_fought() {
    use slotmark::dice::ScriptedDice;
    use slotmark::rules::slots::{Command as C, Event as E, Side};
    let mut s = slotmark::session::Session::new(support::party());
    let mut run = |c: C, faces: &[u16]| {
        s.execute(c.into(), &mut ScriptedDice::new(faces.to_vec()))
            .unwrap()
            .to_logged()
            .events
    };
    run(
        C::StartCombat {
            initiator: Side::Players,
            surprised: None,
            fighters: None,
        },
        &[],
    );
    let rounds_after = |events: Box<[slotmark::session::Event]>| -> Vec<u32> {
        events
            .iter()
            .filter_map(|e| match e {
                slotmark::session::Event::Game(slotmark::rules::GameEvent::Slots(
                    E::CombatEnded { rounds },
                )) => Some(*rounds),
                _ => None,
            })
            .collect()
    };
    // Ended before anyone acted: no round was fought.
    let ended = run(C::EndCombat { senses: Vec::new() }, &[5]);
    assert_eq!(rounds_after(ended), [0]);
    run(
        C::StartCombat {
            initiator: Side::Players,
            surprised: None,
            fighters: None,
        },
        &[],
    );
    run(C::StartTurn { who: 0 }, &[]);
    run(C::EndTurn, &[]);
    let ended = run(C::EndCombat { senses: Vec::new() }, &[5]);
    assert_eq!(rounds_after(ended), [1]);
}

#[test]
fn r22_the_forecast_names_the_bleed_that_will_kill_and_the_tick_then_kills() {
    use slotmark::rules::slots::forecast::warnings;
    use slotmark::rules::slots::{Condition, Wound, ticks};
    let mut state = match support::party().game {
        slotmark::rules::GameState::Slots(s) => s,
        _ => unreachable!(),
    };
    let who = state.characters[0].id;
    state.characters[0].slots[2].wound = Wound::Open;
    state.characters[0].slots[2].marks.set(Condition::B);
    // Slot 3 bleeds into 1 or 2 first: no warning yet.
    assert!(warnings(&state, who).is_empty());
    for n in [0, 1] {
        state.characters[0].slots[n].marks.set(Condition::B);
    }
    let w = warnings(&state, who);
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(w[0].what, "bleeds to death");
    // And the tick does what the forecast said.
    ticks::bleed(&mut state, who, &mut Vec::new()).unwrap();
    assert!(state.characters[0].status.dead);
    assert!(warnings(&state, who).is_empty(), "the dead need no warning");
}

#[test]
fn r20_where_a_creatures_mark_spread_is_its_own_at_the_players_table() {
    use slotmark::rules::{Lens, Numbers};
    /// The players: Ann is theirs; anyone else's numbers they do not read.
    struct Players;
    impl Lens for Players {
        fn sees(&self, _: u32) -> bool {
            true
        }
        fn numbers(&self, id: u32) -> Numbers {
            if id == 0 {
                Numbers::Exact
            } else {
                Numbers::Word(None)
            }
        }
    }
    let mut t = Table::new(&[("Ann", P), ("Gob", O)]);
    for who in [0, 1] {
        t.run(wound(who, 2, Wound::Open));
        t.run(wound(who, 5, Wound::Open));
    }
    let ev = t.roll(task(1), &[5]);
    let spread = |name: &str| {
        ev.iter()
            .find_map(|e| match e {
                Event::Told(l) if l.to_string().starts_with(name) => Some(l.clone()),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no line of {name}'s spread in {ev:?}"))
    };
    let gob = spread("Gob's");
    assert!(gob.to_string().contains("slot 4 also qualified"), "{gob}");
    let table = gob.read(&Players).unwrap_or_default();
    assert!(
        table.starts_with("Gob's ") && table.ends_with(" spread"),
        "{table}"
    );
    assert!(!table.contains("slot"), "{table}");
    let ann = spread("Ann's");
    assert_eq!(ann.read(&Players), Some(ann.to_string()));
}

/// One try ticks each character for what they carry, side by side in one roster: the bleeder
/// bleeds, the one in the cold counts the try, the warming one loses an H, and the unhurt one
/// between them is left as they were (R22, R26). Time looks at each character once and calls
/// only the ticks that can touch them; this fails if it passed anyone over.
#[test]
fn r22_r26_one_try_ticks_the_bleeder_the_cold_and_the_warming_and_no_one_else() {
    let mut t = Table::new(&[("Ann", P), ("Bo", P), ("Cy", O), ("Di", O)]);
    t.run(wound(0, 3, Wound::Open));
    t.run(mark(1, 5, Condition::H));
    t.run(Command::Cold { who: 1, on: true });
    t.run(mark(3, 4, Condition::H));
    t.run(mark(3, 5, Condition::H));
    t.run(Command::Warm { who: 3, on: true });
    let unhurt = t.ch(2).clone();
    t.roll(task(1), &[5]);
    assert_eq!(
        t.marks(0, Condition::B),
        vec![2, 3],
        "the wound bleeds downward"
    );
    assert_eq!(t.ch(1).status.exposure.cold_trys, Some(1));
    assert_eq!(t.marks(1, Condition::H), vec![5]);
    assert_eq!(t.marks(3, Condition::H).len(), 1, "one H goes a try");
    assert!(t.ch(3).status.exposure.warming);
    assert_eq!(t.ch(2), &unhurt);
}

#[test]
fn r22_a_watch_bleeds_each_living_characters_open_wounds_lowest_first_until_they_die() {
    let mut t = Table::new(&[("Ann", P), ("Bo", P), ("Orc", O)]);
    t.run(wound(0, 3, Wound::Open));
    t.run(wound(0, 5, Wound::Open));
    t.run(wound(2, 2, Wound::Open));
    let bo = t.ch(1).clone();
    t.run(Command::Travel { watches: 1 });
    // Wound 3 bleeds into 2; wound 5 then reaches 1 (next to 2) or 4, and the lowest is marked.
    assert_eq!(t.marks(0, Condition::B), vec![1, 2, 3, 5]);
    assert_eq!(t.marks(2, Condition::B), vec![1, 2]);
    let ev = t.run(Command::Travel { watches: 1 });
    // Wound 3 cannot mark a lower slot and kills; wound 5 bleeds no more, so 4 stays clear.
    assert!(t.ch(0).status.dead && t.ch(2).status.dead);
    assert_eq!(t.marks(0, Condition::B), vec![1, 2, 3, 5]);
    assert_eq!(t.marks(2, Condition::B), vec![1, 2]);
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::Died { .. }))
            .count(),
        2
    );
    assert_eq!(t.ch(1), &bo, "nobody else bleeds");
}

#[test]
fn r24_r26_a_rest_counts_each_living_players_trys_and_ticks_only_whom_time_touches() {
    let mut t = Table::new(&[("Ann", P), ("Bo", P), ("Cy", P), ("Orc", O)]);
    for who in [0, 1, 3] {
        for n in 2..=3 {
            t.run(mark(who, n, Condition::E));
        }
    }
    t.run(Command::SetStatus {
        who: 1,
        flag: StatusFlag::Dead,
        on: true,
    });
    t.run(mark(2, 5, Condition::H));
    t.run(Command::Cold { who: 2, on: true });
    t.roll(
        Command::Rest {
            fed: true,
            senses: vec![],
        },
        &[1, 2, 3, 4, 5],
    );
    assert_eq!(
        t.marks(0, Condition::E),
        vec![3],
        "five trys of rest take one E"
    );
    assert_eq!(t.marks(1, Condition::E), vec![2, 3], "the dead do not rest");
    assert_eq!(t.marks(3, Condition::E), vec![2, 3], "only the party rests");
    assert_eq!(t.ch(0).status.exposure.rest_trys, 0);
    assert_eq!(t.ch(3).status.exposure.rest_trys, 0);
    // Five trys in the cold: hypothermia worsens from 5 to 4 and frostbites 5.
    assert_eq!(t.marks(2, Condition::H), vec![4, 5]);
    assert_eq!(t.wound(2, 5), Wound::Treated);
    assert_eq!(t.ch(2).status.exposure.cold_trys, Some(0));
    assert_eq!(t.state().clock.trys, 5);
    let dice = t.encounter_dice();
    assert_eq!(
        (dice.faces.as_slice(), dice.encounters),
        (&[1, 2, 3, 4, 5][..], 0)
    );
    // The same log replayed without its events comes to the same state.
    let replayed = session::replay(t.session.initial(), t.session.entries()).unwrap();
    assert_eq!(&replayed, t.session.state());
}

#[test]
fn r24_a_rest_where_time_touches_nobody_still_counts_every_try() {
    let mut t = Table::new(&[("Ann", P)]);
    t.run(mark(0, 2, Condition::E));
    t.roll(task(2), &[5; 2]);
    t.roll(
        Command::Rest {
            fed: false,
            senses: vec![Sense::Sound],
        },
        &[5, 5, 5, 5, 10],
    );
    assert_eq!(t.marks(0, Condition::E), Vec::<SlotNo>::new());
    assert_eq!(t.state().clock.trys, 7);
    let dice = t.encounter_dice();
    assert_eq!((dice.encounter_faces, dice.encounters), (2, 1));
}

#[test]
fn r19_r20_a_question_for_the_judge_says_in_the_log_what_waits_and_why() {
    let mut t = Table::new(&[("Ann", P)]);
    t.run(mark(0, 3, Condition::E));
    let ev = t.run(Command::Worsen {
        who: 0,
        condition: Condition::E,
    });
    let asked: Vec<&str> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Asked { question } => Some(question.as_str()),
            _ => None,
        })
        .collect();
    let waiting = t.state().pending.first().expect("a question waits");
    assert_eq!(asked, [resolve::describe(t.state(), waiting).as_str()]);
    match waiting {
        Pending::Decide(Decision::SpreadSlot { why, .. }) => {
            assert_eq!(why, "exhaustion worsens (the judge's ruling)");
        }
        other => panic!("expected a spread decision, got {other:?}"),
    }
    t.run(Command::Cancel);
    // A wound in a grip: the judge picks the body slot it lands on (R16, R19).
    let ev = t.run(wound(0, 6, Wound::Open));
    let waiting = t.state().pending.first().expect("a question waits");
    assert!(matches!(
        ev.as_slice(),
        [Event::Asked { question }] if *question == resolve::describe(t.state(), waiting)
    ));
    match waiting {
        Pending::Decide(Decision::WoundSlot { why, .. }) => assert_eq!(
            why,
            "Wounds land only in body slots: slot 6 of Ann is not one. Pick a body slot, or \
             cancel if the item there took the blow."
        ),
        other => panic!("expected a wound decision, got {other:?}"),
    }
}

#[test]
fn r29_r30_a_command_refused_partway_leaves_the_state_and_the_last_encounter_dice_as_they_were() {
    let mut t = Table::new(&[("Ann", P)]);
    t.run(wound(0, 4, Wound::Open));
    t.roll(
        Command::Rest {
            fed: false,
            senses: vec![],
        },
        &[2, 3, 4, 5, 6],
    );
    let before = t.session.state().clone();
    let dice = format!("{:?}", t.state().recent);
    // The newcomer is added before the zone they name is found missing.
    let why = t.refuse(Command::AddCharacter {
        name: Box::new("Cy".into()),
        side: P,
        layout: Box::new(Layout::human()),
        items: Box::default(),
        zone: Some(7),
    });
    assert!(!why.is_empty());
    assert_eq!(t.session.state(), &before);
    assert_eq!(t.state().characters.len(), 1);
    assert_eq!(
        format!("{:?}", t.state().recent),
        dice,
        "what the panels keep"
    );
    t.roll(task(1), &[5]);
    assert_eq!(t.marks(0, Condition::B), vec![1, 2, 3, 4]);
}
