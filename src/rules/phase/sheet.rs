//! Making and keeping sheets: rolled PCs (K1) and hirelings (K2), creatures and animals typed in
//! (K3), gear and purchases (K19, K20), and the judge's direct edits that overrule any verdict.

use super::command::{Event, Flag, Mood, NewSheet, Stat};
use super::model::{
    Ability, Armor, Beast, Character, Critical, Ends, Goods, Kind, Mark, MarkKind, Score, Side,
    Ware, Weapon, WeaponKind,
};
use super::state::{State, Wound};
use super::{load, morale};
use crate::dice::DiceSource;
use crate::rules::RuleError;
use crate::rules::line::{Line, Num};
use crate::rules::rolled::{Dice, Rolled, Term};
use crate::rules::text::{TextKind, checked};

fn push(state: &mut State, mut c: Character, out: &mut Vec<Event>) -> Result<(), RuleError> {
    c.id = crate::rules::take_id(&mut state.next_id)?;
    crate::rules::said::tell(out, || Event::Joined {
        name: c.name.clone(),
        id: None,
        sheet: sheet_line(&c),
    });
    state.characters.push(c);
    Ok(())
}

/// "PC: STR 12, DEX 9, WIL 7, HP 4, 110 coins".
pub fn sheet_line(c: &Character) -> String {
    let mut s = format!(
        "{}: STR {}, DEX {}, WIL {}, HP {}",
        c.kind.word(),
        c.str.max,
        c.dex.max,
        c.wil.max,
        c.hp.max
    );
    if c.coins > 0 {
        s.push_str(&format!(", {} coins", c.coins));
    }
    if c.dr() > 0 {
        s.push_str(&format!(", DR {}", c.dr()));
    }
    s
}

/// K1, K2: rolls a PC or a hireling, in order, every face recorded.
pub fn roll(
    state: &mut State,
    name: &str,
    kind: Kind,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let name = state.new_name(name, "a character needs a name")?;
    let mut c = Character::new(0, name.clone(), kind, Side::Party);
    let roll_ability = |c: &mut Character,
                        a: Ability,
                        dice: &mut dyn DiceSource,
                        out: &mut Vec<Event>|
     -> Result<(), RuleError> {
        let (n, pool) = super::roll_sum(dice, 3, 6, &format!("{name}'s {a}"))?;
        *c.score_mut(a) = Score::full(n as u8);
        crate::rules::said::tell(out, || {
            Event::rolled(
                name.clone(),
                format!("3d6 for {a}"),
                &Rolled::new(None).dice(pool),
            )
        });
        Ok(())
    };
    match kind {
        Kind::Pc => {
            // K1: HP, then STR, DEX, WIL, then coins; no swaps.
            let (hp, pool) = super::roll_sum(dice, 1, 6, &format!("{name}'s HP"))?;
            c.hp = Score::full(hp as u8);
            crate::rules::said::tell(out, || {
                Event::rolled(name.clone(), "d6 for HP", &Rolled::new(None).dice(pool))
            });
            for a in Ability::ALL {
                roll_ability(&mut c, a, dice, out)?;
            }
            let (coins, pool) = super::roll_sum(dice, 3, 6, &format!("{name}'s coins"))?;
            c.coins = coins * 10;
            crate::rules::said::tell(out, || {
                Event::rolled(
                    name.clone(),
                    "3d6x10 for coins",
                    &Rolled::new(None)
                        .dice(pool)
                        .verdict(crate::rules::said::words!("{} coins", c.coins)),
                )
            });
        }
        Kind::Hireling => {
            // K2 (Decision): abilities first, then HP; a hand weapon, no coins.
            for a in Ability::ALL {
                roll_ability(&mut c, a, dice, out)?;
            }
            let (hp, pool) = super::roll_sum(dice, 1, 6, &format!("{name}'s HP"))?;
            c.hp = Score::full(hp as u8);
            crate::rules::said::tell(out, || {
                Event::rolled(name.clone(), "d6 for HP", &Rolled::new(None).dice(pool))
            });
            c.weapons.push(Weapon::standard(WeaponKind::Hand));
        }
        Kind::Creature | Kind::Animal => {
            return Err(RuleError::invalid(
                "only PCs and hirelings are rolled: add a creature or an animal with its numbers",
            ));
        }
    }
    push(state, c, out)?;
    Ok(())
}

/// A weapon as the sheet may hold it: a die on the d2-d12 ladder (K19) and a name.
pub fn checked_weapon(weapon: &Weapon) -> Result<Weapon, RuleError> {
    if crate::dice::ladder::DIE_SIZES
        .index_of(crate::dice::ladder::Dice::new(1, weapon.die))
        .is_none()
    {
        return Err(RuleError::invalid(
            "a weapon's die is d2, d4, d6, d8, d10 or d12",
        ));
    }
    let name = checked(TextKind::ItemName, &weapon.name, "a weapon needs a name")?;
    Ok(Weapon {
        name,
        ..weapon.clone()
    })
}

/// K3: a sheet typed in by the judge.
pub fn add(state: &mut State, s: &NewSheet, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let name = state.new_name(&s.name, "a character needs a name")?;
    let (lo, hi, hp_hi) = match s.kind {
        Kind::Pc | Kind::Hireling => (3, 18, 6),
        Kind::Creature | Kind::Animal => (0, 20, 99),
    };
    for (what, v) in [("STR", s.str), ("DEX", s.dex), ("WIL", s.wil)] {
        if !(lo..=hi).contains(&v) {
            return Err(RuleError::invalid(format!(
                "a {}'s {what} is between {lo} and {hi}",
                s.kind.word()
            )));
        }
    }
    if !(1..=hp_hi).contains(&s.hp) {
        return Err(RuleError::invalid(format!(
            "a {}'s HP is between 1 and {hp_hi}",
            s.kind.word()
        )));
    }
    if s.dr > 3 {
        return Err(RuleError::invalid("DR is at most 3"));
    }
    let mut c = Character::new(0, name, s.kind, s.side);
    c.hp = Score::full(s.hp);
    c.str = Score::full(s.str);
    c.dex = Score::full(s.dex);
    c.wil = Score::full(s.wil);
    c.dr = s.dr;
    c.group = s
        .group
        .as_deref()
        .map(|g| checked(TextKind::Name, g, "a group needs a name"))
        .transpose()?;
    c.leader = s.leader;
    c.undead = s.undead;
    c.intelligent = s.intelligent;
    if let Some(b) = s.beast {
        c.beast = Some(b);
        c.wil = Score::full(b.wil());
    }
    c.weapons = s
        .weapons
        .iter()
        .map(checked_weapon)
        .collect::<Result<_, _>>()?;
    let arms = (!c.weapons.is_empty()).then(|| {
        let list: Vec<String> = c
            .weapons
            .iter()
            .map(|w| format!("{} d{}", w.name, w.die))
            .collect();
        format!("{} fights with {}", c.name, list.join(", "))
    });
    push(state, c, out)?;
    if let Some(text) = arms {
        crate::rules::said::tell(out, || Event::said(Mood::Plain, text));
    }
    Ok(())
}

/// K3, K19, K20: buys a ware at its price in silver.
pub fn buy(state: &mut State, who: u32, ware: Ware, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let c = state.character(who)?;
    let price = ware.price();
    if c.coins < price {
        return Err(RuleError::invalid(format!(
            "{} has {} coins and a {} costs {price}",
            c.name,
            c.coins,
            ware.word()
        )));
    }
    let owner = c.name.clone();
    let beast = match ware {
        Ware::Mule => Some(Beast::Mule),
        Ware::Horse => Some(Beast::Horse),
        Ware::Warhorse => Some(Beast::Warhorse),
        _ => None,
    };
    let c = state.character_mut(who)?;
    c.coins -= price;
    match ware {
        Ware::Shield => c.shield = true,
        Ware::LightArmor => c.armor = c.armor.max_dr(Armor::Light),
        Ware::HeavyArmor => c.armor = Armor::Heavy,
        Ware::HandWeapon => c.weapons.push(Weapon::standard(WeaponKind::Hand)),
        Ware::Polearm => c.weapons.push(Weapon::standard(WeaponKind::Polearm)),
        Ware::Sling => c.weapons.push(Weapon::standard(WeaponKind::Sling)),
        Ware::Bow => c.weapons.push(Weapon::standard(WeaponKind::Bow)),
        Ware::HandCart => c.vehicle = super::model::Vehicle::HandCart,
        Ware::DraftCart => c.vehicle = super::model::Vehicle::DraftCart,
        Ware::Wagon => c.vehicle = super::model::Vehicle::Wagon,
        Ware::Mule | Ware::Horse | Ware::Warhorse => {}
    }
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Plain,
            format!(
                "{owner} buys a {} for {price} coins ({} left)",
                ware.word(),
                c.coins
            ),
        )
    });
    if let Some(b) = beast {
        let mut n = 1;
        let mut name = format!("{owner}'s {}", b.word());
        while state.by_name(&name).is_some() {
            n += 1;
            name = format!("{owner}'s {} {n}", b.word());
        }
        let mut animal = Character::new(0, name, Kind::Animal, Side::Party);
        animal.beast = Some(b);
        animal.wil = Score::full(b.wil());
        push(state, animal, out)?;
    }
    load::check_overload(state, who, out)
}

/// K7, K19, K20: buys something from the price list by name: the coins go, the goods join the
/// sheet (armour keeps the better of what is worn, a unit counts against the load).
pub fn purchase(
    state: &mut State,
    who: u32,
    name: &str,
    goods: &Goods,
    price: u32,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let name = checked(TextKind::ItemName, name, "say what is bought")?;
    let goods = match goods {
        Goods::Weapon(w) => Goods::Weapon(checked_weapon(w)?),
        Goods::Armor(Armor::None) => {
            return Err(RuleError::invalid("no armour is not something to buy"));
        }
        other => other.clone(),
    };
    let c = state.character(who)?;
    if c.coins < price {
        return Err(RuleError::invalid(format!(
            "{} has {} coins and the {name} costs {price}",
            c.name, c.coins
        )));
    }
    let c = state.character_mut(who)?;
    c.coins -= price;
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Plain,
            format!(
                "{} buys the {name} for {price} coins ({} left)",
                c.name, c.coins
            ),
        )
    });
    match goods {
        Goods::Weapon(w) => c.weapons.push(w),
        Goods::Armor(a) => {
            c.armor = c.armor.max_dr(a);
            out.push(now_dr(c));
        }
        Goods::Shield => {
            c.shield = true;
            out.push(now_dr(c));
        }
        Goods::Unit(unit) => return load::take(state, who, unit, out),
    }
    load::check_overload(state, who, out)
}

impl Armor {
    /// K20 (Decision): only the best armour worn counts.
    pub fn max_dr(self, other: Armor) -> Armor {
        if other.dr() > self.dr() { other } else { self }
    }
}

/// The judge sets a score (current and maximum).
pub fn set(
    state: &mut State,
    who: u32,
    stat: Stat,
    cur: u8,
    max: Option<u8>,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    let s = match stat {
        Stat::Str => &mut c.str,
        Stat::Dex => &mut c.dex,
        Stat::Wil => &mut c.wil,
        Stat::Hp => &mut c.hp,
    };
    let max = max.unwrap_or(s.max);
    if cur > max {
        return Err(RuleError::invalid(format!(
            "{cur} is above the maximum of {max}"
        )));
    }
    *s = Score { cur, max };
    let word = match stat {
        Stat::Str => "STR",
        Stat::Dex => "DEX",
        Stat::Wil => "WIL",
        Stat::Hp => "HP",
    };
    crate::rules::said::tell(out, || Event::Ruled {
        what: format!("{}'s {word} is {cur}/{max}", c.name),
    });
    morale::casualty(state, out);
    Ok(())
}

/// The judge sets or clears a state.
pub fn flag(
    state: &mut State,
    who: u32,
    flag: Flag,
    on: bool,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let turn = state.world.turn;
    let c = state.character_mut(who)?;
    let word = match flag {
        Flag::Dead => {
            c.dead = on;
            "dead"
        }
        Flag::Critical => {
            c.critical = on.then_some(Critical {
                dies_after: turn + 6,
                aided: false,
            });
            "critical"
        }
        Flag::Aided => {
            let Some(crit) = c.critical.as_mut() else {
                return Err(RuleError::invalid(format!("{} is not critical", c.name)));
            };
            crit.aided = on;
            "aided"
        }
        Flag::Out => {
            c.out = on;
            "out"
        }
        Flag::NoHp => {
            c.no_hp = on;
            "unable to regain HP"
        }
        Flag::Fled => {
            c.fled = on;
            "fled"
        }
        Flag::Unfed => {
            c.unfed = on;
            "unfed"
        }
        Flag::Undead => {
            c.undead = on;
            "undead"
        }
        Flag::Intelligent => {
            c.intelligent = on;
            "intelligent"
        }
        Flag::Face => {
            c.face = on;
            "the party's face"
        }
        Flag::Leader => {
            c.leader = on;
            "a leader"
        }
    };
    let name = c.name.clone();
    if flag == Flag::Face && on {
        for other in state.characters.iter_mut().filter(|o| o.id != who) {
            other.face = false;
        }
    }
    crate::rules::said::tell(out, || Event::Ruled {
        what: format!("{name} is {}{word}", if on { "" } else { "no longer " }),
    });
    morale::casualty(state, out);
    Ok(())
}

/// The judge adds a mark, lasting `turns` dungeon turns or until removed.
pub fn mark(
    state: &mut State,
    who: u32,
    kind: MarkKind,
    turns: Option<u32>,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if let MarkKind::Note(text) = &kind {
        checked(TextKind::Action, text, "a mark needs a word")?;
    }
    let ends = turns.map_or(Ends::Judge, |t| {
        Ends::AfterTurn(state.world.turn.saturating_add(t))
    });
    let c = state.character_mut(who)?;
    crate::rules::said::tell(out, || Event::Ruled {
        what: format!("{} is {}", c.name, kind.word()),
    });
    c.marks.push(Mark {
        kind,
        source: "the judge".into(),
        ends,
    });
    morale::casualty(state, out);
    Ok(())
}

pub fn unmark(
    state: &mut State,
    who: u32,
    index: usize,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    if index >= c.marks.len() {
        return Err(RuleError::invalid(format!(
            "{} has {} marks",
            c.name,
            c.marks.len()
        )));
    }
    let m = c.marks.remove(index);
    crate::rules::said::tell(out, || Event::Ruled {
        what: format!("{} is no longer {}", c.name, m.kind.word()),
    });
    Ok(())
}

/// The judge puts a grievous wound on a side, as the table would (K25, K26).
pub fn injure(
    state: &mut State,
    who: u32,
    wound: Wound,
    hand: super::model::Hand,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    super::wounds::apply_wound(state, who, wound, Some(hand), out)?;
    load::check_overload(state, who, out)
}

/// K42's healing of the body, or the judge's: every eye, limb and scar made whole.
pub fn mend(state: &mut State, who: u32, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let c = state.character_mut(who)?;
    c.body = Default::default();
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Mended,
            format!("{}'s grievous wounds are healed", c.name),
        )
    });
    Ok(())
}

/// K11: a reaction roll for those met (one 2d6 for them all), less the Gruesome Scars of the
/// party's face (proposed: the PC marked as face, else the first PC standing); mindless undead
/// are hostile without a roll.
pub fn react(
    state: &mut State,
    to: &[u32],
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if to.is_empty() {
        return Err(RuleError::invalid("name who the party meets"));
    }
    for &t in to {
        state.character(t)?;
    }
    let face = state
        .characters
        .iter()
        .find(|c| c.face && !c.is_dead())
        .or_else(|| {
            state
                .characters
                .iter()
                .find(|c| c.kind == Kind::Pc && !c.is_dead())
        });
    let scars = face.map_or(0, |c| i32::from(c.body.scars));
    let face_name = face.map(|c| c.name.clone());
    let rolling: Vec<u32> = to
        .iter()
        .copied()
        .filter(|&t| state.character(t).is_ok_and(|c| !c.undead || c.intelligent))
        .collect();
    for &t in to.iter().filter(|t| !rolling.contains(t)) {
        let c = state.character_mut(t)?;
        c.reaction = Some(super::model::Reaction::Hostile);
        crate::rules::said::tell(out, || {
            Event::said(
                Mood::Warn,
                format!("{} is undead: hostile, no roll", c.name),
            )
        });
    }
    if rolling.is_empty() {
        return Ok(());
    }
    let a = dice.roll(6, &"the reaction roll")?;
    let b = dice.roll(6, &"the reaction roll")?;
    let total = i32::from(a) + i32::from(b) - scars;
    let reaction = super::model::Reaction::of_roll(total);
    let mut roll = Rolled::new(None).dice(Dice::pool("", vec![a, b]));
    if scars > 0 {
        roll = roll.plus(Term::open(
            crate::rules::said::words!("{}'s scars", face_name.unwrap_or_default()),
            -scars,
        ));
    }
    crate::rules::said::tell(out, || {
        Event::rolled(
            "The judge",
            "2d6 for the reaction",
            &roll.total(total).verdict(reaction.word()),
        )
    });
    for t in rolling {
        state.character_mut(t)?.reaction = Some(reaction);
    }
    Ok(())
}

/// The damage reduction one has now (K20): the one's own number.
pub(super) fn now_dr(c: &Character) -> Event {
    Event::line(
        Mood::Plain,
        Line::new().name(c.id, c.name.clone()).plain(" now has").of(
            c.id,
            Line::new().plain(" ").number(
                c.id,
                Num::Armour,
                crate::rules::said::words!("DR {}", c.dr()),
            ),
            " new armour",
        ),
    )
}
