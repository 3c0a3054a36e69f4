//! A Kettlewright character on the sheet of each ruleset of the Cairn family, and back.
//!
//! Every ruleset takes the name, STR, DEX, WIL and HP with their maxima, and the items of the
//! character's own slots ("Main") in their order, Fatigue included; what else each keeps:
//!
//! - **ap**: each item with its slots (`bulky` 2, `petty` 0, else 1), its die (`d8`), its
//!   `N Armor` (worn) and `bonus defense` (a shield); the Main container's slots; deprived.
//! - **bdp**: each item in its slots (`bulky` 2, else 1; a `petty` one has no slot-free place
//!   and is kept in a note); the Main container's slots; the background; deprived (as food).
//! - **phase**: an item with damage dice is a weapon (`bulky`, `blast` read), the best
//!   `N Armor` is light (1) or heavy (2 and more) armour, `bonus defense` a shield, any other
//!   item but a `petty` one a unit of load; gold as coins; deprived as no HP back until a long
//!   rest (K32).
//!
//! bdp and ap keep words on the sheet: the description, traits, bonds, omens, scars and the
//! items' descriptions become notes there (`Bonds: ...`), and what the sheet still has no place
//! for is said in one more note. Whatever has no place is also in the import's report; phase
//! keeps no notes, so for it the report is the only word. Written back, the notes go to
//! Kettlewright's notes, each `Bonds: ...` line to its own field.

use super::character::{self as kw, CUSTOM, Container, FATIGUE, Item, Pair};
use crate::rules::{GameParty, GameState, RulesetId, ap, bdp, phase};

/// A character on a ruleset's sheet, and what had no place there, in words.
pub struct OnSheet {
    pub party: GameParty,
    pub left_out: Vec<String>,
}

/// The Kettlewright fields that are words, with the prefix their note carries.
const WORDS: [&str; 5] = ["Description", "Traits", "Bonds", "Omens", "Scars"];
/// The note that says what had no place on the sheet.
pub const LEFT_OUT: &str = "Imported, with no place on this sheet:";
/// bdp's note for items that fill no slot.
const PETTY: &str = "Carried without a slot:";

/// Why a character cannot go on a ruleset's sheet at all.
pub fn why_not(rules: RulesetId) -> Option<&'static str> {
    match rules {
        RulesetId::Bdp | RulesetId::Phase | RulesetId::Ap => None,
        _ => Some(
            "Kettlewright's characters are Cairn's: the rulesets of its family (bdp, phase, ap) \
             take them",
        ),
    }
}

/// `c` on the sheet of `rules`.
pub fn to_sheet(c: &kw::Character, rules: RulesetId) -> Result<OnSheet, String> {
    if let Some(why) = why_not(rules) {
        return Err(why.into());
    }
    let mut left = Left::default();
    let empty = GameState::new(rules).party(&[], false);
    let party = match empty {
        GameParty::Bdp(mut p) => {
            p.characters.push(to_bdp(c, &mut left)?);
            GameParty::Bdp(p)
        }
        GameParty::Phase(mut p) => {
            p.characters.push(to_phase(c, &mut left)?);
            GameParty::Phase(p)
        }
        GameParty::Ap(mut p) => {
            p.characters.push(to_ap(c, &mut left)?);
            GameParty::Ap(p)
        }
        _ => return Err("this ruleset takes no Kettlewright character".into()),
    };
    Ok(OnSheet {
        party,
        left_out: left.0,
    })
}

/// The character of a one-character party as Kettlewright keeps one.
pub fn from_sheet(party: &GameParty) -> Result<kw::Character, String> {
    let none = || "there is no character to write".to_string();
    match party {
        GameParty::Bdp(p) => p.characters.first().map(from_bdp).ok_or_else(none),
        GameParty::Phase(p) => p.characters.first().map(from_phase).ok_or_else(none),
        GameParty::Ap(p) => p.characters.first().map(from_ap).ok_or_else(none),
        other => Err(format!(
            "ruleset {} keeps no Kettlewright character: {}",
            other.ruleset().key(),
            why_not(other.ruleset()).unwrap_or_default()
        )),
    }
}

/// Two parties of one ruleset as one, in order (several characters imported at once).
pub fn together(a: GameParty, b: GameParty) -> Result<GameParty, String> {
    match (a, b) {
        (GameParty::Bdp(mut a), GameParty::Bdp(b)) => {
            a.characters.extend(b.characters);
            Ok(GameParty::Bdp(a))
        }
        (GameParty::Phase(mut a), GameParty::Phase(b)) => {
            a.characters.extend(b.characters);
            Ok(GameParty::Phase(a))
        }
        (GameParty::Ap(mut a), GameParty::Ap(b)) => {
            a.characters.extend(b.characters);
            Ok(GameParty::Ap(a))
        }
        _ => Err("the characters are on the sheets of different rulesets".into()),
    }
}

/// What had no place, one line each.
#[derive(Default)]
struct Left(Vec<String>);

impl Left {
    fn say(&mut self, what: impl Into<String>) {
        self.0.push(what.into());
    }
}

fn score(p: Pair, what: &str, most: u32) -> Result<(u8, u8), String> {
    if p.max > most || p.cur > most {
        return Err(format!(
            "{what} is {}/{}; the sheet holds 0 to {most}",
            p.cur, p.max
        ));
    }
    // A current value above the maximum is read as the maximum, as the app shows it.
    Ok((p.cur.min(p.max) as u8, p.max as u8))
}

fn name_of(c: &kw::Character) -> Result<String, String> {
    crate::rules::text::checked(
        crate::rules::text::TextKind::Name,
        &c.name,
        "the character needs a name",
    )
    .map_err(|e| e.to_string())
}

fn item_name(i: &Item) -> Result<String, String> {
    crate::rules::text::checked(
        crate::rules::text::TextKind::ItemName,
        &i.name,
        "an item needs a name",
    )
    .map_err(|e| format!("{}: {e}", i.name))
}

/// One line of text: its words with single spaces.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The items of the character's own slots, Fatigue apart; the others (in a bag, on a mule)
/// said as left out, container by container.
fn own_items<'a>(c: &'a kw::Character, left: &mut Left) -> (Vec<&'a Item>, u32) {
    let mut own = Vec::new();
    let mut fatigue = 0;
    for i in c.items.iter().filter(|i| i.location == 0 && !i.carrying) {
        if i.name.eq_ignore_ascii_case(FATIGUE) && i.tags.is_empty() {
            fatigue += 1;
        } else {
            own.push(i);
        }
    }
    for k in c.containers.iter().filter(|k| k.id != 0) {
        let inside: Vec<&str> = c
            .items
            .iter()
            .filter(|i| i.location == k.id && !i.carrying)
            .map(|i| i.name.as_str())
            .collect();
        left.say(if inside.is_empty() {
            format!("the {} ({} slots, empty)", k.name, k.slots)
        } else {
            format!("the {} ({} slots): {}", k.name, k.slots, inside.join(", "))
        });
    }
    // The app shows no item whose container is gone; it is said here all the same.
    for i in c.items.iter().filter(|i| {
        i.location != 0 && !i.carrying && !c.containers.iter().any(|k| k.id == i.location)
    }) {
        left.say(format!(
            "{} (in a container the file does not list)",
            i.name
        ));
    }
    (own, fatigue)
}

fn has(i: &Item, tag: &str) -> bool {
    i.tags.iter().any(|t| t.eq_ignore_ascii_case(tag))
}

/// An item's uses and charges, in words, for what has no place.
fn counts(i: &Item, left: &mut Left) {
    if let Some(u) = i.uses {
        left.say(format!(
            "{}: {u} use{}",
            i.name,
            if u == 1 { "" } else { "s" }
        ));
    }
    match (i.charges, i.max_charges) {
        (Some(c), Some(m)) => left.say(format!("{}: {c}/{m} charges", i.name)),
        (Some(c), None) => left.say(format!("{}: {c} charges", i.name)),
        _ => {}
    }
}

/// Tags no ruleset reads (`d6 STR`, a word of the player's own), said with their item.
fn other_tags(i: &Item, read: &[&str], left: &mut Left) {
    for t in &i.tags {
        let known = read.iter().any(|r| t.eq_ignore_ascii_case(r))
            || kw::armor_tag(t).is_some()
            || kw::dice_tag(t).is_some()
            || ["uses", "use", "charges", "charge"]
                .iter()
                .any(|r| t.eq_ignore_ascii_case(r))
            || t.trim().is_empty();
        if !known {
            left.say(format!("{}: the tag {t}", i.name));
        }
    }
}

/// The notes of a sheet that keeps words: Kettlewright's notes, each word field as `Field:
/// text`, each item's description, then what had no place.
fn notes_of(c: &kw::Character, described: &[(&str, &str)], left: &Left) -> Vec<String> {
    // The word fields first: written back, they leave the notes for their own fields, and
    // read again they come first again, so the sheet's notes keep their order.
    let mut notes = Vec::new();
    for (what, text) in WORDS
        .iter()
        .zip([&c.description, &c.traits, &c.bonds, &c.omens, &c.scars])
    {
        let text = one_line(text);
        if !text.is_empty() {
            notes.push(format!("{what}: {text}"));
        }
    }
    notes.extend(c.notes.lines().map(one_line).filter(|l| !l.is_empty()));
    for (name, text) in described {
        let text = one_line(text);
        if !text.is_empty() && text != "-" {
            notes.push(format!("{name}: {text}"));
        }
    }
    if !left.0.is_empty() {
        notes.push(format!("{LEFT_OUT} {}.", left.0.join("; ")));
    }
    notes
}

/// Kettlewright's fields from a sheet's notes: `Bonds: ...` to its field, the rest to notes.
fn words_from_notes<'a>(notes: impl Iterator<Item = &'a String>, c: &mut kw::Character) {
    let mut plain = Vec::new();
    for line in notes {
        let field = WORDS.iter().position(|w| {
            line.strip_prefix(w)
                .is_some_and(|rest| rest.starts_with(": "))
        });
        match field {
            Some(n) => {
                let text = line[WORDS[n].len() + 2..].to_string();
                let slot = match n {
                    0 => &mut c.description,
                    1 => &mut c.traits,
                    2 => &mut c.bonds,
                    3 => &mut c.omens,
                    _ => &mut c.scars,
                };
                if slot.is_empty() {
                    *slot = text;
                } else {
                    plain.push(line.clone());
                }
            }
            None => plain.push(line.clone()),
        }
    }
    c.notes = plain.join("\n");
}

fn main(slots: u32) -> Vec<Container> {
    vec![Container {
        id: 0,
        name: "Main".into(),
        slots,
    }]
}

fn size_tags(slots: u8) -> Vec<String> {
    match slots {
        0 => vec!["petty".into()],
        2 => vec!["bulky".into()],
        _ => Vec::new(),
    }
}

fn fatigue_items(n: u32) -> impl Iterator<Item = Item> {
    (0..n).map(|_| Item {
        name: FATIGUE.into(),
        ..Item::default()
    })
}

fn pair(cur: u8, max: u8) -> Pair {
    Pair {
        cur: u32::from(cur),
        max: u32::from(max),
    }
}

// ---- ap

fn to_ap(c: &kw::Character, left: &mut Left) -> Result<ap::Character, String> {
    let [s, d, w] =
        [(c.str, "STR"), (c.dex, "DEX"), (c.wil, "WIL")].map(|(p, what)| score(p, what, 30));
    let (hp_cur, hp_max) = score(c.hp, "HP", 30)?;
    let (s, d, w) = (s?, d?, w?);
    let mut ch = ap::Character::new(
        0,
        name_of(c)?,
        ap::Kind::Pc,
        "party".into(),
        [s.1, d.1, w.1],
        hp_max,
    );
    for (i, (cur, _)) in [s, d, w].into_iter().enumerate() {
        ch.attrs[i].cur = cur;
    }
    ch.hp.cur = hp_cur;
    let slots = c.main_slots();
    if slots > 20 {
        left.say(format!(
            "{} slots in Main (ap's sheet holds up to 20)",
            slots
        ));
    }
    ch.slots = slots.min(20) as u8;
    let (own, fatigue) = own_items(c, left);
    ch.fatigue = fatigue.min(u32::from(u8::MAX)) as u8;
    let mut described = Vec::new();
    for i in own {
        let mut it = ap::Item::new(item_name(i)?);
        it.slots = if has(i, "petty") {
            0
        } else if has(i, "bulky") {
            2
        } else {
            1
        };
        let dice = i.tags.iter().find_map(|t| kw::dice_tag(t));
        if let Some(dice) = &dice {
            it.die = dice.first().copied();
            it.weapon = true;
            if dice.len() > 1 {
                left.say(format!("{}: its dice beyond the first", i.name));
            }
        }
        it.armor = i
            .tags
            .iter()
            .find_map(|t| kw::armor_tag(t))
            .unwrap_or(0)
            .min(3) as u8;
        it.shield = has(i, "bonus defense");
        it.worn = it.armor > 0 || it.shield;
        if has(i, "blast") {
            left.say(format!("{}: blast", i.name));
        }
        counts(i, left);
        other_tags(i, &["bulky", "petty", "bonus defense", "blast"], left);
        described.push((i.name.as_str(), i.description.as_str()));
        ch.items.push(it);
    }
    if c.deprived {
        ch.deprived_since = Some(0);
    }
    let background = c.background.trim();
    if !background.is_empty() && background != CUSTOM {
        left.say(format!("the background {background}"));
    }
    sheet_words(c, left, false);
    for line in notes_of(c, &described, left) {
        ch.notes.push(line);
    }
    Ok(ch)
}

fn from_ap(ch: &ap::Character) -> kw::Character {
    let mut c = kw::Character {
        name: ch.name.clone(),
        str: pair(ch.attrs[0].cur, ch.attrs[0].max),
        dex: pair(ch.attrs[1].cur, ch.attrs[1].max),
        wil: pair(ch.attrs[2].cur, ch.attrs[2].max),
        hp: pair(ch.hp.cur, ch.hp.max),
        deprived: ch.deprived_since.is_some(),
        containers: main(u32::from(ch.slots)),
        ..kw::Character::default()
    };
    for it in &ch.items {
        let mut tags = size_tags(it.slots);
        if let Some(d) = it.die {
            tags.push(format!("d{d}"));
        }
        if it.armor > 0 {
            tags.push(format!("{} Armor", it.armor));
        }
        if it.shield {
            tags.push("bonus defense".into());
        }
        c.items.push(Item {
            name: it.name.clone(),
            tags,
            ..Item::default()
        });
    }
    c.items.extend(fatigue_items(u32::from(ch.fatigue)));
    words_from_notes(ch.notes.iter(), &mut c);
    c
}

// ---- bdp

fn to_bdp(c: &kw::Character, left: &mut Left) -> Result<bdp::character::Character, String> {
    let [s, d, w] =
        [(c.str, "STR"), (c.dex, "DEX"), (c.wil, "WIL")].map(|(p, what)| score(p, what, 20));
    let (s, d, w) = (s?, d?, w?);
    let (hp_cur, hp_max) = score(c.hp, "HP", 99)?;
    let slots = c.main_slots();
    if !(1..=20).contains(&slots) {
        return Err(format!(
            "Main has {slots} slots; bdp's sheet holds 1 to 20 (B3)"
        ));
    }
    let mut ch = bdp::character::Character::new(
        0,
        name_of(c)?,
        bdp::model::Kind::Pc,
        [s.1, d.1, w.1],
        hp_max,
        slots as u8,
    );
    for (i, (cur, _)) in [s, d, w].into_iter().enumerate() {
        ch.abilities[i].cur = cur;
    }
    ch.hp.cur = hp_cur;
    let (own, fatigue) = own_items(c, left);
    let mut described = Vec::new();
    let mut petty = Vec::new();
    for i in own {
        let name = item_name(i)?;
        if has(i, "petty") {
            petty.push(name);
        } else {
            let mut it = bdp::items::Item::named(name);
            it.size = if has(i, "bulky") { 2 } else { 1 };
            if ch.stow(it).is_none() {
                left.say(format!("{} (no room left in the slots)", i.name));
                continue;
            }
        }
        for t in &i.tags {
            if kw::dice_tag(t).is_some() || kw::armor_tag(t).is_some() {
                left.say(format!("{}: {t}", i.name));
            }
        }
        for t in ["bonus defense", "blast"] {
            if has(i, t) {
                left.say(format!("{}: {t}", i.name));
            }
        }
        counts(i, left);
        other_tags(i, &["bulky", "petty", "bonus defense", "blast"], left);
        described.push((i.name.as_str(), i.description.as_str()));
    }
    for _ in 0..fatigue {
        match ch.empty_slot() {
            Some(at) => ch.slots[at] = bdp::items::Slot::Fatigue(bdp::items::Reason::Judge),
            None => {
                left.say("Fatigue (no room left in the slots)");
                break;
            }
        }
    }
    let background = c.background.trim();
    if !background.is_empty() && background != CUSTOM {
        ch.backgrounds.push(background.to_string());
    }
    ch.food_deprived = c.deprived;
    sheet_words(c, left, false);
    let mut notes = Vec::new();
    if !petty.is_empty() {
        notes.push(format!("{PETTY} {}.", petty.join(", ")));
    }
    notes.extend(notes_of(c, &described, left));
    for line in notes {
        ch.notes.push(line);
    }
    Ok(ch)
}

fn from_bdp(ch: &bdp::character::Character) -> kw::Character {
    let a = |i: usize| pair(ch.abilities[i].cur, ch.abilities[i].max);
    let mut c = kw::Character {
        name: ch.name.clone(),
        background: ch.backgrounds.first().cloned().unwrap_or_default(),
        str: a(0),
        dex: a(1),
        wil: a(2),
        hp: pair(ch.hp.cur, ch.hp.max),
        deprived: ch.deprived(),
        containers: main(ch.slots.len() as u32),
        ..kw::Character::default()
    };
    let mut fatigue = 0;
    for s in &ch.slots {
        match s {
            bdp::items::Slot::Item(it) => c.items.push(Item {
                name: it.name.clone(),
                tags: if it.size >= 2 {
                    vec!["bulky".into()]
                } else {
                    Vec::new()
                },
                ..Item::default()
            }),
            bdp::items::Slot::Fatigue(_) => fatigue += 1,
            _ => {}
        }
    }
    let mut notes = Vec::new();
    for line in ch.notes.iter() {
        match line
            .strip_prefix(PETTY)
            .and_then(|l| l.trim().strip_suffix('.'))
        {
            Some(names) => c.items.extend(names.split(", ").map(|n| Item {
                name: n.to_string(),
                tags: vec!["petty".into()],
                ..Item::default()
            })),
            None => notes.push(line),
        }
    }
    c.items.extend(fatigue_items(fatigue));
    words_from_notes(notes.into_iter(), &mut c);
    c
}

// ---- phase

fn to_phase(c: &kw::Character, left: &mut Left) -> Result<phase::Character, String> {
    let mut ch = phase::Character::new(0, name_of(c)?, phase::Kind::Pc, phase::Side::Party);
    for (p, what, slot) in [
        (c.str, "STR", &mut ch.str),
        (c.dex, "DEX", &mut ch.dex),
        (c.wil, "WIL", &mut ch.wil),
        (c.hp, "HP", &mut ch.hp),
    ] {
        let (cur, max) = score(p, what, 99)?;
        *slot = phase::Score { cur, max };
    }
    ch.coins = c.gold;
    ch.no_hp = c.deprived;
    let (own, fatigue) = own_items(c, left);
    ch.fatigue = fatigue.min(u32::from(u8::MAX)) as u8;
    for i in own {
        let name = item_name(i)?;
        let dice = i.tags.iter().find_map(|t| kw::dice_tag(t));
        let armor = i.tags.iter().find_map(|t| kw::armor_tag(t));
        if let Some(dice) = dice {
            let die = dice[0];
            if ![2, 4, 6, 8, 10, 12].contains(&die) {
                left.say(format!(
                    "{}: d{die} (phase's weapons roll d2 to d12)",
                    i.name
                ));
                ch.units.push(phase::gear::Unit::Supply(name));
                continue;
            }
            if dice.len() > 1 {
                left.say(format!("{}: its dice beyond the first", i.name));
            }
            let mut weapon = phase::gear::Weapon::new(name, die);
            weapon.bulky = has(i, "bulky");
            weapon.blast = has(i, "blast");
            ch.weapons.push(weapon);
        } else if let Some(n) = armor.filter(|n| *n > 0) {
            if has(i, "bonus defense") {
                if ch.shield {
                    left.say(format!("{}: a second shield", i.name));
                }
                ch.shield = true;
            } else {
                let kind = if n >= 2 {
                    phase::gear::Armor::Heavy
                } else {
                    phase::gear::Armor::Light
                };
                if ch.armor != phase::gear::Armor::None {
                    left.say(format!("{}: armour worn over armour", i.name));
                }
                if kind.dr() > ch.armor.dr() {
                    ch.armor = kind;
                }
                if i.name != armour_name(kind) {
                    left.say(format!(
                        "{}: its name (phase's armour is light or heavy)",
                        i.name
                    ));
                }
            }
        } else if has(i, "petty") {
            // A unit of load is a week of food or a delve of gear (K7): a trinket is none, and
            // as one it would weigh the character down.
            left.say(format!("{} (petty: no unit of load, K7)", i.name));
            continue;
        } else {
            if has(i, "bulky") {
                left.say(format!("{}: bulky (one unit of load in phase, K7)", i.name));
            }
            ch.units.push(phase::gear::Unit::Supply(name));
        }
        counts(i, left);
        other_tags(i, &["bulky", "petty", "bonus defense", "blast"], left);
        if !i.description.is_empty() && i.description != "-" {
            left.say(format!("{}: its description", i.name));
        }
    }
    sheet_words(c, left, true);
    if c.main_slots() != 10 {
        left.say(format!(
            "{} slots in Main (phase counts load, K7)",
            c.main_slots()
        ));
    }
    Ok(ch)
}

fn armour_name(kind: phase::gear::Armor) -> &'static str {
    match kind {
        phase::gear::Armor::Heavy => "Heavy armour",
        _ => "Light armour",
    }
}

fn from_phase(ch: &phase::Character) -> kw::Character {
    let p = |s: phase::Score| pair(s.cur, s.max);
    let mut c = kw::Character {
        name: ch.name.clone(),
        str: p(ch.str),
        dex: p(ch.dex),
        wil: p(ch.wil),
        hp: p(ch.hp),
        gold: ch.coins,
        deprived: ch.no_hp,
        containers: main(10),
        ..kw::Character::default()
    };
    for w in &ch.weapons {
        let mut tags = vec![format!("d{}", w.die)];
        if w.bulky {
            tags.push("bulky".into());
        }
        if w.blast {
            tags.push("blast".into());
        }
        c.items.push(Item {
            name: w.name.clone(),
            tags,
            ..Item::default()
        });
    }
    match ch.armor {
        phase::gear::Armor::None => {}
        kind => c.items.push(Item {
            name: armour_name(kind).into(),
            tags: vec![format!("{} Armor", kind.dr())],
            ..Item::default()
        }),
    }
    if ch.shield {
        c.items.push(Item {
            name: "Shield".into(),
            tags: vec!["1 Armor".into(), "bonus defense".into()],
            ..Item::default()
        });
    }
    for u in &ch.units {
        c.items.push(Item {
            name: match u {
                phase::gear::Unit::Supply(n) | phase::gear::Unit::Treasure(n) => n.clone(),
                other => other.describe(),
            },
            ..Item::default()
        });
    }
    c.items.extend(fatigue_items(u32::from(ch.fatigue)));
    c
}

/// The fields no sheet has a number for: panicked, gold (but in phase), and, on a sheet that
/// keeps no words, the words.
fn sheet_words(c: &kw::Character, left: &mut Left, no_notes: bool) {
    if c.panicked {
        left.say("panicked");
    }
    if c.gold > 0 && !no_notes {
        left.say(format!("{} gold", c.gold));
    }
    if no_notes {
        let background = c.background.trim();
        if !background.is_empty() && background != CUSTOM {
            left.say(format!("the background {background}"));
        }
        for (what, text) in [
            ("notes", &c.notes),
            ("description", &c.description),
            ("traits", &c.traits),
            ("bonds", &c.bonds),
            ("omens", &c.omens),
            ("scars", &c.scars),
        ] {
            if !text.trim().is_empty() {
                left.say(format!("the {what}"));
            }
        }
    }
}
