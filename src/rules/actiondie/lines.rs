//! Ruleset `actiondie`'s sheet in words, a field to a line (label, text): the screen's sheet
//! panel and `slotmark show` print the same lines.

use super::character::Character;
use super::initiative;
use super::model::{Ability, DamageType, Status, rung_dice};
use super::state::State;

fn rung_text(c: &Character, a: Ability) -> String {
    let base = rung_dice(c.base[a.index()]);
    let now = c.dice(a);
    if base == now {
        format!("{a} {now} ({})", c.value(a))
    } else {
        format!("{a} {base}→{now} ({})", c.value(a))
    }
}

fn or_dash(parts: Vec<String>) -> String {
    if parts.is_empty() {
        "—".into()
    } else {
        parts.join(", ")
    }
}

/// One character's sheet: every field of "What the sheet holds", in words.
pub fn sheet_lines(state: &State, c: &Character) -> Vec<(String, String)> {
    let mut l = Vec::new();
    l.push((
        "Abilities".to_string(),
        Ability::ALL
            .iter()
            .map(|&a| rung_text(c, a))
            .collect::<Vec<_>>()
            .join("  "),
    ));
    let mut health = format!("HP {}/{}", c.hp, c.hp_max_now());
    if c.hp_max_now() != c.hp_max {
        health.push_str(&format!(" (max {} halved)", c.hp_max));
    }
    health.push_str(&format!("  AR {}", c.ar_now()));
    if c.ar_now() != c.ar {
        health.push_str(&format!(" (sheet {})", c.ar));
    }
    if c.dead {
        health.push_str("  DEAD");
    } else if c.fled {
        health.push_str("  FLED");
    }
    l.push(("Health".into(), health));
    let exh = match c.exhaustion {
        0 => "none".to_string(),
        1 => "1: movement halved".into(),
        2 => "2: movement and HP max halved".into(),
        n => format!("{n}: movement and HP max halved, Unconscious"),
    };
    l.push(("Exhaustion".into(), exh));
    l.push((
        "Movement".into(),
        format!(
            "{} (base {}{}), hands {}, {}",
            squares(c.movement_now()),
            c.movement,
            if c.injuries.leg { ", leg lost: 1" } else { "" },
            c.hands,
            if c.bag { "a bag" } else { "no bag" }
        ),
    ));
    let techs: Vec<String> = c
        .techniques
        .iter()
        .map(|t| {
            let mut s = t.name.clone();
            if t.prepared {
                s.push_str(" (prepared)");
            }
            if let Some(d) = t.init {
                s.push_str(&format!(" init {d}"));
            }
            s
        })
        .collect();
    l.push((
        "Technique".into(),
        format!(
            "{}/{} d{}; {}",
            c.tech_left,
            c.tech_total,
            c.tech_die,
            or_dash(techs)
        ),
    ));
    l.push((
        "Skills".into(),
        or_dash(
            c.skills
                .iter()
                .map(|s| format!("{} {}", s.name, s.bonus))
                .collect(),
        ),
    ));
    let mut statuses: Vec<String> = Status::ALL
        .iter()
        .filter(|s| c.has(**s))
        .map(|s| match (s, &c.afraid_of) {
            (Status::Afraid, Some(of)) => format!("Afraid of {of}"),
            _ => format!("{s} ({})", s.effect()),
        })
        .collect();
    if c.defending {
        statuses.push("defending (AR +2)".into());
    }
    if c.running {
        statuses.push("running".into());
    }
    if let Some(h) = &c.helped {
        statuses.push(format!("helped by {}", state.name_of(h.helper)));
    }
    l.push(("Statuses".into(), or_dash(statuses)));
    let mut res: Vec<String> = DamageType::ALL
        .iter()
        .filter(|k| c.resists(**k))
        .map(|k| format!("resists {k}"))
        .collect();
    res.extend(
        DamageType::ALL
            .iter()
            .filter(|k| c.vulnerable_to(**k))
            .map(|k| format!("vulnerable to {k}")),
    );
    l.push(("Damage".into(), or_dash(res)));
    l.push((
        "Injuries".into(),
        if c.injuries.any() {
            c.injuries.text()
        } else {
            "—".into()
        },
    ));
    l.push((
        "Slots".into(),
        format!(
            "{} of {} used, {} quick{}",
            c.used_slots(),
            c.slots(),
            c.quick_slots(),
            if c.excess() > 0 {
                format!("; ENCUMBERED by {}", c.excess())
            } else {
                String::new()
            }
        ),
    ));
    for ((i, it), (start, quick)) in c.items.iter().enumerate().zip(c.positions()) {
        let span = if it.size > 1 {
            format!("{}-{}", start + 1, start + u16::from(it.size))
        } else {
            (start + 1).to_string()
        };
        l.push((
            format!("{:>2} {}", i + 1, if quick { "q" } else { " " }),
            format!("[{span}] {}", it.text()),
        ));
    }
    if let Some(e) = state.fight.as_ref().and_then(|f| f.entry(c.id)) {
        let mut round = initiative::chosen(state, e);
        for (d, faces) in &e.rolls {
            let f: Vec<String> = faces.iter().map(|x| x.to_string()).collect();
            round.push_str(&format!(" · {d} [{}]", f.join(" ")));
        }
        if !e.rolls.is_empty() {
            round.push_str(&format!(" = {}", e.count));
        }
        if e.moved > 0 {
            round.push_str(&format!("; moved {}", e.moved.min(c.movement_now())));
        }
        l.push(("Round".into(), round));
    }
    if !c.notes.is_empty() {
        l.push(("Notes".into(), c.notes.on_sheet()));
    }
    l
}

/// "1 square", "6 squares".
pub fn squares(n: impl Into<u32>) -> String {
    let n = n.into();
    if n == 1 {
        "1 square".into()
    } else {
        format!("{n} squares")
    }
}
