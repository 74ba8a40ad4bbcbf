//! Seeded hands as dealt, kept by their setup.
//!
//! Every request replays its record from the deal, and every request of a hand deals the same
//! cards again: for a seeded hand that is the ChaCha20 shuffle and the dealing pattern, about a
//! third of replaying a record of 26 actions. [`DealtGames`] keeps the games as dealt of the
//! last seeded setups it saw, so a request whose setup is among them starts from a copy.
//!
//! This keeps no state of any game in progress: a dealt game is a pure function of its setup
//! (variant, options, seats, dealer, seed), and a request gets the same game whether or not its
//! setup is kept. Explicit deals are not kept (their cards are validated on every request), nor
//! are setups that fail to deal or carry more options than any variant has.

use crate::kept::{Kept, Rank};
use std::fmt;
use tarock_engine::{AnyGame, DealSource, Setup, SetupError};

/// Independent locks, so requests on different threads seldom wait for each other.
const SHARDS: usize = 16;
/// Sets of four slots per lock: 2,048 setups in all, about 2.8 MB (at most about 10 MB with
/// the longest options kept).
const SETS_PER_SHARD: usize = 32;

/// Setups with more options than this, or more text in them than [`MAX_OPTION_TEXT`], are not
/// kept, so that what is kept stays small whatever requests say (a record may repeat an
/// option; the variants have at most 27).
const MAX_OPTIONS: usize = 32;
/// Bytes of option names and values a kept setup may have.
const MAX_OPTION_TEXT: usize = 2048;

/// The games as dealt of recent seeded setups; see the module's description.
pub struct DealtGames {
    kept: Kept<Setup, AnyGame>,
}

impl Default for DealtGames {
    fn default() -> DealtGames {
        DealtGames {
            // Kept by number: a dealt game and a setup of bounded options are of bounded size.
            kept: Kept::new(SHARDS, SETS_PER_SHARD, usize::MAX),
        }
    }
}

impl fmt::Debug for DealtGames {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never the hands.
        f.debug_struct("DealtGames")
            .field("capacity", &self.kept.capacity())
            .finish_non_exhaustive()
    }
}

/// The hash that places a seeded setup: the seed's first bytes (uniformly random for any seed
/// a server made; a chosen seed can only crowd out other setups, never change a game) mixed
/// with the seats and dealer.
fn hash(setup: &Setup, seed: &[u8; 32]) -> u64 {
    let mut first = [0u8; 8];
    first.copy_from_slice(&seed[..8]);
    let mut h = u64::from_le_bytes(first)
        ^ u64::from(setup.seats) << 56
        ^ u64::from(setup.dealer.get()) << 60;
    h = (h ^ h >> 29).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h ^ h >> 32
}

/// Whether `setup`'s options are few and short enough to keep it.
fn small(setup: &Setup) -> bool {
    setup.options.len() <= MAX_OPTIONS
        && setup
            .options
            .iter()
            .map(|(k, v)| k.len() + v.len())
            .sum::<usize>()
            <= MAX_OPTION_TEXT
}

impl DealtGames {
    /// The game `setup` deals, as [`AnyGame::new`] makes it: a copy of the kept one when
    /// `setup` is kept, else made and, for a seeded setup, kept in place of the least recently
    /// used of its set.
    ///
    /// # Errors
    /// As [`AnyGame::new`].
    pub fn deal(&self, setup: &Setup) -> Result<AnyGame, SetupError> {
        let DealSource::Seed(seed) = &setup.deal else {
            return AnyGame::new(setup);
        };
        if !small(setup) {
            return AnyGame::new(setup);
        }
        let h = hash(setup, seed);
        if let Some(game) = self.kept.get(h, |k| k == setup) {
            return Ok(game);
        }
        let game = AnyGame::new(setup)?;
        self.kept.insert(h, (setup.clone(), game), 0, Rank::Used);
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tarock_engine::{DealBuilder, Game, Seat, Variant};

    fn seeded(n: u64, dealer: u8) -> Setup {
        let mut seed = [0u8; 32];
        seed[..8].copy_from_slice(&n.to_le_bytes());
        seed[31] = n as u8;
        Setup::seeded(Variant::HungarianIllustrated, 4, Seat::new(dealer), seed)
    }

    fn is_kept(dealt: &DealtGames, s: &Setup) -> bool {
        let DealSource::Seed(seed) = &s.deal else {
            return false;
        };
        dealt.kept.holds(hash(s, seed), |k| k == s)
    }

    #[test]
    fn a_kept_game_is_the_game_its_setup_deals() {
        let dealt = DealtGames::default();
        // More setups than slots, each asked for three times, with setups that differ only in
        // the dealer, the options or one byte of the seed beyond the first eight: every answer
        // is the game the setup deals.
        let mut setups = Vec::new();
        for n in 0..3000u64 {
            let mut s = seeded(n, (n % 4) as u8);
            if n % 7 == 0 {
                s.options.push(("pack".to_owned(), "54".to_owned()));
            }
            setups.push(s);
        }
        setups.push(seeded(5, 2));
        let mut other_tail = seeded(5, 1);
        if let DealSource::Seed(seed) = &mut other_tail.deal {
            seed[20] ^= 1;
        }
        setups.push(other_tail);
        let mut hits = 0;
        for round in 0..3 {
            for s in &setups {
                let expected = AnyGame::new(s);
                let got = dealt.deal(s);
                assert_eq!(got, expected, "round {round}: {s:?}");
                hits += usize::from(is_kept(&dealt, s));
            }
        }
        // Every setup is kept right after it was dealt.
        assert_eq!(hits, 3 * setups.len());
    }

    #[test]
    fn setups_that_fail_and_explicit_deals_are_not_kept() {
        let dealt = DealtGames::default();
        // A valid setup that repeats an option more often than any variant has options.
        let mut long = seeded(3, 0);
        long.options = vec![("pack".to_owned(), "42".to_owned()); MAX_OPTIONS + 1];
        assert!(AnyGame::new(&long).is_ok());
        assert_eq!(dealt.deal(&long), AnyGame::new(&long));
        assert!(!is_kept(&dealt, &long));
        let mut bad = seeded(1, 0);
        bad.seats = 9;
        assert_eq!(dealt.deal(&bad), AnyGame::new(&bad));
        assert!(dealt.deal(&bad).is_err());
        let g = AnyGame::new(&seeded(2, 0)).expect("deals");
        let d = *g.as_hungarian().expect("Hungarian").deal();
        let mut b = DealBuilder::new();
        for s in Seat::all(4) {
            let cs: Vec<_> = d.hands[s].into_iter().collect();
            b = b.hand(s.get(), &cs);
        }
        let mut explicit = seeded(2, 0);
        explicit.deal = DealSource::Explicit(b.talon(d.talon()));
        assert_eq!(dealt.deal(&explicit), Ok(g));
        assert_eq!(dealt.kept.len(), 0);
        assert_eq!(g.to_act(), dealt.deal(&explicit).expect("deals").to_act());
    }
}
