//! The players' proposals and the judge's answers to them: two small files beside the session
//! (`NAME.ron.proposals` and `NAME.ron.answers`), each written by one process alone, so neither
//! can lose what the other wrote. The page process (`slotmark table FILE --web`) writes the
//! proposals its players sent, at most [`MAILBOX_ROOM`] at once; the judge's screen writes which
//! of them it ran, changed or declined, and with what word. Nothing in either file is a step of
//! the session: a proposal becomes one only when the judge runs it. RON, versioned, written
//! atomically with a checksum line; a damaged or too new file is refused with the reason.

use super::{FileKind, StoreError, file};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The proposals format this build writes; the answers file shares it.
pub const MAILBOX_VERSION: u32 = 1;
/// Proposals waiting for the judge at once, every player's together; one more is refused.
pub const MAILBOX_ROOM: usize = 16;
/// Answers kept for the pages to read; the oldest go first.
pub const ANSWERS_KEPT: usize = 64;
/// Either file is read up to this size; a bigger one is refused.
pub const MAX_MAILBOX_BYTES: u64 = 256 * 1024;

/// One roll a player asked for, as the page process checked it against that character's own
/// rolls.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proposal {
    /// Made at random by the page process; names the proposal in its answer.
    pub id: String,
    /// The player character's id in the ruleset, and its name when it was sent.
    pub who: u32,
    pub name: String,
    /// The roll in the ruleset's words ("DEX save, with advantage").
    pub what: String,
    /// The roll as a line of the command language, which the judge runs.
    pub line: String,
    /// The sides of each die the roll draws, in order.
    pub dice: Vec<u16>,
    /// The faces the player's physical dice showed, in the same order; empty for the judge's
    /// dice.
    pub faces: Vec<u16>,
    /// Kept from the table's view and the other players' pages.
    pub secret: bool,
}

/// What the judge made of a proposal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Verdict {
    /// Run as it was sent.
    Taken,
    /// Taken into the palette, to be run as the judge changes it.
    Changed,
    /// Declined, with the judge's word to the player (may be empty).
    Declined(String),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    pub id: String,
    pub who: u32,
    /// The proposal's `what`, for the player's page.
    pub what: String,
    pub verdict: Verdict,
    /// Taken: the number of the step that rolled it, so the page can show the roll's line once
    /// it settles.
    #[serde(default)]
    pub step: Option<u64>,
}

#[derive(Debug, Serialize, Deserialize)]
struct ProposalsFile {
    slotmark_version: String,
    format_version: u32,
    proposals: Vec<Proposal>,
}

#[derive(Debug, Serialize, Deserialize)]
struct AnswersFile {
    slotmark_version: String,
    format_version: u32,
    answers: Vec<Answer>,
}

const HINT: &str = "delete the file: it holds only rolls the players proposed, which they can \
                    send again";

/// Where the players' proposals to the session at `session` wait.
pub fn proposals_path(session: &Path) -> PathBuf {
    beside(session, ".proposals")
}

/// Where the judge's answers to them are.
pub fn answers_path(session: &Path) -> PathBuf {
    beside(session, ".answers")
}

fn beside(session: &Path, suffix: &str) -> PathBuf {
    let mut name = session.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    session.with_file_name(name)
}

/// The proposals waiting: none when the file is not there.
pub fn read_proposals(path: &Path) -> Result<Vec<Proposal>, StoreError> {
    let body: Option<ProposalsFile> = read(
        path,
        FileKind::Proposals,
        "this is not a file of the players' proposals, or it is damaged",
        HINT,
    )?;
    Ok(body.map(|b| b.proposals).unwrap_or_default())
}

/// Writes the proposals waiting, over what was there; more than [`MAILBOX_ROOM`] are refused
/// and nothing is written.
pub fn write_proposals(path: &Path, proposals: &[Proposal]) -> Result<(), StoreError> {
    if proposals.len() > MAILBOX_ROOM {
        return Err(StoreError::Io {
            path: path.to_path_buf(),
            message: format!("at most {MAILBOX_ROOM} proposals wait at once"),
        });
    }
    let body = ProposalsFile {
        slotmark_version: super::SLOTMARK_VERSION.to_string(),
        format_version: MAILBOX_VERSION,
        proposals: proposals.to_vec(),
    };
    write(path, "the players' proposals", &body)
}

/// The judge's answers: none when the file is not there.
pub fn read_answers(path: &Path) -> Result<Vec<Answer>, StoreError> {
    let body: Option<AnswersFile> = read(
        path,
        FileKind::Answers,
        "this is not a file of the judge's answers to proposals, or it is damaged",
        "delete the file: it holds only answers the players have read",
    )?;
    Ok(body.map(|b| b.answers).unwrap_or_default())
}

/// Writes the judge's answers, keeping the newest [`ANSWERS_KEPT`].
pub fn write_answers(path: &Path, answers: &[Answer]) -> Result<(), StoreError> {
    let from = answers.len().saturating_sub(ANSWERS_KEPT);
    let body = AnswersFile {
        slotmark_version: super::SLOTMARK_VERSION.to_string(),
        format_version: MAILBOX_VERSION,
        answers: answers[from..].to_vec(),
    };
    write(path, "the judge's answers", &body)
}

fn write(path: &Path, what: &str, body: &impl Serialize) -> Result<(), StoreError> {
    let header = format!("// {what} to the session beside it, written by slotmark.\n");
    file::write_library(path, header, body, what, MAX_MAILBOX_BYTES, |_| {
        format!("{what} would be larger than slotmark reads back, so nothing was written")
    })
}

/// The file of `kind` at `path`, or None when it is not there; refused when damaged, too
/// large or too new.
fn read<T: serde::de::DeserializeOwned>(
    path: &Path,
    kind: FileKind,
    not_one: &str,
    hint: &str,
) -> Result<Option<T>, StoreError> {
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        _ => {}
    }
    let text = file::owned_without_bom(file::read_text(path, MAX_MAILBOX_BYTES)?);
    file::read_library::<T>(path, &text, kind, not_one, hint).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proposal(id: &str) -> Proposal {
        Proposal {
            id: id.into(),
            who: 1,
            name: "Aria".into(),
            what: "DEX save".into(),
            line: "save Aria dex".into(),
            dice: vec![20],
            faces: vec![14],
            secret: false,
        }
    }

    #[test]
    fn proposals_and_answers_come_back_as_written() {
        let dir = tempfile::tempdir().unwrap();
        let session = dir.path().join("friday.ron");
        let p = proposals_path(&session);
        assert_eq!(read_proposals(&p).unwrap(), Vec::new());
        let written = vec![proposal("a"), proposal("b")];
        write_proposals(&p, &written).unwrap();
        assert_eq!(read_proposals(&p).unwrap(), written);
        let a = answers_path(&session);
        let answers = vec![Answer {
            id: "a".into(),
            who: 1,
            what: "DEX save".into(),
            verdict: Verdict::Declined("not now".into()),
            step: None,
        }];
        write_answers(&a, &answers).unwrap();
        assert_eq!(read_answers(&a).unwrap(), answers);
    }

    #[test]
    fn a_full_mailbox_is_refused_and_the_file_stays() {
        let dir = tempfile::tempdir().unwrap();
        let p = proposals_path(&dir.path().join("friday.ron"));
        let full: Vec<Proposal> = (0..MAILBOX_ROOM)
            .map(|i| proposal(&i.to_string()))
            .collect();
        write_proposals(&p, &full).unwrap();
        let mut more = full.clone();
        more.push(proposal("one too many"));
        assert!(write_proposals(&p, &more).is_err());
        assert_eq!(read_proposals(&p).unwrap(), full);
    }

    #[test]
    fn a_damaged_mailbox_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let p = proposals_path(&dir.path().join("friday.ron"));
        write_proposals(&p, &[proposal("a")]).unwrap();
        let text = std::fs::read_to_string(&p).unwrap();
        std::fs::write(&p, text.replace("Aria", "Bram")).unwrap();
        assert!(read_proposals(&p).is_err());
        std::fs::write(&p, "not ron at all").unwrap();
        assert!(read_proposals(&p).is_err());
    }

    #[test]
    fn only_the_newest_answers_are_kept() {
        let dir = tempfile::tempdir().unwrap();
        let a = answers_path(&dir.path().join("friday.ron"));
        let many: Vec<Answer> = (0..ANSWERS_KEPT + 5)
            .map(|i| Answer {
                id: i.to_string(),
                who: 1,
                what: "DEX save".into(),
                verdict: Verdict::Taken,
                step: Some(i as u64),
            })
            .collect();
        write_answers(&a, &many).unwrap();
        let kept = read_answers(&a).unwrap();
        assert_eq!(kept.len(), ANSWERS_KEPT);
        assert_eq!(kept[0].id, "5");
    }
}
