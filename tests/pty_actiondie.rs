//! Ruleset actiondie in the real binary in a pseudo-terminal: a new session, a sheet added in
//! the palette, a check by its keys, a scene with an action and its roll, and a clean quit.
//! Every wait reads the pty until the expected text shows; nothing sleeps a fixed time.

#![cfg(unix)]

mod pty;

use pty::Term;

#[test]
fn an_actiondie_session_plays_a_check_and_a_round_in_the_real_terminal() {
    let home = tempfile::tempdir().unwrap();
    let saves = home.path().join("saves");
    let saves_arg = saves.to_str().unwrap();
    let mut term = Term::spawn(
        &[
            "new",
            "bridge",
            "--rules",
            "actiondie",
            "--saves",
            saves_arg,
        ],
        home.path(),
        &[],
        30,
        100,
    );
    term.wait_text("Nobody yet");
    term.press(":add Ana pc d8 d6 d6 d4 10\r");
    term.wait_text("Ana joins");
    // g and Enter: a DEX check with no target shows its total in the log.
    term.press("g");
    term.wait_text("Check: Ana");
    term.press("\r");
    term.wait_text("Ana: DEX check");
    // A troll waits at the bridge, grouped as the encounter the party meets.
    term.press(":add Grak creature d8 d6 d6 d4 12\r");
    term.wait_text("Grak joins");
    term.press(":encounter Bridge: Grak\r");
    term.wait_text("in the encounter Bridge");
    // c and Enter open a scene with it, a and Enter choose each one's attack, i rolls: the
    // first turn comes.
    term.press("c");
    term.wait_text("Who fights");
    term.press("\r");
    term.wait_text("everyone chooses an action");
    term.press("a");
    term.wait_text("Action: Ana");
    term.press("\r");
    term.wait_text("Ana chooses to attack unarmed");
    term.press("a");
    term.wait_text("Action: Grak");
    term.press("\r");
    term.wait_text("Grak chooses to attack");
    term.press("i");
    // A tie on the count asks the judge who goes first; Enter takes the proposal.
    term.wait_for("the first turn, or the tie's question", |t| {
        let text = t.text();
        text.contains("'s turn (count") || text.contains("Enter confirm")
    });
    if !term.text().contains("'s turn (count") {
        term.press("\r");
        term.wait_text("'s turn (count");
    }
    term.press("q");
    term.wait_closed();
    assert!(term.child.wait().unwrap().success());
    assert!(saves.join("bridge.ron").exists());
}
