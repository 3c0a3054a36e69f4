//! Word readers for ruleset `ap`'s verbs: names, attributes, items and the options every roll
//! takes (a DC or targets, object dice with their own edges, the base die's edge, a flat
//! modifier, the AP cost and what the action is).

use super::super::Typed;
use crate::content::find_by_name;
use crate::rules::ap::{Against, Attr, Character, Defence, ObjDie, State, points::cost_for};
use crate::script::ScriptError;
use crate::script::lexer::Token;
use crate::script::words::{R, Words, is, lookup_err};

pub(super) use crate::script::verbs::err;

pub(super) use crate::script::verbs::{character, who};

pub(super) fn attr_of(t: &Token) -> Option<Attr> {
    [("str", Attr::Str), ("dex", Attr::Dex), ("wil", Attr::Wil)]
        .into_iter()
        .find(|(k, _)| is(t, &[k]))
        .map(|(_, a)| a)
}

pub(super) fn attr(w: &mut Words<'_>) -> R<Attr> {
    let t = w.next("str, dex or wil")?;
    attr_of(&t).map_or_else(|| err(&t, "str, dex or wil"), Ok)
}

/// An item of `c`'s, by name: its index.
pub(super) fn item(w: &mut Words<'_>, c: &Character) -> R<usize> {
    let token = w.next("an item's name")?;
    let found = find_by_name(&c.items, |i| &i.name, &token.text, "item")
        .map_err(|e| lookup_err(&token, e))?;
    Ok(c.items
        .iter()
        .position(|i| std::ptr::eq(i, found))
        .unwrap_or(0))
}

/// "adv" or "dis", then an optional count (1 when absent): the net edge, or None.
pub(super) fn edge(w: &mut Words<'_>) -> R<Option<i8>> {
    let sign = if w.eat(&["adv", "advantage"]) {
        1
    } else if w.eat(&["dis", "disadvantage"]) {
        -1
    } else {
        return Ok(None);
    };
    let n: i8 = if w.peek().is_some_and(|t| t.text.parse::<u8>().is_ok()) {
        let n: u8 = w.number("a count")?;
        n.min(20) as i8
    } else {
        1
    };
    Ok(Some(sign * n))
}

/// An object die from one of `c`'s items, with its own edge (A13).
pub(super) fn object(w: &mut Words<'_>, c: &Character) -> R<ObjDie> {
    let at = w.peek().cloned();
    let i = item(w, c)?;
    let it = &c.items[i];
    let Some(sides) = it.die else {
        return Err(ScriptError::at(
            at.map_or(w.eol, |t| t.column),
            format!("the {} has no object die", it.name),
        ));
    };
    Ok(ObjDie {
        item: it.name.clone(),
        sides,
        edge: edge(w)?.unwrap_or(0),
    })
}

/// What a roll's options came to.
#[derive(Default)]
pub(super) struct Opts {
    pub flat: i8,
    pub edge: i8,
    pub objects: Vec<ObjDie>,
    pub dc: Option<(u8, bool)>,
    pub targets: Vec<Defence>,
    pub helpless: Option<(u32, u8)>,
    pub cost: Option<u8>,
    pub two: bool,
    pub damage: Option<String>,
    pub blast: bool,
    pub unarmed: bool,
    pub what: String,
}

impl Opts {
    /// The DC, the targets or the helpless target; `dc` when none was given.
    pub fn against(&self, dc: u8) -> Against {
        if let Some((target, dc)) = self.helpless {
            Against::Helpless { target, dc }
        } else if !self.targets.is_empty() {
            Against::Saves(self.targets.clone())
        } else {
            let (dc, hidden) = self.dc.unwrap_or((dc, false));
            Against::Dc { dc, hidden }
        }
    }

    /// A26: the damage die's index among the object dice (proposed: the first).
    pub fn damage_index(&self) -> usize {
        self.damage
            .as_ref()
            .and_then(|d| {
                self.objects
                    .iter()
                    .position(|o| o.item.eq_ignore_ascii_case(d))
            })
            .unwrap_or(0)
    }
}

/// Reads a roll's options in any order until the line ends (`for` takes the rest as text).
pub(super) fn opts(w: &mut Words<'_>, st: &State, c: &Character) -> R<Opts> {
    let mut o = Opts::default();
    while let Some(t) = w.peek().cloned() {
        if let Some(e) = edge(w)? {
            o.edge = o.edge.saturating_add(e);
            continue;
        }
        w.next("an option")?;
        if is(&t, &["dc"]) {
            o.dc = Some((w.number("the DC")?, false));
        } else if is(&t, &["hidden"]) {
            o.dc = Some((w.number("the hidden DC")?, true));
        } else if is(&t, &["vs", "against"]) {
            let target = who(w, st)?;
            if w.eat(&["helpless"]) {
                o.helpless = Some((target, w.number("the DC")?));
                continue;
            }
            let attr = match w.peek().and_then(attr_of) {
                Some(a) => {
                    w.next("an attribute")?;
                    a
                }
                None => Attr::Dex,
            };
            let mut objects = Vec::new();
            while w.eat(&["using"]) {
                let tc = st
                    .character(target)
                    .map_err(|e| ScriptError::at(t.column, e.to_string()))?;
                objects.push(object(w, tc)?);
            }
            o.targets.push(Defence {
                who: target,
                attr,
                objects,
                edge: 0,
            });
        } else if is(&t, &["with"]) {
            o.objects.push(object(w, c)?);
        } else if is(&t, &["impaired"]) {
            o.edge -= 1;
        } else if is(&t, &["enhanced"]) {
            o.edge += 1;
        } else if is(&t, &["ap"]) {
            o.cost = Some(w.number("the AP cost")?);
        } else if is(&t, &["secs", "seconds"]) {
            o.cost = Some(cost_for(w.number("the seconds")?));
        } else if is(&t, &["two"]) {
            o.two = true;
        } else if is(&t, &["blast"]) {
            o.blast = true;
        } else if is(&t, &["unarmed"]) {
            o.unarmed = true;
        } else if is(&t, &["damage"]) {
            o.damage = Some(w.next("the damage die's item")?.text);
        } else if is(&t, &["for"]) {
            o.what = w.rest_text("what it is for")?;
        } else if let Some(n) = signed(&t) {
            o.flat = o.flat.saturating_add(n);
        } else {
            return err(
                &t,
                "dc, hidden, vs, with, adv, dis, impaired, enhanced, +N, ap, secs, two, blast, \
                 unarmed, damage or for",
            );
        }
    }
    Ok(o)
}

/// "+2" or "-1".
pub(super) fn signed(t: &Token) -> Option<i8> {
    if t.quoted || !(t.text.starts_with('+') || t.text.starts_with('-')) {
        return None;
    }
    t.text.parse::<i8>().ok()
}

pub(super) use crate::script::verbs::{first_a_name, names};

/// A name, an attribute, then the roll's options.
pub(super) fn roll_words(t: &Typed<'_>, st: &State) -> Vec<String> {
    match (t.args.len(), t.prev().as_deref()) {
        (0, _) => names(t, st),
        (1, _) => vec!["str".into(), "dex".into(), "wil".into()],
        (_, Some("vs")) => names(t, st),
        (_, Some("with")) => t
            .args
            .first()
            .and_then(|n| st.by_name(&n.text))
            .map(|c| {
                c.items
                    .iter()
                    .filter(|i| i.die.is_some())
                    .map(|i| i.name.clone())
                    .collect()
            })
            .unwrap_or_default(),
        _ => ["dc", "vs", "with", "adv", "dis", "ap", "for"]
            .iter()
            .map(|s| s.to_string())
            .collect(),
    }
}
