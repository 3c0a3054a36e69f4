//! One character or creature of ruleset `actiondie` and the derived-stat layer: effective rungs
//! (D1-D3), movement (D13), AR (D11, D31), HP max (D26), slots and quick slots (D34, D35),
//! resistances (D23, D32), all recomputed from the base values, statuses, injuries and
//! exhaustion whenever they are read.

use super::model::*;
use crate::dice::ladder::{ABILITY_RUNGS, Dice};
use crate::rules::notes::Notes;
use serde::{Deserialize, Serialize};

/// Help given (D11): advantage on the next check, until the helper's next turn starts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Helped {
    pub helper: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Character {
    pub id: u32,
    pub name: String,
    pub side: Side,
    /// D1: the base rung of STR, DEX, AWR, WIL (ladder index 0-16).
    pub base: [u8; 4],
    pub hp: u16,
    pub hp_max: u16,
    /// D4: armour rating, no cap.
    pub ar: u16,
    /// D11: Defend's +2 AR until this one's next turn starts.
    pub defending: bool,
    /// D13: base movement in squares.
    pub movement: u8,
    /// D11: Run doubles movement until the round ends.
    pub running: bool,
    pub hands: u8,
    /// D36: without a bag, at most one item per hand.
    pub bag: bool,
    /// D4: technique dice: total, unexpended and their size.
    pub tech_total: u8,
    pub tech_left: u8,
    pub tech_die: u16,
    pub techniques: Vec<Technique>,
    pub skills: Vec<Skill>,
    /// D26: exhaustion level.
    pub exhaustion: u8,
    pub statuses: Vec<Status>,
    /// D31: what an Afraid character fears.
    pub afraid_of: Option<String>,
    pub injuries: Injuries,
    /// D23: resistances and vulnerabilities the sheet names (statuses add their own).
    pub resist: Vec<DamageType>,
    pub vulnerable: Vec<DamageType>,
    pub items: Vec<Item>,
    pub helped: Option<Helped>,
    pub dead: bool,
    /// D28: out of the fight for good (fled), though alive.
    pub fled: bool,
    /// The judge's remarks and what the rules noted on the sheet, kept as shared lines so a
    /// copy of the state costs the same however many there are.
    pub notes: Notes,
}

/// How to make a sheet (D1, D4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewSheet {
    pub name: String,
    pub side: Side,
    pub base: [u8; 4],
    pub hp: u16,
    pub ar: u16,
    pub movement: u8,
    /// A creature from the bestiary comes with its gear (the first weapon held) and its
    /// resistances and vulnerabilities, so the log holds all of it.
    #[serde(default)]
    pub items: Vec<Item>,
    #[serde(default)]
    pub resist: Vec<DamageType>,
    #[serde(default)]
    pub vulnerable: Vec<DamageType>,
}

impl NewSheet {
    /// A bare sheet: no gear, resistances or vulnerabilities.
    pub fn new(name: impl Into<String>, side: Side, base: [u8; 4], hp: u16) -> NewSheet {
        NewSheet {
            name: name.into(),
            side,
            base,
            hp,
            ar: 0,
            movement: 6,
            items: Vec::new(),
            resist: Vec::new(),
            vulnerable: Vec::new(),
        }
    }
}

impl Character {
    pub fn new(id: u32, s: &NewSheet) -> Character {
        Character {
            id,
            name: s.name.clone(),
            side: s.side,
            base: s.base,
            hp: s.hp,
            hp_max: s.hp,
            ar: s.ar,
            defending: false,
            movement: s.movement,
            running: false,
            hands: 2,
            bag: true,
            tech_total: 0,
            tech_left: 0,
            tech_die: 6,
            techniques: Vec::new(),
            skills: Vec::new(),
            exhaustion: 0,
            statuses: Vec::new(),
            afraid_of: None,
            injuries: Injuries::default(),
            resist: s.resist.clone(),
            vulnerable: s.vulnerable.clone(),
            items: Vec::new(),
            helped: None,
            dead: false,
            fled: false,
            notes: Notes::new(),
        }
    }

    pub fn has(&self, status: Status) -> bool {
        match status {
            // D29: exhaustion 3 and above is Unconscious while it lasts.
            Status::Unconscious => self.statuses.contains(&status) || self.exhaustion >= 3,
            // D27: a lost voice is Mute for good.
            Status::Mute => self.statuses.contains(&status) || self.injuries.voice,
            _ => self.statuses.contains(&status),
        }
    }

    /// D3: the base rung after every status's step, each status counting once.
    pub fn rung(&self, a: Ability) -> u8 {
        let steps = self
            .statuses
            .iter()
            .filter(|s| s.steps().contains(&a))
            .count() as i32;
        ABILITY_RUNGS.step(usize::from(self.base[a.index()]), -steps) as u8
    }

    pub fn dice(&self, a: Ability) -> Dice {
        rung_dice(self.rung(a))
    }

    /// D2: the effective rung's median, rounded down.
    pub fn value(&self, a: Ability) -> u16 {
        rung_value(self.rung(a))
    }

    /// D26: HP max halved from exhaustion 2 on.
    pub fn hp_max_now(&self) -> u16 {
        if self.exhaustion >= 2 {
            self.hp_max / 2
        } else {
            self.hp_max
        }
    }

    /// D13: base (1 after a lost leg) times the factors, rounded down once; 0 when Immobile or
    /// Unconscious.
    pub fn movement_now(&self) -> u16 {
        if self.has(Status::Immobile) || self.has(Status::Unconscious) {
            return 0;
        }
        let base = if self.injuries.leg { 1 } else { self.movement };
        let (mut num, mut den) = (u16::from(base), 1u16);
        if self.running {
            num *= 2;
        }
        if self.exhaustion >= 1 {
            den *= 2;
        }
        if self.has(Status::Prone) {
            den *= 2;
        }
        num / den
    }

    /// D11, D31, D32: Prone's 0 wins over armour and Defend.
    pub fn ar_now(&self) -> u16 {
        if self.has(Status::Prone) {
            0
        } else {
            self.ar + if self.defending { 2 } else { 0 }
        }
    }

    /// D23, D32: resistances from the sheet and statuses, each type once.
    pub fn resists(&self, t: DamageType) -> bool {
        self.resist.contains(&t) || (t == DamageType::Fire && self.has(Status::Drenched))
    }

    pub fn vulnerable_to(&self, t: DamageType) -> bool {
        self.vulnerable.contains(&t)
            || (t == DamageType::Lightning && self.has(Status::Drenched))
            || (matches!(t, DamageType::Blunt | DamageType::Slash | DamageType::Stab)
                && self.has(Status::Nauseated))
    }

    /// D34: 10 + the STR value, at least the hands.
    pub fn slots(&self) -> u16 {
        (10 + self.value(Ability::Str)).max(u16::from(self.hands))
    }

    /// D35: 4 + the DEX value, at least the hands, at most the slots.
    pub fn quick_slots(&self) -> u16 {
        (4 + self.value(Ability::Dex))
            .max(u16::from(self.hands))
            .min(self.slots())
    }

    /// D36: the slots the items fill.
    pub fn used_slots(&self) -> u16 {
        self.items.iter().map(|i| u16::from(i.size)).sum()
    }

    /// D35: the first slot of each item (numbered from 0) and whether it is quick: an item
    /// spanning a quick and a non-quick slot is not.
    pub fn positions(&self) -> Vec<(u16, bool)> {
        let q = self.quick_slots();
        let mut at = 0u16;
        self.items
            .iter()
            .map(|i| {
                let start = at;
                at += u16::from(i.size);
                (start, at <= q)
            })
            .collect()
    }

    /// D37: how many slots over the limit.
    pub fn excess(&self) -> u16 {
        let used = self.used_slots();
        // D34: there are never fewer than 10 slots, so most sheets need no more reading.
        if used <= 10 {
            return 0;
        }
        used.saturating_sub(self.slots())
    }

    /// Down (D24): fallen Prone at 0 HP. It still has its turns (D17) and may stand up (D33).
    pub fn down(&self) -> bool {
        !self.dead && self.hp == 0 && self.has(Status::Prone)
    }

    /// Can this one act in a fight (D14, D28)?
    pub fn in_play(&self) -> bool {
        !self.dead && !self.fled
    }

    /// The wielded weapon (the first held item with damage dice), for D11 and D27.
    pub fn wielded(&self) -> Option<usize> {
        self.items
            .iter()
            .position(|i| i.held && i.damage.is_some() && !i.broken)
    }

    pub fn set_status(&mut self, status: Status, on: bool) -> bool {
        let had = self.statuses.contains(&status);
        if on && !had {
            self.statuses.push(status);
        }
        if !on {
            self.statuses.retain(|s| *s != status);
        }
        had != on
    }
}
