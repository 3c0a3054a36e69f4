//! The actiondie verbs of initiative scenes: opening one, each participant's action, the roll,
//! turns, Reevaluate, late joiners, the judge's order, movement and standing up.

use super::FIGHT;
use super::read::*;
use crate::rules::actiondie::{Command as C, State};
use crate::script::verbs::{Entry, alike, nothing, v};
use crate::script::words::is;

pub(super) const VERBS: &[Entry<State>] = &[
    Entry {
        verb: v(
            "scene",
            &["fight"],
            "scene [NAME...] [for WHY]",
            "opens an initiative scene with these (everyone in play when none named) (D9)",
            "scene Ana Ogre for the bridge",
            FIGHT,
        ),
        parse: |w, st| {
            let mut who = Vec::new();
            while let Some(t) = w.peek().cloned() {
                if is(&t, &["for"]) {
                    w.pos += 1;
                    break;
                }
                who.push(self::who(w, st)?);
            }
            Ok(g(C::Scene {
                who: who.into(),
                why: text(w)?.into(),
            }))
        },
        complete: names,
    },
    Entry {
        verb: v(
            "act",
            &["pick"],
            "act NAME attack [N|unarmed] | technique N DICE | defend | help NAME | run | other [DIE]",
            "a participant's action for the round, chosen before any die is rolled (D11, D14)",
            "act Ana attack 1",
            FIGHT,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            Ok(g(C::Pick {
                who,
                action: action(w, st, who)?,
            }))
        },
        complete: then_action,
    },
    Entry {
        verb: v(
            "initiative",
            &["ini"],
            "initiative",
            "everyone rolls the die of its action; the lowest count acts first (D15, D16)",
            "initiative",
            FIGHT,
        ),
        parse: |_, _| Ok(g(C::RollInitiative)),
        complete: nothing,
    },
    alike::next(
        &["e"],
        "the turn under way ends and the next begins; after the last, a new round (D17, D19)",
        FIGHT,
    ),
    Entry {
        verb: v(
            "reevaluate",
            &["re"],
            "reevaluate NAME ACTION",
            "before it acts: a new action whose die adds to the count (D18)",
            "reevaluate Ana defend",
            FIGHT,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            Ok(g(C::Reevaluate {
                who,
                action: action(w, st, who)?,
            }))
        },
        complete: then_action,
    },
    Entry {
        verb: v(
            "join",
            &[],
            "join NAME [ACTION]",
            "one joins the scene; mid-round it rolls its action's die and acts next if its count has passed (D17)",
            "join Rat attack",
            FIGHT,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let action = if w.at_end() {
                None
            } else {
                Some(action(w, st, who)?)
            };
            Ok(g(C::Join { who, action }))
        },
        complete: then_action,
    },
    Entry {
        verb: v(
            "order",
            &[],
            "order NAME...",
            "the judge's order for everyone still to act (over D16)",
            "order Ogre Ana",
            FIGHT,
        ),
        parse: |w, st| {
            let mut ids = vec![who(w, st)?];
            while !w.at_end() {
                ids.push(who(w, st)?);
            }
            Ok(g(C::Order { ids }))
        },
        complete: names,
    },
    Entry {
        verb: v(
            "move",
            &["m"],
            "move NAME SQUARES",
            "movement on its own turn, up to the effective movement (D10, D13)",
            "move Ana 3",
            FIGHT,
        ),
        parse: |w, st| {
            Ok(g(C::Move {
                who: who(w, st)?,
                squares: w.number("the squares")?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "stand",
            &[],
            "stand NAME",
            "stands up: Prone ends, the turn's movement is spent (D33)",
            "stand Ana",
            FIGHT,
        ),
        parse: |w, st| who_only(|who| C::Stand { who })(w, st),
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "end",
            &["endscene"],
            "end",
            "ends the initiative scene",
            "end",
            FIGHT,
        ),
        parse: |_, _| Ok(g(C::EndScene)),
        complete: nothing,
    },
];
