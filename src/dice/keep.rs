//! Ways of rolling and reading dice that several rulesets share. Which one a roll uses, and with
//! what limits, is the ruleset's policy; every face is still drawn through a [`DiceSource`], so
//! it is recorded and replays exactly.
//!
//! - [`keep`]: roll one die plus one per net edge, keep the best or the worst (2d20 keep best for
//!   001 B6 and 002 K6 with at most one extra die; per-die and uncapped for 003 A13).
//! - [`roll_under`]: a d20 save against a score, natural 1 and 20 (001 B5, 002 K5).
//! - [`meets`]: a total against a number with the tie policy as data (003 A9).
//! - [`twice_keep`]: a whole check rolled twice, the better or worse total kept (004 D6).
//! - [`exploding_once`]: dice whose maximum adds one more die that does not explode (004 D22).
//! - [`usage`]: a usage die that steps down on a 1 or 2 (001 B41, 002).

use super::ladder::{DIE_SIZES, Dice};
use super::{DiceError, DiceSource};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which face of several counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Keep {
    Highest,
    Lowest,
}

/// Faces rolled for one die with its edge, and the one kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kept {
    pub sides: u16,
    pub faces: Vec<u16>,
    /// Index into `faces`.
    pub kept: usize,
}

impl Kept {
    pub fn face(&self) -> u16 {
        self.faces[self.kept]
    }
}

/// Rolls one d`sides` plus one more per net edge, at most `extra_cap` extra dice (None: no cap),
/// (and never more than [`super::MAX_DICE`] in all), and keeps the face `better` names under advantage (positive `net`) or the other one under
/// disadvantage. What "better" means is the ruleset's: highest for roll-over, lowest for
/// roll-under.
pub fn keep(
    dice: &mut dyn DiceSource,
    sides: u16,
    net: i32,
    extra_cap: Option<u32>,
    better: Keep,
    purpose: &dyn fmt::Display,
) -> Result<Kept, DiceError> {
    // Uncapped edge still stops at the most dice one roll may use.
    let most = u32::from(super::MAX_DICE) - 1;
    let extra = net.unsigned_abs().min(extra_cap.unwrap_or(most)).min(most);
    let faces = (0..=extra)
        .map(|_| dice.roll(sides, purpose))
        .collect::<Result<Vec<u16>, DiceError>>()?;
    let want = match (net >= 0, better) {
        (true, k) => k,
        (false, Keep::Highest) => Keep::Lowest,
        (false, Keep::Lowest) => Keep::Highest,
    };
    let kept = pick(&faces, want);
    Ok(Kept { sides, faces, kept })
}

/// The index of the highest or lowest face (the first of equals).
fn pick(faces: &[u16], keep: Keep) -> usize {
    let mut best = 0;
    for (i, &f) in faces.iter().enumerate() {
        let better = match keep {
            Keep::Highest => f > faces[best],
            Keep::Lowest => f < faces[best],
        };
        if better {
            best = i;
        }
    }
    best
}

/// A roll-under save's result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Save {
    pub roll: Kept,
    pub score: i32,
    pub pass: bool,
}

/// A d20 save against `score`: at or under passes, a natural 1 always passes and a natural 20
/// always fails (001 B5, 002 K5). `net` edge keeps the lower (advantage) or higher face of at
/// most two dice, one of each cancelling (001 B6, 002 K6).
pub fn roll_under(
    dice: &mut dyn DiceSource,
    score: i32,
    net: i32,
    purpose: &dyn fmt::Display,
) -> Result<Save, DiceError> {
    let roll = keep(dice, 20, net, Some(1), Keep::Lowest, purpose)?;
    let pass = under(roll.face(), score);
    Ok(Save { roll, score, pass })
}

/// A roll-under save's verdict on one face (001 B5, 002 K5): at or under `score` passes, a 1
/// always passes and a 20 always fails.
pub fn under(face: u16, score: i32) -> bool {
    face == 1 || (face != 20 && i32::from(face) <= score)
}

/// Who wins when a total equals the number it is set against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ties {
    /// Meeting the number is enough (an action against a DC, 003 A9).
    Meet,
    /// The total must beat it (a save against a DC, 003 A9).
    Beat,
}

/// Does `total` succeed against `target` under this tie policy?
pub fn meets(total: i32, target: i32, ties: Ties) -> bool {
    match ties {
        Ties::Meet => total >= target,
        Ties::Beat => total > target,
    }
}

/// Rolls `dice` twice when `net` is not zero and keeps the better (advantage) or worse total;
/// once otherwise (004 D6: advantage on the whole check, not on one die). Returns every roll's
/// faces and the index of the one kept.
pub fn twice_keep(
    dice_source: &mut dyn DiceSource,
    dice: Dice,
    net: i32,
    purpose: &dyn fmt::Display,
) -> Result<(Vec<Vec<u16>>, usize), DiceError> {
    let times = if net == 0 { 1 } else { 2 };
    let rolls = (0..times)
        .map(|_| dice.roll(dice_source, purpose))
        .collect::<Result<Vec<_>, _>>()?;
    let totals: Vec<u16> = rolls.iter().map(|r| r.iter().sum()).collect();
    let kept = pick(
        &totals,
        if net >= 0 {
            Keep::Highest
        } else {
            Keep::Lowest
        },
    );
    Ok((rolls, kept))
}

/// Rolls `dice`; each die showing its maximum adds one more die of that size, which does not
/// explode again (004 D22). Returns the faces, the bonus dice last.
pub fn exploding_once(
    dice_source: &mut dyn DiceSource,
    dice: Dice,
    purpose: &dyn fmt::Display,
) -> Result<Vec<u16>, DiceError> {
    let mut faces = dice.roll(dice_source, purpose)?;
    let maxima = faces.iter().filter(|&&f| f == dice.sides).count();
    for _ in 0..maxima {
        faces.push(dice_source.roll(dice.sides, purpose)?);
    }
    Ok(faces)
}

/// A usage die roll: the face, and the die the item keeps afterwards (None when used up).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Usage {
    pub face: u16,
    pub next: Option<u16>,
}

/// Rolls a usage die of `sides` (d4 to d12); on a 1 or 2 it steps down one size, and a d4 that
/// steps down is used up (001 B41).
pub fn usage(
    dice: &mut dyn DiceSource,
    sides: u16,
    purpose: &dyn fmt::Display,
) -> Result<Usage, DiceError> {
    let face = dice.roll(sides, purpose)?;
    let next = if face > 2 {
        Some(sides)
    } else {
        DIE_SIZES
            .index_of(Dice::new(1, sides))
            .and_then(|i| i.checked_sub(1))
            .and_then(|i| DIE_SIZES.rung(i))
            .map(|r| r.dice.sides)
            .filter(|&s| s >= 4)
    };
    Ok(Usage { face, next })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::ScriptedDice;

    fn scripted(faces: &[u16]) -> ScriptedDice {
        ScriptedDice::new(faces.to_vec())
    }

    #[test]
    fn b6_k6_a_save_with_advantage_keeps_the_lower_of_two_and_never_rolls_a_third() {
        let s = roll_under(&mut scripted(&[14, 6, 3]), 10, 3, &"save").unwrap();
        assert_eq!(
            (s.roll.faces.clone(), s.roll.face(), s.pass),
            (vec![14, 6], 6, true)
        );
        let s = roll_under(&mut scripted(&[14, 6]), 10, -1, &"save").unwrap();
        assert_eq!((s.roll.face(), s.pass), (14, false));
    }

    #[test]
    fn b5_k5_a_natural_1_always_passes_and_a_natural_20_always_fails() {
        assert!(roll_under(&mut scripted(&[1]), 0, 0, &"save").unwrap().pass);
        assert!(
            !roll_under(&mut scripted(&[20]), 25, 0, &"save")
                .unwrap()
                .pass
        );
        assert!(
            roll_under(&mut scripted(&[12]), 12, 0, &"save")
                .unwrap()
                .pass
        );
    }

    #[test]
    fn a13_per_die_edge_is_uncapped_and_keeps_the_highest_under_advantage() {
        let k = keep(
            &mut scripted(&[3, 9, 17, 2]),
            20,
            3,
            None,
            Keep::Highest,
            &"x",
        )
        .unwrap();
        assert_eq!((k.faces.len(), k.face()), (4, 17));
        let k = keep(
            &mut scripted(&[3, 9, 17]),
            20,
            -2,
            None,
            Keep::Highest,
            &"x",
        )
        .unwrap();
        assert_eq!(k.face(), 3);
    }

    #[test]
    fn a9_actions_win_ties_and_saves_against_a_dc_must_beat_it() {
        assert!(meets(12, 12, Ties::Meet));
        assert!(!meets(12, 12, Ties::Beat));
        assert!(meets(13, 12, Ties::Beat));
    }

    #[test]
    fn d6_advantage_rolls_the_whole_check_twice_and_keeps_the_better_total() {
        let (rolls, kept) =
            twice_keep(&mut scripted(&[2, 3, 6, 1]), Dice::new(2, 6), 1, &"x").unwrap();
        assert_eq!((rolls, kept), (vec![vec![2, 3], vec![6, 1]], 1));
        let (_, kept) =
            twice_keep(&mut scripted(&[2, 3, 6, 1]), Dice::new(2, 6), -1, &"x").unwrap();
        assert_eq!(kept, 0);
        let (rolls, _) = twice_keep(&mut scripted(&[4]), Dice::new(1, 6), 0, &"x").unwrap();
        assert_eq!(rolls.len(), 1);
    }

    #[test]
    fn d22_a_maximum_explodes_once_and_the_extra_die_does_not() {
        let faces = exploding_once(&mut scripted(&[8, 3, 8]), Dice::new(2, 8), &"x").unwrap();
        assert_eq!(faces, [8, 3, 8]);
        let faces = exploding_once(&mut scripted(&[2]), Dice::new(1, 8), &"x").unwrap();
        assert_eq!(faces, [2]);
    }

    #[test]
    fn b41_a_usage_die_steps_down_on_1_or_2_and_a_d4_runs_out() {
        assert_eq!(usage(&mut scripted(&[5]), 8, &"x").unwrap().next, Some(8));
        assert_eq!(usage(&mut scripted(&[2]), 8, &"x").unwrap().next, Some(6));
        assert_eq!(usage(&mut scripted(&[1]), 6, &"x").unwrap().next, Some(4));
        assert_eq!(usage(&mut scripted(&[1]), 4, &"x").unwrap().next, None);
    }

    #[test]
    fn every_face_is_drawn_through_the_source_with_its_purpose() {
        let mut src = scripted(&[4, 4]);
        let mut rec = crate::dice::Recorder::new(&mut src);
        keep(&mut rec, 6, 1, Some(1), Keep::Highest, &"a test roll").unwrap();
        assert_eq!(rec.rolls.len(), 2);
        assert!(
            rec.rolls
                .iter()
                .all(|r| &*r.purpose == "a test roll" && r.sides == 6)
        );
    }
}
