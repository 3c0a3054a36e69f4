//! The slot system's keys: its own actions and dialogs, and its table, which lays the frame's
//! shared groups among its own so the status line reads in the order a judge reaches for them.

use crate::tui::keymap::{self, Action, Binding, Ctx, Key as K, Table, b};
use ratatui::crossterm::event::KeyCode as KC;

use Action as A;
use Ctx as C;

/// The item library.
pub const IN_PICKER: Ctx = Ctx::Panel("item library");
/// The window after a setup: who of the other side interrupts.
pub const IN_INTERRUPT: Ctx = Ctx::Panel("interrupt window");
/// What a stretch of time (or a round's end) changed, sheet by sheet.
pub const IN_SUMMARY: Ctx = Ctx::Panel("summary of what changed");
/// The scene editor with its map.
pub const IN_SCENE: Ctx = Ctx::Panel("scene editor");

pub const TAKE_TURN: Action = Action::Sheet("take turn");
pub const NEXT_ACTOR: Action = Action::Sheet("next actor");
pub const SETUP: Action = Action::Sheet("setup");
pub const INTERRUPT: Action = Action::Sheet("interrupt");
pub const END_TURN: Action = Action::Sheet("end turn");
pub const COUNTER: Action = Action::Sheet("counter");
pub const TERRAIN: Action = Action::Sheet("terrain");
pub const STEALTH: Action = Action::Sheet("stealth");
pub const DEFENSE: Action = Action::Sheet("defense");
pub const ATTACK: Action = Action::Sheet("attack");
pub const FIGHT: Action = Action::Sheet("fight");
pub const TASK: Action = Action::Sheet("task");
pub const REST: Action = Action::Sheet("rest");
pub const SCENE: Action = Action::Sheet("scene");
pub const FALL: Action = Action::Sheet("fall");
pub const CHECK: Action = Action::Sheet("check");
pub const GROUP: Action = Action::Sheet("group");
pub const WOUND: Action = Action::Sheet("wound");
pub const TREAT: Action = Action::Sheet("treat");
pub const MARK: Action = Action::Sheet("mark");
pub const WORSEN: Action = Action::Sheet("worsen");
pub const CLEAR_MARK: Action = Action::Sheet("clear mark");
pub const STATUS: Action = Action::Sheet("status");
pub const NEW_CHAR: Action = Action::Sheet("new char");
pub const EDIT_CHAR: Action = Action::Sheet("edit char");
pub const REMOVE_CHAR: Action = Action::Sheet("remove char");
pub const PUT_ITEM: Action = Action::Sheet("put item");
pub const EDIT_ITEM: Action = Action::Sheet("edit item");
pub const MOVE_ITEM: Action = Action::Sheet("move item");
pub const REMOVE_ITEM: Action = Action::Sheet("remove item");
pub const BACKPACK: Action = Action::Sheet("backpack");
pub const TWO_HANDS: Action = Action::Sheet("two hands");
pub const PLACE_HERE: Action = Action::Sheet("place here");
pub const UNPLACE: Action = Action::Sheet("unplace");
pub const ADD_ZONE: Action = Action::Sheet("add zone");
pub const LINK_ZONE: Action = Action::Sheet("link zone");
pub const HIDE_ZONE: Action = Action::Sheet("hide zone");
pub const REMOVE_ZONE: Action = Action::Sheet("remove zone");
pub const NEW_SCENE: Action = Action::Sheet("new scene");

/// The main screen's own keys, a fight's first so they lead the status line while one is under way.
#[rustfmt::skip]
pub const MAIN: &[Binding] = &[
    b(C::Main, &[K::Code(KC::Enter)], TAKE_TURN, "turn", "In a fight: the selected character takes their turn (or click them on the strip)"),
    b(C::Main, &[K::Char(' ')], NEXT_ACTOR, "next", "In a fight: select the next character who can act now"),
    b(C::Main, &[K::Char('S')], SETUP, "setup", "In a fight: the actor sets up (move, draw, aim...); the other side may interrupt"),
    b(C::Main, &[K::Char('J')], INTERRUPT, "interrupt", "In a fight: interrupt a setup; after the interrupter's action, rule its outcome"),
    b(C::Main, &[K::Char('K')], COUNTER, "counter", "After a parry: the parrier counterattacks the attacker (the form comes filled in)"),
    b(C::Main, &[K::Char('E')], END_TURN, "end turn", "In a fight: end the turn; with nobody left who can act, let the round pass"),
    b(C::Main, &[K::Char('t')], TERRAIN, "terrain", "Terrain check for the selected character (climb, swim, leap)"),
    b(C::Main, &[K::Char('s')], STEALTH, "stealth", "Stealth check: choose the senses, then roll"),
    b(C::Main, &[K::Char('d')], DEFENSE, "defense", "The selected character is attacked: declare the attack and roll"),
    b(C::Main, &[K::Char('a')], ATTACK, "attack", "The selected character attacks: choose target, kind and weapon"),
    b(C::Main, &[K::Char('c')], FIGHT, "fight", "Start a fight with the creatures in or next to the party's zones, or end it"),
    b(C::Main, &[K::Char('T')], TASK, "task", "Spend time: a task, a rest, travel or days; the dark; encounter odds shown first"),
    b(C::Main, &[K::Char('R')], REST, "rest", "A 30-minute rest (5 trys): the encounter odds show before anything is rolled"),
    b(C::Main, &[K::Char('z')], SCENE, "zones", "The scene: zones, links, cover, sight, who stands where, and the map"),
    b(C::Main, &[K::Char('f')], FALL, "fall", "Falling: one check per full 10 ft"),
    b(C::Main, &[K::Char('g')], CHECK, "check", "Any other check (the judge reads the item), or corruption exposure"),
    b(C::Main, &[K::Char('p')], GROUP, "group", "Group check: several characters roll at once and may swap dice"),
    b(C::Main, &[K::Char('w')], WOUND, "wound", "Wound the selected slot (open or treated), or heal it"),
    b(C::Main, &[K::Char('r')], TREAT, "treat", "Treat the open wound in the selected slot"),
    b(C::Main, &[K::Char('m')], MARK, "mark", "Mark a condition letter or fatigue in the selected slot"),
    b(C::Main, &[K::Char('+')], WORSEN, "worsen", "Worsen a condition (it spreads to one more slot)"),
    b(C::Main, &[K::Char('-')], CLEAR_MARK, "clear", "Clear a condition letter or fatigue from the selected slot"),
    b(C::Main, &[K::Char('!')], STATUS, "", "Set or clear prone, restrained, unconscious, dead and the like"),
];

/// Moving along the selected sheet's slots.
#[rustfmt::skip]
pub const SELECT: &[Binding] = &[
    b(C::Main, &[K::Code(KC::Up), K::Char('k')], A::Up, "", "Select the slot above"),
    b(C::Main, &[K::Code(KC::Down), K::Char('j')], A::Down, "", "Select the slot below"),
    b(C::Main, &[K::Digits], A::Digit, "", "Select slot 1-9"),
];

/// Characters and items.
#[rustfmt::skip]
pub const EDIT: &[Binding] = &[
    b(C::Main, &[K::Char('n')], NEW_CHAR, "", "Add a character or a creature from the bestiary"),
    b(C::Main, &[K::Char('e')], EDIT_CHAR, "", "Rename the selected character or change its side"),
    b(C::Main, &[K::Char('X')], REMOVE_CHAR, "", "Remove the selected character (undo brings it back)"),
    b(C::Main, &[K::Char('i')], PUT_ITEM, "item", "Put an item from the library (type to search) or a new one in the selected slot"),
    b(C::Main, &[K::Char('I')], EDIT_ITEM, "", "Edit the item in the selected slot: name and properties"),
    b(C::Main, &[K::Char('v')], MOVE_ITEM, "", "Move the item in the selected slot (swaps with what is there)"),
    b(C::Main, &[K::Char('x'), K::Code(KC::Delete)], REMOVE_ITEM, "", "Remove the item from the selected slot"),
    b(C::Main, &[K::Char('b')], BACKPACK, "", "Drop or shoulder the backpack"),
    b(C::Main, &[K::Char('h')], TWO_HANDS, "", "Hold the grip weapon with both hands, or let go with one"),
];

/// The item library.
#[rustfmt::skip]
pub const PICKER_KEYS: &[Binding] = &[
    b(IN_PICKER, &[K::Text], A::Typing, "", "Type to search the library, or type a new item's name"),
    b(IN_PICKER, &[K::Code(KC::Up)], A::Up, "", "Previous item"),
    b(IN_PICKER, &[K::Code(KC::Down)], A::Down, "", "Next item"),
    b(IN_PICKER, &[K::Code(KC::Enter)], A::Accept, "put", "Put the highlighted item in the slot (a new item asks for its properties)"),
    b(IN_PICKER, &[K::Code(KC::Esc)], A::Cancel, "cancel", "Close without doing anything"),
    b(IN_PICKER, &[K::Code(KC::F(1))], A::Help, "F1|help", "Every key here"),
    b(IN_PICKER, &[K::Ctrl('c')], A::Quit, "", "Quit"),
];

/// The interrupt window.
#[rustfmt::skip]
pub const INTERRUPT_KEYS: &[Binding] = &[
    b(IN_INTERRUPT, &[K::Code(KC::Up), K::Char('k')], A::Up, "", "Highlight the previous character"),
    b(IN_INTERRUPT, &[K::Code(KC::Down), K::Char('j')], A::Down, "↑↓|choose", "Highlight the next character"),
    b(IN_INTERRUPT, &[K::Digits], A::Digit, "", "Highlight the character with that number"),
    b(IN_INTERRUPT, &[K::Code(KC::Enter)], A::Accept, "interrupt", "The highlighted character interrupts: their turn at once, one action, no setup"),
    b(IN_INTERRUPT, &[K::Code(KC::Esc)], A::Cancel, "nobody", "Nobody interrupts: the actor goes on (J opens this window again)"),
    b(IN_INTERRUPT, &[K::Char('u')], A::Undo, "undo", "Undo the setup"),
    b(IN_INTERRUPT, &[K::Char('?'), K::Code(KC::F(1))], A::Help, "help", "Every key here"),
    b(IN_INTERRUPT, &[K::Char('q'), K::Ctrl('c')], A::Quit, "", "Quit"),
];

/// What changed.
#[rustfmt::skip]
pub const SUMMARY_KEYS: &[Binding] = &[
    b(IN_SUMMARY, &[K::Code(KC::Up), K::Char('k')], A::Up, "", "Scroll up"),
    b(IN_SUMMARY, &[K::Code(KC::Down), K::Char('j')], A::Down, "↑↓|scroll", "Scroll down"),
    b(IN_SUMMARY, &[K::Code(KC::Enter), K::Code(KC::Esc)], A::Cancel, "ok", "Close the summary"),
    b(IN_SUMMARY, &[K::Char('u')], A::Undo, "undo", "Undo what just happened (a redo replays the same dice)"),
    b(IN_SUMMARY, &[K::Char('?'), K::Code(KC::F(1))], A::Help, "help", "Every key here"),
    b(IN_SUMMARY, &[K::Char('q'), K::Ctrl('c')], A::Quit, "", "Quit"),
];

/// The scene editor.
#[rustfmt::skip]
pub const SCENE_KEYS: &[Binding] = &[
    b(IN_SCENE, &[K::Code(KC::Up), K::Char('k')], A::Up, "", "Highlight the zone above"),
    b(IN_SCENE, &[K::Code(KC::Down), K::Char('j')], A::Down, "↑↓|zone", "Highlight the zone below"),
    b(IN_SCENE, &[K::Code(KC::Tab)], A::NextChar, "Tab|who", "Choose the next character to place"),
    b(IN_SCENE, &[K::Code(KC::BackTab)], A::PrevChar, "", "Choose the previous character to place"),
    b(IN_SCENE, &[K::Char('p')], PLACE_HERE, "place", "Put the chosen character in the highlighted zone"),
    b(IN_SCENE, &[K::Char('o')], UNPLACE, "", "Take the chosen character off the map"),
    b(IN_SCENE, &[K::Char('a')], ADD_ZONE, "add", "Add a zone: its name, and whether it has cover"),
    b(IN_SCENE, &[K::Char('l')], LINK_ZONE, "link", "Link the highlighted zone with another (adjacent zones are near), or unlink them"),
    b(IN_SCENE, &[K::Char('h')], HIDE_ZONE, "sight", "Put two zones out of each other's sight (remote), or back in sight"),
    b(IN_SCENE, &[K::Char('x'), K::Code(KC::Delete)], REMOVE_ZONE, "", "Remove the highlighted zone and its links (whoever stood there is unplaced)"),
    b(IN_SCENE, &[K::Char('n')], NEW_SCENE, "", "Start a new scene with no zones (everyone is unplaced)"),
    b(IN_SCENE, &[K::Char('u')], A::Undo, "undo", "Undo the last change"),
    b(IN_SCENE, &[K::Char('U'), K::Ctrl('r')], A::Redo, "", "Redo"),
    b(IN_SCENE, &[K::Code(KC::Esc)], A::Cancel, "close", "Back to the sheets"),
    b(IN_SCENE, &[K::Char('?'), K::Code(KC::F(1))], A::Help, "help", "Every key here"),
    b(IN_SCENE, &[K::Char('q'), K::Ctrl('c')], A::Quit, "", "Quit"),
];

/// The slot system's whole table.
pub const TABLE: Table = &[
    MAIN,
    keymap::MAIN_HISTORY,
    keymap::MAIN_ROSTER,
    SELECT,
    keymap::MAIN_LOG,
    EDIT,
    keymap::MAIN_TAIL,
    keymap::ROLL,
    keymap::GROUP,
    keymap::DECIDE,
    keymap::FORM,
    keymap::CHOICE,
    PICKER_KEYS,
    keymap::PALETTE,
    keymap::FACE,
    keymap::PROPOSAL,
    keymap::DECLINE,
    keymap::JUMP,
    keymap::SEARCH,
    keymap::PICK,
    keymap::FOUND,
    keymap::LINK,
    INTERRUPT_KEYS,
    SUMMARY_KEYS,
    SCENE_KEYS,
    keymap::HELP,
];

/// What the symbols on the slot screen mean.
pub const LEGEND: &[(&str, &str)] = &[
    (
        "⚠",
        "the next tick of a wound or condition kills or knocks out: the sheet says what and when",
    ),
    ("● / ◐", "open wound (bleeds) / treated wound"),
    ("~", "fatigue mark from a terrain check"),
    (
        "A B C E F H M",
        "condition letters: asphyxiation, bleeding, corruption, exhaustion, fire, hypothermia, malnourishment",
    ),
    ("=", "the item is equipped (worn where it belongs)"),
    ("✓", "in the roster and on the strip: acted this round"),
    ("▶ ↯", "on the strip: taking a turn / interrupting one"),
    (
        "○ ×",
        "on the strip: can still act this round / cannot (KO, dead, surprised)",
    ),
    ("▶ PLAYERS", "on the strip: the side holding initiative"),
    (
        "[0]",
        "an encounter die that brought an encounter (10 reads as 0)",
    ),
    (
        "cr pr rs im KO",
        "cringing, prone, restrained, immobilized, unconscious",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_slot_table_passes_the_frame_checks() {
        keymap::check_ruleset_table(TABLE).unwrap();
    }
}
