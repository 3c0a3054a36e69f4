//! The secret switch on every roll form, in every ruleset: set before the dice, it makes the
//! logged roll secret so the players' table view never draws it; it starts as the session keeps
//! that kind of roll; unticked for a kind kept secret by default, the roll is shown; a form
//! given up with Esc changes nothing and arms nothing for the next roll.

mod screen;

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;
use screen::{code, drive, key};
use slotmark::dice::ScriptedDice;
use slotmark::rules::RulesetId;
use slotmark::script::{self, Line};
use slotmark::session::{Session, SessionState, TableView, seen};
use slotmark::tui::Dice;
use slotmark::tui::app::App;
use slotmark::tui::keymap::Ctx;
use slotmark::tui::table;
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

/// A session of `ruleset` with one player character, and the name of the roll `g` opens.
fn session(ruleset: RulesetId) -> Session {
    let mut s = Session::new(SessionState::new("At the Ford", ruleset));
    let line = match ruleset {
        RulesetId::Slots => "add Ana kit fighter",
        RulesetId::Plain => "add Ana 8",
        RulesetId::Phase => "add Ana pc 6 12 14 9",
        RulesetId::Bdp => "add Ana pc 10 12 8 6",
        RulesetId::Ap => "add Ana pc party 11 12 8 6",
        RulesetId::ActionDie => "add Ana pc d8 d6 d6 d4 10",
    };
    play(&mut s, line);
    s
}

fn app(ruleset: RulesetId) -> App {
    let s = session(ruleset);
    let ana = s
        .state()
        .game
        .roster()
        .iter()
        .flat_map(|g| &g.members)
        .find(|m| m.name == "Ana")
        .map(|m| m.id);
    let mut app = App::with_session(s, None, Dice::scripted([4; 64])).with_theme(Theme::plain());
    app.main_mut().unwrap().view.selected = ana;
    app
}

/// The players' table view as drawn, as text.
fn drawn(s: &Session) -> String {
    let view = TableView::of(s, 40);
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

/// Runs `g` (the roll form of the selected character), `keys` in the form, Enter, and settles
/// the roll if it waits. Returns the steps the roll took (drawn, answered, settled).
fn roll(app: &mut App, keys: Vec<std::io::Result<ratatui::crossterm::event::Event>>) -> Vec<usize> {
    let ruleset = app.session().unwrap().state().ruleset();
    let before = app.session().unwrap().cursor();
    let text = drive(app, 120, 40, vec![key('g')]);
    assert_eq!(app.ctx(), Ctx::Form, "{ruleset:?}: g opens a form:\n{text}");
    assert!(
        text.contains("Secret from the players"),
        "{ruleset:?}: {text}"
    );
    let mut events = keys;
    events.push(code(KeyCode::Enter));
    drive(app, 120, 40, events);
    for _ in 0..4 {
        if app.ctx() != Ctx::Roll {
            break;
        }
        drive(app, 120, 40, vec![code(KeyCode::Enter)]);
    }
    let s = app.session().unwrap();
    let rolled = (before..s.cursor()).any(|i| !s.applied()[i].rolls.is_empty());
    assert!(rolled, "{ruleset:?}: the form rolled nothing");
    (before..s.cursor()).collect()
}

fn shown_at_table(s: &Session, steps: &[usize]) -> bool {
    let view = TableView::of(s, 40);
    let in_data = view.rolls.iter().any(|l| steps.contains(&l.step));
    if in_data {
        let picture = drawn(s);
        let line = view
            .rolls
            .iter()
            .find(|l| steps.contains(&l.step))
            .map(|l| l.text.clone())
            .unwrap_or_default();
        assert!(picture.contains(line.trim()), "{line}\n{picture}");
    }
    in_data
}

#[test]
fn a_form_switched_secret_makes_the_logged_roll_secret_and_the_table_never_draws_it() {
    for &ruleset in RulesetId::ALL {
        let mut app = app(ruleset);
        // The switch is the form's last field: Up from the first reaches it, Space ticks it.
        let steps = roll(&mut app, vec![code(KeyCode::Up), key(' ')]);
        let s = app.session().unwrap();
        // The secret was logged first, for the roll's step, so no follower ever read the roll
        // in the open; every step of the roll is secret.
        assert!(
            matches!(s.applied()[steps[0]].command, slotmark::session::Command::Secret { step: Some(n), secret: true } if n as usize == steps[0] + 1),
            "{ruleset:?}: {:?}",
            s.applied()[steps[0]].command
        );
        for (i, seen) in seen(s, steps[1]..s.cursor()).iter().enumerate() {
            assert!(seen.secret, "{ruleset:?}: step {}", steps[1] + i);
        }
        assert!(!shown_at_table(s, &steps), "{ruleset:?}: {}", drawn(s));
        // Left as it is, the next roll of the same form is open.
        let steps = roll(&mut app, Vec::new());
        assert!(
            shown_at_table(app.session().unwrap(), &steps),
            "{ruleset:?}: {}",
            drawn(app.session().unwrap())
        );
    }
}

#[test]
fn the_switch_starts_as_the_session_keeps_that_kind_and_unticked_shows_the_roll() {
    for &ruleset in RulesetId::ALL {
        let mut app = app(ruleset);
        // Every kind of roll a check form makes is kept secret by default.
        drive(&mut app, 120, 40, Vec::new());
        let mut keys = vec![key(':')];
        keys.extend(screen::typed("secret default check save"));
        keys.push(code(KeyCode::Enter));
        drive(&mut app, 120, 40, keys);
        let text = drive(&mut app, 120, 40, vec![key('g')]);
        let line = text
            .lines()
            .find(|l| l.contains("Secret from the players"))
            .unwrap_or_else(|| panic!("{ruleset:?}:\n{text}"));
        assert!(line.contains("[x]"), "{ruleset:?}: {line}");
        drive(&mut app, 120, 40, vec![code(KeyCode::Esc)]);
        // Unticked, the roll is shown although its kind is kept secret.
        let steps = roll(&mut app, vec![code(KeyCode::Up), key(' ')]);
        assert!(
            shown_at_table(app.session().unwrap(), &steps),
            "{ruleset:?}: {}",
            drawn(app.session().unwrap())
        );
        // Left ticked, it is secret.
        let steps = roll(&mut app, Vec::new());
        assert!(
            !shown_at_table(app.session().unwrap(), &steps),
            "{ruleset:?}"
        );
    }
}

#[test]
fn escape_on_a_roll_form_changes_nothing_and_arms_nothing() {
    for &ruleset in RulesetId::ALL {
        let mut app = app(ruleset);
        let before = app.session().unwrap().state().clone();
        let cursor = app.session().unwrap().cursor();
        drive(
            &mut app,
            120,
            40,
            vec![key('g'), code(KeyCode::Up), key(' '), code(KeyCode::Esc)],
        );
        assert_eq!(app.ctx(), Ctx::Main, "{ruleset:?}");
        let s = app.session().unwrap();
        assert_eq!(s.cursor(), cursor, "{ruleset:?}: nothing logged");
        assert_eq!(s.state(), &before, "{ruleset:?}");
        let m = app.main().unwrap();
        assert!(!m.secret_next && !m.show_next, "{ruleset:?}");
        // The next roll is open.
        let steps = roll(&mut app, Vec::new());
        assert!(
            shown_at_table(app.session().unwrap(), &steps),
            "{ruleset:?}"
        );
    }
}
