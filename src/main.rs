//! A minimal dispatch for the screen: bare `slotmark`, `slotmark open FILE` and
//! `slotmark new NAME`. The full command line (clap, every subcommand) replaces it.

use std::path::PathBuf;

use color_eyre::eyre::eyre;
use slotmark::rules::RulesetId;
use slotmark::store;
use slotmark::tui::{self, Launch, Options};

fn main() -> color_eyre::Result<()> {
    color_eyre::install()?;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let launch = match args.as_slice() {
        [] => Launch::Start,
        [open, file] if open == "open" => Launch::Open(PathBuf::from(file)),
        [new, name] if new == "new" => Launch::New {
            name: name.clone(),
            ruleset: RulesetId::Slots,
        },
        _ => return Err(eyre!("usage: slotmark [open FILE | new NAME]")),
    };
    let saves = store::saves_dir(None)?;
    tui::run(Options {
        launch,
        saves,
        seed: None,
    })
}
