//! Ruleset `ap` behind the seam: its read models (roster by group, the group-sorted strip, what
//! waits, the clock in 2-minute rounds) and the judge's answers.

use std::collections::BTreeSet;

use super::apply;
use super::command::{Against, Command, Event, Mood};
use super::fight::members;
use super::model::{Attr, Character, Kind, Mark, Recovery};
use super::state::{State, Wait};
use crate::dice::DiceSource;
use crate::rules::view::Front;
use crate::rules::{
    Aim, Answer, ClockView, DieView, Fighter, Initiative, Outcome, PendingView, QuestionView, Role,
    RollView, RosterEntry, RosterGroup, RuleError, Ruleset, Standing, Tag, Tone, Upcoming,
};

/// The action-point Cairn hack (rule file 003).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ap;

/// A creature's state at a glance.
pub fn glance(c: &Character) -> Vec<Tag> {
    if c.dead() {
        return vec![Tag::new("dead", Tone::Death)];
    }
    let mut tags = vec![Tag::new(
        format!("HP {}", c.hp),
        Tone::health(u32::from(c.hp.cur), u32::from(c.hp.max)),
    )];
    for a in Attr::ALL {
        let s = c.attr(a);
        if s.cur < s.max {
            tags.push(Tag::new(format!("{a} {s}"), Tone::Harm));
        }
    }
    if c.init.is_some() {
        tags.push(Tag::new(format!("AP {}/{}", c.ap, c.ap_max), Tone::Plain));
    }
    if c.bank > 0 {
        tags.push(Tag::new(format!("adv +{}", c.bank), Tone::Good));
    }
    if c.fatigue > 0 {
        tags.push(Tag::new(format!("fatigue {}", c.fatigue), Tone::Mark));
    }
    for m in &c.marks {
        let tone = match m {
            Mark::Out | Mark::Fled | Mark::Routed => Tone::Warn,
            Mark::Doomed | Mark::Deprived => Tone::Warn,
            Mark::Stabilized => Tone::Mended,
            _ => Tone::Mark,
        };
        tags.push(Tag::new(m.word(), tone));
    }
    if c.attr(Attr::Dex).cur == 0 {
        tags.push(Tag::new("paralysed", Tone::Warn));
    }
    if c.attr(Attr::Wil).cur == 0 {
        tags.push(Tag::new("delirious", Tone::Warn));
    }
    tags
}

fn entry(state: &State, c: &Character) -> RosterEntry {
    RosterEntry {
        id: c.id,
        name: c.name.clone(),
        acted: state
            .fight
            .as_ref()
            .is_some_and(|f| f.acted.contains(&c.id)),
        dead: c.dead(),
        out: !c.dead() && (c.has(Mark::Fled) || c.cannot_act()),
        down: false,
        glance: glance(c),
        health: Some((u32::from(c.hp.cur), u32::from(c.hp.max))),
    }
}

/// The groups in roster order (first appearance).
pub fn groups(state: &State) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for c in &state.characters {
        if !out.contains(&c.group) {
            out.push(c.group.clone());
        }
    }
    out
}

fn has_pc(state: &State, group: &str) -> bool {
    state
        .characters
        .iter()
        .any(|c| c.kind == Kind::Pc && c.group == group)
}

fn or_dash(v: Vec<String>) -> String {
    if v.is_empty() {
        "—".into()
    } else {
        v.join(", ")
    }
}

/// A pending recovery with what it will roll when the judge rules it recovered, and how the
/// total is read (A35: "vs max" keeps a total above the max as the new max), and the mark it
/// clears.
fn recovery_text(p: &super::model::Recovery) -> String {
    use super::model::Read;
    let mut t = p.label.clone();
    if let Some((stat, count, sides, read)) = p.roll {
        let what = stat.map_or("each of STR, DEX, WIL".to_string(), |s| s.to_string());
        let read = match read {
            Read::VsMax => "vs max",
            Read::AddMax => "added to max",
            Read::SetMax => "becomes max",
        };
        t.push_str(&format!(": {count}d{sides} {read} {what}"));
    }
    if let Some(m) = p.clears {
        t.push_str(&format!(", clears {}", m.word()));
    }
    t
}

/// The rules' step, and a line for each recovery it left pending (A35, A45), unless no one reads
/// the step's lines.
fn step(
    state: &mut State,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    if crate::rules::said::is_quiet() {
        return apply(state, command, dice);
    }
    let pending = pending_of(state);
    let mut events = apply(state, command, dice)?;
    events.extend(pending_changes(&pending, state));
    Ok(events)
}

/// Everyone's pending recoveries (A35, A45), by id and name.
fn pending_of(state: &State) -> Vec<(u32, String, Vec<Recovery>)> {
    state
        .characters
        .iter()
        .map(|c| (c.id, c.name.clone(), c.pending.clone()))
        .collect()
}

/// The items of `from` that `other` lacks, each counted once for each time it is there.
fn lacking<'a>(from: &'a [Recovery], other: &[Recovery]) -> Vec<&'a Recovery> {
    let mut left: Vec<&Recovery> = other.iter().collect();
    from.iter()
        .filter(|p| match left.iter().position(|q| q == p) {
            Some(at) => {
                left.remove(at);
                false
            }
            None => true,
        })
        .collect()
}

/// A line for each pending recovery a step added or settled, naming its character and saying
/// what it rolls when ruled recovered, so the recap keeps what the sheet's Pending field shows.
fn pending_changes(before: &[(u32, String, Vec<Recovery>)], state: &State) -> Vec<Event> {
    let mut out = Vec::new();
    for c in &state.characters {
        let was = before
            .iter()
            .find(|(id, ..)| *id == c.id)
            .map_or(&[][..], |(_, _, p)| p);
        for p in lacking(&c.pending, was) {
            out.push(Event::said(
                Mood::Warn,
                format!("{} has a recovery pending: {}", c.name, recovery_text(p)),
            ));
        }
    }
    for (id, name, was) in before {
        // One who left the roster took their sheet along: nothing was settled.
        let Some(now) = state.characters.iter().find(|c| c.id == *id) else {
            continue;
        };
        for p in lacking(was, &now.pending) {
            out.push(Event::said(
                Mood::Mended,
                format!(
                    "{name} no longer has a recovery pending: {}",
                    recovery_text(p)
                ),
            ));
        }
    }
    out
}

/// A sheet in words, a field to a line (the screen's sheet panel and `show`).
pub fn sheet_lines(c: &Character, st: &State) -> Vec<(String, String)> {
    let mut l = Vec::new();
    let s = |a: Attr| c.attr(a);
    l.push((
        "Scores".to_string(),
        format!(
            "STR {}  DEX {}  WIL {}  HP {}  armor {}",
            s(Attr::Str),
            s(Attr::Dex),
            s(Attr::Wil),
            c.hp,
            c.armor()
        ),
    ));
    l.push((
        "Rules".into(),
        format!(
            "{} in {}{}",
            match c.kind {
                Kind::Pc => "PC",
                Kind::Npc => "NPC",
            },
            c.group,
            c.init
                .map_or(String::new(), |i| format!(", initiative {i}"))
        ),
    ));
    l.push((
        "AP".into(),
        format!(
            "{}/{}  advantage banked +{}  spaces {}{}",
            c.ap,
            c.ap_max,
            c.bank,
            c.moves,
            if c.has(Mark::Surprised) {
                "  surprised"
            } else {
                ""
            }
        ),
    ));
    l.push((
        "Held".into(),
        c.held.as_ref().map_or("—".into(), |h| {
            format!(
                "{} AP, {} {:+} until {}{}",
                h.cost,
                h.attr,
                h.edge,
                h.trigger,
                if h.defence { " (defence)" } else { "" }
            )
        }),
    ));
    let mut marks: Vec<String> = c.marks.iter().map(|m| m.word().to_uppercase()).collect();
    if c.attr(Attr::Dex).cur == 0 {
        marks.push("PARALYSED".into());
    }
    if c.attr(Attr::Wil).cur == 0 {
        marks.push("DELIRIOUS".into());
    }
    if let Some(t) = c.dies_at {
        marks.push(format!(
            "DIES in {} min",
            t.saturating_sub(st.clock.seconds) / 60
        ));
    }
    l.push(("Marks".into(), or_dash(marks)));
    l.push((
        "Scars".into(),
        or_dash(
            c.scars
                .iter()
                .map(|s| format!("{}: {}", s.entry, s.note))
                .collect(),
        ),
    ));
    l.push((
        "Pending".into(),
        or_dash(
            c.pending
                .iter()
                .enumerate()
                .map(|(i, p)| format!("{}. {}", i + 1, recovery_text(p)))
                .collect(),
        ),
    ));
    let mut magic = Vec::new();
    if let Some(g) = &c.grimoire {
        magic.push(format!(
            "Grimoire{} ({} slots): {}",
            if g.usable { "" } else { " UNUSABLE" },
            g.slots,
            or_dash(g.spells.clone())
        ));
    }
    magic.extend(c.scrolls.iter().map(|s| format!("scroll of {s}")));
    if c.free_die {
        magic.push("a free magic die".into());
    }
    magic.extend(c.timed.iter().map(|(t, end)| {
        format!(
            "{} for {} min",
            t.word(),
            end.saturating_sub(st.clock.seconds) / 60
        )
    }));
    l.push(("Magic".into(), or_dash(magic)));
    l.push((
        "Slots".into(),
        format!(
            "{} free of {}; Fatigue {}; Mana Dust {}",
            c.free_slots(),
            c.slots,
            c.fatigue,
            c.dust
        ),
    ));
    for (i, it) in c.items.iter().enumerate() {
        let mut t = it.text();
        if it.slots != 2 {
            t.push_str(&format!(
                " · {} slot{}",
                it.slots,
                if it.slots == 1 { "" } else { "s" }
            ));
        }
        l.push((if i == 0 { "Items" } else { "" }.to_string(), t));
    }
    if !c.notes.is_empty() {
        l.push(("Notes".into(), c.notes.on_sheet()));
    }
    l
}

crate::rules::view::replies!(Command);

impl Ruleset for Ap {
    type State = State;
    type Command = Command;
    type Event = Event;

    const STEP: crate::rules::Step<Self> = step;
    crate::rules::said::seam!();

    fn roster(state: &State) -> Vec<RosterGroup> {
        groups(state)
            .into_iter()
            .map(|g| RosterGroup {
                party: has_pc(state, &g),
                members: state
                    .characters
                    .iter()
                    .filter(|c| c.group == g)
                    .map(|c| entry(state, c))
                    .collect(),
                title: g,
            })
            .collect()
    }

    /// A22: each group is a side or faction of its own, so a group is a side.
    fn footing(state: &State, _actor: u32) -> Vec<crate::rules::Footing> {
        crate::rules::view::footing_by(
            &Self::roster(state),
            Self::initiative(state).as_ref(),
            |g| g.title.clone(),
        )
    }

    fn in_party(state: &State, id: u32) -> Option<bool> {
        let c = state.characters.iter().find(|c| c.id == id)?;
        // A player character makes its own group a party: the rest of the group is read only
        // for the others (the players' sight asks this of every fighter at every step).
        Some(c.kind == Kind::Pc || has_pc(state, &c.group))
    }

    fn in_action(state: &State, each: &mut dyn FnMut(u32, &dyn Fn() -> bool)) -> bool {
        let Some(f) = state.fight.as_ref() else {
            return false;
        };
        // Only those in the fight's groups count, as in its order; whoever acts always does. The
        // numbers are asked before the group's name, the dearest to compare.
        let outside = |c: &Character| c.kind != Kind::Pc && !has_pc(state, &c.group);
        for c in &state.characters {
            let shown = f.acting == Some(c.id)
                || (c.init.is_some()
                    && f.acted.contains(&c.id)
                    && !c.dead()
                    && !c.has(Mark::Fled)
                    && f.groups.contains(&c.group));
            if shown {
                each(c.id, &|| outside(c));
            }
        }
        true
    }

    fn initiative(state: &State) -> Option<Initiative> {
        let f = state.fight.as_ref()?;
        let mut order = Vec::new();
        for g in &f.groups {
            for id in members(state, g) {
                let Ok(c) = state.character(id) else {
                    continue;
                };
                let standing = if c.dead() {
                    Standing::Out("dead".into())
                } else if c.has(Mark::Fled) {
                    Standing::Out("fled".into())
                } else if f.acting == Some(id) {
                    Standing::Acting
                } else if f.acted.contains(&id) {
                    Standing::Acted
                } else if c.cannot_act() {
                    Standing::Out("cannot act".into())
                } else {
                    Standing::Ready
                };
                order.push(Fighter {
                    id,
                    name: c.name.clone(),
                    group: g.clone(),
                    standing,
                    order_note: c.init.map(|t| t.to_string()),
                });
            }
        }
        let group = f.groups.get(f.at).cloned().unwrap_or_default();
        Some(Initiative {
            round: f.round,
            label: group.clone(),
            label_names: order
                .iter()
                .filter(|f| f.group == group)
                .map(|f| f.id)
                .collect(),
            party: has_pc(state, &group),
            why: Some("groups take turns, the best roll's group first".into()),
            order,
            sequence: false,
            acting: f.acting,
            next: super::fight::next_up(state).map_or(Upcoming::Order, Upcoming::Fighter),
            waiting: f.acting.map_or_else(
                || "the next turn".into(),
                |id| {
                    let ap = state.character(id).map_or(0, |c| c.ap);
                    format!("{}'s turn, {ap} AP", state.name_of(id))
                },
            ),
        })
    }

    fn pending(state: &State) -> Option<PendingView> {
        match state.queue.first()? {
            Wait::Roll(r) => {
                let outcome = |p: bool| if p { Outcome::Pass } else { Outcome::Fail };
                let mut dice = Vec::new();
                for d in &r.dice {
                    for (i, &face) in d.faces.iter().enumerate() {
                        dice.push(DieView {
                            sides: d.sides,
                            face,
                            note: d.role.to_string(),
                            kept: i == d.kept && d.counted,
                        });
                    }
                }
                Some(PendingView::Roll(RollView {
                    title: r.title.to_string(),
                    how: r.how.to_string(),
                    dice,
                    proposed: 0,
                    picked: 0,
                    can_pick: false,
                    can_edge: false,
                    book: outcome(r.pass),
                    ruling: r.ruled.map(outcome),
                    reason: r.reason.to_string(),
                }))
            }
            Wait::Ask(q) => Some(PendingView::Question(QuestionView::choice(
                &q.title,
                &q.why,
                &q.options,
                q.proposed.unwrap_or(0),
            ))),
        }
    }

    fn clock(state: &State) -> ClockView {
        let round = state.fight.as_ref().map_or(0, |f| f.round);
        let (h, m) = state.clock.time_of_day();
        ClockView {
            now: match round {
                0 => format!("day {}, {h:02}:{m:02}", state.clock.day()),
                r => format!("round {r}"),
            },
            detail: if round > 0 {
                format!("({})", state.clock.describe())
            } else {
                String::new()
            },
            place: None,
            units: vec![
                ("round".into(), round),
                ("hour".into(), u32::from(h)),
                ("day".into(), state.clock.day() as u32),
            ],
            next: if round > 0 {
                "2 minutes pass with each round".into()
            } else {
                "the judge moves the clock".into()
            },
        }
    }

    fn answer(state: &State, answer: Answer) -> Result<Command, RuleError> {
        match (state.queue.first(), answer) {
            // A40: some questions have no default.
            (Some(Wait::Ask(q)), Answer::Accept) if q.proposed.is_none() => Err(
                RuleError::invalid("there is no default here: choose one of the answers"),
            ),
            (Some(Wait::Ask(q)), Answer::Override) if q.options.len() == 2 => match q.proposed {
                Some(p) => Ok(Command::Choose {
                    option: 1 - p.min(1),
                }),
                None => Err(RuleError::invalid(
                    "there is no proposal to overrule here: choose one of the answers",
                )),
            },
            (front, answer) => {
                let front = front.map(|w| match w {
                    Wait::Roll(r) => Front::Roll {
                        verdict: r.verdict(),
                    },
                    Wait::Ask(q) => Front::Question {
                        answers: q.options.len(),
                    },
                });
                crate::rules::view::reply(front, answer, "roll").map(Command::from)
            }
        }
    }

    /// A21, A25: a late arrival rolls 1d20 + WIL and is put into its group by its total.
    fn join_fight(state: &State, who: u32) -> Option<Command> {
        state.fight.as_ref()?;
        let c = state.living(who).ok()?;
        c.init.is_none().then_some(Command::Join {
            who,
            surprised: false,
        })
    }

    fn roll_kind(command: &Command) -> Option<crate::rules::RollKind> {
        use crate::rules::RollKind as K;
        Some(match command {
            Command::Check(_) => K::Check,
            Command::Attack(_) => K::Attack,
            Command::Save { .. } => K::Save,
            Command::Damage { .. } => K::Damage,
            Command::Time { .. }
            | Command::Short { .. }
            | Command::Night { .. }
            | Command::Week { .. } => K::Encounter,
            Command::Morale { .. } | Command::Retreat { .. } => K::Morale,
            Command::Reaction => K::Reaction,
            Command::Fight { .. } | Command::Join { .. } => K::Initiative,
            _ => return None,
        })
    }

    fn role(command: &Command) -> Role {
        match command {
            Command::Check(_)
            | Command::Attack(_)
            | Command::Save { .. }
            | Command::Morale { .. }
            | Command::Retreat { .. } => Role::Rolls,
            Command::Rule { .. } => Role::Answers,
            _ => Role::Other,
        }
    }

    /// Everyone not dead nor fled whom the players see.
    fn fighters(state: &State, unseen: &BTreeSet<u32>) -> Vec<u32> {
        crate::rules::view::in_sight(state.characters.iter().map(|c| (c.id, !c.gone())), unseen)
    }

    /// Those surprised join the proposal, as when the judge names both.
    fn with_fighters(command: &Command, who: &[u32]) -> Option<Command> {
        match command {
            Command::Fight { surprised, .. } => {
                let mut who = who.to_vec();
                who.extend(
                    surprised
                        .iter()
                        .filter(|s| !who.contains(s))
                        .collect::<Vec<_>>(),
                );
                Some(Command::Fight {
                    who: who.into(),
                    surprised: surprised.clone(),
                })
            }
            _ => None,
        }
    }

    fn fighters_of(command: &Command) -> Option<Vec<u32>> {
        match command {
            Command::Fight { who, .. } => Some(who.to_vec()),
            _ => None,
        }
    }

    fn aims(command: &Command) -> Option<Aim> {
        match command {
            Command::Check(action) | Command::Attack(action) => {
                let at = match &action.against {
                    Against::Dc { .. } => return None,
                    Against::Saves(saves) => saves.iter().map(|d| d.who).collect(),
                    Against::Helpless { target, .. } => vec![*target],
                };
                Some(Aim { by: action.who, at })
            }
            _ => None,
        }
    }
}
