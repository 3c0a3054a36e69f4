//! Properties of the engine over random command sequences: every slot-system command with ids of
//! characters that exist (and one that does not), random dice, undo and redo mixed in; and the
//! same over every command of ruleset phase on a small party of its own (`phase_cmds`), of
//! ruleset bdp on one of its own (`bdp_cmds`), and of ruleset actiondie on another
//! (`actiondie_cmds`). Many commands are refused; a refusal must change nothing.
//!
//! - replaying the log gives the live state;
//! - undo then redo gives the same state;
//! - undoing k steps and re-applying the same commands with their recorded faces gives the same
//!   state and log;
//! - saving then loading (from a full save or from the journal) gives the same session;
//! - a bdp sheet and turn list stay whole after every step (`bdp_whole`).

mod support;

use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use slotmark::dice::{Edge, RecordedDice, ScriptedDice};
use slotmark::rules::slots::{
    self, AttackKind, AttackSpec, CheckKind, Condition, Defense, Item, Layout, Prop, Region, Sense,
    Senses, Side, StatusFlag, Verdict, Weapon, WeaponKind, WeaponSize, Wound,
};
use slotmark::session::{self, Command, Session};
use slotmark::store::{self, JournalRecord, Store};
use support::{party, realistic_session};

#[derive(Debug, Clone)]
enum Op {
    Exec(Command, Vec<u16>),
    Undo,
    Redo,
}

/// Ids 0-3 are the party; 4 names nobody.
fn who() -> impl Strategy<Value = u32> {
    prop_oneof![8 => 0u32..4, 1 => Just(4u32)]
}

fn slot() -> impl Strategy<Value = u8> {
    prop_oneof![8 => 1u8..=11, 1 => Just(0u8), 1 => 12u8..=14]
}

fn zone() -> impl Strategy<Value = u32> {
    0u32..4
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just("  ".to_string()),
        "[A-Za-z ]{1,12}",
        Just("a \"quoted\"\nline".to_string()),
    ]
}

fn side() -> impl Strategy<Value = Side> {
    prop_oneof![Just(Side::Players), Just(Side::Opponents)]
}

fn condition() -> impl Strategy<Value = Condition> {
    proptest::sample::select(Condition::ALL.to_vec())
}

fn wound() -> impl Strategy<Value = Wound> {
    prop_oneof![Just(Wound::None), Just(Wound::Treated), Just(Wound::Open)]
}

fn flag() -> impl Strategy<Value = StatusFlag> {
    proptest::sample::select(vec![
        StatusFlag::Prone,
        StatusFlag::Restrained,
        StatusFlag::Immobilized,
        StatusFlag::Unconscious,
        StatusFlag::Dead,
        StatusFlag::Evil,
        StatusFlag::Cringe,
    ])
}

fn edge() -> impl Strategy<Value = Edge> {
    (0u8..4, 0u8..4).prop_map(|(adv, dis)| Edge { adv, dis })
}

fn item() -> impl Strategy<Value = Item> {
    (
        "[A-Za-z]{1,8}",
        proptest::sample::subsequence(Prop::ALL.to_vec(), 0..4),
        option::of(proptest::sample::select(vec![
            Region::Head,
            Region::Torso,
            Region::Grip,
            Region::Backpack,
        ])),
        option::of(prop_oneof![
            Just(WeaponSize::Small),
            Just(WeaponSize::Medium),
            Just(WeaponSize::Bulky)
        ]),
    )
        .prop_map(|(name, props, wear, size)| Item {
            name,
            props,
            wear,
            armor: None,
            weapon: size.map(|size| Weapon {
                size,
                kind: WeaponKind::Melee,
            }),
        })
}

fn layout() -> impl Strategy<Value = Layout> {
    prop_oneof![Just(Layout::human()), Just(support::wolf_layout())]
}

fn check_kind() -> impl Strategy<Value = CheckKind> {
    prop_oneof![
        Just(CheckKind::Generic),
        Just(CheckKind::Terrain),
        Just(CheckKind::Corruption),
        (
            any::<bool>(),
            any::<bool>(),
            vec(slot(), 0..2),
            any::<bool>()
        )
            .prop_map(|(hearing, smell, sight, ambient_noise)| CheckKind::Stealth(
                Box::new(Senses {
                    hearing,
                    smell,
                    sight,
                    ambient_noise,
                    low_light: !ambient_noise,
                })
            )),
    ]
}

fn attack() -> impl Strategy<Value = AttackSpec> {
    (
        who(),
        who(),
        proptest::sample::select(vec![
            AttackKind::Grab,
            AttackKind::Melee,
            AttackKind::Missile,
            AttackKind::Blast,
        ]),
        option::of(6u8..=7),
        prop_oneof![
            Just(Defense::None),
            Just(Defense::Evade),
            Just(Defense::Parry)
        ],
        any::<bool>(),
        1u8..3,
        any::<bool>(),
    )
        .prop_map(
            |(attacker, target, kind, weapon, defense, aimed, blast_slots, counter)| AttackSpec {
                attacker,
                target,
                kind,
                weapon,
                defense,
                aimed,
                blast_slots,
                counter,
            },
        )
}

fn senses() -> impl Strategy<Value = Vec<Sense>> {
    vec(
        prop_oneof![
            Just(Sense::Sound),
            Just(Sense::Light),
            Just(Sense::Smell),
            Just(Sense::Magic),
            Just(Sense::Other("a strange hum".into())),
        ],
        0..3,
    )
}

fn roster() -> impl Strategy<Value = slots::Command> {
    use slots::Command as C;
    prop_oneof![
        (
            text(),
            side(),
            layout(),
            vec((slot(), item()), 0..3),
            proptest::option::of(zone())
        )
            .prop_map(|(name, side, layout, items, zone)| C::AddCharacter {
                name: name.into(),
                side,
                layout: Box::new(layout),
                items: items.into(),
                zone,
            }),
        (who(), text()).prop_map(|(who, name)| C::RenameCharacter { who, name }),
        (who(), side()).prop_map(|(who, side)| C::SetSide { who, side }),
        who().prop_map(|who| C::RemoveCharacter { who }),
        (who(), slot(), item()).prop_map(|(who, slot, item)| C::PutItem {
            who,
            slot,
            item: item.into()
        }),
        (who(), slot(), slot()).prop_map(|(who, from, to)| C::MoveItem { who, from, to }),
        (who(), slot()).prop_map(|(who, slot)| C::RemoveItem { who, slot }),
        (who(), slot(), any::<bool>()).prop_map(|(who, slot, on)| C::TwoHands { who, slot, on }),
        who().prop_map(|who| C::DropBackpack { who }),
        who().prop_map(|who| C::ShoulderBackpack { who }),
    ]
}

fn rolls() -> impl Strategy<Value = slots::Command> {
    use slots::Command as C;
    prop_oneof![
        (who(), check_kind(), edge()).prop_map(|(who, kind, edge)| C::Check { who, kind, edge }),
        (who(), 0u16..45).prop_map(|(who, feet)| C::Fall { who, feet }),
        (vec(who(), 0..4), check_kind()).prop_map(|(who, kind)| C::GroupCheck {
            who: who.into(),
            kind
        }),
        (attack(), edge(), any::<bool>()).prop_map(|(spec, edge, dual)| C::Attack {
            spec,
            edge,
            dual
        }),
        (0usize..4).prop_map(|die| C::Pick { die }),
        (who(), who()).prop_map(|(a, b)| C::SwapDice { a, b }),
        prop_oneof![Just(Verdict::Pass), Just(Verdict::Fail)]
            .prop_map(|verdict| C::Override { verdict }),
        Just(C::Accept),
        slot().prop_map(|slot| C::ChooseSlot { slot }),
        any::<bool>().prop_map(|blocks| C::RuleBlocks { blocks }),
        Just(C::Cancel),
    ]
}

fn body() -> impl Strategy<Value = slots::Command> {
    use slots::Command as C;
    prop_oneof![
        (who(), slot(), wound()).prop_map(|(who, slot, wound)| C::Wound { who, slot, wound }),
        (who(), slot()).prop_map(|(who, slot)| C::Treat { who, slot }),
        (who(), slot()).prop_map(|(who, slot)| C::Heal { who, slot }),
        (who(), slot(), condition()).prop_map(|(who, slot, condition)| C::Mark {
            who,
            slot,
            condition
        }),
        (who(), condition()).prop_map(|(who, condition)| C::Worsen { who, condition }),
        (who(), condition(), option::of(slot())).prop_map(|(who, condition, slot)| {
            C::ClearMark {
                who,
                condition,
                slot,
            }
        }),
        (who(), slot(), any::<bool>()).prop_map(|(who, slot, on)| C::SetFatigue { who, slot, on }),
        (who(), slot()).prop_map(|(who, slot)| C::Ignite { who, slot }),
        who().prop_map(|who| C::RollOnGround { who }),
        who().prop_map(|who| C::Douse { who }),
        (who(), any::<bool>()).prop_map(|(who, on)| C::Suffocate { who, on }),
        (who(), any::<bool>()).prop_map(|(who, on)| C::Cold { who, on }),
        (who(), any::<bool>()).prop_map(|(who, on)| C::Warm { who, on }),
        who().prop_map(|who| C::Starve { who }),
        (who(), flag(), any::<bool>()).prop_map(|(who, flag, on)| C::SetStatus { who, flag, on }),
    ]
}

fn world() -> impl Strategy<Value = slots::Command> {
    use slots::Command as C;
    prop_oneof![
        text().prop_map(|name| C::NewScene { name }),
        (text(), any::<bool>()).prop_map(|(name, cover)| C::AddZone { name, cover }),
        zone().prop_map(|zone| C::RemoveZone { zone }),
        (zone(), zone()).prop_map(|(a, b)| C::Link { a, b }),
        (zone(), zone()).prop_map(|(a, b)| C::Unlink { a, b }),
        (zone(), zone(), any::<bool>()).prop_map(|(a, b, hidden)| C::Hide { a, b, hidden }),
        (who(), option::of(zone())).prop_map(|(who, zone)| C::Place { who, zone }),
        (text(), 0u16..12, senses()).prop_map(|(label, trys, senses)| C::Task {
            label: label.into(),
            trys,
            senses: senses.into()
        }),
        (any::<bool>(), senses()).prop_map(|(fed, senses)| C::Rest { fed, senses }),
        (0u16..4).prop_map(|watches| C::Travel { watches }),
        (0u16..3).prop_map(|days| C::PassDays { days }),
        any::<bool>().prop_map(|dark| C::SetDark { dark }),
        (0u8..26, 0u8..62).prop_map(|(hour, minute)| C::SetTimeOfDay { hour, minute }),
    ]
}

fn combat() -> impl Strategy<Value = slots::Command> {
    use slots::Command as C;
    prop_oneof![
        (side(), option::of(side())).prop_map(|(initiator, surprised)| C::StartCombat {
            initiator,
            surprised,
            fighters: None,
        }),
        who().prop_map(|who| C::StartTurn { who }),
        text().prop_map(|what| C::Setup { what }),
        who().prop_map(|who| C::Interrupt { who }),
        any::<bool>().prop_map(|stopped| C::InterruptResult { stopped }),
        Just(C::EndTurn),
        senses().prop_map(|senses| C::EndCombat { senses }),
    ]
}

fn command() -> impl Strategy<Value = Command> {
    prop_oneof![
        2 => roster().prop_map(Command::from),
        4 => rolls().prop_map(Command::from),
        4 => body().prop_map(Command::from),
        2 => world().prop_map(Command::from),
        2 => combat().prop_map(Command::from),
        1 => text().prop_map(Command::Note),
        1 => text().prop_map(Command::Retitle),
        1 => (option::of(0u32..40), any::<bool>())
            .prop_map(|(step, secret)| Command::Secret { step, secret }),
        1 => (who(), any::<bool>()).prop_map(|(id, hidden)| Command::Hide { id, hidden }),
    ]
}

/// Faces for one command: mostly fair faces of a d12, sometimes bigger dice or a face no die
/// shows, and sometimes too few.
fn faces() -> impl Strategy<Value = Vec<u16>> {
    vec(
        prop_oneof![10 => 1u16..=12, 1 => 1u16..=20, 1 => Just(0u16)],
        0..8,
    )
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        8 => (command(), faces()).prop_map(|(c, f)| Op::Exec(c, f)),
        1 => Just(Op::Undo),
        1 => Just(Op::Redo),
    ]
}

/// Session and journal side by side: what the screen does for each step.
struct Run {
    session: Session,
    journal: Vec<JournalRecord>,
    refused: usize,
}

/// Applies one op, checking that a refusal (of a command, an undo or a redo) changes nothing
/// and that undo then redo around every successful step gives back the same state.
fn step(run: &mut Run, op: &Op) -> Result<(), TestCaseError> {
    let before = run.session.clone();
    let result = match op {
        Op::Exec(command, faces) => run
            .session
            .execute(
                command.clone(),
                &mut ScriptedDice::new(faces.iter().copied()),
            )
            .map(|e| JournalRecord::Apply(e.to_logged())),
        Op::Undo => run.session.undo().map(|_| JournalRecord::Undo),
        Op::Redo => run.session.redo().map(|_| JournalRecord::Redo),
    };
    match result {
        Ok(record) => {
            run.journal.push(record);
            if run.session.can_undo() {
                let mut probe = run.session.clone();
                probe.undo().map_err(fail)?;
                probe.redo().map_err(fail)?;
                prop_assert_eq!(probe.state(), run.session.state(), "undo then redo");
                prop_assert_eq!(probe.cursor(), run.session.cursor());
            }
        }
        Err(_) => {
            run.refused += 1;
            prop_assert_eq!(
                run.session.state(),
                before.state(),
                "a refusal changed the state"
            );
            prop_assert_eq!(
                run.session.entries(),
                before.entries(),
                "a refusal changed the log"
            );
            prop_assert_eq!(
                run.session.cursor(),
                before.cursor(),
                "a refusal moved the cursor"
            );
        }
    }
    Ok(())
}

fn fail(e: impl std::fmt::Display) -> TestCaseError {
    TestCaseError::fail(e.to_string())
}

fn run_ops(start: Session, ops: &[Op]) -> Result<Run, TestCaseError> {
    let mut run = Run {
        session: start,
        journal: Vec::new(),
        refused: 0,
    };
    for op in ops {
        step(&mut run, op)?;
    }
    Ok(run)
}

fn same_session(a: &Session, b: &Session) -> Result<(), TestCaseError> {
    prop_assert_eq!(a.initial(), b.initial());
    prop_assert_eq!(a.entries(), b.entries());
    prop_assert_eq!(a.cursor(), b.cursor());
    prop_assert_eq!(a.state(), b.state());
    Ok(())
}

/// The checks every run goes through: replay, rebuild, undo k and re-apply.
fn check_log(session: &Session, k: usize) -> Result<(), TestCaseError> {
    let replayed = session::replay(session.initial(), session.applied()).map_err(fail)?;
    prop_assert_eq!(&replayed, session.state(), "replay(log) != live state");
    let everything = session::replay(session.initial(), session.entries()).map_err(fail)?;
    let mut redone = session.clone();
    while redone.can_redo() {
        redone.redo().map_err(fail)?;
    }
    prop_assert_eq!(
        redone.state(),
        &everything,
        "redo to the end != replay of the whole log"
    );
    let rebuilt = Session::from_log(
        session.initial().clone(),
        session.entries().to_vec(),
        session.cursor(),
    )
    .map_err(fail)?;
    same_session(&rebuilt, session)?;
    for at in [0, session.cursor() / 2, session.cursor()] {
        let at_state = session.state_at(at).map_err(fail)?;
        let replayed =
            session::replay(session.initial(), &session.entries()[..at]).map_err(fail)?;
        prop_assert_eq!(at_state, replayed, "state_at({}) differs from a replay", at);
    }

    let k = k.min(session.cursor());
    let mut back = session.clone();
    for _ in 0..k {
        back.undo().map_err(fail)?;
    }
    let redo_tail = session.entries()[session.cursor() - k..session.cursor()].to_vec();
    for entry in &redo_tail {
        back.execute(entry.command.clone(), &mut RecordedDice::new(&entry.rolls))
            .map_err(fail)?;
    }
    prop_assert_eq!(back.state(), session.state(), "undo k then re-apply");
    prop_assert_eq!(back.applied(), session.applied());
    Ok(())
}

/// Saves the session after the first `split` ops in full and journals the rest, as after a
/// crash: loading the file, opening it (which folds the journal in) and loading it again each
/// give the session played live.
fn saved_then_loaded(start: Session, ops: &[Op], split: usize) -> Result<(), TestCaseError> {
    let dir = tempfile::TempDir::new().map_err(fail)?;
    let split = split.min(ops.len());
    let first = run_ops(start, &ops[..split])?;
    let path = dir.path().join("s.ron");
    let mut store = Store::create(&path, &first.session).map_err(fail)?;
    let rest = run_ops(first.session.clone(), &ops[split..])?;
    for record in &rest.journal {
        store.append(record).map_err(fail)?;
    }
    drop(store);
    same_session(&store::load(&path).map_err(fail)?, &rest.session)?;
    let opened = Store::open(&path).map_err(fail)?;
    prop_assert!(opened.warnings.is_empty(), "{:?}", opened.warnings);
    same_session(&opened.session, &rest.session)?;
    drop(opened);
    // Opening folded the journal into the file; the file alone gives the session.
    same_session(&store::load(&path).map_err(fail)?, &rest.session)?;
    prop_assert!(store::verify(&path).map_err(fail)?.matches());
    Ok(())
}

/// `cases` per property from a fixed seed, so CI runs the same cases every time;
/// `PROPTEST_CASES=N` (with `PROPTEST_RNG_SEED` if wanted) runs a longer, random hunt.
fn fixed(cases: u32) -> ProptestConfig {
    let mut config = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = cases;
        if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
            config.rng_seed = proptest::test_runner::RngSeed::Fixed(0x5107_4a2c);
        }
    }
    config
}

proptest! {
    #![proptest_config(fixed(192))]

    #[test]
    fn short_random_runs_replay_undo_and_redo_exactly(
        ops in vec(op(), 0..60),
        k in 0usize..20,
    ) {
        let run = run_ops(Session::new(party()), &ops)?;
        check_log(&run.session, k)?;
    }
}

proptest! {
    // Long logs cross checkpoints; fewer cases keep the run short.
    #![proptest_config(fixed(12))]

    #[test]
    fn long_runs_across_checkpoints_replay_and_undo_exactly(
        seed in any::<u64>(),
        bulk in 250usize..700,
        back in 0usize..300,
        ops in vec(op(), 1..40),
        k in 0usize..400,
    ) {
        // Undo far back (across checkpoints), then take a different path from there.
        let mut start = realistic_session(bulk, seed);
        for _ in 0..back.min(start.cursor()) {
            start.undo().map_err(fail)?;
        }
        let mut run = run_ops(start, &ops)?;
        // Then play on past where the log used to end, over the checkpoints of the old path.
        let mut rng = support::Lcg(seed);
        let mut dice = slotmark::dice::LiveDice::seeded(seed);
        while run.session.cursor() < bulk + 20 {
            let command = support::realistic_command(&mut rng, run.session.state());
            let _ = run.session.execute(command, &mut dice);
        }
        check_log(&run.session, k)?;
    }
}

proptest! {
    #![proptest_config(fixed(24))]

    #[test]
    fn save_then_load_is_the_same_session(
        ops in vec(op(), 0..50),
        split in 0usize..50,
    ) {
        saved_then_loaded(Session::new(party()), &ops, split)?;
    }
}

#[test]
fn the_generators_reach_accepted_and_refused_commands() {
    // Guards the properties against a generator that only ever produces refusals.
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut accepted = 0;
    let mut refused = 0;
    for _ in 0..40 {
        let ops = vec(op(), 30).new_tree(&mut runner).unwrap().current();
        let run = run_ops(Session::new(party()), &ops).unwrap();
        accepted += run.journal.len();
        refused += run.refused;
    }
    assert!(accepted > 100, "only {accepted} steps accepted");
    assert!(refused > 100, "only {refused} steps refused");
}

/// What every step of `live`'s log did, replayed from the start with its recorded faces.
fn replayed_events(live: &Session) -> Vec<Vec<session::Event>> {
    let mut state = live.initial().clone();
    live.entries()
        .iter()
        .map(|e| {
            let mut dice = RecordedDice::new(&e.rolls);
            session::apply(&mut state, &e.command, &mut dice).expect("the log replays")
        })
        .collect()
}

/// Every step's events, asked for all at once and for a few one at a time, are what the step
/// did, and the session holds those of at most the last EVENTS_KEPT steps before the cursor
/// and of the redo tail.
fn events_match(live: &Session, when: &str) {
    let expected = replayed_events(live);
    let all = live.events_in(0..expected.len());
    assert_eq!(all.len(), expected.len(), "{when}");
    for (i, events) in expected.iter().enumerate() {
        assert_eq!(&*all[i], events.as_slice(), "{when}: step {i}");
    }
    let n = expected.len();
    for i in [
        0,
        1,
        n / 2,
        n.saturating_sub(session::EVENTS_KEPT + 1),
        n - 1,
    ] {
        assert_eq!(&*live.events(i), expected[i].as_slice(), "{when}: step {i}");
    }
    let held = live.events_held();
    assert_eq!(held.end, n, "{when}: the held events reach the log's end");
    assert!(
        held.start + session::EVENTS_KEPT >= live.cursor(),
        "{when}: the last EVENTS_KEPT steps are held"
    );
}

/// The events held apart from the entries follow the log through undo past the held ones,
/// redo, a new step that drops the redo tail, more steps than EVENTS_KEPT, and a retracted
/// step: whatever the session answers is what the steps did.
#[test]
fn held_events_follow_undo_redo_new_steps_and_retract() {
    let n = session::EVENTS_KEPT + 300;
    let mut live = realistic_session(n, 5);
    events_match(&live, "built");
    for _ in 0..(n - 150) {
        live.undo().expect("undo");
    }
    events_match(&live, "undone past the held events");
    for _ in 0..100 {
        live.redo().expect("redo");
    }
    events_match(&live, "redone part of the way");
    live.execute(
        Command::Note("a new turn".into()),
        &mut ScriptedDice::new([]),
    )
    .expect("a note applies");
    assert_eq!(live.entries().len(), 251, "the redo tail is dropped");
    events_match(&live, "a new step after undo");
    let mut rng = support::Lcg(9);
    let mut dice = slotmark::dice::LiveDice::seeded(9);
    while live.entries().len() < 251 + session::EVENTS_KEPT + 50 {
        let command = support::realistic_command(&mut rng, live.state());
        let _ = live.execute(command, &mut dice);
    }
    events_match(&live, "more than EVENTS_KEPT steps on");
    for _ in 0..(session::EVENTS_KEPT + 20) {
        live.undo().expect("undo");
    }
    for _ in 0..(session::EVENTS_KEPT + 20) {
        live.redo().expect("redo");
    }
    events_match(&live, "undone and redone past EVENTS_KEPT");
    let last = live.events(live.cursor() - 1).into_owned();
    let retracted = live.retract().expect("retract");
    assert_eq!(
        last,
        replayed_step(&live, &retracted),
        "the retracted step's events"
    );
    events_match(&live, "a step retracted");
    live.execute(Command::Note("after".into()), &mut ScriptedDice::new([]))
        .expect("a note applies");
    events_match(&live, "a step after the retracted one");
}

/// What `entry` does applied at the end of `live`'s log.
fn replayed_step(live: &Session, entry: &session::Entry) -> Vec<session::Event> {
    let mut state = live.state().clone();
    let mut dice = RecordedDice::new(&entry.rolls);
    session::apply(&mut state, &entry.command, &mut dice).expect("the step applies")
}

/// Steps older than the last EVENTS_KEPT let their events go; asking for them rebuilds exactly
/// what they did, one at a time or all at once, also after undoing deep into them.
#[test]
fn events_of_old_steps_are_rebuilt_exactly() {
    let n = session::EVENTS_KEPT + 700;
    let mut live = realistic_session(n, 11);
    let mut state = live.initial().clone();
    let expected: Vec<Vec<session::Event>> = live
        .entries()
        .iter()
        .map(|e| {
            let mut dice = RecordedDice::new(&e.rolls);
            session::apply(&mut state, &e.command, &mut dice).expect("the log replays")
        })
        .collect();
    assert!(!live.events_held().contains(&0), "the oldest step let go");
    assert!(
        live.events_held().contains(&(n - 1)),
        "the newest step is held"
    );
    for (i, events) in expected.iter().enumerate() {
        assert_eq!(&*live.events(i), events.as_slice(), "step {i}");
    }
    let all = live.events_in(0..n);
    assert_eq!(all.len(), n);
    for (i, events) in expected.iter().enumerate() {
        assert_eq!(&*all[i], events.as_slice(), "step {i} in one pass");
    }
    for _ in 0..(n - 10) {
        live.undo().expect("undo");
    }
    assert_eq!(&*live.events(3), expected[3].as_slice());
    let reopened = Session::from_steps(
        live.initial().clone(),
        live.entries()
            .iter()
            .map(|e| (e.command.clone(), e.rolls.iter().map(|r| r.face).collect())),
        live.cursor(),
    )
    .expect("the log replays");
    for i in 0..n {
        assert_eq!(
            reopened.events(i),
            live.events(i),
            "step {i} after reopening"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Ruleset phase: the same properties over its commands, on a small party (rule file 002)

mod phase_cmds {
    use super::*;
    use slotmark::rules::phase::{
        Ability, Armor, Band, Command as C, DoorTry, Flag, Form, Goods, Hand, Kind, MarkKind,
        NewSheet, Reaction, Season, Side as PSide, Spell, SpellItem, Stat, TurnAction, Unit,
        Vehicle, Ware, WatchAction, Weapon, WeaponKind, Wound as PWound,
    };

    /// Ids 0-4 are the party and the goblins (see [`start`]); 5 names nobody.
    pub fn who() -> impl Strategy<Value = u32> {
        prop_oneof![10 => 0u32..5, 1 => Just(5u32)]
    }

    fn whos() -> impl Strategy<Value = Vec<u32>> {
        vec(who(), 0..4)
    }

    /// A weapon, item or unit number on a sheet (from 0), sometimes past the end.
    fn nth() -> impl Strategy<Value = usize> {
        prop_oneof![6 => 0usize..3, 1 => 3usize..9]
    }

    fn ability() -> impl Strategy<Value = Ability> {
        proptest::sample::select(Ability::ALL.to_vec())
    }

    fn die() -> impl Strategy<Value = u16> {
        prop_oneof![6 => proptest::sample::select(vec![2u16, 4, 6, 8, 10, 12]), 1 => 0u16..15]
    }

    fn weapon() -> BoxedStrategy<Weapon> {
        prop_oneof![
            proptest::sample::select(vec![
                WeaponKind::Hand,
                WeaponKind::Polearm,
                WeaponKind::Sling,
                WeaponKind::Bow
            ])
            .prop_map(Weapon::standard),
            (text(), die(), any::<[bool; 4]>(), any::<bool>()).prop_map(
                |(name, die, [bulky, missile, throwable, blast], left)| {
                    let mut w = Weapon::new(name, die);
                    (w.bulky, w.missile, w.throwable, w.blast) = (bulky, missile, throwable, blast);
                    if left {
                        w.hand = Hand::Left;
                    }
                    w
                }
            ),
        ]
        .boxed()
    }

    fn unit() -> BoxedStrategy<Unit> {
        prop_oneof![
            (0u8..9).prop_map(|rations| Unit::Food { rations }),
            Just(Unit::Day),
            Just(Unit::Delve { lit: false }),
            text().prop_map(Unit::Supply),
            text().prop_map(Unit::Treasure),
        ]
        .boxed()
    }

    fn spell() -> impl Strategy<Value = Spell> {
        prop_oneof![
            6 => proptest::sample::select(Spell::LISTED.to_vec()),
            1 => text().prop_map(Spell::Other),
        ]
    }

    fn side() -> impl Strategy<Value = PSide> {
        prop_oneof![Just(PSide::Party), Just(PSide::Enemies)]
    }

    fn new_sheet() -> BoxedStrategy<NewSheet> {
        (
            text(),
            proptest::sample::select(vec![Kind::Pc, Kind::Hireling, Kind::Creature, Kind::Animal]),
            side(),
            0u8..12,
            (0u8..22, 0u8..22, 0u8..22),
            0u8..5,
            option::of(text()),
            any::<[bool; 3]>(),
            vec(weapon(), 0..2),
        )
            .prop_map(
                |(
                    name,
                    kind,
                    side,
                    hp,
                    (str, dex, wil),
                    dr,
                    group,
                    [leader, undead, mindless],
                    weapons,
                )| {
                    NewSheet {
                        kind,
                        side,
                        str,
                        dex,
                        wil,
                        dr,
                        group,
                        leader,
                        undead,
                        intelligent: !mindless,
                        weapons,
                        ..NewSheet::creature(name, hp)
                    }
                },
            )
            .boxed()
    }

    fn sheets() -> BoxedStrategy<C> {
        prop_oneof![
            (
                text(),
                prop_oneof![Just(Kind::Pc), Just(Kind::Hireling), Just(Kind::Creature)]
            )
                .prop_map(|(name, kind)| C::Roll { name, kind }),
            new_sheet().prop_map(|s| C::Add(Box::new(s))),
            who().prop_map(|who| C::Remove { who }),
            (who(), weapon()).prop_map(|(who, weapon)| C::Arm {
                who,
                weapon: Box::new(weapon),
            }),
            (who(), nth()).prop_map(|(who, weapon)| C::Unarm { who, weapon }),
            (
                who(),
                proptest::sample::select(vec![Armor::None, Armor::Light, Armor::Heavy]),
                any::<bool>()
            )
                .prop_map(|(who, armor, shield)| C::Wear { who, armor, shield }),
            (who(), spell(), 0u8..11, any::<bool>()).prop_map(|(who, spell, level, scroll)| {
                C::Learn {
                    who,
                    item: Box::new(SpellItem {
                        spell,
                        level,
                        form: if scroll { Form::Scroll } else { Form::Book },
                    }),
                }
            }),
            (who(), unit()).prop_map(|(who, unit)| C::Take {
                who,
                unit: unit.into()
            }),
            (who(), nth()).prop_map(|(who, unit)| C::Drop { who, unit }),
            (who(), nth(), who()).prop_map(|(from, unit, to)| C::Give { from, unit, to }),
            (who(), -300i64..300).prop_map(|(who, by)| C::Coins { who, by }),
            (who(), proptest::sample::select(Ware::ALL.to_vec()))
                .prop_map(|(who, ware)| C::Buy { who, ware }),
            (
                who(),
                proptest::sample::select(vec![
                    Vehicle::None,
                    Vehicle::HandCart,
                    Vehicle::DraftCart,
                    Vehicle::Wagon
                ])
            )
                .prop_map(|(who, vehicle)| C::Ride { who, vehicle }),
            (who(), option::of(0u8..10)).prop_map(|(who, units)| C::Allowance { who, units }),
            (who(), -3i8..4).prop_map(|(who, by)| C::Fatigue { who, by }),
            who().prop_map(|who| C::Pay { who }),
        ]
        .boxed()
    }

    /// A purchase by name, mostly of a name that could be on the price list.
    fn purchase() -> BoxedStrategy<C> {
        (
            who(),
            prop_oneof![
                4 => proptest::sample::select(vec!["Sword", "Mail shirt", "Week of food"])
                    .prop_map(str::to_string),
                1 => text(),
            ],
            prop_oneof![
                weapon().prop_map(Goods::Weapon),
                Just(Goods::Armor(Armor::Light)),
                Just(Goods::Armor(Armor::None)),
                Just(Goods::Shield),
                unit().prop_map(Goods::Unit),
            ],
            0u32..120,
        )
            .prop_map(|(who, name, goods, price)| C::Purchase {
                who,
                name: name.into(),
                goods: Box::new(goods),
                price,
            })
            .boxed()
    }

    fn answers() -> BoxedStrategy<C> {
        prop_oneof![
            2 => (who(), ability(), edge(), text()).prop_map(|(who, ability, edge, why)| C::Save {
                who,
                ability,
                edge,
                why
            }),
            1 => whos().prop_map(|to| C::React { to }),
            4 => Just(C::Accept),
            1 => any::<bool>().prop_map(|pass| C::Rule { pass }),
            2 => (0usize..5).prop_map(|option| C::Choose { option }),
            1 => Just(C::Cancel),
        ]
        .boxed()
    }

    fn band() -> impl Strategy<Value = Option<Band>> {
        option::of(proptest::sample::select(vec![
            Band::Early,
            Band::Middle,
            Band::Late,
        ]))
    }

    /// The fight's commands that `allow` may wrap.
    fn fight_moves() -> BoxedStrategy<C> {
        prop_oneof![
            2 => (who(), option::of(who())).prop_map(|(who, to)| C::Move { who, to }),
            1 => (who(), option::of(any::<bool>())).prop_map(|(who, full)| C::Withdraw { who, full }),
            5 => (
                who(),
                who(),
                option::of(nth()),
                any::<bool>(),
                option::of(prop_oneof![Just("disarm".to_string()), text()]),
                -2i8..3
            )
                .prop_map(|(by, target, weapon, thrown, maneuver, steps)| C::Attack {
                    by,
                    target,
                    weapon,
                    thrown,
                    maneuver: maneuver.map(Into::into),
                    steps
                }),
            1 => (who(), option::of(nth()), whos()).prop_map(|(by, weapon, targets)| C::Blast {
                by,
                weapon,
                targets: targets.into()
            }),
            1 => (who(), option::of(nth())).prop_map(|(by, weapon)| C::BlastCount { by, weapon }),
            1 => (who(), text()).prop_map(|(who, what)| C::Act { who, what }),
            1 => (who(), who()).prop_map(|(who, target)| C::Aid { who, target }),
            1 => who().prop_map(|who| C::Flee { who }),
            3 => (
                who(),
                nth(),
                whos(),
                any::<bool>(),
                option::of(any::<bool>())
            )
                .prop_map(|(who, item, targets, enhance, danger)| C::Cast {
                    who,
                    item,
                    targets: targets.into(),
                    enhance,
                    danger
                }),
            1 => who().prop_map(|who| C::Land { who }),
            1 => Just(C::Next),
            1 => whos().prop_map(|who| C::ShortRest { who }),
        ]
        .boxed()
    }

    fn fight() -> BoxedStrategy<C> {
        prop_oneof![
            2 => (whos(), option::of(side()), any::<bool>())
                .prop_map(|(who, surprised, paced)| C::Fight { who, surprised, paced }),
            4 => Just(C::Next),
            1 => (who(), band()).prop_map(|(who, band)| C::Place { who, band }),
            1 => (who(), who(), any::<bool>()).prop_map(|(a, b, on)| C::Engage { a, b, on }),
            6 => fight_moves(),
            1 => (who(), whos()).prop_map(|(who, pursuers)| C::Distract { who, pursuers }),
            2 => Just(C::EndFight),
            1 => fight_moves().prop_map(|c| C::Allow(Box::new(c))),
        ]
        .boxed()
    }

    fn harm() -> BoxedStrategy<C> {
        prop_oneof![
            (who(), 0u32..12).prop_map(|(who, amount)| C::Harm { who, amount }),
            (who(), ability(), 0u8..6).prop_map(|(who, ability, amount)| C::Drain {
                who,
                ability,
                amount
            }),
            (who(), 0u8..6).prop_map(|(who, amount)| C::Heal { who, amount }),
            whos().prop_map(|who| C::ShortRest { who }),
            whos().prop_map(|who| C::LongRest { who }),
            whos().prop_map(|who| C::FullRest { who }),
            (who(), nth(), who(), whos()).prop_map(|(who, item, against, shield)| C::Counter {
                who,
                item,
                against,
                shield: shield.into()
            }),
            (who(), any::<bool>()).prop_map(|(who, blood)| C::Augury { who, blood }),
        ]
        .boxed()
    }

    fn world() -> BoxedStrategy<C> {
        let door = proptest::sample::select(vec![
            DoorTry::Listen,
            DoorTry::Force,
            DoorTry::Pick,
            DoorTry::Burst,
        ]);
        prop_oneof![
            prop_oneof![
                Just(TurnAction::Move),
                Just(TurnAction::Search),
                Just(TurnAction::Wait),
                text().prop_map(TurnAction::Other),
                (who(), door).prop_map(|(who, how)| TurnAction::Door { who, how }),
            ]
            .prop_map(|action| C::Turn { action }),
            Just(C::Noise),
            (who(), any::<bool>()).prop_map(|(who, disarm)| C::Trap { who, disarm }),
            any::<bool>().prop_map(|on| C::Delve { on }),
            (who(), nth()).prop_map(|(who, unit)| C::Light { who, unit }),
            (text(), vec(text(), 0..5)).prop_map(|(name, entries)| C::Table {
                name: name.into(),
                entries: entries.into()
            }),
            (0usize..3).prop_map(|table| C::Area { table }),
            (
                proptest::sample::select(vec![
                    WatchAction::Travel,
                    WatchAction::Explore,
                    WatchAction::ForcedMarch,
                    WatchAction::Camp,
                    WatchAction::Idle
                ]),
                whos()
            )
                .prop_map(|(action, who)| C::Watch { action, who }),
            proptest::sample::select(vec![
                Season::Spring,
                Season::Summer,
                Season::Fall,
                Season::Winter
            ])
            .prop_map(|season| C::Season { season }),
            (0u8..7).prop_map(|step| C::Weather { step }),
            (0u8..7, text()).prop_map(|(step, name)| C::WeatherName { step, name }),
            Just(C::ForgetClue),
        ]
        .boxed()
    }

    fn judge() -> BoxedStrategy<C> {
        let flag = proptest::sample::select(vec![
            Flag::Dead,
            Flag::Critical,
            Flag::Aided,
            Flag::Out,
            Flag::NoHp,
            Flag::Fled,
            Flag::Unfed,
            Flag::Undead,
            Flag::Intelligent,
            Flag::Face,
            Flag::Leader,
        ]);
        let mark = prop_oneof![
            Just(MarkKind::Blessed),
            Just(MarkKind::Hasted),
            Just(MarkKind::Slowed),
            Just(MarkKind::Asleep),
            Just(MarkKind::Held),
            Just(MarkKind::WindBarrier),
            text().prop_map(MarkKind::Note),
        ];
        let wound = proptest::sample::select(vec![
            PWound::Scars,
            PWound::Eye,
            PWound::BrokenArm,
            PWound::BrokenLeg,
            PWound::LostArm,
            PWound::LostLeg,
        ]);
        prop_oneof![
            (
                who(),
                proptest::sample::select(vec![Stat::Str, Stat::Dex, Stat::Wil, Stat::Hp]),
                0u8..25,
                option::of(0u8..25)
            )
                .prop_map(|(who, stat, cur, max)| C::Set {
                    who,
                    stat,
                    cur,
                    max
                }),
            (who(), flag, any::<bool>()).prop_map(|(who, flag, on)| C::Flag { who, flag, on }),
            (who(), mark, option::of(0u32..4)).prop_map(|(who, kind, turns)| C::Mark {
                who,
                kind: kind.into(),
                turns
            }),
            (who(), nth()).prop_map(|(who, mark)| C::Unmark { who, mark }),
            (who(), wound, any::<bool>()).prop_map(|(who, wound, left)| C::Injure {
                who,
                wound,
                hand: if left { Hand::Left } else { Hand::Right }
            }),
            who().prop_map(|who| C::Mend { who }),
            (
                who(),
                option::of(proptest::sample::select(vec![
                    Reaction::Hostile,
                    Reaction::Uncertain,
                    Reaction::Infatuated
                ]))
            )
                .prop_map(|(who, reaction)| C::Reaction { who, reaction }),
            (who(), option::of(text())).prop_map(|(who, group)| C::Group { who, group }),
            (who(), nth()).prop_map(|(who, weapon)| C::Restock { who, weapon }),
        ]
        .boxed()
    }

    pub fn command() -> impl Strategy<Value = Command> {
        prop_oneof![
            2 => sheets(),
            1 => purchase(),
            5 => answers(),
            5 => fight(),
            2 => harm(),
            2 => world(),
            2 => judge(),
        ]
        .prop_map(|c| Command::Game(slotmark::rules::GameCommand::Phase(c)))
    }

    /// Faces for one phase command: mostly faces every die of the ruleset shows (d4 and up),
    /// some only a d6 or a d20 shows, now and then a 0; up to a PC's thirteen.
    pub fn faces() -> impl Strategy<Value = Vec<u16>> {
        vec(
            prop_oneof![6 => 1u16..=4, 3 => 1u16..=6, 2 => 1u16..=20, 1 => Just(0u16)],
            0..14,
        )
    }

    pub fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            8 => (command(), faces()).prop_map(|(c, f)| Op::Exec(c, f)),
            1 => Just(Op::Undo),
            1 => Just(Op::Redo),
        ]
    }

    /// Two PCs and a hireling with weapons, armour, spell items and load, a goblin and its
    /// chief from the bestiary, ids 0 to 4; a lit delve with a wandering table. Built through
    /// the command language, then taken as a new session's first state.
    pub fn start() -> Session {
        let mut s = Session::new(session::SessionState::new(
            "Props",
            slotmark::rules::RulesetId::Phase,
        ));
        for line in [
            "add Ana pc 5 12 13 10",
            "add Bram pc 4 14 9 11",
            "add Hob hireling 3 11 10 8",
            "add goblin",
            "add Grol \"goblin chief\"",
            "arm Ana sword",
            "arm Ana sling",
            "wear Ana light shield",
            "learn Ana sleep scroll",
            "learn Ana fireball book level 2",
            "coins Ana +250",
            "arm Bram halberd",
            "learn Bram bless scroll",
            "coins Bram +100",
            "coins Hob +60",
            "learn Grol \"hold person\" book level 2",
            "take Bram food 3",
            "arm Hob \"hunting bow\"",
            "take Hob delve",
            "table crypt ghouls skeletons rats",
            "delve on",
            "light Hob 1",
        ] {
            let command = match slotmark::script::parse_line(line, s.state()) {
                Ok(slotmark::script::Line::Command(c)) => c,
                other => panic!("{line}: {other:?}"),
            };
            s.execute(command, &mut ScriptedDice::new([]))
                .unwrap_or_else(|e| panic!("{line}: {e}"));
        }
        assert!(
            matches!(&s.state().game, slotmark::rules::GameState::Phase(st) if st.characters.len() == 5)
        );
        Session::new(s.state().clone())
    }
}

proptest! {
    #![proptest_config(fixed(160))]

    #[test]
    fn phase_runs_replay_undo_and_redo_exactly_and_refusals_change_nothing(
        ops in vec(phase_cmds::op(), 0..60),
        k in 0usize..20,
    ) {
        let run = run_ops(phase_cmds::start(), &ops)?;
        check_log(&run.session, k)?;
    }
}

proptest! {
    #![proptest_config(fixed(24))]

    #[test]
    fn a_phase_session_saved_then_loaded_is_the_same_session(
        ops in vec(phase_cmds::op(), 0..50),
        split in 0usize..50,
    ) {
        saved_then_loaded(phase_cmds::start(), &ops, split)?;
    }
}

#[test]
fn the_phase_generators_reach_accepted_and_refused_commands_of_every_kind() {
    // Guards the properties against a generator that only ever produces refusals, or never
    // gets a fight going or a save answered.
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut accepted = 0;
    let mut refused = 0;
    let mut kinds = std::collections::BTreeSet::new();
    for _ in 0..80 {
        let ops = vec(phase_cmds::op(), 40)
            .new_tree(&mut runner)
            .unwrap()
            .current();
        let run = run_ops(phase_cmds::start(), &ops).unwrap();
        accepted += run.journal.len();
        refused += run.refused;
        for e in run.session.entries() {
            let debug = format!("{:?}", e.command);
            let kind: String = debug
                .trim_start_matches("Game(Phase(")
                .chars()
                .take_while(|c| c.is_alphanumeric())
                .collect();
            kinds.insert(kind);
        }
    }
    assert!(accepted > 300, "only {accepted} steps accepted");
    assert!(refused > 300, "only {refused} steps refused");
    for kind in [
        "Fight", "Next", "Attack", "Accept", "Harm", "Turn", "Cast", "Purchase",
    ] {
        assert!(
            kinds.contains(kind),
            "no {kind} was ever accepted: {kinds:?}"
        );
    }
}

mod bdp_cmds {
    use super::*;
    use slotmark::rules::bdp::{
        Ability, Amount, Area, Certainty, Command as C, Hand, Hazard, Illness, Item, Kind, Level,
        Meal, NewSheet, Rarity, Reason, Recipe, Region, Rest, Stat, Target,
    };

    /// Ids 0-3 are the party and the creatures (see [`start`]); 4 names nobody.
    fn who() -> impl Strategy<Value = u32> {
        prop_oneof![10 => 0u32..4, 1 => Just(4u32)]
    }

    fn whos() -> impl Strategy<Value = Vec<u32>> {
        vec(who(), 0..5)
    }

    /// A slot (from 0): mostly on the row of ten, sometimes past it.
    fn slot() -> impl Strategy<Value = usize> {
        prop_oneof![8 => 0usize..10, 1 => 10usize..22]
    }

    fn ability() -> impl Strategy<Value = Ability> {
        proptest::sample::select(Ability::ALL.to_vec())
    }

    fn hazard() -> impl Strategy<Value = Hazard> {
        proptest::sample::select(Hazard::ALL.to_vec())
    }

    fn item() -> BoxedStrategy<Item> {
        (
            text(),
            0u8..4,
            any::<[bool; 5]>(),
            option::of(proptest::sample::select(vec![Hand::Left, Hand::Right])),
            option::of(proptest::sample::select(vec![0u16, 4, 6, 8])),
            option::of((
                proptest::sample::select(vec![Rarity::Common, Rarity::Uncommon, Rarity::Rare]),
                proptest::sample::select(vec![
                    Region::Plains,
                    Region::Forest,
                    Region::Swamp,
                    Region::Hills,
                    Region::Mountain,
                    Region::Desert,
                ]),
            )),
        )
            .prop_map(
                |(name, size, [heavy, helmet, bracers, ration, broken], held, water, ing)| Item {
                    size,
                    heavy_armour: heavy,
                    helmet,
                    bracers,
                    ration,
                    broken,
                    held,
                    waterskin: water,
                    ingredient: ing,
                    ..Item::named(name)
                },
            )
            .boxed()
    }

    fn sheets() -> BoxedStrategy<C> {
        prop_oneof![
            (
                text(),
                any::<bool>(),
                (0u8..22, 0u8..22, 0u8..22),
                0u8..101,
                0u8..22
            )
                .prop_map(|(name, pc, (str, dex, wil), hp, slots)| C::Add(Box::new(
                    NewSheet {
                        name,
                        kind: if pc { Kind::Pc } else { Kind::Creature },
                        str,
                        dex,
                        wil,
                        hp,
                        slots,
                        items: Vec::new(),
                        notes: Vec::new(),
                    }
                ))),
            who().prop_map(|who| C::Remove { who }),
            (
                who(),
                prop_oneof![ability().prop_map(Stat::Ability), Just(Stat::Hp)],
                0u8..25,
                0u8..25
            )
                .prop_map(|(who, stat, cur, max)| C::Set {
                    who,
                    stat,
                    cur,
                    max
                }),
            (who(), any::<bool>(), text()).prop_map(|(who, career, skill)| C::Tag {
                who,
                career,
                skill
            }),
            (who(), item()).prop_map(|(who, item)| C::Carry {
                who,
                item: item.into()
            }),
            (who(), slot()).prop_map(|(who, slot)| C::Drop { who, slot }),
            (
                who(),
                slot(),
                option::of(proptest::sample::select(vec![Hand::Left, Hand::Right]))
            )
                .prop_map(|(who, slot, hand)| C::Hold { who, slot, hand }),
            (who(), slot()).prop_map(|(who, slot)| C::Break { who, slot }),
            (who(), text()).prop_map(|(who, text)| C::Note { who, text }),
        ]
        .boxed()
    }

    fn rolls() -> BoxedStrategy<C> {
        let how = prop_oneof![
            Just(Certainty::Impossible),
            Just(Certainty::Sure),
            any::<[bool; 3]>().prop_map(|[time, gear, skill]| Certainty::InDoubt {
                time,
                gear,
                skill
            }),
            (option::of(ability()), any::<bool>())
                .prop_map(|(ability, rushed)| Certainty::Proposed { ability, rushed }),
        ];
        let task_words = prop_oneof![
            Just("climb the wall".to_string()),
            Just("sneak past".to_string()),
            Just("pick the lock as a thief".to_string()),
            text(),
        ];
        prop_oneof![
            3 => (who(), ability(), edge(), text()).prop_map(|(who, ability, edge, why)| C::Save {
                who,
                ability,
                edge,
                why
            }),
            1 => (who(), ability(), any::<bool>(), text()).prop_map(|(who, ability, pass, why)| {
                C::Ruling {
                    who,
                    ability,
                    pass,
                    why,
                }
            }),
            2 => (who(), ability(), edge(), who(), ability(), edge(), text()).prop_map(
                |(a, a_ability, a_edge, b, b_ability, b_edge, why)| C::Contest {
                    a,
                    a_ability,
                    a_edge,
                    b,
                    b_ability,
                    b_edge,
                    why: why.into()
                }
            ),
            3 => (who(), how, task_words).prop_map(|(who, how, what)| C::Task { who, how, what }),
            1 => text().prop_map(|question| C::Fate { question }),
            6 => Just(C::Accept),
            2 => any::<bool>().prop_map(|pass| C::Rule { pass }),
            4 => (0usize..5).prop_map(|option| C::Choose { option }),
            1 => Just(C::Cancel),
        ]
        .boxed()
    }

    fn harm() -> BoxedStrategy<C> {
        let reason = proptest::sample::select(vec![
            Reason::Deprivation,
            Reason::Block,
            Reason::Dodge,
            Reason::Spell,
            Reason::TaskCost,
            Reason::Judge,
        ]);
        let area = option::of(proptest::sample::select(vec![
            Area::Torso,
            Area::LeftLeg,
            Area::RightLeg,
            Area::LeftArm,
            Area::RightArm,
            Area::Head,
        ]));
        let level = proptest::sample::select(vec![Level::Light, Level::Severe, Level::Permanent]);
        prop_oneof![
            2 => (who(), reason).prop_map(|(who, reason)| C::Fatigue { who, reason }),
            2 => (who(), slot()).prop_map(|(who, slot)| C::Clear { who, slot }),
            5 => (
                who(),
                (0u8..22, prop_oneof![Just(1u16), Just(4), Just(6), Just(8), Just(10), 0u16..120]),
                prop_oneof![Just(Target::Hp), ability().prop_map(Target::Ability)],
                option::of(any::<bool>()),
                prop_oneof![Just("Sword".to_string()), Just("poison".to_string()), text()]
            )
                .prop_map(|(who, (count, sides), target, crit, source)| C::Damage {
                    who,
                    amount: Amount { count, sides },
                    target,
                    crit,
                    source: source.into()
                }),
            2 => (who(), hazard(), 0u8..23).prop_map(|(who, hazard, floors)| C::Hazard {
                who,
                hazard,
                floors,
                source: String::new(),
            }),
            2 => (
                who(),
                prop_oneof![Just("burn".to_string()), Just("cut".to_string()), text()],
                area,
                level
            )
                .prop_map(|(who, kind, area, level)| C::Wound {
                    who,
                    kind,
                    area,
                    level
                }),
            1 => (who(), slot()).prop_map(|(who, slot)| C::Care { who, slot }),
            1 => (who(), ability()).prop_map(|(who, ability)| C::Train { who, ability }),
            1 => (who(), any::<bool>()).prop_map(|(who, on)| C::Dead { who, on }),
            1 => (who(), option::of(text()), ability())
                .prop_map(|(who, word, ability)| C::Out { who, word, ability }),
        ]
        .boxed()
    }

    fn days() -> BoxedStrategy<C> {
        let meal = proptest::sample::select(vec![
            Meal::Desperate,
            Meal::Fresh,
            Meal::Simple,
            Meal::Fancy,
        ]);
        let rest = proptest::sample::select(vec![
            Rest::None,
            Rest::Perilous,
            Rest::Normal,
            Rest::Comfortable,
        ]);
        prop_oneof![
            (who(), proptest::sample::select(Illness::ALL.to_vec()))
                .prop_map(|(who, illness)| C::Infect { who, illness }),
            (who(), 0usize..3, text()).prop_map(|(who, disease, remedy)| C::Cure {
                who,
                disease,
                remedy: remedy.into()
            }),
            (who(), any::<bool>()).prop_map(|(who, on)| C::Cared { who, on }),
            (who(), meal, any::<bool>(), any::<bool>(), any::<bool>()).prop_map(
                |(who, meal, fire, pot, ration)| C::Eat {
                    who,
                    meal,
                    fire,
                    pot,
                    ration,
                }
            ),
            (who(), rest).prop_map(|(who, rest)| C::Rest { who, rest }),
            (
                who(),
                option::of(slot()),
                option::of(Just("the stream".to_string()))
            )
                .prop_map(|(who, water, source)| C::Breath {
                    who,
                    water,
                    source: source.map(Into::into),
                }),
            (who(), slot()).prop_map(|(who, slot)| C::Refill { who, slot }),
            (
                // Ana carries the ingredients, in slots 3 to 5.
                prop_oneof![3 => Just(0u32), 1 => who()],
                proptest::sample::select(Recipe::ALL.to_vec()),
                vec(prop_oneof![6 => 3usize..6, 1 => slot()], 0..4)
            )
                .prop_map(|(who, recipe, ingredients)| C::Brew {
                    who,
                    recipe,
                    ingredients
                }),
            (who(), slot(), option::of(slot())).prop_map(|(who, slot, wound)| C::Use {
                who,
                slot,
                wound
            }),
            (who(), slot(), any::<bool>()).prop_map(|(who, slot, herb)| C::Treat {
                who,
                slot,
                herb
            }),
            (who(), ability()).prop_map(|(who, ability)| C::Recover { who, ability }),
            (who(), any::<bool>(), any::<bool>()).prop_map(|(who, food, sleep)| C::Deprive {
                who,
                food,
                sleep
            }),
            (who(), any::<bool>()).prop_map(|(who, on)| C::AtDawn { who, on }),
        ]
        .boxed()
    }

    fn fight() -> BoxedStrategy<C> {
        prop_oneof![
            3 => whos().prop_map(|order| C::Fight { order }),
            1 => whos().prop_map(|order| C::Order { order }),
            5 => Just(C::Next),
            2 => Just(C::EndFight),
            2 => who().prop_map(|who| C::Block { who }),
            2 => who().prop_map(|who| C::Dodge { who }),
            1 => who().prop_map(|who| C::Cast { who }),
            2 => (who(), hazard(), any::<bool>()).prop_map(|(who, hazard, on)| C::Expose {
                who,
                hazard,
                on
            }),
            1 => hazard().prop_map(|hazard| C::Tick { hazard }),
            1 => Just(C::Watch),
            2 => Just(C::Night),
        ]
        .boxed()
    }

    pub fn command() -> impl Strategy<Value = Command> {
        prop_oneof![
            2 => sheets(),
            6 => rolls(),
            4 => harm(),
            3 => days(),
            4 => fight(),
        ]
        .prop_map(|c| Command::Game(slotmark::rules::GameCommand::Bdp(c)))
    }

    /// Faces for one bdp command: mostly faces every die it rolls shows (d4 and up), some only
    /// a d6, a d10 or a d20 shows, now and then a 0; enough for a dawn with a disease each.
    pub fn faces() -> impl Strategy<Value = Vec<u16>> {
        vec(
            prop_oneof![6 => 1u16..=4, 3 => 1u16..=6, 2 => 1u16..=10, 3 => 1u16..=20, 1 => Just(0u16)],
            0..12,
        )
    }

    pub fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            8 => (command(), faces()).prop_map(|(c, f)| Op::Exec(c, f)),
            1 => Just(Op::Undo),
            1 => Just(Op::Redo),
        ]
    }

    /// Two PCs and two creatures, ids 0 to 3: gear with a waterskin, heavy armour, a helmet, a
    /// ration and ingredients for a brew, tags, a Fatigue, wounds, a rest set and an exposure.
    /// Built through the command language, then taken as a new session's first state.
    pub fn start() -> Session {
        let mut s = Session::new(session::SessionState::new(
            "Props",
            slotmark::rules::RulesetId::Bdp,
        ));
        for line in [
            "add Ana pc 10 12 8 6",
            "add Bo pc 9 15 11 4",
            "add Ogre creature 14 10 10 9",
            "add Rat creature 3 14 4 2 4",
            "tag Ana career thief",
            "tag Bo background climber",
            "carry Ana Sword right",
            "carry Ana Waterskin waterskin",
            "carry Ana Mail heavy",
            "carry Ana Moss common hills",
            "carry Ana Thyme uncommon hills",
            "carry Ana Root rare hills",
            "carry Bo Helm helmet",
            "carry Bo Rations ration",
            "carry Bo Waterskin waterskin",
            "block Ana",
            "wound Ana burn light larm",
            "wound Bo cut severe torso",
            "rest Ana normal",
            "expose Bo gas",
            "dawn Ogre",
        ] {
            let command = match slotmark::script::parse_line(line, s.state()) {
                Ok(slotmark::script::Line::Command(c)) => c,
                other => panic!("{line}: {other:?}"),
            };
            s.execute(command, &mut ScriptedDice::new([]))
                .unwrap_or_else(|e| panic!("{line}: {e}"));
        }
        assert!(
            matches!(&s.state().game, slotmark::rules::GameState::Bdp(st) if st.characters.len() == 4)
        );
        Session::new(s.state().clone())
    }
}

proptest! {
    #![proptest_config(fixed(160))]

    #[test]
    fn bdp_runs_replay_undo_and_redo_exactly_and_refusals_change_nothing(
        ops in vec(bdp_cmds::op(), 0..60),
        k in 0usize..20,
    ) {
        let run = run_ops(bdp_cmds::start(), &ops)?;
        check_log(&run.session, k)?;
    }
}

proptest! {
    #![proptest_config(fixed(24))]

    #[test]
    fn a_bdp_session_saved_then_loaded_is_the_same_session(
        ops in vec(bdp_cmds::op(), 0..50),
        split in 0usize..50,
    ) {
        saved_then_loaded(bdp_cmds::start(), &ops, split)?;
    }
}

#[test]
fn the_bdp_generators_reach_accepted_and_refused_commands_of_every_kind() {
    // Guards the properties against a generator that only ever produces refusals, or never
    // gets a fight going, a task rolled or a night passed.
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut accepted = 0;
    let mut refused = 0;
    let mut kinds = std::collections::BTreeSet::new();
    for _ in 0..80 {
        let ops = vec(bdp_cmds::op(), 40)
            .new_tree(&mut runner)
            .unwrap()
            .current();
        let run = run_ops(bdp_cmds::start(), &ops).unwrap();
        accepted += run.journal.len();
        refused += run.refused;
        for e in run.session.entries() {
            let debug = format!("{:?}", e.command);
            let kind: String = debug
                .trim_start_matches("Game(Bdp(")
                .chars()
                .take_while(|c| c.is_alphanumeric())
                .collect();
            kinds.insert(kind);
        }
    }
    assert!(accepted > 300, "only {accepted} steps accepted");
    assert!(refused > 300, "only {refused} steps refused");
    for kind in [
        "Fight", "Next", "Save", "Accept", "Damage", "Task", "Contest", "Night", "Brew", "Choose",
    ] {
        assert!(
            kinds.contains(kind),
            "no {kind} was ever accepted: {kinds:?}"
        );
    }
}

/// What a bdp sheet and turn list must always be, whatever the judge did: scores within their
/// maxima, an item larger than a slot followed by its own continued slots and nothing else
/// pointing back at it, one item per hand, one restorative per ability, a herb cure on a Light
/// wound, out at 0 only while the score is 0, the turn list naming only sheets there are with
/// its turn in range.
fn bdp_whole(state: &slotmark::rules::GameState) -> Result<(), TestCaseError> {
    use slotmark::rules::bdp::{Level, Slot};
    let slotmark::rules::GameState::Bdp(st) = state else {
        return Err(fail("a bdp session was expected"));
    };
    for c in &st.characters {
        let name = &c.name;
        prop_assert!(c.hp.cur <= c.hp.max, "{name}: HP {}", c.hp);
        for (i, s) in c.abilities.iter().enumerate() {
            prop_assert!(s.cur <= s.max && s.max <= 20, "{name}: ability {i} {s}");
        }
        for (i, slot) in c.slots.iter().enumerate() {
            match slot {
                Slot::More(at) => {
                    let at = usize::from(*at);
                    let size = match c.slots.get(at) {
                        Some(Slot::Item(item)) => usize::from(item.size),
                        other => {
                            return Err(fail(format!(
                                "{name}: slot {i} continues slot {at}, which holds {other:?}"
                            )));
                        }
                    };
                    prop_assert!(at < i && i < at + size, "{name}: slot {i} continues {at}");
                }
                Slot::Item(item) => {
                    for k in i + 1..i + usize::from(item.size) {
                        prop_assert_eq!(
                            c.slots.get(k),
                            Some(&Slot::More(i as u8)),
                            "{}: slot {} should continue the {} in slot {}",
                            name,
                            k,
                            item.name,
                            i
                        );
                    }
                }
                _ => {}
            }
        }
        for hand in [
            slotmark::rules::bdp::Hand::Left,
            slotmark::rules::bdp::Hand::Right,
        ] {
            let held = c
                .slots
                .iter()
                .filter(|s| matches!(s, Slot::Item(i) if i.held == Some(hand)))
                .count();
            prop_assert!(held <= 1, "{name}: {held} items in one hand");
        }
        if let Some(o) = &c.out
            && o.zero
        {
            prop_assert_eq!(
                c.score(o.ability).cur,
                0,
                "{} is out at 0 {}",
                name,
                o.ability
            );
        }
        let mut restoratives = c.restoratives.clone();
        restoratives.dedup();
        prop_assert_eq!(
            restoratives.len(),
            c.restoratives.len(),
            "{}: restoratives",
            name
        );
        for at in &c.herb_cures {
            prop_assert!(
                matches!(c.slots.get(usize::from(*at)), Some(Slot::Wound(w)) if w.level == Level::Light),
                "{name}: a herb cure on slot {at}, which holds no Light wound"
            );
        }
    }
    if let Some(f) = &st.fight {
        for id in &f.order {
            prop_assert!(st.character(*id).is_ok(), "the turn list names {id}");
        }
        prop_assert!(
            f.order.is_empty() || f.at < f.order.len(),
            "turn {} of {}",
            f.at,
            f.order.len()
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(fixed(160))]

    #[test]
    fn bdp_sheets_and_the_turn_list_stay_whole_after_every_step(
        ops in vec(bdp_cmds::op(), 0..60),
    ) {
        let mut run = Run { session: bdp_cmds::start(), journal: Vec::new(), refused: 0 };
        for op in &ops {
            step(&mut run, op)?;
            bdp_whole(&run.session.state().game)?;
        }
    }
}

/// Ruleset ap's commands over a small cast of its own: two PCs and two goblins, one of them a
/// detachment, ids 0 to 3 (4 names nobody).
mod ap_cmds {
    use super::*;
    use slotmark::rules::ap::{
        Action, Against, Attr, Cast, Command as C, Defence, Held, Item, Kind, Mark, NewSheet,
        ObjDie, Span, Stat,
    };

    fn who() -> impl Strategy<Value = u32> {
        0u32..5
    }

    fn attr() -> impl Strategy<Value = Attr> {
        prop_oneof![Just(Attr::Str), Just(Attr::Dex), Just(Attr::Wil)]
    }

    fn stat() -> impl Strategy<Value = Stat> {
        prop_oneof![Just(Stat::Hp), attr().prop_map(Stat::Attr)]
    }

    fn mark() -> impl Strategy<Value = Mark> {
        (0usize..Mark::ALL.len()).prop_map(|i| Mark::ALL[i])
    }

    fn obj() -> impl Strategy<Value = ObjDie> {
        (prop_oneof![Just(4u16), Just(6), Just(8), Just(10)], -2i8..3).prop_map(|(sides, edge)| {
            ObjDie {
                item: format!("d{sides}"),
                sides,
                edge,
            }
        })
    }

    fn against() -> BoxedStrategy<Against> {
        prop_oneof![
            (1u8..30, any::<bool>()).prop_map(|(dc, hidden)| Against::Dc { dc, hidden }),
            vec((who(), attr(), vec(obj(), 0..2), -1i8..2), 1..3).prop_map(|t| {
                Against::Saves(
                    t.into_iter()
                        .map(|(who, attr, objects, edge)| Defence {
                            who,
                            attr,
                            objects,
                            edge,
                        })
                        .collect(),
                )
            }),
            (who(), 1u8..30).prop_map(|(target, dc)| Against::Helpless { target, dc }),
        ]
        .boxed()
    }

    fn action() -> BoxedStrategy<Action> {
        (
            (who(), attr(), -2i8..3, vec(obj(), 0..3), -3i8..4),
            (against(), 0u8..5, any::<bool>(), 0usize..3, any::<bool>()),
        )
            .prop_map(
                |((who, attr, flat, objects, edge), (against, cost, two, damage, blast))| {
                    let mut a = Action::new(who, attr, against, "props");
                    a.flat = flat;
                    a.objects = objects;
                    a.edge = edge;
                    a.cost = cost;
                    a.two = two;
                    a.damage = damage;
                    a.blast = blast;
                    a
                },
            )
            .boxed()
    }

    fn item() -> impl Strategy<Value = Item> {
        (
            0u8..3,
            option::of(prop_oneof![Just(4u16), Just(6), Just(8)]),
            0u8..3,
            any::<bool>(),
        )
            .prop_map(|(slots, die, armor, worn)| {
                let mut i = Item::new(format!("thing{slots}{armor}"));
                i.slots = slots;
                i.die = die;
                i.weapon = die.is_some();
                i.armor = armor;
                i.worn = worn;
                i
            })
    }

    fn sheets() -> BoxedStrategy<C> {
        prop_oneof![
            (who(), stat(), 0u8..20, 0u8..20).prop_map(|(who, stat, a, b)| C::Set {
                who,
                stat,
                cur: a.min(b),
                max: a.max(b)
            }),
            (who(), item()).prop_map(|(who, i)| C::Carry {
                who,
                item: Box::new(i)
            }),
            (who(), 0usize..4).prop_map(|(who, item)| C::Drop { who, item }),
            (who(), 0usize..4, any::<bool>()).prop_map(|(who, item, on)| C::Wear { who, item, on }),
            (who(), -2i8..4).prop_map(|(who, n)| C::Fatigue { who, n }),
            (who(), -2i16..5).prop_map(|(who, n)| C::Dust { who, n }),
            (who(), 0u8..22).prop_map(|(who, n)| C::Slots { who, n }),
            (who(), 0u8..6).prop_map(|(who, n)| C::ApMax { who, n }),
            (who(), 0u8..5).prop_map(|(who, n)| C::ArmorBonus { who, n }),
            (who(), mark(), any::<bool>()).prop_map(|(who, mark, on)| C::Mark { who, mark, on }),
            (who(), prop_oneof![Just("party"), Just("goblins"), Just("")]).prop_map(|(who, g)| {
                C::Group {
                    who,
                    group: g.into(),
                }
            }),
            (who(), text()).prop_map(|(who, text)| C::Note { who, text }),
            (who(), any::<bool>()).prop_map(|(who, pass)| C::Trivial {
                who,
                what: "a thing".into(),
                pass
            }),
        ]
        .boxed()
    }

    fn rolls() -> BoxedStrategy<C> {
        prop_oneof![
            1 => action().prop_map(|a| C::Check(Box::new(a))),
            3 => action().prop_map(|a| C::Attack(Box::new(a))),
            1 => (who(), attr(), 1u8..30, vec(obj(), 0..2), -2i8..3).prop_map(
                |(who, attr, dc, objects, edge)| C::Save {
                    who,
                    attr,
                    dc,
                    objects: objects.into(),
                    edge,
                    why: String::new().into()
                }
            ),
        ]
        .boxed()
    }

    fn answers() -> BoxedStrategy<C> {
        prop_oneof![
            4 => Just(C::Accept),
            1 => any::<bool>().prop_map(|pass| C::Rule { pass }),
            1 => (0usize..4).prop_map(|option| C::Choose { option }),
            1 => Just(C::Cancel),
        ]
        .boxed()
    }

    fn points() -> BoxedStrategy<C> {
        prop_oneof![
            (who(), 0u8..6).prop_map(|(who, ap)| C::Spend {
                who,
                ap,
                what: "props".into()
            }),
            (who(), -3i8..3).prop_map(|(who, ap)| C::Grant { who, ap }),
            who().prop_map(|who| C::Move { who }),
            (who(), 0u16..8).prop_map(|(who, spaces)| C::Walk { who, spaces }),
            who().prop_map(|who| C::Gain { who }),
            (
                who(),
                0u8..4,
                attr(),
                vec(obj(), 0..2),
                -1i8..2,
                any::<bool>(),
                any::<bool>()
            )
                .prop_map(|(who, cost, attr, objects, edge, defence, attack)| {
                    C::Hold {
                        who,
                        held: Box::new(Held {
                            cost,
                            trigger: "the door opens".into(),
                            attr,
                            objects,
                            edge,
                            defence,
                            attack,
                        }),
                    }
                }),
            (who(), against()).prop_map(|(who, against)| C::Fire { who, against }),
        ]
        .boxed()
    }

    fn fight() -> BoxedStrategy<C> {
        prop_oneof![
            1 => (vec(who(), 0..3), vec(who(), 0..2))
                .prop_map(|(who, surprised)| C::Fight { who: who.into(), surprised: surprised.into() }),
            1 => (who(), any::<bool>()).prop_map(|(who, surprised)| C::Join { who, surprised }),
            1 => (who(), 0u8..60).prop_map(|(who, total)| C::Init { who, total }),
            4 => Just(C::Next),
            1 => Just(C::EndFight),
        ]
        .boxed()
    }

    fn harm() -> BoxedStrategy<C> {
        prop_oneof![
            3 => (who(), 0u8..12, any::<bool>()).prop_map(|(who, amount, armor)| C::Damage {
                who,
                amount,
                armor,
                source: String::new()
            }),
            1 => (who(), 0u8..14).prop_map(|(who, entry)| C::Scar { who, entry }),
            1 => (who(), 0usize..3).prop_map(|(who, item)| C::Recovered { who, item }),
            1 => who().prop_map(|who| C::Healed { who }),
        ]
        .boxed()
    }

    fn magic() -> BoxedStrategy<C> {
        prop_oneof![
            3 => (who(), 0u8..4, 0u8..3, any::<bool>(), option::of(0usize..2), 0u8..3).prop_map(
                |(who, slot, dust, free, scroll, cost)| C::Cast(Box::new(Cast {
                    who,
                    spell: "Light".into(),
                    slot,
                    dust,
                    free,
                    scroll,
                    cost
                }))
            ),
            1 => who().prop_map(|who| C::Scroll {
                who,
                spell: "Sleep".into()
            }),
            1 => who().prop_map(|who| C::Grimoire {
                who,
                spells: vec!["Light".into()]
            }),
            1 => (who(), 0usize..2, 0u8..3, 0u8..2).prop_map(|(who, scroll, slot, dust)| C::Copy {
                who,
                scroll,
                slot,
                dust
            }),
            1 => (who(), 0usize..2).prop_map(|(who, scroll)| C::MakeGrimoire { who, scroll }),
        ]
        .boxed()
    }

    fn days() -> BoxedStrategy<C> {
        prop_oneof![
            (
                0u32..100,
                prop_oneof![Just(Span::Minutes), Just(Span::Hours), Just(Span::Days)]
            )
                .prop_map(|(n, span)| C::Time { n, span }),
            vec(who(), 0..2).prop_map(|who| C::Short { who }),
            vec(who(), 0..2).prop_map(|who| C::Night { who }),
            vec(who(), 0..2).prop_map(|who| C::Week { who }),
            who().prop_map(|who| C::Morale { who }),
            who().prop_map(|who| C::Retreat { who }),
            Just(C::Reaction),
            Just(C::Hireling {
                name: "Pip".into(),
                group: "party".into()
            }),
        ]
        .boxed()
    }

    pub fn command() -> impl Strategy<Value = Command> {
        prop_oneof![
            2 => sheets(),
            3 => rolls(),
            5 => answers(),
            2 => points(),
            3 => fight(),
            2 => harm(),
            2 => magic(),
            1 => days(),
        ]
        .prop_map(|c| Command::Game(slotmark::rules::GameCommand::Ap(c)))
    }

    /// Mostly faces every die of the ruleset shows (d4 and up), some only a d6 to a d20 shows,
    /// now and then a 0.
    pub fn faces() -> impl Strategy<Value = Vec<u16>> {
        vec(
            prop_oneof![6 => 1u16..=4, 3 => 1u16..=6, 3 => 1u16..=20, 1 => Just(0u16)],
            0..12,
        )
    }

    pub fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            8 => (command(), faces()).prop_map(|(c, f)| Op::Exec(c, f)),
            1 => Just(Op::Undo),
            1 => Just(Op::Redo),
        ]
    }

    pub fn start() -> Session {
        let mut s = Session::new(session::SessionState::new(
            "Props",
            slotmark::rules::RulesetId::Ap,
        ));
        let sheet = |name: &str, kind, group: &str, a: [u8; 4]| {
            C::Add(Box::new(NewSheet::new(name, kind, group, a)))
        };
        let mut sword = Item::new("sword");
        sword.die = Some(8);
        sword.weapon = true;
        for c in [
            sheet("Ana", Kind::Pc, "party", [11, 12, 8, 6]),
            sheet("Bo", Kind::Pc, "party", [9, 10, 13, 4]),
            sheet("Gob", Kind::Npc, "goblins", [8, 13, 5, 4]),
            sheet("Rats", Kind::Npc, "goblins", [6, 6, 4, 8]),
            C::Carry {
                who: 0,
                item: Box::new(sword),
            },
            C::Mark {
                who: 3,
                mark: Mark::Detachment,
                on: true,
            },
            C::Grimoire {
                who: 1,
                spells: vec!["Light".into()],
            },
            C::Dust { who: 1, n: 3 },
            C::Scroll {
                who: 1,
                spell: "Sleep".into(),
            },
        ] {
            s.execute(
                Command::Game(slotmark::rules::GameCommand::Ap(c)),
                &mut ScriptedDice::new([]),
            )
            .unwrap();
        }
        Session::new(s.state().clone())
    }
}

proptest! {
    #![proptest_config(fixed(160))]

    #[test]
    fn ap_runs_replay_undo_and_redo_exactly_and_refusals_change_nothing(
        ops in vec(ap_cmds::op(), 0..60),
        k in 0usize..20,
    ) {
        let run = run_ops(ap_cmds::start(), &ops)?;
        check_log(&run.session, k)?;
    }
}

proptest! {
    #![proptest_config(fixed(24))]

    #[test]
    fn an_ap_session_saved_then_loaded_is_the_same_session(
        ops in vec(ap_cmds::op(), 0..50),
        split in 0usize..50,
    ) {
        saved_then_loaded(ap_cmds::start(), &ops, split)?;
    }
}

#[test]
fn the_ap_generators_reach_accepted_and_refused_commands_of_every_kind() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let (mut accepted, mut refused) = (0, 0);
    let mut kinds = std::collections::BTreeSet::new();
    for _ in 0..80 {
        let ops = vec(ap_cmds::op(), 40)
            .new_tree(&mut runner)
            .unwrap()
            .current();
        let run = run_ops(ap_cmds::start(), &ops).unwrap();
        accepted += run.journal.len();
        refused += run.refused;
        for e in run.session.entries() {
            let debug = format!("{:?}", e.command);
            let kind: String = debug
                .trim_start_matches("Game(Ap(")
                .chars()
                .take_while(|c| c.is_alphanumeric())
                .collect();
            kinds.insert(kind);
        }
    }
    assert!(accepted > 300, "only {accepted} steps accepted");
    assert!(refused > 300, "only {refused} steps refused");
    for kind in [
        "Fight", "Next", "Attack", "Accept", "Damage", "Cast", "Choose", "Move",
    ] {
        assert!(
            kinds.contains(kind),
            "no {kind} was ever accepted: {kinds:?}"
        );
    }
}

/// Every command of ruleset actiondie on a party of its own.
mod actiondie_cmds {
    use super::*;
    use slotmark::dice::ladder::Dice;
    use slotmark::rules::actiondie::{
        Ability, Action, Bonus, CheckSpec, Command as C, DamageSpec, DamageType, Item, NewSheet,
        Roller, Sense, Side as ASide, Stat, Status,
    };

    /// Ids 0-3 are Ana, Bo, the Ogre and the Rat (see [`start`]); 4 names nobody.
    fn who() -> impl Strategy<Value = u32> {
        prop_oneof![10 => 0u32..4, 1 => Just(4u32)]
    }

    fn whos() -> impl Strategy<Value = Vec<u32>> {
        vec(who(), 0..4)
    }

    /// An item, technique or option number (from 0), sometimes past the end.
    fn nth() -> impl Strategy<Value = u8> {
        prop_oneof![6 => 0u8..3, 1 => 3u8..9]
    }

    fn ability() -> impl Strategy<Value = Ability> {
        proptest::sample::select(Ability::ALL.to_vec())
    }

    fn dice() -> impl Strategy<Value = Dice> {
        prop_oneof![
            6 => (1u8..3, proptest::sample::select(vec![4u16, 6, 8, 10, 12])).prop_map(|(n, s)| Dice::new(n, s)),
            1 => (0u8..25, 0u16..110).prop_map(|(n, s)| Dice::new(n, s)),
        ]
    }

    fn kind() -> impl Strategy<Value = DamageType> {
        proptest::sample::select(DamageType::ALL.to_vec())
    }

    fn status() -> impl Strategy<Value = Status> {
        proptest::sample::select(Status::ALL.to_vec())
    }

    fn action() -> BoxedStrategy<Action> {
        prop_oneof![
            3 => option::of(nth()).prop_map(|item| Action::Attack { item }),
            1 => (nth(), 0u8..4).prop_map(|(index, dice)| Action::Technique { index, dice }),
            2 => Just(Action::Defend),
            1 => who().prop_map(|whom| Action::Help { whom }),
            2 => Just(Action::Run),
            1 => option::of(dice()).prop_map(|die| Action::Other { die }),
        ]
        .boxed()
    }

    fn roller() -> BoxedStrategy<Roller> {
        (
            who(),
            ability(),
            option::of(prop_oneof![Just("Climb".to_string()), text()]),
            -3i8..4,
            0u8..3,
            0u8..3,
            vec(proptest::sample::select(Sense::ALL.to_vec()), 0..2),
        )
            .prop_map(|(who, ability, skill, flat, adv, dis, needs)| Roller {
                who,
                ability,
                skill,
                flat,
                adv,
                dis,
                needs,
            })
            .boxed()
    }

    fn item() -> BoxedStrategy<Item> {
        (
            text(),
            0u8..4,
            0u8..4,
            option::of(dice()),
            option::of(kind()),
            option::of(dice()),
        )
            .prop_map(|(name, size, bundle, damage, kind, init)| Item {
                size,
                bundle,
                count: 1,
                damage,
                kind,
                init,
                ..Item::new(name)
            })
            .boxed()
    }

    fn sheets() -> BoxedStrategy<C> {
        let stat = prop_oneof![
            ability().prop_map(Stat::Ability),
            proptest::sample::select(vec![
                Stat::Hp,
                Stat::HpMax,
                Stat::Ar,
                Stat::Movement,
                Stat::Hands,
                Stat::Exhaustion,
                Stat::TechTotal,
                Stat::TechLeft,
                Stat::TechDie,
            ]),
        ];
        prop_oneof![
            1 => (text(), any::<bool>(), [0u8..18, 0u8..18, 0u8..18, 0u8..18], 0u16..20, 0u16..4, 0u8..8)
                .prop_map(|(name, pc, base, hp, ar, movement)| C::Add(Box::new(NewSheet {
                    ar,
                    movement,
                    ..NewSheet::new(name, if pc { ASide::Pc } else { ASide::Creature }, base, hp)
                }))),
            1 => who().prop_map(|who| C::Remove { who }),
            3 => (who(), stat, 0u16..20).prop_map(|(who, stat, value)| C::Set { who, stat, value }),
            1 => (who(), any::<bool>()).prop_map(|(who, on)| C::Bag { who, on }),
            4 => (who(), status(), any::<bool>()).prop_map(|(who, status, on)| C::Status { who, status, on }),
            1 => (who(), text()).prop_map(|(who, of)| C::Afraid { who, of }),
            1 => (who(), kind(), any::<bool>(), any::<bool>())
                .prop_map(|(who, kind, vulnerable, on)| C::Resist { who, kind, vulnerable, on }),
            1 => (who(), prop_oneof![Just("Climb".to_string()), text()], option::of(prop_oneof![
                (-3i8..4).prop_map(Bonus::Flat),
                dice().prop_map(Bonus::Die),
            ])).prop_map(|(who, name, bonus)| C::Skill { who, name: name.into(), bonus }),
            1 => (who(), text(), option::of(dice())).prop_map(|(who, name, init)| C::Learn { who, name: name.into(), init }),
            1 => (who(), nth(), any::<bool>()).prop_map(|(who, index, on)| C::Prepare { who, index, on }),
            2 => (who(), item()).prop_map(|(who, item)| C::Carry { who, item: Box::new(item) }),
            1 => (who(), nth()).prop_map(|(who, index)| C::Drop { who, index }),
            2 => (who(), nth(), any::<bool>()).prop_map(|(who, index, on)| C::Hold { who, index, on }),
            1 => (who(), nth()).prop_map(|(who, index)| C::Break { who, index }),
            1 => (who(), text()).prop_map(|(who, text)| C::Note { who, text }),
        ]
        .boxed()
    }

    fn rolls() -> BoxedStrategy<C> {
        prop_oneof![
            4 => (roller(), option::of(-2i32..12), text())
                .prop_map(|(roller, target, why)| C::Check(Box::new(CheckSpec { roller, target, why }))),
            2 => (roller(), roller(), text()).prop_map(|(a, b, why)| C::Contest(Box::new((a, b, why)))),
            1 => (who(), option::of(0i32..8)).prop_map(|(who, target)| C::Encumbrance { who, target }),
            4 => Just(C::Accept),
            2 => any::<bool>().prop_map(|pass| C::Rule { pass }),
            2 => (0usize..5).prop_map(|option| C::Choose { option }),
            1 => Just(C::Cancel),
        ]
        .boxed()
    }

    fn scene() -> BoxedStrategy<C> {
        prop_oneof![
            2 => (whos(), text()).prop_map(|(who, why)| C::Scene { who: who.into(), why: why.into() }),
            2 => vec(0u32..4, 1..3).prop_map(|who| C::Scene { who: who.into(), why: String::new().into() }),
            6 => (who(), action()).prop_map(|(who, action)| C::Pick { who, action }),
            3 => Just(C::RollInitiative),
            5 => Just(C::Next),
            2 => (who(), action()).prop_map(|(who, action)| C::Reevaluate { who, action }),
            1 => (who(), option::of(action())).prop_map(|(who, action)| C::Join { who, action }),
            1 => whos().prop_map(|ids| C::Order { ids }),
            2 => (who(), 0u16..8).prop_map(|(who, squares)| C::Move { who, squares }),
            1 => who().prop_map(|who| C::Stand { who }),
            1 => Just(C::EndScene),
        ]
        .boxed()
    }

    fn harm() -> BoxedStrategy<C> {
        prop_oneof![
            3 => (who(), option::of(nth()), whos(), any::<bool>())
                .prop_map(|(who, item, targets, crit)| C::Attack { who, item, targets, crit }),
            3 => (whos(), dice(), -3i16..8, option::of(kind()), any::<bool>(), text())
                .prop_map(|(targets, dice, flat, kind, crit, source)| C::Damage(Box::new(DamageSpec {
                    targets, dice, flat, kind, crit, source,
                }))),
            2 => (who(), any::<bool>()).prop_map(|(who, up)| C::Exhaustion { who, up }),
            1 => (who(), 0u8..10).prop_map(|(who, face)| C::Dismember { who, face }),
            1 => (who(), any::<bool>()).prop_map(|(who, on)| C::Dead { who, on }),
            1 => who().prop_map(|who| C::Flee { who }),
            1 => (whos(), any::<bool>(), any::<bool>())
                .prop_map(|(who, full, interrupted)| C::Rest { who, full, interrupted }),
            1 => prop_oneof![0u32..40, Just(2000u32)].prop_map(|minutes| C::Time { minutes }),
        ]
        .boxed()
    }

    pub fn command() -> impl Strategy<Value = Command> {
        prop_oneof![
            2 => sheets(),
            3 => rolls(),
            8 => scene(),
            2 => harm(),
        ]
        .prop_map(|c| Command::Game(slotmark::rules::GameCommand::ActionDie(c)))
    }

    /// Faces for one command: mostly faces every die shows, some only larger dice show, now
    /// and then a 0; enough for a few dice rolled twice.
    pub fn faces() -> impl Strategy<Value = Vec<u16>> {
        vec(
            prop_oneof![6 => 1u16..=4, 3 => 1u16..=8, 1 => 1u16..=12, 1 => Just(0u16)],
            0..24,
        )
    }

    pub fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            8 => (command(), faces()).prop_map(|(c, f)| Op::Exec(c, f)),
            1 => Just(Op::Undo),
            1 => Just(Op::Redo),
        ]
    }

    /// Ana and Bo (PCs) with a sword, a skill and a prepared technique; an Ogre and a Rat.
    /// Built through the command language, then taken as a new session's first state.
    pub fn start() -> Session {
        let mut s = Session::new(session::SessionState::new(
            "Props",
            slotmark::rules::RulesetId::ActionDie,
        ));
        for line in [
            "add Ana pc d8 d6 d6 d4 10 ar 1",
            "add Bo pc d6 d8 d6 d6 8",
            "add Ogre creature 2d6 d4 d4 d4 12 move 4",
            "add Rat creature d4 d8 d6 0 3",
            "carry Ana Sword damage d8 slash",
            "hold Ana 1",
            "carry Ana Arrows bundle 20",
            "skill Ana Climb +2",
            "set Bo tech 3",
            "set Bo techleft 3",
            "learn Bo Whirl",
            "prepare Bo 1",
        ] {
            let command = match slotmark::script::parse_line(line, s.state()) {
                Ok(slotmark::script::Line::Command(c)) => c,
                other => panic!("{line}: {other:?}"),
            };
            s.execute(command, &mut ScriptedDice::new([]))
                .unwrap_or_else(|e| panic!("{line}: {e}"));
        }
        Session::new(s.state().clone())
    }
}

proptest! {
    #![proptest_config(fixed(160))]

    #[test]
    fn actiondie_runs_replay_undo_and_redo_exactly_and_refusals_change_nothing(
        ops in vec(actiondie_cmds::op(), 0..60),
        k in 0usize..20,
    ) {
        let run = run_ops(actiondie_cmds::start(), &ops)?;
        check_log(&run.session, k)?;
    }
}

proptest! {
    #![proptest_config(fixed(24))]

    #[test]
    fn an_actiondie_session_saved_then_loaded_is_the_same_session(
        ops in vec(actiondie_cmds::op(), 0..50),
        split in 0usize..50,
    ) {
        saved_then_loaded(actiondie_cmds::start(), &ops, split)?;
    }
}

#[test]
fn the_actiondie_generators_reach_accepted_and_refused_commands_of_every_kind() {
    // Guards the properties against a generator that only ever produces refusals, or never
    // gets a round going or a roll answered.
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut accepted = 0;
    let mut refused = 0;
    let mut kinds = std::collections::BTreeSet::new();
    for _ in 0..80 {
        let ops = vec(actiondie_cmds::op(), 40)
            .new_tree(&mut runner)
            .unwrap()
            .current();
        let run = run_ops(actiondie_cmds::start(), &ops).unwrap();
        accepted += run.journal.len();
        refused += run.refused;
        for e in run.session.entries() {
            let debug = format!("{:?}", e.command);
            let kind: String = debug
                .trim_start_matches("Game(ActionDie(")
                .chars()
                .take_while(|c| c.is_alphanumeric())
                .collect();
            kinds.insert(kind);
        }
    }
    assert!(accepted > 300, "only {accepted} steps accepted");
    assert!(refused > 300, "only {refused} steps refused");
    for kind in [
        "Scene",
        "Pick",
        "RollInitiative",
        "Next",
        "Attack",
        "Damage",
        "Check",
        "Accept",
        "Contest",
    ] {
        assert!(
            kinds.contains(kind),
            "no {kind} was ever accepted: {kinds:?}"
        );
    }
}

/// A long session keeps a checkpoint every `CHECKPOINT_EVERY` entries only near the cursor and
/// every `SPARSE_EVERY` further back, however it was reached (played, rebuilt from its log);
/// undoing far back into the sparse stretch still lands on the states a replay gives, and
/// playing on from there keeps the log whole. (Notes make the bulk: quick to apply in a debug
/// build, and each one changes the state.)
#[test]
fn long_sessions_keep_few_checkpoints_and_undo_far_back_exactly() {
    let steps = 10_000;
    let most = session::DENSE_SPAN / session::CHECKPOINT_EVERY + steps / session::SPARSE_EVERY + 2;
    let mut played = realistic_session(300, 11);
    let mut dice = slotmark::dice::LiveDice::seeded(5);
    while played.cursor() < steps {
        let note = Command::Note(format!("line {}", played.cursor()));
        played.execute(note, &mut dice).expect("a note applies");
    }
    assert!(
        played.checkpoint_count() <= most,
        "{} checkpoints after {steps} steps played (at most {most})",
        played.checkpoint_count()
    );
    let rebuilt = Session::from_log(
        played.initial().clone(),
        played.entries().to_vec(),
        played.cursor(),
    )
    .expect("the log replays");
    assert!(rebuilt.checkpoint_count() <= most);

    // From 10,000 back to 4,500: past the dense stretch (from 5,904 up) into the sparse one.
    let mut back = played;
    for undone in 1..=5_500 {
        back.undo().expect("undo");
        if undone % 1_100 == 0 {
            let replayed = session::replay(back.initial(), back.applied()).expect("replay");
            assert_eq!(back.state(), &replayed, "after {undone} undos");
        }
    }
    let mut rng = support::Lcg(5);
    while back.cursor() < 4_500 + 300 {
        let command = support::realistic_command(&mut rng, back.state());
        let _ = back.execute(command, &mut dice);
    }
    // Undo and re-apply only steps played since: older ones let their events go long ago.
    check_log(&back, 250).expect("the log stays whole");
}

/// A long log holds one copy of each fight mark, however many steps, turns and fights share it:
/// the same rounds and fighters come back in every fight. Each fighter's name is held once for
/// all the turns it begins, and every roll drawn for the same purpose shares one copy of its
/// text. All three hold for a session played and for the same session read back from its file.
#[test]
fn a_long_log_shares_its_fight_marks_and_roll_purposes() {
    use std::collections::HashSet;
    use std::sync::Arc;
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("long.ron");
    // Evenings of short fights: the same rounds and fighters in fight after fight.
    let played =
        support::evening::long_script(slotmark::rules::RulesetId::Ap, 3_000, 7, "marks").session;
    drop(Store::create(&path, &played).expect("the session saves"));
    let read = store::load(&path).expect("the session reads back");
    for (how, s) in [("played", &played), ("read back", &read)] {
        let marks: Vec<_> = s
            .entries()
            .iter()
            .filter_map(|e| e.fight.as_ref())
            .collect();
        let held: HashSet<*const session::FightMark> =
            marks.iter().map(|m| Arc::as_ptr(m)).collect();
        let values: HashSet<&session::FightMark> = marks.iter().map(|m| &***m).collect();
        assert!(
            marks.len() > 1_000,
            "{how}: only {} steps in fights",
            marks.len()
        );
        assert_eq!(
            held.len(),
            values.len(),
            "{how}: one copy of each of the {} fight marks",
            values.len()
        );
        let names: Vec<&Arc<str>> = marks.iter().filter_map(|m| m.turn.as_ref()).collect();
        let copies: HashSet<*const u8> = names.iter().map(|n| n.as_ptr()).collect();
        let texts: HashSet<&str> = names.iter().map(|n| &***n).collect();
        assert!(names.len() > 100, "{how}: only {} turns", names.len());
        assert_eq!(copies.len(), texts.len(), "{how}: one copy of each name");
        let rolls: Vec<_> = s.entries().iter().flat_map(|e| e.rolls.iter()).collect();
        let texts: HashSet<&str> = rolls.iter().map(|r| &*r.purpose).collect();
        let copies: HashSet<*const u8> = rolls.iter().map(|r| r.purpose.as_ptr()).collect();
        assert!(rolls.len() > texts.len(), "{how}: too few rolls to share");
        assert_eq!(copies.len(), texts.len(), "{how}: one copy of each purpose");
    }
}
