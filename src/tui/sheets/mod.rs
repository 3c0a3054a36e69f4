//! Each ruleset's own screen: its key table, the sheet panel and side panels, its dialogs and
//! forms, and what it does after each step. The frame (`app`, `views`) draws everything the read
//! models describe and hands the rest to the session's ruleset through the functions here, which
//! are the only place that names a ruleset's screen. Every match below is over [`RulesetId`], so a
//! new ruleset cannot be left out.

pub mod actiondie;
pub mod ap;
pub mod bdp;
pub mod fighters;
pub mod forms;
pub mod phase;
pub mod plain;
pub mod secret;
pub mod slots;
pub mod targets;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::content::Library;
use crate::rules::RulesetId;
use crate::tui::host::{Dice, Hit, Main, SheetView};
use crate::tui::keymap::{Action, Ctx, Press, Table};
use crate::tui::theme::Theme;

/// A ruleset's screen's ways into its own game, written at the top of its module: `state_of`
/// (the session's state, when it plays this ruleset), `selected` (the selected character) and
/// `command` (a command of the ruleset as the session's). `Session`, `Main`, `session`,
/// `GameCommand` and the ruleset's `State`, `Character` and `Command` are in scope there.
macro_rules! game {
    ($variant:ident) => {
        fn state_of(session: &Session) -> Option<&State> {
            crate::rules::InGame::in_game(&session.state().game)
        }

        fn selected(m: &Main) -> Option<&Character> {
            let id = m.view.selected?;
            state_of(&m.session)?.character(id).ok()
        }

        fn command(c: Command) -> session::Command {
            session::Command::Game(GameCommand::$variant(c))
        }
    };
}
use game;

/// The parts of the main screen a ruleset draws into.
#[derive(Debug, Clone, Copy)]
pub struct Panels {
    /// The selected character's sheet.
    pub sheet: Rect,
    /// Below the sheet on wide screens (the slot system spells out wounds and conditions there).
    pub condition: Option<Rect>,
    /// The clock and scene panel, on wide and tall screens.
    pub side: Option<Rect>,
}

fn ruleset(m: &Main) -> RulesetId {
    m.session.state().ruleset()
}

/// The keys of a session of this ruleset.
pub fn table(ruleset: RulesetId) -> Table {
    match ruleset {
        RulesetId::Slots => slots::keys::TABLE,
        RulesetId::Plain => plain::TABLE,
        RulesetId::Phase => phase::TABLE,
        RulesetId::Bdp => bdp::TABLE,
        RulesetId::Ap => ap::TABLE,
        RulesetId::ActionDie => actiondie::TABLE,
    }
}

/// A fresh view state for a session of this ruleset.
pub fn new_view(ruleset: RulesetId) -> Box<dyn SheetView> {
    match ruleset {
        RulesetId::Slots => Box::new(slots::SlotView::default()),
        RulesetId::Plain => Box::new(plain::PlainView::default()),
        RulesetId::Phase => Box::new(phase::PhaseView::default()),
        RulesetId::Bdp => Box::new(bdp::BdpView::default()),
        RulesetId::Ap => Box::new(ap::ApView::default()),
        RulesetId::ActionDie => Box::new(actiondie::ActionDieView::default()),
    }
}

/// Does the ruleset draw side panels (the slot system's conditions, clock and scene)?
pub fn has_panels(ruleset: RulesetId) -> bool {
    match ruleset {
        RulesetId::Slots => true,
        RulesetId::Plain
        | RulesetId::Phase
        | RulesetId::Bdp
        | RulesetId::Ap
        | RulesetId::ActionDie => false,
    }
}

/// The add form's first field: a creature of the bestiary by name (its place, from 1), or none
/// for a sheet typed in the fields below.
pub fn bestiary_field<'a>(names: impl Iterator<Item = &'a str>) -> crate::tui::form::Field {
    let mut beasts = vec![("none: the sheet below".to_string(), 0)];
    beasts.extend(
        names
            .enumerate()
            .map(|(i, name)| (name.to_string(), i as u32 + 1)),
    );
    crate::tui::form::Field::choice("beast", "From the bestiary", beasts, 0)
}

/// The add form of a ruleset with a bestiary: a creature of it by name (`names`, see
/// [`bestiary_field`]) or none, the name (with none, the kind numbered), then the ruleset's own
/// `fields` for a sheet typed in; `note` says what comes with a creature. Read back with
/// [`newcomer`].
pub fn add_form<'a, P>(
    title: &str,
    purpose: P,
    names: impl Iterator<Item = &'a str>,
    fields: impl IntoIterator<Item = crate::tui::form::Field>,
    note: &str,
) -> crate::tui::form::Form<P> {
    use crate::tui::form::{Field, Form};
    let mut all = vec![bestiary_field(names), Field::text("name", "Name", "")];
    all.extend(fields);
    Form::new(title, purpose, all).with_note(note)
}

/// Who a submitted [`add_form`] brings in.
pub enum Newcomer<'a, C> {
    /// A creature of the bestiary, with the name it comes in under (see [`beast_name`]).
    Beast(&'a C, String),
    /// A sheet typed into the form's own fields, under the name typed (never empty).
    Typed(String),
}

/// What a submitted [`add_form`] asks for: the creature chosen among `creatures` (each of its
/// kind `kind`), named as typed or else numbered after the names `taken`; or the typed sheet's
/// name, which must not be empty.
pub fn newcomer<'a, P, C>(
    form: &crate::tui::form::Form<P>,
    creatures: &'a [C],
    kind: impl Fn(&C) -> &str,
    taken: impl Fn(&str) -> bool,
) -> Result<Newcomer<'a, C>, String> {
    let name = form.text("name").trim().to_string();
    match form
        .choice("beast")
        .and_then(|i| i.checked_sub(1))
        .and_then(|i| creatures.get(i as usize))
    {
        Some(beast) => Ok(Newcomer::Beast(beast, beast_name(name, kind(beast), taken))),
        None if name.is_empty() => Err("type a name, or choose a creature of the bestiary".into()),
        None => Ok(Newcomer::Typed(name)),
    }
}

/// What the strip's ✓ means, the same on every ruleset's screen.
pub const ACTED: (&str, &str) = ("✓", "in the roster and on the strip: acted this round");

/// What the strip's marks mean where the rules call those out of it dead or out.
pub const DEAD_OR_OUT: (&str, &str) = (
    "▶ ○ ×",
    "on the strip: acting now / still to act / dead or out",
);

/// The name a creature of the bestiary comes in with: the one typed, or else its kind numbered
/// after those already there ("Goblin 3").
pub fn beast_name(typed: String, kind: &str, taken: impl Fn(&str) -> bool) -> String {
    if !typed.is_empty() {
        return typed;
    }
    crate::rules::text::free_name(kind, true, taken).unwrap_or_else(|_| kind.to_string())
}

/// What the frame's creature picker offers in this session: the ruleset's creatures (its
/// bestiary, and the judge's library where the ruleset reads one), each named as it would come
/// in now and with the command that adds it on the opponents' side. Plain has no bestiary: it
/// offers one more of each kind of creature already in the session.
pub fn arrivals(m: &Main, library: &Library) -> Vec<crate::tui::host::Arrival> {
    match ruleset(m) {
        RulesetId::Slots => slots::arrivals(m, library),
        RulesetId::Plain => plain::arrivals(m),
        RulesetId::Phase => phase::arrivals(m),
        RulesetId::Bdp => bdp::arrivals(m),
        RulesetId::Ap => ap::arrivals(m),
        RulesetId::ActionDie => actiondie::arrivals(m),
    }
}

/// The picker's creatures from a ruleset's bundled bestiary: each of `creatures` (its kind read
/// by `kind`) numbered after the names already on the roster, with `add` making the command that
/// brings it in under that name.
pub fn bestiary_arrivals<C: Clone + 'static>(
    m: &Main,
    creatures: &[C],
    kind: impl Fn(&C) -> &str,
    add: impl Fn(&C, &str) -> crate::rules::GameCommand + Clone + 'static,
) -> Vec<crate::tui::host::Arrival> {
    let names = m.roster_names();
    let taken = |n: &str| names.iter().any(|name| name.eq_ignore_ascii_case(n));
    creatures
        .iter()
        .map(|c| {
            let (one, add) = (c.clone(), add.clone());
            arrival(kind(c), "bestiary", taken, move |name| add(&one, name))
        })
        .collect()
}

/// One creature for the picker: `kind` numbered after those already there (`taken` says which
/// names are), from `from`, with `add` making the command for that name.
pub fn arrival(
    kind: &str,
    from: &'static str,
    taken: impl Fn(&str) -> bool,
    add: impl Fn(&str) -> crate::rules::GameCommand + 'static,
) -> crate::tui::host::Arrival {
    let name = beast_name(String::new(), kind, taken);
    crate::tui::host::Arrival {
        kind: kind.to_string(),
        add: add(&name),
        name,
        from,
        make: std::rc::Rc::new(add),
        numbered: true,
    }
}

/// The ruleset's key that adds a character, if it has one: the frame's hints name its key, or
/// the palette when there is none.
pub fn add_key(ruleset: RulesetId) -> Option<Action> {
    Some(match ruleset {
        RulesetId::Slots => slots::keys::NEW_CHAR,
        RulesetId::Plain => plain::ADD,
        RulesetId::Phase => phase::ADD,
        RulesetId::Bdp => bdp::ADD,
        RulesetId::Ap => ap::ADD,
        RulesetId::ActionDie => actiondie::ADD,
    })
}

/// What the symbols on the ruleset's screen mean, for the help.
pub fn legend(ruleset: RulesetId) -> &'static [(&'static str, &'static str)] {
    match ruleset {
        RulesetId::Slots => slots::keys::LEGEND,
        RulesetId::Plain => plain::LEGEND,
        RulesetId::Phase => phase::LEGEND,
        RulesetId::Bdp => bdp::LEGEND,
        RulesetId::Ap => ap::LEGEND,
        RulesetId::ActionDie => actiondie::LEGEND,
    }
}

/// A key on the main screen (one the frame does not take) or in the ruleset's own dialog.
pub fn key(m: &mut Main, press: Press, dice: &mut Dice, library: &Library) -> bool {
    match ruleset(m) {
        RulesetId::Slots => slots::key(m, press, dice, library),
        RulesetId::Plain => forms::route(m, press, dice, plain::form_key, plain::key),
        RulesetId::Phase => forms::route(m, press, dice, phase::form_key, phase::key),
        RulesetId::Bdp => forms::route(m, press, dice, bdp::form_key, bdp::key),
        RulesetId::Ap => forms::route(m, press, dice, ap::form_key, ap::key),
        RulesetId::ActionDie => forms::route(m, press, dice, actiondie::form_key, actiondie::key),
    }
}

/// A click the frame did not take.
pub fn click(m: &mut Main, ctx: Ctx, hit: Hit) -> bool {
    match ruleset(m) {
        RulesetId::Slots => slots::click(m, ctx, hit),
        // A screen whose only dialogs are forms takes no clicks of its own.
        RulesetId::Plain
        | RulesetId::Phase
        | RulesetId::Bdp
        | RulesetId::Ap
        | RulesetId::ActionDie => false,
    }
}

/// After every key or click: the ruleset's screen follows the steps taken and keeps its own
/// selection in range.
pub fn settle(m: &mut Main) {
    match ruleset(m) {
        RulesetId::Slots => slots::settle(m),
        RulesetId::ActionDie => actiondie::settle(m),
        // These follow no steps: only the frame's selection is kept in range.
        RulesetId::Plain | RulesetId::Phase | RulesetId::Bdp | RulesetId::Ap => forms::settle(m),
    }
}

/// Is the ruleset's key worth showing in the status line now?
pub fn applies(m: &Main, action: Action) -> bool {
    match ruleset(m) {
        RulesetId::Slots => slots::applies(m, action),
        RulesetId::Plain => forms::applies_or::<plain::Purpose>(m, action, plain::applies),
        RulesetId::Phase => forms::applies_or::<phase::Purpose>(m, action, phase::applies),
        RulesetId::Bdp => forms::applies_or::<bdp::Purpose>(m, action, bdp::applies),
        RulesetId::Ap => forms::applies_or::<ap::Purpose>(m, action, ap::applies),
        RulesetId::ActionDie => {
            forms::applies_or::<actiondie::Purpose>(m, action, actiondie::applies)
        }
    }
}

/// What the fight waits for from the judge while nobody acts, in the ruleset's words and with
/// its keys (actiondie's choices before the round's roll), for the header to say.
pub fn fight_hint(m: &Main) -> Option<String> {
    match ruleset(m) {
        RulesetId::ActionDie => actiondie::fight_hint(m),
        RulesetId::Slots | RulesetId::Plain | RulesetId::Phase | RulesetId::Bdp | RulesetId::Ap => {
            None
        }
    }
}

/// Rows the sheet panel wants.
pub fn rows(m: &Main) -> u16 {
    match ruleset(m) {
        RulesetId::Slots => slots::rows(m),
        RulesetId::Plain => plain::rows(m),
        RulesetId::Phase => phase::rows(m),
        RulesetId::Bdp => bdp::rows(m),
        RulesetId::Ap => ap::rows(m),
        RulesetId::ActionDie => actiondie::rows(m),
    }
}

/// The sheet and the ruleset's side panels.
pub fn draw(
    buf: &mut Buffer,
    panels: &Panels,
    m: &Main,
    theme: Theme,
    hits: &mut Vec<(Rect, Hit)>,
) {
    match ruleset(m) {
        RulesetId::Slots => slots::draw(buf, panels, m, theme, hits),
        RulesetId::Plain => plain::draw(buf, panels.sheet, m, theme),
        RulesetId::Phase => phase::draw(buf, panels.sheet, m, theme),
        RulesetId::Bdp => bdp::draw(buf, panels.sheet, m, theme),
        RulesetId::Ap => ap::draw(buf, panels.sheet, m, theme),
        RulesetId::ActionDie => actiondie::draw(buf, panels.sheet, m, theme),
    }
}

/// The initiative strip, when the ruleset draws its own (true); else the frame draws the read
/// model's.
pub fn strip(
    buf: &mut Buffer,
    rect: Rect,
    m: &Main,
    theme: Theme,
    hits: &mut Vec<(Rect, Hit)>,
) -> bool {
    match ruleset(m) {
        RulesetId::Slots => {
            slots::strip::draw(buf, rect, m, theme, hits);
            true
        }
        RulesetId::Plain
        | RulesetId::Phase
        | RulesetId::Bdp
        | RulesetId::Ap
        | RulesetId::ActionDie => false,
    }
}

/// The ruleset's open dialog.
pub fn draw_dialog(
    frame: &mut Frame,
    area: Rect,
    m: &Main,
    theme: Theme,
    library: &Library,
    hits: &mut Vec<(Rect, Hit)>,
) {
    match ruleset(m) {
        RulesetId::Slots => slots::draw_dialog(frame, area, m, theme, library, hits),
        RulesetId::Plain => forms::draw::<plain::Purpose>(frame, area, m, theme),
        RulesetId::Phase => forms::draw::<phase::Purpose>(frame, area, m, theme),
        RulesetId::Bdp => forms::draw::<bdp::Purpose>(frame, area, m, theme),
        RulesetId::Ap => forms::draw::<ap::Purpose>(frame, area, m, theme),
        RulesetId::ActionDie => forms::draw::<actiondie::Purpose>(frame, area, m, theme),
    }
}

/// The sheet panel's box, drawn alike in every ruleset that frames its sheet all round:
/// titled with the selected one's `name`, and its inside returned to draw the sheet in. With
/// nobody selected, `nobody` says how to add one, and there is nothing more to draw (None).
pub fn sheet_box(
    buf: &mut Buffer,
    area: Rect,
    name: Option<&str>,
    nobody: &str,
    theme: Theme,
) -> Option<Rect> {
    use crate::tui::widgets::RenderTo;
    use ratatui::text::{Line, Span};
    use ratatui::widgets::{Block, Borders, Widget};
    let block = Block::new()
        .borders(Borders::ALL)
        .border_style(theme.border());
    let Some(name) = name else {
        let inner = block.inner(area);
        block.render(area, buf);
        Line::styled(nobody, theme.dim()).render_to(buf, inner);
        return None;
    };
    let block = block.title(Span::styled(format!(" {name} "), theme.title()));
    let inner = block.inner(area);
    block.render(area, buf);
    Some(inner)
}

/// The sheet panel of a ruleset that frames its sheet all round ([`sheet_box`]): titled with
/// the selected one's name (`who`, with what its sheet is read from), or saying `nobody` when
/// nobody is selected; the lines `lines` makes for the box's inside width are drawn scrolled
/// into it ([`sheet_lines`]).
pub fn framed_sheet<'a, T>(
    buf: &mut Buffer,
    area: Rect,
    m: &Main,
    theme: Theme,
    who: Option<(&str, T)>,
    nobody: &str,
    lines: impl FnOnce(T, u16) -> Vec<ratatui::text::Line<'a>>,
) {
    let (name, of) = who.map_or((None, None), |(name, of)| (Some(name), Some(of)));
    let (Some(inner), Some(of)) = (sheet_box(buf, area, name, nobody, theme), of) else {
        return;
    };
    let lines = lines(of, inner.width);
    sheet_lines(buf, inner, area.y + area.height - 1, lines, m, theme);
}

/// A sheet's line: its label dim in `label` (padded as the ruleset lays its labels out), then
/// its value in `style`.
pub fn labelled<'a>(
    label: String,
    value: String,
    style: ratatui::style::Style,
    theme: Theme,
) -> ratatui::text::Line<'a> {
    use ratatui::text::{Line, Span};
    Line::from(vec![
        Span::styled(label, theme.dim()),
        Span::styled(value, style),
    ])
}

/// A sheet's lines drawn into `body` from the row the judge scrolled to (`]` and `[`), every
/// ruleset alike: a sheet taller than its panel scrolls, and the panel's bottom edge (`edge`,
/// the row under `body`) says how much more there is.
pub fn sheet_lines(
    buf: &mut Buffer,
    body: Rect,
    edge: u16,
    lines: Vec<ratatui::text::Line<'_>>,
    m: &Main,
    theme: Theme,
) {
    let (above, below) = crate::tui::widgets::scrolled(buf, body, lines, m.view.sheet_from());
    m.view.sheet_more.set(above + below);
    crate::tui::widgets::scroll_mark(
        buf,
        body.x + 1,
        edge,
        body.width.saturating_sub(2),
        (above, below),
        theme,
    );
}
