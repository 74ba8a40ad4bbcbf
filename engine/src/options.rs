//! Rule options: the self-description every variant gives of its settings.
//!
//! Each variant has a typed options struct (for example
//! [`HungarianOptions`](crate::hungarian::HungarianOptions)). This module holds what they share:
//! an [`OptionSpec`] per option (name, type, allowed values, default, a one-line description) so
//! that a client can build a table-settings screen from the API alone, and the text form
//! `name=value` in which options travel in game records.

use std::borrow::Cow;
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
    pub fn check(&self, value: &str) -> Result<Cow<'static, str>, OptionError> {
        let v = value.trim();
        let bad = |expected: String| OptionError::BadValue {
            name: self.name,
            value: crate::echo::clip(value).into_owned(),
            expected,
        };
        let any = |words: &[&str]| words.iter().any(|w| w.eq_ignore_ascii_case(v));
        match self.kind {
            OptionKind::Bool if any(&["true", "on", "yes", "1"]) => Ok(Cow::Borrowed("true")),
            OptionKind::Bool if any(&["false", "off", "no", "0"]) => Ok(Cow::Borrowed("false")),
            OptionKind::Bool => Err(bad("true or false".to_owned())),
            OptionKind::Int { min, max } => match v.parse::<i64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(Cow::Owned(n.to_string())),
                _ => Err(bad(format!("a whole number from {min} to {max}"))),
            },
            OptionKind::Enum(words) => words
                .iter()
                .find(|w| w.eq_ignore_ascii_case(v))
                .map(|w| Cow::Borrowed(*w))
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
) -> Result<(&'static OptionSpec, Cow<'static, str>), OptionError> {
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

/// Declares an enum whose values are an option's allowed words, each variant with its word:
/// the derives every option value has, the words in order ([`OptionKind::Enum`]), and the
/// conversions to and from the word.
macro_rules! option_words {
    (
        $(#[$m:meta])*
        pub enum $name:ident {
            $( $(#[$vm:meta])* $variant:ident = $word:literal, )+
        }
    ) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $( $(#[$vm])* $variant, )+
        }

        impl $name {
            /// The words of the values, in the order of the variants.
            pub const WORDS: &'static [&'static str] = &[$($word),+];

            /// The value's word.
            #[must_use]
            pub const fn word(self) -> &'static str {
                match self {
                    $( $name::$variant => $word, )+
                }
            }

            /// The value of a word (as
            /// [`OptionSpec::check`]($crate::options::OptionSpec::check) normalises it).
            #[must_use]
            pub fn from_word(word: &str) -> Option<$name> {
                match word {
                    $( $word => Some($name::$variant), )+
                    _ => None,
                }
            }
        }
    };
}
pub(crate) use option_words;

/// Declares a game's rule options once each, in the order a client lists them: the struct's
/// field and its default, the option's spec (name, type, allowed values, default, description),
/// how a value is set from its word and read back. Fields before the options (in the struct's
/// braces) are state of the hand that is no rule option: no spec names them.
///
/// The kinds: `(bool)`; `(int min, max)` (an integer field, its default written as a literal);
/// `(words)` (an enum declared with [`option_words!`]); `(flag no, yes)` (a `bool` written as
/// one of two words).
macro_rules! rule_options {
    (
        $(#[$sm:meta])*
        pub struct $name:ident {
            $( $(#[$xm:meta])* pub $xfield:ident: $xty:ty = $xdefault:expr; )*
        }
        $(#[$cm:meta])*
        $cvis:vis const fn $ctor:ident($($param:ident: $pty:ty),*);
        specs($s:ident) => $specs:expr;
        $(after_pack($ap:ident) => $after_pack:expr;)?
        options {
            $(
                $oname:literal: $okind:tt, $odesc:literal
                $(=> $(#[$fm:meta])* $field:ident: $fty:ty = $default:expr)?;
            )*
        }
    ) => {
        $(#[$sm])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct $name {
            $( $(#[$xm])* pub $xfield: $xty, )*
            $( $( $(#[$fm])* pub $field: $fty, )? )*
        }

        impl $name {
            $(#[$cm])*
            #[must_use]
            $cvis const fn $ctor($($param: $pty),*) -> $name {
                $name {
                    $( $xfield: $xdefault, )*
                    $( $( $field: $crate::options::option_value!($okind, $default), )? )*
                }
            }

            /// The option descriptions with the defaults the constructor above gives, in the
            /// options' order.
            const fn spec_table(
                $($param: $pty),*
            ) -> [$crate::options::OptionSpec; [$($oname),*].len()] {
                let _defaults = $name::$ctor($($param),*);
                [$(
                    $crate::options::OptionSpec {
                        name: $oname,
                        kind: $crate::options::option_kind!($okind $(, $fty)?),
                        default: $crate::options::option_text!(
                            $okind $(, _defaults.$field, $default)?
                        ),
                        description: $odesc,
                    },
                )*]
            }

            /// The option descriptions, in a stable order.
            #[must_use]
            pub fn specs(&self) -> &'static [$crate::options::OptionSpec] {
                let $s = self;
                $specs
            }

            /// Sets one option from text.
            ///
            /// # Errors
            /// [`OptionError`]($crate::options::OptionError) for an unknown name or a value not
            /// allowed.
            pub fn set(
                &mut self,
                name: &str,
                value: &str,
            ) -> Result<(), $crate::options::OptionError> {
                let (spec, v) = $crate::options::find_checked(self.specs(), name, value)?;
                match spec.name {
                    $( $oname => {
                        $( self.$field = $crate::options::option_parse!(
                            $okind, &v, self.$field, $fty
                        ); )?
                    } )*
                    // `find_checked` refused every other name.
                    _ => {}
                }
                Ok(())
            }

            /// The value of one option in text form, `None` for an unknown name.
            #[must_use]
            pub fn get(&self, name: &str) -> Option<String> {
                match name {
                    $( $oname => Some($crate::options::option_show!($okind $(, self.$field)?)), )*
                    _ => None,
                }
            }
        }

        impl $crate::options::Options for $name {
            fn specs(&self) -> &'static [$crate::options::OptionSpec] {
                $name::specs(self)
            }

            fn set(&mut self, name: &str, value: &str) -> Result<(), $crate::options::OptionError> {
                $name::set(self, name, value)
            }

            fn get(&self, name: &str) -> Option<String> {
                $name::get(self, name)
            }

            $(
                fn after_pack(&mut self) {
                    let $ap = self;
                    $after_pack
                }
            )?
        }
    };
}
pub(crate) use rule_options;

/// The field value of an option's declared default.
macro_rules! option_value {
    ($kind:tt, $default:expr) => {
        $default
    };
}
pub(crate) use option_value;

/// The [`OptionKind`] of an option.
macro_rules! option_kind {
    ((bool), $ty:ty) => {
        $crate::options::OptionKind::Bool
    };
    ((int $min:expr, $max:expr), $ty:ty) => {
        $crate::options::OptionKind::Int {
            min: $min,
            max: $max,
        }
    };
    ((words), $ty:ty) => {
        $crate::options::OptionKind::Enum(<$ty>::WORDS)
    };
    ((flag $no:literal, $yes:literal), $ty:ty) => {
        $crate::options::OptionKind::Enum(&[$no, $yes])
    };
}
pub(crate) use option_kind;

/// The text of an option's default: from the default value, or the literal it was declared as.
macro_rules! option_text {
    ((bool), $v:expr, $default:expr) => {
        if $v {
            "true"
        } else {
            "false"
        }
    };
    ((int $($k:tt)*), $v:expr, $default:expr) => {
        stringify!($default)
    };
    ((words), $v:expr, $default:expr) => {
        $v.word()
    };
    ((flag $no:literal, $yes:literal), $v:expr, $default:expr) => {
        if $v {
            $yes
        } else {
            $no
        }
    };
}
pub(crate) use option_text;

/// The field value of an option's word, as [`OptionSpec::check`] normalised it (`$old` should it
/// not parse, which the check rules out).
macro_rules! option_parse {
    ((bool), $v:expr, $old:expr, $ty:ty) => {
        $crate::options::parse_bool($v)
    };
    ((int $($k:tt)*), $v:expr, $old:expr, $ty:ty) => {
        $v.parse().unwrap_or($old)
    };
    ((words), $v:expr, $old:expr, $ty:ty) => {
        <$ty>::from_word($v).unwrap_or($old)
    };
    ((flag $no:literal, $yes:literal), $v:expr, $old:expr, $ty:ty) => {
        $v == $yes
    };
}
pub(crate) use option_parse;

/// An option's value in text form.
macro_rules! option_show {
    ((bool), $v:expr) => {
        $v.to_string()
    };
    ((int $($k:tt)*), $v:expr) => {
        $v.to_string()
    };
    ((words), $v:expr) => {
        $v.word().to_owned()
    };
    ((flag $no:literal, $yes:literal), $v:expr) => {
        if $v { $yes } else { $no }.to_owned()
    };
}
pub(crate) use option_show;
