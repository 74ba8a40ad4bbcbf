//! Hungarian tarokk: Illustrated (Palatinus), Paskievics and High tarokk, 4 or 5 players.
//!
//! # The hand, and the rule decisions
//!
//! `Hungarian` is one `Copy` struct of fixed size. Phases: auction → automatic talon distribution →
//! discards → annulment round → round of announcements → play → over. (With `annul_timing =
//! before_discard` the annulment round comes before the discards.)
//!
//! Invariants:
//! - Cards are conserved: every card of the pack is in exactly one of a hand, a discard pile, a won
//!   pile, the trick in progress, or the undistributed talon (checked after every action of 10,000+
//!   random deals in `tests/hungarian_random.rs`).
//! - `check(a).is_ok()` exactly when `a` is in `legal_actions()` (checked over the whole action-id
//!   space at every step of hundreds of random deals). `check` is the source of the error messages;
//!   the listing does not call it per candidate in the round of announcements: announcements come
//!   from one mask per rule (`announce_refusals`, which `check_announce` reads too) and kontras
//!   from masks kept with the kontra levels (odd levels, levels at the maximum, bonuses by
//!   announcer). `play_pick` applies an announcement or a kontra from the bonus index and team the
//!   pick found, through the same `apply_announce` and `apply_kontra` that `play_unchecked` calls.
//! - The play obligations (rájátszás) of each team are made once when play starts (`Reserved`: for
//!   each of the nine reservable cards, the tricks it is due in; items no longer change then), and
//!   the legal cards of each trick are read from them without walking the items (a unit test
//!   compares them with the rules' wording at every trick of thousands of random deals).
//! - Random playouts are the engine's hot loop, and every branch on a randomly chosen action
//!   mispredicts; the announcement checks compute their masks and flags with selects rather than
//!   branches where the condition follows the course of the round (`all_if`,
//!   `game_kontra_allowed`).
//! - The engine knows the true partnership from the call on. Legality that depends on sides uses
//!   the true sides; the side-identification conventions (HU-ANN-14..18) only decide which side the
//!   *table* presumes an unidentified announcer to be on.
//! - Every refusal names a CHECKLIST rule id (`Violation::rule`).
//!
//! Decisions where the rule texts leave a choice (each is tested):
//! - The table procedures before a deal are the caller's: seats and the dealer come with the setup
//!   (HU-DEAL-08's seating by drawn cards has no counterpart), and the seeded shuffle stands for
//!   shuffling and cutting (HU-DEAL-09).
//! - Discarding is one card per action, so the action space stays small (42 discard ids) and perft
//!   counts are sequences.
//! - The annulment round asks *every* active player (`annul` or `pass`), not only those with a
//!   qualifying hand, so that being asked reveals nothing.
//! - The auction ends as soon as no further call is possible on public information: all but one
//!   have passed after a bid, or solo is held, or solo stands and nobody still bidding may hold it.
//! - A jump of three levels (an opening solo that is not the fourth player's speculative bid) needs
//!   only an honour and is not a cue bid; no seed gives it a meaning.
//! - Paskievics (PK-BID-03): a jump that nobody could answer is no cue bid and needs no card.
//!   "Could answer" is judged on public information: below solo anyone still in the auction could
//!   overcall; a solo only by a player still in who has bid before and whom the hold rule lets hold
//!   the bidder's bid. So a jump invites nobody exactly when it ends the auction at once.
//! - When cue bids by two other players compete, the declarer must call the card of the first (the
//!   first invitation the declarer accepted by bidding over it).
//! - Declaring tarokks is allowed at any point of a player's turn. The compulsory declaration
//!   (HU-ANN-27) is enforced by refusing `pass` until it is made in the same turn. The discarder of
//!   the called tarokk (HU-ANN-25) may not pass while the game stands un-kontra'd.
//! - A kontra action names its level (`rekontra trull`): with the level's parity it identifies the
//!   item unambiguously even when both teams announced the same bonus.
//! - Option defaults depend on the variant and the pack: `talon_honours_pay_dealer` is on in
//!   Paskievics only (Parlett's settlement, PK-SCORE-01); `pack = 54` turns `birds_chained` and
//!   `double_loss_for_ulti` on (the 54-card players' rules, HV-SCORE-23/24). `AnyGame::new` sets
//!   `pack` first, then those defaults, then every other option, so an explicit value always wins.
//! - Talon honours are paid to the dealer only for a hand that is played out; a hand thrown in
//!   (annulled, failed speculative bid, trull-only three) pays the dealer nothing.
//! - A player who announces a bonus (legal only on the side the table presumes, HU-ANN-17) or says
//!   kontra is identified from then on; once the partner is identified, every side is.
//! - Undeclared 8 or 9 tarokks are always claimed from the partner at the end (HU-SCORE-55); the
//!   claim is never to the holder's disadvantage.

pub mod bot;
pub mod game;
pub mod ids;
pub mod matchplay;
pub mod options;
pub mod score;
pub mod session;

pub use game::{Hungarian, Phase};
pub use matchplay::{MatchContext, MatchError, MatchKind, Session};
pub use options::HungarianOptions;
