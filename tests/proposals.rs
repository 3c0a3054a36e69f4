//! What a form proposes, decided once by the frame for every ruleset (issue 44): the target of an
//! attack is a foe of the actor, in the fight, standing and in reach where the rules know reach;
//! never an ally, the dead or down, nor an unseen creature outside the fight. With none, nothing
//! is proposed and the form says why. Each reported default that punished speed has its test.

mod screen;

use std::io;

use ratatui::crossterm::event::{Event, KeyCode};
use screen::{code, drive, key, typed};
use slotmark::dice::ScriptedDice;
use slotmark::rules::{GameCommand, GameState, RulesetId};
use slotmark::script::{Line, parse_line};
use slotmark::session::{Command, Session, SessionState, fight_verb};
use slotmark::tui::app::{App, Dice};
use slotmark::tui::theme::Theme;

fn session(ruleset: RulesetId, lines: &[&str]) -> Session {
    let mut s = Session::new(SessionState::new("Proposals", ruleset));
    let mut dice = ScriptedDice::new(vec![3; 200]);
    for line in lines {
        let line = line.replace("FIGHT", fight_verb(ruleset));
        let parsed = parse_line(&line, s.state());
        let Ok(Line::Command(c)) = parsed else {
            panic!("{line} did not parse: {parsed:?}");
        };
        s.execute(c, &mut dice)
            .unwrap_or_else(|e| panic!("{line}: {e}"));
        // Initiative rolled with every die alike asks who goes first of those tied: as proposed.
        while line == "initiative"
            && let Some(slotmark::rules::PendingView::Question(_)) = s.state().game.pending()
        {
            let answer = s
                .state()
                .game
                .answer(slotmark::rules::Answer::Accept)
                .unwrap();
            s.execute(Command::Game(answer), &mut dice).unwrap();
        }
    }
    s
}

fn app(s: Session) -> App {
    App::with_session(s, None, Dice::scripted(vec![3; 200])).with_theme(Theme::plain())
}

fn id(app: &App, name: &str) -> u32 {
    app.session()
        .unwrap()
        .state()
        .game
        .roster()
        .iter()
        .flat_map(|g| g.members.clone())
        .find(|e| e.name == name)
        .unwrap_or_else(|| panic!("no {name} on the roster"))
        .id
}

/// The value the open form shows in the field labelled `label`.
fn shown(text: &str, label: &str) -> String {
    let line = text
        .lines()
        .find(|l| l.contains(label) && l.contains('‹'))
        .unwrap_or_else(|| panic!("no field {label}:\n{text}"));
    line.split('‹')
        .nth(1)
        .and_then(|r| r.split('›').next())
        .unwrap_or_default()
        .trim()
        .to_string()
}

/// How one ruleset attacks on the screen, and how its foes go down.
struct Case {
    ruleset: RulesetId,
    /// Ana and Bo (the party), then Imp, Ghoul and Orc, their foes, in that order on the
    /// roster; a fight with Orc and Ghoul only, and Ghoul dead in it. Imp stays unseen.
    lines: &'static [&'static str],
    /// Orc down (out of action, not dead).
    down: &'static str,
    /// The keys that open Ana's attack, and the field that names its target.
    keys: fn() -> Vec<io::Result<Event>>,
    field: &'static str,
}

fn a() -> Vec<io::Result<Event>> {
    vec![key('a')]
}

fn minus() -> Vec<io::Result<Event>> {
    vec![key('-')]
}

fn cases() -> Vec<Case> {
    vec![
        Case {
            ruleset: RulesetId::Slots,
            lines: &[
                "add Ana",
                "add Bo",
                "add Imp opponents",
                "add Ghoul opponents",
                "add Orc opponents",
                "reveal Ghoul",
                "reveal Orc",
                "FIGHT players with Orc Ghoul",
                "status Ghoul dead",
            ],
            down: "status Orc unconscious",
            keys: a,
            field: "Target",
        },
        Case {
            ruleset: RulesetId::Plain,
            lines: &[
                "add Ana 8 players",
                "add Bo 8 players",
                "add Imp 8 others",
                "add Ghoul 8 others",
                "add Orc 8 others",
                "FIGHT players with Orc Ghoul",
                "damage Ghoul 99",
            ],
            down: "damage Orc 99",
            keys: minus,
            field: "Who loses them",
        },
        Case {
            ruleset: RulesetId::Phase,
            lines: &[
                "add Ana pc 5 12 13 10",
                "add Bo pc 4 10 9 11",
                "add Imp creature 3 group foes",
                "add Ghoul creature 3 group foes",
                "add Orc creature 3 group foes",
                "FIGHT players with Orc Ghoul",
                "flag Ghoul dead",
            ],
            down: "flag Orc critical",
            keys: a,
            field: "Target",
        },
        Case {
            ruleset: RulesetId::Bdp,
            lines: &[
                "add Ana pc 9 14 11 6",
                "add Bo pc 9 14 11 6",
                "add Imp creature 9 9 9 4",
                "add Ghoul creature 9 9 9 4",
                "add Orc creature 9 9 9 4",
                "FIGHT players with Orc Ghoul",
                "dead Ghoul",
            ],
            down: "out Orc fled",
            keys: minus,
            field: "Who takes it",
        },
        Case {
            ruleset: RulesetId::Ap,
            lines: &[
                "add Ana pc party 11 12 8 6",
                "add Bo pc party 10 10 10 6",
                "add Imp npc foes 8 13 5 4",
                "add Ghoul npc foes 8 13 5 4",
                "add Orc npc foes 8 13 5 4",
                "FIGHT players with Orc Ghoul",
                "mark Ghoul dead",
                "accept",
                "choose 2",
            ],
            down: "mark Orc fled",
            keys: a,
            field: "Target",
        },
        Case {
            ruleset: RulesetId::ActionDie,
            lines: &[
                "add Ana pc d8 d6 d6 d4 10",
                "add Bo pc d8 d6 d6 d4 10",
                "add Imp creature d6 d6 d6 d6 8",
                "add Ghoul creature d6 d6 d6 d6 8",
                "add Orc creature d6 d6 d6 d6 8",
                "FIGHT players with Orc Ghoul",
                "act Ana attack",
                "act Bo attack",
                "act Orc attack",
                "act Ghoul attack",
                "initiative",
                "dead Ghoul",
            ],
            down: "status Orc unconscious",
            keys: a,
            field: "Target",
        },
    ]
}

/// Ana's attack proposes Orc, the one foe standing in the fight, though Imp (unseen, outside
/// the fight) and the dead Ghoul come before it on the roster and Bo, her ally, before them
/// all; with Orc down too, it proposes nobody and says why, and Enter attacks no one.
fn never_an_ally_the_dead_or_one_outside_the_fight(r: RulesetId) {
    for case in cases().into_iter().filter(|c| c.ruleset == r) {
        let mut app = app(session(r, case.lines));
        app.main_mut().unwrap().view.selected = Some(id(&app, "Ana"));
        let text = drive(&mut app, 120, 40, (case.keys)());
        assert_eq!(shown(&text, case.field), "Orc", "{r:?}:\n{text}");

        let mut lines = case.lines.to_vec();
        lines.push(case.down);
        let mut app = self::app(session(r, &lines));
        app.main_mut().unwrap().view.selected = Some(id(&app, "Ana"));
        let text = drive(&mut app, 120, 40, (case.keys)());
        let proposed = shown(&text, case.field);
        assert!(proposed.starts_with("nobody"), "{r:?}: {proposed}\n{text}");
        assert!(
            text.contains("Nobody proposed: every foe of Ana is down"),
            "{r:?}:\n{text}"
        );
        let before = app.session().unwrap().cursor();
        let text = drive(&mut app, 120, 40, vec![code(KeyCode::Enter)]);
        assert_eq!(app.session().unwrap().cursor(), before, "{r:?}:\n{text}");
        assert!(
            text.contains("nobody is proposed: pick the target"),
            "{r:?}:\n{text}"
        );
    }
}

#[test]
fn slots_the_attack_form_never_proposes_an_ally_the_dead_or_one_outside_the_fight() {
    never_an_ally_the_dead_or_one_outside_the_fight(RulesetId::Slots);
}

#[test]
fn plain_the_attack_form_never_proposes_an_ally_the_dead_or_one_outside_the_fight() {
    never_an_ally_the_dead_or_one_outside_the_fight(RulesetId::Plain);
}

#[test]
fn phase_the_attack_form_never_proposes_an_ally_the_dead_or_one_outside_the_fight() {
    never_an_ally_the_dead_or_one_outside_the_fight(RulesetId::Phase);
}

#[test]
fn bdp_the_attack_form_never_proposes_an_ally_the_dead_or_one_outside_the_fight() {
    never_an_ally_the_dead_or_one_outside_the_fight(RulesetId::Bdp);
}

#[test]
fn ap_the_attack_form_never_proposes_an_ally_the_dead_or_one_outside_the_fight() {
    never_an_ally_the_dead_or_one_outside_the_fight(RulesetId::Ap);
}

#[test]
fn actiondie_the_attack_form_never_proposes_an_ally_the_dead_or_one_outside_the_fight() {
    never_an_ally_the_dead_or_one_outside_the_fight(RulesetId::ActionDie);
}

#[test]
fn every_ruleset_has_its_case() {
    for r in RulesetId::ALL {
        assert!(cases().iter().any(|c| c.ruleset == *r), "{r:?} has no case");
    }
}

/// actiondie: with every foe down, `a` Enter no longer sends Wolf 1 at its own troll.
#[test]
fn actiondie_with_every_foe_down_the_wolf_is_not_sent_at_its_own_troll() {
    let s = session(
        RulesetId::ActionDie,
        &[
            "add Ana pc d8 d6 d6 d4 10",
            "add Troll creature d8 d6 d6 d6 12",
            "add \"Wolf 1\" creature d6 d6 d6 d6 8",
            "reveal all",
            "scene players all",
            "act Ana attack",
            "act Troll attack",
            "act \"Wolf 1\" attack",
            "initiative",
            // D24: down at 0 HP, fallen prone.
            "set Ana hp 0",
            "status Ana prone",
        ],
    );
    let mut app = app(s);
    app.main_mut().unwrap().view.selected = Some(id(&app, "Wolf 1"));
    let before = app.session().unwrap().cursor();
    let text = drive(&mut app, 120, 40, vec![key('a'), code(KeyCode::Enter)]);
    assert_eq!(app.session().unwrap().cursor(), before, "{text}");
    assert!(text.contains("every foe of Wolf 1 is down"), "{text}");
}

/// phase: a critical character, out of action, is never proposed first; the one standing is.
#[test]
fn phase_the_attack_form_passes_over_a_critical_character() {
    let s = session(
        RulesetId::Phase,
        &[
            "add Bo pc 4 10 9 11",
            "add Ana pc 5 12 13 10",
            "add Gob creature 3 group goblins",
            "reveal all",
            "fight players all",
            "flag Bo critical",
        ],
    );
    let mut app = app(s);
    app.main_mut().unwrap().view.selected = Some(id(&app, "Gob"));
    let text = drive(&mut app, 120, 40, vec![key('a')]);
    assert_eq!(shown(&text, "Target"), "Ana", "{text}");
}

/// slots: the attack form proposes a goblin fighting, never `Goblin 3`, unseen and not in the
/// fight, though it stands first on the roster; with the scene's zones, the one in reach.
#[test]
fn slots_the_attack_form_passes_over_a_far_goblin_outside_the_fight() {
    let lines = [
        "add Aria",
        "add \"Goblin 3\" opponents",
        "add \"Goblin 1\" opponents",
        "add \"Goblin 2\" opponents",
        "fight players with \"Goblin 1\" \"Goblin 2\"",
    ];
    let mut app = app(session(RulesetId::Slots, &lines));
    app.main_mut().unwrap().view.selected = Some(id(&app, "Aria"));
    let text = drive(&mut app, 120, 40, vec![key('a')]);
    assert_eq!(shown(&text, "Target"), "Goblin 1", "{text}");
    let mut placed = vec![
        "zone Hall",
        "zone Yard",
        "zone Crypt",
        "link Hall Yard",
        "link Yard Crypt",
    ];
    placed.extend(lines);
    placed.extend([
        "place Aria Hall",
        "place \"Goblin 1\" Yard",
        "place \"Goblin 2\" Hall",
        "place \"Goblin 3\" Hall",
    ]);
    let mut app = self::app(session(RulesetId::Slots, &placed));
    app.main_mut().unwrap().view.selected = Some(id(&app, "Aria"));
    let text = drive(&mut app, 120, 40, vec![key('a')]);
    assert_eq!(shown(&text, "Target"), "Goblin 2 · reach", "{text}");
}

/// R22: Enter on a character whose turn would start by bleeding to death starts nothing; the
/// question says so, and only `y` starts the turn.
#[test]
fn r22_one_enter_never_starts_a_turn_that_bleeds_its_actor_to_death() {
    let s = session(
        RulesetId::Slots,
        &[
            "add Ana",
            "add Orc opponents",
            "wound Ana 1 open",
            "fight players all",
        ],
    );
    let mut app = app(s);
    let ana = id(&app, "Ana");
    app.main_mut().unwrap().view.selected = Some(ana);
    let before = app.session().unwrap().cursor();
    let text = drive(&mut app, 160, 30, Vec::new());
    assert!(
        text.contains("⚠ Ana bleeds to death if the turn starts"),
        "the strip's hint says so:\n{text}"
    );
    let text = drive(&mut app, 100, 30, vec![code(KeyCode::Enter)]);
    assert!(
        text.contains("Ana bleeds to death as this turn starts"),
        "{text}"
    );
    let text = drive(&mut app, 100, 30, vec![code(KeyCode::Enter)]);
    assert_eq!(app.session().unwrap().cursor(), before, "{text}");
    let dead = |app: &App| match &app.session().unwrap().state().game {
        GameState::Slots(s) => s.character(ana).unwrap().status.dead,
        _ => unreachable!(),
    };
    assert!(!dead(&app));
    drive(&mut app, 100, 30, vec![key('y')]);
    assert!(dead(&app), "y starts the turn, as the question said");
}

/// R16: a wound that lands in the backpack proposes a torso slot with no wound and no armour,
/// not the first torso slot whatever it holds; when none is left, the question says what the
/// proposal meets.
#[test]
fn r16_a_wound_in_the_backpack_proposes_a_torso_slot_with_no_wound_or_armour() {
    use slotmark::rules::PendingView;
    let proposal = |lines: &[&str]| {
        let s = session(RulesetId::Slots, lines);
        match s.state().game.pending() {
            Some(PendingView::Question(q)) => (
                q.options.get(q.proposed).map(|o| o.number),
                format!("{} {}", q.why, q.detail.unwrap_or_default()),
            ),
            other => panic!("{other:?}"),
        }
    };
    let (slot, _) = proposal(&["add Ana", "put Ana 2 \"Mail hauberk\"", "wound Ana 9 open"]);
    assert_eq!(slot, Some(3), "slot 2 holds heavy armour");
    let (slot, why) = proposal(&[
        "add Ana",
        "wound Ana 2 open",
        "wound Ana 3 open",
        "wound Ana 1 open",
        "wound Ana 4 open",
        "wound Ana 5 open",
        "wound Ana 9 open",
    ]);
    assert_eq!(slot, Some(2));
    assert!(why.contains("slot 2 already has an open wound"), "{why}");
}

/// R18: a wand in a grip is no weapon, so the attack form does not offer it as one (the rules
/// would refuse it: `holds no weapon in slot 6`); a blast goes with none.
#[test]
fn r18_the_attack_form_offers_no_wand_as_a_weapon() {
    let s = session(
        RulesetId::Slots,
        &[
            "add Ana",
            "add Orc opponents",
            "reveal all",
            "put Ana 6 \"Wand of sparks\"",
            "put Ana 7 Dagger",
        ],
    );
    let mut app = app(s);
    app.main_mut().unwrap().view.selected = Some(id(&app, "Ana"));
    let mut keys = vec![key('a'), code(KeyCode::Down), code(KeyCode::Down)];
    let mut seen = Vec::new();
    for _ in 0..4 {
        let text = drive(&mut app, 120, 40, std::mem::take(&mut keys));
        seen.push(shown(&text, "Weapon"));
        keys.push(code(KeyCode::Right));
    }
    assert!(seen.iter().all(|w| !w.contains("Wand")), "{seen:?}");
    assert!(seen.iter().any(|w| w.contains("Dagger")), "{seen:?}");
}

/// B20, B49: on the rat's turn its damage form proposes its Bite (d4) at the foe, with the rat
/// as the source, so the fight's summary credits the harm to the rat.
#[test]
fn b20_the_rats_damage_form_proposes_its_bite_and_the_summary_credits_the_rat() {
    let s = session(
        RulesetId::Bdp,
        &[
            "add Ana pc 9 14 11 6",
            "add \"Giant rat\"",
            "reveal all",
            "fight players all",
            "next",
        ],
    );
    let mut app = app(s);
    let rat = id(&app, "Giant rat 1");
    let ana = id(&app, "Ana");
    app.main_mut().unwrap().view.selected = Some(rat);
    let text = drive(&mut app, 120, 40, vec![key('-')]);
    assert_eq!(shown(&text, "Who takes it"), "Ana", "{text}");
    assert_eq!(shown(&text, "With"), "Bite (d4)", "{text}");
    assert_eq!(shown(&text, "Sides"), "4", "{text}");
    assert!(text.contains("Giant rat 1: Bite"), "{text}");
    drive(&mut app, 120, 40, vec![code(KeyCode::Enter)]);
    let s = app.session().unwrap();
    let last = s.applied().last().unwrap();
    match last.command.game() {
        Some(GameCommand::Bdp(slotmark::rules::bdp::Command::Damage { who, source, .. })) => {
            assert_eq!((*who, &**source), (ana, "Giant rat 1: Bite"));
        }
        other => panic!("{other:?}"),
    }
    let tallies: Vec<_> = s
        .events(s.cursor() - 1)
        .iter()
        .filter_map(|e| match e {
            slotmark::session::Event::Game(g) => Some(g.tally()),
            _ => None,
        })
        .flatten()
        .collect();
    assert!(
        tallies
            .iter()
            .any(|t| t.by.as_deref() == Some("Giant rat 1")),
        "{tallies:?}"
    );
}

/// plain: the check's "for what" comes proposed as `check`, and typing replaces it rather than
/// adding to it (`checkattack`).
#[test]
fn plain_typing_for_what_replaces_the_proposed_check() {
    let s = session(RulesetId::Plain, &["add Bo 8 players"]);
    let mut app = app(s);
    app.main_mut().unwrap().view.selected = Some(id(&app, "Bo"));
    let mut keys = vec![key('g')];
    keys.extend(typed("attack"));
    keys.push(code(KeyCode::Enter));
    drive(&mut app, 100, 30, keys);
    let s = app.session().unwrap();
    match s.applied().last().map(|e| &e.command) {
        Some(Command::Game(GameCommand::Plain(slotmark::rules::plain::Command::Check {
            what,
            ..
        }))) => assert_eq!(what, "attack"),
        other => panic!("{other:?}"),
    }
}

/// K43 with the players' view: a dungeon turn whose event die the judge keeps secret (as every
/// encounter roll is out of the box) is marked `(secret)` in the judge's log, as the slot
/// system marks its own.
#[test]
fn k43_a_secret_dungeon_turn_is_marked_secret_in_the_judges_log() {
    let s = session(RulesetId::Phase, &["add Bo pc 4 10 9 11"]);
    let mut app = app(s);
    let text = drive(&mut app, 120, 40, vec![key('T'), code(KeyCode::Enter)]);
    let line = text
        .lines()
        .find(|l| l.contains("dungeon turn") || l.contains("Turn "))
        .unwrap_or_else(|| panic!("no turn in the log:\n{text}"));
    assert!(line.contains("(secret)"), "{line}\n{text}");
}
