//! The Austrian series of three (AT-MATCH): the deal passes to the right, but after three
//! passes redealt the same dealer deals again (AT-BID-06); the running totals are the players'
//! points, and the series ends as soon as one reaches 100, each player at 100 or more scoring
//! 10 more (AT-MATCH-01/02). After three passes under the Graz rule the dealer may keep talon
//! cards: [`crate::session::MatchContext::next_setup`] then deals the next hand from the rest
//! of the pack, the kept cards in the keeper's hand, who must bid (AT-BID-09/10).

use crate::austrian::Austrian;
use crate::card::{Card, CardSet, Pack};
use crate::deal::DealBuilder;
use crate::game::End;
use crate::ledger::Ledger;
use crate::seat::{Seat, Table};
use crate::session::{MatchContext, MatchKind, SessionRules};
use crate::shuffle;
use crate::variant::{Carried, DealSource};

/// The points that end a series (AT-MATCH-01).
const SERIES_TARGET: i64 = 100;
/// What each player at the target scores more when the series ends (AT-MATCH-02).
const TARGET_BONUS: i64 = 10;

impl SessionRules for Austrian {
    const KIND: MatchKind = MatchKind::Austrian;

    const RULE: &'static str = "AT-MATCH-01";

    const TARGET: Option<(i64, i64)> = Some((SERIES_TARGET, TARGET_BONUS));

    /// After three passes the same dealer deals again (AT-BID-06), unless the dealer kept
    /// talon cards (Graz): the deal then passes on.
    fn keeps_dealer(end: End, kept: bool) -> bool {
        matches!(end, End::PassedOut | End::Annulled(_)) && !kept
    }

    fn hand_on(&self, _ledger: &Ledger, m: &mut MatchContext) {
        m.kept = self.kept();
    }

    /// After talon cards were kept, the next hand is the rest of the pack shuffled from `seed`
    /// with the kept cards in the keeper's hand, who must bid (AT-BID-09/10).
    fn carry(m: &MatchContext, seed: [u8; 32]) -> (DealSource, Carried) {
        let Some((keeper, cards)) = m.kept else {
            return (DealSource::Seed(seed), Carried::default());
        };
        let carried = Carried {
            obliged_bidder: Some(keeper),
            ..Carried::default()
        };
        let table = Table {
            seats: m.seats(),
            dealer: m.dealer(),
            sitting_out: None,
        };
        let order = shuffle::shuffled(Pack::Tarock54, seed);
        let deal = deal_keeping(&table, order.as_slice(), keeper, cards);
        (DealSource::Explicit(deal), carried)
    }
}

/// The deal of a hand after one in which `keeper` kept the cards `kept` (Graz, AT-BID-09):
/// the rest of the pack in `order` (which holds every card) makes the talon and then the hands
/// in packets of four from forehand, `keeper` getting that many fewer cards.
fn deal_keeping(table: &Table, order: &[Card], keeper: Seat, kept: CardSet) -> DealBuilder {
    let talon = Austrian::SHAPE.talon_size;
    let hand_size = Austrian::SHAPE.hand_size;
    let rest: Vec<Card> = order
        .iter()
        .copied()
        .filter(|c| !kept.contains(*c))
        .collect();
    let mut hands: [Vec<Card>; 3] = Default::default();
    if let Some(h) = hands.get_mut(keeper.index()) {
        h.extend(kept);
    }
    let mut next = rest[talon..].iter().copied();
    for _ in 0..4 {
        for s in table.active_from(table.first_active()) {
            if let Some(h) = hands.get_mut(s.index()) {
                let room = hand_size.saturating_sub(h.len()).min(4);
                h.extend(next.by_ref().take(room));
            }
        }
    }
    let mut b = DealBuilder::new().talon(&rest[..talon]);
    for s in Seat::all(table.seats) {
        b = b.hand(s.get(), hands.get(s.index()).map_or(&[][..], Vec::as_slice));
    }
    b
}
