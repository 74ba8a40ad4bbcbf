//! Sealed records and seat tokens: the record encrypted and authenticated so that untrusted
//! clients can hold it without reading or forging it, while the server stays stateless.
//!
//! # Formats
//!
//! A sealed record is
//! `"TKS" · version (2) · key-id length (1 byte) · key id · ciphertext · tag (16)`, where the
//! ciphertext and tag are AES-256-GCM-SIV (RFC 8452) of the protobuf [`Payload`] (the record,
//! its move counter and the game id) under a key derived from the key-ring key, with the header
//! as associated data, so the header cannot be altered either. Sealing is deterministic (see
//! [`KeyRing::seal`]). The record in the payload is compact (`respond::Detail::Compact`): its
//! actions and cards carry no notations or names, which decoding does not read, so records
//! sealed with or without them open alike.
//!
//! Records of format version 1 still open: `"TKS" · 1 · key-id length · key id · nonce (24) ·
//! ciphertext · tag (16)`, XChaCha20-Poly1305 of the same payload under another derived key,
//! the header bound as associated data.
//!
//! A token is `"TKT" · version (1) · key-id length · key id · role (seat 0..4, or 255 for the
//! table) · MAC (16)`, the MAC being HMAC-SHA256 under a second derived key over the game id and
//! the role. Tokens of a match stay valid from hand to hand (the game id is the match's).
//!
//! # Key ring
//!
//! Keys are 32 random bytes, written as 64 hex digits in files `<id>.key` of one directory (a
//! Kubernetes Secret mounted as files). The file `active` names the key that seals; without it
//! the greatest id does. Every key in the ring opens records and checks tokens, so keys rotate
//! without breaking games in progress: add the new key, make it active, drop the old one once
//! its records have aged out.
//!
//! Architecture invariant: nothing here logs or traces a record, a hand or a key.

use aes_gcm_siv::aead::{AeadInPlace, KeyInit};
use aes_gcm_siv::Aes256GcmSiv;
use chacha20poly1305::{XChaCha20Poly1305, XNonce};
use hmac::{Hmac, Mac};
use prost::Message;
use sha2::{Digest, Sha256};
use std::fmt;
use std::path::Path;
use std::sync::OnceLock;
use subtle::ConstantTimeEq;

type HmacSha256 = Hmac<Sha256>;

const RECORD_MAGIC: &[u8; 3] = b"TKS";
const TOKEN_MAGIC: &[u8; 3] = b"TKT";
/// The format version of the records this server seals.
const RECORD_VERSION: u8 = 2;
/// The earlier format version of records, which still open.
const RECORD_V1: u8 = 1;
/// The format version of tokens.
const TOKEN_VERSION: u8 = 1;
/// Version 1's nonce, before the ciphertext.
const V1_NONCE_LEN: usize = 24;
/// AES-GCM-SIV's nonce: one fixed value, as sealing is deterministic (see [`KeyRing::seal`]).
const NONCE: [u8; 12] = [0; 12];
const MAC_LEN: usize = 16;
/// The authentication tag, after the ciphertext (AES-GCM-SIV's and Poly1305's alike).
const TAG_LEN: usize = 16;
/// Role byte of the table token.
const TABLE: u8 = 255;
/// Seats whose verified tokens a [`SealedGame`] remembers (every variant has at most five),
/// the table's being remembered too.
const REMEMBERED_SEATS: usize = 8;

/// What is sealed: the record (a `GameRecord`'s bytes), its move counter and the game's id.
#[derive(Clone, PartialEq, Message)]
pub struct Payload {
    /// The record's bytes (`None` without one).
    #[prost(bytes = "vec", optional, tag = "1")]
    pub record: Option<Vec<u8>>,
    /// Number of actions in the record.
    #[prost(uint64, tag = "2")]
    pub move_count: u64,
    /// The game's (match's) random id, which tokens are bound to.
    #[prost(bytes = "vec", tag = "3")]
    pub game_id: Vec<u8>,
}

/// Why a sealed record or token was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SealError {
    /// Not in the expected format.
    Malformed,
    /// Sealed with a key this server does not have.
    UnknownKey(String),
    /// Altered, or not issued by a server with this key.
    Tampered,
}

impl fmt::Display for SealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SealError::Malformed => f.write_str("not a sealed record or token of this service"),
            SealError::UnknownKey(id) => {
                write!(f, "sealed with key {id:?}, which this server does not have")
            }
            SealError::Tampered => f.write_str("the seal does not verify: altered or forged"),
        }
    }
}

impl std::error::Error for SealError {}

/// A sealed game's id, shared by the replays of the game's records, with the tokens that
/// verified for it: a later request with the same token is checked by comparing it with the one
/// that verified (in constant time) instead of computing its MAC again. A server's key ring does
/// not change while it runs, so a token that verified once stays valid for the game.
pub struct SealedGame {
    id: Box<[u8]>,
    /// Per role (the seats, then the table): the first token that verified for it.
    verified: [OnceLock<Box<[u8]>>; REMEMBERED_SEATS + 1],
}

impl SealedGame {
    /// The game of the id `id`, no token verified yet.
    pub fn new(id: impl Into<Box<[u8]>>) -> SealedGame {
        SealedGame {
            id: id.into(),
            verified: Default::default(),
        }
    }

    /// The game's (match's) id.
    pub fn id(&self) -> &[u8] {
        &self.id
    }

    /// The bytes this takes besides its own size, with every role's token remembered.
    pub fn footprint(&self) -> usize {
        self.id.len() + self.verified.len() * (5 + 64 + 1 + MAC_LEN)
    }

    fn slot(&self, role: u8) -> Option<&OnceLock<Box<[u8]>>> {
        match role {
            TABLE => self.verified.last(),
            s => self.verified[..REMEMBERED_SEATS].get(usize::from(s)),
        }
    }
}

impl fmt::Debug for SealedGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The id is no secret, but tokens are.
        f.debug_struct("SealedGame")
            .field("id", &hex::encode(&self.id))
            .finish_non_exhaustive()
    }
}

/// What a valid token allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// One seat.
    Seat(u8),
    /// The whole table (referee).
    Table,
}

struct Key {
    id: String,
    /// AES-256-GCM-SIV with the sealing key: seals records, and opens those of format
    /// version 2.
    siv: Aes256GcmSiv,
    /// The key that opens records of format version 1 (XChaCha20-Poly1305).
    open_v1: [u8; 32],
    /// HMAC-SHA256 keyed with the token key: cloned for each token, which saves hashing the
    /// key's inner and outer blocks every time.
    token: HmacSha256,
}

/// The server's keys: one active for sealing, all accepted for opening.
pub struct KeyRing {
    keys: Vec<Key>,
    active: usize,
}

impl fmt::Debug for KeyRing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never print key material.
        let ids: Vec<&str> = self.keys.iter().map(|k| k.id.as_str()).collect();
        f.debug_struct("KeyRing")
            .field("ids", &ids)
            .field("active", &self.keys[self.active].id)
            .finish()
    }
}

fn derive(master: &[u8; 32], label: &[u8]) -> [u8; 32] {
    let mut mac = <HmacSha256 as Mac>::new_from_slice(master).expect("HMAC takes any key length");
    mac.update(label);
    mac.finalize().into_bytes().into()
}

fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 64
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b'.')
}

impl KeyRing {
    /// A ring from `(id, key)` pairs with `active` sealing.
    ///
    /// # Errors
    /// A message when there is no key, an id is invalid or repeated, or `active` is not in it.
    pub fn new(keys: Vec<(String, [u8; 32])>, active: &str) -> Result<KeyRing, String> {
        if keys.is_empty() {
            return Err("the key ring is empty".to_owned());
        }
        let mut out: Vec<Key> = Vec::new();
        for (id, master) in keys {
            if !valid_id(&id) {
                return Err(format!(
                    "invalid key id {id:?}: 1-64 letters, digits, '-', '_' or '.'"
                ));
            }
            if out.iter().any(|k| k.id == id) {
                return Err(format!("key id {id:?} appears twice"));
            }
            let token = derive(&master, b"tarock-token-v1");
            let seal = derive(&master, b"tarock-seal-v2");
            out.push(Key {
                siv: Aes256GcmSiv::new((&seal).into()),
                open_v1: derive(&master, b"tarock-seal-v1"),
                token: <HmacSha256 as Mac>::new_from_slice(&token)
                    .expect("HMAC takes any key length"),
                id,
            });
        }
        let active = out
            .iter()
            .position(|k| k.id == active)
            .ok_or_else(|| format!("the active key {active:?} is not in the ring"))?;
        Ok(KeyRing { keys: out, active })
    }

    /// Loads every `<id>.key` file of `dir` (64 hex digits each); `dir/active` names the active
    /// key, else the greatest id is active.
    ///
    /// # Errors
    /// A message naming the file that could not be read or parsed.
    pub fn load_dir(dir: &Path) -> Result<KeyRing, String> {
        let entries = std::fs::read_dir(dir)
            .map_err(|e| format!("cannot read key directory {}: {e}", dir.display()))?;
        let mut keys = Vec::new();
        for entry in entries {
            let entry =
                entry.map_err(|e| format!("cannot read key directory {}: {e}", dir.display()))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let Some(id) = name.strip_suffix(".key") else {
                continue;
            };
            let text = std::fs::read_to_string(entry.path())
                .map_err(|e| format!("cannot read key file {name}: {e}"))?;
            let bytes =
                hex::decode(text.trim()).map_err(|_| format!("key file {name}: not hex"))?;
            let key: [u8; 32] = bytes
                .try_into()
                .map_err(|_| format!("key file {name}: a key is 32 bytes (64 hex digits)"))?;
            keys.push((id.to_owned(), key));
        }
        keys.sort_by(|a, b| a.0.cmp(&b.0));
        let active = match std::fs::read_to_string(dir.join("active")) {
            Ok(s) => s.trim().to_owned(),
            Err(_) => keys.last().map(|k| k.0.clone()).unwrap_or_default(),
        };
        KeyRing::new(keys, &active)
    }

    /// The active key's id.
    pub fn active_id(&self) -> &str {
        &self.keys[self.active].id
    }

    fn key(&self, id: &[u8]) -> Result<&Key, SealError> {
        self.keys
            .iter()
            .find(|k| k.id.as_bytes() == id)
            .ok_or_else(|| {
                let id = String::from_utf8_lossy(id);
                SealError::UnknownKey(tarock_engine::echo::clip(&id).into_owned())
            })
    }

    /// `magic · version · id`, in a buffer with room for `more` bytes after it.
    fn header(magic: &[u8; 3], version: u8, id: &str, more: usize) -> Vec<u8> {
        let mut h = Vec::with_capacity(5 + id.len() + more);
        h.extend_from_slice(magic);
        h.push(version);
        h.push(id.len() as u8);
        h.extend_from_slice(id.as_bytes());
        h
    }

    /// Splits `magic · version · id` off `data`: the version, the id and where it ends.
    fn parse_header<'a>(
        magic: &[u8; 3],
        data: &'a [u8],
    ) -> Result<(u8, &'a [u8], usize), SealError> {
        if data.len() < 5 || &data[..3] != magic {
            return Err(SealError::Malformed);
        }
        let n = usize::from(data[4]);
        let end = 5 + n;
        if data.len() < end {
            return Err(SealError::Malformed);
        }
        Ok((data[3], &data[5..end], end))
    }

    /// [`KeyRing::parse_header`] of a token (of the one version there is).
    fn parse_token_header(token: &[u8]) -> Result<(&[u8], usize), SealError> {
        match KeyRing::parse_header(TOKEN_MAGIC, token)? {
            (TOKEN_VERSION, id, end) => Ok((id, end)),
            _ => Err(SealError::Malformed),
        }
    }

    /// Seals a record (a `GameRecord`'s bytes), its move counter and the game's id with the
    /// active key.
    ///
    /// Sealing is deterministic: AES-GCM-SIV under one fixed nonce, the use its design allows
    /// (RFC 8452: a repeated nonce reveals only whether two sealed messages, associated data
    /// included, are the same). The same payload sealed again gives the same bytes, so sealing
    /// is a pure function of what is sealed: applying an action to a sealed record twice (a
    /// retry) answers with the same sealed record both times, as it does for an open record,
    /// and any replica writes the same bytes. What this shows an observer is whether two sealed
    /// records hold the same record, move counter and game, which only the same game in the
    /// same position does.
    ///
    /// # Errors
    /// A message if the payload is too long to encrypt (over 64 GiB).
    pub fn seal(&self, record: &[u8], move_count: u64, game_id: &[u8]) -> Result<Vec<u8>, String> {
        let key = &self.keys[self.active];
        // Room for the payload (its three keys and varints at most 33 bytes besides the record
        // and the game id) and the tag: the buffer never grows.
        let more = 33 + record.len() + game_id.len() + TAG_LEN;
        let mut out = KeyRing::header(RECORD_MAGIC, RECORD_VERSION, &key.id, more);
        let aad_len = out.len();
        // The payload is encoded after the header and encrypted where it lies; the tag follows.
        encode_payload(record, move_count, game_id, &mut out);
        let (aad, body) = out.split_at_mut(aad_len);
        let tag = key
            .siv
            .encrypt_in_place_detached((&NONCE).into(), aad, body)
            .map_err(|_| "encryption failed: the record is too long".to_owned())?;
        out.extend_from_slice(&tag);
        Ok(out)
    }

    /// Opens a sealed record; its record is left encoded for the caller to decode.
    ///
    /// # Errors
    /// [`SealError`]: malformed, unknown key, or tampered (a payload that does not decode
    /// included; the record itself is not decoded here).
    pub fn open(&self, data: &[u8]) -> Result<Payload, SealError> {
        let plain = self.decrypt(data)?;
        // Authenticated, so it was encoded by a server: a decode failure is still refused.
        Payload::decode(plain.as_slice()).map_err(|_| SealError::Tampered)
    }

    /// The payload's bytes of a sealed record, authenticated.
    fn decrypt(&self, data: &[u8]) -> Result<Vec<u8>, SealError> {
        let (version, id, end) = KeyRing::parse_header(RECORD_MAGIC, data)?;
        let nonce_len = match version {
            RECORD_VERSION => 0,
            RECORD_V1 => V1_NONCE_LEN,
            _ => return Err(SealError::Malformed),
        };
        if data.len() < end + nonce_len + TAG_LEN {
            return Err(SealError::Malformed);
        }
        let key = self.key(id)?;
        let (aad, rest) = data.split_at(end);
        let (nonce, sealed) = rest.split_at(nonce_len);
        let (ciphertext, tag) = sealed.split_at(sealed.len() - TAG_LEN);
        let mut plain = ciphertext.to_vec();
        let opened = if version == RECORD_VERSION {
            key.siv
                .decrypt_in_place_detached((&NONCE).into(), aad, &mut plain, tag.into())
        } else {
            XChaCha20Poly1305::new((&key.open_v1).into()).decrypt_in_place_detached(
                XNonce::from_slice(nonce),
                aad,
                &mut plain,
                tag.into(),
            )
        };
        opened.map_err(|_| SealError::Tampered)?;
        Ok(plain)
    }

    fn mac(key: &Key, game_id: &[u8], role: u8) -> [u8; MAC_LEN] {
        let mut mac = key.token.clone();
        mac.update(b"tarock-token-v1");
        mac.update(game_id);
        mac.update(&[role]);
        let full = mac.finalize().into_bytes();
        let mut out = [0u8; MAC_LEN];
        out.copy_from_slice(&full[..MAC_LEN]);
        out
    }

    /// The token of `role` for the game `game_id`, under the active key.
    pub fn token(&self, game_id: &[u8], role: Role) -> Vec<u8> {
        let key = &self.keys[self.active];
        let r = match role {
            Role::Seat(s) => s,
            Role::Table => TABLE,
        };
        let mut out = KeyRing::header(TOKEN_MAGIC, TOKEN_VERSION, &key.id, 1 + MAC_LEN);
        out.push(r);
        out.extend_from_slice(&KeyRing::mac(key, game_id, r));
        out
    }

    /// Checks a token for the game `game_id`.
    ///
    /// # Errors
    /// [`SealError`] when the token is malformed, of an unknown key, or does not verify.
    pub fn check_token(&self, token: &[u8], game_id: &[u8]) -> Result<Role, SealError> {
        let (id, end) = KeyRing::parse_token_header(token)?;
        if token.len() != end + 1 + MAC_LEN {
            return Err(SealError::Malformed);
        }
        let key = self.key(id)?;
        let role = token[end];
        let mut mac = key.token.clone();
        mac.update(b"tarock-token-v1");
        mac.update(game_id);
        mac.update(&[role]);
        mac.verify_truncated_left(&token[end + 1..])
            .map_err(|_| SealError::Tampered)?;
        Ok(role_of(role))
    }

    /// [`KeyRing::check_token`] for `game`, by comparison with the token of the same role that
    /// verified for it before, if any (remembering this one if it verifies and none did).
    ///
    /// # Errors
    /// As [`KeyRing::check_token`].
    pub fn check_game_token(&self, token: &[u8], game: &SealedGame) -> Result<Role, SealError> {
        let (_, end) = KeyRing::parse_token_header(token)?;
        let slot = token.get(end).and_then(|&role| game.slot(role));
        if let Some(known) = slot.and_then(OnceLock::get) {
            // Lengths are public (a key id's); the bytes are compared in constant time, so
            // that a forger learns nothing of the remembered token's MAC from the timing.
            if known.len() == token.len() && bool::from(known.ct_eq(token)) {
                return Ok(role_of(token[end]));
            }
        }
        let role = self.check_token(token, &game.id)?;
        if let Some(slot) = slot {
            // Another thread may have remembered one first; either verified.
            let _ = slot.set(token.into());
        }
        Ok(role)
    }
}

fn role_of(byte: u8) -> Role {
    if byte == TABLE {
        Role::Table
    } else {
        Role::Seat(byte)
    }
}

/// Appends the [`Payload`] of these fields encoded as protobuf (what its `encode` writes),
/// without copying the record into a payload first.
fn encode_payload(record: &[u8], move_count: u64, game_id: &[u8], out: &mut Vec<u8>) {
    use prost::encoding::{encode_key, encode_varint, WireType};
    encode_key(1, WireType::LengthDelimited, out);
    encode_varint(record.len() as u64, out);
    out.extend_from_slice(record);
    if move_count != 0 {
        encode_key(2, WireType::Varint, out);
        encode_varint(move_count, out);
    }
    if !game_id.is_empty() {
        encode_key(3, WireType::LengthDelimited, out);
        encode_varint(game_id.len() as u64, out);
        out.extend_from_slice(game_id);
    }
}

/// The commitment to a seed published at deal time: SHA-256("tarock-seed-v1" || seed).
pub fn seed_commitment(seed: &[u8]) -> Vec<u8> {
    let mut h = Sha256::new();
    h.update(b"tarock-seed-v1");
    h.update(seed);
    h.finalize().to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tarock_proto::v1 as pb;

    fn payload(actions: usize, move_count: u64, game_id: &[u8]) -> Payload {
        let record = pb::GameRecord {
            variant: "hungarian-illustrated".to_owned(),
            seats: 4,
            deal: Some(pb::game_record::Deal::Seed(vec![3; 32])),
            actions: (0..actions)
                .map(|i| pb::Action {
                    kind: 10,
                    card: Some(pb::Card {
                        index: i as u32 % 78,
                        ..Default::default()
                    }),
                    ..Default::default()
                })
                .collect(),
            ..Default::default()
        };
        Payload {
            record: Some(record.encode_to_vec()),
            move_count,
            game_id: game_id.to_vec(),
        }
    }

    #[test]
    fn payloads_encode_as_prost_encodes_them() {
        for p in [
            payload(0, 0, &[]),
            payload(1, 1, &[7; 16]),
            payload(40, 40, &[9; 16]),
            payload(300, 1 << 40, &[1; 300]),
        ] {
            let mut out = vec![0xEE];
            let record = p.record.as_deref().unwrap_or_default();
            encode_payload(record, p.move_count, &p.game_id, &mut out);
            assert_eq!(out[1..], p.encode_to_vec()[..]);
        }
    }

    #[test]
    fn a_sealed_payload_opens_to_itself() {
        let ring = KeyRing::new(vec![("k".to_owned(), [5; 32])], "k").expect("ring");
        let p = payload(30, 30, &[4; 16]);
        let record = p.record.as_deref().unwrap_or_default();
        let sealed = ring.seal(record, p.move_count, &p.game_id).expect("sealed");
        assert_eq!(ring.open(&sealed), Ok(p));
        let mut bad = sealed.clone();
        let last = bad.len() - 1;
        bad[last] ^= 1;
        assert_eq!(ring.open(&bad), Err(SealError::Tampered));
    }

    #[test]
    fn the_same_payload_seals_to_the_same_bytes_and_others_to_other_bytes() {
        // Deterministic sealing: a pure function of the key, the header and the payload; a
        // payload differing anywhere (a record byte, the move counter, the game id) seals to a
        // tag of its own, and everything sealed opens to what was sealed.
        let ring = KeyRing::new(vec![("k".to_owned(), [5; 32])], "k").expect("ring");
        let other_key = KeyRing::new(vec![("k".to_owned(), [6; 32])], "k").expect("ring");
        let tag_of = |sealed: &[u8]| sealed[sealed.len() - TAG_LEN..].to_vec();
        let mut seen = std::collections::HashSet::new();
        for (actions, count) in [(3, 3), (4, 4), (3, 4)] {
            for game_id in [[4u8; 16], [5; 16]] {
                let p = payload(actions, count, &game_id);
                let record = p.record.as_deref().unwrap_or_default();
                let sealed = ring.seal(record, p.move_count, &p.game_id).expect("sealed");
                let again = ring.seal(record, p.move_count, &p.game_id).expect("sealed");
                assert_eq!(sealed, again);
                assert_eq!(&sealed[..6], b"TKS\x02\x01k");
                assert!(seen.insert(tag_of(&sealed)));
                assert_eq!(ring.open(&sealed).as_ref(), Ok(&p));
                let elsewhere = other_key
                    .seal(record, p.move_count, &p.game_id)
                    .expect("sealed");
                assert!(seen.insert(tag_of(&elsewhere)));
                assert_eq!(ring.open(&elsewhere), Err(SealError::Tampered));
            }
        }
        // One record byte changed.
        let p = payload(3, 3, &[4; 16]);
        let mut record = p.record.clone().unwrap_or_default();
        let last = record.len() - 1;
        record[last] ^= 1;
        let sealed = ring
            .seal(&record, p.move_count, &p.game_id)
            .expect("sealed");
        assert!(seen.insert(tag_of(&sealed)));
    }

    /// A record sealed in format version 1 (XChaCha20-Poly1305 with a synthetic nonce) under
    /// the key `[5; 32]` of id `k`: a record's bytes (`variant` and `seats` fields), move
    /// counter 3, game id `[4; 16]`.
    const V1_RECORD: &str = "544b5301016b807bcc3f481b9b74d0057e2e9cb46df7856c1806b85879349a4a\
        725c9cab2f814049ec79db7d15993aaec01a43c6f6fa69e3a57f7fb035c744dfc28d5c844f58fb65395959\
        842dfd309af17d011f8438e350bc8ea2aefe";

    #[test]
    fn records_of_format_version_1_still_open_and_refuse_any_change() {
        let ring = KeyRing::new(vec![("k".to_owned(), [5; 32])], "k").expect("ring");
        let v1 = hex::decode(V1_RECORD).expect("hex");
        assert_eq!(
            ring.open(&v1),
            Ok(Payload {
                record: Some(b"\x0a\x16hungarian-illustrated\x10\x04".to_vec()),
                move_count: 3,
                game_id: vec![4; 16],
            })
        );
        for i in 0..v1.len() {
            let mut bad = v1.clone();
            bad[i] ^= 0x20;
            let refused = ring.open(&bad);
            assert!(
                matches!(
                    refused,
                    Err(SealError::Tampered | SealError::Malformed | SealError::UnknownKey(_))
                ),
                "byte {i}: {refused:?}"
            );
        }
        // Another key of the same id does not open it.
        let other = KeyRing::new(vec![("k".to_owned(), [6; 32])], "k").expect("ring");
        assert_eq!(other.open(&v1), Err(SealError::Tampered));
    }

    #[test]
    fn unknown_versions_and_short_records_are_malformed() {
        let ring = KeyRing::new(vec![("k".to_owned(), [5; 32])], "k").expect("ring");
        let p = payload(3, 3, &[4; 16]);
        let sealed = ring
            .seal(p.record.as_deref().unwrap_or_default(), 3, &p.game_id)
            .expect("sealed");
        for version in [0u8, 3, 255] {
            let mut other = sealed.clone();
            other[3] = version;
            assert_eq!(ring.open(&other), Err(SealError::Malformed));
        }
        // Shorter than a header and a tag.
        assert_eq!(
            ring.open(&sealed[..6 + TAG_LEN - 1]),
            Err(SealError::Malformed)
        );
        assert_eq!(ring.open(&sealed[..6 + TAG_LEN]), Err(SealError::Tampered));
        // A token is not a record, and a token of another version is refused.
        let mut token = ring.token(&p.game_id, Role::Table);
        assert_eq!(ring.open(&token), Err(SealError::Malformed));
        token[3] = 2;
        assert_eq!(
            ring.check_token(&token, &p.game_id),
            Err(SealError::Malformed)
        );
    }

    #[test]
    fn a_game_remembers_the_tokens_that_verified_and_still_refuses_others() {
        let ring = KeyRing::new(vec![("k".to_owned(), [5; 32])], "k").expect("ring");
        let other_ring = KeyRing::new(vec![("k".to_owned(), [6; 32])], "k").expect("ring");
        let game = SealedGame::new(vec![1u8; 16]);
        let seat = ring.token(game.id(), Role::Seat(2));
        let table = ring.token(game.id(), Role::Table);
        for _ in 0..2 {
            // The first time by its MAC, then by comparison: the same answers.
            assert_eq!(ring.check_game_token(&seat, &game), Ok(Role::Seat(2)));
            assert_eq!(ring.check_game_token(&table, &game), Ok(Role::Table));
        }
        assert_eq!(
            game.slot(2).and_then(OnceLock::get).map(|t| &t[..]),
            Some(&seat[..])
        );
        // With seat 2's token remembered: the same bytes with another role, or with the MAC
        // altered, or a token of another game or key, are refused all the same.
        let mut other_role = seat.clone();
        let role_at = seat.len() - MAC_LEN - 1;
        other_role[role_at] = 1;
        assert_eq!(
            ring.check_game_token(&other_role, &game),
            Err(SealError::Tampered)
        );
        let mut altered = seat.clone();
        *altered.last_mut().expect("a MAC") ^= 1;
        assert_eq!(
            ring.check_game_token(&altered, &game),
            Err(SealError::Tampered)
        );
        let elsewhere = ring.token(&[2u8; 16], Role::Seat(2));
        assert_eq!(
            ring.check_game_token(&elsewhere, &game),
            Err(SealError::Tampered)
        );
        let forged = other_ring.token(game.id(), Role::Seat(2));
        assert_eq!(
            ring.check_game_token(&forged, &game),
            Err(SealError::Tampered)
        );
        assert_eq!(
            ring.check_game_token(&seat[..seat.len() - 1], &game),
            Err(SealError::Malformed)
        );
        assert_eq!(
            ring.check_game_token(b"TKT", &game),
            Err(SealError::Malformed)
        );
        // A role beyond the remembered seats is checked by its MAC every time.
        let far = ring.token(game.id(), Role::Seat(200));
        assert_eq!(ring.check_game_token(&far, &game), Ok(Role::Seat(200)));
        assert!(game.slot(200).is_none());
    }
}
