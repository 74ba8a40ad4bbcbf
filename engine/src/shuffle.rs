//! The documented, reproducible shuffle: a hand-written ChaCha20 keystream and Fisher–Yates.
//!
//! The engine takes no randomness from the OS. Every deal comes from a caller-given 32-byte seed,
//! and the procedure that turns a seed into an order of cards is part of the rules version:
//! **any change to it alters every seeded deal**, so it is specified here exactly and frozen by
//! tests (a known-answer test of the block function and a golden shuffle).
//!
//! # The procedure
//!
//! 1. **Keystream.** [`DealRng::from_seed`] runs the ChaCha20 block function of RFC 8439 §2.3
//!    (20 rounds) with
//!    - key = the 32-byte seed, as given;
//!    - nonce = 96 zero bits;
//!    - block counter = 0 for the first block, then 1, 2, … (wrapping after 2³² blocks, far beyond
//!      any use here).
//!
//!    Each 64-byte output block is read as 16 little-endian 32-bit words, which
//!    [`DealRng::next_u32`] returns in order, word 0 first, all 16 words of a block before any of
//!    the next. The output is therefore exactly the RFC 8439 ChaCha20 keystream for that key and
//!    nonce, cut into little-endian `u32`s. (Implementation note, not part of the procedure:
//!    blocks 0–3 are computed together, in vector lanes, block 4 alone, and later blocks four
//!    at a time; tests check the words against the single-block function.)
//! 2. **Bounded draws.** [`DealRng::below`]`(n)` for `n ≥ 1` draws `x = next_u32()` and accepts it
//!    if `x < 2³² − (2³² mod n)`, returning `x mod n`; otherwise it draws again. Every value
//!    `0..n` is equally likely. `below(0)` returns 0 without drawing.
//! 3. **Shuffle.** [`shuffle`] is Fisher–Yates from the last index down: for `i = len − 1` down
//!    to 1, `j = below(i + 1)`, then swap the items at `i` and `j`. (One draw per step, more when
//!    a draw is rejected.)
//! 4. **Deal order.** [`shuffled`]`(pack, seed)` lists the pack's cards in ascending [`Card`]
//!    index order (the layout in [`crate::card`]), creates a fresh `DealRng::from_seed(seed)`,
//!    and shuffles that list. Position 0 of the result is the first card off the pack; how the
//!    order is dealt out (talon first, batches) is each game's dealing rule.
//!
//! [`seed_from_u64`] is a convenience for tests and tools: the number in little-endian order in
//! bytes `0..8`, the other 24 bytes zero.

use std::fmt;

use crate::card::{Card, Pack, NUM_CARDS};

/// The ChaCha "expand 32-byte k" constants (RFC 8439 §2.3).
const SIGMA: [u32; 4] = [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574];

#[inline(always)]
fn quarter_round(s: &mut [u32; 16], a: usize, b: usize, c: usize, d: usize) {
    s[a] = s[a].wrapping_add(s[b]);
    s[d] = (s[d] ^ s[a]).rotate_left(16);
    s[c] = s[c].wrapping_add(s[d]);
    s[b] = (s[b] ^ s[c]).rotate_left(12);
    s[a] = s[a].wrapping_add(s[b]);
    s[d] = (s[d] ^ s[a]).rotate_left(8);
    s[c] = s[c].wrapping_add(s[d]);
    s[b] = (s[b] ^ s[c]).rotate_left(7);
}

fn le_words<const N: usize>(bytes: &[u8]) -> [u32; N] {
    let mut w = [0u32; N];
    for (i, chunk) in bytes.chunks_exact(4).take(N).enumerate() {
        w[i] = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
    }
    w
}

/// One ChaCha double round (RFC 8439 §2.3): a column round, then a diagonal round.
#[inline(always)]
fn double_round(s: &mut [u32; 16]) {
    // Column round.
    quarter_round(s, 0, 4, 8, 12);
    quarter_round(s, 1, 5, 9, 13);
    quarter_round(s, 2, 6, 10, 14);
    quarter_round(s, 3, 7, 11, 15);
    // Diagonal round.
    quarter_round(s, 0, 5, 10, 15);
    quarter_round(s, 1, 6, 11, 12);
    quarter_round(s, 2, 7, 8, 13);
    quarter_round(s, 3, 4, 9, 14);
}

/// The initial ChaCha20 state (RFC 8439 §2.3) for key words `k`, block `counter` and nonce words
/// `n`.
#[inline(always)]
fn initial_state(k: &[u32; 8], counter: u32, n: &[u32; 3]) -> [u32; 16] {
    [
        SIGMA[0], SIGMA[1], SIGMA[2], SIGMA[3], k[0], k[1], k[2], k[3], k[4], k[5], k[6], k[7],
        counter, n[0], n[1], n[2],
    ]
}

/// The ChaCha20 block function (RFC 8439 §2.3) on an initial state: 20 rounds, then the initial
/// state added word by word.
fn chacha20(init: [u32; 16]) -> [u32; 16] {
    let mut s = init;
    for _ in 0..10 {
        double_round(&mut s);
    }
    for (w, i) in s.iter_mut().zip(init) {
        *w = w.wrapping_add(i);
    }
    s
}

/// The ChaCha20 block function of RFC 8439 §2.3: the 16 output words (the serialized block read
/// as little-endian words) for `key`, block `counter` and `nonce`.
#[cfg(test)]
pub(crate) fn chacha20_block(key: &[u8; 32], counter: u32, nonce: &[u8; 12]) -> [u32; 16] {
    chacha20(initial_state(&le_words(key), counter, &le_words(nonce)))
}

/// Number of consecutive blocks [`chacha20_x4`] computes together.
const LANES: usize = 4;

/// [`chacha20`] with key words `key` and a zero nonce for the [`LANES`] blocks `counter`,
/// `counter + 1`, … (wrapping), side by side: word `w` of block `counter + l` is `out[w][l]`.
///
/// The same arithmetic as [`chacha20`], written as a loop over the blocks whose body is all 20
/// rounds unrolled. That loop is innermost and every step in it is the same operation on each
/// block, so the compiler runs the blocks in the lanes of vector registers (SSE2 on baseline
/// x86-64): the four blocks cost about as much as two computed one by one. How it is compiled
/// changes only the speed; the words are those of [`chacha20`] (tested).
#[inline(never)]
fn chacha20_x4(key: &[u32; 8], counter: u32, out: &mut [[u32; LANES]; 16]) {
    for l in 0..LANES {
        let init = initial_state(key, counter.wrapping_add(l as u32), &[0; 3]);
        let mut s = init;
        double_round(&mut s);
        double_round(&mut s);
        double_round(&mut s);
        double_round(&mut s);
        double_round(&mut s);
        double_round(&mut s);
        double_round(&mut s);
        double_round(&mut s);
        double_round(&mut s);
        double_round(&mut s);
        for (row, (w, i)) in out.iter_mut().zip(s.into_iter().zip(init)) {
            row[l] = w.wrapping_add(i);
        }
    }
}

/// The deal random-number generator: the ChaCha20 keystream for a 32-byte seed, as `u32` words
/// (procedure in the module docs).
///
/// Its `Debug` output leaves out the seed, which would reveal every hand.
#[derive(Clone)]
pub struct DealRng {
    /// The seed as the eight little-endian key words.
    key: [u32; 8],
    /// The block counter of the next block to compute.
    counter: u32,
    /// Computed blocks, side by side as [`chacha20_x4`] writes them: word `w` of block `b` is
    /// `blocks[w][b]`.
    blocks: [[u32; LANES]; 16],
    /// Where the next word is: word `pos % 16` of block `pos / 16` of `blocks`; `16 * LANES` when
    /// they are used up.
    pos: usize,
}

impl DealRng {
    /// A generator at the start of the keystream for `seed` (key = seed, nonce 0, counter 0).
    #[must_use]
    pub fn from_seed(seed: [u8; 32]) -> DealRng {
        DealRng {
            key: le_words(&seed),
            counter: 0,
            blocks: [[0; LANES]; 16],
            pos: 16 * LANES,
        }
    }

    /// The next keystream word (little-endian, in block order).
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        if self.pos == 16 * LANES {
            self.refill();
        }
        let w = self.blocks[self.pos % 16][self.pos / 16 % LANES];
        self.pos += 1;
        w
    }

    /// Computes the next keystream blocks: blocks 0 to 3 together (64 words, a deal of up to 65
    /// cards); block 4 on its own (a 78-card deal needs just one more), placed as the last of
    /// `blocks` so that `pos` ends at `16 * LANES` as for a batch; then four at a time again, for
    /// long streams (the search bot draws thousands of words per decision), at half the cost
    /// per block.
    #[cold]
    #[inline(never)]
    fn refill(&mut self) {
        if self.counter == LANES as u32 {
            let block = chacha20(initial_state(&self.key, self.counter, &[0; 3]));
            for (row, w) in self.blocks.iter_mut().zip(block) {
                row[LANES - 1] = w;
            }
            self.counter = self.counter.wrapping_add(1);
            self.pos = 16 * (LANES - 1);
        } else {
            chacha20_x4(&self.key, self.counter, &mut self.blocks);
            self.counter = self.counter.wrapping_add(LANES as u32);
            self.pos = 0;
        }
    }

    /// A uniform value in `0..n`, by rejection: draw `x`; accept if `x < 2³² − (2³² mod n)` and
    /// return `x mod n`, else draw again.
    ///
    /// `n = 0` has no valid value: it returns 0 and draws nothing. Never panics.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        if n == 0 {
            return 0;
        }
        // The small bounds of a shuffle take the same values from a table, without a division.
        if let Some(&(zone, m)) = SMALL_BOUNDS.get(n as usize).filter(|_| n >= 2) {
            loop {
                let x = self.next_u32();
                if u64::from(x) < zone {
                    return fast_mod(x, m, n);
                }
            }
        }
        let span = 1u64 << 32;
        let zone = span - span % u64::from(n);
        loop {
            let x = self.next_u32();
            if u64::from(x) < zone {
                return x % n;
            }
        }
    }
}

/// For each bound `n` in `2..128` (entries 0 and 1 unused): the acceptance zone
/// `2³² − (2³² mod n)` of [`DealRng::below`] and `m = ⌈2⁶⁴ / n⌉` for [`fast_mod`].
const SMALL_BOUNDS: [(u64, u64); 128] = {
    let mut t = [(0u64, 0u64); 128];
    let mut n = 2u64;
    while n < 128 {
        let span = 1u64 << 32;
        t[n as usize] = (span - span % n, u64::MAX / n + 1);
        n += 1;
    }
    t
};

/// `x mod n` for `n ≥ 2` from `m = ⌈2⁶⁴ / n⌉`, by multiplication (Lemire, Kaser and Kurz,
/// "Faster remainder by direct computation", 2019): exact for every 32-bit `x`.
#[inline]
fn fast_mod(x: u32, m: u64, n: u32) -> u32 {
    let low = m.wrapping_mul(u64::from(x));
    ((u128::from(low) * u128::from(n)) >> 64) as u32
}

impl fmt::Debug for DealRng {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DealRng")
            .field("counter", &self.counter)
            .field("pos", &self.pos)
            .finish_non_exhaustive()
    }
}

/// Fisher–Yates shuffle: for `i` from the last index down to 1, `j = rng.below(i + 1)`, swap
/// `items[i]` and `items[j]`.
///
/// # Panics
/// If `items` has more than `u32::MAX` elements.
#[track_caller]
pub fn shuffle<T>(rng: &mut DealRng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let bound = u32::try_from(i + 1).expect("shuffle: slice longer than u32::MAX");
        let j = rng.below(bound) as usize;
        items.swap(i, j);
    }
}

/// A seed from a number: `n` little-endian in bytes `0..8`, bytes `8..32` zero. For tests and
/// tools; real deals should use 32 random bytes.
#[must_use]
pub fn seed_from_u64(n: u64) -> [u8; 32] {
    let mut seed = [0u8; 32];
    seed[..8].copy_from_slice(&n.to_le_bytes());
    seed
}

/// A shuffled pack: the cards in deal order (position 0 is dealt first), held inline.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ShuffledPack {
    cards: [Card; NUM_CARDS],
    len: u8,
}

impl ShuffledPack {
    /// The cards in deal order.
    #[must_use]
    pub fn as_slice(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// Number of cards (the pack's size).
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// True if there are no cards (never, for a real pack).
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The cards in deal order.
    pub fn iter(&self) -> std::iter::Copied<std::slice::Iter<'_, Card>> {
        self.as_slice().iter().copied()
    }
}

impl AsRef<[Card]> for ShuffledPack {
    fn as_ref(&self) -> &[Card] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a ShuffledPack {
    type Item = Card;
    type IntoIter = std::iter::Copied<std::slice::Iter<'a, Card>>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl fmt::Debug for ShuffledPack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// The deal order for `pack` and `seed`: the pack's cards in ascending index order, shuffled by
/// [`shuffle`] with a fresh [`DealRng::from_seed`]`(seed)`.
#[must_use]
pub fn shuffled(pack: Pack, seed: [u8; 32]) -> ShuffledPack {
    let mut cards = [Card::PAGAT; NUM_CARDS];
    let mut len = 0u8;
    for (slot, card) in cards.iter_mut().zip(pack.cards()) {
        *slot = card;
        len += 1;
    }
    let mut rng = DealRng::from_seed(seed);
    shuffle(&mut rng, &mut cards[..len as usize]);
    ShuffledPack { cards, len }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::CardSet;

    #[test]
    fn small_bounds_match_division() {
        let mut xs: Vec<u32> = vec![0, 1, 2, 77, 78, u32::MAX, u32::MAX - 1, 1 << 31];
        let mut rng = DealRng::from_seed([7; 32]);
        xs.extend((0..20_000).map(|_| rng.next_u32()));
        for n in 2..128u32 {
            let (zone, m) = SMALL_BOUNDS[n as usize];
            assert_eq!(zone, (1u64 << 32) - (1u64 << 32) % u64::from(n));
            for &x in xs.iter().chain(&[n - 1, n, n + 1, n.wrapping_mul(1000)]) {
                assert_eq!(fast_mod(x, m, n), x % n, "{x} mod {n}");
            }
        }
    }

    #[test]
    fn rfc8439_block_function_vector() {
        // RFC 8439 §2.3.2.
        let key: [u8; 32] = std::array::from_fn(|i| i as u8);
        let nonce = [0, 0, 0, 0x09, 0, 0, 0, 0x4a, 0, 0, 0, 0];
        let expected: [u32; 16] = [
            0xe4e7_f110,
            0x1559_3bd1,
            0x1fdd_0f50,
            0xc471_20a3,
            0xc7f4_d1c7,
            0x0368_c033,
            0x9aaa_2204,
            0x4e6c_d4c3,
            0x4664_82d2,
            0x09aa_9f07,
            0x05d7_c214,
            0xa202_8bd9,
            0xd19c_12b5,
            0xb94e_16de,
            0xe883_d0cb,
            0x4e3c_50a2,
        ];
        assert_eq!(chacha20_block(&key, 1, &nonce), expected);
    }

    #[test]
    fn keystream_of_zero_key_matches_rfc8439_appendix_a1() {
        // RFC 8439 Appendix A.1, test vectors #1 (counter 0) and #2 (counter 1): all-zero key
        // and nonce. The generator reads block 0, then block 1.
        let mut rng = DealRng::from_seed([0; 32]);
        let first: Vec<u32> = (0..32).map(|_| rng.next_u32()).collect();
        assert_eq!(
            &first[..4],
            &[0xade0_b876, 0x903d_f1a0, 0xe56a_5d40, 0x28bd_8653]
        );
        assert_eq!(
            &first[16..20],
            &[0xbee7_079f, 0x7a38_5155, 0x7c97_ba98, 0x0d08_2d73]
        );
        assert_eq!(first[..16], chacha20_block(&[0; 32], 0, &[0; 12]));
        assert_eq!(first[16..], chacha20_block(&[0; 32], 1, &[0; 12]));
    }

    /// Seeds for the comparisons with the single-block function: all zeros, all ones, counting
    /// bytes, small numbers and a few mixed ones.
    fn test_seeds() -> Vec<[u8; 32]> {
        let mut seeds = vec![[0; 32], [0xff; 32], std::array::from_fn(|i| i as u8)];
        seeds.extend((1..4).map(seed_from_u64));
        seeds.extend([0x9e37_79b9_7f4a_7c15, u64::MAX].map(|x: u64| {
            std::array::from_fn(|i| {
                (x.rotate_left(8 * i as u32) as u8) ^ (i as u8).wrapping_mul(37)
            })
        }));
        seeds
    }

    #[test]
    fn keystream_equals_single_block_function_word_for_word() {
        // 70 blocks: the first four (computed together), the fifth alone, and many more four at
        // a time.
        for seed in test_seeds() {
            let mut rng = DealRng::from_seed(seed);
            for counter in 0..70u32 {
                let block = chacha20_block(&seed, counter, &[0; 12]);
                for (w, &expected) in block.iter().enumerate() {
                    assert_eq!(
                        rng.next_u32(),
                        expected,
                        "seed {seed:x?}, block {counter} word {w}"
                    );
                }
            }
        }
    }

    #[test]
    fn four_blocks_at_once_equal_single_blocks_with_wrapping_counter() {
        for seed in test_seeds() {
            let key = le_words(&seed);
            for counter in [0, 1, 4, 1000, u32::MAX - 3, u32::MAX - 1, u32::MAX] {
                let mut out = [[0; LANES]; 16];
                chacha20_x4(&key, counter, &mut out);
                let blocks: [[u32; 16]; LANES] = std::array::from_fn(|l| {
                    chacha20_block(&seed, counter.wrapping_add(l as u32), &[0; 12])
                });
                for (w, row) in out.iter().enumerate() {
                    for (l, &word) in row.iter().enumerate() {
                        assert_eq!(word, blocks[l][w], "counter {counter} + {l}, word {w}");
                    }
                }
            }
        }
    }

    /// The procedure of the module docs, written directly on [`chacha20_block`] and a division.
    fn reference_shuffled(pack: Pack, seed: [u8; 32]) -> Vec<Card> {
        let mut words = (0u32..).flat_map(|counter| chacha20_block(&seed, counter, &[0; 12]));
        let mut below = |n: u32| {
            let zone = (1u64 << 32) - (1u64 << 32) % u64::from(n);
            loop {
                let x = words.next().expect("endless keystream");
                if u64::from(x) < zone {
                    return x % n;
                }
            }
        };
        let mut cards: Vec<Card> = pack.cards().into_iter().collect();
        for i in (1..cards.len()).rev() {
            let j = below(i as u32 + 1) as usize;
            cards.swap(i, j);
        }
        cards
    }

    #[test]
    fn shuffled_equals_the_reference_procedure() {
        let seeds = test_seeds()
            .into_iter()
            .chain((0..1000).map(|n| seed_from_u64(n * 0x9e37_79b9 + 11)));
        for seed in seeds {
            for pack in [Pack::Hungarian42, Pack::Tarock54, Pack::French78] {
                assert_eq!(
                    shuffled(pack, seed).as_slice(),
                    reference_shuffled(pack, seed),
                    "{pack:?}, seed {seed:x?}"
                );
            }
        }
    }

    #[test]
    fn seed_from_u64_layout() {
        let s = seed_from_u64(0x0102_0304_0506_0708);
        assert_eq!(&s[..8], &[8, 7, 6, 5, 4, 3, 2, 1]);
        assert!(s[8..].iter().all(|&b| b == 0));
    }

    #[test]
    fn shuffled_is_a_permutation_of_the_pack() {
        for pack in [Pack::Hungarian42, Pack::Tarock54, Pack::French78] {
            for n in 0..200 {
                let s = shuffled(pack, seed_from_u64(n));
                assert_eq!(s.len(), pack.len());
                let set: CardSet = s.iter().collect();
                assert_eq!(set, pack.cards(), "seed {n}");
            }
        }
    }

    #[test]
    fn same_seed_same_order_different_seed_different_order() {
        for pack in [Pack::Hungarian42, Pack::Tarock54, Pack::French78] {
            let a = shuffled(pack, seed_from_u64(7));
            assert_eq!(a, shuffled(pack, seed_from_u64(7)));
            assert_ne!(a, shuffled(pack, seed_from_u64(8)));
            let mut other = seed_from_u64(7);
            other[31] = 1;
            assert_ne!(a, shuffled(pack, other));
        }
    }

    #[test]
    fn golden_order_seed_1_hungarian_pack() {
        // Frozen: changing the shuffle procedure changes this order and every seeded deal.
        let order: Vec<String> = shuffled(Pack::Hungarian42, seed_from_u64(1))
            .iter()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(order.join(" "), GOLDEN_SEED_1_HU42);
    }

    /// Cross-checked against an independent ChaCha20 (Python `cryptography`) running the same
    /// procedure.
    const GOLDEN_SEED_1_HU42: &str = "C10 DK SKIZ T12 CC T5 T11 T16 T1 T3 T9 T18 DC CQ HK HA HQ T15 SQ S10 T10 HJ HC T19 SC CK T6 CJ T2 SK DJ T21 T13 DA T14 DQ T8 T20 T7 SJ T17 T4";

    #[test]
    fn below_stays_in_range() {
        let mut rng = DealRng::from_seed(seed_from_u64(3));
        assert_eq!(rng.below(0), 0);
        for n in [
            1u32,
            2,
            3,
            5,
            6,
            7,
            42,
            78,
            1000,
            1 << 31,
            (1 << 31) + 1,
            u32::MAX,
        ] {
            for _ in 0..500 {
                assert!(rng.below(n) < n, "n = {n}");
            }
        }
    }

    #[test]
    fn below_zero_draws_nothing() {
        let mut a = DealRng::from_seed(seed_from_u64(4));
        let mut b = a.clone();
        assert_eq!(a.below(0), 0);
        assert_eq!(a.next_u32(), b.next_u32());
    }

    #[test]
    fn below_six_is_roughly_uniform() {
        let mut rng = DealRng::from_seed(seed_from_u64(5));
        let mut buckets = [0u32; 6];
        for _ in 0..60_000 {
            buckets[rng.below(6) as usize] += 1;
        }
        for (v, &count) in buckets.iter().enumerate() {
            assert!(
                (9_500..=10_500).contains(&count),
                "value {v}: {count} of 60000"
            );
        }
    }

    #[test]
    fn shuffle_of_short_slices() {
        let mut rng = DealRng::from_seed(seed_from_u64(6));
        let mut empty: [u8; 0] = [];
        shuffle(&mut rng, &mut empty);
        let mut one = [9u8];
        shuffle(&mut rng, &mut one);
        assert_eq!(one, [9]);
    }

    #[test]
    fn debug_hides_the_seed() {
        let rng = DealRng::from_seed([0xab; 32]);
        let text = format!("{rng:?}");
        assert!(!text.contains("171"), "{text}");
    }
}
