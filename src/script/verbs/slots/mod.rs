//! The slot system's verbs (rule file 000): characters and their sheets, rolls and the judge's
//! answers, wounds and conditions, the scene's zones, time and combat. Each verb reads its words
//! through [`P`], a cursor that knows the slot state, so names resolve to ids and slot numbers
//! are checked against the right sheet while the column of the offending word is still at hand.

mod complete;
mod read;
pub(crate) mod write;

use self::complete::*;
use self::read::{P, status_flag, time_of_day};
use super::{Entry, Help, alike, nothing, v};
use crate::rules::slots::{self, Command as C, Sense, State, Verdict, Wound};
use crate::script::words::is;
use crate::script::{Line, ScriptError};
use crate::session::Command;

const SHEETS: &str = "Characters and sheets";
const ROLLS: &str = "Rolls and the judge's answers";
const HARM: &str = "Wounds and conditions";
const ZONES: &str = "Scene and zones";
const TIME: &str = "Time and exploration";
const COMBAT: &str = "Combat";

/// What `help commands` says around the slot system's verbs.
pub(crate) const HELP: Help = Help {
    groups: &[SHEETS, ROLLS, HARM, ZONES, TIME, COMBAT],
    intro: "One command per line. Names of characters and zones ignore case and may be shortened \
         while they stay unique;\nquote names with spaces (\"Goblin 1\") or run them together \
         (goblin1). Slots are numbers. # starts a comment.\n",
    notes: "\nItem properties for `put`: heavy light noisy smelly rigid flammable bundled protective \
         lightsource food water warm;\narmor: heavyarmor lightarmor shield; weapons: small|medium|bulky \
         with melee|thrown|bow; worn on: head torso legs arms grip;\n`plain` for an item with no \
         properties at all.\n",
};

/// A slot-system command as a line.
fn g(c: slots::Command) -> Line {
    Line::Command(Command::from(c))
}

alike::alike!(State => C: accept, cancel);

/// Every verb of the slot system, in the order help lists them.
pub(crate) const VERBS: &[Entry<State>] = &[
    Entry {
        verb: v(
            "add",
            &["pc"],
            "add NAME [players|opponents] [kit KIT]",
            "a new character on a human sheet, carrying a starting kit if one is named",
            "add Aria kit fighter",
            SHEETS,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok(g(p.add()?))
        },
        complete: complete_add,
    },
    Entry {
        verb: v(
            "creature",
            &["spawn", "monster"],
            "creature KIND [players|opponents] [named NAME]",
            "a creature from the bestiary (opponents unless told), numbered when there are several and not named",
            "creature goblin named Snag",
            SHEETS,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok(g(p.creature()?))
        },
        complete: complete_creature,
    },
    Entry {
        verb: v(
            "remove",
            &[],
            "remove NAME",
            "takes a character out of the session",
            "remove goblin2",
            SHEETS,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok(g(C::RemoveCharacter { who: p.who()? }))
        },
        complete: complete_remove,
    },
    Entry {
        verb: v(
            "rename",
            &[],
            "rename NAME NEW NAME",
            "gives a character another name",
            "rename goblin1 Snag",
            SHEETS,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok({
                let who = p.who()?;
                let name = p.rest_text("the new name")?;
                g(C::RenameCharacter { who, name })
            })
        },
        complete: complete_remove,
    },
    Entry {
        verb: v(
            "side",
            &[],
            "side NAME players|opponents",
            "moves a character to the other side",
            "side Snag players",
            SHEETS,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok({
                let who = p.who()?;
                g(C::SetSide {
                    who,
                    side: p.side()?,
                })
            })
        },
        complete: complete_side,
    },
    Entry {
        verb: v(
            "put",
            &["give"],
            "put NAME SLOT ITEM [PROPERTY...]",
            "puts an item in a slot: a library item by name, or a new one described by its properties",
            "put Aria 10 \"odd idol\" rigid heavy",
            SHEETS,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok({
                let c = p.character()?;
                let slot = p.slot(c)?;
                let item = p.item()?;
                g(C::PutItem {
                    who: c.id,
                    slot,
                    item: item.into(),
                })
            })
        },
        complete: complete_put,
    },
    Entry {
        verb: v(
            "move",
            &["mv"],
            "move NAME FROM TO",
            "moves an item to another slot, swapping it with whatever is there",
            "move Aria 9 6",
            SHEETS,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok({
                let c = p.character()?;
                let from = p.slot(c)?;
                let to = p.slot(c)?;
                g(C::MoveItem {
                    who: c.id,
                    from,
                    to,
                })
            })
        },
        complete: complete_move,
    },
    Entry {
        verb: v(
            "take",
            &["discard"],
            "take NAME SLOT",
            "takes the item out of a slot",
            "take Aria 11",
            SHEETS,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok({
                let c = p.character()?;
                g(C::RemoveItem {
                    who: c.id,
                    slot: p.slot(c)?,
                })
            })
        },
        complete: complete_take,
    },
    Entry {
        verb: v(
            "twohands",
            &["2h"],
            "twohands NAME SLOT [off]",
            "holds the grip weapon in SLOT with both hands, or lets go with one",
            "twohands Aria 6",
            SHEETS,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            let (who, slot, on) = p.slot_switch()?;
            Ok(g(C::TwoHands { who, slot, on }))
        },
        complete: complete_twohands,
    },
    Entry {
        verb: v(
            "drop",
            &[],
            "drop NAME",
            "drops the backpack: its slots count as empty until it is back on",
            "drop Bram",
            SHEETS,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok(g(C::DropBackpack { who: p.who()? }))
        },
        complete: complete_remove,
    },
    Entry {
        verb: v(
            "shoulder",
            &[],
            "shoulder NAME",
            "puts the backpack back on",
            "shoulder Bram",
            SHEETS,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok(g(C::ShoulderBackpack { who: p.who()? }))
        },
        complete: complete_remove,
    },
    Entry {
        verb: v(
            "check",
            &["c"],
            "check NAME [terrain|stealth|corruption] [hearing] [smell] [sight SLOTS] [noise] [dim] [adv|dis]...",
            "rolls a check; sense words make it a stealth check (hearing if none is named)",
            "check Aria terrain adv",
            ROLLS,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok({
                let c = p.character()?;
                let (kind, edge) = p.check_options(&[c], true)?;
                g(C::Check {
                    who: c.id,
                    kind,
                    edge,
                })
            })
        },
        complete: complete_check,
    },
    Entry {
        verb: v(
            "fall",
            &[],
            "fall NAME FEET",
            "a fall: one check per full 10 feet, a wound on each body slot rolled",
            "fall Bram 20",
            ROLLS,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok({
                let who = p.who()?;
                let token = p.next("the height of the fall in feet")?;
                let digits = token
                    .text
                    .trim_end_matches(|c: char| c.is_ascii_alphabetic() || c == '\'');
                let feet: u16 = digits.parse().map_err(|_| {
                    ScriptError::at(
                        token.column,
                        format!("expected the height in feet (20), found '{}'", token.text),
                    )
                })?;
                g(C::Fall { who, feet })
            })
        },
        complete: complete_fall,
    },
    Entry {
        verb: v(
            "group",
            &[],
            "group NAME NAME... [terrain|stealth ...]",
            "a group check: everyone rolls at once, then dice may be swapped (players = the whole side)",
            "group players stealth smell",
            ROLLS,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok(g(p.group()?))
        },
        complete: complete_group,
    },
    Entry {
        verb: v(
            "attack",
            &["a", "hit"],
            "attack ATTACKER TARGET [melee|grab|missile|blast] [with SLOT|ITEM] [parry|evade] [aimed] [slots N] [counter] [dual] [adv|dis]...",
            "an attack (melee unless told); the weapon in a grip is found when not named",
            "attack Aria goblin1 melee with 6 parry",
            ROLLS,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok(g(p.attack()?))
        },
        complete: complete_attack,
    },
    Entry {
        verb: v(
            "pick",
            &[],
            "pick N",
            "picks another die of the roll waiting for the judge (1 is the first shown)",
            "pick 2",
            ROLLS,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok({
                let token = p.next("the number of the die (1 is the first)")?;
                let die = token
                    .text
                    .parse::<usize>()
                    .ok()
                    .filter(|n| *n >= 1)
                    .ok_or_else(|| {
                        ScriptError::at(
                            token.column,
                            format!(
                                "expected the number of a die, 1 for the first, found '{}'",
                                token.text
                            ),
                        )
                    })?;
                g(C::Pick { die: die - 1 })
            })
        },
        complete: complete_pick,
    },
    Entry {
        verb: v(
            "swap",
            &[],
            "swap NAME NAME",
            "swaps two group members' dice before the group check is read",
            "swap Aria Bram",
            ROLLS,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok({
                let a = p.who()?;
                let b = p.who()?;
                g(C::SwapDice { a, b })
            })
        },
        complete: complete_swap,
    },
    Entry {
        verb: v(
            "override",
            &["rule"],
            "override pass|fail",
            "overrides the verdict of the roll waiting for the judge",
            "override pass",
            ROLLS,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok({
                let token = p.next("pass or fail")?;
                let verdict = if is(&token, &["pass", "passes", "success", "yes"]) {
                    Verdict::Pass
                } else if is(&token, &["fail", "fails", "failure", "no"]) {
                    Verdict::Fail
                } else {
                    return Err(ScriptError::at(
                        token.column,
                        format!("expected pass or fail, found '{}'", token.text),
                    ));
                };
                g(C::Override { verdict })
            })
        },
        complete: complete_override,
    },
    alike::accept(
        &["ok", "y"],
        "accepts the roll or decision waiting for the judge as it stands",
        ROLLS,
    ),
    Entry {
        verb: v(
            "slot",
            &["choose"],
            "slot N",
            "answers the question waiting for the judge with a slot",
            "slot 3",
            ROLLS,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok({
                let slot = p.number("a slot number")?;
                g(C::ChooseSlot { slot })
            })
        },
        complete: complete_slot,
    },
    Entry {
        verb: v(
            "blocks",
            &[],
            "blocks yes|no",
            "rules whether an improvised item (a door, a table) stops the attack",
            "blocks no",
            ROLLS,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok(g(C::RuleBlocks {
                blocks: p.yes_no("yes or no")?,
            }))
        },
        complete: complete_blocks,
    },
    alike::cancel(ROLLS),
    Entry {
        verb: v(
            "wound",
            &[],
            "wound NAME SLOT [open|treated]",
            "deals a wound by hand (open unless told)",
            "wound Aria 3 open",
            HARM,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok({
                let c = p.character()?;
                let slot = p.slot(c)?;
                let wound = if p.eat(&["treated", "t"]) {
                    Wound::Treated
                } else if p.eat(&["open", "o"]) || p.at_end() {
                    Wound::Open
                } else {
                    let t = p.next("open or treated")?;
                    return Err(ScriptError::at(
                        t.column,
                        format!("expected open or treated, found '{}'", t.text),
                    ));
                };
                g(C::Wound {
                    who: c.id,
                    slot,
                    wound,
                })
            })
        },
        complete: complete_wound,
    },
    Entry {
        verb: v(
            "treat",
            &[],
            "treat NAME SLOT",
            "treats an open wound: it stops bleeding but stays",
            "treat Aria 3",
            HARM,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok({
                let c = p.character()?;
                g(C::Treat {
                    who: c.id,
                    slot: p.slot(c)?,
                })
            })
        },
        complete: complete_take,
    },
    Entry {
        verb: v(
            "heal",
            &[],
            "heal NAME SLOT",
            "heals the wound in a slot completely",
            "heal Aria 3",
            HARM,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok({
                let c = p.character()?;
                g(C::Heal {
                    who: c.id,
                    slot: p.slot(c)?,
                })
            })
        },
        complete: complete_take,
    },
    Entry {
        verb: v(
            "mark",
            &[],
            "mark NAME SLOT A|B|C|E|F|H|M|fatigue",
            "marks a condition letter (or fatigue) in a slot",
            "mark Aria 2 B",
            HARM,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok(g(p.mark()?))
        },
        complete: complete_mark,
    },
    Entry {
        verb: v(
            "worsen",
            &[],
            "worsen NAME LETTER",
            "worsens a condition: one more slot is marked",
            "worsen Cole E",
            HARM,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok({
                let who = p.who()?;
                g(C::Worsen {
                    who,
                    condition: p.condition()?,
                })
            })
        },
        complete: complete_worsen,
    },
    Entry {
        verb: v(
            "clear",
            &[],
            "clear NAME LETTER|fatigue [SLOT]",
            "clears a letter from one slot, or from every slot when none is named",
            "clear Aria B 2",
            HARM,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok(g(p.clear()?))
        },
        complete: complete_clear,
    },
    Entry {
        verb: v(
            "fatigue",
            &[],
            "fatigue NAME SLOT [off]",
            "sets or clears a fatigue mark",
            "fatigue Bram 4",
            HARM,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            let (who, slot, on) = p.slot_switch()?;
            Ok(g(C::SetFatigue { who, slot, on }))
        },
        complete: complete_twohands,
    },
    Entry {
        verb: v(
            "ignite",
            &["burn"],
            "ignite NAME SLOT",
            "sets the flammable item in a slot on fire",
            "ignite Dessa 3",
            HARM,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok({
                let c = p.character()?;
                g(C::Ignite {
                    who: c.id,
                    slot: p.slot(c)?,
                })
            })
        },
        complete: complete_take,
    },
    Entry {
        verb: v(
            "roll",
            &[],
            "roll NAME",
            "the character rolls on the ground to put out flames (a whole turn); with dice \
             instead of a name, a free roll (roll 2d6 for reaction); roll on TABLE rolls on \
             one of your own tables",
            "roll Dessa",
            HARM,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            let token = p.next("the name of a burning character, or dice")?;
            match p.resolve_character(&token) {
                Ok(who) => Ok(g(C::RollOnGround { who: who.id })),
                // Not a name but dice: the frame's free roll, logged like any roll.
                Err(_) if crate::dice::DiceExpr::parse(&token.text).is_ok() => {
                    super::free_roll(p, token)
                }
                Err(_) if crate::script::words::is(&token, &["on"]) => super::table_roll(p),
                Err(e) => Err(e),
            }
        },
        complete: complete_remove,
    },
    Entry {
        verb: v(
            "douse",
            &["smother"],
            "douse NAME",
            "puts out every flame on a character",
            "douse Dessa",
            HARM,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok(g(C::Douse { who: p.who()? }))
        },
        complete: complete_remove,
    },
    Entry {
        verb: v(
            "suffocate",
            &[],
            "suffocate NAME [off]",
            "the character cannot breathe (off: air again, which clears every A)",
            "suffocate Cole",
            HARM,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok({
                let who = p.who()?;
                g(C::Suffocate {
                    who,
                    on: p.on_off()?,
                })
            })
        },
        complete: complete_suffocate,
    },
    Entry {
        verb: v(
            "cold",
            &[],
            "cold NAME [off]",
            "the character is exposed to bitter cold, or no longer",
            "cold Bram",
            HARM,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok({
                let who = p.who()?;
                g(C::Cold {
                    who,
                    on: p.on_off()?,
                })
            })
        },
        complete: complete_suffocate,
    },
    Entry {
        verb: v(
            "warm",
            &[],
            "warm NAME [off]",
            "the character is being warmed: one H goes each try",
            "warm Bram",
            HARM,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok({
                let who = p.who()?;
                g(C::Warm {
                    who,
                    on: p.on_off()?,
                })
            })
        },
        complete: complete_suffocate,
    },
    Entry {
        verb: v(
            "starve",
            &[],
            "starve NAME",
            "a week without enough food or a day without enough drink",
            "starve Cole",
            HARM,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok(g(C::Starve { who: p.who()? }))
        },
        complete: complete_remove,
    },
    Entry {
        verb: v(
            "status",
            &[],
            "status NAME prone|restrained|immobilized|unconscious|dead|evil|cringe [off]",
            "sets or clears a status by hand",
            "status Bram prone",
            HARM,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok({
                let who = p.who()?;
                let token = p.next("a status")?;
                let flag = status_flag(&token).ok_or_else(|| {
                    ScriptError::at(
                        token.column,
                        format!(
                            "expected a status (prone, restrained, immobilized, unconscious, \
                             dead, evil or cringe), found '{}'",
                            token.text
                        ),
                    )
                })?;
                g(C::SetStatus {
                    who,
                    flag,
                    on: p.on_off()?,
                })
            })
        },
        complete: complete_status,
    },
    Entry {
        verb: v(
            "scene",
            &[],
            "scene NAME",
            "starts a new scene with no zones",
            "scene Old Mill",
            ZONES,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok(g(C::NewScene {
                name: p.rest_text("the scene's name")?,
            }))
        },
        complete: nothing,
    },
    Entry {
        verb: v(
            "zone",
            &[],
            "zone NAME [cover]",
            "adds a zone to the scene, with cover to hide behind if told",
            "zone Mill floor cover",
            ZONES,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok({
                let name = p.text_until("the zone's name", |t| is(t, &["cover"]))?;
                let cover = p.eat(&["cover"]);
                g(C::AddZone { name, cover })
            })
        },
        complete: complete_zone,
    },
    Entry {
        verb: v(
            "unzone",
            &[],
            "unzone ZONE",
            "removes a zone from the scene",
            "unzone Loft",
            ZONES,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok(g(C::RemoveZone { zone: p.zone()? }))
        },
        complete: complete_unzone,
    },
    Entry {
        verb: v(
            "link",
            &[],
            "link ZONE ZONE | link NAME new",
            "makes two zones adjacent (near each other); `link NAME new` makes a player \
             character's page link anew (the old one stops opening it at once)",
            "link Yard \"Mill floor\"",
            ZONES,
        ),
        parse: |w, st| {
            // `link NAME new`, unless the words name two zones (one called New).
            let mut relinked = None;
            if w.tokens
                .last()
                .is_some_and(|t| !t.quoted && is(t, &["new"]))
            {
                use crate::rules::Ruleset as _;
                let at = w.pos;
                match super::relink(w, &slots::Slots::roster(st)) {
                    Ok(line) => return Ok(line),
                    Err(e) => relinked = Some(e),
                }
                w.pos = at;
            }
            let p = &mut P::new(w, st);
            match p.two_zones() {
                Ok((a, b)) => Ok(g(C::Link { a, b })),
                Err(e) => Err(relinked.unwrap_or(e)),
            }
        },
        complete: complete_link,
    },
    Entry {
        verb: v(
            "unlink",
            &[],
            "unlink ZONE ZONE",
            "makes two zones no longer adjacent",
            "unlink Yard Pond",
            ZONES,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            let (a, b) = p.two_zones()?;
            Ok(g(C::Unlink { a, b }))
        },
        complete: complete_link,
    },
    Entry {
        verb: v(
            "hide",
            &[],
            "hide ZONE ZONE",
            "the two zones are out of each other's sight",
            "hide Yard Cellar",
            ZONES,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            let (a, b) = p.two_zones()?;
            Ok(g(C::Hide { a, b, hidden: true }))
        },
        complete: complete_link,
    },
    Entry {
        verb: v(
            "unhide",
            &[],
            "unhide ZONE ZONE",
            "the two zones are in sight of each other again",
            "unhide Yard Cellar",
            ZONES,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            let (a, b) = p.two_zones()?;
            Ok(g(C::Hide {
                a,
                b,
                hidden: false,
            }))
        },
        complete: complete_link,
    },
    Entry {
        verb: v(
            "place",
            &["go"],
            "place NAME ZONE|nowhere",
            "puts a character in a zone (nowhere: off the map)",
            "place Aria Yard",
            ZONES,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok({
                let who = p.who()?;
                let zone = if p.eat(&["nowhere", "none", "off"]) {
                    None
                } else {
                    Some(p.zone()?)
                };
                g(C::Place { who, zone })
            })
        },
        complete: complete_place,
    },
    Entry {
        verb: v(
            "task",
            &[],
            "task LABEL [TRYS] [sound] [light] [smell] [magic] [other:SENSE]",
            "spends trys on a task and rolls the encounter dice; each sense alerted adds a face",
            "task search 1 sound",
            TIME,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok({
                let label = p.next("what the task is (search, converse...)")?.text;
                let trys = match p.peek() {
                    Some(t) if !t.quoted && t.text.bytes().all(|b| b.is_ascii_digit()) => {
                        p.number("how many trys")?
                    }
                    _ => 1,
                };
                let senses = p.senses(false)?.1;
                g(C::Task {
                    label: label.into(),
                    trys,
                    senses: senses.into(),
                })
            })
        },
        complete: complete_task,
    },
    Entry {
        verb: v(
            "rest",
            &[],
            "rest [fed] [sound] [light] [smell] [magic]",
            "a 30-minute rest (5 trys); fed means with food and water",
            "rest fed",
            TIME,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok({
                let (fed, senses) = p.senses(true)?;
                g(C::Rest { fed, senses })
            })
        },
        complete: complete_rest,
    },
    Entry {
        verb: v(
            "travel",
            &[],
            "travel WATCHES",
            "travels for a number of watches",
            "travel 2",
            TIME,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok(g(C::Travel {
                watches: p.number("how many watches")?,
            }))
        },
        complete: nothing,
    },
    Entry {
        verb: v("days", &[], "days N", "lets days pass", "days 3", TIME),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok(g(C::PassDays {
                days: p.number("how many days")?,
            }))
        },
        complete: nothing,
    },
    Entry {
        verb: v(
            "dark",
            &[],
            "dark [off]",
            "the party is in the dark (only those with their own light work together), or no longer",
            "dark",
            TIME,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok(g(C::SetDark { dark: p.on_off()? }))
        },
        complete: complete_dark,
    },
    Entry {
        verb: v(
            "time",
            &["clock"],
            "time HH:MM",
            "sets the time of day from now on (the trys already spent stay counted)",
            "time 21:30",
            TIME,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok({
                let token = p.next("a time of day (21:30)")?;
                let (hour, minute) = time_of_day(&token.text).ok_or_else(|| {
                    ScriptError::at(
                        token.column,
                        format!(
                            "expected a time of day from 00:00 to 23:59 (21:30, or 21), found '{}'",
                            token.text
                        ),
                    )
                })?;
                g(C::SetTimeOfDay { hour, minute })
            })
        },
        complete: nothing,
    },
    Entry {
        verb: v(
            "fight",
            &["combat"],
            "fight players|opponents [surprise [SIDE]] [all | with NAME...]",
            "starts a combat: the side named strikes first; the other side is surprised if told. \
             It takes the party and the creatures the players see in or next to the party's \
             zones, everyone with `all`, or those named after `with`",
            "fight players surprise opponents",
            COMBAT,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok({
                let initiator = p.side()?;
                let names_next = |p: &P| {
                    p.peek()
                        .is_some_and(|t| is(t, &["all", "everyone", "with"]))
                };
                let surprised = if p.eat(&["surprise", "surprised", "surprising"]) {
                    if p.at_end() || names_next(p) {
                        Some(initiator.other())
                    } else {
                        Some(p.side()?)
                    }
                } else {
                    None
                };
                let fighters = if p.eat(&["all", "everyone"]) {
                    Some(st.characters.iter().map(|c| c.id).collect())
                } else if p.eat(&["with"]) {
                    let mut who = vec![p.who()?];
                    while !p.at_end() {
                        who.push(p.who()?);
                    }
                    Some(who)
                } else {
                    None
                };
                g(C::StartCombat {
                    initiator,
                    surprised,
                    fighters,
                })
            })
        },
        complete: complete_fight,
    },
    Entry {
        verb: v(
            "join",
            &[],
            "join NAME",
            "brings someone the fight left aside into it: they take turns from now on",
            "join goblin1",
            COMBAT,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok(g(C::JoinCombat { who: p.who()? }))
        },
        complete: complete_remove,
    },
    Entry {
        verb: v(
            "turn",
            &["t"],
            "turn NAME",
            "starts this character's turn (their side must hold the initiative)",
            "turn Aria",
            COMBAT,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok(g(C::StartTurn { who: p.who()? }))
        },
        complete: complete_remove,
    },
    Entry {
        verb: v(
            "setup",
            &[],
            "setup WHAT",
            "announces the setup before the action (move, draw, aim...)",
            "setup runs to the loft ladder",
            COMBAT,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok(g(C::Setup {
                what: p.rest_text("what the setup is (moves, draws a dagger...)")?,
            }))
        },
        complete: nothing,
    },
    Entry {
        verb: v(
            "interrupt",
            &[],
            "interrupt NAME",
            "someone of the other side who has not acted interrupts the setup",
            "interrupt goblin1",
            COMBAT,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok(g(C::Interrupt { who: p.who()? }))
        },
        complete: complete_remove,
    },
    Entry {
        verb: v(
            "stopped",
            &[],
            "stopped yes|no",
            "rules the interruption: did it hurt or stop the actor?",
            "stopped no",
            COMBAT,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok(g(C::InterruptResult {
                stopped: p.yes_no("yes or no")?,
            }))
        },
        complete: complete_blocks,
    },
    Entry {
        verb: v(
            "end",
            &["e", "done"],
            "end [fight [quiet|SENSES]]",
            "ends the current turn; `end fight` ends the combat, which took a try and alerted sound unless told",
            "end",
            COMBAT,
        ),
        parse: |w, st| {
            let p = &mut P::new(w, st);
            Ok({
                if p.eat(&["fight", "combat", "battle"]) {
                    // A fight is loud unless the judge says otherwise (R30: one sense).
                    let senses = if p.eat(&["quiet", "silent"]) {
                        Vec::new()
                    } else if p.at_end() {
                        vec![Sense::Sound]
                    } else {
                        p.senses(false)?.1
                    };
                    g(C::EndCombat { senses })
                } else {
                    p.eat(&["turn"]);
                    g(C::EndTurn)
                }
            })
        },
        complete: complete_end,
    },
];

/// Words a judge may reach for that this ruleset says with another verb, and that verb: the
/// palette's "did you mean" offers it first.
pub(crate) const SYNONYMS: &[(&str, &str)] = &[
    ("hurt", "wound"),
    ("damage", "wound"),
    ("harm", "wound"),
    ("next", "turn"),
];
