//! The service against a hostile client: safe defaults, bounded errors, details on every status,
//! idle connections, and reflection for older tools.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tarock_e2e::{new_deal, referee, seed, TestServer};
use tarock_proto::v1 as pb;
use tarock_proto::v1::engine_service_client::EngineServiceClient;
use tarock_service::seal::{seed_commitment, KeyRing};
use tarock_service::Config;
use tonic::transport::Channel;
use tonic::Code;
use tonic_types::StatusExt;

type Client = EngineServiceClient<Channel>;

fn ring() -> Arc<KeyRing> {
    Arc::new(KeyRing::new(vec![("k".to_owned(), [3; 32])], "k").expect("a key ring"))
}

fn config() -> Config {
    Config {
        drain_delay: Duration::ZERO,
        shutdown_grace: Duration::from_secs(2),
        ..Config::default()
    }
}

/// A server with a key ring and the default settings otherwise.
async fn sealed_server() -> TestServer {
    TestServer::start(Config {
        keys: Some(ring()),
        ..config()
    })
    .await
}

/// The ErrorInfo of `s`: its reason and metadata (domain `tarock.v1`).
fn error_info(s: &tonic::Status) -> (String, HashMap<String, String>) {
    let d = s.get_error_details();
    let info = d
        .error_info()
        .unwrap_or_else(|| panic!("{:?} without ErrorInfo: {}", s.code(), s.message()));
    assert_eq!(info.domain, "tarock.v1");
    (info.reason.clone(), info.metadata.clone())
}

/// The fields of `s`'s BadRequest.
fn bad_fields(s: &tonic::Status) -> Vec<String> {
    s.get_error_details()
        .bad_request()
        .unwrap_or_else(|| panic!("{:?} without BadRequest: {}", s.code(), s.message()))
        .field_violations
        .iter()
        .map(|v| v.field.clone())
        .collect()
}

fn sealed_state(s: &pb::SealedRecord) -> Option<pb::apply_action_request::State> {
    Some(pb::apply_action_request::State::Sealed(s.clone()))
}

fn pass() -> Option<pb::Action> {
    Some(pb::Action {
        kind: pb::ActionKind::Pass as i32,
        ..Default::default()
    })
}

/// A sealed Illustrated deal the server drew itself.
async fn drawn_deal(c: &mut Client) -> pb::NewDealResponse {
    c.new_deal(pb::NewDealRequest {
        variant: "hungarian-illustrated".to_owned(),
        seats: 4,
        dealer: 3,
        sealed: true,
        ..Default::default()
    })
    .await
    .expect("a sealed deal from a seed the server draws")
    .into_inner()
}

#[tokio::test]
async fn a_request_without_a_viewer_gets_the_spectators_view() {
    let server = TestServer::start(config()).await;
    let mut c = server.client().await;
    let record = new_deal(&mut c, "hungarian-illustrated", 5, 4).await;
    let unasked = c
        .get_view(pb::GetViewRequest {
            state: Some(pb::get_view_request::State::Record(record.clone())),
            ..Default::default()
        })
        .await
        .expect("a view")
        .into_inner()
        .view
        .expect("a view");
    // Nobody's cards, no talon: what the spectator sees.
    assert!(unasked.seat_views.iter().all(|s| s.hand.is_empty()));
    assert!(unasked.talon.is_empty());
    assert_eq!(
        unasked.viewer.map(|v| v.role),
        Some(pb::ViewerRole::Spectator as i32)
    );
    // The referee's view when asked for.
    let asked = c
        .get_view(pb::GetViewRequest {
            state: Some(pb::get_view_request::State::Record(record.clone())),
            viewer: Some(referee()),
            ..Default::default()
        })
        .await
        .expect("a view")
        .into_inner()
        .view
        .expect("a view");
    assert!(asked.seat_views.iter().all(|s| !s.hand.is_empty()));
    // NewDeal and ApplyAction likewise.
    let dealt = c
        .new_deal(pb::NewDealRequest {
            variant: "hungarian-illustrated".to_owned(),
            seats: 4,
            ..Default::default()
        })
        .await
        .expect("a deal")
        .into_inner()
        .view
        .expect("a view");
    assert!(dealt.seat_views.iter().all(|s| s.hand.is_empty()));
    let applied = c
        .apply_action(pb::ApplyActionRequest {
            state: Some(pb::apply_action_request::State::Record(record)),
            action: pass(),
            ..Default::default()
        })
        .await
        .expect("a pass")
        .into_inner()
        .view
        .expect("a view");
    assert!(applied.seat_views.iter().all(|s| s.hand.is_empty()));
    server.stop().await;
}

#[tokio::test]
async fn sealed_actions_need_the_move_count() {
    let server = sealed_server().await;
    let mut c = server.client().await;
    let deal = drawn_deal(&mut c).await;
    let sealed = deal.sealed.expect("a sealed record");
    let lm = c
        .legal_moves(pb::LegalMovesRequest {
            state: Some(pb::legal_moves_request::State::Sealed(sealed.clone())),
            token: deal.table_token.clone(),
            encodings: None,
        })
        .await
        .expect("moves")
        .into_inner();
    let action = lm.moves[0].action.clone();
    let e = c
        .apply_action(pb::ApplyActionRequest {
            state: sealed_state(&sealed),
            action: action.clone(),
            token: deal.table_token.clone(),
            ..Default::default()
        })
        .await
        .expect_err("no move count");
    assert_eq!(e.code(), Code::InvalidArgument);
    assert_eq!(bad_fields(&e), ["expected_move_count"]);
    // With the count the action applies; with the old record and the old count again, the
    // table cannot be rewound (the count is checked against the record it came with, and the
    // record after is newer).
    let next = c
        .apply_action(pb::ApplyActionRequest {
            state: sealed_state(&sealed),
            action: action.clone(),
            token: deal.table_token.clone(),
            expected_move_count: Some(0),
            ..Default::default()
        })
        .await
        .expect("the action applies")
        .into_inner()
        .sealed
        .expect("a sealed record");
    assert_eq!(next.move_count, 1);
    let e = c
        .apply_action(pb::ApplyActionRequest {
            state: sealed_state(&sealed),
            action,
            token: deal.table_token.clone(),
            expected_move_count: Some(1),
            ..Default::default()
        })
        .await
        .expect_err("an older record than expected");
    assert_eq!(e.code(), Code::Aborted);
    let (reason, meta) = error_info(&e);
    assert_eq!(reason, "STALE_RECORD");
    assert_eq!(meta.get("move_count").map(String::as_str), Some("0"));
    assert_eq!(
        meta.get("expected_move_count").map(String::as_str),
        Some("1")
    );
    server.stop().await;
}

#[tokio::test]
async fn sealed_deals_are_dealt_from_seeds_the_server_draws() {
    let server = sealed_server().await;
    let mut c = server.client().await;
    for deal in [
        pb::new_deal_request::Deal::Seed(seed(1)),
        pb::new_deal_request::Deal::ExplicitDeal(pb::ExplicitDeal::default()),
    ] {
        let e = c
            .new_deal(pb::NewDealRequest {
                variant: "hungarian-illustrated".to_owned(),
                seats: 4,
                deal: Some(deal),
                sealed: true,
                ..Default::default()
            })
            .await
            .expect_err("a chosen sealed deal");
        assert_eq!(e.code(), Code::PermissionDenied);
        assert_eq!(error_info(&e).0, "CHOSEN_DEAL_REFUSED");
    }
    // A drawn deal, played out by the table token, reveals the seed it committed to.
    let deal = drawn_deal(&mut c).await;
    let mut sealed = deal.sealed.expect("a sealed record");
    loop {
        let lm = c
            .legal_moves(pb::LegalMovesRequest {
                state: Some(pb::legal_moves_request::State::Sealed(sealed.clone())),
                token: deal.table_token.clone(),
                encodings: None,
            })
            .await
            .expect("moves")
            .into_inner();
        let Some(m) = lm.moves.first() else { break };
        sealed = c
            .apply_action(pb::ApplyActionRequest {
                state: sealed_state(&sealed),
                action: m.action.clone(),
                token: deal.table_token.clone(),
                expected_move_count: Some(sealed.move_count),
                omit_view: true,
                ..Default::default()
            })
            .await
            .expect("an action")
            .into_inner()
            .sealed
            .expect("a sealed record");
    }
    let score = c
        .score(pb::ScoreRequest {
            state: Some(pb::score_request::State::Sealed(sealed.clone())),
        })
        .await
        .expect("a score")
        .into_inner();
    assert_eq!(seed_commitment(&score.revealed_seed), deal.seed_commitment);
    // The next hand of the match is drawn too.
    let e = c
        .next_deal(pb::NextDealRequest {
            state: Some(pb::next_deal_request::State::Sealed(sealed)),
            seed: Some(seed(2)),
            token: deal.table_token.clone(),
            ..Default::default()
        })
        .await
        .expect_err("a chosen seed for the next sealed hand");
    assert_eq!(e.code(), Code::PermissionDenied);
    assert_eq!(error_info(&e).0, "CHOSEN_DEAL_REFUSED");
    server.stop().await;
}

#[tokio::test]
async fn every_status_carries_its_details() {
    let server = TestServer::start(Config {
        keys: Some(ring()),
        max_message_bytes: 16 * 1024,
        ..config()
    })
    .await;
    let mut c = server.client().await;
    let deal = drawn_deal(&mut c).await;
    let sealed = deal.sealed.clone().expect("a sealed record");
    let to_act = {
        let lm = c
            .legal_moves(pb::LegalMovesRequest {
                state: Some(pb::legal_moves_request::State::Sealed(sealed.clone())),
                token: deal.table_token.clone(),
                encodings: None,
            })
            .await
            .expect("moves")
            .into_inner();
        lm.to_act.expect("someone bids") as usize
    };
    let apply = |token: Vec<u8>, sealed: pb::SealedRecord, expected: u64| pb::ApplyActionRequest {
        state: sealed_state(&sealed),
        action: pass(),
        token,
        expected_move_count: Some(expected),
        ..Default::default()
    };
    // PERMISSION_DENIED: another seat's token.
    let other = deal.seat_tokens[(to_act + 1) % 4].clone();
    let e = c
        .apply_action(apply(other, sealed.clone(), 0))
        .await
        .expect_err("another seat's token");
    assert_eq!(e.code(), Code::PermissionDenied);
    assert_eq!(error_info(&e).0, "TOKEN_NOT_ALLOWED");
    // UNAUTHENTICATED: a tampered record, and a token of no game.
    let mut tampered = sealed.clone();
    let last = tampered.data.len() - 1;
    tampered.data[last] ^= 1;
    let e = c
        .apply_action(apply(deal.table_token.clone(), tampered, 0))
        .await
        .expect_err("a tampered record");
    assert_eq!(e.code(), Code::Unauthenticated);
    assert_eq!(error_info(&e).0, "SEAL_INVALID");
    let e = c
        .apply_action(apply(vec![7; 16], sealed.clone(), 0))
        .await
        .expect_err("a forged token");
    assert_eq!(e.code(), Code::Unauthenticated);
    assert_eq!(error_info(&e).0, "TOKEN_INVALID");
    // ABORTED: a stale count.
    let e = c
        .apply_action(apply(deal.table_token.clone(), sealed.clone(), 3))
        .await
        .expect_err("a stale count");
    assert_eq!(e.code(), Code::Aborted);
    assert_eq!(error_info(&e).0, "STALE_RECORD");
    // OUT_OF_RANGE: a request over the message limit (tonic refuses it before any handler).
    let e = c
        .apply_action(pb::ApplyActionRequest {
            action: Some(pb::Action {
                notation: "x".repeat(20_000),
                ..Default::default()
            }),
            ..Default::default()
        })
        .await
        .expect_err("too large");
    assert_eq!(e.code(), Code::OutOfRange);
    assert_eq!(error_info(&e).0, "MESSAGE_TOO_LARGE");
    // INVALID_ARGUMENT for bytes that are not a request: a BadRequest.
    let e = tarock_e2e::raw_call(
        server.channel().await,
        "/tarock.v1.EngineService/Score",
        vec![0xff, 0xff, 0xff],
    )
    .await
    .expect_err("not a protobuf message");
    assert_eq!(e.code(), Code::InvalidArgument);
    assert_eq!(bad_fields(&e), [""]);
    // UNIMPLEMENTED: a method the server does not have.
    let e = tarock_e2e::raw_call(
        server.channel().await,
        "/tarock.v1.EngineService/NoSuchMethod",
        Vec::new(),
    )
    .await
    .expect_err("no such method");
    assert_eq!(e.code(), Code::Unimplemented);
    assert_eq!(error_info(&e).0, "UNIMPLEMENTED");
    // A seat outside the table is a bad argument, not somebody else's turn.
    let record = new_deal(&mut c, "hungarian-illustrated", 3, 4).await;
    for seat in [4, 9, u32::MAX] {
        let e = c
            .apply_action(pb::ApplyActionRequest {
                state: Some(pb::apply_action_request::State::Record(record.clone())),
                action: pass(),
                seat: Some(seat),
                ..Default::default()
            })
            .await
            .expect_err("no such seat");
        assert_eq!(e.code(), Code::InvalidArgument);
        assert_eq!(bad_fields(&e), ["seat"]);
        let e = c
            .suggest_move(pb::SuggestMoveRequest {
                state: Some(pb::suggest_move_request::State::Record(record.clone())),
                seat: Some(seat),
                ..Default::default()
            })
            .await
            .expect_err("no such seat");
        assert_eq!(e.code(), Code::InvalidArgument);
        assert_eq!(bad_fields(&e), ["seat"]);
    }
    server.stop().await;
    // UNIMPLEMENTED (sealed records on a server without keys) and PERMISSION_DENIED (open
    // records on a server that refuses them).
    let open_only = TestServer::start(config()).await;
    let e = open_only
        .client()
        .await
        .new_deal(pb::NewDealRequest {
            variant: "hungarian-illustrated".to_owned(),
            sealed: true,
            ..Default::default()
        })
        .await
        .expect_err("no keys");
    assert_eq!(e.code(), Code::Unimplemented);
    assert_eq!(error_info(&e).0, "UNIMPLEMENTED");
    open_only.stop().await;
    let sealed_only = TestServer::start(Config {
        keys: Some(ring()),
        refuse_open_records: true,
        ..config()
    })
    .await;
    let e = sealed_only
        .client()
        .await
        .score(pb::ScoreRequest {
            state: Some(pb::score_request::State::Record(record)),
        })
        .await
        .expect_err("an open record");
    assert_eq!(e.code(), Code::PermissionDenied);
    assert_eq!(error_info(&e).0, "OPEN_RECORDS_REFUSED");
    sealed_only.stop().await;
}

#[tokio::test]
async fn errors_about_huge_fields_stay_small() {
    // A server that takes requests of 8 MiB, so that megabyte fields reach the handlers.
    let server = TestServer::start(Config {
        max_message_bytes: 8 * 1024 * 1024,
        ..config()
    })
    .await;
    let mut c = server.client().await;
    // Over a megabyte of text in each field.
    let huge = "é".repeat(600 * 1024);
    let record = new_deal(&mut c, "hungarian-illustrated", 1, 4).await;
    let mut errors = Vec::new();
    errors.push(
        c.apply_action(pb::ApplyActionRequest {
            state: Some(pb::apply_action_request::State::Record(record.clone())),
            action: Some(pb::Action {
                notation: huge.clone(),
                ..Default::default()
            }),
            ..Default::default()
        })
        .await
        .expect_err("a huge notation"),
    );
    errors.push(
        c.apply_action(pb::ApplyActionRequest {
            state: Some(pb::apply_action_request::State::Record(record.clone())),
            action: Some(pb::Action {
                kind: pb::ActionKind::Play as i32,
                card: Some(pb::Card {
                    notation: huge.clone(),
                    ..Default::default()
                }),
                ..Default::default()
            }),
            ..Default::default()
        })
        .await
        .expect_err("a huge card"),
    );
    errors.push(
        c.new_deal(pb::NewDealRequest {
            variant: huge.clone(),
            ..Default::default()
        })
        .await
        .expect_err("a huge variant"),
    );
    errors.push(
        c.new_deal(pb::NewDealRequest {
            variant: "hungarian-illustrated".to_owned(),
            seats: 4,
            options: (0..2)
                .map(|_| pb::RuleOption {
                    name: huge.clone(),
                    value: huge.clone(),
                })
                .chain([pb::RuleOption {
                    name: "hold_rule".to_owned(),
                    value: huge.clone(),
                }])
                .collect(),
            ..Default::default()
        })
        .await
        .expect_err("huge options"),
    );
    errors.push(
        c.suggest_move(pb::SuggestMoveRequest {
            state: Some(pb::suggest_move_request::State::Record(record)),
            bot: huge.clone(),
            ..Default::default()
        })
        .await
        .expect_err("a huge bot name"),
    );
    for e in &errors {
        assert_eq!(e.code(), Code::InvalidArgument, "{}", e.message());
        assert!(e.message().len() <= 1024, "{} bytes", e.message().len());
        assert!(e.details().len() <= 3 * 1024, "{} bytes", e.details().len());
        assert!(e.message().contains("éééé…"), "{}", e.message());
    }
    server.stop().await;
}

#[tokio::test]
async fn silent_connections_are_closed() {
    use tokio::io::AsyncReadExt;
    let server = TestServer::start(Config {
        idle_timeout: Duration::from_secs(1),
        ..config()
    })
    .await;
    // Nothing sent, not even the HTTP/2 preface.
    let mut silent = tokio::net::TcpStream::connect(server.addr)
        .await
        .expect("connect");
    let mut buf = [0u8; 64];
    let read = tokio::time::timeout(Duration::from_secs(10), silent.read(&mut buf))
        .await
        .expect("the server closes the connection within the idle timeout");
    assert!(matches!(read, Ok(0) | Err(_)), "{read:?}");
    // A client that sends requests keeps its connection.
    let mut c = server.client().await;
    for _ in 0..3 {
        tokio::time::sleep(Duration::from_millis(400)).await;
        c.list_variants(pb::ListVariantsRequest {})
            .await
            .expect("the connection is alive");
    }
    server.stop().await;
}

#[tokio::test]
async fn reflection_answers_in_v1alpha_too() {
    use tonic_reflection::pb::v1alpha::server_reflection_client::ServerReflectionClient;
    use tonic_reflection::pb::v1alpha::server_reflection_request::MessageRequest;
    use tonic_reflection::pb::v1alpha::server_reflection_response::MessageResponse;
    use tonic_reflection::pb::v1alpha::ServerReflectionRequest;
    let server = TestServer::start(config()).await;
    let mut refl = ServerReflectionClient::new(server.channel().await);
    let req = ServerReflectionRequest {
        host: String::new(),
        message_request: Some(MessageRequest::ListServices(String::new())),
    };
    let mut stream = refl
        .server_reflection_info(tokio_stream::iter(vec![req]))
        .await
        .expect("reflection v1alpha")
        .into_inner();
    let msg = stream.message().await.expect("a reply").expect("a message");
    let Some(MessageResponse::ListServicesResponse(list)) = msg.message_response else {
        panic!("unexpected reflection reply");
    };
    let names: Vec<String> = list.service.into_iter().map(|s| s.name).collect();
    assert!(
        names.contains(&"tarock.v1.EngineService".to_owned()),
        "{names:?}"
    );
    assert!(
        names.contains(&"grpc.health.v1.Health".to_owned()),
        "{names:?}"
    );
    server.stop().await;
}

/// The default request limit holds the longest legal records with room to spare: over seeded
/// deals of every variant and table size played by players who announce and kontra whenever
/// they may (the longest hands there are), each record written in full (explicit cards with
/// their names, every action's notation, every rule option spelled out, a match state) is at
/// most half the limit.
#[test]
fn the_message_limit_holds_the_longest_legal_records() {
    use prost::Message;
    use tarock_engine::game::Game;
    use tarock_engine::{Action, AnyGame, DealBuilder, DealSource, Seat, Setup, Variant};
    let limit = Config::default().max_message_bytes;
    let mut longest = (0, String::new());
    for v in Variant::ALL {
        for &seats in v.seat_counts() {
            for n in 0..200u64 {
                let mut setup = Setup::seeded(
                    v,
                    seats,
                    Seat::new((n % u64::from(seats)) as u8),
                    tarock_engine::shuffle::seed_from_u64(n),
                );
                setup.options = v
                    .option_specs()
                    .iter()
                    .map(|s| (s.name.to_owned(), s.default.to_owned()))
                    .collect();
                let dealt = AnyGame::new(&setup).expect("a deal");
                let d = *tarock_engine::game::Observe::deal(&dealt);
                let mut b = DealBuilder::new();
                for s in Seat::all(seats) {
                    let cards: Vec<_> = d.hands[s].into_iter().collect();
                    b = b.hand(s.get(), &cards);
                }
                setup.deal = DealSource::Explicit(b.talon(d.talon()));
                let mut g = AnyGame::new(&setup).expect("the same cards");
                let mut actions = Vec::new();
                let mut x = n.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                while g.to_act().is_some() {
                    let legal = g.legal_actions();
                    let talk: Vec<Action> = legal
                        .iter()
                        .copied()
                        .filter(|a| matches!(a, Action::Announce(_) | Action::Kontra(..)))
                        .collect();
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    let pick = (x >> 8) as usize;
                    let a = if talk.is_empty() || x % 10 == 0 {
                        legal[pick % legal.len()]
                    } else {
                        talk[pick % talk.len()]
                    };
                    g = g.play(a).expect("a legal action");
                    actions.push(a);
                }
                let m = pb::MatchState {
                    deals_played: u32::MAX,
                    totals: vec![i64::MIN; usize::from(seats)],
                    doubled_rounds: vec![u32::MAX; 8],
                    ..Default::default()
                };
                let r = tarock_service::convert::record_with_deal(&setup, &actions, &g, Some(m), 1)
                    .expect("a record");
                let len = r.encoded_len();
                if len > longest.0 {
                    longest = (
                        len,
                        format!("{v} at {seats} seats, deal {n}, {} actions", actions.len()),
                    );
                }
            }
        }
    }
    assert!(
        longest.0 * 2 <= limit,
        "the longest record, {} bytes ({}), is over half the limit of {limit}",
        longest.0,
        longest.1
    );
    // The records measured are long: the limit is not far above them for nothing.
    assert!(longest.0 > 8 * 1024, "{longest:?}");
}
