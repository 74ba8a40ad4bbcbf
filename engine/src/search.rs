//! The search bot: determinised flat Monte Carlo over the worlds a seat cannot tell apart.
//!
//! # The method
//!
//! At a decision with more than one legal action, the bot draws worlds (complete deals, with
//! the hidden discards, consistent with everything the seat knows: [`Worlds`], uniform over
//! them) and, in each world, plays every candidate action and then the rest of the hand with
//! the heuristic bot in every seat, scoring the end by the game's own settlement. Every
//! candidate is played in the same worlds, so the comparison between two candidates is paired:
//! the luck of the draw cancels out of their difference. The value of an end for the seat is
//! its total minus the mean of the other seats' totals (for payments, which sum to zero, a
//! fixed multiple of its own total; for the Austrian score sheet, which credits the winners
//! only, what the seat gained on the others).
//!
//! The bot keeps the heuristic's own choice unless another candidate did better over the same
//! worlds by more than [`SWITCH_MARGIN`] standard errors of the paired difference: a candidate
//! that looks better by the luck of a few worlds does not replace a sound default. This keeps
//! the search from doing worse than the heuristic where its samples say little (an auction
//! decided by the last bid, a discard that changes nothing) and lets it deviate where they
//! agree.
//!
//! Every phase is searched the same way: the auction, the talon, the calls, the announcements
//! and kontras, and the card play. Playouts with the heuristic, rather than the double-dummy
//! [`Solver`](crate::solve::Solver), value the card play too: the solver counts card points,
//! while what a seat is paid depends on the contract's threshold and on bonuses (the pagat
//! ultimo, the four kings, the valat) that a card-point count cannot see; and a playout settles
//! all of them exactly, at a few microseconds each. Measured (the `arena` benchmark's
//! `search-ddK`, see `docs/performance.md`): solving the last three or five cards' worlds
//! instead of playing them out makes the bot weaker against the heuristic, not stronger; and
//! solving them for the settlement itself (`search-settleK`,
//! [`Solver::solve_settlement`](crate::solve::Solver::solve_settlement)) no stronger.
//!
//! # Budget and repeatability
//!
//! A [`Budget`] bounds the worlds drawn and, optionally, the time. With the time left unbounded
//! the choice depends only on the position, the history and the seed: the same inputs give the
//! same action on any machine. With a time bound the number of worlds depends on the machine's
//! speed, and so may the choice.
//!
//! # What the bot sees
//!
//! Only the seat's knowledge: the worlds are drawn by [`Worlds`], which reads the history as
//! the seat saw it (see its module's "No leak"), and the real hand is used for nothing else
//! than the list of the seat's legal actions, which the seat knows. Two hands the seat cannot
//! tell apart give the same worlds for the same seed, so the same choice.
//!
//! # When it falls back
//!
//! Where no world can be drawn (the counting tables of a position would be too large, or no
//! consistent world was found in the sampler's proposals), the bot plays the heuristic's
//! choice and says so in [`Decision::fallback`].

use crate::action::Action;
use crate::game::{ActionList, Game, Observe};
use crate::seat::Seat;
use crate::shuffle::DealRng;
use crate::variant::AnyGame;
use crate::worlds::{World, WorldError, Worlds};
use std::fmt;
use std::time::{Duration, Instant};

/// How many standard errors of the paired difference a candidate must beat the heuristic's
/// choice by to replace it. Measured with 64 worlds over 2,000 Hungarian Illustrated deals in
/// duplicate against the heuristic: a margin of 2 leads by +1.33 ± 0.11 per deal, 1 by
/// +1.81 ± 0.13, ½ by +1.92 ± 0.14 (no clear difference from 1).
pub const SWITCH_MARGIN: f64 = 1.0;

/// Proposals of the world sampler per try: the time bound is checked between tries.
const PROPOSALS_PER_TRY: u32 = 256;

/// Proposals that find no world, over one decision, after which the bot stops drawing (and
/// falls back to the heuristic if it has no world at all): about a second of sampling at the
/// rarest positions measured.
pub const MAX_PROPOSALS: u32 = 40_000;

/// What one decision may spend. The time bound is checked between worlds: a decision can
/// overrun it by one world's playouts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Worlds drawn at most (at least 1): each plays every candidate once.
    pub worlds: u32,
    /// Time at most, checked after each world; `None`: no bound but the worlds.
    pub time: Option<Duration>,
}

impl Budget {
    /// Worlds per decision by default: about 5 ms a decision on average on one core in the
    /// four-handed games, 19 ms in the Danish game (see `docs/performance.md`). More worlds
    /// play stronger, at a time in proportion, the gain shrinking past about 256.
    pub const DEFAULT_WORLDS: u32 = 64;

    /// A budget of `worlds` worlds and no time bound: repeatable.
    #[must_use]
    pub const fn worlds(worlds: u32) -> Budget {
        Budget { worlds, time: None }
    }
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::worlds(Budget::DEFAULT_WORLDS)
    }
}

/// Why the bot played the heuristic's choice without searching.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fallback {
    /// The seat had one legal action.
    OneAction,
    /// No world could be drawn.
    NoWorlds(WorldError),
}

/// One decision of the search bot.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// The chosen action.
    pub action: Action,
    /// The heuristic's choice at the same position.
    pub heuristic: Action,
    /// Worlds drawn.
    pub worlds: u32,
    /// Each candidate and its mean value over the worlds (the seat's total minus the mean of
    /// the others'), in the order of the legal actions; empty after a fallback.
    pub values: Vec<(Action, f64)>,
    /// Set when the bot did not search.
    pub fallback: Option<Fallback>,
}

/// Why the bot could not decide.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// The history does not lead from the game as dealt to the position given.
    HistoryMismatch {
        /// Actions in the history.
        history: usize,
        /// Actions applied in the position.
        applied: u16,
    },
    /// The history does not replay.
    Replay(crate::variant::ReplayError),
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::HistoryMismatch { history, applied } => write!(
                f,
                "the history of {history} actions does not lead to the position given \
                 ({applied} actions applied)"
            ),
            SearchError::Replay(e) => write!(f, "the history does not replay: {e}"),
        }
    }
}

impl std::error::Error for SearchError {}

/// The search bot's decision for the seat to act in `game`, reached by `history` (every action
/// since the deal), or `None` when the hand is over.
///
/// # Errors
/// [`SearchError`] when `history` does not lead to `game`.
pub fn decide(
    game: &AnyGame,
    history: &[Action],
    seed: u64,
    budget: Budget,
) -> Result<Option<Decision>, SearchError> {
    let Some(seat) = game.to_act() else {
        return Ok(None);
    };
    let replayed = game
        .as_dealt()
        .replay_from(history, |_| {})
        .map_err(SearchError::Replay)?;
    if replayed != *game {
        return Err(SearchError::HistoryMismatch {
            history: history.len(),
            applied: game.actions_applied(),
        });
    }
    let mut legal = ActionList::new();
    game.legal_actions_into(&mut legal);
    let Some(&first) = legal.as_slice().first() else {
        return Ok(None);
    };
    let heuristic = game.heuristic(seat, legal.as_slice());
    let fallback = |why| Decision {
        action: heuristic,
        heuristic,
        worlds: 0,
        values: Vec::new(),
        fallback: Some(why),
    };
    if legal.len() == 1 {
        return Ok(Some(Decision {
            action: first,
            ..fallback(Fallback::OneAction)
        }));
    }
    let mut worlds = match Worlds::new(game, history, seat) {
        Ok(w) => w,
        Err(e) => return Ok(Some(fallback(Fallback::NoWorlds(e)))),
    };
    let mut rng = DealRng::from_seed(bot_seed(seed, game.actions_applied(), seat));
    let candidates = legal.as_slice();
    let h = candidates.iter().position(|&a| a == heuristic).unwrap_or(0);
    // Per candidate: the sum of values, and the sum and sum of squares of the difference from
    // the heuristic's choice in the same world.
    let mut sum = vec![0.0f64; candidates.len()];
    let mut diff = vec![(0.0f64, 0.0f64); candidates.len()];
    let mut values = vec![0.0f64; candidates.len()];
    let mut world = World {
        deal: *game.deal(),
        actions: Vec::with_capacity(history.len()),
    };
    let mut list = ActionList::new();
    let start = Instant::now();
    let out_of_time = || budget.time.is_some_and(|t| start.elapsed() >= t);
    worlds.set_max_attempts(PROPOSALS_PER_TRY);
    let mut drawn = 0u32;
    let mut proposals = 0u32;
    let mut last_error = None;
    'worlds: while drawn < budget.worlds.max(1) {
        if drawn > 0 && out_of_time() {
            break;
        }
        // Draw in short tries, so that a position whose worlds are rare stops at the time
        // bound (or the proposal bound) rather than after a long fruitless run.
        let here = loop {
            match worlds.sample_position(&mut rng, &mut world) {
                Ok(g) => break g,
                Err(e) => {
                    proposals = proposals.saturating_add(PROPOSALS_PER_TRY);
                    if proposals >= MAX_PROPOSALS || out_of_time() {
                        last_error = Some(e);
                        break 'worlds;
                    }
                }
            }
        };
        for (i, &a) in candidates.iter().enumerate() {
            let mut g = here;
            g.play_unchecked(a);
            values[i] = playout(&mut g, seat, &mut list);
            sum[i] += values[i];
        }
        for (d, &v) in diff.iter_mut().zip(&values) {
            let x = v - values[h];
            d.0 += x;
            d.1 += x * x;
        }
        drawn += 1;
    }
    if drawn == 0 {
        let why = last_error.unwrap_or(WorldError::TooConstrained { attempts: 0 });
        return Ok(Some(fallback(Fallback::NoWorlds(why))));
    }
    let n = f64::from(drawn);
    let mut best = h;
    let mut best_mean = diff[h].0 / n;
    for (i, &(s, s2)) in diff.iter().enumerate() {
        let mean = s / n;
        let var = if drawn > 1 {
            ((s2 - s * s / n) / (n - 1.0)).max(0.0)
        } else {
            0.0
        };
        let se = (var / n).sqrt();
        if mean > best_mean && mean > SWITCH_MARGIN * se && (drawn > 1 || mean > 0.0) {
            best = i;
            best_mean = mean;
        }
    }
    Ok(Some(Decision {
        action: candidates[best],
        heuristic,
        worlds: drawn,
        values: candidates
            .iter()
            .zip(&sum)
            .map(|(&a, &s)| (a, s / n))
            .collect(),
        fallback: None,
    }))
}

/// Plays `g` to the end with the heuristic in every seat; the value of the end for `seat`.
fn playout(g: &mut AnyGame, seat: Seat, list: &mut ActionList) -> f64 {
    while let Some(s) = g.to_act() {
        g.legal_actions_into(list);
        if list.is_empty() {
            break;
        }
        let a = g.heuristic(s, list.as_slice());
        g.play_unchecked(a);
    }
    let Some(ledger) = g.settlement(1) else {
        return 0.0;
    };
    let seats = usize::from(g.table_info().seats);
    let totals = &ledger.totals.0[..seats.min(ledger.totals.0.len())];
    let mine = totals.get(seat.index()).copied().unwrap_or(0);
    let others: i64 = totals.iter().sum::<i64>() - mine;
    let n = (totals.len().max(2) - 1) as f64;
    mine as f64 - others as f64 / n
}

/// The sampler's seed for one decision: the bot's seed, the position's length and the seat,
/// so that every decision of a hand draws its own worlds.
fn bot_seed(seed: u64, applied: u16, seat: Seat) -> [u8; 32] {
    let mut s = [0u8; 32];
    s[..8].copy_from_slice(&seed.to_le_bytes());
    s[8..10].copy_from_slice(&applied.to_le_bytes());
    s[10] = seat.get();
    s[11] = 0x5e;
    s
}
