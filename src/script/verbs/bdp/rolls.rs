//! The bdp verbs of saves, rulings, contests, Time/Gear/Skill tasks, the Die of Fate, and the judge's answers to what waits.

use super::ROLLS;
use super::read::*;
use crate::rules::bdp::{Certainty, Command as C, State};
use crate::script::verbs::{Entry, alike, nothing, v};
use crate::script::words::is;

pub(super) const VERBS: &[Entry<State>] = &[
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
                why: text(w)?.into(),
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
        complete: |t, st| {
            crate::script::verbs::name_then(t, st, || {
                vec![
                    "sure".into(),
                    "impossible".into(),
                    "auto".into(),
                    "tgs".into(),
                ]
            })
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
    alike::accept(
        &["ok"],
        "accepts what waits: the roll's verdict or the proposal",
        ROLLS,
    ),
    alike::rule(ROLLS),
    Entry {
        verb: v(
            "edge",
            &[],
            "edge adv|dis",
            "gives the waiting save advantage or disadvantage after all: one more d20 (B5, B26)",
            "edge adv",
            ROLLS,
        ),
        parse: |w, _| {
            let t = w.next("adv or dis")?;
            if is(&t, &["adv", "advantage"]) {
                Ok(g(C::Edge { adv: true }))
            } else if is(&t, &["dis", "disadvantage"]) {
                Ok(g(C::Edge { adv: false }))
            } else {
                err(&t, "adv or dis")
            }
        },
        complete: |t, _| {
            if t.args.is_empty() {
                vec!["adv".into(), "dis".into()]
            } else {
                Vec::new()
            }
        },
    },
    alike::choose(ROLLS),
    alike::cancel(ROLLS),
];
