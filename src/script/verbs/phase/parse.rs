//! How each phase verb reads its words into a command (the verb table is in `mod.rs`).

use super::read::*;
use crate::content::{self, LookupError, phase::Offer};
use crate::dice::Edge;
use crate::rules::phase::{
    Armor, Band, Command as C, DoorTry, Flag, Form, Goods, Hand, Kind, MarkKind, NewSheet,
    Reaction, Season, Side, SpellItem, Stat, State, TurnAction, Unit, Vehicle, Ware, WatchAction,
    Weapon, WeaponKind, Wound, spell_named,
};
use crate::script::words::{R, Words, is, lookup_err};
use crate::script::{Line, ScriptError};

/// The words that may follow a sheet's numbers, or a creature of the bestiary.
const SHEET_OPTIONS: &[&str] = &[
    "hp", "dr", "group", "leader", "undead", "mindless", "party", "ally", "enemy", "enemies",
];

/// The options after a sheet's numbers: dr, group, leader, undead, mindless, a side; `hp N`
/// too for a creature of the bestiary, whose numbers are the bestiary's.
fn sheet_options(w: &mut Words<'_>, s: &mut NewSheet, hp: bool) -> R<()> {
    let expected = if hp {
        "hp N, dr N, group NAME, leader, undead, mindless, party or enemy"
    } else {
        "dr N, group NAME, leader, undead, mindless, party or enemy"
    };
    while !w.at_end() {
        let t = w.next("an option")?;
        if hp && is(&t, &["hp"]) {
            s.hp = positive(w, "its HP")?;
        } else if is(&t, &["dr"]) {
            s.dr = w.number("the DR")?;
        } else if is(&t, &["group"]) {
            s.group = Some(w.next("the group's name")?.text);
        } else if is(&t, &["leader"]) {
            s.leader = true;
        } else if is(&t, &["undead"]) {
            s.undead = true;
        } else if is(&t, &["mindless"]) {
            s.intelligent = false;
        } else if is(&t, &["party", "ally"]) {
            s.side = Side::Party;
        } else if is(&t, &["enemy", "enemies"]) {
            s.side = Side::Enemies;
        } else {
            return Err(bad(&t, expected));
        }
    }
    Ok(())
}

/// "Goblin 1", "Goblin 2"...: the first name of a kind not yet in the session, numbered as
/// the slot system numbers its creatures.
pub(super) fn numbered(st: &State, base: &str) -> String {
    crate::rules::text::free_name(base, true, |name| st.by_name(name).is_some())
        .unwrap_or_else(|_| base.to_string())
}

const KINDS: &str = "pc, hireling, creature, mule, horse, warhorse or a creature of the bestiary";

pub(super) fn add(w: &mut Words<'_>, st: &State) -> R<Line> {
    if let Some(entry) = crate::script::verbs::stat_line(w, content::phase::from_stat) {
        let entry = entry?;
        return Ok(g(C::Add(Box::new(entry.sheet(&entry.name)))));
    }
    let first = w.next("the new name, or a creature of the bestiary")?;
    let bestiary = content::phase::library();
    // `add goblin [options]`: one of the bestiary, numbered after its kind.
    if w.peek().is_none_or(|t| is(t, SHEET_OPTIONS)) {
        let entry = match bestiary.creature(&first.text) {
            Ok(entry) => entry,
            Err(e @ LookupError::Ambiguous { .. }) => return Err(lookup_err(&first, e)),
            Err(LookupError::Unknown { .. }) => {
                return Err(ScriptError::at(
                    w.eol,
                    format!("expected {KINDS} here; {}", w.usage()),
                ));
            }
        };
        let mut s = entry.sheet(&numbered(st, &entry.name));
        sheet_options(w, &mut s, true)?;
        return Ok(g(C::Add(Box::new(s))));
    }
    let name = first.text;
    let beasts = [
        (&["mule"][..], Some(crate::rules::phase::Beast::Mule)),
        (&["horse"], Some(crate::rules::phase::Beast::Horse)),
        (&["warhorse"], Some(crate::rules::phase::Beast::Warhorse)),
    ];
    let kind_token = w.next(KINDS)?;
    let (kind, beast) = if is(&kind_token, &["pc"]) {
        (Kind::Pc, None)
    } else if is(&kind_token, &["hireling"]) {
        (Kind::Hireling, None)
    } else if is(&kind_token, &["creature", "monster", "foe"]) {
        (Kind::Creature, None)
    } else if let Some((_, b)) = beasts.iter().find(|(words, _)| is(&kind_token, words)) {
        (Kind::Animal, *b)
    } else {
        // `add Snag goblin [options]`: one of the bestiary under a name of the judge's.
        let entry = bestiary
            .creature(&kind_token.text)
            .map_err(|e| crate::script::verbs::not_a_kind(&kind_token, KINDS, e))?;
        let mut s = entry.sheet(&name);
        sheet_options(w, &mut s, true)?;
        return Ok(g(C::Add(Box::new(s))));
    };
    let hp: u8 = positive(w, "its HP")?;
    let mut s = NewSheet::creature(name, hp);
    s.kind = kind;
    s.beast = beast;
    s.side = if kind == Kind::Creature {
        Side::Enemies
    } else {
        Side::Party
    };
    if w.peek().is_some_and(|t| t.text.parse::<u8>().is_ok()) {
        s.str = w.number("STR")?;
        s.dex = w.number("DEX")?;
        s.wil = w.number("WIL")?;
    }
    sheet_options(w, &mut s, false)?;
    Ok(g(C::Add(Box::new(s))))
}

/// Is this word a die such as "d6"?
fn is_die(token: &crate::script::lexer::Token) -> bool {
    token
        .text
        .to_ascii_lowercase()
        .strip_prefix('d')
        .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

pub(super) fn arm(w: &mut Words<'_>, st: &State) -> R<Line> {
    let who = who(w, st)?;
    let name = w.next(
        "a weapon: one from the price list, hand, polearm, sling, bow, or a name and a die",
    )?;
    let kinds = [
        (&["hand"][..], WeaponKind::Hand),
        (&["polearm"], WeaponKind::Polearm),
        (&["sling"], WeaponKind::Sling),
        (&["bow"], WeaponKind::Bow),
    ];
    let mut weapon = if w.peek().is_some_and(is_die) {
        // One of the judge's: its name, its die, its tags.
        Weapon::new(name.text.clone(), die(w)?)
    } else if let Some((_, k)) = kinds.iter().find(|(words, _)| is(&name, words)) {
        Weapon::standard(*k)
    } else {
        match content::phase::library().weapon(&name.text) {
            Ok(entry) => entry.weapon(),
            Err(e @ LookupError::Ambiguous { .. }) => return Err(lookup_err(&name, e)),
            Err(LookupError::Unknown { .. }) => {
                let at = w.peek().map_or(w.eol, |t| t.column);
                return Err(ScriptError::at(
                    at,
                    format!(
                        "expected a die such as d6 here ('{}' is not on the price list); {}",
                        name.text,
                        w.usage()
                    ),
                ));
            }
        }
    };
    while !w.at_end() {
        let t = w.next("a weapon's tag")?;
        if is(&t, &["bulky"]) {
            weapon.bulky = true;
        } else if is(&t, &["missile"]) {
            weapon.missile = true;
        } else if is(&t, &["thrown", "throwable"]) {
            weapon.throwable = true;
        } else if is(&t, &["blast"]) {
            weapon.blast = true;
        } else if is(&t, &["left"]) {
            weapon.hand = Hand::Left;
        } else if is(&t, &["note"]) {
            weapon.on_fail = w.rest_text("what a failed critical save brings")?;
        } else {
            return Err(bad(&t, "bulky, missile, thrown, blast, left or note TEXT"));
        }
    }
    Ok(g(C::Arm {
        who,
        weapon: Box::new(weapon),
    }))
}

pub(super) fn wear(w: &mut Words<'_>, st: &State) -> R<Line> {
    let who = who(w, st)?;
    let expected = "none, light, heavy, shield, or armour from the price list";
    // Several pieces in one line combine as K20 does: the best armour counts, a shield adds 1.
    let mut armor = Armor::None;
    let mut shield = false;
    let mut first = true;
    while first || !w.at_end() {
        first = false;
        let t = w.next(expected)?;
        let words = [
            (&["none", "no"][..], Armor::None),
            (&["light"], Armor::Light),
            (&["heavy"], Armor::Heavy),
        ];
        let (a, s) = if is(&t, &["shield", "+shield"]) {
            (Armor::None, true)
        } else {
            match words.iter().find(|(list, _)| is(&t, list)) {
                Some((_, a)) => (*a, false),
                None => {
                    let entry = content::phase::library()
                        .armour(&t.text)
                        .map_err(|e| crate::script::verbs::not_a_kind(&t, expected, e))?;
                    match entry.class.armor() {
                        Some(a) => (a, false),
                        None => (Armor::None, true),
                    }
                }
            }
        };
        if a.dr() > armor.dr() {
            armor = a;
        }
        shield |= s;
    }
    Ok(g(C::Wear { who, armor, shield }))
}

pub(super) fn learn(w: &mut Words<'_>, st: &State) -> R<Line> {
    let who = who(w, st)?;
    let name = w.text_until("a spell's name", |t| is(t, &["book", "scroll", "level"]))?;
    let mut form = Form::Book;
    let mut level = 1;
    while !w.at_end() {
        let t = w.next("book, scroll or level N")?;
        if is(&t, &["book"]) {
            form = Form::Book;
        } else if is(&t, &["scroll"]) {
            form = Form::Scroll;
        } else if is(&t, &["level"]) {
            level = w.number("the spell's level")?;
        } else {
            return Err(bad(&t, "book, scroll or level N"));
        }
    }
    let item = SpellItem {
        spell: spell_named(&name),
        level,
        form,
    };
    Ok(g(C::Learn {
        who,
        item: item.into(),
    }))
}

pub(super) fn take(w: &mut Words<'_>, st: &State) -> R<Line> {
    let who = who(w, st)?;
    let t = w.next("food, ration, delve, supply NAME or treasure NAME")?;
    let unit = if is(&t, &["food"]) {
        let rations = if w.at_end() {
            7
        } else {
            w.number("the rations left")?
        };
        Unit::Food { rations }
    } else if is(&t, &["ration", "day"]) {
        Unit::Day
    } else if is(&t, &["delve", "torches"]) {
        Unit::Delve { lit: false }
    } else if is(&t, &["supply", "supplies"]) {
        Unit::Supply(w.rest_text("what the supplies are")?)
    } else if is(&t, &["treasure"]) {
        Unit::Treasure(w.rest_text("what the treasure is")?)
    } else {
        return Err(bad(&t, "food, ration, delve, supply NAME or treasure NAME"));
    };
    Ok(g(C::Take {
        who,
        unit: unit.into(),
    }))
}

pub(super) fn buy(w: &mut Words<'_>, st: &State) -> R<Line> {
    let who = who(w, st)?;
    let expected = "a ware: a name from the price list, or shield, lightarmor, heavyarmor, \
                    handweapon, polearm, sling, bow, handcart, draftcart, wagon, mule, horse, \
                    warhorse";
    let token = w.next(expected)?;
    let price: Option<u32> = if w.eat(&["for", "at"]) {
        Some(w.number("a price in coins")?)
    } else {
        None
    };
    let word = token.text.to_ascii_lowercase().replace(['-', '_'], "");
    let ware = Ware::ALL
        .into_iter()
        .find(|x| x.word().replace(' ', "") == word);
    if let Some(ware) = ware {
        // 002's wares by their words, at the book's price unless the judge names another.
        let Some(price) = price else {
            return Ok(g(C::Buy { who, ware }));
        };
        let goods = match ware {
            Ware::Shield => Goods::Shield,
            Ware::LightArmor => Goods::Armor(Armor::Light),
            Ware::HeavyArmor => Goods::Armor(Armor::Heavy),
            Ware::HandWeapon => Goods::Weapon(Weapon::standard(WeaponKind::Hand)),
            Ware::Polearm => Goods::Weapon(Weapon::standard(WeaponKind::Polearm)),
            Ware::Sling => Goods::Weapon(Weapon::standard(WeaponKind::Sling)),
            Ware::Bow => Goods::Weapon(Weapon::standard(WeaponKind::Bow)),
            _ => return Err(fixed_price(&token)),
        };
        return Ok(g(C::Purchase {
            who,
            name: ware.word().into(),
            goods: Box::new(goods),
            price,
        }));
    }
    let offer = content::phase::library()
        .offer(&token.text)
        .map_err(|e| lookup_err(&token, e))?;
    let name = offer.name().to_string();
    let goods = match offer {
        Offer::Weapon(e) => Goods::Weapon(e.weapon()),
        Offer::Armour(e) => match e.class.armor() {
            Some(a) => Goods::Armor(a),
            None => Goods::Shield,
        },
        Offer::Gear(e) => Goods::Unit(e.unit.unit()),
        Offer::Transport(e) => {
            if price.is_some() {
                return Err(fixed_price(&token));
            }
            return Ok(g(C::Buy { who, ware: e.ware }));
        }
    };
    let price = price.or(offer.price()).ok_or_else(|| {
        ScriptError::at(
            w.eol,
            format!(
                "002 gives no price for the {name}: say one with `for N` (buy {} '{name}' for 5), \
                 or `take` it",
                st.name_of(who)
            ),
        )
    })?;
    Ok(g(C::Purchase {
        who,
        name: name.into(),
        goods: Box::new(goods),
        price,
    }))
}

/// A cart or a beast comes with its animal and its allowance at the book's price.
fn fixed_price(token: &crate::script::lexer::Token) -> ScriptError {
    ScriptError::at(
        token.column,
        format!(
            "a cart or a beast is bought at the book's price; leave out `for`, and use `coins` \
             to haggle ('{}')",
            token.text
        ),
    )
}

pub(super) fn ride(w: &mut Words<'_>, st: &State) -> R<Line> {
    let who = who(w, st)?;
    let vehicle = pick(
        w,
        &[
            (&["none", "nothing"], Vehicle::None),
            (&["handcart"], Vehicle::HandCart),
            (&["draftcart", "cart"], Vehicle::DraftCart),
            (&["wagon"], Vehicle::Wagon),
        ],
        "none, handcart, draftcart or wagon",
    )?;
    Ok(g(C::Ride { who, vehicle }))
}

pub(super) fn check(w: &mut Words<'_>, st: &State) -> R<Line> {
    let who = who(w, st)?;
    let ability = ability(w)?;
    let mut edge = Edge::NONE;
    loop {
        if w.eat(&["adv", "advantage"]) {
            edge.adv = edge.adv.saturating_add(1);
        } else if w.eat(&["dis", "disadvantage"]) {
            edge.dis = edge.dis.saturating_add(1);
        } else {
            break;
        }
    }
    let why = rest(w, "what the save is for")?;
    Ok(g(C::Save {
        who,
        ability,
        edge,
        why,
    }))
}

pub(super) fn fight(w: &mut Words<'_>, st: &State) -> R<Line> {
    let who = names(w, st, &["surprised", "stepwise"])?;
    // "stepwise": `next` walks every group of every phase, as fights did before the paced round.
    let mut paced = !w.eat(&["stepwise"]);
    let surprised = if w.eat(&["surprised"]) {
        Some(pick(
            w,
            &[
                (&["party", "players"], Side::Party),
                (&["enemies", "enemy", "foes"], Side::Enemies),
            ],
            "party or enemies",
        )?)
    } else {
        None
    };
    paced &= !w.eat(&["stepwise"]);
    Ok(g(C::Fight {
        who,
        surprised,
        paced,
    }))
}

pub(super) fn place(w: &mut Words<'_>, st: &State) -> R<Line> {
    let who = who(w, st)?;
    let band = pick(
        w,
        &[
            (&["early"], Some(Band::Early)),
            (&["middle"], Some(Band::Middle)),
            (&["late"], Some(Band::Late)),
            (&["none", "out"], None),
        ],
        "early, middle, late or none",
    )?;
    Ok(g(C::Place { who, band }))
}

/// "with N|NAME|unarmed" after an attacker: their first weapon when not said.
fn weapon_of(w: &mut Words<'_>, st: &State, by: u32) -> R<Option<usize>> {
    if w.eat(&["unarmed"]) {
        return Ok(None);
    }
    let list = weapons(st, by);
    if w.eat(&["with"]) {
        if w.eat(&["unarmed", "fists"]) {
            return Ok(None);
        }
        return Ok(Some(item(w, &list, "weapon")?));
    }
    Ok((!list.is_empty()).then_some(0))
}

pub(super) fn attack(w: &mut Words<'_>, st: &State) -> R<Line> {
    let by = who(w, st)?;
    let target = who(w, st)?;
    let weapon = weapon_of(w, st, by)?;
    let mut thrown = false;
    let mut steps = 0i8;
    let mut maneuver = None;
    while !w.at_end() {
        let t = w.next("thrown, +1, -1 or maneuver TEXT")?;
        if is(&t, &["thrown", "throw"]) {
            thrown = true;
        } else if is(&t, &["+1", "enhanced"]) {
            steps += 1;
        } else if is(&t, &["-1", "impaired"]) {
            steps -= 1;
        } else if is(&t, &["maneuver", "trick"]) {
            maneuver = Some(w.rest_text("the maneuver's effect")?);
        } else {
            return Err(bad(&t, "thrown, +1, -1 or maneuver TEXT"));
        }
    }
    Ok(g(C::Attack {
        by,
        target,
        weapon,
        thrown,
        maneuver: maneuver.map(Into::into),
        steps,
    }))
}

pub(super) fn blast(w: &mut Words<'_>, st: &State) -> R<Line> {
    let by = who(w, st)?;
    let weapon = weapon_of(w, st, by)?;
    if w.eat(&["count", "howmany"]) {
        return Ok(g(C::BlastCount { by, weapon }));
    }
    w.eat(&["at", "on"]);
    let targets = names(w, st, &[])?;
    Ok(g(C::Blast {
        by,
        weapon,
        targets: targets.into(),
    }))
}

pub(super) fn rest_verb(w: &mut Words<'_>, st: &State) -> R<Line> {
    let kind = pick(
        w,
        &[(&["short"], 0), (&["long"], 1), (&["full"], 2)],
        "short, long or full",
    )?;
    let who = names(w, st, &[])?;
    Ok(g(match kind {
        0 => C::ShortRest { who },
        1 => C::LongRest { who },
        _ => C::FullRest { who },
    }))
}

pub(super) fn cast(w: &mut Words<'_>, st: &State) -> R<Line> {
    let who = who(w, st)?;
    let item = item(w, &spells(st, who), "spell item")?;
    let mut targets = Vec::new();
    let mut enhance = false;
    let mut danger = None;
    while !w.at_end() {
        let t = w.next("on NAME..., enhanced, safe or danger")?;
        if is(&t, &["on", "at"]) {
            targets = names(w, st, &["enhanced", "safe", "danger"])?;
        } else if is(&t, &["enhanced", "enhance"]) {
            enhance = true;
        } else if is(&t, &["safe"]) {
            danger = Some(false);
        } else if is(&t, &["danger"]) {
            danger = Some(true);
        } else {
            return Err(bad(&t, "on NAME..., enhanced, safe or danger"));
        }
    }
    Ok(g(C::Cast {
        who,
        item,
        targets: targets.into(),
        enhance,
        danger,
    }))
}

pub(super) fn counter(w: &mut Words<'_>, st: &State) -> R<Line> {
    let who = who(w, st)?;
    let item = item(w, &spells(st, who), "spell item")?;
    w.eat(&["against", "vs"]);
    let against = super::read::who(w, st)?;
    w.eat(&["shield", "for"]);
    let shield = names(w, st, &[])?;
    Ok(g(C::Counter {
        who,
        item,
        against,
        shield: shield.into(),
    }))
}

pub(super) fn turn(w: &mut Words<'_>, st: &State) -> R<Line> {
    let t = w.next("move, search, wait, door NAME HOW, or what the party does")?;
    let action = if is(&t, &["move"]) {
        TurnAction::Move
    } else if is(&t, &["search"]) {
        TurnAction::Search
    } else if is(&t, &["wait"]) {
        TurnAction::Wait
    } else if is(&t, &["door"]) {
        let who = who(w, st)?;
        let how = pick(
            w,
            &[
                (&["listen"], DoorTry::Listen),
                (&["force"], DoorTry::Force),
                (&["pick"], DoorTry::Pick),
                (&["burst"], DoorTry::Burst),
            ],
            "listen, force, pick or burst",
        )?;
        TurnAction::Door { who, how }
    } else {
        let more = rest(w, "what the party does")?;
        TurnAction::Other(if more.is_empty() {
            t.text
        } else {
            format!("{} {more}", t.text)
        })
    };
    Ok(g(C::Turn { action }))
}

pub(super) fn watch(w: &mut Words<'_>, st: &State) -> R<Line> {
    let action = pick(
        w,
        &[
            (&["travel"], WatchAction::Travel),
            (&["explore"], WatchAction::Explore),
            (&["march", "forcedmarch"], WatchAction::ForcedMarch),
            (&["camp"], WatchAction::Camp),
            (&["idle", "wait"], WatchAction::Idle),
        ],
        "travel, explore, march, camp or idle",
    )?;
    let who = names(w, st, &[])?;
    Ok(g(C::Watch { action, who }))
}

pub(super) fn table(w: &mut Words<'_>, _: &State) -> R<Line> {
    let name = w.next("the table's name")?.text;
    let mut entries = Vec::new();
    while !w.at_end() {
        entries.push(w.next("an entry")?.text);
    }
    Ok(g(C::Table {
        name: name.into(),
        entries: entries.into(),
    }))
}

pub(super) fn area(w: &mut Words<'_>, st: &State) -> R<Line> {
    let names: Vec<String> = st.world.tables.iter().map(|t| t.name.clone()).collect();
    let table = item(w, &names, "table")?;
    Ok(g(C::Area { table }))
}

pub(super) fn season(w: &mut Words<'_>, _: &State) -> R<Line> {
    let season = pick(
        w,
        &[
            (&["spring"], Season::Spring),
            (&["summer"], Season::Summer),
            (&["fall", "autumn"], Season::Fall),
            (&["winter"], Season::Winter),
        ],
        "spring, summer, fall or winter",
    )?;
    Ok(g(C::Season { season }))
}

pub(super) fn weather(w: &mut Words<'_>, _: &State) -> R<Line> {
    if w.eat(&["name", "call"]) {
        let step = w.number("the step, 1 to 5")?;
        let name = w.rest_text("the step's new name")?;
        return Ok(g(C::WeatherName { step, name }));
    }
    Ok(g(C::Weather {
        step: w.number("the step, 1 to 5")?,
    }))
}

pub(super) fn set(w: &mut Words<'_>, st: &State) -> R<Line> {
    let who = who(w, st)?;
    let stat = pick(
        w,
        &[
            (&["str"], Stat::Str),
            (&["dex"], Stat::Dex),
            (&["wil"], Stat::Wil),
            (&["hp"], Stat::Hp),
        ],
        "str, dex, wil or hp",
    )?;
    let cur = w.number("the current value")?;
    let max = if w.eat(&["max", "of", "/"]) {
        Some(w.number("the maximum")?)
    } else {
        None
    };
    Ok(g(C::Set {
        who,
        stat,
        cur,
        max,
    }))
}

pub(super) fn flag(w: &mut Words<'_>, st: &State) -> R<Line> {
    let who = who(w, st)?;
    let flag = pick(
        w,
        &[
            (&["dead"], Flag::Dead),
            (&["critical"], Flag::Critical),
            (&["aided"], Flag::Aided),
            (&["out"], Flag::Out),
            (&["nohp"], Flag::NoHp),
            (&["fled"], Flag::Fled),
            (&["unfed"], Flag::Unfed),
            (&["undead"], Flag::Undead),
            (&["intelligent"], Flag::Intelligent),
            (&["face"], Flag::Face),
            (&["leader"], Flag::Leader),
        ],
        "dead, critical, aided, out, nohp, fled, unfed, undead, intelligent, face or leader",
    )?;
    let on = w.on_off()?;
    Ok(g(C::Flag { who, flag, on }))
}

pub(super) fn mark(w: &mut Words<'_>, st: &State) -> R<Line> {
    let who = who(w, st)?;
    let text = w.text_until("the mark", |t| is(t, &["for"]))?;
    let turns = if w.eat(&["for"]) {
        let n = w.number("how many turns")?;
        w.eat(&["turns", "turn"]);
        Some(n)
    } else {
        None
    };
    let kind = match text.to_ascii_lowercase().as_str() {
        "blessed" | "bless" => MarkKind::Blessed,
        "hasted" | "haste" => MarkKind::Hasted,
        "slowed" | "slow" => MarkKind::Slowed,
        "asleep" | "sleep" => MarkKind::Asleep,
        "held" => MarkKind::Held,
        "dominated" => MarkKind::Dominated,
        "windbarrier" | "wind barrier" => MarkKind::WindBarrier,
        _ => MarkKind::Note(text),
    };
    Ok(g(C::Mark {
        who,
        kind: kind.into(),
        turns,
    }))
}

pub(super) fn injure(w: &mut Words<'_>, st: &State) -> R<Line> {
    let who = who(w, st)?;
    let wound = pick(
        w,
        &[
            (&["scars", "scar"], Wound::Scars),
            (&["eye"], Wound::Eye),
            (&["brokenarm"], Wound::BrokenArm),
            (&["brokenleg"], Wound::BrokenLeg),
            (&["lostarm"], Wound::LostArm),
            (&["lostleg"], Wound::LostLeg),
        ],
        "scars, eye, brokenarm, brokenleg, lostarm or lostleg",
    )?;
    let hand = if w.at_end() {
        Hand::Left
    } else {
        pick(
            w,
            &[(&["left"], Hand::Left), (&["right"], Hand::Right)],
            "left or right",
        )?
    };
    Ok(g(C::Injure { who, wound, hand }))
}

pub(super) fn reaction(w: &mut Words<'_>, st: &State) -> R<Line> {
    let who = who(w, st)?;
    let reaction = pick(
        w,
        &[
            (&["hostile"], Some(Reaction::Hostile)),
            (&["negative"], Some(Reaction::Negative)),
            (&["uncertain"], Some(Reaction::Uncertain)),
            (&["positive"], Some(Reaction::Positive)),
            (&["enthusiastic"], Some(Reaction::Enthusiastic)),
            (&["infatuated"], Some(Reaction::Infatuated)),
            (&["unknown"], None),
        ],
        "hostile, negative, uncertain, positive, enthusiastic, infatuated or unknown",
    )?;
    Ok(g(C::Reaction { who, reaction }))
}

/// `allow VERB ...`: any other phase verb, with the book's bans lifted.
pub(super) fn allow<'a>(w: &mut Words<'a>, st: &'a State) -> R<Line> {
    let token = w.next("the command to allow")?;
    let entry = super::VERBS
        .iter()
        .find(|e| {
            e.verb.name.eq_ignore_ascii_case(&token.text)
                || e.verb
                    .aliases
                    .iter()
                    .any(|a| a.eq_ignore_ascii_case(&token.text))
        })
        .ok_or_else(|| bad(&token, "a command of this ruleset"))?;
    match (entry.parse)(w, st)? {
        Line::Command(crate::session::Command::Game(crate::rules::GameCommand::Phase(c))) => {
            Ok(g(C::Allow(Box::new(c))))
        }
        _ => Err(ScriptError::at(
            token.column,
            "that command cannot be allowed",
        )),
    }
}
