//! `SuggestMove`: an action for the seat to act, chosen by one of the server's bots from what
//! that seat may see.
//!
//! The random and heuristic bots answer at once. The search bot ([`tarock_engine::search`])
//! runs on a blocking thread, one of at most [`Limits::search_threads`](crate::Limits) at once
//! (a request waits for a free one, within its deadline), so that searches never hold the
//! threads that serve the other requests.

use crate::convert;
use crate::error;
use crate::state::{actor, HasState};
use crate::Engine;
use std::time::Duration;
use tarock_engine::search::{self, Decision, Fallback};
use tarock_engine::{AnyGame, Bot, Budget};
use tarock_proto::lazy;
use tarock_proto::v1 as pb;
use tonic::Status;

/// The answer: the bot's choice for the seat to act, when the caller may act for it.
pub(crate) async fn handle(
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
    let budget = budget(engine, r.budget.as_ref())?;
    let (replayed, access) = engine.open(r.state(), &r.token)?;
    let to_act = actor(
        &replayed.game,
        replayed.decoded.actions.len(),
        access,
        r.seat,
    )?;
    let seat = u32::from(to_act.get());
    if bot != Bot::Search {
        let action = bot
            .choose(&replayed.game, &[], r.seed, budget)
            .map_err(|e| error::internal(&e.to_string()))?
            .ok_or_else(|| error::internal("no legal action while the hand is on"))?;
        return Ok(pb::SuggestMoveResponse {
            seat,
            r#move: Some(convert::legal_move(&replayed.game, action)),
            bot: bot.name().to_owned(),
            search: None,
        });
    }
    let seed = r.seed;
    let searched = replayed.clone();
    let decision = engine
        .search_pool
        .run(move || search::decide(&searched.game, &searched.decoded.actions, seed, budget))
        .await?
        .map_err(|e| error::internal(&e.to_string()))?
        .ok_or_else(|| error::internal("no legal action while the hand is on"))?;
    Ok(pb::SuggestMoveResponse {
        seat,
        r#move: Some(convert::legal_move(&replayed.game, decision.action)),
        bot: bot.name().to_owned(),
        search: Some(report(&replayed.game, &decision)),
    })
}

/// The search budget of a request, checked against the server's limits.
fn budget(engine: &Engine, b: Option<&pb::SearchBudget>) -> Result<Budget, Status> {
    let limits = &engine.limits;
    let (worlds, time_ms) = b.map_or((0, 0), |b| (b.worlds, b.time_ms));
    if worlds > limits.max_search_worlds {
        return Err(error::bad_field(
            "budget.worlds",
            &format!(
                "ask for at most {} worlds per decision, not {worlds}",
                limits.max_search_worlds
            ),
        ));
    }
    let time = Duration::from_millis(u64::from(time_ms));
    if time > limits.max_search_time {
        return Err(error::bad_field(
            "budget.time_ms",
            &format!(
                "ask for at most {} ms per decision, not {time_ms}",
                limits.max_search_time.as_millis()
            ),
        ));
    }
    Ok(Budget {
        worlds: if worlds == 0 {
            Budget::DEFAULT_WORLDS
        } else {
            worlds
        },
        time: (time_ms > 0).then_some(time),
    })
}

/// The search's account for the wire.
fn report(game: &AnyGame, d: &Decision) -> pb::SearchReport {
    pb::SearchReport {
        worlds: d.worlds,
        values: d
            .values
            .iter()
            .map(|&(a, value)| pb::CandidateValue {
                action_id: game.action_id(a).unwrap_or(u32::MAX),
                value,
            })
            .collect(),
        heuristic: Some(convert::legal_move(game, d.heuristic)),
        fallback: match &d.fallback {
            None => String::new(),
            Some(Fallback::OneAction) => "one legal action".to_owned(),
            Some(Fallback::NoWorlds(e)) => format!("no world could be drawn: {e}"),
        },
    }
}
