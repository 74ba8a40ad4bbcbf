//! A match through the service: NextDeal carries the dealer, the doubled rounds and the running
//! totals in the record, and Score reports them.

use tarock_e2e::{open_state, seed, Chooser, TestServer};
use tarock_engine::hungarian::MatchContext;
use tarock_engine::{HungarianOptions, Seat};
use tarock_proto::v1 as pb;
use tonic::Code;

// rule: HU-MATCH-01, HU-MATCH-02, HU-MATCH-03, HU-MATCH-04, HU-MATCH-07
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_through_next_deal() {
    let server = TestServer::start_default().await;
    let mut c = server.client().await;
    let mut record = c
        .new_deal(pb::NewDealRequest {
            variant: "hungarian-illustrated".to_owned(),
            seats: 4,
            dealer: 0,
            deal: Some(pb::new_deal_request::Deal::Seed(seed(0))),
            ..Default::default()
        })
        .await
        .expect("deal")
        .into_inner()
        .record
        .expect("record");
    // The engine's own match, fed the same hands, is the reference.
    let mut reference = MatchContext::new(4, Seat::new(0), &HungarianOptions::default());
    let mut chooser = Chooser::passing(7);
    let mut doubled = 0;
    let mut overlap = false;
    let mut ended = false;
    for k in 1..=120u64 {
        assert_eq!(
            record.dealer,
            u32::from(reference.dealer().get()),
            "hand {k}: dealer"
        );
        record = tarock_e2e::play_to_end(&mut c, record, &mut chooser).await;
        let score = tarock_e2e::score(&mut c, &record).await;
        assert_eq!(
            i64::from(score.multiplier),
            reference.multiplier(),
            "hand {k}: multiplier"
        );
        doubled += usize::from(score.multiplier > 1);
        overlap |= score.multiplier >= 4;
        let game = tarock_e2e::engine_game(&record);
        let ledger = reference
            .record_hand(game.as_hungarian().expect("hungarian"))
            .expect("over");
        assert_eq!(
            score.ledger.expect("ledger").totals,
            ledger.totals.first(4).to_vec()
        );
        assert_eq!(
            score.match_totals,
            reference.totals().first(4).to_vec(),
            "hand {k}: running totals"
        );
        assert_eq!(score.match_totals.iter().sum::<i64>(), 0);
        // After 100 hands, seat 2 says "a skíz oszt, nem oszt".
        let end_by = (k == 100).then_some(2);
        if end_by.is_some() {
            reference.end_session();
        }
        let next = c
            .next_deal(pb::NextDealRequest {
                state: Some(pb::next_deal_request::State::Record(record.clone())),
                seed: Some(seed(k)),
                end_session_by: end_by,
                ..Default::default()
            })
            .await
            .expect("next deal")
            .into_inner();
        assert_eq!(next.totals, reference.totals().first(4).to_vec());
        if next.match_over {
            assert!(reference.is_over() && k > 100);
            let e = c
                .next_deal(pb::NextDealRequest {
                    state: Some(pb::next_deal_request::State::Record(record.clone())),
                    ..Default::default()
                })
                .await;
            // The finished record still describes the match before its last hand: asking again
            // deals again from that state, consistently.
            assert!(e.is_ok());
            ended = true;
            break;
        }
        record = next.record.expect("the next hand");
        assert!(record.actions.is_empty());
    }
    assert!(
        ended,
        "the session ends after the skíz holder has dealt a round"
    );
    assert!(
        doubled > 5,
        "passed-out hands start doubled rounds ({doubled})"
    );
    assert!(overlap, "some doubled rounds overlap");

    // NextDeal on a hand in progress is refused, and a match already over deals no more.
    let fresh = c
        .new_deal(pb::NewDealRequest {
            variant: "hungarian-illustrated".to_owned(),
            seats: 4,
            deal: Some(pb::new_deal_request::Deal::Seed(seed(1))),
            ..Default::default()
        })
        .await
        .expect("deal")
        .into_inner()
        .record
        .expect("record");
    let e = c
        .next_deal(pb::NextDealRequest {
            state: Some(pb::next_deal_request::State::Record(fresh.clone())),
            ..Default::default()
        })
        .await
        .expect_err("unfinished");
    assert_eq!(e.code(), Code::FailedPrecondition);
    let mut over = fresh;
    over.match_state = Some(pb::MatchState {
        totals: vec![0; 4],
        session: pb::SessionState::Over as i32,
        ..Default::default()
    });
    for _ in 0..4 {
        over.actions.push(pb::Action {
            kind: pb::ActionKind::Pass as i32,
            ..Default::default()
        });
    }
    let e = c
        .next_deal(pb::NextDealRequest {
            state: Some(pb::next_deal_request::State::Record(over)),
            ..Default::default()
        })
        .await
        .expect_err("over");
    assert_eq!(e.code(), Code::FailedPrecondition);
    assert!(e.message().contains("MATCH_OVER"));

    // A match state that cannot be is malformed input.
    let mut bad = record.clone();
    bad.match_state = Some(pb::MatchState {
        totals: vec![1, 2],
        ..Default::default()
    });
    let e = c
        .legal_moves(pb::LegalMovesRequest {
            state: open_state(&bad),
            token: Vec::new(),
            encodings: None,
        })
        .await
        .expect_err("bad match");
    assert_eq!(e.code(), Code::InvalidArgument);
    server.stop().await;
}

// rule: PL-MATCH-01, PL-MATCH-02, PL-MATCH-03
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_polish_match_passes_the_deal_after_every_hand() {
    let server = TestServer::start_default().await;
    let mut c = server.client().await;
    // Dealt by seat 2 (the helper's dealer is the seed modulo the seats).
    let mut record = tarock_e2e::new_deal(&mut c, "polish-krolami", 42, 4).await;
    let mut reference = MatchContext::polish(Seat::new(2)).expect("a table of four");
    let mut chooser = Chooser::passing(11);
    let mut thrown_in = 0;
    for k in 1..=40u64 {
        assert_eq!(
            record.dealer,
            u32::from(reference.dealer().get()),
            "hand {k}"
        );
        record = tarock_e2e::play_to_end(&mut c, record, &mut chooser).await;
        let score = tarock_e2e::score(&mut c, &record).await;
        // No doubled rounds: every hand counts once.
        assert_eq!(score.multiplier, 1);
        thrown_in += usize::from(score.ledger.as_ref().is_some_and(|l| l.items.is_empty()));
        let game = tarock_e2e::engine_game(&record);
        reference.record_game(&game).expect("over");
        assert_eq!(score.match_totals.iter().sum::<i64>(), 0);
        let end_by = (k == 40).then_some(1);
        let next = c
            .next_deal(pb::NextDealRequest {
                state: Some(pb::next_deal_request::State::Record(record.clone())),
                seed: Some(seed(100 + k)),
                end_session_by: end_by,
                ..Default::default()
            })
            .await
            .expect("next deal")
            .into_inner();
        assert_eq!(next.totals, reference.totals().first(4).to_vec());
        if k == 40 {
            // The players stop when they like: the session ends at once.
            assert!(next.match_over);
            break;
        }
        assert!(!next.match_over);
        record = next.record.expect("the next hand");
        assert_eq!(record.variant, "polish-krolami");
    }
    // Hands thrown in (passed out, no tarokks, a bid of one) came up and passed the deal on too.
    assert!(thrown_in > 3, "{thrown_in}");
    server.stop().await;
}

// rule: AT-MATCH-01, AT-MATCH-02, AT-BID-06, AT-BID-09, AT-BID-10
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn austrian_series_run_to_one_hundred_through_next_deal() {
    use tarock_engine::game::Observe;
    let server = TestServer::start_default().await;
    let mut c = server.client().await;
    let mut chooser = Chooser::passing(23);
    let (mut series, mut keeps) = (0, 0);
    for s in 0..12u64 {
        // Graz's rules after three passes: the dealer may keep talon cards for the next hand.
        let mut record = c
            .new_deal(pb::NewDealRequest {
                variant: "austrian-illustrated".to_owned(),
                options: vec![pb::RuleOption {
                    name: "all_pass_action".to_owned(),
                    value: "graz_keep".to_owned(),
                }],
                seats: 3,
                dealer: (s % 3) as u32,
                deal: Some(pb::new_deal_request::Deal::Seed(seed(500 + s))),
                ..Default::default()
            })
            .await
            .expect("deal")
            .into_inner()
            .record
            .expect("record");
        let mut reference = MatchContext::austrian(Seat::new((s % 3) as u8)).expect("three");
        for k in 1..=200u64 {
            assert_eq!(
                record.dealer,
                u32::from(reference.dealer().get()),
                "hand {k}"
            );
            record = tarock_e2e::play_to_end(&mut c, record, &mut chooser).await;
            let game = tarock_e2e::engine_game(&record);
            let kept = game.as_austrian().expect("Austrian").kept();
            reference.record_game(&game).expect("over");
            let next = c
                .next_deal(pb::NextDealRequest {
                    state: Some(pb::next_deal_request::State::Record(record.clone())),
                    seed: Some(seed(900 + 7 * s + k)),
                    ..Default::default()
                })
                .await
                .expect("next deal")
                .into_inner();
            assert_eq!(next.totals, reference.totals().first(3).to_vec());
            assert_eq!(next.match_over, reference.is_over());
            if next.match_over {
                // Somebody reached 100 and scored 10 more.
                assert!(next.totals.iter().any(|&t| t >= 110), "{:?}", next.totals);
                series += 1;
                break;
            }
            assert!(next.totals.iter().all(|&t| t < 100), "{:?}", next.totals);
            record = next.record.expect("the next hand");
            if let Some((keeper, cards)) = kept {
                // The kept cards are in the keeper's hand, who must declare.
                keeps += 1;
                let d = tarock_service::convert::record_from_pb(&record).expect("record");
                let g = tarock_engine::AnyGame::new(&d.setup).expect("deal");
                assert!(g.hand(keeper).is_superset(cards));
                assert_eq!(d.setup.carried.obliged_bidder, Some(keeper));
                let state = record.match_state.as_ref().expect("a match state");
                assert_eq!(state.obliged_bidder, Some(u32::from(keeper.get())));
                assert!(record.options.iter().all(|o| o.name != "obliged_bidder"));
            }
        }
    }
    assert_eq!(series, 12, "every series reached 100");
    assert!(keeps > 0, "no talon cards were kept");
    server.stop().await;
}

// rule: DK-MATCH-02, DK-MATCH-04, DK-MATCH-08
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_danish_session_carries_its_pots_through_next_deal() {
    let server = TestServer::start_default().await;
    let mut c = server.client().await;
    for seats in [3u32, 4] {
        let mut record = c
            .new_deal(pb::NewDealRequest {
                variant: "danish-tarok".to_owned(),
                seats,
                dealer: 0,
                deal: Some(pb::new_deal_request::Deal::Seed(seed(
                    70 + u64::from(seats),
                ))),
                ..Default::default()
            })
            .await
            .expect("deal")
            .into_inner()
            .record
            .expect("record");
        let mut reference = MatchContext::danish(seats as u8, Seat::new(0)).expect("a table");
        let mut chooser = Chooser::new(u64::from(seats));
        for k in 1..=12u64 {
            assert_eq!(
                record.dealer,
                u32::from(reference.dealer().get()),
                "hand {k}"
            );
            record = tarock_e2e::play_to_end(&mut c, record, &mut chooser).await;
            let score = tarock_e2e::score(&mut c, &record).await;
            let pots = score.ledger.as_ref().expect("a ledger").pots.clone();
            assert_eq!(pots.len(), 2);
            let game = tarock_e2e::engine_game(&record);
            reference.record_game(&game).expect("over");
            let last = k == 12;
            if last {
                reference.end_session();
            }
            let next = c
                .next_deal(pb::NextDealRequest {
                    state: Some(pb::next_deal_request::State::Record(record.clone())),
                    seed: Some(seed(200 + k)),
                    end_session_by: last.then_some(0),
                    ..Default::default()
                })
                .await
                .expect("next deal")
                .into_inner();
            assert_eq!(next.totals, reference.totals().first(seats as u8).to_vec());
            if last {
                // The pots were shared out: what the players hold is all there is.
                assert!(next.match_over);
                assert_eq!(reference.pots(), [0, 0]);
                break;
            }
            record = next.record.expect("the next hand");
            // The next hand starts with the pots this one left, in its match state.
            let state = record.match_state.as_ref().expect("a match state");
            let carried = if pots == [0, 0] {
                Vec::new()
            } else {
                pots.to_vec()
            };
            assert_eq!(state.pots, carried);
            assert!(record.options.iter().all(|o| !o.name.ends_with("_pot")));
        }
    }
    server.stop().await;
}

// What a match carries into a hand travels in the record's match state: a rule option of the
// old name is refused with where it went, and carried values that do not fit the game are
// refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn carried_state_is_the_match_states_and_is_checked() {
    let server = TestServer::start_default().await;
    let mut c = server.client().await;
    let danish = tarock_e2e::new_deal(&mut c, "danish-tarok", 5, 3).await;
    let hungarian = tarock_e2e::new_deal(&mut c, "hungarian-illustrated", 5, 4).await;
    let state = |pots: Vec<i64>, obliged: Option<u32>| pb::MatchState {
        deals_played: 1,
        totals: vec![0; 3],
        pots,
        obliged_bidder: obliged,
        ..Default::default()
    };
    let refused = |r: &pb::GameRecord| {
        let mut c = c.clone();
        let r = r.clone();
        async move {
            let e = c
                .legal_moves(pb::LegalMovesRequest {
                    state: open_state(&r),
                    ..Default::default()
                })
                .await
                .expect_err("refused");
            assert_eq!(e.code(), Code::InvalidArgument, "{e:?}");
            e.message().to_owned()
        }
    };
    // The pots as an option, as records once held them.
    let mut r = danish.clone();
    r.options.push(pb::RuleOption {
        name: "king_pot".to_owned(),
        value: "135".to_owned(),
    });
    assert!(refused(&r).await.contains("match_state.pots"));
    // Three pots; a negative pot; an obliged bidder in a Danish hand; pots in a Hungarian one.
    let mut r = danish.clone();
    r.match_state = Some(state(vec![1, 2, 3], None));
    assert!(refused(&r).await.contains("two values"));
    r.match_state = Some(state(vec![-5, 0], None));
    assert!(refused(&r).await.contains("pot"));
    r.match_state = Some(state(Vec::new(), Some(1)));
    assert!(refused(&r).await.contains("obliged bidder"));
    let mut r = hungarian.clone();
    r.match_state = Some(pb::MatchState {
        totals: vec![0; 4],
        pots: vec![5, 5],
        ..Default::default()
    });
    assert!(refused(&r).await.contains("pots"));
    // Pots that fit: the hand starts with them, the view shows them (each pot holds its own
    // contents plus the dealer's fee of 5).
    let mut r = danish.clone();
    r.match_state = Some(state(vec![40, 135], None));
    let v = c
        .get_view(pb::GetViewRequest {
            state: Some(pb::get_view_request::State::Record(r)),
            ..Default::default()
        })
        .await
        .expect("a view")
        .into_inner()
        .view
        .expect("view");
    assert_eq!(v.danish.expect("danish").pots, vec![45, 140]);
    server.stop().await;
}
