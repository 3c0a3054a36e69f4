//! From words to a command: one function per verb over a cursor that knows the state, so names
//! resolve to ids and slot numbers are checked against the right sheet while the column of the
//! offending word is still at hand.

use super::lexer::{Lexed, Token};
use super::verbs::{self, Verb};
use super::{Line, ScriptError};
use crate::content::{self, Library, LookupError, find_by_name};
use crate::dice::Edge;
use crate::rules::slots::{
    self, ArmorClass, AttackKind, AttackSpec, CharId, Character, CheckKind, Command as C,
    Condition, Defense, Item, Prop, Region, Sense, Senses, Side, SlotNo, StatusFlag, Verdict,
    Weapon, WeaponKind, WeaponSize, Wound, ZoneId,
};
use crate::session::Command;

pub(super) struct Parser<'a> {
    tokens: Vec<Token>,
    pos: usize,
    eol: usize,
    line: &'a str,
    state: &'a slots::State,
    library: &'a Library,
    verb: &'static Verb,
}

type R<T> = Result<T, ScriptError>;

/// Parses a tokenized, non-empty line.
pub(super) fn parse(line: &str, lexed: Lexed, state: &slots::State, library: &Library) -> R<Line> {
    let eol = lexed.eol();
    let first = &lexed.tokens[0];
    let verb = verbs::lookup(&first.text)
        .filter(|_| !first.quoted)
        .ok_or_else(|| unknown_verb(first))?;
    let mut p = Parser {
        tokens: lexed.tokens,
        pos: 1,
        eol,
        line,
        state,
        library,
        verb,
    };
    let line = p.verb_line()?;
    p.finish()?;
    Ok(line)
}

fn unknown_verb(token: &Token) -> ScriptError {
    let names: Vec<&str> = verbs::VERBS.iter().map(|v| v.name).collect();
    let hint = find_by_name(&names, |n| n, &token.text, "command")
        .map(|n| format!(" (did you mean {n}?)"))
        .or_else(|e| match e {
            LookupError::Unknown { hint, .. } => Ok::<_, ()>(hint),
            LookupError::Ambiguous { candidates, .. } => {
                Ok(format!(" (did you mean {}?)", candidates.join(" or ")))
            }
        })
        .unwrap_or_default();
    ScriptError::at(
        token.column,
        format!(
            "'{}' is not a command{hint}; expected a command such as check, attack or accept \
             (`help` lists them all)",
            token.text
        ),
    )
}

fn is(token: &Token, words: &[&str]) -> bool {
    !token.quoted && words.iter().any(|w| w.eq_ignore_ascii_case(&token.text))
}

const SIDE_PLAYERS: &[&str] = &["players", "player", "party", "pcs", "pc"];
const SIDE_OPPONENTS: &[&str] = &[
    "opponents",
    "opponent",
    "foes",
    "enemies",
    "monsters",
    "npcs",
];
const ON: &[&str] = &["on", "yes", "y", "true"];
const OFF: &[&str] = &["off", "no", "n", "false"];
const ADV: &[&str] = &["adv", "advantage"];
const DIS: &[&str] = &["dis", "disadvantage"];

fn side_word(token: &Token) -> Option<Side> {
    if is(token, SIDE_PLAYERS) {
        Some(Side::Players)
    } else if is(token, SIDE_OPPONENTS) {
        Some(Side::Opponents)
    } else {
        None
    }
}

impl<'a> Parser<'a> {
    fn usage(&self) -> String {
        format!("usage: {}", self.verb.usage)
    }

    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos)
    }

    fn at_end(&self) -> bool {
        self.pos >= self.tokens.len()
    }

    /// The next word, or an error at the end of the line saying what was expected.
    fn next(&mut self, expected: &str) -> R<Token> {
        match self.tokens.get(self.pos) {
            Some(t) => {
                self.pos += 1;
                Ok(t.clone())
            }
            None => Err(ScriptError::at(
                self.eol,
                format!("expected {expected} here; {}", self.usage()),
            )),
        }
    }

    /// Consumes the next word when it is one of `words`.
    fn eat(&mut self, words: &[&str]) -> bool {
        if self.peek().is_some_and(|t| is(t, words)) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn finish(&self) -> R<()> {
        match self.peek() {
            None => Ok(()),
            Some(t) => Err(ScriptError::at(
                t.column,
                format!(
                    "did not expect '{}' here; expected the end of the line; {}",
                    t.text,
                    self.usage()
                ),
            )),
        }
    }

    fn lookup_err(token: &Token, e: LookupError) -> ScriptError {
        ScriptError::at(token.column, e.to_string())
    }

    /// A character by name.
    fn character(&mut self) -> R<&'a Character> {
        let token = self.next("a character's name")?;
        self.resolve_character(&token)
    }

    fn resolve_character(&self, token: &Token) -> R<&'a Character> {
        if self.state.characters.is_empty() {
            return Err(ScriptError::at(
                token.column,
                format!(
                    "expected a character's name, but there are no characters yet ('{}'); \
                     add one with `add NAME` or `creature KIND`",
                    token.text
                ),
            ));
        }
        find_by_name(
            &self.state.characters,
            |c| &c.name,
            &token.text,
            "character",
        )
        .map_err(|e| Self::lookup_err(token, e))
    }

    fn who(&mut self) -> R<CharId> {
        Ok(self.character()?.id)
    }

    fn number<T: std::str::FromStr>(&mut self, expected: &str) -> R<T> {
        let token = self.next(expected)?;
        token.text.parse().map_err(|_| {
            ScriptError::at(
                token.column,
                format!("expected {expected}, found '{}'", token.text),
            )
        })
    }

    fn slot_of(&self, c: &Character, token: &Token) -> R<SlotNo> {
        let n = c.slots.len();
        token
            .text
            .parse::<SlotNo>()
            .ok()
            .filter(|s| (1..=n).contains(&usize::from(*s)))
            .ok_or_else(|| {
                ScriptError::at(
                    token.column,
                    format!(
                        "expected a slot number of {} (1 to {n}), found '{}'",
                        c.name, token.text
                    ),
                )
            })
    }

    fn slot(&mut self, c: &Character) -> R<SlotNo> {
        let token = self.next(&format!("a slot number of {}", c.name))?;
        self.slot_of(c, &token)
    }

    fn zone(&mut self) -> R<ZoneId> {
        let token = self.next("a zone's name")?;
        self.resolve_zone(&token)
    }

    fn resolve_zone(&self, token: &Token) -> R<ZoneId> {
        let zones = &self.state.scene.zones;
        if zones.is_empty() {
            return Err(ScriptError::at(
                token.column,
                format!(
                    "expected a zone's name, but the scene has no zones yet ('{}'); add one \
                     with `zone NAME`",
                    token.text
                ),
            ));
        }
        find_by_name(zones, |z| &z.name, &token.text, "zone in this scene")
            .map(|z| z.id)
            .map_err(|e| Self::lookup_err(token, e))
    }

    fn side(&mut self) -> R<Side> {
        let token = self.next("a side (players or opponents)")?;
        side_word(&token).ok_or_else(|| {
            ScriptError::at(
                token.column,
                format!(
                    "expected a side, players or opponents, found '{}'",
                    token.text
                ),
            )
        })
    }

    fn yes_no(&mut self, expected: &str) -> R<bool> {
        let token = self.next(expected)?;
        if is(&token, ON) {
            Ok(true)
        } else if is(&token, OFF) {
            Ok(false)
        } else {
            Err(ScriptError::at(
                token.column,
                format!("expected {expected}, found '{}'", token.text),
            ))
        }
    }

    /// An optional trailing on/off: absent means on.
    fn on_off(&mut self) -> R<bool> {
        if self.at_end() {
            Ok(true)
        } else {
            self.yes_no("on or off")
        }
    }

    fn condition(&mut self) -> R<Condition> {
        let token = self.next("a condition letter (A B C E F H M)")?;
        letter(&token).ok_or_else(|| bad_letter(&token))
    }

    /// Every word left, as typed (one quoted word loses its quotes).
    fn rest_text(&mut self, expected: &str) -> R<String> {
        let Some(first) = self.peek().cloned() else {
            return Err(ScriptError::at(
                self.eol,
                format!("expected {expected} here; {}", self.usage()),
            ));
        };
        let last = self.tokens[self.tokens.len() - 1].clone();
        let words = self.tokens.len() - self.pos;
        self.pos = self.tokens.len();
        if words == 1 {
            return Ok(first.text);
        }
        Ok(self
            .line
            .chars()
            .skip(first.column - 1)
            .take(last.end + 1 - first.column)
            .collect())
    }

    /// Words up to (not including) the first that `stop` accepts, joined with single spaces.
    fn text_until(&mut self, expected: &str, stop: impl Fn(&Token) -> bool) -> R<String> {
        let mut words = Vec::new();
        while let Some(t) = self.peek() {
            if stop(t) && !words.is_empty() {
                break;
            }
            words.push(t.text.clone());
            self.pos += 1;
        }
        if words.is_empty() {
            return Err(ScriptError::at(
                self.eol,
                format!("expected {expected} here; {}", self.usage()),
            ));
        }
        Ok(words.join(" "))
    }

    fn slots_cmd(c: slots::Command) -> Line {
        Line::Command(Command::from(c))
    }

    fn verb_line(&mut self) -> R<Line> {
        let g = Self::slots_cmd;
        Ok(match self.verb.name {
            "add" => g(self.add()?),
            "creature" => g(self.creature()?),
            "remove" => g(C::RemoveCharacter { who: self.who()? }),
            "rename" => {
                let who = self.who()?;
                let name = self.rest_text("the new name")?;
                g(C::RenameCharacter { who, name })
            }
            "side" => {
                let who = self.who()?;
                g(C::SetSide {
                    who,
                    side: self.side()?,
                })
            }
            "put" => {
                let c = self.character()?;
                let slot = self.slot(c)?;
                let item = self.item()?;
                g(C::PutItem {
                    who: c.id,
                    slot,
                    item,
                })
            }
            "move" => {
                let c = self.character()?;
                let from = self.slot(c)?;
                let to = self.slot(c)?;
                g(C::MoveItem {
                    who: c.id,
                    from,
                    to,
                })
            }
            "take" => {
                let c = self.character()?;
                g(C::RemoveItem {
                    who: c.id,
                    slot: self.slot(c)?,
                })
            }
            "twohands" => {
                let c = self.character()?;
                let slot = self.slot(c)?;
                g(C::TwoHands {
                    who: c.id,
                    slot,
                    on: self.on_off()?,
                })
            }
            "drop" => g(C::DropBackpack { who: self.who()? }),
            "shoulder" => g(C::ShoulderBackpack { who: self.who()? }),

            "check" => {
                let c = self.character()?;
                let (kind, edge) = self.check_options(&[c], true)?;
                g(C::Check {
                    who: c.id,
                    kind,
                    edge,
                })
            }
            "fall" => {
                let who = self.who()?;
                let token = self.next("the height of the fall in feet")?;
                let digits = token
                    .text
                    .trim_end_matches(|c: char| c.is_ascii_alphabetic() || c == '\'');
                let feet: u16 = digits.parse().map_err(|_| {
                    ScriptError::at(
                        token.column,
                        format!("expected the height in feet (20), found '{}'", token.text),
                    )
                })?;
                g(C::Fall { who, feet })
            }
            "group" => g(self.group()?),
            "attack" => g(self.attack()?),
            "pick" => {
                let token = self.next("the number of the die (1 is the first)")?;
                let die = token
                    .text
                    .parse::<usize>()
                    .ok()
                    .filter(|n| *n >= 1)
                    .ok_or_else(|| {
                        ScriptError::at(
                            token.column,
                            format!(
                                "expected the number of a die, 1 for the first, found '{}'",
                                token.text
                            ),
                        )
                    })?;
                g(C::Pick { die: die - 1 })
            }
            "swap" => {
                let a = self.who()?;
                let b = self.who()?;
                g(C::SwapDice { a, b })
            }
            "override" => {
                let token = self.next("pass or fail")?;
                let verdict = if is(&token, &["pass", "passes", "success", "yes"]) {
                    Verdict::Pass
                } else if is(&token, &["fail", "fails", "failure", "no"]) {
                    Verdict::Fail
                } else {
                    return Err(ScriptError::at(
                        token.column,
                        format!("expected pass or fail, found '{}'", token.text),
                    ));
                };
                g(C::Override { verdict })
            }
            "accept" => g(C::Accept),
            "slot" => {
                let slot = self.number("a slot number")?;
                g(C::ChooseSlot { slot })
            }
            "blocks" => g(C::RuleBlocks {
                blocks: self.yes_no("yes or no")?,
            }),
            "cancel" => g(C::Cancel),

            "wound" => {
                let c = self.character()?;
                let slot = self.slot(c)?;
                let wound = if self.eat(&["treated", "t"]) {
                    Wound::Treated
                } else if self.eat(&["open", "o"]) || self.at_end() {
                    Wound::Open
                } else {
                    let t = self.next("open or treated")?;
                    return Err(ScriptError::at(
                        t.column,
                        format!("expected open or treated, found '{}'", t.text),
                    ));
                };
                g(C::Wound {
                    who: c.id,
                    slot,
                    wound,
                })
            }
            "treat" => {
                let c = self.character()?;
                g(C::Treat {
                    who: c.id,
                    slot: self.slot(c)?,
                })
            }
            "heal" => {
                let c = self.character()?;
                g(C::Heal {
                    who: c.id,
                    slot: self.slot(c)?,
                })
            }
            "mark" => g(self.mark()?),
            "worsen" => {
                let who = self.who()?;
                g(C::Worsen {
                    who,
                    condition: self.condition()?,
                })
            }
            "clear" => g(self.clear()?),
            "fatigue" => {
                let c = self.character()?;
                let slot = self.slot(c)?;
                g(C::SetFatigue {
                    who: c.id,
                    slot,
                    on: self.on_off()?,
                })
            }
            "ignite" => {
                let c = self.character()?;
                g(C::Ignite {
                    who: c.id,
                    slot: self.slot(c)?,
                })
            }
            "roll" => {
                let token = self.next("the name of a burning character")?;
                let who = self.resolve_character(&token).map_err(|mut e| {
                    if crate::dice::DiceExpr::parse(&token.text).is_ok() {
                        e.message = format!(
                            "`roll` is for a burning character rolling on the ground, so it \
                             expected a name, found '{}'; for a quick dice roll use \
                             `slotmark roll {}`",
                            token.text, token.text
                        );
                    }
                    e
                })?;
                g(C::RollOnGround { who: who.id })
            }
            "douse" => g(C::Douse { who: self.who()? }),
            "suffocate" => {
                let who = self.who()?;
                g(C::Suffocate {
                    who,
                    on: self.on_off()?,
                })
            }
            "cold" => {
                let who = self.who()?;
                g(C::Cold {
                    who,
                    on: self.on_off()?,
                })
            }
            "warm" => {
                let who = self.who()?;
                g(C::Warm {
                    who,
                    on: self.on_off()?,
                })
            }
            "starve" => g(C::Starve { who: self.who()? }),
            "status" => {
                let who = self.who()?;
                let token = self.next("a status")?;
                let flag = status_flag(&token).ok_or_else(|| {
                    ScriptError::at(
                        token.column,
                        format!(
                            "expected a status (prone, restrained, immobilized, unconscious, \
                             dead, evil or cringe), found '{}'",
                            token.text
                        ),
                    )
                })?;
                g(C::SetStatus {
                    who,
                    flag,
                    on: self.on_off()?,
                })
            }

            "scene" => g(C::NewScene {
                name: self.rest_text("the scene's name")?,
            }),
            "zone" => {
                let name = self.text_until("the zone's name", |t| is(t, &["cover"]))?;
                let cover = self.eat(&["cover"]);
                g(C::AddZone { name, cover })
            }
            "unzone" => g(C::RemoveZone { zone: self.zone()? }),
            "link" | "unlink" | "hide" | "unhide" => {
                let a = self.zone()?;
                let b = self.zone()?;
                g(match self.verb.name {
                    "link" => C::Link { a, b },
                    "unlink" => C::Unlink { a, b },
                    "hide" => C::Hide { a, b, hidden: true },
                    _ => C::Hide {
                        a,
                        b,
                        hidden: false,
                    },
                })
            }
            "place" => {
                let who = self.who()?;
                let zone = if self.eat(&["nowhere", "none", "off"]) {
                    None
                } else {
                    Some(self.zone()?)
                };
                g(C::Place { who, zone })
            }

            "task" => {
                let label = self.next("what the task is (search, converse...)")?.text;
                let trys = match self.peek() {
                    Some(t) if !t.quoted && t.text.bytes().all(|b| b.is_ascii_digit()) => {
                        self.number("how many trys")?
                    }
                    _ => 1,
                };
                let senses = self.senses(false)?.1;
                g(C::Task {
                    label,
                    trys,
                    senses,
                })
            }
            "rest" => {
                let (fed, senses) = self.senses(true)?;
                g(C::Rest { fed, senses })
            }
            "travel" => g(C::Travel {
                watches: self.number("how many watches")?,
            }),
            "days" => g(C::PassDays {
                days: self.number("how many days")?,
            }),
            "time" => {
                let token = self.next("a time of day (21:30)")?;
                let (hour, minute) = time_of_day(&token.text).ok_or_else(|| {
                    ScriptError::at(
                        token.column,
                        format!(
                            "expected a time of day from 00:00 to 23:59 (21:30, or 21), found '{}'",
                            token.text
                        ),
                    )
                })?;
                g(C::SetTimeOfDay { hour, minute })
            }
            "dark" => g(C::SetDark {
                dark: self.on_off()?,
            }),

            "fight" => {
                let initiator = self.side()?;
                let surprised = if self.eat(&["surprise", "surprised", "surprising"]) {
                    if self.at_end() {
                        Some(initiator.other())
                    } else {
                        Some(self.side()?)
                    }
                } else {
                    None
                };
                g(C::StartCombat {
                    initiator,
                    surprised,
                })
            }
            "turn" => g(C::StartTurn { who: self.who()? }),
            "setup" => g(C::Setup {
                what: self.rest_text("what the setup is (moves, draws a dagger...)")?,
            }),
            "interrupt" => g(C::Interrupt { who: self.who()? }),
            "stopped" => g(C::InterruptResult {
                stopped: self.yes_no("yes or no")?,
            }),
            "end" => {
                if self.eat(&["fight", "combat", "battle"]) {
                    // A fight is loud unless the judge says otherwise (R30: one sense).
                    let senses = if self.eat(&["quiet", "silent"]) {
                        Vec::new()
                    } else if self.at_end() {
                        vec![Sense::Sound]
                    } else {
                        self.senses(false)?.1
                    };
                    g(C::EndCombat { senses })
                } else {
                    self.eat(&["turn"]);
                    g(C::EndTurn)
                }
            }

            "note" => Line::Command(Command::Note(self.rest_text("the note's text")?)),
            "title" => Line::Command(Command::Retitle(self.rest_text("the new title")?)),
            "undo" => Line::Undo,
            "redo" => Line::Redo,
            other => {
                return Err(ScriptError::at(
                    1,
                    format!("slotmark lists '{other}' as a command but cannot read it (a bug)"),
                ));
            }
        })
    }

    fn add(&mut self) -> R<slots::Command> {
        let name_token = self.next("the new character's name")?;
        let name = name_token.text.trim().to_string();
        if name.is_empty() {
            return Err(ScriptError::at(
                name_token.column,
                "expected a name with at least one letter",
            ));
        }
        let mut side = Side::Players;
        let mut kit = None;
        while let Some(token) = self.peek().cloned() {
            if let Some(s) = side_word(&token) {
                self.pos += 1;
                side = s;
            } else if is(&token, &["kit", "as", "with"]) {
                self.pos += 1;
                let k = self.next("the name of a starting kit")?;
                kit = Some(self.find_kit(&k)?);
            } else if let Ok(k) = self.library.kit(&token.text) {
                // A kit named straight after the name: `add Aria fighter`.
                self.pos += 1;
                kit = Some(k.name.clone());
            } else {
                return Err(ScriptError::at(
                    token.column,
                    format!(
                        "expected players, opponents or `kit KIT`, found '{}' (kits: {})",
                        token.text,
                        self.kit_names()
                    ),
                ));
            }
        }
        match kit {
            Some(kit) => self
                .library
                .character_from_kit(&name, &kit, side)
                .map_err(|e| Self::lookup_err(&name_token, e)),
            None => Ok(slots::Command::AddCharacter {
                name,
                side,
                layout: Box::new(slots::Layout::human()),
                items: Vec::new(),
            }),
        }
    }

    fn kit_names(&self) -> String {
        let names: Vec<&str> = self.library.kits.iter().map(|k| k.name.as_str()).collect();
        if names.is_empty() {
            "none".into()
        } else {
            names.join(", ")
        }
    }

    fn find_kit(&self, token: &Token) -> R<String> {
        self.library
            .kit(&token.text)
            .map(|k| k.name.clone())
            .map_err(|e| {
                ScriptError::at(
                    token.column,
                    format!("{e}; the kits are {}", self.kit_names()),
                )
            })
    }

    fn creature(&mut self) -> R<slots::Command> {
        let kind = self.next("a creature from the bestiary")?;
        let side = if self.at_end() {
            Side::Opponents
        } else {
            self.side()?
        };
        self.library
            .add_creature(self.state, &kind.text, side)
            .map_err(|e| Self::lookup_err(&kind, e))
    }

    /// The item words of `put`: a library name (possibly several words), then properties that
    /// change it; or a new item's name followed by its properties.
    fn item(&mut self) -> R<Item> {
        let rest: Vec<Token> = self.tokens[self.pos..].to_vec();
        let Some(first) = rest.first() else {
            return Err(ScriptError::at(
                self.eol,
                format!("expected an item here; {}", self.usage()),
            ));
        };
        // The name runs up to where only property words remain; the first word is always name.
        let mut split = rest.len();
        while split > 1 && property(&rest[split - 1]).is_some() {
            split -= 1;
        }
        let name_tokens = &rest[..split];
        if let Some(quoted) = name_tokens.iter().skip(1).find(|t| t.quoted) {
            return Err(ScriptError::at(
                quoted.column,
                "a name with spaces goes in one pair of quotes; expected the item's properties here",
            ));
        }
        let name = name_tokens
            .iter()
            .map(|t| t.text.as_str())
            .collect::<Vec<_>>()
            .join(" ");
        let props: Vec<(Token, Property)> = rest[split..]
            .iter()
            .filter_map(|t| property(t).map(|p| (t.clone(), p)))
            .collect();
        self.pos = self.tokens.len();
        let mut item = match self.library.item(&name) {
            Ok(found) => found.clone(),
            Err(e @ LookupError::Ambiguous { .. }) => {
                return Err(Self::lookup_err(first, e));
            }
            Err(LookupError::Unknown { hint, .. }) => {
                if props.is_empty() {
                    return Err(ScriptError::at(
                        first.column,
                        format!(
                            "there is no item called '{name}' in the library{hint}; to carry \
                             something new, describe it: `put NAME SLOT \"{name}\" light \
                             flammable`, or add `plain` for no properties"
                        ),
                    ));
                }
                Item::plain(name.trim())
            }
        };
        let mut size = item.weapon.map(|w| w.size);
        let mut kind = item.weapon.map(|w| w.kind);
        let mut wear_given = false;
        for (token, p) in &props {
            match *p {
                Property::Plain => {}
                Property::Prop(prop) => {
                    let opposite = match prop {
                        Prop::Heavy => Some(Prop::Light),
                        Prop::Light => Some(Prop::Heavy),
                        _ => None,
                    };
                    if let Some(o) = opposite {
                        item.props.retain(|x| *x != o);
                    }
                    if !item.has(prop) {
                        item.props.push(prop);
                    }
                }
                Property::Armor(a) => item.armor = Some(a),
                Property::Size(s) => size = Some(s),
                Property::Kind(k) => {
                    if size.is_none() && !props.iter().any(|(_, p)| matches!(p, Property::Size(_)))
                    {
                        return Err(ScriptError::at(
                            token.column,
                            "a weapon needs a size too: small, medium or bulky",
                        ));
                    }
                    kind = Some(k);
                }
                Property::Wear(r) => {
                    item.wear = Some(r);
                    wear_given = true;
                }
            }
        }
        if let Some(size) = size {
            item.weapon = Some(Weapon {
                size,
                kind: kind.unwrap_or(WeaponKind::Melee),
            });
        }
        if !wear_given && item.wear.is_none() {
            if item.weapon.is_some() || item.armor == Some(ArmorClass::Shield) {
                item.wear = Some(Region::Grip);
            } else if item.armor.is_some() {
                item.wear = Some(Region::Torso);
            }
        }
        content::check_item(&item).map_err(|e| ScriptError::at(first.column, e))?;
        Ok(item)
    }

    /// Kind, senses and edge of a check, for one character or a group.
    fn check_options(&mut self, who: &[&Character], edge_allowed: bool) -> R<(CheckKind, Edge)> {
        let mut kind: Option<(Token, CheckKind)> = None;
        let mut senses = Senses::default();
        let mut sense_token: Option<Token> = None;
        let mut edge = Edge::NONE;
        while let Some(token) = self.peek().cloned() {
            self.pos += 1;
            let set_kind = |k: CheckKind, kind: &mut Option<(Token, CheckKind)>| match kind {
                Some((first, _)) => Err(ScriptError::at(
                    token.column,
                    format!(
                        "a check has one kind, and '{}' was already given; expected senses or \
                         adv/dis here",
                        first.text
                    ),
                )),
                None => {
                    *kind = Some((token.clone(), k));
                    Ok(())
                }
            };
            if is(&token, &["generic", "plain", "normal"]) {
                set_kind(CheckKind::Generic, &mut kind)?;
            } else if is(&token, &["terrain", "climb", "footing"]) {
                set_kind(CheckKind::Terrain, &mut kind)?;
            } else if is(&token, &["stealth", "sneak"]) {
                set_kind(CheckKind::Stealth(Senses::default()), &mut kind)?;
            } else if is(&token, &["corruption", "corrupt"]) {
                set_kind(CheckKind::Corruption, &mut kind)?;
            } else if is(&token, &["hearing", "hear", "sound"]) {
                senses.hearing = true;
                sense_token.get_or_insert(token);
            } else if is(&token, &["smell", "scent", "nose"]) {
                senses.smell = true;
                sense_token.get_or_insert(token);
            } else if is(&token, &["noise", "noisy", "ambient"]) {
                senses.ambient_noise = true;
                sense_token.get_or_insert(token);
            } else if is(&token, &["dim", "lowlight", "gloom"]) {
                senses.low_light = true;
                sense_token.get_or_insert(token);
            } else if is(&token, &["sight", "smuggle", "hidden"]) {
                let [c] = who else {
                    return Err(ScriptError::at(
                        token.column,
                        "sight names the slots of one character's smuggled item; it does not \
                         fit a group check",
                    ));
                };
                let mut any = false;
                while let Some(t) = self.peek().cloned() {
                    let parts: Vec<&str> = t.text.split(',').filter(|s| !s.is_empty()).collect();
                    if t.quoted
                        || parts.is_empty()
                        || !parts.iter().all(|s| s.bytes().all(|b| b.is_ascii_digit()))
                    {
                        break;
                    }
                    self.pos += 1;
                    for part in parts {
                        let part_token = Token {
                            text: part.to_string(),
                            ..t.clone()
                        };
                        let slot = self.slot_of(c, &part_token)?;
                        if !senses.sight.contains(&slot) {
                            senses.sight.push(slot);
                        }
                        any = true;
                    }
                }
                if !any {
                    return Err(ScriptError::at(
                        self.peek().map_or(self.eol, |t| t.column),
                        "expected the slots of the smuggled item after sight (sight 9 or sight 9,10)",
                    ));
                }
                sense_token.get_or_insert(token);
            } else if is(&token, ADV) || is(&token, DIS) {
                if !edge_allowed {
                    return Err(ScriptError::at(
                        token.column,
                        "a group check is rolled plain, one die each; expected a check kind or \
                         senses here",
                    ));
                }
                if is(&token, ADV) {
                    edge.adv = edge.adv.saturating_add(1);
                } else {
                    edge.dis = edge.dis.saturating_add(1);
                }
            } else {
                return Err(ScriptError::at(
                    token.column,
                    format!(
                        "expected a check kind (terrain, stealth, corruption), a sense \
                         (hearing, smell, sight SLOTS, noise, dim){}, found '{}'",
                        if edge_allowed { " or adv/dis" } else { "" },
                        token.text
                    ),
                ));
            }
        }
        let kind = match (kind, sense_token) {
            (Some((_, CheckKind::Stealth(_))), _) | (None, Some(_)) => {
                if !senses.hearing && !senses.smell && senses.sight.is_empty() {
                    senses.hearing = true;
                }
                CheckKind::Stealth(senses)
            }
            (Some((_, k)), None) => k,
            (Some((k, _)), Some(s)) => {
                return Err(ScriptError::at(
                    s.column,
                    format!(
                        "'{}' is a sense for stealth checks, but this is a {} check",
                        s.text, k.text
                    ),
                ));
            }
            (None, None) => CheckKind::Generic,
        };
        Ok((kind, edge))
    }

    fn group(&mut self) -> R<slots::Command> {
        let mut members: Vec<&'a Character> = Vec::new();
        let check_word = |t: &Token| {
            is(
                t,
                &[
                    "generic",
                    "plain",
                    "normal",
                    "terrain",
                    "climb",
                    "footing",
                    "stealth",
                    "sneak",
                    "corruption",
                    "corrupt",
                    "hearing",
                    "hear",
                    "sound",
                    "smell",
                    "scent",
                    "nose",
                    "noise",
                    "noisy",
                    "ambient",
                    "dim",
                    "lowlight",
                    "gloom",
                    "adv",
                    "advantage",
                    "dis",
                    "disadvantage",
                ],
            )
        };
        while let Some(token) = self.peek().cloned() {
            if check_word(&token) {
                break;
            }
            self.pos += 1;
            let exact = self
                .state
                .characters
                .iter()
                .find(|c| c.name.eq_ignore_ascii_case(&token.text));
            let found: Vec<&'a Character> = match (exact, side_word(&token)) {
                (None, Some(side)) => self
                    .state
                    .characters
                    .iter()
                    .filter(|c| c.side == side && !c.incapacitated())
                    .collect(),
                (None, None) if is(&token, &["all", "everyone"]) => self
                    .state
                    .characters
                    .iter()
                    .filter(|c| !c.incapacitated())
                    .collect(),
                _ => vec![self.resolve_character(&token)?],
            };
            if found.is_empty() {
                return Err(ScriptError::at(
                    token.column,
                    format!("nobody able to roll answers to '{}'", token.text),
                ));
            }
            for c in found {
                if !members.iter().any(|m| m.id == c.id) {
                    members.push(c);
                }
            }
        }
        if members.is_empty() {
            return Err(ScriptError::at(
                self.peek().map_or(self.eol, |t| t.column),
                format!(
                    "expected the names of those rolling (or players); {}",
                    self.usage()
                ),
            ));
        }
        let (kind, _) = self.check_options(&members, false)?;
        Ok(slots::Command::GroupCheck {
            who: members.iter().map(|c| c.id).collect(),
            kind,
        })
    }

    fn attack(&mut self) -> R<slots::Command> {
        let attacker = self.character()?;
        let target = self.character()?;
        let mut kind: Option<AttackKind> = None;
        let mut weapon = None;
        let mut defense = Defense::None;
        let mut aimed = false;
        let mut blast_slots = None;
        let mut counter = false;
        let mut dual = false;
        let mut edge = Edge::NONE;
        while let Some(token) = self.peek().cloned() {
            self.pos += 1;
            let new_kind = if is(&token, &["melee", "strike"]) {
                Some(AttackKind::Melee)
            } else if is(&token, &["grab", "grapple"]) {
                Some(AttackKind::Grab)
            } else if is(&token, &["missile", "shoot", "throw", "ranged"]) {
                Some(AttackKind::Missile)
            } else if is(&token, &["blast"]) {
                Some(AttackKind::Blast)
            } else {
                None
            };
            if let Some(k) = new_kind {
                if let Some(old) = kind {
                    return Err(ScriptError::at(
                        token.column,
                        format!("an attack has one kind, and it is already {old}"),
                    ));
                }
                kind = Some(k);
            } else if is(&token, &["with", "using", "w"]) {
                weapon = Some(self.weapon_slot(attacker)?);
            } else if is(&token, &["parry", "parries"]) {
                defense = Defense::Parry;
            } else if is(&token, &["evade", "evades", "dodge"]) {
                defense = Defense::Evade;
            } else if is(&token, &["aimed", "aim"]) {
                aimed = true;
            } else if is(&token, &["slots"]) {
                let n: u8 = self.number("how many slots the blast may hit")?;
                blast_slots = Some(n);
            } else if is(&token, &["counter", "counterattack"]) {
                counter = true;
            } else if is(&token, &["dual", "twice"]) {
                dual = true;
            } else if is(&token, ADV) {
                edge.adv = edge.adv.saturating_add(1);
            } else if is(&token, DIS) {
                edge.dis = edge.dis.saturating_add(1);
            } else {
                return Err(ScriptError::at(
                    token.column,
                    format!(
                        "expected melee, grab, missile, blast, `with SLOT`, parry, evade, \
                         aimed, `slots N`, counter, dual or adv/dis, found '{}'",
                        token.text
                    ),
                ));
            }
        }
        let kind = kind.unwrap_or(AttackKind::Melee);
        if weapon.is_none() {
            weapon = default_weapon(attacker, kind);
        }
        Ok(slots::Command::Attack {
            spec: AttackSpec {
                attacker: attacker.id,
                target: target.id,
                kind,
                weapon,
                defense,
                aimed,
                blast_slots: blast_slots.unwrap_or(u8::from(kind == AttackKind::Blast)),
                counter,
            },
            edge,
            dual,
        })
    }

    /// `with 6` or `with sword`: a slot of the attacker, by number or by the item in it.
    fn weapon_slot(&mut self, c: &Character) -> R<SlotNo> {
        let token = self.next("the weapon's slot or name")?;
        if token.text.bytes().all(|b| b.is_ascii_digit()) {
            return self.slot_of(c, &token);
        }
        let held: Vec<(SlotNo, &str)> = (1..=c.slots.len() as SlotNo)
            .filter_map(|n| c.slot(n)?.item.as_ref().map(|i| (n, i.name.as_str())))
            .collect();
        let found = find_by_name(&held, |(_, name)| name, &token.text, "item carried");
        // `with shield` should find a "Round shield": any word of the name may start the match.
        let found = match found {
            Err(LookupError::Unknown { .. }) => {
                let want = token.text.to_lowercase();
                let by_word: Vec<&(SlotNo, &str)> = held
                    .iter()
                    .filter(|(_, name)| {
                        name.to_lowercase()
                            .split_whitespace()
                            .any(|w| w.starts_with(&want))
                    })
                    .collect();
                match by_word.as_slice() {
                    [one] => Ok(*one),
                    _ => found,
                }
            }
            other => other,
        };
        found.map(|(n, _)| *n).map_err(|e| {
            let message = match e {
                LookupError::Unknown { hint, .. } => format!(
                    "{} carries nothing called '{}'{hint}; expected a slot number or the name \
                     of an item {} carries",
                    c.name, token.text, c.name
                ),
                ambiguous => ambiguous.to_string(),
            };
            ScriptError::at(token.column, message)
        })
    }

    fn mark(&mut self) -> R<slots::Command> {
        let c = self.character()?;
        // Slot and letter in either order: `mark Aria 2 B` or `mark Aria B 2`.
        let a = self.next("a slot number and a condition letter")?;
        let b = self.next("a condition letter (A B C E F H M) or fatigue")?;
        let (slot_token, what) = if a.text.bytes().all(|x| x.is_ascii_digit()) {
            (a, b)
        } else {
            (b, a)
        };
        let slot = self.slot_of(c, &slot_token)?;
        if is(&what, &["fatigue", "fatigued", "tired"]) {
            return Ok(slots::Command::SetFatigue {
                who: c.id,
                slot,
                on: true,
            });
        }
        let condition = letter(&what).ok_or_else(|| bad_letter(&what))?;
        Ok(slots::Command::Mark {
            who: c.id,
            slot,
            condition,
        })
    }

    fn clear(&mut self) -> R<slots::Command> {
        let c = self.character()?;
        let what = self.next("a condition letter (A B C E F H M) or fatigue")?;
        if is(&what, &["fatigue", "fatigued", "tired"]) {
            return Ok(slots::Command::SetFatigue {
                who: c.id,
                slot: self.slot(c)?,
                on: false,
            });
        }
        let condition = letter(&what).ok_or_else(|| bad_letter(&what))?;
        let slot = if self.at_end() {
            None
        } else {
            Some(self.slot(c)?)
        };
        Ok(slots::Command::ClearMark {
            who: c.id,
            condition,
            slot,
        })
    }

    /// Senses an activity alerts (and, for a rest, whether the party ate and drank).
    fn senses(&mut self, fed_allowed: bool) -> R<(bool, Vec<Sense>)> {
        let mut fed = false;
        let mut senses: Vec<Sense> = Vec::new();
        while let Some(token) = self.peek().cloned() {
            self.pos += 1;
            let lower = token.text.to_ascii_lowercase();
            let sense = if is(&token, &["sound", "noise", "loud"]) {
                Sense::Sound
            } else if is(&token, &["light", "fire"]) {
                Sense::Light
            } else if is(&token, &["smell", "scent", "cooking"]) {
                Sense::Smell
            } else if is(&token, &["magic", "spell"]) {
                Sense::Magic
            } else if fed_allowed && is(&token, &["fed", "food", "eat", "meal"]) {
                fed = true;
                continue;
            } else if let Some(other) = lower.strip_prefix("other:").filter(|s| !s.is_empty()) {
                Sense::Other(other.to_string())
            } else {
                return Err(ScriptError::at(
                    token.column,
                    format!(
                        "expected {}a sense the activity alerts (sound, light, smell, magic, \
                         other:WHAT), found '{}'",
                        if fed_allowed { "fed or " } else { "" },
                        token.text
                    ),
                ));
            };
            if !senses.contains(&sense) {
                senses.push(sense);
            }
        }
        Ok((fed, senses))
    }
}

/// The grip weapon an attack of this kind would use when none is named: the first grip holding a
/// weapon of the fitting kind.
fn default_weapon(c: &Character, kind: AttackKind) -> Option<SlotNo> {
    let fits = |w: &Weapon| match kind {
        AttackKind::Melee => w.kind == WeaponKind::Melee,
        AttackKind::Missile => matches!(w.kind, WeaponKind::Thrown | WeaponKind::Bow),
        AttackKind::Grab | AttackKind::Blast => false,
    };
    (1..=c.slots.len() as SlotNo).find(|&n| {
        c.layout.region(n) == Some(Region::Grip)
            && c.item_at(n)
                .and_then(|i| i.weapon)
                .is_some_and(|w| fits(&w))
    })
}

/// "21:30", "21.30", "9" or "09:05" as (hour, minute).
fn time_of_day(text: &str) -> Option<(u8, u8)> {
    let (h, m) = match text.split_once([':', '.', 'h']) {
        Some((h, m)) => (h, if m.is_empty() { "0" } else { m }),
        None => (text, "0"),
    };
    let digits = |s: &str| !s.is_empty() && s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(h) || !digits(m) {
        return None;
    }
    let (hour, minute): (u8, u8) = (h.parse().ok()?, m.parse().ok()?);
    (hour < 24 && minute < 60).then_some((hour, minute))
}

fn letter(token: &Token) -> Option<Condition> {
    let mut chars = token.text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Condition::from_letter(c),
        _ => Condition::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(&token.text)),
    }
}

fn bad_letter(token: &Token) -> ScriptError {
    ScriptError::at(
        token.column,
        format!(
            "expected a condition letter: A (asphyxiation), B (bleeding), C (corruption), \
             E (exhaustion), F (fire), H (hypothermia) or M (malnourishment), found '{}'",
            token.text
        ),
    )
}

fn status_flag(token: &Token) -> Option<StatusFlag> {
    let table = [
        (&["prone", "down"][..], StatusFlag::Prone),
        (
            &["restrained", "seized", "held"][..],
            StatusFlag::Restrained,
        ),
        (
            &["immobilized", "immobilised", "stuck"][..],
            StatusFlag::Immobilized,
        ),
        (&["unconscious", "out", "ko"][..], StatusFlag::Unconscious),
        (&["dead", "death"][..], StatusFlag::Dead),
        (&["evil", "corrupted"][..], StatusFlag::Evil),
        (&["cringe", "cringing"][..], StatusFlag::Cringe),
    ];
    table
        .iter()
        .find(|(words, _)| is(token, words))
        .map(|(_, f)| *f)
}

/// A word that describes an item in `put`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Property {
    Prop(Prop),
    Armor(ArmorClass),
    Size(WeaponSize),
    Kind(WeaponKind),
    Wear(Region),
    Plain,
}

/// Every word `put` reads as a property, for help and completion.
pub(super) const PROPERTY_WORDS: &[&str] = &[
    "heavy",
    "light",
    "noisy",
    "smelly",
    "rigid",
    "flammable",
    "bundled",
    "protective",
    "lightsource",
    "food",
    "water",
    "warm",
    "heavyarmor",
    "lightarmor",
    "shield",
    "small",
    "medium",
    "bulky",
    "melee",
    "thrown",
    "bow",
    "head",
    "torso",
    "legs",
    "arms",
    "grip",
    "plain",
];

fn property(token: &Token) -> Option<Property> {
    if token.quoted {
        return None;
    }
    let w = token.text.to_ascii_lowercase();
    if let Some(p) = Prop::from_name(&w) {
        return Some(Property::Prop(p));
    }
    Some(match w.as_str() {
        "light-source" => Property::Prop(Prop::LightSource),
        "heavyarmor" | "heavy-armor" => Property::Armor(ArmorClass::HeavyArmor),
        "lightarmor" | "light-armor" => Property::Armor(ArmorClass::LightArmor),
        "shield" => Property::Armor(ArmorClass::Shield),
        "small" => Property::Size(WeaponSize::Small),
        "medium" => Property::Size(WeaponSize::Medium),
        "bulky" => Property::Size(WeaponSize::Bulky),
        "melee" => Property::Kind(WeaponKind::Melee),
        "thrown" => Property::Kind(WeaponKind::Thrown),
        "bow" => Property::Kind(WeaponKind::Bow),
        "head" => Property::Wear(Region::Head),
        "torso" => Property::Wear(Region::Torso),
        "legs" | "feet" | "legsfeet" => Property::Wear(Region::LegsFeet),
        "arms" | "hands" | "armshands" => Property::Wear(Region::ArmsHands),
        "grip" => Property::Wear(Region::Grip),
        "plain" => Property::Plain,
        _ => return None,
    })
}
