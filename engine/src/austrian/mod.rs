//! Austrian Illustrated Tarock (Illustriertes Dreiertarock): three players, 54 cards, a soloist
//! against two, after Beck's rules with the Graz variants.
//!
//! # The hand, and the rule decisions
//!
//! `Austrian` is a `Copy` struct of fixed size, with the same invariants as the other games.
//! Phases: auction → (Graz, after three passes: the dealer keeps talon cards) → the round before
//! the talon (Beck) → talon → discard → the round after "Ich liege" → play (or Trischaken) → over.
//! Its ledger is a score sheet (`Ledger.scoring = Points`): a line credits the players who won it,
//! nobody pays, and a series ends when someone reaches 100 (AT-MATCH-01/02).
//!
//! Decisions where the rule text leaves a choice (each is tested):
//! - The auction runs in turns from forehand among the players still in. `pass` ("Weiter", "Gut")
//!   takes a player out for good. A contract must be higher than the one standing (contracts are
//!   compared by level, so the Austrian Solo shared with the Hungarian one sits above Einblatt).
//!   Unteren takes over the contract another player named, once for each contract named; only
//!   forehand may hold, and only the contract he named, against an Unteren. The auction ends when
//!   everyone but the holder of the standing contract is out. The contract's game points follow how
//!   it was won: named 3, Unteren 4, held 5 (AT-SCORE-05).
//! - After three passes the default redeals by the same dealer (AT-BID-06). Under Graz's rules
//!   (`all_pass_action = graz_keep`) the dealer keeps 0–6 of the talon's first cards (`keep N`);
//!   the hand ends, the deal passes on, and the next hand is dealt from the rest of the pack with
//!   the kept cards in the keeper's sixteen; the keeper may not pass while he could still name a
//!   contract (AT-BID-09/10). Keeping none puts the talon back and obliges nobody.
//! - The round before the talon exists under Beck's timing of declarations or Beck's kontras, never
//!   in a Solo. A round is made of turns, each any number of declarations and kontras ended by
//!   `pass`: the soloist first, then the defenders clockwise (to the left); new declarations only
//!   in one's first turn, later turns answer kontras; a round ends after two silent turns once
//!   everyone has had one.
//! - The talon is turned up in its order; `take N` takes the run of adjacent cards starting at card
//!   N (from 1), as many as the contract allows; any card may then be discarded. The discards count
//!   with the soloist's tricks. The talon's remainder counts for the defenders by default (option
//!   `talon_remainder = out_of_play` leaves it out; a Solo's whole talon is the remainder).
//! - Card combinations are judged on the hands as play starts. Declared, they are credited to the
//!   declarer if held and to the other side if not; silent, to their holder at the basic value.
//!   Under Beck's timing a declaration after the talon is worth the basic value and one before it
//!   double; under Graz's, where nothing is declared before the talon and the basic value is for a
//!   combination shown after the game, a declaration after "Ich liege" is worth double. Heads is
//!   exactly two trull cards. Without Kings and Without Trull are the soloist's only.
//! - The ultimos count Still ×1, declared after the talon ×2, before it ×4. Beck doubles With Forty
//!   and With Fifty declared after the talon, so they follow the ultimos' schedule (×4 before the
//!   talon). Under `point_bonuses = graz` only With Fifty exists, silent, scored at the end. A
//!   failed declared bonus credits the other side.
//! - Kontras: under Graz's rules the game and each declared item have their own kontra, said after
//!   "Ich liege" by the other side and answered by rekontra of the side that declared, and a
//!   defender's kontra binds both defenders; under Beck's only the game is kontra'd, before or
//!   after the talon, and the game's kontra multiplies every line. The highest level is rekontra
//!   (×4).
//! - Valat: Beck A adds 12/24/48 × the contract multiplier; Beck B and Graz multiply, written as an
//!   extra Valat line worth (factor − 1) × the basis so that the other lines keep their own values.
//!   Under Graz a declared Valat that fails gives the defenders the game with every card in play.
//! - Trischaken (`all_pass_action = trischaken`): everyone for himself, must win the trick if able,
//!   the I played only as one's last tarock; the most card points lose 10 (ties: all of them), the
//!   others win 5, and 10 without a trick.
//! - Revokes cannot happen: a card the rules forbid is refused with its rule id, so the revoke
//!   settlements (AT-SCORE-30, AT-SCORE-31) and the exception for them in AT-MATCH-02 never apply. The first
//!   dealer drawn by lot and the recorder are the caller's (AT-DEAL-05, AT-MATCH-04).
//! - The seed's worked example of AT-SCORE-08, "Zweiblatt won with 39 scores (3 + 4) × 2 = 16",
//!   applies the rule the engine implements; the product of its own factors is 14, which is what
//!   the engine scores.

pub mod bot;
pub mod game;
pub mod ids;
pub mod options;
pub mod score;
pub mod session;
pub mod words;

pub use game::{Austrian, Phase, Won};
pub use options::AustrianOptions;
