//! Ruleset `ap`: the action-point Cairn hack (rule file 003) as AP-RULES.md reads it (A1-A50).
//! Its scar and mishap tables are carried as data.
//!
//! - `model`: the sheet; `state`: the fight, the clock and the queue; `command`: commands and
//!   events.
//! - `checks` (A6-A14 and the queue), `points` (A15-A20), `fight` (A21-A25), `harm` (A26-A37),
//!   `magic` (A41-A46), `rest` (A38-A40, A47-A50), `view` (the read models).

pub mod checks;
pub mod command;
pub mod fight;
pub mod harm;
pub mod magic;
pub mod model;
pub mod party;
pub mod points;
pub mod rest;
pub mod state;
mod view;

pub use command::{Action, Against, Cast, Command, Defence, Event, Mood, NewSheet, Span};
pub use model::*;
pub use state::{Ask, Die, Fight, Question, Roll, State, Then, Wait};
pub use view::{Ap, glance, sheet_lines};

use crate::dice::DiceSource;
use crate::rules::line::{Line, Num};
use crate::rules::said::words;
use crate::rules::text::{TextKind, checked};
use crate::rules::{RuleError, Tally};

/// Applies one command (see [`crate::rules::Ruleset::apply`]).
pub fn apply(
    state: &mut State,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let mut out = Vec::new();
    run(state, command, dice, &mut out)?;
    if state.fight.is_some() {
        rest::morale_check(state, dice)?;
    }
    Ok(out)
}

fn said(out: &mut Vec<Event>, mood: Mood, text: String) -> Result<(), RuleError> {
    crate::rules::said::tell(out, || Event::said(mood, text));
    Ok(())
}

/// The judge's ruling in the judge's words, and its plain result for the players' table, both
/// written only when the step's lines are (see [`crate::rules::said::tell`]).
fn ruled(
    out: &mut Vec<Event>,
    mood: Mood,
    words: impl FnOnce() -> (String, Line),
) -> Result<(), RuleError> {
    crate::rules::said::tell(out, || {
        let (said, result) = words();
        Event::line(mood, Line::new().ruling(Line::from(said), result))
    });
    Ok(())
}

fn run(
    state: &mut State,
    command: &Command,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    use Command as C;
    if let Some(front) = state.queue.first()
        && !command.runs_while_waiting()
    {
        return Err(RuleError::invalid(format!(
            "{} is waiting for the judge: answer it first",
            front.title()
        )));
    }
    match command {
        C::Roll { name, kind, group } => {
            use crate::rules::chargen::{fresh, three_d6_in_order};
            let who = fresh(name, state.characters.iter().map(|c| c.name.as_str()))?;
            checked(TextKind::Name, group, "name its group")?;
            // 003 §Hirelings: 3d6 for each attribute, then 1d6 HP.
            let numbers = three_d6_in_order(dice, &who, out)?;
            let sheet = NewSheet::new(&who, *kind, group, numbers);
            run(state, &C::Add(Box::new(sheet)), dice, out)
        }
        C::Add(s) => {
            // A second creature with a taken name is numbered ("Orc 2").
            let name = state.new_name(&s.name, "a creature needs a name")?;
            let group = checked(TextKind::Name, &s.group, "name its group")?;
            if [s.str, s.dex, s.wil, s.hp].iter().any(|&x| x > 30) {
                return Err(RuleError::invalid("attributes and HP run 0-30 (A1, A2)"));
            }
            if s.armor > 3 || s.gear.iter().map(|i| u32::from(i.slots)).sum::<u32>() > 10 {
                return Err(RuleError::invalid(
                    "armor runs 0-3 and the gear must fit in 10 slots (A3, A29)",
                ));
            }
            let id = crate::rules::take_id(&mut state.next_id)?;
            let mut c = Character::new(
                id,
                name.clone(),
                s.kind,
                group.clone(),
                [s.str, s.dex, s.wil],
                s.hp,
            );
            c.armor_bonus = s.armor;
            c.set(Mark::Detachment, s.detachment);
            for it in &s.gear {
                let mut it = it.clone();
                it.name = checked(TextKind::ItemName, &it.name, "an item needs a name")?;
                c.items.push(it);
            }
            state.characters.push(c);
            let scores = [s.str, s.dex, s.wil];
            crate::rules::cairn::came(out, || format!("{name} joins {group}"), id, scores, s.hp);
            Ok(())
        }
        C::Remove { who } => {
            let name = state.character(*who)?.name.clone();
            fight::left(state, *who, out);
            state.characters.retain(|c| c.id != *who);
            said(out, Mood::Plain, words!("{name} leaves the session"))
        }
        C::Set {
            who,
            stat,
            cur,
            max,
        } => harm::set(state, *who, *stat, *cur, *max, out),
        C::Carry { who, item } => {
            let mut item = (**item).clone();
            item.name = checked(TextKind::ItemName, &item.name, "an item needs a name")?;
            if item.slots > 2 || item.armor > 3 || item.die.is_some_and(|d| !(2..=100).contains(&d))
            {
                return Err(RuleError::invalid(
                    "an item fills 0-2 slots, gives 0-3 armor and has a die of 2-100 sides",
                ));
            }
            let c = state.living_mut(*who)?;
            if u32::from(item.slots) > c.free_slots() {
                return Err(RuleError::invalid(format!(
                    "{} has {} and the {} needs {}",
                    c.name,
                    crate::rules::said::counted(c.free_slots(), "free slot", "free slots"),
                    item.name,
                    item.slots
                )));
            }
            let text = format!("{} carries {}", c.name, item.text());
            c.items.push(item);
            said(out, Mood::Plain, text)
        }
        C::Drop { who, item } => {
            let c = state.character_mut(*who)?;
            if *item >= c.items.len() {
                return Err(RuleError::invalid("there is no such item"));
            }
            let it = c.items.remove(*item);
            said(out, Mood::Plain, words!("{} drops the {}", c.name, it.name))
        }
        C::Wear { who, item, on } => {
            let c = state.character_mut(*who)?;
            let name = c.name.clone();
            let Some(it) = c.items.get_mut(*item) else {
                return Err(RuleError::invalid("there is no such item"));
            };
            it.worn = *on;
            let text = format!(
                "{name} {} the {}",
                if *on { "wears" } else { "takes off" },
                it.name
            );
            let armor = c.armor();
            crate::rules::said::tell(out, || {
                Event::line(
                    Mood::Plain,
                    Line::new().plain(text).of(
                        *who,
                        Line::new().plain(": ").number(
                            *who,
                            Num::Armour,
                            crate::rules::said::words!("armor {armor}"),
                        ),
                        "",
                    ),
                )
            });
            Ok(())
        }
        C::Fatigue { who, n } => {
            if *n > 0 {
                rest::add_fatigue(state, *who, *n as u8, out)
            } else {
                let c = state.character_mut(*who)?;
                c.fatigue = c.fatigue.saturating_sub(n.unsigned_abs());
                crate::rules::said::tell(out, || {
                    Event::line(
                        Mood::Mended,
                        Line::new()
                            .plain(crate::rules::said::words!("{} sheds Fatigue", c.name))
                            .of(
                                *who,
                                Line::new().plain(": ").number(
                                    *who,
                                    Num::Score,
                                    crate::rules::said::words!("{} left", c.fatigue),
                                ),
                                "",
                            ),
                    )
                });
                Ok(())
            }
        }
        C::Dust { who, n } => {
            let c = state.character_mut(*who)?;
            let d = (i32::from(c.dust) + i32::from(*n)).clamp(0, 999) as u16;
            c.dust = d;
            crate::rules::said::tell(out, || {
                Event::line(
                    Mood::Plain,
                    Line::new()
                        .plain(crate::rules::said::words!("{}: Mana Dust", c.name))
                        .of(
                            *who,
                            Line::new()
                                .plain(" ")
                                .number(*who, Num::Score, d.to_string()),
                            "",
                        ),
                )
            });
            Ok(())
        }
        C::Slots { who, n } => {
            if *n > 20 {
                return Err(RuleError::invalid("slots run 0-20"));
            }
            let c = state.character_mut(*who)?;
            c.slots = *n;
            ruled(out, Mood::Ruling, || {
                (
                    format!("{} has {n} slots", c.name),
                    Line::edited(*who, &c.name, "slots", Num::Score, n.to_string()),
                )
            })
        }
        C::ApMax { who, n } => {
            if !(1..=20).contains(n) {
                return Err(RuleError::invalid("max AP runs 1-20"));
            }
            let c = state.character_mut(*who)?;
            c.ap_max = *n;
            c.ap = c.ap.min(*n);
            ruled(out, Mood::Ruling, || {
                (
                    format!("{} has {n} max AP", c.name),
                    Line::edited(*who, &c.name, "max AP", Num::Score, n.to_string()),
                )
            })
        }
        C::ArmorBonus { who, n } => {
            if *n > 3 {
                return Err(RuleError::invalid("a granted armor bonus runs 0-3"));
            }
            let c = state.character_mut(*who)?;
            c.armor_bonus = *n;
            ruled(out, Mood::Ruling, || {
                (
                    format!("{} has {n} granted armor: armor {}", c.name, c.armor()),
                    Line::edited(*who, &c.name, "armor", Num::Armour, c.armor().to_string()),
                )
            })
        }
        C::Mark { who, mark, on } => {
            state.character(*who)?;
            if *mark == Mark::Deprived {
                rest::deprive(state, *who, *on);
            }
            let c = state.character_mut(*who)?;
            c.set(*mark, *on);
            match (mark, on) {
                (Mark::Stabilized, true) | (Mark::Dead, _) => c.dies_at = None,
                (Mark::Out, false) => c.dies_at = None,
                _ => {}
            }
            let name = c.name.clone();
            if *on && matches!(mark, Mark::Dead | Mark::Fled) {
                fight::left(state, *who, out);
            }
            let down = *on && matches!(mark, Mark::Dead | Mark::Fled | Mark::Out);
            let word = format!("{}{}", if *on { "" } else { "no longer " }, mark.word());
            crate::rules::said::tell(out, || {
                Event::line(
                    Mood::Ruling,
                    Line::new().ruling(
                        Line::from(crate::rules::said::words!("The judge marks {name} {word}")),
                        Line::from(crate::rules::said::words!("{name}: {word}")),
                    ),
                )
                .counting(down.then(|| Tally::down(&name)))
            });
            Ok(())
        }
        C::Group { who, group } => {
            let group = checked(TextKind::Name, group, "name the group")?;
            let c = state.character_mut(*who)?;
            c.group = group.clone();
            said(out, Mood::Plain, words!("{} is now with {group}", c.name))
        }
        C::Note { who, text } => {
            let text = checked(TextKind::Note, text, "the note is empty")?;
            let c = state.character_mut(*who)?;
            // A note on the sheet is the judge's: the players' table reads nothing of it.
            let said = words!("{}: {text}", c.name);
            c.notes.push(text);
            crate::rules::said::tell(out, || Event::for_the_judge(Mood::Ruling, said));
            Ok(())
        }
        C::Trivial { who, what, pass } => {
            let what = checked(TextKind::Action, what, "say what the action is")?;
            let c = state.living(*who)?;
            let verdict = if *pass { "success" } else { "failure" };
            ruled(out, if *pass { Mood::Good } else { Mood::Bad }, || {
                (
                    format!("{}: {what} is ruled a {verdict} with no dice", c.name),
                    Line::from(format!("{}: {what}: a {verdict}", c.name)),
                )
            })
        }
        C::Check(a) => checks::action(state, a, false, dice, out),
        C::Attack(a) => match &a.against {
            Against::Dc { .. } => Err(RuleError::invalid(
                "an attack names its targets, or one helpless target with a DC",
            )),
            _ => checks::action(state, a, true, dice, out),
        },
        C::Save {
            who,
            attr,
            dc,
            objects,
            edge,
            why,
        } => {
            let why = if why.trim().is_empty() {
                "called by the judge"
            } else {
                crate::rules::text::check(TextKind::Action, why, "")?
            };
            checks::save(
                state,
                *who,
                *attr,
                *dc,
                objects,
                *edge,
                why,
                Then::Nothing,
                dice,
            )
        }
        C::Accept => checks::accept(state, dice, out),
        C::Rule { pass } => checks::rule(state, *pass, out),
        C::Choose { option } => checks::choose(state, *option, dice, out),
        C::Cancel => checks::cancel(state, out),
        C::Spend { who, ap, what } => {
            let what = checked(TextKind::Action, what, "say what the AP buy")?;
            if !state.fighting(*who) {
                return Err(RuleError::invalid("AP are spent in a fight"));
            }
            points::spend(state, *who, (*ap).max(1), &what, out)
        }
        C::Grant { who, ap } => points::grant(state, *who, *ap, out),
        C::Move { who } => points::move_(state, *who, out),
        C::Walk { who, spaces } => points::walk(state, *who, *spaces, out),
        C::Gain { who } => points::gain(state, *who, out),
        C::Hold { who, held } => points::hold(state, *who, held, out),
        C::Fire { who, against } => points::fire(state, *who, against, dice, out),
        C::Fight { who, surprised } => fight::start(state, who, surprised, dice, out),
        C::Join { who, surprised } => fight::join(state, *who, *surprised, dice, out),
        C::Init { who, total } => fight::set_total(state, *who, *total, out),
        C::Next => fight::next(state, dice, out),
        C::EndFight => fight::end(state, dice, out),
        C::Damage {
            who,
            amount,
            armor,
            source,
        } => {
            let source = if source.trim().is_empty() {
                "harm".to_string()
            } else {
                checked(TextKind::Action, source, "")?
            };
            let d = if *armor {
                amount.saturating_sub(state.character(*who)?.armor())
            } else {
                *amount
            };
            let by =
                crate::rules::dealer(&source, state.characters.iter().map(|c| c.name.as_str()));
            harm::harm(state, *who, d, &source, by.as_deref(), dice, out)
        }
        C::Scar { who, entry } => harm::scar(state, *who, *entry, dice, out),
        C::Recovered { who, item } => harm::recovered(state, *who, *item, dice, out),
        C::Healed { who } => {
            let c = state.character_mut(*who)?;
            let n = c.items.iter().filter(|i| i.tumour).count();
            if n == 0 {
                return Err(RuleError::invalid(format!("{} has no tumour", c.name)));
            }
            c.items.retain(|i| !i.tumour);
            // How many is the healed one's own number.
            crate::rules::said::tell(out, || {
                Event::line(
                    Mood::Mended,
                    Line::new()
                        .name(*who, c.name.clone())
                        .plain("'s")
                        // One or many is the healed one's number too: the others read
                        // "tumours are".
                        .of(
                            *who,
                            Line::new()
                                .plain(" ")
                                .number(
                                    *who,
                                    Num::Score,
                                    crate::rules::said::counted(n, "tumour", "tumours"),
                                )
                                .plain(if n == 1 { " is" } else { " are" }),
                            " tumours are",
                        )
                        .plain(" healed away"),
                )
            });
            Ok(())
        }
        C::Cast(k) => magic::cast(state, k, dice, out),
        C::Scroll { who, spell } => magic::scroll(state, *who, spell, out),
        C::Grimoire { who, spells } => magic::grimoire(state, *who, spells, out),
        C::Copy {
            who,
            scroll,
            slot,
            dust,
        } => magic::copy(state, *who, *scroll, *slot, *dust, dice, out),
        C::MakeGrimoire { who, scroll } => magic::make(state, *who, *scroll, dice, out),
        C::Time { n, span } => rest::time(state, *n, *span, dice, out),
        C::Short { who } => rest::short(state, who, dice, out),
        C::Night { who } => rest::night(state, who, dice, out),
        C::Week { who } => rest::week(state, who, dice, out),
        C::Morale { who } => rest::morale(state, *who, dice),
        C::Retreat { who } => rest::retreat(state, *who, dice),
        C::Reaction => rest::reaction(dice, out),
        C::Hireling { name, group } => rest::hireling(state, name, group, dice, out),
    }
}
