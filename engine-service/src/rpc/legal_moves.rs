//! `LegalMoves`: who is to act, and the legal moves when the caller may see them.

use crate::respond;
use crate::state::{Access, HasState};
use crate::Engine;
use tarock_engine::game::Game;
use tarock_proto::codec::Encoded;
use tarock_proto::lazy;
use tarock_proto::v1 as pb;
use tonic::Status;

/// The answer: the seat to act and the phase; its moves for an open record, the table token
/// or that seat's token.
pub(crate) fn handle(
    engine: &Engine,
    r: &lazy::LegalMovesRequest,
) -> Result<Encoded<pb::LegalMovesResponse>, Status> {
    let (replayed, access) = engine.open(r.state(), &r.token)?;
    let game = &replayed.game;
    let may_see = match access {
        Access::Open | Access::Table => true,
        Access::Seat(s) => game.to_act() == Some(s),
        Access::Spectator => false,
    };
    Ok(respond::legal_moves_response(game, may_see))
}
