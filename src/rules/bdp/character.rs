//! One character or creature of ruleset `bdp` (B1): its scores, its row of slots and the rest of
//! "What the sheet holds".

use super::items::*;
use super::model::*;
use crate::rules::notes::Notes;
use serde::{Deserialize, Serialize};

/// One character or creature (B1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Character {
    pub id: u32,
    pub name: String,
    pub kind: Kind,
    /// B12: career, skill and background tags.
    #[serde(default)]
    pub careers: Vec<String>,
    #[serde(default)]
    pub skills: Vec<String>,
    #[serde(default)]
    pub backgrounds: Vec<String>,
    pub abilities: [Score; 3],
    /// B35: Permanent points per ability not yet trained back.
    pub untrained: [u8; 3],
    pub hp: Score,
    pub slots: Vec<Slot>,
    pub food_deprived: bool,
    pub sleep_deprived: bool,
    pub deprived_dawns: u8,
    /// Meals kept down since dawn.
    pub meals: Vec<Meal>,
    pub rest: Rest,
    /// B46: the Sleeping Tonic drunk for tonight.
    pub tonic: bool,
    /// B38: rested and cared for (advantage on disease saves).
    pub cared_for: bool,
    pub diseases: Vec<Disease>,
    /// B46: restoratives applied for tonight (at most one per ability).
    pub restoratives: Vec<Ability>,
    pub timers: Vec<Timer>,
    /// B33: herb cures working until the next dawn (slot indexes of Light wounds).
    pub herb_cures: Vec<u8>,
    pub dead: bool,
    pub out: Option<Out>,
    /// Impaired left and right arm (B28).
    pub impaired: [bool; 2],
    /// The judge's remarks and what the rules noted on the sheet, kept as shared lines so a
    /// copy of the state costs the same however many there are.
    pub notes: Notes,
    /// B51, B52: hazards the judge marked this character exposed to.
    pub exposed: Vec<Hazard>,
    /// B53: a creature the judge added to the dawn.
    #[serde(default)]
    pub at_dawn: bool,
}

impl Character {
    pub fn new(id: u32, name: String, kind: Kind, abilities: [u8; 3], hp: u8, slots: u8) -> Self {
        Character {
            id,
            name,
            kind,
            careers: Vec::new(),
            skills: Vec::new(),
            backgrounds: Vec::new(),
            abilities: abilities.map(Score::full),
            untrained: [0; 3],
            hp: Score::full(hp),
            slots: vec![Slot::Empty; usize::from(slots)],
            food_deprived: false,
            sleep_deprived: false,
            deprived_dawns: 0,
            meals: Vec::new(),
            rest: Rest::None,
            tonic: false,
            cared_for: false,
            diseases: Vec::new(),
            restoratives: Vec::new(),
            timers: Vec::new(),
            herb_cures: Vec::new(),
            dead: false,
            out: None,
            impaired: [false; 2],
            notes: Notes::new(),
            exposed: Vec::new(),
            at_dawn: false,
        }
    }

    pub fn score(&self, a: Ability) -> Score {
        self.abilities[a.index()]
    }

    pub fn score_mut(&mut self, a: Ability) -> &mut Score {
        &mut self.abilities[a.index()]
    }

    pub fn deprived(&self) -> bool {
        self.food_deprived || self.sleep_deprived
    }

    /// Counts of Fatigue in the slots.
    pub fn fatigue(&self) -> usize {
        self.slots
            .iter()
            .filter(|s| matches!(s, Slot::Fatigue(_)))
            .count()
    }

    pub fn empty_slot(&self) -> Option<usize> {
        self.slots.iter().position(|s| *s == Slot::Empty)
    }

    /// Lost slots (B3, B35).
    pub fn lost(&self) -> usize {
        self.slots
            .iter()
            .filter(|s| matches!(s, Slot::Wound(w) if w.level == Level::Permanent))
            .count()
    }

    /// B4's proposal: the highest-numbered slot holding an item.
    pub fn droppable(&self) -> Option<usize> {
        self.slots
            .iter()
            .rposition(|s| matches!(s, Slot::Item(_) | Slot::More(_)))
            .map(|i| match &self.slots[i] {
                Slot::More(at) => usize::from(*at),
                _ => i,
            })
    }

    /// Empties an item's slots (its first slot and every continuation); returns the item.
    pub fn take_item(&mut self, at: usize) -> Option<Item> {
        let Some(Slot::Item(item)) = self.slots.get(at).cloned() else {
            return None;
        };
        self.slots[at] = Slot::Empty;
        for s in &mut self.slots {
            if *s == Slot::More(at as u8) {
                *s = Slot::Empty;
            }
        }
        Some(item)
    }

    /// B28: a hand holds one item; whatever it held is let go.
    pub fn free_hand(&mut self, hand: Hand) {
        for s in &mut self.slots {
            if let Slot::Item(i) = s
                && i.held == Some(hand)
            {
                i.held = None;
            }
        }
    }

    /// B3: puts an item in the lowest run of empty slots it fits (its further slots point at
    /// the first); returns that first slot, or None when no run is long enough.
    pub fn stow(&mut self, mut item: Item) -> Option<usize> {
        item.size = item.size.max(1);
        let n = usize::from(item.size);
        let at = (0..self.slots.len()).find(|&i| {
            i + n <= self.slots.len() && self.slots[i..i + n].iter().all(|s| *s == Slot::Empty)
        })?;
        for k in 1..n {
            self.slots[at + k] = Slot::More(at as u8);
        }
        self.slots[at] = Slot::Item(item);
        Some(at)
    }

    /// Has worn gear of this kind (B29).
    pub fn wears(&self, f: impl Fn(&Item) -> bool) -> bool {
        self.slots
            .iter()
            .any(|s| matches!(s, Slot::Item(i) if f(i)))
    }

    pub fn can_act(&self) -> bool {
        !self.dead && self.out.is_none()
    }
}

/// One way a character deals harm, read from its sheet for the damage form's proposal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attack {
    pub name: String,
    pub amount: super::command::Amount,
    pub target: super::command::Target,
}

/// B49 gives no damage dice: a held item the form proposes deals this, the judge's to change.
pub const HELD_DIE: u16 = 6;

impl Character {
    /// Its attacks: a creature's as the bestiary wrote them into its notes ("Bite: d4 to HP"),
    /// then each item held in a hand (B49: at [`HELD_DIE`], the rules giving none).
    pub fn attacks(&self) -> Vec<Attack> {
        let mut out: Vec<Attack> = self.notes.iter().filter_map(|n| attack_note(n)).collect();
        out.extend(self.slots.iter().filter_map(|s| match s {
            Slot::Item(i) if i.held.is_some() && !i.broken => Some(Attack {
                name: i.name.clone(),
                amount: super::command::Amount::dice(1, HELD_DIE),
                target: super::command::Target::Hp,
            }),
            _ => None,
        }));
        out
    }
}

/// "Bite: d4 to HP (drags the fallen away)" as an attack; None for any other note.
fn attack_note(note: &str) -> Option<Attack> {
    use super::command::{Amount, Target};
    let (name, rest) = note.split_once(": ")?;
    let (dice, rest) = rest.trim().split_once(" to ")?;
    let target = match rest.split_whitespace().next()? {
        "HP" => Target::Hp,
        "STR" => Target::Ability(Ability::Str),
        "DEX" => Target::Ability(Ability::Dex),
        "WIL" => Target::Ability(Ability::Wil),
        _ => return None,
    };
    let amount = match dice.trim().split_once('d') {
        Some((n, sides)) => Amount::dice(
            if n.is_empty() { 1 } else { n.parse().ok()? },
            sides.parse().ok()?,
        ),
        None => Amount::flat(dice.trim().parse().ok()?),
    };
    (amount.count > 0 && amount.sides > 0 && !name.trim().is_empty()).then(|| Attack {
        name: name.trim().to_string(),
        amount,
        target,
    })
}

#[cfg(test)]
mod attack_tests {
    use super::*;
    use crate::rules::bdp::command::{Amount, Target};

    #[test]
    fn a_creatures_attack_is_read_from_the_line_the_bestiary_wrote() {
        let a = attack_note("Bite: d4 to HP (drags the fallen away)").unwrap();
        assert_eq!(
            (a.name.as_str(), a.amount, a.target),
            ("Bite", Amount::dice(1, 4), Target::Hp)
        );
        let b = attack_note("Sting: 2d6 to STR").unwrap();
        assert_eq!(b.amount, Amount::dice(2, 6));
        assert_eq!(
            attack_note("Claws: 3 to DEX").unwrap().amount,
            Amount::flat(3)
        );
        assert_eq!(attack_note("owes the ferryman"), None);
        assert_eq!(attack_note("Note: see page 4 to HP"), None);
    }
}
