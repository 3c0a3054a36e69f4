//! Every key of every screen, in one table. Dispatch, the help overlay and the status line are all
//! generated from [`BINDINGS`], so a key cannot work without being documented or be documented
//! without working.
//!
//! The fight and the clock sit on the main screen beside the sheet keys: `Enter`, `Space`, `S`,
//! `J` and `E` step a fight, `c` starts and ends one, `T` and `R` move the clock, `z` opens the
//! scene. Which of them the status line offers depends on whether a fight is under way.

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
    Picker,
    Palette,
    Face,
    Help,
    /// The window after a setup: who of the other side interrupts.
    Interrupt,
    /// What a stretch of time (or a round's end) changed, sheet by sheet.
    Summary,
    /// The scene editor with its map.
    Scene,
}

impl Ctx {
    pub const ALL: [Ctx; 14] = [
        Ctx::Start,
        Ctx::Main,
        Ctx::Roll,
        Ctx::Group,
        Ctx::Decide,
        Ctx::Form,
        Ctx::Choice,
        Ctx::Picker,
        Ctx::Palette,
        Ctx::Face,
        Ctx::Help,
        Ctx::Interrupt,
        Ctx::Summary,
        Ctx::Scene,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Ctx::Start => "start screen",
            Ctx::Main => "main screen",
            Ctx::Roll => "roll waiting for the judge",
            Ctx::Group => "group check",
            Ctx::Decide => "judge's decision",
            Ctx::Form => "form",
            Ctx::Choice => "choice",
            Ctx::Picker => "item library",
            Ctx::Palette => "command palette",
            Ctx::Face => "typing a die face",
            Ctx::Help => "help",
            Ctx::Interrupt => "interrupt window",
            Ctx::Summary => "summary of what changed",
            Ctx::Scene => "scene editor",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Quit,
    Help,
    Palette,
    // Start screen
    NewSession,
    OpenDemo,
    OpenRecent,
    // Navigation
    NextChar,
    PrevChar,
    Up,
    Down,
    Digit,
    LogOlder,
    LogNewer,
    // Rolls
    Terrain,
    Stealth,
    Check,
    Group,
    Attack,
    Defense,
    Fall,
    // Wounds and marks
    Wound,
    Treat,
    Mark,
    Worsen,
    ClearMark,
    Status,
    // Editing
    NewChar,
    EditChar,
    RemoveChar,
    PutItem,
    EditItem,
    MoveItem,
    RemoveItem,
    Backpack,
    TwoHands,
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
    Swap,
    Yes,
    No,
    Change,
    ChangeBack,
    MoreAdvantage,
    MoreDisadvantage,
    Complete,
    Typing,
    // A fight
    TakeTurn,
    NextActor,
    Setup,
    Interrupt,
    EndTurn,
    Fight,
    // The clock
    Task,
    Rest,
    // Zones
    Scene,
    PlaceHere,
    Unplace,
    AddZone,
    RemoveZone,
    LinkZone,
    HideZone,
    NewScene,
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
                other => format!("{other:?}"),
            },
        }
    }
}

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

const fn b(
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

/// The whole keymap. Within a context the first matching row wins; rows are in the order the
/// status line and help list them.
#[rustfmt::skip]
pub const BINDINGS: &[Binding] = &[
    // ---- Start screen
    b(C::Start, &[K::Char('n')], A::NewSession, "new", "Start a new session (asks for its name)"),
    b(C::Start, &[K::Char('d')], A::OpenDemo, "demo", "Open a fresh copy of the bundled demo session"),
    b(C::Start, &[K::Code(KC::Enter)], A::OpenRecent, "open", "Open the highlighted recent session"),
    b(C::Start, &[K::Digits], A::Digit, "", "Open recent session number 1-9"),
    b(C::Start, &[K::Code(KC::Up), K::Char('k')], A::Up, "", "Highlight the previous session"),
    b(C::Start, &[K::Code(KC::Down), K::Char('j')], A::Down, "", "Highlight the next session"),
    b(C::Start, &[K::Char('q'), K::Ctrl('c')], A::Quit, "quit", "Quit"),
    // ---- Main screen: a fight first, so its keys lead the status line while one is under way
    b(C::Main, &[K::Code(KC::Enter)], A::TakeTurn, "turn", "In a fight: the selected character takes their turn (or click them on the strip)"),
    b(C::Main, &[K::Char(' ')], A::NextActor, "next", "In a fight: select the next character who can act now"),
    b(C::Main, &[K::Char('S')], A::Setup, "setup", "In a fight: the actor sets up (move, draw, aim...); the other side may interrupt"),
    b(C::Main, &[K::Char('J')], A::Interrupt, "interrupt", "In a fight: interrupt a setup; after the interrupter's action, rule its outcome"),
    b(C::Main, &[K::Char('E')], A::EndTurn, "end turn", "In a fight: end the turn; with nobody left who can act, let the round pass"),
    b(C::Main, &[K::Char('t')], A::Terrain, "terrain", "Terrain check for the selected character (climb, swim, leap)"),
    b(C::Main, &[K::Char('s')], A::Stealth, "stealth", "Stealth check: choose the senses, then roll"),
    b(C::Main, &[K::Char('d')], A::Defense, "defense", "The selected character is attacked: declare the attack and roll"),
    b(C::Main, &[K::Char('a')], A::Attack, "attack", "The selected character attacks: choose target, kind and weapon"),
    b(C::Main, &[K::Char('c')], A::Fight, "fight", "Start a fight (who began it, who is surprised), or end the one under way"),
    b(C::Main, &[K::Char('T')], A::Task, "task", "Spend time: a task, a rest, travel or days; the dark; encounter odds shown first"),
    b(C::Main, &[K::Char('R')], A::Rest, "rest", "A 30-minute rest (5 trys): the encounter odds show before anything is rolled"),
    b(C::Main, &[K::Char('z')], A::Scene, "zones", "The scene: zones, links, cover, sight, who stands where, and the map"),
    b(C::Main, &[K::Char('f')], A::Fall, "fall", "Falling: one check per full 10 ft"),
    b(C::Main, &[K::Char('g')], A::Check, "check", "Any other check (the judge reads the item), or corruption exposure"),
    b(C::Main, &[K::Char('p')], A::Group, "group", "Group check: several characters roll at once and may swap dice"),
    b(C::Main, &[K::Char('w')], A::Wound, "wound", "Wound the selected slot (open or treated), or heal it"),
    b(C::Main, &[K::Char('r')], A::Treat, "treat", "Treat the open wound in the selected slot"),
    b(C::Main, &[K::Char('m')], A::Mark, "mark", "Mark a condition letter or fatigue in the selected slot"),
    b(C::Main, &[K::Char('+')], A::Worsen, "worsen", "Worsen a condition (it spreads to one more slot)"),
    b(C::Main, &[K::Char('-')], A::ClearMark, "clear", "Clear a condition letter or fatigue from the selected slot"),
    b(C::Main, &[K::Char('!')], A::Status, "", "Set or clear prone, restrained, unconscious, dead and the like"),
    b(C::Main, &[K::Char('u')], A::Undo, "undo", "Undo the last change (rolls are kept, never re-rolled)"),
    b(C::Main, &[K::Char('U'), K::Ctrl('r')], A::Redo, "redo", "Redo what was undone"),
    b(C::Main, &[K::Code(KC::Tab)], A::NextChar, "next", "Select the next character"),
    b(C::Main, &[K::Code(KC::BackTab)], A::PrevChar, "", "Select the previous character"),
    b(C::Main, &[K::Code(KC::Up), K::Char('k')], A::Up, "", "Select the slot above"),
    b(C::Main, &[K::Code(KC::Down), K::Char('j')], A::Down, "", "Select the slot below"),
    b(C::Main, &[K::Digits], A::Digit, "", "Select slot 1-9"),
    b(C::Main, &[K::Code(KC::PageUp)], A::LogOlder, "", "Scroll the roll log to older lines"),
    b(C::Main, &[K::Code(KC::PageDown)], A::LogNewer, "", "Scroll the roll log to newer lines"),
    b(C::Main, &[K::Char('n')], A::NewChar, "", "Add a character or a creature from the bestiary"),
    b(C::Main, &[K::Char('e')], A::EditChar, "", "Rename the selected character or change its side"),
    b(C::Main, &[K::Char('X')], A::RemoveChar, "", "Remove the selected character (undo brings it back)"),
    b(C::Main, &[K::Char('i')], A::PutItem, "item", "Put an item from the library (type to search) or a new one in the selected slot"),
    b(C::Main, &[K::Char('I')], A::EditItem, "", "Edit the item in the selected slot: name and properties"),
    b(C::Main, &[K::Char('v')], A::MoveItem, "", "Move the item in the selected slot (swaps with what is there)"),
    b(C::Main, &[K::Char('x'), K::Code(KC::Delete)], A::RemoveItem, "", "Remove the item from the selected slot"),
    b(C::Main, &[K::Char('b')], A::Backpack, "", "Drop or shoulder the backpack"),
    b(C::Main, &[K::Char('h')], A::TwoHands, "", "Hold the grip weapon with both hands, or let go with one"),
    b(C::Main, &[K::Char('D')], A::DiceMode, "", "Switch between live dice and typing the table's dice"),
    b(C::Main, &[K::Char(':')], A::Palette, ":cmd", "Command palette: type any command of the script language"),
    b(C::Main, &[K::Char('?')], A::Help, "help", "Every key of the current screen"),
    b(C::Main, &[K::Char('q'), K::Ctrl('c')], A::Quit, "quit", "Quit (everything is already saved)"),
    // ---- A roll waiting for the judge
    b(C::Roll, &[K::Code(KC::Enter)], A::Accept, "accept", "Accept the roll with the picked die and the verdict shown"),
    b(C::Roll, &[K::Code(KC::Left), K::Char('h')], A::PickPrev, "", "Pick the die to the left"),
    b(C::Roll, &[K::Code(KC::Right), K::Char('l')], A::PickNext, "←→|pick", "Pick the die to the right"),
    b(C::Roll, &[K::Digits], A::Digit, "", "Pick die 1-3"),
    b(C::Roll, &[K::Char('o')], A::Override, "override", "Override the verdict (pass becomes fail and back)"),
    b(C::Roll, &[K::Char('T')], A::Retype, "type dice", "Replace these dice with the faces the table rolled"),
    b(C::Roll, &[K::Code(KC::Esc)], A::Cancel, "cancel", "Drop the roll: nothing happens to anyone"),
    b(C::Roll, &[K::Char('u')], A::Undo, "undo", "Undo the last step (a pick, an override, the roll itself)"),
    b(C::Roll, &[K::Char('U'), K::Ctrl('r')], A::Redo, "", "Redo"),
    b(C::Roll, &[K::Char(':')], A::Palette, "", "Command palette"),
    b(C::Roll, &[K::Char('?')], A::Help, "help", "Every key here"),
    b(C::Roll, &[K::Char('q'), K::Ctrl('c')], A::Quit, "", "Quit (the roll stays waiting for next time)"),
    // ---- Group check
    b(C::Group, &[K::Code(KC::Up), K::Char('k')], A::Up, "", "Highlight the previous member"),
    b(C::Group, &[K::Code(KC::Down), K::Char('j')], A::Down, "", "Highlight the next member"),
    b(C::Group, &[K::Char('s')], A::Swap, "swap", "Swap dice: press on the first member, then on the second"),
    b(C::Group, &[K::Code(KC::Enter)], A::Accept, "read dice", "Read every die as it stands and resolve each check"),
    b(C::Group, &[K::Code(KC::Esc)], A::Cancel, "cancel", "Drop the group check (or the half-made swap)"),
    b(C::Group, &[K::Char('u')], A::Undo, "undo", "Undo the last step"),
    b(C::Group, &[K::Char('U'), K::Ctrl('r')], A::Redo, "", "Redo"),
    b(C::Group, &[K::Char('?')], A::Help, "help", "Every key here"),
    b(C::Group, &[K::Char('q'), K::Ctrl('c')], A::Quit, "", "Quit"),
    // ---- A decision the rules leave to the judge
    b(C::Decide, &[K::Code(KC::Up), K::Char('k')], A::Up, "", "Highlight the previous slot"),
    b(C::Decide, &[K::Code(KC::Down), K::Char('j')], A::Down, "↑↓|choose", "Highlight the next slot"),
    b(C::Decide, &[K::Digits], A::Digit, "", "Highlight slot 1-9"),
    b(C::Decide, &[K::Char('y')], A::Yes, "", "Improvised block: yes, the item stops it"),
    b(C::Decide, &[K::Char('n')], A::No, "", "Improvised block: no, the hit lands"),
    b(C::Decide, &[K::Code(KC::Enter)], A::Accept, "confirm", "Confirm the highlighted answer (the proposal is preselected)"),
    b(C::Decide, &[K::Code(KC::Esc)], A::Cancel, "cancel", "Drop the decision: nothing more happens"),
    b(C::Decide, &[K::Char('u')], A::Undo, "undo", "Undo the last step"),
    b(C::Decide, &[K::Char('U'), K::Ctrl('r')], A::Redo, "", "Redo"),
    b(C::Decide, &[K::Char('?')], A::Help, "help", "Every key here"),
    b(C::Decide, &[K::Char('q'), K::Ctrl('c')], A::Quit, "", "Quit"),
    // ---- Forms (roll setup, characters, items)
    b(C::Form, &[K::Code(KC::Enter)], A::Accept, "ok", "Do it (a roll rolls, an edit is applied)"),
    b(C::Form, &[K::Code(KC::Esc)], A::Cancel, "cancel", "Close without doing anything"),
    b(C::Form, &[K::Code(KC::Up), K::Code(KC::BackTab)], A::Up, "", "Previous field"),
    b(C::Form, &[K::Code(KC::Down), K::Code(KC::Tab)], A::Down, "↑↓|field", "Next field"),
    b(C::Form, &[K::Code(KC::Right), K::Char(' ')], A::Change, "←→|change", "Next value of the field (Space toggles)"),
    b(C::Form, &[K::Code(KC::Left)], A::ChangeBack, "", "Previous value of the field"),
    b(C::Form, &[K::Char('a')], A::MoreAdvantage, "a/d|edge", "One more advantage (or one less disadvantage)"),
    b(C::Form, &[K::Char('d')], A::MoreDisadvantage, "", "One more disadvantage (or one less advantage)"),
    b(C::Form, &[K::Text], A::Typing, "", "In a text field, letters type (a and d then type too)"),
    b(C::Form, &[K::Ctrl('c')], A::Quit, "", "Quit"),
    // ---- One-key choices (wound kind, condition letter, status)
    b(C::Choice, &[K::Text], A::Typing, "", "Press the key shown beside the choice"),
    b(C::Choice, &[K::Code(KC::Enter)], A::Accept, "", "Take the answer marked ★ proposed, where there is one"),
    b(C::Choice, &[K::Code(KC::Esc)], A::Cancel, "cancel", "Close without doing anything"),
    b(C::Choice, &[K::Ctrl('c')], A::Quit, "", "Quit"),
    // ---- Item library
    b(C::Picker, &[K::Text], A::Typing, "", "Type to search the library, or type a new item's name"),
    b(C::Picker, &[K::Code(KC::Up)], A::Up, "", "Previous item"),
    b(C::Picker, &[K::Code(KC::Down)], A::Down, "", "Next item"),
    b(C::Picker, &[K::Code(KC::Enter)], A::Accept, "put", "Put the highlighted item in the slot (a new item asks for its properties)"),
    b(C::Picker, &[K::Code(KC::Esc)], A::Cancel, "cancel", "Close without doing anything"),
    b(C::Picker, &[K::Ctrl('c')], A::Quit, "", "Quit"),
    // ---- Command palette
    b(C::Palette, &[K::Text], A::Typing, "", "Type a command of the script language"),
    b(C::Palette, &[K::Code(KC::Tab)], A::Complete, "complete", "Complete the word under the cursor"),
    b(C::Palette, &[K::Code(KC::Up)], A::Up, "↑↓|history", "Previous command from the history"),
    b(C::Palette, &[K::Code(KC::Down)], A::Down, "", "Next command from the history"),
    b(C::Palette, &[K::Code(KC::Enter)], A::Accept, "run", "Run the command (on an error nothing changes)"),
    b(C::Palette, &[K::Code(KC::Esc)], A::Cancel, "close", "Close the palette"),
    b(C::Palette, &[K::Ctrl('c')], A::Quit, "", "Quit"),
    // ---- Typing the table's dice
    b(C::Face, &[K::Text], A::Typing, "", "Type the face the die shows"),
    b(C::Face, &[K::Code(KC::Enter)], A::Accept, "enter face", "Take the face and go on"),
    b(C::Face, &[K::Code(KC::Esc)], A::Cancel, "give up", "Give up this roll: nothing changes"),
    b(C::Face, &[K::Ctrl('c')], A::Quit, "", "Quit"),
    // ---- The interrupt window
    b(C::Interrupt, &[K::Code(KC::Up), K::Char('k')], A::Up, "", "Highlight the previous character"),
    b(C::Interrupt, &[K::Code(KC::Down), K::Char('j')], A::Down, "↑↓|choose", "Highlight the next character"),
    b(C::Interrupt, &[K::Digits], A::Digit, "", "Highlight the character with that number"),
    b(C::Interrupt, &[K::Code(KC::Enter)], A::Accept, "interrupt", "The highlighted character interrupts: their turn at once, one action, no setup"),
    b(C::Interrupt, &[K::Code(KC::Esc)], A::Cancel, "nobody", "Nobody interrupts: the actor goes on (J opens this window again)"),
    b(C::Interrupt, &[K::Char('u')], A::Undo, "undo", "Undo the setup"),
    b(C::Interrupt, &[K::Char('?')], A::Help, "help", "Every key here"),
    b(C::Interrupt, &[K::Char('q'), K::Ctrl('c')], A::Quit, "", "Quit"),
    // ---- What changed
    b(C::Summary, &[K::Code(KC::Up), K::Char('k')], A::Up, "", "Scroll up"),
    b(C::Summary, &[K::Code(KC::Down), K::Char('j')], A::Down, "↑↓|scroll", "Scroll down"),
    b(C::Summary, &[K::Code(KC::Enter), K::Code(KC::Esc)], A::Cancel, "ok", "Close the summary"),
    b(C::Summary, &[K::Char('u')], A::Undo, "undo", "Undo what just happened (a redo replays the same dice)"),
    b(C::Summary, &[K::Char('?')], A::Help, "help", "Every key here"),
    b(C::Summary, &[K::Char('q'), K::Ctrl('c')], A::Quit, "", "Quit"),
    // ---- The scene editor
    b(C::Scene, &[K::Code(KC::Up), K::Char('k')], A::Up, "", "Highlight the zone above"),
    b(C::Scene, &[K::Code(KC::Down), K::Char('j')], A::Down, "↑↓|zone", "Highlight the zone below"),
    b(C::Scene, &[K::Code(KC::Tab)], A::NextChar, "Tab|who", "Choose the next character to place"),
    b(C::Scene, &[K::Code(KC::BackTab)], A::PrevChar, "", "Choose the previous character to place"),
    b(C::Scene, &[K::Char('p')], A::PlaceHere, "place", "Put the chosen character in the highlighted zone"),
    b(C::Scene, &[K::Char('o')], A::Unplace, "", "Take the chosen character off the map"),
    b(C::Scene, &[K::Char('a')], A::AddZone, "add", "Add a zone: its name, and whether it has cover"),
    b(C::Scene, &[K::Char('l')], A::LinkZone, "link", "Link the highlighted zone with another (adjacent zones are near), or unlink them"),
    b(C::Scene, &[K::Char('h')], A::HideZone, "sight", "Put two zones out of each other's sight (remote), or back in sight"),
    b(C::Scene, &[K::Char('x'), K::Code(KC::Delete)], A::RemoveZone, "", "Remove the highlighted zone and its links (whoever stood there is unplaced)"),
    b(C::Scene, &[K::Char('n')], A::NewScene, "", "Start a new scene with no zones (everyone is unplaced)"),
    b(C::Scene, &[K::Char('u')], A::Undo, "undo", "Undo the last change"),
    b(C::Scene, &[K::Char('U'), K::Ctrl('r')], A::Redo, "", "Redo"),
    b(C::Scene, &[K::Code(KC::Esc)], A::Cancel, "close", "Back to the sheets"),
    b(C::Scene, &[K::Char('?')], A::Help, "help", "Every key here"),
    b(C::Scene, &[K::Char('q'), K::Ctrl('c')], A::Quit, "", "Quit"),
    // ---- Help
    b(C::Help, &[K::Code(KC::Up), K::Char('k')], A::Up, "", "Scroll up"),
    b(C::Help, &[K::Code(KC::Down), K::Char('j')], A::Down, "↑↓|scroll", "Scroll down"),
    b(C::Help, &[K::Code(KC::Esc), K::Char('?'), K::Char('q')], A::Cancel, "close", "Close the help"),
    b(C::Help, &[K::Ctrl('c')], A::Quit, "", "Quit"),
];

/// The action bound to a key in a context. Text-taking contexts get `Typing` for anything else.
pub fn lookup(ctx: Ctx, ev: &KeyEvent) -> Option<Action> {
    let mut typing = false;
    for binding in BINDINGS.iter().filter(|b| b.ctx == ctx) {
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
pub fn bindings(ctx: Ctx) -> impl Iterator<Item = &'static Binding> {
    BINDINGS.iter().filter(move |b| b.ctx == ctx)
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
pub fn key_for(ctx: Ctx, action: Action) -> Option<String> {
    bindings(ctx)
        .find(|b| b.action == action)
        .and_then(|b| b.keys.first())
        .map(|k| k.label())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn no_key_is_bound_twice_in_one_context() {
        let probes: Vec<KeyEvent> = (' '..='~')
            .map(|c| key(KeyCode::Char(c)))
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
                .map(key),
            )
            .collect();
        for ctx in Ctx::ALL {
            for ev in &probes {
                let hits = bindings(ctx)
                    .filter(|b| b.keys.iter().any(|k| k.matches(ev)))
                    .count();
                assert!(hits <= 1, "{ev:?} is bound {hits} times in {ctx:?}");
            }
        }
    }

    #[test]
    fn every_context_can_quit_and_every_binding_is_explained() {
        for b in BINDINGS {
            assert!(!b.help.is_empty(), "{:?} has no help", b.action);
        }
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        for ctx in Ctx::ALL {
            assert_eq!(lookup(ctx, &ctrl_c), Some(Action::Quit), "{ctx:?}");
        }
    }

    #[test]
    fn text_contexts_fall_back_to_typing() {
        assert_eq!(
            lookup(Ctx::Palette, &key(KeyCode::Char('t'))),
            Some(Action::Typing)
        );
        assert_eq!(
            lookup(Ctx::Main, &key(KeyCode::Char('t'))),
            Some(Action::Terrain)
        );
        assert_eq!(lookup(Ctx::Main, &key(KeyCode::Char('Z'))), None);
    }
}
