//! How slot-system events read in the roll log and the recap: one plain sentence each.

use super::model::*;
use super::{Event, HitLine, RollLine, StatusFlag};
use std::fmt;

/// A status as a judge says it: "prone", "cringing".
pub fn flag_name(flag: StatusFlag) -> &'static str {
    match flag {
        StatusFlag::Prone => "prone",
        StatusFlag::Restrained => "restrained",
        StatusFlag::Immobilized => "immobilized",
        StatusFlag::Unconscious => "unconscious",
        StatusFlag::Dead => "dead",
        StatusFlag::Evil => "evil",
        StatusFlag::Cringe => "cringing",
    }
}

pub fn wound_name(w: Wound) -> &'static str {
    match w {
        Wound::None => "no wound",
        Wound::Treated => "treated wound",
        Wound::Open => "open wound",
    }
}

fn outcome_name(o: HitOutcome) -> &'static str {
    match o {
        HitOutcome::Miss => "misses",
        HitOutcome::Evaded => "is evaded",
        HitOutcome::Parried => "is parried",
        HitOutcome::Blocked => "is blocked",
        HitOutcome::TreatedWound => "deals a treated wound",
        HitOutcome::OpenWound => "deals an open wound",
        HitOutcome::Seized => "seizes",
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Rolled(line) => {
                let RollLine {
                    who,
                    what,
                    faces,
                    pick,
                    verdict,
                    reason,
                } = &**line;
                let shown: Vec<String> = faces
                    .iter()
                    .enumerate()
                    .map(|(i, x)| {
                        if faces.len() > 1 && i == *pick {
                            format!("[{x}]")
                        } else {
                            x.to_string()
                        }
                    })
                    .collect();
                write!(
                    f,
                    "{who} {what}: {} → {}, {reason}",
                    shown.join(" "),
                    verdict.to_string().to_uppercase()
                )
            }
            Event::Hit(line) => {
                let HitLine {
                    attacker,
                    target,
                    outcome,
                    reason,
                    ..
                } = &**line;
                // The reason opens with the slot and its item, so the slot is not repeated.
                write!(
                    f,
                    "{attacker}'s attack on {target} {}: {reason}",
                    outcome_name(*outcome)
                )
            }
            Event::Wounded {
                who,
                slot,
                wound,
                cause,
            } => write!(f, "{who}: {} in slot {slot} ({cause})", wound_name(*wound)),
            Event::Healed { who, slot } => write!(f, "{who}: the wound in slot {slot} is healed"),
            Event::Marked {
                who,
                slot,
                condition,
                cause,
            } => write!(
                f,
                "{who}: {} marked in slot {slot} ({}, {cause})",
                condition.letter(),
                condition.name()
            ),
            Event::Unmarked {
                who,
                slot,
                condition,
            } => match slot {
                Some(n) => write!(f, "{who}: {} cleared from slot {n}", condition.letter()),
                None => write!(f, "{who}: every {} cleared", condition.letter()),
            },
            Event::Fatigue { who, slot, on } => {
                if *on {
                    write!(f, "{who}: fatigue marked in slot {slot}")
                } else {
                    write!(f, "{who}: fatigue cleared from slot {slot}")
                }
            }
            Event::Cringed { who } => write!(f, "{who} cringes: disadvantage for a round"),
            Event::ItemDestroyed { who, slot, item } => {
                write!(f, "{who}: {item} in slot {slot} is destroyed")
            }
            Event::StatusChanged {
                who,
                flag,
                on,
                cause,
            } => {
                let name = flag_name(*flag);
                if *on {
                    write!(f, "{who} is {name} ({cause})")
                } else {
                    write!(f, "{who} is no longer {name} ({cause})")
                }
            }
            Event::Died { who, cause } => write!(f, "{who} DIES: {cause}"),
            Event::Asked { question } => write!(f, "Judge: {question}"),
            Event::Overridden { what, verdict } => {
                write!(
                    f,
                    "Judge overrides {what}: {}",
                    verdict.to_string().to_uppercase()
                )
            }
            Event::EncounterRoll {
                faces,
                encounter_faces,
                encounters,
            } => {
                let shown: Vec<String> = faces.iter().map(|x| (x % 10).to_string()).collect();
                let on = if *encounter_faces <= 1 {
                    "0".to_string()
                } else {
                    format!("0-{}", encounter_faces - 1)
                };
                match encounters {
                    0 => write!(
                        f,
                        "Encounter dice {} (encounter on {on}): none",
                        shown.join(" ")
                    ),
                    1 => write!(
                        f,
                        "Encounter dice {} (encounter on {on}): ENCOUNTER",
                        shown.join(" ")
                    ),
                    n => write!(
                        f,
                        "Encounter dice {} (encounter on {on}): {n} ENCOUNTERS",
                        shown.join(" ")
                    ),
                }
            }
            Event::TimePassed { trys, what } => write!(f, "{what}: try {trys}"),
            Event::RoundStarted { round, initiative } => {
                write!(f, "Round {round} begins; {initiative} have initiative")
            }
            Event::TurnStarted { who } => write!(f, "{who}'s turn"),
            Event::TurnEnded { who } => write!(f, "{who}'s turn ends"),
            Event::InitiativeTo { side, why } => write!(f, "Initiative to the {side} ({why})"),
            Event::CombatStarted {
                initiator,
                surprised,
            } => match surprised {
                Some(s) => write!(
                    f,
                    "Combat! The {initiator} strike first; the {s} are surprised"
                ),
                None => write!(f, "Combat! The {initiator} strike first"),
            },
            Event::CombatEnded { rounds } => write!(f, "Combat ends after {rounds} round(s)"),
            Event::CounterOffered { who, against } => {
                write!(f, "{who} parried and may counterattack {against}")
            }
            Event::Note(text) => f.write_str(text),
        }
    }
}

/// A slot as a judge names it: "slot 4 Boots", "slot 9 (Backpack, empty)".
pub(super) fn slot_text(c: &Character, n: SlotNo) -> String {
    let label = c.layout.def(n).map(|d| d.label.as_str()).unwrap_or("?");
    if c.packed_away(n) {
        return format!("slot {n} ({label}, backpack off)");
    }
    match c.item_at(n) {
        Some(item) => format!("slot {n} {}", item.name),
        None => format!("slot {n} ({label}, empty)"),
    }
}

/// "4", "4 and 9", "4, 9 and 2".
pub(super) fn list_text<T: ToString>(items: &[T]) -> String {
    match items {
        [] => String::new(),
        [only] => only.to_string(),
        [init @ .., last] => {
            let head: Vec<String> = init.iter().map(|x| x.to_string()).collect();
            format!("{} and {}", head.join(", "), last.to_string())
        }
    }
}
