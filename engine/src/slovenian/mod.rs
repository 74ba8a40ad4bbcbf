//! Slovenian Tarok (tarok): three or four players (five with the dealer sitting out), 54
//! cards, counted in threes; a contract from klop to valat, a king called for partner in the
//! four-player three, two and one.
//!
//! # The hand, and the rule decisions
//!
//! `Slovenian` is a `Copy` struct of fixed size, with the same invariants as the other games.
//! Phases: opening (a hand without taroks is thrown in) → auction → call → talon → discard →
//! play → over. Its ledger is a score sheet (`Ledger.scoring = Points`): the declarer and the
//! partner are each credited the result, the defenders nothing (SI-SCORE-05).
//!
//! The rules are the public descriptions' (docs/rules/slovenian.md); where they differ, the
//! choice is an option with the documented default:
//! - `rounding` (nearest 5, or none), `queen_call` (a declarer with all four kings may call a
//!   queen), `discard_taroks` (only when needed, or freely), `emperor_order` (the pagat last,
//!   or any order), `mond_penalty` (20), `announcements` (on), `radli` (after klop).
//! - `openspiel_quirks` plays OpenSpiel's `tarok` as its code does where that departs from the
//!   rules it states: the kings bonus counted by a pile of exactly four cards and no trula;
//!   valat by a pile of 48 cards (discards and the talon's rest included); the pagat forced
//!   into the emperor's trick in klop and the beggars even over a suit the player can follow;
//!   the ultimo credited to the last trick's winner when the called king (10), else the pagat
//!   (25), lies among the last cards of that player's pile. With `rounding = none`,
//!   `queen_call = false`, `emperor_order = any`, `announcements = false` and this switch, every legal action and every
//!   return agrees with OpenSpiel's on its deals (the conformance test in python/tests).
//!
//! Decisions where the sources leave a choice:
//! - The auction follows the "obvezna tri" rule set: three and klop are forehand's after all
//!   others passed; a player nearer forehand may hold an equal bid; the last bidder then names
//!   the final contract, his bid or higher (SI-BID-03..06). With three players there are no
//!   solo three/two/one, and three, two and one are played alone.
//! - Any king may be called, one's own (played alone at the same value) or one in the talon
//!   (no partner; taken and winning a trick, it brings the talon's rest home) (SI-CALL-02/04).
//! - The first lead is forehand's, the declarer's in beggar, solo without, open beggar and the
//!   valats (SI-PLAY-01). Beggar ends at the declarer's first trick, a valat at his first lost
//!   trick (SI-PLAY-08).
//! - The mond penalty is one player's and never multiplied; it applies in the talon contracts
//!   and solo without (SI-SCORE-11). Silent bonuses count in the talon contracts only.
//! - Announcements: only the declarer's side announces (trula, kings, the ultimos, valat),
//!   each at twice its silent value; kontra, re, sub and mort (×2 … ×16) on the game and on each
//!   announced bonus (SI-ANN). `announcements = false` plays every bonus silent.
//! - Radli: after klop (option `radli`) every player gets one; a holder's scores are doubled
//!   until he wins a game as declarer (SI-MATCH-02/03). The match carries them
//!   ([`crate::Carried`]), not the options.

pub mod bot;
pub mod game;
pub mod ids;
pub mod options;
pub mod score;
pub mod session;
pub mod words;

pub use game::{Phase, Slovenian};
pub use options::SlovenianOptions;
