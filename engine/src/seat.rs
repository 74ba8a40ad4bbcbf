//! Seats around the table, turn order, and per-seat containers.
//!
//! # Representation
//!
//! Seats are numbered `0..n` for a table of `n` (3 to 5) in the direction of play: every game of
//! the family plays anticlockwise, so `seat + 1 (mod n)` is the player to the right, who speaks
//! and plays next. "The player to the dealer's right" is therefore `dealer.next(n)`.

use std::fmt;
use std::ops::{Index, IndexMut};

/// Largest table of the family (Hungarian with five, the dealer sitting out).
pub const MAX_SEATS: usize = 5;

/// A seat at the table, `0..n`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Seat(u8);

impl Seat {
    /// The seat with index `i`.
    ///
    /// # Panics
    /// If `i >= MAX_SEATS`.
    #[must_use]
    #[track_caller]
    pub const fn new(i: u8) -> Seat {
        assert!((i as usize) < MAX_SEATS, "seat out of range 0..5");
        Seat(i)
    }

    /// The seat with index `i`, or `None` if `i >= MAX_SEATS`.
    #[must_use]
    pub const fn try_new(i: u8) -> Option<Seat> {
        if (i as usize) < MAX_SEATS {
            Some(Seat(i))
        } else {
            None
        }
    }

    /// The index `0..5`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The index as `u8`.
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The next seat in the direction of play (the player to the right) at a table of `n`
    /// (`self` one of its seats).
    #[must_use]
    pub const fn next(self, n: u8) -> Seat {
        // A select instead of a division or a branch: this runs on every turn, and whether it
        // wraps is not predictable.
        let t = self.0 + 1;
        Seat(if t < n { t } else { t.wrapping_sub(n) })
    }

    /// The seat `k` places further in the direction of play.
    #[must_use]
    pub const fn plus(self, k: u8, n: u8) -> Seat {
        Seat((self.0 + k % n) % n)
    }

    /// How many places after `from` this seat comes, in the direction of play (`0..n`).
    #[must_use]
    pub const fn distance_from(self, from: Seat, n: u8) -> u8 {
        (self.0 + n - from.0) % n
    }

    /// The seats `0..n`.
    pub fn all(n: u8) -> impl Iterator<Item = Seat> {
        (0..n).map(Seat)
    }
}

impl fmt::Debug for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Seat({})", self.0)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// One value per seat, for tables of up to five.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct BySeat<T>(pub [T; MAX_SEATS]);

impl<T: Copy> BySeat<T> {
    /// Every seat holding `v`.
    #[must_use]
    pub const fn splat(v: T) -> BySeat<T> {
        BySeat([v; MAX_SEATS])
    }
}

impl<T> BySeat<T> {
    /// The values of seats `0..n`.
    #[must_use]
    pub fn first(&self, n: u8) -> &[T] {
        &self.0[..n as usize]
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, s: Seat) -> &T {
        &self.0[s.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, s: Seat) -> &mut T {
        &mut self.0[s.index()]
    }
}

impl<T: fmt::Debug> fmt::Debug for BySeat<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.0.iter()).finish()
    }
}

/// Which seats take part in a hand: a table of `n` seats with some sitting out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Table {
    /// Number of seats, 3 to 5.
    pub seats: u8,
    /// The dealer.
    pub dealer: Seat,
    /// The seat sitting out of this hand, if any (the dealer at five-handed Hungarian; the player
    /// opposite the dealer at four-handed Danish).
    pub sitting_out: Option<Seat>,
}

/// A table that cannot be: a number of seats the game is not played by, or a dealer who is not
/// one of the seats.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TableError {
    /// The game is played by one of `allowed` numbers of seats, not `found`.
    Seats {
        /// The numbers of seats the game is played by.
        allowed: &'static [u8],
        /// The number given.
        found: u8,
    },
    /// The dealer is not one of the seats.
    Dealer(Seat),
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Seats { allowed, found } => {
                write!(f, "the game is played by {allowed:?} seats, not {found}")
            }
            TableError::Dealer(d) => write!(f, "dealer {d} is not a seat at this table"),
        }
    }
}

impl std::error::Error for TableError {}

impl Table {
    /// A table of `seats`, one of `allowed`, dealt by `dealer`, nobody sitting out.
    ///
    /// # Errors
    /// [`TableError`] for a number of seats not allowed or a dealer outside the table.
    pub fn try_new(seats: u8, dealer: Seat, allowed: &'static [u8]) -> Result<Table, TableError> {
        if !allowed.contains(&seats) {
            return Err(TableError::Seats {
                allowed,
                found: seats,
            });
        }
        if dealer.get() >= seats {
            return Err(TableError::Dealer(dealer));
        }
        Ok(Table {
            seats,
            dealer,
            sitting_out: None,
        })
    }

    /// True if `s` plays this hand.
    #[must_use]
    pub fn is_active(&self, s: Seat) -> bool {
        s.get() < self.seats && Some(s) != self.sitting_out
    }

    /// The number of active players.
    #[must_use]
    pub fn active_count(&self) -> u8 {
        self.seats - u8::from(self.sitting_out.is_some())
    }

    /// The next active seat after `s` in the direction of play.
    #[must_use]
    pub fn next_active(&self, s: Seat) -> Seat {
        let mut t = s.next(self.seats);
        while Some(t) == self.sitting_out {
            t = t.next(self.seats);
        }
        t
    }

    /// The first active player to the dealer's right: first to be dealt to, to bid and to lead.
    #[must_use]
    pub fn first_active(&self) -> Seat {
        self.next_active(self.dealer)
    }

    /// The active seats in order starting with `from` (which must be active).
    pub fn active_from(&self, from: Seat) -> impl Iterator<Item = Seat> + '_ {
        let mut s = from;
        (0..self.active_count()).map(move |_| {
            let r = s;
            s = self.next_active(s);
            r
        })
    }
}
