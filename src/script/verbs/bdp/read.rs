//! Readers the bdp verbs share: a bdp command as a line, names to ids, abilities, slots typed
//! from 1, edges, amounts, hazards, and the completers of names and abilities.

use crate::dice::Edge;
use crate::rules::GameCommand;
use crate::rules::bdp::{Ability, Amount, Command as C, Hazard, State};
use crate::script::lexer::Token;
use crate::script::verbs::Typed;
use crate::script::words::{R, Words, is};
use crate::script::{Line, ScriptError};
use crate::session::Command;

/// A bdp command as a line.
pub(super) fn g(c: C) -> Line {
    Line::Command(Command::Game(GameCommand::Bdp(c)))
}

crate::script::verbs::alike::alike!(State => C: accept, rule, choose, cancel, roll, remove, remark, dead, fight, next, end);

pub(super) use crate::script::verbs::{err, who};

pub(super) fn ability_of(t: &Token) -> Option<Ability> {
    [
        ("str", Ability::Str),
        ("dex", Ability::Dex),
        ("wil", Ability::Wil),
    ]
    .into_iter()
    .find(|(k, _)| is(t, &[k]))
    .map(|(_, a)| a)
}

pub(super) fn ability(w: &mut Words<'_>) -> R<Ability> {
    let t = w.next("str, dex or wil")?;
    ability_of(&t).map_or_else(|| err(&t, "str, dex or wil"), Ok)
}

pub(super) fn slot(w: &mut Words<'_>) -> R<usize> {
    let column = w.peek().map_or(w.eol, |t| t.column);
    let n: usize = w.number("a slot number")?;
    if n == 0 {
        return Err(ScriptError::at(column, "slots are numbered from 1"));
    }
    Ok(n - 1)
}

pub(super) fn edge(w: &mut Words<'_>) -> Edge {
    if w.eat(&["adv", "advantage"]) {
        Edge::advantage(1)
    } else if w.eat(&["dis", "disadvantage"]) {
        Edge::disadvantage(1)
    } else {
        Edge::NONE
    }
}

pub(super) fn text(w: &mut Words<'_>) -> R<String> {
    if w.at_end() {
        Ok(String::new())
    } else {
        w.rest_text("text")
    }
}

/// "5" (flat) or "2d6".
pub(super) fn amount(w: &mut Words<'_>) -> R<Amount> {
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

pub(super) fn hazard(w: &mut Words<'_>) -> R<Hazard> {
    let t = w.next("a hazard")?;
    let words = [
        "fall", "gas", "cold", "trap", "venom", "glimpse", "trueform",
    ];
    match words.iter().position(|k| is(&t, &[k])) {
        Some(i) => Ok(Hazard::ALL[i]),
        None => err(&t, "fall, gas, cold, trap, venom, glimpse or trueform"),
    }
}

pub(super) use crate::script::verbs::{first_a_name, names};

pub(super) fn then_ability(t: &Typed<'_>, st: &State) -> Vec<String> {
    crate::script::verbs::name_then(t, st, || vec!["str".into(), "dex".into(), "wil".into()])
}

pub(super) fn who_only(f: fn(u32) -> C) -> impl Fn(&mut Words<'_>, &State) -> R<Line> {
    move |w, st| Ok(g(f(who(w, st)?)))
}
