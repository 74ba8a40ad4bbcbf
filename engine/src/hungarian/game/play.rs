//! Trick play (HU-PLAY) with the play obligations (rájátszás) the announced bonuses carry.

use super::*;

/// Most distinct cards a team's obligations can reserve: the pagát, the II, the XX, the XXI, the
/// skíz and the four kings (HU-PLAY-12/15, High Tarokk's birds and fácáns). One 9-card hand can
/// hold all of them.
const MAX_RESERVED: usize = 9;

/// When an obligation's card is due.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Due {
    /// The last trick.
    Last,
    /// The last but one.
    Penultimate,
    /// A trick by its number (1-based).
    Trick(u8),
}

/// The play obligation (rájátszás) each bonus carries when announced, by bonus index: the card,
/// when it is due, and whether the obligation ends when the team loses a trick (centrum and the
/// birds). HU-PLAY-12/15, High Tarokk's fácáns and birds.
pub(super) const OBLIGATIONS: [Option<(Card, Due, bool)>; NB] = {
    let mut t = [None; NB];
    let mut i = 0;
    while i < NB {
        t[i] = match ALL_BONUSES[i] {
            Bonus::PagatUltimo => Some((Card::PAGAT, Due::Last, false)),
            Bonus::PagatUhu => Some((Card::PAGAT, Due::Penultimate, false)),
            Bonus::KingUltimo(s) => Some((Card::king(s), Due::Last, false)),
            Bonus::KingUhu(s) => Some((Card::king(s), Due::Penultimate, false)),
            Bonus::SasUltimo => Some((Card::EAGLE, Due::Last, false)),
            Bonus::SasUhu => Some((Card::EAGLE, Due::Penultimate, false)),
            Bonus::Centrum => Some((Card::XX, Due::Trick(5), true)),
            Bonus::SmallBird => Some((Card::XXI, Due::Trick(6), true)),
            Bonus::LargeBird => Some((Card::SKIZ, Due::Trick(7), true)),
            Bonus::PagatFacan => Some((Card::PAGAT, Due::Trick(1), false)),
            Bonus::SasFacan => Some((Card::EAGLE, Due::Trick(1), false)),
            Bonus::ParosFacan => Some((Card::XXI, Due::Trick(1), false)),
            Bonus::PagatSmallBird => Some((Card::PAGAT, Due::Trick(6), false)),
            Bonus::SasSmallBird => Some((Card::EAGLE, Due::Trick(6), false)),
            Bonus::KingSmallBird(s) => Some((Card::king(s), Due::Trick(6), false)),
            Bonus::PagatLargeBird => Some((Card::PAGAT, Due::Trick(7), false)),
            Bonus::SasLargeBird => Some((Card::EAGLE, Due::Trick(7), false)),
            Bonus::KingLargeBird(s) => Some((Card::king(s), Due::Trick(7), false)),
            _ => None,
        };
        i += 1;
    }
    t
};

/// Every card an obligation can reserve, each with its slot in [`Reserved`]: the pagát, the II,
/// the XX, the XXI, the skíz and the four kings.
pub(super) const RESERVABLE_CARDS: [Card; MAX_RESERVED] = [
    Card::PAGAT,
    Card::EAGLE,
    Card::XX,
    Card::XXI,
    Card::SKIZ,
    Card::king(Suit::Hearts),
    Card::king(Suit::Diamonds),
    Card::king(Suit::Clubs),
    Card::king(Suit::Spades),
];

/// The slot in [`RESERVABLE_CARDS`] of each bonus's obligation card (by bonus index; 0 for
/// bonuses without an obligation). A card an obligation reserves without a slot fails to compile.
pub(super) const OBLIGATION_SLOTS: [usize; NB] = {
    let mut t = [0; NB];
    let mut i = 0;
    while i < NB {
        if let Some((card, _, _)) = OBLIGATIONS[i] {
            let mut k = 0;
            while RESERVABLE_CARDS[k].index() != card.index() {
                k += 1;
                assert!(
                    k < MAX_RESERVED,
                    "an obligation reserves a card without a slot"
                );
            }
            t[i] = k;
        }
        i += 1;
    }
    t
};

/// A team's play obligations (rájátszás) as trick play reads them, made when play starts (the
/// items stand unchanged from then on): for each card of [`RESERVABLE_CARDS`], the tricks it is
/// due in, bit `t` for trick `t` (1-based).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(super) struct Reserved {
    /// The cards some obligation reserves.
    pub(super) cards: CardSet,
    /// Obligations that hold to their trick (ultimó, uhu, fácán, High Tarokk's birds).
    pub(super) always: [u16; MAX_RESERVED],
    /// Obligations that end when the team loses a trick (centrum and the birds, HU-PLAY-16).
    pub(super) until_lost: [u16; MAX_RESERVED],
}

/// Bonuses whose announcement carries a play obligation (rájátszás), as a mask of indices.
pub(super) const OBLIGATION_MASK: u64 = {
    let mut m = 0u64;
    let mut i = 0;
    while i < NB {
        if !matches!(
            ALL_BONUSES[i],
            Bonus::Trull
                | Bonus::FourKings
                | Bonus::DoubleGame
                | Bonus::Volat
                | Bonus::XxiCatch
                | Bonus::PagatCatch
                | Bonus::SuitFamily(_)
                | Bonus::ThreeKings
                | Bonus::FinalPair
                | Bonus::LongDoubleGame
        ) {
            m |= 1 << i;
        }
        i += 1;
    }
    m
};

impl Hungarian {
    pub(super) fn trick_count(&self) -> u8 {
        self.o.tricks() as u8
    }

    /// Team `ti`'s play obligations (HU-PLAY-12/15), from its standing items and
    /// [`OBLIGATIONS`].
    pub(super) fn reservations(&self, ti: usize) -> Reserved {
        let last = self.trick_count();
        let mut r = Reserved::default();
        for i in bit_indices(self.ann.mask[ti] & OBLIGATION_MASK) {
            let Some((card, due, conditional)) = OBLIGATIONS[i] else {
                continue;
            };
            let target = match due {
                Due::Last => last,
                Due::Penultimate => last - 1,
                Due::Trick(k) => k,
            };
            let k = OBLIGATION_SLOTS[i];
            let tricks = if conditional {
                &mut r.until_lost
            } else {
                &mut r.always
            };
            tricks[k] |= 1 << target;
            r.cards.insert(card);
        }
        r
    }

    /// The legal cards of `s` in the current trick, with the rule that narrowed them last.
    pub(super) fn legal_cards(&self, s: Seat) -> (CardSet, &'static str) {
        let hand = self.core.hands[s];
        let rules = TrickRules::TAROCK;
        let base = rules.legal(hand, self.core.trick.led(&rules));
        let ti = team_index(self.team_of(s));
        let r = &self.reserved[ti];
        if !hand.intersects(r.cards) {
            return (base, "HU-PLAY-04");
        }
        // Each reserved card of the hand is due in this trick (its earliest trick still ahead is
        // this one) or later. Branch-free over the slots: which obligations stand is
        // unpredictable in random play.
        let now = u32::from(self.core.ntricks) + 1;
        let live = u16::from(!self.lost_trick[ti]).wrapping_neg();
        let ahead = u16::MAX << now;
        let mut due_now = 0u128;
        let mut later = 0u128;
        for (k, card) in RESERVABLE_CARDS.iter().enumerate() {
            let held = u16::from(hand.contains(*card)).wrapping_neg();
            let tricks = (r.always[k] | (r.until_lost[k] & live)) & ahead & held;
            let due = u128::from((tricks >> now) & 1);
            let pending = u128::from(tricks != 0);
            due_now |= due << card.index();
            later |= (pending & !due) << card.index();
        }
        let (due_now, later) = (CardSet(due_now), CardSet(later));
        if due_now.is_empty() && later.is_empty() {
            return (base, "HU-PLAY-04");
        }
        // HU-PLAY-12/15: a card due in this trick must be played here when the rules allow it.
        let due = due_now & base;
        if !due.is_empty() {
            return (due, "HU-PLAY-12");
        }
        let free = base - later;
        if !free.is_empty() {
            return (free, "HU-PLAY-12");
        }
        // HU-PLAY-18: forced to give up a reserved card early, give up the one due earliest.
        let mut earliest = u32::MAX;
        let mut pick = CardSet::EMPTY;
        for (k, card) in RESERVABLE_CARDS.iter().enumerate() {
            if !base.contains(*card) || !later.contains(*card) {
                continue;
            }
            let tricks = (r.always[k] | (r.until_lost[k] & live)) & ahead;
            let first = tricks.trailing_zeros();
            if first < earliest {
                earliest = first;
                pick = CardSet::EMPTY;
            }
            if first == earliest {
                pick.insert(*card);
            }
        }
        if pick.is_empty() {
            (base, "HU-PLAY-04")
        } else {
            (pick, "HU-PLAY-18")
        }
    }

    pub(super) fn check_play(&self, s: Seat, a: Action) -> Result<(), Violation> {
        let c = self
            .core
            .card_played(s, a.card_played(), ("HU-PLAY-03", "HU-PLAY-03"))?;
        let rules = TrickRules::TAROCK;
        let hand = self.core.hands[s];
        if let Some(led) = self.core.trick.led(&rules) {
            let base = rules.legal(hand, Some(led));
            if !base.contains(c) {
                let led_trump = rules.trumps.contains(led);
                return Err(if led_trump {
                    Violation::illegal("HU-PLAY-06", "a tarokk was led: you must play a tarokk")
                } else if hand.intersects(rules.suit_of(led)) {
                    Violation::illegal("HU-PLAY-04", "you must follow suit")
                } else {
                    Violation::illegal("HU-PLAY-05", "void in the suit led, you must play a tarokk")
                });
            }
        }
        let (legal, rule) = self.legal_cards(s);
        if !legal.contains(c) {
            return Err(match rule {
                "HU-PLAY-18" => Violation::illegal(
                    "HU-PLAY-18",
                    "forced to give up a reserved card early, you must give up the one due earliest",
                ),
                _ => Violation::illegal(
                    "HU-PLAY-12",
                    "an announced ultimó, uhu, centrum or bird reserves this card for its trick",
                ),
            });
        }
        Ok(())
    }

    pub(super) fn apply_play(&mut self, s: Seat, c: Card) {
        let Some((winner, played)) = self.core.play(s, c, &Self::TRICK_RULES) else {
            return;
        };
        let loser = self.team_of(winner).other();
        self.lost_trick[team_index(loser)] = true;
        if played >= usize::from(self.trick_count()) {
            self.finish(End::Played);
        }
    }

    pub(super) fn finish(&mut self, end: End) {
        self.phase = Phase::Over(end);
    }
}

impl crate::solve::Solvable for Hungarian {
    /// HU-SCORE-01: the plain sum of the card values.
    const COUNT: crate::count::CountMethod = crate::count::CountMethod::Plain;

    /// The cards the announced obligations reserve (HU-PLAY-12/15/18), made when play starts.
    fn named_cards(&self) -> CardSet {
        self.reserved[0].cards | self.reserved[1].cards
    }

    /// The cards the bonuses name: the honours (trull, ultimós, birds, XXI-catch), the kings
    /// (four kings, king ultimó and uhu, three kings), the II (sas bonuses) and the XX
    /// (centrum). Bonuses that read a suit (színcsalád) read no card's identity.
    fn scored_cards(&self) -> CardSet {
        CardSet::HONOURS | CardSet::KINGS | Card::EAGLE.set() | Card::XX.set()
    }

    /// The highest tarokk wins every trick, and the tricks' cards go to its winner.
    fn trumps_settle_tricks(&self) -> bool {
        true
    }

    /// Whether each team has lost a trick: it ends the centrum's and the birds' obligations
    /// (HU-PLAY-16).
    fn play_state(&self) -> u32 {
        u32::from(self.lost_trick[0]) | u32::from(self.lost_trick[1]) << 1
    }
}
