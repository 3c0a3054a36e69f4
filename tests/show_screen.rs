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
        "Clue       rats (entry 2 of crypt), foreshadowed once",
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

/// The slot system: its sheet panel compared whole and its conditions panel line for line. The
/// sheet's title and the line under the table (drawn once with each slot selected) are read as
/// fields; the table is read by the columns its head sets, and each row must be a row of `show`'s
/// table, cell for cell; each cell of the body picture must say what its slot's row says.
#[test]
fn slots_show_has_every_field_of_the_sheet() {
    let s = play(
        RulesetId::Slots,
        &[
            ("add Aria players kit fighter", &[]),
            ("add Bram players kit scout", &[]),
            ("add Grol opponents", &[]),
            ("put Grol 6 Spear", &[]),
            ("twohands Grol 6", &[]),
            ("put Grol 9 \"odd idol\" rigid heavy", &[]),
            ("wound Aria 3 open", &[]),
            ("wound Aria 4 treated", &[]),
            ("mark Aria 5 B", &[]),
            ("mark Aria 5 H", &[]),
            ("mark Aria 4 C", &[]),
            ("fatigue Aria 6", &[]),
            ("fatigue Aria 4", &[]),
            ("cold Aria", &[]),
            ("status Aria prone", &[]),
            ("suffocate Grol", &[]),
            ("drop Grol", &[]),
            ("ignite Bram 2", &[]),
        ],
    );
    let slots = match &s.state().game {
        slotmark::rules::GameState::Slots(st) => st.clone(),
        _ => unreachable!(),
    };
    let mut compared = 0;
    for c in &slots.characters {
        let shown = export::show(&s, Some(&c.name)).unwrap();
        let lines: Vec<String> = shown.lines().map(squeeze).collect();
        let has_line = |want: &str| lines.iter().any(|l| l == want);
        let mut rows_of: Vec<(u32, Vec<String>)> = Vec::new();
        for selected in 1..=c.slots.len() as u8 {
            let drawn = slot_sheet(&s, c.id, selected);
            let (list, doll) = &drawn;
            // The title: the same parts as `show`'s first line (bar the turn's marker).
            let title = squeeze(list[0].trim_start_matches(' ').trim_start_matches('▶'));
            assert!(
                has_line(&title) || has_line(&format!("▶ {title}")),
                "{}'s title {title:?} is not `show`'s:\n{shown}",
                c.name
            );
            let head_at = list
                .iter()
                .position(|r| r.trim_start().starts_with("# Region"))
                .expect("the table has its head");
            let head = &list[head_at];
            assert!(has_line(&squeeze(head)), "{head:?} is not in:\n{shown}");
            let starts = column_starts(head);
            let mut at = head_at + 1;
            while at < list.len() && is_slot_row(&list[at]) {
                let cells = cells(&list[at], &starts);
                let row = squeeze(&cells.join(" "));
                assert!(
                    has_line(&row),
                    "{}'s slot row {row:?} is not a row of `show`:\n{shown}",
                    c.name
                );
                let n: u32 = cells[0].parse().expect("a slot number");
                rows_of.retain(|(m, _)| *m != n);
                rows_of.push((n, cells));
                compared += 1;
                at += 1;
            }
            // The selected slot, spelled out: `show` spells out every slot the same way.
            let detail = squeeze(&list[at..].join(" "));
            assert!(detail.starts_with(&format!("slot {selected} ")), "{detail}");
            assert!(
                lines
                    .iter()
                    .any(|l| l == &detail || l.starts_with(&format!("{detail} · "))),
                "{}'s slot {selected} reads {detail:?} on the screen, not in `show`:\n{shown}",
                c.name
            );
            // The body picture: a cell per slot, its wound and its first mark.
            for (n, wound, mark) in doll_cells(doll) {
                let (_, cells) = rows_of
                    .iter()
                    .find(|(m, _)| *m == n)
                    .unwrap_or_else(|| panic!("the picture shows slot {n}, the table does not"));
                let (wounds, marks) = (&cells[4], &cells[5]);
                match wound {
                    ' ' => assert!(wounds.is_empty(), "slot {n}: {cells:?}"),
                    w => assert!(wounds.starts_with(w), "slot {n}: {w} against {cells:?}"),
                }
                match mark {
                    ' ' => assert!(marks.is_empty(), "slot {n}: {cells:?}"),
                    '+' => assert!(marks.chars().count() > 1, "slot {n}: {cells:?}"),
                    m => assert_eq!(marks, &m.to_string(), "slot {n}: {cells:?}"),
                }
                compared += 1;
            }
            let picture = squeeze(&doll.join(" "));
            if picture.contains("(dropped)") {
                assert!(title.contains("backpack dropped"), "{title}");
            }
            for (glyph, words) in [("●", "● open wound"), ("◐", "◐ treated wound")] {
                if picture.contains(glyph) {
                    assert!(squeeze(&shown).contains(words), "{shown}");
                }
            }
        }
        // Every slot was on the table at some selection.
        assert_eq!(rows_of.len(), c.slots.len(), "{}", c.name);
    }
    assert!(compared > 100, "{compared}");
    assert!(fields_are_shown(&s, |d| d.conditions.clone()) > 8);
}

/// One slot character's sheet panel drawn at 160×40 with a slot selected, as the rows of the
/// slot list (title, table, the selected slot spelled out) and the rows of the body picture.
fn slot_sheet(session: &Session, id: u32, selected: u8) -> (Vec<String>, Vec<String>) {
    use slotmark::tui::sheets::slots::doll;
    let (w, h) = (160u16, 40u16);
    let mut app =
        App::with_session(session.clone(), None, Dice::scripted([])).with_theme(Theme::plain());
    let main = app.main_mut().unwrap();
    main.view.selected = Some(id);
    main.view.row = selected;
    let mut buf = Buffer::empty(Rect::new(0, 0, w, h));
    let panels = Panels {
        sheet: Rect::new(0, 0, w, h),
        condition: None,
        side: None,
    };
    sheets::draw(
        &mut buf,
        &panels,
        app.main().unwrap(),
        Theme::plain(),
        &mut Vec::new(),
    );
    // The picture stands at the panel's right, inside its border, under the title.
    let split = usize::from(w - 1 - doll::WIDTH);
    let drawn = rows(&buf);
    let mut list = Vec::new();
    let mut picture = Vec::new();
    for (y, row) in drawn.iter().enumerate() {
        let chars: Vec<char> = row.chars().collect();
        if y == 0 {
            list.push(row.trim_end().to_string());
            continue;
        }
        list.push(
            chars[..split]
                .iter()
                .collect::<String>()
                .trim_end()
                .to_string(),
        );
        picture.push(chars[split..].iter().collect::<String>());
    }
    while list.last().is_some_and(|r| r.trim().is_empty()) {
        list.pop();
    }
    (list, picture)
}

/// Where each column of the table starts, read off its head.
fn column_starts(head: &str) -> Vec<usize> {
    let chars: Vec<char> = head.chars().collect();
    let mut starts = vec![0];
    let mut from = 0;
    for word in ["Region", "Item", "Properties", "Wound", "Marks"] {
        let w: Vec<char> = word.chars().collect();
        let at = (from..chars.len())
            .find(|&i| chars[i..].starts_with(&w))
            .unwrap_or_else(|| panic!("{word} in {head:?}"));
        starts.push(at);
        from = at + w.len();
    }
    starts
}

/// A row of the table: a slot number after the selection marker.
fn is_slot_row(row: &str) -> bool {
    row.trim_start_matches([' ', '▶'])
        .starts_with(|c: char| c.is_ascii_digit())
}

/// A row cut at the columns' starts, each cell trimmed.
fn cells(row: &str, starts: &[usize]) -> Vec<String> {
    let chars: Vec<char> = row.chars().collect();
    let cut = |a: usize, b: usize| -> String {
        chars[a.min(chars.len())..b.min(chars.len())]
            .iter()
            .collect::<String>()
            .trim_matches([' ', '▶'])
            .to_string()
    };
    let mut out: Vec<String> = starts.windows(2).map(|w| cut(w[0], w[1])).collect();
    out.push(cut(starts[starts.len() - 1], chars.len()));
    out
}

/// The body picture's cells: a slot number, then its wound glyph and its mark (a space when none).
fn doll_cells(picture: &[String]) -> Vec<(u32, char, char)> {
    let mut out = Vec::new();
    for row in picture {
        let chars: Vec<char> = row.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            if chars[i].is_ascii_digit() {
                let mut n = 0u32;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    n = n * 10 + chars[i].to_digit(10).unwrap_or(0);
                    i += 1;
                }
                let at = |k: usize| chars.get(k).copied().unwrap_or(' ');
                out.push((n, at(i), at(i + 1)));
                i += 2;
            } else {
                i += 1;
            }
        }
    }
    out
}

/// The test's own reading of the slot table: a cell `show` printed differently is found.
#[test]
fn a_slot_row_read_off_the_screen_is_cut_at_its_columns() {
    let head = format!(
        " {:>2} {:<8}{:<10}{:<13}{:<10}{}",
        "#", "Region", "Item", "Properties", "Wound", "Marks"
    );
    let row = format!(
        "▶{:>2} {:<8}{:<10}{:<13}{:<10}{}",
        "3", "Torso", "Chain =", "heavy armor", "◐ treated", "~B"
    );
    let starts = column_starts(&head);
    assert_eq!(
        cells(&row, &starts),
        ["3", "Torso", "Chain =", "heavy armor", "◐ treated", "~B"]
    );
    assert_eq!(
        doll_cells(&[" 1●B  2    3◐+".to_string()]),
        [(1, '●', 'B'), (2, ' ', ' '), (3, '◐', '+')]
    );
}
