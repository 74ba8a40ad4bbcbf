//! Temporary: replaced by the documented ChaCha20 shuffle.
#![allow(missing_docs)]
use crate::card::{Card, Pack, NUM_CARDS};

pub struct ShuffledPack {
    cards: [Card; NUM_CARDS],
    len: usize,
}
impl ShuffledPack {
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len]
    }
}
pub fn seed_from_u64(n: u64) -> [u8; 32] {
    let mut s = [0; 32];
    s[..8].copy_from_slice(&n.to_le_bytes());
    s
}
pub fn shuffled(pack: Pack, seed: [u8; 32]) -> ShuffledPack {
    let mut cards = [Card::PAGAT; NUM_CARDS];
    let mut len = 0;
    for c in pack.cards() {
        cards[len] = c;
        len += 1;
    }
    let mut x = u64::from_le_bytes(seed[..8].try_into().unwrap()) | 1;
    for i in (1..len).rev() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        cards.swap(i, (x % (i as u64 + 1)) as usize);
    }
    ShuffledPack { cards, len }
}
