//! `State.bot_action` and `State.solve`: the engine's built-in bots and its double-dummy
//! solver, run with the GIL released.

use crate::state::State;
use crate::{SolveLimitError, TarockError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::time::Duration;
use tarock_engine::game::Observe;
use tarock_engine::{Bot, Budget, Seat, SeatMask, SolveError, Solver};

/// The action id `bot` chooses for the seat to act, or `None` once the hand is over.
pub(crate) fn bot_action(
    py: Python<'_>,
    state: &State,
    bot: &str,
    seed: u64,
    worlds: Option<u32>,
    time_ms: Option<u64>,
) -> PyResult<Option<u32>> {
    let bot: Bot = bot
        .parse()
        .map_err(|e: tarock_engine::bot::UnknownBot| TarockError::new_err(e.to_string()))?;
    if worlds == Some(0) {
        return Err(TarockError::new_err("worlds is at least 1"));
    }
    let budget = Budget {
        worlds: worlds.unwrap_or(Budget::DEFAULT_WORLDS),
        time: time_ms.map(Duration::from_millis),
    };
    let (game, actions) = (&state.game, &state.actions);
    let chosen = py
        .detach(|| bot.choose(game, actions, seed, budget))
        .map_err(|e| TarockError::new_err(e.to_string()))?;
    Ok(chosen.and_then(|a| game.action_id(a)))
}

/// What `State.solve` values.
pub(crate) enum Solve {
    /// The exact card points.
    Points,
    /// Where they lie among these cuts (thirds).
    Cuts(Vec<i64>),
    /// The side's settlement.
    Settlement,
}

/// The double-dummy value for `side` (the declarer's team when `None`): a dict with the value
/// in points and in thirds, the best move's id, the nodes searched and, with `each_move`, each
/// legal move's value in thirds by id; or, with cuts, how many of them the value reaches
/// (and with `each_move`, how many each move's does); or the side's settlement (and each
/// move's).
pub(crate) fn solve<'py>(
    py: Python<'py>,
    state: &State,
    side: Option<Vec<u8>>,
    each_move: bool,
    max_nodes: Option<u64>,
    what: Solve,
) -> PyResult<Bound<'py, PyDict>> {
    let game = &state.game;
    let table = game.table_info();
    let mask = match side {
        None => SeatMask::declarer_side(game).ok_or_else(|| {
            TarockError::new_err("this hand has no declarer's team: name the side's seats")
        })?,
        Some(seats) => {
            let mut m = SeatMask::EMPTY;
            for s in seats {
                if s >= table.seats {
                    return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                        "no seat {s} at a table of {}",
                        table.seats
                    )));
                }
                m = m.with(Seat::new(s));
            }
            m
        }
    };
    // The settlement's search keeps no table: the smallest does.
    let entries = match what {
        Solve::Settlement => 4,
        _ => Solver::DEFAULT_ENTRIES,
    };
    let mut solver = Solver::with_capacity(entries);
    solver.set_node_limit(max_nodes.unwrap_or(u64::MAX));
    let out = PyDict::new(py);
    // Each kind's own items, then what they share: the best move, the nodes and each move's
    // figure (its value, bracket or settlement).
    let (best, nodes, moves) = match what {
        Solve::Points => {
            let (s, moves) = py
                .detach(|| {
                    if each_move {
                        solver.solve_each(game, mask)
                    } else {
                        solver.solve(game, mask).map(|s| (s, Vec::new()))
                    }
                })
                .map_err(|e| solve_error(py, e))?;
            out.set_item("value", s.value_thirds as f64 / 3.0)?;
            out.set_item("value_thirds", s.value_thirds)?;
            (s.best, s.nodes, moves)
        }
        Solve::Cuts(cuts) => {
            // TarockError is a ValueError: cuts out of order among them.
            let (b, moves) = py
                .detach(|| {
                    if each_move {
                        solver.solve_cuts_each(game, mask, &cuts)
                    } else {
                        solver
                            .solve_cuts(game, mask, &cuts)
                            .map(|b| (b, Vec::new()))
                    }
                })
                .map_err(|e| solve_error(py, e))?;
            out.set_item("reached", b.reached)?;
            let moves = moves
                .into_iter()
                .map(|(a, r)| (a, i64::try_from(r).unwrap_or(i64::MAX)))
                .collect();
            (b.best, b.nodes, moves)
        }
        Solve::Settlement => {
            let (s, moves) = py
                .detach(|| {
                    if each_move {
                        solver.settlement_each(game, mask)
                    } else {
                        solver.solve_settlement(game, mask).map(|s| (s, Vec::new()))
                    }
                })
                .map_err(|e| solve_error(py, e))?;
            out.set_item("settled", s.value)?;
            (s.best, s.nodes, moves)
        }
    };
    out.set_item("best", game.action_id(best))?;
    out.set_item("nodes", nodes)?;
    if each_move {
        let m = PyDict::new(py);
        for (a, v) in moves {
            m.set_item(game.action_id(a), v)?;
        }
        out.set_item("moves", m)?;
    }
    Ok(out)
}

/// The Python exception for a solver's error: `SolveLimitError` with what the search proved
/// for a node limit, `TarockError` otherwise.
fn solve_error(py: Python<'_>, e: SolveError) -> PyErr {
    let (nodes, lower_thirds, upper_thirds) = match e {
        SolveError::NodeLimit {
            nodes,
            lower_thirds,
            upper_thirds,
        } => (nodes, Some(lower_thirds), Some(upper_thirds)),
        // A settlement proves no bounds on the way.
        SolveError::SettlementLimit { nodes } => (nodes, None, None),
        _ => return TarockError::new_err(e.to_string()),
    };
    let err = SolveLimitError::new_err(e.to_string());
    let value = err.value(py);
    let set = value
        .setattr("nodes", nodes)
        .and_then(|()| value.setattr("lower_thirds", lower_thirds))
        .and_then(|()| value.setattr("upper_thirds", upper_thirds));
    match set {
        Ok(()) => err,
        Err(failed) => failed,
    }
}
