//! The verbs of ruleset `phase` (rule file 002): sheets and gear, saves and the judge's answers,
//! the fight in phases, harm and rest, magic, turns and watches, and the judge's edits. Each
//! verb's parser is in `parse`, its shared readers in `read`.

mod parse;
mod read;
pub(crate) mod write;

use self::parse::*;
use self::read::{g, names, nth, positive, signed, who};
use super::{Entry, Help, Typed, alike, nothing, v};
use crate::rules::phase::{Ability, Command as C, State};
use crate::script::ScriptError;
use crate::script::words::is;

const SHEETS: &str = "Characters, gear and load";
const ROLLS: &str = "Saves and the judge's answers";
const FIGHT: &str = "The fight";
const HARM: &str = "Harm and rest";
const MAGIC: &str = "Magic";
const WORLD: &str = "Dungeon turns, watches and weather";
const JUDGE: &str = "The judge's edits";

/// What `help commands` says around the phase verbs.
pub(crate) const HELP: Help = Help {
    groups: &[SHEETS, ROLLS, FIGHT, HARM, MAGIC, WORLD, JUDGE],
    intro: "One command per line. Names ignore case and may be shortened while they stay \
            unique; quote names with spaces. Weapons, spell items and units are numbered from 1 \
            on the sheet. # starts a comment.\n",
    notes: "\nA save waits for the judge: accept it, rule it the other way, or cancel it; a \
            question waits for choose N (or accept for the proposal). `allow` runs any command \
            the book would refuse.\n",
};

use super::{first_a_name as first_name, names as all_names};

alike::alike!(State => C: accept, rule, choose, cancel, remove, next, end);

fn two_names(t: &Typed<'_>, st: &State) -> Vec<String> {
    if t.args.len() < 2 {
        all_names(t, st)
    } else {
        Vec::new()
    }
}

fn words(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// Words of a list followed by names from the price list or the bestiary.
fn and_names<'a>(list: &[&str], names: impl Iterator<Item = &'a String>) -> Vec<String> {
    words(list).into_iter().chain(names.cloned()).collect()
}

/// Every verb of ruleset `phase`, in the order help lists them.
pub(crate) const VERBS: &[Entry<State>] = &[
    Entry {
        verb: v(
            "roll",
            &[],
            "roll NAME pc|hireling",
            "rolls a new PC (HP, STR, DEX, WIL, coins) or hireling (abilities, HP, a hand weapon); \
             with dice instead of a name, a free roll (roll 2d6 for reaction)",
            "roll Ana pc",
            SHEETS,
        ),
        parse: |w, _| {
            super::roll_or_sheet(w, &["pc", "hireling"], |w, name| {
                let kind = read::pick(
                    w,
                    &[
                        (&["pc"], crate::rules::phase::Kind::Pc),
                        (&["hireling"], crate::rules::phase::Kind::Hireling),
                    ],
                    "pc or hireling",
                )?;
                Ok(g(C::Roll { name, kind }))
            })
        },
        complete: super::pc_or_hireling,
    },
    Entry {
        verb: v(
            "add",
            &[],
            "add NAME pc|hireling|creature|mule|horse|warhorse HP [STR DEX WIL] [dr N] [group G] [leader] [undead] [mindless] [party|enemy] | add [NAME] CREATURE [hp N] [group G] [leader] [party|enemy] | add NAME: STAT LINE",
            "a sheet with its numbers (a creature's abilities are 10 unless given), or one of the bestiary (numbered when unnamed), or a creature in the Cairn family's stat line (add Troll: 12 HP, 1 Armor, 16 STR, 6 DEX, 8 WIL, claws (d8+d8))",
            "add Gob creature 3 8 12 7 group goblins",
            SHEETS,
        ),
        parse: add,
        complete: |t, _| {
            let bestiary = crate::content::phase::library().creatures.iter();
            match t.args.len() {
                0 => and_names(&[], bestiary.map(|c| &c.name)),
                1 => and_names(
                    &["pc", "hireling", "creature", "mule", "horse", "warhorse"],
                    bestiary.map(|c| &c.name),
                ),
                _ => Vec::new(),
            }
        },
    },
    alike::remove("takes a character out of the session", "remove Gob", SHEETS),
    Entry {
        verb: v(
            "arm",
            &[],
            "arm NAME WEAPON|hand|polearm|sling|bow [left] | arm NAME WEAPON dN [bulky] [missile] [thrown] [blast] [left] [note TEXT]",
            "gives a weapon from the price list or 002's table, or one of the judge's with its die and tags",
            "arm Ana bow",
            SHEETS,
        ),
        parse: arm,
        complete: |t, st| {
            super::name_then(t, st, || {
                and_names(
                    &["hand", "polearm", "sling", "bow"],
                    crate::content::phase::library()
                        .weapons
                        .iter()
                        .map(|w| &w.name),
                )
            })
        },
    },
    Entry {
        verb: v(
            "unarm",
            &[],
            "unarm NAME N",
            "puts a weapon down in the scene",
            "unarm Ana 1",
            SHEETS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            Ok(g(C::Unarm {
                who,
                weapon: nth(w, "the weapon's number")?,
            }))
        },
        complete: first_name,
    },
    Entry {
        verb: v(
            "wear",
            &[],
            "wear NAME none|light|heavy|shield|ARMOUR...",
            "sets the armour worn, by class or by name from the price list; several pieces combine: the best armour counts and a shield adds 1 (DR at most 3)",
            "wear Ana heavy light shield",
            SHEETS,
        ),
        parse: wear,
        complete: |t, st| match t.args.len() {
            0 => all_names(t, st),
            1 => and_names(
                &["none", "light", "heavy"],
                crate::content::phase::library()
                    .armour
                    .iter()
                    .map(|a| &a.name),
            ),
            _ => and_names(
                &["light", "heavy", "shield"],
                crate::content::phase::library()
                    .armour
                    .iter()
                    .map(|a| &a.name),
            ),
        },
    },
    Entry {
        verb: v(
            "take",
            &[],
            "take NAME food [N]|ration|delve|supply WHAT|treasure WHAT",
            "adds a counted unit of load",
            "take Ana food",
            SHEETS,
        ),
        parse: take,
        complete: |t, st| {
            super::name_then(t, st, || {
                words(&["food", "ration", "delve", "supply", "treasure"])
            })
        },
    },
    Entry {
        verb: v(
            "drop",
            &[],
            "drop NAME N",
            "drops a unit in the scene (free, any time)",
            "drop Ana 2",
            SHEETS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            Ok(g(C::Drop {
                who,
                unit: nth(w, "the unit's number")?,
            }))
        },
        complete: first_name,
    },
    Entry {
        verb: v(
            "give",
            &[],
            "give NAME N to NAME",
            "hands a unit to another",
            "give Ana 1 to Bo",
            SHEETS,
        ),
        parse: |w, st| {
            let from = who(w, st)?;
            let unit = nth(w, "the unit's number")?;
            w.eat(&["to"]);
            Ok(g(C::Give {
                from,
                unit,
                to: who(w, st)?,
            }))
        },
        complete: first_name,
    },
    Entry {
        verb: v(
            "coins",
            &[],
            "coins NAME +N|-N",
            "adds or takes coins",
            "coins Ana -30",
            SHEETS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            Ok(g(C::Coins {
                who,
                by: signed(w, "a number of coins")?,
            }))
        },
        complete: first_name,
    },
    Entry {
        verb: v(
            "buy",
            &[],
            "buy NAME WARE [for N]",
            "buys by name from the price list (`help library --rules phase`) or by 002's words: shield lightarmor heavyarmor handweapon polearm sling bow handcart draftcart wagon mule horse warhorse; `for N` is the judge's price",
            "buy Ana shield",
            SHEETS,
        ),
        parse: buy,
        complete: |t, st| {
            super::name_then(t, st, || {
                crate::content::phase::library()
                    .offers()
                    .iter()
                    .map(|o| o.name().to_string())
                    .chain(
                        crate::rules::phase::Ware::ALL
                            .iter()
                            .map(|w| w.word().replace(' ', "")),
                    )
                    .collect()
            })
        },
    },
    Entry {
        verb: v(
            "ride",
            &[],
            "ride NAME none|handcart|draftcart|wagon",
            "what the character pulls or drives (outside dungeons)",
            "ride Ana handcart",
            SHEETS,
        ),
        parse: ride,
        complete: first_name,
    },
    Entry {
        verb: v(
            "allowance",
            &[],
            "allowance NAME N|none",
            "an animal's load allowance, as the judge sets it",
            "allowance Mule 8",
            SHEETS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let units = if w.eat(&["none"]) {
                None
            } else {
                Some(w.number("the allowance")?)
            };
            Ok(g(C::Allowance { who, units }))
        },
        complete: first_name,
    },
    Entry {
        verb: v(
            "restock",
            &[],
            "restock NAME N",
            "clears a missile weapon's out-of-ammo mark",
            "restock Bo 1",
            SHEETS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            Ok(g(C::Restock {
                who,
                weapon: nth(w, "the weapon's number")?,
            }))
        },
        complete: first_name,
    },
    Entry {
        verb: v(
            "fatigue",
            &[],
            "fatigue NAME +N|-N",
            "adds or removes fatigue by the judge's word",
            "fatigue Ana +1",
            SHEETS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let by = signed(w, "a change of fatigue")?;
            let by = i8::try_from(by)
                .map_err(|_| ScriptError::at(w.eol, "that is too much fatigue at once"))?;
            Ok(g(C::Fatigue { who, by }))
        },
        complete: first_name,
    },
    Entry {
        verb: v(
            "pay",
            &[],
            "pay NAME",
            "pays a hireling's owed wages",
            "pay Hob",
            SHEETS,
        ),
        parse: |w, st| Ok(g(C::Pay { who: who(w, st)? })),
        complete: first_name,
    },
    Entry {
        verb: v(
            "check",
            &[],
            "check NAME str|dex|wil [adv|dis]... [WHY]",
            "a save: d20 at or under the score; waits for the judge",
            "check Ana dex adv leaps the gap",
            ROLLS,
        ),
        parse: check,
        complete: |t, st| super::name_then(t, st, || words(&["str", "dex", "wil"])),
    },
    Entry {
        verb: v(
            "react",
            &[],
            "react NAME...",
            "a reaction roll for those met",
            "react Gob Orc",
            ROLLS,
        ),
        parse: |w, st| {
            Ok(g(C::React {
                to: names(w, st, &[])?,
            }))
        },
        complete: all_names,
    },
    alike::accept(
        &["ok"],
        "takes the waiting save's verdict or the question's proposal",
        ROLLS,
    ),
    alike::rule(ROLLS),
    alike::choose(ROLLS),
    alike::cancel(ROLLS),
    Entry {
        verb: v(
            "fight",
            &[],
            "fight [NAME...] [surprised party|enemies] [stepwise]",
            "starts a fight (everyone standing when no one is named) and rolls the party's DEX saves; stepwise: next walks every group of every phase",
            "fight Ana Bo Gob surprised enemies",
            FIGHT,
        ),
        parse: fight,
        complete: all_names,
    },
    alike::next(
        &[],
        "moves on to the next group with someone to act; a phase with nobody passes",
        FIGHT,
    ),
    alike::end(
        "ends the fight (ammunition is rolled for missiles loosed)",
        FIGHT,
    ),
    Entry {
        verb: v(
            "place",
            &[],
            "place NAME early|middle|late|none",
            "puts a combatant in another group this round",
            "place Bo early",
            FIGHT,
        ),
        parse: place,
        complete: |t, st| {
            if t.args.is_empty() {
                all_names(t, st)
            } else {
                words(&["early", "middle", "late", "none"])
            }
        },
    },
    Entry {
        verb: v(
            "engage",
            &[],
            "engage NAME NAME [off]",
            "sets who is in melee with whom",
            "engage Ana Gob",
            FIGHT,
        ),
        parse: |w, st| {
            let a = who(w, st)?;
            let b = who(w, st)?;
            let on = !w.eat(&["off", "no"]);
            Ok(g(C::Engage { a, b, on }))
        },
        complete: two_names,
    },
    Entry {
        verb: v(
            "move",
            &[],
            "move NAME [to NAME]",
            "a move in phase 3, into melee with the one named (a charge in round 1)",
            "move Ana to Gob",
            FIGHT,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let to = if w.eat(&["to", "into"]) {
                Some(read::who(w, st)?)
            } else {
                None
            };
            Ok(g(C::Move { who, to }))
        },
        complete: first_name,
    },
    Entry {
        verb: v(
            "withdraw",
            &[],
            "withdraw NAME [full|half]",
            "leaves melee; a full move lets each engaged enemy strike",
            "withdraw Ana half",
            FIGHT,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let full = if w.at_end() {
                None
            } else {
                Some(read::pick(
                    w,
                    &[(&["full"], true), (&["half"], false)],
                    "full or half",
                )?)
            };
            Ok(g(C::Withdraw { who, full }))
        },
        complete: first_name,
    },
    Entry {
        verb: v(
            "attack",
            &["hit"],
            "attack NAME NAME [with N|WEAPON|unarmed] [thrown] [+1|-1] [maneuver EFFECT]",
            "an attack: the weapon's die, +1 blessed, less DR (the first weapon unless told)",
            "attack Ana Gob with sword",
            FIGHT,
        ),
        parse: attack,
        complete: two_names,
    },
    Entry {
        verb: v(
            "blast",
            &[],
            "blast NAME [with N|WEAPON] at NAME... | blast NAME [with N] count",
            "one damage roll per target in the area, or the die for how many it catches",
            "blast Dragon at Ana Bo",
            FIGHT,
        ),
        parse: blast,
        complete: all_names,
    },
    Entry {
        verb: v(
            "act",
            &[],
            "act NAME WHAT",
            "any other action, in phase 3",
            "act Bo lights the oil",
            FIGHT,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            Ok(g(C::Act {
                who,
                what: w.rest_text("what the action is")?,
            }))
        },
        complete: first_name,
    },
    Entry {
        verb: v(
            "aid",
            &[],
            "aid NAME NAME",
            "aid to a critical character: their dying clock stops",
            "aid Bo Ana",
            FIGHT,
        ),
        parse: |w, st| {
            let helper = who(w, st)?;
            Ok(g(C::Aid {
                who: helper,
                target: read::who(w, st)?,
            }))
        },
        complete: two_names,
    },
    Entry {
        verb: v(
            "flee",
            &[],
            "flee NAME",
            "action and move in phase 3 and a DEX save to get away",
            "flee Bo",
            FIGHT,
        ),
        parse: |w, st| Ok(g(C::Flee { who: who(w, st)? })),
        complete: first_name,
    },
    Entry {
        verb: v(
            "distract",
            &[],
            "distract NAME PURSUER...",
            "drops a ration per mindless pursuer and 100 coins per thinking one",
            "distract Bo Wolf",
            FIGHT,
        ),
        parse: |w, st| {
            let by = who(w, st)?;
            Ok(g(C::Distract {
                who: by,
                pursuers: names(w, st, &[])?,
            }))
        },
        complete: all_names,
    },
    Entry {
        verb: v(
            "allow",
            &[],
            "allow COMMAND...",
            "runs a command the book would refuse (phase, budget, hands, light...)",
            "allow move Ana",
            FIGHT,
        ),
        parse: allow,
        complete: nothing,
    },
    Entry {
        verb: v(
            "harm",
            &["damage"],
            "harm NAME N",
            "damage to HP, the rest to STR (no DR)",
            "harm Ana 3",
            HARM,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            Ok(g(C::Harm {
                who,
                amount: positive(w, "the damage")?,
            }))
        },
        complete: first_name,
    },
    Entry {
        verb: v(
            "drain",
            &[],
            "drain NAME str|dex|wil N",
            "loss straight to an ability (a trap's)",
            "drain Ana dex 2",
            HARM,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let ability: Ability = read::ability(w)?;
            Ok(g(C::Drain {
                who,
                ability,
                amount: positive(w, "the loss")?,
            }))
        },
        complete: first_name,
    },
    Entry {
        verb: v(
            "heal",
            &[],
            "heal NAME N",
            "HP back by the judge's word, up to the maximum",
            "heal Ana 2",
            HARM,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            Ok(g(C::Heal {
                who,
                amount: positive(w, "the HP")?,
            }))
        },
        complete: first_name,
    },
    Entry {
        verb: v(
            "rest",
            &[],
            "rest short|long|full [NAME...]",
            "a short rest (a turn), a long rest (a night, a ration each) or a full rest (a week in town)",
            "rest short",
            HARM,
        ),
        parse: rest_verb,
        complete: |t, st| {
            if t.args.is_empty() {
                words(&["short", "long", "full"])
            } else {
                all_names(t, st)
            }
        },
    },
    Entry {
        verb: v(
            "learn",
            &[],
            "learn NAME SPELL [book|scroll] [level N]",
            "gives a spellbook or a scroll",
            "learn Ana sleep scroll level 2",
            MAGIC,
        ),
        parse: learn,
        complete: first_name,
    },
    Entry {
        verb: v(
            "cast",
            &[],
            "cast NAME ITEM [on NAME...] [enhanced] [safe|danger]",
            "casts from a spell item: declared in phase 1, landing in phase 5 in a fight",
            "cast Ana sleep on Gob Orc",
            MAGIC,
        ),
        parse: cast,
        complete: first_name,
    },
    Entry {
        verb: v(
            "land",
            &[],
            "land NAME",
            "the declared spell takes effect (phase 5)",
            "land Ana",
            MAGIC,
        ),
        parse: |w, st| Ok(g(C::Land { who: who(w, st)? })),
        complete: first_name,
    },
    Entry {
        verb: v(
            "counter",
            &[],
            "counter NAME ITEM against NAME shield NAME...",
            "spends a spell item to shield up to its level in persons from a waiting spell",
            "counter Ana 1 against Shaman shield Bo",
            MAGIC,
        ),
        parse: counter,
        complete: all_names,
    },
    Entry {
        verb: v(
            "augury",
            &[],
            "augury NAME [blood]",
            "one augury question: a secret d6, or a sure truth for 1d6 of blood",
            "augury Ana",
            MAGIC,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            Ok(g(C::Augury {
                who,
                blood: w.eat(&["blood"]),
            }))
        },
        complete: first_name,
    },
    Entry {
        verb: v(
            "turn",
            &[],
            "turn move|search|wait|door NAME listen|force|pick|burst|WHAT",
            "a dungeon turn's action; the turn ends with its event die",
            "turn door Ana force",
            WORLD,
        ),
        parse: turn,
        complete: |t, _| {
            if t.args.is_empty() {
                words(&["move", "search", "wait", "door"])
            } else {
                Vec::new()
            }
        },
    },
    Entry {
        verb: v(
            "forget",
            &[],
            "forget clue",
            "forgets the stored clue and its encounter",
            "forget clue",
            WORLD,
        ),
        parse: |w, _| {
            w.eat(&["clue"]);
            Ok(g(C::ForgetClue))
        },
        complete: nothing,
    },
    Entry {
        verb: v(
            "noise",
            &[],
            "noise",
            "excessive noise: one more event die",
            "noise",
            WORLD,
        ),
        parse: |_, _| Ok(g(C::Noise)),
        complete: nothing,
    },
    Entry {
        verb: v(
            "trap",
            &[],
            "trap NAME [disarm]",
            "a DEX save against a trap, or to disarm it",
            "trap Bo disarm",
            WORLD,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            Ok(g(C::Trap {
                who,
                disarm: w.eat(&["disarm"]),
            }))
        },
        complete: first_name,
    },
    Entry {
        verb: v(
            "delve",
            &[],
            "delve on|off",
            "enters or leaves the dungeon (leaving uses up the light)",
            "delve on",
            WORLD,
        ),
        parse: |w, _| {
            Ok(g(C::Delve {
                on: w.yes_no("on or off")?,
            }))
        },
        complete: |_, _| words(&["on", "off"]),
    },
    Entry {
        verb: v(
            "light",
            &[],
            "light NAME N",
            "marks a delve unit as the party's light",
            "light Ana 2",
            WORLD,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            Ok(g(C::Light {
                who,
                unit: nth(w, "the unit's number")?,
            }))
        },
        complete: first_name,
    },
    Entry {
        verb: v(
            "table",
            &[],
            "table NAME ENTRY ENTRY...",
            "a wandering table, rolled with a die of its length",
            "table crypt ghouls rats \"giant bats\"",
            WORLD,
        ),
        parse: table,
        complete: nothing,
    },
    Entry {
        verb: v(
            "area",
            &[],
            "area TABLE",
            "the table the party's area rolls on",
            "area crypt",
            WORLD,
        ),
        parse: area,
        complete: |_, st| st.world.tables.iter().map(|t| t.name.clone()).collect(),
    },
    Entry {
        verb: v(
            "watch",
            &[],
            "watch travel|explore|march|camp|idle [NAME...]",
            "a wilderness watch's group action; it ends with its event die",
            "watch travel",
            WORLD,
        ),
        parse: watch,
        complete: |t, st| {
            if t.args.is_empty() {
                words(&["travel", "explore", "march", "camp", "idle"])
            } else {
                all_names(t, st)
            }
        },
    },
    Entry {
        verb: v(
            "season",
            &[],
            "season spring|summer|fall|winter",
            "sets the season (daylight watches)",
            "season winter",
            WORLD,
        ),
        parse: season,
        complete: |_, _| words(&["spring", "summer", "fall", "winter"]),
    },
    Entry {
        verb: v(
            "weather",
            &[],
            "weather N | weather name N WORDS",
            "sets the weather step 1-5, or renames a step",
            "weather 4",
            WORLD,
        ),
        parse: weather,
        complete: nothing,
    },
    Entry {
        verb: v(
            "set",
            &[],
            "set NAME str|dex|wil|hp N [max M]",
            "sets a score directly; the maximum stays unless given, and a score above it is refused",
            "set Ana hp 3",
            JUDGE,
        ),
        parse: set,
        complete: first_name,
    },
    Entry {
        verb: v(
            "flag",
            &[],
            "flag NAME dead|critical|aided|out|nohp|fled|unfed|undead|intelligent|face|leader [on|off]",
            "sets or clears a state",
            "flag Ana face",
            JUDGE,
        ),
        parse: flag,
        complete: first_name,
    },
    Entry {
        verb: v(
            "mark",
            &[],
            "mark NAME WORDS [for N turns]",
            "a mark on the sheet (blessed, hasted, slowed, asleep, held, windbarrier, or any words)",
            "mark Gob tripped for 1 turn",
            JUDGE,
        ),
        parse: mark,
        complete: first_name,
    },
    Entry {
        verb: v(
            "unmark",
            &[],
            "unmark NAME N",
            "removes a mark",
            "unmark Gob 1",
            JUDGE,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            Ok(g(C::Unmark {
                who,
                mark: nth(w, "the mark's number")?,
            }))
        },
        complete: first_name,
    },
    Entry {
        verb: v(
            "injure",
            &[],
            "injure NAME scars|eye|brokenarm|brokenleg|lostarm|lostleg [left|right]",
            "writes a grievous wound on the sheet",
            "injure Bo brokenarm right",
            JUDGE,
        ),
        parse: injure,
        complete: first_name,
    },
    Entry {
        verb: v(
            "mend",
            &[],
            "mend NAME",
            "heals every grievous wound",
            "mend Bo",
            JUDGE,
        ),
        parse: |w, st| Ok(g(C::Mend { who: who(w, st)? })),
        complete: first_name,
    },
    Entry {
        verb: v(
            "reaction",
            &[],
            "reaction NAME hostile|negative|uncertain|positive|enthusiastic|infatuated|unknown",
            "sets a disposition",
            "reaction Gob positive",
            JUDGE,
        ),
        parse: reaction,
        complete: first_name,
    },
    Entry {
        verb: v(
            "group",
            &[],
            "group NAME GROUP|none",
            "puts a creature in a morale group",
            "group Gob goblins",
            JUDGE,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let t = w.next("a group's name or none")?;
            let group = if is(&t, &["none"]) {
                None
            } else {
                Some(t.text)
            };
            Ok(g(C::Group { who, group }))
        },
        complete: first_name,
    },
];

/// Words a judge may reach for that this ruleset says with another verb, and that verb: the
/// palette's "did you mean" offers it first.
pub(crate) const SYNONYMS: &[(&str, &str)] = &[("hurt", "harm"), ("cure", "heal")];
