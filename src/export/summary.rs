//! The fight summary: when a step ends a fight, the roll log and the recap get one entry that sums
//! it up. It is a view derived from the log, never a step of its own: the rounds and turns come
//! from each step's [`FightMark`] (the ruleset's initiative before and after it), the harm,
//! healing, downs, crits and fumbles from the tallies each ruleset gives its events
//! ([`crate::rules::Tally`]), and the time the table spent from the steps' wall-clock stamps. So
//! it replays, undoes and redoes with its steps, and the same log always sums up the same way.

use crate::rules::{Tally, TallyKind};
use crate::session::{Entry, Event, FightMark, Session, Stamp};

/// How far back from a fight's last step its first is looked for (a fight longer than this is
/// summed up from this many steps).
const LONGEST_FIGHT: usize = 20_000;

/// One fighter's numbers in a fight.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Fighter {
    pub name: String,
    pub dealt: u32,
    pub taken: u32,
    pub healed: u32,
    pub crits: u32,
    /// Critical damage taken (rulesets whose crits are blows that call a critical damage save).
    pub crits_taken: u32,
    pub fumbles: u32,
}

/// The time the table spent on a fight, from the steps' stamps (whole seconds).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TableTime {
    pub total: u64,
    /// Each round's time, in order: (round, seconds).
    pub rounds: Vec<(u32, u64)>,
    /// Each turn's time, in order: (who, seconds).
    pub turns: Vec<(String, u64)>,
}

/// A fight summed up.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FightSummary {
    pub rounds: u32,
    pub turns: u32,
    /// Who went down, in the order they did.
    pub down: Vec<String>,
    /// Everyone a tally named, in the order they were first named.
    pub fighters: Vec<Fighter>,
    /// None when the fight's steps carry no stamps (played before stamps, or by a script
    /// without a clock).
    pub time: Option<TableTime>,
}

/// Adds steps up one at a time, oldest first, and hands back a summary at each step that ends a
/// fight: the recap streams the log through one.
#[derive(Debug, Default)]
pub struct Summing {
    open: Option<Open>,
}

#[derive(Debug, Default)]
struct Open {
    sum: FightSummary,
    began: Option<Stamp>,
    /// Every stamp seen was there: a fight with a step that has none has no time.
    stamped: bool,
    /// The highest round anyone's turn began in, and the highest round seen at all.
    turn_round: u32,
    any_round: u32,
    round_start: Option<(u32, Stamp)>,
    turn_start: Option<(String, Stamp)>,
    rounds: Vec<(u32, u64)>,
    turns: Vec<(String, u64)>,
}

impl Summing {
    pub fn new() -> Summing {
        Summing::default()
    }

    /// Takes one applied step; returns the fight's summary when the step ends it.
    pub fn step(&mut self, entry: &Entry, events: &[Event]) -> Option<FightSummary> {
        let mark = entry.fight.as_deref()?;
        if mark.began || self.open.is_none() {
            self.open = Some(Open {
                began: entry.stamp,
                stamped: entry.stamp.is_some(),
                ..Open::default()
            });
        }
        let open = self.open.as_mut()?;
        open.take(mark, entry.stamp, events);
        if mark.ended {
            return self.open.take().map(Open::finish);
        }
        None
    }
}

impl Open {
    fn take(&mut self, mark: &FightMark, stamp: Option<Stamp>, events: &[Event]) {
        self.stamped &= stamp.is_some();
        self.any_round = self.any_round.max(mark.round);
        if mark.turn.is_some() {
            self.turn_round = self.turn_round.max(mark.round);
        }
        if let Some(now) = stamp {
            // A new round or turn closes the one before at this step's time.
            if !mark.ended
                && self
                    .round_start
                    .as_ref()
                    .is_none_or(|(r, _)| *r != mark.round)
            {
                if let Some((r, from)) = self.round_start.take() {
                    self.rounds.push((r, from.seconds_to(now)));
                }
                self.round_start = Some((mark.round, now));
            }
            if let Some(who) = &mark.turn {
                if let Some((was, from)) = self.turn_start.take() {
                    self.turns.push((was, from.seconds_to(now)));
                }
                self.turn_start = Some((who.to_string(), now));
            }
            if mark.ended {
                if let Some((r, from)) = self.round_start.take() {
                    self.rounds.push((r, from.seconds_to(now)));
                }
                if let Some((was, from)) = self.turn_start.take() {
                    self.turns.push((was, from.seconds_to(now)));
                }
                if let Some(began) = self.began {
                    self.sum.time = Some(TableTime {
                        total: began.seconds_to(now),
                        rounds: std::mem::take(&mut self.rounds),
                        turns: std::mem::take(&mut self.turns),
                    });
                }
            }
        }
        if mark.turn.is_some() {
            self.sum.turns += 1;
        }
        for tally in events.iter().flat_map(Event::tally) {
            self.count(&tally);
        }
    }

    fn fighter(&mut self, name: &str) -> &mut Fighter {
        let fighters = &mut self.sum.fighters;
        let at = match fighters.iter().position(|f| f.name == name) {
            Some(at) => at,
            None => {
                fighters.push(Fighter {
                    name: name.to_owned(),
                    ..Fighter::default()
                });
                fighters.len() - 1
            }
        };
        &mut fighters[at]
    }

    fn count(&mut self, tally: &Tally) {
        let n = tally.amount;
        let (by, to) = (tally.by.as_deref(), tally.to.as_deref());
        match tally.kind {
            TallyKind::Damage => {
                if let Some(by) = by {
                    self.fighter(by).dealt += n;
                }
                if let Some(to) = to {
                    self.fighter(to).taken += n;
                }
            }
            TallyKind::Healing => {
                if let Some(to) = to {
                    self.fighter(to).healed += n;
                }
            }
            TallyKind::Down => {
                if let Some(to) = to.filter(|t| !self.sum.down.iter().any(|d| d == t)) {
                    self.sum.down.push(to.to_owned());
                }
            }
            TallyKind::Crit => {
                if let Some(by) = by {
                    self.fighter(by).crits += n;
                }
                if let Some(to) = to {
                    self.fighter(to).crits_taken += n;
                }
            }
            TallyKind::Fumble => {
                if let Some(by) = by {
                    self.fighter(by).fumbles += n;
                }
            }
        }
    }

    /// A round counts once someone's turn began in it: a fight that ends as a new round turns
    /// over (the slot system's) was fought in the rounds before; the time of the round that never
    /// started goes to the last one that did.
    fn finish(mut self) -> FightSummary {
        let rounds = if self.turn_round > 0 {
            self.turn_round
        } else {
            self.any_round
        };
        self.sum.rounds = rounds;
        if !self.stamped {
            self.sum.time = None;
        }
        if let Some(time) = &mut self.sum.time {
            let mut kept: Vec<(u32, u64)> = Vec::new();
            for (r, secs) in time.rounds.drain(..) {
                match kept.last_mut() {
                    Some(last) if r > rounds => last.1 += secs,
                    _ => kept.push((r, secs)),
                }
            }
            time.rounds = kept;
        }
        self.sum
    }
}

/// The summary of the fight that step `index` (0-based, applied) ends, if it ends one: its steps
/// are found by looking back to the step that began it.
pub fn ending_at(session: &Session, index: usize) -> Option<FightSummary> {
    let applied = session.applied();
    let last = applied.get(index)?;
    if !last.fight.as_ref().is_some_and(|m| m.ended) {
        return None;
    }
    let floor = index.saturating_sub(LONGEST_FIGHT);
    let mut start = index;
    while start > floor {
        let mark = applied[start].fight.as_deref();
        if mark.is_none_or(|m| m.began) {
            break;
        }
        start -= 1;
    }
    if applied[start].fight.is_none() {
        start += 1;
    }
    let mut summing = Summing::new();
    let mut found = None;
    for (offset, events) in session.events_in(start..index + 1).iter().enumerate() {
        found = summing.step(&applied[start + offset], events);
    }
    found
}

/// Whole seconds as minutes and seconds ("4:05"), or hours too past an hour ("1:02:09").
pub fn clock(seconds: u64) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

impl FightSummary {
    /// The summary's first line: rounds, turns, who went down and the time at the table.
    pub fn headline(&self) -> String {
        let mut line = format!(
            "Fight summary: {}, {}",
            crate::rules::said::counted(self.rounds, "round", "rounds"),
            crate::rules::said::counted(self.turns, "turn", "turns")
        );
        if self.down.is_empty() {
            line.push_str("; nobody went down");
        } else {
            line.push_str(&format!("; down: {}", self.down.join(", ")));
        }
        match &self.time {
            Some(t) => {
                line.push_str(&format!("; {} at the table", clock(t.total)));
                if !t.rounds.is_empty() {
                    let rounds: Vec<String> = t
                        .rounds
                        .iter()
                        .map(|(r, s)| format!("round {r} {}", clock(*s)))
                        .collect();
                    line.push_str(&format!(" ({})", rounds.join(", ")));
                }
                if let Some((who, longest)) = t.turns.iter().max_by_key(|(_, s)| *s) {
                    let all: u64 = t.turns.iter().map(|(_, s)| s).sum();
                    let average = all / t.turns.len() as u64;
                    line.push_str(&format!(
                        "; a turn took {} on average, the longest {who}'s {}",
                        clock(average),
                        clock(*longest)
                    ));
                }
            }
            None => line.push_str("; no time recorded"),
        }
        line
    }

    /// One line per fighter with anything to count: harm dealt and taken, healing, crits and
    /// fumbles.
    pub fn fighter_lines(&self) -> Vec<String> {
        self.fighters
            .iter()
            .filter_map(|f| {
                let mut parts = Vec::new();
                if f.dealt > 0 {
                    parts.push(format!("dealt {}", f.dealt));
                }
                if f.taken > 0 {
                    parts.push(format!("took {}", f.taken));
                }
                if f.healed > 0 {
                    parts.push(format!("healed {}", f.healed));
                }
                if f.crits > 0 {
                    parts.push(crate::rules::said::counted(f.crits, "crit", "crits"));
                }
                if f.crits_taken > 0 {
                    parts.push(format!(
                        "took {}",
                        crate::rules::said::counted(f.crits_taken, "crit", "crits")
                    ));
                }
                if f.fumbles > 0 {
                    parts.push(crate::rules::said::counted(f.fumbles, "fumble", "fumbles"));
                }
                (!parts.is_empty()).then(|| format!("{}: {}", f.name, parts.join(", ")))
            })
            .collect()
    }

    /// Every line of the summary: the headline, then each fighter's.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = vec![self.headline()];
        lines.extend(self.fighter_lines());
        lines
    }
}
