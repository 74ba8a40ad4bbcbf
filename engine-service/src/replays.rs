//! The replays of recent records, kept by their exact bytes.
//!
//! A table's requests repeat records: LegalMoves, then ApplyAction on the same record; a bot
//! searching from one position; and every ApplyAction answers with the record the table's next
//! request sends. [`Replays`] keeps, by a record's exact bytes (an open record's `GameRecord`
//! message, or a sealed record's `data`), the record decoded and the game it reaches, so that a
//! request whose record is kept skips decoding it, opening its seal and replaying its actions.
//! An ApplyAction keeps the replay of the record it answers with, under the bytes it wrote.
//!
//! This is no game state: a replay is a pure function of the bytes it is kept under, only
//! records that replayed without error are kept (a sealed one only once it opened with the key
//! ring, which does not change while the server runs; its tokens are still checked on every
//! request), and a request gets the same answer whether or not its record is kept. The keys are
//! compared whole, and the cache (`quick_cache`, weighted by the bytes each replay takes) hashes
//! them with a random key per process, so chosen records can only crowd out others.

use crate::convert::Decoded;
use crate::seal::SealedGame;
use bytes::Bytes;
use metrics::Counter;
use quick_cache::sync::Cache;
use quick_cache::Weighter;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;
use tarock_engine::{AnyGame, Seat};

/// The bytes the kept replays may take together: about 8,000 replays of 26 actions.
const CAPACITY_BYTES: u64 = 16 * 1024 * 1024;

/// Records longer than this are not kept (the longest legal record is about 18 KB, and a
/// record a table plays is a few).
pub(crate) const MAX_KEY: usize = 16 * 1024;

/// A record replayed: what every request on it needs.
#[derive(Debug)]
pub(crate) struct Replayed {
    /// The record decoded.
    pub(crate) decoded: Decoded,
    /// The game after its actions.
    pub(crate) game: AnyGame,
    /// Who made each action.
    pub(crate) seats: Vec<Seat>,
    /// For a sealed record, its game (id and verified tokens).
    pub(crate) sealed: Option<Arc<SealedGame>>,
    /// For an open record, where its actions end in the bytes it is kept under
    /// ([`crate::respond::actions_end`]): the next record is those bytes with an action added
    /// there.
    pub(crate) actions_end: Option<usize>,
    /// For a sealed record, the record inside it (written compact); `actions_end` is then where
    /// its actions end in these bytes.
    pub(crate) compact: Option<Bytes>,
    /// The history entries its views write, made when a view first needs them.
    pub(crate) history: std::sync::OnceLock<crate::respond::History>,
}

impl Replayed {
    /// The history entries of its actions, as its views write them.
    pub(crate) fn history(&self) -> &crate::respond::History {
        self.history
            .get_or_init(|| crate::respond::History::of(&self.decoded.actions, &self.seats))
    }

    /// What keeping it costs, besides its key.
    fn footprint(&self) -> usize {
        let options: usize = self
            .decoded
            .setup
            .options
            .iter()
            .map(|(n, v)| n.len() + v.len() + 48)
            .sum();
        std::mem::size_of::<Replayed>()
            + self.decoded.actions.len() * std::mem::size_of::<tarock_engine::Action>()
            + self.seats.len()
            + self.compact.as_ref().map_or(0, Bytes::len)
            // The history entries, when a view makes them: reckoned at 40 bytes an action.
            + self.decoded.actions.len() * 40
            + options
            + 64
    }
}

/// A kept record's key: its kind and its bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum StateKey {
    /// An open record's `GameRecord` message.
    Open(Bytes),
    /// A sealed record's `data`.
    Sealed(Bytes),
}

/// A key as a request or an answer holds it, borrowed: looked up without a copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Key<'a> {
    /// An open record's `GameRecord` message.
    Open(&'a [u8]),
    /// A sealed record's `data`.
    Sealed(&'a [u8]),
}

impl StateKey {
    fn len(&self) -> usize {
        self.borrowed().bytes().len()
    }

    fn borrowed(&self) -> Key<'_> {
        match self {
            StateKey::Open(b) => Key::Open(b),
            StateKey::Sealed(b) => Key::Sealed(b),
        }
    }
}

impl Key<'_> {
    fn bytes(&self) -> &[u8] {
        match self {
            Key::Open(b) | Key::Sealed(b) => b,
        }
    }

    /// The key, owned.
    pub(crate) fn to_owned(self) -> StateKey {
        match self {
            Key::Open(b) => StateKey::Open(Bytes::copy_from_slice(b)),
            Key::Sealed(b) => StateKey::Sealed(Bytes::copy_from_slice(b)),
        }
    }
}

// A key hashes as its borrowed form does, so that either finds the other.
impl Hash for Key<'_> {
    fn hash<H: Hasher>(&self, h: &mut H) {
        h.write_u8(matches!(self, Key::Sealed(_)).into());
        self.bytes().hash(h);
    }
}

impl Hash for StateKey {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.borrowed().hash(h);
    }
}

impl quick_cache::Equivalent<StateKey> for Key<'_> {
    fn equivalent(&self, key: &StateKey) -> bool {
        *self == key.borrowed()
    }
}

/// What a kept replay takes: its key's bytes and its own.
#[derive(Clone, Copy, Debug)]
struct Footprint;

impl Weighter<StateKey, Arc<Replayed>> for Footprint {
    fn weight(&self, k: &StateKey, v: &Arc<Replayed>) -> u64 {
        (k.len() + v.footprint()) as u64
    }
}

/// The replays of recent records; see the module's description.
pub(crate) struct Replays {
    kept: Cache<StateKey, Arc<Replayed>, Footprint, foldhash::quality::RandomState>,
    /// Lookups that found the record kept, and those that did not.
    lookups: [Counter; 2],
}

impl Default for Replays {
    fn default() -> Replays {
        Replays {
            // The number of replays is an estimate the cache sizes its tables by; the bytes
            // bound what it keeps.
            // Keys are whole records (hundreds of bytes, hashed on every lookup): foldhash,
            // seeded at random per process, hashes them several times faster than the
            // cache's default (ahash without the AES instructions of a baseline build).
            kept: Cache::with(
                4096,
                CAPACITY_BYTES,
                Footprint,
                foldhash::quality::RandomState::default(),
                quick_cache::sync::DefaultLifecycle::default(),
            ),
            lookups: crate::metrics::lookups("replays"),
        }
    }
}

impl fmt::Debug for Replays {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never the records.
        f.debug_struct("Replays")
            .field("kept", &self.kept.len())
            .field("bytes", &self.kept.weight())
            .finish_non_exhaustive()
    }
}

impl Replays {
    /// The kept replay of `key`.
    pub(crate) fn get(&self, key: Key<'_>) -> Option<Arc<Replayed>> {
        let hit = self.kept.get(&key);
        self.lookups[usize::from(hit.is_none())].increment(1);
        hit
    }

    /// Keeps `replayed` under `key` (unless the key is longer than [`MAX_KEY`]).
    pub(crate) fn keep(&self, key: StateKey, replayed: Arc<Replayed>) {
        if key.len() <= MAX_KEY {
            self.kept.insert(key, replayed);
        }
    }

    /// Whether `key` is kept.
    pub(crate) fn holds(&self, key: Key<'_>) -> bool {
        self.kept.contains_key(&key)
    }
}
