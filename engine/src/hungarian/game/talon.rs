//! The talon exchange and the discards (HU-TALON): who takes how many talon cards, and which
//! cards may be laid away.

use super::*;

impl Hungarian {
    pub(super) fn start_exchange(&mut self, declarer: Seat, contract: Contract) {
        self.declarer = declarer;
        self.contract = contract;
        // HU-TALON-01..05: the declarer takes 3/2/1/0 from the top, then each other player in
        // turn takes two if that leaves one for every later player, else one.
        let deal = self.core.deal;
        let talon = deal.talon();
        let mut next = 0usize;
        let mut seat = declarer;
        let others = self.active_count() as usize - 1;
        for i in 0..=others {
            let n = if i == 0 {
                3 - contract.level() as usize
            } else {
                seat = self.core.table.next_active(seat);
                let left = talon.len().saturating_sub(next);
                let later = others - i;
                if left >= 2 + later {
                    2
                } else {
                    left.min(1)
                }
            };
            for &c in &talon[next.min(talon.len())..(next + n).min(talon.len())] {
                self.core.hands[seat].insert(c);
                self.talon_received[seat].insert(c);
            }
            self.to_discard[seat] = n as u8;
            next += n;
        }
        // HU-BID-10: a speculative bidder still without an honour throws the hand in.
        if self.auction.speculative && !self.has_honour(declarer) {
            self.finish(End::TrialBidFailed(declarer));
            return;
        }
        if self.o.annul_timing == AnnulTiming::BeforeDiscard {
            self.start_annul();
        } else {
            self.start_discards();
        }
    }

    pub(super) fn start_discards(&mut self) {
        self.phase = Phase::Discard;
        match self.next_discarder(self.declarer, true) {
            Some(s) => self.core.to_act = s,
            None => self.after_discards(),
        }
    }

    pub(super) fn next_discarder(&self, from: Seat, inclusive: bool) -> Option<Seat> {
        let mut s = if inclusive {
            from
        } else {
            self.core.table.next_active(from)
        };
        for _ in 0..self.active_count() {
            if self.to_discard[s] > 0 {
                return Some(s);
            }
            if self.core.table.next_active(s) == self.declarer {
                return None;
            }
            s = self.core.table.next_active(s);
        }
        None
    }

    pub(super) fn after_discards(&mut self) {
        self.discards_done = true;
        if self.o.annul_timing == AnnulTiming::AfterExchange {
            self.start_annul();
        } else {
            self.start_announcements();
        }
    }

    /// Cards `s` may not discard (HU-TALON-09..11, H1), with the rule for each group.
    pub(super) fn undiscardable(&self, s: Seat) -> [(CardSet, &'static str, &'static str); 4] {
        let cue = self
            .cue_bids()
            .iter()
            .filter(|(t, _)| *t == s)
            .fold(CardSet::EMPTY, |a, (_, c)| a | c.set());
        let yield_xx = if self.auction.yielder == Some(s) {
            Card::XX.set()
        } else {
            CardSet::EMPTY
        };
        let xx = if self.o.xx_discardable {
            CardSet::EMPTY
        } else {
            Card::XX.set()
        };
        [
            (
                CardSet::HONOURS | CardSet::KINGS,
                "HU-TALON-09",
                "honours and kings may never be discarded",
            ),
            (
                cue,
                "HU-TALON-10",
                "a cue bidder may not discard the tarokk the cue bid showed",
            ),
            (
                yield_xx,
                "HU-TALON-11",
                "the player who yielded the game may not discard the XX",
            ),
            (
                xx,
                "PK-TALON-03",
                "the XX may not be discarded under these rules",
            ),
        ]
    }

    pub(super) fn discardable(&self, s: Seat) -> CardSet {
        let h = self.core.hands[s];
        let mut allowed = h;
        for (set, _, _) in self.undiscardable(s) {
            allowed -= set;
        }
        // The hand always has enough discardable cards (at most 9 of 12 are protected); the
        // fallback only guards against an impossible deadlock.
        if (allowed.len() as u8) < self.to_discard[s] {
            h - (CardSet::HONOURS | CardSet::KINGS)
        } else {
            allowed
        }
    }

    pub(super) fn check_discard(&self, s: Seat, a: Action) -> Result<(), Violation> {
        let phase = Violation::wrong_phase(
            "HU-TALON-08",
            "each player discards as many cards as they took from the talon",
        );
        let c = self.core.card_discarded(s, a, phase, "HU-TALON-08")?;
        if !self.discardable(s).contains(c) {
            for (set, rule, msg) in self.undiscardable(s) {
                if set.contains(c) {
                    return Err(Violation::illegal(rule, msg));
                }
            }
        }
        Ok(())
    }

    pub(super) fn apply_discard(&mut self, s: Seat, c: Card) {
        self.core.hands[s].remove(c);
        self.discards[s].insert(c);
        self.to_discard[s] = self.to_discard[s].saturating_sub(1);
        if self.to_discard[s] == 0 {
            match self.next_discarder(s, false) {
                Some(t) => self.core.to_act = t,
                None => self.after_discards(),
            }
        }
    }
}
