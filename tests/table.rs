//! The players' table view (`slotmark table FILE`) beside the judge's session on the same file:
//! the judge plays through the command language and the store, as the screen does; the view
//! follows the file through `TestBackend`. What it shows after each step, after undo and redo,
//! after the fold, after the judge's process dies and the session is reopened, after the file is
//! replaced; and that a secret roll or a hidden creature never reaches it, for every ruleset.

mod pty;
mod screen;
mod support;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use slotmark::dice::ScriptedDice;
use slotmark::export::players;
use slotmark::rules::RulesetId;
use slotmark::script::{self, Line};
use slotmark::session::{Command, CreatureNumbers, Session, SessionState, TableView, seen};
use slotmark::store::{Followed, JournalRecord, Store};
use slotmark::tui::table::{self, TableScreen};
use slotmark::tui::theme::Theme;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The judge's side: an open store (holding the lock) and the session, driven by script lines.
struct Judge {
    store: Store,
    session: Session,
}

impl Judge {
    fn create(path: &Path, ruleset: RulesetId) -> Judge {
        let session = Session::new(SessionState::new("At the Ford", ruleset));
        let store = Store::create(path, &session).unwrap();
        Judge { store, session }
    }

    fn open(path: &Path) -> Judge {
        let opened = Store::open(path).unwrap();
        Judge {
            store: opened.store,
            session: opened.session,
        }
    }

    /// One line of the command language with these die faces, journalled as the screen does.
    fn says(&mut self, line: &str, faces: &[u16]) {
        match script::parse_line(line, self.session.state()).unwrap() {
            Line::Command(c) => {
                let entry = self
                    .session
                    .execute(c, &mut ScriptedDice::new(faces.to_vec()))
                    .unwrap_or_else(|e| panic!("{line}: {e}"))
                    .to_logged();
                self.store
                    .journal_step(&JournalRecord::Apply(entry), &self.session)
                    .unwrap();
            }
            Line::Undo => {
                self.session.undo().unwrap();
                self.store
                    .journal_step(&JournalRecord::Undo, &self.session)
                    .unwrap();
            }
            Line::Redo => {
                self.session.redo().unwrap();
                self.store
                    .journal_step(&JournalRecord::Redo, &self.session)
                    .unwrap();
            }
            other => panic!("{line}: {other:?}"),
        }
    }

    /// The judge quits or saves: the journal is folded into the file.
    fn fold(&mut self) {
        self.store.compact(&self.session).unwrap();
    }
}

/// The players' side: the view of the file in a test terminal.
struct Table {
    screen: TableScreen,
    terminal: Terminal<TestBackend>,
}

impl Table {
    fn open(path: &Path, w: u16, h: u16) -> Table {
        let screen = TableScreen::open(path, Theme::plain()).unwrap();
        let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
        screen.draw(&mut terminal).unwrap();
        Table { screen, terminal }
    }

    /// Looks at the files once, as the view does on each wake, and returns the screen's text.
    fn shows(&mut self) -> String {
        let followed = table::step(&mut self.terminal, &mut self.screen).unwrap();
        assert_ne!(followed, Followed::Gone);
        screen_text(&self.terminal)
    }
}

fn screen_text(terminal: &Terminal<TestBackend>) -> String {
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

fn dir() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ford.ron");
    (dir, path)
}

fn plain_party(judge: &mut Judge) {
    judge.says("add Ana 8", &[]);
    judge.says("add Bo 6", &[]);
    judge.says("add Ogre 12 others", &[]);
    judge.says("add Ghoul 5 others", &[]);
    // Creatures start unseen; these have been met.
    judge.says("reveal all", &[]);
}

#[test]
fn the_view_follows_each_step_undo_and_redo() {
    let (_d, path) = dir();
    let mut judge = Judge::create(&path, RulesetId::Plain);
    let mut table = Table::open(&path, 80, 24);
    assert!(table.shows().contains("At the Ford"));
    plain_party(&mut judge);
    let s = table.shows();
    for name in ["Ana", "Bo", "Ogre", "Ghoul"] {
        assert!(s.contains(name), "{name} missing:\n{s}");
    }
    // The party's hit points show; the creatures' never do.
    assert!(s.contains("8/8"), "{s}");
    assert!(!s.contains("12/12") && !s.contains("5/5"), "{s}");

    judge.says("fight Ogre Ana Bo", &[]);
    let s = table.shows();
    assert!(s.contains("ROUND 1"), "{s}");
    assert!(s.contains("NOW  Ogre"), "{s}");
    assert!(s.contains("NEXT Ana"), "{s}");

    judge.says("damage Ogre 5", &[]);
    let s = table.shows();
    assert!(s.contains("Ogre  hurt"), "{s}");
    assert!(!s.contains("7/12") && !s.contains("(7 left)"), "{s}");

    judge.says("next", &[]);
    let s = table.shows();
    assert!(s.contains("NOW  Ana") && s.contains("NEXT Bo"), "{s}");

    judge.says("check Ana 2d6 vs 9 climb", &[5, 6]);
    judge.says("accept", &[]);
    let s = table.shows();
    assert!(s.contains("climb"), "the roll shows:\n{s}");

    judge.says("undo", &[]);
    judge.says("undo", &[]);
    let s = table.shows();
    assert!(!s.contains("climb"), "the undone roll is gone:\n{s}");
    judge.says("redo", &[]);
    judge.says("redo", &[]);
    assert!(table.shows().contains("climb"));
}

#[test]
fn the_view_survives_the_fold_a_crash_the_reopening_and_a_replaced_file() {
    let (_d, path) = dir();
    let mut judge = Judge::create(&path, RulesetId::Plain);
    let mut table = Table::open(&path, 100, 30);
    plain_party(&mut judge);
    judge.says("fight Ana Bo Ogre", &[]);
    judge.fold();
    let s = table.shows();
    assert!(s.contains("NOW  Ana"), "after the fold:\n{s}");
    judge.says("next", &[]);
    assert!(table.shows().contains("NOW  Bo"), "after the fold, a step");

    // The judge's process dies: its lock goes, the journal stays as it was.
    drop(judge);
    let s = table.shows();
    assert!(s.contains("NOW  Bo"), "after the crash:\n{s}");

    // The judge opens the session again (the journal is folded in) and plays on.
    let mut judge = Judge::open(&path);
    assert!(table.shows().contains("NOW  Bo"));
    judge.says("next", &[]);
    assert!(table.shows().contains("NOW  Ogre"), "after the reopening");
    drop(judge);

    // Another session put in place atomically (a backup restored, say).
    let other = tempfile::tempdir().unwrap();
    let copy = other.path().join("copy.ron");
    let mut elsewhere = Judge::create(&copy, RulesetId::Plain);
    elsewhere.says("add Cyd 4", &[]);
    elsewhere.fold();
    drop(elsewhere);
    std::fs::rename(&copy, &path).unwrap();
    std::fs::remove_file(slotmark::store::journal_path(&path)).unwrap();
    let s = table.shows();
    assert!(
        s.contains("Cyd") && !s.contains("Ogre"),
        "after the swap:\n{s}"
    );

    // The file goes away: the view says so.
    std::fs::remove_file(&path).unwrap();
    assert_eq!(
        table::step(&mut table.terminal, &mut table.screen).unwrap(),
        Followed::Gone
    );
}

#[test]
fn the_view_reads_without_the_lock_and_writes_nothing() {
    let (d, path) = dir();
    let mut judge = Judge::create(&path, RulesetId::Plain);
    plain_party(&mut judge);
    let before: Vec<(PathBuf, Vec<u8>)> = files(d.path());
    let mut table = Table::open(&path, 80, 24);
    assert!(table.shows().contains("Ogre"));
    assert_eq!(files(d.path()), before, "the view changed a file");
    // The judge's lock is still the judge's: another judge is refused.
    assert!(matches!(
        Store::open(&path),
        Err(slotmark::store::StoreError::Locked { .. })
    ));
}

fn files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out: Vec<(PathBuf, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| {
            let bytes = std::fs::read(&p).unwrap();
            (p, bytes)
        })
        .collect();
    out.sort();
    out
}

#[test]
fn a_secret_roll_and_a_hidden_creature_never_reach_the_view() {
    let (_d, path) = dir();
    let mut judge = Judge::create(&path, RulesetId::Plain);
    let mut table = Table::open(&path, 120, 40);
    plain_party(&mut judge);
    judge.says("veil Ghoul", &[]);
    judge.says("fight Ghoul Ana Bo", &[]);
    let s = table.shows();
    assert!(!s.contains("Ghoul"), "{s}");
    // The hidden creature acts: the players see no one acting, and Ana next.
    assert!(s.contains("NOW  —") && s.contains("NEXT Ana"), "{s}");

    judge.says("check Ogre d20 vs 15 notice the thieves", &[17]);
    judge.says("secret", &[]);
    judge.says("accept", &[]);
    let s = table.shows();
    assert!(!s.contains("notice"), "{s}");
    judge.says("check Bo d20 vs 10 swim", &[4]);
    judge.says("accept", &[]);
    let s = table.shows();
    assert!(s.contains("swim") && !s.contains("notice"), "{s}");

    // Shown again, the roll and its verdict come back; so does the creature.
    judge.says("secret 8 off", &[]);
    judge.says("unveil Ghoul", &[]);
    let s = table.shows();
    assert!(s.contains("notice") && s.contains("Ghoul"), "{s}");
    // Undone, the secret is back.
    judge.says("undo", &[]);
    judge.says("undo", &[]);
    let s = table.shows();
    assert!(!s.contains("notice") && !s.contains("Ghoul"), "{s}");
}

/// The kind of an event: its variants' names as a session file writes them.
fn kind(event: &slotmark::session::Event) -> String {
    let text = ron::to_string(event).unwrap();
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(3)
        .collect::<Vec<_>>()
        .join("::")
}

/// Sessions that between them make every kind of event their rulesets' verbs make: each
/// ruleset's demo (or a small party) played on with every verb's own example, twice over, with
/// seeded dice; examples that do not fit the moment are refused and change nothing.
fn sessions() -> Vec<Session> {
    sessions_seeded(7)
}

/// [`sessions`], with the dice seeded from `seed`.
fn sessions_seeded(seed: u64) -> Vec<Session> {
    let mut out = Vec::new();
    for (n, &ruleset) in RulesetId::ALL.iter().enumerate() {
        let mut s = if script::has_demo(ruleset) {
            script::demo_for(ruleset)
        } else {
            Session::new(SessionState::new("Plain", ruleset))
        };
        let mut dice = slotmark::dice::LiveDice::seeded(n as u64 + seed);
        let examples: Vec<&str> = script::verbs(ruleset)
            .iter()
            .map(|v| v.example)
            .filter(|e| {
                let verb = e.split_whitespace().next().unwrap_or("");
                !["save", "undo", "redo", "secret", "veil", "unveil"].contains(&verb)
            })
            .collect();
        let opening: &[&str] = if ruleset == RulesetId::Plain {
            &[
                "add Ana 8",
                "add Bo 6",
                "add Ogre 12 others",
                "fight Ogre Ana Bo",
            ]
        } else {
            &[]
        };
        // Rounds of every example: later rounds find the fights, waiting rolls and wounds the
        // earlier ones started.
        let rounds = std::iter::repeat_n(&examples, 6).flatten();
        for line in opening.iter().chain(rounds) {
            if let Ok(Line::Command(c)) = script::parse_line(line, s.state()) {
                let _ = s.execute(c, &mut dice);
            }
        }
        out.push(s);
    }
    // The slot system's ambush: a search, a stealth check and a fight, with seeded dice.
    let mut s = Session::new(SessionState::new("Ambush", RulesetId::Slots));
    let mut dice = slotmark::dice::LiveDice::seeded(seed.wrapping_sub(6));
    for line in include_str!("../assets/slots/ambush.slotmark").lines() {
        if let Ok(Line::Command(c)) = script::parse_line(line, s.state()) {
            let _ = s.execute(c, &mut dice);
        }
    }
    out.push(s);
    out
}

#[test]
fn no_secret_step_reaches_the_view_whatever_its_events() {
    let mut kinds = BTreeSet::new();
    for session in sessions() {
        let rolled: Vec<usize> = session
            .applied()
            .iter()
            .enumerate()
            .filter(|(_, e)| !e.rolls.is_empty())
            .map(|(i, _)| i)
            .collect();
        for step in rolled {
            let mut s = session.clone();
            s.execute(
                Command::Secret {
                    step: Some(step as u32),
                    secret: true,
                },
                &mut ScriptedDice::new([]),
            )
            .unwrap();
            let secret: BTreeSet<usize> = seen(&s, 0..s.applied().len())
                .iter()
                .enumerate()
                .filter(|(_, seen)| seen.secret)
                .map(|(i, _)| i)
                .collect();
            for &i in &secret {
                kinds.extend(s.events(i).iter().map(kind));
            }
            let view = TableView::of(&s, 100_000);
            for line in &view.rolls {
                assert!(
                    !secret.contains(&line.step),
                    "step {} is secret, yet the view shows {:?}",
                    line.step + 1,
                    line.text
                );
            }
            // And the screen, at the largest size, draws nothing else.
            let mut terminal = Terminal::new(TestBackend::new(300, 80)).unwrap();
            terminal
                .draw(|f| {
                    let area = f.area();
                    table::draw(f.buffer_mut(), area, &view, Theme::plain(), None)
                })
                .unwrap();
            let shown = screen_text(&terminal);
            for &i in &secret {
                for e in s.events(i).iter() {
                    let text = e.to_string();
                    let public = view.rolls.iter().any(|l| l.text == text);
                    assert!(public || !draws(&shown, &text), "{text} drawn");
                }
            }
        }
    }
    assert!(
        kinds.len() >= 20,
        "too few kinds of events were tried: {kinds:?}"
    );
    eprintln!("kinds of events tried in secret: {}", kinds.len());
}

#[test]
fn no_hidden_creature_reaches_the_view() {
    for session in sessions() {
        let groups = session.state().game.roster();
        let roster: Vec<(u32, String)> = groups
            .iter()
            .flat_map(|g| &g.members)
            .map(|m| (m.id, m.name.clone()))
            .collect();
        // Player characters are always seen; every creature can be veiled.
        let creatures = groups
            .iter()
            .filter(|g| !g.party)
            .flat_map(|g| &g.members)
            .filter(|m| !session.state().veil.hidden.contains(&m.id));
        for (id, name) in creatures.map(|m| (&m.id, &m.name)) {
            let mut s = session.clone();
            s.execute(
                Command::Hide {
                    id: *id,
                    hidden: true,
                },
                &mut ScriptedDice::new([]),
            )
            .unwrap();
            let view = TableView::of(&s, 100_000);
            assert!(!view.party.iter().any(|m| m.id == *id), "{name}");
            assert!(!view.creatures.iter().any(|m| m.id == *id), "{name}");
            if let Some(f) = &view.fight {
                assert!(!f.order.iter().any(|m| m.id == *id), "{name}");
            }
            // Its name, when nobody else has it, is nowhere on the view.
            let unique = roster.iter().filter(|(_, n)| n == name).count() == 1;
            if !unique || name.contains(' ') {
                continue;
            }
            if let Some(f) = &view.fight {
                assert!(!f.acting.contains(name), "{name}");
                assert_ne!(f.next.as_deref(), Some(name.as_str()));
            }
            for line in &view.rolls {
                let words: Vec<&str> = line.text.split(|c: char| !c.is_alphanumeric()).collect();
                assert!(
                    !words.contains(&name.as_str()),
                    "{name} named in {:?}",
                    line.text
                );
            }
        }
    }
}

#[test]
fn the_view_fits_a_phone_and_a_projector_and_keeps_colour_out_under_no_color() {
    let (_d, path) = dir();
    let mut judge = Judge::create(&path, RulesetId::Plain);
    plain_party(&mut judge);
    judge.says("fight Ogre Ana Bo", &[]);
    judge.says("check Ana 2d6 vs 9 climb", &[5, 6]);
    judge.says("accept", &[]);
    for (w, h) in [(40, 12), (80, 24), (300, 80)] {
        let mut table = Table::open(&path, w, h);
        let s = table.shows();
        assert!(s.contains("Ogre") && s.contains("ROUND 1"), "{w}x{h}:\n{s}");
    }
    let table = Table::open(&path, 40, 12);
    let buf = table.terminal.backend().buffer();
    assert!(
        buf.content
            .iter()
            .all(|c| c.fg == ratatui::style::Color::Reset),
        "a colour under NO_COLOR"
    );
}

#[test]
fn slotmark_table_follows_a_session_being_played_in_a_pseudo_terminal() {
    let home = tempfile::tempdir().unwrap();
    let path = home.path().join("ford.ron");
    let mut judge = Judge::create(&path, RulesetId::Plain);
    plain_party(&mut judge);
    let file = path.to_string_lossy().into_owned();
    let mut term = pty::Term::spawn(&["table", &file], home.path(), &[], 24, 80);
    term.wait_text("Ogre");
    judge.says("fight Bo Ana Ogre", &[]);
    term.wait_text("NOW  Bo");
    judge.says("next", &[]);
    term.wait_text("NOW  Ana");
    judge.fold();
    judge.says("check Ana 2d6 vs 9 climb", &[5, 6]);
    judge.says("accept", &[]);
    term.wait_text("climb");
    // The file goes away: the view closes and gives the terminal back.
    drop(judge);
    std::fs::remove_file(&path).unwrap();
    term.wait_closed();
    assert!(term.cooked(), "the terminal was not restored");
}

/// The judge's screen names the session's file; that name alone, without a folder or `.ron`,
/// is enough for `slotmark table`: it is looked for in the saves folder (`--saves DIR`).
#[test]
fn slotmark_table_finds_a_session_by_its_name_in_the_saves_folder() {
    let home = tempfile::tempdir().unwrap();
    let saves = home.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let mut judge = Judge::create(&saves.join("ford.ron"), RulesetId::Plain);
    plain_party(&mut judge);
    let saves_arg = saves.to_string_lossy().into_owned();
    for name in ["ford", "ford.ron"] {
        let mut term = pty::Term::spawn(
            &["--saves", &saves_arg, "table", name],
            home.path(),
            &[],
            12,
            40,
        );
        term.wait_text("Ogre");
        term.press("q");
        term.wait_closed();
        assert!(term.cooked());
    }
}

#[test]
fn slotmark_table_closes_on_q() {
    let home = tempfile::tempdir().unwrap();
    let path = home.path().join("ford.ron");
    let mut judge = Judge::create(&path, RulesetId::Plain);
    plain_party(&mut judge);
    let file = path.to_string_lossy().into_owned();
    let mut term = pty::Term::spawn(&["table", &file], home.path(), &[], 12, 40);
    term.wait_text("Ana");
    term.press("q");
    term.wait_closed();
    assert!(term.cooked());
}

/// Each ruleset's demo with a fight started (and a turn under way where the ruleset asks for
/// one), saved to a file.
fn demo_in_a_fight(ruleset: RulesetId, dir: &Path) -> PathBuf {
    let mut s = script::demo_for(ruleset);
    let lines: &[&str] = match ruleset {
        // A demo that starts its own fight is shown as it is.
        _ if s.state().game.initiative().is_some() => &[],
        RulesetId::Slots => &[
            "fight players all",
            "turn Aria",
            "check Aria terrain",
            "accept",
        ],
        RulesetId::ActionDie => &[
            "scene Ana Bram Cora Grak Snag Grub for the bridge",
            "act Ana attack",
            "act Bram attack",
            "act Cora defend",
            "act Grak attack",
            "act Snag attack",
            "act Grub run",
            "initiative",
        ],
        _ => &["fight"],
    };
    let mut dice = slotmark::dice::LiveDice::seeded(3);
    for line in lines {
        let Line::Command(c) = script::parse_line(line, s.state()).unwrap() else {
            panic!("{line}");
        };
        s.execute(c, &mut dice)
            .unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    let path = dir.join(format!("{}.ron", ruleset.key()));
    drop(Store::create(&path, &s).unwrap());
    path
}

#[test]
fn the_view_of_each_demo_in_a_fight() {
    let dir = tempfile::tempdir().unwrap();
    for &ruleset in RulesetId::ALL {
        if !script::has_demo(ruleset) {
            continue;
        }
        let path = demo_in_a_fight(ruleset, dir.path());
        for (w, h) in [(80, 24), (40, 12)] {
            let mut table = Table::open(&path, w, h);
            let text = table.shows();
            insta::assert_snapshot!(format!("table_{}_{w}x{h}", ruleset.key()), text);
        }
    }
    let mut table = Table::open(&dir.path().join("slots.ron"), 200, 50);
    insta::assert_snapshot!("table_slots_200x50", table.shows());
}

/// The judge's screen marks what the players do not see: `H` on the roster, `s` on a roll.
#[test]
fn the_judges_screen_marks_secret_rolls_and_hidden_creatures() {
    use ratatui::crossterm::event::KeyCode;
    use screen::{code, drive, key, typed};
    use slotmark::tui::Dice;
    use slotmark::tui::app::App;
    let session = Session::new(SessionState::new("At the Ford", RulesetId::Plain));
    let mut app =
        App::with_session(session, None, Dice::scripted([5, 6, 3, 4])).with_theme(Theme::plain());
    let mut keys = Vec::new();
    for line in ["add Ana 8", "add Ogre 12 others"] {
        keys.push(key(':'));
        keys.extend(typed(line));
        keys.push(code(KeyCode::Enter));
    }
    // Tab walks to the ogre, unseen as every new creature: the roster says so.
    keys.extend([code(KeyCode::Tab)]);
    let text = drive(&mut app, 100, 30, keys);
    assert!(
        text.contains("unseen 12/12"),
        "the roster marks it:\n{text}"
    );
    // H reveals it, and H again veils it.
    let text = drive(&mut app, 100, 30, vec![key('H')]);
    assert!(text.contains("Ogre is in the players' sight"), "{text}");
    assert!(!text.contains("unseen 12/12"), "{text}");
    let text = drive(&mut app, 100, 30, vec![key('H')]);
    assert!(
        text.contains("Ogre is hidden from the players' table"),
        "{text}"
    );
    assert!(
        text.contains("unseen 12/12"),
        "the roster marks it:\n{text}"
    );
    let mut keys = vec![key(':')];
    keys.extend(typed("check Ana 2d6 vs 9 climb"));
    keys.extend([code(KeyCode::Enter), key('s')]);
    let text = drive(&mut app, 100, 30, keys);
    assert!(text.contains("SECRET"), "{text}");
    // Re-rolled, it stays secret.
    let text = drive(&mut app, 100, 30, vec![key('r')]);
    assert!(text.contains("SECRET"), "{text}");
    let text = drive(&mut app, 100, 30, vec![code(KeyCode::Enter)]);
    assert!(
        text.contains("(secret) Ana: climb 2d6 [3, 4] = 7 against 9"),
        "{text}"
    );
    // Both are in the session's state, put there by steps of its log.
    let state = app.session().unwrap().state().clone();
    assert_eq!(state.veil.secret.len(), 1);
    assert_eq!(state.veil.hidden.len(), 1);
}

/// The view's reading of the file, step by step as it follows the journal, is always the
/// judge's session: a long stretch of play with undo, redo, folds and secrets, compared after
/// every step.
#[test]
fn the_follower_always_reads_the_judges_session() {
    let (_d, path) = dir();
    let mut session = Session::new(support::party());
    let mut store = Store::create(&path, &session).unwrap();
    let mut follower = slotmark::store::Follower::open(&path).unwrap();
    let mut rng = support::Lcg(11);
    let mut dice = slotmark::dice::LiveDice::seeded(5);
    for n in 0..400 {
        let record = match rng.below(20) {
            0 | 1 => session.undo().is_ok().then_some(JournalRecord::Undo),
            2 => session.redo().is_ok().then_some(JournalRecord::Redo),
            3 => {
                store.compact(&session).unwrap();
                None
            }
            4 => {
                let step = session.cursor().checked_sub(1).map(|s| s as u32);
                let c = Command::Secret { step, secret: true };
                session
                    .execute(c, &mut dice)
                    .ok()
                    .map(|a| a.to_logged())
                    .map(JournalRecord::Apply)
            }
            _ => {
                let c = support::realistic_command(&mut rng, session.state());
                session
                    .execute(c, &mut dice)
                    .ok()
                    .map(|a| a.to_logged())
                    .map(JournalRecord::Apply)
            }
        };
        if let Some(record) = record {
            store.journal_step(&record, &session).unwrap();
        }
        assert_ne!(follower.refresh().unwrap(), Followed::Gone);
        let read = follower.session();
        assert_eq!(read.cursor(), session.cursor(), "after op {n}");
        assert_eq!(
            read.entries().len(),
            session.entries().len(),
            "after op {n}"
        );
        assert!(
            read.state() == session.state(),
            "the states differ after op {n}"
        );
    }
}

/// A file that cannot be read for a moment (half-written by hand, say) leaves the view as it was,
/// with a line that says so; once it reads again, the line goes.
#[test]
fn an_unreadable_file_keeps_the_last_view_and_says_so() {
    let (d, path) = dir();
    let mut judge = Judge::create(&path, RulesetId::Plain);
    plain_party(&mut judge);
    judge.fold();
    drop(judge);
    let mut table = Table::open(&path, 80, 24);
    let good = std::fs::read(&path).unwrap();
    let scratch = d.path().join("scratch");
    std::fs::write(&scratch, "(not a session").unwrap();
    std::fs::rename(&scratch, &path).unwrap();
    let s = table.shows();
    assert!(
        s.contains("Ogre") && s.contains("cannot read the session just now"),
        "{s}"
    );
    std::fs::write(&scratch, &good).unwrap();
    std::fs::rename(&scratch, &path).unwrap();
    let s = table.shows();
    assert!(s.contains("Ogre") && !s.contains("cannot read"), "{s}");
}

#[test]
fn the_secret_and_veil_verbs_read_and_refuse_in_plain_words() {
    let mut s = Session::new(SessionState::new("At the Ford", RulesetId::Plain));
    let run = |s: &mut Session, line: &str| -> Result<(), String> {
        match script::parse_line(line, s.state()).map_err(|e| e.message)? {
            Line::Command(c) => s
                .execute(c, &mut ScriptedDice::new([4]))
                .map(|_| ())
                .map_err(|e| e.to_string()),
            other => panic!("{line}: {other:?}"),
        }
    };
    assert_eq!(
        run(&mut s, "secret").unwrap_err(),
        "no roll has been made yet"
    );
    run(&mut s, "add Ogre 12 others").unwrap();
    assert!(run(&mut s, "veil Nobody").unwrap_err().contains("Nobody"));
    assert!(
        run(&mut s, "secret 0")
            .unwrap_err()
            .contains("counted from 1")
    );
    assert!(run(&mut s, "secret 9").unwrap_err().contains("no step 9"));
    run(&mut s, "roll d6 for the weather").unwrap();
    run(&mut s, "secret").unwrap();
    assert!(run(&mut s, "secret 2").unwrap_err().contains("already"));
    run(&mut s, "secret 2 off").unwrap();
    run(&mut s, "veil ogre").unwrap();
    assert!(run(&mut s, "veil Ogre").unwrap_err().contains("already"));
    assert!(s.state().veil.secret.is_empty());
    assert_eq!(s.state().veil.hidden.len(), 1);
    // A roll made secret, then another roll made while it waits: that one is a roll of its own,
    // shown, and the secret stays on the first alone.
    assert!(run(&mut s, "secret off").unwrap_err().contains("already"));
    run(&mut s, "check Ogre d20 vs 15 notice").unwrap();
    let check = s.cursor() - 1;
    run(&mut s, "secret").unwrap();
    run(&mut s, "roll d6 for luck").unwrap();
    let last = s.cursor() - 1;
    let now = seen(&s, 0..s.cursor());
    assert!(now[check].secret && !now[last].secret);
    assert!(run(&mut s, "secret off").unwrap_err().contains("already"));
    run(&mut s, &format!("secret {} off", check + 1)).unwrap();
    assert!(!seen(&s, 0..s.cursor()).iter().any(|x| x.secret));
}

#[test]
fn slotmark_table_on_a_missing_file_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_slotmark"))
        .args(["table", "nowhere.ron"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no such session file"), "{err}");
}

/// The judge's slotmark is a real process on the screen: each step the judge's screen shows is
/// on the players' view at the next look (the journal is on disk before the judge sees the
/// result); killed with `kill -9`, the judge leaves the view as it was, and the session opened
/// again carries on on it.
#[test]
fn the_view_outlives_the_judges_process_killed_and_follows_it_reopened() {
    let home = tempfile::tempdir().unwrap();
    let path = home.path().join("ford.ron");
    let mut judge = Judge::create(&path, RulesetId::Plain);
    plain_party(&mut judge);
    drop(judge);
    let mut table = Table::open(&path, 80, 24);
    let file = path.to_string_lossy().into_owned();
    let mut term = pty::Term::spawn(&["open", &file], home.path(), &[], 30, 100);
    term.wait_text("Roll log");
    term.press(":fight Bo Ogre Ana\r");
    term.wait_text("Round 1: Bo's turn");
    let s = table.shows();
    assert!(s.contains("NOW  Bo") && s.contains("NEXT Ogre"), "{s}");
    term.press(":next\r");
    term.wait_text("Ogre's turn");
    assert!(table.shows().contains("NOW  Ogre"));
    term.kill_hard();
    let s = table.shows();
    assert!(s.contains("NOW  Ogre"), "after kill -9:\n{s}");
    // Opened again, the journal is folded into the file; the view reads it and follows on.
    let mut judge = Judge::open(&path);
    assert!(table.shows().contains("NOW  Ogre"));
    judge.says("next", &[]);
    assert!(table.shows().contains("NOW  Ana"));
}

#[test]
fn the_view_out_of_a_fight() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("demo.ron");
    drop(Store::create(&path, &script::demo_for(RulesetId::Phase)).unwrap());
    let mut table = Table::open(&path, 80, 24);
    insta::assert_snapshot!("table_phase_out_of_a_fight_80x24", table.shows());
}

#[test]
fn a_journal_rewritten_in_place_is_read_whole_again() {
    let (_d, path) = dir();
    let mut judge = Judge::create(&path, RulesetId::Plain);
    judge.fold();
    let journal = slotmark::store::journal_path(&path);
    let header = std::fs::read(&journal).unwrap();
    judge.says("add Ana 8", &[]);
    judge.says("add Bob 6", &[]);
    let first = std::fs::read(&journal).unwrap();
    drop(judge);
    // The same start, other steps of the same length: another evening from the same save.
    std::fs::write(&journal, &header).unwrap();
    let mut judge = Judge::open(&path);
    judge.says("add Cal 8", &[]);
    judge.says("add Dee 6", &[]);
    judge.says("add Eve 5", &[]);
    let second = std::fs::read(&journal).unwrap();
    drop(judge);
    let same_length = &second[..first.len()];
    assert_ne!(same_length, &first[..]);
    std::fs::write(&journal, &first).unwrap();
    let mut table = Table::open(&path, 80, 24);
    let s = table.shows();
    assert!(s.contains("Ana") && s.contains("Bob"), "{s}");
    // Rewritten in place at the same length, then longer: what was read is no longer there.
    for rewritten in [same_length, &second[..]] {
        std::fs::OpenOptions::new()
            .write(true)
            .open(&journal)
            .and_then(|mut f| std::io::Write::write_all(&mut f, rewritten))
            .unwrap();
        let s = table.shows();
        assert!(
            s.contains("Cal") && s.contains("Dee") && !s.contains("Ana") && !s.contains("Bob"),
            "{s}"
        );
    }
    assert!(table.shows().contains("Eve"));
}

#[test]
fn a_journal_rewritten_in_place_with_its_old_time_is_read_whole_again() {
    let (_d, path) = dir();
    let mut judge = Judge::create(&path, RulesetId::Plain);
    judge.fold();
    let journal = slotmark::store::journal_path(&path);
    let header = std::fs::read(&journal).unwrap();
    judge.says("add Ana 8", &[]);
    judge.says("add Bob 6", &[]);
    let first = std::fs::read(&journal).unwrap();
    drop(judge);
    std::fs::write(&journal, &header).unwrap();
    let mut judge = Judge::open(&path);
    judge.says("add Cal 8", &[]);
    judge.says("add Dee 6", &[]);
    let second = std::fs::read(&journal).unwrap();
    drop(judge);
    assert_eq!(first.len(), second.len());
    std::fs::write(&journal, &first).unwrap();
    let mut table = Table::open(&path, 80, 24);
    assert!(table.shows().contains("Ana"));
    let was = std::fs::metadata(&journal).unwrap().modified().unwrap();
    // Rewritten in place at the same length, its modification time put back as it was (what
    // a copy that keeps times does): same inode, length and time, other steps.
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .open(&journal)
        .unwrap();
    std::io::Write::write_all(&mut file, &second).unwrap();
    file.set_modified(was).unwrap();
    drop(file);
    assert_eq!(
        std::fs::metadata(&journal).unwrap().modified().unwrap(),
        was
    );
    let s = table.shows();
    assert!(
        s.contains("Cal") && s.contains("Dee") && !s.contains("Ana"),
        "{s}"
    );
}

#[test]
fn a_journal_past_the_views_limit_is_said_on_screen() {
    let (_d, path) = dir();
    let mut judge = Judge::create(&path, RulesetId::Plain);
    plain_party(&mut judge);
    let mut table = Table::open(&path, 200, 24);
    assert!(table.shows().contains("Ogre"));
    drop(judge);
    // Grown past 64 MB (a sparse tail; the size alone refuses it).
    let journal = slotmark::store::journal_path(&path);
    std::fs::OpenOptions::new()
        .write(true)
        .open(&journal)
        .unwrap()
        .set_len(slotmark::store::MAX_FILE_BYTES + 1)
        .unwrap();
    let s = table.shows();
    assert!(
        s.contains("Ogre") && s.contains("stopped following") && s.contains("64 MB"),
        "{s}"
    );
}

#[test]
fn a_secret_hides_exactly_the_steps_of_its_roll() {
    // Every roll command (a check, an attack, a save) made while another roll waits is a roll
    // of its own: kept secret, it hides itself and what follows it, never the roll before it.
    let mut tried = 0;
    for session in sessions() {
        let applied = session.applied();
        for (i, entry) in applied.iter().enumerate() {
            let fresh = match &entry.command {
                Command::Game(g) => g.role() == slotmark::rules::Role::Rolls,
                Command::Roll { .. } => true,
                _ => false,
            };
            if !fresh || entry.rolls.is_empty() {
                continue;
            }
            let Some(before) = (0..i).rev().find(|&j| !applied[j].rolls.is_empty()) else {
                continue;
            };
            let open = seen(&session, 0..applied.len());
            if open[before].secret {
                continue;
            }
            let mut s = session.clone();
            s.execute(
                Command::Secret {
                    step: Some(i as u32),
                    secret: true,
                },
                &mut ScriptedDice::new([]),
            )
            .unwrap();
            let now = seen(&s, 0..s.applied().len());
            assert!(now[i].secret, "step {} is not secret", i + 1);
            assert!(
                !now[before].secret,
                "{:?}: the secret on step {} ({:?}) hid step {} ({:?}) too",
                s.state().ruleset(),
                i + 1,
                entry.command,
                before + 1,
                applied[before].command
            );
            tried += 1;
        }
    }
    assert!(tried >= 20, "only {tried} rolls tried");
}

#[test]
fn a_roll_that_waits_is_not_shown_until_it_settles() {
    let (_d, path) = dir();
    let mut judge = Judge::create(&path, RulesetId::Plain);
    let mut table = Table::open(&path, 120, 40);
    plain_party(&mut judge);
    judge.says("check Bo d20 vs 10 swim the river", &[4]);
    // Waiting for the judge: the players see nothing of it yet, so it can still be kept.
    let s = table.shows();
    assert!(!s.contains("swim"), "{s}");
    judge.says("accept", &[]);
    let s = table.shows();
    assert!(s.contains("swim"), "{s}");
}

/// Does `text` hold "HP", "against", "armour" or a score's name followed by a number?
fn holds_a_number_after(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split([' ', '(', ')', ':', ',']).collect();
    for pair in words.windows(2) {
        let after = pair[1].chars().next().is_some_and(|c| c.is_ascii_digit());
        let named = [
            "HP", "against", "STR", "DEX", "WIL", "CON", "INT", "WIS", "CHA", "TR", "AC", "armor",
            "armour", "ML", "morale",
        ];
        if after && named.contains(&pair[0]) {
            return Some(format!("{} {}", pair[0], pair[1]));
        }
    }
    None
}

/// Does `text` hold a number followed by a score's name, "HP" or "left" ("+3 STR", "2 left")?
fn holds_a_count(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split([' ', '(', ')', ':', ',', ';']).collect();
    for pair in words.windows(2) {
        let number = pair[0].trim_start_matches('+');
        let counted = ["STR", "DEX", "WIL", "HP", "left"];
        if !number.is_empty()
            && number.chars().all(|c| c.is_ascii_digit())
            && counted.contains(&pair[1])
        {
            return Some(format!("{} {}", pair[0], pair[1]));
        }
    }
    None
}

/// Three cases from a fixed seed, so CI always plays the same sessions; `PROPTEST_CASES=N` (with
/// `PROPTEST_RNG_SEED` if wanted) runs a longer, random hunt.
fn lens_cases() -> proptest::prelude::ProptestConfig {
    let mut config = proptest::prelude::ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = 3;
        if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
            config.rng_seed = proptest::test_runner::RngSeed::Fixed(0x5107_4a2c);
        }
    }
    config
}

proptest::proptest! {
    #![proptest_config(lens_cases())]

    /// Every ruleset, its demo played on with dice from `seed`: harm to every creature, the
    /// judge's ruling over a roll, a note, some creatures revealed and the others unseen (one
    /// hidden by hand), one roll secret. At a phone's, a laptop's and a projector's size the
    /// drawn view never holds an unseen creature's name, the secret roll's words, or a
    /// creature's number (in a line that names creatures and no player character).
    #[test]
    fn the_players_see_only_what_their_characters_saw(
        seed in 0u64..10_000,
        pick in proptest::prelude::any::<proptest::sample::Index>(),
        revealed in proptest::prelude::any::<u16>(),
    ) {
        lens_case(&sessions_seeded(seed), seed, &|n| pick.index(n), revealed)?;
    }
}

/// One case of [`the_players_see_only_what_their_characters_saw`]: `sessions` played on with
/// dice from `seed`, the creatures whose bit is set in `revealed` revealed, and `pick` choosing
/// the creature hidden by hand and the roll made secret.
fn lens_case(
    sessions: &[Session],
    seed: u64,
    pick: &dyn Fn(usize) -> usize,
    revealed: u16,
) -> Result<(), proptest::test_runner::TestCaseError> {
    for session in sessions {
        let roster = session.state().game.roster();
        let party: Vec<String> = roster
            .iter()
            .filter(|g| g.party)
            .flat_map(|g| g.members.iter().map(|m| m.name.clone()))
            .collect();
        let creatures: Vec<(u32, String)> = roster
            .iter()
            .filter(|g| !g.party)
            .flat_map(|g| g.members.iter().map(|m| (m.id, m.name.clone())))
            .collect();
        let mut s = session.clone();
        let mut dice = slotmark::dice::LiveDice::seeded(seed);
        let quiet = &mut ScriptedDice::new([]);
        // Harm to every creature, with rolled dice, in whichever words its ruleset takes,
        // and the judge ruling the other way over whatever roll waits.
        for (_, name) in &creatures {
            // In phase and actiondie, the moves whose sentences carry the creature's numbers
            // as parts as well: healing, exhaustion up to the death and dismemberment roll.
            let more: &[&str] = match s.state().ruleset() {
                RulesetId::Phase => &["heal \"{}\" 1"],
                RulesetId::ActionDie => &["exhaust \"{}\""; 4],
                _ => &[],
            };
            for verb in [
                "damage \"{}\" 1d4 hp",
                "damage \"{}\" 1d4",
                "harm \"{}\" 1d4",
            ]
            .iter()
            .chain(more)
            {
                let line = verb.replace("{}", name);
                if let Ok(Line::Command(c)) = script::parse_line(&line, s.state()) {
                    let _ = s.execute(c, &mut dice);
                }
            }
            if let Ok(c) = s.state().game.answer(slotmark::rules::Answer::Override) {
                let _ = s.execute(Command::Game(c), &mut dice);
            }
            if let Ok(c) = s.state().game.answer(slotmark::rules::Answer::Accept) {
                let _ = s.execute(Command::Game(c), &mut dice);
            }
            // The judge's note, with the creature's name and a number.
            let _ = s.execute(Command::Note(format!("{name} has HP 2 left, AC 13")), quiet);
            // In bdp and ap, more of what a creature's numbers go into: a player character's
            // attack on it, its saves (one ruled over), a morale save, healing, the judge's
            // rulings and edits of its sheet, a note on it.
            for line in more_for_a_creature(s.state().ruleset(), name, party.first()) {
                if let Ok(Line::Command(c)) = script::parse_line(&line, s.state()) {
                    let _ = s.execute(c, &mut dice);
                }
            }
        }
        // Some creatures revealed (by the bits of `revealed`), the others left unseen.
        for (n, (id, _)) in creatures.iter().enumerate() {
            if revealed & (1 << (n % 16)) != 0 {
                let _ = s.execute(
                    Command::Hide {
                        id: *id,
                        hidden: false,
                    },
                    quiet,
                );
            }
        }
        let unique = |n: &String| {
            !n.contains(' ')
                && roster
                    .iter()
                    .flat_map(|g| &g.members)
                    .filter(|m| &m.name == n)
                    .count()
                    == 1
        };
        let seen_now = |s: &Session| {
            let unseen = s.state().veil.unseen(&s.state().game.roster());
            creatures
                .iter()
                .filter(|(id, _)| !unseen.contains(id))
                .cloned()
                .collect::<Vec<_>>()
        };
        let candidates: Vec<(u32, String)> = seen_now(&s)
            .into_iter()
            .filter(|(_, n)| unique(n))
            .collect();
        if !candidates.is_empty() {
            let (id, _) = &candidates[pick(candidates.len())];
            s.execute(
                Command::Hide {
                    id: *id,
                    hidden: true,
                },
                quiet,
            )
            .unwrap();
        }
        let unseen_ids = s.state().veil.unseen(&s.state().game.roster());
        let unseen: Vec<&String> = creatures
            .iter()
            .filter(|(id, n)| unseen_ids.contains(id) && unique(n))
            .map(|(_, n)| n)
            .collect();
        let rolled: Vec<usize> = s
            .applied()
            .iter()
            .enumerate()
            .filter(|(_, e)| !e.rolls.is_empty())
            .map(|(i, _)| i)
            .collect();
        if !rolled.is_empty() {
            let step = rolled[pick(rolled.len())];
            let _ = s.execute(
                Command::Secret {
                    step: Some(step as u32),
                    secret: true,
                },
                quiet,
            );
        }
        let secret: Vec<usize> = seen(&s, 0..s.applied().len())
            .iter()
            .enumerate()
            .filter(|(_, x)| x.secret)
            .map(|(i, _)| i)
            .collect();
        let view = TableView::of(&s, 100_000);
        let creature_only = |text: &str| {
            creatures.iter().any(|(_, n)| names_word(text, n))
                && !party.iter().any(|n| names_word(text, n))
        };
        // bdp and ap write every creature's number as its own part, a count before its
        // name too ("loses 2 STR", "3 left").
        let counts = matches!(s.state().ruleset(), RulesetId::Bdp | RulesetId::Ap);
        for line in &view.rolls {
            if creature_only(&line.text) {
                proptest::prop_assert!(
                    holds_a_number_after(&line.text).is_none(),
                    "{:?}: a creature's number in {:?}",
                    s.state().ruleset(),
                    line.text
                );
                proptest::prop_assert!(
                    !counts || holds_a_count(&line.text).is_none(),
                    "{:?}: a creature's count in {:?}",
                    s.state().ruleset(),
                    line.text
                );
            }
            proptest::prop_assert!(!line.text.contains("HP 2 left"), "a note: {:?}", line.text);
        }
        for (w, h) in [(40, 12), (80, 24), (200, 50)] {
            let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
            terminal
                .draw(|f| {
                    let area = f.area();
                    table::draw(f.buffer_mut(), area, &view, Theme::plain(), None)
                })
                .unwrap();
            let shown = screen_text(&terminal);
            for name in &unseen {
                proptest::prop_assert!(
                    !shown.lines().any(|l| names_word(l, name)),
                    "{:?}: {name} drawn at {w}x{h}:\n{shown}",
                    s.state().ruleset()
                );
            }
            for l in shown.lines().filter(|l| creature_only(l)) {
                proptest::prop_assert!(
                    holds_a_number_after(l).is_none(),
                    "{:?}: a creature's number drawn at {w}x{h}: {l:?}",
                    s.state().ruleset()
                );
            }
            for &i in &secret {
                for e in s.events(i).iter() {
                    let text = e.to_string();
                    let public = view.rolls.iter().any(|l| l.text == text);
                    proptest::prop_assert!(
                        public || text.len() < 12 || !draws(&shown, &text),
                        "secret {text} drawn at {w}x{h}"
                    );
                }
            }
        }
        // The players' recap (`export --players`), in both its forms, holds no more: the same
        // checks over every line of it.
        let mut story = Vec::new();
        slotmark::session::story(&s, |line, _| story.push(line.text));
        proptest::prop_assert!(
            view.rolls.is_empty() || !story.is_empty(),
            "the recap told nothing the table saw"
        );
        for (form, text) in [
            ("markdown", unmarked(&players::markdown(&s))),
            ("html", unmarked(&players::html(&s))),
        ] {
            for l in text.lines() {
                for name in &unseen {
                    proptest::prop_assert!(
                        !names_word(l, name),
                        "{:?} recap ({form}): {name} named in {l:?}",
                        s.state().ruleset()
                    );
                }
                if creature_only(l) {
                    proptest::prop_assert!(
                        holds_a_number_after(l).is_none(),
                        "{:?} recap ({form}): a creature's number in {l:?}",
                        s.state().ruleset()
                    );
                    proptest::prop_assert!(
                        !counts || holds_a_count(l).is_none(),
                        "{:?} recap ({form}): a creature's count in {l:?}",
                        s.state().ruleset()
                    );
                }
                proptest::prop_assert!(!l.contains("HP 2 left"), "a note in the recap: {l:?}");
            }
            for &i in &secret {
                for e in s.events(i).iter() {
                    let said = e.to_string();
                    let public = story.contains(&said);
                    proptest::prop_assert!(
                        public || said.len() < 12 || !text.contains(&said),
                        "{:?} recap ({form}): secret {said}",
                        s.state().ruleset()
                    );
                }
            }
        }
        // The judge may let the table read creatures' numbers exactly, or not at all: an
        // unseen creature stays unnamed either way.
        for numbers in [CreatureNumbers::Exact, CreatureNumbers::None] {
            let mut s = s.clone();
            let _ = s.execute(Command::TableNumbers(numbers), quiet);
            let view = TableView::of(&s, 100_000);
            for line in &view.rolls {
                for name in &unseen {
                    proptest::prop_assert!(
                        !names_word(&line.text, name),
                        "{:?}, numbers {numbers:?}: {name} named in {:?}",
                        s.state().ruleset(),
                        line.text
                    );
                }
            }
        }
    }
    Ok(())
}

/// What bdp and ap add to the harm the property test deals each creature `name` (with `pc`, a
/// player character, when there is one); nothing for the other rulesets.
fn more_for_a_creature(ruleset: RulesetId, name: &str, pc: Option<&String>) -> Vec<String> {
    let n = format!("\"{name}\"");
    let mut lines = match ruleset {
        RulesetId::Bdp => vec![
            format!("save {n} dex dodge"),
            "rule pass".into(),
            "accept".into(),
            format!("save {n} wil hold"),
            "accept".into(),
            format!("damage {n} 1d8 str Fall"),
            "accept".into(),
            "accept".into(),
            format!("ruling {n} str fail"),
            format!("set {n} hp 1 7"),
            format!("breath {n} stream"),
            format!("set {n} str 3 12"),
            format!("dawn {n}"),
            format!("eat {n} simple fire"),
            format!("rest {n} normal"),
            format!("recover {n} str"),
            "accept".into(),
            format!("remark {n} HP 2 left"),
        ],
        RulesetId::Ap => vec![
            format!("save {n} dex dc 12 for the pit"),
            "rule pass".into(),
            "accept".into(),
            format!("morale {n}"),
            "accept".into(),
            "accept".into(),
            format!("set {n} hp 1 4"),
            format!("rest short {n}"),
            format!("trivial {n} pass climbs"),
            format!("gain {n}"),
            format!("jot {n} HP 2 left"),
            // A question left waiting (an item to drop for Fatigue) would hold up the rest.
            "choose 1".into(),
        ],
        _ => return Vec::new(),
    };
    if let Some(pc) = pc {
        let pc = format!("\"{pc}\"");
        lines.extend(match ruleset {
            RulesetId::Bdp => vec![format!("contest {pc} str {n} str shove"), "accept".into()],
            // In a fight: the creature attacks (what it has left is its own), then, nearly
            // spent, takes a blow that may kill it.
            _ => vec![
                "fight".into(),
                format!("attack {n} vs {pc}"),
                "accept".into(),
                "accept".into(),
                format!("set {n} hp 0"),
                format!("set {n} str 1"),
                format!("attack {pc} vs {n}"),
                "accept".into(),
                "accept".into(),
                "accept".into(),
                "choose 1".into(),
                "endfight".into(),
            ],
        });
    }
    lines
}

/// The players' recap as its reader reads it: Markdown's escapes and HTML's entities and tags
/// taken out.
fn unmarked(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    let mut tag = false;
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek().is_some_and(|n| n.is_ascii_punctuation()) => {
                out.extend(chars.next());
            }
            '<' => tag = true,
            '>' if tag => tag = false,
            c if !tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// Does `text` name `name` as a whole word?
fn names_word(text: &str, name: &str) -> bool {
    let is_word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric());
    text.match_indices(name).any(|(at, _)| {
        !is_word(text[..at].chars().next_back()) && !is_word(text[at + name.len()..].chars().next())
    })
}

/// Strips the escape sequences from what a terminal program wrote, leaving its printed text.
fn printed(raw: &[u8]) -> String {
    let text = String::from_utf8_lossy(raw);
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\u{1b}' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('[') => {
                for c in chars.by_ref() {
                    if ('@'..='~').contains(&c) {
                        break;
                    }
                }
            }
            Some(']') => {
                for c in chars.by_ref() {
                    if c == '\u{7}' {
                        break;
                    }
                }
            }
            _ => {}
        }
        // A cursor move stands between words: keep them apart.
        out.push(' ');
    }
    out
}

#[test]
fn slotmark_table_writes_no_byte_of_a_secret_roll_made_again() {
    let home = tempfile::tempdir().unwrap();
    let path = home.path().join("ford.ron");
    let mut judge = Judge::create(&path, RulesetId::Plain);
    plain_party(&mut judge);
    let file = path.to_string_lossy().into_owned();
    let mut term = pty::Term::spawn(&["table", &file], home.path(), &[], 24, 80);
    term.wait_text("Ogre");
    term.mark();
    // The judge keeps a roll secret before its dice are drawn, as the screen does, and makes it
    // again: undo to before it, a note, the secret for the next step, the roll.
    let next = judge.session.cursor() + 2;
    judge.says(&format!("secret {next}"), &[]);
    judge.says("check Ana d100 vs 50 sneak past", &[87]);
    judge.says("undo", &[]);
    judge.says("undo", &[]);
    judge.says("note the judge rolls again", &[]);
    let next = judge.session.cursor() + 2;
    judge.says(&format!("secret {next}"), &[]);
    judge.says("check Ana d100 vs 50 sneak past", &[64]);
    judge.says("accept", &[]);
    // An open roll after it: once the view shows it, it has read every step before.
    judge.says("check Bo 2d6 vs 9 climb", &[5, 6]);
    judge.says("accept", &[]);
    term.wait_text("climb");
    let raw = std::mem::take(&mut term.raw);
    let text = printed(&raw);
    assert!(text.contains("climb"), "{text}");
    assert!(
        !text.contains("sneak"),
        "the secret roll's words were written: {text}"
    );
    for face in ["87", "64"] {
        assert!(!text.contains(face), "face {face} was written: {text}");
    }
}

/// `slotmark table FILE --web` in a real terminal: under `NO_COLOR` its QR code is block
/// characters with no colour codes; with `NO_COLOR` empty (colour allowed) it is painted dark on
/// light, so the check can tell the two apart.
#[test]
fn slotmark_table_web_draws_its_qr_code_without_colour_under_no_color() {
    for (no_color, coloured) in [("1", false), ("", true)] {
        let home = tempfile::tempdir().unwrap();
        let path = home.path().join("ford.ron");
        let mut judge = Judge::create(&path, RulesetId::Plain);
        plain_party(&mut judge);
        let file = path.to_string_lossy().into_owned();
        let mut term = pty::Term::spawn(
            &["table", &file, "--web"],
            home.path(),
            &[("NO_COLOR", no_color)],
            60,
            120,
        );
        term.wait_for("the address and its QR code", |t| {
            String::from_utf8_lossy(&t.raw).contains("Ctrl-C stops it")
        });
        let raw = String::from_utf8_lossy(&term.raw).into_owned();
        assert!(raw.contains('█'), "no QR code:\n{raw}");
        assert_eq!(
            raw.contains('\u{1b}'),
            coloured,
            "NO_COLOR={no_color:?}:\n{raw}"
        );
        drop(judge);
        std::fs::remove_file(&path).unwrap();
        term.wait_closed();
    }
}

/// The bytes `slotmark table` writes while the judge, on the screen, rolls a check, keeps it
/// secret and rolls it again hold nothing of that roll: neither its faces nor its words. The
/// view draws a roll only once it has settled, and a secret one never; a public roll after it
/// shows that the view kept drawing all along.
#[test]
fn the_table_writes_no_byte_of_a_secret_roll_rolled_again() {
    use ratatui::crossterm::event::KeyCode;
    use screen::{code, drive, key, typed};
    use slotmark::tui::Dice;
    use slotmark::tui::app::App;
    let home = tempfile::tempdir().unwrap();
    let path = home.path().join("ford.ron");
    let mut judge = Judge::create(&path, RulesetId::Plain);
    plain_party(&mut judge);
    let Judge { store, session } = judge;
    let file = path.to_string_lossy().into_owned();
    let mut term = pty::Term::spawn(&["table", &file], home.path(), &[], 24, 80);
    term.wait_text("Ogre");
    // Faces no cursor move or size can write at 80×24 with colour off: 777, then 888 again.
    let mut app = App::with_session(session, Some(store), Dice::scripted([777, 888, 4]));
    let mut keys = vec![key(':')];
    keys.extend(typed("check Ana d1000 vs 500 notice the ambush"));
    keys.push(code(KeyCode::Enter));
    let text = drive(&mut app, 100, 30, keys);
    assert!(
        text.contains("777"),
        "the roll waits on the screen:\n{text}"
    );
    let text = drive(&mut app, 100, 30, vec![key('s'), key('r')]);
    assert!(text.contains("888") && text.contains("SECRET"), "{text}");
    drive(&mut app, 100, 30, vec![code(KeyCode::Enter)]);
    let mut keys = vec![key(':')];
    keys.extend(typed("check Bo d20 vs 10 swim the river"));
    keys.extend([code(KeyCode::Enter), code(KeyCode::Enter)]);
    drive(&mut app, 100, 30, keys);
    term.wait_text("swim the river");
    let raw = String::from_utf8_lossy(&term.raw).into_owned();
    for leak in ["777", "888", "notice", "ambush", "re-rolls"] {
        assert!(!raw.contains(leak), "the table wrote {leak:?}:\n{raw}");
    }
    let state = app.session().unwrap().state().clone();
    assert_eq!(
        state.veil.secret.len(),
        1,
        "the re-rolled check is kept secret"
    );
}

/// Does the drawn screen hold `text` whole: not as the start of longer words ("slot 1" is not
/// drawn in "slot 11")?
fn draws(shown: &str, text: &str) -> bool {
    shown.lines().any(|l| names_word(l, text))
}

/// The case the players'-lens property test once failed on, kept as a fixed case: a secret
/// fatigue mark in slot 1 is not drawn when a public one in slot 11 is.
#[test]
fn a_secret_line_is_not_read_inside_a_longer_public_one() {
    assert!(!draws(
        " ~ Aria: fatigue marked in slot 11 ",
        "Aria: fatigue marked in slot 1"
    ));
    assert!(draws(
        " ~ Aria: fatigue marked in slot 1 ",
        "Aria: fatigue marked in slot 1"
    ));
    let pick = |n: usize| (18 * n) / 40;
    lens_case(&sessions_seeded(6798), 6798, &pick, 42822).unwrap();
}

/// Issue 44, the players' view: a ruling over a roll reads once, on the roll's line, never again
/// as a line of its own (`✓ Bo: check a pass` and `! Bo's check: pass`).
#[test]
fn a_ruling_reads_once_at_the_table() {
    let (_d, path) = dir();
    let mut judge = Judge::create(&path, RulesetId::Plain);
    judge.says("add Bo 6", &[]);
    judge.says("check Bo d20 vs 30 sneak", &[4]);
    judge.says("rule pass", &[]);
    judge.says("accept", &[]);
    let view = TableView::of(&judge.session, 100);
    let lines: Vec<&str> = view
        .rolls
        .iter()
        .map(|l| l.text.as_str())
        .filter(|t| t.contains("sneak"))
        .collect();
    assert_eq!(lines.len(), 1, "{lines:?}");
}

/// Issue 44: a creature at 0 HP reads `down`, as a character does, never `badly hurt`; its other
/// states follow.
#[test]
fn a_creature_at_no_health_reads_down_at_the_table() {
    let (_d, path) = dir();
    let mut judge = Judge::create(&path, RulesetId::ActionDie);
    judge.says("add Ana pc d8 d6 d6 d4 10", &[]);
    judge.says("add Ogre creature d8 d6 d6 d4 12", &[]);
    judge.says("reveal all", &[]);
    judge.says("set Ogre hp 0", &[]);
    judge.says("status Ogre prone", &[]);
    let view = TableView::of(&judge.session, 100);
    let ogre = view.creatures.iter().find(|c| c.name == "Ogre").unwrap();
    let words: Vec<&str> = ogre.glance.iter().map(|t| t.text.as_str()).collect();
    assert_eq!(words.first(), Some(&"down"), "{words:?}");
    assert!(!words.contains(&"badly hurt"), "{words:?}");
}

/// Issue 44: a fighter dead in the fight reads `dead` once on the table's order, not as its
/// strip's reason and its state both.
#[test]
fn a_dead_fighter_reads_dead_once_at_the_table() {
    let (_d, path) = dir();
    let mut judge = Judge::create(&path, RulesetId::Ap);
    judge.says("add Ana pc party 11 12 8 6", &[]);
    judge.says("add Gob npc goblins 8 13 5 4", &[]);
    judge.says("add Rat npc goblins 8 13 5 4", &[]);
    judge.says("reveal all", &[]);
    judge.says("fight", &[10, 5, 4]);
    judge.says("mark Gob dead", &[19]);
    judge.says("accept", &[]);
    // A screen narrow enough that the order carries each fighter's state.
    let mut table = Table::open(&path, 80, 24);
    let text = table.shows();
    let line = text
        .lines()
        .find(|l| l.contains("Gob") && l.contains('×'))
        .unwrap_or_else(|| panic!("Gob is not on the order:\n{text}"));
    assert_eq!(line.matches("dead").count(), 1, "{line}\n{text}");
    // Decided once in the view every reader draws (the terminal and the page alike): the
    // order's reason and the fighter's state say it once between them.
    let view = TableView::of(&judge.session, 100);
    let gob = view
        .fight
        .as_ref()
        .unwrap()
        .order
        .iter()
        .find(|f| f.name == "Gob")
        .unwrap();
    let state = view.creatures.iter().find(|c| c.name == "Gob").unwrap();
    let mut words: Vec<String> = state.glance.iter().map(|t| t.text.clone()).collect();
    if let slotmark::rules::Standing::Out(why) = &gob.standing {
        words.push(why.clone());
    }
    assert_eq!(
        words.iter().filter(|w| *w == "dead").count(),
        1,
        "{words:?}"
    );
}
