//! `ValidateGames`: ValidateGame on a stream, one verdict per record, in order. A record that
//! cannot be validated is answered with the status ValidateGame would have failed with, and the
//! stream goes on.

use crate::error;
use crate::rpc::validate_game;
use crate::streams::Handler;
use crate::Engine;
use prost::Message;
use tarock_proto::lazy;
use tarock_proto::v1 as pb;

/// Validates each record of a stream.
#[derive(Debug)]
pub(crate) struct Validator(pub(crate) Engine);

impl Handler<pb::ValidateGamesRequest> for Validator {
    type Answer = pb::ValidateGamesResponse;

    fn answer(&mut self, message: pb::ValidateGamesRequest) -> pb::ValidateGamesResponse {
        let game = message.game.unwrap_or_default();
        // ValidateGame reads its record lazily, as bytes: the same message, read that way.
        let verdict = lazy::ValidateGameRequest::decode(game.encode_to_vec().as_slice())
            .map_err(tarock_proto::codec::invalid)
            .and_then(|r| validate_game::handle(&self.0, &r));
        match verdict {
            Ok(v) => pb::ValidateGamesResponse {
                verdict: Some(v),
                error: String::new(),
            },
            Err(status) => pb::ValidateGamesResponse {
                verdict: None,
                error: error::line(&status),
            },
        }
    }
}
