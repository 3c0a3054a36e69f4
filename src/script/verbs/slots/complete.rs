//! Completing the slot system's verbs: what each expects at the word being typed.

use super::read::PROPERTY_WORDS;
use crate::content;
use crate::rules::slots::{Character, Decision, Pending, State};
use crate::script::lexer::Token;
use crate::script::verbs::Typed;

const SIDES: &[&str] = &["players", "opponents"];
const ON_OFF: &[&str] = &["on", "off"];
const YES_NO: &[&str] = &["yes", "no"];
const LETTERS: &[&str] = &["A", "B", "C", "E", "F", "H", "M"];
const CHECK_WORDS: &[&str] = &[
    "terrain",
    "stealth",
    "corruption",
    "hearing",
    "smell",
    "sight",
    "noise",
    "dim",
    "adv",
    "dis",
];
const ATTACK_WORDS: &[&str] = &[
    "melee", "grab", "missile", "blast", "with", "parry", "evade", "aimed", "slots", "counter",
    "dual", "adv", "dis",
];
const SENSE_WORDS: &[&str] = &["sound", "light", "smell", "magic"];
const FLAGS: &[&str] = &[
    "prone",
    "restrained",
    "immobilized",
    "unconscious",
    "dead",
    "evil",
    "cringe",
];
const TASKS: &[&str] = &["search", "converse", "picklock", "fight", "forage", "climb"];

fn strs(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn names(st: &State) -> Vec<String> {
    st.characters.iter().map(|c| c.name.clone()).collect()
}

fn zones(st: &State) -> Vec<String> {
    st.scene.zones.iter().map(|z| z.name.clone()).collect()
}

fn find<'a>(st: &'a State, token: Option<&Token>) -> Option<&'a Character> {
    let t = token?;
    content::find_by_name(&st.characters, |c| &c.name, &t.text, "character").ok()
}

fn slots(c: Option<&Character>) -> Vec<String> {
    let n = c.map_or(11, |c| c.slots.len());
    (1..=n).map(|n| n.to_string()).collect()
}

/// The slots the waiting decision offers, else every slot of the human sheet.
fn pending_slots(st: &State) -> Vec<String> {
    let options = match st.pending.first() {
        Some(Pending::Decide(
            Decision::WoundSlot { options, .. }
            | Decision::SpreadSlot { options, .. }
            | Decision::HitSlot { options, .. }
            | Decision::FallSlot { options, .. },
        )) => options.clone(),
        _ => (1..=11).collect(),
    };
    options.iter().map(|n| n.to_string()).collect()
}

/// Completes `add`.
pub(super) fn complete_add(c: &Typed<'_>, _st: &State) -> Vec<String> {
    let n = c.args.len();
    let prev = c.prev();
    let prev = prev.as_deref();
    let lib = c.library;
    match (n, prev) {
        (0, _) => Vec::new(),
        (_, Some("kit" | "as" | "with")) => lib.kits.iter().map(|k| k.name.clone()).collect(),
        _ => {
            let mut v = strs(&["players", "opponents", "kit"]);
            v.extend(lib.kits.iter().map(|k| k.name.clone()));
            v
        }
    }
}

/// Completes `creature`.
pub(super) fn complete_creature(c: &Typed<'_>, _st: &State) -> Vec<String> {
    let n = c.args.len();
    let lib = c.library;
    match n {
        0 => lib.creatures.iter().map(|c| c.name.clone()).collect(),
        1 => strs(SIDES)
            .into_iter()
            .chain(["named".to_string()])
            .collect(),
        2 => vec!["named".to_string()],
        _ => Vec::new(),
    }
}

/// Completes `remove`, `rename`, `drop`, `shoulder`, `douse`, `starve`, `turn`, `interrupt`, `roll`.
pub(super) fn complete_remove(c: &Typed<'_>, st: &State) -> Vec<String> {
    let n = c.args.len();
    match n {
        0 => names(st),
        _ => Vec::new(),
    }
}

/// Completes `side`.
pub(super) fn complete_side(c: &Typed<'_>, st: &State) -> Vec<String> {
    let n = c.args.len();
    match n {
        0 => names(st),
        1 => strs(SIDES),
        _ => Vec::new(),
    }
}

/// Completes `put`.
pub(super) fn complete_put(c: &Typed<'_>, st: &State) -> Vec<String> {
    let n = c.args.len();
    let lib = c.library;
    let first = || find(st, c.args.first());
    match n {
        0 => names(st),
        1 => slots(first()),
        2 => lib.items.iter().map(|i| i.name.clone()).collect(),
        _ => strs(PROPERTY_WORDS),
    }
}

/// Completes `move`.
pub(super) fn complete_move(c: &Typed<'_>, st: &State) -> Vec<String> {
    let n = c.args.len();
    let first = || find(st, c.args.first());
    match n {
        0 => names(st),
        1 | 2 => slots(first()),
        _ => Vec::new(),
    }
}

/// Completes `take`, `treat`, `heal`, `ignite`.
pub(super) fn complete_take(c: &Typed<'_>, st: &State) -> Vec<String> {
    let n = c.args.len();
    let first = || find(st, c.args.first());
    match n {
        0 => names(st),
        1 => slots(first()),
        _ => Vec::new(),
    }
}

/// Completes `twohands`, `fatigue`.
pub(super) fn complete_twohands(c: &Typed<'_>, st: &State) -> Vec<String> {
    let n = c.args.len();
    let first = || find(st, c.args.first());
    match n {
        0 => names(st),
        1 => slots(first()),
        2 => strs(ON_OFF),
        _ => Vec::new(),
    }
}

/// Completes `check`.
pub(super) fn complete_check(c: &Typed<'_>, st: &State) -> Vec<String> {
    let n = c.args.len();
    let prev = c.prev();
    let prev = prev.as_deref();
    let first = || find(st, c.args.first());
    match (n, prev) {
        (0, _) => names(st),
        (_, Some("sight")) => slots(first()),
        _ => strs(CHECK_WORDS),
    }
}

/// Completes `fall`.
pub(super) fn complete_fall(c: &Typed<'_>, st: &State) -> Vec<String> {
    let n = c.args.len();
    match n {
        0 => names(st),
        _ => Vec::new(),
    }
}

/// Completes `group`.
pub(super) fn complete_group(c: &Typed<'_>, st: &State) -> Vec<String> {
    let n = c.args.len();
    {
        let mut v = names(st);
        v.extend(strs(&["players", "opponents", "all"]));
        if n > 0 {
            v.extend(strs(&[
                "terrain",
                "stealth",
                "corruption",
                "hearing",
                "smell",
                "noise",
                "dim",
            ]));
        }
        v
    }
}

/// Completes `attack`.
pub(super) fn complete_attack(c: &Typed<'_>, st: &State) -> Vec<String> {
    let n = c.args.len();
    let prev = c.prev();
    let prev = prev.as_deref();
    let first = || find(st, c.args.first());
    match (n, prev) {
        (0 | 1, _) => names(st),
        (_, Some("with" | "using" | "w")) => match first() {
            Some(c) => {
                let mut v = slots(Some(c));
                v.extend(
                    c.slots
                        .iter()
                        .filter_map(|s| s.item.as_ref())
                        .map(|i| i.name.clone()),
                );
                v
            }
            None => slots(None),
        },
        (_, Some("slots")) => strs(&["1", "2", "3"]),
        _ => strs(ATTACK_WORDS),
    }
}

/// Completes `pick`.
pub(super) fn complete_pick(c: &Typed<'_>, st: &State) -> Vec<String> {
    let n = c.args.len();
    match (n, st.pending.first()) {
        (0, Some(Pending::Roll(r))) => (1..=r.faces.len()).map(|i| i.to_string()).collect(),
        (0, _) => strs(&["1", "2", "3"]),
        _ => Vec::new(),
    }
}

/// Completes `swap`.
pub(super) fn complete_swap(c: &Typed<'_>, st: &State) -> Vec<String> {
    let n = c.args.len();
    match n {
        0 | 1 => names(st),
        _ => Vec::new(),
    }
}

/// Completes `override`.
pub(super) fn complete_override(c: &Typed<'_>, _st: &State) -> Vec<String> {
    let n = c.args.len();
    match n {
        0 => strs(&["pass", "fail"]),
        _ => Vec::new(),
    }
}

/// Completes `slot`.
pub(super) fn complete_slot(c: &Typed<'_>, st: &State) -> Vec<String> {
    let n = c.args.len();
    match n {
        0 => pending_slots(st),
        _ => Vec::new(),
    }
}

/// Completes `blocks`, `stopped`.
pub(super) fn complete_blocks(c: &Typed<'_>, _st: &State) -> Vec<String> {
    let n = c.args.len();
    match n {
        0 => strs(YES_NO),
        _ => Vec::new(),
    }
}

/// Completes `wound`.
pub(super) fn complete_wound(c: &Typed<'_>, st: &State) -> Vec<String> {
    let n = c.args.len();
    let first = || find(st, c.args.first());
    match n {
        0 => names(st),
        1 => slots(first()),
        2 => strs(&["open", "treated"]),
        _ => Vec::new(),
    }
}

/// Completes `mark`.
pub(super) fn complete_mark(c: &Typed<'_>, st: &State) -> Vec<String> {
    let n = c.args.len();
    let first = || find(st, c.args.first());
    match n {
        0 => names(st),
        1 => slots(first()),
        2 => {
            let mut v = strs(LETTERS);
            v.push("fatigue".into());
            v
        }
        _ => Vec::new(),
    }
}

/// Completes `worsen`.
pub(super) fn complete_worsen(c: &Typed<'_>, st: &State) -> Vec<String> {
    let n = c.args.len();
    match n {
        0 => names(st),
        1 => strs(LETTERS),
        _ => Vec::new(),
    }
}

/// Completes `clear`.
pub(super) fn complete_clear(c: &Typed<'_>, st: &State) -> Vec<String> {
    let n = c.args.len();
    let first = || find(st, c.args.first());
    match n {
        0 => names(st),
        1 => {
            let mut v = strs(LETTERS);
            v.push("fatigue".into());
            v
        }
        2 => slots(first()),
        _ => Vec::new(),
    }
}

/// Completes `suffocate`, `cold`, `warm`.
pub(super) fn complete_suffocate(c: &Typed<'_>, st: &State) -> Vec<String> {
    let n = c.args.len();
    match n {
        0 => names(st),
        1 => strs(ON_OFF),
        _ => Vec::new(),
    }
}

/// Completes `status`.
pub(super) fn complete_status(c: &Typed<'_>, st: &State) -> Vec<String> {
    let n = c.args.len();
    match n {
        0 => names(st),
        1 => strs(FLAGS),
        2 => strs(ON_OFF),
        _ => Vec::new(),
    }
}

/// Completes `zone`.
pub(super) fn complete_zone(c: &Typed<'_>, _st: &State) -> Vec<String> {
    let n = c.args.len();
    match n {
        0 => Vec::new(),
        _ => strs(&["cover"]),
    }
}

/// Completes `unzone`.
pub(super) fn complete_unzone(c: &Typed<'_>, st: &State) -> Vec<String> {
    let n = c.args.len();
    match n {
        0 => zones(st),
        _ => Vec::new(),
    }
}

/// Completes `link`, `unlink`, `hide`, `unhide`.
pub(super) fn complete_link(c: &Typed<'_>, st: &State) -> Vec<String> {
    let n = c.args.len();
    match n {
        0 | 1 => zones(st),
        _ => Vec::new(),
    }
}

/// Completes `place`.
pub(super) fn complete_place(c: &Typed<'_>, st: &State) -> Vec<String> {
    let n = c.args.len();
    match n {
        0 => names(st),
        1 => {
            let mut v = zones(st);
            v.push("nowhere".into());
            v
        }
        _ => Vec::new(),
    }
}

/// Completes `task`.
pub(super) fn complete_task(c: &Typed<'_>, _st: &State) -> Vec<String> {
    let n = c.args.len();
    match n {
        0 => strs(TASKS),
        _ => strs(SENSE_WORDS),
    }
}

/// Completes `rest`.
pub(super) fn complete_rest(_: &Typed<'_>, _st: &State) -> Vec<String> {
    {
        let mut v = strs(&["fed"]);
        v.extend(strs(SENSE_WORDS));
        v
    }
}

/// Completes `dark`.
pub(super) fn complete_dark(c: &Typed<'_>, _st: &State) -> Vec<String> {
    let n = c.args.len();
    match n {
        0 => strs(ON_OFF),
        _ => Vec::new(),
    }
}

/// Completes `fight`.
pub(super) fn complete_fight(c: &Typed<'_>, _st: &State) -> Vec<String> {
    let n = c.args.len();
    let prev = c.prev();
    let prev = prev.as_deref();
    match (n, prev) {
        (0, _) => strs(SIDES),
        (_, Some("surprise" | "surprised")) => strs(SIDES),
        (1, _) => strs(&["surprise", "all", "with"]),
        _ => Vec::new(),
    }
}

/// Completes `end`.
pub(super) fn complete_end(c: &Typed<'_>, _st: &State) -> Vec<String> {
    let n = c.args.len();
    let args = c.args;
    match (n, args.first().map(|t| t.text.to_ascii_lowercase())) {
        (0, _) => strs(&["turn", "fight"]),
        (_, Some(w)) if w == "fight" => {
            let mut v = strs(&["quiet"]);
            v.extend(strs(SENSE_WORDS));
            v
        }
        _ => Vec::new(),
    }
}
