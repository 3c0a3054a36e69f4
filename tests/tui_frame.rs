//! The frame's keys in every ruleset. The turn in focus: when a turn begins its actor is
//! selected, so the keys act on it (the form a key opens names the actor), and a pick by the
//! judge during the turn stands until the next turn begins; the frame reads it from the
//! initiative every ruleset fills. Jumping to anyone: `'` and the first letters of a name.

mod screen;

use ratatui::crossterm::event::KeyCode;
use screen::{code, drive, id_of, key, typed};
use slotmark::dice::ScriptedDice;
use slotmark::rules::RulesetId;
use slotmark::script::{Line, parse_line};
use slotmark::session::{Session, SessionState};

use slotmark::tui::app::{App, Dice};
use slotmark::tui::keymap::Ctx;
use slotmark::tui::theme::Theme;

fn session(rules: RulesetId, lines: &[(&str, &[u16])]) -> Session {
    let mut s = Session::new(SessionState::new("Ford", rules));
    for (line, faces) in lines {
        let Ok(Line::Command(c)) = parse_line(line, s.state()) else {
            panic!("{line} did not parse");
        };
        s.execute(c, &mut ScriptedDice::new(faces.to_vec()))
            .unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    s
}

fn app(s: Session, faces: &[u16]) -> App {
    App::with_session(s, None, Dice::scripted(faces.iter().copied())).with_theme(Theme::plain())
}

fn selected(app: &App) -> Option<u32> {
    app.main().unwrap().view.selected
}

fn acting(app: &App) -> Option<u32> {
    app.session().unwrap().state().game.initiative()?.acting
}

/// The judge picks `other` (not the actor), `next` begins the next turn: its actor `who` is
/// selected, and `act` opens a form whose title is `title`.
fn a_new_turn_selects_its_actor(
    app: &mut App,
    other: &str,
    next: char,
    who: &str,
    act: char,
    title: &str,
) {
    let other = id_of(app, other);
    app.main_mut().unwrap().view.selected = Some(other);
    drive(app, 120, 40, vec![key(next)]);
    let who = id_of(app, who);
    assert_eq!(selected(app), Some(who), "the new turn's actor is selected");
    let text = drive(app, 120, 40, vec![key(act)]);
    assert_eq!(app.ctx(), Ctx::Form, "{text}");
    assert!(
        text.contains(title),
        "the form proposes the actor ({title}):\n{text}"
    );
    drive(app, 120, 40, vec![code(KeyCode::Esc)]);
}

/// During the turn, the judge's own pick stands: a key that begins no turn leaves it.
fn the_judges_pick_stands(app: &mut App) {
    let before = selected(app);
    drive(app, 120, 40, vec![code(KeyCode::Tab)]);
    let picked = selected(app);
    assert_ne!(picked, before, "Tab picks someone else");
    drive(app, 120, 40, vec![key('D'), key('D')]);
    assert_eq!(selected(app), picked, "the pick stands during the turn");
}

#[test]
fn a24_ap_a_turns_start_selects_its_actor_and_a_proposes_it() {
    let s = session(
        RulesetId::Ap,
        &[
            ("add Ana pc party 11 12 8 6", &[]),
            ("add Gob npc goblins 8 13 5 4", &[]),
            ("reveal all", &[]),
            ("carry Gob spear d6 weapon", &[]),
        ],
    );
    let mut app = app(s, &[15, 2]);
    drive(
        &mut app,
        120,
        40,
        vec![code(KeyCode::Tab), key('c'), code(KeyCode::Enter)],
    );
    assert_eq!(acting(&app), Some(id_of(&app, "Ana")));
    assert_eq!(
        selected(&app),
        Some(id_of(&app, "Ana")),
        "the fight's first turn"
    );
    the_judges_pick_stands(&mut app);
    a_new_turn_selects_its_actor(&mut app, "Ana", 'E', "Gob", 'a', "Gob attacks");
}

#[test]
fn d15_actiondie_a_turns_start_selects_its_actor_and_the_keys_act_on_it() {
    let s = session(
        RulesetId::ActionDie,
        &[
            ("add Ana pc d8 d6 d6 d4 10", &[]),
            ("add Ogre creature d8 d6 d6 d4 12", &[]),
            ("reveal all", &[]),
            ("scene for the bridge", &[]),
            ("act Ana attack unarmed", &[]),
            ("act Ogre attack unarmed", &[]),
            ("initiative", &[2, 3]),
        ],
    );
    let mut app = app(s, &[]);
    // Ana's count is the lowest: her turn comes first.
    let ana = id_of(&app, "Ana");
    if acting(&app) == Some(ana) {
        assert_eq!(
            selected(&app),
            Some(ana),
            "the turn under way when it opens"
        );
    } else {
        a_new_turn_selects_its_actor(&mut app, "Ogre", 'E', "Ana", '-', "Ana takes damage");
    }
    a_new_turn_selects_its_actor(&mut app, "Ana", 'E', "Ogre", '-', "Ogre takes damage");
}

#[test]
fn plain_a_turns_start_selects_its_actor_and_the_keys_act_on_it() {
    let s = session(
        RulesetId::Plain,
        &[
            ("add Ana 8", &[]),
            ("add Ogre 12 others", &[]),
            ("reveal all", &[]),
            ("fight Ana Ogre", &[]),
        ],
    );
    let mut app = app(s, &[]);
    assert_eq!(
        selected(&app),
        Some(id_of(&app, "Ana")),
        "the turn under way when it opens"
    );
    the_judges_pick_stands(&mut app);
    // On its own turn `-` is the harm the actor deals, at the foe the frame proposes.
    a_new_turn_selects_its_actor(&mut app, "Ana", 'E', "Ogre", '-', "Ogre deals damage");
    a_new_turn_selects_its_actor(&mut app, "Ogre", 'E', "Ana", '-', "Ana deals damage");
}

#[test]
fn bdp_a_turns_start_selects_its_actor_and_the_keys_act_on_it() {
    let s = session(
        RulesetId::Bdp,
        &[
            ("add Ana pc 10 12 8 6", &[]),
            ("add Ogre creature 14 10 10 9", &[]),
            ("reveal all", &[]),
            ("fight", &[]),
        ],
    );
    let mut app = app(s, &[]);
    assert_eq!(selected(&app), Some(id_of(&app, "Ana")));
    a_new_turn_selects_its_actor(&mut app, "Ana", 'E', "Ogre", '-', "Ogre deals damage");
}

#[test]
fn phase_a_groups_turn_selects_its_first_member_and_a_proposes_it() {
    let s = session(
        RulesetId::Phase,
        &[
            ("add Ana pc 6 12 14 9", &[]),
            ("arm Ana hand", &[]),
            ("add Gob creature 3 8 12 7 group goblins leader", &[]),
            ("reveal all", &[]),
        ],
    );
    // Ana passes her DEX save: she acts early; the goblins in the middle.
    let mut app = app(s, &[3]);
    drive(
        &mut app,
        120,
        40,
        vec![code(KeyCode::Tab), key('c'), code(KeyCode::Enter)],
    );
    assert_eq!(selected(&app), Some(id_of(&app, "Ana")), "the early group");
    let gob = id_of(&app, "Gob");
    let mut text = String::new();
    for _ in 0..20 {
        if selected(&app) == Some(gob) {
            break;
        }
        app.main_mut().unwrap().view.selected = Some(id_of(&app, "Ana"));
        text = drive(&mut app, 120, 40, vec![key('E')]);
    }
    assert_eq!(
        selected(&app),
        Some(gob),
        "the goblins' group comes up:\n{text}"
    );
    let text = drive(&mut app, 120, 40, vec![key('a')]);
    assert!(text.contains("Gob attacks"), "{text}");
}

#[test]
fn r33_slots_a_turns_start_selects_its_actor_and_a_proposes_it() {
    let s = session(
        RulesetId::Slots,
        &[
            ("add Aria players", &[]),
            ("add Grol opponents", &[]),
            ("reveal all", &[]),
            ("fight opponents", &[]),
        ],
    );
    let mut app = app(s, &[]);
    app.main_mut().unwrap().view.selected = Some(id_of(&app, "Aria"));
    let mut keys = vec![key(':')];
    keys.extend(typed("turn Grol"));
    keys.push(code(KeyCode::Enter));
    drive(&mut app, 120, 40, keys);
    assert_eq!(acting(&app), Some(id_of(&app, "Grol")));
    assert_eq!(selected(&app), Some(id_of(&app, "Grol")));
    let text = drive(&mut app, 120, 40, vec![key('a')]);
    assert!(text.contains("Grol attacks"), "{text}");
}

#[test]
fn a_quote_and_the_first_letters_of_a_name_select_that_sheet_in_every_ruleset() {
    for &rules in RulesetId::ALL {
        let s = if slotmark::script::has_demo(rules) {
            slotmark::script::demo_for(rules)
        } else {
            session(rules, &[("add Ana 8", &[]), ("add Ogre 12 others", &[])])
        };
        let mut app = app(s, &[]);
        let roster: Vec<(u32, String)> = app
            .session()
            .unwrap()
            .state()
            .game
            .roster()
            .into_iter()
            .flat_map(|g| g.members.into_iter().map(|m| (m.id, m.name)))
            .collect();
        assert!(roster.len() > 1, "{rules}: the demo has a roster");
        let before = selected(&app);
        // The last on the roster whose name no one before it starts with.
        let (id, name) = roster
            .iter()
            .rev()
            .find(|(id, name)| {
                Some(*id) != before
                    && !roster
                        .iter()
                        .take_while(|(other, _)| other != id)
                        .any(|(_, n)| n.to_lowercase().starts_with(&name.to_lowercase()))
            })
            .cloned()
            .unwrap_or_else(|| panic!("{rules}: no name to jump to"));
        let mut keys = vec![key('\'')];
        keys.extend(typed(&name));
        let text = drive(&mut app, 120, 40, keys);
        assert_eq!(app.ctx(), Ctx::Jump, "{rules}:\n{text}");
        assert_eq!(
            selected(&app),
            Some(id),
            "{rules}: typing {name} selects it:\n{text}"
        );
        assert!(text.contains(&format!("→ {name}")), "{rules}:\n{text}");
        drive(&mut app, 120, 40, vec![code(KeyCode::Enter)]);
        assert_eq!(app.ctx(), Ctx::Main);
        assert_eq!(selected(&app), Some(id), "{rules}: Enter keeps it");
        // Esc goes back to who was selected before.
        let mut keys = vec![key('\'')];
        keys.extend(typed(&roster[0].1));
        keys.push(code(KeyCode::Esc));
        drive(&mut app, 120, 40, keys);
        assert_eq!(selected(&app), Some(id), "{rules}: Esc goes back");
    }
}

#[test]
fn a_number_finds_the_numbered_creature_and_tab_steps_through_the_matches() {
    let s = session(
        RulesetId::Plain,
        &[
            ("add Ana 8", &[]),
            ("add \"Goblin 1\" 5 others", &[]),
            ("add \"Goblin 2\" 5 others", &[]),
        ],
    );
    let mut app = app(s, &[]);
    let (g1, g2) = (id_of(&app, "Goblin 1"), id_of(&app, "Goblin 2"));
    drive(&mut app, 120, 40, vec![key('\''), key('g'), key('o')]);
    assert_eq!(selected(&app), Some(g1));
    drive(&mut app, 120, 40, vec![code(KeyCode::Tab)]);
    assert_eq!(selected(&app), Some(g2), "Tab: the next match");
    drive(
        &mut app,
        120,
        40,
        vec![code(KeyCode::Esc), key('\''), key('2')],
    );
    assert_eq!(selected(&app), Some(g2), "2 finds Goblin 2");
    let text = drive(&mut app, 120, 40, vec![key('z')]);
    assert!(text.contains("no name starts so"), "{text}");
}

#[test]
fn a_refused_palette_line_says_so_and_the_next_colon_starts_a_new_one() {
    for &rules in RulesetId::ALL {
        // A line every ruleset reads and refuses with no fight under way.
        let line = if rules == RulesetId::Slots {
            "end"
        } else {
            "next"
        };
        let mut app = app(Session::new(SessionState::new("Ford", rules)), &[]);
        for (w, h) in [(120, 40), (80, 24)] {
            let mut keys = vec![key(':')];
            keys.extend(typed(line));
            keys.push(code(KeyCode::Enter));
            let text = drive(&mut app, w, h, keys);
            assert_eq!(app.ctx(), Ctx::Palette, "{rules} at {w}×{h}:\n{text}");
            assert!(
                text.contains("refused, nothing changed"),
                "{rules} at {w}×{h}:\n{text}"
            );
            assert!(text.contains(&format!(":{line}")), "{rules}:\n{text}");
            let text = drive(&mut app, w, h, vec![key(':')]);
            assert!(
                !text.contains(&format!(":{line}")),
                "{rules}: a new line:\n{text}"
            );
            assert!(!text.contains("refused"), "{rules}:\n{text}");
            drive(&mut app, w, h, vec![code(KeyCode::Esc)]);
            assert_eq!(app.ctx(), Ctx::Main, "{rules}");
        }
    }
}

#[test]
fn the_palette_offers_the_rulesets_own_verb_for_the_word_a_judge_reaches_for() {
    let mut wrong = Vec::new();
    for &rules in RulesetId::ALL {
        let state = SessionState::new("Ford", rules);
        let meant = slotmark::script::synonyms(rules);
        assert!(!meant.is_empty(), "{rules}");
        for (word, verb) in meant {
            let said = match parse_line(word, &state) {
                Err(e) => e.message,
                Ok(_) => String::new(),
            };
            if !said.contains(&format!("did you mean {verb}?")) {
                wrong.push(format!("{rules}: {word}: {said}"));
            }
            if let Err(e) = parse_line(verb, &state)
                && e.message.contains("is not a command")
            {
                wrong.push(format!("{rules}: {verb} is no verb"));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    // `heal` in every ruleset: its own verb, or the palette names the ruleset's healing verb.
    for &rules in RulesetId::ALL {
        let state = SessionState::new("Ford", rules);
        let heals = slotmark::script::synonyms(rules)
            .iter()
            .any(|(word, _)| *word == "heal");
        let verb = match parse_line("heal", &state) {
            Err(e) => !e.message.contains("is not a command"),
            Ok(_) => true,
        };
        assert!(
            heals != verb,
            "{rules}: heal is a verb or a word that names one, not both nor neither"
        );
    }
    // The one the judge met: heal in ap.
    let state = SessionState::new("Ford", RulesetId::Ap);
    let said = parse_line("heal Ana", &state).err().unwrap().message;
    assert!(said.contains("did you mean rest?"), "{said}");
}

/// The AP of whoever the ap roll waiting belongs to, by name.
fn ap_of(app: &App, name: &str) -> u8 {
    match &app.session().unwrap().state().game {
        slotmark::rules::GameState::Ap(s) => {
            s.characters.iter().find(|c| c.name == name).unwrap().ap
        }
        _ => unreachable!(),
    }
}

#[test]
fn a16_escape_on_an_ap_roll_leaves_nothing_spent() {
    let s = session(
        RulesetId::Ap,
        &[
            ("add Ana pc party 11 12 8 6", &[]),
            ("add Gob npc goblins 8 13 5 4", &[]),
            ("reveal all", &[]),
            ("carry Ana sword d8 weapon", &[]),
        ],
    );
    let mut app = app(s, &[15, 2, 10, 4, 9, 11, 7, 12]);
    drive(&mut app, 120, 40, vec![key('c'), code(KeyCode::Enter)]);
    for (what, keys) in [
        ("attack", vec![key('a'), code(KeyCode::Enter)]),
        ("check", vec![key('g'), code(KeyCode::Enter)]),
    ] {
        let before = ap_of(&app, "Ana");
        let text = drive(&mut app, 120, 40, keys);
        assert_eq!(app.ctx(), Ctx::Roll, "{what}:\n{text}");
        assert!(ap_of(&app, "Ana") < before, "{what} spends AP:\n{text}");
        let text = drive(&mut app, 120, 40, vec![code(KeyCode::Esc)]);
        assert_eq!(app.ctx(), Ctx::Main, "{what}:\n{text}");
        assert_eq!(
            ap_of(&app, "Ana"),
            before,
            "{what}: Escape gives the AP back:\n{text}"
        );
    }
}

/// Every "press K" on the screen names a key the screen's table binds on the main screen.
fn hints_are_true(app: &App, text: &str) -> Result<(), String> {
    use ratatui::crossterm::event::{KeyEvent, KeyModifiers};
    let words: Vec<&str> = text.split_whitespace().collect();
    for pair in words.windows(2) {
        if !pair[0].eq_ignore_ascii_case("press") {
            continue;
        }
        let k = pair[1].trim_end_matches([',', '.', ';', ')']);
        let mut chars = k.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            continue;
        };
        let ev = KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
        if slotmark::tui::keymap::lookup(app.table(), Ctx::Main, &ev).is_none() {
            return Err(format!("the screen says press {c}, which nothing binds"));
        }
    }
    Ok(())
}

#[test]
fn every_hint_on_a_new_sessions_screen_names_a_key_that_works() {
    for &rules in RulesetId::ALL {
        let mut app = app(Session::new(SessionState::new("Ford", rules)), &[]);
        for (w, h) in [(120, 40), (80, 24)] {
            let text = drive(&mut app, w, h, Vec::new());
            assert!(
                text.contains("Press n to add"),
                "{rules}: a hint that names the key adding someone:\n{text}"
            );
            if let Err(why) = hints_are_true(&app, &text) {
                panic!("{rules} at {w}×{h}: {why}\n{text}");
            }
        }
    }
}

/// The roster and strip rows of an 80×24 screen that show `name`'s number.
fn shows(text: &str, number: &str) -> bool {
    // Whole, or cut to a label: a start of the name (two letters at least) and the number.
    let name = "Goblin skirmisher";
    text.lines().any(|l| {
        (2..=name.len()).any(|k| {
            l.contains(&format!("{} {number}", &name[..k]))
                || l.contains(&format!("{}… {number}", &name[..k]))
        })
    })
}

type Case = (RulesetId, Vec<String>, Vec<u16>, Vec<char>);

/// A fight in each ruleset: Ana against two goblins told apart only by their number, the lines
/// that set it up, the faces the keys roll and the keys that start it (`\r` is Enter).
fn fights() -> Vec<Case> {
    let g = |rest: &str| {
        [
            format!("add \"Goblin skirmisher 1\" {rest}"),
            format!("add \"Goblin skirmisher 2\" {rest}"),
        ]
    };
    vec![
        (
            RulesetId::Plain,
            [
                vec!["add Ana 8".to_string()],
                g("5 others").to_vec(),
                vec![
                    "reveal all".into(),
                    "fight Ana \"Goblin skirmisher 1\" \"Goblin skirmisher 2\"".into(),
                    "damage Ana 8".into(),
                ],
            ]
            .concat(),
            vec![],
            vec![],
        ),
        (
            RulesetId::ActionDie,
            [
                vec!["add Ana pc d8 d6 d6 d4 10".to_string()],
                g("creature d8 d6 d6 d4 12").to_vec(),
                vec![
                    "reveal all".into(),
                    "scene for the bridge".into(),
                    "act Ana attack unarmed".into(),
                    "act \"Goblin skirmisher 1\" attack unarmed".into(),
                    "act \"Goblin skirmisher 2\" attack unarmed".into(),
                ],
            ]
            .concat(),
            vec![3, 1, 2],
            vec!['i'],
        ),
        (
            RulesetId::Ap,
            [
                vec!["add Ana pc party 11 12 8 6".to_string()],
                g("npc goblins 8 13 5 4").to_vec(),
                vec!["reveal all".into()],
            ]
            .concat(),
            vec![15, 2, 3],
            vec!['c', '\r'],
        ),
        (
            RulesetId::Bdp,
            [
                vec!["add Ana pc 10 12 8 6".to_string()],
                g("creature 8 10 10 4").to_vec(),
                vec!["reveal all".into()],
            ]
            .concat(),
            vec![],
            vec!['c', '\r'],
        ),
        (
            RulesetId::Phase,
            [
                vec!["add Ana pc 6 12 14 9".to_string()],
                g("creature 2 group goblins").to_vec(),
                vec!["reveal all".into()],
            ]
            .concat(),
            vec![3],
            vec!['c', '\r'],
        ),
        (
            RulesetId::Slots,
            [
                vec!["add Ana players".to_string()],
                g("opponents").to_vec(),
                vec!["reveal all".into(), "fight opponents".into()],
            ]
            .concat(),
            vec![],
            vec![],
        ),
    ]
}

/// The app with the case's fight started by its keys, and the screen then at `w`×`h`.
fn fight_on(
    rules: RulesetId,
    lines: &[String],
    faces: Vec<u16>,
    keys: Vec<char>,
    w: u16,
    h: u16,
) -> (App, String) {
    let lines: Vec<(&str, &[u16])> = lines.iter().map(|l| (l.as_str(), &[][..])).collect();
    let mut app = app(session(rules, &lines), &faces);
    // `c` opens the fight form; Enter (`\r`) starts the fight.
    let keys = keys
        .into_iter()
        .map(|c| {
            if c == '\r' {
                code(KeyCode::Enter)
            } else {
                key(c)
            }
        })
        .collect();
    let text = drive(&mut app, w, h, keys);
    (app, text)
}

/// Each ruleset's fight at 80×24: whose turn, the order, both goblins told apart by their
/// number, and (in plain) a downed character's mark.
#[test]
fn every_rulesets_fight_is_readable_at_80x24() {
    for (rules, lines, faces, keys) in fights() {
        let (app, text) = fight_on(rules, &lines, faces, keys, 80, 24);
        assert!(
            app.session().unwrap().state().game.initiative().is_some(),
            "{rules}: a fight:\n{text}"
        );
        assert!(text.contains("Round 1"), "{rules}: the round:\n{text}");
        assert!(
            shows(&text, "1") && shows(&text, "2"),
            "{rules}: the goblins told apart:\n{text}"
        );
        if rules == RulesetId::Plain {
            assert!(
                text.contains("OUT") || text.contains("down"),
                "{rules}: Ana is down:\n{text}"
            );
        }
        if rules == RulesetId::ActionDie {
            let strip = text.lines().nth(1).unwrap_or_default();
            let at = |n: &str| strip.find(n).unwrap_or(usize::MAX);
            assert!(
                at("Ana") < usize::MAX && at("Ana") > at("r 2") && at("r 2") > at("r 1"),
                "actiondie: one row by count (goblin 1, goblin 2, Ana):\n{text}"
            );
        }
        insta::assert_snapshot!(format!("frame_{rules}_fight_80x24"), text);
    }
}

#[test]
fn slash_searches_the_log_and_n_and_capital_n_step_while_the_search_is_kept() {
    let s = session(
        RulesetId::Plain,
        &[
            ("add Ana 8", &[]),
            ("add Ogre 12 others", &[]),
            ("add Anatole 9", &[]),
            ("add Bo 7", &[]),
        ],
    );
    let mut app = app(s, &[]);
    let roster_before = app.session().unwrap().state().game.roster().len();
    let mut keys = vec![key('/')];
    keys.extend(typed("ana"));
    let text = drive(&mut app, 100, 30, keys);
    assert_eq!(app.ctx(), Ctx::Search, "{text}");
    let at = |app: &App| app.main().unwrap().view.search.as_ref().and_then(|s| s.at);
    assert_eq!(at(&app), Some((2, 0)), "the newest line with ana (Anatole)");
    let text = drive(&mut app, 100, 30, vec![code(KeyCode::Enter)]);
    assert_eq!(app.ctx(), Ctx::Found, "Enter keeps the search:\n{text}");
    assert!(text.contains("1 of 2"), "{text}");
    insta::assert_snapshot!("search_kept_in_the_log", text);
    drive(&mut app, 100, 30, vec![key('n')]);
    assert_eq!(at(&app), Some((0, 0)), "n: the older match (Ana)");
    assert_eq!(app.main().unwrap().view.log_scroll, 3);
    let text = drive(&mut app, 100, 30, vec![key('n')]);
    assert_eq!(at(&app), Some((0, 0)), "no older match: it stays");
    assert!(text.contains("no older line"), "{text}");
    drive(&mut app, 100, 30, vec![key('N')]);
    assert_eq!(at(&app), Some((2, 0)), "N: the newer match again");
    assert_eq!(
        app.session().unwrap().state().game.roster().len(),
        roster_before,
        "n and N added no one while the search was kept"
    );
    // Esc leaves the search: n adds a character again.
    let text = drive(&mut app, 100, 30, vec![code(KeyCode::Esc), key('n')]);
    assert!(app.main().unwrap().view.search.is_none());
    assert_eq!(app.ctx(), Ctx::Form, "n opens the add form again:\n{text}");
}

#[test]
fn a_search_no_line_has_says_so_and_esc_puts_the_log_back() {
    let s = session(
        RulesetId::Plain,
        &[("add Ana 8", &[]), ("add Ogre 12 others", &[])],
    );
    let mut app = app(s, &[]);
    let mut keys = vec![key('/')];
    keys.extend(typed("zz"));
    let text = drive(&mut app, 100, 30, keys);
    assert!(text.contains("no line of the log has it"), "{text}");
    drive(&mut app, 100, 30, vec![code(KeyCode::Esc)]);
    assert_eq!(app.ctx(), Ctx::Main);
    let view = &app.main().unwrap().view;
    assert_eq!((view.log_scroll, view.log_selected), (0, None));
}

/// Issue 26, "Escape leaves nothing spent", in every ruleset: in each fight the actor's attack
/// (a check in plain, which keeps no attacks, and a save in bdp and phase, whose attacks land at
/// once) opens a form, and Escape there spends nothing;
/// submitted, the roll waits for the judge and Escape drops it with the game as it was before
/// the key, whatever the roll had taken (AP, an action). actiondie's rolls wait for no one: they
/// land at once, and one undo takes them back.
#[test]
fn escape_on_the_actors_roll_leaves_nothing_spent_in_every_ruleset() {
    for (rules, lines, mut faces, keys) in fights() {
        faces.extend([4; 8]);
        let (mut app, _) = fight_on(rules, &lines, faces, keys, 120, 40);
        let game = |app: &App| app.session().unwrap().state().game.clone();
        let before = game(&app);
        // bdp's and phase's attacks land at once (001 has no attack roll, B49; 002 rolls none, K19), so
        // there a save waits.
        let act = match rules {
            RulesetId::Plain | RulesetId::Bdp | RulesetId::Phase => 'g',
            _ => 'a',
        };
        let text = drive(&mut app, 120, 40, vec![key(act)]);
        assert_eq!(app.ctx(), Ctx::Form, "{rules}: {act} opens a form:\n{text}");
        drive(&mut app, 120, 40, vec![code(KeyCode::Esc)]);
        assert_eq!(app.ctx(), Ctx::Main, "{rules}");
        assert_eq!(game(&app), before, "{rules}: Escape on the form");
        let mut text = drive(&mut app, 120, 40, vec![key(act)]);
        for _ in 0..4 {
            if app.ctx() != Ctx::Form {
                break;
            }
            text = drive(&mut app, 120, 40, vec![code(KeyCode::Enter)]);
        }
        assert_ne!(game(&app), before, "{rules}: the roll is made:\n{text}");
        if rules == RulesetId::ActionDie {
            assert_eq!(app.ctx(), Ctx::Main, "{rules}: nothing waits:\n{text}");
            drive(&mut app, 120, 40, vec![key('u')]);
            assert_eq!(game(&app), before, "{rules}: undo takes it back");
            continue;
        }
        assert_eq!(app.ctx(), Ctx::Roll, "{rules}: the roll waits:\n{text}");
        let text = drive(&mut app, 120, 40, vec![code(KeyCode::Esc)]);
        assert_eq!(app.ctx(), Ctx::Main, "{rules}:\n{text}");
        assert_eq!(
            game(&app),
            before,
            "{rules}: Escape leaves the game as it was:\n{text}"
        );
    }
}

/// The plain tracker's `c` in a fight asks before it ends it, as every other ruleset's does
/// (tests/fighters.rs): Esc keeps the fight, `y` ends it.
#[test]
fn plain_c_in_a_fight_asks_before_it_ends_it() {
    let (rules, lines, faces, keys) = fights().remove(0);
    assert_eq!(rules, RulesetId::Plain);
    let (mut app, _) = fight_on(rules, &lines, faces, keys, 120, 40);
    let fighting = |app: &App| app.session().unwrap().state().game.initiative().is_some();
    assert!(fighting(&app));
    let text = drive(&mut app, 120, 40, vec![key('c')]);
    assert!(text.contains("End the fight?"), "{text}");
    drive(&mut app, 120, 40, vec![code(KeyCode::Esc)]);
    assert!(fighting(&app), "Esc keeps the fight");
    drive(&mut app, 120, 40, vec![key('c'), key('y')]);
    assert!(!fighting(&app), "y ends it");
}

/// Every "press K" on each ruleset's fight names a key that works there, at both sizes, and the
/// jump to anyone (`'` and a name's first letters) selects a goblin by its number on the fight
/// screen at 80×24 as at 120×40.
#[test]
fn in_every_rulesets_fight_the_hints_are_true_and_the_jump_finds_anyone_at_both_sizes() {
    for (w, h) in [(120, 40), (80, 24)] {
        for (rules, lines, faces, keys) in fights() {
            let (mut app, text) = fight_on(rules, &lines, faces, keys, w, h);
            if let Err(why) = hints_are_true(&app, &text) {
                panic!("{rules} at {w}×{h}: {why}\n{text}");
            }
            let goblin = id_of(&app, "Goblin skirmisher 2");
            let mut keys = vec![key('\'')];
            keys.extend(typed("g"));
            keys.push(key('2'));
            let text = drive(&mut app, w, h, keys);
            assert_eq!(selected(&app), Some(goblin), "{rules} at {w}×{h}:\n{text}");
            drive(&mut app, w, h, vec![code(KeyCode::Enter)]);
            assert_eq!(app.ctx(), Ctx::Main, "{rules} at {w}×{h}");
            assert_eq!(selected(&app), Some(goblin), "{rules} at {w}×{h}");
        }
    }
}

/// Each ruleset's fight at 80×24 keeps the judge's bearings: the header says whose turn it is,
/// the status line keeps `u undo` and `? help`, and a palette line that is refused is read
/// whole, wrapped, never cut.
#[test]
fn every_rulesets_fight_keeps_whose_turn_undo_and_a_whole_refusal_at_80x24() {
    for (rules, lines, faces, keys) in fights() {
        let (mut app, text) = fight_on(rules, &lines, faces, keys, 80, 24);
        let header = text.lines().next().unwrap_or_default();
        assert!(header.contains("▶ "), "{rules}: whose turn:\n{text}");
        let status = text.lines().last().unwrap_or_default();
        assert!(
            status.contains("u undo") && status.contains("? help"),
            "{rules}: the status line:\n{text}"
        );
        let mut keys = vec![key(':')];
        keys.extend(typed("frobnicate the goblins at once"));
        keys.push(code(KeyCode::Enter));
        let text = drive(&mut app, 80, 24, keys);
        let joined: String = text
            .lines()
            .map(|l| l.trim_matches('"').trim())
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            joined.contains("(`slotmark help commands` lists them all) (at column 1)"),
            "{rules}: the whole refusal:\n{text}"
        );
        insta::assert_snapshot!(format!("frame_{rules}_refusal_80x24"), text);
    }
}

/// After PgUp the log says it is scrolled back; the next step brings it back to the newest.
#[test]
fn the_roll_log_says_it_is_scrolled_back_and_a_new_step_brings_it_to_the_newest() {
    let s = session(
        RulesetId::Plain,
        &[
            ("add Ana 8", &[]),
            ("add Bo 7", &[]),
            ("add Cy 6", &[]),
            ("add Dee 5", &[]),
            ("add Eli 5", &[]),
            ("add Fay 5", &[]),
            ("add Gus 5", &[]),
        ],
    );
    let mut app = app(s, &[]);
    let text = drive(&mut app, 80, 24, vec![code(KeyCode::PageUp)]);
    assert!(text.contains("steps back (PgDn: newer)"), "{text}");
    insta::assert_snapshot!("roll_log_scrolled_back_80x24", text);
    let mut keys = vec![key(':')];
    keys.extend(typed("damage Ana 1"));
    keys.push(code(KeyCode::Enter));
    let text = drive(&mut app, 80, 24, keys);
    assert!(text.contains("Roll log, newest first"), "{text}");
    let newest = text
        .lines()
        .skip_while(|l| !l.contains("Roll log"))
        .nth(1)
        .unwrap_or_default();
    assert!(newest.contains("8 ") && newest.contains("Ana"), "{text}");
}

/// In the slot system those left out of a fight are not on the strip, and nobody is called
/// surprised who was not.
#[test]
fn slots_fighters_left_out_of_a_fight_are_not_on_the_strip() {
    let s = session(
        RulesetId::Slots,
        &[
            ("add Ana players", &[]),
            ("add Bo players", &[]),
            ("add Goblin opponents", &[]),
            ("add Wolf opponents", &[]),
            ("reveal all", &[]),
            ("fight players with Ana Bo Goblin", &[]),
        ],
    );
    let mut app = app(s, &[]);
    let text = drive(&mut app, 80, 24, Vec::new());
    let strip = text.lines().nth(1).unwrap_or_default();
    assert!(strip.contains("Goblin"), "{text}");
    assert!(!strip.contains("Wolf"), "Wolf is not in the fight:\n{text}");
    assert!(!text.contains("surprised"), "{text}");
    let tall = drive(&mut app, 120, 40, Vec::new());
    let strip: Vec<&str> = tall.lines().skip(1).take(3).collect();
    assert!(
        !strip
            .iter()
            .any(|l| l.contains("Wolf") || l.contains("surprised")),
        "{tall}"
    );
}

/// A roster taller than its panel scrolls so the selected one stays in sight, and says that
/// rows are above.
#[test]
fn a_roster_taller_than_the_screen_keeps_the_selected_in_sight() {
    let mut lines: Vec<String> = vec!["add Ana 8".into()];
    lines.extend((1..=24).map(|n| format!("add \"Goblin {n}\" 5 others")));
    let lines: Vec<(&str, &[u16])> = lines.iter().map(|l| (l.as_str(), &[][..])).collect();
    let mut app = app(session(RulesetId::Plain, &lines), &[]);
    let top = drive(&mut app, 80, 24, Vec::new());
    assert!(!top.contains("rows above"), "{top}");
    let last = id_of(&app, "Goblin 24");
    app.main_mut().unwrap().view.selected = Some(last);
    let text = drive(&mut app, 80, 24, Vec::new());
    assert!(text.contains("rows above"), "{text}");
    assert!(text.contains("▶Goblin 24"), "{text}");
    insta::assert_snapshot!("roster_scrolled_80x24", text);
}
