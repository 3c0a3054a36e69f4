//! Choosing who carries on: the judge's picks over a session's characters, made into the
//! logged step that brings them into another session (see [`crate::rules::party`]).

use super::{Command, Session, SessionState};
use crate::dice::ScriptedDice;
use crate::rules::party::Traveller;

/// Who comes along. By default every living player character; `with` adds others by name (a
/// creature, a hireling, the dead), `without` leaves players behind.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Choice {
    pub with: Vec<String>,
    pub without: Vec<String>,
    /// The new session's clock carries on from the last one's.
    pub keep_clock: bool,
}

/// The characters of `from` the choice brings along, in the session's order; or why not, in
/// words (a name nobody has, nobody at all).
pub fn chosen(from: &SessionState, choice: &Choice) -> Result<Vec<Traveller>, String> {
    let everyone = from.game.travellers();
    let named = |n: &str| {
        everyone
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(n.trim()))
            .ok_or_else(|| format!("there is nobody called {} in {}", n.trim(), from.title))
    };
    let mut with = Vec::new();
    for n in &choice.with {
        with.push(named(n)?.id);
    }
    let mut without = Vec::new();
    for n in &choice.without {
        without.push(named(n)?.id);
    }
    let coming: Vec<Traveller> = everyone
        .into_iter()
        .filter(|t| !without.contains(&t.id) && (with.contains(&t.id) || (t.player && !t.dead)))
        .collect();
    if coming.is_empty() {
        return Err(format!(
            "nobody in {} comes along: it has no living player character (name others with --with)",
            from.title
        ));
    }
    Ok(coming)
}

/// The step that brings the chosen characters of `from` in, as they stand, their sheets inside.
pub fn join(from: &SessionState, choice: &Choice) -> Result<Command, String> {
    let ids: Vec<u32> = chosen(from, choice)?.iter().map(|t| t.id).collect();
    Ok(Command::Join(Box::new(
        from.game.party(&ids, choice.keep_clock),
    )))
}

/// One character of `from` by name, on its own, as a sheet travels (the clock stays behind).
pub fn one(from: &SessionState, name: &str) -> Result<crate::rules::GameParty, String> {
    let who = from
        .game
        .travellers()
        .into_iter()
        .find(|t| t.name.eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| format!("there is nobody called {} in {}", name.trim(), from.title))?;
    Ok(from.game.party(&[who.id], false))
}

/// A new session called `title` of `last`'s rules, whose first step brings in the chosen
/// characters of `last` as it left them; or why not, in words.
pub fn next_session(last: &SessionState, title: &str, choice: &Choice) -> Result<Session, String> {
    let step = join(last, choice)?;
    let mut session = Session::new(SessionState::new(title.trim(), last.ruleset()));
    // Bringing characters in draws no dice.
    session
        .execute(step, &mut ScriptedDice::new([]))
        .map_err(|e| format!("the party cannot come along: {e}"))?;
    Ok(session)
}
