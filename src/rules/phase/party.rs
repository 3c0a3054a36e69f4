//! Ruleset phase's characters between sessions (see [`crate::rules::party`]): the whole sheet
//! (scores, coins, wages owed, gear, load, spells, wounds and marks). Its time is the clock,
//! the dungeon turn, the season and the weather, which carry on together when asked.

use super::model::{Character, Ends, Kind, MarkKind, Season, Side};
use super::state::State;
use crate::rules::party::{self, Member};
use crate::rules::time::{Clock, DAY};
use serde::{Deserialize, Serialize};

/// Where time stands in a phase session.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Time {
    pub clock: Clock,
    pub turn: u32,
    pub season: Season,
    pub weather: u8,
}

impl Member<Time> for Character {
    party::member_fields!();
    fn player(&self) -> bool {
        self.kind == Kind::Pc || (self.kind == Kind::Hireling && self.side == Side::Party)
    }
    fn dead(&self) -> bool {
        self.dead
    }
    /// A charge and a spell being cast aim at those of the session it left. Marks that end
    /// with a dungeon turn or a day, and the dying count (K24), keep the distance they had.
    fn arrive(&mut self, left: &Time, now: &Time) {
        self.charged = None;
        self.casting = None;
        let turn = |t: u32| {
            if now.turn >= left.turn {
                t.saturating_add(now.turn - left.turn)
            } else {
                t.saturating_sub(left.turn - now.turn)
            }
        };
        let (left_day, now_day) = (left.clock.seconds / DAY, now.clock.seconds / DAY);
        for mark in &mut self.marks {
            mark.ends = match mark.ends {
                Ends::AfterTurn(t) => Ends::AfterTurn(turn(t)),
                Ends::AfterDay(d) => Ends::AfterDay(party::shifted(d, left_day, now_day)),
                other => other,
            };
            if let MarkKind::Flying { sure_until } = &mut mark.kind {
                *sure_until = turn(*sure_until);
            }
        }
        if let Some(critical) = &mut self.critical {
            critical.dies_after = turn(critical.dies_after);
        }
    }
}

/// Where time stands in `state`.
pub fn time(state: &State) -> Time {
    Time {
        clock: state.world.clock,
        turn: state.world.turn,
        season: state.world.season,
        weather: state.world.weather,
    }
}

// The clock, the dungeon turn, the season and the weather carry on together.
party::company!(Character, Time, time, |s, t| {
    s.world.clock = t.clock;
    s.world.turn = t.turn;
    s.world.season = t.season;
    s.world.weather = t.weather;
});
