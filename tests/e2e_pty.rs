//! The real binary in a pseudo-terminal: start, open the demo, make a check, undo, quit, and
//! find the terminal as it was (main screen back, cursor shown, raw mode off). Every wait reads
//! the pty until the expected text shows or a deadline passes; nothing sleeps a fixed time.

#![cfg(unix)]

mod pty;

use pty::Term;

#[test]
fn demo_check_undo_quit_restores_the_terminal() {
    let home = tempfile::tempdir().unwrap();
    let mut term = Term::spawn(&[], home.path(), &[], 30, 100);
    assert!(term.cooked(), "the pty starts in cooked mode");

    term.wait_text("Recent sessions");
    assert!(
        term.parser.screen().alternate_screen(),
        "the screen runs on the alternate screen"
    );

    term.press("d");
    term.wait_text("Roll log");

    // A terrain check for whoever is selected: the form, then the roll, then accept it.
    term.press("t");
    term.wait_text("Terrain check");
    term.press("\r");
    term.wait_text("Verdict");
    term.press("\r");
    term.wait_for("the check in the log", |t| {
        let text = t.text();
        text.contains("terrain check") && !text.contains("Verdict")
    });

    term.press("u");
    term.wait_text("Undone");
    term.wait_text("Verdict");

    term.press("q");
    term.wait_closed();
    let status = term.child.wait().unwrap();
    assert!(status.success(), "slotmark exited with {status:?}");

    let s = term.parser.screen();
    assert!(!s.alternate_screen(), "the alternate screen was left");
    assert!(!s.hide_cursor(), "the cursor is shown again");
    assert!(term.cooked(), "raw mode is off");
}
