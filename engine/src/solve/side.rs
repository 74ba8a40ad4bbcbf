//! [`SeatMask`]: the side of seats whose card points the solver counts.

use crate::game::Observe;
use crate::ledger::Team;
use crate::seat::{Seat, Table, MAX_SEATS};
use crate::variant::AnyGame;

/// A set of seats, bit `i` for seat `i`: the side whose points the solver counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct SeatMask(u8);

impl SeatMask {
    /// No seat.
    pub const EMPTY: SeatMask = SeatMask(0);

    /// The seats of the bits of `bits` (bits beyond the largest table are dropped).
    #[must_use]
    pub const fn from_bits(bits: u8) -> SeatMask {
        SeatMask(bits & ((1 << MAX_SEATS) - 1))
    }

    /// The bits.
    #[must_use]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// One seat.
    #[must_use]
    pub const fn of(s: Seat) -> SeatMask {
        SeatMask(1 << s.get())
    }

    /// This set with `s` added.
    #[must_use]
    pub const fn with(self, s: Seat) -> SeatMask {
        SeatMask(self.0 | 1 << s.get())
    }

    /// True if `s` is in the set.
    #[must_use]
    pub const fn contains(self, s: Seat) -> bool {
        self.0 & (1 << s.get()) != 0
    }

    /// True if the set has no seat.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats that play the hand at `table` (not the one sitting out).
    #[must_use]
    pub fn active(table: &Table) -> SeatMask {
        Seat::all(table.seats)
            .filter(|&s| table.is_active(s))
            .fold(SeatMask::EMPTY, SeatMask::with)
    }

    /// The active seats at `table` that are not in this set.
    #[must_use]
    pub fn others(self, table: &Table) -> SeatMask {
        SeatMask(SeatMask::active(table).0 & !self.0)
    }

    /// The declarer's team as the engine knows it (the declarer and the true partner), or `None`
    /// in a hand without a declarer (Danish, Trischaken) or before there is one.
    #[must_use]
    pub fn declarer_side(g: &AnyGame) -> Option<SeatMask> {
        let table = g.table_info();
        let m = Seat::all(table.seats)
            .filter(|&s| {
                table.is_active(s)
                    && g.side_known_to(crate::game::Viewer::Referee, s) == Some(Team::Declarer)
            })
            .fold(SeatMask::EMPTY, SeatMask::with);
        (!m.is_empty()).then_some(m)
    }
}
