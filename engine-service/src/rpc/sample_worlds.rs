//! `SampleWorlds`: complete worlds consistent with what one seat knows, for determinized search.

use crate::error;
use crate::Engine;
use tarock_proto::lazy;
use tarock_proto::v1 as pb;
use tonic::Status;

/// The answer.
pub(crate) fn handle(
    engine: &Engine,
    r: &lazy::SampleWorldsRequest,
) -> Result<pb::SampleWorldsResponse, Status> {
    let _ = (engine, r);
    Err(error::unimplemented(
        "SampleWorlds is not available on this server yet",
    ))
}
