//! Whole stretches of play in ruleset `phase` (rule file 002, PHASE-RULES K1-K53), typed in the
//! command language and run step by step through `Session::execute` with scripted dice, every
//! sheet checked at the end: a fight of three rounds through the five phases with charges, critical
//! saves, a critical PC, a grievous wound and three morale checks (K13-K17, K19-K25, K29, K30); a
//! stretch of dungeon delving with turns, event dice, a stored clue, doors, a trap and light
//! (K43-K48); and the recovery between adventures, from aid and a short rest to a long rest in
//! camp and a week in town (K24, K31-K33, K50, K53).

mod paste;

use slotmark::dice::ScriptedDice;
use slotmark::rules::phase::{Character, CombatPhase, Limb, State};
use slotmark::rules::{GameState, RulesetId};
use slotmark::script::{self, Line};
use slotmark::session::{self, Session, SessionState};

struct Table {
    session: Session,
    /// Every event so far, one line each.
    log: String,
}

/// A session whose creatures the players see from the start: these tests are about the rules,
/// not the players' view, so a fight started without names takes everyone who can fight.
fn seen_by_all(mut s: SessionState) -> SessionState {
    s.veil.until_revealed = false;
    s
}

impl Table {
    fn new(title: &str) -> Table {
        Table {
            session: Session::new(seen_by_all(SessionState::new(title, RulesetId::Phase))),
            log: String::new(),
        }
    }

    fn state(&self) -> &State {
        match &self.session.state().game {
            GameState::Phase(s) => s,
            other => panic!("a phase session was expected, not {:?}", other.ruleset()),
        }
    }

    fn command(&self, line: &str) -> session::Command {
        match script::parse_line(line, self.session.state()) {
            Ok(Line::Command(c)) => c,
            other => panic!("{line}: {other:?}"),
        }
    }

    /// Plays one typed line with exactly these faces; undoing and redoing it gives the same
    /// state back. Returns the step's events, one line each.
    fn play(&mut self, line: &str, faces: &[u16]) -> String {
        let command = self.command(line);
        let mut dice = ScriptedDice::new(faces.iter().copied());
        let entry = match self.session.execute(command, &mut dice) {
            Ok(e) => e.to_logged(),
            Err(e) => panic!("{line} was refused: {e}\n{}", self.log),
        };
        assert_eq!(dice.remaining(), 0, "{line} left dice unused\n{}", self.log);
        let after = self.session.state().clone();
        self.session.undo().unwrap();
        self.session.redo().unwrap();
        assert_eq!(self.session.state(), &after, "{line}: undo then redo");
        let text: String = entry.events.iter().map(|e| format!("{e}\n")).collect();
        self.log.push_str(&format!("> {line}\n{text}"));
        text
    }

    fn go(&mut self, line: &str) -> String {
        self.play(line, &[])
    }

    /// `next` `n` times, rolling nothing.
    fn next(&mut self, n: usize) {
        for _ in 0..n {
            self.go("next");
        }
    }

    /// A line the rules refuse: nothing changes; returns why.
    fn refuse(&mut self, line: &str) -> String {
        let before = self.session.clone();
        let command = self.command(line);
        match self.session.execute(command, &mut ScriptedDice::new([])) {
            Ok(_) => panic!("{line} should have been refused"),
            Err(e) => {
                assert_eq!(self.session.state(), before.state());
                assert_eq!(self.session.entries(), before.entries());
                e.to_string()
            }
        }
    }

    fn c(&self, name: &str) -> &Character {
        self.state()
            .by_name(name)
            .unwrap_or_else(|| panic!("no {name}"))
    }

    /// Where the fight stands: "round 2, melee, Middle".
    fn at(&self) -> String {
        let f = self.state().fight.as_ref().expect("a fight");
        format!("round {}, {}, {}", f.round, f.phase.word(), f.band.word())
    }

    /// One line per sheet: HP, abilities, DR, coins, load, weapons, body and states.
    fn sheet(&self, name: &str) -> String {
        let c = self.c(name);
        let score = |a: &str, s: slotmark::rules::phase::Score| {
            if s.cur == s.max {
                format!("{a} {}", s.cur)
            } else {
                format!("{a} {}/{}", s.cur, s.max)
            }
        };
        let mut parts = vec![
            format!("HP {}", c.hp_text()),
            score("STR", c.str),
            score("DEX", c.dex),
            score("WIL", c.wil),
        ];
        if c.dr() > 0 {
            parts.push(format!("DR {}", c.dr()));
        }
        if c.coins > 0 {
            parts.push(format!("{} coins", c.coins));
        }
        if c.fatigue > 0 {
            parts.push(format!("fatigue {}", c.fatigue));
        }
        for u in &c.units {
            parts.push(u.describe());
        }
        for w in &c.weapons {
            let ammo = if w.out_of_ammo { " out of ammo" } else { "" };
            parts.push(format!("{} d{}{ammo}", w.name, w.die));
        }
        for s in &c.spells {
            parts.push(slotmark::rules::phase::item_text(s));
        }
        for (limbs, what) in [(c.body.arms, "arm"), (c.body.legs, "leg")] {
            for (i, l) in limbs.iter().enumerate() {
                let side = if i == 0 { "left" } else { "right" };
                match l {
                    Limb::Whole => {}
                    Limb::Broken => parts.push(format!("broken {side} {what}")),
                    Limb::Lost => parts.push(format!("no {side} {what}")),
                }
            }
        }
        if c.body.scars > 0 {
            parts.push(format!("scars {}", c.body.scars));
        }
        if let Some(k) = c.critical {
            parts.push(format!(
                "CRITICAL{} until turn {}",
                if k.aided { " (aided)" } else { "" },
                k.dies_after
            ));
        }
        for (on, word) in [
            (c.dead, "DEAD"),
            (c.out, "OUT"),
            (c.fled, "FLED"),
            (c.no_hp, "NO HP"),
            (c.unfed, "UNFED"),
        ] {
            if on {
                parts.push(word.to_string());
            }
        }
        if c.wage_owed > 0 {
            parts.push(format!("owed {}", c.wage_owed));
        }
        for m in &c.marks {
            parts.push(format!("mark {}", m.kind.word()));
        }
        parts.join("; ")
    }

    /// The session replays from its log to the same state, as a file would.
    fn replays(&self) {
        let replayed =
            session::replay(self.session.initial(), self.session.entries()).expect("it replays");
        assert_eq!(&replayed, self.session.state(), "replay != live");
        // What `replay` prints, pasted into `run`, plays to the same state.
        paste::same_when_pasted(&self.session, paste::none);
    }
}

// ---------------------------------------------------------------- a fight

/// Three rounds against a goblin band and its wolf. Round 1: Cora's arrow drops a goblin (its
/// critical save fails), the goblins' morale holds, Ana and two goblins charge, Bram's critical
/// save passes. Round 2: a second goblin falls, Cora fails her critical save and is left
/// crawling, the goblins' morale breaks and Ana strikes the fleeing chief. Round 3: the wolf,
/// alone at 0 HP with a broken leg, fails its own morale. Then the ammunition roll and aid.
#[test]
fn a_fight_of_three_rounds_through_the_five_phases_with_morale_and_critical_saves() {
    let mut t = Table::new("The goblin cave");
    for line in [
        "add Ana pc 5 12 13 10",
        "arm Ana sword",
        "wear Ana light shield",
        "add Bram pc 4 14 9 11",
        "arm Bram halberd",
        "add Cora pc 3 9 12 15",
        "arm Cora \"hunting bow\"",
        "add goblin",
        "add goblin",
        "add goblin",
        "add Grol \"goblin chief\"",
        "add Fang wolf",
    ] {
        t.go(line);
    }

    // ---- Round 1. Initiative: Ana 5 and Cora 8 pass (Early), Bram 15 fails (Late).
    let ev = t.play("fight stepwise", &[5, 15, 8]);
    assert!(
        ev.contains("Ana Early (DEX save 5 against 13)")
            && ev.contains("Bram Late (DEX save 15 against 9)")
            && ev.contains("Goblin 1 Middle (enemies)"),
        "{ev}"
    );
    assert_eq!(t.at(), "round 1, magic (cast), Early");
    t.next(3);
    assert_eq!(t.at(), "round 1, missile, Early");
    // Phase 2: Cora's arrow (d6 6) takes Goblin 1's 4 HP and 2 STR; its critical save (17
    // against STR 6) fails: out, and dead as proposed. The goblins' first casualty.
    let ev = t.play("attack Cora \"Goblin 1\"", &[6, 17]);
    assert!(
        ev.contains("Cora hits Goblin 1: d6 6, 6 damage") && ev.contains("Goblin 1 loses 2 STR"),
        "{ev}"
    );
    let ev = t.go("accept");
    assert!(
        ev.contains("Goblin 1 is out of the fight")
            && ev.contains("goblins take their first casualty"),
        "{ev}"
    );
    t.go("accept");
    assert!(t.c("Goblin 1").dead);
    t.refuse("move Ana to Grol");
    t.next(2);
    // The phase ends: the goblins' morale, on their chief's WIL 10: 7 holds. The fight stands
    // at the phase's end until the save is answered (K30).
    let ev = t.play("next", &[7]);
    assert!(!ev.contains("phase: move"), "{ev}");
    assert!(
        t.refuse("move Ana to Grol")
            .contains("waiting for the judge")
    );
    let ev = t.go("accept");
    assert!(
        ev.contains("WIL save for the morale of goblins: d20 7 against WIL 10: a pass")
            && ev.contains("goblins hold their ground"),
        "{ev}"
    );
    let ev = t.go("next");
    assert!(ev.contains("Round 1, phase: move · Early"), "{ev}");
    // Phase 3: Ana charges the chief; Cora loosed an arrow and may not move.
    assert!(t.go("move Ana to Grol").contains("Ana charges Grol"));
    assert!(t.refuse("move Cora").contains("loosed a missile"));
    t.go("next");
    assert!(t.go("move \"Goblin 2\" to Bram").contains("charges Bram"));
    assert!(t.go("move \"Goblin 3\" to Cora").contains("charges Cora"));
    t.next(2);
    assert_eq!(t.at(), "round 1, melee, Early");
    // Phase 4: the charge steps Ana's sword up to a d8: 8 less DR 1.
    let ev = t.play("attack Ana Grol", &[8]);
    assert!(
        ev.contains("Ana hits Grol (enhanced by the charge): d8 8 - DR 1 = 7, 7 damage"),
        "{ev}"
    );
    assert!(t.refuse("attack Bram \"Goblin 2\"").contains("Late group"));
    t.go("next");
    // Goblin 2's charge: a d8 6 into Bram's 4 HP, 2 from STR; his critical save (3) passes.
    let ev = t.play("attack \"Goblin 2\" Bram", &[6, 3]);
    assert!(ev.contains("Bram loses 2 STR (STR 12)"), "{ev}");
    let ev = t.go("accept");
    assert!(
        ev.contains("STR save against critical damage: d20 3"),
        "{ev}"
    );
    assert!(t.c("Bram").critical.is_none());
    t.play("attack \"Goblin 3\" Cora", &[2]);
    let ev = t.play("attack Grol Ana", &[5]);
    assert!(ev.contains("d6 5 - DR 2 = 3, 3 damage"), "{ev}");
    t.go("next");
    t.play("attack Bram \"Goblin 2\"", &[3]);
    t.next(3);
    assert_eq!(t.at(), "round 1, magic (effect), Late");
    // ---- Round 2. Ana's 20 always fails; Bram 2 and Cora 11 pass.
    let ev = t.play("next", &[20, 2, 11]);
    assert!(ev.contains("Round 2 initiative"), "{ev}");
    assert!(ev.contains("Goblin 1 acts in no phase (dead)"), "{ev}");
    t.next(3);
    assert_eq!(
        t.state().fight.as_ref().unwrap().phase,
        CombatPhase::Missile
    );
    t.play("attack Cora \"Goblin 3\"", &[1]);
    t.next(6);
    assert_eq!(t.at(), "round 2, melee, Early");
    // Bram's halberd (d8 4) finishes Goblin 2: half the band is out.
    t.play("attack Bram \"Goblin 2\"", &[4, 19]);
    let ev = t.go("accept");
    assert!(ev.contains("goblins have lost half their number"), "{ev}");
    t.go("accept");
    t.go("next");
    // Goblin 3 (its charge spent) hits Cora for 5: 1 HP, then 4 STR; her save (9 against 5)
    // fails and she is critical.
    t.play("attack \"Goblin 3\" Cora", &[5, 9]);
    let ev = t.go("accept");
    assert!(ev.contains("Cora is critical"), "{ev}");
    t.play("attack Grol Ana", &[6, 10]);
    let ev = t.go("accept");
    assert!(ev.contains("d20 10 against STR 10: a pass"), "{ev}");
    t.go("next");
    t.play("attack Ana Grol", &[6, 2]);
    t.go("accept");
    // The phase ends: half the band gone, the chief's WIL 10 fails at 14. They flee, and Ana,
    // in melee with the chief, may strike him at once.
    t.play("next", &[14]);
    let ev = t.go("accept");
    assert!(
        ev.contains("goblins break and flee") && ev.contains("Ana may strike Grol at once"),
        "{ev}"
    );
    t.go("next");
    assert_eq!(t.at(), "round 2, magic (effect), Early");
    t.play("attack Ana Grol", &[3, 18]);
    t.go("accept");
    let ev = t.go("accept");
    assert!(ev.contains("Grol dies"), "{ev}");
    t.next(2);
    // ---- Round 3. Cora crawls (Late, no roll); Ana 9 and Bram 3 pass.
    let ev = t.play("next", &[9, 3]);
    assert!(ev.contains("Cora Late (critical)"), "{ev}");
    t.next(7);
    assert_eq!(t.at(), "round 3, move, Middle");
    assert!(
        !t.go("move Fang to Ana").contains("charges"),
        "no charge after round 1"
    );
    t.next(2);
    t.play("attack Ana Fang", &[6]);
    // Bram's d8 1 leaves the wolf at exactly 0 HP: alone at 0 HP, and a grievous wound.
    let ev = t.play("attack Bram Fang", &[1, 4]);
    assert!(
        ev.contains("wolves stands alone at 0 HP") && ev.contains("4: a broken leg"),
        "{ev}"
    );
    t.go("accept");
    t.go("next");
    let ev = t.play("attack Fang Ana", &[2]);
    assert!(ev.contains("d6 2 - DR 2 = 0, 0 damage"), "{ev}");
    t.next(1);
    t.play("next", &[12]);
    let ev = t.go("accept");
    assert!(ev.contains("WIL save for the morale of wolves"), "{ev}");
    assert!(ev.contains("wolves break and flee"), "{ev}");
    // The fight ends: one d6 for the bow loosed in it, and a 2 empties the quiver.
    let ev = t.play("end", &[2]);
    assert!(
        ev.contains("The fight ends after 3 rounds") && ev.contains("2: out of ammo"),
        "{ev}"
    );
    assert!(t.go("aid Bram Cora").contains("the dying clock stops"));

    assert_eq!(
        t.sheet("Ana"),
        "HP 0/5; STR 10/12; DEX 13; WIL 10; DR 2; Sword d6"
    );
    assert_eq!(
        t.sheet("Bram"),
        "HP 0/4; STR 12/14; DEX 9; WIL 11; Halberd d8"
    );
    assert_eq!(
        t.sheet("Cora"),
        "HP 0/3; STR 5/9; DEX 12; WIL 15; Hunting bow d6 out of ammo; CRITICAL (aided) until turn 7"
    );
    assert_eq!(
        t.sheet("Goblin 1"),
        "HP 0/4; STR 6/8; DEX 13; WIL 7; Jagged knife d6; DEAD; OUT"
    );
    assert_eq!(
        t.sheet("Goblin 2"),
        "HP 0/4; STR 5/8; DEX 13; WIL 7; Jagged knife d6; DEAD; OUT"
    );
    assert_eq!(
        t.sheet("Goblin 3"),
        "HP 3/4; STR 8; DEX 13; WIL 7; Jagged knife d6; FLED"
    );
    assert_eq!(
        t.sheet("Grol"),
        "HP 0/8; STR 5/11; DEX 12; WIL 10; DR 1; Notched sword d6; DEAD; OUT; FLED"
    );
    assert_eq!(
        t.sheet("Fang"),
        "HP 0/7; STR 12; DEX 14; WIL 8; Bite d6; broken left leg; FLED"
    );
    let st = t.state();
    assert!(st.fight.is_none() && st.queue.is_empty());
    assert_eq!(st.world.turn, 1, "a fight sits inside its turn");
    t.replays();
}

// ---------------------------------------------------------------- a delve

/// Into the crypt: a refused rest in the dark, the hireling's torches lit, turns each with its
/// event die (a free turn, a stored clue, locality, exhaustion that costs a waiting turn, the
/// clue's encounter), a door listened at and forced twice, a trap sprung and another disarmed,
/// excessive noise, a short rest, and the torches used up on the way out.
#[test]
fn a_stretch_of_dungeon_turns_with_event_dice_a_door_a_trap_and_light() {
    let mut t = Table::new("The crypt");
    for line in [
        "add Ana pc 5 12 13 10",
        "add Bram pc 4 14 9 11",
        "add Hob hireling 3 11 10 8",
        "arm Hob spear",
        "take Hob delve",
        "take Hob food",
        "take Ana ration",
        "table crypt ghouls skeletons \"giant rats\" zombies",
        "delve on",
    ] {
        t.go(line);
    }
    assert!(t.refuse("rest short").contains("it is dark"));
    assert!(t.go("light Hob 1").contains("lights the way"));
    // Turn 1: to the next room; the event die is free.
    let ev = t.play("turn move", &[5]);
    assert!(
        ev.contains("Turn 1: the party moves") && ev.contains("5: free"),
        "{ev}"
    );
    // Turn 2: Ana listens (WIL 4 against 10) while the die brings a clue: the crypt table's
    // d4 says skeletons, stored for the next encounter.
    let ev = t.play("turn door Ana listen", &[4, 2, 2]);
    assert!(
        ev.contains("2: clue") && ev.contains("foreshadow skeletons"),
        "{ev}"
    );
    assert!(
        t.go("accept")
            .contains("Ana hears what moves behind the door")
    );
    // Turn 3: Bram forces the door and fails (16 against STR 14): whatever is behind it is
    // warned. Turn 4: he bursts it (3); locality.
    t.play("turn door Bram force", &[16, 6]);
    assert!(t.go("accept").contains("cannot now be surprised"));
    assert!(t.state().world.unsurprisable);
    let ev = t.play("turn door Bram force", &[3, 4]);
    assert!(ev.contains("4: locality"), "{ev}");
    assert!(t.go("accept").contains("Bram bursts the door open"));
    // Turn 5: a search; exhaustion, and Hob carries units: the party waits a turn, whose own
    // die brings the stored encounter with no new table roll.
    let ev = t.play("turn search", &[3]);
    assert!(ev.contains("3: exhaustion"), "{ev}");
    let ev = t.play("accept", &[1]);
    assert!(
        ev.contains("Turn 6: the party rests without moving")
            && ev.contains("Encounter: skeletons, as the clues foretold"),
        "{ev}"
    );
    assert!(t.state().world.clue.is_none());
    // A trap in the passage: Bram sets it off (DEX 15 against 9) and the judge takes its
    // damage from his DEX, no DR and no critical save.
    t.play("trap Bram", &[15]);
    assert!(t.go("accept").contains("The trap springs on Bram"));
    let ev = t.go("drain Bram dex 2");
    assert!(ev.contains("Bram loses 2 DEX (DEX 7)"), "{ev}");
    // The clatter was loud: one more event die, a new clue (ghouls).
    let ev = t.play("noise", &[2, 1]);
    assert!(ev.contains("foreshadow ghouls"), "{ev}");
    // Ana disarms the chest's needle (7 against DEX 13).
    t.play("trap Ana disarm", &[7]);
    assert!(t.go("accept").contains("Ana disarms the trap"));
    // Turn 7: Ana works the chest open. Turn 8: a short rest, lit: Hob's fatigue eases.
    t.go("fatigue Hob +1");
    t.play("turn \"open the chest\"", &[6]);
    t.go("take Ana treasure silver chalice");
    let ev = t.play("rest short", &[5]);
    assert!(
        ev.contains("Hob rests: fatigue 0") && ev.contains("Turn 8: the party takes a short rest"),
        "{ev}"
    );
    // Turn 9: onward, out of the forced door's hearing.
    t.play("turn move", &[6]);
    assert!(!t.state().world.unsurprisable);
    assert!(t.go("delve off").contains("Hob's delve gear is used up"));

    assert_eq!(
        t.sheet("Ana"),
        "HP 0 (5)/5; STR 12; DEX 13; WIL 10; a day of food and water; treasure: silver chalice"
    );
    assert_eq!(t.sheet("Bram"), "HP 4/4; STR 14; DEX 7/9; WIL 11");
    assert_eq!(
        t.sheet("Hob"),
        "HP 0 (3)/3; STR 11; DEX 10; WIL 8; food (7 rations); Spear d6"
    );
    let st = t.state();
    assert_eq!(st.world.turn, 10);
    assert!(!st.world.delve && st.queue.is_empty());
    let clue = st.world.clue.as_ref().expect("the ghouls' clue is stored");
    assert_eq!((clue.entry, clue.clues), (0, 1));
    assert!(st.world.dropped.is_empty());
    t.replays();
}

// ---------------------------------------------------------------- between adventures

/// After the crypt: Ana critical, Bram drained and tired. Aid and a short rest on the road
/// stabilize Ana; Hob takes a wound to exactly 0 HP on the way (a scar); a night in camp where
/// Hob has no ration and so no HP back; a day's travel and a night's watch (the mule eats,
/// Hob's wage grows); and a week in town that restores everything but the scar.
#[test]
fn recovery_between_adventures_from_aid_and_a_short_rest_to_a_week_in_town() {
    let mut t = Table::new("Back to Hollowmere");
    for line in [
        "add Ana pc 5 12 13 10",
        "add Bram pc 4 14 9 11",
        "add Hob hireling 3 11 10 8",
        "coins Ana +40",
        "buy Ana mule",
        "allowance \"Ana's mule\" 8",
        "take \"Ana's mule\" supply fodder",
        "take \"Ana's mule\" supply fodder",
        "take Ana ration",
    ] {
        t.go(line);
    }
    // The crypt's price. Ana, carrying a ration, is encumbered: her HP reads 0 and all 7 go
    // to STR (K9, K21); her critical save (15 against STR 5) fails.
    let ev = t.play("harm Ana 7", &[15]);
    assert!(ev.contains("Ana loses 7 STR (STR 5)"), "{ev}");
    assert!(t.go("accept").contains("Ana is critical"));
    t.go("drain Bram wil 4");
    t.go("harm Bram 1");
    t.go("fatigue Bram +2");
    // A potion: HP back by the judge's word, never past the maximum.
    assert!(t.go("heal Bram 1").contains("Bram regains 1 HP (HP 4/4)"));
    assert!(t.refuse("heal Bram 1").contains("already at full HP"));
    t.go("harm Bram 1");
    assert!(t.go("aid Bram Ana").contains("Bram aids Ana"));
    // A short rest on the road (no dungeon, so no light needed): HP back, one fatigue off,
    // and Ana, aided, is stabilized; the turn's event die is free.
    let ev = t.play("rest short", &[6]);
    assert!(
        ev.contains("Ana rests: stabilized") && ev.contains("Bram rests: HP 4, fatigue 1"),
        "{ev}"
    );
    assert!(t.c("Ana").critical.is_none());
    // Wolves on the road: Hob brought to exactly 0 HP, a grievous wound (scars).
    let ev = t.play("harm Hob 3", &[1]);
    assert!(ev.contains("1: gruesome scars"), "{ev}");
    t.go("accept");
    t.go("take Bram food");
    // Night: make camp. Ana and Bram eat and roll a d6 for the ability furthest down; Hob has
    // no ration and gets no long rest; the watch's event die is free.
    let ev = t.play("rest long", &[1, 3, 5]);
    assert!(
        ev.contains("The party makes camp")
            && ev.contains("Ana eats and sleeps: HP 5, no fatigue")
            && ev.contains("Hob has no ration"),
        "{ev}"
    );
    assert!(t.go("accept").contains("Ana regains 1 STR (STR 6)"));
    assert!(t.go("accept").contains("Bram regains 3 WIL (WIL 10)"));
    assert!(
        t.refuse("heal Hob 1")
            .contains("cannot regain HP until a long rest with a ration")
    );
    // The second watch, by day: travel, halved for Bram's load (7 -> 3 miles); the event die
    // rolls the weather, which worsens.
    let ev = t.play("watch travel", &[3, 4, 4, 2]);
    assert!(
        ev.contains("[3, 4] = 7: 3 miles, halved for the encumbered") && ev.contains("overcast"),
        "{ev}"
    );
    // The third watch, at night: idle. The day ends: the mule eats, Hob is owed a day's wage.
    let ev = t.play("watch idle", &[6]);
    assert!(
        ev.contains("A day ends")
            && ev.contains("Ana's mule eats 1 supply unit")
            && ev.contains("Hob is owed 10 coins"),
        "{ev}"
    );
    // A week in town: everything to its maximum but the scar; a week's wages owed.
    let ev = t.go("rest full");
    assert!(ev.contains("Hob spends a week in town"), "{ev}");
    assert!(t.go("pay Hob").contains("Hob is paid 80 coins"));

    assert_eq!(t.sheet("Ana"), "HP 5/5; STR 12; DEX 13; WIL 10; 10 coins");
    assert_eq!(
        t.sheet("Bram"),
        "HP 0 (4)/4; STR 14; DEX 9; WIL 11; food (6 rations)"
    );
    assert_eq!(t.sheet("Hob"), "HP 3/3; STR 11; DEX 10; WIL 8; scars 1");
    assert_eq!(
        t.sheet("Ana's mule"),
        "HP 0 (1)/1; STR 10; DEX 10; WIL 10; fodder"
    );
    let st = t.state();
    assert_eq!(st.world.weather, 3);
    assert_eq!(st.world.clock.day(), 9);
    assert!(st.queue.is_empty() && st.fight.is_none());
    t.replays();
}
