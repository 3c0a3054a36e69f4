//! Ruleset `bdp`'s commands written as its verbs read them (see [`crate::script::write`]): the
//! other way round from this folder's parsers. Slots and diseases are written from 1. A sheet or
//! an item no verb builds (a sheet carrying gear of no creature, a broken item) is written as
//! data by the caller.

use super::sheets::numbered;
use crate::content::bdp as content;
use crate::dice::Edge;
use crate::rules::bdp::{
    Ability, Area, Certainty, Command as C, Hand, Hazard, Item, Kind, Level, Meal, NewSheet,
    Reason, Rest, Stat, State, Target,
};
use crate::script::lexer::quote;
use crate::script::write::{free_text, names};

/// The words for `command` against `st` (the state before it), or `None` where no verb
/// spells it.
pub(crate) fn write(command: &C, st: &State) -> Option<String> {
    let names = |ids: &[u32]| names(&st.characters, ids, |c| (c.id, c.name.as_str()));
    let name = |id: u32| names(&[id]);
    let ability = |a: &Ability| a.to_string().to_lowercase();
    let edge = |e: &Edge| {
        if *e == Edge::advantage(1) {
            Some(" adv")
        } else if *e == Edge::disadvantage(1) {
            Some(" dis")
        } else if *e == Edge::NONE {
            Some("")
        } else {
            None
        }
    };
    let then = |text: &str| {
        if text.is_empty() {
            String::new()
        } else {
            format!(" {}", free_text(text))
        }
    };
    let on_off = |on: bool| if on { "" } else { " off" };
    let hazard = |h: &Hazard| {
        let words = [
            "fall", "gas", "cold", "trap", "venom", "glimpse", "trueform",
        ];
        Hazard::ALL
            .iter()
            .position(|x| x == h)
            .and_then(|i| words.get(i))
            .copied()
    };
    Some(match command {
        C::Roll { name } => format!("roll {} pc", quote(name)),
        C::Remove { who } => format!("remove {}", name(*who)?),
        C::Set {
            who,
            stat,
            cur,
            max,
        } => {
            let word = match stat {
                Stat::Ability(a) => ability(a),
                Stat::Hp => "hp".into(),
            };
            format!("set {} {word} {cur} {max}", name(*who)?)
        }
        C::Tag { who, career, skill } => format!(
            "tag {} {} {}",
            name(*who)?,
            if *career { "career" } else { "background" },
            free_text(skill)
        ),
        C::Drop { who, slot } => format!("drop {} {}", name(*who)?, slot + 1),
        C::Break { who, slot } => format!("break {} {}", name(*who)?, slot + 1),
        C::Note { who, text } => format!("remark {} {}", name(*who)?, free_text(text)),
        C::Save {
            who,
            ability: a,
            edge: e,
            why,
        } => format!(
            "save {} {}{}{}",
            name(*who)?,
            ability(a),
            edge(e)?,
            then(why)
        ),
        C::Ruling {
            who,
            ability: a,
            pass,
            why,
        } => format!(
            "ruling {} {} {}{}",
            name(*who)?,
            ability(a),
            if *pass { "pass" } else { "fail" },
            then(why)
        ),
        C::Contest {
            a,
            a_ability,
            a_edge,
            b,
            b_ability,
            b_edge,
            why,
        } => format!(
            "contest {} {}{} {} {}{}{}",
            name(*a)?,
            ability(a_ability),
            edge(a_edge)?,
            name(*b)?,
            ability(b_ability),
            edge(b_edge)?,
            then(why)
        ),
        C::Fate { question } => format!("fate{}", then(question)),
        C::Accept => "accept".into(),
        C::Rule { pass } => format!("rule {}", if *pass { "pass" } else { "fail" }),
        C::Choose { option } => format!("choose {}", option + 1),
        C::Cancel => "cancel".into(),
        C::Edge { adv } => format!("edge {}", if *adv { "adv" } else { "dis" }),
        C::Clear { who, slot } => format!("clear {} {}", name(*who)?, slot + 1),
        C::Care { who, slot } => format!("care {} {}", name(*who)?, slot + 1),
        C::Train { who, ability: a } => format!("train {} {}", name(*who)?, ability(a)),
        C::Dead { who, on } => format!("dead {}{}", name(*who)?, on_off(*on)),
        C::Cared { who, on } => format!("cared {}{}", name(*who)?, on_off(*on)),
        C::Refill { who, slot } => format!("refill {} {}", name(*who)?, slot + 1),
        C::Use { who, slot, wound } => match wound {
            Some(w) => format!("use {} {} {}", name(*who)?, slot + 1, w + 1),
            None => format!("use {} {}", name(*who)?, slot + 1),
        },
        C::Treat { who, slot, herb } => format!(
            "treat {} {} {}",
            name(*who)?,
            slot + 1,
            if *herb { "herb" } else { "brew" }
        ),
        C::Recover { who, ability: a } => format!("recover {} {}", name(*who)?, ability(a)),
        C::Cure {
            who,
            disease,
            remedy,
        } => format!("cure {} {} {}", name(*who)?, disease + 1, free_text(remedy)),
        C::Deprive { who, food, sleep } => {
            let mut line = format!("deprive {}", name(*who)?);
            if *food {
                line.push_str(" food");
            }
            if *sleep {
                line.push_str(" sleep");
            }
            line
        }
        C::AtDawn { who, on } => format!("dawn {}{}", name(*who)?, on_off(*on)),
        C::Fight { order } if order.is_empty() => "fight".into(),
        C::Fight { order } => format!("fight {}", names(order)?),
        C::Order { order } => format!("order {}", names(order)?),
        C::Next => "next".into(),
        C::EndFight => "end".into(),
        C::Block { who } => format!("block {}", name(*who)?),
        C::Dodge { who } => format!("dodge {}", name(*who)?),
        C::Cast { who } => format!("cast {}", name(*who)?),
        C::Expose { who, hazard: h, on } => {
            format!("expose {} {}{}", name(*who)?, hazard(h)?, on_off(*on))
        }
        C::Tick { hazard: h } => format!("tick {}", hazard(h)?),
        C::Watch => "watch".into(),
        C::Night => "night".into(),
        C::Hold { who, slot, hand } => format!(
            "hold {} {} {}",
            name(*who)?,
            slot + 1,
            match hand {
                Some(Hand::Left) => "left",
                Some(Hand::Right) => "right",
                None => "none",
            }
        ),
        C::Fatigue { who, reason } => {
            let word = match reason {
                Reason::Block => " block",
                Reason::Dodge => " dodge",
                Reason::Spell => " spell",
                Reason::TaskCost => " cost",
                Reason::Deprivation => " deprivation",
                Reason::Judge => "",
                #[allow(unreachable_patterns)]
                _ => return None,
            };
            format!("fatigue {}{word}", name(*who)?)
        }
        C::Eat {
            who,
            meal,
            fire,
            pot,
            ration,
        } => {
            let meal = match (meal, ration) {
                (Meal::Simple, true) => "ration",
                (Meal::Desperate, false) => "desperate",
                (Meal::Fresh, false) => "fresh",
                (Meal::Simple, false) => "simple",
                (Meal::Fancy, false) => "fancy",
                _ => return None,
            };
            let mut line = format!("eat {} {meal}", name(*who)?);
            if *fire && !ration {
                line.push_str(" fire");
            }
            if *pot {
                line.push_str(" pot");
            }
            line
        }
        C::Rest { who, rest } => {
            let word = match rest {
                Rest::None => "none",
                Rest::Perilous => "perilous",
                Rest::Normal => "normal",
                Rest::Comfortable => "comfortable",
            };
            format!("rest {} {word}", name(*who)?)
        }
        C::Wound {
            who,
            kind,
            area,
            level,
        } => {
            let level = match level {
                Level::Light => "light",
                Level::Severe => "severe",
                Level::Permanent => "permanent",
                #[allow(unreachable_patterns)]
                _ => return None,
            };
            let area = match area {
                None => "",
                Some(Area::Torso) => " torso",
                Some(Area::LeftLeg) => " lleg",
                Some(Area::RightLeg) => " rleg",
                Some(Area::LeftArm) => " larm",
                Some(Area::RightArm) => " rarm",
                Some(Area::Head) => " head",
                #[allow(unreachable_patterns)]
                Some(_) => return None,
            };
            format!("wound {} {} {level}{area}", name(*who)?, quote(kind))
        }
        C::Hazard {
            who,
            hazard: h,
            floors,
            source,
        } => format!(
            "hazard {} {} {floors}{}",
            name(*who)?,
            hazard(h)?,
            then(source)
        ),
        C::Out {
            who,
            word,
            ability: a,
        } => match word {
            Some(word) => format!("out {} {} {}", name(*who)?, quote(word), ability(a)),
            None => format!("out {} off {}", name(*who)?, ability(a)),
        },
        C::Breath { who, water, source } => {
            let mut line = format!("breath {}", name(*who)?);
            if let Some(slot) = water {
                line.push_str(&format!(" {}", slot + 1));
            }
            if let Some(source) = source {
                line.push_str(&then(source));
            }
            line
        }
        C::Add(sheet) => add(sheet, st)?,
        C::Carry { who, item } => format!("carry {} {}", name(*who)?, item_words(item)?),
        C::Task { who, how, what } if !what.is_empty() => {
            let how = match how {
                Certainty::Impossible => "impossible".to_string(),
                Certainty::Sure => "sure".into(),
                Certainty::InDoubt { time, gear, skill } => [
                    if *time { 't' } else { '-' },
                    if *gear { 'g' } else { '-' },
                    if *skill { 's' } else { '-' },
                ]
                .iter()
                .collect(),
                Certainty::Proposed { ability: a, rushed } => {
                    let mut line = String::from("auto");
                    if let Some(a) = a {
                        line.push(' ');
                        line.push_str(&ability(a));
                    }
                    if *rushed {
                        line.push_str(" rushed");
                    }
                    line
                }
            };
            format!("task {} {how} {}", name(*who)?, free_text(what))
        }
        C::Task { .. } => return None,
        C::Damage {
            who,
            amount,
            target,
            crit,
            source,
        } => {
            let amount = if amount.sides == 1 {
                amount.count.to_string()
            } else {
                format!("{}d{}", amount.count, amount.sides)
            };
            let target = match target {
                Target::Hp => "hp".to_string(),
                Target::Ability(a) => ability(a),
            };
            let crit = match crit {
                Some(true) => " crit",
                Some(false) => " nocrit",
                None => "",
            };
            format!(
                "damage {} {amount} {target}{crit}{}",
                name(*who)?,
                then(source)
            )
        }
        C::Infect { who, illness } => {
            format!("infect {} {}", name(*who)?, quote(illness.data().0))
        }
        C::Brew {
            who,
            recipe,
            ingredients,
        } => {
            let slots: String = ingredients.iter().map(|i| format!(" {}", i + 1)).collect();
            format!("brew {} {}{slots}", name(*who)?, quote(recipe.name()))
        }
    })
}

/// `add`: one of the bestiary (by its kind when the name is the next numbered one), or a sheet
/// with its numbers and its slots where they are not 10.
fn add(sheet: &NewSheet, st: &State) -> Option<String> {
    let bestiary = content::bundled();
    for entry in &bestiary.creatures {
        if bestiary.sheet(entry, &sheet.name) != *sheet {
            continue;
        }
        if numbered(st, &entry.name) == sheet.name {
            return Some(format!("add {}", quote(&entry.name)));
        }
        return Some(format!("add {} {}", quote(&sheet.name), quote(&entry.name)));
    }
    if !sheet.items.is_empty() || !sheet.notes.is_empty() {
        return None;
    }
    let kind = match sheet.kind {
        Kind::Pc => "pc",
        Kind::Creature => "creature",
        #[allow(unreachable_patterns)]
        _ => return None,
    };
    let slots = if sheet.slots == 10 {
        String::new()
    } else {
        format!(" {}", sheet.slots)
    };
    Some(format!(
        "add {} {kind} {} {} {} {}{slots}",
        quote(&sheet.name),
        sheet.str,
        sheet.dex,
        sheet.wil,
        sheet.hp
    ))
}

/// `carry`'s item: the gear list's entry of that name, or the judge's own, and the tags that
/// make it this one.
fn item_words(item: &Item) -> Option<String> {
    let base = content::bundled()
        .ware_named(&item.name)
        .map_or_else(|| Item::named(item.name.clone()), |ware| ware.item());
    if base.name != item.name || item.broken || !item.fits.starts_with(&base.fits) {
        return None;
    }
    let mut line = quote(&item.name);
    line.push_str(&crate::script::write::added_words(&[
        (item.heavy_armour, base.heavy_armour, " heavy"),
        (item.helmet, base.helmet, " helmet"),
        (item.bracers, base.bracers, " bracers"),
        (item.ration, base.ration, " ration"),
    ])?);
    match (item.waterskin, base.waterskin) {
        (a, b) if a == b => {}
        (Some(8), _) => line.push_str(" waterskin"),
        _ => return None,
    }
    match (item.held, base.held) {
        (a, b) if a == b => {}
        (Some(Hand::Left), _) => line.push_str(" left"),
        (Some(Hand::Right), _) => line.push_str(" right"),
        _ => return None,
    }
    if item.size != base.size {
        line.push_str(&format!(" size {}", item.size));
    }
    for word in &item.fits[base.fits.len()..] {
        line.push_str(&format!(" for {}", quote(word)));
    }
    match (item.ingredient, base.ingredient) {
        (a, b) if a == b => {}
        (Some((rarity, region)), _) => {
            line.push_str(&format!(" {} {}", rarity.word(), region.word()));
        }
        (None, _) => return None,
    }
    Some(line)
}
