//! The Slovenian score sheet (SI-MATCH-01): each player's scores add up from hand to hand, with
//! no target; the deal passes to the right after every hand (SI-DEAL-05), except that a hand
//! thrown in for a player without taroks is dealt again by the same dealer (SI-DEAL-04).

use crate::game::End;
use crate::session::{MatchKind, SessionRules};
use crate::slovenian::Slovenian;

impl SessionRules for Slovenian {
    const KIND: MatchKind = MatchKind::Slovenian;

    const RULE: &'static str = "SI-MATCH-01";

    fn keeps_dealer(end: End, _kept: bool) -> bool {
        matches!(end, End::ThrownIn(_))
    }
}
