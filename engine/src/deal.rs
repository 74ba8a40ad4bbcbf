//! Deals: the cards each seat holds and the talon, from a seed or given card by card.
//!
//! A seeded deal shuffles the pack with [`crate::shuffle`] and hands the cards out in the game's
//! dealing pattern (for Hungarian: six to the talon, then packets of five and four to each
//! active player, starting at the dealer's right). An explicit deal goes through
//! [`DealBuilder`], which checks that every card of the pack appears exactly once and that hand
//! and talon sizes are right, naming every problem it finds.

use crate::card::{Card, CardSet, Pack};
use crate::seat::{BySeat, Seat, Table, MAX_SEATS};
use std::fmt;

/// Largest talon of the family.
pub const MAX_TALON: usize = 8;

/// The cards as dealt: each seat's hand and the talon in order (top card first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Deal {
    /// Each seat's hand (empty for a seat sitting out).
    pub hands: BySeat<CardSet>,
    talon: [Card; MAX_TALON],
    talon_len: u8,
}

impl Deal {
    /// The talon, top card first.
    #[must_use]
    pub fn talon(&self) -> &[Card] {
        &self.talon[..self.talon_len as usize]
    }

    /// The talon as a set.
    #[must_use]
    pub fn talon_set(&self) -> CardSet {
        self.talon().iter().copied().collect()
    }

    /// Deals a shuffled pack: first `talon_len` cards to the talon, then packets of the given
    /// sizes to each active seat in turn from the dealer's right.
    #[must_use]
    pub fn from_order(order: &[Card], table: &Table, talon_len: usize, packets: &[usize]) -> Deal {
        let mut talon = [Card::PAGAT; MAX_TALON];
        talon[..talon_len].copy_from_slice(&order[..talon_len]);
        let mut hands = BySeat::splat(CardSet::EMPTY);
        let mut next = talon_len;
        for &size in packets {
            for seat in table.active_from(table.first_active()) {
                for &c in &order[next..next + size] {
                    hands[seat].insert(c);
                }
                next += size;
            }
        }
        Deal {
            hands,
            talon,
            talon_len: talon_len as u8,
        }
    }
}

impl Deal {
    /// A deal from its parts, unchecked: `hands` as given and the talon in order (at most
    /// [`MAX_TALON`] cards; any beyond are dropped). For world sampling, which builds deals that
    /// are valid by construction.
    pub(crate) fn from_parts(hands: BySeat<CardSet>, talon: &[Card]) -> Deal {
        let n = talon.len().min(MAX_TALON);
        let mut t = [Card::PAGAT; MAX_TALON];
        t[..n].copy_from_slice(&talon[..n]);
        Deal {
            hands,
            talon: t,
            talon_len: n as u8,
        }
    }
}

impl Deal {
    /// Deals a shuffled pack in packets of the given sizes to each active seat in turn from
    /// the dealer's right, then the last `talon_len` cards to the talon (the Danish dealer's
    /// three extra cards).
    #[must_use]
    pub fn from_order_talon_last(
        order: &[Card],
        table: &Table,
        talon_len: usize,
        packets: &[usize],
    ) -> Deal {
        let mut hands = BySeat::splat(CardSet::EMPTY);
        let mut next = 0;
        for &size in packets {
            for seat in table.active_from(table.first_active()) {
                for &c in &order[next..next + size] {
                    hands[seat].insert(c);
                }
                next += size;
            }
        }
        let mut talon = [Card::PAGAT; MAX_TALON];
        talon[..talon_len].copy_from_slice(&order[next..next + talon_len]);
        Deal {
            hands,
            talon,
            talon_len: talon_len as u8,
        }
    }
}

/// One problem found in an explicit deal.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DealProblem {
    /// A card appears more than once.
    Duplicate(Card),
    /// A card of the pack appears nowhere.
    Missing(Card),
    /// A card that is not in this game's pack.
    NotInPack(Card),
    /// A seat holds the wrong number of cards.
    HandSize {
        /// The seat.
        seat: Seat,
        /// Cards it should hold.
        expected: usize,
        /// Cards given.
        found: usize,
    },
    /// The talon has the wrong number of cards.
    TalonSize {
        /// Cards it should hold.
        expected: usize,
        /// Cards given.
        found: usize,
    },
    /// Cards were given for a seat that does not exist at this table.
    NoSuchSeat(u8),
    /// A card's text did not parse.
    BadCard(String),
}

impl fmt::Display for DealProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealProblem::Duplicate(c) => write!(f, "card {c} appears more than once"),
            DealProblem::Missing(c) => write!(f, "card {c} is missing"),
            DealProblem::NotInPack(c) => write!(f, "card {c} is not in this pack"),
            DealProblem::HandSize {
                seat,
                expected,
                found,
            } => write!(f, "seat {seat} holds {found} cards, expected {expected}"),
            DealProblem::TalonSize { expected, found } => {
                write!(f, "talon holds {found} cards, expected {expected}")
            }
            DealProblem::NoSuchSeat(s) => write!(f, "no seat {s} at this table"),
            DealProblem::BadCard(s) => write!(f, "invalid card {s:?}"),
        }
    }
}

/// An explicit deal that failed validation: every problem found.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct DealError {
    /// The problems, in a stable order.
    pub problems: Vec<DealProblem>,
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid deal: ")?;
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for DealError {}

/// The shape a deal must have in one game: pack, table, hand and talon sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealShape {
    /// The pack.
    pub pack: Pack,
    /// Cards per active hand; 0 where that depends on the table: the pack less the talon
    /// shared evenly among the active players (the Slovenian game of three or four).
    pub hand_size: usize,
    /// Cards in the talon.
    pub talon_size: usize,
}

impl DealShape {
    /// The cards of each active hand at `table`.
    #[must_use]
    pub fn hand_size_at(&self, table: &Table) -> usize {
        if self.hand_size > 0 {
            return self.hand_size;
        }
        let active = usize::from(table.active_count()).max(1);
        self.pack.len().saturating_sub(self.talon_size) / active
    }
}

/// Unvalidated cards for an explicit deal; [`DealBuilder::build`] checks them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DealBuilder {
    hands: [Vec<Card>; MAX_SEATS],
    extra_seats: Vec<u8>,
    talon: Vec<Card>,
    bad_cards: Vec<String>,
}

impl DealBuilder {
    /// An empty builder.
    #[must_use]
    pub fn new() -> DealBuilder {
        DealBuilder::default()
    }

    /// Gives `cards` to seat `seat` (any index; a seat the table does not have is reported).
    #[must_use]
    pub fn hand(mut self, seat: u8, cards: &[Card]) -> DealBuilder {
        match self.hands.get_mut(seat as usize) {
            Some(h) => h.extend_from_slice(cards),
            None => self.extra_seats.push(seat),
        }
        self
    }

    /// Gives seat `seat` the cards written in notation, separated by spaces or commas.
    #[must_use]
    pub fn hand_str(self, seat: u8, cards: &str) -> DealBuilder {
        let (parsed, builder) = self.parse(cards);
        builder.hand(seat, &parsed)
    }

    /// Sets the talon, top card first.
    #[must_use]
    pub fn talon(mut self, cards: &[Card]) -> DealBuilder {
        self.talon.extend_from_slice(cards);
        self
    }

    /// Sets the talon from notation.
    #[must_use]
    pub fn talon_str(self, cards: &str) -> DealBuilder {
        let (parsed, builder) = self.parse(cards);
        builder.talon(&parsed)
    }

    fn parse(mut self, text: &str) -> (Vec<Card>, DealBuilder) {
        let mut out = Vec::new();
        for tok in text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
        {
            match tok.parse::<Card>() {
                Ok(c) => out.push(c),
                Err(_) => self.bad_cards.push(tok.to_owned()),
            }
        }
        (out, self)
    }

    /// Checks the cards against `shape` and `table` and returns the deal.
    ///
    /// # Errors
    /// A [`DealError`] listing every problem: unknown seats, unparsable cards, cards outside the
    /// pack, duplicates, missing cards, wrong hand or talon sizes.
    pub fn build(&self, shape: &DealShape, table: &Table) -> Result<Deal, DealError> {
        let mut problems: Vec<DealProblem> = Vec::new();
        problems.extend(self.bad_cards.iter().cloned().map(DealProblem::BadCard));
        for (i, h) in self.hands.iter().enumerate() {
            if i >= usize::from(table.seats) && !h.is_empty() {
                problems.push(DealProblem::NoSuchSeat(i as u8));
            }
        }
        problems.extend(
            self.extra_seats
                .iter()
                .copied()
                .map(DealProblem::NoSuchSeat),
        );
        let pack = shape.pack.cards();
        let mut seen = CardSet::EMPTY;
        let mut dup = CardSet::EMPTY;
        let mut foreign = CardSet::EMPTY;
        for &c in self.hands.iter().flatten().chain(self.talon.iter()) {
            if !pack.contains(c) {
                foreign.insert(c);
            } else if seen.contains(c) {
                dup.insert(c);
            }
            seen.insert(c);
        }
        problems.extend(foreign.into_iter().map(DealProblem::NotInPack));
        problems.extend(dup.into_iter().map(DealProblem::Duplicate));
        problems.extend((pack - seen).into_iter().map(DealProblem::Missing));
        for seat in Seat::all(table.seats) {
            let expected = if table.is_active(seat) {
                shape.hand_size_at(table)
            } else {
                0
            };
            let found = self.hands[seat.index()].len();
            if found != expected {
                problems.push(DealProblem::HandSize {
                    seat,
                    expected,
                    found,
                });
            }
        }
        if self.talon.len() != shape.talon_size {
            problems.push(DealProblem::TalonSize {
                expected: shape.talon_size,
                found: self.talon.len(),
            });
        }
        if !problems.is_empty() {
            return Err(DealError { problems });
        }
        let mut hands = BySeat::splat(CardSet::EMPTY);
        for seat in Seat::all(table.seats) {
            hands[seat] = self.hands[seat.index()].iter().copied().collect();
        }
        let mut talon = [Card::PAGAT; MAX_TALON];
        talon[..self.talon.len()].copy_from_slice(&self.talon);
        Ok(Deal {
            hands,
            talon,
            talon_len: self.talon.len() as u8,
        })
    }
}
