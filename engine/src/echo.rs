//! Text a caller gave, as an error repeats it: bounded, so that an error about a huge input is
//! small.

use std::borrow::Cow;

/// The most characters of a caller's text that an error repeats.
pub const ECHO_LIMIT: usize = 64;

/// `s` as an error may repeat it: its first [`ECHO_LIMIT`] characters, and `…` when it was
/// longer.
///
/// ```
/// use tarock_engine::echo::{clip, ECHO_LIMIT};
/// assert_eq!(clip("play T21"), "play T21");
/// let long = "x".repeat(1000);
/// assert_eq!(clip(&long).chars().count(), ECHO_LIMIT + 1);
/// ```
#[must_use]
pub fn clip(s: &str) -> Cow<'_, str> {
    match s.char_indices().nth(ECHO_LIMIT) {
        None => Cow::Borrowed(s),
        Some((end, _)) => Cow::Owned(format!("{}…", &s[..end])),
    }
}
