//! The plain tracker: names, hit points, a turn list and rolls against a number, for any game
//! whose rules the judge keeps in their head. It is deliberately small: its conditions are the
//! judge's words on a sheet and its clock only counts the time the judge says passes, and it
//! has no slots and no zones, which is why the tests use it: whatever works for it and for the
//! slot system works through the seam and nowhere else.
//!
//! - `apply` and the model here; `view` turns the state into the frame's read models.

pub mod party;
mod view;

pub use view::{Plain, sheet_lines};

use crate::dice::{DiceExpr, DiceSource, ExprRoll, keep::Ties, keep::meets};
use crate::rules::rolled::{Dice, Keep, Rolled, Term, Why};
use crate::rules::{Line, Num, RuleError};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One character or creature.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Character {
    pub id: u32,
    pub name: String,
    /// One of the players' characters (else a creature or other character the judge runs).
    pub party: bool,
    pub hp: i32,
    pub max_hp: i32,
    /// The judge's words for what holds them ("prone", "poisoned"), until the judge clears
    /// them: the tracker reads nothing into them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<String>,
}

impl Character {
    pub fn down(&self) -> bool {
        self.hp <= 0
    }
}

/// A fight: who acts in what order, and whose turn it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fight {
    pub round: u32,
    /// Everyone taking part, in the order they act.
    pub order: Vec<u32>,
    /// Index into `order` of whose turn it is.
    pub at: usize,
}

/// A roll that waits for the judge: the dice, the number to reach and the verdict.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingRoll {
    pub who: u32,
    pub what: String,
    pub expr: DiceExpr,
    pub target: i32,
    pub faces: Vec<u16>,
    pub kept: Vec<usize>,
    pub total: i64,
    pub pass: bool,
    /// The judge's ruling, when it differs from the book.
    pub ruled: Option<bool>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub characters: Vec<Character>,
    pub next_id: u32,
    pub fight: Option<Fight>,
    pub pending: Option<PendingRoll>,
    /// Minutes passed since the session began, as the judge said they passed.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub minutes: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Minutes as a clock reads them: "day 1, 00:40".
pub fn clock_words(minutes: u32) -> String {
    let day = minutes / (24 * 60) + 1;
    let rest = minutes % (24 * 60);
    format!("day {day}, {:02}:{:02}", rest / 60, rest % 60)
}

/// An amount of time in words: "40 minutes", "2 hours", "1 day".
pub fn span_words(minutes: u32) -> String {
    let (n, unit) = if minutes.is_multiple_of(24 * 60) {
        (minutes / (24 * 60), "day")
    } else if minutes.is_multiple_of(60) {
        (minutes / 60, "hour")
    } else {
        (minutes, "minute")
    };
    format!("{n} {unit}{}", if n == 1 { "" } else { "s" })
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    Add {
        name: String,
        party: bool,
        hp: i32,
    },
    Remove {
        who: u32,
    },
    /// Loses hit points (negative heals).
    Damage {
        who: u32,
        amount: i32,
    },
    Heal {
        who: u32,
        amount: i32,
    },
    /// Starts a fight with everyone able to act, in this order.
    StartFight {
        order: Vec<u32>,
    },
    /// Brings someone not yet in the fight under way into it, last in the turn order: the
    /// order is the judge's and nothing is rolled, so a newcomer acts after everyone already in
    /// it, this round and every round after.
    Join {
        who: u32,
    },
    /// Ends the current turn; the next in order acts, and the round turns over after the last.
    NextTurn,
    EndFight,
    /// Rolls `expr` for `who` against `target` (reaching it passes); waits for the judge.
    Check {
        who: u32,
        what: String,
        expr: DiceExpr,
        target: i32,
    },
    Accept,
    /// Rules the waiting roll a pass or a fail, whatever the dice say.
    Rule {
        pass: bool,
    },
    Cancel,
    /// Puts the judge's words for a condition on someone.
    Mark {
        who: u32,
        condition: String,
    },
    /// Clears a condition of someone's, named as it was marked.
    Unmark {
        who: u32,
        condition: String,
    },
    /// Time passes, as many minutes as the judge says (a rest, a journey).
    Pass {
        minutes: u32,
    },
}

/// What happened. Each names whom it is about by the roster's id as well, so the players' lens
/// can tell a character's numbers from a creature's (see [`crate::rules::line`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    Added {
        id: u32,
        name: String,
        hp: i32,
    },
    Removed {
        id: u32,
        name: String,
    },
    HpChanged {
        id: u32,
        name: String,
        by: i32,
        hp: i32,
    },
    Down {
        id: u32,
        name: String,
    },
    FightStarted {
        order: Vec<(u32, String)>,
    },
    TurnTo {
        id: u32,
        name: String,
        round: u32,
    },
    /// A creature's turn passed over because it is down.
    PassedOver {
        id: u32,
        name: String,
    },
    /// Someone came into the fight under way, last in the order.
    Joined {
        id: u32,
        name: String,
    },
    FightEnded {
        rounds: u32,
    },
    Rolled(Box<RollLine>),
    Ruled {
        id: u32,
        who: String,
        what: String,
        pass: bool,
    },
    Dropped {
        what: String,
    },
    Marked {
        id: u32,
        name: String,
        condition: String,
        on: bool,
    },
    Passed {
        minutes: u32,
        now: u32,
    },
}

/// A roll as the log tells it: the dice and what counted, the number to reach, and the
/// verdict the book gave; `ruled` when the judge ruled the other way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollLine {
    pub id: u32,
    pub who: String,
    pub what: String,
    pub expr: DiceExpr,
    pub faces: Vec<u16>,
    /// Indices into `faces` of the dice that count.
    pub kept: Vec<usize>,
    pub total: i64,
    pub target: i32,
    /// The book's verdict.
    pub pass: bool,
    /// The judge's verdict, when it differs from the book's.
    pub ruled: Option<bool>,
}

impl RollLine {
    /// The verdict that stands.
    pub fn verdict(&self) -> bool {
        self.ruled.unwrap_or(self.pass)
    }

    /// The roll in the words every ruleset uses (see [`crate::rules::rolled`]): the dice kept
    /// and those dropped by the edge, the judge's modifier, the total against the target.
    pub fn rolled(&self) -> Rolled {
        let label = format!("{}d{}", self.expr.count, self.expr.sides);
        let why = if self.expr.net_edge() > 0 {
            Why::Advantage
        } else {
            Why::Disadvantage
        };
        let mut r = Rolled::new(Some(self.id));
        if self.kept.len() == self.faces.len() {
            r = r.dice(Dice::pool(label, self.faces.clone()));
        } else if let [one] = self.kept[..] {
            r = r.dice(Dice {
                label,
                faces: self.faces.clone(),
                keep: Keep::One(one, why),
            });
        } else {
            let faces = |keep: bool| -> Vec<u16> {
                let at = self.faces.iter().enumerate();
                at.filter(|(i, _)| self.kept.contains(i) == keep)
                    .map(|(_, &f)| f)
                    .collect()
            };
            r = r
                .dice(Dice::pool(label, faces(true)))
                .dice(Dice::pool("", faces(false)).dropped(why));
        }
        if self.expr.modifier != 0 {
            r = r.plus(Term::open("", self.expr.modifier));
        }
        r.total(i32::try_from(self.total).unwrap_or(i32::MAX))
            .against(Term::of(self.id, "", self.target))
            .verdict(crate::rules::said::words!("a {}", pass_word(self.pass)))
            .ruled(self.ruled.map(|p| format!("a {}", pass_word(p))))
    }
}

fn pass_word(pass: bool) -> &'static str {
    if pass { "pass" } else { "fail" }
}

impl Event {
    /// The event's words as parts: a creature's hit points and the numbers it rolls against
    /// are its own, for the judge only.
    pub fn line(&self) -> Line {
        match self {
            Event::Added { id, name, hp } => {
                Line::new().name(*id, name.clone()).plain(" joins").of(
                    *id,
                    Line::new().plain(" with ").number(
                        *id,
                        Num::Health,
                        crate::rules::said::words!("{hp} HP"),
                    ),
                    "",
                )
            }
            Event::Removed { id, name } => Line::new()
                .name(*id, name.clone())
                .plain(" leaves the session"),
            Event::HpChanged { id, name, by, hp } => {
                let (verb, exact) = if *by < 0 {
                    (
                        " loses ",
                        Line::new()
                            .number(*id, Num::Harm, crate::rules::said::words!("{} HP", -by))
                            .plain(" (")
                            .number(*id, Num::Health, crate::rules::said::words!("{hp} left"))
                            .plain(")"),
                    )
                } else {
                    (
                        " gains ",
                        Line::new()
                            .number(*id, Num::Harm, crate::rules::said::words!("{by} HP"))
                            .plain(" (")
                            .number(*id, Num::Health, crate::rules::said::words!("{hp} now"))
                            .plain(")"),
                    )
                };
                Line::new()
                    .name(*id, name.clone())
                    .plain(verb)
                    .of(*id, exact, "hit points")
                    .state(*id)
            }
            Event::Down { id, name } => Line::new().name(*id, name.clone()).plain(" is down"),
            Event::FightStarted { order } => {
                let mut line = Line::new().plain("A fight starts: ");
                for (i, (id, name)) in order.iter().enumerate() {
                    if i > 0 {
                        line = line.plain(", ");
                    }
                    line = line.name(*id, name.clone());
                }
                line
            }
            Event::TurnTo { id, name, round } => Line::new()
                .plain(crate::rules::said::words!("Round {round}: "))
                .name(*id, name.clone())
                .plain("'s turn"),
            Event::PassedOver { id, name } => Line::new()
                .name(*id, name.clone())
                .plain(" is down: its turn is passed over"),
            Event::Joined { id, name } => Line::new()
                .name(*id, name.clone())
                .plain(" comes into the fight, last in the turn order"),
            Event::FightEnded { rounds } => Line::from(crate::rules::said::words!(
                "The fight ends after {}",
                crate::rules::said::counted(rounds, "round", "rounds")
            )),
            Event::Rolled(line) => {
                let mut out = Line::new()
                    .name(line.id, line.who.clone())
                    .plain(crate::rules::said::words!(": {} ", line.what));
                out.0.extend(line.rolled().line().0);
                out
            }
            Event::Ruled {
                id,
                who,
                what,
                pass,
            } => Line::new().ruling(
                Line::new()
                    .plain("The judge rules ")
                    .name(*id, who.clone())
                    .plain(crate::rules::said::words!(
                        "'s {what} a {}",
                        pass_word(*pass)
                    )),
                // The players read the verdict that stands once, on the roll's line.
                Line::new(),
            ),
            Event::Dropped { what } => Line::from(crate::rules::said::words!(
                "{what} is dropped with no effect"
            )),
            Event::Marked {
                id,
                name,
                condition,
                on,
            } => Line::new()
                .name(*id, name.clone())
                .plain(if *on { " is now " } else { " is no longer " })
                .plain(condition.clone()),
            Event::Passed { minutes, now } => Line::from(crate::rules::said::words!(
                "{} pass; it is now {}",
                span_words(*minutes),
                clock_words(*now)
            )),
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.line().fmt(f)
    }
}

impl State {
    crate::rules::party::lookups!(Character, |id| format!("there is no character #{id}"));
}

impl crate::rules::Sound for State {
    /// Every id used once, every fighter on the roster, no roll waiting: what a state read from
    /// a file must hold.
    fn check(&self) -> Result<(), String> {
        let mut seen = Vec::new();
        for c in &self.characters {
            crate::rules::party::handed_out_once(&mut seen, c.id, &c.name, self.next_id)?;
        }
        if let Some(fight) = &self.fight {
            if fight.order.iter().any(|id| !seen.contains(id)) {
                return Err("the fight lists someone who is not in the session".into());
            }
            if fight.at >= fight.order.len().max(1) {
                return Err("the fight's turn points past its order".into());
            }
        }
        if self.pending.is_some() {
            return Err("a roll is waiting for the judge in the starting state".into());
        }
        Ok(())
    }
}

/// Applies one command (see [`crate::rules::Ruleset::apply`]).
pub fn apply(
    state: &mut State,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    use Command as C;
    if let Some(p) = &state.pending
        && matches!(
            command,
            C::Check { .. } | C::StartFight { .. } | C::NextTurn | C::EndFight | C::Pass { .. }
        )
    {
        return Err(RuleError::invalid(format!(
            "{}'s {} is waiting for the judge: accept it, rule it or drop it first",
            state.name_of(p.who),
            p.what
        )));
    }
    let mut out = Vec::new();
    match command {
        C::Add { name, party, hp } => {
            // A second creature with a taken name is numbered ("Orc 2").
            let name = state.new_name(name, "a character needs a name")?;
            if *hp < 1 {
                return Err(RuleError::invalid("a character starts with at least 1 HP"));
            }
            let id = crate::rules::take_id(&mut state.next_id)?;
            state.characters.push(Character {
                id,
                name: name.clone(),
                party: *party,
                hp: *hp,
                max_hp: *hp,
                conditions: Vec::new(),
            });
            out.push(Event::Added { id, name, hp: *hp });
        }
        C::Remove { who } => {
            let name = state.character(*who)?.name.clone();
            let id = *who;
            state.characters.retain(|c| c.id != *who);
            if let Some(fight) = &mut state.fight {
                if let Some(i) = fight.order.iter().position(|id| id == who) {
                    fight.order.remove(i);
                    if i < fight.at {
                        fight.at -= 1;
                    }
                }
                if fight.at >= fight.order.len() {
                    fight.at = 0;
                }
                if fight.order.is_empty() {
                    state.fight = None;
                }
            }
            out.push(Event::Removed { id, name });
        }
        C::Damage { who, amount } => change_hp(state, *who, -*amount, &mut out)?,
        C::Heal { who, amount } => change_hp(state, *who, *amount, &mut out)?,
        C::StartFight { order } => {
            if state.fight.is_some() {
                return Err(RuleError::invalid("a fight is already under way"));
            }
            if order.is_empty() {
                return Err(RuleError::invalid("a fight needs someone in it"));
            }
            let mut names = Vec::new();
            for (i, id) in order.iter().enumerate() {
                if order[..i].contains(id) {
                    return Err(RuleError::invalid(format!(
                        "{} is in the order twice",
                        state.name_of(*id)
                    )));
                }
                names.push((*id, state.character(*id)?.name.clone()));
            }
            state.fight = Some(Fight {
                round: 1,
                order: order.clone(),
                at: 0,
            });
            out.push(Event::FightStarted { order: names });
            out.push(Event::TurnTo {
                id: order[0],
                name: state.name_of(order[0]),
                round: 1,
            });
        }
        C::Join { who } => {
            let name = state.character(*who)?.name.clone();
            let fight = state
                .fight
                .as_mut()
                .ok_or_else(|| RuleError::invalid("no fight is under way to join"))?;
            if fight.order.contains(who) {
                return Err(RuleError::invalid(format!(
                    "{name} is already in the fight"
                )));
            }
            fight.order.push(*who);
            out.push(Event::Joined { id: *who, name });
        }
        C::NextTurn => {
            // A creature at 0 HP or below is out of the fight: its turn is passed over. A
            // player character down keeps its turn, where many games give it a save.
            let felled: Vec<u32> = state
                .characters
                .iter()
                .filter(|c| !c.party && c.down())
                .map(|c| c.id)
                .collect();
            let fight = state.fight.as_mut().ok_or_else(crate::rules::no_fight)?;
            let mut passed = Vec::new();
            let mut found = false;
            for _ in 0..fight.order.len() {
                fight.at += 1;
                if fight.at >= fight.order.len() {
                    fight.at = 0;
                    fight.round += 1;
                }
                if !felled.contains(&fight.order[fight.at]) {
                    found = true;
                    break;
                }
                passed.push(fight.order[fight.at]);
            }
            let (id, round) = (fight.order[fight.at], fight.round);
            // With everyone down nobody was passed over for another: the turn says it all.
            if found {
                for who in passed {
                    out.push(Event::PassedOver {
                        id: who,
                        name: state.name_of(who),
                    });
                }
            }
            out.push(Event::TurnTo {
                id,
                name: state.name_of(id),
                round,
            });
        }
        C::Mark { who, condition } => {
            let condition = crate::rules::text::checked(
                crate::rules::text::TextKind::Name,
                condition,
                "say what the condition is",
            )?;
            let c = state.character_mut(*who)?;
            if c.conditions
                .iter()
                .any(|k| k.eq_ignore_ascii_case(&condition))
            {
                return Err(RuleError::invalid(format!(
                    "{} is {condition} already",
                    c.name
                )));
            }
            c.conditions.push(condition.clone());
            out.push(Event::Marked {
                id: *who,
                name: c.name.clone(),
                condition,
                on: true,
            });
        }
        C::Unmark { who, condition } => {
            let c = state.character_mut(*who)?;
            let wanted = condition.trim();
            let Some(at) = c
                .conditions
                .iter()
                .position(|k| k.eq_ignore_ascii_case(wanted))
            else {
                return Err(RuleError::invalid(if c.conditions.is_empty() {
                    format!("{} has no condition to clear", c.name)
                } else {
                    format!("{} is not {wanted}: {}", c.name, c.conditions.join(", "))
                }));
            };
            let condition = c.conditions.remove(at);
            out.push(Event::Marked {
                id: *who,
                name: c.name.clone(),
                condition,
                on: false,
            });
        }
        C::Pass { minutes } => {
            if *minutes == 0 {
                return Err(RuleError::invalid("say how much time passes"));
            }
            state.minutes = state
                .minutes
                .checked_add(*minutes)
                .ok_or_else(|| RuleError::invalid("the clock cannot count that far"))?;
            out.push(Event::Passed {
                minutes: *minutes,
                now: state.minutes,
            });
        }
        C::EndFight => {
            let fight = state.fight.take().ok_or_else(crate::rules::no_fight)?;
            out.push(Event::FightEnded {
                rounds: fight.round,
            });
        }
        C::Check {
            who,
            what,
            expr,
            target,
        } => {
            state.character(*who)?;
            let what = if what.trim().is_empty() {
                "roll".to_string()
            } else {
                what.trim().to_string()
            };
            let ExprRoll { faces, kept, total } = expr.roll(dice)?;
            let pass = meets(
                i32::try_from(total).unwrap_or(i32::MAX),
                *target,
                Ties::Meet,
            );
            state.pending = Some(PendingRoll {
                who: *who,
                what,
                expr: *expr,
                target: *target,
                faces,
                kept,
                total,
                pass,
                ruled: None,
            });
        }
        C::Accept => {
            let p = state
                .pending
                .take()
                .ok_or_else(|| RuleError::invalid("nothing is waiting for the judge"))?;
            out.push(Event::Rolled(Box::new(RollLine {
                id: p.who,
                who: state.name_of(p.who),
                what: p.what.clone(),
                expr: p.expr,
                faces: p.faces,
                kept: p.kept,
                total: p.total,
                target: p.target,
                pass: p.pass,
                ruled: p.ruled,
            })));
        }
        C::Rule { pass } => {
            let p = state
                .pending
                .as_mut()
                .ok_or_else(|| RuleError::invalid("nothing is waiting for the judge"))?;
            p.ruled = (*pass != p.pass).then_some(*pass);
            let (id, what) = (p.who, p.what.clone());
            out.push(Event::Ruled {
                id,
                who: state.name_of(id),
                what,
                pass: *pass,
            });
        }
        C::Cancel => {
            let p = state
                .pending
                .take()
                .ok_or_else(|| RuleError::invalid("nothing is waiting for the judge"))?;
            out.push(Event::Dropped { what: p.what });
        }
    }
    Ok(out)
}

fn change_hp(state: &mut State, who: u32, by: i32, out: &mut Vec<Event>) -> Result<(), RuleError> {
    if by == 0 {
        return Err(RuleError::invalid("a change of 0 HP changes nothing"));
    }
    let c = state.character_mut(who)?;
    let was_down = c.down();
    // Healing stops at the maximum; damage may go below 0 (the judge's game may count it).
    let hp = if by > 0 {
        c.hp.saturating_add(by).min(c.max_hp.max(c.hp))
    } else {
        c.hp.saturating_add(by)
    };
    let by = hp - c.hp;
    if by == 0 {
        return Err(RuleError::invalid(format!(
            "{} is already at full HP ({})",
            c.name, c.max_hp
        )));
    }
    c.hp = hp;
    let name = c.name.clone();
    let down = c.down();
    out.push(Event::HpChanged {
        id: who,
        name: name.clone(),
        by,
        hp,
    });
    if down && !was_down {
        out.push(Event::Down { id: who, name });
    }
    Ok(())
}
