//! `GetView`: a seat's, a spectator's or the referee's view of a game.

use crate::state::{viewer_for, HasState};
use crate::Engine;
use crate::{encodings, respond};
use tarock_proto::codec::Encoded;
use tarock_proto::fields as f;
use tarock_proto::lazy;
use tarock_proto::v1 as pb;
use tonic::Status;

/// The answer: the view the request asks for, as far as its token allows, and the encodings
/// asked for.
pub(crate) fn handle(
    engine: &Engine,
    r: &lazy::GetViewRequest,
) -> Result<Encoded<pb::GetViewResponse>, Status> {
    let (replayed, access) = engine.open(r.state(), &r.token)?;
    let who = viewer_for(access, r.viewer.as_ref(), &replayed.game)?;
    let encodings = encodings::message(
        r.encodings.as_ref(),
        access,
        &replayed.game,
        &replayed.decoded.actions,
        &replayed.seats,
    )?;
    let answer = respond::get_view_response(
        &replayed.game,
        &replayed.decoded.actions,
        &replayed.seats,
        who,
        Some(replayed.history()),
    );
    Ok(match encodings {
        Some(e) => respond::with_message(answer, f::get_view_response::ENCODINGS, &e),
        None => answer,
    })
}
