//! The heuristic bot for Slovenian Tarok.
//!
//! It reads the hand through [`SeatKnowledge`]: one seat's cards and what is public (the
//! auction, the face-up talon, the tricks), never another seat's hand.

use crate::action::{Action, Bonus, Contract, Target};
use crate::card::{Card, CardSet};
use crate::count::central_value;
use crate::game::{Observe, Viewer};
use crate::slovenian::game::{negative, Phase, Slovenian, TRULA};

/// What one seat knows of a Slovenian hand (see [`crate::bot::SeatKnowledge`]).
pub type SeatKnowledge<'a> = crate::bot::SeatKnowledge<'a, Slovenian>;

impl<'a> SeatKnowledge<'a> {
    /// A rough strength: taroks, trula cards twice, kings.
    fn strength(&self) -> i64 {
        let h = self.hand();
        i64::from((h & CardSet::TAROKKS).len())
            + 2 * i64::from((h & TRULA).len())
            + i64::from((h & CardSet::KINGS).len())
    }
}

/// The strength a contract wants (four players; three players hold a third more cards).
fn wants(c: Contract) -> i64 {
    match c {
        Contract::Three => 8,
        Contract::Two => 10,
        Contract::One => 12,
        Contract::SoloThree => 14,
        Contract::SoloTwo => 15,
        Contract::SoloOne => 16,
        Contract::SoloWithout => 19,
        _ => i64::MAX,
    }
}

/// The action the heuristic chooses among `legal` (not empty).
#[must_use]
pub fn choose(k: &SeatKnowledge<'_>, legal: &[Action]) -> Action {
    let has = |a: Action| legal.contains(&a);
    let first = legal.first().copied().unwrap_or(Action::Pass);
    let extra = if k.game.core().table().active_count() == 3 {
        4
    } else {
        0
    };
    let st = k.strength();
    match k.game.phase() {
        Phase::Opening | Phase::Over(_) => first,
        Phase::Auction => {
            let fits =
                |a: &Action| matches!(a, Action::Bid(c) if st >= wants(*c).saturating_add(extra));
            if has(Action::Pass) {
                // The lowest contract the hand is worth.
                return legal.iter().copied().find(fits).unwrap_or(Action::Pass);
            }
            // Forehand after three passes, or the last bidder naming the final contract: the
            // highest the hand is worth, else klop or the lowest on offer.
            legal
                .iter()
                .copied()
                .rev()
                .find(fits)
                .or_else(|| has(Action::Bid(Contract::Klop)).then_some(Action::Bid(Contract::Klop)))
                .unwrap_or(first)
        }
        Phase::Call => {
            // A king of the longest suit the declarer lacks the king of.
            let hand = k.hand();
            legal
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::Call(c) if !hand.contains(*c)))
                .max_by_key(|a| match a {
                    Action::Call(c) => c.suit().map_or(0, |s| (hand & s.mask()).len()),
                    _ => 0,
                })
                .unwrap_or(first)
        }
        Phase::Talon => {
            let talon = k.game.deal().talon();
            let size = k
                .game
                .contract()
                .map_or(1, |c| usize::from(c.talon_cards()).max(1));
            let group = |a: Action| match a {
                Action::TakeTalon(g) => {
                    let from = usize::from(g) * size;
                    talon.get(from..from + size).unwrap_or_default()
                }
                _ => &[],
            };
            crate::bot::richest_take(legal, group).unwrap_or(first)
        }
        Phase::Discard => crate::bot::shortest_suit_discard(k.hand(), legal).unwrap_or(first),
        Phase::Announce => {
            // Announce what the hand holds already; a strong defender doubles the game.
            let hand = k.hand();
            let mine = k.game.side_known_to(Viewer::Seat(k.me), k.me);
            for &a in legal {
                let take = match a {
                    Action::Announce(Bonus::Trull) => hand.is_superset(TRULA),
                    Action::Announce(Bonus::FourKings) => hand.is_superset(CardSet::KINGS),
                    Action::Kontra(Target::Game, 1) => {
                        mine == Some(crate::ledger::Team::Opponents) && st >= 16 + extra
                    }
                    _ => false,
                };
                if take {
                    return a;
                }
            }
            Action::Pass
        }
        Phase::Play => {
            let contract = k.game.contract().unwrap_or(Contract::Klop);
            let declarer = k.game.declarer().map(|(s, _)| s);
            if negative(contract) && (contract == Contract::Klop || declarer == Some(k.me)) {
                return lose_tricks(k, legal);
            }
            let trick = k.game.current_trick();
            let seats = k.game.core().table().active_count();
            crate::bot::play_card(trick, k.me, k.hand(), legal, seats, false, |s| {
                k.game.side_known_to(Viewer::Seat(k.me), s)
            })
        }
    }
}

/// Klop and the beggar's declarer: take as little as possible. Win, when forced, with the
/// cheapest card; shed the most valuable card on a trick someone else wins.
fn lose_tricks(k: &SeatKnowledge<'_>, legal: &[Action]) -> Action {
    let trick = *k.game.current_trick();
    let cards = crate::bot::plays(legal);
    let wins = |c: Card| {
        let mut t = trick;
        t.push(k.me, c);
        k.game.winner_of(&t).is_some_and(|(w, _)| w == k.me)
    };
    let key = |c: &Card| (central_value(*c), c.index());
    let pick = if trick.is_empty() || cards.into_iter().all(wins) {
        cards.into_iter().min_by_key(key)
    } else {
        cards.into_iter().filter(|&c| !wins(c)).max_by_key(key)
    };
    pick.map_or(legal.first().copied().unwrap_or(Action::Pass), Action::Play)
}
