//! Time, Gear and Skill (B10-B13) and the Die of Fate (B14).

use super::command::{Certainty, Event, Mood};
use super::state::{Roll, State, Then, Wait};
use super::{Ability, Character, Slot};
use crate::dice::DiceSource;
use crate::rules::RuleError;

/// B12: the ticks the product proposes for a task, and the hints behind them.
pub fn propose_ticks(
    c: &Character,
    what: &str,
    ability: Option<Ability>,
    rushed: bool,
) -> (bool, bool, bool, Vec<String>) {
    let w = what.to_ascii_lowercase();
    let mut hints = Vec::new();
    let time = !rushed;
    // Gear: yes only when an item on the sheet fits the task (an item's `fits` words).
    let fitting: Vec<&str> = c
        .slots
        .iter()
        .filter_map(|s| match s {
            Slot::Item(i) if i.fits(&w) => Some(i.name.as_str()),
            _ => None,
        })
        .collect();
    let mut gear = !fitting.is_empty();
    if gear {
        let verb = if fitting.len() == 1 { "helps" } else { "help" };
        hints.push(format!("the {} {verb}", fitting.join(" and the ")));
    } else {
        hints.push("no item on the sheet fits it".to_string());
    }
    let climbing = w.contains("climb");
    if (climbing || w.contains("sneak")) && c.wears(|i| i.heavy_armour) {
        gear = false;
        hints.push("heavy armour hinders it".to_string());
    }
    if climbing && c.empty_slot().is_none() {
        gear = false;
        hints.push("a full pack hinders climbing".to_string());
    }
    if climbing && c.timers.iter().any(|t| t.name == "Ironroot Brew") {
        gear = true;
        hints.push("Ironroot Brew helps climbing".to_string());
    }
    let matches = |tags: &[String]| {
        tags.iter()
            .any(|t| !t.is_empty() && w.contains(&t.to_ascii_lowercase()))
    };
    let career = matches(&c.careers) || matches(&c.skills);
    let background = matches(&c.backgrounds);
    let mut skill = career || background;
    if let Some(a) = ability {
        let s = c.score(a).cur;
        if s >= 15 {
            skill = true;
            hints.push(format!("{a} {s}: skilled"));
        } else if s <= 6 && background && !career {
            skill = false;
            hints.push(format!("{a} {s}: the background alone is not enough"));
        }
    }
    (time, gear, skill, hints)
}

/// B13's presets, reworded: a name, what counts as time, gear for and against, the ability.
pub const PRESETS: &[(&str, &str, Ability)] = &[
    (
        "lock",
        "time: no guard nearby; gear: picks for, none against",
        Ability::Dex,
    ),
    (
        "sneaking",
        "time: a calm approach; gear: heavy armour against",
        Ability::Dex,
    ),
    (
        "barred door",
        "time: no one inside alerted; gear: a crowbar or ram for",
        Ability::Str,
    ),
    (
        "wall climb",
        "time: no pursuit; gear: rope for, heavy armour or a full pack against",
        Ability::Dex,
    ),
    (
        "escape route",
        "time: a moment to look around; gear: a map for",
        Ability::Wil,
    ),
    (
        "besieged wall",
        "time: between assaults; gear: ladders or hooks for",
        Ability::Str,
    ),
];

/// B10: a task.
pub fn task(
    state: &mut State,
    who: u32,
    how: Certainty,
    what: &str,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character(who)?;
    if c.dead {
        return Err(RuleError::invalid(format!("{} is dead", c.name)));
    }
    let name = c.name.clone();
    let (time, gear, skill) = match how {
        Certainty::Impossible => {
            crate::rules::said::tell(out, || {
                Event::said(Mood::Bad, format!("{name}: {what} is impossible: it fails"))
            });
            return Ok(());
        }
        Certainty::Sure => {
            crate::rules::said::tell(out, || {
                Event::said(Mood::Good, format!("{name}: {what} is sure: it succeeds"))
            });
            return Ok(());
        }
        Certainty::InDoubt { time, gear, skill } => (time, gear, skill),
        Certainty::Proposed { ability, rushed } => {
            let (t, g, s, hints) = propose_ticks(c, what, ability, rushed);
            if !hints.is_empty() {
                crate::rules::said::tell(out, || Event::said(Mood::Plain, hints.join("; ")));
            }
            (t, g, s)
        }
    };
    let ticks = [time, gear, skill].iter().filter(|&&t| t).count();
    let word = |b: bool| if b { "yes" } else { "no" };
    let ticked = format!(
        "time {}, gear {}, skill {}",
        word(time),
        word(gear),
        word(skill)
    );
    match ticks {
        3 => crate::rules::said::tell(out, || {
            Event::said(
                Mood::Good,
                format!("{name}: {what} ({ticked}): success, no roll"),
            )
        }),
        0 | 1 => crate::rules::said::tell(out, || {
            Event::said(
                Mood::Bad,
                format!("{name}: {what} ({ticked}): failure, no roll"),
            )
        }),
        _ => {
            let title = format!("{name}: {what} ({ticked})");
            let face = dice.roll(6, &title)?;
            state.queue.push(Wait::Roll(Box::new(Roll {
                who,
                title,
                how: "d6: 4-6 success, 2-3 success at a cost, 1 failure.".into(),
                sides: 6,
                faces: vec![face],
                kept: 0,
                pass: face >= 2,
                ruled: None,
                reason: match face {
                    4..=6 => "success".into(),
                    2 | 3 => "success at a cost".into(),
                    _ => "failure".into(),
                },
                then: Then::Task {
                    cost: (2..=3).contains(&face),
                    what: what.to_string(),
                },
                score: None,
                ability: None,
            })));
        }
    }
    Ok(())
}

/// B14's answers [data, adapted from Block, Dodge, Parry © Lars Huijbregts, CC BY-SA 4.0].
pub const FATE: [&str; 6] = [
    "No, and…",
    "No",
    "No, but…",
    "Yes, but…",
    "Yes",
    "Yes, and…",
];

pub fn fate(
    question: &str,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let face = dice.roll(6, &"the Die of Fate")?;
    let answer = FATE[usize::from(face.clamp(1, 6) - 1)];
    let q = if question.trim().is_empty() {
        "The Die of Fate"
    } else {
        question.trim()
    };
    crate::rules::said::tell(out, || {
        Event::said(Mood::Warn, format!("{q}: d6 {face}, {answer}"))
    });
    Ok(())
}
