//! Ruleset `slots`'s commands written as its verbs read them (see [`crate::script::write`]): the
//! other way round from this folder's parsers. A new character is written as `add` (bare or with
//! a kit) or `creature` when one of those reads back to the same sheet; an item as its library
//! name and the properties that differ from the library's entry. A sheet no verb builds (a
//! layout from an imported file) is written as data by the caller.

use super::read::{STATUS_WORDS, default_weapon};
use crate::content::Library;
use crate::dice::Edge;
use crate::rules::slots::{
    ArmorClass, AttackKind, AttackSpec, CheckKind, Command as C, Condition, Defense, Item, Layout,
    Region, Sense, Senses, Side, State, StatusFlag, Verdict, WeaponKind, WeaponSize, Wound,
    combat::aimed_this_turn,
};
use crate::script::lexer::quote;
use crate::script::write::free_text;

/// The words for `command` against `st` (the state before it), or `None` where no verb
/// spells it.
pub(crate) fn write(command: &C, st: &State, library: &Library) -> Option<String> {
    let name = |id: u32| {
        st.characters
            .iter()
            .find(|c| c.id == id)
            .map(|c| quote(&c.name))
    };
    let zone = |id: u32| {
        st.scene
            .zones
            .iter()
            .find(|z| z.id == id)
            .map(|z| quote(&z.name))
    };
    let on_off = |on: bool| if on { "" } else { " off" };
    let letter = |c: &Condition| c.letter();
    Some(match command {
        // A sheet placed in a zone as it is added (the add form's) has no line of its own.
        C::AddCharacter { zone: Some(_), .. } => return None,
        C::AddCharacter {
            name,
            side,
            layout,
            items,
            zone: None,
        } => add(command, name, *side, layout, items.is_empty(), st, library)?,
        C::RenameCharacter { who, name: new } => {
            format!("rename {} {}", name(*who)?, free_text(new))
        }
        C::SetSide { who, side } => format!("side {} {}", name(*who)?, side_word(*side)),
        C::RemoveCharacter { who } => format!("remove {}", name(*who)?),
        C::PutItem { who, slot, item } => {
            format!("put {} {slot} {}", name(*who)?, item_words(item, library)?)
        }
        C::MoveItem { who, from, to } => format!("move {} {from} {to}", name(*who)?),
        C::RemoveItem { who, slot } => format!("take {} {slot}", name(*who)?),
        C::TwoHands { who, slot, on } => {
            format!("twohands {} {slot}{}", name(*who)?, on_off(*on))
        }
        C::DropBackpack { who } => format!("drop {}", name(*who)?),
        C::ShoulderBackpack { who } => format!("shoulder {}", name(*who)?),
        C::Check { who, kind, edge } => {
            format!(
                "check {}{}{}",
                name(*who)?,
                check_words(kind),
                edge_words(edge)
            )
        }
        C::Fall { who, feet } => format!("fall {} {feet}", name(*who)?),
        C::GroupCheck { who, kind } => {
            let names: Option<Vec<String>> = who.iter().map(|&id| name(id)).collect();
            format!("group {}{}", names?.join(" "), check_words(kind))
        }
        C::Attack { spec, edge, dual } => attack(spec, edge, *dual, st, &name)?,
        C::Pick { die } => format!("pick {}", die + 1),
        C::SwapDice { a, b } => format!("swap {} {}", name(*a)?, name(*b)?),
        C::Override { verdict } => format!(
            "override {}",
            match verdict {
                Verdict::Pass => "pass",
                Verdict::Fail => "fail",
            }
        ),
        C::Accept => "accept".into(),
        C::ChooseSlot { slot } => format!("slot {slot}"),
        C::RuleBlocks { blocks } => format!("blocks {}", yes_no(*blocks)),
        C::Cancel => "cancel".into(),
        C::Wound { who, slot, wound } => {
            let word = match wound {
                Wound::Open => "open",
                Wound::Treated => "treated",
                Wound::None => return None,
            };
            format!("wound {} {slot} {word}", name(*who)?)
        }
        C::Treat { who, slot } => format!("treat {} {slot}", name(*who)?),
        C::Heal { who, slot } => format!("heal {} {slot}", name(*who)?),
        C::Mark {
            who,
            slot,
            condition,
        } => format!("mark {} {slot} {}", name(*who)?, letter(condition)),
        C::Worsen { who, condition } => format!("worsen {} {}", name(*who)?, letter(condition)),
        C::ClearMark {
            who,
            condition,
            slot,
        } => match slot {
            Some(slot) => format!("clear {} {} {slot}", name(*who)?, letter(condition)),
            None => format!("clear {} {}", name(*who)?, letter(condition)),
        },
        C::SetFatigue { who, slot, on } => {
            format!("fatigue {} {slot}{}", name(*who)?, on_off(*on))
        }
        C::Ignite { who, slot } => format!("ignite {} {slot}", name(*who)?),
        C::RollOnGround { who } => format!("roll {}", name(*who)?),
        C::Douse { who } => format!("douse {}", name(*who)?),
        C::Suffocate { who, on } => format!("suffocate {}{}", name(*who)?, on_off(*on)),
        C::Cold { who, on } => format!("cold {}{}", name(*who)?, on_off(*on)),
        C::Warm { who, on } => format!("warm {}{}", name(*who)?, on_off(*on)),
        C::Starve { who } => format!("starve {}", name(*who)?),
        C::SetStatus { who, flag, on } => {
            format!(
                "status {} {}{}",
                name(*who)?,
                status_word(*flag)?,
                on_off(*on)
            )
        }
        C::NewScene { name } => format!("scene {}", free_text(name)),
        C::AddZone { name, cover } => {
            format!("zone {}{}", quote(name), if *cover { " cover" } else { "" })
        }
        C::RemoveZone { zone: z } => format!("unzone {}", zone(*z)?),
        C::Link { a, b } => format!("link {} {}", zone(*a)?, zone(*b)?),
        C::Unlink { a, b } => format!("unlink {} {}", zone(*a)?, zone(*b)?),
        C::Hide { a, b, hidden } => format!(
            "{} {} {}",
            if *hidden { "hide" } else { "unhide" },
            zone(*a)?,
            zone(*b)?
        ),
        C::Place { who, zone: z } => match z {
            Some(z) => format!("place {} {}", name(*who)?, zone(*z)?),
            None => format!("place {} nowhere", name(*who)?),
        },
        C::Task {
            label,
            trys,
            senses,
        } => {
            let trys = if *trys == 1 {
                String::new()
            } else {
                format!(" {trys}")
            };
            format!("task {}{trys}{}", quote(label), sense_words(senses))
        }
        C::Rest { fed, senses } => format!(
            "rest{}{}",
            if *fed { " fed" } else { "" },
            sense_words(senses)
        ),
        C::Travel { watches } => format!("travel {watches}"),
        C::PassDays { days } => format!("days {days}"),
        C::SetDark { dark } => format!("dark{}", on_off(*dark)),
        C::SetTimeOfDay { hour, minute } => format!("time {hour:02}:{minute:02}"),
        C::StartCombat {
            initiator,
            surprised,
            fighters,
        } => {
            let start = match surprised {
                Some(s) => format!("fight {} surprise {}", side_word(*initiator), side_word(*s)),
                None => format!("fight {}", side_word(*initiator)),
            };
            let everyone: Vec<_> = st.characters.iter().map(|c| c.id).collect();
            match fighters {
                None => start,
                Some(who) if *who == everyone => format!("{start} all"),
                Some(who) if who.is_empty() => return None,
                Some(who) => {
                    let names: Option<Vec<String>> = who.iter().map(|w| name(*w)).collect();
                    format!("{start} with {}", names?.join(" "))
                }
            }
        }
        C::JoinCombat { who } => format!("join {}", name(*who)?),
        C::StartTurn { who } => format!("turn {}", name(*who)?),
        C::Setup { what } => format!("setup {}", free_text(what)),
        C::Interrupt { who } => format!("interrupt {}", name(*who)?),
        C::InterruptResult { stopped } => format!("stopped {}", yes_no(*stopped)),
        C::EndTurn => "end".into(),
        C::EndCombat { senses } if senses.is_empty() => "end fight quiet".into(),
        C::EndCombat { senses } if *senses == [Sense::Sound] => "end fight".into(),
        C::EndCombat { senses } => format!("end fight{}", sense_words(senses)),
    })
}

fn yes_no(yes: bool) -> &'static str {
    if yes { "yes" } else { "no" }
}

fn side_word(side: Side) -> &'static str {
    match side {
        Side::Players => "players",
        Side::Opponents => "opponents",
    }
}

/// The word `status` reads first for `flag`.
fn status_word(flag: StatusFlag) -> Option<&'static str> {
    STATUS_WORDS
        .iter()
        .find(|(_, f)| *f == flag)
        .and_then(|(words, _)| words.first().copied())
}

/// `adv` and `dis` as many times as the edge counts them, each after a space.
fn edge_words(edge: &Edge) -> String {
    " adv".repeat(usize::from(edge.adv)) + &" dis".repeat(usize::from(edge.dis))
}

/// The senses an activity alerts, each after a space.
fn sense_words(senses: &[Sense]) -> String {
    senses
        .iter()
        .map(|s| match s {
            Sense::Sound => " sound".to_string(),
            Sense::Light => " light".to_string(),
            Sense::Smell => " smell".to_string(),
            Sense::Magic => " magic".to_string(),
            Sense::Other(what) => format!(" other:{what}"),
        })
        .collect()
}

/// A check's kind and, for stealth, the senses against it, each after a space.
fn check_words(kind: &CheckKind) -> String {
    match kind {
        CheckKind::Generic => String::new(),
        CheckKind::Terrain => " terrain".into(),
        CheckKind::Corruption => " corruption".into(),
        CheckKind::Stealth(senses) => {
            let Senses {
                hearing,
                smell,
                sight,
                ambient_noise,
                low_light,
            } = &**senses;
            let mut line = String::from(" stealth");
            if *hearing {
                line.push_str(" hearing");
            }
            if *smell {
                line.push_str(" smell");
            }
            if !sight.is_empty() {
                let slots: Vec<String> = sight.iter().map(|s| s.to_string()).collect();
                line.push_str(&format!(" sight {}", slots.join(",")));
            }
            if *ambient_noise {
                line.push_str(" noise");
            }
            if *low_light {
                line.push_str(" dim");
            }
            line
        }
    }
}

/// `attack`: every part the parser would not find by itself.
fn attack(
    spec: &AttackSpec,
    edge: &Edge,
    dual: bool,
    st: &State,
    name: &dyn Fn(u32) -> Option<String>,
) -> Option<String> {
    let attacker = st.characters.iter().find(|c| c.id == spec.attacker)?;
    let kind = match spec.kind {
        AttackKind::Melee => "melee",
        AttackKind::Grab => "grab",
        AttackKind::Missile => "missile",
        AttackKind::Blast => "blast",
    };
    let mut line = format!(
        "attack {} {} {kind}",
        name(spec.attacker)?,
        name(spec.target)?
    );
    match spec.weapon {
        Some(slot) => line.push_str(&format!(" with {slot}")),
        // No verb leaves the grip's weapon out when there is one.
        None if default_weapon(attacker, spec.kind).is_some() => return None,
        None => {}
    }
    match spec.defense {
        Defense::None => {}
        Defense::Parry => line.push_str(" parry"),
        Defense::Evade => line.push_str(" evade"),
    }
    if spec.aimed && !aimed_this_turn(st, spec.attacker) {
        line.push_str(" aimed");
    }
    if spec.blast_slots != u8::from(spec.kind == AttackKind::Blast) {
        line.push_str(&format!(" slots {}", spec.blast_slots));
    }
    if spec.counter {
        line.push_str(" counter");
    }
    if dual {
        line.push_str(" dual");
    }
    Some(line + &edge_words(edge))
}

/// `add` bare or with a kit, or `creature`: the first that builds this very sheet.
fn add(
    command: &C,
    name: &str,
    side: Side,
    layout: &Layout,
    bare: bool,
    st: &State,
    library: &Library,
) -> Option<String> {
    let human = *layout == Layout::human();
    let side_after_add = if side == Side::Players {
        ""
    } else {
        " opponents"
    };
    if human && bare {
        return Some(format!("add {}{side_after_add}", quote(name)));
    }
    if human
        && let Some(kit) = library.kits.iter().find(|k| {
            library
                .character_from_kit(name, &k.name, side)
                .is_ok_and(|c| c == *command)
        })
    {
        return Some(format!(
            "add {}{side_after_add} kit {}",
            quote(name),
            quote(&kit.name)
        ));
    }
    // The bestiary's sheet, numbered after its kind or under a name of the judge's.
    let (creature, numbered) = library.creatures.iter().find_map(|c| {
        let C::AddCharacter {
            name: numbered,
            side: s,
            layout: l,
            items: i,
            ..
        } = library.add_creature(st, &c.name, side).ok()?
        else {
            return None;
        };
        (s == side
            && *l == *layout
            && !matches!(command, C::AddCharacter { items, .. } if *items != i))
        .then_some((c, numbered))
    })?;
    let side_after_creature = if side == Side::Opponents {
        ""
    } else {
        " players"
    };
    let named = if *numbered == *name {
        String::new()
    } else {
        format!(" named {}", free_text(name))
    };
    Some(format!(
        "creature {}{side_after_creature}{named}",
        quote(&creature.name)
    ))
}

/// `put`'s item: the library's entry of that name and the properties this one adds, or a new
/// item described whole (`plain` when it has no properties).
fn item_words(item: &Item, library: &Library) -> Option<String> {
    let base = library
        .items
        .iter()
        .find(|i| i.name.eq_ignore_ascii_case(&item.name));
    let mut line = quote(&item.name);
    let plain = Item::plain(item.name.clone());
    let from = base.unwrap_or(&plain);
    for prop in &item.props {
        if !from.has(*prop) {
            line.push(' ');
            line.push_str(prop.name());
        }
    }
    if item.armor != from.armor
        && let Some(armor) = item.armor
    {
        line.push_str(match armor {
            ArmorClass::HeavyArmor => " heavyarmor",
            ArmorClass::LightArmor => " lightarmor",
            ArmorClass::Shield => " shield",
        });
    }
    if item.weapon != from.weapon
        && let Some(weapon) = item.weapon
    {
        line.push_str(match weapon.size {
            WeaponSize::Small => " small",
            WeaponSize::Medium => " medium",
            WeaponSize::Bulky => " bulky",
        });
        line.push_str(match weapon.kind {
            WeaponKind::Melee => " melee",
            WeaponKind::Thrown => " thrown",
            WeaponKind::Bow => " bow",
        });
    }
    if item.wear != from.wear
        && let Some(region) = item.wear
    {
        line.push_str(match region {
            Region::Head => " head",
            Region::Torso => " torso",
            Region::LegsFeet => " legs",
            Region::ArmsHands => " arms",
            Region::Grip => " grip",
            _ => return None,
        });
    }
    if base.is_none() && line == quote(&item.name) {
        line.push_str(" plain");
    }
    Some(line)
}
