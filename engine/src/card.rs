//! Cards, suits, ranks and the `CardSet` bitset shared by every pack.
//!
//! # Representation
//!
//! A [`Card`] is an index `0..78` into one universal layout that holds the largest pack (the
//! 78-card French tarot pack); the smaller packs are subsets of it. [`CardSet`] is a `u128` with
//! one bit per index:
//!
//! | bits      | cards                                                               |
//! |-----------|---------------------------------------------------------------------|
//! | `0..14`   | hearts, weakest to strongest                                        |
//! | `14..28`  | diamonds                                                            |
//! | `28..42`  | clubs                                                               |
//! | `42..56`  | spades                                                              |
//! | `56..77`  | tarokks (trumps) I (the pagát) to XXI                               |
//! | `77`      | the skíz / Sküs / Skiż / fool                                       |
//!
//! Within a suit the 14 slots are ordered by strength: slot 13 is the king, 12 the queen, 11 the
//! rider (cavalier, knight), 10 the jack, and slots 9 down to 0 the pip cards from strongest to
//! weakest. Black pips rank 10 high (10 in slot 9, 1 in slot 0); red pips rank in reverse, the ace
//! high (1 in slot 9, 10 in slot 0). Every pack keeps the strongest slots of each suit: the
//! 42-card Hungarian pack uses slots 9–13, the 54-card pack slots 6–13, the 78-card pack all.
//!
//! Architecture invariant: within a suit and within the trumps, a higher bit is a stronger card,
//! so "does it beat", follow-suit and must-trump are mask operations and a trick's winner is the
//! highest bit of a mask.
//!
//! # Panics
//!
//! Constructors named `new` panic on out-of-range input (with `#[track_caller]`); the `try_`
//! forms and [`std::str::FromStr`] return named errors.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub, SubAssign};
use std::str::FromStr;

/// One of the four plain suits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    /// Hearts (Hungarian kőr).
    Hearts = 0,
    /// Diamonds (káró).
    Diamonds = 1,
    /// Clubs (treff).
    Clubs = 2,
    /// Spades (pikk).
    Spades = 3,
}

impl Suit {
    /// All suits in layout order.
    pub const ALL: [Suit; 4] = [Suit::Hearts, Suit::Diamonds, Suit::Clubs, Suit::Spades];

    /// The suit with the given layout index `0..4`.
    #[must_use]
    pub const fn from_index(i: u8) -> Option<Suit> {
        match i {
            0 => Some(Suit::Hearts),
            1 => Some(Suit::Diamonds),
            2 => Some(Suit::Clubs),
            3 => Some(Suit::Spades),
            _ => None,
        }
    }

    /// Hearts and diamonds are red: their pip cards rank in reverse (ace high).
    #[must_use]
    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }

    /// The notation letter: `H`, `D`, `C` or `S`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
            Suit::Spades => 'S',
        }
    }

    /// The English name, lower case.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Suit::Hearts => "hearts",
            Suit::Diamonds => "diamonds",
            Suit::Clubs => "clubs",
            Suit::Spades => "spades",
        }
    }

    /// Parses a suit letter (case-insensitive).
    #[must_use]
    pub const fn from_letter(c: char) -> Option<Suit> {
        match c {
            'H' | 'h' => Some(Suit::Hearts),
            'D' | 'd' => Some(Suit::Diamonds),
            'C' | 'c' => Some(Suit::Clubs),
            'S' | 's' => Some(Suit::Spades),
            _ => None,
        }
    }

    /// Every card slot of this suit (all 14, whatever the pack).
    #[must_use]
    pub const fn mask(self) -> CardSet {
        CardSet(0x3fff << (14 * self as u32))
    }
}

/// The rank of a suit card: 1–10 for pips, 11 jack, 12 rider, 13 queen, 14 king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl Rank {
    /// The jack.
    pub const JACK: Rank = Rank(11);
    /// The rider (cavalier, knight, lovas).
    pub const RIDER: Rank = Rank(12);
    /// The queen.
    pub const QUEEN: Rank = Rank(13);
    /// The king.
    pub const KING: Rank = Rank(14);
    /// The four court cards, strongest first.
    pub const COURTS: [Rank; 4] = [Rank::KING, Rank::QUEEN, Rank::RIDER, Rank::JACK];

    /// A rank from its number `1..=14`.
    ///
    /// # Panics
    /// If `n` is not in `1..=14`.
    #[must_use]
    #[track_caller]
    pub const fn new(n: u8) -> Rank {
        match Rank::try_new(n) {
            Some(r) => r,
            None => panic!("rank out of range 1..=14"),
        }
    }

    /// A rank from its number, or `None` outside `1..=14`.
    #[must_use]
    pub const fn try_new(n: u8) -> Option<Rank> {
        if n >= 1 && n <= 14 {
            Some(Rank(n))
        } else {
            None
        }
    }

    /// The rank number `1..=14`.
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// True for jack, rider, queen and king.
    #[must_use]
    pub const fn is_court(self) -> bool {
        self.0 >= 11
    }

    /// The slot `0..14` of this rank within `suit` (higher is stronger).
    #[must_use]
    pub const fn slot(self, suit: Suit) -> u8 {
        if self.0 >= 11 {
            self.0 - 1
        } else if suit.is_red() {
            10 - self.0
        } else {
            self.0 - 1
        }
    }

    /// The rank in `slot` of `suit` (inverse of [`Rank::slot`]).
    #[must_use]
    pub const fn from_slot(slot: u8, suit: Suit) -> Rank {
        if slot >= 10 {
            Rank(slot + 1)
        } else if suit.is_red() {
            Rank(10 - slot)
        } else {
            Rank(slot + 1)
        }
    }

    const fn notation(self) -> &'static str {
        match self.0 {
            14 => "K",
            13 => "Q",
            12 => "C",
            11 => "J",
            10 => "10",
            9 => "9",
            8 => "8",
            7 => "7",
            6 => "6",
            5 => "5",
            4 => "4",
            3 => "3",
            2 => "2",
            _ => "A",
        }
    }
}

/// A card: an index `0..78` into the universal layout described in the module docs.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

/// Number of card indices in the universal layout.
pub const NUM_CARDS: usize = 78;

const TRUMP_BASE: u8 = 56;

impl Card {
    /// The pagát / pagat (tarokk I).
    pub const PAGAT: Card = Card(TRUMP_BASE);
    /// Tarokk II (the eagle, sas, in Hungarian High Tarokk).
    pub const EAGLE: Card = Card(TRUMP_BASE + 1);
    /// Tarokk XVIII.
    pub const XVIII: Card = Card(TRUMP_BASE + 17);
    /// Tarokk XIX.
    pub const XIX: Card = Card(TRUMP_BASE + 18);
    /// Tarokk XX.
    pub const XX: Card = Card(TRUMP_BASE + 19);
    /// Tarokk XXI (the mond / mondo).
    pub const XXI: Card = Card(TRUMP_BASE + 20);
    /// The skíz / Sküs / Skiż / fool: bit 77. A trump in the Central European games, an excuse
    /// outside the trumps in Danish Tarok.
    pub const SKIZ: Card = Card(77);

    /// The card with layout index `i`.
    ///
    /// # Panics
    /// If `i >= 78`.
    #[must_use]
    #[track_caller]
    pub const fn new(i: u8) -> Card {
        assert!((i as usize) < NUM_CARDS, "card index out of range 0..78");
        Card(i)
    }

    /// The card with layout index `i`, or `None` if `i >= 78`.
    #[must_use]
    pub const fn try_new(i: u8) -> Option<Card> {
        if (i as usize) < NUM_CARDS {
            Some(Card(i))
        } else {
            None
        }
    }

    /// Tarokk number `n` (1 = pagát … 21 = XXI).
    ///
    /// # Panics
    /// If `n` is not in `1..=21`.
    #[must_use]
    #[track_caller]
    pub const fn tarokk(n: u8) -> Card {
        assert!(n >= 1 && n <= 21, "tarokk number out of range 1..=21");
        Card(TRUMP_BASE + n - 1)
    }

    /// The card of `suit` and `rank`.
    #[must_use]
    pub const fn suited(suit: Suit, rank: Rank) -> Card {
        Card(14 * suit as u8 + rank.slot(suit))
    }

    /// The king of `suit`.
    #[must_use]
    pub const fn king(suit: Suit) -> Card {
        Card::suited(suit, Rank::KING)
    }

    /// The layout index `0..78`.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The suit, or `None` for tarokks and the skíz.
    #[must_use]
    pub const fn suit(self) -> Option<Suit> {
        if self.0 < TRUMP_BASE {
            Suit::from_index(self.0 / 14)
        } else {
            None
        }
    }

    /// The rank of a suit card, or `None` for tarokks and the skíz.
    #[must_use]
    pub const fn rank(self) -> Option<Rank> {
        match self.suit() {
            Some(s) => Some(Rank::from_slot(self.0 % 14, s)),
            None => None,
        }
    }

    /// The tarokk number 1–21, or 22 for the skíz, or `None` for a suit card.
    #[must_use]
    pub const fn tarokk_number(self) -> Option<u8> {
        if self.0 >= TRUMP_BASE {
            Some(self.0 - TRUMP_BASE + 1)
        } else {
            None
        }
    }

    /// True for a king.
    #[must_use]
    pub const fn is_king(self) -> bool {
        self.0 < TRUMP_BASE && self.0 % 14 == 13
    }

    /// The set holding only this card.
    #[must_use]
    pub const fn set(self) -> CardSet {
        CardSet(1 << self.0)
    }

    /// The short notation, e.g. `T21`, `SKIZ`, `SK` (king of spades), `HK`, `D10`, `HA`.
    #[must_use]
    pub fn notation(self) -> CardNotation {
        CardNotation(self)
    }

    /// A descriptive English name, e.g. `XXI`, `skíz`, `pagát`, `king of hearts`.
    #[must_use]
    pub fn name(self) -> String {
        match (self.suit(), self.tarokk_number()) {
            (_, Some(1)) => "pagát (I)".to_owned(),
            (_, Some(22)) => "skíz".to_owned(),
            (_, Some(n)) => roman(n).to_owned(),
            (Some(s), None) => {
                let r = self.rank().map_or(0, Rank::get);
                let rank = match r {
                    14 => "king",
                    13 => "queen",
                    12 => "rider",
                    11 => "jack",
                    1 => "ace",
                    2 => "two",
                    3 => "three",
                    4 => "four",
                    5 => "five",
                    6 => "six",
                    7 => "seven",
                    8 => "eight",
                    9 => "nine",
                    _ => "ten",
                };
                format!("{rank} of {}", s.name())
            }
            (None, None) => unreachable!("every card is a suit card or a tarokk"),
        }
    }
}

/// Roman numeral of a tarokk number `1..=21`.
#[must_use]
pub fn roman(n: u8) -> &'static str {
    const R: [&str; 22] = [
        "", "I", "II", "III", "IIII", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
        "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI",
    ];
    R.get(n as usize).copied().unwrap_or("?")
}

/// Display adapter for [`Card::notation`].
#[derive(Clone, Copy, Debug)]
pub struct CardNotation(Card);

impl fmt::Display for CardNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.0;
        match (c.suit(), c.tarokk_number()) {
            (_, Some(22)) => f.write_str("SKIZ"),
            (_, Some(n)) => write!(f, "T{n}"),
            (Some(s), None) => {
                let r = c.rank().map_or("?", Rank::notation);
                write!(f, "{}{}", s.letter(), r)
            }
            (None, None) => f.write_str("?"),
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.notation().fmt(f)
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Display, explicitly: `CardNotation`'s derived Debug would print this card's Debug again.
        fmt::Display::fmt(&self.notation(), f)
    }
}

/// Error from parsing a card's notation.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseCardError {
    /// The text that did not parse (cut to [`crate::echo::ECHO_LIMIT`] characters).
    pub input: String,
}

impl fmt::Display for ParseCardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid card {:?}: expected T1..T21, SKIZ, or a suit letter H/D/C/S followed by K, Q, C, J, A or 2..10",
            self.input
        )
    }
}

impl std::error::Error for ParseCardError {}

impl FromStr for Card {
    type Err = ParseCardError;

    /// Parses the notation written by [`Card::notation`], case-insensitively. Tarokks may also be
    /// written in Roman numerals (`XXI`, `I`).
    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let err = || ParseCardError {
            input: crate::echo::clip(s).into_owned(),
        };
        let t = s.trim();
        // Not `SK`: that is the king of spades.
        if t.eq_ignore_ascii_case("SKIZ") {
            return Ok(Card::SKIZ);
        }
        let mut chars = t.chars();
        let first = chars.next().ok_or_else(err)?;
        let rest = chars.as_str();
        if (first == 'T' || first == 't')
            && !rest.is_empty()
            && rest.bytes().all(|b| b.is_ascii_digit())
        {
            let n: u8 = rest.parse().map_err(|_| err())?;
            return if (1..=21).contains(&n) {
                Ok(Card::tarokk(n))
            } else {
                Err(err())
            };
        }
        if let Some(n) = (1..=21u8).find(|&n| roman(n).eq_ignore_ascii_case(t)) {
            return Ok(Card::tarokk(n));
        }
        let suit = Suit::from_letter(first).ok_or_else(err)?;
        let rank = match rest.to_ascii_uppercase().as_str() {
            "K" => Rank::KING,
            "Q" => Rank::QUEEN,
            "C" | "R" | "N" => Rank::RIDER,
            "J" => Rank::JACK,
            "A" | "1" => Rank::new(1),
            num => {
                let n: u8 = num.parse().map_err(|_| err())?;
                Rank::try_new(n).filter(|r| !r.is_court()).ok_or_else(err)?
            }
        };
        Ok(Card::suited(suit, rank))
    }
}

/// A set of cards: one bit per [`Card`] index (layout in the module docs).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(pub u128);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);
    /// Every card slot of the universal layout.
    pub const ALL: CardSet = CardSet((1 << NUM_CARDS) - 1);
    /// Tarokks I–XXI (bits 56–76), without the skíz.
    pub const TAROKKS_NUMBERED: CardSet = CardSet(((1 << 21) - 1) << TRUMP_BASE);
    /// Tarokks I–XXI and the skíz: the trumps of the Central European games.
    pub const TAROKKS: CardSet = CardSet(((1 << 22) - 1) << TRUMP_BASE);
    /// The four kings.
    pub const KINGS: CardSet = CardSet((1 << 13) | (1 << 27) | (1 << 41) | (1 << 55));
    /// Skíz, XXI and pagát: the Hungarian honours.
    pub const HONOURS: CardSet =
        CardSet((1 << Card::SKIZ.0) | (1 << Card::XXI.0) | (1 << Card::PAGAT.0));
    /// Skíz and XXI: the Hungarian high honours.
    pub const HIGH_HONOURS: CardSet = CardSet((1 << Card::SKIZ.0) | (1 << Card::XXI.0));

    /// A set from a slice of cards.
    #[must_use]
    pub fn from_cards(cards: &[Card]) -> CardSet {
        cards.iter().fold(CardSet::EMPTY, |s, &c| s | c.set())
    }

    /// The cards of either set, in const contexts (`|` elsewhere).
    #[must_use]
    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// Number of cards.
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// True if there is no card.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True if `card` is in the set.
    #[must_use]
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.0) != 0
    }

    /// True if every card of `other` is in `self`.
    #[must_use]
    pub const fn is_superset(self, other: CardSet) -> bool {
        other.0 & !self.0 == 0
    }

    /// True if the two sets share a card.
    #[must_use]
    pub const fn intersects(self, other: CardSet) -> bool {
        self.0 & other.0 != 0
    }

    /// Adds `card`.
    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.0;
    }

    /// Removes `card`.
    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.0);
    }

    /// The strongest card by index (the highest bit), if any.
    #[must_use]
    pub const fn highest(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card(127 - self.0.leading_zeros() as u8))
        }
    }

    /// The weakest card by index (the lowest bit), if any.
    #[must_use]
    pub const fn lowest(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card(self.0.trailing_zeros() as u8))
        }
    }

    /// The `n`-th card in ascending index order, if any.
    #[must_use]
    pub fn nth(self, n: u32) -> Option<Card> {
        self.into_iter().nth(n as usize)
    }
}

impl BitOr for CardSet {
    type Output = CardSet;
    fn bitor(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 | rhs.0)
    }
}
impl BitOrAssign for CardSet {
    fn bitor_assign(&mut self, rhs: CardSet) {
        self.0 |= rhs.0;
    }
}
impl BitAnd for CardSet {
    type Output = CardSet;
    fn bitand(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & rhs.0)
    }
}
impl BitAndAssign for CardSet {
    fn bitand_assign(&mut self, rhs: CardSet) {
        self.0 &= rhs.0;
    }
}
impl BitXor for CardSet {
    type Output = CardSet;
    fn bitxor(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 ^ rhs.0)
    }
}
impl Sub for CardSet {
    type Output = CardSet;
    fn sub(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & !rhs.0)
    }
}
impl SubAssign for CardSet {
    fn sub_assign(&mut self, rhs: CardSet) {
        self.0 &= !rhs.0;
    }
}
impl Not for CardSet {
    type Output = CardSet;
    /// The complement within the universal layout's 78 cards.
    fn not(self) -> CardSet {
        CardSet(!self.0 & CardSet::ALL.0)
    }
}

impl From<Card> for CardSet {
    fn from(c: Card) -> CardSet {
        c.set()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        iter.into_iter().fold(CardSet::EMPTY, |s, c| s | c.set())
    }
}

/// Iterator over a [`CardSet`] in ascending index order (weakest first within a suit).
#[derive(Clone, Debug)]
pub struct CardSetIter(u128);

impl Iterator for CardSetIter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Card(i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for CardSetIter {
    fn next_back(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = 127 - self.0.leading_zeros() as u8;
        self.0 &= !(1 << i);
        Some(Card(i))
    }
}

impl ExactSizeIterator for CardSetIter {}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}

impl fmt::Display for CardSet {
    /// Cards in notation, strongest first, separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.into_iter().rev().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

/// The packs of the family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pack {
    /// 42 cards: 22 tarokks; per suit K Q C J and the red ace / black ten (Hungarian).
    Hungarian42,
    /// 54 cards: 22 tarokks; per suit K Q C J and four pips (Austrian, Polish, 54-card Hungarian).
    Tarock54,
    /// 78 cards: 21 trumps, the fool, and 14 cards per suit (Danish).
    French78,
}

impl Pack {
    /// The cards of this pack.
    #[must_use]
    pub const fn cards(self) -> CardSet {
        let per_suit: u128 = match self {
            Pack::Hungarian42 => 0b11111 << 9,
            Pack::Tarock54 => 0xff << 6,
            Pack::French78 => 0x3fff,
        };
        let suits = per_suit | per_suit << 14 | per_suit << 28 | per_suit << 42;
        CardSet(suits | CardSet::TAROKKS.0)
    }

    /// Number of cards.
    #[must_use]
    pub const fn len(self) -> usize {
        self.cards().len() as usize
    }

    /// Always false: no pack is empty (present for API symmetry with `len`).
    #[must_use]
    pub const fn is_empty(self) -> bool {
        false
    }

    /// The position of `card` within this pack, `0..len`, in ascending index order; `None` if the
    /// card is not in the pack. Used for dense action ids.
    #[must_use]
    pub const fn position(self, card: Card) -> Option<u8> {
        let cards = self.cards().0;
        if cards & (1 << card.0) == 0 {
            return None;
        }
        let below = cards & ((1u128 << card.0) - 1);
        Some(below.count_ones() as u8)
    }

    /// The card at `pos` within this pack (inverse of [`Pack::position`]).
    #[must_use]
    pub fn card_at(self, pos: u8) -> Option<Card> {
        self.cards().nth(u32::from(pos))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_prints_the_notation() {
        assert_eq!(format!("{:?}", Card::XX), "T20");
        assert_eq!(format!("{:?}", CardSet::HONOURS), "{T1, T21, SKIZ}");
    }

    #[test]
    fn king_of_spades_and_skiz_have_distinct_notations() {
        let spade_king = Card::king(Suit::Spades);
        assert_eq!(spade_king.to_string(), "SK");
        assert_eq!(Card::SKIZ.to_string(), "SKIZ");
        assert_eq!("SK".parse::<Card>(), Ok(spade_king));
        assert_eq!("sk".parse::<Card>(), Ok(spade_king));
        assert_eq!("SKIZ".parse::<Card>(), Ok(Card::SKIZ));
        assert_eq!("skiz".parse::<Card>(), Ok(Card::SKIZ));
    }
}
