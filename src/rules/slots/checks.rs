//! Checks (R5-R12): generic, terrain, stealth, corruption exposure, falling and group checks,
//! rolled under edge into a pending roll the judge accepts (see `resolve`).
//!
//! Rolling never touches a sheet: it only reads each die for the proposal. What a check does to
//! the sheet happens in [`settle_check`] and [`settle_fall`], when the judge accepts the roll.

use super::display::slot_text;
use super::model::*;
use super::resolve::{self, Reading};
use super::{Event, conditions, wounds};
use crate::dice::{DiceSource, Edge};
use crate::rules::RuleError;

/// What a failing die costs the roller, to rank dice for the proposal (R6): a plain failure,
/// and each harm the failure brings on top.
const FAIL: u8 = 10;
const HARM: u8 = 5;

/// How the slot system reads edge (R6): advantages and disadvantages cancel one for one, and at
/// most two are left either way: -2 to 2, positive is advantage.
pub fn r6(edge: Edge) -> i8 {
    edge.balance().clamp(-2, 2) as i8
}

/// How many dice a single-die check rolls under this edge (R6): 1 to 3.
pub fn r6_dice(edge: Edge) -> usize {
    1 + r6(edge).unsigned_abs() as usize
}

/// The edge as R6 reads it, for saying it in words ("double advantage").
pub fn r6_edge(edge: Edge) -> Edge {
    match r6(edge) {
        n if n >= 0 => Edge::advantage(n as u8),
        n => Edge::disadvantage(n.unsigned_abs()),
    }
}

/// The roller's edge with a cringe added (R8), and whether that cringe is the one-roll kind
/// the roll uses up.
pub(super) fn roller_edge(c: &Character, edge: Edge) -> (Edge, bool) {
    match c.status.cringe {
        Cringe::None => (edge, false),
        Cringe::NextRoll => (edge.plus(Edge::disadvantage(1)), true),
        Cringe::UntilTurnEnds { .. } => (edge.plus(Edge::disadvantage(1)), false),
    }
}

pub(super) fn kind_name(kind: &CheckKind) -> &'static str {
    match kind {
        CheckKind::Generic => "check",
        CheckKind::Terrain => "terrain check",
        CheckKind::Stealth(_) => "stealth check",
        CheckKind::Corruption => "corruption check",
    }
}

/// Advantage the circumstances of a check give (R11): ambient noise against listeners, low light
/// against watchers.
pub(super) fn kind_edge(kind: &CheckKind) -> Edge {
    match kind {
        CheckKind::Stealth(s) => Edge::advantage(
            u8::from(s.hearing && s.ambient_noise) + u8::from(!s.sight.is_empty() && s.low_light),
        ),
        _ => Edge::NONE,
    }
}

fn validate(c: &Character, kind: &CheckKind) -> Result<(), RuleError> {
    if c.status.dead {
        return Err(RuleError::invalid(format!("{} is dead", c.name)));
    }
    match kind {
        CheckKind::Stealth(s) => {
            if !s.hearing && !s.smell && s.sight.is_empty() {
                return Err(RuleError::invalid(
                    "say which senses the watchers use (hearing, smell, or the slots of a \
                     smuggled item); other senses are a plain check the judge reads",
                ));
            }
            for &n in &s.sight {
                c.require_slot(n)?;
            }
        }
        CheckKind::Corruption if c.marked_with(Condition::C).is_empty() => {
            return Err(RuleError::invalid(format!(
                "{} has no corruption yet: mark C where it strikes first",
                c.name
            )));
        }
        _ => {}
    }
    Ok(())
}

fn no_slot(face: u16) -> Reading {
    Reading::fail(format!("{face} names no slot: always fails"), FAIL)
}

/// R8: a wound in the slot rolled fails the check.
fn wound_reading(c: &Character, n: SlotNo) -> Option<Reading> {
    match c.slot(n)?.wound {
        Wound::None => None,
        Wound::Treated => Some(Reading::fail(
            format!(
                "{}: treated wound, fails and the wound opens",
                slot_text(c, n)
            ),
            FAIL + HARM,
        )),
        Wound::Open => Some(Reading::fail(
            format!(
                "{}: open wound, fails and {} cringes",
                slot_text(c, n),
                c.name
            ),
            FAIL + HARM,
        )),
    }
}

/// How one face reads for this check (R5, R8, R9, R11, R23).
pub fn read_check(c: &Character, kind: &CheckKind, face: u16) -> Reading {
    let Some(n) = c.layout.slot_for_face(face) else {
        return match kind {
            CheckKind::Corruption => Reading::fail(
                format!("{face} names no slot: fails, the corruption worsens"),
                FAIL + HARM,
            ),
            _ => no_slot(face),
        };
    };
    if let Some(r) = wound_reading(c, n) {
        return r;
    }
    let at = slot_text(c, n);
    let item = c.item_at(n);
    match kind {
        CheckKind::Generic => {
            Reading::pass(format!("{at}: the judge reads the item (pass proposed)"))
        }
        CheckKind::Terrain => {
            if c.marked(n) {
                Reading::fail(format!("{at}: marked, terrain fails"), FAIL)
            } else if item.is_some_and(|i| i.has(Prop::Heavy)) {
                Reading::fail(format!("{at}: heavy item, terrain fails"), FAIL)
            } else if item.is_some_and(|i| !i.has(Prop::Light)) {
                Reading::fail(format!("{at}: not a light item, terrain fails"), FAIL)
            } else {
                let what = if item.is_some() {
                    "light item, unmarked"
                } else {
                    "unmarked"
                };
                Reading::pass(format!("{at}: {what}; a pass marks fatigue there"))
            }
        }
        CheckKind::Stealth(senses) => read_stealth(c, senses, n, &at),
        CheckKind::Corruption => {
            if c.slot(n).is_some_and(|s| s.marks.has(Condition::C)) {
                Reading::fail(
                    format!("{at}: corrupted, the corruption worsens"),
                    FAIL + HARM,
                )
            } else {
                Reading::pass(format!("{at}: not corrupted"))
            }
        }
    }
}

fn read_stealth(c: &Character, senses: &Senses, n: SlotNo, at: &str) -> Reading {
    let Some(item) = c.item_at(n) else {
        return Reading::pass(format!("{at}: nothing there to give anyone away"));
    };
    if senses.hearing
        && let Some(why) = noise(c, n, item)
    {
        return Reading::fail(format!("{at}: {why}, heard"), FAIL);
    }
    if senses.smell && item.has(Prop::Smelly) {
        return Reading::fail(format!("{at}: smelly, smelled"), FAIL);
    }
    if senses.sight.contains(&n) {
        return Reading::fail(format!("{at}: the smuggled item is seen"), FAIL);
    }
    Reading::pass(format!("{at}: goes unnoticed"))
}

/// The slot physically holding what counts in `n` (the grip of a two-handed weapon).
fn source(c: &Character, n: SlotNo) -> Option<SlotNo> {
    match c.slot(n)?.item {
        Some(_) => Some(n),
        None => c.two_handed_partner(n),
    }
}

/// Why an item is noisy (R11): marked noisy, rigid and bundled, or rigid beside another rigid
/// item. A weapon held with both hands does not clank against itself.
fn noise(c: &Character, n: SlotNo, item: &Item) -> Option<String> {
    if item.has(Prop::Noisy) {
        return Some("noisy".to_string());
    }
    if !item.has(Prop::Rigid) {
        return None;
    }
    if item.has(Prop::Bundled) {
        return Some("rigid and bundled, it clanks".to_string());
    }
    c.layout
        .neighbours(n)
        .filter(|&m| source(c, m) != source(c, n))
        .find_map(|m| {
            let other = c.item_at(m)?;
            other
                .has(Prop::Rigid)
                .then(|| format!("rigid beside rigid {} in slot {m}, they clank", other.name))
        })
}

/// A fall die (R10): a body slot takes an open wound; a face naming no slot asks the judge.
pub fn read_fall(c: &Character, face: u16) -> Reading {
    match c.layout.slot_for_face(face) {
        None => Reading::fail(
            format!("{face} names no slot: the judge picks where the fall hurts"),
            FAIL,
        ),
        Some(n) if c.layout.is_body(n) => {
            let worse = c.slot(n).is_some_and(|s| s.wound != Wound::None);
            Reading::fail(
                format!("{}: body slot, open wound", slot_text(c, n)),
                FAIL + if worse { HARM } else { 0 },
            )
        }
        Some(n) => Reading::pass(format!("{}: not a body slot, no wound", slot_text(c, n))),
    }
}

pub fn check(
    state: &mut State,
    who: CharId,
    kind: &CheckKind,
    edge: Edge,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character(who)?;
    validate(c, kind)?;
    let sides = c.layout.die;
    let what = RollFor::Check {
        who,
        kind: kind.clone(),
    };
    resolve::open_roll(
        state,
        what,
        who,
        sides,
        edge.plus(kind_edge(kind)),
        None,
        dice,
        out,
    )
}

/// A fall: one check per full 10 ft (R10). Each step is rolled once the one before it is
/// accepted, so a cringe from the first can weigh on the next.
pub fn fall(
    state: &mut State,
    who: CharId,
    feet: u16,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character(who)?;
    if c.status.dead {
        return Err(RuleError::invalid(format!("{} is dead", c.name)));
    }
    let steps = feet / 10;
    if steps == 0 {
        return Err(RuleError::invalid(
            "a fall shorter than 10 ft needs no check",
        ));
    }
    let sides = c.layout.die;
    let what = RollFor::Fall {
        who,
        step: 1,
        of: steps,
    };
    resolve::open_roll(state, what, who, sides, Edge::NONE, None, dice, out)
}

/// A group check (R12): one die each, all rolled at once; swaps come next, then each member's
/// check is read as its own roll.
pub fn group_check(
    state: &mut State,
    who: &[CharId],
    kind: &CheckKind,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if who.len() < 2 {
        return Err(RuleError::invalid(
            "a group check needs at least two characters",
        ));
    }
    let mut sides = None;
    for (i, &id) in who.iter().enumerate() {
        let c = state.character(id)?;
        if who[..i].contains(&id) {
            return Err(RuleError::invalid(format!("{} is listed twice", c.name)));
        }
        validate(c, kind)?;
        match sides {
            None => sides = Some((c.layout.die, c.name.clone())),
            Some((d, ref first)) if d != c.layout.die => {
                return Err(RuleError::invalid(format!(
                    "a group check needs one kind of die to swap: {first} rolls a d{d}, {} a d{}",
                    c.name, c.layout.die
                )));
            }
            Some(_) => {}
        }
    }
    let mut faces = Vec::with_capacity(who.len());
    for &id in who {
        let c = state.character(id)?;
        faces.push(dice.roll(
            c.layout.die,
            &format_args!("{}'s die in a group {}", c.name, kind_name(kind)),
        )?);
    }
    let group = Pending::Group(PendingGroup {
        kind: kind.clone(),
        members: who.to_vec(),
        faces,
        swapped: Vec::new(),
    });
    crate::rules::said::tell(out, || Event::Asked {
        question: resolve::describe(state, &group),
    });
    state.pending.push(group);
    Ok(())
}

/// What an accepted check does to the sheet. The consequences follow the final verdict: when the
/// judge overrides a failure into a pass, the wound rolled stays as it was.
pub(super) fn settle_check(
    state: &mut State,
    who: CharId,
    kind: &CheckKind,
    face: u16,
    book: Verdict,
    verdict: Verdict,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character(who)?;
    let slot = c.layout.slot_for_face(face);
    if verdict == Verdict::Fail {
        if let Some(n) = slot {
            match c.require_slot(n)?.wound {
                Wound::Treated => {
                    wounds::open_treated(state, who, n, "a check rolled it", out)?;
                }
                Wound::Open => {
                    let why =
                        crate::rules::said::words!("a check rolled the open wound in slot {n}");
                    wounds::cringe(state, who, &why, out)?;
                }
                Wound::None => {}
            }
        }
        if *kind == CheckKind::Corruption {
            let corrupted = match slot {
                None => true,
                Some(n) => state
                    .character(who)?
                    .slot(n)
                    .is_some_and(|s| s.marks.has(Condition::C)),
            };
            if corrupted || book == Verdict::Pass {
                conditions::worsen(state, who, Condition::C, "exposed to corruption again", out)?;
            }
        }
    } else if *kind == CheckKind::Terrain
        && let Some(n) = slot
    {
        let c = state.character_mut(who)?;
        let s = c.require_slot_mut(n)?;
        if !s.fatigue {
            s.fatigue = true;
            crate::rules::said::tell(out, || Event::Fatigue {
                who: c.name.clone(),
                id: who,
                slot: n,
                on: true,
            });
        }
    }
    Ok(())
}

/// What an accepted fall die does (R10), then the next 10 ft are rolled.
#[allow(clippy::too_many_arguments)]
pub(super) fn settle_fall(
    state: &mut State,
    who: CharId,
    step: u16,
    of: u16,
    face: u16,
    verdict: Verdict,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character(who)?;
    if verdict == Verdict::Fail {
        match c.layout.slot_for_face(face) {
            Some(n) if c.layout.is_body(n) => {
                wounds::deal_wound(state, who, n, Wound::Open, "a fall", out)?;
            }
            _ => ask_fall_slot(state, who, out),
        }
    }
    if step < of {
        let c = state.character(who)?;
        if !c.status.dead {
            let sides = c.layout.die;
            let next = RollFor::Fall {
                who,
                step: step + 1,
                of,
            };
            resolve::open_roll(state, next, who, sides, Edge::NONE, None, dice, out)?;
        }
    }
    Ok(())
}

/// The judge picks the body slot a fall hurts; landing on the feet is proposed.
fn ask_fall_slot(state: &mut State, who: CharId, out: &mut Vec<Event>) {
    let Ok(c) = state.character(who) else { return };
    let options: Vec<SlotNo> = c.layout.body_slots().collect();
    let Some(&first) = options.first() else {
        crate::rules::said::tell(out, || {
            Event::for_the_judge(format!(
                "{} has no body slots: the fall leaves no wound",
                c.name
            ))
        });
        return;
    };
    let proposed = options
        .iter()
        .copied()
        .find(|&n| c.layout.region(n) == Some(Region::LegsFeet))
        .unwrap_or(first);
    wounds::ask(
        state,
        Decision::FallSlot {
            who,
            options,
            proposed,
        },
        out,
    );
}

/// "Mira 4, Bram 9" for a group's dice.
pub(super) fn group_dice_text(state: &State, g: &PendingGroup) -> String {
    let parts: Vec<String> = g
        .members
        .iter()
        .zip(&g.faces)
        .map(|(&id, face)| format!("{} {face}", state.name_of(id)))
        .collect();
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r6_edge_cancels_then_caps_at_two() {
        assert_eq!(r6(Edge { adv: 1, dis: 1 }), 0);
        assert_eq!(r6(Edge { adv: 3, dis: 1 }), 2);
        assert_eq!(r6(Edge { adv: 0, dis: 5 }), -2);
        assert_eq!(r6_dice(Edge { adv: 4, dis: 0 }), 3);
        assert_eq!(r6_dice(Edge { adv: 2, dis: 1 }), 2);
        assert_eq!(r6_dice(Edge::NONE), 1);
        assert_eq!(
            r6_edge(Edge { adv: 5, dis: 1 }).to_string(),
            "double advantage"
        );
    }
}
