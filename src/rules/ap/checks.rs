//! Actions, saves and contests (A6-A14, A26-A28): d20 + the attribute's current score + a flat
//! modifier + the kept face of each object die, every die with its own uncapped edge, against a
//! DC or each target's save with the tie policy as data; and the queue of what waits for the
//! judge with its answers.

use super::command::{Action, Against, Defence, Event, Mood};
use super::model::{Attr, Mark, ObjDie};
use super::state::{
    Ask, Die, How, Question, Reason, Role, Roll, Spent, State, Then, Title, Wait, natural_line,
};
use super::{fight, harm, points, rest};
use crate::dice::DiceSource;
use crate::dice::keep::{Keep, Ties, keep, meets};
use crate::rules::RuleError;
use crate::rules::cairn::{self, nothing_waits};
use crate::rules::line::{Line, Num};
use crate::rules::rolled::{self, Dice, Rolled as Words, Term, Why};
use crate::rules::text::{Spelt, TextKind, checked};

/// A9, A33: the DC a save faces by default (the stated average) and the critical damage DC.
pub const DC: u8 = 20;
pub const CRIT_DC: u8 = 15;

/// A9: a save of `who`'s `attr` against the default DC, with no object dice and no edge of its
/// own, as a mishap, morale and a retreat ask for.
pub fn save_dc(
    state: &mut State,
    who: u32,
    attr: Attr,
    why: &str,
    then: Then,
    dice: &mut dyn DiceSource,
) -> Result<(), RuleError> {
    save(state, who, attr, DC, &[], 0, why, then, dice)
}

/// A roll's dice and total (A7, A12).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rolled {
    pub dice: Vec<Die>,
    pub total: i32,
}

impl Rolled {
    /// A11: the kept face of the base d20.
    pub fn natural(&self) -> u16 {
        self.dice.first().map_or(0, Die::face)
    }

    /// A26, A27: the damage face: the tagged object die's kept face, or the higher of two
    /// weapons; None when no object die rolled (unarmed).
    pub fn damage_face(&self, damage: usize, two: bool) -> Option<u16> {
        let objects = &self.dice[1..];
        if two && objects.len() >= 2 {
            return Some(objects[0].face().max(objects[1].face()));
        }
        objects.get(damage).or(objects.first()).map(Die::face)
    }

    /// A11: why an action's IR passed or failed against `value` (a DC, or the other side's TR:
    /// `against` names which), as the roll's words give it.
    fn reason(&self, against: &'static str, value: i32) -> Spelt<Reason> {
        Spelt::Facts(Reason {
            roll: "IR",
            total: self.total,
            against,
            value,
            natural: self.natural(),
        })
    }

    fn faces(&self) -> String {
        self.dice
            .iter()
            .map(|d| {
                let kept = d.face();
                let die = format!("d{}", d.sides);
                let role = d.role.text();
                let name = if role == die {
                    die
                } else {
                    format!("{role} {die}")
                };
                let mut s = if d.faces.len() > 1 {
                    format!("{name} {:?} kept {kept}", d.faces)
                } else {
                    format!("{name} {kept}")
                };
                if !d.counted {
                    s.push_str(" (not counted)");
                }
                s
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// A7, A13, A14, A19, A27: rolls for `who`. The base die's net edge is `edge` plus the whole
/// advantage bank (used up) plus a fired held defence's preset; each object die carries its own.
/// With `two`, only the higher of the first two object dice counts.
#[allow(clippy::too_many_arguments)]
pub fn roll(
    state: &mut State,
    who: u32,
    attr: Attr,
    flat: i8,
    objects: &[ObjDie],
    edge: i8,
    two: bool,
    purpose: &dyn std::fmt::Display,
    dice: &mut dyn DiceSource,
) -> Result<Rolled, RuleError> {
    let c = state.living_mut(who)?;
    let net = i32::from(edge) + i32::from(c.bank) + i32::from(c.preset.unwrap_or(0));
    c.bank = 0;
    c.bank_old = false;
    c.preset = None;
    let score = i32::from(c.attr(attr).cur);
    let base = keep(dice, 20, net, None, Keep::Highest, purpose)?;
    let mut out = vec![Die {
        role: Spelt::Facts(Role::BASE),
        sides: 20,
        faces: base.faces,
        kept: base.kept,
        counted: true,
    }];
    for o in objects {
        crate::rules::text::check(
            TextKind::ItemName,
            &o.item,
            "an object die needs its item's name",
        )?;
        if !(2..=100).contains(&o.sides) {
            return Err(RuleError::invalid(format!(
                "the {}'s die must have 2-100 sides",
                o.item
            )));
        }
        let k = keep(
            dice,
            o.sides,
            i32::from(o.edge),
            None,
            Keep::Highest,
            purpose,
        )?;
        out.push(Die {
            role: Spelt::Facts(Role {
                owner: None,
                item: Some(o.item.clone()),
            }),
            sides: o.sides,
            faces: k.faces,
            kept: k.kept,
            counted: true,
        });
    }
    if two && out.len() >= 3 {
        let lower = if out[1].face() >= out[2].face() { 2 } else { 1 };
        out[lower].counted = false;
    }
    let dice_total: i32 = out
        .iter()
        .filter(|d| d.counted)
        .map(|d| i32::from(d.face()))
        .sum();
    Ok(Rolled {
        total: dice_total + score + i32::from(flat),
        dice: out,
    })
}

/// A7, A13, A27: `who`'s dice, what was added and the total, in words: each die with its faces,
/// the kept one and why, a weapon not counted.
fn words(who: u32, dice: &[Die], adds: &[(String, i32)], total: i32) -> Words {
    let mut w = Words::new(Some(who));
    for d in dice {
        let die = format!("d{}", d.sides);
        let role = d.role.text();
        let label = if role == die {
            die
        } else {
            format!("{role} {die}")
        };
        let kept = d.face();
        // A13: advantage keeps the highest face, disadvantage the lowest.
        let why = if d.faces.iter().all(|&f| f <= kept) {
            Why::Advantage
        } else {
            Why::Disadvantage
        };
        let mut one = Dice {
            label,
            faces: d.faces.clone(),
            keep: if d.faces.len() > 1 {
                rolled::Keep::One(d.kept, why)
            } else {
                rolled::Keep::All
            },
        };
        if !d.counted {
            // A27: of two weapons only the higher die counts.
            one = one.dropped(Why::Rules("the lower of two weapons".into()));
        }
        w = w.dice(one);
    }
    for (label, value) in adds {
        w = w.plus(Term::of(who, label.clone(), *value));
    }
    w.total(total)
}

/// A settled roll in words: the roller's dice, what was added, the DC or the other side's TR,
/// the book's verdict and the judge's ruling when it differs (A7-A10).
pub fn roll_words(state: &State, r: &Roll) -> Words {
    let own = r.own.unwrap_or(r.dice.len()).min(r.dice.len());
    let against = match r.foe {
        Some(foe) => Term {
            label: Line::new().name(foe, state.name_of(foe)).plain("'s TR"),
            value: r.against,
            owner: Some(foe),
        },
        None => Term::open("DC", r.against),
    };
    let word = |pass: bool| if pass { "a success" } else { "a failure" };
    words(r.who, &r.dice[..own], &r.adds, r.total)
        .against(against)
        .verdict(word(r.pass))
        .ruled(r.ruled.map(word))
}

/// What an action's title says it is ("attacks").
fn title_what(title: &Title) -> &str {
    match title {
        Title::Act { what, .. } => what,
        Title::Save { why, .. } => why,
    }
}

/// A14: the edges the product adds to an attack's base die by itself.
pub fn auto_edge(state: &State, who: u32, target: Option<u32>, blast: bool) -> i8 {
    let (Ok(a), Some(Ok(t))) = (state.character(who), target.map(|t| state.character(t))) else {
        return 0;
    };
    let mut e = 0;
    let (ad, td) = (a.has(Mark::Detachment), t.has(Mark::Detachment));
    if td && !ad && !blast {
        e -= 1;
    }
    if ad && !td {
        e += 1;
    }
    if t.has(Mark::Elemental) {
        e -= 1;
    }
    e
}

/// A6-A10: an action against a DC or the targets' saves; one waiting roll per pairing.
pub fn action(
    state: &mut State,
    a: &Action,
    attack: bool,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    state.living(a.who)?;
    if let Against::Saves(targets) = &a.against {
        if targets.is_empty() {
            return Err(RuleError::invalid("name at least one target"));
        }
        for t in targets {
            if t.who == a.who {
                return Err(RuleError::invalid("a creature does not contest itself"));
            }
            state.living(t.who)?;
        }
    }
    let blast = a.blast || state.character(a.who)?.has(Mark::Detachment);
    let first = match &a.against {
        Against::Saves(t) => t.first().map(|d| d.who),
        Against::Dc { .. } => None,
        Against::Helpless { target, .. } => Some(*target),
    };
    let auto = if attack {
        auto_edge(state, a.who, first, blast)
    } else {
        0
    };
    let what: std::borrow::Cow<'static, str> = if a.what.trim().is_empty() {
        if attack { "attacks" } else { "acts" }.into()
    } else {
        checked(TextKind::Action, &a.what, "")?.into()
    };
    let before = state.living(a.who)?;
    let (ap, bank, bank_old, preset) = (before.ap, before.bank, before.bank_old, before.preset);
    let queued = state.queue.len();
    points::spend(state, a.who, a.cost, &what, out)?;
    let title = Title::Act {
        name: state.character(a.who)?.name.clone(),
        what,
        against: None,
    };
    let ir = roll(
        state,
        a.who,
        a.attr,
        a.flat,
        &a.objects,
        a.edge.saturating_add(auto),
        a.two,
        &title,
        dice,
    )?;
    let nat = ir.natural();
    let mut adds = vec![(
        a.attr.word().to_string(),
        i32::from(state.character(a.who)?.attr(a.attr).cur),
    )];
    if a.flat != 0 {
        adds.push((String::new(), i32::from(a.flat)));
    }
    crate::rules::said::tell(out, || {
        let mut line = Line::new()
            .name(a.who, state.name_of(a.who))
            .plain(format!(": {}: IR ", title_what(&title)));
        line.0
            .extend(words(a.who, &ir.dice, &adds, ir.total).line().0);
        line.0.extend(natural_line(nat).0);
        Event::line(Mood::Plain, line)
    });
    let face = attack.then(|| ir.damage_face(a.damage, a.two)).flatten();
    match &a.against {
        Against::Dc { .. } | Against::Helpless { .. } => {
            let (dc, hidden, then) = match &a.against {
                Against::Helpless { target, dc } => {
                    state.living(*target)?;
                    (
                        dc,
                        &false,
                        Then::Hit {
                            target: *target,
                            face,
                        },
                    )
                }
                Against::Dc { dc, hidden } => (dc, hidden, Then::Nothing),
                Against::Saves(_) => return Err(RuleError::invalid("a contest needs saves")),
            };
            let pass = meets(ir.total, i32::from(*dc), Ties::Meet);
            state.queue.push(Wait::Roll(Box::new(Roll {
                who: a.who,
                title: Spelt::Facts(title.clone()),
                how: Spelt::Facts(How::Dc {
                    attr: a.attr,
                    total: ir.total,
                    dc: *dc,
                    hidden: *hidden,
                }),
                total: ir.total,
                against: i32::from(*dc),
                ties: Ties::Meet,
                pass,
                ruled: None,
                spent: None,
                reason: ir.reason("DC", i32::from(*dc)),
                dice: ir.dice,
                then,
                adds,
                foe: None,
                own: None,
            })));
        }
        Against::Saves(targets) => {
            for t in targets {
                contest_pairing(state, a.who, &title, &ir, &adds, t, attack, face, dice, out)?;
            }
        }
    }
    let spent = Spent {
        ap: ap.saturating_sub(state.living(a.who)?.ap),
        bank,
        bank_old,
        preset,
    };
    for w in state.queue.iter_mut().skip(queued) {
        if let Wait::Roll(r) = w
            && r.who == a.who
        {
            r.spent = Some(spent);
        }
    }
    Ok(())
}

/// Forgets what the rolls still waiting for `who` would give back: once one of an action's
/// rolls is settled, the action happened.
fn keep_spent(state: &mut State, who: u32) {
    for w in &mut state.queue {
        if let Wait::Roll(r) = w
            && r.who == who
        {
            r.spent = None;
        }
    }
}

/// A9, A10: one pairing of an IR against a target's save (TR): the initiator wins ties.
#[allow(clippy::too_many_arguments)]
fn contest_pairing(
    state: &mut State,
    who: u32,
    title: &Title,
    ir: &Rolled,
    adds: &[(String, i32)],
    t: &Defence,
    attack: bool,
    face: Option<u16>,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let tname = state.name_of(t.who);
    let purpose = format_args!("{tname}'s {} save against {title}", t.attr);
    let tr = roll(
        state, t.who, t.attr, 0, &t.objects, t.edge, false, &purpose, dice,
    )?;
    let score = state.character(t.who)?.attr(t.attr).cur;
    crate::rules::said::tell(out, || {
        Event::line(
            Mood::Plain,
            Line::new()
                .name(t.who, tname.clone())
                .plain(crate::rules::said::words!(" saves with {}", t.attr))
                .of(
                    t.who,
                    Line::new()
                        .plain(": TR ")
                        .number(t.who, Num::Total, tr.total.to_string())
                        .plain(" = ")
                        .number(t.who, Num::Faces, tr.faces())
                        .plain(crate::rules::said::words!(" + {} ", t.attr))
                        .number(t.who, Num::Score, score.to_string())
                        .then(natural_line(tr.natural())),
                    "",
                ),
        )
    });
    let pass = meets(ir.total, tr.total, Ties::Meet);
    let own = ir.dice.len();
    let mut all = Vec::with_capacity(own + tr.dice.len());
    all.extend_from_slice(&ir.dice);
    all.extend(tr.dice.into_iter().map(|d| Die {
        role: match d.role {
            Spelt::Facts(r) => Spelt::Facts(Role {
                owner: Some(tname.clone()),
                ..r
            }),
            read => Spelt::Read(format!("{tname}: {read}")),
        },
        ..d
    }));
    let mut title = title.clone();
    if let Title::Act { against, .. } = &mut title {
        *against = Some(tname.clone());
    }
    state.queue.push(Wait::Roll(Box::new(Roll {
        who,
        title: Spelt::Facts(title),
        how: Spelt::Facts(How::Contest {
            total: ir.total,
            foe: tname,
            tr: tr.total,
        }),
        dice: all,
        total: ir.total,
        against: tr.total,
        ties: Ties::Meet,
        pass,
        ruled: None,
        spent: None,
        reason: ir.reason("TR", tr.total),
        then: if attack {
            Then::Hit {
                target: t.who,
                face,
            }
        } else {
            Then::Nothing
        },
        adds: adds.to_vec(),
        foe: Some(t.who),
        own: Some(own),
    })));
    Ok(())
}

/// A8, A9: a save against a DC: TR must beat it.
#[allow(clippy::too_many_arguments)]
pub fn save(
    state: &mut State,
    who: u32,
    attr: Attr,
    dc: u8,
    objects: &[ObjDie],
    edge: i8,
    why: &str,
    then: Then,
    dice: &mut dyn DiceSource,
) -> Result<(), RuleError> {
    let title = Title::Save {
        name: state.living(who)?.name.clone(),
        attr,
        why: why.to_string(),
    };
    let tr = roll(state, who, attr, 0, objects, edge, false, &title, dice)?;
    let pass = meets(tr.total, i32::from(dc), Ties::Beat);
    let nat = tr.natural();
    let score = state.character(who)?.attr(attr).cur;
    state.queue.push(Wait::Roll(Box::new(Roll {
        who,
        title: Spelt::Facts(title),
        how: Spelt::Facts(How::Save {
            attr,
            score,
            total: tr.total,
            dc,
        }),
        total: tr.total,
        against: i32::from(dc),
        ties: Ties::Beat,
        pass,
        ruled: None,
        spent: None,
        reason: Spelt::Facts(Reason {
            roll: "TR",
            total: tr.total,
            against: "DC",
            value: i32::from(dc),
            natural: nat,
        }),
        dice: tr.dice,
        then,
        adds: vec![(attr.word().to_string(), i32::from(score))],
        foe: None,
        own: None,
    })));
    Ok(())
}

cairn::asking!(Option<usize>);

/// 003 calls what waits a roll, and counts the answers from 1.
const WORDS: cairn::Words = cairn::Words {
    roll: "roll",
    past_the_last: |n| format!("choose one of 1-{n}"),
};

cairn::waiting!(Wait, Roll => Box<Roll>, Ask => Box<super::state::Question>, |q| q.proposed);

/// Runs `f`, then moves whatever it queued to the front: the consequences of an answer (a
/// critical save, a scar) come before the rest of what waited.
fn first<F>(state: &mut State, f: F) -> Result<(), RuleError>
where
    F: FnOnce(&mut State) -> Result<(), RuleError>,
{
    let before = state.queue.len();
    f(state)?;
    let new: Vec<Wait> = state.queue.drain(before..).collect();
    state.queue.splice(0..0, new);
    Ok(())
}

pub fn accept(
    state: &mut State,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    match cairn::accept(&mut state.queue)? {
        cairn::Accepted::Settle(r) => first(state, |s| settle(s, *r, dice, out)),
        cairn::Accepted::Choose(option) => choose(state, option, dice, out),
    }
}

cairn::ruling!("success", "failure");

pub fn cancel(state: &mut State, out: &mut Vec<Event>) -> Result<(), RuleError> {
    if state.queue.is_empty() {
        return Err(nothing_waits());
    }
    let w = state.queue.remove(0);
    // What the judge drops never happened at the table: the players read nothing of it.
    crate::rules::said::tell(out, || {
        Event::line(
            Mood::Ruling,
            Line::new().ruling(
                Line::from(crate::rules::said::words!("Dropped: {}", w.title())),
                Line::new(),
            ),
        )
    });
    // A16, A19: a dropped action costs nothing: its AP and bank come back.
    if let Wait::Roll(r) = &w
        && let Some(s) = r.spent
    {
        keep_spent(state, r.who);
        if let Ok(c) = state.character_mut(r.who) {
            c.ap = c.ap.saturating_add(s.ap);
            c.bank = c.bank.saturating_add(s.bank);
            c.bank_old = c.bank_old || s.bank_old;
            if c.preset.is_none() {
                c.preset = s.preset;
            }
            if s.ap > 0 || s.bank > 0 {
                let name = c.name.clone();
                let ap = c.ap;
                crate::rules::said::tell(out, || {
                    Event::line(
                        Mood::Plain,
                        Line::new()
                            .plain(crate::rules::said::words!(
                                "{name} takes back what the action spent"
                            ))
                            .of(
                                r.who,
                                Line::new().plain(": ").number(
                                    r.who,
                                    Num::Score,
                                    crate::rules::said::words!("{ap} AP"),
                                ),
                                "",
                            ),
                    )
                });
            }
        }
    }
    Ok(())
}

fn settle(
    state: &mut State,
    r: Roll,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    keep_spent(state, r.who);
    let pass = r.verdict();
    // The roll's words are written only for its line: a quiet step reads none of them.
    crate::rules::said::tell(out, || {
        let w = roll_words(state, &r);
        let mut line = Line::titled(r.who, state.name_of(r.who), &r.title.text()).plain(": ");
        line.0.extend(w.line().0);
        Event::line(Mood::of_check(w.ruled.is_some(), pass), line)
    });
    match r.then {
        Then::Nothing => Ok(()),
        Then::Hit { target, face } => {
            if !pass {
                return Ok(());
            }
            // A weapon's face is in the attack's line; an unarmed hit's die is rolled now.
            let (face, die) = match face {
                Some(f) => (f, ""),
                None => (dice.roll(4, &"an unarmed hit")?, "unarmed d4 "),
            };
            let armor = state.character(target)?.armor();
            let d = face.saturating_sub(u16::from(armor)).min(255) as u8;
            crate::rules::said::tell(out, || {
                Event::line(
                    Mood::Harm,
                    Line::new()
                        .plain(crate::rules::said::words!("damage {die}{face}"))
                        .of(
                            target,
                            Line::new()
                                .plain(" less armor ")
                                .number(target, Num::Armour, armor.to_string())
                                .plain(": ")
                                .number(target, Num::Harm, d.to_string()),
                            "",
                        )
                        .plain(" to ")
                        .name(target, state.name_of(target)),
                )
            });
            // Who dealt it is counted only in the step's lines.
            let by = (!crate::rules::said::is_quiet()).then(|| state.name_of(r.who));
            harm::harm(state, target, d, &r.title, by.as_deref(), dice, out)
        }
        Then::Crit { doomed } => harm::crit_settled(state, r.who, pass, doomed, dice, out),
        Then::ScarSave { sides } => {
            if pass {
                let n = dice.roll(sides, &"a scar's WIL gain")?;
                let c = state.character_mut(r.who)?;
                let s = c.attr_mut(Attr::Wil);
                s.set_max(s.max.saturating_add(n as u8).min(30));
                crate::rules::said::tell(out, || {
                    Event::line(
                        Mood::Mended,
                        Line::new()
                            .plain(crate::rules::said::words!("{}'s max WIL rises", c.name))
                            .of(
                                r.who,
                                Line::new()
                                    .plain(" by ")
                                    .number(r.who, Num::Harm, n.to_string()),
                                "",
                            ),
                    )
                });
            }
            Ok(())
        }
        Then::Morale { group } => {
            if !pass {
                ask(
                    state,
                    Ask::Flee {
                        group: group.clone(),
                    },
                    format!("{group} breaks?"),
                    "the morale save failed: fleeing is proposed".into(),
                    vec!["they flee".into(), "they stand".into()],
                    Some(0),
                );
            }
            Ok(())
        }
        Then::Retreat => {
            if pass {
                let c = state.character_mut(r.who)?;
                c.set(Mark::Fled, true);
                crate::rules::said::tell(out, || {
                    Event::said(Mood::Warn, format!("{} gets away", c.name))
                        .tallied(crate::rules::Tally::down(&c.name))
                });
                fight::left(state, r.who, out);
            }
            Ok(())
        }
    }
}

pub fn choose(
    state: &mut State,
    option: usize,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let q = cairn::take_answer(&mut state.queue, option, &WORDS)?;
    crate::rules::said::tell(out, || {
        Event::said(Mood::Ruling, format!("{}: {}", q.title, q.options[option]))
    });
    first(state, |state| match q.ask {
        Ask::NpcCrit { who } => harm::npc_crit(state, who, &q.options[option], out),
        Ask::Scar { who, entry } => {
            if option == 0 {
                harm::scar(state, who, entry, dice, out)
            } else {
                Ok(())
            }
        }
        Ask::Drop { who, left } => rest::drop_for_fatigue(state, who, option, left, out),
        Ask::Flee { group } => {
            if option == 0 {
                fight::flee(state, &group, out);
            }
            Ok(())
        }
        Ask::Skip { who } => {
            if option == 0 && state.fight.as_ref().is_some_and(|f| f.acting == Some(who)) {
                fight::next(state, dice, out)
            } else {
                Ok(())
            }
        }
    })
}
