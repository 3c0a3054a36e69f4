//! The sheet of ruleset `ap` (AP-RULES.md, "What the sheet holds"): three attributes and HP as
//! max/current pairs, counted slots with bulky items and Fatigue, Mana Dust, the AP budget with
//! its advantage bank and held action, marks, scars, pending recoveries and the Grimoire.

use crate::rules::notes::Notes;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A1: the three attributes, the abilities the whole family has under another name.
pub use crate::rules::cairn::Ability as Attr;

/// What a pair on the sheet is: HP or an attribute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stat {
    Hp,
    Attr(Attr),
}

impl fmt::Display for Stat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stat::Hp => f.write_str("HP"),
            Stat::Attr(a) => a.fmt(f),
        }
    }
}

/// A max and a current score (A1, A2).
pub use crate::rules::cairn::Score;

/// A5: which rules a sheet follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kind {
    Pc,
    Npc,
}

/// A3, A4: an item with its slots, object die, armor bonus and tags.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Item {
    pub name: String,
    /// 0-2: a bulky item fills 2.
    pub slots: u8,
    /// The object die's sides, if it has one.
    pub die: Option<u16>,
    pub armor: u8,
    pub weapon: bool,
    pub shield: bool,
    pub worn: bool,
    /// A45 (14): a tumour that fills a slot until the judge rules it healed.
    pub tumour: bool,
    /// A26, A30: a weapon that strikes at range, so an attack with it proposes DEX.
    #[serde(default)]
    pub ranged: bool,
}

impl Item {
    pub fn new(name: impl Into<String>) -> Item {
        Item {
            name: name.into(),
            slots: 1,
            die: None,
            armor: 0,
            weapon: false,
            shield: false,
            worn: false,
            tumour: false,
            ranged: false,
        }
    }

    pub fn text(&self) -> String {
        let mut t = self.name.clone();
        if let Some(d) = self.die {
            t.push_str(&format!(" d{d}"));
        }
        if self.armor > 0 {
            t.push_str(&format!(" +{} armor", self.armor));
        }
        if self.slots == 2 {
            t.push_str(" (bulky)");
        }
        if self.ranged {
            t.push_str(" (ranged)");
        }
        if self.worn {
            t.push_str(" [worn]");
        }
        if self.shield {
            t.push_str(" [shield]");
        }
        t
    }
}

/// A20: what a held action rolls when it fires.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Held {
    pub cost: u8,
    pub trigger: String,
    pub attr: Attr,
    pub objects: Vec<ObjDie>,
    /// The base die's net edge the judge set.
    pub edge: i8,
    /// A held dodge or parry: firing it presets the edges of the next save.
    pub defence: bool,
    /// It is an attack: a hit does damage.
    pub attack: bool,
}

/// One object die in a roll (A7): the item it comes from, its sides and its own net edge (A13).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ObjDie {
    pub item: String,
    pub sides: u16,
    pub edge: i8,
}

/// A35: one scar taken, with what its dice said.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scar {
    pub entry: u8,
    pub note: String,
}

/// How a pending recovery reads its roll (A35).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Read {
    /// A total above the max becomes the max.
    VsMax,
    /// The total is added to the max.
    AddMax,
    /// The total becomes the max.
    SetMax,
}

/// What a pending item does when the judge rules it recovered (A35, A45).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recovery {
    pub label: String,
    /// The mark it clears.
    pub clears: Option<Mark>,
    /// The roll: which pair (None: every attribute), dice count and sides, and how it is read.
    pub roll: Option<(Option<Stat>, u8, u16, Read)>,
}

/// Marks the judge may set or clear (A34-A38, A45).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mark {
    Deprived,
    Out,
    Stabilized,
    Dead,
    Fled,
    Doomed,
    Hamstrung,
    Deaf,
    Surprised,
    Routed,
    Weakened,
    Detachment,
    /// A45 (22): casting costs STR instead of Fatigue and mishaps.
    Vessel,
    /// A45 (24): mundane attacks on it are impaired.
    Elemental,
}

impl Mark {
    pub const ALL: [Mark; 14] = [
        Mark::Deprived,
        Mark::Out,
        Mark::Stabilized,
        Mark::Dead,
        Mark::Fled,
        Mark::Doomed,
        Mark::Hamstrung,
        Mark::Deaf,
        Mark::Surprised,
        Mark::Routed,
        Mark::Weakened,
        Mark::Detachment,
        Mark::Vessel,
        Mark::Elemental,
    ];

    pub fn word(self) -> &'static str {
        match self {
            Mark::Deprived => "deprived",
            Mark::Out => "out",
            Mark::Stabilized => "stabilized",
            Mark::Dead => "dead",
            Mark::Fled => "fled",
            Mark::Doomed => "doomed",
            Mark::Hamstrung => "hamstrung",
            Mark::Deaf => "deaf",
            Mark::Surprised => "surprised",
            Mark::Routed => "routed",
            Mark::Weakened => "weakened",
            Mark::Detachment => "detachment",
            Mark::Vessel => "vessel",
            Mark::Elemental => "elemental",
        }
    }

    pub fn from_word(w: &str) -> Option<Mark> {
        Mark::ALL
            .into_iter()
            .find(|m| m.word().eq_ignore_ascii_case(w))
    }
}

/// A45: mishaps that last a while.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Timed {
    /// 2: no casting.
    NoCasting,
    /// 3: slot dice tire on 3-6.
    Tiring,
    /// 8: each cast costs 1d4 WIL; when it ends, 3d6 vs max WIL waits.
    Draining,
}

impl Timed {
    pub fn word(self) -> &'static str {
        match self {
            Timed::NoCasting => "no casting",
            Timed::Tiring => "slot dice tire on 3-6",
            Timed::Draining => "each cast costs 1d4 WIL",
        }
    }
}

/// A41, A45: the spell book.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grimoire {
    pub usable: bool,
    /// 0-2 (bulky by default; mishaps 15 and 18 change it).
    pub slots: u8,
    pub spells: Vec<String>,
}

impl Default for Grimoire {
    fn default() -> Self {
        Grimoire {
            usable: true,
            slots: 2,
            spells: Vec::new(),
        }
    }
}

/// One creature's sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Character {
    pub id: u32,
    pub name: String,
    pub kind: Kind,
    /// A22: the side or faction it fights in.
    pub group: String,
    pub attrs: [Score; 3],
    pub hp: Score,
    /// A3: slots, 0-20 (default 10).
    pub slots: u8,
    pub items: Vec<Item>,
    pub fatigue: u8,
    pub dust: u16,
    /// A29: armor granted by mishaps 12 and 16.
    pub armor_bonus: u8,
    /// A45 (19): armor items stop counting.
    pub no_armor: bool,
    // ---- A15-A20
    pub ap_max: u8,
    pub ap: u8,
    pub bank: u8,
    /// The bank was filled before the turn now under way (it lapses when that turn ends).
    pub bank_old: bool,
    pub moves: u16,
    pub held: Option<Held>,
    /// A20: a fired held dodge or parry waiting for its save: the base die's edge.
    pub preset: Option<i8>,
    /// A21: the initiative total, once rolled in a fight.
    pub init: Option<u8>,
    // ---- marks
    pub marks: Vec<Mark>,
    /// A38: when the deprivation began (clock seconds), and the days already counted (A39).
    pub deprived_since: Option<u64>,
    pub deprived_days: u32,
    /// A34: when a dying creature dies (clock seconds), unless stabilized.
    pub dies_at: Option<u64>,
    pub scars: Vec<Scar>,
    pub pending: Vec<Recovery>,
    pub grimoire: Option<Grimoire>,
    pub scrolls: Vec<String>,
    pub free_die: bool,
    pub timed: Vec<(Timed, u64)>,
    /// The judge's jottings and what the rules noted on the sheet, kept as shared lines so a
    /// copy of the state costs the same however many there are.
    pub notes: Notes,
}

impl Character {
    pub fn new(id: u32, name: String, kind: Kind, group: String, attrs: [u8; 3], hp: u8) -> Self {
        Character {
            id,
            name,
            kind,
            group,
            attrs: attrs.map(Score::full),
            hp: Score::full(hp),
            slots: 10,
            items: Vec::new(),
            fatigue: 0,
            dust: 0,
            armor_bonus: 0,
            no_armor: false,
            ap_max: 4,
            ap: 4,
            bank: 0,
            bank_old: false,
            moves: 0,
            held: None,
            preset: None,
            init: None,
            marks: Vec::new(),
            deprived_since: None,
            deprived_days: 0,
            dies_at: None,
            scars: Vec::new(),
            pending: Vec::new(),
            grimoire: None,
            scrolls: Vec::new(),
            free_die: false,
            timed: Vec::new(),
            notes: Notes::new(),
        }
    }

    pub fn attr(&self, a: Attr) -> Score {
        self.attrs[a.index()]
    }

    pub fn attr_mut(&mut self, a: Attr) -> &mut Score {
        &mut self.attrs[a.index()]
    }

    pub fn stat_mut(&mut self, s: Stat) -> &mut Score {
        match s {
            Stat::Hp => &mut self.hp,
            Stat::Attr(a) => self.attr_mut(a),
        }
    }

    pub fn has(&self, m: Mark) -> bool {
        self.marks.contains(&m)
    }

    pub fn set(&mut self, m: Mark, on: bool) {
        if on {
            if !self.has(m) {
                self.marks.push(m);
            }
        } else {
            self.marks.retain(|x| *x != m);
        }
    }

    pub fn dead(&self) -> bool {
        self.has(Mark::Dead)
    }

    /// Gone from the fight: dead or fled (A25).
    pub fn gone(&self) -> bool {
        self.has(Mark::Dead) || self.has(Mark::Fled)
    }

    /// A36, A34: cannot act: out of action, DEX 0 or WIL 0.
    pub fn cannot_act(&self) -> bool {
        self.has(Mark::Out) || self.attr(Attr::Dex).cur == 0 || self.attr(Attr::Wil).cur == 0
    }

    /// A3: slots filled by items (and the Grimoire).
    pub fn item_slots(&self) -> u32 {
        self.items.iter().map(|i| u32::from(i.slots)).sum::<u32>()
            + self.grimoire.as_ref().map_or(0, |g| u32::from(g.slots))
    }

    /// A3: free slots = slots - item slots - Fatigue.
    pub fn free_slots(&self) -> u32 {
        u32::from(self.slots).saturating_sub(self.item_slots() + u32::from(self.fatigue))
    }

    /// A29: worn or held armor plus granted bonuses, capped at 3.
    pub fn armor(&self) -> u8 {
        let items: u32 = if self.no_armor {
            0
        } else {
            self.items
                .iter()
                .filter(|i| i.worn || i.shield)
                .map(|i| u32::from(i.armor))
                .sum()
        };
        (items + u32::from(self.armor_bonus)).min(3) as u8
    }

    pub fn deprived(&self) -> bool {
        self.has(Mark::Deprived)
    }

    pub fn timed(&self, t: Timed) -> bool {
        self.timed.iter().any(|(x, _)| *x == t)
    }

    /// An item by name, ignoring case.
    pub fn item(&self, name: &str) -> Option<&Item> {
        self.items
            .iter()
            .find(|i| i.name.eq_ignore_ascii_case(name))
    }
}
