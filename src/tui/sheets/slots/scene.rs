//! Zones on the screen (R29): the scene editor's keys and forms, moving characters between
//! zones, and the ranges shown while an attack is being declared, with the warning before one is
//! rolled out of range. Ranges and reach come from the rules (`zones::range`, `defense::reach`),
//! so the screen warns by the same measure the log flags.

use super::screen::FormPurpose;
use super::{Dialog, keys};
use crate::rules::slots::{
    self, AttackKind, AttackSpec, CharId, Character, Defense, Range, State, ZoneId, defense, zones,
};
use crate::session::Command;
use crate::tui::form::{Field, Form, Live};
use crate::tui::host::{Dice, Main};
use crate::tui::keymap::Action;

/// A character's name with the range from `me` when both stand in the scene: "Goblin · near".
pub fn with_range(state: &State, me: Option<CharId>, other: &Character) -> String {
    match me.and_then(|m| placed_range(state, m, other.id)) {
        Some(r) => format!("{} · {r}", other.name),
        None => other.name.clone(),
    }
}

/// The range between two characters when both are placed in the scene.
pub fn placed_range(state: &State, a: CharId, b: CharId) -> Option<Range> {
    let placed = |id| state.character(id).ok().and_then(|c| c.zone).is_some();
    (placed(a) && placed(b)).then(|| zones::range(state, a, b))
}

/// The attack the form describes so far, for measuring its reach.
fn spec(form: &Form<FormPurpose>) -> Option<AttackSpec> {
    let FormPurpose::Attack {
        attacker, target, ..
    } = form.purpose
    else {
        return None;
    };
    let chosen = |id| {
        form.choice(id)
            .filter(|&v| v != crate::tui::sheets::targets::NOBODY)
    };
    let attacker = attacker.or_else(|| chosen("attacker"))?;
    let target = target.or_else(|| chosen("target"))?;
    let kind = match form.choice("kind") {
        Some(1) => AttackKind::Grab,
        Some(2) => AttackKind::Missile,
        Some(3) => AttackKind::Blast,
        _ => AttackKind::Melee,
    };
    Some(AttackSpec {
        attacker,
        target,
        kind,
        weapon: form
            .choice("weapon")
            .filter(|&w| w > 0)
            .map(|w| w as slots::SlotNo),
        defense: Defense::None,
        aimed: false,
        blast_slots: 1,
        counter: false,
    })
}

/// Where `target` stands from `from`, with what it means on the map: "Goblin 1 is near Aria
/// (a linked zone)".
fn placed_words(r: Range, target: &str, from: &str) -> String {
    format!("{target} is {} {from} ({})", r.from_words(), r.on_the_map())
}

/// Why the attack in the form would be out of range (R29, R13), or None.
pub fn out_of_range(form: &Form<FormPurpose>, state: &State) -> Option<String> {
    let spec = spec(form)?;
    let limit = defense::reach(state, &spec)?;
    let range = placed_range(state, spec.attacker, spec.target)?;
    (range > limit).then(|| {
        // The target's own range stands beside its name in the list; the line says the limit.
        format!(
            "Out of range: a {} attack reaches {}",
            spec.kind,
            limit.limit_words()
        )
    })
}

/// The range line of an attack form: how far the target is, and whether the attack reaches.
pub fn range_live(form: &Form<FormPurpose>, state: &State) -> Option<Live> {
    if state.scene.zones.is_empty() {
        return None;
    }
    let spec = spec(form)?;
    let (a, t) = (state.name_of(spec.attacker), state.name_of(spec.target));
    let Some(range) = placed_range(state, spec.attacker, spec.target) else {
        return Some(Live {
            text: format!("Range unknown: place {a} and {t} in zones (z) to measure it."),
            warn: false,
        });
    };
    if let Some(why) = out_of_range(form, state) {
        return Some(Live {
            text: format!("⚠ {why}."),
            warn: true,
        });
    }
    let reach = match defense::reach(state, &spec) {
        Some(_) => format!(", in range of a {} attack", spec.kind),
        None => "; a blast reaches as far as its source says".to_string(),
    };
    Some(Live {
        text: format!("Range: {}{reach}.", placed_words(range, &t, &a)),
        warn: false,
    })
}

fn zone_options(state: &State, except: Option<ZoneId>) -> Vec<(String, u32)> {
    state
        .scene
        .zones
        .iter()
        .filter(|z| Some(z.id) != except)
        .map(|z| (z.name.clone(), z.id))
        .collect()
}

fn pair_form(state: &State, from: ZoneId, hide: bool) -> Form<FormPurpose> {
    let name = state
        .scene
        .zones
        .iter()
        .find(|z| z.id == from)
        .map_or(String::new(), |z| z.name.clone());
    let options: Vec<(String, u32)> = zone_options(state, Some(from))
        .into_iter()
        .map(|(n, id)| {
            let (linked, hidden) = pair_state(state, from, id);
            let tag = if hide && hidden {
                " (out of sight: unhides)"
            } else if !hide && linked {
                " (linked: unlinks)"
            } else {
                ""
            };
            (format!("{n}{tag}"), id)
        })
        .collect();
    let (title, purpose, note) = if hide {
        (
            format!("Sight from {name}"),
            FormPurpose::HideZone { from },
            "Zones out of each other's sight are remote; in sight again they are far (or near when linked).",
        )
    } else {
        (
            format!("Link {name}"),
            FormPurpose::LinkZone { from },
            "Linked zones are adjacent: near each other. Linking a linked pair unlinks it.",
        )
    };
    Form::new(
        title,
        purpose,
        vec![Field::choice("other", "With", options, 0)],
    )
    .with_note(note)
}

fn pair_state(state: &State, a: ZoneId, b: ZoneId) -> (bool, bool) {
    let has = |list: &[(ZoneId, ZoneId)]| list.contains(&(a.min(b), a.max(b)));
    (has(&state.scene.links), has(&state.scene.hidden))
}

pub fn form_commands(form: &Form<FormPurpose>, state: &State) -> Result<Vec<Command>, String> {
    let command = match form.purpose {
        FormPurpose::NewScene => slots::Command::NewScene {
            name: form.text("name"),
        },
        FormPurpose::AddZone => slots::Command::AddZone {
            name: form.text("name"),
            cover: form.toggle("cover"),
        },
        FormPurpose::LinkZone { from } => {
            let other = form.choice("other").ok_or("there is no other zone")?;
            if pair_state(state, from, other).0 {
                slots::Command::Unlink { a: from, b: other }
            } else {
                slots::Command::Link { a: from, b: other }
            }
        }
        FormPurpose::HideZone { from } => {
            let other = form.choice("other").ok_or("there is no other zone")?;
            slots::Command::Hide {
                a: from,
                b: other,
                hidden: !pair_state(state, from, other).1,
            }
        }
        _ => return Ok(Vec::new()),
    };
    Ok(vec![command.into()])
}

impl Main {
    fn scene_zone(&self) -> Option<ZoneId> {
        self.slots()
            .scene
            .zones
            .get(self.view.panel_sel)
            .map(|z| z.id)
    }

    pub(crate) fn scene_key(&mut self, action: Option<Action>, dice: &mut Dice) -> bool {
        let Some(action) = action else {
            return false;
        };
        let zones = self.slots().scene.zones.len();
        let zone = self.scene_zone();
        let need_zone = "The scene has no zones yet: a adds one";
        match action {
            Action::Up => self.view.panel_sel = self.view.panel_sel.saturating_sub(1),
            Action::Down => {
                if self.view.panel_sel + 1 < zones {
                    self.view.panel_sel += 1;
                }
            }
            Action::NextChar | Action::PrevChar => {
                if !self.step_selection(action == Action::NextChar) {
                    return false;
                }
            }
            keys::PLACE_HERE | keys::UNPLACE => {
                let Some(who) = self.view.selected else {
                    self.complain("Add a character first");
                    return true;
                };
                let to = if action == keys::PLACE_HERE {
                    match zone {
                        Some(z) => Some(z),
                        None => {
                            self.complain(need_zone);
                            return true;
                        }
                    }
                } else {
                    None
                };
                return self.run_key(slots::Command::Place { who, zone: to }.into(), dice);
            }
            keys::ADD_ZONE => {
                self.open(Dialog::Form(
                    Form::new(
                        "Add a zone",
                        FormPurpose::AddZone,
                        vec![
                            Field::text("name", "Name", ""),
                            Field::toggle("cover", "Has cover", false),
                        ],
                    )
                    .with_note(
                        "Cover: something to hide behind, so an evade there does not end prone.",
                    ),
                ));
            }
            keys::NEW_SCENE => {
                self.open(Dialog::Form(
                    Form::new(
                        "New scene",
                        FormPurpose::NewScene,
                        vec![Field::text("name", "Name", "")],
                    )
                    .with_note("A new scene starts with no zones; everyone is taken off the map."),
                ));
            }
            keys::LINK_ZONE | keys::HIDE_ZONE => {
                let Some(from) = zone else {
                    self.complain(need_zone);
                    return true;
                };
                if zones < 2 {
                    self.complain("Add a second zone first (a)");
                    return true;
                }
                let form = pair_form(self.slots(), from, action == keys::HIDE_ZONE);
                self.open(Dialog::Form(form));
            }
            keys::REMOVE_ZONE => {
                let Some(z) = zone else {
                    self.complain(need_zone);
                    return true;
                };
                return self.run_key(slots::Command::RemoveZone { zone: z }.into(), dice);
            }
            Action::Undo => return self.undo(),
            Action::Redo => return self.redo(),
            Action::Cancel => self.close_dialog(),
            _ => return false,
        }
        true
    }
}
