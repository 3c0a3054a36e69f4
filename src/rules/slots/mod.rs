//! The d12 slot system (rule file `000_b37c7bad3b63bcff.txt`, read as `SLOT-RULES.md`).
//!
//! Pure mechanics: [`apply`] takes the state, a [`Command`] and a dice source and returns the
//! [`Event`]s. One file per topic: `layout` (R1-R3), `items` (R3-R4 and sheet edits), `checks`
//! (R5-R12), `defense` (R13-R18), `wounds` (R19), `conditions` (R20-R28), `resolve` (the judge's
//! picks, overrides and decisions), `zones` (R29), `exploration` (R30-R32), `combat` (R33-R35),
//! `ticks` (time-driven effects, R22-R28 and R36).

pub mod checks;
pub mod combat;
mod command;
pub mod conditions;
pub mod defense;
mod display;
pub mod exploration;
pub mod forecast;
pub mod items;
pub mod layout;
mod model;
pub mod party;
pub mod resolve;
pub mod sheet;
pub mod ticks;
mod view;
pub mod wounds;
pub mod zones;

pub use command::*;
pub use display::{
    clock_summary, condition_lines, flag_name, item_props, item_text, item_words, marks_text,
    slot_line, statuses,
};
pub use model::*;
pub use view::{
    Slots, decision_options, decision_title, edge_line, glance, roll_title, side_title, standing,
};

use crate::dice::DiceSource;
use crate::rules::RuleError;

/// Applies one command to the state. See [`crate::rules::apply`] for the transaction contract.
pub fn apply(
    state: &mut State,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    use Command as C;
    if let Some(waiting) = state.pending.first()
        && blocked_while_pending(command)
    {
        return Err(RuleError::invalid(format!(
            "{} is waiting for the judge: accept it, change it, or cancel it first",
            resolve::describe(state, waiting)
        )));
    }
    let mut out = Vec::new();
    let o = &mut out;
    if let C::Interrupt { .. } = command {
        state.recent.harm_since_interrupt = None;
    }
    match command {
        C::AddCharacter {
            name,
            side,
            layout,
            items: kit,
            zone,
        } => {
            items::add_character(state, name, *side, layout, kit, o)?;
            if let (Some(zone), Some(c)) = (zone, state.characters.last()) {
                zones::place(state, c.id, Some(*zone), o)?;
            }
        }
        C::RenameCharacter { who, name } => items::rename(state, *who, name, o)?,
        C::SetSide { who, side } => items::set_side(state, *who, *side, o)?,
        C::RemoveCharacter { who } => items::remove_character(state, *who, o)?,
        C::PutItem { who, slot, item } => items::put_item(state, *who, *slot, item, o)?,
        C::MoveItem { who, from, to } => items::move_item(state, *who, *from, *to, o)?,
        C::RemoveItem { who, slot } => items::remove_item(state, *who, *slot, o)?,
        C::TwoHands { who, slot, on } => items::two_hands(state, *who, *slot, *on, o)?,
        C::DropBackpack { who } => items::backpack(state, *who, true, o)?,
        C::ShoulderBackpack { who } => items::backpack(state, *who, false, o)?,

        C::Check { who, kind, edge } => checks::check(state, *who, kind, *edge, dice, o)?,
        C::Fall { who, feet } => checks::fall(state, *who, *feet, dice, o)?,
        C::GroupCheck { who, kind } => checks::group_check(state, who, kind, dice, o)?,
        C::Attack { spec, edge, dual } => defense::attack(state, spec, *edge, *dual, dice, o)?,
        C::Pick { die } => resolve::pick(state, *die, o)?,
        C::SwapDice { a, b } => resolve::swap_dice(state, *a, *b, o)?,
        C::Override { verdict } => resolve::override_verdict(state, *verdict, o)?,
        C::Accept => resolve::accept(state, dice, o)?,
        C::ChooseSlot { slot } => resolve::choose_slot(state, *slot, dice, o)?,
        C::RuleBlocks { blocks } => resolve::rule_blocks(state, *blocks, dice, o)?,
        C::Cancel => resolve::cancel(state, o)?,

        C::Wound { who, slot, wound } => wounds::wound_command(state, *who, *slot, *wound, o)?,
        C::Treat { who, slot } => wounds::treat(state, *who, *slot, o)?,
        C::Heal { who, slot } => wounds::heal(state, *who, *slot, o)?,

        C::Mark {
            who,
            slot,
            condition,
        } => conditions::mark_command(state, *who, *slot, *condition, o)?,
        C::Worsen { who, condition } => conditions::worsen_command(state, *who, *condition, o)?,
        C::ClearMark {
            who,
            condition,
            slot,
        } => conditions::clear(state, *who, *condition, *slot, o)?,
        C::SetFatigue { who, slot, on } => conditions::set_fatigue(state, *who, *slot, *on, o)?,
        C::Ignite { who, slot } => conditions::ignite(state, *who, *slot, o)?,
        C::RollOnGround { who } => conditions::roll_on_ground(state, *who, dice, o)?,
        C::Douse { who } => conditions::douse(state, *who, o)?,
        C::Suffocate { who, on } => conditions::suffocate(state, *who, *on, o)?,
        C::Cold { who, on } => conditions::cold(state, *who, *on, o)?,
        C::Warm { who, on } => conditions::warm(state, *who, *on, o)?,
        C::Starve { who } => conditions::starve(state, *who, o)?,
        C::SetStatus { who, flag, on } => conditions::set_status(state, *who, *flag, *on, o)?,

        C::NewScene { name } => zones::new_scene(state, name, o)?,
        C::AddZone { name, cover } => zones::add_zone(state, name, *cover, o)?,
        C::RemoveZone { zone } => zones::remove_zone(state, *zone, o)?,
        C::Link { a, b } => zones::link(state, *a, *b, true, o)?,
        C::Unlink { a, b } => zones::link(state, *a, *b, false, o)?,
        C::Hide { a, b, hidden } => zones::hide(state, *a, *b, *hidden, o)?,
        C::Place { who, zone } => zones::place(state, *who, *zone, o)?,

        C::Task {
            label,
            trys,
            senses,
        } => exploration::task(state, label, *trys, senses, dice, o)?,
        C::Rest { fed, senses } => exploration::rest(state, *fed, senses, dice, o)?,
        C::Travel { watches } => exploration::travel(state, *watches, o)?,
        C::PassDays { days } => exploration::pass_days(state, *days, o)?,
        C::SetDark { dark } => exploration::set_dark(state, *dark, o)?,
        C::SetTimeOfDay { hour, minute } => exploration::set_time_of_day(state, *hour, *minute, o)?,

        C::StartCombat {
            initiator,
            surprised,
            fighters,
        } => combat::start(state, *initiator, *surprised, fighters.as_deref(), o)?,
        C::JoinCombat { who } => combat::join(state, *who, o)?,
        C::StartTurn { who } => combat::start_turn(state, *who, o)?,
        C::Setup { what } => combat::setup(state, what, o)?,
        C::Interrupt { who } => combat::interrupt(state, *who, o)?,
        C::InterruptResult { stopped } => combat::interrupt_result(state, *stopped, o)?,
        C::EndTurn => combat::end_turn(state, o)?,
        C::EndCombat { senses } => combat::end(state, senses, dice, o)?,
    }
    Ok(out)
}

/// How the actor whose turn is interrupted came to harm: a wound, a hold, a death or a status
/// that stops them is what R35 calls damage.
enum Harm {
    Wound(Wound),
    Seized,
    Died,
    Status(StatusFlag),
}

/// Keeps the latest harm that came to `who` when they are the actor whose turn is interrupted
/// (R35), in words ("Aria took an open wound"), for the fight panel. Called where the rules do
/// the harm, so a quiet step keeps it as a full one does.
fn harmed(state: &mut State, who: CharId, harm: Harm) {
    let Some(turn) = state.combat.as_ref().and_then(|c| c.turn.as_ref()) else {
        return;
    };
    if turn.interrupter.is_none() {
        return;
    }
    let name = state.name_of(turn.actor);
    if state.name_of(who) != name {
        return;
    }
    let words = match harm {
        Harm::Wound(wound) => format!(
            "{name} took {}",
            match wound {
                Wound::Open => "an open wound",
                Wound::Treated => "a treated wound",
                Wound::None => "a wound",
            }
        ),
        Harm::Seized => format!("{name} was seized"),
        Harm::Died => format!("{name} died"),
        Harm::Status(
            flag @ (StatusFlag::Unconscious
            | StatusFlag::Prone
            | StatusFlag::Restrained
            | StatusFlag::Immobilized),
        ) => format!("{name} is now {}", flag_name(flag)),
        Harm::Status(_) => return,
    };
    state.recent.harm_since_interrupt = Some(words);
}

/// While a roll or decision waits for the judge, commands that roll dice or move time on are
/// refused, so nothing happens out of order; answers and hand edits still go through.
fn blocked_while_pending(command: &Command) -> bool {
    use Command as C;
    matches!(
        command,
        C::Check { .. }
            | C::Fall { .. }
            | C::GroupCheck { .. }
            | C::Attack { .. }
            | C::RollOnGround { .. }
            | C::Task { .. }
            | C::Rest { .. }
            | C::Travel { .. }
            | C::PassDays { .. }
            | C::StartCombat { .. }
            | C::StartTurn { .. }
            | C::Setup { .. }
            | C::Interrupt { .. }
            | C::InterruptResult { .. }
            | C::EndTurn
            | C::EndCombat { .. }
    )
}
