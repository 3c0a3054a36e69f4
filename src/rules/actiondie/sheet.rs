//! The judge's edits to a sheet: new sheets (D1, D4), numbers set by hand, statuses (D31),
//! resistances, skills and techniques, items with quick slots and bundles (D34-D36), notes,
//! and the rulings of death and flight (D28).

use super::character::{Character, NewSheet};
use super::command::{Mood, Out, Stat, say, tell_the_judge};
use super::model::{Bonus, DamageType, Item, Skill, Status, Technique};
use super::state::State;
use super::turns;
use crate::dice::ladder::{ABILITY_RUNGS, Dice};
use crate::rules::RuleError;
use crate::rules::line::{Line, Num};
use crate::rules::said::words;
use crate::rules::text::{TextKind, checked};

/// The rung a d6 gives an ability of a rolled PC (the ruleset's page): 1-2 d4, 3-4 d6, 5 d8,
/// 6 d10.
pub fn rolled_rung(face: u32) -> u8 {
    match face {
        0..=2 => 1,
        3..=4 => 2,
        5 => 3,
        _ => 4,
    }
}

/// A d6 for each ability's die, in the sheet's order.
const ABILITY_DRAWS: [crate::rules::chargen::Draw; 4] = {
    use crate::rules::chargen::draw;
    [
        draw("STR", 1, 6),
        draw("DEX", 1, 6),
        draw("AWR", 1, 6),
        draw("WIL", 1, 6),
    ]
};

/// A PC rolled by the procedure on the ruleset's page: a d6 for each ability's die in order,
/// then 2d6 plus the STR value (D2) for HP.
pub fn roll(
    state: &mut State,
    name: &str,
    dice: &mut dyn crate::dice::DiceSource,
    out: &mut Out,
) -> Result<(), RuleError> {
    use crate::rules::chargen::{draw, fresh, in_order};
    let who = fresh(name, state.characters.iter().map(|c| c.name.as_str()))?;
    let faces = in_order(dice, &who, &ABILITY_DRAWS, out)?;
    let mut base = [0u8; 4];
    for (rung, face) in base.iter_mut().zip(&faces) {
        *rung = rolled_rung(*face);
    }
    let hp = in_order(dice, &who, &[draw("HP", 2, 6)], out)?;
    let str_value = ABILITY_RUNGS
        .rung(usize::from(base[0]))
        .map_or(0, |r| r.value);
    let hp = u16::try_from(hp.iter().sum::<u32>())
        .unwrap_or(u16::MAX)
        .saturating_add(str_value);
    add(
        state,
        &NewSheet::new(who, super::model::Side::Pc, base, hp),
        out,
    )
}

pub fn add(state: &mut State, s: &NewSheet, out: &mut Out) -> Result<(), RuleError> {
    // A second creature with a taken name is numbered ("Orc 2").
    let name = state.new_name(&s.name, "a character needs a name")?;
    if s.base
        .iter()
        .any(|&r| usize::from(r) >= ABILITY_RUNGS.len())
    {
        return Err(RuleError::invalid(
            "abilities are rungs of the die ladder, 0 to 5d12",
        ));
    }
    if !(1..=100).contains(&s.hp) {
        return Err(RuleError::invalid("HP max is 1 to 100"));
    }
    if s.ar > 100 || s.movement > 100 {
        return Err(RuleError::invalid("AR and movement are 0 to 100"));
    }
    let id = crate::rules::take_id(&mut state.next_id)?;
    let sheet = NewSheet {
        name: name.clone(),
        items: Vec::new(),
        ..s.clone()
    };
    if s.items.len() > 20 {
        return Err(RuleError::invalid("a new sheet carries at most 20 items"));
    }
    let c = Character::new(id, &sheet);
    let abil: Vec<String> = super::model::Ability::ALL
        .iter()
        .map(|&a| format!("{a} {}", c.dice(a)))
        .collect();
    // The sheet is the newcomer's numbers.
    crate::rules::said::tell(out, || {
        super::command::Event::line(
            Mood::Plain,
            Line::new().name(id, name.clone()).plain(" joins").of(
                id,
                Line::new().plain(": ").number(
                    id,
                    Num::Score,
                    crate::rules::said::words!("{}, HP {}", abil.join(" "), s.hp),
                ),
                "",
            ),
        )
    });
    state.characters.push(c);
    // A kit goes in as the judge would carry it, item by item, the first weapon in hand.
    let mut armed = false;
    for item in &s.items {
        carry(state, id, item, out)?;
        if !armed && item.damage.is_some() {
            armed = true;
            let index = state.character(id)?.items.len().saturating_sub(1) as u8;
            hold(state, id, index, true, out)?;
        }
    }
    Ok(())
}

pub fn remove(state: &mut State, who: u32, out: &mut Out) -> Result<(), RuleError> {
    let name = state.character(who)?.name.clone();
    state.characters.retain(|c| c.id != who);
    turns::leave(state, who);
    for c in &mut state.characters {
        if c.helped.as_ref().is_some_and(|h| h.helper == who) {
            c.helped = None;
        }
    }
    say(out, Mood::Plain, words!("{name} leaves the session"));
    Ok(())
}

pub fn set(
    state: &mut State,
    who: u32,
    stat: Stat,
    value: u16,
    out: &mut Out,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    let top: u16 = match stat {
        Stat::Ability(_) => (ABILITY_RUNGS.len() - 1) as u16,
        Stat::Hp => c.hp_max_now(),
        Stat::HpMax => 100,
        Stat::Ar | Stat::Movement | Stat::Exhaustion => 99,
        Stat::Hands => 4,
        Stat::TechTotal => 20,
        Stat::TechLeft => u16::from(c.tech_total),
        Stat::TechDie => 100,
    };
    if stat == Stat::Hp && value > top {
        return Err(RuleError::invalid(format!(
            "HP goes 0 to the max, {top}: hpmax raises the max"
        )));
    }
    if value > top || (stat == Stat::HpMax && value == 0) || (stat == Stat::TechDie && value < 2) {
        return Err(RuleError::invalid(format!(
            "{} goes {} to {top}",
            stat.word(),
            match stat {
                Stat::HpMax => 1,
                Stat::TechDie => 2,
                _ => 0,
            }
        )));
    }
    let v8 = value as u8;
    let hp_was = c.hp;
    match stat {
        Stat::Ability(a) => c.base[a.index()] = v8,
        Stat::Hp => c.hp = value,
        Stat::HpMax => {
            c.hp_max = value;
            c.hp = c.hp.min(c.hp_max_now());
        }
        Stat::Ar => c.ar = value,
        Stat::Movement => c.movement = v8,
        Stat::Hands => c.hands = v8,
        Stat::Exhaustion => {
            c.exhaustion = v8;
            c.hp = c.hp.min(c.hp_max_now());
        }
        Stat::TechTotal => {
            c.tech_total = v8;
            c.tech_left = c.tech_left.min(v8);
        }
        Stat::TechLeft => c.tech_left = v8,
        Stat::TechDie => c.tech_die = value,
    }
    let shown = match stat {
        Stat::Ability(a) => c.dice(a).to_string(),
        _ => value.to_string(),
    };
    // The judge's edit counts as harm taken or healing, as HP moved.
    crate::rules::said::tell(out, || {
        super::command::Event::line(
            Mood::Ruling,
            Line::new().ruling(
                Line::new()
                    .plain("The judge sets ")
                    .name(who, c.name.clone())
                    .plain(crate::rules::said::words!("'s {} to ", stat.word()))
                    .number(who, Num::Score, shown.clone()),
                Line::new()
                    .name(who, c.name.clone())
                    .plain(crate::rules::said::words!("'s {}", stat.word()))
                    .of(
                        who,
                        Line::new().plain(" is now ").number(who, Num::Score, shown),
                        " changes",
                    ),
            ),
        )
        .counting(crate::rules::Tally::moved(
            &c.name,
            u32::from(hp_was),
            u32::from(c.hp),
        ))
    });
    Ok(())
}

pub fn status(
    state: &mut State,
    who: u32,
    status: Status,
    on: bool,
    out: &mut Out,
) -> Result<(), RuleError> {
    let c = state.living_mut(who)?;
    if !on && status == Status::Mute && c.injuries.voice {
        return Err(RuleError::invalid(format!(
            "{} lost the voice: Mute for good",
            c.name
        )));
    }
    if !on && status == Status::Unconscious && c.exhaustion >= 3 && !c.statuses.contains(&status) {
        return Err(RuleError::invalid(format!(
            "{} is Unconscious from exhaustion {}: take a level away",
            c.name, c.exhaustion
        )));
    }
    if !c.set_status(status, on) {
        return Err(RuleError::invalid(format!(
            "{} is {}{status} already",
            c.name,
            if on { "" } else { "not " }
        )));
    }
    if status == Status::Afraid && !on {
        c.afraid_of = None;
    }
    say(
        out,
        if on { Mood::Mark } else { Mood::Mended },
        if on {
            words!("{} is {status}: {}", c.name, status.effect())
        } else {
            words!("{} is no longer {status}", c.name)
        },
    );
    Ok(())
}

pub fn afraid(state: &mut State, who: u32, of: &str, out: &mut Out) -> Result<(), RuleError> {
    let of = checked(TextKind::Action, of, "say what it fears")?;
    let c = state.living_mut(who)?;
    c.set_status(Status::Afraid, true);
    c.afraid_of = Some(of.clone());
    say(
        out,
        Mood::Mark,
        words!(
            "{} is Afraid of {of}: no willing step or act toward it",
            c.name
        ),
    );
    Ok(())
}

pub fn resist(
    state: &mut State,
    who: u32,
    kind: DamageType,
    vulnerable: bool,
    on: bool,
    out: &mut Out,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    let list = if vulnerable {
        &mut c.vulnerable
    } else {
        &mut c.resist
    };
    list.retain(|k| *k != kind);
    if on {
        list.push(kind);
    }
    say(
        out,
        Mood::Plain,
        words!(
            "{} is {}{} {kind}",
            c.name,
            if on { "" } else { "no longer " },
            if vulnerable {
                "vulnerable to"
            } else {
                "resistant to"
            }
        ),
    );
    Ok(())
}

pub fn skill(
    state: &mut State,
    who: u32,
    name: &str,
    bonus: Option<Bonus>,
    out: &mut Out,
) -> Result<(), RuleError> {
    let name = checked(TextKind::Name, name, "name the skill")?;
    if let Some(Bonus::Die(d)) = bonus
        && (d.count == 0 || d.count > 5 || d.sides < 2 || d.sides > 100)
    {
        return Err(RuleError::invalid(
            "a skill's die is 1 to 5 dice of 2 to 100 sides",
        ));
    }
    let c = state.character_mut(who)?;
    let had = c
        .skills
        .iter()
        .position(|s| s.name.eq_ignore_ascii_case(&name));
    match (had, bonus) {
        (Some(i), None) => {
            c.skills.remove(i);
            say(out, Mood::Plain, words!("{} forgets {name}", c.name));
        }
        (None, None) => {
            return Err(RuleError::invalid(format!(
                "{} has no skill {name}",
                c.name
            )));
        }
        (at, Some(b)) => {
            let s = Skill {
                name: name.clone(),
                bonus: b,
            };
            match at {
                Some(i) => c.skills[i] = s,
                None => c.skills.push(s),
            }
            say(out, Mood::Plain, words!("{}: skill {name} {b}", c.name));
        }
    }
    Ok(())
}

pub fn learn(
    state: &mut State,
    who: u32,
    name: &str,
    init: Option<Dice>,
    out: &mut Out,
) -> Result<(), RuleError> {
    let name = checked(TextKind::Name, name, "name the technique")?;
    if init.is_some_and(|d| d.count == 0 || d.count > 20 || d.sides < 2) {
        return Err(RuleError::invalid(
            "an initiative die is 1 to 20 dice of 2 sides or more",
        ));
    }
    let c = state.character_mut(who)?;
    if c.techniques.len() >= 50 {
        return Err(RuleError::invalid("at most 50 techniques"));
    }
    c.techniques.push(Technique {
        name: name.clone(),
        prepared: false,
        init,
    });
    say(
        out,
        Mood::Plain,
        words!("{} learns the technique {name}", c.name),
    );
    Ok(())
}

pub fn prepare(
    state: &mut State,
    who: u32,
    index: u8,
    on: bool,
    out: &mut Out,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    let name = c.name.clone();
    let t = c
        .techniques
        .get_mut(usize::from(index))
        .ok_or_else(|| RuleError::invalid(format!("{name} has no technique {}", index + 1)))?;
    t.prepared = on;
    say(
        out,
        Mood::Plain,
        words!(
            "{name}'s {} is {}prepared",
            t.name,
            if on { "" } else { "no longer " }
        ),
    );
    Ok(())
}

/// D36: an item into the next slots; a like item joins a bundle with room.
pub fn carry(state: &mut State, who: u32, item: &Item, out: &mut Out) -> Result<(), RuleError> {
    let name = checked(TextKind::ItemName, &item.name, "an item needs a name")?;
    if item.size == 0
        || item.size > 10
        || item.bundle == 0
        || item.count == 0
        || item.count > item.bundle
    {
        return Err(RuleError::invalid(
            "an item takes 1 to 10 slots, and a bundle holds 1 or more up to its size",
        ));
    }
    if item
        .damage
        .is_some_and(|d| d.count == 0 || d.count > 20 || d.sides < 2 || d.sides > 100)
    {
        return Err(RuleError::invalid(
            "damage dice are 1 to 20 dice of 2 to 100 sides",
        ));
    }
    let c = state.living_mut(who)?;
    if let Some(b) = c.items.iter_mut().find(|i| {
        i.bundle > 1 && i.name.eq_ignore_ascii_case(&name) && i.count < i.bundle && !i.broken
    }) {
        b.count += 1;
        say(
            out,
            Mood::Plain,
            words!(
                "{} adds one to the bundle of {}: {}/{}",
                c.name,
                b.name,
                b.count,
                b.bundle
            ),
        );
        return Ok(());
    }
    if !c.bag && c.items.len() >= usize::from(c.hands) {
        return Err(RuleError::invalid(format!(
            "{} has no bag: one item per hand at most",
            c.name
        )));
    }
    if c.items.len() >= 60 {
        return Err(RuleError::invalid("at most 60 items"));
    }
    // D12: an item may be taken straight into a free hand.
    if item.held && c.items.iter().filter(|i| i.held).count() >= usize::from(c.hands) {
        return Err(RuleError::invalid(format!(
            "{}'s {} full: carry it without held, or put something away first",
            c.name,
            hands_words(usize::from(c.hands))
        )));
    }
    let it = Item {
        name,
        ..item.clone()
    };
    let text = it.text();
    c.items.push(it);
    let over = c.excess();
    say(
        out,
        if over > 0 { Mood::Warn } else { Mood::Plain },
        words!(
            "{} carries {text}: {}/{} slots{}",
            c.name,
            c.used_slots(),
            c.slots(),
            if over > 0 { ", encumbered" } else { "" }
        ),
    );
    Ok(())
}

pub fn drop(state: &mut State, who: u32, index: u8, out: &mut Out) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    let i = usize::from(index);
    if i >= c.items.len() {
        return Err(RuleError::invalid(format!(
            "{} has no item {}",
            c.name,
            i + 1
        )));
    }
    let it = &mut c.items[i];
    let text = if it.count > 1 {
        it.count -= 1;
        format!("{} drops one {} ({} left)", c.name, it.name, it.count)
    } else {
        let it = c.items.remove(i);
        format!("{} drops the {}", c.name, it.name)
    };
    say(out, Mood::Plain, text);
    Ok(())
}

/// D12, D36: takes an item in hand (drawing from a non-quick slot is the turn's action) or
/// puts it away.
pub fn hold(
    state: &mut State,
    who: u32,
    index: u8,
    on: bool,
    out: &mut Out,
) -> Result<(), RuleError> {
    let c = state.living_mut(who)?;
    let i = usize::from(index);
    let name = c.name.clone();
    let quick = c.positions().get(i).map(|p| p.1);
    let hands = usize::from(c.hands);
    let held = c.items.iter().filter(|i| i.held).count();
    let it = c
        .items
        .get_mut(i)
        .ok_or_else(|| RuleError::invalid(format!("{name} has no item {}", i + 1)))?;
    if on && !it.held && held >= hands {
        return Err(RuleError::invalid(format!(
            "{name}'s {} full: put something away first",
            hands_words(hands)
        )));
    }
    it.held = on;
    let text = if !on {
        format!("{name} puts the {} away", it.name)
    } else if quick == Some(true) {
        format!("{name} draws the {} from a quick slot", it.name)
    } else {
        format!(
            "{name} takes the {} out of the bag: that is the turn's action",
            it.name
        )
    };
    say(out, Mood::Plain, text);
    Ok(())
}

pub fn break_(state: &mut State, who: u32, index: u8, out: &mut Out) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    let name = c.name.clone();
    let it = c
        .items
        .get_mut(usize::from(index))
        .ok_or_else(|| RuleError::invalid(format!("{name} has no item {}", index + 1)))?;
    it.broken = !it.broken;
    say(
        out,
        Mood::Ruling,
        words!(
            "The judge rules {name}'s {} {}",
            it.name,
            if it.broken { "broken" } else { "mended" }
        ),
    );
    Ok(())
}

pub fn note(state: &mut State, who: u32, text: &str, out: &mut Out) -> Result<(), RuleError> {
    let text = checked(TextKind::Note, text, "the note is empty")?;
    let c = state.character_mut(who)?;
    if c.notes.len() >= 200 {
        return Err(RuleError::invalid("at most 200 notes on one sheet"));
    }
    c.notes.push(text.clone());
    // A note on the sheet is the judge's: the players' table reads nothing of it.
    tell_the_judge(out, Mood::Ruling, words!("{}: {text}", c.name));
    Ok(())
}

/// D28: the judge rules a creature dead (or alive again).
pub fn dead(state: &mut State, who: u32, on: bool, out: &mut Out) -> Result<(), RuleError> {
    let c = state.character(who)?;
    if c.dead == on {
        return Err(RuleError::invalid(format!(
            "{} is {}dead already",
            c.name,
            if on { "" } else { "not " }
        )));
    }
    if on {
        super::damage::kill(state, who, out)
    } else {
        let c = state.character_mut(who)?;
        c.dead = false;
        say(
            out,
            Mood::Ruling,
            words!("The judge rules {} alive", c.name),
        );
        Ok(())
    }
}

/// D28: fled: out of the initiative, the sheet kept.
pub fn flee(state: &mut State, who: u32, out: &mut Out) -> Result<(), RuleError> {
    let c = state.living_mut(who)?;
    c.fled = !c.fled;
    let (name, fled) = (c.name.clone(), c.fled);
    if fled {
        turns::leave(state, who);
    }
    crate::rules::said::tell(out, || {
        super::command::Event::said(
            Mood::Ruling,
            format!(
                "The judge rules {name} {}",
                if fled { "fled" } else { "back" }
            ),
        )
        .counting(fled.then(|| crate::rules::Tally::down(&name)))
    });
    Ok(())
}

/// "1 hand is", "2 hands are": how many hands someone has, before "full".
fn hands_words(hands: usize) -> String {
    if hands == 1 {
        "1 hand is".into()
    } else {
        format!("{hands} hands are")
    }
}
