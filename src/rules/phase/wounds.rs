//! Grievous wounds (K22, K25, K26) and what a maneuver leaves (K27): the d6 table, rerolls of
//! what cannot apply, the side the judge picks, and the body they are written on.

use super::command::{Event, Mood};
use super::model::{Hand, Kind, Limb, MarkKind};
use super::state::{Ask, State, Wound};
use super::{damage, load, saves};
use crate::dice::DiceSource;
use crate::rules::RuleError;

/// Can this wound land on this body (K26)? Returns the sides it could take, best first.
fn sides_for(state: &State, who: u32, wound: Wound) -> Result<Option<Vec<Hand>>, RuleError> {
    let b = state.character(who)?.body;
    let limbs = match wound {
        Wound::Scars => return Ok(Some(Vec::new())),
        Wound::Eye => return Ok((!b.blind()).then(Vec::new)),
        Wound::BrokenArm | Wound::LostArm => b.arms,
        Wound::BrokenLeg | Wound::LostLeg => b.legs,
    };
    let lose = matches!(wound, Wound::LostArm | Wound::LostLeg);
    let mut sides = Vec::new();
    // Proposed: an unharmed side first, left before right; a lost limb may replace a broken one.
    for want in [Limb::Whole, Limb::Broken] {
        for hand in [Hand::Left, Hand::Right] {
            if limbs[hand.index()] == want && (want == Limb::Whole || lose) {
                sides.push(hand);
            }
        }
    }
    Ok((!sides.is_empty()).then_some(sides))
}

/// K25, K26: rolls the grievous wound (rerolling what cannot apply) and asks for the side.
pub fn grievous(
    state: &mut State,
    who: u32,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let name = state.name_of(who);
    let mut tries = 0;
    let (wound, sides) = loop {
        let face = dice.roll(6, &format_args!("{name}'s grievous wound"))?;
        let wound = Wound::of_face(face);
        crate::rules::said::tell(out, || {
            Event::die(name.clone(), "d6 for a grievous wound", face, wound.word())
        });
        tries += 1;
        match sides_for(state, who, wound)? {
            Some(sides) => break (wound, sides),
            None if tries >= 30 => break (Wound::Scars, Vec::new()),
            None => crate::rules::said::tell(out, || {
                Event::said(
                    Mood::Dim,
                    format!("{} cannot apply to {name}: rolled again", wound.word()),
                )
            }),
        }
    };
    let creature = matches!(state.character(who)?.kind, Kind::Creature | Kind::Animal);
    let mut options: Vec<String> = if sides.is_empty() {
        vec![format!("apply {}", wound.word())]
    } else {
        sides
            .iter()
            .map(|h| format!("{} ({})", wound.word(), h.word()))
            .collect()
    };
    if creature {
        options.push("dismiss it".into());
    }
    saves::ask(
        state,
        Ask::Grievous { who, wound, sides },
        format!("{name}: grievous wound, {}", wound.word()),
        "brought to exactly 0 HP".into(),
        options,
        0,
    );
    Ok(())
}

/// K25: the chosen side (None for a wound without one, or a dismissal past the options).
pub fn grievous_result(
    state: &mut State,
    who: u32,
    wound: Wound,
    side: Option<Hand>,
    option: usize,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let sided = wound.sided();
    let dismissed = if sided { side.is_none() } else { option > 0 };
    if dismissed {
        crate::rules::said::tell(out, || Event::Ruled {
            what: format!("{} takes no grievous wound", state.name_of(who)),
        });
        return Ok(());
    }
    apply_wound(state, who, wound, side, out)?;
    load::check_overload(state, who, out)
}

/// Writes a grievous wound on the body (K25, K26: a lost limb replaces a broken one).
pub fn apply_wound(
    state: &mut State,
    who: u32,
    wound: Wound,
    side: Option<Hand>,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    let i = side.unwrap_or(Hand::Left).index();
    match wound {
        Wound::Scars => c.body.scars = c.body.scars.saturating_add(1),
        Wound::Eye => c.body.eyes_lost = (c.body.eyes_lost + 1).min(2),
        Wound::BrokenArm if c.body.arms[i] == Limb::Whole => c.body.arms[i] = Limb::Broken,
        Wound::BrokenLeg if c.body.legs[i] == Limb::Whole => c.body.legs[i] = Limb::Broken,
        Wound::LostArm => c.body.arms[i] = Limb::Lost,
        Wound::LostLeg => c.body.legs[i] = Limb::Lost,
        _ => {
            return Err(RuleError::invalid(format!(
                "{}'s {} arm or leg there is not whole",
                c.name,
                side.unwrap_or(Hand::Left).word()
            )));
        }
    }
    let text = match side {
        Some(h) if wound.sided() => format!("{} ({})", wound.word(), h.word()),
        _ => wound.word().to_string(),
    };
    crate::rules::said::tell(out, || Event::Wounded {
        who: c.name.clone(),
        id: None,
        wound: text,
    });
    if c.body.blind() && wound == Wound::Eye {
        crate::rules::said::tell(out, || {
            Event::said(Mood::Warn, format!("{} is blind", c.name))
        });
    }
    Ok(())
}

/// K27: the target's side takes the damage (`damage`) or suffers the effect.
#[allow(clippy::too_many_arguments)]
pub fn maneuver_result(
    state: &mut State,
    by: u32,
    target: u32,
    amount: u32,
    effect: &str,
    damage: bool,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if damage {
        return damage::take(state, target, amount, Some(by), "", dice, out);
    }
    let by_name = state.name_of(by);
    let t = state.character_mut(target)?;
    let name = t.name.clone();
    if effect.eq_ignore_ascii_case("disarm") || effect.eq_ignore_ascii_case("disarmed") {
        if t.weapons.is_empty() {
            crate::rules::said::tell(out, || {
                Event::said(Mood::Plain, format!("{name} holds no weapon to lose"))
            });
        } else {
            let w = t.weapons.remove(0);
            crate::rules::said::tell(out, || {
                Event::said(
                    Mood::Warn,
                    format!("{name} is disarmed: the {} falls to the ground", w.name),
                )
            });
            state
                .world
                .dropped
                .push(format!("{} (from {name})", w.name));
        }
        return Ok(());
    }
    t.marks.push(super::model::Mark {
        kind: MarkKind::Note(effect.to_string()),
        source: format!("a maneuver by {by_name}"),
        ends: super::model::Ends::Judge,
    });
    crate::rules::said::tell(out, || {
        Event::said(Mood::Mark, format!("{name} suffers: {effect}"))
    });
    Ok(())
}
