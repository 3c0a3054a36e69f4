//! What the players may see. The judge can keep any roll secret and any creature unseen; both
//! are the frame's, not a ruleset's, so every ruleset has them: a secret is a step of the log
//! (with every step taken while its roll waits, see [`seen`]), an unseen creature is an id of the
//! roster. Both are set by commands logged, undone and replayed like any other. A creature
//! starts unseen and comes into sight when the judge reveals it, when it first acts, or when a
//! player character acts against it (see [`Veil`]).
//!
//! [`TableView`] is the players' table view as data: the read models of the session with every
//! secret step, every hidden creature and everything the judge alone reads (hit points and
//! numbers of creatures, and every line or clause the events mark as the judge's alone:
//! reminders, rulings left to the judge, notes and questions to the judge) taken out. The screen
//! that draws it never sees anything else.

use super::log::replay_entry;
use super::{Command, Event, Session, SessionState};
use crate::rules::{
    ClockView, Fighter, GameCommand, Lens, Numbers, Role, RollKind, RosterEntry, RosterGroup,
    RuleError, RulesetId, Standing, Tag, Tone, Upcoming,
};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

/// The judge's secrets: steps whose dice the players do not see, and creatures they do not see.
///
/// In a session made since creatures start unseen (`until_revealed`), the players see a
/// creature once it is `revealed` and while it is not `hidden` again; player characters always.
/// A file without `until_revealed` is older: there everyone not `hidden` was seen, and it is read
/// so, its log replaying as it was played.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Veil {
    /// Secret steps, by their index in the log (0-based).
    #[serde(default)]
    pub secret: BTreeSet<u32>,
    /// Roster entries the judge veiled, by the ruleset's id: unseen even once revealed, and
    /// never revealed by what they do.
    #[serde(default)]
    pub hidden: BTreeSet<u32>,
    /// Creatures revealed to the players, by the judge or by what they did.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub revealed: BTreeSet<u32>,
    /// Do creatures start unseen? Set in every new session; false in older files.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub until_revealed: bool,
    /// The kinds of roll kept from the players without a word from the judge: each step that
    /// rolls dice for one of them is secret from the moment it is logged. A new session starts
    /// with [`RollKind::SECRET_OUT_OF_THE_BOX`]; an older file has none.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub secret_kinds: BTreeSet<RollKind>,
    /// Steps of a kind kept secret by default that the judge chose to show after all.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub shown: BTreeSet<u32>,
    /// What the players read of a creature's numbers.
    #[serde(default, skip_serializing_if = "CreatureNumbers::is_word")]
    pub numbers: CreatureNumbers,
    /// How many times each player character's own page link was made anew (`link NAME new`),
    /// by the ruleset's id. No token is kept here: the page's server makes a new one whenever
    /// this count changes, undone or not, so a link made anew never opens a page again.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub links: BTreeMap<u32, u32>,
}

/// What the players' table view says of a creature's health and numbers, as the judge chose
/// for the session.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum CreatureNumbers {
    /// Its state in a word: unhurt, hurt, badly hurt, down, dead, fled.
    #[default]
    Word,
    /// Nothing at all: the players read no state of a creature.
    None,
    /// Every number, as the judge reads them.
    Exact,
}

impl CreatureNumbers {
    pub const ALL: [CreatureNumbers; 3] = [
        CreatureNumbers::Word,
        CreatureNumbers::None,
        CreatureNumbers::Exact,
    ];

    fn is_word(&self) -> bool {
        *self == CreatureNumbers::Word
    }

    pub fn word(self) -> &'static str {
        match self {
            CreatureNumbers::Word => "word",
            CreatureNumbers::None => "none",
            CreatureNumbers::Exact => "exact",
        }
    }

    pub fn from_word(word: &str) -> Option<CreatureNumbers> {
        CreatureNumbers::ALL
            .into_iter()
            .find(|n| n.word().eq_ignore_ascii_case(word))
    }
}

impl Veil {
    /// The veil of a new session: no secrets yet, and every creature unseen until revealed.
    pub fn new() -> Veil {
        Veil {
            until_revealed: true,
            secret_kinds: RollKind::SECRET_OUT_OF_THE_BOX.into_iter().collect(),
            ..Veil::default()
        }
    }

    pub fn is_empty(&self) -> bool {
        self.secret.is_empty()
            && self.hidden.is_empty()
            && self.revealed.is_empty()
            && !self.until_revealed
            && self.secret_kinds.is_empty()
            && self.shown.is_empty()
            && self.numbers.is_word()
            && self.links.is_empty()
    }

    /// Is this step (at `index`, applied to a state whose veil is `self`) secret by the kinds
    /// the judge keeps secret by default? Only a step that drew dice is a roll.
    pub fn secret_by_kind(&self, entry: &super::Entry, shown: &BTreeSet<u32>, index: u32) -> bool {
        if self.secret_kinds.is_empty() || entry.rolls.is_empty() || shown.contains(&index) {
            return false;
        }
        kind_of(&entry.command).is_some_and(|k| self.secret_kinds.contains(&k))
    }

    /// Do the players see this member of the roster (`party`: one of their own characters)?
    pub fn sees(&self, id: u32, party: bool) -> bool {
        !self.hidden.contains(&id) && (party || !self.until_revealed || self.revealed.contains(&id))
    }

    /// Everyone on the roster the players do not see, by id.
    pub fn unseen(&self, roster: &[RosterGroup]) -> BTreeSet<u32> {
        roster
            .iter()
            .flat_map(|g| g.members.iter().map(move |m| (m.id, g.party)))
            .filter(|&(id, party)| !self.sees(id, party))
            .map(|(id, _)| id)
            .collect()
    }

    /// Does the command change only what the players' table view shows (nothing in the game)?
    pub fn changes_only_the_table(command: &Command) -> bool {
        matches!(
            command,
            Command::Secret { .. } | Command::Hide { .. } | Command::RevealAll
        )
    }

    /// Brings someone into the players' sight.
    fn reveal(&mut self, id: u32) {
        self.hidden.remove(&id);
        if self.until_revealed {
            self.revealed.insert(id);
        }
    }
}

/// What kind of roll a command makes, in the words the judge chooses secret kinds by.
pub fn kind_of(command: &Command) -> Option<RollKind> {
    match command {
        Command::Game(game) => game.roll_kind(),
        Command::Fight { start, .. } => start.roll_kind(),
        Command::Roll { .. } => Some(RollKind::Other),
        // What an arrival rolls is its initiative, where the rules roll one.
        Command::Arrive { .. } | Command::Bring { .. } | Command::Muster { .. } => {
            Some(RollKind::Initiative)
        }
        _ => None,
    }
}

/// How the players' table view sees one step of the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Seen {
    /// Kept from the players.
    pub secret: bool,
    /// Part of a roll: a step that drew dice, or one taken while its roll waited (the pick, the
    /// override, the verdict accepted).
    pub roll: bool,
    /// Part of a roll that still waits for the judge at the end of the steps looked at: not
    /// settled, so the players' table does not show it yet (it may still be made secret, or
    /// made again).
    pub waiting: bool,
}

/// How far before a window of steps [`seen`] looks for the start of a roll that runs into it.
const LOOK_BACK: usize = 64;

/// What a step whose roll began too far back to be read counts as: secret, to be safe.
const UNKNOWN: Seen = Seen {
    secret: true,
    roll: false,
    waiting: false,
};

/// Does this step begin a roll of its own, even while another waits? A step that draws dice
/// and does not answer the waiting roll (a defense rolled while the attack waits, a second
/// check): a secret on it hides it and what follows, never the roll before it.
fn starts_a_roll(entry: &super::Entry) -> bool {
    if entry.rolls.is_empty() {
        return false;
    }
    match &entry.command {
        Command::Game(game) => game.role() != Role::Answers,
        Command::Fight { start, .. } => start.role() != Role::Answers,
        _ => true,
    }
}

/// How the players' table view sees each step of `range` (of the applied steps).
///
/// A roll runs from the step that starts it (nothing waited for the judge before it, or it drew
/// dice of its own rather than answering what waits) through every step taken while something
/// waits; the whole run is secret when any of its steps was made secret (the roll itself, by
/// the judge's key while it waits, before it was made, or afterwards by its number). The run
/// that still waits at the end of `range` is marked waiting.
pub fn seen(session: &Session, range: Range<usize>) -> Vec<Seen> {
    let applied = session.applied();
    let end = range.end.min(applied.len());
    let start = range.start.min(end);
    if start == end {
        return Vec::new();
    }
    let veil = &session.state().veil;
    let from = start.saturating_sub(LOOK_BACK);
    let Ok(mut state) = session.state_at(from) else {
        return vec![UNKNOWN; end - start];
    };
    let mut runs = Vec::with_capacity(end - from);
    let mut run = if state.game.pending().is_some() {
        UNKNOWN
    } else {
        Seen::default()
    };
    // The judge's words are no part of a roll: each is seen on its own, secret only by a mark
    // of its own, whatever roll waits around it.
    let mut words = Vec::new();
    for (offset, entry) in applied[from..end].iter().enumerate() {
        let index = from + offset;
        if matches!(entry.command, Command::Say(_) | Command::Tell { .. }) {
            let secret = veil.secret.contains(&(index as u32));
            words.push((index, secret));
            if replay_entry(&mut state, entry).is_err() {
                break;
            }
            continue;
        }
        if state.game.pending().is_none() || starts_a_roll(entry) {
            runs.resize(index - from, run);
            run = Seen::default();
        }
        run.secret |= veil.secret.contains(&(index as u32))
            || state.veil.secret_by_kind(entry, &veil.shown, index as u32);
        run.roll |= !entry.rolls.is_empty();
        if replay_entry(&mut state, entry).is_err() {
            break;
        }
    }
    run.waiting = state.game.pending().is_some();
    runs.resize(end - from, run);
    for (index, secret) in words {
        if let Some(seen) = runs.get_mut(index - from) {
            *seen = Seen {
                secret,
                ..Seen::default()
            };
        }
    }
    runs.split_off(start - from)
}

/// Applies the frame's veil commands.
pub(super) fn apply(state: &mut SessionState, command: &Command) -> Result<Vec<Event>, RuleError> {
    match command {
        Command::Secret { step, secret } => {
            let step =
                step.ok_or_else(|| RuleError::invalid("which step? there is no roll yet"))?;
            // A step of a kind kept secret by default is shown by a mark of its own.
            let veil = &mut state.veil;
            let changed = if *secret {
                veil.shown.remove(&step) | veil.secret.insert(step)
            } else {
                veil.secret.remove(&step) | veil.shown.insert(step)
            };
            if !changed {
                return Err(RuleError::invalid(format!(
                    "step {} is {} already",
                    step as u64 + 1,
                    if *secret {
                        "secret"
                    } else {
                        "shown to the table"
                    }
                )));
            }
            Ok(vec![Event::Secret {
                step,
                secret: *secret,
            }])
        }
        Command::Hide { id, hidden } => {
            let (name, party) = state
                .game
                .roster()
                .into_iter()
                .flat_map(|g| g.members.into_iter().map(move |m| (m, g.party)))
                .find(|(m, _)| m.id == *id)
                .map(|(m, party)| (m.name, party))
                .ok_or_else(|| RuleError::invalid("nobody in the session has that id"))?;
            let veil = &mut state.veil;
            if *hidden {
                if party && veil.until_revealed {
                    return Err(RuleError::invalid(format!(
                        "{name} is a player character: the players always see them"
                    )));
                }
                if !veil.hidden.insert(*id) {
                    return Err(RuleError::invalid(format!(
                        "{name} is kept from the table already"
                    )));
                }
            } else {
                if veil.sees(*id, party) {
                    return Err(RuleError::invalid(format!(
                        "{name} is in the players' sight already"
                    )));
                }
                veil.reveal(*id);
            }
            Ok(vec![Event::Hidden {
                name,
                hidden: *hidden,
            }])
        }
        Command::RevealAll => {
            let roster = state.game.roster();
            let unseen = state.veil.unseen(&roster);
            let events: Vec<Event> = roster
                .into_iter()
                .flat_map(|g| g.members)
                .filter(|m| unseen.contains(&m.id))
                .map(|m| {
                    state.veil.reveal(m.id);
                    Event::Hidden {
                        name: m.name,
                        hidden: false,
                    }
                })
                .collect();
            if events.is_empty() {
                return Err(RuleError::invalid(
                    "everyone on the roster is in the players' sight already",
                ));
            }
            Ok(events)
        }
        Command::SecretKinds(kinds) => {
            let Some(kinds) = kinds else {
                return Err(RuleError::invalid(secret_kinds_words(
                    &state.veil.secret_kinds,
                )));
            };
            let kinds: BTreeSet<RollKind> = kinds.iter().copied().collect();
            if kinds == state.veil.secret_kinds {
                return Err(RuleError::invalid(format!(
                    "{} already",
                    secret_kinds_words(&kinds)
                )));
            }
            state.veil.secret_kinds = kinds.clone();
            Ok(vec![Event::SecretKinds(kinds.into_iter().collect())])
        }
        Command::TableNumbers(numbers) => {
            if *numbers == state.veil.numbers {
                return Err(RuleError::invalid(format!(
                    "the players' table reads creatures' numbers {} already",
                    numbers_words(*numbers)
                )));
            }
            state.veil.numbers = *numbers;
            Ok(vec![Event::TableNumbers(*numbers)])
        }
        _ => Err(RuleError::invalid("not a command of the table's veil")),
    }
}

/// The kinds of roll kept secret by default, in words.
pub fn secret_kinds_words(kinds: &BTreeSet<RollKind>) -> String {
    if kinds.is_empty() {
        "no kind of roll is kept secret by default".into()
    } else {
        let words: Vec<&str> = kinds.iter().map(|k| k.word()).collect();
        format!("secret by default: {}", words.join(", "))
    }
}

/// How the players' table reads creatures' numbers, in words.
pub fn numbers_words(numbers: CreatureNumbers) -> &'static str {
    match numbers {
        CreatureNumbers::Word => "as a word (unhurt, hurt, badly hurt, down, dead, fled)",
        CreatureNumbers::None => "not at all",
        CreatureNumbers::Exact => "exactly, as the judge does",
    }
}

/// What a step of the game brings into the players' sight by itself: a creature never revealed
/// nor veiled that acts (its turn in a fight, or a command it acts in) or that a player
/// character acts against. Each comes out as an event of the step, so undo takes it back with
/// the step and replay makes it again.
pub(super) fn reveal_by_play(state: &mut SessionState, command: &GameCommand) -> Vec<Event> {
    if !state.veil.until_revealed {
        return Vec::new();
    }
    // Whom the step shows: the fighters who act or have acted, the one who aims, and those a
    // party member aims at.
    let aimed = state.game.aims_of(command).map(|a| {
        let at = if state.game.in_party(a.by) == Some(true) {
            a.at
        } else {
            Vec::new()
        };
        (a.by, at)
    });
    let aimed = || {
        aimed
            .iter()
            .flat_map(|(by, at)| std::iter::once(by).chain(at))
            .copied()
    };
    // The roster is read only when the step shows a creature outside the party that is
    // neither revealed nor veiled. Most steps of a long session show none: nearly every
    // creature is met once a fight has gone a round. So the sets are asked first, and whether
    // one stands outside the party only of those they do not know (player characters, never
    // marked revealed, among them); the ruleset answers that from the fighter at hand.
    let veil = &state.veil;
    let unmet = |id: u32| !veil.revealed.contains(&id) && !veil.hidden.contains(&id);
    let mut shows_unmet = aimed().any(|id| unmet(id) && state.game.in_party(id) == Some(false));
    if !shows_unmet {
        state.game.in_action(&mut |id, outside| {
            shows_unmet = shows_unmet || (unmet(id) && outside());
        });
    }
    if !shows_unmet {
        return Vec::new();
    }
    let mut shown: BTreeSet<u32> = aimed().collect();
    state.game.in_action(&mut |id, _| {
        shown.insert(id);
    });
    let roster = state.game.roster();
    let met: Vec<(u32, String)> = roster
        .iter()
        .filter(|g| !g.party)
        .flat_map(|g| &g.members)
        .filter(|m| unmet(m.id) && shown.contains(&m.id))
        .map(|m| (m.id, m.name.clone()))
        .collect();
    met.into_iter()
        .map(|(id, name)| {
            state.veil.revealed.insert(id);
            Event::Hidden {
                name,
                hidden: false,
            }
        })
        .collect()
}

/// The last step that drew dice, at or before the cursor: what "the last roll" means.
pub fn last_roll(session: &Session) -> Option<usize> {
    let applied = session.applied();
    (0..applied.len())
        .rev()
        .find(|&i| !applied[i].rolls.is_empty())
}

/// Gives a secret without a step the step of the last roll, and refuses a step that is not in
/// the log; other commands pass as they are.
pub(super) fn settle(session: &Session, command: Command) -> Result<Command, RuleError> {
    match command {
        Command::Secret { step: None, secret } => {
            let last = last_roll(session)
                .ok_or_else(|| RuleError::invalid("no roll has been made yet"))?;
            let step = if secret {
                last as u32
            } else {
                // The roll may be secret through another of its steps (a roll made while it
                // waited, marked by its number): the latest mark is the one that covers it.
                if !seen(session, last..last + 1)
                    .first()
                    .is_some_and(|s| s.secret)
                {
                    return Err(RuleError::invalid(
                        "the last roll is shown at the players' table already",
                    ));
                }
                let cursor = session.cursor() as u32;
                let veil = &session.state().veil;
                let marked = veil.secret.range(..cursor).next_back().copied();
                let by_kind = || {
                    session.state_at(last).is_ok_and(|before| {
                        before.veil.secret_by_kind(
                            &session.applied()[last],
                            &veil.shown,
                            last as u32,
                        )
                    })
                };
                match marked {
                    // The roll's own mark (made for it before its dice, or on it).
                    Some(m) if m >= last as u32 => m,
                    _ if by_kind() => last as u32,
                    other => other.unwrap_or(last as u32),
                }
            };
            Ok(Command::Secret {
                step: Some(step),
                secret,
            })
        }
        // The step right after this one: a roll kept secret (or, of a kind kept secret by
        // default, shown) before its dice are drawn.
        Command::Secret {
            step: Some(step), ..
        } if step as usize == session.cursor() + 1 => Ok(command),
        Command::Secret {
            step: Some(step), ..
        } if step as usize >= session.cursor() => Err(RuleError::invalid(format!(
            "there is no step {} in the log yet",
            step as u64 + 1
        ))),
        other => Ok(other),
    }
}

/// One line of the players' roll log: the step it came from, the words and their tone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicLine {
    pub step: usize,
    pub text: String,
    pub tone: Tone,
}

/// The fight as the players see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicFight {
    pub round: u32,
    /// Who or what holds the initiative ("players", "phase: missile", "group B").
    pub label: String,
    pub party: bool,
    /// Everyone the players can see, in the order they act.
    pub order: Vec<Fighter>,
    /// Whose turn it is (everyone acting at once, when the ruleset has them act together),
    /// among those the players can see.
    pub acting: Vec<String>,
    /// Who acts after them, when the players can see them.
    pub next: Option<String>,
}

/// Everything the players' table view shows, and nothing else.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableView {
    pub title: String,
    pub ruleset: RulesetId,
    pub fight: Option<PublicFight>,
    /// The players' characters, each with the state the ruleset shows at a glance.
    pub party: Vec<RosterEntry>,
    /// Everyone else the players can see, with their visible state only (no numbers).
    pub creatures: Vec<RosterEntry>,
    /// The clock, without what the next tick brings (that is the judge's to know).
    pub clock: ClockView,
    /// The last public lines of the roll log, newest first.
    pub rolls: Vec<PublicLine>,
    /// The judge's last words to the table (and, on a player's own page, to that player
    /// alone), newest first.
    pub said: Vec<PublicLine>,
}

/// How many steps back the players' log looks for public lines.
const LOG_SCAN: usize = 200;

/// How many of the judge's last words the view keeps.
pub const SAID: usize = 3;

impl TableView {
    /// What the players may see of the session now, with at most `lines` log lines.
    pub fn of(session: &Session, lines: usize) -> TableView {
        TableView::through(session, lines, None)
    }

    /// What the player of the character `id` may see on their own page: the table's view, and
    /// what the judge told them alone.
    pub fn of_player(session: &Session, lines: usize, id: u32) -> TableView {
        TableView::through(session, lines, Some(id))
    }

    fn through(session: &Session, lines: usize, player: Option<u32>) -> TableView {
        let state = session.state();
        let veil = &state.veil;
        let roster = state.game.roster();
        let unseen = veil.unseen(&roster);
        // Dead, fled or otherwise out: never named as taking a turn.
        let gone: BTreeSet<u32> = roster
            .iter()
            .flat_map(|g| &g.members)
            .filter(|m| m.dead || m.out)
            .map(|m| m.id)
            .collect();
        let mut party = Vec::new();
        let mut creatures = Vec::new();
        for group in roster {
            for member in group.members {
                if unseen.contains(&member.id) {
                    continue;
                }
                if group.party {
                    party.push(member);
                } else {
                    creatures.push(RosterEntry {
                        glance: public_glance(&member, veil.numbers),
                        ..member
                    });
                }
            }
        }
        // Whose state the players read in words beside the name: then the strip's reason for
        // being out (`dead`, `down`) is not said a second time.
        let stated: BTreeSet<u32> = party
            .iter()
            .chain(&creatures)
            .filter(|e| {
                (e.dead || e.out)
                    && (veil.numbers != CreatureNumbers::None || party.iter().any(|p| p.id == e.id))
            })
            .map(|e| e.id)
            .collect();
        let fight = state.game.initiative().map(|i| {
            let order: Vec<Fighter> = i
                .order
                .into_iter()
                .filter(|f| !unseen.contains(&f.id))
                .map(|f| match f.standing {
                    Standing::Out(_) if stated.contains(&f.id) => Fighter {
                        standing: Standing::Out(String::new()),
                        ..f
                    },
                    _ => f,
                })
                .collect();
            // Whose turn: the fighter the ruleset names, or everyone acting at once (a phase, a
            // group, a side).
            let now: Vec<usize> = order
                .iter()
                .enumerate()
                .filter(|(_, f)| {
                    (i.acting == Some(f.id)
                        || matches!(f.standing, Standing::Acting | Standing::Interrupting))
                        && !gone.contains(&f.id)
                })
                .map(|(at, _)| at)
                .collect();
            let ready = |f: &&Fighter| f.standing == Standing::Ready && !gone.contains(&f.id);
            let next = match i.next {
                Upcoming::Order => order
                    .iter()
                    .skip(now.last().map_or(0, |at| at + 1))
                    .find(ready)
                    .map(|f| f.name.clone()),
                // The ruleset names who is next (groups taking turns), who may have acted this
                // round when it names the first of the next; an unseen one stays so.
                Upcoming::Fighter(id) => order
                    .iter()
                    .filter(|f| !matches!(f.standing, Standing::Out(_)) && !gone.contains(&f.id))
                    .find(|f| f.id == id)
                    .map(|f| f.name.clone()),
                // A side picks who goes: named while the players see anyone of it ready.
                Upcoming::Side(side) => order
                    .iter()
                    .filter(ready)
                    .any(|f| f.group == side)
                    .then_some(side),
                Upcoming::NotYet => None,
            };
            let acting = now.iter().map(|&at| order[at].name.clone()).collect();
            // A label that stands only for those the players have not seen says nothing.
            let label = if !i.label_names.is_empty()
                && i.label_names.iter().all(|id| unseen.contains(id))
            {
                String::new()
            } else {
                i.label
            };
            PublicFight {
                round: i.round,
                label,
                party: i.party,
                order,
                acting,
                next,
            }
        });
        let mut clock = state.game.clock();
        clock.next = String::new();
        let (rolls, said) = public_lines(session, lines, player);
        TableView {
            title: state.title.clone(),
            ruleset: state.ruleset(),
            fight,
            party,
            creatures,
            clock,
            rolls,
            said,
        }
    }
}

/// A creature as the players see it, as the judge chose for the session: in words (dead or
/// out, its state in a word, and the states the ruleset names in words; never a number: hit
/// points, scores, counts are the judge's), with nothing, or exactly as the judge sees it.
fn public_glance(entry: &RosterEntry, numbers: CreatureNumbers) -> Vec<Tag> {
    match numbers {
        CreatureNumbers::Exact => return entry.glance.clone(),
        CreatureNumbers::None => return Vec::new(),
        CreatureNumbers::Word => {}
    }
    if entry.dead {
        return vec![Tag::new("dead", Tone::Death)];
    }
    // The state in one word, as every creature and character reads it: down, never
    // "badly hurt" at no health.
    let mut tags = Vec::new();
    match state_word(entry) {
        "unhurt" => {}
        word @ ("hurt" | "badly hurt") => tags.push(Tag::new(word, Tone::Harm)),
        word => tags.push(Tag::new(word, Tone::Warn)),
    }
    for tag in &entry.glance {
        let worded = matches!(tag.tone, Tone::Warn | Tone::Mark)
            && !tag.text.chars().any(|c| c.is_ascii_digit())
            && tag.text.chars().any(char::is_alphabetic);
        if worded && !tags.iter().any(|t| t.text == tag.text) {
            tags.push(tag.clone());
        }
    }
    tags
}

/// The players' lens over the parts of a line: their own characters' numbers show; a
/// creature's never do (its state reads as a word); a line naming someone they have not seen
/// is left out; the judge's rulings read as their result.
struct TableLens {
    party: BTreeSet<u32>,
    unseen: BTreeSet<u32>,
    numbers: CreatureNumbers,
    /// Each creature's state in a word, by id.
    words: BTreeMap<u32, &'static str>,
    /// The character whose player reads, on their own page.
    player: Option<u32>,
}

impl TableLens {
    fn of(session: &Session, player: Option<u32>) -> TableLens {
        let state = session.state();
        let roster = state.game.roster();
        let mut lens = TableLens {
            party: BTreeSet::new(),
            // Hidden by hand or not yet revealed: either way the players have not seen them.
            unseen: state.veil.unseen(&roster),
            numbers: state.veil.numbers,
            words: BTreeMap::new(),
            player,
        };
        for group in roster {
            for m in group.members {
                if group.party {
                    lens.party.insert(m.id);
                } else {
                    lens.words.insert(m.id, state_word(&m));
                }
            }
        }
        lens
    }
}

impl Lens for TableLens {
    fn sees(&self, id: u32) -> bool {
        !self.unseen.contains(&id)
    }

    fn numbers(&self, id: u32) -> Numbers {
        if self.party.contains(&id) {
            return Numbers::Exact;
        }
        match self.numbers {
            CreatureNumbers::Exact => Numbers::Exact,
            CreatureNumbers::None => Numbers::Word(None),
            CreatureNumbers::Word => Numbers::Word(self.words.get(&id).map(|w| w.to_string())),
        }
    }

    fn player(&self) -> Option<u32> {
        self.player
    }
}

/// A creature's state in a word, from what the roster shows of it: down when out of action (as
/// a character reads), badly hurt at half its health or below, hurt when anything the roster
/// shows is harm.
pub fn state_word(entry: &RosterEntry) -> &'static str {
    if entry.dead {
        "dead"
    } else if entry
        .glance
        .iter()
        .any(|t| t.text.eq_ignore_ascii_case("fled"))
    {
        "fled"
    } else if entry.out || entry.down {
        "down"
    } else if entry
        .health
        .is_some_and(|(now, most)| now < most && now.saturating_mul(2) <= most)
    {
        "badly hurt"
    } else if entry.glance.iter().any(|t| t.tone == Tone::Harm)
        || entry.health.is_some_and(|(now, most)| now < most)
    {
        "hurt"
    } else {
        "unhurt"
    }
}

/// How an event stands out in the players' log.
fn tone(event: &Event) -> Tone {
    match event {
        Event::Game(e) => e.tone(),
        _ => Tone::Plain,
    }
}

/// The last `lines` public lines of the log's rolls, newest first, each read through the
/// players' lens: steps that rolled no dice (they show in the state they change), secret steps,
/// lines that name a creature the players have not seen, and lines written for the judge alone
/// (their parts say so: reminders, rulings left to the judge, notes, questions) are left out.
/// With them, the judge's last words ([`SAID`] at most) as the lens reads them: what was said
/// to the table, and what was told to the reading player alone. Words are not a roll: they
/// show whatever roll waits or is kept secret around them, unless their own step is secret.
fn public_lines(
    session: &Session,
    lines: usize,
    player: Option<u32>,
) -> (Vec<PublicLine>, Vec<PublicLine>) {
    let mut out = Vec::new();
    let mut said = Vec::new();
    let end = session.applied().len();
    let start = end.saturating_sub(LOG_SCAN);
    let events = session.events_in(start..end);
    let seen = seen(session, start..end);
    let lens = TableLens::of(session, player);
    for (offset, step_events) in events.iter().enumerate().rev() {
        let step = start + offset;
        if out.len() >= lines && said.len() >= SAID {
            break;
        }
        for event in step_events.iter().rev() {
            let words = is_words(event);
            let room = if words {
                said.len() < SAID
            } else {
                out.len() < lines
            };
            if !room {
                continue;
            }
            if let Some(line) = public_line(step, seen[offset], event, &lens) {
                if words {
                    said.push(line);
                } else {
                    out.push(line);
                }
            }
        }
    }
    (out, said)
}

/// Are these the judge's words to the players (`say`, `tell`) rather than a roll's line?
fn is_words(event: &Event) -> bool {
    matches!(event, Event::Said(_) | Event::Told { .. })
}

/// One event of step `step` as the players read it, when they read it at all: a roll's line
/// once its roll settled and unless it is secret, the judge's words unless their step is
/// secret; and in either case only what the lens lets through (a line it leaves empty, the
/// judge's alone or told to another player, is none).
fn public_line(step: usize, seen: Seen, event: &Event, lens: &TableLens) -> Option<PublicLine> {
    let shown = if is_words(event) {
        !seen.secret
    } else {
        seen.roll && !seen.secret && !seen.waiting
    };
    if !shown {
        return None;
    }
    let text = event.line().read(lens).filter(|t| !t.is_empty())?;
    Some(PublicLine {
        step,
        text,
        tone: tone(event),
    })
}

/// Steps read at once by [`story`].
const STORY_WINDOW: usize = 1024;

/// Every line the players' table read, oldest first, with whether it is the judge's words (and
/// not a roll's line): the players' recap. Read through the players' lens as the session
/// stands at the cursor, so anyone still unseen stays unnamed and every secret stays kept; a
/// roll still waiting at the end is not told. The log is read a window at a time, so a long
/// session needs no more memory than a short one.
pub fn story(session: &Session, mut each: impl FnMut(PublicLine, bool)) {
    let end = session.applied().len();
    let lens = TableLens::of(session, None);
    let mut start = 0;
    while start < end {
        let mut stop = (start + STORY_WINDOW).min(end);
        let mut seen = seen(session, start..stop);
        // A roll still waiting at a window's end may settle in the next one: its steps are
        // read again there, where it is seen whole.
        if stop < end {
            let waiting = seen.iter().rev().take_while(|s| s.waiting).count();
            if waiting < seen.len() {
                stop -= waiting;
                seen.truncate(seen.len() - waiting);
            }
        }
        let events = session.events_in(start..stop);
        for (offset, step_events) in events.iter().enumerate() {
            for event in step_events.iter() {
                if let Some(line) = public_line(start + offset, seen[offset], event, &lens) {
                    each(line, is_words(event));
                }
            }
        }
        start = stop;
    }
}
