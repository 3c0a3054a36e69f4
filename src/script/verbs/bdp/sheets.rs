//! The bdp verbs of sheets and slots: adding and setting a sheet, its tags, the items it carries and holds, breakage and notes.

use super::SHEETS;
use super::read::*;
use crate::rules::bdp::{Command as C, Hand, Item, Kind, NewSheet, Rarity, Region, Stat, State};
use crate::script::verbs::{Entry, v};
use crate::script::words::is;

pub(super) const VERBS: &[Entry<State>] = &[
    Entry {
        verb: v(
            "add",
            &[],
            "add NAME pc|creature STR DEX WIL HP [SLOTS]",
            "a sheet the judge enters (B1); 10 slots unless told (B3)",
            "add Ana pc 9 14 11 6",
            SHEETS,
        ),
        parse: |w, _| {
            let name = w.next("the name")?.text;
            let t = w.next("pc or creature")?;
            let kind = if is(&t, &["pc", "player"]) {
                Kind::Pc
            } else if is(&t, &["creature", "npc"]) {
                Kind::Creature
            } else {
                return err(&t, "pc or creature");
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
            }))))
        },
        complete: |t, _| {
            if t.args.len() == 1 {
                vec!["pc".into(), "creature".into()]
            } else {
                Vec::new()
            }
        },
    },
    Entry {
        verb: v(
            "remove",
            &[],
            "remove NAME",
            "takes a sheet out of the session",
            "remove Rat",
            SHEETS,
        ),
        parse: |w, st| who_only(|who| C::Remove { who })(w, st),
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "set",
            &[],
            "set NAME str|dex|wil|hp CUR MAX",
            "the judge sets a score",
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
            Ok(g(C::Set {
                who,
                stat,
                cur: w.number("the current value")?,
                max: w.number("the maximum")?,
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
            "carry NAME ITEM [heavy|helmet|bracers|ration|waterskin|left|right|size N|common|uncommon|rare REGION]...",
            "an item in the lowest empty slots (B3)",
            "carry Ana Waterskin waterskin",
            SHEETS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let mut item = Item::named(w.next("the item's name")?.text);
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
            Ok(g(C::Carry { who, item }))
        },
        complete: first_a_name,
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
    Entry {
        verb: v(
            "remark",
            &[],
            "remark NAME TEXT",
            "a note on the sheet (a lost limb, a scar)",
            "remark Ana left leg lost",
            SHEETS,
        ),
        parse: |w, st| {
            Ok(g(C::Note {
                who: who(w, st)?,
                text: w.rest_text("the note")?,
            }))
        },
        complete: first_a_name,
    },
];
