//! The actiondie verbs of checks, contests and the encumbrance save, and the judge's answers to
//! what waits.

use super::ROLLS;
use super::read::*;
use crate::rules::actiondie::{CheckSpec, Command as C, Roller, State};
use crate::script::verbs::{Entry, alike, nothing, v};
use crate::script::words::{R, Words, is};

/// The words a check understands after its ability.
const CHECK_WORDS: &str = "skill SKILL, +N, -N, adv, dis, needs SENSE, vs N or for WHY";

/// `vs N` and `for TEXT` after a check; any other word is refused with the words a check
/// understands, never taken as the reason.
fn target_and_why(w: &mut Words<'_>) -> R<(Option<i32>, String)> {
    let mut target = None;
    if w.eat(&["vs", "against", "target"]) {
        target = Some(w.number("the target number")?);
    }
    why(w).map(|why| (target, why))
}

/// `for TEXT`, or nothing.
fn why(w: &mut Words<'_>) -> R<String> {
    if w.at_end() {
        return Ok(String::new());
    }
    if w.eat(&["for"]) {
        return text(w);
    }
    let t = w.next(CHECK_WORDS)?;
    err(&t, CHECK_WORDS)
}

fn side(w: &mut Words<'_>, st: &State) -> R<Roller> {
    let who = who(w, st)?;
    let mut r = Roller::new(who, ability(w)?);
    roller_options(w, &mut r)?;
    Ok(r)
}

pub(super) const VERBS: &[Entry<State>] = &[
    Entry {
        verb: v(
            "check",
            &["c"],
            "check NAME str|dex|awr|wil [skill SKILL] [+N|-N] [adv] [dis] [needs SENSE]... [vs N] [for WHY]",
            "the effective rung's dice plus the bonuses; an edge rolls the whole check twice; against a target it waits for the judge (D5-D8)",
            "check Ana dex skill Climb adv vs 8 for the cliff",
            ROLLS,
        ),
        parse: |w, st| {
            let roller = side(w, st)?;
            let (target, why) = target_and_why(w)?;
            Ok(g(C::Check(Box::new(CheckSpec {
                roller,
                target,
                why,
            }))))
        },
        complete: then_ability,
    },
    Entry {
        verb: v(
            "contest",
            &[],
            "contest NAME ABILITY [options] against NAME ABILITY [options] [for WHY]",
            "both check; the higher total wins and a tie rolls again (D7)",
            "contest Ana str adv against Ogre str for the door",
            ROLLS,
        ),
        parse: |w, st| {
            let a = side(w, st)?;
            let t = w.next("against")?;
            if !is(&t, &["against", "vs", "versus"]) {
                return err(&t, "against");
            }
            let b = side(w, st)?;
            let why = why(w)?;
            Ok(g(C::Contest(Box::new((a, b, why)))))
        },
        complete: then_ability,
    },
    Entry {
        verb: v(
            "encumbrance",
            &["burden"],
            "encumbrance NAME [vs N]",
            "the STR save of one carrying too much, minus the slots over, against 4 unless told (D37)",
            "encumbrance Ana vs 5",
            ROLLS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let target = if w.eat(&["vs", "against", "target"]) {
                Some(w.number("the target number")?)
            } else {
                None
            };
            Ok(g(C::Encumbrance { who, target }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "accept",
            &["ok", "a"],
            "accept [all]",
            "takes what waits as it stands: the roll's verdict, the question's proposal; all takes every waiting roll at once (a long wait's encumbrance saves, D37)",
            "accept",
            ROLLS,
        ),
        parse: |w, _| {
            if w.eat(&["all"]) {
                Ok(g(C::AcceptAll))
            } else {
                Ok(g(C::Accept))
            }
        },
        complete: nothing,
    },
    alike::rule(ROLLS),
    alike::choose(ROLLS),
    alike::cancel(ROLLS),
];
