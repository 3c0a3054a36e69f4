//! Ruleset `phase` behind the seam: its read models (roster, the phase strip, what waits, the
//! clock) and the judge's answers.

use std::collections::BTreeSet;

use super::apply;
use super::command::{Command, Event};
use super::model::{Character, Limb, Side};
use super::state::{Band, State, Wait};
use crate::rules::line::{Line, Num};
use crate::rules::rolled::{Dice, Rolled, Term};
use crate::rules::view::Front;
use crate::rules::{
    Aim, Answer, ClockView, DieView, Fighter, Initiative, OptionView, Outcome, PendingView,
    QuestionView, Role, RollView, RosterEntry, RosterGroup, RuleError, Ruleset, Standing, Tag,
    Tally, TallyKind, Tone, Upcoming, YesNo,
};

/// The phased Knave/Cairn-style rules of rule file 002.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Phase;

/// A character's state at a glance, most telling first.
pub fn glance(state: &State, c: &Character) -> Vec<Tag> {
    let mut tags = Vec::new();
    if c.is_dead() {
        tags.push(Tag::new("dead", Tone::Death));
        return tags;
    }
    // K9: HP count as 0 while encumbered.
    let hp_tone = Tone::health(u32::from(c.hp_now()), u32::from(c.hp.max));
    // Short, for the roster: HP always, an ability only once it is down from its maximum (the
    // sheet has the rest).
    tags.push(Tag::new(c.hp_text(), hp_tone));
    for a in super::model::Ability::ALL {
        let s = c.score(a);
        if s.cur < s.max {
            tags.push(Tag::new(format!("{a} {}/{}", s.cur, s.max), Tone::Harm));
        }
    }
    if let Some(k) = c.critical {
        tags.push(Tag::new(k.text(state.world.turn), Tone::Warn));
    }
    let states = [
        (c.out, "out"),
        (c.fled, "fled"),
        (c.paralyzed(), "paralyzed"),
        (c.delirious(), "delirious"),
        (c.no_hp, "no HP back"),
        (c.unfed, "unfed"),
        (c.body.blind(), "blind"),
    ];
    for (on, word) in states {
        if on {
            tags.push(Tag::new(word, Tone::Warn));
        }
    }
    let dungeon = state.dungeon();
    if c.carried() > 0 || c.fatigue > 0 {
        tags.push(Tag::new(
            format!("load {}/{}", c.load(), c.allowance_in(dungeon)),
            Tone::Mark,
        ));
    }
    if c.fatigue > 0 {
        tags.push(Tag::new(format!("fatigue {}", c.fatigue), Tone::Mark));
    }
    if c.encumbered() {
        tags.push(Tag::new(
            format!("encumbered, speed {}", c.speed_text()),
            Tone::Warn,
        ));
    }
    if c.body.eyes_lost == 1 {
        tags.push(Tag::new("one eye", Tone::Harm));
    }
    for (limbs, what) in [(c.body.arms, "arm"), (c.body.legs, "leg")] {
        for (i, l) in limbs.iter().enumerate() {
            let side = if i == 0 { "left" } else { "right" };
            match l {
                Limb::Whole => {}
                Limb::Broken => tags.push(Tag::new(format!("broken {side} {what}"), Tone::Harm)),
                Limb::Lost => tags.push(Tag::new(format!("no {side} {what}"), Tone::Harm)),
            }
        }
    }
    if c.body.scars > 0 {
        tags.push(Tag::new(format!("scars {}", c.body.scars), Tone::Dim));
    }
    if let Some(cast) = &c.casting {
        tags.push(Tag::new(
            format!("casting {}", cast.item.spell.name()),
            Tone::Mark,
        ));
    }
    if let Some(t) = c.charged {
        tags.push(Tag::new(
            format!("charged {}", state.name_of(t)),
            Tone::Mark,
        ));
    }
    for m in &c.marks {
        tags.push(Tag::new(m.kind.word(), Tone::Mark));
    }
    if let Some(r) = c.reaction {
        tags.push(Tag::new(r.word(), Tone::Dim));
    }
    if c.wage_owed > 0 {
        tags.push(Tag::new(format!("owed {}", c.wage_owed), Tone::Dim));
    }
    tags
}

/// A mark as the sheet spells it: what it is, how long a flight is sure (K40), and its source.
pub(super) fn mark_text(m: &super::model::Mark) -> String {
    match m.kind {
        super::model::MarkKind::Flying { sure_until } => format!(
            "flying, sure until the end of turn {sure_until} ({})",
            m.source
        ),
        _ => format!("{} ({})", m.kind.word(), m.source),
    }
}

/// A sheet in words, a field to a line (label, value): the screen's sheet panel and `show`.
pub fn sheet_lines(c: &Character, dungeon: bool, now: u32) -> Vec<(String, String)> {
    let mut l: Vec<(String, String)> = Vec::new();
    let score = |name: &str, s: super::model::Score| format!("{name} {}/{}", s.cur, s.max);
    l.push((
        "Abilities".into(),
        format!(
            "{}  {}  {}",
            score("STR", c.str),
            score("DEX", c.dex),
            score("WIL", c.wil)
        ),
    ));
    l.push((
        "HP".into(),
        format!("{}   DR {}   speed {}", c.hp_text(), c.dr(), c.speed_text()),
    ));
    l.push(("Load".into(), c.load_text(dungeon)));
    let weapons: Vec<String> = c.weapons.iter().map(|w| w.label()).collect();
    l.push((
        "Weapons".into(),
        if weapons.is_empty() {
            format!("none ({})", super::gear::unarmed_text())
        } else {
            weapons.join(", ")
        },
    ));
    if !c.spells.is_empty() {
        let spells: Vec<String> = c
            .spells
            .iter()
            .map(|s| format!("{} (level {})", s.spell.name(), s.level))
            .collect();
        l.push(("Spells".into(), spells.join(", ")));
    }
    let b = &c.body;
    if b.eyes_lost > 0 || b.scars > 0 || b.arms.iter().chain(&b.legs).any(|x| *x != Limb::Whole) {
        l.push((
            "Injuries".into(),
            format!(
                "eyes lost {}, arms {}/{}, legs {}/{}, scars {}",
                b.eyes_lost,
                b.arms[0].word(),
                b.arms[1].word(),
                b.legs[0].word(),
                b.legs[1].word(),
                b.scars
            ),
        ));
    }
    if c.coins > 0 || c.wage_owed > 0 {
        let owed = if c.wage_owed > 0 {
            format!(" (wage owed {})", c.wage_owed)
        } else {
            String::new()
        };
        l.push(("Coins".into(), format!("{}{owed}", c.coins)));
    }
    // Who they are beyond the numbers: group, flags, reaction, marks.
    let mut about: Vec<String> = Vec::new();
    if let Some(g) = &c.group {
        about.push(format!(
            "group {g}{}",
            if c.leader { " (leader)" } else { "" }
        ));
    }
    for (on, word) in [
        (c.undead, "undead"),
        (!c.intelligent, "mindless"),
        (c.face, "the party's face"),
        (c.no_hp, "no HP back until a long rest"),
        (c.dex.cur == 0, "paralyzed"),
        (c.wil.cur == 0, "delirious"),
        (c.body.blind(), "blind"),
    ] {
        if on {
            about.push(word.to_string());
        }
    }
    if let Some(r) = c.reaction {
        about.push(r.word().to_string());
    }
    about.extend(c.marks.iter().map(mark_text));
    if !about.is_empty() {
        l.push(("State".into(), about.join(", ")));
    }
    if let Some(crit) = &c.critical {
        l.push((
            "Critical".into(),
            if crit.aided {
                "aided: out of danger while cared for".to_string()
            } else {
                format!(
                    "{}, dead at the end of turn {} unless aided",
                    crit.text(now),
                    crit.dies_after
                )
            },
        ));
    }
    l
}

/// What the world keeps beyond the sheets and the clock, a field to a line (label, value): the
/// wandering tables and the area's, the clue stored for the next encounter (K44, K45), what lies
/// in the scene, held weather and a door that gave warning (K46, K53).
pub fn world_lines(state: &State) -> Vec<(String, String)> {
    let w = &state.world;
    let mut l: Vec<(String, String)> = Vec::new();
    for (i, t) in w.tables.iter().enumerate() {
        l.push((
            if i == 0 { "Tables" } else { "" }.into(),
            format!(
                "{} (d{}{}): {}",
                t.name,
                t.entries.len(),
                if w.area == Some(i) {
                    ", this area's"
                } else {
                    ""
                },
                t.entries
                    .iter()
                    .enumerate()
                    .map(|(n, e)| format!("{} {e}", n + 1))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    }
    if let Some(clue) = &w.clue {
        let table = w.tables.get(clue.table);
        let entry = table
            .and_then(|t| t.entries.get(clue.entry))
            .map_or("?", String::as_str);
        l.push((
            "Clue".into(),
            format!(
                "{entry} (entry {} of {}), foreshadowed {}; it comes at the next encounter",
                clue.entry + 1,
                table.map_or("?", |t| t.name.as_str()),
                match clue.clues {
                    1 => "once".to_string(),
                    2 => "twice".to_string(),
                    n => format!("{n} times"),
                }
            ),
        ));
    }
    if !w.dropped.is_empty() {
        l.push(("Dropped".into(), w.dropped.join(", ")));
    }
    if let Some(day) = w.weather_held_until {
        l.push((
            "Weather".into(),
            format!("{}, held through day {day}", w.weather_word()),
        ));
    }
    if w.unsurprisable {
        l.push((
            "Door".into(),
            "a failed forcing warned those behind it: they cannot be surprised".into(),
        ));
    }
    l
}

fn entry(state: &State, c: &Character) -> RosterEntry {
    let acted = state
        .fight
        .as_ref()
        .and_then(|f| f.fighter(c.id))
        .is_some_and(|f| f.acted);
    RosterEntry {
        id: c.id,
        name: c.name.clone(),
        acted,
        dead: c.is_dead(),
        out: !c.is_dead() && (c.is_out() || c.critical.is_some()),
        down: false,
        glance: glance(state, c),
        health: Some((u32::from(c.hp_now()), u32::from(c.hp.max))),
    }
}

/// The order a group acts in within a phase (K14, proposed: party first, then roster order).
fn in_order(state: &State) -> Vec<(u32, Option<Band>, String)> {
    let Some(f) = &state.fight else {
        return Vec::new();
    };
    let mut order: Vec<(u32, Option<Band>, String)> = f
        .fighters
        .iter()
        .map(|x| (x.id, x.band, x.note.clone()))
        .collect();
    let rank = |id: u32| {
        let side = state
            .character(id)
            .map_or(1, |c| if c.side == Side::Party { 0 } else { 1 });
        let at = state
            .characters
            .iter()
            .position(|c| c.id == id)
            .unwrap_or(usize::MAX);
        (side, at)
    };
    order.sort_by_key(|(id, band, _)| (band.map_or(3, |b| b as u8), rank(*id)));
    order
}

crate::rules::view::replies!(Command);

impl Ruleset for Phase {
    type State = State;
    type Command = Command;
    type Event = Event;

    const STEP: crate::rules::Step<Self> = apply;
    /// Everyone the step's words name, before or after it, is named by id.
    const NAMING: Option<crate::rules::Naming<Self>> = Some(name_everyone);

    fn roster(state: &State) -> Vec<RosterGroup> {
        let mut groups = vec![RosterGroup {
            title: "Party".into(),
            party: true,
            members: state
                .characters
                .iter()
                .filter(|c| c.side == Side::Party)
                .map(|c| entry(state, c))
                .collect(),
        }];
        for c in state.characters.iter().filter(|c| c.side == Side::Enemies) {
            let title = c.group.clone().unwrap_or_else(|| "Enemies".into());
            match groups.iter_mut().find(|g| !g.party && g.title == title) {
                Some(g) => g.members.push(entry(state, c)),
                None => groups.push(RosterGroup {
                    title,
                    party: false,
                    members: vec![entry(state, c)],
                }),
            }
        }
        groups.retain(|g| !g.members.is_empty());
        groups
    }

    /// K19: a foe engaged with the actor is close, and proposed first.
    fn footing(state: &State, actor: u32) -> Vec<crate::rules::Footing> {
        let engaged = state
            .fight
            .as_ref()
            .map(|f| f.engaged_with(actor))
            .unwrap_or_default();
        let mut all =
            crate::rules::view::footing(&Self::roster(state), Self::initiative(state).as_ref());
        for f in &mut all {
            f.close = engaged.contains(&f.id);
        }
        all
    }

    fn in_party(state: &State, id: u32) -> Option<bool> {
        let c = state.characters.iter().find(|c| c.id == id)?;
        Some(c.side == Side::Party)
    }

    fn in_action(state: &State, each: &mut dyn FnMut(u32, &dyn Fn() -> bool)) -> bool {
        let Some(fight) = state.fight.as_ref() else {
            return false;
        };
        // A fighter in a band that has come, and not dead, fled, critical or out.
        for x in &fight.fighters {
            if x.band.is_none_or(|b| b > fight.band) {
                continue;
            }
            if let Ok(c) = state.character(x.id)
                && !(c.is_dead() || c.fled || c.critical.is_some() || c.is_out())
            {
                each(x.id, &|| c.side != Side::Party);
            }
        }
        true
    }

    fn initiative(state: &State) -> Option<Initiative> {
        let fight = state.fight.as_ref()?;
        let order = in_order(state)
            .into_iter()
            .map(|(id, band, note)| {
                // Whoever died, fled or dropped out since the round's order was set is out now,
                // not still to act.
                let gone = state.character(id).ok().and_then(|c| {
                    if c.is_dead() {
                        Some("dead")
                    } else if c.fled {
                        Some("fled")
                    } else if c.critical.is_some() {
                        Some("critical")
                    } else if c.is_out() {
                        Some("out")
                    } else {
                        None
                    }
                });
                let standing = match (band, gone) {
                    (None, _) => Standing::Out(note.clone()),
                    (Some(_), Some(word)) => Standing::Out(word.to_string()),
                    (Some(b), None) if b == fight.band => {
                        if fight.fighter(id).is_some_and(|f| f.acted) {
                            Standing::Acted
                        } else {
                            Standing::Acting
                        }
                    }
                    (Some(b), None) if b < fight.band => Standing::Acted,
                    (Some(_), None) => Standing::Ready,
                };
                Fighter {
                    id,
                    name: state.name_of(id),
                    group: band.map_or("out", Band::word).to_string(),
                    standing,
                    order_note: Some(note),
                }
            })
            .collect();
        let party = fight.fighters.iter().any(|f| {
            f.band == Some(fight.band) && state.character(f.id).is_ok_and(|c| c.side == Side::Party)
        });
        Some(Initiative {
            round: fight.round,
            label: fight.label(),
            label_names: Vec::new(),
            party,
            why: Some(
                "Early: passed their DEX save or hasted; Middle: the enemies; Late: failed it \
                 or slowed"
                    .into(),
            ),
            order,
            sequence: false,
            acting: None,
            next: Upcoming::Order,
            waiting: format!(
                "the {} group acts in phase {} ({})",
                fight.band.word(),
                fight.phase.number(),
                fight.phase.word()
            ),
        })
    }

    fn pending(state: &State) -> Option<PendingView> {
        match state.queue.first()? {
            Wait::Save(s) => {
                let outcome = |pass: bool| if pass { Outcome::Pass } else { Outcome::Fail };
                let how = match s.roll.faces.len() {
                    1 => format!(
                        "d20 at or under {}: a 1 always passes, a 20 always fails.",
                        s.target
                    ),
                    _ => format!(
                        "2d20 against {}, one kept by advantage or disadvantage: a 1 always \
                         passes, a 20 always fails.",
                        s.target
                    ),
                };
                Some(PendingView::Roll(RollView {
                    title: format!("{}: {} save {}", state.name_of(s.who), s.ability, s.why),
                    how,
                    dice: s
                        .roll
                        .faces
                        .iter()
                        .enumerate()
                        .map(|(i, &face)| DieView {
                            sides: 20,
                            face,
                            note: String::new(),
                            kept: i == s.roll.kept,
                        })
                        .collect(),
                    proposed: s.roll.kept,
                    picked: s.roll.kept,
                    can_pick: false,
                    can_edge: false,
                    book: outcome(s.pass),
                    ruling: s.ruled.map(outcome),
                    reason: format!("{} kept against {}", s.roll.face(), s.target),
                }))
            }
            Wait::Ask(q) => Some(PendingView::Question(QuestionView {
                title: q.title.clone(),
                why: q.why.clone(),
                detail: None,
                options: if q.yes_no {
                    Vec::new()
                } else {
                    OptionView::numbered(&q.options)
                },
                proposed: q.proposed,
                yes_no: q.yes_no.then(|| YesNo {
                    yes: q.options.first().cloned().unwrap_or_default(),
                    no: q.options.get(1).cloned().unwrap_or_default(),
                    proposed_yes: q.proposed == 0,
                }),
            })),
        }
    }

    fn clock(state: &State) -> ClockView {
        let w = &state.world;
        let round = state.fight.as_ref().map_or(0, |f| f.round);
        let mut detail = format!(
            "({}) · watch {} ({}) · {} · {}",
            w.clock.describe(),
            w.watch(),
            if w.daylight() { "daylight" } else { "night" },
            w.season.word(),
            w.weather_word()
        );
        if w.delve {
            detail.push_str(if super::state::World::lit(&state.characters) {
                " · in the dungeon, lit"
            } else {
                " · in the dungeon, dark"
            });
        }
        ClockView {
            now: match round {
                0 => format!("turn {}", w.turn),
                r => format!("turn {}, round {r}", w.turn),
            },
            detail,
            place: None,
            units: vec![
                ("round".into(), round),
                ("turn".into(), w.turn),
                ("watch".into(), u32::from(w.watch())),
                ("day".into(), w.clock.day() as u32),
            ],
            next: if w.delve {
                "the event die at the end of the turn".into()
            } else {
                "the event die at the end of the watch".into()
            },
        }
    }

    fn tone(event: &Event) -> Tone {
        event.mood()
    }

    /// A hit counts what it dealt by its attacker; HP and ability points lost count as taken,
    /// whatever took them. Critical damage (K23) counts as going down: the character is out of
    /// the fight until aided.
    fn tally(event: &Event) -> Vec<Tally> {
        match event {
            Event::Hit { by, amount, .. } => vec![Tally {
                by: Some(by.clone()),
                to: None,
                kind: TallyKind::Damage,
                amount: *amount,
            }],
            Event::HpLost { who, lost, .. } => vec![Tally::damage(None, who, *lost)],
            Event::ScoreLost { who, lost, .. } => {
                vec![Tally::damage(None, who, u32::from(*lost))]
            }
            Event::Critical { who, .. } | Event::Died { who, .. } => vec![Tally::down(who)],
            Event::Said { tally, .. } => tally.clone(),
            _ => Vec::new(),
        }
    }

    fn line(event: &Event) -> Line {
        match event {
            // Each fighter by name, with how they were placed as their own numbers.
            // The faces are the roller's numbers; the others read what was rolled for.
            Event::Rolled {
                who,
                id: Some(id),
                what,
                roll,
            } => Line::new()
                .name(*id, who.clone())
                .plain(format!(" rolls {what}"))
                .of(
                    *id,
                    Line::new()
                        .plain(": ")
                        .number(*id, Num::Faces, roll.clone()),
                    "",
                ),
            Event::Joined {
                name,
                id: Some(id),
                sheet,
            } => Line::new().name(*id, name.clone()).plain(" joins").of(
                *id,
                Line::new()
                    .plain(": ")
                    .number(*id, Num::Score, sheet.clone()),
                "",
            ),
            Event::Died {
                who,
                id: Some(id),
                why,
            } => Line::new()
                .name(*id, who.clone())
                .plain(format!(" dies: {why}")),
            Event::Critical { who, id: Some(id) } => Line::new()
                .name(*id, who.clone())
                .plain(" is critical: crawling only, dead within the hour without aid"),
            Event::Wounded {
                who,
                id: Some(id),
                wound,
            } => Line::new()
                .name(*id, who.clone())
                .plain(format!(" is grievously wounded: {wound}")),
            Event::Said { parts, .. } if !parts.is_empty() => parts.clone(),
            Event::Initiative { round, placed, .. } if !placed.is_empty() => {
                let mut line = Line::new().plain(format!("Round {round} initiative: "));
                for (at, (id, name, word, note)) in placed.iter().enumerate() {
                    if at > 0 {
                        line = line.plain("; ");
                    }
                    line = line.name(*id, name.clone()).plain(format!(" {word}")).of(
                        *id,
                        Line::new()
                            .plain(" (")
                            .number(*id, Num::Target, note.clone())
                            .plain(")"),
                        "",
                    );
                }
                line
            }
            Event::HpLost { who, id, lost, hp } => Line::new()
                .name(*id, who.clone())
                .plain(" loses ")
                .of(
                    *id,
                    Line::new()
                        .number(*id, Num::Harm, lost.to_string())
                        .plain(" HP (")
                        .number(*id, Num::Health, format!("HP {hp}"))
                        .plain(")"),
                    "hit points",
                )
                .state(*id),
            Event::ScoreLost {
                who,
                id,
                ability,
                lost,
                now,
            } => Line::new()
                .name(*id, who.clone())
                .plain(" loses ")
                .of(
                    *id,
                    Line::new()
                        .number(*id, Num::Harm, lost.to_string())
                        .plain(format!(" {ability} ("))
                        .number(*id, Num::Score, format!("{ability} {now}"))
                        .plain(")"),
                    format!("some {ability}"),
                )
                .state(*id),
            Event::Saved {
                who,
                id,
                ability,
                faces,
                kept,
                target,
                pass,
                why,
                overruled,
            } => {
                let word = |pass: bool| if pass { "a pass" } else { "a fail" };
                let dice = super::command::save_dice(faces, *kept);
                let book = if *overruled { !*pass } else { *pass };
                let rolled = Rolled::new(Some(*id))
                    .dice(dice)
                    .against(Term::of(*id, ability.to_string(), *target))
                    .verdict(word(book))
                    .ruled(Some(word(*pass)));
                let mut line = Line::new()
                    .name(*id, who.clone())
                    .plain(format!(": {ability} save {why}: "));
                line.0.extend(rolled.line().0);
                line
            }
            Event::Hit {
                by,
                by_id,
                target,
                target_id,
                roll,
                amount,
            } => {
                let label = format!("d{}", roll.sides);
                // The total is the harm the target takes: the target's number.
                let mut rolled = Rolled::new(Some(*target_id)).dice(Dice::one(label, roll.face));
                if roll.blessed {
                    rolled = rolled.plus(Term::of(*by_id, "blessed", 1));
                }
                if roll.dr > 0 {
                    rolled = rolled.plus(Term::of(*target_id, "DR", -i32::from(roll.dr)));
                }
                let mut line = Line::new()
                    .name(*by_id, by.clone())
                    .plain(" hits ")
                    .name(*target_id, target.clone());
                if !roll.why.is_empty() {
                    line = line.plain(format!(" ({})", roll.why));
                }
                line = line.plain(": ");
                line.0.extend(rolled.line().0);
                if roll.shielded {
                    line = line.plain(", turned by the wind barrier");
                }
                line.of(
                    *target_id,
                    Line::new().plain(", ").number(
                        *target_id,
                        Num::Harm,
                        format!("{amount} damage"),
                    ),
                    "",
                )
            }
            Event::Ruled { what } => {
                Line::new().ruling(Line::from(event.to_string()), Line::from(what.clone()))
            }
            // A secret roll (K40's augury die) is the judge's alone, whatever the step shows.
            Event::Secret { .. } => Line::from(event.to_string()).for_the_judge(),
            other => Line::from(other.to_string()),
        }
    }

    fn answer(state: &State, answer: Answer) -> Result<Command, RuleError> {
        match (state.queue.first(), answer) {
            (Some(Wait::Save(_)), Answer::Pick(_)) => Err(RuleError::invalid(
                "the rules keep the die: rule the save the other way instead",
            )),
            (Some(Wait::Ask(q)), Answer::Yes) if q.yes_no => Ok(Command::Choose { option: 0 }),
            (Some(Wait::Ask(q)), Answer::No) if q.yes_no => Ok(Command::Choose { option: 1 }),
            // Overruling a two-way question chooses the other answer.
            (Some(Wait::Ask(q)), Answer::Override) if q.options.len() == 2 => Ok(Command::Choose {
                option: 1 - q.proposed.min(1),
            }),
            (front, answer) => {
                let front = front.map(|w| match w {
                    Wait::Save(s) => Front::Roll {
                        verdict: s.verdict(),
                    },
                    Wait::Ask(q) => Front::Question {
                        answers: q.options.len(),
                    },
                });
                // 002 calls what waits a save (K5).
                crate::rules::view::reply(front, answer, "save").map(Command::from)
            }
        }
    }

    /// K14: a newcomer takes its group for the round (see `round::join`).
    fn join_fight(state: &State, who: u32) -> Option<Command> {
        let fight = state.fight.as_ref()?;
        fight
            .fighter(who)
            .is_none()
            .then_some(Command::Join { who })
    }

    fn roll_kind(command: &Command) -> Option<crate::rules::RollKind> {
        use crate::rules::RollKind as K;
        Some(match command {
            Command::Save { .. } => K::Save,
            Command::React { .. } | Command::Reaction { .. } => K::Reaction,
            Command::Attack { .. } | Command::Blast { .. } => K::Attack,
            Command::Harm { .. } => K::Damage,
            // A short rest passes a turn and a long one a watch, each with its event die
            // (K31, K32, K44): an encounter roll, as the turn and the watch are.
            Command::Turn { .. }
            | Command::Noise
            | Command::Watch { .. }
            | Command::ShortRest { .. }
            | Command::LongRest { .. } => K::Encounter,
            Command::Fight { .. } | Command::Join { .. } => K::Initiative,
            Command::Trap { .. } => K::Check,
            Command::Table { .. } => K::Other,
            _ => return None,
        })
    }

    fn role(command: &Command) -> Role {
        match command {
            Command::Save { .. } => Role::Rolls,
            Command::Rule { .. } => Role::Answers,
            _ => Role::Other,
        }
    }

    /// Everyone standing (not dead, not fled) whom the players see.
    fn fighters(state: &State, unseen: &BTreeSet<u32>) -> Vec<u32> {
        crate::rules::view::in_sight(
            state.characters.iter().map(|c| (c.id, !c.dead && !c.fled)),
            unseen,
        )
    }

    fn with_fighters(command: &Command, who: &[u32]) -> Option<Command> {
        match command {
            Command::Fight {
                surprised, paced, ..
            } => Some(Command::Fight {
                who: who.to_vec(),
                surprised: *surprised,
                paced: *paced,
            }),
            _ => None,
        }
    }

    fn fighters_of(command: &Command) -> Option<Vec<u32>> {
        match command {
            Command::Fight { who, .. } => Some(who.clone()),
            _ => None,
        }
    }

    fn aims(command: &Command) -> Option<Aim> {
        match command {
            Command::Attack { by, target, .. } => Some(Aim {
                by: *by,
                at: vec![*target],
            }),
            Command::Blast { by, targets, .. } => Some(Aim {
                by: *by,
                at: targets.to_vec(),
            }),
            _ => None,
        }
    }
}

/// Names by id whom a step's events name: the one each typed event is about, and every mention
/// in a sentence's words.
fn name_everyone(events: &mut [Event], roster: &[(u32, String)]) {
    let id_of = |name: &str| roster.iter().find(|(_, n)| n == name).map(|(id, _)| *id);
    for event in events {
        match event {
            Event::Rolled { who, id, .. }
            | Event::Joined { name: who, id, .. }
            | Event::Died { who, id, .. }
            | Event::Critical { who, id }
            | Event::Wounded { who, id, .. } => *id = id_of(who),
            Event::Said { text, parts, .. } if parts.is_empty() => {
                *parts = crate::rules::said::named(text, roster);
            }
            // A sentence made of parts keeps them, with every mention in its words named.
            Event::Said { parts, .. } => {
                let mut one = [crate::rules::said::Event::line(
                    crate::rules::said::Mood::Plain,
                    std::mem::take(parts),
                )];
                crate::rules::said::name_everyone(&mut one, roster);
                *parts = one[0].parts();
            }
            _ => {}
        }
    }
}
