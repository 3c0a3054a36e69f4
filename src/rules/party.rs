//! What travels from one session to the next: the characters the judge chooses, each on its
//! ruleset's own sheet, and the time the last session ended at when the judge carries it on.
//!
//! Every ruleset keeps its characters in a list with ids from a counter, so one body here takes
//! them out ([`take`]) and brings them in ([`admit`]); a ruleset says through [`Company`] where
//! its characters, its counter and its time are, and through [`Member`] what of a character
//! only meant something in the session it left (a fight, a scene, another character's id) and
//! how its clock times move when the clock does not carry on.

use crate::rules::{RuleError, take_id};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One character of a session, as the judge chooses who travels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Traveller {
    pub id: u32,
    pub name: String,
    /// One of the players' characters (creatures and the judge's others stay behind unless
    /// chosen).
    pub player: bool,
    pub dead: bool,
}

/// What a ruleset's character tells the party body; `T` is the ruleset's time.
pub trait Member<T>: Clone {
    fn id(&self) -> u32;
    fn set_id(&mut self, id: u32);
    fn name(&self) -> &str;
    fn player(&self) -> bool;
    fn dead(&self) -> bool;
    /// Lets go of what only meant something in the session it left (a fight, a scene, another
    /// character's id), and moves its clock times from the time it `left` at to `now`.
    fn arrive(&mut self, left: &T, now: &T);
}

/// The id, the name and setting the id of a [`Member`] whose character keeps them in fields
/// named `id` and `name`, as every ruleset's does.
macro_rules! member_fields {
    () => {
        fn id(&self) -> u32 {
            self.id
        }
        fn set_id(&mut self, id: u32) {
            self.id = id;
        }
        fn name(&self) -> &str {
            &self.name
        }
    };
}
pub(crate) use member_fields;

/// A ruleset's `State`'s lookups of its `characters` by id, written inside its `impl State`:
/// `character` and `character_mut` (with `missing`'s words for an id nobody has) and `name_of`
/// ("#7" for an id nobody has), and `new_name`, a newcomer's name numbered past the names here.
macro_rules! lookups {
    ($member:ty, $missing:expr) => {
        pub fn character(&self, id: u32) -> Result<&$member, $crate::rules::RuleError> {
            let missing: fn(u32) -> String = $missing;
            self.characters
                .iter()
                .find(|c| c.id == id)
                .ok_or_else(|| $crate::rules::RuleError::invalid(missing(id)))
        }

        pub fn character_mut(&mut self, id: u32) -> Result<&mut $member, $crate::rules::RuleError> {
            let missing: fn(u32) -> String = $missing;
            self.characters
                .iter_mut()
                .find(|c| c.id == id)
                .ok_or_else(|| $crate::rules::RuleError::invalid(missing(id)))
        }

        pub fn name_of(&self, id: u32) -> String {
            self.character(id)
                .map_or_else(|_| format!("#{id}"), |c| c.name.clone())
        }

        /// The name a newcomer asked for `raw` takes: checked as a name (`empty` says so when
        /// there is none), and numbered when someone here has it already ("Orc 2").
        pub fn new_name(&self, raw: &str, empty: &str) -> Result<String, $crate::rules::RuleError> {
            $crate::rules::text::new_name(
                raw,
                empty,
                self.characters.iter().map(|c| c.name.as_str()),
            )
        }
    };
}
pub(crate) use lookups;

/// A ruleset's `State`'s lookups of its living characters, written inside its `impl State`
/// beside [`lookups`]: `living_mut` and `living` refuse one that `dead` says is dead, in the same
/// words in every ruleset (the dead take no rolls, saves or turns: B30, D28).
macro_rules! living {
    ($member:ty, $dead:expr) => {
        /// A living character.
        pub fn living_mut(&mut self, id: u32) -> Result<&mut $member, $crate::rules::RuleError> {
            let dead: fn(&$member) -> bool = $dead;
            let c = self.character_mut(id)?;
            if dead(c) {
                return Err($crate::rules::RuleError::invalid(format!(
                    "{} is dead",
                    c.name
                )));
            }
            Ok(c)
        }

        /// A living character, to read.
        pub fn living(&self, id: u32) -> Result<&$member, $crate::rules::RuleError> {
            let dead: fn(&$member) -> bool = $dead;
            let c = self.character(id)?;
            if dead(c) {
                return Err($crate::rules::RuleError::invalid(format!(
                    "{} is dead",
                    c.name
                )));
            }
            Ok(c)
        }
    };
}
pub(crate) use living;

/// A ruleset's `State` as actiondie, bdp and ap keep it: its characters, the next id it hands
/// out, the fight when one runs, the game clock and what waits for the judge, then the fields of
/// its own; with [`lookups`] and [`living`] written for it, `dead` saying who is dead. The
/// fields keep their names and order, so a file written before opens as it did.
macro_rules! state {
    (
        $member:ty, $fight:ty, $wait:ty, dead: $dead:expr
        $(, $(#[$doc:meta])* $field:ident: $ty:ty)* $(,)?
    ) => {
        #[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
        pub struct State {
            pub characters: Vec<$member>,
            pub next_id: u32,
            pub fight: Option<$fight>,
            pub clock: $crate::rules::time::Clock,
            pub queue: Vec<$wait>,
            $($(#[$doc])* pub $field: $ty,)*
        }

        impl State {
            $crate::rules::party::lookups!($member, |_| "there is no such character".into());
            $crate::rules::party::living!($member, $dead);
        }
    };
}
pub(crate) use state;

/// Notes a character's id in `seen` while a state read from a file is checked: refused when
/// another character has it already or the session's counter (`next_id`) never handed it out.
pub fn handed_out(seen: &mut Vec<u32>, id: u32, name: &str, next_id: u32) -> Result<(), String> {
    if seen.contains(&id) || id >= next_id {
        return Err(format!("{name} has an id the session did not hand out"));
    }
    seen.push(id);
    Ok(())
}

/// Checks the characters of a state read from a file: each id handed out once (see
/// [`handed_out`]), then what `each` checks of the character. Gives back the ids seen, which
/// the fight's names are checked against.
pub fn members_sound<T, M: Member<T>>(
    members: &[M],
    next_id: u32,
    each: impl Fn(&M) -> Result<(), String>,
) -> Result<Vec<u32>, String> {
    let mut seen = Vec::new();
    for m in members {
        handed_out(&mut seen, m.id(), m.name(), next_id)?;
        each(m)?;
    }
    Ok(seen)
}

/// [`handed_out`] in the words of 002 and the plain ruleset, which tell a shared id apart from
/// one never handed out.
pub fn handed_out_once(
    seen: &mut Vec<u32>,
    id: u32,
    name: &str,
    next_id: u32,
) -> Result<(), String> {
    if seen.contains(&id) {
        return Err(format!("two characters share the id {id}"));
    }
    if id >= next_id {
        return Err(format!("{name} has an id the session has not handed out"));
    }
    seen.push(id);
    Ok(())
}

/// What a ruleset's state tells the party body: its characters, the counter their ids come
/// from, and its time.
pub trait Company {
    type Member: Member<Self::Time> + fmt::Debug + Eq + Serialize + DeserializeOwned;
    type Time: Clone + fmt::Debug + Eq + Serialize + DeserializeOwned;
    fn members(&self) -> &[Self::Member];
    /// The characters, and the counter a newcomer's id comes from.
    fn members_mut(&mut self) -> (&mut Vec<Self::Member>, &mut u32);
    /// Where time stands now.
    fn time(&self) -> Self::Time;
    /// Sets the time to a party's, whose clock carries on.
    fn set_time(&mut self, time: &Self::Time);
}

/// [`Company`] for a ruleset's `State` that keeps its characters in `characters` and its
/// counter in `next_id`, as every ruleset's does: with its time in its field `clock`, or as
/// the functions `time` and `set_time` given say.
macro_rules! company {
    ($member:ty, clock: $time:ty) => {
        $crate::rules::party::company!($member, $time, |s| s.clock.clone(), |s, t| s.clock =
            t.clone());
    };
    ($member:ty, $time:ty, $get:expr, $set:expr) => {
        impl $crate::rules::party::Company for State {
            type Member = $member;
            type Time = $time;
            fn members(&self) -> &[$member] {
                &self.characters
            }
            fn members_mut(&mut self) -> (&mut Vec<$member>, &mut u32) {
                (&mut self.characters, &mut self.next_id)
            }
            fn time(&self) -> $time {
                let get: fn(&State) -> $time = $get;
                get(self)
            }
            fn set_time(&mut self, time: &$time) {
                let set: fn(&mut State, &$time) = $set;
                set(self, time)
            }
        }
    };
}
pub(crate) use company;

/// The party a ruleset's state sends on and takes in.
pub type Of<S> = Party<<S as Company>::Member, <S as Company>::Time>;

/// Everyone in the session, as the judge chooses who travels.
pub fn travellers_of<S: Company>(state: &S) -> Vec<Traveller> {
    travellers(state.members())
}

/// The characters with these ids, leaving at the session's time.
pub fn take_from<S: Company>(state: &S, ids: &[u32], carry: bool) -> Of<S> {
    take(state.members(), ids, state.time(), carry)
}

/// Brings `party` in, its time first when its clock carries on; returns who came.
pub fn admit_into<S: Company>(state: &mut S, party: &Of<S>) -> Result<Vec<String>, RuleError> {
    if party.carry {
        state.set_time(&party.left);
    }
    let now = state.time();
    let (characters, next_id) = state.members_mut();
    admit(characters, next_id, party, &now)
}

/// Characters on their way to another session, with the time they left at; when `carry`, the
/// new session's clock carries on from there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Party<C, T> {
    pub characters: Vec<C>,
    pub left: T,
    #[serde(default)]
    pub carry: bool,
}

/// Everyone in `characters`, as the judge chooses who travels.
pub fn travellers<C: Member<T>, T>(characters: &[C]) -> Vec<Traveller> {
    characters
        .iter()
        .map(|c| Traveller {
            id: c.id(),
            name: c.name().to_string(),
            player: c.player(),
            dead: c.dead(),
        })
        .collect()
}

/// The characters with these ids (in the session's order), leaving at `left`.
pub fn take<C: Member<T>, T>(characters: &[C], ids: &[u32], left: T, carry: bool) -> Party<C, T> {
    Party {
        characters: characters
            .iter()
            .filter(|c| ids.contains(&c.id()))
            .cloned()
            .collect(),
        left,
        carry,
    }
}

/// Brings `party`'s characters into a session whose time is `now` (the caller has set it to
/// the party's when it carries on) under new ids, and returns their names. A name already in
/// the session, or twice in the party, is refused; the caller checks the whole state
/// afterwards, so a sheet from a hand-made file cannot bring in what the rules could not have
/// built.
pub fn admit<C: Member<T>, T>(
    characters: &mut Vec<C>,
    next_id: &mut u32,
    party: &Party<C, T>,
    now: &T,
) -> Result<Vec<String>, RuleError> {
    if party.characters.is_empty() {
        return Err(RuleError::invalid("nobody was chosen to come along"));
    }
    let mut names: Vec<String> = Vec::new();
    for c in &party.characters {
        let name = c.name();
        let taken = characters
            .iter()
            .map(|o| o.name())
            .chain(names.iter().map(String::as_str))
            .any(|o| o.eq_ignore_ascii_case(name));
        if taken {
            return Err(RuleError::invalid(format!(
                "there is already someone called {name} in this session"
            )));
        }
        let mut c = c.clone();
        c.set_id(take_id(next_id)?);
        c.arrive(&party.left, now);
        names.push(name.to_string());
        characters.push(c);
    }
    Ok(names)
}

/// Moves a clock time (seconds) from a session that stood at `left` to one at `now`, never
/// below the first midnight.
pub fn shifted(at: u64, left: u64, now: u64) -> u64 {
    if now >= left {
        at.saturating_add(now - left)
    } else {
        at.saturating_sub(left - now)
    }
}
