//! Settlement of a Hungarian hand: game, double game and volát with the multiplier rules,
//! every bonus silent and announced, kontras, tarokk declarations, lone-declarer payments.
//!
//! [`settle`] is a pure function of the facts of a finished hand ([`ScoreInput`]); the state
//! machine collects those facts during play.

use crate::action::{Bonus, Contract};
use crate::card::CardSet;
use crate::hungarian::options::HungarianOptions;
#[allow(unused_imports)] // `Ledger` is for the settlement still to be written.
use crate::ledger::{Ledger, Team};
use crate::seat::{BySeat, Seat, Table};
use crate::trick::Trick;

/// An announced bonus as it stands at the end of the round of announcements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Announced {
    /// The bonus.
    pub bonus: Bonus,
    /// The team that announced it.
    pub team: Team,
    /// Kontra level reached on it: 0 none, 1 kontra (×2) … 5 mordkontra (×32).
    pub level: u8,
}

/// The facts of a finished, played hand that its settlement depends on.
#[derive(Clone, Copy, Debug)]
pub struct ScoreInput<'a> {
    /// The rules.
    pub options: &'a HungarianOptions,
    /// Seats, dealer and who sat out.
    pub table: Table,
    /// The declarer.
    pub declarer: Seat,
    /// The declarer's partner; `None` when the declarer plays alone.
    pub partner: Option<Seat>,
    /// The final bid.
    pub contract: Contract,
    /// Every trick in order (9, or 12 with 54 cards), each complete.
    pub tricks: &'a [Trick],
    /// Each seat's discards.
    pub discards: BySeat<CardSet>,
    /// The talon cards each seat received.
    pub talon_received: BySeat<CardSet>,
    /// Announced bonuses still standing (an ultimó replaced by an uhu is not listed).
    pub announced: &'a [Announced],
    /// Kontra level on the game: 0 none … 5 mordkontra.
    pub game_level: u8,
    /// Tarokks declared by each seat in the round of announcements (0: none).
    pub declared: BySeat<u8>,
    /// Tarokks each seat held when play began.
    pub tarokks_held: BySeat<u8>,
    /// Round multiplier from the match (1, or 2^k in doubled rounds).
    pub round_multiplier: i64,
}

/// Temporary until the settlement lands.
#[must_use]
pub fn settle(_input: &ScoreInput<'_>) -> Ledger {
    Ledger::default()
}
/// Temporary.
#[must_use]
pub fn settle_trial_bid(
    _o: &HungarianOptions,
    _t: Table,
    _b: Seat,
    _c: Contract,
    _m: i64,
) -> Ledger {
    Ledger::default()
}
/// Temporary.
#[must_use]
pub fn settle_trull_only_three(_t: Table, _d: Seat, _p: Option<Seat>, _m: i64) -> Ledger {
    Ledger::default()
}
