//! Ruleset `bdp`'s commands written as its verbs read them (see [`crate::script::write`]): the
//! other way round from this folder's parsers. Slots and diseases are written from 1. Commands
//! with no line here yet (a new sheet, an item, damage, a task, a disease, a brew) are written as
//! data by the caller.

use crate::dice::Edge;
use crate::rules::bdp::{
    Ability, Area, Command as C, Hand, Hazard, Level, Meal, Reason, Rest, Stat, State,
};
use crate::script::lexer::quote;
use crate::script::write::free_text;

/// The words for `command` against `st` (the state before it), or `None` where no verb
/// spells it.
pub(crate) fn write(command: &C, st: &State) -> Option<String> {
    let name = |id: u32| {
        st.characters
            .iter()
            .find(|c| c.id == id)
            .map(|c| quote(&c.name))
    };
    let names = |ids: &[u32]| -> Option<String> {
        let names: Option<Vec<String>> = ids.iter().map(|&id| name(id)).collect();
        Some(names?.join(" "))
    };
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
        C::Add(_)
        | C::Carry { .. }
        | C::Task { .. }
        | C::Damage { .. }
        | C::Infect { .. }
        | C::Brew { .. } => return None,
    })
}
