//! The Danish game's own words: the fool, Tout, the call for the fool, and its ledger lines.

use crate::action::{Action, Bonus};
use crate::card::Card;
use crate::ledger::{DanishItem, Pot};
use crate::words::Words;

/// The Danish words.
pub const WORDS: Words = Words {
    skiz: Some("the fool"),
    bonus: |b| match b {
        Bonus::Volat => Some("Tout"),
        _ => None,
    },
    action: |a| match a {
        Action::Announce(Bonus::Volat) => {
            Some("Announce Tout: take every trick (frees the fool for the discard)")
        }
        Action::Call(Card::SKIZ) => Some("Call for the fool"),
        _ => None,
    },
};

impl DanishItem {
    /// What the line is for.
    #[must_use]
    pub fn label(self) -> String {
        match self {
            DanishItem::Foundation(Pot::Pagat) => "Foundation of the pagat pot".to_owned(),
            DanishItem::Foundation(Pot::King) => "Foundation of the king pot".to_owned(),
            DanishItem::DealingFee => "Dealing: 5 into each pot".to_owned(),
            DanishItem::Declaration(m) => format!("Declared {m}"),
            DanishItem::KingsLost => "Kings lost in tricks".to_owned(),
            DanishItem::PagatLost => "Pagat lost in a trick".to_owned(),
            DanishItem::PagatTrick => "Trick won with the pagat".to_owned(),
            DanishItem::Tout => "Tout: every trick".to_owned(),
            DanishItem::ToutFailed => "Announced Tout failed".to_owned(),
            DanishItem::Nolo => "Nolo: no trick".to_owned(),
            DanishItem::PagatUltimo => "Pagat Ultimo".to_owned(),
            DanishItem::KingUltimo => "King Ultimo".to_owned(),
            DanishItem::PagatBagud => "Pagat Bagud".to_owned(),
            DanishItem::KingBagud => "King Bagud".to_owned(),
            DanishItem::LastTrick => "Last trick".to_owned(),
            DanishItem::Count(points) => format!("Count: {points} points against 26"),
        }
    }
}
