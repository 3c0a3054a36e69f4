//! The actiondie verbs of sheets: adding and setting a sheet, statuses, resistances, skills,
//! techniques, the items carried and held, and notes.

use super::SHEETS;
use super::read::*;
use crate::content::actiondie as content;
use crate::rules::actiondie::{Bonus, Command as C, Item, NewSheet, Side, Stat, State};
use crate::script::verbs::{Entry, alike, v};
use crate::script::words::{is, lookup_err};

pub(super) const VERBS: &[Entry<State>] = &[
    alike::roll_pc(
        "rolls a new PC: a d6 for each ability's die in order (1-2 d4, 3-4 d6, 5 d8, 6 d10), \
         then 2d6 plus the STR value for HP; with dice instead of a name, a free roll",
        SHEETS,
    ),
    Entry {
        verb: v(
            "add",
            &[],
            "add NAME pc|creature STR DEX AWR WIL HP [ar N] [move N], or add NAME CREATURE",
            "a sheet: the abilities as rungs (0, d4 ... 5d12), HP max, AR 0 and movement 6 unless told; or a creature of the bestiary with its gear (D1, D4)",
            "add Ana pc d8 d6 d6 d4 10 ar 1",
            SHEETS,
        ),
        parse: |w, _| {
            let name = w.next("the name")?.text;
            let t = w.next("pc, creature or a creature of the bestiary")?;
            let side = if is(&t, &["pc", "player"]) {
                Side::Pc
            } else if is(&t, &["creature", "npc", "monster"]) {
                Side::Creature
            } else {
                let lib = content::bundled();
                let c = lib.creature(&t.text).map_err(|e| lookup_err(&t, e))?;
                return Ok(g(C::Add(Box::new(lib.sheet(c, &name)))));
            };
            let base = [rung(w)?, rung(w)?, rung(w)?, rung(w)?];
            let hp = w.number("HP")?;
            let (mut ar, mut movement) = (0, 6);
            while !w.at_end() {
                if w.eat(&["ar"]) {
                    ar = w.number("the AR")?;
                } else if w.eat(&["move", "movement"]) {
                    movement = w.number("the movement in squares")?;
                } else {
                    let t = w.next("ar or move")?;
                    return err(&t, "ar N or move N");
                }
            }
            Ok(g(C::Add(Box::new(NewSheet {
                ar,
                movement,
                ..NewSheet::new(name, side, base, hp)
            }))))
        },
        complete: |t, _| {
            if t.args.len() == 1 {
                let mut words = vec!["pc".to_string(), "creature".to_string()];
                words.extend(content::bundled().creatures.iter().map(|c| c.name.clone()));
                words
            } else {
                Vec::new()
            }
        },
    },
    alike::remove("takes a sheet out of the session", "remove Rat", SHEETS),
    Entry {
        verb: v(
            "set",
            &[],
            "set NAME str|dex|awr|wil RUNG, or set NAME hp|hpmax|ar|move|hands|exhaustion|tech|techleft|techdie N",
            "the judge sets a base rung or a number on the sheet; hp above the max is refused \
             (hpmax sets the max)",
            "set Ana dex d8",
            SHEETS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let t = w.next("what to set")?;
            if let Some(a) = ability_of(&t) {
                return Ok(g(C::Set {
                    who,
                    stat: Stat::Ability(a),
                    value: u16::from(rung(w)?),
                }));
            }
            let stats = [
                ("hp", Stat::Hp),
                ("hpmax", Stat::HpMax),
                ("ar", Stat::Ar),
                ("move", Stat::Movement),
                ("hands", Stat::Hands),
                ("exhaustion", Stat::Exhaustion),
                ("tech", Stat::TechTotal),
                ("techleft", Stat::TechLeft),
                ("techdie", Stat::TechDie),
            ];
            let Some(stat) = stats.iter().find(|(k, _)| is(&t, &[k])).map(|x| x.1) else {
                return err(
                    &t,
                    "str, dex, awr, wil, hp, hpmax, ar, move, hands, exhaustion, tech, techleft or techdie",
                );
            };
            Ok(g(C::Set {
                who,
                stat,
                value: w.number("the value")?,
            }))
        },
        complete: |t, st| {
            crate::script::verbs::name_then(t, st, || {
                [
                    "str",
                    "dex",
                    "awr",
                    "wil",
                    "hp",
                    "hpmax",
                    "ar",
                    "move",
                    "hands",
                    "exhaustion",
                    "tech",
                    "techleft",
                    "techdie",
                ]
                .map(String::from)
                .to_vec()
            })
        },
    },
    Entry {
        verb: v(
            "bag",
            &[],
            "bag NAME [on|off]",
            "whether the character carries a bag (without one, one item per hand, D36)",
            "bag Ana off",
            SHEETS,
        ),
        parse: |w, st| {
            Ok(g(C::Bag {
                who: who(w, st)?,
                on: w.on_off()?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "status",
            &["st"],
            "status NAME STATUS [on|off]",
            "sets or clears a status: afraid, bleeding, blind, deaf, drenched, frozen, hallucinating, immobile, mute, nauseated, prone, scorched, unconscious (D31)",
            "status Ana bleeding",
            SHEETS,
        ),
        parse: |w, st| {
            Ok(g(C::Status {
                who: who(w, st)?,
                status: status(w)?,
                on: w.on_off()?,
            }))
        },
        complete: then_status,
    },
    Entry {
        verb: v(
            "afraid",
            &[],
            "afraid NAME SOURCE",
            "Afraid of a source: no willing step or act toward it (D31)",
            "afraid Ana the wyrm",
            SHEETS,
        ),
        parse: |w, st| {
            Ok(g(C::Afraid {
                who: who(w, st)?,
                of: w.rest_text("what it fears")?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "resist",
            &[],
            "resist NAME TYPE [on|off]",
            "a resistance on the sheet: that damage halved (D23)",
            "resist Ogre fire",
            SHEETS,
        ),
        parse: |w, st| {
            Ok(g(C::Resist {
                who: who(w, st)?,
                kind: kind(w)?,
                vulnerable: false,
                on: w.on_off()?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "vulnerable",
            &[],
            "vulnerable NAME TYPE [on|off]",
            "a vulnerability on the sheet: that damage doubled (D23)",
            "vulnerable Ogre lightning",
            SHEETS,
        ),
        parse: |w, st| {
            Ok(g(C::Resist {
                who: who(w, st)?,
                kind: kind(w)?,
                vulnerable: true,
                on: w.on_off()?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "skill",
            &[],
            "skill NAME SKILL +N|DIE|off",
            "a skill with a flat or dice bonus, or off to remove it (D4)",
            "skill Ana Climb +2",
            SHEETS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let name = w.next("the skill's name")?.text;
            let t = w.next("+N, a die or off")?;
            let bonus = if is(&t, &["off"]) {
                None
            } else if let Some(n) = signed(&t) {
                Some(Bonus::Flat(n.clamp(-100, 100) as i8))
            } else if let Some(d) = dice_of(&t).filter(|d| d.count > 0) {
                Some(Bonus::Die(d))
            } else {
                return err(&t, "+N, a die such as d4, or off");
            };
            Ok(g(C::Skill {
                who,
                name: name.into(),
                bonus,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "learn",
            &[],
            "learn NAME TECHNIQUE [init DIE]",
            "a technique, unprepared, with its own initiative die if it names one (D11)",
            "learn Ana Whirlwind",
            SHEETS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let name = w.next("the technique's name")?.text;
            let init = if w.eat(&["init"]) {
                Some(dice(w, "the initiative die")?)
            } else {
                None
            };
            Ok(g(C::Learn {
                who,
                name: name.into(),
                init,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "prepare",
            &[],
            "prepare NAME N [on|off]",
            "marks technique N prepared: only a prepared technique is used (D11)",
            "prepare Ana 1",
            SHEETS,
        ),
        parse: |w, st| {
            Ok(g(C::Prepare {
                who: who(w, st)?,
                index: index(w, "the technique's number")?,
                on: w.on_off()?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "carry",
            &["take"],
            "carry NAME ITEM [size N] [bundle N] [damage DICE [TYPE]] [init DIE] [held]",
            "an item in the next slots, as the gear list has it unless told, held in a free hand with held; a like item joins a bundle with room (D12, D34-D36)",
            "carry Ana Sword",
            SHEETS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let name = w.next("the item's name")?.text;
            // The gear list's item by its exact name; anything else is the judge's own.
            let mut item = content::bundled()
                .gear
                .iter()
                .find(|g| g.name.eq_ignore_ascii_case(name.trim()))
                .map_or_else(|| Item::new(name.clone()), |g| g.item());
            while !w.at_end() {
                if w.eat(&["size"]) {
                    item.size = w.number("the slots it takes")?;
                } else if w.eat(&["bundle"]) {
                    item.bundle = w.number("the bundle's size")?;
                } else if w.eat(&["damage", "dmg"]) {
                    item.damage = Some(dice(w, "the damage dice")?);
                    if let Some(k) = w.peek().and_then(kind_of) {
                        item.kind = Some(k);
                        w.pos += 1;
                    }
                } else if w.eat(&["init"]) {
                    item.init = Some(dice(w, "the initiative die")?);
                } else if w.eat(&["held", "hold", "inhand"]) {
                    item.held = true;
                } else {
                    let t = w.next("an item option")?;
                    return err(&t, "size N, bundle N, damage DICE [TYPE], init DIE or held");
                }
            }
            Ok(g(C::Carry {
                who,
                item: Box::new(item),
            }))
        },
        complete: |t, st| {
            crate::script::verbs::name_then(t, st, || {
                content::bundled()
                    .gear
                    .iter()
                    .map(|g| g.name.clone())
                    .collect()
            })
        },
    },
    Entry {
        verb: v(
            "drop",
            &[],
            "drop NAME N",
            "drops item N (one of a bundle)",
            "drop Ana 3",
            SHEETS,
        ),
        parse: |w, st| {
            Ok(g(C::Drop {
                who: who(w, st)?,
                index: index(w, "the item number")?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "hold",
            &["draw"],
            "hold NAME N [on|off]",
            "takes item N in hand, or off to put it away; from a non-quick slot it is the turn's action (D12)",
            "hold Ana 1",
            SHEETS,
        ),
        parse: |w, st| {
            Ok(g(C::Hold {
                who: who(w, st)?,
                index: index(w, "the item number")?,
                on: w.on_off()?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "break",
            &[],
            "break NAME N",
            "the judge marks item N broken, or mended again",
            "break Ana 2",
            SHEETS,
        ),
        parse: |w, st| {
            Ok(g(C::Break {
                who: who(w, st)?,
                index: index(w, "the item number")?,
            }))
        },
        complete: first_a_name,
    },
    alike::remark(
        "a note on the sheet",
        "remark Ana owes the ferryman",
        SHEETS,
    ),
];
