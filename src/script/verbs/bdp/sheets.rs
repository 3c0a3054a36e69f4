//! The bdp verbs of sheets and slots: adding and setting a sheet, its tags, the items it carries and holds, breakage and notes.

use super::SHEETS;
use super::read::*;
use crate::content::LookupError;
use crate::content::bdp::library;
use crate::rules::bdp::{Command as C, Hand, Item, Kind, NewSheet, Rarity, Region, Stat, State};
use crate::script::verbs::{Entry, alike, v};
use crate::script::words::{R, Words, is, lookup_err};
use crate::script::{Line, ScriptError};

const KINDS: &str = "pc, creature or a creature of the bestiary";

/// "Wolf 1", "Wolf 2"...: the first name of a kind not yet in the session.
pub(super) fn numbered(st: &State, base: &str) -> String {
    crate::rules::text::free_name(base, true, |name| {
        st.characters
            .iter()
            .any(|c| c.name.eq_ignore_ascii_case(name))
    })
    .unwrap_or_else(|_| base.to_string())
}

fn add(w: &mut Words<'_>, st: &State) -> R<Line> {
    if let Some(entry) = crate::script::verbs::stat_line(w, crate::content::bdp::from_stat) {
        let entry = entry?;
        return Ok(g(C::Add(Box::new(library().sheet(&entry, &entry.name)))));
    }
    let first = w.next("the name, or a creature of the bestiary")?;
    let bestiary = library();
    // `add wolf`: one of the bestiary, numbered after its kind.
    let Some(kind_token) = w.next(KINDS).ok() else {
        let entry = bestiary.creature(&first.text).map_err(|e| match e {
            LookupError::Unknown { hint, .. } => ScriptError::at(
                first.column,
                format!(
                    "'{}' is not in the bestiary{hint}; a sheet of your own is {}",
                    first.text,
                    w.usage()
                ),
            ),
            e => lookup_err(&first, e),
        })?;
        let sheet = bestiary.sheet(entry, &numbered(st, &entry.name));
        return Ok(g(C::Add(Box::new(sheet))));
    };
    let name = first.text;
    let kind = if is(&kind_token, &["pc", "player"]) {
        Kind::Pc
    } else if is(&kind_token, &["creature", "npc"]) {
        Kind::Creature
    } else {
        // `add Snag bandit`: one of the bestiary under a name of the judge's.
        let entry = bestiary
            .creature(&kind_token.text)
            .map_err(|e| crate::script::verbs::not_a_kind(&kind_token, KINDS, e))?;
        if let Some(t) = w.peek() {
            return err(t, "the end of the line");
        }
        return Ok(g(C::Add(Box::new(bestiary.sheet(entry, &name)))));
    };
    let (str, dex, wil, hp) = (
        w.number("STR")?,
        w.number("DEX")?,
        w.number("WIL")?,
        w.number("HP")?,
    );
    let slots = if w.at_end() {
        10
    } else {
        w.number("the slot count")?
    };
    Ok(g(C::Add(Box::new(NewSheet {
        name,
        kind,
        str,
        dex,
        wil,
        hp,
        slots,
        items: Vec::new(),
        notes: Vec::new(),
    }))))
}

pub(super) const VERBS: &[Entry<State>] = &[
    alike::roll_pc(
        "rolls a new PC: 3d6 for STR, DEX and WIL in order, then a d6 for HP, 10 slots; \
         with dice instead of a name, a free roll (roll d6 for fate)",
        SHEETS,
    ),
    Entry {
        verb: v(
            "add",
            &[],
            "add NAME pc|creature STR DEX WIL HP [SLOTS] | add [NAME] CREATURE | add NAME: STAT LINE",
            "a sheet the judge enters (B1), 10 slots unless told (B3); or one of the bestiary with its gear and attacks (numbered when unnamed); or a creature in the Cairn family's stat line (add Troll: 12 HP, 16 STR, 6 DEX, 8 WIL, claws (d8+d8))",
            "add Ana pc 9 14 11 6",
            SHEETS,
        ),
        parse: add,
        complete: |t, _| {
            let bestiary = library().creatures.iter().map(|c| c.name.clone());
            match t.args.len() {
                0 => bestiary.collect(),
                1 => ["pc".to_string(), "creature".to_string()]
                    .into_iter()
                    .chain(bestiary)
                    .collect(),
                _ => Vec::new(),
            }
        },
    },
    alike::remove("takes a sheet out of the session", "remove Rat", SHEETS),
    Entry {
        verb: v(
            "set",
            &[],
            "set NAME str|dex|wil|hp CUR [[max] MAX]",
            "the judge sets a score, and its maximum when given (else it stays); a score above the maximum is refused",
            "set Ana str 8 9",
            SHEETS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let stat = if w.eat(&["hp"]) {
                Stat::Hp
            } else {
                Stat::Ability(ability(w)?)
            };
            let cur = w.number("the current value")?;
            w.eat(&["max", "of", "/"]);
            // Without a maximum the sheet's stays, as in the other Cairn-family rulesets; the
            // step logs it, so the line reads back whole.
            let max = match st.characters.iter().find(|c| c.id == who) {
                Some(c) if w.at_end() => match stat {
                    Stat::Hp => c.hp.max,
                    Stat::Ability(a) => c.score(a).max,
                },
                _ => w.number("the maximum")?,
            };
            Ok(g(C::Set {
                who,
                stat,
                cur,
                max,
            }))
        },
        complete: then_ability,
    },
    Entry {
        verb: v(
            "tag",
            &[],
            "tag NAME career|background SKILL",
            "a career or background tag (B12)",
            "tag Ana career thief",
            SHEETS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let career = !w.eat(&["background", "bg"]);
            w.eat(&["career", "skill"]);
            Ok(g(C::Tag {
                who,
                career,
                skill: w.rest_text("the skill")?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "carry",
            &["take"],
            "carry NAME ITEM [heavy|helmet|bracers|ration|waterskin|left|right|size N|for TASK-WORD|common|uncommon|rare REGION]...",
            "an item in the lowest empty slots (B3); one of the gear list comes with its size, tags and the tasks it fits (B12)",
            "carry Ana waterskin",
            SHEETS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let name = w.next("the item's name")?.text;
            // An item of the gear list by its whole name comes with its facts; any other name
            // is the judge's own item, tagged by hand.
            let mut item = library()
                .ware_named(&name)
                .map_or_else(|| Item::named(name), |ware| ware.item());
            while let Ok(t) = w.next("a tag") {
                if is(&t, &["heavy"]) {
                    item.heavy_armour = true
                } else if is(&t, &["helmet"]) {
                    item.helmet = true
                } else if is(&t, &["bracers"]) {
                    item.bracers = true
                } else if is(&t, &["ration"]) {
                    item.ration = true
                } else if is(&t, &["waterskin"]) {
                    item.waterskin = Some(8)
                } else if is(&t, &["left"]) {
                    item.held = Some(Hand::Left)
                } else if is(&t, &["right"]) {
                    item.held = Some(Hand::Right)
                } else if is(&t, &["size"]) {
                    item.size = w.number("the size")?
                } else if is(&t, &["for"]) {
                    item.fits
                        .push(w.next("a word of the tasks it helps with")?.text)
                } else if let Some(r) = [
                    ("common", Rarity::Common),
                    ("uncommon", Rarity::Uncommon),
                    ("rare", Rarity::Rare),
                ]
                .into_iter()
                .find(|(k, _)| is(&t, &[k]))
                .map(|x| x.1)
                {
                    let rt = w.next("a region")?;
                    let regions = [
                        ("plains", Region::Plains),
                        ("forest", Region::Forest),
                        ("swamp", Region::Swamp),
                        ("hills", Region::Hills),
                        ("mountain", Region::Mountain),
                        ("desert", Region::Desert),
                    ];
                    let Some(g) = regions
                        .into_iter()
                        .find(|(k, _)| is(&rt, &[k]))
                        .map(|x| x.1)
                    else {
                        return err(&rt, "a region");
                    };
                    item.ingredient = Some((r, g));
                } else {
                    return err(&t, "an item tag");
                }
            }
            Ok(g(C::Carry {
                who,
                item: item.into(),
            }))
        },
        complete: |t, st| {
            crate::script::verbs::name_then(t, st, || {
                library()
                    .wares()
                    .iter()
                    .map(|w| w.name().to_string())
                    .collect()
            })
        },
    },
    Entry {
        verb: v(
            "drop",
            &[],
            "drop NAME SLOT",
            "drops the item in a slot",
            "drop Ana 3",
            SHEETS,
        ),
        parse: |w, st| {
            Ok(g(C::Drop {
                who: who(w, st)?,
                slot: slot(w)?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "hold",
            &[],
            "hold NAME SLOT left|right|none",
            "marks an item held in a hand (B28)",
            "hold Ana 1 right",
            SHEETS,
        ),
        parse: |w, st| {
            let (who, slot) = (who(w, st)?, slot(w)?);
            let hand = if w.eat(&["left"]) {
                Some(Hand::Left)
            } else if w.eat(&["right"]) {
                Some(Hand::Right)
            } else {
                w.eat(&["none"]);
                None
            };
            Ok(g(C::Hold { who, slot, hand }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "break",
            &[],
            "break NAME SLOT",
            "marks an item broken (B11)",
            "break Ana 2",
            SHEETS,
        ),
        parse: |w, st| {
            Ok(g(C::Break {
                who: who(w, st)?,
                slot: slot(w)?,
            }))
        },
        complete: first_a_name,
    },
    alike::remark(
        "a note on the sheet (a lost limb, a scar)",
        "remark Ana left leg lost",
        SHEETS,
    ),
];
