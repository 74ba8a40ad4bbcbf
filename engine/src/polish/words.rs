//! The Polish game's own words: the skiż, and the bonuses it names otherwise.

use crate::action::Bonus;
use crate::words::Words;

/// The Polish words.
pub const WORDS: Words = Words {
    skiz: Some("the skiż"),
    bonus: bonus_word,
    action: |_| None,
};

/// The Polish word for a bonus: trul, pagat ultymo, król ultymo, walat, the lost pagat and
/// the XXI the skiż caught.
const fn bonus_word(b: Bonus) -> Option<&'static str> {
    match b {
        Bonus::Trull => Some("trul"),
        Bonus::PagatUltimo => Some("pagat ultymo"),
        Bonus::KingUltimo(_) => Some("król ultymo"),
        Bonus::Volat => Some("walat"),
        Bonus::PagatCatch => Some("lost pagat"),
        Bonus::XxiCatch => Some("XXI caught by the skiż"),
        _ => None,
    }
}
