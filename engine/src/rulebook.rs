//! The rules reference (`docs/rules/*.md`), compiled into the engine: every rule's id, its phase,
//! its one-line statement in English and in the game's own language, the option that changes
//! it, and whether it is left to the table.
//!
//! The reference is the one source of these texts: the files are read at compile time
//! (`include_str!`) and parsed once, at first use. A rule is a list item of the form
//!
//! ```text
//! - **HU-PLAY-05** — A player void in the suit led must play a tarokk.
//!   *hu:* Aki nem tud színt adni, tarokkot kell adnia.
//!   *Option:* ...
//!   *Caller's job:* ...
//! ```
//!
//! (see `docs/rules/README.md`). Tests check that every id the engine cites is defined here.

use crate::rules::Rules;
use crate::variant::{with_game, Variant};
use std::collections::HashMap;
use std::sync::OnceLock;

/// One rule of the reference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    /// The id, e.g. `HU-PLAY-05`.
    pub id: &'static str,
    /// The phase part of the id, e.g. `PLAY`.
    pub phase: &'static str,
    /// The rule in one English sentence.
    pub text: &'static str,
    /// The same sentence in the game's own language, with that language's code ("hu").
    pub native: Option<(&'static str, &'static str)>,
    /// The option that changes the rule, as the reference states it.
    pub option: Option<&'static str>,
    /// Why the engine leaves the rule to the table, for a rule it does not enforce.
    pub callers_job: Option<&'static str>,
}

impl Rule {
    /// The rule's sentence in `language` ("en", or the game's own), if the reference has it.
    #[must_use]
    pub fn text_in(&self, language: &str) -> Option<&'static str> {
        match self.native {
            _ if language == "en" || language.is_empty() => Some(self.text),
            Some((code, text)) if code == language => Some(text),
            _ => None,
        }
    }
}

/// The reference's files: each game's ([`Rules::RULEBOOK`]), once, in the variants' order.
fn files() -> Vec<(&'static str, &'static str)> {
    let mut out: Vec<(&'static str, &'static str)> = Vec::new();
    for v in Variant::ALL {
        for &(name, text) in with_game!(v, G => G::RULEBOOK) {
            if !out.iter().any(|&(n, _)| n == name) {
                out.push((name, text));
            }
        }
    }
    out
}

/// Every rule of the reference, by id.
#[derive(Debug)]
pub struct Rulebook {
    rules: Vec<Rule>,
    by_id: HashMap<&'static str, usize>,
}

/// A rule item the parser could not read: its file and line, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The file, e.g. `hungarian.md`.
    pub file: &'static str,
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub problem: String,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.problem)
    }
}

/// The reference, parsed once. A rule item that does not parse is left out, and
/// [`Rulebook::parse`] reports it (a test checks there is none).
pub fn rulebook() -> &'static Rulebook {
    static BOOK: OnceLock<Rulebook> = OnceLock::new();
    BOOK.get_or_init(|| Rulebook::parse().0)
}

/// The language code of the game's own language: "hu", "pl", "de", "da" or "sl".
#[must_use]
pub const fn language(variant: Variant) -> &'static str {
    crate::glossary::Language::of(variant).code()
}

/// The id prefixes of the rules a variant is played by: its game's, and for the Hungarian
/// games the variations their options reach.
#[must_use]
pub fn prefixes(variant: Variant) -> &'static [&'static str] {
    with_game!(variant, G => G::rule_prefixes(variant))
}

/// Splits a rule item's first line into its id and sentence: `- **ID** — sentence`.
fn item(line: &'static str) -> Option<(&'static str, &'static str)> {
    let rest = line.strip_prefix("- **")?;
    let (id, rest) = rest.split_once("**")?;
    let text = rest.trim_start().strip_prefix('—')?.trim();
    Some((id, text))
}

/// Whether `id` has the shape `GAME-PHASE-NN` (with an optional letter).
fn well_formed(id: &str) -> bool {
    let mut parts = id.split('-');
    let (Some(game), Some(phase), Some(number), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return false;
    };
    let digits = number.trim_end_matches(|c: char| c.is_ascii_lowercase());
    game.len() == 2
        && game.bytes().all(|b| b.is_ascii_uppercase())
        && !phase.is_empty()
        && phase.bytes().all(|b| b.is_ascii_uppercase())
        && !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && number.len() - digits.len() <= 1
}

impl Rulebook {
    /// Parses the compiled-in reference, with every problem found.
    #[must_use]
    pub fn parse() -> (Rulebook, Vec<ParseError>) {
        let mut book = Rulebook {
            rules: Vec::new(),
            by_id: HashMap::new(),
        };
        let mut errors = Vec::new();
        for (file, text) in files() {
            book.parse_file(file, text, &mut errors);
        }
        (book, errors)
    }

    fn parse_file(&mut self, file: &'static str, text: &'static str, errors: &mut Vec<ParseError>) {
        let mut current: Option<usize> = None;
        let mut fail = |line: usize, problem: String| {
            errors.push(ParseError {
                file,
                line,
                problem,
            });
        };
        for (n, line) in text.lines().enumerate() {
            let n = n + 1;
            if let Some(rest) = line.strip_prefix("- **") {
                current = None;
                // Other bold-led bullets (in the decisions, say) are not rule items.
                let head = rest.split("**").next().unwrap_or_default();
                let looks_like_id = head.len() > 3
                    && head.as_bytes()[2] == b'-'
                    && head.as_bytes()[..2].iter().all(u8::is_ascii_uppercase);
                if !looks_like_id {
                    continue;
                }
                let Some((id, sentence)) = item(line) else {
                    fail(n, "a rule item is `- **ID** — sentence.`".to_owned());
                    continue;
                };
                if !well_formed(id) {
                    fail(n, format!("{id}: not an id of the form GAME-PHASE-NN"));
                    continue;
                }
                if sentence.is_empty() {
                    fail(n, format!("{id}: no sentence"));
                    continue;
                }
                if self.by_id.contains_key(id) {
                    fail(n, format!("{id}: defined twice"));
                    continue;
                }
                let phase = id.split('-').nth(1).unwrap_or_default();
                self.by_id.insert(id, self.rules.len());
                current = Some(self.rules.len());
                self.rules.push(Rule {
                    id,
                    phase,
                    text: sentence,
                    native: None,
                    option: None,
                    callers_job: None,
                });
                continue;
            }
            let Some(rule) = current.map(|i| &mut self.rules[i]) else {
                continue;
            };
            let Some(detail) = line.strip_prefix("  ") else {
                if !line.trim().is_empty() {
                    current = None;
                }
                continue;
            };
            let detail = detail.trim();
            if let Some(rest) = detail.strip_prefix("*Option:*") {
                rule.option = Some(rest.trim());
            } else if let Some(rest) = detail.strip_prefix("*Caller's job:*") {
                rule.callers_job = Some(rest.trim());
            } else if let Some((code, rest)) = native_line(detail) {
                if rule.native.is_some() {
                    fail(n, format!("{}: two translations", rule.id));
                }
                rule.native = Some((code, rest));
            }
        }
    }

    /// The rule `id`.
    #[must_use]
    pub fn get(&self, id: &str) -> Option<&Rule> {
        self.by_id.get(id).map(|&i| &self.rules[i])
    }

    /// Every rule, in the reference's order.
    pub fn iter(&self) -> impl Iterator<Item = &Rule> {
        self.rules.iter()
    }

    /// The rules `variant` is played by, in the reference's order.
    pub fn for_variant(&self, variant: Variant) -> impl Iterator<Item = &Rule> {
        let prefixes = prefixes(variant);
        self.rules
            .iter()
            .filter(move |r| prefixes.iter().any(|p| r.id.split('-').next() == Some(p)))
    }
}

/// A translation line, `*hu:* sentence`: the language code and the sentence.
fn native_line(detail: &'static str) -> Option<(&'static str, &'static str)> {
    let rest = detail.strip_prefix('*')?;
    let (code, text) = rest.split_once(":*")?;
    let known = ["hu", "pl", "de", "da", "sl"];
    known
        .iter()
        .find(|&&k| k == code)
        .map(|&k| (k, text.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_checked_for_shape() {
        for good in ["HU-PLAY-05", "HU-BID-13a", "DK-MATCH-24"] {
            assert!(well_formed(good), "{good}");
        }
        for bad in [
            "HU-PLAY",
            "HUN-PLAY-05",
            "HU-play-05",
            "HU-PLAY-5ab",
            "HU-PLAY-05-1",
            "-PLAY-05",
        ] {
            assert!(!well_formed(bad), "{bad}");
        }
    }

    #[test]
    fn a_rule_item_splits_into_id_and_sentence() {
        assert_eq!(
            item("- **HU-PLAY-05** — A player void in the suit led must play a tarokk."),
            Some((
                "HU-PLAY-05",
                "A player void in the suit led must play a tarokk."
            ))
        );
        assert_eq!(item("- **HU-PLAY-05** A player"), None);
        assert_eq!(
            native_line("*hu:* Aki nem tud"),
            Some(("hu", "Aki nem tud"))
        );
        assert_eq!(native_line("*Option:* x"), None);
    }
}
