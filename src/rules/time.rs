//! Game time shared by the rulesets: one count of seconds since the session's first midnight, and
//! each ruleset's own units over it (6-second rounds, 2-minute rounds, 6-minute trys, 10-minute
//! dungeon turns, hours, 4- or 8-hour watches, days). Moving time on says which unit boundaries
//! were crossed, so a ruleset runs what ticks on each (a dawn, an event die at the end of a turn,
//! a dying clock) without the frame knowing what its units are.
//!
//! No floats: seconds are whole, and a unit is a whole number of seconds.

use serde::{Deserialize, Serialize};

pub const MINUTE: u64 = 60;
pub const HOUR: u64 = 60 * MINUTE;
pub const DAY: u64 = 24 * HOUR;

/// A unit of game time: a name a judge reads and its length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unit {
    /// Singular, lower case: "round", "turn", "watch".
    pub name: &'static str,
    pub seconds: u64,
}

impl Unit {
    pub const fn new(name: &'static str, seconds: u64) -> Unit {
        Unit { name, seconds }
    }

    /// "1 turn", "3 turns".
    pub fn count(self, n: u64) -> String {
        if n == 1 {
            format!("1 {}", self.name)
        } else {
            format!("{n} {}s", self.name)
        }
    }
}

/// The game clock: seconds since midnight of the session's first day.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Clock {
    pub seconds: u64,
}

/// A boundary of a unit that moving the clock crossed: the unit and its new count (how many
/// whole units have passed since the first midnight).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Crossed {
    pub unit: Unit,
    pub count: u64,
}

impl Clock {
    pub fn at(hour: u64, minute: u64) -> Clock {
        Clock {
            seconds: hour * HOUR + minute * MINUTE,
        }
    }

    /// The time of day as (hour, minute).
    pub fn time_of_day(self) -> (u8, u8) {
        let s = self.seconds % DAY;
        ((s / HOUR) as u8, (s % HOUR / MINUTE) as u8)
    }

    /// The day, counting the session's first day as day 1.
    pub fn day(self) -> u64 {
        self.seconds / DAY + 1
    }

    /// Whole `unit`s since the first midnight.
    pub fn count(self, unit: Unit) -> u64 {
        self.seconds.checked_div(unit.seconds).unwrap_or(0)
    }

    /// "day 2, 07:30".
    pub fn describe(self) -> String {
        let (h, m) = self.time_of_day();
        format!("day {}, {h:02}:{m:02}", self.day())
    }

    /// Moves the clock on by `n` of `by` and returns, for each of `units` in the order given,
    /// every boundary crossed, oldest first (one entry per boundary: a ruleset moves time in the
    /// steps a judge would and refuses absurd lengths first). A clock that would overflow stays
    /// where it is and crosses nothing.
    pub fn advance(&mut self, by: Unit, n: u64, units: &[Unit]) -> Vec<Crossed> {
        let Some(to) = by
            .seconds
            .checked_mul(n)
            .and_then(|d| self.seconds.checked_add(d))
        else {
            return Vec::new();
        };
        let from = *self;
        self.seconds = to;
        let mut out = Vec::new();
        for &unit in units {
            for count in from.count(unit) + 1..=self.count(unit) {
                out.push(Crossed { unit, count });
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROUND: Unit = Unit::new("round", 6);
    const TURN: Unit = Unit::new("turn", 10 * MINUTE);
    const WATCH: Unit = Unit::new("watch", 4 * HOUR);
    const DAYS: Unit = Unit::new("day", DAY);

    #[test]
    fn the_time_of_day_and_the_day_come_from_one_count() {
        let c = Clock::at(23, 50);
        assert_eq!((c.time_of_day(), c.day()), ((23, 50), 1));
        assert_eq!(c.describe(), "day 1, 23:50");
    }

    #[test]
    fn moving_on_reports_every_boundary_crossed_of_every_unit() {
        let mut c = Clock::at(23, 50);
        let crossed = c.advance(TURN, 2, &[TURN, WATCH, DAYS]);
        let names: Vec<(&str, u64)> = crossed.iter().map(|x| (x.unit.name, x.count)).collect();
        assert_eq!(
            names,
            [("turn", 144), ("turn", 145), ("watch", 6), ("day", 1)]
        );
        assert_eq!(c.describe(), "day 2, 00:10");
    }

    #[test]
    fn rounds_of_seconds_and_turns_of_minutes_share_the_clock() {
        let mut c = Clock::default();
        let crossed = c.advance(ROUND, 100, &[TURN]);
        assert_eq!(crossed.len(), 1);
        assert_eq!(c.count(ROUND), 100);
        assert_eq!(ROUND.count(1), "1 round");
        assert_eq!(TURN.count(3), "3 turns");
    }

    #[test]
    fn an_overflowing_move_changes_nothing() {
        let mut c = Clock {
            seconds: u64::MAX - 1,
        };
        assert!(c.advance(DAYS, u64::MAX, &[DAYS]).is_empty());
        assert_eq!(c.seconds, u64::MAX - 1);
    }
}
