//! A creature the players have not met comes into their sight when one of their characters
//! attacks it, in every ruleset with attacks: the reveal is part of the attack's step, so undo
//! takes it back with it. Escape on the attack's waiting roll gives back what the roll spent
//! and does not veil the creature again (the players saw the attack begin).

mod screen;

use ratatui::crossterm::event::KeyCode;
use screen::{code, drive, key, typed};
use slotmark::rules::RulesetId;
use slotmark::script::{self, Line};
use slotmark::session::{Session, SessionState, TableView};
use slotmark::tui::Dice;
use slotmark::tui::app::App;
use slotmark::tui::keymap::Ctx;
use slotmark::tui::theme::Theme;

/// The lines that make a party of one (Ana, or Aria in the slot system) and two creatures the
/// players have not met, then the attack of the party's character on the first of them.
fn setup(ruleset: RulesetId) -> (Vec<&'static str>, &'static str) {
    match ruleset {
        RulesetId::Slots => (
            vec![
                "add Aria kit fighter",
                "add Ogre opponents",
                "add Gnash opponents",
            ],
            "attack Aria Ogre",
        ),
        RulesetId::Phase => (
            vec![
                "add Ana pc 6 12 14 9",
                "add Ogre creature 3 8 12 7",
                "add Gnash creature 2",
            ],
            "attack Ana Ogre",
        ),
        // B49: damage in a fight is the attack of whose turn it is. The fight's start brings
        // its foe (the rat) into sight, so the Ogre struck is one outside it.
        RulesetId::Bdp => (
            vec![
                "add Ana pc 10 12 8 6",
                "add Ogre creature 14 10 10 9",
                "add Gnash creature 14 10 10 9",
                "add Rat creature 4 10 10 9",
                "fight Ana Rat",
            ],
            "damage Ogre 1d6 hp Sword",
        ),
        RulesetId::Ap => (
            vec![
                "add Ana pc party 11 12 8 6",
                "add Ogre npc brutes 8 13 5 4",
                "add Gnash npc brutes 8 13 5 4",
            ],
            "attack Ana vs Ogre",
        ),
        RulesetId::ActionDie => (
            vec![
                "add Ana pc d8 d6 d6 d4 10",
                "add Ogre creature d8 d6 d6 d4 12",
                "add Gnash creature d8 d6 d6 d4 12",
            ],
            "attack Ana unarmed Ogre",
        ),
        RulesetId::Plain => (Vec::new(), ""),
    }
}

const RULESETS: [RulesetId; 5] = [
    RulesetId::Slots,
    RulesetId::Phase,
    RulesetId::Bdp,
    RulesetId::Ap,
    RulesetId::ActionDie,
];

fn app(ruleset: RulesetId) -> (App, &'static str) {
    let (lines, attack) = setup(ruleset);
    let mut s = Session::new(SessionState::new("At the Ford", ruleset));
    for line in lines {
        match script::parse_line(line, s.state()) {
            Ok(Line::Command(c)) => {
                s.execute(c, &mut slotmark::dice::ScriptedDice::new([3; 16]))
                    .unwrap_or_else(|e| panic!("{line}: {e}"));
            }
            other => panic!("{line}: {other:?}"),
        }
    }
    let app = App::with_session(s, None, Dice::scripted([4; 64])).with_theme(Theme::plain());
    (app, attack)
}

fn seen_at_table(s: &Session, name: &str) -> bool {
    TableView::of(s, 20)
        .creatures
        .iter()
        .any(|c| c.name == name)
}

/// The attack typed in the palette.
fn attack(app: &mut App, line: &str) -> String {
    let mut keys = vec![key(':')];
    keys.extend(typed(line));
    keys.push(code(KeyCode::Enter));
    drive(app, 120, 40, keys)
}

#[test]
fn an_attack_by_a_character_reveals_its_unseen_target_until_undone() {
    for ruleset in RULESETS {
        let (mut app, line) = app(ruleset);
        let s = app.session().unwrap();
        assert!(!seen_at_table(s, "Ogre"), "{ruleset:?}");
        let text = attack(&mut app, line);
        let s = app.session().unwrap();
        assert!(seen_at_table(s, "Ogre"), "{ruleset:?}:\n{text}");
        assert!(!seen_at_table(s, "Gnash"), "{ruleset:?}");
        // Undo takes the attack back with its reveal (a waiting roll is taken back first).
        let steps = app.session().unwrap().cursor();
        let mut undos = 0;
        while seen_at_table(app.session().unwrap(), "Ogre") && undos < steps {
            drive(&mut app, 120, 40, vec![key('u')]);
            undos += 1;
        }
        assert!(
            !seen_at_table(app.session().unwrap(), "Ogre"),
            "{ruleset:?}: undo"
        );
    }
}

#[test]
fn escape_on_the_attacks_roll_spends_nothing_and_veils_no_one_again() {
    for ruleset in RULESETS {
        let (mut app, line) = app(ruleset);
        let before = app.session().unwrap().state().game.roster();
        let text = attack(&mut app, line);
        if app.ctx() != Ctx::Roll {
            // The attack settled at once (damage rolled and dealt): nothing waits to give up.
            continue;
        }
        // What waits may come after the blow landed (phase's save against harm): then only
        // what that roll took is given back.
        let landed = app.session().unwrap().state().game.roster() != before;
        let text = format!(
            "{text}{}",
            drive(&mut app, 120, 40, vec![code(KeyCode::Esc)])
        );
        let s = app.session().unwrap();
        assert!(s.state().game.pending().is_none(), "{ruleset:?}:\n{text}");
        assert!(
            seen_at_table(s, "Ogre"),
            "{ruleset:?}: veiled again\n{text}"
        );
        let after = s.state().game.roster();
        let glance = |g: &[slotmark::rules::RosterGroup]| {
            g.iter()
                .flat_map(|g| {
                    g.members
                        .iter()
                        .map(|m| (m.name.clone(), m.health, m.glance.clone()))
                })
                .collect::<Vec<_>>()
        };
        if !landed {
            assert_eq!(
                glance(&after),
                glance(&before),
                "{ruleset:?}: something stayed spent"
            );
        }
    }
}
