//! The session recap for `slotmark export --markdown`: who is in it, what happened try by try
//! and round by round (every roll with its dice and verdict), the wounds and conditions each
//! character gained, and who died. Built from the log's recorded events, so it tells exactly
//! what the table saw.
//!
//! It is written as it is made: the log is read a window of steps at a time (older steps
//! rebuilt in one pass per window), so a session of 100,000 steps needs no more memory for its
//! recap than one of a thousand.

pub mod actiondie;
pub mod ap;
pub mod bdp;
pub mod phase;
pub mod plain;
pub mod players;
pub mod questions;
pub mod slots;
pub mod summary;

use crate::content::find_by_name;
use crate::rules::RulesetId;
use crate::session::{Event, Session, SessionState};
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

/// Like [`for_each_step`], with the fight summary of each step that ends a fight. With `grep`
/// (lower case), only the steps whose words or summary hold it are given.
fn for_each_summed(
    session: &Session,
    grep: Option<&str>,
    mut each: impl FnMut(&[Event], Option<summary::FightSummary>),
) {
    let applied = session.applied();
    let mut summing = summary::Summing::new();
    let mut index = 0;
    for_each_step(session, |events| {
        let sum = applied.get(index).and_then(|e| summing.step(e, events));
        index += 1;
        let keep = grep.is_none_or(|word| {
            let holds = |text: String| text.to_lowercase().contains(word);
            events.iter().any(|e| holds(e.to_string()))
                || sum.iter().flat_map(|s| s.lines()).any(holds)
        });
        if keep {
            each(events, sum);
        }
    });
}

/// A fight's summary in the recap: its headline as a list line, each fighter's beneath it.
fn write_summary(o: &mut Md<'_>, sum: &summary::FightSummary) {
    let _ = writeln!(o, "- **{}**", escape(&sum.headline()));
    for line in sum.fighter_lines() {
        let _ = writeln!(o, "  - {}", escape(&line));
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
    /// Only the steps that hold this word (lower case) go in the story (`export --grep`).
    grep: Option<String>,
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

/// The recap as Markdown, in one string (for tests and small sessions).
pub fn markdown(session: &Session) -> String {
    let mut out = Vec::new();
    // Writing to memory cannot fail.
    let _ = write_markdown(session, &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// Writes the recap as Markdown to `out` as it is made.
pub fn write_markdown(session: &Session, out: &mut dyn io::Write) -> io::Result<()> {
    write_markdown_grep(session, None, out)
}

/// Writes the recap as Markdown, its story keeping only the steps whose words hold `grep`
/// (any case) when it is given: `export --markdown --grep WORD`.
pub fn write_markdown_grep(
    session: &Session,
    grep: Option<&str>,
    out: &mut dyn io::Write,
) -> io::Result<()> {
    let state = session.state();
    let mut o = Md {
        out,
        pending: 0,
        error: None,
        grep: grep.map(str::to_lowercase),
    };
    let _ = writeln!(o, "# {}\n", state.title);
    match state.ruleset() {
        RulesetId::Slots => slots::chapters(&mut o, session),
        RulesetId::Plain
        | RulesetId::Phase
        | RulesetId::Bdp
        | RulesetId::Ap
        | RulesetId::ActionDie => read_model_chapters(&mut o, session),
    }
    questions::chapter(&mut o, session);
    if let Some(credit) = state.ruleset().credit() {
        let _ = writeln!(o, "\n---\n\n_{credit}_");
    }
    o.finish()
}

/// The recap of a ruleset with no chapters of its own (the plain tracker): its line, the notes,
/// who is in it as the roster shows them, and every step's events in order.
fn read_model_chapters(o: &mut Md<'_>, session: &Session) {
    let state = session.state();
    let clock = state.game.clock();
    let _ = writeln!(
        o,
        "{} · {} · {}\n",
        state.ruleset().title(),
        crate::rules::said::counted(session.cursor(), "step", "steps"),
        clock.now
    );
    notes(o, state);
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
    let grep = o.grep.clone();
    for_each_summed(session, grep.as_deref(), |events, sum| {
        for event in events {
            if let Some(line) = bullet(event) {
                any = true;
                let _ = writeln!(o, "{line}");
            }
        }
        if let Some(sum) = sum {
            write_summary(o, &sum);
        }
    });
    if !any {
        let _ = writeln!(o, "Nothing yet.");
    }
}

/// The judge's notes, when there are any.
fn notes(o: &mut Md<'_>, state: &SessionState) {
    if !state.notes.is_empty() {
        let _ = writeln!(o, "## Notes\n");
        for n in &state.notes {
            let _ = writeln!(o, "- {}", escape(n));
        }
        o.push('\n');
    }
}

fn heading(o: &mut Md<'_>, text: &str) {
    // At most one blank line before it; one more line break when the text so far ends a line
    // but leaves no blank line.
    o.pending = if o.pending >= 2 { 2 } else { o.pending + 1 };
    let _ = writeln!(o, "{text}\n");
}

fn escape(text: &str) -> String {
    text.replace('|', "\\|")
}

/// Every event of a step as a list line, for a ruleset with no chapters of its own.
fn bullet(event: &Event) -> Option<String> {
    Some(match event {
        Event::Noted(n) => format!("- *Note:* {}", escape(n)),
        Event::Rolled { .. } => format!("- **Roll:** {}", escape(&event.to_string())),
        other => format!("- {}", escape(&other.to_string())),
    })
}

/// `slotmark show`: the session in plain text (or one character's sheet), in the words of its
/// ruleset. An error names what does not fit (a character nobody has).
pub fn show(session: &Session, character: Option<&str>) -> Result<String, String> {
    match session.state().ruleset() {
        RulesetId::Slots => slots::show(session, character),
        RulesetId::Phase => phase::show(session, character),
        RulesetId::Bdp => bdp::show(session, character),
        RulesetId::Ap => ap::show(session, character),
        RulesetId::ActionDie => actiondie::show(session, character),
        RulesetId::Plain => plain::show(session, character),
    }
}

/// `show` in the shape every ruleset's takes, for a session whose game plays `S`'s ruleset
/// (else nothing): the named character's sheet when one is named, else the overview and then
/// every sheet.
fn sheets_or_one<S: crate::rules::party::Company + crate::rules::InGame>(
    session: &Session,
    character: Option<&str>,
    overview: impl FnOnce(&S) -> Result<String, String>,
    sheet: impl Fn(&S, &S::Member) -> String,
) -> Result<String, String> {
    use crate::rules::party::Member;
    let Some(state) = S::in_game(&session.state().game) else {
        return Ok(String::new());
    };
    let characters = state.members();
    if let Some(name) = character {
        let c =
            find_by_name(characters, |c| c.name(), name, "character").map_err(|e| e.to_string())?;
        return Ok(sheet(state, c));
    }
    let mut o = overview(state)?;
    for c in characters {
        o.push('\n');
        o.push_str(&sheet(state, c));
    }
    Ok(o)
}

/// [`sheets_or_one`] with the overview the read models give (bdp, actiondie, plain).
fn sheets_after_overview<S: crate::rules::party::Company + crate::rules::InGame>(
    session: &Session,
    character: Option<&str>,
    sheet: impl Fn(&S, &S::Member) -> String,
) -> Result<String, String> {
    sheets_or_one::<S>(
        session,
        character,
        |_| show_from_read_models(session, None),
        sheet,
    )
}

/// What waits for the judge, in a line, when something does.
pub fn waiting(session: &Session) -> Option<String> {
    match session.state().ruleset() {
        RulesetId::Slots => slots::waiting(session),
        RulesetId::Plain
        | RulesetId::Phase
        | RulesetId::Bdp
        | RulesetId::Ap
        | RulesetId::ActionDie => session.state().game.pending().map(|p| pending_title(&p)),
    }
}

/// What waits for the judge, in a line.
fn pending_title(p: &crate::rules::PendingView) -> String {
    use crate::rules::PendingView as P;
    match p {
        P::Roll(r) => format!("{} ({}: {})", r.title, r.outcome().word(), r.reason),
        P::Question(q) => q.title.clone(),
        P::Group(g) => g.title.clone(),
    }
}

/// `show` for a ruleset whose sheets the command line does not know: what the ruleset's read
/// models say (the roster with each one's state at a glance, the fight, the clock, what waits).
fn show_from_read_models(session: &Session, character: Option<&str>) -> Result<String, String> {
    let mut out = String::new();
    let state = session.state();
    let game = &state.game;
    let roster = game.roster();
    let line = |e: &crate::rules::RosterEntry| {
        let tags: Vec<&str> = e.glance.iter().map(|t| t.text.as_str()).collect();
        format!("{}: {}", e.name, tags.join(" "))
    };
    if let Some(name) = character {
        let everyone: Vec<&crate::rules::RosterEntry> =
            roster.iter().flat_map(|g| g.members.iter()).collect();
        let e =
            find_by_name(&everyone, |e| &e.name, name, "character").map_err(|e| e.to_string())?;
        return Ok(format!("{}\n", line(e)));
    }
    let _ = writeln!(
        out,
        "{} ({}, {} in the log)",
        state.title,
        state.ruleset().title(),
        crate::rules::said::counted(session.cursor(), "step", "steps")
    );
    let clock = game.clock();
    let _ = writeln!(out, "Clock: {} {}", clock.now, clock.detail);
    match game.initiative() {
        None => {
            let _ = writeln!(out, "Fight: none");
        }
        Some(f) => {
            let order: Vec<String> = f
                .order
                .iter()
                .map(|x| format!("{} {}", x.standing.symbol(), x.name))
                .collect();
            let _ = writeln!(
                out,
                "Fight: round {}, {}; {}",
                f.round,
                f.label,
                order.join(", ")
            );
        }
    }
    if let Some(waiting) = questions::waiting_in_full(session, "  ") {
        let _ = writeln!(out, "Waiting for the judge: {waiting}");
    }
    for group in &roster {
        let _ = writeln!(out, "\n{}", group.title);
        for e in &group.members {
            let _ = writeln!(out, "  {}", line(e));
        }
    }
    Ok(out)
}
