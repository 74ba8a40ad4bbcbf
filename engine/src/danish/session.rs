//! The Danish session (DK-MATCH): the deal passes on except after a misdeal, which the same
//! dealer deals again (DK-DEAL-11); the two pots go from hand to hand (the next hand starts
//! with them, [`Carried::pots`]); and when the players stop, the pots
//! are shared out (DK-MATCH-08).

use crate::danish::Danish;
use crate::game::End;
use crate::ledger::Ledger;
use crate::session::{MatchContext, MatchKind, Session, SessionRules};
use crate::variant::{Carried, DealSource};

/// The unit in which the pots are shared when the session ends, where the pot allows.
const SHARE_UNIT: i64 = 5;

impl SessionRules for Danish {
    const KIND: MatchKind = MatchKind::Danish;

    const RULE: &'static str = "DK-MATCH-04";

    fn keeps_dealer(end: End, _kept: bool) -> bool {
        matches!(end, End::ThrownIn(_))
    }

    fn hand_on(&self, ledger: &Ledger, m: &mut MatchContext) {
        m.pots = ledger.pots.unwrap_or(m.pots);
    }

    /// The pots are shared equally among the players (DK-MATCH-08), in units of 5 where the
    /// pot allows, what does not divide going one unit each to the seats in turn from seat 0.
    fn end_session(m: &mut MatchContext) {
        if m.session != Session::Over {
            let seats = m.seats();
            let n = i64::from(seats);
            for pot in &mut m.pots {
                let unit = if *pot % SHARE_UNIT == 0 {
                    SHARE_UNIT
                } else {
                    1
                };
                let share = *pot / (unit * n) * unit;
                let mut rest = *pot - share * n;
                for t in &mut m.totals.0[..usize::from(seats)] {
                    let extra = rest.min(unit);
                    *t += share + extra;
                    rest -= extra;
                }
                *pot = 0;
            }
        }
        m.session = Session::Over;
    }

    fn carry(m: &MatchContext, seed: [u8; 32]) -> (DealSource, Carried) {
        let carried = Carried {
            pots: m.pots,
            ..Carried::default()
        };
        (DealSource::Seed(seed), carried)
    }
}
