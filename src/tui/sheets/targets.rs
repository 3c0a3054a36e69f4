//! The order in which a ruleset's forms propose targets, shared by every ruleset: a foe still
//! standing before anyone else, and among the foes the one the actor attacked last, then one
//! engaged with it or in its zone, then one the players see; allies after the foes, and the
//! down, dead or gone last of all. Each ruleset says what those words mean for its own sheets.

/// Someone a form could propose as a target, as the ruleset reads them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    pub id: u32,
    /// What the form shows.
    pub label: String,
    /// On the other side from the actor.
    pub foe: bool,
    /// Down, dead, fled or out of play.
    pub down: bool,
    /// Engaged with the actor, or in its zone.
    pub close: bool,
    /// Kept from the players (unseen).
    pub hidden: bool,
}

/// The candidates as a form's choices, best first. `last` is whom the actor attacked last.
pub fn propose(mut all: Vec<Candidate>, last: Option<u32>) -> Vec<(String, u32)> {
    // A stable sort keeps the roster's order among equals.
    all.sort_by_key(|c| (c.down, !c.foe, last != Some(c.id), !c.close, c.hidden));
    all.into_iter().map(|c| (c.label, c.id)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(id: u32, foe: bool, down: bool, close: bool, hidden: bool) -> Candidate {
        Candidate {
            id,
            label: id.to_string(),
            foe,
            down,
            close,
            hidden,
        }
    }

    fn ids(v: Vec<(String, u32)>) -> Vec<u32> {
        v.into_iter().map(|(_, id)| id).collect()
    }

    #[test]
    fn a_standing_foe_comes_before_an_ally_or_the_dead() {
        let all = vec![
            c(1, false, false, true, false),
            c(2, true, true, true, false),
            c(3, true, false, false, true),
            c(4, true, false, false, false),
        ];
        assert_eq!(ids(propose(all, None)), [4, 3, 1, 2]);
    }

    #[test]
    fn the_foe_attacked_last_then_the_close_one_lead() {
        let all = vec![
            c(1, true, false, false, false),
            c(2, true, false, true, false),
            c(3, true, false, false, false),
        ];
        assert_eq!(ids(propose(all.clone(), None)), [2, 1, 3]);
        assert_eq!(ids(propose(all, Some(3))), [3, 2, 1]);
    }
}
