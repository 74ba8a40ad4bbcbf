//! The Hungarian session (HU-MATCH): the same dealer after a thrown-in hand, doubled rounds,
//! and the end of the session on the skíz holder's turn to deal ("A skíz oszt, nem oszt").
//!
//! # Decisions
//!
//! The rule texts leave these open; each is tested in `tests/hungarian_match.rs`.
//!
//! - A passed-out (HU-BID-07) or annulled (HU-ANNUL-10) hand is *thrown in*: it scores nothing,
//!   the same dealer deals again (HU-MATCH-02), and, with `double_round_after_passout` on, it
//!   starts a doubled round covering the next `n` deals for `n` seats (4, or 5 with five
//!   players), the redeal being the first of them (HU-MATCH-03, HU-MATCH-05, HU-ANNUL-11). With
//!   the option off there is never a doubled round (HV-MATCH-01).
//! - Every deal counts as one of the `n` deals of each round running when it is dealt, a
//!   thrown-in deal too (see [`crate::session`]): a round started by a thrown-in deal inside
//!   another round overlaps that round for the rest of it, and at most `n` rounds run at once.
//! - A failed speculative bid (HU-BID-10) is settled with payments, so it is treated as a played
//!   hand: the deal passes to the right and no doubled round starts. (The seed does not say;
//!   see the CHECKLIST's open points.) A bid of three with only trull announced
//!   (`skip_trull_only_three`) is scored, so it is a played hand as well.
//! - End of session (HU-MATCH-07): [`MatchContext::end_session`] is said between hands; the
//!   next recorded hand notes the skíz holder S. If no one holds the skíz in that hand (it lay in
//!   a talon that was never handed out), the hand after it notes the holder instead. From then
//!   on the turns to deal that reach S by rotation are counted: at the first, S deals (a redeal
//!   by S after a thrown-in hand is the same turn); at the second the match is over, before S
//!   deals. When S dealt the noting hand, that deal does not count: S was noted only once the
//!   cards were out, so "until it is S's turn to deal" means S's next turn.
//! - With five players the deal rotates through all five seats and the dealer of each hand sits
//!   out of it (HU-MATCH-06); a doubled round then covers five deals.

use crate::card::Card;
use crate::game::{End, Observe};
use crate::hungarian::Hungarian;
use crate::seat::Seat;
use crate::session::{MatchContext, MatchKind, Session, SessionRules};

impl SessionRules for Hungarian {
    const KIND: MatchKind = MatchKind::Hungarian;

    const RULE: &'static str = "HU-MATCH-01";

    const DOUBLED_ROUNDS: bool = true;

    fn doubling(&self) -> bool {
        self.options().double_round_after_passout
    }

    /// A passed-out or annulled hand is dealt again by the same dealer (HU-MATCH-02).
    fn keeps_dealer(end: End, _kept: bool) -> bool {
        matches!(end, End::PassedOut | End::Annulled(_))
    }

    fn skiz_holder(&self) -> Option<Seat> {
        skiz_holder(self)
    }

    /// "A skíz oszt, nem oszt": the next recorded hand notes the skíz holder (HU-MATCH-07).
    fn end_session(m: &mut MatchContext) {
        if m.session == Session::Open {
            m.session = Session::Requested;
        }
    }
}

/// The seat that holds the skíz in `hand`: the one it was dealt to, or else the one that
/// received it from the talon; `None` while it lies in the talon (a hand thrown in before the
/// talon was handed out).
#[must_use]
pub fn skiz_holder(hand: &Hungarian) -> Option<Seat> {
    let seats = hand.table_info().seats;
    Seat::all(seats)
        .find(|&s| hand.deal().hands[s].contains(Card::SKIZ))
        .or_else(|| Seat::all(seats).find(|&s| hand.talon_received(s).contains(Card::SKIZ)))
}
