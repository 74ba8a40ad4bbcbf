//! Game records in files (protobuf JSON or binary protobuf) and seeds.

use crate::error::CliError;
use prost::Message as _;
use std::path::Path;
use tarock_proto::v1 as pb;

/// Reads a GameRecord from `path`: protobuf JSON when the first non-space byte is `{` (falling
/// back to binary protobuf if that fails), binary protobuf otherwise.
///
/// # Errors
/// [`CliError::File`] when the file cannot be read or is neither encoding.
pub(crate) fn load(path: &Path) -> Result<pb::GameRecord, CliError> {
    let bytes = std::fs::read(path)
        .map_err(|e| CliError::File(format!("cannot read {}: {e}", path.display())))?;
    decode(&bytes).map_err(|e| CliError::File(format!("{}: {e}", path.display())))
}

/// Decodes a record from protobuf JSON or binary protobuf (see [`load`]).
///
/// # Errors
/// A message naming what each decoding found wrong.
pub(crate) fn decode(bytes: &[u8]) -> Result<pb::GameRecord, String> {
    let looks_like_json = bytes
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|&b| b == b'{');
    if looks_like_json {
        let json_error = match serde_json::from_slice::<pb::GameRecord>(bytes) {
            Ok(r) => return Ok(r),
            Err(e) => e,
        };
        return match pb::GameRecord::decode(bytes) {
            Ok(r) if !r.variant.is_empty() => Ok(r),
            _ => Err(format!(
                "not a GameRecord in protobuf JSON ({json_error}) nor in binary protobuf"
            )),
        };
    }
    if bytes.is_empty() {
        return Err("the file is empty".to_owned());
    }
    pb::GameRecord::decode(bytes)
        .map_err(|e| format!("not a GameRecord in binary protobuf ({e}) nor in protobuf JSON"))
}

/// Writes `record` to `path` as pretty protobuf JSON.
///
/// # Errors
/// [`CliError::File`] when the file cannot be written.
pub(crate) fn save(path: &Path, record: &pb::GameRecord) -> Result<(), CliError> {
    let json = serde_json::to_string_pretty(record)
        .map_err(|e| CliError::File(format!("cannot encode the record: {e}")))?;
    std::fs::write(path, json + "\n")
        .map_err(|e| CliError::File(format!("cannot write {}: {e}", path.display())))
}

/// The 32-byte deal seed for a number: `n` little-endian in the first 8 bytes, the rest zero
/// (the convention of the project's tests and benchmarks).
pub(crate) fn seed_bytes(n: u64) -> Vec<u8> {
    let mut seed = vec![0u8; 32];
    seed[..8].copy_from_slice(&n.to_le_bytes());
    seed
}

/// A number for seeding bots, from a record's deal seed (its first 8 bytes, little-endian).
pub(crate) fn bot_seed(record: &pb::GameRecord) -> u64 {
    match &record.deal {
        Some(pb::game_record::Deal::Seed(s)) => {
            let mut b = [0u8; 8];
            for (d, s) in b.iter_mut().zip(s) {
                *d = *s;
            }
            u64::from_le_bytes(b)
        }
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> pb::GameRecord {
        pb::GameRecord {
            variant: "hungarian-illustrated".to_owned(),
            seats: 4,
            dealer: 3,
            deal: Some(pb::game_record::Deal::Seed(seed_bytes(7))),
            actions: vec![pb::Action {
                notation: "pass".to_owned(),
                ..Default::default()
            }],
            ..Default::default()
        }
    }

    #[test]
    fn records_decode_from_either_encoding() {
        let r = record();
        let json = serde_json::to_vec_pretty(&r).unwrap();
        assert_eq!(decode(&json), Ok(r.clone()));
        let mut spaced = b"  \n".to_vec();
        spaced.extend_from_slice(&json);
        assert_eq!(decode(&spaced), Ok(r.clone()));
        assert_eq!(decode(&r.encode_to_vec()), Ok(r.clone()));
        assert_eq!(bot_seed(&r), 7);
    }

    #[test]
    fn garbage_is_refused_with_a_reason() {
        assert!(decode(b"").is_err());
        assert!(decode(b"{ not json").unwrap_err().contains("protobuf JSON"));
        assert!(decode(&[0xff, 0xff, 0xff]).is_err());
    }
}
