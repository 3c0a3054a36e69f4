//! The plain tracker behind the seam: its read models and the judge's answers.

use std::collections::BTreeSet;

use super::{Command, Event, State, apply};
use crate::rules::{
    Answer, ClockView, DieView, Fighter, Initiative, Outcome, PendingView, Role, RollView,
    RosterEntry, RosterGroup, RuleError, Ruleset, Standing, Tag, Tally, Tone, Upcoming,
};

/// The plain tracker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plain;

impl Ruleset for Plain {
    type State = State;
    type Command = Command;
    type Event = Event;

    const STEP: crate::rules::Step<Self> = apply;

    fn roster(state: &State) -> Vec<RosterGroup> {
        let acted = |id: u32| {
            state.fight.as_ref().is_some_and(|f| {
                f.order
                    .iter()
                    .position(|&o| o == id)
                    .is_some_and(|i| i < f.at)
            })
        };
        let sides = [("Players", true, true), ("Others", false, false)];
        crate::rules::view::by_side(
            &state.characters,
            sides,
            |c| c.party,
            |c| RosterEntry {
                id: c.id,
                name: c.name.clone(),
                acted: acted(c.id),
                dead: false,
                out: c.down(),
                down: false,
                glance: {
                    let mut tags = Vec::new();
                    if acted(c.id) {
                        tags.push(Tag::new("✓", Tone::Good));
                    }
                    let left = u32::try_from(c.hp).unwrap_or(0);
                    let tone = Tone::health(left, u32::try_from(c.max_hp).unwrap_or(0));
                    tags.push(Tag::new(format!("{}/{}", c.hp, c.max_hp), tone));
                    if c.down() {
                        tags.push(Tag::new("down", Tone::Warn));
                    }
                    for k in &c.conditions {
                        tags.push(Tag::new(k.clone(), Tone::Warn));
                    }
                    tags
                },
                health: Some((
                    u32::try_from(c.hp).unwrap_or(0),
                    u32::try_from(c.max_hp).unwrap_or(0),
                )),
            },
        )
    }

    fn in_action(state: &State, each: &mut dyn FnMut(u32, &dyn Fn() -> bool)) -> bool {
        let Some(fight) = state.fight.as_ref() else {
            return false;
        };
        // The one at `at` acts and everyone before has acted.
        for &id in fight.order.iter().take(fight.at.saturating_add(1)) {
            each(id, &|| Self::in_party(state, id) == Some(false));
        }
        true
    }

    fn initiative(state: &State) -> Option<Initiative> {
        let fight = state.fight.as_ref()?;
        let acting = fight.order.get(fight.at).copied();
        Some(Initiative {
            round: fight.round,
            label: "in turn order".into(),
            label_names: Vec::new(),
            party: false,
            why: None,
            order: fight
                .order
                .iter()
                .enumerate()
                .map(|(i, &id)| Fighter {
                    id,
                    name: state.name_of(id),
                    group: String::new(),
                    // The down read as down, acted or not: × before ✓.
                    standing: if i == fight.at {
                        Standing::Acting
                    } else if state.character(id).is_ok_and(|c| c.down()) {
                        Standing::Out("down".into())
                    } else if i < fight.at {
                        Standing::Acted
                    } else {
                        Standing::Ready
                    },
                    // The strip lists them in this order: a place number would read as part of
                    // the name ("Bo 2.").
                    order_note: None,
                })
                .collect(),
            sequence: true,
            acting,
            next: Upcoming::Order,
            waiting: acting.map_or_else(String::new, |id| format!("{}'s turn", state.name_of(id))),
        })
    }

    fn pending(state: &State) -> Option<PendingView> {
        let p = state.pending.as_ref()?;
        let outcome = |pass: bool| if pass { Outcome::Pass } else { Outcome::Fail };
        Some(PendingView::Roll(RollView {
            title: format!("{}: {}", state.name_of(p.who), p.what),
            how: format!("{} against {}: reaching it passes.", p.expr, p.target),
            dice: p
                .faces
                .iter()
                .enumerate()
                .map(|(i, &face)| DieView {
                    sides: p.expr.sides,
                    face,
                    note: String::new(),
                    kept: p.kept.contains(&i),
                })
                .collect(),
            proposed: 0,
            picked: 0,
            can_pick: false,
            can_edge: false,
            book: outcome(p.pass),
            ruling: p.ruled.map(outcome),
            reason: format!("a total of {} against {}", p.total, p.target),
        }))
    }

    fn clock(state: &State) -> ClockView {
        let round = state.fight.as_ref().map_or(0, |f| f.round);
        ClockView {
            now: match round {
                0 => "no fight".into(),
                r => format!("round {r}"),
            },
            detail: if state.minutes > 0 {
                format!("({})", super::clock_words(state.minutes))
            } else {
                String::new()
            },
            place: None,
            units: vec![("round".into(), round), ("minute".into(), state.minutes)],
            next: "the round turns over after the last in order".into(),
        }
    }

    fn tone(event: &Event) -> Tone {
        match event {
            Event::Rolled(line) if line.verdict() => Tone::Good,
            Event::Rolled(_) => Tone::Bad,
            Event::HpChanged { by, .. } if *by < 0 => Tone::Harm,
            Event::Down { .. } => Tone::Death,
            Event::Ruled { .. } => Tone::Ruling,
            _ => Tone::Plain,
        }
    }

    fn line(event: &Event) -> crate::rules::Line {
        event.line()
    }

    fn tally(event: &Event) -> Vec<Tally> {
        match event {
            Event::HpChanged { name, by, .. } if *by < 0 => {
                vec![Tally::damage(None, name, by.unsigned_abs())]
            }
            Event::HpChanged { name, by, .. } if *by > 0 => {
                vec![Tally::healing(name, by.unsigned_abs())]
            }
            Event::Down { name, .. } => vec![Tally::down(name)],
            _ => Vec::new(),
        }
    }

    fn answer(state: &State, answer: Answer) -> Result<Command, RuleError> {
        let Some(p) = &state.pending else {
            return Err(RuleError::invalid("nothing is waiting for the judge"));
        };
        match answer {
            Answer::Accept => Ok(Command::Accept),
            Answer::Cancel => Ok(Command::Cancel),
            Answer::Override => Ok(Command::Rule {
                pass: !p.ruled.unwrap_or(p.pass),
            }),
            Answer::Pick(_) => Err(RuleError::invalid(
                "every die counts in this roll: there is none to pick",
            )),
            Answer::Choose(_) | Answer::Yes | Answer::No => Err(RuleError::invalid(
                "the waiting roll asks no question: accept it, rule it or drop it",
            )),
            Answer::Swap(..) => Err(RuleError::invalid(
                "the waiting roll is one character's: there are no dice to swap",
            )),
            Answer::Edge(_) => Err(RuleError::invalid(
                "a check takes its edge when it is rolled: drop it and roll again",
            )),
        }
    }

    fn roll_kind(command: &Command) -> Option<crate::rules::RollKind> {
        use crate::rules::RollKind as K;
        Some(match command {
            Command::Check { .. } => K::Check,
            _ => return None,
        })
    }

    /// Everyone standing whom the players see, in the roster's order (the players' side first).
    fn fighters(state: &State, unseen: &BTreeSet<u32>) -> Vec<u32> {
        [true, false]
            .into_iter()
            .flat_map(|party| state.characters.iter().filter(move |c| c.party == party))
            .filter(|c| !c.down() && !unseen.contains(&c.id))
            .map(|c| c.id)
            .collect()
    }

    /// The turn order is the judge's and nothing is rolled: a newcomer acts last (see
    /// docs/rulesets/plain.md).
    fn join_fight(state: &State, who: u32) -> Option<Command> {
        let fight = state.fight.as_ref()?;
        (!fight.order.contains(&who)).then_some(Command::Join { who })
    }

    fn with_fighters(command: &Command, who: &[u32]) -> Option<Command> {
        match command {
            Command::StartFight { .. } => Some(Command::StartFight {
                order: who.to_vec(),
            }),
            _ => None,
        }
    }

    fn fighters_of(command: &Command) -> Option<Vec<u32>> {
        match command {
            Command::StartFight { order } => Some(order.clone()),
            _ => None,
        }
    }

    fn role(command: &Command) -> Role {
        match command {
            Command::Check { .. } => Role::Rolls,
            Command::Rule { .. } => Role::Answers,
            _ => Role::Other,
        }
    }
}

/// "1st", "2nd", "11th".
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// A sheet in words, a field to a line (label, value): the screen's sheet panel and `show`.
pub fn sheet_lines(state: &State, c: &super::Character) -> Vec<(String, String)> {
    let mut l = vec![
        (
            "Side".to_string(),
            if c.party {
                "the players' character"
            } else {
                "run by the judge"
            }
            .to_string(),
        ),
        (
            "Hit points".to_string(),
            format!(
                "{} / {}{}",
                c.hp,
                c.max_hp,
                if c.down() { "  down" } else { "" }
            ),
        ),
    ];
    if !c.conditions.is_empty() {
        l.push(("Conditions".to_string(), c.conditions.join(", ")));
    }
    if let Some(fight) = &state.fight {
        let place = fight.order.iter().position(|&id| id == c.id);
        let text = match place {
            Some(i) if i == fight.at => "acting now".to_string(),
            Some(i) if i < fight.at => "has acted this round".to_string(),
            Some(i) => format!("acts {} in the order", ordinal(i + 1)),
            None => "not in the fight".to_string(),
        };
        l.push((
            "Fight".to_string(),
            format!("round {}: {text}", fight.round),
        ));
    }
    l
}

#[cfg(test)]
mod tests {
    use super::ordinal;

    #[test]
    fn ordinals_read_as_words_do() {
        assert_eq!(ordinal(1), "1st");
        assert_eq!(ordinal(2), "2nd");
        assert_eq!(ordinal(11), "11th");
        assert_eq!(ordinal(23), "23rd");
    }
}
