//! `NewDeal`: a freshly dealt hand, as an open record or sealed with its tokens.

use crate::convert::{self, Decoded};
use crate::error::{self, Reason};
use crate::respond::{self, Hand, SealedDeal};
use crate::seal::{self, Role};
use crate::state::{random_seed, viewer};
use crate::Engine;
use tarock_engine::{AnyGame, DealSource, Variant};
use tarock_proto::codec::Encoded;
use tarock_proto::v1 as pb;
use tonic::Status;

/// The answer: the hand's record and view; sealed, the sealed record, a token per seat, the
/// table token and the commitment to the seed (which the server draws).
pub(crate) fn handle(
    engine: &Engine,
    r: &pb::NewDealRequest,
) -> Result<Encoded<pb::NewDealResponse>, Status> {
    if r.sealed {
        engine.keys()?;
        if r.deal.is_some() && !engine.chosen_deals {
            return Err(error::chosen_deal_refused("deal"));
        }
    } else if engine.refuse_open {
        return Err(error::refused(
            Reason::OpenRecordsRefused,
            "this server deals sealed records only: set sealed",
        ));
    }
    let deal = match &r.deal {
        None => DealSource::Seed(random_seed()?),
        Some(pb::new_deal_request::Deal::Seed(s)) => {
            convert::seed_from_pb(s, "seed").map_err(|e| error::bad_request(&[e]))?
        }
        Some(pb::new_deal_request::Deal::ExplicitDeal(d)) => {
            convert::explicit_from_pb(d, "explicit_deal").map_err(|e| error::bad_request(&[e]))?
        }
    };
    let seats = if r.seats == 0 {
        Variant::from_id(&r.variant).map_or(4, |v| u32::from(v.seat_counts()[0]))
    } else {
        r.seats
    };
    let setup = convert::setup_from_pb(&r.variant, &r.options, seats, r.dealer, Some(deal), "")
        .map_err(|v| error::bad_request(&v))?;
    let game = AnyGame::new(&setup).map_err(|e| error::setup(&e, ""))?;
    let who = viewer(r.viewer.as_ref(), &game)?;
    let hand = Hand {
        setup: &setup,
        actions: &[],
        seats: &[],
        game: &game,
        match_state: None,
        open: !r.sealed,
        viewer: Some(who),
        history: None,
    };
    if !r.sealed {
        return Ok(respond::new_deal_response(&hand, None));
    }
    let keys = engine.keys()?;
    let mut game_id = [0u8; 16];
    getrandom::fill(&mut game_id)
        .map_err(|e| error::internal(&format!("no randomness for a game id: {e}")))?;
    let seed_commitment = match &setup.deal {
        DealSource::Seed(s) => seal::seed_commitment(s),
        DealSource::Explicit(_) => Vec::new(),
    };
    let decoded = Decoded {
        setup: setup.clone(),
        actions: Vec::new(),
        match_state: None,
    };
    let sealed = SealedDeal {
        sealed: engine.seal(&decoded, &[], &game, &game_id)?,
        seat_tokens: (0..setup.seats)
            .map(|s| keys.token(&game_id, Role::Seat(s)))
            .collect(),
        table_token: keys.token(&game_id, Role::Table),
        seed_commitment,
    };
    Ok(respond::new_deal_response(&hand, Some(&sealed)))
}
