//! Every key of every screen, in tables of bindings. The frame owns the keys every ruleset shares
//! (the start screen, dialogs, undo, the palette, help, quit); each ruleset's screen lays out its
//! own [`Table`] from its keys and the frame's groups below, so dispatch, the help overlay and the
//! status line all come from one table and a key cannot work without being documented or be
//! documented without working.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Where the keyboard is: the screen or the dialog on top.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ctx {
    Start,
    Main,
    Roll,
    Group,
    Decide,
    Form,
    Choice,
    Palette,
    Face,
    /// Typing the first letters of a name to select that sheet.
    Jump,
    /// Typing what to search the roll log for.
    Search,
    /// Picking a creature of the bestiary or the judge's library to add.
    Pick,
    /// A search of the roll log kept: `n` and `N` step through its matches, every other key
    /// works as on the main screen.
    Found,
    Help,
    /// A roll a player proposed from their page, waiting for the judge.
    Proposal,
    /// Typing the word back to a player whose proposal the judge declines.
    Decline,
    /// A player character's page: its address and QR code.
    Link,
    /// A ruleset's own dialog or panel, by its title ("scene editor").
    Panel(&'static str),
}

impl Ctx {
    pub fn title(self) -> &'static str {
        match self {
            Ctx::Start => "start screen",
            Ctx::Main => "main screen",
            Ctx::Roll => "roll waiting for the judge",
            Ctx::Group => "group check",
            Ctx::Decide => "judge's decision",
            Ctx::Form => "form",
            Ctx::Choice => "choice",
            Ctx::Palette => "command palette",
            Ctx::Face => "typing a die face",
            Ctx::Jump => "jumping to a name",
            Ctx::Search => "searching the roll log",
            Ctx::Pick => "adding a creature",
            Ctx::Found => "main screen, with a search of the roll log kept",
            Ctx::Help => "help",
            Ctx::Proposal => "a player's proposed roll",
            Ctx::Decline => "declining a player's roll",
            Ctx::Link => "player's page",
            Ctx::Panel(title) => title,
        }
    }
}

/// What a key does. The frame's own actions are variants; a ruleset's are `Sheet` with a word
/// of its own, declared as constants beside its table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Quit,
    Help,
    Palette,
    // Start screen
    NewSession,
    OpenDemo,
    /// The next session with the highlighted recent session's party.
    NextParty,
    OpenRecent,
    // Navigation
    NextChar,
    PrevChar,
    Up,
    Down,
    Digit,
    LogOlder,
    LogNewer,
    /// Scroll the sheet panel down or up, when it is taller than the screen.
    SheetDown,
    SheetUp,
    // Log cursor and dice
    Undo,
    Redo,
    DiceMode,
    // Dialogs
    Accept,
    Cancel,
    PickPrev,
    PickNext,
    Override,
    Retype,
    Reroll,
    /// Give the waiting roll advantage after all (one more die).
    EdgeAdv,
    /// Give the waiting roll disadvantage after all.
    EdgeDis,
    /// Keep the roll from the players' table view, or show it again.
    Secret,
    /// Reveal the selected creature to the players' table view, or veil it again.
    Hide,
    /// Select a sheet by the first letters of its name.
    Jump,
    /// Search the roll log for some text.
    Search,
    /// Open the creature picker: add a creature of the bestiary, into the fight under way.
    Bring,
    /// Show the selected player character's page: its address and QR code.
    Link,
    /// Move the roll log to the next (older) line the search finds.
    SearchNext,
    /// Move the roll log to the previous (newer) line the search finds.
    SearchPrev,
    Swap,
    Yes,
    No,
    Change,
    ChangeBack,
    MoreAdvantage,
    MoreDisadvantage,
    Complete,
    Typing,
    /// A ruleset's own action.
    Sheet(&'static str),
}

/// A key as the table names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    Char(char),
    Ctrl(char),
    Code(KeyCode),
    /// Any of 1-9.
    Digits,
    /// Ordinary typing, for text fields (documented, dispatched to the text input).
    Text,
}

impl Key {
    fn matches(self, ev: &KeyEvent) -> bool {
        let ctrl = ev.modifiers.contains(KeyModifiers::CONTROL);
        match (self, ev.code) {
            (Key::Char(c), KeyCode::Char(x)) => !ctrl && c == x,
            (Key::Ctrl(c), KeyCode::Char(x)) => ctrl && c.eq_ignore_ascii_case(&x),
            (Key::Code(KeyCode::BackTab), KeyCode::BackTab) => true,
            (Key::Code(code), x) => code == x && !ctrl,
            (Key::Digits, KeyCode::Char(x)) => !ctrl && ('1'..='9').contains(&x),
            _ => false,
        }
    }

    pub fn label(self) -> String {
        match self {
            Key::Char(' ') => "Space".into(),
            Key::Char(c) => c.to_string(),
            Key::Ctrl(c) => format!("Ctrl-{}", c.to_ascii_uppercase()),
            Key::Digits => "1-9".into(),
            Key::Text => "letters".into(),
            Key::Code(code) => match code {
                KeyCode::Enter => "Enter".into(),
                KeyCode::Esc => "Esc".into(),
                KeyCode::Tab => "Tab".into(),
                KeyCode::BackTab => "Shift-Tab".into(),
                KeyCode::Up => "↑".into(),
                KeyCode::Down => "↓".into(),
                KeyCode::Left => "←".into(),
                KeyCode::Right => "→".into(),
                KeyCode::PageUp => "PgUp".into(),
                KeyCode::PageDown => "PgDn".into(),
                KeyCode::Backspace => "Backspace".into(),
                KeyCode::Delete => "Del".into(),
                KeyCode::F(n) => format!("F{n}"),
                other => format!("{other:?}"),
            },
        }
    }
}

/// A key as the screens take it: where the keyboard is, the action the table binds the key to
/// there (if any), and the key itself, for the fields that take typing.
#[derive(Debug, Clone, Copy)]
pub struct Press {
    pub ctx: Ctx,
    pub action: Option<Action>,
    pub key: KeyEvent,
}

#[derive(Debug, Clone, Copy)]
pub struct Binding {
    pub ctx: Ctx,
    pub keys: &'static [Key],
    pub action: Action,
    /// A word or two for the status line; empty keeps it out of the status line. `keys|word`
    /// shows `keys` instead of the first key (for pairs like ←→).
    pub short: &'static str,
    /// The help overlay's sentence.
    pub help: &'static str,
}

use Action as A;
use Ctx as C;
use Key as K;
use KeyCode as KC;

/// A screen's whole keymap: groups of bindings, in the order the status line and help list them.
/// Within a context the first matching row wins.
pub type Table = &'static [&'static [Binding]];

pub const fn b(
    ctx: Ctx,
    keys: &'static [Key],
    action: Action,
    short: &'static str,
    help: &'static str,
) -> Binding {
    Binding {
        ctx,
        keys,
        action,
        short,
        help,
    }
}

/// The table of a ruleset whose own keys are all on the main screen: its groups first (they lead
/// the status line), then every group the frame shares. The slot system, with dialogs of its own
/// among the frame's, lays its table out by hand.
macro_rules! with_frame {
    ($($own:expr),+ $(,)?) => {
        &[
            $($own,)+
            $crate::tui::keymap::MAIN_HISTORY,
            $crate::tui::keymap::MAIN_ROSTER,
            $crate::tui::keymap::MAIN_LOG,
            $crate::tui::keymap::MAIN_TAIL,
            $crate::tui::keymap::ROLL,
            $crate::tui::keymap::GROUP,
            $crate::tui::keymap::DECIDE,
            $crate::tui::keymap::FORM,
            $crate::tui::keymap::CHOICE,
            $crate::tui::keymap::PALETTE,
            $crate::tui::keymap::FACE,
            $crate::tui::keymap::PROPOSAL,
            $crate::tui::keymap::DECLINE,
            $crate::tui::keymap::JUMP,
            $crate::tui::keymap::SEARCH,
            $crate::tui::keymap::PICK,
            $crate::tui::keymap::FOUND,
            $crate::tui::keymap::LINK,
            $crate::tui::keymap::HELP,
        ]
    };
}
pub(crate) use with_frame;

/// The start screen's table: its own keys and the new-session form.
pub const START_TABLE: Table = &[START, FORM];

/// The start screen.
#[rustfmt::skip]
pub const START: &[Binding] = &[
    b(C::Start, &[K::Char('n')], A::NewSession, "new", "Start a new session (asks for its name)"),
    b(C::Start, &[K::Char('d')], A::OpenDemo, "demo", "Open a fresh copy of a bundled demo session: choose the ruleset (the slot system first)"),
    b(C::Start, &[K::Char('p')], A::NextParty, "party", "Next session with the highlighted session's party (asks for its name)"),
    b(C::Start, &[K::Code(KC::Enter)], A::OpenRecent, "open", "Open the highlighted recent session"),
    b(C::Start, &[K::Digits], A::Digit, "", "Open recent session number 1-9"),
    b(C::Start, &[K::Code(KC::Up), K::Char('k')], A::Up, "", "Highlight the previous session"),
    b(C::Start, &[K::Code(KC::Down), K::Char('j')], A::Down, "", "Highlight the next session"),
    b(C::Start, &[K::Char('q'), K::Ctrl('c')], A::Quit, "quit", "Quit"),
];

/// Undo and redo on the main screen.
#[rustfmt::skip]
pub const MAIN_HISTORY: &[Binding] = &[
    b(C::Main, &[K::Char('u')], A::Undo, "undo", "Undo the last change (rolls are kept, never re-rolled)"),
    b(C::Main, &[K::Char('U'), K::Ctrl('r')], A::Redo, "redo", "Redo what was undone"),
];

/// Moving along the roster on the main screen.
#[rustfmt::skip]
pub const MAIN_ROSTER: &[Binding] = &[
    b(C::Main, &[K::Code(KC::Tab)], A::NextChar, "next", "Select the next character"),
    b(C::Main, &[K::Code(KC::BackTab)], A::PrevChar, "", "Select the previous character"),
    b(C::Main, &[K::Char('H')], A::Hide, "", "Reveal the selected creature to the players' table view, or veil it again"),
    b(C::Main, &[K::Char('\'')], A::Jump, "", "Jump to a sheet: type the first letters of a name (Enter keeps it)"),
    b(C::Main, &[K::Char('A')], A::Bring, "", "Add a creature, or in a fight an encounter: letters of its name, then Enter"),
    b(C::Main, &[K::Char('W')], A::Link, "", "The selected player character's own page: its address and QR code, to hand out"),
];

/// Scrolling the roll log on the main screen.
#[rustfmt::skip]
pub const MAIN_LOG: &[Binding] = &[
    b(C::Main, &[K::Code(KC::PageUp)], A::LogOlder, "", "Scroll the roll log to older lines"),
    b(C::Main, &[K::Code(KC::PageDown)], A::LogNewer, "", "Scroll the roll log to newer lines"),
    b(C::Main, &[K::Char('/')], A::Search, "", "Search the roll log: a name, crit, a rule number (then n/N step)"),
    b(C::Main, &[K::Char(']')], A::SheetDown, "", "Scroll the sheet down, when it is taller than its panel"),
    b(C::Main, &[K::Char('[')], A::SheetUp, "", "Scroll the sheet up again"),
];

/// The main screen's last keys: dice mode, palette, help and quit (help and quit close the status line).
#[rustfmt::skip]
pub const MAIN_TAIL: &[Binding] = &[
    b(C::Main, &[K::Char('D')], A::DiceMode, "", "Switch between live dice and typing the table's dice"),
    b(C::Main, &[K::Char(':')], A::Palette, ":cmd", "Command palette: type any command of the script language"),
    b(C::Main, &[K::Char('?'), K::Code(KC::F(1))], A::Help, "help", "Every key of the current screen"),
    b(C::Main, &[K::Char('q'), K::Ctrl('c')], A::Quit, "quit", "Quit (everything is already saved)"),
];

/// A roll waiting for the judge.
#[rustfmt::skip]
pub const ROLL: &[Binding] = &[
    b(C::Roll, &[K::Code(KC::Enter)], A::Accept, "accept", "Accept the roll with the picked die and the verdict shown"),
    b(C::Roll, &[K::Code(KC::Left), K::Char('h')], A::PickPrev, "", "Pick the die to the left"),
    b(C::Roll, &[K::Code(KC::Right), K::Char('l')], A::PickNext, "←→|pick", "Pick the die to the right"),
    b(C::Roll, &[K::Digits], A::Digit, "", "Pick that die (as many as the roll has)"),
    b(C::Roll, &[K::Char('o')], A::Override, "override", "Override the verdict (pass becomes fail and back)"),
    b(C::Roll, &[K::Char('T')], A::Retype, "type dice", "Replace these dice with the faces the table rolled"),
    b(C::Roll, &[K::Char('+')], A::EdgeAdv, "+/-|edge", "Give the roll advantage after all: one more die, the better kept (where the ruleset allows it)"),
    b(C::Roll, &[K::Char('-')], A::EdgeDis, "", "Give the roll disadvantage after all: one more die, the worse kept"),
    b(C::Roll, &[K::Char('r')], A::Reroll, "re-roll", "Roll these dice again, with a line in the log that the judge asked for it (undo never re-rolls)"),
    b(C::Roll, &[K::Char('s')], A::Secret, "secret", "Keep this roll from the players' table view; press again to show it"),
    b(C::Roll, &[K::Code(KC::Esc)], A::Cancel, "cancel", "Drop the roll: nothing happens to anyone"),
    b(C::Roll, &[K::Char('u')], A::Undo, "undo", "Undo the last step (a pick, an override, the roll itself); redone, it keeps its faces"),
    b(C::Roll, &[K::Char('U'), K::Ctrl('r')], A::Redo, "", "Redo"),
    b(C::Roll, &[K::Char(':')], A::Palette, "", "Command palette"),
    b(C::Roll, &[K::Char('?'), K::Code(KC::F(1))], A::Help, "help", "Every key here"),
    b(C::Roll, &[K::Char('q'), K::Ctrl('c')], A::Quit, "", "Quit (the roll stays waiting for next time)"),
];

/// A group roll waiting for the judge.
#[rustfmt::skip]
pub const GROUP: &[Binding] = &[
    b(C::Group, &[K::Code(KC::Up), K::Char('k')], A::Up, "", "Highlight the previous member"),
    b(C::Group, &[K::Code(KC::Down), K::Char('j')], A::Down, "", "Highlight the next member"),
    b(C::Group, &[K::Char('s')], A::Swap, "swap", "Swap dice: press on the first member, then on the second"),
    b(C::Group, &[K::Code(KC::Enter)], A::Accept, "read dice", "Read every die as it stands and resolve each check"),
    b(C::Group, &[K::Code(KC::Esc)], A::Cancel, "cancel", "Drop the group check (or the half-made swap)"),
    b(C::Group, &[K::Char('u')], A::Undo, "undo", "Undo the last step"),
    b(C::Group, &[K::Char('U'), K::Ctrl('r')], A::Redo, "", "Redo"),
    b(C::Group, &[K::Char('?'), K::Code(KC::F(1))], A::Help, "help", "Every key here"),
    b(C::Group, &[K::Char('q'), K::Ctrl('c')], A::Quit, "", "Quit"),
];

/// A question the rules leave to the judge.
#[rustfmt::skip]
pub const DECIDE: &[Binding] = &[
    b(C::Decide, &[K::Code(KC::Up), K::Char('k')], A::Up, "", "Highlight the previous answer"),
    b(C::Decide, &[K::Code(KC::Down), K::Char('j')], A::Down, "↑↓|choose", "Highlight the next answer"),
    b(C::Decide, &[K::Digits], A::Digit, "", "Highlight the answer numbered 1-9"),
    b(C::Decide, &[K::Char('y')], A::Yes, "take it", "Yes, to a yes-or-no question (an improvised block: the item stops it); over an answer that kills, take it"),
    b(C::Decide, &[K::Char('n')], A::No, "", "No, to a yes-or-no question (an improvised block: the hit lands)"),
    b(C::Decide, &[K::Code(KC::Enter)], A::Accept, "confirm", "Confirm the highlighted answer (the proposal is preselected)"),
    b(C::Decide, &[K::Code(KC::Esc)], A::Cancel, "cancel", "Drop the decision: nothing more happens"),
    b(C::Decide, &[K::Char('u')], A::Undo, "undo", "Undo the last step"),
    b(C::Decide, &[K::Char('U'), K::Ctrl('r')], A::Redo, "", "Redo"),
    b(C::Decide, &[K::Char(':')], A::Palette, "", "Command palette: `choose N` answers here too"),
    b(C::Decide, &[K::Char('?'), K::Code(KC::F(1))], A::Help, "help", "Every key here"),
    b(C::Decide, &[K::Char('q'), K::Ctrl('c')], A::Quit, "", "Quit"),
];

/// Forms (roll setups, characters, items).
#[rustfmt::skip]
pub const FORM: &[Binding] = &[
    b(C::Form, &[K::Code(KC::Enter)], A::Accept, "ok", "Do it (a roll rolls, an edit is applied)"),
    b(C::Form, &[K::Code(KC::Esc)], A::Cancel, "cancel", "Close without doing anything"),
    b(C::Form, &[K::Code(KC::Up), K::Code(KC::BackTab)], A::Up, "", "Previous field"),
    b(C::Form, &[K::Code(KC::Down), K::Code(KC::Tab)], A::Down, "↑↓|field", "Next field"),
    b(C::Form, &[K::Code(KC::Right), K::Char(' ')], A::Change, "←→|change", "Next value of the field (Space toggles)"),
    b(C::Form, &[K::Code(KC::Left)], A::ChangeBack, "", "Previous value of the field"),
    b(C::Form, &[K::Char('a')], A::MoreAdvantage, "a/d|edge", "One more advantage (or one less disadvantage)"),
    b(C::Form, &[K::Char('d')], A::MoreDisadvantage, "", "One more disadvantage (or one less advantage)"),
    b(C::Form, &[K::Text], A::Typing, "", "In a text field, letters type (a and d then type too)"),
    b(C::Form, &[K::Code(KC::F(1))], A::Help, "F1|help", "Every key here (? opens it too while the field is not for typing)"),
    b(C::Form, &[K::Ctrl('c')], A::Quit, "", "Quit"),
];

/// One-key choices.
#[rustfmt::skip]
pub const CHOICE: &[Binding] = &[
    b(C::Choice, &[K::Text], A::Typing, "", "Press the key shown beside the choice"),
    b(C::Choice, &[K::Code(KC::Enter)], A::Accept, "", "Take the answer marked ★ proposed, where there is one"),
    b(C::Choice, &[K::Code(KC::Esc)], A::Cancel, "cancel", "Close without doing anything"),
    b(C::Choice, &[K::Char('?'), K::Code(KC::F(1))], A::Help, "help", "Every key here"),
    b(C::Choice, &[K::Ctrl('c')], A::Quit, "", "Quit"),
];

/// The command palette.
#[rustfmt::skip]
pub const PALETTE: &[Binding] = &[
    b(C::Palette, &[K::Text], A::Typing, "", "Type a command of the script language"),
    b(C::Palette, &[K::Code(KC::Tab)], A::Complete, "complete", "Complete the word under the cursor"),
    b(C::Palette, &[K::Code(KC::Up)], A::Up, "↑↓|history", "Previous command from the history"),
    b(C::Palette, &[K::Code(KC::Down)], A::Down, "", "Next command from the history"),
    b(C::Palette, &[K::Code(KC::Enter)], A::Accept, "run", "Run the command (on an error nothing changes)"),
    b(C::Palette, &[K::Code(KC::Esc)], A::Cancel, "close", "Close the palette"),
    b(C::Palette, &[K::Code(KC::F(1))], A::Help, "F1|help", "Every key here, and the command language"),
    b(C::Palette, &[K::Ctrl('c')], A::Quit, "", "Quit"),
];

/// Typing the table's dice.
#[rustfmt::skip]
pub const FACE: &[Binding] = &[
    b(C::Face, &[K::Text], A::Typing, "", "Type the face the die shows"),
    b(C::Face, &[K::Code(KC::Enter)], A::Accept, "enter face", "Take the face and go on"),
    b(C::Face, &[K::Code(KC::Esc)], A::Cancel, "give up", "Give up this roll: nothing changes"),
    b(C::Face, &[K::Code(KC::F(1))], A::Help, "F1|help", "Every key here"),
    b(C::Face, &[K::Ctrl('c')], A::Quit, "", "Quit"),
];

/// A roll a player proposed from their own page.
#[rustfmt::skip]
pub const PROPOSAL: &[Binding] = &[
    b(C::Proposal, &[K::Code(KC::Enter)], A::Accept, "roll it", "Run the player's roll as proposed, with the faces they entered (the rest rolled as any roll)"),
    b(C::Proposal, &[K::Char('e')], A::Change, "change", "Take the roll's line into the palette, to change it and run it there"),
    b(C::Proposal, &[K::Char('d')], A::No, "decline", "Decline it with a word back to the player's page: nothing changes"),
    b(C::Proposal, &[K::Code(KC::Esc)], A::Cancel, "later", "Put it off: it shows again after your next step"),
    b(C::Proposal, &[K::Char('?'), K::Code(KC::F(1))], A::Help, "help", "Every key here"),
    b(C::Proposal, &[K::Char('q'), K::Ctrl('c')], A::Quit, "", "Quit (the proposal waits for next time)"),
];

/// The word back to a player whose roll is declined.
#[rustfmt::skip]
pub const DECLINE: &[Binding] = &[
    b(C::Decline, &[K::Text], A::Typing, "", "Type the word back to the player (may be left empty)"),
    b(C::Decline, &[K::Code(KC::Enter)], A::Accept, "decline", "Decline the roll with these words"),
    b(C::Decline, &[K::Code(KC::Esc)], A::Cancel, "back", "Back to the proposal"),
    b(C::Decline, &[K::Code(KC::F(1))], A::Help, "F1|help", "Every key here"),
    b(C::Decline, &[K::Ctrl('c')], A::Quit, "", "Quit"),
];

/// Jumping to a sheet by name.
#[rustfmt::skip]
pub const JUMP: &[Binding] = &[
    b(C::Jump, &[K::Text], A::Typing, "", "Type the first letters of a name (or of any word in it: 3 finds Goblin 3); the first match is selected"),
    b(C::Jump, &[K::Code(KC::Tab)], A::Complete, "next match", "Select the next name that matches"),
    b(C::Jump, &[K::Code(KC::Enter)], A::Accept, "keep", "Keep the selection"),
    b(C::Jump, &[K::Code(KC::Esc)], A::Cancel, "back", "Go back to who was selected before"),
    b(C::Jump, &[K::Code(KC::F(1))], A::Help, "F1|help", "Every key here"),
    b(C::Jump, &[K::Ctrl('c')], A::Quit, "", "Quit"),
];

/// The creature picker.
#[rustfmt::skip]
pub const PICK: &[Binding] = &[
    b(C::Pick, &[K::Text], A::Typing, "", "Type a few letters of the creature's kind (or of any word in it); the list keeps those that match"),
    b(C::Pick, &[K::Code(KC::Up)], A::Up, "", "Highlight the creature above"),
    b(C::Pick, &[K::Code(KC::Down)], A::Down, "↑↓|choose", "Highlight the creature below"),
    b(C::Pick, &[K::Code(KC::Tab)], A::Change, "seen", "Unseen or seen by the players' table (unseen unless changed)"),
    b(C::Pick, &[K::Code(KC::Enter)], A::Accept, "add", "Add the highlighted creature, numbered; in a fight it joins where its initiative puts it"),
    b(C::Pick, &[K::Code(KC::Esc)], A::Cancel, "cancel", "Close without adding anyone"),
    b(C::Pick, &[K::Code(KC::F(1))], A::Help, "F1|help", "Every key here"),
    b(C::Pick, &[K::Ctrl('c')], A::Quit, "", "Quit"),
];

/// Typing a search of the roll log.
#[rustfmt::skip]
pub const SEARCH: &[Binding] = &[
    b(C::Search, &[K::Text], A::Typing, "", "Type what to look for (case does not matter); the log moves to the newest line that has it"),
    b(C::Search, &[K::Code(KC::Enter)], A::Accept, "keep", "Keep the search: n and N then step through the lines it finds"),
    b(C::Search, &[K::Code(KC::Esc)], A::Cancel, "back", "Drop the search and put the log back where it was"),
    b(C::Search, &[K::Code(KC::F(1))], A::Help, "F1|help", "Every key here"),
    b(C::Search, &[K::Ctrl('c')], A::Quit, "", "Quit"),
];

/// A search of the roll log kept on the main screen. Keys not listed here work as on the main
/// screen.
#[rustfmt::skip]
pub const FOUND: &[Binding] = &[
    b(C::Found, &[K::Char('n')], A::SearchNext, "next", "Move the log to the next line the search finds (older)"),
    b(C::Found, &[K::Char('N')], A::SearchPrev, "previous", "Move the log to the previous line the search finds (newer)"),
    b(C::Found, &[K::Char('/')], A::Search, "search", "Search for something else"),
    b(C::Found, &[K::Code(KC::Esc)], A::Cancel, "leave search", "Leave the search: n and N are the main screen's keys again"),
    b(C::Found, &[K::Char('?'), K::Code(KC::F(1))], A::Help, "help", "Every key here (the main screen's other keys work as ever)"),
    b(C::Found, &[K::Ctrl('c')], A::Quit, "", "Quit"),
];

/// A player character's page shown for the judge to hand out.
#[rustfmt::skip]
pub const LINK: &[Binding] = &[
    b(C::Link, &[K::Code(KC::Tab)], A::NextChar, "next", "The next player character's page"),
    b(C::Link, &[K::Code(KC::BackTab)], A::PrevChar, "", "The previous player character's page"),
    b(C::Link, &[K::Char('W')], A::Link, "look again", "Look again: once the page is started, or after link NAME new"),
    b(C::Link, &[K::Code(KC::Esc), K::Char('q')], A::Cancel, "close", "Close"),
    b(C::Link, &[K::Char('?'), K::Code(KC::F(1))], A::Help, "help", "Every key here"),
    b(C::Link, &[K::Ctrl('c')], A::Quit, "", "Quit"),
];

/// The help overlay.
#[rustfmt::skip]
pub const HELP: &[Binding] = &[
    b(C::Help, &[K::Code(KC::Up), K::Char('k')], A::Up, "", "Scroll up"),
    b(C::Help, &[K::Code(KC::Down), K::Char('j')], A::Down, "↑↓|scroll", "Scroll down"),
    b(C::Help, &[K::Code(KC::Esc), K::Char('?'), K::Char('q'), K::Code(KC::F(1))], A::Cancel, "close", "Close the help"),
    b(C::Help, &[K::Ctrl('c')], A::Quit, "", "Quit"),
];

/// The context a key goes to and its action: a kept search of the log takes its own keys and
/// hands every other key to the main screen.
pub fn route(table: Table, ctx: Ctx, ev: &KeyEvent) -> (Ctx, Option<Action>) {
    match (ctx, lookup(table, ctx, ev)) {
        (Ctx::Found, None) => (Ctx::Main, lookup(table, Ctx::Main, ev)),
        (ctx, action) => (ctx, action),
    }
}

/// The action bound to a key in a context. Text-taking contexts get `Typing` for anything else.
pub fn lookup(table: Table, ctx: Ctx, ev: &KeyEvent) -> Option<Action> {
    let mut typing = false;
    for binding in bindings(table, ctx) {
        for key in binding.keys {
            if *key == Key::Text {
                typing = true;
            } else if key.matches(ev) {
                return Some(binding.action);
            }
        }
    }
    typing.then_some(Action::Typing)
}

/// The bindings of one context, in table order.
pub fn bindings(table: Table, ctx: Ctx) -> impl Iterator<Item = &'static Binding> {
    table
        .iter()
        .flat_map(|group| group.iter())
        .filter(move |b| b.ctx == ctx)
}

/// Every context a table has keys for, in table order.
pub fn contexts(table: Table) -> Vec<Ctx> {
    let mut out: Vec<Ctx> = Vec::new();
    for b in table.iter().flat_map(|g| g.iter()) {
        if !out.contains(&b.ctx) {
            out.push(b.ctx);
        }
    }
    out
}

/// The keys of a binding as the help shows them ("↑ / k").
pub fn keys_label(binding: &Binding) -> String {
    binding
        .keys
        .iter()
        .map(|k| k.label())
        .collect::<Vec<_>>()
        .join(" / ")
}

/// The first key of the binding for `action` in `ctx`, for sentences ("press u to undo").
pub fn key_for(table: Table, ctx: Ctx, action: Action) -> Option<String> {
    bindings(table, ctx)
        .find(|b| b.action == action)
        .and_then(|b| b.keys.first())
        .map(|k| k.label())
}

/// The checks every table must pass: no key bound twice in a context, every binding explained,
/// Ctrl-C quits everywhere, and the frame's shared keys are all there. Run by the tests over the
/// start screen's table and every ruleset's.
pub fn check_table(table: Table) -> Result<(), String> {
    let probes: Vec<KeyEvent> = (' '..='~')
        .map(|c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE))
        .chain(
            [
                KeyCode::Enter,
                KeyCode::Esc,
                KeyCode::Tab,
                KeyCode::BackTab,
                KeyCode::Up,
                KeyCode::Down,
                KeyCode::Left,
                KeyCode::Right,
                KeyCode::PageUp,
                KeyCode::PageDown,
                KeyCode::Delete,
            ]
            .map(|c| KeyEvent::new(c, KeyModifiers::NONE)),
        )
        .collect();
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    for ctx in contexts(table) {
        for ev in &probes {
            let hits = bindings(table, ctx)
                .filter(|b| b.keys.iter().any(|k| k.matches(ev)))
                .count();
            if hits > 1 {
                return Err(format!("{ev:?} is bound {hits} times in {ctx:?}"));
            }
        }
        if lookup(table, ctx, &ctrl_c) != Some(Action::Quit) {
            return Err(format!("Ctrl-C does not quit in {ctx:?}"));
        }
        let f1 = KeyEvent::new(KeyCode::F(1), KeyModifiers::NONE);
        if !matches!(ctx, Ctx::Start | Ctx::Help) && lookup(table, ctx, &f1) != Some(Action::Help) {
            return Err(format!("F1 does not open the help in {ctx:?}"));
        }
    }
    for b in table.iter().flat_map(|g| g.iter()) {
        if b.help.is_empty() {
            return Err(format!("{:?} has no help", b.action));
        }
    }
    Ok(())
}

/// A ruleset's table must take every group the frame shares, so undo, the palette, help, quit
/// and every dialog work the same in every ruleset.
pub fn check_ruleset_table(table: Table) -> Result<(), String> {
    check_table(table)?;
    let shared: [(&str, &[Binding]); 19] = [
        ("undo and redo", MAIN_HISTORY),
        ("the roster", MAIN_ROSTER),
        ("the log", MAIN_LOG),
        ("palette, help and quit", MAIN_TAIL),
        ("the roll dialog", ROLL),
        ("the group roll", GROUP),
        ("the question dialog", DECIDE),
        ("forms", FORM),
        ("choices", CHOICE),
        ("the palette", PALETTE),
        ("typed dice", FACE),
        ("a player's proposal", PROPOSAL),
        ("declining a proposal", DECLINE),
        ("jumping to a name", JUMP),
        ("searching the log", SEARCH),
        ("the creature picker", PICK),
        ("a search kept", FOUND),
        ("a player's page", LINK),
        ("help", HELP),
    ];
    for (what, group) in shared {
        let same = |g: &&[Binding]| {
            g.len() == group.len()
                && g.iter()
                    .zip(group)
                    .all(|(a, b)| a.ctx == b.ctx && a.action == b.action && a.help == b.help)
        };
        if !table.iter().any(same) {
            return Err(format!("the table leaves out the frame's keys for {what}"));
        }
    }
    Ok(())
}

/// The name a settings file gives a main-screen action: the frame's actions by these names, a
/// ruleset's by its own word ("fight", "next turn").
pub fn action_name(action: Action) -> &'static str {
    match action {
        Action::Undo => "undo",
        Action::Redo => "redo",
        Action::NextChar => "next character",
        Action::PrevChar => "previous character",
        Action::Hide => "hide character",
        Action::Jump => "jump to a name",
        Action::Bring => "add a creature",
        Action::Link => "player's page",
        Action::Search => "search the log",
        Action::LogOlder => "log older",
        Action::LogNewer => "log newer",
        Action::SheetDown => "sheet down",
        Action::SheetUp => "sheet up",
        Action::DiceMode => "dice mode",
        Action::Palette => "palette",
        Action::Help => "help",
        Action::Quit => "quit",
        Action::Sheet(word) => word,
        _ => "",
    }
}

/// A key as a settings file writes it: one character (`z`, `Z`, `;`), `Space`, `Ctrl-x`, `F2`
/// to `F12`, `Tab`, `Shift-Tab`, `Enter`, `Esc`, `PgUp`, `PgDn`, `Up`, `Down`, `Left`, `Right`,
/// `Del`, `Backspace`.
pub fn parse_key(text: &str) -> Option<Key> {
    let mut chars = text.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return (!c.is_control()).then_some(Key::Char(c));
    }
    let named = |name: &str| text.eq_ignore_ascii_case(name);
    if let Some(rest) = text
        .strip_prefix("Ctrl-")
        .or_else(|| text.strip_prefix("ctrl-"))
    {
        let mut rest = rest.chars();
        return match (rest.next(), rest.next()) {
            (Some(c), None) if c.is_ascii_alphanumeric() => Some(Key::Ctrl(c.to_ascii_lowercase())),
            _ => None,
        };
    }
    if let Some(n) = text
        .strip_prefix(['F', 'f'])
        .and_then(|n| n.parse::<u8>().ok())
    {
        return (2..=12).contains(&n).then_some(Key::Code(KeyCode::F(n)));
    }
    let code = [
        ("Space", KeyCode::Char(' ')),
        ("Tab", KeyCode::Tab),
        ("Shift-Tab", KeyCode::BackTab),
        ("Enter", KeyCode::Enter),
        ("Esc", KeyCode::Esc),
        ("PgUp", KeyCode::PageUp),
        ("PgDn", KeyCode::PageDown),
        ("Up", KeyCode::Up),
        ("Down", KeyCode::Down),
        ("Left", KeyCode::Left),
        ("Right", KeyCode::Right),
        ("Del", KeyCode::Delete),
        ("Backspace", KeyCode::Backspace),
    ]
    .into_iter()
    .find(|(name, _)| named(name))?
    .1;
    Some(match code {
        KeyCode::Char(c) => Key::Char(c),
        other => Key::Code(other),
    })
}

/// A key press that the key answers to, for checking clashes.
fn press(key: Key) -> Option<KeyEvent> {
    match key {
        Key::Char(c) => Some(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)),
        Key::Ctrl(c) => Some(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)),
        Key::Code(code) => Some(KeyEvent::new(code, KeyModifiers::NONE)),
        Key::Digits | Key::Text => None,
    }
}

/// The screens' key tables with the judge's remaps made. A remap gives a main-screen action a new
/// first key in every table that has the action; its other keys (Ctrl-C, F1, arrows) stay.
#[derive(Debug, Clone, Default)]
pub struct Remapped {
    /// Each table that changed, after the one it was made from.
    tables: Vec<(Table, Table)>,
    /// The remaps in force: the action's name and its new key.
    pub applied: Vec<(String, String)>,
}

impl Remapped {
    /// The table in force for `base`.
    pub fn table(&self, base: Table) -> Table {
        self.tables
            .iter()
            .find(|(from, _)| std::ptr::eq(*from, base))
            .map_or(base, |(_, to)| *to)
    }
}

/// Makes each remap in `remaps` over `bases` (the start screen's table and every ruleset's, each
/// with the name a message gives it after "in the"), in order. A remap that names no main-screen action or
/// names a key slotmark cannot read is left out with a warning naming its line. A key already
/// in use for something else on a screen keeps the action's default keys on that screen only
/// (`("undo", "z")` moves undo to z wherever z is free, and the slot system keeps z for its
/// zones); a warning names the screens, and when the key is taken on every screen that has the
/// action, the remap is left out. Tables are made once at start, so the few bytes they take are
/// kept for the whole run.
pub fn remap(
    bases: &[(Table, &str)],
    remaps: &[crate::config::KeyRemap],
) -> (Remapped, Vec<String>) {
    let mut current: Vec<(Table, Vec<Vec<Binding>>)> = bases
        .iter()
        .map(|(t, _)| (*t, t.iter().map(|g| g.to_vec()).collect()))
        .collect();
    let mut warnings = Vec::new();
    let mut applied = Vec::new();
    for r in remaps {
        let line = r.line;
        let wanted = r.action.trim();
        let has = |groups: &Vec<Vec<Binding>>| {
            groups
                .iter()
                .flatten()
                .any(|b| b.ctx == Ctx::Main && action_name(b.action).eq_ignore_ascii_case(wanted))
        };
        if wanted.is_empty() || !current.iter().any(|(_, g)| has(g)) {
            warnings.push(format!(
                "line {line}: '{}' names no action of the main screen (try `undo`, `redo`, \
                 `palette`, `help`, `quit`, `next character`, or a word from the screen's help); \
                 its keys stay as they are",
                r.action
            ));
            continue;
        }
        let Some(key) = parse_key(r.key.trim()) else {
            warnings.push(format!(
                "line {line}: '{}' is not a key slotmark can read (a character, Space, Ctrl-x, \
                 F2 to F12, Tab, Enter, Esc, PgUp, PgDn, an arrow); '{}' keeps its keys",
                r.key, r.action
            ));
            continue;
        };
        let Some(ev) = press(key) else { continue };
        // What the key already does on each screen that has the action, if anything else.
        let clashes: Vec<Option<&'static str>> = current
            .iter()
            .map(|(_, groups)| {
                if !has(groups) {
                    return None;
                }
                groups
                    .iter()
                    .flatten()
                    .filter(|b| b.ctx == Ctx::Main)
                    .filter(|b| !action_name(b.action).eq_ignore_ascii_case(wanted))
                    .find(|b| b.keys.iter().any(|k| k.matches(&ev)))
                    .map(|b| b.help)
            })
            .collect();
        let free = current
            .iter()
            .zip(&clashes)
            .filter(|((_, groups), clash)| has(groups) && clash.is_none())
            .count();
        let taken: Vec<String> = bases
            .iter()
            .zip(&clashes)
            .filter_map(|((_, screen), clash)| clash.map(|c| format!("\"{c}\" in the {screen}")))
            .collect();
        if free == 0 {
            let other = clashes.iter().flatten().next().copied().unwrap_or_default();
            warnings.push(format!(
                "line {line}: {} is already the key for \"{other}\"; '{}' keeps its keys",
                key.label(),
                r.action
            ));
            continue;
        }
        if !taken.is_empty() {
            warnings.push(format!(
                "line {line}: {} is already the key for {}, so there '{}' keeps its keys; \
                 everywhere else it is on {}",
                key.label(),
                taken.join(" and "),
                r.action,
                key.label()
            ));
        }
        for ((_, groups), clash) in current.iter_mut().zip(&clashes) {
            if clash.is_some() {
                continue;
            }
            for b in groups.iter_mut().flatten() {
                if b.ctx == Ctx::Main && action_name(b.action).eq_ignore_ascii_case(wanted) {
                    let mut keys = b.keys.to_vec();
                    match keys.first_mut() {
                        Some(first) => *first = key,
                        None => keys.push(key),
                    }
                    keys.dedup();
                    b.keys = Box::leak(keys.into_boxed_slice());
                    // "←→|pick" names the old keys; the status line shows the new one instead.
                    if let Some((_, word)) = b.short.split_once('|') {
                        b.short = word;
                    }
                }
            }
        }
        applied.push((wanted.to_string(), key.label()));
    }
    if applied.is_empty() {
        return (Remapped::default(), warnings);
    }
    let tables = current
        .into_iter()
        .map(|(base, groups)| {
            let groups: Vec<&'static [Binding]> = groups
                .into_iter()
                .map(|g| &*Box::leak(g.into_boxed_slice()))
                .collect();
            let table: Table = Box::leak(groups.into_boxed_slice());
            (base, table)
        })
        .collect();
    (Remapped { tables, applied }, warnings)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn the_start_screen_table_passes_the_checks() {
        check_table(START_TABLE).unwrap();
    }

    #[test]
    fn text_contexts_fall_back_to_typing() {
        assert_eq!(
            lookup(START_TABLE, Ctx::Form, &key(KeyCode::Char('t'))),
            Some(Action::Typing)
        );
        assert_eq!(
            lookup(START_TABLE, Ctx::Start, &key(KeyCode::Char('n'))),
            Some(Action::NewSession)
        );
        assert_eq!(
            lookup(START_TABLE, Ctx::Start, &key(KeyCode::Char('Z'))),
            None
        );
    }
}
