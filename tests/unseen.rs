//! Creatures the players have not met: a creature the judge adds is unseen at the players'
//! table view until revealed, by the roster's key, by `reveal NAME|all`, by acting in a fight,
//! or by a player character acting against it. Each reveal is a step (or part of one) that undo
//! takes back and replay makes again; player characters are always seen; older files, where
//! every creature was seen unless hidden, read as they were.

mod screen;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use slotmark::dice::ScriptedDice;
use slotmark::rules::RulesetId;
use slotmark::script::{self, Line};
use slotmark::session::{Event, Session, SessionState, TableView, Veil, replay};
use slotmark::tui::table;
use slotmark::tui::theme::Theme;

fn session(ruleset: RulesetId) -> Session {
    Session::new(SessionState::new("At the Ford", ruleset))
}

fn run(s: &mut Session, line: &str, faces: &[u16]) -> Result<(), String> {
    match script::parse_line(line, s.state()).map_err(|e| e.message)? {
        Line::Command(c) => s
            .execute(c, &mut ScriptedDice::new(faces.to_vec()))
            .map(|_| ())
            .map_err(|e| e.to_string()),
        Line::Undo => s.undo().map(|_| ()).map_err(|e| e.to_string()),
        Line::Redo => s.redo().map(|_| ()).map_err(|e| e.to_string()),
        other => panic!("{line}: {other:?}"),
    }
}

fn play(s: &mut Session, line: &str, faces: &[u16]) {
    run(s, line, faces).unwrap_or_else(|e| panic!("{line}: {e}"));
}

/// The players' table view of the session as drawn, as text.
fn drawn(s: &Session) -> String {
    let view = TableView::of(s, 20);
    let area = Rect::new(0, 0, 120, 40);
    let mut buf = Buffer::empty(area);
    table::draw(&mut buf, area, &view, Theme::plain(), None);
    let mut out = String::new();
    for y in 0..area.height {
        for x in 0..area.width {
            out.push_str(buf[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}

/// Is `name` anywhere in the players' view, as data or as drawn?
fn shown(s: &Session, name: &str) -> bool {
    let view = TableView::of(s, 20);
    let in_data = view.creatures.iter().any(|c| c.name == name)
        || view.party.iter().any(|c| c.name == name)
        || view
            .fight
            .as_ref()
            .is_some_and(|f| f.order.iter().any(|c| c.name == name));
    let in_buffer = drawn(s).contains(name);
    assert_eq!(
        in_data, in_buffer,
        "{name}: the data and the drawing differ"
    );
    in_data
}

fn replays(s: &Session) {
    let again = replay(s.initial(), s.applied()).unwrap();
    assert_eq!(&again, s.state(), "replay differs from play");
}

fn plain_party(s: &mut Session) {
    play(s, "add Ana 8", &[]);
    play(s, "add Ogre 12 others", &[]);
    play(s, "add Ghoul 5 others", &[]);
}

#[test]
fn a_new_creature_is_unseen_and_reveal_name_shows_it_until_undone() {
    let mut s = session(RulesetId::Plain);
    plain_party(&mut s);
    assert!(shown(&s, "Ana"), "a player character is always seen");
    assert!(!shown(&s, "Ogre") && !shown(&s, "Ghoul"));
    play(&mut s, "reveal Ogre", &[]);
    assert!(shown(&s, "Ogre") && !shown(&s, "Ghoul"));
    assert!(
        run(&mut s, "reveal Ogre", &[])
            .unwrap_err()
            .contains("already")
    );
    play(&mut s, "undo", &[]);
    assert!(!shown(&s, "Ogre"));
    play(&mut s, "redo", &[]);
    assert!(shown(&s, "Ogre"));
    // Veiled, it is unseen again; `unveil` is the old word for `reveal`.
    play(&mut s, "veil Ogre", &[]);
    assert!(!shown(&s, "Ogre"));
    play(&mut s, "unveil Ogre", &[]);
    assert!(shown(&s, "Ogre"));
    replays(&s);
}

#[test]
fn reveal_all_shows_every_creature_in_one_step_that_undo_takes_back() {
    let mut s = session(RulesetId::Plain);
    plain_party(&mut s);
    play(&mut s, "reveal all", &[]);
    assert!(shown(&s, "Ogre") && shown(&s, "Ghoul"));
    assert_eq!(
        run(&mut s, "reveal all", &[]).unwrap_err(),
        "everyone on the roster is in the players' sight already"
    );
    play(&mut s, "undo", &[]);
    assert!(!shown(&s, "Ogre") && !shown(&s, "Ghoul"));
    replays(&s);
}

#[test]
fn the_roster_key_reveals_the_selected_creature_and_undo_takes_it_back() {
    use ratatui::crossterm::event::KeyCode;
    use screen::{code, drive, key, typed};
    use slotmark::tui::Dice;
    use slotmark::tui::app::App;
    let mut app = App::with_session(session(RulesetId::Plain), None, Dice::scripted([]))
        .with_theme(Theme::plain());
    let mut keys = Vec::new();
    for line in ["add Ana 8", "add Ogre 12 others"] {
        keys.push(key(':'));
        keys.extend(typed(line));
        keys.push(code(KeyCode::Enter));
    }
    keys.push(code(KeyCode::Tab));
    drive(&mut app, 100, 30, keys);
    assert!(!shown(app.session().unwrap(), "Ogre"));
    drive(&mut app, 100, 30, vec![key('H')]);
    assert!(shown(app.session().unwrap(), "Ogre"));
    drive(&mut app, 100, 30, vec![key('u')]);
    assert!(!shown(app.session().unwrap(), "Ogre"));
    // One key both ways: H again reveals, and once more veils.
    drive(&mut app, 100, 30, vec![key('H')]);
    assert!(shown(app.session().unwrap(), "Ogre"));
    drive(&mut app, 100, 30, vec![key('H')]);
    assert!(!shown(app.session().unwrap(), "Ogre"));
}

#[test]
fn a_creature_that_acts_in_a_fight_comes_into_sight_with_that_step() {
    let mut s = session(RulesetId::Plain);
    plain_party(&mut s);
    // The ghoul is not in the fight; the ogre acts first.
    play(&mut s, "fight Ogre Ana", &[]);
    assert!(shown(&s, "Ogre"), "{}", drawn(&s));
    assert!(!shown(&s, "Ghoul"));
    play(&mut s, "undo", &[]);
    assert!(!shown(&s, "Ogre"));
    // Acting later in the order, it comes into sight on its turn, not before.
    play(&mut s, "fight Ana Ogre", &[]);
    assert!(!shown(&s, "Ogre"));
    play(&mut s, "next", &[]);
    assert!(shown(&s, "Ogre"));
    play(&mut s, "undo", &[]);
    assert!(!shown(&s, "Ogre"));
    play(&mut s, "redo", &[]);
    assert!(shown(&s, "Ogre"));
    // Veiled by the judge, acting does not reveal it again.
    play(&mut s, "veil Ogre", &[]);
    play(&mut s, "next", &[]);
    play(&mut s, "next", &[]);
    assert!(!shown(&s, "Ogre"));
    replays(&s);
}

#[test]
fn a_creature_a_character_attacks_comes_into_sight_with_that_step() {
    let mut s = session(RulesetId::ActionDie);
    play(&mut s, "add Ana pc d8 d6 d6 d4 10", &[]);
    play(&mut s, "add Ogre creature d8 d6 d6 d4 12", &[]);
    play(&mut s, "add Gnash creature d8 d6 d6 d4 12", &[]);
    assert!(!shown(&s, "Ogre"));
    play(&mut s, "attack Ana unarmed Ogre", &[3, 3, 3, 3]);
    assert!(shown(&s, "Ogre"), "{}", drawn(&s));
    assert!(!shown(&s, "Gnash"));
    play(&mut s, "undo", &[]);
    assert!(!shown(&s, "Ogre"));
    // A creature acting against a character comes into sight too (it acts).
    play(&mut s, "attack Gnash unarmed Ana", &[3, 3, 3, 3]);
    assert!(shown(&s, "Gnash") && !shown(&s, "Ogre"));
    replays(&s);
}

#[test]
fn in_a_fight_the_characters_are_in_a_creature_comes_into_sight_when_struck_or_on_its_turn() {
    let mut s = session(RulesetId::Bdp);
    play(&mut s, "add Ana pc 10 12 8 6", &[]);
    play(&mut s, "add Snag goblin", &[]);
    play(&mut s, "add ogre", &[]);
    play(&mut s, "fight Ana Snag \"Ogre 1\"", &[]);
    // Ana's turn shows only her: neither creature has acted or been acted against.
    assert!(!shown(&s, "Snag") && !shown(&s, "Ogre 1"), "{}", drawn(&s));
    play(&mut s, "damage Snag 1 sword", &[]);
    assert!(shown(&s, "Snag") && !shown(&s, "Ogre 1"), "{}", drawn(&s));
    play(&mut s, "next", &[]);
    assert!(!shown(&s, "Ogre 1"));
    play(&mut s, "next", &[]);
    assert!(shown(&s, "Ogre 1"), "{}", drawn(&s));
    play(&mut s, "undo", &[]);
    assert!(!shown(&s, "Ogre 1"));
    replays(&s);
}

/// The names a step brought into the players' sight, in the order its events say so.
fn revealed_by(s: &mut Session, line: &str) -> Vec<String> {
    let Ok(Line::Command(c)) = script::parse_line(line, s.state()) else {
        panic!("{line}: not a command");
    };
    let applied = s
        .execute(c, &mut ScriptedDice::new(Vec::new()))
        .unwrap_or_else(|e| panic!("{line}: {e}"));
    applied
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Hidden {
                name,
                hidden: false,
            } => Some(name.clone()),
            _ => None,
        })
        .collect()
}

/// A long fight in which every creature has been met: the players' sight has nothing left to
/// reveal, and steps pass it by. What comes after must still reveal as it did.
fn everyone_met(s: &mut Session) {
    plain_party(s);
    play(s, "fight Ana Ogre Ghoul", &[]);
    play(s, "next", &[]);
    play(s, "next", &[]);
    play(s, "next", &[]);
    assert!(shown(s, "Ogre") && shown(s, "Ghoul"));
}

#[test]
fn a_creature_that_arrives_after_everyone_was_met_comes_into_sight_on_its_turn() {
    let mut s = session(RulesetId::Plain);
    everyone_met(&mut s);
    // One met creature leaves the session for good; its id stays among the revealed.
    play(&mut s, "remove Ghoul", &[]);
    play(&mut s, "add Imp 3 others", &[]);
    play(&mut s, "join Imp", &[]);
    assert!(!shown(&s, "Imp"));
    // Round 2: Ana, then the ogre; the imp acts last.
    assert!(revealed_by(&mut s, "next").is_empty());
    assert!(!shown(&s, "Imp"));
    assert_eq!(revealed_by(&mut s, "next"), ["Imp"]);
    assert!(shown(&s, "Imp"));
    play(&mut s, "undo", &[]);
    assert!(!shown(&s, "Imp"));
    play(&mut s, "redo", &[]);
    assert!(shown(&s, "Imp"));
    replays(&s);
}

#[test]
fn a_creature_veiled_again_after_everyone_was_met_stays_unseen_until_revealed() {
    let mut s = session(RulesetId::Plain);
    everyone_met(&mut s);
    play(&mut s, "veil Ogre", &[]);
    for _ in 0..3 {
        assert!(revealed_by(&mut s, "next").is_empty());
        assert!(!shown(&s, "Ogre"));
    }
    assert_eq!(revealed_by(&mut s, "reveal Ogre"), ["Ogre"]);
    assert!(shown(&s, "Ogre"));
    replays(&s);
}

#[test]
fn a_creature_whose_reveal_was_undone_comes_into_sight_when_it_acts() {
    let mut s = session(RulesetId::Plain);
    plain_party(&mut s);
    play(&mut s, "fight Ana Ogre Ghoul", &[]);
    play(&mut s, "next", &[]);
    // The judge shows the ghoul before its turn, then takes that back: it is unmet again, and
    // its turn reveals it in the turn's own step.
    play(&mut s, "reveal Ghoul", &[]);
    assert!(shown(&s, "Ghoul"));
    play(&mut s, "undo", &[]);
    assert!(!shown(&s, "Ghoul"));
    assert_eq!(revealed_by(&mut s, "next"), ["Ghoul"]);
    assert!(shown(&s, "Ghoul"));
    // Once met, the next round reveals no one.
    for _ in 0..3 {
        assert!(revealed_by(&mut s, "next").is_empty());
    }
    replays(&s);
}

#[test]
fn a_creature_that_joins_a_fight_after_everyone_was_met_comes_into_sight_when_struck() {
    let mut s = session(RulesetId::Bdp);
    play(&mut s, "add Ana pc 10 12 8 6", &[]);
    play(&mut s, "add Snag goblin", &[]);
    play(&mut s, "fight Ana Snag", &[]);
    play(&mut s, "damage Snag 1 sword", &[]);
    play(&mut s, "next", &[]);
    play(&mut s, "next", &[]);
    assert!(shown(&s, "Snag"));
    play(&mut s, "add ogre", &[]);
    assert!(!shown(&s, "Ogre 1"));
    // Ana's blow on it shows it in that step, though everyone else was met long before.
    assert_eq!(revealed_by(&mut s, "damage \"Ogre 1\" 1 sword"), ["Ogre 1"]);
    assert!(shown(&s, "Ogre 1"));
    replays(&s);
}

#[test]
fn player_characters_are_always_seen_and_cannot_be_veiled() {
    let mut s = session(RulesetId::Plain);
    plain_party(&mut s);
    assert_eq!(
        run(&mut s, "veil Ana", &[]).unwrap_err(),
        "Ana is a player character: the players always see them"
    );
    assert!(shown(&s, "Ana"));
}

#[test]
fn an_older_file_reads_every_creature_seen_unless_hidden() {
    let mut s = session(RulesetId::Plain);
    plain_party(&mut s);
    // A state as files wrote it before creatures started unseen: no `until_revealed`.
    let mut state = s.state().clone();
    state.veil = Veil::default();
    state.veil.hidden.insert(
        state
            .game
            .roster()
            .iter()
            .flat_map(|g| &g.members)
            .find(|m| m.name == "Ghoul")
            .unwrap()
            .id,
    );
    let text = ron::to_string(&state).unwrap();
    assert!(
        !text.contains("until_revealed") && !text.contains("revealed"),
        "{text}"
    );
    let read: SessionState = ron::from_str(&text).unwrap();
    let old = Session::new(read);
    assert!(shown(&old, "Ogre") && !shown(&old, "Ghoul"));
    // And a new session writes the mark that tells it apart.
    assert!(
        ron::to_string(s.state())
            .unwrap()
            .contains("until_revealed:true")
    );
}

#[test]
fn every_demo_starts_with_its_creatures_unseen() {
    for &ruleset in RulesetId::ALL {
        if !script::has_demo(ruleset) {
            continue;
        }
        let s = script::demo_for(ruleset);
        let state = s.state();
        let creatures: Vec<u32> = state
            .game
            .roster()
            .into_iter()
            .filter(|g| !g.party)
            .flat_map(|g| g.members)
            .map(|m| m.id)
            .collect();
        assert!(!creatures.is_empty(), "{ruleset:?}");
        let view = TableView::of(&s, 20);
        // Only a creature the demo's own play brought into sight shows.
        for c in &view.creatures {
            assert!(
                state.veil.revealed.contains(&c.id),
                "{ruleset:?}: {}",
                c.name
            );
        }
        assert!(view.creatures.len() < creatures.len(), "{ruleset:?}");
        replays(&s);
    }
}

/// A fight started with its key takes the characters and the encounter the party meets (each
/// demo groups its creatures), seen or not, and brings them into sight in the same step; an
/// unseen creature of no encounter met joins only when the judge ticks it (the slot system's
/// own test is in `tests/fighters.rs`, where zones count too).
#[test]
fn a_fight_started_by_its_key_takes_the_encounter_met_and_leaves_other_unseen_creatures_out() {
    use ratatui::crossterm::event::KeyCode;
    use screen::{code, drive, key};
    use slotmark::tui::Dice;
    use slotmark::tui::app::App;
    let mut tried = 0;
    for &ruleset in RulesetId::ALL {
        if ruleset == RulesetId::Slots || !script::has_demo(ruleset) {
            continue;
        }
        let mut s = script::demo_for(ruleset);
        if s.state().game.initiative().is_some() {
            continue;
        }
        // One creature met, the rest not.
        let groups = s.state().game.roster();
        let creatures: Vec<String> = groups
            .iter()
            .filter(|g| !g.party)
            .flat_map(|g| &g.members)
            .filter(|m| !m.dead && !m.out)
            .map(|m| m.name.clone())
            .collect();
        assert!(creatures.len() >= 2, "{ruleset:?}");
        play(&mut s, &format!("reveal {}", creatures[0]), &[]);
        let met = s
            .state()
            .encounters
            .iter()
            .find(|e| !e.fought)
            .map(|e| e.members.clone())
            .unwrap_or_default();
        let unseen_before = s.state().veil.unseen(&s.state().game.roster());
        let mut app =
            App::with_session(s, None, Dice::scripted([7; 64])).with_theme(Theme::plain());
        drive(&mut app, 120, 40, vec![key('c'), code(KeyCode::Enter)]);
        let s = app.session().unwrap();
        let fight = s
            .state()
            .game
            .initiative()
            .unwrap_or_else(|| panic!("{ruleset:?}: no fight"));
        let unseen = s.state().veil.unseen(&s.state().game.roster());
        let names: Vec<&str> = fight.order.iter().map(|f| f.name.as_str()).collect();
        assert!(
            names.contains(&creatures[0].as_str()),
            "{ruleset:?}: {names:?}"
        );
        for f in &fight.order {
            assert!(
                !unseen.contains(&f.id),
                "{ruleset:?}: {} joined unseen",
                f.name
            );
        }
        assert!(!met.is_empty(), "{ruleset:?}: the demo meets an encounter");
        for f in &fight.order {
            assert!(
                !unseen_before.contains(&f.id) || met.contains(&f.id),
                "{ruleset:?}: {} joined though unseen and of no encounter met",
                f.name
            );
        }
        tried += 1;
    }
    assert!(tried >= 3, "only {tried} rulesets tried");
}
