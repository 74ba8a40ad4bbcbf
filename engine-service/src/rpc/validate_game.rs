//! `ValidateGame`: a whole record replayed, its first illegal action reported, or its
//! settlement.

use crate::convert;
use crate::error::{self, Reason};
use crate::replays::Replayed;
use crate::state::{match_of, HasState, State};
use crate::Engine;
use tarock_engine::game::{Game, Observe};
use tarock_engine::{AnyGame, RULES_VERSION};
use tarock_proto::lazy;
use tarock_proto::v1 as pb;
use tonic::Status;

/// The answer for a record that replays: valid, and its settlement once the hand is over.
fn valid(r: &Replayed) -> pb::ValidateGameResponse {
    let seats = r.decoded.setup.seats;
    let multiplier = match_of(r).map_or(1, |m| m.multiplier());
    pb::ValidateGameResponse {
        valid: true,
        first_illegal: None,
        actions_applied: r.decoded.actions.len() as u32,
        game_over: r.game.is_over(),
        ledger: r
            .game
            .settlement(multiplier)
            .map(|l| convert::ledger_to_pb(&l, seats, r.decoded.setup.variant)),
    }
}

/// The answer: a sealed record is valid once it opens (the server wrote it); an open record is
/// replayed to its first illegal action, which is reported rather than refused.
pub(crate) fn handle(
    engine: &Engine,
    r: &lazy::ValidateGameRequest,
) -> Result<pb::ValidateGameResponse, Status> {
    let bytes = match r.state() {
        State::Open(bytes) if !engine.refuse_open => bytes,
        other => {
            let (replayed, _) = engine.open(other, &[])?;
            return Ok(valid(&replayed));
        }
    };
    let record = <pb::GameRecord as prost::Message>::decode(bytes.clone())
        .map_err(|e| error::bad_field("record", &format!("not a valid GameRecord message: {e}")))?;
    if record.rules_version != 0 && record.rules_version != RULES_VERSION {
        return Err(error::rules_version(record.rules_version));
    }
    let decoded = convert::record_from_pb(&record).map_err(|v| error::bad_request(&v))?;
    match AnyGame::replay(&decoded.setup, &decoded.actions) {
        Ok(game) => {
            convert::match_from_pb(decoded.match_state.as_ref(), &game)
                .map_err(|e| error::bad_request(&[e]))?;
            Ok(valid(&Replayed {
                decoded,
                game,
                seats: Vec::new(),
                sealed: None,
                actions_end: None,
                compact: None,
                history: std::sync::OnceLock::new(),
            }))
        }
        Err(Err(e)) => Err(error::setup(&e, "record.")),
        Err(Ok(e)) => Ok(pb::ValidateGameResponse {
            valid: false,
            first_illegal: Some(pb::IllegalAction {
                index: e.index as u32,
                action: Some(convert::action_to_pb(e.action)),
                seat: e.seat.map(|s| u32::from(s.get())),
                rule: e.violation.rule.to_owned(),
                reason: Reason::of(&e.violation).as_str().to_owned(),
                message: e.violation.message.to_owned(),
            }),
            actions_applied: e.index as u32,
            game_over: false,
            ledger: None,
        }),
    }
}
