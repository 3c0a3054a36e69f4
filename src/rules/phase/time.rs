//! Time in dungeon turns and wilderness watches (K43-K53): the event die at the end of each,
//! the stored clue, doors, traps, delve light, travel, weather, and what a day's end costs
//! (feed, wages). The dying clock and spell timers tick here too (K24, K36).

use super::command::{Event, Mood, TurnAction};
use super::model::{Ability, Kind, Unit};
use super::saves;
use super::state::{Ask, Clue, DAYS, DoorTry, State, TURN, Then, WATCH};
use crate::dice::DiceSource;
use crate::rules::{Line, RuleError};

/// K43: one party action takes a turn; the turn ends with its event die.
pub fn turn(
    state: &mut State,
    action: &TurnAction,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if state.fight.is_some() {
        return Err(RuleError::invalid(
            "a fight sits inside the current turn: end it first",
        ));
    }
    let what = match action {
        TurnAction::Move => {
            state.world.unsurprisable = false;
            "the party moves to the next room".to_string()
        }
        TurnAction::Search => "the party searches the room".to_string(),
        TurnAction::Wait => "the party waits".to_string(),
        TurnAction::Other(text) => crate::rules::text::checked(
            crate::rules::text::TextKind::Action,
            text,
            "say what the party does",
        )?,
        TurnAction::Door { who, how } => {
            let c = state.character(*who)?;
            let what = format!("{} tries {}", c.name, how.word());
            saves::ask_save(
                state,
                *who,
                how.ability(),
                how.word(),
                Then::Door(*how),
                dice,
            )?;
            what
        }
    };
    pass_turn(state, &what, dice, out)
}

/// Ends the turn under way: the event die (K44), then the clocks that count turns.
pub fn pass_turn(
    state: &mut State,
    what: &str,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let ended = state.world.turn;
    crate::rules::said::tell(out, || {
        Event::said(Mood::Plain, format!("Turn {ended}: {what}"))
    });
    event_die(state, false, dice, out)?;
    advance(state, TURN, 1, 1, dice, out)
}

/// Moves the clock on by `n` of `unit` and the turn count by `turns`, running every timer.
pub(super) fn advance(
    state: &mut State,
    unit: crate::rules::time::Unit,
    n: u64,
    turns: u32,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let ended = state.world.turn + turns - 1;
    state.world.turn += turns;
    let crossed = state.world.clock.advance(unit, n, &[DAYS]);
    let watch = unit == WATCH || turns > 1;
    super::spells::tick(state, ended, watch, dice, out)?;
    dying(state, ended);
    for _ in crossed {
        super::wild::day_end(state, out)?;
    }
    Ok(())
}

/// K24: a critical character not aided dies at the end of the 6th turn after the hit
/// (proposed to the judge).
fn dying(state: &mut State, ended: u32) {
    let due: Vec<(u32, String)> = state
        .characters
        .iter()
        .filter(|c| !c.is_dead())
        .filter(|c| {
            c.critical
                .is_some_and(|k| !k.aided && k.dies_after <= ended)
        })
        .map(|c| (c.id, c.name.clone()))
        .collect();
    for (who, name) in due {
        let waiting = state
            .queue
            .iter()
            .any(|w| matches!(w, super::state::Wait::Ask(q) if q.ask == Ask::Dies { who }));
        if !waiting {
            saves::ask_yes_no(
                state,
                Ask::Dies { who },
                format!("{name}: dead?"),
                "left critical without aid for six turns".into(),
                true,
            );
        }
    }
}

/// Rolls the area's wandering table, if the judge has given one.
fn roll_table(
    state: &State,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<Option<(usize, usize)>, RuleError> {
    let Some(t) = state.world.area else {
        crate::rules::said::tell(out, || {
            Event::for_the_judge(
                Mood::Warn,
                "Roll on the area's wandering table (none is set here)",
            )
        });
        return Ok(None);
    };
    let Some(table) = state.world.tables.get(t) else {
        return Ok(None);
    };
    let sides = table.entries.len() as u16;
    let face = dice.roll(sides, &format_args!("the {} table", table.name))?;
    let at = usize::from(face) - 1;
    crate::rules::said::tell(out, || {
        Event::die(
            "The judge",
            format!("d{sides} on the {} table", table.name),
            face,
            table.entries.get(at).map_or("?", String::as_str),
        )
    });
    Ok(Some((t, at)))
}

fn entry(state: &State, table: usize, entry: usize) -> String {
    state
        .world
        .tables
        .get(table)
        .and_then(|t| t.entries.get(entry))
        .cloned()
        .unwrap_or_else(|| "?".into())
}

/// K44, K45, K52: the event die of a turn (or a watch, `wild`).
pub fn event_die(
    state: &mut State,
    wild: bool,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let face = dice.roll(
        6,
        &if wild {
            "the watch's event die"
        } else {
            "the turn's event die"
        },
    )?;
    let what = match face {
        1 => "encounter",
        2 => "clue",
        3 => "exhaustion",
        4 if wild => "weather",
        4 => "locality",
        _ => "free",
    };
    crate::rules::said::tell(out, || Event::die("The judge", "the event die", face, what));
    match face {
        1 => {
            if let Some(clue) = state.world.clue.take() {
                let e = entry(state, clue.table, clue.entry);
                crate::rules::said::tell(out, || {
                    Event::line(
                        Mood::Warn,
                        Line::from(format!("Encounter: {e}, as the clues foretold"))
                            .judge(Line::from("; roll a reaction if unsure")),
                    )
                });
            } else if let Some((t, i)) = roll_table(state, dice, out)? {
                let e = entry(state, t, i);
                crate::rules::said::tell(out, || {
                    Event::line(
                        Mood::Warn,
                        Line::from(format!("Encounter: {e}"))
                            .judge(Line::from("; roll a reaction if unsure")),
                    )
                });
            }
        }
        2 => {
            if let Some(clue) = state.world.clue.as_mut() {
                clue.clues = clue.clues.saturating_add(1);
                let (table, i) = (clue.table, clue.entry);
                let e = entry(state, table, i);
                crate::rules::said::tell(out, || {
                    // What a clue foreshadows is the judge's to know.
                    Event::for_the_judge(Mood::Warn, format!("Another clue of {e}"))
                });
            } else if let Some((table, i)) = roll_table(state, dice, out)? {
                state.world.clue = Some(Clue {
                    table,
                    entry: i,
                    clues: 1,
                });
                let e = entry(state, table, i);
                crate::rules::said::tell(out, || {
                    Event::for_the_judge(
                        Mood::Warn,
                        format!("A clue: foreshadow {e} (stored for the next encounter)"),
                    )
                });
            }
        }
        3 => {
            let tired = state.characters.iter().any(|c| {
                matches!(c.kind, Kind::Pc | Kind::Hireling) && !c.is_dead() && c.encumbered()
            });
            if tired && !wild {
                saves::ask_yes_no(
                    state,
                    Ask::RestTurn,
                    "Exhaustion: the party waits a turn?".into(),
                    "encumbered characters must rest a turn without moving".into(),
                    true,
                );
            } else if tired {
                saves::ask(
                    state,
                    Ask::RestWatch,
                    "Exhaustion: the next watch?".into(),
                    "encumbered travelers spend the next watch without moving".into(),
                    vec!["make camp".into(), "stay idle".into()],
                    0,
                );
            } else {
                crate::rules::said::tell(out, || {
                    Event::said(Mood::Dim, "No one is encumbered: nothing happens")
                });
            }
        }
        4 if wild => super::wild::weather_roll(state, dice, out)?,
        4 => crate::rules::said::tell(out, || {
            Event::line(
                Mood::Warn,
                Line::from("Locality: something in the dungeon changes")
                    .judge(Line::from(" (the judge says what)")),
            )
        }),
        _ => {}
    }
    Ok(())
}

/// K46: a door attempt's verdict.
pub fn door_result(
    state: &mut State,
    who: u32,
    how: DoorTry,
    pass: bool,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let name = state.name_of(who);
    let text = match (how, pass) {
        (DoorTry::Listen, true) => {
            format!("{name} hears what moves behind the door (the undead make no sound)")
        }
        (DoorTry::Listen, false) => format!("{name} hears nothing"),
        (DoorTry::Force | DoorTry::Burst, true) => format!("{name} bursts the door open"),
        (DoorTry::Force, false) => {
            state.world.unsurprisable = true;
            "The door holds; whatever is behind it cannot now be surprised".to_string()
        }
        (DoorTry::Burst, false) => "The door holds".to_string(),
        (DoorTry::Pick, true) => format!("{name} picks the lock"),
        (DoorTry::Pick, false) => "The lock holds".to_string(),
    };
    crate::rules::said::tell(out, || {
        Event::said(if pass { Mood::Good } else { Mood::Bad }, text)
    });
    Ok(())
}

/// K47: a trap set off (a fail springs it) or a disarming attempt (a fail springs it).
pub fn trap(
    state: &mut State,
    who: u32,
    disarm: bool,
    dice: &mut dyn DiceSource,
) -> Result<(), RuleError> {
    let why = if disarm {
        "to disarm a trap"
    } else {
        "against a trap"
    };
    saves::ask_save(state, who, Ability::Dex, why, Then::Trap { disarm }, dice)
}

pub fn trap_result(
    state: &mut State,
    who: u32,
    disarm: bool,
    pass: bool,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let name = state.name_of(who);
    crate::rules::said::tell(out, || match (disarm, pass) {
        (true, true) => Event::said(Mood::Good, format!("{name} disarms the trap")),
        (false, true) => Event::said(Mood::Good, format!("{name} avoids the trap")),
        _ => Event::said(
            Mood::Harm,
            format!("The trap springs on {name}: take its damage from the ability it names"),
        ),
    });
    Ok(())
}

/// K48: a delve starts or ends; ending it uses up the unit that lit it.
pub fn delve(state: &mut State, on: bool, out: &mut Vec<Event>) -> Result<(), RuleError> {
    if state.world.delve == on {
        return Err(RuleError::invalid(if on {
            "a delve is already under way"
        } else {
            "no delve is under way"
        }));
    }
    state.world.delve = on;
    if on {
        crate::rules::said::tell(out, || {
            Event::said(Mood::Plain, "The party enters the dungeon")
        });
        return Ok(());
    }
    for c in &mut state.characters {
        let before = c.units.len();
        c.units.retain(|u| *u != Unit::Delve { lit: true });
        if c.units.len() < before {
            crate::rules::said::tell(out, || {
                Event::said(Mood::Dim, format!("{}'s delve gear is used up", c.name))
            });
        }
    }
    crate::rules::said::tell(out, || {
        Event::said(Mood::Plain, "The party leaves the dungeon")
    });
    Ok(())
}

/// K48: marks a delve unit as the party's light.
pub fn light(
    state: &mut State,
    who: u32,
    unit: usize,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if super::state::World::lit(&state.characters) {
        return Err(RuleError::invalid("a delve unit already lights the way"));
    }
    let c = state.character_mut(who)?;
    match c.units.get_mut(unit) {
        Some(u @ Unit::Delve { .. }) => *u = Unit::Delve { lit: true },
        _ => {
            return Err(RuleError::invalid(format!(
                "{}'s unit {} is not delve gear",
                c.name,
                unit + 1
            )));
        }
    }
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Plain,
            format!("{}'s delve gear lights the way", c.name),
        )
    });
    Ok(())
}

/// The judge's wandering table for an area (K44): replaced when the name is already known.
pub fn table(
    state: &mut State,
    name: &str,
    entries: &[String],
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    use crate::rules::text::{TextKind, checked};
    let name = checked(TextKind::Name, name, "a table needs a name")?;
    if !(2..=100).contains(&entries.len()) {
        return Err(RuleError::invalid("a table has 2 to 100 entries"));
    }
    let entries = entries
        .iter()
        .map(|e| checked(TextKind::Action, e, "an entry needs some words"))
        .collect::<Result<Vec<_>, _>>()?;
    let table = super::state::Table {
        name: name.clone(),
        entries,
    };
    let at = state
        .world
        .tables
        .iter()
        .position(|t| t.name.eq_ignore_ascii_case(&name));
    let index = match at {
        Some(i) => {
            state.world.tables[i] = table;
            i
        }
        None => {
            state.world.tables.push(table);
            state.world.tables.len() - 1
        }
    };
    if state.world.area.is_none() {
        state.world.area = Some(index);
    }
    crate::rules::said::tell(out, || {
        Event::said(
            Mood::Plain,
            format!(
                "The {name} table is ready (d{})",
                state.world.tables[index].entries.len()
            ),
        )
    });
    Ok(())
}
