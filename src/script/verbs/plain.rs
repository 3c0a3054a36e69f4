//! The plain tracker's verbs: characters with hit points, a fight in a turn order, rolls against a
//! number and the judge's answers.

use super::{Entry, Help, alike, v};
use crate::content::find_by_name;
use crate::dice::DiceExpr;
use crate::rules::GameCommand;
use crate::rules::plain::{Command as C, State};
use crate::script::words::{R, Words};
use crate::script::{Line, ScriptError};
use crate::session::Command;

const PEOPLE: &str = "Characters and hit points";
const FIGHT: &str = "The fight";
const ROLLS: &str = "Rolls and the judge's answers";
const TIME: &str = "Conditions and time";

/// What `help commands` says around the plain tracker's verbs.
pub(crate) const HELP: Help = Help {
    groups: &[PEOPLE, FIGHT, ROLLS, TIME],
    intro: "One command per line. Names ignore case and may be shortened while they stay \
            unique; quote names with spaces. # starts a comment.\n",
    notes: "",
};

fn g(c: C) -> Line {
    Line::Command(Command::Game(GameCommand::Plain(c)))
}

alike::alike!(State => C: accept, rule, cancel, remove, end);

/// The plain tracker's `next` ends the turn under way.
impl From<alike::Next> for C {
    fn from(_: alike::Next) -> Self {
        C::NextTurn
    }
}

/// The plain tracker's `fight` starts one.
impl From<alike::Fight> for C {
    fn from(f: alike::Fight) -> Self {
        C::StartFight { order: f.order }
    }
}

/// A character by name.
use super::who;

/// A whole number of hit points, 1 or more.
fn amount(w: &mut Words<'_>, expected: &str) -> R<i32> {
    let column = w.peek().map_or(w.eol, |t| t.column);
    let n: i32 = w.number(expected)?;
    if n < 1 {
        return Err(ScriptError::at(
            column,
            format!("expected {expected}, 1 or more"),
        ));
    }
    Ok(n)
}

use super::{first_a_name, names};

/// Every verb of the plain tracker, in the order help lists them.
pub(crate) const VERBS: &[Entry<State>] = &[
    Entry {
        verb: v(
            "add",
            &[],
            "add NAME HP [players|others]",
            "a character with these hit points, on the players' side unless told",
            "add Ana 8",
            PEOPLE,
        ),
        parse: |w, _| {
            let name = w.next("the character's name")?.text;
            let hp = amount(w, "their hit points")?;
            let party = !w.eat(&["others", "other", "npc", "npcs", "opponents", "foes"]);
            w.eat(&["players", "player", "party"]);
            Ok(g(C::Add { name, party, hp }))
        },
        complete: |t, _| match t.args.len() {
            2 => vec!["players".into(), "others".into()],
            _ => Vec::new(),
        },
    },
    alike::remove(
        "takes a character out of the session",
        "remove Ogre",
        PEOPLE,
    ),
    Entry {
        verb: v(
            "damage",
            &["hurt"],
            "damage NAME N",
            "the character loses N hit points",
            "damage Ogre 5",
            PEOPLE,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            Ok(g(C::Damage {
                who,
                amount: amount(w, "the hit points lost")?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "heal",
            &[],
            "heal NAME N",
            "the character gains N hit points, up to their maximum",
            "heal Ana 3",
            PEOPLE,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            Ok(g(C::Heal {
                who,
                amount: amount(w, "the hit points gained")?,
            }))
        },
        complete: first_a_name,
    },
    alike::fight(
        "starts a fight: everyone named acts in that order, round after round (the party \
         always comes; with no one named, the party and the creatures it meets)",
        "fight Ogre Ana Bo",
        FIGHT,
    ),
    Entry {
        verb: v(
            "join",
            &[],
            "join NAME",
            "brings someone into the fight under way, last in the turn order",
            "join Ogre",
            FIGHT,
        ),
        parse: |w, st| Ok(g(C::Join { who: who(w, st)? })),
        complete: first_a_name,
    },
    alike::next(
        &[],
        "ends the turn: the next in order acts (a new round after the last)",
        FIGHT,
    ),
    alike::end("ends the fight", FIGHT),
    Entry {
        verb: v(
            "check",
            &["c"],
            "check NAME DICE vs N [WHAT]",
            "rolls the dice for the character against N (reaching it passes); waits for the judge",
            "check Ana 2d6+1 vs 9 climb",
            ROLLS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let dice = w.next("dice to roll (d20, 2d6+1)")?;
            let expr = DiceExpr::parse(&dice.text)
                .map_err(|e| ScriptError::at(dice.column, e.to_string()))?;
            w.eat(&["vs", "against", "dc"]);
            let target: i32 = w.number("the number to reach")?;
            let what = if w.at_end() {
                String::new()
            } else {
                w.rest_text("what the roll is for")?
            };
            Ok(g(C::Check {
                who,
                what,
                expr,
                target,
            }))
        },
        complete: |t, st| match t.args.len() {
            0 => names(t, st),
            2 => vec!["vs".into()],
            _ => Vec::new(),
        },
    },
    alike::accept(&["ok"], "accepts the waiting roll as it stands", ROLLS),
    alike::rule(ROLLS),
    alike::cancel(ROLLS),
    Entry {
        verb: v(
            "mark",
            &[],
            "mark NAME CONDITION",
            "puts a condition on the character, in your words, until it is cleared",
            "mark Ana poisoned",
            TIME,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let condition = w.rest_text("the condition, in your words")?;
            Ok(g(C::Mark { who, condition }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "unmark",
            &["clear"],
            "unmark NAME CONDITION",
            "clears a condition the character was marked with",
            "unmark Ana poisoned",
            TIME,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let condition = w.rest_text("the condition to clear")?;
            Ok(g(C::Unmark { who, condition }))
        },
        complete: |t, st| match t.args.first() {
            None => names(t, st),
            Some(name) if t.args.len() == 1 => {
                find_by_name(&st.characters, |c| &c.name, &name.text, "character")
                    .map(|c| c.conditions.clone())
                    .unwrap_or_default()
            }
            Some(_) => Vec::new(),
        },
    },
    Entry {
        verb: v(
            "pass",
            &["wait"],
            "pass N [minutes|hours|days]",
            "time passes on the session's clock: a rest, a journey (minutes unless told)",
            "pass 8 hours",
            TIME,
        ),
        parse: |w, _| {
            let n = amount(w, "how much time passes")?;
            let unit = if w.eat(&["day", "days", "d"]) {
                24 * 60
            } else if w.eat(&["hour", "hours", "h"]) {
                60
            } else {
                w.eat(&["minute", "minutes", "min", "m"]);
                1
            };
            w.finish()?;
            let minutes = u32::try_from(n)
                .ok()
                .and_then(|n| n.checked_mul(unit))
                .ok_or_else(|| ScriptError::at(w.eol, "that is more time than the clock counts"))?;
            Ok(g(C::Pass { minutes }))
        },
        complete: |t, _| {
            if t.args.len() == 1 {
                vec!["minutes".into(), "hours".into(), "days".into()]
            } else {
                Vec::new()
            }
        },
    },
];

/// The plain tracker's commands as its verbs read them (see [`crate::script::write`]).
pub(crate) fn write(command: &C, st: &State) -> Option<String> {
    use crate::script::lexer::quote;
    use crate::script::write::free_text;
    let name = |id: u32| {
        st.characters
            .iter()
            .find(|c| c.id == id)
            .map(|c| quote(&c.name))
    };
    Some(match command {
        C::Add { name, party, hp } => {
            let side = if *party { "" } else { " others" };
            format!("add {} {hp}{side}", quote(name))
        }
        C::Remove { who } => format!("remove {}", name(*who)?),
        C::Damage { who, amount } => format!("damage {} {amount}", name(*who)?),
        C::Heal { who, amount } => format!("heal {} {amount}", name(*who)?),
        C::StartFight { order } => {
            let names: Option<Vec<String>> = order.iter().map(|&id| name(id)).collect();
            format!("fight {}", names?.join(" "))
        }
        C::Join { who } => format!("join {}", name(*who)?),
        C::Mark { who, condition } => format!("mark {} {}", name(*who)?, free_text(condition)),
        C::Unmark { who, condition } => {
            format!("unmark {} {}", name(*who)?, free_text(condition))
        }
        C::Pass { minutes } => match crate::rules::plain::span_words(*minutes).split_once(' ') {
            Some((n, unit)) => format!("pass {n} {unit}"),
            None => format!("pass {minutes}"),
        },
        C::NextTurn => "next".into(),
        C::EndFight => "end".into(),
        C::Check {
            who,
            what,
            expr,
            target,
        } => {
            let mut line = format!("check {} {expr} vs {target}", name(*who)?);
            if !what.is_empty() {
                line.push(' ');
                line.push_str(&free_text(what));
            }
            line
        }
        C::Accept => "accept".into(),
        C::Rule { pass } => format!("rule {}", if *pass { "pass" } else { "fail" }),
        C::Cancel => "cancel".into(),
    })
}

/// Words a judge may reach for that this ruleset says with another verb, and that verb: the
/// palette's "did you mean" offers it first.
pub(crate) const SYNONYMS: &[(&str, &str)] = &[
    ("harm", "damage"),
    ("cure", "heal"),
    ("attack", "check"),
    ("turn", "next"),
];
