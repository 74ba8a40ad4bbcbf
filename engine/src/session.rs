//! The session: what one hand hands on to the next — who deals, the doubled rounds, the
//! running totals, what a game carries between its hands (the Danish pots, the Austrian talon
//! cards kept) and the end of the session.
//!
//! # Representation
//!
//! [`MatchContext`] is a `Copy` value of fixed size with no heap data, so it can travel in a
//! record next to the [`Setup`] of the hand it belongs to. The caller plays a hand dealt by
//! [`MatchContext::dealer`], settles it with [`MatchContext::multiplier`], and records it with
//! [`MatchContext::record`] (or does all three steps with [`MatchContext::record_game`]);
//! [`MatchContext::next_setup`] then describes the next hand.
//!
//! The mechanisms are shared; each game states its own rules by implementing
//! [`SessionRules`] in its module: whether a hand dealt again keeps the dealer, whether
//! thrown-in hands double the next round, whether a series ends at a target, what a hand
//! carries to the next, and how the session ends. [`MatchKind`] names the game a context
//! plays, and `with_session!` is the one match from it to the game's rules.
//!
//! A doubled round is a counter of the deals it still covers. The running rounds sit, oldest
//! first, in a fixed array of [`MAX_DOUBLED_ROUNDS`] counters; the multiplier of a deal is
//! `2^k` for the `k` rounds covering it (HU-MATCH-04). Every deal counts as one of the deals
//! of each round running when it is dealt, a thrown-in deal too: a deal is a deal, whether or
//! not it is scored. So at most one round per seat runs at once, and [`MAX_DOUBLED_ROUNDS`] is
//! never reached; were it reached, a further round would not be counted (the exponent is
//! capped), so nothing overflows or panics. The running totals add each seat's result with
//! saturation; the deal count includes thrown-in deals.
//!
//! The decisions each game takes where the rule texts leave a choice are written where the
//! game states its rules: [`crate::hungarian::session`], [`crate::polish::session`],
//! [`crate::austrian::session`] and [`crate::danish::session`].

use crate::card::CardSet;
use crate::game::{End, Stage};
use crate::hungarian::{Hungarian, HungarianOptions};
use crate::ledger::Ledger;
use crate::rules::Rules;
use crate::seat::{BySeat, Seat, TableError, MAX_SEATS};
use crate::variant::{dispatch, with_game, AnyGame, Carried, DealSource, Setup, Variant};
use crate::{Austrian, Danish, Polish, Slovenian};

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
    /// Slovenian: a score sheet without a target; the same dealer after a hand thrown in.
    Slovenian,
}

/// The one match from a [`MatchKind`] to its game's [`SessionRules`]: runs `$e` with `$S`
/// standing for the game's type.
macro_rules! with_session {
    ($kind:expr, $S:ident => $e:expr) => {
        match $kind {
            MatchKind::Hungarian => {
                type $S = Hungarian;
                $e
            }
            MatchKind::Polish => {
                type $S = Polish;
                $e
            }
            MatchKind::Austrian => {
                type $S = Austrian;
                $e
            }
            MatchKind::Danish => {
                type $S = Danish;
                $e
            }
            MatchKind::Slovenian => {
                type $S = Slovenian;
                $e
            }
        }
    };
}

impl MatchKind {
    /// The match a variant plays.
    #[must_use]
    pub const fn of(variant: Variant) -> MatchKind {
        with_game!(variant, G => G::KIND)
    }

    /// The rule that makes hands into a match: the deal passing on (Hungarian, Polish, Danish),
    /// the series (Austrian).
    #[must_use]
    pub const fn rule(self) -> &'static str {
        with_session!(self, S => S::RULE)
    }
}

/// How a game's hands make a session: the rules each game states in its own module.
///
/// The defaults are the plainest session: the deal passes on after every hand, no round is
/// doubled, nothing but the totals goes from one hand to the next, and the players end the
/// session when they like.
pub trait SessionRules: Rules {
    /// The kind a [`MatchContext`] of this game records.
    const KIND: MatchKind;

    /// The rule that makes hands into a session, for errors about the session.
    const RULE: &'static str;

    /// Whether thrown-in hands may start doubled rounds: the caller's options then decide
    /// ([`SessionRules::doubling`]); [`MatchContext::simple_from_parts`] refuses such a game.
    const DOUBLED_ROUNDS: bool = false;

    /// The series' target and the bonus of each player who reaches it, when a series ends as
    /// soon as someone reaches a number of points.
    const TARGET: Option<(i64, i64)> = None;

    /// Whether thrown-in hands start doubled rounds under this hand's options.
    fn doubling(&self) -> bool {
        false
    }

    /// Whether the hand that ended with `end` is dealt again by the same dealer; `kept`
    /// tells whether talon cards were kept for the next hand.
    fn keeps_dealer(end: End, kept: bool) -> bool;

    /// The seat that held the skíz in this hand, which a session ending on it notes.
    fn skiz_holder(&self) -> Option<Seat> {
        None
    }

    /// What the finished hand, settled as `ledger`, hands on to the next besides the totals.
    fn hand_on(&self, _ledger: &Ledger, _m: &mut MatchContext) {}

    /// A player asks to end the session (between hands). By default it ends at once.
    fn end_session(m: &mut MatchContext) {
        m.session = Session::Over;
    }

    /// What the next hand carries from the match, and where its cards come from.
    fn carry(_m: &MatchContext, seed: [u8; 32]) -> (DealSource, Carried) {
        (DealSource::Seed(seed), Carried::default())
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

/// The state of a match between two hands: who deals next, the doubled rounds, the running
/// totals, what the games carry between hands and the end of the session. See the
/// [module docs](self) for the mechanisms, and each game's `session` module for its rules.
///
/// ```
/// use tarock_engine::session::MatchContext;
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
    /// Number of seats, which is also the length of a doubled round.
    seats: u8,
    /// The dealer of the next hand.
    dealer: Seat,
    /// Whether thrown-in hands start doubled rounds (the Hungarian option H5
    /// `double_round_after_passout`).
    doubling: bool,
    /// The game the match plays.
    kind: MatchKind,
    /// The talon cards kept for the next hand and their keeper (Austrian, Graz).
    pub(crate) kept: Option<(Seat, CardSet)>,
    /// The Danish pots (pagat, king) after the last hand recorded.
    pub(crate) pots: [i64; 2],
    /// Each seat's Slovenian radli after the last hand recorded.
    pub(crate) radli: [u8; MAX_SEATS],
    /// The deals each running doubled round still covers, oldest first; `rounds[..nrounds]`
    /// are all non-zero.
    rounds: [u8; MAX_DOUBLED_ROUNDS],
    nrounds: u8,
    /// Each seat's running total.
    pub(crate) totals: BySeat<i64>,
    /// Deals recorded, thrown-in ones included.
    deals: u32,
    pub(crate) session: Session,
}

impl MatchContext {
    /// A match of `kind` at a table of `seats` whose first hand `first_dealer` deals.
    fn start(kind: MatchKind, seats: u8, first_dealer: Seat, doubling: bool) -> MatchContext {
        MatchContext {
            seats,
            dealer: first_dealer,
            doubling,
            kind,
            kept: None,
            pots: [0; 2],
            radli: [0; MAX_SEATS],
            rounds: [0; MAX_DOUBLED_ROUNDS],
            nrounds: 0,
            totals: BySeat::splat(0),
            deals: 0,
            session: Session::Open,
        }
    }

    /// A match of game `G` at a table of `seats` whose first hand `first_dealer` deals.
    fn of_game<G: SessionRules>(
        seats: u8,
        first_dealer: Seat,
        doubling: bool,
    ) -> Result<MatchContext, TableError> {
        G::table(seats, first_dealer)?;
        Ok(MatchContext::start(G::KIND, seats, first_dealer, doubling))
    }

    /// A Hungarian match of `seats` (4 or 5) whose first hand `first_dealer` deals, under the
    /// rule options `options` (only `double_round_after_passout` matters here).
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

    /// A Hungarian match of `seats` whose first hand `first_dealer` deals.
    ///
    /// # Errors
    /// [`TableError`] for a seat count other than 4 or 5 or a dealer outside the table.
    pub fn try_new(
        seats: u8,
        first_dealer: Seat,
        options: &HungarianOptions,
    ) -> Result<MatchContext, TableError> {
        let doubling = options.double_round_after_passout;
        MatchContext::of_game::<Hungarian>(seats, first_dealer, doubling)
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

    /// A new match whose first hand is `game` (its table, dealer and, for a game with doubled
    /// rounds, its options).
    ///
    /// # Errors
    /// [`MatchError::Table`] if the game's table cannot hold a match of its kind.
    pub fn starting_with(game: &AnyGame) -> Result<MatchContext, MatchError> {
        dispatch!(game, g => MatchContext::starting_with_hand(g))
    }

    fn starting_with_hand<G: SessionRules>(g: &G) -> Result<MatchContext, MatchError> {
        let table = g.table_info();
        MatchContext::of_game::<G>(table.seats, table.dealer, g.doubling())
            .map_err(|_| MatchError::Table)
    }

    /// A match of `seats` of a game without doubled rounds.
    fn simple(kind: MatchKind, seats: u8, first_dealer: Seat) -> Result<MatchContext, MatchError> {
        with_session!(kind, S => MatchContext::of_game::<S>(seats, first_dealer, false))
            .map_err(|_| MatchError::Table)
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
        if with_session!(kind, S => S::DOUBLED_ROUNDS) {
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

    /// Rebuilds a Hungarian match between hands from its parts, as a stateless server receives
    /// them in a record: the table, the next dealer, the option, the deals each running doubled
    /// round still covers (each `1..=seats`, at most [`MAX_DOUBLED_ROUNDS`]), the running totals
    /// (one per seat), the deals played and the session.
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

    /// A player asks to end the session, between hands: a Hungarian player says "A skíz oszt,
    /// nem oszt" (HU-MATCH-07) and the next recorded hand notes the skíz holder; a Polish
    /// session ends at once (PL-MATCH-03: nothing but the balances carries over), and so does an
    /// Austrian series before anyone reaches 100; a Danish session ends with the pots shared
    /// among the players (DK-MATCH-08). Once the session is ending it does nothing more.
    pub fn end_session(&mut self) {
        with_session!(self.kind, S => S::end_session(self));
    }

    /// The Danish pots (pagat, king) after the last hand recorded.
    #[must_use]
    pub const fn pots(&self) -> [i64; 2] {
        self.pots
    }

    /// Each seat's Slovenian radli after the last hand recorded (SI-MATCH-02).
    #[must_use]
    pub const fn radli(&self) -> [u8; MAX_SEATS] {
        self.radli
    }

    /// Records a finished hand dealt by [`MatchContext::dealer`]: how it ended, each seat's
    /// result already multiplied by [`MatchContext::multiplier`] (the ledger's totals of
    /// `Hungarian::settle(self.multiplier())`), and the seat that held the skíz in it, if any
    /// ([`crate::hungarian::session::skiz_holder`]), which matters only while the session is
    /// ending.
    ///
    /// The hand's totals are added to the running totals; the hand counts as one deal of every
    /// running doubled round; a hand the game deals again keeps the dealer (and, if the option
    /// is on, starts a new doubled round), any other hand passes the deal to the right. A hand
    /// recorded after the match is over is still counted, and the match stays over. Totals of
    /// seats beyond the table and a skíz holder outside it are ignored.
    pub fn record(&mut self, end: End, totals: &BySeat<i64>, skiz_holder: Option<Seat>) {
        let kept = self.kept.is_some();
        let keep_dealer = with_session!(self.kind, S => S::keeps_dealer(end, kept));
        let target = with_session!(self.kind, S => S::TARGET);
        self.add_totals(totals);
        self.count_deal(end, keep_dealer);
        if self.session == Session::Requested {
            if let Some(holder) = skiz_holder.filter(|s| s.get() < self.seats) {
                self.session = Session::Noted { holder, turns: 0 };
            }
        }
        if let Some((target, bonus)) = target {
            self.reach_target(target, bonus);
        }
        let thrown_in =
            keep_dealer && matches!(end, End::PassedOut | End::Annulled(_) | End::ThrownIn(_));
        if !thrown_in {
            self.pass_deal();
        }
    }

    /// Adds a hand's totals to the running totals, saturating.
    fn add_totals(&mut self, totals: &BySeat<i64>) {
        let n = usize::from(self.seats);
        for (t, &x) in self.totals.0[..n].iter_mut().zip(&totals.0[..n]) {
            *t = t.saturating_add(x);
        }
    }

    /// Counts a deal: one deal of every running doubled round, and a thrown-in hand dealt again
    /// starts a new one when the option is on.
    fn count_deal(&mut self, end: End, keep_dealer: bool) {
        self.deals = self.deals.saturating_add(1);
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
    }

    /// A series to `target` ends when a player reaches it; each player at the target or
    /// beyond scores `bonus` more.
    fn reach_target(&mut self, target: i64, bonus: i64) {
        let totals = &mut self.totals.0[..usize::from(self.seats)];
        if self.session != Session::Over && totals.iter().any(|&t| t >= target) {
            for t in totals.iter_mut().filter(|t| **t >= target) {
                *t = t.saturating_add(bonus);
            }
            self.session = Session::Over;
        }
    }

    /// The deal passes to the right, counting the noted skíz holder's turns to deal.
    fn pass_deal(&mut self) {
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

    /// Settles a finished hand of any variant at [`MatchContext::multiplier`], records it (with
    /// what it hands on to the next, and the skíz holder of a Hungarian hand) and returns its
    /// ledger; `None` (and nothing recorded) if the hand is not over.
    pub fn record_game(&mut self, game: &AnyGame) -> Option<Ledger> {
        dispatch!(game, g => self.record_hand(g))
    }

    /// [`MatchContext::record_game`] for a hand of a known game.
    pub fn record_hand<G: SessionRules>(&mut self, hand: &G) -> Option<Ledger> {
        let Stage::Over(end) = hand.stage() else {
            return None;
        };
        let ledger = hand.settle(self.multiplier());
        hand.hand_on(&ledger, self);
        self.record(end, &ledger.totals, hand.skiz_holder());
        Some(ledger)
    }

    /// The setup of the next hand: `base`'s variant, options and seats, dealt by
    /// [`MatchContext::dealer`] from `seed`, with what the game carries from hand to hand
    /// ([`Carried`]): the pots a Danish hand starts with, and after an Austrian hand in which
    /// talon cards were kept, the rest of the pack shuffled from `seed` with the kept cards in
    /// the keeper's hand, who must bid (AT-BID-09/10).
    #[must_use]
    pub fn next_setup(&self, base: &Setup, seed: [u8; 32]) -> Setup {
        let (deal, carried) = with_session!(self.kind, S => S::carry(self, seed));
        Setup {
            variant: base.variant,
            options: base.options.clone(),
            seats: base.seats,
            dealer: self.dealer,
            deal,
            carried,
        }
    }
}
