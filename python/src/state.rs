//! [`State`]: one hand in play, and `new_game`.

use crate::{args, IllegalActionError, TERMINAL_PLAYER};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyDict, PyInt, PyList, PyTuple};
use tarock_engine::encode::Layout;
use tarock_engine::game::{ActionList, Game, Observe, Stage};
use tarock_engine::ledger::Scoring;
use tarock_engine::{Action, AnyGame, End, Seat, Setup};
use tarock_proto::v1 as pb;

/// One hand of a tarock game, from the deal to the settlement.
///
/// Actions are the engine's stable action ids (`0..num_distinct_actions()`). The seat to act
/// is `current_player()`, or `TERMINAL_PLAYER` (-4, as OpenSpiel's terminal id) once the hand is
/// over. There are no chance nodes: the cards are dealt from the seed when the state is made.
#[pyclass(module = "tarock", name = "State")]
#[derive(Clone)]
pub(crate) struct State {
    /// The hand now.
    pub(crate) game: AnyGame,
    /// What it was dealt from.
    pub(crate) setup: Setup,
    /// The actions applied since the deal.
    pub(crate) actions: Vec<Action>,
    /// The match state of the record it came from, kept for its record.
    pub(crate) match_state: Option<pb::MatchState>,
    /// The settlement's round multiplier (doubled rounds of a Hungarian match).
    pub(crate) multiplier: i64,
}

impl State {
    /// A state of `game`, dealt from `setup`, after `actions`.
    pub(crate) fn new(
        game: AnyGame,
        setup: Setup,
        actions: Vec<Action>,
        match_state: Option<pb::MatchState>,
        multiplier: i64,
    ) -> State {
        State {
            game,
            setup,
            actions,
            match_state,
            multiplier,
        }
    }

    /// Number of seats.
    fn seats(&self) -> u8 {
        self.setup.seats
    }

    /// The legal action ids, ascending, into `out`; returns how many.
    fn legal_ids(&self, out: &mut [u32; tarock_engine::game::MAX_ACTIONS]) -> usize {
        thread_local! {
            // One list per thread, listed into: a new list would be initialised first.
            static LEGAL: std::cell::RefCell<ActionList> = const {
                std::cell::RefCell::new(ActionList::new())
            };
        }
        LEGAL.with_borrow_mut(|list| {
            self.game.legal_actions_into(list);
            let n = list.len().min(out.len());
            for (o, &a) in out.iter_mut().zip(list.as_slice()) {
                // Every listed action has an id (the engine's tests check it for every game).
                *o = self.game.action_id(a).unwrap_or(u32::MAX);
            }
            // The listing is mostly in id order already: an insertion sort is a pass.
            let ids = &mut out[..n];
            for i in 1..ids.len() {
                let mut j = i;
                while j > 0 && ids[j - 1] > ids[j] {
                    ids.swap(j - 1, j);
                    j -= 1;
                }
            }
            n
        })
    }

    /// The seat `player` as a seat of this table.
    pub(crate) fn seat(&self, player: i64) -> PyResult<Seat> {
        u8::try_from(player)
            .ok()
            .filter(|&p| p < self.seats())
            .and_then(Seat::try_new)
            .ok_or_else(|| {
                PyIndexError::new_err(format!(
                    "no seat {player} at a table of {} (0..{})",
                    self.seats(),
                    self.seats()
                ))
            })
    }

    /// The seat whose tensors to encode: `player`, or the seat to act.
    fn encoded_seat(&self, player: Option<i64>) -> PyResult<Seat> {
        match (player, self.game.to_act()) {
            (Some(p), _) => self.seat(p),
            (None, Some(s)) => Ok(s),
            (None, None) => Err(PyIndexError::new_err(
                "the hand is over and nobody is to act: name the seat to encode",
            )),
        }
    }

    /// The action with id `id`, or an error naming the action space.
    fn action(&self, id: i64) -> PyResult<Action> {
        u32::try_from(id)
            .ok()
            .and_then(|id| self.game.action_from_id(id))
            .ok_or_else(|| {
                IllegalActionError::new_err(format!(
                    "action id {id} is not an action of {} (ids 0..{})",
                    self.setup.variant,
                    self.game.action_space()
                ))
            })
    }

    /// The settlement's totals once the hand is over.
    fn totals(&self) -> Option<Vec<i64>> {
        let ledger = self.game.settlement(self.multiplier)?;
        Some(ledger.totals.first(self.seats()).to_vec())
    }
}

#[pymethods]
impl State {
    /// The seat to act (0..seats), or TERMINAL_PLAYER (-4) once the hand is over.
    fn current_player(&self) -> i64 {
        self.game
            .to_act()
            .map_or(TERMINAL_PLAYER, |s| i64::from(s.get()))
    }

    /// True once the hand is over.
    fn is_terminal(&self) -> bool {
        self.game.is_over()
    }

    /// Always false: the deal is made from the seed when the state is made.
    fn is_chance_node(&self) -> bool {
        false
    }

    /// Number of seats at the table (some may sit the hand out, as a five-seat Hungarian dealer).
    fn num_players(&self) -> u8 {
        self.seats()
    }

    /// The size of the action-id space: every id is below it.
    fn num_distinct_actions(&self) -> u32 {
        self.game.action_space()
    }

    /// The legal action ids of the seat to act, ascending (empty once the hand is over, or when
    /// `player` is given and is not the seat to act).
    #[pyo3(signature = (player=None))]
    fn legal_actions<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyList>> {
        if player.is_some_and(|p| p != self.current_player()) {
            return Ok(PyList::empty(py));
        }
        let mut ids = [0u32; tarock_engine::game::MAX_ACTIONS];
        let n = self.legal_ids(&mut ids);
        let ints = small_ints(py);
        PyList::new(
            py,
            ids[..n].iter().map(|&id| match ints.get(id as usize) {
                Some(i) => i.bind(py).clone().into_any(),
                None => id
                    .into_pyobject(py)
                    .map_or_else(|_| py.None().into_bound(py), Bound::into_any),
            }),
        )
    }

    /// The legal actions as a numpy bool array over the action-id space (all false once the
    /// hand is over, or when `player` is given and is not the seat to act).
    #[pyo3(signature = (player=None))]
    fn legal_actions_mask<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let mask = PyArray1::<bool>::zeros(py, self.game.action_space() as usize, false);
        if player.is_some_and(|p| p != self.current_player()) {
            return Ok(mask);
        }
        let mut ids = [0u32; tarock_engine::game::MAX_ACTIONS];
        let n = self.legal_ids(&mut ids);
        {
            let mut rw = mask.readwrite();
            let out = rw.as_slice_mut()?;
            for &id in &ids[..n] {
                out[id as usize] = true;
            }
        }
        Ok(mask)
    }

    /// Applies the action with id `action` for the seat to act. Raises IllegalActionError,
    /// naming the rule, for an action the rules forbid here (the state is then unchanged).
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        let a = self.action(action)?;
        if let Err(v) = self.game.check(a) {
            return Err(IllegalActionError::new_err(format!(
                "action {action} ({a}) is illegal after {} actions: {v}",
                self.actions.len()
            )));
        }
        self.game.play_unchecked(a);
        self.actions.push(a);
        Ok(())
    }

    /// The action's notation, e.g. "play T20" (`action_to_string(action)`, or OpenSpiel's
    /// `action_to_string(player, action)`).
    #[pyo3(signature = (player_or_action, action=None))]
    fn action_to_string(&self, player_or_action: i64, action: Option<i64>) -> PyResult<String> {
        Ok(self.action(action.unwrap_or(player_or_action))?.to_string())
    }

    /// The id of the action written in notation (as `action_to_string` writes it, e.g.
    /// "bid three", "play SKIZ").
    fn string_to_action(&self, text: &str) -> PyResult<u32> {
        let a: Action = text
            .parse()
            .map_err(|e| IllegalActionError::new_err(format!("{text:?} is not an action: {e}")))?;
        self.game.action_id(a).ok_or_else(|| {
            IllegalActionError::new_err(format!("{a} is not an action of {}", self.setup.variant))
        })
    }

    /// The action ids applied since the deal, in order.
    fn history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(
            py,
            self.actions
                .iter()
                .map(|&a| self.game.action_id(a).unwrap_or(u32::MAX)),
        )
    }

    /// Each seat's settlement once the hand is over (the ledger's totals, in the game's units:
    /// payments, or the Austrian score sheet's points), zeros before.
    fn returns(&self) -> Vec<f64> {
        match self.totals() {
            Some(t) => t.into_iter().map(|x| x as f64).collect(),
            None => vec![0.0; usize::from(self.seats())],
        }
    }

    /// The rewards of the last action: the returns once the hand is over, zeros before (the
    /// whole settlement comes at the end).
    fn rewards(&self) -> Vec<f64> {
        self.returns()
    }

    /// The itemised settlement once the hand is over, else None: a dict with `end`, `scoring`
    /// ("payments" sum to zero with the pots; "points" are credited on a score sheet),
    /// `totals`, `pots` (what went into the Danish pots) and `items` (label, payments, pots).
    fn settlement<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let (Stage::Over(end), Some(ledger)) =
            (self.game.stage(), self.game.settlement(self.multiplier))
        else {
            return Ok(None);
        };
        let seats = self.seats();
        let d = PyDict::new(py);
        d.set_item("end", end_name(end))?;
        d.set_item(
            "scoring",
            match ledger.scoring {
                Scoring::Payments => "payments",
                Scoring::Points => "points",
            },
        )?;
        d.set_item("totals", ledger.totals.first(seats).to_vec())?;
        let mut pots = [0i64; 2];
        let items = PyList::empty(py);
        for item in &ledger.items {
            pots[0] += item.pots[0];
            pots[1] += item.pots[1];
            let i = PyDict::new(py);
            i.set_item("label", item.label(self.setup.variant))?;
            i.set_item("payments", item.payments.first(seats).to_vec())?;
            i.set_item("pots", item.pots.to_vec())?;
            items.append(i)?;
        }
        d.set_item("pots", pots.to_vec())?;
        d.set_item("items", items)?;
        Ok(Some(d))
    }

    /// The phase: "opening", "auction", "call", "talon", "discard", "annul", "announce",
    /// "play" or "over".
    fn phase(&self) -> &'static str {
        phase_name(self.game.stage())
    }

    /// How the hand ended ("played", "passed_out", "annulled", ...), or None while it is on.
    fn end(&self) -> Option<&'static str> {
        match self.game.stage() {
            Stage::Over(end) => Some(end_name(end)),
            _ => None,
        }
    }

    /// The variant id, e.g. "hungarian-illustrated".
    #[getter]
    fn variant(&self) -> &'static str {
        self.setup.variant.id()
    }

    /// The dealer's seat.
    #[getter]
    fn dealer(&self) -> u8 {
        self.setup.dealer.get()
    }

    /// The rule options set (name, value), as the record holds them.
    #[getter]
    fn options(&self) -> Vec<(String, String)> {
        self.setup.options.clone()
    }

    /// The number of values of the observation tensor.
    fn observation_tensor_size(&self) -> usize {
        self.game.observation_size()
    }

    /// The observation tensor's shape, `[observation_tensor_size()]`.
    fn observation_tensor_shape(&self) -> Vec<usize> {
        vec![self.game.observation_size()]
    }

    /// The number of values of the information-state tensor.
    fn information_state_tensor_size(&self) -> usize {
        self.game.info_state_size()
    }

    /// The information-state tensor's shape, `[information_state_tensor_size()]`.
    fn information_state_tensor_shape(&self) -> Vec<usize> {
        vec![self.game.info_state_size()]
    }

    /// The observation tensor of seat `player` (default: the seat to act): the position now as
    /// that seat sees it, as numpy float32. Seat axes are relative to the seat (see
    /// `observation_layout()`).
    #[pyo3(signature = (player=None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = self.encoded_seat(player)?;
        let out = PyArray1::<f32>::zeros(py, self.game.observation_size(), false);
        {
            let mut rw = out.readwrite();
            self.game
                .write_observation(seat, rw.as_slice_mut()?)
                .map_err(|e| PyIndexError::new_err(e.to_string()))?;
        }
        Ok(out)
    }

    /// The information-state tensor of seat `player` (default: the seat to act): everything
    /// the seat has seen since the deal, as numpy float32 (see `information_state_layout()`).
    #[pyo3(signature = (player=None))]
    fn information_state_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = self.encoded_seat(player)?;
        let out = PyArray1::<f32>::zeros(py, self.game.info_state_size(), false);
        {
            let mut rw = out.readwrite();
            self.game
                .write_info_state(&self.actions, seat, rw.as_slice_mut()?)
                .map_err(|e| PyIndexError::new_err(e.to_string()))?;
        }
        Ok(out)
    }

    /// The observation tensor's named segments: a list of dicts with `name`, `offset`, `shape`
    /// and `description`, in order, covering the tensor.
    fn observation_layout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        layout_list(py, &self.game.observation_layout())
    }

    /// The information-state tensor's named segments, as `observation_layout()`.
    fn information_state_layout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        layout_list(py, &self.game.info_state_layout())
    }

    /// `n` complete hands consistent with everything seat `player` knows of this one (its
    /// cards, every view since the deal), drawn uniformly with a generator seeded by `seed`
    /// (an int or 32 bytes; the same state, seat, n and seed give the same worlds): each a
    /// State dealt explicitly, after the same actions (another seat's hidden discard replaced
    /// by the world's own), for determinized search (PIMC, IS-MCTS).
    #[pyo3(signature = (player, n, seed))]
    fn sample_worlds(
        &self,
        player: i64,
        n: usize,
        seed: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<State>> {
        let seat = self.seat(player)?;
        let seed = args::seed(Some(seed))?;
        crate::worlds::sample(self, seat, n, seed)
    }

    /// The action id one of the engine's bots chooses for the seat to act (`None` once the hand
    /// is over): "random", "heuristic" or "search". The search bot draws `worlds` worlds
    /// (default 64) consistent with what the seat knows and plays every legal action out in
    /// each; `time_ms` also bounds its time (then its choice depends on the machine's speed).
    /// The same state, bot, seed and worlds give the same action. The GIL is released meanwhile.
    #[pyo3(signature = (bot="heuristic", seed=0, worlds=None, time_ms=None))]
    fn bot_action(
        &self,
        py: Python<'_>,
        bot: &str,
        seed: u64,
        worlds: Option<u32>,
        time_ms: Option<u64>,
    ) -> PyResult<Option<u32>> {
        crate::bots::bot_action(py, self, bot, seed, worlds, time_ms)
    }

    /// The exact double-dummy value of this position in trick play, every hand known: the card
    /// points the seats of `side` (default: the declarer's team) win from now on against best
    /// play, as a dict: `value` (points), `value_thirds`, `best` (an action id achieving it),
    /// `nodes`, and with `each_move` `moves` (each legal action id's value in thirds). With
    /// `cuts` (thirds of a point of the rest of the play, strictly ascending), only where the
    /// value lies among them, for far less work: `reached` (how many cuts it reaches), `best`
    /// (an action id keeping it there) and `nodes`, and with `each_move` `moves` (how many cuts
    /// each legal action id's value reaches). With `settlement`, instead of card points what
    /// the side nets in the game's settlement under perfect play (contract, bonuses and
    /// kontras; for endings of a few tricks): `settled`, `best`, `nodes`, and with `each_move`
    /// `moves` (each legal action id's settlement). Raises `SolveLimitError` past `max_nodes`
    /// (its `lower_thirds` and `upper_thirds` bound the value as proved by then; `None` for a
    /// settlement), `TarockError` outside trick play, `ValueError` for cuts out of order or
    /// with `settlement`. The GIL is released meanwhile.
    #[pyo3(signature = (side=None, each_move=false, max_nodes=None, cuts=None, settlement=false))]
    fn solve<'py>(
        &self,
        py: Python<'py>,
        side: Option<Vec<u8>>,
        each_move: bool,
        max_nodes: Option<u64>,
        cuts: Option<Vec<i64>>,
        settlement: bool,
    ) -> PyResult<Bound<'py, PyDict>> {
        let what = match (cuts, settlement) {
            (Some(_), true) => {
                return Err(crate::TarockError::new_err(
                    "cuts place card points: not with settlement",
                ))
            }
            (Some(cuts), false) => crate::bots::Solve::Cuts(cuts),
            (None, true) => crate::bots::Solve::Settlement,
            (None, false) => crate::bots::Solve::Points,
        };
        crate::bots::solve(py, self, side, each_move, max_nodes, what)
    }

    /// An independent copy.
    fn clone(&self) -> State {
        Clone::clone(self)
    }

    fn __copy__(&self) -> State {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        Clone::clone(self)
    }

    /// The record of the hand as a serialized tarock.v1.GameRecord (proto/tarock/v1/engine.proto):
    /// the rules, seating, deal and actions, which `from_record_bytes` and every server replay.
    fn to_record_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &crate::record::record_bytes(self))
    }

    /// Pickles as the record.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let module = py.import("tarock._native")?;
        let f = module.getattr("from_record_bytes")?;
        let args = PyTuple::new(py, [self.to_record_bytes(py)])?;
        PyTuple::new(py, [f, args.into_any()])
    }

    fn __repr__(&self) -> String {
        format!(
            "<tarock.State {} seats={} dealer={} actions={} phase={} to_act={}>",
            self.setup.variant,
            self.seats(),
            self.setup.dealer,
            self.actions.len(),
            phase_name(self.game.stage()),
            self.current_player()
        )
    }
}

/// The Python ints `0..INTS`, made once: a list of legal ids takes references to them rather
/// than making an int per id (CPython keeps only the ints up to 256).
fn small_ints(py: Python<'_>) -> &[Py<PyInt>] {
    const INTS: u32 = 1024;
    static CACHE: PyOnceLock<Vec<Py<PyInt>>> = PyOnceLock::new();
    CACHE.get_or_init(py, || {
        (0..INTS).map(|i| PyInt::new(py, i).unbind()).collect()
    })
}

/// A layout as a list of dicts (name, offset, shape, description).
fn layout_list<'py>(py: Python<'py>, layout: &Layout) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for seg in &layout.segments {
        let d = PyDict::new(py);
        d.set_item("name", seg.name)?;
        d.set_item("offset", seg.offset)?;
        d.set_item("shape", seg.shape.clone())?;
        d.set_item("description", seg.description)?;
        list.append(d)?;
    }
    Ok(list)
}

/// The phase's name, as the wire's `Phase` names it (`PHASE_PLAY` is `play`).
fn phase_name(stage: Stage) -> &'static str {
    match stage {
        Stage::Opening => "opening",
        Stage::Auction => "auction",
        Stage::Call => "call",
        Stage::Talon => "talon",
        Stage::Discard => "discard",
        Stage::Annul => "annul",
        Stage::Announce => "announce",
        Stage::Play => "play",
        Stage::Over(_) => "over",
    }
}

/// How a hand ended, as the wire's `EndReason` names it (`END_REASON_PASSED_OUT` is
/// `passed_out`).
fn end_name(end: End) -> &'static str {
    match end {
        End::Played => "played",
        End::PassedOut => "passed_out",
        End::Annulled(_) => "annulled",
        End::TrialBidFailed(_) => "trial_bid_failed",
        End::TrullOnlyThree => "trull_only_three",
        End::ThrownIn(_) => "thrown_in",
        End::GaveUp(_) => "gave_up",
    }
}

/// Deals a new hand.
///
/// `variant` is a variant id (see `variants()`); `seats` defaults to the variant's first table
/// size; `options` maps rule option names to values (str, bool or int); `seed` is None (drawn
/// from the operating system), an int `n` (the 32 bytes `n.to_bytes(32, "little")`) or 32
/// bytes; `dealer` is the dealer's seat.
#[pyfunction]
#[pyo3(signature = (variant, seats=None, options=None, seed=None, dealer=0))]
pub(crate) fn new_game(
    variant: &str,
    seats: Option<i64>,
    options: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    dealer: i64,
) -> PyResult<State> {
    let setup = args::setup(variant, seats, options, seed, dealer)?;
    let game =
        AnyGame::new(&setup).map_err(|e| crate::InvalidSetupError::new_err(e.to_string()))?;
    Ok(State::new(game, setup, Vec::with_capacity(128), None, 1))
}
