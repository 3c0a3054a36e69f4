//! Ruleset `ap`'s verbs (the action-point Cairn hack, rule file 003): sheets and items, actions,
//! attacks and saves with their options, the judge's answers, AP, the fight, harm and scars,
//! magic, rest and time. Items, scrolls and pending recoveries are named or numbered from 1.

mod read;
pub(crate) mod write;

use super::{Entry, Help, Typed, alike, nothing, v};
use crate::rules::GameCommand;
use crate::rules::ap::{
    Action, Attr, Cast, Command as C, Held, Item, Kind, Mark, NewSheet, Span, Stat, State,
};
use crate::script::words::{R, Words, is, lookup_err};
use crate::script::{Line, ScriptError};
use crate::session::Command;
use read::{
    attr, attr_of, character, err, first_a_name, item, names, object, opts, roll_words, signed, who,
};

const SHEETS: &str = "Sheets and items";
const ROLLS: &str = "Actions, attacks, saves and the judge's answers";
const POINTS: &str = "Action points";
const FIGHT: &str = "The fight";
const HARM: &str = "Damage, scars and recovery";
const MAGIC: &str = "Magic";
const DAYS: &str = "Rest, morale and time";

pub(crate) const HELP: Help = Help {
    groups: &[SHEETS, ROLLS, POINTS, FIGHT, HARM, MAGIC, DAYS],
    intro: "One command per line. Names ignore case and may be shortened while they stay \
            unique; quote names with spaces; numbers of pending items start at 1. # starts a \
            comment.\n\nRoll options, in any order: dc N | hidden N | vs NAME [str|dex|wil] \
            [using ITEM] | vs NAME helpless N | with ITEM [adv|dis [N]] | adv [N] | dis [N] | \
            impaired | enhanced | +N | -N | ap N | secs N | two | blast | damage ITEM | for \
            TEXT.\n",
    notes: "",
};

fn g(c: C) -> Line {
    Line::Command(Command::Game(GameCommand::Ap(c)))
}

alike::alike!(State => C: accept, rule, choose, cancel, remove, next);

fn who_only(w: &mut Words<'_>, st: &State, f: fn(u32) -> C) -> R<Line> {
    Ok(g(f(who(w, st)?)))
}

fn number_i8(w: &mut Words<'_>, what: &str) -> R<i8> {
    let t = w.next(what)?;
    signed(&t)
        .or_else(|| t.text.parse::<i8>().ok())
        .map_or_else(|| err(&t, what), Ok)
}

/// A pending item, scroll or the like, numbered from 1.
fn index(w: &mut Words<'_>, what: &str) -> R<usize> {
    let column = w.peek().map_or(w.eol, |t| t.column);
    let n: usize = w.number(what)?;
    n.checked_sub(1)
        .ok_or_else(|| ScriptError::at(column, "numbers start at 1"))
}

/// The next word, one of `c`'s scrolls by its spell, as its place among them.
fn scroll(w: &mut Words<'_>, c: &crate::rules::ap::Character) -> R<usize> {
    let t = w.next("the scroll's spell")?;
    c.scrolls
        .iter()
        .position(|s| s.eq_ignore_ascii_case(&t.text))
        .ok_or_else(|| ScriptError::at(t.column, format!("{} has no scroll of {}", c.name, t.text)))
}

fn action(w: &mut Words<'_>, st: &State, attack: bool) -> R<Line> {
    let c = character(w, st)?;
    let a = match w.peek().and_then(attr_of) {
        Some(a) => {
            w.next("an attribute")?;
            Some(a)
        }
        None if attack && w.eat(&["ranged"]) => Some(Attr::Dex),
        None if attack => None,
        None => Some(attr(w)?),
    };
    let mut o = opts(w, st, c)?;
    if attack && o.targets.is_empty() && o.helpless.is_none() {
        return Err(ScriptError::at(
            w.eol,
            format!("an attack names its target: vs NAME; {}", w.usage()),
        ));
    }
    if attack && o.objects.is_empty() && !o.unarmed {
        // A26: the first weapon carried, unless the judge says unarmed.
        if let Some(it) = c.items.iter().find(|i| i.weapon && i.die.is_some()) {
            o.objects.push(crate::rules::ap::ObjDie {
                item: it.name.clone(),
                sides: it.die.unwrap_or(6),
                edge: 0,
            });
        }
    }
    // A26: unless the judge names one, STR in melee and DEX with a ranged weapon.
    let a = a.unwrap_or_else(|| {
        let ranged = o
            .objects
            .first()
            .and_then(|d| c.item(&d.item))
            .is_some_and(|i| i.ranged);
        if ranged { Attr::Dex } else { Attr::Str }
    });
    let mut act = Action::new(c.id, a, o.against(20), o.what.clone());
    act.flat = o.flat;
    act.edge = o.edge;
    act.objects = o.objects.clone();
    act.cost = o.cost.unwrap_or(1);
    act.two = o.two;
    // A26: the damage die the judge tags, else the first weapon's, else the first die.
    act.damage = if o.damage.is_some() {
        o.damage_index()
    } else {
        o.objects
            .iter()
            .position(|d| c.item(&d.item).is_some_and(|i| i.weapon))
            .unwrap_or(0)
    };
    act.blast = o.blast;
    Ok(g(if attack {
        C::Attack(Box::new(act))
    } else {
        C::Check(Box::new(act))
    }))
}

fn item_words(w: &mut Words<'_>) -> R<Item> {
    let name = w.next("the item's name")?;
    if w.at_end() {
        // A name alone: the gear list's entry, or a plain item of one slot.
        return Ok(crate::content::ap::library()
            .item(&name.text)
            .map_or_else(|_| Item::new(name.text.clone()), |e| e.item()));
    }
    let mut it = Item::new(name.text);
    while let Some(t) = w.peek().cloned() {
        w.next("an item word")?;
        let lower = t.text.to_ascii_lowercase();
        if let Some(d) = lower.strip_prefix('d').and_then(|d| d.parse::<u16>().ok()) {
            it.die = Some(d);
        } else if is(&t, &["armor", "armour"]) {
            it.armor = w.number("the armor bonus")?;
        } else if is(&t, &["bulky"]) {
            it.slots = 2;
        } else if is(&t, &["free"]) {
            it.slots = 0;
        } else if is(&t, &["weapon"]) {
            it.weapon = true;
        } else if is(&t, &["shield"]) {
            it.shield = true;
        } else if is(&t, &["worn"]) {
            it.worn = true;
        } else if is(&t, &["ranged"]) {
            it.weapon = true;
            it.ranged = true;
        } else {
            return err(
                &t,
                "dN, armor N, bulky, free, weapon, ranged, shield or worn",
            );
        }
    }
    Ok(it)
}

fn stat_of(w: &mut Words<'_>) -> R<Stat> {
    let t = w.next("hp, str, dex or wil")?;
    if is(&t, &["hp"]) {
        return Ok(Stat::Hp);
    }
    attr_of(&t).map_or_else(|| err(&t, "hp, str, dex or wil"), |a| Ok(Stat::Attr(a)))
}

fn magic_dice(w: &mut Words<'_>) -> R<(u8, u8, bool, Option<u8>, bool)> {
    let (mut slot, mut dust, mut free, mut cost, mut scroll) = (0, 0, false, None, false);
    while !w.at_end() {
        let t = w.next("slot N, dust N, free, scroll or ap N")?;
        if is(&t, &["slot", "slots"]) {
            slot = w.number("the slot dice")?;
        } else if is(&t, &["dust"]) {
            dust = w.number("the dust dice")?;
        } else if is(&t, &["free"]) {
            free = true;
        } else if is(&t, &["scroll"]) {
            scroll = true;
        } else if is(&t, &["ap"]) {
            cost = Some(w.number("the AP cost")?);
        } else {
            return err(&t, "slot N, dust N, free, scroll or ap N");
        }
    }
    Ok((slot, dust, free, cost, scroll))
}

fn marks(_: &Typed<'_>, _: &State) -> Vec<String> {
    Mark::ALL.iter().map(|m| m.word().to_string()).collect()
}

/// Every verb of ruleset ap, in the order help lists them.
pub(crate) const VERBS: &[Entry<State>] = &[
    // ---- sheets
    Entry {
        verb: v(
            "roll",
            &[],
            "roll NAME pc|hireling [GROUP]",
            "rolls a new PC or hireling by 003's hireling procedure: 3d6 for STR, DEX and WIL in \
             order, then a d6 for HP; the group is party unless told; with dice instead of a \
             name, a free roll",
            "roll Ana pc",
            SHEETS,
        ),
        parse: |w, _| {
            crate::script::verbs::roll_or_sheet(w, &["pc", "hireling"], |w, name| {
                let t = w.next("pc or hireling")?;
                let kind = if is(&t, &["pc"]) {
                    Kind::Pc
                } else if is(&t, &["hireling"]) {
                    Kind::Npc
                } else {
                    return Err(ScriptError::at(
                        t.column,
                        format!("expected pc or hireling, found '{}'", t.text),
                    ));
                };
                let group = if w.at_end() {
                    "party".to_string()
                } else {
                    w.next("the group")?.text
                };
                Ok(g(C::Roll {
                    name: name.into(),
                    kind,
                    group: group.into(),
                }))
            })
        },
        complete: super::pc_or_hireling,
    },
    Entry {
        verb: v(
            "add",
            &[],
            "add NAME pc|npc GROUP STR DEX WIL HP | add NAME CREATURE [GROUP] | add NAME: STAT LINE",
            "a sheet the judge enters (A1-A5; 10 slots, 4 AP), or a creature of the bestiary \
             with its weapon and armor (`help library --rules ap`), or a creature in the Cairn \
             family's stat line (add Troll: 12 HP, 1 Armor, 16 STR, 6 DEX, 8 WIL, claws (d8+d8))",
            "add Ana pc party 11 12 8 6",
            SHEETS,
        ),
        parse: |w, _| {
            if let Some(entry) = crate::script::verbs::stat_line(w, crate::content::ap::from_stat) {
                let entry = entry?;
                return Ok(g(C::Add(Box::new(entry.sheet(&entry.name, None)))));
            }
            let name = w.next("the name")?.text;
            let t = w.next("pc, npc or a creature of the bestiary")?;
            let kind = if is(&t, &["pc", "player"]) {
                Kind::Pc
            } else if is(&t, &["npc", "creature", "hireling"]) {
                Kind::Npc
            } else {
                let beast = crate::content::ap::library()
                    .creature(&t.text)
                    .map_err(|e| lookup_err(&t, e))?;
                let group = if w.at_end() {
                    None
                } else {
                    Some(w.next("the group")?.text)
                };
                return Ok(g(C::Add(Box::new(beast.sheet(&name, group.as_deref())))));
            };
            let group = w.next("the group")?.text;
            let nums = [
                w.number("STR")?,
                w.number("DEX")?,
                w.number("WIL")?,
                w.number("HP")?,
            ];
            Ok(g(C::Add(Box::new(NewSheet::new(
                &name, kind, &group, nums,
            )))))
        },
        complete: |t, _| {
            if t.args.len() == 1 {
                vec!["pc".into(), "npc".into()]
            } else {
                Vec::new()
            }
        },
    },
    alike::remove("takes a sheet out of the session", "remove Gob", SHEETS),
    Entry {
        verb: v(
            "set",
            &[],
            "set NAME hp|str|dex|wil CUR [MAX]",
            "the judge sets a score; the max stays unless given, and a score above the max is \
             refused",
            "set Ana dex 7",
            SHEETS,
        ),
        parse: |w, st| {
            let c = character(w, st)?;
            let stat = stat_of(w)?;
            let cur: u8 = w.number("the current score")?;
            let max = if w.at_end() {
                match stat {
                    Stat::Hp => c.hp.max,
                    Stat::Attr(a) => c.attr(a).max,
                }
            } else {
                w.number("the max")?
            };
            Ok(g(C::Set {
                who: c.id,
                stat,
                cur,
                max,
            }))
        },
        complete: |t, st| {
            super::name_then(t, st, || {
                vec!["hp".into(), "str".into(), "dex".into(), "wil".into()]
            })
        },
    },
    Entry {
        verb: v(
            "carry",
            &["give"],
            "carry NAME ITEM [dN] [armor N] [bulky|free] [weapon|ranged] [shield] [worn]",
            "an item in the slots (A3, A4): bulky fills 2, free none, a ranged weapon proposes \
             DEX (A26); a name alone takes the gear list's entry",
            "carry Ana sword d8 weapon",
            SHEETS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            Ok(g(C::Carry {
                who,
                item: Box::new(item_words(w)?),
            }))
        },
        complete: |t, st| match t.args.len() {
            0 => names(t, st),
            1 => Vec::new(),
            _ => ["d6", "armor", "bulky", "weapon", "ranged", "shield", "worn"]
                .iter()
                .map(|s| s.to_string())
                .collect(),
        },
    },
    Entry {
        verb: v(
            "drop",
            &[],
            "drop NAME ITEM",
            "an item leaves the slots",
            "drop Ana rope",
            SHEETS,
        ),
        parse: |w, st| {
            let c = character(w, st)?;
            Ok(g(C::Drop {
                who: c.id,
                item: item(w, c)?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "wear",
            &[],
            "wear NAME ITEM [on|off]",
            "puts armor on or takes it off (A29)",
            "wear Ana gambeson",
            SHEETS,
        ),
        parse: |w, st| {
            let c = character(w, st)?;
            let item = item(w, c)?;
            Ok(g(C::Wear {
                who: c.id,
                item,
                on: w.on_off()?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "fatigue",
            &[],
            "fatigue NAME N",
            "adds Fatigue (A40), or takes it off with -N",
            "fatigue Ana 1",
            SHEETS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            Ok(g(C::Fatigue {
                who,
                n: number_i8(w, "a number of Fatigue")?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "dust",
            &[],
            "dust NAME N",
            "adds Mana Dust, or uses it up with -N (A42)",
            "dust Ana 3",
            SHEETS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let t = w.next("an amount of dust")?;
            let n = t
                .text
                .parse::<i16>()
                .map_or_else(|_| err(&t, "an amount of dust"), Ok)?;
            Ok(g(C::Dust { who, n }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "slots",
            &[],
            "slots NAME N",
            "the number of slots (A3; 10 by default)",
            "slots Ana 9",
            SHEETS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            Ok(g(C::Slots {
                who,
                n: w.number("the slots")?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "apmax",
            &[],
            "apmax NAME N",
            "the most AP a turn gives (A15; 4 by default)",
            "apmax Gob 5",
            SHEETS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            Ok(g(C::ApMax {
                who,
                n: w.number("the max AP")?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "armor",
            &["armour"],
            "armor NAME N",
            "armor granted besides items (A29)",
            "armor Ana 1",
            SHEETS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            Ok(g(C::ArmorBonus {
                who,
                n: w.number("the armor")?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "mark",
            &[],
            "mark NAME WORD [on|off]",
            "sets or clears a mark: deprived, out, stabilized, dead, fled, doomed, hamstrung, deaf, surprised, routed, weakened, detachment, vessel, elemental",
            "mark Ana stabilized",
            SHEETS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let t = w.next("a mark")?;
            let Some(mark) = Mark::from_word(&t.text) else {
                return err(&t, "a mark such as stabilized or deprived");
            };
            Ok(g(C::Mark {
                who,
                mark,
                on: w.on_off()?,
            }))
        },
        complete: |t, st| match t.args.len() {
            0 => names(t, st),
            1 => marks(t, st),
            _ => vec!["on".into(), "off".into()],
        },
    },
    Entry {
        verb: v(
            "group",
            &[],
            "group NAME GROUP",
            "moves a creature to another group (A22)",
            "group Pip party",
            SHEETS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            Ok(g(C::Group {
                who,
                group: w.next("the group")?.text,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "jot",
            &[],
            "jot NAME TEXT",
            "a note on a sheet",
            "jot Ana owes the ferryman",
            SHEETS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            Ok(g(C::Note {
                who,
                text: w.rest_text("the note")?,
            }))
        },
        complete: first_a_name,
    },
    // ---- rolls
    Entry {
        verb: v(
            "check",
            &["act"],
            "check NAME str|dex|wil [OPTIONS]",
            "an action: d20 + the score + object dice against a DC (20 unless told) or targets' saves (A6-A14)",
            "check Ana str with crowbar dc 15 for the gate",
            ROLLS,
        ),
        parse: |w, st| action(w, st, false),
        complete: roll_words,
    },
    Entry {
        verb: v(
            "attack",
            &["hit"],
            "attack NAME [str|dex|ranged] vs TARGET [OPTIONS]",
            "an attack (A26-A28): the first weapon carried unless `with` or `unarmed`, with STR, or DEX when the weapon is ranged, unless named; a hit does the weapon's face less armor",
            "attack Ana vs Gob with sword",
            ROLLS,
        ),
        parse: |w, st| action(w, st, true),
        complete: roll_words,
    },
    Entry {
        verb: v(
            "save",
            &["s"],
            "save NAME str|dex|wil [dc N] [with ITEM] [adv|dis [N]] [for WHY]",
            "a save against a DC (20 unless told); it must beat the DC (A8, A9)",
            "save Ana dex dc 15 for the pit",
            ROLLS,
        ),
        parse: |w, st| {
            if w.eat(&["as"]) {
                return Ok(Line::SaveAs(w.rest_text("the new file's path")?));
            }
            let c = character(w, st)?;
            let a = attr(w)?;
            let o = opts(w, st, c)?;
            Ok(g(C::Save {
                who: c.id,
                attr: a,
                dc: o.dc.map_or(20, |d| d.0),
                objects: o.objects.into(),
                edge: o.edge,
                why: o.what.into(),
            }))
        },
        complete: roll_words,
    },
    Entry {
        verb: v(
            "trivial",
            &[],
            "trivial NAME pass|fail WHAT",
            "an action ruled with no dice (A6)",
            "trivial Ana pass open the latch",
            ROLLS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let t = w.next("pass or fail")?;
            let pass = if is(&t, &["pass", "success"]) {
                true
            } else if is(&t, &["fail", "failure"]) {
                false
            } else {
                return err(&t, "pass or fail");
            };
            Ok(g(C::Trivial {
                who,
                what: w.rest_text("what the action is")?,
                pass,
            }))
        },
        complete: first_a_name,
    },
    alike::accept(
        &["ok", "a"],
        "takes what waits as the rules propose it",
        ROLLS,
    ),
    alike::rule(ROLLS),
    alike::choose(ROLLS),
    alike::cancel(ROLLS),
    // ---- AP
    Entry {
        verb: v(
            "spend",
            &[],
            "spend NAME N WHAT",
            "spends AP on an action with no roll (A16)",
            "spend Ana 2 climbs the cart",
            POINTS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let ap = w.number("the AP")?;
            Ok(g(C::Spend {
                who,
                ap,
                what: w.rest_text("what the AP buy")?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "grant",
            &[],
            "grant NAME N",
            "the judge gives (or takes, -N) AP",
            "grant Ana 1",
            POINTS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            Ok(g(C::Grant {
                who,
                ap: number_i8(w, "the AP")?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "move",
            &["m"],
            "move NAME",
            "1 AP for half DEX (rounded up) spaces this turn (A18)",
            "move Ana",
            POINTS,
        ),
        parse: |w, st| who_only(w, st, |who| C::Move { who }),
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "walk",
            &[],
            "walk NAME N",
            "uses spaces of the turn's allowance (A18)",
            "walk Ana 3",
            POINTS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            Ok(g(C::Walk {
                who,
                spaces: w.number("the spaces")?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "gain",
            &[],
            "gain NAME",
            "Gain Advantage: 1 AP banks +1 for the next roll (A19)",
            "gain Ana",
            POINTS,
        ),
        parse: |w, st| who_only(w, st, |who| C::Gain { who }),
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "hold",
            &[],
            "hold NAME N str|dex|wil [with ITEM] [adv|dis [N]] [attack|defence] until TEXT",
            "a held action paid now, fired by the judge (A20)",
            "hold Ana 2 str with spear attack until the door opens",
            POINTS,
        ),
        parse: |w, st| {
            let c = character(w, st)?;
            let cost = w.number("the AP")?;
            let a = attr(w)?;
            let mut held = Held {
                cost,
                trigger: String::new(),
                attr: a,
                objects: Vec::new(),
                edge: 0,
                defence: false,
                attack: false,
            };
            while let Some(t) = w.peek().cloned() {
                if let Some(e) = read::edge(w)? {
                    held.edge = held.edge.saturating_add(e);
                    continue;
                }
                w.next("an option")?;
                if is(&t, &["with"]) {
                    held.objects.push(object(w, c)?);
                } else if is(&t, &["attack"]) {
                    held.attack = true;
                } else if is(&t, &["defence", "defense", "dodge", "parry"]) {
                    held.defence = true;
                } else if is(&t, &["until", "when"]) {
                    held.trigger = w.rest_text("what sets it off")?;
                } else {
                    return err(&t, "with, adv, dis, attack, defence or until");
                }
            }
            if held.trigger.is_empty() {
                return Err(ScriptError::at(
                    w.eol,
                    format!("say what sets it off: until TEXT; {}", w.usage()),
                ));
            }
            Ok(g(C::Hold {
                who: c.id,
                held: Box::new(held),
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "fire",
            &[],
            "fire NAME [dc N | vs TARGET [str|dex|wil]]",
            "the judge sets off a held action (A20)",
            "fire Ana vs Gob",
            POINTS,
        ),
        parse: |w, st| {
            let c = character(w, st)?;
            let o = opts(w, st, c)?;
            Ok(g(C::Fire {
                who: c.id,
                against: o.against(20),
            }))
        },
        complete: roll_words,
    },
    // ---- the fight
    Entry {
        verb: v(
            "fight",
            &[],
            "fight [NAME...] [surprised NAME...]",
            "everyone (or those named) rolls 1d20 + WIL; groups take turns (A21-A24)",
            "fight surprised Gob",
            FIGHT,
        ),
        parse: |w, st| {
            let mut who_ = Vec::new();
            let mut surprised = Vec::new();
            let mut into_surprised = false;
            while !w.at_end() {
                if w.eat(&["surprised"]) {
                    into_surprised = true;
                    continue;
                }
                let id = who(w, st)?;
                if into_surprised {
                    surprised.push(id);
                } else {
                    who_.push(id);
                }
            }
            if !who_.is_empty() {
                who_.extend(
                    surprised
                        .iter()
                        .copied()
                        .filter(|s| !who_.contains(s))
                        .collect::<Vec<_>>(),
                );
            }
            Ok(g(C::Fight {
                who: who_.into(),
                surprised: surprised.into(),
            }))
        },
        complete: |t, st| {
            let mut n = names(t, st);
            n.push("surprised".into());
            n
        },
    },
    Entry {
        verb: v(
            "join",
            &[],
            "join NAME [surprised]",
            "a late arrival rolls into its group (A25)",
            "join Pip",
            FIGHT,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            Ok(g(C::Join {
                who,
                surprised: w.eat(&["surprised"]),
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "init",
            &[],
            "init NAME TOTAL",
            "the judge sets an initiative total; the order follows (A22, A23)",
            "init Gob 14",
            FIGHT,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            Ok(g(C::Init {
                who,
                total: w.number("the total")?,
            }))
        },
        complete: first_a_name,
    },
    alike::next(
        &["e"],
        "ends the turn (the pool refills) and starts the next (A17, A24)",
        FIGHT,
    ),
    Entry {
        verb: v(
            "endfight",
            &["peace"],
            "endfight",
            "ends the fight",
            "endfight",
            FIGHT,
        ),
        parse: |_, _| Ok(g(C::EndFight)),
        complete: nothing,
    },
    // ---- harm
    Entry {
        verb: v(
            "damage",
            &["hurt"],
            "damage NAME N [armor] [from TEXT]",
            "damage to HP, the rest into STR with the critical save (A32-A35); `armor` takes armor off first",
            "damage Ana 4 armor from a falling beam",
            HARM,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let amount = w.number("the damage")?;
            let armor = w.eat(&["armor", "armour"]);
            let source = if w.eat(&["from", "for"]) {
                w.rest_text("where it came from")?
            } else {
                String::new()
            };
            Ok(g(C::Damage {
                who,
                amount,
                armor,
                source,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "scar",
            &[],
            "scar NAME N",
            "the judge applies scar N (1-12) by hand (A35)",
            "scar Ana 4",
            HARM,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            Ok(g(C::Scar {
                who,
                entry: w.number("the scar's number")?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "recovered",
            &[],
            "recovered NAME N",
            "the Nth pending item is over: its roll is read (A35)",
            "recovered Ana 1",
            HARM,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            Ok(g(C::Recovered {
                who,
                item: index(w, "the pending item's number")?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "healed",
            &[],
            "healed NAME",
            "a healer removes the tumours (A45, 14)",
            "healed Ana",
            HARM,
        ),
        parse: |w, st| who_only(w, st, |who| C::Healed { who }),
        complete: first_a_name,
    },
    // ---- magic
    Entry {
        verb: v(
            "cast",
            &[],
            "cast NAME SPELL [slot N] [dust N] [free] [scroll] [ap N]",
            "magic dice, at most 4 (A41-A45); `scroll` uses a scroll of that spell",
            "cast Ana Light slot 1 dust 1",
            MAGIC,
        ),
        parse: |w, st| {
            let c = character(w, st)?;
            let spell = w.next("the spell")?.text;
            let (slot, dust, free, cost, scroll) = magic_dice(w)?;
            let scroll = if scroll {
                match c
                    .scrolls
                    .iter()
                    .position(|s| s.eq_ignore_ascii_case(&spell))
                {
                    Some(i) => Some(i),
                    None => {
                        return Err(ScriptError::at(
                            w.eol,
                            format!("{} has no scroll of {spell}", c.name),
                        ));
                    }
                }
            } else {
                None
            };
            Ok(g(C::Cast(Box::new(Cast {
                who: c.id,
                spell,
                slot,
                dust,
                free,
                scroll,
                cost: cost.unwrap_or(1),
            }))))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "scroll",
            &[],
            "scroll NAME SPELL",
            "a scroll of a spell (A46)",
            "scroll Ana Sleep",
            MAGIC,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            Ok(g(C::Scroll {
                who,
                spell: w.rest_text("the spell")?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "grimoire",
            &["book"],
            "grimoire NAME [SPELL...]",
            "a Grimoire with its spells (A41; bulky)",
            "grimoire Ana Light Sleep",
            MAGIC,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let mut spells = Vec::new();
            while !w.at_end() {
                spells.push(w.next("a spell")?.text);
            }
            Ok(g(C::Grimoire { who, spells }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "copy",
            &[],
            "copy NAME SPELL [slot N] [dust N]",
            "copies a scroll into the Grimoire: 50 gp and 6 hours less the roll's sum (A46)",
            "copy Ana Sleep slot 2",
            MAGIC,
        ),
        parse: |w, st| {
            let c = character(w, st)?;
            let scroll = scroll(w, c)?;
            let (slot, dust, _, _, _) = magic_dice(w)?;
            Ok(g(C::Copy {
                who: c.id,
                scroll,
                slot,
                dust,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "bind",
            &[],
            "bind NAME SPELL",
            "makes a Grimoire from a scroll: 200 gp, 6 hours, then deprived (A46)",
            "bind Ana Sleep",
            MAGIC,
        ),
        parse: |w, st| {
            let c = character(w, st)?;
            let scroll = scroll(w, c)?;
            Ok(g(C::MakeGrimoire { who: c.id, scroll }))
        },
        complete: first_a_name,
    },
    // ---- rest, morale, time
    Entry {
        verb: v(
            "time",
            &["wait"],
            "time N minutes|hours|days",
            "moves the clock; every timer runs (A50)",
            "time 30 minutes",
            DAYS,
        ),
        parse: |w, _| {
            let n = w.number("a number")?;
            let t = w.next("minutes, hours or days")?;
            let span = if is(&t, &["minute", "minutes", "min", "m"]) {
                Span::Minutes
            } else if is(&t, &["hour", "hours", "h"]) {
                Span::Hours
            } else if is(&t, &["day", "days", "d"]) {
                Span::Days
            } else {
                return err(&t, "minutes, hours or days");
            };
            Ok(g(C::Time { n, span }))
        },
        complete: |t, _| {
            if t.args.len() == 1 {
                vec!["minutes".into(), "hours".into(), "days".into()]
            } else {
                Vec::new()
            }
        },
    },
    Entry {
        verb: v(
            "rest",
            &[],
            "rest short|night|week [NAME...]",
            "a short rest (HP, a Die of Fate), a safe night (Fatigue, 8 hours) or a week (attributes); every living PC unless named (A40, A47)",
            "rest short",
            DAYS,
        ),
        parse: |w, st| {
            let t = w.next("short, night or week")?;
            // Whom a rest covers: the names given, or nobody (every living PC).
            let ids = alike::named(w, st)?;
            if is(&t, &["short"]) {
                Ok(g(C::Short { who: ids }))
            } else if is(&t, &["night", "sleep"]) {
                Ok(g(C::Night { who: ids }))
            } else if is(&t, &["week"]) {
                Ok(g(C::Week { who: ids }))
            } else {
                err(&t, "short, night or week")
            }
        },
        complete: |t, st| {
            if t.args.is_empty() {
                vec!["short".into(), "night".into(), "week".into()]
            } else {
                names(t, st)
            }
        },
    },
    Entry {
        verb: v(
            "morale",
            &[],
            "morale NAME",
            "a WIL save at DC 20 for NAME's group (A48)",
            "morale Gob",
            DAYS,
        ),
        parse: |w, st| who_only(w, st, |who| C::Morale { who }),
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "retreat",
            &[],
            "retreat NAME",
            "a DEX save at DC 20 to get away (A49)",
            "retreat Ana",
            DAYS,
        ),
        parse: |w, st| who_only(w, st, |who| C::Retreat { who }),
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "reaction",
            &[],
            "reaction",
            "2d6 for how a stranger takes the party (A49)",
            "reaction",
            DAYS,
        ),
        parse: |_, _| Ok(g(C::Reaction)),
        complete: nothing,
    },
    Entry {
        verb: v(
            "hireling",
            &[],
            "hireling NAME GROUP",
            "a hireling: 3d6 each attribute, 1d6 HP, NPC rules (A49)",
            "hireling Pip party",
            DAYS,
        ),
        parse: |w, _| {
            let name = w.next("the name")?.text;
            Ok(g(C::Hireling {
                name: name.into(),
                group: w.next("the group")?.text.into(),
            }))
        },
        complete: nothing,
    },
];

/// Words a judge may reach for that this ruleset says with another verb, and that verb: the
/// palette's "did you mean" offers it first.
pub(crate) const SYNONYMS: &[(&str, &str)] = &[
    ("heal", "rest"),
    ("cure", "rest"),
    ("harm", "damage"),
    ("turn", "next"),
    ("end", "endfight"),
];
