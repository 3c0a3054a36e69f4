//! The judge's kept encounters: a named group of creatures by kind and count ("Ambush: 3
//! Goblin, 1 Wolf"), kept per ruleset in `encounters/KEY.ron` in slotmark's data folder by
//! `slotmark library encounter`, and offered by the creature picker of every session of that
//! ruleset, which brings its creatures in from the bestiary, numbered, as one encounter.

use super::{ContentError, Library, squash};
use crate::rules::RulesetId;
use crate::session::{KeptEncounter, KindCount};
use crate::store::{StoreError, read_kept, write_kept};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The folder the kept encounters are in: `encounters` in slotmark's data folder.
pub fn folder() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "slotmark").map(|d| d.data_dir().join("encounters"))
}

/// The file of one ruleset's kept encounters in `dir`.
pub fn file_of(dir: &Path, rules: RulesetId) -> PathBuf {
    dir.join(format!("{}.ron", rules.key()))
}

/// Every ruleset's kept encounters, and the files left out with their reason.
#[derive(Debug, Clone, Default)]
pub struct Kept {
    pub encounters: Vec<(RulesetId, KeptEncounter)>,
    pub refused: Vec<ContentError>,
}

impl Kept {
    /// One ruleset's, in the file's order.
    pub fn of(&self, rules: RulesetId) -> impl Iterator<Item = &KeptEncounter> {
        self.encounters
            .iter()
            .filter(move |(r, _)| *r == rules)
            .map(|(_, e)| e)
    }
}

/// Reads every ruleset's file in `dir`. Never fails: a missing file holds none, and a file that
/// cannot be used is left out with its reason.
pub fn load(dir: &Path) -> Kept {
    let mut found = Kept::default();
    for &rules in RulesetId::ALL {
        let path = file_of(dir, rules);
        if !path.exists() {
            continue;
        }
        let file = path.display().to_string();
        match read_kept(&path) {
            Ok((r, encounters)) if r == rules => {
                found
                    .encounters
                    .extend(encounters.into_iter().map(|e| (rules, e)));
            }
            Ok((r, _)) => found.refused.push(ContentError::Invalid {
                file,
                message: format!(
                    "holds encounters of ruleset {}, not {}",
                    r.key(),
                    rules.key()
                ),
            }),
            Err(e) => found.refused.push(ContentError::Io {
                file,
                message: e.reason(),
            }),
        }
    }
    found
}

static ACTIVE: OnceLock<Kept> = OnceLock::new();

/// Makes `kept` the one the picker offers, for the rest of the process (the first call wins).
pub fn install(kept: Kept) -> bool {
    ACTIVE.set(kept).is_ok()
}

/// The judge's kept encounters, read from [`folder`] the first time they are needed.
pub fn active() -> &'static Kept {
    ACTIVE.get_or_init(|| folder().map(|d| load(&d)).unwrap_or_default())
}

/// The kinds of creature a ruleset's picker brings in from its bestiary, by name; None for the
/// plain tracker, whose kinds are those already in each session.
pub fn kinds(rules: RulesetId, library: &Library) -> Option<Vec<String>> {
    Some(match rules {
        RulesetId::Slots => library.creatures.iter().map(|c| c.name.clone()).collect(),
        RulesetId::Phase => super::phase::bundled()
            .creatures
            .iter()
            .map(|c| c.name.clone())
            .collect(),
        RulesetId::Bdp => super::bdp::bundled()
            .creatures
            .iter()
            .map(|c| c.name.clone())
            .collect(),
        RulesetId::Ap => super::ap::bundled()
            .creatures
            .iter()
            .map(|c| c.name.clone())
            .collect(),
        RulesetId::ActionDie => super::actiondie::bundled()
            .creatures
            .iter()
            .map(|c| c.name.clone())
            .collect(),
        RulesetId::Plain => return None,
    })
}

/// Reads `words` ("goblin:3", "wolf") as kinds and counts, each kind found among `kinds` by
/// its name as the bestiary spells it (any kind, as written, where there is no bestiary).
pub fn read_kinds(words: &[String], kinds: Option<&[String]>) -> Result<Vec<KindCount>, String> {
    let mut out: Vec<KindCount> = Vec::new();
    for w in words {
        let (kind, count) = match w.rsplit_once(':') {
            Some((k, n)) => {
                let n: u8 = n
                    .trim()
                    .parse()
                    .ok()
                    .filter(|n| (1..=20).contains(n))
                    .ok_or_else(|| format!("'{w}': the count after the colon is 1 to 20"))?;
                (k.trim(), n)
            }
            None => (w.trim(), 1),
        };
        let kind = match kinds {
            Some(all) => super::find_by_name(all, |k| k.as_str(), kind, "creature in the bestiary")
                .map_err(|e| e.to_string())?
                .clone(),
            None => crate::rules::text::checked(
                crate::rules::text::TextKind::Name,
                kind,
                "a kind needs a name",
            )
            .map_err(|e| e.to_string())?,
        };
        match out.iter_mut().find(|k| k.kind == kind) {
            Some(k) => k.count = k.count.saturating_add(count).min(20),
            None => out.push(KindCount { kind, count }),
        }
    }
    if out.is_empty() {
        return Err("name its creatures: a kind and how many (`goblin:3 wolf`)".into());
    }
    Ok(out)
}

/// Keeps `encounter` in the judge's file of `rules` in `dir` (one of the same name, spaces,
/// dashes and case aside, is replaced); returns the file written and whether one was replaced.
pub fn keep(
    dir: &Path,
    rules: RulesetId,
    encounter: KeptEncounter,
) -> Result<(PathBuf, bool), StoreError> {
    let path = file_of(dir, rules);
    let mut all = if path.exists() {
        read_kept(&path)?.1
    } else {
        Vec::new()
    };
    let replaced = match all
        .iter()
        .position(|e| squash(&e.name) == squash(&encounter.name))
    {
        Some(at) => {
            all[at] = encounter;
            true
        }
        None => {
            all.push(encounter);
            false
        }
    };
    write_kept(&path, rules, &all)?;
    Ok((path, replaced))
}

/// Takes the encounter called `name` out of the judge's file of `rules`; false when there was
/// none of that name.
pub fn forget(dir: &Path, rules: RulesetId, name: &str) -> Result<bool, StoreError> {
    let path = file_of(dir, rules);
    if !path.exists() {
        return Ok(false);
    }
    let mut all = read_kept(&path)?.1;
    let before = all.len();
    all.retain(|e| squash(&e.name) != squash(name));
    if all.len() == before {
        return Ok(false);
    }
    write_kept(&path, rules, &all)?;
    Ok(true)
}
