//! Ruleset `ap` (rule file 003, AP-RULES.md A1-A50), one test or more per rule, driven
//! through `Session::execute` with scripted dice so every step is also undone and redone.

use slotmark::dice::ScriptedDice;
use slotmark::rules::ap::{
    Action, Against, Ask, Attr, Cast, Character, Command as C, Defence, Held, Item, Kind, Mark,
    NewSheet, ObjDie, Roll, Span, Stat, State, Wait, magic::largest_set, points::cost_for,
    rest::reaction_word,
};
use slotmark::rules::{GameCommand, GameEvent, GameState, PendingView, Ruleset, RulesetId};
use slotmark::session::{self, Session, SessionState};

struct T {
    s: Session,
}

impl T {
    /// Ana (PC, party: STR 11 DEX 12 WIL 8, HP 6) and Gob (NPC, goblins: STR 8 DEX 13 WIL 5,
    /// HP 4).
    fn new() -> T {
        let mut t = T {
            s: Session::new(SessionState::new("test", RulesetId::Ap)),
        };
        t.add("Ana", Kind::Pc, "party", [11, 12, 8], 6);
        t.add("Gob", Kind::Npc, "goblins", [8, 13, 5], 4);
        t
    }

    fn st(&self) -> &State {
        match &self.s.state().game {
            GameState::Ap(s) => s,
            other => panic!("an ap session was expected, not {:?}", other.ruleset()),
        }
    }

    fn add(&mut self, name: &str, kind: Kind, group: &str, a: [u8; 3], hp: u8) -> u32 {
        self.run(
            C::Add(Box::new(NewSheet::new(
                name,
                kind,
                group,
                [a[0], a[1], a[2], hp],
            ))),
            &[],
        );
        self.id(name)
    }

    /// Runs a command that must succeed using exactly `faces`; undo then redo gives the same
    /// state back. Returns the events' words.
    fn run(&mut self, c: C, faces: &[u16]) -> Vec<String> {
        let mut dice = ScriptedDice::new(faces.iter().copied());
        let entry = match self.s.execute(
            session::Command::Game(GameCommand::Ap(c.clone())),
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
                session::Event::Game(GameEvent::Ap(e)) => e.to_string(),
                other => panic!("unexpected event {other:?}"),
            })
            .collect()
    }

    fn refuse(&mut self, c: C, faces: &[u16]) -> String {
        let before = self.s.state().clone();
        let len = self.s.entries().len();
        let mut dice = ScriptedDice::new(faces.iter().copied());
        let err = match self.s.execute(
            session::Command::Game(GameCommand::Ap(c.clone())),
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

    fn id(&self, name: &str) -> u32 {
        self.st()
            .by_name(name)
            .unwrap_or_else(|| panic!("no {name}"))
            .id
    }

    fn c(&self, name: &str) -> &Character {
        self.st().by_name(name).unwrap()
    }

    fn roll(&self) -> &Roll {
        match self.st().queue.first() {
            Some(Wait::Roll(r)) => r,
            other => panic!("a roll should wait, not {other:?}"),
        }
    }

    fn ask(&self) -> &Ask {
        match self.st().queue.first() {
            Some(Wait::Ask(q)) => &q.ask,
            other => panic!("a question should wait, not {other:?}"),
        }
    }

    fn accept(&mut self, faces: &[u16]) -> Vec<String> {
        self.run(C::Accept, faces)
    }

    fn carry(&mut self, who: &str, item: Item) {
        let who = self.id(who);
        self.run(
            C::Carry {
                who,
                item: Box::new(item),
            },
            &[],
        );
    }

    fn damage(&mut self, who: &str, amount: u8, faces: &[u16]) -> Vec<String> {
        let who = self.id(who);
        self.run(
            C::Damage {
                who,
                amount,
                armor: false,
                source: "a test".into(),
            },
            faces,
        )
    }

    fn fight(&mut self, faces: &[u16]) {
        self.run(
            C::Fight {
                who: vec![].into(),
                surprised: vec![].into(),
            },
            faces,
        );
    }

    fn acting(&self) -> Option<String> {
        let f = self.st().fight.as_ref()?;
        f.acting.map(|id| self.st().name_of(id))
    }

    fn mark(&mut self, who: &str, mark: Mark, on: bool) {
        let who = self.id(who);
        self.run(C::Mark { who, mark, on }, &[]);
    }
}

fn obj(item: &str, sides: u16, edge: i8) -> ObjDie {
    ObjDie {
        item: item.into(),
        sides,
        edge,
    }
}

fn dc(who: u32, attr: Attr, dc: u8) -> C {
    C::Check(Box::new(Action::new(
        who,
        attr,
        Against::Dc { dc, hidden: false },
        "a test",
    )))
}

fn defence(who: u32, attr: Attr) -> Defence {
    Defence {
        who,
        attr,
        objects: vec![],
        edge: 0,
    }
}

fn attack(who: u32, weapons: &[(&str, u16)], targets: &[(u32, Attr)]) -> Action {
    let mut a = Action::new(
        who,
        Attr::Str,
        Against::Saves(targets.iter().map(|&(w, at)| defence(w, at)).collect()),
        "attacks",
    );
    a.objects = weapons.iter().map(|&(n, s)| obj(n, s, 0)).collect();
    a
}

fn weapon(name: &str, die: u16) -> Item {
    let mut i = Item::new(name);
    i.die = Some(die);
    i.weapon = true;
    i
}

fn armour(name: &str, armor: u8, worn: bool) -> Item {
    let mut i = Item::new(name);
    i.armor = armor;
    i.worn = worn;
    i
}

fn save(who: u32, attr: Attr, dc: u8) -> C {
    C::Save {
        who,
        attr,
        dc,
        objects: vec![].into(),
        edge: 0,
        why: String::new().into(),
    }
}

// ---------------------------------------------------------------- A1-A5: the sheet

#[test]
fn a1_three_attributes_each_keep_a_max_and_a_current() {
    let mut t = T::new();
    let ana = t.id("Ana");
    assert_eq!(t.c("Ana").attr(Attr::Dex).max, 12);
    t.run(
        C::Set {
            who: ana,
            stat: Stat::Attr(Attr::Dex),
            cur: 7,
            max: 12,
        },
        &[],
    );
    let d = t.c("Ana").attr(Attr::Dex);
    assert_eq!((d.cur, d.max), (7, 12));
    assert!(
        t.refuse(
            C::Set {
                who: ana,
                stat: Stat::Attr(Attr::Wil),
                cur: 9,
                max: 8
            },
            &[]
        )
        .contains("at most the max")
    );
}

#[test]
fn a2_hp_never_shows_below_zero() {
    let mut t = T::new();
    t.damage("Ana", 7, &[20]);
    assert_eq!(t.c("Ana").hp.cur, 0);
    assert_eq!(t.c("Ana").attr(Attr::Str).cur, 10);
}

#[test]
fn a3_free_slots_count_bulky_twice_fatigue_once_and_dust_not_at_all() {
    let mut t = T::new();
    let ana = t.id("Ana");
    let mut pole = Item::new("pole");
    pole.slots = 2;
    t.carry("Ana", pole);
    t.carry("Ana", Item::new("rope"));
    t.run(C::Fatigue { who: ana, n: 1 }, &[]);
    t.run(C::Dust { who: ana, n: 5 }, &[]);
    assert_eq!(t.c("Ana").free_slots(), 10 - 2 - 1 - 1);
    let mut big = Item::new("chest");
    big.slots = 2;
    for _ in 0..3 {
        t.carry("Ana", big.clone());
    }
    assert!(
        t.refuse(
            C::Carry {
                who: ana,
                item: Box::new(big)
            },
            &[]
        )
        .contains("free slot")
    );
}

#[test]
fn a4_armor_counts_worn_items_and_shields_in_hand() {
    let mut t = T::new();
    t.carry("Ana", armour("gambeson", 1, false));
    assert_eq!(t.c("Ana").armor(), 0);
    let ana = t.id("Ana");
    t.run(
        C::Wear {
            who: ana,
            item: 0,
            on: true,
        },
        &[],
    );
    assert_eq!(t.c("Ana").armor(), 1);
    let mut shield = armour("shield", 1, false);
    shield.shield = true;
    t.carry("Ana", shield);
    assert_eq!(t.c("Ana").armor(), 2);
}

#[test]
fn a5_pcs_crawl_and_npcs_are_proposed_dead_on_a_failed_critical_save() {
    let mut t = T::new();
    t.damage("Ana", 8, &[2]);
    t.accept(&[]);
    assert!(t.c("Ana").has(Mark::Out) && !t.c("Ana").dead());
    let mut t = T::new();
    t.damage("Gob", 6, &[2]);
    t.accept(&[]);
    assert!(matches!(t.ask(), Ask::NpcCrit { .. }));
    t.accept(&[]);
    assert!(t.c("Gob").dead());
}

// ---------------------------------------------------------------- A6-A12: actions and saves

#[test]
fn a6_a_trivial_action_is_logged_with_no_dice_and_a_hidden_dc_is_noted() {
    let mut t = T::new();
    let ana = t.id("Ana");
    let ev = t.run(
        C::Trivial {
            who: ana,
            what: "open the door".into(),
            pass: true,
        },
        &[],
    );
    assert!(ev[0].contains("success with no dice"), "{ev:?}");
    let mut a = Action::new(
        ana,
        Attr::Dex,
        Against::Dc {
            dc: 18,
            hidden: true,
        },
        "pick",
    );
    a.cost = 0;
    t.run(C::Check(Box::new(a)), &[9]);
    assert!(t.roll().how.to_string().contains("(hidden)"));
}

#[test]
fn a7_a_roll_adds_the_whole_current_score_a_flat_modifier_and_object_dice() {
    let mut t = T::new();
    let ana = t.id("Ana");
    let mut a = Action::new(
        ana,
        Attr::Str,
        Against::Dc {
            dc: 20,
            hidden: false,
        },
        "lift",
    );
    a.flat = 2;
    a.objects = vec![obj("crowbar", 6, 0)];
    t.run(C::Check(Box::new(a)), &[1, 4]);
    assert_eq!(t.roll().total, 1 + 11 + 2 + 4);
    assert!(!t.roll().pass);
}

#[test]
fn a8_a_save_is_built_like_an_action() {
    let mut t = T::new();
    let ana = t.id("Ana");
    t.run(
        C::Save {
            who: ana,
            attr: Attr::Dex,
            dc: 20,
            objects: vec![obj("buckler", 4, 0)].into(),
            edge: 0,
            why: "dodge".into(),
        },
        &[5, 3],
    );
    assert_eq!(t.roll().total, 5 + 12 + 3);
}

#[test]
fn a9_actions_win_ties_and_saves_against_a_dc_must_beat_it() {
    let mut t = T::new();
    let ana = t.id("Ana");
    t.run(dc(ana, Attr::Str, 20), &[9]);
    assert!(t.roll().pass, "IR 20 meets DC 20");
    t.accept(&[]);
    t.run(save(ana, Attr::Str, 20), &[9]);
    assert!(!t.roll().pass, "TR 20 does not beat DC 20");
    t.accept(&[]);
    let gob = t.id("Gob");
    // IR 11+5 = 16 against Gob's DEX 13 + 3 = 16: the initiator wins the tie.
    let mut a = Action::new(
        ana,
        Attr::Str,
        Against::Saves(vec![defence(gob, Attr::Dex)]),
        "shove",
    );
    a.cost = 0;
    t.run(C::Check(Box::new(a)), &[5, 3]);
    assert!(t.roll().pass);
}

/// The words a waiting roll keeps, as the file saves them: `how`, `title` and `reason`.
fn words_of(r: &Roll) -> [String; 3] {
    [r.title.to_string(), r.how.to_string(), r.reason.to_string()]
}

#[test]
fn a7_to_a10_a_waiting_rolls_title_how_and_reason_read_as_saved() {
    let mut t = T::new();
    let ana = t.id("Ana");
    let gob = t.id("Gob");
    let mut a = Action::new(
        ana,
        Attr::Str,
        Against::Dc {
            dc: 18,
            hidden: true,
        },
        "lift the gate",
    );
    a.cost = 0;
    t.run(C::Check(Box::new(a)), &[20]);
    assert_eq!(
        words_of(t.roll()),
        [
            "Ana: lift the gate",
            "d20 + STR + object dice: IR 31 against DC 18 (hidden); meeting it succeeds.",
            "IR 31 against DC 18 (natural 20: the judge narrates a twist)",
        ]
    );
    t.accept(&[]);
    t.run(
        C::Save {
            who: ana,
            attr: Attr::Dex,
            dc: 20,
            objects: vec![obj("buckler", 4, 0)].into(),
            edge: 0,
            why: "dodge".into(),
        },
        &[1, 3],
    );
    assert_eq!(
        words_of(t.roll()),
        [
            "Ana: DEX save dodge",
            "d20 + DEX 12: TR 16 against DC 20; it must beat the DC.",
            "TR 16 against DC 20 (natural 1: the judge narrates a twist)",
        ]
    );
    t.accept(&[]);
    let mut a = Action::new(
        ana,
        Attr::Str,
        Against::Saves(vec![defence(gob, Attr::Dex)]),
        "",
    );
    a.cost = 0;
    t.run(C::Attack(Box::new(a)), &[5, 3]);
    let roles: Vec<String> = t.roll().dice.iter().map(|d| d.role.to_string()).collect();
    assert_eq!(roles, ["d20", "Gob: d20"]);
    assert_eq!(
        words_of(t.roll()),
        [
            "Ana: attacks against Gob",
            "IR 16 against Gob's TR 16: the acting side wins ties.",
            "IR 16 against TR 16",
        ]
    );
    // The pending roll on the screen reads the same words.
    match t.s.state().game.pending() {
        Some(PendingView::Roll(v)) => assert_eq!([v.title, v.how, v.reason], words_of(t.roll())),
        other => panic!("{other:?}"),
    }
    // A state read from a file keeps the words it was saved with, and equals the made one
    // exactly when the words are the same.
    let text = ron::to_string(t.st()).unwrap();
    let read: State = ron::from_str(&text).unwrap();
    assert_eq!(&read, t.st());
    assert_eq!(ron::to_string(&read).unwrap(), text);
    let other: State = ron::from_str(&text.replace("wins ties.", "wins ties!")).unwrap();
    assert_ne!(&other, t.st());
    let Some(Wait::Roll(r)) = other.queue.first() else {
        panic!("the roll was read");
    };
    assert_eq!(
        r.how.to_string(),
        "IR 16 against Gob's TR 16: the acting side wins ties!"
    );
}

#[test]
fn a10_one_ir_faces_each_target_alone() {
    let mut t = T::new();
    let ana = t.id("Ana");
    let gob = t.id("Gob");
    let bob = t.add("Bob", Kind::Npc, "goblins", [8, 3, 5], 4);
    let a = Action::new(
        ana,
        Attr::Wil,
        Against::Saves(vec![defence(gob, Attr::Dex), defence(bob, Attr::Dex)]),
        "blast",
    );
    t.run(C::Check(Box::new(a)), &[10, 10, 10]);
    // IR 18: Gob's TR 23 saves, Bob's TR 13 does not.
    assert_eq!(t.st().queue.len(), 2);
    assert!(!t.roll().pass);
    t.accept(&[]);
    assert!(t.roll().pass);
}

#[test]
fn a11_a_natural_20_is_flagged_but_the_verdict_stays_numeric() {
    let mut t = T::new();
    let ana = t.id("Ana");
    t.run(dc(ana, Attr::Str, 40), &[20]);
    assert!(!t.roll().pass);
    assert!(t.roll().reason.to_string().contains("natural 20"));
    // The judge may override the verdict.
    t.run(C::Rule { pass: true }, &[]);
    let ev = t.accept(&[]);
    assert!(
        ev.iter().any(|e| e.contains(
            "ruled a success (the dice said a failure: d20 20 + STR 11 = 31 against DC 40)"
        )),
        "{ev:?}"
    );
}

#[test]
fn a12_the_roll_record_keeps_every_die_by_role() {
    let mut t = T::new();
    let ana = t.id("Ana");
    let mut a = Action::new(
        ana,
        Attr::Str,
        Against::Dc {
            dc: 10,
            hidden: false,
        },
        "x",
    );
    a.objects = vec![obj("axe", 8, 1)];
    t.run(C::Check(Box::new(a)), &[7, 2, 6]);
    let r = t.roll();
    assert_eq!(r.dice[0].role.to_string(), "d20");
    assert_eq!(
        (
            r.dice[1].role.to_string().as_str(),
            r.dice[1].faces.clone(),
            r.dice[1].face()
        ),
        ("axe", vec![2, 6], 6)
    );
}

// ---------------------------------------------------------------- A13-A14: edges

#[test]
fn a13_edges_are_per_die_stack_without_a_cap_and_cancel_one_for_one() {
    let mut t = T::new();
    let ana = t.id("Ana");
    let mut a = Action::new(
        ana,
        Attr::Str,
        Against::Dc {
            dc: 10,
            hidden: false,
        },
        "x",
    );
    a.edge = 3;
    a.objects = vec![obj("axe", 8, -2)];
    t.run(C::Check(Box::new(a)), &[2, 3, 17, 4, 8, 5, 1]);
    let r = t.roll();
    assert_eq!((r.dice[0].faces.len(), r.dice[0].face()), (4, 17));
    assert_eq!((r.dice[1].faces.len(), r.dice[1].face()), (3, 1));
    t.accept(&[]);
    let mut a = Action::new(
        ana,
        Attr::Str,
        Against::Dc {
            dc: 10,
            hidden: false,
        },
        "x",
    );
    a.objects = vec![obj("axe", 8, 0)];
    a.edge = 0;
    t.run(C::Check(Box::new(a)), &[2, 3]);
    assert_eq!(t.roll().dice[0].faces.len(), 1);
}

#[test]
fn a14_an_individual_attacking_a_detachment_is_impaired_and_the_reverse_enhanced() {
    let mut t = T::new();
    let ana = t.id("Ana");
    let gob = t.id("Gob");
    t.mark("Gob", Mark::Detachment, true);
    t.run(
        C::Attack(Box::new(attack(ana, &[], &[(gob, Attr::Dex)]))),
        &[15, 3, 4],
    );
    let r = t.roll();
    assert_eq!(
        (r.dice[0].faces.clone(), r.dice[0].face()),
        (vec![15, 3], 3)
    );
    t.run(C::Cancel, &[]);
    t.run(
        C::Attack(Box::new(attack(gob, &[], &[(ana, Attr::Dex)]))),
        &[3, 15, 4],
    );
    assert_eq!(t.roll().dice[0].face(), 15);
}

// ---------------------------------------------------------------- A15-A20: AP

#[test]
fn a15_the_pool_starts_at_max_or_at_two_when_surprised() {
    let mut t = T::new();
    let (ana, gob) = (t.id("Ana"), t.id("Gob"));
    t.run(
        C::Fight {
            who: vec![].into(),
            surprised: vec![gob].into(),
        },
        &[10, 10],
    );
    assert_eq!((t.c("Ana").ap, t.c("Gob").ap), (4, 2));
    assert!(t.c("Gob").has(Mark::Surprised));
    t.run(C::Next, &[]);
    t.run(C::Next, &[]);
    assert!(!t.c("Gob").has(Mark::Surprised));
    assert_eq!(t.c("Gob").ap, 4);
    let _ = ana;
}

#[test]
fn a16_costs_come_from_seconds_a_cost_above_the_pool_is_refused_and_saves_are_free() {
    assert_eq!(
        (cost_for(1), cost_for(3), cost_for(7), cost_for(12)),
        (1, 1, 3, 4)
    );
    let mut t = T::new();
    let ana = t.id("Ana");
    t.fight(&[10, 1]);
    let mut a = Action::new(
        ana,
        Attr::Str,
        Against::Dc {
            dc: 10,
            hidden: false,
        },
        "heave",
    );
    a.cost = 5;
    assert!(
        t.refuse(C::Check(Box::new(a.clone())), &[10])
            .contains("4 AP")
    );
    t.run(C::Grant { who: ana, ap: 1 }, &[]);
    t.run(C::Check(Box::new(a)), &[10]);
    assert_eq!(t.c("Ana").ap, 0);
    t.accept(&[]);
    t.run(save(ana, Attr::Dex, 10), &[10]);
    assert_eq!(t.c("Ana").ap, 0);
}

#[test]
fn a17_the_end_of_its_own_turn_sets_the_pool_to_max() {
    let mut t = T::new();
    let ana = t.id("Ana");
    t.fight(&[10, 1]);
    t.run(
        C::Spend {
            who: ana,
            ap: 3,
            what: "climb".into(),
        },
        &[],
    );
    assert_eq!(t.c("Ana").ap, 1);
    t.run(C::Next, &[]);
    assert_eq!(t.c("Ana").ap, 4);
}

#[test]
fn a18_move_adds_half_dex_rounded_up_and_stacks() {
    let mut t = T::new();
    let ana = t.id("Ana");
    let gob = t.id("Gob");
    t.fight(&[10, 1]);
    t.run(C::Move { who: ana }, &[]);
    t.run(C::Move { who: ana }, &[]);
    assert_eq!(t.c("Ana").moves, 12);
    t.run(
        C::Walk {
            who: ana,
            spaces: 5,
        },
        &[],
    );
    assert!(
        t.refuse(
            C::Walk {
                who: ana,
                spaces: 8
            },
            &[]
        )
        .contains("7 spaces")
    );
    t.run(C::Next, &[]);
    assert_eq!(t.c("Ana").moves, 0);
    t.run(C::Move { who: gob }, &[]);
    assert_eq!(t.c("Gob").moves, 7);
}

#[test]
fn a19_gain_advantage_banks_for_the_next_roll_and_lapses_after_the_next_turn() {
    let mut t = T::new();
    let ana = t.id("Ana");
    t.fight(&[10, 1]);
    t.run(C::Gain { who: ana }, &[]);
    t.run(C::Gain { who: ana }, &[]);
    assert_eq!((t.c("Ana").bank, t.c("Ana").ap), (2, 2));
    t.run(save(ana, Attr::Dex, 10), &[3, 4, 18]);
    assert_eq!(t.roll().dice[0].face(), 18);
    assert_eq!(t.c("Ana").bank, 0);
    t.accept(&[]);
    t.run(C::Gain { who: ana }, &[]);
    t.run(C::Next, &[]);
    assert_eq!(t.c("Ana").bank, 1, "kept for the defence that follows");
    t.run(C::Next, &[]);
    t.run(C::Next, &[]);
    assert_eq!(t.c("Ana").bank, 0, "lapsed when the next turn ended");
}

#[test]
fn a20_a_held_action_fires_with_its_settings_and_lapses_when_the_next_turn_begins() {
    let mut t = T::new();
    let (ana, gob) = (t.id("Ana"), t.id("Gob"));
    t.fight(&[10, 1]);
    let held = Held {
        cost: 2,
        trigger: "the goblin steps in".into(),
        attr: Attr::Str,
        objects: vec![obj("spear", 8, 0)],
        edge: 1,
        defence: false,
        attack: true,
    };
    t.run(
        C::Hold {
            who: ana,
            held: Box::new(held.clone()),
        },
        &[],
    );
    assert_eq!(t.c("Ana").ap, 2);
    t.run(C::Next, &[]);
    t.run(
        C::Fire {
            who: ana,
            against: Against::Saves(vec![defence(gob, Attr::Dex)]),
        },
        &[4, 16, 5, 2],
    );
    let r = t.roll();
    assert_eq!(
        (r.dice[0].faces.len(), r.dice[1].role.to_string().as_str()),
        (2, "spear")
    );
    assert!(t.c("Ana").held.is_none());
    t.accept(&[20, 10]);
    t.accept(&[]);
    t.accept(&[]);
    t.run(C::Choose { option: 1 }, &[]);
    // held again, never fired: gone when its holder's next turn begins, AP not refunded
    t.run(
        C::Hold {
            who: ana,
            held: Box::new(held),
        },
        &[],
    );
    t.run(C::Next, &[]);
    assert!(t.c("Ana").held.is_none());
    // A17: paid between turns, out of the refilled pool, so missing from this turn
    assert_eq!(t.c("Ana").ap, 2);
}

#[test]
fn a20_a_held_defence_presets_the_edge_of_the_next_save() {
    let mut t = T::new();
    let ana = t.id("Ana");
    let held = Held {
        cost: 1,
        trigger: "an arrow".into(),
        attr: Attr::Dex,
        objects: vec![],
        edge: 2,
        defence: true,
        attack: false,
    };
    t.run(
        C::Hold {
            who: ana,
            held: Box::new(held),
        },
        &[],
    );
    t.run(
        C::Fire {
            who: ana,
            against: Against::Dc {
                dc: 0,
                hidden: false,
            },
        },
        &[],
    );
    t.run(save(ana, Attr::Dex, 20), &[2, 3, 19]);
    assert_eq!(t.roll().dice[0].face(), 19);
}

// ---------------------------------------------------------------- A21-A25: initiative

#[test]
fn a21_initiative_is_d20_plus_current_wil_once_per_fight() {
    let mut t = T::new();
    let ana = t.id("Ana");
    t.run(
        C::Set {
            who: ana,
            stat: Stat::Attr(Attr::Wil),
            cur: 3,
            max: 8,
        },
        &[],
    );
    t.fight(&[12, 2]);
    assert_eq!((t.c("Ana").init, t.c("Gob").init), (Some(15), Some(7)));
    for _ in 0..4 {
        t.run(C::Next, &[]);
    }
    assert_eq!(t.st().fight.as_ref().unwrap().round, 3);
    assert_eq!(t.c("Ana").init, Some(15));
}

#[test]
fn a22_within_a_group_the_higher_total_goes_first_then_the_higher_wil() {
    let mut t = T::new();
    t.add("Cy", Kind::Pc, "party", [10, 10, 12], 5);
    t.add("Di", Kind::Pc, "party", [10, 10, 4], 5);
    // Ana 8+8=16, Gob 1+5, Cy 4+12=16, Di 18+4=22
    t.fight(&[8, 1, 4, 18]);
    let order: Vec<String> = slotmark::rules::ap::fight::members(t.st(), "party")
        .into_iter()
        .map(|id| t.st().name_of(id))
        .collect();
    assert_eq!(order, ["Di", "Cy", "Ana"]);
}

#[test]
fn a23_groups_go_by_their_best_member_then_its_wil() {
    let mut t = T::new();
    t.add("Hob", Kind::Npc, "goblins", [8, 8, 9], 4);
    // Ana 10+8 = 18; Gob 1+5; Hob 9+9 = 18, WIL 9 beats Ana's 8.
    t.fight(&[10, 1, 9]);
    assert_eq!(t.st().fight.as_ref().unwrap().groups, ["goblins", "party"]);
    assert_eq!(t.acting().as_deref(), Some("Hob"));
}

#[test]
fn a24_groups_alternate_from_the_best_roller_and_skip_spent_groups() {
    let mut t = T::new();
    t.add("Cy", Kind::Pc, "party", [10, 10, 6], 5);
    t.add("Di", Kind::Pc, "party", [10, 10, 6], 5);
    // Ana 20, Gob 6, Cy 16, Di 11: party first.
    t.fight(&[12, 1, 10, 5]);
    let mut seen = vec![t.acting().unwrap()];
    for _ in 0..5 {
        t.run(C::Next, &[]);
        seen.push(t.acting().unwrap());
    }
    assert_eq!(seen, ["Ana", "Gob", "Cy", "Di", "Ana", "Gob"]);
    assert_eq!(t.st().fight.as_ref().unwrap().round, 2);
}

/// Whose turn comes next is found without sorting the group each time: it must still be the
/// first of the group's order (A22, the roster breaking ties) who has not acted and is still in
/// the fight.
#[test]
fn a24_a_turn_goes_to_the_first_of_the_groups_order_who_has_not_acted_and_is_still_in_it() {
    let mut t = T::new();
    for name in ["Cy", "Di", "Ed"] {
        t.add(name, Kind::Pc, "party", [10, 10, 6], 5);
    }
    // Ana 12+8 = 20, Gob 1+5 = 6; Cy, Di and Ed 10+6 = 16 with WIL 6 each: the roster decides.
    t.fight(&[12, 1, 10, 10, 10]);
    let order: Vec<String> = slotmark::rules::ap::fight::members(t.st(), "party")
        .into_iter()
        .map(|id| t.st().name_of(id))
        .collect();
    assert_eq!(order, ["Ana", "Cy", "Di", "Ed"]);
    t.mark("Di", Mark::Dead, true);
    let mut seen = vec![t.acting().unwrap()];
    for _ in 0..7 {
        t.run(C::Next, &[]);
        seen.push(t.acting().unwrap());
    }
    assert_eq!(seen, ["Ana", "Gob", "Cy", "Ed", "Ana", "Gob", "Cy", "Ed"]);
    assert_eq!(t.st().fight.as_ref().unwrap().round, 2);
}

#[test]
fn a25_a_late_arrival_joins_by_its_total_the_dead_leave_and_the_helpless_are_proposed_a_skip() {
    let mut t = T::new();
    t.add("Cy", Kind::Pc, "party", [10, 10, 6], 5);
    t.fight(&[12, 1, 2]);
    let hob = t.add("Hob", Kind::Npc, "goblins", [8, 8, 5], 4);
    t.run(
        C::Join {
            who: hob,
            surprised: false,
        },
        &[15],
    );
    let order: Vec<String> = slotmark::rules::ap::fight::members(t.st(), "goblins")
        .into_iter()
        .map(|id| t.st().name_of(id))
        .collect();
    assert_eq!(order, ["Hob", "Gob"]);
    t.run(C::Next, &[]);
    assert_eq!(t.acting().as_deref(), Some("Hob"));
    t.mark("Cy", Mark::Dead, true);
    t.run(C::Next, &[]);
    assert_eq!(t.acting().as_deref(), Some("Gob"), "the dead Cy is skipped");
    let ana = t.id("Ana");
    t.run(
        C::Set {
            who: ana,
            stat: Stat::Attr(Attr::Dex),
            cur: 0,
            max: 12,
        },
        &[],
    );
    t.run(C::Next, &[]);
    assert_eq!(t.acting().as_deref(), Some("Ana"));
    assert!(matches!(t.ask(), Ask::Skip { .. }));
    t.accept(&[]);
    assert_eq!(t.acting().as_deref(), Some("Hob"));
}

// ---------------------------------------------------------------- A26-A31: attacks

#[test]
fn a26_a_hit_deals_the_kept_weapon_face_less_armor_and_unarmed_rolls_a_d4() {
    let mut t = T::new();
    let (ana, gob) = (t.id("Ana"), t.id("Gob"));
    t.carry("Gob", armour("jerkin", 1, true));
    t.run(
        C::Attack(Box::new(attack(ana, &[("sword", 8)], &[(gob, Attr::Dex)]))),
        &[15, 4, 2],
    );
    t.accept(&[]);
    assert_eq!(t.c("Gob").hp.cur, 4 - 3);
    t.run(
        C::Attack(Box::new(attack(ana, &[], &[(gob, Attr::Dex)]))),
        &[15, 2],
    );
    t.accept(&[3, 20]);
    assert_eq!((t.c("Gob").hp.cur, t.c("Gob").attr(Attr::Str).cur), (0, 7));
}

#[test]
fn a27_two_weapons_count_only_the_higher_face_in_the_ir_and_as_damage() {
    let mut t = T::new();
    let (ana, gob) = (t.id("Ana"), t.id("Gob"));
    let mut a = attack(ana, &[("sword", 8), ("dagger", 6)], &[(gob, Attr::Dex)]);
    a.two = true;
    t.run(C::Attack(Box::new(a)), &[10, 3, 5, 1]);
    assert_eq!(t.roll().total, 10 + 11 + 5);
    t.accept(&[20]);
    assert_eq!(t.c("Gob").hp.cur, 0);
    assert_eq!(t.c("Gob").attr(Attr::Str).cur, 7);
}

#[test]
fn a28_several_targets_share_one_damage_face_each_less_its_own_armor() {
    let mut t = T::new();
    let (ana, gob) = (t.id("Ana"), t.id("Gob"));
    let bob = t.add("Bob", Kind::Npc, "goblins", [8, 3, 5], 6);
    t.carry("Bob", armour("mail", 2, true));
    t.run(
        C::Attack(Box::new(attack(
            ana,
            &[("flail", 6)],
            &[(gob, Attr::Dex), (bob, Attr::Dex)],
        ))),
        &[15, 4, 1, 1],
    );
    t.accept(&[]);
    t.accept(&[]);
    assert_eq!((t.c("Gob").hp.cur, t.c("Bob").hp.cur), (0, 4));
}

#[test]
fn a29_armor_adds_granted_bonuses_and_caps_at_three() {
    let mut t = T::new();
    let ana = t.id("Ana");
    t.carry("Ana", armour("plate", 3, true));
    t.run(C::ArmorBonus { who: ana, n: 1 }, &[]);
    assert_eq!(t.c("Ana").armor(), 3);
    t.run(
        C::Wear {
            who: ana,
            item: 0,
            on: false,
        },
        &[],
    );
    assert_eq!(t.c("Ana").armor(), 1);
}

#[test]
fn a30_a_distant_ranged_shot_is_impaired_and_spends_no_ammunition() {
    let mut t = T::new();
    let (ana, gob) = (t.id("Ana"), t.id("Gob"));
    t.carry("Ana", weapon("bow", 6));
    let mut a = attack(ana, &[("bow", 6)], &[(gob, Attr::Dex)]);
    a.attr = Attr::Dex;
    a.edge = -1;
    t.run(C::Attack(Box::new(a)), &[18, 6, 3, 1]);
    assert_eq!(t.roll().total, 6 + 12 + 3);
    t.accept(&[]);
    assert!(t.c("Ana").item("bow").is_some());
}

#[test]
fn a31_a_detachment_failing_its_critical_save_is_proposed_routed_and_str_0_destroys_it() {
    let mut t = T::new();
    t.mark("Gob", Mark::Detachment, true);
    t.damage("Gob", 6, &[2]);
    t.accept(&[]);
    match t.st().queue.first() {
        Some(Wait::Ask(q)) => assert_eq!(q.options, ["routed", "weakened", "fights on"]),
        other => panic!("{other:?}"),
    }
    t.accept(&[]);
    assert!(t.c("Gob").has(Mark::Routed));
    let mut t = T::new();
    t.mark("Gob", Mark::Detachment, true);
    let ev = t.damage("Gob", 12, &[]);
    assert!(ev.iter().any(|e| e.contains("destroyed")), "{ev:?}");
}

// ---------------------------------------------------------------- A32-A37: harm

#[test]
fn a32_damage_beyond_hp_comes_off_str_and_str_floors_at_0() {
    let mut t = T::new();
    t.damage("Gob", 3, &[]);
    assert_eq!((t.c("Gob").hp.cur, t.c("Gob").attr(Attr::Str).cur), (1, 8));
    t.damage("Gob", 4, &[20]);
    assert_eq!((t.c("Gob").hp.cur, t.c("Gob").attr(Attr::Str).cur), (0, 5));
    t.accept(&[]);
    t.damage("Gob", 30, &[]);
    assert_eq!(t.c("Gob").attr(Attr::Str).cur, 0);
    assert!(t.c("Gob").dead());
}

#[test]
fn a33_the_critical_save_is_dc_15_passing_on_16_and_an_exact_zero_asks_none() {
    let mut t = T::new();
    // Gob: STR 8 - 2 = 6; 9 + 6 = 15 fails.
    t.damage("Gob", 6, &[9]);
    assert_eq!((t.roll().total, t.roll().pass), (15, false));
    let mut t = T::new();
    t.damage("Gob", 6, &[10]);
    assert!(t.roll().pass);
    let mut t = T::new();
    t.damage("Gob", 4, &[]);
    assert!(t.st().queue.is_empty());
    t.damage("Ana", 6, &[]);
    assert!(matches!(t.ask(), Ask::Scar { entry: 6, .. }));
}

#[test]
fn a34_a_pc_failing_crawls_and_dies_after_an_hour_unless_stabilized() {
    let mut t = T::new();
    t.add("Bo", Kind::Pc, "party", [10, 10, 10], 0);
    t.damage("Ana", 7, &[1]);
    t.accept(&[]);
    t.run(C::Choose { option: 1 }, &[]);
    t.damage("Bo", 2, &[1]);
    t.accept(&[]);
    t.mark("Bo", Mark::Stabilized, true);
    t.run(
        C::Time {
            n: 59,
            span: Span::Minutes,
        },
        &[],
    );
    assert!(!t.c("Ana").dead());
    t.run(
        C::Time {
            n: 1,
            span: Span::Minutes,
        },
        &[],
    );
    assert!(t.c("Ana").dead());
    assert!(!t.c("Bo").dead() && t.c("Bo").has(Mark::Out));
    // the stabilized PC is back after a short rest outside a fight
    t.run(C::Short { who: vec![] }, &[5]);
    assert!(!t.c("Bo").has(Mark::Out));
}

#[test]
fn a35_a_scar_reads_the_hp_before_the_blow_and_rolls_against_the_max() {
    let mut t = T::new();
    // HP 6 to 0 and below: the crit save first, then scar 6.
    t.damage("Ana", 7, &[19]);
    assert!(matches!(t.st().queue.first(), Some(Wait::Roll(_))));
    t.accept(&[]);
    assert!(matches!(t.ask(), Ask::Scar { entry: 6, .. }));
    // d6 5: WIL; 3d6 = 15 above current WIL 8: current and max become 15
    t.accept(&[5, 5, 5, 5]);
    assert_eq!(
        (
            t.c("Ana").attr(Attr::Wil).cur,
            t.c("Ana").attr(Attr::Wil).max
        ),
        (15, 15)
    );
    let ana = t.id("Ana");
    // scar 1: place, then 1d6 against max HP 6: a 6 keeps it
    t.run(C::Scar { who: ana, entry: 1 }, &[2, 6]);
    assert_eq!(t.c("Ana").hp.max, 6);
    // scar 2 lower max keeps; scar 3 deprived with a pending recovery
    t.run(C::Scar { who: ana, entry: 3 }, &[]);
    assert!(t.c("Ana").deprived());
    t.run(C::Recovered { who: ana, item: 0 }, &[4]);
    assert!(!t.c("Ana").deprived());
    assert_eq!((t.c("Ana").hp.max, t.c("Ana").hp.cur), (10, 4));
    // scar 12: doomed; the next failed critical save kills
    t.run(
        C::Scar {
            who: ana,
            entry: 12,
        },
        &[],
    );
    t.damage("Ana", 6, &[1]);
    t.accept(&[]);
    assert!(t.c("Ana").dead());
}

#[test]
fn a35_doomed_lifts_on_a_passed_critical_save_with_3d6_against_max_hp() {
    let mut t = T::new();
    let ana = t.id("Ana");
    t.run(
        C::Scar {
            who: ana,
            entry: 12,
        },
        &[],
    );
    t.damage("Ana", 1, &[]);
    t.damage("Ana", 6, &[20]);
    t.accept(&[6, 6, 5]);
    assert!(!t.c("Ana").has(Mark::Doomed));
    assert_eq!(t.c("Ana").hp.max, 17);
}

#[test]
fn a36_dex_or_wil_at_0_cannot_act_and_moves_nowhere() {
    let mut t = T::new();
    let ana = t.id("Ana");
    t.fight(&[10, 1]);
    t.run(
        C::Set {
            who: ana,
            stat: Stat::Attr(Attr::Wil),
            cur: 0,
            max: 8,
        },
        &[],
    );
    assert!(t.refuse(C::Move { who: ana }, &[]).contains("cannot act"));
    let gl = slotmark::rules::ap::glance(t.c("Ana"));
    assert!(gl.iter().any(|g| g.text == "delirious"));
}

#[test]
fn a37_a_dead_pc_stays_on_the_roster_and_a_newcomer_joins_the_fight() {
    let mut t = T::new();
    t.fight(&[10, 1]);
    t.mark("Ana", Mark::Dead, true);
    let cy = t.add("Cy", Kind::Pc, "party", [10, 10, 6], 5);
    t.run(
        C::Join {
            who: cy,
            surprised: false,
        },
        &[3],
    );
    let roster = slotmark::rules::ap::Ap::roster(t.st());
    assert!(roster[0].members.iter().any(|m| m.name == "Ana" && m.dead));
    t.run(C::Next, &[]);
    t.run(C::Next, &[]);
    assert_eq!(t.acting().as_deref(), Some("Cy"));
}

// ---------------------------------------------------------------- A38-A40: deprivation

#[test]
fn a38_a_deprived_pc_regains_no_hp_and_sheds_no_fatigue() {
    let mut t = T::new();
    let ana = t.id("Ana");
    t.damage("Ana", 3, &[]);
    t.run(C::Fatigue { who: ana, n: 2 }, &[]);
    t.mark("Ana", Mark::Deprived, true);
    t.run(C::Short { who: vec![] }, &[2]);
    t.run(C::Night { who: vec![] }, &[]);
    assert_eq!((t.c("Ana").hp.cur, t.c("Ana").fatigue), (3, 2));
}

#[test]
fn a39_each_whole_day_of_deprivation_adds_a_fatigue() {
    let mut t = T::new();
    t.mark("Ana", Mark::Deprived, true);
    t.run(
        C::Time {
            n: 23,
            span: Span::Hours,
        },
        &[],
    );
    assert_eq!(t.c("Ana").fatigue, 0);
    t.run(
        C::Time {
            n: 1,
            span: Span::Hours,
        },
        &[],
    );
    assert_eq!(t.c("Ana").fatigue, 1);
    t.run(
        C::Time {
            n: 2,
            span: Span::Days,
        },
        &[],
    );
    assert_eq!(t.c("Ana").fatigue, 3);
}

#[test]
fn a40_fatigue_with_no_free_slot_asks_which_item_goes_and_a_safe_night_clears_it_all() {
    let mut t = T::new();
    let ana = t.id("Ana");
    for i in 0..9 {
        t.carry("Ana", Item::new(format!("thing{i}")));
    }
    t.run(C::Fatigue { who: ana, n: 2 }, &[]);
    assert!(matches!(t.ask(), Ask::Drop { left: 1, .. }));
    assert!(t.refuse(C::Accept, &[]).contains("no default"));
    t.run(C::Choose { option: 3 }, &[]);
    assert_eq!(t.c("Ana").fatigue, 2);
    assert_eq!(t.st().dropped, [("Ana".to_string(), "thing3".to_string())]);
    t.run(C::Night { who: vec![] }, &[]);
    assert_eq!(t.c("Ana").fatigue, 0);
}

// ---------------------------------------------------------------- A41-A46: magic

fn cast(who: u32, slot: u8, dust: u8) -> C {
    C::Cast(Box::new(Cast {
        who,
        spell: "Light".into(),
        slot,
        dust,
        free: false,
        scroll: None,
        cost: 0,
    }))
}

#[test]
fn a41_casting_without_the_grimoire_is_a_reminder_not_a_refusal() {
    let mut t = T::new();
    let ana = t.id("Ana");
    let ev = t.run(cast(ana, 1, 0), &[1]);
    assert!(ev[0].contains("Reminder"), "{ev:?}");
    t.run(
        C::Grimoire {
            who: ana,
            spells: vec!["Light".into()],
        },
        &[],
    );
    let ev = t.run(cast(ana, 1, 0), &[1]);
    assert!(!ev.iter().any(|e| e.contains("Reminder")));
    assert_eq!(t.c("Ana").free_slots(), 8);
}

#[test]
fn a42_at_most_four_magic_dice_from_free_slots_and_dust() {
    let mut t = T::new();
    let ana = t.id("Ana");
    t.run(C::Dust { who: ana, n: 2 }, &[]);
    assert!(t.refuse(cast(ana, 3, 2), &[]).contains("1-4"));
    assert!(t.refuse(cast(ana, 1, 3), &[]).contains("2 Mana Dust"));
    for i in 0..9 {
        t.carry("Ana", Item::new(format!("thing{i}")));
    }
    assert!(t.refuse(cast(ana, 2, 0), &[]).contains("1 free slot"));
    t.run(cast(ana, 1, 2), &[1, 2, 3]);
    assert_eq!(t.c("Ana").dust, 0);
    assert!(t.refuse(cast(ana, 200, 100), &[]).contains("1-4"));
}

#[test]
fn a43_slot_dice_showing_4_to_6_add_fatigue_and_dust_dice_never() {
    let mut t = T::new();
    let ana = t.id("Ana");
    t.run(C::Dust { who: ana, n: 2 }, &[]);
    t.run(cast(ana, 2, 2), &[4, 3, 6, 5]);
    assert_eq!(t.c("Ana").fatigue, 1);
}

#[test]
fn a44_a_pair_works_with_a_mishap_and_three_alike_fail() {
    assert_eq!(
        (
            largest_set(&[2, 2, 5]),
            largest_set(&[3, 3, 4, 4]),
            largest_set(&[1, 2])
        ),
        (2, 2, 1)
    );
    let mut t = T::new();
    let ana = t.id("Ana");
    t.run(C::Dust { who: ana, n: 8 }, &[]);
    let ev = t.run(cast(ana, 0, 3), &[2, 2, 5]);
    assert!(ev.iter().any(|e| e.contains("mishap 9")), "{ev:?}");
    assert!(ev.iter().any(|e| e.ends_with("takes effect")));
    let ev = t.run(cast(ana, 0, 3), &[1, 1, 1]);
    assert!(ev.iter().any(|e| e.ends_with("fails")), "{ev:?}");
}

#[test]
fn a45_mishaps_by_sum_change_the_sheet() {
    let mut t = T::new();
    let ana = t.id("Ana");
    t.run(C::Dust { who: ana, n: 20 }, &[]);
    // [sum] 12: a slot lost, +1 armor
    t.run(cast(ana, 0, 3), &[4, 4, 4]);
    assert_eq!((t.c("Ana").slots, t.c("Ana").armor()), (9, 1));
    // [sum] 11: -1d4 WIL and a free die from now on
    t.run(cast(ana, 0, 3), &[5, 5, 1, 3]);
    assert_eq!(t.c("Ana").attr(Attr::Wil).cur, 5);
    assert!(t.c("Ana").free_die);
    // [sum] 2: no casting for 1d6 hours, which ends with the clock
    t.run(cast(ana, 0, 2), &[1, 1, 2]);
    assert!(!t.c("Ana").timed.is_empty());
    t.run(
        C::Time {
            n: 2,
            span: Span::Hours,
        },
        &[],
    );
    assert!(t.c("Ana").timed.is_empty());
}

#[test]
fn a45_a40_a_mishap_that_shrinks_the_slots_asks_which_item_goes_until_the_load_fits() {
    let mut t = T::new();
    let ana = t.id("Ana");
    t.run(C::Dust { who: ana, n: 20 }, &[]);
    for i in 0..10 {
        t.carry("Ana", Item::new(format!("thing{i}")));
    }
    // [sum] 12: one slot fewer under a full load: the judge picks what goes, with no default
    t.run(cast(ana, 0, 3), &[4, 4, 4]);
    assert_eq!(t.c("Ana").slots, 9);
    assert!(matches!(t.ask(), Ask::Drop { left: 0, .. }));
    assert!(t.refuse(C::Accept, &[]).contains("no default"));
    t.run(C::Choose { option: 0 }, &[]);
    assert_eq!(t.c("Ana").items.len(), 9);
    assert!(t.st().queue.is_empty(), "{:?}", t.st().queue);
    // [sum] 19: five slots for nine things: four questions, one item each
    t.run(cast(ana, 0, 4), &[6, 6, 6, 1, 2]);
    assert_eq!(t.c("Ana").slots, 5);
    for _ in 0..4 {
        assert!(matches!(t.ask(), Ask::Drop { left: 0, .. }));
        t.run(C::Choose { option: 0 }, &[]);
    }
    assert!(t.st().queue.is_empty(), "{:?}", t.st().queue);
    assert_eq!(t.c("Ana").items.len(), 5);
    assert_eq!(t.st().dropped.len(), 5);
}

#[test]
fn a46_a_scroll_is_used_up_and_copying_takes_six_hours_less_the_sum() {
    let mut t = T::new();
    let ana = t.id("Ana");
    t.run(
        C::Scroll {
            who: ana,
            spell: "Sleep".into(),
        },
        &[],
    );
    t.run(
        C::Scroll {
            who: ana,
            spell: "Mend".into(),
        },
        &[],
    );
    t.run(
        C::Cast(Box::new(Cast {
            who: ana,
            spell: "Sleep".into(),
            slot: 1,
            dust: 0,
            free: false,
            scroll: Some(0),
            cost: 0,
        })),
        &[2],
    );
    assert_eq!(t.c("Ana").scrolls, ["Mend"]);
    t.run(
        C::Grimoire {
            who: ana,
            spells: vec![],
        },
        &[],
    );
    t.run(
        C::Copy {
            who: ana,
            scroll: 0,
            slot: 2,
            dust: 0,
        },
        &[1, 2],
    );
    assert_eq!(t.st().clock.seconds, 3 * 3600);
    assert_eq!(t.c("Ana").grimoire.as_ref().unwrap().spells, ["Mend"]);
}

// ---------------------------------------------------------------- A47-A50

#[test]
fn a47_a_short_rest_restores_hp_with_a_die_of_fate_and_a_week_the_attributes() {
    let mut t = T::new();
    let ana = t.id("Ana");
    t.damage("Ana", 4, &[]);
    t.run(
        C::Set {
            who: ana,
            stat: Stat::Attr(Attr::Dex),
            cur: 3,
            max: 12,
        },
        &[],
    );
    let ev = t.run(C::Short { who: vec![] }, &[5]);
    assert!(ev.last().unwrap().contains("Die of Fate 5"));
    assert_eq!((t.c("Ana").hp.cur, t.c("Ana").attr(Attr::Dex).cur), (6, 3));
    t.run(C::Week { who: vec![ana] }, &[]);
    assert_eq!(t.c("Ana").attr(Attr::Dex).cur, 12);
}

#[test]
fn a48_the_first_casualty_and_half_down_ask_a_morale_save_and_a_failure_proposes_flight() {
    let mut t = T::new();
    t.add("Hob", Kind::Npc, "goblins", [8, 8, 9], 4);
    t.add("Kob", Kind::Npc, "goblins", [8, 8, 4], 4);
    t.add("Lob", Kind::Npc, "goblins", [8, 8, 4], 4);
    t.fight(&[20, 1, 1, 1, 1]);
    // the first casualty: a save with the best WIL still up (Hob's 9)
    let (gob, kob) = (t.id("Gob"), t.id("Kob"));
    t.run(
        C::Mark {
            who: gob,
            mark: Mark::Dead,
            on: true,
        },
        &[12],
    );
    t.refuse(C::Next, &[]);
    match t.st().queue.first() {
        Some(Wait::Roll(r)) => assert_eq!(r.who, t.id("Hob")),
        other => panic!("{other:?}"),
    }
    t.run(C::Rule { pass: true }, &[]);
    t.accept(&[]);
    // half down (2 of 4): another save; failing proposes flight
    t.run(
        C::Mark {
            who: kob,
            mark: Mark::Dead,
            on: true,
        },
        &[19],
    );
    t.run(C::Rule { pass: false }, &[]);
    t.accept(&[]);
    assert!(matches!(t.ask(), Ask::Flee { .. }));
    t.accept(&[]);
    assert!(t.c("Hob").has(Mark::Fled) && t.c("Lob").has(Mark::Fled));
}

#[test]
fn a48_a_lone_foe_saves_on_reaching_hp_0() {
    let mut t = T::new();
    t.fight(&[20, 1]);
    t.damage("Gob", 4, &[3]);
    match t.st().queue.first() {
        Some(Wait::Roll(r)) => assert!(r.title.to_string().contains("morale")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a49_reactions_read_2d6_bands_a_retreat_is_a_dex_save_and_hirelings_roll_3d6() {
    assert_eq!(
        [2, 3, 5, 6, 8, 9, 11, 12].map(reaction_word),
        [
            "hostile", "wary", "wary", "curious", "curious", "kind", "kind", "helpful"
        ]
    );
    let mut t = T::new();
    let ev = t.run(C::Reaction, &[4, 5]);
    assert!(ev[0].ends_with("kind"));
    let ana = t.id("Ana");
    t.run(C::Retreat { who: ana }, &[9]);
    assert!(t.roll().pass, "9 + DEX 12 = 21 beats 20");
    t.accept(&[]);
    assert!(t.c("Ana").has(Mark::Fled));
    t.run(
        C::Hireling {
            name: "Pip".into(),
            group: "party".into(),
        },
        &[1, 2, 3, 4, 4, 4, 6, 6, 6, 5],
    );
    let p = t.c("Pip");
    assert_eq!(
        (
            p.attr(Attr::Str).max,
            p.attr(Attr::Dex).max,
            p.attr(Attr::Wil).max,
            p.hp.max,
            p.kind
        ),
        (6, 12, 18, 5, Kind::Npc)
    );
}

#[test]
fn a50_a_round_moves_the_shared_clock_two_minutes_and_an_hour_is_thirty_rounds() {
    let mut t = T::new();
    t.fight(&[10, 1]);
    t.run(C::Next, &[]);
    t.run(C::Next, &[]);
    assert_eq!(t.st().clock.seconds, 120);
    let clock = slotmark::rules::ap::Ap::clock(t.st());
    assert_eq!(clock.now, "round 2");
}

// ---------------------------------------------------------------- the seam

#[test]
fn the_judges_answers_map_to_the_ruleset_commands() {
    let mut t = T::new();
    let ana = t.id("Ana");
    t.run(dc(ana, Attr::Str, 20), &[2]);
    assert!(matches!(
        t.s.state().game.pending(),
        Some(PendingView::Roll(_))
    ));
    let c = slotmark::rules::ap::Ap::answer(t.st(), slotmark::rules::Answer::Override).unwrap();
    assert_eq!(c, C::Rule { pass: true });
    assert!(t.refuse(dc(ana, Attr::Str, 20), &[2]).contains("waiting"));
}

#[test]
fn free_text_with_a_control_character_or_too_long_is_refused() {
    let mut t = T::new();
    let ana = t.id("Ana");
    let mut a = Action::new(
        ana,
        Attr::Str,
        Against::Dc {
            dc: 10,
            hidden: false,
        },
        "x\u{1b}[2J",
    );
    assert!(
        t.refuse(C::Check(Box::new(a.clone())), &[5])
            .contains("control character")
    );
    a.what = "y".repeat(61);
    assert!(t.refuse(C::Check(Box::new(a)), &[5]).contains("too long"));
    let long = Held {
        cost: 0,
        trigger: "t".repeat(60),
        attr: Attr::Str,
        objects: vec![],
        edge: 0,
        defence: false,
        attack: false,
    };
    t.run(
        C::Hold {
            who: ana,
            held: Box::new(long),
        },
        &[],
    );
    t.run(
        C::Fire {
            who: ana,
            against: Against::Dc {
                dc: 10,
                hidden: false,
            },
        },
        &[5],
    );
}
