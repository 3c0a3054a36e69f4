//! Ruleset `phase`: the Knave/Cairn-style rules of rule file 002 as PHASE-RULES.md reads them
//! (K1-K53). d20 roll-under saves, counted load, DR capped at 3, weapon dice on a ladder,
//! Early/Middle/Late groups walking five phases, damage overflowing from HP into STR,
//! grievous wounds, morale, spells, dungeon turns and wilderness watches.
//!
//! - `model` and `gear`: the sheet; `state`: the fight, the world and the queue; `command`:
//!   commands and events.
//! - `sheet` (K1-K3, the judge's edits), `saves` (K5, K6, the queue), `load` (K7-K10),
//!   `round` (K12-K14, K29) and `moves` (K13, K16-K18), `damage` (K19-K23, K28, K47) and
//!   `wounds` (K25-K27), `morale` (K30), `rest` (K31-K33), `magic` (K34, K35, K37, K38) and
//!   `spells` (K36, K39-K42), `time` (K43-K48) and `wild` (K49-K53), `view` (the read models).
//!
//! Every die is drawn from the `DiceSource` handed to [`apply`]; a refused command returns
//! an error and the session throws its copy away.

pub mod command;
mod damage;
pub mod gear;
mod load;
mod magic;
pub mod model;
mod morale;
mod moves;
pub mod party;
mod rest;
mod round;
mod saves;
mod sheet;
mod spells;
pub mod state;
mod time;
mod view;
mod wild;
mod wounds;

use crate::dice::DiceSource;
use crate::rules::RuleError;
pub use command::{
    Command, Event, Flag, Mood, NewSheet, Stat, TurnAction, WatchAction, item_text, spell_named,
};
pub use model::*;
pub use spells::dead_for;
pub use state::{
    Ask, Band, Clue, CombatPhase, DoorTry, Fight, Fighter, Question, SaveRoll, State, Table, Tally,
    Then, Wait, World, Wound,
};

/// The ruleset's unit type, as the `rulesets!` list names it.
pub use view::{Phase, sheet_lines, world_lines};

/// Rolls `count` d`sides` through the session's dice: the total, and the faces as a pool for
/// [`rolled`](crate::rules::rolled)'s words.
fn roll_sum(
    dice: &mut dyn DiceSource,
    count: u8,
    sides: u16,
    purpose: &dyn std::fmt::Display,
) -> Result<(u32, crate::rules::rolled::Dice), RuleError> {
    let faces = crate::dice::ladder::Dice::new(count, sides).roll(dice, purpose)?;
    let total = faces.iter().map(|&f| u32::from(f)).sum();
    Ok((total, crate::rules::rolled::Dice::pool("", faces)))
}

// `run`'s `false`: the book's refusals stand unless the judge allows the command (`Allow`).
crate::rules::applying!(|state, command, dice, out| run(state, command, false, dice, out));

fn run(
    state: &mut State,
    command: &Command,
    force: bool,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    use Command as C;
    if let Some(front) = state.queue.first()
        && !command.runs_while_waiting()
        && !matches!(command, C::Allow(inner) if inner.runs_while_waiting())
    {
        let what = match front {
            Wait::Save(s) => format!("{}'s {} save {}", state.name_of(s.who), s.ability, s.why),
            Wait::Ask(q) => q.title.clone(),
        };
        return Err(RuleError::invalid(format!(
            "{what} is waiting for the judge: answer it first"
        )));
    }
    match command {
        C::Roll { name, kind } => sheet::roll(state, name, *kind, dice, out),
        C::Add(s) => sheet::add(state, s, out),
        C::Remove { who } => {
            let name = state.character(*who)?.name.clone();
            state.characters.retain(|c| c.id != *who);
            if let Some(f) = state.fight.as_mut() {
                f.fighters.retain(|x| x.id != *who);
                f.disengage(*who);
                f.free.retain(|&(a, b)| a != *who && b != *who);
            }
            for c in &mut state.characters {
                if c.charged == Some(*who) {
                    c.charged = None;
                }
            }
            crate::rules::said::tell(out, || {
                Event::said(Mood::Plain, format!("{name} leaves the session"))
            });
            Ok(())
        }
        C::Arm { who, weapon } => {
            let weapon = sheet::checked_weapon(weapon)?;
            let c = state.character_mut(*who)?;
            // The die and the tags the sheet shows, so the log and the recap name them too.
            let mut about = vec![format!("d{}", weapon.die)];
            about.extend(weapon.tags().into_iter().map(String::from));
            crate::rules::said::tell(out, || {
                Event::said(
                    Mood::Plain,
                    format!(
                        "{} takes up a {} ({})",
                        c.name,
                        weapon.name,
                        about.join(", ")
                    ),
                )
            });
            c.weapons.push(weapon);
            Ok(())
        }
        C::Unarm { who, weapon } => {
            let c = state.character_mut(*who)?;
            if *weapon >= c.weapons.len() {
                return Err(RuleError::invalid(format!("{} has no such weapon", c.name)));
            }
            let w = c.weapons.remove(*weapon);
            let name = c.name.clone();
            crate::rules::said::tell(out, || {
                Event::said(Mood::Plain, format!("{name} puts down the {}", w.name))
            });
            state
                .world
                .dropped
                .push(format!("{} (from {name})", w.name));
            Ok(())
        }
        C::Wear { who, armor, shield } => {
            let c = state.character_mut(*who)?;
            c.armor = *armor;
            c.shield = *shield;
            out.push(sheet::now_dr(c));
            Ok(())
        }
        C::Learn { who, item } => {
            if !(1..=9).contains(&item.level) {
                return Err(RuleError::invalid("a spell's level is 1 to 9"));
            }
            if let Spell::Other(name) = &item.spell {
                crate::rules::text::checked(
                    crate::rules::text::TextKind::ItemName,
                    name,
                    "a spell needs a name",
                )?;
            }
            let c = state.character_mut(*who)?;
            crate::rules::said::tell(out, || {
                Event::said(
                    Mood::Plain,
                    format!("{} now holds {}", c.name, item_text(item)),
                )
            });
            c.spells.push(SpellItem::clone(item));
            Ok(())
        }
        C::Take { who, unit } => load::take(state, *who, Unit::clone(unit), out),
        C::Drop { who, unit } => {
            // K8: dropping a unit answers an overload question about the same character.
            if let Some(Wait::Ask(q)) = state.queue.first()
                && q.ask == (Ask::Overload { who: *who })
            {
                state.queue.remove(0);
            }
            load::drop_unit(state, *who, *unit, out)
        }
        C::Give { from, unit, to } => load::give(state, *from, *unit, *to, out),
        C::Coins { who, by } => load::coins(state, *who, *by, out),
        C::Buy { who, ware } => sheet::buy(state, *who, *ware, out),
        C::Purchase {
            who,
            name,
            goods,
            price,
        } => sheet::purchase(state, *who, name, goods, *price, out),
        C::Ride { who, vehicle } => {
            let c = state.character_mut(*who)?;
            c.vehicle = *vehicle;
            crate::rules::said::tell(out, || {
                Event::said(
                    Mood::Plain,
                    format!("{}'s allowance is now {}", c.name, c.allowance_in(false)),
                )
            });
            load::check_overload(state, *who, out)
        }
        C::Allowance { who, units } => {
            let c = state.character_mut(*who)?;
            c.allowance = *units;
            crate::rules::said::tell(out, || Event::Ruled {
                what: format!("{}'s body allowance is {}", c.name, c.body_allowance()),
            });
            load::check_overload(state, *who, out)
        }
        C::Fatigue { who, by } => load::fatigue(state, *who, *by, out),
        C::Pay { who } => {
            let c = state.character_mut(*who)?;
            if c.wage_owed == 0 {
                return Err(RuleError::invalid(format!("{} is owed nothing", c.name)));
            }
            crate::rules::said::tell(out, || {
                Event::said(
                    Mood::Plain,
                    format!("{} is paid {} coins", c.name, c.wage_owed),
                )
            });
            c.wage_owed = 0;
            Ok(())
        }
        C::Save {
            who,
            ability,
            edge,
            why,
        } => {
            let why = crate::rules::cairn::called(why)?;
            let s = saves::roll(state, *who, *ability, *edge, &why, Then::Nothing, dice)?;
            state.queue.push(Wait::Save(Box::new(s)));
            Ok(())
        }
        C::React { to } => sheet::react(state, to, dice, out),
        C::Accept => saves::accept(state, dice, out),
        C::Rule { pass } => saves::rule(state, *pass, out),
        C::Choose { option } => saves::choose(state, *option, dice, out),
        C::Cancel => saves::cancel(state, out),
        C::Fight {
            who,
            surprised,
            paced,
        } => round::start(state, who, *surprised, *paced, force, dice, out),
        C::Next => round::next(state, force, dice, out),
        C::Place { who, band } => round::place(state, *who, *band, out),
        C::Join { who } => round::join(state, *who, dice, out),
        C::Engage { a, b, on } => round::engage(state, *a, *b, *on, out),
        C::Move { who, to } => moves::move_to(state, *who, *to, force, out),
        C::Withdraw { who, full } => moves::ask_withdraw(state, *who, *full, force, out),
        C::Attack {
            by,
            target,
            weapon,
            thrown,
            maneuver,
            steps,
        } => damage::attack(
            state,
            *by,
            *target,
            *weapon,
            *thrown,
            maneuver.as_deref().map(String::as_str),
            *steps,
            force,
            dice,
            out,
        ),
        C::Blast {
            by,
            weapon,
            targets,
        } => damage::blast(state, *by, *weapon, targets, force, dice, out),
        C::BlastCount { by, weapon } => damage::blast_count(state, *by, *weapon, dice, out),
        C::Act { who, what } => moves::act(state, *who, what, force, out),
        C::Aid { who, target } => moves::aid(state, *who, *target, force, out),
        C::Flee { who } => moves::flee(state, *who, force, dice),
        C::Distract { who, pursuers } => moves::distract(state, *who, pursuers, out),
        C::EndFight => round::end(state, dice, out),
        C::Allow(inner) => {
            if matches!(**inner, C::Allow(_)) {
                return Err(RuleError::invalid("allow one command at a time"));
            }
            crate::rules::said::tell(out, || Event::Ruled {
                what: "the judge allows what the book would refuse".into(),
            });
            run(state, inner, true, dice, out)
        }
        C::Harm { who, amount } => damage::take(state, *who, *amount, None, "", dice, out),
        C::Drain {
            who,
            ability,
            amount,
        } => damage::drain(state, *who, *ability, *amount, out),
        C::Heal { who, amount } => damage::heal(state, *who, *amount, out),
        C::ShortRest { who } => rest::short(state, who, force, dice, out),
        C::LongRest { who } => rest::long(state, who, dice, out),
        C::FullRest { who } => rest::full(state, who, out),
        C::Cast {
            who,
            item,
            targets,
            enhance,
            danger,
        } => magic::cast(
            state, *who, *item, targets, *enhance, *danger, force, dice, out,
        ),
        C::Land { who } => magic::land(state, *who, force, dice, out),
        C::Counter {
            who,
            item,
            against,
            shield,
        } => magic::counter(state, *who, *item, *against, shield, force, out),
        C::Augury { who, blood } => magic::augury(state, *who, *blood, dice, out),
        C::Turn { action } => time::turn(state, action, dice, out),
        C::Noise => {
            crate::rules::said::tell(out, || {
                Event::said(Mood::Warn, "Excessive noise: one more event die")
            });
            time::event_die(state, !state.world.delve, dice, out)
        }
        C::Trap { who, disarm } => time::trap(state, *who, *disarm, dice),
        C::Delve { on } => time::delve(state, *on, out),
        C::Light { who, unit } => time::light(state, *who, *unit, out),
        C::Table { name, entries } => time::table(state, name, entries, out),
        C::Area { table } => {
            let t = state
                .world
                .tables
                .get(*table)
                .ok_or_else(|| RuleError::invalid("there is no such table"))?;
            crate::rules::said::tell(out, || {
                Event::said(
                    Mood::Plain,
                    format!("The party's area rolls on the {} table", t.name),
                )
            });
            state.world.area = Some(*table);
            Ok(())
        }
        C::Watch { action, who } => wild::watch(state, *action, who, force, dice, out),
        C::Season { season } => {
            state.world.season = *season;
            crate::rules::said::tell(out, || {
                Event::said(Mood::Plain, format!("It is {}", season.word()))
            });
            Ok(())
        }
        C::Weather { step } => {
            if !(1..=5).contains(step) {
                return Err(RuleError::invalid("the weather's step is 1 to 5"));
            }
            state.world.weather = *step;
            crate::rules::said::tell(out, || Event::Ruled {
                what: format!("the weather is {}", state.world.weather_word()),
            });
            Ok(())
        }
        C::WeatherName { step, name } => {
            let name = crate::rules::text::checked(
                crate::rules::text::TextKind::Name,
                name,
                "a weather step needs a name",
            )?;
            let slot = state
                .world
                .weather_names
                .get_mut(usize::from(step.saturating_sub(1)))
                .filter(|_| *step >= 1)
                .ok_or_else(|| RuleError::invalid("the weather's step is 1 to 5"))?;
            *slot = name.clone();
            crate::rules::said::tell(out, || {
                Event::said(Mood::Plain, format!("Weather step {step} is called {name}"))
            });
            Ok(())
        }
        C::Set {
            who,
            stat,
            cur,
            max,
        } => sheet::set(state, *who, *stat, *cur, *max, out),
        C::Flag { who, flag, on } => sheet::flag(state, *who, *flag, *on, out),
        C::Mark { who, kind, turns } => {
            sheet::mark(state, *who, MarkKind::clone(kind), *turns, out)
        }
        C::Unmark { who, mark } => sheet::unmark(state, *who, *mark, out),
        C::Injure { who, wound, hand } => sheet::injure(state, *who, *wound, *hand, out),
        C::Mend { who } => sheet::mend(state, *who, out),
        C::Reaction { who, reaction } => {
            let c = state.character_mut(*who)?;
            c.reaction = *reaction;
            crate::rules::said::tell(out, || Event::Ruled {
                what: format!(
                    "{} is {}",
                    c.name,
                    reaction.map_or("of unknown disposition", Reaction::word)
                ),
            });
            Ok(())
        }
        C::Restock { who, weapon } => {
            let c = state.character_mut(*who)?;
            let name = c.name.clone();
            let w = c
                .weapons
                .get_mut(*weapon)
                .ok_or_else(|| RuleError::invalid(format!("{name} has no such weapon")))?;
            if !w.out_of_ammo {
                return Err(RuleError::invalid(format!(
                    "{name}'s {} has ammunition",
                    w.name
                )));
            }
            w.out_of_ammo = false;
            crate::rules::said::tell(out, || Event::Ruled {
                what: format!("{name}'s {} is restocked", w.name),
            });
            Ok(())
        }
        C::ForgetClue => {
            if state.world.clue.take().is_none() {
                return Err(RuleError::invalid("no clue is stored"));
            }
            crate::rules::said::tell(out, || Event::Ruled {
                what: "the stored clue is forgotten".into(),
            });
            Ok(())
        }
        C::Group { who, group } => {
            let group = group
                .as_deref()
                .map(|g| {
                    crate::rules::text::checked(
                        crate::rules::text::TextKind::Name,
                        g,
                        "a group needs a name",
                    )
                })
                .transpose()?;
            let c = state.character_mut(*who)?;
            c.group = group.clone();
            crate::rules::said::tell(out, || Event::Ruled {
                what: format!(
                    "{} is {}",
                    c.name,
                    group.map_or("in no group".to_string(), |g| format!("in group {g}"))
                ),
            });
            Ok(())
        }
    }
}
