//! The actiondie verbs of harm and time: attacks and damage, exhaustion, the death and
//! dismemberment table, death and flight, rests and the clock.

use super::read::*;
use super::{HARM, TIME};
use crate::rules::actiondie::{Command as C, DamageSpec, State};
use crate::script::verbs::{Entry, alike, nothing, v};
use crate::script::words::is;

pub(super) const VERBS: &[Entry<State>] = &[
    Entry {
        verb: v(
            "attack",
            &["hit"],
            "attack NAME [N|with ITEM|unarmed] TARGET... [nocrit]",
            "item N's damage dice (unless told, the weapon its chosen action names, else the wielded one; unarmed d4) plus the STR value, one roll for every target (D17, D20-D24)",
            "attack Ana 1 Ogre",
            HARM,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let item = weapon(w, st, who)?;
            let mut targets = Vec::new();
            let mut crit = true;
            while !w.at_end() {
                if w.eat(&["nocrit"]) {
                    crit = false;
                } else {
                    targets.push(self::who(w, st)?);
                }
            }
            if targets.is_empty() {
                targets.push(self::who(w, st)?);
            }
            Ok(g(C::Attack {
                who,
                item,
                targets,
                crit,
            }))
        },
        complete: names,
    },
    Entry {
        verb: v(
            "damage",
            &["dmg"],
            "damage TARGET... DICE|N [+N|-N] [TYPE] [nocrit] [from SOURCE]",
            "damage from anything but a wielded weapon, one roll for every target, or a flat amount N with no roll (D20-D24)",
            "damage Ana Bo 2d6 fire from the brazier",
            HARM,
        ),
        parse: |w, st| {
            // A plain number is a flat amount, unless someone is called that.
            let amount = |t: &crate::script::lexer::Token| {
                t.text
                    .parse::<i16>()
                    .ok()
                    .filter(|_| who_of(t, st).is_err() && !t.text.starts_with(['+', '-']))
            };
            let mut targets = Vec::new();
            while w
                .peek()
                .is_some_and(|t| dice_of(t).is_none() && amount(t).is_none())
            {
                targets.push(who(w, st)?);
            }
            if targets.is_empty() {
                targets.push(who(w, st)?);
            }
            let (d, base) = match w.peek().and_then(amount) {
                Some(n) if n > 0 => {
                    w.pos += 1;
                    (crate::dice::ladder::Dice::new(0, 4), n.min(999))
                }
                _ => (
                    dice(w, "the damage dice, such as 2d6, or an amount such as 7")?,
                    0,
                ),
            };
            let mut spec = DamageSpec {
                targets,
                dice: d,
                flat: base,
                kind: None,
                crit: true,
                source: String::new(),
            };
            while let Some(t) = w.peek().cloned() {
                w.pos += 1;
                if let Some(n) = signed(&t) {
                    spec.flat = (base + n.clamp(-999, 999)).clamp(-999, 999);
                } else if let Some(k) = kind_of(&t) {
                    spec.kind = Some(k);
                } else if is(&t, &["nocrit"]) {
                    spec.crit = false;
                } else if is(&t, &["from", "by"]) {
                    spec.source = w.rest_text("the source")?;
                } else {
                    return err(&t, "+N, a damage type, nocrit or from SOURCE");
                }
            }
            Ok(g(C::Damage(Box::new(spec))))
        },
        complete: names,
    },
    Entry {
        verb: v(
            "exhaust",
            &[],
            "exhaust NAME [down]",
            "one more exhaustion level with its effect (from 4 on, a roll on the table), or down to take one away (D26, D29)",
            "exhaust Ana",
            HARM,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let up = !w.eat(&["down", "less", "-"]);
            w.eat(&["up"]);
            Ok(g(C::Exhaustion { who, up }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "dismember",
            &[],
            "dismember NAME FACE",
            "the judge applies a face (1-8) of the death and dismemberment table with no roll (D27)",
            "dismember Ana 3",
            HARM,
        ),
        parse: |w, st| {
            Ok(g(C::Dismember {
                who: who(w, st)?,
                face: w.number("a face from 1 to 8")?,
            }))
        },
        complete: first_a_name,
    },
    alike::dead(
        &["kill"],
        "the judge rules a creature dead (or alive again); the dead leave the initiative (D28)",
        "dead Ogre",
        HARM,
    ),
    Entry {
        verb: v(
            "flee",
            &["fled"],
            "flee NAME",
            "the judge rules one fled (or back): out of the initiative, the sheet kept (D28)",
            "flee Ogre",
            HARM,
        ),
        parse: |w, st| who_only(|who| C::Flee { who })(w, st),
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "rest",
            &[],
            "rest siesta|full [NAME...] [interrupted]",
            "a siesta (1 hour: half the HP max back) or a full rest (8 hours: everything back, exhaustion gone) for these or everyone (D38, D39)",
            "rest full",
            TIME,
        ),
        parse: |w, st| {
            let t = w.next("siesta or full")?;
            let full = if is(&t, &["full", "long"]) {
                true
            } else if is(&t, &["siesta", "short"]) {
                false
            } else {
                return err(&t, "siesta or full");
            };
            let mut who = Vec::new();
            let mut interrupted = false;
            while !w.at_end() {
                if w.eat(&["interrupted"]) {
                    interrupted = true;
                } else {
                    who.push(self::who(w, st)?);
                }
            }
            Ok(g(C::Rest {
                who,
                full,
                interrupted,
            }))
        },
        complete: |t, st| {
            if t.args.is_empty() {
                vec!["siesta".into(), "full".into()]
            } else {
                names(t, st)
            }
        },
    },
    Entry {
        verb: v(
            "time",
            &["wait"],
            "time MINUTES",
            "time passes; each quarter hour the over-burdened save (D37, D40)",
            "time 30",
            TIME,
        ),
        parse: |w, _| {
            Ok(g(C::Time {
                minutes: w.number("the minutes")?,
            }))
        },
        complete: nothing,
    },
];
