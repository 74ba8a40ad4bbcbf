//! Danish Tarok: three active players (a fourth sits out), the 78-card pack with the fool as
//! an excuse, no bidding, compulsory declarations, and payments made during play and into two
//! pots.
//!
//! # The hand, and the rule decisions
//!
//! `Danish` is a `Copy` struct of fixed size, with the same invariants as the other games. Phases:
//! opening (throw-ins) → the dealer's discard → play of 25 tricks → over. There is no bidding: the
//! declarations are compulsory and exact, so the engine makes them, and the money moves during the
//! hand as well as at its end. Every ledger line carries, beside the seats' payments, what it put
//! into or took out of the two pots (`LedgerItem.pots`), and the ledger the pots the hand leaves
//! (`Ledger.pots`): seats and pots together sum to zero.
//!
//! Decisions where the rule text leaves a choice (each is tested):
//! - Everyone active is asked in the opening, from the dealer's right, so that being asked reveals
//!   nothing; a player dealt no trump (the fool not counting, DK-PLAY-14) may throw the hand in,
//!   and the same dealer deals again (`End::ThrownIn`). A misdealt hand still founds empty pots and
//!   pays the dealer's fee: both are due before anyone sees a card.
//! - Every hand starts by founding each empty pot (every seat of the table pays `pot_foundation`,
//!   the one sitting out too: he takes part in the session's pots) and the dealer's fee of 5 into
//!   each pot (DK-MATCH-01..03, DK-SCORE-03). The pots a hand starts with are what the match
//!   carries in ([`crate::Carried::pots`], a record's `match_state.pots`), so a record alone
//!   settles exactly.
//! - The dealer discards one card per action. Under `danish_discard_rules = pagat` the barred cards
//!   are kings, the pagat and the mondo; trumps only when every one goes; the cards of a
//!   combination he would declare only when nothing else is left; the fool only after announcing
//!   Tout. Tout (`announce volat`) is announced by the dealer during his discard, before the last
//!   card goes, and is the only announcement: the seed gives it to the dealer alone and names no
//!   other moment (DK-ANN-14). Anyone may still take all 25 tricks unannounced.
//! - The declarations are made for every active player when the discard is done, each paid at once
//!   by the other two; the dealer's are made on his hand with the combination cards he could not
//!   avoid discarding, and those cards are shown to everyone (DK-TALON-06). Whether the dealer
//!   discarded a trump is public once he fails to trump (DK-TALON-05 answered without asking).
//! - Leading the fool under `fool_lead_suit = named` is one action that names the suit led
//!   (`lead-fool H`, …, `lead-fool T` for trumps); when nobody follows the named suit nor trumps,
//!   the trick goes by the first other card's suit, as under `next_card`. The fool is never lost
//!   before the last trick (`fool_endplay`); under `fool_exchange_card` the fool's player gives the
//!   trick's winner a card of no value from his pile as soon as he has one, which changes no count
//!   since the count is by tricks (DK-SCORE-30). Under the stricter `fool_endplay` values
//!   (`must_play_before_last`, `before_last_two`, `before_last_three`) a holder who still has the
//!   fool when the deadline comes may play nothing else.
//! - Calling for the fool (`call_for_fool`, DK-PLAY-15) is the action `call SKIZ`, open to the
//!   player on lead before he leads, once in a hand, and not to the fool's holder; it does not end
//!   his turn. The holder must then play the fool to that trick. A call after the fool was played
//!   is refused as DK-MATCH-20. The dealer may not call for a fool he laid in the skat (with
//!   Tout); anyone else's call is accepted whatever the face-down skat holds, so that the legal
//!   moves reveal nothing of it, and a fool in the skat simply does not come.
//! - The end of the hand is settled in the seed's order, each line with the pots as they were
//!   counted (DK-SCORE-23): Tout (both pots) or the failed announced Tout (the dealer doubles both
//!   pots and pays each opponent), Nolo, Ultimo (not after a Tout, a Nolo or a failed Tout), Bagud
//!   (always), the last trick (not after a Tout, a Nolo or a Bagud), and the count against 26,
//!   rounded to the nearest 5 and settled with the new dealer (the dealer's right), who does not
//!   count.
//! - A session (`MatchContext::danish`) ends when asked; `end_session` shares both pots among the
//!   seats in units of 5, the remainder to the seats in order from the dealer's right.
//! - The irregularities and their fines cannot arise: an action out of turn or against the rules
//!   is refused with its rule id, and the declarations are exact. So there is no wrong number of
//!   cards (DK-MATCH-11, DK-MATCH-16, DK-MATCH-23), no revoke (DK-MATCH-12, DK-MATCH-21), no fool
//!   named in a suit that cannot be followed (DK-MATCH-13), no declaration to correct or wrongly
//!   paid (DK-ANN-13, DK-MATCH-14, DK-MATCH-17, DK-MATCH-22), no pots left unmoved by a new dealer
//!   (DK-MATCH-15: the engine moves them), no lead out of turn or card played too early
//!   (DK-MATCH-18, DK-MATCH-19), no call for a fool already played (DK-MATCH-20) and no improper
//!   discard (DK-TALON-09, DK-MATCH-24); nobody needs to judge an irregularity (DK-MATCH-10).
//!   A fourth player joining a session (DK-MATCH-06) is the caller's: a new session whose
//!   first hand starts with the pots it agreed ([`crate::Carried::pots`]).

pub mod bot;
pub mod game;
pub mod ids;
pub mod melds;
pub mod options;
pub mod score;
pub mod session;
pub mod words;

pub use game::{Danish, Grade, Meld, Phase};
pub use options::DanishOptions;
