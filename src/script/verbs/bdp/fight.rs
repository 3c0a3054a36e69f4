//! The bdp verbs of the turn list and time: defences that cost Fatigue, the fight's order and turns, hazards that tick, watches and nights.

use super::FIGHT;
use super::read::*;
use crate::rules::bdp::{Command as C, State};
use crate::script::ScriptError;
use crate::script::verbs::{Entry, alike, nothing, v};

pub(super) const VERBS: &[Entry<State>] = &[
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
    alike::fight(
        "starts the turn list: the names in order, or PCs then creatures (B49)",
        "fight Ana Rat",
        FIGHT,
    ),
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
            // B49: a new order names everyone still on the turn list, so nobody drops out of
            // the fight because the judge forgot a name.
            if let Some(f) = &st.fight {
                let left: Vec<String> = f
                    .order
                    .iter()
                    .filter(|id| !order.contains(id))
                    .filter(|&&id| st.character(id).is_ok_and(|c| c.can_act()))
                    .map(|&id| st.name_of(id))
                    .collect();
                if !left.is_empty() {
                    return Err(ScriptError::at(
                        w.eol,
                        format!(
                            "the new order leaves out {}: name everyone still in the fight",
                            left.join(", ")
                        ),
                    ));
                }
            }
            Ok(g(C::Order { order }))
        },
        complete: names,
    },
    alike::next(
        &[],
        "the next turn; after the last, a new round (B49)",
        FIGHT,
    ),
    alike::end("ends the fight", FIGHT),
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
];
