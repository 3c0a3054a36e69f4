//! The page's model: what the players' page shows, made from [`TableView`] (the players' lens)
//! by [`page`] alone, so the page can show nothing the terminal view may not. It goes to the
//! browser as JSON; nothing of it is ever written to a file.

use serde::Serialize;

use crate::rules::{RosterEntry, Standing, Tag, Tone};
use crate::session::TableView;

/// Everything one update of the page carries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Page {
    pub title: String,
    /// Where time stands, with the rest after it ("try 14 (day 2, 09:30) · dark").
    pub clock: String,
    pub place: Option<String>,
    pub fight: Option<Fight>,
    pub party: Vec<Person>,
    pub others: Vec<Person>,
    /// The last public rolls, newest first.
    pub rolls: Vec<Roll>,
    /// The judge's last words to the table (on a player's page, to that player too), newest
    /// first.
    pub said: Vec<Roll>,
    /// Why the session could not be read just now, when it could not.
    pub problem: Option<String>,
    /// On a player's own page: their character's name.
    pub me: Option<String>,
    /// On a player's own page: their character's sheet in full, in its ruleset's words.
    pub sheet: Option<String>,
    /// On a player's own page: the rolls its player may propose now.
    pub offers: Vec<Offered>,
    /// On a player's own page: its proposals waiting for the judge, then the judge's last
    /// answers to them.
    pub asked: Vec<Asked>,
}

/// A roll the player may propose, in the ruleset's words, with each way of making it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Offered {
    pub key: String,
    pub label: String,
    pub ways: Vec<OfferedWay>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OfferedWay {
    /// `plain`, `adv` or `dis`.
    pub edge: &'static str,
    /// The sides of each die it draws.
    pub dice: Vec<u16>,
}

/// One of the player's proposals: what it is and where it stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Asked {
    pub id: String,
    pub what: String,
    /// `waiting`, `taken`, `changed` or `declined`.
    pub state: &'static str,
    /// The judge's word with a decline.
    pub word: String,
    /// Taken: the roll's line as this player's page shows it, once it has settled (never a
    /// secret one's).
    pub verdict: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Fight {
    pub round: u32,
    /// Who or what holds the initiative, in the ruleset's words.
    pub label: String,
    /// Is it the players' own side?
    pub party: bool,
    pub acting: Vec<String>,
    pub next: Option<String>,
    pub order: Vec<Fighter>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Fighter {
    pub name: String,
    pub group: String,
    /// The standing's symbol (the terminal view's).
    pub symbol: &'static str,
    /// The standing in words: acting, interrupting, acted, ready, or why it cannot act.
    pub standing: String,
    pub party: bool,
    pub tags: Vec<Mark>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Person {
    pub name: String,
    pub dead: bool,
    pub tags: Vec<Mark>,
}

/// A word or short tag with its tone, which names its colour on the page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Mark {
    pub text: String,
    pub tone: &'static str,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Roll {
    pub text: String,
    pub tone: &'static str,
}

/// How many of the last public rolls the page shows.
pub const ROLLS: usize = 12;

/// The one way the page is made from the players' lens: what it shows comes from `view` and
/// nothing else (`problem` is about the files, not the session).
pub fn page(view: &TableView, problem: Option<&str>) -> Page {
    let everyone: Vec<(&RosterEntry, bool)> = view
        .party
        .iter()
        .map(|e| (e, true))
        .chain(view.creatures.iter().map(|e| (e, false)))
        .collect();
    let fight = view.fight.as_ref().map(|f| Fight {
        round: f.round,
        label: f.label.clone(),
        party: f.party,
        acting: f.acting.clone(),
        next: f.next.clone(),
        order: f
            .order
            .iter()
            .map(|fighter| {
                let entry = everyone.iter().find(|(e, _)| e.id == fighter.id);
                Fighter {
                    name: fighter.name.clone(),
                    group: fighter.group.clone(),
                    symbol: fighter.standing.symbol(),
                    standing: standing(&fighter.standing),
                    party: entry.is_some_and(|(_, party)| *party),
                    tags: entry.map(|(e, _)| marks(&e.glance)).unwrap_or_default(),
                }
            })
            .collect(),
    });
    let mut clock = view.clock.now.clone();
    if !view.clock.detail.is_empty() {
        clock.push(' ');
        clock.push_str(&view.clock.detail);
    }
    Page {
        title: view.title.clone(),
        clock,
        place: view.clock.place.clone(),
        fight,
        party: view.party.iter().map(person).collect(),
        others: view.creatures.iter().map(person).collect(),
        rolls: view
            .rolls
            .iter()
            .take(ROLLS)
            .map(|l| Roll {
                text: l.text.clone(),
                tone: tone(l.tone),
            })
            .collect(),
        said: view
            .said
            .iter()
            .map(|l| Roll {
                text: l.text.clone(),
                tone: tone(l.tone),
            })
            .collect(),
        problem: problem.map(str::to_string),
        me: None,
        sheet: None,
        offers: Vec::new(),
        asked: Vec::new(),
    }
}

/// A player's own page: `view` is what their character's player may see (the table's view,
/// with what the judge told them alone), `sheet` their character's sheet, made for its player
/// (see [`crate::export::players::own_sheet`]).
pub fn player_page(
    view: &TableView,
    me: &str,
    sheet: Option<String>,
    problem: Option<&str>,
    offers: &[crate::script::offers::Offer],
    asked: Vec<Asked>,
) -> Page {
    Page {
        me: Some(me.to_string()),
        sheet,
        offers: offers
            .iter()
            .map(|o| Offered {
                key: o.key.clone(),
                label: o.label.clone(),
                ways: o
                    .ways
                    .iter()
                    .map(|w| OfferedWay {
                        edge: w.edge.word(),
                        dice: w.dice.clone(),
                    })
                    .collect(),
            })
            .collect(),
        asked,
        ..page(view, problem)
    }
}

fn person(entry: &RosterEntry) -> Person {
    Person {
        name: entry.name.clone(),
        dead: entry.dead,
        tags: marks(&entry.glance),
    }
}

fn marks(tags: &[Tag]) -> Vec<Mark> {
    tags.iter()
        .map(|t| Mark {
            text: t.text.clone(),
            tone: tone(t.tone),
        })
        .collect()
}

fn standing(s: &Standing) -> String {
    match s {
        Standing::Acting => "acting".into(),
        Standing::Interrupting => "interrupting".into(),
        Standing::Acted => "acted".into(),
        Standing::Ready => "ready".into(),
        Standing::Out(why) => why.clone(),
    }
}

fn tone(t: Tone) -> &'static str {
    match t {
        Tone::Plain => "plain",
        Tone::Dim => "dim",
        Tone::Good => "good",
        Tone::Bad => "bad",
        Tone::Warn => "warn",
        Tone::Mark => "mark",
        Tone::Harm => "harm",
        Tone::Mended => "mended",
        Tone::Death => "death",
        Tone::Question => "question",
        Tone::Ruling => "ruling",
    }
}
