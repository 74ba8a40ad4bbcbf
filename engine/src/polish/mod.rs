//! Polish Taroki z królami (Kozy): four players, 54 cards, the partner chosen by calling a king.
//!
//! # The hand, and the rule decisions
//!
//! `Polish` is one `Copy` struct of fixed size, smaller than the Hungarian one. Phases: opening
//! (throw-ins and four kings) → auction (one call each) → call of a king → the king round (król
//! ultymo, kontra of the game) → talon (group by group) → discard → the round after the talon →
//! play → over. The same invariants hold as for the Hungarian hand (cards conserved, `check` and
//! the listing agree over the whole id space, no allocation, every refusal names its rule), and
//! `tests/polish_random.rs` checks the settlement of thousands of random hands against a reference
//! written apart from the engine from the seed's text.
//!
//! Decisions where the rule text leaves a choice (each is tested):
//! - The table procedures are the caller's, as in the Hungarian game: the first dealer drawn by lot
//!   and the cut (PL-DEAL-06, PL-DEAL-07). A refused cut is the record's `dealing = packets`: the blind
//!   choice of a face-down packet deals exactly as taking the packets in turn does (PL-DEAL-09).
//! - Everyone is asked in the opening, and in both rounds of announcements, so that being asked
//!   reveals nothing; a player with no tarokks and four kings chooses one of the two.
//! - A final bid of one is thrown in or played by the declarer's first action: `throw-in` or a
//!   call.
//! - The king round starts at the declarer's right; the round after the talon at the declarer
//!   (PL-ANN-07). A turn is any number of announcements, declarations and kontras ended by `pass`;
//!   new announcements and declarations come in one's first turn only (one circuit, as the seed
//!   describes), later turns answer kontras; a round ends after three silent turns once everyone
//!   has had one. The game and król ultymo are kontra'd in the king round, trul and pagat ultymo in
//!   the round after the talon. Walat is announced in the round after the talon and is not kontra'd
//!   (the seed names kontra for the game, król ultymo, trul and pagat ultymo only).
//! - The kontra ladder kontra, re, sub, mort is written as levels 1, 2, 3 and 5 (kontra, rekontra,
//!   szubkontra, mordkontra: the same words), multipliers 2, 4, 8 and 16. `re`, `sub` and `mort`
//!   parse as those levels.
//! - Sub may be said by any opponent, not only the one who said kontra; re and mort by either
//!   member of the declarer's team (the hidden partner too, which shows its side).
//! - The declarer may give up while the called king lies among the talon cards it has seen (the
//!   group it looks at or one turned up), before taking a group.
//! - Sides: a player who announces król ultymo shows the called king, so every side is public from
//!   then on, as when the king is played or turned up in the talon; a kontra, re, sub or mort shows
//!   the speaker's side; a seat holding the called king knows every side.
//! - The talon cards nobody took are shown to everyone once the hand is played out: they are
//!   counted with the tricks (PL-TALON-12/13).
//! - A captured pagat in an earlier trick costs its team the lost pagat as well as a failed
//!   announced pagat ultymo or trul; only in the last trick does the ultymo alone count
//!   (PL-SCORE-28).
//! - Four kings declared are the holder's team's commitment; the option `four_kings_commitment_side
//!   = bidder` gives the same team, since the declarer must call one of the holder's kings.

pub mod bot;
pub mod game;
pub mod ids;
pub mod options;
pub mod score;
pub mod session;
pub mod words;

pub use game::{Phase, Polish};
pub use options::PolishOptions;
