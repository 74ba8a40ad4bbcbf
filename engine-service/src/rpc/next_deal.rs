//! `NextDeal`: the next hand of a match from the finished record of the last one, under the
//! session rules of its game (dealer rotation, doubled rounds, series, pots).

use crate::convert::{self, Decoded};
use crate::error::{self, Context, Reason};
use crate::respond::{self, Hand, SealedDeal};
use crate::seal;
use crate::state::{match_of, phase_name, random_seed, viewer, Access, HasState};
use crate::Engine;
use tarock_engine::game::{Game, Observe};
use tarock_engine::session::{MatchContext, MatchKind};
use tarock_engine::{AnyGame, DealSource};
use tarock_proto::codec::Encoded;
use tarock_proto::lazy;
use tarock_proto::v1 as pb;
use tonic::Status;

/// The answer: the running totals, and the next hand (its record or sealed record, and view)
/// unless the session is over.
pub(crate) fn handle(
    engine: &Engine,
    r: &lazy::NextDealRequest,
) -> Result<Encoded<pb::NextDealResponse>, Status> {
    let (replayed, access) = engine.open(r.state(), &r.token)?;
    if !matches!(access, Access::Open | Access::Table) {
        return Err(error::refused(
            Reason::TokenNotAllowed,
            "dealing the next hand of a sealed match needs the table token",
        ));
    }
    let h = &replayed.game;
    let ctx_of = |phase: &'static str| Context {
        seat: None,
        phase,
        action_index: replayed.decoded.actions.len(),
        rule: Some(MatchKind::of(h.variant()).rule()),
    };
    if !h.is_over() {
        return Err(error::precondition(
            Reason::IllegalAction,
            "the next hand is dealt once this one is over",
            &ctx_of(phase_name(h)),
        ));
    }
    let table = h.table_info();
    let mut m = match match_of(&replayed) {
        Some(m) => m,
        None => MatchContext::starting_with(h)
            .map_err(|e| error::bad_field("record", &e.to_string()))?,
    };
    if m.is_over() {
        return Err(error::precondition(
            Reason::MatchOver,
            "the session has ended",
            &ctx_of("over"),
        ));
    }
    m.record_game(h);
    if let Some(seat) = r.end_session_by {
        if seat >= u32::from(table.seats) {
            return Err(error::bad_field(
                "end_session_by",
                &format!("no seat {seat} at this table"),
            ));
        }
        m.end_session();
    }
    let totals = m.totals().first(table.seats).to_vec();
    if m.is_over() {
        return Ok(respond::next_deal_response(None, &totals, 1, None));
    }
    if replayed.sealed.is_some() && r.seed.is_some() && !engine.chosen_deals {
        return Err(error::chosen_deal_refused("seed"));
    }
    let seed = match &r.seed {
        Some(s) => match convert::seed_from_pb(s, "seed").map_err(|e| error::bad_request(&[e]))? {
            DealSource::Seed(s) => s,
            DealSource::Explicit(_) => return Err(error::internal("a seed decodes to a seed")),
        },
        None => random_seed()?,
    };
    let setup = m.next_setup(&replayed.decoded.setup, seed);
    let game = AnyGame::new(&setup).map_err(|e| error::setup(&e, ""))?;
    let who = viewer(r.viewer.as_ref(), &game)?;
    let mut match_state = convert::match_to_pb(&m);
    convert::carried_to_pb(&setup.carried, &mut match_state);
    let multiplier = u32::try_from(m.multiplier()).unwrap_or(u32::MAX);
    let sealed = match &replayed.sealed {
        None => None,
        // The match keeps its game id, so the seat tokens stay valid.
        Some(sealed_game) => {
            let decoded = Decoded {
                setup: setup.clone(),
                actions: Vec::new(),
                match_state: Some(match_state.clone()),
            };
            Some(SealedDeal {
                sealed: engine.seal(&decoded, &[], &game, sealed_game.id())?,
                // A hand dealt around kept talon cards is recorded as its cards: no seed is
                // revealed at its end, so none is committed to.
                seed_commitment: if matches!(setup.deal, DealSource::Seed(_)) {
                    seal::seed_commitment(&seed)
                } else {
                    Vec::new()
                },
                ..SealedDeal::default()
            })
        }
    };
    let hand = Hand {
        setup: &setup,
        actions: &[],
        seats: &[],
        game: &game,
        match_state: Some(&match_state),
        open: sealed.is_none(),
        viewer: Some(who),
        history: None,
    };
    Ok(respond::next_deal_response(
        Some(&hand),
        &totals,
        multiplier,
        sealed.as_ref(),
    ))
}
