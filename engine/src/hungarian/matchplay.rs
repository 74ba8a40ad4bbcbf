//! The match: what one hand hands on to the next — who deals, the doubled rounds, the running
//! totals, and the end of the session (HU-MATCH; for Polish Taroki, PL-MATCH).
//!
//! # Representation
//!
//! [`MatchContext`] is a `Copy` value of fixed size with no heap data, so it can travel in a
//! record next to the [`Setup`] of the hand it belongs to. The caller plays a hand dealt by
//! [`MatchContext::dealer`], settles it with [`MatchContext::multiplier`]
//! (`Hungarian::settle(ctx.multiplier())`), and records it with [`MatchContext::record`] (or
//! does all three steps with [`MatchContext::record_hand`]); [`MatchContext::next_setup`] then
//! describes the next hand.
//!
//! A doubled round is a counter of the deals it still covers. The running rounds sit, oldest
//! first, in a fixed array of [`MAX_DOUBLED_ROUNDS`] counters; the multiplier of a deal is
//! `2^k` for the `k` rounds covering it (HU-MATCH-04).
//!
//! # Decisions
//!
//! The rule texts leave these open; each is tested in `tests/hungarian_match.rs`.
//!
//! - A passed-out (HU-BID-07) or annulled (HU-ANNUL-10) hand is *thrown in*: it scores nothing,
//!   the same dealer deals again (HU-MATCH-02), and, with `double_round_after_passout` on, it
//!   starts a doubled round covering the next `n` deals for `n` seats (4, or 5 with five
//!   players), the redeal being the first of them (HU-MATCH-03, HU-MATCH-05, HU-ANNUL-11). With
//!   the option off there is never a doubled round (HV-MATCH-01).
//! - Every deal counts as one of the `n` deals of each round running when it is dealt, a
//!   thrown-in deal too: a deal is a deal, whether or not it is scored. So a round started by a
//!   thrown-in deal inside another round overlaps that round for the rest of it, and at most `n`
//!   rounds (those started by the last `n` deals) run at once. [`MAX_DOUBLED_ROUNDS`] is
//!   therefore never reached; were it reached, a further round would not be counted (the
//!   exponent is capped at [`MAX_DOUBLED_ROUNDS`]), so nothing overflows or panics.
//! - A failed speculative bid (HU-BID-10) is settled with payments, so it is treated as a played
//!   hand: the deal passes to the right and no doubled round starts. (The seed does not say;
//!   see the CHECKLIST's open points.) A bid of three with only trull announced
//!   (`skip_trull_only_three`) is scored, so it is a played hand as well.
//! - End of session (HU-MATCH-07): [`MatchContext::end_session`] is said between hands; the
//!   next recorded hand notes the skíz holder S. If no one holds the skíz in that hand (it lay in
//!   a talon that was never handed out), the hand after it notes the holder instead. From then
//!   on the turns to deal that reach S by rotation are counted: at the first, S deals (a redeal
//!   by S after a thrown-in hand is the same turn); at the second the match is over, before S
//!   deals. When S dealt the noting hand, that deal does not count: S was noted only once the
//!   cards were out, so "until it is S's turn to deal" means S's next turn.
//! - With five players the deal rotates through all five seats and the dealer of each hand sits
//!   out of it (HU-MATCH-06); a doubled round then covers five deals.
//! - The running totals add each seat's result with saturation; the deal count includes
//!   thrown-in deals.
//!
//! A Polish match ([`MatchContext::polish`]) is the same record without the Hungarian rules:
//! the deal passes to the right after every hand, a thrown-in one too (PL-MATCH-01/02); there
//! are no doubled rounds; each hand is settled on its own and only the balances carry over
//! (PL-MATCH-03); and the players end the session when they like, so [`MatchContext::end_session`]
//! ends it at once.
//!
//! An Austrian series ([`MatchContext::austrian`]) of three: the deal passes to the right, but
//! after three passes redealt the same dealer deals again (AT-BID-06); the running totals are
//! the players' points, and the series ends as soon as one reaches 100, each player at 100 or
//! more scoring 10 more (AT-MATCH-01/02). After three passes under the Graz rule the dealer may
//! keep talon cards: [`MatchContext::next_setup`] then deals the next hand from the rest of the
//! pack, the kept cards in the keeper's hand, who must bid (AT-BID-09/10).

use crate::card::{Card, CardSet};
use crate::game::{End, Observe};
use crate::hungarian::game::SetupError;
use crate::hungarian::{Hungarian, HungarianOptions, Phase};
use crate::ledger::Ledger;
use crate::rules::Rules;
use crate::seat::{BySeat, Seat};
use crate::variant::{AnyGame, DealSource, Setup};

/// Most doubled rounds a [`MatchContext`] keeps running at once. Since every deal counts
/// towards every running round, at most one round per seat (5) can run at once, so the bound is
/// never reached in a match; beyond it a new round is not counted.
pub const MAX_DOUBLED_ROUNDS: usize = 16;

/// Where the match stands on ending the session (HU-MATCH-07).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Session {
    /// Nobody has asked to end the session.
    Open,
    /// "A skíz oszt, nem oszt" was said: the next recorded hand in which someone holds the skíz
    /// notes the holder.
    Requested,
    /// The skíz holder is noted.
    Noted {
        /// The seat that held the skíz in the noting hand.
        holder: Seat,
        /// How many times the deal has since passed to `holder` (0 or 1; at 2 the match is over).
        turns: u8,
    },
    /// The deal is about to pass to the skíz holder a second time: the match is over.
    Over,
}

/// The game a match plays, which decides who deals next and when the match ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatchKind {
    /// Hungarian: doubled rounds, redeals after thrown-in hands, "a skíz oszt, nem oszt".
    Hungarian,
    /// Polish: the deal always passes on; the players stop when they like.
    Polish,
    /// Austrian: a series to 100 points.
    Austrian,
    /// Danish: the deal passes on (the same dealer after a misdeal), the pots go from hand to
    /// hand and are shared out when the players stop.
    Danish,
}

impl MatchKind {
    /// The match a variant plays.
    #[must_use]
    pub const fn of(variant: crate::Variant) -> MatchKind {
        match variant {
            crate::Variant::HungarianIllustrated
            | crate::Variant::HungarianPaskievics
            | crate::Variant::HungarianHigh => MatchKind::Hungarian,
            crate::Variant::PolishKrolami => MatchKind::Polish,
            crate::Variant::AustrianIllustrated => MatchKind::Austrian,
            crate::Variant::DanishTarok => MatchKind::Danish,
        }
    }

    /// The rule that makes hands into a match: the deal passing on (Hungarian, Polish), the
    /// series (Austrian).
    #[must_use]
    pub const fn rule(self) -> &'static str {
        match self {
            MatchKind::Hungarian => "HU-MATCH-01",
            MatchKind::Polish => "PL-MATCH-01",
            MatchKind::Austrian => "AT-MATCH-01",
            MatchKind::Danish => "DK-MATCH-04",
        }
    }
}

/// A match rebuilt from parts that cannot belong to one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MatchError {
    /// The seats or the dealer are not a Hungarian table.
    Table,
    /// A doubled round covers no deal or more deals than there are seats, there are too many,
    /// or doubled rounds run although the option is off.
    Rounds,
    /// The totals are not one per seat.
    Totals,
    /// The noted skíz holder is not a seat, or has dealt more often than the rule allows.
    Session,
}

impl std::fmt::Display for MatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            MatchError::Table => "the seats or the dealer are not a hungarian table",
            MatchError::Rounds => "doubled rounds must each cover 1 to seats deals, at most 16, and only with double_round_after_passout",
            MatchError::Totals => "the match totals must give one number per seat",
            MatchError::Session => "the noted skíz holder must be a seat that has dealt at most once",
        })
    }
}

impl std::error::Error for MatchError {}

/// The state of a Hungarian match between two hands: who deals next, the doubled rounds, the
/// running totals and the end of the session. See the [module docs](self) for the rules and
/// the decisions taken.
///
/// ```
/// use tarock_engine::hungarian::matchplay::MatchContext;
/// use tarock_engine::{BySeat, End, HungarianOptions, Seat};
///
/// let mut m = MatchContext::new(4, Seat::new(0), &HungarianOptions::default());
/// m.record(End::PassedOut, &BySeat::splat(0), None);
/// // The same dealer deals again, for double.
/// assert_eq!((m.dealer(), m.multiplier()), (Seat::new(0), 2));
/// m.record(End::Played, &BySeat([2, -2, 2, -2, 0]), None);
/// assert_eq!((m.dealer(), m.multiplier()), (Seat::new(1), 2));
/// assert_eq!(m.totals().0, [2, -2, 2, -2, 0]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchContext {
    /// Number of seats (4 or 5), which is also the length of a doubled round.
    seats: u8,
    /// The dealer of the next hand.
    dealer: Seat,
    /// Option H5 `double_round_after_passout`: whether thrown-in hands start doubled rounds.
    doubling: bool,
    /// The game the match plays.
    kind: MatchKind,
    /// The talon cards kept for the next hand and their keeper (Austrian, Graz).
    kept: Option<(Seat, CardSet)>,
    /// The Danish pots (pagat, king) after the last hand recorded.
    pots: [i64; 2],
    /// The deals each running doubled round still covers, oldest first; `rounds[..nrounds]`
    /// are all non-zero.
    rounds: [u8; MAX_DOUBLED_ROUNDS],
    nrounds: u8,
    /// Each seat's running total.
    totals: BySeat<i64>,
    /// Deals recorded, thrown-in ones included.
    deals: u32,
    session: Session,
}

impl MatchContext {
    /// A match of `seats` (4 or 5) whose first hand `first_dealer` deals, under the rule
    /// options `options` (only `double_round_after_passout` matters here).
    ///
    /// # Panics
    /// If `seats` is not 4 or 5 or `first_dealer` is not one of the seats; see
    /// [`MatchContext::try_new`].
    #[must_use]
    #[track_caller]
    pub fn new(seats: u8, first_dealer: Seat, options: &HungarianOptions) -> MatchContext {
        match MatchContext::try_new(seats, first_dealer, options) {
            Ok(m) => m,
            Err(e) => panic!("{e}"),
        }
    }

    /// A match of `seats` whose first hand `first_dealer` deals.
    ///
    /// # Errors
    /// [`SetupError`] for a seat count other than 4 or 5 or a dealer outside the table.
    pub fn try_new(
        seats: u8,
        first_dealer: Seat,
        options: &HungarianOptions,
    ) -> Result<MatchContext, SetupError> {
        Hungarian::table(seats, first_dealer)?;
        Ok(MatchContext {
            seats,
            dealer: first_dealer,
            doubling: options.double_round_after_passout,
            kind: MatchKind::Hungarian,
            kept: None,
            pots: [0; 2],
            rounds: [0; MAX_DOUBLED_ROUNDS],
            nrounds: 0,
            totals: BySeat::splat(0),
            deals: 0,
            session: Session::Open,
        })
    }

    /// A Polish match of four whose first hand `first_dealer` deals.
    ///
    /// # Errors
    /// [`MatchError::Table`] for a dealer outside the table.
    pub fn polish(first_dealer: Seat) -> Result<MatchContext, MatchError> {
        MatchContext::simple(MatchKind::Polish, 4, first_dealer)
    }

    /// An Austrian series of three whose first hand `first_dealer` deals.
    ///
    /// # Errors
    /// [`MatchError::Table`] for a dealer outside the table.
    pub fn austrian(first_dealer: Seat) -> Result<MatchContext, MatchError> {
        MatchContext::simple(MatchKind::Austrian, 3, first_dealer)
    }

    /// A Danish session of `seats` (3, or 4 with one sitting out) whose first hand
    /// `first_dealer` deals.
    ///
    /// # Errors
    /// [`MatchError::Table`] for another number of seats or a dealer outside the table.
    pub fn danish(seats: u8, first_dealer: Seat) -> Result<MatchContext, MatchError> {
        MatchContext::simple(MatchKind::Danish, seats, first_dealer)
    }

    /// A new match whose first hand is `game` (its table, dealer and, for a Hungarian game,
    /// its options).
    ///
    /// # Errors
    /// [`MatchError::Table`] if the game's table cannot hold a match of its kind.
    pub fn starting_with(game: &AnyGame) -> Result<MatchContext, MatchError> {
        let table = game.table_info();
        if let AnyGame::Hungarian(h) = game {
            return MatchContext::try_new(table.seats, table.dealer, h.options())
                .map_err(|_| MatchError::Table);
        }
        MatchContext::simple(MatchKind::of(game.variant()), table.seats, table.dealer)
    }

    /// A match of `seats` of a game without doubled rounds.
    fn simple(kind: MatchKind, seats: u8, first_dealer: Seat) -> Result<MatchContext, MatchError> {
        let allowed: &[u8] = match kind {
            MatchKind::Hungarian => Hungarian::SEATS,
            MatchKind::Polish => crate::Polish::SEATS,
            MatchKind::Austrian => crate::Austrian::SEATS,
            MatchKind::Danish => crate::Danish::SEATS,
        };
        if !allowed.contains(&seats) || first_dealer.get() >= seats {
            return Err(MatchError::Table);
        }
        Ok(MatchContext {
            seats,
            dealer: first_dealer,
            doubling: false,
            kind,
            kept: None,
            pots: [0; 2],
            rounds: [0; MAX_DOUBLED_ROUNDS],
            nrounds: 0,
            totals: BySeat::splat(0),
            deals: 0,
            session: Session::Open,
        })
    }

    /// Rebuilds a match of a game without doubled rounds (Polish, Austrian, Danish) between
    /// hands from its parts: the next dealer, the running totals (one per seat, which gives the
    /// number of seats), the deals played, and whether the session is over.
    ///
    /// # Errors
    /// [`MatchError`] naming the first part that cannot belong to a match.
    pub fn simple_from_parts(
        kind: MatchKind,
        dealer: Seat,
        totals: &[i64],
        deals: u32,
        over: bool,
    ) -> Result<MatchContext, MatchError> {
        if kind == MatchKind::Hungarian {
            return Err(MatchError::Rounds);
        }
        let seats = u8::try_from(totals.len()).map_err(|_| MatchError::Totals)?;
        let mut m = MatchContext::simple(kind, seats, dealer).map_err(|e| {
            if dealer.get() < seats {
                MatchError::Totals
            } else {
                e
            }
        })?;
        m.totals.0[..totals.len()].copy_from_slice(totals);
        m.deals = deals;
        if over {
            m.session = Session::Over;
        }
        Ok(m)
    }

    /// The game the match plays.
    #[must_use]
    pub const fn kind(&self) -> MatchKind {
        self.kind
    }

    /// Rebuilds a match between hands from its parts, as a stateless server receives them in a
    /// record: the table, the next dealer, the option, the deals each running doubled round
    /// still covers (each `1..=seats`, at most [`MAX_DOUBLED_ROUNDS`]), the running totals (one
    /// per seat), the deals played and the session.
    ///
    /// # Errors
    /// [`MatchError`] naming the first part that cannot belong to a match.
    pub fn from_parts(
        seats: u8,
        dealer: Seat,
        options: &HungarianOptions,
        rounds: &[u8],
        totals: &[i64],
        deals: u32,
        session: Session,
    ) -> Result<MatchContext, MatchError> {
        let mut m = MatchContext::try_new(seats, dealer, options).map_err(|_| MatchError::Table)?;
        if rounds.len() > MAX_DOUBLED_ROUNDS || rounds.iter().any(|&r| r == 0 || r > seats) {
            return Err(MatchError::Rounds);
        }
        if !rounds.is_empty() && !options.double_round_after_passout {
            return Err(MatchError::Rounds);
        }
        if totals.len() != usize::from(seats) {
            return Err(MatchError::Totals);
        }
        match session {
            Session::Noted { holder, turns } if holder.get() >= seats || turns > 1 => {
                return Err(MatchError::Session)
            }
            _ => {}
        }
        m.rounds[..rounds.len()].copy_from_slice(rounds);
        m.nrounds = rounds.len() as u8;
        m.totals.0[..totals.len()].copy_from_slice(totals);
        m.deals = deals;
        m.session = session;
        Ok(m)
    }

    /// The number of seats.
    #[must_use]
    pub const fn seats(&self) -> u8 {
        self.seats
    }

    /// The dealer of the next hand (HU-MATCH-01, HU-MATCH-02). With five seats the dealer sits
    /// out of the hand (HU-MATCH-06).
    #[must_use]
    pub const fn dealer(&self) -> Seat {
        self.dealer
    }

    /// True if thrown-in hands start doubled rounds (option `double_round_after_passout`).
    #[must_use]
    pub const fn doubled_rounds_enabled(&self) -> bool {
        self.doubling
    }

    /// The deals each running doubled round still covers, the next hand included, oldest
    /// round first. Empty when the next hand is not doubled.
    #[must_use]
    pub fn doubled_rounds(&self) -> &[u8] {
        &self.rounds[..usize::from(self.nrounds)]
    }

    /// The round multiplier of the next hand: `2^k` for the `k` doubled rounds covering it
    /// (HU-MATCH-03, HU-MATCH-04). Pass it to `Hungarian::settle`.
    #[must_use]
    pub const fn multiplier(&self) -> i64 {
        1_i64 << self.nrounds
    }

    /// Each seat's running total: the sum of the recorded hands' totals (saturating).
    #[must_use]
    pub const fn totals(&self) -> BySeat<i64> {
        self.totals
    }

    /// The number of deals recorded, thrown-in ones included.
    #[must_use]
    pub const fn deals(&self) -> u32 {
        self.deals
    }

    /// Where the match stands on ending the session.
    #[must_use]
    pub const fn session(&self) -> Session {
        self.session
    }

    /// True when the session has ended (HU-MATCH-07): no further hand is dealt.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        matches!(self.session, Session::Over)
    }

    /// A player says "A skíz oszt, nem oszt" (HU-MATCH-07): the next recorded hand notes the
    /// skíz holder. Call it between hands; once the session is already ending it does nothing.
    /// A Polish session ends at once (PL-MATCH-03: nothing but the balances carries over), and
    /// so does an Austrian series before anyone reaches 100. A Danish session ends with the
    /// pots shared equally among the players (DK-MATCH-08), in units of 5 where the pot allows,
    /// what does not divide going one unit each to the seats in turn from seat 0.
    pub fn end_session(&mut self) {
        if self.kind == MatchKind::Danish && self.session != Session::Over {
            let n = i64::from(self.seats);
            for pot in &mut self.pots {
                let unit = if *pot % 5 == 0 { 5 } else { 1 };
                let share = *pot / (unit * n) * unit;
                let mut rest = *pot - share * n;
                for t in &mut self.totals.0[..usize::from(self.seats)] {
                    let extra = rest.min(unit);
                    *t += share + extra;
                    rest -= extra;
                }
                *pot = 0;
            }
        }
        if self.kind != MatchKind::Hungarian {
            self.session = Session::Over;
        } else if self.session == Session::Open {
            self.session = Session::Requested;
        }
    }

    /// The Danish pots (pagat, king) after the last hand recorded.
    #[must_use]
    pub const fn pots(&self) -> [i64; 2] {
        self.pots
    }

    /// Records a finished hand dealt by [`MatchContext::dealer`]: how it ended, each seat's
    /// result already multiplied by [`MatchContext::multiplier`] (the ledger's totals of
    /// `Hungarian::settle(self.multiplier())`), and the seat that held the skíz in it, if any
    /// ([`skiz_holder`]), which matters only while the session is ending.
    ///
    /// The hand's totals are added to the running totals; the hand counts as one deal of every
    /// running doubled round; a passed-out or annulled hand starts a new doubled round (if the
    /// option is on) and keeps the dealer, any other hand passes the deal to the right. A hand
    /// recorded after the match is over is still counted, and the match stays over. Totals of
    /// seats beyond the table and a skíz holder outside it are ignored.
    pub fn record(&mut self, end: End, totals: &BySeat<i64>, skiz_holder: Option<Seat>) {
        // A passed-out or annulled Hungarian hand, or an Austrian one redealt, keeps the
        // dealer; a Polish hand of any kind passes the deal on (PL-MATCH-01/02); a Danish
        // misdeal is dealt again by the same dealer (DK-DEAL-11).
        let thrown_in = matches!(end, End::PassedOut | End::Annulled(_));
        let keep_dealer = match self.kind {
            MatchKind::Hungarian => thrown_in,
            MatchKind::Polish => false,
            MatchKind::Austrian => thrown_in && self.kept.is_none(),
            MatchKind::Danish => matches!(end, End::ThrownIn(_)),
        };
        self.record_with(end, totals, skiz_holder, keep_dealer);
    }

    fn record_with(
        &mut self,
        end: End,
        totals: &BySeat<i64>,
        skiz_holder: Option<Seat>,
        keep_dealer: bool,
    ) {
        let n = usize::from(self.seats);
        for (t, &x) in self.totals.0[..n].iter_mut().zip(&totals.0[..n]) {
            *t = t.saturating_add(x);
        }
        self.deals = self.deals.saturating_add(1);

        // This deal was one of the deals of every running round.
        let mut kept = 0;
        for i in 0..usize::from(self.nrounds) {
            let left = self.rounds[i].saturating_sub(1);
            if left > 0 {
                self.rounds[kept] = left;
                kept += 1;
            }
        }
        self.rounds[kept..].fill(0);
        self.nrounds = kept as u8;

        let thrown_in =
            keep_dealer && matches!(end, End::PassedOut | End::Annulled(_) | End::ThrownIn(_));
        if thrown_in && self.doubling && kept < MAX_DOUBLED_ROUNDS {
            self.rounds[kept] = self.seats;
            self.nrounds += 1;
        }

        if self.session == Session::Requested {
            if let Some(holder) = skiz_holder.filter(|s| s.get() < self.seats) {
                self.session = Session::Noted { holder, turns: 0 };
            }
        }

        // AT-MATCH-01/02: the series ends when a player reaches 100; each at 100 scores 10 more.
        let totals = &mut self.totals.0[..n];
        if self.kind == MatchKind::Austrian
            && self.session != Session::Over
            && totals.iter().any(|&t| t >= 100)
        {
            for t in totals.iter_mut().filter(|t| **t >= 100) {
                *t = t.saturating_add(10);
            }
            self.session = Session::Over;
        }

        if !thrown_in {
            self.dealer = self.dealer.next(self.seats);
            if let Session::Noted { holder, turns } = self.session {
                if holder == self.dealer {
                    self.session = if turns == 0 {
                        Session::Noted { holder, turns: 1 }
                    } else {
                        Session::Over
                    };
                }
            }
        }
    }

    /// Settles a finished hand of any variant at [`MatchContext::multiplier`], records it (with
    /// the skíz holder of a Hungarian hand) and returns its ledger; `None` (and nothing
    /// recorded) if the hand is not over.
    pub fn record_game(&mut self, game: &AnyGame) -> Option<Ledger> {
        match game {
            AnyGame::Hungarian(h) => self.record_hand(h),
            AnyGame::Polish(p) => {
                let crate::polish::Phase::Over(end) = p.phase() else {
                    return None;
                };
                let ledger = p.settle();
                self.record(end, &ledger.totals, None);
                Some(ledger)
            }
            AnyGame::Austrian(a) => {
                let crate::austrian::Phase::Over(end) = a.phase() else {
                    return None;
                };
                let ledger = a.settle();
                self.kept = a.kept();
                self.record(end, &ledger.totals, None);
                Some(ledger)
            }
            AnyGame::Danish(d) => {
                let crate::danish::Phase::Over(end) = d.phase() else {
                    return None;
                };
                let ledger = d.settle();
                self.pots = ledger.pots.unwrap_or(self.pots);
                self.record(end, &ledger.totals, None);
                Some(ledger)
            }
        }
    }

    /// Settles a finished hand at [`MatchContext::multiplier`], records it with its skíz
    /// holder ([`skiz_holder`]) and returns its ledger; `None` (and nothing recorded) if the
    /// hand is not over.
    pub fn record_hand(&mut self, hand: &Hungarian) -> Option<Ledger> {
        let Phase::Over(end) = hand.phase() else {
            return None;
        };
        let ledger = hand.settle(self.multiplier());
        self.record(end, &ledger.totals, skiz_holder(hand));
        Some(ledger)
    }

    /// The setup of the next hand: `base`'s variant, options and seats, dealt by
    /// [`MatchContext::dealer`] from `seed`. After an Austrian hand in which talon cards were
    /// kept, the deal is the rest of the pack shuffled from `seed` with the kept cards in the
    /// keeper's hand, and the keeper must bid (option `obliged_bidder`, AT-BID-09/10). A
    /// Danish hand starts with the pots the last one left (options `pagat_pot`, `king_pot`).
    #[must_use]
    pub fn next_setup(&self, base: &Setup, seed: [u8; 32]) -> Setup {
        let carried = ["obliged_bidder", "pagat_pot", "king_pot"];
        let mut options: Vec<(String, String)> = base
            .options
            .iter()
            .filter(|(k, _)| !carried.contains(&k.as_str()))
            .cloned()
            .collect();
        if self.kind == MatchKind::Danish {
            options.push(("pagat_pot".to_owned(), self.pots[0].to_string()));
            options.push(("king_pot".to_owned(), self.pots[1].to_string()));
        }
        let deal = match self.kept {
            Some((keeper, cards)) if self.kind == MatchKind::Austrian => {
                options.push(("obliged_bidder".to_owned(), keeper.get().to_string()));
                let table = crate::seat::Table {
                    seats: self.seats,
                    dealer: self.dealer,
                    sitting_out: None,
                };
                let order = crate::shuffle::shuffled(crate::card::Pack::Tarock54, seed);
                let d = crate::austrian::Austrian::deal_keeping(
                    &table,
                    order.as_slice(),
                    keeper,
                    cards,
                );
                let mut b = crate::deal::DealBuilder::new().talon(d.talon());
                for s in Seat::all(self.seats) {
                    let hand: Vec<Card> = d.hands[s].into_iter().collect();
                    b = b.hand(s.get(), &hand);
                }
                DealSource::Explicit(b)
            }
            _ => DealSource::Seed(seed),
        };
        Setup {
            variant: base.variant,
            options,
            seats: base.seats,
            dealer: self.dealer,
            deal,
        }
    }
}

/// The seat that holds the skíz in `hand`: the one it was dealt to, or else the one that
/// received it from the talon; `None` while it lies in the talon (a hand thrown in before the
/// talon was handed out).
#[must_use]
pub fn skiz_holder(hand: &Hungarian) -> Option<Seat> {
    let seats = hand.table_info().seats;
    Seat::all(seats)
        .find(|&s| hand.deal().hands[s].contains(Card::SKIZ))
        .or_else(|| Seat::all(seats).find(|&s| hand.talon_received(s).contains(Card::SKIZ)))
}
