//! Annulment (HU-ANNUL): every active player in turn may annul a hand on a qualifying holding.

use super::*;

impl Hungarian {
    pub(super) fn start_annul(&mut self) {
        self.phase = Phase::Annul;
        self.annul_answers = 0;
        self.core.to_act = self.declarer;
    }

    /// May `s` annul (HU-ANNUL-01..09, HV-ANNUL-02..04)?
    pub(super) fn annul_ground(&self, s: Seat) -> Result<(), Violation> {
        let h = self.core.hands[s];
        if (h & CardSet::KINGS).len() == 4 {
            return Ok(());
        }
        let t = h & CardSet::TAROKKS;
        let mut grounds = [
            CardSet::EMPTY,
            Card::XXI.set(),
            Card::PAGAT.set(),
            Card::XXI.set() | Card::PAGAT.set(),
            CardSet::EMPTY,
            CardSet::EMPTY,
            CardSet::EMPTY,
        ];
        let mut n = 4;
        if self.o.game == Kind::High {
            grounds[4] = Card::EAGLE.set();
            grounds[5] = Card::XXI.set() | Card::EAGLE.set();
            grounds[6] = Card::XXI.set() | Card::EAGLE.set() | Card::PAGAT.set();
            n = 7;
        }
        if !grounds[..n].contains(&t) {
            return Err(Violation::illegal(
                "HU-ANNUL-01",
                "annulling needs four kings, or no tarokk, or only the XXI and/or the pagát",
            ));
        }
        if self.discards[s].intersects(CardSet::TAROKKS) {
            return Err(Violation::illegal(
                "HU-ANNUL-08",
                "after discarding a tarokk only four kings allow annulling",
            ));
        }
        Ok(())
    }

    pub(super) fn check_annul(&self, s: Seat, a: Action) -> Result<(), Violation> {
        match a {
            Action::Pass => Ok(()),
            Action::Annul => self.annul_ground(s),
            _ => Err(Violation::wrong_phase(
                "HU-ANNUL-07",
                "now each player may only annul or pass",
            )),
        }
    }

    pub(super) fn apply_annul(&mut self, s: Seat, a: Action) {
        if a == Action::Annul {
            self.finish(End::Annulled(s));
            return;
        }
        self.annul_answers += 1;
        if self.annul_answers >= self.active_count() {
            if self.o.annul_timing == AnnulTiming::BeforeDiscard {
                self.start_discards();
            } else {
                self.start_announcements();
            }
        } else {
            self.core.to_act = self.core.table.next_active(s);
        }
    }
}
