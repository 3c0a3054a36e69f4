//! The slot system's state: layouts, items, slots, characters, the scene, the clock, combat and
//! the decisions waiting for the judge. Plain data; the mechanics live in the topic modules.

use crate::dice::Edge;
use crate::rules::text::TextKind;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A character's stable id within a session (never reused).
pub type CharId = u32;
/// A zone's stable id within a scene.
pub type ZoneId = u32;
/// A slot number, counted from 1 as on the sheet.
pub type SlotNo = u8;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    Players,
    Opponents,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Players => Side::Opponents,
            Side::Opponents => Side::Players,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Players => "players",
            Side::Opponents => "opponents",
        })
    }
}

/// Where on a body a slot is; decides what can be equipped there (R3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Region {
    Head,
    Torso,
    LegsFeet,
    ArmsHands,
    Grip,
    Backpack,
    /// A monster's own part (a tail, a wing): nothing is equipped there.
    Other,
}

impl fmt::Display for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Region::Head => "head",
            Region::Torso => "torso",
            Region::LegsFeet => "legs/feet",
            Region::ArmsHands => "arms/hands",
            Region::Grip => "grip",
            Region::Backpack => "backpack",
            Region::Other => "other",
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SlotDef {
    /// What the sheet calls it ("Head", "Torso", "Tail").
    pub label: String,
    pub region: Region,
    /// Body slots take wounds and carry most conditions (R1, R19, R20).
    pub body: bool,
}

/// A body layout (R1, R2): the slots, the check die, and adjacency.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layout {
    pub name: String,
    /// Sides of the check die; faces above the slot count name no slot.
    pub die: u16,
    pub slots: Vec<SlotDef>,
    /// Explicit adjacency pairs; when empty, n is adjacent to n-1 and n+1 (R2).
    #[serde(default)]
    pub adjacent: Vec<(SlotNo, SlotNo)>,
}

/// The boolean properties the rules read from an item (R4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Prop {
    Heavy,
    /// Light in weight (a terrain check passes on it, R9). Not a light source.
    Light,
    Noisy,
    Smelly,
    /// Metal, glass or stone: clanks against other rigid items (R11).
    Rigid,
    Flammable,
    Bundled,
    /// Lessens blows: a hit there is a treated wound (R16).
    Protective,
    /// Gives light, so its bearer can work at once with others in the dark (R31).
    LightSource,
    Food,
    Water,
    /// Keeps out the cold: hypothermia worsens every 10 trys instead of 5 (R26).
    Warm,
}

impl Prop {
    pub const ALL: [Prop; 12] = [
        Prop::Heavy,
        Prop::Light,
        Prop::Noisy,
        Prop::Smelly,
        Prop::Rigid,
        Prop::Flammable,
        Prop::Bundled,
        Prop::Protective,
        Prop::LightSource,
        Prop::Food,
        Prop::Water,
        Prop::Warm,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Prop::Heavy => "heavy",
            Prop::Light => "light",
            Prop::Noisy => "noisy",
            Prop::Smelly => "smelly",
            Prop::Rigid => "rigid",
            Prop::Flammable => "flammable",
            Prop::Bundled => "bundled",
            Prop::Protective => "protective",
            Prop::LightSource => "lightsource",
            Prop::Food => "food",
            Prop::Water => "water",
            Prop::Warm => "warm",
        }
    }

    pub fn from_name(name: &str) -> Option<Prop> {
        Prop::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(name))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ArmorClass {
    HeavyArmor,
    LightArmor,
    Shield,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum WeaponSize {
    Small,
    Medium,
    Bulky,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum WeaponKind {
    Melee,
    Thrown,
    Bow,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Weapon {
    pub size: WeaponSize,
    pub kind: WeaponKind,
}

/// An item on a sheet (R4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Item {
    pub name: String,
    #[serde(default)]
    pub props: Vec<Prop>,
    /// The region where it counts as equipped (a helm: Head; a sword: Grip). None: never equipped.
    #[serde(default)]
    pub wear: Option<Region>,
    #[serde(default)]
    pub armor: Option<ArmorClass>,
    #[serde(default)]
    pub weapon: Option<Weapon>,
}

impl Item {
    pub fn plain(name: impl Into<String>) -> Self {
        Item {
            name: name.into(),
            props: Vec::new(),
            wear: None,
            armor: None,
            weapon: None,
        }
    }

    pub fn has(&self, prop: Prop) -> bool {
        self.props.contains(&prop)
    }
}

/// A wound in a body slot (R19).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Wound {
    #[default]
    None,
    Treated,
    Open,
}

/// A condition letter (R20-R27).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Condition {
    A,
    B,
    C,
    E,
    F,
    H,
    M,
}

impl Condition {
    pub const ALL: [Condition; 7] = [
        Condition::A,
        Condition::B,
        Condition::C,
        Condition::E,
        Condition::F,
        Condition::H,
        Condition::M,
    ];

    pub fn letter(self) -> char {
        match self {
            Condition::A => 'A',
            Condition::B => 'B',
            Condition::C => 'C',
            Condition::E => 'E',
            Condition::F => 'F',
            Condition::H => 'H',
            Condition::M => 'M',
        }
    }

    pub fn from_letter(c: char) -> Option<Condition> {
        Condition::ALL
            .into_iter()
            .find(|x| x.letter() == c.to_ascii_uppercase())
    }

    pub fn name(self) -> &'static str {
        match self {
            Condition::A => "asphyxiation",
            Condition::B => "bleeding",
            Condition::C => "corruption",
            Condition::E => "exhaustion",
            Condition::F => "fire",
            Condition::H => "hypothermia",
            Condition::M => "malnourishment",
        }
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// The condition letters marked in one slot. Saved as a string of letters ("AB").
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Marks(u8);

impl Marks {
    pub fn has(self, c: Condition) -> bool {
        self.0 & c.bit() != 0
    }
    pub fn set(&mut self, c: Condition) {
        self.0 |= c.bit();
    }
    pub fn clear(&mut self, c: Condition) {
        self.0 &= !c.bit();
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn iter(self) -> impl Iterator<Item = Condition> {
        Condition::ALL.into_iter().filter(move |c| self.has(*c))
    }
}

impl fmt::Display for Marks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.iter() {
            write!(f, "{}", c.letter())?;
        }
        Ok(())
    }
}

impl Serialize for Marks {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Marks {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        let mut marks = Marks::default();
        for ch in text.chars() {
            let c = Condition::from_letter(ch).ok_or_else(|| {
                // Escaped, so a line break in a hand-edited file still gives a one-line error.
                serde::de::Error::custom(format!(
                    "'{}' is not a condition letter (A B C E F H M)",
                    ch.escape_default()
                ))
            })?;
            marks.set(c);
        }
        Ok(marks)
    }
}

/// One numbered slot on a sheet.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slot {
    #[serde(default)]
    pub item: Option<Item>,
    /// The grip weapon here is held in both grips (bulky always; medium by choice, R18).
    #[serde(default)]
    pub two_hands: bool,
    #[serde(default)]
    pub wound: Wound,
    /// A fatigue mark from a terrain check (R9, R28).
    #[serde(default)]
    pub fatigue: bool,
    #[serde(default)]
    pub marks: Marks,
    /// Round ends this slot has been alight through (R25). A slot set alight during a round
    /// starts at 0, one caught by fire spreading at a round's end starts at 1, so either way the
    /// count reaches 2 after one full round of burning (treated wound) and 3 after another
    /// (the wound opens).
    #[serde(default)]
    pub burning: u8,
}

/// When a cringe ends (R8).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cringe {
    #[default]
    None,
    /// Outside combat: disadvantage on the next roll only.
    NextRoll,
    /// In combat: until the end of the character's next turn. `turn_started` is set once that
    /// turn begins, so the cringe ends when it ends.
    UntilTurnEnds { turn_started: bool },
}

/// What can befall a character besides wounds and marks.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Status {
    pub prone: bool,
    /// Seized by a grab, at this slot (R16).
    pub restrained: Option<SlotNo>,
    pub immobilized: bool,
    pub unconscious: bool,
    pub dead: bool,
    pub evil: bool,
    pub cringe: Cringe,
    /// Ongoing causes that make conditions worsen with time.
    pub exposure: Exposure,
}

/// Ongoing hazards the clock must tick (R21, R26).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exposure {
    /// Cannot breathe: asphyxiation worsens every round (R21).
    pub suffocating: bool,
    /// Exposed to extreme cold, for this many trys since hypothermia last worsened (R26);
    /// None when out of the cold.
    pub cold_trys: Option<u16>,
    /// Being warmed: removes one H per try (R26).
    pub warming: bool,
    /// Trys rested since the last E was removed (R24).
    pub rest_trys: u16,
    /// The slot hypothermia marked most recently: the next worsening frostbites it (R26).
    #[serde(default)]
    pub last_h: Option<SlotNo>,
}

/// A character or creature and its sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Character {
    pub id: CharId,
    pub name: String,
    pub side: Side,
    pub layout: Layout,
    pub slots: Vec<Slot>,
    #[serde(default)]
    pub backpack_dropped: bool,
    #[serde(default)]
    pub zone: Option<ZoneId>,
    #[serde(default)]
    pub status: Status,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Zone {
    pub id: ZoneId,
    pub name: String,
    /// Somewhere to hide behind: evading here does not force a fall prone (R15).
    #[serde(default)]
    pub cover: bool,
}

/// A scene of zones (R29). Zones of one scene are in sight of each other unless a pair is listed
/// in `hidden`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scene {
    pub name: String,
    pub zones: Vec<Zone>,
    pub links: Vec<(ZoneId, ZoneId)>,
    #[serde(default)]
    pub hidden: Vec<(ZoneId, ZoneId)>,
    #[serde(default)]
    pub next_zone: ZoneId,
}

/// The four ranges (R29).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Range {
    Reach,
    Near,
    Far,
    Remote,
}

impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Range::Reach => "reach",
            Range::Near => "near",
            Range::Far => "far",
            Range::Remote => "remote",
        })
    }
}

impl Range {
    /// How far one stands from another, said before the other's name (R29): "within reach
    /// of", "near", "far from", "remote from".
    pub fn from_words(self) -> &'static str {
        match self {
            Range::Reach => "within reach of",
            Range::Near => "near",
            Range::Far => "far from",
            Range::Remote => "remote from",
        }
    }

    /// What the range means on the map of zones (R29).
    pub fn on_the_map(self) -> &'static str {
        match self {
            Range::Reach => "the same zone",
            Range::Near => "a linked zone",
            Range::Far => "in sight, farther off",
            Range::Remote => "out of sight",
        }
    }

    /// How far an attack that reaches this far goes, after "reaches" (R13, R29).
    pub fn limit_words(self) -> &'static str {
        match self {
            Range::Reach => "only the same zone",
            Range::Near => "no farther than a linked zone",
            Range::Far => "no farther than sight",
            Range::Remote => "anywhere",
        }
    }
}

/// Senses an activity can alert (R30). Each adds one encounter face.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Sense {
    Sound,
    Light,
    Smell,
    Magic,
    Other(String),
}

/// Time passed (R30-R32): trys while adventuring, watches while travelling, days and weeks.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// Trys since the session began (10 trys = 1 hour).
    pub trys: u32,
    pub watches: u32,
    pub days: u32,
    /// Minutes after midnight at try 0, for the time of day shown.
    #[serde(default)]
    pub start_minute: u16,
    /// Is the party in the dark (R31)?
    #[serde(default)]
    pub dark: bool,
}

/// What a character is doing in the current turn (R35).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    pub actor: CharId,
    /// The setup announced, if any; an interrupt may answer it.
    pub setup: Option<String>,
    /// Someone of the other side interrupting the setup.
    pub interrupter: Option<CharId>,
    /// The judge ruled the interruption failed: the interrupter's turn is over, the actor
    /// finishes, and initiative then goes to the interrupter's side (R35).
    #[serde(default)]
    pub interrupt_failed: bool,
}

/// A fight in progress (R33-R36).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combat {
    pub round: u32,
    /// The side that may pick the next actor.
    pub initiative: Side,
    pub acted: Vec<CharId>,
    pub surprised: Option<Side>,
    /// The side that took the last turn (the next round opens with the other, R33).
    pub last_turn: Option<Side>,
    pub turn: Option<Turn>,
    /// Who initiated the fight.
    pub initiator: Side,
    /// Those on the roster left out of the fight when it started: they take no turn. Anyone
    /// added later joins.
    #[serde(default)]
    pub aside: Vec<CharId>,
}

/// What kind of check is rolled (R5-R11, R23).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum CheckKind {
    /// A check whose verdict the judge reads from the item (R5).
    Generic,
    Terrain,
    Stealth(Box<Senses>),
    /// Further exposure to corruption (R23).
    Corruption,
}

/// The senses a stealth check is made against (R11).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Senses {
    pub hearing: bool,
    pub smell: bool,
    /// Smuggling: these slots hold the hidden item.
    pub sight: Vec<SlotNo>,
    pub ambient_noise: bool,
    pub low_light: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum AttackKind {
    Grab,
    Melee,
    Missile,
    Blast,
}

impl fmt::Display for AttackKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AttackKind::Grab => "grab",
            AttackKind::Melee => "melee",
            AttackKind::Missile => "missile",
            AttackKind::Blast => "blast",
        })
    }
}

/// What the defender declared before the roll (R15, R17).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Defense {
    #[default]
    None,
    Evade,
    Parry,
}

/// An attack as declared (R13-R18).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackSpec {
    pub attacker: CharId,
    pub target: CharId,
    pub kind: AttackKind,
    /// The grip slot of the weapon used, if any.
    pub weapon: Option<SlotNo>,
    pub defense: Defense,
    /// Missile: aimed as setup and did not move (R13).
    pub aimed: bool,
    /// Blast: how many slots it may hit.
    pub blast_slots: u8,
    /// Is this a counterattack after a parry (R17)?
    pub counter: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Verdict {
    Pass,
    Fail,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Pass => "pass",
            Verdict::Fail => "fail",
        })
    }
}

/// How a hit lands in a slot (R16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum HitOutcome {
    Miss,
    Evaded,
    Parried,
    Blocked,
    TreatedWound,
    OpenWound,
    /// A grab that seized the target.
    Seized,
}

/// What a rolled die is for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum RollFor {
    Check {
        who: CharId,
        kind: CheckKind,
    },
    /// One check of a fall (R10); `of` counts the 10-ft steps.
    Fall {
        who: CharId,
        step: u16,
        of: u16,
    },
    Attack(AttackSpec),
}

/// A roll waiting for the pick and the judge's acceptance (R6). Nothing has happened to any
/// sheet yet; `Accept` applies it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingRoll {
    pub what: RollFor,
    /// Who rolls the dice (the checker, the defender, or the attacker).
    pub roller: CharId,
    pub sides: u16,
    pub faces: Vec<u16>,
    pub edge: Edge,
    /// The die the rules propose (best under advantage, worst under disadvantage).
    pub proposed: usize,
    /// The die currently picked.
    pub pick: usize,
    /// The by-the-book verdict for the picked die, and why.
    pub verdict: Verdict,
    pub reason: String,
    /// The judge's override, if any.
    pub overridden: Option<Verdict>,
    /// The roller's next-roll cringe weighed on this roll; accepting it uses the cringe up (R8).
    #[serde(default)]
    pub used_cringe: bool,
}

/// A group check (R12): one die per member; each may swap once before reading.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingGroup {
    pub kind: CheckKind,
    pub members: Vec<CharId>,
    pub faces: Vec<u16>,
    /// Members who have used their swap.
    pub swapped: Vec<CharId>,
}

/// A choice the rules leave to the judge, with the by-the-book proposal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    /// A wound must land in one of these body slots (R14, R16, R19).
    WoundSlot {
        who: CharId,
        wound: Wound,
        options: Vec<SlotNo>,
        proposed: SlotNo,
        why: String,
    },
    /// A condition worsens and several slots qualify (R20).
    SpreadSlot {
        who: CharId,
        condition: Condition,
        options: Vec<SlotNo>,
        proposed: SlotNo,
        why: String,
    },
    /// The roll named no slot or an empty grip: the judge picks the slot hit (R14).
    HitSlot {
        attack: AttackSpec,
        options: Vec<SlotNo>,
        proposed: SlotNo,
        why: String,
    },
    /// Does this item stop the attack (improvised cover, a door)? Proposed: no.
    ImprovisedBlock {
        attack: AttackSpec,
        slot: SlotNo,
        why: String,
    },
    /// A fall rolled a face naming no slot: the judge picks the slot (R10).
    FallSlot {
        who: CharId,
        options: Vec<SlotNo>,
        proposed: SlotNo,
    },
}

/// Everything waiting for the judge: the active roll or group first, then decisions in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    Roll(PendingRoll),
    Group(PendingGroup),
    Decide(Decision),
}

/// The whole state of a slot-system session.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub characters: Vec<Character>,
    pub next_id: CharId,
    pub scene: Scene,
    pub clock: Clock,
    pub combat: Option<Combat>,
    /// Front first: the one the judge answers now.
    pub pending: Vec<Pending>,
    /// Senses the party's current activity alerts (R30).
    #[serde(default)]
    pub senses: Vec<Sense>,
    /// (defender, attacker) pairs already offered a counterattack while a dual attack's two
    /// rolls are being settled: the second parry offers none (R18). Emptied when nothing waits.
    #[serde(default)]
    pub countered: Vec<(CharId, CharId)>,
    /// What the screen shows from the past, kept as the rules go (see [`Recent`]).
    #[serde(skip)]
    pub recent: Recent,
}

/// Encounter dice of one stretch of time (R30): the faces as rolled, how many faces bring an
/// encounter (0 up to this, read on a d10 where 10 is 0), and how many encounters came.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EncounterDice {
    pub faces: Vec<u16>,
    pub encounter_faces: u16,
    pub encounters: u16,
}

/// What the screen shows from the past: the last encounter dice and why the side holding the
/// initiative has it. Kept in the state as the rules go, so it reads the same at step 10 and at
/// step 100,000 (the log's older events are let go to save memory). Each fact is set where the
/// rules decide it, never read back from the step's events, so a step applied without its
/// events keeps it too. It follows from the log, so it is rebuilt by replay, never saved, and
/// two states never differ by it alone.
#[derive(Debug, Clone, Default)]
pub struct Recent {
    pub encounter: Option<EncounterDice>,
    pub initiative_why: Option<String>,
    /// The latest harm that came to the actor since the current interruption began (R35), in
    /// words ("Aria took an open wound").
    pub harm_since_interrupt: Option<String>,
    /// A counterattack open after a parry (R17): (who may strike back, against whom), until that
    /// one attacks or the round moves on.
    pub counter: Option<(CharId, CharId)>,
}

impl PartialEq for Recent {
    fn eq(&self, _: &Recent) -> bool {
        true
    }
}

impl Eq for Recent {}

impl crate::rules::Sound for State {
    /// Checks what every state the rules build holds, for a state read from a file (a session's
    /// starting state is the one state that comes from outside the rules): the rules and the
    /// screen index slots, characters and zones on the strength of it.
    fn check(&self) -> Result<(), String> {
        let mut ids: Vec<CharId> = Vec::new();
        let printable = |kind: TextKind, name: &str| {
            crate::rules::text::printable(kind, name).map_err(|e| e.to_string())
        };
        for c in &self.characters {
            printable(TextKind::Name, &c.name)?;
            for item in c.slots.iter().filter_map(|s| s.item.as_ref()) {
                printable(TextKind::ItemName, &item.name)?;
            }
            c.layout
                .validate()
                .map_err(|e| format!("{}'s sheet: {e}", c.name))?;
            if c.slots.len() != c.layout.slots.len() {
                return Err(format!(
                    "{} has {} slots but their layout '{}' has {}",
                    c.name,
                    c.slots.len(),
                    c.layout.name,
                    c.layout.slots.len()
                ));
            }
            if ids.contains(&c.id) || c.id >= self.next_id {
                return Err(format!(
                    "{}'s id {} is used twice or is not below next_id ({})",
                    c.name, c.id, self.next_id
                ));
            }
            ids.push(c.id);
            if let Some(z) = c.zone
                && !self.scene.zones.iter().any(|x| x.id == z)
            {
                return Err(format!(
                    "{} stands in zone {z}, which the scene lacks",
                    c.name
                ));
            }
            if let Some(at) = c.status.restrained
                && at != 0
                && c.layout.def(at).is_none()
            {
                return Err(format!(
                    "{} is seized at slot {at}, which they lack",
                    c.name
                ));
            }
        }
        let mut zones: Vec<ZoneId> = Vec::new();
        printable(TextKind::SceneName, &self.scene.name)?;
        for z in &self.scene.zones {
            printable(TextKind::ZoneName, &z.name)?;
            if zones.contains(&z.id) || z.id >= self.scene.next_zone {
                return Err(format!(
                    "zone '{}' has the id {} of another zone, or one not below next_zone ({})",
                    z.name, z.id, self.scene.next_zone
                ));
            }
            zones.push(z.id);
        }
        for &(a, b) in self.scene.links.iter().chain(&self.scene.hidden) {
            if !zones.contains(&a) || !zones.contains(&b) {
                return Err(format!(
                    "zones {a} and {b} are paired, but the scene lacks one"
                ));
            }
        }
        if let Some(combat) = &self.combat {
            let turn = combat.turn.iter();
            let named = combat
                .acted
                .iter()
                .chain(turn.clone().map(|t| &t.actor))
                .chain(turn.filter_map(|t| t.interrupter.as_ref()));
            for id in named {
                if !ids.contains(id) {
                    return Err(format!("the fight names character {id}, who is not here"));
                }
            }
        }
        if !self.pending.is_empty() || !self.countered.is_empty() {
            return Err("a session cannot start with a roll or a question waiting".into());
        }
        Ok(())
    }
}
