//! AES-256-GCM-SIV (RFC 8452) sealing under one fixed nonce, its two subkeys derived once.
//!
//! Sealed records are encrypted deterministically: every record carries its game's id and
//! move count, so no two plaintexts repeat, and the nonce is a constant (see
//! [`crate::seal`]). RFC 8452 derives a message-authentication key and a message-encryption
//! key from the key-generating key and the nonce for every message (six AES blocks and an
//! AES-256 key schedule); with the nonce fixed they are the same every time, so [`FixedSiv`]
//! derives them when the key is loaded. What it writes is RFC 8452's encryption byte for byte
//! (checked against the RFC's test vectors and against `aes-gcm-siv`, which opens what it
//! seals).

use aes::cipher::{BlockEncrypt, KeyInit};
use aes::Aes256;
use ctr::cipher::{InnerIvInit, StreamCipherCore};
use polyval::universal_hash::UniversalHash;
use polyval::Polyval;

/// The longest plaintext or associated data RFC 8452 allows, in bytes.
const MAX_LEN: u64 = 1 << 36;

/// AES-256-GCM-SIV's encryption for one key and one nonce; see the module's description.
#[derive(Clone)]
pub(crate) struct FixedSiv {
    /// The message-encryption key's schedule.
    enc: Aes256,
    /// The message-authentication key (POLYVAL's).
    mac_key: polyval::Key,
    /// The nonce.
    nonce: [u8; 12],
}

impl FixedSiv {
    /// The cipher of the key-generating key `key` and `nonce` (RFC 8452 section 4: blocks of a
    /// little-endian counter 0 to 5 and the nonce, encrypted under `key`, the first half of each
    /// kept: two for the authentication key, four for the encryption key).
    pub(crate) fn new(key: &[u8; 32], nonce: [u8; 12]) -> FixedSiv {
        let kgk = Aes256::new(key.into());
        let mut derived = [0u8; 48];
        for (counter, half) in (0u32..).zip(derived.chunks_mut(8)) {
            let mut block = aes::Block::default();
            block[..4].copy_from_slice(&counter.to_le_bytes());
            block[4..].copy_from_slice(&nonce);
            kgk.encrypt_block(&mut block);
            half.copy_from_slice(&block[..8]);
        }
        let (mac, enc) = derived.split_at(16);
        FixedSiv {
            enc: Aes256::new(enc.into()),
            mac_key: *polyval::Key::from_slice(mac),
            nonce,
        }
    }

    /// Encrypts `buffer` in place with `aad` authenticated beside it; the tag, or `None` when
    /// either is longer than RFC 8452 allows (2^36 bytes).
    pub(crate) fn encrypt_in_place_detached(
        &self,
        aad: &[u8],
        buffer: &mut [u8],
    ) -> Option<[u8; 16]> {
        if aad.len() as u64 > MAX_LEN || buffer.len() as u64 > MAX_LEN {
            return None;
        }
        let mut polyval = Polyval::new(&self.mac_key);
        polyval.update_padded(aad);
        polyval.update_padded(buffer);
        let mut lengths = polyval::Block::default();
        lengths[..8].copy_from_slice(&(aad.len() as u64 * 8).to_le_bytes());
        lengths[8..].copy_from_slice(&(buffer.len() as u64 * 8).to_le_bytes());
        polyval.update(&[lengths]);
        let mut tag = polyval.finalize();
        for (t, n) in tag.iter_mut().zip(self.nonce) {
            *t ^= n;
        }
        tag[15] &= 0x7f;
        self.enc.encrypt_block(&mut tag);
        // The counter starts at the tag with its last byte's top bit set.
        let mut counter = tag;
        counter[15] |= 0x80;
        ctr::CtrCore::<&Aes256, ctr::flavors::Ctr32LE>::inner_iv_init(&self.enc, &counter)
            .apply_keystream_partial(buffer.into());
        Some(tag.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use aes_gcm_siv::aead::AeadInPlace;
    use aes_gcm_siv::Aes256GcmSiv;

    fn hex(s: &str) -> Vec<u8> {
        hex::decode(s).expect("hex")
    }

    /// RFC 8452 appendix C.2 (AEAD_AES_256_GCM_SIV) and C.3: key, nonce, AAD, plaintext, and the
    /// ciphertext with its tag.
    const RFC_VECTORS: &[(&str, &str, &str, &str, &str)] = &[
        (
            "0100000000000000000000000000000000000000000000000000000000000000",
            "030000000000000000000000",
            "",
            "",
            "07f5f4169bbf55a8400cd47ea6fd400f",
        ),
        (
            "0100000000000000000000000000000000000000000000000000000000000000",
            "030000000000000000000000",
            "",
            "0100000000000000",
            "c2ef328e5c71c83b843122130f7364b761e0b97427e3df28",
        ),
        (
            "0100000000000000000000000000000000000000000000000000000000000000",
            "030000000000000000000000",
            "01",
            "0200000000000000",
            "1de22967237a813291213f267e3b452f02d01ae33e4ec854",
        ),
        (
            "0100000000000000000000000000000000000000000000000000000000000000",
            "030000000000000000000000",
            "",
            "01000000000000000000000000000000020000000000000000000000000000000300000000000000000000000000000004000000000000000000000000000000",
            "c2d5160a1f8683834910acdafc41fbb1632d4a353e8b905ec9a5499ac34f96c7e1049eb080883891a4db8caaa1f99dd004d80487540735234e3744512c6f90ce112864c269fc0d9d88c61fa47e39aa08",
        ),
        // Appendix C.3, counter wrap: the all-zero nonce the server seals under.
        (
            "0000000000000000000000000000000000000000000000000000000000000000",
            "000000000000000000000000",
            "",
            "000000000000000000000000000000004db923dc793ee6497c76dcc03a98e108",
            "f3f80f2cf0cb2dd9c5984fcda908456cc537703b5ba70324a6793a7bf218d3eaffffffff000000000000000000000000",
        ),
        (
            "0000000000000000000000000000000000000000000000000000000000000000",
            "000000000000000000000000",
            "",
            "eb3640277c7ffd1303c7a542d02d3e4c0000000000000000",
            "18ce4f0b8cb4d0cac65fea8f79257b20888e53e72299e56dffffffff000000000000000000000000",
        ),
    ];

    #[test]
    fn rfc_8452_vectors() {
        for (key, nonce, aad, plain, sealed) in RFC_VECTORS {
            let key: [u8; 32] = hex(key).try_into().expect("32 bytes");
            let nonce: [u8; 12] = hex(nonce).try_into().expect("12 bytes");
            let mut buf = hex(plain);
            let tag = FixedSiv::new(&key, nonce)
                .encrypt_in_place_detached(&hex(aad), &mut buf)
                .expect("short enough");
            buf.extend_from_slice(&tag);
            assert_eq!(hex::encode(buf), *sealed, "plaintext {plain}, aad {aad}");
        }
    }

    /// The same bytes as `aes-gcm-siv` for every length of plaintext and AAD up to a few
    /// blocks, under a fixed key and nonce as the server seals.
    #[test]
    fn matches_aes_gcm_siv() {
        let key = [7u8; 32];
        let nonce = [0u8; 12];
        let ours = FixedSiv::new(&key, nonce);
        let theirs = Aes256GcmSiv::new((&key).into());
        for aad_len in [0, 1, 15, 16, 17, 40] {
            for len in 0..100 {
                let aad: Vec<u8> = (0..aad_len).map(|i| (i * 7 + 3) as u8).collect();
                let plain: Vec<u8> = (0..len).map(|i| (i * 13 + len) as u8).collect();
                let (mut a, mut b) = (plain.clone(), plain.clone());
                let tag_a = ours
                    .encrypt_in_place_detached(&aad, &mut a)
                    .expect("short enough");
                let tag_b = theirs
                    .encrypt_in_place_detached((&nonce).into(), &aad, &mut b)
                    .expect("encrypts");
                assert_eq!((a.as_slice(), &tag_a[..]), (b.as_slice(), &tag_b[..]));
                theirs
                    .decrypt_in_place_detached((&nonce).into(), &aad, &mut a, (&tag_a).into())
                    .expect("aes-gcm-siv opens it");
                assert_eq!(a, plain);
            }
        }
    }
}
