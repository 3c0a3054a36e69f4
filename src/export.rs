//! The session recap for `slotmark export --markdown`: who is in it, what happened try by try
//! and round by round (every roll with its dice and verdict), the wounds and conditions each
//! character gained, and who died. Built from the log's recorded events, so it tells exactly
//! what the table saw.
//!
//! It is written as it is made: the log is read a window of steps at a time (older steps
//! rebuilt in one pass per window), so a session of 100,000 steps needs no more memory for its
//! recap than one of a thousand.

use crate::rules::GameEvent;
use crate::rules::slots::{self, Event as E, Wound};
use crate::session::{Event, Session};
use std::fmt::{self, Write};
use std::io;

/// Steps whose events are held at once while the recap is written.
const WINDOW: usize = 1024;

/// Calls `each` with the events of every applied step, oldest first, a window at a time.
fn for_each_step(session: &Session, mut each: impl FnMut(&[Event])) {
    let end = session.cursor();
    let mut start = 0;
    while start < end {
        let stop = (start + WINDOW).min(end);
        for events in session.events_in(start..stop) {
            each(&events);
        }
        start = stop;
    }
}

/// The recap's output: text goes straight to the writer, except line breaks at the end of what
/// was written so far, which wait until more text comes, so a heading can always be set off by
/// exactly one blank line.
struct Md<'a> {
    out: &'a mut dyn io::Write,
    /// Line breaks written but not yet sent.
    pending: usize,
    error: Option<io::Error>,
}

impl fmt::Write for Md<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let body = s.trim_end_matches('\n');
        if body.is_empty() {
            self.pending += s.len();
            return Ok(());
        }
        let breaks = "\n".repeat(self.pending);
        let result = self
            .out
            .write_all(breaks.as_bytes())
            .and_then(|()| self.out.write_all(body.as_bytes()));
        self.pending = s.len() - body.len();
        result.map_err(|e| {
            self.error = Some(e);
            fmt::Error
        })
    }
}

impl Md<'_> {
    fn push(&mut self, c: char) {
        let _ = self.write_char(c);
    }

    /// Sends the last line breaks and says whether everything was written.
    fn finish(mut self) -> io::Result<()> {
        let breaks = "\n".repeat(self.pending);
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        self.out.write_all(breaks.as_bytes())
    }
}

/// Where in the story an event falls, for the headings.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Part {
    Start,
    Time,
    Combat,
    AfterCombat,
}

/// The recap as Markdown, in one string (for tests and small sessions).
pub fn markdown(session: &Session) -> String {
    let mut out = Vec::new();
    // Writing to memory cannot fail.
    let _ = write_markdown(session, &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// Writes the recap as Markdown to `out` as it is made.
pub fn write_markdown(session: &Session, out: &mut dyn io::Write) -> io::Result<()> {
    let state = session.state();
    let mut o = Md {
        out,
        pending: 0,
        error: None,
    };
    let _ = writeln!(o, "# {}\n", state.title);
    let Some(st) = crate::content::slots_state(state) else {
        plain_chapters(&mut o, session);
        return o.finish();
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
        "{} · {} step(s) · {}{}\n",
        state.ruleset().title(),
        session.cursor(),
        slots::clock_summary(&st.clock),
        match rounds {
            0 => String::new(),
            n => format!(" · {n} round(s) of combat"),
        }
    );
    if !state.notes.is_empty() {
        let _ = writeln!(o, "## Notes\n");
        for n in &state.notes {
            let _ = writeln!(o, "- {}", escape(n));
        }
        o.push('\n');
    }

    cast(&mut o, st);
    story(&mut o, session);
    harm(&mut o, session, st);
    o.finish()
}

/// The recap of a ruleset with no chapters of its own: its line, the notes, who is in it as the
/// roster shows them, and every step's events in order.
fn plain_chapters(o: &mut Md<'_>, session: &Session) {
    let state = session.state();
    let clock = state.game.clock();
    let _ = writeln!(
        o,
        "{} · {} step(s) · {}\n",
        state.ruleset().title(),
        session.cursor(),
        clock.now
    );
    if !state.notes.is_empty() {
        let _ = writeln!(o, "## Notes\n");
        for n in &state.notes {
            let _ = writeln!(o, "- {}", escape(n));
        }
        o.push('\n');
    }
    let roster = state.game.roster();
    if !roster.is_empty() {
        heading(o, "## Cast");
        for group in &roster {
            for e in &group.members {
                let tags: Vec<&str> = e.glance.iter().map(|t| t.text.as_str()).collect();
                let _ = writeln!(
                    o,
                    "- **{}** ({}): {}",
                    escape(&e.name),
                    escape(&group.title),
                    escape(&tags.join(" "))
                );
            }
        }
    }
    heading(o, "## What happened");
    let mut any = false;
    for_each_step(session, |events| {
        for event in events {
            if let Some(line) = bullet(event) {
                any = true;
                let _ = writeln!(o, "{line}");
            }
        }
    });
    if !any {
        let _ = writeln!(o, "Nothing yet.");
    }
}

fn escape(text: &str) -> String {
    text.replace('|', "\\|")
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
fn heading(o: &mut Md<'_>, text: &str) {
    // At most one blank line before it; one more line break when the text so far ends a line
    // but leaves no blank line.
    o.pending = if o.pending >= 2 { 2 } else { o.pending + 1 };
    let _ = writeln!(o, "{text}\n");
}

fn story(o: &mut Md<'_>, session: &Session) {
    heading(o, "## What happened");
    let mut part = Part::Start;
    for_each_step(session, |entry| {
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
        Event::Retitled(_) => format!("- {text}"),
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
                } => add(
                    who,
                    format!(
                        "{} ({}) in slot {slot} ({cause})",
                        condition.letter(),
                        condition.name()
                    ),
                ),
                E::Died { who, cause } => deaths.push(format!(
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
            format!("- **{}**: {}", escape(&c.name), escape(&items.join("; ")))
        })
        .collect();
    if !carried.is_empty() {
        heading(o, "## What the survivors carry");
        for line in carried {
            let _ = writeln!(o, "{line}");
        }
    }
}
