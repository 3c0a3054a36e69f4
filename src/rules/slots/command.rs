//! The slot system's commands (what the judge asks for) and events (what happened). Every
//! mutation of a slot-system session is one of these commands; every visible consequence is an
//! event, kept in the log and shown in the roll log.

use super::model::*;
use crate::dice::Edge;
use serde::{Deserialize, Serialize};

/// What a judge can ask of the slot system. Character and zone references are ids; the script
/// language resolves names to ids against the current state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    // ---- Roster and sheets (R1-R4)
    AddCharacter {
        name: Box<String>,
        side: Side,
        /// Boxed: a layout is large and rare, and every log entry is as wide as the widest command.
        layout: Box<Layout>,
        /// Starting items by slot.
        items: Box<Vec<(SlotNo, Item)>>,
        /// The zone of the scene it stands in from the start (R29), if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        zone: Option<ZoneId>,
    },
    RenameCharacter {
        who: CharId,
        name: String,
    },
    SetSide {
        who: CharId,
        side: Side,
    },
    RemoveCharacter {
        who: CharId,
    },
    PutItem {
        who: CharId,
        slot: SlotNo,
        item: Box<Item>,
    },
    /// Moves an item; when the target slot holds one, the two are swapped.
    MoveItem {
        who: CharId,
        from: SlotNo,
        to: SlotNo,
    },
    RemoveItem {
        who: CharId,
        slot: SlotNo,
    },
    /// Holds the grip weapon in `slot` with both grips (or lets go of the second grip).
    TwoHands {
        who: CharId,
        slot: SlotNo,
        on: bool,
    },
    DropBackpack {
        who: CharId,
    },
    ShoulderBackpack {
        who: CharId,
    },

    // ---- Rolls (R5-R18)
    Check {
        who: CharId,
        kind: CheckKind,
        edge: Edge,
    },
    /// One check per full 10 ft (R10).
    Fall {
        who: CharId,
        feet: u16,
    },
    GroupCheck {
        who: Box<[CharId]>,
        kind: CheckKind,
    },
    Attack {
        spec: AttackSpec,
        edge: Edge,
        /// Trade advantage for two attacks, one with each weapon (R18).
        dual: bool,
    },
    /// Picks another die of the active roll (R6).
    Pick {
        die: usize,
    },
    /// Swaps the dice of two group members (R12).
    SwapDice {
        a: CharId,
        b: CharId,
    },
    /// Overrides the verdict of the active roll.
    Override {
        verdict: Verdict,
    },
    /// Accepts the active roll or decision as it stands (the proposal unless changed).
    Accept,
    /// Answers the active decision with a slot.
    ChooseSlot {
        slot: SlotNo,
    },
    /// Answers an improvised-block decision.
    RuleBlocks {
        blocks: bool,
    },
    /// Drops the active roll or decision with no consequence.
    Cancel,

    // ---- Wounds (R19)
    Wound {
        who: CharId,
        slot: SlotNo,
        wound: Wound,
    },
    Treat {
        who: CharId,
        slot: SlotNo,
    },
    Heal {
        who: CharId,
        slot: SlotNo,
    },

    // ---- Conditions and marks (R20-R28)
    Mark {
        who: CharId,
        slot: SlotNo,
        condition: Condition,
    },
    Worsen {
        who: CharId,
        condition: Condition,
    },
    /// Clears one slot's mark, or every mark of that letter when `slot` is None.
    ClearMark {
        who: CharId,
        condition: Condition,
        slot: Option<SlotNo>,
    },
    SetFatigue {
        who: CharId,
        slot: SlotNo,
        on: bool,
    },
    Ignite {
        who: CharId,
        slot: SlotNo,
    },
    RollOnGround {
        who: CharId,
    },
    Douse {
        who: CharId,
    },
    /// Starts or stops asphyxiation (stopping clears every A, R21).
    Suffocate {
        who: CharId,
        on: bool,
    },
    /// Starts or stops exposure to extreme cold (R26).
    Cold {
        who: CharId,
        on: bool,
    },
    /// Starts or stops warming (one H removed per try, R26).
    Warm {
        who: CharId,
        on: bool,
    },
    /// A week without food or a day without drink (R27).
    Starve {
        who: CharId,
    },
    /// Sets a status flag by hand.
    SetStatus {
        who: CharId,
        flag: StatusFlag,
        on: bool,
    },

    // ---- Zones (R29)
    NewScene {
        name: String,
    },
    AddZone {
        name: String,
        cover: bool,
    },
    RemoveZone {
        zone: ZoneId,
    },
    Link {
        a: ZoneId,
        b: ZoneId,
    },
    Unlink {
        a: ZoneId,
        b: ZoneId,
    },
    /// Marks two zones of the scene as out of each other's sight (or in sight again).
    Hide {
        a: ZoneId,
        b: ZoneId,
        hidden: bool,
    },
    Place {
        who: CharId,
        zone: Option<ZoneId>,
    },

    // ---- Time and exploration (R30-R32)
    /// Spends trys on a task, rolling a d10 per try for encounters (R30, R31).
    Task {
        label: Box<str>,
        trys: u16,
        senses: Box<Vec<Sense>>,
    },
    /// A 30-minute rest (5 trys, R31): clears fatigue and, with food and water, bleeding.
    Rest {
        fed: bool,
        senses: Vec<Sense>,
    },
    Travel {
        watches: u16,
    },
    PassDays {
        days: u16,
    },
    SetDark {
        dark: bool,
    },
    /// Sets the time of day shown from now on (the trys already counted stay counted).
    SetTimeOfDay {
        hour: u8,
        minute: u8,
    },

    // ---- Combat (R33-R36)
    StartCombat {
        initiator: Side,
        surprised: Option<Side>,
        /// Who takes part; the rest of the roster stands aside. None (an older file): everyone.
        #[serde(default)]
        fighters: Option<Vec<CharId>>,
    },
    /// Someone the fight left aside joins it (R33): from now on they take turns like anyone in
    /// it, as anyone added during the fight does.
    JoinCombat {
        who: CharId,
    },
    StartTurn {
        who: CharId,
    },
    Setup {
        what: String,
    },
    Interrupt {
        who: CharId,
    },
    /// The judge rules the interruption: did it damage or stop the actor?
    InterruptResult {
        stopped: bool,
    },
    EndTurn,
    /// Ends the fight. The fight took a try (R31): the clock moves on and the encounter die is
    /// rolled with one more face per sense the fight alerted (usually sound, R30).
    EndCombat {
        senses: Vec<Sense>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum StatusFlag {
    Prone,
    Restrained,
    Immobilized,
    Unconscious,
    Dead,
    Evil,
    Cringe,
}

/// A die roll with its verdict, as the roll log shows it. Boxed inside [`Event`] because rolls
/// are the largest events and a long log holds one event per step: the common small events
/// then take half the room.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollLine {
    pub who: String,
    /// Who rolled, by id: the line names them.
    #[serde(default)]
    pub id: CharId,
    /// Whose slots the face was read on (the roller's, or the target's for an attack): the
    /// reading is that one's sheet.
    #[serde(default)]
    pub sheet: CharId,
    /// The die's sides (0: not said).
    #[serde(default)]
    pub die: u16,
    /// Why the picked die was kept over the others, when more than one was rolled.
    #[serde(default)]
    pub kept: String,
    /// Someone else the roll's words name (the other side of an attack), by id and name.
    #[serde(default)]
    pub other: Option<(CharId, String)>,
    pub what: String,
    pub faces: Vec<u16>,
    pub pick: usize,
    /// The verdict that stands: the judge's when ruled, else the dice's.
    pub verdict: Verdict,
    pub reason: String,
    /// What the dice said, when the judge ruled the other way.
    #[serde(default)]
    pub dice_said: Option<Verdict>,
}

/// An attack's result in the slot hit (boxed in [`Event`] for the same reason as [`RollLine`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HitLine {
    pub attacker: String,
    pub target: String,
    #[serde(default)]
    pub attacker_id: CharId,
    /// The reason reads the target's slots: it is the target's sheet.
    #[serde(default)]
    pub target_id: CharId,
    pub slot: Option<SlotNo>,
    pub outcome: HitOutcome,
    pub reason: String,
}

/// What happened. Names are carried so the log reads without looking anything up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A die roll with its verdict: the roll log's lines.
    Rolled(Box<RollLine>),
    /// An attack's result in the slot hit.
    Hit(Box<HitLine>),
    Wounded {
        who: String,
        #[serde(default)]
        id: CharId,
        slot: SlotNo,
        wound: Wound,
        cause: String,
    },
    Healed {
        who: String,
        #[serde(default)]
        id: CharId,
        slot: SlotNo,
    },
    Marked {
        who: String,
        #[serde(default)]
        id: CharId,
        slot: SlotNo,
        condition: Condition,
        cause: String,
    },
    Unmarked {
        who: String,
        #[serde(default)]
        id: CharId,
        slot: Option<SlotNo>,
        condition: Condition,
    },
    Fatigue {
        who: String,
        #[serde(default)]
        id: CharId,
        slot: SlotNo,
        on: bool,
    },
    Cringed {
        who: String,
        #[serde(default)]
        id: CharId,
    },
    ItemDestroyed {
        who: String,
        #[serde(default)]
        id: CharId,
        slot: SlotNo,
        item: String,
    },
    StatusChanged {
        who: String,
        #[serde(default)]
        id: CharId,
        flag: StatusFlag,
        on: bool,
        cause: String,
    },
    Died {
        who: String,
        #[serde(default)]
        id: CharId,
        cause: String,
    },
    /// The judge must decide something; the text says what and what is proposed.
    Asked {
        question: String,
    },
    /// The judge changed a verdict.
    Overridden {
        what: String,
        verdict: Verdict,
    },
    /// Encounter dice for a stretch of trys (R30).
    EncounterRoll {
        faces: Vec<u16>,
        encounter_faces: u16,
        encounters: u16,
    },
    TimePassed {
        trys: u32,
        what: String,
    },
    RoundStarted {
        round: u32,
        initiative: Side,
    },
    TurnStarted {
        who: String,
        #[serde(default)]
        id: CharId,
    },
    TurnEnded {
        who: String,
        #[serde(default)]
        id: CharId,
    },
    InitiativeTo {
        side: Side,
        why: String,
    },
    CombatStarted {
        initiator: Side,
        surprised: Option<Side>,
    },
    CombatEnded {
        rounds: u32,
    },
    /// A counterattack is open to the defender (R17).
    CounterOffered {
        who: String,
        #[serde(default)]
        id: CharId,
        against: String,
        #[serde(default)]
        against_id: CharId,
    },
    /// Anything else worth a line in the log (an edit, a scene change).
    Note(String),
    /// A line of the log that names someone or gives their numbers, as parts.
    Told(crate::rules::Line),
}
