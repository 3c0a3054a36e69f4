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

    term.wait_text("Recent sessions");
    assert!(
        term.parser.screen().alternate_screen(),
        "the screen runs on the alternate screen"
    );

    term.press("d");
    term.wait_text("Open a demo");
    term.press("\r");
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

#[test]
fn a_plain_tracker_session_plays_in_the_real_terminal_and_reopens() {
    let home = tempfile::tempdir().unwrap();
    let saves = home.path().join("saves");
    let saves_arg = saves.to_str().unwrap();
    let mut term = Term::spawn(
        &["new", "cave", "--rules", "plain", "--saves", saves_arg],
        home.path(),
        &[],
        30,
        100,
    );
    term.wait_text("No characters yet");
    // n, a name, Enter: the tracker's own form through the frame.
    term.press("n");
    term.wait_text("Add a character");
    term.press("Ana\r");
    term.wait_text("Ana joins with 6 HP");
    // A foe: Tab to the side and Space makes the Ogre one of the others.
    term.press("n");
    term.wait_text("Add a character");
    term.press("Ogre\t \r");
    term.wait_text("Ogre joins");
    // The Ogre is unseen and in no encounter: → and Space tick it in, Enter starts the fight.
    term.press("c");
    term.wait_text("Who fights");
    term.press("\x1b[C ");
    term.wait_text("[x]Ogre");
    term.press("\r");
    term.wait_text("Round 1");
    term.press("q");
    term.wait_closed();
    let status = term.child.wait().unwrap();
    assert!(status.success(), "slotmark exited with {status:?}");

    let file = saves.join("cave.ron");
    let mut term = Term::spawn(
        &["open", file.to_str().unwrap(), "--saves", saves_arg],
        home.path(),
        &[],
        30,
        100,
    );
    term.wait_for("the fight as it was left", |t| {
        let text = t.text();
        text.contains("Round 1") && text.contains("Ana")
    });
    term.press("q");
    term.wait_closed();
    assert!(term.child.wait().unwrap().success());
}

#[test]
fn help_opens_inside_a_form_and_the_palette_in_the_real_terminal() {
    let home = tempfile::tempdir().unwrap();
    let mut term = Term::spawn(&[], home.path(), &[], 30, 100);
    term.wait_text("Recent sessions");
    term.press("d");
    term.wait_text("Open a demo");
    term.press("\r");
    term.wait_text("Roll log");
    // The terrain form's only field is the edge, which takes no typing: `?` is the help.
    term.press("t");
    term.wait_text("Terrain check");
    term.press("?");
    term.wait_text("Keys on the form");
    term.press("\x1b");
    term.wait_for("the form back", |t| {
        let text = t.text();
        text.contains("Terrain check") && !text.contains("Keys on the form")
    });
    term.press("\x1b");
    // A lone Esc followed at once by another key would read as Alt and that key.
    term.wait_for("the form closed", |t| !t.text().contains("Terrain check"));
    // In the palette `?` is typed; F1 (ESC O P) is the help.
    term.press(":");
    term.wait_text("run");
    term.press("\x1bOP");
    term.wait_text("Keys on the command palette");
    // Esc closes the help (the palette comes back), Esc again the palette, then q quits.
    term.press("\x1b");
    term.wait_for("the help closed", |t| !t.text().contains("Keys on the"));
    term.press("\x1b");
    term.wait_for("the palette closed", |t| t.text().contains("? help q quit"));
    term.press("q");
    term.wait_closed();
    assert!(term.child.wait().unwrap().success());
}

#[test]
fn a_phase_session_plays_a_save_in_the_real_terminal() {
    let home = tempfile::tempdir().unwrap();
    let saves = home.path().join("saves");
    let saves_arg = saves.to_str().unwrap();
    let mut term = Term::spawn(
        &["new", "warren", "--rules", "phase", "--saves", saves_arg],
        home.path(),
        &[],
        30,
        100,
    );
    term.wait_text("Nobody yet");
    // The palette adds a PC with her numbers; g and Enter make a DEX save, Enter accepts it.
    term.press(":add Ana pc 6 12 14 9\r");
    term.wait_text("Ana joins");
    term.press("g");
    term.wait_text("Save: Ana");
    term.press("\r");
    term.wait_text("Verdict");
    term.press("\r");
    term.wait_for("the save in the log", |t| {
        let text = t.text();
        text.contains("DEX") && !text.contains("Verdict")
    });
    term.press("q");
    term.wait_closed();
    assert!(term.child.wait().unwrap().success());
    assert!(saves.join("warren.ron").exists());
}
