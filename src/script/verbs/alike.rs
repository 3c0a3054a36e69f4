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
use crate::script::words::{R, Words, is};
use crate::session::Command;

/// A ruleset's state as the verbs here read it: tied to the ruleset's own commands, which say
/// with `From` which of them each verb makes (see [`alike!`]).
pub(crate) trait Alike: Company + 'static {
    type Command: Into<GameCommand>;
    /// The words that rule the waiting roll a pass, for `rule`.
    const PASS: &'static [&'static str] = &["pass"];
    /// The words that rule the waiting roll a fail, for `rule`.
    const FAIL: &'static [&'static str] = &["fail"];
}

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
pub(crate) const fn cancel<S: Alike>(
    aliases: &'static [&'static str],
    about: &'static str,
    group: &'static str,
) -> Entry<S>
where
    Cancel: Into<S::Command>,
{
    Entry {
        verb: v("cancel", aliases, "cancel", about, "cancel", group),
        parse: |_, _| Ok(line::<S, _>(Cancel)),
        complete: nothing,
    }
}

/// `rule pass|fail`, in the ruleset's words for a pass and a fail ([`Alike::PASS`],
/// [`Alike::FAIL`]); `complete` offers them.
pub(crate) const fn rule<S: Alike>(
    aliases: &'static [&'static str],
    about: &'static str,
    group: &'static str,
    complete: fn(&Typed<'_>, &S) -> Vec<String>,
) -> Entry<S>
where
    Rule: Into<S::Command>,
{
    Entry {
        verb: v("rule", aliases, "rule pass|fail", about, "rule pass", group),
        parse: |w, _| {
            let t = w.next("pass or fail")?;
            let pass = if is(&t, S::PASS) {
                true
            } else if is(&t, S::FAIL) {
                false
            } else {
                return err(&t, "pass or fail");
            };
            Ok(line::<S, _>(Rule { pass }))
        },
        complete,
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

/// `choose N`: `option` reads N, in the ruleset's own words for a number out of range.
pub(crate) const fn choose<S: Alike>(
    aliases: &'static [&'static str],
    about: &'static str,
    group: &'static str,
    option: for<'a> fn(&mut Words<'a>, &'a S) -> R<Line>,
) -> Entry<S>
where
    Choose: Into<S::Command>,
{
    Entry {
        verb: v("choose", aliases, "choose N", about, "choose 2", group),
        parse: option,
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
/// `C::EndFight`); `; pass = &[...], fail =
/// &[...]` after the verbs gives the ruleset's words for `rule`.
macro_rules! alike {
    ($state:ty => $c:ident: $($verb:ident),+ $(; pass = $pass:expr, fail = $fail:expr)?) => {
        impl $crate::script::verbs::alike::Alike for $state {
            type Command = $c;
            $(
                const PASS: &'static [&'static str] = $pass;
                const FAIL: &'static [&'static str] = $fail;
            )?
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
