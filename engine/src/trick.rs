//! Trick play shared by the whole family: following suit, trumping, and the trick's winner.
//!
//! The rules of every game are the same at their core (follow suit; if void, trump; if void in
//! trumps, anything; highest trump wins, else highest card of the suit led) and are mask
//! operations on [`CardSet`]. Danish Tarok adds the fool as an *excuse*
//! ([`TrickRules::excuse`]): a card outside every suit that may always be played, never wins,
//! and does not set the suit when led.

use crate::card::{Card, CardSet, Suit};
use crate::seat::{Seat, MAX_SEATS};

/// How tricks are played in one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TrickRules {
    /// The trump cards (strength = bit order).
    pub trumps: CardSet,
    /// A card that may be played at any time instead of following, never wins, and does not set
    /// the suit led (the Danish fool). `None` in the other games.
    pub excuse: Option<Card>,
}

impl TrickRules {
    /// Tarokks I–XXI and the skíz as trumps, no excuse (Hungarian, Austrian, Polish).
    pub const TAROCK: TrickRules = TrickRules {
        trumps: CardSet::TAROKKS,
        excuse: None,
    };
    /// Trumps I–21 and the fool as an excuse (Danish).
    pub const DANISH: TrickRules = TrickRules {
        trumps: CardSet::TAROKKS_NUMBERED,
        excuse: Some(Card::SKIZ),
    };

    /// The cards that follow the lead `led` (the card that sets the suit): its suit, or the trumps.
    #[must_use]
    pub fn suit_of(&self, led: Card) -> CardSet {
        if self.trumps.contains(led) {
            self.trumps
        } else {
            led.suit().map_or(CardSet::EMPTY, Suit::mask)
        }
    }

    /// The cards of `hand` that may legally be played to a trick whose suit is set by `led`
    /// (`None` when leading, or when only the excuse has been played so far): the suit led if
    /// held, else a trump if held, else anything; plus the excuse if held.
    #[must_use]
    pub fn legal(&self, hand: CardSet, led: Option<Card>) -> CardSet {
        let Some(led) = led else { return hand };
        let excuse = self.excuse.map_or(CardSet::EMPTY, Card::set) & hand;
        let rest = hand - excuse;
        let follow = rest & self.suit_of(led);
        let legal = if !follow.is_empty() {
            follow
        } else {
            let trumps = rest & self.trumps;
            if trumps.is_empty() {
                rest
            } else {
                trumps
            }
        };
        legal | excuse
    }
}

/// A trick in progress or complete: who led and the cards in play order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Trick {
    leader: Seat,
    len: u8,
    cards: [Card; MAX_SEATS],
    players: [Seat; MAX_SEATS],
}

impl Trick {
    /// An empty trick led by `leader`.
    #[must_use]
    pub const fn new(leader: Seat) -> Trick {
        Trick {
            leader,
            len: 0,
            cards: [Card::PAGAT; MAX_SEATS],
            players: [leader; MAX_SEATS],
        }
    }

    /// The leader.
    #[must_use]
    pub const fn leader(&self) -> Seat {
        self.leader
    }

    /// Number of cards played.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// True if no card has been played.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds `card` played by `seat`.
    ///
    /// # Panics
    /// If the trick already holds five cards.
    #[track_caller]
    pub fn push(&mut self, seat: Seat, card: Card) {
        let i = self.len as usize;
        self.cards[i] = card;
        self.players[i] = seat;
        self.len += 1;
    }

    /// `(seat, card)` pairs in play order.
    pub fn plays(&self) -> impl Iterator<Item = (Seat, Card)> + '_ {
        self.players[..self.len()]
            .iter()
            .copied()
            .zip(self.cards[..self.len()].iter().copied())
    }

    /// The cards in the trick.
    #[must_use]
    pub fn cards(&self) -> CardSet {
        self.cards[..self.len()]
            .iter()
            .fold(CardSet::EMPTY, |s, c| s | c.set())
    }

    /// The card `seat` played to this trick, if any.
    #[must_use]
    pub fn card_of(&self, seat: Seat) -> Option<Card> {
        self.plays().find(|&(s, _)| s == seat).map(|(_, c)| c)
    }

    /// Who played `card` to this trick, if anyone.
    #[must_use]
    pub fn player_of(&self, card: Card) -> Option<Seat> {
        self.plays().find(|&(_, c)| c == card).map(|(s, _)| s)
    }

    /// The card that sets the suit: the first card that is not the excuse.
    #[must_use]
    pub fn led(&self, rules: &TrickRules) -> Option<Card> {
        self.cards[..self.len()]
            .iter()
            .copied()
            .find(|&c| Some(c) != rules.excuse)
    }

    /// The winning card and its player so far: the highest trump, else the highest card of the
    /// suit led. `None` while no card other than the excuse has been played.
    #[must_use]
    pub fn winner(&self, rules: &TrickRules) -> Option<(Seat, Card)> {
        let led = self.led(rules)?;
        let cards = self.cards();
        let trumps = cards & rules.trumps;
        let best = if trumps.is_empty() {
            (cards & rules.suit_of(led)).highest()?
        } else {
            trumps.highest()?
        };
        self.player_of(best).map(|s| (s, best))
    }
}
