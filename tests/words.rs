//! Every roll keeps its numbers in words (issue 24) and the players read them through their lens
//! (issue 25), for bdp, ap and actiondie: a fight and a save played through the command
//! language, one roll accepted and one overruled; the faces, the target and the verdict read the
//! same in the log, in `replay` and in the recap; at the players' table a creature's numbers and
//! an unseen creature's name never show, a player character's numbers do.

use slotmark::dice::ScriptedDice;
use slotmark::rules::RulesetId;
use slotmark::script::{self, Line};
use slotmark::session::{Session, SessionState, TableView};
use slotmark::store::Store;
use slotmark::{cli, export};

fn session(ruleset: RulesetId) -> Session {
    Session::new(SessionState::new("At the Ford", ruleset))
}

fn play(s: &mut Session, line: &str, faces: &[u16]) {
    match script::parse_line(line, s.state()) {
        Ok(Line::Command(c)) => {
            s.execute(c, &mut ScriptedDice::new(faces.to_vec()))
                .unwrap_or_else(|e| panic!("{line}: {e}"));
        }
        other => panic!("{line}: {other:?}"),
    }
}

/// The roll log as the judge's screen reads it.
fn log(s: &Session) -> String {
    s.events_in(0..s.applied().len())
        .iter()
        .flat_map(|step| step.iter().map(|e| e.to_string()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// What `slotmark replay FILE` prints for the session once saved.
fn replayed(s: &Session) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ford.ron");
    drop(Store::create(&path, s).unwrap());
    let mut out = Vec::new();
    cli::replay(&path, false, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// The players' table view's roll lines.
fn table(s: &Session) -> String {
    TableView::of(s, 50)
        .rolls
        .iter()
        .map(|l| l.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Each of `words` is in the log, in replay's output and in the recap.
fn everywhere(s: &Session, words: &[&str]) {
    let (log, replay, recap) = (log(s), replayed(s), export::markdown(s));
    for w in words {
        assert!(log.contains(w), "log lacks {w:?}:\n{log}");
        assert!(replay.contains(w), "replay lacks {w:?}:\n{replay}");
        assert!(recap.contains(w), "recap lacks {w:?}:\n{recap}");
    }
}

mod bdp {
    use super::*;

    /// Ana (a player character), Gnash (a creature the players have met) and Snag (one they
    /// have not): Gnash takes a blow, Ana's save is accepted, Gnash's is ruled a pass, Snag
    /// saves unseen.
    fn played() -> Session {
        let mut s = session(RulesetId::Bdp);
        play(&mut s, "add Ana pc 9 14 11 6", &[]);
        play(&mut s, "add Gnash creature 12 12 8 7", &[]);
        play(&mut s, "add Snag creature 10 10 10 4", &[]);
        play(&mut s, "reveal Gnash", &[]);
        play(&mut s, "damage Gnash 1d6 hp Sword", &[1]);
        play(&mut s, "save Ana str lift the cart", &[13]);
        play(&mut s, "accept", &[]);
        play(&mut s, "save Gnash dex dodge the net", &[15]);
        play(&mut s, "rule pass", &[]);
        play(&mut s, "accept", &[]);
        play(&mut s, "save Snag wil hold fast", &[4]);
        play(&mut s, "accept", &[]);
        s
    }

    #[test]
    fn b5_an_accepted_save_reads_as_rolled_an_overruled_one_as_ruled() {
        let s = played();
        everywhere(
            &s,
            &[
                "Ana: STR save lift the cart: d20 13 against STR 9: a fail",
                "Gnash: DEX save dodge the net: ruled a pass (the dice said a fail: d20 15 against DEX 12)",
            ],
        );
        assert!(!log(&s).contains("called by the judge: FAIL"));
    }

    #[test]
    fn b5_the_players_read_their_own_numbers_never_a_creatures() {
        let s = played();
        let t = table(&s);
        assert!(t.contains("d20 13 against STR 9: a fail"), "{t}");
        assert!(t.contains("Gnash: DEX save dodge the net: a pass"), "{t}");
        for secret in ["DEX 12", "15", "6/7", "Snag"] {
            assert!(!t.contains(secret), "{secret:?} at the table:\n{t}");
        }
    }
}
