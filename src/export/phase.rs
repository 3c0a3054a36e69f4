//! The phased Knave-style rules in words: each sheet for `show`, with every field the screen's
//! sheet panel has (abilities, HP and its encumbrance mask, DR and speed, load, weapons, spells,
//! injuries, coins, the state the rules keep).

use crate::content::find_by_name;
use crate::rules::phase::{Character, Limb, State};
use crate::session::Session;

fn state_of(session: &Session) -> Option<&State> {
    match &session.state().game {
        crate::rules::GameState::Phase(s) => Some(s),
        #[allow(unreachable_patterns)]
        _ => None,
    }
}

/// One character's sheet, a field to a line.
pub fn sheet(c: &Character, dungeon: bool, now: u32) -> String {
    let mut o = format!("{} ({}, {})\n", c.name, c.kind.word(), c.side.word());
    o.push_str(&format!(
        "  STR {}/{}  DEX {}/{}  WIL {}/{}\n",
        c.str.cur, c.str.max, c.dex.cur, c.dex.max, c.wil.cur, c.wil.max
    ));
    o.push_str(&format!(
        "  HP {}  DR {}  speed {}\n",
        c.hp_text(),
        c.dr(),
        c.speed_text()
    ));
    o.push_str(&format!("  Load {}\n", c.load_text(dungeon)));
    let weapons: Vec<String> = c.weapons.iter().map(|w| w.label()).collect();
    o.push_str(&format!(
        "  Weapons: {}\n",
        if weapons.is_empty() {
            format!("none ({})", crate::rules::phase::gear::unarmed_text())
        } else {
            weapons.join(", ")
        }
    ));
    if !c.spells.is_empty() {
        let spells: Vec<String> = c
            .spells
            .iter()
            .map(|s| format!("{} (level {})", s.spell.name(), s.level))
            .collect();
        o.push_str(&format!("  Spells: {}\n", spells.join(", ")));
    }
    let b = &c.body;
    if b.eyes_lost > 0 || b.scars > 0 || b.arms.iter().chain(&b.legs).any(|l| *l != Limb::Whole) {
        o.push_str(&format!(
            "  Injuries: eyes lost {}, arms {}/{}, legs {}/{}, scars {}\n",
            b.eyes_lost,
            b.arms[0].word(),
            b.arms[1].word(),
            b.legs[0].word(),
            b.legs[1].word(),
            b.scars
        ));
    }
    if c.coins > 0 || c.wage_owed > 0 {
        o.push_str(&format!("  Coins {}", c.coins));
        if c.wage_owed > 0 {
            o.push_str(&format!(" (wage owed {})", c.wage_owed));
        }
        o.push('\n');
    }
    let mut state: Vec<String> = Vec::new();
    if c.dead {
        state.push("dead".into());
    }
    if c.fled {
        state.push("fled".into());
    }
    if c.body.blind() {
        state.push("blind".into());
    }
    if let Some(k) = &c.critical {
        state.push(if k.aided {
            k.text(now)
        } else {
            format!(
                "{}, dead at the end of turn {} unless aided",
                k.text(now),
                k.dies_after
            )
        });
    }
    if let Some(g) = &c.group {
        state.push(format!(
            "group {g}{}",
            if c.leader { " (leader)" } else { "" }
        ));
    }
    state.extend(c.marks.iter().map(|m| m.kind.word()));
    if !state.is_empty() {
        o.push_str(&format!("  State: {}\n", state.join(", ")));
    }
    o
}

/// `show` for a phase session: the overview the read models give, then every sheet; or one
/// character's sheet.
pub(super) fn show(session: &Session, character: Option<&str>) -> Result<String, String> {
    let Some(st) = state_of(session) else {
        return Ok(String::new());
    };
    if let Some(name) = character {
        let c = find_by_name(&st.characters, |c| &c.name, name, "character")
            .map_err(|e| e.to_string())?;
        return Ok(sheet(c, st.dungeon(), st.world.turn));
    }
    let mut o = super::show_from_read_models(session, None)?;
    for c in &st.characters {
        o.push('\n');
        o.push_str(&sheet(c, st.dungeon(), st.world.turn));
    }
    Ok(o)
}
