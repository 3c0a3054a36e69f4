//! Ruleset `actiondie` behind the seam: its read models (roster, the initiative strip with
//! each participant's chosen action and rolled dice, what waits, the clock) and the judge's
//! answers.

use std::collections::BTreeSet;

use super::apply;
use super::character::Character;
use super::command::{Command, Event};
use super::initiative::chosen;
use super::model::{Side, Status};
use super::state::{ROUND, State, Wait};
use crate::rules::{
    Aim, Answer, ClockView, DieView, Fighter, Initiative, Outcome, PendingView, QuestionView, Role,
    RollView, RosterEntry, RosterGroup, RuleError, Ruleset, Standing, Tag, Tone, Upcoming,
};

/// The action-die system of rule file 004.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActionDie;

/// A character's state at a glance: HP, exhaustion, then statuses.
pub fn glance(c: &Character) -> Vec<Tag> {
    if c.dead {
        return vec![Tag::new("dead", Tone::Death)];
    }
    let max = c.hp_max_now();
    let mut tags = Vec::new();
    // Down (D24): fallen Prone at 0 HP; first, so no narrow roster cuts it off.
    if c.down() {
        tags.push(Tag::new("down", Tone::Bad));
    }
    tags.push(Tag::new(
        format!("HP {}/{max}", c.hp),
        Tone::health(u32::from(c.hp), u32::from(max)),
    ));
    if c.exhaustion > 0 {
        tags.push(Tag::new(format!("exh {}", c.exhaustion), Tone::Bad));
    }
    if c.fled {
        tags.push(Tag::new("fled", Tone::Warn));
    }
    for s in Status::ALL {
        if c.has(s) {
            tags.push(Tag::new(s.word(), Tone::Mark));
        }
    }
    if c.defending {
        tags.push(Tag::new("defending", Tone::Good));
    }
    if c.helped.is_some() {
        tags.push(Tag::new("helped", Tone::Good));
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
            .and_then(|f| f.entry(c.id))
            .is_some_and(|e| e.acted),
        dead: c.dead,
        out: !c.dead && (c.fled || c.has(Status::Unconscious)),
        down: c.down(),
        glance: glance(c),
        health: Some((u32::from(c.hp), u32::from(c.hp_max_now()))),
    }
}

/// "attack with Sword · d8 [5] +d6 [2] = 7", or the choice alone before the roll.
fn order_note(state: &State, e: &super::state::Entry) -> String {
    let mut s = chosen(state, e);
    if !e.rolls.is_empty() {
        let rolls: Vec<String> = e
            .rolls
            .iter()
            .map(|(d, f)| {
                let faces: Vec<String> = f.iter().map(|x| x.to_string()).collect();
                format!("{d} [{}]", faces.join(" "))
            })
            .collect();
        s.push_str(&format!(" · {} = {}", rolls.join(" + "), e.count));
    }
    s
}

crate::rules::view::replies!(Command);

impl Ruleset for ActionDie {
    type State = State;
    type Command = Command;
    type Event = Event;

    const STEP: crate::rules::Step<Self> = apply;
    crate::rules::said::seam!();

    fn roster(state: &State) -> Vec<RosterGroup> {
        crate::rules::view::characters_and_creatures(
            &state.characters,
            |c| c.side == Side::Pc,
            |c| entry(state, c),
        )
    }

    fn in_action(state: &State, each: &mut dyn FnMut(u32, &dyn Fn() -> bool)) -> bool {
        let Some(f) = state.fight.as_ref() else {
            return false;
        };
        let outside = |c: &Character| c.side != Side::Pc;
        if let Some(c) = f.acting.and_then(|id| state.character(id).ok()) {
            each(c.id, &|| outside(c));
        }
        for e in f.entries.iter().filter(|e| e.acted) {
            if let Ok(c) = state.character(e.id)
                && !c.dead
            {
                each(c.id, &|| outside(c));
            }
        }
        true
    }

    fn initiative(state: &State) -> Option<Initiative> {
        let f = state.fight.as_ref()?;
        let order = f
            .entries
            .iter()
            .map(|e| {
                let c = state.character(e.id).ok();
                let standing = match c {
                    Some(c) if c.dead => Standing::Out("dead".into()),
                    _ if Some(e.id) == f.acting => Standing::Acting,
                    _ if e.acted => Standing::Acted,
                    Some(c) if c.has(Status::Unconscious) => Standing::Out("KO".into()),
                    _ => Standing::Ready,
                };
                Fighter {
                    id: e.id,
                    name: state.name_of(e.id),
                    group: c
                        .map_or("", |c| {
                            if c.side == Side::Pc {
                                "character"
                            } else {
                                "creature"
                            }
                        })
                        .to_string(),
                    standing,
                    order_note: Some(order_note(state, e)),
                }
            })
            .collect();
        let party = f
            .acting
            .and_then(|id| state.character(id).ok())
            .is_some_and(|c| c.side == Side::Pc);
        let waiting = if !f.rolled {
            let missing = super::initiative::still_to_choose(state);
            if missing.is_empty() {
                "the initiative roll".to_string()
            } else {
                format!("choices from {}", missing.join(", "))
            }
        } else {
            f.acting.map_or_else(
                || "the judge's answer".into(),
                |id| format!("{}'s turn", state.name_of(id)),
            )
        };
        Some(Initiative {
            round: f.round,
            label: "lowest count first".into(),
            label_names: Vec::new(),
            party,
            why: Some(f.why.clone()),
            order,
            sequence: true,
            acting: f.acting,
            // Before the roll the order is not known (D-initiative): no one is next yet.
            next: if f.rolled {
                Upcoming::Order
            } else {
                Upcoming::NotYet
            },
            waiting,
        })
    }

    fn pending(state: &State) -> Option<PendingView> {
        match state.queue.first()? {
            Wait::Roll(r) => {
                let outcome = |p: bool| if p { Outcome::Pass } else { Outcome::Fail };
                let mut dice = Vec::new();
                let mut first_kept = 0;
                for (i, a) in r.attempts.iter().enumerate() {
                    if i == r.kept {
                        first_kept = dice.len();
                    }
                    for &(sides, face) in a {
                        dice.push(DieView {
                            sides,
                            face,
                            note: format!("roll {}", i + 1),
                            kept: i == r.kept,
                        });
                    }
                }
                Some(PendingView::Roll(RollView {
                    title: r.title.to_string(),
                    how: r.how.to_string(),
                    dice,
                    proposed: first_kept,
                    picked: first_kept,
                    can_pick: false,
                    can_edge: false,
                    book: outcome(r.pass()),
                    ruling: r.ruled.map(outcome),
                    reason: format!("total {} against {}", r.total, r.target),
                }))
            }
            Wait::Ask(q) => Some(PendingView::Question(QuestionView::choice(
                &q.title, &q.why, &q.options, q.proposed,
            ))),
        }
    }

    fn clock(state: &State) -> ClockView {
        let round = state.fight.as_ref().map_or(0, |f| f.round);
        ClockView {
            now: match round {
                0 => state.clock.describe(),
                r => format!("round {r}"),
            },
            detail: if round == 0 {
                String::new()
            } else {
                format!("({})", state.clock.describe())
            },
            place: None,
            units: vec![
                ("round".into(), (state.clock.count(ROUND) % 10_000) as u32),
                ("day".into(), state.clock.day() as u32),
            ],
            next: if state.characters.iter().any(|c| !c.dead && c.excess() > 0) {
                "encumbrance saves at the next quarter hour".into()
            } else {
                "6 seconds a round".into()
            },
        }
    }

    fn answer(state: &State, answer: Answer) -> Result<Command, RuleError> {
        let front = state.queue.first().map(|w| w.front(|r| r.verdict()));
        crate::rules::view::reply(front, answer, "roll").map(Command::from)
    }

    /// D17: one joining the scene before the round's roll chooses with everyone; mid-round it
    /// rolls for an attack with its wielded weapon (or unarmed) and acts next if its count has
    /// passed.
    fn join_fight(state: &State, who: u32) -> Option<Command> {
        let fight = state.fight.as_ref()?;
        if fight.entry(who).is_some() {
            return None;
        }
        let c = state.character(who).ok()?;
        let action = fight.rolled.then(|| super::model::Action::Attack {
            item: c.wielded().map(|i| i as u8),
        });
        Some(Command::Join { who, action })
    }

    fn roll_kind(command: &Command) -> Option<crate::rules::RollKind> {
        use crate::rules::RollKind as K;
        Some(match command {
            Command::Check(_) | Command::Contest(_) | Command::Encumbrance { .. } => K::Check,
            Command::Attack { .. } => K::Attack,
            Command::Damage(_) => K::Damage,
            Command::Time { .. } => K::Save,
            Command::Scene { .. } | Command::RollInitiative => K::Initiative,
            _ => return None,
        })
    }

    fn role(command: &Command) -> Role {
        match command {
            Command::Check(_) | Command::Encumbrance { .. } => Role::Rolls,
            Command::Rule { .. } => Role::Answers,
            _ => Role::Other,
        }
    }

    fn aims(command: &Command) -> Option<Aim> {
        match command {
            Command::Attack { who, targets, .. } => Some(Aim {
                by: *who,
                at: targets.clone(),
            }),
            _ => None,
        }
    }

    /// Everyone in play (not dead, not fled) whom the players see.
    fn fighters(state: &State, unseen: &BTreeSet<u32>) -> Vec<u32> {
        crate::rules::view::in_sight(state.characters.iter().map(|c| (c.id, c.in_play())), unseen)
    }

    fn with_fighters(command: &Command, who: &[u32]) -> Option<Command> {
        match command {
            Command::Scene { why, .. } => Some(Command::Scene {
                who: who.into(),
                why: why.clone(),
            }),
            _ => None,
        }
    }

    fn fighters_of(command: &Command) -> Option<Vec<u32>> {
        match command {
            Command::Scene { who, .. } => Some(who.to_vec()),
            _ => None,
        }
    }
}
