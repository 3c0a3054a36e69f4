//! The initiative strip at 80 columns: every fighter told apart by its label (the shortest
//! cut of its name no other shares, plus its number), the one acting shown once, whatever the
//! roster's names share.

mod screen;

use std::collections::BTreeSet;

use proptest::prelude::*;
use screen::drive;
use slotmark::dice::ScriptedDice;
use slotmark::rules::RulesetId;
use slotmark::script::{Line, parse_line};
use slotmark::session::{Session, SessionState};
use slotmark::tui::app::{App, Dice};
use slotmark::tui::theme::Theme;
use slotmark::tui::widgets::labels_for;

/// Names that share their first letters, their first word or all but their number.
const STEMS: &[&str] = &[
    "Goblin",
    "Gobbo",
    "Goblin archer",
    "Goblin arsonist",
    "Giant rat",
    "Giant",
    "Grak",
    "Grub",
    "Gr",
    "Wren",
    "Wolf",
    "Wolf pack leader",
];

fn roster() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec((0..STEMS.len(), prop::option::of(1u8..13)), 2..=12)
        .prop_map(|picks| {
            let mut seen = BTreeSet::new();
            picks
                .into_iter()
                .map(|(stem, n)| match n {
                    Some(n) => format!("{} {n}", STEMS[stem]),
                    None => STEMS[stem].to_string(),
                })
                .filter(|name| seen.insert(name.clone()))
                .collect::<Vec<_>>()
        })
        // Two picks of the same name leave one: a fight needs the party's one and a foe.
        .prop_filter("two fighters at least", |names| names.len() >= 2)
}

fn all_distinct(labels: &[String]) -> bool {
    labels.iter().collect::<BTreeSet<_>>().len() == labels.len()
}

proptest! {
    #[test]
    fn labels_are_pairwise_distinct_at_80_columns(names in roster()) {
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        // The one-line strip: " Round 1 " and, per fighter, its mark, a space and a gap.
        let labels = labels_for(&refs, 80 - 9, 4);
        prop_assert_eq!(labels.len(), names.len());
        prop_assert!(all_distinct(&labels), "{:?} from {:?}", labels, names);
        for (label, name) in labels.iter().zip(&names) {
            // A cut keeps the number that tells fellows apart, and never marks itself with "…".
            if let Some((_, number)) = name.rsplit_once(' ').filter(|(_, n)| n.parse::<u8>().is_ok()) {
                prop_assert!(label.ends_with(number), "{} from {}", label, name);
            }
            prop_assert!(!label.contains('…'), "{}", label);
        }
    }
}

/// The plain tracker's screen at 80×24 with `names` in a fight (the first a player character,
/// the rest its foes), the first acting.
fn fight_of(names: &[String]) -> String {
    let mut s = Session::new(SessionState::new("Ford", RulesetId::Plain));
    let quoted: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
    // The first on the players' side, the rest against them: a fight needs a foe.
    let mut lines: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(i, n)| format!("add \"{n}\" 5{}", if i == 0 { "" } else { " foes" }))
        .collect();
    lines.push(format!("fight {}", quoted.join(" ")));
    for line in &lines {
        let Ok(Line::Command(c)) = parse_line(line, s.state()) else {
            panic!("{line} did not parse");
        };
        s.execute(c, &mut ScriptedDice::new(Vec::new()))
            .unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    let mut app = App::with_session(s, None, Dice::scripted([])).with_theme(Theme::plain());
    drive(&mut app, 80, 24, Vec::new())
}

/// The labels the strip row shows, each after its mark, up to the title's rest or a count of
/// those left out.
fn strip_labels(text: &str) -> Vec<(String, String)> {
    let row = text.lines().nth(1).unwrap_or_default().trim_matches('"');
    let row = row.trim_start().trim_start_matches("Round 1").trim_start();
    let row = row.split(" │").next().unwrap_or_default();
    row.split("  ")
        .map(str::trim)
        .filter(|t| !t.is_empty() && !t.starts_with('+'))
        .filter_map(|t| t.split_once(' '))
        .map(|(mark, label)| (mark.to_string(), label.to_string()))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn the_strip_tells_every_fighter_apart_and_shows_the_actor_once(names in roster()) {
        let text = fight_of(&names);
        let shown = strip_labels(&text);
        let labels: Vec<String> = shown.iter().map(|(_, l)| l.clone()).collect();
        prop_assert!(!labels.is_empty(), "{}", text);
        prop_assert!(all_distinct(&labels), "{:?}\n{}", labels, text);
        let acting = shown.iter().filter(|(mark, _)| mark == "▶").count();
        prop_assert_eq!(acting, 1, "{}", text);
        // The actor's label once on the strip row, and nowhere else on it.
        let row = text.lines().nth(1).unwrap_or_default();
        let actor = &shown.iter().find(|(m, _)| m == "▶").map(|(_, l)| l.clone()).unwrap_or_default();
        prop_assert_eq!(row.matches(&format!("▶ {actor}")).count(), 1, "{}", text);
        prop_assert!(!row.contains(&format!("{}'s turn", names[0])), "{}", text);
    }
}

#[test]
fn labels_read_as_the_issue_asks() {
    assert_eq!(
        labels_for(&["Goblin 1", "Giant rat 1"], 12, 4),
        vec!["Go 1".to_string(), "Gi 1".to_string()]
    );
    assert_eq!(labels_for(&["Grak", "Grub"], 80, 4), vec!["Grak", "Grub"]);
    assert_eq!(
        labels_for(&["Goblin 1", "Goblin 2", "Giant rat 1"], 27, 4),
        vec!["Gob 1", "Gob 2", "Gia 1"]
    );
}

/// The slot system's one-line strip at 80×24 ends with the turn's words whole, its names
/// shortened to labels to leave them room: the demo's fight read `│ pick who…`.
#[test]
fn the_slot_strip_ends_with_the_turns_words_whole_at_80x24() {
    let mut app = App::with_session(
        slotmark::script::demo_for(RulesetId::Slots),
        None,
        Dice::scripted([3; 64]),
    )
    .with_theme(Theme::plain());
    let text = drive(
        &mut app,
        80,
        24,
        vec![
            screen::key('c'),
            screen::code(ratatui::crossterm::event::KeyCode::Enter),
        ],
    );
    let strip = text.lines().nth(1).unwrap().trim_matches('"').trim_end();
    assert!(strip.ends_with("│ pick who acts"), "{strip}");
    assert!(!strip.contains('…'), "{strip}");
    for name in ["Aria", "Bram", "Cole", "Dessa", "1", "2"] {
        assert!(strip.contains(name), "{name}: {strip}");
    }
}

/// The roster rows of a bdp session at 80×24 with `names` in it (the first a character, the
/// rest creatures the players have not seen: each row carries `unseen HP 3/3`), before any
/// fight.
fn roster_of(names: &[String]) -> String {
    let mut s = Session::new(SessionState::new("Ford", RulesetId::Bdp));
    for (i, n) in names.iter().enumerate() {
        let kind = if i == 0 { "pc" } else { "creature" };
        let mut lines = vec![format!("add \"{n}\" {kind} 10 10 10 3")];
        if i > 0 {
            lines.push(format!("veil \"{n}\""));
        }
        for line in lines {
            let Ok(Line::Command(c)) = parse_line(&line, s.state()) else {
                panic!("{line} did not parse");
            };
            s.execute(c, &mut ScriptedDice::new(Vec::new()))
                .unwrap_or_else(|e| panic!("{line}: {e}"));
        }
    }
    let mut app = App::with_session(s, None, Dice::scripted([])).with_theme(Theme::plain());
    drive(&mut app, 80, 24, Vec::new())
}

/// What each member row of the roster names, as drawn: the text before its tags (`unseen` for
/// the creatures, `HP` for the character), its selection mark taken off.
fn roster_names(text: &str) -> Vec<String> {
    text.lines()
        .skip(1)
        .take(22)
        .map(|l| {
            l.trim_start_matches('"')
                .chars()
                .take(21)
                .collect::<String>()
        })
        .map(|row| row.chars().skip(1).collect::<String>())
        .filter(|row| !row.trim().is_empty())
        // Titles end in their count, encounters are in ‹›, a scrolled roster says so.
        .filter(|row| !row.trim_end().ends_with(')') && !row.contains('‹') && !row.contains('↑'))
        .map(|row| {
            let end = [" unseen", " HP "]
                .iter()
                .filter_map(|t| row.find(t))
                .min()
                .unwrap_or(row.len());
            row[..end].trim().to_string()
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn roster_rows_of_names_sharing_their_starts_are_told_apart_at_80_columns(names in roster()) {
        let text = roster_of(&names);
        let shown = roster_names(&text);
        prop_assert_eq!(shown.len(), names.len(), "{:?}\n{}", shown, text);
        prop_assert!(all_distinct(&shown), "{:?}\n{}", shown, text);
        for (label, name) in shown.iter().zip(&names) {
            prop_assert!(!label.contains('…'), "{} from {}\n{}", label, name, text);
        }
    }
}

/// The roster the issue found at 80×24: `Go… 1` and `Gi… 1` for Goblin 1 and Giant rat 1,
/// and `Go… 1` again for Gobbo 1: now the labels the strip would give them.
#[test]
fn roster_labels_read_as_the_strips_do() {
    let names: Vec<String> = ["Wren", "Snag", "Goblin 1", "Giant rat 1", "Gobbo 1"]
        .iter()
        .map(|n| n.to_string())
        .collect();
    let text = roster_of(&names);
    assert_eq!(
        roster_names(&text),
        ["Wren", "Snag", "Gobl 1", "Gian 1", "Gobb 1"],
        "{text}"
    );
}

/// An ap fight among `groups` (the first the party's), the initiative rolled with `faces`.
fn ap_fight(groups: &[(&str, &[&str])], faces: &[u16]) -> App {
    let mut s = Session::new(SessionState::new("Ford", RulesetId::Ap));
    let mut lines = Vec::new();
    for (i, (group, names)) in groups.iter().enumerate() {
        let kind = if i == 0 { "pc" } else { "npc" };
        for n in *names {
            lines.push(format!("add \"{n}\" {kind} {group} 10 10 10 4"));
        }
    }
    lines.push("fight players all".to_string());
    for line in &lines {
        let Ok(Line::Command(c)) = parse_line(line, s.state()) else {
            panic!("{line} did not parse");
        };
        s.execute(c, &mut ScriptedDice::new(faces.to_vec()))
            .unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    App::with_session(s, None, Dice::scripted(faces.iter().copied())).with_theme(Theme::plain())
}

/// Each fighter's text on the strip's rows (all but the title and the rule), without its mark
/// and the note after a colon, in the order drawn; and any count of those left out (`+2`).
fn strip_rows(text: &str, rows: usize) -> (Vec<String>, Vec<String>) {
    let mut labels = Vec::new();
    let mut more = Vec::new();
    for row in text.lines().skip(2).take(rows) {
        let row = row.trim_matches('"');
        for token in row.split("  ").map(str::trim).filter(|t| !t.is_empty()) {
            // A group's name before its fighters where the groups flow (`party: ○ Ana`).
            let token = match token.split_once(": ") {
                Some((group, rest)) if !group.contains(' ') && !rest.is_empty() => rest,
                _ => token,
            };
            if token.starts_with('+') {
                more.push(token.to_string());
                continue;
            }
            if let Some((_, label)) = token.split_once(' ') {
                let label = label.split(": ").next().unwrap_or_default();
                labels.push(label.to_string());
            }
        }
    }
    (labels, more)
}

/// More groups than the tall strip has rows: each group flows after the last, and the labels
/// are decided from everyone in the fight, so the groups drawn last are not hidden behind
/// `+3` while shorter labels would fit them all.
#[test]
fn groups_flowing_on_the_tall_strip_shorten_their_labels_before_anyone_is_hidden() {
    let mut app = ap_fight(
        &[
            ("party", &["Aldebrand", "Berengar", "Cunegonde"]),
            (
                "archers",
                &["Goblin archer 1", "Goblin archer 2", "Goblin archer 3"],
            ),
            ("rats", &["Giant rat 1", "Giant rat 2", "Giant rat 3"]),
            ("wolves", &["Wolf 1", "Wolf 2"]),
        ],
        &[12; 64],
    );
    let text = screen::drive(&mut app, 80, 40, Vec::new());
    let (labels, more) = strip_rows(&text, 2);
    assert!(more.is_empty(), "{more:?}\n{text}");
    assert_eq!(labels.len(), 11, "{labels:?}\n{text}");
    assert!(all_distinct(&labels), "{labels:?}\n{text}");
}

/// A fighter's label stays the same from one turn to the next while the fight keeps its
/// fighters, on the one-line strip and on the tall one: it comes from the names and the room,
/// not from who acts or what the order notes say.
#[test]
fn strip_labels_stay_the_same_from_turn_to_turn() {
    let groups: &[(&str, &[&str])] = &[
        ("party", &["Aldebrand", "Berengar", "Cunegonde"]),
        (
            "archers",
            &["Goblin archer 1", "Goblin archer 2", "Goblin archer 3"],
        ),
        ("rats", &["Giant rat 1", "Giant rat 2", "Giant rat 3"]),
    ];
    for (h, rows) in [(24u16, 0usize), (40, 2)] {
        let faces: Vec<u16> = (0..64).map(|i| 3 + (i * 7) % 17).collect();
        let mut app = ap_fight(groups, &faces);
        let mut seen: Vec<Vec<String>> = Vec::new();
        for _ in 0..6 {
            let text = screen::drive(&mut app, 80, h, vec![screen::key('E')]);
            let mut labels = if rows == 0 {
                strip_labels(&text)
                    .into_iter()
                    .map(|(_, l)| l.split(": ").next().unwrap_or_default().to_string())
                    .collect()
            } else {
                strip_rows(&text, rows).0
            };
            labels.sort();
            seen.push(labels);
        }
        assert!(seen.windows(2).all(|w| w[0] == w[1]), "80x{h}: {seen:?}");
    }
}

/// The fighters' labels on the slot system's one-line strip, in the order drawn.
fn slot_strip_labels(text: &str) -> Vec<String> {
    let row = text.lines().nth(1).unwrap_or_default().trim_matches('"');
    let sides = ["PLAYERS", "OPPONENTS", "players", "opponents"];
    row.split('│')
        .flat_map(|part| part.split(['▶', '↯', '✓', '○', '×']))
        .map(str::trim)
        .map(|t| {
            t.trim_start_matches(|c: char| c == 'R' || c.is_ascii_digit())
                .trim()
        })
        .filter(|t| !t.is_empty() && !sides.iter().any(|s| t.starts_with(s)))
        .filter(|t| !t.contains("acts") && !t.contains("pick") && !t.contains("set up"))
        .map(str::to_string)
        .collect()
}

/// The slot system's one-line strip keeps every fighter's label from one step to the next:
/// the demo's goblins read `Gob 1` while the judge picks who acts and `Gobli 1` once Aria
/// acts, as the turn's words took more or less of the row.
#[test]
fn the_slot_strips_labels_do_not_change_with_the_turn() {
    let mut app = App::with_session(
        slotmark::script::demo_for(RulesetId::Slots),
        None,
        Dice::scripted([3; 64]),
    )
    .with_theme(Theme::plain());
    let enter = || screen::code(ratatui::crossterm::event::KeyCode::Enter);
    let mut seen = Vec::new();
    let text = drive(&mut app, 80, 24, vec![screen::key('c'), enter()]);
    seen.push(slot_strip_labels(&text));
    // Aria's turn starts, then ends; the next one is picked.
    for keys in [
        vec![enter()],
        vec![screen::key('E')],
        vec![screen::key(' ')],
    ] {
        let text = drive(&mut app, 80, 24, keys);
        seen.push(slot_strip_labels(&text));
    }
    assert_eq!(seen[0].len(), 6, "{seen:?}");
    assert!(seen.windows(2).all(|w| w[0] == w[1]), "{seen:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    /// Nobody is counted away (`+2`) while the shortest labels that tell everyone apart would
    /// fit the one-line strip at 80 columns.
    #[test]
    fn nobody_is_hidden_while_the_shortest_labels_fit(names in roster()) {
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        let shortest = slotmark::tui::widgets::labels_within(&refs, 2);
        // " Round 1 ", then per fighter its mark, a space, its label and a gap of two.
        let need: usize = shortest.iter().map(|l| l.chars().count() + 4).sum::<usize>() - 2;
        prop_assume!(need <= 80 - 9);
        let text = fight_of(&names);
        let row = text.lines().nth(1).unwrap_or_default();
        prop_assert!(!row.contains(" +"), "{}", text);
        prop_assert_eq!(strip_labels(&text).len(), names.len(), "{}", text);
    }
}

/// At 80×24 the one-line strip of every demo's fight (`c` Enter) marks only those acting and
/// cuts nothing after the names: it ended `│ ▶ lowest count…` in actiondie (a second ▶, and a
/// label cut), `│ the judge's…` in bdp and `│ ▶ phase: move…` in phase.
#[test]
fn the_one_line_strip_marks_only_the_actors_and_cuts_no_words_in_every_demo() {
    for &ruleset in RulesetId::ALL {
        let mut app = App::with_session(
            slotmark::script::demo_for(ruleset),
            None,
            Dice::scripted([3; 256]),
        )
        .with_theme(Theme::plain());
        let text = drive(
            &mut app,
            80,
            24,
            vec![
                screen::key('c'),
                screen::code(ratatui::crossterm::event::KeyCode::Enter),
            ],
        );
        // The header says whose turn it is, the demo's long title giving way first.
        let header = text.lines().next().unwrap_or_default();
        assert!(header.contains("▶ "), "{ruleset:?}: {header}");
        let status = text.lines().last().unwrap_or_default();
        assert!(
            status.contains("u undo") && status.contains("? help"),
            "{ruleset:?}: {status}"
        );
        let strip = text.lines().nth(1).unwrap_or_default();
        assert!(
            strip.contains("Round 1") || strip.starts_with("\"R1 "),
            "{ruleset:?}: {text}"
        );
        assert!(!strip.contains('…'), "{ruleset:?}: {strip}");
        // ▶ marks those acting (a phase's whole group), never the words after them.
        assert!(!strip.contains("│ ▶"), "{ruleset:?}: {strip}");
    }
}
