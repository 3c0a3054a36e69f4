//! The fight on the main screen (R33-R35): starting and ending it, choosing who acts, setups, the
//! interrupt window and the ruling on an interruption. Each move is one session command; this
//! file only decides which command a key stands for, and where the selection goes afterwards so
//! that the next likely key (Enter for the next turn, `a` for the actor's attack) acts on the
//! right character.

use ratatui::crossterm::event::{KeyCode, KeyEvent};

use super::screen::{ChoicePurpose, FormPurpose, refresh_live};
use super::{Dialog, keys};
use crate::rules::GameCommand;
use crate::rules::slots::{self, CharId, Event as SlotEvent, Side, State};
use crate::session::{Command, Entry, Event, Logged};
use crate::tui::form::{Choice, Field, Form};
use crate::tui::host::{Dice, Exec, Main};
use crate::tui::keymap::Action;
use crate::tui::sheets::fighters;

/// The window a setup opens (R35): one character of the other side who has not acted may
/// interrupt.
#[derive(Debug, Clone)]
pub struct InterruptWindow {
    pub actor: CharId,
    pub setup: String,
    /// Who may interrupt, in roster order.
    pub options: Vec<CharId>,
    pub sel: usize,
}

pub use crate::rules::slots::combat::{Stage, able_now, stage};

/// The key that turns the setup choice into a typed setup.
pub const OWN_SETUP: char = 'o';
/// The setup that asks where to, when the actor stands in a scene.
pub const MOVE_SETUP: char = 'm';

const SETUPS: [(char, &str); 6] = [
    ('m', "move"),
    ('u', "stand up"),
    ('b', "drop the backpack"),
    ('d', "draw an item"),
    ('a', "aim"),
    ('p', "prepare a spell"),
];

pub fn setup_command(key: char) -> Option<slots::Command> {
    let (_, what) = SETUPS.iter().find(|(k, _)| *k == key)?;
    Some(slots::Command::Setup {
        what: (*what).to_string(),
    })
}

pub fn ruling_command(key: char) -> Option<slots::Command> {
    match key {
        's' => Some(slots::Command::InterruptResult { stopped: true }),
        'f' => Some(slots::Command::InterruptResult { stopped: false }),
        _ => None,
    }
}

pub fn setup_form() -> Form<FormPurpose> {
    Form::new(
        "Setup in your own words",
        FormPurpose::Setup,
        vec![Field::text("what", "Setup", "")],
    )
    .with_note("One setup before the action: climb onto the table, light the lamp...")
}

/// Where the actor moves, when they stand in a zone of the scene: the other zones, those in
/// reach first, each with its range. None when there is no scene to move in (the setup is then
/// just "move").
pub fn move_form(state: &State) -> Option<Form<FormPurpose>> {
    let who = state.combat.as_ref()?.turn.as_ref()?.actor;
    let me = state.character(who).ok()?;
    let here = me.zone?;
    let mut zones: Vec<(String, u32, u8)> = state
        .scene
        .zones
        .iter()
        .filter(|z| z.id != here)
        .map(|z| {
            let range = slots::zones::zone_range(&state.scene, here, z.id);
            let near = u8::from(range != slots::Range::Near);
            (format!("{} · {range}", z.name), z.id, near)
        })
        .collect();
    if zones.is_empty() {
        return None;
    }
    zones.sort_by_key(|(_, _, far)| *far);
    let options = zones
        .into_iter()
        .map(|(label, id, _)| (label, id))
        .collect();
    Some(
        Form::new(
            format!("{} moves: where to?", me.name),
            FormPurpose::SetupMove { who },
            vec![Field::choice("zone", "To", options, 0)],
        )
        .with_note(
            "The move is the setup: the other side may interrupt it, and a stopped move is \
             taken back with u.",
        ),
    )
}

fn start_form(m: &Main) -> Form<FormPurpose> {
    let sides = vec![("players".to_string(), 0), ("opponents".to_string(), 1)];
    let mut form = Form::new(
        "Start a fight",
        FormPurpose::StartFight,
        vec![
            Field::choice("initiator", "Who started it", sides, 0),
            Field::choice("surprised", "Taken by surprise", surprised_options(), 0),
            fighters::field(m),
        ],
    )
    .with_note(format!(
        "The side that started it holds initiative first; a surprised side takes no turn in \
         round 1. {} Creatures in a zone neither in nor next to the party's are not ticked.",
        fighters::note(m)
    ));
    super::screen::refresh_choices(&mut form);
    refresh_live(&mut form, m.slots());
    form
}

/// Who may be taken by surprise, with the values `form_commands` reads (the side that started the
/// fight is then left out).
pub(super) fn surprised_options() -> Vec<(String, u32)> {
    vec![
        ("nobody".to_string(), 0),
        ("players".to_string(), 1),
        ("opponents".to_string(), 2),
    ]
}

fn side_of(v: Option<u32>) -> Side {
    if v == Some(1) {
        Side::Opponents
    } else {
        Side::Players
    }
}

/// The commands of the fight's forms.
pub fn form_commands(form: &Form<FormPurpose>, state: &State) -> Result<Vec<Command>, String> {
    let command = match form.purpose {
        FormPurpose::StartFight => {
            let initiator = side_of(form.choice("initiator"));
            let surprised = match form.choice("surprised") {
                Some(1) => Some(Side::Players),
                Some(2) => Some(Side::Opponents),
                _ => None,
            };
            if surprised == Some(initiator) {
                return Err(format!(
                    "the {initiator} started the fight, so they cannot be the ones surprised"
                ));
            }
            slots::Command::StartCombat {
                initiator,
                surprised,
                fighters: Some(fighters::chosen(form)?),
            }
        }
        FormPurpose::EndFight => slots::Command::EndCombat {
            senses: super::clock_keys::senses(form)?,
        },
        FormPurpose::Setup => {
            let what = form.text("what");
            if what.is_empty() {
                return Err("say what the setup is".into());
            }
            slots::Command::Setup { what }
        }
        FormPurpose::SetupMove { who } => {
            let Some(zone) = form.choice("zone") else {
                return Err("choose where to move".into());
            };
            let place = state
                .scene
                .zones
                .iter()
                .find(|z| z.id == zone)
                .map_or_else(|| format!("zone {zone}"), |z| z.name.clone());
            return Ok(vec![
                slots::Command::Setup {
                    what: format!("move to {place}"),
                }
                .into(),
                slots::Command::Place {
                    who,
                    zone: Some(zone),
                }
                .into(),
            ]);
        }
        _ => return Ok(Vec::new()),
    };
    Ok(vec![command.into()])
}

/// Did the actor come to harm since the interruption began? The slot rules keep it as they go
/// (R35), so the answer reads the same however long ago the interruption was.
fn harm_since_interrupt(main: &Main) -> Option<String> {
    main.slots().recent.harm_since_interrupt.clone()
}

pub fn slot_event(e: &Event) -> Option<&SlotEvent> {
    match e {
        Event::Game(crate::rules::GameEvent::Slots(e)) => Some(e),
        _ => None,
    }
}

fn is_fight_command(command: &Command) -> bool {
    matches!(
        command.game(),
        Some(GameCommand::Slots(
            slots::Command::StartCombat { .. }
                | slots::Command::StartTurn { .. }
                | slots::Command::Setup { .. }
                | slots::Command::Interrupt { .. }
                | slots::Command::InterruptResult { .. }
                | slots::Command::EndTurn
        ))
    )
}

impl Main {
    /// The fight's, the clock's and the scene's keys on the main screen; None for any other key.
    pub(crate) fn fight_key(&mut self, action: Action, dice: &mut Dice) -> Option<bool> {
        Some(match action {
            keys::FIGHT => self.open_fight_form(),
            keys::TAKE_TURN => self.take_turn(dice),
            keys::NEXT_ACTOR => self.next_actor(),
            keys::SETUP => self.open_setup(),
            keys::INTERRUPT => self.open_interrupt(),
            keys::COUNTER => self.open_counter(),
            keys::END_TURN => self.run_key(slots::Command::EndTurn.into(), dice),
            keys::TASK => self.open_task(false),
            keys::REST => self.open_task(true),
            keys::SCENE => {
                self.open(Dialog::Scene);
                true
            }
            _ => return None,
        })
    }

    /// The counterattack a parry opened (R17): the parrier is selected and the attack form comes
    /// filled in against the attacker.
    fn open_counter(&mut self) -> bool {
        let state = self.slots();
        let Some((who, against)) = state.recent.counter else {
            self.complain(
                "No counterattack is open: one opens when a parry with a melee weapon stops a blow",
            );
            return true;
        };
        let form = super::screen::counter_form(self, who, against);
        self.view.selected = Some(who);
        self.open(Dialog::Form(form));
        true
    }

    fn open_fight_form(&mut self) -> bool {
        let form = if self.slots().combat.is_some() {
            super::clock_keys::end_fight_form(self.slots())
        } else {
            start_form(self)
        };
        self.open(Dialog::Form(form));
        true
    }

    fn take_turn(&mut self, dice: &mut Dice) -> bool {
        let state = self.slots();
        let Some(combat) = &state.combat else {
            self.complain("No fight is under way: c starts one");
            return true;
        };
        if let Some(t) = &combat.turn {
            let end = crate::tui::keymap::key_for(
                keys::TABLE,
                crate::tui::keymap::Ctx::Main,
                keys::END_TURN,
            );
            self.complain(format!(
                "{}'s turn is under way: {} ends it",
                state.name_of(t.actor),
                end.unwrap_or_default()
            ));
            return true;
        }
        let Some(who) = self.view.selected else {
            self.complain("Select who takes the turn first");
            return true;
        };
        if self.ask_before_a_fatal_turn(who) {
            return true;
        }
        self.run_key(slots::Command::StartTurn { who }.into(), dice)
    }

    /// R22: a turn whose start bleeds its actor to death asks first, and only a key of its
    /// own starts it: one Enter (or click), pressed at speed, never kills. Whether it asked.
    fn ask_before_a_fatal_turn(&mut self, who: CharId) -> bool {
        let state = self.slots();
        let Some(w) = slots::forecast::bleeds_to_death(state, who) else {
            return false;
        };
        let name = state.name_of(who);
        self.open(Dialog::Choice(Choice {
            title: format!("{name} bleeds to death as this turn starts"),
            purpose: ChoicePurpose::FatalTurn { who },
            options: vec![
                ('y', format!("start {name}'s turn: {name} dies")),
                ('n', "not yet: Space selects another who can act".into()),
            ],
            error: None,
            note: Some(format!(
                "⚠ {name} {} {} ({}). Treat the wound first (r), or press y to start the \
                 turn anyway; Enter does nothing here.",
                w.what, w.when, w.why
            )),
        }));
        true
    }

    /// Moves the selection to the next character who can start a turn now, in roster order.
    fn next_actor(&mut self) -> bool {
        let state = self.slots();
        let Some(combat) = &state.combat else {
            self.complain("No fight is under way: c starts one");
            return true;
        };
        if combat.turn.is_some() {
            self.complain("A turn is under way: it must end before the next actor goes");
            return true;
        }
        let able = able_now(state, combat);
        let order: Vec<CharId> = self
            .roster()
            .into_iter()
            .filter(|id| able.contains(id))
            .collect();
        if order.is_empty() {
            self.complain("Nobody can act this round: E lets the round pass, c ends the fight");
            return true;
        }
        let roster = self.roster();
        let at = self
            .view
            .selected
            .and_then(|s| roster.iter().position(|&r| r == s));
        // The first able character after the selection in roster order, wrapping round.
        let next = match at {
            Some(at) => roster
                .iter()
                .skip(at + 1)
                .chain(roster.iter().take(at + 1))
                .find(|id| order.contains(id))
                .copied(),
            None => order.first().copied(),
        };
        self.view.selected = next;
        true
    }

    fn open_setup(&mut self) -> bool {
        let state = self.slots();
        let name = match stage(state) {
            Stage::NoFight => {
                self.complain("No fight is under way: c starts one");
                return true;
            }
            Stage::Pick | Stage::Stuck => {
                self.complain("No turn is under way: Enter starts the selected character's turn");
                return true;
            }
            Stage::Acting { actor } => state.name_of(actor),
            Stage::SetUp { actor }
            | Stage::Interrupting { actor, .. }
            | Stage::Finishing { actor, .. } => {
                self.complain(format!(
                    "{} has already set up this turn; a turn has one setup at most",
                    state.name_of(actor)
                ));
                return true;
            }
        };
        let mut options: Vec<(char, String)> =
            SETUPS.iter().map(|(k, w)| (*k, (*w).to_string())).collect();
        options.push((OWN_SETUP, "something else (type it)".into()));
        self.open(Dialog::Choice(Choice {
            title: format!("{name} sets up"),
            purpose: ChoicePurpose::Setup,
            options,
            error: None,
            note: Some("The other side may then interrupt with an action of its own.".into()),
        }));
        true
    }

    /// The interrupt window after a setup, or the ruling once someone has interrupted.
    fn open_interrupt(&mut self) -> bool {
        let state = self.slots();
        match stage(state) {
            Stage::SetUp { actor } => {
                let side = state.character(actor).map(|c| c.side.other()).ok();
                if !self.open_window() {
                    self.complain(format!(
                        "None of the {} can interrupt: everyone has acted or cannot act",
                        side.map(|s| s.to_string()).unwrap_or_default()
                    ));
                }
                true
            }
            Stage::Interrupting { actor, by } => {
                self.open_ruling(actor, by);
                true
            }
            Stage::Acting { actor } => {
                self.complain(format!(
                    "Only a setup can be interrupted, and {} has not set up: S announces one",
                    state.name_of(actor)
                ));
                true
            }
            Stage::Finishing { actor, by } => {
                self.complain(format!(
                    "{} has already been interrupted this turn, by {}",
                    state.name_of(actor),
                    state.name_of(by)
                ));
                true
            }
            Stage::Pick | Stage::Stuck => {
                self.complain("No turn is under way to interrupt");
                true
            }
            Stage::NoFight => {
                self.complain("No fight is under way: c starts one");
                true
            }
        }
    }

    /// Opens the interrupt window when someone can interrupt the setup under way.
    fn open_window(&mut self) -> bool {
        let state = self.slots();
        let Some(turn) = state.combat.as_ref().and_then(|c| c.turn.clone()) else {
            return false;
        };
        let Ok(actor) = state.character(turn.actor) else {
            return false;
        };
        let able = slots::combat::able(state, actor.side.other());
        let options: Vec<CharId> = self
            .roster()
            .into_iter()
            .filter(|id| able.contains(id))
            .collect();
        if options.is_empty() || turn.interrupter.is_some() {
            return false;
        }
        self.open(Dialog::Interrupt(InterruptWindow {
            actor: turn.actor,
            setup: turn.setup.unwrap_or_default(),
            options,
            sel: 0,
        }));
        true
    }

    fn open_ruling(&mut self, actor: CharId, by: CharId) {
        let state = self.slots();
        let (a, b) = (state.name_of(actor), state.name_of(by));
        let side = |id| {
            state
                .character(id)
                .map(|c| c.side.to_string())
                .unwrap_or_default()
        };
        let harm = harm_since_interrupt(self);
        let proposal = |on: bool| if on { "  ★ proposed (Enter)" } else { "" };
        let options = vec![
            (
                's',
                format!(
                    "it stopped or hurt {a}: both turns end, initiative back to the {}{}",
                    side(actor),
                    proposal(harm.is_some())
                ),
            ),
            (
                'f',
                format!(
                    "it failed: {a} finishes the turn, then initiative to the {}{}",
                    side(by),
                    proposal(harm.is_none())
                ),
            ),
        ];
        let why = match &harm {
            Some(h) => format!("Proposed because {h} since the interruption."),
            None => format!("Proposed because nothing wounded or held {a} since the interruption."),
        };
        self.open(Dialog::Choice(Choice {
            title: format!("Rule {b}'s interruption of {a}"),
            purpose: ChoicePurpose::Ruling {
                stop_proposed: harm.is_some(),
            },
            options,
            error: None,
            note: Some(why),
        }));
    }

    pub(crate) fn interrupt_key(
        &mut self,
        action: Option<Action>,
        key: KeyEvent,
        dice: &mut Dice,
    ) -> bool {
        let Some(Dialog::Interrupt(w)) = super::view_mut(&mut self.sheet).dialog.as_mut() else {
            return false;
        };
        match action {
            Some(Action::Up) => {
                w.sel = w.sel.saturating_sub(1);
                true
            }
            Some(Action::Down) => {
                if w.sel + 1 < w.options.len() {
                    w.sel += 1;
                }
                true
            }
            Some(Action::Digit) => {
                let KeyCode::Char(c) = key.code else {
                    return false;
                };
                match c.to_digit(10).map(|d| d as usize) {
                    Some(d) if d >= 1 && d <= w.options.len() => {
                        w.sel = d - 1;
                        true
                    }
                    _ => false,
                }
            }
            Some(Action::Accept) => {
                let sel = w.sel;
                self.interrupt_with(sel, dice)
            }
            Some(Action::Cancel) => {
                let actor = w.actor;
                let actor = self.slots().name_of(actor);
                self.close_dialog();
                self.say(format!("Nobody interrupts: {actor} goes on"));
                true
            }
            Some(Action::Undo) => {
                self.close_dialog();
                self.undo()
            }
            _ => false,
        }
    }

    fn interrupt_with(&mut self, i: usize, dice: &mut Dice) -> bool {
        let Some(Dialog::Interrupt(w)) = self.dialog() else {
            return false;
        };
        let Some(&who) = w.options.get(i) else {
            return false;
        };
        let window = w.clone();
        self.close_dialog();
        if let Exec::Failed(why) = self.run(slots::Command::Interrupt { who }.into(), dice, None) {
            self.open(Dialog::Interrupt(window));
            self.complain(why);
        }
        true
    }

    pub(crate) fn click_interrupter(&mut self, i: usize) -> bool {
        // Interrupting rolls nothing, so the click needs no dice.
        let mut none = Dice::scripted([]);
        self.interrupt_with(i, &mut none)
    }

    /// A click on a name on the strip: that character takes their turn when nobody's turn is
    /// under way; otherwise it only selects them.
    pub(crate) fn click_actor(&mut self, id: CharId) -> bool {
        let free = self
            .slots()
            .combat
            .as_ref()
            .is_some_and(|c| c.turn.is_none());
        if free {
            self.view.selected = Some(id);
            if self.ask_before_a_fatal_turn(id) {
                return true;
            }
            self.run_key_no_dice(slots::Command::StartTurn { who: id }.into())
        } else {
            self.view.selected = Some(id);
            true
        }
    }

    /// After a fight command: select whoever is acting, or the first character who can act
    /// next; after a setup, open the interrupt window. Then anything time changed is summed up.
    pub(crate) fn after(&mut self, step: &Logged) {
        let entry = &step.entry;
        if is_fight_command(&entry.command) {
            self.follow_fight();
            if matches!(
                &entry.command,
                Command::Game(GameCommand::Slots(slots::Command::Setup { .. }))
            ) {
                self.open_window();
            }
        }
        super::clock_keys::sum_up(self, step);
    }

    /// Undoing or redoing a fight step moves the selection as the step itself did.
    pub(crate) fn follow_fight_after(&mut self, entry: &Entry) {
        if is_fight_command(&entry.command) {
            self.follow_fight();
        }
    }

    fn follow_fight(&mut self) {
        let state = self.slots();
        let Some(combat) = &state.combat else {
            return;
        };
        let next = match &combat.turn {
            Some(t) => Some(match t.interrupter {
                Some(i) if !t.interrupt_failed => i,
                _ => t.actor,
            }),
            None => {
                let able = able_now(state, combat);
                if self.view.selected.is_some_and(|s| able.contains(&s)) {
                    None
                } else {
                    self.roster().into_iter().find(|id| able.contains(id))
                }
            }
        };
        if let Some(id) = next {
            self.view.selected = Some(id);
        }
    }

    fn open_task(&mut self, rest: bool) -> bool {
        let state = self.slots();
        if let Some(c) = &state.combat {
            self.complain(format!(
                "A fight is under way (round {}): c ends it first; the fight itself counts as a try",
                c.round
            ));
            return true;
        }
        self.open(Dialog::Form(super::clock_keys::task_form(state, rest)));
        true
    }
}
