//! The heuristic bot for Austrian Illustrated Tarock.
//!
//! It reads the hand through [`SeatKnowledge`]: one seat's cards and what is public (the
//! auction, the face-up talon, the declarations, the tricks), never another seat's hand.

use crate::action::{Action, Bonus, Contract, Target};
use crate::austrian::game::{Austrian, Phase, Won};
use crate::card::{Card, CardSet};
use crate::count::central_value;
use crate::game::{Observe, Viewer};
use crate::trick::{Trick, TrickRules};

/// What one seat knows of a Austrian hand (see [`crate::bot::SeatKnowledge`]).
pub type SeatKnowledge<'a> = crate::bot::SeatKnowledge<'a, Austrian>;

impl<'a> SeatKnowledge<'a> {
    /// A rough strength: tarocks, trull cards twice, kings.
    fn strength(&self) -> i64 {
        let h = self.hand();
        i64::from((h & CardSet::TAROKKS).len())
            + 2 * i64::from((h & CardSet::HONOURS).len())
            + i64::from((h & CardSet::KINGS).len())
    }
}

/// The strength a contract wants: Dreiblatt 12 … Solo 18.
fn wants(c: Contract) -> i64 {
    12 + 2 * i64::from(c.level())
}

/// The action the heuristic chooses among `legal` (not empty).
#[must_use]
pub fn choose(k: &SeatKnowledge<'_>, legal: &[Action]) -> Action {
    let has = |a: Action| legal.contains(&a);
    let first = legal.first().copied().unwrap_or(Action::Pass);
    let st = k.strength();
    match k.game.phase() {
        Phase::Auction => {
            let standing = k.game.high_bid();
            if let Some((_, c, w)) = standing {
                let claim = if w == Won::Unteren {
                    Action::Hold
                } else {
                    Action::Unteren
                };
                if has(claim) && st > wants(c) {
                    return claim;
                }
            }
            // The highest contract the hand is worth; the lowest if it must bid.
            let bid = Contract::AUSTRIAN
                .into_iter()
                .rev()
                .map(Action::Bid)
                .find(|&a| has(a) && matches!(a, Action::Bid(c) if st >= wants(c)));
            bid.or_else(|| {
                (!has(Action::Pass)).then(|| legal.iter().copied().find(|a| *a != Action::Pass))?
            })
            .unwrap_or(Action::Pass)
        }
        Phase::Keep => Action::KeepTalon(0),
        Phase::PreTalon | Phase::Announce => {
            let tarocks = (k.hand() & CardSet::TAROKKS).len();
            for &a in legal {
                let take = match a {
                    // Combinations are always awarded: declare them while they count double.
                    Action::Announce(Bonus::RoyalTrull | Bonus::TarockTrull | Bonus::Heads) => {
                        k.game.phase() == Phase::PreTalon
                    }
                    Action::Announce(Bonus::PagatUltimo) => tarocks >= 11,
                    Action::Kontra(Target::Game, 1) => st >= 13,
                    Action::Kontra(Target::Game, 2) => st >= 18,
                    _ => false,
                };
                if take {
                    return a;
                }
            }
            Action::Pass
        }
        Phase::Talon => {
            // The richest run of talon cards.
            let talon = k.game.deal().talon();
            let n = k
                .game
                .declarer()
                .map_or(0, |(_, c)| usize::from(c.talon_cards()));
            let run = |a: Action| match a {
                Action::TakeTalon(p) => talon
                    .get(usize::from(p)..usize::from(p) + n)
                    .unwrap_or_default(),
                _ => &[],
            };
            crate::bot::richest_take(legal, run).unwrap_or(first)
        }
        Phase::Discard => crate::bot::shortest_suit_discard(k.hand(), legal).unwrap_or(first),
        Phase::Play => {
            let ultimo = k
                .game
                .declared()
                .any(|(b, _, _, by, _)| b == Bonus::PagatUltimo && by == k.me);
            let trick = k.game.current_trick();
            crate::bot::play_card(trick, k.me, k.hand(), legal, 3, ultimo, |s| {
                k.game.side_known_to(Viewer::Seat(k.me), s)
            })
        }
        Phase::Trischaken => trischaken(k, legal),
        Phase::Over(_) => first,
    }
}

/// Trischaken: take as few points as possible. Win, when forced, with the cheapest card; shed
/// the most valuable card on a trick someone else wins.
fn trischaken(k: &SeatKnowledge<'_>, legal: &[Action]) -> Action {
    let trick: Trick = *k.game.current_trick();
    let cards = crate::bot::plays(legal);
    let rules = TrickRules::TAROCK;
    let wins = |c: Card| {
        let mut t = trick;
        t.push(k.me, c);
        t.winner(&rules).is_some_and(|(w, _)| w == k.me)
    };
    let key = |c: &Card| (central_value(*c), c.index());
    let pick = if trick.is_empty() || cards.into_iter().all(wins) {
        cards.into_iter().min_by_key(key)
    } else {
        cards.into_iter().filter(|&c| !wins(c)).max_by_key(key)
    };
    pick.map_or(legal.first().copied().unwrap_or(Action::Pass), Action::Play)
}
