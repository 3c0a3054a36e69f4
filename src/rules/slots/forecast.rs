//! What the clock will do to a character next, when it is harm a judge must not miss: the next
//! tick that kills or knocks out, with what and when. Found by running that tick on a copy of the
//! state with the proposed slots (the same way time-driven ticks mark), so the forecast and the
//! rules can never disagree.

use super::conditions::{self, Choice};
use super::ticks::{self, COLD_TRYS, COLD_TRYS_DRESSED};
use super::{CharId, Condition, State};

/// Harm the next tick of something under way will do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// What happens, in a few words ("bleeds to death", "passes out").
    pub what: String,
    /// When, in the game's terms ("on its next turn", "at the end of the round").
    pub when: String,
    /// Why, from the rules ("no lower slot is left for the bleeding to mark").
    pub why: String,
}

impl Warning {
    /// The whole warning in one line.
    pub fn line(&self) -> String {
        format!("{} {} ({})", self.what, self.when, self.why)
    }
}

/// What the tick leaves of the character: dead, knocked out, or neither.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum After {
    Dies,
    KnockedOut,
    Fine,
}

fn after(state: &State, who: CharId, tick: impl FnOnce(&mut State)) -> After {
    let Ok(before) = state.character(who) else {
        return After::Fine;
    };
    let was_out = before.status.unconscious;
    let mut copy = state.clone();
    tick(&mut copy);
    match copy.character(who) {
        Ok(c) if c.status.dead => After::Dies,
        Ok(c) if c.status.unconscious && !was_out => After::KnockedOut,
        _ => After::Fine,
    }
}

/// R22: each open wound bleeds once on the character's turn, or at the end of each try: the
/// warning when the next bleed kills (in a fight, the turn that starts it).
pub fn bleeds_to_death(state: &State, who: CharId) -> Option<Warning> {
    let c = state.character(who).ok()?;
    if c.status.dead || conditions::open_wounds(c).is_empty() {
        return None;
    }
    let bled = after(state, who, |s| {
        let _ = ticks::bleed(s, who, &mut Vec::new());
    });
    (bled == After::Dies).then(|| Warning {
        what: "bleeds to death".into(),
        when: if state.combat.is_some() {
            "at the start of its next turn".into()
        } else {
            "at the end of the next try or watch".into()
        },
        why: "the bleeding has no lower slot left to mark".into(),
    })
}

/// Every warning for the character, most pressing first; empty for the dead and the safe.
pub fn warnings(state: &State, who: CharId) -> Vec<Warning> {
    let Ok(c) = state.character(who) else {
        return Vec::new();
    };
    if c.status.dead {
        return Vec::new();
    }
    let fighting = state.combat.is_some();
    let mut out = Vec::new();
    out.extend(bleeds_to_death(state, who));
    // R21: asphyxiation worsens at every round's end while the character cannot breathe.
    if c.status.exposure.suffocating {
        let choked = after(state, who, |s| {
            let _ = ticks::asphyxiation(s, &mut Vec::new());
        });
        let when = if fighting {
            "at the end of this round"
        } else {
            "at the end of the next round without air"
        };
        match choked {
            After::Dies => out.push(Warning {
                what: "suffocates".into(),
                when: when.into(),
                why: "asphyxiation has no slot left to mark".into(),
            }),
            After::KnockedOut => out.push(Warning {
                what: "passes out".into(),
                when: when.into(),
                why: "asphyxiation will mark the last body slot".into(),
            }),
            After::Fine => {}
        }
    }
    // R26: hypothermia worsens every 5 trys in the cold (10 when dressed for it).
    if let Some(trys) = c.status.exposure.cold_trys {
        let period = if ticks::dressed_for_cold(c) {
            COLD_TRYS_DRESSED
        } else {
            COLD_TRYS
        };
        let left = period.saturating_sub(trys);
        let froze = after(state, who, |s| {
            if let Ok(c) = s.character_mut(who) {
                c.status.exposure.cold_trys = Some(period.saturating_sub(1));
            }
            let _ = ticks::hypothermia(s, who, &mut Vec::new());
        });
        let when = match left {
            0 | 1 => "at the end of the next try in the cold".to_string(),
            n => format!("after {n} more trys in the cold"),
        };
        match froze {
            After::Dies => out.push(Warning {
                what: "freezes to death".into(),
                when,
                why: "hypothermia has no slot left to mark".into(),
            }),
            After::KnockedOut => out.push(Warning {
                what: "passes out from the cold".into(),
                when,
                why: "hypothermia will mark the last body slot".into(),
            }),
            After::Fine => {}
        }
    }
    // R27: malnourishment worsens after a week without food or a day without drink.
    if !c.marked_with(Condition::M).is_empty() {
        let starved = after(state, who, |s| {
            let _ = conditions::worsen_with(
                s,
                who,
                Condition::M,
                "another day without drink or week without food",
                Choice::Proposed,
                &mut Vec::new(),
            );
        });
        if starved == After::Dies {
            out.push(Warning {
                what: "starves to death".into(),
                when: "after another day without drink or week without food".into(),
                why: "malnourishment has no lower slot left to mark".into(),
            });
        }
    }
    out
}

/// The slots the next tick of `condition` will mark on the character, found like [`warnings`]:
/// by running that tick on a copy. None when no clock ticks it (corruption, exhaustion) or it is
/// not under way; an empty list when it will mark nothing more.
pub fn next_marks(state: &State, who: CharId, condition: Condition) -> Option<Vec<super::SlotNo>> {
    let c = state.character(who).ok()?;
    if c.status.dead || c.marked_with(condition).is_empty() {
        return None;
    }
    let mut copy = state.clone();
    let mut out = Vec::new();
    match condition {
        Condition::B => {
            if conditions::open_wounds(c).is_empty() {
                return None;
            }
            ticks::bleed(&mut copy, who, &mut out).ok()?;
        }
        Condition::A if c.status.exposure.suffocating => {
            ticks::asphyxiation(&mut copy, &mut out).ok()?;
        }
        Condition::H if c.status.exposure.cold_trys.is_some() => {
            let period = if ticks::dressed_for_cold(c) {
                COLD_TRYS_DRESSED
            } else {
                COLD_TRYS
            };
            if let Ok(c) = copy.character_mut(who) {
                c.status.exposure.cold_trys = Some(period.saturating_sub(1));
            }
            ticks::hypothermia(&mut copy, who, &mut out).ok()?;
        }
        Condition::F => ticks::fire(&mut copy, &mut out).ok()?,
        Condition::M => conditions::worsen_with(
            &mut copy,
            who,
            Condition::M,
            "the next week without food or day without drink",
            Choice::Proposed,
            &mut out,
        )
        .ok()?,
        _ => return None,
    }
    let before = c.marked_with(condition);
    let after = copy.character(who).ok()?.marked_with(condition);
    Some(after.into_iter().filter(|n| !before.contains(n)).collect())
}
