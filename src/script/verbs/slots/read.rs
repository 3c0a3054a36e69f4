//! Reading the slot system's words: names of characters and zones, slot numbers, sides,
//! condition letters, items, attacks and checks, each refused with its column and what was
//! expected.

use crate::content::{self, LookupError, find_by_name};
use crate::dice::Edge;
use crate::rules::slots::{
    self, ArmorClass, AttackKind, AttackSpec, CharId, Character, CheckKind, Condition, Defense,
    Item, Prop, Region, Sense, Senses, Side, SlotNo, State, StatusFlag, Weapon, WeaponKind,
    WeaponSize, ZoneId,
};
use crate::script::ScriptError;
use crate::script::lexer::Token;
use crate::script::words::{R, Words, is, lookup_err};
use std::ops::{Deref, DerefMut};

/// The cursor over a line's words with the slot state its names resolve against.
pub(super) struct P<'w, 'a> {
    w: &'w mut Words<'a>,
    state: &'a State,
}

impl<'w, 'a> P<'w, 'a> {
    pub(super) fn new(w: &'w mut Words<'a>, state: &'a State) -> Self {
        P { w, state }
    }
}

impl<'a> Deref for P<'_, 'a> {
    type Target = Words<'a>;
    fn deref(&self) -> &Words<'a> {
        self.w
    }
}

impl DerefMut for P<'_, '_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        self.w
    }
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
const ADV: &[&str] = &["adv", "advantage"];
/// The word before a creature's own name.
pub(super) const NAMED: &[&str] = &["named", "called"];
const DIS: &[&str] = &["dis", "disadvantage"];

pub(super) fn side_word(token: &Token) -> Option<Side> {
    if is(token, SIDE_PLAYERS) {
        Some(Side::Players)
    } else if is(token, SIDE_OPPONENTS) {
        Some(Side::Opponents)
    } else {
        None
    }
}

impl<'a> P<'_, 'a> {
    /// A character by name.
    pub(super) fn character(&mut self) -> R<&'a Character> {
        let token = self.next("a character's name")?;
        self.resolve_character(&token)
    }

    pub(super) fn resolve_character(&self, token: &Token) -> R<&'a Character> {
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
        .map_err(|e| lookup_err(token, e))
    }

    pub(super) fn who(&mut self) -> R<CharId> {
        Ok(self.character()?.id)
    }

    pub(super) fn slot_of(&self, c: &Character, token: &Token) -> R<SlotNo> {
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

    pub(super) fn slot(&mut self, c: &Character) -> R<SlotNo> {
        let token = self.next(&format!("a slot number of {}", c.name))?;
        self.slot_of(c, &token)
    }

    pub(super) fn zone(&mut self) -> R<ZoneId> {
        let token = self.next("a zone's name")?;
        self.resolve_zone(&token)
    }

    /// A character, one of their slots, and an optional on or off (on when left out).
    pub(super) fn slot_switch(&mut self) -> R<(CharId, SlotNo, bool)> {
        let c = self.character()?;
        let slot = self.slot(c)?;
        Ok((c.id, slot, self.on_off()?))
    }

    /// Two zones, in the order given.
    pub(super) fn two_zones(&mut self) -> R<(ZoneId, ZoneId)> {
        Ok((self.zone()?, self.zone()?))
    }

    pub(super) fn resolve_zone(&self, token: &Token) -> R<ZoneId> {
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
            .map_err(|e| lookup_err(token, e))
    }

    pub(super) fn side(&mut self) -> R<Side> {
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

    pub(super) fn condition(&mut self) -> R<Condition> {
        let token = self.next("a condition letter (A B C E F H M)")?;
        letter(&token).ok_or_else(|| bad_letter(&token))
    }

    pub(super) fn add(&mut self) -> R<slots::Command> {
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
                .map_err(|e| lookup_err(&name_token, e)),
            None => Ok(slots::Command::AddCharacter {
                name: name.into(),
                side,
                layout: Box::new(slots::Layout::human()),
                items: Box::default(),
                zone: None,
            }),
        }
    }

    pub(super) fn kit_names(&self) -> String {
        let names: Vec<&str> = self.library.kits.iter().map(|k| k.name.as_str()).collect();
        if names.is_empty() {
            "none".into()
        } else {
            names.join(", ")
        }
    }

    pub(super) fn find_kit(&self, token: &Token) -> R<String> {
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

    /// `creature KIND [SIDE] [named NAME]`: one of the bestiary, numbered after its kind unless
    /// the judge names it.
    pub(super) fn creature(&mut self) -> R<slots::Command> {
        let kind = self.next("a creature from the bestiary")?;
        let side = match self.peek() {
            Some(t) if !is(t, NAMED) => self.side()?,
            _ => Side::Opponents,
        };
        let mut command = self
            .library
            .add_creature(self.state, &kind.text, side)
            .map_err(|e| lookup_err(&kind, e))?;
        if self.eat(NAMED) {
            let at = self.peek().map_or(self.eol, |t| t.column);
            let named = self.rest_text("the creature's name")?;
            if named.trim().is_empty() {
                return Err(ScriptError::at(
                    at,
                    "expected a name with at least one letter",
                ));
            }
            if let slots::Command::AddCharacter { name, .. } = &mut command {
                **name = named.trim().to_string();
            }
        }
        Ok(command)
    }

    /// The item words of `put`: a library name (possibly several words), then properties that
    /// change it; or a new item's name followed by its properties.
    pub(super) fn item(&mut self) -> R<Item> {
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
                return Err(lookup_err(first, e));
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
        content::slots::check_item(&item).map_err(|e| ScriptError::at(first.column, e))?;
        Ok(item)
    }

    /// Kind, senses and edge of a check, for one character or a group.
    pub(super) fn check_options(
        &mut self,
        who: &[&Character],
        edge_allowed: bool,
    ) -> R<(CheckKind, Edge)> {
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
                set_kind(CheckKind::Stealth(Box::default()), &mut kind)?;
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
                CheckKind::Stealth(Box::new(senses))
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

    pub(super) fn group(&mut self) -> R<slots::Command> {
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

    pub(super) fn attack(&mut self) -> R<slots::Command> {
        let attacker = self.character()?;
        let target = self.character()?;
        let mut kind: Option<AttackKind> = None;
        let mut weapon = None;
        let mut defense = Defense::None;
        // R13: an aim setup this turn is an aim; `aimed` says so when the judge rules it.
        let mut aimed = slots::combat::aimed_this_turn(self.state, attacker.id);
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
                let at = self.peek().map_or(self.eol, |t| t.column);
                let n: u8 = self.number("how many slots the blast may hit")?;
                if n == 0 {
                    return Err(ScriptError::at(at, "a blast hits 1 slot or more"));
                }
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
    pub(super) fn weapon_slot(&mut self, c: &Character) -> R<SlotNo> {
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

    pub(super) fn mark(&mut self) -> R<slots::Command> {
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

    pub(super) fn clear(&mut self) -> R<slots::Command> {
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
    pub(super) fn senses(&mut self, fed_allowed: bool) -> R<(bool, Vec<Sense>)> {
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
pub(super) fn default_weapon(c: &Character, kind: AttackKind) -> Option<SlotNo> {
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
pub(super) fn time_of_day(text: &str) -> Option<(u8, u8)> {
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

pub(super) fn letter(token: &Token) -> Option<Condition> {
    let mut chars = token.text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Condition::from_letter(c),
        _ => Condition::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(&token.text)),
    }
}

pub(super) fn bad_letter(token: &Token) -> ScriptError {
    ScriptError::at(
        token.column,
        format!(
            "expected a condition letter: A (asphyxiation), B (bleeding), C (corruption), \
             E (exhaustion), F (fire), H (hypothermia) or M (malnourishment), found '{}'",
            token.text
        ),
    )
}

pub(super) fn status_flag(token: &Token) -> Option<StatusFlag> {
    STATUS_WORDS
        .iter()
        .find(|(words, _)| is(token, words))
        .map(|(_, f)| *f)
}

/// The words `status` reads for each flag; the writer writes the first.
pub(super) const STATUS_WORDS: [(&[&str], StatusFlag); 7] = [
    (&["prone", "down"], StatusFlag::Prone),
    (&["restrained", "seized", "held"], StatusFlag::Restrained),
    (
        &["immobilized", "immobilised", "stuck"],
        StatusFlag::Immobilized,
    ),
    (&["unconscious", "out", "ko"], StatusFlag::Unconscious),
    (&["dead", "death"], StatusFlag::Dead),
    (&["evil", "corrupted"], StatusFlag::Evil),
    (&["cringe", "cringing"], StatusFlag::Cringe),
];

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
