//! `SampleWorlds`: complete worlds consistent with everything one seat knows, drawn uniformly by
//! the engine's sampler ([`tarock_engine::Worlds`]), for determinized search. The sampler reads
//! only the seat's views of the hand, so a world tells the seat nothing it did not know: in
//! sealed mode the seat's token (or the table token) is enough to ask.

use crate::convert;
use crate::error::{self, Context, Reason};
use crate::state::HasState;
use crate::Engine;
use prost::Message;
use tarock_engine::{DealBuilder, DealRng, DealSource, Seat, Setup, WorldError, Worlds};
use tarock_proto::lazy;
use tarock_proto::v1 as pb;
use tonic::Status;

/// The answer: `count` worlds for `seat`, drawn from the request's seed.
pub(crate) fn handle(
    engine: &Engine,
    r: &lazy::SampleWorldsRequest,
) -> Result<pb::SampleWorldsResponse, Status> {
    let max = engine.limits.max_worlds;
    if r.count == 0 || r.count > max {
        return Err(error::bad_field(
            "count",
            &format!("ask for 1 to {max} worlds, not {}", r.count),
        ));
    }
    let (replayed, access) = engine.open(r.state(), &r.token)?;
    let seats = replayed.decoded.setup.seats;
    let seat = u8::try_from(r.seat)
        .ok()
        .filter(|&s| s < seats)
        .and_then(Seat::try_new)
        .ok_or_else(|| {
            error::bad_field(
                "seat",
                &format!("no seat {} at this table of {seats}", r.seat),
            )
        })?;
    access.require_seat(
        seat,
        |_| "a seat token samples only its own seat's worlds".to_owned(),
        "sampling a sealed game's worlds needs the seat's token or the table token",
    )?;
    let actions = &replayed.decoded.actions;
    let context = || Context {
        seat: Some(seat),
        phase: crate::state::phase_name(&replayed.game),
        action_index: actions.len(),
        rule: None,
    };
    let unavailable = |e: WorldError| match e {
        WorldError::SeatNotAtTable { .. } => error::bad_field("seat", &e.to_string()),
        WorldError::Replay(_) => error::internal(&e.to_string()),
        other => error::precondition(Reason::WorldsUnavailable, &other.to_string(), &context()),
    };
    let mut worlds = Worlds::new(&replayed.game, actions, seat).map_err(unavailable)?;
    let mut rng = DealRng::from_seed(tarock_engine::shuffle::seed_from_u64(r.seed));
    // The worlds' records: the same rules, seating and match state, their own cards.
    let setup = Setup {
        deal: DealSource::Explicit(DealBuilder::new()),
        ..replayed.decoded.setup.clone()
    };
    let mut out = pb::SampleWorldsResponse::default();
    let mut bytes = 0;
    for _ in 0..r.count {
        let w = worlds.sample(&mut rng).map_err(unavailable)?;
        let game = worlds.game_of(&w);
        let record = convert::record_with_deal(
            &setup,
            &w.actions,
            &game,
            replayed.decoded.match_state.clone(),
            tarock_engine::RULES_VERSION,
        )
        .map_err(|e| error::internal(&format!("a world's record: {e}")))?;
        bytes += record.encoded_len() + 4;
        if bytes > crate::server::MAX_RESPONSE_BYTES {
            let each = bytes / (out.worlds.len() + 1);
            return Err(error::bad_field(
                "count",
                &format!(
                    "{} worlds of this hand take about {} bytes, over the limit of {}: ask for \
                     at most {}",
                    r.count,
                    each * r.count as usize,
                    crate::server::MAX_RESPONSE_BYTES,
                    crate::server::MAX_RESPONSE_BYTES / each.max(1)
                ),
            ));
        }
        out.worlds.push(record);
    }
    Ok(out)
}
