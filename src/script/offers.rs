//! The rolls a player character's player may propose from their own page, in the ruleset's own
//! terms: the slot system's checks (generic, terrain, stealth) and defense checks against the
//! foes the players see; the saves of phase and bdp; the checks, saves and attacks of ap and
//! the action-die system. Each is a line of this command language, tried on a copy of the state
//! with dice that record what they are asked for: a roll the rules refuse now is not offered,
//! and each way of rolling it (plain, with advantage, with disadvantage, where the rules have
//! them) carries the sides of the dice it draws, so faces a player enters can be checked
//! against them. Nothing here changes the session: the judge runs the line, or does not.

use std::fmt;

use super::lexer::quote;
use super::{Line, parse_line};
use crate::dice::{DiceError, DiceSource};
use crate::rules::RulesetId;
use crate::session::{SessionState, apply_quietly};

/// How the dice are rolled: as they are, or with advantage or disadvantage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Edge {
    Plain,
    Adv,
    Dis,
}

impl Edge {
    /// The word the page sends and the command language reads (`adv`), or none.
    pub fn word(self) -> &'static str {
        match self {
            Edge::Plain => "plain",
            Edge::Adv => "adv",
            Edge::Dis => "dis",
        }
    }

    pub fn from_word(word: &str) -> Option<Edge> {
        [Edge::Plain, Edge::Adv, Edge::Dis]
            .into_iter()
            .find(|e| e.word() == word)
    }
}

/// One way of making an offered roll: the line the judge runs and the dice it draws.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Way {
    pub edge: Edge,
    pub line: String,
    /// The sides of each die it draws, in order (as far as dice showing ones lead).
    pub dice: Vec<u16>,
}

/// One roll offered to a player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    /// Names it among the character's offers (`save-dex`, `attack-7`).
    pub key: String,
    /// In the ruleset's words: "DEX save", "Attack Goblin 1".
    pub label: String,
    pub ways: Vec<Way>,
}

impl Offer {
    pub fn way(&self, edge: Edge) -> Option<&Way> {
        self.ways.iter().find(|w| w.edge == edge)
    }
}

/// What the roll is, as the judge and the player read it: "DEX save, with advantage".
pub fn described(offer: &Offer, edge: Edge) -> String {
    match edge {
        Edge::Plain => offer.label.clone(),
        Edge::Adv => format!("{}, with advantage", offer.label),
        Edge::Dis => format!("{}, with disadvantage", offer.label),
    }
}

/// The rolls the player of `who` may propose now. `foes` are those the players see (id and
/// name, from their lens): the only names an attack or a defense check may be made against.
pub fn offers(state: &SessionState, who: u32, foes: &[(u32, String)]) -> Vec<Offer> {
    let Some(name) = state
        .game
        .roster()
        .into_iter()
        .filter(|g| g.party)
        .flat_map(|g| g.members)
        .find(|m| m.id == who)
        .map(|m| quote(&m.name))
    else {
        return Vec::new();
    };
    let abilities = |verb: &str, what: &str, which: &[&str]| -> Vec<(String, String, String)> {
        which
            .iter()
            .map(|a| {
                (
                    format!("{verb}-{a}"),
                    format!("{} {what}", a.to_uppercase()),
                    format!("{verb} {name} {a}"),
                )
            })
            .collect()
    };
    let mut candidates: Vec<(String, String, String)> = Vec::new();
    match state.ruleset() {
        RulesetId::Slots => {
            candidates.push(("check".into(), "Check".into(), format!("check {name}")));
            candidates.push((
                "terrain".into(),
                "Terrain check".into(),
                format!("check {name} terrain"),
            ));
            candidates.push((
                "stealth".into(),
                "Stealth check".into(),
                format!("check {name} stealth"),
            ));
            for (id, foe) in foes {
                let foe = quote(foe);
                let label = format!("Defense check against {}", unquoted(&foe));
                candidates.push((
                    format!("defense-{id}"),
                    label.clone(),
                    format!("attack {foe} {name}"),
                ));
                candidates.push((
                    format!("parry-{id}"),
                    format!("{label}, parrying"),
                    format!("attack {foe} {name} parry"),
                ));
                candidates.push((
                    format!("evade-{id}"),
                    format!("{label}, evading"),
                    format!("attack {foe} {name} evade"),
                ));
            }
        }
        RulesetId::Phase => candidates.extend(abilities("check", "save", &["str", "dex", "wil"])),
        RulesetId::Bdp => candidates.extend(abilities("save", "save", &["str", "dex", "wil"])),
        RulesetId::Ap => {
            candidates.extend(abilities("check", "check", &["str", "dex", "wil"]));
            candidates.extend(abilities("save", "save", &["str", "dex", "wil"]));
            for (id, foe) in foes {
                let foe = quote(foe);
                candidates.push((
                    format!("attack-{id}"),
                    format!("Attack {}", unquoted(&foe)),
                    format!("attack {name} vs {foe}"),
                ));
            }
        }
        RulesetId::ActionDie => {
            candidates.extend(abilities("check", "check", &["str", "dex", "awr", "wil"]));
            for (id, foe) in foes {
                let foe = quote(foe);
                candidates.push((
                    format!("attack-{id}"),
                    format!("Attack {}", unquoted(&foe)),
                    format!("attack {name} {foe}"),
                ));
            }
        }
        RulesetId::Plain => {}
    }
    let ruleset = state.ruleset();
    candidates
        .into_iter()
        .filter_map(|(key, label, line)| {
            let why = whose(ruleset, &key);
            let ways: Vec<Way> = [Edge::Plain, Edge::Adv, Edge::Dis]
                .into_iter()
                .filter_map(|edge| {
                    let line = match edge {
                        Edge::Plain => format!("{line}{why}"),
                        _ => format!("{line} {}{why}", edge.word()),
                    };
                    let dice = tried(state, &line)?;
                    Some(Way { edge, line, dice })
                })
                .collect();
            // Without its plain way it is no roll the rules take now.
            ways.iter()
                .any(|w| w.edge == Edge::Plain)
                .then_some(Offer { key, label, ways })
        })
        .collect()
}

/// The words a save's line ends with where the ruleset writes why it was rolled (it says
/// "called by the judge" otherwise): the judge's log and the table then read whose roll it was.
fn whose(ruleset: RulesetId, key: &str) -> &'static str {
    match ruleset {
        RulesetId::Bdp | RulesetId::Phase => " proposed by the player",
        RulesetId::Ap if key.starts_with("save-") => " for proposed by the player",
        _ => "",
    }
}

/// A name as a label shows it.
fn unquoted(name: &str) -> String {
    name.trim_matches('"')
        .replace("\\\"", "\"")
        .replace("\\\\", "\\")
}

/// Why a proposal is not one the player may make.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotOffered(pub String);

impl fmt::Display for NotOffered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The proposal `key` with `edge` and the entered `faces`, checked against `offers`: the way
/// it is made, or why not. Faces may be fewer than the dice (the judge's dice roll the rest),
/// never more, and each must be a face of its die.
pub fn checked<'a>(
    offers: &'a [Offer],
    key: &str,
    edge: Edge,
    faces: &[u16],
) -> Result<(&'a Offer, &'a Way), NotOffered> {
    let offer = offers
        .iter()
        .find(|o| o.key == key)
        .ok_or_else(|| NotOffered("that roll is not one of your character's rolls now".into()))?;
    let way = offer.way(edge).ok_or_else(|| {
        NotOffered(format!(
            "the rules give {} no {}",
            offer.label,
            match edge {
                Edge::Adv => "advantage",
                Edge::Dis => "disadvantage",
                Edge::Plain => "plain roll",
            }
        ))
    })?;
    if faces.len() > way.dice.len() {
        return Err(NotOffered(format!(
            "{} rolls {} dice; {} faces were entered",
            offer.label,
            way.dice.len(),
            faces.len()
        )));
    }
    for (i, (&face, &sides)) in faces.iter().zip(&way.dice).enumerate() {
        if face == 0 || face > sides {
            return Err(NotOffered(format!(
                "die {} is a d{sides}: it shows 1 to {sides}, not {face}",
                i + 1
            )));
        }
    }
    Ok((offer, way))
}

/// The sides of the dice `line` draws when applied to a copy of `state` with every die
/// showing 1; None when it does not read or the rules refuse it.
fn tried(state: &SessionState, line: &str) -> Option<Vec<u16>> {
    let Ok(Line::Command(command)) = parse_line(line, state) else {
        return None;
    };
    let mut copy = state.clone();
    let mut probe = Probe(Vec::new());
    apply_quietly(&mut copy, &command, &mut probe).ok()?;
    Some(probe.0)
}

/// Dice that show 1 and keep the sides asked for; a runaway roll stops after 64.
struct Probe(Vec<u16>);

impl DiceSource for Probe {
    fn roll(&mut self, sides: u16, _purpose: &dyn fmt::Display) -> Result<u16, DiceError> {
        if self.0.len() >= 64 {
            return Err(DiceError::ScriptExhausted {
                sides,
                purpose: "a roll that asks for more than 64 dice".into(),
            });
        }
        self.0.push(sides);
        Ok(1)
    }
}
