//! The lazy requests read what the full ones read: for random requests of every kind that
//! carries a state, and for their corrupted bytes, a lazy request decodes whenever the full one
//! does, holds its record's bytes (which decode to the full request's record), and writes back
//! what decodes to the full request; where only the lazy request decodes, the fault is inside
//! the record, which the server then refuses as a malformed record.

mod common;

use common::Rng;
use prost::Message;
use tarock_proto::lazy;
use tarock_proto::v1 as pb;

/// Corruptions of `bytes`: cut short, one byte changed, one byte inserted.
fn corruptions(rng: &mut Rng, bytes: &[u8]) -> Vec<Vec<u8>> {
    let n = bytes.len().max(1) as u64;
    let mut out = Vec::new();
    for _ in 0..4 {
        out.push(bytes[..rng.below(n) as usize % (bytes.len() + 1)].to_vec());
        let mut b = bytes.to_vec();
        if !b.is_empty() {
            let i = rng.below(n) as usize;
            b[i] ^= 1 << rng.below(8);
        }
        out.push(b);
        let mut b = bytes.to_vec();
        b.insert(rng.below(n) as usize % (bytes.len() + 1), rng.next() as u8);
        out.push(b);
    }
    out
}

/// Checks one kind of request on `bytes`; returns whether the full request decoded.
macro_rules! check {
    ($full:ty, $lazy:ty, $module:ident, $bytes:expr) => {{
        let bytes: &[u8] = $bytes;
        let full = <$full>::decode(bytes);
        let lazy = <$lazy>::decode(bytes);
        match (&full, &lazy) {
            (Ok(f), Ok(l)) => {
                // The same request, the record as its bytes.
                assert_eq!(
                    <$full>::decode(l.encode_to_vec().as_slice()).as_ref(),
                    Ok(f)
                );
                if let Some(lazy::$module::State::Record(r)) = &l.state {
                    let Some(pb::$module::State::Record(fr)) = &f.state else {
                        panic!("the lazy request has a record, the full one none");
                    };
                    assert_eq!(pb::GameRecord::decode(r.clone()).as_ref(), Ok(fr));
                }
            }
            (Ok(_), Err(e)) => panic!("the full request decodes, the lazy one not: {e}"),
            (Err(_), Ok(l)) => {
                // Only a record left as bytes can hide the fault.
                let Some(lazy::$module::State::Record(r)) = &l.state else {
                    panic!("the lazy request decodes without a record to blame");
                };
                assert!(pb::GameRecord::decode(r.clone()).is_err());
            }
            (Err(_), Err(_)) => {}
        }
        full.is_ok()
    }};
}

/// A random encoding request.
fn encoding_request(rng: &mut Rng) -> pb::EncodingRequest {
    pb::EncodingRequest {
        legal_mask: rng.bool(),
        observation: rng.bool(),
        info_state: rng.bool(),
        seat: rng.opt_u32(),
    }
}

#[test]
fn lazy_requests_read_what_full_ones_read() {
    lazy_and_full(Rng(0x1A2B_3C4D_5E6F_7081), false);
}

// The same for the fields and the request that bots and learning added: the requests with
// encodings, and SampleWorlds.
#[test]
fn lazy_requests_with_encodings_and_worlds_read_what_full_ones_read() {
    lazy_and_full(Rng(0x7081_5E6F_3C4D_1A2B), true);
}

/// Random requests of every kind that carries a state (with `extended`, their encodings and
/// SampleWorlds too), and their corruptions, read lazily and fully.
fn lazy_and_full(mut rng: Rng, extended: bool) {
    let mut decoded = 0;
    let mut refused = 0;
    for i in 0..400 {
        let record = common::record(&mut rng);
        let sealed = common::sealed(&mut rng);
        let token = rng.bytes();
        let open = i % 3 != 0;
        macro_rules! state {
            ($module:ident) => {
                Some(if open {
                    pb::$module::State::Record(record.clone())
                } else {
                    pb::$module::State::Sealed(sealed.clone())
                })
            };
        }
        let requests: Vec<(u8, Vec<u8>)> = vec![
            (
                0,
                pb::LegalMovesRequest {
                    state: state!(legal_moves_request),
                    encodings: if extended {
                        rng.opt(encoding_request)
                    } else {
                        None
                    },
                    token: token.clone(),
                }
                .encode_to_vec(),
            ),
            (
                1,
                pb::ApplyActionRequest {
                    state: state!(apply_action_request),
                    action: rng.opt(common::action),
                    action_id: rng.opt_u32(),
                    viewer: None,
                    seat: rng.opt_u32(),
                    omit_view: rng.bool(),
                    token: token.clone(),
                    expected_move_count: rng.opt(|r| r.u64()),
                    encodings: if extended {
                        rng.opt(encoding_request)
                    } else {
                        None
                    },
                }
                .encode_to_vec(),
            ),
            (
                2,
                pb::GetViewRequest {
                    state: state!(get_view_request),
                    viewer: None,
                    encodings: if extended {
                        rng.opt(encoding_request)
                    } else {
                        None
                    },
                    token: token.clone(),
                }
                .encode_to_vec(),
            ),
            (
                3,
                pb::ScoreRequest {
                    state: state!(score_request),
                }
                .encode_to_vec(),
            ),
            (
                4,
                pb::ValidateGameRequest {
                    state: state!(validate_game_request),
                }
                .encode_to_vec(),
            ),
            (
                5,
                pb::SuggestMoveRequest {
                    state: state!(suggest_move_request),
                    bot: rng.string(),
                    seed: rng.u64(),
                    seat: rng.opt_u32(),
                    budget: rng.opt(|r| pb::SearchBudget {
                        worlds: r.u32(),
                        time_ms: r.u32(),
                    }),
                    token: token.clone(),
                }
                .encode_to_vec(),
            ),
            (
                6,
                pb::NextDealRequest {
                    state: state!(next_deal_request),
                    seed: rng.opt(|r| r.bytes()),
                    end_session_by: rng.opt_u32(),
                    viewer: None,
                    token: token.clone(),
                }
                .encode_to_vec(),
            ),
        ];
        let mut requests = requests;
        if extended {
            requests.push((
                7,
                pb::SampleWorldsRequest {
                    state: state!(sample_worlds_request),
                    seat: rng.u64() as u32,
                    count: rng.u64() as u32,
                    seed: rng.u64(),
                    token: token.clone(),
                }
                .encode_to_vec(),
            ));
        }
        // Extended, the kinds that took new fields, and SampleWorlds.
        requests.retain(|(kind, _)| !extended || matches!(kind, 0 | 1 | 2 | 7));
        for (kind, bytes) in requests {
            let mut variants = vec![bytes.clone()];
            variants.extend(corruptions(&mut rng, &bytes));
            for b in &variants {
                let ok = match kind {
                    0 => check!(
                        pb::LegalMovesRequest,
                        lazy::LegalMovesRequest,
                        legal_moves_request,
                        b
                    ),
                    1 => check!(
                        pb::ApplyActionRequest,
                        lazy::ApplyActionRequest,
                        apply_action_request,
                        b
                    ),
                    2 => check!(
                        pb::GetViewRequest,
                        lazy::GetViewRequest,
                        get_view_request,
                        b
                    ),
                    3 => check!(pb::ScoreRequest, lazy::ScoreRequest, score_request, b),
                    4 => check!(
                        pb::ValidateGameRequest,
                        lazy::ValidateGameRequest,
                        validate_game_request,
                        b
                    ),
                    5 => check!(
                        pb::SuggestMoveRequest,
                        lazy::SuggestMoveRequest,
                        suggest_move_request,
                        b
                    ),
                    6 => check!(
                        pb::NextDealRequest,
                        lazy::NextDealRequest,
                        next_deal_request,
                        b
                    ),
                    _ => check!(
                        pb::SampleWorldsRequest,
                        lazy::SampleWorldsRequest,
                        sample_worlds_request,
                        b
                    ),
                };
                if ok {
                    decoded += 1;
                } else {
                    refused += 1;
                }
            }
        }
    }
    assert!(
        decoded > 5_000 && refused > 5_000,
        "{decoded} decoded, {refused} refused"
    );
}
