//! The session: its state, the commands that change it, and the log that makes every change
//! undoable and replayable.
//!
//! Only this module mutates session state, and only through [`Session::execute`], [`Session::undo`]
//! and [`Session::redo`]. A command is kept only if it succeeds, and a refused command changes
//! nothing: what it changed before it was refused is undone by rebuilding the state from the
//! log. Each log entry keeps the command, every die face it drew and
//! the events it produced; undo rebuilds the state from the nearest checkpoint by re-applying
//! entries with their recorded faces, never rolling again.

mod encounters;
mod log;
pub mod party;
mod veil;

pub use crate::rules::notes::Notes;
pub use encounters::{
    Encounter, KeptEncounter, KindCount, Proposal, fight_verb, listing as encounter_listing,
};
pub use log::{
    Applied, CHECKPOINT_EVERY, DENSE_SPAN, EVENTS_KEPT, Entry, FightMark, Logged, SPARSE_EVERY,
    Session, SessionError, Stamp, replay,
};
pub use veil::{
    CreatureNumbers, PublicFight, PublicLine, Seen, TableView, Veil, kind_of, last_roll, seen,
    story,
};

use crate::dice::{DiceExpr, DiceSource};
use crate::rules::said;
use crate::rules::text::{self, TextKind};
use crate::rules::{
    self, GameCommand, GameEvent, GameParty, GameState, RollKind, RuleError, RulesetId,
};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Everything a session is: its title, the judge's notes and the game itself.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionState {
    pub title: String,
    #[serde(default)]
    pub notes: Notes,
    pub game: GameState,
    /// What the judge keeps from the players' table view.
    #[serde(default, skip_serializing_if = "Veil::is_empty")]
    pub veil: Veil,
    /// The creatures the judge grouped by where the party meets them (see [`Encounter`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub encounters: Vec<Encounter>,
}

impl SessionState {
    pub fn new(title: impl Into<String>, ruleset: RulesetId) -> Self {
        SessionState {
            title: title.into(),
            notes: Notes::new(),
            game: GameState::new(ruleset),
            veil: Veil::new(),
            encounters: Vec::new(),
        }
    }

    pub fn ruleset(&self) -> RulesetId {
        self.game.ruleset()
    }

    /// Who `command` would leave dead that is not dead now, found by applying it to a copy of
    /// the game; nothing when it is refused. A command that draws dice is tried with seeded
    /// faces.
    fn dead_after_any_faces(&self, command: &GameCommand) -> Option<Vec<String>> {
        let mut no_dice = crate::dice::ScriptedDice::new([]);
        // The step rolls (a death can ask its group's morale save, A48): run it again with
        // any faces. What the dice decide waits for the judge; who the step kills does not.
        self.dead_after(command, &mut no_dice)
            .or_else(|| self.dead_after(command, &mut crate::dice::LiveDice::seeded(0)))
    }

    /// Who `command` could leave dead, in two lists: those it kills however its dice fall, and
    /// those only some faces kill (damage at exhaustion's last level rolls on a death table,
    /// D26). The step is tried with its dice at both ends and with seeded faces.
    pub fn deaths_possible_after(&self, command: &GameCommand) -> (Vec<String>, Vec<String>) {
        let runs: Vec<Vec<String>> = [
            self.dead_after_any_faces(command),
            self.dead_after(command, &mut crate::dice::EndFaces { highest: false }),
            self.dead_after(command, &mut crate::dice::EndFaces { highest: true }),
        ]
        .into_iter()
        .flatten()
        .collect();
        let mut sure: Vec<String> = Vec::new();
        let mut some: Vec<String> = Vec::new();
        for name in runs.iter().flatten() {
            let all = runs.iter().all(|run| run.contains(name));
            let list = if all { &mut sure } else { &mut some };
            if !list.contains(name) {
                list.push(name.clone());
            }
        }
        (sure, some)
    }

    /// Who is dead after `command` on a copy of the game with `dice` that was not before;
    /// nothing when the copy refuses it.
    fn dead_after(
        &self,
        command: &GameCommand,
        dice: &mut dyn crate::dice::DiceSource,
    ) -> Option<Vec<String>> {
        let dead = |game: &GameState| -> Vec<(u32, String)> {
            game.roster()
                .into_iter()
                .flat_map(|g| g.members)
                .filter(|e| e.dead)
                .map(|e| (e.id, e.name))
                .collect()
        };
        let before: Vec<u32> = dead(&self.game).into_iter().map(|(id, _)| id).collect();
        let mut copy = self.game.clone();
        rules::apply_quietly(&mut copy, command, dice).ok()?;
        Some(
            dead(&copy)
                .into_iter()
                .filter(|(id, _)| !before.contains(id))
                .map(|(_, name)| name)
                .collect(),
        )
    }

    /// Is this a state the rules could have built? For a starting state read from a file: the
    /// title and notes are text the judge could have typed, and the game passes its ruleset's
    /// check. Says what is wrong in words when not.
    pub fn check(&self) -> Result<(), String> {
        text::printable(TextKind::Title, &self.title).map_err(|e| e.to_string())?;
        for note in &self.notes {
            text::printable(TextKind::Note, note).map_err(|e| e.to_string())?;
        }
        self.game.check()
    }
}

/// A change the judge asks for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// A line in the session's notes.
    Note(String),
    Retitle(String),
    /// A roll the rules do not ask for (a reaction, a random table, "does it rain?"): the dice
    /// and what for. Logged and replayed like any roll, changing nothing else.
    Roll {
        expr: DiceExpr,
        what: String,
    },
    /// A roll on one of the judge's own tables: the table is inside, so the log replays
    /// without its file. Logged like any free roll, with the row it fell on.
    RollOn(Box<crate::rules::tables::Table>),
    /// Keep a step's dice from the players' table view, or show them again. Without a step, the
    /// last roll (the session settles which before it logs the command).
    Secret {
        step: Option<u32>,
        secret: bool,
    },
    /// Veil someone of the roster (by the ruleset's id) from the players' table view, or
    /// reveal them.
    Hide {
        id: u32,
        hidden: bool,
    },
    /// Reveal everyone on the roster the players do not see.
    RevealAll,
    /// The kinds of roll kept secret by default from now on; None asks which they are (and
    /// changes nothing).
    SecretKinds(Option<Vec<RollKind>>),
    /// How the players' table view reads creatures' numbers from now on.
    TableNumbers(CreatureNumbers),
    Game(GameCommand),
    /// Characters come in from another session or a sheet file, their sheets inside the
    /// command so the log replays without the file they came from.
    Join(Box<GameParty>),
    /// Someone comes in from the bestiary as one step: the ruleset's command that adds them,
    /// then, in a fight under way, the ruleset's command that brings them into it at the place
    /// its initiative gives them, and the players' sight of them (`seen`) or not.
    Arrive {
        add: Box<GameCommand>,
        seen: bool,
    },
    /// Groups creatures of the roster (by the ruleset's ids) into the encounter called `name`,
    /// made when it is new (see [`Encounter`]).
    /// Boxed: every step of a long log holds a command, and this one is rare.
    Encounter {
        name: Box<str>,
        members: Box<[u32]>,
    },
    /// Asks which encounters there are (and changes nothing).
    Encounters,
    /// Every standing creature of the encounter called `encounter` that is not in the fight
    /// under way joins it, each at the place its initiative gives it, in one step; with `seen`
    /// those the players do not see come into their sight. The encounter is met from then on.
    /// Refused without a fight, or when nobody of it is left to join.
    Bring {
        encounter: Box<str>,
        seen: bool,
    },
    /// An encounter kept in the judge's library comes in: each of `add` (the ruleset's
    /// commands that add its creatures, sheets inside, so the log replays without the
    /// library) comes in as [`Command::Arrive`] brings one (into the fight under way, seen or
    /// not), and together they are grouped as the encounter `encounter`, met when a fight
    /// takes them. One step.
    Muster {
        encounter: Box<str>,
        add: Box<[GameCommand]>,
        seen: bool,
    },
    /// A fight started from the frame: the ruleset's command that starts it, naming whom it
    /// takes. Refused without a foe; marks the encounters it draws from fought and, with
    /// `reveal`, brings the creatures it takes into the players' sight, all in this one step
    /// (without, each comes into sight when it acts or is struck, as in any fight).
    Fight {
        start: Box<GameCommand>,
        reveal: bool,
    },
    /// Words the judge says to the whole table: on every players' page and the table view.
    Say(String),
    /// Words the judge tells one player character's player (by the ruleset's id): on that
    /// character's page alone.
    Tell {
        id: u32,
        text: String,
    },
    /// A player character's page link made anew (by the ruleset's id): the old one stops
    /// working at once.
    Relink {
        id: u32,
    },
}

impl Command {
    /// The ruleset's command inside, for a step of the game (a fight started from the frame
    /// included); None for the frame's own commands.
    pub fn game(&self) -> Option<&GameCommand> {
        match self {
            Command::Game(c) => Some(c),
            Command::Fight { start, .. } => Some(start),
            _ => None,
        }
    }
}

/// Any ruleset's command is a session command (a ruleset command `.into()` a session one); the rulesets'
/// own conversions into [`GameCommand`] come from the `rulesets!` list.
impl<C> From<C> for Command
where
    GameCommand: From<C>,
{
    fn from(c: C) -> Self {
        Command::Game(GameCommand::from(c))
    }
}

/// What a command did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    Noted(String),
    Retitled(String),
    /// A free roll: what for, the dice as written, every face, and the total.
    Rolled {
        what: String,
        expr: String,
        faces: Vec<u16>,
        total: i64,
    },
    /// A step (0-based) was made secret, or shown again.
    Secret {
        step: u32,
        secret: bool,
    },
    Hidden {
        name: String,
        hidden: bool,
    },
    Game(GameEvent),
    /// The kinds of roll now kept secret by default.
    SecretKinds(Vec<RollKind>),
    /// How the players' table now reads creatures' numbers.
    TableNumbers(CreatureNumbers),
    /// Who came in, and whether the clock carries on from the session they left.
    Joined {
        names: Vec<String>,
        carried: bool,
    },
    /// Creatures grouped into an encounter.
    Grouped {
        encounter: String,
        names: Vec<String>,
    },
    /// The judge said this to the table.
    Said(String),
    /// The judge told this to the player of one character (`id`, called `name`).
    Told {
        id: u32,
        name: String,
        text: String,
    },
    /// A player character's page link was made anew.
    Relinked {
        id: u32,
        name: String,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Noted(text) => write!(f, "Note: {text}"),
            Event::Retitled(title) => write!(f, "The session is now called {title}"),
            Event::Rolled {
                what,
                expr,
                faces,
                total,
            } => {
                let faces: Vec<String> = faces.iter().map(u16::to_string).collect();
                let what = if what.is_empty() { "A roll" } else { what };
                write!(f, "{what}: {expr} rolled [{}] = {total}", faces.join(" "))
            }
            Event::Secret { step, secret } => {
                let step = *step as u64 + 1;
                if *secret {
                    write!(f, "Step {step} is kept from the players' table")
                } else {
                    write!(f, "Step {step} is shown at the players' table again")
                }
            }
            Event::Hidden { name, hidden } => {
                if *hidden {
                    write!(f, "{name} is hidden from the players' table")
                } else {
                    write!(f, "{name} is in the players' sight")
                }
            }
            Event::Game(e) => e.fmt(f),
            Event::SecretKinds(kinds) => {
                let kinds: std::collections::BTreeSet<RollKind> = kinds.iter().copied().collect();
                write!(f, "From now on, {}", veil::secret_kinds_words(&kinds))
            }
            Event::TableNumbers(numbers) => write!(
                f,
                "From now on the players' table reads creatures' numbers {}",
                veil::numbers_words(*numbers)
            ),
            Event::Joined { names, carried } => {
                write!(f, "{} join the session", names.join(", "))?;
                if *carried {
                    write!(f, "; the clock carries on from where they left")?;
                }
                Ok(())
            }
            Event::Grouped { encounter, names } => {
                write!(f, "{} in the encounter {encounter}", names.join(", "))
            }
            Event::Said(text) => write!(f, "The judge says: {text}"),
            Event::Told { name, text, .. } => write!(f, "Told to {name} alone: {text}"),
            Event::Relinked { name, .. } => write!(
                f,
                "{name}'s page has a new link; the old one no longer opens it"
            ),
        }
    }
}

impl Event {
    /// What the event counts for a fight's summary (see [`rules::Tally`]).
    pub fn tally(&self) -> Vec<rules::Tally> {
        match self {
            Event::Game(e) => e.tally(),
            _ => Vec::new(),
        }
    }

    /// The event's words as parts (see [`rules::Line`]): a ruleset's events as the ruleset
    /// builds them, the frame's own in plain words. The judge's note and what the judge keeps
    /// from the players' table (a secret, a veil, what the table reads) are the judge's alone.
    pub fn line(&self) -> rules::Line {
        match self {
            Event::Game(e) => e.line(),
            Event::Noted(_)
            | Event::Secret { .. }
            | Event::Hidden { .. }
            | Event::SecretKinds(_)
            | Event::TableNumbers(_)
            | Event::Grouped { .. }
            | Event::Relinked { .. } => rules::Line::from(self.to_string()).for_the_judge(),
            Event::Retitled(_) | Event::Rolled { .. } | Event::Joined { .. } | Event::Said(_) => {
                rules::Line::from(self.to_string())
            }
            // Its player reads it as the judge's words to them; nobody else reads anything.
            Event::Told { id, text, .. } => {
                rules::Line::from(format!("The judge tells you: {text}")).to(*id)
            }
        }
    }
}

/// Applies a command to the state in place. Not transactional by itself: when it is refused,
/// [`Session::execute`] rebuilds the state from the log.
pub fn apply(
    state: &mut SessionState,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    // The frame's own commands tell their events like the rules do: a quiet step (see
    // [`apply_quietly`]) builds none, nor the copies of the text they would carry.
    let mut events = Vec::new();
    match command {
        Command::Note(text) => {
            let text = text::checked(TextKind::Note, text, "a note needs some text")?;
            said::tell(&mut events, || Event::Noted(text.clone()));
            state.notes.push(text);
            Ok(events)
        }
        Command::Retitle(title) => {
            let title = text::checked(TextKind::Title, title, "a session needs a title")?;
            said::tell(&mut events, || Event::Retitled(title.clone()));
            state.title = title;
            Ok(events)
        }
        Command::Roll { expr, what } => {
            let what = if what.trim().is_empty() {
                String::new()
            } else {
                text::checked(TextKind::Action, what, "")?
            };
            let roll = expr.roll(dice)?;
            said::tell(&mut events, || Event::Rolled {
                what,
                expr: expr.to_string(),
                faces: roll.faces,
                total: roll.total,
            });
            Ok(events)
        }
        Command::RollOn(table) => {
            // The table was checked when its file was read; a hand-made log is checked again.
            let checked = crate::rules::tables::check(table)?;
            let roll = table.die.roll(dice)?;
            said::tell(&mut events, || {
                let row = table.row(roll.total).map_or("no row", |r| r.text.as_str());
                Event::Rolled {
                    what: format!("{} gives {row}", checked),
                    expr: table.die.to_string(),
                    faces: roll.faces,
                    total: roll.total,
                }
            });
            Ok(events)
        }
        Command::Secret { .. }
        | Command::Hide { .. }
        | Command::RevealAll
        | Command::SecretKinds(_)
        | Command::TableNumbers(_) => veil::apply(state, command),
        Command::Join(party) => {
            check_sheet(state.ruleset(), party).map_err(|(_, e)| e)?;
            let names = state.game.admit(party)?;
            Ok(vec![Event::Joined {
                names,
                carried: party.carries(),
            }])
        }
        Command::Arrive { add, seen } => arrive(state, add, *seen, dice).map(|(events, _)| events),
        Command::Say(text) => {
            let text = text::checked(TextKind::Said, text, "say what? give the words")?;
            said::tell(&mut events, || Event::Said(text));
            Ok(events)
        }
        Command::Tell { id, text } => {
            let name = party_name(state, *id).ok_or_else(|| {
                RuleError::invalid("only a player character's player can be told something")
            })?;
            let text = text::checked(TextKind::Said, text, "tell them what? give the words")?;
            said::tell(&mut events, || Event::Told {
                id: *id,
                name,
                text,
            });
            Ok(events)
        }
        Command::Relink { id } => {
            let name = party_name(state, *id).ok_or_else(|| {
                RuleError::invalid("only a player character has a page link of their own")
            })?;
            *state.veil.links.entry(*id).or_default() += 1;
            Ok(vec![Event::Relinked { id: *id, name }])
        }
        Command::Encounter { .. }
        | Command::Encounters
        | Command::Fight { .. }
        | Command::Bring { .. }
        | Command::Muster { .. } => encounters::apply_encounter(state, command, dice),
        Command::Game(c) => {
            let mut events: Vec<Event> = rules::apply(&mut state.game, c, dice)?
                .into_iter()
                .map(Event::Game)
                .collect();
            events.extend(veil::reveal_by_play(state, c));
            Ok(events)
        }
    }
}

/// The name of the player character `id`, when it is one.
fn party_name(state: &SessionState, id: u32) -> Option<String> {
    state
        .game
        .roster()
        .into_iter()
        .filter(|g| g.party)
        .flat_map(|g| g.members)
        .find(|m| m.id == id)
        .map(|m| m.name)
}

/// Whether the sheets of `party` could join a session of `ruleset`. They are checked on their
/// own, in a session of nothing else, so a sheet from a hand-made file cannot bring in what the
/// rules could not have built, and what waits in the session does not stand in their way; each
/// name passes the checks a name typed into `add` passes. A refusal names the name it is about,
/// when it is about one, so a reader of the sheet's file can say on which line it stands.
pub fn check_sheet(
    ruleset: RulesetId,
    party: &GameParty,
) -> Result<(), (Option<String>, RuleError)> {
    let mut alone = GameState::new(ruleset);
    for name in alone.admit(party).map_err(|e| (None, e))? {
        text::check(
            TextKind::Name,
            &name,
            "a character on the sheet needs a name",
        )
        .map_err(|e| {
            (
                Some(name.clone()),
                RuleError::invalid(format!("a name on the sheet: {e}")),
            )
        })?;
    }
    alone.check().map_err(|e| {
        (
            None,
            RuleError::invalid(format!("the sheet holds what the rules cannot: {e}")),
        )
    })
}

/// [`apply`] for a replay that throws the events away (undo, `replay --verify`, the old steps of
/// a loaded log): the state comes out the same, but a ruleset leaves out the work that only
/// dresses its events (see [`rules::Ruleset::apply_quietly`]), and the frame's own commands
/// build none.
pub fn apply_quietly(
    state: &mut SessionState,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<(), RuleError> {
    match command {
        Command::Game(c) => {
            rules::apply_quietly(&mut state.game, c, dice)?;
            veil::reveal_by_play(state, c);
            Ok(())
        }
        other => said::quietly(|| apply(state, other, dice)).map(drop),
    }
}

/// See [`Command::Arrive`]; returns the events and who came in.
fn arrive(
    state: &mut SessionState,
    add: &GameCommand,
    seen: bool,
    dice: &mut dyn DiceSource,
) -> Result<(Vec<Event>, Vec<u32>), RuleError> {
    let members = |state: &SessionState| -> Vec<(u32, bool)> {
        state
            .game
            .roster()
            .into_iter()
            .flat_map(|g| g.members.into_iter().map(move |m| (m.id, g.party)))
            .collect()
    };
    let before: Vec<u32> = members(state).into_iter().map(|(id, _)| id).collect();
    let mut events = apply(state, &Command::Game(add.clone()), dice)?;
    let came: Vec<(u32, bool)> = members(state)
        .into_iter()
        .filter(|(id, _)| !before.contains(id))
        .collect();
    if came.is_empty() {
        return Err(RuleError::invalid("nobody new came in"));
    }
    for &(id, party) in &came {
        if let Some(join) = state.game.join_fight(id) {
            events.extend(apply(state, &Command::Game(join), dice)?);
        }
        // The players always see their own characters; only a creature can come in unseen.
        if !party && state.veil.sees(id, party) != seen {
            events.extend(veil::apply(state, &Command::Hide { id, hidden: !seen })?);
        }
    }
    Ok((events, came.into_iter().map(|(id, _)| id).collect()))
}
