//! Ruleset `bdp`'s verbs (*Block, Dodge, Parry*, rule file 001): sheets and slots, saves,
//! contests, tasks and the Die of Fate, damage and wounds, needs and the dawn, the turn list.
//! Slot numbers are typed from 1.

use super::{Entry, Help, Typed, nothing, v};
use crate::content::find_by_name;
use crate::dice::Edge;
use crate::rules::GameCommand;
use crate::rules::bdp::{
    Ability, Amount, Area, Certainty, Command as C, Hand, Hazard, Illness, Item, Kind, Level, Meal,
    NewSheet, Rarity, Reason, Recipe, Region, Rest, Stat, State, Target,
};
use crate::script::lexer::Token;
use crate::script::words::{R, Words, is, lookup_err};
use crate::script::{Line, ScriptError};
use crate::session::Command;

const SHEETS: &str = "Sheets and slots";
const ROLLS: &str = "Saves, tasks and the judge's answers";
const HARM: &str = "Damage, wounds and Fatigue";
const DAYS: &str = "Needs, rest, disease and recovery";
const FIGHT: &str = "The turn list and time";

pub(crate) const HELP: Help = Help {
    groups: &[SHEETS, ROLLS, HARM, DAYS, FIGHT],
    intro: "One command per line. Names ignore case and may be shortened while they stay \
            unique; quote names with spaces; slots are numbered from 1. # starts a comment.\n",
    notes: "\nBlock, Dodge, Parry by Lars Huijbregts, CC BY-SA 4.0 \
            (https://creativecommons.org/licenses/by-sa/4.0/); its tables are adapted here.\n",
};

fn g(c: C) -> Line {
    Line::Command(Command::Game(GameCommand::Bdp(c)))
}

fn err<T>(t: &Token, what: &str) -> R<T> {
    Err(ScriptError::at(
        t.column,
        format!("expected {what}, found '{}'", t.text),
    ))
}

fn who(w: &mut Words<'_>, st: &State) -> R<u32> {
    let token = w.next("a character's name")?;
    find_by_name(&st.characters, |c| &c.name, &token.text, "character")
        .map(|c| c.id)
        .map_err(|e| lookup_err(&token, e))
}

fn ability_of(t: &Token) -> Option<Ability> {
    [
        ("str", Ability::Str),
        ("dex", Ability::Dex),
        ("wil", Ability::Wil),
    ]
    .into_iter()
    .find(|(k, _)| is(t, &[k]))
    .map(|(_, a)| a)
}

fn ability(w: &mut Words<'_>) -> R<Ability> {
    let t = w.next("str, dex or wil")?;
    ability_of(&t).map_or_else(|| err(&t, "str, dex or wil"), Ok)
}

fn slot(w: &mut Words<'_>) -> R<usize> {
    let column = w.peek().map_or(w.eol, |t| t.column);
    let n: usize = w.number("a slot number")?;
    if n == 0 {
        return Err(ScriptError::at(column, "slots are numbered from 1"));
    }
    Ok(n - 1)
}

fn edge(w: &mut Words<'_>) -> Edge {
    if w.eat(&["adv", "advantage"]) {
        Edge::advantage(1)
    } else if w.eat(&["dis", "disadvantage"]) {
        Edge::disadvantage(1)
    } else {
        Edge::NONE
    }
}

fn text(w: &mut Words<'_>) -> R<String> {
    if w.at_end() {
        Ok(String::new())
    } else {
        w.rest_text("text")
    }
}

/// "5" (flat) or "2d6".
fn amount(w: &mut Words<'_>) -> R<Amount> {
    let t = w.next("an amount: 3 or 2d6")?;
    let s = t.text.to_ascii_lowercase();
    let parsed = match s.split_once('d') {
        Some((n, d)) => {
            let n = if n.is_empty() { Ok(1) } else { n.parse::<u8>() };
            n.ok()
                .zip(d.parse::<u16>().ok())
                .map(|(n, d)| Amount::dice(n, d))
        }
        None => s.parse::<u8>().ok().map(Amount::flat),
    };
    parsed.map_or_else(|| err(&t, "an amount: 3 or 2d6"), Ok)
}

fn hazard(w: &mut Words<'_>) -> R<Hazard> {
    let t = w.next("a hazard")?;
    let words = [
        "fall", "gas", "cold", "trap", "venom", "glimpse", "trueform",
    ];
    match words.iter().position(|k| is(&t, &[k])) {
        Some(i) => Ok(Hazard::ALL[i]),
        None => err(&t, "fall, gas, cold, trap, venom, glimpse or trueform"),
    }
}

fn names(_: &Typed<'_>, st: &State) -> Vec<String> {
    st.characters.iter().map(|c| c.name.clone()).collect()
}

fn first_a_name(t: &Typed<'_>, st: &State) -> Vec<String> {
    if t.args.is_empty() {
        names(t, st)
    } else {
        Vec::new()
    }
}

fn then_ability(t: &Typed<'_>, st: &State) -> Vec<String> {
    match t.args.len() {
        0 => names(t, st),
        1 => vec!["str".into(), "dex".into(), "wil".into()],
        _ => Vec::new(),
    }
}

fn who_only(f: fn(u32) -> C) -> impl Fn(&mut Words<'_>, &State) -> R<Line> {
    move |w, st| Ok(g(f(who(w, st)?)))
}

/// Every verb of ruleset bdp, in the order help lists them.
pub(crate) const VERBS: &[Entry<State>] = &[
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
    Entry {
        verb: v(
            "save",
            &["s"],
            "save NAME str|dex|wil [adv|dis] [WHY]",
            "a d20 save at or under the score (B5, B6); waits for the judge",
            "save Ana dex adv leap the pit",
            ROLLS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let ability = ability(w)?;
            let edge = edge(w);
            Ok(g(C::Save {
                who,
                ability,
                edge,
                why: text(w)?,
            }))
        },
        complete: then_ability,
    },
    Entry {
        verb: v(
            "ruling",
            &[],
            "ruling NAME str|dex|wil pass|fail [WHY]",
            "a save's result with no roll (B5)",
            "ruling Ana str pass lift the cart",
            ROLLS,
        ),
        parse: |w, st| {
            let (who, ability) = (who(w, st)?, ability(w)?);
            let t = w.next("pass or fail")?;
            let pass = if is(&t, &["pass"]) {
                true
            } else if is(&t, &["fail"]) {
                false
            } else {
                return err(&t, "pass or fail");
            };
            Ok(g(C::Ruling {
                who,
                ability,
                pass,
                why: text(w)?,
            }))
        },
        complete: then_ability,
    },
    Entry {
        verb: v(
            "contest",
            &[],
            "contest NAME ABILITY [adv|dis] NAME ABILITY [adv|dis] [WHY]",
            "both save; the higher passing face wins (B7-B9)",
            "contest Ana str Ogre str arm wrestle",
            ROLLS,
        ),
        parse: |w, st| {
            let (a, a_ability) = (who(w, st)?, ability(w)?);
            let a_edge = edge(w);
            let (b, b_ability) = (who(w, st)?, ability(w)?);
            let b_edge = edge(w);
            Ok(g(C::Contest {
                a,
                a_ability,
                a_edge,
                b,
                b_ability,
                b_edge,
                why: text(w)?,
            }))
        },
        complete: names,
    },
    Entry {
        verb: v(
            "task",
            &["tgs"],
            "task NAME impossible|sure|TICKS|auto [str|dex|wil] [rushed] WHAT",
            "Time, Gear, Skill (B10-B13); TICKS as tgs, t-s, ---",
            "task Ana tg- pick the lock",
            ROLLS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let t = w.next("impossible, sure, ticks or auto")?;
            let how = if is(&t, &["impossible"]) {
                Certainty::Impossible
            } else if is(&t, &["sure"]) {
                Certainty::Sure
            } else if is(&t, &["auto", "propose"]) {
                let ability = w.peek().and_then(ability_of);
                if ability.is_some() {
                    w.pos += 1;
                }
                let rushed = w.eat(&["rushed"]);
                Certainty::Proposed { ability, rushed }
            } else {
                let s = t.text.to_ascii_lowercase();
                if s.len() != 3 || !s.chars().all(|c| "tgs-".contains(c)) {
                    return err(&t, "impossible, sure, auto or ticks like tg-");
                }
                Certainty::InDoubt {
                    time: s.contains('t'),
                    gear: s.contains('g'),
                    skill: s.contains('s'),
                }
            };
            Ok(g(C::Task {
                who,
                how,
                what: w.rest_text("what the task is")?,
            }))
        },
        complete: |t, st| match t.args.len() {
            0 => names(t, st),
            1 => vec![
                "sure".into(),
                "impossible".into(),
                "auto".into(),
                "tgs".into(),
            ],
            _ => Vec::new(),
        },
    },
    Entry {
        verb: v(
            "fate",
            &[],
            "fate [QUESTION]",
            "the Die of Fate: a d6 answer, no sheet changes (B14)",
            "fate is the bridge guarded",
            ROLLS,
        ),
        parse: |w, _| Ok(g(C::Fate { question: text(w)? })),
        complete: nothing,
    },
    Entry {
        verb: v(
            "accept",
            &["ok"],
            "accept",
            "accepts what waits: the roll's verdict or the proposal",
            "accept",
            ROLLS,
        ),
        parse: |_, _| Ok(g(C::Accept)),
        complete: nothing,
    },
    Entry {
        verb: v(
            "rule",
            &["override"],
            "rule pass|fail",
            "rules the waiting roll a pass or a fail",
            "rule pass",
            ROLLS,
        ),
        parse: |w, _| {
            let t = w.next("pass or fail")?;
            if is(&t, &["pass"]) {
                Ok(g(C::Rule { pass: true }))
            } else if is(&t, &["fail"]) {
                Ok(g(C::Rule { pass: false }))
            } else {
                err(&t, "pass or fail")
            }
        },
        complete: |t, _| {
            if t.args.is_empty() {
                vec!["pass".into(), "fail".into()]
            } else {
                Vec::new()
            }
        },
    },
    Entry {
        verb: v(
            "choose",
            &[],
            "choose N",
            "answers the waiting question with option N",
            "choose 2",
            ROLLS,
        ),
        parse: |w, _| {
            let column = w.peek().map_or(w.eol, |t| t.column);
            let n: usize = w.number("an option number")?;
            if n == 0 {
                return Err(ScriptError::at(column, "options are numbered from 1"));
            }
            Ok(g(C::Choose { option: n - 1 }))
        },
        complete: nothing,
    },
    Entry {
        verb: v(
            "cancel",
            &[],
            "cancel",
            "drops what waits with no effect",
            "cancel",
            ROLLS,
        ),
        parse: |_, _| Ok(g(C::Cancel)),
        complete: nothing,
    },
    Entry {
        verb: v(
            "fatigue",
            &[],
            "fatigue NAME [block|dodge|spell|cost|deprivation]",
            "one Fatigue in the lowest empty slot (B15)",
            "fatigue Ana",
            HARM,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let reason = if w.eat(&["block"]) {
                Reason::Block
            } else if w.eat(&["dodge"]) {
                Reason::Dodge
            } else if w.eat(&["spell"]) {
                Reason::Spell
            } else if w.eat(&["cost"]) {
                Reason::TaskCost
            } else if w.eat(&["deprivation"]) {
                Reason::Deprivation
            } else {
                Reason::Judge
            };
            Ok(g(C::Fatigue { who, reason }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "clear",
            &[],
            "clear NAME SLOT",
            "the judge empties a slot of Fatigue or a Light or Severe wound",
            "clear Ana 4",
            HARM,
        ),
        parse: |w, st| {
            Ok(g(C::Clear {
                who: who(w, st)?,
                slot: slot(w)?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "damage",
            &["hurt"],
            "damage NAME AMOUNT [hp|str|dex|wil] [crit|nocrit] [SOURCE]",
            "damage to HP (overflow to STR) or an ability; the crit save is proposed (B20-B26)",
            "damage Ana 2d6 hp Sword",
            HARM,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let amount = amount(w)?;
            let target = if w.eat(&["hp"]) {
                Some(Target::Hp)
            } else {
                w.peek().and_then(ability_of).map(|a| {
                    w.pos += 1;
                    Target::Ability(a)
                })
            };
            let crit = if w.eat(&["crit"]) {
                Some(true)
            } else if w.eat(&["nocrit"]) {
                Some(false)
            } else {
                None
            };
            let source = text(w)?;
            let target = target.unwrap_or_else(|| crate::rules::bdp::propose_target(&source));
            Ok(g(C::Damage {
                who,
                amount,
                target,
                crit,
                source,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "hazard",
            &[],
            "hazard NAME fall|gas|cold|trap|venom|glimpse|trueform [FLOORS]",
            "a hazard preset (B24, B25)",
            "hazard Ana fall 2",
            HARM,
        ),
        parse: |w, st| {
            let (who, hazard) = (who(w, st)?, hazard(w)?);
            let floors = if w.at_end() { 1 } else { w.number("floors")? };
            Ok(g(C::Hazard {
                who,
                hazard,
                floors,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "wound",
            &[],
            "wound NAME KIND light|severe|permanent [torso|lleg|rleg|larm|rarm|head]",
            "a wound in a slot (B32)",
            "wound Ana burn light",
            HARM,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let kind = w.next("the wound's kind")?.text;
            let t = w.next("light, severe or permanent")?;
            let level = if is(&t, &["light"]) {
                Level::Light
            } else if is(&t, &["severe"]) {
                Level::Severe
            } else if is(&t, &["permanent"]) {
                Level::Permanent
            } else {
                return err(&t, "light, severe or permanent");
            };
            let areas = [
                ("torso", Area::Torso),
                ("lleg", Area::LeftLeg),
                ("rleg", Area::RightLeg),
                ("larm", Area::LeftArm),
                ("rarm", Area::RightArm),
                ("head", Area::Head),
            ];
            let area = match w.next("an area").ok() {
                None => None,
                Some(t) => match areas.into_iter().find(|(k, _)| is(&t, &[k])) {
                    Some((_, a)) => Some(a),
                    None => return err(&t, "an area"),
                },
            };
            Ok(g(C::Wound {
                who,
                kind,
                area,
                level,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "care",
            &[],
            "care NAME SLOT",
            "a week of Comfortable rest with a healer removes a Severe wound (B34)",
            "care Ana 5",
            HARM,
        ),
        parse: |w, st| {
            Ok(g(C::Care {
                who: who(w, st)?,
                slot: slot(w)?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "train",
            &[],
            "train NAME str|dex|wil",
            "trains back a point of max lost to a Permanent wound (B35)",
            "train Ana dex",
            HARM,
        ),
        parse: |w, st| {
            Ok(g(C::Train {
                who: who(w, st)?,
                ability: ability(w)?,
            }))
        },
        complete: then_ability,
    },
    Entry {
        verb: v(
            "dead",
            &[],
            "dead NAME [on|off]",
            "the judge rules a character dead, or back (B30)",
            "dead Rat",
            HARM,
        ),
        parse: |w, st| {
            Ok(g(C::Dead {
                who: who(w, st)?,
                on: w.on_off()?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "out",
            &[],
            "out NAME WORD|off [str|dex|wil]",
            "the judge rules a character out, or back in play (B26)",
            "out Ana off",
            HARM,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let t = w.next("a word or off")?;
            let word = if is(&t, &["off", "back"]) {
                None
            } else {
                Some(t.text)
            };
            let ability = w.peek().and_then(ability_of).unwrap_or(Ability::Dex);
            if !w.at_end() {
                w.pos += 1;
            }
            Ok(g(C::Out { who, word, ability }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "block",
            &[],
            "block NAME",
            "the defender blocks: +1 Fatigue (B50)",
            "block Ana",
            FIGHT,
        ),
        parse: |w, st| who_only(|who| C::Block { who })(w, st),
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "dodge",
            &[],
            "dodge NAME",
            "the defender dodges: +1 Fatigue (B50)",
            "dodge Ana",
            FIGHT,
        ),
        parse: |w, st| who_only(|who| C::Dodge { who })(w, st),
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "cast",
            &[],
            "cast NAME",
            "a spell cast: +1 Fatigue to the caster (B50)",
            "cast Ana",
            FIGHT,
        ),
        parse: |w, st| who_only(|who| C::Cast { who })(w, st),
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "fight",
            &[],
            "fight [NAME...]",
            "starts the turn list: the names in order, or PCs then creatures (B49)",
            "fight Ana Rat",
            FIGHT,
        ),
        parse: |w, st| {
            let mut order = Vec::new();
            while !w.at_end() {
                order.push(who(w, st)?);
            }
            Ok(g(C::Fight { order }))
        },
        complete: names,
    },
    Entry {
        verb: v(
            "order",
            &[],
            "order NAME...",
            "the judge reorders the turn list (B49)",
            "order Rat Ana",
            FIGHT,
        ),
        parse: |w, st| {
            let mut order = vec![who(w, st)?];
            while !w.at_end() {
                order.push(who(w, st)?);
            }
            Ok(g(C::Order { order }))
        },
        complete: names,
    },
    Entry {
        verb: v(
            "next",
            &[],
            "next",
            "the next turn; after the last, a new round (B49)",
            "next",
            FIGHT,
        ),
        parse: |_, _| Ok(g(C::Next)),
        complete: nothing,
    },
    Entry {
        verb: v("end", &[], "end", "ends the fight", "end", FIGHT),
        parse: |w, _| {
            w.eat(&["fight"]);
            Ok(g(C::EndFight))
        },
        complete: nothing,
    },
    Entry {
        verb: v(
            "expose",
            &[],
            "expose NAME HAZARD [on|off]",
            "marks a sheet exposed to a hazard (B51, B52)",
            "expose Ana gas",
            FIGHT,
        ),
        parse: |w, st| {
            Ok(g(C::Expose {
                who: who(w, st)?,
                hazard: hazard(w)?,
                on: w.on_off()?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "tick",
            &[],
            "tick HAZARD",
            "one tick of a hazard to every sheet exposed (B51)",
            "tick gas",
            FIGHT,
        ),
        parse: |w, _| Ok(g(C::Tick { hazard: hazard(w)? })),
        complete: nothing,
    },
    Entry {
        verb: v(
            "watch",
            &[],
            "watch",
            "8 hours pass; cold ticks for those exposed (B52)",
            "watch",
            FIGHT,
        ),
        parse: |_, _| Ok(g(C::Watch)),
        complete: nothing,
    },
    Entry {
        verb: v(
            "night",
            &[],
            "night",
            "the night passes and the dawn runs (B53)",
            "night",
            FIGHT,
        ),
        parse: |_, _| Ok(g(C::Night)),
        complete: nothing,
    },
    Entry {
        verb: v(
            "eat",
            &[],
            "eat NAME desperate|fresh|simple|fancy [fire] [pot]",
            "a meal kept down (B43)",
            "eat Ana simple fire",
            DAYS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let t = w.next("a meal")?;
            let meal = if is(&t, &["desperate"]) {
                Meal::Desperate
            } else if is(&t, &["fresh"]) {
                Meal::Fresh
            } else if is(&t, &["simple", "ration"]) {
                Meal::Simple
            } else if is(&t, &["fancy"]) {
                Meal::Fancy
            } else {
                return err(&t, "a meal");
            };
            let ration = is(&t, &["ration"]);
            let fire = w.eat(&["fire"]) || ration;
            let pot = w.eat(&["pot"]);
            Ok(g(C::Eat {
                who,
                meal,
                fire,
                pot,
            }))
        },
        complete: |t, st| match t.args.len() {
            0 => names(t, st),
            1 => vec![
                "desperate".into(),
                "fresh".into(),
                "simple".into(),
                "ration".into(),
                "fancy".into(),
            ],
            _ => vec!["fire".into(), "pot".into()],
        },
    },
    Entry {
        verb: v(
            "rest",
            &[],
            "rest NAME none|perilous|normal|comfortable",
            "tonight's rest (B42)",
            "rest Ana normal",
            DAYS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let t = w.next("a rest kind")?;
            let rest = if is(&t, &["none"]) {
                Rest::None
            } else if is(&t, &["perilous"]) {
                Rest::Perilous
            } else if is(&t, &["normal"]) {
                Rest::Normal
            } else if is(&t, &["comfortable"]) {
                Rest::Comfortable
            } else {
                return err(&t, "a rest kind");
            };
            Ok(g(C::Rest { who, rest }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "breath",
            &["breathe"],
            "breath NAME [SLOT]",
            "catching breath: HP to max, water from a waterskin (B40, B41)",
            "breath Ana",
            DAYS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let water = if w.at_end() { None } else { Some(slot(w)?) };
            Ok(g(C::Breath { who, water }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "refill",
            &[],
            "refill NAME SLOT",
            "refills a waterskin to d8 (B41)",
            "refill Ana 1",
            DAYS,
        ),
        parse: |w, st| {
            Ok(g(C::Refill {
                who: who(w, st)?,
                slot: slot(w)?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "brew",
            &[],
            "brew NAME RECIPE SLOT...",
            "brews from ingredients (B44, B45)",
            "brew Ana \"Healing Salve\" 2 3",
            DAYS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let t = w.next("a recipe")?;
            let Some(recipe) = Recipe::from_name(&t.text) else {
                return err(&t, "a recipe");
            };
            let mut ingredients = Vec::new();
            while !w.at_end() {
                ingredients.push(slot(w)?);
            }
            Ok(g(C::Brew {
                who,
                recipe,
                ingredients,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "use",
            &[],
            "use NAME SLOT [WOUND-SLOT]",
            "uses a brew: restoratives wait for the night, cures heal (B33, B46, B47)",
            "use Ana 2",
            DAYS,
        ),
        parse: |w, st| {
            let (who, s) = (who(w, st)?, slot(w)?);
            let wound = if w.at_end() { None } else { Some(slot(w)?) };
            Ok(g(C::Use {
                who,
                slot: s,
                wound,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "treat",
            &[],
            "treat NAME SLOT herb|brew",
            "a Light wound healed by its cure: herbs at dawn, brews at once (B33)",
            "treat Ana 4 herb",
            DAYS,
        ),
        parse: |w, st| {
            let (who, slot) = (who(w, st)?, slot(w)?);
            let herb = !w.eat(&["brew"]);
            w.eat(&["herb"]);
            Ok(g(C::Treat { who, slot, herb }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "recover",
            &[],
            "recover NAME str|dex|wil",
            "a day with a healer, at a bath house, or praying: the dawn, then 1d4 (B48)",
            "recover Ana str",
            DAYS,
        ),
        parse: |w, st| {
            Ok(g(C::Recover {
                who: who(w, st)?,
                ability: ability(w)?,
            }))
        },
        complete: then_ability,
    },
    Entry {
        verb: v(
            "infect",
            &[],
            "infect NAME DISEASE",
            "a disease (B36, B37)",
            "infect Ana swampsigh",
            DAYS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let t = w.next("a disease")?;
            let Some(illness) = Illness::from_name(&t.text) else {
                return err(&t, "a disease");
            };
            Ok(g(C::Infect { who, illness }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "cure",
            &[],
            "cure NAME N REMEDY",
            "ends the Nth disease with no saves (B39)",
            "cure Ana 1 temple",
            DAYS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let n = slot(w)?;
            Ok(g(C::Cure {
                who,
                disease: n,
                remedy: w.rest_text("the remedy")?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "cared",
            &[],
            "cared NAME [on|off]",
            "rested and cared for: advantage on disease saves (B38)",
            "cared Ana",
            DAYS,
        ),
        parse: |w, st| {
            Ok(g(C::Cared {
                who: who(w, st)?,
                on: w.on_off()?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "deprive",
            &[],
            "deprive NAME [food] [sleep]",
            "the judge sets Deprived (B17); nothing named clears it",
            "deprive Ana food",
            DAYS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let food = w.eat(&["food"]);
            let sleep = w.eat(&["sleep"]);
            Ok(g(C::Deprive { who, food, sleep }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "dawn",
            &[],
            "dawn NAME [on|off]",
            "adds a creature to the dawn (B53)",
            "dawn Mule",
            DAYS,
        ),
        parse: |w, st| {
            Ok(g(C::AtDawn {
                who: who(w, st)?,
                on: w.on_off()?,
            }))
        },
        complete: first_a_name,
    },
];
