//! Ruleset `phase`'s commands written as its verbs read them (see [`crate::script::write`]): the
//! other way round from this folder's parsers. Weapons, units, spell items, marks and tables are
//! written from 1. A sheet is written as one of the bestiary with the options that differ, or
//! with its numbers; a weapon by its name on the price list or 002's table, or with its die and
//! tags. What no verb builds (a mark only a spell sets) is written as data by the caller.

use super::parse::numbered;
use crate::content::phase::{self as content, Offer};
use crate::rules::phase::{
    Ability, Armor, Band, Command as C, DoorTry, Flag, Form, Goods, Hand, Kind, MarkKind, NewSheet,
    Reaction, Season, Side, SpellItem, Stat, State, TurnAction, Unit, Vehicle, Ware, WatchAction,
    Weapon, WeaponKind, Wound,
};
use crate::script::lexer::quote;
use crate::script::write::{free_text, names};

/// The words for `command` against `st` (the state before it), or `None` where no verb
/// spells it.
pub(crate) fn write(command: &C, st: &State) -> Option<String> {
    let names = |ids: &[u32]| names(&st.characters, ids, |c| (c.id, c.name.as_str()));
    let name = |id: u32| names(&[id]);
    // Names after a verb's fixed words: nothing when there are none.
    let and_names = |ids: &[u32]| -> Option<String> {
        Some(if ids.is_empty() {
            String::new()
        } else {
            format!(" {}", names(ids)?)
        })
    };
    let on_off = |on: bool| if on { "" } else { " off" };
    let then = |text: &str| {
        if text.is_empty() {
            String::new()
        } else {
            format!(" {}", free_text(text))
        }
    };
    let with = |weapon: &Option<usize>| match weapon {
        Some(i) => format!(" with {}", i + 1),
        None => " with unarmed".into(),
    };
    Some(match command {
        C::Roll { name, kind } => {
            let kind = match kind {
                Kind::Pc => "pc",
                Kind::Hireling => "hireling",
                _ => return None,
            };
            format!("roll {} {kind}", quote(name))
        }
        C::Add(sheet) => add(sheet, st)?,
        C::Remove { who } => format!("remove {}", name(*who)?),
        C::Arm { who, weapon } => format!("arm {} {}", name(*who)?, weapon_words(weapon)?),
        C::Unarm { who, weapon } => format!("unarm {} {}", name(*who)?, weapon + 1),
        C::Wear { who, armor, shield } => {
            let armor = match armor {
                Armor::None if *shield => "",
                Armor::None => " none",
                Armor::Light => " light",
                Armor::Heavy => " heavy",
            };
            let shield = if *shield { " shield" } else { "" };
            format!("wear {}{armor}{shield}", name(*who)?)
        }
        C::Learn { who, item } => format!("learn {} {}", name(*who)?, spell_item(item)),
        C::Take { who, unit } => {
            let unit = match &**unit {
                Unit::Food { rations: 7 } => "food".to_string(),
                Unit::Food { rations } => format!("food {rations}"),
                Unit::Day => "ration".into(),
                Unit::Delve { lit: false } => "delve".into(),
                Unit::Delve { lit: true } => return None,
                Unit::Supply(what) => format!("supply {}", free_text(what)),
                Unit::Treasure(what) => format!("treasure {}", free_text(what)),
            };
            format!("take {} {unit}", name(*who)?)
        }
        C::Drop { who, unit } => format!("drop {} {}", name(*who)?, unit + 1),
        C::Give { from, unit, to } => {
            format!("give {} {} to {}", name(*from)?, unit + 1, name(*to)?)
        }
        C::Coins { who, by } => format!("coins {} {by:+}", name(*who)?),
        C::Buy { who, ware } => format!("buy {} {}", name(*who)?, ware_word(*ware)),
        C::Purchase {
            who,
            name: goods_name,
            goods,
            price,
        } => purchase(&name(*who)?, goods_name, goods, *price),
        C::Ride { who, vehicle } => {
            let word = match vehicle {
                Vehicle::None => "none",
                Vehicle::HandCart => "handcart",
                Vehicle::DraftCart => "draftcart",
                Vehicle::Wagon => "wagon",
            };
            format!("ride {} {word}", name(*who)?)
        }
        C::Allowance { who, units } => match units {
            Some(n) => format!("allowance {} {n}", name(*who)?),
            None => format!("allowance {} none", name(*who)?),
        },
        C::Fatigue { who, by } => format!("fatigue {} {by:+}", name(*who)?),
        C::Pay { who } => format!("pay {}", name(*who)?),
        C::Save {
            who,
            ability: a,
            edge,
            why,
        } => format!(
            "check {} {}{}{}{}",
            name(*who)?,
            ability(*a),
            " adv".repeat(usize::from(edge.adv)),
            " dis".repeat(usize::from(edge.dis)),
            then(why)
        ),
        C::React { to } => format!("react {}", names(to)?),
        C::Accept => "accept".into(),
        C::Rule { pass } => format!("rule {}", if *pass { "pass" } else { "fail" }),
        C::Choose { option } => format!("choose {}", option + 1),
        C::Cancel => "cancel".into(),
        C::Fight {
            who,
            surprised,
            paced,
        } => {
            let surprised = match surprised {
                Some(Side::Party) => " surprised party",
                Some(Side::Enemies) => " surprised enemies",
                None => "",
            };
            let stepwise = if *paced { "" } else { " stepwise" };
            format!("fight{}{surprised}{stepwise}", and_names(who)?)
        }
        C::Next => "next".into(),
        // Only the picker brings one into a fight under way: no line of its own.
        C::Join { .. } => return None,
        C::Place { who, band } => {
            let band = match band {
                Some(Band::Early) => "early",
                Some(Band::Middle) => "middle",
                Some(Band::Late) => "late",
                None => "none",
            };
            format!("place {} {band}", name(*who)?)
        }
        C::Engage { a, b, on } => format!("engage {} {}{}", name(*a)?, name(*b)?, on_off(*on)),
        C::Move { who, to } => match to {
            Some(to) => format!("move {} to {}", name(*who)?, name(*to)?),
            None => format!("move {}", name(*who)?),
        },
        C::Withdraw { who, full } => {
            let how = match full {
                Some(true) => " full",
                Some(false) => " half",
                None => "",
            };
            format!("withdraw {}{how}", name(*who)?)
        }
        C::Attack {
            by,
            target,
            weapon,
            thrown,
            maneuver,
            steps,
        } => {
            let mut line = format!("attack {} {}{}", name(*by)?, name(*target)?, with(weapon));
            if *thrown {
                line.push_str(" thrown");
            }
            let step = if *steps > 0 { " +1" } else { " -1" };
            line.push_str(&step.repeat(usize::from(steps.unsigned_abs())));
            if let Some(effect) = maneuver {
                line.push_str(&format!(" maneuver {}", free_text(effect)));
            }
            line
        }
        C::Blast {
            by,
            weapon,
            targets,
        } => format!(
            "blast {}{} at {}",
            name(*by)?,
            with(weapon),
            names(targets)?
        ),
        C::BlastCount { by, weapon } => format!("blast {}{} count", name(*by)?, with(weapon)),
        C::Act { who, what } => format!("act {} {}", name(*who)?, free_text(what)),
        C::Aid { who, target } => format!("aid {} {}", name(*who)?, name(*target)?),
        C::Flee { who } => format!("flee {}", name(*who)?),
        C::Distract { who, pursuers } => {
            format!("distract {} {}", name(*who)?, names(pursuers)?)
        }
        C::EndFight => "end".into(),
        C::Allow(inner) if matches!(**inner, C::Allow(_)) => return None,
        C::Allow(inner) => format!("allow {}", write(inner, st)?),
        C::Harm { who, amount } => format!("harm {} {amount}", name(*who)?),
        C::Drain {
            who,
            ability: a,
            amount,
        } => format!("drain {} {} {amount}", name(*who)?, ability(*a)),
        C::Heal { who, amount } => format!("heal {} {amount}", name(*who)?),
        C::ShortRest { who } => format!("rest short{}", and_names(who)?),
        C::LongRest { who } => format!("rest long{}", and_names(who)?),
        C::FullRest { who } => format!("rest full{}", and_names(who)?),
        C::Cast {
            who,
            item,
            targets,
            enhance,
            danger,
        } => {
            let mut line = format!("cast {} {}", name(*who)?, item + 1);
            if !targets.is_empty() {
                line.push_str(&format!(" on {}", names(targets)?));
            }
            if *enhance {
                line.push_str(" enhanced");
            }
            match danger {
                Some(true) => line.push_str(" danger"),
                Some(false) => line.push_str(" safe"),
                None => {}
            }
            line
        }
        C::Land { who } => format!("land {}", name(*who)?),
        C::Counter {
            who,
            item,
            against,
            shield,
        } => format!(
            "counter {} {} against {} shield{}",
            name(*who)?,
            item + 1,
            name(*against)?,
            and_names(shield)?
        ),
        C::Augury { who, blood } => {
            format!(
                "augury {}{}",
                name(*who)?,
                if *blood { " blood" } else { "" }
            )
        }
        C::Turn { action } => match action {
            TurnAction::Move => "turn move".into(),
            TurnAction::Search => "turn search".into(),
            TurnAction::Wait => "turn wait".into(),
            TurnAction::Door { who, how } => {
                let how = match how {
                    DoorTry::Listen => "listen",
                    DoorTry::Force => "force",
                    DoorTry::Pick => "pick",
                    DoorTry::Burst => "burst",
                };
                format!("turn door {} {how}", name(*who)?)
            }
            TurnAction::Other(what) => format!("turn {}", free_text(what)),
        },
        C::Noise => "noise".into(),
        C::Trap { who, disarm } => {
            format!(
                "trap {}{}",
                name(*who)?,
                if *disarm { " disarm" } else { "" }
            )
        }
        C::Delve { on } => format!("delve {}", if *on { "on" } else { "off" }),
        C::Light { who, unit } => format!("light {} {}", name(*who)?, unit + 1),
        C::Table { name, entries } => {
            let entries: Vec<String> = entries.iter().map(|e| quote(e)).collect();
            format!("table {} {}", quote(name), entries.join(" "))
        }
        C::Area { table } => format!("area {}", table + 1),
        C::Watch { action, who } => {
            let action = match action {
                WatchAction::Travel => "travel",
                WatchAction::Explore => "explore",
                WatchAction::ForcedMarch => "march",
                WatchAction::Camp => "camp",
                WatchAction::Idle => "idle",
            };
            format!("watch {action}{}", and_names(who)?)
        }
        C::Season { season } => {
            let season = match season {
                Season::Spring => "spring",
                Season::Summer => "summer",
                Season::Fall => "fall",
                Season::Winter => "winter",
            };
            format!("season {season}")
        }
        C::Weather { step } => format!("weather {step}"),
        C::WeatherName { step, name } => format!("weather name {step} {}", free_text(name)),
        C::Set {
            who,
            stat,
            cur,
            max,
        } => {
            let stat = match stat {
                Stat::Str => "str",
                Stat::Dex => "dex",
                Stat::Wil => "wil",
                Stat::Hp => "hp",
            };
            let max = max.map(|m| format!(" max {m}")).unwrap_or_default();
            format!("set {} {stat} {cur}{max}", name(*who)?)
        }
        C::Flag { who, flag, on } => {
            let flag = match flag {
                Flag::Dead => "dead",
                Flag::Critical => "critical",
                Flag::Aided => "aided",
                Flag::Out => "out",
                Flag::NoHp => "nohp",
                Flag::Fled => "fled",
                Flag::Unfed => "unfed",
                Flag::Undead => "undead",
                Flag::Intelligent => "intelligent",
                Flag::Face => "face",
                Flag::Leader => "leader",
            };
            format!("flag {} {flag}{}", name(*who)?, on_off(*on))
        }
        C::Mark { who, kind, turns } => {
            let kind = match &**kind {
                MarkKind::Blessed => "blessed".to_string(),
                MarkKind::Hasted => "hasted".into(),
                MarkKind::Slowed => "slowed".into(),
                MarkKind::Asleep => "asleep".into(),
                MarkKind::Held => "held".into(),
                MarkKind::Dominated => "dominated".into(),
                MarkKind::WindBarrier => "windbarrier".into(),
                MarkKind::Note(text) => quote(text),
                // Only a spell sets these; no word of `mark` makes them.
                MarkKind::Flying { .. } | MarkKind::Animated => return None,
            };
            let turns = turns.map(|n| format!(" for {n} turns")).unwrap_or_default();
            format!("mark {} {kind}{turns}", name(*who)?)
        }
        C::Unmark { who, mark } => format!("unmark {} {}", name(*who)?, mark + 1),
        C::Injure { who, wound, hand } => {
            let wound = match wound {
                Wound::Scars => "scars",
                Wound::Eye => "eye",
                Wound::BrokenArm => "brokenarm",
                Wound::BrokenLeg => "brokenleg",
                Wound::LostArm => "lostarm",
                Wound::LostLeg => "lostleg",
            };
            let hand = match hand {
                Hand::Left => "left",
                Hand::Right => "right",
            };
            format!("injure {} {wound} {hand}", name(*who)?)
        }
        C::Mend { who } => format!("mend {}", name(*who)?),
        C::Reaction { who, reaction } => {
            let word = match reaction {
                Some(Reaction::Hostile) => "hostile",
                Some(Reaction::Negative) => "negative",
                Some(Reaction::Uncertain) => "uncertain",
                Some(Reaction::Positive) => "positive",
                Some(Reaction::Enthusiastic) => "enthusiastic",
                Some(Reaction::Infatuated) => "infatuated",
                None => "unknown",
            };
            format!("reaction {} {word}", name(*who)?)
        }
        C::Group { who, group } => match group {
            Some(g) => format!("group {} {}", name(*who)?, quote(g)),
            None => format!("group {} none", name(*who)?),
        },
        C::Restock { who, weapon } => format!("restock {} {}", name(*who)?, weapon + 1),
        C::ForgetClue => "forget clue".into(),
    })
}

fn ability(a: Ability) -> String {
    a.to_string().to_lowercase()
}

/// A ware as `buy` reads it: 002's words run together.
fn ware_word(ware: Ware) -> String {
    ware.word().replace(' ', "")
}

/// `learn`'s spell and its form and level where they are not a level-1 book.
fn spell_item(item: &SpellItem) -> String {
    let mut line = quote(item.spell.name());
    if item.form == Form::Scroll {
        line.push_str(" scroll");
    }
    if item.level != 1 {
        line.push_str(&format!(" level {}", item.level));
    }
    line
}

/// `buy` at a price of the judge's: a ware of 002 by its word, or an offer of the price list by
/// its name (the price left out when it is the list's).
fn purchase(who: &str, name: &str, goods: &Goods, price: u32) -> String {
    if let Some(ware) = Ware::ALL.into_iter().find(|w| w.word() == name)
        && !matches!(goods, Goods::Unit(_))
    {
        return format!("buy {who} {} for {price}", ware_word(ware));
    }
    let listed = content::bundled().offer(name).ok().and_then(|o| match o {
        Offer::Transport(_) => None,
        other => other.price(),
    });
    if listed == Some(price) {
        format!("buy {who} {}", quote(name))
    } else {
        format!("buy {who} {} for {price}", quote(name))
    }
}

/// `arm`'s weapon: by its name on the price list or 002's table with the tags it adds, or its
/// name and die with every tag.
fn weapon_words(weapon: &Weapon) -> Option<String> {
    let standard = [
        ("hand", WeaponKind::Hand),
        ("polearm", WeaponKind::Polearm),
        ("sling", WeaponKind::Sling),
        ("bow", WeaponKind::Bow),
    ];
    let listed = content::bundled()
        .weapons
        .iter()
        .filter(|e| e.name.eq_ignore_ascii_case(&weapon.name))
        .map(|e| (quote(&e.name), e.weapon()));
    let bases = standard
        .iter()
        .map(|(word, k)| (word.to_string(), Weapon::standard(*k)))
        .chain(listed);
    for (word, base) in bases {
        if base.name == weapon.name
            && base.die == weapon.die
            && let Some(tags) = weapon_tags(&base, weapon)
        {
            return Some(format!("{word}{tags}"));
        }
    }
    let base = Weapon::new(weapon.name.clone(), weapon.die);
    let tags = weapon_tags(&base, weapon)?;
    Some(format!("{} d{}{tags}", quote(&weapon.name), weapon.die))
}

/// The tags `arm` adds to `base` to make `weapon`, each after a space; `None` when a tag would
/// have to be taken away.
fn weapon_tags(base: &Weapon, weapon: &Weapon) -> Option<String> {
    if weapon.out_of_ammo {
        return None;
    }
    let mut tags = crate::script::write::added_words(&[
        (weapon.bulky, base.bulky, " bulky"),
        (weapon.missile, base.missile, " missile"),
        (weapon.throwable, base.throwable, " thrown"),
        (weapon.blast, base.blast, " blast"),
    ])?;
    match (weapon.hand, base.hand) {
        (Hand::Left, Hand::Right) => tags.push_str(" left"),
        (Hand::Right, Hand::Left) => return None,
        _ => {}
    }
    if weapon.on_fail != base.on_fail {
        if weapon.on_fail.is_empty() {
            return None;
        }
        tags.push_str(&format!(" note {}", free_text(&weapon.on_fail)));
    }
    Some(tags)
}

/// `add`: one of the bestiary (by its kind when the name is the next numbered one) with the
/// options that differ, or a sheet with its numbers.
fn add(sheet: &NewSheet, st: &State) -> Option<String> {
    for entry in &content::bundled().creatures {
        let base = entry.sheet(&sheet.name);
        if base.weapons != sheet.weapons || base.kind != sheet.kind || sheet.beast.is_some() {
            continue;
        }
        let Some(options) = sheet_options(&base, sheet, true) else {
            continue;
        };
        if numbered(st, &entry.name) == sheet.name {
            return Some(format!("add {}{options}", quote(&entry.name)));
        }
        return Some(format!(
            "add {} {}{options}",
            quote(&sheet.name),
            quote(&entry.name)
        ));
    }
    if !sheet.weapons.is_empty() {
        return None;
    }
    let kind = match (sheet.kind, sheet.beast) {
        (Kind::Pc, None) => "pc",
        (Kind::Hireling, None) => "hireling",
        (Kind::Creature, None) => "creature",
        (Kind::Animal, Some(beast)) => beast.word(),
        _ => return None,
    };
    let mut base = NewSheet::creature(sheet.name.clone(), sheet.hp);
    base.kind = sheet.kind;
    base.beast = sheet.beast;
    base.side = if sheet.kind == Kind::Creature {
        Side::Enemies
    } else {
        Side::Party
    };
    let mut line = format!("add {} {kind} {}", quote(&sheet.name), sheet.hp);
    if (sheet.str, sheet.dex, sheet.wil) != (base.str, base.dex, base.wil) {
        line.push_str(&format!(" {} {} {}", sheet.str, sheet.dex, sheet.wil));
        (base.str, base.dex, base.wil) = (sheet.str, sheet.dex, sheet.wil);
    }
    Some(line + &sheet_options(&base, sheet, false)?)
}

/// The options after a sheet that make `base` into `sheet`, each after a space; `None` when no
/// option does.
fn sheet_options(base: &NewSheet, sheet: &NewSheet, hp: bool) -> Option<String> {
    let mut made = base.clone();
    let mut line = String::new();
    if hp && sheet.hp != made.hp {
        line.push_str(&format!(" hp {}", sheet.hp));
        made.hp = sheet.hp;
    }
    if sheet.dr != made.dr {
        line.push_str(&format!(" dr {}", sheet.dr));
        made.dr = sheet.dr;
    }
    if sheet.group != made.group
        && let Some(group) = &sheet.group
    {
        line.push_str(&format!(" group {}", quote(group)));
        made.group = sheet.group.clone();
    }
    if sheet.leader && !made.leader {
        line.push_str(" leader");
        made.leader = true;
    }
    if sheet.undead && !made.undead {
        line.push_str(" undead");
        made.undead = true;
    }
    if !sheet.intelligent && made.intelligent {
        line.push_str(" mindless");
        made.intelligent = false;
    }
    if sheet.side != made.side {
        line.push_str(match sheet.side {
            Side::Party => " party",
            Side::Enemies => " enemy",
        });
        made.side = sheet.side;
    }
    (made == *sheet).then_some(line)
}
