//! Die ladders: dice as ordered rungs that effects step up and down. Two rulesets climb one:
//! weapon dice d2 to d12 stepped by enhance and impair (002 K19, also 004's damage steps), and
//! abilities as rungs from "0" to 5d12 with a median value per rung (004 D41-D43). A ladder is
//! data; stepping stops at its ends.

use super::{DiceError, DiceSource};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::fmt;

/// Some dice of one size: `count` d`sides`. Zero dice is the "0" rung (it rolls nothing).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Dice {
    pub count: u8,
    pub sides: u16,
}

impl Dice {
    pub const fn new(count: u8, sides: u16) -> Dice {
        Dice { count, sides }
    }

    /// Twice the mean, so means compare exactly without fractions.
    fn mean_x2(self) -> u32 {
        u32::from(self.count) * (u32::from(self.sides) + 1)
    }

    /// Orders dice by their mean (004 D43): 1d12 < 2d6 < 2d8. Equal means are `Equal`, which a
    /// ruleset sends to the judge.
    pub fn cmp_mean(self, other: Dice) -> Ordering {
        self.mean_x2().cmp(&other.mean_x2())
    }

    /// The largest total these dice can show.
    pub fn max(self) -> u32 {
        u32::from(self.count) * u32::from(self.sides)
    }

    /// Rolls the dice one by one, each recorded with `purpose`.
    pub fn roll(
        self,
        dice: &mut dyn DiceSource,
        purpose: &dyn fmt::Display,
    ) -> Result<Vec<u16>, DiceError> {
        (0..self.count)
            .map(|_| dice.roll(self.sides, purpose))
            .collect()
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.count {
            0 => f.write_str("0"),
            1 => write!(f, "d{}", self.sides),
            n => write!(f, "{n}d{}", self.sides),
        }
    }
}

/// One rung: its dice and the value a formula uses for it (the median, rounded down, in 004).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rung {
    pub dice: Dice,
    pub value: u16,
}

/// An ordered list of rungs, lowest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ladder {
    rungs: &'static [Rung],
}

const fn rung(count: u8, sides: u16, value: u16) -> Rung {
    Rung {
        dice: Dice::new(count, sides),
        value,
    }
}

/// Weapon and damage dice, d2 to d12 (002 K19: enhanced one step up, impaired one down).
pub const DIE_SIZES: Ladder = Ladder {
    rungs: &[
        rung(1, 2, 1),
        rung(1, 4, 2),
        rung(1, 6, 3),
        rung(1, 8, 4),
        rung(1, 10, 5),
        rung(1, 12, 6),
    ],
};

/// Ability rungs with their values, "0" to 5d12 (004 D41).
pub const ABILITY_RUNGS: Ladder = Ladder {
    rungs: &[
        rung(0, 4, 0),
        rung(1, 4, 2),
        rung(1, 6, 3),
        rung(1, 8, 4),
        rung(1, 10, 5),
        rung(1, 12, 6),
        rung(2, 6, 7),
        rung(2, 8, 9),
        rung(2, 10, 11),
        rung(2, 12, 13),
        rung(3, 8, 13),
        rung(3, 10, 16),
        rung(3, 12, 19),
        rung(4, 10, 22),
        rung(4, 12, 26),
        rung(5, 10, 27),
        rung(5, 12, 32),
    ],
};

impl Ladder {
    pub fn len(self) -> usize {
        self.rungs.len()
    }

    pub fn is_empty(self) -> bool {
        self.rungs.is_empty()
    }

    pub fn rung(self, index: usize) -> Option<Rung> {
        self.rungs.get(index).copied()
    }

    /// Where these dice stand on the ladder, if they are on it.
    pub fn index_of(self, dice: Dice) -> Option<usize> {
        self.rungs
            .iter()
            .position(|r| r.dice == dice || (r.dice.count == 0 && dice.count == 0))
    }

    /// The rung `steps` away from `index` (negative steps go down), stopping at the ends
    /// (004 D42; 002 K19 keeps weapon dice within d2 to d12).
    pub fn step(self, index: usize, steps: i32) -> usize {
        let top = self.rungs.len().saturating_sub(1) as i64;
        (index as i64 + i64::from(steps)).clamp(0, top) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn k19_weapon_dice_step_between_d2_and_d12_and_stop_at_the_ends() {
        let d6 = DIE_SIZES.index_of(Dice::new(1, 6)).unwrap();
        let up = DIE_SIZES.rung(DIE_SIZES.step(d6, 1)).unwrap();
        assert_eq!(up.dice.to_string(), "d8");
        let down = DIE_SIZES.rung(DIE_SIZES.step(d6, -5)).unwrap();
        assert_eq!(down.dice.to_string(), "d2");
        let top = DIE_SIZES.rung(DIE_SIZES.step(d6, 9)).unwrap();
        assert_eq!(top.dice.to_string(), "d12");
    }

    #[test]
    fn d41_every_ability_rung_has_its_median_value() {
        let named: Vec<(String, u16)> = (0..ABILITY_RUNGS.len())
            .filter_map(|i| ABILITY_RUNGS.rung(i))
            .map(|r| (r.dice.to_string(), r.value))
            .collect();
        assert_eq!(named.first(), Some(&("0".to_string(), 0)));
        assert_eq!(named[6], ("2d6".to_string(), 7));
        assert_eq!(named.last(), Some(&("5d12".to_string(), 32)));
        assert_eq!(named.len(), 17);
    }

    #[test]
    fn d42_steps_stop_at_zero_and_at_5d12() {
        assert_eq!(ABILITY_RUNGS.step(1, -3), 0);
        assert_eq!(ABILITY_RUNGS.step(15, 4), 16);
    }

    #[test]
    fn d43_dice_compare_by_mean_and_the_ladder_is_in_that_order() {
        assert_eq!(Dice::new(1, 12).cmp_mean(Dice::new(2, 6)), Ordering::Less);
        assert_eq!(Dice::new(2, 6).cmp_mean(Dice::new(2, 8)), Ordering::Less);
        assert_eq!(Dice::new(3, 6).cmp_mean(Dice::new(1, 20)), Ordering::Equal);
        for i in 1..ABILITY_RUNGS.len() {
            let (a, b) = (
                ABILITY_RUNGS.rung(i - 1).unwrap(),
                ABILITY_RUNGS.rung(i).unwrap(),
            );
            assert_ne!(
                a.dice.cmp_mean(b.dice),
                Ordering::Greater,
                "{} {}",
                a.dice,
                b.dice
            );
        }
    }
}
