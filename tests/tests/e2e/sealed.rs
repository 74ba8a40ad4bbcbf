//! Sealed records and seat tokens: hosted validation with untrusted clients.

use std::sync::Arc;
use tarock_e2e::{seed, Chooser, TestServer};
use tarock_proto::v1 as pb;
use tarock_proto::v1::engine_service_client::EngineServiceClient;
use tarock_service::seal::{seed_commitment, KeyRing};
use tarock_service::Config;
use tonic::transport::Channel;
use tonic::Code;

type Client = EngineServiceClient<Channel>;

fn ring(keys: &[(&str, u8)], active: &str) -> Arc<KeyRing> {
    Arc::new(
        KeyRing::new(
            keys.iter()
                .map(|&(id, b)| (id.to_owned(), [b; 32]))
                .collect(),
            active,
        )
        .expect("valid key ring"),
    )
}

async fn server(keys: Arc<KeyRing>, refuse_open: bool) -> TestServer {
    TestServer::start(Config {
        keys: Some(keys),
        refuse_open_records: refuse_open,
        // The tests deal chosen seeds, so that their deals repeat.
        allow_chosen_sealed_deals: true,
        drain_delay: std::time::Duration::ZERO,
        shutdown_grace: std::time::Duration::from_secs(2),
        ..Config::default()
    })
    .await
}

async fn sealed_deal(c: &mut Client, n: u64) -> pb::NewDealResponse {
    sealed_deal_of(c, "hungarian-illustrated", n).await
}

/// A sealed deal of `variant` at its usual table (three Austrian and Danish seats, four
/// otherwise), dealt by the last seat.
async fn sealed_deal_of(c: &mut Client, variant: &str, n: u64) -> pb::NewDealResponse {
    let seats = if variant.starts_with("austrian") || variant.starts_with("danish") {
        3
    } else {
        4
    };
    c.new_deal(pb::NewDealRequest {
        variant: variant.to_owned(),
        seats,
        dealer: seats - 1,
        deal: Some(pb::new_deal_request::Deal::Seed(seed(n))),
        sealed: true,
        ..Default::default()
    })
    .await
    .expect("sealed deal")
    .into_inner()
}

fn sealed_state(s: &pb::SealedRecord) -> Option<pb::legal_moves_request::State> {
    Some(pb::legal_moves_request::State::Sealed(s.clone()))
}

fn key_id(data: &[u8]) -> String {
    let n = usize::from(data[4]);
    String::from_utf8_lossy(&data[5..5 + n]).into_owned()
}

/// Plays a sealed deal to the end, each seat acting with its own token.
async fn play_sealed(
    c: &mut Client,
    deal: &pb::NewDealResponse,
    chooser: &mut Chooser,
) -> pb::SealedRecord {
    let mut sealed = deal.sealed.clone().expect("sealed record");
    loop {
        // Who is to act is public.
        let public = c
            .legal_moves(pb::LegalMovesRequest {
                state: sealed_state(&sealed),
                token: Vec::new(),
                encodings: None,
            })
            .await
            .expect("public moves")
            .into_inner();
        assert!(
            public.moves.is_empty(),
            "without a token no moves are shown"
        );
        if public.game_over {
            return sealed;
        }
        let seat = public.to_act.expect("to act") as usize;
        let token = deal.seat_tokens[seat].clone();
        let mine = c
            .legal_moves(pb::LegalMovesRequest {
                state: sealed_state(&sealed),
                token: token.clone(),
                encodings: None,
            })
            .await
            .expect("own moves")
            .into_inner();
        assert!(!mine.moves.is_empty());
        let m = chooser.pick(&mine.moves, mine.phase);
        let request = pb::ApplyActionRequest {
            state: Some(pb::apply_action_request::State::Sealed(sealed.clone())),
            action: m.action,
            token,
            expected_move_count: Some(sealed.move_count),
            ..Default::default()
        };
        // Every third action is applied first without a view: the answer is the same but for
        // the view (sealing is deterministic), and the game goes on from either.
        let bare = if sealed.move_count % 3 == 0 {
            let bare = c
                .apply_action(pb::ApplyActionRequest {
                    omit_view: true,
                    ..request.clone()
                })
                .await
                .expect("apply without a view")
                .into_inner();
            assert!(bare.view.is_none(), "no view when it is omitted");
            Some(bare)
        } else {
            None
        };
        let resp = c.apply_action(request).await.expect("apply").into_inner();
        if let Some(bare) = bare {
            assert_eq!(
                (&bare.sealed, &bare.events, &bare.record),
                (&resp.sealed, &resp.events, &resp.record)
            );
        }
        assert!(
            resp.record.is_none(),
            "a sealed game never returns the open record"
        );
        let view = resp.view.expect("view");
        // The response's view is the acting seat's own: of another seat's hand it shows at most
        // the four kings a Polish player laid down before the auction.
        for s in &view.seat_views {
            if s.seat != seat as u32 {
                let kings = s.hand.iter().filter(|c| c.notation.ends_with('K')).count();
                assert!(
                    kings == s.hand.len()
                        && (s.hand.is_empty() || view.variant.starts_with("polish"))
                );
            }
        }
        let next = resp.sealed.expect("new sealed record");
        assert_eq!(next.move_count, sealed.move_count + 1);
        sealed = next;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_deal_through_sealed_records_and_seat_tokens() {
    let keys = ring(&[("k1", 1)], "k1");
    let srv = server(keys, false).await;
    let mut c = srv.client().await;
    let mut played = 0;
    for n in 0..24 {
        // Hungarian, Polish, Austrian and Danish deals in turn.
        let variant = [
            "hungarian-illustrated",
            "polish-krolami",
            "austrian-illustrated",
            "danish-tarok",
        ][n as usize % 4];
        let deal = sealed_deal_of(&mut c, variant, n).await;
        assert!(deal.record.is_none());
        let seats = if n % 4 >= 2 { 3 } else { 4 };
        assert_eq!(deal.seat_tokens.len(), seats);
        let sealed = play_sealed(&mut c, &deal, &mut Chooser::new(n)).await;
        let score = c
            .score(pb::ScoreRequest {
                state: Some(pb::score_request::State::Sealed(sealed)),
            })
            .await
            .expect("score")
            .into_inner();
        assert!(score.r#final);
        let ledger = score.ledger.expect("ledger");
        if ledger.scoring == pb::Scoring::Payments as i32 {
            // What the Danish pots take balances what the players pay.
            let potted: i64 = ledger.items.iter().flat_map(|i| &i.pots).sum();
            assert_eq!(ledger.totals.iter().sum::<i64>() + potted, 0);
        } else {
            assert_eq!(variant, "austrian-illustrated");
        }
        // The seed is revealed and matches the commitment made at the deal.
        assert_eq!(score.revealed_seed, seed(n));
        assert_eq!(seed_commitment(&score.revealed_seed), deal.seed_commitment);
        played += 1;
    }
    assert_eq!(played, 24);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tampering_with_any_byte_is_rejected() {
    let srv = server(ring(&[("k1", 1)], "k1"), false).await;
    let mut c = srv.client().await;
    let deal = sealed_deal(&mut c, 5).await;
    let sealed = deal.sealed.clone().expect("sealed");
    // Advance a few actions so the record holds some.
    let mut s = sealed;
    for _ in 0..3 {
        let lm = c
            .legal_moves(pb::LegalMovesRequest {
                state: sealed_state(&s),
                token: deal.table_token.clone(),
                encodings: None,
            })
            .await
            .expect("moves")
            .into_inner();
        s = c
            .apply_action(pb::ApplyActionRequest {
                state: Some(pb::apply_action_request::State::Sealed(s.clone())),
                expected_move_count: Some(s.move_count),
                action: lm.moves[0].action.clone(),
                token: deal.table_token.clone(),
                ..Default::default()
            })
            .await
            .expect("apply")
            .into_inner()
            .sealed
            .expect("sealed");
    }
    // Every single byte position of the record, flipped, is refused.
    for i in 0..s.data.len() {
        let mut bad = s.clone();
        bad.data[i] ^= 0x01;
        let e = c
            .legal_moves(pb::LegalMovesRequest {
                state: sealed_state(&bad),
                token: Vec::new(),
                encodings: None,
            })
            .await
            .expect_err("tampered record");
        assert_eq!(e.code(), Code::Unauthenticated, "byte {i}: {e:?}");
    }
    // Truncated and extended records too.
    for cut in [0, 4, 10, s.data.len() - 1] {
        let bad = pb::SealedRecord {
            data: s.data[..cut].to_vec(),
            move_count: 0,
        };
        let e = c
            .legal_moves(pb::LegalMovesRequest {
                state: sealed_state(&bad),
                token: Vec::new(),
                encodings: None,
            })
            .await
            .expect_err("cut");
        assert_eq!(e.code(), Code::Unauthenticated);
    }
    // Every byte of a token, flipped, is refused.
    let token = deal.seat_tokens[0].clone();
    for i in 0..token.len() {
        let mut bad = token.clone();
        bad[i] ^= 0x01;
        let e = c
            .legal_moves(pb::LegalMovesRequest {
                state: sealed_state(&s),
                token: bad,
                encodings: None,
            })
            .await
            .expect_err("tampered token");
        assert!(
            matches!(e.code(), Code::Unauthenticated | Code::PermissionDenied),
            "token byte {i}: {e:?}"
        );
    }
    // A token of another game does not open this one.
    let other = sealed_deal(&mut c, 6).await;
    let e = c
        .legal_moves(pb::LegalMovesRequest {
            state: sealed_state(&s),
            token: other.seat_tokens[0].clone(),
            encodings: None,
        })
        .await
        .expect_err("foreign token");
    assert_eq!(e.code(), Code::Unauthenticated);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_token_acts_and_sees_only_for_its_seat() {
    let srv = server(ring(&[("k1", 1)], "k1"), false).await;
    let mut c = srv.client().await;
    let deal = sealed_deal(&mut c, 9).await;
    let sealed = deal.sealed.clone().expect("sealed");
    let public = c
        .legal_moves(pb::LegalMovesRequest {
            state: sealed_state(&sealed),
            token: Vec::new(),
            encodings: None,
        })
        .await
        .expect("moves")
        .into_inner();
    let to_act = public.to_act.expect("to act") as usize;
    let other = (to_act + 1) % 4;
    // The other seat's token lists no moves and may not act.
    let lm = c
        .legal_moves(pb::LegalMovesRequest {
            state: sealed_state(&sealed),
            token: deal.seat_tokens[other].clone(),
            encodings: None,
        })
        .await
        .expect("moves")
        .into_inner();
    assert!(lm.moves.is_empty());
    let e = c
        .apply_action(pb::ApplyActionRequest {
            state: Some(pb::apply_action_request::State::Sealed(sealed.clone())),
            expected_move_count: Some(sealed.move_count),
            action: Some(pb::Action {
                kind: pb::ActionKind::Pass as i32,
                ..Default::default()
            }),
            token: deal.seat_tokens[other].clone(),
            ..Default::default()
        })
        .await
        .expect_err("wrong seat");
    assert_eq!(e.code(), Code::PermissionDenied);
    // Nor may a request without a token.
    let e = c
        .apply_action(pb::ApplyActionRequest {
            state: Some(pb::apply_action_request::State::Sealed(sealed.clone())),
            expected_move_count: Some(sealed.move_count),
            action: Some(pb::Action {
                kind: pb::ActionKind::Pass as i32,
                ..Default::default()
            }),
            ..Default::default()
        })
        .await
        .expect_err("no token");
    assert_eq!(e.code(), Code::PermissionDenied);
    // Seat 1's token cannot ask for seat 2's view, nor the referee's.
    for asked in [
        pb::Viewer {
            role: pb::ViewerRole::Seat as i32,
            seat: 2,
        },
        pb::Viewer {
            role: pb::ViewerRole::Referee as i32,
            seat: 0,
        },
    ] {
        let e = c
            .get_view(pb::GetViewRequest {
                state: Some(pb::get_view_request::State::Sealed(sealed.clone())),
                viewer: Some(asked),
                token: deal.seat_tokens[1].clone(),
                encodings: None,
            })
            .await
            .expect_err("another seat's view");
        assert_eq!(e.code(), Code::PermissionDenied);
    }
    // Its own view shows its hand and no other.
    let v = c
        .get_view(pb::GetViewRequest {
            state: Some(pb::get_view_request::State::Sealed(sealed.clone())),
            viewer: None,
            token: deal.seat_tokens[1].clone(),
            encodings: None,
        })
        .await
        .expect("own view")
        .into_inner()
        .view
        .expect("view");
    assert_eq!(v.seat_views[1].hand.len(), 9);
    assert!(v
        .seat_views
        .iter()
        .filter(|s| s.seat != 1)
        .all(|s| s.hand.is_empty()));
    // Without a token: the spectator view; the table token: the referee view.
    let spectator = c
        .get_view(pb::GetViewRequest {
            state: Some(pb::get_view_request::State::Sealed(sealed.clone())),
            viewer: None,
            token: Vec::new(),
            encodings: None,
        })
        .await
        .expect("spectator")
        .into_inner()
        .view
        .expect("view");
    assert!(spectator.seat_views.iter().all(|s| s.hand.is_empty()));
    // The table token sees the referee's view when it asks for it, and the spectator's
    // otherwise, like every request without a viewer.
    let view_with_table_token = |viewer: Option<pb::Viewer>| {
        let mut c = c.clone();
        let state = Some(pb::get_view_request::State::Sealed(sealed.clone()));
        let token = deal.table_token.clone();
        async move {
            c.get_view(pb::GetViewRequest {
                state,
                viewer,
                token,
                encodings: None,
            })
            .await
            .expect("a view")
            .into_inner()
            .view
            .expect("view")
        }
    };
    let referee = view_with_table_token(Some(tarock_e2e::referee())).await;
    assert!(referee.seat_views.iter().all(|s| s.hand.len() == 9));
    let unasked = view_with_table_token(None).await;
    assert_eq!(unasked, spectator);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn keys_rotate_and_unknown_keys_are_refused() {
    // A record sealed under k1 ...
    let old = server(ring(&[("k1", 1)], "k1"), false).await;
    let mut c = old.client().await;
    let deal = sealed_deal(&mut c, 11).await;
    let sealed = deal.sealed.clone().expect("sealed");
    assert_eq!(key_id(&sealed.data), "k1");
    old.stop().await;

    // ... opens on a server where k1 is retired but accepted, and comes back sealed with k2.
    let new = server(ring(&[("k1", 1), ("k2", 2)], "k2"), false).await;
    let mut c = new.client().await;
    let lm = c
        .legal_moves(pb::LegalMovesRequest {
            state: sealed_state(&sealed),
            token: deal.table_token.clone(),
            encodings: None,
        })
        .await
        .expect("opens")
        .into_inner();
    let resp = c
        .apply_action(pb::ApplyActionRequest {
            state: Some(pb::apply_action_request::State::Sealed(sealed.clone())),
            expected_move_count: Some(sealed.move_count),
            action: lm.moves[0].action.clone(),
            token: deal.table_token.clone(),
            ..Default::default()
        })
        .await
        .expect("apply with a retired key's record and token")
        .into_inner();
    let resealed = resp.sealed.expect("sealed");
    assert_eq!(key_id(&resealed.data), "k2");
    new.stop().await;

    // A server without k1 refuses the record.
    let other = server(ring(&[("k3", 3)], "k3"), false).await;
    let mut c = other.client().await;
    let e = c
        .legal_moves(pb::LegalMovesRequest {
            state: sealed_state(&sealed),
            token: Vec::new(),
            encodings: None,
        })
        .await
        .expect_err("unknown key");
    assert_eq!(e.code(), Code::Unauthenticated);
    assert!(e.message().contains("k1"));
    other.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stale_records_abort_and_open_records_can_be_refused() {
    let srv = server(ring(&[("k1", 1)], "k1"), true).await;
    let mut c = srv.client().await;
    let deal = sealed_deal(&mut c, 13).await;
    let s0 = deal.sealed.clone().expect("sealed");
    let lm = c
        .legal_moves(pb::LegalMovesRequest {
            state: sealed_state(&s0),
            token: deal.table_token.clone(),
            encodings: None,
        })
        .await
        .expect("moves")
        .into_inner();
    let s1 = c
        .apply_action(pb::ApplyActionRequest {
            state: Some(pb::apply_action_request::State::Sealed(s0.clone())),
            action: lm.moves[0].action.clone(),
            token: deal.table_token.clone(),
            expected_move_count: Some(0),
            ..Default::default()
        })
        .await
        .expect("first action")
        .into_inner()
        .sealed
        .expect("sealed");
    assert_eq!(s1.move_count, 1);
    // A client still holding the old record races: with the counter it is ABORTED.
    let e = c
        .apply_action(pb::ApplyActionRequest {
            state: Some(pb::apply_action_request::State::Sealed(s0)),
            action: lm.moves[0].action.clone(),
            token: deal.table_token.clone(),
            expected_move_count: Some(1),
            ..Default::default()
        })
        .await
        .expect_err("stale");
    assert_eq!(e.code(), Code::Aborted);
    // With open records refused, an open record and an open deal are rejected.
    let e = c
        .new_deal(pb::NewDealRequest {
            variant: "hungarian-illustrated".to_owned(),
            seats: 4,
            ..Default::default()
        })
        .await
        .expect_err("open deal");
    assert_eq!(e.code(), Code::PermissionDenied);
    let open = pb::GameRecord {
        variant: "hungarian-illustrated".to_owned(),
        seats: 4,
        dealer: 3,
        deal: Some(pb::game_record::Deal::Seed(seed(1))),
        ..Default::default()
    };
    let e = c
        .legal_moves(pb::LegalMovesRequest {
            state: Some(pb::legal_moves_request::State::Record(open)),
            token: Vec::new(),
            encodings: None,
        })
        .await
        .expect_err("open record");
    assert_eq!(e.code(), Code::PermissionDenied);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seed_commitments_check_out_for_a_thousand_deals() {
    let srv = server(ring(&[("k1", 1)], "k1"), false).await;
    let mut c = srv.client().await;
    for n in 0..1_000u64 {
        let deal = sealed_deal(&mut c, 10_000 + n).await;
        // Pass the hand out (four passes) so it is over and the seed is revealed.
        let mut s = deal.sealed.clone().expect("sealed");
        for _ in 0..4 {
            s = c
                .apply_action(pb::ApplyActionRequest {
                    state: Some(pb::apply_action_request::State::Sealed(s.clone())),
                    expected_move_count: Some(s.move_count),
                    action: Some(pb::Action {
                        kind: pb::ActionKind::Pass as i32,
                        ..Default::default()
                    }),
                    token: deal.table_token.clone(),
                    ..Default::default()
                })
                .await
                .expect("pass")
                .into_inner()
                .sealed
                .expect("sealed");
        }
        let score = c
            .score(pb::ScoreRequest {
                state: Some(pb::score_request::State::Sealed(s)),
            })
            .await
            .expect("score")
            .into_inner();
        assert!(score.r#final);
        assert_eq!(score.revealed_seed, seed(10_000 + n));
        assert_eq!(
            seed_commitment(&score.revealed_seed),
            deal.seed_commitment,
            "deal {n}"
        );
    }
    srv.stop().await;
}
