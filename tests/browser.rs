//! The players' page in a real browser: Debian's chromium, driven headless through
//! chromedriver with fantoccini. It opens the page a server beside a judge's session serves,
//! watches the judge's steps appear without a reload, and reads the page's layout at a
//! phone's width and a projector's. Without chromedriver this test fails, saying what to
//! install: it is part of the test command, never skipped.

use fantoccini::{ClientBuilder, Locator};
use serde_json::{Value, json};
use slotmark::dice::ScriptedDice;
use slotmark::rules::RulesetId;
use slotmark::script::{self, Line};
use slotmark::session::{Session, SessionState};
use slotmark::store::{Followed, JournalRecord, Store};
use slotmark::web::{DEFAULT_ADDR, Limits, Web};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

#[path = "support/page.rs"]
mod page;
mod pty;

use page::quiet_spell;

/// Where Debian puts them (`apt-get install chromium chromium-driver`); `CHROMEDRIVER` and
/// `CHROMIUM` name others.
const DRIVER: &str = "/usr/bin/chromedriver";
const BROWSER: &str = "/usr/bin/chromium";

/// How long the browser may take to show what the page was sent (never reached when it works).
const PATIENCE: Duration = Duration::from_secs(30);

struct Judge {
    store: Store,
    session: Session,
}

impl Judge {
    fn create(path: &Path) -> Judge {
        let session = Session::new(SessionState::new("At the Ford", RulesetId::Plain));
        let store = Store::create(path, &session).unwrap();
        Judge { store, session }
    }

    fn says(&mut self, line: &str) {
        let Line::Command(c) = script::parse_line(line, self.session.state()).unwrap() else {
            panic!("{line}");
        };
        let entry = self
            .session
            .execute(c, &mut ScriptedDice::new([]))
            .unwrap_or_else(|e| panic!("{line}: {e}"))
            .to_logged();
        self.store
            .journal_step(&JournalRecord::Apply(entry), &self.session)
            .unwrap();
    }
}

/// chromedriver on a port of its own, ended with the test.
struct Driver(Child, u16);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn driver() -> Driver {
    let path = std::env::var("CHROMEDRIVER").unwrap_or_else(|_| DRIVER.to_string());
    assert!(
        Path::new(&path).exists(),
        "the browser test needs chromedriver at {path}: install Debian's `chromium` and \
         `chromium-driver` (apt-get install -y chromium chromium-driver; .ci/run does), or name \
         another with CHROMEDRIVER"
    );
    // A port the system hands out now, for chromedriver to take: another program (the other
    // browser test, run beside this one) may take it first, so a chromedriver that could not
    // listen on it is started again on another.
    for _ in 0..20 {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let mut child = Command::new(&path)
            .arg(format!("--port={port}"))
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {path}: {e}"));
        // It says so once it listens, and exits when it cannot.
        let out = child.stdout.take().unwrap();
        let mut lines = BufReader::new(out).lines();
        let started = lines
            .by_ref()
            .map_while(Result::ok)
            .any(|l| l.contains("started successfully"));
        if !started {
            let _ = child.kill();
            let _ = child.wait();
            continue;
        }
        // Keep reading what it says so it never blocks on a full pipe.
        std::thread::spawn(move || lines.for_each(drop));
        return Driver(child, port);
    }
    panic!("{path} could not listen on any of twenty ports");
}

fn dir() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ford.ron");
    (dir, path)
}

#[test]
fn the_page_follows_the_judge_in_a_real_browser_on_a_phone_and_a_projector() {
    let (_d, path) = dir();
    let mut judge = Judge::create(&path);
    for line in [
        "add Ana 8",
        "add Bo 6",
        "add Cy 5",
        "add Ogre 12 others",
        "add Ghoul 5 others",
        "veil Ghoul",
    ] {
        judge.says(line);
    }
    let mut web = Web::open(&path, DEFAULT_ADDR, Limits::default()).unwrap();
    let url = web.url();
    let driver = driver();
    runtime().block_on(async {
        // A phone held upright (the device's own viewport: a desktop window is never that
        // narrow), then a projector.
        let (client, _profile) = browser(
            &driver,
            json!({
                "mobileEmulation": {
                    "deviceMetrics": { "width": 390, "height": 844, "pixelRatio": 3.0 }
                }
            }),
        )
        .await;

        client.goto(&url).await.unwrap();
        wait_for(&client, "//h1[@id='title' and text()='At the Ford']").await;
        wait_for(&client, "//span[@id='status' and text()='live']").await;

        // The judge starts a fight: it appears without a reload, the ogre acting.
        judge.says("fight Ogre Ana Bo");
        assert_eq!(web.step(), Followed::Changed);
        wait_for(&client, "//div[@id='now' and text()='Ogre']").await;
        wait_for(&client, "//span[@id='next' and text()='Ana']").await;
        js(&client, "window.stayed = true").await;
        judge.says("next");
        assert_eq!(web.step(), Followed::Changed);
        wait_for(&client, "//div[@id='now' and text()='Ana']").await;
        assert_eq!(
            js(&client, "return window.stayed === true").await,
            json!(true),
            "reloaded"
        );
        let text = js(&client, "return document.body.innerText").await;
        let text = text.as_str().unwrap();
        assert!(text.contains("ROUND 1") && text.contains("Cy"), "{text}");
        assert!(!text.contains("Ghoul"), "{text}");
        let source = client.source().await.unwrap();
        assert!(!source.contains("Ghoul"));

        // Nothing came from another host.
        let foreign = js(
            &client,
            "return performance.getEntriesByType('resource')
                .map(e => e.name).filter(n => !n.startsWith(location.origin))",
        )
        .await;
        assert_eq!(foreign, json!([]), "loaded from elsewhere");

        // A phone in portrait: one column, nothing wider than the screen, the turn readable.
        let phone = js(
            &client,
            "const r = id => document.getElementById(id).getBoundingClientRect();
            return { width: innerWidth, scroll: document.documentElement.scrollWidth,
              order: r('order-box'), party: r('party-box'), rolls: r('rolls-box'),
              now: parseFloat(getComputedStyle(document.getElementById('now')).fontSize),
              body: parseFloat(getComputedStyle(document.body).fontSize) }",
        )
        .await;
        assert!(phone["width"].as_f64().unwrap() <= 400.0, "{phone}");
        assert!(
            phone["scroll"].as_f64() <= phone["width"].as_f64(),
            "{phone}"
        );
        assert!(
            phone["party"]["top"].as_f64() >= phone["order"]["bottom"].as_f64(),
            "{phone}"
        );
        assert!(phone["body"].as_f64().unwrap() >= 16.0, "{phone}");
        assert!(phone["now"].as_f64().unwrap() >= 28.0, "{phone}");

        client.close().await.unwrap();

        // Bo felled before his turn: his state is said beside his name, and the order adds no
        // empty reason after it (it read "Bo ()").
        judge.says("damage Bo 6");
        assert_eq!(web.step(), Followed::Changed);

        // A projector: the order, the players and the others side by side, and larger.
        let (client, _profile) = browser(&driver, json!({})).await;
        client.goto(&url).await.unwrap();
        wait_for(&client, "//div[@id='now' and text()='Ana']").await;
        let order = js(&client, "return document.getElementById('order').innerText").await;
        let order = order.as_str().unwrap();
        assert!(order.contains("Bo") && !order.contains("()"), "{order}");
        let wide = js(
            &client,
            "const r = id => document.getElementById(id).getBoundingClientRect();
            return { width: innerWidth, scroll: document.documentElement.scrollWidth,
              order: r('order-box'), party: r('party-box'), others: r('others-box'),
              now: parseFloat(getComputedStyle(document.getElementById('now')).fontSize),
              body: parseFloat(getComputedStyle(document.body).fontSize) }",
        )
        .await;
        assert!(wide["width"].as_f64().unwrap() >= 1800.0, "{wide}");
        assert!(wide["scroll"].as_f64() <= wide["width"].as_f64(), "{wide}");
        assert_eq!(wide["order"]["top"], wide["party"]["top"], "{wide}");
        assert_eq!(wide["party"]["top"], wide["others"]["top"], "{wide}");
        assert!(
            wide["order"]["right"].as_f64() <= wide["party"]["left"].as_f64(),
            "{wide}"
        );
        assert!(
            wide["body"].as_f64().unwrap() > phone["body"].as_f64().unwrap(),
            "{wide}"
        );
        assert!(
            wide["now"].as_f64().unwrap() > phone["now"].as_f64().unwrap(),
            "{wide}"
        );
        // On the wide page the players out of the fight and in it are listed again.
        let text = js(&client, "return document.getElementById('party').innerText").await;
        assert!(text.as_str().unwrap().contains("Ana"), "{text}");

        client.close().await.unwrap();
    });
    drop(driver);
}

#[test]
fn the_page_stays_open_across_a_quiet_spell_is_reloaded_and_sees_the_next_step() {
    let (_d, path) = dir();
    let mut judge = Judge::create(&path);
    for line in ["add Ana 8", "add Ogre 12 others"] {
        judge.says(line);
    }
    // A connection timeout of a second: the quiet spell below is longer.
    let limits = Limits {
        timeout: Duration::from_secs(1),
        ..Limits::default()
    };
    let mut web = Web::open(&path, DEFAULT_ADDR, limits).unwrap();
    let url = web.url();
    let driver = driver();
    runtime().block_on(async {
        let (client, _profile) = browser(&driver, json!({})).await;
        client.goto(&url).await.unwrap();
        wait_for(&client, "//h1[@id='title' and text()='At the Ford']").await;
        wait_for(&client, "//span[@id='status' and text()='live']").await;
        // Every change of the status from now on is kept: a stream lost and found again
        // shows as "reconnecting…" and then "live".
        js(
            &client,
            "window.stayed = true; window.said = [];
            const status = document.getElementById('status');
            new MutationObserver(() => window.said.push(status.textContent))
                .observe(status, { childList: true, characterData: true, subtree: true });",
        )
        .await;

        quiet_spell(web.server().addr());
        assert_eq!(web.server().streams(), 1);
        judge.says("fight Ogre Ana");
        assert_eq!(web.step(), Followed::Changed);
        wait_for(&client, "//div[@id='now' and text()='Ogre']").await;
        assert_eq!(
            js(&client, "return [window.stayed === true, window.said]").await,
            json!([true, []]),
            "the page was reloaded or lost its stream"
        );

        // A reload after the quiet spell: answered, and the next step arrives.
        quiet_spell(web.server().addr());
        client.refresh().await.unwrap();
        wait_for(&client, "//span[@id='status' and text()='live']").await;
        wait_for(&client, "//div[@id='now' and text()='Ogre']").await;
        assert_eq!(
            js(&client, "return window.stayed === true").await,
            json!(false)
        );
        judge.says("next");
        assert_eq!(web.step(), Followed::Changed);
        wait_for(&client, "//div[@id='now' and text()='Ana']").await;

        client.close().await.unwrap();
    });
    drop(driver);
}

/// A runtime for the browser's client on this thread.
fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// A new browser through `driver`, headless with a profile of its own (kept while it runs),
/// with these chromium options besides the arguments.
async fn browser(driver: &Driver, options: Value) -> (fantoccini::Client, tempfile::TempDir) {
    let profile = tempfile::tempdir().unwrap();
    let browser = std::env::var("CHROMIUM").unwrap_or_else(|_| BROWSER.to_string());
    let mut chrome = json!({
        "binary": browser,
        "args": [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--window-size=1920,1080",
            format!("--user-data-dir={}", profile.path().display()),
        ],
    });
    if let (Value::Object(chrome), Value::Object(options)) = (&mut chrome, options) {
        chrome.extend(options);
    }
    let mut caps = serde_json::Map::new();
    caps.insert("goog:chromeOptions".into(), chrome);
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    let client = ClientBuilder::new(connector)
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{}", driver.1))
        .await
        .expect("chromedriver took no session");
    (client, profile)
}

/// Clicks the element with the id `id`.
async fn click(client: &fantoccini::Client, id: &str) {
    client
        .find(Locator::Id(id))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

/// Two browsers held upright at a phone's width, each opening one of `urls`.
async fn phones(driver: &Driver, urls: [&str; 2]) -> [(fantoccini::Client, tempfile::TempDir); 2] {
    let phone = json!({
        "mobileEmulation": { "deviceMetrics": { "width": 390, "height": 844, "pixelRatio": 3.0 } }
    });
    let a = browser(driver, phone.clone()).await;
    let b = browser(driver, phone).await;
    a.0.goto(urls[0]).await.unwrap();
    b.0.goto(urls[1]).await.unwrap();
    [a, b]
}

/// Waits until the page has an element at `xpath`.
async fn wait_for(client: &fantoccini::Client, xpath: &str) {
    client
        .wait()
        .at_most(PATIENCE)
        .for_element(Locator::XPath(xpath))
        .await
        .unwrap_or_else(|e| panic!("{xpath} never appeared: {e}"));
}

/// What a script run in the page returns.
async fn js(client: &fantoccini::Client, script: &str) -> Value {
    client.execute(script, vec![]).await.unwrap()
}

/// Two players' own pages on phones beside the judge (the slot system's demo, whose sheets are
/// the widest): each shows its own character's sheet whole, readable at a phone's width without
/// widening the page; what the judge tells one player shows on that page alone; the judge's
/// words to the table on both; a link made anew is refused on the page it opened, which says so.
#[test]
fn two_players_pages_on_phones_each_with_its_own_sheet_and_words() {
    let (_d, path) = dir();
    let session = script::demo_for(RulesetId::Slots);
    let store = Store::create(&path, &session).unwrap();
    let mut judge = Judge { store, session };
    let party: Vec<(u32, String)> = judge
        .session
        .state()
        .game
        .roster()
        .into_iter()
        .filter(|g| g.party)
        .flat_map(|g| g.members.into_iter().map(|m| (m.id, m.name)))
        .collect();
    let (a, b) = (&party[0], &party[1]);
    let mut web = Web::open(&path, DEFAULT_ADDR, Limits::default()).unwrap();
    let url_of = |web: &Web, id: u32| {
        web.player_urls()
            .into_iter()
            .find(|(i, _, _)| *i == id)
            .unwrap()
            .2
    };
    let (url_a, url_b) = (url_of(&web, a.0), url_of(&web, b.0));
    let driver = driver();
    runtime().block_on(async {
        let [(page_a, _profile_a), (page_b, _profile_b)] = phones(&driver, [&url_a, &url_b]).await;
        for (client, (_, name)) in [(&page_a, a), (&page_b, b)] {
            wait_for(client, "//span[@id='status' and text()='live']").await;
            wait_for(
                client,
                &format!("//h2[@id='sheet-title' and text()=\"{name}'s sheet\"]"),
            )
            .await;
            let shown = js(
                client,
                "const s = document.getElementById('sheet');
                return { width: innerWidth, scroll: document.documentElement.scrollWidth,
                  text: s.textContent, box: s.getBoundingClientRect().width,
                  font: parseFloat(getComputedStyle(s).fontSize) }",
            )
            .await;
            let text = shown["text"].as_str().unwrap();
            assert!(text.starts_with(name.as_str()), "{shown}");
            assert!(text.contains("Slot by slot"), "the whole sheet: {shown}");
            assert!(
                shown["scroll"].as_f64() <= shown["width"].as_f64(),
                "wider than the phone: {shown}"
            );
            assert!(shown["box"].as_f64() <= shown["width"].as_f64(), "{shown}");
            assert!(shown["font"].as_f64().unwrap() >= 9.0, "{shown}");
        }
        // Neither page holds the other's sheet.
        let text_b = js(
            &page_b,
            "return document.getElementById('sheet').textContent",
        )
        .await;
        assert!(!text_b.as_str().unwrap().contains(&format!("{} ·", a.1)));

        judge.says(&format!("tell \"{}\" A cold hand on your shoulder", a.1));
        assert_eq!(web.step(), Followed::Changed);
        judge.says("say The lantern gutters");
        assert_eq!(web.step(), Followed::Changed);
        for client in [&page_a, &page_b] {
            wait_for(
                client,
                "//ul[@id='said']/li[contains(., 'The lantern gutters')]",
            )
            .await;
        }
        wait_for(&page_a, "//ul[@id='said']/li[contains(., 'A cold hand')]").await;
        let source = page_b.source().await.unwrap();
        assert!(!source.contains("cold hand"), "told to the other player");

        // A's link made anew: A's page is refused and says so; B's goes on.
        judge.says(&format!("link \"{}\" new", a.1));
        assert_eq!(web.step(), Followed::Changed);
        wait_for(
            &page_a,
            "//span[@id='status' and contains(., 'no longer opens the page')]",
        )
        .await;
        judge.says("say Onwards");
        assert_eq!(web.step(), Followed::Changed);
        wait_for(&page_b, "//ul[@id='said']/li[contains(., 'Onwards')]").await;

        page_a.close().await.unwrap();
        page_b.close().await.unwrap();
    });
    drop(driver);
}

/// `slotmark table FILE --web` in the real binary: the table's address and each player
/// character's, as printed (the table's first, then the players' in the roster's order).
struct Pages {
    child: Child,
    urls: Vec<String>,
}

impl Pages {
    fn serve(path: &Path) -> Pages {
        let mut child = Command::new(env!("CARGO_BIN_EXE_slotmark"))
            .args(["table", &path.to_string_lossy(), "--web", "127.0.0.1:0"])
            .env("NO_COLOR", "1")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let mut urls = Vec::new();
        for line in lines.by_ref() {
            let line = line.unwrap();
            if let Some(at) = line.find("http://") {
                urls.push(line[at..].trim().to_string());
            }
            if line.contains("Ctrl-C stops it") {
                break;
            }
        }
        std::thread::spawn(move || lines.for_each(drop));
        Pages { child, urls }
    }
}

impl Drop for Pages {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Two players on phones and the judge's screen in a pseudo-terminal, each its own process as
/// at the table: Ana proposes a DEX save with the face her own die showed, it shows on the
/// judge's screen, one key runs it and one more accepts the verdict; the judge's log, the
/// table's page and both players' pages show it, and Bram's never shows Ana's sheet. Bram's
/// proposal the judge declines with a word: it reaches Bram's page and changes nothing. Then
/// the judge revokes Bram's link: his open page says so and the old address answers 403.
#[test]
fn players_propose_rolls_from_their_phones_and_the_judge_takes_or_declines_them() {
    let (dir, path) = dir();
    let session = Session::new(SessionState::new("At the Ford", RulesetId::Bdp));
    let store = Store::create(&path, &session).unwrap();
    let mut judge = Judge { store, session };
    for line in page::FORD_BDP {
        judge.says(line);
    }
    drop(judge);
    let served = Pages::serve(&path);
    let [table_url, url_a, url_b] = &served.urls[..] else {
        panic!("{:?}", served.urls);
    };
    let path_arg = path.to_string_lossy().to_string();
    let mut term = pty::Term::spawn(&["open", &path_arg], dir.path(), &[], 30, 100);
    term.wait_text("Roll log");
    let driver = driver();
    runtime().block_on(async {
        let [(page_a, _profile_a), (page_b, _profile_b)] = phones(&driver, [url_a, url_b]).await;
        for client in [&page_a, &page_b] {
            wait_for(client, "//span[@id='status' and text()='live']").await;
            wait_for(
                client,
                "//select[@id='roll-what']/option[text()='DEX save']",
            )
            .await;
        }

        // Ana rolls her own d20 for a DEX save and sends its face.
        js(
            &page_a,
            "document.getElementById('roll-what').value = 'save-dex';
            document.getElementById('roll-what').dispatchEvent(new Event('change'));",
        )
        .await;
        page_a
            .find(Locator::Css("#faces input"))
            .await
            .unwrap()
            .send_keys("14")
            .await
            .unwrap();
        click(&page_a, "roll-send").await;
        wait_for(
            &page_a,
            "//ul[@id='asked']/li[contains(., 'DEX save: waiting for the judge')]",
        )
        .await;
        // Readable on the phone: the page as wide as its screen (a wider sheet scrolls in its
        // own box), the form and the sheet inside it.
        let phone_width = js(
            &page_a,
            "const w = id => document.getElementById(id).getBoundingClientRect().right;
            return [innerWidth, document.documentElement.scrollWidth, w('roll-form'), w('sheet')]",
        )
        .await;
        // The sheet's lines wrap in its box, in type a phone reads: no line hidden to the side.
        let sheet = js(
            &page_a,
            "const s = document.getElementById('sheet');
            return [s.scrollWidth, s.clientWidth, parseFloat(getComputedStyle(s).fontSize)]",
        )
        .await;
        assert!(sheet[0].as_f64() <= sheet[1].as_f64(), "{sheet}");
        assert!(sheet[2].as_f64().unwrap() >= 12.0, "{sheet}");
        assert!(phone_width[0].as_f64().unwrap() <= 400.0, "{phone_width}");
        for i in 1..4 {
            assert!(
                phone_width[i].as_f64() <= phone_width[0].as_f64(),
                "{phone_width}"
            );
        }

        // The judge's screen shows it; Enter runs it, Enter accepts the verdict.
        term.wait_text("Ana proposes DEX save");
        term.wait_text("the player rolled 14");
        term.press("\r");
        term.wait_for("the roll waiting", |t| !t.text().contains("Ana proposes"));
        term.press("\r");
        wait_for(
            &page_a,
            "//ul[@id='asked']/li[contains(., 'The judge rolled DEX save: Ana: DEX save') \
             and contains(., '14')]",
        )
        .await;
        // Her choice stayed while the rules offered nothing (the roll waited for the judge).
        let chosen = js(&page_a, "return document.getElementById('roll-what').value").await;
        assert_eq!(chosen, json!("save-dex"));
        for client in [&page_a, &page_b] {
            wait_for(client, "//ul[@id='rolls']/li[contains(., 'Ana')]").await;
        }
        let line_b = js(
            &page_b,
            "return document.querySelector('#rolls li').innerText",
        )
        .await;
        assert!(line_b.as_str().unwrap().contains("14"), "{line_b}");
        // The judge's roll log has it, with the face Ana's die showed.
        term.wait_for("the save in the judge's log", |t| {
            t.text()
                .lines()
                .any(|l| l.contains("Ana: DEX save proposed by the player") && l.contains("d20 14"))
        });
        let sheet_b = js(
            &page_b,
            "return document.getElementById('sheet').textContent",
        )
        .await;
        assert!(!sheet_b.as_str().unwrap().contains("Ana"), "{sheet_b}");
        let asked_b = js(&page_b, "return document.getElementById('asked').innerText").await;
        assert_eq!(asked_b, json!(""), "Ana's proposal showed on Bram's page");

        // The table's page shows the roll too.
        let (table, _profile_t) = browser(&driver, json!({})).await;
        table.goto(table_url).await.unwrap();
        wait_for(&table, "//ul[@id='rolls']/li[contains(., 'Ana')]").await;
        let table_text = js(&table, "return document.body.innerText").await;
        assert!(
            !table_text.as_str().unwrap().contains("Your rolls"),
            "{table_text}"
        );
        table.close().await.unwrap();

        // Bram proposes; the judge declines it with a word.
        click(&page_b, "roll-send").await;
        term.wait_text("Bram proposes STR save");
        term.press("d");
        term.press("Not while you hang there");
        term.wait_text("Word back: Not while you hang there");
        term.press("\r");
        term.wait_for("the proposal gone", |t| !t.text().contains("Bram proposes"));
        wait_for(
            &page_b,
            "//ul[@id='asked']/li[contains(., 'declined (“Not while you hang there”)')]",
        )
        .await;
        term.wait_text("Declined Bram");

        // The judge revokes Bram's link from the screen: his open page hears it at once, and
        // the old address answers 403.
        term.press(":link Bram new\r");
        wait_for(
            &page_b,
            "//span[@id='status' and contains(., 'no longer opens the page')]",
        )
        .await;
        let rest = url_b.trim_start_matches("http://");
        let (host, target) = rest.split_at(rest.find('/').unwrap());
        let (status, _) = page::request(host.parse().unwrap(), "GET", target);
        assert_eq!(status, 403, "the revoked address still opens");
        // Nothing of Bram's stays on the revoked page to read or to send.
        let left = js(
            &page_b,
            "return [document.getElementById('roll-box').hidden,
              document.getElementById('sheet-box').hidden]",
        )
        .await;
        assert_eq!(left, json!([true, true]));

        page_a.close().await.unwrap();
        page_b.close().await.unwrap();
    });
    drop(driver);
    // The log holds the four steps, Ana's save and its verdict, and the new link: the decline
    // changed nothing.
    term.press("q");
    term.wait_closed();
    let session = slotmark::store::load(&path).unwrap();
    let log = script::write(&session.applied()[4].command, session.state()).text;
    assert!(log.contains("save Ana dex"), "{log}");
    assert_eq!(session.applied().len(), 7, "{:?}", session.applied());
    assert_eq!(session.applied()[4].rolls[0].face, 14);
    // The terminal's table view reads the same model the pages do: the verdict is there.
    let view = slotmark::session::TableView::of(&session, 20);
    assert!(
        view.rolls
            .iter()
            .any(|l| l.text.contains("Ana: DEX save") && l.text.contains("14")),
        "{:?}",
        view.rolls
    );
}
