//! SuggestMove: the server's bots, over real gRPC.

use tarock_e2e::{new_deal, sealed_deal, TestServer};
use tarock_engine::{Action, AnyGame, Bot, Budget, Seat, Setup, Variant};
use tarock_proto::v1 as pb;
use tonic::Code;
use tonic_types::StatusExt;

fn open(r: &pb::GameRecord) -> Option<pb::suggest_move_request::State> {
    Some(pb::suggest_move_request::State::Record(r.clone()))
}

fn reason(s: &tonic::Status) -> String {
    s.get_error_details()
        .error_info()
        .expect("ErrorInfo detail")
        .reason
        .clone()
}

#[tokio::test]
async fn list_variants_names_the_bots() {
    let server = TestServer::start_default().await;
    let mut c = server.client().await;
    let r = c
        .list_variants(pb::ListVariantsRequest {})
        .await
        .unwrap()
        .into_inner();
    let names: Vec<&str> = r.bots.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names, ["random", "heuristic", "search"]);
    assert!(r.bots.iter().all(|b| !b.description.is_empty()));
    server.stop().await;
}

/// Whole deals of every variant played by asking SuggestMove at every step (heuristic, random
/// and search seats mixed) and applying the suggestion: every suggestion is legal, names the
/// seat to act, and is what the engine's bot chooses for the same position; the search bot's
/// report gives a value for every legal move, in LegalMoves' order, and the heuristic's choice.
#[tokio::test]
async fn suggestions_are_legal_and_match_the_engine() {
    let server = TestServer::start_default().await;
    let mut c = server.client().await;
    for (variant, seats) in [
        ("hungarian-illustrated", 4u32),
        ("hungarian-illustrated", 5),
        ("hungarian-paskievics", 4),
        ("hungarian-high", 4),
        ("polish-krolami", 4),
        ("austrian-illustrated", 3),
        ("danish-tarok", 3),
        ("danish-tarok", 4),
        ("slovenian-tarok", 3),
        ("slovenian-tarok", 4),
    ] {
        let mut searched = 0;
        for n in 0..12u64 {
            let mut record = new_deal(&mut c, variant, n, seats).await;
            let setup = Setup::seeded(
                Variant::from_id(variant).unwrap(),
                seats as u8,
                Seat::new((n % u64::from(seats)) as u8),
                tarock_engine::shuffle::seed_from_u64(n),
            );
            let mut game = AnyGame::new(&setup).unwrap();
            let mut history = Vec::new();
            use tarock_engine::game::Game;
            while let Some(to_act) = game.to_act() {
                let bot = [Bot::Heuristic, Bot::Random, Bot::Search][to_act.index() % 3];
                let s = c
                    .suggest_move(pb::SuggestMoveRequest {
                        state: open(&record),
                        bot: bot.name().to_owned(),
                        seed: n,
                        seat: Some(u32::from(to_act.get())),
                        budget: Some(pb::SearchBudget {
                            worlds: 4,
                            time_ms: 0,
                        }),
                        ..Default::default()
                    })
                    .await
                    .expect("suggestion")
                    .into_inner();
                assert_eq!(s.seat, u32::from(to_act.get()));
                assert_eq!(s.bot, bot.name());
                let m = s.r#move.expect("a move");
                let expected: Action = bot
                    .choose(&game, &history, n, Budget::worlds(4))
                    .unwrap()
                    .unwrap();
                let legal = game.legal_actions();
                match (bot, &s.search) {
                    (Bot::Search, Some(report)) => {
                        let h = Bot::Heuristic
                            .choose(&game, &history, n, Budget::default())
                            .unwrap()
                            .unwrap();
                        assert_eq!(
                            report.heuristic.as_ref().unwrap().id,
                            game_id(&game, h).unwrap()
                        );
                        if report.worlds > 0 {
                            let ids: Vec<u32> = report.values.iter().map(|v| v.action_id).collect();
                            let want: Vec<u32> =
                                legal.iter().map(|&a| game_id(&game, a).unwrap()).collect();
                            assert_eq!(ids, want);
                            assert!(report.fallback.is_empty());
                            assert!(report.worlds <= 4, "{report:?}");
                            searched += 1;
                        } else {
                            assert!(report.values.is_empty());
                            assert!(!report.fallback.is_empty());
                        }
                    }
                    (Bot::Search, None) => panic!("the search bot's answer has no report"),
                    (_, r) => assert!(r.is_none(), "{bot} reported a search"),
                }
                let notation = m.action.as_ref().unwrap().notation.clone();
                assert_eq!(notation, expected.to_string());
                assert_eq!(Some(m.id), game.action_id(expected));
                record = c
                    .apply_action(pb::ApplyActionRequest {
                        state: Some(pb::apply_action_request::State::Record(record)),
                        action: m.action,
                        seat: Some(s.seat),
                        ..Default::default()
                    })
                    .await
                    .expect("the suggestion is legal")
                    .into_inner()
                    .record
                    .unwrap();
                game = game.play(expected).unwrap();
                history.push(expected);
            }
        }
        // Decisions with more than one legal action were searched.
        assert!(searched > 10, "{variant} at {seats}: {searched} searches");
    }
    server.stop().await;
}

#[tokio::test]
async fn bad_requests_are_explained() {
    let server = TestServer::start_default().await;
    let mut c = server.client().await;
    let record = new_deal(&mut c, "hungarian-illustrated", 3, 4).await;
    // An unknown bot: INVALID_ARGUMENT naming the bots.
    let e = c
        .suggest_move(pb::SuggestMoveRequest {
            state: open(&record),
            bot: "oracle".to_owned(),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(e.code(), Code::InvalidArgument);
    assert!(
        e.message().contains("random, heuristic, search"),
        "{}",
        e.message()
    );
    // A search budget beyond the server's limits: INVALID_ARGUMENT naming the field and limit.
    for (budget, field, limit) in [
        (
            pb::SearchBudget {
                worlds: 4097,
                time_ms: 0,
            },
            "budget.worlds",
            "4096",
        ),
        (
            pb::SearchBudget {
                worlds: 1,
                time_ms: 10_001,
            },
            "budget.time_ms",
            "10000",
        ),
    ] {
        let e = c
            .suggest_move(pb::SuggestMoveRequest {
                state: open(&record),
                bot: "search".to_owned(),
                budget: Some(budget),
                ..Default::default()
            })
            .await
            .unwrap_err();
        assert_eq!(e.code(), Code::InvalidArgument);
        let d = e.get_error_details();
        let v = &d
            .bad_request()
            .expect("a BadRequest detail")
            .field_violations[0];
        assert_eq!(v.field, field);
        assert!(v.description.contains(limit), "{}", v.description);
    }
    // The search bot within its budget, where the seat has one legal action (the first bid of
    // this deal): that action, and the report says it did not search.
    let s = c
        .suggest_move(pb::SuggestMoveRequest {
            state: open(&record),
            bot: "search".to_owned(),
            seed: 5,
            budget: Some(pb::SearchBudget {
                worlds: 8,
                time_ms: 5_000,
            }),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(s.bot, "search");
    let report = s.search.expect("a search report");
    assert_eq!(report.worlds, 0);
    assert_eq!(report.fallback, "one legal action");
    assert_eq!(report.heuristic, s.r#move);
    // No bot named: the heuristic.
    let s = c
        .suggest_move(pb::SuggestMoveRequest {
            state: open(&record),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(s.bot, "heuristic");
    // The wrong seat: NOT_YOUR_TURN.
    let e = c
        .suggest_move(pb::SuggestMoveRequest {
            state: open(&record),
            seat: Some((s.seat + 1) % 4),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(e.code(), Code::FailedPrecondition);
    assert_eq!(reason(&e), "NOT_YOUR_TURN");
    // No state: INVALID_ARGUMENT.
    let e = c
        .suggest_move(pb::SuggestMoveRequest::default())
        .await
        .unwrap_err();
    assert_eq!(e.code(), Code::InvalidArgument);
    // A finished hand: GAME_OVER.
    let mut done = record.clone();
    let mut game = AnyGame::new(&Setup::seeded(
        Variant::HungarianIllustrated,
        4,
        Seat::new(3),
        tarock_engine::shuffle::seed_from_u64(3),
    ))
    .unwrap();
    use tarock_engine::game::Game;
    while let Some(a) = Bot::Random
        .choose(&game, &[], 9, Budget::default())
        .unwrap()
    {
        game = game.play(a).unwrap();
        done = c
            .apply_action(pb::ApplyActionRequest {
                state: Some(pb::apply_action_request::State::Record(done)),
                action_id: game_id(&game, a),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner()
            .record
            .unwrap();
    }
    let e = c
        .suggest_move(pb::SuggestMoveRequest {
            state: open(&done),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(e.code(), Code::FailedPrecondition);
    assert_eq!(reason(&e), "GAME_OVER");
    server.stop().await;
}

fn game_id(g: &AnyGame, a: Action) -> Option<u32> {
    g.action_id(a)
}

/// Sealed: a suggestion needs the acting seat's token (or the table token), like acting.
#[tokio::test]
async fn sealed_suggestions_need_the_acting_seats_token() {
    let server = TestServer::start_sealed(7).await;
    let mut c = server.client().await;
    let d = sealed_deal(&mut c, "hungarian-illustrated", 4, 3, 11).await;
    let sealed = d.sealed.clone().unwrap();
    let ask = |token: Vec<u8>| pb::SuggestMoveRequest {
        state: Some(pb::suggest_move_request::State::Sealed(sealed.clone())),
        token,
        ..Default::default()
    };
    // Seat 0 (right of the dealer) opens the auction.
    let own = c.suggest_move(ask(d.seat_tokens[0].clone())).await.unwrap();
    assert_eq!(own.get_ref().seat, 0);
    let table = c.suggest_move(ask(d.table_token.clone())).await.unwrap();
    assert_eq!(table.get_ref().r#move, own.get_ref().r#move);
    let e = c
        .suggest_move(ask(d.seat_tokens[1].clone()))
        .await
        .unwrap_err();
    assert_eq!(e.code(), Code::PermissionDenied);
    let e = c.suggest_move(ask(Vec::new())).await.unwrap_err();
    assert_eq!(e.code(), Code::PermissionDenied);
    let mut forged = d.seat_tokens[0].clone();
    forged[3] ^= 1;
    let e = c.suggest_move(ask(forged)).await.unwrap_err();
    assert_eq!(e.code(), Code::Unauthenticated);
    server.stop().await;
}
