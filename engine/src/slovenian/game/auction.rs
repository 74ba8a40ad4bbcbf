//! Before the talon: the hand without taroks (SI-DEAL-04), the auction (SI-BID) and the
//! call of a king (SI-CALL).

use super::*;

impl Slovenian {
    // ----- opening -----------------------------------------------------------------------------

    /// The first active player, from forehand, dealt no tarok (SI-DEAL-04).
    pub(super) fn without_taroks(&self) -> Option<Seat> {
        self.active()
            .find(|&s| !self.core.hands[s].intersects(CardSet::TAROKKS))
    }

    // ----- auction -----------------------------------------------------------------------------

    /// The highest bid and the seat nearest forehand holding it.
    pub(super) fn highest(&self) -> Option<(Seat, u8)> {
        let mut best: Option<(Seat, u8)> = None;
        for s in self.active() {
            let b = self.bids[s.index()];
            if b != UNSPOKEN && b > 0 && best.map_or(true, |(_, h)| b > h) {
                best = Some((s, b));
            }
        }
        best
    }

    pub(super) fn others_passed(&self, s: Seat) -> bool {
        self.active()
            .filter(|&t| t != s)
            .all(|t| self.bids[t.index()] == 0)
    }

    pub(super) fn three_players(&self) -> bool {
        self.core.table.active_count() == 3
    }

    /// Why `s` may not bid contract number `n`, if he may not.
    pub(super) fn check_bid(&self, s: Seat, c: Contract) -> Result<(), Violation> {
        let n = number(c);
        if n == 0 {
            return Err(Violation::illegal(
                "SI-BID-01",
                "the contracts are klop, three, two, one, solo three, solo two, solo one, beggar, solo without, open beggar, colour valat and valat",
            ));
        }
        if self.three_players()
            && matches!(
                c,
                Contract::SoloThree | Contract::SoloTwo | Contract::SoloOne
            )
        {
            return Err(Violation::illegal(
                "SI-BID-01",
                "with three players there is no solo three, solo two or solo one",
            ));
        }
        let forehand = self.core.table.first_active();
        if matches!(c, Contract::Klop | Contract::Three) {
            let ok = s == forehand && self.bids[s.index()] == UNSPOKEN && self.others_passed(s);
            return if ok {
                Ok(())
            } else {
                Err(Violation::illegal(
                    "SI-BID-05",
                    "three and klop are forehand's alone, once everyone else has passed",
                ))
            };
        }
        match self.highest() {
            Some((h, top)) if n < top || (n == top && self.rank(s) > self.rank(h)) => {
                Err(Violation::illegal(
                    "SI-BID-03",
                    "a bid must be higher than the highest one; equal only by a player nearer forehand than its bidder",
                ))
            }
            _ => Ok(()),
        }
    }

    pub(super) fn check_auction(&self, s: Seat, a: Action) -> Result<(), Violation> {
        match a {
            Action::Pass => {
                if !self.others_passed(s) {
                    Ok(())
                } else if s == self.core.table.first_active() && self.bids[s.index()] == UNSPOKEN {
                    Err(Violation::illegal(
                        "SI-BID-05",
                        "when everyone else has passed, forehand plays three, klop or a higher contract",
                    ))
                } else {
                    Err(Violation::illegal(
                        "SI-BID-06",
                        "everyone else has passed: name the final contract, your bid or a higher one",
                    ))
                }
            }
            Action::Bid(c) => self.check_bid(s, c),
            _ => Err(Violation::wrong_phase(
                "SI-BID-02",
                "the auction takes bids and passes",
            )),
        }
    }

    /// The auction's legal calls for `s`, listed at once (what [`Slovenian::check_auction`]
    /// accepts, SI-BID-01..06): the listing is the hot path of random playouts.
    pub(super) fn auction_legal(&self, s: Seat, out: &mut ActionList) {
        let others_passed = self.others_passed(s);
        let forehand_first = s == self.core.table.first_active()
            && self.bids[s.index()] == UNSPOKEN
            && others_passed;
        if !others_passed {
            out.push(Action::Pass);
        }
        if forehand_first {
            out.push(Action::Bid(Contract::Klop));
            out.push(Action::Bid(Contract::Three));
        }
        let high = self.highest();
        let my_rank = self.rank(s);
        let three = self.three_players();
        for (i, &c) in Contract::SLOVENIAN.iter().enumerate().skip(2) {
            let n = i as u8 + 1;
            if three
                && matches!(
                    c,
                    Contract::SoloThree | Contract::SoloTwo | Contract::SoloOne
                )
            {
                continue;
            }
            let ok = match high {
                Some((h, top)) => n > top || (n == top && my_rank <= self.rank(h)),
                None => true,
            };
            if ok {
                out.push(Action::Bid(c));
            }
        }
    }

    pub(super) fn apply_auction(&mut self, s: Seat, a: Action) {
        let n = match a {
            Action::Bid(c) => number(c),
            _ => 0,
        };
        self.bids[s.index()] = n;
        self.calls = self.calls.saturating_add(1);
        if n > 0 && self.others_passed(s) {
            self.declarer = s;
            self.contract = Contract::SLOVENIAN[usize::from(n) - 1];
            self.decided = true;
            return self.after_auction();
        }
        let mut t = self.core.table.next_active(s);
        while self.bids[t.index()] == 0 {
            t = self.core.table.next_active(t);
        }
        self.core.to_act = t;
    }

    pub(super) fn after_auction(&mut self) {
        let c = self.contract;
        self.core.to_act = self.declarer;
        if matches!(c, Contract::Three | Contract::Two | Contract::One) && !self.three_players() {
            self.phase = Phase::Call;
        } else if takes_talon(c) {
            self.phase = Phase::Talon;
        } else {
            self.after_exchange();
        }
    }

    // ----- the call ----------------------------------------------------------------------------

    pub(super) fn check_call(&self, a: Action) -> Result<(), Violation> {
        let Action::Call(c) = a else {
            return Err(Violation::wrong_phase(
                "SI-CALL-01",
                "the declarer calls a king",
            ));
        };
        if c.is_king() {
            return Ok(());
        }
        let queen = CALLABLE[4..].contains(&c);
        if !queen {
            return Err(Violation::illegal(
                "SI-CALL-01",
                "the declarer calls a king",
            ));
        }
        let all_kings = self.core.hands[self.declarer].is_superset(CardSet::KINGS);
        if self.o.queen_call && all_kings {
            Ok(())
        } else {
            Err(Violation::illegal(
                "SI-CALL-03",
                "a queen is called only by a declarer who holds all four kings",
            ))
        }
    }

    pub(super) fn apply_call(&mut self, c: Card) {
        self.called = Some(c);
        let partner = self
            .active()
            .find(|&s| s != self.declarer && self.core.hands[s].contains(c));
        self.partner = partner;
        self.phase = Phase::Talon;
    }
}
