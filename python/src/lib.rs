//! `tarock._native`: the engine's hands as Python objects.
//!
//! A [`State`] holds one hand of any variant: the setup it was dealt from, the game, and the
//! actions applied, so that it can write its record and encode a seat's information state. The
//! names follow OpenSpiel's `State` where they mean the same thing (`current_player`,
//! `legal_actions`, `apply_action`, `returns`, ...); actions are the engine's stable action ids.
//! Errors are Python exceptions derived from `tarock.TarockError` (itself a `ValueError`).

mod args;
mod bots;
mod play;
mod record;
mod state;
mod vector;
mod worlds;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    tarock,
    TarockError,
    PyValueError,
    "The base of the errors of the tarock package."
);
create_exception!(
    tarock,
    IllegalActionError,
    TarockError,
    "An action the rules forbid here, or an id outside the action space. The message names \
     the rule (a CHECKLIST id such as HU-PLAY-05)."
);
create_exception!(
    tarock,
    InvalidSetupError,
    TarockError,
    "A hand that cannot be dealt: an unknown variant or option, a table size the variant is \
     not played with, a dealer outside the table, a malformed seed."
);
create_exception!(
    tarock,
    RecordError,
    TarockError,
    "Bytes that are not a GameRecord, or a record that does not replay (the message names the \
     field or the first illegal action)."
);

create_exception!(
    tarock,
    SolveLimitError,
    TarockError,
    "A double-dummy solve stopped by its node limit (`max_nodes`) before proving the value. \
     Its attributes say what was proved by then: `nodes` (searched), `lower_thirds` and \
     `upper_thirds` (the value lies between them, in thirds of a point; `None` for a \
     settlement, which proves no bounds on the way)."
);

/// The value of `current_player()` once the hand is over: OpenSpiel's `kTerminalPlayerId`.
pub(crate) const TERMINAL_PLAYER: i64 = -4;

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("TarockError", py.get_type::<TarockError>())?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add("InvalidSetupError", py.get_type::<InvalidSetupError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add("SolveLimitError", py.get_type::<SolveLimitError>())?;
    m.add("TERMINAL_PLAYER", TERMINAL_PLAYER)?;
    m.add("RULES_VERSION", tarock_engine::RULES_VERSION)?;
    m.add_class::<state::State>()?;
    m.add_class::<vector::VectorGame>()?;
    m.add_class::<play::PlayCodec>()?;
    m.add_function(wrap_pyfunction!(state::new_game, m)?)?;
    m.add_function(wrap_pyfunction!(record::from_record_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(args::variants, m)?)?;
    Ok(())
}
