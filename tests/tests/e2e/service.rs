//! End-to-end: a real server on 127.0.0.1:0 and the generated tonic client.

use std::collections::{BTreeMap, HashSet};
use tarock_e2e::{
    engine_game, grpc_frame, grpc_web_post, http_body, legal_moves, new_deal, open_state, referee,
    Chooser, TestServer,
};
use tarock_engine::game::Game;
use tarock_proto::v1 as pb;
use tarock_proto::v1::engine_service_client::EngineServiceClient;
use tonic::transport::Channel;
use tonic::Code;
use tonic_types::StatusExt;

type Client = EngineServiceClient<Channel>;

fn seat_viewer(seat: u32) -> Option<pb::Viewer> {
    Some(pb::Viewer {
        role: pb::ViewerRole::Seat as i32,
        seat,
    })
}

// The service plays complete seeded deals of every variant through LegalMoves and ApplyAction,
// and its settlement adds up (zero-sum where it is read as payments) and equals the engine's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn plays_a_thousand_deals_of_every_variant() {
    let server = TestServer::start_default().await;
    let mut c = server.client().await;
    let variants = c
        .list_variants(pb::ListVariantsRequest {})
        .await
        .expect("list")
        .into_inner();
    assert!(variants.variants.len() >= 5);
    for v in &variants.variants {
        // The pack with default options: 42 Hungarian cards, 54 Polish and Austrian, 78 Danish.
        let pack = match v.id.split('-').next() {
            Some("hungarian") => 42,
            Some("danish") => 78,
            _ => 54,
        };
        assert_eq!(v.pack_size, pack, "{}", v.id);
        let mut tasks = Vec::new();
        let seats = v.seat_counts[0];
        for worker in 0..4u64 {
            let mut c = server.client().await;
            let id = v.id.clone();
            tasks.push(tokio::spawn(async move {
                let mut ends: BTreeMap<i32, u32> = BTreeMap::new();
                for k in 0..250u64 {
                    let n = worker * 1_000 + k;
                    let mut chooser = Chooser::new(n + 17);
                    let record = new_deal(&mut c, &id, n, seats).await;
                    let record = tarock_e2e::play_to_end(&mut c, record, &mut chooser).await;
                    let score = tarock_e2e::score(&mut c, &record).await;
                    assert!(score.r#final);
                    *ends.entry(score.end).or_default() += 1;
                    let ledger = score.ledger.expect("a ledger");
                    // Payments sum to zero; the Austrian and Slovenian score sheets credit points.
                    let payments = ledger.scoring == pb::Scoring::Payments as i32;
                    let sheet = id.starts_with("austrian") || id.starts_with("slovenian");
                    assert_eq!(payments, !sheet, "{id}: scoring");
                    // What goes into the Danish pots balances what the players pay.
                    let mut column = vec![0; seats as usize];
                    let mut potted = 0;
                    for item in &ledger.items {
                        let into_pots: i64 = item.pots.iter().sum();
                        if payments {
                            assert_eq!(
                                item.payments.iter().sum::<i64>() + into_pots,
                                0,
                                "zero-sum line {}",
                                item.label
                            );
                        }
                        potted += into_pots;
                        for (c, p) in column.iter_mut().zip(&item.payments) {
                            *c += p;
                        }
                    }
                    assert_eq!(column, ledger.totals, "the totals are the lines' sums");
                    if payments {
                        assert_eq!(
                            ledger.totals.iter().sum::<i64>() + potted,
                            0,
                            "zero-sum totals"
                        );
                    }
                    assert_eq!(
                        ledger.pots.is_empty(),
                        !id.starts_with("danish"),
                        "{id}: pots"
                    );
                    let game = engine_game(&record);
                    let own = game.outcome().expect("over").ledger;
                    assert_eq!(
                        ledger.totals,
                        own.totals.first(seats as u8).to_vec(),
                        "service and engine agree"
                    );
                    if score.end == pb::EndReason::Played as i32 && !ledger.card_points.is_empty() {
                        // The pack's points: 94 in the Hungarian count, 70 in the Polish and
                        // Austrian ones (the Austrian talon's remainder counts for the
                        // defenders by default).
                        let pack = if id.starts_with("hungarian") { 94 } else { 70 };
                        assert_eq!(ledger.card_points.iter().sum::<i64>(), pack, "{id}");
                    }
                }
                ends
            }));
        }
        let mut ends: BTreeMap<i32, u32> = BTreeMap::new();
        for t in tasks {
            for (k, n) in t.await.expect("worker") {
                *ends.entry(k).or_default() += n;
            }
        }
        assert_eq!(ends.values().sum::<u32>(), 1_000, "{}: 1000 deals", v.id);
        assert!(
            ends.get(&(pb::EndReason::Played as i32))
                .copied()
                .unwrap_or(0)
                > 200,
            "{}: {ends:?}",
            v.id
        );
    }
    server.stop().await;
}

// An ApplyAction that omits its view answers with the same record and events as one with a
// view, and the game goes on from it: views of records whose replays were made without one are
// the views GetView gives on a server that never saw the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn omitting_the_view_changes_nothing_else() {
    let server = TestServer::start_default().await;
    let fresh = TestServer::start_default().await;
    let mut c = server.client().await;
    let mut f = fresh.client().await;
    let mut total = 0;
    for n in 0..18u64 {
        let (variant, seats) = [
            ("hungarian-illustrated", 4),
            ("hungarian-paskievics", 4),
            ("hungarian-high", 4),
            ("polish-krolami", 4),
            ("austrian-illustrated", 3),
            ("danish-tarok", 3),
        ][n as usize % 6];
        let mut chooser = Chooser::new(n + 5);
        let mut record = new_deal(&mut c, variant, n, seats).await;
        let mut step = 0u64;
        loop {
            let lm = legal_moves(&mut c, &record).await;
            if lm.game_over {
                break;
            }
            let to_act = lm.to_act.expect("someone is to act");
            let m = chooser.pick(&lm.moves, lm.phase);
            let request = pb::ApplyActionRequest {
                state: Some(pb::apply_action_request::State::Record(record.clone())),
                action: m.action.clone(),
                seat: Some(to_act),
                viewer: seat_viewer(to_act),
                ..Default::default()
            };
            let bare_request = pb::ApplyActionRequest {
                omit_view: true,
                ..request.clone()
            };
            // Runs of actions without a view, then with one, so that replays made either way
            // are used either way.
            let bare_first = (step / 5) % 2 == 0;
            let mut answers = Vec::new();
            for omit in [bare_first, !bare_first] {
                let r = if omit { &bare_request } else { &request };
                let a = c.apply_action(r.clone()).await.expect("apply").into_inner();
                assert_eq!(a.view.is_none(), omit, "the view is there unless omitted");
                answers.push(a);
            }
            let (first, second) = (&answers[0], &answers[1]);
            assert_eq!(
                (&first.record, &first.events),
                (&second.record, &second.events)
            );
            let with_view = answers
                .iter()
                .find_map(|a| a.view.clone())
                .expect("one view");
            record = first.record.clone().expect("the new record");
            let expected = f
                .get_view(pb::GetViewRequest {
                    state: Some(pb::get_view_request::State::Record(record.clone())),
                    viewer: seat_viewer(to_act),
                    token: Vec::new(),
                    encodings: None,
                })
                .await
                .expect("a fresh server's view")
                .into_inner()
                .view;
            assert_eq!(Some(with_view), expected, "deal {n}, action {step}");
            step += 1;
        }
        total += step;
    }
    assert!(total > 200, "{total} actions in all");
    server.stop().await;
    fresh.stop().await;
}

fn card_set(cards: &[pb::Card]) -> HashSet<u32> {
    cards.iter().map(|c| c.index).collect()
}

/// Every card that appears anywhere in a view where a location is shown.
fn cards_in_view(v: &pb::GameView) -> HashSet<u32> {
    let mut out = HashSet::new();
    for s in &v.seat_views {
        out.extend(card_set(&s.hand));
        out.extend(card_set(&s.discards));
        out.extend(card_set(&s.won));
    }
    out.extend(card_set(&v.talon));
    for t in v.current_trick.iter().chain(&v.tricks) {
        out.extend(
            t.plays
                .iter()
                .filter_map(|p| p.card.as_ref().map(|c| c.index)),
        );
    }
    for h in &v.history {
        if let Some(a) = &h.action {
            if a.kind != pb::ActionKind::Call as i32 {
                out.extend(a.card.iter().map(|c| c.index));
            }
        }
    }
    for m in &v.moves {
        if let Some(a) = &m.action {
            if a.kind == pb::ActionKind::Play as i32 || a.kind == pb::ActionKind::Discard as i32 {
                out.extend(a.card.iter().map(|c| c.index));
            }
        }
    }
    out
}

// Seat and spectator views never show another seat's cards, the talon or others' discards, in
// any field, the action history included.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seat_views_hide_what_they_must() {
    let server = TestServer::start_default().await;
    let mut c = server.client().await;
    let mut steps = 0;
    for n in 0..12u64 {
        let mut chooser = Chooser::new(n);
        let mut record = new_deal(&mut c, "hungarian-illustrated", n, 4).await;
        loop {
            let referee = c
                .get_view(pb::GetViewRequest {
                    state: Some(pb::get_view_request::State::Record(record.clone())),
                    viewer: Some(pb::Viewer {
                        role: pb::ViewerRole::Referee as i32,
                        seat: 0,
                    }),
                    ..Default::default()
                })
                .await
                .expect("referee view")
                .into_inner()
                .view
                .expect("view");
            for viewer in (0..4).map(seat_viewer).chain([Some(pb::Viewer {
                role: pb::ViewerRole::Spectator as i32,
                seat: 0,
            })]) {
                let me = viewer
                    .as_ref()
                    .filter(|v| v.role == pb::ViewerRole::Seat as i32)
                    .map(|v| v.seat);
                let view = c
                    .get_view(pb::GetViewRequest {
                        state: Some(pb::get_view_request::State::Record(record.clone())),
                        viewer,
                        ..Default::default()
                    })
                    .await
                    .expect("view")
                    .into_inner()
                    .view
                    .expect("view");
                // What must stay hidden: other seats' hands and discards, and the talon cards
                // the viewer did not receive.
                let mut hidden = HashSet::new();
                for s in &referee.seat_views {
                    if Some(s.seat) != me {
                        hidden.extend(card_set(&s.hand));
                        hidden.extend(card_set(&s.discards));
                    }
                }
                // Talon cards not yet handed out (once handed out they are in a hand or a
                // discard pile, or played and public).
                let mut placed = HashSet::new();
                for s in &referee.seat_views {
                    placed.extend(card_set(&s.hand));
                    placed.extend(card_set(&s.discards));
                    placed.extend(card_set(&s.won));
                }
                for t in referee.current_trick.iter() {
                    placed.extend(
                        t.plays
                            .iter()
                            .filter_map(|p| p.card.as_ref().map(|c| c.index)),
                    );
                }
                hidden.extend(card_set(&referee.talon).difference(&placed));
                if let Some(me) = me {
                    let own = &referee.seat_views[me as usize];
                    for c in card_set(&own.hand).union(&card_set(&own.discards)) {
                        hidden.remove(c);
                    }
                }
                let shown = cards_in_view(&view);
                let leak: Vec<&u32> = shown.intersection(&hidden).collect();
                assert!(
                    leak.is_empty(),
                    "deal {n}, viewer {me:?}: hidden cards shown: {leak:?}"
                );
                for s in &view.seat_views {
                    if Some(s.seat) != me {
                        assert!(s.hand.is_empty() && s.discards.is_empty());
                    }
                }
            }
            steps += 1;
            let lm = c
                .legal_moves(pb::LegalMovesRequest {
                    state: open_state(&record),
                    token: Vec::new(),
                    encodings: None,
                })
                .await
                .expect("moves")
                .into_inner();
            if lm.game_over {
                break;
            }
            let m = chooser.pick(&lm.moves, lm.phase);
            record = c
                .apply_action(pb::ApplyActionRequest {
                    state: Some(pb::apply_action_request::State::Record(record.clone())),
                    action: m.action,
                    ..Default::default()
                })
                .await
                .expect("apply")
                .into_inner()
                .record
                .expect("record");
        }
    }
    assert!(steps > 300);
    server.stop().await;
}

fn error_info(s: &tonic::Status) -> (String, std::collections::HashMap<String, String>) {
    let d = s.get_error_details();
    let info = d.error_info().expect("ErrorInfo detail");
    assert_eq!(info.domain, "tarock.v1");
    (info.reason.clone(), info.metadata.clone())
}

fn bad_request_fields(s: &tonic::Status) -> Vec<String> {
    let d = s.get_error_details();
    d.bad_request()
        .expect("BadRequest detail")
        .field_violations
        .iter()
        .map(|v| v.field.clone())
        .collect()
}

/// A record advanced to the first card play.
async fn record_at_play(c: &mut Client) -> pb::GameRecord {
    for n in 0..200u64 {
        let mut chooser = Chooser::new(n);
        let mut record = new_deal(c, "hungarian-illustrated", n, 4).await;
        loop {
            let lm = legal_moves(c, &record).await;
            if lm.game_over {
                break;
            }
            if lm.phase == pb::Phase::Play as i32 {
                return record;
            }
            let m = chooser.pick(&lm.moves, lm.phase);
            record = c
                .apply_action(pb::ApplyActionRequest {
                    state: Some(pb::apply_action_request::State::Record(record.clone())),
                    action: m.action,
                    ..Default::default()
                })
                .await
                .expect("apply")
                .into_inner()
                .record
                .expect("record");
        }
    }
    panic!("no deal reached play");
}

fn play_action(card: u32) -> Option<pb::Action> {
    Some(pb::Action {
        kind: pb::ActionKind::Play as i32,
        card: Some(pb::Card {
            index: card,
            ..Default::default()
        }),
        ..Default::default()
    })
}

// rule: HU-PLAY-04, HU-PLAY-05, HU-PLAY-06
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_error_class_has_its_code_and_details() {
    let server = TestServer::start_default().await;
    let mut c = server.client().await;

    // Unknown variant: INVALID_ARGUMENT naming the field.
    let e = c
        .new_deal(pb::NewDealRequest {
            variant: "chess".to_owned(),
            seats: 4,
            ..Default::default()
        })
        .await
        .expect_err("unknown variant");
    assert_eq!(e.code(), Code::InvalidArgument);
    assert!(
        bad_request_fields(&e).contains(&"variant".to_owned()),
        "{e:?}"
    );

    // Malformed record: an action with a card that does not parse, and a short seed.
    let mut record = new_deal(&mut c, "hungarian-illustrated", 5, 4).await;
    record.actions.push(pb::Action {
        notation: "play XYZ".to_owned(),
        ..Default::default()
    });
    let e = c
        .legal_moves(pb::LegalMovesRequest {
            state: open_state(&record),
            token: Vec::new(),
            encodings: None,
        })
        .await
        .expect_err("malformed");
    assert_eq!(e.code(), Code::InvalidArgument);
    assert_eq!(
        bad_request_fields(&e),
        vec!["record.actions[0].notation".to_owned()]
    );
    let mut short = new_deal(&mut c, "hungarian-illustrated", 5, 4).await;
    short.deal = Some(pb::game_record::Deal::Seed(vec![1, 2, 3]));
    let e = c
        .legal_moves(pb::LegalMovesRequest {
            state: open_state(&short),
            token: Vec::new(),
            encodings: None,
        })
        .await
        .expect_err("short seed");
    assert_eq!(e.code(), Code::InvalidArgument);
    assert_eq!(bad_request_fields(&e), vec!["record.seed".to_owned()]);

    // Out of turn: the acting seat is not the seat to act.
    let fresh = new_deal(&mut c, "hungarian-illustrated", 5, 4).await;
    let lm = c
        .legal_moves(pb::LegalMovesRequest {
            state: open_state(&fresh),
            token: Vec::new(),
            encodings: None,
        })
        .await
        .expect("moves")
        .into_inner();
    let to_act = lm.to_act.expect("to act");
    let e = c
        .apply_action(pb::ApplyActionRequest {
            state: Some(pb::apply_action_request::State::Record(fresh.clone())),
            action: lm.moves[0].action.clone(),
            seat: Some((to_act + 1) % 4),
            ..Default::default()
        })
        .await
        .expect_err("out of turn");
    assert_eq!(e.code(), Code::FailedPrecondition);
    let (reason, meta) = error_info(&e);
    assert_eq!(reason, "NOT_YOUR_TURN");
    assert_eq!(meta.get("seat"), Some(&to_act.to_string()));
    assert_eq!(meta.get("action_index"), Some(&"0".to_owned()));

    // Illegal card: a card the player holds but may not play, with the rule id.
    let at_play = record_at_play(&mut c).await;
    let view = c
        .get_view(pb::GetViewRequest {
            state: Some(pb::get_view_request::State::Record(at_play.clone())),
            viewer: Some(referee()),
            ..Default::default()
        })
        .await
        .expect("view")
        .into_inner()
        .view
        .expect("view");
    let leader = view.to_act.expect("leader");
    // Lead, then find a follower with a card outside the legal moves.
    let lead_moves: Vec<u32> = view
        .moves
        .iter()
        .filter_map(|m| {
            m.action
                .as_ref()
                .and_then(|a| a.card.as_ref())
                .map(|c| c.index)
        })
        .collect();
    let mut found = false;
    for &lead in &lead_moves {
        let after = c
            .apply_action(pb::ApplyActionRequest {
                state: Some(pb::apply_action_request::State::Record(at_play.clone())),
                action: play_action(lead),
                viewer: Some(referee()),
                ..Default::default()
            })
            .await
            .expect("lead")
            .into_inner();
        let v = after.view.expect("view");
        let next = v.to_act.expect("next");
        let hand = card_set(&v.seat_views[next as usize].hand);
        let legal: HashSet<u32> = v
            .moves
            .iter()
            .filter_map(|m| {
                m.action
                    .as_ref()
                    .and_then(|a| a.card.as_ref())
                    .map(|c| c.index)
            })
            .collect();
        if let Some(&bad) = hand.difference(&legal).next() {
            let index = after.record.as_ref().expect("record").actions.len();
            let e = c
                .apply_action(pb::ApplyActionRequest {
                    state: Some(pb::apply_action_request::State::Record(
                        after.record.clone().expect("record"),
                    )),
                    action: play_action(bad),
                    ..Default::default()
                })
                .await
                .expect_err("illegal card");
            assert_eq!(e.code(), Code::FailedPrecondition);
            let (reason, meta) = error_info(&e);
            assert_eq!(reason, "ILLEGAL_ACTION");
            let rule = meta.get("rule").expect("rule id");
            assert!(
                [
                    "HU-PLAY-04",
                    "HU-PLAY-05",
                    "HU-PLAY-06",
                    "HU-PLAY-12",
                    "HU-PLAY-18"
                ]
                .contains(&rule.as_str()),
                "{rule}"
            );
            // The rule's statement travels with it, as the rules reference has it.
            let text = tarock_engine::rulebook::rulebook()
                .get(rule)
                .expect("a cited rule is defined")
                .text;
            assert_eq!(meta.get("rule_text").map(String::as_str), Some(text));
            assert_eq!(meta.get("seat"), Some(&next.to_string()));
            assert_eq!(meta.get("phase"), Some(&"play".to_owned()));
            assert_eq!(meta.get("action_index"), Some(&index.to_string()));
            assert!(e.message().contains(rule.as_str()));
            found = true;
            break;
        }
    }
    assert!(
        found,
        "leader {leader}: some lead leaves a follower with an illegal card"
    );

    // The same illegal action inside a record: rejected with its index.
    let e = c
        .legal_moves(pb::LegalMovesRequest {
            state: open_state(&pb::GameRecord {
                actions: vec![pb::Action {
                    notation: "play T21".to_owned(),
                    ..Default::default()
                }],
                ..fresh.clone()
            }),
            ..Default::default()
        })
        .await
        .expect_err("illegal record");
    assert_eq!(e.code(), Code::FailedPrecondition);
    let (reason, meta) = error_info(&e);
    assert_eq!(reason, "WRONG_PHASE");
    assert_eq!(meta.get("action_index"), Some(&"0".to_owned()));

    // Game over: a passed-out record takes no more actions.
    let mut over = fresh.clone();
    for _ in 0..4 {
        over.actions.push(pb::Action {
            kind: pb::ActionKind::Pass as i32,
            ..Default::default()
        });
    }
    let e = c
        .apply_action(pb::ApplyActionRequest {
            state: Some(pb::apply_action_request::State::Record(over)),
            action: Some(pb::Action {
                kind: pb::ActionKind::Pass as i32,
                ..Default::default()
            }),
            ..Default::default()
        })
        .await
        .expect_err("game over");
    assert_eq!(e.code(), Code::FailedPrecondition);
    assert_eq!(error_info(&e).0, "GAME_OVER");

    // Unsupported rules version.
    let e = c
        .legal_moves(pb::LegalMovesRequest {
            state: open_state(&pb::GameRecord {
                rules_version: 999,
                ..fresh.clone()
            }),
            ..Default::default()
        })
        .await
        .expect_err("rules version");
    assert_eq!(e.code(), Code::FailedPrecondition);
    assert_eq!(error_info(&e).0, "RULES_VERSION_UNSUPPORTED");

    // Sealed records need a key ring this server does not have.
    let e = c
        .legal_moves(pb::LegalMovesRequest {
            state: Some(pb::legal_moves_request::State::Sealed(pb::SealedRecord {
                data: vec![1, 2, 3],
                ..Default::default()
            })),
            ..Default::default()
        })
        .await
        .expect_err("sealed");
    assert_eq!(e.code(), Code::Unimplemented);

    // Oversized message: over the server's 4 MiB limit.
    let huge = pb::GameRecord {
        options: vec![pb::RuleOption {
            name: "x".repeat(5 * 1024 * 1024),
            value: String::new(),
        }],
        ..fresh.clone()
    };
    let mut big = server
        .client()
        .await
        .max_encoding_message_size(64 * 1024 * 1024);
    let e = big
        .legal_moves(pb::LegalMovesRequest {
            state: open_state(&huge),
            token: Vec::new(),
            encodings: None,
        })
        .await
        .expect_err("oversized");
    assert_eq!(e.code(), Code::OutOfRange, "{e:?}");

    // A record longer than any legal hand.
    let long = pb::GameRecord {
        actions: vec![
            pb::Action {
                kind: pb::ActionKind::Pass as i32,
                ..Default::default()
            };
            5_000
        ],
        ..fresh
    };
    let e = c
        .legal_moves(pb::LegalMovesRequest {
            state: open_state(&long),
            token: Vec::new(),
            encodings: None,
        })
        .await
        .expect_err("too long");
    assert_eq!(e.code(), Code::InvalidArgument);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn validate_game_reports_the_first_illegal_action() {
    let server = TestServer::start_default().await;
    let mut c = server.client().await;
    let record = new_deal(&mut c, "hungarian-illustrated", 3, 4).await;
    let record = tarock_e2e::play_to_end(&mut c, record, &mut Chooser::new(3)).await;
    let ok = c
        .validate_game(pb::ValidateGameRequest {
            state: Some(pb::validate_game_request::State::Record(record.clone())),
        })
        .await
        .expect("validate")
        .into_inner();
    assert!(ok.valid && ok.game_over);
    assert_eq!(ok.actions_applied as usize, record.actions.len());
    assert_eq!(ok.ledger.expect("ledger").totals.iter().sum::<i64>(), 0);
    // Corrupt the first action: a bid of solo by a player who may not make it, or a card play.
    let mut bad = record.clone();
    bad.actions[1] = pb::Action {
        notation: "play T1".to_owned(),
        ..Default::default()
    };
    let r = c
        .validate_game(pb::ValidateGameRequest {
            state: Some(pb::validate_game_request::State::Record(bad)),
        })
        .await
        .expect("validate")
        .into_inner();
    assert!(!r.valid);
    let first = r.first_illegal.expect("first illegal");
    assert_eq!(first.index, 1);
    assert_eq!(first.rule, "HU-BID-01");
    assert_eq!(first.reason, "WRONG_PHASE");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_reflection_and_grpc_web() {
    let server = TestServer::start_default().await;

    // Health.
    let mut health = tonic_health::pb::health_client::HealthClient::new(server.channel().await);
    for service in ["", "tarock.v1.EngineService"] {
        let r = health
            .check(tonic_health::pb::HealthCheckRequest {
                service: service.to_owned(),
            })
            .await
            .expect("health")
            .into_inner();
        assert_eq!(
            r.status,
            tonic_health::pb::health_check_response::ServingStatus::Serving as i32
        );
    }

    // Reflection: list services.
    use tonic_reflection::pb::v1::server_reflection_client::ServerReflectionClient;
    use tonic_reflection::pb::v1::server_reflection_request::MessageRequest;
    use tonic_reflection::pb::v1::server_reflection_response::MessageResponse;
    use tonic_reflection::pb::v1::ServerReflectionRequest;
    let mut refl = ServerReflectionClient::new(server.channel().await);
    let req = ServerReflectionRequest {
        host: String::new(),
        message_request: Some(MessageRequest::ListServices(String::new())),
    };
    let mut stream = refl
        .server_reflection_info(tokio_stream::iter(vec![req]))
        .await
        .expect("reflection")
        .into_inner();
    let msg = stream.message().await.expect("reply").expect("a message");
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

    // gRPC-Web over HTTP/1.1: ListVariants with an empty message.
    let resp = grpc_web_post(
        server.addr,
        "/tarock.v1.EngineService/ListVariants",
        "application/grpc-web+proto",
        &grpc_frame(&[]),
    )
    .await;
    let text = String::from_utf8_lossy(&resp);
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    assert!(text
        .to_ascii_lowercase()
        .contains("content-type: application/grpc-web"));
    // The body holds a data frame with the variants and a trailer frame with grpc-status 0.
    assert!(text.contains("hungarian-illustrated"));
    assert!(text.contains("grpc-status:0"), "{text}");

    // gRPC-Web: LegalMoves, whose answer the server writes as bytes, carries the same message
    // as over gRPC, in one data frame, then the trailer frame.
    let mut c = server.client().await;
    let record = new_deal(&mut c, "hungarian-illustrated", 7, 4).await;
    let request = pb::LegalMovesRequest {
        state: open_state(&record),
        token: Vec::new(),
        encodings: None,
    };
    let expected = c
        .legal_moves(request.clone())
        .await
        .expect("moves")
        .into_inner();
    assert!(!expected.moves.is_empty());
    let resp = grpc_web_post(
        server.addr,
        "/tarock.v1.EngineService/LegalMoves",
        "application/grpc-web+proto",
        &grpc_frame(&prost::Message::encode_to_vec(&request)),
    )
    .await;
    let text = String::from_utf8_lossy(&resp);
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    let frame = grpc_frame(&prost::Message::encode_to_vec(&expected));
    assert!(
        resp.windows(frame.len()).any(|w| w == frame.as_slice()),
        "{text}"
    );
    assert!(text.contains("grpc-status:0"), "{text}");

    // gRPC-Web text (base64), as clients without binary bodies send it: the same frame, then the
    // trailer frame, each in base64 of its own.
    use base64::Engine as _;
    let base64 = base64::engine::general_purpose::STANDARD;
    let body = base64.encode(grpc_frame(&prost::Message::encode_to_vec(&request)));
    let resp = grpc_web_post(
        server.addr,
        "/tarock.v1.EngineService/LegalMoves",
        "application/grpc-web-text",
        body.as_bytes(),
    )
    .await;
    let text = String::from_utf8_lossy(&resp);
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    let mut decoded = Vec::new();
    let encoded = http_body(&resp);
    // Each frame is encoded apart, so padding may end a piece before the next begins.
    for piece in encoded.split_inclusive(|&b| b == b'=') {
        let piece: Vec<u8> = piece.iter().copied().filter(|&b| b != b'=').collect();
        if piece.is_empty() {
            continue;
        }
        let padded = format!(
            "{:=<w$}",
            String::from_utf8_lossy(&piece),
            w = piece.len().div_ceil(4) * 4
        );
        decoded.extend(
            base64
                .decode(&padded)
                .unwrap_or_else(|e| panic!("{e}: {padded:?} in {text}")),
        );
    }
    assert_eq!(decoded.get(..frame.len()), Some(frame.as_slice()), "{text}");
    let trailer = &decoded[frame.len()..];
    assert_eq!(trailer.first(), Some(&0x80), "{text}");
    assert!(
        String::from_utf8_lossy(trailer).contains("grpc-status:0"),
        "{text}"
    );
    server.stop().await;
}

// The Danish call for the fool goes over the wire as a CALL of the fool, labelled in the
// game's words; it leaves the caller to lead, the view shows it, and a second call is refused
// with its rule. rule: DK-PLAY-15
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_danish_call_for_the_fool_is_a_call_of_the_fool() {
    let server = TestServer::start_default().await;
    let mut c = server.client().await;
    let is_call =
        |m: &pb::LegalMove| m.action.as_ref().map(|a| a.kind) == Some(pb::ActionKind::Call as i32);
    // Play on, by the first legal move, until the player on lead may call.
    let mut record = c
        .new_deal(pb::NewDealRequest {
            variant: "danish-tarok".to_owned(),
            options: vec![pb::RuleOption {
                name: "call_for_fool".to_owned(),
                value: "true".to_owned(),
            }],
            seats: 3,
            dealer: 2,
            deal: Some(pb::new_deal_request::Deal::Seed(tarock_e2e::seed(19180))),
            ..Default::default()
        })
        .await
        .expect("new deal")
        .into_inner()
        .record
        .expect("a record");
    let (lm, call) = loop {
        let lm = legal_moves(&mut c, &record).await;
        assert!(!lm.game_over, "the call comes before the end");
        if let Some(m) = lm.moves.iter().find(|m| is_call(m)).cloned() {
            break (lm, m);
        }
        record = tarock_e2e::apply_id(&mut c, record, lm.moves[0].id).await;
    };
    let action = call.action.clone().expect("an action");
    assert_eq!(action.notation, "call SKIZ");
    assert_eq!(
        action.card.as_ref().map(|c| c.notation.as_str()),
        Some("SKIZ")
    );
    assert_eq!(call.label, "Call for the fool");
    let seat = lm.to_act.expect("a seat to act");
    let after = c
        .apply_action(pb::ApplyActionRequest {
            state: Some(pb::apply_action_request::State::Record(record.clone())),
            action: Some(action.clone()),
            seat: Some(seat),
            viewer: seat_viewer(seat),
            ..Default::default()
        })
        .await
        .expect("the call")
        .into_inner();
    let view = after.view.expect("a view");
    assert_eq!(view.to_act, Some(seat), "the caller then leads");
    assert!(view.danish.as_ref().is_some_and(|d| d.fool_called));
    let last = view.history.last().and_then(|h| h.action.as_ref());
    assert_eq!(last.map(|a| a.notation.as_str()), Some("call SKIZ"));
    let e = c
        .apply_action(pb::ApplyActionRequest {
            state: Some(pb::apply_action_request::State::Record(
                after.record.expect("a record"),
            )),
            action: Some(action),
            seat: Some(seat),
            ..Default::default()
        })
        .await
        .expect_err("a second call");
    assert_eq!(e.code(), Code::FailedPrecondition);
    let (reason, meta) = error_info(&e);
    assert_eq!(reason, "ILLEGAL_ACTION");
    assert_eq!(meta.get("rule").map(String::as_str), Some("DK-PLAY-15"));
    server.stop().await;
}

// The Danish dealer's Tout is offered in the game's own words, by LegalMoves and by
// SuggestMove alike. rule: DK-ANN-14
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_danish_tout_is_labelled_as_tout() {
    let server = TestServer::start_default().await;
    let mut c = server.client().await;
    let mut record = new_deal(&mut c, "danish-tarok", 2, 3).await;
    // Everyone passes in the opening (a hand thrown in would end the deal: seed 2 has none).
    let lm = loop {
        let lm = legal_moves(&mut c, &record).await;
        assert!(!lm.game_over, "the opening ends in the discard");
        if lm.phase == pb::Phase::Discard as i32 {
            break lm;
        }
        let pass = lm
            .moves
            .iter()
            .find(|m| m.action.as_ref().map(|a| a.kind) == Some(pb::ActionKind::Pass as i32))
            .expect("pass is legal in the opening");
        record = c
            .apply_action(pb::ApplyActionRequest {
                state: Some(pb::apply_action_request::State::Record(record.clone())),
                action: pass.action.clone(),
                seat: lm.to_act,
                omit_view: true,
                ..Default::default()
            })
            .await
            .expect("pass")
            .into_inner()
            .record
            .expect("a record");
    };
    let tout = lm
        .moves
        .iter()
        .find(|m| m.action.as_ref().map(|a| a.kind) == Some(pb::ActionKind::Announce as i32))
        .expect("the dealer may announce Tout");
    assert!(tout.label.starts_with("Announce Tout"), "{}", tout.label);
    assert!(
        lm.moves
            .iter()
            .all(|m| !m.label.contains("volát") && !m.label.contains("skíz")),
        "no Hungarian word in a Danish hand"
    );
    // A discard keeps the shared label.
    assert!(lm.moves.iter().any(|m| m.label.starts_with("Discard ")));
    // The random bot, asked with enough seeds, suggests the Tout too, with the same label.
    let mut suggested = None;
    for seed in 0..500 {
        let s = c
            .suggest_move(pb::SuggestMoveRequest {
                state: Some(pb::suggest_move_request::State::Record(record.clone())),
                bot: "random".to_owned(),
                seed,
                ..Default::default()
            })
            .await
            .expect("a suggestion")
            .into_inner();
        let m = s.r#move.expect("a move");
        if m.action.as_ref().map(|a| a.kind) == Some(pb::ActionKind::Announce as i32) {
            suggested = Some(m);
            break;
        }
    }
    let suggested = suggested.expect("one of 500 seeds suggests the Tout");
    assert_eq!(suggested.label, tout.label);
    server.stop().await;
}

// The auction a view shows is the bidding alone: the passes of a round of announcements or
// declarations after it are not calls, and an Austrian Unteren is one.
#[tokio::test]
async fn the_auction_in_a_view_is_the_bidding_only() {
    let server = TestServer::start_default().await;
    let mut c = server.client().await;
    let cases: [(&str, u32, &[&str], usize); 2] = [
        (
            "slovenian-tarok",
            4,
            &["pass", "pass", "pass", "bid solo-without", "pass", "pass"],
            4,
        ),
        (
            "austrian-illustrated",
            3,
            &["bid dreiblatt", "unteren", "pass", "pass", "pass"],
            4,
        ),
    ];
    for (variant, seats, actions, calls) in cases {
        let mut record = new_deal(&mut c, variant, 3, seats).await;
        record.actions = actions
            .iter()
            .map(|&a| pb::Action {
                notation: a.to_owned(),
                ..Default::default()
            })
            .collect();
        let view = c
            .get_view(pb::GetViewRequest {
                state: Some(pb::get_view_request::State::Record(record)),
                viewer: Some(referee()),
                ..Default::default()
            })
            .await
            .expect("a view")
            .into_inner()
            .view
            .expect("the view");
        let shown: Vec<String> = view
            .auction
            .iter()
            .map(|a| {
                a.action
                    .as_ref()
                    .map(|x| x.notation.clone())
                    .unwrap_or_default()
            })
            .collect();
        assert_eq!(shown, actions[..calls], "{variant}");
    }
}
