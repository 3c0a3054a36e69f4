//! Read models: what the screen frame, the recap and `show` draw from, in terms every ruleset can
//! fill. A ruleset turns its own state into these (see [`super::Ruleset`]); the frame lays them
//! out and styles them by [`Tone`], and never looks at a ruleset's own types.
//!
//! Everything here is plain data with words already chosen by the ruleset: the frame decides
//! where and how a thing is shown, the ruleset decides what it says.

use serde::{Deserialize, Serialize};

/// How a piece of text or a log line should stand out. The frame maps each tone to a style, and
/// in the roll log to a marker symbol, the same for every ruleset; nothing depends on colour
/// alone, because the words and symbols carry it too.
///
/// Events keep theirs as their mood ([`super::said::Mood`]), so it is saved with them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tone {
    Plain,
    /// Background detail.
    Dim,
    /// Good news for whoever it is about: a pass.
    Good,
    /// A fail.
    Bad,
    /// Needs the judge's eye soon: an encounter, a status that matters.
    Warn,
    /// Marks on a sheet (condition letters, fatigue).
    Mark,
    /// Harm taken: a wound, a hit, lost hit points.
    Harm,
    /// Harm tended: a treated wound, a bandage.
    Mended,
    /// A death.
    Death,
    /// The rules ask the judge something.
    Question,
    /// The judge ruled over the book.
    Ruling,
}

impl Tone {
    /// How a settled check reads: a judge's ruling stands out as one, else passed or failed.
    pub fn of_check(ruled: bool, passed: bool) -> Tone {
        if ruled {
            Tone::Ruling
        } else if passed {
            Tone::Good
        } else {
            Tone::Bad
        }
    }

    /// How health left of `max` reads at a glance, in every ruleset alike: none left is bad,
    /// some lost is harm, whole is plain.
    pub fn health(left: u32, max: u32) -> Tone {
        if left == 0 {
            Tone::Bad
        } else if left < max {
            Tone::Harm
        } else {
            Tone::Plain
        }
    }

    /// The symbol before a log or roll line of this tone, with its trailing space: the same on
    /// every screen and in every ruleset, so a line's meaning reads without colour. Every tone
    /// that means something has its own; plain and background lines share the dot.
    pub fn symbol(self) -> &'static str {
        match self {
            Tone::Plain | Tone::Dim => "· ",
            Tone::Good => "✓ ",
            Tone::Bad => "✗ ",
            Tone::Warn => "* ",
            Tone::Mark => "~ ",
            Tone::Harm => "● ",
            Tone::Mended => "+ ",
            Tone::Death => "✝ ",
            Tone::Question => "? ",
            Tone::Ruling => "! ",
        }
    }
}

/// A short tag after a name or in a list ("●2", "KO", "HP 3/7").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    pub text: String,
    pub tone: Tone,
}

impl Tag {
    pub fn new(text: impl Into<String>, tone: Tone) -> Tag {
        Tag {
            text: text.into(),
            tone,
        }
    }
}

/// One character or creature as the roster lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RosterEntry {
    /// The ruleset's id for the character, as its commands take it.
    pub id: u32,
    pub name: String,
    /// Has it acted this round (only meaningful in a fight)?
    pub acted: bool,
    /// Dead: the frame greys the name and shows nothing but the death.
    pub dead: bool,
    /// Alive but out of action (unconscious, dying, fled).
    pub out: bool,
    /// Fallen where the rules still give it its turn (actiondie's D24: prone at 0 HP): it
    /// reads `down` to the players and is no target a form proposes, yet its turn comes.
    pub down: bool,
    /// The state at a glance, in order.
    pub glance: Vec<Tag>,
    /// Health now and at most (hit points), when the ruleset counts it: the players' table
    /// reads "badly hurt" from it.
    pub health: Option<(u32, u32)>,
}

impl RosterEntry {
    /// Neither dead, nor out of action, nor down: one a fight may take and a form propose.
    pub fn standing(&self) -> bool {
        !self.dead && !self.out && !self.down
    }
}

/// The roster by side: for each of `sides` (its title, whether it is the players' own, and the
/// side `side_of` says its members stand on), everyone of `everyone` on it in their order, as
/// `entry` lists them. A side with nobody on it is left out.
pub fn by_side<C, S: PartialEq>(
    everyone: &[C],
    sides: impl IntoIterator<Item = (&'static str, bool, S)>,
    side_of: impl Fn(&C) -> S,
    entry: impl Fn(&C) -> RosterEntry,
) -> Vec<RosterGroup> {
    sides
        .into_iter()
        .map(|(title, party, side)| RosterGroup {
            title: title.to_string(),
            party,
            members: everyone
                .iter()
                .filter(|c| side_of(c) == side)
                .map(&entry)
                .collect(),
        })
        .filter(|g| !g.members.is_empty())
        .collect()
}

/// The roster of a ruleset whose sides are the players' characters and the creatures (bdp,
/// actiondie): [`by_side`] under the headings "Characters" and "Creatures".
pub fn characters_and_creatures<C>(
    everyone: &[C],
    is_pc: impl Fn(&C) -> bool,
    entry: impl Fn(&C) -> RosterEntry,
) -> Vec<RosterGroup> {
    by_side(
        everyone,
        [("Characters", true, true), ("Creatures", false, false)],
        is_pc,
        entry,
    )
}

/// A side or group as the roster heads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RosterGroup {
    /// "Players", "Opponents", "Group B".
    pub title: String,
    /// The players' own characters (the frame gives them the players' colour).
    pub party: bool,
    pub members: Vec<RosterEntry>,
}

/// Where a fighter stands in the current round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Standing {
    /// Taking its turn now.
    Acting,
    /// Acting out of turn (an interruption, a held action firing).
    Interrupting,
    /// Done for this round.
    Acted,
    /// Still to act this round.
    Ready,
    /// Cannot act this round; the word says why ("dead", "KO", "surprised").
    Out(String),
}

impl Standing {
    /// One symbol per standing, the same in every ruleset.
    pub fn symbol(&self) -> &'static str {
        match self {
            Standing::Acting => "▶",
            Standing::Interrupting => "↯",
            Standing::Acted => "✓",
            Standing::Ready => "○",
            Standing::Out(_) => "×",
        }
    }
}

/// One fighter on the initiative strip.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fighter {
    pub id: u32,
    pub name: String,
    /// The side, group or phase band it acts in.
    pub group: String,
    pub standing: Standing,
    /// What ordered it here, when the ruleset orders by a roll ("d8: 3", "DEX save: early").
    pub order_note: Option<String>,
}

/// The fight as the strip shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Initiative {
    pub round: u32,
    /// Who or what holds the initiative now, in the ruleset's words, short ("players",
    /// "phase: missile", "group B", "lowest die first").
    pub label: String,
    /// Everyone of the roster the label stands for (the one acting, a group's members): the
    /// players' table leaves the label out while they see none of them.
    pub label_names: Vec<u32>,
    /// Is it the players' own side that holds it (the frame gives it their colour)?
    pub party: bool,
    /// Why, when the ruleset can say ("they started the fight").
    pub why: Option<String>,
    /// Everyone in the fight in the order they act (or, for side initiative, side by side).
    pub order: Vec<Fighter>,
    /// The order is one sequence whatever the sides (by count, by roll): the strip shows it in
    /// one row as it is, never split by group.
    pub sequence: bool,
    /// Whose turn is under way.
    pub acting: Option<u32>,
    /// Who acts next.
    pub next: Upcoming,
    /// What the turn or round waits for, in words (without keys: the frame adds those).
    pub waiting: String,
}

/// Who acts after the turn under way (or first, when none is).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Upcoming {
    /// The next one ready down the listed order.
    Order,
    /// This fighter, when the listed order does not say it (groups taking turns one member at a
    /// time).
    Fighter(u32),
    /// A side that picks among its own who goes (its fighters' `group`), as alternating side
    /// initiative does (000 R33).
    Side(String),
    /// No one yet: the order waits for its roll.
    NotYet,
}

/// One die of a pending roll.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DieView {
    pub sides: u16,
    pub face: u16,
    /// What this face means on the sheet ("slot 4, left hand: dagger"), when it means something.
    pub note: String,
    /// Counted in the result (false for a die dropped by advantage, say).
    pub kept: bool,
}

/// The by-the-book verdict of a roll, or the judge's ruling over it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Pass,
    Fail,
}

impl Outcome {
    pub fn word(self) -> &'static str {
        match self {
            Outcome::Pass => "PASS",
            Outcome::Fail => "FAIL",
        }
    }

    pub fn tone(self) -> Tone {
        match self {
            Outcome::Pass => Tone::Good,
            Outcome::Fail => Tone::Bad,
        }
    }
}

/// A roll that waits for the judge: the dice, the proposal, the verdict and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RollView {
    /// What the roll is for, in words ("Ana: terrain check").
    pub title: String,
    /// How the dice are read ("Advantage (2 dice): the player picks; the best die is proposed.").
    pub how: String,
    pub dice: Vec<DieView>,
    /// The die the rules propose, and the one picked now (both indexes into `dice`).
    pub proposed: usize,
    pub picked: usize,
    /// May the judge pick another die?
    pub can_pick: bool,
    /// May the roll still take an edge after it was made (one more die, `Answer::Edge`)?
    pub can_edge: bool,
    pub book: Outcome,
    pub ruling: Option<Outcome>,
    pub reason: String,
}

impl RollView {
    /// The verdict that counts: the judge's ruling when there is one.
    pub fn outcome(&self) -> Outcome {
        self.ruling.unwrap_or(self.book)
    }
}

/// The ids of those in play whom the players see, in roster order, from each character's id and
/// whether it is in play: whom a ruleset proposes for a fight (see
/// [`super::Ruleset::fighters`]).
pub fn in_sight(
    everyone: impl IntoIterator<Item = (u32, bool)>,
    unseen: &std::collections::BTreeSet<u32>,
) -> Vec<u32> {
    everyone
        .into_iter()
        .filter(|&(id, in_play)| in_play && !unseen.contains(&id))
        .map(|(id, _)| id)
        .collect()
}

/// A choice the rules leave to the judge, with the proposal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuestionView {
    pub title: String,
    /// Why the question is asked.
    pub why: String,
    /// A line on what is at stake, when there is one ("The hit lands in slot 3...").
    pub detail: Option<String>,
    /// The answers to choose from; empty for a yes-or-no question.
    pub options: Vec<OptionView>,
    /// The proposed option (an index into `options`).
    pub proposed: usize,
    /// The wording of a yes-or-no question.
    pub yes_no: Option<YesNo>,
}

impl QuestionView {
    /// A question whose answers are chosen from a list, numbered from 1 in the order given,
    /// with no line of detail.
    pub fn choice(title: &str, why: &str, options: &[String], proposed: usize) -> QuestionView {
        QuestionView {
            title: title.to_string(),
            why: why.to_string(),
            detail: None,
            options: OptionView::numbered(options),
            proposed,
            yes_no: None,
        }
    }
}

/// One answer to a question: the number a digit key picks it by (a slot number, say) and what
/// it means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionView {
    pub number: u32,
    pub text: String,
}

impl OptionView {
    /// Answers numbered from 1 in the order given.
    pub fn numbered(options: &[String]) -> Vec<OptionView> {
        options
            .iter()
            .enumerate()
            .map(|(i, text)| OptionView {
                number: i as u32 + 1,
                text: text.clone(),
            })
            .collect()
    }
}

/// What yes and no mean for a yes-or-no question, and which one is proposed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YesNo {
    pub yes: String,
    pub no: String,
    pub proposed_yes: bool,
}

/// One member's die in a group roll.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupMember {
    pub id: u32,
    pub name: String,
    pub face: u16,
    /// What the face means on the member's sheet.
    pub note: String,
    /// Has the member used their swap?
    pub swapped: bool,
}

/// Everyone's dice of a group roll, before they are read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupView {
    pub title: String,
    pub how: String,
    pub members: Vec<GroupMember>,
}

/// What waits for the judge, front first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PendingView {
    Roll(RollView),
    Question(QuestionView),
    Group(GroupView),
}

/// The clock as the header and the clock line show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClockView {
    /// Where time stands, the count that matters most ("try 14", "round 2", "turn 3").
    pub now: String,
    /// The rest, after it ("(day 2, 09:30) · dark"); may be empty.
    pub detail: String,
    /// Where the party is (the scene), shown beside the time, when the ruleset keeps one.
    pub place: Option<String>,
    /// The units this ruleset counts time in, smallest first, with their current counts.
    pub units: Vec<(String, u32)>,
    /// What happens when time next moves on ("encounter dice at the next try").
    pub next: String,
}

/// The judge's answer to whatever waits, in terms every ruleset understands. Each ruleset maps
/// it to its own command, or refuses it in words when it does not fit what waits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// Take the proposal (or the picked die) as it stands.
    Accept,
    /// Pick another die (index into the roll's dice).
    Pick(usize),
    /// Rule the other way from the verdict that stands now.
    Override,
    /// Choose one of the offered options (index).
    Choose(usize),
    Yes,
    No,
    /// Swap the dice of two members of a group roll (their ids).
    Swap(u32, u32),
    /// Give the waiting roll an edge after it was made: one more die, kept by the ruleset's
    /// rule (true: advantage, false: disadvantage).
    Edge(bool),
    /// Drop what waits, with no effect.
    Cancel,
}

/// The front of a queue of rolls and questions, as the judge's answer reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Front {
    /// A roll, with the verdict that stands now.
    Roll { verdict: bool },
    /// A question with this many answers.
    Question { answers: usize },
}

/// What the judge's answer does to the front of a queue of rolls and questions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reply {
    Accept,
    Cancel,
    /// Rule the roll the other way.
    Rule {
        pass: bool,
    },
    Choose {
        option: usize,
    },
}

/// The judge's answer to the front of a queue of rolls and questions, read alike by every
/// ruleset that keeps one: accept or drop what waits, rule a roll (what the ruleset calls
/// `roll`: a roll, a save) the other way, or choose one of a question's answers. Anything else
/// is refused in words that say what the front takes; a ruleset reads its own answers first.
pub fn reply(front: Option<Front>, answer: Answer, roll: &str) -> Result<Reply, super::RuleError> {
    use super::RuleError;
    let Some(front) = front else {
        return Err(RuleError::invalid("nothing is waiting for the judge"));
    };
    match (front, answer) {
        (_, Answer::Accept) => Ok(Reply::Accept),
        (_, Answer::Cancel) => Ok(Reply::Cancel),
        (Front::Roll { verdict }, Answer::Override) => Ok(Reply::Rule { pass: !verdict }),
        (Front::Roll { .. }, _) => Err(RuleError::invalid(format!(
            "a {roll} waits: accept it, rule it the other way or drop it"
        ))),
        (Front::Question { answers }, Answer::Choose(i)) if i < answers => {
            Ok(Reply::Choose { option: i })
        }
        (Front::Question { .. }, _) => Err(RuleError::invalid(
            "a question waits: choose one of its answers",
        )),
    }
}

/// Writes `From<Reply>` for a ruleset's command type, whose `Accept`, `Cancel`, `Rule { pass }`
/// and `Choose { option }` answer its queue.
macro_rules! replies {
    ($command:ident) => {
        impl From<$crate::rules::view::Reply> for $command {
            fn from(reply: $crate::rules::view::Reply) -> $command {
                use $crate::rules::view::Reply;
                match reply {
                    Reply::Accept => $command::Accept,
                    Reply::Cancel => $command::Cancel,
                    Reply::Rule { pass } => $command::Rule { pass },
                    Reply::Choose { option } => $command::Choose { option },
                }
            }
        }
    };
}
pub(crate) use replies;

/// What a command does to the roll that waits, so the frame can replace a roll's dice with the
/// ones the table rolled: step back over the answers to the command that rolled, and run it
/// again with typed faces.
/// Who acts in a command and whom it acts against, by the ruleset's ids (see
/// [`super::Ruleset::aims`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Aim {
    pub by: u32,
    pub at: Vec<u32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Rolls dice that then wait for the judge.
    Rolls,
    /// Answers the waiting roll (picks a die, overrides the verdict) without rolling.
    Answers,
    Other,
}

/// One on the roster as the frame's one rule for what a form proposes reads them, seen from
/// the one acting (see [`super::Ruleset::footing`]). Facts only: the frame decides whom a
/// form proposes, the same way in every ruleset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Footing {
    pub id: u32,
    pub name: String,
    /// The side it fights on, in the ruleset's words: two of one side are allies.
    pub side: String,
    /// In the fight under way; false when none is.
    pub in_fight: bool,
    pub dead: bool,
    /// Alive and still in action: not unconscious, dying, critical or fled.
    pub standing: bool,
    /// Where the rules know reach (the slot system's zones): whether what the actor holds
    /// reaches it, and the range in the ruleset's words ("near"). None where they do not.
    pub reach: Option<(bool, String)>,
    /// Engaged with the actor or in its zone: proposed before the other foes.
    pub close: bool,
}

/// The facts every ruleset's read models already give, for a ruleset with nothing to add:
/// the side by the roster's party flag (the party against everyone else), in the fight when
/// the strip lists it, standing when the roster says neither dead nor out.
pub fn footing(roster: &[RosterGroup], fight: Option<&Initiative>) -> Vec<Footing> {
    footing_by(roster, fight, |g| {
        if g.party { "the party" } else { "the others" }.to_string()
    })
}

/// [`footing`] with the side each roster group fights on given by `side`.
pub fn footing_by(
    roster: &[RosterGroup],
    fight: Option<&Initiative>,
    side: impl Fn(&RosterGroup) -> String,
) -> Vec<Footing> {
    roster
        .iter()
        .flat_map(|g| {
            let side = side(g);
            g.members.iter().map(move |e| Footing {
                id: e.id,
                name: e.name.clone(),
                side: side.clone(),
                in_fight: fight.is_some_and(|f| f.order.iter().any(|o| o.id == e.id)),
                dead: e.dead,
                standing: e.standing(),
                reach: None,
                close: false,
            })
        })
        .collect()
}
