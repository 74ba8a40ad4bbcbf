//! The Slovenian game's own words: the škis, and the bonuses it names otherwise.

use crate::action::Bonus;
use crate::words::Words;

/// The Slovenian words.
pub const WORDS: Words = Words {
    skiz: Some("the škis"),
    bonus: bonus_word,
    action: |_| None,
};

/// The Slovenian word for a bonus: trula, kings, valat, and the mond penalty.
const fn bonus_word(b: Bonus) -> Option<&'static str> {
    match b {
        Bonus::Trull => Some("trula"),
        Bonus::FourKings => Some("kings"),
        Bonus::Volat => Some("valat"),
        Bonus::XxiCatch => Some("mond penalty"),
        _ => None,
    }
}
