//! How the slot system reads in words: events in the roll log and the recap (one plain sentence
//! each), and slots and items as the sheet, the dialogs and `show` name them.

use super::model::*;
use super::{Event, HitLine, RollLine, StatusFlag};
use crate::rules::rolled::{Dice, Keep, Rolled, Why};
use crate::rules::{Line, Num};
use std::fmt;

/// A status as a judge says it: "prone", "cringing".
pub fn flag_name(flag: StatusFlag) -> &'static str {
    match flag {
        StatusFlag::Prone => "prone",
        StatusFlag::Restrained => "restrained",
        StatusFlag::Immobilized => "immobilized",
        StatusFlag::Unconscious => "unconscious",
        StatusFlag::Dead => "dead",
        StatusFlag::Evil => "evil",
        StatusFlag::Cringe => "cringing",
    }
}

pub fn wound_name(w: Wound) -> &'static str {
    match w {
        Wound::None => "no wound",
        Wound::Treated => "treated wound",
        Wound::Open => "open wound",
    }
}

fn outcome_name(o: HitOutcome) -> &'static str {
    match o {
        HitOutcome::Miss => "misses",
        HitOutcome::Evaded => "is evaded",
        HitOutcome::Parried => "is parried",
        HitOutcome::Blocked => "is blocked",
        HitOutcome::TreatedWound => "deals a treated wound",
        HitOutcome::OpenWound => "deals an open wound",
        HitOutcome::Seized => "seizes",
    }
}

impl RollLine {
    /// The roll in the words every ruleset shares (see [`crate::rules::rolled`]): the faces,
    /// the one kept and why, the verdict, the judge's ruling, and how the face read the sheet
    /// it names a slot of (that one's to know).
    pub fn rolled(&self) -> Rolled {
        let label = if self.die > 0 {
            format!("d{}", self.die)
        } else {
            String::new()
        };
        let why = match self.kept.as_str() {
            "advantage" => Why::Advantage,
            "disadvantage" => Why::Disadvantage,
            other => Why::Rules(other.to_string()),
        };
        let dice = if self.kept.is_empty() || self.faces.len() < 2 {
            Dice::pool(label, self.faces.clone())
        } else {
            Dice {
                label,
                faces: self.faces.clone(),
                keep: Keep::One(self.pick, why),
            }
        };
        let said = self.dice_said.unwrap_or(self.verdict);
        Rolled::new(Some(self.id))
            .dice(dice)
            .each()
            .verdict(crate::rules::said::words!("a {said}"))
            .ruled(Some(format!("a {}", self.verdict)))
            .reading(Some(self.sheet), self.reason.clone())
    }

    /// What the roll was for, with whoever else it names as a name.
    fn what(&self) -> Line {
        match &self.other {
            Some((id, name)) if !name.is_empty() => match self.what.split_once(name.as_str()) {
                Some((before, after)) => Line::new()
                    .plain(before)
                    .name(*id, name.clone())
                    .plain(after),
                None => Line::from(self.what.as_str()),
            },
            _ => Line::from(self.what.as_str()),
        }
    }
}

/// The event's words as parts: whom each names, and whose sheet each detail is. A slot, the
/// item in it and what a face read there are the sheet's owner's; the rest is for anyone.
pub fn line(event: &Event) -> Line {
    match event {
        Event::Rolled(r) => {
            let head = Line::new()
                .name(r.id, r.who.clone())
                .plain(" ")
                .then(r.what())
                .plain(": ");
            head.then(r.rolled().line())
        }
        Event::Hit(hit) => {
            let HitLine {
                attacker,
                target,
                outcome,
                reason,
                attacker_id,
                target_id,
                ..
            } = &**hit;
            // The reason opens with the slot and its item, so the slot is not repeated.
            Line::new()
                .name(*attacker_id, attacker.clone())
                .plain("'s attack on ")
                .name(*target_id, target.clone())
                .plain(crate::rules::said::words!(" {}", outcome_name(*outcome)))
                .of(
                    *target_id,
                    Line::new()
                        .plain(": ")
                        .number(*target_id, Num::Armour, reason.clone()),
                    "",
                )
        }
        Event::Wounded {
            who,
            id,
            slot,
            wound,
            cause,
        } => Line::new()
            .name(*id, who.clone())
            .plain(crate::rules::said::words!(": {}", wound_name(*wound)))
            .of(
                *id,
                Line::new().plain(" in ").number(
                    *id,
                    Num::Health,
                    crate::rules::said::words!("slot {slot} ({cause})"),
                ),
                "",
            ),
        Event::Healed { who, id, slot } => Line::new()
            .name(*id, who.clone())
            .plain(": the wound")
            .of(
                *id,
                Line::new().plain(" in ").number(
                    *id,
                    Num::Health,
                    crate::rules::said::words!("slot {slot}"),
                ),
                "",
            )
            .plain(" is healed"),
        Event::Marked {
            who,
            id,
            slot,
            condition,
            cause,
        } => Line::new()
            .name(*id, who.clone())
            .plain(crate::rules::said::words!(
                ": {} marked",
                condition.letter()
            ))
            .of(
                *id,
                Line::new().plain(" in ").number(
                    *id,
                    Num::Health,
                    crate::rules::said::words!("slot {slot}"),
                ),
                "",
            )
            .plain(crate::rules::said::words!(
                " ({}, {cause})",
                condition.name()
            )),
        Event::Unmarked {
            who,
            id,
            slot,
            condition,
        } => {
            let head = Line::new().name(*id, who.clone());
            match slot {
                Some(n) => head
                    .plain(crate::rules::said::words!(
                        ": {} cleared",
                        condition.letter()
                    ))
                    .of(
                        *id,
                        Line::new().plain(" from ").number(
                            *id,
                            Num::Health,
                            crate::rules::said::words!("slot {n}"),
                        ),
                        "",
                    ),
                None => head.plain(crate::rules::said::words!(
                    ": every {} cleared",
                    condition.letter()
                )),
            }
        }
        Event::Fatigue { who, id, slot, on } => Line::new()
            .name(*id, who.clone())
            .plain(if *on {
                ": fatigue marked"
            } else {
                ": fatigue cleared"
            })
            .of(
                *id,
                Line::new()
                    .plain(if *on { " in " } else { " from " })
                    .number(*id, Num::Health, crate::rules::said::words!("slot {slot}")),
                "",
            ),
        Event::Cringed { who, id } => Line::new()
            .name(*id, who.clone())
            .plain(" cringes: disadvantage for a round"),
        Event::ItemDestroyed {
            who,
            id,
            slot,
            item,
        } => Line::new()
            .name(*id, who.clone())
            .plain(": ")
            .of(
                *id,
                Line::new().number(
                    *id,
                    Num::Score,
                    crate::rules::said::words!("{item} in slot {slot}"),
                ),
                "an item",
            )
            .plain(" is destroyed"),
        Event::StatusChanged {
            who,
            id,
            flag,
            on,
            cause,
        } => {
            let name = flag_name(*flag);
            let words = if *on {
                format!(" is {name} ({cause})")
            } else {
                format!(" is no longer {name} ({cause})")
            };
            Line::new().name(*id, who.clone()).plain(words)
        }
        Event::Died { who, id, cause } => Line::new()
            .name(*id, who.clone())
            .plain(crate::rules::said::words!(" DIES: {cause}")),
        // A question to the judge is the judge's alone.
        Event::Asked { question } => {
            Line::from(crate::rules::said::words!("Judge: {question}")).for_the_judge()
        }
        // The players read the verdict that stands once, on the roll's line as it settles.
        Event::Overridden { what, verdict } => Line::new().ruling(
            Line::from(crate::rules::said::words!(
                "Judge overrides {what}: {}",
                verdict.to_string().to_uppercase()
            )),
            Line::new(),
        ),
        Event::EncounterRoll {
            faces,
            encounter_faces,
            encounters,
        } => {
            let shown: Vec<String> = faces.iter().map(|x| (x % 10).to_string()).collect();
            let on = if *encounter_faces <= 1 {
                "0".to_string()
            } else {
                format!("0-{}", encounter_faces - 1)
            };
            let verdict = match encounters {
                0 => "none".to_string(),
                1 => "ENCOUNTER".to_string(),
                n => format!("{n} ENCOUNTERS"),
            };
            Line::from(crate::rules::said::words!(
                "Encounter dice {} (encounter on {on}): {verdict}",
                shown.join(" ")
            ))
        }
        Event::TimePassed { trys, what } => {
            Line::from(crate::rules::said::words!("{what}: try {trys}"))
        }
        Event::RoundStarted { round, initiative } => Line::from(crate::rules::said::words!(
            "Round {round} begins; {initiative} have initiative"
        )),
        Event::TurnStarted { who, id } => Line::new().name(*id, who.clone()).plain("'s turn"),
        Event::TurnEnded { who, id } => Line::new().name(*id, who.clone()).plain("'s turn ends"),
        Event::InitiativeTo { side, why } => Line::from(crate::rules::said::words!(
            "Initiative to the {side} ({why})"
        )),
        Event::CombatStarted {
            initiator,
            surprised,
        } => Line::from(match surprised {
            Some(s) => format!("Combat! The {initiator} strike first; the {s} are surprised"),
            None => format!("Combat! The {initiator} strike first"),
        }),
        Event::CombatEnded { rounds } => Line::from(crate::rules::said::words!(
            "Combat ends after {}",
            crate::rules::said::counted(rounds, "round", "rounds")
        )),
        Event::CounterOffered {
            who,
            id,
            against,
            against_id,
        } => Line::new()
            .name(*id, who.clone())
            .plain(" parried and may counterattack ")
            .name(*against_id, against.clone()),
        Event::Note(text) => Line::from(text.as_str()),
        Event::Told(line) => line.clone(),
    }
}

/// The judge's reading: every part.
impl Event {
    /// A line for the judge alone (a reminder, a ruling the rules leave to the judge): the
    /// players' table reads nothing of it.
    pub fn for_the_judge(text: String) -> Event {
        Event::Told(Line::from(text).for_the_judge())
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", line(self))
    }
}

/// A slot as a judge names it: "slot 4 Boots", "slot 9 (Backpack, empty)".
pub(super) fn slot_text(c: &Character, n: SlotNo) -> String {
    let label = c.layout.def(n).map(|d| d.label.as_str()).unwrap_or("?");
    if c.packed_away(n) {
        return format!("slot {n} ({label}, backpack off)");
    }
    match c.item_at(n) {
        Some(item) => format!("slot {n} {}", item.name),
        None => format!("slot {n} ({label}, empty)"),
    }
}

/// "4", "4 and 9", "4, 9 and 2".
pub(super) fn list_text<T: ToString>(items: &[T]) -> String {
    match items {
        [] => String::new(),
        [only] => only.to_string(),
        [init @ .., last] => {
            let head: Vec<String> = init.iter().map(|x| x.to_string()).collect();
            format!("{} and {}", head.join(", "), last.to_string())
        }
    }
}

/// The rule-relevant properties of an item, in words.
pub fn item_props(item: &Item) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    if let Some(a) = item.armor {
        out.push(
            match a {
                ArmorClass::HeavyArmor => "heavy armor",
                ArmorClass::LightArmor => "light armor",
                ArmorClass::Shield => "shield",
            }
            .into(),
        );
    }
    if let Some(w) = item.weapon {
        let size = match w.size {
            WeaponSize::Small => "small",
            WeaponSize::Medium => "medium",
            WeaponSize::Bulky => "bulky",
        };
        let kind = match w.kind {
            WeaponKind::Melee => "melee",
            WeaponKind::Thrown => "thrown",
            WeaponKind::Bow => "bow",
        };
        out.push(format!("{size} {kind}"));
    }
    out.extend(item.props.iter().map(|p| p.name().to_string()));
    out
}

/// Fatigue (`~`) and condition letters of a slot.
pub fn marks_text(c: &Character, n: SlotNo) -> String {
    let Some(s) = c.slot(n) else {
        return String::new();
    };
    let mut out = String::new();
    if s.fatigue {
        out.push('~');
    }
    out.push_str(&s.marks.to_string());
    out
}

/// What a slot holds, as the sheet names it (a two-handed weapon shows in both grips).
pub fn item_text(c: &Character, n: SlotNo) -> String {
    let Some(slot) = c.slot(n) else {
        return String::new();
    };
    match &slot.item {
        Some(item) if slot.two_hands => format!("{} (both hands)", item.name),
        Some(item) => item.name.clone(),
        None => match c
            .two_handed_partner(n)
            .and_then(|p| c.slot(p)?.item.as_ref())
        {
            Some(item) if c.layout.region(n) == Some(Region::Grip) => {
                format!("↳ {} (both hands)", item.name)
            }
            _ => String::new(),
        },
    }
}

/// "slot 3 Torso: Chain shirt (heavy armor) · open wound · B" for dialogs and the detail line.
pub fn slot_line(c: &Character, n: SlotNo) -> String {
    let Some(def) = c.layout.def(n) else {
        return format!("face {n} names no slot of {}", c.name);
    };
    let mut text = format!("slot {n} {}", def.label);
    let item = item_text(c, n);
    if c.packed_away(n) {
        text.push_str(": (backpack dropped: counts as empty)");
    } else if item.is_empty() {
        text.push_str(": empty");
    } else {
        text.push_str(&format!(": {item}"));
        if let Some(i) = c.item_at(n) {
            let props = item_props(i);
            if !props.is_empty() {
                text.push_str(&format!(" ({})", props.join(", ")));
            }
        }
    }
    if let Some(s) = c.slot(n) {
        match s.wound {
            Wound::Open => text.push_str(" · open wound"),
            Wound::Treated => text.push_str(" · treated wound"),
            Wound::None => {}
        }
        let marks = marks_text(c, n);
        if !marks.is_empty() {
            text.push_str(&format!(" · marks {marks}"));
        }
    }
    text
}

/// The clock in words: day and time of day, trys spent, watches travelled, darkness.
pub fn clock_summary(clock: &Clock) -> String {
    let (h, m) = super::exploration::time_of_day(clock);
    let mut text = format!(
        "day {}, {h:02}:{m:02}; {} spent",
        super::exploration::day(clock),
        crate::rules::said::counted(clock.trys, "try", "trys")
    );
    if clock.watches > 0 {
        text.push_str(&format!(", {} watch(es) travelled", clock.watches));
    }
    if clock.dark {
        text.push_str("; in the dark");
    }
    text
}

/// A character's statuses, the worst first: the short mark the roster shows (None for one it
/// leaves to the sheet) and the words the sheet uses.
pub fn statuses(c: &Character) -> Vec<(Option<&'static str>, &'static str)> {
    let s = &c.status;
    let mut out = Vec::new();
    if s.dead {
        out.push((Some("DEAD"), "DEAD"));
    } else if s.unconscious {
        out.push((Some("KO"), "unconscious"));
    }
    if s.cringe != Cringe::None {
        out.push((Some("cr"), "cringing"));
    }
    if s.prone {
        out.push((Some("pr"), "prone"));
    }
    if s.restrained.is_some() {
        out.push((Some("rs"), "restrained"));
    }
    if s.immobilized {
        out.push((Some("im"), "immobilized"));
    }
    if s.evil {
        out.push((Some("ev"), "turned evil"));
    }
    if s.exposure.suffocating {
        out.push((None, "cannot breathe"));
    }
    out
}

/// An item and its properties in words, as the sheet, the recap and `help library` show it.
pub fn item_words(item: &Item) -> String {
    // The properties as the sheet lists them, with a weapon's size and kind read as a weapon.
    let mut words = item_props(item);
    if item.weapon.is_some() {
        let at = usize::from(item.armor.is_some());
        if let Some(w) = words.get_mut(at) {
            w.push_str(" weapon");
        }
    }
    if words.is_empty() {
        item.name.clone()
    } else {
        format!("{} ({})", item.name, words.join(", "))
    }
}

/// A sentence per condition the character carries: where, and what it does next.
fn condition_note(cond: Condition) -> &'static str {
    match cond {
        Condition::A => {
            "cannot breathe, speak or cast while the head is marked; worsens each round"
        }
        Condition::B => {
            "each open wound worsens it: on their turn, after each try, after each watch"
        }
        Condition::C => "further exposure: a check landing on a corrupted slot spreads it",
        Condition::E => "all body slots marked: unconscious; five trys of rest remove one",
        Condition::F => "spreads to adjacent flammable slots each round; burns items and flesh",
        Condition::H => {
            "worsens with time in the cold, leaving frostbite; warmth removes one per try"
        }
        Condition::M => "worsens towards lower slots each week without food or day without drink",
    }
}

/// A character's wounds, marks and ongoing hazards spelled out, as (label, words): what the next
/// tick will do first (labelled `⚠`), then open and treated wounds, each condition with the
/// slots it marks and what its next tick marks, fatigue, and the exposures (no label). The
/// screen's conditions panel and `show` both read these.
pub fn condition_lines(state: &super::State, c: &Character) -> Vec<(String, String)> {
    let mut lines = Vec::new();
    for w in super::forecast::warnings(state, c.id) {
        lines.push((format!("⚠ {} {}", w.what, w.when), format!("({})", w.why)));
    }
    let list = |pred: &dyn Fn(&Slot) -> bool| -> Vec<String> {
        c.slots
            .iter()
            .enumerate()
            .filter(|(_, s)| pred(s))
            .map(|(i, _)| (i + 1).to_string())
            .collect()
    };
    let open = list(&|s| s.wound == Wound::Open);
    if !open.is_empty() {
        lines.push((
            "● open wounds".into(),
            format!("in slot {}: each one bleeds (B)", open.join(", ")),
        ));
    }
    let treated = list(&|s| s.wound == Wound::Treated);
    if !treated.is_empty() {
        lines.push((
            "◐ treated wounds".into(),
            format!(
                "in slot {}: a check landing there fails and opens it",
                treated.join(", ")
            ),
        ));
    }
    for cond in Condition::ALL {
        let slots = list(&|s| s.marks.has(cond));
        if slots.is_empty() {
            continue;
        }
        // What the next tick does, concretely, when a clock ticks this letter.
        let next = match super::forecast::next_marks(state, c.id, cond) {
            Some(marks) if marks.is_empty() => "; next tick: nothing more to mark".to_string(),
            Some(marks) => {
                let marks: Vec<String> = marks.iter().map(|n| n.to_string()).collect();
                format!("; next tick marks slot {}", marks.join(", "))
            }
            None => String::new(),
        };
        lines.push((
            format!("{} {}", cond.letter(), cond.name()),
            format!(
                "in slot {}{next}: {}",
                slots.join(", "),
                condition_note(cond)
            ),
        ));
    }
    let fatigue = list(&|s| s.fatigue);
    if !fatigue.is_empty() {
        lines.push((
            "~ fatigue".into(),
            format!(
                "in slot {}: a terrain check there fails; a 30-minute rest clears one",
                fatigue.join(", ")
            ),
        ));
    }
    let e = &c.status.exposure;
    if e.suffocating {
        lines.push((
            String::new(),
            "Cannot breathe: asphyxiation worsens every round.".into(),
        ));
    }
    if let Some(t) = e.cold_trys {
        lines.push((String::new(), format!("In the cold for {t} trys.")));
    }
    if c.status.cringe != Cringe::None {
        lines.push((
            String::new(),
            "Cringing: disadvantage on every roll for now.".into(),
        ));
    }
    lines
}
