//! `slotmark show` against the screen (issue 24): for every ruleset, a session with rich state
//! is played through the command language, each character's sheet panel is drawn on a
//! TestBackend, and every field the panel shows (each label and each value, as the panel
//! separates them) must be found in `show`'s text for that character. The fields are read off the
//! drawn panel, never listed by hand, so a field the screen gains and `show` does not fails here.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use slotmark::dice::ScriptedDice;
use slotmark::export;
use slotmark::rules::RulesetId;
use slotmark::script::{self, Line};
use slotmark::session::{Session, SessionState};
use slotmark::tui::app::{App, Dice};
use slotmark::tui::sheets::{self, Panels};
use slotmark::tui::theme::Theme;

/// Plays each line with its faces (every line must be accepted).
fn play(rules: RulesetId, lines: &[(&str, &[u16])]) -> Session {
    let mut s = Session::new(SessionState::new("Fen", rules));
    for (line, faces) in lines {
        match script::parse_line(line, s.state()).unwrap_or_else(|e| panic!("{line}: {e:?}")) {
            Line::Command(c) => {
                s.execute(c, &mut ScriptedDice::new(faces.to_vec()))
                    .unwrap_or_else(|e| panic!("{line}: {e}"));
            }
            other => panic!("{line}: {other:?}"),
        }
    }
    s
}

/// The text of a buffer's rows, with the panel's borders blanked.
fn rows(buf: &Buffer) -> Vec<String> {
    let area = buf.area;
    (area.y..area.bottom())
        .map(|y| {
            (area.x..area.right())
                .map(|x| buf[(x, y)].symbol())
                .collect::<String>()
                .chars()
                .map(|ch| if is_border(ch) { ' ' } else { ch })
                .collect()
        })
        .collect()
}

fn is_border(ch: char) -> bool {
    matches!(
        ch,
        '─' | '│' | '┌' | '┐' | '└' | '┘' | '├' | '┤' | '┬' | '┴' | '┼'
    )
}

/// The fields of a drawn row: the pieces the panel sets apart by two or more spaces, or by a
/// " · " between them (a title's parts). A label is a field like any other: `show` names it too.
fn fields(row: &str) -> Vec<String> {
    row.split("  ")
        .flat_map(|p| p.split(" · "))
        .map(|p| p.trim().trim_start_matches('▶').trim().to_string())
        .filter(|p| !p.is_empty())
        .collect()
}

/// Runs of white space as one space, so columns laid out differently still compare.
fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A character's panels as drawn: the sheet's rows, and the rows of the panel below it that
/// spells out wounds and conditions (blank where the ruleset draws none).
struct Drawn {
    name: String,
    sheet: Vec<String>,
    conditions: Vec<String>,
}

/// Every character's panels as drawn at `w`×`h`.
fn sheets_drawn(session: &Session, w: u16, h: u16) -> Vec<Drawn> {
    let roster = session.state().game.roster();
    let everyone: Vec<(u32, String)> = roster
        .iter()
        .flat_map(|g| g.members.iter().map(|e| (e.id, e.name.clone())))
        .collect();
    assert!(!everyone.is_empty(), "the session has nobody in it");
    let mut app =
        App::with_session(session.clone(), None, Dice::scripted([])).with_theme(Theme::plain());
    everyone
        .into_iter()
        .map(|(id, name)| {
            app.main_mut().unwrap().view.selected = Some(id);
            let m = app.main().unwrap();
            // The sheet, and below it the panel that spells out wounds and conditions where the
            // ruleset draws one.
            let area = Rect::new(0, 0, w, h);
            let mut buf = Buffer::empty(area);
            let panels = Panels {
                sheet: Rect::new(0, 0, w, h - h / 3),
                condition: Some(Rect::new(0, h - h / 3, w, h / 3)),
                side: None,
            };
            sheets::draw(&mut buf, &panels, m, Theme::plain(), &mut Vec::new());
            let mut sheet = rows(&buf);
            let conditions = sheet.split_off(usize::from(h - h / 3));
            Drawn {
                name,
                sheet,
                conditions,
            }
        })
        .collect()
}

/// Asserts that every field of every sheet panel and conditions panel is in `show`'s text for
/// that character, and returns how many fields were compared.
fn every_field_is_shown(session: &Session) -> usize {
    fields_are_shown(session, |d| {
        [d.sheet.clone(), d.conditions.clone()].concat()
    })
}

/// Asserts that every field of the rows `of` picks is in `show`'s text for that character, and
/// returns how many fields were compared.
fn fields_are_shown(session: &Session, of: impl Fn(&Drawn) -> Vec<String>) -> usize {
    let mut compared = 0;
    for drawn in sheets_drawn(session, 160, 60) {
        let (name, rows) = (&drawn.name, of(&drawn));
        let shown = export::show(session, Some(name)).unwrap();
        let flat = squeeze(&shown);
        let mut missing = Vec::new();
        for row in &rows {
            for field in fields(row) {
                compared += 1;
                if !flat.contains(&squeeze(&field)) {
                    missing.push(field);
                }
            }
        }
        assert!(
            missing.is_empty(),
            "{name}'s sheet shows {missing:?}, which `show` does not:\n--- sheet\n{}\n--- show\n{shown}",
            rows.join("\n").trim_end()
        );
    }
    compared
}

#[test]
fn phase_show_has_every_field_of_the_sheet() {
    let s = play(
        RulesetId::Phase,
        &[
            ("add Ana pc 6 12 14 9", &[]),
            ("add Gob creature 3 8 12 7", &[]),
            ("learn Ana fly scroll level 2", &[]),
            ("cast Ana fly on Ana", &[10; 8]),
            ("arm Ana sword", &[]),
            ("wear Ana gambeson shield", &[]),
            ("take Ana food", &[]),
            ("coins Ana +40", &[]),
            ("mark Gob tripped for 1 turn", &[]),
            ("injure Ana brokenarm right", &[]),
            ("reaction Gob negative", &[]),
            ("group Gob goblins", &[]),
            ("flag Ana face", &[]),
            ("harm Gob 2", &[]),
        ],
    );
    assert!(every_field_is_shown(&s) > 20);
}

#[test]
fn phase_show_keeps_the_stored_clue_the_tables_and_a_flight_s_sure_turn() {
    let s = play(
        RulesetId::Phase,
        &[
            ("add Ana pc 6 12 14 9", &[]),
            ("table crypt ghouls rats \"giant bats\"", &[]),
            ("table road bandits wolves", &[]),
            ("area crypt", &[]),
            ("delve on", &[]),
            ("learn Ana fly scroll level 1", &[]),
            ("cast Ana fly on Ana", &[10; 8]),
            // The turn's event die shows 2: a clue of what the crypt's d3 names (rats).
            ("turn search", &[2, 2]),
        ],
    );
    let all = export::show(&s, None).unwrap();
    for field in [
        "crypt (d3, this area's): 1 ghouls, 2 rats, 3 giant bats",
        "road (d2): 1 bandits, 2 wolves",
        "Clue       rats (entry 2 of crypt), foreshadowed 1 time(s)",
        "flying, sure until the end of turn 2 (Fly from Ana)",
    ] {
        assert!(all.contains(field), "{field} is missing:\n{all}");
    }
    every_field_is_shown(&s);
}

#[test]
fn bdp_show_has_every_field_of_the_sheet() {
    let s = play(
        RulesetId::Bdp,
        &[
            ("add Ana pc 10 12 8 6", &[]),
            ("add Rat creature 3 14 4 2 4", &[]),
            ("tag Ana career thief", &[]),
            ("tag Ana background sailor", &[]),
            ("carry Ana Mail heavy", &[]),
            ("carry Ana Waterskin waterskin right", &[]),
            ("carry Ana Moss uncommon swamp", &[]),
            ("block Ana", &[]),
            ("wound Ana burn light larm", &[]),
            ("infect Ana swamp", &[3]),
            ("rest Ana perilous", &[]),
            ("eat Ana fresh", &[]),
            ("expose Ana gas", &[]),
            ("dawn Rat", &[]),
            ("cared Ana", &[]),
            ("remark Ana a scar on the cheek", &[]),
        ],
    );
    assert!(every_field_is_shown(&s) > 20);
}

#[test]
fn ap_show_has_every_field_of_the_sheet_and_the_scene() {
    let s = play(
        RulesetId::Ap,
        &[
            ("add Ana pc party 11 12 8 6", &[]),
            ("add Gob npc goblins 8 10 8 4", &[]),
            ("carry Ana Sword d8 weapon", &[]),
            ("carry Ana Shield shield", &[]),
            ("carry Ana Rope", &[]),
            ("scar Ana 3", &[]),
            ("scar Ana 7", &[]),
            ("jot Ana owes the ferryman", &[]),
            // No slot is left for the eighth Fatigue: the Shield goes to the scene (A40).
            ("fatigue Ana 8", &[]),
            ("choose 2", &[]),
        ],
    );
    assert!(every_field_is_shown(&s) > 20);
    let all = export::show(&s, None).unwrap();
    for field in [
        "Dropped in the scene: Shield (by Ana)",
        "1. rested a few hours: 1d6 added to max HP, clears deprived",
        "2. hamstring healed: 3d6 vs max DEX, clears hamstrung",
    ] {
        assert!(all.contains(field), "{field} is missing:\n{all}");
    }
}

#[test]
fn actiondie_show_has_every_field_of_the_sheet() {
    let s = play(
        RulesetId::ActionDie,
        &[
            ("add Ana pc d8 d6 d6 d4 10", &[]),
            ("add Ogre creature d8 d6 d6 d4 12", &[]),
            ("damage Ogre 4", &[]),
        ],
    );
    assert!(every_field_is_shown(&s) > 10);
}

#[test]
fn plain_show_has_every_field_of_the_sheet() {
    let s = play(
        RulesetId::Plain,
        &[
            ("add Ana 8", &[]),
            ("add Ogre 20 others", &[]),
            ("add Bo 6", &[]),
            ("fight Ana Ogre", &[]),
            ("damage Ana 8", &[]),
        ],
    );
    assert!(every_field_is_shown(&s) > 10);
}

/// The test's own reading of a panel: a field the sheet draws and `show` leaves out is found.
#[test]
fn a_field_missing_from_show_is_found() {
    let s = play(RulesetId::Plain, &[("add Ana 8", &[])]);
    let rows = sheets_drawn(&s, 80, 10).remove(0).sheet;
    let all: Vec<String> = rows.iter().flat_map(|r| fields(r)).collect();
    assert!(all.contains(&"Hit points 8 / 8".to_string()), "{all:?}");
    assert!(
        all.contains(&"the players' character".to_string()),
        "{all:?}"
    );
    let shown = squeeze(&export::show(&s, Some("Ana")).unwrap());
    assert!(!shown.contains("acting now"));
    assert!(
        fields(" Fight      round 1: acting now")
            .iter()
            .any(|f| !shown.contains(f.as_str()))
    );
}

/// The slot system: its conditions panel is in `show` line for line. (Its sheet panel's slot
/// table, with the item properties abbreviated, glyphs for wounds and fatigue and the body
/// picture, is not yet compared: `show` writes the slots in words of its own.)
#[test]
fn slots_show_has_every_line_of_the_conditions_panel() {
    let s = play(
        RulesetId::Slots,
        &[
            ("add Aria players", &[]),
            ("add Grol opponents", &[]),
            ("put Aria 1 Sword", &[]),
            ("put Aria 2 Torch", &[]),
            ("wound Aria 3 open", &[]),
            ("wound Aria 4 treated", &[]),
            ("mark Aria 5 B", &[]),
            ("fatigue Aria 6", &[]),
            ("cold Aria", &[]),
            ("suffocate Grol", &[]),
        ],
    );
    assert!(fields_are_shown(&s, |d| d.conditions.clone()) > 8);
    let aria = export::show(&s, Some("Aria")).unwrap();
    assert!(
        aria.contains("    B bleeding in slot 3, 5; next tick marks slot 2: each open wound"),
        "{aria}"
    );
}
