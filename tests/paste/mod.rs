//! What `slotmark replay` prints, pasted back into `slotmark run`: the same commands, the same
//! state. Shared by the scenario tests of every ruleset and the replay tests.
#![allow(dead_code)]

use slotmark::cli::{self, RunOptions};
use slotmark::script::{self, Form, Line};
use slotmark::session::{Command, Session};
use slotmark::store::Store;

/// Every step of the log written as a line that reads back to the same command against the
/// state before it; in words, but for a party joining and the commands `data` allows (written as
/// data).
pub fn every_step_reads_back(session: &Session, data: fn(&Command) -> bool) {
    let mut state = session.initial().clone();
    for (n, entry) in session.applied().iter().enumerate() {
        let written = script::write(&entry.command, &state);
        match script::parse_line(&written.text, &state) {
            Ok(Line::Command(c)) => {
                assert_eq!(c, entry.command, "step {}: {}", n + 1, written.text)
            }
            other => panic!("step {}: {} reads as {other:?}", n + 1, written.text),
        }
        let data_allowed = matches!(entry.command, Command::Join(_)) || data(&entry.command);
        assert!(
            written.form == Form::Words || data_allowed,
            "step {}: {} ({:?})",
            n + 1,
            written.text,
            entry.command
        );
        state = slotmark::session::replay(&state, std::slice::from_ref(entry))
            .unwrap_or_else(|e| panic!("step {} replays: {e}", n + 1));
    }
}

/// `replay`'s output for the session, run as a script from the session's start with the faces its
/// log recorded, ends in the session's state (every step checked as [`every_step_reads_back`]
/// does). Returns the output.
pub fn same_when_pasted(session: &Session, data: fn(&Command) -> bool) -> String {
    every_step_reads_back(session, data);
    let mut printed = Vec::new();
    cli::replay_steps(session, &mut printed).expect("the log replays");
    let printed = String::from_utf8(printed).expect("replay prints text");
    let dir = tempfile::tempdir().expect("a temporary folder");
    let start = dir.path().join("start.ron");
    drop(Store::create(&start, &Session::new(session.initial().clone())).expect("saved"));
    let script = dir.path().join("pasted.txt");
    std::fs::write(&script, &printed).expect("script written");
    let end = dir.path().join("end.ron");
    let faces: Vec<u16> = session
        .applied()
        .iter()
        .flat_map(|e| e.rolls.iter().map(|r| r.face))
        .collect();
    let opts = RunOptions {
        script,
        session: Some(start),
        dice: Some(faces),
        seed: None,
        out: Some(end.clone()),
        strict: true,
        rules: session.state().ruleset(),
    };
    let mut ran = Vec::new();
    cli::run_script(&opts, slotmark::content::active(), &mut ran)
        .unwrap_or_else(|e| panic!("{e}\n{printed}"));
    let pasted = Store::open(&end).expect("the result opens").session;
    assert_eq!(pasted.state(), session.state(), "{printed}");
    printed
}

/// For [`same_when_pasted`]: no command but a party joining is written as data.
pub fn none(_: &Command) -> bool {
    false
}

/// For [`same_when_pasted`]: any command may be written as data (a ruleset whose writer does not
/// spell every command yet).
pub fn any(_: &Command) -> bool {
    true
}

/// Ruleset bdp writes a new sheet, an item, damage, a task, a disease and a brew as data.
pub fn bdp_data(c: &Command) -> bool {
    use slotmark::rules::GameCommand;
    use slotmark::rules::bdp::Command as C;
    matches!(
        c,
        Command::Game(GameCommand::Bdp(
            C::Add(_)
                | C::Carry { .. }
                | C::Task { .. }
                | C::Damage { .. }
                | C::Infect { .. }
                | C::Brew { .. }
        ))
    )
}
