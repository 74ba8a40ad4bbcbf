//! `VectorGame`: many tables of one variant stepped together, one action per table per call,
//! the answers written into numpy arrays the caller owns. Behind `tarock.vector.NativeVectorEnv`.
//!
//! A loop over `State`s pays the interpreter's price per table and per call (`is_terminal`,
//! `legal_actions`, `apply_action`); here one call steps every table, and the masks, seats to
//! act, rewards and tensors are written straight into arrays, so a bot's cost per action is the
//! engine's plus a few bytes of mask. The tables restart as the server's `Play` stream does:
//! each hand's seed is the SHA-256 of the one before, the deal passing to the next seat.

use numpy::{
    PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyReadwriteArray1, PyReadwriteArray2,
    PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use sha2::{Digest, Sha256};
use tarock_engine::game::{ActionList, Game, Observe};
use tarock_engine::{Action, AnyGame, DealSource, Seat, Setup};

use crate::state::State;
use crate::{args, IllegalActionError, InvalidSetupError};

/// One table: its hand in progress and how it was dealt.
struct Table {
    game: AnyGame,
    actions: Vec<Action>,
    seed: [u8; 32],
    dealer: Seat,
    hands: u64,
    /// The legal action ids as bits, as `observe` last listed them, while `fresh`.
    legal: [u64; LEGAL_WORDS],
    /// How many bits `legal` has set.
    count: u32,
    /// True while `legal` is the hand's legal actions (from `observe` to the next `step`).
    fresh: bool,
}

/// Words of a table's legal-id bits: every game's action space is below 512 ids.
const LEGAL_WORDS: usize = 8;

impl Table {
    /// The legal ids of the seat to act as bits, and their number.
    fn list(&mut self, legal: &mut ActionList) {
        if self.fresh {
            return;
        }
        self.legal = [0; LEGAL_WORDS];
        self.game.legal_actions_into(legal);
        for &a in legal.iter() {
            // Every listed action has an id (the engine's tests check it for every game).
            if let Some(id) = self.game.action_id(a) {
                if let Some(w) = self.legal.get_mut(id as usize / 64) {
                    *w |= 1 << (id % 64);
                }
            }
        }
        self.count = self.legal.iter().map(|w| w.count_ones()).sum();
        self.fresh = true;
    }

    /// True when the id is legal (`list` first).
    fn is_legal(&self, id: u32) -> bool {
        self.legal
            .get(id as usize / 64)
            .is_some_and(|w| w >> (id % 64) & 1 == 1)
    }

    /// The `k`-th legal id in ascending order (`list` first; `k` below `count`).
    fn nth_legal(&self, mut k: u32) -> Option<u32> {
        for (i, &w) in self.legal.iter().enumerate() {
            let n = w.count_ones();
            if k < n {
                let mut w = w;
                for _ in 0..k {
                    w &= w - 1;
                }
                return Some(i as u32 * 64 + w.trailing_zeros());
            }
            k -= n;
        }
        None
    }
}

/// Tables of one variant, stepped together.
#[pyclass(module = "tarock", name = "VectorGame")]
pub(crate) struct VectorGame {
    /// The variant, options and seats every table deals with (the seed and dealer are each
    /// table's own).
    template: Setup,
    tables: Vec<Table>,
    space: usize,
    /// The legal list, reused.
    legal: ActionList,
}

impl VectorGame {
    /// Deals table `t`'s hand from its seed and dealer.
    fn deal(template: &Setup, seed: [u8; 32], dealer: Seat) -> PyResult<AnyGame> {
        let setup = Setup {
            dealer,
            deal: DealSource::Seed(seed),
            ..template.clone()
        };
        AnyGame::new(&setup).map_err(|e| InvalidSetupError::new_err(e.to_string()))
    }

    fn check_rows(&self, name: &str, rows: usize) -> PyResult<()> {
        if rows != self.tables.len() {
            return Err(PyValueError::new_err(format!(
                "{name} has {rows} rows, not one per table ({})",
                self.tables.len()
            )));
        }
        Ok(())
    }

    /// Writes one tensor per table into `out` (`[tables, size]`) with `write`.
    fn write_tensors(
        &self,
        out: &Bound<'_, PyArray2<f32>>,
        size: usize,
        write: impl Fn(&Table, Seat, &mut [f32]) -> Result<(), tarock_engine::encode::EncodeError>,
    ) -> PyResult<()> {
        self.check_rows("out", out.shape()[0])?;
        if out.shape()[1] != size {
            return Err(PyValueError::new_err(format!(
                "out has {} columns, not the tensor's {size}",
                out.shape()[1]
            )));
        }
        let mut rw = out.readwrite();
        let flat = rw.as_slice_mut()?;
        for (t, row) in self.tables.iter().zip(flat.chunks_exact_mut(size)) {
            // The seat to act; there always is one, as a finished hand is dealt anew.
            let seat = t.game.to_act().unwrap_or_default();
            write(t, seat, row).map_err(|e| PyValueError::new_err(e.to_string()))?;
        }
        Ok(())
    }
}

#[pymethods]
impl VectorGame {
    /// Tables of `variant`, table `i` dealing its first hand from `seeds[i]` (32 bytes) with
    /// `dealers[i]` dealing.
    #[new]
    #[pyo3(signature = (variant, seeds, dealers, seats=None, options=None))]
    fn new(
        variant: &str,
        seeds: Vec<Vec<u8>>,
        dealers: Vec<i64>,
        seats: Option<i64>,
        options: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<VectorGame> {
        if seeds.is_empty() || seeds.len() != dealers.len() {
            return Err(PyValueError::new_err(format!(
                "one seed and one dealer per table, at least one table: {} seeds, {} dealers",
                seeds.len(),
                dealers.len()
            )));
        }
        let v = args::variant(variant)?;
        let seats = args::seats(v, seats)?;
        let template = Setup {
            variant: v,
            options: args::options(v, options)?,
            seats,
            dealer: Seat::new(0),
            deal: DealSource::Seed([0; 32]),
            carried: tarock_engine::Carried::default(),
        };
        let mut tables = Vec::with_capacity(seeds.len());
        for (seed, dealer) in seeds.into_iter().zip(dealers) {
            let seed: [u8; 32] = seed.as_slice().try_into().map_err(|_| {
                InvalidSetupError::new_err(format!("a seed has 32 bytes, not {}", seed.len()))
            })?;
            let dealer = args::dealer(dealer, seats)?;
            tables.push(Table {
                game: VectorGame::deal(&template, seed, dealer)?,
                actions: Vec::with_capacity(128),
                seed,
                dealer,
                hands: 0,
                legal: [0; LEGAL_WORDS],
                count: 0,
                fresh: false,
            });
        }
        let space = tables[0].game.action_space() as usize;
        if space > LEGAL_WORDS * 64 {
            return Err(InvalidSetupError::new_err(format!(
                "{variant} has {space} action ids, more than a vector of tables holds ({})",
                LEGAL_WORDS * 64
            )));
        }
        Ok(VectorGame {
            template,
            tables,
            space,
            legal: ActionList::new(),
        })
    }

    /// Number of tables.
    #[getter]
    fn num_tables(&self) -> usize {
        self.tables.len()
    }

    /// Number of seats at each table.
    #[getter]
    fn seats(&self) -> u8 {
        self.template.seats
    }

    /// The size of the action-id space.
    #[getter]
    fn action_space(&self) -> usize {
        self.space
    }

    /// Applies `actions[i]` (an action id) at table `i`, for every table. A table whose hand
    /// ends gets its settlement totals in its row of `rewards` (`[tables, seats]`, float64),
    /// `over[i]` set, and deals its next hand; other rows are zeroed. When any action is
    /// illegal, IllegalActionError names the table and the rule, and no table has moved.
    fn step(
        &mut self,
        actions: PyReadonlyArray1<'_, i64>,
        mut rewards: PyReadwriteArray2<'_, f64>,
        mut over: PyReadwriteArray1<'_, bool>,
    ) -> PyResult<()> {
        let ids = actions.as_slice()?;
        self.check_rows("actions", ids.len())?;
        self.check_rows("rewards", rewards.shape()[0])?;
        self.check_rows("over", over.len())?;
        let seats = usize::from(self.template.seats);
        if rewards.shape()[1] != seats {
            return Err(PyValueError::new_err(format!(
                "rewards has {} columns, not one per seat ({seats})",
                rewards.shape()[1]
            )));
        }
        // Every action first, so that a refusal moves nothing: against the legal ids listed
        // (by `observe`, or here), and through `check` for the rule a refusal names.
        for (i, (t, &id)) in self.tables.iter_mut().zip(ids).enumerate() {
            t.list(&mut self.legal);
            let legal = u32::try_from(id).is_ok_and(|id| t.is_legal(id));
            if legal {
                continue;
            }
            let a = u32::try_from(id)
                .ok()
                .and_then(|id| t.game.action_from_id(id))
                .ok_or_else(|| {
                    IllegalActionError::new_err(format!(
                        "table {i}: {id} is not an action id (0..{})",
                        self.space
                    ))
                })?;
            let rule = t
                .game
                .check(a)
                .err()
                .map_or_else(|| "not a legal action".to_owned(), |v| v.to_string());
            return Err(IllegalActionError::new_err(format!(
                "table {i}: action {id} ({a}) is illegal: {rule}"
            )));
        }
        let rewards = rewards.as_slice_mut()?;
        let over = over.as_slice_mut()?;
        rewards.fill(0.0);
        for (i, (t, &id)) in self.tables.iter_mut().zip(ids).enumerate() {
            over[i] = false;
            // Checked above.
            let Some(a) = u32::try_from(id)
                .ok()
                .and_then(|id| t.game.action_from_id(id))
            else {
                continue;
            };
            t.game.play_unchecked(a);
            t.actions.push(a);
            t.fresh = false;
            if !t.game.is_over() {
                continue;
            }
            if let Some(ledger) = t.game.settlement(1) {
                for (r, &x) in rewards[i * seats..(i + 1) * seats]
                    .iter_mut()
                    .zip(ledger.totals.first(self.template.seats))
                {
                    *r = x as f64;
                }
            }
            over[i] = true;
            t.hands += 1;
            t.seed = Sha256::digest(t.seed).into();
            t.dealer = t.dealer.next(self.template.seats);
            t.game = VectorGame::deal(&self.template, t.seed, t.dealer)?;
            t.actions.clear();
        }
        Ok(())
    }

    /// Writes each table's seat to act into `to_act` (int64) and its legal actions into `mask`
    /// (`[tables, action_space]`, bool).
    fn observe(
        &mut self,
        mut to_act: PyReadwriteArray1<'_, i64>,
        mut mask: PyReadwriteArray2<'_, bool>,
    ) -> PyResult<()> {
        self.check_rows("to_act", to_act.len())?;
        self.check_rows("mask", mask.shape()[0])?;
        if mask.shape()[1] != self.space {
            return Err(PyValueError::new_err(format!(
                "mask has {} columns, not the action space's {}",
                mask.shape()[1],
                self.space
            )));
        }
        let to_act = to_act.as_slice_mut()?;
        let mask = mask.as_slice_mut()?;
        for (i, (t, row)) in self
            .tables
            .iter_mut()
            .zip(mask.chunks_exact_mut(self.space))
            .enumerate()
        {
            to_act[i] = t.game.to_act().map_or(-1, |s| i64::from(s.get()));
            t.list(&mut self.legal);
            row.fill(false);
            for (i, &w) in t.legal.iter().enumerate() {
                let mut w = w;
                while w != 0 {
                    if let Some(cell) = row.get_mut(i * 64 + w.trailing_zeros() as usize) {
                        *cell = true;
                    }
                    w &= w - 1;
                }
            }
        }
        Ok(())
    }

    /// One legal action id per table, uniformly: `u[i]` (a float in [0, 1), e.g. from
    /// `numpy.random.Generator.random`) picks among table `i`'s legal ids in ascending order,
    /// the one at index `floor(u[i] × count)`. What a random policy or an ε-greedy bot's
    /// exploration draws, without decoding the masks in Python.
    fn sample_legal<'py>(
        &mut self,
        py: Python<'py>,
        u: PyReadonlyArray1<'_, f64>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let u = u.as_slice()?;
        self.check_rows("u", u.len())?;
        let out = PyArray1::<i64>::zeros(py, self.tables.len(), false);
        {
            let mut rw = out.readwrite();
            let ids = rw.as_slice_mut()?;
            for ((t, &x), id) in self.tables.iter_mut().zip(u).zip(ids.iter_mut()) {
                if !(0.0..1.0).contains(&x) {
                    return Err(PyValueError::new_err(format!(
                        "u holds {x}, outside [0, 1)"
                    )));
                }
                t.list(&mut self.legal);
                // A hand in progress has a legal action (a finished one is dealt anew).
                let k = ((x * f64::from(t.count)) as u32).min(t.count.saturating_sub(1));
                *id = t.nth_legal(k).map_or(-1, i64::from);
            }
        }
        Ok(out)
    }

    /// Writes the observation tensor of each table's seat to act into `out`
    /// (`[tables, observation_size]`, float32).
    fn observation(&self, out: &Bound<'_, PyArray2<f32>>) -> PyResult<()> {
        let size = self.tables[0].game.observation_size();
        self.write_tensors(out, size, |t, seat, row| {
            t.game.write_observation(seat, row)
        })
    }

    /// Writes the information-state tensor of each table's seat to act into `out`
    /// (`[tables, info_state_size]`, float32).
    fn info_state(&self, out: &Bound<'_, PyArray2<f32>>) -> PyResult<()> {
        let size = self.tables[0].game.info_state_size();
        self.write_tensors(out, size, |t, seat, row| {
            t.game.write_info_state(&t.actions, seat, row)
        })
    }

    /// The hands each table has finished (int64 `[tables]`).
    fn hands_played<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        PyArray1::from_iter(
            py,
            self.tables
                .iter()
                .map(|t| i64::try_from(t.hands).unwrap_or(i64::MAX)),
        )
    }

    /// Table `table`'s hand in progress, as a State (a copy).
    fn state(&self, table: usize) -> PyResult<State> {
        let t = self.tables.get(table).ok_or_else(|| {
            PyIndexError::new_err(format!("no table {table} of {}", self.tables.len()))
        })?;
        let setup = Setup {
            dealer: t.dealer,
            deal: DealSource::Seed(t.seed),
            ..self.template.clone()
        };
        Ok(State::new(t.game, setup, t.actions.clone(), None, 1))
    }
}
