//! Encounters, prepared and met, in every ruleset: the judge groups creatures under a name
//! (`encounter Ambush: Goblin 1, Goblin 2`), the log keeps it (undo, replay, the file), `c`
//! and a bare `fight` propose the encounter the party meets, and the fight's start brings its
//! creatures into the players' sight in the same step. A fight without a foe is refused alike
//! everywhere, naming the line that works; the party is always in a fight.

mod screen;

use ratatui::crossterm::event::KeyCode;
use screen::{code, drive, key};
use slotmark::dice::ScriptedDice;
use slotmark::rules::RulesetId;
use slotmark::script::{self, Line};
use slotmark::session::{self, Command, Session, SessionState};
use slotmark::tui::Dice;
use slotmark::tui::app::App;
use slotmark::tui::keymap::Ctx;
use slotmark::tui::theme::Theme;

const ALL: [RulesetId; 6] = [
    RulesetId::Slots,
    RulesetId::Plain,
    RulesetId::Phase,
    RulesetId::Bdp,
    RulesetId::Ap,
    RulesetId::ActionDie,
];

const DEMOS: [RulesetId; 6] = [
    RulesetId::Slots,
    RulesetId::Plain,
    RulesetId::Phase,
    RulesetId::Bdp,
    RulesetId::Ap,
    RulesetId::ActionDie,
];

fn parse(s: &Session, line: &str) -> Result<Command, String> {
    match script::parse_line(line, s.state()) {
        Ok(Line::Command(c)) => Ok(c),
        Ok(other) => panic!("{line}: {other:?}"),
        Err(e) => Err(e.to_string()),
    }
}

fn try_play(s: &mut Session, line: &str) -> Result<(), String> {
    let c = parse(s, line)?;
    s.execute(c, &mut ScriptedDice::new([10; 64]))
        .map(drop)
        .map_err(|e| e.to_string())
}

fn play(s: &mut Session, line: &str) {
    try_play(s, line).unwrap_or_else(|e| panic!("{line}: {e}"));
}

/// A party of one (Ana; Aria in the slot system, all in one zone) and three creatures, none of
/// them seen.
fn session(ruleset: RulesetId) -> Session {
    let mut s = Session::new(SessionState::new("At the Ford", ruleset));
    let lines: &[&str] = match ruleset {
        RulesetId::Slots => &[
            "add Aria kit fighter",
            "add Ogre opponents",
            "add Gnash opponents",
            "add Wolf opponents",
        ],
        RulesetId::Plain => &[
            "add Ana 8",
            "add Ogre 9 others",
            "add Gnash 5 others",
            "add Wolf 4 others",
        ],
        RulesetId::Phase => &[
            "add Ana pc 6 12 14 9",
            "add Ogre creature 3 8 12 7",
            "add Gnash creature 2",
            "add Wolf creature 2",
        ],
        RulesetId::Bdp => &[
            "add Ana pc 10 12 8 6",
            "add Ogre creature 14 10 10 9",
            "add Gnash creature 14 10 10 9",
            "add Wolf creature 14 10 10 9",
        ],
        RulesetId::Ap => &[
            "add Ana pc party 11 12 8 6",
            "add Ogre npc brutes 8 13 5 4",
            "add Gnash npc brutes 8 13 5 4",
            "add Wolf npc beasts 8 13 5 4",
        ],
        RulesetId::ActionDie => &[
            "add Ana pc d8 d6 d6 d4 10",
            "add Ogre creature d8 d6 d6 d4 12",
            "add Gnash creature d8 d6 d6 d4 12",
            "add Wolf creature d8 d6 d6 d4 12",
        ],
    };
    for line in lines {
        play(&mut s, line);
    }
    s
}

fn id(s: &Session, name: &str) -> u32 {
    s.state()
        .game
        .roster()
        .iter()
        .flat_map(|g| &g.members)
        .find(|m| m.name == name)
        .unwrap_or_else(|| panic!("{name} is not on the roster"))
        .id
}

/// Everyone in the fight under way, by name.
fn in_fight(s: &Session) -> Vec<String> {
    let mut names: Vec<String> = s
        .state()
        .game
        .initiative()
        .expect("a fight under way")
        .order
        .iter()
        .map(|f| f.name.clone())
        .collect();
    names.sort();
    names
}

fn seen(s: &Session, name: &str) -> bool {
    let st = s.state();
    !st.veil.unseen(&st.game.roster()).contains(&id(s, name))
}

#[test]
fn the_encounter_verb_groups_lists_undoes_replays_and_saves_in_every_ruleset() {
    for ruleset in ALL {
        let mut s = session(ruleset);
        let bare = s.state().clone();
        play(&mut s, "encounter Ambush: Ogre, gnash");
        play(&mut s, "encounter Ambush: Wolf");
        let e = s.state().encounter("ambush").expect("the encounter");
        assert_eq!(
            e.members,
            [id(&s, "Ogre"), id(&s, "Gnash"), id(&s, "Wolf")],
            "{ruleset:?}"
        );
        assert!(!e.fought);
        // A creature grouped again moves; the party is not an encounter's.
        play(&mut s, "encounter Den: Wolf");
        assert_eq!(s.state().encounter("Ambush").unwrap().members.len(), 2);
        let party = if ruleset == RulesetId::Slots {
            "Aria"
        } else {
            "Ana"
        };
        let refused = try_play(&mut s, &format!("encounter Den: {party}")).unwrap_err();
        assert!(
            refused.contains(&format!("no creature called '{party}'")),
            "{ruleset:?}: {refused}"
        );
        // Alone, the verb lists them and changes nothing.
        let before = s.state().clone();
        let listed = try_play(&mut s, "encounter").unwrap_err();
        assert_eq!(
            listed, "encounters: Ambush: Ogre, Gnash; Den: Wolf",
            "{ruleset:?}"
        );
        assert_eq!(s.state(), &before);
        // Undo, redo, replay, and the file.
        s.undo().unwrap();
        assert_eq!(s.state().encounter("Den"), None, "{ruleset:?}");
        s.redo().unwrap();
        let replayed = session::replay(s.initial(), s.entries()).unwrap();
        assert_eq!(&replayed, s.state(), "{ruleset:?}");
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.ron");
        slotmark::store::Store::create(&path, &s).unwrap();
        let loaded = slotmark::store::load(&path).unwrap();
        assert_eq!(loaded.state(), s.state(), "{ruleset:?}");
        assert_eq!(loaded.state().encounters.len(), 2);
        // The line reads back from what the log writes.
        let written = script::write(&s.entries()[4].command, &bare);
        assert!(
            written.text.starts_with("encounter Ambush: "),
            "{written:?}"
        );
    }
}

#[test]
fn a_file_from_before_encounters_opens_with_none() {
    let s = slotmark::store::load(std::path::Path::new("saves/example.ron")).unwrap();
    assert!(s.state().encounters.is_empty());
    let mut st = SessionState::new("Old", RulesetId::Phase);
    st.encounters.clear();
    let text = ron::to_string(&st).unwrap();
    assert!(!text.contains("encounters"), "{text}");
}

#[test]
fn a_bare_fight_takes_the_first_encounter_not_yet_fought_and_reveals_it_in_one_step() {
    for ruleset in ALL {
        let mut s = session(ruleset);
        play(&mut s, "encounter Ambush: Ogre, Gnash");
        play(&mut s, "encounter Den: Wolf");
        let steps = s.entries().len();
        play(&mut s, &format!("{} ", session::fight_verb(ruleset)));
        let party = if ruleset == RulesetId::Slots {
            "Aria"
        } else {
            "Ana"
        };
        let mut want = vec![party, "Gnash", "Ogre"];
        want.sort();
        assert_eq!(in_fight(&s), want, "{ruleset:?}");
        assert_eq!(s.entries().len(), steps + 1, "{ruleset:?}: one step");
        assert!(matches!(s.entries()[steps].command, Command::Fight { .. }));
        assert!(seen(&s, "Ogre") && seen(&s, "Gnash") && !seen(&s, "Wolf"));
        assert!(s.state().encounter("Ambush").unwrap().fought);
        // Undo takes the fight and the sight back together.
        s.undo().unwrap();
        assert!(s.state().game.initiative().is_none(), "{ruleset:?}");
        assert!(!seen(&s, "Ogre") && !s.state().encounter("Ambush").unwrap().fought);
        s.redo().unwrap();
        assert_eq!(
            &session::replay(s.initial(), s.entries()).unwrap(),
            s.state()
        );
    }
}

#[test]
fn fight_with_an_encounters_name_takes_it_and_the_party() {
    for ruleset in ALL {
        let mut s = session(ruleset);
        play(&mut s, "encounter Ambush: Ogre, Gnash");
        play(&mut s, "encounter The den: Wolf");
        play(&mut s, &format!("{} the den", session::fight_verb(ruleset)));
        let party = if ruleset == RulesetId::Slots {
            "Aria"
        } else {
            "Ana"
        };
        let mut want = vec![party, "Wolf"];
        want.sort();
        assert_eq!(in_fight(&s), want, "{ruleset:?}");
        assert!(seen(&s, "Wolf") && !seen(&s, "Ogre"));
    }
}

#[test]
fn fight_players_with_a_creature_takes_the_party_too() {
    for ruleset in ALL {
        let mut s = session(ruleset);
        play(
            &mut s,
            &format!("{} players with Gnash", session::fight_verb(ruleset)),
        );
        let party = if ruleset == RulesetId::Slots {
            "Aria"
        } else {
            "Ana"
        };
        let mut want = vec![party, "Gnash"];
        want.sort();
        assert_eq!(in_fight(&s), want, "{ruleset:?}");
        assert!(seen(&s, "Gnash"));
    }
}

#[test]
fn fight_players_all_takes_everyone_standing() {
    for ruleset in ALL {
        let mut s = session(ruleset);
        play(
            &mut s,
            &format!("{} players all", session::fight_verb(ruleset)),
        );
        assert_eq!(in_fight(&s).len(), 4, "{ruleset:?}");
    }
}

#[test]
fn a_fight_without_a_foe_is_refused_alike_naming_the_line_that_works() {
    for ruleset in ALL {
        // Nobody met and nobody seen: a bare fight would be the party alone.
        let mut s = session(ruleset);
        let verb = session::fight_verb(ruleset);
        let refused = try_play(&mut s, verb).unwrap_err();
        assert!(
            refused.starts_with("a fight needs a foe")
                && refused.contains(&format!("`{verb} players all`")),
            "{ruleset:?}: {refused}"
        );
        assert!(s.state().game.initiative().is_none());
        // With an encounter, the refusal names it.
        play(&mut s, "encounter Ambush: Ogre");
        let party = if ruleset == RulesetId::Slots {
            "Aria"
        } else {
            "Ana"
        };
        let refused = try_play(&mut s, &format!("{verb} players with {party}")).unwrap_err();
        assert!(
            refused.contains(&format!("`{verb} Ambush`")),
            "{ruleset:?}: {refused}"
        );
    }
    // A foe named who is dead is no foe: the refusal is the same, not the slot system's own
    // "tick or name one of them", which means nothing in a script.
    let mut s = session(RulesetId::Slots);
    play(&mut s, "status Ogre dead");
    let refused = try_play(&mut s, "fight players with Ogre").unwrap_err();
    assert!(
        refused.starts_with("a fight needs a foe") && !refused.contains("tick"),
        "{refused}"
    );
}

fn demo_app(ruleset: RulesetId) -> App {
    App::with_session(script::demo_for(ruleset), None, Dice::scripted([3; 256]))
        .with_theme(Theme::plain())
}

/// The creatures each demo's story meets first.
fn demo_encounter(ruleset: RulesetId) -> &'static [&'static str] {
    match ruleset {
        RulesetId::Slots => &["Goblin 1", "Goblin 2"],
        RulesetId::Phase => &["Goblin 1", "Goblin 2", "Goblin 3", "Fang"],
        RulesetId::Bdp => &["Snag", "Goblin 1", "Giant rat 1"],
        RulesetId::Ap => &["Gnash", "Skab", "Rikk"],
        RulesetId::ActionDie => &["Grak", "Snag", "Grub"],
        RulesetId::Plain => &["Skarn", "Goblin 1", "Goblin 2"],
    }
}

#[test]
fn c_enter_starts_each_demos_fight_with_the_creatures_the_party_meets() {
    for ruleset in DEMOS {
        let mut app = demo_app(ruleset);
        let text = drive(&mut app, 120, 40, vec![key('c')]);
        assert_eq!(app.ctx(), Ctx::Form, "{ruleset:?}:\n{text}");
        let steps = app.session().unwrap().entries().len();
        let text = drive(&mut app, 120, 40, vec![code(KeyCode::Enter)]);
        let s = app.session().unwrap();
        let fight = s
            .state()
            .game
            .initiative()
            .unwrap_or_else(|| panic!("{ruleset:?}: no fight after c Enter:\n{text}"));
        let names: Vec<&str> = fight.order.iter().map(|f| f.name.as_str()).collect();
        for creature in demo_encounter(ruleset) {
            assert!(names.contains(creature), "{ruleset:?}: {names:?}");
            assert!(seen(s, creature), "{ruleset:?}: {creature} unseen");
        }
        assert!(matches!(s.entries()[steps].command, Command::Fight { .. }));
    }
}

/// Moves 11 and 12 of the table test, in every demo: the fight with the creatures just met in
/// two keys (`c` Enter), then one whole round of it with the keys per fighter counted.
#[test]
fn moves_11_and_12_a_fight_with_those_met_in_two_keys_and_a_round_in_few_per_fighter() {
    for ruleset in DEMOS {
        let (keys, fighters) = screen::moves_11_and_12(ruleset);
        eprintln!("{ruleset:?}: {keys} keys for a round of {fighters} fighters");
        assert_eq!(keys, screen::round_keys(ruleset, fighters), "{ruleset:?}");
    }
}

#[test]
fn creatures_added_during_the_evening_are_met_before_the_next_encounter() {
    for ruleset in ALL {
        let mut s = session(ruleset);
        play(&mut s, "encounter Ambush: Ogre");
        play(&mut s, "encounter Den: Wolf");
        let verb = session::fight_verb(ruleset);
        play(&mut s, &format!("{verb} players all"));
        let end = match ruleset {
            RulesetId::Slots => "end fight",
            RulesetId::Ap => "endfight",
            _ => "end",
        };
        play(&mut s, end);
        // Gnash, in no encounter and unseen, came in after the encounters were made; the
        // fight above brought everyone into sight, so veil it as a newcomer would be.
        play(&mut s, "veil Gnash");
        play(&mut s, verb);
        let party = if ruleset == RulesetId::Slots {
            "Aria"
        } else {
            "Ana"
        };
        let mut want = vec![party, "Gnash"];
        want.sort();
        assert_eq!(in_fight(&s), want, "{ruleset:?}");
    }
}

/// The fight checklist `c` opens in each demo, at 80×24: the party and the encounter met
/// ticked, seen or not, the note naming the encounter; and the roster with the creatures under
/// their encounters.
#[test]
fn the_fight_checklist_of_each_demo_at_80x24() {
    for ruleset in DEMOS {
        let mut app = demo_app(ruleset);
        let text = drive(&mut app, 80, 24, vec![key('c')]);
        insta::assert_snapshot!(format!("checklist_{}", ruleset.key()), text);
    }
}

/// The party and Ambush (Ogre) in a fight, with Den (Gnash, Wolf) prepared and unseen.
fn fighting_ambush(ruleset: RulesetId) -> Session {
    let mut s = session(ruleset);
    play(&mut s, "encounter Ambush: Ogre");
    play(&mut s, "encounter Den: Gnash, Wolf");
    play(&mut s, &format!("{} Ambush", session::fight_verb(ruleset)));
    s
}

fn party_of(ruleset: RulesetId) -> &'static str {
    if ruleset == RulesetId::Slots {
        "Aria"
    } else {
        "Ana"
    }
}

#[test]
fn bring_takes_a_whole_encounter_into_the_fight_in_one_step_in_every_ruleset() {
    for ruleset in ALL {
        let mut s = fighting_ambush(ruleset);
        let mut want = vec![party_of(ruleset), "Ogre"];
        want.sort();
        assert_eq!(in_fight(&s), want, "{ruleset:?}");
        let before = s.state().clone();
        let steps = s.entries().len();
        play(&mut s, "bring den");
        assert_eq!(s.entries().len(), steps + 1, "{ruleset:?}: one step");
        let mut want = vec![party_of(ruleset), "Gnash", "Ogre", "Wolf"];
        want.sort();
        assert_eq!(in_fight(&s), want, "{ruleset:?}");
        assert!(seen(&s, "Gnash") && seen(&s, "Wolf"), "{ruleset:?}");
        assert!(s.state().encounter("Den").unwrap().fought, "{ruleset:?}");
        // The log reads it back, replays it and keeps it in the file.
        let written = script::write(&s.entries()[steps].command, &before);
        assert_eq!(written.text, "bring den", "{ruleset:?}");
        assert_eq!(
            &session::replay(s.initial(), s.entries()).unwrap(),
            s.state(),
            "{ruleset:?}"
        );
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.ron");
        slotmark::store::Store::create(&path, &s).unwrap();
        assert_eq!(slotmark::store::load(&path).unwrap().state(), s.state());
        // Undo takes the whole encounter back out, its sight and its mark too.
        s.undo().unwrap();
        assert_eq!(s.state(), &before, "{ruleset:?}");
        // Unseen, they come in as the players do not see them.
        play(&mut s, "bring Den unseen");
        assert_eq!(in_fight(&s).len(), 4, "{ruleset:?}");
        assert!(!seen(&s, "Gnash") && !seen(&s, "Wolf"), "{ruleset:?}");
        // Once in, there is nobody left of it to bring.
        let refused = try_play(&mut s, "bring Den").unwrap_err();
        assert!(
            refused.contains("in the fight already"),
            "{ruleset:?}: {refused}"
        );
    }
}

#[test]
fn bring_without_a_fight_or_an_encounter_is_refused_naming_what_works() {
    for ruleset in ALL {
        let mut s = session(ruleset);
        play(&mut s, "encounter Den: Gnash, Wolf");
        let before = s.state().clone();
        let verb = session::fight_verb(ruleset);
        let refused = try_play(&mut s, "bring Den").unwrap_err();
        assert!(
            refused.starts_with("no fight is under way")
                && refused.contains(&format!("`{verb} Den`")),
            "{ruleset:?}: {refused}"
        );
        let refused = try_play(&mut s, "bring Lair").unwrap_err();
        assert!(
            refused.contains("no encounter is called Lair") && refused.contains("Den"),
            "{ruleset:?}: {refused}"
        );
        assert_eq!(s.state(), &before, "{ruleset:?}");
    }
}

/// `A` in a fight lists the encounters not in it first; Enter brings the whole of one in as a
/// single step, unseen unless Tab said otherwise.
#[test]
fn the_picker_offers_the_encounters_not_in_the_fight_first_and_brings_one_whole() {
    for ruleset in ALL {
        let s = fighting_ambush(ruleset);
        let steps = s.entries().len();
        let mut app =
            App::with_session(s, None, Dice::scripted([10; 256])).with_theme(Theme::plain());
        let text = drive(&mut app, 80, 24, vec![key('A')]);
        assert_eq!(app.ctx(), Ctx::Pick, "{ruleset:?}:\n{text}");
        assert!(text.contains("▶ ‹Den›"), "{ruleset:?}:\n{text}");
        assert!(text.contains("2 creatures"), "{ruleset:?}:\n{text}");
        assert!(
            !text
                .lines()
                .any(|l| l.split('│').skip(1).any(|part| part.contains("‹Ambush›"))),
            "{ruleset:?}: in the fight already\n{text}"
        );
        let text = drive(
            &mut app,
            80,
            24,
            vec![code(KeyCode::Tab), code(KeyCode::Enter)],
        );
        assert_eq!(app.ctx(), Ctx::Main, "{ruleset:?}:\n{text}");
        let s = app.session().unwrap();
        assert_eq!(s.entries().len(), steps + 1, "{ruleset:?}: one step");
        assert!(matches!(
            s.entries()[steps].command,
            Command::Bring { seen: true, .. }
        ));
        assert_eq!(in_fight(s).len(), 4, "{ruleset:?}");
        assert!(seen(s, "Gnash") && seen(s, "Wolf"), "{ruleset:?}");
        // Nothing is left to bring: the picker offers creatures alone again.
        let text = drive(&mut app, 80, 24, vec![key('A')]);
        assert!(
            !text
                .lines()
                .any(|l| l.split('│').skip(1).any(|part| part.contains("‹Den›"))),
            "{ruleset:?}:\n{text}"
        );
    }
}

/// Each encounter's name heads its creatures once on the roster, in every demo at 80×24 before
/// and after `c` Enter: phase's demo listed Fang, of the second cave, after the chief's den's
/// Grol, under a second `‹Second cave›`.
#[test]
fn the_roster_heads_each_encounter_once_in_every_demo() {
    for ruleset in DEMOS {
        let mut app = demo_app(ruleset);
        for keys in [Vec::new(), vec![key('c'), code(KeyCode::Enter)]] {
            let text = drive(&mut app, 80, 24, keys);
            let roster: Vec<&str> = text
                .lines()
                .filter_map(|l| l.trim_matches('"').split('│').next())
                .collect();
            let s = app.session().unwrap().state();
            for e in &s.encounters {
                let heading = format!("‹{}›", e.name);
                let count = roster.iter().filter(|l| l.contains(&heading)).count();
                assert!(count <= 1, "{ruleset:?}: {heading} {count} times:\n{text}");
            }
        }
    }
}

/// A creature out of action after one fight (dead, or critical in phase, where the rules keep it
/// on the roster) is never ticked for the next, in any ruleset: the judge's playtest found
/// phase's third `c` ticking five creatures killed in the first fight.
#[test]
fn the_next_fight_never_proposes_a_creature_out_of_action() {
    let mut tried = Vec::new();
    for ruleset in ALL {
        let mut s = session(ruleset);
        play(&mut s, "fight players all");
        let ogre = id(&s, "Ogre");
        let out = match ruleset {
            RulesetId::Slots => "status Ogre dead",
            RulesetId::Plain => "status Ogre dead",
            RulesetId::Phase => "flag Ogre critical",
            RulesetId::Bdp | RulesetId::Ap | RulesetId::ActionDie => "status Ogre dead",
        };
        if try_play(&mut s, out).is_err() {
            continue;
        }
        let standing: Vec<bool> = s
            .state()
            .game
            .roster()
            .iter()
            .flat_map(|g| g.members.clone())
            .filter(|m| m.id == ogre)
            .map(|m| !m.dead && !m.out)
            .collect();
        if standing != [false] {
            continue;
        }
        play(&mut s, "end fight");
        let proposed = s.state().proposal().who;
        assert!(!proposed.contains(&ogre), "{ruleset:?}: {proposed:?}");
        tried.push(ruleset);
    }
    assert!(tried.contains(&RulesetId::Phase), "{tried:?}");
}

/// D24: a creature down at 0 HP still has its turn in the fight it fell in, but a later fight
/// never takes it: `A` in actiondie offered an encounter whose creatures were all down, and
/// brought them into the new fight.
#[test]
fn d24_an_encounter_whose_creatures_are_all_down_is_not_brought_into_a_fight() {
    let mut s = session(RulesetId::ActionDie);
    play(&mut s, "encounter Den: Ogre");
    play(&mut s, "damage Ogre 30");
    let ogre = id(&s, "Ogre");
    let down = s
        .state()
        .game
        .roster()
        .iter()
        .flat_map(|g| g.members.clone())
        .any(|m| m.id == ogre && m.down && !m.dead);
    assert!(down, "the Ogre should be down, not dead");
    play(&mut s, "scene players with Gnash");
    assert!(try_play(&mut s, "bring Den").is_err());
    assert!(s.state().bringable().is_empty());
}

/// The fight checklist never ticks one out of action, but lists them, so the judge can take a
/// fallen character into the next fight: the plain tracker's Ana, down at 0 HP, had vanished
/// from it.
#[test]
fn the_fight_checklist_lists_the_fallen_unticked() {
    let mut s = session(RulesetId::Plain);
    play(&mut s, "damage Ana 8");
    let mut app = App::with_session(s, None, Dice::scripted([3; 64])).with_theme(Theme::plain());
    let text = drive(&mut app, 100, 30, vec![key('c')]);
    let line = text
        .lines()
        .find(|l| l.contains("Who fights"))
        .unwrap_or_else(|| panic!("no checklist:\n{text}"));
    assert!(line.contains("Ana (out of action)"), "{line}\n{text}");
    assert!(
        !line.contains("[x]Ana") && !line.contains("[x] Ana"),
        "{line}"
    );
}

/// README step 3 in the slot system's demo: `c` `Enter` starts the fight, `Enter` starts the
/// selected character's turn and `a` attacks. The goblins met stood a zone away, so the first
/// attack found nobody in reach and proposed no one; they now wait where the party stands.
#[test]
fn the_slot_demos_first_attack_after_c_enter_proposes_a_goblin_in_reach() {
    let mut app = demo_app(RulesetId::Slots);
    drive(&mut app, 80, 24, vec![key('c'), code(KeyCode::Enter)]);
    drive(&mut app, 80, 24, vec![code(KeyCode::Enter)]);
    let text = drive(&mut app, 80, 24, vec![key('a')]);
    assert_eq!(app.ctx(), Ctx::Form, "{text}");
    assert!(!text.contains("Nobody proposed"), "{text}");
    assert!(text.contains("Goblin 1 · reach"), "{text}");
    // The range line says where the target stands, in words, and that the attack reaches it.
    assert!(
        text.contains("Range: Goblin 1 is within reach of Aria (the same zone)"),
        "{text}"
    );
}
