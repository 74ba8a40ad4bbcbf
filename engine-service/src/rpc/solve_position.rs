//! `SolvePosition`: the exact double-dummy value of a position in trick play
//! ([`tarock_engine::Solver`]), for a side of seats, with a move that achieves it and, on
//! request, the value after each legal move; or, given cuts, where the value lies among them
//! ([`tarock_engine::Solver::solve_cuts`]); or the side's settlement under perfect play
//! ([`tarock_engine::Solver::solve_settlement`]).
//!
//! The solver reads every hand, so a sealed record needs the table token. It runs on the search
//! threads (see [`crate::rpc::suggest_move`]), under a node limit, with a solver (and its table,
//! [`SOLVER_ENTRIES`] entries) taken from the server's pool and put back after.

use crate::convert;
use crate::error::{self, Context, Reason};
use crate::state::{phase_name, Access, HasState};
use crate::Engine;
use std::sync::{Arc, Mutex};
use tarock_engine::game::{Game, Observe, Stage};
use tarock_engine::{Action, AnyGame, Seat, SeatMask, SolveError, Solver};
use tarock_proto::lazy;
use tarock_proto::v1 as pb;
use tonic::Status;

/// Entries of each pooled solver's table: 2^17, about 9 MiB.
pub(crate) const SOLVER_ENTRIES: usize = 1 << 17;

/// Solvers kept for reuse (at most one per search thread).
#[derive(Clone, Debug, Default)]
pub(crate) struct Solvers(Arc<Mutex<Vec<Solver>>>);

impl Solvers {
    fn take(&self) -> Solver {
        self.0
            .lock()
            .ok()
            .and_then(|mut v| v.pop())
            .unwrap_or_else(|| Solver::with_capacity(SOLVER_ENTRIES))
    }

    fn put(&self, s: Solver, keep: usize) {
        if let Ok(mut v) = self.0.lock() {
            if v.len() < keep {
                v.push(s);
            }
        }
    }
}

/// The answer: the value for the side, its best move, and each move's value on request.
pub(crate) async fn handle(
    engine: &Engine,
    r: &lazy::SolvePositionRequest,
) -> Result<pb::SolvePositionResponse, Status> {
    let limit = engine.limits.max_solve_nodes;
    if r.max_nodes > limit {
        return Err(error::bad_field(
            "max_nodes",
            &format!("ask for at most {limit} nodes, not {}", r.max_nodes),
        ));
    }
    let nodes = if r.max_nodes == 0 { limit } else { r.max_nodes };
    let cuts = r.cuts_thirds.clone();
    if r.settlement && !cuts.is_empty() {
        return Err(error::bad_field(
            "cuts_thirds",
            "cuts place card points: not with settlement",
        ));
    }
    let settlement = r.settlement;
    let (replayed, access) = engine.open(r.state(), &r.token)?;
    if !matches!(access, Access::Open | Access::Table) {
        return Err(error::refused(
            Reason::TokenNotAllowed,
            "solving a sealed game reads every hand: it needs the table token",
        ));
    }
    let game = replayed.game;
    if game.stage() != Stage::Play || game.to_act().is_none() {
        let context = Context {
            seat: game.to_act(),
            phase: phase_name(&game),
            action_index: replayed.decoded.actions.len(),
            rule: None,
        };
        return Err(error::precondition(
            Reason::WrongPhase,
            "SolvePosition solves positions in trick play",
            &context,
        ));
    }
    let side = side(&game, &r.side)?;
    let solvers = engine.solvers.clone();
    let keep = engine.limits.search_threads;
    let each = r.each_move;
    let solved = engine.search_pool.run(move || {
        let mut solver = solvers.take();
        solver.set_node_limit(nodes);
        let out = if settlement {
            if each {
                solver.settlement_each(&game, side)
            } else {
                solver
                    .solve_settlement(&game, side)
                    .map(|s| (s, Vec::new()))
            }
            .map(|(s, moves)| Answer {
                value_thirds: 0,
                reached: 0,
                settled: s.value,
                best: s.best,
                moves: moves.into_iter().map(|(a, v)| (a, 0, 0, v)).collect(),
                nodes: s.nodes,
            })
        } else if !cuts.is_empty() {
            if each {
                solver.solve_cuts_each(&game, side, &cuts)
            } else {
                solver
                    .solve_cuts(&game, side, &cuts)
                    .map(|b| (b, Vec::new()))
            }
            .map(|(b, moves)| Answer {
                value_thirds: 0,
                reached: count(b.reached),
                settled: 0,
                best: b.best,
                moves: moves
                    .into_iter()
                    .map(|(a, r)| (a, 0, count(r), 0))
                    .collect(),
                nodes: b.nodes,
            })
        } else {
            // With each move, a limit reached among the moves reports the position's value,
            // proved by then, as both bounds.
            if each {
                solver.solve_each(&game, side)
            } else {
                solver.solve(&game, side).map(|s| (s, Vec::new()))
            }
            .map(|(s, moves)| Answer {
                value_thirds: s.value_thirds,
                reached: 0,
                settled: 0,
                best: s.best,
                moves: moves.into_iter().map(|(a, v)| (a, v, 0, 0)).collect(),
                nodes: s.nodes,
            })
        };
        solvers.put(solver, keep);
        out
    });
    let solved = solved.await?;
    let answer = solved.map_err(|e| match e {
        SolveError::NodeLimit {
            nodes,
            lower_thirds,
            upper_thirds,
        } => error::status(
            Reason::SolveLimit,
            &if each && lower_thirds == upper_thirds {
                format!(
                    "the moves' values were not proved within {nodes} nodes (the position's is \
                     {lower_thirds} thirds of a point): raise max_nodes"
                )
            } else {
                format!(
                    "the value was not proved within {nodes} nodes (it lies between \
                     {lower_thirds} and {upper_thirds} thirds of a point): raise max_nodes, or \
                     solve a later position"
                )
            },
            &[
                ("nodes", nodes.to_string()),
                ("lower_thirds", lower_thirds.to_string()),
                ("upper_thirds", upper_thirds.to_string()),
            ],
        ),
        SolveError::SettlementLimit { nodes } => error::status(
            Reason::SolveLimit,
            &format!(
                "the settlement was not proved within {nodes} nodes: raise max_nodes, or solve \
                 a later position"
            ),
            &[("nodes", nodes.to_string())],
        ),
        SolveError::UnorderedCuts => error::bad_field(
            "cuts_thirds",
            "the cuts must be in strictly ascending order",
        ),
        other => error::internal(&other.to_string()),
    })?;
    Ok(pb::SolvePositionResponse {
        side: Seat::all(game.table_info().seats)
            .filter(|&s| side.contains(s))
            .map(|s| u32::from(s.get()))
            .collect(),
        value_thirds: answer.value_thirds,
        value: answer.value_thirds as f64 / 3.0,
        best: Some(convert::legal_move(&game, answer.best)),
        moves: answer
            .moves
            .into_iter()
            .map(|(a, value_thirds, reached, settled)| pb::SolvedMove {
                r#move: Some(convert::legal_move(&game, a)),
                value_thirds,
                reached,
                settled,
            })
            .collect(),
        nodes: answer.nodes,
        reached: answer.reached,
        settled: answer.settled,
    })
}

/// What the search thread found.
struct Answer {
    value_thirds: i64,
    reached: u32,
    settled: i64,
    best: Action,
    /// Each move, its value, its bracket and its settlement (each 0 where not asked for).
    moves: Vec<(Action, i64, u32, i64)>,
    nodes: u64,
}

/// A number of cuts reached, as the wire carries it.
fn count(reached: usize) -> u32 {
    u32::try_from(reached).unwrap_or(u32::MAX)
}

/// The side of the request: its seats, or the declarer's team when it names none.
fn side(game: &AnyGame, seats: &[u32]) -> Result<SeatMask, Status> {
    let table = game.table_info();
    if seats.is_empty() {
        return SeatMask::declarer_side(game).ok_or_else(|| {
            error::bad_field(
                "side",
                "this hand has no declarer's team: name the side's seats",
            )
        });
    }
    let mut mask = SeatMask::EMPTY;
    for &n in seats {
        let seat = u8::try_from(n)
            .ok()
            .filter(|&s| s < table.seats)
            .and_then(Seat::try_new)
            .ok_or_else(|| {
                error::bad_field(
                    "side",
                    &format!("no seat {n} at this table of {}", table.seats),
                )
            })?;
        if mask.contains(seat) {
            return Err(error::bad_field(
                "side",
                &format!("seat {n} is named twice"),
            ));
        }
        if !table.is_active(seat) {
            return Err(error::bad_field(
                "side",
                &format!("seat {n} sits this hand out"),
            ));
        }
        mask = mask.with(seat);
    }
    Ok(mask)
}
