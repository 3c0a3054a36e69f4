//! The one rule for whom a form proposes as the target of someone's move, the same in every
//! ruleset: an opponent of the actor, in the fight under way (with none, one the players see),
//! standing (not dead, not out of action), and within reach where the rules know reach. Among
//! those, the one the actor attacked last, then one engaged with it or in its zone, then one
//! the players see, then the roster's order. Never an ally, the dead, the out of action or an
//! unseen creature outside the fight: the form lists them after, each saying why it is not
//! proposed, and with nobody to propose it proposes nothing and says why in plain words.
//!
//! The rulesets give only the facts, through the seam (`Ruleset::footing`); nothing here names
//! a ruleset's types.

use std::collections::BTreeSet;

use crate::rules::{Footing, GameState};
use crate::session;
use crate::tui::form::{Field, Form};
use crate::tui::host::Main;

/// The value of the choice that stands for nobody proposed.
pub const NOBODY: u32 = u32::MAX;

/// A form's target choices, the proposal first, and why nobody is proposed when nobody is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Targets {
    pub options: Vec<(String, u32)>,
    pub why: Option<String>,
}

impl Targets {
    /// Is there anyone at all to choose, proposed or not?
    pub fn any(&self) -> bool {
        self.options.iter().any(|(_, id)| *id != NOBODY)
    }

    /// The id proposed, if anyone is.
    pub fn proposed(&self) -> Option<u32> {
        self.options.first().map(|o| o.1).filter(|&id| id != NOBODY)
    }

    /// The choice field of a form, the proposal selected.
    pub fn field(&self, id: &'static str, label: &str) -> Field {
        Field::choice(id, label, self.options.clone(), 0)
    }

    /// The line a form carries when nobody is proposed.
    pub fn note(&self) -> Option<String> {
        self.why
            .as_ref()
            .map(|why| format!("Nobody proposed: {why}. ←/→ picks someone anyway; Esc leaves it."))
    }
}

/// The targets `who` (named `name`) could attack, or what to tell the judge when there is
/// nobody at all.
pub fn to_attack(m: &Main, who: u32, name: &str) -> Result<Targets, String> {
    let targets = of(m, who);
    if targets.any() {
        return Ok(targets);
    }
    Err(format!(
        "{name} has nobody to attack: {}",
        targets.why.unwrap_or_default()
    ))
}

/// The attack form of `name`: the target first, the proposal selected, then the ruleset's own
/// `fields`, with its `note` (after the line saying why nobody is proposed, see [`noted`]).
pub fn attack_form<P>(
    name: &str,
    purpose: P,
    targets: &Targets,
    fields: impl IntoIterator<Item = Field>,
    note: &str,
) -> Form<P> {
    let mut all = vec![targets.field("target", "Target")];
    all.extend(fields);
    noted(
        Form::new(format!("{name} attacks"), purpose, all).with_note(note),
        targets,
    )
}

/// The form with the line saying why nobody is proposed put before its own note, when nobody is.
pub fn noted<P>(mut form: Form<P>, targets: &Targets) -> Form<P> {
    if let Some(why) = targets.note() {
        form.note = Some(match form.note.take() {
            Some(note) => format!("{why} {note}"),
            None => why,
        });
    }
    form
}

/// Why one is not proposed, as the form shows it after the name.
fn why_not(
    f: &Footing,
    me: &Footing,
    fighting: bool,
    unseen: &BTreeSet<u32>,
) -> Option<&'static str> {
    if f.side == me.side {
        Some("ally")
    } else if !f.standing {
        Some("down")
    } else if fighting && !f.in_fight {
        Some("not in the fight")
    } else if !fighting && unseen.contains(&f.id) {
        Some("unseen")
    } else if f.reach.as_ref().is_some_and(|(r, _)| !r) {
        Some("out of reach")
    } else {
        None
    }
}

fn label(f: &Footing) -> String {
    match &f.reach {
        Some((_, range)) => format!("{} · {range}", f.name),
        None => f.name.clone(),
    }
}

/// The targets of `actor`'s move in `game` by the one rule; `unseen` are those the players
/// have not seen, `lead` one to put first among the proposed (whom the actor attacked last,
/// or who acts now against it).
pub fn propose(game: &GameState, unseen: &BTreeSet<u32>, actor: u32, lead: Option<u32>) -> Targets {
    let all = game.footing(actor);
    let fighting = game.initiative().is_some();
    let Some(me) = all.iter().find(|f| f.id == actor) else {
        return Targets {
            options: Vec::new(),
            why: Some("nobody is acting".into()),
        };
    };
    let others: Vec<(usize, &Footing)> = all
        .iter()
        .enumerate()
        .filter(|(_, f)| f.id != actor && !f.dead)
        .collect();
    let mut fit: Vec<&(usize, &Footing)> = others
        .iter()
        .filter(|(_, f)| why_not(f, me, fighting, unseen).is_none())
        .collect();
    fit.sort_by_key(|(i, f)| (lead != Some(f.id), !f.close, unseen.contains(&f.id), *i));
    let mut options: Vec<(String, u32)> = fit.iter().map(|(_, f)| (label(f), f.id)).collect();
    let why = if options.is_empty() {
        Some(nobody(&others, me, fighting, unseen))
    } else {
        None
    };
    if let Some(why) = &why {
        options.push((format!("nobody ({why})"), NOBODY));
    }
    // The rest, foes before allies, for the judge who means them.
    let mut rest: Vec<(bool, usize, String, u32)> = others
        .iter()
        .filter_map(|(i, f)| {
            why_not(f, me, fighting, unseen)
                .map(|w| (f.side == me.side, *i, format!("{} ({w})", label(f)), f.id))
        })
        .collect();
    rest.sort_by_key(|r| (r.0, r.1));
    options.extend(rest.into_iter().map(|(_, _, l, id)| (l, id)));
    Targets { options, why }
}

/// Why nobody is proposed: no foe at all, none in the fight (or in sight), every one of
/// those down, or every one standing out of reach.
fn nobody(
    others: &[(usize, &Footing)],
    me: &Footing,
    fighting: bool,
    unseen: &BTreeSet<u32>,
) -> String {
    let foes: Vec<&Footing> = others
        .iter()
        .map(|(_, f)| *f)
        .filter(|f| f.side != me.side)
        .collect();
    let there: Vec<&&Footing> = foes
        .iter()
        .filter(|f| {
            if fighting {
                f.in_fight
            } else {
                !unseen.contains(&f.id)
            }
        })
        .collect();
    let name = &me.name;
    if foes.is_empty() {
        format!("{name} has no foe left alive")
    } else if there.is_empty() && fighting {
        format!("no foe of {name} is in the fight")
    } else if there.is_empty() {
        format!("the players see no foe of {name}")
    } else if there.iter().all(|f| !f.standing) {
        format!("every foe of {name} is down")
    } else {
        format!("no foe of {name} is within its reach")
    }
}

/// Whom `actor` aimed at last in the session's log (an attack's first target), by the seam's
/// aims, for putting that one first.
pub fn attacked_last(m: &Main, actor: u32) -> Option<u32> {
    m.session
        .applied()
        .iter()
        .rev()
        .find_map(|e| match &e.command {
            session::Command::Game(c) => c
                .aims()
                .filter(|a| a.by == actor)
                .and_then(|a| a.at.first().copied()),
            _ => None,
        })
}

/// The targets of `actor`'s move on the screen now, the one it attacked last first.
pub fn of(m: &Main, actor: u32) -> Targets {
    propose(
        &m.session.state().game,
        &m.unseen(),
        actor,
        attacked_last(m, actor),
    )
}

/// The target chosen in the form's field `id`, or what to fix when it is nobody.
pub fn chosen<P>(form: &Form<P>, id: &str) -> Result<u32, String> {
    match form.choice(id) {
        Some(NOBODY) | None => Err("nobody is proposed: pick the target with ←/→".into()),
        Some(who) => Ok(who),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::ScriptedDice;
    use crate::rules::{GameCommand, RulesetId};

    fn game(lines: &[(&str, u32)]) -> GameState {
        // The plain tracker: the party against the others, a turn order for the fight.
        let mut g = GameState::new(RulesetId::Plain);
        for (name, party) in lines {
            let c = crate::rules::plain::Command::Add {
                name: (*name).into(),
                party: *party == 1,
                hp: 5,
            };
            crate::rules::apply(
                &mut g,
                &GameCommand::from(c),
                &mut ScriptedDice::new(vec![]),
            )
            .unwrap();
        }
        g
    }

    /// Takes `who` down: more damage than its 5 HP.
    fn down(g: &mut GameState, who: u32) {
        let hit = crate::rules::plain::Command::Damage { who, amount: 9 };
        crate::rules::apply(g, &GameCommand::from(hit), &mut ScriptedDice::new(vec![])).unwrap();
    }

    #[test]
    fn a_standing_foe_comes_before_an_ally_and_the_down_after_both() {
        let mut g = game(&[("Bo", 1), ("Cy", 1), ("Rat", 0), ("Orc", 0)]);
        down(&mut g, 2);
        let t = propose(&g, &BTreeSet::new(), 0, None);
        let ids: Vec<u32> = t.options.iter().map(|o| o.1).collect();
        assert_eq!(ids, [3, 2, 1], "{t:?}");
        assert_eq!(t.proposed(), Some(3));
    }

    #[test]
    fn with_every_foe_down_nobody_is_proposed_and_the_form_says_why() {
        let mut g = game(&[("Bo", 1), ("Rat", 0)]);
        down(&mut g, 1);
        let t = propose(&g, &BTreeSet::new(), 0, None);
        assert_eq!(t.proposed(), None);
        assert_eq!(t.why.as_deref(), Some("every foe of Bo is down"));
        assert!(t.any());
    }

    #[test]
    fn alone_the_choice_is_nobody_with_the_reason() {
        let g = game(&[("Bo", 1)]);
        let t = propose(&g, &BTreeSet::new(), 0, None);
        assert_eq!(
            t.options,
            [("nobody (Bo has no foe left alive)".to_string(), NOBODY)]
        );
        assert!(!t.any());
    }

    #[test]
    fn an_unseen_creature_is_never_proposed_outside_a_fight() {
        let g = game(&[("Bo", 1), ("Rat", 0), ("Orc", 0)]);
        let unseen = BTreeSet::from([1]);
        let t = propose(&g, &unseen, 0, None);
        assert_eq!(t.proposed(), Some(2));
        assert_eq!(propose(&g, &unseen, 0, Some(1)).proposed(), Some(2));
        assert_eq!(
            propose(&g, &BTreeSet::new(), 0, Some(2)).proposed(),
            Some(2)
        );
    }
}
