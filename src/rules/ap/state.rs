//! The whole game of ruleset `ap`: the sheets, the fight (A21-A25), the clock in 2-minute
//! rounds (A50), the scene's dropped items (A40) and the queue of rolls and questions waiting
//! for the judge.

use super::model::{Attr, Character};
use crate::dice::keep::Ties;
use crate::rules::text::Spelt;
use crate::rules::time::{DAY, HOUR, MINUTE, Unit};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;

/// A50: a combat round moves the clock 2 minutes, so an hour is 30 rounds.
pub const ROUND: Unit = Unit::new("round", 2 * MINUTE);
pub const MINUTES: Unit = Unit::new("minute", MINUTE);
pub const HOURS: Unit = Unit::new("hour", HOUR);
pub const DAYS: Unit = Unit::new("day", DAY);

/// A21-A25: the fight under way.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fight {
    pub round: u32,
    /// A23: the groups in the order they take turns.
    pub groups: Vec<String>,
    /// Index into `groups` of the group whose member acts now (or acted last).
    pub at: usize,
    pub acting: Option<u32>,
    pub acted: Vec<u32>,
    /// A48: each group's number at the start, and the morale saves already asked (1 the first
    /// casualty, 2 half down).
    pub start: Vec<(String, u32)>,
    pub morale: Vec<(String, u8)>,
}

/// One die of a roll record (A12): what it is for, its rolled faces and the kept one, and
/// whether the kept face counts in the total (A27).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Die {
    pub role: Spelt<Role>,
    pub sides: u16,
    pub faces: Vec<u16>,
    pub kept: usize,
    pub counted: bool,
}

/// What a die of a roll record is for: "d20" (the base die), an object's name, and for the
/// other side's dice of a contest, their owner's name before it ("Gob: d20").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Role {
    pub owner: Option<String>,
    /// The object; None for the base d20.
    pub item: Option<String>,
}

impl Role {
    pub const BASE: Role = Role {
        owner: None,
        item: None,
    };
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(owner) = &self.owner {
            write!(f, "{owner}: ")?;
        }
        f.write_str(self.item.as_deref().unwrap_or("d20"))
    }
}

impl Die {
    pub fn face(&self) -> u16 {
        self.faces.get(self.kept).copied().unwrap_or(0)
    }
}

/// A waiting roll's title.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Title {
    /// An action, "Ana: attacks"; a contest's pairing adds " against Gob".
    Act {
        name: String,
        what: Cow<'static, str>,
        against: Option<String>,
    },
    /// A save, "Ana: WIL save to retreat".
    Save {
        name: String,
        attr: Attr,
        why: String,
    },
}

impl fmt::Display for Title {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Title::Act {
                name,
                what,
                against,
            } => {
                write!(f, "{name}: {what}")?;
                if let Some(foe) = against {
                    write!(f, " against {foe}")?;
                }
                Ok(())
            }
            Title::Save { name, attr, why } => write!(f, "{name}: {attr} save {why}"),
        }
    }
}

/// How a waiting roll is read (A7-A10).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum How {
    /// An action against a DC: meeting it succeeds.
    Dc {
        attr: Attr,
        total: i32,
        dc: u8,
        hidden: bool,
    },
    /// An action against a target's save (TR): the acting side wins ties.
    Contest { total: i32, foe: String, tr: i32 },
    /// A save against a DC: it must beat it.
    Save {
        attr: Attr,
        score: u8,
        total: i32,
        dc: u8,
    },
}

impl fmt::Display for How {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            How::Dc {
                attr,
                total,
                dc,
                hidden,
            } => write!(
                f,
                "d20 + {attr} + object dice: IR {total} against DC {dc}{}; meeting it succeeds.",
                if *hidden { " (hidden)" } else { "" }
            ),
            How::Contest { total, foe, tr } => write!(
                f,
                "IR {total} against {foe}'s TR {tr}: the acting side wins ties."
            ),
            How::Save {
                attr,
                score,
                total,
                dc,
            } => write!(
                f,
                "d20 + {attr} {score}: TR {total} against DC {dc}; it must beat the DC."
            ),
        }
    }
}

/// A waiting roll's verdict in short: "IR 14 against DC 12 (natural 20: ...)".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reason {
    /// "IR" for an action, "TR" for a save.
    pub roll: &'static str,
    pub total: i32,
    /// "DC", or "TR" for the other side's save.
    pub against: &'static str,
    pub value: i32,
    /// A11: the kept face of the base d20.
    pub natural: u16,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} against {} {}{}",
            self.roll,
            self.total,
            self.against,
            self.value,
            natural_note(self.natural)
        )
    }
}

/// A11: what a natural 20 or 1 adds to a roll's words.
pub fn natural_note(n: u16) -> &'static str {
    match n {
        20 => " (natural 20: the judge narrates a twist)",
        1 => " (natural 1: the judge narrates a twist)",
        _ => "",
    }
}

/// [`natural_note`] as parts: anyone sees the natural face; the twist to narrate is the
/// judge's reminder alone.
pub fn natural_line(n: u16) -> crate::rules::Line {
    use crate::rules::Line;
    match n {
        20 | 1 => Line::from(format!(" (natural {n}"))
            .judge(Line::from(": the judge narrates a twist"))
            .plain(")"),
        _ => Line::new(),
    }
}

/// A roll that waits for the judge: its dice, the verdict and what follows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    pub who: u32,
    pub title: Spelt<Title>,
    pub how: Spelt<How>,
    pub dice: Vec<Die>,
    pub total: i32,
    pub against: i32,
    pub ties: Ties,
    pub pass: bool,
    pub ruled: Option<bool>,
    pub reason: Spelt<Reason>,
    pub then: Then,
    /// What the action that raised this roll spent (AP, the advantage bank); dropping its rolls
    /// before any is settled gives it back.
    #[serde(default)]
    pub spent: Option<Spent>,
    /// What was added to the roller's dice, by label (the attribute and its score, a flat
    /// bonus), so the settled roll reads them (A7).
    #[serde(default)]
    pub adds: Vec<(String, i32)>,
    /// The other side of a contest, whose TR the roll was against (A9).
    #[serde(default)]
    pub foe: Option<u32>,
    /// How many of `dice` are the roller's (the rest are the other side's); None: all.
    #[serde(default)]
    pub own: Option<usize>,
}

/// A16, A19: what an action took from its creature's sheet before it rolled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spent {
    pub ap: u8,
    pub bank: u8,
    pub bank_old: bool,
    pub preset: Option<i8>,
}

impl Roll {
    pub fn verdict(&self) -> bool {
        self.ruled.unwrap_or(self.pass)
    }
}

/// What a waiting roll's verdict leads to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Then {
    Nothing,
    /// A26, A28: a hit on `target` for `face` (none: an unarmed hit rolls 1d4) less armor.
    Hit {
        target: u32,
        face: Option<u16>,
    },
    /// A33: the critical damage save; `doomed` when scar 12's mark was on.
    Crit {
        doomed: bool,
    },
    /// A35 (8, 10): a WIL save that raises max WIL by 1d`sides` when passed.
    ScarSave {
        sides: u16,
    },
    /// A48: a group's morale save.
    Morale {
        group: String,
    },
    /// A49: a retreat's DEX save.
    Retreat,
}

/// What a question is about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ask {
    /// A34, A31: an NPC failed its critical save: dead, or for a detachment routed or weakened,
    /// or fights on.
    NpcCrit { who: u32 },
    /// A35: a scar to take (apply or skip).
    Scar { who: u32, entry: u8 },
    /// A40: Fatigue with no free slot, or fewer slots than the load (A45: 12, 19): which item
    /// goes (no default); `left` Fatigue wait (0: the load must fit again).
    Drop { who: u32, left: u8 },
    /// A48: the group failed its morale: flees or stands.
    Flee { group: String },
    /// A25: whoever cannot act: end its turn at once, or let it act.
    Skip { who: u32 },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Question {
    pub ask: Ask,
    pub title: String,
    pub why: String,
    pub options: Vec<String>,
    /// None: the judge must choose (A40 has no default).
    pub proposed: Option<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Wait {
    Roll(Box<Roll>),
    Ask(Box<Question>),
}

impl Wait {
    pub fn title(&self) -> Cow<'_, str> {
        match self {
            Wait::Roll(r) => r.title.text(),
            Wait::Ask(q) => Cow::Borrowed(&q.title),
        }
    }
}

// The dead roll nothing and take no turns.
crate::rules::party::state!(
    Character,
    Fight,
    Wait,
    dead: |c| c.dead(),
    /// A40: items dropped to make room for Fatigue, by whom.
    dropped: Vec<(String, String)>,
);

impl State {
    pub fn by_name(&self, name: &str) -> Option<&Character> {
        self.characters
            .iter()
            .find(|c| c.name.eq_ignore_ascii_case(name))
    }

    /// Is the character in the fight under way?
    pub fn fighting(&self, id: u32) -> bool {
        self.fight.is_some() && self.character(id).is_ok_and(|c| c.init.is_some())
    }
}

impl crate::rules::Sound for State {
    fn check(&self) -> Result<(), String> {
        let seen = crate::rules::party::members_sound(&self.characters, self.next_id, |c| {
            for a in Attr::ALL {
                let s = c.attr(a);
                if s.cur > s.max || s.max > 30 {
                    return Err(format!("{}'s {a} is out of range", c.name));
                }
            }
            if c.hp.cur > c.hp.max || c.hp.max > 30 {
                return Err(format!("{}'s HP is out of range", c.name));
            }
            if c.slots > 20 || c.ap > c.ap_max.max(20) || c.ap_max > 20 {
                return Err(format!("{}'s slots or AP are out of range", c.name));
            }
            if c.items.iter().any(|i| i.slots > 2 || i.armor > 3) {
                return Err(format!("{} carries an item out of range", c.name));
            }
            Ok(())
        })?;
        if let Some(f) = &self.fight
            && f.acting.is_some_and(|id| !seen.contains(&id))
        {
            return Err("the fight names someone not in the session".into());
        }
        Ok(())
    }
}
