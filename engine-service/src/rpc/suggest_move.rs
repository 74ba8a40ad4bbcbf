//! `SuggestMove`: an action for the seat to act, chosen by one of the server's bots from what
//! that seat may see.

use crate::convert;
use crate::error;
use crate::state::{actor, HasState};
use crate::Engine;
use tarock_engine::Bot;
use tarock_proto::lazy;
use tarock_proto::v1 as pb;
use tonic::Status;

/// The answer: the bot's choice for the seat to act, when the caller may act for it.
pub(crate) fn handle(
    engine: &Engine,
    r: &lazy::SuggestMoveRequest,
) -> Result<pb::SuggestMoveResponse, Status> {
    let bot: Bot = if r.bot.is_empty() {
        Bot::Heuristic
    } else {
        r.bot
            .parse()
            .map_err(|e: tarock_engine::bot::UnknownBot| error::bad_field("bot", &e.to_string()))?
    };
    let (replayed, access) = engine.open(r.state(), &r.token)?;
    let game = &replayed.game;
    let to_act = actor(game, replayed.decoded.actions.len(), access, r.seat)?;
    let action = bot
        .choose(game, r.seed)
        .ok_or_else(|| error::internal("no legal action while the hand is on"))?;
    Ok(pb::SuggestMoveResponse {
        seat: u32::from(to_act.get()),
        r#move: Some(convert::legal_move(game, action)),
        bot: bot.name().to_owned(),
    })
}
