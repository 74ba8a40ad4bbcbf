//! A bounded memo: values kept by key in sets of a few slots, the least recently used of a set
//! giving way to a newcomer.
//!
//! The service keeps what is a pure function of bytes a request carries (a seeded deal of its
//! setup, the replay of its record), so that the next request with the same bytes starts from it;
//! whether or not a key is kept, a request gets the same answer. [`Kept`] is the store both use:
//! a key's hash picks one of several locks and one set under it, the set's slots are compared
//! with the key, and a hit costs one lock, a few comparisons and a clone of the value (a `Copy`
//! game, or an `Arc`).
//!
//! Its size is fixed when it is made (locks × sets × slots; a lock's sets are allocated when
//! it keeps its first value), and each set has a budget of bytes that the values it keeps may
//! take together (as their callers reckon them; a value over the budget is not kept), so what
//! requests send can crowd keys out but never grow it past locks × sets × budget.

use std::sync::{Mutex, MutexGuard, PoisonError};

/// Slots per set.
const WAYS: usize = 4;

/// How long ago, in uses of its lock, an offered value ranks as used (see [`Rank::Offered`]).
const OFFERED_AGE: u64 = 1 << 32;

/// How a value ranks among those of its set when it is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rank {
    /// Used now.
    Used,
    /// Offered: no one has asked for it yet (the server made it expecting a request for it). It
    /// ranks as used [`OFFERED_AGE`] uses ago, so that it gives way before the values used
    /// since, until it is used itself.
    Offered,
}

/// The slots of one set, with the hash of each slot's key, when each was last used (its lock's
/// clock; 0 for never) and the bytes each value takes.
///
/// The hashes sit beside the clocks, in the set itself, so that a lookup compares keys only
/// where the hashes agree: a key lives in memory of its own, and under load a comparison with
/// another key of the set would cost a cache miss for nothing.
struct Set<K, V> {
    slots: [Option<(K, V)>; WAYS],
    hashes: [u64; WAYS],
    used: [u64; WAYS],
    bytes: [usize; WAYS],
}

impl<K, V> Default for Set<K, V> {
    fn default() -> Set<K, V> {
        Set {
            slots: std::array::from_fn(|_| None),
            hashes: [0; WAYS],
            used: [0; WAYS],
            bytes: [0; WAYS],
        }
    }
}

impl<K, V> Set<K, V> {
    /// The slot of the key of `hash` that `is_key` recognises.
    fn find(&self, hash: u64, is_key: impl Fn(&K) -> bool) -> Option<usize> {
        (0..WAYS).find(|&i| {
            self.hashes[i] == hash && self.slots[i].as_ref().is_some_and(|(k, _)| is_key(k))
        })
    }

    fn clear(&mut self, i: usize) {
        self.slots[i] = None;
        self.hashes[i] = 0;
        self.used[i] = 0;
        self.bytes[i] = 0;
    }
}

/// The sets of one lock (made when the first value is kept under it), and its clock.
struct Shard<K, V> {
    sets: Vec<Set<K, V>>,
    clock: u64,
}

/// Values kept by key; see the module's description.
pub(crate) struct Kept<K, V> {
    shards: Vec<Mutex<Shard<K, V>>>,
    sets_per_shard: usize,
    /// The bytes the values of a set may take together.
    set_budget: usize,
}

impl<K, V: Clone> Kept<K, V> {
    /// A store of `shards` locks with `sets_per_shard` sets of four slots each, the values of a
    /// set taking at most `set_budget` bytes together.
    pub(crate) fn new(shards: usize, sets_per_shard: usize, set_budget: usize) -> Kept<K, V> {
        let (shards, sets_per_shard) = (shards.max(1), sets_per_shard.max(1));
        Kept {
            shards: (0..shards)
                .map(|_| {
                    Mutex::new(Shard {
                        sets: Vec::new(),
                        clock: 0,
                    })
                })
                .collect(),
            sets_per_shard,
            set_budget,
        }
    }

    /// How many values it can hold.
    pub(crate) fn capacity(&self) -> usize {
        self.shards.len() * self.sets_per_shard * WAYS
    }

    /// The lock and set of `hash`.
    fn place(&self, hash: u64) -> (usize, usize) {
        let h = hash as usize;
        let n = self.shards.len();
        (h % n, h / n % self.sets_per_shard)
    }

    /// A poisoned lock only means another request panicked while holding it: slots are whole
    /// (a key and its value), so the shard is still sound.
    fn lock(&self, shard: usize) -> MutexGuard<'_, Shard<K, V>> {
        self.shards[shard]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// The value of the key that `is_key` recognises among those of `hash`'s set, if kept (and
    /// then used now).
    pub(crate) fn get(&self, hash: u64, is_key: impl Fn(&K) -> bool) -> Option<V> {
        self.with(hash, is_key, |(_, v)| v.clone())
    }

    /// Whether a key that `is_key` recognises is among those of `hash`'s set (which is then
    /// used now), without taking its value.
    pub(crate) fn touch(&self, hash: u64, is_key: impl Fn(&K) -> bool) -> bool {
        self.with(hash, is_key, |_| ()).is_some()
    }

    /// `f` of the slot `is_key` recognises among those of `hash`'s set, if kept (and then used
    /// now).
    fn with<T>(
        &self,
        hash: u64,
        is_key: impl Fn(&K) -> bool,
        f: impl FnOnce(&(K, V)) -> T,
    ) -> Option<T> {
        let (shard, set) = self.place(hash);
        let mut shard = self.lock(shard);
        shard.clock += 1;
        let now = shard.clock;
        let set = shard.sets.get_mut(set)?;
        let i = set.find(hash, is_key)?;
        set.used[i] = now;
        set.slots[i].as_ref().map(f)
    }

    /// Keeps `value`, which takes `bytes`, for `key` (whose hash is `hash`) in place of the
    /// value kept for an equal key, giving way the least recently used values of its set until
    /// a slot is free and the set's values are within its budget; it ranks as `rank` says.
    pub(crate) fn insert(&self, hash: u64, kv: (K, V), bytes: usize, rank: Rank)
    where
        K: PartialEq,
    {
        let age = match rank {
            Rank::Used => 0,
            Rank::Offered => OFFERED_AGE,
        };
        if bytes > self.set_budget {
            return;
        }
        let (shard, set) = self.place(hash);
        let sets_per_shard = self.sets_per_shard;
        let mut shard = self.lock(shard);
        if shard.sets.is_empty() {
            shard.sets = (0..sets_per_shard).map(|_| Set::default()).collect();
        }
        shard.clock += 1;
        let now = shard.clock;
        let set = &mut shard.sets[set];
        if let Some(i) = set.find(hash, |k| *k == kv.0) {
            set.clear(i);
        }
        // Room: a free slot, and the bytes within the budget. The least recently used values
        // give way until there is (the set's budget holds any one value kept).
        loop {
            let free = (0..WAYS).find(|&i| set.slots[i].is_none());
            let held: usize = set.bytes.iter().sum();
            if let (Some(i), true) = (free, held + bytes <= self.set_budget) {
                set.slots[i] = Some(kv);
                set.hashes[i] = hash;
                // Never 0, which marks a slot that was never used.
                set.used[i] = now.saturating_sub(age).max(1);
                set.bytes[i] = bytes;
                return;
            }
            let Some(oldest) = (0..WAYS)
                .filter(|&i| set.slots[i].is_some())
                .min_by_key(|&i| set.used[i])
            else {
                return;
            };
            set.clear(oldest);
        }
    }

    /// Whether the key that `is_key` recognises is kept in `hash`'s set (without using it).
    #[cfg(test)]
    pub(crate) fn holds(&self, hash: u64, is_key: impl Fn(&K) -> bool) -> bool {
        let (shard, set) = self.place(hash);
        self.lock(shard)
            .sets
            .get(set)
            .is_some_and(|s| s.find(hash, is_key).is_some())
    }

    /// How many values are kept.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        (0..self.shards.len())
            .map(|i| {
                self.lock(i)
                    .sets
                    .iter()
                    .map(|s| s.slots.iter().flatten().count())
                    .sum::<usize>()
            })
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_keeps_its_most_recently_used_keys() {
        // One lock and one set: every key shares it.
        let kept: Kept<u32, u32> = Kept::new(1, 1, usize::MAX);
        assert_eq!(kept.capacity(), WAYS);
        for k in 0..WAYS as u32 {
            kept.insert(0, (k, k * 10), 0, Rank::Used);
        }
        assert!((0..WAYS as u32).all(|k| kept.get(0, |&x| x == k) == Some(k * 10)));
        // The first is used again; a newcomer takes the place of the second.
        assert_eq!(kept.get(0, |&x| x == 0), Some(0));
        kept.insert(0, (99, 990), 0, Rank::Used);
        assert_eq!(kept.get(0, |&x| x == 1), None);
        assert_eq!(kept.get(0, |&x| x == 99), Some(990));
        assert!([0, 2, 3].iter().all(|&k| kept.holds(0, |&x| x == k)));
        // The same key again replaces its value instead of taking another slot.
        kept.insert(0, (99, 991), 0, Rank::Used);
        assert_eq!(kept.get(0, |&x| x == 99), Some(991));
        assert_eq!(kept.len(), WAYS);
    }

    #[test]
    fn keys_are_compared_only_where_their_hashes_agree() {
        let kept: Kept<u32, u32> = Kept::new(1, 1, usize::MAX);
        for k in 1..=3u32 {
            kept.insert(u64::from(k), (k, k * 10), 0, Rank::Used);
        }
        let compared = std::cell::Cell::new(0);
        let counting = |k: u32| {
            let compared = &compared;
            move |&x: &u32| {
                compared.set(compared.get() + 1);
                x == k
            }
        };
        assert_eq!(kept.get(2, counting(2)), Some(20));
        assert_eq!(compared.get(), 1);
        // A hash no key of the set has compares nothing, whatever the key.
        assert_eq!(kept.get(9, counting(2)), None);
        assert_eq!(compared.get(), 1);
    }

    #[test]
    fn offered_values_give_way_first_until_used() {
        let kept: Kept<u32, u32> = Kept::new(1, 1, usize::MAX);
        for k in 0..WAYS as u32 {
            kept.insert(0, (k, k), 0, Rank::Used);
        }
        // Offered values take the place of the least recently used one, then of each other,
        // while the values in use stay.
        for k in 100..110u32 {
            kept.insert(0, (k, k), 0, Rank::Offered);
        }
        assert!((1..WAYS as u32).all(|k| kept.holds(0, |&x| x == k)));
        assert!(!kept.holds(0, |&x| x == 0));
        assert!(kept.holds(0, |&x| x == 109));
        // Used once, an offered value ranks as any other.
        assert_eq!(kept.get(0, |&x| x == 109), Some(109));
        kept.insert(0, (200, 200), 0, Rank::Used);
        assert!(kept.holds(0, |&x| x == 109) && kept.holds(0, |&x| x == 200));
        assert!(!kept.holds(0, |&x| x == 1));
    }

    #[test]
    fn a_set_keeps_its_values_within_its_budget() {
        let kept: Kept<u32, u32> = Kept::new(1, 1, 100);
        kept.insert(0, (1, 1), 40, Rank::Used);
        kept.insert(0, (2, 2), 40, Rank::Used);
        assert_eq!(kept.len(), 2);
        // A third of 40 bytes does not fit beside the two: the least recently used gives way.
        assert_eq!(kept.get(0, |&x| x == 1), Some(1));
        kept.insert(0, (3, 3), 40, Rank::Used);
        assert!(kept.holds(0, |&x| x == 1) && kept.holds(0, |&x| x == 3));
        assert!(!kept.holds(0, |&x| x == 2));
        // One as large as the budget takes the set; one larger is not kept at all.
        kept.insert(0, (4, 4), 100, Rank::Used);
        assert_eq!(kept.len(), 1);
        kept.insert(0, (5, 5), 101, Rank::Used);
        assert!(kept.holds(0, |&x| x == 4) && !kept.holds(0, |&x| x == 5));
        // The same key again counts its new size only.
        kept.insert(0, (4, 40), 60, Rank::Used);
        kept.insert(0, (6, 6), 40, Rank::Used);
        assert_eq!(kept.len(), 2);
        assert_eq!(kept.get(0, |&x| x == 4), Some(40));
    }

    #[test]
    fn keys_of_other_sets_do_not_meet() {
        let kept: Kept<u64, u64> = Kept::new(4, 8, usize::MAX);
        assert_eq!(kept.capacity(), 4 * 8 * WAYS);
        // Every hash once: each set gets exactly its four.
        for h in 0..(4 * 8 * WAYS) as u64 {
            kept.insert(h, (h, h + 1), 0, Rank::Used);
        }
        assert_eq!(kept.len(), kept.capacity());
        for h in 0..(4 * 8 * WAYS) as u64 {
            assert_eq!(kept.get(h, |&x| x == h), Some(h + 1));
        }
    }
}
