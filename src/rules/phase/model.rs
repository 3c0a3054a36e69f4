//! The sheet of ruleset `phase` (rule file 002, PHASE-RULES.md): abilities with their score-0
//! states, HP with the encumbrance mask, counted load, armour, weapons, spell items, per-limb
//! injuries and the marks spells and maneuvers leave. Plain data and the numbers derived from
//! it; the mechanics live in the topic modules.

pub use super::gear::*;
use serde::{Deserialize, Serialize};

/// One of the three abilities (K5), as the whole family has them.
pub use crate::rules::cairn::Ability;

/// What sort of sheet it is (K1-K3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kind {
    Pc,
    Hireling,
    Creature,
    Animal,
}

impl Kind {
    pub fn word(self) -> &'static str {
        match self {
            Kind::Pc => "PC",
            Kind::Hireling => "hireling",
            Kind::Creature => "creature",
            Kind::Animal => "animal",
        }
    }
}

/// The two sides of a fight (K12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    Party,
    Enemies,
}

impl Side {
    pub fn word(self) -> &'static str {
        match self {
            Side::Party => "the party",
            Side::Enemies => "the enemies",
        }
    }
}

/// A current value and its maximum (K4, K33).
pub use crate::rules::cairn::Score;

/// An arm's or a leg's state (K25).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Limb {
    #[default]
    Whole,
    Broken,
    Lost,
}

impl Limb {
    pub fn word(self) -> &'static str {
        match self {
            Limb::Whole => "whole",
            Limb::Broken => "broken",
            Limb::Lost => "lost",
        }
    }
}

/// Left or right: which arm holds a one-handed weapon, which limb a wound takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Hand {
    Left,
    Right,
}

impl Hand {
    pub fn index(self) -> usize {
        match self {
            Hand::Left => 0,
            Hand::Right => 1,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Hand::Left => "left",
            Hand::Right => "right",
        }
    }
}

/// Eyes, arms and legs (K25, K26).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Body {
    /// 0 to 2; two lost is blind.
    pub eyes_lost: u8,
    /// Left, right.
    pub arms: [Limb; 2],
    pub legs: [Limb; 2],
    pub scars: u8,
}

impl Body {
    pub fn blind(&self) -> bool {
        self.eyes_lost >= 2
    }

    /// Arms still there (K26: one arm refuses bulky weapons and casting).
    pub fn hands(&self) -> u8 {
        self.arms.iter().filter(|a| **a != Limb::Lost).count() as u8
    }

    /// Legs broken or lost: each halves speed and the body allowance (K8, K25).
    pub fn bad_legs(&self) -> u8 {
        self.legs.iter().filter(|l| **l != Limb::Whole).count() as u8
    }

    pub fn any_broken_arm(&self) -> bool {
        self.arms.contains(&Limb::Broken)
    }
}

/// A disposition (K11, K41).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Reaction {
    Hostile,
    Negative,
    Uncertain,
    Positive,
    Enthusiastic,
    Infatuated,
}

impl Reaction {
    pub fn word(self) -> &'static str {
        match self {
            Reaction::Hostile => "hostile",
            Reaction::Negative => "negative",
            Reaction::Uncertain => "uncertain",
            Reaction::Positive => "positive",
            Reaction::Enthusiastic => "enthusiastic",
            Reaction::Infatuated => "infatuated",
        }
    }

    /// [data] K11: the 2d6 bands.
    pub fn of_roll(total: i32) -> Reaction {
        match total {
            i32::MIN..=2 => Reaction::Hostile,
            3..=5 => Reaction::Negative,
            6..=8 => Reaction::Uncertain,
            9..=11 => Reaction::Positive,
            _ => Reaction::Enthusiastic,
        }
    }

    /// K41 Charm: one step warmer.
    pub fn warmer(self) -> Reaction {
        match self {
            Reaction::Hostile | Reaction::Negative => Reaction::Uncertain,
            Reaction::Uncertain => Reaction::Positive,
            Reaction::Positive | Reaction::Enthusiastic | Reaction::Infatuated => {
                Reaction::Infatuated
            }
        }
    }
}

/// The lasting effects a sheet can carry, each with its source and its end (K36).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum MarkKind {
    /// +1 to saves, morale and damage (K41).
    Blessed,
    /// Wins the initiative (K14, K41).
    Hasted,
    /// Loses the initiative (K14, K41).
    Slowed,
    Asleep,
    Held,
    Dominated,
    /// Missiles do it no harm (K41).
    WindBarrier,
    /// Flies; sure until the end of this turn, then a d6 each later turn (K40).
    Flying {
        sure_until: u32,
    },
    /// An undead raised by a caster; its fate is rolled when the spell ends (K40).
    Animated,
    /// A maneuver's effect or any other spell, in words (K27, K36).
    Note(String),
}

impl MarkKind {
    pub fn word(&self) -> String {
        match self {
            MarkKind::Blessed => "blessed".into(),
            MarkKind::Hasted => "hasted".into(),
            MarkKind::Slowed => "slowed".into(),
            MarkKind::Asleep => "asleep".into(),
            MarkKind::Held => "held".into(),
            MarkKind::Dominated => "dominated".into(),
            MarkKind::WindBarrier => "wind barrier".into(),
            MarkKind::Flying { .. } => "flying".into(),
            MarkKind::Animated => "animated".into(),
            MarkKind::Note(text) => text.clone(),
        }
    }
}

/// When a mark ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ends {
    /// With the end of this dungeon turn, or at a watch advance (K36).
    AfterTurn(u32),
    /// At the end of this day (Control Weather counts days, K40).
    AfterDay(u64),
    /// When the next fight (or the one under way) ends (K41 Haste, Slow).
    FightEnd,
    /// When the judge removes it.
    Judge,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mark {
    pub kind: MarkKind,
    /// Who or what put it there ("Bless from Ana").
    pub source: String,
    pub ends: Ends,
}

/// K24: the dying clock of a critical character.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Critical {
    /// Dead at the end of this dungeon turn unless aided.
    pub dies_after: u32,
    pub aided: bool,
}

impl Critical {
    /// K24: whole turns left after the one under way (`now`): 6 in the turn of the hit, 0 in
    /// the turn at whose end death comes.
    pub fn turns_left(self, now: u32) -> u32 {
        self.dies_after.saturating_sub(now)
    }

    /// K24: the countdown in words, the same on the sheet, the roster and `show`.
    pub fn text(self, now: u32) -> String {
        if self.aided {
            return "critical (aided)".into();
        }
        match self.turns_left(now) {
            0 => "critical (0 turns left: dies at this turn's end)".into(),
            1 => "critical (1 turn left)".into(),
            n => format!("critical ({n} turns left)"),
        }
    }
}

/// A spell declared in phase 1 and landing in phase 5 (K13, K15).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Casting {
    pub item: SpellItem,
    /// The level it lands at (enhanced: +1, K35).
    pub level: u8,
    pub targets: Vec<u32>,
    /// Persons a counterspell shields from it (K38).
    pub shielded: Vec<u32>,
}

/// Everything a character, hireling, creature or animal is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Character {
    pub id: u32,
    pub name: String,
    pub kind: Kind,
    pub side: Side,
    /// The morale group of a creature (K30); None: a group of one.
    pub group: Option<String>,
    pub leader: bool,
    pub undead: bool,
    pub intelligent: bool,
    /// The PC who leads the talk (K11).
    pub face: bool,
    pub str: Score,
    pub dex: Score,
    pub wil: Score,
    pub hp: Score,
    pub coins: u32,
    pub wage_owed: u32,
    pub armor: Armor,
    pub shield: bool,
    /// A creature's own DR, 0 to 3 (K3, K20).
    pub dr: u8,
    pub weapons: Vec<Weapon>,
    pub spells: Vec<SpellItem>,
    /// Counted load, oldest first (K7).
    pub units: Vec<Unit>,
    pub fatigue: u8,
    pub body: Body,
    pub vehicle: Vehicle,
    pub beast: Option<Beast>,
    /// An animal's load allowance, set by the judge (K3).
    pub allowance: Option<u8>,
    pub reaction: Option<Reaction>,
    pub dead: bool,
    pub critical: Option<Critical>,
    /// A creature out of the fight after a failed critical save (K23).
    pub out: bool,
    /// Nothing restores HP until a long rest with a ration (K32).
    pub no_hp: bool,
    pub fled: bool,
    /// An animal not fed at a day's end (K53).
    pub unfed: bool,
    /// "Charged X": the next attack on X is enhanced (K16).
    pub charged: Option<u32>,
    pub casting: Option<Casting>,
    /// Augury questions still to ask (K40).
    pub questions: u8,
    pub marks: Vec<Mark>,
}

impl Character {
    pub fn new(id: u32, name: String, kind: Kind, side: Side) -> Character {
        Character {
            id,
            name,
            kind,
            side,
            group: None,
            leader: false,
            undead: false,
            intelligent: true,
            face: false,
            str: Score::full(10),
            dex: Score::full(10),
            wil: Score::full(10),
            hp: Score::full(1),
            coins: 0,
            wage_owed: 0,
            armor: Armor::None,
            shield: false,
            dr: 0,
            weapons: Vec::new(),
            spells: Vec::new(),
            units: Vec::new(),
            fatigue: 0,
            body: Body::default(),
            vehicle: Vehicle::None,
            beast: None,
            allowance: None,
            reaction: None,
            dead: false,
            critical: None,
            out: false,
            no_hp: false,
            fled: false,
            unfed: false,
            charged: None,
            casting: None,
            questions: 0,
            marks: Vec::new(),
        }
    }

    pub fn score(&self, a: Ability) -> Score {
        match a {
            Ability::Str => self.str,
            Ability::Dex => self.dex,
            Ability::Wil => self.wil,
        }
    }

    pub fn score_mut(&mut self, a: Ability) -> &mut Score {
        match a {
            Ability::Str => &mut self.str,
            Ability::Dex => &mut self.dex,
            Ability::Wil => &mut self.wil,
        }
    }

    pub fn has(&self, kind: &MarkKind) -> bool {
        self.marks.iter().any(|m| &m.kind == kind)
    }

    pub fn flying(&self) -> bool {
        self.marks
            .iter()
            .any(|m| matches!(m.kind, MarkKind::Flying { .. }))
    }

    pub fn blessed(&self) -> bool {
        self.has(&MarkKind::Blessed)
    }

    /// K4: STR 0 is death.
    pub fn is_dead(&self) -> bool {
        self.dead || self.str.cur == 0
    }

    /// K4: DEX 0 paralyzes.
    pub fn paralyzed(&self) -> bool {
        self.dex.cur == 0
    }

    /// K4: WIL 0 is delirium.
    pub fn delirious(&self) -> bool {
        self.wil.cur == 0
    }

    /// K30 (Decision): out of the fight for morale: dead, failed crit, fled, asleep,
    /// paralyzed or held.
    pub fn is_out(&self) -> bool {
        self.is_dead()
            || self.out
            || self.fled
            || self.paralyzed()
            || self.has(&MarkKind::Asleep)
            || self.has(&MarkKind::Held)
    }

    /// May it make the strike K17 gives at one who withdraws or flees? Not if it acts in no
    /// phase (K13) nor while critical, crawling with no action (K24).
    pub fn may_strike(&self) -> bool {
        self.skipped().is_none() && self.critical.is_none()
    }

    /// Why it acts in no phase, if it does not (K13).
    pub fn skipped(&self) -> Option<&'static str> {
        if self.is_dead() {
            Some("dead")
        } else if self.fled {
            Some("fled")
        } else if self.out {
            Some("out")
        } else if self.paralyzed() {
            Some("paralyzed")
        } else if self.has(&MarkKind::Asleep) {
            Some("asleep")
        } else if self.has(&MarkKind::Held) {
            Some("held")
        } else {
            None
        }
    }

    /// K7: coins weigh one unit per 1000, halves up.
    pub fn coin_units(&self) -> u32 {
        (self.coins.saturating_add(500)) / 1000
    }

    /// Counted units carried, coins included (K7).
    pub fn carried(&self) -> u32 {
        self.units.len() as u32 + self.coin_units()
    }

    /// K8: the body allowance B, 4 halved per bad leg; an animal's is the judge's.
    pub fn body_allowance(&self) -> u8 {
        if let Some(a) = self.allowance {
            return a;
        }
        4u8 >> self.body.bad_legs().min(7)
    }

    /// K8: A = B, doubled pulling a cart, quadrupled driving a wagon, never in a dungeon.
    pub fn allowance_in(&self, dungeon: bool) -> u8 {
        let b = self.body_allowance();
        if dungeon {
            b
        } else {
            b.saturating_mul(self.vehicle.factor())
        }
    }

    /// The load line of the sheet: "2 of 4 (fatigue 0): food (7 rations), delve gear", with the
    /// vehicle that raises the allowance outside dungeons.
    pub fn load_text(&self, dungeon: bool) -> String {
        let units: Vec<String> = self.units.iter().map(|u| u.describe()).collect();
        let mut o = format!(
            "{} of {} (fatigue {})",
            self.load(),
            self.allowance_in(dungeon),
            self.fatigue
        );
        if let Some(v) = self.vehicle.word() {
            o.push_str(&format!(", with a {v}"));
        }
        if !units.is_empty() {
            o.push_str(&format!(": {}", units.join(", ")));
        }
        o
    }

    /// K8: load = units + fatigue.
    pub fn load(&self) -> u32 {
        self.carried() + u32::from(self.fatigue)
    }

    /// K9 (Decision): fatigue at or over B.
    pub fn exhausted(&self) -> bool {
        self.fatigue >= self.body_allowance()
    }

    /// K9: carrying a unit, or exhausted.
    pub fn encumbered(&self) -> bool {
        self.carried() >= 1 || self.exhausted()
    }

    /// K9: the HP as the rules read them: 0 while encumbered, the stored value kept.
    pub fn hp_now(&self) -> u8 {
        if self.encumbered() { 0 } else { self.hp.cur }
    }

    /// "3/5", or "0 (3)/5" while encumbered (K9).
    pub fn hp_text(&self) -> String {
        if self.encumbered() {
            format!("0 ({})/{}", self.hp.cur, self.hp.max)
        } else {
            format!("{}/{}", self.hp.cur, self.hp.max)
        }
    }

    /// K20: the best armour worn plus a shield, at most 3; a creature's as entered.
    pub fn dr(&self) -> u8 {
        let worn = self.armor.dr() + u8::from(self.shield);
        worn.max(self.dr).min(3)
    }

    /// K9, K25: speed as halvings (0: full, 1: half, 2: quarter...).
    pub fn halvings(&self) -> u8 {
        u8::from(self.encumbered()) + self.body.bad_legs()
    }

    pub fn speed_text(&self) -> String {
        match self.halvings() {
            0 => "1".into(),
            n => format!("1/{}", 1u32 << n.min(31)),
        }
    }

    /// Rations it could eat now (K32).
    pub fn rations(&self) -> u32 {
        self.units.iter().map(|u| u32::from(u.rations())).sum()
    }
}

/// The four seasons (K49).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Season {
    #[default]
    Spring,
    Summer,
    Fall,
    Winter,
}

impl Season {
    pub fn word(self) -> &'static str {
        match self {
            Season::Spring => "spring",
            Season::Summer => "summer",
            Season::Fall => "fall",
            Season::Winter => "winter",
        }
    }

    /// K49 [data] (Decision: daylight watches come first): watch 1-3 of a day.
    pub fn daylight(self, watch: u8) -> bool {
        match self {
            Season::Spring | Season::Summer => watch <= 2,
            Season::Fall | Season::Winter => watch <= 1,
        }
    }
}
