//! Ruleset bdp (*Block, Dodge, Parry*) in words: a sheet as labelled lines, every field the rules
//! keep (scores, tags, states, needs, diseases, what waits for the night, the row of slots with
//! each item's tags, notes), which the screen's sheet panel draws too; and `show`'s text.

use std::fmt::Write;

use crate::rules::bdp::{Ability, Character, Kind, Slot, State};
use crate::rules::time::Clock;
use crate::session::Session;

fn or_dash(parts: Vec<String>) -> String {
    if parts.is_empty() {
        "—".into()
    } else {
        parts.join(", ")
    }
}

fn kind_word(k: Kind) -> &'static str {
    match k {
        Kind::Pc => "PC",
        Kind::Creature => "creature",
    }
}

fn slot_text(s: &Slot) -> String {
    match s {
        Slot::Item(i) => i.tagged_text(),
        other => other.text(),
    }
}

/// One character's sheet as (label, value) lines, in the order the screen shows them.
pub fn lines(c: &Character) -> Vec<(String, String)> {
    let mut l = Vec::new();
    let s = |a: Ability| c.score(a);
    l.push((
        "Scores".to_string(),
        format!(
            "STR {}  DEX {}  WIL {}  HP {}",
            s(Ability::Str),
            s(Ability::Dex),
            s(Ability::Wil),
            c.hp
        ),
    ));
    let tags: Vec<String> = [
        ("career", &c.careers),
        ("skill", &c.skills),
        ("background", &c.backgrounds),
    ]
    .iter()
    .flat_map(|(word, list)| list.iter().map(move |t| format!("{word} {t}")))
    .collect();
    if !tags.is_empty() {
        l.push(("Tags".into(), tags.join(", ")));
    }
    let mut states = Vec::new();
    if c.dead {
        states.push("DEAD".to_string());
    }
    if let Some(o) = &c.out {
        states.push(format!(
            "out: {} ({} {})",
            o.word,
            o.ability,
            if o.zero { "at 0" } else { "crit save" }
        ));
    }
    for (i, side) in ["left", "right"].iter().enumerate() {
        if c.impaired[i] {
            states.push(format!("{side} arm impaired"));
        }
    }
    states.extend(
        Ability::ALL
            .iter()
            .filter(|a| c.untrained[a.index()] > 0)
            .map(|a| format!("{a} -{} to train", c.untrained[a.index()])),
    );
    states.extend(c.exposed.iter().map(|h| format!("exposed to {}", h.word())));
    if c.at_dawn && c.kind == Kind::Creature {
        states.push("in the dawn".into());
    }
    l.push(("States".into(), or_dash(states)));
    let meals: Vec<&str> = c.meals.iter().map(|m| m.word()).collect();
    l.push((
        "Needs".into(),
        format!(
            "food {}, sleep {}; deprived dawns {}; meals {}; rest tonight {}{}",
            if c.food_deprived { "DEPRIVED" } else { "ok" },
            if c.sleep_deprived { "DEPRIVED" } else { "ok" },
            c.deprived_dawns,
            if meals.is_empty() {
                "none".to_string()
            } else {
                meals.join(", ")
            },
            c.rest.word(),
            if c.tonic { " + tonic" } else { "" }
        ),
    ));
    let diseases: Vec<String> = c
        .diseases
        .iter()
        .map(|d| {
            let (count, sides) = d.loss;
            let loss = if sides == 1 {
                count.to_string()
            } else {
                format!("{count}d{sides}")
            };
            let course = match (d.dawns_left, d.passes_needed) {
                (Some(n), _) => format!("{n} days left"),
                (None, Some(n)) => format!("{}/{n} passes", d.passes),
                _ => "until cured".into(),
            };
            format!(
                "{} ({course}; a failed save costs {loss} {})",
                d.name, d.ability
            )
        })
        .collect();
    l.push(("Disease".into(), or_dash(diseases)));
    let mut pending: Vec<String> = c
        .restoratives
        .iter()
        .map(|a| format!("{a} restorative"))
        .collect();
    pending.extend(
        c.timers
            .iter()
            .map(|t| format!("{} until {}", t.name, Clock { seconds: t.ends }.describe())),
    );
    pending.extend(
        c.herb_cures
            .iter()
            .map(|s| format!("herb cure on slot {}", s + 1)),
    );
    if c.cared_for {
        pending.push("cared for".into());
    }
    l.push(("Tonight".into(), or_dash(pending)));
    l.push((
        "Slots".into(),
        format!(
            "{} free of {}; {} Fatigue; {} lost",
            c.slots.iter().filter(|s| **s == Slot::Empty).count(),
            c.slots.len(),
            c.fatigue(),
            c.lost()
        ),
    ));
    for (i, slot) in c.slots.iter().enumerate() {
        l.push((format!("{:>2}", i + 1), slot_text(slot)));
    }
    if !c.notes.is_empty() {
        l.push(("Notes".into(), c.notes.on_sheet()));
    }
    l
}

/// One character's sheet for `show`: a heading, then a field to a line.
pub fn sheet(c: &Character) -> String {
    let mut o = format!("{} ({})\n", c.name, kind_word(c.kind));
    for (label, value) in lines(c) {
        let _ = writeln!(o, "  {label:<8} {value}");
    }
    o
}

/// `show` for a bdp session: the overview the read models give, then every sheet; or one
/// character's sheet.
pub(super) fn show(session: &Session, character: Option<&str>) -> Result<String, String> {
    super::sheets_after_overview::<State>(session, character, |_, c| sheet(c))
}
