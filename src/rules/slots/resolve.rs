//! The judge's side of a roll (R6, R12) and of every decision the rules leave open: picking a die,
//! swapping group dice, overriding a verdict, accepting, answering with a slot, cancelling.
//!
//! The front of `State::pending` is what the judge answers now. Whatever answering it raises
//! (a wound to place, the next 10 ft of a fall) is settled before anything queued behind it.

use super::RollLine;
use super::display::list_text;
use super::model::*;
use super::{Event, checks, conditions, defense, wounds};
use crate::dice::{DiceSource, Edge};
use crate::rules::RuleError;

/// How one die reads for the roll it belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    pub verdict: Verdict,
    pub reason: String,
    /// How bad this die is for the roller; ranks dice for the proposal (R6).
    pub cost: u8,
}

impl Reading {
    pub fn pass(reason: String) -> Reading {
        Reading {
            verdict: Verdict::Pass,
            reason,
            cost: 0,
        }
    }

    pub fn fail(reason: String, cost: u8) -> Reading {
        Reading {
            verdict: Verdict::Fail,
            reason,
            cost,
        }
    }
}

/// Reads one face of a roll against the sheets as they are now.
pub(super) fn read(
    state: &State,
    what: &RollFor,
    roller: CharId,
    face: u16,
) -> Result<Reading, RuleError> {
    match what {
        RollFor::Check { who, kind } => Ok(checks::read_check(state.character(*who)?, kind, face)),
        RollFor::Fall { who, .. } => Ok(checks::read_fall(state.character(*who)?, face)),
        RollFor::Attack(spec) => defense::read_attack(state, spec, roller, face),
    }
}

/// R6: under advantage the roller's best die, under disadvantage the worst; the first such die
/// when several tie.
pub(super) fn propose(readings: &[Reading], net: i8) -> usize {
    let mut best = 0;
    for (i, r) in readings.iter().enumerate() {
        let better = match net.signum() {
            1 => r.cost < readings[best].cost,
            -1 => r.cost > readings[best].cost,
            _ => false,
        };
        if better {
            best = i;
        }
    }
    best
}

/// Rolls `edge.dice()` dice (the roller's cringe added) and queues the roll with its proposal.
/// `first`: a face already rolled (a group die), the rest are rolled here.
#[allow(clippy::too_many_arguments)]
pub(super) fn open_roll(
    state: &mut State,
    what: RollFor,
    roller: CharId,
    sides: u16,
    edge: Edge,
    first: Option<u16>,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character(roller)?;
    // A next-roll cringe weighs on one roll only: the first of several rolled at once claims it.
    let claimed = state
        .pending
        .iter()
        .any(|p| matches!(p, Pending::Roll(r) if r.roller == roller && r.used_cringe));
    let (edge, used_cringe) = if claimed && c.status.cringe == Cringe::NextRoll {
        (edge, false)
    } else {
        checks::roller_edge(c, edge)
    };
    // What the dice are for is written only by a source that keeps it.
    let purpose = Title {
        state,
        what: &what,
        roller,
    };
    let mut faces: Vec<u16> = first.into_iter().collect();
    while faces.len() < checks::r6_dice(edge) {
        faces.push(dice.roll(sides, &purpose)?);
    }
    let mut readings = faces
        .iter()
        .map(|&f| read(state, &what, roller, f))
        .collect::<Result<Vec<_>, _>>()?;
    let proposed = propose(&readings, checks::r6(edge));
    let chosen = readings.swap_remove(proposed);
    let pending = Pending::Roll(PendingRoll {
        what,
        roller,
        sides,
        faces,
        edge,
        proposed,
        pick: proposed,
        verdict: chosen.verdict,
        reason: chosen.reason,
        overridden: None,
        used_cringe,
    });
    crate::rules::said::tell(out, || Event::Asked {
        question: describe(state, &pending),
    });
    state.pending.push(pending);
    Ok(())
}

/// [`title`], written when it is shown.
struct Title<'a> {
    state: &'a State,
    what: &'a RollFor,
    roller: CharId,
}

impl std::fmt::Display for Title<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&title(self.state, self.what, self.roller))
    }
}

/// "Mira's terrain check", "Bram's melee attack on Goblin 1", "Mira's defense against ...".
pub(super) fn title(state: &State, what: &RollFor, roller: CharId) -> String {
    match what {
        RollFor::Check { who, kind } => {
            format!("{}'s {}", state.name_of(*who), checks::kind_name(kind))
        }
        RollFor::Fall { who, step, of } => {
            let name = state.name_of(*who);
            if *of == 1 {
                format!("{name}'s fall check")
            } else {
                format!("{name}'s fall check {step} of {of}")
            }
        }
        RollFor::Attack(spec) => defense::title(state, spec, roller),
    }
}

/// The roll log's verb phrase: "makes a terrain check", "attacks Goblin 1 (melee)".
fn act(state: &State, what: &RollFor, roller: CharId) -> String {
    match what {
        RollFor::Check { kind, .. } => format!("makes a {}", checks::kind_name(kind)),
        RollFor::Fall { step, of, .. } => {
            if *of == 1 {
                "falls".to_string()
            } else {
                format!("falls (check {step} of {of})")
            }
        }
        RollFor::Attack(spec) => defense::act(state, spec, roller),
    }
}

fn choices(options: &[SlotNo]) -> String {
    let contiguous = options.windows(2).all(|w| w[1] == w[0] + 1);
    match options {
        [first, .., last] if contiguous && options.len() > 2 => format!("{first} to {last}"),
        _ => list_text(options),
    }
}

/// One line saying what waits for the judge and what is proposed. A noun phrase, so it reads
/// both as a question in the log and inside "... is waiting for the judge".
pub fn describe(state: &State, pending: &Pending) -> String {
    match pending {
        Pending::Roll(r) => {
            let mut text = format!(
                "{} (rolled {}",
                title(state, &r.what, r.roller),
                list_text(&r.faces)
            );
            if checks::r6(r.edge) != 0 {
                text.push_str(&format!(" with {}", checks::r6_edge(r.edge)));
            }
            let face = r.faces.get(r.pick).copied().unwrap_or_default();
            if r.faces.len() > 1 {
                if r.pick == r.proposed {
                    text.push_str(&format!("; {face} proposed"));
                } else {
                    let was = r.faces.get(r.proposed).copied().unwrap_or_default();
                    text.push_str(&format!("; {face} picked, {was} proposed"));
                }
            }
            text.push_str(&format!(
                ": {}, {}",
                r.verdict.to_string().to_uppercase(),
                r.reason
            ));
            if let Some(v) = r.overridden {
                text.push_str(&format!(
                    "; the judge rules {}",
                    v.to_string().to_uppercase()
                ));
            }
            text.push(')');
            text
        }
        Pending::Group(g) => {
            let names: Vec<String> = g.members.iter().map(|&id| state.name_of(id)).collect();
            let free: Vec<String> = g
                .members
                .iter()
                .filter(|id| !g.swapped.contains(id))
                .map(|&id| state.name_of(id))
                .collect();
            let swaps = if free.is_empty() {
                "no swaps left".to_string()
            } else {
                format!("{} may still swap once", list_text(&free))
            };
            format!(
                "the group {} of {} (dice: {}; {swaps}; accept to read each check)",
                checks::kind_name(&g.kind),
                list_text(&names),
                checks::group_dice_text(state, g)
            )
        }
        Pending::Decide(d) => match d {
            Decision::WoundSlot {
                who,
                wound,
                options,
                proposed,
                why,
            } => format!(
                "the slot for {}'s {} ({why} Proposed: slot {proposed}; choices: {})",
                state.name_of(*who),
                super::display::wound_name(*wound),
                choices(options)
            ),
            Decision::SpreadSlot {
                who,
                condition,
                options,
                proposed,
                why,
            } => format!(
                "the slot {}'s {} marks next ({why}; proposed: slot {proposed}; choices: {})",
                state.name_of(*who),
                condition.name(),
                choices(options)
            ),
            Decision::HitSlot {
                attack,
                options,
                proposed,
                why,
            } => format!(
                "the slot {}'s {} hits on {} ({why}; proposed: slot {proposed}; choices: {})",
                state.name_of(attack.attacker),
                defense::attack_name(attack),
                state.name_of(attack.target),
                choices(options)
            ),
            Decision::ImprovisedBlock { attack, slot, why } => format!(
                "whether slot {slot} of {} stops {}'s {} ({why}; proposed: it does not)",
                state.name_of(attack.target),
                state.name_of(attack.attacker),
                defense::attack_name(attack)
            ),
            Decision::FallSlot {
                who,
                options,
                proposed,
            } => format!(
                "the slot {}'s fall hurts (the die named no slot; proposed: slot {proposed}; \
                 choices: {})",
                state.name_of(*who),
                choices(options)
            ),
        },
    }
}

fn nothing_waits() -> RuleError {
    RuleError::invalid("nothing is waiting for the judge")
}

fn active_roll(state: &mut State) -> Result<&mut PendingRoll, RuleError> {
    match state.pending.first_mut() {
        Some(Pending::Roll(r)) => Ok(r),
        Some(_) => Err(RuleError::invalid(
            "what waits now is not a roll: answer it first",
        )),
        None => Err(RuleError::invalid("no roll is waiting")),
    }
}

pub fn pick(state: &mut State, die: usize, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let r = active_roll(state)?.clone();
    if r.faces.len() == 1 {
        return Err(RuleError::invalid(
            "this roll has a single die: there is nothing to pick",
        ));
    }
    let Some(&face) = r.faces.get(die) else {
        return Err(RuleError::invalid(format!(
            "this roll has only {} dice",
            r.faces.len()
        )));
    };
    if die == r.pick {
        return Err(RuleError::invalid(format!(
            "the die showing {face} is already picked"
        )));
    }
    let reading = read(state, &r.what, r.roller, face)?;
    let who = if checks::r6(r.edge) > 0 {
        state.name_of(r.roller)
    } else {
        "The judge".to_string()
    };
    crate::rules::said::tell(out, || {
        Event::Note(format!(
            "{who} picks the {face} for {}: {}, {}",
            title(state, &r.what, r.roller),
            reading.verdict.to_string().to_uppercase(),
            reading.reason
        ))
    });
    let roll = active_roll(state)?;
    roll.pick = die;
    roll.verdict = reading.verdict;
    roll.reason = reading.reason;
    roll.overridden = None;
    Ok(())
}

/// R12: `a` uses their one swap to trade dice with `b`.
pub fn swap_dice(
    state: &mut State,
    a: CharId,
    b: CharId,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let (name_a, name_b) = (
        state.character(a)?.name.clone(),
        state.character(b)?.name.clone(),
    );
    let Some(Pending::Group(g)) = state.pending.first_mut() else {
        return Err(RuleError::invalid("no group check is waiting"));
    };
    if a == b {
        return Err(RuleError::invalid(format!(
            "{name_a} cannot swap a die with themselves"
        )));
    }
    let ia = g.members.iter().position(|&m| m == a);
    let ib = g.members.iter().position(|&m| m == b);
    let (Some(ia), Some(ib)) = (ia, ib) else {
        let outsider = if ia.is_none() { &name_a } else { &name_b };
        return Err(RuleError::invalid(format!(
            "{outsider} is not in this group check"
        )));
    };
    if g.swapped.contains(&a) {
        return Err(RuleError::invalid(format!(
            "{name_a} has already swapped once"
        )));
    }
    g.faces.swap(ia, ib);
    g.swapped.push(a);
    crate::rules::said::tell(out, || {
        Event::Note(format!(
            "{name_a} swaps dice with {name_b}: {name_a} now has {}, {name_b} {}",
            g.faces[ia], g.faces[ib]
        ))
    });
    Ok(())
}

pub fn override_verdict(
    state: &mut State,
    verdict: Verdict,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let r = active_roll(state)?;
    if r.overridden == Some(verdict) || (r.overridden.is_none() && r.verdict == verdict) {
        return Err(RuleError::invalid(format!(
            "the roll already stands at {}",
            verdict.to_string().to_uppercase()
        )));
    }
    r.overridden = (verdict != r.verdict).then_some(verdict);
    let r = r.clone();
    crate::rules::said::tell(out, || Event::Overridden {
        what: title(state, &r.what, r.roller),
        verdict,
    });
    Ok(())
}

/// Takes the front of the queue out, keeping the rest aside so whatever the answer raises comes
/// first.
fn take_front(state: &mut State) -> Result<(Pending, Vec<Pending>), RuleError> {
    if state.pending.is_empty() {
        return Err(nothing_waits());
    }
    let later = state.pending.split_off(1);
    let front = state.pending.remove(0);
    Ok((front, later))
}

fn put_back(state: &mut State, later: Vec<Pending>) {
    state.pending.extend(later);
    if state.pending.is_empty() {
        state.countered.clear();
    }
}

pub fn accept(
    state: &mut State,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let (front, later) = take_front(state)?;
    match front {
        Pending::Roll(r) => settle_roll(state, &r, dice, out)?,
        Pending::Group(g) => read_group(state, &g, dice, out)?,
        Pending::Decide(d) => {
            let slot = match &d {
                Decision::WoundSlot { proposed, .. }
                | Decision::SpreadSlot { proposed, .. }
                | Decision::HitSlot { proposed, .. }
                | Decision::FallSlot { proposed, .. } => *proposed,
                Decision::ImprovisedBlock { slot, .. } => *slot,
            };
            answer(state, &d, slot, dice, out)?
        }
    }
    put_back(state, later);
    Ok(())
}

fn settle_roll(
    state: &mut State,
    r: &PendingRoll,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let face = r
        .faces
        .get(r.pick)
        .copied()
        .ok_or_else(|| RuleError::invalid("the picked die is missing from the roll"))?;
    let book = read(state, &r.what, r.roller, face)?;
    let verdict = r.overridden.unwrap_or(book.verdict);
    crate::rules::said::tell(out, || {
        let (sheet, other) = match &r.what {
            RollFor::Check { who, .. } | RollFor::Fall { who, .. } => (*who, None),
            RollFor::Attack(spec) => {
                let other = if spec.attacker == r.roller {
                    spec.target
                } else {
                    spec.attacker
                };
                (spec.target, Some((other, state.name_of(other))))
            }
        };
        let kept = if r.faces.len() < 2 {
            ""
        } else if r.pick != r.proposed {
            "the judge's pick"
        } else {
            match checks::r6(r.edge).signum() {
                1 => "advantage",
                -1 => "disadvantage",
                _ => "",
            }
        };
        Event::Rolled(Box::new(RollLine {
            who: state.name_of(r.roller),
            id: r.roller,
            sheet,
            die: r.sides,
            kept: kept.to_string(),
            other,
            what: act(state, &r.what, r.roller),
            faces: r.faces.clone(),
            pick: r.pick,
            verdict,
            reason: book.reason.clone(),
            dice_said: (verdict != book.verdict).then_some(book.verdict),
        }))
    });
    if r.used_cringe {
        let c = state.character_mut(r.roller)?;
        if c.status.cringe == Cringe::NextRoll {
            c.status.cringe = Cringe::None;
            crate::rules::said::tell(out, || Event::StatusChanged {
                who: c.name.clone(),
                id: r.roller,
                flag: super::StatusFlag::Cringe,
                on: false,
                cause: "the roll it weighed on is done".to_string(),
            });
        }
    }
    match &r.what {
        RollFor::Check { who, kind } => {
            checks::settle_check(state, *who, kind, face, book.verdict, verdict, out)
        }
        RollFor::Fall { who, step, of } => {
            checks::settle_fall(state, *who, *step, *of, face, verdict, dice, out)
        }
        RollFor::Attack(spec) => defense::settle_attack(
            state,
            spec,
            r.roller,
            face,
            book.verdict,
            verdict,
            dice,
            out,
        ),
    }
}

/// Accepting a group check reads each member's die as that member's own roll, to accept or
/// override in turn. A member with edge (a cringe, ambient noise) rolls the extra dice now.
fn read_group(
    state: &mut State,
    g: &PendingGroup,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    crate::rules::said::tell(out, || {
        Event::Note(format!(
            "The group {} is read: {}",
            checks::kind_name(&g.kind),
            checks::group_dice_text(state, g)
        ))
    });
    for (&who, &face) in g.members.iter().zip(&g.faces) {
        let sides = state.character(who)?.layout.die;
        let what = RollFor::Check {
            who,
            kind: g.kind.clone(),
        };
        open_roll(
            state,
            what,
            who,
            sides,
            checks::kind_edge(&g.kind),
            Some(face),
            dice,
            out,
        )?;
    }
    Ok(())
}

/// Answers a decision with a slot (the proposal on Accept). An improvised block accepted as
/// proposed does not stop the blow.
fn answer(
    state: &mut State,
    d: &Decision,
    slot: SlotNo,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    match d {
        Decision::WoundSlot { who, wound, .. } => {
            wounds::deal_wound(state, *who, slot, *wound, "placed by the judge", out)
        }
        Decision::SpreadSlot {
            who,
            condition,
            why,
            ..
        } => conditions::mark(state, *who, slot, *condition, why, out),
        Decision::HitSlot { attack, .. } => defense::hit_chosen(state, attack, slot, dice, out),
        Decision::FallSlot { who, .. } => {
            wounds::deal_wound(state, *who, slot, Wound::Open, "a fall", out)
        }
        Decision::ImprovisedBlock { attack, slot, .. } => {
            defense::improvised(state, attack, *slot, false, dice, out)
        }
    }
}

pub fn choose_slot(
    state: &mut State,
    slot: SlotNo,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let options = match state.pending.first() {
        None => return Err(nothing_waits()),
        Some(Pending::Decide(d)) => match d {
            Decision::WoundSlot { options, .. }
            | Decision::SpreadSlot { options, .. }
            | Decision::HitSlot { options, .. }
            | Decision::FallSlot { options, .. } => options.clone(),
            Decision::ImprovisedBlock { .. } => {
                return Err(RuleError::invalid(
                    "this question is yes or no: does the item stop the blow?",
                ));
            }
        },
        Some(_) => {
            return Err(RuleError::invalid(
                "what waits now is a roll, not a choice of slot",
            ));
        }
    };
    if !options.contains(&slot) {
        return Err(RuleError::invalid(format!(
            "slot {slot} is not one of the choices: {}",
            choices(&options)
        )));
    }
    let (front, later) = take_front(state)?;
    if let Pending::Decide(d) = front {
        answer(state, &d, slot, dice, out)?;
    }
    put_back(state, later);
    Ok(())
}

pub fn rule_blocks(
    state: &mut State,
    blocks: bool,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if !matches!(
        state.pending.first(),
        Some(Pending::Decide(Decision::ImprovisedBlock { .. }))
    ) {
        return Err(RuleError::invalid(
            "no question about an item stopping a blow is waiting",
        ));
    }
    let (front, later) = take_front(state)?;
    if let Pending::Decide(Decision::ImprovisedBlock { attack, slot, .. }) = front {
        defense::improvised(state, &attack, slot, blocks, dice, out)?;
    }
    put_back(state, later);
    Ok(())
}

pub fn cancel(state: &mut State, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let (front, later) = take_front(state)?;
    crate::rules::said::tell(out, || Event::Note(cancel_text(state, &front)));
    put_back(state, later);
    Ok(())
}

fn cancel_text(state: &State, p: &Pending) -> String {
    match p {
        Pending::Roll(r) => {
            let rest = match r.what {
                RollFor::Fall { step, of, .. } if step < of => "; the rest of the fall is dropped",
                _ => "",
            };
            format!(
                "The judge cancels {}{rest}",
                title(state, &r.what, r.roller)
            )
        }
        Pending::Group(g) => format!("The judge cancels the group {}", checks::kind_name(&g.kind)),
        Pending::Decide(Decision::WoundSlot { who, .. }) => format!(
            "No wound for {}: the judge rules the item took the blow",
            state.name_of(*who)
        ),
        Pending::Decide(Decision::SpreadSlot { who, condition, .. }) => format!(
            "The judge rules {}'s {} does not spread this time",
            state.name_of(*who),
            condition.name()
        ),
        Pending::Decide(Decision::HitSlot { attack, .. })
        | Pending::Decide(Decision::ImprovisedBlock { attack, .. }) => format!(
            "The judge sets aside {}'s {} on {}",
            state.name_of(attack.attacker),
            defense::attack_name(attack),
            state.name_of(attack.target)
        ),
        Pending::Decide(Decision::FallSlot { who, .. }) => format!(
            "The judge rules {}'s fall does no harm there",
            state.name_of(*who)
        ),
    }
}
