//! Rule options: the self-description every variant gives of its settings.
//!
//! Each variant has a typed options struct (for example
//! [`HungarianOptions`](crate::hungarian::HungarianOptions)). This module holds what they share:
//! an [`OptionSpec`] per option (name, type, allowed values, default, a one-line description) so
//! that a client can build a table-settings screen from the API alone, and the text form
//! `name=value` in which options travel in game records.

use std::fmt;

/// The type and allowed values of an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// `true` or `false`.
    Bool,
    /// A whole number in `min..=max`.
    Int {
        /// Smallest allowed value.
        min: i64,
        /// Largest allowed value.
        max: i64,
    },
    /// One of the listed words.
    Enum(&'static [&'static str]),
}

/// The description of one rule option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The option's name, e.g. `hold_rule` (GAPS.md names).
    pub name: &'static str,
    /// Type and allowed values.
    pub kind: OptionKind,
    /// The default, in text form.
    pub default: &'static str,
    /// One line saying what the option changes.
    pub description: &'static str,
}

/// Error from setting an option.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OptionError {
    /// No option has this name in this variant.
    Unknown {
        /// The name given (cut to [`crate::echo::ECHO_LIMIT`] characters).
        name: String,
    },
    /// The value is not allowed for the option.
    BadValue {
        /// The option.
        name: &'static str,
        /// The value given (cut to [`crate::echo::ECHO_LIMIT`] characters).
        value: String,
        /// What is allowed.
        expected: String,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown { name } => write!(f, "unknown rule option {name:?}"),
            OptionError::BadValue {
                name,
                value,
                expected,
            } => write!(
                f,
                "rule option {name}: value {value:?} is not allowed (expected {expected})"
            ),
        }
    }
}

impl std::error::Error for OptionError {}

impl OptionSpec {
    /// Checks `value` against the allowed values and returns it normalised.
    ///
    /// # Errors
    /// [`OptionError::BadValue`] when the value is not allowed.
    pub fn check(&self, value: &str) -> Result<String, OptionError> {
        let v = value.trim();
        let bad = |expected: String| OptionError::BadValue {
            name: self.name,
            value: crate::echo::clip(value).into_owned(),
            expected,
        };
        match self.kind {
            OptionKind::Bool => match v.to_ascii_lowercase().as_str() {
                "true" | "on" | "yes" | "1" => Ok("true".to_owned()),
                "false" | "off" | "no" | "0" => Ok("false".to_owned()),
                _ => Err(bad("true or false".to_owned())),
            },
            OptionKind::Int { min, max } => match v.parse::<i64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(n.to_string()),
                _ => Err(bad(format!("a whole number from {min} to {max}"))),
            },
            OptionKind::Enum(words) => words
                .iter()
                .find(|w| w.eq_ignore_ascii_case(v))
                .map(|w| (*w).to_owned())
                .ok_or_else(|| bad(format!("one of {}", words.join(", ")))),
        }
    }
}

/// The spec named `name` among `specs` and `value` checked against it (normalised): the first
/// step of every variant's `set`.
///
/// # Errors
/// [`OptionError::Unknown`] for a name not in `specs`; [`OptionError::BadValue`] for a value the
/// spec does not allow.
pub fn find_checked(
    specs: &'static [OptionSpec],
    name: &str,
    value: &str,
) -> Result<(&'static OptionSpec, String), OptionError> {
    let spec = specs
        .iter()
        .find(|s| s.name == name)
        .ok_or_else(|| OptionError::Unknown {
            name: crate::echo::clip(name).into_owned(),
        })?;
    Ok((spec, spec.check(value)?))
}

/// A game's typed rule options: each game's options struct, read and written by name.
pub trait Options: Copy + Default {
    /// The option descriptions, in a stable order.
    fn specs(&self) -> &'static [OptionSpec];

    /// Sets one option from its text form.
    ///
    /// # Errors
    /// [`OptionError`] for an unknown name or a value not allowed.
    fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError>;

    /// The value of one option in text form, `None` for an unknown name.
    fn get(&self, name: &str) -> Option<String>;

    /// What setting `pack` changes in the other options' defaults: nothing, except in the
    /// Hungarian games, whose 54-card game has defaults of its own.
    fn after_pack(&mut self) {}

    /// Sets the `name = value` pairs of a setup: `pack` first, then [`Options::after_pack`],
    /// then every other option in order, so that an option a record sets explicitly wins
    /// wherever the list places it.
    ///
    /// # Errors
    /// The first [`OptionError`] in that order.
    fn set_all(&mut self, pairs: &[(String, String)]) -> Result<(), OptionError> {
        let is_pack = |k: &str| k == "pack";
        for (k, v) in pairs.iter().filter(|(k, _)| is_pack(k)) {
            self.set(k, v)?;
        }
        self.after_pack();
        for (k, v) in pairs.iter().filter(|(k, _)| !is_pack(k)) {
            self.set(k, v)?;
        }
        Ok(())
    }
}

/// Parses a normalised boolean (as returned by [`OptionSpec::check`]).
#[must_use]
pub fn parse_bool(v: &str) -> bool {
    v == "true"
}
