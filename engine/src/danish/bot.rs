//! The heuristic bot for Danish Tarok.
//!
//! It reads the hand through [`SeatKnowledge`]: one seat's cards and what is public (the
//! declarations, the tricks, the suit a fool's lead named), never another seat's hand.

use crate::action::Action;
use crate::card::{Card, CardSet};
use crate::count::danish_value;
use crate::danish::game::{trick_winner, Danish, Phase, FOOL};
use crate::game::Observe;

/// What one seat knows of a Danish hand (see [`crate::bot::SeatKnowledge`]).
pub type SeatKnowledge<'a> = crate::bot::SeatKnowledge<'a, Danish>;

impl<'a> SeatKnowledge<'a> {
    /// Cards of `c`'s plain suit in the hand (trumps and the fool: 99, never short).
    fn suit_len(&self, c: Card) -> u32 {
        c.suit().map_or(99, |s| (self.hand() & s.mask()).len())
    }

    /// Whether `c`, played now, would win the trick as it stands.
    fn wins(&self, c: Card) -> bool {
        let mut t = *self.game.current_trick();
        t.push(self.me, c);
        trick_winner(&t, self.game.named_suit()).is_some_and(|(w, _)| w == self.me)
    }
}

/// A king or the pagat: lost in a trick, it costs 15.
fn ultimo(c: Card) -> bool {
    c.is_king() || c == Card::PAGAT
}

/// The action the heuristic chooses among `legal` (not empty).
#[must_use]
pub fn choose(k: &SeatKnowledge<'_>, legal: &[Action]) -> Action {
    let first = legal.first().copied().unwrap_or(Action::Pass);
    match k.game.phase() {
        // A hand without trumps is hopeless: throw it in.
        Phase::Opening => {
            if legal.contains(&Action::ThrowIn) {
                Action::ThrowIn
            } else {
                Action::Pass
            }
        }
        // Void the shortest plain suit, banking its most valuable cards in the skat.
        Phase::Discard => legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Discard(_)))
            .min_by_key(|a| match a {
                Action::Discard(c) => (
                    CardSet::TAROKKS.contains(*c),
                    k.suit_len(*c),
                    -danish_value(*c),
                    c.index(),
                ),
                _ => (true, 99, 0, 0),
            })
            .unwrap_or(first),
        Phase::Play => play(k, legal, first),
        Phase::Over(_) => first,
    }
}

fn play(k: &SeatKnowledge<'_>, legal: &[Action], first: Action) -> Action {
    let cards = crate::bot::plays(legal);
    // Leading the fool names trumps, which draws the others' trumps.
    if cards.is_empty() {
        return legal
            .iter()
            .copied()
            .find(|a| *a == Action::LeadFool(None))
            .unwrap_or(first);
    }
    let trick = k.game.current_trick();
    let cheap = |c: &Card| (ultimo(*c), danish_value(*c), c.index());
    // In the last tricks a king or the pagat still held is likely lost in the last trick
    // (Bagud, 40 or 45 to each and the pot doubled): rather lose it now for 5 to each, or win
    // with it.
    if k.hand().len() <= 3 && k.hand().len() > 1 {
        let out = cards
            .into_iter()
            .filter(|&c| ultimo(c))
            .max_by_key(|&c| (k.wins(c), c.index()));
        if let Some(c) = out {
            return Action::Play(c);
        }
    }
    if trick.is_empty() {
        // Lead a low card of the longest plain suit; keep kings and the pagat back.
        let lead = cards
            .into_iter()
            .filter(|&c| !ultimo(c) && c != FOOL)
            .max_by_key(|&c| {
                let plain = c.suit().is_some();
                (
                    plain,
                    k.suit_len(c).min(20),
                    -danish_value(c),
                    std::cmp::Reverse(c.index()),
                )
            });
        return Action::Play(
            lead.unwrap_or_else(|| cards.into_iter().min_by_key(cheap).unwrap_or(FOOL)),
        );
    }
    let last_to_play = trick.len() + 1 == usize::from(k.game.table_info().active_count());
    let value: i64 = trick.cards().into_iter().map(danish_value).sum();
    // Win a trick worth having, or any trick when the win is sure, with the cheapest winner (a
    // king or the pagat only when it surely wins).
    let winner = cards
        .into_iter()
        .filter(|&c| c != FOOL && k.wins(c) && (last_to_play || !ultimo(c)))
        .min_by_key(cheap);
    if let Some(w) = winner {
        if value > 0 || last_to_play || ultimo(w) {
            return Action::Play(w);
        }
    }
    // Otherwise give the least; the fool rather than a king or the pagat that would be lost.
    let low = cards.into_iter().filter(|&c| c != FOOL).min_by_key(cheap);
    match low {
        Some(c) if ultimo(c) && cards.contains(FOOL) => Action::Play(FOOL),
        Some(c) => Action::Play(c),
        None => Action::Play(FOOL),
    }
}
