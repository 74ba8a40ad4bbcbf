//! The itemised settlement of a hand: one line per scored item, with the payment of every seat.
//!
//! Invariant: the payments of every item sum to zero over the seats, and so do the totals.

use crate::action::Bonus;
use crate::seat::{BySeat, Seat, Table, MAX_SEATS};

/// A side of a partnership game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Team {
    /// The declarer and the partner (if any).
    Declarer,
    /// Everyone else who plays the hand.
    Opponents,
}

impl Team {
    /// The other side.
    #[must_use]
    pub const fn other(self) -> Team {
        match self {
            Team::Declarer => Team::Opponents,
            Team::Opponents => Team::Declarer,
        }
    }
}

/// What a ledger line is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Item {
    /// The game (the contract) itself.
    Game,
    /// A bonus, announced or silent. Double game and volát appear here too.
    Bonus(Bonus),
    /// Tarokks declared (paid by every other active player), or claimed undeclared from the
    /// partner at the end of the hand.
    Tarokks {
        /// The number held.
        count: u8,
        /// Declared in the round of announcements (else claimed from the partner afterwards).
        declared: bool,
    },
    /// A speculative fourth-seat bid that found no honour in the talon.
    TrialBidPenalty,
    /// A bid of three where the declarer's team announced only trull: not played, the declarer's
    /// team wins a fixed amount (option `skip_trull_only_three`).
    TrullOnlyThree,
    /// Five players: payment to the dealer for an honour received from the talon (option).
    TalonHonour,
    /// A Polish declarer gave the game up on finding the called king in the talon.
    GiveUp,
    /// Austrian Trischaken: a player's result (the most card points lose, the others win).
    Trischaken,
    /// A Danish payment (`seat` is the player it concerns).
    Danish(DanishItem),
}

/// What a Danish ledger line is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DanishItem {
    /// Every player pays the foundation into an empty pot (DK-MATCH-01/02).
    Foundation(Pot),
    /// The dealer pays 5 into each pot (DK-SCORE-03).
    DealingFee,
    /// A compulsory declaration, paid by each other player (DK-SCORE-04..08).
    Declaration(crate::danish::Meld),
    /// Kings played to earlier tricks and lost, 5 each to every other player and the king pot
    /// (DK-SCORE-09); `base` per king.
    KingsLost,
    /// The pagat played to an earlier trick and lost (DK-SCORE-10).
    PagatLost,
    /// An earlier trick won with the pagat (DK-SCORE-11).
    PagatTrick,
    /// All the tricks (DK-SCORE-13).
    Tout,
    /// An announced Tout that failed (DK-SCORE-25).
    ToutFailed,
    /// No trick (DK-SCORE-15).
    Nolo,
    /// The last trick won with the pagat (DK-SCORE-18).
    PagatUltimo,
    /// The last trick won with a king (DK-SCORE-19).
    KingUltimo,
    /// The pagat played to the last trick and lost (DK-SCORE-20).
    PagatBagud,
    /// A king played to the last trick and lost (DK-SCORE-21).
    KingBagud,
    /// The last trick won with another card (DK-SCORE-22).
    LastTrick,
    /// The count against 26 (the points counted), settled with the new dealer (DK-SCORE-27).
    Count(u8),
}

/// The two Danish pots (DK-SCORE-02).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pot {
    /// The pagat pot.
    Pagat,
    /// The king pot.
    King,
}

impl Pot {
    /// Both pots, in the order of [`LedgerItem::pots`].
    pub const BOTH: [Pot; 2] = [Pot::Pagat, Pot::King];

    /// The index in [`LedgerItem::pots`] and [`Ledger::pots`].
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Pot::Pagat => 0,
            Pot::King => 1,
        }
    }
}

/// How a settlement is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Scoring {
    /// Payments between the players: every line and the totals sum to zero.
    #[default]
    Payments,
    /// Points credited to players on a score sheet (Austrian series to 100): a line credits the
    /// players who won it, the others get nothing, so the lines need not sum to zero.
    Points,
}

/// One line of the settlement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LedgerItem {
    /// What is scored.
    pub item: Item,
    /// The team the item belongs to: the announcing team for an announced bonus, the team that
    /// made it for a silent one; `None` for an individual item.
    pub team: Option<Team>,
    /// The seat an individual item belongs to (declarations, penalties).
    pub seat: Option<Seat>,
    /// The base value before multipliers (per payment between two players).
    pub base: i64,
    /// The product of the kontra multiplier and any round multiplier.
    pub multiplier: i64,
    /// Announced in advance (false for silent bonuses and for the game).
    pub announced: bool,
    /// Made (true) or failed (false), from the point of view of `team` / `seat`.
    pub made: bool,
    /// What each seat receives (positive) or pays (negative) for this line. With the pots'
    /// changes, sums to zero.
    pub payments: BySeat<i64>,
    /// What the line puts into (positive) or takes from (negative) the Danish pagat and king
    /// pots; zero in the other games.
    pub pots: [i64; 2],
}

/// The itemised settlement of one hand.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Ledger {
    /// The scored lines, in a stable order (game first).
    pub items: Vec<LedgerItem>,
    /// The net result of each seat: the sum of the lines' payments. Sums to zero.
    pub totals: BySeat<i64>,
    /// Card points taken by the declarer's team and by the opponents, if the hand was played.
    pub card_points: Option<[i64; 2]>,
    /// The seat whose XXI was caught and who must wear the hat (an event, no score effect).
    pub hat: Option<Seat>,
    /// How the lines are read: payments (zero-sum) or points credited.
    pub scoring: Scoring,
    /// The Danish pots' contents (pagat, king) after the hand.
    pub pots: Option<[i64; 2]>,
}

impl Ledger {
    /// Appends a line and adds its payments to the totals.
    pub fn push(&mut self, item: LedgerItem) {
        for (t, p) in self.totals.0.iter_mut().zip(item.payments.0.iter()) {
            *t += p;
        }
        self.items.push(item);
    }

    /// True if every line and the totals sum to zero, counting what goes into the pots (a
    /// settlement in points need not).
    #[must_use]
    pub fn is_zero_sum(&self) -> bool {
        let potted: i64 = self.items.iter().map(|i| i.pots[0] + i.pots[1]).sum();
        self.items
            .iter()
            .all(|i| i.payments.0.iter().sum::<i64>() + i.pots[0] + i.pots[1] == 0)
            && self.totals.0.iter().sum::<i64>() + potted == 0
    }

    /// True if the totals are the sums of the lines and, for a settlement in payments, every
    /// line and the totals sum to zero: what every settlement of every game satisfies.
    #[must_use]
    pub fn is_balanced(&self) -> bool {
        let mut column = BySeat::splat(0_i64);
        for i in &self.items {
            for (c, p) in column.0.iter_mut().zip(i.payments.0) {
                *c += p;
            }
        }
        column == self.totals && (self.scoring == Scoring::Points || self.is_zero_sum())
    }
}

// ----- who pays whom: shared by the games' settlements ---------------------------------------

/// The active seats of `table`, in seat order. Seats beyond [`MAX_SEATS`] are ignored so that a
/// malformed table cannot index out of bounds.
pub(crate) fn active_seats(table: Table) -> impl Iterator<Item = Seat> {
    let n = table.seats.min(MAX_SEATS as u8);
    (0..n)
        .filter_map(Seat::try_new)
        .filter(move |&s| table.is_active(s))
}

/// Who plays with whom, and how team and individual items are paid.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sides {
    table: Table,
    pub(crate) declarer: Seat,
    /// `None` for a lone declarer; a partner equal to the declarer is treated as none.
    pub(crate) partner: Option<Seat>,
    /// Active members of each team (Declarer, Opponents), counted once: every team line asks.
    sizes: [i64; 2],
}

impl Sides {
    pub(crate) fn new(table: Table, declarer: Seat, partner: Option<Seat>) -> Sides {
        let mut sides = Sides {
            table,
            declarer,
            partner: partner.filter(|&p| p != declarer),
            sizes: [0; 2],
        };
        for t in [Team::Declarer, Team::Opponents] {
            sides.sizes[usize::from(t == Team::Opponents)] = sides.members(t).count() as i64;
        }
        sides
    }

    /// The team of any seat: the declarer and partner, or everyone else.
    pub(crate) fn team_of(&self, seat: Seat) -> Team {
        if seat == self.declarer || Some(seat) == self.partner {
            Team::Declarer
        } else {
            Team::Opponents
        }
    }

    /// The active members of `team`.
    pub(crate) fn members(&self, team: Team) -> impl Iterator<Item = Seat> + '_ {
        active_seats(self.table).filter(move |&s| self.team_of(s) == team)
    }

    /// Payments of a team item worth `v` won by `winner`. Equal teams pay member to member
    /// (±v each); otherwise every pair of opponents settles `v` between them, which gives a lone
    /// declarer ±3v against ∓v for each of three opponents.
    pub(crate) fn team_payments(&self, winner: Team, v: i64) -> BySeat<i64> {
        let nw = self.sizes[usize::from(winner == Team::Opponents)];
        let nl = self.sizes[usize::from(winner == Team::Declarer)];
        let mut pay = BySeat::splat(0);
        if nw == 0 || nl == 0 {
            return pay;
        }
        let (gain, loss) = if nw == nl {
            (v, v)
        } else {
            (v.saturating_mul(nl), v.saturating_mul(nw))
        };
        for s in active_seats(self.table) {
            pay[s] = if self.team_of(s) == winner {
                gain
            } else {
                -loss
            };
        }
        pay
    }

    /// Payments of an individual item: each of `payers` pays `v` to `receiver`.
    pub(crate) fn individual_payments(
        &self,
        receiver: Seat,
        payers: impl Iterator<Item = Seat>,
        v: i64,
    ) -> BySeat<i64> {
        let mut pay = BySeat::splat(0);
        for p in payers.filter(|&p| p != receiver) {
            pay[p] -= v;
            pay[receiver] += v;
        }
        pay
    }
}

/// A team line: the item belongs to `team`; `made` decides which team is paid.
pub(crate) fn team_line(
    sides: &Sides,
    item: Item,
    team: Team,
    base: i64,
    multiplier: i64,
    announced: bool,
    made: bool,
) -> LedgerItem {
    LedgerItem::of_team(
        item,
        team,
        base,
        multiplier,
        announced,
        made,
        |winner, v| sides.team_payments(winner, v),
    )
}

impl LedgerItem {
    /// A line of `team`'s item: `made` decides which team wins it, and `pay` gives each seat's
    /// share given the winning team and the value, `base × multiplier`.
    pub(crate) fn of_team(
        item: Item,
        team: Team,
        base: i64,
        multiplier: i64,
        announced: bool,
        made: bool,
        pay: impl FnOnce(Team, i64) -> BySeat<i64>,
    ) -> LedgerItem {
        let winner = if made { team } else { team.other() };
        LedgerItem {
            item,
            team: Some(team),
            seat: None,
            base,
            multiplier,
            announced,
            made,
            payments: pay(winner, base.saturating_mul(multiplier)),
            pots: [0; 2],
        }
    }
}
