//! Whole stretches of play in ruleset `bdp` (rule file 001, BDP-RULES B1-B53), typed in the
//! command language and run step by step through `Session::execute` with scripted dice, every
//! field of every sheet checked at the end and the log replayed to the same state: a fight of two
//! rounds on the turn list with a contest, a ruled save, a block and a dodge, damage past 0 HP into
//! STR, critical damage saves, a leg injury and a head injury (B5-B11, B14, B15, B20-B30, B49,
//! B50); two days on the road with Time/Gear/Skill, the Die of Fate, gas per turn and per tick,
//! cold per watch, a bear trap, catching breath from a waterskin and a night without food and
//! another without sleep (B10-B19, B24, B40, B41, B51-B53); and the recovery between adventures:
//! nights of each kind, meals, wildcrafting and brewing, restoratives, a herb cure, two diseases
//! with their dawn saves, days of recovery and a week's care (B16-B19, B33-B48, B53).

mod paste;

use slotmark::dice::ScriptedDice;
use slotmark::rules::bdp::{Ability, Character, Kind, Rest, Slot, State, Wait};
use slotmark::rules::{GameEvent, GameState, RulesetId};
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
            session: Session::new(seen_by_all(SessionState::new(title, RulesetId::Bdp))),
            log: String::new(),
        }
    }

    fn state(&self) -> &State {
        match &self.session.state().game {
            GameState::Bdp(s) => s,
            other => panic!("a bdp session was expected, not {:?}", other.ruleset()),
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
        let text: String = entry
            .events
            .iter()
            .map(|e| match e {
                session::Event::Game(GameEvent::Bdp(e)) => format!("{e}\n"),
                other => format!("{other:?}\n"),
            })
            .collect();
        self.log.push_str(&format!("> {line}\n{text}"));
        text
    }

    fn go(&mut self, line: &str) -> String {
        self.play(line, &[])
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
            .characters
            .iter()
            .find(|c| c.name == name)
            .unwrap_or_else(|| panic!("no {name}"))
    }

    /// What waits for the judge first: its title.
    fn waiting(&self) -> String {
        match self.state().queue.first() {
            Some(Wait::Roll(r)) => format!("roll: {}", r.title),
            Some(Wait::Ask(q)) => format!("ask: {} [{}]", q.title, q.options[q.proposed]),
            None => "nothing".into(),
        }
    }

    /// Every field of a sheet, one part a line; empty parts left out.
    fn sheet(&self, name: &str) -> String {
        sheet(self.c(name))
    }

    /// The whole log replays to the same state.
    fn replays(&self) {
        let replayed =
            session::replay(self.session.initial(), self.session.entries()).expect("it replays");
        assert_eq!(&replayed, self.session.state(), "replay differs");
        // What `replay` prints, pasted into `run`, plays to the same state.
        paste::same_when_pasted(&self.session, paste::none);
    }
}

fn score(s: slotmark::rules::bdp::Score) -> String {
    format!("{}/{}", s.cur, s.max)
}

/// Every field of the sheet in words, so a test compares the whole of it.
fn sheet(c: &Character) -> String {
    let mut lines = vec![format!(
        "{} ({}): STR {} DEX {} WIL {} HP {}",
        c.name,
        if c.kind == Kind::Pc { "PC" } else { "creature" },
        score(c.score(Ability::Str)),
        score(c.score(Ability::Dex)),
        score(c.score(Ability::Wil)),
        score(c.hp)
    )];
    let mut push = |label: &str, parts: Vec<String>| {
        if !parts.is_empty() {
            lines.push(format!("{label}: {}", parts.join(", ")));
        }
    };
    push("careers", c.careers.clone());
    push("skills", c.skills.clone());
    push("backgrounds", c.backgrounds.clone());
    push(
        "untrained",
        Ability::ALL
            .iter()
            .zip(c.untrained)
            .filter(|(_, n)| *n > 0)
            .map(|(a, n)| format!("{a} {n}"))
            .collect(),
    );
    push(
        "slots",
        c.slots
            .iter()
            .enumerate()
            .filter(|(_, s)| **s != Slot::Empty)
            .map(|(i, s)| format!("{} {}", i + 1, s.text()))
            .collect(),
    );
    let mut needs = Vec::new();
    if c.food_deprived {
        needs.push("food-deprived".to_string());
    }
    if c.sleep_deprived {
        needs.push("sleep-deprived".to_string());
    }
    if c.deprived_dawns > 0 {
        needs.push(format!("deprived dawns {}", c.deprived_dawns));
    }
    if !c.meals.is_empty() {
        let meals: Vec<&str> = c.meals.iter().map(|m| m.word()).collect();
        needs.push(format!("meals {}", meals.join("+")));
    }
    if c.rest != Rest::None {
        needs.push(format!("rest {}", c.rest.word()));
    }
    if c.tonic {
        needs.push("tonic".into());
    }
    if c.cared_for {
        needs.push("cared for".into());
    }
    push("needs", needs);
    push(
        "diseases",
        c.diseases
            .iter()
            .map(|d| {
                let left = match (d.dawns_left, d.passes_needed) {
                    (Some(n), _) => format!("{n} dawns left"),
                    (None, Some(n)) => format!("{}/{n} passes", d.passes),
                    (None, None) => format!("until cured, {} passes", d.passes),
                };
                format!(
                    "{} ({} {}d{}; {left})",
                    d.name, d.ability, d.loss.0, d.loss.1
                )
            })
            .collect(),
    );
    push(
        "restoratives",
        c.restoratives.iter().map(|a| a.to_string()).collect(),
    );
    push(
        "timers",
        c.timers
            .iter()
            .map(|t| format!("{} until {}h", t.name, t.ends / 3600))
            .collect(),
    );
    push(
        "herb cures",
        c.herb_cures
            .iter()
            .map(|s| format!("slot {}", s + 1))
            .collect(),
    );
    let mut states = Vec::new();
    if c.dead {
        states.push("DEAD".to_string());
    }
    if let Some(o) = &c.out {
        states.push(format!(
            "out: {} ({}{})",
            o.word,
            o.ability,
            if o.zero { " 0" } else { " save" }
        ));
    }
    for (i, side) in ["left", "right"].iter().enumerate() {
        if c.impaired[i] {
            states.push(format!("{side} arm impaired"));
        }
    }
    if c.at_dawn {
        states.push("at dawn".into());
    }
    push("states", states);
    push("notes", c.notes.to_vec());
    push(
        "exposed",
        c.exposed.iter().map(|h| h.word().to_string()).collect(),
    );
    lines.join("\n")
}

#[test]
fn a_fight_of_two_rounds_with_saves_a_contest_blocks_damage_into_str_and_two_injuries() {
    let mut t = Table::new("the toll tower");
    t.go("add Ana pc 10 12 8 6");
    t.go("add Bram pc 14 9 11 8");
    t.go("tag Ana career duellist");
    t.go("carry Ana sword right");
    t.go("carry Ana waterskin");
    t.go("carry Bram helmet");
    t.go("carry Bram axe right");
    t.go("carry Bram shield left");
    t.go("add Snag goblin");
    t.go("add ogre");

    // B49: PCs in roster order, then creatures.
    let said = t.go("fight");
    assert!(
        said.contains("round 1") && said.contains("Ana's turn"),
        "{said}"
    );
    let order: Vec<String> = t
        .state()
        .fight
        .as_ref()
        .unwrap()
        .order
        .iter()
        .map(|&id| t.state().name_of(id))
        .collect();
    assert_eq!(order, ["Ana", "Bram", "Snag", "Ogre 1"]);

    // ---- Round 1. Ana cuts Snag down to 0 HP, and no further (B21).
    let said = t.play("damage Snag d6 sword", &[3]);
    assert!(
        said.contains("HP 0/3") && !said.contains("beyond"),
        "{said}"
    );
    assert_eq!(t.waiting(), "nothing");
    assert!(t.go("next").contains("Bram's turn"));

    // B7: Bram shoves Snag: his 8 passes STR 14, Snag's 15 fails STR 7.
    t.play("contest Bram str Snag str shove", &[8, 15]);
    assert_eq!(
        t.waiting(),
        "ask: Contest shove: Bram against Snag [Bram wins]"
    );
    t.go("accept");
    assert!(t.go("next").contains("Snag's turn"));

    // B50, B5: Ana dodges the thrown spear (a Fatigue), and her DEX save of 13 against 12
    // fails; the judge rules the dodge carries her clear.
    t.go("dodge Ana");
    t.play("save Ana dex the spear", &[13]);
    assert_eq!(t.waiting(), "roll: Ana: DEX save the spear");
    t.go("rule pass");
    let said = t.go("accept");
    assert!(
        said.contains("ruled a pass (the dice said a fail: d20 13 against DEX 12)"),
        "{said}"
    );
    assert!(t.go("next").contains("Ogre 1's turn"));

    // The ogre's club: Bram blocks (a Fatigue) and still takes 10: 8 HP, then 2 into STR and
    // a STR critical damage save, 15 against 12 (B21, B26).
    t.go("block Bram");
    let said = t.play("damage Bram d10 club", &[10, 15]);
    assert!(said.contains("2 beyond 0 HP: STR 12/14"), "{said}");
    assert_eq!(t.waiting(), "roll: Bram: STR save against critical damage");
    // B27: the d10 shows 7, the right leg; no gear stops it (B29), so 1d4 DEX and a Severe
    // wound named by its source.
    t.play("accept", &[7]);
    assert_eq!(
        t.waiting(),
        "ask: Bram: injury to the Right Leg [the injury lands]"
    );
    let said = t.play("accept", &[2]);
    assert!(said.contains("Bram loses 1d4 2 DEX: 7/9"), "{said}");
    assert!(
        said.contains("Severe club wound (Right Leg) in slot 5"),
        "{said}"
    );
    let said = t.go("next");
    assert!(
        said.contains("Round 2") && said.contains("Ana's turn"),
        "{said}"
    );

    // ---- Round 2. B10, B11: a feint with Time and Skill but no Gear; the d6 shows 2, a
    // success at a cost, and the cost is the proposed Fatigue.
    t.play("task Ana t-s feint past the club", &[2]);
    t.go("accept");
    assert_eq!(t.waiting(), "ask: Ana's cost [+1 Fatigue]");
    t.go("accept");
    // Her sword: 11 on 2d6 past the ogre's 10 HP, 1 into STR; its save, 19 against 16, fails;
    // the d10 shows 10, the head, no helmet; the d6 shows 2: dead (B27, B30).
    let said = t.play("damage \"Ogre 1\" 2d6 sword", &[6, 5, 19]);
    assert!(said.contains("1 beyond 0 HP: STR 16/17"), "{said}");
    t.play("accept", &[10]);
    assert_eq!(
        t.waiting(),
        "ask: Ogre 1: injury to the Head [the injury lands]"
    );
    let said = t.play("accept", &[2]);
    assert!(said.contains("dead"), "{said}");
    assert!(t.go("next").contains("Bram's turn"));
    // B5: nothing in doubt, so no roll.
    t.go("ruling Bram wil pass stands his ground");
    assert!(t.go("next").contains("Snag's turn"));
    // B14: does Snag run? 6: yes, and...
    let said = t.play("fate does Snag flee", &[6]);
    assert!(said.contains("does Snag flee: d6 6, Yes, and…"), "{said}");
    // The dead ogre has no turn: round 3 begins with Ana (B30, B49).
    let said = t.go("next");
    assert!(
        said.contains("Round 3") && said.contains("Ana's turn"),
        "{said}"
    );
    let f = t.state().fight.clone().unwrap();
    assert_eq!((f.round, f.at, f.acted.len()), (3, 0, 0));
    // No catching breath in a fight (B40).
    let e = t.refuse("breath Bram");
    assert!(e.contains("fight"), "{e}");
    t.go("end");

    // ---- Every sheet.
    assert_eq!(
        t.sheet("Ana"),
        "Ana (PC): STR 10/10 DEX 12/12 WIL 8/8 HP 6/6\n\
         careers: duellist\n\
         slots: 1 Sword [right hand], 2 Waterskin (d8), 3 Fatigue (dodge), 4 Fatigue (task cost)"
    );
    assert_eq!(
        t.sheet("Bram"),
        "Bram (PC): STR 12/14 DEX 7/9 WIL 11/11 HP 0/8\n\
         slots: 1 Helmet, 2 Axe [right hand], 3 Shield [left hand], 4 Fatigue (block), 5 Severe club wound (Right Leg)\n\
         notes: the Right Leg may be lost"
    );
    assert_eq!(
        t.sheet("Snag"),
        "Snag (creature): STR 7/7 DEX 14/14 WIL 8/8 HP 0/3\n\
         slots: 1 Spear, 2 Dagger\n\
         notes: Spear: d6 to HP"
    );
    assert_eq!(
        t.sheet("Ogre 1"),
        "Ogre 1 (creature): STR 16/17 DEX 8/8 WIL 7/7 HP 0/10\n\
         slots: 1 Club, 2 Cooking pot\n\
         states: DEAD\n\
         notes: Club: d10 to HP (a hit may knock a target prone)"
    );
    let st = t.state();
    assert!(st.fight.is_none() && st.queue.is_empty());
    assert_eq!((st.clock.seconds, st.characters.len()), (0, 4));
    t.replays();
}

#[test]
fn two_days_on_the_road_with_tasks_fate_hazards_watches_breath_and_deprivation() {
    let mut t = Table::new("the causeway");
    t.go("add Wren pc 11 15 10 5");
    t.go("add Maud pc 9 11 16 4");
    t.go("tag Wren career thief");
    t.go("tag Maud background herbalist");
    t.go("carry Wren lockpicks");
    t.go("carry Wren waterskin");
    t.go("carry Wren rope");
    t.go("carry Maud \"heavy armour\"");
    t.go("carry Maud waterskin");
    t.go("carry Maud rations");

    // ---- Day 1, the first watch on the road.
    let said = t.go("watch");
    assert!(said.contains("A watch passes"), "{said}");
    // B12: the sheet ticks all three for the thief at the lock (DEX 15, her career named):
    // a success with no roll (B10).
    let said = t.go("task Wren auto dex open the toll gate lock as a thief");
    assert!(said.contains("DEX 15: skilled"), "{said}");
    assert!(said.contains("success, no roll"), "{said}");
    // Heavy armour hinders a climb, and Maud has no skill for it: one tick, a failure.
    let said = t.go("task Maud auto dex climb the tower wall");
    assert!(said.contains("heavy armour hinders it"), "{said}");
    assert!(said.contains("failure, no roll"), "{said}");
    // Rushed, Wren has Gear and Skill only: the d6 shows 1, a failure.
    t.play("task Wren auto dex rushed climb the rope", &[1]);
    assert_eq!(
        t.waiting(),
        "roll: Wren: climb the rope (time no, gear yes, skill yes)"
    );
    let said = t.go("accept");
    assert!(said.contains("failure"), "{said}");
    // B14.
    let said = t.play("fate is the ferry running", &[3]);
    assert!(said.contains("d6 3, No, but…"), "{said}");

    // B51: gas ticks at the start of each exposed turn in a fight.
    t.go("add \"giant rat\"");
    t.go("expose Wren gas");
    let said = t.go("fight");
    assert!(
        said.contains("Wren takes 1 STR (Noxious gas): STR 10/11"),
        "{said}"
    );
    t.go("damage \"Giant rat 1\" 2 boot");
    t.go("next");
    t.go("next");
    t.play("damage Maud d4 bite", &[3]);
    let said = t.go("next");
    assert!(
        said.contains("Round 2") && said.contains("STR 9/11"),
        "{said}"
    );
    t.go("end");
    t.go("expose Wren gas off");
    // Outside a fight the judge ticks it for whoever is exposed.
    t.go("expose Maud gas");
    let said = t.go("tick gas");
    assert!(said.contains("Maud takes 1 STR"), "{said}");
    t.go("expose Maud gas off");
    // B24: a bear trap, 1d4 DEX and no critical damage save.
    t.play("hazard Wren trap", &[3]);
    assert_eq!(t.waiting(), "nothing");
    // B40, B41: Maud catches her breath from her own waterskin; its d8 shows 2 and steps down.
    let said = t.play("breath Maud", &[2]);
    assert!(
        said.contains("HP 4/4") && said.contains("Waterskin (d6)"),
        "{said}"
    );
    // B52: cold ticks at each watch's end for the exposed.
    t.go("expose Wren cold");
    let said = t.go("watch");
    assert!(said.contains("Wren takes 1 STR (Cold): STR 8/11"), "{said}");
    // Supper for Maud only; a night in a reed hut.
    t.go("eat Maud ration");
    t.go("rest Wren perilous");
    t.go("rest Maud perilous");
    let said = t.go("night");
    assert!(said.contains("Wren is Deprived (dawn 1)"), "{said}");
    assert!(!said.contains("Maud is Deprived"), "{said}");

    // ---- Day 2. B19: Deprived, Wren cannot catch her breath.
    t.go("damage Wren 3 hp arrow");
    let e = t.refuse("breath Wren");
    assert!(e.contains("Deprived"), "{e}");
    t.go("watch");
    // Wren goes hungry again; Maud keeps watch all night.
    t.go("eat Maud fresh");
    t.go("rest Wren normal");
    t.go("rest Maud none");
    // B18: the second Deprived dawn adds a Fatigue, after the Normal night's clearing.
    let said = t.go("night");
    assert!(said.contains("Wren is Deprived (dawn 2)"), "{said}");
    assert!(
        said.contains("Wren: Fatigue (deprivation) in slot 4"),
        "{said}"
    );
    assert!(said.contains("Maud is Deprived (dawn 1)"), "{said}");
    // B43: a Desperate meal, kept down with a WIL save of 7 against 10, ends her hunger at once
    // (B17); then her waterskin's d8 shows 5 and stays.
    t.play("eat Wren desperate", &[7]);
    assert_eq!(
        t.waiting(),
        "roll: Wren: WIL save to keep a Desperate meal down"
    );
    t.go("accept");
    let said = t.play("breath Wren", &[5]);
    assert!(
        said.contains("HP 5/5") && said.contains("Waterskin (d8)"),
        "{said}"
    );
    let e = t.refuse("breath Maud");
    assert!(e.contains("Deprived"), "{e}");
    t.go("refill Maud 2");

    // ---- Every sheet.
    assert_eq!(
        t.sheet("Wren"),
        "Wren (PC): STR 7/11 DEX 12/15 WIL 10/10 HP 5/5\n\
         careers: thief\n\
         slots: 1 Lockpicks, 2 Waterskin (d8), 3 Rope, 4 Fatigue (deprivation)\n\
         needs: deprived dawns 2, meals Desperate\n\
         exposed: cold"
    );
    assert_eq!(
        t.sheet("Maud"),
        "Maud (PC): STR 8/9 DEX 11/11 WIL 16/16 HP 4/4\n\
         backgrounds: herbalist\n\
         slots: 1 Heavy armour, 2 Waterskin (d8)\n\
         needs: sleep-deprived, deprived dawns 1"
    );
    assert_eq!(
        t.sheet("Giant rat 1"),
        "Giant rat 1 (creature): STR 4/4 DEX 14/14 WIL 4/4 HP 0/2\n\
         notes: Bite: d4 to HP (a bite from the sewers may bring Swampsigh)"
    );
    let st = t.state();
    assert!(st.fight.is_none() && st.queue.is_empty());
    // Three watches and two nights of 8 hours.
    assert_eq!(st.clock.seconds, 5 * 8 * 3600);
    t.replays();
}

#[test]
fn recovery_between_adventures_nights_meals_brews_restoratives_disease_and_care() {
    let mut t = Table::new("back in Fenwick");
    t.go("add Oswin pc 15 9 11 7");
    t.go("add Maud pc 9 11 16 4");
    // Home from the causeway, battered: scores down, a wound of each level below Permanent,
    // two Fatigue, and the swamp's diseases (B37: a limited one's length rolled now).
    t.go("set Oswin str 10 15");
    t.go("set Oswin dex 5 9");
    t.go("set Oswin wil 9 11");
    t.go("set Oswin hp 2 7");
    t.go("wound Oswin sword severe rleg");
    t.go("wound Oswin burn light");
    t.go("fatigue Oswin block");
    t.go("fatigue Oswin dodge");
    t.go("wound Maud frostbite light");
    t.go("carry Maud \"firevine salve\"");
    t.go("carry Maud \"cooking pot\"");
    t.go("carry Maud tinderbox");
    let said = t.play("infect Oswin swampsigh", &[2]);
    assert!(said.contains("Swampsigh (2 days)"), "{said}");
    t.go("infect Maud bonebreaker");

    // ---- Night 1, Perilous for both. B43: a Simple meal clears the oldest Fatigue; B33: the
    // firevine salve goes on Maud's frostbite overnight.
    let said = t.go("eat Oswin simple fire");
    assert!(said.contains("1 Fatigue cleared"), "{said}");
    t.go("eat Maud fresh");
    t.go("treat Maud 1 herb");
    t.go("drop Maud 2");
    t.go("rest Oswin perilous");
    t.go("rest Maud perilous");
    // B53: the herb cure heals at dawn, then one STR save per disease waits for the judge
    // (B38): Oswin's 14 fails STR 10, Maud's 5 passes STR 9.
    let said = t.play("night", &[14, 5]);
    assert!(said.contains("the herb cure heals slot 1"), "{said}");
    assert_eq!(t.waiting(), "roll: Oswin: STR save against Swampsigh");
    let said = t.go("accept");
    assert!(said.contains("Oswin loses 1 STR to Swampsigh"), "{said}");
    t.go("accept");
    assert_eq!(t.c("Maud").diseases[0].passes, 1);

    // ---- Day 1: wildcrafting (B44, B45). A Coldroot Salve from two Hills ingredients heals the
    // Light burn at once (B33).
    t.go("carry Oswin cragroot");
    t.go("carry Oswin stonebloom");
    let said = t.go("brew Oswin \"coldroot salve\" 3 5");
    assert!(said.contains("potency 3 of 3"), "{said}");
    t.go("use Oswin 3 2");
    // A Healing Salve from three names, potency 2 + 1 + 1, applied before tonight's rest (B46).
    t.go("carry Oswin \"hallowoak bark\"");
    t.go("carry Oswin meadowsweet");
    t.go("carry Oswin marshmint");
    let e = t.refuse("brew Oswin \"healing salve\" 2 3");
    assert!(e.contains("potency 3 is short of 4"), "{e}");
    t.go("brew Oswin \"healing salve\" 2 3 5");
    t.go("use Oswin 2");
    // Maud's Sleeping Tonic, from a Swamp and a Desert ingredient, makes a Normal night
    // Comfortable.
    t.go("carry Maud \"bog lily\"");
    t.go("carry Maud \"dune sage\"");
    t.go("brew Maud \"sleeping tonic\" 1 2");
    t.go("use Maud 1");
    // Meals: a Fancy one clears every Fatigue; Maud's Desperate one comes up (WIL 17 against
    // 16) and does not count, so she forages.
    let said = t.go("eat Oswin fancy fire pot");
    assert!(said.contains("1 Fatigue cleared"), "{said}");
    t.play("eat Maud desperate", &[17]);
    let said = t.go("accept");
    assert!(said.contains("does not count"), "{said}");
    assert!(t.c("Maud").meals.is_empty());
    t.go("eat Maud fresh");
    t.go("rest Oswin comfortable");
    t.go("rest Maud normal");
    t.go("cared Oswin");

    // ---- Night 2. Oswin: +1 to each ability below its max (B42), the salve's d3 shows 3, and
    // his disease save has advantage (18 and 4, the 4 kept). Maud's Comfortable night finds
    // nothing below max; her 12 fails STR 9.
    let said = t.play("night", &[3, 18, 4, 12]);
    assert!(
        said.contains("Oswin: +1 STR, +1 DEX, +1 WIL, +3 STR (restorative d3 3)"),
        "{said}"
    );
    t.go("accept");
    let said = t.go("accept");
    assert!(
        said.contains("Maud loses 2 STR to Bonebreaker Plague"),
        "{said}"
    );
    assert!(t.c("Oswin").diseases.is_empty(), "Swampsigh ran its 2 days");

    // ---- Two days of recovery (B48), each with its meals and rest, each running the dawn.
    t.go("cared Maud");
    for who in ["Oswin", "Maud"] {
        t.go(&format!("eat {who} fresh"));
        t.go(&format!("rest {who} perilous"));
    }
    // At a bath house: Maud's save with advantage (3 and 20) passes; Oswin's d4 shows 4, of
    // which 3 fit under his DEX max.
    let said = t.play("recover Oswin dex", &[3, 20, 4]);
    assert!(said.contains("Oswin recovers 1d4 4: +3 DEX"), "{said}");
    t.go("accept");
    for who in ["Oswin", "Maud"] {
        t.go(&format!("eat {who} fresh"));
        t.go(&format!("rest {who} perilous"));
    }
    // With a healer: Maud's third pass (9 and 2, the 2 kept) ends the plague.
    let said = t.play("recover Maud str", &[9, 2, 2]);
    assert!(said.contains("Maud recovers 1d4 2: +2 STR"), "{said}");
    let said = t.go("accept");
    assert!(said.contains("Maud's Bonebreaker Plague ends"), "{said}");

    // ---- A week with a healer removes the Severe wound (B34); a drink at the well and a
    // breather bring HP back (B40).
    t.go("care Oswin 1");
    let said = t.go("breath Oswin the well");
    assert!(said.contains("HP 7/7"), "{said}");
    // ---- Night 3: Oswin studies all night (None), Maud sleeps a Normal night.
    t.go("eat Oswin simple fire");
    t.go("eat Maud fresh");
    t.go("rest Maud normal");
    let said = t.go("night");
    assert!(said.contains("Oswin is Deprived (dawn 1)"), "{said}");
    let e = t.refuse("recover Oswin wil");
    assert!(e.contains("Deprived"), "{e}");

    // ---- Every sheet.
    assert_eq!(
        t.sheet("Oswin"),
        "Oswin (PC): STR 13/15 DEX 9/9 WIL 10/11 HP 7/7\n\
         needs: sleep-deprived, deprived dawns 1, cared for"
    );
    assert_eq!(
        t.sheet("Maud"),
        "Maud (PC): STR 9/9 DEX 11/11 WIL 16/16 HP 4/4\n\
         slots: 3 Cooking pot, 4 Tinderbox\n\
         needs: cared for"
    );
    let st = t.state();
    assert!(st.fight.is_none() && st.queue.is_empty());
    // Three nights of 8 hours, two days of recovery and a week.
    assert_eq!(st.clock.seconds, (3 * 8 + 2 * 24 + 7 * 24) * 3600);
    t.replays();
}

// ---- Found by the stretches above.

/// B33: a herb cure works overnight on the Light wound it was put on; if that wound rises to
/// Severe before the dawn (B32), the herb no longer heals it.
#[test]
fn b33_a_herb_cure_heals_only_a_light_wound_at_dawn() {
    let mut t = Table::new("the herb");
    t.go("add Maud pc 9 11 16 4");
    t.go("wound Maud frostbite light");
    t.go("treat Maud 1 herb");
    t.go("wound Maud frostbite severe");
    assert_eq!(
        t.waiting(),
        "ask: Maud's player chooses: a new slot for the Severe frostbite, or the held wound rises? [a new slot (Severe)]"
    );
    t.go("choose 2");
    t.go("eat Maud fresh");
    t.go("rest Maud normal");
    let said = t.go("night");
    assert!(!said.contains("heals slot 1"), "{said}");
    assert_eq!(
        t.sheet("Maud"),
        "Maud (PC): STR 9/9 DEX 11/11 WIL 16/16 HP 4/4\n\
         slots: 1 Severe frostbite"
    );
    t.replays();
}

/// B18, B4: the second Deprived dawn's Fatigue finds no empty slot and nothing to drop. The
/// dawn still comes for everyone; the Fatigue waits for the judge's ruling.
#[test]
fn b18_a_deprived_dawn_with_no_room_for_its_fatigue_still_dawns() {
    let mut t = Table::new("the full row");
    t.go("add Maud pc 9 11 16 4 1");
    t.go("add Wren pc 11 15 10 5");
    t.go("fatigue Maud block");
    let mut said = String::new();
    for _ in 0..2 {
        t.go("eat Wren fresh");
        t.go("rest Wren normal");
        t.go("rest Maud perilous");
        said = t.go("night");
    }
    assert!(said.contains("Maud is Deprived (dawn 2)"), "{said}");
    assert!(said.contains("no empty slot"), "{said}");
    assert_eq!(t.c("Maud").fatigue(), 1);
    assert_eq!(t.c("Wren").deprived_dawns, 0);
    assert_eq!(t.state().clock.seconds, 2 * 8 * 3600);
    t.replays();
}

/// B48, B52: a day of recovery is a day (dawn to dawn): its dawn runs, then the day passes, so
/// a 24-hour timer (B47) runs out at the second day's dawn.
#[test]
fn b48_days_of_recovery_move_the_clock_and_run_out_a_timer() {
    let mut t = Table::new("the spa");
    t.go("add Oswin pc 15 9 11 7");
    t.go("set Oswin dex 5 9");
    t.go("carry Oswin cragroot");
    t.go("carry Oswin cragroot");
    t.go("carry Oswin stonebloom");
    t.go("brew Oswin \"ironroot brew\" 1 2 3");
    t.go("use Oswin 1");
    for face in [1, 1] {
        t.go("eat Oswin fresh");
        t.go("rest Oswin perilous");
        t.play("recover Oswin dex", &[face]);
    }
    assert_eq!(t.state().clock.seconds, 2 * 24 * 3600);
    assert!(t.c("Oswin").timers.is_empty(), "{}", t.sheet("Oswin"));
}
