//! Before the talon: the opening (throw-ins and four kings, PL-DEAL-10/11), the auction
//! (PL-BID) and the call of a king (PL-CALL).

use super::*;

impl Polish {
    pub(super) fn check_opening(&self, s: Seat, a: Action) -> Result<(), Violation> {
        match a {
            Action::Pass => Ok(()),
            Action::ThrowIn => {
                if self.tarokks(s) == 0 {
                    Ok(())
                } else {
                    Err(Violation::illegal(
                        "PL-DEAL-10",
                        "only a player dealt no tarokks may throw the hand in",
                    ))
                }
            }
            Action::Declare(Declaration::FourKings) => {
                if self.core.hands[s].is_superset(CardSet::KINGS) {
                    Ok(())
                } else {
                    Err(Violation::illegal(
                        "PL-DEAL-11",
                        "only a player dealt all four kings may declare them",
                    ))
                }
            }
            _ => Err(Violation::wrong_phase(
                "PL-DEAL-10",
                "before the auction a player passes, throws in a hand without tarokks or declares four kings",
            )),
        }
    }

    pub(super) fn apply_opening(&mut self, s: Seat, a: Action) {
        match a {
            Action::ThrowIn => return self.finish(End::ThrownIn(s)),
            Action::Declare(Declaration::FourKings) => self.four_kings = Some(s),
            _ => {}
        }
        self.turns += 1;
        if self.turns >= OPENING_TURNS {
            self.phase = Phase::Auction;
            self.turns = 0;
            self.core.to_act = self.core.table.first_active();
        } else {
            self.core.to_act = self.next(s);
        }
    }

    pub(super) fn check_auction(&self, a: Action) -> Result<(), Violation> {
        match a {
            Action::Pass => Ok(()),
            Action::Bid(c) if !Contract::POLISH.contains(&c) => Err(Violation::illegal(
                "PL-BID-01",
                "the bids are jeden (1), dwa (2), trzy (3) and cztery (4)",
            )),
            Action::Bid(c) => {
                if self.high.is_some_and(|(_, h)| c <= h) {
                    return Err(Violation::illegal(
                        "PL-BID-05",
                        "a bid must be higher than the current highest bid",
                    ));
                }
                if c == Contract::Cztery && self.turns == 0 {
                    return Err(Violation::illegal("PL-BID-04", "forant may not bid four"));
                }
                if c == Contract::Cztery && self.high.map(|(_, h)| h) != Some(Contract::Trzy) {
                    return Err(Violation::illegal(
                        "PL-BID-06",
                        "four may be bid only after another player has bid three",
                    ));
                }
                Ok(())
            }
            _ => Err(Violation::wrong_phase(
                "PL-BID-02",
                "in the auction each player bids once or passes",
            )),
        }
    }

    pub(super) fn apply_auction(&mut self, s: Seat, a: Action) {
        // PL-ANN-02: a player who found the auction at three or more could not bid three; one
        // who bid three may kontra if overcalled.
        let reached_three = self.high.is_some_and(|(_, h)| h >= Contract::Trzy);
        if let Action::Bid(c) = a {
            self.may_kontra_game[s] = reached_three || c == Contract::Trzy;
            self.high = Some((s, c));
        } else {
            self.may_kontra_game[s] = reached_three;
        }
        self.turns += 1;
        if self.turns < AUCTION_TURNS {
            self.core.to_act = self.next(s);
            return;
        }
        // PL-BID-07, PL-BID-09.
        let Some((declarer, contract)) = self.high else {
            return self.finish(End::PassedOut);
        };
        self.declarer = declarer;
        self.contract = contract;
        self.core.to_act = declarer;
        if contract == Contract::Jeden && !self.o.allow_play_bid_one {
            return self.finish(End::ThrownIn(declarer));
        }
        self.phase = Phase::Call;
    }

    pub(super) fn check_call(&self, a: Action) -> Result<(), Violation> {
        match a {
            Action::Call(c) if c.is_king() => Ok(()),
            Action::Call(_) => Err(Violation::illegal(
                "PL-CALL-01",
                "the declarer calls a king, naming its suit",
            )),
            Action::ThrowIn if self.contract == Contract::Jeden => Ok(()),
            Action::ThrowIn => Err(Violation::illegal(
                "PL-BID-08",
                "only a final bid of one may be thrown in",
            )),
            _ => Err(Violation::wrong_phase(
                "PL-CALL-01",
                "the declarer calls a king",
            )),
        }
    }

    pub(super) fn apply_call(&mut self, a: Action) {
        let Action::Call(k) = a else {
            return self.finish(End::ThrownIn(self.declarer));
        };
        self.called = Some(k);
        // PL-CALL-02/03: the declarer's own king, or one in the talon, leaves the declarer
        // alone.
        self.partner = Seat::all(self.core.table.seats)
            .find(|&t| t != self.declarer && self.core.hands[t].contains(k));
        self.start_round(Phase::KingRound, self.next(self.declarer));
    }
}
