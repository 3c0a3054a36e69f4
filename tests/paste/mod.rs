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

/// Every variant of the enum `T`, by name, as its serde derive declares them: a new variant
/// shows up here without anyone listing it.
pub fn kinds<'de, T: serde::Deserialize<'de>>() -> &'static [&'static str] {
    use serde::de::{self, Deserializer, Visitor};
    struct Catch<'a>(&'a mut &'static [&'static str]);
    impl<'de> Deserializer<'de> for Catch<'_> {
        type Error = de::value::Error;
        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
            Err(de::Error::custom("not an enum"))
        }
        fn deserialize_enum<V: Visitor<'de>>(
            self,
            _: &'static str,
            variants: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Self::Error> {
            *self.0 = variants;
            Err(de::Error::custom("variants caught"))
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
            option unit unit_struct newtype_struct seq tuple tuple_struct map struct identifier
            ignored_any
        }
    }
    let mut variants: &'static [&'static str] = &[];
    let _ = T::deserialize(Catch(&mut variants));
    variants
}

/// The variant name of a command of a ruleset, as [`kinds`] lists them.
pub fn kind_of<T: serde::Serialize>(command: &T) -> String {
    let text = ron::to_string(command).expect("a command serializes");
    text.chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect()
}

/// Asserts that the ruleset commands of `session` (picked by `game`) use every kind of `T` but
/// the `exceptions`, and that no exception was used.
pub fn every_kind_played<'de, T: serde::Serialize + serde::Deserialize<'de>>(
    session: &Session,
    game: fn(&Command) -> Option<&T>,
    exceptions: &[(&str, &str)],
) {
    let played: std::collections::BTreeSet<String> = session
        .applied()
        .iter()
        .filter_map(|e| game(&e.command))
        .map(kind_of)
        .collect();
    let all = kinds::<T>();
    assert!(!all.is_empty(), "the command kinds are listed");
    for (kind, why) in exceptions {
        assert!(all.contains(kind), "{kind} is no command kind ({why})");
        assert!(
            !played.contains(*kind),
            "{kind} is listed as written in data ({why}) but was played"
        );
    }
    let missing: Vec<&str> = all
        .iter()
        .copied()
        .filter(|k| !played.contains(*k) && !exceptions.iter().any(|(e, _)| e == k))
        .collect();
    assert!(
        missing.is_empty(),
        "the session plays no {missing:?}: play each in words or list it with a reason"
    );
}

/// Ruleset slots writes as data only a new sheet no verb builds (starting items of no kit, or a
/// layout no creature of the bestiary has: a test's or an imported sheet) and a fight started
/// as files from before the fighters were named start it (everyone), which today's line, naming
/// whom it takes, cannot say.
pub fn slots_data(c: &Command) -> bool {
    use slotmark::rules::GameCommand;
    use slotmark::rules::slots::Command as C;
    matches!(
        c,
        Command::Game(GameCommand::Slots(
            C::AddCharacter { .. } | C::StartCombat { fighters: None, .. }
        ))
    )
}
