//! Ruleset `actiondie`'s commands written as its verbs read them (see [`crate::script::write`]):
//! the other way round from this folder's parsers. Items, techniques and options are written
//! from 1, abilities as their rung's dice. A command with no line here (a new sheet, an item
//! carried) is written as data by the caller.

use crate::content::actiondie as content;
use crate::rules::actiondie::{
    Action, Bonus, Command as C, Item, NewSheet, Roller, Side, Stat, State,
};
use crate::script::lexer::quote;
use crate::script::write::{free_text, names};

/// The words for `command` against `st` (the state before it), or `None` where no verb
/// spells it.
pub(crate) fn write(command: &C, st: &State) -> Option<String> {
    let names = |ids: &[u32]| names(&st.characters, ids, |c| (c.id, c.name.as_str()));
    let name = |id: u32| names(&[id]);
    let on_off = |on: bool| if on { "" } else { " off" };
    let for_why = |why: &str| {
        if why.is_empty() {
            String::new()
        } else {
            format!(" for {}", free_text(why))
        }
    };
    let action = |a: &Action| -> Option<String> {
        Some(match a {
            Action::Attack { item: Some(i) } => format!("attack {}", u16::from(*i) + 1),
            Action::Attack { item: None } => "attack unarmed".into(),
            Action::Technique { index, dice } => {
                format!("technique {} {dice}", u16::from(*index) + 1)
            }
            Action::Defend => "defend".into(),
            Action::Help { whom } => format!("help {}", name(*whom)?),
            Action::Run => "run".into(),
            Action::Other { die: None } => "other".into(),
            Action::Other { die: Some(d) } => format!("other {d}"),
        })
    };
    let side = |r: &Roller| -> Option<String> {
        let mut line = format!("{} {}", name(r.who)?, r.ability.to_string().to_lowercase());
        if let Some(skill) = &r.skill {
            line.push_str(&format!(" skill {}", quote(skill)));
        }
        if r.flat != 0 {
            line.push_str(&format!(" {:+}", r.flat));
        }
        line.push_str(&" adv".repeat(usize::from(r.adv)));
        line.push_str(&" dis".repeat(usize::from(r.dis)));
        for sense in &r.needs {
            line.push_str(&format!(" needs {}", sense.word()));
        }
        Some(line)
    };
    Some(match command {
        C::Roll { name } => format!("roll {} pc", quote(name)),
        C::Remove { who } => format!("remove {}", name(*who)?),
        C::Set { who, stat, value } => {
            let (word, value) = match stat {
                Stat::Ability(a) => (
                    a.to_string().to_lowercase(),
                    crate::dice::ladder::ABILITY_RUNGS
                        .rung(usize::from(*value))?
                        .dice
                        .to_string(),
                ),
                other => {
                    let word = match other {
                        Stat::Hp => "hp",
                        Stat::HpMax => "hpmax",
                        Stat::Ar => "ar",
                        Stat::Movement => "move",
                        Stat::Hands => "hands",
                        Stat::Exhaustion => "exhaustion",
                        Stat::TechTotal => "tech",
                        Stat::TechLeft => "techleft",
                        Stat::TechDie => "techdie",
                        Stat::Ability(_) => return None,
                    };
                    (word.to_string(), value.to_string())
                }
            };
            format!("set {} {word} {value}", name(*who)?)
        }
        C::Bag { who, on } => format!("bag {}{}", name(*who)?, on_off(*on)),
        C::Status { who, status, on } => {
            format!("status {} {}{}", name(*who)?, status.word(), on_off(*on))
        }
        C::Afraid { who, of } => format!("afraid {} {}", name(*who)?, free_text(of)),
        C::Resist {
            who,
            kind,
            vulnerable,
            on,
        } => {
            let verb = if *vulnerable { "vulnerable" } else { "resist" };
            format!("{verb} {} {}{}", name(*who)?, kind.word(), on_off(*on))
        }
        C::Prepare { who, index, on } => format!(
            "prepare {} {}{}",
            name(*who)?,
            u16::from(*index) + 1,
            on_off(*on)
        ),
        C::Drop { who, index } => format!("drop {} {}", name(*who)?, u16::from(*index) + 1),
        C::Hold { who, index, on } => format!(
            "hold {} {}{}",
            name(*who)?,
            u16::from(*index) + 1,
            on_off(*on)
        ),
        C::Break { who, index } => format!("break {} {}", name(*who)?, u16::from(*index) + 1),
        C::Note { who, text } => format!("remark {} {}", name(*who)?, free_text(text)),
        C::Check(spec) => {
            let mut line = format!("check {}", side(&spec.roller)?);
            if let Some(target) = spec.target {
                line.push_str(&format!(" vs {target}"));
            }
            line + &for_why(&spec.why)
        }
        C::Contest(c) => {
            let (a, b, why) = c.as_ref();
            format!("contest {} against {}{}", side(a)?, side(b)?, for_why(why))
        }
        C::Encumbrance { who, target } => match target {
            Some(t) => format!("encumbrance {} vs {t}", name(*who)?),
            None => format!("encumbrance {}", name(*who)?),
        },
        C::Accept => "accept".into(),
        C::AcceptAll => "accept all".into(),
        C::Rule { pass } => format!("rule {}", if *pass { "pass" } else { "fail" }),
        C::Choose { option } => format!("choose {}", option + 1),
        C::Cancel => "cancel".into(),
        C::Scene { who, why } => {
            let mut line = String::from("scene");
            if !who.is_empty() {
                line.push(' ');
                line.push_str(&names(who)?);
            }
            line + &for_why(why)
        }
        C::Pick { who, action: a } => format!("act {} {}", name(*who)?, action(a)?),
        C::RollInitiative => "initiative".into(),
        C::Next => "next".into(),
        C::Reevaluate { who, action: a } => {
            format!("reevaluate {} {}", name(*who)?, action(a)?)
        }
        C::Join { who, action: None } => format!("join {}", name(*who)?),
        C::Join {
            who,
            action: Some(a),
        } => format!("join {} {}", name(*who)?, action(a)?),
        C::Order { ids } => format!("order {}", names(ids)?),
        C::Move { who, squares } => format!("move {} {squares}", name(*who)?),
        C::Stand { who } => format!("stand {}", name(*who)?),
        C::EndScene => "end".into(),
        C::Attack {
            who,
            item,
            targets,
            crit,
        } => {
            let with = match item {
                Some(i) => (u16::from(*i) + 1).to_string(),
                None => "unarmed".into(),
            };
            let nocrit = if *crit { "" } else { " nocrit" };
            format!("attack {} {with} {}{nocrit}", name(*who)?, names(targets)?)
        }
        C::Damage(spec) => {
            let mut line = format!("damage {}", names(&spec.targets)?);
            if spec.dice.count == 0 {
                line.push_str(&format!(" {}", spec.flat));
            } else {
                line.push_str(&format!(" {}", spec.dice));
                if spec.flat != 0 {
                    line.push_str(&format!(" {:+}", spec.flat));
                }
            }
            if let Some(kind) = spec.kind {
                line.push_str(&format!(" {}", kind.word()));
            }
            if !spec.crit {
                line.push_str(" nocrit");
            }
            if !spec.source.is_empty() {
                line.push_str(&format!(" from {}", free_text(&spec.source)));
            }
            line
        }
        C::Exhaustion { who, up } => {
            format!("exhaust {}{}", name(*who)?, if *up { "" } else { " down" })
        }
        C::Dismember { who, face } => format!("dismember {} {face}", name(*who)?),
        C::Dead { who, on } => format!("dead {}{}", name(*who)?, on_off(*on)),
        C::Flee { who } => format!("flee {}", name(*who)?),
        C::Rest {
            who,
            full,
            interrupted,
        } => {
            let mut line = format!("rest {}", if *full { "full" } else { "siesta" });
            if !who.is_empty() {
                line.push(' ');
                line.push_str(&names(who)?);
            }
            if *interrupted {
                line.push_str(" interrupted");
            }
            line
        }
        C::Time { minutes } => format!("time {minutes}"),
        C::Skill {
            who,
            name: skill,
            bonus,
        } => {
            let bonus = match bonus {
                None => "off".to_string(),
                Some(Bonus::Flat(n)) => format!("{n:+}"),
                Some(Bonus::Die(d)) => d.to_string(),
            };
            format!("skill {} {} {bonus}", name(*who)?, quote(skill))
        }
        C::Learn {
            who,
            name: technique,
            init,
        } => match init {
            Some(d) => format!("learn {} {} init {d}", name(*who)?, quote(technique)),
            None => format!("learn {} {}", name(*who)?, quote(technique)),
        },
        C::Add(sheet) => add(sheet),
        C::Carry { who, item } => format!("carry {} {}", name(*who)?, carried(item)),
    })
}

/// `add`: a creature of the bestiary by its name when the sheet is that creature's, else the
/// sheet's numbers (the caller checks the line reads back to the same sheet).
fn add(sheet: &NewSheet) -> String {
    let lib = content::bundled();
    if let Some(c) = lib
        .creatures
        .iter()
        .find(|c| lib.sheet(c, &sheet.name) == *sheet)
    {
        return format!("add {} {}", quote(&sheet.name), quote(&c.name));
    }
    let side = match sheet.side {
        Side::Pc => "pc",
        _ => "creature",
    };
    let rungs: Vec<String> = sheet
        .base
        .iter()
        .map(|&r| {
            crate::dice::ladder::ABILITY_RUNGS
                .rung(usize::from(r))
                .map_or_else(|| "0".to_string(), |r| r.dice.to_string())
        })
        .collect();
    let mut line = format!(
        "add {} {side} {} {}",
        quote(&sheet.name),
        rungs.join(" "),
        sheet.hp
    );
    if sheet.ar != 0 {
        line.push_str(&format!(" ar {}", sheet.ar));
    }
    if sheet.movement != 6 {
        line.push_str(&format!(" move {}", sheet.movement));
    }
    line
}

/// `carry`'s item: its name, then what differs from the gear list's entry of that name (or a
/// bare item).
fn carried(item: &Item) -> String {
    let base = content::bundled()
        .gear
        .iter()
        .find(|g| g.name.eq_ignore_ascii_case(item.name.trim()))
        .map_or_else(|| Item::new(item.name.clone()), |g| g.item());
    let mut line = quote(&item.name);
    if item.size != base.size {
        line.push_str(&format!(" size {}", item.size));
    }
    if item.bundle != base.bundle {
        line.push_str(&format!(" bundle {}", item.bundle));
    }
    if let Some(d) = item.damage
        && (item.damage != base.damage || item.kind != base.kind)
    {
        line.push_str(&format!(" damage {d}"));
        if let Some(k) = item.kind {
            line.push_str(&format!(" {}", k.word()));
        }
    }
    if let Some(d) = item.init
        && item.init != base.init
    {
        line.push_str(&format!(" init {d}"));
    }
    if item.held && !base.held {
        line.push_str(" held");
    }
    line
}
