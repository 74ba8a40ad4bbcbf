//! A double-dummy solver for trick play: the exact number of card points a set of seats (a
//! *side*) wins from the rest of the play when every hand is known and every seat plays
//! perfectly, the side to maximise it and every other seat to minimise it.
//!
//! # What is computed
//!
//! The value of a position in trick play ([`Stage::Play`]) is the sum, in **thirds of a point**
//! (exact, as [`crate::count`] counts), of the cards that land in the side's piles from now to
//! the end of the hand, minus those that leave them. Each game's counting method is additive per
//! card (Plain `3v`, ThreesMinusTwo `3v − 2`, Danish `3v + 1`, see [`crate::count`]), so the
//! value of the rest of the play is the sum over the tricks still to close of what each closing
//! changes in the side's piles. It is read from the piles themselves (the union of the side's
//! `won` sets before and after each trick closes), never from the trick's cards: where a rule
//! moves cards between piles (the Danish fool stays with its player, DK-PLAY-10; the card of no
//! value given for it under `fool_exchange_card`) the value follows what actually lands where.
//! Points already won are not part of it, which lets the transposition table store values of
//! the future alone. Cards that never reach a pile in play (talon, discards, the skat) are not
//! counted either: the caller adds what its scoring rules add.
//!
//! Sides: for the team games the side is usually a team ([`SeatMask::declarer_side`] and its
//! complement); in a game without teams (Danish, Austrian Trischaken) the caller names the
//! seats, e.g. one seat against the rest.
//!
//! # The method
//!
//! Alpha-beta over the remaining cards, found by MTD(f): a sequence of null-window searches
//! (each proving the value above or below one bound) that converges on the exact value, the
//! bounds each search proves being kept in a transposition table and reused by the next.
//!
//! - **Moves** are the engine's own: [`Game::legal_actions_into`](crate::game::Game::legal_actions_into) lists them and
//!   [`Game::play_unchecked`](crate::game::Game::play_unchecked) applies them to a copy of the game, so every game's rules of play
//!   (following suit, trumping, the Hungarian obligations HU-PLAY-12/15/18, the Polish reserved
//!   cards PL-PLAY-08/09, Trischaken's AT-PLAY-08/09, the Danish fool DK-PLAY-08..13) hold in
//!   the search as in play, and no rule is re-implemented here.
//! - **The transposition table** stores, for positions at the start of a trick, a lower and an
//!   upper bound on the value and the best move found. Its key is everything the rest of the play
//!   depends on: each active seat's hand (stored in full and compared on every probe, so a hash
//!   collision can never mix two positions up), the seat to lead, the number of tricks played,
//!   and the game's own state that play changes and the future reads
//!   (`Solvable::play_state`: the Hungarian "team lost a trick" flags, HU-PLAY-16; the Danish
//!   suit named by the fool's lead, the card of no value owed, and which piles hold such a card).
//!   The hands are keyed **renamed**: within a run of cards that follow one suit (or are trumps),
//!   are adjacent in strength, are worth the same and are named by no rule of play, the cards
//!   still held are renamed to the run's lowest cards in their order (as a bridge solver keys by
//!   relative rank). Renaming changes nothing the future reads (which suit a card follows, how
//!   it ranks against every other card still in play, its value), so positions that differ only
//!   by which cards of such runs were played before share their entry; the best move is stored
//!   renamed and mapped back. What stays fixed during play (contract, partner, announced
//!   obligations, options) is not in the key: the table is emptied (by a generation number, in
//!   constant time) whenever a new root is solved, so every entry comes from the same hand.
//! - **Move ordering**: the table's best move first, then a heuristic that reads the hands of
//!   the seats still to play to the trick: first the weakest card that wins the trick and that
//!   no seat of the other side after it can beat (by the common rules of following: the suit
//!   led, else a trump); points onto a partner's card that wins so, or that a partner still to
//!   play can take so; a lead to such a card of a partner's; and otherwise the card of fewest
//!   points. Ordering changes only the work done,
//!   never the value.
//! - **Equivalent cards**: two cards of one hand that follow the same suit, are adjacent in
//!   strength among the cards still in play (in the hands or in the current trick), are worth the
//!   same points, and are named by no rule of play in this hand (`Solvable::named_cards`) lead
//!   to positions that differ only by swapping the two cards, which changes no legal move, no
//!   trick winner and no count: only one of them is searched. Cards out of play (played to
//!   earlier tricks, in the talon, discarded) cannot separate them, since no future trick holds
//!   them.
//! - **Bounds**: the value lies between `−slack` and the points still in play plus `slack`
//!   (`slack` the most a rule can move between piles beyond the trick's cards,
//!   `Solvable::pile_slack`); a search whose window lies outside stops at once. Where the trick
//!   rules alone decide where cards go (`Solvable::trumps_settle_tricks`: the Hungarian,
//!   Austrian and Polish games, and the Slovenian where neither the emperor's trick nor the
//!   colour valat can decide), the top trumps narrow them at the start of a trick: the trumps
//!   above all of the other team's are sure to win for their team, as many tricks as one seat
//!   holds of them, each holding a card of every seat of the other team (`Ctx::settled`). The
//!   table is probed first: an entry's bounds are usually the tighter.
//!
//! **Each move.** [`Solver::values`] solves every legal move's position in one table, each
//! search's first guess the value of the move before; [`Solver::solve_each`] solves the
//! position first, whose value is then the best move's and the others' first guess.
//!
//! **Cuts.** A contract that only thresholds of card points decide (the Hungarian game at 48 of
//! 94 points and the double game at 71, HU-SCORE-03/04) needs to know only where the value lies
//! among them: [`Solver::solve_cuts`] bisects the cuts with one null-window search each, which
//! proves a bound far from the exact value with far fewer nodes than the proof at the value.
//!
//! **Settlement.** Where bonuses decide (an ultimó, the valat, the trull, a catch), card points
//! are not the measure: [`Solver::solve_settlement`] values what the side nets in the game's
//! own settlement at the end of the hand, by alpha-beta without a table (the settlement reads
//! the play's history), merging equivalent cards but those a bonus names
//! (`Solvable::scored_cards`; see `settle.rs`), for endings.
//!
//! # Why it is exact
//!
//! Alpha-beta with fail-soft bounds returns the minimax value whenever the window contains it,
//! and a bound on it in the right direction otherwise; MTD(f) stops only when the lower and upper
//! bounds it has proved meet. Every stored bound is a bound on the value of a position whose key
//! fixes its whole future (see above), so reusing it is sound; equivalent-card pruning skips only
//! moves whose value equals one searched. The tests (`engine/tests/solve.rs`) check the solver
//! against a plain minimax over the engine's legal moves on thousands of endings of every game.
//!
//! # Memory and allocation
//!
//! The table is allocated once, by [`Solver::with_capacity`] (a number of entries, rounded down
//! to a power of two, at least 4; each entry takes [`Solver::ENTRY_BYTES`] bytes, 72: the
//! default 2^18 entries take 18 MiB): the search itself never allocates (positions are copied on
//! the stack, moves listed into buffers of fixed size; the settlement's search alone builds the
//! game's ledger at each end of the hand). Entries are replaced in buckets of four,
//! keeping those with more cards still to play. A node limit ([`Solver::set_node_limit`])
//! bounds the time.
//!
//! # Cost
//!
//! Measured by `benches/src/bin/solve.rs` (see `docs/performance.md`): a whole four-handed
//! Hungarian play (9 tricks) takes about 720 thousand nodes (80 milliseconds) on average,
//! and where it lies against the game's 48 points a thirteenth of that; the work grows about
//! tenfold for every two tricks more, so whole Austrian (16 tricks) plays take seconds and
//! whole Danish ones (25) far longer, and endings of their last 12 tricks what a 9-trick
//! Hungarian play takes. For search bots, solve endings, or set a node limit.

use crate::action::Action;
use crate::card::CardSet;
use crate::count::CountMethod;
use crate::game::{ActionList, Stage};
use crate::rules::Rules;
use crate::shared::Core;
use crate::variant::{dispatch, AnyGame};
use std::fmt;

mod ctx;
mod order;
mod settle;
mod side;
use ctx::Ctx;
pub use side::SeatMask;

/// What the solver needs of a game beyond [`Game`](crate::game::Game) and [`Observe`]: implemented by each game in
/// its own module, next to the rules of play it describes.
pub(crate) trait Solvable: Rules {
    /// How the game counts card points.
    const COUNT: CountMethod;

    /// The cards whose identity (not only suit, strength and value) some rule of play in this
    /// hand reads: they are never merged with a neighbour as equivalent. Fixed for the whole of
    /// trick play.
    fn named_cards(&self) -> CardSet;

    /// The cards whose identity (not only suit, strength and value) the game's settlement
    /// reads: those its bonuses name (an ultimó's card, the trull, the kings, a caught card).
    /// [`Solver::solve_settlement`] never merges them with a neighbour as equivalent. Fixed for
    /// the whole of trick play.
    fn scored_cards(&self) -> CardSet;

    /// The game's own state (outside [`Core`]'s hands, current trick, seat to act and number of
    /// tricks) that trick play changes and the rest of the play depends on: what legal moves,
    /// trick winners and pile transfers read. Two positions of one hand at the start of a trick
    /// with the same hands, leader, tricks played and `play_state` have the same future.
    fn play_state(&self) -> u32;

    /// The most thirds of a point a rule can still move into or out of a pile besides the cards
    /// of the tricks, over the rest of the hand: a bound, for pruning.
    fn pile_slack(&self) -> i64 {
        0
    }

    /// True when the trick rules alone settle where a trick's cards go for the rest of the
    /// hand: the highest trump in a trick wins it (no rule of play reads a card's identity to
    /// change a trick's winner), and every trick's cards go to its winner's pile, nothing moving
    /// beside them. The solver then bounds the value by the tricks the top trumps take.
    fn trumps_settle_tricks(&self) -> bool {
        false
    }
}

/// Why a position cannot be solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SolveError {
    /// The hand is not in trick play (the stage it is in).
    NotInPlay(Stage),
    /// The side holds no seat that plays the hand.
    EmptySide,
    /// The search reached the node limit before proving the value.
    NodeLimit {
        /// Nodes searched.
        nodes: u64,
        /// The least the value can be, as proved before the limit, in thirds of a point as
        /// [`Solution::value_thirds`] (before any search ends: the bound the points still in
        /// play set).
        lower_thirds: i64,
        /// The most the value can be, as proved before the limit.
        upper_thirds: i64,
    },
    /// A position listed more moves than the search holds ([`MAX_MOVES`]); no reachable
    /// position does.
    TooManyMoves,
    /// The cuts given to [`Solver::solve_cuts`] are not in strictly ascending order.
    UnorderedCuts,
    /// [`Solver::solve_settlement`] reached the node limit before proving the value (it proves
    /// no bounds on the way).
    SettlementLimit {
        /// Nodes searched.
        nodes: u64,
    },
    /// A line of play ended the hand without a settlement; no reachable position does.
    Unsettled,
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::NotInPlay(s) => write!(f, "the hand is not in trick play ({s:?})"),
            SolveError::EmptySide => f.write_str("the side holds no active seat"),
            SolveError::NodeLimit {
                nodes,
                lower_thirds,
                upper_thirds,
            } => write!(
                f,
                "node limit reached after {nodes} nodes, the value proved between \
                 {lower_thirds} and {upper_thirds} thirds of a point"
            ),
            SolveError::TooManyMoves => f.write_str("a position lists too many moves"),
            SolveError::UnorderedCuts => f.write_str("the cuts are not in ascending order"),
            SolveError::SettlementLimit { nodes } => write!(
                f,
                "node limit reached after {nodes} nodes before the settlement was proved"
            ),
            SolveError::Unsettled => f.write_str("a line of play ended without a settlement"),
        }
    }
}

impl std::error::Error for SolveError {}

/// The solved value of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Solution {
    /// The card points, in thirds, the side wins from the rest of the play under perfect play.
    pub value_thirds: i64,
    /// A move of the seat to act that achieves it.
    pub best: Action,
    /// Nodes searched.
    pub nodes: u64,
}

/// The settlement of a position under perfect play ([`Solver::solve_settlement`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Settled {
    /// What the side nets in the settlement at the end of the hand: the sum of its seats'
    /// totals ([`Ledger::totals`](crate::ledger::Ledger::totals)), in the game's units.
    pub value: i64,
    /// A move of the seat to act that achieves it.
    pub best: Action,
    /// Nodes searched.
    pub nodes: u64,
}

/// The position's solution (when asked for) and each legal move's value.
type EachMove = (Option<Solution>, Vec<(Action, i64)>);

/// Where the solved value of a position lies among given cuts ([`Solver::solve_cuts`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bracket {
    /// How many of the cuts the value reaches: the value is at least `cuts[reached - 1]` (when
    /// `reached > 0`) and below `cuts[reached]` (when `reached < cuts.len()`).
    pub reached: usize,
    /// A move of the seat to act that keeps the value in that bracket.
    pub best: Action,
    /// Nodes searched.
    pub nodes: u64,
}

/// The most moves one position may list: the largest hand in play (the Danish 25 cards) and the
/// four more ways of leading the fool.
pub const MAX_MOVES: usize = 32;

/// Nothing stored yet.
const NO_MOVE: u8 = u8::MAX;

/// The most runs of equivalent cards [`Ctx`] keeps.
const MAX_RUNS: usize = 24;

/// One slot of the transposition table: a position at the start of a trick, exactly. One cache
/// line: a probe or a store reads its bucket's [`Checks`] and then only the entry they match.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(64))]
struct Entry {
    /// The cards in the active hands.
    cards: u128,
    /// Bit 0 and bit 1 of each card's holder, as its rank among the active seats.
    plane0: u128,
    plane1: u128,
    /// `Solvable::play_state`.
    state: u32,
    /// Bounds on the value.
    lower: i16,
    upper: i16,
    /// The leader and the tricks played.
    leader: u8,
    ntricks: u8,
    /// The best move found, coded by [`code`].
    best: u8,
}

/// What the table keeps apart of the entries of one bucket, in one small line: for each entry
/// the high bits of its key's hash (never 0: bits 0..32), the solve it belongs to (its
/// generation, 0 for an empty slot: bits 32..48) and the cards in play, the work it saves
/// (bits 48..56). A probe and a store find the entry they match here, and a store the entry to
/// replace, so that they read the entries' own lines only where they must.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(32))]
struct Checks([u64; WAYS]);

/// The check word of an entry.
fn check(hash: u64, generation: u16, depth: u8) -> u64 {
    (hash >> 32 | 1) | u64::from(generation) << 32 | u64::from(depth) << 48
}

/// Whether the check word `c` is of a key of hash `hash` in solve `generation`.
#[inline]
fn checked(c: u64, hash: u64, generation: u16) -> bool {
    c & 0xFFFF_FFFF_FFFF == check(hash, generation, 0)
}

/// The key of a position at the start of a trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Key {
    /// [`Key::hash_of`] of the rest, computed once.
    hash: u64,
    cards: u128,
    plane0: u128,
    plane1: u128,
    state: u32,
    leader: u8,
    ntricks: u8,
}

impl Key {
    fn hash_of(&self) -> u64 {
        const K: u64 = 0x9E37_79B9_7F4A_7C15;
        let words = [
            self.cards as u64,
            (self.cards >> 64) as u64,
            self.plane0 as u64,
            (self.plane0 >> 64) as u64,
            self.plane1 as u64,
            (self.plane1 >> 64) as u64,
            u64::from(self.state),
            u64::from(self.leader) | u64::from(self.ntricks) << 8,
        ];
        let mut h = 0u64;
        for w in words {
            let m = u128::from(h ^ w) * u128::from(K);
            h = (m as u64) ^ ((m >> 64) as u64);
        }
        let m = u128::from(h) * u128::from(0xD6E8_FEB8_6659_FD93u64);
        (m as u64) ^ ((m >> 64) as u64)
    }

    fn matches(&self, e: &Entry) -> bool {
        e.cards == self.cards
            && e.plane0 == self.plane0
            && e.plane1 == self.plane1
            && e.state == self.state
            && e.leader == self.leader
            && e.ntricks == self.ntricks
    }
}

/// A move as one byte: a card play by its card, the Danish fool led naming a suit (or trumps)
/// above the cards.
fn code(a: Action) -> u8 {
    match a {
        Action::Play(c) => c.index(),
        Action::LeadFool(Some(s)) => 100 + s as u8,
        Action::LeadFool(None) => 104,
        _ => NO_MOVE,
    }
}

/// A double-dummy solver: reusable, it owns its transposition table.
#[derive(Clone, Debug)]
pub struct Solver {
    table: Vec<Entry>,
    /// Each bucket's [`Checks`].
    checks: Vec<Checks>,
    /// Buckets − 1 (the table holds `4 × buckets` entries).
    mask: usize,
    generation: u16,
    nodes: u64,
    node_limit: u64,
    aborted: bool,
    overflow: bool,
    /// A hand over without a settlement ([`SolveError::Unsettled`]).
    unsettled: bool,
    prune: bool,
    transpositions: bool,
    list: ActionList,
    /// Bounds proved on the value of the root being solved (see [`SolveError::NodeLimit`]).
    proved: (i64, i64),
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

/// The first step MTD(f) takes above a bound proved by a second search failing high in a row,
/// in thirds of a point (two points), doubled at each further one.
const RISE: i32 = 6;

/// Entries per bucket.
const WAYS: usize = 4;

impl Solver {
    /// Bytes per table entry: the entry and its check.
    pub const ENTRY_BYTES: usize = std::mem::size_of::<Entry>() + std::mem::size_of::<u64>();

    /// Entries of [`Solver::new`]'s table: 2^18, 18 MiB.
    pub const DEFAULT_ENTRIES: usize = 1 << 18;

    /// A solver with [`Solver::DEFAULT_ENTRIES`] table entries.
    #[must_use]
    pub fn new() -> Solver {
        Solver::with_capacity(Solver::DEFAULT_ENTRIES)
    }

    /// A solver whose table holds `entries` entries, rounded down to a power of two (at least
    /// 4): `entries × ENTRY_BYTES` bytes, allocated here once.
    #[must_use]
    pub fn with_capacity(entries: usize) -> Solver {
        let entries = entries.max(WAYS);
        let entries = 1usize << (usize::BITS - 1 - entries.leading_zeros());
        Solver {
            table: vec![Entry::default(); entries],
            checks: vec![Checks::default(); entries / WAYS],
            mask: entries / WAYS - 1,
            generation: 0,
            nodes: 0,
            node_limit: u64::MAX,
            aborted: false,
            overflow: false,
            unsettled: false,
            prune: true,
            transpositions: true,
            list: ActionList::new(),
            proved: (0, 0),
        }
    }

    /// The number of table entries.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.table.len()
    }

    /// Stops a search after `nodes` nodes with [`SolveError::NodeLimit`] (`u64::MAX`: never).
    pub fn set_node_limit(&mut self, nodes: u64) {
        self.node_limit = nodes;
    }

    /// Whether equivalent cards are searched once (the default) or each on its own: the value
    /// is the same either way (the tests check it); only the work differs.
    pub fn set_equivalence_pruning(&mut self, on: bool) {
        self.prune = on;
    }

    /// Whether the transposition table is used (the default) or not: the value is the same
    /// either way (the tests check it on positions too large for a plain minimax); without it
    /// the search takes far longer.
    pub fn set_transpositions(&mut self, on: bool) {
        self.transpositions = on;
    }

    /// The exact value for `side` of the position `g` in trick play, and a move that achieves it.
    ///
    /// # Errors
    /// [`SolveError::NotInPlay`] outside trick play, [`SolveError::EmptySide`] for a side
    /// without an active seat, [`SolveError::NodeLimit`] when the node limit is reached.
    pub fn solve(&mut self, g: &AnyGame, side: SeatMask) -> Result<Solution, SolveError> {
        dispatch!(g, g => self.solve_game(g, side))
    }

    /// Where the exact value for `side` of the position `g` in trick play lies among `cuts`
    /// (thirds of a point of the rest of the play, as [`Solution::value_thirds`], in strictly
    /// ascending order), and a move that keeps it there. This is what a contract's outcome
    /// reads when only thresholds of card points decide it (the Hungarian 48 and 71 of 94,
    /// HU-SCORE-03/04): one null-window search per cut the bisection tests, instead of the
    /// proof of the one exact value, so far less work than [`Solver::solve`].
    ///
    /// # Errors
    /// As [`Solver::solve`], and [`SolveError::UnorderedCuts`].
    pub fn solve_cuts(
        &mut self,
        g: &AnyGame,
        side: SeatMask,
        cuts: &[i64],
    ) -> Result<Bracket, SolveError> {
        ordered(cuts)?;
        dispatch!(g, g => self.cuts_game(g, side, cuts))
    }

    /// [`Solver::solve_cuts`] for each legal move of the position `g`: where the value after
    /// it lies among `cuts` (as many of them as it reaches), in the order of
    /// [`Game::legal_actions`](crate::game::Game::legal_actions), and the position's own
    /// bracket (the best of the moves' for the seat to act, with the first move that reaches
    /// it). What a sampling bot compares where only the contract's thresholds decide. A limit
    /// reached reports the bounds the points in play set.
    ///
    /// # Errors
    /// As [`Solver::solve_cuts`].
    pub fn solve_cuts_each(
        &mut self,
        g: &AnyGame,
        side: SeatMask,
        cuts: &[i64],
    ) -> Result<(Bracket, Vec<(Action, usize)>), SolveError> {
        ordered(cuts)?;
        dispatch!(g, g => self.cuts_each_game(g, side, cuts))
    }

    /// The exact value for `side` after each legal move of the position `g`, in the order of
    /// [`Game::legal_actions`](crate::game::Game::legal_actions): what a sampling bot compares.
    /// With the position's own value wanted too, [`Solver::solve_each`] costs less than this
    /// and [`Solver::solve`] apart.
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn values(
        &mut self,
        g: &AnyGame,
        side: SeatMask,
    ) -> Result<Vec<(Action, i64)>, SolveError> {
        dispatch!(g, g => self.each_game(g, side, false)).map(|(_, moves)| moves)
    }

    /// [`Solver::solve`] and [`Solver::values`] in one: the position's value and best move,
    /// then each legal move's value. The position's searches leave in the table the bounds
    /// the moves' searches reuse, and its value is the best move's and the first guess for the
    /// others': a third less work than the two calls apart (the second starts from an empty
    /// table), though a little more than [`Solver::values`] alone. The node limit counts both
    /// parts; reached among the moves, it reports the position's value as both bounds
    /// ([`SolveError::NodeLimit`]).
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn solve_each(
        &mut self,
        g: &AnyGame,
        side: SeatMask,
    ) -> Result<(Solution, Vec<(Action, i64)>), SolveError> {
        let (root, moves) = dispatch!(g, g => self.each_game(g, side, true))?;
        Ok((root.ok_or(SolveError::TooManyMoves)?, moves))
    }

    /// What `side` nets in the game's own settlement at the end of the hand, under perfect
    /// play from the position `g` (every hand known), and a move that achieves it: where the
    /// contract's outcome and the bonuses (ultimos, valat, trull, catches, kontras), not the
    /// card points alone, decide. The seats outside the side play to minimise it. Valued at
    /// a round multiplier of 1.
    ///
    /// The settlement reads the history of the play, so the search keeps no table, and it
    /// merges no card a bonus names (the pagat, the kings, ...) with an equivalent one: its
    /// work grows far faster with the tricks left than [`Solver::solve`]'s, and it is meant
    /// for endings (a few tricks). Set a node limit for longer ones.
    ///
    /// # Errors
    /// [`SolveError::NotInPlay`], [`SolveError::EmptySide`] as [`Solver::solve`];
    /// [`SolveError::SettlementLimit`] when the node limit is reached.
    pub fn solve_settlement(&mut self, g: &AnyGame, side: SeatMask) -> Result<Settled, SolveError> {
        dispatch!(g, g => self.settle_game(g, side, false)).map(|(s, _)| s)
    }

    /// [`Solver::solve_settlement`] and each legal move's settlement, in the order of
    /// [`Game::legal_actions`](crate::game::Game::legal_actions).
    ///
    /// # Errors
    /// As [`Solver::solve_settlement`].
    pub fn settlement_each(
        &mut self,
        g: &AnyGame,
        side: SeatMask,
    ) -> Result<(Settled, Vec<(Action, i64)>), SolveError> {
        dispatch!(g, g => self.settle_game(g, side, true))
    }

    /// Nodes searched by the last call.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Checks `g` and `side` and starts a new solve: a new generation of the table.
    fn begin<G: Solvable>(&mut self, g: &G, side: SeatMask) -> Result<Ctx, SolveError> {
        self.begin_with(g, side, g.named_cards())
    }

    /// [`Solver::begin`], with `named` the cards never merged as equivalent.
    fn begin_with<G: Solvable>(
        &mut self,
        g: &G,
        side: SeatMask,
        named: CardSet,
    ) -> Result<Ctx, SolveError> {
        let stage = g.stage();
        if stage != Stage::Play || g.to_act().is_none() {
            return Err(SolveError::NotInPlay(stage));
        }
        let active = SeatMask::active(&g.core().table);
        let side = side.bits() & active.bits();
        if side == 0 {
            return Err(SolveError::EmptySide);
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // Wrapped: clear the table, so that no entry of an old solve passes for a new one.
            self.table.fill(Entry::default());
            self.checks.fill(Checks::default());
            self.generation = 1;
        }
        self.nodes = 0;
        self.aborted = false;
        self.overflow = false;
        self.unsettled = false;
        let ctx = Ctx::new(g, side, self.prune, named);
        let (lo, hi) = bounds(&ctx, g);
        self.proved = (i64::from(lo), i64::from(hi));
        Ok(ctx)
    }

    fn finish(&self) -> Result<(), SolveError> {
        if self.overflow {
            return Err(SolveError::TooManyMoves);
        }
        if self.aborted {
            return Err(SolveError::NodeLimit {
                nodes: self.nodes,
                lower_thirds: self.proved.0,
                upper_thirds: self.proved.1,
            });
        }
        Ok(())
    }

    fn solve_game<G: Solvable>(&mut self, g: &G, side: SeatMask) -> Result<Solution, SolveError> {
        let ctx = self.begin(g, side)?;
        self.solve_root(&ctx, g)
    }

    /// The value of the root `g` of a solve begun with `ctx`.
    fn solve_root<G: Solvable>(&mut self, ctx: &Ctx, g: &G) -> Result<Solution, SolveError> {
        let (lo, hi) = bounds(ctx, g);
        let (value, best) = self.mtdf(ctx, g, (lo + hi) / 2, lo, hi);
        self.finish()?;
        let best = best.ok_or(SolveError::TooManyMoves)?;
        Ok(Solution {
            value_thirds: i64::from(value),
            best,
            nodes: self.nodes,
        })
    }

    fn cuts_game<G: Solvable>(
        &mut self,
        g: &G,
        side: SeatMask,
        cuts: &[i64],
    ) -> Result<Bracket, SolveError> {
        let ctx = self.begin(g, side)?;
        self.cuts_root(&ctx, g, cuts)
    }

    /// Where the value of the root `g` of a solve begun with `ctx` lies among `cuts`.
    fn cuts_root<G: Solvable>(
        &mut self,
        ctx: &Ctx,
        g: &G,
        cuts: &[i64],
    ) -> Result<Bracket, SolveError> {
        let (lo, hi) = bounds(ctx, g);
        let maximise = ctx.side & (1 << g.core().to_act.get()) != 0;
        // Proved: the value is at least `lower` and at most `upper`; it reaches `cuts[..a]`
        // and none of `cuts[b..]`.
        let (mut lower, mut upper) = (i64::from(lo), i64::from(hi));
        let (mut a, mut b) = (0, cuts.len());
        // The move of the search that proved the bracket's edge on the mover's side, and, for
        // a bracket with no such edge (every move ends in it), the move of any search.
        let (mut best, mut any) = (None, None);
        while a < b {
            let mid = a + (b - a) / 2;
            let cut = cuts[mid];
            if cut <= lower {
                a = mid + 1;
                continue;
            }
            if cut > upper {
                b = mid;
                continue;
            }
            // `lo < cut <= hi`, so the window fits an `i32`.
            let beta = i32::try_from(cut).unwrap_or(hi);
            let (v, m) = self.root(ctx, g, beta - 1, beta);
            self.finish()?;
            any = any.or(m);
            if v >= beta {
                lower = i64::from(v);
                a = mid + 1;
                if maximise {
                    best = m;
                }
            } else {
                upper = i64::from(v);
                b = mid;
                if !maximise {
                    best = m;
                }
            }
            self.proved = (lower, upper);
        }
        let best = match best.or(any) {
            Some(m) => m,
            // No search ran (the bounds alone placed the value): every move stays in the
            // bracket.
            None => {
                g.legal_actions_into(&mut self.list);
                *self.list.first().ok_or(SolveError::TooManyMoves)?
            }
        };
        Ok(Bracket {
            reached: a,
            best,
            nodes: self.nodes,
        })
    }

    /// Each legal move's value and, `with_root`, the position's value first: that costs a
    /// solve of the position but saves more on the moves (its value is the best move's and a
    /// first guess for the others', its searches leave bounds in the table that theirs reuse).
    /// Without it, each move's guess is the value of the move before.
    fn each_game<G: Solvable>(
        &mut self,
        g: &G,
        side: SeatMask,
        with_root: bool,
    ) -> Result<EachMove, SolveError> {
        let ctx = self.begin(g, side)?;
        let root = if with_root {
            Some(self.solve_root(&ctx, g)?)
        } else {
            None
        };
        let mut guess = root.map(|r| i32::try_from(r.value_thirds).unwrap_or(0));
        let out = self.each_child(&ctx, g, |solver, a, child, delta| {
            if let Some(r) = root.filter(|r| r.best == a) {
                return r.value_thirds;
            }
            let v = match child {
                Some(child) => {
                    let (lo, hi) = bounds(&ctx, child);
                    let first = guess.map_or((lo + hi) / 2, |x| (x - delta).clamp(lo, hi));
                    solver.mtdf(&ctx, child, first, lo, hi).0
                }
                None => 0,
            };
            if !with_root {
                guess = Some(v + delta);
            }
            i64::from(v + delta)
        })?;
        let nodes = self.nodes;
        Ok((root.map(|r| Solution { nodes, ..r }), out))
    }

    /// Where the value after each legal move lies among `cuts`, and the position's bracket:
    /// the best of the moves' for the seat to act.
    fn cuts_each_game<G: Solvable>(
        &mut self,
        g: &G,
        side: SeatMask,
        cuts: &[i64],
    ) -> Result<(Bracket, Vec<(Action, usize)>), SolveError> {
        let ctx = self.begin(g, side)?;
        let maximise = ctx.side & (1 << g.core().to_act.get()) != 0;
        // The cuts less what the move itself brings in.
        let mut shifted = Vec::with_capacity(cuts.len());
        let out = self.each_child(&ctx, g, |solver, _, child, delta| {
            let delta = i64::from(delta);
            let reached = match child {
                Some(child) => {
                    shifted.clear();
                    shifted.extend(cuts.iter().map(|c| c - delta));
                    // A limit reached here is reported by `each_child`.
                    solver
                        .cuts_root(&ctx, child, &shifted)
                        .map_or(0, |b| b.reached)
                }
                None => cuts.iter().filter(|&&c| delta >= c).count(),
            };
            reached
        })?;
        let brackets = out.iter().map(|m| m.1);
        let top = if maximise {
            brackets.max()
        } else {
            brackets.min()
        };
        let (best, reached) = out
            .iter()
            .find(|m| Some(m.1) == top)
            .copied()
            .ok_or(SolveError::TooManyMoves)?;
        Ok((
            Bracket {
                reached,
                best,
                nodes: self.nodes,
            },
            out,
        ))
    }

    /// `eval` of each legal move of the root `g` of a solve begun with `ctx`, in the order of
    /// the legal moves: given the move, the position after it while still in play, and what
    /// it changed in the side's piles. A limit reached among the moves reports what was proved
    /// of the position before them (its value, when solved first; else the bounds the points
    /// in play set).
    fn each_child<G: Solvable, T>(
        &mut self,
        ctx: &Ctx,
        g: &G,
        mut eval: impl FnMut(&mut Solver, Action, Option<&G>, i32) -> T,
    ) -> Result<Vec<(Action, T)>, SolveError> {
        let proved = self.proved;
        let mut legal = ActionList::new();
        g.legal_actions_into(&mut legal);
        let mut out = Vec::with_capacity(legal.len());
        for &a in legal.iter() {
            let mut child = *g;
            child.play_unchecked(a);
            let delta = pile_delta(ctx, g.core(), child.core());
            let in_play = (child.stage() == Stage::Play).then_some(&child);
            let v = eval(self, a, in_play, delta);
            self.proved = proved;
            self.finish()?;
            out.push((a, v));
        }
        Ok(out)
    }

    /// MTD(f) from `first`, within the bounds `lo ..= hi` on the value: null-window searches
    /// until the proven bounds meet. Returns the value and, when `g` is in play, a move that
    /// achieves it.
    fn mtdf<G: Solvable>(
        &mut self,
        ctx: &Ctx,
        g: &G,
        first: i32,
        lo: i32,
        hi: i32,
    ) -> (i32, Option<Action>) {
        // The bounds start outside the possible values, so that the value is proved by a search
        // that names a move achieving it: one that fails high for a maximising seat (a move
        // worth at least the bound), low for a minimising one.
        let maximise = ctx.side & (1 << g.core().to_act.get()) != 0;
        let (mut lower, mut upper) = (lo - 1, hi + 1);
        let mut f = first.clamp(lo, hi);
        let mut best = None;
        // Searches in a row that failed high: each next bound lies twice as far above.
        let mut rising = 0u32;
        while lower < upper {
            let beta = if f == lower { f + 1 } else { f };
            let (v, m) = self.root(ctx, g, beta - 1, beta);
            if self.aborted || self.overflow {
                return (f, best);
            }
            if v < beta {
                upper = v;
                rising = 0;
                if !maximise {
                    best = m;
                }
                f = v;
            } else {
                lower = v;
                if maximise {
                    best = m;
                }
                // Failing high again and again, the steps grow: a bound well below the value
                // is proved cheaply, and overshooting costs one search that fails low near
                // it. (Growing the steps downward as well costs more than it saves.)
                f = if rising == 0 {
                    v
                } else {
                    v.saturating_add(RISE << (rising - 1).min(8)).min(upper)
                };
                rising += 1;
            }
            self.proved = (i64::from(lower.max(lo)), i64::from(upper.min(hi)));
        }
        (lower, best)
    }

    /// One search of the root: the value (fail-soft in `alpha..beta`) and the move that gave it.
    fn root<G: Solvable>(
        &mut self,
        ctx: &Ctx,
        g: &G,
        alpha: i32,
        beta: i32,
    ) -> (i32, Option<Action>) {
        let mut best = None;
        let v = self.search(ctx, g, alpha, beta, Some(&mut best));
        (v, best)
    }

    /// Fail-soft alpha-beta: the value of `g` if it lies in `alpha..beta` (exclusive), else a
    /// bound on it beyond the window's edge. `best`, at the root, receives the move of the value.
    fn search<G: Solvable>(
        &mut self,
        ctx: &Ctx,
        g: &G,
        mut alpha: i32,
        mut beta: i32,
        best_out: Option<&mut Option<Action>>,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes > self.node_limit {
            self.aborted = true;
        }
        if self.aborted || self.overflow || g.stage() != Stage::Play {
            return 0;
        }
        let core = g.core();
        let in_play = ctx.in_play(core);
        let mut hi = ctx.value(in_play) + ctx.slack;
        let mut lo = -ctx.slack;
        let is_root = best_out.is_some();
        if !is_root {
            if let Some(v) = outside(lo, hi, alpha, beta) {
                return v;
            }
        }

        // The table, at the start of a trick.
        let trick_start = self.transpositions && core.trick.is_empty();
        let mut key = None;
        let mut hint = NO_MOVE;
        if trick_start {
            let k = ctx.key(g);
            if let Some(e) = self.probe(&k) {
                hint = ctx.real(e.best, in_play.0);
                let (el, eu) = (i32::from(e.lower), i32::from(e.upper));
                if !is_root {
                    if let Some(v) = outside(el, eu, alpha, beta) {
                        return v;
                    }
                    if el == eu {
                        return el;
                    }
                    // Both bounds lie inside the window now, so it stays open.
                    alpha = alpha.max(el);
                    beta = beta.min(eu);
                }
            }
            key = Some(k);
        }
        if ctx.settle && core.trick.is_empty() {
            let (gain, loss) = ctx.settled(core, in_play.0);
            lo += gain;
            hi -= loss;
            if !is_root {
                if let Some(v) = outside(lo, hi, alpha, beta) {
                    return v;
                }
            }
        }
        let (alpha0, beta0) = (alpha, beta);

        // The moves, merged and ordered.
        g.legal_actions_into(&mut self.list);
        if self.list.len() > MAX_MOVES {
            self.overflow = true;
            return 0;
        }
        let mut moves = [(Action::Pass, 0i32); MAX_MOVES];
        let n = self.order(ctx, g, in_play, hint, &mut moves);

        let me = core.to_act;
        let maximise = ctx.side & (1 << me.get()) != 0;
        let mut best_v = if maximise { i32::MIN } else { i32::MAX };
        let mut best_m = NO_MOVE;
        let mut best_a = None;
        for &(a, _) in &moves[..n] {
            let mut child = *g;
            child.play_unchecked(a);
            let delta = pile_delta(ctx, core, child.core());
            let v = delta + self.search(ctx, &child, alpha - delta, beta - delta, None);
            if self.aborted || self.overflow {
                return 0;
            }
            if maximise {
                if v > best_v {
                    (best_v, best_m, best_a) = (v, ctx.code(a, in_play), Some(a));
                }
                alpha = alpha.max(v);
            } else {
                if v < best_v {
                    (best_v, best_m, best_a) = (v, ctx.code(a, in_play), Some(a));
                }
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        if n == 0 {
            // No legal move while in play cannot happen; value nothing rather than panic.
            best_v = 0;
        }
        if let Some(k) = key {
            let (lower, upper) = if best_v <= alpha0 {
                (lo, best_v)
            } else if best_v >= beta0 {
                (best_v, hi)
            } else {
                (best_v, best_v)
            };
            self.store(&k, lower, upper, best_m, in_play.len());
        }
        if let Some(out) = best_out {
            *out = best_a;
        }
        best_v
    }

    fn probe(&self, k: &Key) -> Option<Entry> {
        let bucket = k.hash as usize & self.mask;
        let checks = self.checks.get(bucket)?;
        for (i, &c) in checks.0.iter().enumerate() {
            if checked(c, k.hash, self.generation) {
                let e = self.table.get(bucket * WAYS + i)?;
                if k.matches(e) {
                    return Some(*e);
                }
            }
        }
        None
    }

    fn store(&mut self, k: &Key, lower: i32, upper: i32, best: u8, depth: u32) {
        if self.aborted || self.overflow {
            return;
        }
        let b = k.hash as usize & self.mask;
        let generation = self.generation;
        let (Some(checks), Some(bucket)) = (
            self.checks.get_mut(b),
            self.table.get_mut(b * WAYS..(b + 1) * WAYS),
        ) else {
            return;
        };
        let clamp = |v: i32| v.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
        for (&c, e) in checks.0.iter().zip(bucket.iter_mut()) {
            if checked(c, k.hash, generation) && k.matches(e) {
                // Both are bounds on one value: keep the tighter of each.
                e.lower = e.lower.max(clamp(lower));
                e.upper = e.upper.min(clamp(upper));
                if best != NO_MOVE {
                    e.best = best;
                }
                return;
            }
        }
        // Replace an entry of an earlier solve, else the one that saves the least work.
        let mut slot = 0;
        let mut worst = u16::MAX;
        for (i, &c) in checks.0.iter().enumerate() {
            let w = if (c >> 32) as u16 != generation {
                0
            } else {
                1 + (c >> 48 & 0xFF) as u16
            };
            if w < worst {
                worst = w;
                slot = i;
            }
        }
        let depth = u8::try_from(depth).unwrap_or(u8::MAX);
        checks.0[slot] = check(k.hash, generation, depth);
        bucket[slot] = Entry {
            cards: k.cards,
            plane0: k.plane0,
            plane1: k.plane1,
            state: k.state,
            lower: clamp(lower),
            upper: clamp(upper),
            leader: k.leader,
            ntricks: k.ntricks,
            best,
        };
    }
}

/// `Ok` when `cuts` are in strictly ascending order.
fn ordered(cuts: &[i64]) -> Result<(), SolveError> {
    if cuts.windows(2).any(|w| w[0] >= w[1]) {
        return Err(SolveError::UnorderedCuts);
    }
    Ok(())
}

/// A bound that settles a search of the window `alpha..beta` at once, given bounds `lo ..= hi`
/// on the value: `hi` when the value cannot exceed `alpha`, `lo` when it reaches `beta`.
#[inline]
fn outside(lo: i32, hi: i32, alpha: i32, beta: i32) -> Option<i32> {
    if hi <= alpha {
        Some(hi)
    } else if lo >= beta {
        Some(lo)
    } else {
        None
    }
}

/// Bounds on the value of `g`: `−slack` and the points in play plus `slack`.
fn bounds<G: Solvable>(ctx: &Ctx, g: &G) -> (i32, i32) {
    let hi = ctx.value(ctx.in_play(g.core())) + ctx.slack;
    (-ctx.slack, hi)
}

/// What the move from `before` to `after` changed in the side's piles, in thirds.
#[inline]
fn pile_delta(ctx: &Ctx, before: &Core, after: &Core) -> i32 {
    if before.ntricks == after.ntricks {
        return 0;
    }
    let (b, a) = (ctx.side_piles(before), ctx.side_piles(after));
    ctx.value_of_few(a - b) - ctx.value_of_few(b - a)
}
