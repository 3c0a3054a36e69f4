//! Ruleset `bdp`: *Block, Dodge, Parry* (rule file 001, Lars Huijbregts, CC BY-SA 4.0) as
//! BDP-RULES.md reads it (B1-B53). Its tables (the Die of Fate, the injury d10, hazards, diseases,
//! rests, meals and recipes) are adapted and keep that licence.
//!
//! - `model`: abilities, scores and the sheet's smaller parts; `items`: what fills a slot;
//!   `character`: one sheet; `state`: the turn list, the clock and the queue; `command`: commands
//!   and events.
//! - `saves` (B5-B9 and the queue), `tasks` (B10-B14), `answers` (the judge's answers and what
//!   each verdict leads to), `harm` (B3, B4, B15, B20-B35), `days` (B16-B19, B36-B48, B53),
//!   `fight` (B49-B52), `view` (the read models).

mod answers;
pub mod character;
/// The attribution 001's licence asks for wherever its tables are shown or stored.
pub const CREDIT: &str = "Block, Dodge, Parry © Lars Huijbregts, CC BY-SA 4.0 \
     (https://creativecommons.org/licenses/by-sa/4.0/); its tables are adapted here.";

pub mod command;
mod days;
mod disease;
mod fight;
mod harm;
pub mod items;
pub mod model;
pub mod party;
pub mod saves;
pub mod state;
pub mod tasks;
mod view;

pub use character::Character;
pub use command::{
    Amount, Certainty, Command, Event, Illness, Mood, NewSheet, Recipe, Stat, Target,
};
pub use fight::proposed_order;
pub use harm::{can_kill, propose_target};
pub use items::*;
pub use model::*;
pub use state::{Ask, Fight, Question, Roll, State, Then, Wait};
pub use view::{Bdp, glance};

use crate::dice::DiceSource;
use crate::rules::said::words;
use crate::rules::text::{TextKind, checked};
use crate::rules::{Line, Num, RuleError, Tally};

/// B22: at 0, STR kills and DEX or WIL puts out (lasting while the score is 0). Returns true
/// when the score is 0 (no critical damage save then).
pub(crate) fn zero_check(
    state: &mut State,
    who: u32,
    ability: Ability,
    out: &mut Vec<Event>,
) -> bool {
    let Ok(c) = state.character_mut(who) else {
        return false;
    };
    let zero = c.score(ability).cur == 0;
    if c.dead {
        return zero;
    }
    if zero {
        if ability == Ability::Str {
            c.dead = true;
            // The score that killed is the creature's own number.
            crate::rules::said::tell(out, || {
                Event::line(
                    Mood::Death,
                    Line::new().name(who, c.name.clone()).plain(" is dead").of(
                        who,
                        Line::new().plain(": ").number(who, Num::Score, "STR 0"),
                        "",
                    ),
                )
                .tallied(Tally::down(&c.name))
            });
        } else if c.out.is_none() {
            c.out = Some(Out {
                word: "unconscious".into(),
                ability,
                zero: true,
            });
            crate::rules::said::tell(out, || {
                Event::line(
                    Mood::Bad,
                    Line::new().name(who, c.name.clone()).plain(" is out").of(
                        who,
                        Line::new().plain(": ").number(
                            who,
                            Num::Score,
                            crate::rules::said::words!("{ability} 0"),
                        ),
                        "",
                    ),
                )
                .tallied(Tally::down(&c.name))
            });
        }
    } else if c
        .out
        .as_ref()
        .is_some_and(|o| o.zero && o.ability == ability)
    {
        c.out = None;
        crate::rules::said::tell(out, || {
            Event::said(
                Mood::Mended,
                format!("{} is back: {ability} above 0", c.name),
            )
        });
    }
    zero
}

crate::rules::applying!(run);

fn said(out: &mut Vec<Event>, mood: Mood, text: String) -> Result<(), RuleError> {
    crate::rules::said::tell(out, || Event::said(mood, text));
    Ok(())
}

/// The judge's ruling in the judge's words, and its plain result for the players' table.
fn ruled(out: &mut Vec<Event>, mood: Mood, said: String, result: String) -> Result<(), RuleError> {
    crate::rules::said::tell(out, || {
        Event::line(
            mood,
            Line::new().ruling(Line::from(said), Line::from(result)),
        )
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
    let runs = command.runs_while_waiting();
    crate::rules::queue::answer_first(&state.queue, runs, |r| r.title.clone())?;
    match command {
        C::Roll { name } => {
            use crate::rules::chargen::{fresh, three_d6_in_order};
            let who = fresh(name, state.characters.iter().map(|c| c.name.as_str()))?;
            let [str, dex, wil, hp] = three_d6_in_order(dice, &who, out)?;
            let sheet = NewSheet {
                name: who,
                kind: Kind::Pc,
                str,
                dex,
                wil,
                hp,
                slots: 10,
                items: Vec::new(),
                notes: Vec::new(),
            };
            run(state, &C::Add(Box::new(sheet)), dice, out)
        }
        C::Add(s) => {
            // A second creature with a taken name is numbered ("Orc 2").
            let name = state.new_name(&s.name, "a character needs a name")?;
            if [s.str, s.dex, s.wil].iter().any(|&x| x > 20)
                || s.hp > 99
                || !(1..=20).contains(&s.slots)
            {
                return Err(RuleError::invalid(
                    "abilities are 0-20, HP 0-99 and slots 1-20 (B1, B3)",
                ));
            }
            let mut c = Character::new(
                0,
                name.clone(),
                s.kind,
                [s.str, s.dex, s.wil],
                s.hp,
                s.slots,
            );
            for item in &s.items {
                let mut item = item.clone();
                item.name = checked(TextKind::ItemName, &item.name, "an item needs a name")?;
                let what = item.name.clone();
                if c.stow(item).is_none() {
                    return Err(RuleError::invalid(format!(
                        "{name}'s {} slots cannot hold the {what} as well",
                        s.slots
                    )));
                }
            }
            for note in &s.notes {
                c.notes
                    .push(checked(TextKind::Note, note, "a note is empty")?);
            }
            c.id = crate::rules::take_id(&mut state.next_id)?;
            let id = c.id;
            state.characters.push(c);
            crate::rules::cairn::came(
                out,
                || format!("{name} joins"),
                id,
                [s.str, s.dex, s.wil],
                s.hp,
            );
            Ok(())
        }
        C::Remove { who } => {
            let name = state.character(*who)?.name.clone();
            state.characters.retain(|c| c.id != *who);
            if let Some(f) = state.fight.as_mut() {
                f.order.retain(|x| x != who);
                f.at = f.at.min(f.order.len().saturating_sub(1));
            }
            said(out, Mood::Plain, words!("{name} leaves the session"))
        }
        C::Set {
            who,
            stat,
            cur,
            max,
        } => harm::set(state, *who, *stat, *cur, *max, out),
        C::Tag { who, career, skill } => {
            let skill = checked(TextKind::Name, skill, "name the skill")?;
            let c = state.character_mut(*who)?;
            if *career {
                c.careers.push(skill.clone())
            } else {
                c.backgrounds.push(skill.clone())
            }
            said(
                out,
                Mood::Plain,
                words!(
                    "{}: {} {skill}",
                    c.name,
                    if *career { "career" } else { "background" }
                ),
            )
        }
        C::Carry { who, item } => {
            let mut item = Item::clone(item);
            item.name = checked(TextKind::ItemName, &item.name, "an item needs a name")?;
            let c = state.living_mut(*who)?;
            let n = item.size.max(1);
            let text = item.tagged_text();
            if let Some(h) = item.held {
                c.free_hand(h);
            }
            let Some(at) = c.stow(item) else {
                let room = match n {
                    1 => "empty slot".to_string(),
                    n => format!("{n} empty slots in a row"),
                };
                return Err(RuleError::invalid(format!("{} has no {room}", c.name)));
            };
            said(
                out,
                Mood::Plain,
                words!("{} carries {text} in slot {}", c.name, at + 1),
            )
        }
        C::Drop { who, slot } => {
            let c = state.character_mut(*who)?;
            let item = c
                .take_item(*slot)
                .ok_or_else(|| RuleError::invalid("that slot holds no item"))?;
            said(
                out,
                Mood::Plain,
                words!("{} drops the {}", c.name, item.name),
            )
        }
        C::Hold { who, slot, hand } => {
            let c = state.character_mut(*who)?;
            let name = c.name.clone();
            if let Some(h) = hand {
                c.free_hand(*h);
            }
            let Some(Slot::Item(i)) = c.slots.get_mut(*slot) else {
                return Err(RuleError::invalid("that slot holds no item"));
            };
            i.held = *hand;
            said(out, Mood::Plain, words!("{name}: {}", i.text()))
        }
        C::Break { who, slot } => {
            let c = state.character_mut(*who)?;
            let name = c.name.clone();
            let Some(Slot::Item(i)) = c.slots.get_mut(*slot) else {
                return Err(RuleError::invalid("that slot holds no item"));
            };
            i.broken = true;
            said(out, Mood::Harm, words!("{name}'s {} breaks", i.name))
        }
        C::Note { who, text } => {
            let text = checked(TextKind::Note, text, "the note is empty")?;
            let c = state.character_mut(*who)?;
            c.notes.push(text.clone());
            // A note on the sheet is the judge's: the players' table reads nothing of it.
            crate::rules::said::tell(out, || {
                Event::for_the_judge(Mood::Ruling, format!("{}: {text}", c.name))
            });
            Ok(())
        }
        C::Save {
            who,
            ability,
            edge,
            why,
        } => {
            let why = crate::rules::cairn::called(why)?;
            saves::ask_save(state, *who, *ability, *edge, &why, Then::Nothing, dice)
        }
        C::Ruling {
            who,
            ability,
            pass,
            why,
        } => {
            let c = state.living_mut(*who)?;
            let verdict = if *pass { "pass" } else { "fail" };
            ruled(
                out,
                Mood::Ruling,
                format!(
                    "The judge rules {}'s {ability} save {why} a {verdict} with no roll",
                    c.name
                ),
                format!("{}'s {ability} save {why}: a {verdict}", c.name),
            )
        }
        C::Contest {
            a,
            a_ability,
            a_edge,
            b,
            b_ability,
            b_edge,
            why,
        } => {
            if a == b {
                return Err(RuleError::invalid("a contest needs two parties"));
            }
            saves::contest(
                state,
                (*a, *a_ability, *a_edge),
                (*b, *b_ability, *b_edge),
                why,
                dice,
                out,
            )
        }
        C::Task { who, how, what } => {
            let what = checked(TextKind::Action, what, "say what the task is")?;
            tasks::task(state, *who, *how, &what, dice, out)
        }
        C::Fate { question } => tasks::fate(question, dice, out),
        C::Accept => answers::accept(state, dice, out),
        C::Rule { pass } => answers::rule(state, *pass, out),
        C::Choose { option } => answers::choose(state, *option, dice, out),
        C::Cancel => answers::cancel(state, out),
        C::Edge { adv } => saves::edge(state, *adv, dice, out),
        C::Fatigue { who, reason } => harm::fatigue(state, *who, *reason, out),
        C::Clear { who, slot } => harm::clear(state, *who, *slot, out),
        C::Damage {
            who,
            amount,
            target,
            crit,
            source,
        } => {
            if amount.count == 0 || amount.count > 20 || amount.sides == 0 || amount.sides > 100 {
                return Err(RuleError::invalid(
                    "damage is 1-20 dice of up to 100 sides, or a flat 1-20",
                ));
            }
            harm::damage(state, *who, *amount, *target, *crit, source, dice, out)
        }
        C::Hazard {
            who,
            hazard,
            floors,
            source,
        } => {
            if *floors > 20 {
                return Err(RuleError::invalid("at most 20 floors"));
            }
            fight::hazard(state, *who, *hazard, *floors, source, dice, out)
        }
        C::Wound {
            who,
            kind,
            area,
            level,
        } => {
            let kind = checked(TextKind::ItemName, kind, "name the wound's kind")?;
            harm::place(
                state,
                *who,
                Slot::Wound(Wound {
                    kind,
                    area: *area,
                    level: *level,
                }),
                out,
            )
        }
        C::Care { who, slot } => {
            let c = state.living_mut(*who)?;
            if !matches!(c.slots.get(*slot), Some(Slot::Wound(w)) if w.level == Level::Severe) {
                return Err(RuleError::invalid(
                    "a week's care removes a Severe wound (B34)",
                ));
            }
            state.clock.advance(state::DAYS, 7, &[]);
            harm::clear(state, *who, *slot, out)
        }
        C::Train { who, ability } => {
            let c = state.living_mut(*who)?;
            let i = ability.index();
            if c.untrained[i] == 0 {
                return Err(RuleError::invalid(format!(
                    "{} has no Permanent {ability} point to train back",
                    c.name
                )));
            }
            c.untrained[i] -= 1;
            c.abilities[i].max += 1;
            crate::rules::said::tell(out, || {
                Event::line(
                    Mood::Mended,
                    Line::new()
                        .plain(crate::rules::said::words!("{} trains ", c.name))
                        .of(
                            *who,
                            Line::new().number(
                                *who,
                                Num::Harm,
                                crate::rules::said::words!("1 {ability} max"),
                            ),
                            format!("some {ability} max"),
                        )
                        .plain(" back"),
                )
            });
            Ok(())
        }
        C::Dead { who, on } => {
            let c = state.character_mut(*who)?;
            c.dead = *on;
            let word = if *on { "dead" } else { "alive" };
            let line = Event::line(
                if *on { Mood::Death } else { Mood::Ruling },
                Line::new().ruling(
                    Line::from(crate::rules::said::words!(
                        "The judge rules {} {word}",
                        c.name
                    )),
                    Line::from(crate::rules::said::words!("{} is {word}", c.name)),
                ),
            );
            out.push(line.counting(on.then(|| Tally::down(&c.name))));
            Ok(())
        }
        C::Out { who, word, ability } => {
            let c = state.living_mut(*who)?;
            let name = c.name.clone();
            c.out = word.as_ref().map(|w| Out {
                word: w.clone(),
                ability: *ability,
                zero: false,
            });
            let word_of = word.as_deref().unwrap_or("back in play");
            let line = Event::line(
                Mood::Ruling,
                Line::new().ruling(
                    Line::from(crate::rules::said::words!(
                        "The judge rules {name} {word_of}"
                    )),
                    Line::from(crate::rules::said::words!("{name} is {word_of}")),
                ),
            );
            out.push(line.counting(word.is_some().then(|| Tally::down(&name))));
            Ok(())
        }
        C::Infect { who, illness } => disease::infect(state, *who, *illness, dice, out),
        C::Cure {
            who,
            disease,
            remedy,
        } => {
            let c = state.living_mut(*who)?;
            if *disease >= c.diseases.len() {
                return Err(RuleError::invalid("there is no such disease"));
            }
            let d = c.diseases.remove(*disease);
            said(
                out,
                Mood::Mended,
                words!("{}'s {} is cured ({remedy})", c.name, d.name),
            )
        }
        C::Cared { who, on } => {
            let c = state.living_mut(*who)?;
            c.cared_for = *on;
            said(
                out,
                Mood::Plain,
                words!(
                    "{} is {}rested and cared for",
                    c.name,
                    if *on { "" } else { "no longer " }
                ),
            )
        }
        C::Eat {
            who,
            meal,
            fire,
            pot,
            ration,
        } => {
            if *ration {
                days::eat_ration(state, *who, out)
            } else {
                days::eat(state, *who, *meal, *fire, *pot, dice, out)
            }
        }
        C::Rest { who, rest } => days::set_rest(state, *who, *rest, out),
        C::Breath { who, water, source } => {
            days::breath(state, *who, *water, source.as_deref(), dice, out)
        }
        C::Refill { who, slot } => {
            let c = state.living_mut(*who)?;
            let name = c.name.clone();
            match c.slots.get_mut(*slot) {
                Some(Slot::Item(i)) if i.waterskin.is_some() => {
                    i.waterskin = Some(8);
                    said(
                        out,
                        Mood::Mended,
                        words!("{name} refills the waterskin: d8"),
                    )
                }
                _ => Err(RuleError::invalid("that slot holds no waterskin")),
            }
        }
        C::Brew {
            who,
            recipe,
            ingredients,
        } => days::brew(state, *who, *recipe, ingredients, out),
        C::Use { who, slot, wound } => days::use_item(state, *who, *slot, *wound, out),
        C::Treat { who, slot, herb } => days::treat(state, *who, *slot, *herb, out),
        C::Recover { who, ability } => days::recover(state, *who, *ability, dice, out),
        C::Deprive { who, food, sleep } => {
            let c = state.character_mut(*who)?;
            c.food_deprived = *food;
            c.sleep_deprived = *sleep;
            let word = if *food || *sleep {
                "Deprived"
            } else {
                "not Deprived"
            };
            ruled(
                out,
                Mood::Ruling,
                format!("The judge rules {} {word}", c.name),
                format!("{} is {word}", c.name),
            )
        }
        C::AtDawn { who, on } => {
            let c = state.character_mut(*who)?;
            c.at_dawn = *on;
            said(
                out,
                Mood::Plain,
                words!(
                    "{} {} the dawn",
                    c.name,
                    if *on { "joins" } else { "leaves" }
                ),
            )
        }
        C::Fight { order } => fight::start(state, order.clone(), dice, out),
        C::Order { order } => fight::reorder(state, order.clone(), out),
        C::Next => fight::next(state, dice, out),
        C::EndFight => fight::end(state, out),
        C::Block { who } => fight::tire(state, *who, Reason::Block, out),
        C::Dodge { who } => fight::tire(state, *who, Reason::Dodge, out),
        C::Cast { who } => fight::tire(state, *who, Reason::Spell, out),
        C::Expose { who, hazard, on } => {
            let c = state.character_mut(*who)?;
            c.exposed.retain(|h| h != hazard);
            if *on {
                c.exposed.push(*hazard);
            }
            said(
                out,
                Mood::Warn,
                words!(
                    "{} is {}exposed to {}",
                    c.name,
                    if *on { "" } else { "no longer " },
                    hazard.word()
                ),
            )
        }
        C::Tick { hazard } => fight::tick(state, *hazard, dice, out),
        C::Watch => fight::watch(state, dice, out),
        C::Night => {
            // The dawn breaks as the night ends, so it is named by the clock then: the night
            // that ends on day 2 is the dawn of day 2, and two nights in a row are two dawns.
            let mut ends = state.clock;
            ends.advance(state::WATCH, 1, &[]);
            days::dawn(state, ends, dice, out)?;
            state.clock.advance(state::WATCH, 1, &[]);
            Ok(())
        }
    }
}
