//! Magic (K34-K42): spellbooks and scrolls cast with both hands, declared in phase 1 and
//! landing in phase 5, interrupted by attacks, enhanced at a WIL save in danger, shielded by
//! counterspells; the spells 002 gives mechanics to, and marks with a timer for the rest.

use super::command::{Event, Mood, item_text};
use super::model::{
    Ability, Casting, Character, Ends, Form, Kind, Mark, MarkKind, Reaction, Score, Side, Spell,
};
use super::state::{CombatPhase, State, Then};
use super::{damage, load, round, saves};
use crate::dice::DiceSource;
use crate::rules::RuleError;

/// How many a spell of level `level` may take (K39-K41): None when any number.
fn most_targets(spell: &Spell, level: u8) -> Option<usize> {
    match spell {
        Spell::Dominate => Some(1),
        Spell::Bless
        | Spell::Charm
        | Spell::Haste
        | Spell::Slow
        | Spell::WindBarrier
        | Spell::HoldPerson
        | Spell::Fly
        | Spell::Invisibility
        | Spell::WaterBreathing
        | Spell::CircleOfProtection => Some(usize::from(level)),
        _ => None,
    }
}

/// K34, K35, K37: declares a spell (landing at once outside a fight).
#[allow(clippy::too_many_arguments)]
pub fn cast(
    state: &mut State,
    who: u32,
    item: usize,
    targets: &[u32],
    enhance: bool,
    danger: Option<bool>,
    force: bool,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character(who)?;
    let it =
        c.spells.get(item).cloned().ok_or_else(|| {
            RuleError::invalid(format!("{} has no spell item {}", c.name, item + 1))
        })?;
    for &t in targets {
        state.character(t)?;
    }
    if c.casting.is_some() {
        return Err(RuleError::invalid(format!("{} is already casting", c.name)));
    }
    if !force {
        if c.encumbered() {
            return Err(RuleError::invalid(format!(
                "{} is encumbered and cannot cast",
                c.name
            )));
        }
        if c.delirious() {
            return Err(RuleError::invalid(format!(
                "{} is delirious (WIL 0) and cannot cast",
                c.name
            )));
        }
        if c.body.hands() < 2 {
            return Err(RuleError::invalid(format!(
                "{} has one arm: a spell item takes both hands",
                c.name
            )));
        }
    }
    let level = it.level + u8::from(enhance);
    if let Some(most) = most_targets(&it.spell, level)
        && targets.len() > most
        && !force
    {
        return Err(RuleError::invalid(format!(
            "{} at level {level} takes at most {most} targets",
            it.spell.name()
        )));
    }
    round::may(state, who, CombatPhase::Cast, true, false, force)?;
    let name = c.name.clone();
    pay(state, who, item, out)?;
    out.push(Event::said(
        Mood::Plain,
        format!(
            "{name} casts {}{}",
            item_text(&it),
            if enhance { ", enhanced" } else { "" }
        ),
    ));
    let danger = danger.unwrap_or(state.fight.is_some());
    if enhance && danger {
        saves::ask_save(
            state,
            who,
            Ability::Wil,
            "to enhance a spell in danger",
            Then::Enhance,
            dice,
        )?;
    }
    let casting = Casting {
        item: it,
        level,
        targets: targets.to_vec(),
        shielded: Vec::new(),
    };
    if let Some(f) = state.fight.as_mut()
        && let Some(me) = f.fighter_mut(who)
    {
        me.acted = true;
        state.character_mut(who)?.casting = Some(casting);
        out.push(Event::said(
            Mood::Plain,
            format!("{name}'s spell lands in phase 5"),
        ));
        return Ok(());
    }
    resolve(state, who, casting, dice, out)
}

/// The cost of using a spell item: a book's fatigue, a scroll's disappearance (K10, K37).
fn pay(state: &mut State, who: u32, item: usize, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let form = state.character(who)?.spells[item].form;
    match form {
        Form::Book => {
            load::add_fatigue(state, who, 1, out)?;
            load::check_overload(state, who, out)?;
        }
        Form::Scroll => {
            let c = state.character_mut(who)?;
            let s = c.spells.remove(item);
            out.push(Event::said(
                Mood::Dim,
                format!("{}'s scroll of {} crumbles away", c.name, s.spell.name()),
            ));
        }
    }
    Ok(())
}

/// K13: the declared spell lands in phase 5, in the caster's group.
pub fn land(
    state: &mut State,
    who: u32,
    force: bool,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character(who)?;
    if c.casting.is_none() {
        return Err(RuleError::invalid(format!("{} is casting nothing", c.name)));
    }
    round::may(state, who, CombatPhase::Effect, false, false, force)?;
    let Some(casting) = state.character_mut(who)?.casting.take() else {
        return Ok(());
    };
    resolve(state, who, casting, dice, out)
}

/// K38: a held spell item expended to shield up to L named persons from a pending spell.
pub fn counter(
    state: &mut State,
    who: u32,
    item: usize,
    against: u32,
    shield: &[u32],
    force: bool,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character(who)?;
    let it =
        c.spells.get(item).cloned().ok_or_else(|| {
            RuleError::invalid(format!("{} has no spell item {}", c.name, item + 1))
        })?;
    let name = c.name.clone();
    let caster = state.character(against)?;
    if caster.casting.is_none() {
        return Err(RuleError::invalid(format!(
            "{} has no spell waiting to land",
            caster.name
        )));
    }
    if shield.is_empty() || (shield.len() > usize::from(it.level) && !force) {
        return Err(RuleError::invalid(format!(
            "a level {} item shields 1 to {} persons",
            it.level, it.level
        )));
    }
    if let Some(f) = state.fight.as_ref().and_then(|f| f.fighter(who))
        && f.acted
        && !force
    {
        return Err(RuleError::invalid(format!(
            "{name} has used their action this round"
        )));
    }
    for &s in shield {
        state.character(s)?;
    }
    pay(state, who, item, out)?;
    if let Some(f) = state.fight.as_mut().and_then(|f| f.fighter_mut(who)) {
        f.acted = true;
    }
    let names: Vec<String> = shield.iter().map(|&s| state.name_of(s)).collect();
    let caster_name = state.name_of(against);
    if let Some(cast) = state.character_mut(against)?.casting.as_mut() {
        cast.shielded.extend_from_slice(shield);
    }
    out.push(Event::said(
        Mood::Good,
        format!(
            "{name} spends {} to shield {} from {caster_name}'s spell",
            item_text(&it),
            names.join(", ")
        ),
    ));
    Ok(())
}

/// K15: an attack on a caster calls a WIL save.
pub fn interrupt(
    state: &mut State,
    caster: u32,
    dice: &mut dyn DiceSource,
) -> Result<(), RuleError> {
    saves::ask_save(
        state,
        caster,
        Ability::Wil,
        "to keep casting",
        Then::Interrupt,
        dice,
    )
}

pub fn interrupt_result(
    state: &mut State,
    who: u32,
    pass: bool,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if pass {
        return Ok(());
    }
    let c = state.character_mut(who)?;
    if let Some(cast) = c.casting.take() {
        out.push(Event::said(
            Mood::Bad,
            format!(
                "{}'s {} is lost, spent as if cast, with no effect",
                c.name,
                cast.item.spell.name()
            ),
        ));
    }
    Ok(())
}

/// K39: spell damage, no DR, through K21.
pub fn spell_damage(
    state: &mut State,
    who: u32,
    n: u32,
    source: &str,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    out.push(Event::said(
        Mood::Harm,
        format!("{source} deals {n} damage to {}", state.name_of(who)),
    ));
    damage::take(state, who, n, None, "", dice, out)
}

pub fn avoid_result(
    state: &mut State,
    who: u32,
    mark: MarkKind,
    source: &str,
    until: u32,
    pass: bool,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    if pass {
        out.push(Event::said(
            Mood::Good,
            format!("{} resists {source}", c.name),
        ));
        return Ok(());
    }
    out.push(Event::said(
        Mood::Warn,
        format!("{} is {} ({source})", c.name, mark.word()),
    ));
    c.marks.push(Mark {
        kind: mark,
        source: source.to_string(),
        ends: Ends::AfterTurn(until),
    });
    super::morale::casualty(state, out);
    Ok(())
}

fn mark_all(state: &mut State, targets: &[u32], kind: MarkKind, source: &str, ends: Ends) {
    for c in state
        .characters
        .iter_mut()
        .filter(|c| targets.contains(&c.id))
    {
        c.marks.push(Mark {
            kind: kind.clone(),
            source: source.to_string(),
            ends,
        });
    }
}

/// [data] K40 Speak with Dead: the longest a corpse may have been dead, by level.
pub fn dead_for(level: u8) -> &'static str {
    match level {
        0 | 1 => "10 minutes",
        2 => "1 day",
        3 => "1 week",
        4 => "1 month",
        5 => "1 year",
        6 => "10 years",
        7 => "100 years",
        8 => "1000 years",
        _ => "any time",
    }
}

/// What a spell does when it lands (K36, K39-K42).
fn resolve(
    state: &mut State,
    caster: u32,
    cast: Casting,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let l = cast.level;
    let turn = state.world.turn;
    let until = turn + u32::from(l);
    let cname = state.name_of(caster);
    let source = format!("{} from {cname}", cast.item.spell.name());
    let targets: Vec<u32> = cast
        .targets
        .iter()
        .copied()
        .filter(|t| !cast.shielded.contains(t))
        .collect();
    for t in cast.targets.iter().filter(|t| cast.shielded.contains(t)) {
        out.push(Event::said(
            Mood::Good,
            format!("{} is shielded from {source}", state.name_of(*t)),
        ));
    }
    out.push(Event::said(
        Mood::Plain,
        format!("{source} lands at level {l}"),
    ));
    match &cast.item.spell {
        Spell::Fireball | Spell::LightningBolt => {
            for &t in &targets {
                let tname = state.name_of(t);
                let mut total = 0u32;
                let mut faces = Vec::new();
                for _ in 0..l {
                    let f = dice.roll(6, &format!("{source} on {tname}"))?;
                    total += u32::from(f);
                    faces.push(f.to_string());
                }
                out.push(Event::Rolled {
                    who: cname.clone(),
                    what: format!("{l}d6 of {} on {tname}", cast.item.spell.name()),
                    roll: format!("{} = {total}", faces.join(" ")),
                });
                if state.character(t)?.casting.is_some() {
                    interrupt(state, t, dice)?;
                }
                let then = Then::Halve {
                    amount: total,
                    source: source.clone(),
                };
                saves::ask_save(
                    state,
                    t,
                    Ability::Dex,
                    &format!("against {source}"),
                    then,
                    dice,
                )?;
            }
        }
        Spell::Sleep | Spell::HoldPerson | Spell::Dominate => {
            let mark = match cast.item.spell {
                Spell::Sleep => MarkKind::Asleep,
                Spell::HoldPerson => MarkKind::Held,
                _ => MarkKind::Dominated,
            };
            for &t in &targets {
                let then = Then::Avoid {
                    mark: mark.clone(),
                    source: source.clone(),
                    until,
                };
                saves::ask_save(
                    state,
                    t,
                    Ability::Wil,
                    &format!("against {source}"),
                    then,
                    dice,
                )?;
            }
            if cast.item.spell == Spell::Dominate {
                out.push(Event::said(
                    Mood::Warn,
                    format!("{cname}'s own body lies helpless while the spell holds"),
                ));
            }
        }
        Spell::Bless => mark_all(
            state,
            &targets,
            MarkKind::Blessed,
            &source,
            Ends::AfterTurn(until),
        ),
        Spell::Haste => mark_all(state, &targets, MarkKind::Hasted, &source, Ends::FightEnd),
        Spell::Slow => mark_all(state, &targets, MarkKind::Slowed, &source, Ends::FightEnd),
        Spell::WindBarrier => mark_all(
            state,
            &targets,
            MarkKind::WindBarrier,
            &source,
            Ends::AfterTurn(until),
        ),
        Spell::Fly => mark_all(
            state,
            &targets,
            MarkKind::Flying { sure_until: until },
            &source,
            Ends::Judge,
        ),
        Spell::Charm => {
            for &t in &targets {
                let c = state.character_mut(t)?;
                // Decision: an unknown disposition is read as hostile before the step.
                let now = c.reaction.unwrap_or(Reaction::Hostile).warmer();
                c.reaction = Some(now);
                out.push(Event::said(
                    Mood::Good,
                    format!("{} is now {}", c.name, now.word()),
                ));
            }
        }
        Spell::AnimateDead => {
            for i in 0..l {
                let hp = dice.roll(6, &format!("{source}: HP of undead {}", i + 1))?;
                let mut name = format!("{cname}'s undead {}", i + 1);
                let mut n = 1;
                while state.by_name(&name).is_some() {
                    n += 1;
                    name = format!("{cname}'s undead {}.{n}", i + 1);
                }
                let mut u =
                    Character::new(state.next_id, name.clone(), Kind::Creature, Side::Party);
                state.next_id += 1;
                u.hp = Score::full(hp as u8);
                u.undead = true;
                u.intelligent = false;
                u.marks.push(Mark {
                    kind: MarkKind::Animated,
                    source: source.clone(),
                    ends: Ends::AfterTurn(until),
                });
                out.push(Event::Joined {
                    name,
                    sheet: format!("undead raised by {cname}, HP {hp}"),
                });
                state.characters.push(u);
            }
        }
        Spell::ControlWeather => {
            let day = state.world.clock.day();
            state.world.weather_held_until = Some(day + u64::from(l) - 1);
            out.push(Event::said(
                Mood::Plain,
                format!("The weather answers to {cname} for {l} day(s): set its step"),
            ));
        }
        Spell::Augury => {
            state.character_mut(caster)?.questions = l;
            out.push(Event::said(
                Mood::Plain,
                format!("{cname} may ask {l} question(s) of the augury"),
            ));
        }
        Spell::SpeakWithDead => {
            let n = dice.roll(6, &format!("{source}: questions"))?;
            out.push(Event::Rolled {
                who: cname.clone(),
                what: "d6 for questions to the dead".into(),
                roll: format!("{n} questions, of a corpse dead up to {}", dead_for(l)),
            });
        }
        Spell::HealSickness => {
            for &t in &targets {
                let c = state.character_mut(t)?;
                c.critical = None;
                c.body = Default::default();
                out.push(Event::said(
                    Mood::Mended,
                    format!(
                        "{}: the critical state, every grievous wound, mundane poison and disease \
                         are healed; a magical ailment gets a new save",
                        c.name
                    ),
                ));
            }
        }
        other => {
            let who = if targets.is_empty() {
                vec![caster]
            } else {
                targets.clone()
            };
            let kind = MarkKind::Note(other.name().to_string());
            mark_all(state, &who, kind, &source, Ends::AfterTurn(until));
        }
    }
    Ok(())
}

/// K40 Augury: a secret d6 per question (4-6 truthful), or 1d6 of the caster's blood (no DR)
/// for a sure truth.
pub fn augury(
    state: &mut State,
    who: u32,
    blood: bool,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character(who)?;
    if c.questions == 0 {
        return Err(RuleError::invalid(format!(
            "{} has no augury questions left",
            c.name
        )));
    }
    let name = c.name.clone();
    state.character_mut(who)?.questions -= 1;
    if blood {
        let n = dice.roll(6, &format!("{name}'s blood for the augury"))?;
        out.push(Event::said(
            Mood::Harm,
            format!("{name} pays {n} in blood: the answer is sure to be true"),
        ));
        return damage::take(state, who, u32::from(n), None, "", dice, out);
    }
    let face = dice.roll(6, "the augury's secret die")?;
    out.push(Event::Secret {
        text: format!(
            "augury die {face}: the answer is {}",
            if face >= 4 { "truthful" } else { "false" }
        ),
    });
    Ok(())
}

/// K36, K40: what ends with a dungeon turn (or every timer at a watch advance): marks past
/// their turn, Fly's d6 after its sure turns, Animate Dead's fate.
pub fn tick(
    state: &mut State,
    ended: u32,
    watch: bool,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let now = state.world.turn;
    let mut fates: Vec<(String, Vec<u32>)> = Vec::new();
    for c in &mut state.characters {
        let mut kept = Vec::new();
        for m in std::mem::take(&mut c.marks) {
            let over = matches!(m.ends, Ends::AfterTurn(t) if t <= ended || watch);
            if !over {
                kept.push(m);
                continue;
            }
            if m.kind == MarkKind::Animated {
                match fates.iter_mut().find(|(s, _)| *s == m.source) {
                    Some((_, ids)) => ids.push(c.id),
                    None => fates.push((m.source.clone(), vec![c.id])),
                }
            } else {
                out.push(Event::said(
                    Mood::Dim,
                    format!("{} is no longer {} ({})", c.name, m.kind.word(), m.source),
                ));
            }
        }
        c.marks = kept;
    }
    let flyers: Vec<u32> = state
        .characters
        .iter()
        .filter(|c| {
            c.marks
                .iter()
                .any(|m| matches!(m.kind, MarkKind::Flying { sure_until } if sure_until < now))
        })
        .map(|c| c.id)
        .collect();
    for id in flyers {
        let name = state.name_of(id);
        let ends = if watch {
            true
        } else {
            let face = dice.roll(6, &format!("whether {name}'s flight ends"))?;
            out.push(Event::Rolled {
                who: name.clone(),
                what: "d6 for Fly".into(),
                roll: format!("{face}{}", if face >= 5 { ": the spell ends" } else { "" }),
            });
            face >= 5
        };
        if ends {
            let c = state.character_mut(id)?;
            c.marks
                .retain(|m| !matches!(m.kind, MarkKind::Flying { .. }));
            out.push(Event::said(
                Mood::Warn,
                format!("{name} is no longer flying"),
            ));
        }
    }
    for (source, ids) in fates {
        let face = dice.roll(6, &format!("the fate of the undead of {source}"))?;
        let fate = match face {
            1..=3 => "turn hostile",
            4 | 5 => "collapse into dust",
            _ => "serve for good",
        };
        out.push(Event::Rolled {
            who: source.clone(),
            what: "d6 for the undead's fate".into(),
            roll: format!("{face}: they {fate}"),
        });
        for id in ids {
            let c = state.character_mut(id)?;
            match face {
                1..=3 => c.side = Side::Enemies,
                4 | 5 => c.dead = true,
                _ => {}
            }
        }
    }
    Ok(())
}
