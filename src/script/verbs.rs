//! Every verb of the command language with its usage, a one-line description and an example.
//! The parser, the help text and completion all read this one table, so they cannot drift apart.

/// One command of the language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verb {
    pub name: &'static str,
    /// Other spellings that mean the same verb.
    pub aliases: &'static [&'static str],
    pub usage: &'static str,
    pub about: &'static str,
    pub example: &'static str,
    pub group: &'static str,
}

const SHEETS: &str = "Characters and sheets";
const ROLLS: &str = "Rolls and the judge's answers";
const HARM: &str = "Wounds and conditions";
const ZONES: &str = "Scene and zones";
const TIME: &str = "Time and exploration";
const COMBAT: &str = "Combat";
const SESSION: &str = "Session";

/// The groups in the order help lists them.
pub const GROUPS: [&str; 7] = [SHEETS, ROLLS, HARM, ZONES, TIME, COMBAT, SESSION];

const fn v(
    name: &'static str,
    aliases: &'static [&'static str],
    usage: &'static str,
    about: &'static str,
    example: &'static str,
    group: &'static str,
) -> Verb {
    Verb {
        name,
        aliases,
        usage,
        about,
        example,
        group,
    }
}

pub const VERBS: &[Verb] = &[
    v(
        "add",
        &["pc"],
        "add NAME [players|opponents] [kit KIT]",
        "a new character on a human sheet, carrying a starting kit if one is named",
        "add Aria kit fighter",
        SHEETS,
    ),
    v(
        "creature",
        &["spawn", "monster"],
        "creature KIND [players|opponents]",
        "a creature from the bestiary (opponents unless told), numbered when there are several",
        "creature goblin",
        SHEETS,
    ),
    v(
        "remove",
        &[],
        "remove NAME",
        "takes a character out of the session",
        "remove goblin2",
        SHEETS,
    ),
    v(
        "rename",
        &[],
        "rename NAME NEW NAME",
        "gives a character another name",
        "rename goblin1 Snag",
        SHEETS,
    ),
    v(
        "side",
        &[],
        "side NAME players|opponents",
        "moves a character to the other side",
        "side Snag players",
        SHEETS,
    ),
    v(
        "put",
        &["give"],
        "put NAME SLOT ITEM [PROPERTY...]",
        "puts an item in a slot: a library item by name, or a new one described by its properties",
        "put Aria 10 \"odd idol\" rigid heavy",
        SHEETS,
    ),
    v(
        "move",
        &["mv"],
        "move NAME FROM TO",
        "moves an item to another slot, swapping it with whatever is there",
        "move Aria 9 6",
        SHEETS,
    ),
    v(
        "take",
        &["discard"],
        "take NAME SLOT",
        "takes the item out of a slot",
        "take Aria 11",
        SHEETS,
    ),
    v(
        "twohands",
        &["2h"],
        "twohands NAME SLOT [off]",
        "holds the grip weapon in SLOT with both hands, or lets go with one",
        "twohands Aria 6",
        SHEETS,
    ),
    v(
        "drop",
        &[],
        "drop NAME",
        "drops the backpack: its slots count as empty until it is back on",
        "drop Bram",
        SHEETS,
    ),
    v(
        "shoulder",
        &[],
        "shoulder NAME",
        "puts the backpack back on",
        "shoulder Bram",
        SHEETS,
    ),
    v(
        "check",
        &["c"],
        "check NAME [terrain|stealth|corruption] [hearing] [smell] [sight SLOTS] [noise] [dim] [adv|dis]...",
        "rolls a check; sense words make it a stealth check (hearing if none is named)",
        "check Aria terrain adv",
        ROLLS,
    ),
    v(
        "fall",
        &[],
        "fall NAME FEET",
        "a fall: one check per full 10 feet, a wound on each body slot rolled",
        "fall Bram 20",
        ROLLS,
    ),
    v(
        "group",
        &[],
        "group NAME NAME... [terrain|stealth ...]",
        "a group check: everyone rolls at once, then dice may be swapped (players = the whole side)",
        "group players stealth smell",
        ROLLS,
    ),
    v(
        "attack",
        &["a", "hit"],
        "attack ATTACKER TARGET [melee|grab|missile|blast] [with SLOT|ITEM] [parry|evade] [aimed] [slots N] [counter] [dual] [adv|dis]...",
        "an attack (melee unless told); the weapon in a grip is found when not named",
        "attack Aria goblin1 melee with 6 parry",
        ROLLS,
    ),
    v(
        "pick",
        &[],
        "pick N",
        "picks another die of the roll waiting for the judge (1 is the first shown)",
        "pick 2",
        ROLLS,
    ),
    v(
        "swap",
        &[],
        "swap NAME NAME",
        "swaps two group members' dice before the group check is read",
        "swap Aria Bram",
        ROLLS,
    ),
    v(
        "override",
        &["rule"],
        "override pass|fail",
        "overrides the verdict of the roll waiting for the judge",
        "override pass",
        ROLLS,
    ),
    v(
        "accept",
        &["ok", "y"],
        "accept",
        "accepts the roll or decision waiting for the judge as it stands",
        "accept",
        ROLLS,
    ),
    v(
        "slot",
        &["choose"],
        "slot N",
        "answers the question waiting for the judge with a slot",
        "slot 3",
        ROLLS,
    ),
    v(
        "blocks",
        &[],
        "blocks yes|no",
        "rules whether an improvised item (a door, a table) stops the attack",
        "blocks no",
        ROLLS,
    ),
    v(
        "cancel",
        &[],
        "cancel",
        "drops the roll or decision waiting for the judge, with no consequence",
        "cancel",
        ROLLS,
    ),
    v(
        "wound",
        &[],
        "wound NAME SLOT [open|treated]",
        "deals a wound by hand (open unless told)",
        "wound Aria 3 open",
        HARM,
    ),
    v(
        "treat",
        &[],
        "treat NAME SLOT",
        "treats an open wound: it stops bleeding but stays",
        "treat Aria 3",
        HARM,
    ),
    v(
        "heal",
        &[],
        "heal NAME SLOT",
        "heals the wound in a slot completely",
        "heal Aria 3",
        HARM,
    ),
    v(
        "mark",
        &[],
        "mark NAME SLOT A|B|C|E|F|H|M|fatigue",
        "marks a condition letter (or fatigue) in a slot",
        "mark Aria 2 B",
        HARM,
    ),
    v(
        "worsen",
        &[],
        "worsen NAME LETTER",
        "worsens a condition: one more slot is marked",
        "worsen Cole E",
        HARM,
    ),
    v(
        "clear",
        &[],
        "clear NAME LETTER|fatigue [SLOT]",
        "clears a letter from one slot, or from every slot when none is named",
        "clear Aria B 2",
        HARM,
    ),
    v(
        "fatigue",
        &[],
        "fatigue NAME SLOT [off]",
        "sets or clears a fatigue mark",
        "fatigue Bram 4",
        HARM,
    ),
    v(
        "ignite",
        &["burn"],
        "ignite NAME SLOT",
        "sets the flammable item in a slot on fire",
        "ignite Dessa 3",
        HARM,
    ),
    v(
        "roll",
        &[],
        "roll NAME",
        "the character rolls on the ground to put out flames (a whole turn)",
        "roll Dessa",
        HARM,
    ),
    v(
        "douse",
        &["smother"],
        "douse NAME",
        "puts out every flame on a character",
        "douse Dessa",
        HARM,
    ),
    v(
        "suffocate",
        &[],
        "suffocate NAME [off]",
        "the character cannot breathe (off: air again, which clears every A)",
        "suffocate Cole",
        HARM,
    ),
    v(
        "cold",
        &[],
        "cold NAME [off]",
        "the character is exposed to bitter cold, or no longer",
        "cold Bram",
        HARM,
    ),
    v(
        "warm",
        &[],
        "warm NAME [off]",
        "the character is being warmed: one H goes each try",
        "warm Bram",
        HARM,
    ),
    v(
        "starve",
        &[],
        "starve NAME",
        "a week without enough food or a day without enough drink",
        "starve Cole",
        HARM,
    ),
    v(
        "status",
        &[],
        "status NAME prone|restrained|immobilized|unconscious|dead|evil|cringe [off]",
        "sets or clears a status by hand",
        "status Bram prone",
        HARM,
    ),
    v(
        "scene",
        &[],
        "scene NAME",
        "starts a new scene with no zones",
        "scene Old Mill",
        ZONES,
    ),
    v(
        "zone",
        &[],
        "zone NAME [cover]",
        "adds a zone to the scene, with cover to hide behind if told",
        "zone Mill floor cover",
        ZONES,
    ),
    v(
        "unzone",
        &[],
        "unzone ZONE",
        "removes a zone from the scene",
        "unzone Loft",
        ZONES,
    ),
    v(
        "link",
        &[],
        "link ZONE ZONE",
        "makes two zones adjacent (near each other)",
        "link Yard \"Mill floor\"",
        ZONES,
    ),
    v(
        "unlink",
        &[],
        "unlink ZONE ZONE",
        "makes two zones no longer adjacent",
        "unlink Yard Pond",
        ZONES,
    ),
    v(
        "hide",
        &[],
        "hide ZONE ZONE",
        "the two zones are out of each other's sight",
        "hide Yard Cellar",
        ZONES,
    ),
    v(
        "unhide",
        &[],
        "unhide ZONE ZONE",
        "the two zones are in sight of each other again",
        "unhide Yard Cellar",
        ZONES,
    ),
    v(
        "place",
        &["go"],
        "place NAME ZONE|nowhere",
        "puts a character in a zone (nowhere: off the map)",
        "place Aria Yard",
        ZONES,
    ),
    v(
        "task",
        &[],
        "task LABEL [TRYS] [sound] [light] [smell] [magic] [other:SENSE]",
        "spends trys on a task and rolls the encounter dice; each sense alerted adds a face",
        "task search 1 sound",
        TIME,
    ),
    v(
        "rest",
        &[],
        "rest [fed] [sound] [light] [smell] [magic]",
        "a 30-minute rest (5 trys); fed means with food and water",
        "rest fed",
        TIME,
    ),
    v(
        "travel",
        &[],
        "travel WATCHES",
        "travels for a number of watches",
        "travel 2",
        TIME,
    ),
    v("days", &[], "days N", "lets days pass", "days 3", TIME),
    v(
        "dark",
        &[],
        "dark [off]",
        "the party is in the dark (only those with their own light work together), or no longer",
        "dark",
        TIME,
    ),
    v(
        "time",
        &["clock"],
        "time HH:MM",
        "sets the time of day from now on (the trys already spent stay counted)",
        "time 21:30",
        TIME,
    ),
    v(
        "fight",
        &["combat"],
        "fight players|opponents [surprise [SIDE]]",
        "starts a combat: the side named strikes first; the other side is surprised if told",
        "fight players surprise opponents",
        COMBAT,
    ),
    v(
        "turn",
        &["t"],
        "turn NAME",
        "starts this character's turn (their side must hold the initiative)",
        "turn Aria",
        COMBAT,
    ),
    v(
        "setup",
        &[],
        "setup WHAT",
        "announces the setup before the action (move, draw, aim...)",
        "setup runs to the loft ladder",
        COMBAT,
    ),
    v(
        "interrupt",
        &[],
        "interrupt NAME",
        "someone of the other side who has not acted interrupts the setup",
        "interrupt goblin1",
        COMBAT,
    ),
    v(
        "stopped",
        &[],
        "stopped yes|no",
        "rules the interruption: did it hurt or stop the actor?",
        "stopped no",
        COMBAT,
    ),
    v(
        "end",
        &["e", "done"],
        "end [fight [quiet|SENSES]]",
        "ends the current turn; `end fight` ends the combat, which took a try and alerted sound unless told",
        "end",
        COMBAT,
    ),
    v(
        "note",
        &["n"],
        "note TEXT",
        "adds a line to the session's notes",
        "note The miller owes Aria a favour",
        SESSION,
    ),
    v(
        "title",
        &[],
        "title TEXT",
        "renames the session",
        "title The Old Mill, part two",
        SESSION,
    ),
    v(
        "undo",
        &["u"],
        "undo",
        "steps back one command",
        "undo",
        SESSION,
    ),
    v(
        "redo",
        &[],
        "redo",
        "re-applies the command last undone",
        "redo",
        SESSION,
    ),
];

/// The verb a word names (its name or an alias, any case).
pub fn lookup(word: &str) -> Option<&'static Verb> {
    VERBS.iter().find(|v| {
        v.name.eq_ignore_ascii_case(word) || v.aliases.iter().any(|a| a.eq_ignore_ascii_case(word))
    })
}

/// Every command, grouped, each with its description and an example.
pub fn help_text() -> String {
    let mut out = String::from(
        "One command per line. Names of characters and zones ignore case and may be shortened \
         while they stay unique;\nquote names with spaces (\"Goblin 1\") or run them together \
         (goblin1). Slots are numbers. # starts a comment.\n",
    );
    for group in GROUPS {
        out.push('\n');
        out.push_str(group);
        out.push('\n');
        for verb in VERBS.iter().filter(|v| v.group == group) {
            out.push_str(&format!("  {}\n      {}", verb.usage, verb.about));
            if !verb.aliases.is_empty() {
                out.push_str(&format!(" (also: {})", verb.aliases.join(", ")));
            }
            out.push_str(&format!("\n      e.g. {}\n", verb.example));
        }
    }
    out.push_str(
        "\nItem properties for `put`: heavy light noisy smelly rigid flammable bundled protective \
         lightsource food water warm;\narmor: heavyarmor lightarmor shield; weapons: small|medium|bulky \
         with melee|thrown|bow; worn on: head torso legs arms grip;\n`plain` for an item with no \
         properties at all.\n",
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for verb in VERBS {
            for word in std::iter::once(&verb.name).chain(verb.aliases) {
                assert!(seen.insert(word.to_ascii_lowercase()), "{word} twice");
            }
        }
    }

    #[test]
    fn every_verb_is_in_a_listed_group_and_its_example_uses_it() {
        for verb in VERBS {
            assert!(GROUPS.contains(&verb.group), "{}", verb.name);
            assert!(verb.example.starts_with(verb.name), "{}", verb.name);
            assert!(verb.usage.starts_with(verb.name), "{}", verb.name);
        }
    }
}
