//! The encodings of a position (legal-action mask, observation and information-state tensors)
//! on LegalMoves, ApplyAction and GetView, and DescribeEncodings: they agree with the engine and
//! with the legal moves, and a sealed game shows them only to whom its tokens allow.

use tarock_e2e::{new_deal, sealed_deal, Chooser, TestServer};
use tarock_engine::game::Observe;
use tarock_engine::{AnyGame, Seat, Variant};
use tarock_proto::v1 as pb;
use tarock_proto::v1::engine_service_client::EngineServiceClient;
use tonic::transport::Channel;
use tonic::Code;
use tonic_types::StatusExt;

type Client = EngineServiceClient<Channel>;

fn mask_only() -> Option<pb::EncodingRequest> {
    Some(pb::EncodingRequest {
        legal_mask: true,
        ..Default::default()
    })
}

/// The ids whose bits are set in `mask`.
fn ids_of(mask: &[u8]) -> Vec<u32> {
    (0..mask.len() * 8)
        .filter(|&i| mask[i / 8] & (1 << (i % 8)) != 0)
        .map(|i| i as u32)
        .collect()
}

async fn describe(c: &mut Client, variant: &str, seats: u32) -> pb::DescribeEncodingsResponse {
    c.describe_encodings(pb::DescribeEncodingsRequest {
        variant: variant.to_owned(),
        seats,
        ..Default::default()
    })
    .await
    .expect("describe encodings")
    .into_inner()
}

// At every step of random deals of every variant, the mask LegalMoves gives has exactly the
// bits of its moves' ids, is DescribeEncodings' length long, and is the mask ApplyAction gave
// with the position before; it is the engine's mask as bytes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn masks_are_the_legal_moves_ids_at_every_step() {
    let server = TestServer::start_default().await;
    let mut c = server.client().await;
    for v in Variant::ALL {
        for &seats in v.seat_counts() {
            let seats = u32::from(seats);
            let d = describe(&mut c, v.id(), seats).await;
            assert_eq!(d.legal_mask_bytes, d.action_space.div_ceil(8), "{v}");
            for n in 0..3u64 {
                let mut chooser = Chooser::new(n + 5);
                let mut record = new_deal(&mut c, v.id(), n, seats).await;
                let mut from_apply: Option<Vec<u8>> = None;
                loop {
                    let lm = c
                        .legal_moves(pb::LegalMovesRequest {
                            state: tarock_e2e::open_state(&record),
                            encodings: mask_only(),
                            token: Vec::new(),
                        })
                        .await
                        .expect("legal moves")
                        .into_inner();
                    let e = lm.encodings.expect("the encodings asked for");
                    assert!(e.observation.is_empty() && e.info_state.is_empty());
                    if let Some(before) = &from_apply {
                        assert_eq!(&e.legal_mask, before, "{v}: ApplyAction's mask");
                    }
                    if lm.game_over {
                        assert!(e.legal_mask.is_empty(), "no mask once the hand is over");
                        break;
                    }
                    assert_eq!(e.seat, lm.to_act.expect("a seat to act"));
                    assert_eq!(e.legal_mask.len(), d.legal_mask_bytes as usize, "{v}");
                    let mut ids: Vec<u32> = lm.moves.iter().map(|m| m.id).collect();
                    ids.sort_unstable();
                    assert_eq!(ids_of(&e.legal_mask), ids, "{v}: mask and moves");
                    // The engine's own words, as bytes.
                    let g = tarock_e2e::engine_game(&record);
                    let mut words = vec![0u64; g.mask_words()];
                    g.legal_mask_into(&mut words).expect("room");
                    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
                    assert_eq!(&bytes[..e.legal_mask.len()], e.legal_mask.as_slice());
                    if chooser.below(4) == 0 {
                        tensors_agree(&mut c, &record, &g).await;
                    }
                    let m = chooser.pick(&lm.moves, lm.phase);
                    let answer = c
                        .apply_action(pb::ApplyActionRequest {
                            state: Some(pb::apply_action_request::State::Record(record.clone())),
                            action_id: Some(m.id),
                            omit_view: true,
                            encodings: mask_only(),
                            ..Default::default()
                        })
                        .await
                        .expect("apply")
                        .into_inner();
                    record = answer.record.expect("a record");
                    from_apply = Some(answer.encodings.expect("encodings").legal_mask);
                }
            }
        }
    }
}

/// The tensors GetView gives of `record` (which reached `g`) for every seat that plays the hand
/// are the engine's values, as little-endian `f32`.
async fn tensors_agree(c: &mut Client, record: &pb::GameRecord, g: &AnyGame) {
    let d = tarock_service::convert::record_from_pb(record).expect("a record");
    let table = g.table_info();
    for seat in Seat::all(table.seats).filter(|&s| table.is_active(s)) {
        let view = c
            .get_view(pb::GetViewRequest {
                state: Some(pb::get_view_request::State::Record(record.clone())),
                encodings: Some(pb::EncodingRequest {
                    observation: true,
                    info_state: true,
                    seat: Some(u32::from(seat.get())),
                    ..Default::default()
                }),
                ..Default::default()
            })
            .await
            .expect("a view")
            .into_inner();
        let e = view.encodings.expect("encodings");
        assert_eq!(e.seat, u32::from(seat.get()));
        assert!(e.legal_mask.is_empty(), "not asked for");
        let mut obs = vec![0f32; g.observation_size()];
        g.write_observation(seat, &mut obs).expect("an observation");
        assert_eq!(
            e.observation,
            le_bytes(&obs),
            "seat {seat}: the observation"
        );
        let mut info = vec![0f32; g.info_state_size()];
        g.write_info_state(&d.actions, seat, &mut info)
            .expect("an information state");
        assert_eq!(
            e.info_state,
            le_bytes(&info),
            "seat {seat}: the information state"
        );
    }
    // A seat that sits the hand out has no tensors.
    if let Some(out) = table.sitting_out {
        let e = c
            .get_view(pb::GetViewRequest {
                state: Some(pb::get_view_request::State::Record(record.clone())),
                encodings: Some(pb::EncodingRequest {
                    observation: true,
                    seat: Some(u32::from(out.get())),
                    ..Default::default()
                }),
                ..Default::default()
            })
            .await
            .expect_err("sits out");
        assert_eq!(e.code(), Code::InvalidArgument);
    }
}

fn le_bytes(values: &[f32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

// Without the field, no encodings; a seat outside the table is a bad argument.
#[tokio::test]
async fn encodings_come_only_when_asked_for() {
    let server = TestServer::start_default().await;
    let mut c = server.client().await;
    let record = new_deal(&mut c, "hungarian-illustrated", 3, 4).await;
    let lm = tarock_e2e::legal_moves(&mut c, &record).await;
    assert!(lm.encodings.is_none());
    let view = c
        .get_view(pb::GetViewRequest {
            state: Some(pb::get_view_request::State::Record(record.clone())),
            encodings: Some(pb::EncodingRequest {
                seat: Some(2),
                ..Default::default()
            }),
            ..Default::default()
        })
        .await
        .expect("a view")
        .into_inner();
    assert_eq!(view.encodings.expect("encodings").seat, 2);
    let e = c
        .get_view(pb::GetViewRequest {
            state: Some(pb::get_view_request::State::Record(record)),
            encodings: Some(pb::EncodingRequest {
                seat: Some(4),
                ..Default::default()
            }),
            ..Default::default()
        })
        .await
        .expect_err("no seat 4 at a table of four");
    assert_eq!(e.code(), Code::InvalidArgument);
    let bad = e.get_error_details();
    assert_eq!(
        bad.bad_request().expect("a BadRequest").field_violations[0].field,
        "encodings.seat"
    );
}

// Sealed: the mask is the acting seat's (left out for another seat's token, as the moves are);
// a seat's tensors need its token or the table token.
#[tokio::test]
async fn sealed_encodings_follow_the_tokens() {
    let server = TestServer::start_sealed(3).await;
    let mut c = server.client().await;
    let deal = sealed_deal(&mut c, "hungarian-illustrated", 4, 3, 8).await;
    let sealed = deal.sealed.clone().expect("sealed");
    let to_act = deal.view.as_ref().and_then(|v| v.to_act).expect("to act") as usize;
    let other = (to_act + 1) % 4;
    let lm = |token: Vec<u8>, encodings: Option<pb::EncodingRequest>| {
        let mut c = c.clone();
        let sealed = sealed.clone();
        async move {
            c.legal_moves(pb::LegalMovesRequest {
                state: Some(pb::legal_moves_request::State::Sealed(sealed)),
                encodings,
                token,
            })
            .await
        }
    };
    let mask_of = |r: Result<tonic::Response<pb::LegalMovesResponse>, tonic::Status>| {
        let r = r.expect("legal moves").into_inner();
        (r.moves.len(), r.encodings.expect("encodings").legal_mask)
    };
    let (moves, mask) = mask_of(lm(deal.seat_tokens[to_act].clone(), mask_only()).await);
    assert!(moves > 0 && !mask.is_empty(), "the acting seat's token");
    let (moves, mask) = mask_of(lm(deal.table_token.clone(), mask_only()).await);
    assert!(moves > 0 && !mask.is_empty(), "the table token");
    let (moves, mask) = mask_of(lm(deal.seat_tokens[other].clone(), mask_only()).await);
    assert!(moves == 0 && mask.is_empty(), "another seat's token");
    let (moves, mask) = mask_of(lm(Vec::new(), mask_only()).await);
    assert!(moves == 0 && mask.is_empty(), "no token");
    // A seat token's encodings are its own seat's, by default.
    let r = lm(
        deal.seat_tokens[other].clone(),
        Some(pb::EncodingRequest::default()),
    )
    .await
    .expect("legal moves")
    .into_inner();
    assert_eq!(r.encodings.expect("encodings").seat as usize, other);
    // Another seat's tensors, or any seat's without a token: refused.
    for (token, seat) in [
        (deal.seat_tokens[other].clone(), Some(to_act as u32)),
        (Vec::new(), Some(to_act as u32)),
        (Vec::new(), None),
    ] {
        for (observation, info_state) in [(true, false), (false, true)] {
            let e = lm(
                token.clone(),
                Some(pb::EncodingRequest {
                    observation,
                    info_state,
                    seat,
                    ..Default::default()
                }),
            )
            .await
            .expect_err("another seat's tensors");
            assert_eq!(e.code(), Code::PermissionDenied, "{e:?}");
            let info = e.get_error_details().error_info().cloned().expect("info");
            assert_eq!(info.reason, "TOKEN_NOT_ALLOWED");
        }
    }
    // The seat's own token and the table token get the seat's tensors.
    for token in [deal.seat_tokens[other].clone(), deal.table_token.clone()] {
        let e = lm(
            token,
            Some(pb::EncodingRequest {
                observation: true,
                info_state: true,
                seat: Some(other as u32),
                ..Default::default()
            }),
        )
        .await
        .expect("the seat's tensors")
        .into_inner()
        .encodings
        .expect("encodings");
        assert_eq!(e.seat as usize, other);
        assert!(!e.observation.is_empty() && !e.info_state.is_empty());
    }
}

// DescribeEncodings: the action space and the mask's length of a hand of the same rules, and
// the pack's cards in ascending order (the engine's pack order); refusals name the field.
#[tokio::test]
async fn describe_encodings_matches_the_engine() {
    let server = TestServer::start_default().await;
    let mut c = server.client().await;
    let variants = c
        .list_variants(pb::ListVariantsRequest {})
        .await
        .expect("variants")
        .into_inner();
    for info in &variants.variants {
        let v = Variant::from_id(&info.id).expect("a variant");
        for &seats in &info.seat_counts {
            let d = describe(&mut c, &info.id, seats).await;
            let setup =
                tarock_engine::Setup::seeded(v, seats as u8, tarock_engine::Seat::new(0), [1; 32]);
            let g = AnyGame::new(&setup).expect("a deal");
            assert_eq!(d.action_space, g.action_space(), "{v}");
            assert_eq!(d.legal_mask_bytes, g.action_space().div_ceil(8));
            assert_eq!(d.cards.len(), info.pack_size as usize, "{v}");
            let pack = v.default_pack();
            for (i, card) in d.cards.iter().enumerate() {
                let engine_card = pack.card_at(i as u8).expect("in the pack");
                assert_eq!(card.index, u32::from(engine_card.index()), "{v} card {i}");
            }
            let obs = d.observation.clone().expect("a layout");
            let info = d.info_state.clone().expect("a layout");
            assert_eq!(obs.size as usize, g.observation_size(), "{v}");
            assert_eq!(info.size as usize, g.info_state_size(), "{v}");
            for l in [&obs, &info] {
                let mut at = 0;
                for s in &l.segments {
                    assert_eq!(s.offset, at, "{v}: {} follows the segment before", s.name);
                    assert!(!s.name.is_empty() && !s.description.is_empty());
                    at += s.shape.iter().product::<u32>();
                }
                assert_eq!(at, l.size, "{v}: the segments cover the tensor");
            }
            // The sizes are those of the tensors returned.
            let record = new_deal(&mut c, v.id(), 1, seats).await;
            let lm = c
                .legal_moves(pb::LegalMovesRequest {
                    state: tarock_e2e::open_state(&record),
                    encodings: Some(pb::EncodingRequest {
                        legal_mask: true,
                        observation: true,
                        info_state: true,
                        seat: None,
                    }),
                    token: Vec::new(),
                })
                .await
                .expect("legal moves")
                .into_inner();
            let e = lm.encodings.expect("encodings");
            assert_eq!(e.legal_mask.len(), d.legal_mask_bytes as usize);
            assert_eq!(e.observation.len(), 4 * obs.size as usize);
            assert_eq!(e.info_state.len(), 4 * info.size as usize);
        }
        // The default table size.
        let d = describe(&mut c, &info.id, 0).await;
        assert_eq!(d, describe(&mut c, &info.id, info.seat_counts[0]).await);
    }
    // The 54-card Hungarian pack has more cards and card ids.
    let small = describe(&mut c, "hungarian-illustrated", 4).await;
    let large = c
        .describe_encodings(pb::DescribeEncodingsRequest {
            variant: "hungarian-illustrated".to_owned(),
            seats: 4,
            options: vec![pb::RuleOption {
                name: "pack".to_owned(),
                value: "54".to_owned(),
            }],
        })
        .await
        .expect("54 cards")
        .into_inner();
    assert_eq!((small.cards.len(), large.cards.len()), (42, 54));
    assert!(large.action_space > small.action_space);
    for (variant, seats, field) in [
        ("nope", 4, "variant"),
        ("hungarian-illustrated", 3, "seats"),
    ] {
        let e = c
            .describe_encodings(pb::DescribeEncodingsRequest {
                variant: variant.to_owned(),
                seats,
                ..Default::default()
            })
            .await
            .expect_err("refused");
        assert_eq!(e.code(), Code::InvalidArgument);
        let d = e.get_error_details();
        assert_eq!(
            d.bad_request().expect("BadRequest").field_violations[0].field,
            field
        );
    }
}
