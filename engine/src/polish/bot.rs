//! The heuristic bot for Polish Taroki z królami.
//!
//! It reads the hand through [`SeatKnowledge`], which offers one seat's cards and what is public
//! (the auction, the called king, the talon groups the seat may see, the tricks, the sides the
//! seat can know), never another seat's hand.

use crate::action::{Action, Bonus, Contract, Declaration, Target};
use crate::card::{Card, CardSet, Suit};
use crate::count::central_value;
use crate::game::{Observe, Viewer};
use crate::ledger::Team;
use crate::polish::game::{Phase, Polish};
use crate::seat::Seat;

/// What one seat knows of a Polish hand (see [`crate::bot::SeatKnowledge`]).
pub type SeatKnowledge<'a> = crate::bot::SeatKnowledge<'a, Polish>;

impl<'a> SeatKnowledge<'a> {
    /// The talon cards this seat may see.
    fn talon_seen(&self) -> CardSet {
        self.game.visible(Viewer::Seat(self.me)).talon
    }

    fn side(&self, s: Seat) -> Option<Team> {
        self.game.side_known_to(Viewer::Seat(self.me), s)
    }

    /// A rough strength of the hand: tarokks, honours and kings.
    fn strength(&self) -> i64 {
        let h = self.hand();
        i64::from((h & CardSet::TAROKKS).len())
            + 2 * i64::from((h & CardSet::HONOURS).len())
            + i64::from((h & CardSet::KINGS).len())
    }
}

fn tarokks(h: CardSet) -> u32 {
    (h & CardSet::TAROKKS).len()
}

/// The value of a group of cards to a declarer: their points, and tarokks twice over.
fn worth(cards: CardSet) -> i64 {
    cards.into_iter().map(central_value).sum::<i64>() + 2 * i64::from(tarokks(cards))
}

/// The action the heuristic chooses among `legal` (not empty).
#[must_use]
pub fn choose(k: &SeatKnowledge<'_>, legal: &[Action]) -> Action {
    let has = |a: Action| legal.contains(&a);
    let first = legal.first().copied().unwrap_or(Action::Pass);
    let hand = k.hand();
    match k.game.phase() {
        Phase::Opening => {
            if has(Action::Declare(Declaration::FourKings)) && tarokks(hand) >= 5 {
                Action::Declare(Declaration::FourKings)
            } else if has(Action::ThrowIn) && (hand & CardSet::KINGS).len() < 2 {
                Action::ThrowIn
            } else {
                Action::Pass
            }
        }
        Phase::Auction => {
            let st = k.strength();
            let target = match st {
                16.. => 3,
                13..=15 => 2,
                10..=12 => 1,
                8..=9 => 0,
                _ => return Action::Pass,
            };
            Contract::POLISH
                .into_iter()
                .filter(|c| c.level() <= target)
                .map(Action::Bid)
                .find(|&a| has(a))
                .unwrap_or(Action::Pass)
        }
        Phase::Call => {
            if has(Action::ThrowIn) && k.strength() < 9 {
                return Action::ThrowIn;
            }
            // The king of the suit this hand is shortest in, among those it does not hold.
            let mut best: Option<(u32, Action)> = None;
            for s in Suit::ALL {
                let king = Card::king(s);
                let a = Action::Call(king);
                if hand.contains(king) || !has(a) {
                    continue;
                }
                let n = (hand & s.mask()).len();
                if best.map_or(true, |(m, _)| n < m) {
                    best = Some((n, a));
                }
            }
            best.map_or(first, |(_, a)| a)
        }
        Phase::KingRound | Phase::Announce => announce(k, legal),
        Phase::Talon => talon(k, legal),
        Phase::Discard => legal
            .iter()
            .copied()
            .min_by_key(|a| match a {
                Action::Discard(c) => {
                    let suit_len = c.suit().map_or(99, |s| (hand & s.mask()).len());
                    (central_value(*c), suit_len, c.index())
                }
                _ => (99, 99, 0),
            })
            .unwrap_or(first),
        Phase::Play => play(k, legal),
        Phase::Over(_) => first,
    }
}

fn announce(k: &SeatKnowledge<'_>, legal: &[Action]) -> Action {
    let hand = k.hand();
    let n = tarokks(hand);
    for &a in legal {
        let take = match a {
            Action::Declare(_) => true,
            Action::Announce(Bonus::Trull) => n >= 10,
            Action::Announce(Bonus::PagatUltimo) => n >= 9,
            Action::Announce(Bonus::KingUltimo(_)) => n >= 7,
            Action::Kontra(Target::Game, 1) => k.strength() >= 12,
            Action::Kontra(_, level) => level <= 2 && n >= 8,
            _ => false,
        };
        if take {
            return a;
        }
    }
    Action::Pass
}

fn talon(k: &SeatKnowledge<'_>, legal: &[Action]) -> Action {
    let seen = k.talon_seen();
    let king = k.game.called();
    if legal.contains(&Action::GiveUp)
        && king.is_some_and(|c| seen.contains(c))
        && k.strength() < 12
    {
        return Action::GiveUp;
    }
    let groups = k.game.talon_state();
    let group = |i: u8| {
        let g = usize::from(groups.group_size);
        let from = usize::from(i) * g;
        k.game
            .deal()
            .talon()
            .get(from..from + g)
            .map_or(CardSet::EMPTY, |cs| cs.iter().copied().collect::<CardSet>())
            & seen
    };
    if let Some(i) = groups.looking {
        let g = group(i);
        let last = i + 1 == groups.groups;
        if legal.contains(&Action::ExposeTalon)
            && !last
            && worth(g) < 3 * i64::from(groups.group_size)
        {
            return Action::ExposeTalon;
        }
        return Action::TakeTalon(i);
    }
    legal
        .iter()
        .copied()
        .max_by_key(|a| match a {
            Action::TakeTalon(i) => worth(group(*i)),
            _ => i64::MIN,
        })
        .unwrap_or(Action::Pass)
}

fn play(k: &SeatKnowledge<'_>, legal: &[Action]) -> Action {
    // The rules keep an announced pagat for the last trick themselves (PL-PLAY-08).
    crate::bot::play_card(
        k.game.current_trick(),
        k.me,
        k.hand(),
        legal,
        4,
        false,
        |s| k.side(s),
    )
}
