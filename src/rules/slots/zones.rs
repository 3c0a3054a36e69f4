//! Scenes, zones and ranges (R29).

use super::Event;
use super::model::*;
use crate::rules::RuleError;
use crate::rules::text::{self, TextKind};

/// The range between two characters (R29): same zone is reach, linked zones are near, other
/// zones of the scene in sight are far, anything else (no zone, hidden) is remote.
pub fn range(state: &State, a: CharId, b: CharId) -> Range {
    let zone_of = |id| state.character(id).ok().and_then(|c| c.zone);
    match (zone_of(a), zone_of(b)) {
        (Some(x), Some(y)) => zone_range(&state.scene, x, y),
        _ => Range::Remote,
    }
}

/// The range between two zones of a scene (R29).
pub fn zone_range(scene: &Scene, x: ZoneId, y: ZoneId) -> Range {
    let known = |z: ZoneId| scene.zones.iter().any(|zone| zone.id == z);
    let pair = |list: &[(ZoneId, ZoneId)]| {
        list.iter()
            .any(|&(p, q)| (p, q) == (x, y) || (p, q) == (y, x))
    };
    if !known(x) || !known(y) {
        Range::Remote
    } else if x == y {
        Range::Reach
    } else if pair(&scene.links) {
        Range::Near
    } else if pair(&scene.hidden) {
        Range::Remote
    } else {
        Range::Far
    }
}

pub(super) fn zone(state: &State, id: ZoneId) -> Result<&Zone, RuleError> {
    state
        .scene
        .zones
        .iter()
        .find(|z| z.id == id)
        .ok_or_else(|| {
            RuleError::invalid(format!(
                "there is no zone #{id} in the scene{}",
                scene_label(&state.scene)
            ))
        })
}

fn scene_label(scene: &Scene) -> String {
    if scene.name.is_empty() {
        String::new()
    } else {
        format!(" '{}'", scene.name)
    }
}

/// A pair is kept lowest id first so that each link or hidden pair is stored once.
fn pair(a: ZoneId, b: ZoneId) -> (ZoneId, ZoneId) {
    (a.min(b), a.max(b))
}

fn two_zones(state: &State, a: ZoneId, b: ZoneId) -> Result<(&Zone, &Zone), RuleError> {
    let (za, zb) = (zone(state, a)?, zone(state, b)?);
    if a == b {
        return Err(RuleError::invalid(format!(
            "pick two different zones ('{}' was given twice)",
            za.name
        )));
    }
    Ok((za, zb))
}

/// Starts a new scene with no zones. Everyone becomes unplaced; zone ids keep counting so an id
/// never names two different zones in one session.
pub fn new_scene(state: &mut State, name: &str, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let name = &text::checked(TextKind::SceneName, name, "a scene needs a name")?;
    let next_zone = state.scene.next_zone;
    state.scene = Scene {
        name: name.to_string(),
        next_zone,
        ..Scene::default()
    };
    let mut placed = 0;
    for c in &mut state.characters {
        if c.zone.take().is_some() {
            placed += 1;
        }
    }
    let unplaced = if placed > 0 {
        format!(
            "; {} placing again",
            if placed == 1 {
                "1 character needs".to_string()
            } else {
                format!("{placed} characters need")
            }
        )
    } else {
        String::new()
    };
    crate::rules::said::tell(out, || Event::Note(format!("New scene: {name}{unplaced}")));
    Ok(())
}

/// Adds a zone. Names are unique within the scene (ignoring case) so the judge can type them.
pub fn add_zone(
    state: &mut State,
    name: &str,
    cover: bool,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let name = &text::checked(TextKind::ZoneName, name, "a zone needs a name")?;
    if let Some(z) = state
        .scene
        .zones
        .iter()
        .find(|z| z.name.eq_ignore_ascii_case(name))
    {
        return Err(RuleError::invalid(format!(
            "the scene already has a zone called '{}'",
            z.name
        )));
    }
    let id = state.scene.next_zone;
    state.scene.next_zone = id
        .checked_add(1)
        .ok_or_else(|| RuleError::invalid("no more zone numbers are left in this session"))?;
    state.scene.zones.push(Zone {
        id,
        name: name.to_string(),
        cover,
    });
    let cover = if cover { ", with cover" } else { "" };
    crate::rules::said::tell(out, || Event::Note(format!("Zone '{name}' added{cover}")));
    Ok(())
}

/// Removes a zone with its links; whoever stood there becomes unplaced.
pub fn remove_zone(state: &mut State, id: ZoneId, out: &mut Vec<Event>) -> Result<(), RuleError> {
    let name = zone(state, id)?.name.clone();
    let scene = &mut state.scene;
    scene.zones.retain(|z| z.id != id);
    scene.links.retain(|&(a, b)| a != id && b != id);
    scene.hidden.retain(|&(a, b)| a != id && b != id);
    crate::rules::said::tell(out, || Event::Note(format!("Zone '{name}' removed")));
    for c in &mut state.characters {
        if c.zone == Some(id) {
            c.zone = None;
            crate::rules::said::tell(out, || {
                Event::Note(format!("{} was in '{name}' and is now unplaced", c.name))
            });
        }
    }
    Ok(())
}

/// Makes two zones adjacent (near each other, R29), or no longer adjacent.
pub fn link(
    state: &mut State,
    a: ZoneId,
    b: ZoneId,
    on: bool,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let (za, zb) = two_zones(state, a, b)?;
    let (na, nb) = (za.name.clone(), zb.name.clone());
    let p = pair(a, b);
    let linked = state.scene.links.contains(&p);
    if linked == on {
        return Err(RuleError::invalid(format!(
            "'{na}' and '{nb}' are {} adjacent",
            if on { "already" } else { "not" }
        )));
    }
    if on {
        state.scene.links.push(p);
        crate::rules::said::tell(out, || {
            Event::Note(format!("'{na}' and '{nb}' are now adjacent"))
        });
    } else {
        state.scene.links.retain(|&l| l != p);
        crate::rules::said::tell(out, || {
            Event::Note(format!("'{na}' and '{nb}' are no longer adjacent"))
        });
    }
    Ok(())
}

/// Puts two zones out of each other's sight (remote, unless adjacent), or back in sight (far).
pub fn hide(
    state: &mut State,
    a: ZoneId,
    b: ZoneId,
    hidden: bool,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let (za, zb) = two_zones(state, a, b)?;
    let (na, nb) = (za.name.clone(), zb.name.clone());
    let p = pair(a, b);
    let was = state.scene.hidden.contains(&p);
    if was == hidden {
        return Err(RuleError::invalid(format!(
            "'{na}' and '{nb}' are {}",
            if hidden {
                "already out of each other's sight"
            } else {
                "already in sight of each other"
            }
        )));
    }
    if hidden {
        state.scene.hidden.push(p);
        crate::rules::said::tell(out, || {
            Event::Note(format!("'{na}' and '{nb}' are out of each other's sight"))
        });
    } else {
        state.scene.hidden.retain(|&h| h != p);
        crate::rules::said::tell(out, || {
            Event::Note(format!("'{na}' and '{nb}' are in sight of each other"))
        });
    }
    Ok(())
}

/// Puts a character in a zone of the scene, or takes them off the map (`None`).
pub fn place(
    state: &mut State,
    who: CharId,
    to: Option<ZoneId>,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let target = match to {
        Some(id) => Some(zone(state, id)?.name.clone()),
        None => None,
    };
    let c = state.character_mut(who)?;
    if c.zone == to {
        return Err(RuleError::invalid(match &target {
            Some(z) => format!("{} is already in '{z}'", c.name),
            None => format!("{} is not placed in any zone", c.name),
        }));
    }
    c.zone = to;
    crate::rules::said::tell(out, || {
        Event::Note(match target {
            Some(z) => format!("{} moves to '{z}'", c.name),
            None => format!("{} leaves the map", c.name),
        })
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scene_with(names: &[&str]) -> State {
        let mut s = State::default();
        let mut o = Vec::new();
        new_scene(&mut s, "crypt", &mut o).unwrap();
        for n in names {
            add_zone(&mut s, n, false, &mut o).unwrap();
        }
        s
    }

    #[test]
    fn r29_zone_names_are_unique_ignoring_case() {
        let mut s = scene_with(&["Door"]);
        let before = s.clone();
        let err = add_zone(&mut s, " door ", true, &mut Vec::new()).unwrap_err();
        assert!(err.to_string().contains("already has a zone"), "{err}");
        assert_eq!(s, before);
        assert!(add_zone(&mut s, "  ", false, &mut Vec::new()).is_err());
    }

    #[test]
    fn r29_links_are_stored_once_whatever_the_order() {
        let mut s = scene_with(&["a", "b"]);
        link(&mut s, 1, 0, true, &mut Vec::new()).unwrap();
        assert_eq!(s.scene.links, vec![(0, 1)]);
        assert!(link(&mut s, 0, 1, true, &mut Vec::new()).is_err());
        assert!(link(&mut s, 0, 0, true, &mut Vec::new()).is_err());
        link(&mut s, 0, 1, false, &mut Vec::new()).unwrap();
        assert!(s.scene.links.is_empty());
    }

    #[test]
    fn r29_zone_ids_are_never_reused() {
        let mut s = scene_with(&["a", "b"]);
        remove_zone(&mut s, 1, &mut Vec::new()).unwrap();
        add_zone(&mut s, "c", false, &mut Vec::new()).unwrap();
        assert_eq!(s.scene.zones.last().map(|z| z.id), Some(2));
        new_scene(&mut s, "hall", &mut Vec::new()).unwrap();
        add_zone(&mut s, "d", false, &mut Vec::new()).unwrap();
        assert_eq!(s.scene.zones[0].id, 3);
    }
}
