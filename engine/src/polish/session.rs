//! The Polish session (PL-MATCH): the deal passes to the right after every hand, a thrown-in
//! one too (PL-MATCH-01/02); there are no doubled rounds; each hand is settled on its own and
//! only the balances carry over (PL-MATCH-03); and the players end the session when they
//! like, so [`crate::session::MatchContext::end_session`] ends it at once.

use crate::game::End;
use crate::polish::Polish;
use crate::session::{MatchKind, SessionRules};

impl SessionRules for Polish {
    const KIND: MatchKind = MatchKind::Polish;

    const RULE: &'static str = "PL-MATCH-01";

    fn keeps_dealer(_end: End, _kept: bool) -> bool {
        false
    }
}
