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
//! it keeps its first value), so what requests send can crowd keys out but never grow it;
//! callers keep only keys and values of bounded size.

use std::sync::{Mutex, MutexGuard, PoisonError};

/// Slots per set.
const WAYS: usize = 4;

/// How long ago, in uses of its lock, an offered value ranks as used (see [`Kept::offer`]).
const OFFERED_AGE: u64 = 1 << 32;

/// The slots of one set, with when each was last used (its lock's clock; 0 for never).
struct Set<K, V> {
    slots: [Option<(K, V)>; WAYS],
    used: [u64; WAYS],
}

impl<K, V> Default for Set<K, V> {
    fn default() -> Set<K, V> {
        Set {
            slots: std::array::from_fn(|_| None),
            used: [0; WAYS],
        }
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
}

impl<K, V: Clone> Kept<K, V> {
    /// A store of `shards` locks with `sets_per_shard` sets of four slots each.
    pub(crate) fn new(shards: usize, sets_per_shard: usize) -> Kept<K, V> {
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
        let (shard, set) = self.place(hash);
        let mut shard = self.lock(shard);
        shard.clock += 1;
        let now = shard.clock;
        let set = shard.sets.get_mut(set)?;
        for (slot, used) in set.slots.iter().zip(&mut set.used) {
            if let Some((k, v)) = slot {
                if is_key(k) {
                    *used = now;
                    return Some(v.clone());
                }
            }
        }
        None
    }

    /// Keeps `value` for `key` (whose hash is `hash`) in place of the slot `is_key` recognises
    /// as the same key, else of the least recently used slot of its set.
    pub(crate) fn insert(&self, hash: u64, key: K, value: V, is_key: impl Fn(&K) -> bool) {
        self.put(hash, key, value, is_key, 0);
    }

    /// [`Kept::insert`] of a value no one has asked for yet (the server made it expecting a
    /// request for it): it ranks as used [`OFFERED_AGE`] uses ago, so that it gives way before
    /// the values used since, until it is used itself.
    pub(crate) fn offer(&self, hash: u64, key: K, value: V, is_key: impl Fn(&K) -> bool) {
        self.put(hash, key, value, is_key, OFFERED_AGE);
    }

    fn put(&self, hash: u64, key: K, value: V, is_key: impl Fn(&K) -> bool, age: u64) {
        let (shard, set) = self.place(hash);
        let sets_per_shard = self.sets_per_shard;
        let mut shard = self.lock(shard);
        if shard.sets.is_empty() {
            shard.sets = (0..sets_per_shard).map(|_| Set::default()).collect();
        }
        shard.clock += 1;
        let now = shard.clock;
        let set = &mut shard.sets[set];
        let same = set
            .slots
            .iter()
            .position(|s| s.as_ref().is_some_and(|(k, _)| is_key(k)));
        // The least recently used slot (an empty one has never been used).
        let slot =
            same.unwrap_or_else(|| (0..WAYS).min_by_key(|&i| set.used[i]).unwrap_or_default());
        set.slots[slot] = Some((key, value));
        // Never 0, which marks a slot that was never used.
        set.used[slot] = now.saturating_sub(age).max(1);
    }

    /// Whether the key that `is_key` recognises is kept in `hash`'s set (without using it).
    #[cfg(test)]
    pub(crate) fn holds(&self, hash: u64, is_key: impl Fn(&K) -> bool) -> bool {
        let (shard, set) = self.place(hash);
        self.lock(shard)
            .sets
            .get(set)
            .is_some_and(|s| s.slots.iter().flatten().any(|(k, _)| is_key(k)))
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
        let kept: Kept<u32, u32> = Kept::new(1, 1);
        assert_eq!(kept.capacity(), WAYS);
        for k in 0..WAYS as u32 {
            kept.insert(0, k, k * 10, |&x| x == k);
        }
        assert!((0..WAYS as u32).all(|k| kept.get(0, |&x| x == k) == Some(k * 10)));
        // The first is used again; a newcomer takes the place of the second.
        assert_eq!(kept.get(0, |&x| x == 0), Some(0));
        kept.insert(0, 99, 990, |&x| x == 99);
        assert_eq!(kept.get(0, |&x| x == 1), None);
        assert_eq!(kept.get(0, |&x| x == 99), Some(990));
        assert!([0, 2, 3].iter().all(|&k| kept.holds(0, |&x| x == k)));
        // The same key again replaces its value instead of taking another slot.
        kept.insert(0, 99, 991, |&x| x == 99);
        assert_eq!(kept.get(0, |&x| x == 99), Some(991));
        assert_eq!(kept.len(), WAYS);
    }

    #[test]
    fn offered_values_give_way_first_until_used() {
        let kept: Kept<u32, u32> = Kept::new(1, 1);
        for k in 0..WAYS as u32 {
            kept.insert(0, k, k, |&x| x == k);
        }
        // Offered values take the place of the least recently used one, then of each other,
        // while the values in use stay.
        for k in 100..110u32 {
            kept.offer(0, k, k, |&x| x == k);
        }
        assert!((1..WAYS as u32).all(|k| kept.holds(0, |&x| x == k)));
        assert!(!kept.holds(0, |&x| x == 0));
        assert!(kept.holds(0, |&x| x == 109));
        // Used once, an offered value ranks as any other.
        assert_eq!(kept.get(0, |&x| x == 109), Some(109));
        kept.insert(0, 200, 200, |&x| x == 200);
        assert!(kept.holds(0, |&x| x == 109) && kept.holds(0, |&x| x == 200));
        assert!(!kept.holds(0, |&x| x == 1));
    }

    #[test]
    fn keys_of_other_sets_do_not_meet() {
        let kept: Kept<u64, u64> = Kept::new(4, 8);
        assert_eq!(kept.capacity(), 4 * 8 * WAYS);
        // Every hash once: each set gets exactly its four.
        for h in 0..(4 * 8 * WAYS) as u64 {
            kept.insert(h, h, h + 1, |&x| x == h);
        }
        assert_eq!(kept.len(), kept.capacity());
        for h in 0..(4 * 8 * WAYS) as u64 {
            assert_eq!(kept.get(h, |&x| x == h), Some(h + 1));
        }
    }
}
