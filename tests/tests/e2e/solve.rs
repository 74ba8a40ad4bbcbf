//! SolvePosition: the double-dummy value over gRPC is the engine solver's, for the declarer's
//! team or a named side, with each move's value on request, or placed among cuts, or the side's
//! settlement; refused where it cannot answer
//! (outside trick play, a side that is no side, over the node limit) and, for sealed games,
//! without the table token.

use tarock_e2e::{apply_id, engine_game, new_deal, sealed_deal, Chooser, TestServer};
use tarock_engine::game::{Game, Observe, Stage};
use tarock_engine::{SeatMask, Solver};
use tarock_proto::v1 as pb;
use tarock_proto::v1::engine_service_client::EngineServiceClient;
use tonic::transport::Channel;
use tonic::Code;
use tonic_types::StatusExt;

type Client = EngineServiceClient<Channel>;

/// The record of `variant` dealt from `n` and played (random choices) until it is in trick play
/// with at most `left` cards in the hand of the seat to act; `None` if the hand ends first.
async fn ending(
    c: &mut Client,
    variant: &str,
    seats: u32,
    n: u64,
    left: u32,
) -> Option<pb::GameRecord> {
    let mut record = new_deal(c, variant, n, seats).await;
    let mut chooser = Chooser::new(n);
    loop {
        let g = engine_game(&record);
        let to_act = g.to_act()?;
        if g.stage() == Stage::Play && g.hand(to_act).len() <= left {
            return Some(record);
        }
        let lm = tarock_e2e::legal_moves(c, &record).await;
        let m = chooser.pick(&lm.moves, lm.phase);
        record = apply_id(c, record, m.id).await;
    }
}

fn open(r: &pb::GameRecord) -> Option<pb::solve_position_request::State> {
    Some(pb::solve_position_request::State::Record(r.clone()))
}

/// The side a request names in `g`: its seats, or the declarer's team when it names none
/// (`None` where the hand has no such team).
fn side_mask(g: &tarock_engine::AnyGame, side: &[u32]) -> Option<SeatMask> {
    if side.is_empty() {
        return SeatMask::declarer_side(g);
    }
    Some(side.iter().fold(SeatMask::EMPTY, |m, &s| {
        m.with(tarock_engine::Seat::new(s as u8))
    }))
}

/// An ending to solve, and the side a request names in it.
struct Ending {
    variant: &'static str,
    seats: u32,
    n: u64,
    record: pb::GameRecord,
    g: tarock_engine::AnyGame,
    side: Vec<u32>,
    mask: SeatMask,
}

impl Ending {
    /// The server's answer for this ending with each move's value (`settlement`: the
    /// settlement's).
    async fn each_move(&self, c: &mut Client, settlement: bool) -> pb::SolvePositionResponse {
        c.solve_position(pb::SolvePositionRequest {
            state: open(&self.record),
            side: self.side.clone(),
            each_move: true,
            settlement,
            ..Default::default()
        })
        .await
        .expect("solved")
        .into_inner()
    }
}

/// The endings of deals 0 to 5 of each `(variant, seats, side)` with at most `left` cards in
/// the hand to act; hands that end first, and those without the declarer's team an empty side
/// names (the default is refused, see `refusals`), left out.
async fn endings(c: &mut Client, cases: &[(&'static str, u32, &[u32])], left: u32) -> Vec<Ending> {
    let mut out = Vec::new();
    for &(variant, seats, side) in cases {
        for n in 0..6u64 {
            let Some(record) = ending(c, variant, seats, n, left).await else {
                continue;
            };
            let g = engine_game(&record);
            let Some(mask) = side_mask(&g, side) else {
                continue;
            };
            out.push(Ending {
                variant,
                seats,
                n,
                record,
                g,
                side: side.to_vec(),
                mask,
            });
        }
    }
    out
}

fn reason(s: &tonic::Status) -> String {
    s.get_error_details()
        .error_info()
        .map(|i| i.reason.clone())
        .unwrap_or_default()
}

/// Asserts that `e` is INVALID_ARGUMENT naming `field`, its description saying `says`.
fn refused_field(e: &tonic::Status, field: &str, says: &str) {
    assert_eq!(e.code(), Code::InvalidArgument);
    let d = e.get_error_details();
    let v = &d.bad_request().expect("BadRequest").field_violations[0];
    assert_eq!(v.field, field);
    assert!(v.description.contains(says), "{}", v.description);
}

/// The answer is the engine solver's: the value, a best move worth it, and each legal move's
/// value in LegalMoves' order; for the declarer's team by default and for a named side.
#[tokio::test]
async fn values_are_the_engine_solvers() {
    let server = TestServer::start_default().await;
    let mut c = server.client().await;
    let cases: [(_, _, &[u32]); 4] = [
        ("hungarian-illustrated", 4, &[]),
        ("polish-krolami", 4, &[]),
        ("austrian-illustrated", 3, &[1]),
        ("danish-tarok", 3, &[0, 2]),
    ];
    let endings = endings(&mut c, &cases, 4).await;
    assert!(endings.len() >= 12, "only {} positions", endings.len());
    for e in &endings {
        let r = e.each_move(&mut c, false).await;
        let (variant, n, g, mask) = (e.variant, e.n, &e.g, e.mask);
        let mut solver = Solver::new();
        let want = solver.solve(g, mask).expect("the engine solves it");
        assert_eq!(r.value_thirds, want.value_thirds, "{variant} deal {n}");
        assert!((r.value - want.value_thirds as f64 / 3.0).abs() < 1e-9);
        let legal = g.legal_actions();
        let values = solver.values(g, mask).expect("each move");
        assert_eq!(r.moves.len(), legal.len());
        for (m, (a, v)) in r.moves.iter().zip(&values) {
            assert_eq!(m.r#move.as_ref().unwrap().id, g.action_id(*a).unwrap());
            assert_eq!(m.value_thirds, *v);
        }
        let best = r.best.as_ref().expect("a best move").id;
        let best_value = r
            .moves
            .iter()
            .find(|m| m.r#move.as_ref().unwrap().id == best)
            .expect("the best move is legal")
            .value_thirds;
        assert_eq!(best_value, r.value_thirds, "{variant} deal {n}");
        let expected_side: Vec<u32> = (0..e.seats)
            .filter(|&s| mask.contains(tarock_engine::Seat::new(s as u8)))
            .collect();
        assert_eq!(r.side, expected_side);
        assert!(r.nodes > 0);
    }
    server.stop().await;
}

/// With cuts, the answer places the engine's exact value among them and names a move that keeps
/// it there; with `each_move` too, each move's exact value; cuts out of order are refused.
#[tokio::test]
async fn cuts_place_the_value() {
    let server = TestServer::start_default().await;
    let mut c = server.client().await;
    let mut placed = 0;
    for n in 0..8u64 {
        let Some(record) = ending(&mut c, "hungarian-illustrated", 4, n, 5).await else {
            continue;
        };
        let g = engine_game(&record);
        let mask = SeatMask::declarer_side(&g).expect("a declarer's team");
        let v = Solver::new()
            .solve(&g, mask)
            .expect("solvable")
            .value_thirds;
        // Cuts at, just above and well below the value.
        let cuts = vec![v - 30, v, v + 1];
        let r = c
            .solve_position(pb::SolvePositionRequest {
                state: open(&record),
                cuts_thirds: cuts.clone(),
                ..Default::default()
            })
            .await
            .expect("placed")
            .into_inner();
        assert_eq!(r.reached, 2, "deal {n}: {v} in {cuts:?}");
        assert_eq!(r.value_thirds, 0);
        let best = r.best.expect("a move").id;
        assert!(g
            .legal_actions()
            .iter()
            .any(|&a| g.action_id(a) == Some(best)));
        assert!(r.nodes > 0);
        placed += 1;
        // Each move's bracket is its exact value's, in LegalMoves' order; the position's is
        // the best of them, and its move one that reaches it.
        let each = c
            .solve_position(pb::SolvePositionRequest {
                state: open(&record),
                cuts_thirds: cuts.clone(),
                each_move: true,
                ..Default::default()
            })
            .await
            .expect("placed")
            .into_inner();
        let values = Solver::new().values(&g, mask).expect("each move");
        assert_eq!(each.moves.len(), values.len(), "deal {n}");
        for (m, (a, x)) in each.moves.iter().zip(&values) {
            assert_eq!(m.r#move.as_ref().unwrap().id, g.action_id(*a).unwrap());
            let want = cuts.iter().filter(|&&k| *x >= k).count() as u32;
            assert_eq!(m.reached, want, "deal {n}: after {a}, {x} in {cuts:?}");
            assert_eq!(m.value_thirds, 0);
        }
        assert_eq!(each.reached, 2, "deal {n}");
        let best = each.best.expect("a move").id;
        assert!(each
            .moves
            .iter()
            .any(|m| m.r#move.as_ref().unwrap().id == best && m.reached == 2));
        let e = c
            .solve_position(pb::SolvePositionRequest {
                state: open(&record),
                cuts_thirds: vec![6, 3],
                ..Default::default()
            })
            .await
            .unwrap_err();
        refused_field(&e, "cuts_thirds", "ascending");
    }
    assert!(placed >= 4, "only {placed} positions placed");
    server.stop().await;
}

/// With `settlement`, the answer is the engine's settlement solve: what the side nets, a move
/// that achieves it and each move's, in LegalMoves' order, for the declarer's team or a named
/// side; refused with cuts, and over its node limit with the nodes searched.
#[tokio::test]
async fn settlements_are_the_engine_solvers() {
    let server = TestServer::start_default().await;
    let mut c = server.client().await;
    let cases: [(_, _, &[u32]); 3] = [
        ("hungarian-illustrated", 4, &[]),
        ("austrian-illustrated", 3, &[1]),
        ("slovenian-tarok", 4, &[0, 1]),
    ];
    let endings = endings(&mut c, &cases, 3).await;
    assert!(endings.len() >= 8, "only {} positions", endings.len());
    for e in &endings {
        let r = e.each_move(&mut c, true).await;
        let (variant, n, g, mask) = (e.variant, e.n, &e.g, e.mask);
        let (want, moves) = Solver::new()
            .settlement_each(g, mask)
            .expect("the engine solves it");
        assert_eq!(r.settled, want.value, "{variant} deal {n}");
        assert_eq!((r.value_thirds, r.reached), (0, 0));
        assert_eq!(r.moves.len(), moves.len());
        for (m, (a, v)) in r.moves.iter().zip(&moves) {
            assert_eq!(m.r#move.as_ref().unwrap().id, g.action_id(*a).unwrap());
            assert_eq!(m.settled, *v, "{variant} deal {n}: after {a}");
        }
        let best = r.best.as_ref().expect("a best move").id;
        assert!(r
            .moves
            .iter()
            .any(|m| m.r#move.as_ref().unwrap().id == best && m.settled == r.settled));
        assert!(r.nodes > 0);
    }

    let record = ending(&mut c, "hungarian-illustrated", 4, 1, 9)
        .await
        .expect("a hand in play");
    let e = c
        .solve_position(pb::SolvePositionRequest {
            state: open(&record),
            settlement: true,
            cuts_thirds: vec![144],
            ..Default::default()
        })
        .await
        .unwrap_err();
    refused_field(&e, "cuts_thirds", "settlement");
    let e = c
        .solve_position(pb::SolvePositionRequest {
            state: open(&record),
            settlement: true,
            max_nodes: 500,
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(e.code(), Code::ResourceExhausted);
    assert_eq!(reason(&e), "SOLVE_LIMIT");
    let info = e
        .get_error_details()
        .error_info()
        .expect("ErrorInfo")
        .clone();
    assert_eq!(info.metadata["nodes"], "501");
    assert!(!info.metadata.contains_key("lower_thirds"));
    server.stop().await;
}

/// Refusals: outside trick play, a side that names no seat of the table, a seat twice, no side
/// where the hand has no declarer's team, a node limit beyond the server's, and a position that
/// needs more nodes than asked.
#[tokio::test]
async fn what_it_cannot_answer_is_refused() {
    let server = TestServer::start_default().await;
    let mut c = server.client().await;
    let dealt = new_deal(&mut c, "hungarian-illustrated", 1, 4).await;
    let e = c
        .solve_position(pb::SolvePositionRequest {
            state: open(&dealt),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(e.code(), Code::FailedPrecondition);
    assert_eq!(reason(&e), "WRONG_PHASE");

    let danish = ending(&mut c, "danish-tarok", 3, 2, 20)
        .await
        .expect("a Danish hand in play");
    for (side, field_says) in [
        (vec![], "no declarer's team"),
        (vec![3], "no seat 3"),
        (vec![1, 1], "named twice"),
    ] {
        let e = c
            .solve_position(pb::SolvePositionRequest {
                state: open(&danish),
                side,
                ..Default::default()
            })
            .await
            .unwrap_err();
        refused_field(&e, "side", field_says);
    }
    let e = c
        .solve_position(pb::SolvePositionRequest {
            state: open(&danish),
            side: vec![0],
            max_nodes: 50_000_001,
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(e.code(), Code::InvalidArgument);
    // Twenty tricks to go cannot be proved in a hundred nodes.
    let e = c
        .solve_position(pb::SolvePositionRequest {
            state: open(&danish),
            side: vec![0],
            max_nodes: 100,
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(e.code(), Code::ResourceExhausted);
    assert_eq!(reason(&e), "SOLVE_LIMIT");
    let info = e
        .get_error_details()
        .error_info()
        .expect("ErrorInfo")
        .clone();
    assert!(info.metadata["nodes"].parse::<u64>().unwrap() > 100);
    server.stop().await;
}

/// A search stopped by its node limit reports the bounds it proved, which hold the engine's
/// value; with `each_move`, a limit reached among the moves reports the position's own value.
#[tokio::test]
async fn a_limit_reports_the_bounds_proved() {
    let server = TestServer::start_default().await;
    let mut c = server.client().await;
    let bounds = |e: &tonic::Status| {
        assert_eq!(e.code(), Code::ResourceExhausted);
        assert_eq!(reason(e), "SOLVE_LIMIT");
        let info = e
            .get_error_details()
            .error_info()
            .expect("ErrorInfo")
            .clone();
        let read = |k: &str| info.metadata[k].parse::<i64>().expect("a number");
        (read("lower_thirds"), read("upper_thirds"))
    };
    let mut exact_at_limit = 0;
    for n in 0..4u64 {
        for (left, each_move) in [(9, false), (4, true)] {
            let Some(record) = ending(&mut c, "hungarian-illustrated", 4, n, left).await else {
                continue;
            };
            let g = engine_game(&record);
            let side = SeatMask::declarer_side(&g).expect("a declarer's team");
            let solved = Solver::new().solve(&g, side).expect("solvable");
            // Whole plays stop early; endings once the position itself is proved (a table
            // of the server's size searches the same nodes).
            let max_nodes = if each_move {
                let mut solver = Solver::with_capacity(1 << 17);
                solver.solve(&g, side).expect("solvable").nodes + 1
            } else {
                300
            };
            let e = c
                .solve_position(pb::SolvePositionRequest {
                    state: open(&record),
                    each_move,
                    max_nodes,
                    ..Default::default()
                })
                .await
                .unwrap_err();
            let (lower, upper) = bounds(&e);
            let v = solved.value_thirds;
            assert!(
                lower <= v && v <= upper,
                "deal {n}: {v} outside {lower}..={upper}"
            );
            if each_move && lower == upper {
                exact_at_limit += 1;
            }
        }
    }
    assert!(exact_at_limit > 0, "no ending reported its proved value");
    server.stop().await;
}

/// A sealed game is solved only with the table token: a seat's token would show it the others'
/// hands.
#[tokio::test]
async fn sealed_games_need_the_table_token() {
    let server = TestServer::start_sealed(9).await;
    let mut c = server.client().await;
    let d = sealed_deal(&mut c, "hungarian-illustrated", 4, 3, 11).await;
    let ask = |token: Vec<u8>| pb::SolvePositionRequest {
        state: Some(pb::solve_position_request::State::Sealed(
            d.sealed.clone().unwrap(),
        )),
        token,
        ..Default::default()
    };
    for token in [d.seat_tokens[0].clone(), Vec::new()] {
        let e = c.solve_position(ask(token)).await.unwrap_err();
        assert_eq!(e.code(), Code::PermissionDenied);
        assert_eq!(reason(&e), "TOKEN_NOT_ALLOWED");
    }
    // The table token passes the check; the dealt hand is not in trick play yet.
    let e = c
        .solve_position(ask(d.table_token.clone()))
        .await
        .unwrap_err();
    assert_eq!(e.code(), Code::FailedPrecondition);
    assert_eq!(reason(&e), "WRONG_PHASE");
    server.stop().await;
}
