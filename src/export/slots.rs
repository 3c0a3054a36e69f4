//! The slot system's words: its recap chapters (the cast with their sheets, the story try by try
//! and round by round, the wounds and conditions gained, the deaths, what the survivors carry)
//! and its `show` text (the overview with clock, scene and combat, and each sheet slot by slot).

use super::{Md, escape, for_each_step, for_each_summed, heading, notes, write_summary};
use crate::rules::GameEvent;
use crate::rules::slots::{self, Character, Event as E, Pending, SlotNo, State, Wound};
use crate::session::{Event, Session};
use std::fmt::Write;

/// Where in the story an event falls, for the headings.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Part {
    Start,
    Time,
    Combat,
    AfterCombat,
}

/// The slot system's recap after the title.
pub(super) fn chapters(o: &mut Md<'_>, session: &Session) {
    let state = session.state();
    let Some(st) = state_of(session) else {
        return;
    };
    let mut rounds: u32 = 0;
    for_each_step(session, |events| {
        for e in events {
            if let Event::Game(GameEvent::Slots(E::CombatEnded { rounds: r })) = e {
                rounds += *r;
            }
        }
    });
    let _ = writeln!(
        o,
        "{} · {} · {}{}\n",
        state.ruleset().title(),
        crate::rules::said::counted(session.cursor(), "step", "steps"),
        slots::clock_summary(&st.clock),
        match rounds {
            0 => String::new(),
            n => format!(
                " · {} of combat",
                crate::rules::said::counted(n, "round", "rounds")
            ),
        }
    );
    notes(o, state);

    cast(o, st);
    story(o, session);
    harm(o, session, st);
}

fn state_of(session: &Session) -> Option<&State> {
    crate::rules::InGame::in_game(&session.state().game)
}

/// `show` for a slot session: the overview and every sheet, or one character's sheet.
pub(super) fn show(session: &Session, character: Option<&str>) -> Result<String, String> {
    super::sheets_or_one::<State>(session, character, |_| Ok(overview(session)), sheet)
}

/// What waits for the judge, in the rules' own words.
pub(super) fn waiting(session: &Session) -> Option<String> {
    let st = state_of(session)?;
    st.pending.first().map(|p| slots::resolve::describe(st, p))
}

fn cast(o: &mut Md<'_>, st: &slots::State) {
    if st.characters.is_empty() {
        return;
    }
    let _ = writeln!(o, "## Cast\n");
    let _ = writeln!(o, "| Name | Side | Sheet | At the end |");
    let _ = writeln!(o, "|---|---|---|---|");
    for c in &st.characters {
        let mut end: Vec<String> = Vec::new();
        if c.status.dead {
            end.push("dead".into());
        } else if c.status.unconscious {
            end.push("unconscious".into());
        }
        for n in 1..=c.slots.len() as slots::SlotNo {
            let Some(s) = c.slot(n) else { continue };
            match s.wound {
                Wound::None => {}
                Wound::Treated => end.push(format!("treated wound in {n}")),
                Wound::Open => end.push(format!("open wound in {n}")),
            }
            if !s.marks.is_empty() {
                end.push(format!("{} in {n}", s.marks));
            }
        }
        if end.is_empty() {
            end.push("unhurt".into());
        }
        let _ = writeln!(
            o,
            "| {} | {} | {} (d{}) | {} |",
            escape(&c.name),
            c.side,
            escape(&c.layout.name),
            c.layout.die,
            escape(&end.join(", "))
        );
    }
    o.push('\n');
}

fn slot_events(events: &[Event]) -> impl Iterator<Item = &E> {
    events.iter().filter_map(|e| match e {
        Event::Game(GameEvent::Slots(e)) => Some(e),
        _ => None,
    })
}

/// Starts a heading with exactly one blank line before and after it.
fn story(o: &mut Md<'_>, session: &Session) {
    heading(o, "## What happened");
    let mut part = Part::Start;
    let grep = o.grep.clone();
    for_each_summed(session, grep.as_deref(), |entry, sum| {
        let started = slot_events(entry).any(|e| matches!(e, E::CombatStarted { .. }));
        let ended = slot_events(entry).any(|e| matches!(e, E::CombatEnded { .. }));
        let time = slot_events(entry)
            .filter_map(|e| match e {
                E::TimePassed { trys, what } => Some((*trys, what)),
                _ => None,
            })
            .last();
        // A heading goes before the step that opens a new stretch of the story.
        if started {
            heading(o, "### Combat");
            part = Part::Combat;
        } else if let (Some((trys, what)), false, false) = (time, part == Part::Combat, ended) {
            heading(o, &format!("### Try {trys}: {}", escape(what)));
            part = Part::Time;
        } else if part == Part::AfterCombat {
            heading(o, "### After the fight");
            part = Part::Time;
        } else if part == Part::Start && !entry.is_empty() {
            heading(o, "### Setting the scene");
            part = Part::Time;
        }
        for event in entry.iter() {
            if let Event::Game(GameEvent::Slots(E::RoundStarted { round, initiative })) = event {
                heading(
                    o,
                    &format!("#### Round {round} (the {initiative} have the initiative)"),
                );
            }
            if let Some(line) = bullet(event) {
                let _ = writeln!(o, "{line}");
            }
        }
        if let Some(sum) = sum {
            write_summary(o, &sum);
        }
        if ended {
            part = Part::AfterCombat;
        }
    });
    if part == Part::Start {
        let _ = writeln!(o, "Nothing yet.");
    }
    o.push('\n');
}

/// One event as a list line. Headings carry rounds and time; questions to the judge are left
/// out because their answers are what happened.
fn bullet(event: &Event) -> Option<String> {
    let text = escape(&event.to_string());
    Some(match event {
        Event::Noted(n) => format!("- *Note:* {}", escape(n)),
        Event::Retitled(_)
        | Event::Secret { .. }
        | Event::Hidden { .. }
        | Event::Joined { .. }
        | Event::Grouped { .. }
        | Event::SecretKinds(_)
        | Event::TableNumbers(_)
        | Event::Said(_)
        | Event::Told { .. }
        | Event::Relinked { .. } => format!("- {text}"),
        Event::Rolled { .. } => format!("- **Roll:** {text}"),
        Event::Game(GameEvent::Slots(e)) => match e {
            E::RoundStarted { .. } | E::TimePassed { .. } | E::Asked { .. } => return None,
            E::Rolled(_) => format!("- **Roll:** {text}"),
            E::Hit(_) => format!("- **Hit:** {text}"),
            E::Wounded { .. } => format!("- **Wound:** {text}"),
            E::Marked { .. } => format!("- **Mark:** {text}"),
            E::Died { .. } => format!("- **Death:** {text}"),
            E::Overridden { .. } => format!("- **Ruling:** {text}"),
            E::EncounterRoll { .. } => format!("- {text}"),
            _ => format!("- {text}"),
        },
        Event::Game(_) => format!("- {text}"),
    })
}

/// Wounds and conditions each character gained, in order, and the deaths.
fn harm(o: &mut Md<'_>, session: &Session, st: &slots::State) {
    let mut gained: Vec<(String, Vec<String>)> = Vec::new();
    let mut deaths: Vec<String> = Vec::new();
    let mut round: Option<u32> = None;
    let mut trys = 0;
    for_each_step(session, |entry| {
        // A death during a task or rest happened in the trys that step spent.
        if let Some(t) = slot_events(entry)
            .filter_map(|e| match e {
                E::TimePassed { trys, .. } => Some(*trys),
                _ => None,
            })
            .last()
        {
            trys = t;
        }
        for event in entry.iter() {
            let Event::Game(GameEvent::Slots(e)) = event else {
                continue;
            };
            let mut add = |who: &str, what: String| match gained.iter_mut().find(|(w, _)| w == who)
            {
                Some((_, list)) => list.push(what),
                None => gained.push((who.to_string(), vec![what])),
            };
            match e {
                E::RoundStarted { round: r, .. } => round = Some(*r),
                E::CombatEnded { .. } => round = None,
                E::Wounded {
                    who,
                    slot,
                    wound,
                    cause,
                    ..
                } => add(
                    who,
                    format!(
                        "{} wound in slot {slot} ({cause})",
                        match wound {
                            Wound::Open => "open",
                            Wound::Treated => "treated",
                            Wound::None => "no",
                        }
                    ),
                ),
                E::Marked {
                    who,
                    slot,
                    condition,
                    cause,
                    ..
                } => add(
                    who,
                    format!(
                        "{} ({}) in slot {slot} ({cause})",
                        condition.letter(),
                        condition.name()
                    ),
                ),
                E::Died { who, cause, .. } => deaths.push(format!(
                    "- **{}** died {}: {}",
                    escape(who),
                    match round {
                        Some(r) => format!("in round {r}"),
                        None => format!("by try {trys}"),
                    },
                    escape(cause)
                )),
                _ => {}
            }
        }
    });
    heading(o, "## Wounds and conditions gained");
    if gained.is_empty() {
        let _ = writeln!(o, "None.");
    }
    for (who, list) in &gained {
        let _ = writeln!(o, "- **{}**: {}", escape(who), escape(&list.join("; ")));
    }
    heading(o, "## Deaths");
    if deaths.is_empty() {
        let _ = writeln!(o, "Nobody died.");
    }
    for d in &deaths {
        let _ = writeln!(o, "{d}");
    }
    let carried: Vec<String> = st
        .characters
        .iter()
        .filter(|c| c.side == slots::Side::Players && !c.status.dead)
        .map(|c| {
            let items: Vec<&str> = c
                .slots
                .iter()
                .filter_map(|s| s.item.as_ref().map(|i| i.name.as_str()))
                .collect();
            let carried = if items.is_empty() {
                "nothing".to_string()
            } else {
                items.join("; ")
            };
            format!("- **{}**: {}", escape(&c.name), escape(&carried))
        })
        .collect();
    if !carried.is_empty() {
        heading(o, "## What the survivors carry");
        for line in carried {
            let _ = writeln!(o, "{line}");
        }
    }
}

/// Title, clock, scene, combat and anything waiting for the judge.
pub fn overview(session: &Session) -> String {
    let Some(st) = state_of(session) else {
        return format!("{}\n", session.state().title);
    };
    let state = session.state();
    let mut o = String::new();
    o.push_str(&format!(
        "{} ({}, {} in the log)\n",
        state.title,
        state.ruleset().title(),
        crate::rules::said::counted(session.cursor(), "step", "steps")
    ));
    o.push_str(&format!("Clock: {}\n", slots::clock_summary(&st.clock)));
    if st.scene.zones.is_empty() && st.scene.name.is_empty() {
        o.push_str("Scene: none\n");
    } else {
        o.push_str(&format!("Scene: {}\n", st.scene.name));
        for z in &st.scene.zones {
            let near: Vec<&str> = st
                .scene
                .zones
                .iter()
                .filter(|y| {
                    y.id != z.id
                        && slots::zones::zone_range(&st.scene, z.id, y.id) == slots::Range::Near
                })
                .map(|y| y.name.as_str())
                .collect();
            let hidden: Vec<&str> = st
                .scene
                .zones
                .iter()
                .filter(|y| {
                    y.id != z.id
                        && slots::zones::zone_range(&st.scene, z.id, y.id) == slots::Range::Remote
                })
                .map(|y| y.name.as_str())
                .collect();
            let here: Vec<&str> = st
                .characters
                .iter()
                .filter(|c| c.zone == Some(z.id))
                .map(|c| c.name.as_str())
                .collect();
            o.push_str(&format!(
                "  {}{}: near {}{}; here: {}\n",
                z.name,
                if z.cover { " (cover)" } else { "" },
                list_or(&near, "nothing"),
                if hidden.is_empty() {
                    String::new()
                } else {
                    format!("; cannot see {}", hidden.join(", "))
                },
                list_or(&here, "nobody"),
            ));
        }
    }
    match &st.combat {
        None => o.push_str("Combat: none\n"),
        Some(c) => {
            let acted: Vec<String> = c.acted.iter().map(|id| st.name_of(*id)).collect();
            o.push_str(&format!(
                "Combat: round {}, the {} hold the initiative; acted this round: {}\n",
                c.round,
                c.initiative,
                if acted.is_empty() {
                    "nobody".to_string()
                } else {
                    acted.join(", ")
                }
            ));
            if let Some(turn) = &c.turn {
                o.push_str(&format!("  Turn: {}", st.name_of(turn.actor)));
                if let Some(setup) = &turn.setup {
                    o.push_str(&format!(", setup: {setup}"));
                }
                if let Some(i) = turn.interrupter {
                    o.push_str(&format!(", interrupted by {}", st.name_of(i)));
                }
                o.push('\n');
            }
        }
    }
    for (i, p) in st.pending.iter().enumerate() {
        o.push_str(&format!(
            "Waiting for the judge: {}\n",
            slots::resolve::describe(st, p)
        ));
        // The front question's answers, numbered as `choose` takes them.
        if i == 0
            && let Some(q) = super::questions::waiting_question(session.state())
        {
            for line in super::questions::question_lines(&q) {
                o.push_str(&format!("  {line}\n"));
            }
        }
    }
    if let Some(Pending::Roll(r)) = st.pending.first() {
        let faces: Vec<String> = r.faces.iter().map(u16::to_string).collect();
        o.push_str(&format!(
            "  dice {}, die {} picked, {} ({})\n",
            faces.join(" "),
            r.pick + 1,
            r.overridden.unwrap_or(r.verdict),
            r.reason
        ));
    }
    if !state.notes.is_empty() {
        o.push_str("Notes:\n");
        for n in &state.notes {
            o.push_str(&format!("  - {n}\n"));
        }
    }
    o
}

fn list_or(items: &[&str], none: &str) -> String {
    if items.is_empty() {
        none.to_string()
    } else {
        items.join(", ")
    }
}

pub use crate::rules::slots::item_words as item_text;

/// One character's sheet, with every field of the screen's sheet panel (the same cells, from
/// `rules::slots::sheet`): the title, the slot table, each slot spelled out as the line under
/// the table reads it when that slot is selected; then what the panel leaves to the words.
pub fn sheet(st: &slots::State, c: &Character) -> String {
    use slots::sheet::{COLUMNS, sheet_title, slot_detail, slot_rows, wound_cell};
    let mut o = String::new();
    let acting = st
        .combat
        .as_ref()
        .and_then(|f| f.turn.as_ref())
        .is_some_and(|t| t.actor == c.id || (t.interrupter == Some(c.id) && !t.interrupt_failed));
    let title: Vec<String> = sheet_title(st, c).into_iter().map(|(_, t)| t).collect();
    o.push_str(&format!(
        "{}{}\n",
        if acting { "▶ " } else { "" },
        title.join(" · ")
    ));
    if acting {
        o.push_str("  Taking a turn now\n");
    }
    let zone = c
        .zone
        .and_then(|z| st.scene.zones.iter().find(|x| x.id == z))
        .map_or("none".to_string(), |z| format!("in {}", z.name));
    o.push_str(&format!("  Zone: {zone}\n"));
    // The table, its columns as wide as their widest cell.
    let rows: Vec<[String; 6]> = slot_rows(c)
        .into_iter()
        .map(|r| {
            [
                r.number.to_string(),
                r.region,
                r.item,
                r.props,
                wound_cell(r.wound, true).to_string(),
                r.marks,
            ]
        })
        .collect();
    let head = COLUMNS.map(str::to_string);
    let width = |i: usize| {
        std::iter::once(&head)
            .chain(&rows)
            .map(|r| r[i].chars().count())
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..COLUMNS.len()).map(width).collect();
    for row in std::iter::once(&head).chain(&rows) {
        let mut line = format!(
            "  {:>w$} {:<r$}",
            row[0],
            row[1],
            w = widths[0],
            r = widths[1]
        );
        for (cell, w) in row.iter().zip(&widths).skip(2) {
            line.push_str(&format!("  {cell:<w$}"));
        }
        o.push_str(line.trim_end());
        o.push('\n');
    }
    let missing = usize::from(c.layout.die).saturating_sub(c.slots.len());
    if missing > 0 {
        let first = c.slots.len() + 1;
        let faces = if missing == 1 {
            format!("{first}")
        } else {
            format!("{first}-{}", c.layout.die)
        };
        o.push_str(&format!("  {faces}: names no slot (fails, or misses)\n"));
    }
    o.push_str(
        "  (= equipped, ● open wound, ◐ treated wound, ~ fatigue, a letter a condition's mark)\n",
    );
    o.push_str("  Slot by slot:\n");
    for n in 1..=c.slots.len() as SlotNo {
        let mut line = slot_detail(c, n);
        if let Some(s) = c.slot(n)
            && s.burning > 0
        {
            line.push_str(&format!(
                " · burning {}",
                crate::rules::said::counted(s.burning, "round", "rounds")
            ));
        }
        o.push_str(&format!("    {line}\n"));
    }
    // What the panel leaves to the conditions below it and to the words.
    let s = &c.status;
    let mut status: Vec<String> = Vec::new();
    if let Some(at) = s.restrained.filter(|&at| at != 0) {
        status.push(format!("restrained at slot {at}"));
    }
    if s.exposure.warming {
        status.push("being warmed".into());
    }
    if !status.is_empty() {
        o.push_str(&format!("  Also: {}\n", status.join(", ")));
    }
    // The screen's conditions panel, in its words.
    o.push_str("  Wounds and conditions:");
    let conditions = slots::condition_lines(st, c);
    if conditions.is_empty() {
        o.push_str(" No wounds, no marks.\n");
    } else {
        o.push('\n');
    }
    for (label, text) in conditions {
        let line = format!("{label} {text}");
        o.push_str(&format!("    {}\n", line.trim()));
    }
    o
}
