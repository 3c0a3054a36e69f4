//! The architecture as tests: the pure layers never touch the terminal, the frame never names a
//! ruleset, no ruleset reaches into another, and no module imports in a circle. Read from the
//! source files themselves, so a change that breaks a layer fails here with the file and line.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every source file under `src/` with its module path (`["tui", "sheets", "slots", "fight"]`).
fn modules() -> Vec<(Vec<String>, String)> {
    let root = src();
    let mut paths = Vec::new();
    files(&root, &mut paths);
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let rel = p.strip_prefix(&root).unwrap().with_extension("");
            let mut parts: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if parts.last().is_some_and(|l| l == "mod") {
                parts.pop();
            }
            (parts, fs::read_to_string(&p).unwrap())
        })
        .collect()
}

/// The code of a file without its comments (so a doc comment may name what the code may not).
fn code(text: &str) -> String {
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The module paths a file refers to through `crate::` and `super::`.
fn references(module: &[String], text: &str) -> Vec<Vec<String>> {
    let code = code(text);
    let mut out = Vec::new();
    let ident = |s: &str| -> Vec<String> {
        s.split("::")
            .map(|w| {
                w.chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect::<String>()
            })
            .take_while(|w| !w.is_empty() && w.chars().next().is_some_and(|c| c.is_lowercase()))
            .collect()
    };
    for (i, _) in code.match_indices("crate::") {
        out.push(ident(&code[i + "crate::".len()..]));
    }
    // `super::` names the parent module (for a folder's `mod.rs`, the folder's parent).
    let parent: Vec<String> = module[..module.len().saturating_sub(1)].to_vec();
    for (i, _) in code.match_indices("super::") {
        if i > 0 && code[..i].ends_with("::") {
            continue;
        }
        let mut path = parent.clone();
        path.extend(ident(&code[i + "super::".len()..]));
        out.push(path);
    }
    out
}

/// A node of the import graph: the top-level module, or for `tui` its child.
fn node(path: &[String]) -> Option<String> {
    match path {
        [] => None,
        [top, child, ..] if top == "tui" => Some(format!("tui::{child}")),
        [top] if top == "tui" => None,
        [top, ..] => Some(top.clone()),
    }
}

fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        stack: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = stack.iter().position(|s| s == n) {
            let mut c = stack[at..].to_vec();
            c.push(n.to_string());
            return Some(c);
        }
        if done.contains(n) {
            return None;
        }
        stack.push(n.to_string());
        for next in graph.get(n).into_iter().flatten() {
            if let Some(c) = visit(next, graph, stack, done) {
                return Some(c);
            }
        }
        stack.pop();
        done.insert(n.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for n in graph.keys() {
        if let Some(c) = visit(n, graph, &mut Vec::new(), &mut done) {
            return Some(c);
        }
    }
    None
}

#[test]
fn no_module_imports_in_a_circle() {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, text) in modules() {
        let Some(from) = node(&module) else {
            continue;
        };
        if from == "lib" || from == "main" {
            continue;
        }
        // A module's own unit tests (its `mod tests` at the end) may build their cases with any
        // layer's help: only the code slotmark runs counts.
        let text = text
            .split("\n#[cfg(test)]\nmod tests")
            .next()
            .unwrap_or(&text);
        for target in references(&module, text) {
            if let Some(to) = node(&target)
                && to != from
                && to != "tui"
            {
                graph.entry(from.clone()).or_default().insert(to);
            }
        }
    }
    assert!(
        graph.contains_key("tui::app"),
        "the graph was not read: {graph:?}"
    );
    if let Some(c) = cycle(&graph) {
        panic!("modules import each other in a circle: {}", c.join(" → "));
    }
}

#[test]
fn the_pure_layers_never_touch_the_terminal() {
    for (module, text) in modules() {
        if ![
            "rules", "session", "dice", "store", "script", "content", "export", "web",
        ]
        .contains(&module[0].as_str())
        {
            continue;
        }
        for (n, line) in code(&text).lines().enumerate() {
            assert!(
                !line.contains("ratatui") && !line.contains("crossterm"),
                "src/{}.rs line {} reaches the terminal: {line}",
                module.join("/"),
                n + 1
            );
        }
    }
}

/// The frame: everything under `tui` except each ruleset's own screen and the one place that
/// dispatches to them (`tui/sheets/mod.rs`).
/// Every ruleset's module name, from the rulesets list itself, so a new one is checked at once.
fn rulesets() -> Vec<&'static str> {
    slotmark::rules::RulesetId::ALL
        .iter()
        .map(|r| r.key())
        .collect()
}

/// Does `line` name `path` (as in `ap::` or `rules::ap`) as whole words, so that `keymap::`
/// does not count as naming the `ap` ruleset, nor `rules::application`?
fn names(line: &str, path: &str) -> bool {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    line.match_indices(path).any(|(at, _)| {
        let before = line[..at].chars().next_back();
        let after = line[at + path.len()..].chars().next();
        let joined_before = before.is_some_and(word);
        let joined_after = path.ends_with(word) && after.is_some_and(word);
        !(joined_before || joined_after)
    })
}

#[test]
fn the_frame_never_names_a_ruleset() {
    let rulesets = rulesets();
    for (module, text) in modules() {
        let frame = module[0] == "tui" || module[0] == "web";
        if !frame || module.get(1).is_some_and(|m| m == "sheets") {
            continue;
        }
        for (n, line) in code(&text).lines().enumerate() {
            for &r in &rulesets {
                assert!(
                    !names(line, &format!("{r}::")),
                    "src/{}.rs line {} names the {r} ruleset: {line}",
                    module.join("/"),
                    n + 1
                );
            }
        }
    }
}

#[test]
fn no_ruleset_reaches_into_another() {
    let rulesets = rulesets();
    for (module, text) in modules() {
        let own = module
            .iter()
            .find(|m| rulesets.contains(&m.as_str()))
            .cloned();
        let Some(own) = own else { continue };
        if module.len() < 2 {
            continue;
        }
        for (n, line) in code(&text).lines().enumerate() {
            for other in rulesets.iter().filter(|r| **r != own) {
                assert!(
                    !names(line, &format!("rules::{other}"))
                        && !names(line, &format!("sheets::{other}"))
                        && !names(line, &format!("verbs::{other}")),
                    "src/{}.rs line {} reaches into the {other} ruleset: {line}",
                    module.join("/"),
                    n + 1
                );
            }
        }
    }
}

/// The store reads and writes files and knows nothing of the command language, not even in its
/// own unit tests: cases built from the demos (which the command language makes) live in
/// `tests/quick_reader.rs`.
#[test]
fn the_store_never_names_the_command_language() {
    let mut seen = 0;
    for (module, text) in modules() {
        if module[0] != "store" {
            continue;
        }
        seen += 1;
        for (n, line) in code(&text).lines().enumerate() {
            assert!(
                !names(line, "script::") && !names(line, "script"),
                "src/{}.rs line {} names the command language: {line}",
                module.join("/"),
                n + 1
            );
        }
    }
    assert!(seen > 3, "the store's files were not read");
}

/// The slot system's folders: its rules, its content, its verbs, its screen and its recap.
const SLOT_FOLDERS: [&str; 5] = [
    "rules/slots",
    "content/slots",
    "script/verbs/slots",
    "tui/sheets/slots",
    "export/slots",
];

/// Shared code speaks of the slot system's library only as the judge's library
/// (`content::Library`, with where it comes from) and never names the slot system's rules or
/// content: what it needs of them (a demo, the words of `help library`) comes through the
/// ruleset's own folder. The one allowance is a line that dispatches on the ruleset
/// (`RulesetId::Slots => content::slots::DEMO`), the way every ruleset is reached.
#[test]
fn no_slot_system_name_outside_its_folders() {
    let mut seen = 0;
    for (module, text) in modules() {
        let path = module.join("/");
        if SLOT_FOLDERS.iter().any(|f| path.starts_with(f)) {
            continue;
        }
        seen += 1;
        for (n, line) in code(&text).lines().enumerate() {
            let dispatch = line.contains("Slots =>");
            assert!(
                dispatch || !(names(line, "rules::slots::") || names(line, "content::slots::")),
                "src/{path}.rs line {} names the slot system outside its folders: {line}",
                n + 1
            );
        }
    }
    assert!(seen > 50, "the shared files were not read");
}

/// `content` hands the slot system's library on by one neutral name and the functions that load
/// it; the slot system's creatures, kits, file shapes and checks stay in `content::slots`.
#[test]
fn content_hands_on_the_library_only_by_its_neutral_name() {
    let text = fs::read_to_string(src().join("content.rs")).unwrap();
    let allowed = [
        "Library",
        "USER_FILE",
        "active",
        "bundled",
        "install",
        "load",
        "try_bundled",
        "user_file",
    ];
    let code = code(&text);
    let mut seen = 0;
    for (at, _) in code.match_indices("pub use slots::") {
        seen += 1;
        let rest = &code[at + "pub use slots::".len()..];
        let listed = &rest[..rest.find(';').unwrap_or(rest.len())];
        for name in listed
            .split(|c: char| ",{}".contains(c))
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            assert!(
                allowed.contains(&name),
                "src/content.rs hands on the slot system's {name}: pub use slots::{listed}"
            );
        }
    }
    assert!(seen > 0, "src/content.rs was not read as it is written");
}
