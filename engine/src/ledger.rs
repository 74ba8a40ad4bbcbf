//! The itemised settlement of a hand: one line per scored item, with the payment of every seat.
//!
//! Invariant: the payments of every item sum to zero over the seats, and so do the totals.

use crate::action::Bonus;
use crate::seat::{BySeat, Seat};

/// A side of a partnership game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Team {
    /// The declarer and the partner (if any).
    Declarer,
    /// Everyone else who plays the hand.
    Opponents,
}

impl Team {
    /// The other side.
    #[must_use]
    pub const fn other(self) -> Team {
        match self {
            Team::Declarer => Team::Opponents,
            Team::Opponents => Team::Declarer,
        }
    }
}

/// What a ledger line is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Item {
    /// The game (the contract) itself.
    Game,
    /// A bonus, announced or silent. Double game and volát appear here too.
    Bonus(Bonus),
    /// Tarokks declared (paid by every other active player), or claimed undeclared from the
    /// partner at the end of the hand.
    Tarokks {
        /// The number held.
        count: u8,
        /// Declared in the round of announcements (else claimed from the partner afterwards).
        declared: bool,
    },
    /// A speculative fourth-seat bid that found no honour in the talon.
    TrialBidPenalty,
    /// A bid of three where the declarer's team announced only trull: not played, the declarer's
    /// team wins a fixed amount (option `skip_trull_only_three`).
    TrullOnlyThree,
    /// Five players: payment to the dealer for an honour received from the talon (option).
    TalonHonour,
    /// A Polish declarer gave the game up on finding the called king in the talon.
    GiveUp,
}

/// One line of the settlement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LedgerItem {
    /// What is scored.
    pub item: Item,
    /// The team the item belongs to: the announcing team for an announced bonus, the team that
    /// made it for a silent one; `None` for an individual item.
    pub team: Option<Team>,
    /// The seat an individual item belongs to (declarations, penalties).
    pub seat: Option<Seat>,
    /// The base value before multipliers (per payment between two players).
    pub base: i64,
    /// The product of the kontra multiplier and any round multiplier.
    pub multiplier: i64,
    /// Announced in advance (false for silent bonuses and for the game).
    pub announced: bool,
    /// Made (true) or failed (false), from the point of view of `team` / `seat`.
    pub made: bool,
    /// What each seat receives (positive) or pays (negative) for this line. Sums to zero.
    pub payments: BySeat<i64>,
}

/// The itemised settlement of one hand.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Ledger {
    /// The scored lines, in a stable order (game first).
    pub items: Vec<LedgerItem>,
    /// The net result of each seat: the sum of the lines' payments. Sums to zero.
    pub totals: BySeat<i64>,
    /// Card points taken by the declarer's team and by the opponents, if the hand was played.
    pub card_points: Option<[i64; 2]>,
    /// The seat whose XXI was caught and who must wear the hat (an event, no score effect).
    pub hat: Option<Seat>,
}

impl Ledger {
    /// Appends a line and adds its payments to the totals.
    pub fn push(&mut self, item: LedgerItem) {
        for (t, p) in self.totals.0.iter_mut().zip(item.payments.0.iter()) {
            *t += p;
        }
        self.items.push(item);
    }

    /// True if every line and the totals sum to zero.
    #[must_use]
    pub fn is_zero_sum(&self) -> bool {
        self.items
            .iter()
            .all(|i| i.payments.0.iter().sum::<i64>() == 0)
            && self.totals.0.iter().sum::<i64>() == 0
    }
}
