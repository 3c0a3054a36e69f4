//! Exploration time (R30-R32): trys, tasks and rests, encounter dice and their odds, who can
//! work at once in the dark, travel watches and days, and the time of day.

use super::Event;
use super::model::*;
use super::ticks;
use crate::dice::DiceSource;
use crate::rules::RuleError;
use std::cmp::Ordering;

/// Minutes in a try (R30: 10 trys make an hour).
pub const TRY_MINUTES: u64 = 6;
/// Trys in a watch of travel. The rule text gives no length; a watch is taken as four hours,
/// six to a day.
pub const WATCH_TRYS: u64 = 40;
/// Trys in a 30-minute rest (R31).
pub const REST_TRYS: u16 = 5;
/// The most trys one task may take; a longer stretch is several tasks or travel.
pub const MAX_TASK_TRYS: u16 = 100;
/// The most watches or days one command may pass.
pub const MAX_WATCHES: u16 = 60;
pub const MAX_DAYS: u16 = 366;

const MINUTES_PER_DAY: u64 = 24 * 60;

/// How many different senses an activity alerts; the same sense named twice counts once.
pub fn count_senses(senses: &[Sense]) -> usize {
    let mut seen: Vec<String> = Vec::new();
    for s in senses {
        let key = match s {
            Sense::Sound => "sound".to_string(),
            Sense::Light => "light".to_string(),
            Sense::Smell => "smell".to_string(),
            Sense::Magic => "magic".to_string(),
            Sense::Other(name) => format!("other:{}", name.trim().to_lowercase()),
        };
        if !seen.contains(&key) {
            seen.push(key);
        }
    }
    seen.len()
}

/// Faces of the d10 (read 0-9) that bring an encounter: 0, plus one more per sense (R30).
pub fn encounter_faces(senses: usize) -> u16 {
    senses.saturating_add(1).min(10) as u16
}

/// Does this d10 face (10 reads as 0) bring an encounter?
pub fn is_encounter(face: u16, encounter_faces: u16) -> bool {
    face % 10 < encounter_faces
}

/// The chance, in whole percent rounded half up, that `trys` encounter dice bring at least one
/// encounter when `senses` senses are alerted (R30). Exact integer arithmetic, so the same inputs
/// give the same figure everywhere: 1 try quiet 10, 1 sense 20, 4 senses 50, a 5-try rest 41,
/// a 5-try rest with 2 senses 83.
pub fn encounter_odds(trys: u16, senses: u16) -> u8 {
    if trys == 0 {
        return 0;
    }
    let faces = u32::from(encounter_faces(usize::from(senses)));
    // Past 50 dice even a single encounter face leaves under half a percent of quiet
    // (0.9^51 < 0.005), so the figure rounds to 100 whatever the senses.
    if faces >= 10 || trys > 50 {
        return 100;
    }
    let quiet = 10 - faces;
    let all = Big::pow(10, trys);
    let none = Big::pow(quiet, trys);
    // percent = floor((200 * (all - none) + all) / (2 * all)): 100 * (1 - none/all), half up.
    let num = all.sub(&none).mul(200).add(&all);
    (0..=100u32)
        .rev()
        .find(|&p| all.mul(2 * p).cmp(&num) != Ordering::Greater)
        .map_or(0, |p| p as u8)
}

/// Whole numbers past u128 (10^50 for 50 dice), as little-endian base-2^32 digits. Only what
/// [`encounter_odds`] needs.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Big(Vec<u32>);

impl Big {
    fn pow(base: u32, exp: u16) -> Big {
        (0..exp).fold(Big(vec![1]), |acc, _| acc.mul(base))
    }

    fn mul(&self, k: u32) -> Big {
        let mut digits = Vec::with_capacity(self.0.len() + 1);
        let mut carry = 0u64;
        for &d in &self.0 {
            let x = u64::from(d) * u64::from(k) + carry;
            digits.push(x as u32);
            carry = x >> 32;
        }
        if carry > 0 {
            digits.push(carry as u32);
        }
        Big(digits).trimmed()
    }

    fn add(&self, other: &Big) -> Big {
        let len = self.0.len().max(other.0.len());
        let mut digits = Vec::with_capacity(len + 1);
        let mut carry = 0u64;
        for i in 0..len {
            let x = u64::from(self.digit(i)) + u64::from(other.digit(i)) + carry;
            digits.push(x as u32);
            carry = x >> 32;
        }
        if carry > 0 {
            digits.push(carry as u32);
        }
        Big(digits).trimmed()
    }

    /// `self - other`, for `self >= other`.
    fn sub(&self, other: &Big) -> Big {
        let mut digits = Vec::with_capacity(self.0.len());
        let mut borrow = 0i64;
        for i in 0..self.0.len() {
            let mut x = i64::from(self.digit(i)) - i64::from(other.digit(i)) - borrow;
            borrow = 0;
            if x < 0 {
                x += 1 << 32;
                borrow = 1;
            }
            digits.push(x as u32);
        }
        Big(digits).trimmed()
    }

    fn digit(&self, i: usize) -> u32 {
        self.0.get(i).copied().unwrap_or(0)
    }

    fn trimmed(mut self) -> Big {
        while self.0.len() > 1 && self.0.last() == Some(&0) {
            self.0.pop();
        }
        self
    }

    fn cmp(&self, other: &Big) -> Ordering {
        self.0
            .len()
            .cmp(&other.0.len())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}

/// Does this character carry a light of their own: a light source outside the backpack (a
/// lantern packed away gives no light)?
pub fn has_own_light(c: &Character) -> bool {
    (1..=c.slots.len() as SlotNo).any(|n| {
        c.layout.region(n) != Some(Region::Backpack)
            && c.item_at(n).is_some_and(|i| i.has(Prop::LightSource))
    })
}

/// The players who can work on something at the same time (R31): everyone awake, and in the
/// dark only those with their own light.
pub fn can_work_at_once(state: &State) -> Vec<CharId> {
    state
        .characters
        .iter()
        .filter(|c| c.side == Side::Players && !c.incapacitated())
        .filter(|c| !state.clock.dark || has_own_light(c))
        .map(|c| c.id)
        .collect()
}

/// Minutes since midnight of the first day.
pub fn minutes(clock: &Clock) -> u64 {
    u64::from(clock.start_minute)
        + u64::from(clock.trys) * TRY_MINUTES
        + u64::from(clock.watches) * WATCH_TRYS * TRY_MINUTES
        + u64::from(clock.days) * MINUTES_PER_DAY
}

/// The time of day as (hour, minute).
pub fn time_of_day(clock: &Clock) -> (u8, u8) {
    let m = minutes(clock) % MINUTES_PER_DAY;
    ((m / 60) as u8, (m % 60) as u8)
}

/// Which day it is, counting the session's first day as day 1.
pub fn day(clock: &Clock) -> u64 {
    minutes(clock) / MINUTES_PER_DAY + 1
}

fn clock_text(clock: &Clock) -> String {
    let (h, m) = time_of_day(clock);
    format!("day {}, {h:02}:{m:02}", day(clock))
}

fn not_in_combat(state: &State, what: &str) -> Result<(), RuleError> {
    match &state.combat {
        Some(c) => Err(RuleError::invalid(format!(
            "a fight is under way (round {}): end it before {what}",
            c.round
        ))),
        None => Ok(()),
    }
}

/// How a stretch of trys is spent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spent {
    /// A task: bleeding ticks each try and any rest in progress is broken.
    Task,
    /// A 30-minute rest: bleeding still ticks, rest counts towards removing exhaustion.
    Rest,
    /// The try a fight took: bleeding already ticked turn by turn.
    Fight,
}

/// Spends `trys` trys: end-of-try effects for everyone, one encounter d10 per try (R30), then
/// the encounter summary and the new time.
pub fn spend_trys(
    state: &mut State,
    label: &str,
    trys: u16,
    senses: &[Sense],
    spent: Spent,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if spent != Spent::Rest {
        ticks::break_rest(state);
    }
    // Fire counts rounds (R25), which time outside a fight does not: the judge must hear of it,
    // and a quiet step has no one to tell.
    if spent != Spent::Fight && !crate::rules::said::is_quiet() {
        for c in state.characters.iter().filter(|c| !c.status.dead) {
            if c.first_marked(Condition::F).is_some() {
                crate::rules::said::tell(out, || {
                    Event::for_the_judge(format!(
                        "{} is burning through all of it: time outside a fight counts no rounds, so \
                     rule on the fire by hand (douse it first)",
                        c.name
                    ))
                });
            }
        }
    }
    let enc = encounter_faces(count_senses(senses));
    let mut faces = Vec::with_capacity(usize::from(trys));
    let bleeding = spent != Spent::Fight;
    // Most stretches of time find nobody bleeding, in the cold or warming, and none of a try's
    // work starts any of it: then no try's end is looked at.
    let touched = ticks::try_touches_anyone(state, bleeding);
    for _ in 0..trys {
        state.clock.trys = state.clock.trys.saturating_add(1);
        if touched {
            ticks::end_of_try(state, bleeding, out)?;
        }
        if spent == Spent::Rest {
            ticks::rest_try(state, out)?;
        }
        let try_no = state.clock.trys;
        faces.push(dice.roll(
            10,
            &format_args!("the encounter die for try {try_no} ({label})"),
        )?);
    }
    let encounters = faces.iter().filter(|&&f| is_encounter(f, enc)).count() as u16;
    // The clock panel shows the last encounter dice, however long ago they were rolled.
    let rolled = EncounterDice {
        faces,
        encounter_faces: enc,
        encounters,
    };
    crate::rules::said::tell(out, || Event::EncounterRoll {
        faces: rolled.faces.clone(),
        encounter_faces: enc,
        encounters,
    });
    state.recent.encounter = Some(rolled);
    crate::rules::said::tell(out, || Event::TimePassed {
        trys: state.clock.trys,
        what: format!("{label}, now {}", clock_text(&state.clock)),
    });
    Ok(())
}

/// A task of one or more trys (R30, R31).
pub fn task(
    state: &mut State,
    label: &str,
    trys: u16,
    senses: &[Sense],
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let label = &crate::rules::text::checked(
        crate::rules::text::TextKind::Action,
        label,
        "say what the task is",
    )?;
    if trys == 0 || trys > MAX_TASK_TRYS {
        return Err(RuleError::invalid(format!(
            "a task takes from 1 to {MAX_TASK_TRYS} trys"
        )));
    }
    not_in_combat(state, "spending trys on a task")?;
    if state.clock.dark {
        dark_note(state, out);
    }
    spend_trys(state, label, trys, senses, Spent::Task, dice, out)
}

/// In the dark, says who has no light of their own and so cannot work alongside the others.
fn dark_note(state: &State, out: &mut Vec<Event>) {
    let lit = can_work_at_once(state);
    let unlit: Vec<&str> = state
        .characters
        .iter()
        .filter(|c| c.side == Side::Players && !c.incapacitated() && !lit.contains(&c.id))
        .map(|c| c.name.as_str())
        .collect();
    if unlit.is_empty() {
        return;
    }
    let lit: Vec<String> = lit.iter().map(|&id| state.name_of(id)).collect();
    let lit = if lit.is_empty() {
        "nobody".to_string()
    } else {
        lit.join(", ")
    };
    crate::rules::said::tell(out, || {
        Event::Note(format!(
            "It is dark: only {lit} can work at the same time; {} need a light of their own or a \
         try of their own",
            unlit.join(", ")
        ))
    });
}

/// A 30-minute rest (R31): 5 trys with their encounter dice; removes one E (R24) and one fatigue
/// mark (R28), and with food and water and no open wound one B (R22), for each player.
pub fn rest(
    state: &mut State,
    fed: bool,
    senses: &[Sense],
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    not_in_combat(state, "resting")?;
    let label = if fed {
        "a 30-minute rest with food and water"
    } else {
        "a 30-minute rest"
    };
    spend_trys(state, label, REST_TRYS, senses, Spent::Rest, dice, out)?;
    for i in 0..state.characters.len() {
        let c = &state.characters[i];
        if !c.status.dead && c.side == Side::Players {
            ticks::rest_end(state, c.id, fed, out)?;
        }
    }
    Ok(())
}

/// Travel by watches (R32): each open wound bleeds once per watch.
pub fn travel(state: &mut State, watches: u16, out: &mut Vec<Event>) -> Result<(), RuleError> {
    if watches == 0 || watches > MAX_WATCHES {
        return Err(RuleError::invalid(format!(
            "travel takes from 1 to {MAX_WATCHES} watches"
        )));
    }
    not_in_combat(state, "travelling")?;
    ticks::break_rest(state);
    for i in 1..=watches {
        state.clock.watches = state.clock.watches.saturating_add(1);
        ticks::end_of_watch(state, out)?;
        crate::rules::said::tell(out, || {
            Event::Note(format!(
                "Watch {i} of {watches} of travel ends ({})",
                clock_text(&state.clock)
            ))
        });
    }
    Ok(())
}

/// Whole days pass (R32). Nothing ticks by itself: hunger and thirst are marked with `Starve`
/// (R27), and an open wound left untreated over days is the judge's to settle.
pub fn pass_days(state: &mut State, days: u16, out: &mut Vec<Event>) -> Result<(), RuleError> {
    if days == 0 || days > MAX_DAYS {
        return Err(RuleError::invalid(format!(
            "pass from 1 to {MAX_DAYS} days at a time"
        )));
    }
    not_in_combat(state, "letting days pass")?;
    ticks::break_rest(state);
    state.clock.days = state.clock.days.saturating_add(u32::from(days));
    // Who goes short is the judge's to mark, and the judge's alone to read.
    crate::rules::said::tell(out, || {
        Event::Told(
            crate::rules::Line::from(format!(
                "{} {}; it is now {}",
                crate::rules::said::counted(days, "day", "days"),
                if days == 1 { "passes" } else { "pass" },
                clock_text(&state.clock)
            ))
            .judge(crate::rules::Line::from(
                ". Mark malnourishment for anyone short of food or drink",
            )),
        )
    });
    for c in &state.characters {
        if !c.status.dead && super::conditions::has_open_wound(c) {
            crate::rules::said::tell(out, || {
                Event::for_the_judge(format!(
                    "{} still has an open wound: days do not tick bleeding, so rule on it",
                    c.name
                ))
            });
        }
    }
    Ok(())
}

/// The party is in the dark or back in the light (R31).
pub fn set_dark(state: &mut State, dark: bool, out: &mut Vec<Event>) -> Result<(), RuleError> {
    if state.clock.dark == dark {
        return Err(RuleError::invalid(if dark {
            "it is already dark"
        } else {
            "it is not dark"
        }));
    }
    state.clock.dark = dark;
    crate::rules::said::tell(out, || {
        Event::Note(if dark {
            "It is dark: only those with their own light can work at the same time".to_string()
        } else {
            "There is light again: everyone can work at the same time".to_string()
        })
    });
    Ok(())
}

/// Sets the time of day to `hour:minute` by moving the clock's starting minute; the trys, watches
/// and days already counted stay as they are. It stays the same day unless the time counted so
/// far has already passed that hour today, in which case it is that hour tomorrow.
pub fn set_time_of_day(
    state: &mut State,
    hour: u8,
    minute: u8,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if hour > 23 || minute > 59 {
        return Err(RuleError::invalid("give a time of day from 00:00 to 23:59"));
    }
    let clock = &mut state.clock;
    let counted = minutes(clock) - u64::from(clock.start_minute);
    let today = minutes(clock) / MINUTES_PER_DAY * MINUTES_PER_DAY;
    let mut at = today + u64::from(hour) * 60 + u64::from(minute);
    if at < counted {
        at += MINUTES_PER_DAY;
    }
    // Whole days of the offset go to the day count, so the starting minute stays within a day.
    let offset = at - counted;
    let whole_days = u32::try_from(offset / MINUTES_PER_DAY)
        .map_err(|_| RuleError::invalid("the clock cannot go that far"))?;
    clock.days = clock
        .days
        .checked_add(whole_days)
        .ok_or_else(|| RuleError::invalid("the clock cannot go that far"))?;
    clock.start_minute = (offset % MINUTES_PER_DAY) as u16;
    crate::rules::said::tell(out, || {
        Event::Note(format!("The time is set: it is now {}", clock_text(clock)))
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r30_big_numbers_add_multiply_and_compare() {
        let a = Big::pow(10, 40);
        let b = Big::pow(9, 40);
        assert_eq!(a.sub(&b).add(&b), a);
        assert_eq!(a.cmp(&b), Ordering::Greater);
        assert_eq!(Big::pow(2, 64), Big(vec![0, 0, 1]));
        assert_eq!(Big::pow(2, 32).sub(&Big(vec![1])), Big(vec![u32::MAX]));
    }

    #[test]
    fn r30_setting_the_time_keeps_the_day_unless_the_hour_has_passed() {
        let mut s = State::default();
        s.clock.trys = 100; // 10:00 on day 1
        set_time_of_day(&mut s, 14, 30, &mut Vec::new()).unwrap();
        assert_eq!((time_of_day(&s.clock), day(&s.clock)), ((14, 30), 1));
        set_time_of_day(&mut s, 9, 0, &mut Vec::new()).unwrap();
        assert_eq!((time_of_day(&s.clock), day(&s.clock)), ((9, 0), 2));
        assert_eq!(s.clock.trys, 100);
        assert!(u64::from(s.clock.start_minute) < MINUTES_PER_DAY);
        assert!(set_time_of_day(&mut s, 12, 60, &mut Vec::new()).is_err());
    }

    #[test]
    fn r30_odds_are_exact_at_the_half() {
        // 4 senses over 3 trys: 1 - (1/2)^3 = 87.5%, which rounds up.
        assert_eq!(encounter_odds(3, 4), 88);
        // 40 quiet trys: 1 - 0.9^40 = 98.52%.
        assert_eq!(encounter_odds(40, 0), 99);
        assert_eq!(encounter_odds(50, 0), 99);
        assert_eq!(encounter_odds(51, 0), 100);
        assert_eq!(encounter_odds(0, 3), 0);
        assert_eq!(encounter_odds(1, 9), 100);
    }
}
