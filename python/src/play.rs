//! `PlayCodec`: the `Play` stream's step messages written and read natively, for
//! `tarock.grpc.VectorEnv`.
//!
//! A step of 256 tables answers with a few kilobytes of columns; reading them with the Python
//! protobuf runtime, unpacking the masks with numpy and drawing the next actions costs the
//! client more than the server spends on the step. Here a step's request is written, its answer
//! decoded (prost) into the environment's numpy arrays, and the random draw made from the packed
//! masks, in one call each. Answers of any other shape (a refusal, an export, tables opened)
//! are left to the Python runtime.

use numpy::{
    PyArray1, PyReadonlyArray1, PyReadwriteArray1, PyReadwriteArray2, PyUntypedArrayMethods,
};
use prost::Message;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use tarock_proto::v1 as pb;

/// The step messages of one environment's tables.
#[pyclass(module = "tarock", name = "PlayCodec")]
pub(crate) struct PlayCodec {
    tables: usize,
    space: usize,
    mask_bytes: usize,
    seats: usize,
    /// The id of the environment's first table on its stream.
    base: u32,
    /// The last answer's masks, as sent: `mask_bytes` per table.
    masks: Vec<u8>,
}

impl PlayCodec {
    fn rows(&self, name: &str, rows: usize) -> PyResult<()> {
        if rows != self.tables {
            return Err(PyValueError::new_err(format!(
                "{name} has {rows} rows, not one per table ({})",
                self.tables
            )));
        }
        Ok(())
    }
}

#[pymethods]
impl PlayCodec {
    /// The codec of `tables` tables of an action space of `action_space` ids, masks of
    /// `mask_bytes` bytes, `seats` seats.
    #[new]
    fn new(tables: usize, action_space: usize, mask_bytes: usize, seats: usize) -> PyResult<Self> {
        if tables == 0 || mask_bytes != action_space.div_ceil(8) || seats == 0 {
            return Err(PyValueError::new_err(format!(
                "a codec of {tables} tables, {action_space} ids, {mask_bytes} mask bytes and \
                 {seats} seats cannot be"
            )));
        }
        Ok(PlayCodec {
            tables,
            space: action_space,
            mask_bytes,
            seats,
            base: 0,
            masks: vec![0; tables * mask_bytes],
        })
    }

    /// The id of the first table on the stream (the rest follow it).
    #[setter]
    fn set_base(&mut self, base: u32) {
        self.base = base;
    }

    /// The serialized PlayRequest that takes `actions[i]` at table `base + i`.
    fn step_request<'py>(
        &self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'_, i64>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let actions = actions.as_slice()?;
        self.rows("actions", actions.len())?;
        let mut ids = Vec::with_capacity(actions.len());
        for &a in actions {
            ids.push(
                u32::try_from(a)
                    .map_err(|_| PyValueError::new_err(format!("{a} is not an action id")))?,
            );
        }
        let request = pb::PlayRequest {
            tables: (self.base..self.base + self.tables as u32).collect(),
            action_ids: ids,
            ..pb::PlayRequest::default()
        };
        Ok(PyBytes::new(py, &request.encode_to_vec()))
    }

    /// Reads a step's answer into the arrays: the seat to act, the legal masks (unpacked), the
    /// hands played, the rewards and hand ends (`rewards` and `over` are only written where a
    /// hand ended). Returns False, writing nothing, for an answer that does not report every
    /// table once, in order, with no refusal, no records and no tensors: the caller reads those.
    #[allow(clippy::too_many_arguments)]
    fn read_step(
        &mut self,
        answer: &[u8],
        mut to_act: PyReadwriteArray1<'_, i64>,
        mut mask: PyReadwriteArray2<'_, bool>,
        mut hands: PyReadwriteArray1<'_, i64>,
        mut rewards: PyReadwriteArray2<'_, f64>,
        mut over: PyReadwriteArray1<'_, bool>,
    ) -> PyResult<bool> {
        let a = pb::PlayResponse::decode(answer)
            .map_err(|e| PyValueError::new_err(format!("not a PlayResponse: {e}")))?;
        let n = self.tables;
        let in_order = a.tables.len() == n
            && a.tables
                .iter()
                .enumerate()
                .all(|(i, &t)| t == self.base + i as u32);
        if !in_order
            || !a.errors.is_empty()
            || !a.records.is_empty()
            || !a.observations.is_empty()
            || !a.info_states.is_empty()
            || a.to_act.len() != n
            || a.hand_over.len() != n
            || a.hands_played.len() != n
            || a.legal_masks.len() != n * self.mask_bytes
        {
            return Ok(false);
        }
        let ended = a.hand_over.iter().filter(|&&o| o).count();
        if a.rewards.len() != ended * self.seats {
            return Ok(false);
        }
        self.rows("to_act", to_act.len())?;
        self.rows("mask", mask.shape()[0])?;
        self.rows("hands", hands.len())?;
        self.rows("rewards", rewards.shape()[0])?;
        self.rows("over", over.len())?;
        if mask.shape()[1] != self.space || rewards.shape()[1] != self.seats {
            return Err(PyValueError::new_err(
                "mask or rewards has the wrong number of columns",
            ));
        }
        for (o, &s) in to_act.as_slice_mut()?.iter_mut().zip(&a.to_act) {
            *o = i64::from(s);
        }
        for (o, &h) in hands.as_slice_mut()?.iter_mut().zip(&a.hands_played) {
            *o = i64::from(h);
        }
        let rewards = rewards.as_slice_mut()?;
        let over = over.as_slice_mut()?;
        let mut next = a.rewards.iter();
        for (i, &o) in a.hand_over.iter().enumerate() {
            over[i] = o;
            if o {
                for r in &mut rewards[i * self.seats..(i + 1) * self.seats] {
                    *r = next.next().map_or(0.0, |&x| x as f64);
                }
            }
        }
        let mask = mask.as_slice_mut()?;
        for (row, bytes) in mask
            .chunks_exact_mut(self.space)
            .zip(a.legal_masks.chunks_exact(self.mask_bytes))
        {
            for (id, cell) in row.iter_mut().enumerate() {
                *cell = bytes[id / 8] >> (id % 8) & 1 == 1;
            }
        }
        self.masks.copy_from_slice(&a.legal_masks);
        Ok(true)
    }

    /// One legal id per table from the masks of the last step read by `read_step`, drawn as
    /// `NativeVectorEnv.sample_legal` draws: table `i`'s legal ids in ascending order, the one at
    /// `floor(u[i] × count)`.
    fn sample_legal<'py>(
        &self,
        py: Python<'py>,
        u: PyReadonlyArray1<'_, f64>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let u = u.as_slice()?;
        self.rows("u", u.len())?;
        let mut out = Vec::with_capacity(self.tables);
        for (bytes, &x) in self.masks.chunks_exact(self.mask_bytes).zip(u) {
            if !(0.0..1.0).contains(&x) {
                return Err(PyValueError::new_err(format!(
                    "u holds {x}, outside [0, 1)"
                )));
            }
            let count: u32 = bytes.iter().map(|b| b.count_ones()).sum();
            if count == 0 {
                return Err(PyValueError::new_err("a table has no legal action"));
            }
            let mut k = ((x * f64::from(count)) as u32).min(count - 1);
            let mut id = -1i64;
            for (i, &b) in bytes.iter().enumerate() {
                let c = b.count_ones();
                if k < c {
                    let mut b = b;
                    for _ in 0..k {
                        b &= b - 1;
                    }
                    id = (i * 8) as i64 + i64::from(b.trailing_zeros());
                    break;
                }
                k -= c;
            }
            out.push(id);
        }
        Ok(PyArray1::from_vec(py, out))
    }
}
