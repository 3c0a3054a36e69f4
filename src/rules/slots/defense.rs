//! Attacks and defense (R13-R18): the attack roll or defense check naming the slot hit, evade,
//! block, parry, treated and open wounds, counterattacks, missiles and dual wielding.
//!
//! A player character attacked rolls a defense check on their own sheet; anyone else attacked is
//! struck where the attacker's roll lands on the target's sheet (R14). Either way the roll waits
//! for the judge; the hit is worked out from the sheets when it is accepted, in the order the
//! rules give: evade, an empty grip or a face naming no slot, block, improvised cover, a grab's
//! seizure, the parry roll, and last the wound.

use super::display::{slot_text, wound_name};
use super::model::*;
use super::resolve::{self, Reading};
use super::{Event, StatusFlag, wounds, zones};
use super::{HitLine, RollLine};
use crate::dice::{DiceSource, Edge};
use crate::rules::RuleError;
use crate::rules::line::{Line, Num};

pub(super) fn attack_name(spec: &AttackSpec) -> String {
    let kind = match spec.kind {
        AttackKind::Grab => "grab",
        AttackKind::Melee => "melee attack",
        AttackKind::Missile => "missile attack",
        AttackKind::Blast => "blast",
    };
    if spec.counter {
        format!("counterattack ({kind})")
    } else {
        kind.to_string()
    }
}

/// Does the target roll (a defense check) rather than the attacker (R14)?
fn defender_rolls(spec: &AttackSpec, roller: CharId) -> bool {
    roller == spec.target && roller != spec.attacker
}

pub(super) fn title(state: &State, spec: &AttackSpec, roller: CharId) -> String {
    let (a, t) = (state.name_of(spec.attacker), state.name_of(spec.target));
    if defender_rolls(spec, roller) {
        format!("{t}'s defense against {a}'s {}", attack_name(spec))
    } else {
        format!("{a}'s {} on {t}", attack_name(spec))
    }
}

pub(super) fn act(state: &State, spec: &AttackSpec, roller: CharId) -> String {
    let (a, t) = (state.name_of(spec.attacker), state.name_of(spec.target));
    if defender_rolls(spec, roller) {
        format!("defends against {a}'s {}", attack_name(spec))
    } else {
        format!("attacks {t} ({})", attack_name(spec))
    }
}

/// Which steps of the hit still apply where it is worked out.
#[derive(Clone, Copy)]
struct Ctx {
    /// The target rolled this face as a defense check, so R8 applies to a wound there.
    defense_roll: bool,
    /// The declared evade is still to be tried.
    evade: bool,
    /// An empty grip hands the choice of slot to the judge (R14).
    empty_grip_asks: bool,
    /// A heavy, rigid item may be asked about as improvised cover (R16).
    improvised_asks: bool,
}

const ROLLED: Ctx = Ctx {
    defense_roll: false,
    evade: true,
    empty_grip_asks: true,
    improvised_asks: true,
};

/// How a hit in one slot turns out, before anything is written to a sheet.
#[derive(Debug, Clone)]
enum Plan {
    Miss {
        why: String,
    },
    AskSlot {
        slot: Option<SlotNo>,
        why: String,
        proposed: SlotNo,
    },
    Evaded {
        slot: SlotNo,
        why: String,
    },
    Blocked {
        slot: SlotNo,
        parry: bool,
        why: String,
    },
    AskImprovised {
        slot: SlotNo,
        why: String,
    },
    Land {
        slot: SlotNo,
        /// The wound a defense check rolled there (R8), already present.
        met: Wound,
        /// Dice of the declared parry roll (R17): 0, 1 (weapon) or 2 (shield).
        parry_dice: u8,
        seize: bool,
        wound: Wound,
        why: String,
        /// What the parry roll at accept could still do: shown on the roll, not on the hit.
        hint: String,
    },
}

impl Plan {
    /// How much harm the target takes, to rank dice and set the verdict.
    fn harm(&self) -> u8 {
        match self {
            Plan::Miss { .. } | Plan::Evaded { .. } | Plan::Blocked { .. } => 0,
            Plan::AskSlot { .. } => 2,
            Plan::AskImprovised { .. } => 3,
            Plan::Land {
                met, seize, wound, ..
            } => {
                let base = match (seize, wound) {
                    (true, _) => 2,
                    (false, Wound::Treated) => 2,
                    _ => 3,
                };
                base + u8::from(*met != Wound::None)
            }
        }
    }

    fn slot(&self) -> Option<SlotNo> {
        match self {
            Plan::Miss { .. } => None,
            Plan::AskSlot { slot, .. } => *slot,
            Plan::Evaded { slot, .. }
            | Plan::Blocked { slot, .. }
            | Plan::AskImprovised { slot, .. }
            | Plan::Land { slot, .. } => Some(*slot),
        }
    }

    fn why(&self) -> &str {
        match self {
            Plan::Miss { why }
            | Plan::AskSlot { why, .. }
            | Plan::Evaded { why, .. }
            | Plan::Blocked { why, .. }
            | Plan::AskImprovised { why, .. }
            | Plan::Land { why, .. } => why,
        }
    }
}

/// Armor counts where it is worn; armor with no region of its own counts in any body slot.
fn worn(t: &Character, n: SlotNo, item: &Item) -> bool {
    t.equipped(n) || (item.wear.is_none() && t.layout.is_body(n))
}

fn in_grip(t: &Character, n: SlotNo) -> bool {
    t.layout.region(n) == Some(Region::Grip)
}

/// What in this slot stops the attack by the book (R13, R16), and whether that is a parry (R17).
fn blocker(t: &Character, n: SlotNo, kind: AttackKind) -> Option<(String, bool)> {
    let item = t.item_at(n)?;
    let grip = in_grip(t, n);
    let shield = item.armor == Some(ArmorClass::Shield) && (grip || t.equipped(n));
    let heavy = item.armor == Some(ArmorClass::HeavyArmor) && worn(t, n, item);
    let melee_weapon = grip && item.weapon.is_some_and(|w| w.kind == WeaponKind::Melee);
    let blocks = match kind {
        AttackKind::Melee => heavy || shield || melee_weapon,
        AttackKind::Grab => melee_weapon,
        AttackKind::Missile => heavy || shield,
        AttackKind::Blast => shield,
    };
    if !blocks {
        return None;
    }
    let parry = melee_weapon || (shield && grip);
    let by = if melee_weapon {
        "the weapon in hand parries it"
    } else if shield && grip {
        "the shield parries it"
    } else if shield {
        "the shield blocks it"
    } else {
        "heavy armor blocks it"
    };
    Some((by.to_string(), parry))
}

/// Why the item in this slot lessens the blow to a treated wound (R16), if it does.
fn lessens(t: &Character, n: SlotNo, kind: AttackKind) -> Option<&'static str> {
    let item = t.item_at(n)?;
    let armor = item.armor.filter(|_| worn(t, n, item));
    if armor == Some(ArmorClass::LightArmor) {
        Some("light armor lessens it")
    } else if armor == Some(ArmorClass::HeavyArmor) && kind == AttackKind::Blast {
        Some("heavy armor softens a blast")
    } else if in_grip(t, n) && item.weapon.is_some() {
        Some("the weapon in hand lessens it")
    } else if item.has(Prop::Protective) {
        Some("protective, it lessens it")
    } else {
        None
    }
}

/// Heavy, rigid and not armor: it might stop the blow though the book does not say so (R16).
fn improvised_candidate(t: &Character, n: SlotNo, kind: AttackKind) -> bool {
    kind != AttackKind::Grab
        && t.item_at(n)
            .is_some_and(|i| i.has(Prop::Heavy) && i.has(Prop::Rigid) && i.armor.is_none())
}

/// Parry dice the defender can roll (R17): 2 with a shield in a grip, 1 with a melee weapon.
fn parry_dice(t: &Character) -> u8 {
    let grips = (1..=t.slots.len() as SlotNo).filter(|&g| in_grip(t, g));
    let mut dice = 0;
    for g in grips {
        match t.item_at(g) {
            Some(i) if i.armor == Some(ArmorClass::Shield) => dice = 2,
            Some(i) if i.weapon.is_some_and(|w| w.kind == WeaponKind::Melee) => dice = dice.max(1),
            _ => {}
        }
    }
    dice
}

fn holds_melee_weapon(t: &Character) -> bool {
    (1..=t.slots.len() as SlotNo).any(|g| {
        in_grip(t, g)
            && t.item_at(g)
                .is_some_and(|i| i.weapon.is_some_and(|w| w.kind == WeaponKind::Melee))
    })
}

/// The slot the judge is offered when the hit names none: the arms for a hand, else the torso,
/// a slot with no wound and no armour first (see [`wounds::proposed_body_slot`]), and what the
/// proposal meets when every slot meets something.
fn proposed_hit_slot(t: &Character, grip: bool) -> (SlotNo, String) {
    let near = if grip {
        Region::ArmsHands
    } else {
        Region::Torso
    };
    match wounds::proposed_body_slot(t, Some(near)) {
        Some((n, Some(caveat))) => (n, format!("; proposed: {caveat}")),
        Some((n, None)) => (n, String::new()),
        None => (1, String::new()),
    }
}

/// Works out the hit in `slot` as far as the sheets decide it. The reasons leave out the slot:
/// [`with_slot`] puts it in front.
fn plan_at(state: &State, spec: &AttackSpec, slot: SlotNo, ctx: Ctx) -> Result<Plan, RuleError> {
    let t = state.character(spec.target)?;
    t.require_slot(slot)?;
    let item = t.item_at(slot);
    let met = if ctx.defense_roll && t.layout.is_body(slot) {
        t.require_slot(slot)?.wound
    } else {
        Wound::None
    };
    let mut lead = String::new();
    if met != Wound::None {
        lead = format!("{} rolled, the defense fails; ", wound_name(met));
    }
    if ctx.evade && spec.defense == Defense::Evade {
        if met == Wound::None && !item.is_some_and(|i| i.has(Prop::Heavy)) {
            return Ok(Plan::Evaded {
                slot,
                why: "nothing heavy there, evaded".to_string(),
            });
        }
        if met == Wound::None {
            lead = "heavy, the evade fails; ".to_string();
        }
    }
    if ctx.empty_grip_asks && item.is_none() && in_grip(t, slot) {
        let (proposed, caveat) = proposed_hit_slot(t, true);
        return Ok(Plan::AskSlot {
            slot: Some(slot),
            why: format!("an empty grip was hit, the judge picks the slot{caveat}"),
            proposed,
        });
    }
    let book_block = blocker(t, slot, spec.kind);
    if met == Wound::None {
        if let Some((by, parry)) = book_block {
            return Ok(Plan::Blocked {
                slot,
                parry,
                why: format!("{lead}{by}"),
            });
        }
        if ctx.improvised_asks && improvised_candidate(t, slot, spec.kind) {
            return Ok(Plan::AskImprovised {
                slot,
                why: "heavy and rigid, it might stop the blow".to_string(),
            });
        }
    }
    let parry = if spec.kind == AttackKind::Melee
        && spec.defense == Defense::Parry
        && t.layout.is_body(slot)
    {
        parry_dice(t)
    } else {
        0
    };
    let parry_note = match parry {
        0 => String::new(),
        1 => format!("; a parry roll (1d6) showing {slot} would stop it"),
        _ => format!("; a parry roll (2d6) with a {slot} would stop it"),
    };
    if spec.kind == AttackKind::Grab {
        return Ok(Plan::Land {
            slot,
            met,
            parry_dice: parry,
            seize: true,
            wound: Wound::None,
            why: format!(
                "{lead}not stopped, {} is seized there (no wound unless the judge rules one)",
                t.name
            ),
            hint: parry_note,
        });
    }
    let (wound, how) = match lessens(t, slot, spec.kind) {
        Some(how) => (Wound::Treated, how),
        None if met != Wound::None && book_block.is_some() => {
            (Wound::Treated, "the armor still lessens it")
        }
        None => (Wound::Open, "nothing stops it"),
    };
    let result = match met {
        Wound::None => format!("{how}: {}", with_article(wound)),
        Wound::Treated => format!(
            "{how}; the old wound opens and {} goes beside it",
            with_article(wound)
        ),
        Wound::Open => format!(
            "{how}; {} cringes and {} goes beside it",
            t.name,
            with_article(wound)
        ),
    };
    Ok(Plan::Land {
        slot,
        met,
        parry_dice: parry,
        seize: false,
        wound,
        why: format!("{lead}{result}"),
        hint: parry_note,
    })
}

fn with_article(w: Wound) -> String {
    let name = wound_name(w);
    if name.starts_with('o') {
        format!("an {name}")
    } else {
        format!("a {name}")
    }
}

/// "slot 4 Boots: why", or the bare reason when no slot was named.
fn with_slot(state: &State, spec: &AttackSpec, slot: Option<SlotNo>, why: &str) -> String {
    match (slot, state.character(spec.target)) {
        (Some(n), Ok(t)) => format!("{}: {why}", slot_text(t, n)),
        _ => why.to_string(),
    }
}

/// How one face of an attack roll or defense check reads for the roller.
pub(super) fn read_attack(
    state: &State,
    spec: &AttackSpec,
    roller: CharId,
    face: u16,
) -> Result<Reading, RuleError> {
    let defending = defender_rolls(spec, roller);
    let plan = face_plan(state, spec, roller, face)?;
    let harm = plan.harm();
    let landed = harm > 0;
    let mut why = with_slot(state, spec, plan.slot(), plan.why());
    if let Plan::Land { hint, .. } = &plan {
        why.push_str(hint);
    }
    Ok(if defending {
        if landed {
            Reading::fail(why, harm * 5)
        } else {
            Reading::pass(why)
        }
    } else if landed {
        Reading {
            verdict: Verdict::Pass,
            reason: why,
            cost: (4 - harm.min(4)) * 5,
        }
    } else {
        Reading::fail(why, 20)
    })
}

fn face_plan(
    state: &State,
    spec: &AttackSpec,
    roller: CharId,
    face: u16,
) -> Result<Plan, RuleError> {
    let t = state.character(spec.target)?;
    let defending = defender_rolls(spec, roller);
    match t.layout.slot_for_face(face) {
        None if defending => {
            let (proposed, caveat) = proposed_hit_slot(t, false);
            Ok(Plan::AskSlot {
                slot: None,
                why: format!(
                    "{face} names no slot: the defense fails, the judge picks the slot hit{caveat}"
                ),
                proposed,
            })
        }
        None => Ok(Plan::Miss {
            why: format!(
                "{face} names no slot: a miss (it may strike someone nearby, the judge's call)"
            ),
        }),
        Some(n) => plan_at(
            state,
            spec,
            n,
            Ctx {
                defense_roll: defending,
                ..ROLLED
            },
        ),
    }
}

/// The attack's result in the slot hit, for the log. A blow struck by the one a counterattack
/// was open to uses it up (R17), and a seized actor whose turn is interrupted is harmed (R35).
fn hit_result(
    state: &mut State,
    spec: &AttackSpec,
    slot: Option<SlotNo>,
    outcome: HitOutcome,
    reason: &str,
    out: &mut Vec<Event>,
) {
    if let Some((who, _)) = state.recent.counter
        && state.name_of(who) == state.name_of(spec.attacker)
    {
        state.recent.counter = None;
    }
    if outcome == HitOutcome::Seized {
        super::harmed(state, spec.target, super::Harm::Seized);
    }
    crate::rules::said::tell(out, || {
        Event::Hit(Box::new(HitLine {
            attacker: state.name_of(spec.attacker),
            target: state.name_of(spec.target),
            attacker_id: spec.attacker,
            target_id: spec.target,
            slot,
            outcome,
            reason: with_slot(state, spec, slot, reason),
        }))
    });
}

fn ask_hit_slot(
    state: &mut State,
    spec: &AttackSpec,
    why: String,
    proposed: SlotNo,
    out: &mut Vec<Event>,
) {
    let options: Vec<SlotNo> = state
        .character(spec.target)
        .map(|t| (1..=t.slots.len() as SlotNo).collect())
        .unwrap_or_default();
    wounds::ask(
        state,
        Decision::HitSlot {
            attack: spec.clone(),
            options,
            proposed,
            why,
        },
        out,
    );
}

/// A parry by someone holding a melee weapon opens a counterattack (R17) against a melee attack or
/// a grab; of a dual attack's two rolls on one target, only the first parry does (R18). A
/// counterattack opens none, or two fighters could trade blows forever.
fn offer_counter(
    state: &mut State,
    spec: &AttackSpec,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    // Only a blow struck from within reach can be answered at once.
    let close = matches!(spec.kind, AttackKind::Melee | AttackKind::Grab);
    if spec.counter || !close || !holds_melee_weapon(state.character(spec.target)?) {
        return Ok(());
    }
    let pair = (spec.target, spec.attacker);
    let (t, a) = (state.name_of(spec.target), state.name_of(spec.attacker));
    if state.countered.contains(&pair) {
        crate::rules::said::tell(out, || {
            Event::Note(format!(
                "{t} already has a counterattack against {a} from this pair of attacks"
            ))
        });
        return Ok(());
    }
    state.countered.push(pair);
    // Found by name, as the offer's line names them: of two of one name, the first.
    let id = |name: &str| {
        state
            .characters
            .iter()
            .find(|c| c.name == name)
            .map(|c| c.id)
    };
    state.recent.counter = id(&t).zip(id(&a));
    crate::rules::said::tell(out, || Event::CounterOffered {
        who: t,
        id: spec.target,
        against: a,
        against_id: spec.attacker,
    });
    Ok(())
}

/// Carries out a plan on the sheets.
fn execute(
    state: &mut State,
    spec: &AttackSpec,
    plan: Plan,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    match plan {
        Plan::Miss { why } => hit_result(state, spec, None, HitOutcome::Miss, &why, out),
        Plan::AskSlot {
            slot,
            why,
            proposed,
        } => {
            let why = with_slot(state, spec, slot, &why);
            ask_hit_slot(state, spec, why, proposed, out)
        }
        Plan::Evaded { slot, why } => {
            hit_result(state, spec, Some(slot), HitOutcome::Evaded, &why, out);
        }
        Plan::Blocked { slot, parry, why } => {
            let outcome = if parry {
                HitOutcome::Parried
            } else {
                HitOutcome::Blocked
            };
            hit_result(state, spec, Some(slot), outcome, &why, out);
            if parry {
                offer_counter(state, spec, out)?;
            }
        }
        Plan::AskImprovised { slot, why } => {
            let why = with_slot(state, spec, Some(slot), &why);
            wounds::ask(
                state,
                Decision::ImprovisedBlock {
                    attack: spec.clone(),
                    slot,
                    why,
                },
                out,
            )
        }
        Plan::Land {
            slot,
            met,
            parry_dice,
            seize,
            wound,
            why,
            hint: _,
        } => {
            let who = spec.target;
            match met {
                Wound::Treated => {
                    wounds::open_treated(state, who, slot, "the defense check rolled it", out)?
                }
                Wound::Open => {
                    let why = crate::rules::said::words!(
                        "the defense check rolled the open wound in slot {slot}"
                    );
                    wounds::cringe(state, who, &why, out)?
                }
                Wound::None => {}
            }
            if parry_dice > 0 && parry_roll(state, spec, slot, parry_dice, dice, out)? {
                return Ok(());
            }
            if seize {
                hit_result(state, spec, Some(slot), HitOutcome::Seized, &why, out);
                seize_at(state, spec, slot, out)?;
                return Ok(());
            }
            let outcome = if wound == Wound::Treated {
                HitOutcome::TreatedWound
            } else {
                HitOutcome::OpenWound
            };
            hit_result(state, spec, Some(slot), outcome, &why, out);
            let cause = crate::rules::said::words!(
                "{}'s {}",
                state.name_of(spec.attacker),
                attack_name(spec)
            );
            if met == Wound::None {
                wounds::deal_wound(state, who, slot, wound, &cause, out)?;
            } else {
                wounds::wound_beside(state, who, slot, wound, &cause, out)?;
            }
            let t = state.character(who)?;
            if wound == Wound::Open
                && let Some(item) = t.item_at(slot)
            {
                // The slot and the item in it are the sheet's owner's, as on the hit's line.
                crate::rules::said::tell(out, || {
                    Event::Told(
                        Line::new()
                            .name(who, t.name.clone())
                            .plain("'s ")
                            .of(
                                who,
                                Line::new().number(
                                    who,
                                    Num::Score,
                                    crate::rules::said::words!("{} in slot {slot}", item.name),
                                ),
                                "item",
                            )
                            .plain(" may be damaged")
                            .judge(Line::from(" (the judge's call)")),
                    )
                });
            }
        }
    }
    Ok(())
}

/// R17: 1d6 (weapon) or 2d6 (shield); a die equal to the slot hit parries.
fn parry_roll(
    state: &mut State,
    spec: &AttackSpec,
    slot: SlotNo,
    count: u8,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<bool, RuleError> {
    let name = state.name_of(spec.target);
    let mut faces = Vec::with_capacity(usize::from(count));
    for _ in 0..count {
        faces.push(dice.roll(6, &format_args!("{name}'s parry"))?);
    }
    let hit = faces.iter().position(|&f| f == u16::from(slot));
    crate::rules::said::tell(out, || {
        Event::Rolled(Box::new(RollLine {
            who: name,
            id: spec.target,
            sheet: spec.target,
            die: 6,
            kept: String::new(),
            other: None,
            what: "tries to parry".to_string(),
            faces,
            pick: hit.unwrap_or(0),
            verdict: if hit.is_some() {
                Verdict::Pass
            } else {
                Verdict::Fail
            },
            reason: if hit.is_some() {
                format!("a die shows {slot}, the slot hit")
            } else {
                format!("no die shows {slot}, the hit stands")
            },
            dice_said: None,
        }))
    });
    if hit.is_none() {
        return Ok(false);
    }
    let why = crate::rules::said::words!("the parry roll matched slot {slot}");
    hit_result(state, spec, Some(slot), HitOutcome::Parried, &why, out);
    offer_counter(state, spec, out)?;
    Ok(true)
}

fn seize_at(
    state: &mut State,
    spec: &AttackSpec,
    slot: SlotNo,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let by = state.name_of(spec.attacker);
    let t = state.character_mut(spec.target)?;
    t.status.restrained = Some(slot);
    super::harmed(
        state,
        spec.target,
        super::Harm::Status(StatusFlag::Restrained),
    );
    crate::rules::said::tell(out, || Event::StatusChanged {
        who: state.name_of(spec.target),
        id: spec.target,
        flag: StatusFlag::Restrained,
        on: true,
        cause: format!("seized at slot {slot} by {by}"),
    });
    Ok(())
}

/// Evading in the open, with no cover in the zone, means dropping prone (R15).
fn evade_prone(
    state: &mut State,
    spec: &AttackSpec,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let t = state.character(spec.target)?;
    if t.status.prone {
        return Ok(());
    }
    let zone = t
        .zone
        .and_then(|z| state.scene.zones.iter().find(|zone| zone.id == z));
    // With no zone there is no cover on record: the evader is taken to be in the open and drops
    // prone, and the log says so, so a judge who saw cover takes it back by hand.
    let cause = match zone {
        Some(z) if z.cover => return Ok(()),
        Some(z) => format!("evaded with no cover in {}", z.name),
        None => {
            "evaded in no zone, so taken to be in the open; clear it if there was cover".to_string()
        }
    };
    let name = t.name.clone();
    state.character_mut(spec.target)?.status.prone = true;
    super::harmed(state, spec.target, super::Harm::Status(StatusFlag::Prone));
    crate::rules::said::tell(out, || Event::StatusChanged {
        who: name,
        id: spec.target,
        flag: StatusFlag::Prone,
        on: true,
        cause,
    });
    Ok(())
}

/// What an accepted attack roll or defense check does. When the judge overrode the verdict, the
/// ruling decides whether the blow lands: a landing blow is an open wound (a seizure for a grab)
/// in the slot rolled, or the judge picks the slot when the face named none.
#[allow(clippy::too_many_arguments)]
pub(super) fn settle_attack(
    state: &mut State,
    spec: &AttackSpec,
    roller: CharId,
    face: u16,
    book: Verdict,
    verdict: Verdict,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if spec.defense == Defense::Evade {
        evade_prone(state, spec, out)?;
    }
    if verdict == book {
        let plan = face_plan(state, spec, roller, face)?;
        return execute(state, spec, plan, dice, out);
    }
    let lands = defender_rolls(spec, roller) == (verdict == Verdict::Fail);
    let slot = state.character(spec.target)?.layout.slot_for_face(face);
    let ruled = "the judge ruled";
    match (lands, slot) {
        (false, _) => {
            let outcome = if slot.is_some() {
                HitOutcome::Blocked
            } else {
                HitOutcome::Miss
            };
            let why = crate::rules::said::words!("{ruled} it does no harm");
            hit_result(state, spec, slot, outcome, &why, out);
        }
        (true, None) => {
            let (proposed, caveat) = proposed_hit_slot(state.character(spec.target)?, false);
            ask_hit_slot(
                state,
                spec,
                format!("{ruled} it hits: pick the slot{caveat}"),
                proposed,
                out,
            );
        }
        (true, Some(n)) if spec.kind == AttackKind::Grab => {
            hit_result(
                state,
                spec,
                Some(n),
                HitOutcome::Seized,
                &crate::rules::said::words!("{ruled} it seizes"),
                out,
            );
            seize_at(state, spec, n, out)?;
        }
        (true, Some(n)) => {
            hit_result(
                state,
                spec,
                Some(n),
                HitOutcome::OpenWound,
                &crate::rules::said::words!("{ruled} it lands"),
                out,
            );
            let cause = crate::rules::said::words!(
                "{}'s {}",
                state.name_of(spec.attacker),
                attack_name(spec)
            );
            wounds::deal_wound(state, spec.target, n, Wound::Open, &cause, out)?;
        }
    }
    Ok(())
}

/// The judge picked the slot hit (R14): the hit is worked out there, without evade or the
/// defense check's wound rule, which belonged to the die.
pub(super) fn hit_chosen(
    state: &mut State,
    spec: &AttackSpec,
    slot: SlotNo,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let ctx = Ctx {
        defense_roll: false,
        evade: false,
        empty_grip_asks: false,
        improvised_asks: true,
    };
    let plan = plan_at(state, spec, slot, ctx)?;
    execute(state, spec, plan, dice, out)
}

/// The judge ruled whether an item stops the blow as improvised cover (R16).
pub(super) fn improvised(
    state: &mut State,
    spec: &AttackSpec,
    slot: SlotNo,
    blocks: bool,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if blocks {
        let why = "the judge rules it stops the blow";
        hit_result(state, spec, Some(slot), HitOutcome::Blocked, why, out);
        return Ok(());
    }
    let ctx = Ctx {
        defense_roll: false,
        evade: false,
        empty_grip_asks: false,
        improvised_asks: false,
    };
    let plan = plan_at(state, spec, slot, ctx)?;
    execute(state, spec, plan, dice, out)
}

fn mirror(edge: Edge) -> Edge {
    Edge {
        adv: edge.dis,
        dis: edge.adv,
    }
}

/// The farthest a kind of attack reaches (R13, R29); None for a blast, whose source sets it.
/// Public so the screen can warn before an attack is rolled out of range, by the same measure
/// the log flags it with.
pub fn reach(state: &State, spec: &AttackSpec) -> Option<Range> {
    let weapon = spec
        .weapon
        .and_then(|g| state.character(spec.attacker).ok()?.item_at(g)?.weapon);
    match spec.kind {
        AttackKind::Grab | AttackKind::Melee => Some(Range::Reach),
        AttackKind::Missile if weapon.is_some_and(|w| w.kind == WeaponKind::Bow) => {
            Some(Range::Far)
        }
        AttackKind::Missile => Some(Range::Near),
        AttackKind::Blast => None,
    }
}

/// The weapons in the attacker's grips, each counted once: (grip, size).
fn grip_weapons(c: &Character) -> Vec<(SlotNo, WeaponSize)> {
    (1..=c.slots.len() as SlotNo)
        .filter(|&g| in_grip(c, g))
        .filter_map(|g| {
            let own = c.slot(g)?.item.as_ref()?;
            own.weapon.map(|w| (g, w.size))
        })
        .collect()
}

fn validate(state: &State, spec: &AttackSpec, dual: bool) -> Result<(), RuleError> {
    let a = state.character(spec.attacker)?;
    let t = state.character(spec.target)?;
    if spec.attacker == spec.target {
        return Err(RuleError::invalid(format!(
            "{} cannot attack themselves",
            a.name
        )));
    }
    if a.status.dead {
        return Err(RuleError::invalid(format!("{} is dead", a.name)));
    }
    if a.status.unconscious {
        return Err(RuleError::invalid(format!(
            "{} is unconscious and cannot attack",
            a.name
        )));
    }
    if t.status.dead {
        return Err(RuleError::invalid(format!("{} is already dead", t.name)));
    }
    if let Some(g) = spec.weapon.filter(|_| !dual) {
        a.require_slot(g)?;
        if !in_grip(a, g) {
            return Err(RuleError::invalid(format!(
                "slot {g} of {} is not a grip: weapons are used only from the grips",
                a.name
            )));
        }
        let Some(w) = a.item_at(g).and_then(|i| i.weapon) else {
            return Err(RuleError::invalid(format!(
                "{} holds no weapon in slot {g}",
                a.name
            )));
        };
        if w.kind == WeaponKind::Bow && matches!(spec.kind, AttackKind::Melee | AttackKind::Grab) {
            return Err(RuleError::invalid(format!(
                "{} cannot strike in melee with a bow",
                a.name
            )));
        }
    }
    match spec.defense {
        Defense::Evade => {
            if !matches!(spec.kind, AttackKind::Grab | AttackKind::Blast) {
                return Err(RuleError::invalid(format!(
                    "a {} cannot be evaded; only grabs and blasts can",
                    attack_name(spec)
                )));
            }
            let st = &t.status;
            let why = if st.unconscious {
                Some("unconscious")
            } else if st.restrained.is_some() {
                Some("restrained")
            } else if st.immobilized {
                Some("immobilized")
            } else {
                None
            };
            if let Some(why) = why {
                return Err(RuleError::invalid(format!(
                    "{} is {why} and cannot evade",
                    t.name
                )));
            }
        }
        Defense::Parry => {
            if !matches!(spec.kind, AttackKind::Melee | AttackKind::Grab) {
                return Err(RuleError::invalid(
                    "only melee attacks and grabs can be parried",
                ));
            }
            if t.status.unconscious {
                return Err(RuleError::invalid(format!(
                    "{} is unconscious and cannot parry",
                    t.name
                )));
            }
        }
        Defense::None => {}
    }
    Ok(())
}

pub fn attack(
    state: &mut State,
    spec: &AttackSpec,
    edge: Edge,
    dual: bool,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    validate(state, spec, dual)?;
    let a = state.character(spec.attacker)?;
    let t = state.character(spec.target)?;
    let (a_name, t_name, sides) = (a.name.clone(), t.name.clone(), t.layout.die);
    // A counterattack answers a parry (R17): one nobody was offered is the judge's call, and
    // the judge's log says so.
    if spec.counter && state.recent.counter != Some((spec.attacker, spec.target)) {
        crate::rules::said::tell(out, || {
            Event::Told(
                Line::new()
                    .name(spec.attacker, a_name.clone())
                    .plain(" counterattacks ")
                    .name(spec.target, t_name.clone())
                    .judge(Line::from(
                        ", though no parry opened a counterattack: the judge's call",
                    )),
            )
        });
    }
    let mut attacker_edge = edge;
    let unaimed = spec.kind == AttackKind::Missile && !spec.aimed;
    if unaimed {
        attacker_edge = attacker_edge.plus(Edge::disadvantage(1));
    }
    let mut specs = Vec::new();
    if dual {
        let weapons = grip_weapons(a);
        let has_small = weapons.iter().any(|&(_, s)| s == WeaponSize::Small);
        if weapons.len() < 2 || !has_small || spec.kind == AttackKind::Blast {
            return Err(RuleError::invalid(format!(
                "{a_name} needs a small weapon and a second weapon in the grips to attack twice"
            )));
        }
        let (net_edge, _) = super::checks::roller_edge(a, attacker_edge);
        if super::checks::r6(net_edge) <= 0 {
            return Err(RuleError::invalid(format!(
                "{a_name} has no advantage on this attack to trade for a second one"
            )));
        }
        attacker_edge = Edge::NONE;
        for (g, _) in weapons.into_iter().take(2) {
            specs.push(AttackSpec {
                weapon: Some(g),
                ..spec.clone()
            });
        }
    } else if spec.kind == AttackKind::Blast {
        let n = usize::from(spec.blast_slots.max(1)).min(t.slots.len());
        specs = vec![spec.clone(); n];
    } else {
        specs.push(spec.clone());
    }
    if let (Some(limit), Some(_), Some(_)) = (reach(state, spec), a.zone, t.zone) {
        let range = zones::range(state, spec.attacker, spec.target);
        if range > limit {
            // Whether it counts is the judge's call, and the judge's alone to read.
            crate::rules::said::tell(out, || {
                Event::Told(
                    Line::new()
                        .plain("Out of range: ")
                        .name(spec.target, t_name.clone())
                        .plain(format!(" is {} ", range.from_words()))
                        .name(spec.attacker, a_name.clone())
                        .plain(format!(
                            ", and a {} reaches {}",
                            attack_name(spec),
                            limit.limit_words()
                        ))
                        .judge(Line::from(" (rolled anyway; the judge may call it off)")),
                )
            });
        }
    }
    if unaimed && !dual {
        crate::rules::said::tell(out, || {
            Event::Note(format!(
                "{a_name} did not aim: the missile attack has disadvantage"
            ))
        });
    }
    if dual {
        crate::rules::said::tell(out, || {
            Event::Note(format!(
                "{a_name} gives up the advantage to attack twice, once with each weapon"
            ))
        });
    }
    let (roller, roll_edge) = if t.side == Side::Players {
        (spec.target, mirror(attacker_edge))
    } else {
        (spec.attacker, attacker_edge)
    };
    for s in specs {
        resolve::open_roll(
            state,
            RollFor::Attack(s),
            roller,
            sides,
            roll_edge,
            None,
            dice,
            out,
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(kind: AttackKind, weapon: Option<SlotNo>) -> AttackSpec {
        AttackSpec {
            attacker: 0,
            target: 1,
            kind,
            weapon,
            defense: Defense::None,
            aimed: false,
            blast_slots: 1,
            counter: false,
        }
    }

    #[test]
    fn r13_each_attack_kind_reaches_as_far_as_its_range() {
        let mut archer = Character::new(0, "Archer".into(), Side::Players, Layout::human());
        let bow = |kind| Item {
            wear: Some(Region::Grip),
            weapon: Some(Weapon {
                size: WeaponSize::Medium,
                kind,
            }),
            ..Item::plain("weapon")
        };
        archer.slots[5].item = Some(bow(WeaponKind::Bow));
        archer.slots[6].item = Some(bow(WeaponKind::Thrown));
        let state = State {
            characters: vec![archer],
            next_id: 1,
            ..State::default()
        };
        assert_eq!(
            reach(&state, &spec(AttackKind::Melee, None)),
            Some(Range::Reach)
        );
        assert_eq!(
            reach(&state, &spec(AttackKind::Grab, None)),
            Some(Range::Reach)
        );
        assert_eq!(
            reach(&state, &spec(AttackKind::Missile, Some(6))),
            Some(Range::Far)
        );
        assert_eq!(
            reach(&state, &spec(AttackKind::Missile, Some(7))),
            Some(Range::Near)
        );
        assert_eq!(
            reach(&state, &spec(AttackKind::Missile, None)),
            Some(Range::Near)
        );
        assert_eq!(reach(&state, &spec(AttackKind::Blast, None)), None);
    }
}
