//! What a fight summary counts: each ruleset says, per event, who harmed, healed or downed whom
//! and which rolls were critical or fumbled, as small typed tallies. The frame adds them up when
//! a fight ends (see `export::summary`); the rules never add anything up themselves.

use serde::{Deserialize, Serialize};

/// What a tally counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TallyKind {
    /// Harm in the ruleset's own measure (HP, points of a score, wounds).
    Damage,
    Healing,
    /// Out of the fight: down, dying, dead, fled as the ruleset has it.
    Down,
    /// A roll that was critical, where the ruleset has them.
    Crit,
    /// A roll that fumbled, where the ruleset has them.
    Fumble,
}

/// One thing to count: `by` did `amount` of `kind` to `to` (either may be unknown: harm from a
/// fall has no `by`; a critical roll names only who rolled it, as `by`; critical damage names
/// who took it, as `to`, and who dealt it when that is known).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub by: Option<String>,
    pub to: Option<String>,
    pub kind: TallyKind,
    pub amount: u32,
}

impl Tally {
    /// `amount` of harm to `to`, by `by` when known.
    pub fn damage(by: Option<&str>, to: &str, amount: u32) -> Tally {
        Tally {
            by: by.map(str::to_owned),
            to: Some(to.to_owned()),
            kind: TallyKind::Damage,
            amount,
        }
    }

    pub fn healing(to: &str, amount: u32) -> Tally {
        Tally {
            by: None,
            to: Some(to.to_owned()),
            kind: TallyKind::Healing,
            amount,
        }
    }

    pub fn down(who: &str) -> Tally {
        Tally {
            by: None,
            to: Some(who.to_owned()),
            kind: TallyKind::Down,
            amount: 1,
        }
    }

    /// A critical roll by `who`.
    pub fn crit(who: &str) -> Tally {
        Tally {
            by: Some(who.to_owned()),
            to: None,
            kind: TallyKind::Crit,
            amount: 1,
        }
    }

    /// Critical damage (a blow that calls the critical damage save) taken by `to`, dealt by
    /// `by` when known.
    pub fn critical_damage(by: Option<&str>, to: &str) -> Tally {
        Tally {
            by: by.map(str::to_owned),
            to: Some(to.to_owned()),
            kind: TallyKind::Crit,
            amount: 1,
        }
    }

    /// A score the judge set by hand, from `was` to `now`: healing when it rose, harm taken
    /// when it fell, nothing when it stayed.
    pub fn moved(who: &str, was: u32, now: u32) -> Option<Tally> {
        match now.cmp(&was) {
            std::cmp::Ordering::Greater => Some(Tally::healing(who, now - was)),
            std::cmp::Ordering::Less => Some(Tally::damage(None, who, was - now)),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// A fumbled roll by `who`.
    pub fn fumble(who: &str) -> Tally {
        Tally {
            by: Some(who.to_owned()),
            to: None,
            kind: TallyKind::Fumble,
            amount: 1,
        }
    }
}

/// Who a free-text source of harm names as its dealer: the character whose name the source
/// begins with, as a whole word and in any case ("Ogre", "ogre's club", "Ogre club"); the
/// longest such name when several fit. Harm typed by the judge has no other dealer to name.
pub fn dealer<'a>(source: &str, names: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let source = source.trim();
    names
        .into_iter()
        .filter(|name| {
            let n = name.len();
            !name.is_empty()
                && source.len() >= n
                && source.is_char_boundary(n)
                && source[..n].eq_ignore_ascii_case(name)
                && source[n..]
                    .chars()
                    .next()
                    .is_none_or(|c| !c.is_alphanumeric())
        })
        .max_by_key(|name| name.len())
        .map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::dealer;

    #[test]
    fn a_source_names_its_dealer_by_its_first_words() {
        let names = ["Ogre", "Ogre Chief", "Ana"];
        assert_eq!(dealer("Ogre's club", names).as_deref(), Some("Ogre"));
        assert_eq!(
            dealer("ogre chief axe", names).as_deref(),
            Some("Ogre Chief")
        );
        assert_eq!(dealer("Ana", names).as_deref(), Some("Ana"));
        assert_eq!(dealer("Anatomy lesson", names), None);
        assert_eq!(dealer("a fall", names), None);
        assert_eq!(dealer("", names), None);
    }
}
