//! Ruleset `actiondie`: the action-die system (rule file 004) as ACTION-DIE-RULES.md reads it
//! (D1-D43): abilities as rungs of a die ladder, whole-check advantage, initiative rolled every
//! round from the chosen action's die with the lowest count first, exhaustion levels, death and
//! dismemberment, statuses, counted slots with quick slots, rests on a clock of 6-second rounds.
//!
//! - `model`: abilities, statuses, damage types, senses, skills, techniques, items, injuries
//!   and actions; `character`: one sheet and its derived stats; `state`: the scene, the clock
//!   and the queue; `command`: commands and events.
//! - `sheet` (D1-D4, D28, D31, D34-D36), `checks` (D5-D8, D37 and the judge's answers),
//!   `initiative` (D9, D11, D14-D18), `turns` (D10, D17, D19, D25, D33, D40), `damage` (D20-D28), `rest` (D29, D37-D40), `view` (the
//!   read models), `lines` (the sheet in words).

pub mod character;
pub mod checks;
pub mod command;
pub mod damage;
pub mod initiative;
mod lines;
pub mod model;
pub mod party;
mod rest;
mod sheet;
pub mod state;
mod turns;
mod view;

pub use character::{Character, Helped, NewSheet};
pub use command::{CheckSpec, Command, DamageSpec, Event, Mood, Roller, Stat};
pub use lines::sheet_lines;
pub use model::*;
pub use state::{Ask, Entry, Fight, Question, Roll, State, Then, Wait};
pub use view::{ActionDie, glance};

use crate::dice::DiceSource;
use crate::rules::RuleError;
use command::Out;

crate::rules::applying!(run);

fn run(
    state: &mut State,
    command: &Command,
    dice: &mut dyn DiceSource,
    out: &mut Out,
) -> Result<(), RuleError> {
    use Command as C;
    let runs = command.runs_while_waiting();
    crate::rules::queue::answer_first(&state.queue, runs, |r| r.title.to_string())?;
    match command {
        C::Add(s) => sheet::add(state, s, out),
        C::Roll { name } => sheet::roll(state, name, dice, out),
        C::Remove { who } => sheet::remove(state, *who, out),
        C::Set { who, stat, value } => sheet::set(state, *who, *stat, *value, out),
        C::Bag { who, on } => {
            let c = state.character_mut(*who)?;
            c.bag = *on;
            command::say(
                out,
                Mood::Plain,
                format!("{} {} a bag", c.name, if *on { "has" } else { "has no" }),
            );
            Ok(())
        }
        C::Status { who, status, on } => sheet::status(state, *who, *status, *on, out),
        C::Afraid { who, of } => sheet::afraid(state, *who, of, out),
        C::Resist {
            who,
            kind,
            vulnerable,
            on,
        } => sheet::resist(state, *who, *kind, *vulnerable, *on, out),
        C::Skill { who, name, bonus } => sheet::skill(state, *who, name, *bonus, out),
        C::Learn { who, name, init } => sheet::learn(state, *who, name, *init, out),
        C::Prepare { who, index, on } => sheet::prepare(state, *who, *index, *on, out),
        C::Carry { who, item } => sheet::carry(state, *who, item, out),
        C::Drop { who, index } => sheet::drop(state, *who, *index, out),
        C::Hold { who, index, on } => sheet::hold(state, *who, *index, *on, out),
        C::Break { who, index } => sheet::break_(state, *who, *index, out),
        C::Note { who, text } => sheet::note(state, *who, text, out),
        C::Check(spec) => {
            let why = if spec.why.trim().is_empty() {
                ""
            } else {
                crate::rules::text::check(crate::rules::text::TextKind::Action, &spec.why, "")?
            };
            checks::check(state, spec, why, Then::Nothing, dice, out)
        }
        C::Contest(c) => checks::contest(state, &c.0, &c.1, &c.2, dice, out),
        C::Encumbrance { who, target } => checks::encumbrance(state, *who, *target, dice, out),
        C::Accept => checks::accept(state, dice, out),
        C::AcceptAll => checks::accept_all(state, dice, out),
        C::Rule { pass } => checks::rule(state, *pass, out),
        C::Choose { option } => checks::choose(state, *option, dice, out),
        C::Cancel => checks::cancel(state, out),
        C::Scene { who, why } => initiative::scene(state, who, why, out),
        C::Pick { who, action } => initiative::pick(state, *who, action, out),
        C::RollInitiative => initiative::roll_all(state, dice, out),
        C::Next => turns::next(state, dice, out),
        C::Reevaluate { who, action } => initiative::reevaluate(state, *who, action, dice, out),
        C::Join { who, action } => initiative::join(state, *who, action.as_ref(), dice, out),
        C::Order { ids } => turns::order(state, ids, out),
        C::Move { who, squares } => turns::step(state, *who, *squares, out),
        C::Stand { who } => turns::stand(state, *who, out),
        C::EndScene => turns::end(state, out),
        C::Attack {
            who,
            item,
            targets,
            crit,
        } => damage::attack(state, *who, *item, targets, *crit, dice, out),
        C::Damage(d) => {
            let source = if d.source.trim().is_empty() {
                "Damage".to_string()
            } else {
                crate::rules::text::checked(crate::rules::text::TextKind::Action, &d.source, "")?
            };
            damage::deal(
                state,
                &d.targets,
                d.dice,
                d.flat,
                d.kind,
                d.crit,
                crate::rules::line::Line::from(source),
                None,
                dice,
                out,
            )
            .map(drop)
        }
        C::Exhaustion { who, up: true } => damage::exhaust(state, *who, dice, out),
        C::Exhaustion { who, up: false } => damage::recover(state, *who, out),
        C::Dismember { who, face } => damage::dismember(state, *who, u16::from(*face), out),
        C::Dead { who, on } => sheet::dead(state, *who, *on, out),
        C::Flee { who } => sheet::flee(state, *who, out),
        C::Rest {
            who,
            full,
            interrupted,
        } => rest::rest(state, who, *full, *interrupted, out),
        C::Time { minutes } => rest::pass(state, *minutes, dice, out),
    }
}
