//! Dice: the only source of randomness in slotmark.
//!
//! Owns dice expressions (`d12`, `3d6`, `2d6+1`, `d20 adv`), edge (advantage and disadvantage,
//! 000 §Advantage, SLOT-RULES R6) and the [`DiceSource`] implementations: live (seedable),
//! scripted (a queue of faces, for replay, tests and scripts) and manual (faces the judge typed
//! from physical dice). Every face drawn through a [`Recorder`] is kept with what it was for, so
//! the session log can replay a command without rolling again.
//!
//! Shared ways of reading dice that rulesets choose between live beside this file: [`ladder`]
//! (dice as rungs that step) and [`keep`] (keep best or worst, roll-under saves, tie policies,
//! whole-check advantage, exploding maxima, usage dice).

pub mod keep;
pub mod ladder;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::fmt;
use std::sync::Arc;
use thiserror::Error;

/// The largest die slotmark rolls; also the bound on expression sizes.
pub const MAX_SIDES: u16 = 1000;
/// The most dice one expression may roll.
pub const MAX_DICE: u16 = 100;
/// The most extra dice edge adds to a quick roll, either way.
pub const QUICK_ROLL_EDGE: u8 = 2;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DiceError {
    #[error("the scripted dice ran out: a d{sides} was needed for {purpose}")]
    ScriptExhausted { sides: u16, purpose: String },
    #[error("a d{sides} cannot show {face} (needed for {purpose})")]
    FaceOutOfRange {
        sides: u16,
        face: u16,
        purpose: String,
    },
    #[error("roll a d{sides} for {purpose} and type the face")]
    NeedFace { sides: u16, purpose: String },
    #[error("{0}")]
    BadExpression(String),
}

/// One face drawn, with the die it came from and what it was for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    pub sides: u16,
    pub face: u16,
    /// Shared: a long log draws for the same few purposes over and over, and the session keeps
    /// one copy of each ([`Session`](crate::session::Session) shares them as it logs a step).
    #[serde(with = "shared_text")]
    pub purpose: Arc<str>,
}

/// A shared text read and written as the plain string it holds.
mod shared_text {
    use serde::{Deserialize, Deserializer, Serializer};
    use std::sync::Arc;

    pub fn serialize<S: Serializer>(text: &Arc<str>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(text)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Arc<str>, D::Error> {
        String::deserialize(d).map(Arc::from)
    }
}

/// Anything that can produce die faces. Implementations must return a face in `1..=sides`.
///
/// What the die is for comes unwritten, as anything that can write itself (`&"the weather"`,
/// `&format_args!("{name}'s HP")`): only a source that keeps or shows it writes the text (the
/// [`Recorder`] as it records, the others in an error), so a replay that draws recorded faces
/// writes no purpose at all.
pub trait DiceSource {
    fn roll(&mut self, sides: u16, purpose: &dyn fmt::Display) -> Result<u16, DiceError>;
}

/// Live dice: a seedable generator. The same seed gives the same faces on every platform
/// (ChaCha8 is specified, unlike the standard library's generators).
#[derive(Debug, Clone)]
pub struct LiveDice {
    rng: ChaCha8Rng,
}

impl LiveDice {
    pub fn seeded(seed: u64) -> Self {
        Self {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// Seeded from the operating system.
    pub fn from_entropy() -> Self {
        Self {
            rng: rand::make_rng(),
        }
    }
}

/// Every die at its highest face, or every die at 1: the two ends of what a step could do (the
/// last rows of a death table, a roll-under save failed), tried on a copy before the judge
/// takes the step. Never used to take one.
#[derive(Debug, Clone, Copy)]
pub struct EndFaces {
    pub highest: bool,
}

impl DiceSource for EndFaces {
    fn roll(&mut self, sides: u16, _purpose: &dyn fmt::Display) -> Result<u16, DiceError> {
        Ok(if self.highest { sides.max(1) } else { 1 })
    }
}

/// The operating system had no randomness to give.
#[derive(Debug, Error)]
#[error("the operating system gave no randomness: {0}")]
pub struct NoRandomness(String);

/// A secret no one can guess, for the players' page's address: 128 bits straight from the
/// operating system, as 32 hexadecimal digits. It is no die (nothing records, seeds or replays
/// it), so it does not go through a [`DiceSource`]; it lives here because every random thing
/// slotmark makes comes from this module.
pub fn access_token() -> Result<String, NoRandomness> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| NoRandomness(e.to_string()))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

impl DiceSource for LiveDice {
    fn roll(&mut self, sides: u16, _purpose: &dyn fmt::Display) -> Result<u16, DiceError> {
        Ok(self.rng.random_range(1..=sides.max(1)))
    }
}

/// Scripted dice: faces in a fixed order. Running out or a face the die cannot show is an error.
#[derive(Debug, Clone, Default)]
pub struct ScriptedDice {
    faces: VecDeque<u16>,
}

impl ScriptedDice {
    pub fn new(faces: impl IntoIterator<Item = u16>) -> Self {
        Self {
            faces: faces.into_iter().collect(),
        }
    }

    /// Faces not drawn yet.
    pub fn remaining(&self) -> usize {
        self.faces.len()
    }
}

impl DiceSource for ScriptedDice {
    fn roll(&mut self, sides: u16, purpose: &dyn fmt::Display) -> Result<u16, DiceError> {
        let face = self
            .faces
            .pop_front()
            .ok_or_else(|| DiceError::ScriptExhausted {
                sides,
                purpose: purpose.to_string(),
            })?;
        if face == 0 || face > sides {
            return Err(DiceError::FaceOutOfRange {
                sides,
                face,
                purpose: purpose.to_string(),
            });
        }
        Ok(face)
    }
}

/// Manual dice: the faces the table rolled, typed in by the judge. When the typed faces run out
/// the error asks for the next one ([`DiceError::NeedFace`]), so the screen can prompt for that die
/// and retry the command (commands are transactional, so the retry starts from the same state).
#[derive(Debug, Clone, Default)]
pub struct ManualDice {
    faces: VecDeque<u16>,
}

impl ManualDice {
    pub fn new(faces: impl IntoIterator<Item = u16>) -> Self {
        Self {
            faces: faces.into_iter().collect(),
        }
    }

    pub fn push(&mut self, face: u16) {
        self.faces.push_back(face);
    }
}

impl DiceSource for ManualDice {
    fn roll(&mut self, sides: u16, purpose: &dyn fmt::Display) -> Result<u16, DiceError> {
        match self.faces.pop_front() {
            None => Err(DiceError::NeedFace {
                sides,
                purpose: purpose.to_string(),
            }),
            Some(face) if face == 0 || face > sides => Err(DiceError::FaceOutOfRange {
                sides,
                face,
                purpose: purpose.to_string(),
            }),
            Some(face) => Ok(face),
        }
    }
}

/// Wraps a source and keeps every face drawn, in order, with its purpose written out.
pub struct Recorder<'a> {
    inner: &'a mut dyn DiceSource,
    pub rolls: Vec<Roll>,
    /// Where each purpose is written before it is kept: one buffer for every roll of a step.
    text: String,
}

impl<'a> Recorder<'a> {
    pub fn new(inner: &'a mut dyn DiceSource) -> Self {
        Self {
            inner,
            rolls: Vec::new(),
            text: String::new(),
        }
    }
}

impl DiceSource for Recorder<'_> {
    fn roll(&mut self, sides: u16, purpose: &dyn fmt::Display) -> Result<u16, DiceError> {
        use fmt::Write;
        let face = self.inner.roll(sides, purpose)?;
        self.text.clear();
        // Writing into a String cannot fail; a purpose that refuses to write itself is kept
        // as far as it got.
        let _ = write!(self.text, "{purpose}");
        self.rolls.push(Roll {
            sides,
            face,
            purpose: Arc::from(self.text.as_str()),
        });
        Ok(face)
    }
}

/// Replays recorded faces without copying their purposes: the cheap source used by undo and replay.
pub struct RecordedDice<'a> {
    rolls: std::slice::Iter<'a, Roll>,
}

impl<'a> RecordedDice<'a> {
    pub fn new(rolls: &'a [Roll]) -> Self {
        Self {
            rolls: rolls.iter(),
        }
    }
}

impl DiceSource for RecordedDice<'_> {
    fn roll(&mut self, sides: u16, purpose: &dyn fmt::Display) -> Result<u16, DiceError> {
        match self.rolls.next() {
            // A recorded face comes from a file: one the die cannot show is refused like any
            // other, or a damaged journal would be folded into the session file.
            Some(r) if r.sides == sides && (1..=sides).contains(&r.face) => Ok(r.face),
            Some(r) => Err(DiceError::FaceOutOfRange {
                sides,
                face: r.face,
                purpose: purpose.to_string(),
            }),
            None => Err(DiceError::ScriptExhausted {
                sides,
                purpose: purpose.to_string(),
            }),
        }
    }
}

/// Advantages and disadvantages granted on one roll, as counts, so the screen can show what was
/// granted. How they are read (cancelled one for one, capped, per die or on the whole roll) is
/// each ruleset's rule, not the dice's: the slot system's is R6 (`rules::slots::checks::r6`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Edge {
    pub adv: u8,
    pub dis: u8,
}

impl Edge {
    pub const NONE: Edge = Edge { adv: 0, dis: 0 };

    pub fn advantage(n: u8) -> Self {
        Edge { adv: n, dis: 0 }
    }

    pub fn disadvantage(n: u8) -> Self {
        Edge { adv: 0, dis: n }
    }

    /// Advantages less disadvantages, uncapped: positive is advantage.
    pub fn balance(self) -> i16 {
        i16::from(self.adv) - i16::from(self.dis)
    }

    pub fn plus(self, other: Edge) -> Edge {
        Edge {
            adv: self.adv.saturating_add(other.adv),
            dis: self.dis.saturating_add(other.dis),
        }
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.balance();
        let kind = if n > 0 { "advantage" } else { "disadvantage" };
        match n.unsigned_abs() {
            0 => write!(f, "no edge"),
            1 => write!(f, "{kind}"),
            2 => write!(f, "double {kind}"),
            more => write!(f, "{kind} ×{more}"),
        }
    }
}

/// Text echoed in an error, kept on one short line: control characters (a line break inside a
/// command-line argument, say) are shown escaped, and a long text is cut.
fn one_line(text: &str) -> String {
    const LONGEST: usize = 40;
    let mut shown: String = text
        .chars()
        .take(LONGEST)
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect();
    if text.chars().nth(LONGEST).is_some() {
        shown.push('…');
    }
    shown
}

/// A dice expression: `NdS[+K|-K]` followed by any number of `adv`/`dis` words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceExpr {
    pub count: u16,
    pub sides: u16,
    pub modifier: i32,
    pub edge: Edge,
}

impl DiceExpr {
    pub fn single(sides: u16) -> Self {
        DiceExpr {
            count: 1,
            sides,
            modifier: 0,
            edge: Edge::NONE,
        }
    }

    /// Parses `d12`, `3d6`, `2d6+1`, `d20 adv`, `d12 dis`, `2d20 dis`, `d12 adv adv dis`.
    pub fn parse(text: &str) -> Result<Self, DiceError> {
        let bad =
            |why: &str| DiceError::BadExpression(format!("'{}': {why}", one_line(text.trim())));
        let mut words = text.split_whitespace();
        let head = words
            .next()
            .ok_or_else(|| bad("nothing to roll; try d12 or 3d6"))?
            .to_ascii_lowercase();
        let mut edge = Edge::NONE;
        for w in words {
            match w.to_ascii_lowercase().as_str() {
                "adv" | "advantage" => edge.adv = edge.adv.saturating_add(1),
                "dis" | "disadvantage" => edge.dis = edge.dis.saturating_add(1),
                other => {
                    return Err(bad(&format!(
                        "'{}' is not an edge word; use adv or dis",
                        one_line(other)
                    )));
                }
            }
        }
        let (dice, modifier) = match head.find(['+', '-']) {
            Some(i) => {
                let (d, m) = head.split_at(i);
                let digits = &m[1..];
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(bad("the modifier after + or - must be a whole number"));
                }
                let value: i32 = digits
                    .parse()
                    .map_err(|_| bad("the modifier is too large"))?;
                if value > 10_000 {
                    return Err(bad("the modifier is too large"));
                }
                (d, if m.starts_with('-') { -value } else { value })
            }
            None => (head.as_str(), 0),
        };
        let (count, sides) = dice
            .split_once('d')
            .ok_or_else(|| bad("expected dice like d12 or 3d6"))?;
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        let count: u16 = if count.is_empty() {
            1
        } else if !digits(count) {
            return Err(bad("the number of dice must be a whole number"));
        } else {
            // All digits, so only its size can fail.
            count
                .parse()
                .map_err(|_| bad(&format!("roll between 1 and {MAX_DICE} dice")))?
        };
        if !digits(sides) {
            return Err(bad("the die size must be a whole number, as in d12"));
        }
        let sides: u16 = sides
            .parse()
            .map_err(|_| bad(&format!("a die has between 2 and {MAX_SIDES} sides")))?;
        if count == 0 || count > MAX_DICE {
            return Err(bad(&format!("roll between 1 and {MAX_DICE} dice")));
        }
        if !(2..=MAX_SIDES).contains(&sides) {
            return Err(bad(&format!("a die has between 2 and {MAX_SIDES} sides")));
        }
        Ok(DiceExpr {
            count,
            sides,
            modifier,
            edge,
        })
    }

    /// The edge a quick roll reads: advantages and disadvantages cancel one for one and at most
    /// [`QUICK_ROLL_EDGE`] extra dice are rolled (the slot system's reading, which the quick roll
    /// borrows as its own); positive is advantage.
    pub fn net_edge(&self) -> i8 {
        self.edge
            .balance()
            .clamp(-i16::from(QUICK_ROLL_EDGE), i16::from(QUICK_ROLL_EDGE)) as i8
    }

    /// Was more edge given than the quick roll reads?
    pub fn edge_capped(&self) -> bool {
        self.edge.balance().unsigned_abs() > u16::from(QUICK_ROLL_EDGE)
    }

    /// Rolls the expression. Under edge, extra dice are rolled and the best (advantage) or worst
    /// (disadvantage) `count` dice are kept, highest meaning best.
    pub fn roll(&self, dice: &mut dyn DiceSource) -> Result<ExprRoll, DiceError> {
        let extra = self.net_edge().unsigned_abs() as usize;
        let total_dice = self.count as usize + extra;
        let mut faces = Vec::with_capacity(total_dice);
        for _ in 0..total_dice {
            faces.push(dice.roll(self.sides, &"a quick roll")?);
        }
        let mut order: Vec<usize> = (0..faces.len()).collect();
        order.sort_by_key(|&i| faces[i]);
        if self.net_edge() > 0 {
            order.reverse();
        }
        let mut kept: Vec<usize> = order.into_iter().take(self.count as usize).collect();
        kept.sort_unstable();
        let sum: i64 = kept.iter().map(|&i| i64::from(faces[i])).sum();
        Ok(ExprRoll {
            faces,
            kept,
            total: sum + i64::from(self.modifier),
        })
    }
}

impl fmt::Display for DiceExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.count != 1 {
            write!(f, "{}", self.count)?;
        }
        write!(f, "d{}", self.sides)?;
        if self.modifier > 0 {
            write!(f, "+{}", self.modifier)?;
        } else if self.modifier < 0 {
            write!(f, "{}", self.modifier)?;
        }
        match self.net_edge() {
            0 => Ok(()),
            n if n > 0 => write!(f, "{}", " adv".repeat(n as usize)),
            n => write!(f, "{}", " dis".repeat(n.unsigned_abs() as usize)),
        }
    }
}

/// The result of rolling an expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExprRoll {
    pub faces: Vec<u16>,
    /// Indices into `faces` of the dice that count.
    pub kept: Vec<usize>,
    pub total: i64,
}

impl fmt::Display for ExprRoll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown: Vec<String> = self
            .faces
            .iter()
            .enumerate()
            .map(|(i, face)| {
                if self.kept.contains(&i) || self.kept.len() == self.faces.len() {
                    face.to_string()
                } else {
                    format!("({face})")
                }
            })
            .collect();
        write!(f, "{} = {}", shown.join(" "), self.total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_common_forms() {
        let e = DiceExpr::parse("d12").unwrap();
        assert_eq!((e.count, e.sides, e.modifier, e.net_edge()), (1, 12, 0, 0));
        let e = DiceExpr::parse("3d6").unwrap();
        assert_eq!((e.count, e.sides), (3, 6));
        let e = DiceExpr::parse("2d6+1").unwrap();
        assert_eq!((e.count, e.sides, e.modifier), (2, 6, 1));
        let e = DiceExpr::parse("d8-2").unwrap();
        assert_eq!(e.modifier, -2);
        assert_eq!(DiceExpr::parse("d20 adv").unwrap().net_edge(), 1);
        assert_eq!(DiceExpr::parse("D12 DIS").unwrap().net_edge(), -1);
        assert_eq!(DiceExpr::parse("d12 adv adv adv").unwrap().net_edge(), 2);
        assert_eq!(DiceExpr::parse("d12 adv dis").unwrap().net_edge(), 0);
    }

    #[test]
    fn rejects_bad_expressions_with_a_reason() {
        for bad in [
            "",
            "d",
            "12",
            "d1",
            "0d6",
            "d0",
            "xd6",
            "d6+",
            "d6+x",
            "d12 sideways",
            "101d6",
            "d1001",
            "3d6++1",
        ] {
            let err = DiceExpr::parse(bad).unwrap_err();
            assert!(matches!(err, DiceError::BadExpression(_)), "{bad}: {err}");
        }
    }

    #[test]
    fn display_round_trips() {
        for s in ["d12", "3d6", "2d6+1", "d8-2", "d20 adv", "2d20 dis dis"] {
            assert_eq!(DiceExpr::parse(s).unwrap().to_string(), s);
        }
    }

    #[test]
    fn edge_is_counted_not_read_and_the_quick_roll_reads_at_most_two_either_way() {
        assert_eq!(Edge { adv: 3, dis: 1 }.balance(), 2);
        assert_eq!(Edge { adv: 0, dis: 5 }.balance(), -5);
        assert_eq!(Edge { adv: 4, dis: 0 }.to_string(), "advantage ×4");
        let e = DiceExpr::parse("d12 dis dis dis dis dis").unwrap();
        assert_eq!((e.net_edge(), e.edge_capped()), (-2, true));
    }

    #[test]
    fn edge_keeps_best_or_worst() {
        let adv = DiceExpr::parse("d12 adv").unwrap();
        let r = adv.roll(&mut ScriptedDice::new([3, 9])).unwrap();
        assert_eq!((r.kept.clone(), r.total), (vec![1], 9));
        let dis = DiceExpr::parse("2d20 dis").unwrap();
        let r = dis.roll(&mut ScriptedDice::new([15, 2, 7])).unwrap();
        assert_eq!(r.total, 9);
        assert_eq!(r.to_string(), "(15) 2 7 = 9");
    }

    #[test]
    fn scripted_dice_errors_never_panic() {
        let mut d = ScriptedDice::new([5, 13]);
        assert_eq!(d.roll(12, &"test").unwrap(), 5);
        assert!(matches!(
            d.roll(12, &"test"),
            Err(DiceError::FaceOutOfRange { face: 13, .. })
        ));
        assert!(matches!(
            d.roll(12, &"test"),
            Err(DiceError::ScriptExhausted { .. })
        ));
        assert!(matches!(
            ScriptedDice::new([0]).roll(6, &"t"),
            Err(DiceError::FaceOutOfRange { .. })
        ));
    }

    #[test]
    fn manual_dice_ask_for_the_next_face() {
        let mut d = ManualDice::new([4]);
        assert_eq!(d.roll(12, &"a terrain check").unwrap(), 4);
        let err = d.roll(12, &"a terrain check").unwrap_err();
        assert_eq!(
            err.to_string(),
            "roll a d12 for a terrain check and type the face"
        );
    }

    #[test]
    fn live_dice_are_reproducible_and_in_range() {
        let mut a = LiveDice::seeded(7);
        let mut b = LiveDice::seeded(7);
        for _ in 0..500 {
            let x = a.roll(12, &"t").unwrap();
            assert_eq!(x, b.roll(12, &"t").unwrap());
            assert!((1..=12).contains(&x));
        }
    }

    /// A purpose that counts how often it is written out.
    struct Counted<'a>(&'a std::cell::Cell<usize>);

    impl fmt::Display for Counted<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            self.0.set(self.0.get() + 1);
            f.write_str("a counted roll")
        }
    }

    #[test]
    fn a_purpose_is_written_only_where_it_is_kept_or_shown() {
        let written = std::cell::Cell::new(0);
        let purpose = Counted(&written);
        LiveDice::seeded(1).roll(6, &purpose).unwrap();
        ScriptedDice::new([3]).roll(6, &purpose).unwrap();
        ManualDice::new([3]).roll(6, &purpose).unwrap();
        let kept = [Roll {
            sides: 6,
            face: 3,
            purpose: "kept".into(),
        }];
        RecordedDice::new(&kept).roll(6, &purpose).unwrap();
        assert_eq!(written.get(), 0, "drawing a face writes no purpose");
        let mut src = ScriptedDice::new([4]);
        let mut rec = Recorder::new(&mut src);
        rec.roll(6, &purpose).unwrap();
        assert_eq!(
            (written.get(), &*rec.rolls[0].purpose),
            (1, "a counted roll")
        );
        let err = ScriptedDice::new([]).roll(6, &purpose).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the scripted dice ran out: a d6 was needed for a counted roll"
        );
    }

    #[test]
    fn recorder_keeps_every_face_with_its_purpose() {
        let mut src = ScriptedDice::new([2, 11]);
        let mut rec = Recorder::new(&mut src);
        rec.roll(12, &"first").unwrap();
        rec.roll(12, &"second").unwrap();
        assert_eq!(rec.rolls.len(), 2);
        assert_eq!(&*rec.rolls[1].purpose, "second");
        let mut again = RecordedDice::new(&rec.rolls);
        assert_eq!(again.roll(12, &"x").unwrap(), 2);
        assert_eq!(again.roll(12, &"x").unwrap(), 11);
        assert!(again.roll(12, &"x").is_err());
    }
}
