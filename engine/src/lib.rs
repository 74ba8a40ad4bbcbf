//! Rules engine for the tarock family of card games.
//!
//! Pure: no I/O, no async, no clock, no OS randomness; deals come from a caller-given seed.
//! See `ARCHITECTURE.md` at the repository root for the model and its invariants.

pub mod action;
pub mod austrian;
mod bits;
pub mod bot;
pub mod card;
pub mod count;
pub mod danish;
pub mod deal;
pub mod echo;
pub mod encode;
pub mod game;
pub mod glossary;
pub mod hungarian;
pub mod ledger;
pub mod options;
pub mod polish;
pub mod rulebook;
pub mod rules;
pub mod search;
pub mod seat;
pub mod session;
pub mod shared;
pub mod shuffle;
pub mod slovenian;
pub mod solve;
pub mod trick;
pub mod variant;
pub mod words;
pub mod worlds;

pub use action::{Action, Bonus, Contract, Declaration, Target};
pub use austrian::{Austrian, AustrianOptions};
pub use bot::Bot;
pub use card::{Card, CardSet, Pack, Rank, Suit};
pub use count::CountMethod;
pub use danish::{Danish, DanishOptions};
pub use deal::{Deal, DealBuilder, DealError};
pub use game::{
    ActionList, End, Game, Observe, Outcome, PlayError, Stage, TalonGroups, Viewer, Violation,
    ViolationKind, Visible,
};
pub use hungarian::{Hungarian, HungarianOptions};
pub use ledger::{Item, Ledger, LedgerItem, Team};
pub use polish::{Polish, PolishOptions};
pub use rules::Rules;
pub use search::{Budget, Decision, SearchError};
pub use seat::{BySeat, Seat, Table, TableError, MAX_SEATS};
pub use shared::Core;
pub use shuffle::{DealRng, ShuffledPack};
pub use slovenian::{Slovenian, SlovenianOptions};
pub use solve::{Bracket, SeatMask, Settled, Solution, SolveError, Solver};
pub use trick::{Trick, TrickRules};
pub use variant::{
    AnyGame, Carried, DealSource, ReplayError, Setup, SetupError, Variant, RULES_VERSION,
};
pub use worlds::{with_deal, World, WorldError, Worlds};
