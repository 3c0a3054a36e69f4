//! Initiative scenes (D9-D19): every participant chooses an action before any die is rolled,
//! each rolls its action's die, lowest count acts first with the three-level tie-break, a
//! Reevaluate adds a roll and re-sorts, late joiners roll and slot in, and effects last until
//! their owner's next turn starts or the round ends (`turns`).

use super::command::{Mood, Out, say};
use super::damage::UNARMED;
use super::model::{Ability, Action, Status};
use super::state::{Ask, Entry, Fight, Question, State, Wait};
use super::turns;
use crate::dice::DiceSource;
use crate::dice::ladder::Dice;
use crate::rules::RuleError;
use crate::rules::line::Line;
use crate::rules::said;
use crate::rules::said::words;
use crate::rules::text::{TextKind, checked};
use std::cmp::Ordering;

/// D11: the proposed die of Help, Run and any other action; Defend's.
const D6: Dice = Dice::new(1, 6);
const D4: Dice = Dice::new(1, 4);
/// D15: the Unconscious roll.
pub const KNOCKED_OUT: Dice = Dice::new(10, 10);

pub(super) fn fight(state: &State) -> Result<&Fight, RuleError> {
    state
        .fight
        .as_ref()
        .ok_or_else(|| RuleError::invalid("no initiative scene is under way"))
}

pub(super) fn fight_mut(state: &mut State) -> Result<&mut Fight, RuleError> {
    state
        .fight
        .as_mut()
        .ok_or_else(|| RuleError::invalid("no initiative scene is under way"))
}

/// D9: opens an initiative scene with these participants (everyone in play when none named).
pub fn scene(state: &mut State, who: &[u32], why: &str, out: &mut Out) -> Result<(), RuleError> {
    if state.fight.is_some() {
        return Err(RuleError::invalid(
            "an initiative scene is already under way: end it first",
        ));
    }
    let why = if why.trim().is_empty() {
        "a fight".to_string()
    } else {
        checked(TextKind::Action, why, "")?
    };
    let ids: Vec<u32> = if who.is_empty() {
        state
            .characters
            .iter()
            .filter(|c| c.in_play())
            .map(|c| c.id)
            .collect()
    } else {
        let mut ids = Vec::new();
        for &id in who {
            let c = state.character(id)?;
            if !c.in_play() {
                return Err(RuleError::invalid(format!("{} is out of play", c.name)));
            }
            if ids.contains(&id) {
                return Err(RuleError::invalid(format!("{} is named twice", c.name)));
            }
            ids.push(id);
        }
        ids
    };
    if ids.is_empty() {
        return Err(RuleError::invalid("an initiative scene needs participants"));
    }
    // D16: in the roster's order, the judge's proposed tie-break.
    let mut ids = ids;
    ids.sort_by_key(|id| state.characters.iter().position(|c| c.id == *id));
    say(
        out,
        Mood::Warn,
        words!("Initiative ({why}), round 1: everyone chooses an action"),
    );
    state.fight = Some(Fight {
        round: 1,
        why,
        entries: ids.iter().map(|&id| Entry::new(id)).collect(),
        rolled: false,
        acting: None,
    });
    Ok(())
}

/// D11: is this action open to this character now?
fn valid(state: &State, who: u32, action: &Action) -> Result<(), RuleError> {
    let c = state.living(who)?;
    match action {
        Action::Attack { item: Some(i) } => {
            let it = c
                .items
                .get(usize::from(*i))
                .ok_or_else(|| RuleError::invalid(format!("{} has no item {}", c.name, i + 1)))?;
            if it.damage.is_none() || it.broken {
                return Err(RuleError::invalid(format!(
                    "the {} is no weapon to attack with",
                    it.name
                )));
            }
        }
        Action::Technique { index, dice } => {
            let t = c.techniques.get(usize::from(*index)).ok_or_else(|| {
                RuleError::invalid(format!("{} has no technique {}", c.name, index + 1))
            })?;
            if !t.prepared {
                return Err(RuleError::invalid(format!(
                    "{}'s {} is not prepared",
                    c.name, t.name
                )));
            }
            if *dice == 0 || *dice > c.tech_left {
                return Err(RuleError::invalid(format!(
                    "{} has {} technique dice left: spend 1 to {}",
                    c.name, c.tech_left, c.tech_left
                )));
            }
        }
        Action::Help { whom } => {
            if *whom == who {
                return Err(RuleError::invalid("one cannot help oneself"));
            }
            state.living(*whom)?;
        }
        Action::Other { die: Some(d) } if d.count == 0 || d.count > 20 || d.sides < 2 => {
            return Err(RuleError::invalid(
                "an initiative die is 1 to 20 dice of 2 sides or more",
            ));
        }
        _ => {}
    }
    Ok(())
}

/// D11: the initiative dice of an action; an item's or technique's own die wins.
pub fn action_die(state: &State, who: u32, action: &Action) -> Dice {
    let Ok(c) = state.character(who) else {
        return D6;
    };
    match action {
        Action::Attack { item: None } => UNARMED,
        Action::Attack { item: Some(i) } => c
            .items
            .get(usize::from(*i))
            .and_then(|it| it.init.or(it.damage))
            .unwrap_or(UNARMED),
        Action::Technique { index, dice } => c
            .techniques
            .get(usize::from(*index))
            .and_then(|t| t.init)
            .unwrap_or(Dice::new(*dice, c.tech_die)),
        Action::Defend => D4,
        Action::Help { .. } | Action::Run => D6,
        Action::Other { die } => die.unwrap_or(D6),
    }
}

/// The action as what one chooses to do: "use a technique: Fire hands, 2 dice", "defend".
fn to_do(state: &State, who: u32, action: &Action) -> String {
    let c = state.character(who).ok();
    match action {
        Action::Technique { index, dice } => format!(
            "use a technique: {}, {dice} dice",
            c.and_then(|c| c.techniques.get(usize::from(*index)))
                .map_or("?".to_string(), |t| t.name.clone())
        ),
        Action::Other { .. } => "take another action".into(),
        _ => action_text(state, who, action),
    }
}

pub(super) fn action_text(state: &State, who: u32, action: &Action) -> String {
    let c = state.character(who).ok();
    match action {
        Action::Attack { item: None } => "attack unarmed".into(),
        Action::Attack { item: Some(i) } => format!(
            "attack with {}",
            c.and_then(|c| c.items.get(usize::from(*i)))
                .map_or("?".to_string(), |it| it.name.clone())
        ),
        Action::Technique { index, dice } => format!(
            "technique {} ({dice} dice)",
            c.and_then(|c| c.techniques.get(usize::from(*index)))
                .map_or("?".to_string(), |t| t.name.clone())
        ),
        Action::Defend => "defend".into(),
        Action::Help { whom } => format!("help {}", state.name_of(*whom)),
        Action::Run => "run".into(),
        Action::Other { .. } => "another action".into(),
    }
}

/// What a participant chose, in words, for the strip.
pub fn chosen(state: &State, e: &Entry) -> String {
    e.action
        .as_ref()
        .map_or_else(|| "no action".into(), |a| action_text(state, e.id, a))
}

/// D14: a participant's choice for this round, before anyone rolls.
pub fn pick(state: &mut State, who: u32, action: &Action, out: &mut Out) -> Result<(), RuleError> {
    let f = fight(state)?;
    if f.rolled {
        return Err(RuleError::invalid(
            "the initiative is rolled: a new action now is a Reevaluate",
        ));
    }
    if f.entry(who).is_none() {
        return Err(RuleError::invalid(format!(
            "{} is not in the initiative scene",
            state.name_of(who)
        )));
    }
    valid(state, who, action)?;
    let c = state.character(who)?;
    if c.has(Status::Unconscious) {
        return Err(RuleError::invalid(format!(
            "{} is Unconscious and chooses nothing",
            c.name
        )));
    }
    if let Some(e) = fight_mut(state)?.entry_mut(who) {
        e.action = Some(action.clone());
    }
    crate::rules::said::tell(out, || {
        let text = to_do(state, who, action);
        let die = action_die(state, who, action);
        crate::rules::said::Event::line(
            Mood::Plain,
            Line::new()
                .name(who, state.name_of(who))
                .plain(crate::rules::said::words!(" chooses to {text} ({die})")),
        )
    });
    Ok(())
}

/// D11, D15: rolls one participant's initiative for its action (10d10 when Unconscious),
/// spending technique dice; returns the dice and faces.
fn roll_one(
    state: &mut State,
    who: u32,
    action: Option<&Action>,
    dice: &mut dyn DiceSource,
) -> Result<(Dice, Vec<u16>), RuleError> {
    let c = state.character(who)?;
    let die = match action {
        _ if c.has(Status::Unconscious) => KNOCKED_OUT,
        Some(a) => action_die(state, who, a),
        None => D6,
    };
    if let Some(Action::Technique { dice: k, .. }) = action
        && !c.has(Status::Unconscious)
    {
        let c = state.character_mut(who)?;
        c.tech_left = c.tech_left.saturating_sub(*k);
    }
    let c = state.character(who)?;
    let faces = die.roll(dice, &format_args!("{}: initiative", c.name))?;
    Ok((die, faces))
}

/// D16: lowest count first; then higher effective DEX; then the smaller die; equal on all
/// three is the judge's (the present order stands until asked). Entries marked to act next
/// (late joiners whose count had passed) come first.
fn compare(state: &State, a: &Entry, b: &Entry) -> Ordering {
    let dex = |id| state.character(id).map_or(0, |c| c.rung(Ability::Dex));
    b.next
        .cmp(&a.next)
        .then(a.count.cmp(&b.count))
        .then(dex(b.id).cmp(&dex(a.id)))
        .then(match (a.die(), b.die()) {
            (Some(x), Some(y)) => x.cmp_mean(y),
            _ => Ordering::Equal,
        })
}

/// Sorts the participants still to act (after those who acted and the one acting).
fn sort(state: &mut State) {
    let Some(mut f) = state.fight.take() else {
        return;
    };
    let fixed = f
        .entries
        .iter()
        .filter(|e| e.acted || Some(e.id) == f.acting)
        .count();
    // Acted and acting entries first, in their order, then the rest sorted (stably).
    f.entries
        .sort_by_key(|e| !(e.acted || Some(e.id) == f.acting));
    f.entries[fixed..].sort_by(|a, b| compare(state, a, b));
    state.fight = Some(f);
}

/// The runs of participants still to act that tie on all three levels (D16, D43).
fn ties(state: &State) -> Vec<Vec<u32>> {
    let Some(f) = &state.fight else {
        return Vec::new();
    };
    let rest: Vec<&Entry> = f
        .entries
        .iter()
        .filter(|e| !e.acted && Some(e.id) != f.acting)
        .collect();
    let mut groups: Vec<Vec<u32>> = Vec::new();
    for w in rest.windows(2) {
        if compare(state, w[0], w[1]) == Ordering::Equal {
            match groups.last_mut() {
                Some(g) if g.last() == Some(&w[0].id) => g.push(w[1].id),
                _ => groups.push(vec![w[0].id, w[1].id]),
            }
        }
    }
    groups
}

pub(super) fn ask_tie(state: &mut State, ids: Vec<u32>) {
    let options = ids.iter().map(|&id| state.name_of(id)).collect();
    state.queue.push(Wait::Ask(Box::new(Question {
        title: "Who acts first of these?".into(),
        why: "they tie on count, DEX and die; the order they joined in is proposed".into(),
        ask: Ask::Tie { ids },
        options,
        proposed: 0,
    })));
}

pub(super) fn tie_waits(state: &State) -> bool {
    state
        .queue
        .iter()
        .any(|w| matches!(w, Wait::Ask(q) if matches!(q.ask, Ask::Tie { .. })))
}

/// D16's last level answered: the chosen one acts first of the tied run; the rest are asked
/// again while two or more remain.
pub fn settle_tie(
    state: &mut State,
    ids: &[u32],
    option: usize,
    dice: &mut dyn DiceSource,
    out: &mut Out,
) -> Result<(), RuleError> {
    let first = *ids
        .get(option)
        .ok_or_else(|| RuleError::invalid("no such answer"))?;
    let f = fight_mut(state)?;
    let positions: Vec<usize> = f
        .entries
        .iter()
        .enumerate()
        .filter(|(_, e)| ids.contains(&e.id))
        .map(|(i, _)| i)
        .collect();
    if let (Some(&lo), Some(at)) = (
        positions.first(),
        f.entries.iter().position(|e| e.id == first),
    ) && at > lo
    {
        let e = f.entries.remove(at);
        f.entries.insert(lo, e);
    }
    let rest: Vec<u32> = ids.iter().copied().filter(|&id| id != first).collect();
    if rest.len() >= 2 {
        ask_tie(state, rest);
        // The new question goes to the front so the run is settled in one go.
        if let Some(w) = state.queue.pop() {
            state.queue.insert(0, w);
        }
        return Ok(());
    }
    turns::start_next(state, dice, out)
}

/// D14: who in the scene still has to choose an action (the Unconscious choose nothing).
pub fn still_to_choose(state: &State) -> Vec<String> {
    let Some(f) = &state.fight else {
        return Vec::new();
    };
    f.entries
        .iter()
        .filter(|e| {
            e.action.is_none()
                && state
                    .character(e.id)
                    .is_ok_and(|c| !c.has(Status::Unconscious))
        })
        .map(|e| state.name_of(e.id))
        .collect()
}

/// D15, D16: everyone rolls its action's die, lowest count first.
pub fn roll_all(
    state: &mut State,
    dice: &mut dyn DiceSource,
    out: &mut Out,
) -> Result<(), RuleError> {
    let f = fight(state)?;
    if f.rolled {
        return Err(RuleError::invalid(
            "this round's initiative is rolled already",
        ));
    }
    // D14: nothing is rolled until every able participant has chosen.
    let missing = still_to_choose(state);
    if !missing.is_empty() {
        return Err(RuleError::invalid(format!(
            "still to choose an action: {}",
            missing.join(", ")
        )));
    }
    for i in 0..f.entries.len() {
        let Some(e) = fight(state)?.entries.get(i) else {
            break;
        };
        let (id, action) = (e.id, e.action.clone());
        let (die, faces) = roll_one(state, id, action.as_ref(), dice)?;
        let count: u32 = faces.iter().map(|&x| u32::from(x)).sum();
        let text = (!said::is_quiet()).then(|| {
            Line::new()
                .name(id, state.name_of(id))
                .plain(format!(" rolls {die} {faces:?} = {count}"))
        });
        if let Some(x) = fight_mut(state)?.entry_mut(id) {
            x.rolls.clear();
            x.rolls.push((die, faces));
            x.count = count;
        }
        if let Some(text) = text {
            out.push(said::Event::line(Mood::Plain, text));
        }
    }
    fight_mut(state)?.rolled = true;
    sort(state);
    // Each one named as a part: a line naming someone the players have not met is theirs
    // only once they have.
    if !said::is_quiet() {
        let mut order = Line::new().plain("Order: ");
        for (i, e) in fight(state)?.entries.iter().enumerate() {
            if i > 0 {
                order = order.plain(", ");
            }
            order = order
                .name(e.id, state.name_of(e.id))
                .plain(format!(" {}", e.count));
        }
        out.push(said::Event::line(Mood::Warn, order));
    }
    for g in ties(state) {
        ask_tie(state, g);
    }
    turns::start_next(state, dice, out)
}

/// D18: before it has acted, a participant picks a new action and adds its die to its count.
pub fn reevaluate(
    state: &mut State,
    who: u32,
    action: &Action,
    dice: &mut dyn DiceSource,
    out: &mut Out,
) -> Result<(), RuleError> {
    let f = fight(state)?;
    if !f.rolled {
        return Err(RuleError::invalid(
            "nothing is rolled yet: choose the action instead",
        ));
    }
    let e = f.entry(who).ok_or_else(|| {
        RuleError::invalid(format!(
            "{} is not in the initiative scene",
            state.name_of(who)
        ))
    })?;
    if e.acted {
        return Err(RuleError::invalid(format!(
            "{} has acted this round",
            state.name_of(who)
        )));
    }
    if state.character(who)?.has(Status::Unconscious) {
        return Err(RuleError::invalid(format!(
            "{} is Unconscious and chooses nothing",
            state.name_of(who)
        )));
    }
    valid(state, who, action)?;
    let (die, faces) = roll_one(state, who, Some(action), dice)?;
    let add: u32 = faces.iter().map(|&x| u32::from(x)).sum();
    let text = to_do(state, who, action);
    let f = fight_mut(state)?;
    if f.acting == Some(who) {
        f.acting = None;
    }
    let Some(e) = f.entry_mut(who) else {
        return Ok(());
    };
    e.count = e.count.saturating_add(add);
    e.rolls.push((die, faces.clone()));
    e.action = Some(action.clone());
    e.reevaluated = true;
    let count = e.count;
    say(
        out,
        Mood::Warn,
        words!(
            "{} reevaluates to {text}: {die} {faces:?} = +{add}, count {count}",
            state.name_of(who)
        ),
    );
    sort(state);
    for g in ties(state).into_iter().filter(|g| g.contains(&who)) {
        ask_tie(state, g);
    }
    turns::start_next(state, dice, out)
}

/// D17: one joins the scene; mid-round it chooses and rolls, and acts next if its count has
/// passed.
pub fn join(
    state: &mut State,
    who: u32,
    action: Option<&Action>,
    dice: &mut dyn DiceSource,
    out: &mut Out,
) -> Result<(), RuleError> {
    let f = fight(state)?;
    if f.entry(who).is_some() {
        return Err(RuleError::invalid(format!(
            "{} is in the initiative scene already",
            state.name_of(who)
        )));
    }
    let c = state.living(who)?;
    if c.fled {
        return Err(RuleError::invalid(format!("{} has fled", c.name)));
    }
    let unconscious = c.has(Status::Unconscious);
    if let Some(a) = action {
        valid(state, who, a)?;
    }
    let rolled = f.rolled;
    let passed = f
        .acting
        .or_else(|| f.entries.iter().rev().find(|e| e.acted).map(|e| e.id))
        .and_then(|id| f.entry(id))
        .map(|e| e.count);
    let name = state.name_of(who);
    if !rolled {
        let mut e = Entry::new(who);
        e.action = if unconscious { None } else { action.cloned() };
        let roster: Vec<u32> = state.characters.iter().map(|c| c.id).collect();
        let f = fight_mut(state)?;
        f.entries.push(e);
        f.entries
            .sort_by_key(|e| roster.iter().position(|&id| id == e.id));
        say(out, Mood::Plain, words!("{name} joins the initiative"));
        return Ok(());
    }
    if action.is_none() && !unconscious {
        return Err(RuleError::invalid(format!(
            "the round is under way: {name} joins with an action"
        )));
    }
    let action = if unconscious { None } else { action };
    let (die, faces) = roll_one(state, who, action, dice)?;
    let count: u32 = faces.iter().map(|&x| u32::from(x)).sum();
    let mut e = Entry::new(who);
    e.action = action.cloned();
    e.rolls = vec![(die, faces.clone())];
    e.count = count;
    e.next = passed.is_some_and(|p| count < p);
    let next = e.next;
    fight_mut(state)?.entries.push(e);
    say(
        out,
        Mood::Warn,
        words!(
            "{name} joins: {die} {faces:?} = {count}{}",
            if next {
                ", already passed: acts next"
            } else {
                ""
            }
        ),
    );
    sort(state);
    for g in ties(state).into_iter().filter(|g| g.contains(&who)) {
        ask_tie(state, g);
    }
    turns::start_next(state, dice, out)
}
