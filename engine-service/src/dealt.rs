//! Seeded hands as dealt, kept by their setup.
//!
//! Every request replays its record from the deal, and every request of a hand deals the same
//! cards again: for a seeded hand that is the ChaCha20 shuffle and the dealing pattern, about a
//! third of replaying a record of 26 actions. [`DealtGames`] keeps the games as dealt of recent
//! seeded setups (in `quick_cache`, weighted by the bytes each takes), so a request whose setup is
//! among them starts from a copy.
//!
//! This keeps no state of any game in progress: a dealt game is a pure function of its setup
//! (variant, options, seats, dealer, seed), and a request gets the same game whether or not its
//! setup is kept. Explicit deals are not kept (their cards are validated on every request), nor
//! are setups that fail to deal or carry more option text than any variant needs. The cache's
//! hasher has a random key per process, so chosen setups can only crowd out others.

use metrics::Counter;
use quick_cache::sync::Cache;
use quick_cache::{Equivalent, Weighter};
use std::fmt;
use std::hash::{Hash, Hasher};
use tarock_engine::{AnyGame, DealSource, Setup, SetupError, Variant};

/// The bytes the kept games may take together: a few thousand games.
const CAPACITY_BYTES: u64 = 4 * 1024 * 1024;

/// Bytes of option names and values a kept setup may have (the variants' options spelled out
/// take about 1.5 KB), so that what is kept stays small whatever requests say.
const MAX_OPTION_TEXT: usize = 2048;

/// A seeded setup as kept.
#[derive(Clone, PartialEq, Eq)]
struct Seeded {
    variant: Variant,
    seats: u8,
    dealer: u8,
    seed: [u8; 32],
    options: Box<[(String, String)]>,
}

/// A seeded setup as a request has it, looked up without copying its options.
struct SeededRef<'a> {
    variant: Variant,
    seats: u8,
    dealer: u8,
    seed: &'a [u8; 32],
    options: &'a [(String, String)],
}

impl Hash for Seeded {
    fn hash<H: Hasher>(&self, h: &mut H) {
        (
            self.variant,
            self.seats,
            self.dealer,
            &self.seed,
            &*self.options,
        )
            .hash(h);
    }
}

impl Hash for SeededRef<'_> {
    // The same fields in the same order as `Seeded`'s, so that the two hash alike.
    fn hash<H: Hasher>(&self, h: &mut H) {
        (
            self.variant,
            self.seats,
            self.dealer,
            self.seed,
            self.options,
        )
            .hash(h);
    }
}

impl Equivalent<Seeded> for SeededRef<'_> {
    fn equivalent(&self, k: &Seeded) -> bool {
        self.variant == k.variant
            && self.seats == k.seats
            && self.dealer == k.dealer
            && *self.seed == k.seed
            && self.options == &*k.options
    }
}

impl<'a> SeededRef<'a> {
    /// A seeded setup of options few and short enough to keep.
    fn of(setup: &'a Setup) -> Option<SeededRef<'a>> {
        let DealSource::Seed(seed) = &setup.deal else {
            return None;
        };
        let text: usize = setup.options.iter().map(|(k, v)| k.len() + v.len()).sum();
        (text <= MAX_OPTION_TEXT).then_some(SeededRef {
            variant: setup.variant,
            seats: setup.seats,
            dealer: setup.dealer.get(),
            seed,
            options: &setup.options,
        })
    }

    fn owned(&self) -> Seeded {
        Seeded {
            variant: self.variant,
            seats: self.seats,
            dealer: self.dealer,
            seed: *self.seed,
            options: self.options.into(),
        }
    }
}

/// What a kept game takes: the game, and its key with its options' text.
#[derive(Clone, Copy, Debug)]
struct Bytes;

impl Weighter<Seeded, AnyGame> for Bytes {
    fn weight(&self, k: &Seeded, _: &AnyGame) -> u64 {
        let text: usize = k.options.iter().map(|(n, v)| n.len() + v.len() + 48).sum();
        (std::mem::size_of::<(Seeded, AnyGame)>() + text) as u64
    }
}

/// The games as dealt of recent seeded setups; see the module's description.
pub struct DealtGames {
    kept: Cache<Seeded, AnyGame, Bytes>,
    /// Lookups that found the setup kept, and those that did not.
    lookups: [Counter; 2],
}

impl Default for DealtGames {
    fn default() -> DealtGames {
        DealtGames {
            // The number of games is an estimate the cache sizes its tables by; the bytes bound
            // what it keeps.
            kept: Cache::with_weighter(2048, CAPACITY_BYTES, Bytes),
            lookups: crate::metrics::lookups("dealt"),
        }
    }
}

impl fmt::Debug for DealtGames {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never the hands.
        f.debug_struct("DealtGames")
            .field("kept", &self.kept.len())
            .field("bytes", &self.kept.weight())
            .finish_non_exhaustive()
    }
}

impl DealtGames {
    /// The game `setup` deals, as [`AnyGame::new`] makes it: a copy of the kept one when
    /// `setup` is kept, else made and, for a seeded setup, kept.
    ///
    /// # Errors
    /// As [`AnyGame::new`].
    pub fn deal(&self, setup: &Setup) -> Result<AnyGame, SetupError> {
        let Some(key) = SeededRef::of(setup) else {
            return AnyGame::new(setup);
        };
        if let Some(game) = self.kept.get(&key) {
            self.lookups[0].increment(1);
            return Ok(game);
        }
        self.lookups[1].increment(1);
        let game = AnyGame::new(setup)?;
        self.kept.insert(key.owned(), game);
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tarock_engine::{DealBuilder, Game, Observe, Seat, Variant};

    fn seeded(n: u64, dealer: u8) -> Setup {
        let mut seed = [0u8; 32];
        seed[..8].copy_from_slice(&n.to_le_bytes());
        seed[31] = n as u8;
        Setup::seeded(Variant::HungarianIllustrated, 4, Seat::new(dealer), seed)
    }

    fn is_kept(dealt: &DealtGames, s: &Setup) -> bool {
        SeededRef::of(s).is_some_and(|k| dealt.kept.contains_key(&k))
    }

    #[test]
    fn a_kept_game_is_the_game_its_setup_deals() {
        let dealt = DealtGames::default();
        // Setups asked for three times, with setups that differ only in the dealer, the options
        // or one byte of the seed: every answer is the game the setup deals.
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
                let kept = is_kept(&dealt, s);
                let expected = AnyGame::new(s);
                let got = dealt.deal(s);
                assert_eq!(got, expected, "round {round}: {s:?}");
                hits += usize::from(kept);
            }
        }
        // The first round keeps them; the others find nearly all of them (the cache may let a
        // few go before it is full).
        assert!(hits > 2 * setups.len() * 9 / 10, "{hits} hits");
    }

    #[test]
    fn the_kept_games_stay_within_their_bytes() {
        let dealt = DealtGames::default();
        for n in 0..40_000u64 {
            dealt.deal(&seeded(n, 0)).expect("deals");
        }
        assert!(dealt.kept.weight() <= CAPACITY_BYTES, "{:?}", dealt);
        assert!(dealt.kept.len() < 40_000, "{:?}", dealt);
    }

    #[test]
    fn setups_that_fail_and_explicit_deals_are_not_kept() {
        let dealt = DealtGames::default();
        // A valid setup that repeats an option until its text is longer than any variant's.
        let mut long = seeded(3, 0);
        long.options = vec![("pack".to_owned(), "42".to_owned()); MAX_OPTION_TEXT];
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
