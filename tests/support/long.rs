//! Long sessions of every ruleset for the benches: each ruleset's demo, then an evening's play
//! after it typed in the command language (notes, damage and its care, rolls, time and short
//! fights), rolled with seeded dice. Lines the rules refuse are skipped; whatever waits for the
//! judge is answered first, as at the table.

use super::Lcg;
use slotmark::dice::LiveDice;
use slotmark::rules::{Answer, RulesetId};
use slotmark::script::{self, Line};
use slotmark::session::{Command, Session};

/// What the judge types; `{pc}` stands for one of the party (`{most}` for their most hit
/// points), `{foe}` for anyone else on the roster.
fn lines(ruleset: RulesetId) -> &'static [&'static str] {
    match ruleset {
        // The slot system's stream is [`super::realistic_command`].
        RulesetId::Slots => &[],
        RulesetId::Phase => &[
            "note {pc} listens at the door",
            "harm {pc} 1",
            "heal {pc} 1",
            "check {pc} dex",
            "turn move",
            "turn search",
            "fight",
            "next",
            "next",
            "harm {foe} 1",
            "end",
            "rest short",
        ],
        RulesetId::Bdp => &[
            "note {pc} checks the rope",
            "damage {pc} 1 hp",
            "save {pc} dex",
            "watch",
            "fight",
            "next",
            "next",
            "damage {foe} 1 hp",
            "end",
            "remark {pc} tired",
            "breath {pc}",
            "set {pc} hp {most} {most}",
            "dead {pc} off",
        ],
        RulesetId::Ap => &[
            "note {pc} checks the rope",
            "damage {pc} 1",
            "check {pc} str",
            "time 10 minutes",
            "set {pc} hp {most} {most}",
            "fight",
            "next",
            "next",
            "damage {foe} 1",
            "end",
            "rest short",
        ],
        RulesetId::ActionDie => &[
            "note {pc} checks the rope",
            "damage {pc} 1",
            "check {pc} str",
            "time 10",
            "set {pc} hp {most}",
            "dead {pc} off",
            "scene",
            "act {foe} other",
            "initiative",
            "next",
            "next",
            "damage {foe} 1",
            "end",
            "rest siesta",
        ],
        RulesetId::Plain => &[
            "note {pc} looks around",
            "damage {pc} 1",
            "heal {pc} 1",
            "roll d20",
            "fight",
            "next",
            "next",
            "end",
        ],
    }
}

/// A name as the command language reads it.
fn quoted(name: &str) -> String {
    if name.contains(' ') {
        format!("\"{name}\"")
    } else {
        name.to_string()
    }
}

/// The ruleset's demo and then steps of play until the log holds `steps` entries.
pub fn long_session(ruleset: RulesetId, steps: usize, seed: u64) -> Session {
    let mut session = script::demo_for(ruleset);
    let mut rng = Lcg(seed);
    let mut dice = LiveDice::seeded(seed);
    let pool = lines(ruleset);
    let mut refused = 0usize;
    while session.entries().len() < steps {
        if session.state().game.pending().is_some() {
            let answered = [
                Answer::Accept,
                Answer::Choose(0),
                Answer::Yes,
                Answer::Cancel,
            ]
            .into_iter()
            .any(|answer| {
                session
                    .state()
                    .game
                    .answer(answer)
                    .ok()
                    .is_some_and(|c| session.execute(Command::Game(c), &mut dice).is_ok())
            });
            assert!(answered, "nothing answers what waits in {ruleset:?}");
            continue;
        }
        if ruleset == RulesetId::Slots {
            let command = super::realistic_command(&mut rng, session.state());
            refused += usize::from(session.execute(command, &mut dice).is_err());
            assert!(
                refused < steps.max(100) * 4,
                "the slots stream is refused too often"
            );
            continue;
        }
        let roster = session.state().game.roster();
        let (party, others): (Vec<_>, Vec<_>) = roster.iter().partition(|g| g.party);
        // Anyone, dead or alive: a line about the dead is refused, and the stream goes on.
        let pick = |rng: &mut Lcg, groups: &[&slotmark::rules::RosterGroup]| {
            let members: Vec<_> = groups.iter().flat_map(|g| &g.members).collect();
            members
                .get(rng.below(members.len().max(1) as u64) as usize)
                .map(|m| (quoted(&m.name), m.health.map_or(10, |(_, most)| most)))
                .unwrap_or_else(|| (String::new(), 10))
        };
        let (pc, most) = pick(&mut rng, &party);
        let (foe, _) = pick(&mut rng, &others);
        let line = pool[rng.below(pool.len() as u64) as usize]
            .replace("{pc}", &pc)
            .replace("{most}", &most.to_string())
            .replace("{foe}", &foe);
        if !play(&mut session, &line, &mut dice) {
            refused += 1;
            assert!(
                refused < steps.max(100) * 4,
                "the {ruleset:?} stream is refused too often to build a session: {line}"
            );
        }
    }
    session
}

/// Plays one line; false when it does not parse or the rules refuse it.
fn play(session: &mut Session, line: &str, dice: &mut LiveDice) -> bool {
    match script::parse_line(line, session.state()) {
        Ok(Line::Command(c)) => session.execute(c, dice).is_ok(),
        _ => false,
    }
}
