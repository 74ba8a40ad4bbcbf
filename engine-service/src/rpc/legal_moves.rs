//! `LegalMoves`: who is to act, and the legal moves when the caller may see them.

use crate::state::HasState;
use crate::Engine;
use crate::{encodings, respond};
use tarock_proto::codec::Encoded;
use tarock_proto::fields as f;
use tarock_proto::lazy;
use tarock_proto::v1 as pb;
use tonic::Status;

/// The answer: the seat to act and the phase; its moves for an open record, the table token
/// or that seat's token; the encodings asked for.
pub(crate) fn handle(
    engine: &Engine,
    r: &lazy::LegalMovesRequest,
) -> Result<Encoded<pb::LegalMovesResponse>, Status> {
    let (replayed, access) = engine.open(r.state(), &r.token)?;
    let game = &replayed.game;
    let encodings = encodings::message(
        r.encodings.as_ref(),
        access,
        game,
        &replayed.decoded.actions,
        &replayed.seats,
    )?;
    let answer = respond::legal_moves_response(game, encodings::may_see_moves(access, game));
    Ok(match encodings {
        Some(e) => respond::with_message(answer, f::legal_moves_response::ENCODINGS, &e),
        None => answer,
    })
}
