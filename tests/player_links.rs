//! A player character's page on the judge's screen: `slotmark table FILE --web` keeps the
//! addresses it serves in a links file beside the session (written whole, for its owner alone,
//! locked while the server runs), and `W` on the judge's screen shows the selected character's
//! address and QR code from it, or says why it cannot: no server, a creature, a damaged file.
//! After `link NAME new` it shows the new address, never the old one.

mod screen;

use insta::assert_snapshot;
use ratatui::crossterm::event::KeyCode;
use screen::{code, drive, id_of, key, typed};
use slotmark::dice::ScriptedDice;
use slotmark::rules::RulesetId;
use slotmark::script::{Line, parse_line};
use slotmark::session::{Session, SessionState};
use slotmark::store::{Followed, PlayerLink, Served, Store, links_path, read_links, write_links};
use slotmark::tui::app::{App, Dice};
use slotmark::tui::keymap::Ctx;
use slotmark::tui::theme::Theme;
use slotmark::web::{DEFAULT_ADDR, Limits, Web};
use std::path::PathBuf;

/// Ana and Bo at the table, an Ogre they have met.
fn session() -> Session {
    let mut s = Session::new(SessionState::new("At the Ford", RulesetId::Plain));
    for line in ["add Ana 8", "add Bo 6", "add Ogre 12 others", "reveal Ogre"] {
        let Ok(Line::Command(c)) = parse_line(line, s.state()) else {
            panic!("{line} did not parse");
        };
        s.execute(c, &mut ScriptedDice::new(Vec::new()))
            .unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    s
}

/// The session saved in a folder of its own, and the judge's screen on it.
fn judge() -> (tempfile::TempDir, PathBuf, App) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ford.ron");
    let session = session();
    let store = Store::create(&path, &session).unwrap();
    let app =
        App::with_session(session, Some(store), Dice::scripted([3; 8])).with_theme(Theme::plain());
    (dir, path, app)
}

fn select(app: &mut App, name: &str) {
    let id = id_of(app, name);
    app.main_mut().unwrap().view.selected = Some(id);
}

const ANA: &str = "http://192.168.1.20:8080/?t=9c41d0b6a2f8e3175d0c4b9a6e21f08d";
const BO: &str = "http://192.168.1.20:8080/?t=0f1e2d3c4b5a69788796a5b4c3d2e1f0";

fn links(app: &App) -> Vec<PlayerLink> {
    [("Ana", ANA), ("Bo", BO)]
        .into_iter()
        .map(|(name, address)| PlayerLink {
            id: id_of(app, name),
            name: name.into(),
            made_for: 0,
            address: address.into(),
        })
        .collect()
}

/// The rows of a frame that hold a QR code's blocks.
fn code_rows(text: &str) -> usize {
    text.lines()
        .filter(|l| l.contains('█') || l.contains('▀') || l.contains('▄'))
        .count()
}

#[test]
fn the_links_file_is_written_whole_for_its_owner_and_read_back() {
    let (dir, path, app) = judge();
    assert_eq!(read_links(&path).unwrap(), Served::NotServed, "no file yet");
    let written = links(&app);
    let held = write_links(&path, &written).unwrap();
    assert_eq!(read_links(&path).unwrap(), Served::Served(written.clone()));
    let file = links_path(&path);
    assert_eq!(file, dir.path().join("ford.ron.links"));
    // Nothing but the session, its journal and lock, and the links file: no temporary file.
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "ford.ron",
            "ford.ron.journal",
            "ford.ron.links",
            "ford.ron.lock"
        ]
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&file).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "readable by its owner alone");
    }
    // Written anew: the new addresses, whole.
    let mut again = written.clone();
    again[0].address = BO.replace("0f1e", "aaaa");
    again[0].made_for = 1;
    let held_again = write_links(&path, &again).unwrap();
    drop(held);
    assert_eq!(read_links(&path).unwrap(), Served::Served(again));
    // Once its writer lets go (the server stopped), the file's addresses no longer count.
    drop(held_again);
    assert_eq!(read_links(&path).unwrap(), Served::NotServed);
}

#[test]
fn a_damaged_links_file_is_refused_in_plain_words() {
    let (_dir, path, app) = judge();
    let _held = write_links(&path, &links(&app)).unwrap();
    let file = links_path(&path);
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, text.replacen("Ana", "Anx", 1)).unwrap();
    let why = read_links(&path).unwrap_err().to_string();
    assert!(why.contains("ford.ron.links"), "{why}");
    assert!(
        why.contains("slotmark table FILE --web") && why.contains("start it again"),
        "{why}"
    );
    std::fs::write(&file, "not a file of addresses\n").unwrap();
    let why = read_links(&path).unwrap_err().to_string();
    assert!(
        why.contains("not a file of the players' addresses"),
        "{why}"
    );
    // The judge's screen says so in the dialog, and changes nothing.
    let mut app = app;
    let cursor = app.session().unwrap().cursor();
    let text = drive(&mut app, 80, 24, vec![key('W')]);
    assert!(
        text.contains("cannot be read") && text.contains("not a file of"),
        "{text}"
    );
    assert_eq!(app.session().unwrap().cursor(), cursor);
}

#[test]
fn w_shows_the_selected_characters_address_and_code_at_80x24() {
    let (_dir, path, mut app) = judge();
    let _held = write_links(&path, &links(&app)).unwrap();
    select(&mut app, "Ana");
    let text = drive(&mut app, 80, 24, vec![key('W')]);
    assert_eq!(app.ctx(), Ctx::Link);
    assert!(text.contains(ANA), "{text}");
    assert!(code_rows(&text) >= 17, "the whole code:\n{text}");
    assert_snapshot!(text);
    // Tab: the next player character's page, never a creature's.
    let text = drive(&mut app, 80, 24, vec![code(KeyCode::Tab)]);
    assert!(
        text.contains("Bo's own page") && text.contains(BO),
        "{text}"
    );
    let text = drive(&mut app, 80, 24, vec![code(KeyCode::Tab)]);
    assert!(text.contains(ANA), "from Bo past the Ogre to Ana:\n{text}");
    let text = drive(&mut app, 80, 24, vec![code(KeyCode::Esc)]);
    assert_eq!(app.ctx(), Ctx::Main);
    assert!(!text.contains(ANA), "{text}");
}

#[test]
fn a_longer_address_draws_a_larger_code_with_less_margin_or_asks_for_room() {
    let (_dir, path, mut app) = judge();
    let long = "http://192.168.100.200:8080/?t=9c41d0b6a2f8e3175d0c4b9a6e21f08d";
    let mut written = links(&app);
    written[0].address = long.into();
    let _held = write_links(&path, &written).unwrap();
    select(&mut app, "Ana");
    let text = drive(&mut app, 80, 24, vec![key('W')]);
    assert!(text.contains(long), "{text}");
    assert!(code_rows(&text) >= 19, "the whole code:\n{text}");
    // At the smallest screen the code does not fit: the address, and the room it needs.
    let text = drive(&mut app, 70, 20, vec![]);
    assert!(text.contains(long), "{text}");
    assert_eq!(code_rows(&text), 0, "{text}");
    assert!(
        text.contains("needs a terminal at least 24 rows tall"),
        "{text}"
    );
}

#[test]
fn without_a_server_w_says_how_to_start_one_and_a_creature_has_no_page() {
    let (_dir, path, mut app) = judge();
    select(&mut app, "Ana");
    let text = drive(&mut app, 80, 24, vec![key('W')]);
    assert!(text.contains("No page is served"), "{text}");
    assert!(text.contains("slotmark table"), "{text}");
    assert!(text.contains("ford.ron --web"), "{text}");
    // A file left by a server that stopped is no server.
    let held = write_links(&path, &links(&app)).unwrap();
    drop(held);
    let text = drive(&mut app, 80, 24, vec![key('W')]);
    assert!(text.contains("No page is served"), "{text}");
    assert!(!text.contains(ANA), "{text}");
    // Started: W looks again.
    let _held = write_links(&path, &links(&app)).unwrap();
    let text = drive(&mut app, 80, 24, vec![key('W')]);
    assert!(text.contains(ANA), "{text}");
    drive(&mut app, 80, 24, vec![code(KeyCode::Esc)]);
    select(&mut app, "Ogre");
    let text = drive(&mut app, 80, 24, vec![key('W')]);
    assert!(text.contains("Ogre is not a player character"), "{text}");
    assert!(!text.contains("t=9c41"), "{text}");
}

fn follow(web: &mut Web) {
    assert_eq!(web.step(), Followed::Changed);
}

#[test]
fn after_link_new_w_shows_the_new_address_and_never_the_old() {
    let (_dir, path, mut app) = judge();
    let ana = id_of(&app, "Ana");
    let mut web = Web::open(&path, DEFAULT_ADDR, Limits::default()).unwrap();
    let old = web.player_token(ana).unwrap().to_string();
    select(&mut app, "Ana");
    let text = drive(&mut app, 80, 24, vec![key('W')]);
    assert!(text.contains(&format!("/?t={old}")), "{text}");
    assert!(code_rows(&text) >= 17, "{text}");

    // The judge makes Ana's address anew; until the server has made it, the old one is not
    // shown.
    let mut keys = vec![code(KeyCode::Esc), key(':')];
    keys.extend(typed("link Ana new"));
    keys.push(code(KeyCode::Enter));
    drive(&mut app, 80, 24, keys);
    let text = drive(&mut app, 80, 24, vec![key('W')]);
    assert!(text.contains("making Ana's new address"), "{text}");
    assert!(!text.contains(&old), "{text}");

    follow(&mut web);
    let new = web.player_token(ana).unwrap().to_string();
    assert_ne!(new, old);
    let text = drive(&mut app, 80, 24, vec![key('W')]);
    assert!(text.contains(&format!("/?t={new}")), "{text}");
    assert!(!text.contains(&old), "{text}");

    // Undone, the address is made anew once more, and shown once made.
    drive(&mut app, 80, 24, vec![code(KeyCode::Esc), key('u')]);
    follow(&mut web);
    let newer = web.player_token(ana).unwrap().to_string();
    let text = drive(&mut app, 80, 24, vec![key('W')]);
    assert!(text.contains(&format!("/?t={newer}")), "{text}");
    for gone in [&old, &new] {
        assert!(!text.contains(gone.as_str()), "{text}");
    }
}
