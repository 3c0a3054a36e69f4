//! The judge's words to the players: `say TEXT` to the whole table (every page and the table
//! view), `tell NAME TEXT` to one player character's player alone (their own page, and the
//! judge's log marked so). Both are steps of the log like any other: undone, redone, replayed,
//! written back as the same line; neither waits on nor disturbs a roll.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use slotmark::dice::ScriptedDice;
use slotmark::rules::RulesetId;
use slotmark::script::{self, Line};
use slotmark::session::{Session, SessionState, TableView, replay};
use slotmark::tui::table;
use slotmark::tui::theme::Theme;

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

/// Two players' characters and a creature the players have met.
fn table() -> Session {
    let mut s = Session::new(SessionState::new("At the Ford", RulesetId::Plain));
    for line in ["add Ana 8", "add Bo 6", "add Ogre 12 others", "reveal all"] {
        play(&mut s, line, &[]);
    }
    s
}

fn id_of(s: &Session, name: &str) -> u32 {
    s.state()
        .game
        .roster()
        .into_iter()
        .flat_map(|g| g.members)
        .find(|m| m.name == name)
        .map(|m| m.id)
        .unwrap()
}

/// Everything the view holds in words: its lines, the judge's words, and the drawn screen at a
/// phone's and a projector's size.
fn everything(view: &TableView) -> String {
    let mut out = String::new();
    for l in view.rolls.iter().chain(&view.said) {
        out.push_str(&l.text);
        out.push('\n');
    }
    for (w, h) in [(40, 12), (120, 40)] {
        out.push_str(&drawn(view, w, h));
    }
    out
}

fn drawn(view: &TableView, w: u16, h: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal
        .draw(|f| {
            let area = f.area();
            table::draw(f.buffer_mut(), area, view, Theme::plain(), None)
        })
        .unwrap();
    let buf = terminal.backend().buffer();
    let mut out = String::new();
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            out.push_str(buf[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}

#[test]
fn say_shows_on_the_view_the_page_and_the_table_and_is_a_step_like_any_other() {
    let mut s = table();
    let before = s.cursor();
    play(&mut s, "say The bridge groans", &[]);
    assert_eq!(s.cursor(), before + 1, "a say is one step of the log");
    let view = TableView::of(&s, 12);
    assert_eq!(view.said.len(), 1);
    assert!(view.said[0].text.contains("The bridge groans"), "{view:?}");
    assert!(drawn(&view, 40, 12).contains("The bridge groans"));
    assert!(drawn(&view, 120, 40).contains("The bridge groans"));
    // Every player's page shows it as well.
    for name in ["Ana", "Bo"] {
        let own = TableView::of_player(&s, 12, id_of(&s, name));
        assert!(
            own.said
                .iter()
                .any(|l| l.text.contains("The bridge groans"))
        );
    }
    let page = slotmark::web::page(&view, None);
    assert!(
        page.said
            .iter()
            .any(|l| l.text.contains("The bridge groans"))
    );
    // Not a roll: the roll log says nothing of it.
    assert!(view.rolls.is_empty(), "{:?}", view.rolls);
    // The judge's log reads it.
    let events = s.events(before);
    assert_eq!(events[0].to_string(), "The judge says: The bridge groans");

    play(&mut s, "undo", &[]);
    assert!(TableView::of(&s, 12).said.is_empty());
    play(&mut s, "redo", &[]);
    assert_eq!(TableView::of(&s, 12).said.len(), 1);
    let again = replay(s.initial(), s.applied()).unwrap();
    assert_eq!(&again, s.state());
    // The newest words first, the last three kept.
    for n in 1..=4 {
        play(&mut s, &format!("say word {n}"), &[]);
    }
    let said: Vec<String> = TableView::of(&s, 12)
        .said
        .into_iter()
        .map(|l| l.text)
        .collect();
    assert_eq!(
        said,
        [
            "The judge says: word 4",
            "The judge says: word 3",
            "The judge says: word 2"
        ]
    );
}

#[test]
fn a_tell_reaches_its_players_page_alone_never_the_table_or_another_page() {
    let mut s = table();
    let (ana, bo) = (id_of(&s, "Ana"), id_of(&s, "Bo"));
    let at = s.cursor();
    play(&mut s, "tell Ana Your ring grows warm", &[]);
    // The judge's log marks whom it was told to.
    assert_eq!(
        s.events(at)[0].to_string(),
        "Told to Ana alone: Your ring grows warm"
    );
    let own = TableView::of_player(&s, 12, ana);
    assert_eq!(own.said.len(), 1);
    assert!(own.said[0].text.contains("Your ring grows warm"));
    let page = slotmark::web::page(&own, None);
    assert!(page.said[0].text.contains("Your ring grows warm"));
    for view in [TableView::of(&s, 12), TableView::of_player(&s, 12, bo)] {
        let all = everything(&view);
        assert!(!all.contains("ring"), "{all}");
        assert!(view.said.is_empty() && view.rolls.is_empty(), "{view:?}");
        let page = serde_json::to_string(&slotmark::web::page(&view, None)).unwrap();
        assert!(!page.contains("ring"), "{page}");
    }
    // A roll after it shows on the table as ever; the tell stays Ana's.
    play(&mut s, "roll d6 for weather", &[4]);
    assert!(!everything(&TableView::of(&s, 12)).contains("ring"));
    let again = replay(s.initial(), s.applied()).unwrap();
    assert_eq!(&again, s.state());
}

#[test]
fn words_show_while_a_roll_waits_and_around_a_secret_one() {
    let mut s = table();
    play(&mut s, "check Bo d20 vs 10 swim", &[4]);
    assert!(s.state().game.pending().is_some(), "the check waits");
    play(&mut s, "say Hold on to the rope", &[]);
    // The roll still waits for the judge: the words did not get in its way.
    assert!(s.state().game.pending().is_some());
    let view = TableView::of(&s, 12);
    assert!(view.said[0].text.contains("Hold on to the rope"));
    assert!(view.rolls.is_empty(), "the check is not settled yet");
    play(&mut s, "secret", &[]);
    play(&mut s, "accept", &[]);
    let view = TableView::of(&s, 12);
    assert!(view.said[0].text.contains("Hold on to the rope"));
    assert!(
        !everything(&view).contains("swim"),
        "the secret check shows"
    );
    // Kept from the table by its own number, the words go.
    let step = s.cursor() - 2;
    play(&mut s, &format!("secret {step}"), &[]);
    assert!(!everything(&TableView::of(&s, 12)).contains("rope"));
}

#[test]
fn say_and_tell_refuse_in_plain_words_and_change_nothing() {
    let mut s = table();
    let at = s.cursor();
    let cases = [
        ("say", "expected the words to say"),
        ("tell Ana", "expected the words to tell them"),
        ("tell Ogre Run", "player character"),
        ("tell Zed Run", "Zed"),
    ];
    for (line, says) in cases {
        let e = run(&mut s, line, &[]).unwrap_err();
        assert!(e.contains(says), "{line}: {e}");
    }
    let long = format!("say {}", "a".repeat(600));
    let e = run(&mut s, &long, &[]).unwrap_err();
    assert!(e.contains("too long"), "{e}");
    assert_eq!(s.cursor(), at);
}

#[test]
fn say_and_tell_are_written_back_as_the_lines_they_came_from() {
    let mut s = table();
    for line in ["say The bridge groans", "tell Ana \"a # sign\""] {
        let before = s.state().clone();
        let Line::Command(c) = script::parse_line(line, s.state()).unwrap() else {
            panic!("{line}");
        };
        let written = script::write(&c, &before);
        assert_eq!(written.form, script::Form::Words, "{}", written.text);
        assert!(written.text.starts_with(&line[..4]), "{}", written.text);
        play(&mut s, line, &[]);
    }
}
