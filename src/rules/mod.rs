//! The ruleset seam. The engine (session, log, store) and the screen frame see only the types
//! here; each ruleset lives in its own module behind them. A session file records which ruleset
//! it uses through the variant names of these externally tagged enums.
//!
//! Each ruleset implements [`Ruleset`] and is named once in the `rulesets!` list below, which
//! generates the seam enums and their dispatch. The frame draws from the read models in [`view`]
//! and answers what waits with the generic [`Answer`]s; [`time`] is the game clock every ruleset
//! counts in its own units.

pub mod actiondie;
pub mod ap;
pub mod bdp;
pub mod cairn;
pub mod chargen;
pub mod kind;
pub mod line;
pub mod notes;
pub mod party;
pub mod phase;
pub mod plain;
pub mod queue;
pub mod rolled;
pub mod said;
pub mod slots;
pub mod statline;
pub mod tables;
pub mod tally;
pub mod text;
pub mod time;
pub mod view;

pub use kind::RollKind;
pub use line::{Lens, Line, Num, Numbers, Part};
pub use tally::{Tally, TallyKind, dealer};
pub use view::{
    Aim, Answer, ClockView, DieView, Fighter, Footing, GroupMember, GroupView, Initiative,
    OptionView, Outcome, PendingView, QuestionView, Role, RollView, RosterEntry, RosterGroup,
    Standing, Tag, Tone, Upcoming, YesNo,
};

use crate::dice::{DiceError, DiceSource};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::fmt;
use thiserror::Error;

/// A ruleset's own step (see [`Ruleset::STEP`]).
pub type Step<R> = fn(
    &mut <R as Ruleset>::State,
    &<R as Ruleset>::Command,
    &mut dyn DiceSource,
) -> Result<Vec<<R as Ruleset>::Event>, RuleError>;

/// Writes a ruleset's `apply` (see [`Ruleset::apply`]), where its `State`, `Command` and
/// `Event` are in scope: the events `run` writes for one command (given the state, the command,
/// the dice and the list), gathered in a new list.
macro_rules! applying {
    ($run:expr) => {
        /// Applies one command (see [`crate::rules::Ruleset::apply`]).
        pub fn apply(
            state: &mut State,
            command: &Command,
            dice: &mut dyn $crate::dice::DiceSource,
        ) -> Result<Vec<Event>, $crate::rules::RuleError> {
            let mut out = Vec::new();
            $run(state, command, dice, &mut out)?;
            Ok(out)
        }
    };
}
pub(crate) use applying;

/// How a ruleset names whom its events mention (see [`Ruleset::NAMING`]).
pub type Naming<R> = fn(&mut [<R as Ruleset>::Event], &[(u32, String)]);

/// A ruleset's state checking itself once read from a file: is it one its rules could have
/// built (ids handed out once, the fight naming only those present, scores in range)? Says what
/// is wrong in words when not.
pub trait Sound {
    fn check(&self) -> Result<(), String>;
}

/// What every ruleset provides behind the seam: its pure mechanics and the read models the frame,
/// the recap and `show` draw from. Implemented by a unit type in each ruleset's module; the seam
/// enums below dispatch to it, so nothing outside `rules` names a ruleset's types to use them.
pub trait Ruleset {
    /// Everything of a session the rules keep; its characters travel (see [`party`]).
    type State: party::Company + Sound;
    type Command;
    type Event: fmt::Display;

    /// The rules' own step for one command: the change, and its events in the rules' words.
    /// On error the state may be partly changed: the session applies commands to a copy and
    /// keeps it only on success, so rules code may check as it goes.
    const STEP: Step<Self>;

    /// How the ruleset names by id whom a step's events mention, given everyone the roster
    /// lists before and after the step (for most, [`said::name_everyone`]), so the players'
    /// lens leaves out a line naming someone they have not seen. None: its events need no
    /// naming.
    const NAMING: Option<Naming<Self>> = None;

    /// Applies one command: [`Ruleset::STEP`], with whom its events mention named by
    /// [`Ruleset::NAMING`].
    fn apply(
        state: &mut Self::State,
        command: &Self::Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Self::Event>, RuleError> {
        let Some(name) = Self::NAMING else {
            return (Self::STEP)(state, command, dice);
        };
        let mut named = said::roster_names(&Self::roster(state));
        let mut events = (Self::STEP)(state, command, dice)?;
        named.extend(said::roster_names(&Self::roster(state)));
        name(&mut events, &named);
        Ok(events)
    }

    /// [`Ruleset::apply`] for a replay that throws the events away (undo, `replay --verify`, the
    /// old steps of a loaded log): the step alone, naming nobody and writing out no words (see
    /// [`said::quietly`]). The state must come out exactly as `apply` leaves it.
    fn apply_quietly(
        state: &mut Self::State,
        command: &Self::Command,
        dice: &mut dyn DiceSource,
    ) -> Result<(), RuleError> {
        said::quietly(|| (Self::STEP)(state, command, dice)).map(drop)
    }

    /// Is this a state the rules could have built? For states read from a file; says what is
    /// wrong in words when not.
    fn check(state: &Self::State) -> Result<(), String> {
        state.check()
    }

    /// Everyone in the session by side or group, in the order the roster lists them.
    fn roster(state: &Self::State) -> Vec<RosterGroup>;

    /// Whether `id` stands in a party group of the roster (Some(true)), in another group
    /// (Some(false)) or not on it (None): what [`Ruleset::roster`] says of it, without building
    /// every member's view, from the ruleset's own state. By default whether it is one of the
    /// players' characters ([`party::Member::player`]), for a ruleset whose party group holds
    /// just those.
    fn in_party(state: &Self::State, id: u32) -> Option<bool> {
        use party::{Company, Member};
        let c = state.members().iter().find(|c| c.id() == id)?;
        Some(c.player())
    }

    /// The fight under way, if any.
    fn initiative(state: &Self::State) -> Option<Initiative>;

    /// Whom the fight under way shows in action: the [`Initiative`]'s `acting` and everyone of
    /// its order who is acting, interrupting or has acted. Each of them on the roster goes to
    /// `each`, in any order and perhaps more than once, with a question `each` may ask: does
    /// this one stand outside the party ([`Ruleset::in_party`] saying Some(false))? False
    /// without a fight. The players' sight asks this at every step, so nothing is built and the
    /// question is answered only when asked.
    fn in_action(state: &Self::State, each: &mut dyn FnMut(u32, &dyn Fn() -> bool)) -> bool;

    /// What waits for the judge now (the front of the queue), if anything.
    fn pending(state: &Self::State) -> Option<PendingView>;

    /// Where time stands and what ticks next.
    fn clock(state: &Self::State) -> ClockView;

    /// How an event should stand out in the roll log.
    fn tone(event: &Self::Event) -> Tone;

    /// The event's words as parts that say whose each number is and whom they name, for the
    /// players' table view's lens. Every word is for anyone unless the ruleset says otherwise.
    fn line(event: &Self::Event) -> Line {
        Line::from(event.to_string())
    }

    /// What the event counts for a fight's summary (harm, healing, who went down, critical and
    /// fumbled rolls); nothing by default.
    fn tally(_event: &Self::Event) -> Vec<Tally> {
        Vec::new()
    }

    /// The command that gives the judge's answer to what waits, or why it does not fit.
    fn answer(state: &Self::State, answer: Answer) -> Result<Self::Command, RuleError>;

    /// What the command does to a waiting roll.
    fn role(command: &Self::Command) -> Role;

    /// Everyone who could travel to the next session (see [`party`]), in the roster's order.
    fn travellers(state: &Self::State) -> Vec<party::Traveller> {
        party::travellers_of(state)
    }

    /// The characters with these ids as they stand now, on the ruleset's own sheets, and the
    /// time when `keep_time`.
    fn party(state: &Self::State, ids: &[u32], keep_time: bool) -> party::Of<Self::State> {
        party::take_from(state, ids, keep_time)
    }

    /// Brings a party in (its time first, when it carries one); returns who came.
    fn admit(
        state: &mut Self::State,
        party: &party::Of<Self::State>,
    ) -> Result<Vec<String>, RuleError> {
        party::admit_into(state, party)
    }

    /// Who acts in the command and whom it acts against (an attack's targets), for the
    /// commands where the rules name both; None for the rest. The players' table view reveals
    /// an unseen creature by it (see `session::Veil`).
    fn aims(_command: &Self::Command) -> Option<Aim> {
        None
    }

    /// [`Ruleset::aims`] read against the state the command left: a ruleset whose attack
    /// names only its target (bdp's damage) takes the attacker from whose turn it is.
    fn aims_in(_state: &Self::State, command: &Self::Command) -> Option<Aim> {
        Self::aims(command)
    }

    /// What kind of roll the command makes, for the kinds the judge keeps secret by default
    /// (see `session::Veil`); None for a command that rolls nothing the table should wait for.
    fn roll_kind(_command: &Self::Command) -> Option<RollKind> {
        None
    }

    /// The command that brings `who`, just added, into the fight under way at the place its
    /// initiative gives it (rolling where the rules roll); None when there is no fight or the
    /// fight takes a newcomer in by itself.
    fn join_fight(_state: &Self::State, _who: u32) -> Option<Self::Command> {
        None
    }

    /// Whom a fight started now takes unless the judge says otherwise: the characters and the
    /// creatures present that the players have seen (`unseen` are those they have not), in the
    /// order the ruleset lists fighters. An unseen creature is never proposed.
    fn fighters(_state: &Self::State, _unseen: &BTreeSet<u32>) -> Vec<u32> {
        Vec::new()
    }

    /// The command with `who` as its fighters, when it starts a fight; None for every other
    /// command. A line that starts a fight takes the frame's proposal (or the party with those
    /// it names) this way, so the log keeps whom it took.
    fn with_fighters(_command: &Self::Command, _who: &[u32]) -> Option<Self::Command> {
        None
    }

    /// Whom the command names as its fighters, when it starts a fight (none named: empty);
    /// None for every other command.
    fn fighters_of(_command: &Self::Command) -> Option<Vec<u32>> {
        None
    }

    /// The creatures standing where the party meets them, for a ruleset that knows where
    /// everyone stands (the slot system's zones); None where it does not, or when the party
    /// stands nowhere. The dead are left out.
    fn present(_state: &Self::State) -> Option<Vec<u32>> {
        None
    }

    /// Everyone on the roster as the frame's rule for what a form proposes reads them, seen
    /// from `actor`: side, in the fight, standing, and reach where the rules know it. The
    /// frame, not the ruleset, decides from these whom a form proposes.
    fn footing(state: &Self::State, actor: u32) -> Vec<Footing> {
        let _ = actor;
        view::footing(&Self::roster(state), Self::initiative(state).as_ref())
    }

    /// The credit a ruleset's tables owe wherever they are shown or stored (a licence's
    /// attribution), or None.
    const CREDIT: Option<&'static str> = None;
}

/// A ruleset's own state, as a session's game holds it: what the ruleset's own screen and
/// words reach for.
pub trait InGame {
    /// The game's state, when the game plays this state's ruleset.
    fn in_game(game: &GameState) -> Option<&Self>;
}

/// Declares the rulesets once: each entry gives the variant name used in session files, the
/// ruleset's module and its [`Ruleset`] type, its command-line key, its title and a line about
/// it. Everything that lists or dispatches over rulesets is generated from this one list, so
/// adding a ruleset cannot leave a match behind.
macro_rules! rulesets {
    ($($variant:ident => $module:ident :: $rules:ident, $key:literal, $title:literal, $about:literal;)+) => {
        /// Which ruleset a session plays.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum RulesetId {
            $($variant,)+
        }

        impl RulesetId {
            /// Every ruleset this build plays, the default first.
            pub const ALL: &'static [RulesetId] = &[$(RulesetId::$variant,)+];

            /// The short name used on the command line (`--rules slots`).
            pub fn key(self) -> &'static str {
                match self {
                    $(RulesetId::$variant => $key,)+
                }
            }

            pub fn title(self) -> &'static str {
                match self {
                    $(RulesetId::$variant => $title,)+
                }
            }

            /// What the ruleset is, where its rules come from, and any credit its tables owe.
            pub fn about(self) -> &'static str {
                match self {
                    $(RulesetId::$variant => $about,)+
                }
            }

            /// The attribution its tables owe, for every place that shows or stores them.
            pub fn credit(self) -> Option<&'static str> {
                match self {
                    $(RulesetId::$variant => <$module::$rules as Ruleset>::CREDIT,)+
                }
            }
        }

        /// A session's game, tagged with its ruleset. A session holds one, so the rulesets'
        /// states differing in size costs nothing worth a box.
        #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
        #[allow(clippy::large_enum_variant)]
        pub enum GameState {
            $($variant(<$module::$rules as Ruleset>::State),)+
        }

        #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
        pub enum GameCommand {
            $($variant(<$module::$rules as Ruleset>::Command),)+
        }

        #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
        pub enum GameEvent {
            $($variant(<$module::$rules as Ruleset>::Event),)+
        }

        $(impl InGame for <$module::$rules as Ruleset>::State {
            fn in_game(game: &GameState) -> Option<&Self> {
                match game {
                    GameState::$variant(s) => Some(s),
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }
        })+

        /// Characters travelling between sessions, tagged with their ruleset (see [`party`]).
        #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
        pub enum GameParty {
            $($variant(party::Of<<$module::$rules as Ruleset>::State>),)+
        }

        impl GameParty {
            pub fn ruleset(&self) -> RulesetId {
                match self {
                    $(GameParty::$variant(_) => RulesetId::$variant,)+
                }
            }

            /// Does the clock carry on with them?
            pub fn carries(&self) -> bool {
                match self {
                    $(GameParty::$variant(p) => p.carry,)+
                }
            }
        }

        impl GameState {
            /// See [`Ruleset::travellers`].
            pub fn travellers(&self) -> Vec<party::Traveller> {
                match self {
                    $(GameState::$variant(s) => <$module::$rules as Ruleset>::travellers(s),)+
                }
            }

            /// See [`Ruleset::party`].
            pub fn party(&self, ids: &[u32], keep_time: bool) -> GameParty {
                match self {
                    $(GameState::$variant(s) => {
                        GameParty::$variant(<$module::$rules as Ruleset>::party(s, ids, keep_time))
                    })+
                }
            }

            /// See [`Ruleset::admit`]; a party of another ruleset is refused.
            pub fn admit(&mut self, party: &GameParty) -> Result<Vec<String>, RuleError> {
                match (self, party) {
                    $((GameState::$variant(s), GameParty::$variant(p)) => {
                        <$module::$rules as Ruleset>::admit(s, p)
                    })+
                    #[allow(unreachable_patterns)]
                    (state, party) => Err(RuleError::invalid(format!(
                        "this session plays the {}, and those characters are of the {}",
                        state.ruleset().title(),
                        party.ruleset().title()
                    ))),
                }
            }

            pub fn new(ruleset: RulesetId) -> Self {
                match ruleset {
                    $(RulesetId::$variant => GameState::$variant(Default::default()),)+
                }
            }

            pub fn ruleset(&self) -> RulesetId {
                match self {
                    $(GameState::$variant(_) => RulesetId::$variant,)+
                }
            }

            /// See [`Ruleset::check`].
            pub fn check(&self) -> Result<(), String> {
                match self {
                    $(GameState::$variant(s) => <$module::$rules as Ruleset>::check(s),)+
                }
            }

            /// See [`Ruleset::roster`].
            pub fn roster(&self) -> Vec<RosterGroup> {
                match self {
                    $(GameState::$variant(s) => <$module::$rules as Ruleset>::roster(s),)+
                }
            }

            /// See [`Ruleset::in_party`].
            pub fn in_party(&self, id: u32) -> Option<bool> {
                match self {
                    $(GameState::$variant(s) => <$module::$rules as Ruleset>::in_party(s, id),)+
                }
            }

            /// See [`Ruleset::in_action`].
            pub fn in_action(&self, each: &mut dyn FnMut(u32, &dyn Fn() -> bool)) -> bool {
                match self {
                    $(GameState::$variant(s) => <$module::$rules as Ruleset>::in_action(s, each),)+
                }
            }

            /// See [`Ruleset::initiative`].
            pub fn initiative(&self) -> Option<Initiative> {
                match self {
                    $(GameState::$variant(s) => <$module::$rules as Ruleset>::initiative(s),)+
                }
            }

            /// See [`Ruleset::join_fight`].
            pub fn join_fight(&self, who: u32) -> Option<GameCommand> {
                match self {
                    $(GameState::$variant(s) => <$module::$rules as Ruleset>::join_fight(s, who)
                        .map(GameCommand::$variant),)+
                }
            }

            /// See [`Ruleset::pending`].
            pub fn pending(&self) -> Option<PendingView> {
                match self {
                    $(GameState::$variant(s) => <$module::$rules as Ruleset>::pending(s),)+
                }
            }

            /// See [`Ruleset::clock`].
            pub fn clock(&self) -> ClockView {
                match self {
                    $(GameState::$variant(s) => <$module::$rules as Ruleset>::clock(s),)+
                }
            }

            /// See [`Ruleset::fighters`].
            pub fn fighters(&self, unseen: &BTreeSet<u32>) -> Vec<u32> {
                match self {
                    $(GameState::$variant(s) => <$module::$rules as Ruleset>::fighters(s, unseen),)+
                }
            }

            /// See [`Ruleset::footing`].
            pub fn footing(&self, actor: u32) -> Vec<Footing> {
                match self {
                    $(GameState::$variant(s) => <$module::$rules as Ruleset>::footing(s, actor),)+
                }
            }

            /// See [`Ruleset::present`].
            pub fn present(&self) -> Option<Vec<u32>> {
                match self {
                    $(GameState::$variant(s) => <$module::$rules as Ruleset>::present(s),)+
                }
            }

            /// See [`Ruleset::aims_in`]; a command of another ruleset aims at no one.
            pub fn aims_of(&self, command: &GameCommand) -> Option<Aim> {
                match (self, command) {
                    $((GameState::$variant(s), GameCommand::$variant(c)) => {
                        <$module::$rules as Ruleset>::aims_in(s, c)
                    })+
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }

            /// See [`Ruleset::answer`].
            pub fn answer(&self, answer: Answer) -> Result<GameCommand, RuleError> {
                match self {
                    $(GameState::$variant(s) => {
                        <$module::$rules as Ruleset>::answer(s, answer).map(GameCommand::$variant)
                    })+
                }
            }
        }

        $(
            impl From<<$module::$rules as Ruleset>::Command> for GameCommand {
                fn from(c: <$module::$rules as Ruleset>::Command) -> Self {
                    GameCommand::$variant(c)
                }
            }
        )+

        impl GameCommand {
            /// See [`Ruleset::role`].
            pub fn role(&self) -> Role {
                match self {
                    $(GameCommand::$variant(c) => <$module::$rules as Ruleset>::role(c),)+
                }
            }

            /// See [`Ruleset::aims`].
            pub fn aims(&self) -> Option<Aim> {
                match self {
                    $(GameCommand::$variant(c) => <$module::$rules as Ruleset>::aims(c),)+
                }
            }

            /// See [`Ruleset::with_fighters`].
            pub fn with_fighters(&self, who: &[u32]) -> Option<GameCommand> {
                match self {
                    $(GameCommand::$variant(c) => {
                        <$module::$rules as Ruleset>::with_fighters(c, who).map(GameCommand::$variant)
                    })+
                }
            }

            /// See [`Ruleset::fighters_of`].
            pub fn fighters_of(&self) -> Option<Vec<u32>> {
                match self {
                    $(GameCommand::$variant(c) => <$module::$rules as Ruleset>::fighters_of(c),)+
                }
            }

            /// See [`Ruleset::roll_kind`].
            pub fn roll_kind(&self) -> Option<RollKind> {
                match self {
                    $(GameCommand::$variant(c) => <$module::$rules as Ruleset>::roll_kind(c),)+
                }
            }
        }

        impl GameEvent {
            /// See [`Ruleset::tone`].
            pub fn tone(&self) -> Tone {
                match self {
                    $(GameEvent::$variant(e) => <$module::$rules as Ruleset>::tone(e),)+
                }
            }

            /// See [`Ruleset::line`].
            pub fn line(&self) -> Line {
                match self {
                    $(GameEvent::$variant(e) => <$module::$rules as Ruleset>::line(e),)+
                }
            }

            /// See [`Ruleset::tally`].
            pub fn tally(&self) -> Vec<Tally> {
                match self {
                    $(GameEvent::$variant(e) => <$module::$rules as Ruleset>::tally(e),)+
                }
            }
        }

        impl fmt::Display for GameEvent {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    $(GameEvent::$variant(e) => e.fmt(f),)+
                }
            }
        }

        /// See [`Ruleset::apply_quietly`].
        pub fn apply_quietly(
            state: &mut GameState,
            command: &GameCommand,
            dice: &mut dyn DiceSource,
        ) -> Result<(), RuleError> {
            match (state, command) {
                $((GameState::$variant(s), GameCommand::$variant(c)) => {
                    <$module::$rules as Ruleset>::apply_quietly(s, c, dice)
                })+
                #[allow(unreachable_patterns)]
                (state, command) => apply(state, command, dice).map(drop),
            }
        }

        /// Applies one command. On error the state may be partly changed: the session applies
        /// commands to a copy and keeps it only on success, so rules code may check as it goes.
        pub fn apply(
            state: &mut GameState,
            command: &GameCommand,
            dice: &mut dyn DiceSource,
        ) -> Result<Vec<GameEvent>, RuleError> {
            match (state, command) {
                $((GameState::$variant(s), GameCommand::$variant(c)) => {
                    Ok(<$module::$rules as Ruleset>::apply(s, c, dice)?
                        .into_iter()
                        .map(GameEvent::$variant)
                        .collect())
                })+
                #[allow(unreachable_patterns)]
                (state, _) => Err(RuleError::invalid(format!(
                    "this session plays the {}, and that command belongs to another ruleset",
                    state.ruleset().title()
                ))),
            }
        }
    };
}

rulesets! {
    Slots => slots::Slots, "slots", "d12 slot system",
        "Eleven numbered inventory slots read by a d12; wounds and condition letters in slots; \
         alternating side initiative with setups and interrupts; exploration in trys with \
         encounter dice (rule file 000).";
    Plain => plain::Plain, "plain", "plain tracker",
        "Names, hit points, a turn order and rolls against a number, for a game whose rules \
         the judge keeps in their head. Small on purpose: the tests use it to prove the frame, \
         the command language and the store work for a ruleset with no slots.";
    Phase => phase::Phase, "phase", "phased Knave-style rules",
        "Roll-under d20 saves on STR, DEX and WIL, counted load, weapon dice and armour DR; \
         each round walks five phases in Early, Middle and Late groups; harm spills from HP \
         into STR; dungeon turns and wilderness watches with event dice (rule file 002).";
    Bdp => bdp::Bdp, "bdp", "Block, Dodge, Parry",
        "Roll-under d20 saves and contests on STR, DEX and WIL; Time, Gear and Skill; the Die \
         of Fate; a flat row of slots for items, Fatigue and wounds; injuries, disease, \
         deprivation, rest and a dawn pipeline (rule file 001). Block, Dodge, Parry by Lars \
         Huijbregts, CC BY-SA 4.0; tables adapted.";
    Ap => ap::Ap, "ap", "action points",
        "d20 + attribute + object dice against a DC or a contested save, advantage stacked per \
         die; 4 AP turns; initiative 1d20 + WIL sorted within groups that take turns; critical \
         damage at DC 15, scars and magic dice with mishaps; 2-minute rounds (rule file 003).";
    ActionDie => actiondie::ActionDie, "actiondie", "action-die system",
        "Abilities as rungs of a die ladder from 0 to 5d12; checks roll the rung's dice, with \
         advantage on the whole check; initiative rolled every round from each chosen action's \
         die, lowest first; exhaustion levels, death and dismemberment, statuses, slots of 10 \
         plus STR with quick slots, rests on a clock of 6-second rounds (rule file 004).";
}

impl GameState {
    /// The names of everyone on the roster, in its order.
    pub fn roster_names(&self) -> Vec<String> {
        self.roster()
            .into_iter()
            .flat_map(|g| g.members)
            .map(|m| m.name)
            .collect()
    }

    /// The player characters on the roster, in its order: id and name.
    pub fn player_characters(&self) -> Vec<(u32, String)> {
        self.roster()
            .into_iter()
            .filter(|g| g.party)
            .flat_map(|g| g.members)
            .map(|m| (m.id, m.name))
            .collect()
    }
}

impl Default for RulesetId {
    /// The first of the list: the slot system.
    fn default() -> Self {
        RulesetId::ALL[0]
    }
}

impl RulesetId {
    pub fn from_key(key: &str) -> Option<RulesetId> {
        RulesetId::ALL
            .iter()
            .copied()
            .find(|r| r.key().eq_ignore_ascii_case(key))
    }
}

impl fmt::Display for RulesetId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// The refusal of a step that needs a fight when none is under way.
pub fn no_fight() -> RuleError {
    RuleError::invalid("no fight is under way")
}

/// Hands out the next id from a session's counter, or says it has none left (a counter read
/// from a damaged file may stand at the very top).
pub fn take_id(next: &mut u32) -> Result<u32, RuleError> {
    let id = *next;
    *next = id
        .checked_add(1)
        .ok_or_else(|| RuleError::invalid("the session has handed out every id it can"))?;
    Ok(id)
}

/// Why a command was refused. The message is for the judge: plain words, no jargon.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuleError {
    #[error("{0}")]
    Invalid(String),
    #[error(transparent)]
    Dice(#[from] DiceError),
}

impl RuleError {
    pub fn invalid(msg: impl Into<String>) -> Self {
        RuleError::Invalid(msg.into())
    }
}
