//! Trick play (PL-PLAY), with the cards an announcement reserves.

use super::*;

impl Polish {
    pub(super) fn start_play(&mut self) {
        self.phase = Phase::Play;
        let forant = self.core.table.first_active();
        self.core.lead(forant);
    }

    /// The cards `s` must keep while another is legal: the pagat after announcing pagat ultymo
    /// (PL-PLAY-08), the called king after announcing król ultymo (PL-PLAY-09).
    pub(super) fn reserved(&self, s: Seat) -> CardSet {
        let mut r = CardSet::EMPTY;
        let pagat = self.items[Announceable::PagatUltimo as usize];
        if pagat.announced && pagat.announcer == s {
            r.insert(Card::PAGAT);
        }
        let king = self.items[Announceable::KingUltimo as usize];
        if king.announced && king.announcer == s {
            if let Some(k) = self.called {
                r.insert(k);
            }
        }
        r
    }

    /// The cards `s` may play (PL-PLAY-02..09).
    pub(super) fn legal_cards(&self, s: Seat) -> CardSet {
        let rules = TrickRules::TAROCK;
        let legal = rules.legal(self.core.hands[s], self.core.trick.led(&rules));
        let keep = legal - self.reserved(s);
        if keep.is_empty() {
            legal
        } else {
            keep
        }
    }

    pub(super) fn check_play(&self, s: Seat, a: Action) -> Result<(), Violation> {
        let c = self
            .core
            .card_played(s, a.card_played(), ("PL-PLAY-01", "PL-PLAY-02"))?;
        let rules = TrickRules::TAROCK;
        let by_suit = rules.legal(self.core.hands[s], self.core.trick.led(&rules));
        if !by_suit.contains(c) {
            let led = self.core.trick.led(&rules);
            return Err(match led {
                Some(l) if CardSet::TAROKKS.contains(l) => Violation::illegal(
                    "PL-PLAY-06",
                    "a tarokk was led: play a tarokk if you have one",
                ),
                Some(l) if (self.core.hands[s] & rules.suit_of(l)).is_empty() => {
                    Violation::illegal("PL-PLAY-04", "void in the suit led, you must play a tarokk")
                }
                _ => Violation::illegal("PL-PLAY-03", "you must follow the suit led"),
            });
        }
        if !self.legal_cards(s).contains(c) {
            return Err(if c == Card::PAGAT {
                Violation::illegal(
                    "PL-PLAY-08",
                    "after announcing pagat ultymo you keep the pagat while another card is legal",
                )
            } else {
                Violation::illegal(
                    "PL-PLAY-09",
                    "after announcing król ultymo you keep the called king while another card is legal",
                )
            });
        }
        Ok(())
    }

    pub(super) fn apply_play(&mut self, s: Seat, c: Card) {
        if let Some((_, played)) = self.core.play(s, c, &Self::TRICK_RULES) {
            if played >= TRICKS {
                self.finish(End::Played);
            }
        }
    }
}

impl crate::solve::Solvable for Polish {
    /// PL-SCORE-02: counted in threes, two off per three.
    const COUNT: CountMethod = CountMethod::ThreesMinusTwo;

    /// The cards an announcement reserves (PL-PLAY-08/09).
    fn named_cards(&self) -> CardSet {
        Seat::all(self.core.table.seats).fold(CardSet::EMPTY, |r, s| r | self.reserved(s))
    }

    /// The honours (trul, pagat ultymo, the XXI caught) and the kings (four kings, król
    /// ultymo, the called king captured).
    fn scored_cards(&self) -> CardSet {
        CardSet::HONOURS | CardSet::KINGS
    }

    /// The highest tarokk wins every trick, and the tricks' cards go to its winner.
    fn trumps_settle_tricks(&self) -> bool {
        true
    }

    /// Nothing of the Polish hand's own changes in play that play reads.
    fn play_state(&self) -> u32 {
        0
    }
}
