//! What the judge asks of ruleset `phase`, and what the rules answer: commands in, events out.
//! Every verdict the rules reach has a command that overrules it (the judge's edits at the
//! end, `Rule` for a save, `Place` for initiative, `Allow` for a refused move).

use super::model::{
    Ability, Armor, Beast, Form, Goods, Hand, Kind, MarkKind, Reaction, Season, Side, Spell,
    SpellItem, Unit, Vehicle, Ware, Weapon,
};
use super::state::{Band, DoorTry, Wound};
use crate::dice::Edge;
use crate::rules::Line;
use crate::rules::rolled::{Dice, Keep, Rolled, Why};
pub use crate::rules::said::Mood;
use crate::rules::tally::Tally;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A sheet typed in by the judge (K3: a creature's abilities default to 10).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewSheet {
    pub name: String,
    pub kind: Kind,
    pub side: Side,
    pub hp: u8,
    pub str: u8,
    pub dex: u8,
    pub wil: u8,
    pub dr: u8,
    pub group: Option<String>,
    pub leader: bool,
    pub undead: bool,
    pub intelligent: bool,
    pub beast: Option<Beast>,
    /// Weapons or attacks it comes with (a creature of the bestiary's).
    #[serde(default)]
    pub weapons: Vec<Weapon>,
}

impl NewSheet {
    /// A creature on the enemies' side with 002's defaults.
    pub fn creature(name: impl Into<String>, hp: u8) -> NewSheet {
        NewSheet {
            name: name.into(),
            kind: Kind::Creature,
            side: Side::Enemies,
            hp,
            str: 10,
            dex: 10,
            wil: 10,
            dr: 0,
            group: None,
            leader: false,
            undead: false,
            intelligent: true,
            beast: None,
            weapons: Vec::new(),
        }
    }
}

/// A score the judge may set directly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stat {
    Str,
    Dex,
    Wil,
    Hp,
}

/// A state the judge may set or clear directly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Flag {
    Dead,
    /// Starts (or ends) the dying clock (K24).
    Critical,
    Aided,
    Out,
    NoHp,
    Fled,
    Unfed,
    Undead,
    Intelligent,
    Face,
    Leader,
}

/// What the party does with a dungeon turn (K43).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum TurnAction {
    /// Move to the next room.
    Move,
    /// Search the room (finds traps and secret doors, K46, K47).
    Search,
    /// One door attempt by one character (K46).
    Door { who: u32, how: DoorTry },
    /// Work a feature, or anything else, in the judge's words.
    Other(String),
    /// Wait without moving (K44's exhaustion).
    Wait,
}

/// What the travelers do with a watch (K50).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum WatchAction {
    Travel,
    Explore,
    ForcedMarch,
    Camp,
    /// Spend the watch without moving (K52's exhaustion).
    Idle,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    // ---- sheets (K1-K3, K7, K19, K20)
    /// Rolls a PC (K1) or a hireling (K2).
    Roll {
        name: String,
        kind: Kind,
    },
    Add(Box<NewSheet>),
    Remove {
        who: u32,
    },
    /// The weapon is boxed so the log's commands stay small (every entry is as wide as the
    /// widest command of any ruleset).
    Arm {
        who: u32,
        weapon: Box<Weapon>,
    },
    /// Puts a weapon down in the scene.
    Unarm {
        who: u32,
        weapon: usize,
    },
    Wear {
        who: u32,
        armor: Armor,
        shield: bool,
    },
    Learn {
        who: u32,
        item: Box<SpellItem>,
    },
    Take {
        who: u32,
        unit: Box<Unit>,
    },
    /// Drops a unit in the scene (K8).
    Drop {
        who: u32,
        unit: usize,
    },
    Give {
        from: u32,
        unit: usize,
        to: u32,
    },
    Coins {
        who: u32,
        by: i64,
    },
    Buy {
        who: u32,
        ware: Ware,
    },
    /// Buys something from the price list by its name, at its price or the judge's. The
    /// command carries the goods whole, so the log replays whatever the list says later.
    Purchase {
        who: u32,
        name: Box<str>,
        goods: Box<Goods>,
        price: u32,
    },
    Ride {
        who: u32,
        vehicle: Vehicle,
    },
    Allowance {
        who: u32,
        units: Option<u8>,
    },
    Fatigue {
        who: u32,
        by: i8,
    },
    Pay {
        who: u32,
    },
    // ---- saves and reactions (K5, K6, K11)
    Save {
        who: u32,
        ability: Ability,
        edge: Edge,
        why: String,
    },
    React {
        to: Vec<u32>,
    },
    // ---- answers
    Accept,
    Rule {
        pass: bool,
    },
    Choose {
        option: usize,
    },
    Cancel,
    // ---- the fight (K12-K18, K29)
    Fight {
        who: Vec<u32>,
        surprised: Option<Side>,
        /// The round at the table's pace: `Next` goes on to the next group that has someone to
        /// act, and a phase with nobody passes by itself (K13, K14). Fights logged before it
        /// step through every group.
        #[serde(default)]
        paced: bool,
    },
    Next,
    /// One added during the fight comes into it (K14).
    Join {
        who: u32,
    },
    Place {
        who: u32,
        band: Option<Band>,
    },
    Engage {
        a: u32,
        b: u32,
        on: bool,
    },
    Move {
        who: u32,
        to: Option<u32>,
    },
    Withdraw {
        who: u32,
        full: Option<bool>,
    },
    Attack {
        by: u32,
        target: u32,
        /// None: unarmed.
        weapon: Option<usize>,
        thrown: bool,
        maneuver: Option<Box<String>>,
        /// Enhancements (+) and impairments (-) the judge adds (K19).
        steps: i8,
    },
    Blast {
        by: u32,
        weapon: Option<usize>,
        targets: Box<Vec<u32>>,
    },
    /// K28: rolls the attack's die for how many a blast catches.
    BlastCount {
        by: u32,
        weapon: Option<usize>,
    },
    /// Any other action, in phase 3 (K13).
    Act {
        who: u32,
        what: String,
    },
    Aid {
        who: u32,
        target: u32,
    },
    Flee {
        who: u32,
    },
    /// K18: rations or coins dropped for pursuers.
    Distract {
        who: u32,
        pursuers: Vec<u32>,
    },
    EndFight,
    /// The judge allows what the book refuses (phase, budget, hands, encumbrance).
    Allow(Box<Command>),
    // ---- harm and healing (K21-K26, K47)
    Harm {
        who: u32,
        amount: u32,
    },
    Drain {
        who: u32,
        ability: Ability,
        amount: u8,
    },
    Heal {
        who: u32,
        amount: u8,
    },
    ShortRest {
        who: Vec<u32>,
    },
    LongRest {
        who: Vec<u32>,
    },
    FullRest {
        who: Vec<u32>,
    },
    // ---- magic (K34-K42)
    Cast {
        who: u32,
        item: usize,
        targets: Box<[u32]>,
        enhance: bool,
        /// The judge says whether the caster is in danger (K35); None: in a fight.
        danger: Option<bool>,
    },
    Land {
        who: u32,
    },
    Counter {
        who: u32,
        item: usize,
        against: u32,
        shield: Box<[u32]>,
    },
    Augury {
        who: u32,
        blood: bool,
    },
    // ---- dungeon and wilderness (K43-K53)
    Turn {
        action: TurnAction,
    },
    Noise,
    Trap {
        who: u32,
        disarm: bool,
    },
    Delve {
        on: bool,
    },
    Light {
        who: u32,
        unit: usize,
    },
    Table {
        name: Box<str>,
        entries: Box<[String]>,
    },
    Area {
        table: usize,
    },
    Watch {
        action: WatchAction,
        who: Vec<u32>,
    },
    Season {
        season: Season,
    },
    Weather {
        step: u8,
    },
    WeatherName {
        step: u8,
        name: String,
    },
    // ---- the judge's edits
    Set {
        who: u32,
        stat: Stat,
        cur: u8,
        max: Option<u8>,
    },
    Flag {
        who: u32,
        flag: Flag,
        on: bool,
    },
    Mark {
        who: u32,
        kind: Box<MarkKind>,
        turns: Option<u32>,
    },
    Unmark {
        who: u32,
        mark: usize,
    },
    Injure {
        who: u32,
        wound: Wound,
        hand: Hand,
    },
    Mend {
        who: u32,
    },
    Reaction {
        who: u32,
        reaction: Option<Reaction>,
    },
    Group {
        who: u32,
        group: Option<String>,
    },
    /// Clears a missile weapon's out-of-ammo mark (K29).
    Restock {
        who: u32,
        weapon: usize,
    },
    /// Forgets the stored clue (K45).
    ForgetClue,
}

impl Command {
    /// May it run while something waits for the judge? Answers and edits may; anything that
    /// rolls or moves the game on may not.
    pub fn runs_while_waiting(&self) -> bool {
        use Command as C;
        matches!(
            self,
            C::Accept
                | C::Rule { .. }
                | C::Choose { .. }
                | C::Cancel
                | C::Drop { .. }
                | C::Give { .. }
                | C::Place { .. }
                | C::Engage { .. }
                | C::Set { .. }
                | C::Flag { .. }
                | C::Mark { .. }
                | C::Unmark { .. }
                | C::Injure { .. }
                | C::Mend { .. }
                | C::Reaction { .. }
                | C::Group { .. }
                | C::Restock { .. }
                | C::ForgetClue
                | C::WeatherName { .. }
                | C::Table { .. }
        )
    }
}

/// A damage roll (K19): the die and why it is that die, the attacker's blessing, the target's
/// damage reduction, and whether a wind barrier turned it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageRoll {
    pub sides: u16,
    pub face: u16,
    /// Why the die is what it is ("impaired"), or empty.
    pub why: String,
    pub blessed: bool,
    pub dr: u8,
    pub shielded: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A character joins, with the sheet in a line.
    Joined {
        name: String,
        /// Who it is, by id (filled in as the step is made): the sheet is that one's numbers.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<u32>,
        sheet: String,
    },
    /// Dice rolled for something, in words ("3d6 for STR: 4 5 6 = 15").
    Rolled {
        who: String,
        /// Who it is, by id, when the roster knows the name (filled in as the step is made).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<u32>,
        what: String,
        roll: String,
    },
    /// A save as it was accepted.
    Saved {
        who: String,
        /// Whose save (the roster's id), for the players' lens.
        #[serde(default)]
        id: u32,
        ability: Ability,
        faces: Vec<u16>,
        kept: u16,
        target: i32,
        /// The verdict that stands: the judge's when ruled, else the dice's.
        pass: bool,
        why: String,
        /// The judge ruled the other way from the dice.
        #[serde(default)]
        overruled: bool,
    },
    /// Damage dealt: the roll and what it did.
    Hit {
        by: String,
        #[serde(default)]
        by_id: u32,
        target: String,
        #[serde(default)]
        target_id: u32,
        roll: DamageRoll,
        amount: u32,
    },
    HpLost {
        who: String,
        #[serde(default)]
        id: u32,
        lost: u32,
        hp: String,
    },
    ScoreLost {
        who: String,
        #[serde(default)]
        id: u32,
        ability: Ability,
        lost: u8,
        now: u8,
    },
    Died {
        who: String,
        /// Who it is, by id, when the roster knows the name (filled in as the step is made).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<u32>,
        why: String,
    },
    Critical {
        who: String,
        /// Who it is, by id, when the roster knows the name (filled in as the step is made).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<u32>,
    },
    Wounded {
        who: String,
        /// Who it is, by id, when the roster knows the name (filled in as the step is made).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<u32>,
        wound: String,
    },
    Initiative {
        round: u32,
        order: Vec<String>,
        /// Each fighter placed, in order: id, name, band in words, and how (a save with its
        /// face and target, that fighter's own numbers).
        #[serde(default)]
        placed: Vec<(u32, String, String, String)>,
    },
    PhaseTo {
        round: u32,
        label: String,
    },
    /// The judge overruled the book.
    Ruled {
        what: String,
    },
    /// A waiting roll or question was dropped with no effect.
    Dropped {
        what: String,
    },
    /// A secret roll (K40 Augury): logged, hidden from the players' views.
    Secret {
        text: String,
    },
    /// Anything else, in a sentence.
    Said {
        mood: Mood,
        text: String,
        /// The words as parts naming whom they mention (empty: no one).
        #[serde(default, skip_serializing_if = "Line::is_empty")]
        parts: Line,
        /// What the sentence counts for a fight's summary (see [`Tally`]); none for most.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        tally: Vec<Tally>,
    },
}

impl Event {
    crate::rules::said::sentences!();

    /// A roll in the shared words of [`rolled`](crate::rules::rolled): the faces, the one kept
    /// and why, what was added, what it was against, the total and what the book reads in it.
    /// `what` says what was rolled for and with which dice ("d6 for the undead's fate").
    pub fn rolled(who: impl Into<String>, what: impl Into<String>, roll: &Rolled) -> Event {
        Event::Rolled {
            who: who.into(),
            id: None,
            what: what.into(),
            roll: if crate::rules::said::is_quiet() {
                String::new()
            } else {
                roll.line().to_string()
            },
        }
    }

    /// One die read on its own: its face and what the book reads in it ("4: they serve").
    pub fn die(
        who: impl Into<String>,
        what: impl Into<String>,
        face: u16,
        reads: impl Into<String>,
    ) -> Event {
        Event::rolled(
            who,
            what,
            &Rolled::new(None).dice(Dice::one("", face)).verdict(reads),
        )
    }

    /// The same sentence, counting `tally` for a fight's summary as well (other events are
    /// counted by what they are, in [`Phase`](super::Phase)'s `tally`).
    pub fn tallied(mut self, more: Tally) -> Event {
        if let Event::Said { tally, .. } = &mut self {
            tally.push(more);
        }
        self
    }

    pub fn mood(&self) -> Mood {
        match self {
            Event::Joined { .. } | Event::Rolled { .. } => Mood::Plain,
            Event::Saved { pass: true, .. } => Mood::Good,
            Event::Saved { pass: false, .. } => Mood::Bad,
            Event::Hit { .. } | Event::HpLost { .. } | Event::ScoreLost { .. } => Mood::Harm,
            Event::Died { .. } => Mood::Death,
            Event::Critical { .. } | Event::Wounded { .. } => Mood::Warn,
            Event::Initiative { .. } | Event::PhaseTo { .. } => Mood::Plain,
            Event::Ruled { .. } => Mood::Ruling,
            Event::Dropped { .. } | Event::Secret { .. } => Mood::Dim,
            Event::Said { mood, .. } => *mood,
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Joined { name, sheet, .. } => write!(f, "{name} joins: {sheet}"),
            Event::Rolled {
                who, what, roll, ..
            } => write!(f, "{who} rolls {what}: {roll}"),
            Event::Saved { .. } | Event::Hit { .. } => {
                <super::Phase as crate::rules::Ruleset>::line(self).fmt(f)
            }
            Event::HpLost { who, lost, hp, .. } => write!(f, "{who} loses {lost} HP (HP {hp})"),
            Event::ScoreLost {
                who,
                ability,
                lost,
                now,
                ..
            } => write!(f, "{who} loses {lost} {ability} ({ability} {now})"),
            Event::Died { who, why, .. } => write!(f, "{who} dies: {why}"),
            Event::Critical { who, .. } => write!(
                f,
                "{who} is critical: crawling only, dead within the hour without aid"
            ),
            Event::Wounded { who, wound, .. } => write!(f, "{who} is grievously wounded: {wound}"),
            Event::Initiative { round, order, .. } => {
                write!(f, "Round {round} initiative: {}", order.join("; "))
            }
            Event::PhaseTo { round, label } => write!(f, "Round {round}, {label}"),
            Event::Ruled { what } => write!(f, "The judge rules: {what}"),
            Event::Dropped { what } => write!(f, "{what} is dropped with no effect"),
            Event::Secret { text } => write!(f, "(secret) {text}"),
            Event::Said { text, .. } => f.write_str(text),
        }
    }
}

/// A spell item's words ("Fireball (book, L2)").
pub fn item_text(item: &SpellItem) -> String {
    format!(
        "{} ({}, L{})",
        item.spell.name(),
        match item.form {
            Form::Book => "book",
            Form::Scroll => "scroll",
        },
        item.level
    )
}

/// The spell named `name` in 002's list, or one the judge names.
pub fn spell_named(name: &str) -> Spell {
    let squash = |s: &str| {
        s.chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase()
    };
    Spell::LISTED
        .iter()
        .find(|s| squash(s.name()) == squash(name))
        .cloned()
        .unwrap_or_else(|| Spell::Other(name.trim().to_string()))
}

/// The d20 of a save rolled under a score (K5, K6): one face, or two with the one kept and why.
/// Under the score is better, so advantage keeps the lower face.
pub fn save_dice(faces: &[u16], kept: u16) -> Dice {
    match faces {
        [a, b] if a != b => Dice {
            label: "d20".into(),
            faces: faces.to_vec(),
            keep: Keep::One(
                usize::from(*b == kept),
                if kept == *a.min(b) {
                    Why::Advantage
                } else {
                    Why::Disadvantage
                },
            ),
        },
        [_, _, ..] => Dice {
            label: "d20".into(),
            faces: faces.to_vec(),
            keep: Keep::One(0, Why::Rules("the same face on both".into())),
        },
        _ => Dice::one("d20", kept),
    }
}
