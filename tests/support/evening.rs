//! Long sessions of every ruleset as scripts in the command language: the ruleset's demo, then
//! evening after evening of notes, saves and checks, damage and its care, sheet edits, time
//! passing, short fights, and now and then an undo and a redo. Every line of the script is one
//! that `slotmark run --seed SEED` accepts, in order: the script is built by applying each
//! candidate line to a session with the same seeded dice `run` uses, keeping the lines the rules
//! accept and answering with `accept` (or `cancel`) whatever the rules ask the judge.
#![allow(dead_code)]

use slotmark::content::{self, Library};
use slotmark::dice::LiveDice;
use slotmark::rules::RulesetId;
use slotmark::script::{self, Line};
use slotmark::session::{Session, SessionState};

/// The rulesets with a demo to start from, in the order the benches report them.
pub const RULESETS: [RulesetId; 5] = [
    RulesetId::Slots,
    RulesetId::Phase,
    RulesetId::Bdp,
    RulesetId::Ap,
    RulesetId::ActionDie,
];

/// One evening at the table after the demo's set-up, for each ruleset: lines tried in turn, with
/// `{i}` replaced by the evening's number. Names are the demo's.
fn evening(ruleset: RulesetId) -> &'static [&'static str] {
    match ruleset {
        RulesetId::Slots => &[
            "note Evening {i}: the party listens at the mill door",
            "check Aria terrain",
            "mark Bram 2 B",
            "fatigue Cole 4",
            "wound Aria 3 open",
            "treat Aria 3",
            "put Aria 10 \"odd idol {i}\" rigid",
            "status Bram prone",
            "fight players",
            "turn Aria",
            "attack Aria goblin1 melee with 6",
            "end",
            "turn Bram",
            "attack Bram goblin2 melee",
            "end",
            "end fight",
            "undo",
            "redo",
            "clear Bram B 2",
            "fatigue Cole 4 off",
            "heal Aria 3",
            "take Aria 10",
            "status Bram prone off",
            "status goblin1 dead off",
            "status goblin2 dead off",
            "travel 1",
            "rest fed",
            "note The watch changes ({i})",
        ],
        RulesetId::Phase => &[
            "note Evening {i}: the warren is quiet",
            "check Ana dex leaps the gap",
            "fatigue Ana +1",
            "coins Bram +5",
            "harm Bram 2",
            "watch explore",
            "fight",
            "next",
            "next",
            "next",
            "attack Ana \"Goblin 1\" with sword",
            "attack \"Goblin 1\" Ana",
            "attack Bram \"Goblin 2\"",
            "next",
            "end",
            "undo",
            "redo",
            "heal Bram 2",
            "harm Ana 1",
            "heal Ana 1",
            "fatigue Ana -1",
            "flag \"Goblin 1\" dead off",
            "flag \"Goblin 2\" dead off",
            "set \"Goblin 1\" hp 3",
            "set \"Goblin 2\" hp 3",
            "flag Ana dead off",
            "set Ana hp 5",
            "rest short",
            "note The torches gutter ({i})",
        ],
        RulesetId::Bdp => &[
            "note Evening {i}: rain on the causeway",
            "end",
            "save Wren dex leap the ditch",
            "damage Oswin 1 hp arrow",
            "remark Oswin favours his left side ({i})",
            "watch",
            "fight",
            "dodge Wren",
            "damage Snag d6 sword",
            "next",
            "block Oswin",
            "damage Oswin d4 spear",
            "next",
            "damage \"Goblin 1\" d6 sword",
            "next",
            "end",
            "undo",
            "redo",
            "breath Oswin",
            "breath Wren",
            "dead Snag off",
            "dead \"Goblin 1\" off",
            "set Snag hp 3 3",
            "set \"Goblin 1\" hp 3 3",
            "set Oswin hp 7 7",
            "out Oswin off",
            "eat Oswin simple fire",
            "eat Wren fresh",
            "rest Wren normal",
            "rest Oswin normal",
            "rest Maud normal",
            "night",
            "note The fire burns low ({i})",
        ],
        RulesetId::Ap => &[
            "note Evening {i}: the chapel bell is silent",
            "check Ana str for the gate",
            "damage Ana 1 from a falling beam",
            "fatigue Ana 1",
            "jot Ana owes the ferryman {i} coins",
            "time 30 minutes",
            "fight",
            "attack Ana vs Skab with sword",
            "next",
            "attack Skab vs Ana",
            "next",
            "attack Bo vs Rikk with dagger",
            "next",
            "endfight",
            "undo",
            "redo",
            "save Bo dex dc 12 for the pit",
            "fatigue Ana 0",
            "set Skab hp 4",
            "set Rikk hp 4",
            "set Ana hp 6",
            "rest short",
            "note The candles are lit again ({i})",
        ],
        RulesetId::ActionDie => &[
            "note Evening {i}: wind over the gorge",
            "check Ana dex skill Athletics vs 6 for the wall",
            "damage Ana 1 from a thorn",
            "remark Ana counts the planks ({i})",
            "time 30",
            "scene Ana Bram Snag for the ambush",
            "act Ana attack 1",
            "act Bram other",
            "act Snag attack 1",
            "initiative",
            "attack Ana 1 Snag",
            "next",
            "attack Snag 1 Ana",
            "next",
            "next",
            "end",
            "undo",
            "redo",
            "dead Snag off",
            "rest siesta",
            "note The troll snores below ({i})",
        ],
        RulesetId::Plain => &["note Evening {i}"],
    }
}

/// The demo's script text for `ruleset`.
fn demo(ruleset: RulesetId) -> &'static str {
    match ruleset {
        RulesetId::Slots => content::slots::DEMO.1,
        RulesetId::Phase => content::phase::DEMO.1,
        RulesetId::Bdp => content::bdp::DEMO.1,
        RulesetId::Ap => content::ap::DEMO.1,
        RulesetId::ActionDie => content::actiondie::DEMO.1,
        RulesetId::Plain => "",
    }
}

/// A long session of `ruleset` as a script, and the session it builds.
pub struct LongScript {
    /// One accepted line per step, undo and redo included (each is a line of its own).
    pub text: String,
    /// What `run --seed SEED` on `text` builds.
    pub session: Session,
    /// Candidate lines the rules refused (left out of `text`), for tuning the evening.
    pub refused: usize,
    /// How often each line of the evening was kept, in the evening's order.
    pub kept: Vec<(&'static str, usize)>,
}

/// `lines` accepted script lines of `ruleset` (its demo's set-up first), for `slotmark run
/// --seed seed` with the bundled library. The session starts as `run` starts one, titled
/// `title`.
pub fn long_script(ruleset: RulesetId, lines: usize, seed: u64, title: &str) -> LongScript {
    let library = content::bundled();
    let mut g = Builder {
        session: Session::new(SessionState::new(title, ruleset)),
        dice: LiveDice::seeded(seed),
        text: String::with_capacity(lines * 40),
        lines: 0,
        refused: 0,
        library: &library,
    };
    for line in demo(ruleset).lines() {
        if !line.trim().is_empty() && !line.trim_start().starts_with('#') {
            assert!(g.try_line(line), "the demo's line `{line}` is refused");
        }
    }
    let evening = evening(ruleset);
    let mut kept: Vec<(&'static str, usize)> = evening.iter().map(|l| (*l, 0)).collect();
    let mut i = 0usize;
    let mut refused_in_a_row = 0;
    while g.lines < lines {
        let template = evening[i % evening.len()];
        let line = template.replace("{i}", &(i / evening.len() + 1).to_string());
        i += 1;
        if g.try_line(&line) {
            kept[(i - 1) % evening.len()].1 += 1;
            refused_in_a_row = 0;
            g.answer_questions();
        } else {
            refused_in_a_row += 1;
            assert!(
                refused_in_a_row < evening.len() * 2,
                "{ruleset:?}: every line of the evening is refused at line {}",
                g.lines
            );
        }
    }
    LongScript {
        text: g.text,
        session: g.session,
        refused: g.refused,
        kept,
    }
}

struct Builder<'a> {
    session: Session,
    dice: LiveDice,
    text: String,
    lines: usize,
    refused: usize,
    library: &'a Library,
}

impl Builder<'_> {
    /// Applies `line` as `run` would; keeps it in the script when accepted. A refused line
    /// leaves the session and the dice as they were.
    fn try_line(&mut self, line: &str) -> bool {
        let accepted = match script::parse_line_in(line, self.session.state(), self.library) {
            Ok(Line::Command(command)) => {
                let dice = self.dice.clone();
                let ok = self.session.execute(command, &mut self.dice).is_ok();
                if !ok {
                    self.dice = dice;
                }
                ok
            }
            Ok(Line::Undo) => self.session.undo().is_ok(),
            Ok(Line::Redo) => self.session.redo().is_ok(),
            Ok(Line::Nothing) => return true,
            Ok(Line::SaveAs(_)) | Err(_) => false,
        };
        if accepted {
            self.text.push_str(line);
            self.text.push('\n');
            self.lines += 1;
        } else {
            self.refused += 1;
        }
        accepted
    }

    /// Whatever the rules wait on is answered as proposed, or dropped.
    fn answer_questions(&mut self) {
        for _ in 0..8 {
            if self.session.state().game.pending().is_none() {
                return;
            }
            if !self.try_line("accept") && !self.try_line("choose 1") && !self.try_line("cancel") {
                return;
            }
        }
    }
}
