//! A player's own rolls (issue 45): from their page a player proposes one of their character's
//! rolls, by POST with their link's token in a header; it is checked against that character's
//! rolls now and waits in the mailbox beside the session for the judge. Nothing a player sends
//! changes the session; a proposal for another character, a malformed or oversized one, one
//! past the link's rate, one to a full mailbox and one on a revoked link are refused and leave
//! everything as it was.

use slotmark::dice::ScriptedDice;
use slotmark::rules::RulesetId;
use slotmark::script::{self, Line};
use slotmark::session::{Session, SessionState};
use slotmark::store::{
    self, Answer, JournalRecord, MAILBOX_ROOM, Store, Verdict, answers_path, proposals_path,
    read_proposals,
};
use slotmark::web::{DEFAULT_ADDR, Limits, TOKEN_HEADER, Web};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

#[path = "support/page.rs"]
mod page;
mod screen;

use page::{Events, post};
use ratatui::crossterm::event::{Event, KeyCode};
use screen::{code, drive, key, typed};
use slotmark::store::Followed;
use slotmark::tui::app::{App, Dice};
use slotmark::tui::keymap::Ctx;
use slotmark::tui::theme::Theme;

struct Judge {
    store: Store,
    session: Session,
}

impl Judge {
    fn says(&mut self, line: &str) {
        let Ok(Line::Command(c)) = script::parse_line(line, self.session.state()) else {
            panic!("{line}");
        };
        let entry = self
            .session
            .execute(c, &mut ScriptedDice::new(vec![5; 8]))
            .unwrap_or_else(|e| panic!("{line}: {e}"))
            .to_logged();
        self.store
            .journal_step(&JournalRecord::Apply(entry), &self.session)
            .unwrap();
    }

    fn id(&self, name: &str) -> u32 {
        page::id_of(self.session.state(), name)
    }
}

/// Ana and Bram of Block, Dodge, Parry at the ford, and a goblin they see.
fn table() -> (tempfile::TempDir, PathBuf, Judge) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ford.ron");
    let session = Session::new(SessionState::new("At the Ford", RulesetId::Bdp));
    let store = Store::create(&path, &session).unwrap();
    let mut judge = Judge { store, session };
    for line in page::FORD_BDP {
        judge.says(line);
    }
    (dir, path, judge)
}

/// No refill within a test: a burst is all a link gets.
fn limits() -> Limits {
    Limits {
        refill: Duration::from_secs(3600),
        ..Limits::default()
    }
}

/// The pages of the session at `path`, each link with a burst of `burst` proposals.
fn served(path: &Path, burst: u32) -> Web {
    let limits = Limits {
        proposals: burst,
        ..limits()
    };
    Web::open(path, DEFAULT_ADDR, limits).unwrap()
}

fn propose(addr: SocketAddr, token: &str, body: &str) -> (u16, String) {
    post(addr, "/propose", &[(TOKEN_HEADER, token)], body.as_bytes())
}

/// The judge's screen on the session, its dice all 20s (which no entered face is).
fn screen(judge: Judge) -> App {
    let Judge { store, session } = judge;
    App::with_session(session, Some(store), Dice::scripted(vec![20; 20])).with_theme(Theme::plain())
}

/// A frame of the screen after `events`, on a terminal of 100x30.
fn frame(app: &mut App, events: Vec<std::io::Result<Event>>) -> String {
    drive(app, 100, 30, events)
}

fn steps(path: &Path) -> usize {
    Store::open(path).unwrap().session.applied().len()
}

fn update(events: &mut Events) -> serde_json::Value {
    serde_json::from_str(&events.next()).unwrap()
}

#[test]
fn a_players_page_offers_their_own_rolls_and_a_proposal_waits_for_the_judge() {
    let (_dir, path, judge) = table();
    let mut web = Web::open(&path, DEFAULT_ADDR, limits()).unwrap();
    let addr = web.server().addr();
    let ana = judge.id("Ana");
    let token = web.player_token(ana).unwrap().to_string();
    let mut events = Events::open(addr, &token);
    let first = update(&mut events);
    let labels: Vec<&str> = first["offers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["STR save", "DEX save", "WIL save"]);
    let dex = &first["offers"][1];
    let edges: Vec<&str> = dex["ways"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["edge"].as_str().unwrap())
        .collect();
    assert_eq!(edges, ["plain", "adv", "dis"]);
    assert_eq!(dex["ways"][0]["dice"], serde_json::json!([20]));

    let (status, body) = propose(
        addr,
        &token,
        r#"{"roll":"save-dex","edge":"adv","faces":[14,3]}"#,
    );
    assert_eq!(status, 202, "{body}");
    let waiting = read_proposals(&proposals_path(&path)).unwrap();
    assert_eq!(waiting.len(), 1);
    let p = &waiting[0];
    assert_eq!((p.who, p.name.as_str()), (ana, "Ana"));
    assert_eq!(p.what, "DEX save, with advantage");
    assert_eq!(p.line, "save Ana dex adv proposed by the player");
    assert_eq!(p.faces, [14, 3]);
    assert!(body.contains(&p.id), "{body}");

    // The player's page says it waits; the session has not moved.
    web.step();
    let next = update(&mut events);
    assert_eq!(next["asked"][0]["state"], "waiting");
    assert_eq!(next["asked"][0]["what"], "DEX save, with advantage");
    drop(judge);
    assert_eq!(steps(&path), 4);

    // The judge declines with a word: the proposal leaves the mailbox and the word reaches
    // the page.
    store::write_answers(
        &answers_path(&path),
        &[Answer {
            id: p.id.clone(),
            who: ana,
            what: p.what.clone(),
            verdict: Verdict::Declined("not while you hang there".into()),
            step: None,
        }],
    )
    .unwrap();
    web.step();
    let answered = update(&mut events);
    assert_eq!(answered["asked"][0]["state"], "declined");
    assert_eq!(answered["asked"][0]["word"], "not while you hang there");
    assert!(read_proposals(&proposals_path(&path)).unwrap().is_empty());
    assert_eq!(steps(&path), 4);
}

#[test]
fn a_token_proposes_for_its_own_character_alone_and_the_tables_for_none() {
    let (_dir, path, judge) = table();
    let web = Web::open(&path, DEFAULT_ADDR, limits()).unwrap();
    let addr = web.server().addr();
    let bram = judge.id("Bram");
    let bram_token = web.player_token(bram).unwrap().to_string();
    // Bram's token names no one else: what it proposes is Bram's.
    let (status, body) = propose(addr, &bram_token, r#"{"roll":"save-str"}"#);
    assert_eq!(status, 202, "{body}");
    // Naming another character is no part of a proposal: refused.
    let (status, _) = propose(addr, &bram_token, r#"{"roll":"save-str","who":"Ana"}"#);
    assert_eq!(status, 400);
    // The table's token proposes nothing; no token, a wrong one, or one in the address
    // neither.
    let (status, _) = propose(addr, web.token(), r#"{"roll":"save-str"}"#);
    assert_eq!(status, 403);
    let (status, _) = post(addr, "/propose", &[], br#"{"roll":"save-str"}"#);
    assert_eq!(status, 403);
    let (status, _) = propose(addr, &"0".repeat(32), r#"{"roll":"save-str"}"#);
    assert_eq!(status, 403);
    let (status, _) = post(
        addr,
        &format!("/propose?t={bram_token}"),
        &[],
        br#"{"roll":"save-str"}"#,
    );
    assert_eq!(status, 403);
    let waiting = read_proposals(&proposals_path(&path)).unwrap();
    assert_eq!(waiting.len(), 1);
    assert_eq!(
        (waiting[0].who, waiting[0].line.as_str()),
        (bram, "save Bram str proposed by the player")
    );
}

#[test]
fn malformed_oversized_and_unoffered_proposals_change_nothing() {
    let (_dir, path, judge) = table();
    let web = served(&path, 100);
    let addr = web.server().addr();
    let token = web.player_token(judge.id("Ana")).unwrap().to_string();
    let big = format!(r#"{{"roll":"save-dex","faces":[{}1]}}"#, "1,".repeat(600));
    for (body, code) in [
        ("", 400),
        ("not json", 400),
        (r#"{"roll":7}"#, 400),
        (r#"["save-dex"]"#, 400),
        (r#"{"roll":"save-dex","edge":"twice"}"#, 400),
        (r#"{"roll":"save-dex","faces":[-1]}"#, 400),
        (big.as_str(), 413),
        // Not one of Ana's rolls, no advantage where there is none, faces no die shows, more
        // faces than dice.
        (r#"{"roll":"attack-3"}"#, 422),
        (r#"{"roll":"save-luck"}"#, 422),
        (r#"{"roll":"save-dex","faces":[21]}"#, 422),
        (r#"{"roll":"save-dex","faces":[0]}"#, 422),
        (r#"{"roll":"save-dex","faces":[3,4]}"#, 422),
        (r#"{"roll":"save-dex","edge":"adv","faces":[3,4,5]}"#, 422),
    ] {
        let (status, said) = propose(addr, &token, body);
        assert_eq!(status, code, "{body}: {said}");
    }
    let far_too_big = vec![b'x'; 64 * 1024];
    let (status, _) = post(addr, "/propose", &[(TOKEN_HEADER, &token)], &far_too_big);
    assert_eq!(status, 413);
    assert!(
        !proposals_path(&path).exists()
            || read_proposals(&proposals_path(&path)).unwrap().is_empty()
    );
    drop(judge);
    assert_eq!(steps(&path), 4);
}

#[test]
fn a_burst_beyond_the_links_rate_is_refused_and_the_other_link_is_not_held_up() {
    let (_dir, path, judge) = table();
    let web = served(&path, 3);
    let addr = web.server().addr();
    let ana = web.player_token(judge.id("Ana")).unwrap().to_string();
    let bram = web.player_token(judge.id("Bram")).unwrap().to_string();
    for _ in 0..3 {
        assert_eq!(propose(addr, &ana, r#"{"roll":"save-wil"}"#).0, 202);
    }
    let (status, said) = propose(addr, &ana, r#"{"roll":"save-wil"}"#);
    assert_eq!(status, 429);
    assert!(said.contains("Too many rolls"), "{said}");
    assert_eq!(propose(addr, &bram, r#"{"roll":"save-wil"}"#).0, 202);
    assert_eq!(read_proposals(&proposals_path(&path)).unwrap().len(), 4);
}

#[test]
fn a_full_mailbox_refuses_the_next_proposal_saying_so() {
    let (_dir, path, judge) = table();
    let web = served(&path, 100);
    let addr = web.server().addr();
    let ana = web.player_token(judge.id("Ana")).unwrap().to_string();
    for _ in 0..MAILBOX_ROOM {
        assert_eq!(propose(addr, &ana, r#"{"roll":"save-dex"}"#).0, 202);
    }
    let before = std::fs::read(proposals_path(&path)).unwrap();
    let (status, said) = propose(addr, &ana, r#"{"roll":"save-dex"}"#);
    assert_eq!(status, 503);
    assert!(said.contains("waiting already"), "{said}");
    assert_eq!(std::fs::read(proposals_path(&path)).unwrap(), before);
}

#[test]
fn a_revoked_link_proposes_nothing() {
    let (_dir, path, mut judge) = table();
    let mut web = Web::open(&path, DEFAULT_ADDR, limits()).unwrap();
    let addr = web.server().addr();
    let ana = judge.id("Ana");
    let old = web.player_token(ana).unwrap().to_string();
    judge.says("link Ana new");
    web.step();
    let (status, _) = propose(addr, &old, r#"{"roll":"save-dex"}"#);
    assert_eq!(status, 403);
    let new = web.player_token(ana).unwrap().to_string();
    assert_eq!(propose(addr, &new, r#"{"roll":"save-dex"}"#).0, 202);
    assert_eq!(read_proposals(&proposals_path(&path)).unwrap().len(), 1);
}

#[test]
fn a_damaged_mailbox_is_refused_when_the_page_starts() {
    let (_dir, path, _judge) = table();
    std::fs::write(
        proposals_path(&path),
        "(format_version: 1, proposals: [oops])",
    )
    .unwrap();
    let Err(refused) = Web::open(&path, DEFAULT_ADDR, limits()) else {
        panic!("a damaged mailbox was read");
    };
    assert!(refused.to_string().contains("proposals"), "{refused}");
}

#[test]
fn the_judge_runs_a_proposal_with_one_key_and_the_players_faces() {
    let (_dir, path, judge) = table();
    let ana = judge.id("Ana");
    let bram = judge.id("Bram");
    let mut web = Web::open(&path, DEFAULT_ADDR, limits()).unwrap();
    let addr = web.server().addr();
    let token = web.player_token(ana).unwrap().to_string();
    let mut ana_page = Events::open(addr, &token);
    let mut bram_page = Events::open(addr, web.player_token(bram).unwrap());
    update(&mut ana_page);
    update(&mut bram_page);
    let (status, said) = propose(
        addr,
        &token,
        r#"{"roll":"save-dex","edge":"adv","faces":[14,3]}"#,
    );
    assert_eq!(status, 202, "{said}");

    let mut app = screen(judge);
    // The screen looks at the mailbox when the event loop says it may have changed.
    let shown = frame(&mut app, vec![Ok(Event::FocusGained)]);
    assert_eq!(app.ctx(), Ctx::Proposal, "{shown}");
    assert!(
        shown.contains("Ana proposes DEX save, with advantage"),
        "{shown}"
    );
    assert!(
        shown.contains("d20, d20 · the player rolled 14, 3"),
        "{shown}"
    );
    let before = app.session().unwrap().cursor();

    // One key: the roll is a step of the log with the player's faces, waiting for the
    // judge's verdict as any roll does.
    frame(&mut app, vec![code(KeyCode::Enter)]);
    let session = app.session().unwrap();
    assert_eq!(session.cursor(), before + 1);
    let faces: Vec<u16> = session.applied()[before]
        .rolls
        .iter()
        .map(|r| r.face)
        .collect();
    assert_eq!(faces, [14, 3]);
    assert_eq!(app.ctx(), Ctx::Roll);
    let answers = store::read_answers(&answers_path(&path)).unwrap();
    assert_eq!(answers.len(), 1);
    assert_eq!(answers[0].verdict, Verdict::Taken);

    // Ana's page hears it was taken; the proposal leaves the mailbox.
    assert_eq!(web.step(), Followed::Changed);
    let taken = update(&mut ana_page);
    assert_eq!(taken["asked"][0]["state"], "taken", "{taken}");
    assert!(read_proposals(&proposals_path(&path)).unwrap().is_empty());

    // The judge accepts the verdict: every page shows the roll, and Bram's never Ana's sheet.
    frame(&mut app, vec![code(KeyCode::Enter)]);
    assert_eq!(web.step(), Followed::Changed);
    let mut bram_now = update(&mut bram_page);
    while bram_now["rolls"].as_array().unwrap().is_empty() {
        bram_now = update(&mut bram_page);
    }
    let line = bram_now["rolls"][0]["text"].as_str().unwrap();
    assert!(line.contains("Ana"), "{line}");
    // Ana's page shows it as the verdict on her proposal.
    let mut ana_now = update(&mut ana_page);
    while ana_now["asked"][0]["verdict"].is_null() {
        ana_now = update(&mut ana_page);
    }
    assert_eq!(ana_now["asked"][0]["verdict"], line, "{ana_now}");
    let sheet = bram_now["sheet"].as_str().unwrap();
    assert!(sheet.contains("Bram") && !sheet.contains("Ana"), "{sheet}");
    assert!(bram_now["asked"].as_array().unwrap().is_empty());

    // A step like any other: undone and redone whole, and the file replays to the same state
    // with the player's faces.
    let taken = app.session().unwrap().state().clone();
    let cursor = app.session().unwrap().cursor();
    frame(&mut app, vec![key('u')]);
    assert!(app.session().unwrap().cursor() < cursor);
    frame(&mut app, vec![key('U')]);
    assert_eq!(app.session().unwrap().cursor(), cursor);
    assert_eq!(app.session().unwrap().state(), &taken);
    drop(app);
    let replayed = slotmark::store::load(&path).unwrap();
    assert_eq!(replayed.state(), &taken);
    let faces: Vec<u16> = replayed.applied()[before]
        .rolls
        .iter()
        .map(|r| r.face)
        .collect();
    assert_eq!(faces, [14, 3]);
}

#[test]
fn a_declined_proposal_changes_nothing_and_its_word_reaches_the_players_page() {
    let (_dir, path, judge) = table();
    let ana = judge.id("Ana");
    let mut web = Web::open(&path, DEFAULT_ADDR, limits()).unwrap();
    let addr = web.server().addr();
    let token = web.player_token(ana).unwrap().to_string();
    let mut ana_page = Events::open(addr, &token);
    update(&mut ana_page);
    assert_eq!(propose(addr, &token, r#"{"roll":"save-str"}"#).0, 202);
    let mut app = screen(judge);
    frame(&mut app, vec![Ok(Event::FocusGained)]);
    assert_eq!(app.ctx(), Ctx::Proposal);
    let before = app.session().unwrap().state().clone();
    let cursor = app.session().unwrap().cursor();

    let mut keys = vec![key('d')];
    keys.extend(typed("not while you hang there"));
    let asking = frame(&mut app, keys);
    assert_eq!(app.ctx(), Ctx::Decline);
    assert!(
        asking.contains("Word back: not while you hang there"),
        "{asking}"
    );
    frame(&mut app, vec![code(KeyCode::Enter)]);
    assert_eq!(app.ctx(), Ctx::Main);
    assert_eq!(app.session().unwrap().cursor(), cursor);
    assert_eq!(app.session().unwrap().state(), &before);

    web.step();
    let declined = update(&mut ana_page);
    assert_eq!(declined["asked"][0]["state"], "declined", "{declined}");
    assert_eq!(declined["asked"][0]["word"], "not while you hang there");
    drop(app);
    assert_eq!(steps(&path), 4);
}

#[test]
fn a_proposal_put_off_shows_again_after_the_next_step_and_e_takes_it_to_the_palette() {
    let (_dir, path, judge) = table();
    let web = Web::open(&path, DEFAULT_ADDR, limits()).unwrap();
    let token = web.player_token(judge.id("Ana")).unwrap().to_string();
    assert_eq!(
        propose(
            web.server().addr(),
            &token,
            r#"{"roll":"save-wil","secret":true}"#
        )
        .0,
        202
    );
    let mut app = screen(judge);
    let shown = frame(&mut app, vec![Ok(Event::FocusGained)]);
    assert!(
        shown.contains("Secret: its dice on your screen alone"),
        "{shown}"
    );
    frame(&mut app, vec![code(KeyCode::Esc)]);
    assert_eq!(app.ctx(), Ctx::Main);
    let mut keys = vec![key(':')];
    keys.extend(typed("say The rope creaks"));
    keys.push(code(KeyCode::Enter));
    frame(&mut app, keys);
    assert_eq!(app.ctx(), Ctx::Proposal);
    let palette = frame(&mut app, vec![key('e')]);
    assert_eq!(app.ctx(), Ctx::Palette);
    assert!(palette.contains("save Ana wil"), "{palette}");
    // Nothing is answered while the judge changes it: closed without a line run, the
    // proposal waits again (the page was told "changed" and nothing happened).
    let answered = || store::read_answers(&answers_path(&path)).unwrap_or_default();
    assert!(answered().is_empty(), "{:?}", answered());
    frame(&mut app, vec![code(KeyCode::Esc)]);
    assert_eq!(app.ctx(), Ctx::Proposal);
    assert!(answered().is_empty(), "{:?}", answered());
    // Run, the changed line answers it "changed", with the step it made.
    let before = app.session().unwrap().applied().len();
    frame(&mut app, vec![key('e'), code(KeyCode::Enter)]);
    let answers = answered();
    assert_eq!(answers.len(), 1, "{answers:?}");
    assert_eq!(answers[0].verdict, Verdict::Changed);
    assert_eq!(answers[0].step, Some(before as u64 + 1), "{answers:?}");
}

/// Each ruleset offers a player the rolls its rules give a character, in its own words, with
/// advantage where the rules have it; a foe named for an attack or a defense check is one the
/// caller passes (the players' lens), never another.
#[test]
fn each_ruleset_offers_its_characters_own_rolls() {
    use slotmark::script::offers::{Edge, offers};
    for &ruleset in RulesetId::ALL {
        let session = script::demo_for(ruleset);
        let state = session.state();
        let roster = state.game.roster();
        let Some(pc) = roster
            .iter()
            .filter(|g| g.party)
            .flat_map(|g| &g.members)
            .next()
        else {
            continue;
        };
        let foes: Vec<(u32, String)> = roster
            .iter()
            .filter(|g| !g.party)
            .flat_map(|g| &g.members)
            .filter(|m| !m.dead)
            .map(|m| (m.id, m.name.clone()))
            .take(1)
            .collect();
        let offered = offers(state, pc.id, &foes);
        let labels: Vec<String> = offered.iter().map(|o| o.label.clone()).collect();
        let expected: &[&str] = match ruleset {
            RulesetId::Slots => &["Check", "Terrain check", "Stealth check"],
            RulesetId::Phase | RulesetId::Bdp => &["STR save", "DEX save", "WIL save"],
            RulesetId::Ap => &[
                "STR check",
                "DEX check",
                "WIL check",
                "STR save",
                "WIL save",
            ],
            RulesetId::ActionDie => &["STR check", "DEX check", "AWR check", "WIL check"],
            _ => &[],
        };
        for want in expected {
            assert!(labels.iter().any(|l| l == want), "{ruleset:?}: {labels:?}");
        }
        if expected.is_empty() {
            assert!(offered.is_empty(), "{ruleset:?}: {labels:?}");
            continue;
        }
        let first = &offered[0];
        assert!(first.way(Edge::Adv).is_some(), "{ruleset:?}: {first:?}");
        assert!(first.ways.iter().all(|w| !w.dice.is_empty()), "{first:?}");
        let named: Vec<&str> = foes.iter().map(|(_, n)| n.as_str()).collect();
        for o in &offered {
            if o.key.starts_with("attack") || o.key.starts_with("defense") {
                assert!(named.iter().any(|n| o.label.contains(n)), "{o:?}");
            }
        }
        let fights = matches!(
            ruleset,
            RulesetId::Slots | RulesetId::Ap | RulesetId::ActionDie
        );
        assert_eq!(
            offered
                .iter()
                .any(|o| o.key.starts_with("attack") || o.key.starts_with("defense")),
            fights && !foes.is_empty(),
            "{ruleset:?}: {labels:?}"
        );
    }
}

/// The proposal on the judge's screen at 80×24, and the word back being typed: who, what, the
/// dice and the player's faces, the line it runs, the keys.
#[test]
fn the_proposal_reads_whole_on_the_judges_screen_at_80x24() {
    let (_dir, path, judge) = table();
    let web = served(&path, 5);
    let token = web.player_token(judge.id("Bram")).unwrap().to_string();
    let sent = r#"{"roll":"save-str","edge":"dis","faces":[7]}"#;
    assert_eq!(propose(web.server().addr(), &token, sent).0, 202);
    let mut app = screen(judge);
    let shown = drive(&mut app, 80, 24, vec![Ok(Event::FocusGained)]);
    insta::assert_snapshot!("proposal_80x24", shown);
    let mut keys = vec![key('d')];
    keys.extend(typed("Your hands are full"));
    let declining = drive(&mut app, 80, 24, keys);
    insta::assert_snapshot!("proposal_declining_80x24", declining);
}

/// A roll a player asks to keep secret stays the judge's: taken, it never reaches the table's
/// page or another player's, nor the proposer's own; the judge's log has it.
#[test]
fn a_secret_proposal_taken_reaches_no_page() {
    let (_dir, path, judge) = table();
    let ana = judge.id("Ana");
    let bram = judge.id("Bram");
    let mut web = served(&path, 5);
    let addr = web.server().addr();
    let token = web.player_token(ana).unwrap().to_string();
    let sent = r#"{"roll":"save-wil","faces":[17],"secret":true}"#;
    assert_eq!(propose(addr, &token, sent).0, 202);
    let mut app = screen(judge);
    frame(&mut app, vec![Ok(Event::FocusGained)]);
    frame(&mut app, vec![code(KeyCode::Enter), code(KeyCode::Enter)]);
    let session = app.session().unwrap();
    let faces: Vec<u16> = session
        .applied()
        .iter()
        .flat_map(|e| e.rolls.iter().map(|r| r.face))
        .collect();
    assert_eq!(faces, [17], "the judge's log keeps the roll");
    assert_eq!(web.step(), Followed::Changed);
    // A page opened now starts with all it may show: the table's and both players'.
    for token in [web.token(), &token, web.player_token(bram).unwrap()] {
        let now = update(&mut Events::open(addr, token));
        let rolls = now["rolls"].to_string();
        assert!(!rolls.contains("WIL") && !rolls.contains("17"), "{now}");
    }
    drop(app);
}
