//! The auction (HU-BID): bids, holds, cue bids, yielding, and who may answer a bid.

use super::*;

impl Hungarian {
    pub(super) fn high(&self) -> Option<Call> {
        self.auction.calls[..self.auction.ncalls as usize]
            .iter()
            .rev()
            .find(|c| !c.hold)
            .copied()
    }

    pub(super) fn held(&self) -> bool {
        self.auction.ncalls > 0 && self.auction.calls[self.auction.ncalls as usize - 1].hold
    }

    pub(super) fn last_caller(&self) -> Option<Seat> {
        self.auction
            .ncalls
            .checked_sub(1)
            .map(|i| self.auction.calls[i as usize].seat)
    }

    pub(super) fn order_of(&self, s: Seat) -> u8 {
        s.distance_from(self.core.table.first_active(), self.core.table.seats)
    }

    /// May `s` hold the current highest bid (HU-BID-04, HV-BID-01)?
    pub(super) fn can_hold(&self, s: Seat) -> bool {
        let Some(high) = self.high() else {
            return false;
        };
        if self.auction.last[s].is_none() || high.seat == s || self.held() {
            return false;
        }
        self.hold_rule_allows(s, high.seat)
    }

    /// Whether the hold rule lets `s`, who has bid before, hold a bid made by `bidder`
    /// (HU-BID-04, HV-BID-01).
    pub(super) fn hold_rule_allows(&self, s: Seat, bidder: Seat) -> bool {
        match self.o.hold_rule {
            HoldRule::New => true,
            HoldRule::Old => self.order_of(s) < self.order_of(bidder),
        }
    }

    /// Could anyone answer a bid of `c` by `s`: is a player still in the auction who could
    /// overcall it or hold it (PK-BID-03)?
    ///
    /// This is judged on public information only: the players who have not passed, the bids
    /// made so far and the hold rule. Below solo anyone still in the auction could overcall
    /// (whether they hold an honour is their secret). A solo can only be held, by a player who
    /// has bid before and whom the hold rule allows to hold the bidder's bid. So the answer is
    /// "no" exactly when the bid would end the auction at once (HU-BID-06).
    pub(super) fn bid_could_be_answered(&self, s: Seat, c: Contract) -> bool {
        Seat::all(self.core.table.seats)
            .filter(|&t| t != s && self.core.table.is_active(t) && !self.auction.passed[t])
            .any(|t| {
                c < Contract::Solo
                    || (self.auction.last[t].is_some() && self.hold_rule_allows(t, s))
            })
    }

    /// The yield situation (HU-BID-20): `s` opened three as the first bid, exactly one other
    /// player bid two, and everyone else has passed.
    pub(super) fn in_yield_spot(&self, s: Seat) -> bool {
        let a = &self.auction;
        if a.ncalls != 2 {
            return false;
        }
        let (c0, c1) = (a.calls[0], a.calls[1]);
        c0.seat == s
            && c0.contract == Contract::Three
            && !c1.hold
            && c1.contract == Contract::Two
            && c1.seat != s
            && Seat::all(self.core.table.seats)
                .filter(|&t| self.core.table.is_active(t) && t != s && t != c1.seat)
                .all(|t| a.passed[t])
    }

    pub(super) fn holds_xx_and_high_honour(&self, s: Seat) -> bool {
        let h = self.core.hands[s];
        h.contains(Card::XX) && h.intersects(CardSet::HIGH_HONOURS)
    }

    /// May `s` cue bid showing `card` (HU-BID-14, PK-BID-01)?
    pub(super) fn can_cue(&self, s: Seat, card: Card) -> bool {
        let h = self.core.hands[s];
        h.contains(card)
            && (h.intersects(CardSet::HIGH_HONOURS)
                || (self.o.cue_bid_with_pagat_only && h.contains(Card::PAGAT)))
    }

    pub(super) fn check_auction(&self, s: Seat, a: Action) -> Result<(), Violation> {
        match a {
            Action::Pass => {
                if self.in_yield_spot(s) && !self.holds_xx_and_high_honour(s) {
                    return Err(Violation::illegal(
                        "HU-BID-21",
                        "a three-opener overcalled only by two may pass (yield) only with the XX and a high honour; hold or cue bid instead",
                    ));
                }
                Ok(())
            }
            Action::Hold => {
                if !self.has_honour(s) {
                    return Err(Violation::illegal(
                        "HU-BID-08",
                        "a player without an honour must pass",
                    ));
                }
                if !self.can_hold(s) {
                    return Err(Violation::illegal(
                        "HU-BID-04",
                        "a hold needs an earlier bid of yours, a higher bid by another player since, and no hold of that bid yet",
                    ));
                }
                Ok(())
            }
            Action::Bid(c) if !c.is_hungarian() => Err(Violation::illegal(
                "HU-BID-01",
                "the bids are three, two, one and solo",
            )),
            Action::Bid(c) => {
                let high = self.high();
                if let Some(h) = high {
                    if c <= h.contract {
                        return Err(Violation::illegal(
                            "HU-BID-03",
                            "a bid must be higher than the current highest bid",
                        ));
                    }
                }
                if !self.has_honour(s) && !self.is_speculative() {
                    return Err(Violation::illegal(
                        "HU-BID-08",
                        "a player without an honour must pass",
                    ));
                }
                match self.cue_card(s, c) {
                    Some(card) if !self.can_cue(s, card) => Err(if card == Card::XVIII {
                        if self.jump(s, c) == 2 {
                            Violation::illegal(
                                "HU-BID-18",
                                "a double jump is a cue bid and needs the XVIII and a high honour",
                            )
                        } else {
                            Violation::illegal(
                                "HV-BID-02",
                                "a single jump to solo invites the XVIII and needs it and a high honour",
                            )
                        }
                    } else {
                        Violation::illegal(
                            "HU-BID-13",
                            "a single jump is a cue bid and needs the XIX and a high honour",
                        )
                    }),
                    _ => Ok(()),
                }
            }
            _ => Err(Violation::wrong_phase(
                "HU-BID-01",
                "the auction takes only bids, holds and passes",
            )),
        }
    }

    /// The fourth player bids after three passes (HU-BID-09).
    pub(super) fn is_speculative(&self) -> bool {
        self.high().is_none() && self.auction.passes == self.active_count() - 1
    }

    /// The card a bid of `c` by `s` shows as a cue bid, or `None` if the bid is no cue bid.
    ///
    /// A single jump shows the XIX (or the XVIII, HV-BID-02) unless a cue bid was already made
    /// (HU-BID-13a); a double jump shows the XVIII (HU-BID-16). No jump of the fourth player
    /// after three passes is a cue bid (HU-BID-13b, HU-BID-15, HU-BID-18), and in Paskievics no
    /// jump that nobody could answer (PK-BID-03): such a bid invites nobody.
    pub(super) fn cue_card(&self, s: Seat, c: Contract) -> Option<Card> {
        if self.is_speculative() {
            return None;
        }
        let card = match self.jump(s, c) {
            1 if self.auction.ncues == 0 => self.single_jump_card(c),
            2 => Card::XVIII,
            _ => return None,
        };
        if self.o.game == Kind::Paskievics && !self.bid_could_be_answered(s, c) {
            return None;
        }
        Some(card)
    }

    /// Levels above the necessary call (HU-BID-11): 0 for the necessary call itself.
    pub(super) fn jump(&self, s: Seat, c: Contract) -> u8 {
        let necessary = match self.high() {
            None => 0,
            Some(h) if self.can_hold(s) => h.contract.level(),
            Some(h) => h.contract.level() + 1,
        };
        c.level().saturating_sub(necessary)
    }

    pub(super) fn single_jump_card(&self, c: Contract) -> Card {
        if c == Contract::Solo && self.o.jump_to_solo_means == JumpToSolo::Xviii {
            Card::XVIII
        } else {
            Card::XIX
        }
    }

    pub(super) fn apply_auction(&mut self, s: Seat, a: Action) {
        match a {
            Action::Pass => {
                if self.in_yield_spot(s) {
                    self.auction.yielder = Some(s);
                }
                self.auction.passed[s] = true;
                self.auction.passes += 1;
            }
            Action::Hold => {
                let c = self.high().map_or(Contract::Three, |h| h.contract);
                self.push_call(s, c, true);
            }
            Action::Bid(c) => {
                if self.is_speculative() {
                    self.auction.speculative = true;
                } else if let Some(card) = self.cue_card(s, c) {
                    let i = self.auction.ncues as usize;
                    if i < self.auction.cues.len() {
                        self.auction.cues[i] = (s, card);
                        self.auction.ncues += 1;
                    }
                    if !self.core.hands[s].intersects(CardSet::HIGH_HONOURS) {
                        self.auction.pagat_cue = Some(s);
                    }
                }
                self.push_call(s, c, false);
            }
            _ => {}
        }
        self.after_auction_call(s);
    }

    pub(super) fn push_call(&mut self, s: Seat, c: Contract, hold: bool) {
        let i = self.auction.ncalls as usize;
        if i < MAX_CALLS {
            self.auction.calls[i] = Call {
                seat: s,
                contract: c,
                hold,
            };
            self.auction.ncalls += 1;
        }
        self.auction.last[s] = Some(c);
    }

    pub(super) fn after_auction_call(&mut self, s: Seat) {
        let active = self.active_count();
        let Some(high) = self.high() else {
            if self.auction.passes == active {
                self.finish(End::PassedOut);
            } else {
                self.core.to_act = self.next_bidder(s);
            }
            return;
        };
        let remaining = Seat::all(self.core.table.seats)
            .filter(|&t| self.core.table.is_active(t) && !self.auction.passed[t])
            .count();
        // HU-BID-06: three passes after a bid, or no further call possible: solo held, or solo
        // that nobody still bidding may hold.
        let solo_closed = high.contract == Contract::Solo
            && (self.held()
                || !Seat::all(self.core.table.seats).any(|t| {
                    self.core.table.is_active(t) && !self.auction.passed[t] && self.can_hold(t)
                }));
        if remaining <= 1 || solo_closed {
            let declarer = self.last_caller().unwrap_or(high.seat);
            self.start_exchange(declarer, high.contract);
        } else {
            self.core.to_act = self.next_bidder(s);
        }
    }

    pub(super) fn next_bidder(&self, s: Seat) -> Seat {
        let mut t = self.core.table.next_active(s);
        for _ in 0..self.core.table.seats {
            if !self.auction.passed[t] {
                return t;
            }
            t = self.core.table.next_active(t);
        }
        t
    }
}
