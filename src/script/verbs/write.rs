//! The frame's writer: the session's own commands as the frame's verbs read them, and each
//! ruleset's commands handed to that ruleset's writer. See [`crate::script::write`].

use crate::content::Library;
use crate::rules::{GameCommand, GameState};
use crate::script::lexer::quote;
use crate::script::write::free_text;
use crate::session::Command;

/// The name the roster gives `id`, if it is on it.
fn roster_name(game: &GameState, id: u32) -> Option<String> {
    game.roster()
        .into_iter()
        .flat_map(|g| g.members)
        .find(|m| m.id == id)
        .map(|m| m.name)
}

/// The words for `command` against `game` (the state before it), or `None` where no verb spells
/// it (the caller then writes it as data).
pub(crate) fn write(command: &Command, game: &GameState, library: &Library) -> Option<String> {
    match command {
        Command::Note(text) => Some(format!("note {}", free_text(text))),
        Command::Retitle(title) => Some(format!("title {}", free_text(title))),
        Command::Roll { expr, what } if what.is_empty() => Some(format!("roll {expr}")),
        Command::Roll { expr, what } => Some(format!("roll {expr} for {}", free_text(what))),
        Command::Secret { step, secret } => {
            let mut line = String::from("secret");
            if let Some(step) = step {
                line.push_str(&format!(" {}", step + 1));
            }
            if !secret {
                line.push_str(" off");
            }
            Some(line)
        }
        Command::Hide { id, hidden } => {
            let name = roster_name(game, *id)?;
            let verb = if *hidden { "veil" } else { "reveal" };
            Some(format!("{verb} {}", quote(&name)))
        }
        Command::RevealAll => Some("reveal all".into()),
        Command::SecretKinds(None) => Some("secret default".into()),
        Command::SecretKinds(Some(kinds)) if kinds.is_empty() => Some("secret default none".into()),
        Command::SecretKinds(Some(kinds)) => {
            let words: Vec<&str> = kinds.iter().map(|k| k.word()).collect();
            Some(format!("secret default {}", words.join(" ")))
        }
        Command::TableNumbers(numbers) => Some(format!("numbers {}", numbers.word())),
        Command::Say(text) => Some(format!("say {}", free_text(text))),
        Command::Tell { id, text } => {
            let name = roster_name(game, *id)?;
            Some(format!("tell {} {}", quote(&name), free_text(text)))
        }
        Command::Relink { id } => {
            let name = roster_name(game, *id)?;
            Some(format!("link {} new", quote(&name)))
        }
        Command::Game(command) => match (command, game) {
            (GameCommand::Slots(c), GameState::Slots(st)) => {
                super::slots::write::write(c, st, library)
            }
            (GameCommand::Plain(c), GameState::Plain(st)) => super::plain::write(c, st),
            (GameCommand::Phase(c), GameState::Phase(st)) => super::phase::write::write(c, st),
            (GameCommand::Bdp(c), GameState::Bdp(st)) => super::bdp::write::write(c, st),
            (GameCommand::Ap(c), GameState::Ap(st)) => super::ap::write::write(c, st),
            (GameCommand::ActionDie(c), GameState::ActionDie(st)) => {
                super::actiondie::write::write(c, st)
            }
            _ => None,
        },
        Command::Encounter { name, members } => {
            let roster = game.roster();
            let names: Option<Vec<String>> = members
                .iter()
                .map(|id| {
                    roster
                        .iter()
                        .flat_map(|g| &g.members)
                        .find(|m| m.id == *id)
                        .map(|m| m.name.clone())
                })
                .collect();
            Some(format!("encounter {name}: {}", names?.join(", ")))
        }
        Command::Encounters => Some("encounter".into()),
        Command::Bring { encounter, seen } => Some(format!(
            "bring {}{}",
            quote(encounter),
            if *seen { "" } else { " unseen" }
        )),
        // A fight that brings its creatures into sight reads back from the shared form
        // (`fight players with ...`); the others from the ruleset's own words.
        Command::Fight { start, reveal } => {
            let words = write(&Command::Game((**start).clone()), game, library)?;
            match words.split_once(' ') {
                Some((verb, rest))
                    if *reveal && !rest.split(' ').any(|w| w == "with" || w == "all") =>
                {
                    Some(format!("{verb} players with {rest}"))
                }
                _ => Some(words),
            }
        }
        // The sheets ride inside the command; no verb takes them as words.
        Command::Join(_) => None,
        // The creature's sheet rides inside the command, as the bestiary made it.
        Command::Arrive { .. } => None,
        // So do a kept encounter's, so the log replays without the judge's library.
        Command::Muster { .. } => None,
        // The table rides inside the command, so the log replays without the judge's file.
        Command::RollOn(_) => None,
    }
}
