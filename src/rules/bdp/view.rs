//! Ruleset `bdp` behind the seam: its read models (roster, the turn list, what waits, the
//! clock) and the judge's answers.

use std::collections::BTreeSet;

use super::apply;
use super::command::{Command, Event};
use super::state::{State, Wait};
use super::{Ability, Character, Kind};
use crate::rules::{
    Aim, Answer, ClockView, DieView, Fighter, Initiative, Outcome, PendingView, QuestionView, Role,
    RollView, RosterEntry, RosterGroup, RuleError, Ruleset, Standing, Tag, Tone, Upcoming,
};

/// *Block, Dodge, Parry* (rule file 001).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bdp;

/// A character's state at a glance.
pub fn glance(c: &Character) -> Vec<Tag> {
    if c.dead {
        return vec![Tag::new("dead", Tone::Death)];
    }
    let mut tags = vec![Tag::new(
        format!("HP {}", c.hp),
        Tone::health(u32::from(c.hp.cur), u32::from(c.hp.max)),
    )];
    for a in Ability::ALL {
        let s = c.score(a);
        if s.cur < s.max {
            tags.push(Tag::new(format!("{a} {s}"), Tone::Harm));
        }
    }
    if let Some(o) = &c.out {
        tags.push(Tag::new(format!("out: {}", o.word), Tone::Warn));
    }
    if c.fatigue() > 0 {
        tags.push(Tag::new(format!("fatigue {}", c.fatigue()), Tone::Mark));
    }
    if c.deprived() {
        tags.push(Tag::new("deprived", Tone::Warn));
    }
    for (i, side) in ["left", "right"].iter().enumerate() {
        if c.impaired[i] {
            tags.push(Tag::new(format!("{side} arm impaired"), Tone::Harm));
        }
    }
    for d in &c.diseases {
        tags.push(Tag::new(d.name.clone(), Tone::Warn));
    }
    tags
}

fn entry(state: &State, c: &Character) -> RosterEntry {
    RosterEntry {
        id: c.id,
        name: c.name.clone(),
        acted: state
            .fight
            .as_ref()
            .is_some_and(|f| f.acted.contains(&c.id)),
        dead: c.dead,
        out: !c.dead && c.out.is_some(),
        down: false,
        glance: glance(c),
        health: Some((u32::from(c.hp.cur), u32::from(c.hp.max))),
    }
}

crate::rules::view::replies!(Command);

impl Ruleset for Bdp {
    type State = State;
    type Command = Command;
    type Event = Event;

    const CREDIT: Option<&'static str> = Some(super::CREDIT);

    const STEP: crate::rules::Step<Self> = apply;
    crate::rules::said::seam!();

    fn roster(state: &State) -> Vec<RosterGroup> {
        crate::rules::view::characters_and_creatures(
            &state.characters,
            |c| c.kind == Kind::Pc,
            |c| entry(state, c),
        )
    }

    fn in_action(state: &State, each: &mut dyn FnMut(u32, &dyn Fn() -> bool)) -> bool {
        let Some(f) = state.fight.as_ref() else {
            return false;
        };
        let acting = f.order.get(f.at).copied();
        for &id in &f.order {
            let Ok(c) = state.character(id) else {
                continue;
            };
            if Some(id) == acting || (!c.dead && c.out.is_none() && f.acted.contains(&id)) {
                each(id, &|| c.kind != Kind::Pc);
            }
        }
        true
    }

    fn initiative(state: &State) -> Option<Initiative> {
        let f = state.fight.as_ref()?;
        let acting = f.order.get(f.at).copied();
        let order = f
            .order
            .iter()
            .map(|&id| {
                let c = state.character(id).ok();
                let standing = match c {
                    Some(c) if c.dead => Standing::Out("dead".into()),
                    Some(c) if c.out.is_some() => Standing::Out("out".into()),
                    _ if Some(id) == acting => Standing::Acting,
                    _ if f.acted.contains(&id) => Standing::Acted,
                    _ => Standing::Ready,
                };
                Fighter {
                    id,
                    name: state.name_of(id),
                    group: c
                        .map_or("", |c| {
                            if c.kind == Kind::Pc {
                                "character"
                            } else {
                                "creature"
                            }
                        })
                        .to_string(),
                    standing,
                    order_note: None,
                }
            })
            .collect();
        let party = acting
            .and_then(|id| state.character(id).ok())
            .is_some_and(|c| c.kind == Kind::Pc);
        Some(Initiative {
            round: f.round,
            label: acting.map_or_else(|| "turn list".into(), |id| state.name_of(id)),
            label_names: acting.into_iter().collect(),
            // The list repeats each round: after its last turn, its first opens the next.
            next: super::fight::opens_next_round(state).map_or(Upcoming::Order, Upcoming::Fighter),
            party,
            why: Some("the judge's turn list".into()),
            order,
            sequence: false,
            acting,
            waiting: acting.map_or_else(
                || "the next turn".into(),
                |id| format!("{}'s turn", state.name_of(id)),
            ),
        })
    }

    fn pending(state: &State) -> Option<PendingView> {
        match state.queue.first()? {
            Wait::Roll(r) => {
                let outcome = |p: bool| if p { Outcome::Pass } else { Outcome::Fail };
                Some(PendingView::Roll(RollView {
                    title: r.title.clone(),
                    how: r.how.clone(),
                    dice: r
                        .faces
                        .iter()
                        .enumerate()
                        .map(|(i, &face)| DieView {
                            sides: r.sides,
                            face,
                            note: String::new(),
                            kept: i == r.kept,
                        })
                        .collect(),
                    proposed: r.kept,
                    picked: r.kept,
                    can_pick: false,
                    can_edge: r.score.is_some() && r.faces.len() == 1 && r.ruled.is_none(),
                    book: outcome(r.pass),
                    ruling: r.ruled.map(outcome),
                    reason: r.reason.clone(),
                }))
            }
            Wait::Ask(q) => Some(PendingView::Question(QuestionView::choice(
                &q.title, &q.why, &q.options, q.proposed,
            ))),
        }
    }

    fn clock(state: &State) -> ClockView {
        let round = state.fight.as_ref().map_or(0, |f| f.round);
        let watch =
            (state.clock.seconds % crate::rules::time::DAY) / super::state::WATCH.seconds + 1;
        ClockView {
            now: match round {
                0 => format!("day {}, watch {watch}", state.clock.day()),
                r => format!("round {r}"),
            },
            detail: format!("({})", state.clock.describe()),
            place: None,
            units: vec![
                ("round".into(), round),
                ("watch".into(), watch as u32),
                ("day".into(), state.clock.day() as u32),
            ],
            next: "the dawn when the judge calls the night".into(),
        }
    }

    fn answer(state: &State, answer: Answer) -> Result<Command, RuleError> {
        match (state.queue.first(), answer) {
            // B6: an edge given after the roll.
            (Some(Wait::Roll(_)), Answer::Edge(adv)) => Ok(Command::Edge { adv }),
            // Overruling a two-way question chooses the other answer.
            (Some(Wait::Ask(q)), Answer::Override) if q.options.len() == 2 => Ok(Command::Choose {
                option: 1 - q.proposed.min(1),
            }),
            (front, answer) => {
                let front = front.map(|w| w.front(|r| r.verdict()));
                crate::rules::view::reply(front, answer, "roll").map(Command::from)
            }
        }
    }

    /// B49: the turn list is the judge's, proposed with the creatures after the characters, so
    /// a newcomer goes to its end (no roll: 001 has no initiative).
    fn join_fight(state: &State, who: u32) -> Option<Command> {
        let fight = state.fight.as_ref()?;
        if fight.order.contains(&who) {
            return None;
        }
        let mut order = fight.order.clone();
        order.push(who);
        Some(Command::Order { order })
    }

    fn roll_kind(command: &Command) -> Option<crate::rules::RollKind> {
        use crate::rules::RollKind as K;
        Some(match command {
            Command::Save { .. } => K::Save,
            Command::Task { .. } | Command::Contest { .. } => K::Check,
            Command::Watch | Command::Night => K::Encounter,
            Command::Fate { .. } => K::Other,
            Command::Damage { .. } | Command::Hazard { .. } => K::Damage,
            Command::Fight { .. } | Command::Order { .. } => K::Initiative,
            _ => return None,
        })
    }

    fn role(command: &Command) -> Role {
        match command {
            Command::Save { .. } | Command::Task { .. } => Role::Rolls,
            Command::Rule { .. } | Command::Edge { .. } => Role::Answers,
            _ => Role::Other,
        }
    }

    /// B49's turn list (characters, then creatures) of those who can act, without the unseen.
    fn fighters(state: &State, unseen: &BTreeSet<u32>) -> Vec<u32> {
        super::proposed_order(state)
            .into_iter()
            .filter(|id| !unseen.contains(id))
            .collect()
    }

    fn with_fighters(command: &Command, who: &[u32]) -> Option<Command> {
        match command {
            Command::Fight { .. } => Some(Command::Fight {
                order: who.to_vec(),
            }),
            _ => None,
        }
    }

    fn fighters_of(command: &Command) -> Option<Vec<u32>> {
        match command {
            Command::Fight { order } => Some(order.clone()),
            _ => None,
        }
    }

    /// Damage to someone in a fight is the attack of whose turn it is (B49), when that is
    /// someone else.
    fn aims_in(state: &State, command: &Command) -> Option<Aim> {
        if let Command::Damage { who, .. } = command {
            let fight = state.fight.as_ref()?;
            let by = *fight.order.get(fight.at)?;
            return (by != *who).then(|| Aim { by, at: vec![*who] });
        }
        Self::aims(command)
    }

    fn aims(command: &Command) -> Option<Aim> {
        match command {
            Command::Contest { a, b, .. } => Some(Aim {
                by: *a,
                at: vec![*b],
            }),
            _ => None,
        }
    }
}
