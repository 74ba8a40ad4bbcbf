//! Replays of recent records, kept by the record's bytes.
//!
//! Every request carries its record and the server replays it: decoding the record, recognising
//! its actions, dealing (see [`crate::dealt`]) and applying every action, and for a sealed
//! record first opening it. That is as much work as everything else a request does together,
//! and requests repeat records: a client asks for the legal moves of a record and then applies
//! one of them to the same record, a bot searches from one position, and the record an
//! `ApplyAction` answers with is the one the next request of that table sends. [`Replays`] keeps
//! the replays of the last records the server replayed or wrote, by their exact bytes (an open
//! record's `GameRecord` message, or a sealed record's `data`), so that a request with the same
//! bytes starts from the replay instead.
//!
//! This keeps no state of any game in progress: a replay is a pure function of the bytes, and
//! a request gets the same answer whether or not they are kept. Only replays that succeeded are
//! kept (a failing record is replayed every time, and fails the same way). A sealed record is
//! kept only after it opened with the server's key ring, which does not change while the server
//! runs; its tokens are still checked on every request. Records longer than [`MAX_KEY`] bytes
//! are not kept, and the replays of a set take at most [`SET_BUDGET`] bytes together, so what
//! is kept stays bounded (24 MB, as [`Replayed::footprint`] reckons it) whatever requests say;
//! the hash that places a record has a random seed per process, so that chosen records cannot
//! aim at one set.

use crate::convert::Decoded;
use crate::kept::{Kept, Rank};
use crate::respond::{self, Detail, History, Written};
use crate::seal::SealedGame;
use std::fmt;
use std::hash::BuildHasher;
use std::sync::{Arc, OnceLock};
use tarock_engine::{Action, AnyGame, DealSource, Seat, RULES_VERSION};
use tarock_proto::wire::Writer;

/// Independent locks, so requests on different threads seldom wait for each other.
const SHARDS: usize = 16;
/// Sets of four slots per lock: 4,096 replays in all (a record a table sends and the one it is
/// answered with take two; a set holds four, so that the sets of a busy table seldom overflow).
const SETS_PER_SHARD: usize = 64;
/// The bytes the replays of a set may take together, as [`Replayed::footprint`] reckons them
/// (a replay of a record of 26 actions, about 700 bytes, takes about 4 KB): four records of up
/// to about 45 actions; 24 MB for the 1,024 sets.
const SET_BUDGET: usize = 24 * 1024;
/// The bytes a replay's history takes per action, reckoned: an entry (about 40 bytes), where it
/// starts (4) and its share of the completed tricks' entries.
const HISTORY_PER_ACTION: usize = 64;
/// How many of a record's last actions a kept history may leave to the views to write, so that
/// the replay of the record an `ApplyAction` answers with shares the history of the record it
/// was sent (a table's next request usually sends that record) instead of copying it whole with
/// one more entry: every eighth action of a table, the history is made again up to the last.
const UNSHARED_ACTIONS: usize = 8;
/// How many of a sealed record's last bytes (its tag) place it among the sets.
const SEALED_TAIL: usize = 16;
/// The longest record kept, in bytes: a whole hand of the longest variant written in full is
/// about 2 KB.
pub(crate) const MAX_KEY: usize = 4096;

/// A replayed game with what it was made from.
#[derive(Debug)]
pub(crate) struct Replayed {
    /// The record's setup, actions and match state.
    pub(crate) decoded: Decoded,
    /// The game after the record's actions.
    pub(crate) game: AnyGame,
    /// Who made each action of the record.
    pub(crate) seats: Vec<Seat>,
    /// The game id of a sealed record (`None` for an open one), shared by the replays of the
    /// game's records.
    pub(crate) sealed: Option<Arc<SealedGame>>,
    /// The history of the record's first actions as views write it (a view writes the entries
    /// of the rest itself): made when a view first needs it, or shared with the replay this one
    /// was made from (see [`Replayed::history_after`]).
    pub(crate) history: OnceLock<Arc<History>>,
    /// Where the actions end in the open record this replay was made from, if the server
    /// writes that record as its bytes stand (see [`Replayed::written`]).
    pub(crate) actions_end: OnceLock<Option<usize>>,
    /// A sealed record's record as the server seals it (see [`Replayed::compact`]).
    pub(crate) compact: OnceLock<Compact>,
}

/// A record written compact, as the server seals it, and where its actions end in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Compact {
    /// The `GameRecord` message.
    pub(crate) bytes: Vec<u8>,
    /// Where its actions end.
    pub(crate) actions_end: usize,
}

impl Compact {
    /// The record of `setup`, `actions` and `match_state`, which reached `game`.
    pub(crate) fn of(
        setup: &tarock_engine::Setup,
        actions: &[Action],
        game: &AnyGame,
        match_state: Option<&tarock_proto::v1::MatchState>,
    ) -> Compact {
        let mut w = Writer::with_capacity(512);
        let actions_end = respond::record(
            &mut w,
            setup,
            actions,
            game,
            match_state,
            RULES_VERSION,
            Detail::Compact,
        );
        Compact {
            bytes: w.into_bytes(),
            actions_end,
        }
    }

    /// This record with `action` after its actions, if its compact field is known.
    pub(crate) fn and(&self, action: Action) -> Option<Compact> {
        let field = &crate::convert::action_as_fields(action)?.record_compact;
        let (head, tail) = self.bytes.split_at_checked(self.actions_end)?;
        let mut bytes = Vec::with_capacity(self.bytes.len() + field.len());
        bytes.extend_from_slice(head);
        bytes.extend_from_slice(field);
        bytes.extend_from_slice(tail);
        Some(Compact {
            bytes,
            actions_end: self.actions_end + field.len(),
        })
    }
}

impl Replayed {
    /// A replay of a record (sealed with the game id `sealed`, if any); its history made when
    /// first asked for.
    pub(crate) fn new(
        decoded: Decoded,
        game: AnyGame,
        seats: Vec<Seat>,
        sealed: Option<Arc<SealedGame>>,
    ) -> Replayed {
        Replayed {
            decoded,
            game,
            seats,
            sealed,
            history: OnceLock::new(),
            actions_end: OnceLock::new(),
            compact: OnceLock::new(),
        }
    }

    /// The bytes this replay takes, kept by a key of `key_bytes`, or may come to take: its
    /// history is made when a view first asks for it, and is reckoned from the start.
    fn footprint(&self, key_bytes: usize) -> usize {
        let d = &self.decoded;
        let per_action = std::mem::size_of::<tarock_engine::Action>()
            + std::mem::size_of::<Seat>()
            + HISTORY_PER_ACTION;
        let options: usize = d
            .setup
            .options
            .iter()
            .map(|(k, v)| 48 + k.len() + v.len())
            .sum();
        let matches = d
            .match_state
            .as_ref()
            .map_or(0, |m| 8 * (m.totals.len() + m.doubled_rounds.len()));
        let explicit = match d.setup.deal {
            DealSource::Explicit(_) => 256,
            DealSource::Seed(_) => 0,
        };
        key_bytes
            + std::mem::size_of::<Replayed>()
            + d.actions.len() * per_action
            + options
            + matches
            + explicit
            + self.sealed.as_ref().map_or(0, |g| g.footprint())
            // A sealed record's compact record, shorter than the sealed data it is kept by.
            + self.sealed.as_ref().map_or(0, |_| key_bytes)
    }

    /// The record written compact, as the server seals it: made when first asked for (to seal
    /// the record after it), or kept from the sealing of this one.
    pub(crate) fn compact(&self) -> &Compact {
        self.compact.get_or_init(|| {
            let d = &self.decoded;
            Compact::of(&d.setup, &d.actions, &self.game, d.match_state.as_ref())
        })
    }

    /// The history of the record's first actions (all of them, unless it was shared) as views
    /// write it.
    pub(crate) fn history(&self) -> &Arc<History> {
        self.history
            .get_or_init(|| Arc::new(History::of(&self.game, &self.decoded.actions, &self.seats)))
    }

    /// The history for a replay of this record with more actions, `actions` and `seats` being
    /// all of that record's, which reached `game`: this replay's own, shared, while it leaves at
    /// most [`UNSHARED_ACTIONS`] of them for views to write; else one made from it up to the
    /// last action. `None` while this replay has made no history (no view was asked of it: the
    /// later replay then makes its own when a view first needs it).
    pub(crate) fn history_after(
        &self,
        game: &AnyGame,
        actions: &[Action],
        seats: &[Seat],
    ) -> Option<Arc<History>> {
        let own = self.history.get()?;
        let from = own.len().min(actions.len());
        Some(if actions.len() - from <= UNSHARED_ACTIONS {
            Arc::clone(own)
        } else {
            Arc::new(own.and(game, &actions[from..], &seats[from..]))
        })
    }

    /// `bytes`, the open record this replay was made from (and is kept by), as a record the
    /// server writes as it stands, if it does: the server then answers an action with the
    /// bytes and the action added. Checked once, by writing the record; a record the server
    /// wrote itself is known to be one.
    pub(crate) fn written<'b>(&self, bytes: &'b [u8]) -> Option<Written<'b>> {
        let end = *self.actions_end.get_or_init(|| {
            let mut w = Writer::with_capacity(bytes.len());
            let end = respond::record(
                &mut w,
                &self.decoded.setup,
                &self.decoded.actions,
                &self.game,
                self.decoded.match_state.as_ref(),
                RULES_VERSION,
                Detail::Full,
            );
            (w.into_bytes() == bytes).then_some(end)
        });
        end.map(|actions_end| Written { bytes, actions_end })
    }
}

/// What a replay is kept by: the bytes of an open record, or of a sealed record's data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StateKey<'a> {
    /// An open record's `GameRecord` message.
    Open(&'a [u8]),
    /// A sealed record's `data`.
    Sealed(&'a [u8]),
}

impl StateKey<'_> {
    fn bytes(&self) -> &[u8] {
        match self {
            StateKey::Open(b) | StateKey::Sealed(b) => b,
        }
    }

    fn is_sealed(&self) -> bool {
        matches!(self, StateKey::Sealed(_))
    }
}

/// Bytes [`Replays::get`] did not find, hashed (`None` when too long to keep).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Miss<'a> {
    key: StateKey<'a>,
    hash: Option<u64>,
}

/// A kept key.
#[derive(PartialEq, Eq)]
struct Key {
    sealed: bool,
    bytes: Vec<u8>,
}

/// How many of a key's first and last bytes [`Key::likely`] compares.
const LIKELY_ENDS: usize = 32;

impl Key {
    fn is(&self, k: StateKey<'_>) -> bool {
        self.sealed == k.is_sealed() && *self.bytes == *k.bytes()
    }

    /// Whether this is likely `k`, its hash being `k`'s: of the same kind and length, and
    /// beginning and ending with the same bytes (records written one after another differ at
    /// the end, an open record in its last actions; a sealed record's data throughout, and its
    /// hash is of its end only).
    fn likely(&self, k: StateKey<'_>) -> bool {
        let (mine, theirs) = (&*self.bytes, k.bytes());
        let (n, ends) = (mine.len(), LIKELY_ENDS.min(mine.len()));
        self.sealed == k.is_sealed()
            && n == theirs.len()
            && mine[..ends] == theirs[..ends]
            && mine[n - ends..] == theirs[n - ends..]
    }
}

/// Recent replays by their records' bytes; see the module's description.
pub(crate) struct Replays {
    kept: Kept<Key, Arc<Replayed>>,
    hasher: foldhash::fast::FixedState,
}

impl Default for Replays {
    fn default() -> Replays {
        let mut seed = [0u8; 8];
        // Without the operating system's randomness, records are still kept, in sets a client
        // could predict (a chosen record could then crowd out others of its set, no more).
        let _ = getrandom::fill(&mut seed);
        Replays {
            kept: Kept::new(SHARDS, SETS_PER_SHARD, SET_BUDGET),
            hasher: foldhash::fast::FixedState::with_seed(u64::from_le_bytes(seed)),
        }
    }
}

impl fmt::Debug for Replays {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never the records.
        f.debug_struct("Replays")
            .field("capacity", &self.kept.capacity())
            .finish_non_exhaustive()
    }
}

impl Replays {
    fn hash(&self, key: StateKey<'_>) -> u64 {
        match key {
            StateKey::Open(bytes) => self.hasher.hash_one((false, bytes)),
            // A sealed record ends with its authentication tag, which depends on every byte
            // before it under the server's key: its last bytes place the record as well as all
            // of them would, for a fraction of the hashing. It is still found only by all its bytes.
            StateKey::Sealed(bytes) => {
                let tail = &bytes[bytes.len().saturating_sub(SEALED_TAIL)..];
                self.hasher.hash_one((true, bytes.len(), tail))
            }
        }
    }

    /// The kept replay of `key`'s bytes; else the miss, with which to keep the replay once
    /// made (see [`Replays::insert`]), the bytes hashed once.
    pub(crate) fn get<'a>(&self, key: StateKey<'a>) -> Result<Arc<Replayed>, Miss<'a>> {
        let hash = self.placed(key);
        hash.and_then(|h| self.kept.get(h, |k| k.is(key)))
            .ok_or(Miss { key, hash })
    }

    /// The hash that places `key`'s bytes; `None` when they are too long to keep.
    fn placed(&self, key: StateKey<'_>) -> Option<u64> {
        (key.bytes().len() <= MAX_KEY).then(|| self.hash(key))
    }

    /// Keeps `replayed` as the replay of the bytes `get` missed (unless they are too long to
    /// keep).
    pub(crate) fn insert(&self, miss: Miss<'_>, replayed: Arc<Replayed>) {
        self.put(miss, replayed, Rank::Used);
    }

    fn put(&self, Miss { key, hash }: Miss<'_>, replayed: Arc<Replayed>, rank: Rank) {
        let Some(hash) = hash else { return };
        let owned = Key {
            sealed: key.is_sealed(),
            bytes: key.bytes().to_vec(),
        };
        self.put_key(hash, owned, replayed, rank);
    }

    fn put_key(&self, hash: u64, key: Key, replayed: Arc<Replayed>, rank: Rank) {
        // The key's buffer as allocated (a sealed record's has room to spare).
        let bytes = replayed.footprint(key.bytes.capacity());
        self.kept.insert(hash, (key, replayed), bytes, rank);
    }

    /// Offers the replay `make` makes for `key`'s bytes, a record the server wrote and expects
    /// to be sent next, unless they are kept already (or too long to keep): it gives way before
    /// the replays in use until a request uses it (see [`Rank::Offered`]), so that records written
    /// and never sent back (a client that sends one record many times) do not crowd out the
    /// records in use.
    ///
    /// Whether they are kept is judged by their hash, length and first and last bytes (see
    /// [`Key::likely`]), not by all of them: a record judged kept wrongly (which takes a
    /// collision of the process's random 64-bit hash) is only not offered, and replayed when
    /// sent, and the records offered are the ones just written, whose match would otherwise be
    /// compared whole on every answer.
    pub(crate) fn keep(&self, key: StateKey<'_>, make: impl FnOnce() -> Arc<Replayed>) {
        if let Some(hash) = self.offer_hash(key) {
            self.put(
                Miss {
                    key,
                    hash: Some(hash),
                },
                make(),
                Rank::Offered,
            );
        }
    }

    /// The hash of `key`'s bytes to offer them by: `None` if they are kept already, by the
    /// judgement of [`Replays::keep`], or too long to keep.
    fn offer_hash(&self, key: StateKey<'_>) -> Option<u64> {
        self.placed(key)
            .filter(|&hash| !self.kept.touch(hash, |k| k.likely(key)))
    }

    /// [`Replays::keep`] for a sealed record's `data`, kept as the key itself instead of a
    /// copy (every sealed ApplyAction answers with a new sealed record, and offers its replay).
    pub(crate) fn keep_sealed(&self, data: Vec<u8>, make: impl FnOnce() -> Arc<Replayed>) {
        let Some(hash) = self.offer_hash(StateKey::Sealed(&data)) else {
            return;
        };
        let key = Key {
            sealed: true,
            bytes: data,
        };
        self.put_key(hash, key, make(), Rank::Offered);
    }

    /// Whether `key`'s bytes are kept.
    #[cfg(test)]
    pub(crate) fn holds(&self, key: StateKey<'_>) -> bool {
        self.kept.holds(self.hash(key), |k| k.is(key))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tarock_engine::{Setup, Variant};

    fn replayed() -> Arc<Replayed> {
        let setup = Setup::seeded(Variant::HungarianIllustrated, 4, Seat::new(0), [1; 32]);
        let game = AnyGame::new(&setup).expect("a seeded deal");
        Arc::new(Replayed::new(
            Decoded {
                setup,
                actions: Vec::new(),
                match_state: None,
            },
            game,
            Vec::new(),
            None,
        ))
    }

    #[test]
    fn a_history_is_shared_with_later_replays_until_it_leaves_too_many_actions_out() {
        use tarock_engine::game::Game;
        let setup = Setup::seeded(Variant::HungarianIllustrated, 4, Seat::new(0), [3; 32]);
        let mut game = AnyGame::new(&setup).expect("a seeded deal");
        let (mut actions, mut seats) = (Vec::new(), Vec::new());
        let first = Replayed::new(
            Decoded {
                setup: setup.clone(),
                actions: Vec::new(),
                match_state: None,
            },
            game,
            Vec::new(),
            None,
        );
        // No history until a view asks for one.
        assert!(first.history_after(&game, &actions, &seats).is_none());
        first.history();
        while actions.len() <= UNSHARED_ACTIONS + 1 {
            let seat = game.to_act().expect("the hand goes on");
            // Anything but a pass, so that the hand is not thrown in.
            let legal = game.legal_actions();
            let a = legal
                .iter()
                .copied()
                .find(|&a| a != Action::Pass)
                .unwrap_or(legal[0]);
            game.play_unchecked(a);
            actions.push(a);
            seats.push(seat);
            let later = first
                .history_after(&game, &actions, &seats)
                .expect("the first replay's history is made");
            if actions.len() <= UNSHARED_ACTIONS {
                assert!(
                    Arc::ptr_eq(&later, first.history()),
                    "{} actions",
                    actions.len()
                );
            } else {
                // Made anew, and then the history of every action.
                assert!(!Arc::ptr_eq(&later, first.history()));
                assert_eq!(*later, History::of(&game, &actions, &seats));
            }
        }
    }

    #[test]
    fn records_up_to_the_longest_kept_are_kept_by_their_exact_bytes() {
        let replays = Replays::default();
        let longest = vec![7u8; MAX_KEY];
        let too_long = vec![7u8; MAX_KEY + 1];
        for key in [StateKey::Open(&longest), StateKey::Open(&too_long)] {
            let miss = replays.get(key).expect_err("not kept yet");
            replays.insert(miss, replayed());
        }
        assert!(replays.holds(StateKey::Open(&longest)));
        assert!(replays.get(StateKey::Open(&longest)).is_ok());
        assert!(!replays.holds(StateKey::Open(&too_long)));
        assert!(replays.get(StateKey::Open(&too_long)).is_err());
        // The same bytes as a sealed record's data, or one byte less, are other keys.
        assert!(replays.get(StateKey::Sealed(&longest)).is_err());
        assert!(replays.get(StateKey::Open(&longest[1..])).is_err());
        // Kept once: keeping it again does not make another.
        let mut made = 0;
        replays.keep(StateKey::Open(&longest), || {
            made += 1;
            replayed()
        });
        assert_eq!(made, 0);
        replays.keep(StateKey::Sealed(&longest), || {
            made += 1;
            replayed()
        });
        assert_eq!(made, 1);
        assert!(replays.holds(StateKey::Sealed(&longest)));
    }

    #[test]
    fn a_kept_key_is_judged_likely_by_its_kind_length_and_ends() {
        let bytes: Vec<u8> = (0..200u8).collect();
        let key = Key {
            sealed: false,
            bytes: bytes.clone(),
        };
        assert!(key.likely(StateKey::Open(&bytes)));
        assert!(!key.likely(StateKey::Sealed(&bytes)));
        assert!(!key.likely(StateKey::Open(&bytes[1..])));
        for at in [0, LIKELY_ENDS - 1, 200 - LIKELY_ENDS, 199] {
            let mut other = bytes.clone();
            other[at] ^= 1;
            assert!(
                !key.likely(StateKey::Open(&other)),
                "a byte at {at} differs"
            );
        }
        // Bytes between the ends are not compared: such a key is only ever not offered.
        let mut middle = bytes.clone();
        middle[100] ^= 1;
        assert!(key.likely(StateKey::Open(&middle)));
        // Keys shorter than both ends are compared whole.
        let short = Key {
            sealed: true,
            bytes: vec![1, 2, 3],
        };
        assert!(short.likely(StateKey::Sealed(&[1, 2, 3])));
        assert!(!short.likely(StateKey::Sealed(&[1, 9, 3])));
    }

    #[test]
    fn sealed_records_placed_by_their_tags_are_still_found_by_all_their_bytes() {
        // Sealed data that end alike (the same tag) land in one set, and each is found only by
        // its own bytes.
        let replays = Replays::default();
        let mut a = vec![3u8; 300];
        let mut b = a.clone();
        a[0] = 1;
        b[0] = 2;
        let (ra, rb) = (replayed(), replayed());
        replays.keep_sealed(a.clone(), || Arc::clone(&ra));
        assert!(replays.get(StateKey::Sealed(&b)).is_err());
        replays.keep_sealed(b.clone(), || Arc::clone(&rb));
        let found = |k: &[u8]| replays.get(StateKey::Sealed(k)).ok();
        assert!(found(&a).is_some_and(|r| Arc::ptr_eq(&r, &ra)));
        assert!(found(&b).is_some_and(|r| Arc::ptr_eq(&r, &rb)));
        let mut c = a.clone();
        c[0] = 9;
        assert!(found(&c).is_none());
        assert!(found(&a[1..]).is_none());
        assert!(replays.get(StateKey::Open(&a)).is_err());
    }
}
