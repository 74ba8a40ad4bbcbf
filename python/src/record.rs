//! Records: a [`State`] to and from the bytes of a `tarock.v1.GameRecord`, through the
//! service's own conversions (the record writer and `record_from_pb`), so that a record made here
//! is the record a server makes and reads.

use crate::state::State;
use crate::RecordError;
use pyo3::prelude::*;
use std::borrow::Cow;
use tarock_engine::{AnyGame, RULES_VERSION};
use tarock_proto::v1 as pb;
use tarock_service::convert;
use tarock_service::respond::{self, Detail};

/// The record of `s` as the server writes it (cards and actions with their notations).
pub(crate) fn record_bytes(s: &State) -> Vec<u8> {
    respond::record_bytes(
        &s.setup,
        &s.actions,
        &s.game,
        s.match_state.as_ref(),
        RULES_VERSION,
        Detail::Full,
    )
}

/// The hand a serialized `tarock.v1.GameRecord` describes, replayed to its last action.
///
/// Raises RecordError for bytes that are not a GameRecord, a record of another rules version,
/// a malformed field (named, e.g. `record.actions[3].card`), or an illegal action (its index and
/// the rule it breaks).
#[pyfunction]
pub(crate) fn from_record_bytes(data: Cow<'_, [u8]>) -> PyResult<State> {
    let record: pb::GameRecord = prost::Message::decode(data.as_ref())
        .map_err(|e| RecordError::new_err(format!("not a tarock.v1.GameRecord: {e}")))?;
    if record.rules_version != 0 && record.rules_version != RULES_VERSION {
        return Err(RecordError::new_err(format!(
            "record of rules version {}; this engine plays version {RULES_VERSION}",
            record.rules_version
        )));
    }
    let decoded = convert::record_from_pb(&record).map_err(|errs| {
        let parts: Vec<String> = errs
            .iter()
            .map(|e| format!("{}: {}", e.field, e.description))
            .collect();
        RecordError::new_err(format!("malformed record: {}", parts.join("; ")))
    })?;
    let game = AnyGame::replay(&decoded.setup, &decoded.actions).map_err(|e| match e {
        Ok(replay) => RecordError::new_err(format!("record does not replay: {replay}")),
        Err(setup) => RecordError::new_err(format!("record cannot be dealt: {setup}")),
    })?;
    let context = convert::match_from_pb(decoded.match_state.as_ref(), &game)
        .map_err(|e| RecordError::new_err(format!("{}: {}", e.field, e.description)))?;
    let multiplier = context.map_or(1, |m| m.multiplier());
    Ok(State::new(
        game,
        decoded.setup,
        decoded.actions,
        decoded.match_state,
        multiplier,
    ))
}
