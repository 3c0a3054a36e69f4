//! The slot system behind the seam: [`Slots`] implements [`Ruleset`], turning the state into the
//! read models the frame draws (roster, initiative strip, what waits for the judge, the clock, a
//! tone per event) and the judge's generic answers into slot commands.

use std::collections::BTreeSet;

use super::combat::{Stage, stage};
use super::command::StatusFlag;
use super::model::*;
use super::{Command, Event, exploration, resolve, slot_line};
use crate::dice::{DiceSource, Edge};
use crate::rules::{
    Aim, Answer, ClockView, DieView, Fighter, Footing, GroupMember, GroupView, Initiative,
    OptionView, Outcome, PendingView, QuestionView, Role, RollView, RosterEntry, RosterGroup,
    RuleError, Ruleset, Standing, Tag, Tally, TallyKind, Tone, Upcoming, YesNo,
};

/// Everyone on the roster by id and name, in the roster's order (the players' side, then the
/// others): what [`Slots::roster`] lists, without the rest of each entry (its tags ask what the
/// next tick brings, which plays the tick on a copy).
fn names(state: &State) -> Vec<(u32, String)> {
    [Side::Players, Side::Opponents]
        .into_iter()
        .flat_map(|side| state.characters.iter().filter(move |c| c.side == side))
        .map(|c| (c.id, c.name.clone()))
        .collect()
}

/// The d12 slot system (rule file 000).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slots;

impl Ruleset for Slots {
    type State = State;
    type Command = Command;
    type Event = Event;

    /// A quiet step builds no events: what the panels show from the past (`State::recent`) is
    /// kept where the rules decide it, never read back from the events.
    const STEP: crate::rules::Step<Self> = super::apply;

    /// A sentence that names someone of the roster (before or after the step: a rename, a
    /// newcomer) is told as parts with each name's id, so the players' lens leaves it out
    /// while they have not seen that one; the judge's words stay as they were.
    fn apply(
        state: &mut State,
        command: &Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, RuleError> {
        let mut roster = names(state);
        let mut events = (Self::STEP)(state, command, dice)?;
        if !events.iter().any(|e| matches!(e, Event::Note(_))) {
            return Ok(events);
        }
        roster.extend(names(state));
        for event in &mut events {
            if let Event::Note(text) = event {
                let line = crate::rules::said::named(text, &roster);
                if !line.is_empty() {
                    *event = Event::Told(line);
                }
            }
        }
        Ok(events)
    }

    fn roster(state: &State) -> Vec<RosterGroup> {
        let acted: &[CharId] = state.combat.as_ref().map_or(&[], |c| c.acted.as_slice());
        let sides =
            [Side::Players, Side::Opponents].map(|s| (side_title(s), s == Side::Players, s));
        crate::rules::view::by_side(
            &state.characters,
            sides,
            |c| c.side,
            |c| RosterEntry {
                id: c.id,
                name: c.name.clone(),
                acted: acted.contains(&c.id),
                dead: c.status.dead,
                out: c.status.unconscious,
                down: false,
                glance: {
                    let mut tags = glance(c, acted.contains(&c.id));
                    // Harm the next tick brings, first of all (see `forecast`).
                    if !super::forecast::warnings(state, c.id).is_empty() {
                        tags.insert(0, Tag::new("⚠", Tone::Bad));
                    }
                    tags
                },
                health: None,
            },
        )
    }

    fn in_action(state: &State, each: &mut dyn FnMut(u32, &dyn Fn() -> bool)) -> bool {
        let Some(fight) = state.combat.as_ref() else {
            return false;
        };
        let turn = fight.turn.as_ref();
        for c in &state.characters {
            let shown = turn.is_some_and(|t| t.actor == c.id)
                || (!fight.aside.contains(&c.id)
                    && (turn.is_some_and(|t| t.interrupter == Some(c.id) && !t.interrupt_failed)
                        || fight.acted.contains(&c.id)));
            if shown {
                each(c.id, &|| c.side != Side::Players);
            }
        }
        true
    }

    fn initiative(state: &State) -> Option<Initiative> {
        let fight = state.combat.as_ref()?;
        let order = [fight.initiative, fight.initiative.other()]
            .into_iter()
            .flat_map(|side| state.characters.iter().filter(move |c| c.side == side))
            .filter(|c| !fight.aside.contains(&c.id))
            .map(|c| Fighter {
                id: c.id,
                name: c.name.clone(),
                group: side_title(c.side).to_string(),
                standing: standing(c, fight),
                order_note: None,
            })
            .collect();
        Some(Initiative {
            round: fight.round,
            label: fight.initiative.to_string(),
            label_names: Vec::new(),
            party: fight.initiative == Side::Players,
            why: state.recent.initiative_why.clone(),
            order,
            sequence: false,
            acting: fight.turn.as_ref().map(|t| t.actor),
            next: next_side(state, fight),
            waiting: waiting(state),
        })
    }

    fn pending(state: &State) -> Option<PendingView> {
        Some(match state.pending.first()? {
            Pending::Roll(r) => PendingView::Roll(roll_view(state, r)),
            Pending::Group(g) => PendingView::Group(GroupView {
                title: "Group check".into(),
                how: "Everyone has rolled. Each may swap dice once with another before the dice \
                      are read."
                    .into(),
                members: g
                    .members
                    .iter()
                    .zip(&g.faces)
                    .map(|(&id, &face)| {
                        let c = state.character(id).ok();
                        GroupMember {
                            id,
                            name: c.map_or_else(|| format!("#{id}"), |c| c.name.clone()),
                            face,
                            note: c.map(|c| slot_line(c, face as u8)).unwrap_or_default(),
                            swapped: g.swapped.contains(&id),
                        }
                    })
                    .collect(),
            }),
            Pending::Decide(d) => PendingView::Question(question_view(state, d)),
        })
    }

    fn clock(state: &State) -> ClockView {
        let clock = &state.clock;
        let (h, m) = exploration::time_of_day(clock);
        let day = exploration::day(clock);
        let (now, mut detail) = match &state.combat {
            Some(c) => (format!("round {}", c.round), String::new()),
            None if day > 1 => (
                format!("try {}", clock.trys),
                format!("(day {day}, {h:02}:{m:02})"),
            ),
            None => (format!("try {}", clock.trys), format!("({h:02}:{m:02})")),
        };
        if state.combat.is_none() && clock.dark {
            detail.push_str(" · dark");
        }
        let units = vec![
            ("try".to_string(), clock.trys),
            ("watch".to_string(), clock.watches),
            ("day".to_string(), clock.days),
        ];
        let next = match &state.combat {
            Some(_) => "the round ends when everyone able has acted".to_string(),
            None => "encounter dice at the end of each stretch of trys".to_string(),
        };
        ClockView {
            now,
            detail,
            place: Some(state.scene.name.clone()).filter(|n| !n.is_empty()),
            units,
            next,
        }
    }

    fn line(event: &Event) -> crate::rules::Line {
        super::display::line(event)
    }

    fn tone(event: &Event) -> Tone {
        match event {
            Event::Rolled(line) => match line.verdict {
                Verdict::Pass => Tone::Good,
                Verdict::Fail => Tone::Bad,
            },
            Event::Died { .. } => Tone::Death,
            Event::Asked { .. } => Tone::Question,
            Event::Overridden { .. } => Tone::Ruling,
            Event::Wounded { .. } | Event::Hit(_) => Tone::Harm,
            Event::Marked { .. } | Event::Fatigue { .. } => Tone::Mark,
            _ => Tone::Plain,
        }
    }

    /// Harm is counted in wounds: a hit that wounds counts one dealt by the attacker, and each
    /// wound one taken, whatever gave it.
    fn tally(event: &Event) -> Vec<Tally> {
        match event {
            Event::Hit(hit)
                if matches!(
                    hit.outcome,
                    HitOutcome::TreatedWound | HitOutcome::OpenWound
                ) =>
            {
                vec![Tally {
                    by: Some(hit.attacker.clone()),
                    to: None,
                    kind: TallyKind::Damage,
                    amount: 1,
                }]
            }
            Event::Wounded { who, .. } => vec![Tally::damage(None, who, 1)],
            Event::Healed { who, .. } => vec![Tally::healing(who, 1)],
            Event::Died { who, .. } => vec![Tally::down(who)],
            Event::StatusChanged {
                who,
                flag: StatusFlag::Unconscious | StatusFlag::Dead,
                on: true,
                ..
            } => vec![Tally::down(who)],
            _ => Vec::new(),
        }
    }

    fn answer(state: &State, answer: Answer) -> Result<Command, RuleError> {
        let Some(waiting) = state.pending.first() else {
            return Err(RuleError::invalid("nothing is waiting for the judge"));
        };
        let misfit = |what: &str| {
            Err(RuleError::invalid(format!(
                "{what} does not fit {}",
                resolve::describe(state, waiting)
            )))
        };
        match (answer, waiting) {
            (Answer::Accept, _) => Ok(Command::Accept),
            (Answer::Cancel, _) => Ok(Command::Cancel),
            (Answer::Pick(die), Pending::Roll(r)) if die < r.faces.len() => {
                Ok(Command::Pick { die })
            }
            (Answer::Pick(die), Pending::Roll(r)) => Err(RuleError::invalid(format!(
                "there is no die {}: the roll has {}",
                die + 1,
                r.faces.len()
            ))),
            (Answer::Override, Pending::Roll(r)) => {
                let standing = r.overridden.unwrap_or(r.verdict);
                Ok(Command::Override {
                    verdict: match standing {
                        Verdict::Pass => Verdict::Fail,
                        Verdict::Fail => Verdict::Pass,
                    },
                })
            }
            (Answer::Choose(i), Pending::Decide(d)) => match decision_options(d) {
                Some((options, _)) => match options.get(i) {
                    Some(&slot) => Ok(Command::ChooseSlot { slot }),
                    None => Err(RuleError::invalid(format!(
                        "there is no option {}: choose 1 to {}",
                        i + 1,
                        options.len()
                    ))),
                },
                None => misfit("choosing an option"),
            },
            (Answer::Yes | Answer::No, Pending::Decide(Decision::ImprovisedBlock { .. })) => {
                Ok(Command::RuleBlocks {
                    blocks: answer == Answer::Yes,
                })
            }
            (Answer::Swap(a, b), Pending::Group(_)) => Ok(Command::SwapDice { a, b }),
            (Answer::Pick(_), _) => misfit("picking a die"),
            (Answer::Override, _) => misfit("overruling a verdict"),
            (Answer::Choose(_), _) => misfit("choosing an option"),
            (Answer::Yes | Answer::No, _) => misfit("a yes or no"),
            (Answer::Swap(..), _) => misfit("swapping dice"),
            (Answer::Edge(_), _) => Err(RuleError::invalid(
                "a check takes its advantage when it is rolled (R6): drop it and roll again",
            )),
        }
    }

    fn join_fight(state: &State, who: u32) -> Option<Command> {
        let fight = state.combat.as_ref()?;
        fight
            .aside
            .contains(&who)
            .then_some(Command::JoinCombat { who })
    }

    fn roll_kind(command: &Command) -> Option<crate::rules::RollKind> {
        use crate::rules::RollKind as K;
        Some(match command {
            Command::Check { .. } | Command::GroupCheck { .. } | Command::Fall { .. } => K::Check,
            Command::Attack { .. } => K::Attack,
            Command::Task { .. }
            | Command::Rest { .. }
            | Command::Travel { .. }
            | Command::PassDays { .. }
            | Command::EndCombat { .. } => K::Encounter,
            Command::StartCombat { .. } => K::Initiative,
            _ => return None,
        })
    }

    fn role(command: &Command) -> Role {
        match command {
            Command::Check { .. }
            | Command::Fall { .. }
            | Command::Attack { .. }
            | Command::GroupCheck { .. } => Role::Rolls,
            Command::Pick { .. } | Command::Override { .. } => Role::Answers,
            _ => Role::Other,
        }
    }

    /// The player characters, and the creatures the players see in or next to a zone of theirs
    /// (any creature, when either side stands in no zone); none of the dead.
    fn fighters(state: &State, unseen: &BTreeSet<u32>) -> Vec<u32> {
        let party_zones = party_zones(state);
        let present = |c: &Character| match c.zone {
            Some(z) if !party_zones.is_empty() => party_zones.iter().any(|&p| {
                matches!(
                    super::zones::zone_range(&state.scene, p, z),
                    Range::Reach | Range::Near
                )
            }),
            _ => true,
        };
        state
            .characters
            .iter()
            .filter(|c| !c.status.dead)
            .filter(|c| c.side == Side::Players || (!unseen.contains(&c.id) && present(c)))
            .map(|c| c.id)
            .collect()
    }

    fn with_fighters(command: &Command, who: &[u32]) -> Option<Command> {
        match command {
            Command::StartCombat {
                initiator,
                surprised,
                ..
            } => Some(Command::StartCombat {
                initiator: *initiator,
                surprised: *surprised,
                fighters: Some(who.to_vec()),
            }),
            _ => None,
        }
    }

    fn fighters_of(command: &Command) -> Option<Vec<u32>> {
        match command {
            Command::StartCombat { fighters, .. } => Some(fighters.clone().unwrap_or_default()),
            _ => None,
        }
    }

    /// R29, R13: where both stand in the scene's zones, the range between them and whether
    /// what the actor holds reaches it (melee and bare hands: reach; thrown: near; a bow: far);
    /// those in its own zone are close.
    fn footing(state: &State, actor: u32) -> Vec<Footing> {
        let fight = state.combat.as_ref();
        let holds = state.character(actor).ok().map(|a| {
            (1..=a.slots.len() as SlotNo)
                .filter(|&n| a.layout.region(n) == Some(Region::Grip))
                .filter_map(|n| a.slot(n)?.item.as_ref()?.weapon)
                .map(|w| match w.kind {
                    WeaponKind::Melee => Range::Reach,
                    WeaponKind::Thrown => Range::Near,
                    WeaponKind::Bow => Range::Far,
                })
                .max()
                .unwrap_or(Range::Reach)
        });
        let placed = |id: CharId| state.character(id).ok().and_then(|c| c.zone).is_some();
        [Side::Players, Side::Opponents]
            .into_iter()
            .flat_map(|side| state.characters.iter().filter(move |c| c.side == side))
            .map(|c| {
                let range = (placed(actor) && placed(c.id))
                    .then(|| super::zones::range(state, actor, c.id));
                Footing {
                    id: c.id,
                    name: c.name.clone(),
                    side: side_title(c.side).to_string(),
                    in_fight: fight.is_some_and(|f| !f.aside.contains(&c.id)),
                    dead: c.status.dead,
                    standing: !c.incapacitated(),
                    reach: range.zip(holds).map(|(r, h)| (r <= h, r.to_string())),
                    close: range == Some(Range::Reach),
                }
            })
            .collect()
    }

    /// The creatures in or next to a zone of the party's, when both stand in zones.
    fn present(state: &State) -> Option<Vec<u32>> {
        let party_zones = party_zones(state);
        if party_zones.is_empty() {
            return None;
        }
        let near = |z| {
            party_zones.iter().any(|&p| {
                matches!(
                    super::zones::zone_range(&state.scene, p, z),
                    Range::Reach | Range::Near
                )
            })
        };
        Some(
            state
                .characters
                .iter()
                .filter(|c| c.side != Side::Players && !c.status.dead)
                .filter(|c| c.zone.is_some_and(near))
                .map(|c| c.id)
                .collect(),
        )
    }

    fn aims(command: &Command) -> Option<Aim> {
        match command {
            Command::Attack { spec, .. } => Some(Aim {
                by: spec.attacker,
                at: vec![spec.target],
            }),
            _ => None,
        }
    }
}

/// How the roster heads a side.
/// The side that takes the next turn (R33): after a turn, the other side while it has anyone
/// left to act, else the actor's own; a round that ends opens with the side that did not take
/// its last turn. With no turn under way, the side that picks now.
fn next_side(state: &State, fight: &Combat) -> Upcoming {
    let side = match &fight.turn {
        None => {
            let holding = fight.initiative;
            if super::combat::able(state, holding).is_empty() {
                holding.other()
            } else {
                holding
            }
        }
        Some(turn) => {
            let own = state
                .character(turn.actor)
                .map_or(fight.initiative, |c| c.side);
            let left = |side: Side| {
                super::combat::able(state, side)
                    .into_iter()
                    .any(|id| id != turn.actor && Some(id) != turn.interrupter)
            };
            if left(own.other()) || !left(own) {
                own.other()
            } else {
                own
            }
        }
    };
    Upcoming::Side(side_title(side).to_string())
}

impl Slots {
    /// The set-up the turn under way has declared, in its words; empty when there is none.
    pub fn turn_setup(state: &State) -> String {
        state
            .combat
            .as_ref()
            .and_then(|c| c.turn.as_ref())
            .and_then(|t| t.setup.clone())
            .unwrap_or_default()
    }
}

/// The zones the player characters stand in, one for each who stands in one.
fn party_zones(state: &State) -> Vec<ZoneId> {
    state
        .characters
        .iter()
        .filter(|c| c.side == Side::Players)
        .filter_map(|c| c.zone)
        .collect()
}

pub fn side_title(side: Side) -> &'static str {
    match side {
        Side::Players => "Players",
        Side::Opponents => "Opponents",
    }
}

/// The short tags after a name: acted this round, wounds, condition letters, status.
pub fn glance(c: &Character, acted: bool) -> Vec<Tag> {
    let mut tags = Vec::new();
    if acted {
        tags.push(Tag::new("✓", Tone::Good));
    }
    let open = c.slots.iter().filter(|s| s.wound == Wound::Open).count();
    let treated = c.slots.iter().filter(|s| s.wound == Wound::Treated).count();
    if open > 0 {
        tags.push(Tag::new(format!("●{open}"), Tone::Harm));
    }
    if treated > 0 {
        tags.push(Tag::new(format!("◐{treated}"), Tone::Mended));
    }
    let letters: String = Condition::ALL
        .into_iter()
        .filter(|&cond| c.slots.iter().any(|s| s.marks.has(cond)))
        .map(Condition::letter)
        .collect();
    if !letters.is_empty() {
        tags.push(Tag::new(letters, Tone::Mark));
    }
    let flags: Vec<&str> = super::statuses(c)
        .into_iter()
        .filter_map(|(short, _)| short)
        .collect();
    if !flags.is_empty() {
        tags.push(Tag::new(flags.join(" "), Tone::Warn));
    }
    tags
}

/// Where a fighter stands this round (R33-R35).
pub fn standing(c: &Character, fight: &Combat) -> Standing {
    if let Some(t) = &fight.turn {
        if t.actor == c.id {
            return Standing::Acting;
        }
        if t.interrupter == Some(c.id) && !t.interrupt_failed {
            return Standing::Interrupting;
        }
    }
    // The dead and the knocked out read so, acted or not: × before ✓.
    if c.status.dead {
        Standing::Out("dead".into())
    } else if c.status.unconscious {
        Standing::Out("KO".into())
    } else if fight.acted.contains(&c.id) {
        Standing::Acted
    } else if super::combat::cannot_act(c, fight).is_some() {
        Standing::Out("surprised".into())
    } else {
        Standing::Ready
    }
}

/// What the fight waits for, in words.
fn waiting(state: &State) -> String {
    let name = |id| state.name_of(id);
    let setup = || Slots::turn_setup(state);
    match stage(state) {
        Stage::NoFight => String::new(),
        Stage::Pick => "the side holding the initiative picks who acts".into(),
        Stage::Stuck => "nobody can act: the round passes".into(),
        Stage::Acting { actor } => format!("{}'s turn", name(actor)),
        Stage::SetUp { actor } => format!("{}'s turn, set up: {}", name(actor), setup()),
        Stage::Interrupting { actor, by } => {
            format!("{} interrupts {} ({})", name(by), name(actor), setup())
        }
        Stage::Finishing { actor, by } => {
            format!(
                "{}'s interruption failed: {} finishes",
                name(by),
                name(actor)
            )
        }
    }
}

/// What a roll is for, in words, and whose sheet its faces name slots on.
pub fn roll_title(state: &State, r: &PendingRoll) -> (String, Option<CharId>) {
    let roller = state.name_of(r.roller);
    match &r.what {
        RollFor::Check { who, kind } => {
            let what = match kind {
                CheckKind::Generic => "check".to_string(),
                CheckKind::Terrain => "terrain check".to_string(),
                CheckKind::Corruption => "corruption check".to_string(),
                CheckKind::Stealth(s) => {
                    let mut senses = Vec::new();
                    if s.hearing {
                        senses.push("hearing");
                    }
                    if s.smell {
                        senses.push("smell");
                    }
                    if !s.sight.is_empty() {
                        senses.push("sight");
                    }
                    if senses.is_empty() {
                        "stealth check".to_string()
                    } else {
                        format!("stealth check against {}", senses.join(" and "))
                    }
                }
            };
            (format!("{}: {what}", state.name_of(*who)), Some(*who))
        }
        RollFor::Fall { who, step, of } => (
            format!("{}: fall, check {step} of {of}", state.name_of(*who)),
            Some(*who),
        ),
        RollFor::Attack(spec) => {
            let rolled = if r.roller == spec.target {
                "defense check"
            } else {
                "attack roll"
            };
            (
                format!(
                    "{} {} attack on {}: {roller}'s {rolled}",
                    state.name_of(spec.attacker),
                    spec.kind,
                    state.name_of(spec.target)
                ),
                Some(spec.target),
            )
        }
    }
}

/// How the dice of a roll under this edge are read (R6).
pub fn edge_line(edge: Edge) -> String {
    let (read, dice) = (super::checks::r6_edge(edge), super::checks::r6_dice(edge));
    match super::checks::r6(edge) {
        0 => "No edge: one die.".into(),
        n if n > 0 => format!(
            "{} ({dice} dice): the player picks; the best die is proposed.",
            capital(&read.to_string()),
        ),
        _ => format!(
            "{} ({dice} dice): the judge picks; the worst die is proposed.",
            capital(&read.to_string()),
        ),
    }
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

fn outcome(v: Verdict) -> Outcome {
    match v {
        Verdict::Pass => Outcome::Pass,
        Verdict::Fail => Outcome::Fail,
    }
}

fn roll_view(state: &State, r: &PendingRoll) -> RollView {
    let (title, sheet_of) = roll_title(state, r);
    let sheet = sheet_of.and_then(|id| state.character(id).ok());
    RollView {
        title,
        how: edge_line(r.edge),
        dice: r
            .faces
            .iter()
            .map(|&face| DieView {
                sides: r.sides,
                face,
                note: sheet.map(|c| slot_line(c, face as u8)).unwrap_or_default(),
                kept: true,
            })
            .collect(),
        proposed: r.proposed,
        picked: r.pick,
        can_pick: r.faces.len() > 1,
        can_edge: false,
        book: outcome(r.verdict),
        ruling: r.overridden.filter(|&v| v != r.verdict).map(outcome),
        reason: r.reason.clone(),
    }
}

/// The slots a decision offers and the one proposed; None for a yes-or-no question.
pub fn decision_options(d: &Decision) -> Option<(Vec<SlotNo>, SlotNo)> {
    match d {
        Decision::WoundSlot {
            options, proposed, ..
        }
        | Decision::SpreadSlot {
            options, proposed, ..
        }
        | Decision::HitSlot {
            options, proposed, ..
        }
        | Decision::FallSlot {
            options, proposed, ..
        } => Some((options.clone(), *proposed)),
        Decision::ImprovisedBlock { .. } => None,
    }
}

fn wound_words(w: Wound) -> &'static str {
    match w {
        Wound::Open => "open wound",
        Wound::Treated => "treated wound",
        Wound::None => "wound",
    }
}

/// A decision's question, why it is asked, and whose sheet its slots are on.
pub fn decision_title(d: &Decision) -> (String, String, CharId) {
    match d {
        Decision::WoundSlot {
            who, why, wound, ..
        } => (
            format!("Where does the {} go?", wound_words(*wound)),
            why.clone(),
            *who,
        ),
        Decision::SpreadSlot {
            who,
            condition,
            why,
            ..
        } => (
            format!(
                "Where does {} ({}) spread?",
                condition.letter(),
                condition.name()
            ),
            why.clone(),
            *who,
        ),
        Decision::HitSlot { attack, why, .. } => {
            ("Which slot is hit?".to_string(), why.clone(), attack.target)
        }
        Decision::ImprovisedBlock { attack, why, .. } => (
            "Does the item stop the attack?".to_string(),
            why.clone(),
            attack.target,
        ),
        Decision::FallSlot { who, .. } => (
            "Which slot takes the fall?".to_string(),
            "The die named no slot: the judge picks where the fall lands.".to_string(),
            *who,
        ),
    }
}

fn question_view(state: &State, d: &Decision) -> QuestionView {
    let (title, why, whose) = decision_title(d);
    let c = state.character(whose).ok();
    let slot_text = |slot: SlotNo| {
        c.map(|c| slot_line(c, slot))
            .unwrap_or_else(|| format!("slot {slot}"))
    };
    match decision_options(d) {
        Some((options, proposed)) => QuestionView {
            title,
            why,
            proposed: options.iter().position(|&s| s == proposed).unwrap_or(0),
            options: options
                .into_iter()
                .map(|slot| OptionView {
                    number: u32::from(slot),
                    text: slot_text(slot),
                })
                .collect(),
            detail: None,
            yes_no: None,
        },
        None => QuestionView {
            title,
            why,
            detail: match (d, c) {
                (Decision::ImprovisedBlock { slot, .. }, Some(c)) => {
                    Some(format!("The hit lands in {}.", slot_line(c, *slot)))
                }
                _ => None,
            },
            options: Vec::new(),
            proposed: 0,
            yes_no: Some(YesNo {
                yes: "it stops the attack".into(),
                no: "the hit lands".into(),
                proposed_yes: false,
            }),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_names_a_line_is_read_against_are_the_rosters_in_its_order() {
        let mut state = State::default();
        for (id, name, side) in [
            (0, "Goblin", Side::Opponents),
            (1, "Aria", Side::Players),
            (2, "Goblin 2", Side::Opponents),
            (3, "Bram", Side::Players),
        ] {
            let c = Character::new(id, name.to_string(), side, Layout::human());
            state.characters.push(c);
        }
        assert_eq!(
            names(&state),
            crate::rules::said::roster_names(&Slots::roster(&state))
        );
        assert_eq!(names(&state)[0], (1, "Aria".to_string()));
    }
}
