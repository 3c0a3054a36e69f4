//! Readers the actiondie verbs share: a command as a line, names to ids, abilities, dice and
//! rungs, statuses, damage types, senses, actions, numbers typed from 1, and the completers.

use crate::content::find_by_name;
use crate::dice::ladder::Dice;
use crate::rules::GameCommand;
use crate::rules::actiondie::{
    Ability, Action, Command as C, DamageType, Roller, Sense, State, Status,
};
use crate::script::lexer::Token;
use crate::script::verbs::Typed;
use crate::script::words::{R, Words, is, lookup_err};
use crate::script::{Line, ScriptError};
use crate::session::Command;

/// An actiondie command as a line.
pub(super) fn g(c: C) -> Line {
    Line::Command(Command::Game(GameCommand::ActionDie(c)))
}

crate::script::verbs::alike::alike!(State => C: rule, choose, cancel, roll, remove, remark, dead, next);

pub(super) use crate::script::verbs::{err, who, who_of};

pub(super) const ABILITIES: &str = "str, dex, awr or wil";

pub(super) fn ability_of(t: &Token) -> Option<Ability> {
    [
        ("str", Ability::Str),
        ("dex", Ability::Dex),
        ("awr", Ability::Awr),
        ("wil", Ability::Wil),
    ]
    .into_iter()
    .find(|(k, _)| is(t, &[k]))
    .map(|(_, a)| a)
}

pub(super) fn ability(w: &mut Words<'_>) -> R<Ability> {
    let t = w.next(ABILITIES)?;
    ability_of(&t).map_or_else(|| err(&t, ABILITIES), Ok)
}

/// "0", "d8", "2d6": some dice (0 is no dice).
pub(super) fn dice_of(t: &Token) -> Option<Dice> {
    crate::content::actiondie::dice(&t.text)
}

pub(super) fn dice(w: &mut Words<'_>, what: &str) -> R<Dice> {
    let t = w.next(what)?;
    dice_of(&t).map_or_else(|| err(&t, what), Ok)
}

/// A rung of the die ladder, typed as its dice ("0" to "5d12").
pub(super) fn rung(w: &mut Words<'_>) -> R<u8> {
    let what = "a rung of the die ladder (0, d4 ... d12, 2d6 ... 5d12)";
    let t = w.next(what)?;
    dice_of(&t)
        .and_then(crate::rules::actiondie::rung_of)
        .map_or_else(|| err(&t, what), Ok)
}

pub(super) fn status(w: &mut Words<'_>) -> R<Status> {
    let t = w.next("a status")?;
    Status::ALL
        .into_iter()
        .find(|s| is(&t, &[s.word()]))
        .map_or_else(|| err(&t, "a status such as prone or bleeding"), Ok)
}

pub(super) fn kind_of(t: &Token) -> Option<DamageType> {
    DamageType::ALL.into_iter().find(|k| is(t, &[k.word()]))
}

pub(super) fn kind(w: &mut Words<'_>) -> R<DamageType> {
    let t = w.next("a damage type")?;
    kind_of(&t).map_or_else(|| err(&t, "blunt, slash, stab, fire or lightning"), Ok)
}

/// A number typed from 1, as an index from 0.
pub(super) fn index(w: &mut Words<'_>, what: &str) -> R<u8> {
    let column = w.peek().map_or(w.eol, |t| t.column);
    let n: u8 = w.number(what)?;
    if n == 0 {
        return Err(ScriptError::at(column, format!("{what} counts from 1")));
    }
    Ok(n - 1)
}

/// "+2", "-1": a signed number, when the next word is one.
pub(super) fn signed(t: &Token) -> Option<i16> {
    let s = t.text.as_str();
    if s.starts_with('+') || s.starts_with('-') {
        s.parse().ok()
    } else {
        None
    }
}

pub(super) fn text(w: &mut Words<'_>) -> R<String> {
    if w.at_end() {
        Ok(String::new())
    } else {
        w.rest_text("text")
    }
}

/// What an attack strikes with: item N, `with ITEM` (its number or name), `unarmed`, or when
/// none is typed the weapon its chosen action names, else the wielded one (bare hands without).
pub(super) fn weapon(w: &mut Words<'_>, st: &State, who: u32) -> R<Option<u8>> {
    match w.peek() {
        Some(n) if n.text.parse::<u8>().is_ok() => Ok(Some(index(w, "the item number")?)),
        Some(n) if is(n, &["with"]) => {
            w.pos += 1;
            if w.peek().is_some_and(|t| t.text.parse::<u8>().is_ok()) {
                return Ok(Some(index(w, "the item number")?));
            }
            let t = w.next("the weapon's name or number")?;
            if is(&t, &["unarmed"]) {
                return Ok(None);
            }
            let items = st.character(who).map(|c| c.items.as_slice()).unwrap_or(&[]);
            find_by_name(items, |i| &i.name, &t.text, "item")
                .map(|it| items.iter().position(|x| std::ptr::eq(x, it)).unwrap_or(0) as u8)
                .map(Some)
                .map_err(|e| lookup_err(&t, e))
        }
        Some(n) if is(n, &["unarmed"]) => {
            w.pos += 1;
            Ok(None)
        }
        // D17: at its turn a participant takes its chosen action, so an attack chosen with a
        // weapon strikes with it; otherwise the weapon in hand.
        _ => {
            let chosen = st
                .fight
                .as_ref()
                .and_then(|f| f.entry(who))
                .and_then(|e| e.action.as_ref());
            if let Some(Action::Attack { item }) = chosen {
                return Ok(*item);
            }
            Ok(st
                .character(who)
                .ok()
                .and_then(|c| c.wielded())
                .map(|i| i as u8))
        }
    }
}

pub(super) const ACTIONS: &str = "an action: attack [N|with ITEM|unarmed], technique N DICE, defend, help NAME, run or other [DICE]";

/// D11: an action as typed.
pub(super) fn action(w: &mut Words<'_>, st: &State, who: u32) -> R<Action> {
    let t = w.next(ACTIONS)?;
    if is(&t, &["attack", "a"]) {
        Ok(Action::Attack {
            item: weapon(w, st, who)?,
        })
    } else if is(&t, &["technique", "tech"]) {
        let index = index(w, "the technique's number")?;
        let dice = w.number("how many technique dice")?;
        Ok(Action::Technique { index, dice })
    } else if is(&t, &["defend", "d"]) {
        Ok(Action::Defend)
    } else if is(&t, &["help", "h"]) {
        Ok(Action::Help {
            whom: self::who(w, st)?,
        })
    } else if is(&t, &["run", "r"]) {
        Ok(Action::Run)
    } else if is(&t, &["other", "o"]) {
        let die = match w.peek() {
            Some(d) if dice_of(d).is_some_and(|d| d.count > 0) => Some(dice(w, "a die")?),
            _ => None,
        };
        Ok(Action::Other { die })
    } else {
        err(&t, ACTIONS)
    }
}

/// D5-D8: what follows a checker's ability: skill NAME, +N/-N, adv, dis, needs SENSE.
/// Stops at any other word.
pub(super) fn roller_options(w: &mut Words<'_>, r: &mut Roller) -> R<()> {
    while let Some(t) = w.peek().cloned() {
        if is(&t, &["adv", "advantage"]) {
            r.adv = r.adv.saturating_add(1);
        } else if is(&t, &["dis", "disadv", "disadvantage"]) {
            r.dis = r.dis.saturating_add(1);
        } else if is(&t, &["skill"]) {
            w.pos += 1;
            r.skill = Some(w.next("the skill's name")?.text);
            continue;
        } else if is(&t, &["needs", "need"]) {
            w.pos += 1;
            let s = w.next("sight, hearing or voice")?;
            let Some(sense) = Sense::ALL.into_iter().find(|x| is(&s, &[x.word()])) else {
                return err(&s, "sight, hearing or voice");
            };
            if !r.needs.contains(&sense) {
                r.needs.push(sense);
            }
            continue;
        } else if let Some(n) = signed(&t) {
            r.flat = n.clamp(-100, 100) as i8;
        } else {
            return Ok(());
        }
        w.pos += 1;
    }
    Ok(())
}

pub(super) use crate::script::verbs::{first_a_name, names};

pub(super) fn then_ability(t: &Typed<'_>, st: &State) -> Vec<String> {
    match t.args.len() {
        0 => names(t, st),
        1 => ["str", "dex", "awr", "wil"].map(String::from).to_vec(),
        _ => ["adv", "dis", "skill", "needs", "vs", "for"]
            .map(String::from)
            .to_vec(),
    }
}

pub(super) fn then_action(t: &Typed<'_>, st: &State) -> Vec<String> {
    match t.args.len() {
        0 => names(t, st),
        1 => ["attack", "technique", "defend", "help", "run", "other"]
            .map(String::from)
            .to_vec(),
        _ => Vec::new(),
    }
}

pub(super) fn then_status(t: &Typed<'_>, st: &State) -> Vec<String> {
    match t.args.len() {
        0 => names(t, st),
        1 => Status::ALL
            .iter()
            .map(|s| s.word().to_ascii_lowercase())
            .collect(),
        _ => vec!["on".into(), "off".into()],
    }
}

pub(super) fn who_only(f: fn(u32) -> C) -> impl Fn(&mut Words<'_>, &State) -> R<Line> {
    move |w, st| Ok(g(f(who(w, st)?)))
}
