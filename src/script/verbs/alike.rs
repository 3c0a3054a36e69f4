//! Verbs several rulesets read alike: the answers to what waits for the judge (`accept`, `rule`,
//! `choose`, `cancel`), a sheet rolled, taken out, given a note or ruled dead (`roll NAME pc`,
//! `remove`, `remark`, `dead`), and the turn order's `fight [NAME...]`, `next` and `end`. Each
//! entry here fixes the verb, how it reads and the command it makes; the ruleset gives the words
//! help says of it (aliases, description, example, group) and says with [`alike!`] which of its own
//! commands each verb makes.

use super::{Entry, Typed, err, first_a_name, nothing, v, who};
use crate::rules::GameCommand;
use crate::rules::party::Company;
use crate::script::Line;
use crate::script::ScriptError;
use crate::script::words::{R, Words, is};
use crate::session::Command;

/// A ruleset's state as the verbs here read it: tied to the ruleset's own commands, which say
/// with `From` which of them each verb makes (see [`alike!`]).
pub(crate) trait Alike: Company + 'static {
    type Command: Into<GameCommand>;
}

/// The words `rule` reads as a pass, in every ruleset.
pub(crate) const PASS: &[&str] = &["pass", "passes", "success", "yes"];
/// The words `rule` reads as a fail, in every ruleset.
pub(crate) const FAIL: &[&str] = &["fail", "fails", "failure", "no"];

/// `accept`: takes what waits as it stands.
pub(crate) struct Accept;
/// `cancel`: drops what waits, with no effect.
pub(crate) struct Cancel;
/// `rule pass|fail`: the judge's verdict over the waiting roll.
pub(crate) struct Rule {
    pub pass: bool,
}
/// `choose N`: the waiting question's answer, counted from 0.
pub(crate) struct Choose {
    pub option: usize,
}
/// `roll NAME pc`: a new player character rolled by the book.
pub(crate) struct Roll {
    pub name: String,
}
/// `remove NAME`: a sheet taken out of the session.
pub(crate) struct Remove {
    pub who: u32,
}
/// `remark NAME TEXT`: a note on the sheet.
pub(crate) struct Remark {
    pub who: u32,
    pub text: String,
}
/// `dead NAME [on|off]`: the judge rules someone dead, or alive again.
pub(crate) struct Dead {
    pub who: u32,
    pub on: bool,
}
/// `fight [NAME...]`: a fight starts with the names in their order.
pub(crate) struct Fight {
    pub order: Vec<u32>,
}
/// `next`: the fight's next turn.
pub(crate) struct Next;
/// `end`: the fight ends.
pub(crate) struct EndFight;

/// The ruleset's command that `said` makes, as a line.
pub(crate) fn line<S: Alike, V: Into<S::Command>>(said: V) -> Line {
    Line::Command(Command::Game(said.into().into()))
}

/// `accept`.
pub(crate) const fn accept<S: Alike>(
    aliases: &'static [&'static str],
    about: &'static str,
    group: &'static str,
) -> Entry<S>
where
    Accept: Into<S::Command>,
{
    Entry {
        verb: v("accept", aliases, "accept", about, "accept", group),
        parse: |_, _| Ok(line::<S, _>(Accept)),
        complete: nothing,
    }
}

/// `cancel`.
pub(crate) const fn cancel<S: Alike>(group: &'static str) -> Entry<S>
where
    Cancel: Into<S::Command>,
{
    Entry {
        verb: v(
            "cancel",
            &["drop-roll"],
            "cancel",
            "drops what waits for the judge, with no effect",
            "cancel",
            group,
        ),
        parse: |_, _| Ok(line::<S, _>(Cancel)),
        complete: nothing,
    }
}

/// `rule pass|fail`, reading any of [`PASS`] and [`FAIL`]; completion offers the two short
/// words.
pub(crate) const fn rule<S: Alike>(group: &'static str) -> Entry<S>
where
    Rule: Into<S::Command>,
{
    Entry {
        verb: v(
            "rule",
            &["override"],
            "rule pass|fail",
            "rules the waiting roll a pass or a fail, whatever the dice say",
            "rule pass",
            group,
        ),
        parse: |w, _| {
            let t = w.next("pass or fail")?;
            let pass = if is(&t, PASS) {
                true
            } else if is(&t, FAIL) {
                false
            } else {
                return err(&t, "pass or fail");
            };
            Ok(line::<S, _>(Rule { pass }))
        },
        complete: pass_or_fail,
    }
}

/// Completes `rule`: pass or fail, then nothing.
pub(crate) fn pass_or_fail<S>(t: &Typed<'_>, _: &S) -> Vec<String> {
    if t.args.is_empty() {
        vec!["pass".into(), "fail".into()]
    } else {
        Vec::new()
    }
}

/// `choose N`: the waiting question's Nth answer, counted from 1 as the question lists them.
pub(crate) const fn choose<S: Alike>(group: &'static str) -> Entry<S>
where
    Choose: Into<S::Command>,
{
    Entry {
        verb: v(
            "choose",
            &[],
            "choose N",
            "answers the waiting question with its option N",
            "choose 2",
            group,
        ),
        parse: |w, _| {
            let column = w.peek().map_or(w.eol, |t| t.column);
            let n: usize = w.number("an option's number")?;
            let option = n
                .checked_sub(1)
                .ok_or_else(|| ScriptError::at(column, "options are numbered from 1"))?;
            Ok(chosen::<S>(option))
        },
        complete: nothing,
    }
}

/// The line `choose N` makes, N counted from 0.
pub(crate) fn chosen<S: Alike>(option: usize) -> Line
where
    Choose: Into<S::Command>,
{
    line::<S, _>(Choose { option })
}

/// `roll NAME pc`, or with dice instead of a name the frame's free roll.
pub(crate) const fn roll_pc<S: Alike>(about: &'static str, group: &'static str) -> Entry<S>
where
    Roll: Into<S::Command>,
{
    Entry {
        verb: v("roll", &[], "roll NAME pc", about, "roll Ana pc", group),
        parse: |w, _| super::roll_pc(w, |name| line::<S, _>(Roll { name })),
        complete: super::pc_word,
    }
}

/// `remove NAME`.
pub(crate) const fn remove<S: Alike>(
    about: &'static str,
    example: &'static str,
    group: &'static str,
) -> Entry<S>
where
    Remove: Into<S::Command>,
{
    Entry {
        verb: v("remove", &[], "remove NAME", about, example, group),
        parse: |w, st| Ok(line::<S, _>(Remove { who: who(w, st)? })),
        complete: first_a_name,
    }
}

/// `remark NAME TEXT`.
pub(crate) const fn remark<S: Alike>(
    about: &'static str,
    example: &'static str,
    group: &'static str,
) -> Entry<S>
where
    Remark: Into<S::Command>,
{
    Entry {
        verb: v("remark", &[], "remark NAME TEXT", about, example, group),
        parse: |w, st| {
            Ok(line::<S, _>(Remark {
                who: who(w, st)?,
                text: w.rest_text("the note")?,
            }))
        },
        complete: first_a_name,
    }
}

/// `dead NAME [on|off]`.
pub(crate) const fn dead<S: Alike>(
    aliases: &'static [&'static str],
    about: &'static str,
    example: &'static str,
    group: &'static str,
) -> Entry<S>
where
    Dead: Into<S::Command>,
{
    Entry {
        verb: v("dead", aliases, "dead NAME [on|off]", about, example, group),
        parse: |w, st| {
            Ok(line::<S, _>(Dead {
                who: who(w, st)?,
                on: w.on_off()?,
            }))
        },
        complete: first_a_name,
    }
}

/// `fight [NAME...]`: the names, in their order, fight in turn.
pub(crate) const fn fight<S: Alike>(
    about: &'static str,
    example: &'static str,
    group: &'static str,
) -> Entry<S>
where
    Fight: Into<S::Command>,
{
    Entry {
        verb: v("fight", &[], "fight [NAME...]", about, example, group),
        parse: |w, st| {
            Ok(line::<S, _>(Fight {
                order: named(w, st)?,
            }))
        },
        complete: super::names,
    }
}

/// `next`.
pub(crate) const fn next<S: Alike>(
    aliases: &'static [&'static str],
    about: &'static str,
    group: &'static str,
) -> Entry<S>
where
    Next: Into<S::Command>,
{
    Entry {
        verb: v("next", aliases, "next", about, "next", group),
        parse: |_, _| Ok(line::<S, _>(Next)),
        complete: nothing,
    }
}

/// `end` (or `end fight`).
pub(crate) const fn end<S: Alike>(about: &'static str, group: &'static str) -> Entry<S>
where
    EndFight: Into<S::Command>,
{
    Entry {
        verb: v("end", &[], "end", about, "end", group),
        parse: |w, _| {
            w.eat(&["fight"]);
            Ok(line::<S, _>(EndFight))
        },
        complete: nothing,
    }
}

/// The names that follow, to the end of the line, as ids (a fight's order, whom a rest covers).
pub(crate) fn named<S: Company>(w: &mut Words<'_>, st: &S) -> R<Vec<u32>> {
    let mut order = Vec::new();
    while !w.at_end() {
        order.push(who(w, st)?);
    }
    Ok(order)
}

/// Ties a ruleset's state to its commands for the verbs here: `alike!(State => C: accept,
/// rule, ...)` says each listed verb makes the command of the usual shape (`C::Accept`,
/// `C::Rule { pass }`, `C::Choose { option }`, `C::Roll { name }`, `C::Remove { who }`,
/// `C::Note { who, text }` for remark, `C::Dead { who, on }`, `C::Fight { order }`, `C::Next`,
/// `C::EndFight`).
macro_rules! alike {
    ($state:ty => $c:ident: $($verb:ident),+) => {
        impl $crate::script::verbs::alike::Alike for $state {
            type Command = $c;
        }
        $($crate::script::verbs::alike::alike!(@ $c $verb);)+
    };
    (@ $c:ident accept) => {
        $crate::script::verbs::alike::alike!(@ $c Accept => $c::Accept);
    };
    (@ $c:ident cancel) => {
        $crate::script::verbs::alike::alike!(@ $c Cancel => $c::Cancel);
    };
    (@ $c:ident next) => {
        $crate::script::verbs::alike::alike!(@ $c Next => $c::Next);
    };
    (@ $c:ident end) => {
        $crate::script::verbs::alike::alike!(@ $c EndFight => $c::EndFight);
    };
    (@ $c:ident rule) => {
        impl From<$crate::script::verbs::alike::Rule> for $c {
            fn from(r: $crate::script::verbs::alike::Rule) -> Self {
                $c::Rule { pass: r.pass }
            }
        }
    };
    (@ $c:ident choose) => {
        impl From<$crate::script::verbs::alike::Choose> for $c {
            fn from(r: $crate::script::verbs::alike::Choose) -> Self {
                $c::Choose { option: r.option }
            }
        }
    };
    (@ $c:ident roll) => {
        impl From<$crate::script::verbs::alike::Roll> for $c {
            fn from(r: $crate::script::verbs::alike::Roll) -> Self {
                $c::Roll { name: r.name }
            }
        }
    };
    (@ $c:ident remove) => {
        impl From<$crate::script::verbs::alike::Remove> for $c {
            fn from(r: $crate::script::verbs::alike::Remove) -> Self {
                $c::Remove { who: r.who }
            }
        }
    };
    (@ $c:ident dead) => {
        impl From<$crate::script::verbs::alike::Dead> for $c {
            fn from(d: $crate::script::verbs::alike::Dead) -> Self {
                $c::Dead {
                    who: d.who,
                    on: d.on,
                }
            }
        }
    };
    (@ $c:ident fight) => {
        impl From<$crate::script::verbs::alike::Fight> for $c {
            fn from(f: $crate::script::verbs::alike::Fight) -> Self {
                $c::Fight { order: f.order }
            }
        }
    };
    (@ $c:ident remark) => {
        impl From<$crate::script::verbs::alike::Remark> for $c {
            fn from(r: $crate::script::verbs::alike::Remark) -> Self {
                $c::Note {
                    who: r.who,
                    text: r.text,
                }
            }
        }
    };
    (@ $c:ident $said:ident => $made:expr) => {
        impl From<$crate::script::verbs::alike::$said> for $c {
            fn from(_: $crate::script::verbs::alike::$said) -> Self {
                $made
            }
        }
    };
}
pub(crate) use alike;
