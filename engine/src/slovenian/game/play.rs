//! Trick play: the legal cards, the trick's winner, the talon cards and the mond that go
//! with a trick, and the end of the hand (SI-PLAY, SI-TALON-07, SI-SCORE-11).

use super::*;

impl Slovenian {
    // ----- play --------------------------------------------------------------------------------

    pub(super) fn start_play(&mut self) {
        self.phase = Phase::Play;
        let leader = if declarer_leads(self.contract) {
            self.declarer
        } else {
            self.core.table.first_active()
        };
        self.core.lead(leader);
    }

    /// The winner of `trick` and its winning card, under the hand's contract and options
    /// (SI-PLAY-03/04/07).
    #[must_use]
    pub fn winner_of(&self, trick: &Trick) -> Option<(Seat, Card)> {
        let led = trick.led(&TrickRules::TAROCK)?;
        let cards = trick.cards();
        let colour_valat = self.decided && self.contract == Contract::ColourValat;
        let tarok_led = CardSet::TAROKKS.contains(led);
        if cards.is_superset(TRULA) && (!colour_valat || tarok_led) {
            let at = |card: Card| trick.plays().position(|(_, c)| c == card);
            let in_order = match self.o.emperor_order {
                EmperorOrder::Any => true,
                EmperorOrder::PagatLast => at(Card::PAGAT) > at(MOND).max(at(Card::SKIZ)),
            };
            if in_order {
                return trick.player_of(Card::PAGAT).map(|s| (s, Card::PAGAT));
            }
        }
        let best = if colour_valat {
            (cards & TrickRules::TAROCK.suit_of(led)).highest()?
        } else {
            let trumps = cards & CardSet::TAROKKS;
            if trumps.is_empty() {
                (cards & TrickRules::TAROCK.suit_of(led)).highest()?
            } else {
                trumps.highest()?
            }
        };
        trick.player_of(best).map(|s| (s, best))
    }

    /// The cards `s` may play (SI-PLAY-02/05/06).
    pub(super) fn legal_cards(&self, s: Seat) -> CardSet {
        let hand = self.core.hands[s];
        let trick = &self.core.trick;
        let neg = negative(self.contract);
        let Some(led) = trick.led(&TrickRules::TAROCK) else {
            // SI-PLAY-06: the pagat is not led while another card can be.
            return if neg && hand.len() > 1 {
                hand - Card::PAGAT.set()
            } else {
                hand
            };
        };
        let suit = TrickRules::TAROCK.suit_of(led);
        let follow = hand & suit;
        let (take, kind) = if !follow.is_empty() {
            (follow, suit)
        } else if hand.intersects(CardSet::TAROKKS) {
            (hand & CardSet::TAROKKS, CardSet::TAROKKS)
        } else {
            return hand;
        };
        if !neg {
            return take;
        }
        let in_trick = trick.cards();
        if hand.contains(Card::PAGAT) && in_trick.is_superset(Card::SKIZ.set() | MOND.set()) {
            // SI-PLAY-06: the pagat completes the emperor's trick.
            if take.contains(Card::PAGAT) || self.o.openspiel_quirks {
                return Card::PAGAT.set();
            }
        }
        // SI-PLAY-05: beat the highest card of the kind played, where there is one to beat.
        let tarok_in = in_trick.intersects(CardSet::TAROKKS);
        let to_beat = if kind == CardSet::TAROKKS {
            if tarok_in {
                (in_trick & CardSet::TAROKKS).highest()
            } else {
                None
            }
        } else if tarok_in {
            None
        } else {
            (in_trick & kind).highest()
        };
        let mut legal = take;
        if let Some(b) = to_beat {
            let higher: CardSet = take.into_iter().filter(|c| c.index() > b.index()).collect();
            if !higher.is_empty() {
                legal = higher;
            }
        }
        if legal.contains(Card::PAGAT) && legal.len() > 1 {
            legal.remove(Card::PAGAT);
        }
        legal
    }

    pub(super) fn check_play(&self, s: Seat, a: Action) -> Result<(), Violation> {
        let c = self
            .core
            .card_played(s, a.card_played(), ("SI-PLAY-02", "SI-PLAY-02"))?;
        if self.legal_cards(s).contains(c) {
            return Ok(());
        }
        let hand = self.core.hands[s];
        let by_suit = TrickRules::TAROCK.legal(hand, self.core.trick.led(&TrickRules::TAROCK));
        Err(if !by_suit.contains(c) {
            match self.core.trick.led(&TrickRules::TAROCK) {
                Some(l) if (hand & TrickRules::TAROCK.suit_of(l)).is_empty() => {
                    Violation::illegal("SI-PLAY-02", "you cannot follow the suit led: play a tarok")
                }
                _ => Violation::illegal("SI-PLAY-02", "you must follow the suit led"),
            }
        } else if c == Card::PAGAT || self.legal_cards(s) == Card::PAGAT.set() {
            Violation::illegal(
                "SI-PLAY-06",
                "the pagat is played only when no other card is allowed, and must complete the emperor's trick",
            )
        } else {
            Violation::illegal(
                "SI-PLAY-05",
                "in klop and the beggars you must beat the highest card of the suit you play if you can",
            )
        })
    }

    pub(super) fn apply_play(&mut self, s: Seat, c: Card) {
        if !self.core.play_card(s, c) {
            return;
        }
        let trick = self.core.trick;
        let (winner, best) = self.winner_of(&trick).unwrap_or((s, c));
        let mut to_winner = trick.cards();
        let number = self.core.ntricks;
        if self.contract == Contract::Klop {
            // SI-TALON-07: the next talon card goes with each of the first six tricks.
            if let Some(&gift) = self.core.deal.talon().get(usize::from(number)) {
                to_winner.insert(gift);
                self.talon_won.insert(gift);
            }
        } else if Some(best) == self.called
            && self.talon_received.contains(best)
            && self.rest_with.is_none()
        {
            // SI-CALL-04: the called king from the talon brings the talon's rest home.
            let rest = self.talon_left();
            to_winner |= rest;
            self.talon_won |= rest;
            self.rest_with = Some(number);
            if rest.contains(MOND) {
                self.mond_lost = None;
            }
        } else if (takes_talon(self.contract) || self.contract == Contract::SoloWithout)
            && (best == Card::SKIZ || best == Card::PAGAT)
        {
            // SI-SCORE-11: the škis or the emperor's trick captures the mond.
            if let Some(p) = trick.player_of(MOND) {
                self.mond_lost = Some(p);
            }
        }
        let played = self.core.close_trick(winner, to_winner);
        let all = played >= usize::from(self.tricks_in_hand());
        let ends_early = match self.contract {
            Contract::Beggar | Contract::OpenBeggar => winner == self.declarer,
            Contract::ColourValat | Contract::Valat => winner != self.declarer,
            _ => false,
        };
        if all || ends_early {
            self.finish(End::Played);
        }
    }

    /// Tricks in a hand: 16 with three players, 12 with four (SI-PLAY-10).
    #[must_use]
    pub fn tricks_in_hand(&self) -> u8 {
        (54 - TALON) / self.core.table.active_count().max(1)
    }
}
