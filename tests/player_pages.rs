//! Each player character's own page (`slotmark table FILE --web`): a link per character, with a
//! token of its own, opening the table's view with what the judge told that player alone and
//! the character's own sheet, and nothing of another character beyond the table's view.
//! `link NAME new` makes a character's link anew: the old token is refused at once and the
//! streams opened with it end.

use slotmark::dice::ScriptedDice;
use slotmark::rules::RulesetId;
use slotmark::script::{self, Line};
use slotmark::session::{Command, Session, SessionState};
use slotmark::store::{Followed, JournalRecord, Store};
use slotmark::web::{DEFAULT_ADDR, Limits, Reader, Web};
use std::io::{BufRead, BufReader, Read};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

#[path = "support/page.rs"]
mod page;

use page::{Events, request};

/// The judge's side: an open store and the session, driven by script lines.
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

    fn says(&mut self, line: &str, faces: &[u16]) {
        let record = match script::parse_line(line, self.session.state()).unwrap() {
            Line::Command(c) => {
                let entry = self
                    .session
                    .execute(c, &mut ScriptedDice::new(faces.to_vec()))
                    .unwrap_or_else(|e| panic!("{line}: {e}"))
                    .to_logged();
                JournalRecord::Apply(entry)
            }
            Line::Undo => {
                self.session.undo().unwrap();
                JournalRecord::Undo
            }
            other => panic!("{line}: {other:?}"),
        };
        self.store.journal_step(&record, &self.session).unwrap();
    }

    fn id(&self, name: &str) -> u32 {
        page::id_of(self.session.state(), name)
    }
}

fn dir() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ford.ron");
    (dir, path)
}

/// Ana and Bo at the table, an Ogre they have met and a Ghoul they have not.
fn table(path: &Path) -> Judge {
    let mut judge = Judge::create(path, RulesetId::Plain);
    for line in ["add Ana 8", "add Bo 6", "add Ogre 12 others", "reveal Ogre"] {
        judge.says(line, &[]);
    }
    judge.says("add Ghoul 5 others", &[]);
    judge
}

fn step(judge: &mut Judge, web: &mut Web, line: &str) {
    judge.says(line, &[]);
    assert_eq!(web.step(), Followed::Changed, "{line}");
}

/// The sheet in an update, as the page shows it.
fn sheet(update: &str) -> String {
    let page: serde_json::Value = serde_json::from_str(update).unwrap();
    page["sheet"].as_str().unwrap_or_default().to_string()
}

#[test]
fn each_character_has_a_page_of_its_own_with_its_sheet_and_no_other() {
    let (_d, path) = dir();
    let mut judge = table(&path);
    let (ana, bo) = (judge.id("Ana"), judge.id("Bo"));
    let mut web = Web::open(&path, DEFAULT_ADDR, Limits::default()).unwrap();
    let addr = web.server().addr();
    let ana_token = web.player_token(ana).unwrap().to_string();
    let bo_token = web.player_token(bo).unwrap().to_string();
    let tokens = [web.token(), &ana_token, &bo_token];
    for (i, a) in tokens.iter().enumerate() {
        assert_eq!(a.len(), 32);
        for b in &tokens[i + 1..] {
            assert_ne!(a, b, "each page has a token of its own");
        }
    }
    // No one has a page but the player characters.
    assert!(web.player_token(judge.id("Ogre")).is_none());
    let urls = web.player_urls();
    let names: Vec<&str> = urls.iter().map(|(_, n, _)| n.as_str()).collect();
    assert_eq!(names, ["Ana", "Bo"]);
    assert!(urls[0].2.ends_with(&format!("/?t={ana_token}")), "{urls:?}");

    let mut table_page = Events::open(addr, web.token());
    let mut ana_page = Events::open(addr, &ana_token);
    let mut bo_page = Events::open(addr, &bo_token);
    let (t, a, b) = (table_page.next(), ana_page.next(), bo_page.next());
    assert!(
        t.contains("\"me\":null") && t.contains("\"sheet\":null"),
        "{t}"
    );
    assert!(a.contains("\"me\":\"Ana\""), "{a}");
    assert!(b.contains("\"me\":\"Bo\""), "{b}");
    // Each sheet in full, its own: Ana's has her name and hit points, never Bo's sheet.
    assert!(
        sheet(&a).starts_with("Ana") && sheet(&a).contains("8 / 8"),
        "{a}"
    );
    assert!(!sheet(&a).contains("Bo"), "{a}");
    assert!(
        sheet(&b).starts_with("Bo") && !sheet(&b).contains("Ana"),
        "{b}"
    );
    // Never a creature the players have not seen, on any page.
    for update in [&t, &a, &b] {
        assert!(!update.contains("Ghoul"), "{update}");
    }
    // The page itself answers every token; anything else is refused.
    for token in tokens {
        assert_eq!(request(addr, "GET", &format!("/?t={token}")).0, 200);
    }
    // One digit off Ana's token: its last digit changed, whatever that digit is.
    let last = if ana_token.ends_with('0') { '1' } else { '0' };
    let near = format!("{}{last}", &ana_token[..31]);
    assert_ne!(near, ana_token);
    assert_eq!(request(addr, "GET", &format!("/?t={near}")).0, 403);
    assert_eq!(Events::try_open(addr, &near).err(), Some(403));

    // What the judge tells Ana reaches her page alone; her sheet follows each step.
    step(&mut judge, &mut web, "tell Ana The ring is cursed");
    let a = ana_page.next();
    assert!(a.contains("The ring is cursed"), "{a}");
    step(&mut judge, &mut web, "damage Ana 3");
    let a = ana_page.next();
    assert!(sheet(&a).contains("5 / 8"), "{a}");
    let t = table_page.next();
    let b = bo_page.next();
    for update in [&t, &b] {
        assert!(!update.contains("cursed"), "{update}");
        // The table's view shows Ana's hit points as ever, but not her sheet.
        assert!(!sheet(update).contains("Ana"), "{update}");
    }
    // A hidden creature stays off every page even when the judge acts on it.
    // (Unseen, it changes nothing the pages show: the next update is the judge's words.)
    judge.says("damage Ghoul 2", &[]);
    step(&mut judge, &mut web, "say Onwards");
    for (page, events) in [
        ("table", &mut table_page),
        ("Ana", &mut ana_page),
        ("Bo", &mut bo_page),
    ] {
        let update = events.next();
        assert!(update.contains("Onwards"), "{page}: {update}");
        assert!(!update.contains("Ghoul"), "{page}: {update}");
    }
}

#[test]
fn a_link_made_anew_refuses_the_old_token_at_once_and_ends_its_streams() {
    let (_d, path) = dir();
    let mut judge = table(&path);
    let (ana, bo) = (judge.id("Ana"), judge.id("Bo"));
    let mut web = Web::open(&path, DEFAULT_ADDR, Limits::default()).unwrap();
    let addr = web.server().addr();
    let old = web.player_token(ana).unwrap().to_string();
    let bo_token = web.player_token(bo).unwrap().to_string();
    let mut ana_page = Events::open(addr, &old);
    let mut again = Events::open(addr, &old);
    let mut bo_page = Events::open(addr, &bo_token);
    let mut table_page = Events::open(addr, web.token());
    for events in [&mut ana_page, &mut again, &mut bo_page, &mut table_page] {
        events.next();
    }
    assert_eq!(web.server().streams_of(Reader::Player(ana)), 2);

    step(&mut judge, &mut web, "link Ana new");
    let new = web.player_token(ana).unwrap().to_string();
    assert_ne!(new, old);
    // Ana's open pages end: their streams close.
    assert_eq!(ana_page.try_next(), None);
    assert_eq!(again.try_next(), None);
    assert_eq!(web.server().streams_of(Reader::Player(ana)), 0);
    // The old token opens nothing; the new one opens Ana's page.
    assert_eq!(request(addr, "GET", &format!("/?t={old}")).0, 403);
    assert_eq!(Events::try_open(addr, &old).err(), Some(403));
    let mut ana_page = Events::open(addr, &new);
    assert!(ana_page.next().contains("\"me\":\"Ana\""));
    let made = web.made();
    assert_eq!(made.len(), 1);
    assert!(made[0].3 && made[0].2.ends_with(&new), "{made:?}");
    // Bo's page and the table's go on as they were.
    assert_eq!(request(addr, "GET", &format!("/?t={bo_token}")).0, 200);
    step(&mut judge, &mut web, "say Onwards");
    for events in [&mut bo_page, &mut table_page, &mut ana_page] {
        assert!(events.next().contains("Onwards"));
    }
    // The judge's log keeps the step, for the judge alone.
    let last = judge.session.cursor() - 2;
    assert_eq!(
        judge.session.events(last)[0].to_string(),
        "Ana's page has a new link; the old one no longer opens it"
    );

    // Undone, the link is made anew again: no token ever opens a page twice.
    step(&mut judge, &mut web, "undo");
    step(&mut judge, &mut web, "undo");
    let third = web.player_token(ana).unwrap().to_string();
    assert!(third != new && third != old);
    for token in [&old, &new] {
        assert_eq!(request(addr, "GET", &format!("/?t={token}")).0, 403);
    }
    assert_eq!(request(addr, "GET", &format!("/?t={third}")).0, 200);
}

#[test]
fn a_character_who_joins_gets_a_page_and_one_who_leaves_loses_it() {
    let (_d, path) = dir();
    let mut judge = table(&path);
    let mut web = Web::open(&path, DEFAULT_ADDR, Limits::default()).unwrap();
    let addr = web.server().addr();
    step(&mut judge, &mut web, "add Cy 5");
    let cy = judge.id("Cy");
    let token = web.player_token(cy).unwrap().to_string();
    let made = web.made();
    assert!(
        made.len() == 1 && made[0].1 == "Cy" && !made[0].3,
        "{made:?}"
    );
    let mut cy_page = Events::open(addr, &token);
    assert!(cy_page.next().contains("\"me\":\"Cy\""));
    step(&mut judge, &mut web, "undo");
    assert!(web.player_token(cy).is_none());
    assert_eq!(cy_page.try_next(), None);
    assert_eq!(request(addr, "GET", &format!("/?t={token}")).0, 403);
}

#[test]
fn link_name_new_reads_in_every_ruleset_and_refuses_in_plain_words() {
    for &ruleset in RulesetId::ALL {
        if !script::has_demo(ruleset) {
            continue;
        }
        let session = script::demo_for(ruleset);
        let party: Vec<(u32, String)> = session
            .state()
            .game
            .roster()
            .into_iter()
            .filter(|g| g.party)
            .flat_map(|g| g.members.into_iter().map(|m| (m.id, m.name)))
            .collect();
        let (id, name) = &party[0];
        let line = format!("link \"{name}\" new");
        assert_eq!(
            script::parse_line(&line, session.state()).unwrap(),
            Line::Command(Command::Relink { id: *id }),
            "{ruleset:?}"
        );
        let e = script::parse_line("link Nobody new", session.state()).unwrap_err();
        assert!(e.message.contains("Nobody"), "{ruleset:?}: {}", e.message);
        let e = script::parse_line(&format!("link \"{name}\""), session.state()).unwrap_err();
        assert!(!e.message.is_empty(), "{ruleset:?}");
        let mut s = session.clone();
        s.execute(Command::Relink { id: *id }, &mut ScriptedDice::new([]))
            .unwrap();
        assert_eq!(s.state().veil.links.get(id), Some(&1));
        let written = script::write(&Command::Relink { id: *id }, session.state());
        assert_eq!(written.form, script::Form::Words, "{}", written.text);
    }
    // The slot system's own `link` still joins two zones.
    let demo = script::demo_for(RulesetId::Slots);
    let zones = script::parse_line("link \"Mill yard\" Cellar", demo.state());
    assert!(
        matches!(zones, Ok(Line::Command(Command::Game(_)))),
        "{zones:?}"
    );
}

/// The real `slotmark table FILE --web` prints the table's link, then each character's own with
/// its QR code, and the new one when the judge makes a link anew.
#[test]
fn slotmark_table_web_prints_a_link_and_a_qr_code_per_character() {
    let (_d, path) = dir();
    let mut judge = table(&path);
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_slotmark"))
        .args(["table", path.to_str().unwrap(), "--web"])
        .env("NO_COLOR", "1")
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut printed = String::new();
    let mut urls = Vec::new();
    while urls.len() < 3 {
        let mut line = String::new();
        assert!(out.read_line(&mut line).unwrap() > 0, "{printed}");
        printed.push_str(&line);
        if let Some(at) = line.find("http://") {
            urls.push(line[at..].trim().to_string());
        }
    }
    // The last link's code follows its address: read on to its end (a blank line after it).
    let mut seen_code = false;
    loop {
        let mut line = String::new();
        assert!(out.read_line(&mut line).unwrap() > 0, "{printed}");
        printed.push_str(&line);
        if line.contains('█') {
            seen_code = true;
        } else if seen_code && line.trim().is_empty() {
            break;
        }
    }
    assert!(printed.contains("Ana's own page"), "{printed}");
    assert!(printed.contains("Bo's own page"), "{printed}");
    // After each of the three addresses, the table's, Ana's and Bo's, a code of its own.
    let after: Vec<&str> = printed.split("http://").skip(1).collect();
    assert_eq!(after.len(), 3, "{printed}");
    for part in &after {
        let code = part.lines().filter(|l| l.contains('█')).count();
        assert!(code >= 8, "a QR code after each address: {printed}");
    }
    let target = |url: &str| {
        let rest = url.trim_start_matches("http://");
        let (host, target) = rest.split_at(rest.find('/').unwrap());
        (host.parse::<SocketAddr>().unwrap(), target.to_string())
    };
    let (addr, ana) = target(&urls[1]);
    assert_eq!(request(addr, "GET", &ana).0, 200);
    judge.says("link Ana new", &[]);
    let anew = loop {
        let mut line = String::new();
        assert!(out.read_line(&mut line).unwrap() > 0, "{printed}");
        printed.push_str(&line);
        if let Some(at) = line.find("http://") {
            break line[at..].trim().to_string();
        }
    };
    assert!(
        printed.contains("Ana's own page has a new address"),
        "{printed}"
    );
    assert_eq!(request(addr, "GET", &ana).0, 403);
    assert_eq!(request(addr, "GET", &target(&anew).1).0, 200);
    drop(judge);
    std::fs::remove_file(&path).unwrap();
    assert!(child.wait().unwrap().success());
    let mut rest = String::new();
    out.read_to_string(&mut rest).unwrap();
}
