//! Layouts and slot lookups (R1-R3): the human sheet, adjacency, body slots, and what item
//! effectively sits in a slot (a dropped backpack empties 8-11; a two-handed weapon fills both
//! grips).

use super::model::*;
use crate::rules::RuleError;

impl Layout {
    /// The human sheet (000 §Inventory, R1): 11 slots on a d12.
    pub fn human() -> Layout {
        let slot = |label: &str, region: Region, body: bool| SlotDef {
            label: label.to_string(),
            region,
            body,
        };
        Layout {
            name: "human".to_string(),
            die: 12,
            slots: vec![
                slot("Head", Region::Head, true),
                slot("Torso", Region::Torso, true),
                slot("Torso", Region::Torso, true),
                slot("Legs/Feet", Region::LegsFeet, true),
                slot("Arms/Hands", Region::ArmsHands, true),
                slot("Grip", Region::Grip, false),
                slot("Grip", Region::Grip, false),
                slot("Backpack", Region::Backpack, false),
                slot("Backpack", Region::Backpack, false),
                slot("Backpack", Region::Backpack, false),
                slot("Backpack", Region::Backpack, false),
            ],
            adjacent: Vec::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The slot a face names, or None when the face names no slot (R2, R5).
    pub fn slot_for_face(&self, face: u16) -> Option<SlotNo> {
        (face >= 1 && usize::from(face) <= self.slots.len()).then_some(face as SlotNo)
    }

    pub fn def(&self, slot: SlotNo) -> Option<&SlotDef> {
        self.slots.get(usize::from(slot).checked_sub(1)?)
    }

    pub fn is_body(&self, slot: SlotNo) -> bool {
        self.def(slot).is_some_and(|d| d.body)
    }

    pub fn region(&self, slot: SlotNo) -> Option<Region> {
        self.def(slot).map(|d| d.region)
    }

    pub fn body_slots(&self) -> impl Iterator<Item = SlotNo> + '_ {
        (1..=self.slots.len() as SlotNo).filter(|&n| self.is_body(n))
    }

    /// Adjacency by number unless the layout lists its own pairs (R2).
    pub fn adjacent(&self, a: SlotNo, b: SlotNo) -> bool {
        if a == b || self.def(a).is_none() || self.def(b).is_none() {
            return false;
        }
        if self.adjacent.is_empty() {
            a.abs_diff(b) == 1
        } else {
            self.adjacent
                .iter()
                .any(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a))
        }
    }

    pub fn neighbours(&self, slot: SlotNo) -> impl Iterator<Item = SlotNo> + '_ {
        (1..=self.slots.len() as SlotNo).filter(move |&n| self.adjacent(slot, n))
    }

    /// Checks the layout is usable: at least one slot, a die of 2+ sides, adjacency pairs that
    /// name real slots.
    pub fn validate(&self) -> Result<(), RuleError> {
        if self.slots.is_empty() || self.slots.len() > 100 {
            return Err(RuleError::invalid(format!(
                "layout '{}' needs between 1 and 100 slots",
                self.name
            )));
        }
        if self.die < 2 {
            return Err(RuleError::invalid(format!(
                "layout '{}' needs a check die of at least 2 sides",
                self.name
            )));
        }
        for &(a, b) in &self.adjacent {
            if self.def(a).is_none() || self.def(b).is_none() {
                return Err(RuleError::invalid(format!(
                    "layout '{}' links slot {a} and {b}, but it has only {} slots",
                    self.name,
                    self.slots.len()
                )));
            }
        }
        Ok(())
    }
}

impl Character {
    pub fn new(id: CharId, name: String, side: Side, layout: Layout) -> Character {
        let slots = vec![Slot::default(); layout.len()];
        Character {
            id,
            name,
            side,
            layout,
            slots,
            backpack_dropped: false,
            zone: None,
            status: Status::default(),
        }
    }

    pub fn slot(&self, n: SlotNo) -> Option<&Slot> {
        self.slots.get(usize::from(n).checked_sub(1)?)
    }

    pub fn slot_mut(&mut self, n: SlotNo) -> Option<&mut Slot> {
        self.slots.get_mut(usize::from(n).checked_sub(1)?)
    }

    /// The slot, or a plain-words error naming the character and the slots it has.
    pub fn require_slot(&self, n: SlotNo) -> Result<&Slot, RuleError> {
        self.slot(n).ok_or_else(|| {
            RuleError::invalid(format!(
                "{} has slots 1 to {}, not {n}",
                self.name,
                self.slots.len()
            ))
        })
    }

    pub fn require_slot_mut(&mut self, n: SlotNo) -> Result<&mut Slot, RuleError> {
        // Asked of the shared slot first, so the name is copied only for the error.
        self.require_slot(n)?;
        Ok(&mut self.slots[usize::from(n) - 1])
    }

    /// Does this slot count as empty because the backpack is off (R3)?
    pub fn packed_away(&self, n: SlotNo) -> bool {
        self.backpack_dropped && self.layout.region(n) == Some(Region::Backpack)
    }

    /// The item that counts in this slot for the rules: none in a dropped backpack; the other
    /// grip's weapon when it is held with both hands.
    pub fn item_at(&self, n: SlotNo) -> Option<&Item> {
        if self.packed_away(n) {
            return None;
        }
        let slot = self.slot(n)?;
        if let Some(item) = &slot.item {
            return Some(item);
        }
        if self.layout.region(n) == Some(Region::Grip) {
            return self
                .two_handed_partner(n)
                .and_then(|p| self.slot(p)?.item.as_ref());
        }
        None
    }

    /// The other grip whose weapon is held with both hands and so fills `n` too.
    pub fn two_handed_partner(&self, n: SlotNo) -> Option<SlotNo> {
        (1..=self.slots.len() as SlotNo).find(|&p| {
            p != n
                && self.layout.region(p) == Some(Region::Grip)
                && self
                    .slot(p)
                    .is_some_and(|s| s.two_hands && s.item.is_some())
        })
    }

    /// Is the item in `n` equipped: in a region it is made for (R3)?
    pub fn equipped(&self, n: SlotNo) -> bool {
        match (self.item_at(n), self.layout.region(n)) {
            (Some(item), Some(region)) => region != Region::Backpack && item.wear == Some(region),
            _ => false,
        }
    }

    /// A slot is marked when it has a fatigue mark or any condition letter (R7).
    pub fn marked(&self, n: SlotNo) -> bool {
        self.slot(n)
            .is_some_and(|s| s.fatigue || !s.marks.is_empty())
    }

    /// Is this character out of the fight (unconscious or dead)?
    pub fn incapacitated(&self) -> bool {
        self.status.unconscious || self.status.dead
    }

    /// The lowest slot marked with `c`, if any: [`Character::marked_with`]'s first without the
    /// list.
    pub fn first_marked(&self, c: Condition) -> Option<SlotNo> {
        (1..=self.slots.len() as SlotNo).find(|&n| self.slot(n).is_some_and(|s| s.marks.has(c)))
    }

    /// Slots marked with `c`, lowest first.
    pub fn marked_with(&self, c: Condition) -> Vec<SlotNo> {
        (1..=self.slots.len() as SlotNo)
            .filter(|&n| self.slot(n).is_some_and(|s| s.marks.has(c)))
            .collect()
    }
}

impl State {
    crate::rules::party::lookups!(Character, |id| format!("there is no character #{id}"));

    pub fn find_by_name(&self, name: &str) -> Option<&Character> {
        self.characters
            .iter()
            .find(|c| c.name.eq_ignore_ascii_case(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r1_human_layout_has_eleven_slots_on_a_d12() {
        let h = Layout::human();
        assert_eq!(h.len(), 11);
        assert_eq!(h.die, 12);
        assert_eq!(h.body_slots().collect::<Vec<_>>(), vec![1, 2, 3, 4, 5]);
        assert_eq!(h.region(1), Some(Region::Head));
        assert_eq!(h.region(3), Some(Region::Torso));
        assert_eq!(h.region(4), Some(Region::LegsFeet));
        assert_eq!(h.region(5), Some(Region::ArmsHands));
        assert_eq!(h.region(7), Some(Region::Grip));
        assert_eq!(h.region(11), Some(Region::Backpack));
    }

    #[test]
    fn r2_top_face_names_no_slot_and_adjacency_is_by_number() {
        let h = Layout::human();
        assert_eq!(h.slot_for_face(12), None);
        assert_eq!(h.slot_for_face(11), Some(11));
        assert!(h.adjacent(3, 4) && h.adjacent(4, 3) && !h.adjacent(3, 5));
        let mut beast = h.clone();
        beast.adjacent = vec![(1, 3)];
        assert!(beast.adjacent(3, 1) && !beast.adjacent(1, 2));
    }
}
