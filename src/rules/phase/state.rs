//! The whole game of ruleset `phase`: everyone's sheets, the fight under way (round, phase,
//! Early/Middle/Late groups, engagement, morale tallies), the world (dungeon turns, watches,
//! weather, the wandering tables and the stored clue) and the queue of rolls and questions
//! waiting for the judge.

use super::model::{Ability, Character, Hand, MarkKind, Season, Side};
use crate::dice::keep::Kept;
use crate::rules::time::{Clock, DAY, HOUR, MINUTE, Unit};
use serde::{Deserialize, Serialize};

/// K43: a dungeon turn is 10 minutes.
pub const TURN: Unit = Unit::new("turn", 10 * MINUTE);
/// K49: a watch is 8 hours, 3 a day.
pub const WATCH: Unit = Unit::new("watch", 8 * HOUR);
pub const DAYS: Unit = Unit::new("day", DAY);
/// Turns in a watch: a watch moves the turn count on by this many (K36, K24).
pub const TURNS_PER_WATCH: u32 = 48;

/// The five phases of a round (K13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CombatPhase {
    Cast,
    Missile,
    Move,
    Melee,
    Effect,
}

impl CombatPhase {
    pub const ALL: [CombatPhase; 5] = [
        CombatPhase::Cast,
        CombatPhase::Missile,
        CombatPhase::Move,
        CombatPhase::Melee,
        CombatPhase::Effect,
    ];

    pub fn number(self) -> u8 {
        match self {
            CombatPhase::Cast => 1,
            CombatPhase::Missile => 2,
            CombatPhase::Move => 3,
            CombatPhase::Melee => 4,
            CombatPhase::Effect => 5,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            CombatPhase::Cast => "magic (cast)",
            CombatPhase::Missile => "missile",
            CombatPhase::Move => "move",
            CombatPhase::Melee => "melee",
            CombatPhase::Effect => "magic (effect)",
        }
    }

    pub fn next(self) -> Option<CombatPhase> {
        match self {
            CombatPhase::Cast => Some(CombatPhase::Missile),
            CombatPhase::Missile => Some(CombatPhase::Move),
            CombatPhase::Move => Some(CombatPhase::Melee),
            CombatPhase::Melee => Some(CombatPhase::Effect),
            CombatPhase::Effect => None,
        }
    }
}

/// Who acts first within each phase (K14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Band {
    Early,
    Middle,
    Late,
}

impl Band {
    pub fn word(self) -> &'static str {
        match self {
            Band::Early => "Early",
            Band::Middle => "Middle",
            Band::Late => "Late",
        }
    }

    pub fn next(self) -> Option<Band> {
        match self {
            Band::Early => Some(Band::Middle),
            Band::Middle => Some(Band::Late),
            Band::Late => None,
        }
    }
}

/// One combatant's place and budget this round (K13, K14).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fighter {
    pub id: u32,
    /// None: acts in no phase this round.
    pub band: Option<Band>,
    /// Why it stands where it does ("DEX save 7 of 12: Early", "hasted").
    pub note: String,
    pub acted: bool,
    pub moved: bool,
    /// Loosed or threw a missile this round: no move after (K13).
    pub loosed: bool,
}

/// An enemy group's (or the party's, for its hirelings) morale triggers (K30).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub group: String,
    pub side: Side,
    /// Who was in it when the fight began.
    pub members: Vec<u32>,
    pub first: bool,
    pub half: bool,
    pub lone: bool,
    /// A trigger fired in this phase: a save at the phase's end.
    pub due: bool,
}

/// The fight under way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fight {
    pub round: u32,
    pub phase: CombatPhase,
    pub band: Band,
    /// A side that acts in no phase of round 1 (K12).
    pub surprised: Option<Side>,
    pub fighters: Vec<Fighter>,
    /// Pairs in melee with each other, smaller id first (K12).
    pub engaged: Vec<(u32, u32)>,
    pub tallies: Vec<Tally>,
    /// Who loosed which missile weapon in this fight (K29).
    pub loosed: Vec<(u32, String)>,
    /// Melee attacks owed at once by a full-move withdrawal: (attacker, target) (K17).
    pub free: Vec<(u32, u32)>,
    /// The round goes at the table's pace (see `Command::Fight`).
    #[serde(default)]
    pub paced: bool,
}

impl Fight {
    pub fn fighter(&self, id: u32) -> Option<&Fighter> {
        self.fighters.iter().find(|f| f.id == id)
    }

    pub fn fighter_mut(&mut self, id: u32) -> Option<&mut Fighter> {
        self.fighters.iter_mut().find(|f| f.id == id)
    }

    pub fn engaged_with(&self, id: u32) -> Vec<u32> {
        self.engaged
            .iter()
            .filter_map(|&(a, b)| {
                if a == id {
                    Some(b)
                } else if b == id {
                    Some(a)
                } else {
                    None
                }
            })
            .collect()
    }

    pub fn engage(&mut self, a: u32, b: u32) {
        let pair = (a.min(b), a.max(b));
        if a != b && !self.engaged.contains(&pair) {
            self.engaged.push(pair);
        }
    }

    pub fn disengage(&mut self, id: u32) {
        self.engaged.retain(|&(a, b)| a != id && b != id);
    }

    /// "phase: missile · Early".
    pub fn label(&self) -> String {
        format!("phase: {} · {}", self.phase.word(), self.band.word())
    }
}

/// A wandering-monster table: the judge's data, rolled with a die of its length (K44).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    pub name: String,
    pub entries: Vec<String>,
}

/// A pre-rolled encounter foreshadowed by clues (K44, K45).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clue {
    pub table: usize,
    pub entry: usize,
    /// Clues given so far.
    pub clues: u8,
}

/// Time, place and weather.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct World {
    /// The dungeon turn under way, from 1 (K43).
    pub turn: u32,
    pub clock: Clock,
    /// In a dungeon delve: light counts and carts do not (K8, K48).
    pub delve: bool,
    pub clue: Option<Clue>,
    pub tables: Vec<Table>,
    /// The table the current area rolls on.
    pub area: Option<usize>,
    pub season: Season,
    /// 1 (best) to 5 (worst) (K53).
    pub weather: u8,
    pub weather_names: Vec<String>,
    /// Control Weather holds the step through this day (K40).
    pub weather_held_until: Option<u64>,
    /// What lies in the scene: dropped units, thrown weapons, disarmed items (K8, K19, K27).
    pub dropped: Vec<String>,
    /// A failed forcing: those behind the door cannot be surprised (K46).
    pub unsurprisable: bool,
}

impl Default for World {
    fn default() -> Self {
        World {
            turn: 1,
            clock: Clock::default(),
            delve: false,
            clue: None,
            tables: Vec::new(),
            area: None,
            season: Season::default(),
            weather: 2,
            weather_names: ["clear", "fair", "overcast", "rain or snow", "storm"]
                .iter()
                .map(|s| s.to_string())
                .collect(),
            weather_held_until: None,
            dropped: Vec::new(),
            unsurprisable: false,
        }
    }
}

impl World {
    /// The watch of the day, 1 to 3 (K49).
    pub fn watch(&self) -> u8 {
        (self.clock.seconds % DAY / WATCH.seconds) as u8 + 1
    }

    pub fn daylight(&self) -> bool {
        self.season.daylight(self.watch())
    }

    pub fn weather_word(&self) -> &str {
        self.weather_names
            .get(usize::from(self.weather.saturating_sub(1)))
            .map_or("?", |s| s.as_str())
    }

    /// Does any unit light the delve (K48)?
    pub fn lit(characters: &[Character]) -> bool {
        characters.iter().any(|c| {
            c.units
                .iter()
                .any(|u| matches!(u, super::model::Unit::Delve { lit: true }))
        })
    }
}

/// A grievous wound (K25, [data] d6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Wound {
    Scars,
    Eye,
    BrokenArm,
    BrokenLeg,
    LostArm,
    LostLeg,
}

impl Wound {
    pub fn of_face(face: u16) -> Wound {
        match face {
            1 => Wound::Scars,
            2 => Wound::Eye,
            3 => Wound::BrokenArm,
            4 => Wound::BrokenLeg,
            5 => Wound::LostArm,
            _ => Wound::LostLeg,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Wound::Scars => "gruesome scars",
            Wound::Eye => "an eye gouged out",
            Wound::BrokenArm => "a broken arm",
            Wound::BrokenLeg => "a broken leg",
            Wound::LostArm => "a lost arm",
            Wound::LostLeg => "a lost leg",
        }
    }

    /// Does it take a side (left or right)?
    pub fn sided(self) -> bool {
        !matches!(self, Wound::Scars | Wound::Eye)
    }
}

/// A door attempt (K46).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DoorTry {
    Listen,
    Force,
    Pick,
    /// Burst a spiked or held door.
    Burst,
}

impl DoorTry {
    pub fn ability(self) -> Ability {
        match self {
            DoorTry::Listen => Ability::Wil,
            DoorTry::Force | DoorTry::Burst => Ability::Str,
            DoorTry::Pick => Ability::Dex,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            DoorTry::Listen => "listening at the door",
            DoorTry::Force => "forcing the door",
            DoorTry::Pick => "picking the lock",
            DoorTry::Burst => "bursting the door",
        }
    }
}

/// What a save decides once the judge accepts it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Then {
    /// A save the judge called: only its verdict is logged (K5).
    Nothing,
    /// K23: fail is critical (PC, hireling) or out (creature).
    Crit { by: Option<u32>, note: String },
    /// K15: fail loses the spell being cast.
    Interrupt,
    /// K30: fail sends the group fleeing.
    Morale { group: String },
    /// K30 (Decision): a hireling's own save on the party's trigger.
    Loyalty,
    /// K18: pass is out of the fight; fail spends action and move.
    Flee,
    /// K46.
    Door(DoorTry),
    /// K47: a fail springs the trap; `disarm` when trying to disarm it.
    Trap { disarm: bool },
    /// K39: a pass halves the damage.
    Halve { amount: u32, source: String },
    /// K39: a pass avoids the mark, which otherwise lasts through turn `until`.
    Avoid {
        mark: MarkKind,
        source: String,
        until: u32,
    },
    /// K35: a fail brings a mishap for the judge to describe.
    Enhance,
}

/// A save rolled and waiting for the judge.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveRoll {
    pub who: u32,
    pub ability: Ability,
    pub roll: Kept,
    /// The number to roll at or under: the score plus any bonus (K5).
    pub target: i32,
    pub bonus: i8,
    pub pass: bool,
    pub ruled: Option<bool>,
    /// What it is for, in words.
    pub why: String,
    pub then: Then,
}

impl SaveRoll {
    pub fn verdict(&self) -> bool {
        self.ruled.unwrap_or(self.pass)
    }
}

/// A choice the rules leave to the judge (or a player), with the proposal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ask {
    /// K25, K26: which side takes the wound (options: sides, or "apply"), and for a creature a
    /// last option to dismiss it (K22).
    Grievous {
        who: u32,
        wound: Wound,
        sides: Vec<Hand>,
    },
    /// K17: a full move (free attacks) or a half move (none).
    Withdraw { who: u32 },
    /// K8: which unit to drop when the load is over the allowance.
    Overload { who: u32 },
    /// K24: the dying clock ran out.
    Dies { who: u32 },
    /// K23: a creature out after a failed critical save; dead is proposed.
    Slain { who: u32 },
    /// K27: the target's side picks the damage or the effect.
    Maneuver {
        by: u32,
        target: u32,
        amount: u32,
        effect: String,
    },
    /// K32: which ability the long rest's d6 restores.
    Restore { who: u32, amount: u8 },
    /// K44: exhaustion: the party waits a turn.
    RestTurn,
    /// K52: exhaustion: the next watch is spent camping or idle.
    RestWatch,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Question {
    pub ask: Ask,
    pub title: String,
    pub why: String,
    pub options: Vec<String>,
    pub proposed: usize,
    /// Read as a yes-or-no question: option 0 is yes, 1 is no.
    pub yes_no: bool,
}

/// One thing waiting for the judge.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Wait {
    Save(Box<SaveRoll>),
    Ask(Box<Question>),
}

/// The game of one `phase` session.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub characters: Vec<Character>,
    pub next_id: u32,
    pub fight: Option<Fight>,
    /// What waits for the judge, front first.
    pub queue: Vec<Wait>,
    pub world: World,
}

impl State {
    crate::rules::party::lookups!(Character, |id| format!("there is no character #{id}"));

    pub fn by_name(&self, name: &str) -> Option<&Character> {
        self.characters
            .iter()
            .find(|c| c.name.eq_ignore_ascii_case(name))
    }

    /// Is the party in a dungeon (K8: no carts there)?
    pub fn dungeon(&self) -> bool {
        self.world.delve
    }
}

impl crate::rules::Sound for State {
    /// Is this a state the rules could have built? Ids, the fight's members, scores within
    /// their maxima.
    fn check(&self) -> Result<(), String> {
        let mut seen = Vec::new();
        for c in &self.characters {
            crate::rules::party::handed_out_once(&mut seen, c.id, &c.name, self.next_id)?;
            for (what, s) in [("STR", c.str), ("DEX", c.dex), ("WIL", c.wil), ("HP", c.hp)] {
                if s.cur > s.max {
                    return Err(format!("{}'s {what} is above its maximum", c.name));
                }
            }
            if c.body.eyes_lost > 2 {
                return Err(format!("{} has lost more than two eyes", c.name));
            }
            if c.dr > 3 {
                return Err(format!("{}'s DR is above 3", c.name));
            }
        }
        if let Some(f) = &self.fight
            && f.fighters.iter().any(|x| !seen.contains(&x.id))
        {
            return Err("the fight lists someone who is not in the session".into());
        }
        if !(1..=5).contains(&self.world.weather) {
            return Err("the weather step is outside 1 to 5".into());
        }
        if self.world.weather_names.len() != 5 {
            return Err("the weather needs five step names".into());
        }
        Ok(())
    }
}
