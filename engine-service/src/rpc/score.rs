//! `Score`: the settlement of a finished hand, or the card points so far of one in progress.

use crate::convert;
use crate::state::{match_of, HasState};
use crate::Engine;
use tarock_engine::game::{Observe, Stage};
use tarock_engine::{DealSource, Seat};
use tarock_proto::lazy;
use tarock_proto::v1 as pb;
use tonic::Status;

/// The answer. Until the hand is over it says only what everyone saw (the card points of the
/// tricks); once it is over, the itemised settlement, the match totals with it, and a sealed
/// deal's seed against its commitment.
pub(crate) fn handle(engine: &Engine, r: &lazy::ScoreRequest) -> Result<pb::ScoreResponse, Status> {
    let (replayed, _) = engine.open(r.state(), &[])?;
    let h = &replayed.game;
    let seats = h.table_info().seats;
    let ctx = match_of(&replayed);
    let multiplier = ctx.map_or(1, |m| m.multiplier());
    let mut match_totals: Vec<i64> = ctx.map_or_else(
        || vec![0; usize::from(seats)],
        |m| m.totals().first(seats).to_vec(),
    );
    let mut out = pb::ScoreResponse {
        card_points_by_seat: Seat::all(seats).map(|s| h.card_points_of(s)).collect(),
        multiplier: u32::try_from(multiplier).unwrap_or(u32::MAX),
        ..Default::default()
    };
    if let (Stage::Over(end), Some(ledger)) = (h.stage(), h.settlement(multiplier)) {
        for (t, x) in match_totals.iter_mut().zip(ledger.totals.first(seats)) {
            *t = t.saturating_add(*x);
        }
        out.r#final = true;
        out.end = convert::end_to_pb(end).0 as i32;
        // The hand is over: a sealed deal's seed is revealed against its commitment.
        if let (Some(_), DealSource::Seed(seed)) = (&replayed.sealed, &replayed.decoded.setup.deal)
        {
            out.revealed_seed = seed.to_vec();
        }
        out.ledger = Some(convert::ledger_to_pb(
            &ledger,
            seats,
            replayed.decoded.setup.variant,
        ));
    }
    out.match_totals = match_totals;
    Ok(out)
}
