//! Sessions built from a script in the command language: the bundled demos. Each line goes
//! through the same parser as the palette and `slotmark run`, so the session's log is the demo's
//! history and replays like any other.

use super::{Line, parse_line_in};
use crate::content::{self, ContentError, Library};
use crate::dice::ScriptedDice;
use crate::rules::RulesetId;
use crate::session::{Command, Session, SessionState};

/// Builds a session titled `title` for `ruleset` from the script `text` (named `file` in
/// errors). The script may not roll dice or move the log cursor: a demo is the same every time.
pub fn build(
    title: &str,
    ruleset: RulesetId,
    (file, text): (&str, &str),
    library: &Library,
) -> Result<Session, ContentError> {
    let mut session = Session::new(SessionState::new(title, ruleset));
    // An empty script makes any roll an error rather than chance.
    let mut dice = ScriptedDice::new([]);
    for (n, line) in text.lines().enumerate() {
        let invalid = |message: String| ContentError::Invalid {
            file: file.to_string(),
            message: format!("line {}: {message}", n + 1),
        };
        match parse_line_in(line, session.state(), library).map_err(|e| invalid(e.to_string()))? {
            Line::Command(command) => {
                session
                    .execute(command, &mut dice)
                    .map_err(|e| invalid(e.to_string()))?;
            }
            Line::Nothing => {}
            Line::Undo | Line::Redo => return Err(invalid("a demo does not undo".into())),
            Line::SaveAs(_) => return Err(invalid("a demo does not save itself".into())),
        }
    }
    Ok(session)
}

/// The bundled demo of the slot system, built from its script with the bundled library.
pub fn try_demo() -> Result<Session, ContentError> {
    try_demo_for(RulesetId::Slots)
}

/// Does the ruleset bundle a demo? Every one does; the start screen and the tests ask.
pub fn has_demo(ruleset: RulesetId) -> bool {
    RulesetId::ALL.contains(&ruleset)
}

/// The bundled demo of `ruleset`, built from its script: the slot system's party at the old
/// mill, the plain tracker's at the goblin ford, ruleset phase's in the goblin warren, ruleset
/// bdp's on the drowned causeway, ruleset ap's at the ruined chapel, or ruleset actiondie's at
/// the troll bridge.
pub fn try_demo_for(ruleset: RulesetId) -> Result<Session, ContentError> {
    let script = match ruleset {
        RulesetId::Slots => content::slots::DEMO,
        RulesetId::Plain => content::plain::DEMO,
        RulesetId::Phase => content::phase::DEMO,
        RulesetId::Bdp => content::bdp::DEMO,
        RulesetId::Ap => content::ap::DEMO,
        RulesetId::ActionDie => content::actiondie::DEMO,
    };
    build("Demo", ruleset, script, &content::try_bundled()?)
}

/// A fresh copy of the bundled demo: a party of four, a scene of zones, opponents waiting.
/// Should the demo ever fail to build, the session says why in its notes instead of failing the
/// caller.
pub fn demo() -> Session {
    demo_for(RulesetId::Slots)
}

/// A fresh copy of `ruleset`'s demo, or, when it cannot be built, a session of that ruleset
/// whose notes say why.
pub fn demo_for(ruleset: RulesetId) -> Session {
    match try_demo_for(ruleset) {
        Ok(session) => session,
        Err(e) => {
            let mut session = Session::new(SessionState::new("Demo", ruleset));
            // A note needs no rules and no dice, so it cannot be refused.
            let _ = session.execute(
                Command::Note(format!("The demo could not be built: {e}")),
                &mut ScriptedDice::new([]),
            );
            session
        }
    }
}
