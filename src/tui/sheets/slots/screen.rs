//! The slot sheet's keys (R1-R29): rolls, wounds and marks, characters and items, with the forms,
//! one-key choices and item library they open, and the commands each submitted dialog stands for.

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent};
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};

use tui_input::Input;
use tui_input::backend::crossterm::EventHandler;

use super::keys;
use super::{Dialog, slots_of, view_mut};
use crate::content::Library;
use crate::dice::Edge;
use crate::rules::slots::{
    self, AttackKind, AttackSpec, CharId, CheckKind, Condition, Defense, Item, Prop, Region,
    Senses, Side, SlotNo, State, StatusFlag, Wound, ZoneId,
};
use crate::session::Command;
use crate::tui::form::{Choice, Field, FieldKind, Form};
use crate::tui::host::{Dice, Exec, FormStep, Main, form_key};
use crate::tui::keymap::{Action, Press};
use crate::tui::theme::Theme;
use crate::tui::widgets::{RenderTo, dialog, pad, width_for};

/// What a form gathers values for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FormPurpose {
    NewSession,
    Check {
        who: CharId,
        terrain: bool,
    },
    Stealth {
        who: CharId,
    },
    /// `attacker` set: the selected character attacks; otherwise `target` is attacked.
    /// `warned`: the judge has seen the out-of-range warning, so Enter rolls anyway.
    Attack {
        attacker: Option<CharId>,
        target: Option<CharId>,
        warned: bool,
    },
    Fall {
        who: CharId,
    },
    Group,
    NewChar,
    EditChar {
        who: CharId,
    },
    Item {
        who: CharId,
        slot: SlotNo,
    },
    MoveItem {
        who: CharId,
        from: SlotNo,
    },
    StartFight,
    EndFight,
    /// A setup in the actor's own words.
    Setup,
    /// A "move" setup: where the actor goes (R29, R35).
    SetupMove {
        who: CharId,
    },
    Task,
    NewScene,
    AddZone,
    /// Link (or unlink) the zone `from` with the one chosen.
    LinkZone {
        from: ZoneId,
    },
    /// Hide (or show) the zone `from` from the one chosen.
    HideZone {
        from: ZoneId,
    },
}

impl FormPurpose {
    /// The kind of roll the form's command makes, for its secret switch.
    pub fn roll_kind(&self) -> Option<crate::rules::RollKind> {
        use crate::rules::RollKind as K;
        Some(match self {
            FormPurpose::Check { .. }
            | FormPurpose::Stealth { .. }
            | FormPurpose::Fall { .. }
            | FormPurpose::Group => K::Check,
            FormPurpose::Attack { .. } => K::Attack,
            FormPurpose::Task | FormPurpose::EndFight => K::Encounter,
            _ => return None,
        })
    }

    /// Forms opened from the scene editor go back to it when they close.
    pub fn from_scene(&self) -> bool {
        matches!(
            self,
            FormPurpose::NewScene
                | FormPurpose::AddZone
                | FormPurpose::LinkZone { .. }
                | FormPurpose::HideZone { .. }
        )
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChoicePurpose {
    Wound {
        who: CharId,
        slot: SlotNo,
    },
    Mark {
        who: CharId,
        slot: SlotNo,
    },
    Worsen {
        who: CharId,
    },
    Clear {
        who: CharId,
        slot: SlotNo,
    },
    Status {
        who: CharId,
    },
    /// What the actor sets up (R35).
    Setup,
    /// Did the interruption stop or hurt the actor (R35)? `stop_proposed` is the proposal.
    Ruling {
        stop_proposed: bool,
    },
    /// Start a turn that kills its actor as it starts (R22: the bleeding has no slot left):
    /// only `y` starts it, so one Enter never kills.
    FatalTurn {
        who: CharId,
    },
}

/// Searching the item library for a slot.
#[derive(Debug, Clone)]
pub struct Picker {
    pub who: CharId,
    pub slot: SlotNo,
    pub input: Input,
    pub selected: usize,
}

impl Main {
    pub(crate) fn sheet_key(&mut self, press: Press, dice: &mut Dice, library: &Library) -> bool {
        let Press { action, key, .. } = press;
        let Some(action) = action else {
            return false;
        };
        if let Some(done) = self.fight_key(action, dice) {
            return done;
        }
        let who = self.view.selected;
        let slot = self.view.row;
        let need_who = || "add a character first: press n".to_string();
        match action {
            Action::Up => {
                if self.view.row > 1 {
                    self.view.row -= 1;
                }
                return true;
            }
            Action::Down => {
                let len = self.selected().map_or(0, |c| c.slots.len()) as SlotNo;
                if self.view.row < len {
                    self.view.row += 1;
                }
                return true;
            }
            Action::Digit => {
                if let KeyCode::Char(c) = key.code
                    && let Some(d) = c.to_digit(10)
                    && self
                        .selected()
                        .is_some_and(|ch| d as usize <= ch.slots.len())
                {
                    self.view.row = d as SlotNo;
                    return true;
                }
                return false;
            }
            keys::NEW_CHAR => {
                self.open(Dialog::Form(new_char_form(library)));
                return true;
            }
            keys::GROUP => {
                let form = group_form(self.slots());
                self.open(Dialog::Form(form));
                return true;
            }
            _ => {}
        }
        let Some(who) = who else {
            self.complain(need_who());
            return true;
        };
        let state = self.slots();
        let Ok(ch) = state.character(who) else {
            return false;
        };
        let name = ch.name.clone();
        let item_here = ch.slot(slot).and_then(|s| s.item.clone());
        let overlay = match action {
            keys::TERRAIN => Dialog::Form(
                Form::new(
                    format!("Terrain check: {name}"),
                    FormPurpose::Check { who, terrain: true },
                    vec![Field::edge(0)],
                )
                .with_note("Passes on an unmarked slot holding a light item or nothing; that slot then takes a fatigue mark."),
            ),
            keys::CHECK => Dialog::Form(
                Form::new(
                    format!("Check: {name}"),
                    FormPurpose::Check { who, terrain: false },
                    vec![
                        Field::choice(
                            "kind",
                            "Kind",
                            vec![
                                ("judge reads the item".into(), 0),
                                ("corruption exposure".into(), 1),
                            ],
                            0,
                        ),
                        Field::edge(0),
                    ],
                ),
            ),
            keys::STEALTH => Dialog::Form(
                Form::new(
                    format!("Stealth check: {name}"),
                    FormPurpose::Stealth { who },
                    vec![
                        Field::toggle("hearing", "Against hearing", true),
                        Field::toggle("smell", "Against a keen nose", false),
                        Field::text("sight", "Smuggled item in slots", ""),
                        Field::toggle("noise", "Noisy surroundings (advantage)", false),
                        Field::toggle("dim", "Low light (advantage)", false),
                        Field::edge(0),
                    ],
                )
                .with_note("Type slot numbers (like 9 10) for an item smuggled past watchers."),
            ),
            keys::FALL => Dialog::Form(
                Form::new(
                    format!("Fall: {name}"),
                    FormPurpose::Fall { who },
                    vec![Field::number("feet", "Feet fallen", 10, 10, 990, 10)],
                )
                .with_note("One check per full 10 ft; a body slot rolled takes an open wound."),
            ),
            keys::ATTACK => Dialog::Form(match state.recent.counter {
                Some((parrier, against)) if parrier == who => counter_form(self, who, against),
                _ => attack_form(self, Some(who), None),
            }),
            keys::DEFENSE => Dialog::Form(attack_form(self, None, Some(who))),
            keys::WOUND => Dialog::Choice(Choice {
                title: format!("Wound slot {slot} of {name}"),
                purpose: ChoicePurpose::Wound { who, slot },
                options: vec![
                    ('o', "open wound (bleeds)".into()),
                    ('t', "treated wound".into()),
                    ('h', "heal the wound here".into()),
                ],
                error: None,
                note: None,
            }),
            keys::TREAT => {
                return self.run_key(slots::Command::Treat { who, slot }.into(), dice);
            }
            keys::MARK => Dialog::Choice(letter_choice(
                format!("Mark slot {slot} of {name}"),
                ChoicePurpose::Mark { who, slot },
                true,
            )),
            keys::WORSEN => Dialog::Choice(letter_choice(
                format!("Worsen a condition of {name}"),
                ChoicePurpose::Worsen { who },
                false,
            )),
            keys::CLEAR_MARK => Dialog::Choice(letter_choice(
                format!("Clear a mark from slot {slot} of {name}"),
                ChoicePurpose::Clear { who, slot },
                true,
            )),
            keys::STATUS => Dialog::Choice(status_choice(ch)),
            keys::EDIT_CHAR => Dialog::Form(Form::new(
                format!("Edit {name}"),
                FormPurpose::EditChar { who },
                vec![
                    Field::text("name", "Name", &name),
                    side_field(ch.side),
                ],
            )),
            keys::REMOVE_CHAR => {
                return self.run_key(slots::Command::RemoveCharacter { who }.into(), dice);
            }
            keys::PUT_ITEM => Dialog::Picker(Picker {
                who,
                slot,
                input: Input::default(),
                selected: 0,
            }),
            keys::EDIT_ITEM => {
                let item = item_here.unwrap_or_else(|| Item::plain(""));
                Dialog::Form(item_form(who, slot, &item))
            }
            keys::MOVE_ITEM => {
                if item_here.is_none() {
                    self.complain(format!("slot {slot} of {name} holds nothing to move"));
                    return true;
                }
                Dialog::Form(
                    Form::new(
                        format!("Move the item in slot {slot} of {name}"),
                        FormPurpose::MoveItem { who, from: slot },
                        vec![Field::number(
                            "to",
                            "To slot",
                            if slot == 1 { 2 } else { slot - 1 }.into(),
                            1,
                            ch.slots.len() as u16,
                            1,
                        )],
                    )
                    .with_note("Whatever is in the target slot comes here in exchange."),
                )
            }
            keys::REMOVE_ITEM => {
                return self.run_key(slots::Command::RemoveItem { who, slot }.into(), dice);
            }
            keys::BACKPACK => {
                let cmd = if ch.backpack_dropped {
                    slots::Command::ShoulderBackpack { who }
                } else {
                    slots::Command::DropBackpack { who }
                };
                return self.run_key(cmd.into(), dice);
            }
            keys::TWO_HANDS => {
                let on = !ch.slot(slot).is_some_and(|s| s.two_hands);
                return self.run_key(slots::Command::TwoHands { who, slot, on }.into(), dice);
            }
            _ => return false,
        };
        self.open(overlay);
        true
    }

    // ---- Forms

    pub(crate) fn form_key(&mut self, press: Press, dice: &mut Dice, library: &Library) -> bool {
        let Press { action, key, .. } = press;
        let Some(Dialog::Form(form)) = view_mut(&mut self.sheet).dialog.as_mut() else {
            return false;
        };
        let before = form.choice("attacker");
        match form_key(form, action, key) {
            FormStep::Cancel => {
                let back = form.purpose.from_scene().then_some(Dialog::Scene);
                view_mut(&mut self.sheet).dialog = back;
                true
            }
            FormStep::Changed => {
                let state = slots_of(&self.session);
                if form.choice("attacker") != before {
                    refresh_weapons(form, state);
                }
                if let FormPurpose::Attack { warned, .. } = &mut form.purpose {
                    *warned = false;
                }
                refresh_choices(form);
                refresh_live(form, state);
                true
            }
            FormStep::Ignored => false,
            FormStep::Submit => {
                let state = slots_of(&self.session);
                if let FormPurpose::Attack { warned: false, .. } = form.purpose
                    && let Some(why) = super::scene::out_of_range(form, state)
                {
                    form.error = Some(format!("{why}. Enter again rolls it anyway."));
                    if let FormPurpose::Attack { warned, .. } = &mut form.purpose {
                        *warned = true;
                    }
                    return true;
                }
                let form = form.clone();
                let commands = match form_commands(&form, self.slots(), library) {
                    Ok(c) => c,
                    Err(why) => return self.form_error(why),
                };
                if commands.is_empty() {
                    self.close_dialog();
                    return true;
                }
                // A step that would leave a player character dead (a rest whose bleeding spreads past the
                // last slot, R22) waits for `y`, as every step that kills does.
                if !form.fatal
                    && let Some(warning) = commands
                        .first()
                        .and_then(|c| crate::tui::sheets::forms::kill_warning(self, c))
                {
                    if let Some(Dialog::Form(f)) = view_mut(&mut self.sheet).dialog.as_mut() {
                        f.ask_before_it_kills(warning);
                    }
                    return true;
                }
                self.close_dialog();
                crate::tui::sheets::secret::arm(self, &form, form.purpose.roll_kind());
                for (i, command) in commands.into_iter().enumerate() {
                    match self.run(command, dice, None) {
                        Exec::Done => {}
                        Exec::Asked => return true,
                        Exec::Failed(why) => {
                            crate::tui::sheets::secret::disarm(self);
                            if i == 0 {
                                // Nothing changed: the form comes back with the reason.
                                let mut form = form;
                                form.error = Some(why);
                                self.open(Dialog::Form(form));
                            } else {
                                self.complain(why);
                            }
                            return true;
                        }
                    }
                }
                crate::tui::sheets::secret::disarm(self);
                if matches!(form.purpose, FormPurpose::NewChar)
                    && let Some(last) = self.slots().characters.last()
                {
                    self.view.selected = Some(last.id);
                    self.view.row = 1;
                }
                if form.purpose.from_scene() && self.dialog().is_none() {
                    self.open(Dialog::Scene);
                }
                true
            }
        }
    }

    fn form_error(&mut self, why: String) -> bool {
        if let Some(Dialog::Form(form)) = self.dialog_mut() {
            form.error = Some(why);
        }
        true
    }

    // ---- One-key choices

    pub(crate) fn choice_key(
        &mut self,
        action: Option<Action>,
        key: KeyEvent,
        dice: &mut Dice,
    ) -> bool {
        let Some(Dialog::Choice(choice)) = view_mut(&mut self.sheet).dialog.as_mut() else {
            return false;
        };
        if action == Some(Action::Cancel) {
            self.close_dialog();
            return true;
        }
        let c = match (action, &choice.purpose, key.code) {
            // Enter takes the proposal where the choice has one (the ruling on an interruption).
            (Some(Action::Accept), ChoicePurpose::Ruling { stop_proposed }, _) => {
                if *stop_proposed { 's' } else { 'f' }
            }
            (Some(Action::Accept), ..) => return false,
            (_, _, KeyCode::Char(c)) => c,
            _ => return false,
        };
        let Some(&(k, _)) = choice
            .options
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(&c))
        else {
            choice.error = Some(format!("{c} is not one of the choices"));
            return true;
        };
        let purpose = choice.purpose.clone();
        if matches!(purpose, ChoicePurpose::FatalTurn { .. }) && k == 'n' {
            self.close_dialog();
            return true;
        }
        if purpose == ChoicePurpose::Setup && k == super::fight::OWN_SETUP {
            self.open(Dialog::Form(super::fight::setup_form()));
            return true;
        }
        if purpose == ChoicePurpose::Setup
            && k == super::fight::MOVE_SETUP
            && let Some(form) = super::fight::move_form(self.slots())
        {
            self.open(Dialog::Form(form));
            return true;
        }
        let Some(command) = choice_command(&purpose, k, self.slots()) else {
            return false;
        };
        match self.run(command, dice, None) {
            Exec::Failed(why) => {
                if let Some(Dialog::Choice(choice)) = self.dialog_mut() {
                    choice.error = Some(why);
                }
            }
            Exec::Done => {
                if matches!(self.dialog(), Some(Dialog::Choice(_))) {
                    self.close_dialog();
                }
            }
            Exec::Asked => {}
        }
        true
    }

    // ---- Item library

    pub(crate) fn picker_key(&mut self, press: Press, dice: &mut Dice, library: &Library) -> bool {
        let Press { action, key, .. } = press;
        let Some(Dialog::Picker(picker)) = view_mut(&mut self.sheet).dialog.as_mut() else {
            return false;
        };
        let matches = picker_matches(library, picker.input.value());
        let extra = usize::from(!picker.input.value().trim().is_empty());
        match action {
            Some(Action::Cancel) => {
                self.close_dialog();
                true
            }
            Some(Action::Up) => {
                picker.selected = picker.selected.saturating_sub(1);
                true
            }
            Some(Action::Down) => {
                if picker.selected + 1 < matches.len() + extra {
                    picker.selected += 1;
                }
                true
            }
            Some(Action::Accept) => {
                let (who, slot) = (picker.who, picker.slot);
                if let Some(item) = matches.get(picker.selected) {
                    let item = (*item).clone();
                    self.close_dialog();
                    self.run_key(
                        slots::Command::PutItem {
                            who,
                            slot,
                            item: item.into(),
                        }
                        .into(),
                        dice,
                    )
                } else if extra == 1 {
                    let item = Item::plain(picker.input.value().trim());
                    self.open(Dialog::Form(item_form(who, slot, &item)));
                    true
                } else {
                    false
                }
            }
            _ => {
                let changed = picker.input.handle_event(&Event::Key(key)).is_some();
                if changed {
                    picker.selected = 0;
                }
                changed
            }
        }
    }

    // ---- Palette
}

fn side_field(side: Side) -> Field {
    Field::choice(
        "side",
        "Side",
        vec![("players".into(), 0), ("opponents".into(), 1)],
        usize::from(side == Side::Opponents),
    )
}

fn side_from(v: Option<u32>) -> Side {
    if v == Some(1) {
        Side::Opponents
    } else {
        Side::Players
    }
}

fn new_char_form(library: &Library) -> Form<FormPurpose> {
    let mut kinds = vec![("human (11 slots, d12)".to_string(), 0)];
    kinds.extend(library.creatures.iter().enumerate().map(|(i, c)| {
        (
            format!("{} ({} slots, d{})", c.name, c.layout.len(), c.layout.die),
            i as u32 + 1,
        )
    }));
    Form::new(
        "New character",
        FormPurpose::NewChar,
        vec![
            Field::choice("kind", "Body", kinds, 0),
            Field::text("name", "Name", ""),
            Field::choice(
                "side",
                "Side",
                vec![
                    ("by the body: a human plays, a creature opposes".into(), 2),
                    ("players".into(), 0),
                    ("opponents".into(), 1),
                ],
                0,
            ),
        ],
    )
    .with_note("A creature from the bestiary comes with its own slots and gear; with no name it is numbered after its kind (Goblin 1, Goblin 2).")
}

fn group_form(state: &State) -> Form<FormPurpose> {
    let options: Vec<(String, u32)> = state
        .characters
        .iter()
        .map(|c| (c.name.clone(), c.id))
        .collect();
    let on = state
        .characters
        .iter()
        .map(|c| c.side == Side::Players && !c.incapacitated())
        .collect();
    Form::new(
        "Group check",
        FormPurpose::Group,
        vec![
            Field::multi("who", "Who rolls", options, on),
            Field::choice(
                "kind",
                "Kind",
                vec![
                    ("terrain".into(), 0),
                    ("judge reads the item".into(), 1),
                    ("stealth against hearing".into(), 2),
                    ("stealth against smell".into(), 3),
                    ("stealth against both".into(), 4),
                ],
                0,
            ),
        ],
    )
    .with_note("←→ move between characters, Space puts one in or out.")
}

/// The grip slots holding something, for the weapon field.
fn weapon_options(state: &State, attacker: Option<CharId>) -> (Vec<(String, u32)>, usize) {
    // Only weapons: the rules take nothing else from a grip (a wand's blast is no weapon's).
    let mut options = vec![(
        "none (bare hands, claws, a wand or spell's blast)".to_string(),
        0,
    )];
    let mut default = 0;
    if let Some(c) = attacker.and_then(|a| state.character(a).ok()) {
        for n in 1..=c.slots.len() as SlotNo {
            if c.layout.region(n) == Some(Region::Grip)
                && let Some(item) = c.slot(n).and_then(|s| s.item.as_ref())
                && item.weapon.is_some()
            {
                if default == 0 {
                    default = options.len();
                }
                options.push((format!("slot {n}: {}", item.name), u32::from(n)));
            }
        }
    }
    (options, default)
}

fn refresh_weapons(form: &mut Form<FormPurpose>, state: &State) {
    let attacker = form.choice("attacker");
    let (options, default) = weapon_options(state, attacker);
    if let Some(f) = form.fields.iter_mut().find(|f| f.id == "weapon") {
        f.kind = FieldKind::Choice {
            options,
            idx: default,
        };
    }
}

fn attack_form(m: &Main, attacker: Option<CharId>, target: Option<CharId>) -> Form<FormPurpose> {
    let state = m.slots();
    let me = attacker.or(target).unwrap_or_default();
    // The frame's one rule (see `targets`): a foe of the one attacking, or of the one attacked,
    // in the fight, standing and in reach. When defending, whoever acts now (the turn's actor,
    // or the one interrupting it) leads; when attacking, whom the attacker attacked last.
    let lead = match attacker {
        Some(a) => crate::tui::sheets::targets::attacked_last(m, a),
        None => state.combat.as_ref().and_then(|c| {
            c.turn.as_ref().map(|t| match t.interrupter {
                Some(i) if !t.interrupt_failed => i,
                _ => t.actor,
            })
        }),
    };
    let targets =
        crate::tui::sheets::targets::propose(&m.session.state().game, &m.unseen(), me, lead);
    let striker = attacker.or_else(|| targets.proposed());
    let (weapons, weapon_idx) = weapon_options(state, striker);
    let kind_idx = striker
        .and_then(|s| state.character(s).ok())
        .and_then(|c| {
            let slot = weapons.get(weapon_idx).map(|(_, v)| *v as SlotNo)?;
            c.slot(slot)?.item.as_ref()?.weapon
        })
        .map_or(0, |w| match w.kind {
            slots::WeaponKind::Melee => 0,
            _ => 2,
        });
    let name = state.name_of(me);
    let (title, who_field) = match attacker {
        Some(_) => (format!("{name} attacks"), targets.field("target", "Target")),
        None => (
            format!("{name} is attacked"),
            targets.field("attacker", "Attacker"),
        ),
    };
    let mut form = Form::new(
        title,
        FormPurpose::Attack {
            attacker,
            target,
            warned: false,
        },
        vec![
            who_field,
            Field::choice(
                "kind",
                "Attack",
                vec![
                    ("melee".into(), 0),
                    ("grab".into(), 1),
                    ("missile".into(), 2),
                    ("blast".into(), 3),
                ],
                kind_idx,
            ),
            Field::choice("weapon", "Weapon", weapons, weapon_idx),
            Field::choice("defense", "Defender declares", defenses(), 0),
            Field::toggle(
                "aimed",
                "Missile aimed, no move",
                striker.is_some_and(|s| slots::combat::aimed_this_turn(state, s)),
            ),
            Field::number("blast", "Blast hits slots", 1, 1, 3, 1),
            Field::toggle("counter", "Counterattack after a parry", false),
            Field::toggle("dual", "Trade advantage for two attacks", false),
            Field::edge(0),
        ],
    )
    .with_note("A player character's roll names the slot hit: the attacker's roll, or the defender's defense check.");
    form = crate::tui::sheets::targets::noted(form, &targets);
    refresh_choices(&mut form);
    refresh_live(&mut form, state);
    form
}

/// The attack form filled in as the counterattack a parry opened (R17): the parrier strikes the
/// one who attacked, and the form says so.
pub(super) fn counter_form(m: &Main, who: CharId, against: CharId) -> Form<FormPurpose> {
    let state = m.slots();
    let mut form = attack_form(m, Some(who), None);
    for field in &mut form.fields {
        match (&mut field.kind, field.id) {
            (FieldKind::Choice { options, idx }, "target") => {
                if let Some(i) = options.iter().position(|(_, v)| *v == against) {
                    *idx = i;
                }
            }
            (FieldKind::Toggle(on), "counter") => *on = true,
            _ => {}
        }
    }
    form.title = format!(
        "{} counterattacks {}",
        state.name_of(who),
        state.name_of(against)
    );
    refresh_live(&mut form, state);
    form
}

fn item_form(who: CharId, slot: SlotNo, item: &Item) -> Form<FormPurpose> {
    let props: Vec<(String, u32)> = Prop::ALL
        .iter()
        .enumerate()
        .map(|(i, p)| (p.name().to_string(), i as u32))
        .collect();
    let on = Prop::ALL.iter().map(|p| item.has(*p)).collect();
    let wear = [
        (None, "never equipped"),
        (Some(Region::Head), "head"),
        (Some(Region::Torso), "torso"),
        (Some(Region::LegsFeet), "legs/feet"),
        (Some(Region::ArmsHands), "arms/hands"),
        (Some(Region::Grip), "grip"),
    ];
    let wear_idx = wear.iter().position(|(r, _)| *r == item.wear).unwrap_or(0);
    let armor_idx = match item.armor {
        None => 0,
        Some(slots::ArmorClass::LightArmor) => 1,
        Some(slots::ArmorClass::HeavyArmor) => 2,
        Some(slots::ArmorClass::Shield) => 3,
    };
    let size_idx = match item.weapon.map(|w| w.size) {
        None => 0,
        Some(slots::WeaponSize::Small) => 1,
        Some(slots::WeaponSize::Medium) => 2,
        Some(slots::WeaponSize::Bulky) => 3,
    };
    let kind_idx = match item.weapon.map(|w| w.kind) {
        None | Some(slots::WeaponKind::Melee) => 0,
        Some(slots::WeaponKind::Thrown) => 1,
        Some(slots::WeaponKind::Bow) => 2,
    };
    let opts = |names: &[&str]| -> Vec<(String, u32)> {
        names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.to_string(), i as u32))
            .collect()
    };
    Form::new(
        format!("Item for slot {slot}"),
        FormPurpose::Item { who, slot },
        vec![
            Field::text("name", "Name", &item.name),
            Field::multi("props", "Properties", props, on),
            Field::choice(
                "wear",
                "Equipped on",
                wear.iter()
                    .enumerate()
                    .map(|(i, (_, n))| (n.to_string(), i as u32))
                    .collect(),
                wear_idx,
            ),
            Field::choice(
                "armor",
                "Armor",
                opts(&["none", "light armor", "heavy armor", "shield"]),
                armor_idx,
            ),
            Field::choice(
                "size",
                "Weapon size",
                opts(&["not a weapon", "small", "medium", "bulky"]),
                size_idx,
            ),
            Field::choice(
                "wkind",
                "Weapon kind",
                opts(&["melee", "thrown", "bow"]),
                kind_idx,
            ),
        ],
    )
    .with_note("Properties: ←→ move, Space toggles.")
}

fn letter_choice(title: String, purpose: ChoicePurpose, fatigue: bool) -> Choice<ChoicePurpose> {
    let mut options: Vec<(char, String)> = Condition::ALL
        .iter()
        .map(|c| (c.letter(), c.name().to_string()))
        .collect();
    if fatigue {
        options.push(('t', "fatigue (from terrain)".into()));
    }
    Choice {
        title,
        purpose,
        options,
        error: None,
        note: None,
    }
}

const STATUS_KEYS: [(char, StatusFlag); 7] = [
    ('p', StatusFlag::Prone),
    ('r', StatusFlag::Restrained),
    ('i', StatusFlag::Immobilized),
    ('c', StatusFlag::Cringe),
    ('u', StatusFlag::Unconscious),
    ('d', StatusFlag::Dead),
    ('e', StatusFlag::Evil),
];

fn flag_on(c: &slots::Character, flag: StatusFlag) -> bool {
    let s = &c.status;
    match flag {
        StatusFlag::Prone => s.prone,
        StatusFlag::Restrained => s.restrained.is_some(),
        StatusFlag::Immobilized => s.immobilized,
        StatusFlag::Unconscious => s.unconscious,
        StatusFlag::Dead => s.dead,
        StatusFlag::Evil => s.evil,
        StatusFlag::Cringe => s.cringe != slots::Cringe::None,
    }
}

fn status_choice(c: &slots::Character) -> Choice<ChoicePurpose> {
    Choice {
        title: format!("Status of {}", c.name),
        purpose: ChoicePurpose::Status { who: c.id },
        options: STATUS_KEYS
            .iter()
            .map(|&(k, flag)| {
                let on = flag_on(c, flag);
                let name = slots::flag_name(flag);
                (k, format!("{} {name}", if on { "[x]" } else { "[ ]" }))
            })
            .collect(),
        error: None,
        note: None,
    }
}

fn choice_command(purpose: &ChoicePurpose, key: char, state: &State) -> Option<Command> {
    let letter = Condition::from_letter(key);
    let fatigue = key.eq_ignore_ascii_case(&'t');
    let command = match *purpose {
        ChoicePurpose::Wound { who, slot } => match key {
            'o' => slots::Command::Wound {
                who,
                slot,
                wound: Wound::Open,
            },
            't' => slots::Command::Wound {
                who,
                slot,
                wound: Wound::Treated,
            },
            'h' => slots::Command::Heal { who, slot },
            _ => return None,
        },
        ChoicePurpose::Mark { who, slot } if fatigue => slots::Command::SetFatigue {
            who,
            slot,
            on: true,
        },
        ChoicePurpose::Mark { who, slot } => slots::Command::Mark {
            who,
            slot,
            condition: letter?,
        },
        ChoicePurpose::Worsen { who } => slots::Command::Worsen {
            who,
            condition: letter?,
        },
        ChoicePurpose::Clear { who, slot } if fatigue => slots::Command::SetFatigue {
            who,
            slot,
            on: false,
        },
        ChoicePurpose::Clear { who, slot } => slots::Command::ClearMark {
            who,
            condition: letter?,
            slot: Some(slot),
        },
        ChoicePurpose::Status { who } => {
            let flag = STATUS_KEYS.iter().find(|(k, _)| *k == key)?.1;
            let on = !state.character(who).is_ok_and(|c| flag_on(c, flag));
            slots::Command::SetStatus { who, flag, on }
        }
        ChoicePurpose::Setup => super::fight::setup_command(key)?,
        ChoicePurpose::Ruling { .. } => super::fight::ruling_command(key)?,
        ChoicePurpose::FatalTurn { who } => match key {
            'y' | 'Y' => slots::Command::StartTurn { who },
            _ => return None,
        },
    };
    Some(command.into())
}

fn edge_of(net: i8) -> Edge {
    if net >= 0 {
        Edge::advantage(net as u8)
    } else {
        Edge::disadvantage(net.unsigned_abs())
    }
}

/// Slot numbers typed as "9 10" or "9,10".
fn parse_slots(text: &str) -> Result<Vec<SlotNo>, String> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.parse::<SlotNo>()
                .map_err(|_| format!("'{w}' is not a slot number"))
        })
        .collect()
}

/// The commands a submitted form stands for. An error names what to fix; nothing is run.
fn form_commands(
    form: &Form<FormPurpose>,
    state: &State,
    library: &Library,
) -> Result<Vec<Command>, String> {
    let edge = edge_of(form.edge());
    let one = |c: slots::Command| Ok(vec![c.into()]);
    match form.purpose {
        FormPurpose::NewSession => Ok(Vec::new()),
        FormPurpose::Check { who, terrain } => {
            let kind = if terrain {
                CheckKind::Terrain
            } else if form.choice("kind") == Some(1) {
                CheckKind::Corruption
            } else {
                CheckKind::Generic
            };
            one(slots::Command::Check { who, kind, edge })
        }
        FormPurpose::Stealth { who } => {
            let senses = Senses {
                hearing: form.toggle("hearing"),
                smell: form.toggle("smell"),
                sight: parse_slots(&form.text("sight"))?,
                ambient_noise: form.toggle("noise"),
                low_light: form.toggle("dim"),
            };
            one(slots::Command::Check {
                who,
                kind: CheckKind::Stealth(senses.into()),
                edge,
            })
        }
        FormPurpose::Fall { who } => one(slots::Command::Fall {
            who,
            feet: form.number("feet"),
        }),
        FormPurpose::Attack {
            attacker, target, ..
        } => {
            let attacker = match attacker {
                Some(a) => a,
                None => crate::tui::sheets::targets::chosen(form, "attacker")?,
            };
            let target = match target {
                Some(t) => t,
                None => crate::tui::sheets::targets::chosen(form, "target")?,
            };
            let kind = match form.choice("kind") {
                Some(1) => AttackKind::Grab,
                Some(2) => AttackKind::Missile,
                Some(3) => AttackKind::Blast,
                _ => AttackKind::Melee,
            };
            let weapon = form
                .choice("weapon")
                .filter(|&w| w > 0)
                .map(|w| w as SlotNo);
            let defense = match form.choice("defense") {
                Some(1) => Defense::Evade,
                Some(2) => Defense::Parry,
                _ => Defense::None,
            };
            let spec = AttackSpec {
                attacker,
                target,
                kind,
                weapon,
                defense,
                aimed: form.toggle("aimed"),
                blast_slots: form.number("blast") as u8,
                counter: form.toggle("counter"),
            };
            one(slots::Command::Attack {
                spec,
                edge,
                dual: form.toggle("dual"),
            })
        }
        FormPurpose::Group => {
            let who = form.multi("who");
            if who.len() < 2 {
                return Err(
                    "a group check needs at least two characters: Space puts one in".into(),
                );
            }
            let stealth = |hearing, smell| {
                CheckKind::Stealth(Box::new(Senses {
                    hearing,
                    smell,
                    ..Senses::default()
                }))
            };
            let kind = match form.choice("kind") {
                Some(1) => CheckKind::Generic,
                Some(2) => stealth(true, false),
                Some(3) => stealth(false, true),
                Some(4) => stealth(true, true),
                _ => CheckKind::Terrain,
            };
            one(slots::Command::GroupCheck {
                who: who.into(),
                kind,
            })
        }
        FormPurpose::NewChar => {
            let kind = form.choice("kind").unwrap_or(0) as usize;
            let side = match form.choice("side") {
                Some(2) | None if kind > 0 => Side::Opponents,
                v => side_from(v),
            };
            let (layout, items, default_name) = match kind.checked_sub(1) {
                None => (slots::Layout::human(), Vec::new(), String::new()),
                Some(i) => {
                    let creature = library
                        .creatures
                        .get(i)
                        .ok_or("that creature is no longer in the bestiary")?;
                    let numbered = crate::rules::text::free_name(&creature.name, true, |n| {
                        state
                            .characters
                            .iter()
                            .any(|c| c.name.eq_ignore_ascii_case(n))
                    })
                    .unwrap_or_else(|_| creature.name.clone());
                    (creature.layout.clone(), creature.items.clone(), numbered)
                }
            };
            let mut name = form.text("name");
            if name.is_empty() {
                name = default_name;
            }
            if name.is_empty() {
                return Err("type a name".into());
            }
            // A creature of the opposing side stands where the party stands (R29), so ranges and
            // the map have it at once.
            let zone = (side == Side::Opponents)
                .then(|| super::party_zone(state))
                .flatten();
            one(slots::Command::AddCharacter {
                name: name.into(),
                side,
                layout: Box::new(layout),
                items: items.into(),
                zone,
            })
        }
        FormPurpose::EditChar { who } => {
            let c = state.character(who).map_err(|e| e.to_string())?;
            let name = form.text("name");
            let side = side_from(form.choice("side"));
            let mut out = Vec::new();
            if name.is_empty() {
                return Err("a character needs a name".into());
            }
            if name != c.name {
                out.push(slots::Command::RenameCharacter { who, name }.into());
            }
            if side != c.side {
                out.push(slots::Command::SetSide { who, side }.into());
            }
            Ok(out)
        }
        FormPurpose::Item { who, slot } => {
            let name = form.text("name");
            if name.is_empty() {
                return Err("an item needs a name".into());
            }
            let props: Vec<Prop> = form
                .multi("props")
                .into_iter()
                .filter_map(|i| Prop::ALL.get(i as usize).copied())
                .collect();
            let wear = match form.choice("wear") {
                Some(1) => Some(Region::Head),
                Some(2) => Some(Region::Torso),
                Some(3) => Some(Region::LegsFeet),
                Some(4) => Some(Region::ArmsHands),
                Some(5) => Some(Region::Grip),
                _ => None,
            };
            let armor = match form.choice("armor") {
                Some(1) => Some(slots::ArmorClass::LightArmor),
                Some(2) => Some(slots::ArmorClass::HeavyArmor),
                Some(3) => Some(slots::ArmorClass::Shield),
                _ => None,
            };
            let size = match form.choice("size") {
                Some(1) => Some(slots::WeaponSize::Small),
                Some(2) => Some(slots::WeaponSize::Medium),
                Some(3) => Some(slots::WeaponSize::Bulky),
                _ => None,
            };
            let kind = match form.choice("wkind") {
                Some(1) => slots::WeaponKind::Thrown,
                Some(2) => slots::WeaponKind::Bow,
                _ => slots::WeaponKind::Melee,
            };
            let item = Item {
                name,
                props,
                wear,
                armor,
                weapon: size.map(|size| slots::Weapon { size, kind }),
            };
            one(slots::Command::PutItem {
                who,
                slot,
                item: item.into(),
            })
        }
        FormPurpose::MoveItem { who, from } => {
            let to = form.number("to") as SlotNo;
            if to == from {
                return Err("pick a different slot".into());
            }
            one(slots::Command::MoveItem { who, from, to })
        }
        FormPurpose::StartFight
        | FormPurpose::EndFight
        | FormPurpose::Setup
        | FormPurpose::SetupMove { .. } => super::fight::form_commands(form, state),
        FormPurpose::Task => super::clock_keys::form_commands(form, state),
        FormPurpose::NewScene
        | FormPurpose::AddZone
        | FormPurpose::LinkZone { .. }
        | FormPurpose::HideZone { .. } => super::scene::form_commands(form, state),
    }
}

/// What a defender may declare, with the values `form_commands` reads.
fn defenses() -> Vec<(String, u32)> {
    vec![
        ("nothing".into(), 0),
        ("evade".into(), 1),
        ("parry".into(), 2),
    ]
}

/// Keeps the options of choice `id` to those `keep` allows, out of `all`, holding on to the one
/// chosen while it is still allowed.
fn restrict(
    form: &mut Form<FormPurpose>,
    id: &str,
    all: Vec<(String, u32)>,
    keep: impl Fn(u32) -> bool,
) {
    let chosen = form.choice(id);
    if let Some(field) = form.fields.iter_mut().find(|f| f.id == id) {
        let options: Vec<(String, u32)> = all.into_iter().filter(|(_, v)| keep(*v)).collect();
        let idx = options
            .iter()
            .position(|(_, v)| Some(*v) == chosen)
            .unwrap_or(0);
        field.kind = FieldKind::Choice { options, idx };
    }
}

/// Offers only what the rules allow in the situation the form describes: evading only a grab or
/// a blast (R15); a fight's surprised side only the one that did not start it (R33).
pub(crate) fn refresh_choices(form: &mut Form<FormPurpose>) {
    match form.purpose {
        FormPurpose::Attack { .. } => {
            // Kinds: 0 melee, 1 grab, 2 missile, 3 blast.
            let evadable = matches!(form.choice("kind"), Some(1 | 3));
            restrict(form, "defense", defenses(), |v| v != 1 || evadable);
        }
        FormPurpose::Task => super::clock_keys::show_rest_length(form),
        FormPurpose::StartFight => {
            let initiator = form.choice("initiator").unwrap_or(0);
            restrict(form, "surprised", super::fight::surprised_options(), |v| {
                v != initiator + 1
            });
        }
        _ => {}
    }
}

/// Recomputes a form's live line (encounter odds, ranges) after a change.
pub(crate) fn refresh_live(form: &mut Form<FormPurpose>, state: &State) {
    form.live = match form.purpose {
        FormPurpose::Task | FormPurpose::EndFight => super::clock_keys::odds_live(form, state),
        FormPurpose::Attack { .. } => super::scene::range_live(form, state),
        _ => form.live.take(),
    };
}

/// Library items whose name contains every typed word, in library order.
pub fn picker_matches<'a>(library: &'a Library, query: &str) -> Vec<&'a Item> {
    let words: Vec<String> = query.split_whitespace().map(|w| w.to_lowercase()).collect();
    library
        .items
        .iter()
        .filter(|item| {
            let name = item.name.to_lowercase();
            words.iter().all(|w| name.contains(w.as_str()))
        })
        .collect()
}

pub fn picker(
    frame: &mut Frame,
    area: Rect,
    p: &Picker,
    library: &Library,
    state: &State,
    theme: Theme,
) {
    let w = width_for(area, 76);
    let h = area.height.saturating_sub(4).clamp(8, 22);
    let who = state.name_of(p.who);
    let buf = frame.buffer_mut();
    let inner = dialog(
        buf,
        area,
        w,
        h,
        &format!("Item for slot {} of {who}", p.slot),
        theme,
    );
    let search = Line::from(vec![
        Span::styled("Search: ", theme.dim()),
        Span::raw(p.input.value().to_string()),
    ]);
    search.render_to(buf, Rect::new(inner.x, inner.y, inner.width, 1));
    let matches = picker_matches(library, p.input.value());
    let typed = p.input.value().trim();
    let mut rows: Vec<Line> = matches
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let props = crate::tui::sheets::slots::sheet::item_props(item).join(", ");
            Line::from(vec![
                Span::raw(if i == p.selected { "▶ " } else { "  " }),
                Span::raw(pad(&item.name, 26)),
                Span::styled(format!(" {props}"), theme.dim()),
            ])
        })
        .collect();
    if !typed.is_empty() {
        let mark = if p.selected == matches.len() {
            "▶ "
        } else {
            "  "
        };
        rows.push(Line::styled(
            format!("{mark}+ new item \"{typed}\" (then set its properties)"),
            theme.key(),
        ));
    }
    if rows.is_empty() {
        rows.push(Line::styled(
            if library.items.is_empty() {
                "The library is empty: type a name to make a new item."
            } else {
                "Type to search the library."
            },
            theme.dim(),
        ));
    }
    let list_h = inner.height.saturating_sub(2) as usize;
    let first = p.selected.saturating_sub(list_h.saturating_sub(1));
    for (row, (i, line)) in rows
        .into_iter()
        .enumerate()
        .skip(first)
        .take(list_h)
        .enumerate()
    {
        let mut line = line;
        if i == p.selected && (!matches.is_empty() || !typed.is_empty()) {
            line = line.style(theme.selected());
        }
        line.render_to(
            buf,
            Rect::new(inner.x, inner.y + 2 + row as u16, inner.width, 1),
        );
    }
    let x = inner.x + 8 + p.input.visual_cursor() as u16;
    if x < inner.x + inner.width {
        frame.set_cursor_position(Position::new(x, inner.y));
    }
}

/// Is this key worth showing in the status line right now? In a fight the turn keys lead and
/// the clock's keys step aside; outside one, the other way round.
pub fn applies_main(main: &Main, action: Action) -> bool {
    use super::fight::{Stage, stage};
    let state = main.slots();
    let fighting = state.combat.is_some();
    let at = stage(state);
    match action {
        keys::TAKE_TURN => return at == Stage::Pick,
        keys::NEXT_ACTOR => {
            return at == Stage::Pick
                && state
                    .combat
                    .as_ref()
                    .is_some_and(|c| super::fight::able_now(state, c).len() > 1);
        }
        keys::SETUP => return matches!(at, Stage::Acting { .. }),
        keys::INTERRUPT => return matches!(at, Stage::SetUp { .. } | Stage::Interrupting { .. }),
        keys::COUNTER => return state.recent.counter.is_some(),
        keys::END_TURN => {
            return matches!(
                at,
                Stage::Acting { .. } | Stage::SetUp { .. } | Stage::Finishing { .. } | Stage::Stuck
            );
        }
        keys::TASK
        | keys::REST
        | keys::TERRAIN
        | keys::STEALTH
        | keys::FALL
        | keys::CHECK
        | keys::GROUP
            if fighting =>
        {
            return false;
        }
        _ => {}
    }
    let has_char = main.selected().is_some();
    let slot = main
        .selected()
        .and_then(|c| c.slot(main.view.row).map(|s| (s, c)));
    match action {
        keys::TREAT => slot.is_some_and(|(s, _)| s.wound == crate::rules::slots::Wound::Open),
        keys::TERRAIN
        | keys::STEALTH
        | keys::DEFENSE
        | keys::FALL
        | keys::CHECK
        | keys::WOUND
        | keys::MARK
        | keys::PUT_ITEM => has_char,
        keys::ATTACK | keys::GROUP => main.slots().characters.len() >= 2,
        keys::WORSEN | keys::CLEAR_MARK => {
            slot.is_some_and(|(_, c)| c.slots.iter().any(|s| !s.marks.is_empty() || s.fatigue))
        }
        _ => true,
    }
}
