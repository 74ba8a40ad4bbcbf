//! Malformed input of every kind gets INVALID_ARGUMENT or FAILED_PRECONDITION (or UNIMPLEMENTED
//! for a sealed record on a server without keys), never a panic, a hang or a lost answer.
//!
//! Over 100,000 inputs go through the service's handlers in process; random bytes also go over
//! the wire (gRPC-Web on HTTP/1.1, so arbitrary bytes reach the server's decoder).

use prost::Message;
use tarock_e2e::Local;
use tarock_e2e::{grpc_frame, grpc_web_post, seed, Chooser, TestServer};
use tarock_proto::v1 as pb;
use tarock_service::Engine;
use tonic::{Code, Request};

fn acceptable(code: Code) -> bool {
    matches!(
        code,
        Code::InvalidArgument | Code::FailedPrecondition | Code::Unimplemented
    )
}

/// Runs every record-taking RPC on `record`; each must answer, and any error must be one of the
/// client-error codes.
async fn probe(engine: &Local, record: &pb::GameRecord) -> usize {
    let mut failures = 0;
    let check = |r: Result<(), tonic::Status>, failures: &mut usize| {
        if let Err(s) = r {
            assert!(acceptable(s.code()), "code {:?}: {}", s.code(), s.message());
            *failures += 1;
        }
    };
    check(
        engine
            .legal_moves(Request::new(pb::LegalMovesRequest {
                state: Some(pb::legal_moves_request::State::Record(record.clone())),
                token: Vec::new(),
                encodings: None,
            }))
            .await
            .map(|_| ()),
        &mut failures,
    );
    check(
        engine
            .apply_action(Request::new(pb::ApplyActionRequest {
                state: Some(pb::apply_action_request::State::Record(record.clone())),
                action: Some(pb::Action {
                    kind: pb::ActionKind::Pass as i32,
                    ..Default::default()
                }),
                viewer: Some(pb::Viewer {
                    role: pb::ViewerRole::Seat as i32,
                    seat: 1,
                }),
                ..Default::default()
            }))
            .await
            .map(|_| ()),
        &mut failures,
    );
    check(
        engine
            .validate_game(Request::new(pb::ValidateGameRequest {
                state: Some(pb::validate_game_request::State::Record(record.clone())),
            }))
            .await
            .map(|_| ()),
        &mut failures,
    );
    failures
}

/// A valid record of a complete deal, for mutation.
async fn complete_record(engine: &Local, n: u64) -> pb::GameRecord {
    let mut record = engine
        .new_deal(Request::new(pb::NewDealRequest {
            variant: "hungarian-illustrated".to_owned(),
            seats: 4,
            dealer: 3,
            deal: Some(pb::new_deal_request::Deal::Seed(seed(n))),
            ..Default::default()
        }))
        .await
        .expect("deal")
        .into_inner()
        .record
        .expect("record");
    let mut chooser = Chooser::new(n);
    loop {
        let lm = engine
            .legal_moves(Request::new(pb::LegalMovesRequest {
                state: Some(pb::legal_moves_request::State::Record(record.clone())),
                token: Vec::new(),
                encodings: None,
            }))
            .await
            .expect("moves")
            .into_inner();
        if lm.game_over {
            return record;
        }
        let m = chooser.pick(&lm.moves, lm.phase);
        record = engine
            .apply_action(Request::new(pb::ApplyActionRequest {
                state: Some(pb::apply_action_request::State::Record(record.clone())),
                action: m.action,
                ..Default::default()
            }))
            .await
            .expect("apply")
            .into_inner()
            .record
            .expect("record");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hundred_thousand_malformed_inputs() {
    let engine = Local(Engine::new());
    let mut rng = Chooser::new(2026);
    let mut inputs = 0usize;
    let mut rejected = 0usize;

    // 1. Random bytes as a record: whatever decodes is probed.
    for _ in 0..40_000 {
        let len = rng.below(200);
        let bytes: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
        inputs += 1;
        match pb::GameRecord::decode(bytes.as_slice()) {
            Ok(r) => rejected += usize::from(probe(&engine, &r).await > 0),
            Err(_) => rejected += 1, // the server's codec answers these INVALID_ARGUMENT (below)
        }
    }

    // 2. Truncated and bit-flipped encodings of real records.
    for n in 0..6u64 {
        let good = complete_record(&engine, n).await;
        let bytes = good.encode_to_vec();
        for cut in 0..bytes.len().min(3_000) {
            inputs += 1;
            if let Ok(r) = pb::GameRecord::decode(&bytes[..cut]) {
                probe(&engine, &r).await;
            }
        }
        for _ in 0..3_000 {
            let mut b = bytes.clone();
            let i = rng.below(b.len());
            b[i] ^= 1 << rng.below(8);
            inputs += 1;
            if let Ok(r) = pb::GameRecord::decode(b.as_slice()) {
                probe(&engine, &r).await;
            }
        }
    }

    // 3. Structurally valid records with actions out of range, bad seeds, seats, options.
    let base = complete_record(&engine, 99).await;
    for _ in 0..20_000 {
        let mut r = base.clone();
        match rng.below(8) {
            0 => {
                let i = rng.below(r.actions.len());
                r.actions[i].kind = rng.below(40) as i32 - 5;
            }
            1 => {
                let i = rng.below(r.actions.len());
                r.actions[i].card = Some(pb::Card {
                    index: rng.below(300) as u32,
                    ..Default::default()
                });
            }
            2 => {
                let i = rng.below(r.actions.len());
                r.actions[i].level = rng.below(10) as u32;
                r.actions[i].bonus = rng.below(40) as i32 - 3;
                r.actions[i].suit = rng.below(8) as i32 - 2;
            }
            3 => r.seats = rng.below(12) as u32,
            4 => r.dealer = rng.below(12) as u32,
            5 => {
                r.deal = Some(pb::game_record::Deal::Seed(
                    (0..rng.below(40)).map(|_| 7).collect(),
                ))
            }
            6 => {
                r.options.push(pb::RuleOption {
                    name: ["hold_rule", "pack", "max_kontra_level", "nope"][rng.below(4)]
                        .to_owned(),
                    value: ["old", "54", "9", "x", ""][rng.below(5)].to_owned(),
                });
            }
            _ => {
                let i = rng.below(r.actions.len());
                let j = rng.below(r.actions.len());
                r.actions.swap(i, j);
            }
        }
        inputs += 1;
        rejected += usize::from(probe(&engine, &r).await > 0);
    }

    // 4. Records longer than any legal game, and explicit deals with every kind of problem.
    for extra in [1usize, 10, 5_000] {
        let mut r = base.clone();
        for _ in 0..extra {
            r.actions.push(r.actions[0].clone());
        }
        inputs += 1;
        assert!(
            probe(&engine, &r).await > 0,
            "a record continuing past the end is refused"
        );
    }
    for _ in 0..20_000 {
        let hands: Vec<pb::Hand> = (0..rng.below(7))
            .map(|_| pb::Hand {
                cards: (0..rng.below(12))
                    .map(|_| pb::Card {
                        index: rng.below(80) as u32,
                        ..Default::default()
                    })
                    .collect(),
            })
            .collect();
        let r = pb::GameRecord {
            deal: Some(pb::game_record::Deal::ExplicitDeal(pb::ExplicitDeal {
                hands,
                talon: vec![],
            })),
            actions: vec![],
            ..base.clone()
        };
        inputs += 1;
        rejected += usize::from(probe(&engine, &r).await > 0);
    }
    assert!(inputs >= 100_000, "{inputs} inputs");
    assert!(
        rejected > 50_000,
        "most malformed inputs are rejected ({rejected})"
    );

    // 5. Random bytes over the wire reach the server's decoder: INVALID_ARGUMENT, in the
    //    grpc-status trailer of a gRPC-Web response.
    let server = TestServer::start_default().await;
    for k in 0..300 {
        let len = 1 + rng.below(64);
        let mut msg: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
        msg[0] = 0xff; // field 31, wire type 7: never a valid protobuf
        let resp = grpc_web_post(
            server.addr,
            "/tarock.v1.EngineService/LegalMoves",
            "application/grpc-web+proto",
            &grpc_frame(&msg),
        )
        .await;
        let text = String::from_utf8_lossy(&resp);
        assert!(
            text.contains("grpc-status: 3") || text.contains("grpc-status:3"),
            "input {k}: {text}"
        );
    }
    server.stop().await;
}
