//! Ruleset `ap`'s commands written as its verbs read them (see [`crate::script::write`]): the
//! other way round from this folder's parsers. Items are named, pending items and scores'
//! answers numbered from 1; a roll writes every option the parser would not find by itself, its
//! own edge before the object dice so each edge reads back to its die. A sheet or an item no
//! verb builds (a band's sheet with gear of its own) is written as data by the caller.

use crate::content::ap as content;
use crate::rules::ap::{
    Action, Against, Attr, Cast, Character, Command as C, Defence, Item, Kind, NewSheet, ObjDie,
    Span, Stat, State,
};
use crate::script::lexer::quote;
use crate::script::write::{free_text, names};

/// The words for `command` against `st` (the state before it), or `None` where no verb
/// spells it.
pub(crate) fn write(command: &C, st: &State) -> Option<String> {
    let character = |id: u32| st.characters.iter().find(|c| c.id == id);
    let name = |id: u32| names(&st.characters, &[id], |c| (c.id, c.name.as_str()));
    // Names after a verb's fixed words, each after a space.
    let names = |ids: &[u32]| {
        names(&st.characters, ids, |c| (c.id, c.name.as_str()))
            .map(|n| if n.is_empty() { n } else { format!(" {n}") })
    };
    let on_off = |on: bool| if on { "" } else { " off" };
    Some(match command {
        C::Add(sheet) => add(sheet)?,
        C::Roll { name, kind, group } => {
            let kind = match kind {
                Kind::Pc => "pc",
                Kind::Npc => "hireling",
            };
            format!("roll {} {kind} {}", quote(name), quote(group))
        }
        C::Remove { who } => format!("remove {}", name(*who)?),
        C::Set {
            who,
            stat,
            cur,
            max,
        } => {
            let stat = match stat {
                Stat::Hp => "hp".to_string(),
                Stat::Attr(a) => attr(*a),
            };
            format!("set {} {stat} {cur} {max}", name(*who)?)
        }
        C::Carry { who, item } => format!("carry {} {}", name(*who)?, item_words(item)?),
        C::Drop { who, item } => {
            let c = character(*who)?;
            format!(
                "drop {} {}",
                quote(&c.name),
                quote(&c.items.get(*item)?.name)
            )
        }
        C::Wear { who, item, on } => {
            let c = character(*who)?;
            format!(
                "wear {} {}{}",
                quote(&c.name),
                quote(&c.items.get(*item)?.name),
                on_off(*on)
            )
        }
        C::Fatigue { who, n } => format!("fatigue {} {n}", name(*who)?),
        C::Dust { who, n } => format!("dust {} {n}", name(*who)?),
        C::Slots { who, n } => format!("slots {} {n}", name(*who)?),
        C::ApMax { who, n } => format!("apmax {} {n}", name(*who)?),
        C::ArmorBonus { who, n } => format!("armor {} {n}", name(*who)?),
        C::Mark { who, mark, on } => format!("mark {} {}{}", name(*who)?, mark.word(), on_off(*on)),
        C::Group { who, group } => format!("group {} {}", name(*who)?, quote(group)),
        C::Note { who, text } => format!("jot {} {}", name(*who)?, free_text(text)),
        C::Trivial { who, what, pass } => format!(
            "trivial {} {} {}",
            name(*who)?,
            if *pass { "pass" } else { "fail" },
            free_text(what)
        ),
        C::Check(a) => format!("check {}", action(a, false, st)?),
        C::Attack(a) => format!("attack {}", action(a, true, st)?),
        C::Save {
            who,
            attr: a,
            dc,
            objects,
            edge: e,
            why,
        } => {
            let mut line = format!("save {} {}{}", name(*who)?, attr(*a), edge(*e));
            if *dc != 20 {
                line.push_str(&format!(" dc {dc}"));
            }
            line.push_str(&with(objects, character(*who)?)?);
            line + &for_what(why)
        }
        C::Accept => "accept".into(),
        C::Rule { pass } => format!("rule {}", if *pass { "pass" } else { "fail" }),
        C::Choose { option } => format!("choose {}", option + 1),
        C::Cancel => "cancel".into(),
        C::Spend { who, ap, what } if !what.is_empty() => {
            format!("spend {} {ap} {}", name(*who)?, free_text(what))
        }
        C::Spend { .. } => return None,
        C::Grant { who, ap } => format!("grant {} {ap}", name(*who)?),
        C::Move { who } => format!("move {}", name(*who)?),
        C::Walk { who, spaces } => format!("walk {} {spaces}", name(*who)?),
        C::Gain { who } => format!("gain {}", name(*who)?),
        C::Hold { who, held } if !held.trigger.is_empty() => {
            let c = character(*who)?;
            let mut line = format!(
                "hold {} {} {}{}",
                quote(&c.name),
                held.cost,
                attr(held.attr),
                edge(held.edge)
            );
            line.push_str(&with(&held.objects, c)?);
            if held.attack {
                line.push_str(" attack");
            }
            if held.defence {
                line.push_str(" defence");
            }
            format!("{line} until {}", free_text(&held.trigger))
        }
        C::Hold { .. } => return None,
        C::Fire { who, against: a } => format!("fire {}{}", name(*who)?, against(a, st)?),
        C::Fight { who, surprised } => {
            let surprised = if surprised.is_empty() {
                String::new()
            } else {
                format!(" surprised{}", names(surprised)?)
            };
            format!("fight{}{surprised}", names(who)?)
        }
        C::Join { who, surprised } => format!(
            "join {}{}",
            name(*who)?,
            if *surprised { " surprised" } else { "" }
        ),
        C::Init { who, total } => format!("init {} {total}", name(*who)?),
        C::Next => "next".into(),
        C::EndFight => "endfight".into(),
        C::Damage {
            who,
            amount,
            armor,
            source,
        } => {
            let mut line = format!("damage {} {amount}", name(*who)?);
            if *armor {
                line.push_str(" armor");
            }
            if !source.is_empty() {
                line.push_str(&format!(" from {}", free_text(source)));
            }
            line
        }
        C::Scar { who, entry } => format!("scar {} {entry}", name(*who)?),
        C::Recovered { who, item } => format!("recovered {} {}", name(*who)?, item + 1),
        C::Healed { who } => format!("healed {}", name(*who)?),
        C::Cast(cast) => cast_words(cast, character(cast.who)?)?,
        C::Scroll { who, spell } => format!("scroll {} {}", name(*who)?, free_text(spell)),
        C::Grimoire { who, spells } => {
            let spells: String = spells.iter().map(|s| format!(" {}", quote(s))).collect();
            format!("grimoire {}{spells}", name(*who)?)
        }
        C::Copy {
            who,
            scroll,
            slot,
            dust,
        } => {
            let c = character(*who)?;
            format!(
                "copy {} {}{}",
                quote(&c.name),
                quote(c.scrolls.get(*scroll)?),
                dice(*slot, *dust)
            )
        }
        C::MakeGrimoire { who, scroll } => {
            let c = character(*who)?;
            format!("bind {} {}", quote(&c.name), quote(c.scrolls.get(*scroll)?))
        }
        C::Time { n, span } => {
            let span = match span {
                Span::Minutes => "minutes",
                Span::Hours => "hours",
                Span::Days => "days",
            };
            format!("time {n} {span}")
        }
        C::Short { who } => format!("rest short{}", names(who)?),
        C::Night { who } => format!("rest night{}", names(who)?),
        C::Week { who } => format!("rest week{}", names(who)?),
        C::Morale { who } => format!("morale {}", name(*who)?),
        C::Retreat { who } => format!("retreat {}", name(*who)?),
        C::Reaction => "reaction".into(),
        C::Hireling { name, group } => format!("hireling {} {}", quote(name), quote(group)),
    })
}

fn attr(a: Attr) -> String {
    a.to_string().to_lowercase()
}

/// A net edge as `adv N` or `dis N` after a space; nothing when there is none.
fn edge(e: i8) -> String {
    match e {
        0 => String::new(),
        e if e > 0 => format!(" adv {e}"),
        e => format!(" dis {}", e.unsigned_abs()),
    }
}

/// What a roll is for, last on its line.
fn for_what(what: &str) -> String {
    if what.is_empty() {
        String::new()
    } else {
        format!(" for {}", free_text(what))
    }
}

/// `slot N` and `dust N` where they are not 0.
fn dice(slot: u8, dust: u8) -> String {
    let mut line = String::new();
    if slot != 0 {
        line.push_str(&format!(" slot {slot}"));
    }
    if dust != 0 {
        line.push_str(&format!(" dust {dust}"));
    }
    line
}

/// Object dice as `with ITEM [adv|dis N]` (or `using` for a defender's), each read back from the
/// item of that name `c` carries.
fn objects(objects: &[ObjDie], c: &Character, word: &str) -> Option<String> {
    let mut line = String::new();
    for o in objects {
        let item = c
            .items
            .iter()
            .find(|i| i.name.eq_ignore_ascii_case(&o.item))?;
        if item.die != Some(o.sides) || item.name != o.item {
            return None;
        }
        line.push_str(&format!(" {word} {}{}", quote(&o.item), edge(o.edge)));
    }
    Some(line)
}

fn with(list: &[ObjDie], c: &Character) -> Option<String> {
    objects(list, c, "with")
}

/// What a roll is set against: a DC other than 20, targets' saves or a helpless target.
fn against(a: &Against, st: &State) -> Option<String> {
    let character = |id: u32| st.characters.iter().find(|c| c.id == id);
    Some(match a {
        Against::Dc {
            dc: 20,
            hidden: false,
        } => String::new(),
        Against::Dc { dc, hidden: false } => format!(" dc {dc}"),
        Against::Dc { dc, hidden: true } => format!(" hidden {dc}"),
        Against::Helpless { target, dc } => {
            format!(" vs {} helpless {dc}", quote(&character(*target)?.name))
        }
        Against::Saves(defences) => {
            let mut line = String::new();
            for Defence {
                who,
                attr: a,
                objects: dice,
                edge,
            } in defences
            {
                if *edge != 0 {
                    return None;
                }
                let t = character(*who)?;
                line.push_str(&format!(" vs {} {}", quote(&t.name), attr(*a)));
                line.push_str(&objects(dice, t, "using")?);
            }
            line
        }
    })
}

/// A check's or an attack's words after the verb.
fn action(a: &Action, attack: bool, st: &State) -> Option<String> {
    let c = st.characters.iter().find(|c| c.id == a.who)?;
    let mut line = format!("{} {}{}", quote(&c.name), attr(a.attr), edge(a.edge));
    if a.flat != 0 {
        line.push_str(&format!(" {:+}", a.flat));
    }
    line.push_str(&with(&a.objects, c)?);
    // A26: an attack without dice takes the first weapon unless told it is unarmed.
    if attack && a.objects.is_empty() && c.items.iter().any(|i| i.weapon && i.die.is_some()) {
        line.push_str(" unarmed");
    }
    line.push_str(&against(&a.against, st)?);
    if a.cost != 1 {
        line.push_str(&format!(" ap {}", a.cost));
    }
    if a.two {
        line.push_str(" two");
    }
    if a.blast {
        line.push_str(" blast");
    }
    let proposed = a
        .objects
        .iter()
        .position(|d| c.item(&d.item).is_some_and(|i| i.weapon))
        .unwrap_or(0);
    if a.damage != proposed {
        line.push_str(&format!(
            " damage {}",
            quote(&a.objects.get(a.damage)?.item)
        ));
    }
    Some(line + &for_what(&a.what))
}

/// `cast`: the spell, its dice, a scroll of that spell, the AP where not 1.
fn cast_words(cast: &Cast, c: &Character) -> Option<String> {
    let mut line = format!(
        "cast {} {}{}",
        quote(&c.name),
        quote(&cast.spell),
        dice(cast.slot, cast.dust)
    );
    if cast.free {
        line.push_str(" free");
    }
    if cast.scroll.is_some() {
        line.push_str(" scroll");
    }
    if cast.cost != 1 {
        line.push_str(&format!(" ap {}", cast.cost));
    }
    Some(line)
}

/// `add`: a creature of the bestiary under its sheet's name, or a sheet with its numbers.
fn add(sheet: &NewSheet) -> Option<String> {
    for entry in &content::bundled().creatures {
        if entry.sheet(&sheet.name, None) == *sheet {
            return Some(format!("add {} {}", quote(&sheet.name), quote(&entry.name)));
        }
        if entry.sheet(&sheet.name, Some(&sheet.group)) == *sheet {
            return Some(format!(
                "add {} {} {}",
                quote(&sheet.name),
                quote(&entry.name),
                quote(&sheet.group)
            ));
        }
    }
    let kind = match sheet.kind {
        Kind::Pc => "pc",
        Kind::Npc => "npc",
    };
    let plain = NewSheet::new(
        &sheet.name,
        sheet.kind,
        &sheet.group,
        [sheet.str, sheet.dex, sheet.wil, sheet.hp],
    );
    (plain == *sheet).then(|| {
        format!(
            "add {} {kind} {} {} {} {} {}",
            quote(&sheet.name),
            quote(&sheet.group),
            sheet.str,
            sheet.dex,
            sheet.wil,
            sheet.hp
        )
    })
}

/// `carry`'s item: the gear list's entry by its name, or the name and every word it needs.
fn item_words(item: &Item) -> Option<String> {
    let listed = content::bundled().item(&item.name).ok().map(|e| e.item());
    if listed.as_ref() == Some(item) {
        return Some(quote(&item.name));
    }
    if item.tumour || (item.ranged && !item.weapon) {
        return None;
    }
    let mut line = quote(&item.name);
    if let Some(d) = item.die {
        line.push_str(&format!(" d{d}"));
    }
    if item.armor != 0 {
        line.push_str(&format!(" armor {}", item.armor));
    }
    match item.slots {
        0 => line.push_str(" free"),
        1 => {}
        2 => line.push_str(" bulky"),
        _ => return None,
    }
    if item.ranged {
        line.push_str(" ranged");
    } else if item.weapon {
        line.push_str(" weapon");
    }
    if item.shield {
        line.push_str(" shield");
    }
    if item.worn {
        line.push_str(" worn");
    }
    Some(line)
}
