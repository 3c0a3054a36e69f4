//! Encounters: the creatures the judge groups before the session under a name ("Ambush",
//! "Toll tower"), so that a fight can start with the ones the party meets in one step. They are
//! the frame's, the same in every ruleset: a creature is an id of the ruleset's roster, and the
//! rules never see an encounter. They change only through commands, so the log, undo, replay
//! and the session file keep them; a file from before they existed opens with none.
//!
//! A fight started from the frame ([`Command::Fight`]) names whom it takes: it must take
//! someone against the party (a fight without a foe is refused the same way in every ruleset),
//! brings every creature it takes into the players' sight as events of its own step, and marks
//! each encounter it draws from as fought, so the next `c` proposes the next one.

use super::{Command, Event, SessionState, apply, veil};
use crate::rules::text::{self, TextKind};
use crate::rules::{GameCommand, RuleError, RulesetId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// A named group of creatures the party may meet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Encounter {
    pub name: String,
    /// The roster's ids, in the order they were grouped.
    pub members: Vec<u32>,
    /// Has a fight taken any of them yet?
    #[serde(default)]
    pub fought: bool,
}

/// An encounter kept in the judge's library, to bring into any session of its ruleset: its
/// name and its creatures by kind (as the ruleset's bestiary names them) and how many of each.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeptEncounter {
    pub name: String,
    pub creatures: Vec<KindCount>,
}

/// So many creatures of one kind.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KindCount {
    pub kind: String,
    pub count: u8,
}

impl KeptEncounter {
    /// How many creatures it brings.
    pub fn size(&self) -> usize {
        self.creatures.iter().map(|k| usize::from(k.count)).sum()
    }

    /// "3 Goblin, 1 Wolf".
    pub fn words(&self) -> String {
        let kinds: Vec<String> = self
            .creatures
            .iter()
            .map(|k| format!("{} {}", k.count, k.kind))
            .collect();
        kinds.join(", ")
    }
}

/// What `c` and a bare `fight` propose: whom the fight takes, in the ruleset's order, and the
/// encounter they come from, when they come from one.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Proposal {
    pub who: Vec<u32>,
    pub encounter: Option<String>,
}

impl SessionState {
    /// The encounter called `name` (case, spaces and dashes aside), if any.
    pub fn encounter(&self, name: &str) -> Option<&Encounter> {
        let wanted = key(name);
        self.encounters.iter().find(|e| key(&e.name) == wanted)
    }

    /// The encounter `id` is grouped in, if any.
    pub fn encounter_of(&self, id: u32) -> Option<&Encounter> {
        self.encounters.iter().find(|e| e.members.contains(&id))
    }

    /// Whom a fight started now takes unless the judge says otherwise. Where the rules know
    /// where everyone stands (the slot system's zones), the creatures standing where the party
    /// meets them; elsewhere, once the judge has prepared encounters, the creatures brought in
    /// during the evening that belong to none and are not yet seen, else the first encounter not
    /// yet fought that still has someone standing. Either way seen or not: the fight brings
    /// them into the players' sight. With none of these, the ruleset's own proposal (the
    /// creatures the players see).
    pub fn proposal(&self) -> Proposal {
        let roster = self.game.roster();
        let creatures: BTreeSet<u32> = roster
            .iter()
            .filter(|g| !g.party)
            .flat_map(|g| g.members.iter().map(|m| m.id))
            .collect();
        let standing: BTreeSet<u32> = roster
            .iter()
            .flat_map(|g| &g.members)
            .filter(|m| m.standing())
            .map(|m| m.id)
            .collect();
        // A creature out of action (dead, critical, fled) is never proposed, whatever the
        // ruleset's own list would take: a fight with it would only fill the strip.
        let down: BTreeSet<u32> = creatures.difference(&standing).copied().collect();
        let take = |met: &BTreeSet<u32>| {
            let others: BTreeSet<u32> = creatures.difference(met).chain(&down).copied().collect();
            self.game.fighters(&others)
        };
        if let Some(present) = self.game.present()
            && !present.is_empty()
        {
            let met: BTreeSet<u32> = present.into_iter().collect();
            let encounter = self
                .encounters
                .iter()
                .find(|e| e.members.iter().any(|id| met.contains(id)))
                .map(|e| e.name.clone());
            return Proposal {
                who: take(&met),
                encounter,
            };
        }
        // A creature the judge brought in during the evening, in no encounter and not yet
        // seen, is the one the party meets now: the judge just added it for that.
        if !self.encounters.is_empty() {
            let unseen = self.veil.unseen(&roster);
            let newcomers: BTreeSet<u32> = creatures
                .iter()
                .copied()
                .filter(|id| standing.contains(id) && unseen.contains(id))
                .filter(|&id| self.encounter_of(id).is_none())
                .collect();
            if !newcomers.is_empty() {
                return Proposal {
                    who: take(&newcomers),
                    encounter: None,
                };
            }
        }
        for e in self.encounters.iter().filter(|e| !e.fought) {
            let met: BTreeSet<u32> = e
                .members
                .iter()
                .copied()
                .filter(|id| standing.contains(id))
                .collect();
            if !met.is_empty() {
                return Proposal {
                    who: take(&met),
                    encounter: Some(e.name.clone()),
                };
            }
        }
        let mut left_out = self.veil.unseen(&roster);
        left_out.extend(&down);
        Proposal {
            who: self.game.fighters(&left_out),
            encounter: None,
        }
    }

    /// The roster as the judge's screen lists it: the ruleset's groups, with the creatures of
    /// each encounter gathered where its first one stands, so an encounter's name heads its
    /// creatures once (a creature of the second cave listed after the chief's den joins the
    /// rest of the second cave).
    pub fn gathered_roster(&self) -> Vec<crate::rules::RosterGroup> {
        let mut groups = self.game.roster();
        for g in groups.iter_mut().filter(|g| !g.party) {
            let first: Vec<usize> = g
                .members
                .iter()
                .enumerate()
                .map(|(i, m)| match self.encounter_of(m.id) {
                    Some(e) => g
                        .members
                        .iter()
                        .position(|o| e.members.contains(&o.id))
                        .unwrap_or(i),
                    None => i,
                })
                .collect();
            let mut at: Vec<usize> = (0..g.members.len()).collect();
            at.sort_by_key(|&i| first[i]);
            let mut members: Vec<Option<crate::rules::RosterEntry>> =
                std::mem::take(&mut g.members)
                    .into_iter()
                    .map(Some)
                    .collect();
            g.members = at.into_iter().filter_map(|i| members[i].take()).collect();
        }
        groups
    }

    /// The standing creatures of `e` not yet in the fight under way, in the encounter's order:
    /// those [`Command::Bring`] brings in. Empty without a fight.
    pub fn joining(&self, e: &Encounter) -> Vec<u32> {
        let roster = self.game.roster();
        let standing = |id: u32| {
            roster
                .iter()
                .flat_map(|g| &g.members)
                .any(|m| m.id == id && m.standing())
        };
        e.members
            .iter()
            .copied()
            .filter(|&id| standing(id) && self.game.join_fight(id).is_some())
            .collect()
    }

    /// The encounters someone could be brought into the fight under way from, in the order
    /// they were prepared, each with how many would come.
    pub fn bringable(&self) -> Vec<(&Encounter, usize)> {
        self.encounters
            .iter()
            .map(|e| (e, self.joining(e).len()))
            .filter(|&(_, n)| n > 0)
            .collect()
    }

    /// The words that start a fight that works, for a refusal: the encounter the party meets
    /// next, or everyone.
    pub fn fight_hint(&self) -> String {
        let verb = fight_verb(self.ruleset());
        let met = self
            .encounters
            .iter()
            .find(|e| !e.fought)
            .or(self.encounters.first());
        match met {
            Some(e) => format!(
                "`{verb} {}` takes the encounter {}, `{verb} players all` everyone",
                quoted(&e.name),
                e.name
            ),
            None => format!(
                "name the foes (`{verb} players with Goblin 1`) or take everyone (`{verb} \
                 players all`)"
            ),
        }
    }
}

/// The verb that starts a fight in the ruleset's command language.
pub fn fight_verb(ruleset: RulesetId) -> &'static str {
    match ruleset {
        RulesetId::ActionDie => "scene",
        _ => "fight",
    }
}

/// A name as the command language reads it back: in quotes when it holds a space.
fn quoted(name: &str) -> String {
    if name.contains(char::is_whitespace) {
        format!("\"{name}\"")
    } else {
        name.to_string()
    }
}

/// Names compared as the command language compares them.
fn key(name: &str) -> String {
    name.chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .flat_map(char::to_lowercase)
        .collect()
}

/// Applies [`Command::Encounter`], [`Command::Encounters`], [`Command::Fight`] and
/// [`Command::Bring`].
pub(super) fn apply_encounter(
    state: &mut SessionState,
    command: &Command,
    dice: &mut dyn crate::dice::DiceSource,
) -> Result<Vec<Event>, RuleError> {
    match command {
        Command::Encounter { name, members } => group(state, name, members),
        Command::Encounters => Err(RuleError::invalid(listing(state))),
        Command::Fight {
            start: fight,
            reveal,
        } => start(state, fight, *reveal, dice),
        Command::Bring { encounter, seen } => bring(state, encounter, *seen, dice),
        Command::Muster {
            encounter,
            add,
            seen,
        } => muster(state, encounter, add, *seen, dice),
        _ => Err(RuleError::invalid("not an encounter's command")),
    }
}

/// Every encounter with its creatures, in plain words.
pub fn listing(state: &SessionState) -> String {
    if state.encounters.is_empty() {
        return format!(
            "no encounters yet: `encounter Ambush: Goblin 1, Goblin 2` groups creatures of the \
             roster under a name, and `{} Ambush` starts a fight with them",
            fight_verb(state.ruleset())
        );
    }
    let roster = state.game.roster();
    let name_of = |id: u32| {
        roster
            .iter()
            .flat_map(|g| &g.members)
            .find(|m| m.id == id)
            .map_or_else(|| format!("#{id}"), |m| m.name.clone())
    };
    let lines: Vec<String> = state
        .encounters
        .iter()
        .map(|e| {
            let names: Vec<String> = e.members.iter().map(|&id| name_of(id)).collect();
            let fought = if e.fought { " (fought)" } else { "" };
            format!("{}{fought}: {}", e.name, names.join(", "))
        })
        .collect();
    format!("encounters: {}", lines.join("; "))
}

/// Groups `members` under `name`, the encounter made when it is new; a creature grouped
/// elsewhere before moves into it.
fn group(state: &mut SessionState, name: &str, members: &[u32]) -> Result<Vec<Event>, RuleError> {
    let name = text::checked(TextKind::Name, name, "an encounter needs a name")?;
    if members.is_empty() {
        return Err(RuleError::invalid(format!(
            "name the creatures of {name} (`encounter {name}: Goblin 1, Goblin 2`)"
        )));
    }
    let roster = state.game.roster();
    let mut names = Vec::new();
    for &id in members {
        let (member, party) = roster
            .iter()
            .flat_map(|g| g.members.iter().map(move |m| (m, g.party)))
            .find(|(m, _)| m.id == id)
            .ok_or_else(|| RuleError::invalid("nobody in the session has that id"))?;
        if party {
            return Err(RuleError::invalid(format!(
                "{} is of the party: an encounter is the creatures the party meets",
                member.name
            )));
        }
        if state
            .encounter(&name)
            .is_some_and(|e| e.members.contains(&id))
        {
            return Err(RuleError::invalid(format!(
                "{} is in {name} already",
                member.name
            )));
        }
        names.push(member.name.clone());
    }
    for e in &mut state.encounters {
        e.members.retain(|id| !members.contains(id));
    }
    state
        .encounters
        .retain(|e| !e.members.is_empty() || key(&e.name) == key(&name));
    let at = match state
        .encounters
        .iter()
        .position(|e| key(&e.name) == key(&name))
    {
        Some(at) => at,
        None => {
            state.encounters.push(Encounter {
                name: name.clone(),
                members: Vec::new(),
                fought: false,
            });
            state.encounters.len() - 1
        }
    };
    let e = &mut state.encounters[at];
    e.members.extend_from_slice(members);
    Ok(vec![Event::Grouped {
        encounter: e.name.clone(),
        names,
    }])
}

/// Starts the fight `fight` names: refused without a foe in it; with `reveal` every creature
/// it takes comes into the players' sight, and the encounters it draws from are fought.
fn start(
    state: &mut SessionState,
    fight: &GameCommand,
    reveal: bool,
    dice: &mut dyn crate::dice::DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let who = fight
        .fighters_of()
        .ok_or_else(|| RuleError::invalid("that command does not start a fight"))?;
    // A foe is one against the party that still lives: naming only the slain is no fight.
    let dead: BTreeSet<u32> = state
        .game
        .roster()
        .into_iter()
        .flat_map(|g| g.members)
        .filter(|m| m.dead)
        .map(|m| m.id)
        .collect();
    let foes: Vec<u32> = who
        .iter()
        .copied()
        .filter(|&id| state.game.in_party(id) == Some(false) && !dead.contains(&id))
        .collect();
    if foes.is_empty() {
        return Err(RuleError::invalid(format!(
            "a fight needs a foe, and nobody against the party is in this one: {}",
            state.fight_hint()
        )));
    }
    let mut events = apply(state, &Command::Game(fight.clone()), dice)?;
    let unseen = if reveal {
        state.veil.unseen(&state.game.roster())
    } else {
        BTreeSet::new()
    };
    for &id in foes.iter().filter(|id| unseen.contains(id)) {
        events.extend(veil::apply(state, &Command::Hide { id, hidden: false })?);
    }
    for e in &mut state.encounters {
        if e.members.iter().any(|id| foes.contains(id)) {
            e.fought = true;
        }
    }
    Ok(events)
}

/// Brings the standing creatures of the encounter called `name` into the fight under way (see
/// [`Command::Bring`]).
fn bring(
    state: &mut SessionState,
    name: &str,
    seen: bool,
    dice: &mut dyn crate::dice::DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let verb = fight_verb(state.ruleset());
    let e = state.encounter(name).cloned().ok_or_else(|| {
        let names: Vec<&str> = state.encounters.iter().map(|e| e.name.as_str()).collect();
        RuleError::invalid(if names.is_empty() {
            format!(
                "no encounter is called {name}, and none is prepared: `encounter {name}: \
                 Goblin 1, Goblin 2` groups creatures under that name"
            )
        } else {
            format!(
                "no encounter is called {name}; there are {}",
                names.join(", ")
            )
        })
    })?;
    if state.game.initiative().is_none() {
        return Err(RuleError::invalid(format!(
            "no fight is under way to bring {} into: `{verb} {}` starts one with them",
            e.name,
            quoted(&e.name)
        )));
    }
    let joining = state.joining(&e);
    if joining.is_empty() {
        let roster = state.game.roster();
        let standing = roster
            .iter()
            .flat_map(|g| &g.members)
            .any(|m| e.members.contains(&m.id) && m.standing());
        let others: Vec<String> = state
            .bringable()
            .into_iter()
            .map(|(o, _)| format!("`bring {}`", quoted(&o.name)))
            .collect();
        let instead = match others.first() {
            Some(other) => format!("{other} brings another encounter in"),
            None => "A adds a creature from the bestiary".to_string(),
        };
        return Err(RuleError::invalid(if standing {
            format!(
                "everyone of {} still standing is in the fight already; {instead}",
                e.name
            )
        } else {
            format!("nobody of {} is standing; {instead}", e.name)
        }));
    }
    let mut events = Vec::new();
    for &id in &joining {
        // Each joins after the one before, so the place it takes reads the order as it now is.
        if let Some(join) = state.game.join_fight(id) {
            events.extend(apply(state, &Command::Game(join), dice)?);
        }
    }
    if seen {
        let unseen = state.veil.unseen(&state.game.roster());
        for &id in joining.iter().filter(|id| unseen.contains(id)) {
            events.extend(veil::apply(state, &Command::Hide { id, hidden: false })?);
        }
    }
    if let Some(met) = state.encounters.iter_mut().find(|m| m.name == e.name) {
        met.fought = true;
    }
    Ok(events)
}

/// Brings a kept encounter's creatures in and groups them (see [`Command::Muster`]).
fn muster(
    state: &mut SessionState,
    name: &str,
    add: &[GameCommand],
    seen: bool,
    dice: &mut dyn crate::dice::DiceSource,
) -> Result<Vec<Event>, RuleError> {
    if add.is_empty() {
        return Err(RuleError::invalid(format!("{name} brings no creature")));
    }
    let mut events = Vec::new();
    let mut came = Vec::new();
    for one in add {
        let (more, ids) = super::arrive(state, one, seen, dice)?;
        events.extend(more);
        came.extend(ids);
    }
    events.extend(group(state, name, &came)?);
    if state.game.initiative().is_some()
        && let Some(e) = state
            .encounters
            .iter_mut()
            .find(|e| e.members.iter().any(|id| came.contains(id)))
    {
        e.fought = true;
    }
    Ok(events)
}
