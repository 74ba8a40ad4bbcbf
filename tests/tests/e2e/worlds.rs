//! SampleWorlds: worlds consistent with what one seat knows, as complete records that replay
//! legally and show the seat exactly what the real hand shows it; repeatable from the seed;
//! bounded; and in sealed mode only for the seat's token or the table token.

use std::time::Duration;
use tarock_e2e::{apply_id, new_deal, sealed_deal, Chooser, TestServer};
use tarock_proto::v1 as pb;
use tarock_proto::v1::engine_service_client::EngineServiceClient;
use tarock_service::{Config, Limits};
use tonic::transport::Channel;
use tonic::Code;
use tonic_types::StatusExt;

type Client = EngineServiceClient<Channel>;

/// The record of `variant` dealt from `n`, played `steps` random actions in (or to its end).
async fn in_progress(
    c: &mut Client,
    variant: &str,
    seats: u32,
    n: u64,
    steps: usize,
) -> pb::GameRecord {
    let mut record = new_deal(c, variant, n, seats).await;
    let mut chooser = Chooser::new(n);
    for _ in 0..steps {
        let lm = tarock_e2e::legal_moves(c, &record).await;
        if lm.game_over {
            break;
        }
        let m = chooser.pick(&lm.moves, lm.phase);
        record = apply_id(c, record, m.id).await;
    }
    record
}

async fn view_of(c: &mut Client, record: &pb::GameRecord, seat: u32) -> pb::GameView {
    c.get_view(pb::GetViewRequest {
        state: Some(pb::get_view_request::State::Record(record.clone())),
        viewer: Some(pb::Viewer {
            role: pb::ViewerRole::Seat as i32,
            seat,
        }),
        ..Default::default()
    })
    .await
    .expect("a view")
    .into_inner()
    .view
    .expect("a view")
}

fn request(record: &pb::GameRecord, seat: u32, count: u32, seed: u64) -> pb::SampleWorldsRequest {
    pb::SampleWorldsRequest {
        state: Some(pb::sample_worlds_request::State::Record(record.clone())),
        seat,
        count,
        seed,
        token: Vec::new(),
    }
}

// Worlds of hands of every variant, part played: each a valid record of the same rules and
// seating, dealt explicitly, whose view for the seat is the real one; the same seed gives the
// same worlds.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn worlds_replay_and_show_the_seat_what_it_saw() {
    let server = TestServer::start_default().await;
    let mut c = server.client().await;
    for v in tarock_engine::Variant::ALL {
        for (n, steps) in [(1u64, 12usize), (2, 40)] {
            let seats = u32::from(v.seat_counts()[0]);
            let record = in_progress(&mut c, v.id(), seats, n, steps).await;
            let seat = (n as u32) % seats;
            let real = view_of(&mut c, &record, seat).await;
            let worlds = c
                .sample_worlds(request(&record, seat, 8, 5))
                .await
                .unwrap_or_else(|e| panic!("{v}: {e:?}"))
                .into_inner()
                .worlds;
            assert_eq!(worlds.len(), 8);
            for w in &worlds {
                assert_eq!(
                    (&w.variant, w.seats, w.dealer),
                    (&record.variant, record.seats, record.dealer)
                );
                assert_eq!(w.options, record.options);
                assert!(matches!(
                    w.deal,
                    Some(pb::game_record::Deal::ExplicitDeal(_))
                ));
                assert_eq!(w.actions.len(), record.actions.len());
                let verdict = c
                    .validate_game(pb::ValidateGameRequest {
                        state: Some(pb::validate_game_request::State::Record(w.clone())),
                    })
                    .await
                    .expect("validate")
                    .into_inner();
                assert!(verdict.valid, "{v}: {:?}", verdict.first_illegal);
                assert_eq!(view_of(&mut c, w, seat).await, real, "{v}: the seat's view");
            }
            let again = c
                .sample_worlds(request(&record, seat, 8, 5))
                .await
                .expect("worlds")
                .into_inner()
                .worlds;
            assert_eq!(again, worlds, "{v}: the same seed, the same worlds");
        }
    }
}

// The count is 1 to the server's limit; the seat is one of the table's.
#[tokio::test]
async fn sample_worlds_refuses_what_it_cannot_answer() {
    let server = TestServer::start(Config {
        limits: Limits {
            max_worlds: 50,
            ..Limits::default()
        },
        drain_delay: Duration::ZERO,
        ..Config::default()
    })
    .await;
    let mut c = server.client().await;
    let record = in_progress(&mut c, "hungarian-illustrated", 4, 3, 10).await;
    for (seat, count, field) in [(0, 0, "count"), (0, 51, "count"), (4, 1, "seat")] {
        let e = c
            .sample_worlds(request(&record, seat, count, 1))
            .await
            .expect_err("refused");
        assert_eq!(e.code(), Code::InvalidArgument, "{e:?}");
        let d = e.get_error_details();
        assert_eq!(
            d.bad_request().expect("BadRequest").field_violations[0].field,
            field
        );
    }
    let worlds = c
        .sample_worlds(request(&record, 1, 50, 1))
        .await
        .expect("50 worlds")
        .into_inner()
        .worlds;
    assert_eq!(worlds.len(), 50);
}

// Sealed: the seat's own token or the table token; another seat's, or none, is refused.
#[tokio::test]
async fn sealed_worlds_need_the_seats_token() {
    let server = TestServer::start_sealed(4).await;
    let mut c = server.client().await;
    let deal = sealed_deal(&mut c, "danish-tarok", 3, 2, 4).await;
    let sealed = deal.sealed.clone().expect("sealed");
    let ask = |token: Vec<u8>| pb::SampleWorldsRequest {
        state: Some(pb::sample_worlds_request::State::Sealed(sealed.clone())),
        seat: 1,
        count: 3,
        seed: 9,
        token,
    };
    for token in [deal.seat_tokens[1].clone(), deal.table_token.clone()] {
        let worlds = c
            .sample_worlds(ask(token))
            .await
            .expect("worlds")
            .into_inner();
        assert_eq!(worlds.worlds.len(), 3);
    }
    for token in [deal.seat_tokens[0].clone(), Vec::new()] {
        let e = c.sample_worlds(ask(token)).await.expect_err("refused");
        assert_eq!(e.code(), Code::PermissionDenied);
    }
}
