//! Whole stretches of play in ruleset `ap` (rule file 003, AP-RULES A1-A50), typed in the command
//! language and run step by step through `Session::execute` with scripted dice, every sheet
//! checked at the end: a fight of two rounds between three groups (A15-A36, A48, A49); a stretch
//! of travel with deprivation, Fatigue, a casting's mishap and a copied scroll (A38-A46, A50);
//! and the recovery between adventures, from the dying hour to a week's rest (A34, A35, A47).

mod paste;

use slotmark::dice::ScriptedDice;
use slotmark::rules::ap::{Attr, Character, State};
use slotmark::rules::{GameState, RulesetId};
use slotmark::script::{self, Line};
use slotmark::session::{self, Session, SessionState};

struct Table {
    session: Session,
    log: String,
}

/// A session whose creatures the players see from the start: these tests are about the rules,
/// not the players' view, so a fight started without names takes everyone who can fight.
fn seen_by_all(mut s: SessionState) -> SessionState {
    s.veil.until_revealed = false;
    s
}

impl Table {
    fn new(title: &str, lines: &[&str]) -> Table {
        let mut t = Table {
            session: Session::new(seen_by_all(SessionState::new(title, RulesetId::Ap))),
            log: String::new(),
        };
        for line in lines {
            t.go(line);
        }
        t
    }

    fn state(&self) -> &State {
        match &self.session.state().game {
            GameState::Ap(s) => s,
            other => panic!("an ap session was expected, not {:?}", other.ruleset()),
        }
    }

    /// Plays one typed line with exactly these faces; undo then redo gives the same state.
    fn play(&mut self, line: &str, faces: &[u16]) -> String {
        let command = match script::parse_line(line, self.session.state()) {
            Ok(Line::Command(c)) => c,
            other => panic!("{line}: {other:?}"),
        };
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

    fn c(&self, name: &str) -> &Character {
        self.state().by_name(name).unwrap()
    }

    fn acting(&self) -> String {
        let f = self.state().fight.as_ref().expect("a fight");
        f.acting
            .map_or("nobody".into(), |id| self.state().name_of(id))
    }

    /// One line per sheet: scores, armor, AP, slots, marks, scars, pending, magic.
    fn sheet(&self, name: &str) -> String {
        let c = self.c(name);
        let score = |a: &str, s: slotmark::rules::ap::Score| {
            if s.cur == s.max {
                format!("{a} {}", s.cur)
            } else {
                format!("{a} {}/{}", s.cur, s.max)
            }
        };
        let mut parts = vec![
            score("HP", c.hp),
            score("STR", c.attr(Attr::Str)),
            score("DEX", c.attr(Attr::Dex)),
            score("WIL", c.attr(Attr::Wil)),
            format!("armor {}", c.armor()),
            format!("AP {}/{}", c.ap, c.ap_max),
            format!("free {}/{}", c.free_slots(), c.slots),
        ];
        if c.fatigue > 0 {
            parts.push(format!("fatigue {}", c.fatigue));
        }
        if c.dust > 0 {
            parts.push(format!("dust {}", c.dust));
        }
        if c.bank > 0 {
            parts.push(format!("bank {}", c.bank));
        }
        for m in &c.marks {
            parts.push(m.word().to_uppercase());
        }
        if let Some(t) = c.dies_at {
            parts.push(format!("dies at {}", t / 60));
        }
        for s in &c.scars {
            parts.push(format!("scar {}: {}", s.entry, s.note));
        }
        for p in &c.pending {
            parts.push(format!("pending {}", p.label));
        }
        for (t, end) in &c.timed {
            parts.push(format!("{} until {}", t.word(), end / 60));
        }
        if let Some(g) = &c.grimoire {
            parts.push(format!("grimoire {}", g.spells.join(" ")));
        }
        for s in &c.scrolls {
            parts.push(format!("scroll {s}"));
        }
        for i in c.items.iter().filter(|i| i.tumour) {
            parts.push(i.name.clone());
        }
        parts.join("; ")
    }

    fn replays(&self) {
        let replayed =
            session::replay(self.session.initial(), self.session.entries()).expect("it replays");
        assert_eq!(&replayed, self.session.state(), "replay != live");
        // What `replay` prints, pasted into `run`, plays to the same state.
        paste::same_when_pasted(&self.session, paste::none);
    }
}

const CAST: &[&str] = &[
    "add Ana pc party 11 12 8 6",
    "add Bo pc party 9 10 13 4",
    "add Gob npc goblins 8 13 5 4",
    "add Hob npc goblins 10 8 7 5",
    "add Rats npc rats 6 6 4 8",
    "mark Rats detachment",
    "carry Ana sword d8 weapon",
    "carry Ana gambeson armor 1 worn",
    "carry Bo dagger d4 weapon",
    "carry Bo shield d4 armor 1 shield",
    "grimoire Bo Light",
    "dust Bo 2",
    "carry Gob spear d6 weapon",
    "carry Hob club d6 weapon",
    "carry Rats bite d4 weapon",
];

// ---------------------------------------------------------------- a fight

/// Goblins, the party and a rat swarm, the groups taking turns in that order. Round 1: Hob's club
/// hits Ana; Ana banks advantage and cuts Hob down (he fails his critical save and dies), the
/// goblins' morale holds; the surprised rats swarm Ana to 0 (walloped); Gob's spear takes Bo to
/// exactly 0 (a broken arm, no save); Bo casts with a pair (mishap 8). Round 2: Gob retreats; Ana, impaired against the swarm, drops it
/// to 0 and it breaks.
#[test]
fn a_fight_of_two_rounds_between_three_groups() {
    let mut t = Table::new("Ambush", CAST);
    // initiative: Ana 12+8, Bo 5+13, Gob 10+5, Hob 14+7, Rats 3+4
    let ev = t.play("fight surprised Rats", &[12, 5, 10, 14, 3]);
    assert!(ev.contains("groups in turn: goblins, party, rats"), "{ev}");
    assert_eq!(t.acting(), "Hob");
    assert_eq!(t.c("Rats").ap, 2);

    // Hob: club 4 in IR 9+10+4 = 23 against Ana's TR 8+12 = 20; 4 less armor 1
    t.play("attack Hob vs Ana", &[9, 4, 8]);
    t.go("accept");
    assert_eq!(t.c("Ana").hp.cur, 3);
    t.go("move Hob");
    assert_eq!(t.c("Hob").moves, 4);
    t.go("next");
    assert_eq!(t.acting(), "Ana");

    // Ana banks advantage, then d20 3 and 17 keep 17, sword 6: IR 34; Hob's TR 18
    t.go("gain Ana");
    t.play("attack Ana vs Hob", &[3, 17, 6, 10]);
    assert_eq!(t.c("Ana").ap, 2);
    // 6 against HP 5: 1 into STR, critical save d20 4 + 9 = 13 fails
    let ev = t.play("accept", &[4]);
    assert!(
        ev.contains("Hob takes 6: HP 0/5, 1 into STR (9/10)"),
        "{ev}"
    );
    let ev = t.go("accept");
    assert!(ev.contains("Hob failed its critical damage save"), "{ev}");
    // dead: the goblins' first casualty and half their number at once, one save with Gob's WIL
    let ev = t.play("accept", &[16]);
    assert!(ev.contains("Hob dies"), "{ev}");
    let ev = t.go("accept");
    assert!(ev.contains("goblins' morale: d20 16"), "{ev}");
    assert!(ev.contains(": a success"), "{ev}");
    t.go("next");
    assert_eq!(t.acting(), "Rats");

    // the swarm: enhanced against an individual, d20 2 and 11 keep 11, bite 4: IR 21; Ana 6+12
    t.play("attack Rats vs Ana", &[2, 11, 4, 6]);
    t.go("accept");
    assert_eq!(t.c("Ana").hp.cur, 0);
    // HP 3 to 0: scar 3, Walloped
    t.go("accept");
    assert!(t.c("Ana").deprived());
    t.go("next");
    assert_eq!(t.acting(), "Gob");

    // Gob: spear 5, IR 15+8+5 = 28 against Bo's TR 7+10+shield 3 = 20; 5 less armor 1 = 4
    t.play("attack Gob vs Bo using shield", &[15, 5, 7, 3]);
    t.go("accept");
    // exactly 0: no STR, no save, but scar 4 (a broken arm on d6 3)
    assert_eq!(t.c("Bo").attr(Attr::Str).cur, 9);
    t.play("accept", &[3]);
    t.go("next");
    assert_eq!(t.acting(), "Bo");

    // Bo casts with a slot die and a dust die: 4 and 4 make a pair, mishap 8; the slot die tires
    let ev = t.play("cast Bo Light slot 1 dust 1", &[4, 4]);
    assert!(ev.contains("mishap 8"), "{ev}");
    assert!(ev.contains("Light takes effect"), "{ev}");
    let ev = t.go("next");
    assert!(ev.contains("Round 2 begins"), "{ev}");
    assert_eq!(t.acting(), "Gob");
    assert_eq!(t.state().clock.seconds, 120);
    assert_eq!(t.c("Rats").ap, 4, "the surprise is over");

    // Gob retreats: 9 + 13 = 22 beats 20
    t.play("retreat Gob", &[9]);
    t.go("accept");
    t.go("next");
    assert_eq!(t.acting(), "Ana");
    // Ana against the swarm: impaired, d20 18 and 7 keep 7, sword 8: IR 26; the swarm's TR 11
    t.play("attack Ana vs Rats", &[18, 7, 8, 5]);
    // 8 to HP 8: exactly 0, a lone foe's morale: 10 + 4 = 14 fails
    t.play("accept", &[10]);
    t.go("accept");
    let ev = t.go("accept");
    assert!(ev.contains("rats flees"), "{ev}");
    t.go("endfight");

    assert_eq!(
        t.sheet("Ana"),
        "HP 0/6; STR 11; DEX 12; WIL 8; armor 1; AP 4/4; free 8/10; DEPRIVED; \
         scar 3: winded: deprived until a few hours' rest; pending rested a few hours"
    );
    assert_eq!(
        t.sheet("Bo"),
        "HP 0/4; STR 9; DEX 10; WIL 13; armor 1; AP 4/4; free 5/10; fatigue 1; dust 1; \
         scar 4: a broken arm; pending broken arm mended; each cast costs 1d4 WIL until 1440; \
         grimoire Light"
    );
    assert_eq!(
        t.sheet("Gob"),
        "HP 4; STR 8; DEX 13; WIL 5; armor 0; AP 4/4; free 9/10; FLED"
    );
    assert_eq!(
        t.sheet("Hob"),
        "HP 0/5; STR 9/10; DEX 8; WIL 7; armor 0; AP 4/4; free 9/10; DEAD"
    );
    assert_eq!(
        t.sheet("Rats"),
        "HP 0/8; STR 6; DEX 6; WIL 4; armor 0; AP 4/4; free 9/10; DETACHMENT; FLED"
    );
    t.replays();
}

// ---------------------------------------------------------------- travel

/// Three days on the road with no food: Ana's pack fills with Fatigue until the torches go; Bo
/// copies a scroll into the Grimoire and casts a spell that backfires (three alike, mishap 12);
/// a stranger's reaction, a hireling; then food and a safe night clear the Fatigue.
#[test]
fn three_days_on_the_road_with_deprivation_a_copied_scroll_and_a_backfire() {
    let mut t = Table::new("Road", CAST);
    for line in [
        "carry Ana rope",
        "carry Ana torches",
        "carry Ana tent bulky",
        "carry Ana shovel bulky",
        "scroll Bo Sleep",
        "mark Ana deprived",
        "mark Bo deprived",
    ] {
        t.go(line);
    }
    assert_eq!(t.c("Ana").free_slots(), 2);
    let ev = t.go("time 2 days");
    assert!(ev.contains("Ana has gone 2 days deprived"), "{ev}");
    assert_eq!((t.c("Ana").fatigue, t.c("Ana").free_slots()), (2, 0));
    // the third day: no room, the judge picks what goes (no default)
    t.go("time 1 days");
    assert!(t.state().queue.len() == 1, "{}", t.log);
    t.go("choose 4");
    assert_eq!(
        t.state().dropped,
        [("Ana".to_string(), "Torches".to_string())]
    );
    assert_eq!(t.c("Ana").fatigue, 3);
    assert_eq!(t.c("Bo").fatigue, 3);
    t.go("mark Bo deprived off");
    t.go("fatigue Bo -3");

    // copying: 3 and 5, [sum] 8, 6 - 8 hours is at least 1; the 5 on a slot die tires
    let ev = t.play("copy Bo Sleep slot 2", &[3, 5]);
    assert!(ev.contains("in 1 hour,"), "{ev}");
    assert_eq!(t.state().clock.describe(), "day 4, 01:00");
    // three 4s: [sum] 12, the spell fails, a slot lost and +1 armor
    let ev = t.play("cast Bo Light slot 1 dust 2", &[4, 4, 4]);
    assert!(
        ev.contains("Light fails") && ev.contains("mishap 12"),
        "{ev}"
    );

    let ev = t.play("reaction", &[3, 4]);
    assert!(ev.contains("= 7: curious"), "{ev}");
    t.play("hireling Pip party", &[3, 4, 5, 6, 6, 1, 2, 2, 2, 4]);

    t.go("mark Ana deprived off");
    let ev = t.go("rest night");
    assert!(ev.contains("Ana sleeps safe"), "{ev}");
    assert_eq!(t.state().clock.describe(), "day 4, 09:00");

    assert_eq!(
        t.sheet("Ana"),
        "HP 6; STR 11; DEX 12; WIL 8; armor 1; AP 4/4; free 3/10"
    );
    assert_eq!(
        t.sheet("Bo"),
        "HP 4; STR 9; DEX 10; WIL 13; armor 2; AP 4/4; free 5/9; grimoire Light Sleep"
    );
    assert_eq!(
        t.sheet("Pip"),
        "HP 4; STR 12; DEX 13; WIL 6; armor 0; AP 4/4; free 10/10"
    );
    assert_eq!(t.c("Gob").hp.cur, 4, "the goblins did not travel");
    t.replays();
}

// ---------------------------------------------------------------- recovery

/// After a bad fight: Ana failed her critical save and crawls, dying within the hour; Bo is
/// doomed. Bo stabilizes Ana in time; a short rest after the fight brings her back; the judge
/// rules the broken arm mended; a week with a healer restores what the blows took.
#[test]
fn recovery_from_the_dying_hour_to_a_weeks_rest() {
    let mut t = Table::new("Aftermath", CAST);
    t.play("scar Bo 12", &[]);
    t.play("fight Ana Bo Gob", &[10, 9, 1]);
    // Ana: 8 against HP 6: 2 into STR (9), critical save 5 + 9 = 14 fails
    t.play("damage Ana 8", &[5]);
    t.go("accept");
    assert!(t.c("Ana").has(slotmark::rules::ap::Mark::Out));
    assert_eq!(t.c("Ana").dies_at, Some(3600));
    // the scar after the save: HP 6 to 0 reads 6, a head wound: d6 4 (DEX), 3d6 = 15 over 12
    t.play("accept", &[4, 5, 5, 5]);
    assert_eq!(t.c("Ana").attr(Attr::Dex).cur, 15);
    // Bo is hit too, not below 0: no critical save, so his doom stays
    t.play("damage Bo 3", &[]);
    // Bo (22) and Ana (18) in the party, then Gob (6): Bo, Gob, then Ana, who cannot act
    t.go("next");
    t.go("next");
    assert!(t.state().queue.len() == 1, "{}", t.log);
    let ev = t.go("accept");
    assert!(ev.contains("Round 2 begins"), "{ev}");
    // 29 more minutes: Ana still lives
    t.go("time 29 minutes");
    assert!(!t.c("Ana").dead());
    t.go("mark Ana stabilized");
    t.go("endfight");
    t.go("time 2 hours");
    assert!(!t.c("Ana").dead(), "stabilized in time");
    // a short rest after the fight: HP back, the stabilized PC up again; Die of Fate 2
    let ev = t.play("rest short", &[2]);
    assert!(ev.contains("Die of Fate 2"), "{ev}");
    assert!(!t.c("Ana").has(slotmark::rules::ap::Mark::Out));
    // a broken leg by the judge's hand, then mended: 2d6 6 and 5 = 11 over max HP 6
    t.play("scar Ana 4", &[1]);
    t.play("recovered Ana 1", &[6, 5]);
    assert_eq!(t.c("Ana").hp.max, 11);
    let ev = t.go("rest week");
    assert!(ev.contains("Ana rests a week"), "{ev}");
    assert_eq!(t.state().clock.describe(), "day 8, 02:31");

    assert_eq!(
        t.sheet("Ana"),
        "HP 11; STR 11; DEX 15; WIL 8; armor 1; AP 4/4; free 8/10; \
         scar 6: head wound (DEX); scar 4: a broken leg"
    );
    assert_eq!(
        t.sheet("Bo"),
        "HP 4; STR 9; DEX 10; WIL 13; armor 1; AP 4/4; free 6/10; dust 2; DOOMED; \
         scar 12: doomed: the next failed critical save kills; grimoire Light"
    );
    t.replays();
}
