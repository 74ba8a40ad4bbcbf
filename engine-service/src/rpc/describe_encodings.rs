//! `DescribeEncodings`: the sizes and layouts of the encodings of one variant, table size and set
//! of options, and the pack's cards in the order of the tensors' card axes.

use crate::convert;
use crate::encodings;
use crate::error;
use tarock_engine::game::Observe;
use tarock_engine::{AnyGame, CardSet, DealSource, Seat, Variant};
use tarock_proto::v1 as pb;
use tonic::Status;

/// The answer, read off a hand dealt from a fixed seed with the request's rules.
pub(crate) fn handle(
    r: &pb::DescribeEncodingsRequest,
) -> Result<pb::DescribeEncodingsResponse, Status> {
    let seats = if r.seats == 0 {
        Variant::from_id(&r.variant).map_or(0, |v| u32::from(v.seat_counts()[0]))
    } else {
        r.seats
    };
    let setup = convert::setup_from_pb(
        &r.variant,
        &r.options,
        seats,
        0,
        Some(DealSource::Seed([0; 32])),
        "",
    )
    .map_err(|v| error::bad_request(&v))?;
    let game = AnyGame::new(&setup).map_err(|e| error::setup(&e, ""))?;
    // Every card of the pack is dealt: to a hand or to the talon.
    let deal = game.deal();
    let mut pack: CardSet = deal.talon().iter().copied().collect();
    for s in Seat::all(setup.seats) {
        pack |= deal.hands[s];
    }
    let space = game.action_space();
    Ok(pb::DescribeEncodingsResponse {
        action_space: space,
        legal_mask_bytes: encodings::mask_len(&game) as u32,
        observation: Some(encodings::layout(&game.observation_layout())),
        info_state: Some(encodings::layout(&game.info_state_layout())),
        // In ascending index order: the order of `Pack::position`, the card axes' order.
        cards: pack.into_iter().map(convert::card_to_pb).collect(),
    })
}
