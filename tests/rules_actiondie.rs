//! Ruleset `actiondie` (rule file 004, ACTION-DIE-RULES.md D1-D43), one test or more per rule,
//! driven through `Session::execute` with scripted dice so every step is also undone and redone.

use slotmark::dice::ScriptedDice;
use slotmark::dice::ladder::Dice;
use slotmark::rules::actiondie::{
    Ability, Action, Ask, Bonus, Character, CheckSpec, Command as C, DamageSpec, DamageType, Event,
    Item, NewSheet, Roller, Sense, Side, Stat, State, Status, Wait,
};
use slotmark::rules::{GameCommand, GameEvent, GameState, PendingView, Role, RulesetId};
use slotmark::session::{self, Session, SessionState};

// ---------------------------------------------------------------- the table

struct T {
    s: Session,
}

/// Ladder indexes (D41).
const ZERO: u8 = 0;
const D4: u8 = 1;
const D6: u8 = 2;
const D8: u8 = 3;
const D12: u8 = 5;
const TWO_D6: u8 = 6;

impl T {
    /// Ana (PC: STR d8, DEX d6, AWR d6, WIL d4; HP 10, AR 1, movement 6) and an Ogre
    /// (creature: STR 2d6, DEX d4, AWR d4, WIL d4; HP 12, AR 0, movement 4).
    fn new() -> T {
        let mut t = T {
            s: Session::new(SessionState::new("test", RulesetId::ActionDie)),
        };
        t.add("Ana", Side::Pc, [D8, D6, D6, D4], 10, 1, 6);
        t.add("Ogre", Side::Creature, [TWO_D6, D4, D4, D4], 12, 0, 4);
        t
    }

    fn add(&mut self, name: &str, side: Side, base: [u8; 4], hp: u16, ar: u16, movement: u8) {
        self.run(
            C::Add(Box::new(NewSheet {
                ar,
                movement,
                ..NewSheet::new(name, side, base, hp)
            })),
            &[],
        );
    }

    fn st(&self) -> &State {
        match &self.s.state().game {
            GameState::ActionDie(s) => s,
            other => panic!(
                "an actiondie session was expected, not {:?}",
                other.ruleset()
            ),
        }
    }

    fn id(&self, name: &str) -> u32 {
        self.c(name).id
    }

    fn c(&self, name: &str) -> &Character {
        self.st()
            .characters
            .iter()
            .find(|c| c.name == name)
            .unwrap_or_else(|| panic!("no {name}"))
    }

    /// Runs a command that must succeed and use exactly `faces`; undoing and redoing it must
    /// give the same state back.
    fn run(&mut self, c: C, faces: &[u16]) -> Vec<String> {
        let mut dice = ScriptedDice::new(faces.iter().copied());
        let entry = match self.s.execute(
            session::Command::Game(GameCommand::ActionDie(c.clone())),
            &mut dice,
        ) {
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
                session::Event::Game(GameEvent::ActionDie(Event::Said { text, .. })) => text,
                other => panic!("unexpected event {other:?}"),
            })
            .collect()
    }

    /// Runs a command that must be refused, changing nothing; returns the message.
    fn refuse(&mut self, c: C, faces: &[u16]) -> String {
        let before = self.s.state().clone();
        let len = self.s.entries().len();
        let mut dice = ScriptedDice::new(faces.iter().copied());
        let err = match self.s.execute(
            session::Command::Game(GameCommand::ActionDie(c.clone())),
            &mut dice,
        ) {
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

    fn roll(&self) -> &slotmark::rules::actiondie::Roll {
        match self.st().queue.first() {
            Some(Wait::Roll(r)) => r,
            other => panic!("a roll should wait, not {other:?}"),
        }
    }

    fn ask(&self) -> (Ask, usize, Vec<String>) {
        match self.st().queue.first() {
            Some(Wait::Ask(q)) => (q.ask.clone(), q.proposed, q.options.clone()),
            other => panic!("a question should wait, not {other:?}"),
        }
    }

    fn status(&mut self, name: &str, status: Status, on: bool) {
        let who = self.id(name);
        self.run(C::Status { who, status, on }, &[]);
    }

    fn set(&mut self, name: &str, stat: Stat, value: u16) {
        let who = self.id(name);
        self.run(C::Set { who, stat, value }, &[]);
    }

    fn skill(&mut self, name: &str, skill: &str, bonus: Bonus) {
        let who = self.id(name);
        let name = skill.into();
        self.run(
            C::Skill {
                who,
                name,
                bonus: Some(bonus),
            },
            &[],
        );
    }

    fn check(&mut self, r: Roller, target: Option<i32>, faces: &[u16]) -> Vec<String> {
        self.run(
            C::Check(Box::new(CheckSpec {
                roller: r,
                target,
                why: String::new(),
            })),
            faces,
        )
    }

    fn roller(&self, name: &str, a: Ability) -> Roller {
        Roller::new(self.id(name), a)
    }

    fn carry(&mut self, name: &str, item: Item) {
        let who = self.id(name);
        self.run(
            C::Carry {
                who,
                item: Box::new(item),
            },
            &[],
        );
    }

    fn sword(&mut self, name: &str) -> u8 {
        let mut it = Item::new("Sword");
        it.damage = Some(Dice::new(1, 8));
        it.kind = Some(DamageType::Slash);
        self.carry(name, it);
        let who = self.id(name);
        let index = (self.c(name).items.len() - 1) as u8;
        self.run(
            C::Hold {
                who,
                index,
                on: true,
            },
            &[],
        );
        index
    }

    fn scene(&mut self) {
        self.run(
            C::Scene {
                who: Vec::new().into(),
                why: String::new().into(),
            },
            &[],
        );
    }

    fn pick(&mut self, name: &str, action: Action) {
        let who = self.id(name);
        self.run(C::Pick { who, action }, &[]);
    }

    fn order(&self) -> Vec<String> {
        self.st()
            .fight
            .as_ref()
            .unwrap()
            .entries
            .iter()
            .map(|e| {
                self.st()
                    .characters
                    .iter()
                    .find(|c| c.id == e.id)
                    .unwrap()
                    .name
                    .clone()
            })
            .collect()
    }

    fn acting(&self) -> Option<String> {
        let id = self.st().fight.as_ref()?.acting?;
        Some(
            self.st()
                .characters
                .iter()
                .find(|c| c.id == id)?
                .name
                .clone(),
        )
    }

    fn count(&self, name: &str) -> u32 {
        let id = self.id(name);
        self.st().fight.as_ref().unwrap().entry(id).unwrap().count
    }

    fn damage(
        &mut self,
        targets: &[&str],
        dice: Dice,
        flat: i16,
        kind: Option<DamageType>,
        faces: &[u16],
    ) -> Vec<String> {
        let targets = targets.iter().map(|n| self.id(n)).collect();
        self.run(
            C::Damage(Box::new(DamageSpec {
                targets,
                dice,
                flat,
                kind,
                crit: false,
                source: "Trap".into(),
            })),
            faces,
        )
    }

    /// Ana attacks unarmed (d4), the Ogre defends (d4); the rolls are given.
    fn round_with(&mut self, ana: Action, ogre: Action, faces: &[u16]) {
        self.pick("Ana", ana);
        self.pick("Ogre", ogre);
        self.run(C::RollInitiative, faces);
    }
}

fn has(lines: &[String], part: &str) -> bool {
    lines.iter().any(|l| l.contains(part))
}

// ---------------------------------------------------------------- sheet and abilities

#[test]
fn d1_abilities_are_rungs_from_0_to_5d12_with_a_base_and_an_effective_rung() {
    let mut t = T::new();
    assert_eq!(t.c("Ana").dice(Ability::Str).to_string(), "d8");
    assert_eq!(t.c("Ogre").dice(Ability::Str).to_string(), "2d6");
    let err = t.refuse(
        C::Add(Box::new(NewSheet::new(
            "Giant",
            Side::Creature,
            [17, 0, 0, 0],
            5,
        ))),
        &[],
    );
    assert!(err.contains("die ladder"), "{err}");
    t.status("Ana", Status::Frozen, true);
    assert_eq!(t.c("Ana").base[Ability::Str.index()], D8);
    assert_eq!(t.c("Ana").dice(Ability::Str).to_string(), "d6");
}

#[test]
fn d2_an_abilitys_value_is_the_median_of_its_effective_rung() {
    let mut t = T::new();
    assert_eq!(t.c("Ana").value(Ability::Str), 4);
    assert_eq!(t.c("Ogre").value(Ability::Str), 7);
    t.status("Ana", Status::Frozen, true);
    assert_eq!(t.c("Ana").value(Ability::Str), 3);
}

#[test]
fn d3_status_steps_stack_count_once_and_clearing_restores_the_rung() {
    let mut t = T::new();
    t.status("Ana", Status::Blind, true);
    t.status("Ana", Status::Deaf, true);
    assert_eq!(t.c("Ana").dice(Ability::Awr).to_string(), "0");
    let who = t.id("Ana");
    let err = t.refuse(
        C::Status {
            who,
            status: Status::Blind,
            on: true,
        },
        &[],
    );
    assert!(err.contains("already"), "{err}");
    t.status("Ana", Status::Deaf, false);
    assert_eq!(t.c("Ana").dice(Ability::Awr).to_string(), "d4");
    t.status("Ana", Status::Blind, false);
    assert_eq!(t.c("Ana").dice(Ability::Awr).to_string(), "d6");
    // WIL d4 under Scorched goes to 0 and no lower.
    t.status("Ana", Status::Scorched, true);
    assert_eq!(t.c("Ana").rung(Ability::Wil), ZERO);
}

#[test]
fn d4_the_sheet_keeps_hp_ar_movement_hands_technique_dice_and_skills() {
    let mut t = T::new();
    let a = t.c("Ana");
    assert_eq!(
        (a.hp, a.hp_max, a.ar, a.movement, a.hands, a.tech_die),
        (10, 10, 1, 6, 2, 6)
    );
    t.set("Ana", Stat::TechTotal, 3);
    t.set("Ana", Stat::TechLeft, 2);
    let who = t.id("Ana");
    t.refuse(
        C::Set {
            who,
            stat: Stat::TechLeft,
            value: 4,
        },
        &[],
    );
    t.skill("Ana", "Climb", Bonus::Flat(2));
    t.skill("Ana", "Lore", Bonus::Die(Dice::new(1, 4)));
    t.set("Ana", Stat::Ar, 12);
    let a = t.c("Ana");
    assert_eq!(
        (a.tech_total, a.tech_left, a.skills.len(), a.ar),
        (3, 2, 2, 12)
    );
}

// ---------------------------------------------------------------- checks and contests

#[test]
fn d5_a_check_rolls_the_effective_rung_plus_bonuses_and_a_target_waits_for_the_judge() {
    let mut t = T::new();
    t.skill("Ana", "Climb", Bonus::Flat(2));
    let mut r = t.roller("Ana", Ability::Str);
    r.skill = Some("climb".into());
    t.check(r.clone(), Some(7), &[5]);
    assert_eq!((t.roll().total, t.roll().pass()), (7, true));
    let out = t.run(C::Accept, &[]);
    assert!(
        has(
            &out,
            "Ana: STR check: d8 5 + 2 = 7 against target 7: a pass"
        ),
        "{out:?}"
    );
    // The judge overrules the book.
    t.check(r, Some(8), &[5]);
    assert!(!t.roll().pass());
    t.run(C::Rule { pass: true }, &[]);
    let out = t.run(C::Accept, &[]);
    assert!(has(&out, "ruled a pass (the dice said a fail: "), "{out:?}");
    // With no target, the total is shown and nothing waits; rung 0 rolls nothing.
    t.set("Ana", Stat::Ability(Ability::Wil), 0);
    let out = t.check(t.roller("Ana", Ability::Wil), None, &[]);
    assert!(has(&out, "= 0"), "{out:?}");
    assert!(t.st().queue.is_empty());
}

#[test]
fn d6_advantage_rolls_the_whole_check_twice_and_keeps_the_higher_total() {
    let mut t = T::new();
    t.skill("Ana", "Lore", Bonus::Die(Dice::new(1, 4)));
    let mut r = t.roller("Ana", Ability::Str);
    r.skill = Some("Lore".into());
    r.adv = 2;
    // Two whole checks: d8 + d4 each; 2+1 and 6+3.
    t.check(r.clone(), Some(1), &[2, 1, 6, 3]);
    assert_eq!((t.roll().total, t.roll().kept), (9, 1));
    t.run(C::Cancel, &[]);
    r.adv = 0;
    r.dis = 1;
    t.check(r.clone(), Some(1), &[2, 1, 6, 3]);
    assert_eq!(t.roll().total, 3);
    t.run(C::Cancel, &[]);
    // Any advantage with any disadvantage rolls once.
    r.adv = 1;
    t.check(r, Some(1), &[4, 4]);
    assert_eq!((t.roll().attempts.len(), t.roll().total), (1, 8));
}

#[test]
fn d6_d8_a_waiting_checks_title_and_how_name_the_dice_the_skill_and_every_edge() {
    let mut t = T::new();
    t.skill("Ana", "Climb", Bonus::Flat(2));
    t.status("Ana", Status::Blind, true);
    let mut r = t.roller("Ana", Ability::Str);
    r.skill = Some("climb".into());
    r.flat = -1;
    r.adv = 1;
    r.needs = vec![Sense::Sight];
    t.run(
        C::Check(Box::new(CheckSpec {
            roller: r.clone(),
            target: Some(5),
            why: "  the wall ".into(),
        })),
        &[4],
    );
    let words = |t: &T| (t.roll().title.to_string(), t.roll().how.to_string());
    assert_eq!(
        words(&t),
        (
            "Ana: STR check, the wall".to_string(),
            "STR d8 Climb +2 -1 (advantage, Blind: needs sight)".to_string()
        )
    );
    t.run(C::Cancel, &[]);
    r.needs.clear();
    r.flat = 0;
    r.skill = None;
    t.check(r.clone(), Some(5), &[4, 6]);
    assert_eq!(
        words(&t),
        (
            "Ana: STR check".to_string(),
            "STR d8; rolled twice, the higher total kept (advantage)".to_string()
        )
    );
    // The pending roll on the screen reads the same words.
    match t.s.state().game.pending() {
        Some(PendingView::Roll(v)) => assert_eq!((v.title, v.how), words(&t)),
        other => panic!("{other:?}"),
    }
    // A state read from a file keeps the words it was saved with, and equals the made one
    // exactly when the words are the same.
    let text = ron::to_string(t.st()).unwrap();
    let read: State = ron::from_str(&text).unwrap();
    assert_eq!(&read, t.st());
    assert_eq!(ron::to_string(&read).unwrap(), text);
    let other: State = ron::from_str(&text.replace("total kept", "sum kept")).unwrap();
    assert_ne!(&other, t.st());
    t.run(C::Cancel, &[]);
    r.adv = 0;
    r.dis = 1;
    t.check(r, Some(5), &[4, 6]);
    assert_eq!(
        t.roll().how.to_string(),
        "STR d8; rolled twice, the lower total kept (disadvantage)"
    );
}

#[test]
fn d7_a_contest_goes_to_the_higher_total_and_ties_roll_again() {
    let mut t = T::new();
    let (a, b) = (
        t.roller("Ana", Ability::Str),
        t.roller("Ogre", Ability::Str),
    );
    // Ana d8 5 against Ogre 2d6 2+3: a tie; then 6 against 1+1.
    let out = t.run(
        C::Contest(Box::new((a.clone(), b.clone(), "a shove".into()))),
        &[5, 2, 3, 6, 1, 1],
    );
    assert!(has(&out, "A tie"), "{out:?}");
    assert!(has(&out, "Ana wins the contest"), "{out:?}");
    let out = t.run(C::Contest(Box::new((a, b, String::new()))), &[1, 6, 6]);
    assert!(has(&out, "Ogre wins"), "{out:?}");
}

#[test]
fn d8_blind_deaf_and_mute_give_disadvantage_where_their_sense_is_needed() {
    let mut t = T::new();
    t.status("Ana", Status::Blind, true);
    let mut r = t.roller("Ana", Ability::Dex);
    t.check(r.clone(), Some(1), &[5]);
    assert_eq!(t.roll().attempts.len(), 1, "no sense needed: one roll");
    t.run(C::Cancel, &[]);
    r.needs = vec![Sense::Sight];
    t.check(r.clone(), Some(1), &[5, 2]);
    assert_eq!((t.roll().attempts.len(), t.roll().total), (2, 2));
    t.run(C::Cancel, &[]);
    r.needs = vec![Sense::Voice];
    t.check(r.clone(), Some(1), &[5]);
    assert_eq!(t.roll().attempts.len(), 1, "Ana can speak");
    t.run(C::Cancel, &[]);
    t.status("Ana", Status::Mute, true);
    t.check(r, Some(1), &[5, 2]);
    assert_eq!(t.roll().total, 2);
}

// ---------------------------------------------------------------- turns and initiative

#[test]
fn d9_an_initiative_scene_opens_for_anything_where_order_matters() {
    let mut t = T::new();
    let out = t.run(
        C::Scene {
            who: vec![t.id("Ana")].into(),
            why: "a race".into(),
        },
        &[],
    );
    assert!(has(&out, "a race"), "{out:?}");
    let f = t.st().fight.clone().unwrap();
    assert_eq!((f.round, f.rolled, f.entries.len()), (1, false, 1));
    t.refuse(
        C::Scene {
            who: Vec::new().into(),
            why: String::new().into(),
        },
        &[],
    );
    t.run(C::EndScene, &[]);
    assert!(t.st().fight.is_none());
}

#[test]
fn d10_movement_splits_around_the_action_up_to_the_effective_movement() {
    let mut t = T::new();
    t.scene();
    t.round_with(Action::Attack { item: None }, Action::Defend, &[1, 4]);
    assert_eq!(t.acting().as_deref(), Some("Ana"));
    let who = t.id("Ana");
    t.run(C::Move { who, squares: 2 }, &[]);
    t.run(C::Move { who, squares: 4 }, &[]);
    let err = t.refuse(C::Move { who, squares: 1 }, &[]);
    assert!(err.contains("0 of 6"), "{err}");
    let ogre = t.id("Ogre");
    let err = t.refuse(
        C::Move {
            who: ogre,
            squares: 1,
        },
        &[],
    );
    assert!(err.contains("own turn"), "{err}");
}

/// D10: a turn is one action. A second attack in the attacker's own turn goes through (a
/// technique or the judge may grant it) but is said, where it was taken silently.
#[test]
fn d10_a_second_attack_in_one_turn_is_said_to_break_the_one_action() {
    let mut t = T::new();
    t.scene();
    t.round_with(Action::Attack { item: None }, Action::Defend, &[1, 4]);
    assert_eq!(t.acting().as_deref(), Some("Ana"));
    let (ana, ogre) = (t.id("Ana"), t.id("Ogre"));
    let attack = || C::Attack {
        who: ana,
        item: None,
        targets: vec![ogre],
        crit: false,
    };
    let first = t.run(attack(), &[1]);
    assert!(!has(&first, "already attacked"), "{first:?}");
    let second = t.run(attack(), &[1]);
    assert!(
        has(&second, "Ana has already attacked this turn"),
        "{second:?}"
    );
    assert!(has(&second, "(D10)"), "{second:?}");
}

#[test]
fn d11_each_action_rolls_its_own_die_and_an_items_die_wins() {
    let mut t = T::new();
    let sword = t.sword("Ana");
    let mut axe = Item::new("Quick axe");
    axe.damage = Some(Dice::new(1, 10));
    axe.init = Some(Dice::new(1, 4));
    t.carry("Ana", axe);
    t.set("Ana", Stat::TechTotal, 3);
    t.set("Ana", Stat::TechLeft, 3);
    let who = t.id("Ana");
    t.run(
        C::Learn {
            who,
            name: "Whirl".into(),
            init: None,
        },
        &[],
    );
    let cases: Vec<(Action, &str)> = vec![
        (Action::Attack { item: Some(sword) }, "d8"),
        (Action::Attack { item: Some(1) }, "d4"),
        (Action::Attack { item: None }, "d4"),
        (Action::Defend, "d4"),
        (Action::Help { whom: t.id("Ogre") }, "d6"),
        (Action::Run, "d6"),
        (Action::Other { die: None }, "d6"),
        (
            Action::Other {
                die: Some(Dice::new(1, 12)),
            },
            "d12",
        ),
    ];
    for (action, die) in cases {
        assert_eq!(
            slotmark::rules::actiondie::initiative::action_die(t.st(), who, &action).to_string(),
            die,
            "{action:?}"
        );
    }
    // A technique must be prepared; its k dice are spent when the initiative is rolled.
    t.scene();
    let err = t.refuse(
        C::Pick {
            who,
            action: Action::Technique { index: 0, dice: 2 },
        },
        &[],
    );
    assert!(err.contains("not prepared"), "{err}");
    t.run(
        C::Prepare {
            who,
            index: 0,
            on: true,
        },
        &[],
    );
    t.refuse(
        C::Pick {
            who,
            action: Action::Technique { index: 0, dice: 4 },
        },
        &[],
    );
    t.round_with(
        Action::Technique { index: 0, dice: 2 },
        Action::Defend,
        &[3, 4, 1],
    );
    assert_eq!(t.c("Ana").tech_left, 1);
    assert_eq!(t.count("Ana"), 7);
}

#[test]
fn d11_defend_adds_2_ar_until_the_defenders_next_turn() {
    let mut t = T::new();
    t.scene();
    // Ogre defends at 1, Ana attacks at 4.
    t.round_with(Action::Attack { item: None }, Action::Defend, &[4, 1]);
    assert_eq!(t.acting().as_deref(), Some("Ogre"));
    assert_eq!(t.c("Ogre").ar_now(), 2);
    t.run(C::Next, &[]);
    t.run(C::Next, &[]);
    // Round 2: still defended until the Ogre's turn starts, wherever it falls.
    assert_eq!(t.c("Ogre").ar_now(), 2);
    t.round_with(
        Action::Attack { item: None },
        Action::Attack { item: None },
        &[1, 3],
    );
    assert_eq!(t.acting().as_deref(), Some("Ana"));
    assert_eq!(t.c("Ogre").ar_now(), 2);
    t.run(C::Next, &[]);
    assert_eq!(t.acting().as_deref(), Some("Ogre"));
    assert_eq!(t.c("Ogre").ar_now(), 0);
}

#[test]
fn d11_help_gives_advantage_on_the_next_check_until_the_helpers_next_turn() {
    let mut t = T::new();
    t.add("Bo", Side::Pc, [D6, D6, D6, D6], 8, 0, 6);
    let bo = t.id("Bo");
    t.run(
        C::Scene {
            who: vec![t.id("Ana"), bo].into(),
            why: String::new().into(),
        },
        &[],
    );
    t.pick("Ana", Action::Help { whom: bo });
    t.pick("Bo", Action::Other { die: None });
    t.run(C::RollInitiative, &[2, 5]);
    assert!(t.c("Bo").helped.is_some());
    // Bo's next check is rolled twice, the higher kept; the help is then spent.
    t.check(t.roller("Bo", Ability::Dex), Some(1), &[1, 6]);
    assert_eq!(t.roll().total, 6);
    t.run(C::Cancel, &[]);
    assert!(t.c("Bo").helped.is_none());
    // Unused help runs out as Ana's next turn begins.
    t.run(C::Next, &[]);
    t.run(C::Next, &[]);
    t.pick("Ana", Action::Help { whom: bo });
    t.pick("Bo", Action::Other { die: None });
    t.run(C::RollInitiative, &[1, 5]);
    t.run(C::Next, &[]);
    t.run(C::Next, &[]);
    assert!(t.c("Bo").helped.is_some());
    t.pick("Ana", Action::Defend);
    t.pick("Bo", Action::Other { die: None });
    t.run(C::RollInitiative, &[1, 5]);
    assert!(t.c("Bo").helped.is_none());
}

#[test]
fn d11_run_doubles_movement_until_the_round_ends() {
    let mut t = T::new();
    t.scene();
    t.round_with(Action::Run, Action::Defend, &[1, 4]);
    assert_eq!(t.c("Ana").movement_now(), 12);
    t.run(C::Next, &[]);
    assert_eq!(t.c("Ana").movement_now(), 12);
    t.run(C::Next, &[]);
    assert_eq!(t.c("Ana").movement_now(), 6);
}

#[test]
fn d12_taking_an_item_from_a_non_quick_slot_is_the_turns_action() {
    let mut t = T::new();
    // Ana's DEX d6 (3): quick slots 7. Eight items: the eighth is not quick.
    for i in 0..8 {
        t.carry("Ana", Item::new(format!("Thing {i}")));
    }
    let who = t.id("Ana");
    let out = t.run(
        C::Hold {
            who,
            index: 0,
            on: true,
        },
        &[],
    );
    assert!(has(&out, "quick slot"), "{out:?}");
    t.run(
        C::Hold {
            who,
            index: 0,
            on: false,
        },
        &[],
    );
    let out = t.run(
        C::Hold {
            who,
            index: 7,
            on: true,
        },
        &[],
    );
    assert!(has(&out, "turn's action"), "{out:?}");
}

#[test]
fn d13_effective_movement_multiplies_its_factors_and_rounds_down_once() {
    let mut t = T::new();
    t.set("Ana", Stat::Movement, 5);
    t.status("Ana", Status::Prone, true);
    assert_eq!(t.c("Ana").movement_now(), 2);
    t.set("Ana", Stat::Exhaustion, 1);
    assert_eq!(t.c("Ana").movement_now(), 1);
    t.status("Ana", Status::Prone, false);
    t.set("Ana", Stat::Exhaustion, 0);
    t.status("Ana", Status::Immobile, true);
    assert_eq!(t.c("Ana").movement_now(), 0);
    t.status("Ana", Status::Immobile, false);
    let who = t.id("Ana");
    t.run(C::Dismember { who, face: 4 }, &[]);
    assert_eq!(t.c("Ana").movement_now(), 1);
    t.scene();
    t.round_with(Action::Run, Action::Defend, &[1, 4]);
    assert_eq!(t.c("Ana").movement_now(), 2, "a lost leg's 1 still doubles");
}

#[test]
fn d14_nothing_is_rolled_until_every_able_participant_has_chosen() {
    let mut t = T::new();
    t.scene();
    t.pick("Ana", Action::Defend);
    let err = t.refuse(C::RollInitiative, &[1, 1]);
    assert!(err.contains("Ogre"), "{err}");
    // An Unconscious participant chooses nothing, and is not waited for.
    t.status("Ogre", Status::Unconscious, true);
    let ogre = t.id("Ogre");
    let err = t.refuse(
        C::Pick {
            who: ogre,
            action: Action::Defend,
        },
        &[],
    );
    assert!(err.contains("Unconscious"), "{err}");
    t.run(C::RollInitiative, &[2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    let who = t.id("Ana");
    let err = t.refuse(
        C::Pick {
            who,
            action: Action::Run,
        },
        &[],
    );
    assert!(err.contains("Reevaluate"), "{err}");
}

#[test]
fn d15_each_rolls_its_actions_die_and_an_unconscious_one_rolls_10d10() {
    let mut t = T::new();
    t.scene();
    t.status("Ogre", Status::Unconscious, true);
    t.pick("Ana", Action::Defend);
    t.run(C::RollInitiative, &[3, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    assert_eq!(t.count("Ana"), 3);
    assert_eq!(t.count("Ogre"), 55);
    let ogre = t
        .st()
        .fight
        .as_ref()
        .unwrap()
        .entry(t.id("Ogre"))
        .unwrap()
        .clone();
    assert_eq!(ogre.die().unwrap().to_string(), "10d10");
}

#[test]
fn d16_ties_go_to_the_higher_dex_then_the_smaller_die_then_the_judge() {
    let mut t = T::new();
    t.scene();
    // Both at 4: Ana's DEX d6 beats the Ogre's d4.
    t.round_with(Action::Defend, Action::Defend, &[4, 4]);
    assert_eq!(t.order(), ["Ana", "Ogre"]);
    t.run(C::EndScene, &[]);
    // Same DEX: the smaller die first (Ogre's d4 against Ana's d6).
    t.set("Ogre", Stat::Ability(Ability::Dex), u16::from(D6));
    t.scene();
    t.round_with(Action::Run, Action::Defend, &[4, 4]);
    assert_eq!(t.order(), ["Ogre", "Ana"]);
    t.run(C::EndScene, &[]);
    // Same die too: the judge is asked, the roster order proposed.
    t.scene();
    t.round_with(Action::Defend, Action::Defend, &[2, 2]);
    let (ask, proposed, options) = t.ask();
    assert!(matches!(ask, Ask::Tie { .. }));
    assert_eq!(
        (proposed, options),
        (0, vec!["Ana".to_string(), "Ogre".to_string()])
    );
    assert_eq!(t.acting(), None, "no turn before the tie is settled");
    t.run(C::Choose { option: 1 }, &[]);
    assert_eq!(t.order(), ["Ogre", "Ana"]);
    assert_eq!(t.acting().as_deref(), Some("Ogre"));
}

#[test]
fn d17_lowest_initiative_die_acts_first() {
    let mut t = T::new();
    t.scene();
    t.round_with(Action::Attack { item: None }, Action::Run, &[4, 2]);
    assert_eq!(t.order(), ["Ogre", "Ana"]);
    assert_eq!(t.acting().as_deref(), Some("Ogre"));
    t.run(C::Next, &[]);
    assert_eq!(t.acting().as_deref(), Some("Ana"));
}

#[test]
fn d17_a_knocked_out_participant_keeps_its_count_and_a_late_joiner_acts_next() {
    let mut t = T::new();
    t.add("Rat", Side::Creature, [D4, D8, D4, ZERO], 3, 0, 6);
    t.run(
        C::Scene {
            who: vec![t.id("Ana"), t.id("Ogre")].into(),
            why: String::new().into(),
        },
        &[],
    );
    t.round_with(
        Action::Run,
        Action::Other {
            die: Some(Dice::new(1, 10)),
        },
        &[3, 9],
    );
    t.status("Ogre", Status::Unconscious, true);
    assert_eq!(t.count("Ogre"), 9);
    // The Rat joins at 2, already passed (Ana acts at 3): it acts next.
    let rat = t.id("Rat");
    let out = t.run(
        C::Join {
            who: rat,
            action: Some(Action::Defend),
        },
        &[2],
    );
    assert!(has(&out, "acts next"), "{out:?}");
    assert_eq!(t.order(), ["Ana", "Rat", "Ogre"]);
    t.run(C::Next, &[]);
    assert_eq!(t.acting().as_deref(), Some("Rat"));
    t.run(C::Next, &[]);
    let out_ogre = t.acting();
    assert_eq!(out_ogre.as_deref(), Some("Ogre"), "its turn still comes");
}

#[test]
fn d18_reevaluate_adds_the_new_die_to_the_count_and_re_sorts() {
    let mut t = T::new();
    t.scene();
    t.round_with(Action::Attack { item: None }, Action::Run, &[1, 4]);
    assert_eq!(t.acting().as_deref(), Some("Ana"));
    let who = t.id("Ana");
    let out = t.run(
        C::Reevaluate {
            who,
            action: Action::Defend,
        },
        &[4],
    );
    assert!(has(&out, "count 5"), "{out:?}");
    assert_eq!(t.order(), ["Ogre", "Ana"]);
    assert_eq!(t.acting().as_deref(), Some("Ogre"));
    // It may not move before its new turn.
    t.refuse(C::Move { who, squares: 1 }, &[]);
    t.run(C::Next, &[]);
    assert_eq!(t.acting().as_deref(), Some("Ana"));
    assert_eq!(t.c("Ana").ar_now(), 3, "the new action, Defend, applies");
    t.run(C::Next, &[]);
    // A new round: fresh choices.
    let ogre = t.id("Ogre");
    t.refuse(
        C::Reevaluate {
            who: ogre,
            action: Action::Run,
        },
        &[1],
    );
}

#[test]
fn d19_round_end_ends_run_and_starts_fresh_choices() {
    let mut t = T::new();
    t.scene();
    t.round_with(Action::Run, Action::Run, &[1, 2]);
    assert!(t.c("Ana").running);
    t.run(C::Next, &[]);
    assert!(t.c("Ana").running && t.c("Ogre").running);
    let out = t.run(C::Next, &[]);
    assert!(has(&out, "Round 2"), "{out:?}");
    let f = t.st().fight.clone().unwrap();
    assert_eq!(f.round, 2);
    assert!(!f.rolled && f.entries.iter().all(|e| e.action.is_none() && !e.acted));
    assert!(!t.c("Ana").running && !t.c("Ogre").running);
}

#[test]
fn d19_a_dead_owners_effects_end_with_that_round() {
    let mut t = T::new();
    t.add("Bo", Side::Pc, [D6, D6, D6, D6], 8, 0, 6);
    let (ana, bo) = (t.id("Ana"), t.id("Bo"));
    t.run(
        C::Scene {
            who: vec![ana, bo].into(),
            why: String::new().into(),
        },
        &[],
    );
    t.pick("Ana", Action::Defend);
    t.pick("Bo", Action::Help { whom: ana });
    t.run(C::RollInitiative, &[4, 1]);
    assert_eq!(t.acting().as_deref(), Some("Bo"));
    assert!(t.c("Ana").helped.is_some());
    t.run(C::Dead { who: bo, on: true }, &[]);
    assert_eq!(t.order(), ["Ana"]);
    t.run(C::Next, &[]);
    assert_eq!(t.acting().as_deref(), Some("Ana"));
    assert!(t.c("Ana").helped.is_some(), "the help lasts the round");
    t.run(C::Next, &[]);
    assert!(t.c("Ana").helped.is_none(), "its owner has no next turn");
}

// ---------------------------------------------------------------- damage

#[test]
fn d20_a_weapon_adds_the_str_value_and_one_roll_hits_every_target() {
    let mut t = T::new();
    t.add("Bo", Side::Creature, [D6, D6, D6, D6], 20, 0, 6);
    let sword = t.sword("Ana");
    let who = t.id("Ana");
    let targets = vec![t.id("Ogre"), t.id("Bo")];
    let out = t.run(
        C::Attack {
            who,
            item: Some(sword),
            targets,
            crit: true,
        },
        &[3],
    );
    assert!(has(&out, "= 7 slash"), "{out:?}");
    assert_eq!((t.c("Ogre").hp, t.c("Bo").hp), (5, 13));
}

#[test]
fn d21_an_attack_lands_with_no_to_hit_roll() {
    let mut t = T::new();
    let who = t.id("Ana");
    let targets = vec![t.id("Ogre")];
    // Unarmed: d4 + STR 4, nothing waits for a hit roll.
    t.run(
        C::Attack {
            who,
            item: None,
            targets,
            crit: true,
        },
        &[1],
    );
    assert_eq!(t.c("Ogre").hp, 7);
    assert!(t.st().queue.is_empty());
}

#[test]
fn d22_each_maximum_adds_one_die_that_does_not_explode_again() {
    let mut t = T::new();
    let sword = t.sword("Ana");
    let who = t.id("Ana");
    let ogre = t.id("Ogre");
    t.set("Ogre", Stat::HpMax, 100);
    t.set("Ogre", Stat::Hp, 100);
    let out = t.run(
        C::Attack {
            who,
            item: Some(sword),
            targets: vec![ogre],
            crit: true,
        },
        &[8, 8],
    );
    assert!(has(&out, "critical: 1 more"), "{out:?}");
    assert_eq!(t.c("Ogre").hp, 100 - 20);
    // Declined: the maximum stands alone.
    t.run(
        C::Attack {
            who,
            item: Some(sword),
            targets: vec![ogre],
            crit: false,
        },
        &[8],
    );
    assert_eq!(t.c("Ogre").hp, 80 - 12);
}

#[test]
fn d23_resistance_halves_vulnerability_doubles_both_cancel_then_armour() {
    let mut t = T::new();
    t.set("Ogre", Stat::HpMax, 100);
    t.set("Ogre", Stat::Hp, 100);
    t.set("Ogre", Stat::Ar, 1);
    let ogre = t.id("Ogre");
    t.run(
        C::Resist {
            who: ogre,
            kind: DamageType::Fire,
            vulnerable: false,
            on: true,
        },
        &[],
    );
    t.damage(&["Ogre"], Dice::new(1, 6), 4, Some(DamageType::Fire), &[5]);
    assert_eq!(t.c("Ogre").hp, 100 - (9 / 2 - 1));
    t.run(
        C::Resist {
            who: ogre,
            kind: DamageType::Fire,
            vulnerable: true,
            on: true,
        },
        &[],
    );
    t.damage(&["Ogre"], Dice::new(1, 6), 4, Some(DamageType::Fire), &[5]);
    assert_eq!(t.c("Ogre").hp, 97 - 8);
    t.damage(
        &["Ogre"],
        Dice::new(1, 6),
        0,
        Some(DamageType::Lightning),
        &[1],
    );
    assert_eq!(t.c("Ogre").hp, 89, "armour takes it all, no less than 0");
    t.damage(&["Ogre"], Dice::new(1, 6), 0, None, &[6]);
    assert_eq!(
        t.c("Ogre").hp,
        84,
        "untyped damage is neither halved nor doubled"
    );
}

#[test]
fn d24_hp_stops_at_0_and_damage_to_0_adds_a_level_and_prone() {
    let mut t = T::new();
    let out = t.damage(&["Ana"], Dice::new(2, 6), 0, None, &[6, 6]);
    assert_eq!(t.c("Ana").hp, 0);
    assert!(has(&out, "exhaustion 1"), "{out:?}");
    assert!(t.c("Ana").has(Status::Prone));
    assert_eq!(t.c("Ana").exhaustion, 1);
    // 0 damage is no damage; every later hit at 0 adds a level.
    t.damage(&["Ana"], Dice::new(0, 4), 0, None, &[]);
    assert_eq!(t.c("Ana").exhaustion, 1);
    t.damage(&["Ana"], Dice::new(1, 4), 0, None, &[2]);
    assert_eq!(t.c("Ana").exhaustion, 2);
}

/// D24's fall is going down: the roster marks the fallen one "down" (first of its tags) and the
/// fight's summary names it among those who went down. It keeps its turn (D17: the text takes
/// no action away from it), so the order still has it ready and the players' turn line still
/// comes to it; standing up (D33) ends it. Prone alone, at HP above 0, is not down.
#[test]
fn d24_the_fall_to_0_hp_is_down_but_keeps_its_turn() {
    use slotmark::rules::{Ruleset, Standing, actiondie::ActionDie};
    let mut t = T::new();
    t.scene();
    t.round_with(Action::Attack { item: None }, Action::Run, &[2, 4]);
    assert_eq!(t.acting().as_deref(), Some("Ana"));
    t.status("Ogre", Status::Prone, true);
    t.damage(&["Ana"], Dice::new(2, 6), 0, None, &[6, 6]);
    assert_eq!(t.c("Ana").hp, 0);
    let tags = |t: &T, name: &str| -> Vec<String> {
        ActionDie::roster(t.st())
            .into_iter()
            .flat_map(|g| g.members)
            .find(|m| m.name == name)
            .map(|m| m.glance.into_iter().map(|g| g.text).collect())
            .unwrap_or_default()
    };
    assert_eq!(tags(&t, "Ana")[0], "down", "{:?}", tags(&t, "Ana"));
    assert!(
        !tags(&t, "Ogre").contains(&"down".to_string()),
        "Prone alone"
    );
    let standing = |t: &T, name: &str| {
        ActionDie::initiative(t.st())
            .unwrap()
            .order
            .into_iter()
            .find(|f| f.name == name)
            .unwrap()
            .standing
    };
    // Ana has her turn now: she is still acting; the Ogre, next, is ready.
    assert_eq!(standing(&t, "Ana"), Standing::Acting);
    t.run(C::Next, &[]);
    assert_eq!(t.acting().as_deref(), Some("Ogre"));
    t.run(C::Next, &[]);
    // The next round: both choose again and Ana, down, still gets a turn.
    t.round_with(Action::Run, Action::Run, &[1, 4]);
    assert_eq!(t.acting().as_deref(), Some("Ana"), "down keeps the turn");
    let view = slotmark::session::TableView::of(&t.s, 5)
        .fight
        .expect("a fight");
    assert_eq!(view.acting, ["Ana"]);
    assert_eq!(standing(&t, "Ogre"), Standing::Ready);
    // Standing up ends Prone, and down with it.
    let ana = t.id("Ana");
    t.run(C::Stand { who: ana }, &[]);
    assert!(!tags(&t, "Ana").contains(&"down".to_string()));
    t.run(C::EndScene, &[]);
    let sum = slotmark::export::summary::ending_at(&t.s, t.s.cursor() - 1)
        .expect("the scene's end ends the fight");
    assert_eq!(sum.down, ["Ana"], "{sum:?}");
}

#[test]
fn d25_bleeding_deals_one_damage_as_each_turn_begins_past_armour() {
    let mut t = T::new();
    t.set("Ana", Stat::Ar, 5);
    t.status("Ana", Status::Bleeding, true);
    t.scene();
    t.round_with(Action::Defend, Action::Run, &[1, 3]);
    assert_eq!(t.c("Ana").hp, 9);
    // A Reevaluate does not make it bleed twice in one round.
    let who = t.id("Ana");
    t.run(
        C::Reevaluate {
            who,
            action: Action::Defend,
        },
        &[4],
    );
    t.run(C::Next, &[]);
    assert_eq!(t.acting().as_deref(), Some("Ana"));
    assert_eq!(t.c("Ana").hp, 9);
}

#[test]
fn d26_exhaustion_levels_add_up_with_their_effects() {
    let mut t = T::new();
    let who = t.id("Ana");
    t.run(C::Exhaustion { who, up: true }, &[]);
    assert_eq!(t.c("Ana").movement_now(), 3);
    t.run(C::Exhaustion { who, up: true }, &[]);
    assert_eq!((t.c("Ana").hp_max_now(), t.c("Ana").hp), (5, 5));
    t.run(C::Exhaustion { who, up: true }, &[]);
    assert!(t.c("Ana").has(Status::Unconscious));
    assert_eq!(t.c("Ana").movement_now(), 0);
    let out = t.run(C::Exhaustion { who, up: true }, &[3]);
    assert!(has(&out, "an eye is lost"), "{out:?}");
    assert_eq!(t.c("Ana").injuries.eyes, 1);
}

#[test]
fn d27_the_table_breaks_gear_takes_limbs_and_voice_or_kills() {
    let mut t = T::new();
    let sword = t.sword("Ana");
    t.carry("Ana", Item::new("Shield"));
    let who = t.id("Ana");
    t.run(C::Dismember { who, face: 1 }, &[]);
    let (ask, proposed, options) = t.ask();
    assert!(matches!(ask, Ask::Break { .. }));
    assert_eq!(options[proposed], "Sword", "the wielded weapon is proposed");
    t.run(C::Choose { option: 1 }, &[]);
    assert!(t.c("Ana").items[1].broken && !t.c("Ana").items[usize::from(sword)].broken);
    // An arm: a hand fewer, and what it held drops.
    t.run(
        C::Hold {
            who,
            index: 1,
            on: true,
        },
        &[],
    );
    t.run(C::Dismember { who, face: 2 }, &[]);
    t.run(C::Dismember { who, face: 2 }, &[]);
    assert_eq!(t.c("Ana").hands, 0);
    assert!(t.c("Ana").items.iter().all(|i| !i.held));
    t.run(C::Dismember { who, face: 5 }, &[]);
    assert!(t.c("Ana").has(Status::Mute));
    t.refuse(
        C::Status {
            who,
            status: Status::Mute,
            on: false,
        },
        &[],
    );
    t.run(C::Dismember { who, face: 7 }, &[]);
    assert!(t.c("Ana").dead);
    t.refuse(
        C::Dismember {
            who: t.id("Ogre"),
            face: 9,
        },
        &[],
    );
}

#[test]
fn d28_the_dead_leave_the_initiative_and_the_sheet_stays() {
    let mut t = T::new();
    t.scene();
    t.round_with(Action::Defend, Action::Run, &[1, 3]);
    let ogre = t.id("Ogre");
    t.run(C::Flee { who: ogre }, &[]);
    assert_eq!(t.order(), ["Ana"]);
    assert!(t.c("Ogre").fled && !t.c("Ogre").dead);
    let who = t.id("Ana");
    t.run(C::Dead { who, on: true }, &[]);
    assert!(t.order().is_empty());
    assert!(t.c("Ana").dead);
    assert_eq!(t.st().characters.len(), 2);
    t.refuse(
        C::Status {
            who,
            status: Status::Prone,
            on: true,
        },
        &[],
    );
}

#[test]
fn d29_a_full_rest_clears_exhaustion_and_the_judge_may_take_a_level_away() {
    let mut t = T::new();
    let who = t.id("Ana");
    for _ in 0..3 {
        t.run(C::Exhaustion { who, up: true }, &[]);
    }
    t.run(C::Exhaustion { who, up: false }, &[]);
    assert!(!t.c("Ana").has(Status::Unconscious), "below 3: awake");
    t.run(C::Exhaustion { who, up: false }, &[]);
    assert_eq!(
        t.c("Ana").hp_max_now(),
        10,
        "below 2: the max is whole again"
    );
    assert_eq!(t.c("Ana").hp, 5, "the current stays");
    t.run(C::Exhaustion { who, up: true }, &[]);
    t.run(
        C::Rest {
            who: vec![who],
            full: true,
            interrupted: false,
        },
        &[],
    );
    assert_eq!(t.c("Ana").exhaustion, 0);
}

#[test]
fn d30_creatures_follow_the_same_rules() {
    let mut t = T::new();
    let out = t.damage(&["Ogre"], Dice::new(2, 6), 6, None, &[6, 6]);
    assert!(has(&out, "Ogre reaches exhaustion 1"), "{out:?}");
    assert!(t.c("Ogre").has(Status::Prone));
}

// ---------------------------------------------------------------- statuses

#[test]
fn d31_each_status_does_what_its_row_says() {
    let mut t = T::new();
    t.status("Ogre", Status::Drenched, true);
    assert!(
        t.c("Ogre").resists(DamageType::Fire) && t.c("Ogre").vulnerable_to(DamageType::Lightning)
    );
    t.status("Ogre", Status::Nauseated, true);
    assert!(t.c("Ogre").vulnerable_to(DamageType::Stab));
    t.status("Ana", Status::Frozen, true);
    assert_eq!(t.c("Ana").dice(Ability::Dex).to_string(), "d4");
    t.status("Ana", Status::Scorched, true);
    assert_eq!(t.c("Ana").dice(Ability::Wil).to_string(), "0");
    let who = t.id("Ana");
    t.run(
        C::Afraid {
            who,
            of: "the Ogre".into(),
        },
        &[],
    );
    assert_eq!(t.c("Ana").afraid_of.as_deref(), Some("the Ogre"));
    t.status("Ana", Status::Afraid, false);
    assert_eq!(t.c("Ana").afraid_of, None);
    t.status("Ana", Status::Unconscious, true);
    assert_eq!(t.c("Ana").movement_now(), 0);
}

#[test]
fn d32_statuses_on_one_number_combine_once_and_prone_wins_over_armour() {
    let mut t = T::new();
    t.set("Ogre", Stat::HpMax, 100);
    t.set("Ogre", Stat::Hp, 100);
    let ogre = t.id("Ogre");
    t.run(
        C::Resist {
            who: ogre,
            kind: DamageType::Fire,
            vulnerable: false,
            on: true,
        },
        &[],
    );
    t.status("Ogre", Status::Drenched, true);
    t.damage(&["Ogre"], Dice::new(1, 8), 0, Some(DamageType::Fire), &[8]);
    assert_eq!(t.c("Ogre").hp, 96, "halved once");
    t.scene();
    t.round_with(Action::Run, Action::Defend, &[4, 1]);
    t.set("Ogre", Stat::Ar, 3);
    assert_eq!(t.c("Ogre").ar_now(), 5);
    t.status("Ogre", Status::Prone, true);
    assert_eq!(t.c("Ogre").ar_now(), 0);
}

#[test]
fn d33_standing_up_ends_prone_and_takes_the_turns_movement() {
    let mut t = T::new();
    t.status("Ana", Status::Prone, true);
    t.scene();
    t.round_with(Action::Defend, Action::Run, &[1, 3]);
    let who = t.id("Ana");
    t.run(C::Stand { who }, &[]);
    assert!(!t.c("Ana").has(Status::Prone));
    t.refuse(C::Move { who, squares: 1 }, &[]);
    t.refuse(C::Stand { who }, &[]);
}

// ---------------------------------------------------------------- inventory

#[test]
fn d34_slots_are_10_plus_the_str_value_at_least_the_hands() {
    let mut t = T::new();
    assert_eq!(t.c("Ana").slots(), 14);
    t.status("Ana", Status::Frozen, true);
    assert_eq!(t.c("Ana").slots(), 13);
    t.set("Ogre", Stat::Ability(Ability::Str), 0);
    t.set("Ogre", Stat::Hands, 4);
    assert_eq!(t.c("Ogre").slots(), 10);
}

#[test]
fn d35_quick_slots_are_4_plus_the_dex_value_and_a_spanning_item_is_not_quick() {
    let mut t = T::new();
    assert_eq!(t.c("Ana").quick_slots(), 7);
    for i in 0..6 {
        t.carry("Ana", Item::new(format!("Thing {i}")));
    }
    let mut pole = Item::new("Pole");
    pole.size = 2;
    t.carry("Ana", pole);
    let pos = t.c("Ana").positions();
    assert_eq!(pos[5], (5, true));
    assert_eq!(pos[6], (6, false), "slots 7-8 span the quick edge");
    t.set("Ogre", Stat::Ability(Ability::Dex), 12);
    assert_eq!(t.c("Ogre").quick_slots(), t.c("Ogre").slots());
}

#[test]
fn d36_bundles_hold_like_items_and_without_a_bag_one_item_per_hand() {
    let mut t = T::new();
    let mut arrows = Item::new("Arrows");
    arrows.bundle = 3;
    t.carry("Ana", arrows.clone());
    t.carry("Ana", arrows.clone());
    t.carry("Ana", arrows.clone());
    assert_eq!((t.c("Ana").items.len(), t.c("Ana").items[0].count), (1, 3));
    t.carry("Ana", arrows);
    assert_eq!(t.c("Ana").used_slots(), 2);
    let who = t.id("Ana");
    t.run(C::Bag { who, on: false }, &[]);
    let err = t.refuse(
        C::Carry {
            who,
            item: Box::new(Item::new("Rope")),
        },
        &[],
    );
    assert!(err.contains("no bag"), "{err}");
}

#[test]
fn d37_an_overburdened_character_saves_each_quarter_hour_or_gains_a_level() {
    let mut t = T::new();
    for i in 0..16 {
        t.carry("Ana", Item::new(format!("Rock {i}")));
    }
    assert_eq!(t.c("Ana").excess(), 2);
    // 15 minutes: an STR save, minus 2, against the proposed 4.
    t.run(C::Time { minutes: 15 }, &[5]);
    assert_eq!((t.roll().total, t.roll().target), (3, 4));
    t.run(C::Accept, &[]);
    assert_eq!(t.c("Ana").exhaustion, 1);
    // The judge names another target; a pass costs nothing.
    let who = t.id("Ana");
    t.run(
        C::Encumbrance {
            who,
            target: Some(2),
        },
        &[4],
    );
    t.run(C::Accept, &[]);
    assert_eq!(t.c("Ana").exhaustion, 1);
    t.run(C::Time { minutes: 14 }, &[]);
    assert!(t.st().queue.is_empty(), "no quarter hour crossed yet");
}

#[test]
fn d37_the_excess_counts_from_the_slots_whatever_their_number() {
    let mut t = T::new();
    // The Ogre at STR 0 has 10 slots: ten items fit, the eleventh is over.
    t.set("Ogre", Stat::Ability(Ability::Str), 0);
    assert_eq!(t.c("Ogre").slots(), 10);
    for i in 0..10 {
        t.carry("Ogre", Item::new(format!("Rock {i}")));
    }
    assert_eq!(t.c("Ogre").excess(), 0);
    t.carry("Ogre", Item::new("Rock 10"));
    assert_eq!(t.c("Ogre").excess(), 1);
    // Ana has 14: eleven to fourteen items are no excess, fifteen are one over.
    for i in 0..14 {
        t.carry("Ana", Item::new(format!("Rock {i}")));
    }
    assert_eq!(t.c("Ana").excess(), 0);
    t.carry("Ana", Item::new("Rock 14"));
    assert_eq!(t.c("Ana").excess(), 1);
}

#[test]
fn d37_a_long_wait_raises_a_save_a_quarter_hour_and_the_judge_settles_them_all_at_once() {
    let mut t = T::new();
    for i in 0..15 {
        t.carry("Ana", Item::new(format!("Rock {i}")));
    }
    assert_eq!(t.c("Ana").excess(), 1);
    // A day: 96 quarter hours, 96 saves; every one 8 - 1 against 4.
    t.run(C::Time { minutes: 1440 }, &[8; 96]);
    assert_eq!(t.st().queue.len(), 96);
    let out = t.run(C::AcceptAll, &[]);
    assert!(t.st().queue.is_empty(), "{:?}", t.st().queue.first());
    assert!(has(&out, "takes 96 rolls"), "{out:?}");
    assert_eq!(t.c("Ana").exhaustion, 0);
    assert!(t.refuse(C::AcceptAll, &[]).contains("nothing is waiting"));
}

#[test]
fn d7_a_contest_that_keeps_tying_asks_the_judge_who_wins() {
    let mut t = T::new();
    t.add("Bo", Side::Pc, [D8, D6, D6, D4], 10, 0, 6);
    let (a, b) = (t.roller("Ana", Ability::Str), t.roller("Bo", Ability::Str));
    // Both d8, both 4, fifty times over.
    let out = t.run(C::Contest(Box::new((a, b, "the rope".into()))), &[4; 100]);
    assert!(has(&out, "tied 50 times"), "{out:?}");
    match t.st().queue.first() {
        Some(Wait::Ask(q)) => assert_eq!(q.options, ["Ana", "Bo"]),
        other => panic!("a question should wait, not {other:?}"),
    }
    let out = t.run(C::Choose { option: 1 }, &[]);
    assert!(has(&out, "Bo wins the contest (the rope)"), "{out:?}");
    assert!(t.st().queue.is_empty());
}

// ---------------------------------------------------------------- rest and time

#[test]
fn d38_a_siesta_gives_back_half_the_effective_max() {
    let mut t = T::new();
    t.set("Ana", Stat::Hp, 1);
    let who = t.id("Ana");
    t.run(
        C::Rest {
            who: vec![who],
            full: false,
            interrupted: false,
        },
        &[],
    );
    assert_eq!(t.c("Ana").hp, 6);
    t.run(
        C::Rest {
            who: vec![who],
            full: false,
            interrupted: false,
        },
        &[],
    );
    assert_eq!(t.c("Ana").hp, 10);
    assert_eq!(t.st().clock.seconds, 2 * 3600);
}

#[test]
fn d39_a_full_rest_restores_everything_and_an_interrupted_one_nothing() {
    let mut t = T::new();
    t.set("Ana", Stat::TechTotal, 3);
    t.set("Ana", Stat::Hp, 2);
    let who = t.id("Ana");
    t.run(
        C::Rest {
            who: vec![who],
            full: true,
            interrupted: true,
        },
        &[],
    );
    assert_eq!((t.c("Ana").hp, t.c("Ana").tech_left), (2, 0));
    t.run(
        C::Rest {
            who: Vec::new(),
            full: true,
            interrupted: false,
        },
        &[],
    );
    assert_eq!((t.c("Ana").hp, t.c("Ana").tech_left), (10, 3));
    assert_eq!(t.st().clock.seconds, 16 * 3600);
}

/// D39 ("you and your party"): a full rest for everyone heals the party's characters, never the
/// downed enemy; a creature named rests as the judge says.
#[test]
fn d39_full_rest_heals_only_the_party() {
    let mut t = T::new();
    t.set("Ana", Stat::Hp, 2);
    t.set("Ogre", Stat::Hp, 1);
    let lines = t.run(
        C::Rest {
            who: Vec::new(),
            full: true,
            interrupted: false,
        },
        &[],
    );
    assert_eq!((t.c("Ana").hp, t.c("Ogre").hp), (10, 1), "{lines:?}");
    let ogre = t.id("Ogre");
    t.run(
        C::Rest {
            who: vec![ogre],
            full: true,
            interrupted: false,
        },
        &[],
    );
    assert_eq!(t.c("Ogre").hp, 12);
}

#[test]
fn d40_a_round_is_six_seconds_on_the_shared_clock() {
    let mut t = T::new();
    t.scene();
    for _ in 0..3 {
        t.round_with(Action::Defend, Action::Run, &[1, 3]);
        t.run(C::Next, &[]);
        t.run(C::Next, &[]);
    }
    assert_eq!(t.st().clock.seconds, 18);
    assert_eq!(t.st().fight.as_ref().unwrap().round, 4);
}

// ---------------------------------------------------------------- the die ladder

#[test]
fn d41_every_rung_has_its_median_value() {
    let mut t = T::new();
    let want = [0, 2, 3, 4, 5, 6, 7, 9, 11, 13, 13, 16, 19, 22, 26, 27, 32];
    for (rung, value) in want.iter().enumerate() {
        t.set("Ana", Stat::Ability(Ability::Str), rung as u16);
        assert_eq!(t.c("Ana").value(Ability::Str), *value, "rung {rung}");
        assert_eq!(t.c("Ana").slots(), 10 + value);
    }
}

#[test]
fn d42_steps_stop_at_the_ends_of_the_ladder() {
    let mut t = T::new();
    t.set("Ana", Stat::Ability(Ability::Str), 0);
    t.status("Ana", Status::Frozen, true);
    assert_eq!(t.c("Ana").rung(Ability::Str), 0);
    let who = t.id("Ana");
    t.refuse(
        C::Set {
            who,
            stat: Stat::Ability(Ability::Str),
            value: 17,
        },
        &[],
    );
}

#[test]
fn d43_dice_off_the_ladder_compare_by_mean_and_equal_means_go_to_the_judge() {
    let mut t = T::new();
    t.set("Ogre", Stat::Ability(Ability::Dex), u16::from(D6));
    t.scene();
    // 2d6 (mean 7) against d12 (mean 6.5), both at 7: the d12 goes first.
    t.round_with(
        Action::Other {
            die: Some(Dice::new(2, 6)),
        },
        Action::Other {
            die: Some(Dice::new(1, 12)),
        },
        &[3, 4, 7],
    );
    assert_eq!(t.order(), ["Ogre", "Ana"]);
    t.run(C::EndScene, &[]);
    // 3d6 against d20 (both mean 10.5): the judge's.
    t.scene();
    t.round_with(
        Action::Other {
            die: Some(Dice::new(3, 6)),
        },
        Action::Other {
            die: Some(Dice::new(1, 20)),
        },
        &[3, 3, 3, 9],
    );
    assert!(matches!(t.ask().0, Ask::Tie { .. }));
    t.run(C::Accept, &[]);
    assert_eq!(t.order(), ["Ana", "Ogre"]);
    assert_eq!(t.acting().as_deref(), Some("Ana"));
    let _ = D12;
}

// ---------------------------------------------------------------- the seam

#[test]
fn the_read_models_show_the_chosen_actions_and_the_rolled_dice_in_order() {
    let mut t = T::new();
    t.scene();
    t.round_with(Action::Attack { item: None }, Action::Run, &[4, 2]);
    let ini = t.s.state().game.initiative().unwrap();
    assert_eq!(ini.label, "lowest count first");
    let notes: Vec<String> = ini
        .order
        .iter()
        .map(|f| f.order_note.clone().unwrap())
        .collect();
    assert_eq!(notes, ["run · d6 [2] = 2", "attack unarmed · d4 [4] = 4"]);
    assert_eq!(ini.acting, Some(t.id("Ogre")));
    t.check(t.roller("Ana", Ability::Str), Some(3), &[2]);
    match t.s.state().game.pending() {
        Some(PendingView::Roll(r)) => assert_eq!(r.reason, "total 2 against 3"),
        other => panic!("{other:?}"),
    }
    let c =
        t.s.state()
            .game
            .answer(slotmark::rules::Answer::Override)
            .unwrap();
    assert_eq!(c, GameCommand::ActionDie(C::Rule { pass: true }));
    assert_eq!(c.role(), Role::Answers);
}

#[test]
fn commands_stay_small_and_refused_commands_change_nothing() {
    assert!(
        std::mem::size_of::<C>() <= 48,
        "{}",
        std::mem::size_of::<C>()
    );
    let mut t = T::new();
    t.check(t.roller("Ana", Ability::Str), Some(3), &[2]);
    let err = t.refuse(
        C::Scene {
            who: Vec::new().into(),
            why: String::new().into(),
        },
        &[],
    );
    assert!(err.contains("waiting"), "{err}");
    t.run(C::Accept, &[]);
    t.refuse(C::Next, &[]);
    t.refuse(C::Accept, &[]);
}
