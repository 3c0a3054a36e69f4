//! Characters rolled by the book: every number of a new sheet drawn in a fixed order through the
//! session's dice (so undo and replay give the same sheet), each draw said in the log. Phase
//! rolls with [`sum`] and its own events; bdp, ap and actiondie with [`in_order`].

use super::RuleError;
use super::said::{Event, Mood};
use crate::dice::DiceSource;
use crate::dice::ladder::Dice;

/// Rolls `count`d`sides` and sums them: the total and the faces as the log shows them, in the
/// words of every roll ("[4, 5, 6] = 15").
pub fn sum(
    dice: &mut dyn DiceSource,
    count: u8,
    sides: u16,
    purpose: &dyn std::fmt::Display,
) -> Result<(u32, String), RuleError> {
    let faces = Dice::new(count, sides).roll(dice, purpose)?;
    let total: u32 = faces.iter().map(|&f| u32::from(f)).sum();
    let words = super::rolled::Rolled::new(None).dice(super::rolled::Dice::pool("", faces));
    Ok((total, words.line().to_string()))
}

/// One number of a new sheet: what it is and the dice it is rolled with.
#[derive(Debug, Clone, Copy)]
pub struct Draw {
    pub what: &'static str,
    pub count: u8,
    pub sides: u16,
}

/// `count`d`sides` for `what`.
pub const fn draw(what: &'static str, count: u8, sides: u16) -> Draw {
    Draw { what, count, sides }
}

/// The Cairn family's character: 3d6 for STR, DEX and WIL in order, then a d6 for HP (bdp's
/// usual procedure, and 003's hirelings in ap).
pub const THREE_D6_IN_ORDER: [Draw; 4] = [
    draw("STR", 3, 6),
    draw("DEX", 3, 6),
    draw("WIL", 3, 6),
    draw("HP", 1, 6),
];

/// [`THREE_D6_IN_ORDER`] rolled for `who`: STR, DEX, WIL and HP.
pub fn three_d6_in_order(
    dice: &mut dyn DiceSource,
    who: &str,
    out: &mut Vec<Event>,
) -> Result<[u8; 4], RuleError> {
    let n = in_order(dice, who, &THREE_D6_IN_ORDER, out)?;
    let mut got = [0u8; 4];
    for (g, t) in got.iter_mut().zip(n) {
        *g = small(t);
    }
    Ok(got)
}

/// Rolls every draw in order for `who`, saying each in the log ("Ana rolls 3d6 for STR: [4, 5,
/// 6] = 15"); the totals come back in the same order.
pub fn in_order(
    dice: &mut dyn DiceSource,
    who: &str,
    draws: &[Draw],
    out: &mut Vec<Event>,
) -> Result<Vec<u32>, RuleError> {
    let mut totals = Vec::with_capacity(draws.len());
    for d in draws {
        let (total, shown) = sum(dice, d.count, d.sides, &format!("{who}'s {}", d.what))?;
        out.push(Event::said(
            Mood::Dim,
            format!(
                "{who} rolls {} for {}: {shown}",
                Dice::new(d.count, d.sides),
                d.what
            ),
        ));
        totals.push(total);
    }
    Ok(totals)
}

/// A total that fits a sheet's byte-sized number (every draw here is a few small dice).
pub fn small(total: u32) -> u8 {
    u8::try_from(total).unwrap_or(u8::MAX)
}

/// The name of a character about to be rolled: a name, and not one the roster has already (a
/// rolled PC is never numbered like a second orc).
pub fn fresh<'a>(
    name: &str,
    taken: impl IntoIterator<Item = &'a str>,
) -> Result<String, RuleError> {
    let name = super::text::checked(
        super::text::TextKind::Name,
        name,
        "a character needs a name",
    )?;
    if taken.into_iter().any(|t| t.eq_ignore_ascii_case(&name)) {
        return Err(RuleError::invalid(format!(
            "there is already a {name}: roll the new character under another name"
        )));
    }
    Ok(name)
}
