//! Completion for a partly typed line: what the verb expects at the word being typed.

use super::lexer::{Token, lex, quote};
use super::verbs::{self, VERBS};
use crate::content::{self, Library, squash};
use crate::rules::slots::{Character, Decision, Pending, State};
use crate::session::SessionState;

/// What can complete the word under the cursor (the last one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Completion {
    /// Byte offset in the line where the word being completed starts.
    pub start: usize,
    /// Replacements for that word, quoted where needed.
    pub words: Vec<String>,
}

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

/// Completions for the last word of `line`.
pub fn completions(line: &str, state: &SessionState, library: &Library) -> Completion {
    let lexed = lex(line);
    let mut tokens = lexed.tokens;
    let ends_in_space = lexed.open_quote.is_none()
        && line.chars().last().is_none_or(char::is_whitespace)
        && !line.trim_start().starts_with('#');
    let (start, prefix) = if ends_in_space || tokens.is_empty() {
        (line.len(), String::new())
    } else {
        let last = tokens.pop().unwrap_or_else(|| Token {
            text: String::new(),
            column: 1,
            end: 0,
            quoted: false,
        });
        let start = line
            .char_indices()
            .nth(last.column - 1)
            .map_or(line.len(), |(i, _)| i);
        (start, last.text)
    };
    let st = content::slots_state(state);
    let candidates: Vec<String> = if tokens.is_empty() {
        VERBS.iter().map(|v| v.name.to_string()).collect()
    } else {
        match verbs::lookup(&tokens[0].text) {
            Some(verb) => expected(verb.name, &tokens[1..], st, library),
            None => Vec::new(),
        }
    };
    let want = prefix.to_lowercase();
    let squashed = squash(&prefix);
    let mut words: Vec<String> = Vec::new();
    for c in candidates {
        let fits = c.to_lowercase().starts_with(&want) || squash(&c).starts_with(&squashed);
        let q = quote(&c);
        if fits && !words.contains(&q) {
            words.push(q);
        }
    }
    Completion { start, words }
}

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

/// What the verb expects after the words already typed (`args`, verb excluded).
fn expected(verb: &str, args: &[Token], st: &State, lib: &Library) -> Vec<String> {
    let n = args.len();
    let prev = args.last().map(|t| t.text.to_ascii_lowercase());
    let prev = prev.as_deref();
    let first = || find(st, args.first());
    match verb {
        "add" => match (n, prev) {
            (0, _) => Vec::new(),
            (_, Some("kit" | "as" | "with")) => lib.kits.iter().map(|k| k.name.clone()).collect(),
            _ => {
                let mut v = strs(&["players", "opponents", "kit"]);
                v.extend(lib.kits.iter().map(|k| k.name.clone()));
                v
            }
        },
        "creature" => match n {
            0 => lib.creatures.iter().map(|c| c.name.clone()).collect(),
            1 => strs(SIDES),
            _ => Vec::new(),
        },
        "remove" | "rename" | "drop" | "shoulder" | "douse" | "starve" | "turn" | "interrupt"
        | "roll" => match n {
            0 => names(st),
            _ => Vec::new(),
        },
        "side" => match n {
            0 => names(st),
            1 => strs(SIDES),
            _ => Vec::new(),
        },
        "suffocate" | "cold" | "warm" => match n {
            0 => names(st),
            1 => strs(ON_OFF),
            _ => Vec::new(),
        },
        "put" => match n {
            0 => names(st),
            1 => slots(first()),
            2 => lib.items.iter().map(|i| i.name.clone()).collect(),
            _ => strs(super::parse::PROPERTY_WORDS),
        },
        "move" => match n {
            0 => names(st),
            1 | 2 => slots(first()),
            _ => Vec::new(),
        },
        "take" | "treat" | "heal" | "ignite" => match n {
            0 => names(st),
            1 => slots(first()),
            _ => Vec::new(),
        },
        "twohands" | "fatigue" => match n {
            0 => names(st),
            1 => slots(first()),
            2 => strs(ON_OFF),
            _ => Vec::new(),
        },
        "wound" => match n {
            0 => names(st),
            1 => slots(first()),
            2 => strs(&["open", "treated"]),
            _ => Vec::new(),
        },
        "mark" => match n {
            0 => names(st),
            1 => slots(first()),
            2 => {
                let mut v = strs(LETTERS);
                v.push("fatigue".into());
                v
            }
            _ => Vec::new(),
        },
        "worsen" => match n {
            0 => names(st),
            1 => strs(LETTERS),
            _ => Vec::new(),
        },
        "clear" => match n {
            0 => names(st),
            1 => {
                let mut v = strs(LETTERS);
                v.push("fatigue".into());
                v
            }
            2 => slots(first()),
            _ => Vec::new(),
        },
        "status" => match n {
            0 => names(st),
            1 => strs(FLAGS),
            2 => strs(ON_OFF),
            _ => Vec::new(),
        },
        "check" => match (n, prev) {
            (0, _) => names(st),
            (_, Some("sight")) => slots(first()),
            _ => strs(CHECK_WORDS),
        },
        "fall" => match n {
            0 => names(st),
            _ => Vec::new(),
        },
        "group" => {
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
        "attack" => match (n, prev) {
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
        },
        "pick" => match (n, st.pending.first()) {
            (0, Some(Pending::Roll(r))) => (1..=r.faces.len()).map(|i| i.to_string()).collect(),
            (0, _) => strs(&["1", "2", "3"]),
            _ => Vec::new(),
        },
        "swap" => match n {
            0 | 1 => names(st),
            _ => Vec::new(),
        },
        "override" => match n {
            0 => strs(&["pass", "fail"]),
            _ => Vec::new(),
        },
        "blocks" | "stopped" => match n {
            0 => strs(YES_NO),
            _ => Vec::new(),
        },
        "slot" => match n {
            0 => pending_slots(st),
            _ => Vec::new(),
        },
        "zone" => match n {
            0 => Vec::new(),
            _ => strs(&["cover"]),
        },
        "unzone" => match n {
            0 => zones(st),
            _ => Vec::new(),
        },
        "link" | "unlink" | "hide" | "unhide" => match n {
            0 | 1 => zones(st),
            _ => Vec::new(),
        },
        "place" => match n {
            0 => names(st),
            1 => {
                let mut v = zones(st);
                v.push("nowhere".into());
                v
            }
            _ => Vec::new(),
        },
        "task" => match n {
            0 => strs(TASKS),
            _ => strs(SENSE_WORDS),
        },
        "rest" => {
            let mut v = strs(&["fed"]);
            v.extend(strs(SENSE_WORDS));
            v
        }
        "dark" => match n {
            0 => strs(ON_OFF),
            _ => Vec::new(),
        },
        "fight" => match (n, prev) {
            (0, _) => strs(SIDES),
            (_, Some("surprise" | "surprised")) => strs(SIDES),
            (1, _) => strs(&["surprise"]),
            _ => Vec::new(),
        },
        "end" => match (n, args.first().map(|t| t.text.to_ascii_lowercase())) {
            (0, _) => strs(&["turn", "fight"]),
            (_, Some(w)) if w == "fight" => {
                let mut v = strs(&["quiet"]);
                v.extend(strs(SENSE_WORDS));
                v
            }
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}
