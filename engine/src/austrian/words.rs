//! The Austrian game's own words: the Sküs, and the bonuses it names otherwise.

use crate::action::Bonus;
use crate::words::Words;

/// The Austrian words.
pub const WORDS: Words = Words {
    skiz: Some("the Sküs"),
    bonus: bonus_word,
    action: |_| None,
};

/// The Austrian word for a bonus: Pagat Ultimo, Uhu, Valat and Mondfang.
const fn bonus_word(b: Bonus) -> Option<&'static str> {
    match b {
        Bonus::PagatUltimo => Some("Pagat Ultimo"),
        Bonus::SasUhu => Some("Uhu"),
        Bonus::Volat => Some("Valat"),
        Bonus::XxiCatch => Some("Mondfang"),
        _ => None,
    }
}
