//! The bdp verbs of harm: Fatigue, damage and hazards, wounds and their care, death and being out.

use super::HARM;
use super::read::*;
use crate::rules::bdp::{Ability, Area, Command as C, Level, Reason, State, Target};
use crate::script::verbs::{Entry, alike, v};
use crate::script::words::is;

pub(super) const VERBS: &[Entry<State>] = &[
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
                source: source.into(),
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "hazard",
            &[],
            "hazard NAME fall|gas|cold|trap|venom|glimpse|trueform [FLOORS] [SOURCE]",
            "a hazard preset (B24, B25); an injury's wound is named after the source (B29)",
            "hazard Ana fall 2 Tower fall",
            HARM,
        ),
        parse: |w, st| {
            let (who, hazard) = (who(w, st)?, hazard(w)?);
            let floors = match w.peek() {
                Some(t) if t.text.parse::<u8>().is_ok() => w.number("floors")?,
                _ => 1,
            };
            let source = text(w)?;
            Ok(g(C::Hazard {
                who,
                hazard,
                floors,
                source,
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
    alike::dead(
        &[],
        "the judge rules a character dead, or back (B30)",
        "dead Rat",
        HARM,
    ),
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
];
