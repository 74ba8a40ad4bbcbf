//! The talon and the discards (SI-TALON-01..06).

use super::*;

impl Slovenian {
    // ----- talon and discards ------------------------------------------------------------------

    pub(super) fn group_size(&self) -> u8 {
        self.contract.talon_cards()
    }

    /// The cards of talon group `g`.
    pub(super) fn group(&self, g: u8) -> CardSet {
        let k = usize::from(self.group_size());
        let from = usize::from(g) * k;
        self.core
            .deal
            .talon()
            .get(from..from + k)
            .unwrap_or_default()
            .iter()
            .copied()
            .collect()
    }

    pub(super) fn check_talon(&self, a: Action) -> Result<(), Violation> {
        match a {
            Action::TakeTalon(g) if g < TALON / self.group_size().max(1) => Ok(()),
            Action::TakeTalon(_) => Err(Violation::illegal(
                "SI-TALON-01",
                "the talon lies in groups of as many cards as the contract takes: take one of them",
            )),
            _ => Err(Violation::wrong_phase(
                "SI-TALON-01",
                "the declarer takes a group of the talon",
            )),
        }
    }

    pub(super) fn apply_talon(&mut self, g: u8) {
        let cards = self.group(g);
        self.taken = Some(g);
        self.talon_received = cards;
        self.core.hands[self.declarer] |= cards;
        self.to_discard = self.group_size();
        if self.core.deal.talon_set().contains(MOND) && !cards.contains(MOND) {
            // SI-SCORE-11: the declarer left the mond in the talon.
            self.mond_lost = Some(self.declarer);
        }
        self.phase = Phase::Discard;
    }

    /// The cards the declarer may discard now (SI-TALON-02/03).
    pub(super) fn discardable(&self) -> CardSet {
        let hand = self.core.hands[self.declarer] - CardSet::KINGS - TRULA;
        let plain = hand - CardSet::TAROKKS;
        match self.o.discard_taroks {
            DiscardTaroks::Free => hand,
            DiscardTaroks::IfNeeded if plain.is_empty() => hand,
            DiscardTaroks::IfNeeded => plain,
        }
    }

    pub(super) fn check_discard(&self, a: Action) -> Result<(), Violation> {
        let phase = Violation::wrong_phase(
            "SI-TALON-02",
            "the declarer discards as many cards as he took",
        );
        let c = self
            .core
            .card_discarded(self.declarer, a, phase, "SI-TALON-02")?;
        if self.discardable().contains(c) {
            Ok(())
        } else if c.is_king() || TRULA.contains(c) {
            Err(Violation::illegal(
                "SI-TALON-02",
                "kings and the trula cards are never discarded",
            ))
        } else {
            Err(Violation::illegal(
                "SI-TALON-03",
                "a tarok is discarded only when no other card can be",
            ))
        }
    }

    pub(super) fn apply_discard(&mut self, c: Card) {
        self.core.hands[self.declarer].remove(c);
        self.discards.insert(c);
        self.to_discard = self.to_discard.saturating_sub(1);
        if self.to_discard == 0 {
            self.after_exchange();
        }
    }

    /// The talon cards nobody has: not taken, not won with a trick.
    pub(super) fn talon_left(&self) -> CardSet {
        self.core.deal.talon_set() - self.talon_received - self.talon_won
    }
}
