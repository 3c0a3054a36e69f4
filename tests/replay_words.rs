//! `slotmark replay` reads like the game: every step is printed as the command language writes
//! it and its results as comments, so the output pasted into `slotmark run` with the same faces
//! plays to the same state. Commands come from the bundled demos, plays in every ruleset and the
//! scenario tests (which call the same checks at their end).

mod paste;

use slotmark::dice::ScriptedDice;
use slotmark::rules::RulesetId;
use slotmark::script::{self, Form, Line};
use slotmark::session::{Command, Session, SessionState};

/// A session of `ruleset` played from typed lines, each with its faces.
fn played(ruleset: RulesetId, start: Option<Session>, lines: &[(&str, &[u16])]) -> Session {
    let mut session = start.unwrap_or_else(|| Session::new(SessionState::new("Replayed", ruleset)));
    for (line, faces) in lines {
        let command = match script::parse_line(line, session.state()) {
            Ok(Line::Command(c)) => c,
            other => panic!("{line}: {other:?}"),
        };
        let mut dice = ScriptedDice::new(faces.iter().copied());
        if let Err(e) = session.execute(command, &mut dice) {
            panic!("{line} was refused: {e}");
        }
        assert_eq!(dice.remaining(), 0, "{line} left dice unused");
    }
    session
}

#[test]
fn the_frame_and_the_plain_tracker_are_written_as_typed_and_paste_back() {
    let session = played(
        RulesetId::Plain,
        None,
        &[
            ("title The Ogre's Bridge", &[]),
            ("note Ana owes Bo \"a favour\" # not a comment", &[]),
            ("add Ana 8", &[]),
            ("add \"Old Ogre\" 20 others", &[]),
            ("roll 2d6+1 for reaction", &[3, 4]),
            ("roll d6", &[2]),
            ("encounter Bridge: Old", &[]),
            ("fight Old Ana", &[]),
            ("add Cy 5", &[]),
            ("join Cy", &[]),
            ("add Wolf 4 others", &[]),
            ("encounter The den: Wolf", &[]),
            ("bring \"The den\" unseen", &[]),
            ("check Ana 2d6+1 vs 9 climb the rail", &[5, 5]),
            ("rule fail", &[]),
            ("accept", &[]),
            ("secret", &[]),
            ("secret 6", &[]),
            ("secret 6 off", &[]),
            ("damage Old 5", &[]),
            ("damage Ana 3", &[]),
            ("heal Ana 1", &[]),
            ("next", &[]),
            ("veil Old", &[]),
            ("reveal all", &[]),
            ("check Old d6 vs 3 leap", &[2]),
            ("cancel", &[]),
            ("secret default check", &[]),
            ("numbers exact", &[]),
            ("say The rail \"creaks\" # not a comment", &[]),
            ("tell Ana Your ring grows warm", &[]),
            ("link Ana new", &[]),
            ("end", &[]),
            ("pass 8 hours", &[]),
            ("mark Ana poisoned", &[]),
            ("unmark Ana poisoned", &[]),
            ("remove Old", &[]),
        ],
    );
    let printed = paste::same_when_pasted(&session, paste::none);
    no_data_line(&printed);
    // Every kind of the frame's own commands and of the plain tracker's is played, but those a
    // judge cannot type as words.
    paste::every_kind_played::<Command>(
        &session,
        |c| Some(c),
        &[
            (
                "Join",
                "a party joining carries its sheets whole (see the test below)",
            ),
            (
                "RollOn",
                "a roll on the judge's table carries the table, so the log replays without the file",
            ),
            (
                "Arrive",
                "a creature the picker brings into a fight carries its whole add command and \
                 whether the players see it; it has no line of its own yet",
            ),
            (
                "Encounters",
                "`encounter` alone answers which encounters there are and changes nothing, so \
                 no step logs it",
            ),
            (
                "Muster",
                "an encounter kept in the judge's library carries the commands that add its \
                 creatures, so the log replays without the library; the picker makes it",
            ),
        ],
    );
    paste::every_kind_played::<slotmark::rules::plain::Command>(
        &session,
        |c| match c.game() {
            Some(slotmark::rules::GameCommand::Plain(c)) => Some(c),
            _ => None,
        },
        &[],
    );
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(lines[0], "title \"The Ogre's Bridge\"", "{printed}");
    assert!(lines.contains(&"add \"Old Ogre\" 20 others"), "{printed}");
    assert!(
        lines.contains(&"check Ana 2d6+1 vs 9 climb the rail"),
        "{printed}"
    );
    assert!(lines.contains(&"roll 2d6+1 for reaction"), "{printed}");
    assert!(lines.contains(&"join Cy"), "{printed}");
    assert!(lines.contains(&"bring \"The den\" unseen"), "{printed}");
    assert!(lines.contains(&"pass 8 hours"), "{printed}");
    assert!(lines.contains(&"mark Ana poisoned"), "{printed}");
    assert!(lines.contains(&"veil \"Old Ogre\""), "{printed}");
    // Every line is a command or a comment that says what it did.
    for line in &lines {
        assert!(
            line.starts_with("    # ") || !line.starts_with(' '),
            "{line}\n{printed}"
        );
    }
}

#[test]
fn a_party_joining_is_written_as_data_and_reads_back() {
    let mut state = SessionState::new("From", RulesetId::Plain);
    let mut from = Session::new(state.clone());
    let mut dice = ScriptedDice::new([]);
    for line in ["add Ana 8", "add \"Bo #2\" 6"] {
        let Ok(Line::Command(c)) = script::parse_line(line, from.state()) else {
            panic!("{line}")
        };
        from.execute(c, &mut dice).unwrap();
    }
    let choice = slotmark::session::party::Choice {
        with: Vec::new(),
        without: Vec::new(),
        keep_clock: false,
    };
    let join = slotmark::session::party::join(from.state(), &choice).expect("a party");
    let written = script::write(&join, &state);
    assert_eq!(written.form, Form::Data);
    assert!(written.text.starts_with("data "), "{}", written.text);
    assert_eq!(
        script::parse_line(&written.text, &state),
        Ok(Line::Command(join.clone()))
    );
    state.title = "Into".into();
    let mut into = Session::new(state);
    into.execute(join, &mut dice).unwrap();
    paste::same_when_pasted(&into, paste::none);
}

#[test]
fn data_that_is_not_a_command_is_refused_with_its_column() {
    let state = SessionState::new("x", RulesetId::Plain);
    let e = script::parse_line("data Nonsense(3)", &state).unwrap_err();
    assert_eq!(e.column, Some(6), "{e:?}");
    assert!(e.message.contains("not a command"), "{e:?}");
    let e = script::parse_line("  data", &state).unwrap_err();
    assert!(e.message.contains("usage: data COMMAND"), "{e:?}");
}

/// The bundled demos, written step by step in words and pasted back.
#[test]
fn every_demo_pastes_back_to_the_same_session() {
    for &ruleset in RulesetId::ALL {
        if !script::has_demo(ruleset) {
            continue;
        }
        let demo = script::try_demo_for(ruleset).expect("the demo builds");
        paste::same_when_pasted(&demo, paste::none);
    }
}

/// The judge's answers are written in words in every ruleset, also where a ruleset's other
/// commands are still written as data.
#[test]
fn answers_are_written_in_words_in_every_ruleset() {
    use slotmark::rules::{GameCommand, ap, phase, slots};
    let cases: Vec<(RulesetId, Command, &str)> = vec![
        (
            RulesetId::Slots,
            GameCommand::Slots(slots::Command::Accept).into(),
            "accept",
        ),
        (
            RulesetId::Slots,
            GameCommand::Slots(slots::Command::ChooseSlot { slot: 4 }).into(),
            "slot 4",
        ),
        (
            RulesetId::Slots,
            GameCommand::Slots(slots::Command::Override {
                verdict: slots::Verdict::Fail,
            })
            .into(),
            "override fail",
        ),
        (
            RulesetId::Phase,
            GameCommand::Phase(phase::Command::Choose { option: 1 }).into(),
            "choose 2",
        ),
        (
            RulesetId::Phase,
            GameCommand::Phase(phase::Command::Rule { pass: true }).into(),
            "rule pass",
        ),
        (
            RulesetId::Ap,
            GameCommand::Ap(ap::Command::Next).into(),
            "next",
        ),
        (
            RulesetId::Ap,
            GameCommand::Ap(ap::Command::Choose { option: 0 }).into(),
            "choose 1",
        ),
    ];
    for (ruleset, command, line) in cases {
        let state = SessionState::new("answers", ruleset);
        let written = script::write(&command, &state);
        assert_eq!((written.text.as_str(), written.form), (line, Form::Words));
    }
}

/// A session of `ruleset` played from typed lines with seeded dice; each line must be taken. A
/// line may end in `@` and the faces it rolls, to steer it where the rules ask the judge.
fn played_seeded(ruleset: RulesetId, seed: Option<u64>, lines: &[&str]) -> Session {
    let mut shared = seed.map(slotmark::dice::LiveDice::seeded);
    let mut session = Session::new(SessionState::new("Replayed", ruleset));
    let mut refused = Vec::new();
    for (n, line) in lines.iter().enumerate() {
        let (line, faces) = match line.split_once(" @ ") {
            Some((line, faces)) => (
                line,
                Some(faces.split(' ').map(|f| f.parse::<u16>().expect("a face"))),
            ),
            None => (*line, None),
        };
        let command = match script::parse_line(line, session.state()) {
            Ok(Line::Command(c)) => c,
            other => {
                refused.push(format!("{line}: {other:?}"));
                continue;
            }
        };
        let done = match (faces, shared.as_mut()) {
            (Some(faces), _) => {
                let mut dice = ScriptedDice::new(faces);
                let done = session.execute(command, &mut dice);
                if done.is_ok() && dice.remaining() > 0 {
                    refused.push(format!("{line} left dice unused"));
                }
                done
            }
            (None, Some(dice)) => session.execute(command, dice),
            (None, None) => {
                // Seeded by the line's own text, so a line added elsewhere leaves its dice alone.
                let seed = line.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
                    (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
                });
                session.execute(command, &mut slotmark::dice::LiveDice::seeded(seed))
            }
        };
        if let Err(e) = done {
            refused.push(format!("{line} (line {}) was refused: {e}", n + 1));
        }
    }
    assert!(refused.is_empty(), "{}", refused.join("\n"));
    session
}

/// `replay`'s output has no line in the data form.
fn no_data_line(printed: &str) {
    for line in printed.lines() {
        assert!(!line.starts_with("data "), "{line}\n{printed}");
    }
}

/// The slot system: every command kind written in words and pasted back.
#[test]
fn every_slots_command_is_written_in_words_and_pastes_back() {
    use slotmark::rules::{GameCommand, slots};
    let session = played_seeded(
        RulesetId::Slots,
        Some(24),
        &[
            "add Aria kit fighter",
            "add \"Bo Stone\" opponents",
            "add Cole",
            "creature Goblin",
            "creature Goblin players",
            "creature Wolf named \"Old Grey\"",
            "rename Cole Cole the Younger",
            "side \"Bo Stone\" players",
            "put Cole 10 \"odd idol\" rigid heavy",
            "put Cole 11 torch",
            "put \"Bo Stone\" 6 Sword",
            "put Cole 7 \"Round shield\" light",
            "move Cole 10 8",
            "take Cole 8",
            "twohands \"Bo Stone\" 6",
            "twohands \"Bo Stone\" 6 off",
            "drop Cole",
            "shoulder Cole",
            "check Aria terrain adv",
            "accept",
            "check Cole stealth smell sight 9 dim dis",
            "accept",
            "fall Cole 20",
            "accept",
            "accept",
            "slot 3",
            "group Aria Cole terrain",
            "swap Aria Cole",
            "accept",
            "cancel",
            "accept",
            "scene The Old Mill",
            "zone Mill yard",
            "zone Loft cover",
            "zone Cellar",
            "link \"Mill yard\" Loft",
            "link Loft Cellar",
            "unlink Loft Cellar",
            "hide Cellar Loft",
            "unhide Cellar Loft",
            "unzone Cellar",
            "place Aria \"Mill yard\"",
            "place goblin1 Loft",
            "place Cole Loft",
            "place Cole nowhere",
            "fight players with Aria goblin1",
            "join Cole",
            "turn Aria",
            "setup charges # across the yard",
            "interrupt goblin1",
            "stopped no",
            "attack Aria goblin1 with 6 parry adv",
            "pick 2",
            "override fail",
            "accept",
            "end",
            "end fight",
            "wound Cole 3",
            "mark Cole 4 B",
            "worsen Cole B",
            "clear Cole B 4",
            "clear Cole B",
            "treat Cole 3",
            "heal Cole 3",
            "fatigue Cole 5",
            "ignite Cole 11",
            "accept",
            "roll Cole",
            "douse Cole",
            "suffocate Cole",
            "suffocate Cole off",
            "cold Cole",
            "cold Cole off",
            "mark Cole 1 H",
            "warm Cole",
            "warm Cole off",
            "starve Cole",
            "status Cole prone",
            "accept",
            "task search 2 sound other:prayer",
            "rest fed light",
            "travel 1",
            "days 2",
            "dark",
            "time 21:30",
            "put Aria 5 Crowbar",
            "attack goblin1 Aria @ 5",
            "accept",
            "blocks no",
            "remove goblin2",
        ],
    );
    let printed = paste::same_when_pasted(&session, paste::none);
    no_data_line(&printed);
    paste::every_kind_played::<slots::Command>(
        &session,
        |c| match c.game() {
            Some(GameCommand::Slots(c)) => Some(c),
            _ => None,
        },
        &[],
    );
}

/// The one exception in ruleset slots: a new sheet carrying starting items of no kit (a test's,
/// or one imported) has no line a judge types, so it is written as data and still reads back.
#[test]
fn a_slots_sheet_no_verb_builds_is_written_as_data() {
    use slotmark::rules::{GameCommand, slots};
    let state = SessionState::new("sheets", RulesetId::Slots);
    let command: Command = GameCommand::Slots(slots::Command::AddCharacter {
        name: "Ann".to_string().into(),
        side: slots::Side::Players,
        layout: Box::new(slots::Layout::human()),
        items: vec![(8, slots::Item::plain("bedroll"))].into(),
        zone: None,
    })
    .into();
    let written = script::write(&command, &state);
    assert_eq!(written.form, Form::Data, "{}", written.text);
    assert_eq!(
        script::parse_line(&written.text, &state),
        Ok(Line::Command(command))
    );
}

/// Ruleset phase: every command kind written in words and pasted back.
#[test]
fn every_phase_command_is_written_in_words_and_pastes_back() {
    use slotmark::rules::{GameCommand, phase};
    let session = played_seeded(
        RulesetId::Phase,
        None,
        &[
            "add Ana pc 5 12 13 10",
            "add Bram pc 4 14 9 11 dr 1",
            "add Hob hireling 3",
            "add Mule mule 4",
            "roll Cora pc",
            "roll Dell hireling",
            "add goblin",
            "add Grol \"goblin chief\" hp 6 group warband",
            "add Fang wolf group goblins",
            "add \"Old Bones\" creature 5 12 8 6 undead mindless leader",
            "coins Ana +300",
            "coins Bram +20",
            "coins Bram -5",
            "buy Ana sword",
            "buy Ana shield for 5",
            "buy Ana gambeson",
            "buy Bram handcart",
            "buy Bram \"week of food\" for 3",
            "arm Bram bow left",
            "arm Bram \"Rusty pike\" d8 bulky note falls prone",
            "arm Hob spear",
            "unarm Bram 2",
            "wear Hob light shield",
            "learn Ana sleep scroll level 2",
            "learn Ana bless",
            "take Hob delve",
            "take Hob food 5",
            "take Hob ration",
            "take Hob supply rope and pitons",
            "take Hob treasure a silver cup",
            "drop Hob 5",
            "give Hob 4 to Ana",
            "ride Bram handcart",
            "allowance Mule 8",
            "fatigue Hob +1",
            "check Ana str",
            "cancel",
            "check Ana dex adv leaps the gap",
            "rule fail",
            "accept",
            "react Grol",
            "delve on",
            "light Hob 1",
            "table warren goblins \"giant rats\"",
            "area warren",
            "turn search @ 2 1",
            "forget clue",
            "turn door Bram listen @ 5 4",
            "accept",
            "turn pries at the idol @ 6",
            "noise @ 6",
            "trap Bram disarm",
            "accept",
            "add Cy pc 4 10 10 14",
            "learn Cy bless",
            "learn Hob sleep scroll",
            "arm Dell \"Fire pot\" d6 blast",
            "fight Ana Bram Cy Hob Dell Mule \"Goblin 1\" Grol \"Old Bones\" stepwise",
            "place \"Old Bones\" early",
            "place Ana early",
            "place Bram early",
            "place Cy early",
            "place Hob early",
            "place Dell early",
            "place Mule early",
            "place \"Goblin 1\" early",
            "place Grol early",
            "cast Cy 1 on Ana enhanced danger",
            "accept",
            "counter Hob 1 against Cy shield Ana",
            "next",
            "attack Bram Grol with 1",
            "next",
            "engage Bram Grol",
            "engage Bram Grol off",
            "engage Hob Grol",
            "withdraw Hob half",
            "flee Grol",
            "accept",
            "move Ana to \"Goblin 1\"",
            "act Mule kicks the cart over",
            "next",
            "attack Ana \"Goblin 1\" with 1 +1 maneuver knocks it back",
            "choose 1",
            "accept",
            "accept",
            "blast Dell with 1 count",
            "blast Dell with 1 at \"Old Bones\"",
            "next",
            "land Cy",
            "allow move Dell",
            "end @ 1",
            "restock Bram 1",
            "flag Hob critical",
            "aid Dell Hob",
            "take Ana ration",
            "distract Ana Fang",
            "harm Bram 3",
            "accept",
            "drain Bram str 1",
            "rest short",
            "rest long Ana Bram",
            "choose 1",
            "delve off",
            "rest full",
            "pay Hob",
            "learn Cy augury",
            "cast Cy 2 safe",
            "augury Cy",
            "watch travel",
            "accept",
            "watch camp Ana Bram",
            "season winter",
            "weather 4",
            "weather name 5 black ice",
            "set Hob hp 1",
            "heal Hob 1",
            "set Ana hp 3 max 6",
            "flag Ana face",
            "flag Ana face off",
            "mark Grol blessed for 2 turns",
            "mark Grol tripped",
            "unmark Grol 2",
            "injure Bram brokenarm right",
            "mend Bram",
            "reaction Grol positive",
            "reaction Grol unknown",
            "group Fang none",
            "group Fang wolves",
            "remove Dell",
        ],
    );
    let printed = paste::same_when_pasted(&session, paste::none);
    no_data_line(&printed);
    paste::every_kind_played::<phase::Command>(
        &session,
        |c| match c.game() {
            Some(GameCommand::Phase(c)) => Some(c),
            _ => None,
        },
        &[(
            "Join",
            "one added in a fight comes into it only through the picker's step, never typed",
        )],
    );
}

/// Ruleset ap: every command kind written in words and pasted back.
#[test]
fn every_ap_command_is_written_in_words_and_pastes_back() {
    use slotmark::rules::{GameCommand, ap};
    let session = played_seeded(
        RulesetId::Ap,
        None,
        &[
            "add Ana pc party 11 12 8 6",
            "add Bo npc \"the hired\" 10 10 10 4",
            "add Gob Goblin",
            "add Boss \"Goblin boss\" warband",
            "roll Cy pc",
            "roll Dee hireling camp",
            "hireling Pip party",
            "remove Dee",
            "set Ana dex 11 13",
            "carry Ana sword",
            "carry Ana \"odd idol\" d6 armor 1 bulky shield worn",
            "carry Ana sling",
            "carry Bo \"Bent stick\"",
            "carry Bo \"Hand crossbow\" d8 ranged",
            "carry Ana gambeson",
            "wear Ana gambeson",
            "wear Ana gambeson off",
            "drop Bo \"Bent stick\"",
            "fatigue Ana 1",
            "fatigue Ana -1",
            "dust Ana 3",
            "slots Ana 9",
            "apmax Gob 5",
            "armor Ana 1",
            "mark Ana deprived",
            "mark Ana deprived off",
            "group Pip camp",
            "jot Ana owes the ferryman",
            "trivial Ana pass opens the latch",
            "check Ana str adv 1 +2 with \"odd idol\" dis 1 dc 15 ap 2 two for the gate",
            "accept",
            "check Ana dex hidden 12",
            "cancel",
            "save Ana dex dis 2 dc 15 with \"odd idol\" for the pit",
            "rule pass",
            "accept",
            "scroll Ana Sleep",
            "scroll Ana Light",
            "grimoire Cy Light",
            "grimoire Ana",
            "copy Ana Sleep slot 1",
            "bind Ana Light",
            "dust Cy 2",
            "cast Cy Light slot 1 dust 2 @ 5 5 4",
            "fight Ana Bo Gob Boss surprised Boss",
            "join Pip",
            "init Gob 14",
            "move Ana",
            "walk Ana 2",
            "gain Ana",
            "spend Ana 1 climbs the cart",
            "grant Ana 2",
            "hold Ana 1 str adv 1 with sword attack defence until the door opens",
            "fire Ana vs Gob str",
            "attack Ana str vs Gob dex with sword for the throat",
            "accept",
            "attack Bo vs Gob helpless 10",
            "accept",
            "accept",
            "accept",
            "accept",
            "accept",
            "next",
            "endfight",
            "damage Ana 3 armor from a falling beam",
            "scar Ana 4",
            "recovered Ana 1",
            "healed Cy",
            "morale Boss",
            "accept",
            "retreat Bo",
            "accept",
            "reaction",
            "time 30 minutes",
            "rest short",
            "rest night Ana Bo",
            "rest week",
            "choose 1",
        ],
    );
    let printed = paste::same_when_pasted(&session, paste::none);
    no_data_line(&printed);
    paste::every_kind_played::<ap::Command>(
        &session,
        |c| match c.game() {
            Some(GameCommand::Ap(c)) => Some(c),
            _ => None,
        },
        &[],
    );
}

/// Ruleset bdp: every command kind written in words and pasted back.
#[test]
fn every_bdp_command_is_written_in_words_and_pastes_back() {
    use slotmark::rules::{GameCommand, bdp};
    let session = played_seeded(
        RulesetId::Bdp,
        None,
        &[
            "add Wren pc 11 15 10 5",
            "add Oswin pc 15 9 11 7 12",
            "add Maud pc 9 11 16 4",
            "roll Pell pc",
            "add wolf",
            "add Snag bandit",
            "add Thing creature 10 10 10 3",
            "remove Pell",
            "set Wren hp 4 5",
            "tag Wren career thief",
            "tag Maud background herbalist",
            "carry Wren dagger right",
            "carry Wren lockpicks",
            "carry Wren waterskin",
            "carry Wren \"odd idol\" size 2 for idol heavy",
            "carry Oswin sword right",
            "carry Oswin shield left",
            "carry Oswin rations",
            "carry Maud \"cooking pot\"",
            "carry Maud marshmint",
            "carry Maud \"bog lily\"",
            "carry Maud \"glow moss\" rare swamp",
            "hold Oswin 1 left",
            "drop Wren 4",
            "break Oswin 2",
            "remark Wren owes the ferryman",
            "save Wren dex adv leaps the gap",
            "accept",
            "ruling Oswin str pass forces the door",
            "contest Wren dex Snag wil dis sneaks past",
            "accept",
            "task Wren tg- pick the lock",
            "accept",
            "task Wren auto dex rushed climb the wall",
            "task Maud sure light the fire",
            "fate will it rain",
            "save Oswin str",
            "edge adv",
            "rule fail",
            "accept",
            "save Maud wil",
            "cancel",
            "fight Wren Oswin wolf",
            "order Oswin Wren wolf",
            "block Oswin",
            "dodge Wren",
            "cast Maud",
            "next",
            "end",
            "damage Oswin 2d4 hp crit Sword",
            "damage Wren 1 dex nocrit a thrown stone",
            "wound Oswin bite light larm",
            "wound Oswin gash severe torso",
            "care Oswin 6",
            "clear Oswin 4",
            "fatigue Maud spell",
            "wound Wren crush permanent lleg",
            "choose 2",
            "train Wren dex",
            "out Snag frightened wil",
            "out Snag off wil",
            "dead Thing",
            "dead Thing off",
            "hazard Thing fall 1 the old well",
            "accept",
            "accept",
            "expose Wren cold",
            "tick cold",
            "expose Wren cold off",
            "watch",
            "eat Wren fresh",
            "eat Oswin ration",
            "eat Maud simple fire pot",
            "rest Wren perilous",
            "rest Oswin normal",
            "breath Wren 3",
            "refill Wren 3",
            "dawn Maud",
            "dawn Maud off",
            "infect Maud swampsigh",
            "cure Maud 1 marshmint",
            "cared Maud",
            "cared Maud off",
            "brew Maud \"Healing Salve\" 2 3 4",
            "use Maud 2",
            "treat Oswin 5 herb",
            "recover Wren dex",
            "deprive Maud food sleep",
            "night",
        ],
    );
    let printed = paste::same_when_pasted(&session, paste::none);
    no_data_line(&printed);
    paste::every_kind_played::<bdp::Command>(
        &session,
        |c| match c.game() {
            Some(GameCommand::Bdp(c)) => Some(c),
            _ => None,
        },
        &[],
    );
}

/// Ruleset actiondie: every command kind played, written in words and pasted back.
#[test]
fn every_actiondie_command_is_written_in_words_and_pastes_back() {
    use slotmark::rules::{GameCommand, actiondie};
    let session = played_seeded(
        RulesetId::ActionDie,
        None,
        &[
            "add Ana pc d8 d6 d6 d4 14 ar 1",
            "add Bram pc d6 d10 d8 d6 10",
            "add Grak Troll",
            "add Rat creature d4 d8 d6 0 3",
            "roll Cai pc",
            "remove Cai",
            "set Ana dex d8",
            "set Ana hp 12",
            "bag Ana off",
            "bag Ana",
            "status Ana bleeding",
            "status Ana bleeding off",
            "afraid Bram the troll",
            "resist Grak fire",
            "vulnerable Grak lightning",
            "skill Ana Climb +2",
            "skill Bram Stealth d4",
            "learn Ana Whirl init d4",
            "set Ana tech 2",
            "set Ana techleft 2",
            "prepare Ana 1",
            "carry Ana Sword",
            "hold Ana 1",
            "carry Ana Arrows bundle 20",
            "carry Ana \"Odd idol\" size 2",
            "drop Ana 3",
            "hold Ana 1 off",
            "hold Ana 1",
            "carry Bram Dagger init d4",
            "break Bram 1",
            "remark Ana owes the ferryman",
            "check Ana dex skill Climb -1 adv needs sight vs 8 for the cliff",
            "accept",
            "check Bram str vs 5",
            "rule fail",
            "accept",
            "dismember Ana 1",
            "choose 2",
            "check Bram awr vs 5",
            "cancel",
            "contest Ana str adv against Grak str for the door",
            "carry Ana Anvil size 10",
            "carry Ana Chest size 8",
            "encumbrance Ana vs 5",
            "accept all",
            "add Pip creature d4 d4 d4 0 2",
            "scene Ana Bram Grak Rat for the bridge",
            "act Ana attack 1",
            "act Bram defend",
            "act Grak attack unarmed",
            "act Rat run",
            "initiative",
            "reevaluate Bram help Ana",
            "join Pip other 2d6",
            "order Ana Grak Bram Pip",
            "next",
            "move Ana 3",
            "status Ana prone",
            "stand Ana",
            "attack Ana 1 Grak",
            "next",
            "end",
            "damage Ana Grak 2d6 +1 fire nocrit from the brazier",
            "exhaust Ana",
            "exhaust Ana down",
            "dismember Grak 3",
            "dead Rat",
            "dead Rat off",
            "flee Rat",
            "rest full Ana interrupted",
            "rest siesta",
            "time 15",
        ],
    );
    let printed = paste::same_when_pasted(&session, paste::none);
    no_data_line(&printed);
    paste::every_kind_played::<actiondie::Command>(
        &session,
        |c| match c.game() {
            Some(GameCommand::ActionDie(c)) => Some(c),
            _ => None,
        },
        &[],
    );
}
