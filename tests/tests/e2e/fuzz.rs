//! Raw request bytes for every RPC, over real gRPC: random bytes and mutations of real requests
//! (flipped bits, cuts, insertions, repeated spans) reach each RPC's decoder and handler. Every
//! answer is a response or a status among the documented codes, with its details; the server
//! never panics, hangs or stops answering.
//!
//! A bounded number of cases per RPC runs with the test suite (`PROPTEST_CASES` raises it).

use proptest::prelude::*;
use proptest::test_runner::{Config as RunnerConfig, TestCaseError, TestRunner};
use prost::Message;
use std::sync::Arc;
use tarock_e2e::{raw_call, seed, TestServer};
use tarock_proto::v1 as pb;
use tarock_service::seal::KeyRing;
use tarock_service::Config;
use tonic::Code;
use tonic_types::StatusExt;

/// The codes the API documents.
const DOCUMENTED: [Code; 9] = [
    Code::Ok,
    Code::InvalidArgument,
    Code::FailedPrecondition,
    Code::OutOfRange,
    Code::Unimplemented,
    Code::Unauthenticated,
    Code::PermissionDenied,
    Code::Aborted,
    Code::ResourceExhausted,
];

/// A real request of each RPC, from a hand in progress (open and sealed).
fn real_requests(
    record: &pb::GameRecord,
    sealed: &pb::SealedRecord,
    token: &[u8],
) -> Vec<(&'static str, Vec<u8>)> {
    let viewer = Some(pb::Viewer {
        role: pb::ViewerRole::Seat as i32,
        seat: 1,
    });
    let pass = Some(pb::Action {
        kind: pb::ActionKind::Pass as i32,
        notation: "pass".to_owned(),
        ..Default::default()
    });
    vec![
        ("ListVariants", pb::ListVariantsRequest {}.encode_to_vec()),
        (
            "NewDeal",
            pb::NewDealRequest {
                variant: "polish-krolami".to_owned(),
                seats: 4,
                dealer: 2,
                deal: Some(pb::new_deal_request::Deal::Seed(seed(4))),
                options: vec![pb::RuleOption {
                    name: "pack".to_owned(),
                    value: "54".to_owned(),
                }],
                viewer,
                ..Default::default()
            }
            .encode_to_vec(),
        ),
        (
            "LegalMoves",
            pb::LegalMovesRequest {
                state: Some(pb::legal_moves_request::State::Record(record.clone())),
                token: Vec::new(),
                encodings: None,
            }
            .encode_to_vec(),
        ),
        (
            "ApplyAction",
            pb::ApplyActionRequest {
                state: Some(pb::apply_action_request::State::Sealed(sealed.clone())),
                action: pass.clone(),
                token: token.to_vec(),
                expected_move_count: Some(sealed.move_count),
                viewer,
                ..Default::default()
            }
            .encode_to_vec(),
        ),
        (
            "ApplyAction",
            pb::ApplyActionRequest {
                state: Some(pb::apply_action_request::State::Record(record.clone())),
                action: pass,
                viewer,
                ..Default::default()
            }
            .encode_to_vec(),
        ),
        (
            "GetView",
            pb::GetViewRequest {
                state: Some(pb::get_view_request::State::Sealed(sealed.clone())),
                viewer,
                token: token.to_vec(),
                encodings: None,
            }
            .encode_to_vec(),
        ),
        (
            "Score",
            pb::ScoreRequest {
                state: Some(pb::score_request::State::Record(record.clone())),
            }
            .encode_to_vec(),
        ),
        (
            "ValidateGame",
            pb::ValidateGameRequest {
                state: Some(pb::validate_game_request::State::Record(record.clone())),
            }
            .encode_to_vec(),
        ),
        (
            "NextDeal",
            pb::NextDealRequest {
                state: Some(pb::next_deal_request::State::Record(record.clone())),
                end_session_by: Some(1),
                ..Default::default()
            }
            .encode_to_vec(),
        ),
        (
            "SuggestMove",
            pb::SuggestMoveRequest {
                state: Some(pb::suggest_move_request::State::Sealed(sealed.clone())),
                bot: "heuristic".to_owned(),
                seed: 7,
                token: token.to_vec(),
                ..Default::default()
            }
            .encode_to_vec(),
        ),
    ]
}

/// Random bytes, or `real` changed in a few places.
fn mutation(real: Vec<u8>) -> impl Strategy<Value = Vec<u8>> {
    let n = real.len().max(1);
    let flips = prop::collection::vec((0..n, 0..8u8), 1..6).prop_map({
        let real = real.clone();
        move |flips| {
            let mut b = real.clone();
            for (i, bit) in flips {
                if let Some(x) = b.get_mut(i) {
                    *x ^= 1 << bit;
                }
            }
            b
        }
    });
    let cut = (0..=real.len()).prop_map({
        let real = real.clone();
        move |end| real[..end].to_vec()
    });
    let insert = (0..=real.len(), prop::collection::vec(any::<u8>(), 1..16)).prop_map({
        let real = real.clone();
        move |(at, junk)| {
            let mut b = real[..at].to_vec();
            b.extend_from_slice(&junk);
            b.extend_from_slice(&real[at..]);
            b
        }
    });
    let repeat = (0..=real.len(), 0..=real.len()).prop_map(move |(a, b)| {
        let (a, b) = (a.min(b), a.max(b));
        let mut out = real.clone();
        out.extend_from_slice(&real[a..b]);
        out
    });
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..256),
        flips,
        cut,
        insert,
        repeat,
    ]
}

#[test]
fn raw_bytes_for_every_rpc() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let ring = Arc::new(KeyRing::new(vec![("k".to_owned(), [5; 32])], "k").expect("a ring"));
    let server = rt.block_on(TestServer::start(Config {
        keys: Some(ring),
        drain_delay: std::time::Duration::ZERO,
        shutdown_grace: std::time::Duration::from_secs(2),
        ..Config::default()
    }));
    let channel = rt.block_on(server.channel());
    let (record, sealed, token) = rt.block_on(async {
        let mut c = server.client().await;
        let record = tarock_e2e::new_deal(&mut c, "hungarian-illustrated", 9, 4).await;
        let dealt = c
            .new_deal(pb::NewDealRequest {
                variant: "hungarian-illustrated".to_owned(),
                seats: 4,
                sealed: true,
                ..Default::default()
            })
            .await
            .expect("a sealed deal")
            .into_inner();
        (record, dealt.sealed.expect("sealed"), dealt.table_token)
    });
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(500);
    let answered = std::sync::atomic::AtomicUsize::new(0);
    for (rpc, real) in real_requests(&record, &sealed, &token) {
        let path = format!("/tarock.v1.EngineService/{rpc}");
        let mut runner = TestRunner::new(RunnerConfig {
            cases,
            failure_persistence: None,
            ..RunnerConfig::default()
        });
        runner
            .run(&mutation(real), |bytes| {
                let answer = rt.block_on(raw_call(channel.clone(), &path, bytes));
                let code = answer
                    .as_ref()
                    .map_or_else(tonic::Status::code, |_| Code::Ok);
                prop_assert!(DOCUMENTED.contains(&code), "{rpc}: {answer:?}");
                if let Err(s) = &answer {
                    let d = s.get_error_details();
                    prop_assert!(
                        d.error_info().is_some() || d.bad_request().is_some(),
                        "{rpc}: {code:?} without details: {}",
                        s.message()
                    );
                    prop_assert!(s.message().len() <= 1024, "{rpc}: {}", s.message().len());
                }
                answered.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                Ok::<(), TestCaseError>(())
            })
            .unwrap_or_else(|e| panic!("{rpc}: {e}"));
    }
    let answered = answered.into_inner();
    assert!(answered >= 10 * cases as usize, "{answered} answers");
    // Still serving.
    let still = rt.block_on(raw_call(
        channel,
        "/tarock.v1.EngineService/ListVariants",
        Vec::new(),
    ));
    assert!(still.is_ok(), "{still:?}");
    rt.block_on(server.stop());
}
