//! Who fights, in every ruleset with a fight: without an encounter to meet, the fight form
//! proposes the characters and the creatures the players see (in the slot system, those in or
//! next to the party's zones, seen or not), the judge ticks anyone in or out before it starts, and the command that starts it
//! names whom it took. The palette's fight line without names takes the same proposal. `c`
//! during a fight asks before it ends it.

mod screen;

use ratatui::crossterm::event::KeyCode;
use screen::{code, drive, key};
use slotmark::dice::ScriptedDice;
use slotmark::rules::{GameCommand, RulesetId};
use slotmark::script::{self, Line};
use slotmark::session::{Command, Session, SessionState};
use slotmark::tui::Dice;
use slotmark::tui::app::App;
use slotmark::tui::keymap::Ctx;
use slotmark::tui::theme::Theme;

fn play(s: &mut Session, line: &str) {
    match script::parse_line(line, s.state()) {
        Ok(Line::Command(c)) => {
            s.execute(c, &mut ScriptedDice::new([]))
                .unwrap_or_else(|e| panic!("{line}: {e}"));
        }
        other => panic!("{line}: {other:?}"),
    }
}

/// A party of one (Ana, or Aria in the slot system), a creature the players have met, one they
/// have not, and in the slot system one met but in a zone far from the party's.
fn session(ruleset: RulesetId) -> Session {
    let mut s = Session::new(SessionState::new("At the Ford", ruleset));
    let lines: &[&str] = match ruleset {
        RulesetId::Slots => &[
            "add Aria kit fighter",
            "add Ogre opponents",
            "add Gnash opponents",
            "add Wolf opponents",
            "scene Old Mill",
            "zone Yard",
            "zone Pond",
            "zone Cellar",
            "link yard pond",
            "place Aria yard",
            "place Ogre pond",
            "place Gnash yard",
            "place Wolf cellar",
            "reveal Ogre",
            "reveal Wolf",
        ],
        RulesetId::Phase => &[
            "add Ana pc 6 12 14 9",
            "add Ogre creature 3 8 12 7",
            "add Gnash creature 2",
            "reveal Ogre",
        ],
        RulesetId::Bdp => &[
            "add Ana pc 10 12 8 6",
            "add Ogre creature 14 10 10 9",
            "add Gnash creature 14 10 10 9",
            "reveal Ogre",
        ],
        RulesetId::Ap => &[
            "add Ana pc party 11 12 8 6",
            "add Ogre npc brutes 8 13 5 4",
            "add Gnash npc brutes 8 13 5 4",
            "reveal Ogre",
        ],
        RulesetId::ActionDie => &[
            "add Ana pc d8 d6 d6 d4 10",
            "add Ogre creature d8 d6 d6 d4 12",
            "add Gnash creature d8 d6 d6 d4 12",
            "reveal Ogre",
        ],
        other => panic!("{other:?} has no fight form here"),
    };
    for line in lines {
        play(&mut s, line);
    }
    s
}

const RULESETS: [RulesetId; 5] = [
    RulesetId::Slots,
    RulesetId::Phase,
    RulesetId::Bdp,
    RulesetId::Ap,
    RulesetId::ActionDie,
];

fn app(s: Session) -> App {
    App::with_session(s, None, Dice::scripted([7; 64])).with_theme(Theme::plain())
}

/// The fighters a command names when it starts a fight; None for any other command.
fn start_of(c: &Command) -> Option<Vec<u32>> {
    use slotmark::rules::{actiondie, ap, bdp, phase, slots};
    Some(match c.game()? {
        GameCommand::Slots(slots::Command::StartCombat { fighters, .. }) => {
            fighters.clone().expect("the form names the fighters")
        }
        GameCommand::Phase(phase::Command::Fight { who, .. }) => who.clone(),
        GameCommand::Ap(ap::Command::Fight { who, .. })
        | GameCommand::ActionDie(actiondie::Command::Scene { who, .. }) => who.to_vec(),
        GameCommand::Bdp(bdp::Command::Fight { order }) => order.clone(),
        _ => return None,
    })
}

fn fighters_of(c: &Command) -> Vec<u32> {
    start_of(c).unwrap_or_else(|| panic!("not a fight's start: {c:?}"))
}

fn names(s: &Session, ids: &[u32]) -> Vec<String> {
    let roster = s.state().game.roster();
    ids.iter()
        .map(|id| {
            roster
                .iter()
                .flat_map(|g| &g.members)
                .find(|m| m.id == *id)
                .map_or_else(|| format!("#{id}"), |m| m.name.clone())
        })
        .collect()
}

/// The command the fight form logged, after `keys` in it.
fn started(
    ruleset: RulesetId,
    keys: Vec<std::io::Result<ratatui::crossterm::event::Event>>,
) -> Vec<String> {
    let mut app = app(session(ruleset));
    let text = drive(&mut app, 120, 40, vec![key('c')]);
    assert_eq!(
        app.ctx(),
        Ctx::Form,
        "{ruleset:?}: c opens the fight form:\n{text}"
    );
    assert!(text.contains("Who fights"), "{ruleset:?}:\n{text}");
    assert!(text.contains("Gnash (unseen)"), "{ruleset:?}:\n{text}");
    let mut events = keys;
    events.push(code(KeyCode::Enter));
    let text = drive(&mut app, 120, 40, events);
    let s = app.session().unwrap();
    assert!(
        s.state().game.initiative().is_some(),
        "{ruleset:?}: no fight:\n{text}"
    );
    let first = s
        .applied()
        .iter()
        .find_map(|e| start_of(&e.command))
        .unwrap_or_else(|| panic!("{ruleset:?}: no fight logged"));
    names(s, &first)
}

/// The keys that reach the checklist: in the slot system it comes after who started it and
/// who is surprised.
fn to_list(ruleset: RulesetId) -> Vec<std::io::Result<ratatui::crossterm::event::Event>> {
    if ruleset == RulesetId::Slots {
        vec![code(KeyCode::Down), code(KeyCode::Down)]
    } else {
        Vec::new()
    }
}

#[test]
fn the_fight_form_proposes_the_party_and_the_creatures_met_and_present() {
    for ruleset in RULESETS {
        let took = started(ruleset, Vec::new());
        assert_eq!(took, proposed(ruleset), "{ruleset:?}");
    }
}

/// Whom the fight takes unless the judge says otherwise: the party and, with no encounter
/// met, the creature the players see; in the slot system, the creatures in or next to the
/// party's zone, seen or not.
fn proposed(ruleset: RulesetId) -> Vec<&'static str> {
    if ruleset == RulesetId::Slots {
        vec!["Aria", "Ogre", "Gnash"]
    } else {
        vec!["Ana", "Ogre"]
    }
}

#[test]
fn ticking_an_unseen_creature_in_changes_the_logged_command() {
    for ruleset in RULESETS {
        // The list reads the proposed first (the party, the Ogre; in the slot system Gnash
        // too), then the rest (Gnash; in the slot system the far Wolf).
        let mut keys = to_list(ruleset);
        let (tick, who) = if ruleset == RulesetId::Slots {
            (3, "Wolf")
        } else {
            (2, "Gnash")
        };
        keys.extend((0..tick).map(|_| code(KeyCode::Right)));
        keys.push(key(' '));
        let took = started(ruleset, keys);
        assert!(took.contains(&who.to_string()), "{ruleset:?}: {took:?}");
        assert_eq!(
            took.len(),
            proposed(ruleset).len() + 1,
            "{ruleset:?}: {took:?}"
        );
    }
}

#[test]
fn ticking_a_proposed_creature_out_leaves_it_out_of_the_fight() {
    for ruleset in RULESETS {
        let mut keys = to_list(ruleset);
        // Ana stays; the Ogre is ticked out, Gnash in (ticked already in the slot system), so
        // both sides still have someone.
        keys.extend([code(KeyCode::Right), key(' ')]);
        if ruleset != RulesetId::Slots {
            keys.extend([code(KeyCode::Right), key(' ')]);
        }
        let took = started(ruleset, keys);
        assert!(!took.contains(&"Ogre".to_string()), "{ruleset:?}: {took:?}");
        assert!(took.contains(&"Gnash".to_string()), "{ruleset:?}: {took:?}");
    }
}

#[test]
fn r33_the_slot_system_leaves_a_far_creature_unticked_and_out_of_turns() {
    let mut app = app(session(RulesetId::Slots));
    let text = drive(&mut app, 120, 40, vec![key('c')]);
    assert!(text.contains("[ ]Wolf"), "{text}");
    assert!(text.contains("[x]Ogre"), "{text}");
    assert!(text.contains("[x]Gnash (unseen)"), "{text}");
    drive(&mut app, 120, 40, vec![code(KeyCode::Enter)]);
    let s = app.session().unwrap();
    let order: Vec<String> = s
        .state()
        .game
        .initiative()
        .unwrap()
        .order
        .iter()
        .map(|f| f.name.clone())
        .collect();
    assert_eq!(order, ["Aria", "Ogre", "Gnash"]);
    // The wolf stands aside: it cannot take a turn in this fight.
    let mut s = s.clone();
    let wolf = match script::parse_line("turn Wolf", s.state()) {
        Ok(Line::Command(c)) => c,
        other => panic!("{other:?}"),
    };
    let why = s
        .execute(wolf, &mut ScriptedDice::new([]))
        .unwrap_err()
        .to_string();
    assert!(why.contains("Wolf is not in this fight"), "{why}");
}

#[test]
fn r33_someone_the_slot_fight_left_aside_joins_it_by_name_and_takes_turns() {
    let mut app = app(session(RulesetId::Slots));
    drive(&mut app, 120, 40, vec![key('c'), code(KeyCode::Enter)]);
    let mut s = app.session().unwrap().clone();
    let run = |s: &mut Session, line: &str| {
        let c = match script::parse_line(line, s.state()) {
            Ok(Line::Command(c)) => c,
            other => panic!("{other:?}"),
        };
        s.execute(c, &mut ScriptedDice::new([]))
            .map(drop)
            .map_err(|e| e.to_string())
    };
    run(&mut s, "join Wolf").unwrap();
    let order: Vec<String> = s
        .state()
        .game
        .initiative()
        .unwrap()
        .order
        .iter()
        .map(|f| f.name.clone())
        .collect();
    assert!(order.contains(&"Wolf".to_string()), "{order:?}");
    let again = run(&mut s, "join Wolf").unwrap_err();
    assert!(again.contains("Wolf is in the fight already"), "{again}");
    // It reads back as the line that made it.
    let written = script::write(&s.entries().last().unwrap().command, s.state());
    assert_eq!(written.text, "join Wolf");
}

#[test]
fn the_palette_fight_line_without_names_takes_the_proposal() {
    for (ruleset, line) in [
        (RulesetId::Slots, "fight players"),
        (RulesetId::Phase, "fight"),
        (RulesetId::Bdp, "fight"),
        (RulesetId::Ap, "fight"),
        (RulesetId::ActionDie, "scene"),
    ] {
        let s = session(ruleset);
        let c = match script::parse_line(line, s.state()) {
            Ok(Line::Command(c)) => c,
            other => panic!("{ruleset:?}: {other:?}"),
        };
        let took = names(&s, &fighters_of(&c));
        assert_eq!(took, proposed(ruleset), "{ruleset:?}");
    }
}

#[test]
fn an_older_slot_fight_without_fighters_takes_everyone() {
    use slotmark::rules::slots::{Command as C, Side};
    let mut s = session(RulesetId::Slots);
    let old: C = ron::from_str("StartCombat(initiator: Players, surprised: None)").unwrap();
    assert_eq!(
        old,
        C::StartCombat {
            initiator: Side::Players,
            surprised: None,
            fighters: None,
        }
    );
    s.execute(
        Command::Game(GameCommand::Slots(old)),
        &mut ScriptedDice::new([]),
    )
    .unwrap();
    let order = s.state().game.initiative().unwrap().order.len();
    assert_eq!(order, 4, "everyone, as before");
}

#[test]
fn c_in_a_fight_asks_before_it_ends_it() {
    for ruleset in RULESETS {
        let mut app = app(session(ruleset));
        drive(&mut app, 120, 40, vec![key('c'), code(KeyCode::Enter)]);
        let fighting = |app: &App| app.session().unwrap().state().game.initiative().is_some();
        assert!(fighting(&app), "{ruleset:?}");
        let text = drive(&mut app, 120, 40, vec![key('c')]);
        assert!(text.contains("End the fight?"), "{ruleset:?}:\n{text}");
        assert!(fighting(&app), "{ruleset:?}: c alone ends nothing");
        drive(&mut app, 120, 40, vec![code(KeyCode::Esc)]);
        assert!(fighting(&app), "{ruleset:?}: Esc keeps the fight");
        assert_eq!(app.ctx(), Ctx::Main, "{ruleset:?}");
        drive(&mut app, 120, 40, vec![key('c'), key('y')]);
        assert!(!fighting(&app), "{ruleset:?}: y ends it");
        // Enter ends it as well.
        drive(&mut app, 120, 40, vec![code(KeyCode::Esc)]);
        let mut app = app_again(ruleset);
        drive(&mut app, 120, 40, vec![key('c'), code(KeyCode::Enter)]);
        drive(&mut app, 120, 40, vec![key('c'), code(KeyCode::Enter)]);
        assert!(!fighting(&app), "{ruleset:?}: Enter ends it");
    }
}

fn app_again(ruleset: RulesetId) -> App {
    app(session(ruleset))
}
