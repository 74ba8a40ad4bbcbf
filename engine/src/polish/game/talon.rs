//! The talon (PL-TALON): the groups looked at, taken or turned up, and the discards.

use super::*;

impl Polish {
    pub(super) fn start_talon(&mut self) {
        self.core.to_act = self.declarer;
        if self.contract == Contract::Cztery {
            // PL-TALON-05: the talon stays unseen.
            return self.start_round(Phase::Announce, self.declarer);
        }
        self.phase = Phase::Talon;
        match self.o.talon_procedure {
            TalonProcedure::Sequential => {
                self.looking = 0;
                self.exposed = 0;
            }
            TalonProcedure::Exposed => {
                self.looking = self.groups();
                self.exposed = (1 << self.groups()) - 1;
            }
        }
    }

    pub(super) fn check_talon(&self, a: Action) -> Result<(), Violation> {
        let n = self.groups();
        match a {
            Action::TakeTalon(i) => {
                let may = if self.looking < n {
                    i == self.looking
                } else {
                    i < n && self.exposed & (1 << i) != 0
                };
                if may {
                    Ok(())
                } else {
                    Err(Violation::illegal(
                        "PL-TALON-02",
                        "the declarer takes the group being looked at, or any face-up group once all are face up",
                    ))
                }
            }
            Action::ExposeTalon => {
                if self.looking < n {
                    Ok(())
                } else {
                    Err(Violation::illegal(
                        "PL-TALON-02",
                        "every group is face up: take one of them",
                    ))
                }
            }
            Action::GiveUp => {
                let found = self
                    .called
                    .is_some_and(|k| self.talon_seen_by_declarer().contains(k));
                if found {
                    Ok(())
                } else {
                    Err(Violation::illegal(
                        "PL-TALON-14",
                        "the declarer may give up only on finding the called king in the talon",
                    ))
                }
            }
            _ => Err(Violation::wrong_phase(
                "PL-TALON-01",
                "the declarer takes a talon group, turns one face up, or gives up",
            )),
        }
    }

    pub(super) fn apply_talon(&mut self, a: Action) {
        match a {
            Action::TakeTalon(i) => {
                let cards = self.group(i);
                self.taken = Some(i);
                self.talon_received = cards;
                self.core.hands[self.declarer] |= cards;
                self.to_discard = cards.len() as u8;
                self.phase = Phase::Discard;
            }
            Action::ExposeTalon => {
                self.exposed |= 1 << self.looking;
                self.looking += 1;
            }
            _ => self.finish(End::GaveUp(self.declarer)),
        }
    }

    /// The cards the declarer may discard now (PL-TALON-08/09): never a five-point card, and a
    /// tarokk only when the remaining twelve cannot otherwise be all tarokks and kings.
    pub(super) fn discardable(&self) -> CardSet {
        let hand = self.core.hands[self.declarer];
        let plain = hand - CardSet::TAROKKS - CardSet::KINGS;
        if plain.len() >= u32::from(self.to_discard) {
            plain
        } else {
            plain | (hand & (CardSet::TAROKKS - CardSet::HONOURS))
        }
    }

    pub(super) fn check_discard(&self, a: Action) -> Result<(), Violation> {
        let phase = Violation::wrong_phase(
            "PL-TALON-07",
            "the declarer discards as many cards as were taken",
        );
        let c = self
            .core
            .card_discarded(self.declarer, a, phase, "PL-TALON-07")?;
        if CardSet::HONOURS.contains(c) || c.is_king() {
            return Err(Violation::illegal(
                "PL-TALON-08",
                "skiż, XXI, pagat and kings may not be discarded",
            ));
        }
        if !self.discardable().contains(c) {
            return Err(Violation::illegal(
                "PL-TALON-09",
                "a tarokk may be discarded only if the twelve cards kept are then all tarokks and kings",
            ));
        }
        Ok(())
    }

    pub(super) fn apply_discard(&mut self, c: Card) {
        self.core.hands[self.declarer].remove(c);
        self.discards.insert(c);
        self.to_discard = self.to_discard.saturating_sub(1);
        if self.to_discard == 0 {
            self.start_round(Phase::Announce, self.declarer);
        }
    }
}
