//! The verb table. Every verb carries its help (usage, description, example), its parser and its
//! completer in one entry, so a verb without a parser cannot compile and help, parsing and
//! completion cannot drift apart. The frame's verbs (notes, the title, undo and redo) work in
//! every session; each ruleset adds its own table (`slots`).

pub(crate) mod actiondie;
pub(crate) mod alike;
pub(crate) mod ap;
pub(crate) mod bdp;
pub(crate) mod phase;
pub(crate) mod plain;
pub(crate) mod slots;
mod write;

pub(crate) use write::write;

use super::lexer::{Lexed, Token};
use super::words::{R, Words};
use super::{Line, ScriptError};
use crate::content::{Library, LookupError, find_by_name};
use crate::rules::party::{Company, Member};
use crate::rules::{GameState, RollKind, RulesetId};
use crate::session::{Command, CreatureNumbers, SessionState};

/// What help says about one verb.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verb {
    pub name: &'static str,
    /// Other spellings that mean the same verb.
    pub aliases: &'static [&'static str],
    pub usage: &'static str,
    pub about: &'static str,
    pub example: &'static str,
    pub group: &'static str,
}

pub(crate) const fn v(
    name: &'static str,
    aliases: &'static [&'static str],
    usage: &'static str,
    about: &'static str,
    example: &'static str,
    group: &'static str,
) -> Verb {
    Verb {
        name,
        aliases,
        usage,
        about,
        example,
        group,
    }
}

/// The words typed after a verb, for its completer.
pub struct Typed<'a> {
    /// The words after the verb, not counting the one being completed.
    pub args: &'a [Token],
    pub library: &'a Library,
}

impl Typed<'_> {
    /// The last word typed, lower case.
    pub fn prev(&self) -> Option<String> {
        self.args.last().map(|t| t.text.to_ascii_lowercase())
    }
}

/// One verb of a table whose verbs read a state of type `S` (a ruleset's state; `()` for the
/// frame's verbs, which read none).
pub(crate) struct Entry<S: 'static> {
    pub verb: Verb,
    pub parse: for<'a> fn(&mut Words<'a>, &'a S) -> R<Line>,
    pub complete: fn(&Typed<'_>, &S) -> Vec<String>,
}

/// Refuses `t` where the verb expected `what`.
pub(crate) fn err<T>(t: &Token, what: &str) -> R<T> {
    Err(ScriptError::at(
        t.column,
        format!("expected {what}, found '{}'", t.text),
    ))
}

/// The next word, a character's name, as the one it names in the session.
pub(crate) fn character<'a, S: Company>(w: &mut Words<'_>, st: &'a S) -> R<&'a S::Member> {
    let token = w.next("a character's name")?;
    character_of(&token, st)
}

/// The character `token` names in the session.
pub(crate) fn character_of<'a, S: Company>(token: &Token, st: &'a S) -> R<&'a S::Member> {
    find_by_name(st.members(), |c| c.name(), &token.text, "character")
        .map_err(|e| super::words::lookup_err(token, e))
}

/// The next word, a character's name, as its id.
pub(crate) fn who<S: Company>(w: &mut Words<'_>, st: &S) -> R<u32> {
    character(w, st).map(|c| c.id())
}

/// The id of the character `token` names.
pub(crate) fn who_of<S: Company>(token: &Token, st: &S) -> R<u32> {
    character_of(token, st).map(|c| c.id())
}

/// Completes a name: everyone in the session.
pub(crate) fn names<S: Company>(_: &Typed<'_>, st: &S) -> Vec<String> {
    st.members().iter().map(|c| c.name().to_string()).collect()
}

/// Completes a verb's first word, a name; nothing after it.
pub(crate) fn first_a_name<S: Company>(t: &Typed<'_>, st: &S) -> Vec<String> {
    if t.args.is_empty() {
        names(t, st)
    } else {
        Vec::new()
    }
}

/// Completes a name, then the words `then` gives; nothing after them.
pub(crate) fn name_then<S: Company>(
    t: &Typed<'_>,
    st: &S,
    then: impl FnOnce() -> Vec<String>,
) -> Vec<String> {
    match t.args.len() {
        0 => names(t, st),
        1 => then(),
        _ => Vec::new(),
    }
}

/// Refuses `token`, where the verb expected `kinds` (a few words, or a name from a list such as
/// the bestiary), for the list's lookup error `e`: an unknown word with the list's hint, any
/// other as the lookup says it.
pub(crate) fn not_a_kind(token: &Token, kinds: &str, e: LookupError) -> ScriptError {
    match e {
        LookupError::Unknown { hint, .. } => ScriptError::at(
            token.column,
            format!("expected {kinds}, found '{}'{hint}", token.text),
        ),
        e => super::words::lookup_err(token, e),
    }
}

/// How many verbs the topic tables `topics` hold together (see [`join`]).
pub(crate) const fn count<S>(topics: &[&[Entry<S>]]) -> usize {
    let (mut n, mut i) = (0, 0);
    while i < topics.len() {
        n += topics[i].len();
        i += 1;
    }
    n
}

/// A ruleset's topic tables end to end, in order, as the one table help lists: `N` is their
/// [`count`].
pub(crate) const fn join<S, const N: usize>(topics: &[&[Entry<S>]]) -> [Entry<S>; N] {
    let mut all = [topics[0][0]; N];
    let (mut k, mut i) = (0, 0);
    while i < topics.len() {
        let mut j = 0;
        while j < topics[i].len() {
            all[k] = topics[i][j];
            (k, j) = (k + 1, j + 1);
        }
        i += 1;
    }
    all
}

// By hand, as a derive would ask the state to be `Copy` too; a ruleset may then build its table
// from tables per topic in a const.
impl<S> Clone for Entry<S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for Entry<S> {}

/// A completer for a verb that takes free text or nothing.
pub(crate) fn nothing<S>(_: &Typed<'_>, _: &S) -> Vec<String> {
    Vec::new()
}

const SESSION: &str = "Session";

/// The frame's verbs: the same in every ruleset.
const FRAME: &[Entry<()>] = &[
    Entry {
        verb: v(
            "note",
            &["n"],
            "note TEXT",
            "adds a line to the session's notes",
            "note The miller owes Aria a favour",
            SESSION,
        ),
        parse: |w, _| {
            Ok(Line::Command(Command::Note(
                w.rest_text("the note's text")?,
            )))
        },
        complete: nothing,
    },
    Entry {
        verb: v(
            "title",
            &[],
            "title TEXT",
            "renames the session",
            "title The Old Mill, part two",
            SESSION,
        ),
        parse: |w, _| {
            Ok(Line::Command(Command::Retitle(
                w.rest_text("the new title")?,
            )))
        },
        complete: nothing,
    },
    Entry {
        verb: v(
            "say",
            &[],
            "say TEXT",
            "says TEXT to the whole table: it shows on every players' page and the table view, \
             and is logged like any step",
            "say The bridge groans under your weight",
            SESSION,
        ),
        parse: |w, _| {
            Ok(Line::Command(Command::Say(
                w.rest_text("the words to say")?,
            )))
        },
        complete: nothing,
    },
    Entry {
        verb: v(
            "undo",
            &["u"],
            "undo",
            "steps back one command",
            "undo",
            SESSION,
        ),
        parse: |_, _| Ok(Line::Undo),
        complete: nothing,
    },
    Entry {
        verb: v(
            "save",
            &[],
            "save as PATH",
            "writes the whole session to a new file and carries on there (on the screen)",
            "save as /mnt/usb/barrow.ron",
            SESSION,
        ),
        parse: |w, _| {
            // `as` is required: `save Ana dex`, typed for a roll, moved the whole session to
            // a file named "Ana dex".
            if !w.eat(&["as"]) {
                return Err(ScriptError::at(
                    w.peek().map_or(1, |t| t.column),
                    "save writes the session to a new file: `save as PATH`; a roll is a \
                     check or a save in this ruleset's own words (`help commands` lists them)",
                ));
            }
            Ok(Line::SaveAs(w.rest_text("the new file's path")?))
        },
        complete: nothing,
    },
    Entry {
        verb: v(
            "roll",
            &[],
            "roll DICE [for WHAT] | roll on TABLE",
            "rolls dice the rules do not ask for (a reaction, a random table), or on one of your \
             own tables (`help library` lists them); logged like any roll",
            "roll 2d6 for reaction",
            SESSION,
        ),
        parse: |w, _| {
            let dice = w.next("dice such as 2d6 or d20, or on TABLE")?;
            if crate::script::words::is(&dice, &["on"]) {
                return table_roll(w);
            }
            free_roll(w, dice)
        },
        complete: nothing,
    },
    Entry {
        verb: v(
            "import",
            &[],
            "import PATH",
            "brings in the character of a sheet file (`slotmark export FILE --character NAME \
             --sheet` writes one) as it left its session, or a Kettlewright character (its \
             export or its API's JSON) or a Foundry Cairn character onto this ruleset's sheet \
             (bdp, phase, ap), what has no place there kept in a note; the sheet is kept in the \
             log",
            "import saves/aria.sheet.ron",
            SESSION,
        ),
        // A Kettlewright character is read in `parse`, which knows the session's ruleset.
        parse: |w, _| {
            let column = w.peek().map_or(1, |t| t.column);
            let path = w.rest_text("the sheet file's path")?;
            let sheet = crate::store::read_sheet(std::path::Path::new(&path))
                .map_err(|e| ScriptError::at(column, e.to_string()))?;
            Ok(Line::Command(Command::Join(sheet.into())))
        },
        complete: nothing,
    },
    Entry {
        verb: v(
            "data",
            &[],
            "data COMMAND",
            "applies a command written as data (RON), as `slotmark replay` writes a party joining \
             with its sheets",
            "data Note(\"The bridge is out\")",
            SESSION,
        ),
        // The whole line is read before it is split into words (see `write::read_data`); this
        // entry answers only when the line reaches the verb table another way.
        parse: |w, _| match super::write::read_data(w.line) {
            Some(read) => {
                w.pos = w.tokens.len();
                read
            }
            None => Err(ScriptError::at(1, w.usage())),
        },
        complete: nothing,
    },
    Entry {
        verb: v(
            "redo",
            &[],
            "redo",
            "re-applies the command last undone",
            "redo",
            SESSION,
        ),
        parse: |_, _| Ok(Line::Redo),
        complete: nothing,
    },
    Entry {
        verb: v(
            "secret",
            &[],
            "secret [STEP] [off] | secret default [KIND...|none]",
            "keeps the last roll (or step STEP of the log) and what it does from the players' \
             table view; `off` shows it again. `secret default` lists the kinds of roll kept \
             secret without a word (encounter and reaction in a new session), and sets them: \
             check, save, attack, damage, encounter, reaction, morale, initiative, other",
            "secret default encounter reaction morale",
            SESSION,
        ),
        parse: |w, _| {
            if w.eat(&["default", "defaults"]) {
                return secret_default(w);
            }
            let step = match w.peek() {
                Some(t) if t.text.chars().all(|c| c.is_ascii_digit()) => {
                    let n: u32 = w.number("the step's number, as the roll log shows it")?;
                    if n == 0 {
                        return Err(ScriptError::at(
                            w.tokens[w.pos - 1].column,
                            "steps are counted from 1",
                        ));
                    }
                    Some(n - 1)
                }
                _ => None,
            };
            let secret = !w.eat(&["off"]);
            Ok(Line::Command(Command::Secret { step, secret }))
        },
        complete: |t, _| {
            if t.args
                .first()
                .is_some_and(|a| a.text.eq_ignore_ascii_case("default"))
            {
                let mut words = vec!["none".to_string()];
                words.extend(RollKind::ALL.iter().map(|k| k.word().to_string()));
                words
            } else if t.args.iter().any(|a| a.text.eq_ignore_ascii_case("off")) {
                Vec::new()
            } else if t.args.is_empty() {
                vec!["off".into(), "default".into()]
            } else {
                vec!["off".into()]
            }
        },
    },
    Entry {
        verb: v(
            "numbers",
            &[],
            "numbers word|none|exact",
            "what the players' table view shows of a creature's health and numbers: its state \
             in a word (unhurt, hurt, badly hurt, down, dead, fled), nothing, or every number",
            "numbers none",
            SESSION,
        ),
        parse: |w, _| {
            let t = w.next("word, none or exact")?;
            let numbers = CreatureNumbers::from_word(&t.text).ok_or_else(|| {
                ScriptError::at(t.column, format!("'{}' is not word, none or exact", t.text))
            })?;
            w.finish()?;
            Ok(Line::Command(Command::TableNumbers(numbers)))
        },
        complete: |t, _| {
            if t.args.is_empty() {
                CreatureNumbers::ALL
                    .iter()
                    .map(|n| n.word().to_string())
                    .collect()
            } else {
                Vec::new()
            }
        },
    },
];

/// `secret default [KIND...|none]`: nothing more asks which kinds they are.
fn secret_default(w: &mut Words<'_>) -> R<Line> {
    if w.at_end() {
        return Ok(Line::Command(Command::SecretKinds(None)));
    }
    if w.eat(&["none", "nothing"]) {
        w.finish()?;
        return Ok(Line::Command(Command::SecretKinds(Some(Vec::new()))));
    }
    let mut kinds = Vec::new();
    while !w.at_end() {
        let t = w.next("a kind of roll")?;
        let word = t.text.trim_end_matches(',');
        let kind = RollKind::from_word(word).ok_or_else(|| {
            let all: Vec<&str> = RollKind::ALL.iter().map(|k| k.word()).collect();
            ScriptError::at(
                t.column,
                format!(
                    "'{word}' is not a kind of roll; the kinds: {}, or none",
                    all.join(", ")
                ),
            )
        })?;
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    Ok(Line::Command(Command::SecretKinds(Some(kinds))))
}

/// The frame's verbs that read the game, through its roster: the same in every ruleset, after
/// any verb of the ruleset's own with the same name.
const ROSTER_VERBS: &[Entry<GameState>] = &[
    Entry {
        verb: v(
            "veil",
            &[],
            "veil NAME",
            "keeps a creature from the players' table view (it is not shown, nor any line that \
             names it), even when it acts",
            "veil Snag",
            SESSION,
        ),
        parse: |w, game| hide(w, game, true),
        complete: roster_names,
    },
    Entry {
        verb: v(
            "reveal",
            &["unveil"],
            "reveal NAME|all",
            "brings a creature (or every one the players do not see) into the players' table \
             view; creatures start unseen",
            "reveal Snag",
            SESSION,
        ),
        parse: |w, game| {
            // `all` alone; a name that starts with it ("All-Father") is a name.
            if w.pos + 1 == w.tokens.len() && w.eat(&["all"]) {
                return Ok(Line::Command(Command::RevealAll));
            }
            hide(w, game, false)
        },
        complete: |t, game| {
            let mut names = roster_names(t, game);
            names.insert(0, "all".into());
            names
        },
    },
    Entry {
        verb: v(
            "tell",
            &[],
            "tell NAME TEXT",
            "tells TEXT to one player character's player alone: it shows on that character's \
             page only (never the table view or another page), and is logged like any step",
            "tell Aria You hear your name whispered",
            SESSION,
        ),
        parse: tell,
        complete: |t, game| {
            if t.args.is_empty() {
                party_names(game)
            } else {
                Vec::new()
            }
        },
    },
    Entry {
        verb: v(
            "link",
            &[],
            "link NAME new",
            "makes a player character's page link anew, for `slotmark table FILE --web`: the old \
             one stops opening the page at once (open pages included), and the page's server \
             prints the new one with its QR code",
            "link Aria new",
            SESSION,
        ),
        parse: |w, game| relink(w, &game.roster()),
        complete: |t, game| {
            if t.args.is_empty() {
                party_names(game)
            } else if t.args.len() == 1 {
                vec!["new".into()]
            } else {
                Vec::new()
            }
        },
    },
    Entry {
        verb: v(
            "encounter",
            &["encounters"],
            "encounter [NAME: CREATURE, CREATURE...]",
            "groups creatures of the roster under a name, before the session: `c` proposes the \
             first encounter not yet fought (in the slot system, the creatures by the party), \
             `fight NAME` starts a fight with it, and the same line with more creatures adds \
             them; alone, lists the encounters",
            "encounter Ambush: Snag",
            SESSION,
        ),
        parse: encounter,
        complete: creature_names,
    },
    Entry {
        verb: v(
            "bring",
            &[],
            "bring ENCOUNTER [unseen]",
            "brings every standing creature of a prepared encounter into the fight under way, \
             each where its initiative places it, and into the players' sight unless `unseen` \
             follows",
            "bring Ambush",
            SESSION,
        ),
        parse: bring,
        complete: nothing,
    },
];

/// `bring NAME [unseen]`: the encounter is read by its name when the step is applied, as the
/// session keeps the encounters.
fn bring(w: &mut Words<'_>, _: &GameState) -> R<Line> {
    let mut words = Vec::new();
    while let Some(t) = w.peek().cloned() {
        w.pos += 1;
        words.push(t);
    }
    let unseen = words.last().is_some_and(|t| {
        !t.quoted && ["unseen", "hidden"].contains(&t.text.to_ascii_lowercase().as_str())
    }) && words.len() > 1;
    if unseen {
        words.pop();
    }
    let name: Vec<&str> = words.iter().map(|t| t.text.as_str()).collect();
    if name.is_empty() {
        return Err(ScriptError::at(
            w.eol,
            format!("expected the encounter to bring in; {}", w.usage()),
        ));
    }
    Ok(Line::Command(Command::Bring {
        encounter: name.join(" ").into(),
        seen: !unseen,
    }))
}

/// `encounter NAME: A, B, ...`, or `encounter` alone to list them.
fn encounter(w: &mut Words<'_>, game: &GameState) -> R<Line> {
    if w.at_end() {
        return Ok(Line::Command(Command::Encounters));
    }
    let mut name = Vec::new();
    loop {
        let t = w.next("the encounter's name, then a colon and its creatures")?;
        if let Some(last) = t.text.strip_suffix(':') {
            if !last.is_empty() {
                name.push(last.to_string());
            }
            break;
        }
        name.push(t.text);
    }
    let name = name.join(" ");
    let creatures: Vec<(u32, String)> = game
        .roster()
        .into_iter()
        .filter(|g| !g.party)
        .flat_map(|g| g.members)
        .map(|m| (m.id, m.name))
        .collect();
    let mut members = Vec::new();
    let mut words: Vec<Token> = Vec::new();
    let mut take = |words: &mut Vec<Token>| -> R<()> {
        let Some(first) = words.first() else {
            return Ok(());
        };
        let column = first.column;
        let text: Vec<&str> = words.iter().map(|t| t.text.as_str()).collect();
        let (id, _) = find_by_name(&creatures, |c| &c.1, &text.join(" "), "creature")
            .map_err(|e| ScriptError::at(column, e.to_string()))?;
        members.push(*id);
        words.clear();
        Ok(())
    };
    while let Some(mut t) = w.peek().cloned() {
        w.pos += 1;
        let ends = !t.quoted && t.text.ends_with(',');
        if ends {
            t.text.pop();
        }
        if !t.text.is_empty() {
            words.push(t);
        }
        if ends {
            take(&mut words)?;
        }
    }
    take(&mut words)?;
    if members.is_empty() {
        return Err(ScriptError::at(
            w.eol,
            format!(
                "expected the creatures of {name} after the colon; {}",
                w.usage()
            ),
        ));
    }
    Ok(Line::Command(Command::Encounter {
        name: name.into(),
        members: members.into(),
    }))
}

/// `tell NAME TEXT`: the first word (quoted when the name has spaces) names a player
/// character, the rest is what the judge tells their player.
fn tell(w: &mut Words<'_>, game: &GameState) -> R<Line> {
    let name = w.next("a player character's name")?;
    let party: Vec<(u32, String)> = game
        .roster()
        .into_iter()
        .filter(|g| g.party)
        .flat_map(|g| g.members)
        .map(|m| (m.id, m.name))
        .collect();
    let (id, _) = find_by_name(&party, |p| &p.1, &name.text, "player character")
        .map_err(|e| ScriptError::at(name.column, e.to_string()))?;
    let text = w.rest_text("the words to tell them")?;
    Ok(Line::Command(Command::Tell { id: *id, text }))
}

/// `link NAME new`: a player character's page link made anew. `roster` is the game's; a
/// ruleset with a `link` verb of its own hands a line ending in `new` here.
pub(crate) fn relink(w: &mut Words<'_>, roster: &[crate::rules::RosterGroup]) -> R<Line> {
    let column = w.peek().map_or(w.eol, |t| t.column);
    let mut words = Vec::new();
    while let Some(t) = w.peek() {
        if w.pos + 1 == w.tokens.len() && crate::script::words::is(t, &["new"]) {
            break;
        }
        words.push(t.text.clone());
        w.pos += 1;
    }
    if words.is_empty() {
        return Err(ScriptError::at(
            column,
            format!("expected a player character's name; {}", w.usage()),
        ));
    }
    if !w.eat(&["new"]) {
        return Err(ScriptError::at(
            w.eol,
            format!("expected `new` after the name; {}", w.usage()),
        ));
    }
    let party: Vec<(u32, &str)> = roster
        .iter()
        .filter(|g| g.party)
        .flat_map(|g| g.members.iter().map(|m| (m.id, m.name.as_str())))
        .collect();
    let (id, _) = find_by_name(&party, |p| p.1, &words.join(" "), "player character")
        .map_err(|e| ScriptError::at(column, e.to_string()))?;
    Ok(Line::Command(Command::Relink { id: *id }))
}

/// The player characters on the roster, for `tell`.
fn party_names(game: &GameState) -> Vec<String> {
    game.roster()
        .into_iter()
        .filter(|g| g.party)
        .flat_map(|g| g.members)
        .map(|m| m.name)
        .collect()
}

/// The creatures on the roster, for `encounter`.
fn creature_names(_: &Typed<'_>, game: &GameState) -> Vec<String> {
    game.roster()
        .into_iter()
        .filter(|g| !g.party)
        .flat_map(|g| g.members)
        .map(|m| m.name)
        .collect()
}

/// `veil NAME` and `unveil NAME`: the name read against the roster.
fn hide(w: &mut Words<'_>, game: &GameState, hidden: bool) -> R<Line> {
    let column = w.peek().map_or(1, |t| t.column);
    let name = w.rest_text("a name from the roster")?;
    let people: Vec<(u32, String)> = game
        .roster()
        .into_iter()
        .flat_map(|g| g.members)
        .map(|m| (m.id, m.name))
        .collect();
    let (id, _) = find_by_name(&people, |p| &p.1, &name, "character or creature")
        .map_err(|e| ScriptError::at(column, e.to_string()))?;
    Ok(Line::Command(Command::Hide { id: *id, hidden }))
}

fn roster_names(_: &Typed<'_>, game: &GameState) -> Vec<String> {
    game.roster()
        .into_iter()
        .flat_map(|g| g.members)
        .map(|m| m.name)
        .collect()
}

/// The frame's `roll`: `dice` read as a dice expression, then `for WHAT` if it follows. A
/// ruleset whose own verb is called `roll` hands a line that starts with dice here.
pub(crate) fn free_roll(w: &mut Words<'_>, dice: Token) -> R<Line> {
    let expr = crate::dice::DiceExpr::parse(&dice.text)
        .map_err(|e| ScriptError::at(dice.column, e.to_string()))?;
    let what = if w.eat(&["for"]) {
        w.rest_text("what the roll is for")?
    } else if w.at_end() {
        String::new()
    } else {
        w.rest_text("what the roll is for")?
    };
    Ok(Line::Command(Command::Roll { expr, what }))
}

/// `roll on TABLE`: one of the judge's own tables, carried whole in the step so the log
/// replays without its file.
pub(crate) fn table_roll(w: &mut Words<'_>) -> R<Line> {
    let column = w.peek().map_or(1, |t| t.column);
    let name = w.rest_text("the table's name (`slotmark help library` lists them)")?;
    let tables = crate::content::tables::active();
    let table = tables.find(&name).map_err(|e| {
        let left_out = match tables.refused.len() {
            0 => String::new(),
            1 => "; 1 table file was left out (`slotmark help library` says why)".to_string(),
            n => format!("; {n} table files were left out (`slotmark help library` says why)"),
        };
        ScriptError::at(column, format!("{e}{left_out}"))
    })?;
    Ok(Line::Command(Command::RollOn(Box::new(table.clone()))))
}

/// `roll NAME KIND ...`, a character rolled by the book, shared by every ruleset that rolls
/// sheets: when a word of `kinds` follows the name, `sheet` reads the rest; otherwise the line
/// is the frame's roll of dice.
pub(crate) fn roll_or_sheet(
    w: &mut Words<'_>,
    kinds: &[&str],
    sheet: impl FnOnce(&mut Words<'_>, String) -> R<Line>,
) -> R<Line> {
    let token = w.next("the new name, or dice")?;
    let new_sheet = w.peek().is_some_and(|t| crate::script::words::is(t, kinds));
    if !new_sheet && crate::script::words::is(&token, &["on"]) {
        return table_roll(w);
    }
    if !new_sheet && crate::dice::DiceExpr::parse(&token.text).is_ok() {
        // Dice, not a name: the frame's free roll, as in every other ruleset.
        return free_roll(w, token);
    }
    sheet(w, token.text)
}

/// `roll NAME pc` where a PC is the only kind rolled: the command `pc` makes of the name.
pub(crate) fn roll_pc(w: &mut Words<'_>, pc: impl FnOnce(String) -> Line) -> R<Line> {
    roll_or_sheet(w, &["pc"], |w, name| {
        let t = w.next("pc")?;
        if !crate::script::words::is(&t, &["pc"]) {
            return Err(ScriptError::at(
                t.column,
                format!("expected pc, found '{}'", t.text),
            ));
        }
        Ok(pc(name))
    })
}

/// Completes `roll NAME pc`.
pub(crate) fn pc_word<S>(t: &Typed<'_>, _: &S) -> Vec<String> {
    if t.args.len() == 1 {
        vec!["pc".to_string()]
    } else {
        Vec::new()
    }
}

/// Completes `roll NAME pc|hireling`.
pub(crate) fn pc_or_hireling<S>(t: &Typed<'_>, _: &S) -> Vec<String> {
    if t.args.len() == 1 {
        vec!["pc".into(), "hireling".into()]
    } else {
        Vec::new()
    }
}

/// What a ruleset's table brings besides its verbs: the groups help lists them in, the words
/// help opens with, and notes it ends with.
pub(crate) struct Help {
    pub groups: &'static [&'static str],
    pub intro: &'static str,
    pub notes: &'static str,
}

fn find<S>(table: &'static [Entry<S>], word: &str) -> Option<&'static Entry<S>> {
    table.iter().find(|e| {
        e.verb.name.eq_ignore_ascii_case(word)
            || e.verb.aliases.iter().any(|a| a.eq_ignore_ascii_case(word))
    })
}

/// Every verb a session of this ruleset understands: its own, then the frame's (a ruleset's
/// verb of the same name comes first and takes the frame's place, as the slot system's `roll`
/// does, handing dice on to the frame's).
pub fn verbs(ruleset: RulesetId) -> Vec<Verb> {
    let own: Vec<Verb> = match ruleset {
        RulesetId::Slots => slots::VERBS.iter().map(|e| e.verb).collect(),
        RulesetId::Plain => plain::VERBS.iter().map(|e| e.verb).collect(),
        RulesetId::Phase => phase::VERBS.iter().map(|e| e.verb).collect(),
        RulesetId::Bdp => bdp::VERBS.iter().map(|e| e.verb).collect(),
        RulesetId::Ap => ap::VERBS.iter().map(|e| e.verb).collect(),
        RulesetId::ActionDie => actiondie::VERBS.iter().map(|e| e.verb).collect(),
    };
    let frame: Vec<Verb> = FRAME
        .iter()
        .map(|e| e.verb)
        .chain(ROSTER_VERBS.iter().map(|e| e.verb))
        .filter(|f| !own.iter().any(|o| o.name == f.name))
        .collect();
    own.into_iter().chain(frame).collect()
}

fn help_of(ruleset: RulesetId) -> &'static Help {
    match ruleset {
        RulesetId::Slots => &slots::HELP,
        RulesetId::Plain => &plain::HELP,
        RulesetId::Phase => &phase::HELP,
        RulesetId::Bdp => &bdp::HELP,
        RulesetId::Ap => &ap::HELP,
        RulesetId::ActionDie => &actiondie::HELP,
    }
}

/// Every verb of a ruleset and the frame, grouped, each with its description and an example.
pub fn help_text(ruleset: RulesetId) -> String {
    let help = help_of(ruleset);
    let verbs = verbs(ruleset);
    let mut out = String::from(help.intro);
    for group in help.groups.iter().copied().chain([SESSION]) {
        out.push('\n');
        out.push_str(group);
        out.push('\n');
        for verb in verbs.iter().filter(|v| v.group == group) {
            out.push_str(&format!("  {}\n      {}", verb.usage, verb.about));
            if !verb.aliases.is_empty() {
                out.push_str(&format!(" (also: {})", verb.aliases.join(", ")));
            }
            out.push_str(&format!("\n      e.g. {}\n", verb.example));
        }
    }
    out.push_str(help.notes);
    if let Some(credit) = ruleset.credit() {
        out.push('\n');
        out.push_str(credit);
        out.push('\n');
    }
    out
}

/// Parses a tokenized, non-empty line with the verbs of the session's ruleset and the frame.
pub(crate) fn parse(
    line: &str,
    mut lexed: Lexed,
    state: &SessionState,
    library: &Library,
) -> R<Line> {
    if let Some(read) = kettlewright_import(line, &lexed, state, library) {
        return read;
    }
    if let Some(e) = roster_verb(&lexed.tokens[0], state) {
        return read_with(e, &state.game, line, &lexed, library);
    }
    // Whether the line used a form every ruleset reads alike (an encounter, `all`, `players`,
    // `with`): those bring the creatures they take into the players' sight.
    let shared_form =
        is_fight_verb(&lexed.tokens[0], state.ruleset()) && fight_words(&mut lexed.tokens, state);
    let meant = synonyms(state.ruleset());
    let parsed = match &state.game {
        GameState::Slots(st) => parse_in(slots::VERBS, st, line, lexed, library, meant),
        GameState::Plain(st) => parse_in(plain::VERBS, st, line, lexed, library, meant),
        GameState::Phase(st) => parse_in(phase::VERBS, st, line, lexed, library, meant),
        GameState::Bdp(st) => parse_in(bdp::VERBS, st, line, lexed, library, meant),
        GameState::Ap(st) => parse_in(ap::VERBS, st, line, lexed, library, meant),
        GameState::ActionDie(st) => parse_in(actiondie::VERBS, st, line, lexed, library, meant),
    };
    parsed.map(|l| match l {
        Line::Command(c) => Line::Command(frame(c, state, shared_form)),
        other => other,
    })
}

/// `import PATH` of a Kettlewright character (a JSON file, told by what it holds): onto the
/// sheet of the session's ruleset, checked as a sheet file is, in one logged step. None for
/// another line, or a slotmark sheet, which the frame's `import` reads.
fn kettlewright_import(
    line: &str,
    lexed: &Lexed,
    state: &SessionState,
    library: &Library,
) -> Option<R<Line>> {
    use crate::content::kettlewright;
    let entry = find(FRAME, &lexed.tokens[0].text)?;
    if entry.verb.name != "import" {
        return None;
    }
    let mut w = words_of(line, lexed, library, entry.verb);
    let column = w.peek().map_or(1, |t| t.column);
    let path = match w.rest_text("the sheet file's path") {
        Ok(path) => path,
        Err(e) => return Some(Err(e)),
    };
    let file = std::path::Path::new(&path);
    if !kettlewright::holds_json(file) {
        return None;
    }
    let rules = state.ruleset();
    Some(
        kettlewright::import_character(file, rules)
            .map_err(|e| ScriptError::at(column, e.to_string()))
            .and_then(|on| {
                crate::session::check_sheet(rules, &on.party)
                    .map_err(|(_, e)| ScriptError::at(column, format!("{path}: {e}")))?;
                Ok(Line::Command(Command::Join(Box::new(on.party))))
            }),
    )
}

/// A ruleset's command that starts a fight, as the frame starts every fight (see
/// [`Command::Fight`]): without names it takes the frame's proposal (the party and the
/// creatures it meets); with names, the party always comes too. Other commands pass as they
/// are. The screen's fight forms go through here as well, so a fight starts alike everywhere;
/// a fight the judge ticked on the screen brings every creature it takes into sight.
pub fn framed(command: Command, state: &SessionState) -> Command {
    frame(command, state, true)
}

/// [`framed`]; `reveal_named`: whether a line naming characters of the party (who then fight
/// exactly as named) brings its creatures into sight. A line naming no one, or only
/// creatures, always does: it takes the party and the creatures it meets.
fn frame(command: Command, state: &SessionState, reveal_named: bool) -> Command {
    let Command::Game(c) = &command else {
        return command;
    };
    let Some(named) = c.fighters_of() else {
        return command;
    };
    let (who, reveal) = if named.is_empty() {
        (state.proposal().who, true)
    } else {
        with_party(state, &named, reveal_named)
    };
    match c.with_fighters(&who) {
        Some(c) => Command::Fight {
            start: Box::new(c),
            reveal,
        },
        None => command,
    }
}

/// `named` with the party's standing characters first, when none of them is named (and the
/// creatures come into sight); a line that names characters takes exactly those named (a duel,
/// a character elsewhere), bringing them into sight as `reveal_named` says.
fn with_party(state: &SessionState, named: &[u32], reveal_named: bool) -> (Vec<u32>, bool) {
    let creatures: std::collections::BTreeSet<u32> = state
        .game
        .roster()
        .iter()
        .filter(|g| !g.party)
        .flat_map(|g| g.members.iter().map(|m| m.id))
        .collect();
    let party: Vec<u32> = state
        .game
        .fighters(&creatures)
        .into_iter()
        .filter(|id| !creatures.contains(id))
        .collect();
    if named.iter().any(|id| party.contains(id)) {
        (named.to_vec(), reveal_named)
    } else {
        (
            party.into_iter().chain(named.iter().copied()).collect(),
            true,
        )
    }
}

/// Is `first` the ruleset's verb that starts a fight (`fight`, `scene` in actiondie)?
fn is_fight_verb(first: &Token, ruleset: RulesetId) -> bool {
    let verb = crate::session::fight_verb(ruleset);
    !first.quoted
        && verbs(ruleset).iter().any(|v| {
            v.name == verb
                && (v.name.eq_ignore_ascii_case(&first.text)
                    || v.aliases
                        .iter()
                        .any(|a| a.eq_ignore_ascii_case(&first.text)))
        })
}

/// The forms every ruleset's fight verb reads alike, turned into the ruleset's own words
/// before its parser reads them: an encounter's name stands for its standing creatures,
/// `players`/`party` first and `with` before names say the party fights (it always does),
/// `all` takes everyone standing. In the slot system, whose fight names the side that struck
/// first, a line without a side has the players strike first. True when the line used one of
/// these forms.
fn fight_words(tokens: &mut Vec<Token>, state: &SessionState) -> bool {
    let roster = state.game.roster();
    let standing: Vec<&crate::rules::RosterEntry> = roster
        .iter()
        .flat_map(|g| &g.members)
        .filter(|m| m.standing())
        .collect();
    let name_token = |name: &str, at: &Token| Token {
        text: name.to_string(),
        column: at.column,
        end: at.end,
        quoted: true,
    };
    let word = |t: Option<&Token>, words: &[&str]| {
        t.is_some_and(|t| !t.quoted && words.iter().any(|w| w.eq_ignore_ascii_case(&t.text)))
    };
    let slots = state.ruleset() == RulesetId::Slots;
    let mut shared = tokens
        .iter()
        .skip(1)
        .any(|t| word(Some(t), &["with", "all", "everyone"]));
    let sides = [
        "players",
        "player",
        "party",
        "pcs",
        "pc",
        "opponents",
        "opponent",
        "enemies",
    ];
    if slots && !word(tokens.get(1), &sides) {
        let at = tokens[0].clone();
        tokens.insert(
            1,
            Token {
                text: "players".into(),
                quoted: false,
                ..at
            },
        );
    }
    // Encounters' names, the longest run of words first.
    let mut i = 1;
    let mut first_met = None;
    while i < tokens.len() {
        let found = (i + 1..=tokens.len()).rev().find_map(|j| {
            let words: Vec<&str> = tokens[i..j].iter().map(|t| t.text.as_str()).collect();
            state.encounter(&words.join(" ")).map(|e| (j, e))
        });
        let Some((j, e)) = found else {
            i += 1;
            continue;
        };
        // A creature's own name wins over an encounter's.
        if j == i + 1
            && standing
                .iter()
                .any(|m| m.name.eq_ignore_ascii_case(&tokens[i].text))
        {
            i += 1;
            continue;
        }
        let at = tokens[i].clone();
        let names: Vec<Token> = e
            .members
            .iter()
            .filter_map(|id| standing.iter().find(|m| m.id == *id))
            .map(|m| name_token(&m.name, &at))
            .collect();
        let n = names.len();
        tokens.splice(i..j, names);
        first_met = first_met.or(Some(i));
        i += n.max(1);
    }
    if slots {
        // The encounter's creatures are the ones `with` takes.
        if let Some(p) = first_met
            && !tokens
                .iter()
                .any(|t| word(Some(t), &["with", "all", "everyone"]))
        {
            let at = tokens[p].clone();
            tokens.insert(
                p,
                Token {
                    text: "with".into(),
                    quoted: false,
                    ..at
                },
            );
        }
        return shared || first_met.is_some();
    }
    if word(tokens.get(1), &["players", "party", "pcs"]) {
        tokens.remove(1);
        shared = true;
    }
    if word(tokens.get(1), &["with"]) {
        tokens.remove(1);
    }
    if let Some(p) = tokens
        .iter()
        .position(|t| word(Some(t), &["all", "everyone"]))
    {
        let at = tokens[p].clone();
        let all: Vec<Token> = standing.iter().map(|m| name_token(&m.name, &at)).collect();
        tokens.splice(p..=p, all);
    }
    shared || first_met.is_some()
}

/// The frame's verb that reads the roster named by `first`, unless the ruleset has its own verb
/// of that name.
fn roster_verb(first: &Token, state: &SessionState) -> Option<&'static Entry<GameState>> {
    if first.quoted {
        return None;
    }
    find(ROSTER_VERBS, &first.text).filter(|e| verbs(state.ruleset()).contains(&e.verb))
}

/// The words of the line after its verb, for the verb's parser.
fn words_of<'a>(line: &'a str, lexed: &Lexed, library: &'a Library, verb: Verb) -> Words<'a> {
    Words {
        tokens: lexed.tokens.clone(),
        pos: 1,
        eol: lexed.eol(),
        line,
        library,
        verb,
    }
}

/// The line read by the verb of `entry`, to its end.
fn read_with<S>(entry: &Entry<S>, st: &S, line: &str, lexed: &Lexed, library: &Library) -> R<Line> {
    let mut w = words_of(line, lexed, library, entry.verb);
    (entry.parse)(&mut w, st).and_then(|l| w.finish().map(|()| l))
}

fn parse_in<S>(
    table: &'static [Entry<S>],
    st: &S,
    line: &str,
    lexed: Lexed,
    library: &Library,
    meant: &[(&str, &str)],
) -> R<Line> {
    let first = &lexed.tokens[0];
    let found = if first.quoted {
        None
    } else if let Some(e) = find(table, &first.text) {
        Some(read_with(e, st, line, &lexed, library))
    } else {
        find(FRAME, &first.text).map(|e| read_with(e, &(), line, &lexed, library))
    };
    found.unwrap_or_else(|| {
        let mut names: Vec<&str> = table.iter().map(|e| e.verb.name).collect();
        for e in FRAME {
            if !names.contains(&e.verb.name) {
                names.push(e.verb.name);
            }
        }
        Err(unknown_verb(first, &names, meant))
    })
}

/// The words a judge may reach for that the ruleset says otherwise, and the verb it uses for
/// them: the palette's "did you mean" offers that verb before any name that merely looks alike
/// (`heal` in ap means `rest`, not `healed`, which is a healer's cure for tumours). Each
/// ruleset keeps its own list beside its verbs.
pub fn synonyms(ruleset: RulesetId) -> &'static [(&'static str, &'static str)] {
    match ruleset {
        RulesetId::Slots => slots::SYNONYMS,
        RulesetId::Plain => plain::SYNONYMS,
        RulesetId::Phase => phase::SYNONYMS,
        RulesetId::Bdp => bdp::SYNONYMS,
        RulesetId::Ap => ap::SYNONYMS,
        RulesetId::ActionDie => actiondie::SYNONYMS,
    }
}

fn unknown_verb(token: &Token, names: &[&str], meant: &[(&str, &str)]) -> ScriptError {
    let synonym = meant
        .iter()
        .find(|(word, _)| word.eq_ignore_ascii_case(&token.text))
        .map(|(_, verb)| format!(" (did you mean {verb}?)"));
    let hint = find_by_name(names, |n| n, &token.text, "command")
        .map(|n| format!(" (did you mean {n}?)"))
        .or_else(|e| match e {
            LookupError::Unknown { hint, .. } => Ok::<_, ()>(hint),
            LookupError::Ambiguous { candidates, .. } => {
                Ok(format!(" (did you mean {}?)", candidates.join(" or ")))
            }
        })
        .unwrap_or_default();
    let hint = synonym.unwrap_or(hint);
    // Examples this ruleset has: plain has no `attack`, and naming it sent the judge astray.
    let such: Vec<&str> = [
        "check", "attack", "save", "damage", "accept", "fight", "note",
    ]
    .into_iter()
    .filter(|verb| names.contains(verb))
    .take(3)
    .collect();
    let such = match such.as_slice() {
        [] => String::new(),
        [one] => format!(" such as {one}"),
        [rest @ .., last] => format!(" such as {} or {last}", rest.join(", ")),
    };
    ScriptError::at(
        token.column,
        format!(
            "'{}' is not a command{hint}; expected a command{such} (`slotmark help commands` \
             lists them all)",
            token.text
        ),
    )
}

/// What can follow the verb `word` after the words `args`, or nothing for an unknown verb.
pub(crate) fn expected(
    word: &str,
    args: &[Token],
    state: &SessionState,
    library: &Library,
) -> Vec<String> {
    let typed = Typed { args, library };
    if let Some(e) = ROSTER_VERBS
        .iter()
        .find(|e| e.verb.name.eq_ignore_ascii_case(word))
        .filter(|e| verbs(state.ruleset()).contains(&e.verb))
    {
        return (e.complete)(&typed, &state.game);
    }
    match &state.game {
        GameState::Slots(st) => complete_in(slots::VERBS, st, word, &typed),
        GameState::Plain(st) => complete_in(plain::VERBS, st, word, &typed),
        GameState::Phase(st) => complete_in(phase::VERBS, st, word, &typed),
        GameState::Bdp(st) => complete_in(bdp::VERBS, st, word, &typed),
        GameState::Ap(st) => complete_in(ap::VERBS, st, word, &typed),
        GameState::ActionDie(st) => complete_in(actiondie::VERBS, st, word, &typed),
    }
}

fn complete_in<S>(
    table: &'static [Entry<S>],
    st: &S,
    word: &str,
    typed: &Typed<'_>,
) -> Vec<String> {
    if let Some(e) = find(table, word) {
        (e.complete)(typed, st)
    } else if let Some(e) = find(FRAME, word) {
        (e.complete)(typed, &())
    } else {
        Vec::new()
    }
}

/// `add NAME: STAT LINE` (`add Cave troll: 12 HP, 2 Armor, 16 STR, 10 DEX, 8 WIL, claws
/// (d8+d8)`), shared by the rulesets that read the Cairn family's stat line: the words up to
/// the first ending in a colon are the name, the rest is the line, read by `rules::statline`;
/// `map` is the ruleset's reading of it. None when no word ends in a colon: another form of
/// `add`. The creature goes into the logged step whole, so replay needs no library.
pub(crate) fn stat_line<C>(
    w: &mut Words<'_>,
    map: impl FnOnce(&crate::rules::statline::StatBlock) -> Result<C, String>,
) -> Option<R<C>> {
    let colon = w.tokens[w.pos..]
        .iter()
        .position(|t| t.text.ends_with(':'))?
        + w.pos;
    let name: Vec<&str> = w.tokens[w.pos..=colon]
        .iter()
        .map(|t| t.text.as_str())
        .collect();
    let name = name.join(" ");
    let name = name.trim_end_matches(':').trim().to_string();
    let (Some(first), Some(last)) = (w.tokens.get(colon + 1), w.tokens.last()) else {
        return Some(Err(ScriptError::at(
            w.eol,
            format!(
                "expected {name}'s stat line after the colon, such as 4 HP, 12 STR, 12 DEX, \
                 9 WIL, bite (d6); {}",
                w.usage()
            ),
        )));
    };
    let text: String = w
        .line
        .chars()
        .skip(first.column - 1)
        .take(last.end + 1 - first.column)
        .collect();
    w.pos = w.tokens.len();
    Some(
        crate::rules::statline::parse_line(&name, &text, 1, first.column)
            .map_err(|e| ScriptError::at(e.column, e.reason))
            .and_then(|b| map(&b).map_err(|e| ScriptError::at(first.column, e))),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases_are_unique_in_every_ruleset() {
        for &ruleset in RulesetId::ALL {
            let mut seen = std::collections::HashSet::new();
            for verb in verbs(ruleset) {
                for word in std::iter::once(&verb.name).chain(verb.aliases) {
                    assert!(seen.insert(word.to_ascii_lowercase()), "{word} twice");
                }
            }
        }
    }

    #[test]
    fn the_answers_read_the_same_in_every_ruleset_that_has_them() {
        use crate::session::SessionState;
        for &ruleset in RulesetId::ALL {
            let state = SessionState::new("t", ruleset);
            let has = |name: &str| verbs(ruleset).iter().any(|v| v.name == name);
            let about = |name: &str| {
                verbs(ruleset)
                    .iter()
                    .find(|v| v.name == name)
                    .map(|v| (v.about, v.aliases))
            };
            if has("rule") && ruleset != RulesetId::Slots {
                assert_eq!(
                    about("rule"),
                    about_in(RulesetId::Plain, "rule"),
                    "{ruleset:?}"
                );
                for (words, plain) in [(alike::PASS, "rule pass"), (alike::FAIL, "rule fail")] {
                    let meant = crate::script::parse_line(plain, &state);
                    assert!(meant.is_ok(), "{ruleset:?}: {meant:?}");
                    for word in words {
                        let line = crate::script::parse_line(&format!("rule {word}"), &state);
                        assert_eq!(line, meant, "{ruleset:?}: rule {word}");
                    }
                }
            }
            if has("choose") && ruleset != RulesetId::Slots {
                assert_eq!(
                    about("choose"),
                    about_in(RulesetId::Bdp, "choose"),
                    "{ruleset:?}"
                );
                let refused = crate::script::parse_line("choose 0", &state)
                    .expect_err("choose 0 names no option");
                assert!(
                    refused.to_string().contains("options are numbered from 1"),
                    "{ruleset:?}: {refused}"
                );
            }
            if has("cancel") {
                assert_eq!(
                    about("cancel"),
                    about_in(RulesetId::Plain, "cancel"),
                    "{ruleset:?}"
                );
            }
        }
    }

    fn about_in(ruleset: RulesetId, name: &str) -> Option<(&'static str, &'static [&'static str])> {
        verbs(ruleset)
            .iter()
            .find(|v| v.name == name)
            .map(|v| (v.about, v.aliases))
    }

    #[test]
    fn every_verb_is_in_a_listed_group_and_its_example_uses_it() {
        for &ruleset in RulesetId::ALL {
            let groups = help_of(ruleset).groups;
            for verb in verbs(ruleset) {
                assert!(
                    groups.contains(&verb.group) || verb.group == SESSION,
                    "{}",
                    verb.name
                );
                assert!(verb.example.starts_with(verb.name), "{}", verb.name);
                assert!(verb.usage.starts_with(verb.name), "{}", verb.name);
            }
        }
    }
}
