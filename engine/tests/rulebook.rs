//! The rules reference (`docs/rules/`) against the code: every rule id the code cites is defined
//! there, and every rule defined there is checked by a test or said to be the players' job.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use tarock_engine::rulebook::{self, Rulebook};
use tarock_engine::Variant;

/// The workspace root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the engine crate sits in the workspace")
        .to_path_buf()
}

/// Every file under `dir` whose name ends with one of `extensions`, skipping build output and
/// installed packages.
fn files(dir: &Path, extensions: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if path.is_dir() {
            if !matches!(
                name.as_ref(),
                "target" | "node_modules" | ".git" | "dist" | "gen" | ".ci"
            ) {
                files(&path, extensions, out);
            }
        } else if extensions.iter().any(|e| name.ends_with(e)) {
            out.push(path);
        }
    }
}

/// The rule ids in `text`: `GAME-PHASE-NN` with an optional letter, GAME two capitals.
fn ids(text: &str) -> Vec<&str> {
    let b = text.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i + 2 < b.len() {
        let starts = b[i].is_ascii_uppercase()
            && b[i + 1].is_ascii_uppercase()
            && b[i + 2] == b'-'
            && (i == 0 || !b[i - 1].is_ascii_alphanumeric());
        if !starts {
            i += 1;
            continue;
        }
        let mut j = i + 3;
        while j < b.len() && b[j].is_ascii_uppercase() {
            j += 1;
        }
        let phase_end = j;
        if phase_end == i + 3 || j >= b.len() || b[j] != b'-' {
            i += 1;
            continue;
        }
        j += 1;
        let digits = j;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        if j == digits {
            i += 1;
            continue;
        }
        if j < b.len()
            && b[j].is_ascii_lowercase()
            && !b.get(j + 1).is_some_and(u8::is_ascii_alphanumeric)
        {
            j += 1;
        }
        if !b.get(j).is_some_and(u8::is_ascii_alphanumeric) {
            found.push(&text[i..j]);
        }
        i = j;
    }
    found
}

const GAMES: [&str; 7] = ["HU", "PK", "HV", "PL", "AT", "DK", "SI"];

fn is_rule_id(id: &str) -> bool {
    GAMES.iter().any(|g| id.starts_with(g))
}

/// The part of a source file that is test code: all of a file under a `tests` directory, and
/// in a `src` file what follows its first `#[cfg(test)]`.
fn test_part(path: &Path, text: &str) -> String {
    let in_tests = path.components().any(|c| c.as_os_str() == "tests");
    if in_tests {
        return text.to_owned();
    }
    text.find("#[cfg(test)]")
        .map_or_else(String::new, |i| text[i..].to_owned())
}

/// The ids cited in `// rule:` (or `# rule:`) comments of test code, with a file citing each.
fn cited_by_tests() -> BTreeMap<String, PathBuf> {
    let mut paths = Vec::new();
    for dir in [
        "engine",
        "engine-service",
        "tests",
        "ref-client",
        "python",
        "benches",
    ] {
        files(&root().join(dir), &[".rs", ".py"], &mut paths);
    }
    let mut cited = BTreeMap::new();
    for path in paths {
        let text = std::fs::read_to_string(&path).expect("a source file reads");
        for line in test_part(&path, &text).lines() {
            let Some(at) = line.find("rule:").or_else(|| line.find("rules:")) else {
                continue;
            };
            let before = line[..at].trim_end();
            if !(before.ends_with("//") || before.ends_with('#') || before.ends_with("///")) {
                continue;
            }
            for id in ids(&line[at..]).into_iter().filter(|id| is_rule_id(id)) {
                cited.entry(id.to_owned()).or_insert_with(|| path.clone());
            }
        }
    }
    cited
}

// The reference parses without a single malformed rule item.
#[test]
fn the_reference_parses() {
    let (book, errors) = Rulebook::parse();
    let errors: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    assert!(book.iter().count() > 500, "{} rules", book.iter().count());
}

// Every rule id the engine and the service cite (in refusals, settlements, comments) is
// defined in the reference.
#[test]
fn every_id_the_code_cites_is_defined() {
    let book = rulebook::rulebook();
    let mut paths = Vec::new();
    for dir in ["engine/src", "engine-service/src"] {
        files(&root().join(dir), &[".rs"], &mut paths);
    }
    let mut missing = BTreeSet::new();
    for path in &paths {
        let text = std::fs::read_to_string(path).expect("a source file reads");
        for id in ids(&text).into_iter().filter(|id| is_rule_id(id)) {
            if book.get(id).is_none() {
                missing.insert(format!(
                    "{id} ({})",
                    path.strip_prefix(root()).unwrap_or(path).display()
                ));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "cited but not defined in docs/rules/: {missing:?}"
    );
}

// Every rule of the reference is checked by a test that cites it, unless the reference says the
// players keep it themselves, and says why.
#[test]
fn every_defined_rule_is_tested_or_the_callers_job() {
    let cited = cited_by_tests();
    let book = rulebook::rulebook();
    let untested: Vec<&str> = book
        .iter()
        .filter(|r| r.callers_job.is_none() && !cited.contains_key(r.id))
        .map(|r| r.id)
        .collect();
    assert!(
        untested.is_empty(),
        "{} rules neither cited by a test nor the caller's job: {untested:?}",
        untested.len()
    );
    for rule in book.iter().filter(|r| r.callers_job.is_some()) {
        assert!(
            rule.callers_job.is_some_and(|why| why.len() > 10),
            "{}: the caller's job needs its reason",
            rule.id
        );
    }
}

// Every rule has one sentence fit for an error message, and the same in its game's language.
#[test]
fn every_rule_reads_in_english_and_in_its_games_language() {
    let book = rulebook::rulebook();
    for variant in Variant::ALL {
        let language = rulebook::language(variant);
        let rules: Vec<_> = book.for_variant(variant).collect();
        assert!(rules.len() > 40, "{variant}: {} rules", rules.len());
        for rule in rules {
            assert!(
                rule.text.ends_with('.') && rule.text.len() <= 240 && rule.text.len() > 10,
                "{}: one sentence, ending with a period: {:?}",
                rule.id,
                rule.text
            );
            let native = rule.text_in(language);
            assert!(
                native.is_some_and(|t| !t.is_empty() && t != rule.text),
                "{}: no {language} sentence",
                rule.id
            );
        }
    }
}

#[test]
fn the_id_scanner_finds_ids_and_only_ids() {
    assert_eq!(
        ids("see HU-PLAY-05, HU-BID-13a and (DK-MATCH-24)."),
        ["HU-PLAY-05", "HU-BID-13a", "DK-MATCH-24"]
    );
    assert!(ids("XHU-PLAY-05 HU-PLAY- HU--05 HU-PLAY-05x1 HU-PLAY-05ab").is_empty());
}
