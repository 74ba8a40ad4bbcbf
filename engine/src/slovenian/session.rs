//! The Slovenian score sheet (SI-MATCH-01): each player's scores add up from hand to hand, with
//! no target; the deal passes to the right after every hand (SI-DEAL-05), except that a hand
//! thrown in for a player without taroks is dealt again by the same dealer (SI-DEAL-04). The
//! radli go from hand to hand (SI-MATCH-02/03).

use crate::game::End;
use crate::ledger::{Item, Ledger};
use crate::session::{MatchContext, MatchKind, SessionRules};
use crate::slovenian::Slovenian;
use crate::variant::{Carried, DealSource};

impl SessionRules for Slovenian {
    const KIND: MatchKind = MatchKind::Slovenian;

    const RULE: &'static str = "SI-MATCH-01";

    fn keeps_dealer(end: End, _kept: bool) -> bool {
        matches!(end, End::ThrownIn(_))
    }

    /// The radli after the hand: the game's line says whether the declarer won.
    fn hand_on(&self, ledger: &Ledger, m: &mut MatchContext) {
        let won = ledger
            .items
            .iter()
            .find(|l| l.item == Item::Game || l.item == Item::Bonus(crate::Bonus::Volat))
            .is_some_and(|l| l.payments.0.iter().any(|&p| p > 0));
        m.radli = self.radli_after(won);
    }

    fn carry(m: &MatchContext, seed: [u8; 32]) -> (DealSource, Carried) {
        let carried = Carried {
            radli: m.radli(),
            ..Carried::default()
        };
        (DealSource::Seed(seed), carried)
    }
}
