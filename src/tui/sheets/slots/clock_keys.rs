//! The adventure's clock on the screen (R30-R32): the task picker with its senses and the
//! encounter odds shown before anything is rolled, travel and days, who has a light of their own,
//! and the summary of what a stretch of time (or a round's end) changed, sheet by sheet, read
//! from the step's events.

use super::Dialog;
use super::fight::slot_event;
use super::screen::FormPurpose;
use crate::rules::GameCommand;
use crate::rules::slots::{
    self, Character, Event as SlotEvent, Prop, Region, Sense, Side, SlotNo, State, exploration,
};
use crate::session::{Command, Logged};
use crate::tui::form::{Field, FieldKind, Form, Live};
use crate::tui::host::Main;
use crate::tui::keymap::Action;
use crate::tui::sheets::fighters;

/// What the picker offers (R31, R32), each task with the label the log gives it.
const TASKS: [&str; 8] = [
    "search a zone",
    "converse",
    "pick a lock",
    "fight",
    "30-minute rest",
    "something else",
    "travel (watches of 4 hours)",
    "whole days pass",
];
const REST: u32 = 4;
const OWN: u32 = 5;
const TRAVEL: u32 = 6;
const DAYS: u32 = 7;

fn sense_fields(sound: bool) -> Vec<Field> {
    vec![
        Field::toggle("sound", "Alerts by sound", sound),
        Field::toggle("light", "Alerts by light", false),
        Field::toggle("smell", "Alerts by smell", false),
        Field::toggle("magic", "Alerts by magic", false),
        Field::text("other", "Another sense", ""),
    ]
}

/// The task picker; `rest` opens it on the 30-minute rest.
pub fn task_form(state: &State, rest: bool) -> Form<FormPurpose> {
    let tasks = TASKS
        .iter()
        .enumerate()
        .map(|(i, t)| (t.to_string(), i as u32))
        .collect();
    let mut fields = vec![
        Field::choice("task", "Task", tasks, if rest { REST as usize } else { 0 }),
        Field::number(
            "trys",
            "Trys, watches or days",
            1,
            1,
            exploration::MAX_DAYS,
            1,
        ),
        Field::text("label", "In your own words", ""),
        Field::toggle("fed", "Rest with food and water", false),
        Field::toggle("dark", "It is dark", state.clock.dark),
    ];
    fields.extend(sense_fields(false));
    let mut form = Form::new(
        if rest {
            "A 30-minute rest"
        } else {
            "Spend time"
        },
        FormPurpose::Task,
        fields,
    )
    .with_note(
        "Each try open wounds bleed and the cold bites; a d10 per try calls wandering \
         encounters. A rest is 5 trys.",
    );
    if rest {
        form.focus = 3;
    }
    show_rest_length(&mut form);
    form.live = odds_live(&form, state);
    form
}

pub fn end_fight_form(state: &State) -> Form<FormPurpose> {
    let mut form = fighters::end_form(FormPurpose::EndFight, sense_fields(true)).with_note(
        "y or Enter ends the fight; Esc keeps it going. The fight counts as one try: the clock \
         moves on, the cold ticks (bleeding already ran turn by turn) and one encounter die is \
         rolled for what the noise drew.",
    );
    form.live = odds_live(&form, state);
    form
}

/// The senses ticked in a form (R30).
pub fn senses(form: &Form<FormPurpose>) -> Result<Vec<Sense>, String> {
    let mut out = Vec::new();
    for (id, sense) in [
        ("sound", Sense::Sound),
        ("light", Sense::Light),
        ("smell", Sense::Smell),
        ("magic", Sense::Magic),
    ] {
        if form.toggle(id) {
            out.push(sense);
        }
    }
    let other = form.text("other");
    if !other.is_empty() {
        out.push(Sense::Other(other));
    }
    Ok(out)
}

fn task_choice(form: &Form<FormPurpose>) -> u32 {
    form.choice("task").unwrap_or(0)
}

fn task_trys(form: &Form<FormPurpose>) -> u16 {
    match form.purpose {
        FormPurpose::EndFight => 1,
        _ if task_choice(form) == REST => exploration::REST_TRYS,
        _ => form.number("trys"),
    }
}

/// "Encounter odds 41%: 5 d10s, an encounter on 0" for the form as it stands, and in the dark
/// who can work at the same time.
pub fn odds_live(form: &Form<FormPurpose>, state: &State) -> Option<Live> {
    let task = matches!(form.purpose, FormPurpose::Task);
    let dark = if task {
        form.toggle("dark")
    } else {
        state.clock.dark
    };
    let dark_text = if dark {
        dark_words(state)
    } else {
        lit_words(state)
    };
    match task_choice(form) {
        TRAVEL if task => {
            return Some(Live {
                text: format!(
                    "No encounter dice for travel here: roll for the road as you see fit. {dark_text}"
                ),
                warn: false,
            });
        }
        DAYS if task => {
            return Some(Live {
                text: "Days tick nothing by themselves: mark hunger and thirst by hand."
                    .to_string(),
                warn: false,
            });
        }
        _ => {}
    }
    let senses = senses(form).unwrap_or_default();
    let n = exploration::count_senses(&senses);
    let trys = task_trys(form);
    let odds = exploration::encounter_odds(trys, n as u16);
    let faces = exploration::encounter_faces(n);
    let on = if faces <= 1 {
        "0".to_string()
    } else {
        format!("0-{}", faces - 1)
    };
    let dice = if trys == 1 {
        "1 d10".to_string()
    } else {
        format!("{trys} d10s, one per try")
    };
    let mut text = format!("Encounter odds {odds}%: {dice}, an encounter on {on}.");
    if task {
        text.push(' ');
        text.push_str(&dark_text);
    }
    Some(Live {
        text,
        warn: odds >= 50,
    })
}

/// Who carries a light of their own, for when it gets dark.
pub fn lit_words(state: &State) -> String {
    let lit: Vec<String> = state
        .characters
        .iter()
        .filter(|c| c.side == Side::Players && !c.incapacitated())
        .filter_map(|c| own_light(c).map(|(_, item)| format!("{} ({item})", c.name)))
        .collect();
    if lit.is_empty() {
        "Nobody carries a light outside the backpack.".to_string()
    } else {
        format!("Own lights: {}.", lit.join(", "))
    }
}

/// Who could work at once in the dark (R31), in words: the players awake with a light of their
/// own, whether or not it is dark yet, so the picker can say it before the dark is marked.
pub fn dark_words(state: &State) -> String {
    let players: Vec<&Character> = state
        .characters
        .iter()
        .filter(|c| c.side == Side::Players && !c.incapacitated())
        .collect();
    let (with, without): (Vec<&Character>, Vec<&Character>) = players
        .into_iter()
        .partition(|c| exploration::has_own_light(c));
    let with: Vec<String> = with
        .iter()
        .map(|c| match own_light(c) {
            Some((_, item)) => format!("{} ({item})", c.name),
            None => c.name.clone(),
        })
        .collect();
    let without: Vec<&str> = without.iter().map(|c| c.name.as_str()).collect();
    match (with.is_empty(), without.is_empty()) {
        (_, true) => "Dark, but everyone has a light of their own.".to_string(),
        (true, false) => "Dark: nobody has a light of their own, so one at a time.".to_string(),
        (false, false) => format!(
            "Dark: {} can work at once; {} cannot (no light of their own).",
            with.join(", "),
            without.join(", ")
        ),
    }
}

/// The light a character carries outside the backpack, as the rules count it (R31).
pub fn own_light(c: &Character) -> Option<(SlotNo, String)> {
    if !exploration::has_own_light(c) {
        return None;
    }
    (1..=c.slots.len() as SlotNo).find_map(|n| {
        let item = c.item_at(n)?;
        (c.layout.region(n) != Some(Region::Backpack) && item.has(Prop::LightSource))
            .then(|| (n, item.name.clone()))
    })
}

/// A light packed in the backpack, which gives no light until it is taken out.
pub fn packed_light(c: &Character) -> Option<String> {
    (1..=c.slots.len() as SlotNo).find_map(|n| {
        let item = c.slot(n)?.item.as_ref()?;
        (c.layout.region(n) == Some(Region::Backpack) && item.has(Prop::LightSource))
            .then(|| item.name.clone())
    })
}

/// The task picker's commands: the dark first when it changed, so the task is worked in it.
pub fn form_commands(form: &Form<FormPurpose>, state: &State) -> Result<Vec<Command>, String> {
    if form.purpose != FormPurpose::Task {
        return Ok(Vec::new());
    }
    let mut out: Vec<Command> = Vec::new();
    let dark = form.toggle("dark");
    if dark != state.clock.dark {
        out.push(slots::Command::SetDark { dark }.into());
    }
    let senses = senses(form)?;
    let task = task_choice(form);
    let count = form.number("trys");
    let own = form.text("label");
    let command = match task {
        REST => slots::Command::Rest {
            fed: form.toggle("fed"),
            senses,
        },
        TRAVEL => slots::Command::Travel { watches: count },
        DAYS => slots::Command::PassDays { days: count },
        _ => {
            let label = match (task, own.is_empty()) {
                (OWN, true) => return Err("say what the task is, in your own words".into()),
                (_, false) => own,
                (t, true) => TASKS.get(t as usize).copied().unwrap_or("task").to_string(),
            };
            slots::Command::Task {
                label: label.into(),
                trys: count,
                senses: senses.into(),
            }
        }
    };
    out.push(command.into());
    Ok(out)
}

/// A rest is always 5 trys (R31): the count shows that while a rest is chosen, so it never says
/// 1 beside odds for five.
pub fn show_rest_length(form: &mut Form<FormPurpose>) {
    if form.purpose != FormPurpose::Task || task_choice(form) != REST {
        return;
    }
    if let Some(field) = form.fields.iter_mut().find(|f| f.id == "trys")
        && let FieldKind::Number { value, .. } = &mut field.kind
    {
        *value = exploration::REST_TRYS;
    }
}

/// Encounter dice of one stretch (R30).
pub use crate::rules::slots::EncounterDice;

/// What a stretch of time, or the end of a round, changed.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    pub title: String,
    pub dice: Vec<EncounterDice>,
    /// The clock afterwards.
    pub now: Option<String>,
    /// Changes per character, in roster order.
    pub sheets: Vec<(String, Vec<String>)>,
    pub notes: Vec<String>,
    pub scroll: u16,
}

impl Summary {
    pub fn encounters(&self) -> u16 {
        self.dice.iter().map(|d| d.encounters).sum()
    }

    fn sheet(&mut self, who: &str) -> &mut Vec<String> {
        if let Some(i) = self.sheets.iter().position(|(n, _)| n == who) {
            return &mut self.sheets[i].1;
        }
        self.sheets.push((who.to_string(), Vec::new()));
        let last = self.sheets.len() - 1;
        &mut self.sheets[last].1
    }

    /// Adds the events of one step. `names` are the roster's names, longest first, so notes
    /// that open with a name land on that character's sheet. Nothing is said of a character once
    /// dead (`gone` starts with those dead before the step): a corpse is no longer cringing.
    fn add(&mut self, events: &[&SlotEvent], names: &[String], mut gone: Vec<String>) {
        for e in events {
            let text = e.to_string();
            let who = match e {
                SlotEvent::EncounterRoll {
                    faces,
                    encounter_faces,
                    encounters,
                } => {
                    self.dice.push(EncounterDice {
                        faces: faces.clone(),
                        encounter_faces: *encounter_faces,
                        encounters: *encounters,
                    });
                    continue;
                }
                SlotEvent::TimePassed { .. } => {
                    self.now = Some(text);
                    continue;
                }
                SlotEvent::Wounded { who, .. }
                | SlotEvent::Healed { who, .. }
                | SlotEvent::Marked { who, .. }
                | SlotEvent::Unmarked { who, .. }
                | SlotEvent::Fatigue { who, .. }
                | SlotEvent::Cringed { who, .. }
                | SlotEvent::ItemDestroyed { who, .. }
                | SlotEvent::StatusChanged { who, .. }
                | SlotEvent::Died { who, .. } => Some(who.clone()),
                // A sentence, in plain words or as parts, read as the judge reads it.
                SlotEvent::Note(_) | SlotEvent::Told(_) => names
                    .iter()
                    .find(|name| {
                        text.strip_prefix(name.as_str())
                            .is_some_and(|rest| rest.starts_with([' ', '\'', ':']))
                    })
                    .cloned(),
                _ => None,
            };
            if let SlotEvent::Died { who, .. } = e {
                gone.retain(|g| g != who);
                let rest = text
                    .strip_prefix(&format!("{who} "))
                    .unwrap_or(&text)
                    .to_string();
                self.sheet(who).push(rest);
                gone.push(who.clone());
                continue;
            }
            match who {
                Some(who) if gone.contains(&who) => {}
                Some(who) => {
                    let rest = text
                        .strip_prefix(&format!("{who}: "))
                        .or_else(|| text.strip_prefix(&format!("{who} ")))
                        .unwrap_or(&text)
                        .to_string();
                    self.sheet(&who).push(rest);
                }
                None => self.notes.push(text),
            }
        }
    }

    /// Puts the sheets in roster order.
    fn order(&mut self, roster: &[String]) {
        self.sheets
            .sort_by_key(|(n, _)| roster.iter().position(|r| r == n).unwrap_or(usize::MAX));
    }
}

/// What a time command is called at the top of its summary.
fn title_of(command: &slots::Command) -> Option<String> {
    Some(match command {
        slots::Command::Task { label, trys, .. } => {
            format!("{label}: {trys} try{}", if *trys == 1 { "" } else { "s" })
        }
        slots::Command::Rest { fed: true, .. } => "A 30-minute rest, fed".to_string(),
        slots::Command::Rest { fed: false, .. } => "A 30-minute rest".to_string(),
        slots::Command::Travel { watches } => format!(
            "Travel: {watches} watch{}",
            if *watches == 1 { "" } else { "es" }
        ),
        slots::Command::PassDays { days } => {
            format!("{days} day{} pass", if *days == 1 { "" } else { "s" })
        }
        slots::Command::EndCombat { .. } => "The fight ends".to_string(),
        _ => return None,
    })
}

/// Sums up a step that moved time on, or ended a round with changes to someone's sheet, in the
/// summary dialog (adding to one already open, so travel and days read as one stretch).
pub fn sum_up(main: &mut Main, step: &Logged) {
    let Some(GameCommand::Slots(command)) = step.entry.command.game() else {
        return;
    };
    let events: Vec<&SlotEvent> = step.events.iter().filter_map(slot_event).collect();
    let state = main.slots();
    let roster: Vec<String> = main
        .roster()
        .into_iter()
        .map(|id| state.name_of(id))
        .collect();
    let mut names = roster.clone();
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    let (title, events) = match title_of(command) {
        Some(title) => (title, events),
        None => {
            // A round's end (R36): the changes after "Round N ends", if any touched a sheet.
            let Some(start) = events.iter().position(|e| {
                matches!(e, SlotEvent::Note(n) if n.starts_with("Round ") && n.ends_with(" ends"))
            }) else {
                return;
            };
            let after: Vec<&SlotEvent> = events[start + 1..]
                .iter()
                .copied()
                .filter(|e| {
                    !matches!(
                        e,
                        SlotEvent::RoundStarted { .. } | SlotEvent::InitiativeTo { .. }
                    )
                })
                .collect();
            if !after.iter().any(|e| changes_a_sheet(e)) {
                return;
            }
            let title = match events[start] {
                SlotEvent::Note(n) => n.clone(),
                _ => String::new(),
            };
            (title, after)
        }
    };
    let view = super::view_mut(&mut main.sheet);
    let mut summary = match view.dialog.take() {
        Some(Dialog::Summary(mut s)) => {
            s.title = format!("{} · {title}", s.title);
            s
        }
        other => {
            view.dialog = other;
            Summary {
                title,
                ..Summary::default()
            }
        }
    };
    let died_now: Vec<&String> = events
        .iter()
        .filter_map(|e| match e {
            SlotEvent::Died { who, .. } => Some(who),
            _ => None,
        })
        .collect();
    let state = main.slots();
    let dead_before: Vec<String> = state
        .characters
        .iter()
        .filter(|c| c.status.dead && !died_now.contains(&&c.name))
        .map(|c| c.name.clone())
        .collect();
    summary.add(&events, &names, dead_before);
    summary.order(&roster);
    main.open(Dialog::Summary(summary));
}

fn changes_a_sheet(e: &SlotEvent) -> bool {
    matches!(
        e,
        SlotEvent::Wounded { .. }
            | SlotEvent::Healed { .. }
            | SlotEvent::Marked { .. }
            | SlotEvent::Unmarked { .. }
            | SlotEvent::Fatigue { .. }
            | SlotEvent::ItemDestroyed { .. }
            | SlotEvent::StatusChanged { .. }
            | SlotEvent::Died { .. }
    )
}

impl Main {
    pub(crate) fn summary_key(&mut self, action: Option<Action>) -> bool {
        let Some(Dialog::Summary(s)) = super::view_mut(&mut self.sheet).dialog.as_mut() else {
            return false;
        };
        match action {
            Some(Action::Up) => s.scroll = s.scroll.saturating_sub(1),
            Some(Action::Down) => s.scroll = s.scroll.saturating_add(1),
            Some(Action::Cancel) => self.close_dialog(),
            Some(Action::Undo) => {
                self.close_dialog();
                return self.undo();
            }
            _ => return false,
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::slots::StatusFlag;

    #[test]
    fn a_summary_says_nothing_of_a_character_once_dead() {
        let cringe_off = |who: &str| SlotEvent::StatusChanged {
            who: who.into(),
            id: 0,
            flag: StatusFlag::Cringe,
            on: false,
            cause: "the round ended".into(),
        };
        let died = SlotEvent::Died {
            who: "Bren".into(),
            id: 1,
            cause: "bleeding".into(),
        };
        let wounded = SlotEvent::Cringed {
            who: "Bren".into(),
            id: 1,
        };
        let events = [
            &wounded,
            &died,
            &cringe_off("Bren"),
            &cringe_off("Aldo"),
            &cringe_off("Cato"),
        ];
        let names = ["Aldo".to_string(), "Bren".to_string(), "Cato".to_string()];
        let mut summary = Summary::default();
        // Cato died before this stretch began.
        summary.add(&events, &names, vec!["Cato".to_string()]);
        let bren = &summary.sheets.iter().find(|(n, _)| n == "Bren").unwrap().1;
        assert_eq!(
            bren.len(),
            2,
            "what led to the death and the death: {bren:?}"
        );
        assert!(bren[1].contains("bleeding"), "{bren:?}");
        assert!(summary.sheets.iter().any(|(n, _)| n == "Aldo"));
        assert!(
            !summary.sheets.iter().any(|(n, _)| n == "Cato"),
            "{:?}",
            summary.sheets
        );
    }
}
