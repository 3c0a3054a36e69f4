//! Magic (K34-K42): spellbooks and scrolls cast with both hands, declared in phase 1 and
//! landing in phase 5, interrupted by attacks, enhanced at a WIL save in danger, shielded by
//! counterspells; the spells 002 gives mechanics to, and marks with a timer for the rest.

use super::command::{Event, Mood, item_text};
use super::model::{Ability, Casting, Character, Ends, Form, Mark, MarkKind, Spell, SpellItem};
use super::state::{CombatPhase, State, Then};
use super::{damage, load, round, saves};
use crate::dice::DiceSource;
use crate::rules::RuleError;
use crate::rules::line::{Line, Num};

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

/// Whom a spell cast with no target named is on (Decision, K39-K41): the caster for those a
/// caster may well cast on themselves (Bless, Haste, Wind Barrier, Fly, Heal Sickness, and the
/// spells that are only marks); an error naming why for those aimed at others (Fireball,
/// Lightning Bolt, Sleep, Hold Person, Dominate, Charm, Slow); nobody for the rest, which
/// take no one (Animate Dead, Augury, Control Weather, Speak with Dead).
impl Spell {
    /// Is it cast on others, so a cast names its targets (a sleep, a fireball)? The rest fall
    /// on the caster, or on nobody, when none is named.
    pub fn on_others(&self) -> bool {
        untargeted(self, 0).is_err()
    }
}

fn untargeted(spell: &Spell, caster: u32) -> Result<Vec<u32>, RuleError> {
    match spell {
        Spell::Fireball
        | Spell::LightningBolt
        | Spell::Sleep
        | Spell::HoldPerson
        | Spell::Dominate
        | Spell::Charm
        | Spell::Slow => Err(RuleError::invalid(format!(
            "{} is cast on others: name its targets (cast NAME ITEM on NAME...)",
            spell.name()
        ))),
        Spell::AnimateDead | Spell::Augury | Spell::ControlWeather | Spell::SpeakWithDead => {
            Ok(Vec::new())
        }
        _ => Ok(vec![caster]),
    }
}

/// `c`'s spell item `item` (K34), or an error naming it as the judge counts them, from 1.
fn spell_item(c: &Character, item: usize) -> Result<SpellItem, RuleError> {
    c.spells
        .get(item)
        .cloned()
        .ok_or_else(|| RuleError::invalid(format!("{} has no spell item {}", c.name, item + 1)))
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
    let it = spell_item(c, item)?;
    for &t in targets {
        let target = state.character(t)?;
        // The rules are silent on a spell cast at the dead; a judge refuses it (a Sleep on a
        // slain goblin is a slip of the key, docs/rulesets/phase.md). `allow` casts it anyway.
        if target.is_dead() && !force {
            return Err(RuleError::invalid(format!(
                "{} is dead: no spell takes hold of the dead (allow casts it anyway)",
                target.name
            )));
        }
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
    let targets = if targets.is_empty() {
        untargeted(&it.spell, who)?
    } else {
        targets.to_vec()
    };
    let targets = targets.as_slice();
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
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Plain,
            format!(
                "{name} casts {}{}",
                item_text(&it),
                if enhance { ", enhanced" } else { "" }
            ),
        )
    });
    pay(state, who, item, out)?;
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
        crate::rules::said::tell(out, || {
            Event::said(Mood::Plain, format!("{name}'s spell lands in phase 5"))
        });
        return Ok(());
    }
    super::spells::resolve(state, who, casting, dice, out)
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
            crate::rules::said::tell(out, || {
                Event::said(
                    Mood::Dim,
                    format!("{}'s scroll of {} crumbles away", c.name, s.spell.name()),
                )
            });
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
    super::spells::resolve(state, who, casting, dice, out)
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
    let it = spell_item(c, item)?;
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
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Good,
            format!(
                "{name} spends {} to shield {} from {caster_name}'s spell",
                item_text(&it),
                names.join(", ")
            ),
        )
    });
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

/// A failed save to keep casting: the spell under way is lost.
pub fn interrupted(state: &mut State, who: u32, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    if let Some(cast) = c.casting.take() {
        crate::rules::said::tell(out, || {
            Event::said(
                Mood::Bad,
                format!(
                    "{}'s {} is lost, spent as if cast, with no effect",
                    c.name,
                    cast.item.spell.name()
                ),
            )
        });
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
    // How much is the target's number; the others read that it dealt damage.
    crate::rules::said::tell(out, || {
        Event::line(
            Mood::Harm,
            Line::new()
                .plain(crate::rules::said::words!("{source} deals "))
                .of(
                    who,
                    Line::new().number(who, Num::Harm, crate::rules::said::words!("{n} damage")),
                    "damage",
                )
                .plain(" to ")
                .name(who, state.name_of(who)),
        )
    });
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
        crate::rules::said::tell(out, || {
            Event::said(Mood::Good, format!("{} resists {source}", c.name))
        });
        return Ok(());
    }
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Warn,
            format!("{} is {} ({source})", c.name, mark.word()),
        )
    });
    c.marks.push(Mark {
        kind: mark,
        source: source.to_string(),
        ends: Ends::AfterTurn(until),
    });
    super::morale::casualty(state, out);
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
        let n = dice.roll(6, &format_args!("{name}'s blood for the augury"))?;
        crate::rules::said::tell(out, || {
            Event::said(
                Mood::Harm,
                format!("{name} pays {n} in blood: the answer is sure to be true"),
            )
        });
        return damage::take(state, who, u32::from(n), None, "", dice, out);
    }
    let face = dice.roll(6, &"the augury's secret die")?;
    crate::rules::said::tell(out, || Event::Secret {
        text: format!(
            "augury die {face}: the answer is {}",
            if face >= 4 { "truthful" } else { "false" }
        ),
    });
    Ok(())
}
